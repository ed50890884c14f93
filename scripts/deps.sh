#!/bin/sh
# deps.sh - install the Debian packages masqued needs, only when missing.
# Quiet and idempotent: with everything present it prints nothing and runs no apt.
#
#   deps.sh build   what building masqued needs (make, make demo, make install)
#   deps.sh test    that, and what the unit and command-line tests need
#   deps.sh all     that, and the mail servers of the end-to-end test and the
#                   bench (OpenSMTPD, Dovecot): make test, make e2e, make bench
#
# (no argument: all). Debian keeps one mail server (an MTA): installing
# OpenSMTPD removes Postfix, Exim or Sendmail. Exim as a fresh Debian leaves
# it (delivering local mail only) is replaced, and deps.sh says so; any other
# mail server stays, and deps.sh stops with a sentence saying why, unless
# MASQUED_REPLACE_MTA=1 (or CI=true: a CI machine is thrown away).
#
# A package counts as present when dpkg has it fully installed ("ok
# installed": not unpacked, half-configured or half-installed) AND the files
# the build and the tests use from it are there: a package can be
# "installed" with its binary gone (removed by hand, or a python setup that
# took /usr/bin/python3), and apt-get install alone would not bring it back;
# the package owning a missing file is reinstalled. Everything else the
# scripts use is Essential or Priority required in Debian (coreutils,
# diffutils, findutils, grep, sed, mawk, util-linux, mount, passwd, login,
# debconf): present even in a minbase system.
set -eu

# One package a line, then the files it must provide (none: only dpkg's word).
BUILD="build-essential /usr/bin/gcc /usr/bin/make /usr/include/stdio.h
pkg-config /usr/bin/pkg-config
libjansson-dev /usr/include/jansson.h
libsodium-dev /usr/include/sodium.h
libcurl4-openssl-dev
libgmime-3.0-dev /usr/include/gmime-3.0/gmime/gmime.h"
TEST="libcmocka-dev /usr/include/cmocka.h
python3 /usr/bin/python3
python3-nacl /usr/lib/python3/dist-packages/nacl/signing.py
curl /usr/bin/curl
valgrind /usr/bin/valgrind
strace /usr/bin/strace
procps /usr/bin/pgrep /usr/bin/ps"
MAIL="opensmtpd /usr/sbin/smtpd
dovecot-imapd /usr/lib/dovecot/imap /usr/sbin/dovecot /usr/bin/doveadm"

case "${1:-all}" in
build)	NEED="$BUILD" ;;
test)	NEED="$BUILD
$TEST" ;;
all|--quiet-if-present)	NEED="$BUILD
$TEST
$MAIL" ;;
*)	echo "usage: deps.sh [build|test|all]" >&2; exit 2 ;;
esac

installed() {	# package: dpkg has it, fully configured
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q ' ok installed$'
}

owner() {	# path: the package dpkg says ships it (empty if none)
	dpkg-query -S "$1" 2>/dev/null | grep -v '^diversion ' | head -n 1 |
	    sed 's/: \/.*//; s/, .*//'
}

scan() {	# sets missing (to install), broken (to reinstall) and gone
	found=$(echo "$NEED" | while read -r p files; do
		if ! installed "$p"; then
			echo "missing $p"
			continue
		fi
		for f in $files; do
			[ -e "$f" ] && continue
			o=$(owner "$f")
			echo "broken ${o:-$p} $f"
			# a link whose target is gone: the target's package too
			t=$(readlink -f "$f" 2>/dev/null || true)
			[ -z "$t" ] || [ "$t" = "$f" ] || { o=$(owner "$t"); [ -z "$o" ] || echo "broken $o $t"; }
		done
	done)
	missing=$(echo "$found" | awk '$1 == "missing" { printf " %s", $2 }')
	broken=$(echo "$found" | awk '$1 == "broken" && !seen[$2]++ { printf " %s", $2 }')
	gone=$(echo "$found" | awk '$1 == "broken" && !seen[$3]++ { printf " %s", $3 }')
}

scan
[ -z "$missing$broken" ] && exit 0

[ -n "$missing" ] && echo "deps: installing$missing" >&2
[ -n "$broken" ] && echo "deps: reinstalling$broken (installed, but gone:$gone)" >&2

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null 2>&1 ||
	    { echo "deps: run this as root, or install sudo: apt needs root" >&2; exit 1; }
	SUDO="sudo"
fi
# sudo drops the environment: hand the non-interactive frontend to apt
# itself. Keep a changed conffile as the host has it; wait for a running
# apt (a fresh machine's unattended-upgrades) instead of failing.
APT="$SUDO env DEBIAN_FRONTEND=noninteractive apt-get -y -qq --no-install-recommends
 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold
 -o DPkg::Lock::Timeout=600"

# opensmtpd asks for a mail name (and root's address); answer before it asks.
echo "opensmtpd opensmtpd/mailname string localhost" | $SUDO debconf-set-selections 2>/dev/null || true
# opensmtpd is an MTA, and Debian keeps one: apt would remove this
# machine's. Exim as Debian installs it (local mail only) may go; a mail
# server someone set up stays unless they say so.
case " $missing " in *" opensmtpd "*)
	for mta in postfix exim4-daemon-light exim4-daemon-heavy sendmail-bin; do
		installed "$mta" || continue
		if [ "${MASQUED_REPLACE_MTA:-}" = 1 ] || [ "${CI:-}" = true ] ||
		    { case $mta in exim4*) true ;; *) false ;; esac &&
		    grep -qs "^dc_eximconfig_configtype='local'" \
		    /etc/exim4/update-exim4.conf.conf; }; then
			echo "deps: opensmtpd replaces this machine's mail server, $mta" >&2
			continue
		fi
		echo "deps: this machine's mail server is $mta, and the end-to-end" \
		    "tests need OpenSMTPD, which Debian would install in its place" \
		    "(removing $mta). Run make test on another machine, or" \
		    "MASQUED_REPLACE_MTA=1 make test to replace it; make and" \
		    "make unit need no mail server." >&2
		exit 1
	done
esac
# a package left unpacked or half-configured by an interrupted apt
$SUDO env DEBIAN_FRONTEND=noninteractive dpkg --configure -a >/dev/null
$APT update >/dev/null
# --reinstall: a half-installed package (or one whose files are gone) is
# "installed" to apt at that version, and plain install would leave it so;
# for a package not installed at all it is a plain install.
# shellcheck disable=SC2086
$APT install --reinstall $missing $broken >/dev/null
# The packaged daemons start themselves; the tests start their own copies.
# Without systemd (a chroot, a container) systemctl fails and service is
# the way; neither may fail the install.
for svc in opensmtpd dovecot; do
	$SUDO systemctl stop "$svc" >/dev/null 2>&1 || $SUDO service "$svc" stop >/dev/null 2>&1 || true
done

scan
if [ -n "$missing$broken" ]; then
	echo "deps: still missing after apt:$missing$broken${broken:+ (gone:$gone)}" >&2
	exit 1
fi

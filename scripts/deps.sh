#!/bin/sh
# deps.sh - install the Debian packages masqued needs, only when missing.
# Quiet and idempotent: with everything present it prints nothing and runs no apt.
set -eu

PKGS="build-essential pkg-config libjansson-dev libsodium-dev libcurl4-openssl-dev
libgmime-3.0-dev libcmocka-dev python3 python3-nacl opensmtpd dovecot-imapd curl
valgrind procps"

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

echo "deps: installing$missing" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
# opensmtpd's package asks for a mail name; answer it before it asks.
echo "opensmtpd opensmtpd/mailname string localhost" | $SUDO debconf-set-selections 2>/dev/null || true
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
# The packaged daemons start themselves; the tests start their own copies.
for svc in opensmtpd dovecot; do
	$SUDO systemctl stop "$svc" >/dev/null 2>&1 || $SUDO service "$svc" stop >/dev/null 2>&1 || true
done

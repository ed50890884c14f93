#!/bin/sh
# mailstack.sh - a real mail stack on loopback for the tests: OpenSMTPD (SMTP)
# delivering to the Maildirs of virtual users, and Dovecot (IMAP) serving
# them, everything under one folder DIR; nothing in /etc is touched.
#
#   mailstack.sh start DIR        start both; write DIR/env (sourceable)
#   mailstack.sh stop DIR         stop both and wait until they are gone
#   mailstack.sh stop-smtp DIR    stop OpenSMTPD only
#   mailstack.sh start-smtp DIR   start OpenSMTPD again, same port
#   mailstack.sh restart-imap DIR stop and start Dovecot, same port
#
# DIR/env holds SMTP_PORT, IMAP_PORT, MAIL_ROOT (a user's Maildir is
# $MAIL_ROOT/<local part>/Maildir), SMTPD_PID, DOVECOT_PID, MAILSTACK_DIR.
# Users: game, admin, alice, bob, carol, dave, erin, all @pbem.test, all
# with password "secret". Mail to game+anything@pbem.test lands in game's
# Maildir with a Delivered-To header naming the full address.
#
# OpenSMTPD's queue (/var/spool/smtpd) and control socket (/run/smtpd.sock)
# are compiled in, so a second instance would clash with the first. Where
# mount namespaces work (root), smtpd runs in its own with DIR/spool bound
# on /var/spool and DIR/run on /run, so several stacks can run at once and
# the host's folders stay untouched; elsewhere it runs as is.
set -eu

USERS="game admin alice bob carol dave erin"
DOMAIN="pbem.test"

die() {
	echo "mailstack: $*" >&2
	exit 1
}

[ $# -eq 2 ] || die "usage: mailstack.sh start|stop|stop-smtp|start-smtp|restart-imap DIR"
CMD=$1
mkdir -p "$2"
D=$(cd "$2" && pwd)

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

ensure_packages() {
	if command -v smtpd >/dev/null 2>&1 && command -v dovecot >/dev/null 2>&1 &&
	    command -v doveadm >/dev/null 2>&1 && [ -x /usr/lib/dovecot/imap ]; then
		return 0
	fi
	# the project's one installer: it answers opensmtpd's questions, keeps
	# apt non-interactive and stops the daemons the packages start
	sh "$(dirname "$0")/../../scripts/deps.sh" all ||
	    die "cannot install opensmtpd and dovecot-imapd (scripts/deps.sh)"
}

ensure_vmail() {
	id vmail >/dev/null 2>&1 && return 0
	$SUDO useradd -r -d /nonexistent -s /usr/sbin/nologin vmail ||
	    die "cannot create the system user vmail"
}

# free_port: a port free now, below the kernel's ephemeral range: the
# tests running beside this one bind port 0, which the kernel takes from
# that range, so none of them can take this one before the server binds it.
free_port() {
	/usr/bin/python3 -c 'import random, socket
try:
    low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
except (OSError, ValueError, IndexError):
    low = 32768
low = low if low > 11000 else 32768
for _ in range(200):
    port = random.randrange(10000, low)
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        continue
    finally:
        s.close()
    print(port)
    break
else:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    print(s.getsockname()[1])'
}

# wait_port PORT PID NAME: until PORT greets us, or PID dies, or 15 s pass.
wait_port() {
	i=0
	while [ $i -lt 150 ]; do
		if /usr/bin/python3 - "$1" <<'EOF' 2>/dev/null; then
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1)
s.settimeout(2)
sys.exit(0 if s.recv(1) else 1)
EOF
			return 0
		fi
		if [ -n "$2" ] && ! kill -0 "$2" 2>/dev/null; then
			die "$3 exited at start; see $D/$3.log"
		fi
		sleep 0.1
		i=$((i + 1))
	done
	die "$3 did not answer on 127.0.0.1:$1 within 15 seconds; see $D/$3.log"
}

# wait_gone PID NAME: until PID is gone (TERM, then KILL after 10 s).
wait_gone() {
	i=0
	while kill -0 "$1" 2>/dev/null; do
		i=$((i + 1))
		[ $i -eq 100 ] && kill -KILL "$1" 2>/dev/null
		[ $i -gt 150 ] && die "$2 (pid $1) does not stop"
		sleep 0.1
	done
}

write_env() {
	cat >"$D/env.tmp" <<EOF
MAILSTACK_DIR='$D'
SMTP_PORT=$SMTP_PORT
IMAP_PORT=$IMAP_PORT
MAIL_ROOT='$D/mail'
SMTPD_PID=${SMTPD_PID:-}
DOVECOT_PID=${DOVECOT_PID:-}
EOF
	mv "$D/env.tmp" "$D/env"
}

write_config() {
	vuid=$(id -u vmail)
	vgid=$(id -g vmail)
	# vmail delivers and reads below DIR: it must be able to cross it.
	chmod 0755 "$D"
	mkdir -p "$D/mail" "$D/spool" "$D/run" "$D/dovecot-run" "$D/dovecot-state"
	: >"$D/users"
	: >"$D/passwd"
	for u in $USERS; do
		mkdir -p "$D/mail/$u/Maildir/new" "$D/mail/$u/Maildir/cur" \
		    "$D/mail/$u/Maildir/tmp"
		echo "$u@$DOMAIN vmail" >>"$D/users"
		echo "$u@$DOMAIN:{PLAIN}secret:$vuid:$vgid::$D/mail/$u" >>"$D/passwd"
	done
	chown -R vmail:vmail "$D/mail"
	chmod 0644 "$D/users"
	chgrp vmail "$D/passwd"
	chmod 0640 "$D/passwd"

	cat >"$D/smtpd.conf" <<EOF
table vusers file:$D/users
listen on 127.0.0.1 port $SMTP_PORT
action "deliver" maildir "$D/mail/%{dest.user:strip}/Maildir" virtual <vusers>
match from any for domain "$DOMAIN" action "deliver"
EOF
	chmod 0644 "$D/smtpd.conf"
	smtpd -n -f "$D/smtpd.conf" >"$D/smtpd-check.log" 2>&1 ||
	    die "smtpd refuses its configuration; see $D/smtpd-check.log"

	cat >"$D/dovecot.conf" <<EOF
base_dir = $D/dovecot-run
state_dir = $D/dovecot-state
log_path = $D/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:~/Maildir
first_valid_uid = $vuid
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $D/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u $D/passwd
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
default_login_user = vmail
default_internal_user = vmail
EOF
}

load_env() {
	[ -f "$D/env" ] || die "no stack in $D (no $D/env)"
	. "$D/env"
}

start_smtp() {
	if [ -z "${MAILSTACK_NO_NS:-}" ] && unshare -m true 2>/dev/null; then
		unshare -m sh -c 'mount --bind "$1/spool" /var/spool &&
		    mount --bind "$1/run" /run &&
		    exec smtpd -d -f "$1/smtpd.conf"' sh "$D" \
		    >>"$D/smtpd.log" 2>&1 </dev/null &
	else
		smtpd -d -f "$D/smtpd.conf" >>"$D/smtpd.log" 2>&1 </dev/null &
	fi
	SMTPD_PID=$!
	write_env
	wait_port "$SMTP_PORT" "$SMTPD_PID" smtpd
}

start_imap() {
	dovecot -c "$D/dovecot.conf" >>"$D/dovecot.log" 2>&1 ||
	    die "dovecot did not start; see $D/dovecot.log"
	i=0
	while [ ! -s "$D/dovecot-run/master.pid" ]; do
		i=$((i + 1))
		[ $i -gt 100 ] && die "dovecot wrote no pid file; see $D/dovecot.log"
		sleep 0.1
	done
	DOVECOT_PID=$(cat "$D/dovecot-run/master.pid")
	write_env
	wait_port "$IMAP_PORT" "$DOVECOT_PID" dovecot
}

stop_smtp() {
	if [ -n "${SMTPD_PID:-}" ]; then
		kill "$SMTPD_PID" 2>/dev/null || true
		wait_gone "$SMTPD_PID" smtpd
	fi
	SMTPD_PID=""
	write_env
}

stop_imap() {
	if [ -n "${DOVECOT_PID:-}" ]; then
		doveadm -c "$D/dovecot.conf" stop >/dev/null 2>&1 ||
		    kill "$DOVECOT_PID" 2>/dev/null || true
		wait_gone "$DOVECOT_PID" dovecot
	fi
	DOVECOT_PID=""
	write_env
}

case "$CMD" in
start)
	ensure_packages
	ensure_vmail
	SMTP_PORT=$(free_port)
	IMAP_PORT=$(free_port)
	while [ "$IMAP_PORT" = "$SMTP_PORT" ]; do IMAP_PORT=$(free_port); done
	SMTPD_PID=""
	DOVECOT_PID=""
	write_config
	write_env
	start_smtp
	start_imap
	;;
stop)
	load_env
	stop_smtp
	stop_imap
	;;
stop-smtp)
	load_env
	stop_smtp
	;;
start-smtp)
	load_env
	[ -z "${SMTPD_PID:-}" ] || die "smtpd is already running (pid $SMTPD_PID)"
	start_smtp
	;;
restart-imap)
	load_env
	stop_imap
	start_imap
	;;
*)
	die "unknown command $CMD (start, stop, stop-smtp, start-smtp, restart-imap)"
	;;
esac

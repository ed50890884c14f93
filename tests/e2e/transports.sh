#!/bin/sh
# transports.sh - the IMAP and SMTP transports against a real mail stack:
# starts OpenSMTPD and Dovecot on loopback in a temporary folder (stopped on
# any exit), then runs transport_live against them. Builds nothing: the
# Makefile builds build/asan/e2e/transport_live (or set TRANSPORT_LIVE).
set -eu
cd "$(dirname "$0")/../.."

BIN=${TRANSPORT_LIVE:-build/asan/e2e/transport_live}
if [ ! -x "$BIN" ]; then
	echo "transports: $BIN is not built (make $BIN)" >&2
	exit 1
fi

T=$(mktemp -d /tmp/masqued-transports.XXXXXX)
ok=0
cleanup() {
	sh tests/e2e/mailstack.sh stop "$T" >/dev/null 2>&1 || true
	if [ "$ok" = 1 ]; then
		rm -rf "$T"
	else
		echo "transports: failed; the stack's logs are in $T" >&2
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

sh tests/e2e/mailstack.sh start "$T"
. "$T/env"
export SMTP_PORT IMAP_PORT MAIL_ROOT
"$BIN"
ok=1

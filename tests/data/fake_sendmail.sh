#!/bin/sh
# fake_sendmail.sh - a local MTA's sendmail for the CLI tests: called as
# masqued calls it (`[ARGS] -i -f FROM -- RCPT`, the message on stdin), it keeps
# each message it takes as DIR/N.eml and its arguments as DIR/N.args, DIR
# being $FAKE_SENDMAIL_DIR. A file DIR/exit holding a number makes it take
# nothing and exit so, saying why on stderr (75: the MTA is down, for a
# while); a recipient in the domain named by DIR/refuse is refused as no
# such user (67), as a real one refuses a local address that does not
# exist; a recipient named in DIR/toobig (or any, for "*") is refused with
# Postfix's 69 for a mail over its size limit. A number in DIR/sleep makes
# it wait so many seconds first (a program that hangs).
d=${FAKE_SENDMAIL_DIR:?}
args=$(printf '%s\n' "$@")
while [ $# -gt 5 ]; do shift; done	# the host's words (sendmail_args)
[ "$1 $2 $4" = "-i -f --" ] && [ $# = 5 ] ||
	{ echo "fake_sendmail: called as: $*" >&2; exit 64; }
[ -f "$d/sleep" ] && sleep "$(cat "$d/sleep")"
if [ -f "$d/exit" ]; then
	cat >/dev/null
	echo "fake_sendmail: the queue is not running" >&2
	exit "$(cat "$d/exit")"
fi
if [ -f "$d/refuse" ] && [ "${5#*@}" = "$(cat "$d/refuse")" ]; then
	cat >/dev/null
	echo "$5... User unknown" >&2
	exit 67
fi
if [ -f "$d/toobig" ] && grep -qxF -e "$5" -e '*' "$d/toobig"; then
	cat >/dev/null
	echo "sendmail: fatal: message file too big" >&2
	exit 69
fi
n=$(($(ls "$d" | grep -c '\.eml$') + 1))
cat > "$d/$n.eml.tmp" && mv "$d/$n.eml.tmp" "$d/$n.eml"
printf '%s\n' "$args" > "$d/$n.args"

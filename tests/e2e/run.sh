#!/bin/sh
# run.sh - the end-to-end test (issue 5): real OpenSMTPD and Dovecot on
# loopback, `masqued serve` (the ASan build) reading its mail over IMAP and
# sending over SMTP, and five bot players (bots.py) answering by mail in
# English, Japanese and Chinese, top-posting, bottom-posting and in HTML,
# until a whole game of The Masque of the Red Death is over. Then: the log
# verifies (masqued verify and the independent tests/verify_export.py), each
# player's box holds exactly the mail the daemon sent to that seat, every
# commitment a bot was shown is opened and recomputes, the seed matches the
# welcome mail's commitment. A second game loses OpenSMTPD midway (mail waits
# in the spool, goes when it is back) and has Dovecot restarted (the daemon
# carries on). A third game is The Masquerade, five players in turn, its
# mail sent through OpenSMTPD's own sendmail program (outbound = sendmail),
# checked the same way (it has no secret moves: the seed is its only
# commitment). Last, Dovecot refuses the daemon's login: the host is mailed
# of it, and of its end.
# Everything runs in one temporary folder; every server started
# here is stopped on any exit. `make e2e` runs it alone, `make test` with
# the rest; E2E_KEEP=1 keeps the temporary folder even when all passes.
set -eu
cd "$(dirname "$0")/../.."
ROOT=$PWD
PY=/usr/bin/python3
GAME_TIMEOUT=${E2E_GAME_TIMEOUT:-300}	# seconds for one game: a bound, not a measure

T=$(mktemp -d /tmp/masqued-e2e.XXXXXX)
chmod 0755 "$T"		# Dovecot and OpenSMTPD (as vmail) reach the stack below
D=$T/data
S=$T/stack
SERVE_PID=""
BOTS_PID=""
ok=0
checks=0

stop_pid() {	# pid: TERM, and wait until it is gone
	[ -n "$1" ] || return 0
	kill "$1" 2>/dev/null || true
	wait "$1" 2>/dev/null || true
}
cleanup() {
	stop_pid "$BOTS_PID"
	stop_pid "$SERVE_PID"
	[ -f "$S/env" ] && sh tests/e2e/mailstack.sh stop "$S" >/dev/null 2>&1
	if [ "$ok" = 1 ]; then
		[ -n "${E2E_KEEP:-}" ] || rm -rf "$T"
	else
		echo "e2e: failed; the data folder, the logs and the mail are in $T" >&2
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

fail() {
	echo "e2e: FAIL: $*" >&2
	if [ -f "$T/serve.log" ]; then
		echo "--- the daemon's log (last 60 lines) ---" >&2
		tail -n 60 "$T/serve.log" >&2
	fi
	exit 1
}
check() {	# description -- command...: the command must succeed
	what=$1; shift 2
	"$@" >"$T/out" 2>&1 || { cat "$T/out" >&2; fail "$what"; }
	checks=$((checks + 1))
}
entries() { $R -C "$D" log "$1" --json | wc -l; }
# wait_for SECONDS DESCRIPTION -- command...: until it succeeds, or fail
wait_for() {
	secs=$1; n=$(( $1 * 10 )); what=$2; shift 3
	while ! "$@" >/dev/null 2>&1; do
		n=$((n - 1))
		[ $n -gt 0 ] || fail "$what (waited $secs seconds)"
		sleep 0.1
	done
	checks=$((checks + 1))
}

# 1. the transports alone, each against its own stack.
check "the IMAP and SMTP transports against OpenSMTPD and Dovecot" -- \
    sh tests/e2e/transports.sh

# Copies of the programs: others may rebuild the tree while this runs.
mkdir -p "$T/bin"
cp "${MASQUED:-build/asan/masqued}" "$T/bin/masqued-asan"
cp "${MASQUED_REL:-./masqued}" "$T/bin/masqued"
A=$T/bin/masqued-asan	# the daemon, and the checks that matter
R=$T/bin/masqued	# the bots' many read-only calls
export MASQUED_TEMPLATES="$ROOT/templates" MASQUED_GAMES="$ROOT/config/games"
export MQ_ROOT="$ROOT" MASQUED_IMAP_PASSWORD=secret
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:exitcode=86}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:exitcode=86}"
unset MASQUED_NOW	# real time: the mail servers keep it too

# 2. the mail stack.
sh tests/e2e/mailstack.sh start "$S"
. "$S/env"

# 3. the data folder, its config, a game, the daemon.
check "masqued init" -- $A -C "$D" init
cat >"$D/masqued.conf" <<EOF
# written by tests/e2e/run.sh: IMAP in, SMTP out, on loopback, no TLS
admin = admin@pbem.test
inbound = imap
imap_url = imap://127.0.0.1:$IMAP_PORT
imap_user = game@pbem.test
imap_password_env = MASQUED_IMAP_PASSWORD
outbound = smtp
smtp_url = smtp://127.0.0.1:$SMTP_PORT
tls = no
from = masqued <game@pbem.test>
reply_local = game
reply_domain = pbem.test
poll_interval = 1
retry_base = 1s
rate_limit = 1000
EOF

new_game() {
	$A -C "$D" new redmasque --player alice=alice@pbem.test \
	    --player bob=bob@pbem.test --player carol=carol@pbem.test \
	    --player dave=dave@pbem.test --player erin=erin@pbem.test
}
G1=$(new_game) || fail "masqued new"
[ "$(ls "$D/spool" | grep -c "^$G1-.*-welcome\.eml\$")" = 5 ] ||
    fail "new did not spool five welcome mails"
checks=$((checks + 1))

$A -C "$D" serve >"$T/serve.log" 2>&1 &
SERVE_PID=$!
wait_for 30 "the daemon starts serving" -- grep -q "serving $D: imap in, smtp out" "$T/serve.log"
wait_for 30 "the welcome mails go out over SMTP" -- \
    sh -c '[ "$(grep -c "^masqued [0-9-]* [0-9:]*: sent '"$G1"'-.*-welcome to" "$1")" = 5 ]' sh "$T/serve.log"

# 4. a whole game by mail.
$PY tests/e2e/bots.py play "$T/bots" "$R" "$D" "$G1" "$S/env" "$GAME_TIMEOUT" ||
    fail "game $G1 was not played to its end"
checks=$((checks + 1))

# 5. the checks.
finish_game() {	# game [mta-restarted]
	check "masqued verify $1" -- $A -C "$D" verify "$1"
	$A -C "$D" export "$1" >"$T/export-$1.json" 2>"$T/out" ||
	    { cat "$T/out" >&2; fail "masqued export $1"; }
	check "tests/verify_export.py on the export of $1" -- \
	    $PY tests/verify_export.py "$T/export-$1.json"
	E2E_MTA_RESTARTED=${2:-0} E2E_MTA_STUBS=${MTA_STOPPED:-0} $PY tests/e2e/bots.py check "$T/bots" "$R" "$D" \
	    "$1" "$S/env" "$T/serve.log" >"$T/check.out" 2>&1 ||
	    { cat "$T/check.out" >&2; fail "the mail of game $1"; }
	sed -n 's/^bots: /e2e: /p' "$T/check.out"
	n=$(sed -n 's/^checks //p' "$T/check.out")
	checks=$((checks + n))
}
finish_game "$G1"

# 6. a second game: OpenSMTPD goes away midway, then Dovecot restarts.
G2=$(new_game) || fail "masqued new (second game)"
$PY tests/e2e/bots.py play "$T/bots" "$R" "$D" "$G2" "$S/env" "$GAME_TIMEOUT" \
    >"$T/bots2.log" 2>&1 &
BOTS_PID=$!
wait_for 120 "the second game gets going" -- \
    sh -c '[ "$("$1" -C "$2" log "$3" --json | wc -l)" -ge 15 ]' sh "$R" "$D" "$G2"

sh tests/e2e/mailstack.sh stop-smtp "$S"
MTA_STOPPED=1	# from now on any box may hold its empty stub (bots.py)
. "$S/env"
mark=$(wc -l <"$T/serve.log")
before=$(entries "$G2")
queued() {	# the daemon found the server down since the mark, the game's mail queued
	tail -n +"$mark" "$T/serve.log" | grep -q "^masqued [0-9-]* [0-9:]*: spool: .*; the SMTP server has taken no mail since .*this outage counts no try against them" &&
	    ls "$D/spool" | grep -q "^$G2-.*\.eml\$"
}
n=0
while ! queued; do
	n=$((n + 1))
	if [ $n = 100 ]; then
		# Every reply was answered before the stop: give the daemon mail
		# to send (an admin notice to every player) so the spool fills.
		$A -C "$D" admin "$G2" extend 1h --why "e2e: mail while SMTP is down" \
		    >/dev/null || fail "masqued admin extend"
	fi
	[ $n -lt 400 ] || fail "no mail of $G2 waited in the spool while OpenSMTPD was down"
	sleep 0.1
done
checks=$((checks + 1))
waiting=$(ls "$D/spool" | grep "^$G2-.*\.eml\$" | sed 's/\.eml$//')
echo "e2e: OpenSMTPD down: $(echo "$waiting" | wc -l) mail(s) of $G2 wait in the spool"
sleep 3		# let the daemon retry into the void a little
for m in $waiting; do
	[ -f "$D/spool/$m.eml" ] || fail "the spooled mail $m left while OpenSMTPD was down"
done
# the outage counts no try; a mail in flight as OpenSMTPD stopped (the
# session cut once its MAIL went) may have counted one, no other
[ "$(ls "$D/spool" | grep -c "^$G2-.*\.retry\$")" -le 1 ] ||
    fail "the outage counted tries: $(ls "$D/spool" | grep "\.retry\$" | tr '\n' ' ')"
checks=$((checks + 1))
[ "$(entries "$G2")" -ge "$before" ] || fail "the log of $G2 shrank"
sh tests/e2e/mailstack.sh start-smtp "$S"
. "$S/env"
for m in $waiting; do
	wait_for 60 "the queued mail $m goes once OpenSMTPD is back" -- \
	    grep -q "^masqued [0-9-]* [0-9:]*: sent $m to" "$T/serve.log"
	[ ! -f "$D/spool/$m.eml" ] || fail "$m is sent but still in the spool"
done
tail -n +"$mark" "$T/serve.log" | grep -q "^masqued [0-9-]* [0-9:]*: spool: the SMTP server takes mail again" ||
    fail "the daemon's log does not say that the SMTP server takes mail again"
checks=$((checks + 1))
echo "e2e: OpenSMTPD back: the queued mail went out"

now=$(entries "$G2")
wait_for 120 "the second game goes on after OpenSMTPD's return" -- \
    sh -c '[ "$("$1" -C "$2" log "$3" --json | wc -l)" -ge $(($4 + 5)) ]' \
    sh "$R" "$D" "$G2" "$now"
if ! $R -C "$D" view "$G2" admin --json | grep -q '"phase": "over"'; then
	sh tests/e2e/mailstack.sh restart-imap "$S"
	. "$S/env"
	now=$(entries "$G2")
	echo "e2e: Dovecot restarted at entry $now of $G2"
	over_or_more() {
		$R -C "$D" view "$G2" admin --json | grep -q '"phase": "over"' ||
		    [ "$(entries "$G2")" -ge $((now + 5)) ]
	}
	wait_for 120 "the daemon carries on after Dovecot's restart" -- over_or_more
fi

wait "$BOTS_PID" || { cat "$T/bots2.log" >&2; fail "game $G2 was not played to its end"; }
BOTS_PID=""
cat "$T/bots2.log"
checks=$((checks + 1))
finish_game "$G2" 1	# OpenSMTPD was stopped and started again

# 7. The Masquerade, five players in turn, by the same servers, its mail
# sent through OpenSMTPD's own sendmail (outbound = sendmail) rather than
# over SMTP. smtpd runs in a mount namespace of its own (mailstack.sh), its
# control socket on its own /run: the program is run there. As root; where
# smtpd shares ours, as is.
kill "$SERVE_PID"
wait "$SERVE_PID" || fail "masqued serve exited with status $? (before the switch to sendmail)"
SERVE_PID=""
mkdir -p "$T/bin"
ln -s "$(command -v smtpctl || echo /usr/sbin/smtpctl)" "$T/bin/sendmail"	# smtpctl is sendmail by that name
cat >"$T/sendmail" <<EOF
#!/bin/sh
# OpenSMTPD's sendmail, in the namespace of the smtpd of $S
. "$S/env"
if [ "\$(readlink /proc/\$SMTPD_PID/ns/mnt)" != "\$(readlink /proc/self/ns/mnt)" ]; then
	exec nsenter -t "\$SMTPD_PID" -m -- "$T/bin/sendmail" "\$@"
fi
exec "$T/bin/sendmail" "\$@"
EOF
chmod 0755 "$T/sendmail"
sed -i -e 's/^outbound = smtp$/outbound = sendmail/' -e "s#^smtp_url = .*#sendmail_path = $T/sendmail#" "$D/masqued.conf"
$A -C "$D" serve >>"$T/serve.log" 2>&1 &
SERVE_PID=$!
wait_for 30 "the daemon serves again, sending through sendmail" -- \
    grep -q "serving $D: imap in, sendmail out" "$T/serve.log"
G3=$($A -C "$D" new masquerade --player alice=alice@pbem.test \
    --player bob=bob@pbem.test --player carol=carol@pbem.test \
    --player dave=dave@pbem.test --player erin=erin@pbem.test) ||
    fail "masqued new masquerade"
$PY tests/e2e/bots.py play "$T/bots" "$R" "$D" "$G3" "$S/env" \
    "${E2E_MS_TIMEOUT:-600}" >"$T/bots3.log" 2>&1 ||
    { cat "$T/bots3.log" >&2; fail "game $G3 (masquerade) was not played to its end"; }
cat "$T/bots3.log"
checks=$((checks + 1))
# its mail went by sendmail: smtpd logs a local submission (the socket's,
# not a TCP session's) for each, and never spoke SMTP for them
n=$(grep -c "^masqued [0-9-]* [0-9:]*: sent $G3-" "$T/serve.log")
[ "$n" -gt 20 ] || fail "only $n mail(s) of $G3 sent"
l=$(grep -c "smtp connected address=local" "$S/smtpd.log")
[ "$l" -ge "$n" ] ||
    fail "OpenSMTPD took $l local submission(s) (sendmail), not one for each of $G3's $n mail(s)"
echo "e2e: $n mail(s) of $G3 went through OpenSMTPD's sendmail"
checks=$((checks + 2))
export E2E_NO_COMMITMENTS=1	# its moves are public: none to check
finish_game "$G3"
unset E2E_NO_COMMITMENTS
[ ! -d "$D/spool/dead" ] || [ -z "$(ls "$D/spool/dead")" ] ||
    fail "mail went to the dead-letter folder: $(ls "$D/spool/dead")"
checks=$((checks + 1))

# 8. Dovecot refuses the daemon's login (its password changed): the host
# is mailed at once, through the same mail out, and mailed again once the
# mailbox is read.
restart_serve() {	# [VAR=VALUE]: the daemon again, its environment so
	kill "$SERVE_PID"
	wait "$SERVE_PID" || fail "masqued serve exited with status $?"
	SERVE_PID=""
	env "$@" $A -C "$D" serve >>"$T/serve.log" 2>&1 &
	SERVE_PID=$!
}
admin_got() {	# SUBJECT-WORDS: the host's box holds such a mail
	grep -l "^Subject: \[masqued\] $1" "$MAIL_ROOT"/admin/Maildir/new/* \
	    "$MAIL_ROOT"/admin/Maildir/cur/* 2>/dev/null | grep -q .
}
restart_serve MASQUED_IMAP_PASSWORD=not-the-password
wait_for 60 "Dovecot refuses the login, and the host is mailed of it" -- \
    admin_got "the game mailbox cannot be read"
grep -q "inbound: The IMAP server 127.0.0.1:$IMAP_PORT refused the login of user game@pbem.test" "$T/serve.log" ||
    fail "the daemon's log does not say the login was refused"
restart_serve
wait_for 60 "the host is mailed that the mailbox is read again" -- \
    admin_got "the game mailbox is read again"
echo "e2e: Dovecot refused the login: the host was mailed, and mailed again when it was read"
checks=$((checks + 1))

# 9. stop the daemon (it must exit cleanly: ASan and UBSan report at exit).
kill "$SERVE_PID"
wait "$SERVE_PID" || fail "masqued serve exited with status $?"
SERVE_PID=""
checks=$((checks + 1))
! grep -q "AddressSanitizer\|LeakSanitizer\|runtime error:" "$T/serve.log" ||
    fail "the sanitizers reported errors in masqued serve"
checks=$((checks + 1))
sh tests/e2e/mailstack.sh stop "$S"
checks=$((checks + 1))
ok=1
[ -z "${E2E_KEEP:-}" ] || echo "e2e: kept $T"
echo "e2e: $checks checks passed"

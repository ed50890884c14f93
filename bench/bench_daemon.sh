#!/bin/sh
# bench_daemon.sh - the daemon's two measurements (issue 5), one JSON object
# per line, called by bench/run.sh from the repository root:
#
#   ingest_maildir   replies processed per second by `serve --once` from a
#                    Maildir of 10,000 replies (the first moves of 2,500
#                    games of four, each valid; durable: archive, log, spool
#                    and outbox all fsynced), the time including sending
#                    every answer to the outbox Maildir. Reference: OpenSMTPD
#                    (tests/e2e/mailstack.sh) accepting the same 10,000
#                    messages over SMTP on loopback and delivering them to a
#                    Maildir, timed until the last one is there. Its
#                    "mails_sent": the answers those replies made (each
#                    its receipt and the others' commitment notices).
#   memory_per_game  with 10,000 games in progress, the peak resident memory
#                    of `serve --once` over a pass that opens every one of
#                    them (no clock file yet: each is opened, its deadlines
#                    checked, its clock written), divided by 10,000, in KiB.
#                    The daemon holds at most 256 games open at once and
#                    releases them after each pass, so this is what it costs
#                    to serve them, not to hold them all; "held_kib" is the
#                    other number: a process holding all 10,000 open (opened
#                    and replayed as the daemon does), per game.
#
# BENCH_REPLIES and BENCH_GAMES scale both down for a quick look.
set -eu
REPLIES=${BENCH_REPLIES:-10000}
GAMES=${BENCH_GAMES:-10000}
M=$PWD/masqued
FIX=$PWD/build/rel/bench/daemon_fixture
export MASQUED_NOW=1790000000
W=$(mktemp -d /tmp/masqued-bench.XXXXXX)
chmod 0755 "$W"	# the mail stack's vmail user delivers below it
cleanup() {
	[ -f "$W/stack/env" ] && sh tests/e2e/mailstack.sh stop "$W/stack" >/dev/null 2>&1
	rm -rf "$W"
}
trap cleanup EXIT

now() { date +%s.%N; }
# Wait for the disk to be quiet before a timing: the file system here may
# discard freed blocks online, and the thousands of files an earlier
# measurement removed would otherwise be freed inside this one's time
# (the sys time of the same run varied fourfold). Quiet: less than 20 ms
# of I/O stall in a second, by the kernel's pressure counter; 30 s at most.
settle() {
	sync
	[ -r /proc/pressure/io ] || { sleep 2; return 0; }
	i=0
	while [ $i -lt 30 ]; do
		a=$(sed -n 's/^some .*total=//p' /proc/pressure/io)
		sleep 1
		b=$(sed -n 's/^some .*total=//p' /proc/pressure/io)
		[ $((b - a)) -lt 20000 ] && return 0
		i=$((i + 1))
	done
}
json() {	# measure value unit reference [extra json members]
	/usr/bin/python3 -c '
import json, sys
m, v, u, r = sys.argv[1:5]
o = {"measure": m, "value": round(float(v), 1), "unit": u,
    "reference": round(float(r), 1) if r != "null" else None,
    "ratio": round(float(v) / float(r), 3) if r != "null" and float(r) > 0 else None}
if len(sys.argv) > 5:
    o.update(json.loads(sys.argv[5]))
print(json.dumps(o))' "$@"
}

# --- ingest_maildir ---
D=$W/ingest
$M -C "$D" init >/dev/null
mkdir -p "$W/replies"
n=$($FIX games "$D" $((REPLIES / 4)) "$W/replies")
cp "$W/replies"/* "$D/mail/inbox/new/"
settle
t0=$(now)
$M -C "$D" serve --once 2>"$W/serve.err"
t1=$(now)
tail -n 1 "$W/serve.err" | grep -q " $n applied" ||
    { tail -n 3 "$W/serve.err" >&2; echo "bench_daemon: not every reply was applied" >&2; exit 1; }
rate=$(echo "$n $t0 $t1" | awk '{ printf "%.3f", $1 / ($3 - $2) }')
# what those replies made: each is answered by its receipt and the notices
# of its commitment (about four mails), all sent within the time above
sent=$(tail -n 1 "$W/serve.err" | sed -n 's/.* \([0-9]*\) mail(s) sent.*/\1/p')

# the reference: OpenSMTPD delivering the same messages to a Maildir
ref=null
if sh tests/e2e/mailstack.sh start "$W/stack" >"$W/stack.log" 2>&1; then
	. "$W/stack/env"
	settle
	box=$MAIL_ROOT/game/Maildir
	ref=$(/usr/bin/python3 - "$SMTP_PORT" "$W/replies" "$box" "$n" <<'EOF'
import os, smtplib, sys, time
port, src, box, n = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
msgs = [open(os.path.join(src, f), "rb").read() for f in sorted(os.listdir(src))]
def delivered():
    return sum(len(os.listdir(os.path.join(box, d))) for d in ("new", "cur"))
start = delivered()
t0 = time.monotonic()
for i in range(0, len(msgs), 90):
    s = smtplib.SMTP("127.0.0.1", port, timeout=60)
    for m in msgs[i:i + 90]:
        s.sendmail("player@bench.test", ["game+bench@pbem.test"], m)
    s.quit()
deadline = time.monotonic() + 300
while delivered() - start < len(msgs) and time.monotonic() < deadline:
    time.sleep(0.05)
t1 = time.monotonic()
got = delivered() - start
print("%.3f" % (got / (t1 - t0)) if got == len(msgs) else "null")
EOF
) || ref=null
	sh tests/e2e/mailstack.sh stop "$W/stack" >/dev/null 2>&1 || true
else
	echo "bench_daemon: no OpenSMTPD reference: $(tail -n 1 "$W/stack.log")" >&2
fi
json ingest_maildir "$rate" "replies/s" "$ref" "{\"replies\": $n, \"mails_sent\": ${sent:-null}}"
rm -rf "$D" "$W/replies"

# --- memory_per_game ---
D=$W/memory
$M -C "$D" init >/dev/null
$FIX games "$D" "$GAMES" - >/dev/null
peak=$(/usr/bin/python3 - "$M" "$D" <<'EOF'
import resource, subprocess, sys
subprocess.run([sys.argv[1], "-C", sys.argv[2], "serve", "--once"], check=True,
    stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
EOF
)
held=$($FIX hold "$D" | /usr/bin/python3 -c '
import json, sys
h = json.load(sys.stdin)
print(round((h["rss_kib"] - h["base_kib"]) / h["games"], 1))')
json memory_per_game "$(echo "$peak $GAMES" | awk '{ print $1 / $2 }')" "KiB" null \
    "{\"games\": $GAMES, \"serve_peak_rss_kib\": $peak, \"held_kib\": $held, \"goal\": 64}"

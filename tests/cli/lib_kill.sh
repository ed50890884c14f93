# lib_kill.sh - after lib.sh: kill a command at exact points (strace kills
# it at its k-th call of one syscall), restart, and compare with the run
# nobody killed. strace is one of the test tools scripts/deps.sh installs: a
# missing one fails the test; a kernel that refuses it tracing (a container
# without ptrace) skips the whole test, and says so.
command -v strace >/dev/null 2>&1 || fail "strace is missing (scripts/deps.sh installs it)"
strace -f -qq -o /dev/null -e trace=none true 2>/dev/null ||
    { echo "$(basename "$0"): strace cannot trace here (no ptrace), skipped"; exit 0; }

# KILL_STRACE kills; FAULT_STRACE fails calls, and stops the command only
# at the syscalls it traces (--seccomp-bpf: a seccomp filter lets the
# others through, where plain strace stops at each of thousands and a
# traced run took twice as long). Not for kills: strace 6.1 under
# --seccomp-bpf never delivers an injected signal (the command runs on).
# Plain strace where the kernel or strace has no seccomp filters.
KILL_STRACE="strace -f -qq" FAULT_STRACE="strace -f -qq"
strace --seccomp-bpf -f -qq -o /dev/null -e trace=write true >$T/seccomp.err 2>&1 &&
    [ ! -s $T/seccomp.err ] && FAULT_STRACE="strace --seccomp-bpf -f -qq"

# The dynamic loader opens the shared libraries (some twenty) before masqued
# opens anything: an openat point counts from the first open after those
# (kill_at). Before this, every openat sweep of 40 points or fewer stopped
# inside the loader and met none of masqued's own opens.
strace -f -qq -o $T/loader.out -e trace=openat $MREL help \
    >/dev/null 2>&1 || fail "strace of masqued help failed"
KILL_LOADER_OPENS=$(awk '/\.so[."]|ld\.so\.cache/ { n++; next } { exit } END { print n + 0 }' \
    $T/loader.out)
[ "$KILL_LOADER_OPENS" -gt 0 ] || fail "no shared library open in masqued's trace"
# kill_at SYSCALL K: the strace call number of point K of SYSCALL. In a
# sweep (KILL_OPENS, ks_opens), the K-th of the command's own openat calls,
# or one past its last openat; elsewhere the K-th after the loader's.
KILL_OPENS= KILL_OPENS_ALL=0
kill_at() {
	[ "$1" = openat ] || { echo $2; return; }
	[ -n "$KILL_OPENS" ] || { echo $(($2 + KILL_LOADER_OPENS)); return; }
	ka_k=$2
	set -- $KILL_OPENS
	if [ $ka_k -le $# ]; then eval "echo \${$ka_k}"; else echo $((KILL_OPENS_ALL + 1)); fi
}

# The outbox's mails, each as the hash of its content, sorted (names differ
# after a mail went twice: the Maildir counter moved on). The content is
# the headers and each part decoded, the data folder's own path in it made
# DATA: a host's mail names it in its command lines (notify_host.c), and
# the reference and the killed run may be in two folders. One process for
# them all: a process for each mail was most of a sweep's time.
kill_sums() {	# dir [the folder it was made in: DIR]
	/usr/bin/python3 - "$1" "$KILL_FAULT" "${2:-$1}" <<'EOF'
import email, hashlib, os, re, sys
d, fault = sys.argv[1], sys.argv[2]
box = os.path.join(d, "mail", "outbox", "new")
real = os.path.realpath(sys.argv[3]).encode()
sums = []
for f in os.listdir(box):
    raw = open(os.path.join(box, f), "rb").read()
    # the host's notice that a game waits for room is the faulted run's
    # own (daemon.c mq_daemon_game): not compared
    if fault and re.search(rb"(?m)^Message-ID: <host\.waits-", raw):
        continue
    h = hashlib.md5(re.split(rb"\r?\n\r?\n", raw, maxsplit=1)[0])
    for part in email.message_from_bytes(raw).walk():
        if not part.is_multipart():
            h.update(part.get_payload(decode=True).replace(real, b"DATA"))
    sums.append(h.hexdigest())
print("\n".join(sorted(sums)))
EOF
}

# kill_raw DIR: the outbox's mails, each as the hash of its bytes, sorted
# (the faulted run's notice that a game waits for room left out, as
# kill_sums does). Two mails the same byte for byte are the same once
# decoded too, so when these agree as kill_same asks, so do kill_sums'; the
# Python (a tenth of a second of a core, at each of some thousand points of
# the sweeps) runs only when they do not: a mail naming the data folder,
# whose path differs between the two runs. kill_sweep and kill_twice make
# their reference in the folder the kills run in ($T/kill), then move it
# to $T/ref (KILL_REF_AT): a host's mail names the same folder in both, and
# agrees byte for byte (46 of test_full_disk_points' 172 points decoded
# their mails in Python before).
kill_raw() {
	if [ -n "$KILL_FAULT" ]; then
		(cd "$1/mail/outbox/new" && find . -type f -exec grep -L --null \
		    '^Message-ID: <host\.waits-' {} + | xargs -0 -r md5sum)
	else
		(cd "$1/mail/outbox/new" && find . -type f -exec md5sum {} +)
	fi | cut -d' ' -f1 | sort
}
# kill_fits REF KILL: the sums in KILL hold every one of REF, as often, and
# at most one more, a second copy of one of REF's
kill_fits() {
	[ -z "$(comm -23 $1 $2)" ] && comm -13 $1 $2 >$T/sums.extra &&
	    [ "$(wc -l <$T/sums.extra)" -le 1 ] &&
	    { [ ! -s $T/sums.extra ] || grep -qxF -f $T/sums.extra $1; }
}

# kill_same WHAT REF KILL GAME...: the two data folders agree on each game's
# log and clock file, verify passes, the spool is empty, and the outbox holds
# every mail of the reference and at most one more, a second copy of one
# (the mail being sent at the kill may go twice; none other). The
# reference's sums are taken once for each reference (KILL_REF_OF names the
# folder they are of; whoever makes a reference anew empties it), its
# decoded ones (kill_sums, the paths of the folder it was made in,
# KILL_REF_AT, or REF) only when the bytes do not agree. verify
# runs the release binary: the log it reads is the reference's byte for
# byte, and the sanitized run is the restart's, where a kill leaves its mark.
KILL_REF_OF= KILL_REF_AT=
kill_same() {
	kq=$1 ref=$2 kd=$3; shift 3
	for g in "$@"; do
		same_file $ref/games/$g/log $kd/games/$g/log "$kq: the log"
		same_file $ref/games/$g/clock $kd/games/$g/clock "$kq: the clock file"
		[ ! -f $ref.clock-$g ] ||
		    same_file $ref.clock-$g $kd.clock-$g "$kq: the clock file at the restart"
		expect 0 "$kq: verify $g" -- $MREL -C $kd verify $g
	done
	[ -z "$(ls $kd/spool | grep -v '^dead$')" ] || fail "$kq: mail left in the spool"; ok
	[ "$KILL_REF_OF" = "$ref" ] || { kill_raw $ref >$T/raw.ref
		rm -f $T/sums.ref; KILL_REF_OF=$ref; }
	# the same bytes: the decoded mails agree as well (kill_raw)
	kill_raw $kd >$T/raw.kill
	if kill_fits $T/raw.ref $T/raw.kill; then ok; ok; ok; return; fi
	[ -f $T/sums.ref ] || kill_sums $ref ${KILL_REF_AT:-$ref} >$T/sums.ref
	kill_sums $kd >$T/sums.kill
	# every reference mail is there, as often as in the reference
	[ -z "$(comm -23 $T/sums.ref $T/sums.kill)" ] ||
	    fail "$kq: $(comm -23 $T/sums.ref $T/sums.kill | wc -l) mail(s) missing"; ok
	comm -13 $T/sums.ref $T/sums.kill >$T/sums.extra
	[ "$(wc -l <$T/sums.extra)" -le 1 ] ||
	    fail "$kq: $(wc -l <$T/sums.extra) mails more than the reference"; ok
	[ ! -s $T/sums.extra ] || grep -qxF -f $T/sums.extra $T/sums.ref ||
	    fail "$kq: a mail the reference never sent"; ok
}

# kill_sweep SYSCALLS MAX BEFORE NOW LATER GAMES -- COMMAND...: COMMAND
# (masqued's arguments after -C DIR) run at NOW on a copy of BEFORE, then
# serve --once at NOW and at LATER (0: not) is the reference. Then for
# each syscall of SYSCALLS (comma-separated) and k = 1..MAX, COMMAND killed
# at its k-th call of it, on a fresh copy of BEFORE; run again as a host
# would when it was killed before its entry was logged (an admin or a
# submit; serve's restart does it itself); the same serves; kill_same.
# KILL_POINTS counts the points tried; KILL_STEP (default 1) is how far
# apart they are (k = 1, 1 + STEP, ...); KILL_FIRST_K (default 1) is where
# each sweep starts. KILL_IN is COMMAND's standard input (default
# /dev/null); KILL_AGAIN=1 runs it again after every kill, as an MTA
# retries a pipe that died (and wants it to exit 0). KILL_HOOK, when set,
# is called as "KILL_HOOK start" before each run of COMMAND (the
# reference's too), "KILL_HOOK killed WHAT DIR" right after a kill, and
# "KILL_HOOK check WHAT DIR" after kill_same: a test's own checks (a
# server's side, the state a kill left).
#
# KILL_FAULT, when set (e.g. error=ENOSPC), makes each point a fault
# instead of a kill: every call of the syscall from the k-th on fails so
# (a disk that fills there), the command runs on to its end, and the sweep
# ends when a run meets no call to fail.
KILL_POINTS=0 KILL_HOOK= KILL_IN=/dev/null KILL_AGAIN= KILL_FAULT=
# ks_run DIR SYSCALL K COMMAND...: COMMAND killed (or faulted) at its K-th
# SYSCALL; 0 when it ran past its last call of it, untouched
ks_run() {
	kr_d=$1 kr_sc=$2 kr_k=$(kill_at $2 $3); shift 3
	if [ -z "$KILL_FAULT" ]; then
		MASQUED_NOW=$ks_now $KILL_STRACE -o /dev/null -e trace=$kr_sc \
		    -e inject=$kr_sc:signal=KILL:when=$kr_k \
		    $MREL -C $kr_d "$@" <$KILL_IN >/dev/null 2>&1
		return $?
	fi
	MASQUED_NOW=$ks_now $FAULT_STRACE -o $T/strace.out -e trace=$kr_sc \
	    -e inject=$kr_sc:$KILL_FAULT:when=$kr_k+ \
	    $MREL -C $kr_d "$@" <$KILL_IN >/dev/null 2>&1
	! grep -q INJECTED $T/strace.out
}
kill_sweep() {
	ks_calls=$1 ks_max=$2 ks_b=$3 ks_now=$4 ks_later=$5 ks_games=$6; shift 7
	ks_n=$(cat $ks_b/games/*/log | wc -l) ks_p0=$KILL_POINTS
	ks_ref_start
	[ -z "$KILL_HOOK" ] || $KILL_HOOK start
	MASQUED_NOW=$ks_now expect 0 "the reference: $*" -- $M -C $T/kill "$@" \
	    <$KILL_IN
	ks_serve $T/kill "the reference"
	ks_ref_end
	case ,$ks_calls, in *,openat,*) ks_opens "$@" ;; esac
	for ks_sc in $(echo $ks_calls | tr , ' '); do
		ks_k=${KILL_FIRST_K:-1}
		while [ $ks_k -le $ks_max ]; do
			rm -rf $T/kill $T/kill.clock-*; cp -a $ks_b $T/kill
			[ -z "$KILL_HOOK" ] || $KILL_HOOK start
			ks_run $T/kill $ks_sc $ks_k "$@" &&
			    break	# past its last call: every point tried
			KILL_POINTS=$((KILL_POINTS + 1))
			ks_what="$* killed at its $ks_sc $ks_k"
			[ -z "$KILL_FAULT" ] ||
			    ks_what="$* with its $ks_sc failing from the $ks_k-th on ($KILL_FAULT)"
			[ -z "$KILL_HOOK" ] || $KILL_HOOK killed "$ks_what" $T/kill
			[ "$1" = serve ] || { [ -z "$KILL_AGAIN" ] &&
			    [ "$(cat $T/kill/games/*/log | wc -l)" -gt $ks_n ]; } ||
			    MASQUED_NOW=$ks_now expect 0 "$ks_what: run again" -- \
			    $M -C $T/kill "$@" <$KILL_IN
			ks_serve $T/kill "$ks_what"
			kill_same "$ks_what" $T/ref $T/kill $ks_games
			[ -z "$KILL_HOOK" ] || $KILL_HOOK check "$ks_what" $T/kill
			ks_k=$((ks_k + ${KILL_STEP:-1}))
		done
	done
	# a sweep whose command met none of its syscalls (or was never
	# killed) compared the reference with itself and passed
	[ $KILL_POINTS -gt $ks_p0 ] ||
	    fail "$*: killed at no point of $ks_calls: the sweep tried nothing"; ok
	rm -rf $T/ref $T/kill $T/ref.clock-* $T/kill.clock-*
	KILL_OPENS= KILL_OPENS_ALL=0 KILL_REF_AT=
}
# ks_ref_start, ks_ref_end: the reference is made in $T/kill, where the
# kills run (a mail naming the data folder then names the same one), and
# moved to $T/ref, its clock files with it (kill_raw's note)
ks_ref_start() {
	rm -rf $T/ref $T/ref.clock-* $T/kill $T/kill.clock-*
	cp -a $ks_b $T/kill; KILL_REF_OF=
}
ks_ref_end() {
	mv $T/kill $T/ref
	for g in $ks_games; do mv $T/kill.clock-$g $T/ref.clock-$g; done
	KILL_REF_AT=$T/kill
}
# ks_opens COMMAND...: KILL_OPENS, the strace numbers of COMMAND's own
# openat calls, from a traced run of it on a copy of the sweep's BEFORE: not
# a shared library's (the loader's at the start, libcurl's when IMAP or SMTP
# first loads it, transport_curl.c, an iconv module's), whose failing says
# nothing of masqued; KILL_OPENS_ALL, all of them. A resumed line is a call
# already counted (its unfinished half).
ks_opens() {
	rm -rf $T/kill; cp -a $ks_b $T/kill
	[ -z "$KILL_HOOK" ] || $KILL_HOOK start
	MASQUED_NOW=$ks_now strace -f -qq -o $T/opens.out -e trace=openat \
	    $MREL -C $T/kill "$@" <$KILL_IN >/dev/null 2>&1
	awk '/resumed>/ { next } { n++ } !/\.so[."]|ld\.so\.cache|gconv-modules/ { printf "%d ", n }
	    END { printf "\n%d\n", n }' $T/opens.out >$T/opens.list
	KILL_OPENS=$(sed -n 1p $T/opens.list) KILL_OPENS_ALL=$(sed -n 2p $T/opens.list)
	[ -n "$KILL_OPENS" ] || fail "$*: no openat of its own in its trace"; ok
	set -- $KILL_OPENS
	echo "$(basename "$0"): openat points: its own $# of $KILL_OPENS_ALL opens"
}
# ks_serve DIR WHAT: the restart (the sanitized binary: it meets what the
# kill left), then the serve an hour on with the release one (a failed
# mail's retry: the outbound queue's ordinary path; each sanitized run costs
# a tenth of a second more, and a sweep makes hundreds)
ks_serve() {	# dir, what
	MASQUED_NOW=$ks_now expect 0 "$2: serve" -- $M -C $1 serve --once
	for g in $ks_games; do cp $1/games/$g/clock $1.clock-$g; done
	[ "$ks_later" = 0 ] ||
	    MASQUED_NOW=$ks_later expect 0 "$2: serve later" -- $MREL -C $1 serve --once
}

# kill_twice CALL_A CALL_B MAX BEFORE NOW LATER GAMES -- COMMAND...: as
# kill_sweep, but the restart after each kill at COMMAND's k-th CALL_A is
# itself killed at its j-th CALL_B (the catching up cut short), then
# served cleanly; every pair (k, j) up to MAX each.
kill_twice() {
	kt_a=$1 kt_b=$2 ks_max=$3 ks_b=$4 ks_now=$5 ks_later=$6 ks_games=$7; shift 8
	ks_n=$(cat $ks_b/games/*/log | wc -l) ks_p0=$KILL_POINTS
	ks_ref_start
	MASQUED_NOW=$ks_now expect 0 "the reference: $*" -- $M -C $T/kill "$@"
	ks_serve $T/kill "the reference"
	ks_ref_end
	kt_k=1
	while [ $kt_k -le $ks_max ]; do
		rm -rf $T/once; cp -a $ks_b $T/once
		MASQUED_NOW=$ks_now $KILL_STRACE -o /dev/null -e trace=$kt_a \
		    -e inject=$kt_a:signal=KILL:when=$(kill_at $kt_a $kt_k) \
		    $MREL -C $T/once "$@" >/dev/null 2>&1
		[ $? = 0 ] && break
		[ "$1" = serve ] || [ "$(cat $T/once/games/*/log | wc -l)" -gt $ks_n ] ||
		    MASQUED_NOW=$ks_now expect 0 "$* killed at its $kt_a $kt_k: run again" -- \
		    $M -C $T/once "$@"
		kt_j=1
		while [ $kt_j -le $ks_max ]; do
			rm -rf $T/kill $T/kill.clock-*; cp -a $T/once $T/kill
			MASQUED_NOW=$ks_now $KILL_STRACE -o /dev/null -e trace=$kt_b \
			    -e inject=$kt_b:signal=KILL:when=$(kill_at $kt_b $kt_j) \
			    $MREL -C $T/kill serve --once >/dev/null 2>&1
			[ $? = 0 ] && break
			KILL_POINTS=$((KILL_POINTS + 1))
			ks_what="$* killed at its $kt_a $kt_k, the restart at its $kt_b $kt_j"
			ks_serve $T/kill "$ks_what"
			kill_same "$ks_what" $T/ref $T/kill $ks_games
			kt_j=$((kt_j + 1))
		done
		kt_k=$((kt_k + 1))
	done
	[ $KILL_POINTS -gt $ks_p0 ] ||
	    fail "$*: killed at no pair of its $kt_a and the restart's $kt_b: the sweep tried nothing"; ok
	rm -rf $T/ref $T/kill $T/once $T/ref.clock-* $T/kill.clock-*
	KILL_REF_AT=
}

# The games the kill tests start from, built with the release binary (a
# fast one) at the pinned clock T0 (MASQUED_NOW), H an hour.
T0=$MASQUED_NOW H=3600
# kill_rm DIR POLICY: The Red Death for four (deadline 24 h, reminder 6 h,
# the host host@x.test), placed at T0, served at T0 + 1 h; at T0 + 3 h alice
# and bob play their action cards (submit), served at T0 + 5 h: carol and
# dave owe theirs, reminded at T0 + 18 h, due at T0 + 24 h. $RG the game.
kill_rm() {
	$MREL -C $1 init >/dev/null || fail "init"
	echo "admin = host@x.test" >>$1/masqued.conf
	RG=$($MREL -C $1 new redmasque --player alice=alice@x.test \
	    --player bob=bob@x.test --player carol=carol@x.test \
	    --player dave=dave@x.test --option deadline=24h --option reminder=6h \
	    --option policy=$2 \
	    --seed 0707070707070707070707070707070707070707070707070707070707070707) ||
	    fail "new redmasque"
	$MREL -C $1 serve --once 2>/dev/null || fail "the welcome"
	for p in alice bob carol dave; do
		$MREL -C $1 submit $RG $p "$($MREL -C $1 bot $RG $p)" >/dev/null ||
		    fail "place $p"
	done
	MASQUED_NOW=$((T0 + H)) $MREL -C $1 serve --once 2>/dev/null || fail "serve"
	for p in alice bob; do
		MASQUED_NOW=$((T0 + 3 * H)) $MREL -C $1 submit $RG $p \
		    "$($MREL -C $1 bot $RG $p)" >/dev/null || fail "play $p"
	done
	MASQUED_NOW=$((T0 + 5 * H)) $MREL -C $1 serve --once 2>/dev/null || fail "serve"
}
# kill_ms DIR: The Masquerade for three with its Event deck cut to one card
# (it ends with the first turn), played up to its last move, served: $MG
# the game, $MP the player who owes it, $MC the move (the bot's). Its next
# time is T0 + 12 h (reminder), its deadline T0 + 24 h.
kill_ms() {
	$MREL -C $1 init >/dev/null || fail "init"
	echo "admin = host@x.test" >>$1/masqued.conf
	mkdir -p $T/games
	/usr/bin/python3 -c "
import json, sys
d = json.load(open('config/games/masquerade.json'))
d['events'] = d['events'][:1]
json.dump(d, open(sys.argv[1], 'w'), ensure_ascii=False)" $T/games/masquerade.json ||
	    fail "the short Masquerade's data"
	MG=$(MASQUED_GAMES=$T/games $MREL -C $1 new masquerade \
	    --player alice=alice@x.test --player bob=bob@x.test \
	    --player carol=carol@x.test --option deadline=24h \
	    --seed 0505050505050505050505050505050505050505050505050505050505050505) ||
	    fail "new masquerade"
	km=0
	while :; do
		km=$((km + 1)); [ $km -le 40 ] || fail "the short Masquerade never ends"
		for MP in alice bob carol; do
			MC=$($MREL -C $1 bot $MG $MP); [ -z "$MC" ] || break
		done
		[ -n "$MC" ] || fail "the short Masquerade: nobody owes a move"
		rm -rf $T/ms.try; cp -a $1 $T/ms.try
		$MREL -C $T/ms.try submit $MG $MP "$MC" >/dev/null || fail "submit $MP"
		$MREL -C $T/ms.try view $MG admin --json | grep -q '"phase": "over"' &&
		    break
		$MREL -C $1 submit $MG $MP "$MC" >/dev/null || fail "submit $MP"
	done
	rm -rf $T/ms.try
	$MREL -C $1 serve --once 2>/dev/null || fail "serve"
}
# kill_mail DIR PLAYER TEXT: PLAYER's reply into DIR's inbox, to the reply
# address of their first mail there.
kill_mail() {
	km_f=$(grep -l "^To: $2@x.test" $1/mail/outbox/new/* | head -n 1)
	[ -n "$km_f" ] || fail "no mail to $2"
	km_n=$(ls $1/mail/inbox/new | wc -l)
	printf 'From: %s@x.test\nTo: %s\nSubject: Re: the masque\nMessage-ID: <%s.%s@x.test>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n%s\n' \
	    $2 "$(sed -n 's/^Reply-To: //p' $km_f | tr -d '\r')" $2 $km_n "$3" \
	    >$1/mail/inbox/new/$2.$km_n.test
}

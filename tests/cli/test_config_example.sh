#!/bin/sh
# test_config_example.sh - every commented "# key = value" line of
# config/masqued.conf.example is valid as written once uncommented: the
# example, that one line uncommented, is accepted (`games` reads it), or
# refused only for a reason the line's own comment gives (a file that must
# exist, a data folder that must be the one given). "# maildir_inbox =
# DATADIR/mail/inbox", uncommented, was refused ("takes the folder's path
# from /").
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
EX=config/masqued.conf.example
grep -nE '^# [a-z_]+ = ' $EX | cut -d: -f1 >$T/lines
[ "$(wc -l <$T/lines)" -ge 30 ] || fail "too few example lines: $(wc -l <$T/lines)"; ok
for n in $(cat $T/lines); do
	line=$(sed -n "${n}p" $EX | sed 's/^# //')
	key=${line%% =*}
	sed "${n}s/^# //" $EX >$T/one.conf
	# the comment above the line: the lines from the last blank one
	sed -n "1,${n}p" $EX | awk '/^$/ { c = "" } { c = c $0 "\n" } END { printf "%s", c }' >$T/comment
	case $key in
	datadir)	# "-C, when given, must name the same one"
		why="-C, when given, must name the same one"
		said="datadir is /var/lib/masqued, but masqued was given the data folder $D" ;;
	tls_ca_file)	# a file of the host's, "read at start"
		why="read at start"
		said="tls_ca_file names /etc/masqued/mail-ca.pem, which cannot be read" ;;
	*)	why= said= ;;
	esac
	if [ -z "$why" ]; then
		expect 0 "line $n uncommented: $line" -- $M -C $D -c $T/one.conf games
		continue
	fi
	grep -qF -- "$why" $T/comment || fail "line $n ($line): its comment does not say \"$why\""; ok
	expect 1 "line $n uncommented: $line (refused as its comment says)" -- $M -C $D -c $T/one.conf games
	err_has "one.conf line $n: $said"; one_line
done
# the two refused above, given what their comments ask, are accepted
sed -n 's/^# datadir = //p' $EX >$T/dd
[ "$(cat $T/dd)" = /var/lib/masqued ] || fail "the example's datadir: $(cat $T/dd)"; ok
sed "s|^# datadir = .*|datadir = $D|" $EX >$T/one.conf
expect 0 "datadir uncommented, naming the folder given" -- $M -C $D -c $T/one.conf games
printf 'not a certificate\n' >$T/ca.pem
sed "s|^# tls_ca_file = .*|tls_ca_file = $T/ca.pem|" $EX >$T/one.conf
expect 0 "tls_ca_file uncommented, naming a file that is there" -- $M -C $D -c $T/one.conf games
done_checks

#!/bin/sh
# test_usage_help.sh - a usage error of a command points to that command's
# help: `admin GAME pause` without --why said "(see masqued --help)", the
# list of every command, where `masqued help admin` explains --why. Every
# command's usage error now says "(see masqued help CMD)." (exit 2), a
# usage error found in the command's work too (verify's --key abc); one
# before any command (no such option, no such command) still points to
# masqued --help. Each pointer names a help that is there.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"

# usage CMD ARGS...: exit 2, one line, pointing to masqued help CMD
usage() {
	cmd=$1
	shift
	expect 2 "$cmd $*" -- $M -C $D $cmd "$@"
	err_has "(see masqued help $cmd)."; one_line
	grep -q "masqued --help" $T/err && fail "$cmd $*: still points to masqued --help"; ok
	expect 0 "masqued help $cmd" -- $M help $cmd
	out_has "usage: masqued $cmd"
}
usage init extra
usage new redmasque --bogus
usage submit
usage games extra
usage view $G
usage state
usage log
usage replay $G --from abc
usage verify
usage verify $G --key abc
usage verify-receipt
usage export
usage serve extra
usage ingest a b
usage parse a b
usage admin $G pause
usage admin $G dance --why x
usage sim
usage bot $G
usage demo chess
# the case met: pause without --why
expect 2 "admin pause without --why" -- $M -C $D admin $G pause
err_has "masqued: admin pause needs --why \"...\": every admin action says why, in the log and to the players (see masqued help admin)."
# every command of masqued --help was tried above
$M --help 2>&1 | sed -n 's/^  \([a-z-]*\).*/\1/p' | grep -v '^$' | sort -u >$T/cmds
for c in $(cat $T/cmds); do
	grep -q "^usage $c\b" tests/cli/test_usage_help.sh ||
	    fail "no usage error of $c is tried here"; ok
done
[ "$(wc -l <$T/cmds)" -ge 18 ] || fail "too few commands in --help: $(cat $T/cmds)"; ok

# before any command: the list of every command
expect 2 "an option that is not one" -- $M -x
err_has "masqued: There is no option -x (see masqued --help)."; one_line
expect 2 "a command that is not one" -- $M -C $D dance
err_has '"dance" is not a masqued command (see masqued --help).'; one_line
done_checks

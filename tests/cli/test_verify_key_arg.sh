#!/bin/sh
# test_verify_key_arg.sh - --key of verify and verify-receipt: a value
# mistyped is a usage error (exit 2, as `replay --from abc`), a key file
# that is not there, cannot be read or holds no key an I/O one (exit 4),
# each said apart; both before the game is looked for (found by a review:
# both exited 1, "neither 64 hex digits nor an existing file"). The other
# options of the dispute commands keep the same rule.
. tests/cli/lib.sh
D=$T/data
expect 0 "init" -- $M -C $D init
G=$(new_game $D) || fail "new"
echo "no key" >$T/junk.pub
for cmd in "verify $G" "verify zzzzzzzz" "verify-receipt $T/junk.pub" \
    "verify-receipt $T/junk.pub $G"; do
	expect 2 "$cmd --key abc" -- $M -C $D $cmd --key abc
	err_has "masqued: --key abc is not a key: the server key is 64 hex digits (this is 3), or the name of a file holding them (see masqued help ${cmd%% *})."
	one_line
	expect 4 "$cmd --key FILE not there" -- $M -C $D $cmd --key $T/nothing.pub
	err_has "masqued: The key file $T/nothing.pub does not exist (--key takes the server key, 64 hex digits, or the name of a file holding it)."
	one_line
	expect 4 "$cmd --key a name that is no file" -- $M -C $D $cmd --key server.pub
	err_has "masqued: The key file server.pub does not exist"
	expect 4 "$cmd --key FILE holding no key" -- $M -C $D $cmd --key $T/junk.pub
	err_has "masqued: The key file $T/junk.pub holds neither 64 hex digits nor 32 raw bytes."
	one_line
	expect 4 "$cmd --key a folder" -- $M -C $D $cmd --key $T
	err_has "masqued: Cannot read the key file $T"
done
# the key given right: as before
expect 0 "verify --key the key file" -- $M -C $D verify $G --key $D/keys/server.pub
expect 0 "verify --key the key" -- $M -C $D verify $G --key $(cat $D/keys/server.pub)
# the other options of the dispute commands: a bad value is usage (2)
expect 2 "state --at abc" -- $M -C $D state $G --at abc
expect 2 "replay --from abc" -- $M -C $D replay $G --from abc
expect 2 "replay --to abc" -- $M -C $D replay $G --to abc
expect 2 "log --jsn" -- $M -C $D log $G --jsn
expect 2 "export with an option" -- $M -C $D export $G --key abc
# a log file that is not there: I/O (4), as verify says it
for c in verify state log replay; do
	expect 4 "$c of a log file not there" -- $M -C $D $c $T/nothing/log
done
done_checks

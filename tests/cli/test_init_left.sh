#!/bin/sh
# test_init_left.sh - init takes a folder holding what an init killed
# partway left (test_kill_init.sh), but only that: a keys.new or a
# masqued.conf.tmp that is not what init makes there (a link to someone's
# key folder or file, a folder of other files) is someone's, and init
# refuses the folder, changing nothing. Key files in a keys.new are made
# anew, whole or not: keys/ never existed, so they never signed anything,
# and a key someone else put there is not to become the server's.
#
# Before: init took keys.new and masqued.conf.tmp by their names alone; a
# keys.new linked to a data folder's keys/ had that folder's keys removed
# and made anew (its games' logs no longer verified), and a
# masqued.conf.tmp linked to a file had the file overwritten.
. tests/cli/lib.sh

sums() { (cd $1 && sha256sum server.key server.pub tag.key); }

# a live data folder's keys, linked from an empty folder as keys.new
expect 0 "init the live folder" -- $M -C $T/live init
sums $T/live/keys >$T/live.sums
# keys/ is 0755, as init always made it (the secrets in it are 0600): a
# command of another user reads keys/server.pub to say whose folder it is
[ "$(stat -c %a $T/live/keys)" = 755 ] || fail "keys/ is $(stat -c %a $T/live/keys), not 755"; ok
mkdir $T/a && ln -s $T/live/keys $T/a/keys.new
expect 1 "init where keys.new links to a key folder" -- $M -C $T/a init
err_has "is not empty (it holds keys.new)"
sums $T/live/keys | cmp -s - $T/live.sums || fail "the linked folder's keys changed"; ok
[ -L $T/a/keys.new ] && [ ! -e $T/a/keys ] || fail "init changed the folder: $(ls -A $T/a)"; ok

# the same behind an empty keys/ (init_room takes such a folder as ours)
mkdir $T/b $T/b/keys && ln -s $T/live/keys $T/b/keys.new
expect 1 "init where keys/ is empty and keys.new links to a key folder" -- $M -C $T/b init
err_has "keys.new is not a folder init made"
sums $T/live/keys | cmp -s - $T/live.sums || fail "the linked folder's keys changed (keys/ there)"; ok

# a keys.new holding other files than keys
mkdir -p $T/c/keys.new && echo mine >$T/c/keys.new/notes.txt
expect 1 "init where keys.new holds another file" -- $M -C $T/c init
err_has "is not empty (it holds keys.new)"
[ "$(cat $T/c/keys.new/notes.txt)" = mine ] || fail "keys.new/notes.txt changed"; ok

# a masqued.conf.tmp linked to someone's file
mkdir $T/d && echo precious >$T/precious.txt && ln -s $T/precious.txt $T/d/masqued.conf.tmp
expect 1 "init where masqued.conf.tmp links to a file" -- $M -C $T/d init
err_has "is not empty (it holds masqued.conf.tmp)"
[ "$(cat $T/precious.txt)" = precious ] || fail "the linked file was overwritten"; ok
[ ! -e $T/d/masqued.conf ] || fail "init wrote masqued.conf"; ok

# a whole set of keys in keys.new (an init killed just before its rename,
# or keys put there by someone else): made anew
mkdir $T/e && cp -a $T/live/keys $T/e/keys.new
expect 0 "init where keys.new holds a whole set of keys" -- $M -C $T/e init
for f in server.key tag.key; do
	cmp -s $T/live/keys/$f $T/e/keys/$f && fail "keys/$f is the one left in keys.new"; ok
done
[ ! -e $T/e/keys.new ] || fail "keys.new is left"; ok
[ "$(stat -c %a $T/e/keys)" = 755 ] || fail "keys/ is not 0755"; ok

# a set cut short (an init killed while it wrote them): made anew
mkdir -p $T/f/keys.new && head -c 7 $T/live/keys/server.key >$T/f/keys.new/server.key
expect 0 "init where keys.new holds a key cut short" -- $M -C $T/f init
[ "$(wc -c <$T/f/keys/server.key)" = 32 ] && [ "$(wc -c <$T/f/keys/tag.key)" = 32 ] ||
    fail "the keys were not made anew"; ok
G=$($MREL -C $T/f new redmasque --player alice=alice@x.test --player bob=bob@x.test \
    --player carol=carol@x.test --player dave=dave@x.test) || fail "no game can be made"
expect 0 "verify" -- $M -C $T/f verify $G
done_checks

#!/bin/sh
# test_ingest_file.sh - `masqued ingest FILE` of a message nothing can be
# read from: taken (exit 0, as docs/commands.md says of ingest: the daemon's log
# says what became of it), and the log names the FILE, not only "pipe:" (a
# host who ran it by hand looked for a pipe).
. tests/cli/lib.sh
D="$T/d"
expect 0 "init" -- $M -C "$D" init
printf 'garbage\001\n' > "$T/garbage.eml"
expect 0 "ingest of a garbage file" -- $M -C "$D" ingest "$T/garbage.eml"
err_has "ingest: the message in $T/garbage.eml (\"pipe\" below)"
err_has " pipe: refused: The message could not be read"
# from standard input it is the pipe
expect 0 "ingest of garbage from the pipe" -- sh -c "$M -C '$D' ingest - < '$T/garbage.eml'"
err_has " pipe: refused: The message could not be read"
grep -q "ingest: the message in" $T/err && fail "a pipe named as a file"; ok
done_checks

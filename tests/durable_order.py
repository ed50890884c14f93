#!/usr/bin/python3
"""durable_order.py - DESIGN.md's order of one move, read from the system
calls a masqued command made (strace -f -y), for tests/cli/test_durable_order.sh.

Usage: durable_order.py [--batch] TRACE DATADIR

What a command writes under DATADIR must be durable before anything acts on
it: a file's bytes by an fsync of that file, a name made or changed (link,
rename) by an fsync of its folder, or both by a syncfs (a batch's flush,
common/durable.h). The acts: a log append (the archived message it holds
must be durable first: archive, then log), marking a game's entries mailed
(their mails must be in the spool: spool, then mark), a game's ended mark
(its log first: a mark past the log reads as entries removed), the host
marked told of a notice (DATADIR/cursor/told-KEY: the notice in the spool
first), a spooled mail sent (moved out of the spool), an inbound message marked done (moved or removed
from the Maildir inbox), the IMAP cursor moved, and the command's exit.
With --batch (serve's inbox pass, durable.h) a log append is not an act:
nothing of a batch is acted on before its flush, and a message whose entry
outlived its archive is still in the inbox, read again. A mark may itself be lost (the next run mails those entries again, by the
same names): the files listed in NOT_DURABLE are not required to be synced.
Prints one line per breach and exits 1, or prints "ok: N acts" and exits 0.
"""
import os
import re
import sys

# files that may be lost in a crash, each for its reason
NOT_DURABLE = (
    re.compile(r"/games/[^/]+/mailed$"),   # the mark: behind is safe
    re.compile(r"/cursor/[^/]+\.lock$"),   # locks hold no data
    re.compile(r"/cursor/told-[^/]+$"),     # lost, the host is told again
)

LINE = re.compile(r"^(\d+)\s+(\w+)\((.*)\)\s+=\s+(-?\d+)")
FD = re.compile(r"^-?\d+<([^>]*)>")
STR = re.compile(r'"((?:[^"\\]|\\.)*)"')


def fd_path(arg):
    m = FD.match(arg.strip())
    return m.group(1) if m else None


def main(argv):
    batch = len(argv) > 1 and argv[1] == "--batch"
    if batch:
        argv = argv[1:]
    if len(argv) != 3:
        print("usage: durable_order.py [--batch] TRACE DATADIR", file=sys.stderr)
        return 2
    trace, data = argv[1], os.path.realpath(argv[2])
    under = lambda p: p is not None and (p == data or p.startswith(data + "/"))
    kept = lambda p: not any(r.search(p) for r in NOT_DURABLE)
    files, dirs = {}, {}        # path: the syscall that left it unsynced
    fds = {}                    # fd number: the path last written through it
    breaches, acts = [], 0

    def act(what, need):
        nonlocal acts
        acts += 1
        for path, why in sorted(list(files.items()) + list(dirs.items())):
            if need(path):
                breaches.append("%s, before %s was made durable (%s)"
                                % (what, path, why))

    def ended_mark(p):
        # the ended mark (game_end.c) tells the log's size after the
        # game's last entry: its log must be durable first, else a power
        # cut leaves a mark past the log, read as entries removed
        log = os.path.dirname(p) + "/log"
        act("the ended mark " + p, lambda q: q == log)

    for raw in open(trace, encoding="utf-8", errors="replace"):
        m = LINE.match(raw)
        if not m or int(m.group(4)) < 0:
            continue
        call, args = m.group(2), m.group(3)
        first = args.split(",")[0]
        strings = STR.findall(args)
        if call in ("write", "pwrite64", "writev", "pwritev", "ftruncate"):
            p = fd_path(first)
            if not under(p):
                continue
            p = p.split(" (deleted)")[0]
            fds[first.strip().split("<")[0]] = p
            if p.endswith("/log") and "/games/" in p and not batch:
                act("the log append to " + p,
                    lambda q: "/archive/" in q + "/")
            if re.search(r"/games/[^/]+/mailed$", p):
                act("the mark " + p, lambda q: True)
            if re.search(r"/games/[^/]+/ended$", p):
                ended_mark(p)
            if p.endswith("/cursor/imap"):
                act("the IMAP cursor", lambda q: True)
            if kept(p):
                files[p] = call
        elif call in ("fsync", "fdatasync"):
            p = fd_path(first)
            if p is not None:
                p = p.split(" (deleted)")[0]
                files.pop(p, None)
                dirs.pop(p, None)
        elif call == "syncfs":
            files.clear()
            dirs.clear()
        elif call in ("link", "linkat", "rename", "renameat", "renameat2"):
            old, new = (strings + ["", ""])[:2]
            if call == "linkat" and old.startswith("/proc/self/fd/"):
                # an unnamed file (O_TMPFILE) given its name: its bytes
                # unsynced are the name's now, whose fsync then counts
                tmp = fds.get(old[len("/proc/self/fd/"):])
                if tmp is not None and tmp in files and under(new):
                    files[new] = files.pop(tmp)
                old = ""
            if under(old) and old.startswith(data + "/spool/") and \
                    not under(new):
                continue
            if under(old) and "/spool/" in old + "/" and \
                    "/mail/outbox/" in new:
                act("sending " + os.path.basename(old),
                    lambda q: q == data + "/spool" or "/spool/" in q)
            if under(new) and re.search(r"/cursor/told-[^/]*$", new) and \
                    not new.endswith(".tmp"):
                # the host's notice is in the spool before it counts as told;
                # in a batch, the host's notices (admin-*): the players'
                # mails spooled beside them (the end mails, when the reply
                # ended the game: the host is told it is over) wait for
                # the batch's flush, as their entries do, and nothing
                # sends them before it
                act("marking the host told (" + os.path.basename(new) + ")",
                    lambda q: q == data + "/spool" or ("/spool/" in q and (
                        not batch or
                        os.path.basename(q).startswith("admin-"))))
            if under(old) and "/mail/inbox/" in old:
                act("marking " + os.path.basename(old) + " done",
                    lambda q: True)
            if under(new) and re.search(r"/games/[^/]+/ended$", new):
                ended_mark(new)
            if under(new) and kept(new):
                dirs[os.path.dirname(new)] = "%s of %s" % (
                    call, os.path.basename(new))
        elif call in ("unlink", "unlinkat"):
            p = strings[0] if strings else ""
            if under(p) and "/mail/inbox/" in p:
                act("marking " + os.path.basename(p) + " done",
                    lambda q: True)
    act("the exit", lambda q: True)
    for b in breaches:
        print(b)
    if breaches:
        return 1
    print("ok: %d acts" % acts)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

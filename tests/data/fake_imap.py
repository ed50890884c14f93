#!/usr/bin/env python3
"""fake_imap.py - a tiny IMAP server for the CLI tests, on loopback: just what
libcurl sends for masqued's IMAP pass (CAPABILITY, LOGIN, STATUS, SELECT,
UID SEARCH, UID FETCH of BODY[] or BODY[HEADER], LOGOUT), with the messages given as files (UIDs 1, 2,
... in order) and UIDVALIDITY 1700000000. Every command it is sent is
appended to LOG (the password of LOGIN left out), so a test can see which
UIDs were asked for.

For the done folder: CREATE, UID COPY, UID STORE and plain EXPUNGE are
answered OK; UID MOVE only when FAKE_IMAP_CAPS (the words it announces after
IMAP4rev1, "" by default) holds MOVE, and UID EXPUNGE only when it holds
UIDPLUS; BAD otherwise, as a real server without them answers. A folder
named "missing" asks for TRYCREATE until it is created; one named
"forbidden" is refused (NO [NOPERM]) to CREATE, MOVE and COPY alike, as an
account that may not make or write it. FAKE_IMAP_TRUNCATE=UID
breaks off the first fetch of that UID halfway through its literal (the
connection closed), as a server or a network that fails mid-message does;
the first FAKE_IMAP_TRUNCATE_TIMES fetches of it (1 by default). STATUS
answers UIDNEXT (one past the last UID) when asked, unless
FAKE_IMAP_NO_UIDNEXT is set, as a server that leaves it out. LOGIN is refused
(NO [AUTHENTICATIONFAILED]) when FAKE_IMAP_REFUSE_LOGIN is set, or when
FAKE_IMAP_PASSWORD_FILE names a file whose first line (read at each LOGIN)
is not the password given. UID SEARCH
is refused (NO) when FAKE_IMAP_SEARCH=no, and breaks the connection off
when FAKE_IMAP_SEARCH=drop: a server that fails after its first answers.
FAKE_IMAP_TLS=CERT:KEY speaks TLS from the first byte (imaps://) with that
certificate and key (PEM files); a client that refuses it is no error here.

usage: fake_imap.py PORTFILE LOG MESSAGE...  (the port it listens on is
written to PORTFILE; it serves until killed)
"""
import os
import re
import socket


def password_ok(cmd):
    """LOGIN's password against FAKE_IMAP_PASSWORD_FILE's, if set."""
    path = os.environ.get("FAKE_IMAP_PASSWORD_FILE")
    if not path:
        return True
    want = open(path).readline().strip()
    words = cmd.split(" ", 2)
    given = words[2] if len(words) == 3 else ""
    if given.startswith('"') and given.endswith('"'):
        given = given[1:-1].replace('\\"', '"').replace('\\\\', '\\')
    return given == want
import sys
import threading

VALIDITY = int(os.environ.get("FAKE_IMAP_VALIDITY", "1700000000"))
CAPS = os.environ.get("FAKE_IMAP_CAPS", "").upper().split()
TRUNCATE = int(os.environ.get("FAKE_IMAP_TRUNCATE", "0"))
created = set()
TRUNCATE_TIMES = int(os.environ.get("FAKE_IMAP_TRUNCATE_TIMES", "1"))
truncated = []


def serve(conn, msgs, log):
    f = conn.makefile("rb")

    def send(s):
        conn.sendall(s if isinstance(s, bytes) else s.encode())

    send("* OK fake IMAP ready\r\n")
    while True:
        line = f.readline()
        if not line:
            return
        line = line.decode("latin-1").rstrip("\r\n")
        tag, _, rest = line.partition(" ")
        cmd = rest.upper()
        with open(log, "a") as lf:
            lf.write((tag + " LOGIN ..." if cmd.startswith("LOGIN") else line) + "\n")
        if cmd.startswith("CAPABILITY"):
            send("* CAPABILITY %s\r\n%s OK done\r\n" % (" ".join(["IMAP4rev1"] + CAPS), tag))
        elif "FORBIDDEN" in cmd and (cmd.startswith("CREATE") or
                                     cmd.startswith("UID MOVE") or cmd.startswith("UID COPY")):
            send("%s NO [NOPERM] you may not use that folder\r\n" % tag)
        elif cmd.startswith("CREATE"):
            created.add(rest.split(None, 1)[1].strip('"').lower())
            send("%s OK created\r\n" % tag)
        elif (cmd.startswith("UID MOVE") and "MOVE" in CAPS) or cmd.startswith("UID COPY"):
            folder = rest.split(None, 3)[3].strip('"').lower()
            if folder == "missing" and folder not in created:
                send("%s NO [TRYCREATE] no such folder\r\n" % tag)
            else:
                send("%s OK done\r\n" % tag)
        elif cmd.startswith("UID STORE") or cmd == "EXPUNGE" or \
                (cmd.startswith("UID EXPUNGE") and "UIDPLUS" in CAPS):
            send("%s OK done\r\n" % tag)
        elif cmd.startswith("LOGIN") and (os.environ.get("FAKE_IMAP_REFUSE_LOGIN")
                                          or not password_ok(rest)):
            send("%s NO [AUTHENTICATIONFAILED] Authentication failed.\r\n" % tag)
        elif cmd.startswith("LOGIN"):
            send("%s OK logged in\r\n" % tag)
        elif cmd.startswith("STATUS"):
            if "UIDNEXT" not in cmd or os.environ.get("FAKE_IMAP_NO_UIDNEXT"):
                send("* STATUS \"INBOX\" (UIDVALIDITY %d)\r\n%s OK done\r\n" % (VALIDITY, tag))
            else:
                send("* STATUS \"INBOX\" (UIDVALIDITY %d UIDNEXT %d)\r\n%s OK done\r\n"
                     % (VALIDITY, len(msgs) + 1, tag))
        elif cmd.startswith("SELECT") or cmd.startswith("EXAMINE"):
            send("* %d EXISTS\r\n* OK [UIDVALIDITY %d] ok\r\n%s OK [READ-WRITE] done\r\n"
                 % (len(msgs), VALIDITY, tag))
        elif cmd.startswith("UID SEARCH") and os.environ.get("FAKE_IMAP_SEARCH"):
            if os.environ["FAKE_IMAP_SEARCH"] == "drop":
                conn.shutdown(socket.SHUT_RDWR)
                return
            send("%s NO [SERVERBUG] search failed\r\n" % tag)
        elif cmd.startswith("UID SEARCH"):
            m = re.search(r"UID (\d+):\*", rest[len("UID SEARCH"):])
            lo = int(m.group(1)) if m else 1
            uids = [str(u) for u in range(1, len(msgs) + 1) if u >= lo]
            send("* SEARCH %s\r\n%s OK done\r\n" % (" ".join(uids), tag))
        elif cmd.startswith("UID FETCH"):
            uid = int(rest.split()[2])
            if 1 <= uid <= len(msgs) and "BODY[HEADER]" in cmd:
                # the header section: up to and with the blank line
                body = msgs[uid - 1]
                m = re.search(rb"\r?\n\r?\n", body)
                head = body[:m.end()] if m else body
                send(b"* %d FETCH (UID %d BODY[HEADER] {%d}\r\n" % (uid, uid, len(head)) +
                     head + b")\r\n")
            elif 1 <= uid <= len(msgs):
                body = msgs[uid - 1]
                if uid == TRUNCATE and len(truncated) < TRUNCATE_TIMES:
                    truncated.append(uid)
                    send(b"* %d FETCH (UID %d BODY[] {%d}\r\n" % (uid, uid, len(body)) +
                         body[:len(body) // 2])
                    conn.shutdown(socket.SHUT_RDWR)
                    return
                send(b"* %d FETCH (UID %d BODY[] {%d}\r\n" % (uid, uid, len(body)) + body + b")\r\n")
            send("%s OK done\r\n" % tag)
        elif cmd.startswith("LOGOUT"):
            send("* BYE\r\n%s OK bye\r\n" % tag)
            return
        else:
            send("%s BAD not in this fake\r\n" % tag)


def main():
    portfile, log = sys.argv[1], sys.argv[2]
    msgs = [open(p, "rb").read() for p in sys.argv[3:]]
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", 0))
    s.listen(4)
    with open(portfile + ".tmp", "w") as pf:
        pf.write("%d\n" % s.getsockname()[1])
    os.rename(portfile + ".tmp", portfile)
    while True:
        conn, _ = s.accept()
        # each reply at once: a FETCH's literal and its tagged OK are two
        # writes, and under Nagle's rule the second waited for the
        # client's delayed ACK (40 ms a FETCH; most of test_kill_imap's
        # time was that wait)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        threading.Thread(target=serve_quietly, args=(conn, msgs, log), daemon=True).start()


def serve_quietly(conn, msgs, log):
    # a client that hangs up mid-literal (libcurl, past its cap on a
    # message too large) is no error of the fake's, nor one that refuses
    # the certificate
    try:
        tls = os.environ.get("FAKE_IMAP_TLS")
        if tls:
            import ssl
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            ctx.load_cert_chain(*tls.split(":", 1))
            conn = ctx.wrap_socket(conn, server_side=True)
        serve(conn, msgs, log)
    except (ConnectionResetError, BrokenPipeError, OSError):
        pass


if __name__ == "__main__":
    main()

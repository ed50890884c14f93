#!/usr/bin/python3
"""smtp_sink.py - a minimal SMTP server for the CLI tests: it accepts every
message and stores each, as received, in a file of OUTDIR; it waits DELAY
seconds before answering each DATA, so that a test can hold a sender in the
middle of a session. With SINK_REFUSE set, a recipient that holds it is
refused for good (550), as a server that knows no such user; with
SINK_DEFER set, one that holds it is put off (450: try again later). With
SINK_GREET set, every connection is greeted with that line and closed:
a 4xx or 5xx, a server that takes no mail at all (421: in maintenance,
overloaded); a 220, one that stops in the middle of the session. With
SINK_SILENT set, every connection is taken and never answered (a server
that hangs; as silent to an IMAP client). With SINK_TLS=CERT:KEY it speaks
TLS from the first byte (smtps://) with that certificate and key. Prints the port it listens on, then serves until killed.
Usage: smtp_sink.py OUTDIR [DELAY]"""
import os, socket, socketserver, sys, threading

out, delay = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 0
refuse = os.environ.get("SINK_REFUSE", "")
greet = os.environ.get("SINK_GREET", "")
silent = os.environ.get("SINK_SILENT", "")
defer = os.environ.get("SINK_DEFER", "")
count = [0]
lock = threading.Lock()

tls = os.environ.get("SINK_TLS", "")

class Handler(socketserver.StreamRequestHandler):
    def setup(self):
        self.refused = False
        if tls:
            import ssl
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            ctx.load_cert_chain(*tls.split(":", 1))
            try:
                self.request = ctx.wrap_socket(self.request, server_side=True)
            except OSError:     # the client refused the certificate
                self.refused = True
        super().setup()

    def say(self, line):
        self.wfile.write(line.encode() + b"\r\n")
        self.wfile.flush()

    def handle(self):
        if self.refused:
            return
        if silent:
            while self.rfile.readline():
                pass
            return
        if greet:
            self.say(greet)
            return
        self.say("220 sink ESMTP")
        rcpt = []
        while True:
            line = self.rfile.readline()
            if not line:
                return
            cmd = line.decode("latin-1").strip()
            verb = cmd.split(" ", 1)[0].upper()
            if verb in ("EHLO", "HELO"):
                self.wfile.write(b"250-sink\r\n250 8BITMIME\r\n")
                self.wfile.flush()
            elif verb == "MAIL":
                rcpt = []
                self.say("250 ok")
            elif verb == "RCPT" and refuse and refuse in cmd:
                self.say("550 5.1.1 no such user here")
            elif verb == "RCPT" and defer and defer in cmd:
                self.say("450 4.2.1 mailbox busy, try again later")
            elif verb == "RCPT":
                rcpt.append(cmd)
                self.say("250 ok")
            elif verb == "DATA":
                self.say("354 go on")
                data = []
                while True:
                    l = self.rfile.readline()
                    if not l or l in (b".\r\n", b".\n"):
                        break
                    data.append(l[1:] if l.startswith(b"..") else l)
                threading.Event().wait(delay)
                with lock:
                    count[0] += 1
                    name = os.path.join(out, "%06d.eml" % count[0])
                with open(name, "wb") as f:
                    f.write(b"".join(data))
                self.say("250 queued")
            elif verb == "RSET" or verb == "NOOP":
                self.say("250 ok")
            elif verb == "QUIT":
                self.say("221 bye")
                return
            else:
                self.say("502 unknown")

class Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def handle_error(self, request, client_address):
        # a client that hangs up (one that spoke TLS to this plain-text
        # port, say) is no error of the sink's
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)

srv = Server(("127.0.0.1", 0), Handler)
print(srv.server_address[1], flush=True)
srv.serve_forever()

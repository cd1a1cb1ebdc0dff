# nvharness.py: what the daemon's Python harnesses share (crash.py,
# load.py): a scratch directory with a database, a Maildir in and a Maildir
# outbox, games made with navarch, order mails, navarchd runs, and reading
# back what was sent and stored.
#
# Environment (as `make check` sets it): NAVARCH, NAVARCHD, NAVARCH_DATADIR,
# NAVARCH_TEMPLATEDIR, NAVARCH_SRCDIR.

import email.parser
import email.policy
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

SRC = os.environ.get("NAVARCH_SRCDIR") or os.path.abspath(
    os.path.join(os.path.dirname(__file__), "..", ".."))
SCENARIO = os.path.join(SRC, "orders", "demo", "scenario.xml")
DAEMON_ADDRESS = "navarch@example.org"
T0 = 1796126400		# 2026-12-01T12:00Z, when the games are made


def need_env(name):
    v = os.environ.get(name)
    if not v:
        sys.exit("%s must be set (make check sets it)" % name)
    return v


def iso(t):
    return time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime(t)) \
        if t % 60 == 0 else "@%d" % t


class Tally:
    """Counts checks; ends with the suite's "N passed, N failed"."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, cond, what):
        if cond:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: %s" % what, flush=True)
        return cond

    def finish(self):
        print("%d passed, %d failed" % (self.passed, self.failed))
        sys.exit(1 if self.failed else 0)


class World:
    """A database, a Maildir in, a Maildir outbox and a navarchd.conf."""

    def __init__(self, root, name, extra_conf=""):
        self.navarch = need_env("NAVARCH")
        self.navarchd = need_env("NAVARCHD")
        self.datadir = need_env("NAVARCH_DATADIR")
        self.dir = os.path.join(root, name)
        os.makedirs(self.dir)
        self.db = os.path.join(self.dir, "nv.db")
        self.inbox = os.path.join(self.dir, "Maildir")
        self.outbox = os.path.join(self.dir, "outbox")
        for sub in ("new", "cur", "tmp"):
            os.makedirs(os.path.join(self.inbox, sub))
        self.conf = os.path.join(self.dir, "navarchd.conf")
        with open(self.conf, "w") as f:
            f.write("database = %s\nmailbox = maildir:%s\n"
                    "smtp = file:%s\nfrom = %s\ndatadir = %s\n"
                    "hash_cost = 1\nlog_level = debug\n%s"
                    % (self.db, self.inbox, self.outbox, DAEMON_ADDRESS,
                       self.datadir, extra_conf))
        self.env = dict(os.environ, NAVARCH_HASH_COST="1")
        self.env.pop("NAVARCH_CONFIG", None)
        self.env.pop("NAVARCH_NOW", None)
        self.nmail = 0

    def nv(self, *args, now=T0, stdin=None):
        """Runs navarch on the database; its output, or exits."""
        r = subprocess.run([self.navarch, "--db", self.db, "--now", iso(now)]
                           + list(args), env=self.env, input=stdin,
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("navarch %s: exit %d\n%s" % (" ".join(args),
                     r.returncode, r.stderr))
        return r.stdout

    def password_file(self, name, secret):
        path = os.path.join(self.dir, "pw-" + name)
        with open(path, "w") as f:
            f.write(secret + "\n")
        return path

    def add_game(self, game, sides=("athens", "persia"), schedule=None):
        """The demo battle as game, a player per side (password
        SIDE-secret, address SIDE-GAME@example.org) and a GM
        (gm-GAME@example.org, gm-secret)."""
        self.nv("game", "create", game, "--scenario", SCENARIO,
                "--seed", "seed-" + game, "--deadline", "+2d",
                "--gm", "gm-%s@example.org" % game,
                "--gm-password-file", self.password_file("gm", "gm-secret"))
        for side in sides:
            self.nv("player", "add", game, side,
                    "%s-%s@example.org" % (side, game), "--password-file",
                    self.password_file(side, side + "-secret"))
        if schedule:
            self.nv("game", "settings", game, "schedule=" + schedule)

    def mail(self, sender, body, msgid=None, subject="orders"):
        """Drops a message into the Maildir's new/; returns its id."""
        self.nmail += 1
        if msgid is None:
            msgid = "m%d.%s@players.example.org" % (self.nmail,
                                                     sender.split("@")[0])
        text = ("From: %s\nTo: %s\nSubject: %s\nMessage-ID: <%s>\n"
                "Date: Tue, 01 Dec 2026 12:00:00 +0000\n"
                "Content-Type: text/plain; charset=utf-8\n\n%s"
                % (sender, DAEMON_ADDRESS, subject, msgid, body))
        name = "%08d.%d.harness" % (self.nmail, os.getpid())
        tmp = os.path.join(self.inbox, "tmp", name)
        with open(tmp, "w") as f:
            f.write(text)
        os.rename(tmp, os.path.join(self.inbox, "new", name))
        return msgid

    def daemon_argv(self, now):
        return [self.navarchd, "-f", self.conf, "--once", "--foreground",
                "--now", iso(now)]

    def run_once(self, now):
        """One clean cycle; (exit status, standard error, seconds)."""
        t = time.monotonic()
        r = subprocess.run(self.daemon_argv(now), env=self.env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True)
        return r.returncode, r.stderr, time.monotonic() - t

    def inbox_waiting(self):
        return len(os.listdir(os.path.join(self.inbox, "new")))

    def sql(self, query, args=()):
        c = sqlite3.connect(self.db)
        try:
            return c.execute(query, args).fetchall()
        finally:
            c.close()

    def sent(self):
        """Every message in the outbox Maildir: a list of (Message-ID,
        bytes, headers), whole files only (tmp/ is not delivered)."""
        out = []
        parser = email.parser.BytesHeaderParser(policy=email.policy.compat32)
        for sub in ("new", "cur"):
            d = os.path.join(self.outbox, sub)
            if not os.path.isdir(d):
                continue
            for name in sorted(os.listdir(d)):
                with open(os.path.join(d, name), "rb") as f:
                    raw = f.read()
                h = parser.parsebytes(raw)
                mid = (h.get("Message-ID") or "").strip()
                out.append((mid, raw, h))
        return out

    def new_mails(self, seen):
        """The messages of the outbox whose Message-ID is not in seen,
        parsed (email.policy.default); their ids are added to seen."""
        new = []
        for mid, raw, _ in self.sent():
            if mid in seen:
                continue
            seen.add(mid)
            new.append(email.message_from_bytes(raw,
                                                policy=email.policy.default))
        return new


def scratch(prefix):
    root = tempfile.mkdtemp(prefix=prefix, dir=os.environ.get("TMPDIR"))
    return root


def cleanup(root, keep):
    if keep:
        print("kept %s" % root)
    else:
        shutil.rmtree(root, ignore_errors=True)


def demo_orders(turn, side):
    """The SHIP lines of orders/demo/turnN-SIDE.txt."""
    path = os.path.join(SRC, "orders", "demo", "turn%d-%s.txt" % (turn, side))
    with open(path) as f:
        return "".join(l for l in f if l.strip().upper().startswith("SHIP"))


def orders_body(game, side, secret, lines):
    return "GAME %s\nPLAYER %s\nPASSWORD %s\n%s" % (game, side, secret, lines)


def sanitized(path):
    """1 when the program at path was built with AddressSanitizer."""
    try:
        with open(path, "rb") as f:
            return b"__asan_init" in f.read()
    except OSError:
        return False

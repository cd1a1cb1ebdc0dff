#!/usr/bin/env python3
"""tests/hostile/run.py: the hostile corpus (gen.py) through the real
daemon path, one message at a time: dropped into a Maildir's new/,
navarchd --once (bounded by a timeout), then checked:

- the daemon exited 0 within the timeout (no crash, no hang);
- the message left the inbox (nothing in new/, nothing unseen in cur/);
- it was answered, or logged at warning level (dropped or quarantined),
  and its class's policy (gen.py: answer, drop, quarantine, any) holds;
- the parser's child never failed (a failure would hide a crash, or a
  sanitizer's report, behind the quarantine), and no sanitizer spoke;
- the daemon's peak RSS (its own and the parser's, measured by rss.c)
  stayed
  within the documented bound: 32 MiB + 3 x the message's size, and
  under AddressSanitizer (whose shadow memory and quarantine of freed
  memory take their own) 8 times that.
At the end: no mail the daemon sent carries a header a message tried to
inject.  Prints "N passed, M failed" like the other script tests.

Environment: NAVARCH, NAVARCHD, NAVARCH_DATADIR, NAVARCH_SRCDIR;
CORPUS_ONLY=substring runs the messages whose name holds it; CORPUS_KEEP=1
keeps the temporary directory (database, Maildir, outbox); CORPUS_VERBOSE=1
prints each message's peak RSS.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

NOW = "2026-12-01T12:00Z"
TIMEOUT = 120           # seconds per message, wall clock (ASan is slow)
MIB = 1024 * 1024

passed = 0
failed = 0
outcomes = {"answered": 0, "dropped": 0, "quarantined": 0}


def ok():
    global passed
    passed += 1


def bad(msg):
    global failed
    failed += 1
    print("FAIL: " + msg)


def run(argv, **kw):
    return subprocess.run(argv, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, **kw)


def setup(top):
    env = os.environ
    src = env.get("NAVARCH_SRCDIR",
                  os.path.join(os.path.dirname(__file__), "..", ".."))
    db = os.path.join(top, "nv.db")
    md = os.path.join(top, "Maildir")
    out = os.path.join(top, "outbox")
    for d in (md, out):
        for sub in ("new", "cur", "tmp"):
            os.makedirs(os.path.join(d, sub))
    pw = {}
    for who in ("athens", "persia", "gm"):
        pw[who] = os.path.join(top, "pw-" + who)
        with open(pw[who], "w") as f:
            f.write("%s-secret\n" % who)
    conf = os.path.join(top, "navarchd.conf")
    with open(conf, "w") as f:
        f.write("database = %s\nmailbox = maildir:%s\nsmtp = file:%s\n"
                "from = navarch@example.org\ngm = gm@example.org\n"
                "datadir = %s\nhash_cost = 1\nlog_level = info\n"
                "max_message_size = 16777216\n"
                % (db, md, out, env["NAVARCH_DATADIR"]))
    nv = [env["NAVARCH"], "--db", db]
    steps = [
        nv + ["init"],
        nv + ["game", "create", "demo", "--scenario",
              os.path.join(src, "orders", "demo", "scenario.xml"),
              "--gm", "gm@example.org", "--gm-password-file", pw["gm"]],
        nv + ["player", "add", "demo", "athens", "athens@example.org",
              "--password-file", pw["athens"]],
        nv + ["player", "add", "demo", "persia", "persia@example.org",
              "--password-file", pw["persia"]],
    ]
    for s in steps:
        r = run(s)
        if r.returncode != 0:
            sys.exit("setup: %s: %s" % (" ".join(s), r.stdout.decode()))
    return conf, md, out


def asan_build(navarchd):
    r = run(["ldd", navarchd])
    return b"libasan" in r.stdout


def daemon(conf, log, tmp):
    """navarchd --once under rss: (exit status, timed out, peak RSS)."""
    rss = os.path.join(os.path.dirname(os.environ["NAVARCHD"]), "tests",
                       "hostile", "rss")
    res = os.path.join(tmp, "rss.out")
    argv = [rss, res, str(TIMEOUT), os.environ["NAVARCHD"], "-f", conf,
            "--once", "--foreground", "--now", NOW]
    with open(log, "wb") as f:
        r = subprocess.run(argv, stdout=f, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        sys.exit("rss failed (%d): is tests/hostile/rss built?"
                 % r.returncode)
    with open(res) as f:
        status, kib = f.read().split()
    return (None if status == "timeout" else int(status),
            status == "timeout", int(kib) * 1024)


def outbox_files(out):
    return set(os.listdir(os.path.join(out, "new")))


def header(data):
    """The header block of a sent mail (the file outbox writes LF)."""
    return re.split(rb"\r?\n\r?\n", data, 1)[0]


def is_answer(path):
    """An answer to a mail: auto-replied, or a refusal to the registered
    address; not a report, nor the GM's notice of a quarantine."""
    with open(path, "rb") as f:
        head = header(f.read(65536))
    return (b"\nAuto-Submitted: auto-replied" in head or
            re.search(rb"\nSubject: .*Mail refused", head) is not None)


INJECTED = re.compile(rb"^(Bcc|X-Injected):", re.I | re.M)


def check_sent(out):
    """No header a message tried to inject, in any mail sent."""
    for name in sorted(os.listdir(os.path.join(out, "new"))):
        with open(os.path.join(out, "new", name), "rb") as f:
            head = header(f.read())
        if INJECTED.search(head):
            bad("sent mail %s carries an injected header" % name)
        else:
            ok()


def unseen(md):
    left = os.listdir(os.path.join(md, "new"))
    left += [n for n in os.listdir(os.path.join(md, "cur"))
             if "S" not in n.partition(":2,")[2]]
    return left


NEVER = re.compile(r"the parser (was killed|was stopped|failed|did not "
                   r"finish within)|parser's answer|AddressSanitizer|"
                   r"LeakSanitizer|runtime error:|out of memory")


def one(conf, md, out, tmp, name, expect, data, bound):
    path = os.path.join(md, "new", name)
    with open(path, "wb") as f:
        f.write(data)
    before = outbox_files(out)
    log = os.path.join(tmp, "daemon.log")
    status, hung, rss = daemon(conf, log, tmp)
    with open(log, "r", errors="replace") as f:
        text = f.read()
    mine = [l for l in text.splitlines() if "/" + name + ":" in l]
    what = "%s (%d bytes)" % (name, len(data))
    if hung:
        bad("%s: navarchd did not finish within %d s" % (what, TIMEOUT))
        return rss
    if status != 0:
        bad("%s: navarchd exited %s%s" % (what, status, " (signal %d)" %
            (status - 128) if status > 128 else ""))
        print("\n".join("    | " + l for l in text.splitlines()[-5:]))
    else:
        ok()
    left = unseen(md)
    if left:
        bad("%s: left in the inbox: %s" % (what, ", ".join(left)))
        for n in left:
            os.unlink(os.path.join(md, "new" if n in os.listdir(
                os.path.join(md, "new")) else "cur", n))
    else:
        ok()
    m = NEVER.search(text)
    if m:
        bad("%s: the log says '%s'" % (what, m.group(0)))
    else:
        ok()
    answered = any(is_answer(os.path.join(out, "new", n))
                   for n in outbox_files(out) - before)
    warned = any(": warning: " in l for l in mine)
    quarantined = os.path.exists(os.path.join(md, ".Quarantine", "new",
                                              name))
    if not (answered or warned):
        bad("%s: neither answered nor logged at warning" % what)
    else:
        ok()
        outcomes["quarantined" if quarantined else "answered" if answered
                 else "dropped"] += 1
    want = {
        "answer": answered,
        "drop": warned and not answered and not quarantined,
        "quarantine": warned and quarantined,
        "any": True,
    }[expect]
    if want:
        ok()
    else:
        bad("%s: expected '%s': answered %s, warned %s, quarantined %s"
            % (what, expect, answered, warned, quarantined))
        print("\n".join("    | " + l for l in mine[:4]))
    if os.environ.get("CORPUS_VERBOSE"):
        print("%s: %s, peak RSS %.1f MiB" % (what, expect, rss / MIB))
    if rss > bound(len(data)):
        bad("%s: peak RSS %.1f MiB, over the bound of %.1f MiB"
            % (what, rss / MIB, bound(len(data)) / MIB))
    else:
        ok()
    return rss


def main():
    only = os.environ.get("CORPUS_ONLY")
    # As tests/cli/lib.sh: no config of the machine, fast hashing.
    os.environ.pop("NAVARCH_CONFIG", None)
    os.environ.pop("NAVARCH_NOW", None)
    os.environ["NAVARCH_HASH_COST"] = "1"
    factor = 8 if asan_build(os.environ["NAVARCHD"]) else 1

    def bound(size):
        return factor * (32 * MIB + 3 * size)

    tmp = tempfile.mkdtemp(prefix="navarch-corpus.")
    try:
        conf, md, out = setup(tmp)
        msgs = gen.messages()
        start = time.monotonic()
        worst = (0, "", 0)
        n = 0
        for name, expect, data in msgs:
            if only and only not in name:
                continue
            n += 1
            rss = one(conf, md, out, tmp, name, expect, data, bound)
            if rss > worst[0]:
                worst = (rss, name, len(data))
        check_sent(out)
        print("corpus: %d answered, %d dropped (not answered, logged at "
              "warning), %d quarantined" % (outcomes["answered"],
                                            outcomes["dropped"],
                                            outcomes["quarantined"]))
        print("corpus: %d messages in %.0f s; peak RSS %.1f MiB (%s, %d "
              "bytes); bound %s32 MiB + 3 x the size%s"
              % (n, time.monotonic() - start, worst[0] / MIB, worst[1],
                 worst[2], "8 x (" if factor > 1 else "",
                 ") under ASan" if factor > 1 else ""))
        if not only and n < 250:
            bad("only %d messages in the corpus" % n)
    finally:
        if os.environ.get("CORPUS_KEEP"):
            print("corpus: kept %s" % tmp)
        else:
            shutil.rmtree(tmp)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

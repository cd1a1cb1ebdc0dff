#!/usr/bin/env python3
# load.py: navarchd under load (issue 10; docs/testing.md).
#
# GAMES games of the demo battle, each with two players and a GM, and
# MAILS mails from their players dropped into the Maildir at once: in every
# game both players' orders (the persian orders are missing in one game in
# ten, whose turn must then wait), some of them sent again or with an
# illegal line, and commands (STATUS, HELP, ORDERS, MAP), in a shuffled
# order.  Then ONE run of `navarchd --once` must:
#   - take in every mail and answer each exactly once (a reply whose
#     In-Reply-To is its Message-ID), and send every answer and report
#     within that run (nothing left queued);
#   - store every accepted order set (and nothing of a rejected mail), the
#     last one of each player in force;
#   - play turn 1 of every game whose orders all came in, and mail its
#     reports to both players and the GM; leave the others at turn 1;
#   - stay within a bound of memory (peak RSS of the daemon, measured by
#     wait4(2); --rss-mb, default 64 MB; not checked under AddressSanitizer,
#     whose quarantine alone holds up to 256 MB).
# It prints the figures: mails, games, seconds, mails per second, peak RSS.
#
# usage: load.py [--mails N] [--games G] [--rss-mb MB] [--seed S] [--keep]
#                [--conf 'KEY = VALUE']...
# `make check` runs 1,000 mails for 10 games; `make load` 10,000 for 100.

import argparse
import os
import random
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvharness as H  # noqa: E402

NOW = H.T0 + 3600


def body(game, side, rest):
    return "GAME %s\nPLAYER %s\nPASSWORD %s-secret\n%s" % (game, side, side,
                                                           rest)


def plan(games, mails, rng):
    """The mails to send: (game, side, kind), kind one of orders, bad,
    status, help, orders-cmd, map.  Returns the list, shuffled, and the
    games that get every order: all but one in ten, where persia never
    sends legal orders."""
    kinds = ("orders", "bad", "status", "help", "orders-cmd", "map")
    per, extra = divmod(mails, games)
    todo = []
    complete = set()
    for gi, g in enumerate(games_ids(games)):
        full = gi % 10 != 9
        if full:
            complete.add(g)
        for k in range(per + (1 if gi < extra else 0)):
            side = ("athens", "persia")[k % 2]
            kind = kinds[(k // 2) % len(kinds)]
            if side == "persia" and kind == "orders" and not full:
                kind = "bad"
            todo.append((g, side, kind))
    rng.shuffle(todo)
    return todo, complete


def games_ids(n):
    return ["g%03d" % i for i in range(n)]


def text(game, side, kind):
    if kind == "orders":
        return body(game, side, H.demo_orders(1, side))
    if kind == "bad":
        return body(game, side, H.demo_orders(1, side) +
                    "SHIP %s SPEED 99\n" % ("nike" if side == "athens"
                                            else "sidon"))
    return body(game, side, {"status": "STATUS\n", "help": "HELP\n",
                             "orders-cmd": "ORDERS\n",
                             "map": "MAP\n"}[kind])


def run_daemon(w):
    """One cycle; (exit status, stderr, seconds, peak RSS in KB)."""
    err = open(os.path.join(w.dir, "navarchd.log"), "w+")
    t = time.monotonic()
    p = subprocess.Popen(w.daemon_argv(NOW), env=w.env,
                         stdout=subprocess.DEVNULL, stderr=err)
    _, status, ru = os.wait4(p.pid, 0)
    sec = time.monotonic() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    err.seek(0)
    log = err.read()
    err.close()
    return p.returncode, log, sec, ru.ru_maxrss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mails", type=int, default=1000)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--rss-mb", type=float, default=64.0)
    ap.add_argument("--seed", default="navarch-load-1")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--conf", action="append", default=[],
                    help="a line to add to navarchd.conf")
    a = ap.parse_args()
    t = H.Tally()
    root = H.scratch("navarch-load.")
    w = H.World(root, "load", "".join(x + "\n" for x in a.conf))
    setup_t = time.monotonic()
    w.nv("init")
    for g in games_ids(a.games):
        w.add_game(g)
    todo, complete = plan(a.games, a.mails, random.Random(a.seed))
    sent_ids = {}
    for g, side, kind in todo:
        mid = w.mail("%s-%s@example.org" % (side, g), text(g, side, kind))
        sent_ids[mid] = (g, side, kind)
    setup_t = time.monotonic() - setup_t

    rc, log, sec, rss_kb = run_daemon(w)
    t.check(rc == 0, "navarchd exited %d:\n%s" % (rc, log[-2000:]))
    t.check(w.inbox_waiting() == 0, "%d mails left in the inbox"
            % w.inbox_waiting())
    t.check(w.sql("SELECT count(*) FROM processed_mail")[0][0] == a.mails,
            "processed_mail does not hold every mail")
    unsent = w.sql("SELECT count(*) FROM outbox WHERE status != 'sent'")[0][0]
    delivered = w.sent()
    t.check(unsent == 0, "%d mails still queued after the run" % unsent)

    # Every mail answered exactly once.
    answers = {}
    reports = {}
    for mid, raw, h in delivered:
        irt = (h.get("In-Reply-To") or "").strip().strip("<>")
        if irt:
            answers[irt] = answers.get(irt, 0) + 1
        subj = h.get("Subject") or ""
        if "Turn 1 report" in subj:
            g = subj.split("]")[0].split()[-1]
            reports.setdefault(g, set()).add(h.get("To"))
    unanswered = [m for m in sent_ids if answers.get(m, 0) == 0]
    twice = [m for m in sent_ids if answers.get(m, 0) > 1]
    t.check(not unanswered, "%d mails unanswered, e.g. %s"
            % (len(unanswered), unanswered[:3]))
    t.check(not twice, "%d mails answered twice" % len(twice))

    # Orders: every accepted set stored, the last of each player in force.
    good = sum(1 for k in sent_ids.values() if k[2] == "orders")
    t.check(w.sql("SELECT count(*) FROM order_sets")[0][0] == good,
            "%d order sets stored, %d mails had legal orders"
            % (w.sql("SELECT count(*) FROM order_sets")[0][0], good))
    players = {(g, s) for g, s, k in sent_ids.values() if k == "orders"}
    t.check(w.sql("SELECT count(*) FROM order_sets WHERE in_force = 1")
            [0][0] == len(players), "not one set in force per player")

    # Turns: played where every order came in, reports to all three.
    turn = dict(w.sql("SELECT game, max(turn) FROM states "
                      "WHERE superseded = 0 GROUP BY game"))
    for g in games_ids(a.games):
        want = 2 if g in complete else 1
        t.check(turn.get(g) == want, "game %s is at turn %s, not %d"
                % (g, turn.get(g), want))
        if g in complete:
            t.check(reports.get(g) == {"athens-%s@example.org" % g,
                                       "persia-%s@example.org" % g,
                                       "gm-%s@example.org" % g},
                    "game %s: reports went to %s" % (g, reports.get(g)))

    # Under AddressSanitizer the peak RSS is mostly the sanitizer's: its
    # quarantine alone keeps up to 256 MB of freed memory.  The figure is
    # printed, the bound checked only without it.
    asan = H.sanitized(w.navarchd)
    rss = rss_kb / 1024.0
    if not asan:
        t.check(rss <= a.rss_mb, "peak RSS %.1f MB, over the bound of "
                "%.0f MB" % (rss, a.rss_mb))
    bound = "not checked under AddressSanitizer" if asan else \
        "bound %.0f MB" % a.rss_mb
    print("load: %d mails for %d games (%d turns played) in one run of "
          "navarchd --once: %.1f s, %.0f mails/s, peak RSS %.1f MB "
          "(%s); %d answers, %d mails sent within the run, %d left; "
          "set-up %.0f s"
          % (a.mails, a.games, len(complete), sec, a.mails / sec, rss,
             bound, sum(answers.values()), len(delivered), unsent,
             setup_t))
    H.cleanup(root, a.keep or t.failed > 0)
    t.finish()


if __name__ == "__main__":
    main()

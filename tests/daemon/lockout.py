#!/usr/bin/env python3
# lockout.py: password guessing against navarchd (issue 10; docs/security.md
# "Authentication limits"), through the real daemon path.
#
# A guesser sends GUESSES mails signed as athens with wrong passwords from
# an address of his own, then athens sends his orders with the right
# password; one run of `navarchd --once` takes them all.  Then:
#   - the right password is refused while the lock-out lasts (no order
#     set stored), and athens is told until when;
#   - the GM is mailed once, however many guesses came;
#   - every guess is audited (failures until the lock-out, then refusals);
#   - after auth_lockout (1 h by default) the same orders are accepted.
# Prints the figures (guesses, when the lock-out began, refusals, GM
# notices, audited rows, accepted after) and "N passed, N failed".
#
# usage: lockout.py [--guesses N] [--keep]; `make lockout` and `make check`
# run it with 50.

import argparse
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvharness as H  # noqa: E402

GAME = "demo"
ATHENS = "athens-%s@example.org" % GAME
GM = "gm-%s@example.org" % GAME
GUESSER = "mallory@evil.example"
NOW = H.T0 + 600
HOUR = 3600


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--guesses", type=int, default=50)
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    t = H.Tally()
    root = H.scratch("navarch-lockout.")
    w = H.World(root, "lockout")
    w.add_game(GAME)
    orders = H.orders_body(GAME, "athens", "athens-secret",
                           H.demo_orders(1, "athens"))
    for i in range(a.guesses):
        w.mail(GUESSER, H.orders_body(GAME, "athens", "guess-%d" % i,
                                      H.demo_orders(1, "athens")))
    w.mail(ATHENS, orders)
    rc, err, secs = w.run_once(NOW)
    t.check(rc == 0, "navarchd exit %d: %s" % (rc, err[-400:]))
    t.check(w.inbox_waiting() == 0, "mails left in the inbox")

    stored = w.sql("SELECT count(*) FROM order_sets")[0][0]
    t.check(stored == 0, "%d order sets stored during the lock-out"
            % stored)
    failures = w.sql("SELECT count(*) FROM audit WHERE action ="
                     " 'auth-failure'")[0][0]
    locked = w.sql("SELECT count(*) FROM audit WHERE action ="
                   " 'auth-locked'")[0][0]
    lockouts = w.sql("SELECT count(*) FROM audit WHERE action ="
                     " 'auth-lockout'")[0][0]
    t.check(failures + locked == a.guesses + 1,
            "audited %d failures and %d refusals for %d mails"
            % (failures, locked, a.guesses + 1))
    t.check(lockouts == 1, "%d lock-outs audited" % lockouts)
    sent = w.sent()
    to_gm = [h for _, _, h in sent if GM in (h.get("To") or "")]
    t.check(len(to_gm) == 1, "the GM was mailed %d times" % len(to_gm))
    t.check(len(to_gm) == 1 and "Locked out" in (to_gm[0]["Subject"] or ""),
            "the GM's mail is not a lock-out notice")
    told = [raw for _, raw, h in sent if ATHENS in (h.get("To") or "")]
    t.check(any(b"until" in raw for raw in told),
            "athens was not told until when")

    # The hour is over: the same orders, the same password, accepted.
    w.mail(ATHENS, orders)
    rc, err, _ = w.run_once(NOW + HOUR + 60)
    t.check(rc == 0, "navarchd exit %d after the hour" % rc)
    after = w.sql("SELECT count(*) FROM order_sets")[0][0]
    t.check(after == 1, "%d order sets stored after the hour" % after)

    print("lock-out: %d wrong passwords: locked out after %d; the right "
          "password refused %d time(s) during the lock-out, accepted "
          "after 1 h; GM mailed %d time(s); %d attempts audited; "
          "%.1f s" % (a.guesses, failures, locked - (a.guesses - failures),
                      len(to_gm), failures + locked, secs))
    H.cleanup(root, a.keep)
    t.finish()


if __name__ == "__main__":
    main()

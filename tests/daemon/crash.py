#!/usr/bin/env python3
# crash.py: crash consistency of navarchd (issue 10; docs/testing.md).
#
# A scripted game (three games of the demo battle played side by side over
# ten steps: orders, replaced and duplicated orders, refusals, commands,
# press, a GM's PROCESS, reminders, deadlines passing, reports) is played
# twice by `navarchd --once` on a Maildir in and a Maildir outbox:
#
#   - the reference: clean cycles at each step's time until one finds
#     nothing to do;
#   - the crash run: at each step, navarchd is started again and again and
#     killed with SIGKILL at a random point among the next few units of the
#     work still to do (after a random delay, or just after a random line
#     of its log plus a random delay; once a step just after its intake,
#     when it adjudicates), then run clean until idle.  At least --kills N
#     kills in all (default 100), spread over the steps; the random choices
#     come from --seed, so a run is reproducible up to the machine's
#     timing.
#
# Then it proves: every order mail counted exactly once (order_sets and
# processed_mail equal the reference's, row for row); every turn
# adjudicated exactly once (one live state per turn, states, events and
# rolls equal the reference's); every mail sent at least once, a duplicate
# byte for byte the same with the same Message-ID, and the set of
# Message-IDs and their bytes equal to the reference's; the outbox table
# all sent; PRAGMA integrity_check ok and no foreign key broken; the final
# state of every game identical.  It prints the figures: kills by phase
# (intake, adjudication, sending), duplicates, time.
#
# usage: crash.py [--kills N] [--seed S] [--keep]
# Environment: NAVARCH, NAVARCHD, NAVARCH_DATADIR, NAVARCH_TEMPLATEDIR,
# NAVARCH_SRCDIR (make check sets them); NAVARCH_CRASH_KILLS and
# NAVARCH_CRASH_SEED override the defaults.

import argparse
import os
import random
import signal
import subprocess
import sys
import threading
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvharness as H  # noqa: E402

GAMES = ("alpha", "beta", "gamma")
HOUR = 3600
# Weights of the units of work, for placing kills: a mail taken in, a turn
# adjudicated (its replay and three reports), a mail sent.
W_MAIL, W_ADJ, W_SEND = 1.0, 3.0, 1.0
ATTEMPT_TIMEOUT = 300
MAX_ATTEMPTS = 400	# per step


def secret(side):
    return side + "-secret"


def player_mail(w, game, side, body, msgid=None):
    return w.mail("%s-%s@example.org" % (side, game), body, msgid)


def orders(w, game, side, turn, msgid=None, extra=""):
    return player_mail(w, game, side, H.orders_body(
        game, side, secret(side), H.demo_orders(turn, side) + extra), msgid)


def command(w, game, side, text):
    return player_mail(w, game, side, "GAME %s\nPLAYER %s\nPASSWORD %s\n%s"
                       % (game, side, secret(side), text))


# The script: (time, function dropping one game's mails).  Every step runs
# for every game, so a cycle interleaves three games' work.  ids keeps the
# Message-IDs a later step sends again.
def s1(w, g, ids):
    ids[g, "a1"] = orders(w, g, "athens", 1)
    command(w, g, "persia", "HELP\n")


def s2(w, g, ids):
    command(w, g, "persia", "STATUS\n")
    command(w, g, "athens", "PRESS TO persia\nWell met.\nEND PRESS\n")
    player_mail(w, g, "persia", H.orders_body(g, "persia", "wrong",
                H.demo_orders(1, "persia")))


def s3(w, g, ids):
    orders(w, g, "persia", 1)
    # The same mail again (a resend by the player's client): one order set.
    orders(w, g, "athens", 1, msgid=ids[g, "a1"])


def s4(w, g, ids):
    orders(w, g, "athens", 2)
    orders(w, g, "persia", 2, extra="SHIP sidon SPEED 99\n")
    command(w, g, "athens", "MAP\n")


def s5(w, g, ids):
    orders(w, g, "athens", 2)	# replaces the earlier set
    orders(w, g, "persia", 2)


def s6(w, g, ids):
    orders(w, g, "athens", 3)
    command(w, g, "persia", "ORDERS\n")


def s7(w, g, ids):
    w.mail("gm-%s@example.org" % g, "GAME %s\nGM\nPASSWORD gm-secret\n"
           "PROCESS\n" % g)


def s8(w, g, ids):
    command(w, g, "athens", "STATUS\n")
    command(w, g, "persia", "RESEND\n")


def nothing(w, g, ids):
    pass


# Turn 3 is played by the GM at T0+7h; the schedule (+24h) puts turn 4's
# deadline at T0+31h and turn 5's a day after the tick that plays turn 4.
STEPS = [
    (H.T0 + 1 * HOUR, s1),
    (H.T0 + 2 * HOUR, s2),
    (H.T0 + 3 * HOUR, s3),
    (H.T0 + 4 * HOUR, s4),
    (H.T0 + 5 * HOUR, s5),
    (H.T0 + 6 * HOUR, s6),
    (H.T0 + 7 * HOUR, s7),
    (H.T0 + 8 * HOUR, s8),
    (H.T0 + 31 * HOUR + 60, nothing),
    (H.T0 + 55 * HOUR + 120, nothing),
]


def setup(root, name):
    w = H.World(root, name)
    w.nv("init")
    for g in GAMES:
        w.add_game(g, schedule="+24h")
    # The players' welcome mails go out before the script begins, in both
    # runs alike, so that an empty cycle is empty.
    settle(w, H.T0, name)
    return w


def turns(w):
    rows = w.sql("SELECT game, max(turn) FROM states WHERE superseded = 0 "
                 "GROUP BY game")
    return dict(rows)


def idle(err):
    """True if the cycle whose log is err did nothing."""
    return ("cycle: 0 messages, 0 quarantined, 0 turns adjudicated, "
            "0 mails queued, 0 sent," in err)


def settle(w, now, what):
    """Runs clean cycles at now until one has nothing left to do (a
    second tick in the same second may find more due: the reminders of
    the turn the first one opened).  Returns the first cycle's seconds."""
    first = None
    for _ in range(5):
        rc, err, sec = w.run_once(now)
        if rc != 0:
            sys.exit("%s: the cycle at %s exited %d\n%s"
                     % (what, H.iso(now), rc, err))
        if first is None:
            first = sec
        if idle(err):
            return first
    sys.exit("%s: five cycles at %s and still not idle" % (what, H.iso(now)))


class Ref:
    """What the reference run did at each step."""

    def __init__(self):
        self.seconds = []	# duration of the step's cycle
        self.mails = []		# mails dropped
        self.turns = []		# {game: turn} after the step
        self.rows = []		# outbox rows made by the step
        self.weight = []	# its units of work (W_MAIL, W_ADJ, W_SEND)
        self.startup = 0.0	# an empty cycle (median of three)
        self.startup_lo = 0.0	# a bound below its start-up


def reference(root):
    w = setup(root, "reference")
    ref = Ref()
    empty = []
    for _ in range(3):
        rc, err, sec = w.run_once(H.T0)
        if rc != 0:
            sys.exit("reference: an empty cycle exited %d\n%s" % (rc, err))
        empty.append(sec)
    ref.startup = sorted(empty)[1]
    ref.startup_lo = 0.7 * min(empty)
    ids = {}
    for now, step in STEPS:
        before = w.nmail
        turns_before = turns(w)
        for g in GAMES:
            step(w, g, ids)
        ref.seconds.append(settle(w, now, "reference"))
        ref.mails.append(w.nmail - before)
        ref.turns.append(turns(w))
        ref.rows.append(w.sql("SELECT count(*) FROM outbox WHERE created = ?",
                              (now,))[0][0])
        adj = sum(t - turns_before[g] for g, t in ref.turns[-1].items())
        ref.weight.append(W_MAIL * ref.mails[-1] + W_ADJ * adj +
                          W_SEND * ref.rows[-1])
    return w, ref


class Remaining:
    def __init__(self, w, i, now, ref):
        self.mails = w.inbox_waiting()
        cur = turns(w)
        self.adj = sum(max(0, t - cur.get(g, 0))
                       for g, t in ref.turns[i].items())
        self.send = ref.rows[i] - w.sql(
            "SELECT count(*) FROM outbox WHERE created = ? AND "
            "status = 'sent'", (now,))[0][0]

    def weight(self):
        return W_MAIL * self.mails + W_ADJ * self.adj + W_SEND * self.send

    def phase(self):
        """Where a cycle killed now was: it takes in all mail first, then
        plays the turns due, then sends."""
        if self.mails:
            return "intake"
        if self.adj:
            return "adjudication"
        if self.send:
            return "sending"
        return "after"


class Reader(threading.Thread):
    """Collects a process's standard error, line by line."""

    def __init__(self, f):
        super().__init__(daemon=True)
        self.f = f
        self.lines = []
        self.cv = threading.Condition()

    def run(self):
        for line in self.f:
            with self.cv:
                self.lines.append(line)
                self.cv.notify_all()
        with self.cv:
            self.lines.append(None)
            self.cv.notify_all()

    def wait_lines(self, n, deadline):
        """Waits for n lines or the end; True if n lines came."""
        with self.cv:
            while True:
                got = [x for x in self.lines if x is not None]
                if len(got) >= n:
                    return True
                if None in self.lines:
                    return False
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.cv.wait(left)


class Stats:
    def __init__(self):
        self.kills = 0
        self.phases = {}
        self.modes = {}
        self.attempts = 0
        self.duplicate_intake = 0
        self.clean = 0


def attempt(w, now, delay, line, sub, st):
    """Starts navarchd; kills it after delay seconds, or after its line-th
    line of log and sub seconds more.  Returns True if it was killed, False
    if it ended first (then its exit status must be 0)."""
    st.attempts += 1
    p = subprocess.Popen(w.daemon_argv(now), env=w.env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True)
    rd = Reader(p.stderr)
    rd.start()
    start = time.monotonic()
    if line is not None:
        if rd.wait_lines(line, start + ATTEMPT_TIMEOUT):
            time.sleep(sub)
    else:
        try:
            p.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            pass
    killed = False
    if p.poll() is None:
        p.send_signal(signal.SIGKILL)
        killed = True
    try:
        rc = p.wait(timeout=ATTEMPT_TIMEOUT)
    except subprocess.TimeoutExpired:
        p.kill()
        sys.exit("navarchd did not end")
    rd.join()
    text = "".join(x for x in rd.lines if x is not None)
    st.duplicate_intake += text.count(": duplicate:")
    if killed and rc == -signal.SIGKILL:
        return True, text
    if rc != 0:
        sys.exit("navarchd exited %d at %s\n%s" % (rc, H.iso(now), text))
    return False, text


def crash_run(root, ref, kills, seed):
    """The game again, killed about `kills` times.  Each step is swept:
    navarchd is started and killed at a random point among the next few
    units of the work still to do (progress made before a kill is kept),
    again and again until none is left, so the kills fall all along the
    step's intake, adjudication and sending."""
    w = setup(root, "crash")
    rng = random.Random(seed)
    st = Stats()
    ids = {}
    for i, (now, step) in enumerate(STEPS):
        for g in GAMES:
            step(w, g, ids)
        per_unit = max(ref.seconds[i] - ref.startup, 0.001) / max(
            ref.weight[i], 1)
        first = True
        for _ in range(MAX_ATTEMPTS):
            rem = Remaining(w, i, now, ref)
            if rem.weight() == 0:
                break
            # A kill lands up to `span` units past the start of the work
            # left, so about span / 2 units are done between two kills:
            # span is set for the kills still owed over the work left in
            # the game (0.4: some attempts end before their kill).
            owed = kills - st.kills
            left = rem.weight() + sum(ref.weight[i + 1:])
            span = 2.0 * 0.4 * left / owed if owed > 0 else 8.0
            span = min(max(span, 0.25), 8.0)
            adj_time = W_ADJ * per_unit * rem.adj
            if first and rem.adj:
                # One kill a step aimed at the adjudication: just after the
                # last mail taken in (one line of log each), or past the
                # start-up when there is none, within the turns' time.
                first = False
                mode = "after intake"
                if rem.mails:
                    delay, line = None, rem.mails
                    sub = rng.uniform(0, adj_time)
                else:
                    line, sub = None, 0
                    delay = ref.startup_lo + rng.uniform(0, adj_time)
            elif rng.random() < 0.75:
                mode, line, sub = "delay", None, 0
                # Mostly past the start-up, which an empty cycle is
                # little more than.
                delay = rng.uniform(0, ref.startup_lo + span * per_unit)
            else:
                # Just after a line of its log: a unit of work committed.
                mode, delay = "log line", None
                line = rng.randint(1, max(1, int(span / 2 + 0.5)))
                sub = rng.uniform(0, per_unit)
            killed, _ = attempt(w, now, delay, line, sub, st)
            if not killed:
                # It ended before its kill: the step's work is done, or
                # never will be (the checks below will tell).
                st.clean += 1
                break
            # Where it was: the first unit of the work it left undone.
            phase = Remaining(w, i, now, ref).phase()
            st.kills += 1
            st.phases[phase] = st.phases.get(phase, 0) + 1
            st.modes[mode] = st.modes.get(mode, 0) + 1
        # Then without a kill until nothing is left to do.
        settle(w, now, "crash run")
        st.clean += 1
    return w, st


# What is compared with the reference, row for row, as sorted lists: every
# table, with surrogate ids replaced by what they stand for (rows made in
# another order after a kill get other ids: the outbox row of a reminder
# may come before another game's report), and without the password hashes
# (salted at random).
QUERIES = {
    "games": "SELECT id, ruleset, scenario, settings, status, deadline, "
             "gm_address, seed, seed_commitment, seed_revealed, created "
             "FROM games",
    "players": "SELECT game, id, side, address, admiral, missed, removed, "
               "bounces FROM players",
    "sides": "SELECT * FROM sides",
    "player_ships": "SELECT * FROM player_ships",
    "observers": "SELECT * FROM observers",
    "states": "SELECT game, turn, xml, created, adjudicated, superseded "
              "FROM states",
    "order_sets": "SELECT game, turn, player, source, message_id, sender, "
                  "received, text, normalised, in_force, rolled_back "
                  "FROM order_sets",
    "turn_orders": "SELECT s.game, s.turn, o.message_id, o.text "
                   "FROM turn_orders t JOIN states s ON s.id = t.state "
                   "JOIN order_sets o ON o.id = t.order_set",
    "events": "SELECT game, turn, seq, phase, kind, ship, other, text "
              "FROM events",
    "rolls": "SELECT game, turn, seq, phase, label, purpose, ship, sides, "
             "result FROM rolls",
    "audit": "SELECT game, time, actor, action, details FROM audit",
    "outbox": "SELECT game, message_id, recipient, subject, body, status, "
              "attempts, next_attempt, last_error, created, sent "
              "FROM outbox",
    "processed_mail": "SELECT * FROM processed_mail",
    "rate_limits": "SELECT * FROM rate_limits",
    "turn_marks": "SELECT * FROM turn_marks",
}


def table(w, name):
    return sorted(w.sql(QUERIES[name]), key=repr)


def verify(ref_w, w, t):
    t.check(w.sql("PRAGMA integrity_check") == [("ok",)],
            "PRAGMA integrity_check is not ok")
    t.check(w.sql("PRAGMA foreign_key_check") == [],
            "foreign keys are broken")
    for name in QUERIES:
        a, b = table(ref_w, name), table(w, name)
        if not t.check(a == b, "table %s differs from the uninterrupted "
                       "run's (%d rows, %d)" % (name, len(a), len(b))):
            for x, y in zip(a, b):
                if x != y:
                    print("    reference: %.300r\n    crash run: %.300r"
                          % (x, y))
                    break
    # The invariants on their own, not only as equal to the reference.
    t.check(w.sql("SELECT count(*) FROM (SELECT game, turn FROM states "
                  "WHERE superseded = 0 GROUP BY game, turn "
                  "HAVING count(*) > 1)")[0][0] == 0,
            "a turn has two live states")
    t.check(w.sql("SELECT count(*) FROM (SELECT message_id FROM order_sets "
                  "WHERE message_id IS NOT NULL GROUP BY message_id "
                  "HAVING count(*) > 1)")[0][0] == 0,
            "a mail gave two order sets")
    # Five turns played in each game (so the script does what it says).
    want = {g: 6 for g in GAMES}
    t.check(turns(ref_w) == want, "the reference games are at turns %r, "
            "not %r" % (turns(ref_w), want))
    for g in GAMES:
        q = ("SELECT xml FROM states WHERE game = ? AND superseded = 0 "
             "ORDER BY turn DESC LIMIT 1")
        t.check(w.sql(q, (g,)) == ref_w.sql(q, (g,)), "the final state of "
                "%s differs from the uninterrupted run's" % g)
    t.check(w.sql("SELECT count(*) FROM outbox WHERE status != 'sent'")
            [0][0] == 0, "outbox rows left unsent")
    t.check(w.inbox_waiting() == 0, "mail left in the inbox")
    # What was delivered: every Message-ID of the reference, each copy
    # byte for byte the reference's.
    ref_sent = {}
    for mid, raw, _ in ref_w.sent():
        t.check(mid not in ref_sent, "the reference sent %s twice" % mid)
        ref_sent[mid] = raw
    got = {}
    delivered = w.sent()
    for mid, raw, _ in delivered:
        got.setdefault(mid, []).append(raw)
    t.check(set(got) == set(ref_sent), "%d Message-IDs sent, the "
            "reference sent %d" % (len(got), len(ref_sent)))
    dups = 0
    for mid, copies in got.items():
        dups += len(copies) - 1
        t.check(all(c == ref_sent.get(mid) for c in copies),
                "%s: a copy differs from the reference's" % mid)
    reports = sum(1 for mid, raw, h in delivered
                  if "report" in (h.get("Subject") or ""))
    t.check(reports >= 5 * len(GAMES) * 3, "only %d report mails" % reports)
    return dups, len(ref_sent)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kills", type=int, default=int(
        os.environ.get("NAVARCH_CRASH_KILLS", "100")))
    ap.add_argument("--seed", default=os.environ.get("NAVARCH_CRASH_SEED",
                                                     "navarch-crash-1"))
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    t = H.Tally()
    start = time.monotonic()
    root = H.scratch("navarch-crash.")
    ref_w, ref = reference(root)
    w, st = crash_run(root, ref, a.kills, a.seed)
    dups, nsent = verify(ref_w, w, t)
    t.check(st.kills >= a.kills, "only %d kills, wanted %d"
            % (st.kills, a.kills))
    for phase in ("intake", "adjudication", "sending"):
        t.check(st.phases.get(phase, 0) > 0, "no kill during %s" % phase)
    print("crash consistency: seed %s, %d steps, %d kills with SIGKILL "
          "(%s; %s), %d clean cycles" % (
              a.seed, len(STEPS), st.kills,
              ", ".join("%s %d" % (k, st.phases.get(k, 0)) for k in
                        ("intake", "adjudication", "sending", "after")),
              ", ".join("%s %d" % kv for kv in sorted(st.modes.items())),
              st.clean))
    print("crash consistency: %d mails taken in again after a kill and "
          "skipped as duplicates; %d Message-IDs sent, %d sent again "
          "(byte-identical); %.0f s" % (st.duplicate_intake, nsent, dups,
                                        time.monotonic() - start))
    H.cleanup(root, a.keep or t.failed > 0)
    t.finish()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# campaign.py: a campaign run by mail through navarchd (issue 15): a game
# of three sides goes through a pause, an extension, a rollback, a
# replacement player, an absence with orders sent ahead, a concession and
# a draw offer; every player it concerns is told of each (and those it
# does not are not), with the GM's reasons and the deadline on their own
# clock; the game ends drawn, is rolled back and ended again by the GM,
# and each ending's archive, taken from the final mail as a player gets
# it, verifies.
#
# navarchd --once on a Maildir in and a Maildir outbox, navarch for the
# GM's tool; both run as make check builds them.  Bounded: some twenty
# daemon cycles on one small game.
#
# Environment: NAVARCH, NAVARCHD, NAVARCH_DATADIR, NAVARCH_TEMPLATEDIR
# (make check sets them).

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvharness as h   # noqa: E402

HOUR = 3600
DAY = 24 * HOUR
T0 = h.T0
GAME = "camp"
GM = "gm-camp@example.org"
OBS = "obs@example.org"
ADDR = {"athens": "athens@example.org", "persia": "persia@example.org",
        "sparta": "sparta@example.org"}
PW = {"athens": "athens-secret", "persia": "persia-secret"}

t = h.Tally()


class Campaign:
    def __init__(self, w):
        self.w = w
        self.seen = set()
        self.now = T0

    def cycle(self, now):
        """One navarchd cycle at now; the mails it sent, parsed."""
        self.now = now
        rc, err, _ = self.w.run_once(now)
        t.check(rc == 0, "cycle at T0+%d: exit %d\n%s" % (now - T0, rc,
                                                          err[-2000:]))
        new = self.w.new_mails(self.seen)
        return new

    def mail(self, sender, body):
        self.w.mail(sender, body)

    def gm(self, *lines):
        self.mail(GM, "GAME %s\nGM\nPASSWORD gm-secret\n%s\n"
                  % (GAME, "\n".join(lines)))

    def player(self, side, *lines):
        self.mail(ADDR[side], h.orders_body(GAME, side, PW[side],
                                            "\n".join(lines) + "\n"))


def text(m):
    part = m.get_body(preferencelist=("plain",))
    return part.get_content() if part is not None else ""


def words(s):
    """The text with its lines joined: the mails wrap at 76 columns."""
    return " ".join(s.split())


def subjects(mails, to=None):
    return [(m["To"], m["Subject"]) for m in mails
            if to is None or m["To"] == to]


def only_to(mails, address):
    return [m for m in mails if m["To"] == address]


def told(mails, what, subject, to, has=(), lacks=()):
    """Every address of to (and no other) got a mail whose subject holds
    subject and whose text holds each of has."""
    got = [m for m in mails if subject in str(m["Subject"])]
    t.check(sorted(m["To"] for m in got) == sorted(to),
            "%s: '%s' went to %s, wanted %s" % (what, subject,
                                                 sorted(m["To"] for m in got),
                                                 sorted(to)))
    for m in got:
        body = words(text(m))
        for s in has:
            t.check(words(s) in body, "%s: the mail to %s lacks '%s':\n%s"
                    % (what, m["To"], s, text(m)[:1500]))
        for s in lacks:
            t.check(words(s) not in body, "%s: the mail to %s holds '%s'"
                    % (what, m["To"], s))
    return got


def scenario(dirname):
    """The demo battle with a third side, Sparta, and its trireme."""
    with open(h.SCENARIO) as f:
        s = f.read()
    s = s.replace('<side id="persia"',
                  '<side id="sparta" name="Sparta" nation="hellenistic" '
                  'crew="average"/>\n  <side id="persia"')
    s = s.replace('</scenario>',
                  '  <ship id="lakon" name="Lakon" side="sparta" '
                  'class="trireme" hex="0211" facing="NE"/>\n</scenario>')
    path = os.path.join(dirname, "three.xml")
    with open(path, "w") as f:
        f.write(s)
    return path


def verify_archive(w, final, what):
    """The archive attached to a final mail verifies, as a player runs
    the command the mail gives."""
    att = [p for p in final.iter_attachments()
           if p.get_filename() == "%s-archive.xml" % GAME]
    if not t.check(len(att) == 1, "%s: no archive attached" % what):
        return
    path = os.path.join(w.dir, "%s.xml" % what.replace(" ", "-"))
    with open(path, "wb") as f:
        f.write(att[0].get_content().encode()
                if isinstance(att[0].get_content(), str)
                else att[0].get_content())
    cmd = "navarch replay --archive %s-archive.xml --verify" % GAME
    t.check(cmd in words(text(final)), "%s: the final mail lacks '%s'"
            % (what, cmd))
    r = subprocess.run([w.navarch, "replay", "--archive", path, "--verify"],
                       env=w.env, capture_output=True, text=True)
    t.check(r.returncode == 0 and "identical" in r.stdout,
            "%s: the archive does not verify: %s%s" % (what, r.stdout,
                                                       r.stderr))
    r = subprocess.run([w.navarch, "--db", w.db, "replay", GAME, "--verify"],
                       env=w.env, capture_output=True, text=True)
    t.check(r.returncode == 0 and "identical" in r.stdout,
            "%s: the game does not verify: %s%s" % (what, r.stdout,
                                                    r.stderr))
    return r.stdout


def main():
    root = h.scratch("navarch-campaign.")
    w = h.World(root, "w")
    c = Campaign(w)
    out = w.nv("game", "create", GAME, "--scenario", scenario(w.dir),
               "--seed", "seed-camp", "--deadline", "+2d", "--gm", GM,
               "--gm-password-file", w.password_file("gm", "gm-secret"))
    commitment = out.split("seed commitment (SHA-256): ")[1].split()[0]
    w.nv("player", "add", GAME, "athens", ADDR["athens"], "--password-file",
         w.password_file("athens", PW["athens"]), "--timezone",
         "Europe/Paris")
    w.nv("player", "add", GAME, "persia", ADDR["persia"], "--password-file",
         w.password_file("persia", PW["persia"]))
    PW["sparta"] = w.nv("player", "add", GAME, "sparta",
                        ADDR["sparta"]).strip()
    w.nv("observer", "add", GAME, OBS)
    players = list(ADDR.values())

    # --- the welcome ----------------------------------------------------------
    m = c.cycle(T0 + 60)
    told(m, "welcome", "Welcome to game camp", players,
         has=("GAME camp", commitment, "The map as your side sees it",
              "Deadline: 2026-12-03T12:00Z (UTC)"))
    told(only_to(m, ADDR["sparta"]), "welcome", "you are sparta",
         [ADDR["sparta"]],
         has=("Your password: " + PW["sparta"], "SHIP lakon SPEED 0"))
    told(only_to(m, ADDR["athens"]), "welcome", "you are athens",
         [ADDR["athens"]],
         has=("Thu 2026-12-03 13:00 CET on your clock (Europe/Paris)",
              "Your password is the one your GM gave you"))
    t.check(w.sql("SELECT count(*) FROM outbox WHERE secret = 1 AND"
                  " body != ''")[0][0] == 0,
            "a sent welcome still holds its password in the outbox")

    # --- a pause: the clock stops, the deadline passes, nothing happens --------
    c.gm("PAUSE a storm over the Aegean")
    m = c.cycle(T0 + HOUR)
    told(m, "pause", "Re:", [GM], has=("clock stopped with 1 day 23 hours "
                                        "left",))
    told(m, "pause", "Game paused", players + [OBS],
         has=("(the reason given: a storm over the Aegean)",
              "stopped with 1 day 23 hours left"))
    m = c.cycle(T0 + 3 * DAY)
    t.check(m == [], "mail while paused: %s" % subjects(m))
    t.check(w.sql("SELECT count(*) FROM states")[0][0] == 1,
            "a turn was played during the pause")
    c.gm("RESUME the storm passed")
    m = c.cycle(T0 + 3 * DAY)
    told(m, "resume", "Game resumed", players + [OBS],
         has=("1 day 23 hours left", "the storm passed"))
    deadline = w.sql("SELECT deadline FROM games")[0][0]
    t.check(deadline == T0 + 3 * DAY + 2 * DAY - HOUR,
            "resume gave back T0+%d, not the time left" % (deadline - T0))

    # --- an extension from the deadline, not from now ---------------------------
    c.gm("DEADLINE +24h the Spartans travel")
    m = c.cycle(T0 + 3 * DAY + 60)
    told(m, "extension", "Deadline changed", players + [OBS],
         has=("(the reason given: the Spartans travel)",
              "it was 2026-12-06T11:00Z (UTC)",
              "Deadline: 2026-12-07T11:00Z (UTC)"))
    told(only_to(m, ADDR["athens"]), "extension", "Deadline changed",
         [ADDR["athens"]], has=("Mon 2026-12-07 12:00 CET on your clock",))

    # --- turn 1, then a rollback and the turn again -------------------------------
    c.player("athens", h.demo_orders(1, "athens"))
    c.player("persia", h.demo_orders(1, "persia"))
    c.player("sparta", "SHIP lakon SPEED 0")
    m = c.cycle(T0 + 3 * DAY + 120)
    told(m, "turn 1", "Turn 1 report", players + [GM, OBS],
         lacks=("replaces",))
    c.gm("ROLLBACK 1 a ram was misread")
    m = c.cycle(T0 + 3 * DAY + 180)
    told(m, "rollback", "Game rolled back to turn 1", players + [OBS],
         has=("because: a ram was misread",
              "The report of turn 1 you received is void"))
    told(m, "rollback", "(replaces the one rolled back)",
         players + [GM, OBS], has=("This report replaces the report of "
                                   "turn 1 sent before",
                                   "because: a ram was misread"))

    # --- a replacement player ------------------------------------------------------
    old = ADDR["sparta"]
    ADDR["sparta"] = "sparta2@example.org"
    PW["sparta"] = w.nv("player", "replace", GAME, "sparta",
                        ADDR["sparta"], "--reason", "the Spartan left",
                        now=T0 + 3 * DAY + 200).strip()
    m = c.cycle(T0 + 3 * DAY + 240)
    told(m, "replace", "You no longer play in game camp", [old],
         has=("to someone new (the reason given: the Spartan left)",))
    told(m, "replace", "Player sparta replaced",
         [ADDR["athens"], ADDR["persia"]], has=("the Spartan left",))
    told(m, "replace", "Welcome to game camp", [ADDR["sparta"]],
         has=("Your password: " + PW["sparta"],
              "From the GM: the Spartan left"))
    players = list(ADDR.values())

    # --- an absence with orders sent ahead ------------------------------------------
    # Persia goes away with its orders for turn 3: turn 2 does not wait
    # for it, and when turn 3 opens those orders are in force.
    c.player("persia", "ABSENT UNTIL +4d")
    c.player("persia", "ORDERS FOR TURN 3", "SHIP tyre SPEED 2")
    m = c.cycle(T0 + 3 * DAY + 250)
    told(m, "absence", "Re:", [ADDR["persia"], ADDR["persia"]])
    t.check(any("you are away until 2026-12-08T12:04:10Z" in words(text(x))
                for x in only_to(m, ADDR["persia"])),
            "the absence is not acknowledged with its end: %s" %
            [text(x)[:800] for x in only_to(m, ADDR["persia"])])
    c.player("athens", "SHIP nike SPEED 3")
    c.player("sparta", "SHIP lakon SPEED 0")
    m = c.cycle(T0 + 3 * DAY + 270)
    told(m, "turn 2 without the absent", "Turn 2 report",
         players + [GM, OBS])
    # The orders sent ahead are checked, and put in force, by the cycle
    # after the one that opened turn 3 (as in tests/daemon/players.sh).
    c.cycle(T0 + 3 * DAY + 280)
    shown = w.nv("orders", "show", GAME, "--turn", "3")
    t.check("SHIP tyre SPEED 2" in shown,
            "persia's orders sent ahead are not in force on turn 3:\n%s"
            % shown)

    # --- a concession: the game goes on --------------------------------------------
    c.player("sparta", "CONCEDE")
    m = c.cycle(T0 + 3 * DAY + 300)
    told(m, "concession", "Concession",
         [ADDR["athens"], ADDR["persia"], GM, OBS],
         has=("Side sparta concedes game camp on turn 3",))
    t.check(w.sql("SELECT status FROM games")[0][0] == "playing",
            "one concession of three ended the game")
    # A side that conceded is out: nothing is expected of it (issue 14).
    c.player("athens", "STATUS")
    m = c.cycle(T0 + 3 * DAY + 330)
    got = [x for x in m if x["To"] == ADDR["athens"]]
    t.check(len(got) == 1 and words("sparta (side sparta): none "
                                    "(conceded)") in words(text(got[0])),
            "STATUS after a concession: %s" %
            (text(got[0])[:1500] if got else "no answer"))

    # --- a draw offer, then the draw: the sides still in it --------------------------
    c.player("athens", "DRAW")
    m = c.cycle(T0 + 3 * DAY + 360)
    told(m, "draw offer", "Draw offer",
         [ADDR["persia"], ADDR["sparta"], GM, OBS],
         has=("every side still in it (athens, persia)",))
    c.player("persia", "DRAW")
    m = c.cycle(T0 + 3 * DAY + 420)
    finals = told(m, "drawn", "Game over: drawn", players + [GM, OBS],
                  has=("Every side offered a draw", "seed-camp", commitment))
    for f in finals:
        if f["To"] == ADDR["athens"]:
            out = verify_archive(w, f, "the draw")
            t.check(out is not None and "ended on turn 3 by decision: "
                    "drawn" in out, "the draw: replay says %s" % out)

    # --- rolled back, and ended by the GM ---------------------------------------------
    c.gm("ROLLBACK 1 the draw was offered in error")
    m = c.cycle(T0 + 3 * DAY + 480)
    told(m, "rollback of the end", "Game rolled back to turn 1",
         players + [OBS], has=("the draw was offered in error",))
    t.check(w.sql("SELECT status FROM games")[0][0] == "playing",
            "the ended game does not play again after a rollback")
    c.gm("ENDGAME WIN athens Persia withdrew")
    m = c.cycle(T0 + 3 * DAY + 540)
    finals = told(m, "the GM's end", "Game over: won by athens",
                  players + [GM, OBS],
                  has=("The GM ended it (Persia withdrew)",))
    for f in finals:
        if f["To"] == OBS:
            out = verify_archive(w, f, "the GM's end")
            # The rollback played turn 1 again at once: every order
            # of it was still in force.
            t.check(out is not None and "ended on turn 2 by decision: won "
                    "by athens (Persia withdrew)" in out,
                    "the GM's end: replay says %s" % out)
    t.check(w.sql("SELECT count(*) FROM notices WHERE sent IS NULL")[0][0]
            == 0, "a notice was never sent")
    h.cleanup(root, t.failed > 0 and os.environ.get("KEEP") is not None)
    t.finish()


if __name__ == "__main__":
    main()

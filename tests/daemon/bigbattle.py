#!/usr/bin/env python3
# bigbattle.py: an umpired big battle played by mail through navarchd
# (issue 14, "Done when"): orders/bigbattle/'s Isthmus, 120 galleys, an
# admiral and two captains a side, four turns.  Captains order by
# SQUADRON and SHIP lines; an admiral's ASSIGN sent mid-turn takes effect
# the next turn, both captains told, the orders already sent played; a
# captain who misses the deadline has his squadron follow the standing
# order the admiral set, not straight on; a DIRECTIVE heads the named
# players' next report; PREVIEW SIDE flags a collision between two
# captains' squadrons; each player's order template, replied unedited
# (with his PASSWORD line, as the template says), is accepted; every
# report is within 76 columns and draws every ship of the reader's side on
# one of its map sheets; every player gets a report each turn.
#
# navarchd --once on a Maildir in and a Maildir outbox, navarch for the
# GM's tool and to read the store.  Bounded: some fifteen daemon cycles
# on one game.
#
# Environment: NAVARCH, NAVARCHD, NAVARCH_DATADIR, NAVARCH_TEMPLATEDIR
# (make check sets them).

import os
import re
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nvharness as h   # noqa: E402

GAME = "isthmus"
GM = "gm@example.org"
SCENARIO = os.path.join(h.SRC, "orders", "bigbattle", "scenario.xml")
SIDES = {"athens": ("athens-left", "athens-right"),
         "corinth": ("corinth-left", "corinth-right")}
# The README's seating: each captain two squadrons.
SQUADRONS = {"athens-left": ("a-van", "a-centre"),
             "athens-right": ("a-rear", "a-reserve"),
             "corinth-left": ("c-left", "c-centre"),
             "corinth-right": ("c-right", "c-reserve")}
ADMIRALS = ("athens", "corinth")
PLAYERS = ("athens", "athens-left", "athens-right",
           "corinth", "corinth-left", "corinth-right")


def squadron_ships(q):
    """The scenario's squadrons are 15 ships in id order (its README)."""
    k = {"a-van": 0, "a-centre": 1, "a-rear": 2, "a-reserve": 3,
         "c-left": 0, "c-centre": 1, "c-right": 2, "c-reserve": 3}[q]
    return ["%s%02d" % (q[0], k * 15 + i) for i in range(1, 16)]


def side_of(player):
    return player.split("-")[0]


def address(player):
    if player == "gm":
        return GM
    return ("%s-adm@example.org" % player if player in ADMIRALS
            else "%s@example.org" % player)


def password(player):
    return player + "-pw"


t = h.Tally()
def text(m):
    part = m.get_body(preferencelist=("plain",))
    return part.get_content() if part is not None else ""


def words(s):
    return " ".join(s.split())


class Battle:
    def __init__(self, w):
        self.w = w
        self.seen = set()
        self.reports = {}       # (player, turn) -> report text

    def cycle(self, now):
        """One navarchd cycle at now; the mails it sent, parsed."""
        rc, err, _ = self.w.run_once(now)
        t.check(rc == 0, "cycle at T0+%d: exit %d\n%s"
                % (now - h.T0, rc, err[-2000:]))
        new = self.w.new_mails(self.seen)
        for m in new:
            s = str(m["Subject"])
            body = text(m)
            wide = [ln for ln in body.split("\n") if len(ln) > 76]
            t.check(not wide, "the mail '%s' to %s has %d lines over 76 "
                    "columns, e.g. %r" % (s, m["To"], len(wide), wide[:2]))
            r = re.search(r"Turn (\d+) report", s)
            who = [p for p in PLAYERS + ("gm",) if address(p) == m["To"]]
            if r and who:
                key = (who[0], int(r.group(1)))
                t.check(key not in self.reports,
                        "%s got two reports of turn %d" % key)
                self.reports[key] = body
        return new

    def send(self, player, *lines):
        self.w.mail(address(player), "GAME %s\nPLAYER %s\nPASSWORD %s\n%s\n"
                    % (GAME, player, password(player), "\n".join(lines)))

    def send_raw(self, player, body):
        self.w.mail(address(player), body)

    def ships(self, turn=None):
        """ship id -> (column, row, facing, speed) in the store's state."""
        args = ["export", GAME] + (["--turn", str(turn)] if turn else [])
        root = ET.fromstring(self.w.nv(*args))
        out = {}
        for s in root.iter("ship"):
            hx = s.get("hex")
            out[s.get("id")] = (int(hx[:2]), int(hx[2:]), s.get("facing"),
                                int(s.get("speed")))
        return out


def replies(mails, player):
    return [text(m) for m in mails if m["To"] == address(player)
            and "Re:" in str(m["Subject"])]


def one_reply(mails, player, what):
    got = replies(mails, player)
    t.check(len(got) == 1, "%s: %d replies to %s, wanted 1: %s"
            % (what, len(got), player, [g[:300] for g in got]))
    return got[0] if got else ""


def accepted(mails, player, turn, what):
    body = one_reply(mails, player, what)
    t.check("Orders accepted for turn %d." % turn in words(body),
            "%s: %s's orders were not accepted:\n%s"
            % (what, player, body[:2500]))
    return body


def moved(before, after, ids, rows, what):
    """Each ship of ids moved rows hexes straight along its column (south
    for athens, north for corinth) and kept its facing."""
    bad = []
    for s in ids:
        c0, r0, f0, _ = before[s]
        c1, r1, f1, _ = after[s]
        step = rows if f0 == "S" else -rows
        if (c1, r1, f1) != (c0, r0 + step, f0):
            bad.append("%s %02d%02d->%02d%02d %s" % (s, c0, r0, c1, r1, f1))
    t.check(not bad, "%s: not moved %d hexes as ordered: %s"
            % (what, rows, ", ".join(bad)))


def section(body, title):
    """The lines of a report section, from its title to the next one."""
    m = re.search(r"^%s\n-{20,}\n(.*?)(?=^[A-Z][A-Z0-9 ]+\n-{20,}\n|\Z)"
                  % re.escape(title), body, re.S | re.M)
    return m.group(1) if m else None


def template(body, turn):
    """The order template at the foot of a report, from GAME to END."""
    sec = section(body, "ORDERS FOR TURN %d" % turn)
    if sec is None:
        return None
    m = re.search(r"^GAME .*?^END$", sec, re.S | re.M)
    return m.group(0) if m else None


def reply_template(b, player, turn):
    """The player replies with his report's template unedited, his
    PASSWORD line added as the template asks."""
    tpl = template(b.reports.get((player, turn - 1), ""), turn)
    if not t.check(tpl is not None, "no template for turn %d in %s's "
                   "report" % (turn, player)):
        return ""
    b.send_raw(player, tpl.replace("\nPLAYER %s\n" % player,
                                   "\nPLAYER %s\nPASSWORD %s\n"
                                   % (player, password(player)), 1))
    return tpl


def check_width(player, turn, body):
    wide = [ln for ln in body.split("\n") if len(ln) > 76]
    t.check(not wide, "%s's report of turn %d has %d lines over 76 "
            "columns, e.g. %r" % (player, turn, len(wide), wide[:2]))


SHEET = re.compile(r"^Sheet (\d+) of (\d+): columns (\d+)-(\d+), rows "
                   r"(\d+)-(\d+)", re.M)


def check_sheets(player, turn, body, state):
    """Every afloat ship of the reader's side is in the legend with the
    number of a sheet that covers its hex and draws its code."""
    mapsec = section(body, "MAP")
    if not t.check(mapsec is not None, "%s's report of turn %d has no MAP"
                   % (player, turn)):
        return
    heads = list(SHEET.finditer(mapsec))
    key = mapsec.find("\nKey:")
    sheets = {}
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else key
        sheets[int(m.group(1))] = (tuple(int(x) for x in m.groups()[2:]),
                                   mapsec[m.end():end])
    t.check(len(heads) >= 2 and all(int(m.group(2)) == len(heads)
                                    for m in heads),
            "%s's report of turn %d: sheets %s" % (player, turn,
                                                   [m.group(0)
                                                    for m in heads]))
    side = side_of(player) if player != "gm" else ""
    legend = {}
    for ln in mapsec[key:].split("\n"):
        f = ln.split()
        if len(f) >= 8 and re.fullmatch(r"[A-Z]\d+", f[0]) and \
                f[1] in state:
            legend[f[1]] = (f[0], f[-1])
    missing = []
    for s, (c, r, _, _) in sorted(state.items()):
        if not s.startswith(side[:1]):
            continue
        code, sheet = legend.get(s, (None, None))
        if code is None or not sheet.isdigit() or int(sheet) not in sheets:
            missing.append("%s (legend: %s %s)" % (s, code, sheet))
            continue
        (c0, c1, r0, r1), grid = sheets[int(sheet)]
        drawn = re.search(r"(?<![A-Za-z0-9+])%s(?![0-9a-z])" % code, grid)
        if not (c0 <= c <= c1 and r0 <= r <= r1 and drawn):
            missing.append("%s %s in %02d%02d not drawn on sheet %s"
                           % (s, code, c, r, sheet))
    t.check(not missing, "%s's report of turn %d: ships of %s not on a "
            "sheet: %s" % (player, turn, side or "the battle",
                           "; ".join(missing[:5])))


def check_reports(b, turn, state):
    for p in PLAYERS + ("gm",):
        body = b.reports.get((p, turn))
        if not t.check(body is not None, "%s got no report of turn %d"
                       % (p, turn)):
            continue
        check_width(p, turn, body)
        check_sheets(p, turn, body, state)


def directive(body):
    """The directives heading a report: the text above YOUR SHIPS."""
    top = body.split("YOUR SHIPS\n", 1)[0]
    sec = section(top, "DIRECTIVES FROM YOUR ADMIRAL")
    return words(sec) if sec is not None else None


def check_directive(b, turn, player, has):
    d = directive(b.reports.get((player, turn), ""))
    if has is None:
        t.check(d is None, "%s's report of turn %d carries a directive "
                "not for him: %s" % (player, turn, d))
    else:
        t.check(d is not None and has in d,
                "%s's report of turn %d lacks the directive '%s' at its "
                "top: %s" % (player, turn, has, d))


def own_ships(body):
    sec = section(body, "YOUR SHIPS") or ""
    return set(re.findall(r"^\S+\s+([ac]\d\d) ", sec, re.M))


def setup(w):
    w.nv("game", "create", GAME, "--scenario", SCENARIO, "--seed",
         "seed-isthmus", "--deadline", "+2d", "--gm", GM,
         "--gm-password-file", w.password_file("gm", "gm-secret"))
    # Every turn gets a deadline two days after the last was played.
    w.nv("game", "settings", GAME, "schedule=+2d")
    for side, captains in SIDES.items():
        w.nv("player", "add", GAME, side, address(side), "--id", side,
             "--admiral", "--password-file",
             w.password_file(side, password(side)))
        for c in captains:
            w.nv("player", "add", GAME, side, address(c), "--id", c,
                 "--ships", "", "--password-file",
                 w.password_file(c, password(c)))
    for c, qs in SQUADRONS.items():
        for q in qs:
            w.nv("squadron", "assign", GAME, q, c)


def turn1(b, now):
    """Orders by SQUADRON and SHIP lines; the admiral's standing order and
    directive; a side preview flags the collision of two captains'
    ships, and none once the captain changed his order."""
    b.send("athens-left", "SQUADRON a-van SPEED 1",
           "SQUADRON a-centre SPEED 2", "SHIP a16 SPEED 3")
    # a31 (a-rear, athens-right) turns into a-centre's path (athens-left).
    b.send("athens-right", "SQUADRON a-rear SPEED 2",
           "SQUADRON a-reserve SPEED 1", "SHIP a31 SPEED 2 MOVE R F F")
    b.send("athens", "ASSIGN SQUADRON a-rear STANDING SPEED 1",
           "DIRECTIVE athens-left Keep the van abreast of the centre")
    m = b.cycle(now)
    for p in ("athens-left", "athens-right"):
        accepted(m, p, 1, "turn 1")
    body = words(one_reply(m, "athens", "turn 1 admiral"))
    t.check("standing order of squadron a-rear is SPEED 1" in body and
            "DIRECTIVE: to athens-left" in body,
            "the admiral's standing order and directive: %s" % body)
    t.check("standing order: SPEED 1" in
            b.w.nv("squadron", "list", GAME).split("a-rear", 1)[1]
            .split("\n")[0], "squadron list lacks a-rear's standing order")

    b.send("athens-right", "PREVIEW SIDE")
    m = b.cycle(now + 60)
    body = one_reply(m, "athens-right", "preview side")
    col = section(body.replace("COLLISIONS between ships of your side:",
                               "COLLISIONS\n" + "-" * 20), "COLLISIONS")
    t.check(col is not None and re.search(
        r"phase \d: (a31 and a2\d|a2\d and a31) \(two players: "
        r"athens-left and athens-right\)", col) is not None,
        "PREVIEW SIDE does not flag a31 (athens-right) against a-centre "
        "(athens-left):\n%s" % body[-4000:])
    t.check(re.search(r"a31 \(athens-right, squadron a-rear\): from 2305",
                      body) is not None,
            "PREVIEW SIDE does not name a31's captain and squadron")

    b.send("athens-right", "SHIP a31 SPEED 2")
    b.send("athens-left", "PREVIEW SIDE")
    m = b.cycle(now + 120)
    accepted(m, "athens-right", 1, "turn 1, a31 corrected")
    body = [x for x in replies(m, "athens-left") if "PREVIEW SIDE" in x]
    t.check(len(body) == 1 and "No two ships of your side would collide."
            in body[0], "PREVIEW SIDE after the correction: %s"
            % [x[-1500:] for x in body])

    b.send("corinth", "DIRECTIVE ALL Row for the rock and hold the line")
    b.send("corinth-left", "SQUADRON c-left SPEED 1",
           "SQUADRON c-centre SPEED 1", "SHIP c05 SPEED 2")
    b.send("corinth-right", "SQUADRON c-right SPEED 1",
           "SQUADRON c-reserve SPEED 1")
    m = b.cycle(now + 180)
    for p in ("corinth-left", "corinth-right"):
        accepted(m, p, 1, "turn 1")


def turn2(b, now):
    """The admiral gives a-reserve to athens-left after athens-right sent
    its orders: from turn 3, both told; the orders sent stand.  Corinth's
    captains reply with their templates."""
    b.send("athens-left", "SQUADRON a-van SPEED 1",
           "SQUADRON a-centre SPEED 1")
    b.send("athens-right", "SQUADRON a-rear SPEED 2",
           "SQUADRON a-reserve SPEED 2")
    m = b.cycle(now)
    for p in ("athens-left", "athens-right"):
        accepted(m, p, 2, "turn 2")

    b.send("athens", "ASSIGN SQUADRON a-reserve TO athens-left")
    # A captain may neither give squadrons away nor direct the side
    # (docs/mail-commands.md, "Authority").
    b.send("athens-right", "ASSIGN SQUADRON a-rear TO athens-left",
           "DIRECTIVE ALL Follow me")
    m = b.cycle(now + 60)
    body = words(one_reply(m, "athens-right", "turn 2, a captain's ASSIGN"))
    t.check("your mail was NOT accepted" in body and
            body.count("only the admiral of side athens") == 2 and
            "Your previous orders stay in force" in body,
            "a captain's ASSIGN and DIRECTIVE are not refused, naming the "
            "admiral's right: %s" % body)
    body = words(one_reply(m, "athens", "turn 2 ASSIGN"))
    t.check("turn 3" in body and "a-reserve" in body,
            "the ASSIGN's answer does not say from which turn: %s" % body)
    reserve = squadron_ships("a-reserve")
    for p in ("athens-left", "athens-right"):
        got = [words(text(x)) for x in m if x["To"] == address(p)
               and "Command changed from turn 3" in str(x["Subject"])]
        t.check(len(got) == 1 and all(s in got[0] for s in reserve)
                and "turn 3" in got[0],
                "%s is not told of a-reserve's ships from turn 3: %s"
                % (p, [str(x["Subject"]) for x in m
                       if x["To"] == address(p)] + got))
    listing = b.w.nv("squadron", "list", GAME)
    t.check(re.search(r"^squadron a-reserve .*: athens-right", listing, re.M)
            and re.search(r"^squadron a-rear .*: athens-right;", listing,
                          re.M)
            and "a-rear to" not in listing
            and re.search(r"from turn 3: squadron a-reserve to athens-left",
                          listing),
            "squadron list before turn 2 is played:\n%s" % listing)
    t.check("SHIP a46 SPEED 2" in b.w.nv("orders", "show", GAME, "--turn",
                                         "2"),
            "athens-right's turn-2 orders for a-reserve are not in force")

    for p in ("corinth-left", "corinth-right"):
        reply_template(b, p, 2)
    m = b.cycle(now + 120)
    for p in ("corinth-left", "corinth-right"):
        accepted(m, p, 2, "turn 2, the template replied")


def turn3(b, now):
    """athens-right misses the deadline: a-rear takes the standing order
    the admiral set in turn 1.  athens-left orders a-reserve, his from
    this turn.  The admirals reply with their templates."""
    b.send("athens-left", "SQUADRON a-van SPEED 1",
           "SQUADRON a-centre SPEED 1", "SQUADRON a-reserve SPEED 1")
    b.send("corinth-left", "SQUADRON c-left SPEED 1",
           "SQUADRON c-centre SPEED 1", "SHIP c05 SPEED 1")
    b.send("corinth-right", "SQUADRON c-right SPEED 0",
           "SQUADRON c-reserve SPEED 1")
    for p in ADMIRALS:
        reply_template(b, p, 3)
    m = b.cycle(now)
    for p in ("athens-left", "corinth-left", "corinth-right"):
        accepted(m, p, 3, "turn 3")
    for p in ADMIRALS:
        # The admiral commands no ship: his template is the side's orders
        # as comments.  Replied unedited it is received, with nothing to
        # store and nothing wrong.
        body = words(one_reply(m, p, "turn 3, the admiral's template"))
        t.check("read as player %s." % p in body and
                "NOT accepted" not in body and "Errors" not in body,
                "turn 3: %s's template, replied unedited, is refused: %s"
                % (p, body[:2000]))
        t.check("Received: you command no ship this turn, so there was "
                "nothing to order and nothing was changed. Your captains "
                "command the ships of your side, and their orders stand"
                in body, "turn 3: %s's template, replied unedited, is not "
                "received as an admiral's: %s" % (p, body[-600:]))
    t.check(len(b.w.sql("SELECT 1 FROM states WHERE superseded = 0")) == 3,
            "turn 3 was played before the deadline without athens-right")
    deadline = b.w.sql("SELECT deadline FROM games")[0][0]
    t.check(deadline is not None and deadline > now,
            "turn 3 has no deadline: %s" % deadline)
    b.cycle((deadline or now) + 60)
    return (deadline or now) + 60


def main():
    root = h.scratch("navarch-bigbattle.")
    w = h.World(root, "w")
    b = Battle(w)
    setup(w)
    now = h.T0 + 60
    m = b.cycle(now)
    t.check(len([x for x in m if "Welcome" in str(x["Subject"])]) == 6,
            "welcomes: %s" % [str(x["Subject"]) for x in m])
    s0 = b.ships(1)
    t.check(len(s0) == 120, "the battle has %d ships, not 120" % len(s0))

    # --- turn 1 ----------------------------------------------------------
    turn1(b, now + 60)
    s1 = b.ships(2)
    t.check(len(w.sql("SELECT 1 FROM states WHERE superseded = 0")) == 2,
            "turn 1 was not played when every captain's orders were in")
    moved(s0, s1, squadron_ships("a-van") + squadron_ships("a-reserve"), 1,
          "turn 1, SQUADRON a-van/a-reserve SPEED 1")
    moved(s0, s1, [s for s in squadron_ships("a-centre") if s != "a16"]
          + squadron_ships("a-rear"), 2,
          "turn 1, SQUADRON a-centre/a-rear SPEED 2 (a31 corrected)")
    moved(s0, s1, ["a16"], 3, "turn 1, SHIP a16 SPEED 3")
    moved(s0, s1, [s for s in squadron_ships("c-left") if s != "c05"]
          + squadron_ships("c-centre") + squadron_ships("c-right")
          + squadron_ships("c-reserve"), 1, "turn 1, corinth SPEED 1")
    moved(s0, s1, ["c05"], 2, "turn 1, SHIP c05 SPEED 2")
    check_reports(b, 1, s1)
    check_directive(b, 1, "athens-left", "Keep the van abreast of the centre")
    check_directive(b, 1, "athens-right", None)
    check_directive(b, 1, "athens", None)
    for p in ("corinth-left", "corinth-right"):
        check_directive(b, 1, p, "Row for the rock and hold the line")
    check_directive(b, 1, "corinth", None)
    for p in ADMIRALS:
        own = section(b.reports.get((p, 1), ""), "YOUR SHIPS") or ""
        t.check(own.startswith("You command no ship:"),
                "the report of %s, who commands no ship, says: %s"
                % (p, own[:200]))

    # --- turn 2 ----------------------------------------------------------
    turn2(b, now + 300)
    s2 = b.ships(3)
    moved(s1, s2, squadron_ships("a-van") + squadron_ships("a-centre"), 1,
          "turn 2, athens-left's SPEED 1")
    moved(s1, s2, squadron_ships("a-rear") + squadron_ships("a-reserve"), 2,
          "turn 2, athens-right's SPEED 2 (a-reserve given away, the "
          "orders stand)")
    moved(s1, s2, [s for s in s1 if s.startswith("c") and s != "c05"], 1,
          "turn 2, corinth's templates (straight on)")
    moved(s1, s2, ["c05"], 2, "turn 2, corinth-left's template for c05")
    check_reports(b, 2, s2)
    check_directive(b, 2, "athens-left", None)
    check_directive(b, 2, "athens-right", None)
    check_directive(b, 2, "corinth-left", None)
    reserve = set(squadron_ships("a-reserve"))
    left = b.reports.get(("athens-left", 2), "")
    right = b.reports.get(("athens-right", 2), "")
    t.check(reserve <= own_ships(left) and not reserve & own_ships(right),
            "turn 2 reports: a-reserve is not athens-left's own: left %d "
            "right %d" % (len(reserve & own_ships(left)),
                          len(reserve & own_ships(right))))
    tl, tr = template(left, 3) or "", template(right, 3) or ""
    t.check("SQUADRON a-reserve" in tl and "a-reserve" not in tr and
            "a46" not in tr, "turn 3 templates: athens-left's\n%s\n"
            "athens-right's\n%s" % (tl, tr))
    t.check(re.search(r"^squadron a-reserve .*: athens-left$",
                      b.w.nv("squadron", "list", GAME), re.M) is not None,
            "squadron list: a-reserve is not athens-left's in turn 3")

    # --- turn 3: athens-right misses the deadline -------------------------
    now = turn3(b, now + 600)
    s3 = b.ships(4)
    t.check(s3 != s2, "turn 3 was not played at its deadline")
    moved(s2, s3, squadron_ships("a-rear"), 1,
          "turn 3, a-rear (its captain missed the deadline) on the "
          "admiral's standing order SPEED 1, not straight on at 2")
    moved(s2, s3, squadron_ships("a-reserve"), 1,
          "turn 3, a-reserve on its new captain's SPEED 1")
    moved(s2, s3, squadron_ships("a-van") + squadron_ships("a-centre"), 1,
          "turn 3, athens-left's SPEED 1")
    moved(s2, s3, squadron_ships("c-right"), 0, "turn 3, c-right SPEED 0")
    moved(s2, s3, squadron_ships("c-left") + squadron_ships("c-centre")
          + squadron_ships("c-reserve"), 1, "turn 3, corinth SPEED 1")
    check_reports(b, 3, s3)
    missed = b.w.nv("player", "list", GAME)
    t.check(re.search(r"^  athens-right .* missed 1 ", missed, re.M)
            and re.search(r"^  athens-left .* missed 0 ", missed, re.M),
            "player list after turn 3:\n%s" % missed)

    # --- turn 4: every captain replies with his template -------------------
    for p in PLAYERS:
        if p not in ADMIRALS:
            reply_template(b, p, 4)
    m = b.cycle(now + 60)
    for p in PLAYERS:
        if p not in ADMIRALS:
            accepted(m, p, 4, "turn 4, the template replied")
    s4 = b.ships(5)
    moved(s3, s4, [s for s in s3 if s not in squadron_ships("c-right")], 1,
          "turn 4, the templates (straight on at speed 1)")
    moved(s3, s4, squadron_ships("c-right"), 0,
          "turn 4, c-right's template (SPEED 0)")
    check_reports(b, 4, s4)
    t.check(len(w.sql("SELECT 1 FROM states WHERE superseded = 0")) == 5,
            "4 turns were not played")
    for p in PLAYERS:
        t.check(sorted(k[1] for k in b.reports if k[0] == p)
                == [1, 2, 3, 4], "%s's reports: turns %s" %
                (p, sorted(k[1] for k in b.reports if k[0] == p)))

    h.cleanup(root, t.failed > 0 and os.environ.get("KEEP") is not None)
    t.finish()


if __name__ == "__main__":
    main()

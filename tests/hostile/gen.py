#!/usr/bin/env python3
"""tests/hostile/gen.py: the hostile corpus, generated (deterministic).

Every message is made here at test time from a fixed seed, so the corpus
is the same on every run and nothing big is committed.  messages() yields
(name, expect, data): name says what the message tries, expect is the
policy of docs/mail-parsing.md it must meet:

  answer      answered (an acknowledgement, a rejection listing the
              errors, a refusal to the registered address, help)
  drop        not answered, and logged at warning saying why
  quarantine  moved to the quarantine folder, logged at warning
  any         answered, or dropped or quarantined with a warning: which
              one depends on what the broken bytes happen to say

The demo game (orders/demo/scenario.xml) is "demo"; its players are
athens (athens@example.org, password athens-secret) and persia
(persia@example.org, persia-secret), its GM gm@example.org (gm-secret);
the daemon is navarch@example.org.

Run alone, `gen.py DIR` writes the corpus to DIR (one file a message and
a MANIFEST), to look at or to feed to another build.
"""

import os
import random
import sys

DAEMON = "navarch@example.org"
SEED = 20261201

ATHENS = ("athens@example.org", "GAME demo\nPLAYER athens\n"
          "PASSWORD athens-secret\n")
PERSIA = ("persia@example.org", "GAME demo\nPLAYER persia\n"
          "PASSWORD persia-secret\n")


def raw(s):
    """Bytes as written: a character below 256 is that byte (so "\\xff" is
    the byte 0xff, invalid UTF-8, and "caf\\xc3\\xa9" is UTF-8), any other
    character its UTF-8."""
    try:
        return s.encode("latin-1")
    except UnicodeEncodeError:
        return b"".join(bytes([ord(ch)]) if ord(ch) < 256 else
                        ch.encode("utf-8") for ch in s)


def mail(frm, subject, body, mid=None, extra=(), nl="\n", date=True):
    """A message as bytes: From, To, Subject, Message-ID, extra lines."""
    h = []
    if frm is not None:
        h.append("From: %s" % frm)
    h.append("To: %s" % DAEMON)
    if subject is not None:
        h.append("Subject: %s" % subject)
    if mid is not None:
        h.append("Message-ID: %s" % mid)
    if date:
        h.append("Date: Tue, 01 Dec 2026 12:00:00 +0000")
    h.extend(extra)
    return raw(nl.join(h) + nl + nl + body.replace("\n", nl))


def orders(who, speed):
    addr, head = who
    ship = "nike" if who is ATHENS else "azes"
    return head + "SHIP %s SPEED %d\n" % (ship, speed)


class Corpus:
    def __init__(self):
        self.items = []
        self.n = 0

    def add(self, name, expect, data):
        if isinstance(data, str):
            data = raw(data)
        self.n += 1
        self.items.append(("%04d.%s" % (self.n, name), expect, data))


# --- nesting written every way libetpan reads it ----------------------------

# (name, kind, Content-Type field with %d for the level); kind "multi"
# closes its boundary, "message" holds the next level as the attached
# mail's header, "digest" leaves the part's header empty.
NESTS = [
    ("plain", "multi", "Content-Type: multipart/mixed; boundary=b%d"),
    ("comment", "multi", "Content-Type:(c)multipart/mixed; boundary=b%d"),
    ("comments-everywhere", "multi",
     "Content-Type:(a)multipart(b)/(c)mixed(d);(e)boundary=b%d"),
    ("nested-comments", "multi",
     "Content-Type: (a (b (c))) multipart/mixed; boundary=b%d"),
    ("quoted-pair", "multi",
     "Content-Type: (a \\) b) multipart/mixed; boundary=b%d"),
    ("folded", "multi", "Content-Type:\n multipart/mixed; boundary=b%d"),
    ("folded-crlf", "multi",
     "Content-Type:\r\n\tmultipart/mixed;\r\n boundary=b%d"),
    ("folded-inside", "multi",
     "Content-Type: multipart\n /mixed;\n boundary=b%d"),
    ("case", "multi", "CONTENT-type: MuLtIpArT/MiXeD; BOUNDARY=b%d"),
    ("blank-before-colon", "multi",
     "Content-Type \t: multipart/mixed; boundary=b%d"),
    ("comment-before-colon", "multi",
     "Content-Type (x): multipart/mixed; boundary=b%d"),
    ("folded-before-colon", "multi",
     "Content-Type\n : multipart/mixed; boundary=b%d"),
    ("blanks-around-slash", "multi",
     "Content-Type: multipart / mixed; boundary=b%d"),
    ("no-subtype", "multi", "Content-Type: multipart; boundary=b%d"),
    ("quoted-boundary", "multi",
     "Content-Type: multipart/alternative; boundary=\"b%d\""),
    ("encoded-word", "multi",
     "Content-Type: =?us-ascii?Q?multipart/mixed;_boundary=3Db%d?="),
    ("tab-lower", "multi",
     "content-type:\tmultipart/related;\tboundary=b%d"),
    ("rfc822", "message", "Content-Type: message/rfc822"),
    ("rfc822-comments", "message",
     "Content-Type:(m)message(n)/(o)RFC822"),
    ("rfc822-folded", "message", "Content-Type:\n message/\n\trfc822"),
    ("digest", "digest", "Content-Type: multipart/digest; boundary=b%d"),
]


def nested(kind, field, depth, body):
    out = []
    for i in range(depth):
        out.append(field.replace("%d", str(i)) + "\n")
        if kind == "multi":
            out.append("\n--b%d\n" % i)
        elif kind == "message":
            out.append("\nFrom: inner@example.org\n")
        else:
            out.append("\n--b%d\n\nFrom: inner@example.org\n" % i)
    out.append("Content-Type: text/plain\n\n" + body)
    for i in reversed(range(depth)):
        if kind != "message":
            out.append("\n--b%d--\n" % i)
    return "".join(out)


# libetpan 1.9.4 does not read these as nesting at all (its comment parser
# fails on them: tests/unit/test_mime_guard.c); the guard asks libetpan.
FLAT = ("nested-comments", "quoted-pair")


def add_nesting(c):
    for name, kind, field in NESTS:
        for depth in (65, 1000):
            head = ("From: nest@example.org\nTo: %s\nSubject: nest %s %d\n"
                    "Message-ID: <nest.%s.%d@example.org>\n"
                    % (DAEMON, name, depth, name, depth))
            c.add("nest-%s-%d" % (name, depth),
                  "any" if name in FLAT else "quarantine",
                  head + nested(kind, field, depth, "deep\n"))
    # The poison mail of issue 10 and its kin, 40,000 deep (2-3 MB).
    for name, kind, field in NESTS[:2] + NESTS[17:18] + NESTS[20:21]:
        head = ("From: nest@example.org\nTo: %s\nSubject: poison %s\n"
                "Message-ID: <poison.%s@example.org>\n" % (DAEMON, name, name))
        c.add("nest-%s-40000" % name, "quarantine",
              head + nested(kind, field, 40000, "deep\n"))
    # Shallow nesting from a player: real mail, answered.
    for name, kind, field in NESTS[:6]:
        body = nested(kind, field, 5, orders(ATHENS, 2))
        head = ("From: athens@example.org\nTo: %s\nSubject: orders\n"
                "Message-ID: <shallow.%s@example.org>\n" % (DAEMON, name))
        c.add("nest-shallow-%s" % name, "any", head + body)


# --- comments nested in header fields ----------------------------------------

def add_comments(c):
    for field in ("From", "To", "Date", "Message-ID", "Content-Type",
                  "Subject", "Sender", "Reply-To"):
        bomb = "(" * 100000
        c.add("comments-%s" % field.lower(), "quarantine",
              "%s: %s\nFrom: comments@example.org\nMessage-ID: "
              "<comments.%s@example.org>\n\nhello\n"
              % (field, bomb, field.lower()))
    c.add("comments-folded", "quarantine",
          "From: x@example.org\nTo: " + "(\n " * 300 + "x\n\nbody\n")
    c.add("comments-quoted-lf", "quarantine",
          "From: x@example.org\nTo: (\\\n" + "(\\\n" * 200 + "\nbody\n")
    c.add("comments-65", "quarantine",
          "From: " + "(" * 65 + "x" + ")" * 65 + " x@example.org\n\nhi\n")
    c.add("comments-10", "any",
          "From: " + "(" * 10 + "x" + ")" * 10 + " x@example.org\n"
          "Message-ID: <c10@example.org>\n\nhi\n")


# --- broken MIME -------------------------------------------------------------

def add_broken_mime(c, rnd):
    head = "From: broken@example.org\nTo: %s\nSubject: broken %%s\n" % DAEMON
    cases = {
        "no-boundary-param":
            "Content-Type: multipart/mixed\n\n--x\n\nhi\n--x--\n",
        "boundary-never-seen":
            "Content-Type: multipart/mixed; boundary=zz\n\n--x\n\nhi\n",
        "unterminated":
            "Content-Type: multipart/mixed; boundary=x\n\n--x\n\nhi\n",
        "empty-parts":
            "Content-Type: multipart/mixed; boundary=x\n\n--x\n--x\n--x--\n",
        "zero-parts":
            "Content-Type: multipart/mixed; boundary=x\n\n--x--\n",
        "same-boundary-nested":
            "Content-Type: multipart/mixed; boundary=x\n\n--x\n"
            "Content-Type: multipart/mixed; boundary=x\n\n--x\n\nhi\n"
            "--x--\n--x--\n",
        "empty-boundary":
            "Content-Type: multipart/mixed; boundary=\"\"\n\n--\n\nhi\n----\n",
        "long-boundary":
            "Content-Type: multipart/mixed; boundary=" + "b" * 5000 +
            "\n\n--" + "b" * 5000 + "\n\nhi\n--" + "b" * 5000 + "--\n",
        "garbage-part-headers":
            "Content-Type: multipart/mixed; boundary=x\n\n--x\n"
            "\x01\x02: \xff\xfe\n:::\n\nhi\n--x--\n",
        "base64-multipart":
            "Content-Type: multipart/mixed; boundary=x\n"
            "Content-Transfer-Encoding: base64\n\n--x\n\nhi\n--x--\n",
        "unknown-cte":
            "Content-Transfer-Encoding: x-rot13\n\nuryyb\n",
        "cte-garbage":
            "Content-Transfer-Encoding: " + "\xff" * 100 + "\n\nhi\n",
        "type-garbage":
            "Content-Type: ;;;===///;;;\n\nhi\n",
        "type-prefix":
            "Content-Type: multipartx/mixed; boundary=x\n\n--x\n\nhi\n--x--\n",
        "type-huge-params":
            "Content-Type: text/plain" + "; p%d=v" * 20000 + "\n\nhi\n",
        "rfc2231-params":
            "Content-Type: text/plain; charset*=utf-8''%E2%82%AC; "
            "name*0*=x%FF; name*1=y\n\nhi\n",
        "disposition-garbage":
            "Content-Disposition: attachment; filename*=\xff\xfe\n\nhi\n",
        "html-only-deep":
            "Content-Type: text/html\n\n" + "<div>" * 100000 + "x\n",
        "html-broken":
            "Content-Type: text/html\n\n<html><body><p>a<b><i>b</p>"
            "<script>alert(1)<table><tr><td>c\n",
        "html-entities":
            "Content-Type: text/html\n\n" + "&#xFFFFFFFF;&#0;&bogus;" * 5000 +
            "\n",
    }
    for name in sorted(cases):
        c.add("mime-%s" % name, "any",
              head % name + "MIME-Version: 1.0\n" + cases[name])
    # 10,000 flat parts, and 50,000 empty ones: wide, not deep.
    parts = "".join("--x\nContent-Type: text/plain\n\npart %d\n" % i
                    for i in range(10000))
    c.add("mime-10000-parts", "any", head % "wide" +
          "Content-Type: multipart/mixed; boundary=x\n\n" + parts + "--x--\n")
    c.add("mime-50000-empty-parts", "any", head % "wider" +
          "Content-Type: multipart/mixed; boundary=x\n\n" + "--x\n" * 50000 +
          "--x--\n")
    # Not a mail at all.
    c.add("not-mail-empty", "quarantine", b"")
    c.add("not-mail-one-byte", "quarantine", b"x")
    c.add("not-mail-text", "quarantine", "just a line of text, no header\n")
    c.add("not-mail-blank-first", "quarantine", "\n\nFrom: x@example.org\n")
    c.add("not-mail-binary", "any",
          bytes(rnd.randrange(256) for _ in range(4096)))
    c.add("not-mail-nuls", "any", b"\0" * 10000)
    c.add("header-only", "any", "From: x@example.org\nSubject: no body")
    c.add("no-blank-line", "any",
          "From: x@example.org\nSubject: x\nthis is no header\n")
    c.add("cr-only", "any", "From: x@example.org\rSubject: cr\r\rhello\r")
    c.add("lfcr", "any", "From: x@example.org\n\rSubject: x\n\r\n\rhi\n\r")
    c.add("bom", "any", "\ufeffFrom: x@example.org\n\nhi\n")
    c.add("colon-first", "any", ": x\nFrom: x@example.org\n\nhi\n")
    c.add("field-no-colon", "any",
          "From x@example.org no colon\nSubject: x\n\nhi\n")
    c.add("continuation-only", "any", " folded\n\tfolded\n\nhi\n")
    c.add("100000-fields", "any",
          "From: many@example.org\n" + "X-F: v\n" * 100000 + "\nhi\n")
    c.add("1mb-field-line", "any",
          "From: x@example.org\nX-Long: " + "y" * 1000000 + "\n\nhi\n")
    c.add("nul-in-headers", "any",
          "From: x@exa\0mple.org\nSubject: a\0b\n\nh\0i\n")


# --- encodings ----------------------------------------------------------------

def add_encodings(c):
    head = "From: enc@example.org\nTo: %s\nSubject: enc %%s\n" % DAEMON
    cte = "Content-Transfer-Encoding: %s\nContent-Type: text/plain%s\n\n"
    cases = [
        ("b64-invalid", cte % ("base64", "") + "!!!!@@@@####$$$$\n"),
        ("b64-truncated", cte % ("base64", "") + "R0FNRSBk\nZW1v" + "Q\n"),
        ("b64-padding-middle", cte % ("base64", "") + "R0==FN\nRS==\n"),
        ("b64-huge-line", cte % ("base64", "") + "QUFB" * 250000 + "\n"),
        ("qp-broken-end", cte % ("quoted-printable", "") + "hello =X"),
        ("qp-soft-at-eof", cte % ("quoted-printable", "") + "hello="),
        ("qp-bad-hex", cte % ("quoted-printable", "") + "=ZZ=G1=\n=0\n"),
        ("qp-huge-line", cte % ("quoted-printable", "") + "=41" * 300000),
        ("charset-utf16", cte % ("8bit", "; charset=utf-16") +
         "\xff\xfeG\x00A\x00"),
        ("charset-utf32", cte % ("8bit", "; charset=utf-32") + "abc\n"),
        ("charset-iso2022", cte % ("7bit", "; charset=iso-2022-jp") +
         "\x1b$B\x1b(J\x1b$@garbage\x1b\n"),
        ("charset-unknown", cte % ("8bit", "; charset=x-nonsense") +
         "caf\xe9\n"),
        ("charset-long-name", cte % ("8bit", "; charset=" + "x" * 5000) +
         "hi\n"),
        ("charset-quoted", cte % ("8bit", "; charset=\"utf-8\"; x=\"\"") +
         "hi\n"),
        ("invalid-utf8", cte % ("8bit", "; charset=utf-8") +
         "\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80\xfe\xff\n"),
        ("latin1-body", cte % ("8bit", "; charset=iso-8859-1") +
         "\x93quoted\x94 caf\xe9\n"),
        ("8bit-headers", "X-Name: caf\xe9 \xff\xfe\n" +
         cte % ("8bit", "") + "hi\n"),
        ("nul-body", cte % ("8bit", "") + "a\0b\0c\n"),
    ]
    for name, rest in cases:
        c.add("enc-%s" % name, "any", head % name + rest)
    words = [
        ("2047-unterminated", "=?utf-8?q?abc"),
        ("2047-bad-b", "=?utf-8?b?!!!!?="),
        ("2047-bad-charset", "=?x-nope?q?abc?="),
        ("2047-empty", "=??q??="),
        ("2047-many", " ".join(["=?utf-8?q?w%d?=" % i for i in range(2000)])),
        ("2047-nested", "=?utf-8?q?=3D=3Futf-8=3Fq=3Fx=3F=3D?="),
        ("2047-huge", "=?utf-8?b?" + "QUFB" * 200000 + "?="),
        ("2047-nul", "=?utf-8?q?a=00b?="),
        ("2047-utf16", "=?utf-16?b?//5BAA==?="),
        ("2047-invalid-utf8", "=?utf-8?q?=C0=AF=ED=A0=80?="),
        ("8bit-subject", "caf\xe9 \xff \xc3\x28"),
    ]
    for name, subject in words:
        c.add("enc-%s" % name, "any",
              "From: =?utf-8?q?=FF=FE?= <enc@example.org>\nTo: %s\n"
              "Subject: %s\nMessage-ID: <%s@example.org>\n\nhi\n"
              % (DAEMON, subject, name))


# --- huge lines and bodies ----------------------------------------------------

def add_huge(c):
    a_addr, a_head = ATHENS
    c.add("huge-400k-line", "answer",
          mail(a_addr, "orders", a_head + "SHIP nike SPEED 2 " +
               "F" * 400000 + "\n", "<huge-line@example.org>"))
    c.add("huge-400k-word", "answer",
          mail(a_addr, "orders", a_head + "x" * 400000 + "\n",
               "<huge-word@example.org>"))
    c.add("huge-100000-errors", "answer",
          mail(a_addr, "many errors", a_head +
               "".join("x%d\n" % i for i in range(100000)),
               "<errors@example.org>"))
    c.add("huge-1mb-subject", "answer",
          mail(a_addr, "s" * 1000000, a_head + "STATUS\n",
               "<subject@example.org>"))
    c.add("huge-100000-references", "answer",
          mail(a_addr, "orders", a_head + "STATUS\n", "<refs@example.org>",
               ["References: " + " ".join("<r%d@example.org>" % i
                                          for i in range(100000))]))
    c.add("huge-body-over-1mib", "any",
          mail(a_addr, "[navarch demo] orders", a_head +
               "> quoted text of an earlier mail\n" * 40000,
               "<body-1mib@example.org>"))
    c.add("huge-15mib", "any",
          mail("big@example.org", "big", "0123456789abcdef\n" * 900000,
               "<big15@example.org>"))
    c.add("huge-over-limit", "quarantine",
          mail("big@example.org", "too big", "x" * (17 * 1024 * 1024),
               "<big17@example.org>"))
    c.add("huge-100000-commands", "answer",
          mail(a_addr, "status", a_head + "STATUS\n" * 100000,
               "<commands@example.org>"))
    c.add("huge-50000-ship-lines", "answer",
          mail(a_addr, "orders", a_head + "SHIP nike SPEED 1\n" * 50000,
               "<ships@example.org>"))
    c.add("huge-press", "answer",
          mail(a_addr, "press", a_head + "PRESS TO ALL\n" + "p" * 500000 +
               "\nEND PRESS\n", "<press@example.org>"))


# --- loops and bounces: never answered ---------------------------------------

def add_loops(c):
    dsn = ("Content-Type: multipart/report; report-type=delivery-status; "
           "boundary=r\n\n--r\nContent-Type: text/plain\n\nfailed\n--r\n"
           "Content-Type: message/delivery-status\n\nReporting-MTA: dns; x\n\n"
           "Final-Recipient: rfc822; %s\nAction: %s\nStatus: %s\n--r\n"
           "Content-Type: message/rfc822\n\nFrom: %s\nMessage-ID: <%s>\n\n"
           "report\n--r--\n")
    cases = [
        ("auto-replied", "x@example.org", ["Auto-Submitted: auto-replied"]),
        ("auto-generated", "x@example.org", ["Auto-Submitted: auto-generated"]),
        ("auto-garbage", "x@example.org", ["Auto-Submitted: \xff(((x"]),
        ("precedence-bulk", "x@example.org", ["Precedence: bulk"]),
        ("precedence-junk", "x@example.org", ["Precedence: junk"]),
        ("precedence-list", "x@example.org", ["Precedence: list"]),
        ("list-id", "x@example.org", ["List-Id: <games.example.org>"]),
        ("list-unsubscribe", "x@example.org",
         ["List-Unsubscribe: <mailto:u@example.org>"]),
        ("x-autoreply", "x@example.org", ["X-Autoreply: yes"]),
        ("null-return-path", "x@example.org", ["Return-Path: <>"]),
        ("mailer-daemon", "MAILER-DAEMON@example.org", []),
        ("postmaster", "postmaster@example.org", []),
        ("own-address", DAEMON, []),
        ("own-address-case", "NAVARCH@EXAMPLE.ORG", []),
        ("own-sender", "x@example.org", ["Sender: %s" % DAEMON]),
        ("own-return-path", "x@example.org", ["Return-Path: <%s>" % DAEMON]),
    ]
    for name, frm, extra in cases:
        c.add("loop-%s" % name, "drop",
              mail(frm, "[navarch demo] Re: orders", ATHENS[1] + "STATUS\n",
                   "<loop.%s@example.org>" % name, extra))
    bounces = [
        ("bounce-player", "athens@example.org", "failed", "5.1.1"),
        ("bounce-delayed", "athens@example.org", "delayed", "4.4.1"),
        ("bounce-stranger", "nobody@example.org", "failed", "5.1.1"),
        ("bounce-garbage", "\xff\xfe", "\xff", "9.9.9.9.9"),
    ]
    for name, rcpt, action, status in bounces:
        c.add("loop-%s" % name, "drop",
              "From: MAILER-DAEMON@example.org\nTo: %s\nSubject: Undelivered\n"
              "Message-ID: <%s@example.org>\nReturn-Path: <>\nMIME-Version: "
              "1.0\n" % (DAEMON, name) +
              dsn % (rcpt, action, status, DAEMON,
                     "navarch.0123456789abcdef@example.org"))
    c.add("loop-read-receipt", "drop",
          "From: athens@example.org\nTo: %s\nSubject: Read\n"
          "Message-ID: <mdn@example.org>\nContent-Type: multipart/report; "
          "report-type=disposition-notification; boundary=r\n\n--r\n\n"
          "read\n--r--\n" % DAEMON)
    c.add("loop-our-report-back", "drop",
          mail(DAEMON, "[navarch demo] Turn 1 report", "NAVARCH -- turn 1\n",
               "<navarch.t1.report.athens@example.org>",
               ["Auto-Submitted: auto-generated"]))


# --- forged senders -------------------------------------------------------------

def add_forged(c):
    a_addr, a_head = ATHENS
    p_addr, p_head = PERSIA
    no_pw = "GAME demo\nPLAYER athens\n"
    cases = [
        ("athens-no-password", a_addr, no_pw + "SHIP nike SPEED 3\n", "any"),
        ("athens-wrong-password", a_addr, no_pw +
         "PASSWORD wrong\nSHIP nike SPEED 3\n", "any"),
        ("athens-persia-password", a_addr, no_pw +
         "PASSWORD persia-secret\nSHIP nike SPEED 3\n", "any"),
        ("stranger-as-athens", "evil@example.com", no_pw +
         "PASSWORD guess\nSHIP nike SPEED 3\n", "any"),
        ("stranger-right-password", "evil@example.com", a_head +
         "SHIP nike SPEED 1\n", "answer"),
        ("gm-wrong-password", "gm@example.org",
         "GAME demo\nGM\nPASSWORD nope\nPROCESS\n", "any"),
        ("gm-no-password", "evil@example.com", "GAME demo\nGM\nPROCESS\n",
         "any"),
        ("unknown-game", "x@example.com", "GAME nosuch\nHELP\n", "any"),
        ("unknown-player", "y@example.com",
         "GAME demo\nPLAYER pericles\nPASSWORD x\n", "any"),
        ("help-stranger", "helper@example.com", "HELP\n", "answer"),
    ]
    for name, frm, body, expect in cases:
        c.add("forged-%s" % name, expect,
              mail(frm, "orders", body, "<forged.%s@example.org>" % name))
    froms = [
        ("display-name-trick", "\"athens@example.org\" <evil@example.com>"),
        ("two-froms", "athens@example.org, evil@example.com"),
        ("group", "players: athens@example.org, evil@example.com;"),
        ("empty-group", "undisclosed-recipients:;"),
        ("angle-only", "<>"),
        ("garbage", "\xff\xfe <<<>>> @@@"),
        ("1000-addresses", ", ".join("a%d@example.org" % i
                                     for i in range(1000))),
        ("8bit-name", "Ath\xe8nes <athens@example.org>"),
        ("no-at", "athens"),
        ("quoted-local", "\"athens\"@example.org"),
        ("route", "<@relay.example.org:athens@example.org>"),
    ]
    for name, frm in froms:
        c.add("forged-from-%s" % name, "any",
              mail(frm, "orders", a_head + "SHIP nike SPEED 2\n",
                   "<from.%s@example.org>" % name))
    c.add("forged-no-from", "drop",
          mail(None, "orders", a_head + "SHIP nike SPEED 2\n",
               "<nofrom@example.org>"))
    c.add("forged-reply-to", "answer",
          mail(a_addr, "orders", a_head + "SHIP nike SPEED 2\n",
               "<replyto@example.org>", ["Reply-To: evil@example.com"]))
    c.add("forged-sender", "answer",
          mail(a_addr, "orders", a_head + "SHIP nike SPEED 2\n",
               "<sender@example.org>", ["Sender: evil@example.com"]))
    c.add("forged-duplicate-id", "drop",
          mail(a_addr, "orders", a_head + "SHIP nike SPEED 2\n",
               "<replyto@example.org>"))


# --- header injection -----------------------------------------------------------

def add_injection(c):
    a_addr, a_head = ATHENS
    subjects = [
        ("encoded-crlf", "=?utf-8?q?x=0D=0ABcc:_victim@example.com?="),
        ("encoded-lf", "=?utf-8?b?eApYLUluamVjdGVkOiB5ZXM=?="),
        ("raw-cr", "x\rBcc: victim@example.com"),
        ("encoded-nul", "=?utf-8?q?x=00X-Injected:_yes?="),
        ("tab-bcc", "x\n\tBcc: victim@example.com"),
    ]
    for name, subject in subjects:
        c.add("inject-subject-%s" % name, "answer",
              mail(a_addr, subject, a_head + "STATUS\n",
                   "<inject.%s@example.org>" % name))
    c.add("inject-from-name", "answer",
          mail("=?utf-8?q?Evil=0D=0ABcc:_v@example.com?= <athens@example.org>",
               "orders", a_head + "STATUS\n", "<inject.from@example.org>"))
    c.add("inject-message-id", "answer",
          mail(a_addr, "orders", a_head + "STATUS\n",
               "<a@b>\r\nX-Injected: yes"))
    c.add("inject-references", "answer",
          mail(a_addr, "orders", a_head + "STATUS\n", "<inj.refs@example.org>",
               ["References: <a@b>\rX-Injected: yes <c@d>"]))
    c.add("inject-in-reply-to", "answer",
          mail(a_addr, "orders", a_head + "STATUS\n", "<inj.irt@example.org>",
               ["In-Reply-To: <x@y> =?utf-8?q?=0D=0AX-Injected:_yes?="]))
    c.add("inject-press", "answer",
          mail(a_addr, "press", a_head + "PRESS TO persia\nX-Injected: yes\n"
               "\r\nBcc: victim@example.com\nEND PRESS\n",
               "<inj.press@example.org>"))
    c.add("inject-game-line", "any",
          mail(a_addr, "orders", "GAME demo\rX-Injected: yes\nPLAYER athens\n"
               "PASSWORD athens-secret\nSTATUS\n", "<inj.game@example.org>"))


# --- odd Message-IDs: the orders are kept and acknowledged --------------------

def add_odd_ids(c):
    ids = [
        ("no-at", "<no-at-sign>"),
        ("over-248", "<" + "x" * 300 + "@example.org>"),
        ("quoted-local", "<\"quoted local\"@example.org>"),
        ("8bit", "<caf\xc3\xa9@example.org>"),
        ("garbage", "<a b c> garbage <<>>"),
        ("empty-brackets", "<>"),
        ("no-brackets", "not even brackets"),
        ("two-ats", "<a@b@c>"),
        ("comment", "(comment) <commented@example.org> (more)"),
        ("huge", "<" + "y" * 100000 + "@example.org>"),
        ("control", "<a\x01b@example.org>"),
        ("domain-literal", "<x@[127.0.0.1]>"),
        ("trailing-dot", "<x.@example.org.>"),
        ("latin1", "<caf\xe9@example.org>"),
        ("only-at", "<@>"),
    ]
    for i, (name, mid) in enumerate(ids):
        c.add("oddid-%s" % name, "answer",
              mail(ATHENS[0], "orders %s" % name, orders(ATHENS, i % 4 + 1),
                   mid, ["References: <ok@example.org> %s <also bad" % mid,
                         "In-Reply-To: %s" % mid]))


# --- mutations of a valid order mail ------------------------------------------

def add_mutations(c, rnd):
    base = mail(PERSIA[0], "[navarch demo] orders", orders(PERSIA, 2) +
                "-- \nsignature\n", "<mutant@example.org>",
                ["MIME-Version: 1.0",
                 "Content-Type: text/plain; charset=utf-8",
                 "Content-Transfer-Encoding: quoted-printable"])
    for i in range(20):
        cut = rnd.randrange(len(base))
        c.add("mutant-cut-%02d" % i, "any", base[:cut])
    for i in range(20):
        b = bytearray(base)
        for _ in range(1 + i % 5):
            b[rnd.randrange(len(b))] = rnd.randrange(256)
        c.add("mutant-flip-%02d" % i, "any", bytes(b))


# --- controls: plain mail, answered -----------------------------------------------

def add_controls(c):
    c.add("control-athens", "answer",
          mail(ATHENS[0], "orders", orders(ATHENS, 3),
               "<control.athens@example.org>"))
    c.add("control-persia-crlf", "answer",
          mail(PERSIA[0], "orders", orders(PERSIA, 3),
               "<control.persia@example.org>", nl="\r\n"))
    c.add("control-html", "answer",
          mail(ATHENS[0], "orders", "<html><body><p>GAME demo<br>PLAYER "
               "athens<br>PASSWORD athens-secret<br>STATUS</p></body></html>",
               "<control.html@example.org>",
               ["Content-Type: text/html; charset=utf-8"]))
    c.add("control-mbox-line", "answer",
          b"From athens@example.org  Tue Dec  1 12:00:00 2026\n" +
          mail(ATHENS[0], "orders", ATHENS[1] + "STATUS\n",
               "<control.mbox@example.org>"))


def messages():
    rnd = random.Random(SEED)
    c = Corpus()
    add_controls(c)
    add_nesting(c)
    add_comments(c)
    add_broken_mime(c, rnd)
    add_encodings(c)
    add_huge(c)
    add_loops(c)
    add_forged(c)
    add_injection(c)
    add_odd_ids(c)
    add_mutations(c, rnd)
    return c.items


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: gen.py DIR")
    os.makedirs(argv[1], exist_ok=True)
    with open(os.path.join(argv[1], "MANIFEST"), "w") as m:
        for name, expect, data in messages():
            with open(os.path.join(argv[1], name), "wb") as f:
                f.write(data)
            m.write("%s %s %d\n" % (name, expect, len(data)))


if __name__ == "__main__":
    main(sys.argv)

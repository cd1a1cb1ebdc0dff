#!/usr/bin/env python3
"""png.py: check the picture rsvg-convert drew from an SVG map.

    png.py MAP.svg MAP.png SHIP=#rrggbb... [--land #rrggbb] [--sea #rrggbb]

Reads the PNG with zlib alone (no imaging module): signature, IHDR, the
IDAT rows with their filters.  Checks that the picture has the SVG's width
and height; that for each SHIP the pixel at the centre of its hex has the
given colour (its side's) and the pixel on its bow axis near the hexside
it faces is the dark ram, while the one as far aft is the hull again (so
the ship visibly points its way); and that the centres of the first land
and sea hexes have the land and sea colours.  Prints one line per check
and "N passed, N failed"; exits 1 on any failure.
"""

import math
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

SVG = "{http://www.w3.org/2000/svg}"
TOLERANCE = 10          # per channel, for anti-aliasing and rounding
RAM_AT = 31             # the ram lies 28 to 35 units ahead of the centre


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(path + ": not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = \
                struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace != 0:
                raise ValueError("%s: depth %d, colour type %d, interlace "
                                 "%d not handled" % (path, depth, ctype,
                                                     interlace))
            bpp = 4 if ctype == 6 else 3
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    if width is None:
        raise ValueError(path + ": no IHDR")
    return width, height, bpp, unfilter(zlib.decompress(idat), width,
                                        height, bpp)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(raw, width, height, bpp):
    stride = width * bpp
    rows, prev, pos = [], bytearray(stride), 0
    for _ in range(height):
        ftype, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 0xff
            elif ftype == 2:
                line[i] = (line[i] + b) & 0xff
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xff
            elif ftype == 4:
                line[i] = (line[i] + paeth(a, b, c)) & 0xff
            elif ftype != 0:
                raise ValueError("bad filter type %d" % ftype)
        rows.append(line)
        prev = line
    return rows


def rgb(hexcolour):
    return tuple(int(hexcolour[i:i + 2], 16) for i in (1, 3, 5))


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        if ok:
            self.passed += 1
        else:
            self.failed += 1


def near(got, want):
    return all(abs(g - w) <= TOLERANCE for g, w in zip(got, want))


def main(argv):
    svg_path, png_path, rest = argv[1], argv[2], argv[3:]
    ships, colours = {}, {}
    while rest:
        arg = rest.pop(0)
        if arg in ("--land", "--sea"):
            colours[arg[2:]] = rgb(rest.pop(0))
        else:
            ship, colour = arg.split("=")
            ships[ship] = rgb(colour)

    root = ET.parse(svg_path).getroot()
    width, height, bpp, rows = read_png(png_path)
    c = Checks()

    def pixel(x, y):
        line = rows[int(round(y))]
        i = int(round(x)) * bpp
        return tuple(line[i:i + 3])

    c.check((width, height) == (int(root.get("width")),
                                int(root.get("height"))),
            "picture %dx%d, the SVG says %sx%s" % (width, height,
                                                   root.get("width"),
                                                   root.get("height")))
    for ship, want in sorted(ships.items()):
        group = None
        for g in root.iter(SVG + "g"):
            title = g.find(SVG + "title")
            if g.get("class") == "ship" and title is not None and \
                    re.search(r" %s[: ]" % re.escape(ship), title.text):
                group = g
        c.check(group is not None, "%s is on the map" % ship)
        if group is None:
            continue
        place = group.find(SVG + "g").get("transform")
        m = re.match(r"translate\((\d+) (\d+)\)(?: rotate\((\d+)\))?", place)
        x, y, angle = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
        hull = [p for p in group.iter(SVG + "polygon")
                if p.get("class", "").startswith("hull")][0]
        c.check(rgb(hull.get("fill")) == want,
                "%s hull filled %s" % (ship, hull.get("fill")))
        got = pixel(x, y)
        c.check(near(got, want), "%s: pixel at its hex's centre (%d, %d) "
                "is %s, want %s" % (ship, x, y, got, want))
        # The bow axis: rotate(angle) turns north (0, -1) clockwise.
        dx, dy = math.sin(math.radians(angle)), -math.cos(math.radians(angle))
        bow = pixel(x + RAM_AT * dx, y + RAM_AT * dy)
        stern = pixel(x - 24 * dx, y - 24 * dy)
        c.check(max(bow) < 90, "%s: dark ram ahead, towards %d degrees: %s"
                % (ship, angle, bow))
        c.check(near(stern, want), "%s: hull astern: %s" % (ship, stern))
    for kind, want in sorted(colours.items()):
        poly = next(p for p in root.iter(SVG + "polygon")
                    if p.get("class") == kind)
        pts = [tuple(map(int, p.split(","))) for p in poly.get("points")
               .split()]
        x = sum(p[0] for p in pts) / len(pts)
        y = sum(p[1] for p in pts) / len(pts)
        got = pixel(x, y)
        c.check(near(got, want), "%s hex centre (%d, %d) is %s, want %s"
                % (kind, x, y, got, want))
    print("%d passed, %d failed" % (c.passed, c.failed))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

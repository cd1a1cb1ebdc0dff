#!/usr/bin/env python3
"""check-style.py: the project's style gate (make check-style).

Fails (exit 1, one line per finding, file:line: what) on what
docs/style.md forbids:

  banned     a call of sprintf, vsprintf, strcpy, strcat, strtok, atoi,
             atol or gets (comments and string literals are not calls)
  layer      an #include edge a layer may not have (the table LAYERS below,
             the same as docs/architecture.md): arrows only point down
  private    a private header (NAME-int.h) included from another folder
  file-size  a .c or .h file over 800 lines
  func-size  a function body over 80 lines
  ruleset    a ruleset's name outside its own folders (src/game/NAME/,
             src/report/NAME/) and the registries (src/game/ruleset-registry.c,
             src/report/report-registry.c)
  exit       an exit status in a library: exitcode.h or sysexits.h
             included, NV_EXIT_ or EX_ names, or 75 or 78 returned,
             compared or passed to exit(); libraries return their own
             codes and only the programs' edges (src/ctl/,
             src/daemon/navarchd.c) turn them into exit statuses

Usage: check-style.py [TOP]   (TOP defaults to the source tree this script
is in).  Exit 0 clean, 1 findings, 2 usage.  Only the standard library.
"""
import os
import re
import sys

MAX_FILE_LINES = 800
MAX_FUNC_LINES = 80
BANNED = ("sprintf", "vsprintf", "strcpy", "strcat", "strtok", "atoi",
          "atol", "gets")
REGISTRY = os.path.join("src", "game", "ruleset-registry.c")
# The libraries, which never speak in exit statuses, and the one file
# among them that is a program's edge.
EXIT_LAYERS = ("daemon", "mail", "play", "store", "report", "game")
EXIT_EDGES = (os.path.join("src", "daemon", "navarchd.c"),)
EXIT_RE = re.compile(r'#\s*include\s*[<"](exitcode|sysexits)\.h[>"]'
                     r'|\b(NV_EXIT_|EX_)[A-Z]+\b'
                     r'|\b(return|exit\s*\()\s*\(?\s*(75|78)\b'
                     r'|[=!]=\s*(75|78)\b')
REPORT_REGISTRY = os.path.join("src", "report", "report-registry.c")

# Which layers each layer's files may include headers of (itself always).
# ctl and daemon are the programs' edges; ctl also runs the daemon's
# configuration for `navarch deliver`.
LAYERS = {
    "common": set(),
    "game": {"common"},
    "report": {"common", "game"},
    "store": {"common"},
    "play": {"common", "game", "report", "store"},
    "mail": {"common", "game", "report", "store", "play"},
    "daemon": {"common", "game", "report", "store", "play", "mail"},
    "ctl": {"common", "game", "report", "store", "play", "mail", "daemon"},
}

BANNED_RE = re.compile(r"\b(" + "|".join(BANNED) + r")\s*\(")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def strip_c(text):
    """The text with comments and string and character literals blanked
    (newlines kept, so line numbers stay right)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + re.sub(r"[^\n]", " ", text[i + 1:j - 1]) + c)
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def layer_of(rel):
    parts = rel.split(os.sep)
    if len(parts) >= 3 and parts[0] == "src" and parts[1] in LAYERS:
        return parts[1]
    return None


def ruleset_names(top):
    """Rulesets are the folders of src/game (src/game/NAME/)."""
    d = os.path.join(top, "src", "game")
    return sorted(e for e in os.listdir(d)
                  if os.path.isdir(os.path.join(d, e)))


def source_files(top, roots):
    for root in roots:
        base = os.path.join(top, root)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames.sort()
            for f in sorted(filenames):
                if f.endswith((".c", ".h")):
                    yield os.path.relpath(os.path.join(dirpath, f), top)


def header_index(top):
    """Header basename -> the folder (relative) that holds it."""
    idx = {}
    for rel in source_files(top, ["src"]):
        if rel.endswith(".h"):
            idx.setdefault(os.path.basename(rel), os.path.dirname(rel))
    return idx


def check_banned(rel, code, out):
    for no, line in enumerate(code.split("\n"), 1):
        m = BANNED_RE.search(line)
        if m:
            out.append("%s:%d: banned: %s()" % (rel, no, m.group(1)))


def check_sizes(rel, text, code, out):
    lines = text.split("\n")
    if len(lines) - 1 > MAX_FILE_LINES:
        out.append("%s:%d: file-size: %d lines (at most %d)"
                   % (rel, len(lines), len(lines) - 1, MAX_FILE_LINES))
    if not rel.endswith(".c"):
        return
    start = None
    for no, line in enumerate(code.split("\n"), 1):
        # Functions are written BSD style: the body's braces in column 0.
        if line.startswith("{"):
            start = no
        elif line.startswith("}") and start is not None:
            body = no - start - 1
            if body > MAX_FUNC_LINES:
                out.append("%s:%d: func-size: a function of %d lines "
                           "(at most %d)" % (rel, start, body,
                                             MAX_FUNC_LINES))
            start = None


def resolve(top, rel, name, idx):
    """Folder of the header an #include "name" reaches, or None."""
    here = os.path.dirname(rel)
    if os.path.exists(os.path.join(top, here, name)):
        return os.path.dirname(os.path.normpath(os.path.join(here, name)))
    for d in ("src/common", "src/game"):
        if os.path.exists(os.path.join(top, d, name)):
            return os.path.dirname(os.path.normpath(os.path.join(d, name)))
    base = os.path.basename(name)
    return idx.get(base)


def check_includes(top, rel, text, idx, out):
    mine = layer_of(rel)
    for no, line in enumerate(text.split("\n"), 1):
        m = INCLUDE_RE.match(line)
        if not m or m.group(1) == "config.h":
            continue
        folder = resolve(top, rel, m.group(1), idx)
        if folder is None:
            continue
        theirs = layer_of(os.path.join(folder, "x"))
        if mine and theirs and theirs != mine and \
                theirs not in LAYERS[mine]:
            out.append("%s:%d: layer: %s may not include %s (%s)"
                       % (rel, no, mine, m.group(1), theirs))
        # A ruleset's report module (src/report/NAME/) is part of the
        # report layer and may use its private header.
        here = os.path.dirname(rel)
        if m.group(1).endswith("-int.h") and rel.startswith("src") and \
                here != folder and not here.startswith(folder + os.sep):
            out.append("%s:%d: private: %s belongs to %s"
                       % (rel, no, m.group(1), folder))


def check_exit(rel, text, code, out):
    if layer_of(rel) not in EXIT_LAYERS or rel in EXIT_EDGES:
        return
    # The includes are read from the text (strip_c blanks the file
    # name); the rest from the code, so that comments may explain.
    src_lines = text.split("\n")
    for no, line in enumerate(code.split("\n"), 1):
        m = EXIT_RE.search(line)
        if m is None and line.lstrip().startswith("#"):
            m = EXIT_RE.search(src_lines[no - 1])
        if m:
            out.append("%s:%d: exit: %s (a library returns its own codes; "
                       "the program's edge makes exit statuses)"
                       % (rel, no, m.group(0).strip()))


def check_ruleset_names(top, rel, text, names, out):
    if rel in (REGISTRY, REPORT_REGISTRY):
        return
    parts = rel.split(os.sep)
    low = text.lower()
    for name in names:
        own = (len(parts) > 3 and parts[0] == "src" and parts[2] == name)
        if own or name.lower() not in low:
            continue
        for no, line in enumerate(low.split("\n"), 1):
            if name.lower() in line:
                out.append("%s:%d: ruleset: names the ruleset '%s' "
                           "outside its folders" % (rel, no, name))
                break


def main(argv):
    if len(argv) > 2:
        print("usage: check-style.py [TOP]", file=sys.stderr)
        return 2
    top = argv[1] if len(argv) == 2 else \
        os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if not os.path.isdir(os.path.join(top, "src", "game")):
        print("check-style: %s is not a Navarch source tree" % top,
              file=sys.stderr)
        return 2
    idx = header_index(top)
    names = ruleset_names(top)
    out = []
    for rel in source_files(top, ["src"]):
        with open(os.path.join(top, rel), encoding="utf-8",
                  errors="replace") as f:
            text = f.read()
        code = strip_c(text)
        check_banned(rel, code, out)
        check_sizes(rel, text, code, out)
        check_includes(top, rel, text, idx, out)
        check_ruleset_names(top, rel, text, names, out)
        check_exit(rel, text, code, out)
    for rel in source_files(top, ["tests", "bench"]):
        with open(os.path.join(top, rel), encoding="utf-8",
                  errors="replace") as f:
            check_banned(rel, strip_c(f.read()), out)
    for line in out:
        print(line)
    if out:
        print("check-style: %d finding(s); docs/style.md says why"
              % len(out), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

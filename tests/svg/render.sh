#!/bin/sh
# render.sh: rasterise the demo scenario's SVG map with rsvg-convert (as a
# mail client or browser would draw it) and check the picture: its size,
# each ship's side colour at the centre of its hex, its ram on the side it
# faces, land and sea.  png.py reads the PNG with zlib alone.
#
# Skipped (exit 77) when rsvg-convert (Debian: librsvg2-bin) or python3 is
# missing, except under CI (CI=true), where that is a failure.
# Run by `make check`, which sets NAVARCH and NAVARCH_DATADIR.
set -u

here=$(cd "$(dirname "$0")" && pwd)
navarch=${NAVARCH:-./navarch}
demo=${NAVARCH_DATADIR:-$here/../../data}/../orders/demo/scenario.xml

for tool in rsvg-convert python3; do
	command -v "$tool" >/dev/null 2>&1 && continue
	if [ "${CI:-}" = true ]; then
		echo "render.sh: $tool is missing (scripts/setup-debian.sh" \
		    "installs it)"
		echo "0 passed, 1 failed"
		exit 1
	fi
	echo "render.sh: $tool is missing; skipped"
	exit 77
done

out=$(mktemp -d "${TMPDIR:-/tmp}/navarch-svg.XXXXXX") || exit 1
trap 'rm -rf "$out"' EXIT

if ! "$navarch" map "$demo" --svg >"$out/demo.svg"; then
	echo "render.sh: navarch map --svg failed"
	echo "0 passed, 1 failed"
	exit 1
fi
if ! rsvg-convert "$out/demo.svg" -o "$out/demo.png"; then
	echo "render.sh: rsvg-convert could not draw the map"
	echo "0 passed, 1 failed"
	exit 1
fi
# Athens is the scenario's first side (blue), Persia its second (red).
python3 "$here/png.py" "$out/demo.svg" "$out/demo.png" \
    nike=#1f4e9c paralos=#1f4e9c salaminia=#1f4e9c \
    azes=#b3261e sidon=#b3261e tyre=#b3261e \
    --land '#d8c48f' --sea '#d7e7f3'

#!/bin/sh
# fuzz.sh: build the libFuzzer targets with clang (AddressSanitizer and
# UndefinedBehaviorSanitizer) in a build directory of their own, run each
# for FUZZ_TIME seconds, and print what was found.  `make fuzz` runs it.
#
# Environment:
#   FUZZ_TIME     seconds per target (default 60)
#   FUZZ_TARGETS  which targets (default "orders state mime config")
#   FUZZ_BUILDDIR the clang build (default build-fuzz in the source tree)
#   CC_FUZZ       the compiler (default clang-14, else clang)
#
# Each target starts from its committed seed corpus (tests/fuzz/TARGET/)
# and its regression cases, and keeps what it finds new in
# $FUZZ_BUILDDIR/work/TARGET/corpus (never in the source tree).  A crash,
# leak, timeout (25 s) or out-of-memory (2 GB) stops that target and is
# saved in $FUZZ_BUILDDIR/work/TARGET/crashes/; the summary names it and
# the script exits 1.  To keep it as a regression case: copy the file to
# tests/fuzz/regressions/TARGET/ (make check replays it), fix the bug.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
time=${FUZZ_TIME:-60}
targets=${FUZZ_TARGETS:-"orders state mime config"}
bdir=${FUZZ_BUILDDIR:-$src/build-fuzz}
case $time in ''|*[!0-9]*) echo "fuzz.sh: FUZZ_TIME must be seconds" >&2
	exit 64 ;; esac

cc=${CC_FUZZ:-}
if [ -z "$cc" ]; then
	if command -v clang-14 >/dev/null 2>&1; then cc=clang-14
	elif command -v clang >/dev/null 2>&1; then cc=clang
	else
		echo "fuzz.sh: clang is missing (scripts/setup-debian.sh" \
		    "installs clang-14 and libclang-rt-14-dev)" >&2
		exit 1
	fi
fi

[ -x "$src/configure" ] || (cd "$src" && ./autogen.sh >/dev/null)
mkdir -p "$bdir"
if [ ! -f "$bdir/Makefile" ]; then
	echo "fuzz.sh: configuring $bdir with $cc"
	(cd "$bdir" && "$src/configure" CC="$cc" \
	    CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined" \
	    LDFLAGS="-fsanitize=address,undefined" >configure.log 2>&1) || {
		tail -n 30 "$bdir/configure.log"; exit 1; }
fi
progs=""
for t in $targets; do progs="$progs tests/fuzz/fuzz-$t"; done
echo "fuzz.sh: building$progs"
(cd "$bdir" && make -j2 $progs >make.log 2>&1) || {
	tail -n 40 "$bdir/make.log"; exit 1; }

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:symbolize=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
found=0
summary=""
for t in $targets; do
	work=$bdir/work/$t
	mkdir -p "$work/corpus" "$work/crashes"
	regress=""
	[ -d "$src/tests/fuzz/regressions/$t" ] &&
	    regress=$src/tests/fuzz/regressions/$t
	echo "fuzz.sh: fuzz-$t for $time s (log: $work/log)"
	set +e
	# shellcheck disable=SC2086
	"$bdir/tests/fuzz/fuzz-$t" -max_total_time="$time" -timeout=25 \
	    -rss_limit_mb=2048 -print_final_stats=1 \
	    -dict="$src/tests/fuzz/$t.dict" \
	    -artifact_prefix="$work/crashes/" \
	    "$work/corpus" "$src/tests/fuzz/$t" $regress >"$work/log" 2>&1
	rc=$?
	set -e
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
	rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$work/log")
	cov=$(grep -o 'cov: [0-9]*' "$work/log" | tail -n 1 | cut -d' ' -f2)
	units=$(ls "$work/corpus" | wc -l)
	crashes=$(ls "$work/crashes" | wc -l)
	if [ "$rc" -ne 0 ] && [ "$crashes" -eq 0 ]; then
		echo "fuzz.sh: fuzz-$t exited $rc without an artifact:" >&2
		tail -n 30 "$work/log" >&2
		crashes=1
	fi
	found=$((found + crashes))
	line=$(printf '%-8s %6ss %10s runs %6s edges %6s MB %6s corpus %3s crashes' \
	    "$t" "$time" "${runs:-?}" "${cov:-?}" "${rss:-?}" "$units" "$crashes")
	summary="$summary$line
"
	for f in "$work"/crashes/*; do
		[ -e "$f" ] || continue
		summary="$summary    $f
"
		grep -m 3 -E 'ERROR|property failed|runtime error' "$work/log" |
		    sed 's/^/    /' >&2 || true
	done
done
echo "== fuzz summary ($time s per target, clang $($cc -dumpversion), ASan+UBSan)"
printf '%s' "$summary"
echo "$found crashes found"
[ "$found" -eq 0 ]

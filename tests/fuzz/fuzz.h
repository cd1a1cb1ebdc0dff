/* fuzz.h: what the fuzz targets share (docs/testing.md, "Fuzzing").
 *
 * Each target (fuzz-*.c) defines the two libFuzzer entry points below and
 * is linked twice: with clang's -fsanitize=fuzzer by `make fuzz`
 * (scripts/fuzz.sh), and with replay.c's main() into a program of the
 * normal build that `make check` runs on the seed corpus and on every
 * crash ever found (tests/fuzz/regressions/), so a fixed crash stays
 * fixed under any compiler.  A target aborts (FUZZ_CHECK) when a property
 * it checks does not hold: that is a crash to libFuzzer too. */
#ifndef NV_FUZZ_H
#define NV_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int	LLVMFuzzerInitialize(int *argc, char ***argv);
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts with the failed property and where, when cond is false. */
#define FUZZ_CHECK(cond, ...) do {					\
	if (!(cond))							\
		fuzz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);	\
} while (0)

void	fuzz_fail(const char *file, int line, const char *cond,
	    const char *fmt, ...)
	    __attribute__((format(printf, 4, 5), noreturn));

/* The source tree's file rel (FUZZ_SRCDIR, or $NAVARCH_SRCDIR), read
 * whole; aborts when it cannot be read.  Owned by the caller. */
char	*fuzz_source_file(const char *rel, size_t *len);

#endif

/* password.c: hashing and checking passwords (see password.h). */
#include "config.h"

#include <crypt.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "password.h"
#include "xalloc.h"

/* The salt bytes handed to crypt_gensalt_rn: yescrypt uses 16. */
#define SALT_BYTES	16

static int
set_cause(char **cause, const char *msg)
{
	if (cause != NULL) {
		free(*cause);
		*cause = xstrdup(msg);
	}
	return -1;
}

int
password_random(void *buf, size_t n, char **cause)
{
	unsigned char	*p = buf;
	ssize_t		 r;

	while (n > 0) {
		r = getrandom(p, n, 0);
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (cause != NULL) {
				free(*cause);
				*cause = xasprintf("getrandom: %s",
				    strerror(errno));
			}
			return -1;
		}
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

/* A struct crypt_data is 32 KiB: too big for some thread stacks, so it is
 * allocated; wiped before it is freed because it holds the passphrase. */
static struct crypt_data *
data_new(void)
{
	return xcalloc(1, sizeof(struct crypt_data));
}

static void
data_free(struct crypt_data *d)
{
	explicit_bzero(d, sizeof *d);
	free(d);
}

int
password_hash(const char *pw, unsigned cost, char **hash, char **cause)
{
	struct crypt_data	*d;
	unsigned char		 rnd[SALT_BYTES];
	char			 setting[CRYPT_GENSALT_OUTPUT_SIZE];
	const char		*h;
	size_t			 len = strlen(pw);

	*hash = NULL;
	if (len == 0)
		return set_cause(cause, "the password is empty");
	if (len > PASSWORD_MAX)
		return set_cause(cause,
		    "the password is longer than 511 bytes");
	if (cost < PASSWORD_COST_MIN || cost > PASSWORD_COST_MAX)
		return set_cause(cause,
		    "the password hash cost must be from 1 to 11");
	if (password_random(rnd, sizeof rnd, cause) != 0)
		return -1;
	if (crypt_gensalt_rn("$y$", cost, (const char *)rnd, sizeof rnd,
	    setting, sizeof setting) == NULL) {
		explicit_bzero(rnd, sizeof rnd);
		return set_cause(cause, "crypt_gensalt: yescrypt unavailable");
	}
	explicit_bzero(rnd, sizeof rnd);
	d = data_new();
	h = crypt_rn(pw, setting, d, sizeof *d);
	/* On failure crypt returns NULL or a string starting with '*'. */
	if (h == NULL || h[0] == '*') {
		data_free(d);
		return set_cause(cause, "crypt: cannot hash the password");
	}
	*hash = xstrdup(h);
	data_free(d);
	return 0;
}

/* Compares the whole of two strings of equal length without branching on
 * their contents. */
static int
equal_ct(const char *a, const char *b, size_t n)
{
	volatile unsigned char	diff = 0;
	size_t			i;

	for (i = 0; i < n; i++)
		diff |= (unsigned char)a[i] ^ (unsigned char)b[i];
	return diff == 0;
}

int
password_verify(const char *pw, const char *hash)
{
	struct crypt_data	*d;
	const char		*h;
	size_t			 len;
	int			 ok = 0;

	if (pw == NULL || hash == NULL || pw[0] == '\0' || hash[0] != '$' ||
	    strlen(pw) > PASSWORD_MAX)
		return 0;
	d = data_new();
	h = crypt_rn(pw, hash, d, sizeof *d);
	/* The length of a hash is public (it is fixed by its method); only
	 * the contents are compared in constant time. */
	if (h != NULL && h[0] != '*') {
		len = strlen(hash);
		if (strlen(h) == len)
			ok = equal_ct(h, hash, len);
	}
	data_free(d);
	return ok;
}

int
password_generate(size_t len, char **out, char **cause)
{
	static const char	 alpha[] =
	    "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
	const size_t		 na = sizeof alpha - 1;	/* 57 */
	unsigned char		 b;
	char			*p;
	size_t			 i;

	*out = NULL;
	if (len < 8 || len > 64)
		return set_cause(cause,
		    "a generated password has 8 to 64 characters");
	p = xmalloc(len + 1);
	for (i = 0; i < len; ) {
		if (password_random(&b, 1, cause) != 0) {
			explicit_bzero(p, len + 1);
			free(p);
			return -1;
		}
		/* Rejection sampling keeps every character equally likely. */
		if (b >= 256 - 256 % na)
			continue;
		p[i++] = alpha[b % na];
	}
	p[len] = '\0';
	*out = p;
	return 0;
}

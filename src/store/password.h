/* password.h: player and GM passwords (crypt(3) with yescrypt, libxcrypt).
 *
 * Only hashes are stored.  A hash is the whole crypt string ("$y$..."),
 * which carries its own salt and cost, so raising the cost later leaves
 * old hashes verifiable.  Passwords are never logged: nothing here
 * prints, and the buffers that held one are wiped before they are freed.
 */
#ifndef NV_PASSWORD_H
#define NV_PASSWORD_H

#include <stddef.h>

#define PASSWORD_COST_MIN	1	/* fast: for tests and valgrind */
#define PASSWORD_COST_DEFAULT	5	/* libxcrypt's own default */
#define PASSWORD_COST_MAX	11
#define PASSWORD_MAX		511	/* bytes; crypt's passphrase limit */

/* Hashes pw with a fresh random salt at yescrypt cost (PASSWORD_COST_MIN..
 * PASSWORD_COST_MAX).  Returns 0 and *hash (owned by the caller), or -1
 * with *cause (owned by the caller): empty or too long password, cost out
 * of range, no randomness. */
int	password_hash(const char *pw, unsigned cost, char **hash,
	    char **cause);

/* 1 if pw is the password hashed in hash, else 0 (also for an empty pw, a
 * malformed hash or an error).  The comparison takes the same time
 * whatever the position of the first difference. */
int	password_verify(const char *pw, const char *hash);

/* A new random password of len (8..64) characters from an alphabet
 * without look-alikes (no 0/O, 1/l/I).  Returns 0 and *out (owned by the
 * caller), or -1 with *cause. */
int	password_generate(size_t len, char **out, char **cause);
/* The length of the password made for a player seated without one
 * (navarch player add, JOIN, SEAT). */
#define PASSWORD_SEAT_LEN	12

/* Fills buf with n bytes from getrandom(2).  0, or -1 with *cause. */
int	password_random(void *buf, size_t n, char **cause);

#endif

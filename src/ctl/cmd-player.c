/* cmd-player.c: navarch player add|remove|replace|set-address|unlock
 * and observer add|remove (player assign: cmd-squadron.c).  Every change
 * is audited in its own transaction.
 *
 * A generated password is printed once, alone on standard output, and
 * never again: only its hash is kept (password.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "ctl.h"
#include "exitcode.h"
#include "password.h"
#include "play.h"
#include "state.h"
#include "store.h"
#include "strutil.h"
#include "tz.h"
#include "xalloc.h"

struct pchange {
	const char	 *game, *side, *id, *address, *hash;
	const char	**ships;
	size_t		  nships;
	int		  admiral;
	const char	 *reason;	/* --reason, for the players */
	const char	 *timezone;	/* canonical (tz_check), or NULL */
	const char	 *secret;	/* a generated password, for the
					   welcome mail; NULL: the GM's */
	char		 *old_address;	/* a replaced or removed player's */
};

/* A notice to the players (the daemon mails it; store_notice_add) about
 * c's player, in the op's transaction. */
static int
seat_notice(struct store *s, const struct pchange *c,
    enum store_notice_kind kind, const char *secret, char **cause)
{
	struct store_notice_new	 n;
	struct store_game	*g = NULL;
	char			*actor = ctl_actor(), *details = NULL;
	int64_t			 now;
	int			 code;

	if (ctl_now(&now) != 0)
		now = 0;	/* checked before the transaction began */
	if ((code = store_game_get(s, c->game, &g, cause)) == STORE_OK) {
		if (c->old_address != NULL)
			details = xasprintf("address=%s", c->old_address);
		memset(&n, 0, sizeof n);
		n.game = c->game;
		n.kind = kind;
		n.turn = g->turn;
		n.player = c->id;
		n.actor = actor;
		n.reason = c->reason;
		n.details = details;
		n.secret = secret;
		n.now = now;
		code = store_notice_add(s, &n, NULL, cause);
	}
	store_game_free(g);
	free(details);
	free(actor);
	return code;
}

/* The address a player has now (owned), for the notice of losing the
 * seat. */
static int
old_address(struct store *s, struct pchange *c, char **cause)
{
	struct store_player	*p = NULL;
	int			 code;

	if ((code = store_player_get(s, c->game, c->id, &p, cause)) ==
	    STORE_OK)
		c->old_address = xstrdup(p->address);
	store_player_free(p);
	return code;
}

/* A hash of the password in file, or of a new one (*shown, owned, to be
 * printed once).  0 or an exit status. */
static int
new_password(const char *file, char **hash, char **shown)
{
	unsigned	 cost;
	char		*pw, *cause;
	int		 rc;

	*shown = NULL;
	if ((rc = ctl_hash_cost(&cost)) != 0)
		return rc;
	if (file != NULL && (rc = ctl_read_password(file, &pw)) != 0)
		return rc;
	if (file == NULL && password_generate(PASSWORD_SEAT_LEN, &pw,
	    &cause) != 0) {
		rc = ctl_err(NV_EXIT_FAIL, "%s", cause);
		free(cause);
		return rc;
	}
	if (password_hash(pw, cost, hash, &cause) != 0) {
		rc = ctl_err(NV_EXIT_INPUT, "%s", cause);
		free(cause);
	} else if (file == NULL) {
		*shown = pw;
		return 0;
	}
	explicit_bzero(pw, strlen(pw));
	free(pw);
	return rc;
}

static void
show_password(char *pw, const char *player)
{
	if (pw == NULL)
		return;
	printf("%s\n", pw);
	fflush(stdout);
	fprintf(stderr, "navarch: the line above is %s's password; it is "
	    "shown this once only\n", player);
	explicit_bzero(pw, strlen(pw));
	free(pw);
}

/* Checks --ships (or picks the default) against the state: 0 or an exit
 * status. */
static int
pick_ships(struct store *s, struct pchange *c, const struct nv_state *st,
    char *list)
{
	struct play_roster	 r;
	unsigned char		*taken;
	char			*cause = NULL, *p;
	size_t			 i, j;
	enum play_code		 pc;
	int			 k, side;

	if ((side = state_side_index(st, c->side)) < 0)
		return ctl_err(NV_EXIT_FAIL, "game %s has no side '%s'",
		    c->game, c->side);
	c->ships = xcalloc(st->nships + 1, sizeof *c->ships);
	for (p = list; p != NULL && *p != '\0'; ) {
		c->ships[c->nships] = p;
		if ((p = strchr(p, ',')) != NULL)
			*p++ = '\0';
		k = state_ship_index(st, c->ships[c->nships]);
		if (k < 0 || st->ships[k].side != side)
			return ctl_err(NV_EXIT_FAIL, "--ships: %s is no ship "
			    "of side %s", c->ships[c->nships], c->side);
		c->ships[c->nships++] = st->ships[k].id;
		if (c->nships >= st->nships)
			break;
	}
	if (list != NULL)
		return 0;
	/* The side's ships that no player commands, by name or by
	 * squadron. */
	if ((pc = play_roster_load(s, c->game, st->turn, st, &r, &cause)) !=
	    PLAY_OK)
		return ctl_play_err(pc, NULL, cause);
	taken = xcalloc(st->nships + 1, 1);
	for (i = 0; i < r.np; i++)
		for (j = 0; j < r.p[i].nships; j++)
			if ((k = state_ship_index(st, r.p[i].ships[j])) >= 0)
				taken[k] = 1;
	for (i = 0; i < st->nships; i++)
		if (st->ships[i].side == side && !taken[i])
			c->ships[c->nships++] = st->ships[i].id;
	free(taken);
	play_roster_free(&r);
	return 0;
}

static int
add_op(struct store *s, void *arg, char **cause)
{
	struct pchange	*c = arg;
	int		 code;

	code = store_player_add(s, c->game, c->side, c->id, c->address,
	    c->hash, c->admiral, cause);
	if (code == STORE_OK && c->nships > 0)
		code = store_player_assign_ships(s, c->game, c->id, c->ships,
		    c->nships, cause);
	if (code == STORE_OK && c->nships > 0)
		code = ctl_refit(s, c->game, cause);
	if (code == STORE_OK && c->timezone != NULL)
		code = store_player_set_timezone(s, c->game, c->id,
		    c->timezone, cause);
	/* The welcome: the game, the ships, the password, how to play. */
	if (code == STORE_OK)
		code = seat_notice(s, c, STORE_NOTICE_WELCOME, c->secret,
		    cause);
	return code;
}

static int
add_run(struct store *s, struct pchange *c, char *ships, const char *pwfile)
{
	struct play_game	 cg;
	struct buf	 b = BUF_INIT;
	char		*hash = NULL, *shown = NULL;
	size_t		 i;
	int		 rc;

	if ((rc = ctl_game_load(s, c->game, -1, &cg, NULL)) != 0)
		return rc;
	if ((rc = pick_ships(s, c, cg.st, ships)) != 0)
		goto out;
	if ((rc = new_password(pwfile, &hash, &shown)) != 0)
		goto out;
	c->hash = hash;
	c->secret = shown;
	buf_printf(&b, "%s on side %s, %s, ships:", c->id, c->side,
	    c->address);
	for (i = 0; i < c->nships; i++)
		buf_printf(&b, " %s", c->ships[i]);
	if (c->admiral)
		buf_adds(&b, " (admiral)");
	rc = ctl_audited(s, c->game, "player-add", buf_str(&b), add_op, c);
	if (rc == 0) {
		fprintf(stderr, "navarch: player %s\n", buf_str(&b));
		show_password(shown, c->id);
		shown = NULL;
	}
out:
	if (shown != NULL) {
		explicit_bzero(shown, strlen(shown));
		free(shown);
	}
	free(hash);
	free(c->ships);
	buf_free(&b);
	play_game_free(&cg);
	return rc;
}

/* A time zone argument: 0 with *zone canonical ("" for none), or 64. */
static int
zone_arg(const char *arg, char **zone)
{
	char	*cause = NULL;
	int	 rc;

	if (strcasecmp(arg, "none") == 0) {
		*zone = xstrdup("");
		return 0;
	}
	if (tz_check(arg, zone, &cause) == 0)
		return 0;
	rc = ctl_err(NV_EXIT_USAGE, "%s; or none (UTC only)", cause);
	free(cause);
	return rc;
}

static int
check_ids(const char *what, const char *id, const char *address)
{
	if (id != NULL && !str_is_id(id))
		return ctl_err(NV_EXIT_USAGE, "%s '%s': expected 1 to 32 of "
		    "a-z, 0-9, _ and -", what, id);
	if (address != NULL && !ctl_address_ok(address))
		return ctl_err(NV_EXIT_USAGE, "'%s' is no mail address; "
		    "legal: name@example.org", address);
	return 0;
}

int
cmd_player_add(int argc, char **argv)
{
	struct pchange	 c;
	struct store	*s;
	const char	*id = NULL, *ships = NULL, *pwfile = NULL, *tz = NULL;
	const struct ctl_opt opts[] = {
		{ "id", &id, NULL },
		{ "ships", &ships, NULL },
		{ "password-file", &pwfile, NULL },
		{ "admiral", NULL, &c.admiral },
		{ "timezone", &tz, NULL },
		{ "reason", &c.reason, NULL },
		{ NULL, NULL, NULL }
	};
	char		**pos, *list, *zone = NULL;
	int		 npos, rc;

	memset(&c, 0, sizeof c);
	if ((rc = ctl_args(argc, argv, opts, 3, 3, &pos, &npos)) != 0)
		return rc;
	c.game = pos[0];
	c.side = pos[1];
	c.address = pos[2];
	c.id = id != NULL ? id : pos[1];
	if ((rc = check_ids("--id", c.id, c.address)) != 0)
		return rc;
	if (tz != NULL && (rc = zone_arg(tz, &zone)) != 0)
		return rc;
	c.timezone = zone;
	if ((rc = ctl_db_open(&s)) != 0) {
		free(zone);
		return rc;
	}
	list = ships != NULL ? xstrdup(ships) : NULL;
	rc = add_run(s, &c, list, pwfile);
	free(list);
	free(zone);
	store_close(s);
	return rc;
}

/* --- remove, replace, set-address ----------------------------------------- */

static int
remove_op(struct store *s, void *arg, char **cause)
{
	struct pchange	*c = arg;
	int		 code;

	code = old_address(s, c, cause);
	if (code == STORE_OK)
		code = store_player_remove(s, c->game, c->id, cause);
	if (code == STORE_OK)
		code = seat_notice(s, c, STORE_NOTICE_REMOVED, NULL, cause);
	return code;
}

/* The one who loses the seat is told at the address they had, the
 * others that it changed hands, and the newcomer is welcomed. */
static int
replace_op(struct store *s, void *arg, char **cause)
{
	struct pchange	*c = arg;
	int		 code;

	code = old_address(s, c, cause);
	if (code == STORE_OK)
		code = store_player_replace(s, c->game, c->id, c->address,
		    c->hash, cause);
	if (code == STORE_OK)
		code = seat_notice(s, c, STORE_NOTICE_REPLACED, NULL, cause);
	free(c->old_address);
	c->old_address = NULL;
	if (code == STORE_OK)
		code = seat_notice(s, c, STORE_NOTICE_WELCOME, c->secret,
		    cause);
	return code;
}

static int
timezone_op(struct store *s, void *arg, char **cause)
{
	struct pchange	*c = arg;

	return store_player_set_timezone(s, c->game, c->id, c->timezone,
	    cause);
}

static int
address_op(struct store *s, void *arg, char **cause)
{
	struct pchange	*c = arg;

	return store_player_set_address(s, c->game, c->id, c->address, cause);
}

int
cmd_player_remove(int argc, char **argv)
{
	struct pchange	 c;
	struct store	*s;
	const struct ctl_opt opts[] = {
		{ "reason", &c.reason, NULL },
		{ NULL, NULL, NULL }
	};
	char		**pos;
	int		 npos, rc;

	memset(&c, 0, sizeof c);
	if ((rc = ctl_args(argc, argv, opts, 2, 2, &pos, &npos)) != 0)
		return rc;
	c.game = pos[0];
	c.id = pos[1];
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	rc = ctl_audited(s, c.game, "player-remove", c.id, remove_op, &c);
	free(c.old_address);
	store_close(s);
	return rc;
}

int
cmd_player_replace(int argc, char **argv)
{
	struct pchange	 c;
	struct store	*s;
	const char	*pwfile = NULL;
	const struct ctl_opt opts[] = {
		{ "password-file", &pwfile, NULL },
		{ "reason", &c.reason, NULL },
		{ NULL, NULL, NULL }
	};
	char		**pos, *hash = NULL, *shown = NULL, *details;
	int		 npos, rc;

	memset(&c, 0, sizeof c);
	if ((rc = ctl_args(argc, argv, opts, 3, 3, &pos, &npos)) != 0)
		return rc;
	c.game = pos[0];
	c.id = pos[1];
	c.address = pos[2];
	if ((rc = check_ids("player", c.id, c.address)) != 0)
		return rc;
	if ((rc = new_password(pwfile, &hash, &shown)) != 0)
		return rc;
	c.hash = hash;
	c.secret = shown;
	details = xasprintf("%s, now %s", c.id, c.address);
	if ((rc = ctl_db_open(&s)) == 0) {
		rc = ctl_audited(s, c.game, "player-replace", details,
		    replace_op, &c);
		store_close(s);
	}
	if (rc == 0)
		show_password(shown, c.id);
	else if (shown != NULL) {
		explicit_bzero(shown, strlen(shown));
		free(shown);
	}
	free(details);
	free(hash);
	return rc;
}

int
cmd_player_set_address(int argc, char **argv)
{
	struct pchange	 c;
	struct store	*s;
	char		**pos, *details;
	int		 npos, rc;

	memset(&c, 0, sizeof c);
	if ((rc = ctl_args(argc, argv, NULL, 3, 3, &pos, &npos)) != 0)
		return rc;
	c.game = pos[0];
	c.id = pos[1];
	c.address = pos[2];
	if ((rc = check_ids("player", c.id, c.address)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	details = xasprintf("%s: %s", c.id, c.address);
	rc = ctl_audited(s, c.game, "player-set-address", details, address_op,
	    &c);
	free(details);
	store_close(s);
	return rc;
}

int
cmd_player_set_timezone(int argc, char **argv)
{
	struct pchange	 c;
	struct store	*s;
	char		**pos, *zone = NULL, *details;
	int		 npos, rc;

	memset(&c, 0, sizeof c);
	if ((rc = ctl_args(argc, argv, NULL, 3, 3, &pos, &npos)) != 0)
		return rc;
	c.game = pos[0];
	c.id = pos[1];
	if ((rc = zone_arg(pos[2], &zone)) != 0)
		return rc;
	c.timezone = zone;
	if ((rc = ctl_db_open(&s)) != 0) {
		free(zone);
		return rc;
	}
	details = xasprintf("%s: %s", c.id, *zone != '\0' ? zone : "none");
	rc = ctl_audited(s, c.game, "player-set-timezone", details,
	    timezone_op, &c);
	if (rc == 0)
		printf("time zone of %s in %s: %s\n", c.id, c.game,
		    *zone != '\0' ? zone : "none (UTC only)");
	free(details);
	free(zone);
	store_close(s);
	return rc;
}

/* --- unlock: the GM lifts a lock-out (mailproc-lock.c) ------------------ */

/* The keys of a player (or "GM"): whom mail claims to be, and the
 * registered address.  *unlocked counts the records cleared. */
struct unlock {
	const char	*game, *who;
	int		 unlocked;
};

static int
clear_key(struct store *s, char *key, struct unlock *u, char **cause)
{
	int	code = store_auth_clear(s, key, cause);

	free(key);
	if (code == STORE_NOTFOUND) {
		free(*cause);
		*cause = NULL;
		return STORE_OK;
	}
	if (code == STORE_OK)
		u->unlocked++;
	return code;
}

static int
unlock_op(struct store *s, void *arg, char **cause)
{
	struct unlock		*u = arg;
	struct store_game	*g = NULL;
	struct store_player	*p = NULL;
	const char		*address;
	int			 code;

	if (strcasecmp(u->who, "GM") == 0) {
		if ((code = store_game_get(s, u->game, &g, cause)) != STORE_OK)
			return code;
		address = g->gm_address;
		code = clear_key(s, store_auth_key_gm(u->game), u, cause);
	} else {
		code = store_player_get(s, u->game, u->who, &p, cause);
		if (code != STORE_OK)
			return code;
		address = p->address;
		code = clear_key(s, store_auth_key_player(u->game, u->who), u,
		    cause);
	}
	if (code == STORE_OK && address != NULL)
		code = clear_key(s, store_auth_key_sender(address), u, cause);
	store_game_free(g);
	store_player_free(p);
	return code;
}

int
cmd_player_unlock(int argc, char **argv)
{
	struct unlock	 u;
	struct store	*s;
	char		**pos;
	int		 npos, rc;

	if ((rc = ctl_args(argc, argv, NULL, 2, 2, &pos, &npos)) != 0)
		return rc;
	u.game = pos[0];
	u.who = pos[1];
	u.unlocked = 0;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	rc = ctl_audited(s, u.game, "player-unlock", u.who, unlock_op, &u);
	store_close(s);
	if (rc == 0)
		printf("%s of game %s: %s\n", u.who, u.game, u.unlocked > 0 ?
		    "wrong passwords forgotten, any lock-out lifted (also for "
		    "mail from the registered address)" : "no wrong password "
		    "was recorded");
	return rc;
}

/* --- observers --------------------------------------------------------- */

static int
obs_add_op(struct store *s, void *arg, char **cause)
{
	struct pchange	*c = arg;

	return store_observer_add(s, c->game, c->address, cause);
}

static int
obs_remove_op(struct store *s, void *arg, char **cause)
{
	struct pchange	*c = arg;

	return store_observer_remove(s, c->game, c->address, cause);
}

static int
observer(int argc, char **argv, int add)
{
	struct pchange	 c;
	struct store	*s;
	char		**pos;
	int		 npos, rc;

	memset(&c, 0, sizeof c);
	if ((rc = ctl_args(argc, argv, NULL, 2, 2, &pos, &npos)) != 0)
		return rc;
	c.game = pos[0];
	c.address = pos[1];
	if (add && (rc = check_ids(NULL, NULL, c.address)) != 0)
		return rc;
	if ((rc = ctl_db_open(&s)) != 0)
		return rc;
	rc = ctl_audited(s, c.game, add ? "observer-add" : "observer-remove",
	    c.address, add ? obs_add_op : obs_remove_op, &c);
	store_close(s);
	return rc;
}

int
cmd_observer_add(int argc, char **argv)
{
	return observer(argc, argv, 1);
}

int
cmd_observer_remove(int argc, char **argv)
{
	return observer(argc, argv, 0);
}

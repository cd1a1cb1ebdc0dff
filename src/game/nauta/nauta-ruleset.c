/* nauta-ruleset.c: the Nauta ruleset module's ops table (nauta.h lists
 * the files behind it) and its attribute tables: what a Nauta ship, side
 * and game keep in the state file beyond the common attributes.
 *
 * Every rules number is in data/rulesets/nauta.xml (nauta-data.c reads
 * it); the rulings are shared/rules/nauta.md and docs/rules-nauta.md. */
#include "config.h"

#include "nauta.h"
#include "ruleset.h"
#include "state.h"

static const struct nv_attr_def ship_attrs[] = {
#define X(e, name, kind, min, max) { name, kind, min, max },
	NAUTA_SHIP_ATTRS(X)
#undef X
};

static const struct nv_attr_def side_attrs[] = {
#define X(e, name, kind, min, max) { name, kind, min, max },
	NAUTA_SIDE_ATTRS(X)
#undef X
};

static const struct nv_attr_def game_attrs[] = {
#define X(e, name, kind, min, max) { name, kind, min, max },
	NAUTA_GAME_ATTRS(X)
#undef X
};

/* The defaults hooks get the attributes given as bits of a long. */
_Static_assert(NA_A_COUNT <= sizeof(unsigned long) * 8,
    "too many nauta ship attributes for the given mask");

/* By index: NA_STATUS_BURNT, NA_STATUS_PRIZE. */
static const struct nv_status_def statuses[] = {
	{ "burnt", "burns to the waterline, a hulk",
	    "burnt, a hulk" },
	{ "prize", "is taken away as a prize", "taken away as a prize" },
};

const struct nv_ruleset_ops nauta_ops = {
	.name = "nauta",
	.load = nauta_data_load,
	.free = nauta_data_free,
	.ship_attrs = ship_attrs,
	.nship_attrs = NA_A_COUNT,
	.ship_defaults = nauta_ship_defaults,
	.side_attrs = side_attrs,
	.nside_attrs = NA_S_COUNT,
	.side_defaults = nauta_side_defaults,
	.game_attrs = game_attrs,
	.ngame_attrs = NA_G_COUNT,
	.game_defaults = nauta_game_defaults,
	.speed_unset = -1,	/* nauta.md: no carried speed yet */
	.statuses = statuses,
	.nstatuses = sizeof statuses / sizeof statuses[0],
	.orders_new = nauta_orders_new,
	.orders_free = nauta_orders_free,
	.verbs = nauta_verbs,
	.nverbs = NA_V_COUNT,
	.validate = nauta_validate,
	.format = nauta_format,
	.begin = nauta_begin,
	.phase_begin = nauta_phase_begin,
	.contact = nauta_contact,
	.contact_key = nauta_contact_key,
	.terrain = nauta_terrain,
	.round_end = nauta_round_end,
	.end = nauta_end,
	.abort = nauta_abort,
	.may_command = nauta_may_command,
	/* The preview: enemies hold (a ship with no carried speed holds
	 * too), the least of every die. */
	.preview_hold = ruleset_hold_at_speed0,
	.preview_die = 1,
};

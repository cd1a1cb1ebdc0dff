/* ctl-time.c: the CLI's names for the shared time functions (timefmt.h). */
#include "config.h"

#include <string.h>

#include "ctl.h"
#include "timefmt.h"

int
ctl_time_parse(const char *spec, int64_t now, int64_t *out, char **cause)
{
	return time_parse(spec, now, out, cause);
}

void
ctl_time_format(int64_t t, char out[CTL_TIME_LEN])
{
	char	buf[TIME_LEN];

	time_format(t, buf);
	memcpy(out, buf, sizeof buf < CTL_TIME_LEN ? sizeof buf :
	    CTL_TIME_LEN);
}

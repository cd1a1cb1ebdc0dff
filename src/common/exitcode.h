/* exitcode.h: the exit statuses every Navarch command shares.
 *
 * Scripts rely on these; they follow sysexits(3) where one fits. */
#ifndef NV_EXITCODE_H
#define NV_EXITCODE_H

#define NV_EXIT_OK	0	/* success */
#define NV_EXIT_FAIL	1	/* any other failure */
#define NV_EXIT_INPUT	2	/* illegal orders or an invalid input file */
#define NV_EXIT_USAGE	64	/* usage error (EX_USAGE) */
#define NV_EXIT_DATAERR	65	/* the input is refused for good (EX_DATAERR):
				   navarch deliver's refusal, which an MTA
				   bounces */
#define NV_EXIT_TEMP	75	/* temporary failure, try again (EX_TEMPFAIL) */
#define NV_EXIT_CONFIG	78	/* configuration error (EX_CONFIG) */

#endif

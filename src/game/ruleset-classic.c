/* ruleset-classic.c: being written. */

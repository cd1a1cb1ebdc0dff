/* ruleset-load.c: being written. */

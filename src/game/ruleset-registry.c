/* ruleset-registry.c: being written. */

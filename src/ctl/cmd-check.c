/* cmd-check.c */

/* cmd-turn.c */

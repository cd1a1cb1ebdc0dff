/* classic-turn.c: being written. */

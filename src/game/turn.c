/* turn.c: being written. */

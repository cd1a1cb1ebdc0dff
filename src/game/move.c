/* move.c: being written. */

/* orders.c: being written. */

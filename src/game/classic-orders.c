/* classic-orders.c: being written. */

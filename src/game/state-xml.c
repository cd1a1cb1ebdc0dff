/* state-xml.c: being written. */

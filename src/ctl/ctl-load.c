/* ctl-load.c */

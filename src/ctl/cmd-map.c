/* cmd-map.c */

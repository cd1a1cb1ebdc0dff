/* map-svg.h: the hex map of a state as an SVG picture, for report mails.
 *
 * The picture shows the whole map (an SVG scales, so it needs no windows
 * or sheets): flat-top hexes in columns as docs/hex.md defines them,
 * column and row labels on the edges, land, wrecks, every ship as a galley
 * pointing along its facing in its side's colour with the short code of
 * the ASCII map (map_ship_code), a tooltip per ship, and a legend.  It is
 * written with libxml2's xmlTextWriter, in integer coordinates, so the
 * same state and options give byte-identical output.  docs/maps.md shows
 * it. */
#ifndef NV_MAP_SVG_H
#define NV_MAP_SVG_H

struct buf;
struct map_opts;
struct nv_state;

/* Appends the SVG document (UTF-8, with its XML declaration) to out.
 * opts as for map_render (NULL for MAP_OPTS_INIT); only side (whose ships
 * the legend lists first) and the fog flags ship_visible and
 * wreck_visible are used: a hidden ship or wreck appears nowhere, and the
 * output is the same as for a state without it.  Returns 0, or -1 with
 * *cause set (owned by the caller) when libxml2 fails to write, in which
 * case out is left as it was. */
int	map_svg(const struct nv_state *, const struct map_opts *,
	    struct buf *out, char **cause);

#endif

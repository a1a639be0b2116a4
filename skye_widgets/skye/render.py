"""Isle of Skye pictures: tiles and territories as :class:`~skye_widgets.drawing.Drawing`.

Pure functions (no widget imports). The same drawing becomes a static SVG
(``Territory._repr_svg_``) and is painted on the live canvas by
:mod:`skye_widgets.widgets.skye`.

How a tile is drawn (derived from the catalogue, not from pictures):

* the square is cut into four side triangles (N, E, S, W), each filled with
  the terrain of the area holding that side; a thin line separates triangles
  of different areas;
* an area joining two opposite sides also fills a centre square, so the join
  is visible; enclosed inner areas are a round blob in the middle;
* roads run from the centre to the midpoints of their exits;
* icons are small glyphs placed in their area (see :data:`ICON_STYLE`);
* the castle carries a tower glyph in its clan colour and a thick border.

Colours follow Paul Tol's colour-blind-safe schemes.

>>> d = render_tile("castle-blue", 0)
>>> d.width, d.height
(96, 96)
>>> '<g class="tiles">' in d.to_svg()
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Iterable, Mapping, Protocol, Sequence


from ..drawing import Box, Circle, Drawing, Line, Point, Polygon, Rect, Shape, Text, boxes_overlap, picture_of, shape_box
from ..i18n import _, lazy, lazy_ngettext, ngettext
from . import scoring as scoring_rules
from .describe import describe_territory
from .game import GameState, round_slots
from .graphs import areas, connected_networks
from .territory import Territory
from .tiles import Area, Terrain, Tile, rotate_side, tile

Cell = tuple[int, int]
#: One area of one placed tile: (cell, index into ``tile.areas``).
AreaRef = tuple[Cell, int]
#: One road network of one placed tile: (cell, index into ``tile.roads``).
RoadRef = tuple[Cell, int]

# --------------------------------------------------------------------------
# Palette (Paul Tol: "light" for terrain, "bright" for overlays)
# --------------------------------------------------------------------------

TERRAIN_FILL: dict[Terrain, str] = {
    Terrain.PASTURE: "#BBCC33",   # pear
    Terrain.WATER: "#77AADD",     # light blue
    Terrain.MOUNTAIN: "#B0A89A",  # warm grey (darker than pear, lighter than ink)
}
AREA_EDGE = "#4A4A4A"
TILE_EDGE = "#333333"
ROAD_EDGE = "#5B4A2F"
ROAD_FILL = "#F2E6C9"
BACKGROUND = "#F7F7F2"
EMPTY_CELL = "#E8E8E0"
#: Component / breakdown colours (Tol "bright", then "vibrant").
GROUP_COLOURS = ("#4477AA", "#EE6677", "#228833", "#CCBB44", "#66CCEE", "#AA3377",
                 "#EE7733", "#0077BB", "#33BBEE", "#009988", "#CC3311", "#EE3377")
LEGAL_COLOUR = "#228833"
ILLEGAL_COLOUR = "#CC3311"
CASTLE_ROAD_COLOUR = "#EE7733"
CLAN_COLOURS = {"red": "#CC3311", "blue": "#0077BB", "yellow": "#EECC66",
                "white": "#FFFFFF", "green": "#228833"}

#: What each scroll type counts, as (icon drawn on the scroll, how many make 1 VP).
SCROLL_COUNTS = {
    "per_2_sheep": ("sheep", 2), "per_2_whisky": ("whisky", 2), "per_2_ships": ("ships", 2),
    "per_cattle": ("cattle", 1), "per_broch": ("broch", 1), "per_farm": ("farm", 1),
    "per_lighthouse": ("lighthouse", 1),
}
#: Glyph style per icon kind: (main colour, one-letter fallback used in legends).
ICON_STYLE = {
    "sheep": ("#FFFFFF", "S"), "cattle": ("#7A4A1E", "C"), "whisky": ("#D9912B", "W"),
    "ships": ("#1D3F6E", "B"), "broch": ("#6E6E6E", "T"), "farm": ("#B2182B", "F"),
    "lighthouse": ("#FFFFFF", "L"), "scroll": ("#F5E6B8", "?"),
}


# --------------------------------------------------------------------------
# One tile
# --------------------------------------------------------------------------

def _corners(x0: float, y0: float, s: float) -> tuple[Point, Point, Point, Point]:
    return (x0, y0), (x0 + s, y0), (x0 + s, y0 + s), (x0, y0 + s)  # TL, TR, BR, BL


def side_triangle(direction: int, x0: float, y0: float, s: float) -> tuple[Point, Point, Point]:
    """The triangle between the centre and the edge facing ``direction`` (0..3 = N, E, S, W).

    >>> side_triangle(0, 0, 0, 10)
    ((0, 0), (10, 0), (5.0, 5.0))
    """
    c = (x0 + s / 2, y0 + s / 2)
    corners = _corners(x0, y0, s)
    return corners[direction], corners[(direction + 1) % 4], c


def edge_midpoint(direction: int, x0: float, y0: float, s: float) -> Point:
    """Midpoint of the edge facing ``direction``.

    >>> [edge_midpoint(d, 0, 0, 10) for d in range(4)]
    [(5.0, 0), (10, 5.0), (5.0, 10), (0, 5.0)]
    """
    cx, cy = x0 + s / 2, y0 + s / 2
    return ((cx, y0), (x0 + s, cy), (cx, y0 + s), (x0, cy))[direction]


def _toward_centre(direction: int, x0: float, y0: float, s: float, depth: float,
                   lateral: float = 0.0) -> Point:
    """A point ``depth`` (fraction of s) in from the edge, shifted ``lateral`` along it."""
    mx, my = edge_midpoint(direction, x0, y0, s)
    inward = ((0, 1), (-1, 0), (0, -1), (1, 0))[direction]
    along = ((1, 0), (0, 1), (-1, 0), (0, -1))[direction]
    return (mx + inward[0] * depth * s + along[0] * lateral * s,
            my + inward[1] * depth * s + along[1] * lateral * s)


def area_directions(area: Area, rotation: int) -> list[int]:
    """The directions (after rotation) an area reaches, sorted."""
    return sorted(rotate_side(i, rotation) for i in area.sides)


def centre_area(t: Tile, rotation: int = 0) -> int | None:
    """Index of the area that passes through the tile's centre (joins opposite sides), if any.

    >>> centre_area(tile("castle-blue"))  # pasture joins N and S
    0
    """
    for i, a in enumerate(t.areas):
        dirs = set(area_directions(a, rotation))
        if any(d in dirs and (d + 2) % 4 in dirs for d in range(2)):
            return i
    return None


def enclosed_centres(t: Tile, x0: float, y0: float, s: float) -> dict[int, Point]:
    """Centres of the blobs drawn for the enclosed areas of a tile, by area index."""
    idx = [i for i, a in enumerate(t.areas) if a.enclosed]
    cx, cy = x0 + s / 2, y0 + s / 2
    if len(idx) <= 1:
        return {i: (cx, cy) for i in idx}
    off = s * 0.14
    return {i: (cx + off * (1 if k % 2 else -1), cy + off * (1 if k // 2 else -1) * (k >= 2))
            for k, i in enumerate(idx)}


def area_shapes(t: Tile, area_index: int, rotation: int, x0: float, y0: float, s: float,
                *, fill: str, opacity: float = 1.0, layer: str = "tiles",
                stroke: str | None = None, line_width: float = 1.0,
                centre: bool = True) -> list[Shape]:
    """Polygons covering one area of a placed tile (used for terrain and for overlays).

    ``centre=False`` leaves out the centre square of an area joining opposite sides.
    """
    a = t.areas[area_index]
    out: list[Shape] = []
    if a.enclosed:
        cx, cy = enclosed_centres(t, x0, y0, s)[area_index]
        r = s * (0.2 if sum(1 for b in t.areas if b.enclosed) == 1 else 0.12)
        return [Circle(cx, cy, r, fill=fill, opacity=opacity, layer=layer,
                       stroke=stroke or AREA_EDGE, line_width=line_width)]
    for d in area_directions(a, rotation):
        out.append(Polygon(side_triangle(d, x0, y0, s), fill=fill, opacity=opacity, layer=layer,
                           stroke=stroke, line_width=line_width))
    if centre and centre_area(t, rotation) == area_index:
        h = s * 0.17
        cx, cy = x0 + s / 2, y0 + s / 2
        out.append(Polygon(((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)),
                           fill=fill, opacity=opacity, layer=layer, stroke=stroke,
                           line_width=line_width))
    return out


def area_anchor(t: Tile, area_index: int, rotation: int, x0: float, y0: float, s: float) -> Point:
    """Where labels about an area (a tick, a component number) are drawn."""
    a = t.areas[area_index]
    if a.enclosed:
        return enclosed_centres(t, x0, y0, s)[area_index]
    return _toward_centre(area_directions(a, rotation)[0], x0, y0, s, 0.16)


def road_hubs(t: Tile, x0: float, y0: float, s: float) -> list[Point]:
    """Where each road network of a tile meets (the centre; later networks off-centre)."""
    cx, cy = x0 + s / 2, y0 + s / 2
    return [(cx + (k % 2) * s * 0.08 * (1 if k % 4 == 1 else -1), cy + (k // 2) * s * 0.08)
            for k in range(len(t.roads))]


def road_polylines(t: Tile, rotation: int, x0: float, y0: float, s: float) -> list[list[tuple[Point, Point]]]:
    """The segments (hub -> exit midpoint) of each road network of a placed tile."""
    hubs = road_hubs(t, x0, y0, s)
    return [[(hubs[k], edge_midpoint(rotate_side(i, rotation), x0, y0, s)) for i in sorted(net)]
            for k, net in enumerate(t.roads)]


def _glyph(kind: str, count: int, x: float, y: float, g: float, layer: str,
           opacity: float, label: str = "", projector: bool = False) -> list[Shape]:
    """A small vector glyph centred on (x, y), ``g`` its half-size.

    ``projector`` (the projector page's picture, no text under :data:`PROJECTOR_TEXT`): a scroll
    that counts pairs shows two of what it counts instead of "/2" (the caller draws an icon
    counted ``n`` times as ``n`` glyphs, not one with a count)."""
    col = ICON_STYLE.get(kind, ("#FFFFFF", "?"))[0]
    ink = "#222222"
    kw: dict[str, Any] = {"layer": layer, "opacity": opacity}
    out: list[Shape] = []
    if kind == "sheep":
        out += [Circle(x, y, g * 0.85, fill=col, stroke=ink, line_width=max(0.6, g / 8), **kw),
                Circle(x + g * 0.75, y - g * 0.3, g * 0.35, fill=ink, **kw)]
    elif kind == "cattle":
        out += [Rect(x - g * 0.8, y - g * 0.55, g * 1.6, g * 1.1, fill=col, stroke=ink,
                     line_width=max(0.6, g / 8), **kw),
                Line(((x - g * 0.8, y - g * 0.55), (x - g * 1.05, y - g * 1.0)), stroke=ink,
                     line_width=max(1.0, g / 5), **kw),
                Line(((x + g * 0.8, y - g * 0.55), (x + g * 1.05, y - g * 1.0)), stroke=ink,
                     line_width=max(1.0, g / 5), **kw)]
    elif kind == "whisky":
        out += [Rect(x - g * 0.6, y - g * 0.85, g * 1.2, g * 1.7, fill=col, stroke=ink,
                     line_width=max(0.6, g / 8), **kw),
                Line(((x - g * 0.6, y - g * 0.3), (x + g * 0.6, y - g * 0.3)), stroke=ink,
                     line_width=max(0.6, g / 8), **kw),
                Line(((x - g * 0.6, y + g * 0.3), (x + g * 0.6, y + g * 0.3)), stroke=ink,
                     line_width=max(0.6, g / 8), **kw)]
    elif kind == "ships":
        out += [Polygon(((x - g, y + g * 0.2), (x + g, y + g * 0.2), (x + g * 0.6, y + g * 0.8),
                         (x - g * 0.6, y + g * 0.8)), fill=col, **kw),
                Polygon(((x - g * 0.05, y - g), (x - g * 0.05, y + g * 0.1), (x - g * 0.8, y + g * 0.1)),
                        fill="#FFFFFF", stroke=ink, line_width=max(0.5, g / 10), **kw)]
    elif kind == "broch":
        w = g * 0.7
        out += [Polygon(((x - w, y + g * 0.9), (x - w * 0.8, y - g * 0.6), (x - w * 0.8, y - g * 0.95),
                         (x - w * 0.3, y - g * 0.95), (x - w * 0.3, y - g * 0.7), (x + w * 0.3, y - g * 0.7),
                         (x + w * 0.3, y - g * 0.95), (x + w * 0.8, y - g * 0.95), (x + w * 0.8, y - g * 0.6),
                         (x + w, y + g * 0.9)), fill=col, stroke=ink, line_width=max(0.6, g / 8), **kw)]
    elif kind == "farm":
        out += [Polygon(((x - g * 0.8, y + g * 0.85), (x - g * 0.8, y - g * 0.1), (x, y - g * 0.9),
                         (x + g * 0.8, y - g * 0.1), (x + g * 0.8, y + g * 0.85)),
                        fill=col, stroke=ink, line_width=max(0.6, g / 8), **kw),
                Rect(x - g * 0.2, y + g * 0.25, g * 0.4, g * 0.6, fill="#FFFFFF", **kw)]
    elif kind == "lighthouse":
        out += [Polygon(((x - g * 0.45, y + g), (x - g * 0.25, y - g * 0.6), (x + g * 0.25, y - g * 0.6),
                         (x + g * 0.45, y + g)), fill=col, stroke=ink, line_width=max(0.6, g / 8), **kw),
                Rect(x - g * 0.36, y + g * 0.05, g * 0.72, g * 0.3, fill="#CC3311", **kw),
                Circle(x, y - g * 0.75, g * 0.25, fill="#FFDD33", stroke=ink, line_width=0.5, **kw)]
    elif kind == "scroll":
        # a parchment with rolled ends, showing the thing it counts (and "/2" when it counts pairs)
        what, per = SCROLL_COUNTS.get(label, ("", 1))
        lw = max(0.6, g / 8)
        out += [Rect(x - g * 1.05, y - g * 0.72, g * 2.1, g * 1.44, fill=col, stroke=ink, line_width=lw, **kw),
                Circle(x - g * 1.05, y, g * 0.3, fill=col, stroke=ink, line_width=lw, **kw),
                Circle(x + g * 1.05, y, g * 0.3, fill=col, stroke=ink, line_width=lw, **kw)]
        if projector and what and per > 1:
            for k in range(per):
                out += _glyph(what, 1, x + (k - (per - 1) / 2) * g * 0.95, y, g * 0.45, layer, opacity)
            return out
        if what:
            out += _glyph(what, 1, x - (g * 0.38 if per > 1 else 0), y, g * 0.52, layer, opacity)
        if projector:
            return out
        if per > 1:
            out.append(Text(x + g * 0.5, y, f"/{per}", size=max(6.0, g * 0.85), fill=ink, bold=True, **kw))
        elif not what:
            out.append(Text(x, y, "?", size=max(6.0, g * 1.05), fill=ink, bold=True, **kw))
    if count > 1:
        out += [Circle(x + g * 0.95, y + g * 0.85, g * 0.55, fill="#FFFFFF", stroke=ink,
                       line_width=0.6, **kw),
                Text(x + g * 0.95, y + g * 0.85, str(count), size=max(6.0, g * 0.9), fill=ink,
                     bold=True, **kw)]
    return out


def icon_glyphs(a: Area) -> list[tuple[str, int, str]]:
    """The glyphs of an area's icons as (kind, count, label), in a stable order."""
    out = []
    for name, n in a.icons.items():
        if name.startswith("scroll:"):
            kind = name.split(":", 1)[1]
            out.append(("scroll", 1, kind))
        else:
            out.append((name, n, ""))
    return out


def icon_positions(t: Tile, area_index: int, rotation: int, x0: float, y0: float, s: float,
                   n: int, apart: float = 0.16) -> list[Point]:
    """Where the ``n`` glyphs of an area go: spread over its triangles, off the roads (in an
    enclosed area: in a row, ``apart`` cells from one another)."""
    a = t.areas[area_index]
    if a.enclosed:
        cx, cy = enclosed_centres(t, x0, y0, s)[area_index]
        if n == 1:
            return [(cx, cy)]
        return [(cx + (k - (n - 1) / 2) * s * apart, cy) for k in range(n)]
    exits = {rotate_side(i, rotation) for i in t.road_exits}
    dirs = area_directions(a, rotation)
    dirs.sort(key=lambda d: d in exits)  # prefer triangles without a road
    ordered: list[Point] = []
    groups: list[list[Point]] = []
    for d in dirs:
        lat = (-0.2, 0.2) if d in exits else (0.0, -0.22, 0.22)
        groups.append([_toward_centre(d, x0, y0, s, 0.18, l) for l in lat])
    k = 0
    while len(ordered) < n and any(groups):
        g = groups[k % len(groups)]
        if g:
            ordered.append(g.pop(0))
        k += 1
    while len(ordered) < n:  # more icons than slots: stack them inward
        ordered.append(_toward_centre(dirs[0], x0, y0, s, 0.3, 0.1 * len(ordered)))
    return ordered


#: How many drawing passes a tile has (see :func:`tile_passes`).
N_PASSES = 10


def tile_passes(t: Tile | str, rotation: int, x0: float, y0: float, size: float, *,
                layer: str = "tiles", opacity: float = 1.0,
                castle_colour: str | None = None, projector: bool = False) -> list[list[Shape]]:
    """The shapes of one tile in :data:`N_PASSES` passes, bottom to top.

    Passes: terrain triangles, area dividers, centre joins, enclosed blobs,
    road edges, road fills, road hubs, icons, castle, border. Tiles never
    overlap, so a territory may paint pass by pass across all its tiles (the
    same picture, and long runs of alike shapes the canvas can batch).

    ``projector``: the projector page's tile, without text: an icon counted ``n`` times is ``n``
    glyphs (two ships, not a ship marked 2), a scroll counting pairs shows a pair (see :func:`_glyph`).
    """
    if isinstance(t, str):
        t = tile(t)
    s = size
    kw: dict[str, Any] = {"layer": layer, "opacity": opacity}
    passes: list[list[Shape]] = [[] for _ in range(N_PASSES)]
    terrain, dividers, centre, blobs, road_edges, road_fills, hubs, icons, castle, border = passes
    for i, a in enumerate(t.areas):
        if not a.enclosed:
            terrain += area_shapes(t, i, rotation, x0, y0, s, fill=TERRAIN_FILL[a.terrain],
                                   opacity=opacity, layer=layer, centre=False)
    area_at = {rotate_side(side, rotation): i for i, a in enumerate(t.areas) for side in a.sides}
    corners = _corners(x0, y0, s)
    c = (x0 + s / 2, y0 + s / 2)
    for d in range(4):  # corner between direction d and d+1 is corners[(d + 1) % 4]
        if area_at.get(d) != area_at.get((d + 1) % 4):
            dividers.append(Line((corners[(d + 1) % 4], c), stroke=AREA_EDGE, line_width=max(0.8, s / 60), **kw))
    ca = centre_area(t, rotation)
    if ca is not None:  # cover the dividing lines' inner ends with the joining area
        h = s * 0.17
        centre.append(Polygon(((c[0] - h, c[1] - h), (c[0] + h, c[1] - h), (c[0] + h, c[1] + h),
                               (c[0] - h, c[1] + h)), fill=TERRAIN_FILL[t.areas[ca].terrain], **kw))
    for i, a in enumerate(t.areas):
        if a.enclosed:
            blobs += area_shapes(t, i, rotation, x0, y0, s, fill=TERRAIN_FILL[a.terrain],
                                 opacity=opacity, layer=layer, line_width=max(0.8, s / 60))
    rw = max(2.0, s * 0.1)
    polylines = road_polylines(t, rotation, x0, y0, s)
    for segs in polylines:
        for a_, b_ in segs:
            road_edges.append(Line((a_, b_), stroke=ROAD_EDGE, line_width=rw, **kw))
            road_fills.append(Line((a_, b_), stroke=ROAD_FILL, line_width=rw * 0.55,
                                   dash=(s * 0.06, s * 0.04) if t.bridge else (), **kw))
    for hub, segs in zip(road_hubs(t, x0, y0, s), polylines):
        if len(segs) != 2:
            hubs.append(Circle(hub[0], hub[1], rw * 0.6, fill=ROAD_FILL, stroke=ROAD_EDGE,
                               line_width=max(0.6, rw * 0.2), **kw))
    g = s * 0.11
    for i, a in enumerate(t.areas):
        glyphs = icon_glyphs(a)
        if projector:
            glyphs = [(kind, 1, label) for kind, n, label in glyphs for _one in range(n)]
        if glyphs:
            # the projector's repeated glyphs stand side by side (a sheep is 0.22 cells wide)
            spots = icon_positions(t, i, rotation, x0, y0, s, len(glyphs), 0.22 if projector else 0.16)
            for (kind, n, label), (px, py) in zip(glyphs, spots):
                icons += _glyph(kind, n, px, py, g, layer, opacity, label, projector)
    if t.is_castle:
        colour = castle_colour or CLAN_COLOURS.get(t.id.split("-", 1)[1], "#FFFFFF")
        castle += castle_glyph(c[0], c[1], s * 0.2, colour, layer=layer, opacity=opacity)
    border.append(Rect(x0, y0, s, s, stroke=TILE_EDGE, line_width=max(3.0, s / 16) if t.is_castle else 1.0,
                       **kw))
    return passes


#: The passes of :func:`tile_passes` that teach what a tile holds (its icons and counts, the castle):
#: no badge or overlay may hide them.
TAUGHT_PASSES = (7, 8)


def icon_boxes(t: Tile | str, rotation: int, x0: float, y0: float, size: float,
               projector: bool = False) -> list[Box]:
    """The boxes of a placed tile's icons (with their counts) and castle: what a badge must leave free
    (``projector``: as the projector page draws them, see :func:`tile_passes`)."""
    return list(_icon_boxes(tile(t) if isinstance(t, str) else t, rotation, x0, y0, size, projector))


@lru_cache(maxsize=4096)
def _icon_boxes(t: Tile, rotation: int, x0: float, y0: float, size: float,
                projector: bool = False) -> tuple[Box, ...]:
    passes = tile_passes(t, rotation, x0, y0, size, projector=projector)
    return tuple(shape_box(sh) for k in TAUGHT_PASSES for sh in passes[k])


def _circle_box(cx: float, cy: float, r: float) -> Box:
    return (cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1)


def free_spot(candidates: Iterable[Point], r: float, obstacles: Sequence[Box]) -> Point | None:
    """The first of ``candidates`` where a round badge of radius ``r`` covers none of ``obstacles``
    (icon boxes, other badges); None if every one is taken.

    >>> free_spot([(5, 5), (50, 5)], 4, [(0, 0, 10, 10)])
    (50, 5)
    """
    for c in candidates:
        if not any(boxes_overlap(_circle_box(c[0], c[1], r), b) for b in obstacles):
            return c
    return None


def badge_corner(t: Tile | str, rotation: int, x0: float, y0: float, size: float, r: float,
                 taken: Sequence[Box] = ()) -> Point:
    """Where a tile's number badge of radius ``r`` goes: the first corner (top left, top right,
    bottom left, bottom right) whose badge hides none of the tile's icons (a turned tile's
    icons move; a corner next to a side with two or three icons is not free).

    >>> badge_corner("36", 0, 0, 0, 90, 8), badge_corner("36", 2, 0, 0, 90, 8)
    ((9, 9), (81, 9))
    """
    i = r + 1
    corners = [(x0 + i, y0 + i), (x0 + size - i, y0 + i), (x0 + i, y0 + size - i), (x0 + size - i, y0 + size - i)]
    along = [(x0 + f * size, y) for y in (y0 + i, y0 + size - i) for f in (0.3, 0.7)] + \
            [(x, y0 + f * size) for x in (x0 + i, x0 + size - i) for f in (0.3, 0.7)]   # when the corners are taken
    return free_spot(corners + along, r, icon_boxes(t, rotation, x0, y0, size) + list(taken)) or corners[0]


def tick_spot(t: Tile, area_index: int, rotation: int, x0: float, y0: float, s: float, r: float,
              taken: Sequence[Box] = ()) -> tuple[Point, float]:
    """Where the tick (✓) of a completed area goes on one tile, and its radius (``r``, smaller in a
    crowded area): in the area, clear of every icon and count of the tile and of the ``taken``
    badges; the area's anchor if no place is free."""
    a = t.areas[area_index]
    anchor = area_anchor(t, area_index, rotation, x0, y0, s)
    candidates = [anchor]
    if a.enclosed:
        cx, cy = anchor
        for k in (1.0, 1.3, 1.6):       # round the blob's rim, then just outside it
            for dx, dy in ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.7, -0.7), (-0.7, -0.7),
                           (0.7, 0.7), (-0.7, 0.7)):
                candidates.append((cx + dx * k * s * 0.2, cy + dy * k * s * 0.2))
    else:                               # the area's triangles, nearest the anchor first
        inner = r / s + 0.02
        for d in area_directions(a, rotation):
            for depth in (0.12, 0.16, 0.08, 0.24, 0.32, 0.4, 0.44):
                lats = [k * 0.05 for k in range(-9, 10) if k == 0 or abs(k * 0.05) <= 0.5 - depth - inner]
                candidates += [_toward_centre(d, x0, y0, s, depth, lat) for lat in sorted(lats, key=abs)]
    boxes = icon_boxes(t, rotation, x0, y0, s) + list(taken)
    for k in (1.0, 0.8, 0.65):          # a crowded area (three icons on one side) gets a smaller tick
        spot = free_spot(candidates, r * k, boxes)
        if spot is not None:
            return spot, r * k
    return anchor, r


def render_tile_shapes(t: Tile | str, rotation: int, x0: float, y0: float, size: float, *,
                       layer: str = "tiles", opacity: float = 1.0,
                       castle_colour: str | None = None, projector: bool = False) -> list[Shape]:
    """The shapes of one tile drawn in the square (x0, y0, size), turned ``rotation`` quarter turns.

    >>> shapes = render_tile_shapes("castle-blue", 1, 0, 0, 60)
    >>> all(s.layer == "tiles" for s in shapes)
    True
    """
    return [sh for p in tile_passes(t, rotation, x0, y0, size, layer=layer, opacity=opacity,
                                    castle_colour=castle_colour, projector=projector) for sh in p]


def castle_glyph(x: float, y: float, g: float, colour: str, *, layer: str = "tiles",
                 opacity: float = 1.0) -> list[Shape]:
    """A crenellated tower in the clan colour, centred on (x, y)."""
    pts = ((x - g, y + g), (x - g, y - g * 0.6), (x - g * 0.6, y - g * 0.6), (x - g * 0.6, y - g),
           (x - g * 0.2, y - g), (x - g * 0.2, y - g * 0.6), (x + g * 0.2, y - g * 0.6), (x + g * 0.2, y - g),
           (x + g * 0.6, y - g), (x + g * 0.6, y - g * 0.6), (x + g, y - g * 0.6), (x + g, y + g))
    return [Polygon(pts, fill=colour, stroke="#111111", line_width=max(1.0, g / 6), layer=layer,
                    opacity=opacity),
            Rect(x - g * 0.25, y + g * 0.3, g * 0.5, g * 0.7, fill="#111111", layer=layer, opacity=opacity)]


def render_tile(tile_id: str | int | Tile, rotation: int = 0, *, size: int = 96, selected: bool = False,
                label: bool = True) -> Drawing:
    """One tile alone (for hands and lessons): a ``size`` x ``size`` drawing.

    >>> render_tile("castle-white", 2).title
    'tile castle-white, rotation 2'
    """
    t = tile_id if isinstance(tile_id, Tile) else tile(tile_id)
    # Translators: the title of a tile's picture; {tile} its number, {rotation} 0-3 quarter turns.
    d = Drawing(size, size, title=_("tile {tile}, rotation {rotation}").format(tile=t.id, rotation=rotation % 4))
    d.add(Rect(0, 0, size, size, fill=BACKGROUND, layer="background"))
    pad = 3
    d.extend(render_tile_shapes(t, rotation, pad, pad, size - 2 * pad))
    if label and not t.is_castle:
        bx, by = badge_corner(t, rotation, pad, pad, size - 2 * pad, 8)
        d.add(Circle(bx, by, 8, fill="#FFFFFF", stroke=TILE_EDGE, layer="overlay"),
              Text(bx, by, t.id, size=9, bold=True, layer="overlay"))
    if selected:
        d.add(Rect(1, 1, size - 2, size - 2, stroke="#EE7733", line_width=3, layer="overlay"))
    return d


# --------------------------------------------------------------------------
# A territory
# --------------------------------------------------------------------------

class _PlacementLike(Protocol):
    tile: str
    x: int
    y: int
    rotation: int


class TerritoryLike(Protocol):
    """What rendering needs from a territory (``skye.territory.Territory`` has it)."""

    placements: Mapping[Cell, Any]


@dataclass(frozen=True)
class View:
    """Which cells a territory drawing shows and how big: maps cells to pixels and back.

    >>> v = View(min_x=-1, min_y=-1, cols=3, rows=3, cell=40, pad=10)
    >>> v.to_px(0, 0), v.cell_at(55, 55), v.cell_at(5, 5)
    ((50, 50), (0, 0), None)
    """

    min_x: int
    min_y: int
    cols: int
    rows: int
    cell: int
    pad: int = 8
    #: Pixels left of the columns and above the rows for the coordinate labels (0: none).
    gutter: int = 0

    @property
    def width(self) -> int:
        """Width in pixels."""
        return self.cols * self.cell + 2 * self.pad + self.gutter

    @property
    def height(self) -> int:
        """Height in pixels."""
        return self.rows * self.cell + 2 * self.pad + self.gutter

    def to_px(self, x: int, y: int) -> tuple[int, int]:
        """Top-left pixel of cell (x, y)."""
        o = self.pad + self.gutter
        return (o + (x - self.min_x) * self.cell, o + (y - self.min_y) * self.cell)

    def cell_at(self, px: float, py: float) -> Cell | None:
        """The cell under a pixel, or None outside the shown cells."""
        o = self.pad + self.gutter
        cx = (px - o) // self.cell
        cy = (py - o) // self.cell
        if 0 <= cx < self.cols and 0 <= cy < self.rows:
            return int(cx) + self.min_x, int(cy) + self.min_y
        return None

    def cells(self) -> Iterable[Cell]:
        """Every shown cell, row by row."""
        for y in range(self.min_y, self.min_y + self.rows):
            for x in range(self.min_x, self.min_x + self.cols):
                yield x, y


def fit_view(cells: Iterable[Cell], *, cell: int = 64, max_width: int = 720, max_height: int = 560,
             margin: int = 1, min_cell: int = 18, pad: int = 8, gutter: int = 0) -> View:
    """A view showing ``cells`` plus ``margin`` empty cells around, shrunk to fit the maximum size.

    Cells keep the size ``cell`` while the picture fits in ``max_width`` x
    ``max_height`` (the picture grows with the territory); only past that bound
    do they shrink, never below ``min_cell``. ``gutter`` pixels are kept left
    and above for the coordinate labels.

    >>> v = fit_view([(0, 0)])          # castle alone: 3 x 3 cells at the full size
    >>> (v.min_x, v.min_y, v.cols, v.rows, v.cell)
    (-1, -1, 3, 3, 64)
    >>> fit_view([(x, 0) for x in range(9)]).cell   # 11 columns: (720 - 16) // 11
    64
    >>> fit_view([(x, y) for x in range(12) for y in range(10)]).cell   # 12 rows: (560 - 16) // 12
    45
    >>> fit_view([(x, 0) for x in range(40)]).cell   # never below min_cell
    18
    """
    pts = list(cells) or [(0, 0)]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    min_x, max_x = min(xs) - margin, max(xs) + margin
    min_y, max_y = min(ys) - margin, max(ys) + margin
    cols, rows = max_x - min_x + 1, max_y - min_y + 1
    size = min(cell, (max_width - 2 * pad - gutter) // cols, (max_height - 2 * pad - gutter) // rows)
    size = max(size, min_cell)  # readable first: a huge territory makes a bigger picture
    return View(min_x, min_y, cols, rows, int(size), pad, gutter)


@dataclass(frozen=True)
class AreaGroup:
    """A connected area across tiles (for the component overlay)."""

    parts: frozenset[AreaRef]
    completed: bool = False
    terrain: Terrain | None = None


@dataclass(frozen=True)
class Preview:
    """A tile shown where it would go, green if legal, red with a cross if not."""

    tile: str
    x: int
    y: int
    rotation: int
    legal: bool = True


def _placement_fields(p: Any) -> tuple[str, int, int, int]:
    return str(p.tile), int(p.x), int(p.y), int(p.rotation)


def placed_tiles(territory: TerritoryLike) -> dict[Cell, tuple[Tile, int]]:
    """(tile, rotation) by cell; hand-built tiles come from ``territory.tile_at`` when it has one."""
    tile_at = getattr(territory, "tile_at", None)
    out: dict[Cell, tuple[Tile, int]] = {}
    for cell, p in territory.placements.items():
        tid, _, _, rot = _placement_fields(p)
        out[cell] = (tile_at(cell) if tile_at is not None else tile(tid), rot)
    return out


def render_territory(territory: TerritoryLike, *, cell: int = 64, max_width: int = 720,
                     max_height: int = 560, view: View | None = None,
                     components: Sequence[AreaGroup] | None = None,
                     castle_roads: Iterable[RoadRef] | None = None,
                     breakdown: Any = None,
                     legal: Iterable[Cell] = (),
                     preview: Preview | None = None,
                     preview_tile: Tile | None = None,
                     title: str = "",
                     castle_colour: str | None = None,
                     coordinates: bool = True,
                     tile_numbers: bool = False,
                     legend: bool | None = None,
                     margin: int = 1,
                     projector: bool = False) -> Drawing:
    """A territory as a drawing, auto-fitted to ``max_width`` x ``max_height``.

    ``coordinates`` (on by default) labels the columns (x) along the top edge and
    the rows (y) along the left edge, as the texts name cells: "(1, 0)" is x = 1,
    y = 0. With an explicit ``view`` the labels go in its ``gutter`` (none without one).
    ``tile_numbers`` writes each placed tile's catalogue number in its top-left
    corner. ``legend`` adds a key under the picture saying what the areas
    overlay's marks and the scroll icons shown mean (default: when
    ``components`` are drawn). ``margin`` is the ring of empty cells shown
    around the tiles (0 for territories shown side by side).

    Overlays (all optional, drawn on the ``overlay`` layer):

    * ``components``: areas tinted by connected component, completed ones ticked (✓);
    * ``castle_roads``: road networks connected to the castle, drawn in orange;
    * ``breakdown``: a score result (or its items): each item's cells outlined and
      labelled with its points;
    * ``legal``: cells where the selected tile can go (dashed green squares);
    * ``preview``: a :class:`Preview` of the selected tile at one cell.

    ``projector``: the projector page's picture (issue 32, item 4): no text under
    :data:`PROJECTOR_TEXT` px — the coordinates in a wider gutter (:data:`PROJECTOR_GUTTER`),
    the icons without counts written on them (:func:`tile_passes`), the breakdown's points in
    larger labels. (The areas overlay, the tile numbers and the key, which the projector page
    does not offer, keep their sizes.)
    """
    placements = placed_tiles(territory)
    legal = list(dict.fromkeys((int(c[0]), int(c[1])) for c in legal))  # cells, each once
    if view is None:
        shown = list(placements) + legal + ([(preview.x, preview.y)] if preview else [])
        view = fit_view(shown, cell=cell, max_width=max_width, max_height=max_height, margin=margin,
                        gutter=(PROJECTOR_GUTTER if projector else COORD_GUTTER) if coordinates else 0)
    s = view.cell
    key = legend_entries(placements, areas=bool(components)) if (
        legend or (legend is None and components)) else []
    key_h = legend_height(key)
    width = max(view.width, LEGEND_WIDTH) if key else view.width
    # Translators: the title of a territory's picture.
    n = len(placements)
    d = Drawing(width, view.height + key_h,
                title=title or ngettext("territory of {count} tile", "territory of {count} tiles", n).format(count=n))
    d.add(Rect(0, 0, width, view.height + key_h, fill=BACKGROUND, layer="background"))
    if coordinates and view.gutter:
        d.extend(coordinate_labels(view, projector=projector))
    for x, y in view.cells():
        if (x, y) not in placements:
            px, py = view.to_px(x, y)
            d.add(Rect(px + 1, py + 1, s - 2, s - 2, fill=EMPTY_CELL, layer="background"))
    d.extend(tiles_layer(tuple((cell, t, rot) for cell, (t, rot) in placements.items()), view, castle_colour,
                         projector))
    area_marks, ticks = component_marks(placements, view, components) if components else ([], [])
    d.extend(area_marks)
    if castle_roads is not None:
        d.extend(road_overlay(placements, view, castle_roads))
    d.extend(ticks)                     # the ticks above the roads: no road hides a tick
    # the tile numbers' places first (clear of the icons and the ticks), the points labels then
    # keep clear of them; the numbers are drawn last
    numbers = tile_number_badges(placements, view, [shape_box(sh) for sh in ticks if isinstance(sh, Circle)]) \
        if tile_numbers else []
    if breakdown is not None:
        d.extend(breakdown_overlay(view, breakdown, placements,
                                   avoid=[shape_box(sh) for sh in numbers if isinstance(sh, Circle)],
                                   projector=projector))
    for x, y in legal:
        px, py = view.to_px(x, y)
        d.add(Rect(px + 3, py + 3, s - 6, s - 6, fill=LEGAL_COLOUR, opacity=0.18, layer="overlay"),
              Rect(px + 3, py + 3, s - 6, s - 6, stroke=LEGAL_COLOUR, line_width=2,
                   dash=(5, 3), layer="overlay"))
    if preview is not None:
        px, py = view.to_px(preview.x, preview.y)
        d.extend(render_tile_shapes(preview_tile or preview.tile, preview.rotation, px, py, s, layer="overlay",
                                    opacity=0.75, projector=projector))
        colour = LEGAL_COLOUR if preview.legal else ILLEGAL_COLOUR
        d.add(Rect(px + 1, py + 1, s - 2, s - 2, stroke=colour, line_width=3, layer="overlay"))
        if not preview.legal:
            d.add(Line(((px + s * 0.2, py + s * 0.2), (px + s * 0.8, py + s * 0.8)), stroke=colour,
                       line_width=max(2.0, s / 14), layer="overlay"),
                  Line(((px + s * 0.8, py + s * 0.2), (px + s * 0.2, py + s * 0.8)), stroke=colour,
                       line_width=max(2.0, s / 14), layer="overlay"))
    d.extend(numbers)
    if key:
        d.extend(legend_shapes(key, 8, view.height + 4))
    d.description = territory_words(territory, breakdown)
    return d


#: Pixels kept left of and above a territory for its coordinate labels.
COORD_GUTTER = 18
#: The smallest text of the projector page's territory (``render_territory(..., projector=True)``), in
#: the drawing's pixels. The page shows a drawing of at most :data:`PROJECTOR_WIDTH` x
#: :data:`PROJECTOR_HEIGHT` in a box 547-564 px high at 1920x1080 (359-369 at 1280x720: the languages'
#: headings differ) and 1.6 times as wide: at least 1.01 times its size (0.66 at 720p), so this text is
#: 22 px (14.6 px) or more.
PROJECTOR_TEXT = 22.0
#: The projector territory's gutter: room for coordinates of :data:`PROJECTOR_TEXT` and the "x" and "y".
PROJECTOR_GUTTER = 48
#: The projector territory's largest cell and picture (``fit_view``'s ``cell``, ``max_width``,
#: ``max_height``): cells as large as fit, so the picture always fills its height or its width and the
#: page's CSS scale stays the same all game (a larger territory gets smaller cells, not a smaller scale).
PROJECTOR_CELL = 160
PROJECTOR_WIDTH = 810
PROJECTOR_HEIGHT = 540


def coordinate_labels(view: View, projector: bool = False) -> list[Shape]:
    """Column numbers (x) along the top edge and row numbers (y) along the left edge of ``view``,
    with a small "x" and "y" in the corner saying which is which (``projector``: all of
    :data:`PROJECTOR_TEXT` px, the "x" beside the column numbers, the "y" over the row numbers, in
    the corner of a :data:`PROJECTOR_GUTTER` gutter).

    Cells start at pad + gutter = 26 px; column -1 is centred at 26 + 20 = 46, column 0
    at 86; the gutter's middle is 26 - 9 + 1 = 18.

    >>> v = View(min_x=-1, min_y=0, cols=2, rows=1, cell=40, pad=8, gutter=18)
    >>> [(t.text, t.x, t.y) for t in coordinate_labels(v)]
    [('x', 21, 13), ('y', 13, 21), ('-1', 46.0, 18.0), ('0', 86.0, 18.0), ('0', 18.0, 46.0)]
    """
    g, s = view.gutter or COORD_GUTTER, view.cell
    edge = view.pad + g                     # where the first cell starts, both ways
    mid = edge - g / 2 + 1                  # the middle of the gutter
    size = 12.0                             # readable at any cell size (issue 28)
    ink = "#444444"
    out: list[Shape] = [Text(edge - 5, edge - 13, "x", size=8, fill="#777777", layer="background"),
                        Text(edge - 13, edge - 5, "y", size=8, fill="#777777", layer="background")]
    if projector:
        size, near = PROJECTOR_TEXT, edge - PROJECTOR_TEXT * 0.4
        out = [Text(near, mid, "x", size=size, fill="#555555", layer="background"),     # darker: far away
               Text(mid, near, "y", size=size, fill="#555555", layer="background")]
    for x in range(view.min_x, view.min_x + view.cols):
        px, _ = view.to_px(x, view.min_y)
        out.append(Text(px + s / 2, mid, str(x), size=size, fill=ink, layer="background"))
    for y in range(view.min_y, view.min_y + view.rows):
        _, py = view.to_px(view.min_x, y)
        out.append(Text(mid, py + s / 2, str(y), size=size, fill=ink, layer="background"))
    return out


def tile_number_badges(placements: Mapping[Cell, tuple[Tile, int]], view: View,
                       taken: Sequence[Box] = ()) -> list[Shape]:
    """Each placed landscape tile's catalogue number in a small badge in a corner of the tile
    that hides none of its icons (see :func:`badge_corner`: top left when free)."""
    out: list[Shape] = []
    s = view.cell
    r = max(6.5, s * 0.11)
    for (x, y), (t, rot) in sorted(placements.items()):
        if t.is_castle:
            continue
        px, py = view.to_px(x, y)
        cx, cy = badge_corner(t, rot, px, py, s, r, taken)
        out += [Circle(cx, cy, r, fill="#FFFFFF", stroke=TILE_EDGE, line_width=1.0, opacity=0.92, layer="overlay"),
                Text(cx, cy, t.id, size=max(7.0, r * 1.15 if len(t.id) < 3 else r * 0.9), bold=True,
                     fill="#000000", layer="overlay")]
    return out


# --------------------------------------------------------------------------
# The key: what the marks and icons of a picture mean
# --------------------------------------------------------------------------

#: The key's texts, whole sentences with named placeholders (to be translated).
LEGEND_TEXT = {
    # Translators: the key under a territory picture; {pasture} "pasture (yellow-green)" etc.
    "terrain": lazy("Tile colours: {pasture}, {water}, {mountain}."),
    "open": lazy("Dashed outline: an open area, it can still grow."),
    "completed": lazy("Solid outline with a tick: a completed area, closed on every side."),
    "colours": lazy("Each area has its own outline colour; the tile colours show through."),
    "sheep": lazy("Sheep (a small number beside it: how many)."),
    "cattle": lazy("Cattle."),
    "whisky": lazy("A whisky barrel."),
    "ships": lazy("A ship."),
    "broch": lazy("A broch, a round stone tower."),
    "farm": lazy("A farm."),
    "lighthouse": lazy("A lighthouse."),
    "scrolls": lazy("A scroll scores at the end of the game, double in a completed area:"),
    "scroll:per_2_sheep": lazy("scroll with a sheep and /2: 1 VP for every 2 sheep in the territory."),
    "scroll:per_2_whisky": lazy("scroll with a barrel and /2: 1 VP for every 2 tiles with whisky."),
    "scroll:per_2_ships": lazy("scroll with a ship and /2: 1 VP for every 2 ships."),
    "scroll:per_cattle": lazy("scroll with cattle: 1 VP for each cattle."),
    "scroll:per_broch": lazy("scroll with a broch: 1 VP for each broch."),
    "scroll:per_farm": lazy("scroll with a farm: 1 VP for each farm."),
    "scroll:per_lighthouse": lazy("scroll with a lighthouse: 1 VP for each lighthouse."),
}
TERRAIN_WORDS = {Terrain.PASTURE: lazy("pasture (yellow-green)"), Terrain.WATER: lazy("water (blue)"),
                 Terrain.MOUNTAIN: lazy("mountain (grey)")}
#: Width of a picture with a key underneath (the key's longest line fits).
LEGEND_WIDTH = 460
LEGEND_LINE = 17


#: Words for a tile's contents (hover line): icon counts as (the words for one, a counted text for more).
ICON_WORDS = {"sheep": (lazy("1 sheep"), lazy_ngettext("{n} sheep", "{n} sheep", counter="n")),
              "cattle": (lazy("1 cattle"), lazy_ngettext("{n} cattle", "{n} cattle", counter="n")),
              "whisky": (lazy("a whisky barrel"),
                         lazy_ngettext("{n} whisky barrel", "{n} whisky barrels", counter="n")),
              "ships": (lazy("a ship"), lazy_ngettext("{n} ship", "{n} ships", counter="n")),
              "broch": (lazy("a broch"), lazy_ngettext("{n} broch", "{n} brochs", counter="n")),
              "farm": (lazy("a farm"), lazy_ngettext("{n} farm", "{n} farms", counter="n")),
              "lighthouse": (lazy("a lighthouse"), lazy_ngettext("{n} lighthouse", "{n} lighthouses", counter="n"))}
SCROLL_WORDS = {"per_2_sheep": lazy("1 VP for every 2 sheep"),
                "per_2_whisky": lazy("1 VP for every 2 tiles with whisky"),
                "per_2_ships": lazy("1 VP for every 2 ships"), "per_cattle": lazy("1 VP for each cattle"),
                "per_broch": lazy("1 VP for each broch"), "per_farm": lazy("1 VP for each farm"),
                "per_lighthouse": lazy("1 VP for each lighthouse")}
#: (enclosed, terrain) -> how an area of a tile is named, alone and with its icons (a list).
AREA_WORDS = {
    (False, "pasture"): (lazy("pasture"), lazy("pasture with {icons}")),
    (False, "mountain"): (lazy("mountain"), lazy("mountain with {icons}")),
    (False, "water"): (lazy("water"), lazy("water with {icons}")),
    (True, "pasture"): (lazy("an enclosed pasture area"), lazy("an enclosed pasture area with {icons}")),
    (True, "mountain"): (lazy("an enclosed mountain area"), lazy("an enclosed mountain area with {icons}")),
    (True, "water"): (lazy("an enclosed water area"), lazy("an enclosed water area with {icons}")),
}
TILE_WORDS = {
    # Translators: a scroll on a tile (hover line); {rule} "1 VP for each farm".
    "scroll": lazy("a scroll ({rule})"), "road": lazy("a road"),
    "roads": lazy_ngettext("{n} road", "{n} roads", counter="n"),
    # Translators: two or more things on one area of a tile: "1 sheep and a scroll (...)".
    "and": lazy("{items} and {last}"),
    # Translators: the parts of a tile's hover line (its areas, its roads) one after another.
    "then": lazy("{before}; {after}"),
    "sentence": lazy("{parts}."),
}


def tile_words(t: Tile | str) -> str:
    """What a tile shows, in words (for the hover line).

    >>> tile_words("17")
    'water; pasture with 1 sheep and a scroll (1 VP for each farm).'
    """
    if isinstance(t, str):
        t = tile(t)
    parts = [area_words(a) for a in t.areas]
    if t.roads:
        parts.append(str(TILE_WORDS["road"]) if len(t.roads) == 1 else TILE_WORDS["roads"].format(n=len(t.roads)))
    text = parts[0] if parts else ""
    for part in parts[1:]:
        text = TILE_WORDS["then"].format(before=text, after=part)
    return TILE_WORDS["sentence"].format(parts=text)


def area_words(a: Area) -> str:
    """One area of a tile in words: its terrain and what is printed in it.

    >>> area_words(tile("12").areas[0])
    'pasture with a whisky barrel and a farm'
    """
    icons = []
    for name, n in a.icons.items():
        if name.startswith("scroll:"):
            kind = name.split(":", 1)[1]
            icons.append(TILE_WORDS["scroll"].format(rule=SCROLL_WORDS.get(kind, kind)))
        else:
            one, many = ICON_WORDS[name]
            icons.append(str(one) if n == 1 else many.format(n=n))
    alone, with_icons = AREA_WORDS[a.enclosed, a.terrain.label]
    listed = icons[0] if len(icons) == 1 else TILE_WORDS["and"].format(items=", ".join(icons[:-1]),
                                                                        last=icons[-1]) if icons else ""
    return with_icons.format(icons=listed) if icons else str(alone)


def legend_entries(placements: Mapping[Cell, tuple[Tile, int]] | Iterable[Tile], *,
                   areas: bool = False) -> list[str]:
    """The keys (of :data:`LEGEND_TEXT`) a picture needs: the areas overlay's marks when
    ``areas``, then every icon kind and scroll type the tiles show, in catalogue order.

    >>> legend_entries([tile("17")])
    ['sheep', 'scrolls', 'scroll:per_farm']
    """
    tiles = [v[0] for v in placements.values()] if isinstance(placements, Mapping) else list(placements)
    out = ["terrain", "colours", "open", "completed"] if areas else []
    kinds: set[str] = set()
    scrolls: set[str] = set()
    for t in tiles:
        for a in t.areas:
            for name, _n in a.icons.items():
                if name.startswith("scroll:"):
                    scrolls.add(name)
                else:
                    kinds.add(name)
    out += [k for k in ICON_STYLE if k in kinds]
    if scrolls:
        out.append("scrolls")
        out += [f"scroll:{k}" for k in SCROLL_COUNTS if f"scroll:{k}" in scrolls]
    return out


def legend_text(key: str) -> str:
    """The sentence of one key entry."""
    if key == "terrain":
        return LEGEND_TEXT["terrain"].format(**{t.label: str(w) for t, w in TERRAIN_WORDS.items()})
    return str(LEGEND_TEXT[key])


def legend_marker(key: str, x: float, y: float, size: float = 14.0, *, layer: str = "background") -> list[Shape]:
    """The small picture in front of a key entry, centred on (x, y)."""
    g = size / 2
    colour = GROUP_COLOURS[0]
    if key == "terrain":
        return [Rect(x - g + k * g * 0.7, y - g * 0.8, g * 0.7, g * 1.6, fill=TERRAIN_FILL[t], layer=layer)
                for k, t in enumerate((Terrain.PASTURE, Terrain.WATER, Terrain.MOUNTAIN))]
    if key == "colours":
        return [Line(((x - g, y - g * 0.5 + k * g * 0.5), (x + g, y - g * 0.5 + k * g * 0.5)),
                     stroke=GROUP_COLOURS[k], line_width=2, layer=layer) for k in range(3)]
    if key in ("open", "completed"):
        out: list[Shape] = [Rect(x - g, y - g * 0.8, 2 * g, g * 1.6, fill=TERRAIN_FILL[Terrain.WATER], layer=layer),
                            Rect(x - g, y - g * 0.8, 2 * g, g * 1.6, stroke=colour, line_width=2,
                                 dash=(4, 3) if key == "open" else (), layer=layer)]
        if key == "completed":
            out.append(Text(x, y, "✓", size=size * 0.8, bold=True, layer=layer))
        return out
    if key == "scrolls":
        return []
    if key.startswith("scroll:"):
        return _glyph("scroll", 1, x, y, g * 0.8, layer, 1.0, key.split(":", 1)[1])
    return _glyph(key, 1, x, y, g * 0.8, layer, 1.0)


def legend_height(keys: Sequence[str]) -> int:
    """Pixels a key of ``keys`` takes under a picture."""
    return len(keys) * LEGEND_LINE + 8 if keys else 0


def legend_shapes(keys: Sequence[str], x0: float, y0: float, *, layer: str = "background") -> list[Shape]:
    """The key drawn from (x0, y0) down: one marker and one sentence a line."""
    out: list[Shape] = []
    for i, key in enumerate(keys):
        y = y0 + i * LEGEND_LINE + LEGEND_LINE / 2
        indent = 12 if key.startswith("scroll:") else 0
        out += legend_marker(key, x0 + indent + 9, y, layer=layer)
        out.append(Text(x0 + indent + (2 if key == "scrolls" else 24), y, legend_text(key), size=10.5,
                        align="left", fill="#222222", layer=layer))
    return out


def territory_words(territory: Any, breakdown: Any = None) -> str:
    """The territory in words for the picture's ``<desc>`` (see :mod:`.describe`); a
    duck-typed stand-in for a territory (no areas to ask for) gets none."""
    return describe_territory(territory, breakdown=breakdown) if isinstance(territory, Territory) else ""


_KIND_ORDER = {Polygon: 0, Rect: 1, Circle: 2, Line: 3, Text: 4}


def _split_paint(sh: Shape) -> tuple[Shape | None, Shape | None]:
    """A shape as (fill part, stroke part); lines and text are all 'fill'."""
    if isinstance(sh, (Line, Text)):
        return sh, None
    fill, stroke = getattr(sh, "fill", None), getattr(sh, "stroke", None)
    if fill and stroke:
        return replace(sh, stroke=None), replace(sh, fill=None)
    return (sh, None) if fill else (None, sh)


def _pass_order(tiles: Iterable[list[list[Shape]]]) -> list[Shape]:
    """Shapes of many tiles in an order that paints the same picture with long runs of alike shapes.

    Tiles never overlap, so shape j of pass k can be painted for every tile
    before shape j + 1 of pass k of any tile; a shape with fill and stroke is
    split (all fills, then all strokes of that step). Within one step the
    shapes belong to different tiles, so they are grouped by kind and style.
    """
    buckets: dict[tuple[int, int, int], list[Shape]] = {}
    for passes in tiles:
        for k, shapes in enumerate(passes):
            for j, sh in enumerate(shapes):
                for part, piece in enumerate(_split_paint(sh)):
                    if piece is not None:
                        buckets.setdefault((k, j, part), []).append(piece)
    out: list[Shape] = []
    for key in sorted(buckets):
        out.extend(sorted(buckets[key], key=lambda sh: (_KIND_ORDER[type(sh)], getattr(sh, "line_width", 0),
                                                          getattr(sh, "dash", ()))))
    return out


@lru_cache(maxsize=16)
def tiles_layer(tiles: tuple[tuple[Cell, Tile, int], ...], view: View,
                castle_colour: str | None = None, projector: bool = False) -> tuple[Shape, ...]:
    """The ``tiles`` layer of a territory: (cell, tile, rotation) entries drawn in ``view``.

    Cached (the arguments are immutable), so a redraw that only changes an
    overlay, or the same territory shown again, does not rebuild every tile.
    """
    s = view.cell
    return tuple(_pass_order(tile_passes(t, rot, *view.to_px(x, y), s, castle_colour=castle_colour,
                                         projector=projector)
                             for (x, y), t, rot in tiles))


def _area_polygons(t: Tile, ai: int, rot: int, px: float, py: float, s: float) -> list[Shape]:
    return area_shapes(t, ai, rot, px, py, s, fill="#000000", layer="overlay", centre=False)


def _edge_key(a: Point, b: Point) -> tuple[tuple[float, float], tuple[float, float]]:
    ka, kb = (round(a[0], 2), round(a[1], 2)), (round(b[0], 2), round(b[1], 2))
    return (ka, kb) if ka <= kb else (kb, ka)


def component_overlay(placements: Mapping[Cell, tuple[Tile, int]], view: View,
                      components: Sequence[AreaGroup]) -> list[Shape]:
    """The areas overlay: :func:`component_marks`, the ticks last."""
    marks, ticks = component_marks(placements, view, components)
    return marks + ticks


def component_marks(placements: Mapping[Cell, tuple[Tile, int]], view: View,
                    components: Sequence[AreaGroup]) -> tuple[list[Shape], list[Shape]]:
    """Each connected area outlined in its own colour over a light tint, so the terrain
    underneath stays recognisable: a dashed outline for an open area, a solid one and
    a tick (✓) on each part for a completed area.

    The outline follows the area's boundary: the edges of its side triangles that
    no other triangle of the same area shares (within a tile or across tiles). The ticks
    are apart, each clear of every icon and of the other ticks (:func:`tick_spot`): returns
    (tints and outlines, ticks), so another overlay can go between them.
    """
    out: list[Shape] = []
    s = view.cell
    width = max(2.0, s / 22)
    placed: list[Box] = []      # the ticks so far: no tick on another
    all_ticks: list[Shape] = []
    for k, group in enumerate(components):
        colour = GROUP_COLOURS[k % len(GROUP_COLOURS)]
        dash = () if group.completed else (max(4.0, s / 10), max(3.0, s / 16))
        edges: dict[Any, int] = {}
        ends: dict[Any, tuple[Point, Point]] = {}
        ticks: list[Shape] = []
        for (x, y), ai in sorted(group.parts):
            if (x, y) not in placements:
                continue
            t, rot = placements[(x, y)]
            px, py = view.to_px(x, y)
            if t.areas[ai].enclosed:
                cx, cy = enclosed_centres(t, px, py, s)[ai]
                r = s * (0.2 if sum(1 for b in t.areas if b.enclosed) == 1 else 0.12)
                out += [Circle(cx, cy, r, fill=colour, opacity=0.15, layer="overlay"),
                        Circle(cx, cy, r, stroke=colour, line_width=width, dash=dash, layer="overlay")]
            else:
                out += area_shapes(t, ai, rot, px, py, s, fill=colour, opacity=0.15, layer="overlay")
                for poly in _area_polygons(t, ai, rot, px, py, s):
                    pts = poly.points  # type: ignore[union-attr]
                    for i in range(len(pts)):
                        e = _edge_key(pts[i], pts[(i + 1) % len(pts)])
                        edges[e] = edges.get(e, 0) + 1
                        ends[e] = (pts[i], pts[(i + 1) % len(pts)])
            if group.completed:
                (ax, ay), tr = tick_spot(t, ai, rot, px, py, s, max(5.0, s * 0.1) + 1, placed)
                placed.append(_circle_box(ax, ay, tr))
                tr -= 1                 # the stroke's half width and a pixel of air
                ticks += [Circle(ax, ay, tr, fill="#FFFFFF", stroke=colour, line_width=2,
                                 layer="overlay"),
                          Text(ax, ay, "✓", size=max(7.0, tr * 1.5), fill="#000000", bold=True,
                               layer="overlay")]
        for e in sorted(edges):
            if edges[e] == 1:
                out.append(Line(ends[e], stroke=colour, line_width=width, dash=dash, layer="overlay"))
        all_ticks += ticks
    return out, all_ticks


def road_overlay(placements: Mapping[Cell, tuple[Tile, int]], view: View, roads: Iterable[RoadRef]) -> list[Shape]:
    """Road networks (cell, road index) drawn thick in orange: those connected to the castle.

    On the castle's tile each road stops at the castle's edge, so the castle stays in sight
    (the roads start from it)."""
    out: list[Shape] = []
    s = view.cell
    width = max(3.0, s * 0.12)
    for (x, y), ri in sorted(set(roads)):
        if (x, y) not in placements:
            continue
        t, rot = placements[(x, y)]
        px, py = view.to_px(x, y)
        segs = road_polylines(t, rot, px, py, s)
        if 0 <= ri < len(segs):
            for a_, b_ in segs[ri]:
                if t.is_castle:         # start outside the castle's box (half-size 0.2 s, its outline, the round end)
                    gap = s * 0.2 + max(1.0, s * 0.2 / 6) + width / 2 + 1
                    length = max(abs(b_[0] - a_[0]), abs(b_[1] - a_[1])) or 1.0
                    k = min(1.0, gap / length)
                    a_ = (a_[0] + (b_[0] - a_[0]) * k, a_[1] + (b_[1] - a_[1]) * k)
                out.append(Line((a_, b_), stroke=CASTLE_ROAD_COLOUR, line_width=width,
                                opacity=0.9, layer="overlay"))
            # a road that runs under an icon (into an enclosed area's blob): the icon again, on top
            lines = [shape_box(sh) for sh in out[-len(segs[ri]):]]
            passes = tile_passes(t, rot, px, py, s, layer="overlay")
            taught = [sh for k in TAUGHT_PASSES for sh in passes[k]]
            if any(boxes_overlap(shape_box(sh), b) for sh in taught for b in lines):
                out += taught
    return out


def breakdown_items(breakdown: Any) -> list[Any]:
    """The items of a score result, a list of items, or None."""
    if breakdown is None:
        return []
    return list(getattr(breakdown, "breakdown", breakdown))


def breakdown_overlay(view: View, breakdown: Any,
                      placements: Mapping[Cell, tuple[Tile, int]] | None = None,
                      avoid: Sequence[Box] = (), projector: bool = False) -> list[Shape]:
    """Each breakdown item's cells outlined in its colour, its points written on a corner of
    one of its cells (clear of the icons of the ``placements`` shown and of the ``avoid`` boxes,
    other badges; see :func:`_label_corner`). ``projector``: the points in :data:`PROJECTOR_TEXT` px."""
    out: list[Shape] = []
    s = view.cell
    used: set[Point] = set()
    icons = [b for (x, y), (t, rot) in (placements or {}).items()
             for b in icon_boxes(t, rot, *view.to_px(x, y), s, projector)]
    labels: list[Box] = list(avoid)
    for k, item in enumerate(breakdown_items(breakdown)):
        cells = [tuple(c) for c in getattr(item, "cells", ())]
        if not cells:
            continue
        colour = GROUP_COLOURS[k % len(GROUP_COLOURS)]
        inset = 2 + (k % 4) * 3
        for x, y in cells:
            px, py = view.to_px(x, y)
            out.append(Rect(px + inset, py + inset, s - 2 * inset, s - 2 * inset, stroke=colour,
                            line_width=3, layer="overlay"))
        w, h = _label_size(s, projector)
        inside = lambda c: (min(max(c[0], w / 2 + 1), view.width - w / 2 - 1),      # inside the picture
                            min(max(c[1], h / 2 + 1), view.height - h / 2 - 1))
        free = [c for c in _label_corner(view, cells, used, every=True, projector=projector)
                if not any(boxes_overlap(_label_box(*inside(c), w, h), b) for b in icons + labels)]
        if free:
            used.add(free[0])
        lx, ly = inside(free[0] if free else _label_corner(view, cells, used, projector=projector))
        labels.append(_label_box(lx, ly, w, h))
        pts = getattr(item, "points", 0)
        out += [Rect(lx - w / 2, ly - h / 2, w, h, fill="#FFFFFF", stroke=colour,
                     line_width=2, layer="overlay"),
                Text(lx, ly, f"{pts:+d}", size=PROJECTOR_TEXT if projector else max(8.0, min(13.0, s * 0.17)),
                     bold=True, fill="#000000", layer="overlay")]
    return out


def _label_size(s: float, projector: bool = False) -> tuple[float, float]:
    """A breakdown label's width and height in cells of ``s`` px (``projector``: room for "+12" in
    :data:`PROJECTOR_TEXT` px)."""
    if projector:
        return max(PROJECTOR_TEXT * 2.4, s * 0.34), PROJECTOR_TEXT * 1.3
    return max(22.0, s * 0.34), max(13.0, s * 0.18)


def _label_box(x: float, y: float, w: float, h: float) -> Box:
    return (x - w / 2 - 1, y - h / 2 - 1, x + w / 2 + 1, y + h / 2 + 1)


def _label_corner(view: View, cells: Sequence[Cell], used: set[Point], every: bool = False,
                  projector: bool = False) -> Any:
    """Where a breakdown item's points go: on a corner of one of its cells, in the
    bottom corners of the two tiles above that corner point (or, with ``every``, also
    the top corners of the two below), each place at most once.

    Tried cell by cell: bottom right, bottom left, top right, top left. ``every`` gives
    all the places not yet used, in that order (the caller keeps those clear of icons).
    """
    s = view.cell
    h = _label_size(s, projector)[1]
    candidates: list[Point] = []
    for x, y in cells:
        px, py = view.to_px(x, y)
        candidates += [(px + s, py + s - h / 2), (px, py + s - h / 2), (px + s, py - h / 2), (px, py - h / 2)]
    if every:
        for x, y in cells:
            px, py = view.to_px(x, y)
            candidates += [(px + s, py + s + h / 2), (px, py + s + h / 2), (px + s, py + h / 2), (px, py + h / 2)]
        return [c for c in dict.fromkeys(candidates) if c not in used]
    for c in candidates:
        if c not in used:
            used.add(c)
            return c
    return candidates[0]


def with_opacity(shapes: Iterable[Shape], opacity: float) -> list[Shape]:
    """Copies of shapes at another opacity."""
    return [replace(sh, opacity=opacity) for sh in shapes]


# --------------------------------------------------------------------------
# Overlay data from the rules core
# --------------------------------------------------------------------------

def area_groups(territory: Any) -> list[AreaGroup]:
    """Every connected area of a territory as an :class:`AreaGroup` (via ``graphs.areas``)."""
    return [AreaGroup(frozenset(a.nodes), a.completed, a.terrain) for a in areas(territory)]


def castle_road_refs(territory: Any) -> frozenset[RoadRef]:
    """The road networks (cell, road index) connected to the castle (``graphs.connected_networks``: the
    components of ``graphs.road_graph`` that hold a castle node, found without networkx)."""
    return connected_networks(territory)


# --------------------------------------------------------------------------
# The whole game
# --------------------------------------------------------------------------

def _shifted(shapes: Iterable[Shape], dx: float, dy: float) -> list[Shape]:
    """``shapes`` moved by (dx, dy) pixels (to put one drawing inside another)."""
    out: list[Shape] = []
    for sh in shapes:
        if isinstance(sh, (Rect, Text)):
            out.append(replace(sh, x=sh.x + dx, y=sh.y + dy))
        elif isinstance(sh, Circle):
            out.append(replace(sh, cx=sh.cx + dx, cy=sh.cy + dy))
        else:
            out.append(replace(sh, points=tuple((x + dx, y + dy) for x, y in sh.points)))
    return out


#: The texts of :func:`render_game`, whole sentences with named placeholders.
GAME_TEXT = {
    "title": lazy("Isle of Skye, round {round} of {rounds}"),
    "over": lazy_ngettext("The game is over after {rounds} round.", "The game is over after {rounds} rounds.",
                          counter="rounds"),
    # Translators: after "The game is over after 6 rounds."; {names} the winners, joined by commas.
    "winners": lazy_ngettext("Winner: {names}.", "Winners: {names}."),
    # Translators: {slot} A-D, {name} "10 (Gold majority)", {rounds} "2, 4, 6".
    "slot": lazy("{slot}: {name}, scored in rounds {rounds}"),
    "player": lazy_ngettext("{name}: {vp} VP, {gold} gold", "{name}: {vp} VP, {gold} gold", counter="gold"),
    "player_hidden": lazy("{name}: {vp} VP, gold behind the screen"),
    # Translators: a player's line while prices are set; {head} "Anna: 3 VP, 5 gold".
    "deciding": lazy("{head} (has not decided yet)"),
    "decided": lazy("{head} (has decided (secret))"),
    "price": lazy_ngettext("{gold} gold", "{gold} gold", counter="gold"),
    "to_build": lazy("to place"),
}
#: The first line of a game's picture, by phase (the end-of-round scoring, a moment inside
#: the engine, counts as building).
HEADERS = {
    # Translators: the first line of a game's picture; {start} a player's name, {bag} the tiles left in the bag.
    "prices": lazy_ngettext("Round {round} of {rounds}, draw-and-price phase. {start} is the start player; "
                            "{bag} tile in the bag.",
                            "Round {round} of {rounds}, draw-and-price phase. {start} is the start player; "
                            "{bag} tiles in the bag.", counter="bag"),
    "buy": lazy_ngettext("Round {round} of {rounds}, buying phase. {start} is the start player; {bag} tile in the bag.",
                         "Round {round} of {rounds}, buying phase. {start} is the start player; {bag} tiles in the bag.",
                         counter="bag"),
    "build": lazy_ngettext("Round {round} of {rounds}, building phase. {start} is the start player; {bag} tile in the "
                           "bag.",
                           "Round {round} of {rounds}, building phase. {start} is the start player; {bag} tiles in the "
                           "bag.", counter="bag"),
}


def render_game(state: Any, viewer: int | None = None, *, open_hand: bool = False,
                cell: int = 60, columns: int = 2, coordinates: bool = True) -> Drawing:
    """The whole table of an Isle of Skye game (:class:`.game.GameState`) as
    ``viewer`` may see it: the round, the phase and the round track with the
    four scoring tiles by name, then for each player their VP, their gold
    (only the viewer's own, unless ``open_hand``: what the table knows, as in
    :meth:`~.game.GameState.view`), the tiles on their display with the
    prices once revealed (secret decisions stay hidden while prices are set),
    the tiles they still have to place and their territory.
    ``viewer=None`` is an onlooker: nobody's gold, nobody's secret.

    >>> from .game import GameState
    >>> d = render_game(GameState.new(2, seed=1), viewer=0)
    >>> d.title, "Player 2: 0 VP, gold behind the screen" in d.to_svg()
    ('Isle of Skye, round 1 of 6', True)
    """
    v = state.view(0 if viewer is None else viewer, open_hand=open_hand)
    known = state.known_gold(-1 if viewer is None else viewer)
    n = state.n_players
    pad, line = 8, 18
    panel_w = max(380, 10 * cell)
    terr_h = 7 * cell
    tile_px = 40
    panel_h = line + tile_px + line + terr_h + pad
    cols = max(1, min(columns, n))
    rows = (n + cols - 1) // cols
    header_lines: list[str] = []
    if state.is_over():
        winners = [state.names[p] for p in state.winners()]
        header_lines.append(GAME_TEXT["over"].format(rounds=state.n_rounds) + " " + GAME_TEXT["winners"].format(
            names=", ".join(winners), count=len(winners)))
    else:
        header_lines.append(HEADERS.get(state.phase, HEADERS["build"]).format(
            round=state.round_no, rounds=state.n_rounds, start=state.names[state.start_player], bag=len(state.bag)))
    for slot, number in state.scoring.items():
        when = [r for r in range(1, state.n_rounds + 1) if slot in round_slots(n, r)]
        header_lines.append(GAME_TEXT["slot"].format(slot=slot, name=scoring_rules.tile_label(number),
                                                     rounds=", ".join(map(str, when))))
    top = pad + line * len(header_lines) + pad
    width = pad + cols * (panel_w + pad)
    height = top + rows * (panel_h + pad)
    d = Drawing(width, height, title=GAME_TEXT["title"].format(round=state.round_no, rounds=state.n_rounds))
    d.add(Rect(0, 0, width, height, fill=BACKGROUND, layer="background"))
    for i, text in enumerate(header_lines):
        d.add(Text(pad, pad + line * i + line / 2, text, size=12 if i == 0 else 11, align="left", bold=i == 0))
    pricing = state.phase == "prices"
    for q, entry in enumerate(v["players"]):
        x0 = pad + (q % cols) * (panel_w + pad)
        y0 = top + (q // cols) * (panel_h + pad)
        mine = viewer is not None and q == viewer
        d.add(Rect(x0, y0, panel_w, panel_h, stroke=TILE_EDGE, fill="#FFFFFF", layer="background"))
        shown_gold = known[q] if (mine or open_hand) else None
        if mine or state.is_over():        # the viewer's own gold; everyone's after the final scoring
            shown_gold = state.gold[q]
        head = (GAME_TEXT["player"].format(name=entry["name"], vp=entry["vp"], gold=shown_gold)
                if shown_gold is not None else GAME_TEXT["player_hidden"].format(name=entry["name"], vp=entry["vp"]))
        if pricing and entry["display"]:
            head = GAME_TEXT["decided" if entry["decided"] else "deciding"].format(head=head)
        d.add(Text(x0 + pad, y0 + line / 2 + 2, head, size=11, align="left", bold=mine))
        # the display (prices once revealed, or the viewer's own decision) and the tiles to place
        prices = entry.get("prices", {}) if (not pricing or mine) else {}
        discard = entry.get("discard") if mine else None
        tx = x0 + pad
        ty = y0 + line + 2
        for t in entry["display"]:
            d.extend(_shifted(render_tile(t, 0, size=tile_px).shapes, tx, ty))
            if t == discard:
                d.add(Line(((tx, ty), (tx + tile_px, ty + tile_px)), stroke=ILLEGAL_COLOUR, line_width=3,
                           layer="overlay"))
            elif t in prices:
                d.add(Text(tx + tile_px / 2, ty + tile_px + 8, GAME_TEXT["price"].format(gold=prices[t]), size=9))
            tx += tile_px + 6
        if entry["to_build"]:
            d.add(Text(tx + 4, ty + tile_px / 2, str(GAME_TEXT["to_build"]), size=9, align="left"))
            tx += 44
            for t in entry["to_build"]:
                d.extend(_shifted(render_tile(t, 0, size=tile_px).shapes, tx, ty))
                tx += tile_px + 6
        terr = render_territory(state.territories[q], cell=cell, max_width=panel_w - 2 * pad, max_height=terr_h,
                                coordinates=coordinates)
        d.extend(_shifted(terr.shapes, x0 + (panel_w - terr.width) / 2, y0 + line + tile_px + line))
    return d


# How the game's objects are drawn (drawing.Pictured asks picture_of): the model never imports this module.
picture_of.register(Territory, render_territory)
picture_of.register(GameState, render_game)

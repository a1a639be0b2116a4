"""Isle of Skye rendering: tiles and territories as drawings (pure, no widgets).

Expected pixel positions are computed by hand from the conventions in
render.py: a tile of size s at (x0, y0) is cut into four side triangles meeting
at the centre (x0 + s/2, y0 + s/2); a view puts cell (x, y) at
pad + (x - min_x) * cell, pad + (y - min_y) * cell.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from types import SimpleNamespace

from hypothesis import given, settings, strategies as st

from skye_widgets.drawing import Circle, Line, Polygon, Rect, Text
from skye_widgets.skye import render as R
from skye_widgets.skye.render import (AreaGroup, Preview, View, fit_view, render_territory,
                                      render_tile, render_tile_shapes, side_triangle)
from skye_widgets.skye.territory import Placement, Territory
from skye_widgets.skye.tiles import Terrain, catalogue, tile_from_dict

SVG = "{http://www.w3.org/2000/svg}"
P, W, M = (R.TERRAIN_FILL[t] for t in (Terrain.PASTURE, Terrain.WATER, Terrain.MOUNTAIN))

# A one-area lake: four water sides, nothing else.
LAKE = tile_from_dict({"id": "lake", "sides": "WWWW", "areas": [{"terrain": "W", "sides": "NESW"}]})
# Pasture all round with an enclosed mountain holding a broch, and two sheep in the pasture.
HILL = tile_from_dict({"id": "hill", "sides": "PPPP", "areas": [
    {"terrain": "P", "sides": "NESW", "icons": {"sheep": 2}},
    {"terrain": "M", "sides": "", "icons": {"broch": 1, "scroll": "per_farm"}}]})


def triangles(shapes, layer="tiles"):
    """Filled triangles by their point tuples."""
    return {s.points: s.fill for s in shapes
            if isinstance(s, Polygon) and len(s.points) == 3 and s.layer == layer}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # raises on malformed XML


# -- one tile -----------------------------------------------------------------

def test_castle_blue_terrain_triangles_and_centre_join():
    # castle-blue prints P W P M (N E S W); pasture joins N and S through the centre.
    shapes = render_tile_shapes("castle-blue", 0, 0, 0, 100)
    tri = triangles(shapes)
    # N triangle: TL (0,0), TR (100,0), centre (50,50); E: TR, BR, C; S: BR, BL, C; W: BL, TL, C.
    assert tri[((0, 0), (100, 0), (50.0, 50.0))] == P
    assert tri[((100, 0), (100, 100), (50.0, 50.0))] == W
    assert tri[((100, 100), (0, 100), (50.0, 50.0))] == P
    assert tri[((0, 100), (0, 0), (50.0, 50.0))] == M
    # the centre square (half-size 0.17 * 100 = 17) is pasture: the N-S join is visible
    squares = [s for s in shapes if isinstance(s, Polygon) and len(s.points) == 4]
    assert [s.fill for s in squares] == [P]
    assert squares[0].points[0] == (33.0, 33.0)


def test_rotation_turns_terrain_clockwise():
    # rotation 1: printed W (mountain) now faces N, printed N (pasture) faces E, water faces S.
    tri = triangles(render_tile_shapes("castle-blue", 1, 0, 0, 100))
    assert tri[side_triangle(0, 0, 0, 100)] == M
    assert tri[side_triangle(1, 0, 0, 100)] == P
    assert tri[side_triangle(2, 0, 0, 100)] == W
    assert tri[side_triangle(3, 0, 0, 100)] == P


def test_castle_roads_run_from_centre_to_exits_and_castle_is_marked():
    # castle-blue roads: one network N, S, W. Rotation 0, size 100: centre (50, 50) to the
    # midpoints N (50, 0), S (50, 100), W (0, 50); each drawn twice (edge colour, then fill).
    shapes = render_tile_shapes("castle-blue", 0, 0, 0, 100)
    ends = Counter(s.points[1] for s in shapes if isinstance(s, Line) and s.points[0] == (50.0, 50.0))
    assert ends == {(50.0, 0): 2, (50.0, 100): 2, (0, 50.0): 2}
    # clan colour tower and a thick border (max(3, 100 / 16) = 6.25)
    assert any(isinstance(s, Polygon) and s.fill == R.CLAN_COLOURS["blue"] for s in shapes)
    border = [s for s in shapes if isinstance(s, Rect) and s.stroke == R.TILE_EDGE]
    assert border[-1].line_width == 6.25


def test_enclosed_area_is_a_central_blob_with_its_icons():
    shapes = render_tile_shapes(HILL, 0, 0, 0, 100)
    blobs = [s for s in shapes if isinstance(s, Circle) and s.fill == M]
    assert [(b.cx, b.cy, b.r) for b in blobs] == [(50.0, 50.0, 20.0)]   # r = 0.2 * 100
    texts = [s.text for s in shapes if isinstance(s, Text)]
    assert "2" in texts          # two sheep: a count badge
    # the scroll "per farm" is a parchment showing a farm (no letters like "fa"), not "/2"
    assert not {"fa", "/2"} & set(texts)
    assert any(isinstance(s, Polygon) and s.fill == R.ICON_STYLE["farm"][0] for s in shapes)
    assert sum(isinstance(s, Circle) and s.fill == R.ICON_STYLE["scroll"][0] for s in shapes) == 2  # rolled ends
    # the pasture reaches all four sides, so it also passes through the centre (under the blob)
    assert R.centre_area(HILL) == 0


def test_lake_has_no_dividing_lines_castle_has_four():
    lake_lines = [s for s in render_tile_shapes(LAKE, 0, 0, 0, 60) if isinstance(s, Line)
                  and s.stroke == R.AREA_EDGE]
    assert lake_lines == []
    # castle-blue: every neighbouring pair of sides differs (P|W, W|P, P|M, M|P) -> 4 lines
    castle_lines = [s for s in render_tile_shapes("castle-blue", 0, 0, 0, 60) if isinstance(s, Line)
                    and s.stroke == R.AREA_EDGE]
    assert len(castle_lines) == 4


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(catalogue())), st.integers(0, 3))
def test_every_side_triangle_shows_the_terrain_facing_that_way(tile_id, rotation):
    t = catalogue()[tile_id]
    tri = triangles(render_tile_shapes(t, rotation, 10, 20, 80))
    faces = t.rotated_sides(rotation)
    for d in range(4):
        assert tri[side_triangle(d, 10, 20, 80)] == R.TERRAIN_FILL[faces[d]]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(catalogue())), st.integers(0, 3))
def test_every_icon_of_a_tile_gets_a_glyph(tile_id, rotation):
    t = catalogue()[tile_id]
    expected = sum(len(R.icon_glyphs(a)) for a in t.areas)
    placed = sum(len(R.icon_positions(t, i, rotation, 0, 0, 90, len(R.icon_glyphs(a))))
                 for i, a in enumerate(t.areas) if R.icon_glyphs(a))
    assert placed == expected
    # every glyph position lies inside the tile
    for i, a in enumerate(t.areas):
        for x, y in R.icon_positions(t, i, rotation, 0, 0, 90, len(R.icon_glyphs(a))):
            assert 0 < x < 90 and 0 < y < 90


def test_render_tile_is_well_formed_svg_with_layers():
    d = render_tile("12", 3, size=80, selected=True)
    root = parse(d.to_svg())
    assert [g.get("class") for g in root.iter(SVG + "g")] == ["background", "tiles", "overlay"]
    assert root.get("width") == "80"
    assert "12" in [t.text for t in root.iter(SVG + "text")]


# -- views --------------------------------------------------------------------

def test_view_maps_cells_to_pixels_and_back():
    v = View(min_x=-2, min_y=-1, cols=5, rows=3, cell=50, pad=8)
    assert (v.width, v.height) == (5 * 50 + 16, 3 * 50 + 16)
    assert v.to_px(0, 0) == (8 + 2 * 50, 8 + 1 * 50)
    assert v.cell_at(8 + 2 * 50 + 49, 8 + 50) == (0, 0)
    assert v.cell_at(7, 30) is None and v.cell_at(8 + 5 * 50, 30) is None


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(-20, 20), st.integers(-20, 20)), min_size=1, max_size=30),
       st.integers(0, 1000), st.integers(0, 1000))
def test_fit_view_cell_at_inverts_to_px(cells, fx, fy):
    v = fit_view(cells)
    for x, y in cells:
        px, py = v.to_px(x, y)
        assert v.cell_at(px + fx * (v.cell - 1) // 1000, py + fy * (v.cell - 1) // 1000) == (x, y)


def test_fit_view_keeps_thirty_tile_territories_readable():
    # a 6 x 6 block (36 tiles) plus a margin: 8 x 8 cells; (560 - 16) // 8 = 68 > 64 -> 64 px
    assert fit_view([(x, y) for x in range(6) for y in range(6)]).cell == 64
    # a 10 x 8 block (80 cells): 12 x 10 with margin; min(704 // 12 = 58, 544 // 10 = 54) = 54
    v = fit_view([(x, y) for x in range(10) for y in range(8)])
    assert v.cell == 54 and v.width <= 720 and v.height <= 560


# -- territories and overlays ------------------------------------------------

def small_territory() -> Territory:
    """castle-blue at (0, 0), the lake east of it at (1, 0) (castle's E side is water)."""
    t = Territory("castle-blue")
    t.place(LAKE, 1, 0, 0)
    return t


def test_territory_svg_is_well_formed_and_shows_every_tile():
    t = small_territory()
    d = render_territory(t, coordinates=False)
    root = parse(d.to_svg())
    assert {g.get("class") for g in root.iter(SVG + "g")} == {"background", "tiles"}
    # view: x -1..2, y -1..1 -> 4 x 3 cells of 64 px + 2 * 8 pad
    assert (d.width, d.height) == (4 * 64 + 16, 3 * 64 + 16)
    # the lake at (1, 0) sits at pixel (8 + 2 * 64, 8 + 64) = (136, 72): its N triangle is water
    assert triangles(d.shapes)[side_triangle(0, 136, 72, 64)] == W
    # a territory shown by itself carries the coordinates (the default): 18 px more each way
    shown = render_territory(t)
    assert t._repr_svg_() == shown.to_svg() and (shown.width, shown.height) == (d.width + 18, d.height + 18)
    assert "<desc id=" in shown.to_svg()      # the object's SVG also carries its description


def test_territory_from_a_duck_typed_object():
    fake = SimpleNamespace(placements={(0, 0): Placement("castle-red", 0, 0, 2)})
    d = render_territory(fake, coordinates=False)
    # castle-red rotation 2: printed W (mountain) faces E, drawn at (8 + 64, 8 + 64)
    assert triangles(d.shapes)[side_triangle(1, 72, 72, 64)] == M


def test_legal_spots_overlay_marks_exactly_the_given_cells_once():
    t = small_territory()
    # rotations repeat a cell: it is drawn once; cells (2, 0) and (0, 1)
    d = render_territory(t, coordinates=False, legal=[(2, 0), (2, 0), (0, 1)])
    fills = [s for s in d.on_layer("overlay") if isinstance(s, Rect) and s.fill == R.LEGAL_COLOUR]
    # (2, 0) -> (8 + 3 * 64, 8 + 64) = (200, 72), inset 3; (0, 1) -> (72, 136) inset 3
    assert sorted((s.x, s.y) for s in fills) == [(75, 139), (203, 75)]


def test_legal_spot_outside_the_territory_bounds_widens_the_view():
    t = Territory("castle-blue")
    d = render_territory(t, coordinates=False, legal=[(3, 0)])
    # cells x -1..4 (3 + margin), y -1..1: 6 x 3
    assert (d.width, d.height) == (6 * 64 + 16, 3 * 64 + 16)


def test_component_overlay_tints_the_group_and_ticks_completed_parts():
    t = small_territory()
    water = AreaGroup(frozenset({((0, 0), 1), ((1, 0), 0)}), completed=True)   # castle E + lake
    pasture = AreaGroup(frozenset({((0, 0), 0)}), completed=False)
    d = render_territory(t, coordinates=False, components=[water, pasture])
    tri = triangles(d.shapes, layer="overlay")
    c0, c1 = R.GROUP_COLOURS[0], R.GROUP_COLOURS[1]
    # castle at (72, 72): its E triangle is in the water group
    assert tri[side_triangle(1, 72, 72, 64)] == c0
    # lake at (136, 72): all four triangles
    assert all(tri[side_triangle(dd, 136, 72, 64)] == c0 for dd in range(4))
    # castle N and S triangles are the pasture group
    assert tri[side_triangle(0, 72, 72, 64)] == c1 and tri[side_triangle(2, 72, 72, 64)] == c1
    # castle W (mountain) is in no group
    assert side_triangle(3, 72, 72, 64) not in tri
    ticks = [s for s in d.on_layer("overlay") if isinstance(s, Text) and s.text == "✓"]
    assert len(ticks) == 2   # one per part of the completed water group, none for the pasture


def test_castle_road_overlay_draws_the_given_networks():
    t = small_territory()
    d = render_territory(t, coordinates=False, castle_roads=[((0, 0), 0)])
    orange = [s for s in d.on_layer("overlay") if isinstance(s, Line) and s.stroke == R.CASTLE_ROAD_COLOUR]
    # castle centre (104, 104) to N (104, 72), S (104, 136), W (72, 104)
    assert sorted(s.points[1] for s in orange) == [(72, 104.0), (104.0, 72), (104.0, 136)]


def test_breakdown_overlay_outlines_cells_and_labels_points():
    t = small_territory()
    item_a = SimpleNamespace(points=3, reason="completed water area", cells=((0, 0), (1, 0)))
    item_b = SimpleNamespace(points=-1, reason="penalty", cells=((1, 0),))
    no_cells = SimpleNamespace(points=5, reason="gold", cells=())
    d = render_territory(t, coordinates=False, breakdown=SimpleNamespace(points=7, breakdown=(item_a, item_b, no_cells)))
    outlines = [s for s in d.on_layer("overlay") if isinstance(s, Rect) and s.fill is None]
    # item 0: inset 2 at (72, 72) and (136, 72); item 1: inset 5 at (136, 72)
    assert sorted((s.x, s.y, s.stroke) for s in outlines) == sorted([
        (74, 74, R.GROUP_COLOURS[0]), (138, 74, R.GROUP_COLOURS[0]), (141, 77, R.GROUP_COLOURS[1])])
    labels = [s.text for s in d.on_layer("overlay") if isinstance(s, Text)]
    assert labels == ["+3", "-1"]


def test_preview_is_green_when_legal_and_crossed_red_when_not():
    t = small_territory()
    ok = render_territory(t, coordinates=False, preview=Preview("castle-red", 0, 1, 0, legal=True))
    bad = render_territory(t, coordinates=False, preview=Preview("castle-red", 0, 1, 0, legal=False))
    frame = lambda d: [s.stroke for s in d.on_layer("overlay") if isinstance(s, Rect) and s.line_width == 3]
    assert frame(ok) == [R.LEGAL_COLOUR] and frame(bad) == [R.ILLEGAL_COLOUR]
    cross = [s for s in bad.on_layer("overlay") if isinstance(s, Line) and s.stroke == R.ILLEGAL_COLOUR]
    assert len(cross) == 2
    # the preview tile itself is on the overlay layer, translucent, at (72, 136)
    tri = triangles(ok.shapes, layer="overlay")
    assert tri[side_triangle(0, 72, 136, 64)] == P


def test_forty_tile_territory_renders_within_bounds():
    import random
    rng = random.Random(4)
    t = Territory("castle-green")
    ids = [str(n) for n in range(1, 74)]
    rng.shuffle(ids)
    for tid in ids:
        lp = t.legal_placements(tid)
        if lp:
            t.place(tid, *rng.choice(lp))
        if len(t) == 40:
            break
    assert len(t) == 40
    d = render_territory(t)
    parse(d.to_svg())
    tiles_drawn = [s for s in d.on_layer("tiles") if isinstance(s, Rect) and s.stroke == R.TILE_EDGE]
    assert len(tiles_drawn) == 40
    for r in tiles_drawn:   # every tile lies inside the picture
        assert 0 <= r.x and r.x + r.w <= d.width and 0 <= r.y and r.y + r.h <= d.height


def test_render_game_shows_what_the_viewer_may_see():
    from skye_widgets.skye import Game, SetPrices, render_game
    g = Game.new(["Ann", "Bob"], seed=4, scoring=[3, 13, 2, 7])
    d0 = g.displays[0]
    g.apply(SetPrices(0, d0[0], ((d0[1], 3), (d0[2], 1))))          # Ann: 5 - 4 = 1 gold, secret
    ann = render_game(g, viewer=0).to_svg()
    bob = render_game(g, viewer=1).to_svg()
    onlooker = render_game(g).to_svg()
    assert "Ann: 0 VP, 1 gold (has decided (secret))" in ann and "3 gold" in ann
    assert "Bob: 0 VP, gold behind the screen" in ann
    assert "Ann: 0 VP, gold behind the screen (has decided (secret))" in bob
    assert "Bob: 0 VP, 5 gold (has not decided yet)" in bob
    assert "3 gold" not in bob and "3 gold" not in onlooker          # Ann's prices stay secret
    assert "A: 3 (" in ann and "scored in rounds 1, 3, 5" in ann      # slot A on the 2-4 player track
    # the teacher's open hand shows the gold the table knows (Ann's before her secret decision)
    assert "Ann: 0 VP, 5 gold" in render_game(g, viewer=1, open_hand=True).to_svg()
    assert g._repr_svg_() == onlooker

"""Isle of Skye boards read against the text (issue 14): coordinates on the edge, tile
numbers, an areas overlay that keeps the terrain with a key, scrolls a newcomer can read,
score badges off the icons, big side-by-side cells, a stable layout, and a plain
sentence when the selected tile fits nowhere.

Pixels are worked out by hand: a castle alone shows cells -1..1 both ways, 64 px each,
after a pad of 8 px and (with coordinates) a gutter of 18 px, so cell (x, y) starts at
(26 + 64 (x + 1), 26 + 64 (y + 1)).
"""

from __future__ import annotations

import io

from PIL import Image

from skye_widgets.drawing import Circle, Line, Rect, Text
from skye_widgets.skye import render as R
from skye_widgets.skye.game import GameState
from skye_widgets.skye.render import AreaGroup, render_game, render_territory
from skye_widgets.skye.territory import Territory
from skye_widgets.skye.tiles import tile_from_dict
from skye_widgets.widgets.skye import BOARD_TEXT, HAND_ROW_HEIGHT, TerritoryWidget

# castle-blue prints P W P M (N E S W)
MEADOWS = [tile_from_dict({"id": f"m{i}", "sides": "PPPP", "areas": [{"terrain": "P", "sides": "NESW"}]})
           for i in range(8)]
# water north, pasture elsewhere; turned once (r = 3) the water faces west, towards the castle's water
SHORE = tile_from_dict({"id": "shore", "sides": "WPPP", "areas": [
    {"terrain": "W", "sides": "N"}, {"terrain": "P", "sides": "ESW"}]})
# mountain north, pasture elsewhere; turned once (r = 1) the mountain faces east, towards the castle's
HILLSIDE = tile_from_dict({"id": "hillside", "sides": "MPPP", "areas": [
    {"terrain": "M", "sides": "N"}, {"terrain": "P", "sides": "ESW"}]})
ROCK = tile_from_dict({"id": "rock", "sides": "MMMM", "areas": [{"terrain": "M", "sides": "NESW"}]})
CORNER = tile_from_dict({"id": "corner", "sides": "MMWW", "areas": [
    {"terrain": "M", "sides": "NE"}, {"terrain": "W", "sides": "SW"}]})
CUSTOM = {t.id: t for t in (*MEADOWS, SHORE, HILLSIDE, ROCK)}


def texts(shapes, layer=None):
    return [(s.text, s.x, s.y) for s in shapes if isinstance(s, Text) and (layer is None or s.layer == layer)]


# -- 1. coordinates --------------------------------------------------------------

def test_coordinates_label_columns_on_top_and_rows_on_the_left():
    d = render_territory(Territory("castle-blue"), coordinates=True)
    assert (d.width, d.height) == (3 * 64 + 16 + 18, 3 * 64 + 16 + 18)
    labels = texts(d.shapes, "background")
    # the gutter's middle is 8 + 18 - 9 + 1 = 18; cell centres at 26 + 32 = 58, 122, 186
    assert [t for t in labels if t[2] == 18 and t[0] not in "xy"] == [("-1", 58, 18), ("0", 122, 18), ("1", 186, 18)]
    assert [t for t in labels if t[1] == 18 and t[0] not in "xy"] == [("-1", 18, 58), ("0", 18, 122), ("1", 18, 186)]
    assert {t[0] for t in labels} >= {"x", "y"}           # the corner says which axis is which
    # the castle (0, 0) moved with the gutter: its border starts at (90, 90)
    assert any(isinstance(s, Rect) and (s.x, s.y, s.w) == (90, 90, 64) and s.stroke == R.TILE_EDGE
               for s in d.shapes)
    plain = render_territory(Territory("castle-blue"), coordinates=False)
    assert (plain.width, plain.height) == (208, 208) and not texts(plain.shapes, "background")


def test_widget_coordinates_toggle_and_clicks_follow_the_gutter():
    t = Territory("castle-blue", tiles=CUSTOM)
    w = TerritoryWidget(t, ["m0"])
    assert w.overlay_boxes["coordinates"].value is True            # on by default in lessons and puzzles
    assert w.cell_at(26 + 64 + 5, 26 + 128 + 5) == (0, 1)
    assert w.cell_at(20, 20) is None                                # the gutter is no cell
    w._on_mouse_down(26 + 64 + 5, 26 + 128 + 5)
    assert (0, 1) in w.territory
    assert ("0", 122, 18) in texts(w.drawing().shapes)
    w.set_overlay("coordinates", False)
    assert int(w.canvas.width) == w.drawing().width == 3 * 64 + 16
    assert not [s for s in w.drawing().on_layer("background") if isinstance(s, Text)]


# -- 2. tile numbers -------------------------------------------------------------

def test_tile_numbers_toggle_and_hover_line_name_the_tile():
    t = Territory("castle-blue", tiles=CUSTOM)
    t.place("m0", 0, 1, 0)
    w = TerritoryWidget(t, coordinates=False)
    assert not [s for s in w.drawing().on_layer("overlay") if isinstance(s, Text)]
    w.set_overlay("tile_numbers")
    # cell (0, 1) starts at (72, 136); badge radius max(6.5, 64 * 0.11) = 7.04, centre 8.04 in
    badge = [(s.text, round(s.x, 2), round(s.y, 2)) for s in w.drawing().on_layer("overlay") if isinstance(s, Text)]
    assert badge == [("m0", 80.04, 144.04)]                        # the castle gets none
    w.hover_cell(0, 1)
    assert w.hover_line.value == "Tile m0 at (0, 1): pasture."
    w.hover_cell(0, 0)
    assert w.hover_line.value == "Your castle at (0, 0): pasture; water; mountain; a road."
    w.hover_cell(1, 1)
    assert w.hover_line.value == "Cell (1, 1) is empty."


def test_hover_line_of_a_catalogue_tile_says_its_number_and_icons():
    t = Territory("castle-blue")
    x, y, r = t.legal_placements("44")[0]
    t.place("44", x, y, r)
    w = TerritoryWidget(t)
    w.hover_cell(x, y)
    # tile 44 prints a lighthouse and a scroll "1 VP per 2 ships" in its water
    assert w.hover_line.value.startswith(f"Tile 44 at ({x}, {y}): water with a lighthouse and a scroll "
                                         "(1 VP for every 2 ships)")


# -- 3. areas overlay: terrain stays, outlines, key -----------------------------

def test_areas_overlay_outlines_each_area_dashed_when_open_solid_when_completed():
    t = Territory("castle-blue", tiles=CUSTOM)
    t.place("m0", 0, 1, 0)
    placements = R.placed_tiles(t)
    view = R.fit_view(t.placements)
    # the castle's N pasture (area 0 of castle-blue) with the meadow below: call it open;
    # the castle's water (area 1): completed, for the picture
    groups = [AreaGroup(frozenset({((0, 0), 0), ((0, 1), 0)}), completed=False),
              AreaGroup(frozenset({((0, 0), 1)}), completed=True)]
    shapes = R.component_overlay(placements, view, groups)
    tints = [s for s in shapes if isinstance(s, type(shapes[0])) and getattr(s, "fill", None) and s.opacity < 1]
    assert tints and all(s.opacity <= 0.2 for s in tints)           # light: the terrain colour shows
    lines = [s for s in shapes if isinstance(s, Line)]
    open_lines = [s for s in lines if s.stroke == R.GROUP_COLOURS[0]]
    done_lines = [s for s in lines if s.stroke == R.GROUP_COLOURS[1]]
    assert open_lines and all(s.dash for s in open_lines)
    assert done_lines and not any(s.dash for s in done_lines)
    # the water triangle of the castle at (72, 72): corners TR (136, 72), BR (136, 136), centre (104, 104):
    # its boundary is its three edges
    assert sorted(tuple(sorted(s.points)) for s in done_lines) == sorted([
        ((104.0, 104.0), (136, 72)), ((104.0, 104.0), (136, 136)), ((136, 72), (136, 136))])
    # the shared edge between the castle's S triangle and the meadow's N triangle (y = 136) is no boundary
    assert not [s for s in open_lines if s.points[0][1] == 136 and s.points[1][1] == 136]
    ticks = [s for s in shapes if isinstance(s, Text) and s.text == "✓"]
    assert len(ticks) == 1


def test_widget_key_explains_the_overlay_and_the_icons_shown():
    t = Territory("castle-blue")
    x, y, r = t.legal_placements("44")[0]
    t.place("44", x, y, r)
    w = TerritoryWidget(t)
    assert w.key_entries() == ["lighthouse", "scrolls", "scroll:per_2_ships"]
    assert "1 VP for every 2 ships" in w.key_html.value and "<details>" in w.key_html.value
    w.set_overlay("areas")
    assert w.key_entries()[:4] == ["terrain", "colours", "open", "completed"]
    assert "<details open>" in w.key_html.value and "completed area" in w.key_html.value
    # a static picture with the overlay carries the same key under it
    d = render_territory(t, components=R.area_groups(t))
    key = [s.text for s in d.on_layer("background") if isinstance(s, Text)]
    assert R.legend_text("open") in key and R.legend_text("scroll:per_2_ships") in key


# -- 4. scrolls and score badges ----------------------------------------------------

def test_scroll_is_a_parchment_with_what_it_counts_and_pairs_say_per_two():
    per_two = R._glyph("scroll", 1, 50, 50, 10, "tiles", 1.0, "per_2_sheep")
    per_one = R._glyph("scroll", 1, 50, 50, 10, "tiles", 1.0, "per_cattle")
    assert [s.text for s in per_two if isinstance(s, Text)] == ["/2"]
    assert not [s for s in per_one if isinstance(s, Text)]
    assert any(isinstance(s, Circle) and s.fill == R.ICON_STYLE["sheep"][0] for s in per_two)     # a sheep
    assert any(isinstance(s, Rect) and s.fill == R.ICON_STYLE["cattle"][0] for s in per_one)      # a cow


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


def test_score_badges_do_not_cover_icons():
    from types import SimpleNamespace
    t = Territory("castle-blue")
    placed = []
    for tid in ("44", "34", "17", "13", "5", "24"):
        spots = t.legal_placements(tid)
        if spots:
            t.place(tid, *spots[0])
            placed.append((spots[0][0], spots[0][1]))
    items = [SimpleNamespace(points=k + 1, reason="x", cells=(c,)) for k, c in enumerate(placed)]
    items.append(SimpleNamespace(points=9, reason="y", cells=tuple(placed)))
    d = render_territory(t, breakdown=SimpleNamespace(points=0, breakdown=items))
    view = R.fit_view(t.placements, gutter=R.COORD_GUTTER)
    s = view.cell
    g = s * 0.11
    icons = []
    for (x, y), (tl, rot) in R.placed_tiles(t).items():
        px, py = view.to_px(x, y)
        for i, a in enumerate(tl.areas):
            n = len(R.icon_glyphs(a))
            if n:
                icons += [(ix - g, iy - g, ix + g, iy + g) for ix, iy in R.icon_positions(tl, i, rot, px, py, s, n)]
    assert icons
    badges = [(b.x, b.y, b.x + b.w, b.y + b.h) for b in d.on_layer("overlay")
              if isinstance(b, Rect) and b.fill == "#FFFFFF"]
    assert len(badges) == len(items)
    assert len(set(badges)) == len(badges)                       # no two badges on one spot
    area = (2 * g) ** 2
    worst = max(_overlap(b, i) for b in badges for i in icons)
    assert worst <= 0.05 * area, worst                           # at most a sliver of an icon's box


# -- 5. side-by-side territories ------------------------------------------------------

def test_game_table_picture_draws_territories_with_cells_of_at_least_60_px():
    d = render_game(GameState.new(3, seed=2), viewer=0)
    castles = [s for s in d.shapes if isinstance(s, Rect) and s.stroke == R.TILE_EDGE and s.line_width > 3]
    assert len(castles) == 3 and all(s.w >= 60 for s in castles)


# -- 6. layout stays put --------------------------------------------------------------

def test_cells_keep_their_size_while_the_board_grows_and_shrink_only_past_the_bound():
    t = Territory("castle-blue", tiles=CUSTOM)
    w = TerritoryWidget(t, [m.id for m in MEADOWS[:5]], max_height=520)
    heights = [int(w.canvas.height)]
    cells = [w.view().cell]
    for k, m in enumerate(MEADOWS[:5]):
        w.select_tile(m.id)
        w.click_cell(0, -(k + 1))                                 # a column of meadows northwards
        assert (0, -(k + 1)) in w.territory
        heights.append(int(w.canvas.height))
        cells.append(w.view().cell)
    # rows: castle + k meadows + 2 margin; (520 - 16 - 18) // rows: 7 rows fit at 64 px, 8 do not
    assert cells == [64, 64, 64, 64, 64, 60]
    assert heights[:5] == [3 * 64 + 34, 4 * 64 + 34, 5 * 64 + 34, 6 * 64 + 34, 7 * 64 + 34]
    assert heights[5] == 8 * 60 + 34


def test_placing_the_last_tile_keeps_the_hand_row():
    t = Territory("castle-blue", tiles=CUSTOM)
    w = TerritoryWidget(t, ["m0"])
    assert w.hand_box.layout.min_height == HAND_ROW_HEIGHT
    w.click_cell(0, 1)
    assert w.hand == [] and w.hand_box.layout.min_height == HAND_ROW_HEIGHT
    (empty,) = w.hand_box.children
    assert str(BOARD_TEXT["hand_empty"]) in empty.value
    # a board shown without a hand has no empty row to keep
    assert TerritoryWidget(Territory("castle-blue")).hand_box.layout.min_height is None


def test_a_click_is_one_canvas_message(sent):
    t = Territory("castle-blue", tiles=CUSTOM)
    w = TerritoryWidget(t, ["m0", "m1"], tile_numbers=True)
    sent.clear()
    w.click_cell(0, 1)
    assert len(sent) == 1


# -- 7. a tile that fits nowhere ------------------------------------------------------

def surrounded() -> Territory:
    """The castle closed in by tiles whose outer sides are all pasture."""
    t = Territory("castle-blue", tiles=CUSTOM)
    t.place("m0", 0, -1, 0)
    t.place("m1", 0, 1, 0)
    t.place("shore", 1, 0, 3)
    t.place("hillside", -1, 0, 1)
    return t


def test_a_tile_that_fits_nowhere_is_said_in_plain_words_not_click_a_green_spot():
    t = surrounded()
    assert t.legal_placements("rock") == []
    w = TerritoryWidget(t, ["rock"])
    want = ("Tile rock fits nowhere yet: no empty cell next to your territory matches the terrain on its "
            "sides in any rotation.")
    assert w.message == want
    w.rotate()
    assert w.message == want
    w.select_tile("rock")
    assert w.message == want
    assert "green" not in w.message


def test_a_rotation_without_a_spot_says_to_turn_the_tile():
    # sides M M W W (N E S W). No pasture, so never north or south of the castle; at (1, 0) water
    # must face west: printed S turned once (r = 1) or printed W unturned (r = 0); at (-1, 0)
    # mountain must face east: printed N turned once (r = 1) or printed E unturned (r = 0).
    t = Territory("castle-blue", tiles={**CUSTOM, "corner": CORNER})
    w = TerritoryWidget(t, ["corner"])
    w.rotate()
    assert w.message == "Rotation 1: 2 legal spots for tile corner."
    w.rotate()
    assert w.message == ("Rotation 2: tile corner fits nowhere this way round; turn it (r) to one of the "
                         "rotations that fit.")
    w.rotate(2)
    assert w.message == "Rotation 0: 2 legal spots for tile corner."


# -- 8. the PNG is the same drawing ---------------------------------------------------

def test_png_shows_the_coordinates_and_the_key():
    t = Territory("castle-blue")
    d = render_territory(t, coordinates=True, components=R.area_groups(t))
    img = Image.open(io.BytesIO(d.to_png())).convert("RGB")
    assert img.size == (d.width, d.height)
    # ink in the top gutter around the label "0" at (122, 18), none at the plain background (122, 4)
    dark = [img.getpixel((x, y)) for x in range(116, 129) for y in range(12, 25)]
    assert any(sum(p) < 3 * 128 for p in dark)
    assert sum(img.getpixel((122, 3))) > 3 * 200
    # the key under the board: ink on its first line
    y0 = int(R.fit_view(t.placements, gutter=R.COORD_GUTTER).height) + 4
    line = [img.getpixel((x, y)) for x in range(30, 200) for y in range(y0 + 3, y0 + 14)]
    assert any(sum(p) < 3 * 128 for p in line)

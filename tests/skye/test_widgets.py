"""Isle of Skye widgets, headless: every handler driven through the Python-level API.

Territories here use small hand-built tiles so the legal spots can be worked
out by hand. castle-blue prints P W P M (N E S W), so a new tile must show
pasture southwards at (0, -1), water westwards at (1, 0), pasture northwards
at (0, 1) and mountain eastwards at (-1, 0). A printed side i faces (i + r) % 4
after rotation r.
"""

from __future__ import annotations

import asyncio

import pytest

from skye_widgets.drawing import Line, Rect, Text
from skye_widgets.skye import render as R
from skye_widgets.skye.game import Buy, GameConfig, GameState, Pass, Place, SetPrices
from skye_widgets.skye.territory import Territory
from skye_widgets.skye.tiles import tile_from_dict
from skye_widgets.errors import BadConfigError
from skye_widgets.widgets.skye import GameTable, TerritoryWidget, make_seat

# all pasture, one area, no road: fits N and S of the castle in every rotation, never E or W
MEADOW = tile_from_dict({"id": "meadow", "sides": "PPPP", "areas": [{"terrain": "P", "sides": "NESW"}]})
# water on its N side, pasture on E, S, W
SHORE = tile_from_dict({"id": "shore", "sides": "WPPP", "areas": [
    {"terrain": "W", "sides": "N"}, {"terrain": "P", "sides": "ESW"}]})
# pasture with a road N-S
LANE = tile_from_dict({"id": "lane", "sides": "PPPP", "areas": [{"terrain": "P", "sides": "NESW"}],
                       "roads": ["NS"]})


def widget(*hand, **kw) -> TerritoryWidget:
    """A board without the coordinate gutter (its pixels are worked out by hand below;
    tests of the coordinates turn them on)."""
    t = Territory("castle-blue", tiles={x.id: x for x in (MEADOW, SHORE, LANE)})
    kw.setdefault("coordinates", False)
    return TerritoryWidget(t, [h.id for h in hand], **kw)


def overlay_rects(w, colour):
    return sorted((s.x, s.y) for s in w.drawing().on_layer("overlay")
                  if isinstance(s, Rect) and s.fill == colour)


# -- TerritoryWidget ------------------------------------------------------------

def test_legal_spots_per_rotation_hand_computed():
    w = widget(SHORE)
    # SHORE's water (printed N) must face W at (1, 0): (0 + r) % 4 == 3 -> r = 3.
    # At (0, -1) the side facing S must be pasture: printed (2 - r) % 4 != 0 -> r != 2.
    # At (0, 1) the side facing N must be pasture: printed (0 - r) % 4 != 0 -> r != 0.
    expected = {0: [(0, -1)], 1: [(0, -1), (0, 1)], 2: [(0, 1)], 3: [(0, -1), (0, 1), (1, 0)]}
    for r in range(4):
        assert w.rotation == r
        assert w.legal_cells() == expected[r]
        w.rotate()
    assert w.rotation == 0
    assert w.legal_cells(any_rotation=True) == [(0, -1), (0, 1), (1, 0)]


def test_legal_overlay_draws_the_spots_of_the_current_rotation():
    w = widget(SHORE)
    w.rotate(3)
    # view of the castle alone: cells -1..1, 64 px, pad 8; legal fill rects are inset 3 px.
    # (0, -1) -> (72, 8); (0, 1) -> (72, 136); (1, 0) -> (136, 72)
    assert overlay_rects(w, R.LEGAL_COLOUR) == [(75, 11), (75, 139), (139, 75)]
    w.set_overlay("legal", False)
    assert overlay_rects(w, R.LEGAL_COLOUR) == []
    assert w.overlay_boxes["legal"].value is False


def test_rotate_by_button_and_keys():
    w = widget(SHORE)
    w.rotate_button.click()
    assert w.rotation == 1
    w.key("r")
    assert w.rotation == 2
    w.key("e")
    w.rotate_back_button.click()
    assert w.rotation == 0
    assert "Rotation 0" in w.message


def test_illegal_click_explains_and_changes_nothing():
    w = widget(MEADOW)
    before = dict(w.territory.placements)
    w.click_cell(1, 0)   # meadow shows pasture westwards, the castle's E side is water
    assert w.territory.placements == before
    assert w.hand == ["meadow"] and w.selected == "meadow"
    assert "cannot go at (1, 0)" in w.message and "water" in w.message
    assert "skye-error" in w.status.value
    w.click_cell(5, 5)
    assert "share no side" in w.message
    w.click_cell(0, 0)   # the castle's own cell
    assert w.territory.placements == before


def test_legal_click_places_and_moves_the_selection(sent):
    w = widget(MEADOW, SHORE)
    seen = []
    w.on_placed(lambda *args: seen.append(args))
    sent.clear()
    n = w.redraw_count
    w.click_cell(0, 1)
    assert w.territory.placements[(0, 1)].tile == "meadow"
    assert w.hand == ["shore"] and w.selected == "shore" and w.rotation == 0
    assert w.message == "Placed tile meadow at (0, 1), rotation 0."
    assert seen == [("meadow", 0, 1, 0)]
    assert w.redraw_count == n + 1 and len(sent) == 1     # one batched canvas message


def test_click_without_a_tile_and_unknown_selection():
    w = widget()
    w.click_cell(0, 1)
    assert "Pick a tile" in w.message and len(w.territory) == 1
    w.select_tile("99")
    assert "not in your hand" in w.message and w.selected is None
    w.rotate()
    assert w.rotation == 0 and "Pick a tile" in w.message


def test_number_keys_pick_hand_tiles():
    w = widget(MEADOW, SHORE, LANE)
    w.key("3")
    assert w.selected == "lane"
    w.key("9")   # no ninth tile: ignored
    assert w.selected == "lane"
    w.hand_box.children[1].children[1].click()   # the second card's button
    assert w.selected == "shore"


def test_hover_preview_green_when_legal_red_when_not():
    w = widget(SHORE)
    w.rotate(3)
    w.hover_cell(1, 0)
    frames = [s.stroke for s in w.drawing().on_layer("overlay") if isinstance(s, Rect) and s.line_width == 3]
    assert frames == [R.LEGAL_COLOUR]
    w.rotate(1)   # rotation 0: water faces N, (1, 0) needs water facing W
    frames = [s.stroke for s in w.drawing().on_layer("overlay") if isinstance(s, Rect) and s.line_width == 3]
    assert frames == [R.ILLEGAL_COLOUR]
    w.hover_cell(0, 0)     # over the castle: no preview
    assert not [s for s in w.drawing().on_layer("overlay") if isinstance(s, Rect) and s.line_width == 3]
    w.hover_cell(None)     # pointer left the canvas
    assert w.hover is None


def test_mouse_pixels_map_to_cells():
    w = widget(MEADOW)
    # castle alone: cell (0, 1) spans x 72..135, y 136..199
    w._on_mouse_move(100, 150)
    assert w.hover == (0, 1)
    w._on_mouse_down(100, 150)
    assert (0, 1) in w.territory
    n = len(w.territory)
    w._on_mouse_down(2, 2)   # the padding: no cell, nothing happens
    assert len(w.territory) == n


def test_areas_and_roads_overlays():
    w = widget(LANE)
    w.click_cell(0, 1)   # lane at (0, 1): its N road meets the castle's S road
    w.set_overlay("areas")
    d = w.drawing()
    tints = {s.fill for s in d.on_layer("overlay") if s.opacity == 0.15}
    # castle pasture + lane pasture form one group; castle water and mountain two more: 3 colours
    assert tints == set(R.GROUP_COLOURS[:3])
    # the tint is light (the terrain shows through) and each area is outlined in its colour
    outlines = {s.stroke for s in d.on_layer("overlay") if isinstance(s, Line)}
    assert outlines == set(R.GROUP_COLOURS[:3])
    w.set_overlay("roads")
    orange = [s for s in w.drawing().on_layer("overlay")
              if isinstance(s, Line) and s.stroke == R.CASTLE_ROAD_COLOUR]
    # castle: 3 exits (N, S, W); lane: 2 exits (N, S)
    assert len(orange) == 5
    with pytest.raises(KeyError):
        w.set_overlay("fog")


def test_breakdown_overlay_and_text():
    w = widget(LANE)
    w.click_cell(0, 1)
    w.show_breakdown(13)   # "tiles on the road": 1 VP per tile connected to the castle (castle not counted)
    assert "1 VP" in w.details.value and "lane" in w.details.value
    assert "Scoring tile 13 (Tiles on the road): 1 VP" in w.details.value        # number and name
    assert ("13 (Tiles on the road)", 13) in w.breakdown_menu.options
    # the menu's label names it (a screen reader's name for the <select>; axe select-name)
    assert w.breakdown_menu.description == "scoring overlay:" and w.breakdown_menu.options[0] == ("none", 0)
    labels = [s.text for s in w.drawing().on_layer("overlay") if isinstance(s, Text)]
    assert labels == ["+1"]
    w.show_breakdown(None)
    assert w.details.value == "" and w.breakdown_menu.value == 0


def test_static_svg_in_the_bundle():
    w = widget(MEADOW)
    w.click_cell(0, 1)
    svg = w._repr_mimebundle_()["image/svg+xml"]
    d = w.drawing()
    d.description = w.describe()            # the static picture carries the board's words
    assert svg == d.to_svg() and "territory of 2 tiles" in svg
    assert "<desc id=" in svg and "the blue castle and 1 other tile, 2 tiles in all" in svg


def test_custom_place_hook_errors_are_shown():
    from skye_widgets.errors import RulesError

    def refuse(tile, x, y, rotation):
        raise RulesError("not your turn")
    w = widget(MEADOW, place=refuse)
    w.click_cell(0, 1)
    assert "not your turn" in w.message and w.hand == ["meadow"] and len(w.territory) == 1


# -- GameTable -------------------------------------------------------------------

def first_prices(table, p):
    tiles = table.game.displays[p]
    return tiles[0], {t: 1 for t in tiles[1:]}


def test_table_bots_decide_at_once_without_an_event_loop():
    t = GameTable(["human", "random", "random"], seed=5)
    g = t.game
    assert g.phase == "prices" and g.decision_players() == [0]
    assert g.decisions[1] is not None and g.decisions[2] is not None
    # the bots' prices stay secret from the human: the panel shows only player 0's tiles
    assert "Player 1" in t.panel.children[0].value
    assert "decided ✓" in t.players_html.value


def test_table_illegal_prices_change_nothing():
    t = GameTable(["human", "random"], seed=2)
    g = t.game
    hist, gold = len(g.history), list(g.gold)
    d, prices = first_prices(t, 0)
    bad = {k: 0 for k in prices}
    assert t.set_prices(d, bad) is False
    assert "at least 1 gold" in t.message
    assert len(g.history) == hist and g.gold == gold
    # 1.5 gold is not rounded down to 1, "x" is not a number, None is not a price list
    for bad, why in (({k: 1.5 for k in prices}, "must be a whole number"), ({k: "x" for k in prices}, "must be a whole number"),
                     (None, "{tile: gold}")):
        assert t.set_prices(d, bad) is False
        assert why in t.message
        assert len(g.history) == hist and g.gold == gold


def test_table_price_form_confirms_through_widgets():
    t = GameTable(["human", "random"], seed=2)
    form = t.panel.children
    discard, prices, go = form[2], form[3], form[4]
    discard.value = discard.options[1]
    assert prices.children[1].disabled and not prices.children[0].disabled
    go.click()
    # the bot had decided already, so all prices are revealed and buying starts
    assert t.game.phase == "buy"
    assert any(isinstance(a, SetPrices) and a.player == 0 and a.discard == discard.options[1]
               for a in t.game.history)


def test_hotseat_hides_prices_until_revealed():
    t = GameTable(["human", "human"], seed=4)
    assert t.hotseat
    d, prices = first_prices(t, 0)
    assert t.set_prices(d, prices) is False and "show my tiles" in t.message
    assert "look away" in t.panel.children[0].value
    # nobody revealed: no drawn tile number is shown in the panel
    assert not any(f"tile {x}" in t.panel.children[0].value for x in t.game.displays[0])
    t.reveal()
    assert t.revealed == 0
    assert t.set_prices(d, prices) is True
    # now player 2 must press the button: player 1's prices are not on screen
    assert t.revealed is None and "Player 2" in t.panel.children[0].value
    shown = t.players_html.value
    assert "decided ✓" in shown and "deciding…" in shown
    t.reveal(1)
    d2, p2 = first_prices(t, 1)
    assert t.set_prices(d2, p2) and t.game.phase == "buy"


def test_buy_buttons_are_enabled_exactly_for_the_engines_legal_buys():
    t = GameTable(["human", "random"], seed=11)
    g = t.game
    tiles = g.displays[0]
    t.set_prices(tiles[0], {x: 2 for x in tiles[1:]})         # 5 - 2 - 2: 1 gold left to buy with
    assert g.phase == "buy" and g.current_player() == 0 and g.gold[0] == 1
    assert sorted(g.prices[1].values()) == [1, 3]             # one tile affordable, one not
    buttons = {}
    for box in t.panel.children[1].children:
        btn = box.children[1]
        tile = next(c[len("skye-buy-"):] for c in btn._dom_classes if c.startswith("skye-buy-"))
        buttons[tile] = btn
    assert set(buttons) == set(g.displays[0]) | set(g.displays[1])
    for tile in g.displays[0]:                                # your own: never
        assert buttons[tile].disabled
    for tile in g.displays[1]:                                # the other's: when the gold is there
        assert buttons[tile].disabled == (g.prices[1][tile] > g.gold[0])
        assert (buttons[tile].tooltip == "too expensive") == buttons[tile].disabled


def test_buy_pass_and_build_through_the_table():
    t = GameTable(["human", "random"], seed=11)
    g = t.game
    d, prices = first_prices(t, 0)
    t.set_prices(d, prices)
    assert g.phase == "buy" and g.current_player() == 0    # start player 0 buys first
    # a tile of your own is not for sale to you: the engine says why
    own = g.displays[0][0]
    assert t.buy(0, own) is False and "their own tile" in t.message
    too_dear = [x for x in g.displays[1] if g.prices[1][x] > g.gold[0]]
    cheap = [x for x in g.displays[1] if g.prices[1][x] <= g.gold[0]]
    if too_dear:
        assert t.buy(1, too_dear[0]) is False and "not enough gold" in t.message
    if cheap:
        assert t.buy(1, cheap[0]) is True and cheap[0] in g.to_build[0]
    else:
        assert t.pass_turn() is True
    # the bot bought or passed at once; with seed 11 player 0 has tiles to build and builds first
    assert g.phase == "build" and g.current_player() == 0
    board = t.boards[0]
    assert board.enabled and board.hand == g.to_build[0] and t.tabs.selected_index == 0
    tile = board.selected
    x, y, r = g.territories[0].legal_placements(tile)[0]
    n = len(g.history)
    for bad in ("1", 1.0):                       # table.place refuses a rotation that is not 0-3
        assert t.place(tile, x, y, bad) is False and len(g.history) == n
    assert "is not 0, 1, 2 or 3" in t.message
    board.rotation = r
    board.click_cell(x, y)
    assert g.territories[0].placements[(x, y)].tile == tile
    assert any(isinstance(a, Place) and a.player == 0 and a.tile == tile for a in g.history)
    # the other board is read-only
    t.boards[1].click_cell(0, 1)
    assert "not Player 2's turn" in t.boards[1].message


def test_undo_takes_back_the_human_action_and_later_bot_moves():
    t = GameTable(["human", "random"], seed=7)
    g = t.game
    start = len(g.history)
    d, prices = first_prices(t, 0)
    t.set_prices(d, prices)
    assert len(g.history) > start
    t.undo()
    assert len(g.history) == start and g.phase == "prices" and g.decisions[0] is None
    assert t.auto_box.value is False and "Undone" in t.message
    t.undo()
    assert "Nothing of yours" in t.message


def test_step_button_moves_one_bot_at_a_time():
    t = GameTable(["human", "random", "random"], seed=9, auto_bots=False)
    g = t.game
    assert g.decisions[1] is None and g.decisions[2] is None
    assert t.step_bots(1) == 1
    assert sum(d is not None for d in g.decisions) == 1
    t.step_button.click()
    assert sum(d is not None for d in g.decisions) == 2
    assert t.step_bots(5) == 0   # only the human is left to decide


def test_a_whole_game_through_the_api_ends_with_a_breakdown():
    import random
    rng = random.Random(3)
    t = GameTable(["human", "random"], seed=3)
    g = t.game
    moves = 0
    while not g.is_over() and moves < 400:
        a = g.random_action(rng, 0)
        if isinstance(a, SetPrices):
            ok = t.set_prices(a.discard, dict(a.prices))
        elif isinstance(a, Buy):
            ok = t.buy(a.seller, a.tile)
        elif isinstance(a, Pass):
            ok = t.pass_turn()
        else:
            ok = t.place(a.tile, a.x, a.y, a.rotation)
        assert ok, t.message
        moves += 1
    assert g.is_over()
    assert "Final scores" in t.final_html.value
    assert f"{g.vp[0]} VP" in t.final_html.value
    assert "game over" in t.header.value
    assert t.set_prices("1", {}) is False and "game is over" in t.message


def test_bots_run_on_the_event_loop_without_blocking():
    async def main():
        t = GameTable(["random", "random"], seed=1, bot_delay=0)
        first = len(t.game.history)       # construction returned before the bots played
        for _ in range(2000):
            if t.game.is_over():
                break
            await asyncio.sleep(0)
        return first, t
    first, t = asyncio.run(main())
    assert first == 0
    assert t.game.is_over() and "Final scores" in t.final_html.value


def test_seats():
    assert make_seat("human", 0) is None
    from skye_widgets.skye import bots
    assert isinstance(make_seat("random", 0), bots.RandomBot)      # names come from the bots module
    assert isinstance(make_seat("greedy", 3), bots.GreedyBot)
    bot = bots.RandomBot(1)
    assert make_seat(bot, 0) is bot
    for bad in ("grandmaster", 3, ["random"]):      # an unknown kind is an error, never silently random
        with pytest.raises(BadConfigError, match="There is no bot"):
            make_seat(bad, 0)
    with pytest.raises(ValueError):
        GameTable(["human"], game=GameState(GameConfig(players=2)))


def _gold_cells(t: GameTable) -> list[str]:
    import re
    return re.findall(r'<td class="skye-gold"[^>]*>([^<]*)</td>', t.players_html.value)


def test_gold_is_hidden_except_the_viewers_and_the_open_hand_shows_it():
    t = GameTable(["human", "random", "random"], seed=2)
    g = t.game
    # round 1: the bots have priced in secret; the human (viewer) sees only their own 5 gold
    assert all(d is not None for d in g.decisions[1:]) and t.viewer() == 0
    assert _gold_cells(t) == ["5 gold", "hidden", "hidden"]
    assert "Player 2 keeps their gold hidden behind their screen." in t.players_html.value
    assert g.view(0)["players"][1]["gold"] is None
    # the teacher's open hand: everyone's gold as the table knows it (before the bots' secret
    # prices: 5 each), and back
    t.open_hand_box.value = True
    assert t.open_hand and _gold_cells(t) == ["5 gold", "5 gold", "5 gold"]
    assert "Open hand" in t.message
    t.set_open_hand(False)
    assert not t.open_hand_box.value and _gold_cells(t) == ["5 gold", "hidden", "hidden"]
    assert "hidden again" in t.message


def test_open_hand_after_the_prices_are_revealed_shows_the_real_gold():
    t = GameTable(["human", "random"], seed=2, open_hand=True)
    g = t.game
    d, prices = first_prices(t, 0)
    t.set_prices(d, prices)
    assert g.phase == "buy"
    assert _gold_cells(t) == [f"{g.gold[0]} gold", f"{g.gold[1]} gold"]


def test_hot_seat_shows_nobodys_gold_while_nobody_is_revealed():
    t = GameTable(["human", "human"], seed=2)
    assert t.hotseat and t.viewer() == -1
    assert _gold_cells(t) == ["hidden", "hidden"]
    t.reveal(0)
    assert _gold_cells(t) == ["5 gold", "hidden"]


def test_the_gold_majority_breakdown_waits_for_the_scoring_unless_the_hand_is_open():
    from skye_widgets.skye import scoring
    gold_tile = next(n for n, st in scoring.SCORING_TILES.items()
                     if st.is_majority and st.counts == "gold")
    others = [n for n in (1, 2, 3, 4) if n != gold_tile][:3]
    t = GameTable(["human", "random"], seed=2, scoring=[gold_tile, *others])
    board = t.boards[0]
    board.show_breakdown(gold_tile)
    assert "worked out when it is scored" in board.details.value
    t.set_open_hand(True)
    assert "worked out" not in board.details.value and "most gold" in board.details.value


# -- the batching painter ----------------------------------------------------------

def test_painter_groups_runs_of_alike_shapes_and_keeps_order(sent):
    from skye_widgets.drawing import Circle, Drawing, Polygon
    from skye_widgets.widgets.painting import paint_layers
    w = widget()
    d = Drawing(100, 100)
    tri = ((0, 0), (10, 0), (5, 5))
    d.add(Polygon(tri, fill="#112233"), Polygon(tri, fill="#445566"), Polygon(tri, fill="#778899"),  # 1 group
          Text(5, 5, "a"),                                                                         # alone
          Line(((0, 0), (9, 9)), stroke="#000000", line_width=2),
          Line(((0, 9), (9, 0)), stroke="#FFFFFF", line_width=2),                                  # 1 group
          Line(((0, 0), (9, 0)), stroke="#000000", line_width=3),                                  # new width
          Circle(5, 5, 3, fill="red"))                                                             # named colour
    sent.clear()
    assert paint_layers(w.canvas, d, ("background", "tiles", "overlay"), only=["tiles"]) == 5
    assert len(sent) == 1    # still one message


def test_pass_order_paints_the_same_pieces_as_tile_by_tile():
    # the territory drawing reorders shapes (pass by pass across tiles, fills before strokes);
    # it must hold exactly the pieces of the tiles drawn one by one
    from collections import Counter
    w = widget(LANE)
    w.click_cell(0, 1)
    d = R.render_territory(w.territory, view=w.view())
    view = w.view()
    pieces = Counter()
    for (x, y), (t, rot) in R.placed_tiles(w.territory).items():
        for sh in R.render_tile_shapes(t, rot, *view.to_px(x, y), view.cell):
            pieces.update(p for p in R._split_paint(sh) if p is not None)
    assert Counter(d.on_layer("tiles")) == pieces


@pytest.mark.parametrize("x, y", [(float("nan"), 0), (0, float("inf")), (0.5, 0), (True, 0), ("1", 0),
                                  (10**9, 0), (None, 0), (0, -(10**9))])
def test_territory_widget_ignores_cells_that_are_not_cells(x, y):
    w = TerritoryWidget(Territory("castle-blue"), hand=["12"])
    before = dict(w.territory.placements)
    w.click_cell(x, y)                           # explained, nothing placed, nothing raised
    assert w.territory.placements == before and "no cell" in w.message
    w.hover_cell(x, y)
    assert w.hover is None
    w._on_mouse_down(float("nan"), 3.0)
    w._on_mouse_move(float("inf"), float("-inf"))
    assert w.territory.placements == before


def test_game_table_refuses_malformed_prices_and_purchases_in_words():
    t = GameTable(["human", "random"], seed=3)
    t.reveal(0)
    d = t.game.displays[0]
    before = len(t.game.history)
    assert not t.set_prices(d[0], {d[1]: 1.0, d[2]: 1}) and "gold on tile" in t.message
    assert not t.set_prices(d[0], {d[1]: True, d[2]: 1})
    assert len(t.game.history) == before

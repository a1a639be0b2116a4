"""Keyboard play and text descriptions (issue 14: keyboard and screen readers).

Every key is driven through the boards' Python entry point ``key()`` on small
hand-built positions; the expectations are worked out by hand in the comments.
castle-blue prints P W P M (N E S W) with one road N-S-W, so MEADOW (all pasture)
fits north (0, -1) and south (0, 1) of it, never east (water) or west (mountain).
"""

from __future__ import annotations

import re

import ipywidgets as W
import pytest

from skye_widgets.drawing import Rect
from skye_widgets.hashi.game import HashiGame
from skye_widgets.hashi.puzzle import HashiPuzzle, PuzzleState
from skye_widgets.skye.describe import describe_territory
from skye_widgets.skye.territory import Territory
from skye_widgets.skye.tiles import tile_from_dict
from skye_widgets.skylands.board import PlayerBoard
from skye_widgets.skylands.describe import describe_board
from skye_widgets.skylands.game import GameState as SkylandsState
from skye_widgets.widgets import base
from skye_widgets.widgets.base import CURSOR_COLOUR
from skye_widgets.widgets.hashi import HashiWidget
from skye_widgets.widgets.skye import GameTable, TerritoryWidget
from skye_widgets.widgets.skye_puzzles import PuzzleWidget
from skye_widgets.widgets.skylands import SkylandsWidget

MEADOW = tile_from_dict({"id": "meadow", "sides": "PPPP", "areas": [{"terrain": "P", "sides": "NESW"}]})
# all pasture with 2 sheep printed in it
FIELD = tile_from_dict({"id": "field", "sides": "PPPP",
                        "areas": [{"terrain": "P", "sides": "NESW", "icons": {"sheep": 2}}]})


def territory() -> Territory:
    return Territory("castle-blue", tiles={t.id: t for t in (MEADOW, FIELD)})


def painted_cursor(w):
    """The cursor frames the board paints (the drawing plus the cursor, as redraw() sends it)."""
    return [s for s in w.cursor_shapes() if isinstance(s, Rect) and s.stroke == CURSOR_COLOUR]


# -- Isle of Skye: TerritoryWidget --------------------------------------------------

def test_territory_placed_with_the_keyboard_alone():
    w = TerritoryWidget(territory(), ["meadow", "field"])
    assert w.legal_cells() == [(0, -1), (0, 1)]
    w.key("ArrowDown")                     # the first arrow shows the cursor on the first legal spot
    assert w.cursor == (0, -1) and "meadow fits here" in w.message
    w.key("ArrowRight")                    # (1, -1): empty, not next to the castle
    assert w.cursor == (1, -1) and "does not fit" in w.message
    w.key("ArrowLeft")
    w.key("ArrowDown")
    assert w.cursor == (0, 0) and "the castle is there" in w.message and "castle-blue" not in w.message
    w.key("ArrowDown")                     # (0, 1), south of the castle
    assert w.cursor == (0, 1)
    w.key("2")                             # the second tile of the hand
    assert w.selected == "field"
    w.key("r")
    assert w.rotation == 1
    w.key("Enter")
    assert w.territory.placements[(0, 1)].tile == "field"
    assert w.territory.placements[(0, 1)].rotation == 1
    assert w.hand == ["meadow"] and "Placed tile field at (0, 1)" in w.message


def test_territory_cursor_frame_is_drawn_on_the_top_layer_around_the_cell():
    w = TerritoryWidget(territory(), ["meadow"])
    assert painted_cursor(w) == []
    w.key("ArrowUp")                        # cursor on (0, -1): view -1..1 at 64 px, pad 8 + 18 px of
    frame = painted_cursor(w)               # coordinate labels -> cell (0, -1) at (90, 26), frame 2 px in
    assert len(frame) == 1 and (frame[0].x, frame[0].y, frame[0].w) == (92, 28, 60)
    assert frame[0].layer == "overlay" and frame[0].dash        # dashed: unlike the hover preview
    w.key("Escape")
    assert w.cursor is None and painted_cursor(w) == [] and w.hover is None


def test_territory_cursor_stops_at_the_edge_of_the_view():
    w = TerritoryWidget(territory(), ["meadow"])
    w.key("ArrowUp")                       # (0, -1), the top row of the castle's 3 x 3 view
    w.key("ArrowUp")
    assert w.cursor == (0, -1) and "edge" in w.message


def test_space_places_and_an_illegal_spot_changes_nothing():
    w = TerritoryWidget(territory(), ["meadow"])
    w.key("ArrowRight")                    # first legal spot (0, -1)
    w.key("ArrowDown")
    w.key("ArrowRight")                    # (1, 0): the castle's water side
    w.key(" ")
    assert len(w.territory) == 1 and w.message.startswith("Cannot place")
    w.key("9")                             # no ninth tile: said, nothing changes
    assert w.selected == "meadow" and "no tile 9" in w.message


def test_one_canvas_message_per_key(sent):
    w = TerritoryWidget(territory(), ["meadow"])
    for k, messages in (("ArrowDown", 1), ("ArrowDown", 1), ("ArrowDown", 1), ("r", 0), ("Enter", 1)):
        sent.clear()
        w.key(k)
        assert len(sent) == messages, k    # r: an all-pasture tile looks the same turned, nothing to repaint


def test_board_is_tabbable_and_buttons_give_focus_back(monkeypatch):
    w = TerritoryWidget(territory(), ["meadow"])
    assert w.canvas.tabbable is True
    focused = []
    monkeypatch.setattr(type(w.canvas), "focus", lambda self: focused.append(self))
    w.rotate_button.click()
    w.hand_box.children[0].children[1].click()        # the hand's tile button
    assert focused == [w.canvas, w.canvas]


def test_keys_line_under_every_board():
    boards = [TerritoryWidget(territory(), ["meadow"]), HashiWidget.solo(),
              HashiWidget.for_puzzle(HashiPuzzle(3, 1, {(0, 0): 1, (2, 0): 1})), SkylandsWidget(seed=0)]
    for b in boards:
        assert b.keys_line in b.children and "Enter" in base.plain_text(b.keys_line.value)


# -- descriptions -----------------------------------------------------------------------

def test_territory_description_hand_computed():
    t = territory()
    t.place("field", 0, 1, 0)
    text = describe_territory(t)
    # castle P(N,S) W(E) M(W); field joins the castle's pasture: N side of the castle stays open.
    assert text.startswith("A territory with the blue castle and 1 other tile, 2 tiles in all.")
    assert "Tiles by position: tile field at (0, 1)." in text
    assert "3 areas: an open pasture area of 2 tiles with 2 sheep, an open mountain area of 1 tile " \
           "and an open water area of 1 tile." in text
    assert "No other tile is connected to the castle by road." in text     # field has no road
    assert "In all the territory shows 2 sheep." in text
    assert "Income: 5 gold" in text


def test_every_board_widget_and_picture_has_a_description():
    t = territory()
    t.place("meadow", 0, -1, 0)
    skye_board = TerritoryWidget(t, [])
    table = GameTable(["human", "random"], seed=1)
    puzzle_widget = PuzzleWidget(_a_puzzle())
    for w in (skye_board, *table.boards, puzzle_widget.board):
        text = w.describe()
        assert re.match(r"A territory with the \w+ castle and (no other tile, 1 tile|\d+ other tiles?, \d+ tiles)"
                        r" in all\.", text), text
        assert base.plain_text(w.description_html.value) == text
        assert w.canvas.tooltip == text.split(". ")[0] + "."
        # ipywidgets' page code reads description.length before showing a tooltip: the
        # canvas must sync an (empty) description, or the tooltip breaks the board's view
        assert w.canvas.get_state()["description"] == ""
        assert "<desc id=" in w.picture().to_svg() and "aria-labelledby" in w.picture().to_svg()
    assert skye_board.describe().startswith("A territory with the blue castle and 1 other tile, 2 tiles in all.")
    h = HashiWidget.for_puzzle(HashiPuzzle(3, 1, {(0, 0): 1, (2, 0): 1}))
    assert h.describe() == ("A 3 \u00d7 1 Hashi puzzle with 2 islands, 0 of them finished. "
                            "Islands: 1 at (0, 0) and 1 at (2, 0). No bridges yet.")
    g = HashiWidget.solo()
    assert g.describe().startswith("The 8 \u00d7 7 Hashi board Skerries with 18 islands, 0 numbered")
    assert "This is your board. You have 0 points so far." in g.describe()
    s = SkylandsWidget(seed=0)
    assert s.describe().startswith("Player 1's board: 5 by 4 squares")
    for obj in (t, PuzzleState(HashiPuzzle(3, 1, {(0, 0): 1, (2, 0): 1})), HashiGame.new(["You"], seed=0),
                SkylandsState(2, seed=1), PlayerBoard()):
        svg = obj._repr_svg_()
        assert obj.describe() and f">{obj.describe()[:30]}" in svg.replace("&#x27;", "'")
        assert "<title id=" in svg


def test_skylands_board_description_counts_islands():
    from skye_widgets.skylands.components import load_components
    b = PlayerBoard.beginner(load_components())
    text = describe_board(b, "You")
    # the beginner side prints 3 one-square islands: forest (1, 1), city (2, 1), crystal (3, 2)
    assert text.startswith("Your board: 5 by 4 squares, 3 tiles placed, 17 empty. 3 islands: ")
    assert "an open forest island of 1 square with 2 spaces at (1, 1)" in text
    assert "If the game ended now, you would score" in text


# -- Hashi -------------------------------------------------------------------------------

def test_hashi_puzzle_by_keyboard():
    # islands (0, 0)=2, (2, 0)=3, (2, 2)=1: (0,0)-(2,0) in row 0, (2,0)-(2,2) in column 2
    w = HashiWidget.for_puzzle(HashiPuzzle(3, 3, {(0, 0): 2, (2, 0): 3, (2, 2): 1}))
    w.key("ArrowRight")                    # first island, row by row
    assert w.cursor == (0, 0) and "number 2, 0 bridges" in w.message
    w.key("ArrowRight")
    assert w.cursor == (2, 0)
    w.key("ArrowRight")                    # nothing further east: said, the cursor stays
    assert w.cursor == (2, 0) and "no island that way" in w.message
    w.key("Enter")
    assert w.selected == (2, 0)
    w.key("ArrowLeft")                     # a bridge to the neighbour west
    assert w.puzzle_state.count((0, 0), (2, 0)) == 1 and w.selected is None
    w.key("Enter")
    w.key("ArrowDown")
    assert w.puzzle_state.count((2, 0), (2, 2)) == 1
    w.key("Enter")
    w.key("ArrowUp")                       # (2, 0) has no neighbour north: an error, nothing drawn
    assert "no neighbour that way" in w.message and len(w.puzzle_state.bridges) == 2
    w.key("Escape")
    assert w.selected is None and w.cursor is None
    w.key("ArrowDown")                     # the cursor comes back on (0, 0)
    w.key("ArrowRight")
    w.key("Delete")
    w.key("ArrowLeft")                     # remove the (2, 0)-(0, 0) bridge
    assert w.puzzle_state.count((0, 0), (2, 0)) == 0 and "0 left" in w.message
    w.key("Backspace")
    w.key("ArrowLeft")                     # none left to remove: the engine says so
    assert "no bridge" in w.message
    w.key("h")
    assert w.message                       # a hint in words


def test_hashi_game_setup_by_keyboard():
    w = HashiWidget.solo()
    g = w.game
    # Skerries: the first islands row by row are (0, 0) red flag, (2, 0) plain
    w.key("ArrowRight")
    assert w.cursor == (0, 0)
    w.key("ArrowRight")
    assert w.cursor == (2, 0)
    w.key("4")
    assert w.setup_number.value == 4
    w.key("Enter")
    assert g.sheet(0).numbers.get((2, 0)) == 4


# -- Skylands ----------------------------------------------------------------------------

def test_skylands_tile_taken_and_placed_by_keyboard():
    w = SkylandsWidget(seed=0)
    g = w.state
    assert g.phase == "discover"
    before = len(g.boards[0].grid)
    w.key("1")                              # the first revealed tile
    assert w.selected_offer == 0
    spots = w.legal_cells()
    assert spots
    x, y = spots[0]
    w.key("ArrowDown")                      # the cursor appears on (0, 0) ...
    for _ in range(x):
        w.key("ArrowRight")
    for _ in range(y):
        w.key("ArrowDown")
    assert w.cursor == (x, y)
    w.key("Enter")
    assert len(g.boards[0].grid) == before + 1


# -- buttons -----------------------------------------------------------------------------

def all_buttons(widget):
    return base.buttons_in([widget])


def _a_puzzle():
    from skye_widgets.skye.puzzles import load_all
    return load_all()[0]


def test_no_icon_only_button_lacks_a_tooltip():
    widgets = [TerritoryWidget(territory(), ["meadow"]), GameTable(["human", "random"], seed=1),
               PuzzleWidget(_a_puzzle()), HashiWidget.solo(),
               HashiWidget.for_puzzle(HashiPuzzle(3, 1, {(0, 0): 1, (2, 0): 1})), SkylandsWidget(seed=0)]
    seen = 0
    for w in widgets:
        for b in all_buttons(w):
            seen += 1
            if not re.search(r"[A-Za-z]", b.description):
                assert b.tooltip, f"button {b.description!r} has no words and no tooltip"
    assert seen > 10
    rotate_back = widgets[0].rotate_back_button          # once "⟲" alone, then "back" (read as undo): it turns
    assert "turn left" in rotate_back.description and "back" not in rotate_back.description
    assert "anticlockwise" in rotate_back.tooltip


def test_rendered_territories_and_lesson_rows_carry_their_words():
    from skye_widgets.scores import BreakdownItem, ScoreResult
    from skye_widgets.skye.lessons import beside
    from skye_widgets.skye.render import render_territory
    t = territory()
    t.place("field", 0, 1, 0)
    result = ScoreResult.of([BreakdownItem(2, "2 sheep", ((0, 1),)), BreakdownItem(1, "castle", ((0, 0),))])
    d = render_territory(t, breakdown=result)
    assert d.description.startswith("A territory with the blue castle and 1 other tile, 2 tiles in all.")
    assert d.description.endswith("The scoring overlay marks 2 scoring items, 3 VP in all.")
    row = beside([render_territory(t), render_territory(territory())], ["Ana", "Bo"])
    assert row.description.startswith("Ana: A territory with the blue castle and 1 other tile")
    assert "Bo: A territory with the blue castle and no other tile, 1 tile in all." in row.description


def test_tab_leaves_the_board(monkeypatch):
    # ipycanvas swallows every key on the canvas, Tab too: the board lets the focus go itself
    w = TerritoryWidget(territory(), ["meadow"])
    calls = []
    monkeypatch.setattr(type(w.canvas), "blur", lambda self: calls.append("blur"))
    monkeypatch.setattr(W.Button, "focus", lambda self: calls.append(self.description))
    w._on_key_down("Tab", False, False, False)
    w._on_key_down("Tab", True, False, False)         # Shift+Tab: the last button above the board
    assert calls == ["blur", "⟳ rotate (r)"]
    assert w.cursor is None and len(w.territory) == 1   # Tab is no board key

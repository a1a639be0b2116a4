"""Coordinates on the edge of the Hashi and Skylands boards (issue 14): column numbers (x)
along the top, row numbers (y) along the left, as the texts name cells ("(2, 0)" is the
third island of the top row). Positions worked out by hand from each game's geometry."""

from __future__ import annotations

from skye_widgets.drawing import Text
from skye_widgets.hashi.puzzle import HashiPuzzle
from skye_widgets.hashi.render import Geometry, render_puzzle
from skye_widgets.skylands.game import GameState
from skye_widgets.skylands.render import Layout, render_game
from skye_widgets.widgets.hashi import HashiWidget
from skye_widgets.widgets.skylands import SkylandsWidget


def labels(d):
    return sorted((s.text, round(s.x, 2), round(s.y, 2)) for s in d.shapes
                  if isinstance(s, Text) and s.layer in ("background", "overlay") and not s.bold
                  and s.text.lstrip("-").isdigit())


def test_hashi_puzzle_labels_columns_on_top_and_rows_on_the_left():
    p = HashiPuzzle(3, 2, {(0, 0): 1, (2, 0): 1})          # 3 columns, 2 rows
    geo = Geometry(2, 3, cell=52.0, margin=40.0)            # island radius 0.34 * 52 = 17.68, its glow 9 more
    d = render_puzzle(p, geometry=geo, coordinates=True)
    at = 7.0                        # in the 13.3-px strip no glow reaches: half the 12-px label and a pixel
    assert labels(d) == sorted([("0", 40.0, at), ("1", 92.0, at), ("2", 144.0, at),
                                ("0", at, 40.0), ("1", at, 92.0)])
    assert labels(render_puzzle(p, geometry=geo)) == []     # off unless asked


def test_hashi_widget_coordinates_are_on_by_default_and_toggle():
    w = HashiWidget.solo()
    on = labels(w.drawing())
    assert on and ("0", 40.0, 7.0) in on        # column 0, in the strip the glow leaves (40 - 17.68 - 9 px)
    size = (w.canvas.width, w.canvas.height)
    w.coordinates_box.value = False
    assert labels(w.drawing()) == [] and (w.canvas.width, w.canvas.height) == size   # in the margin: no jump


def test_skylands_board_labels_and_clicks_follow_the_shifted_board():
    g = GameState(3, seed=0)
    L = Layout(width=g.comp.width, height=g.comp.height, players=3, coordinates=True)
    d = render_game(g, viewer=0, layout=L)
    # board at (10 + 16, 34 + 14) = (26, 48), 64-px squares: column x centred at 26 + 64 x + 32, 10 px above;
    # row y centred at 48 + 64 y + 32, 11 px left
    want = [(str(x), 58.0 + 64 * x, 38) for x in range(g.comp.width)] + \
           [(str(y), 15, 80.0 + 64 * y) for y in range(g.comp.height)]
    assert [t for t in labels(d) if t in want] == sorted(want)
    assert L.hit(26 + 64 + 1, 48 + 1) == ("board", 1, 0)
    assert L.hit(12, 40) is None                             # the labels' strip is no square


def test_skylands_widget_coordinates_toggle():
    w = SkylandsWidget(players=3, seed=0)
    assert w.coordinates_box.value and w.layout_.coordinates
    assert w.cell_at(26 + 5, 48 + 5) == (0, 0)
    w.set_coordinates(False)
    assert not w.coordinates_box.value and not w.layout_.coordinates
    assert w.cell_at(10 + 5, 34 + 5) == (0, 0)
    assert int(w.canvas.height) == w.drawing().height

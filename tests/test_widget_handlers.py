"""Every handler of the game widgets refuses bad positions without raising and without changing the game.

Positions a browser or a learner's code can send: not numbers, bools, floats, NaN and
infinities, and whole numbers far off the board. Each handler must ignore them or say
why in the status line; the game's saved form must not change.
"""

import math

import pytest
from ipycanvas.canvas import _CANVAS_MANAGER

from skye_widgets.widgets.hashi import HashiWidget
from skye_widgets.widgets.skye import GameTable, TerritoryWidget
from skye_widgets.widgets.skylands import SkylandsWidget

BAD = [math.nan, math.inf, -math.inf, 1.5, -0.5, True, False, "1", None, (1, 2), 10**9, -10**9, 10**400]
OFF_GRID = [-1]        # a cell of a territory (west of the castle), but off a Hashi or Skylands grid


@pytest.fixture(autouse=True)
def no_frontend(monkeypatch):
    monkeypatch.setattr(type(_CANVAS_MANAGER), "_send_custom", lambda self, command, buffers=[]: None)


def calls(w):
    """(name, handler, number of position arguments) of a widget."""
    out = [("click_cell", w.click_cell, 2), ("hover_cell", w.hover_cell, 2),
           ("_on_mouse_down", w._on_mouse_down, 2), ("_on_mouse_move", w._on_mouse_move, 2),
           ("cell_at", w.cell_at, 2)]
    for extra, n in (("_on_mouse_up", 2), ("click_at", 2), ("click_action", 1), ("select_offer", 1),
                     ("select_special", 1), ("rotate", 1), ("click_island", 2)):
        if hasattr(w, extra):
            out.append((extra, getattr(w, extra), n))
    return out


def state_of(w):
    game = getattr(w, "state", None) or getattr(w, "game", None)
    return game.to_dict() if game is not None else repr(sorted(w.territory.placements.items()))


@pytest.mark.parametrize("make", [
    lambda: TerritoryWidget(hand=["12"]),
    lambda: HashiWidget.versus(["greedy"], seed=1),
    lambda: SkylandsWidget(players=3, human=0, bots="greedy", seed=2),
], ids=["territory", "hashi", "skylands"])
def test_bad_positions_never_raise_and_change_nothing(make):
    w = make()
    before = state_of(w)
    for name, handler, n in calls(w):
        for bad in BAD + ([] if isinstance(w, TerritoryWidget) else OFF_GRID):
            for args in ([bad] * n, [0, bad][:n] if n == 2 else [bad], [bad, 0][:n]):
                handler(*args)            # must not raise
                assert state_of(w) == before, (name, args)


def test_the_game_table_refuses_bad_positions_and_seats():
    t = GameTable(["human", "random"], seed=3)
    before = t.game.to_dict()
    for bad in BAD:
        assert t.place("12", bad, 0, 0) is False
        assert t.buy(bad, "12") is False
        t.reveal(bad)
        for b in t.boards:
            b.click_cell(bad, 0)
            b.hover_cell(bad, 0)
            b._on_mouse_down(bad, bad)
            b._on_mouse_move(bad, 0)
    assert t.game.to_dict() == before

"""An answer that comes and goes ("What would a bot do?", "Suggest") is shown below the board, never
above it: above, its 3-5 lines pushed the board 90-180 px down under the learner's pointer (issue 28)."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as W

from skye_widgets.widgets.hashi import HashiWidget
from skye_widgets.widgets.skye import GameTable
from skye_widgets.widgets.skylands import SkylandsWidget


def in_page_order(widget: W.Widget) -> Iterator[W.Widget]:
    """Every widget of the tree in the order the page shows them (a box's children top to bottom)."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from in_page_order(child)


def position(tree: W.Widget, widget: W.Widget) -> int:
    return next(i for i, w in enumerate(in_page_order(tree)) if w is widget)


def test_a_skylands_suggestion_is_shown_below_the_board():
    w = SkylandsWidget(seed=1)
    w.suggest()
    assert w.hint_html.value
    assert position(w, w.hint_html) > position(w, w.canvas)


def test_a_hashi_suggestion_is_shown_below_the_board():
    w = HashiWidget.solo(seed=1)
    assert position(w, w.hint_html) > position(w, w.canvas)


def test_an_isle_of_skye_suggestion_is_shown_below_the_boards():
    t = GameTable(("human", "random"), seed=1, bot_delay=None)
    assert all(position(t, t.hint_html) > position(t, b.canvas) for b in t.boards)

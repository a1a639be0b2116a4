"""The board canvas's role and name for screen readers (issue 28): the ARIA helper of every board.

Each board's box holds an invisible :class:`~skye_widgets.widgets.aria.BoardAria` after its canvas;
its page code gives the canvas (class ``skye-board-canvas``) ``role="application"``,
``aria-roledescription``, ``aria-label`` and ``aria-describedby`` (tests/browser/test_axe_browser.py
checks them in JupyterLab, Notebook 7 and Voilà). Here: what the kernel sends it, in every language,
and a board without anywidget (a JupyterLite kernel without the dependency) that works the same.
"""

from __future__ import annotations

import sys

import pytest

from skye_widgets import i18n
from skye_widgets.widgets import base
from skye_widgets.widgets.aria import ESM, BoardAria
from skye_widgets.widgets.hashi import HashiWidget
from skye_widgets.widgets.skye import TerritoryWidget
from skye_widgets.widgets.skylands import SkylandsWidget

BOARDS = [HashiWidget, TerritoryWidget, SkylandsWidget]


@pytest.fixture(autouse=True)
def english():
    before = i18n.language()
    i18n.set_language("en")
    yield
    i18n.set_language(before)


@pytest.mark.parametrize("make", BOARDS, ids=lambda c: c.__name__)
def test_every_board_names_its_canvas(make):
    w = make()
    w.redraw(force=True)
    assert isinstance(w.aria, BoardAria)
    assert w.aria in w.children and w.aria.layout.display == "none"       # invisible, in the board's box
    assert list(w.children).index(w.aria) > list(w.children).index(w.canvas)
    assert "skye-board-canvas" in w.canvas._dom_classes
    assert w.canvas.tabbable is True
    # the name: the board's first sentence, the words of its tooltip; the description's first sentence too
    assert w.aria.label and w.aria.label == w.canvas.tooltip
    assert base.plain_text(w.description_html.value).startswith(w.aria.label.rstrip("."))
    assert w.aria.roledescription == "game board"
    # it says nothing on a saved notebook's page (hidden widgets say nothing)
    assert all("game board" not in t for _, t in base.widget_words(w))


@pytest.mark.parametrize("code, role", [("pt", "tabuleiro de jogo"), ("pl", "plansza do gry"),
                                        ("fr", "plateau de jeu"), ("es", "tablero de juego")])
def test_the_role_and_the_name_follow_the_language(code, role):
    w = HashiWidget()
    w.redraw(force=True)
    english = w.aria.label
    w.set_language(code)
    assert w.aria.roledescription == role
    assert w.aria.label == w.canvas.tooltip and w.aria.label != english
    w.set_language("en")
    assert (w.aria.roledescription, w.aria.label) == ("game board", english)


def test_the_label_follows_the_board():
    w = HashiWidget()
    w.redraw(force=True)
    sent = []
    w.aria.observe(lambda change: sent.append(change["new"]), names="label")
    w.move_cursor(0, 0)
    w.key("Enter")                      # a move (or a message): the board is described again
    w.redraw(force=True)
    assert w.aria.label == w.canvas.tooltip
    assert all(sent)                    # never an empty name


def test_the_page_code_asks_no_server():
    # one ES module run from anywidget's blob: no import, no fetch, no address
    for word in ("import ", "import(", "fetch", "http", "XMLHttpRequest", "//cdn"):
        assert word not in ESM, word
    assert "export default" in ESM and "MutationObserver" in ESM
    assert "disconnect()" in ESM                            # dropped with its view


def test_a_board_without_anywidget_works_the_same(monkeypatch):
    """A JupyterLite kernel that installed skye-widgets without anywidget: no helper, no traceback."""
    monkeypatch.setitem(sys.modules, "anywidget", None)      # `import anywidget` raises ImportError
    monkeypatch.delitem(sys.modules, "skye_widgets.widgets.aria")
    w = HashiWidget()
    w.redraw(force=True)
    assert w.aria is None
    assert not [c for c in w.children if type(c).__name__ == "BoardAria"]
    assert w.canvas.tooltip and "skye-board-canvas" in w.canvas._dom_classes
    w.move_cursor(0, 0)
    w.set_language("fr")
    assert w.canvas.tooltip


def _box_holding(widget, canvas):
    """The box among ``widget`` and its children (depth first) whose children hold ``canvas``."""
    children = list(getattr(widget, "children", ()) or ())
    if canvas in children:
        return widget
    for child in children:
        found = _box_holding(child, canvas)
        if found is not None:
            return found
    return None


@pytest.mark.parametrize("module", ["skye", "hashi", "skylands"])
def test_a_projector_board_keeps_its_helper_beside_its_canvas(module):
    """A projector page shows the canvas in a box of its own: the helper and the description go there
    too (the helper's page code looks for the canvas in the box it is shown in)."""
    import importlib

    game = importlib.import_module(f"skye_widgets.widgets.{module}").projector_game(seed=3)
    parts = game.projector_parts()
    board = game.boards[0] if module == "skye" else game
    box = _box_holding(parts.board, board.canvas)
    assert box is not None and "skye-projector-canvas" in box._dom_classes
    assert board.aria in box.children and board.description_html in box.children

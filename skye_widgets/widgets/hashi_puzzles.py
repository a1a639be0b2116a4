"""The Hashiwokakero picker: the 32 shipped puzzles by difficulty, progress, "next puzzle".

:class:`HashiPuzzlePicker` puts a menu (★ easy to ★★★★ expert, ✓ for solved)
above a :class:`~skye_widgets.widgets.hashi.HashiWidget` in puzzle mode. It
opens on the first puzzle not solved yet; solving one (by a click or Check)
records it with the hints used in the :class:`~skye_widgets.progress.ProgressStore`
(game ``"hashi"``) and shows "next puzzle". No solution is ever drawn.

Everything is reachable from Python::

    w = HashiPuzzlePicker(progress=tmp / "progress.json")
    w.board.click_cell(1, 0); w.board.click_cell(6, 0)      # a bridge
    w.board.check(); w.board.message
"""

from __future__ import annotations

import os
from html import escape
from typing import Any, Callable, Sequence

import ipywidgets as W

from ..daily import stars
from ..drawing import Drawing
from ..hashi.shipped import MAX_STARS, ShippedHashi, load_all
from ..progress import ProgressStore
from ..i18n import lazy, lazy_ngettext
from .base import Multilingual, on_click, with_picture
from .hashi import HashiWidget

ALL_SOLVED = lazy("You have solved every puzzle of this set.")
# Translators: a puzzle's heading: its title, stars, difficulty's name and its number of islands.
HEADING = lazy_ngettext("{title} {stars} ({difficulty}, {count} island)", "{title} {stars} ({difficulty}, {count} islands)")
# Translators: after a puzzle's heading once it is solved.
SOLVED = lazy(" — ✓ solved")
SOLVED_HINTS = lazy_ngettext(" — ✓ solved with {count} hint", " — ✓ solved with {count} hints")
NEXT_PUZZLE = lazy("next puzzle ▶")
NEXT_PUZZLE_TIP = lazy("the next puzzle you have not solved")
# Translators: {warning} is the progress file's fault (already a sentence).
WARNING = lazy("Warning: {warning}")
# Translators: {message} is the board's status line, {warning} the progress file's fault.
MESSAGE_WARNING = lazy("{message} (Warning: {warning})")


class HashiPuzzlePicker(Multilingual, W.VBox):
    """Shipped Hashi puzzles with a menu, progress and "next puzzle" (see the module docstring)."""

    game = "hashi"

    def __init__(self, puzzles: Sequence[ShippedHashi] | None = None, *,
                 progress: ProgressStore | str | os.PathLike[str] | None = None,
                 start: str | None = None, language_picker: bool = True) -> None:
        self.puzzles = list(puzzles) if puzzles is not None else load_all()
        if not self.puzzles:
            raise ValueError("no puzzles to pick from")
        self.store = progress if isinstance(progress, ProgressStore) else ProgressStore(progress)
        first = start or self.store.next_unsolved(self.game, [p.id for p in self.puzzles])
        self.index = next((i for i, p in enumerate(self.puzzles) if p.id == first), 0)
        self._on_solved: list[Callable[[ShippedHashi], None]] = []
        self._updating = False
        self.picker = W.Dropdown(options=self._options(), value=self.index, layout=W.Layout(width="auto"))
        self.picker.add_class("hashi-puzzle-picker")
        self.picker.observe(lambda ch: None if self._updating or ch["new"] is None else self.load(ch["new"]),
                            names="value")
        self.heading = W.HTML()
        self.heading.add_class("hashi-puzzle-heading")
        self.next_button = on_click(W.Button(description=str(NEXT_PUZZLE), button_style="success",
                                             tooltip=str(NEXT_PUZZLE_TIP)), self.next_puzzle)
        self.next_button.add_class("hashi-puzzle-next")
        self.next_button.layout.display = "none"
        self.board = self._make_board()
        self.top = W.HBox([self.picker, *([self.make_language_picker()] if language_picker else [])],
                          layout=W.Layout(flex_flow="row wrap"))
        super().__init__(children=[self.top, self.heading, self.board, self.next_button])
        self.add_class("hashi-puzzle")
        self._refresh()
        if self.store.warning:
            self.board.say(WARNING.format(warning=self.store.warning), "error")

    @property
    def current(self) -> ShippedHashi:
        return self.puzzles[self.index]

    @property
    def solved(self) -> bool:
        return self.store.is_solved(self.game, self.current.id)

    @property
    def message(self) -> str:
        return self.board.message

    def on_solved(self, callback: Callable[[ShippedHashi], None]) -> None:
        """Call ``callback(puzzle)`` each time a puzzle is solved."""
        self._on_solved.append(callback)

    def click_cell(self, x: int, y: int) -> None:
        """A click on cell (x, y) of the board."""
        self.board.click_cell(x, y)

    def load(self, index: int) -> None:
        """Show puzzle ``index`` of the list (the heading and menu follow at once)."""
        self.index = index
        self.board = self._make_board()
        self.next_button.layout.display = "none"
        self.children = [self.top, self.heading, self.board, self.next_button]
        self._refresh()

    def next_puzzle(self) -> ShippedHashi | None:
        """The next unsolved puzzle after this one (wrapping round); None when all are solved."""
        n = len(self.puzzles)
        for k in range(1, n + 1):
            i = (self.index + k) % n
            if not self.store.is_solved(self.game, self.puzzles[i].id):
                self.load(i)
                return self.puzzles[i]
        self.board.say(str(ALL_SOLVED), "ok")
        return None

    # -- internals ------------------------------------------------------------
    def _make_board(self) -> HashiWidget:
        board = HashiWidget(puzzle=self.current.puzzle, language_picker=False)
        board.on_solved(self._won)
        return board

    def _won(self) -> None:
        p = self.current
        self.store.record(self.game, p.id, solved=True, hints=self.board.hints_used)
        self.next_button.layout.display = None
        self._refresh()
        if self.store.warning:
            self.board.say(MESSAGE_WARNING.format(message=self.board.message, warning=self.store.warning), "ok")
        for callback in self._on_solved:
            callback(p)

    def _options(self) -> list[tuple[str, int]]:
        return [(f"{stars(p.difficulty, MAX_STARS)} {p.title}{' ✓' if self.store.is_solved(self.game, p.id) else ''}",
                 i) for i, p in enumerate(self.puzzles)]

    def _refresh(self) -> None:
        p = self.current
        entry = self.store.get(self.game, p.id)
        done = (SOLVED_HINTS.format(count=entry.hints) if entry.hints else str(SOLVED)) if entry.solved else ""
        self.heading.value = "<b>" + escape(HEADING.format(title=p.title, stars=stars(p.difficulty, MAX_STARS),
                                                          difficulty=p.difficulty_name,
                                                          count=len(p.puzzle.islands))) + "</b>" + escape(done)
        self._updating = True
        try:
            self.picker.options = self._options()
            self.picker.value = self.index
        finally:
            self._updating = False

    def relabel(self) -> None:
        """Every text again in the language spoken now: the button, the heading, the board."""
        self.next_button.description, self.next_button.tooltip = str(NEXT_PUZZLE), str(NEXT_PUZZLE_TIP)
        self.board.relabel()
        self._refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        return with_picture(super()._repr_mimebundle_(**kwargs), self.picture())

    def picture(self) -> Drawing:
        """The static picture of the puzzle's board (with its description)."""
        return self.board.picture()

"""The Hashiwokakero picker: the 40 shipped puzzles by difficulty, progress, "next puzzle".

:class:`HashiPuzzlePicker` puts a menu (★ easy to ★★★★ expert, ✓ for solved)
above a :class:`~skye_widgets.widgets.hashi.HashiWidget` in puzzle mode. It
opens on the first puzzle not solved yet; solving one (by a click or Check)
records it with the hints used in the :class:`~skye_widgets.progress.ProgressStore`
(game ``"hashi"``) and shows "next puzzle". No solution is ever drawn.

When a hint rests on a trial ("Suppose ... Then ... So ..."), a bar under the
board steps through its chain: each step's sentence in the status line and its
islands glowing on the board, forwards and back (:meth:`HashiPuzzlePicker.trial_step`).

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
from ..progress import ProgressStore, store_for
from ..i18n import lazy, lazy_ngettext
from .base import LABEL_STYLE, PUZZLE_LABEL, Multilingual, on_click, with_picture
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
# Translators: buttons stepping through the trial behind a Hashi hint ("Suppose ... Then ... So ...").
TRIAL_BACK = lazy("◀ step back")
TRIAL_FORWARD = lazy("step forward ▶")
TRIAL_TIP = lazy("follow the trial behind this hint one step at a time")
# Translators: where the learner is in a hint's trial: {step} of {count} steps.
TRIAL_AT = lazy_ngettext("Trial step {step} of {count}", "Trial step {step} of {count}")


class HashiPuzzlePicker(Multilingual, W.VBox):
    """Shipped Hashi puzzles with a menu, progress and "next puzzle" (see the module docstring)."""

    game = "hashi"

    def __init__(self, puzzles: Sequence[ShippedHashi] | None = None, *,
                 progress: ProgressStore | str | os.PathLike[str] | None = None,
                 start: str | None = None, language_picker: bool = True) -> None:
        self.puzzles = list(puzzles) if puzzles is not None else load_all()
        if not self.puzzles:
            raise ValueError("no puzzles to pick from")
        self.page = store_for(progress)         # under Voilà: the visitor's own (see progress.page_progress)
        self.store = self.page.store
        self.visitor_line = W.HTML(self.page.notice_html())   # under Voilà: where the progress is kept
        self.visitor_line.add_class("hashi-puzzle-visitor")
        first = start or self.store.next_unsolved(self.game, [p.id for p in self.puzzles])
        self.index = next((i for i, p in enumerate(self.puzzles) if p.id == first), 0)
        self._on_solved: list[Callable[[ShippedHashi], None]] = []
        self._updating = False
        self.picker = W.Dropdown(options=self._options(), value=self.index, description=str(PUZZLE_LABEL),
                                 style=LABEL_STYLE, layout=W.Layout(width="auto"))
        self.picker.add_class("hashi-puzzle-picker")
        self.picker.observe(lambda ch: None if self._updating or ch["new"] is None else self.load(ch["new"]),
                            names="value")
        self.heading = W.HTML()
        self.heading.add_class("hashi-puzzle-heading")
        self.next_button = on_click(W.Button(description=str(NEXT_PUZZLE), button_style="success",
                                             tooltip=str(NEXT_PUZZLE_TIP)), self.next_puzzle)
        self.next_button.add_class("hashi-puzzle-next")
        self.next_button.layout.display = "none"
        self.trial_back = on_click(W.Button(description=str(TRIAL_BACK), tooltip=str(TRIAL_TIP)),
                                   lambda: self.trial_step(-1))
        self.trial_forward = on_click(W.Button(description=str(TRIAL_FORWARD), tooltip=str(TRIAL_TIP)),
                                      lambda: self.trial_step(1))
        self.trial_at = W.HTML()
        self.trial_bar = W.HBox([self.trial_back, self.trial_at, self.trial_forward],
                                layout=W.Layout(align_items="center", display="none"))
        self.trial_bar.add_class("hashi-puzzle-trial")
        self.chain: tuple = ()
        self.chain_index = -1
        self._hint: object = None
        self._saying = False
        self.board = self._make_board()
        self.top = W.HBox([self.picker, *([self.make_language_picker()] if language_picker else [])],
                          layout=W.Layout(flex_flow="row wrap"))
        super().__init__(children=[self.top, *([self.visitor_line] if self.page.notice() else []), self.heading,
                                   self.board, self.trial_bar, self.next_button])
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
        self.children = [self.top, self.heading, self.board, self.trial_bar, self.next_button]
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
        board.status.observe(self._status_changed, names="value")
        self._show_chain(())
        return board

    # -- the trial behind a hint, step by step ------------------------------------
    def _status_changed(self, _change: Any) -> None:
        """A new hint with a trial shows the step bar; any other message hides it."""
        if self._saying:
            return
        st = self.board.puzzle_state
        h = getattr(st, "last_hint", None)
        fresh = h is not None and h is not self._hint
        self._hint = h
        self._show_chain(getattr(h, "chain", ()) if fresh else ())

    def _show_chain(self, chain: tuple) -> None:
        self.chain = tuple(chain)
        self.chain_index = -1
        self.trial_bar.layout.display = None if self.chain else "none"
        self._relabel_trial()

    def _relabel_trial(self) -> None:
        self.trial_back.description, self.trial_forward.description = str(TRIAL_BACK), str(TRIAL_FORWARD)
        self.trial_back.tooltip = self.trial_forward.tooltip = str(TRIAL_TIP)
        self.trial_back.disabled = self.chain_index <= 0
        self.trial_forward.disabled = self.chain_index >= len(self.chain) - 1
        self.trial_at.value = escape(TRIAL_AT.format(step=self.chain_index + 1, count=len(self.chain))) \
            if self.chain and self.chain_index >= 0 else ""

    def trial_step(self, delta: int) -> str:
        """Step ``delta`` (1 forwards, -1 back) through the trial behind the last hint: its
        sentence in the status line, its islands (and the bridges supposed so far) glowing.
        Returns the step's sentence ("" when there is no trial)."""
        if not self.chain:
            return ""
        self.chain_index = max(0, min(len(self.chain) - 1, self.chain_index + delta))
        step = self.chain[self.chain_index]
        cells = [*step.cells, *(c for a, b, _k in step.bridges for c in (a, b))]
        self.board.highlight = tuple(dict.fromkeys(cells))
        self._saying = True
        try:
            self.board.say(step.text, "info")
        finally:
            self._saying = False
        self.board.refresh()
        self._relabel_trial()
        return step.text

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
        return [(f"{stars(p.difficulty, MAX_STARS)} {p.shown_title}{' ✓' if self.store.is_solved(self.game, p.id) else ''}",
                 i) for i, p in enumerate(self.puzzles)]

    def _refresh(self) -> None:
        p = self.current
        entry = self.store.get(self.game, p.id)
        done = (SOLVED_HINTS.format(count=entry.hints) if entry.hints else str(SOLVED)) if entry.solved else ""
        self.heading.value = "<b>" + escape(HEADING.format(title=p.shown_title, stars=stars(p.difficulty, MAX_STARS),
                                                          difficulty=p.shown_difficulty,
                                                          count=len(p.puzzle.islands))) + "</b>" + escape(done)
        self._updating = True
        try:
            self.picker.options = self._options()
            self.picker.value = self.index
        finally:
            self._updating = False

    def relabel(self) -> None:
        """Every text again in the language spoken now: the button, the picker's label, the heading, the board."""
        self.next_button.description, self.next_button.tooltip = str(NEXT_PUZZLE), str(NEXT_PUZZLE_TIP)
        self.visitor_line.value = self.page.notice_html()
        self.picker.description = str(PUZZLE_LABEL)
        self.board.relabel()
        self._relabel_trial()
        self._refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        return with_picture(super()._repr_mimebundle_(**kwargs), self.picture())

    def picture(self) -> Drawing:
        """The static picture of the puzzle's board (with its description)."""
        return self.board.picture()

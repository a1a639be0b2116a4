"""The puzzles home: both games' puzzles by difficulty, your progress, the puzzles of the day, a board.

:class:`PuzzlesHome` is one page (the notebook ``puzzles_home.ipynb``, also a
Voilà page): a choice of game, today's puzzle for each game, the progress table
(✓ solved, best score, hints used; from :class:`~skye_widgets.progress.ProgressStore`)
and the board of the chosen game, which opens on the first puzzle not solved yet
and offers "next puzzle" after each win. Nothing of a solution is on the page
until the player presses "reveal".

Stable CSS classes for browser tests: ``skye-puzzles-home``, ``skye-puzzles-game``
(the game switch), ``skye-puzzles-visitor`` (under Voilà: where the progress is kept, the
visitor's own link), ``skye-puzzles-daily-skye`` / ``skye-puzzles-daily-hashi`` (today's
puzzle buttons), ``skye-puzzles-progress`` (the table); the Isle of Skye board's
``skye-puzzle-check``, ``-hint``, ``-reveal``, ``-next``, ``-picker``; Hashi's
``hashi-puzzle-next``, ``hashi-puzzle-picker``. From Python::

    home = PuzzlesHome(progress=tmp / "progress.json")
    home.skye.place(19, -1, 0, 0); home.skye.check()      # the Isle of Skye board
    home.show("hashi"); home.hashi.click_cell(1, 0)       # the Hashi one
"""

from __future__ import annotations

import datetime as dt
import os
from html import escape
from typing import Any

import ipywidgets as W

from ..daily import stars
from ..hashi import daily as hashi_daily
from ..hashi.shipped import MAX_STARS as HASHI_STARS, ShippedHashi, load_all as load_hashi
from ..progress import ProgressStore, store_for
from ..skye import daily as skye_daily
from ..skye.puzzles import Puzzle, load_all as load_skye
from ..i18n import lazy
from .base import Multilingual, on_click, with_picture
from .hashi_puzzles import HashiPuzzlePicker
from .skye_puzzles import PuzzleWidget, _stars

# Translators: the games' names as their rulebooks print them (the glossary's).
GAMES = {"skye": lazy("Isle of Skye"), "hashi": lazy("Hashi")}
TITLE = lazy("Puzzles")
# Translators: {game} is a game's name; {total} counts the puzzles (always more than one).
SUMMARY = lazy("{game}: {solved} of {total} puzzles solved.")
# Translators: a button; {stars} is the puzzle's difficulty as stars (★★☆).
DAILY_BUTTON = lazy("Today's {game} puzzle {stars}")
DAILY_LINE = lazy("Puzzle of the day, {date}: the same for everyone today.")
PROGRESS_TITLE = lazy("Your progress, puzzle by puzzle")
# Translators: the column headings of the progress table.
TABLE_HEAD = (lazy("game"), lazy("difficulty"), lazy("puzzle"), lazy("solved"), lazy("best score"), lazy("hints used"))


class PuzzlesHome(Multilingual, W.VBox):
    """The puzzles home page (see the module docstring).

    ``progress``: a ProgressStore or its file's path (default: the user's ``~/.skye-widgets/progress.json``,
    or, under Voilà, the visitor's own, with a line saying where it is kept: see
    :func:`~skye_widgets.progress.page_progress`);
    ``date``: the day whose puzzles of the day are offered (default today).
    """

    def __init__(self, *, progress: ProgressStore | str | os.PathLike[str] | None = None,
                 date: str | dt.date | None = None, skye_folder: str | None = None,
                 hashi_folder: str | None = None) -> None:
        self.page = store_for(progress)
        self.store = self.page.store
        self.daily_skye = skye_daily.daily_puzzle(date)
        self.daily_hashi = hashi_daily.daily_puzzle(self.daily_skye.date)
        self.skye_puzzles: list[Puzzle] = [*load_skye(skye_folder), self.daily_skye.puzzle]
        daily_h = ShippedHashi(self.daily_hashi.id, self.daily_hashi.puzzle, self.daily_hashi.difficulty)
        self.hashi_puzzles: list[ShippedHashi] = [*load_hashi(hashi_folder), daily_h]
        # the path opens on the curated set's first unsolved puzzle (the daily one is last in the menu)
        first = self.store.next_unsolved("skye", [p.id for p in self.skye_puzzles])
        self.skye = PuzzleWidget(next(p for p in self.skye_puzzles if p.id == first) if first
                                 else self.skye_puzzles[0], puzzles=self.skye_puzzles, progress=self.store,
                                 language_picker=False)
        self.hashi = HashiPuzzlePicker(self.hashi_puzzles, progress=self.store, language_picker=False)
        self.skye.on_progress(lambda _p: self.refresh())
        self.hashi.on_solved(lambda _p: self.refresh())

        self.title = W.HTML()
        self.game = W.ToggleButtons(options=[(str(v), k) for k, v in GAMES.items()], value="skye")
        self.game.add_class("skye-puzzles-game")
        self.game.observe(lambda ch: self.show(ch["new"]), names="value")
        self.daily_line = W.HTML()
        self.daily_skye_button = on_click(W.Button(layout=W.Layout(width="auto")), lambda: self.play_daily("skye"))
        self.daily_skye_button.add_class("skye-puzzles-daily-skye")
        self.daily_hashi_button = on_click(W.Button(layout=W.Layout(width="auto")), lambda: self.play_daily("hashi"))
        self.daily_hashi_button.add_class("skye-puzzles-daily-hashi")
        self.summary = W.HTML()
        self.table = W.HTML(layout=W.Layout(max_height="18em", overflow="auto"))
        self.table.add_class("skye-puzzles-progress")
        self.progress_box = W.Accordion(children=[self.table])
        self.progress_box.selected_index = None
        self.title_row = W.HBox([self.title, self.make_language_picker()],
                                layout=W.Layout(flex_flow="row wrap", align_items="center", grid_gap="0 1em"))
        self.board_box = W.Box([self.skye])
        self.visitor_line = W.HTML()
        self.visitor_line.add_class("skye-puzzles-visitor")
        super().__init__(children=[self.title_row, *([self.visitor_line] if self.page.notice() else []),
                                   self.daily_line,
                                   W.HBox([self.daily_skye_button, self.daily_hashi_button],
                                          layout=W.Layout(flex_flow="row wrap")),
                                   self.summary, self.progress_box, self.game, self.board_box])
        self.add_class("skye-puzzles-home")
        self._label()
        self.refresh()

    def _label(self) -> None:
        """The page's fixed texts in the language spoken now."""
        self.title.value = f"<h2 style='margin:0.2em 0'>{escape(str(TITLE))}</h2>"
        self.visitor_line.value = self.page.notice_html()
        self.daily_line.value = escape(DAILY_LINE.format(date=self.daily_skye.date.isoformat()))
        self.daily_skye_button.description = DAILY_BUTTON.format(game=GAMES["skye"], stars=self.daily_skye.stars)
        self.daily_hashi_button.description = DAILY_BUTTON.format(game=GAMES["hashi"], stars=self.daily_hashi.stars)
        self.progress_box.set_title(0, str(PROGRESS_TITLE))
        game = self.game.value
        self.game.options = [(str(v), k) for k, v in GAMES.items()]
        self.game.value = game

    def relabel(self) -> None:
        """Every text of the page again in the language spoken now (after ``set_language``):
        the title, the puzzle of the day, the summary, the table and both boards."""
        self._label()
        self.skye.relabel()
        self.hashi.relabel()
        self.refresh()

    @property
    def board(self) -> PuzzleWidget | HashiPuzzlePicker:
        """The board shown now."""
        return self.skye if self.game.value == "skye" else self.hashi

    def show(self, game: str) -> None:
        """Show the board of ``game`` (``"skye"`` or ``"hashi"``)."""
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}: use {' or '.join(GAMES)}")
        if self.game.value != game:
            self.game.value = game          # the observer comes back here
            return
        self.board_box.children = [self.board]

    def play_daily(self, game: str) -> None:
        """Open today's puzzle of ``game`` on its board."""
        self.show(game)
        if game == "skye":
            self.skye.load(self.daily_skye.puzzle)
        else:
            self.hashi.load(len(self.hashi_puzzles) - 1)

    def refresh(self) -> None:
        """The summary and the table from the progress store."""
        lines = []
        for game, items in (("skye", self.skye_puzzles), ("hashi", self.hashi_puzzles)):
            solved = sum(self.store.is_solved(game, p.id) for p in items)
            lines.append(escape(SUMMARY.format(game=str(GAMES[game]), solved=solved, total=len(items))))
        self.summary.value = "<br>".join(lines)
        self.table.value = self._table()

    def _table(self) -> str:
        rows = []
        for game, items in (("skye", self.skye_puzzles), ("hashi", self.hashi_puzzles)):
            for p in items:
                e = self.store.get(game, p.id)
                grade = _stars(p.difficulty) if game == "skye" else stars(p.difficulty, HASHI_STARS)
                rows.append(f"<tr><td>{escape(str(GAMES[game]))}</td><td>{grade}</td><td>{escape(getattr(p, 'shown_title', p.title))}</td>"
                            f"<td style='text-align:center'>{'✓' if e.solved else ''}</td>"
                            f"<td style='text-align:right'>{'' if e.best is None else e.best}</td>"
                            f"<td style='text-align:right'>{e.hints or ''}</td></tr>")
        head = "".join(f"<th>{escape(str(h))}</th>" for h in TABLE_HEAD)
        return f"<table><thead><tr>{head}</tr></thead><tbody>" + "".join(rows) + "</tbody></table>"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live page plus a static picture of the board shown."""
        return with_picture(super()._repr_mimebundle_(**kwargs), self.board.picture())

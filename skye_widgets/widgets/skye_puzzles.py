"""The Isle of Skye puzzle widget: place a hand of tiles for the best score.

:class:`PuzzleWidget` wraps a :class:`~skye_widgets.widgets.skye.TerritoryWidget`
(the board, the hand, rotation, legal spots) with the puzzle around it: the
objective in words, **check** (your score with its breakdown drawn on the
board; whether it is the best possible), **hint** (the written hints one by one,
then one tile's optimal spot, each spot outlined on the board and named by its
labelled coordinate), **reveal** (an optimal solution: the only way the optimum
or a solution appears), **undo**, **reset** and **next puzzle** (after a win).
With a list of puzzles it opens on the first one not solved yet. Progress
(solved, best score, hints used) is kept by :class:`~skye_widgets.progress.ProgressStore`
(``~/.skye-widgets/progress.json``; ``SKYE_WIDGETS_DATA_DIR`` moves it); a
corrupt or unwritable file only brings a warning in the status line.
:class:`SolvedStore` (the earlier ``solved.json`` list) is kept for old code;
the progress store reads its ids once.

Everything is reachable from Python, for tests and lessons::

    w = PuzzleWidget(load_puzzle("puzzles/skye/d1-squares.json"), progress=tmp / "progress.json")
    w.place(29, 2, 1, 3); w.place(19, 1, 1, 3)
    w.check().points, w.solved
"""

from __future__ import annotations

import os
import re
import warnings
from html import escape
from pathlib import Path
from typing import Any, Callable, Sequence

import ipywidgets as W

from ..drawing import Drawing
from ..errors import FileFormatError, read_json, save_json
from ..progress import ProgressStore, store_for
from ..skye.puzzles import Move, Puzzle, describe_objective, evaluate, load_all
from ..skye.scoring import ScoreResult
from ..i18n import lazy, lazy_ngettext
from .base import LABEL_STYLE, PUZZLE_LABEL, Html, Multilingual, html_sentence, on_click, with_picture
from .skye import BOARD_TEXT, TerritoryWidget



DATA_DIR_ENV = "SKYE_WIDGETS_DATA_DIR"
MAX_SOLVED_FILE_BYTES = 1_000_000      # a solved list of thousands of ids is a few tens of kB
MAX_SOLVED_IDS = 10_000
MAX_SOLVED_ID_LENGTH = 200

# user-facing messages (whole sentences, named placeholders: they will be translated)
# Translators: {path} is a file's path, {fault} what is wrong with it (already a sentence).
READ_FAILED = lazy("Could not read the solved-puzzle list {path} ({fault}); starting a fresh list.")
WRONG_SHAPE = lazy("The solved-puzzle list {path} has no list of solved puzzle ids ({fault}); starting a fresh list.")
SAVE_FAILED = lazy("Could not save the solved-puzzle list to {path} ({fault}).")


def default_solved_path() -> Path:
    """Where the solved list lives: ``$SKYE_WIDGETS_DATA_DIR/solved.json`` when that
    variable is set (and not empty), else ``~/.skye-widgets/solved.json`` (looked up when needed)."""
    folder = os.environ.get(DATA_DIR_ENV)
    if folder:
        return Path(folder).expanduser() / "solved.json"
    return Path.home() / ".skye-widgets" / "solved.json"


def _read_ids(path: Path) -> list[str]:
    """The ids in a solved file; raises FileFormatError (one line) for any fault but a missing file."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return []
    except OSError as e:
        raise FileFormatError(path, e.strerror or str(e)) from None
    if size > MAX_SOLVED_FILE_BYTES:
        raise FileFormatError(path, f"{size} bytes, more than the {MAX_SOLVED_FILE_BYTES} a solved list may have")
    data = read_json(path)    # not UTF-8, bad JSON, too deep, huge numbers, a directory: FileFormatError
    ids = data.get("solved") if isinstance(data, dict) else None
    if not isinstance(ids, list):
        raise _WrongShape(path, 'expected {"solved": [ids]}')
    if len(ids) > MAX_SOLVED_IDS:
        raise _WrongShape(path, f"{len(ids)} ids, more than {MAX_SOLVED_IDS}")
    for i in ids:
        if not isinstance(i, str) or not 0 < len(i) <= MAX_SOLVED_ID_LENGTH:
            raise _WrongShape(path, f"an id must be a text of 1-{MAX_SOLVED_ID_LENGTH} characters, "
                                    f"not {_short(i)}")
    return list(dict.fromkeys(ids))


class _WrongShape(FileFormatError):
    """Valid JSON, but not ``{"solved": [ids]}``."""


def _short(value: object) -> str:
    """A value for a message, cut to a readable length."""
    text = repr(value) if not isinstance(value, (list, dict)) else type(value).__name__
    return text if len(text) <= 40 else text[:39] + "…"


class SolvedStore:
    """The ids of solved puzzles, kept in a small JSON file ``{"solved": [ids]}``.

    A missing file is an empty list; a corrupt one (not JSON, nested too deeply,
    huge numbers, wrong shape, too big, a directory, unreadable) is reported in
    :attr:`warning` (and once as a Python warning) and replaced by a fresh list at
    the next save. Saves are atomic and merge with what another lesson saved
    meanwhile; saving never raises: a failure is reported in :attr:`warning`.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_solved_path()
        self.warning = ""
        self.solved: list[str] = self._load()
        if self.warning:
            warnings.warn(self.warning, stacklevel=3)

    def _load(self) -> list[str]:
        try:
            return _read_ids(self.path)
        except _WrongShape as e:
            self.warning = WRONG_SHAPE.format(path=self.path, fault=e.fault)
        except FileFormatError as e:
            self.warning = READ_FAILED.format(path=self.path, fault=e.fault)
        return []

    def __contains__(self, puzzle_id: object) -> bool:
        return puzzle_id in self.solved

    def add(self, puzzle_id: str) -> bool:
        """Remember a solved puzzle and save; False (and a warning) when saving failed.

        Ids another lesson saved since this store was read are kept (a corrupt file
        is replaced by this store's list).
        """
        if puzzle_id not in self.solved:
            self.solved.append(puzzle_id)
        try:
            on_disk = _read_ids(self.path)
        except FileFormatError:
            on_disk = []
        self.solved = list(dict.fromkeys(on_disk + self.solved))[-MAX_SOLVED_IDS:]
        fault = save_json(self.path, {"solved": self.solved})
        if fault is not None:
            self.warning = SAVE_FAILED.format(path=self.path, fault=fault)
            return False
        return True


def _tile_value(tid: str) -> int | str:
    """Tile numbers as ints (hand-built lesson tiles keep their id)."""
    return int(tid) if tid.isdigit() else tid


def _stars(n: int) -> str:
    return "★" * n + "☆" * (5 - n)


#: The widget's texts (whole sentences with named placeholders: they will be translated).
# Translators: {hand} lists the tiles' numbers ("12, 40"); "r" is the key that rotates (not translated).
INTRO = lazy("Place tiles {hand} for the best score: pick a tile, r rotates, click a green spot.")
SO_FAR = lazy_ngettext("So far {count} point; place every tile to finish.",
                       "So far {count} points; place every tile to finish.")
SOLVED = lazy_ngettext("Solved! {count} point, the best possible.", "Solved! {count} points, the best possible.")
SOLVED_REVEALED = lazy_ngettext("{count} point, the best possible (revealed, so not counted as solved).",
                                "{count} points, the best possible (revealed, so not counted as solved).")
NOT_BEST = lazy_ngettext("{count} point; a better score is possible. Undo or reset and try again.",
                         "{count} points; a better score is possible. Undo or reset and try again.")
KEY_TILE_HINT = lazy("Tile {tile} is the key: the spot where it scores most right away is not the best one. "
                     "Try it at {cell}, the cell outlined on the board.")
FINAL_HINT = lazy("Put tile {tile} at {cell} with rotation {rotation} (shown on the board).")
RETURNED_HINT = lazy("In an optimal solution tile {tile} fits nowhere at the end and goes back to the bag.")
NO_MORE_HINT = lazy("Every tile is already where an optimal solution puts it (or was returned).")
LEFT_SOLUTION = lazy("Your tiles differ from this solution: reset to follow it.")
# Translators: {moves} lists the moves (the two texts below), e.g. "tile 12 at (1, 0) rotation 2, tile 40 returned".
REVEALED = lazy_ngettext("An optimal solution ({count} point): {moves}.", "An optimal solution ({count} points): {moves}.")
MOVE_AT = lazy("tile {tile} at ({x}, {y}) rotation {rotation}")
MOVE_RETURNED = lazy("tile {tile} returned")
ALL_SOLVED = lazy("You have solved every puzzle of this set.")
#: The puzzle's buttons, heading and status lines.
PUZZLE_TEXT = {
    # Translators: a puzzle's title in the menu when an earlier puzzle has the same title: "Mountain walls (2)".
    "repeated_title": lazy("{title} ({number})"),
    # Translators: the buttons of an Isle of Skye puzzle (short) and their tooltips.
    "check": lazy("check"), "check_tip": lazy("your score, and whether it is the best possible"),
    "hint": lazy("hint"), "hint_tip": lazy("the next hint"),
    "reveal": lazy("reveal"), "reveal_tip": lazy("show an optimal solution"),
    "undo": lazy("undo"), "undo_tip": lazy("take back your last tile"),
    "reset": lazy("reset"), "reset_tip": lazy("start this puzzle again"),
    "next": lazy("next puzzle ▶"), "next_tip": lazy("the next puzzle you have not solved"),
    "warning": lazy("Warning: {warning}"),
    "message_warning": lazy("{message} (Warning: {warning})"),
    "nothing_scores": lazy("nothing scores yet"),
    "your_score": lazy("Your score: {points}"),
    # Translators: {number} counts the hints shown (1, 2...), {hint} is the puzzle's hint (its own words).
    "hint_line": lazy("Hint {number}: {hint}"),
    # Translators: said on the status line when a hint is added to the list of hints under the buttons.
    "hint_of": lazy("Hint {number} of {total} is shown under the buttons."),
    "nothing_to_undo": lazy("Nothing to undo: only the puzzle's own tiles are on the board."),
    "took_back": lazy("Took back tile {tile}."),
    # Translators: {tiles} lists the tiles' numbers ("12, 40").
    "fit_nowhere": lazy_ngettext("Tile {tiles} fits nowhere now: back to the bag, as the rules say. Press check.",
                                 "Tiles {tiles} fit nowhere now: back to the bag, as the rules say. Press check."),
    "all_placed": lazy("Every tile is placed: press check to see your score."),
    "solved": lazy(" — ✓ solved"),
    "your_best": lazy_ngettext(" · your best: {count} point", " · your best: {count} points"),
    # Translators: {points} is the best score (in bold), {count} the same number.
    "best_possible": lazy_ngettext(" · best possible: {points} point", " · best possible: {points} points"),
    "returned": lazy("Returned to the bag: {tiles}"),
    # Translators: {objective} is the puzzle's objective in words (a scoring tile and its name).
    "objective": lazy("Objective: {objective}"),
    "hand": lazy("Hand: {tiles}"),
}

#: A written hint naming a key tile by a neighbour's number ("Try it just east of tile 60."):
#: the widget says the labelled coordinate instead and outlines the cell.
_KEY_HINT = re.compile(r"^Tile (?P<tile>\w+) is the key\b.*\bTry it\b")


def _cell(x: int, y: int) -> str:
    return f"({x}, {y})"


class PuzzleWidget(Multilingual, W.VBox):
    """One placement puzzle to solve on the canvas (see the module docstring).

    ``puzzles``: optional list to pick from (a dropdown is shown; it opens on the
    first puzzle not solved yet); ``progress``: a :class:`~skye_widgets.progress.ProgressStore`
    or the path of its file (default ``~/.skye-widgets/progress.json``; under Voilà the visitor's own, see
    :func:`~skye_widgets.progress.page_progress`).

    No solution is shown (no optimum, no solved territory) until :meth:`reveal`.
    """

    game = "skye"

    def __init__(self, puzzle: Puzzle | None = None, *, puzzles: Sequence[Puzzle] | None = None,
                 progress: ProgressStore | str | os.PathLike[str] | None = None, cell: int = 56,
                 language_picker: bool = True) -> None:
        if puzzle is None and not puzzles:
            raise ValueError("give a puzzle or a list of puzzles")
        self.puzzles = list(puzzles or [])
        self.page = store_for(progress)         # under Voilà: the visitor's own (see progress.page_progress)
        self.store = self.page.store
        self.visitor_line = W.HTML(self.page.notice_html())   # under Voilà: where the progress is kept
        self.visitor_line.add_class("skye-puzzle-visitor")
        if puzzle is None:
            first = self.store.next_unsolved(self.game, [p.id for p in self.puzzles])
            puzzle = next((p for p in self.puzzles if p.id == first), self.puzzles[0])
        self.puzzle: Puzzle = puzzle
        self.returned: list[int | str] = []
        self.hints_shown = 0
        self.hints_used = 0
        self.revealed = False
        self.last_result: ScoreResult | None = None
        self._on_solved: list[Callable[[Puzzle], None]] = []
        self._on_progress: list[Callable[[Puzzle], None]] = []
        self.header = W.HTML()
        self.header.add_class("skye-puzzle-heading")
        self.result = W.HTML()
        self.result.add_class("skye-puzzle-result")
        self.hint_box = W.HTML()
        self.hint_box.add_class("skye-puzzle-hints")
        self.check_button = on_click(W.Button(button_style="primary"), self.check)
        self.hint_button = on_click(W.Button(), self.hint)
        self.reveal_button = on_click(W.Button(), self.reveal)
        self.undo_button = on_click(W.Button(), self.undo)
        self.reset_button = on_click(W.Button(), self.reset)
        self.next_button = on_click(W.Button(button_style="success"), self.next_puzzle)
        self._label_buttons()
        for b, name in ((self.check_button, "check"), (self.hint_button, "hint"), (self.reveal_button, "reveal"),
                        (self.undo_button, "undo"), (self.reset_button, "reset"), (self.next_button, "next")):
            b.add_class(f"skye-puzzle-{name}")
        self.next_button.layout.display = "none"
        self.picker = W.Dropdown(options=self._picker_options(), description=str(PUZZLE_LABEL), style=LABEL_STYLE,
                                 layout=W.Layout(width="auto"))
        self.picker.add_class("skye-puzzle-picker")
        self._updating = False
        if self.puzzles:
            self._set_picker(self._index())
        self.picker.observe(lambda ch: None if self._updating or ch["new"] is None
                            else self.load(self.puzzles[ch["new"]]), names="value")
        self.board = self._make_board()
        buttons = W.HBox([self.check_button, self.hint_button, self.reveal_button, self.undo_button,
                          self.reset_button, self.next_button], layout=W.Layout(flex_flow="row wrap"))
        for b in buttons.children:                  # the keys go on working on the board
            b.on_click(lambda _b: self.board.focus_board())
        top_row = ([self.picker] if self.puzzles else []) + ([self.make_language_picker()] if language_picker else [])
        top = [W.HBox(top_row, layout=W.Layout(flex_flow="row wrap"))] if top_row else []
        super().__init__(children=[*top, *([self.visitor_line] if self.page.notice() else []), self.header,
                                   self.board, buttons, self.hint_box, self.result])
        self.add_class("skye-puzzle")
        self._refresh()
        if self.store.warning:
            self.say(PUZZLE_TEXT["warning"].format(warning=self.store.warning), "error")
        else:
            self._intro()

    def _label_buttons(self) -> None:
        for b, name in ((self.check_button, "check"), (self.hint_button, "hint"), (self.reveal_button, "reveal"),
                        (self.undo_button, "undo"), (self.reset_button, "reset"), (self.next_button, "next")):
            b.description, b.tooltip = str(PUZZLE_TEXT[name]), str(PUZZLE_TEXT[name + "_tip"])

    def relabel(self) -> None:
        """Every text again in the language spoken now (after ``set_language``): the buttons, the
        heading, the board; the status line says the puzzle's introduction again."""
        self._label_buttons()
        self.picker.description = str(PUZZLE_LABEL)
        self.visitor_line.value = self.page.notice_html()
        self.board.relabel()
        self._refresh()
        if self.last_result is not None:
            self._show_result(self.last_result)

    # -- Python-level API -----------------------------------------------------
    @property
    def territory(self):  # noqa: ANN201 - a Territory
        """The learner's territory now."""
        return self.board.territory

    @property
    def hand(self) -> list[int | str]:
        """Tiles still to place."""
        return [_tile_value(t) for t in self.board.hand]

    @property
    def message(self) -> str:
        """The status line's text."""
        return self.board.message

    @property
    def solved(self) -> bool:
        """True once this puzzle is recorded as solved."""
        return self.store.is_solved(self.game, self.puzzle.id)

    def on_solved(self, callback: Callable[[Puzzle], None]) -> None:
        """Call ``callback(puzzle)`` each time a puzzle is solved (for the puzzles home)."""
        self._on_solved.append(callback)

    def on_progress(self, callback: Callable[[Puzzle], None]) -> None:
        """Call ``callback(puzzle)`` after each change of the recorded progress (a score, a hint, a win)."""
        self._on_progress.append(callback)

    def _recorded(self) -> None:
        for callback in self._on_progress:
            callback(self.puzzle)

    def say(self, message: str, kind: str = "info") -> None:
        """Show a line in the status line under the board."""
        self.board.say(message, kind)

    def place(self, tile: int | str, x: int, y: int, rotation: int) -> bool:
        """Place a hand tile (as a click would); False when illegal (explained in the status line)."""
        if str(tile) not in self.board.hand:
            self.say(BOARD_TEXT["not_in_hand"].format(tile=tile, tiles=", ".join(self.board.hand)) if self.board.hand
                     else BOARD_TEXT["not_in_empty_hand"].format(tile=tile), "error")
            return False
        before = len(self.territory)
        self.board.select_tile(str(tile))
        self.board.rotation = rotation
        self.board.click_cell(x, y)
        return len(self.territory) > before

    def click_cell(self, x: int, y: int) -> None:
        """A click on cell (x, y) of the board (places the selected tile there)."""
        self.board.click_cell(x, y)

    def score(self) -> ScoreResult:
        """The objective's points for the territory now, with the breakdown."""
        return evaluate(self.puzzle.objective, self.territory)

    def check(self) -> ScoreResult:
        """Your score with its breakdown; a finished optimal territory is recorded as solved.

        The optimum itself is never named (it would give the puzzle away) unless
        the solution was revealed.
        """
        res = self.score()
        self.last_result = res
        best = self.puzzle.optimum
        done = not self.board.hand
        won = False
        if not done:
            verdict, kind = SO_FAR.format(count=res.points), "info"
        elif res.points >= best and not self.revealed:
            won = True
            self.store.record(self.game, self.puzzle.id, score=res.points, solved=True, hints=self.hints_used)
            verdict, kind = SOLVED.format(count=res.points), "ok"
            if self.store.warning:
                verdict = PUZZLE_TEXT["message_warning"].format(message=verdict, warning=self.store.warning)
        elif res.points >= best:
            verdict, kind = SOLVED_REVEALED.format(count=res.points), "info"
        else:
            self.store.record(self.game, self.puzzle.id, score=res.points, hints=self.hints_used)
            verdict, kind = NOT_BEST.format(count=res.points), "error"
        self._show_result(res)
        self.board._score = lambda _n: res          # the breakdown overlay shows the objective's items
        self.board.breakdown_tile = 1
        self.board.redraw()
        self.say(verdict, kind)
        self.next_button.layout.display = None if won and self.puzzles else "none"
        self._refresh()
        if done and not self.revealed:
            self._recorded()
        if won:
            for callback in self._on_solved:
                callback(self.puzzle)
        return res

    def _show_result(self, res: ScoreResult) -> None:
        rows = "".join(f"<li><b>{i.points:+d}</b> {escape(str(i.reason))}</li>" for i in res.breakdown) \
            or f"<li>{escape(str(PUZZLE_TEXT['nothing_scores']))}</li>"
        self.result.value = (f"<div><b>{escape(PUZZLE_TEXT['your_score'].format(points=res.points))}</b>"
                             f"<ul style='margin:0.2em 0'>{rows}</ul></div>")

    def hint(self) -> str:
        """The next written hint; after the last one, one tile's optimal spot.

        A hint about a spot outlines the cell (and selects the tile) on the board,
        names the cell by the coordinates the board shows, and switches the
        coordinates on.
        """
        hints = self.puzzle.shown_hints
        self.hints_used += 1
        if self.hints_shown < len(hints):
            text = self._visible_hint(hints[self.hints_shown])
            self.hints_shown += 1
            shown = [self._visible_hint(h, point=False) for h in hints[:self.hints_shown]]
            # the hints in one place, a live region (a screen reader reads the new one); the status line
            # only says where it is
            self.hint_box.value = ('<div aria-live="polite">'
                                   + "".join(f"<div>{escape(PUZZLE_TEXT['hint_line'].format(number=k + 1, hint=h))}</div>"
                                             for k, h in enumerate(shown)) + "</div>")
            self.say(PUZZLE_TEXT["hint_of"].format(number=self.hints_shown, total=len(hints)), "info")
            self._record_hints()
            return text
        move = self.next_optimal_move()
        if move is None:
            text = str(NO_MORE_HINT)
        elif move.returned:
            text = RETURNED_HINT.format(tile=move.tile)
        else:
            text = FINAL_HINT.format(tile=move.tile, cell=_cell(move.x, move.y), rotation=move.rotation)  # type: ignore[arg-type]
            self._point_at(move, rotation=move.rotation or 0)
        if not self._follows_solution():
            text += " " + str(LEFT_SOLUTION)
        self.say(text, "info")
        self._record_hints()
        return text

    def next_optimal_move(self) -> Move | None:
        """The first move of the stored optimal solution whose tile is still in the hand."""
        for m in self.puzzle.solution:
            if str(m.tile) in self.board.hand:
                return m
        return None

    def reveal(self) -> None:
        """Show an optimal solution on the board (the puzzle is not counted as solved)."""
        self.reset()
        self.revealed = True
        for m in self.puzzle.solution:
            if not m.returned:
                self.board.territory.place(m.tile, m.x, m.y, m.rotation)  # type: ignore[arg-type]
        self.board.set_hand([])
        self.board.set_territory(self.board.territory)
        self.returned = [m.tile for m in self.puzzle.solution if m.returned]
        res = self.check()
        moves = ", ".join(MOVE_AT.format(tile=m.tile, x=m.x, y=m.y, rotation=m.rotation) if not m.returned
                          else MOVE_RETURNED.format(tile=m.tile) for m in self.puzzle.solution)
        self.say(REVEALED.format(count=res.points, moves=moves), "info")
        self._refresh_header()

    def undo(self) -> None:
        """Take back the last tile you placed."""
        start = len(self.puzzle.territory)
        if len(self.territory) <= start:
            self.say(str(PUZZLE_TEXT["nothing_to_undo"]), "error")
            return
        p = self.territory.pop()
        self._clear_breakdown()
        hand = [str(t) for t in self.returned] + self.board.hand + [p.tile]
        self.returned = []
        self.board.set_hand([t for t in map(str, self.puzzle.hand) if t in hand])
        self.board.set_territory(self.territory)
        self.say(PUZZLE_TEXT["took_back"].format(tile=p.tile), "info")
        self._refresh()

    def reset(self) -> None:
        """Back to the puzzle's start."""
        self.load(self.puzzle)

    def next_puzzle(self) -> Puzzle | None:
        """Load the next unsolved puzzle of the list after this one (wrapping round); None when all are solved."""
        if not self.puzzles:
            return None
        i = self._index()
        order = self.puzzles[i + 1:] + self.puzzles[:i + 1]
        nxt = next((p for p in order if not self.store.is_solved(self.game, p.id)), None)
        if nxt is None:
            self.say(str(ALL_SOLVED), "ok")
            return None
        self.load(nxt)
        return nxt

    def load(self, puzzle: Puzzle) -> None:
        """Show another puzzle (the heading and the menu follow at once)."""
        self.puzzle = puzzle
        self.returned = []
        self.hints_shown = 0
        self.hints_used = 0
        self.revealed = False
        self.last_result = None
        self.hint_box.value = ""
        self.result.value = ""
        self.next_button.layout.display = "none"
        self.board.breakdown_tile = None
        self.board._score = None
        self.board.hover = None
        self.board.title = puzzle.shown_title             # before set_hand, which writes the board's heading
        self.board.set_hand([str(t) for t in puzzle.hand])
        self.board.set_territory(puzzle.start())
        if self.puzzles and puzzle in self.puzzles:
            self._set_picker(self.puzzles.index(puzzle))
        self._refresh()
        self._intro()

    def _intro(self) -> None:
        self.say(INTRO.format(hand=", ".join(map(str, self.puzzle.hand))), "info")

    # -- internals ---------------------------------------------------------------
    def _make_board(self) -> TerritoryWidget:
        b = TerritoryWidget(self.puzzle.start(), [str(t) for t in self.puzzle.hand],
                            title=self.puzzle.shown_title, scoring_tiles=[], max_width=640, max_height=480)
        b.breakdown_menu.layout.display = "none"
        b.details.layout.display = "none"       # the puzzle shows its own breakdown
        b.on_placed(lambda *_: self._after_place())
        b.use_undo(self.undo)                   # the key u is the puzzle's undo (its button is the puzzle's)
        return b

    def _visible_hint(self, text: str, point: bool = True) -> str:
        """A written hint as the player can follow it: a key tile's spot by its labelled coordinate."""
        m = _KEY_HINT.match(text)
        move = next((mv for mv in self.puzzle.solution if m and str(mv.tile) == m["tile"] and not mv.returned),
                    None)
        if move is None:
            return text
        if point:
            self._point_at(move, rotation=self.board.rotation)
        return KEY_TILE_HINT.format(tile=move.tile, cell=_cell(move.x, move.y))  # type: ignore[arg-type]

    def _point_at(self, move: Move, rotation: int) -> None:
        """Select the move's tile and outline its cell (a preview of the tile there), coordinates on."""
        if str(move.tile) in self.board.hand:
            self.board.select_tile(str(move.tile))
            self.board.rotation = rotation
        self.board.hover = (move.x, move.y)     # type: ignore[assignment]
        if not self.board.overlays["coordinates"]:
            self.board.set_overlay("coordinates", True)
        self.board.redraw()

    def _record_hints(self) -> None:
        if not self.revealed:
            self.store.record(self.game, self.puzzle.id, hints=self.hints_used)
            self._recorded()

    def _clear_breakdown(self) -> None:
        """Drop the last check's overlay (it described another territory)."""
        self.board.breakdown_tile = None
        self.board._score = None
        self.result.value = ""

    def _after_place(self) -> None:
        self._clear_breakdown()
        self.board.redraw()
        hand = self.board.hand
        if hand and not any(self.territory.can_place(t) for t in hand):
            self.returned.extend(_tile_value(t) for t in hand)
            self.say(PUZZLE_TEXT["fit_nowhere"].format(tiles=", ".join(hand), count=len(hand)), "info")
            self.board.set_hand([])
        elif not hand:
            self.say(str(PUZZLE_TEXT["all_placed"]), "ok")
        self._refresh_header()

    def _follows_solution(self) -> bool:
        sol = {(str(m.tile), m.x, m.y, m.rotation) for m in self.puzzle.solution if not m.returned}
        mine = list(self.territory)[len(self.puzzle.territory):]
        return all((p.tile, p.x, p.y, p.rotation) in sol for p in mine)

    def _index(self) -> int:
        return self.puzzles.index(self.puzzle) if self.puzzle in self.puzzles else 0

    def _picker_options(self) -> list[tuple[str, int]]:
        """The menu: each puzzle by its stars and title (never its file's id), a title that repeats
        numbered in the menu's order ("Mountain walls", "Mountain walls (2)"), ✓ when solved."""
        titles = [p.shown_title for p in self.puzzles]
        seen: dict[str, int] = {}
        options = []
        for i, (p, title) in enumerate(zip(self.puzzles, titles)):
            seen[title] = seen.get(title, 0) + 1
            shown = PUZZLE_TEXT["repeated_title"].format(title=title, number=seen[title]) if seen[title] > 1 else title
            options.append((f"{_stars(p.difficulty)} {shown}{' ✓' if self.store.is_solved(self.game, p.id) else ''}", i))
        return options

    def _set_picker(self, index: int) -> None:
        self._updating = True
        try:
            self.picker.options = self._picker_options()
            self.picker.value = index
        finally:
            self._updating = False

    def _refresh_header(self) -> None:
        p = self.puzzle
        entry = self.store.get(self.game, p.id)
        solved = escape(str(PUZZLE_TEXT["solved"])) if entry.solved else ""
        best = escape(PUZZLE_TEXT["your_best"].format(count=entry.best)) if entry.best is not None else ""
        answer = html_sentence(PUZZLE_TEXT["best_possible"], points=Html(f"<b>{p.optimum}</b>"),
                               count=p.optimum) if self.revealed else ""
        returned = ("<br>" + escape(PUZZLE_TEXT["returned"].format(tiles=", ".join(map(str, self.returned))))
                    if self.returned else "")
        objective = escape(PUZZLE_TEXT["objective"].format(objective=describe_objective(p.objective)))
        hand = escape(PUZZLE_TEXT["hand"].format(tiles=", ".join(map(str, p.hand))))
        self.header.value = (
            f"<div><b>{escape(p.shown_title)}</b> {_stars(p.difficulty)}{solved}<br>"
            f"{objective}<br>{hand}{best}{answer}{returned}</div>")

    def _refresh(self) -> None:
        self._refresh_header()
        if self.puzzles:
            self._set_picker(self._index())

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget plus static SVG and PNG pictures of the board."""
        return with_picture(super()._repr_mimebundle_(**kwargs), self.picture())

    def picture(self) -> Drawing:
        """The static picture of the puzzle's board (with its description)."""
        return self.board.picture()


def puzzle_picker(folder: str | os.PathLike[str] | None = None, *,
                  progress: ProgressStore | str | os.PathLike[str] | None = None) -> PuzzleWidget:
    """A :class:`PuzzleWidget` over the whole curated set, easiest first, open on the first unsolved one."""
    return PuzzleWidget(puzzles=load_all(folder), progress=progress)

"""HashiWidget: play Hashi (the flip-and-write game) or a classic Hashiwokakero puzzle.

Game (:class:`~skye_widgets.hashi.game.HashiGame`): click a free island to
write the card's number there (action a); click two islands one after the
other - or drag from one to the other - to draw a bridge (action b); press
*Done* to finish the turn (or *Undo*). In the setup, click an island without a
flag to write the 3 or the 4 chosen above the board. Bots (``bots=["greedy"]``
for a seat) play their turns at once. The card, the cards still unseen and
the score sheet are shown beside the board.

Puzzle (:class:`~skye_widgets.hashi.puzzle.PuzzleState`): click two islands
to cycle the bridges between them 0 -> 1 -> 2 -> 0; *Hint* explains the
next logical step; *Check* says what is still wrong.

Everything is reachable from Python (what the tests call)::

    w = HashiWidget.solo(seed=3)
    w.click_cell(2, 0)          # setup: a 3 on (x 2, y 0)
    w.click_cell(5, 0); w.click_cell(2, 0)   # a bridge (5, 0)-(2, 0)
    w.done(); w.message

``click_cell(x, y)`` takes a column and a row (x east, y south) like every
widget of the project (``click_island`` is the same). Cells are ``(x, y)`` in the
game and in a classic puzzle alike, as in the engines.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any, Sequence

import ipywidgets as W

from ..drawing import Drawing
from ..errors import RulesError
from ..limits import is_whole
from ..hashi.board import Board, Cell, load_board
from ..hashi.bots import Bot, PlannerBot, make_bot
from ..hashi.game import Bridge, EndTurn, HashiGame, IslandNumberedError, Setup, Write
from ..hashi.puzzle import HashiPuzzle, PuzzleState, cell_name
from ..hashi.render import (PUZZLE_MARGIN, Geometry, board_geometry, card_label, render_game, render_puzzle,
                            score_line)
from ..hashi.describe import describe_game, describe_puzzle
from ..words import is_you, word_list, you
from ..i18n import lazy, lazy_ngettext
from ..protocol import bot_kind_name, suggest as bot_suggestion
from .base import ARROWS, CanvasBoard, TurnLoop, explain_decision, finite_pixels, make_seat, on_click, plain_text
from .base import Html, explanation_html, html_sentence, keys_html, status_html, why_html
from .projector import BOT_PAUSED, BOT_THINKING, ProjectorParts, board_part, projector_seats, styled


#: The keyboard's texts (whole sentences with named placeholders, for translation).
# Translators: the keys of a Hashi puzzle (after "Keyboard (click or Tab to the board first):"); h, c are keys.
HASHI_PUZZLE_KEYS = lazy("arrows move between islands, Enter selects one and then an arrow draws a bridge that way, "
                         "Backspace then an arrow removes one, h hint, c check, Escape clears.")
# Translators: the keys of a Hashi game; 3 / 4, d and s are keys.
HASHI_GAME_KEYS = lazy("arrows move between islands, Enter clicks one (write, or select and then an arrow draws a "
                       "bridge that way), 3 / 4 setup number, Backspace takes back, d ends the turn, s suggests.")
# Translators: {cell} is "(x, y)", {island} what it holds (the two texts below).
# Translators: a bot's name in a game against bots: {bot} its kind (the glossary's word), {number} which
# bot it is ("planner 1").
HASHI_BOT_SEAT = lazy("{bot} {number}")
HASHI_CURSOR = lazy("Cursor on the island at {cell}: {island}.")
HASHI_PUZZLE_ISLAND = lazy_ngettext("number {number}, {count} bridge drawn", "number {number}, {count} bridges drawn")
HASHI_BLANK_ISLAND = lazy_ngettext("no number yet, {count} bridge drawn", "no number yet, {count} bridges drawn")
HASHI_NO_ISLAND_THAT_WAY = lazy("There is no island that way from {cell}.")
HASHI_NO_NEIGHBOUR = lazy("The island at {cell} has no neighbour that way.")
HASHI_REMOVE_WHICH = lazy("Press an arrow: one bridge that way from the cursor's island is removed.")
# Translators: {left} is the number of bridges left between the two islands (0 or 1).
HASHI_REMOVED = lazy("One bridge fewer between {a} and {b}: {left} left.")
HASHI_CURSOR_FIRST = lazy("Move the cursor to an island first (arrow keys).")
HASHI_CLEARED = lazy("Selection cleared; the arrow keys bring the cursor back.")
HASHI_SETUP_NUMBER = lazy("The setup number is now {number}.")
HASHI_SOLVED = lazy("Solved! Every island has its bridges and all are connected.")
HASHI_SHORT = lazy_ngettext("{count} island needs more bridges", "{count} islands need more bridges")
HASHI_OVER = lazy_ngettext("{count} island has too many", "{count} islands have too many")
# Translators: after "2 islands need more bridges": "1 has too many" (the islands).
HASHI_ALSO_OVER = lazy_ngettext("{count} has too many", "{count} have too many")
# Translators: {short} is "2 islands need more bridges", {over} "1 has too many".
HASHI_BOTH = lazy("{short}, {over}")
HASHI_ISLANDS_MARKED = lazy("{problems} (marked on the board).")
# Translators: {problem} is the puzzle's own words ("two bridges cross", "the islands are not all connected").
HASHI_OTHER_PROBLEM = lazy("Every island has its number of bridges, but {problem}.")
# the bots' moves (a log with an expandable "why?") and "What would a bot do?"
HASHI_LOG_TITLE = lazy("Bot moves, newest first")
# Translators: a line of the bot moves' log: {move} is one of the texts below ("writes the setup 3 at (2, 4)").
HASHI_LOG_LINE = lazy("{name}: {move}")
HASHI_MOVE_BY = lazy("{name} {move}")
HASHI_MOVE_SETUP = lazy("writes the setup {number} at {cell}")
HASHI_MOVE_WRITE = lazy("writes the card's number at {cell}")
HASHI_MOVE_BRIDGE = lazy("draws a bridge {a} - {b}")
HASHI_MOVE_END = lazy("ends the turn")
# Translators: {plan} is the planner's turn (HASHI_TEXT's plan_ texts), {steps} the clicks that make it (whole
# sentences, HASHI_STEP below), {why} the bot's reasons.
HASHI_SUGGEST_LINE = lazy("What would a bot do? {plan}. To do it: {steps} In its words: {why}")
#: The clicks that make the planner's turn, one whole sentence each; islands are named by the board's
#: coordinates ({cell} is "(2, 4)": column 2, row 4).
HASHI_STEP = {
    # Translators: {number} is 3 or 4, a button of the setup ("Setup number").
    "setup": lazy("Choose {number} as the setup number, then click the island at {cell}."),
    "write": lazy("Click the island at {cell}: the card's {number} is written there."),
    "bridge": lazy("Click the island at {a}, then the island at {b}: a bridge between them."),
    # Translators: Done is the name of the button that ends the turn.
    "done": lazy("Then press Done."),
    "nothing": lazy("Press Done without writing a number or drawing a bridge."),
}
#: The table's own texts (buttons, headings, status lines).
HASHI_TEXT = {
    # Translators: the buttons of a Hashi puzzle and their tooltips; h and c are keys.
    "hint": lazy("Hint"), "hint_tip": lazy("explain the next step (h)"),
    "check": lazy("Check"), "check_tip": lazy("is the puzzle solved? (c)"),
    "again": lazy("Start again"), "again_tip": lazy("remove every bridge"),
    # Translators: the label of the 3 / 4 buttons of a Hashi game's setup.
    "setup_number": lazy("Setup number"),
    "done": lazy("Done"), "done_tip": lazy("end your turn (d)"),
    "undo": lazy("Undo"), "undo_tip": lazy("take back this turn's last move (Backspace)"),
    # Translators: a button of a Hashi game: what would a bot do?
    "suggest": lazy("Suggest"), "suggest_tip": lazy("what would a bot do? the planner's move and why"),
    # Translators: the menu that chooses whose board is shown; its first choice.
    "show_board": lazy("Show board"), "player_to_act": lazy("player to act"),
    "coordinates": lazy("coordinates"),
    "solved": lazy("solved!"),
    "cycle": lazy("click two islands to cycle 0, 1, 2 bridges"),
    # Translators: the heading of a classic puzzle: its size ({width}x{height}) and islands; {state} one of the two texts above.
    "puzzle_header": lazy_ngettext("Hashiwokakero {width}x{height}, {count} island: {state}",
                                   "Hashiwokakero {width}x{height}, {count} islands: {state}"),
    "over": lazy_ngettext("Game over. Winner: {names}", "Game over. Winners: {names}"),
    "over_solo": lazy("Game over. Winner: {names}; rank: {rank}"),
    "setup": lazy("{name}: setup - click an island without a flag to write your 3 or 4"),
    # Translators: the heading during play: {number} and {count} are the card's number and bridges, {left} the cards still to come.
    "card": lazy_ngettext("{name} - card {round} of {total}: {number} with {count} bridge; {left} to come.",
                          "{name} - card {round} of {total}: {number} with {count} bridges; {left} to come."),
    "card_solo": lazy_ngettext(
        "{name} - card {round} of {total} (pile {pile} of 3): {number} with {count} bridge; {left} to come.",
        "{name} - card {round} of {total} (pile {pile} of 3): {number} with {count} bridges; {left} to come."),
    "step_start": lazy("Click a free island to write the number, or two islands for a bridge"),
    "step_drawn": lazy_ngettext("{drawn} of {count} bridge drawn", "{drawn} of {count} bridges drawn"),
    # Translators: the score sheet: a seat played by a bot / by a person.
    "bot": lazy("bot"), "person": lazy("person"),
    "unseen": lazy("Cards not seen yet (one of them is out of the game): {cards}"),
    "no_cell": lazy("no cell at x={x!r}, y={y!r}: the grid has columns 0-{last_column} and rows 0-{last_row}"),
    "no_island": lazy("no island at {cell}"),
    "game_over": lazy("the game is over"),
    "bot_playing": lazy("a bot is playing"),
    "wrote_setup": lazy("{name} wrote a {number} at {cell}"),
    # Translators: the learner's own setup (their seat has the default name "You"): said to them.
    "wrote_setup_you": lazy("You wrote a {number} at {cell}"),
    "cleared": lazy("selection cleared"),
    "bridge": lazy("bridge {a} - {b} ({drawn} of {count})"),
    "wrote": lazy("wrote {number} at {cell}"),
    "wrote_finished": lazy("wrote {number} at {cell} - finished!"),
    "selected_game": lazy("{cell} selected: click a neighbour to draw a bridge"),
    # Translators: {error} is the rules' reason why no number may be written on this island.
    "selected_no_number": lazy("{cell} selected: click a neighbour to draw a bridge (no number here: {error})"),
    # Translators: {done} is what was just done ("Ann wrote a 3 at (2, 4)").
    "passed": lazy("{done}; boards passed to the left: you now play your right-hand neighbour's board"),
    "turn_done": lazy("{name}: turn done"),
    "turn_done_next": lazy("{name}: turn done; next card: {card}"),
    "only_this_turn": lazy("only this turn's number and bridges can be taken back"),
    "took_number": lazy("took back the number"),
    "took_bridge": lazy("took back a bridge"),
    "suggest_later": lazy("suggestions are for the start of a turn: undo this turn's moves first"),
    "plan_setup": lazy("the planner would write a {number} at {cell}"),
    # Translators: {bridges} lists bridges as "(1, 2)-(1, 4), (3, 0)-(5, 0)".
    "plan_write_draw": lazy("the planner would write {number} at {cell} and draw {bridges}"),
    "plan_write": lazy("the planner would write {number} at {cell} and draw no bridge"),
    "plan_draw": lazy("the planner would write nothing and draw {bridges}"),
    "plan_nothing": lazy("the planner would write nothing and draw no bridge"),
    "selected_puzzle": lazy("{cell} selected: click a neighbour to add a bridge"),
    "bridges_between": lazy_ngettext("{count} bridge between {a} and {b}", "{count} bridges between {a} and {b}"),
    "removed_all": lazy("all bridges removed"),
}

# -- projector mode (issue 16): whole sentences with named placeholders, marked for translation ---
#: The big "whose turn / what to do now" line, one per kind of decision ({count}: the card's bridges).
HASHI_TURN_SETUP = lazy("{name}: write a 3 or a 4 on an island without a flag.")
HASHI_TURN_CARD = lazy_ngettext(
    "{name}: the card shows {number} with {count} bridge. Write the {number} on a free island, "
    "draw exactly {count} bridge or none, then press Done.",
    "{name}: the card shows {number} with {count} bridges. Write the {number} on a free island, "
    "draw exactly {count} bridges or none, then press Done.")
HASHI_TURN_WROTE = lazy_ngettext("{name}: draw exactly {count} bridge or none, then press Done.",
                                 "{name}: draw exactly {count} bridges or none, then press Done.")
# Translators: {drawn} bridges of the card's {count} are drawn this turn, {left} are still to draw.
HASHI_TURN_DRAWING = lazy_ngettext("{name}: {drawn} of {count} bridge drawn; draw {left} more, or take them back.",
                                   "{name}: {drawn} of {count} bridges drawn; draw {left} more, or take them back.")
HASHI_TURN_DRAWN = lazy("{name}: every bridge of the card is drawn; press Done to end the turn.")
#: The end, with the winner and the score.
# Translators: Hashi solo: {rank} is the title the rulebook gives for the score.
HASHI_OVER_SOLO = lazy_ngettext("Game over: {name} scores {count} point, rank {rank}.",
                                "Game over: {name} scores {count} points, rank {rank}.")
HASHI_OVER_WIN = lazy_ngettext("Game over: {name} wins with {count} point.",
                               "Game over: {name} wins with {count} points.")
# Translators: {names} is a list of names ("Ana and Bot 2").
HASHI_OVER_SHARED = lazy_ngettext("Game over: {names} share the win with {count} point.",
                                  "Game over: {names} share the win with {count} points.")
#: The short prompts of the decision part.
HASHI_PROMPT_SETUP = lazy("Pick 3 or 4, then click an island without a flag.")
HASHI_PROMPT_CARD = lazy("Click a free island to write {number}, or two islands for a bridge.")
HASHI_PROMPT_BRIDGES = lazy("Click two islands for each bridge.")
HASHI_PROMPT_DONE = lazy("Press Done to end the turn.")
HASHI_PROMPT_WAIT = lazy("Nothing to do: a bot is playing.")
HASHI_PROMPT_OVER = lazy("The game is over.")
# Translators: a button (Hashi's projector page): end the turn. The prompts call it Done too.
HASHI_DONE = lazy("Done")
HASHI_DONE_TIP = lazy("end the turn (d)")
# Translators: a button (Hashi's projector page): take back this turn's last number or bridge.
HASHI_TAKE_BACK = lazy("Take back")
HASHI_TAKE_BACK_TIP = lazy("take back this turn's last number or bridge")
HASHI_SUGGEST = lazy("What would a bot do?")
HASHI_SUGGEST_TIP = lazy("the planner's move for this turn and why (nothing is played)")
HASHI_SETUP_TIPS = [lazy("write a 3 in the setup"), lazy("write a 4 in the setup")]
#: The board part's caption, the summaries and the track.
HASHI_BOARD_OF = lazy("{name}'s board")
# Translators: a seat played by a person (in a summary: "Ana (person)").
HASHI_SEAT_PERSON = lazy("person")
HASHI_SUMMARY_POINTS = lazy_ngettext("{count} point", "{count} points")
HASHI_TRACK_SETUP = lazy_ngettext("Setup: every player writes a 3 or a 4. Then {total} card is turned.",
                                  "Setup: every player writes a 3 or a 4. Then {total} cards are turned one by one.",
                                  counter="total")
# Translators: {card} is the card as printed (its number and bridges).
HASHI_TRACK_CARD = lazy("Card {round} of {total}: {card}.")
HASHI_TRACK_LEFT = lazy_ngettext("{count} card to come.", "{count} cards to come.")
HASHI_TRACK_PILE = lazy("Solo: pile {pile} of 3.")
HASHI_TRACK_OVER = lazy_ngettext("The {total} card is played.", "All {total} cards are played.", counter="total")
HASHI_TRACK_PLAYED = lazy("Played: {cards}.")
#: Everyone's hidden information (the teacher's "show everyone's hidden information").
HASHI_OPEN_TITLE = lazy("Hidden from every player (shown for discussion):")
HASHI_OPEN_PILE = lazy("The face-down pile, top first: {cards}.")
HASHI_OPEN_PILE_EMPTY = lazy("The face-down pile is empty.")
HASHI_OPEN_REMOVED = lazy("The card put back in the box unseen: {card}.")
#: The teacher's undo: what was taken back, one whole sentence per kind of move.
# Translators: the teacher's undo; {name} made the move, {number} is 3 or 4, {cell} an island's name ("c4").
UNDO_SETUP = lazy("Taken back: {name} writes the setup {number} at {cell}. The bots are paused.")
UNDO_WRITE = lazy("Taken back: {name} writes the card's number at {cell}. The bots are paused.")
UNDO_BRIDGE = lazy("Taken back: {name} draws a bridge {a} - {b}. The bots are paused.")
UNDO_END = lazy("Taken back: {name} ends the turn. The bots are paused.")
UNDO_NOTHING = lazy("There is nothing to take back.")


class HashiWidget(CanvasBoard):
    """A Hashi game or a classic puzzle on a canvas (see the module docstring).

    Parameters
    ----------
    game:
        The game to play (default: solo on side A, seed 0).
    bots:
        One entry per player: a bot kind (``"greedy"``, ``"planner"``) or
        ``None`` for a person. Missing entries are people.
    puzzle:
        A ``PuzzleState`` (or ``HashiPuzzle``) to play instead of a game.
    bot_delay:
        ``None`` (default): bots play their turns at once; seconds: one bot
        action at a time on the kernel's event loop (see :class:`TurnLoop`).
    """

    def __init__(self, game: HashiGame | None = None, *, bots: Sequence[str | None] = (),
                 puzzle: Any = None, bot_seed: int = 0, bot_delay: float | None = None,
                 coordinates: bool = True, language_picker: bool = True) -> None:
        #: projector mode (set by :func:`projector_game`): undo() is then the teacher's undo
        self.projector = False
        #: True while everyone's hidden information shows (projector mode)
        self.open_hand = False
        self._refresh_callbacks: list[Any] = []
        self._parts: ProjectorParts | None = None
        self._undo_status: str | None = None      # the status line the teacher's undo wrote
        self._card_seen: int | None = None        # the cards turned when a move was last shown (a new card: said)
        self.selected: Cell | None = None
        # column (x) and row (y) numbers on the board's edge, as the texts name cells
        self.coordinates_box = W.Checkbox(value=bool(coordinates), description=str(HASHI_TEXT["coordinates"]),
                                          indent=False,
                                          layout=W.Layout(width="auto"))
        self.coordinates_box.observe(lambda _c: self.redraw(), names="value")
        self._removing = False
        self.highlight: tuple[Cell, ...] = ()
        self.short: tuple[Cell, ...] = ()       # after Check: islands with too few bridges ...
        self.over: tuple[Cell, ...] = ()        # ... and with too many (marked on the board)
        self.hints_used = 0
        self._solved_callbacks: list[Any] = []
        self.mode = "puzzle" if puzzle is not None else "game"
        self._down: Cell | None = None
        self.header = W.HTML(layout=W.Layout(min_height="1.5em"))
        self.header.add_class("hashi-header")
        self.sheet_html = W.HTML()
        self.sheet_html.add_class("hashi-scores")
        if self.mode == "puzzle":
            self.puzzle_state = PuzzleState(puzzle) if isinstance(puzzle, HashiPuzzle) else puzzle
            self.game = None
            self.turns: TurnLoop | None = None
            self._geometry = self._puzzle_geometry()
            self.hint_button = on_click(W.Button(description=str(HASHI_TEXT["hint"]), icon="lightbulb-o",
                                                 tooltip=str(HASHI_TEXT["hint_tip"])), self.show_hint)
            self.check_button = on_click(W.Button(description=str(HASHI_TEXT["check"]), icon="check",
                                                  tooltip=str(HASHI_TEXT["check_tip"])), self.check)
            self.again_button = on_click(W.Button(description=str(HASHI_TEXT["again"]), icon="refresh",
                                                  tooltip=str(HASHI_TEXT["again_tip"])), self.reset)
            buttons = [self.hint_button, self.check_button, self.again_button]
            picker = [self.make_language_picker()] if language_picker else []
            controls: list[W.Widget] = [self.header, W.HBox([*buttons, self.coordinates_box, *picker],
                                                             layout=W.Layout(align_items="center"))]
        else:
            self.puzzle_state = None
            self.game = game if game is not None else HashiGame.new([you()], seed=0)
            kinds = list(bots) + [None] * (self.game.n_players - len(bots))
            self.turns = TurnLoop(self.game, [make_seat(k, make_bot, bot_seed + i + 1) for i, k in enumerate(kinds)],
                                  delay=bot_delay, on_change=self.refresh, on_action=self._bot_acted,
                                  on_error=lambda _p, message: self.say(message, "error"))
            self._geometry = board_geometry(self.game.board)
            self.setup_number = W.ToggleButtons(options=[3, 4], value=3, description=str(HASHI_TEXT["setup_number"]),
                                                style={"button_width": "3em"})
            self.done_button = on_click(W.Button(description=str(HASHI_TEXT["done"]), icon="check",
                                                 button_style="success", tooltip=str(HASHI_TEXT["done_tip"])),
                                        self.done)
            self.undo_button = on_click(W.Button(description=str(HASHI_TEXT["undo"]), icon="undo",
                                                 tooltip=str(HASHI_TEXT["undo_tip"])), self.undo_turn)
            self.suggest_button = on_click(W.Button(description=str(HASHI_TEXT["suggest"]), icon="lightbulb-o",
                                                    tooltip=str(HASHI_TEXT["suggest_tip"])),
                                           self.suggest)
            self.hint_html = W.HTML()
            self.hint_html.add_class("hashi-hint")
            self.log_html = W.HTML()
            self.log_html.add_class("hashi-log")
            self.suggestion: tuple[Any, Any] | None = None    # (action, explanation) of the last hint
            self._hint_at: int | None = None                    # the history length it was asked at
            self.viewer = W.Dropdown(options=self._viewer_options(), value=-1,
                                     description=str(HASHI_TEXT["show_board"]),
                                     # as wide as its label and its longest choice, in every language
                                     style={"description_width": "initial"}, layout=W.Layout(width="max-content"))
            self.viewer.observe(lambda _c: self.redraw(), names="value")
            controls = [self.header,
                        W.HBox([self.setup_number, self.done_button, self.undo_button, self.suggest_button,
                               self.viewer, self.coordinates_box, self.make_language_picker()],
                               layout=W.Layout(align_items="center",
                                                                                   flex_flow="row wrap"))]
        self.keys_help = HASHI_PUZZLE_KEYS if self.mode == "puzzle" else HASHI_GAME_KEYS
        d = self.drawing()
        super().__init__(int(d.width), int(d.height), controls=controls)
        self.children = (*self.children, self.sheet_html)
        if self.game is not None:
            self.children = (*self.children, self.log_html)
            self.show_under_status(self.hint_html)
        self.canvas.on_mouse_up(self._on_mouse_up)
        if self.turns is not None:
            self.turns.run()
        self.refresh()

    # -- constructors -------------------------------------------------------
    @classmethod
    def solo(cls, board: str | Board = "skerries-a", seed: int = 0, name: str | None = None) -> "HashiWidget":
        """A solo game on a shipped board (or a Board); ``name`` default: "You" in the reader's language."""
        b = load_board(board) if isinstance(board, str) else board
        return cls(HashiGame(b, [you() if name is None else name], seed=seed))

    @classmethod
    def versus(cls, bots: Sequence[str] = ("planner",), board: str | Board = "skerries-a", seed: int = 0,
               name: str | None = None, bot_delay: float | None = None) -> "HashiWidget":
        """You against bots (one seat per bot kind, named by its kind in the reader's words and its seat);
        ``bot_delay`` as in the constructor."""
        b = load_board(board) if isinstance(board, str) else board
        players = [you() if name is None else name] + [
            HASHI_BOT_SEAT.format(bot=bot_kind_name(k), number=i + 1) for i, k in enumerate(bots)]
        return cls(HashiGame(b, players, seed=seed), bots=[None, *bots], bot_delay=bot_delay)

    @classmethod
    def for_puzzle(cls, puzzle: Any) -> "HashiWidget":
        """A classic puzzle (HashiPuzzle, PuzzleState or a path to a .has/.json file)."""
        if isinstance(puzzle, str):
            puzzle = HashiPuzzle.load(puzzle)
        return cls(puzzle=puzzle)

    @property
    def bots(self) -> list[Bot | None]:
        """One entry per player: the bot, or None for a person (the turn loop's seats)."""
        return self.turns.seats if self.turns is not None else []

    # -- what is shown ------------------------------------------------------
    def _puzzle_geometry(self) -> Geometry:
        p = self.puzzle_state.puzzle  # type: ignore[union-attr]
        return Geometry(p.height, p.width, cell=min(52.0, max(26.0, 520 / max(p.width, p.height))),
                        margin=PUZZLE_MARGIN)

    @property
    def shown_player(self) -> int:
        """Whose board the canvas shows."""
        assert self.game is not None
        if self.viewer.value is not None and self.viewer.value >= 0:
            return int(self.viewer.value)
        return max(self.game.current_player(), 0)

    def drawing(self) -> Drawing:
        if self.puzzle_state is not None:
            return render_puzzle(self.puzzle_state, selected=self.selected, highlight=self.highlight,
                                 geometry=self._geometry, coordinates=self.coordinates_box.value)
        assert self.game is not None
        return render_game(self.game, self.shown_player, selected=self.selected, highlight=self.highlight,
                           coordinates=self.coordinates_box.value, projector=self.projector)

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The (x, y) cell under a canvas pixel, or None."""
        if not finite_pixels(px, py):
            return None
        return self._geometry.cell_at(px, py)

    def _viewer_options(self) -> list[tuple[str, int]]:
        assert self.game is not None
        return [(str(HASHI_TEXT["player_to_act"]), -1)] + [(n, i) for i, n in enumerate(self.game.players)]

    def relabel(self) -> None:
        """Every text of the widget again in the language spoken now (after ``set_language``):
        buttons, menus, the header, the score sheet, the log, the projector parts, the keys'
        line and the canvas; the game or puzzle is unchanged."""
        self.coordinates_box.description = str(HASHI_TEXT["coordinates"])
        if self.puzzle_state is not None:
            for button, key in ((self.hint_button, "hint"), (self.check_button, "check"), (self.again_button, "again")):
                button.description, button.tooltip = str(HASHI_TEXT[key]), str(HASHI_TEXT[key + "_tip"])
        else:
            for button, key in ((self.done_button, "done"), (self.undo_button, "undo"),
                                (self.suggest_button, "suggest")):
                button.description, button.tooltip = str(HASHI_TEXT[key]), str(HASHI_TEXT[key + "_tip"])
            self.setup_number.description = str(HASHI_TEXT["setup_number"])
            value = self.viewer.value
            self.viewer.options = self._viewer_options()
            self.viewer.value = value
            self.viewer.description = str(HASHI_TEXT["show_board"])
            self._relabel_parts()
        self.keys_line.value = keys_html(self.keys_help)
        self._described = ""
        self.refresh()

    def refresh(self) -> None:
        """Redraw the canvas and the panels from state."""
        self.redraw()
        self.header.value = self._header_html()
        if self.game is not None:
            self.sheet_html.value = self._scores_html()
            g = self.game
            playing = g.phase == "play" and self._human_to_act()
            self.done_button.disabled = not playing
            self.undo_button.disabled = not (playing and (g.turn_wrote or g.turn_drawn))
            self.suggest_button.disabled = not self._human_to_act()
            self.setup_number.layout.display = None if g.phase == "setup" else "none"
            if self._hint_at is not None and self._hint_at != len(g.history):
                self.suggestion, self._hint_at, self.hint_html.value = None, None, ""
            self.log_html.value = self._log_html()
            if self._parts is not None:
                self._update_parts()
        for callback in self._refresh_callbacks:
            callback()

    def move_text(self, action: Any) -> str:
        """A game action in words (the bot-move log)."""
        if isinstance(action, Setup):
            return HASHI_MOVE_SETUP.format(number=action.number, cell=_name(action.cell))
        if isinstance(action, Write):
            return HASHI_MOVE_WRITE.format(cell=_name(action.cell))
        if isinstance(action, Bridge):
            return HASHI_MOVE_BRIDGE.format(a=_name(action.a), b=_name(action.b))
        if isinstance(action, EndTurn):
            return str(HASHI_MOVE_END)
        return str(action)

    def _log_html(self) -> str:
        assert self.game is not None and self.turns is not None
        decisions = self.turns.explanations[-200:]
        if not decisions:
            return ""
        lines = [f'<div class="hashi-log-line">{escape(HASHI_LOG_LINE.format(name=self.game.players[d.player], move=self.move_text(d.action)))}</div>'
                 + why_html(d, "hashi-why") for d in reversed(decisions)]
        return (f"<div><b>{escape(str(HASHI_LOG_TITLE))}</b></div>"
                f'<div style="max-height:14em;overflow:auto;font-size:0.9em">{"".join(lines)}</div>')

    def _event_line(self, player: int, action: Any) -> str:
        """One line of the moves' log: "Bot 2: writes the setup 4 at (5, 4)"."""
        assert self.game is not None
        return HASHI_LOG_LINE.format(name=self.game.players[player], move=self.move_text(action))

    def events(self, count: int) -> list[str]:
        """The last ``count`` moves of the game, everyone's (the number written at the setup, the
        card's number written, each bridge, each turn's end), oldest first, in the words of the
        bot moves' log (the projector's "What happened" list)."""
        if self.game is None or count <= 0:
            return []
        return [self._event_line(p, a) for p, a in self.game.log[-count:]]

    def _bot_acted(self, player: int, action: Any) -> None:
        """A bot moved: the teacher's "Taken back: ..." line is no longer true, the bot's move
        takes its place on the status line; a bot whose turn's end turned the next card says so ("Bot 2:
        turn done; next card: 1·1"), in place of a line about the card before (another person's "turn
        done"). Any other line stays: the boards passed to the left, a person's turn done."""
        g = self.game
        turned = (g is not None and isinstance(action, EndTurn) and g.phase == "play" and not g.is_over()
                  and self._card_seen is not None and 1 <= self._card_seen < g.round)
        if turned:
            self.say(HASHI_TEXT["turn_done_next"].format(name=g.players[player], card=g.card), "info")
        elif self._undo_status is not None and self.status.value == self._undo_status:
            self.say(self._event_line(player, action), "info")
        self._card_seen = None if g is None else g.round
        self._undo_status = None

    def explain_last(self) -> str:
        """The last bot move in words: who did what, why (the bot's explanation) and what
        it scored (the points before and after, the breakdown lines it added), as HTML, one
        sentence a line (:func:`explanation_html`); a plain sentence when no bot has moved."""
        if self.turns is None:            # a classic puzzle has no bots
            return ""
        d = self.turns.last_explanation
        if d is None:
            return explain_decision(self.turns, None)
        return explanation_html(explain_decision(self.turns, d, HASHI_MOVE_BY.format(
            name=self.game.players[d.player], move=self.move_text(d.action))), "hashi-projector-explain")

    @property
    def hint(self) -> str:
        """The "What would a bot do?" line as plain text ("" when none is showing)."""
        return plain_text(self.hint_html.value) if self.game is not None else ""

    def _header_html(self) -> str:
        if self.puzzle_state is not None:
            p = self.puzzle_state.puzzle
            state = HASHI_TEXT["solved" if self.puzzle_state.is_solved() else "cycle"]
            return html_sentence(HASHI_TEXT["puzzle_header"], width=p.width, height=p.height,
                                 count=len(p.islands), state=state)
        g = self.game
        assert g is not None
        if g.is_over():
            win = word_list(g.players[p] for p in g.winners())
            if g.solo:
                return html_sentence(HASHI_TEXT["over_solo"], names=win,
                                     rank=Html(f"<b>{escape(g.rank_title() or '')}</b>"))
            return html_sentence(HASHI_TEXT["over"], names=win, count=len(g.winners()))
        who = Html(f"<b>{escape(g.players[g.current_player()])}</b>")
        if g.phase == "setup":
            return html_sentence(HASHI_TEXT["setup"], name=who)
        c = g.card
        assert c is not None
        drawn = len(g.turn_drawn)
        step = (str(HASHI_TEXT["step_start"]) if g.turn_wrote is None and not drawn else
                HASHI_TEXT["step_drawn"].format(drawn=drawn, count=c.bridges))
        card = html_sentence(HASHI_TEXT["card_solo" if g.solo else "card"], name=who, round=g.round,
                             total=len(g.pile), pile=g.solo_pile() if g.solo else "",
                             number=Html(f"<span style='font-size:1.3em'><b>{c.number}</b></span>"),
                             count=c.bridges, left=g.cards_left)
        return f"{card} {escape(step)}"

    def _scores_html(self) -> str:
        g = self.game
        assert g is not None
        rows = []
        for p in range(g.n_players):
            head, detail = score_line(g, p)
            kind = escape(str(HASHI_TEXT["bot" if self.bots[p] else "person"]))
            rows.append(f"<tr><td><b>{escape(head)}</b> <i>({kind})</i></td><td>{escape(detail)}</td></tr>")
        unseen = " ".join(card_label(c) for c in g.unseen_cards())
        return (f"<table class='hashi-score-sheet'>{''.join(rows)}</table>"
                f"<div>{escape(HASHI_TEXT['unseen'].format(cards=unseen))}</div>")


    # -- projector mode (issue 16: the protocol of widgets.projector.ProjectorGame) -------
    def _seat_kind(self, player: int) -> str:
        bot = self.bots[player] if 0 <= player < len(self.bots) else None
        return str(HASHI_SEAT_PERSON) if bot is None else bot_kind_name(str(getattr(bot, "name", type(bot).__name__)))

    def turn_line(self) -> str:
        """Whose turn and what to do now, one sentence the room can read: the setup, the
        start of a turn (write, then bridges), bridges still to draw, all drawn (Done);
        a bot thinking (or waiting while the bots are paused); the end with the winner
        and the score."""
        g = self.game
        if g is None or self.turns is None:
            return ""
        if g.is_over():
            best = g.winners()
            points = g.score(best[0]).points
            if g.solo:
                return HASHI_OVER_SOLO.format(name=g.players[0], count=points, rank=g.rank_title())
            if len(best) == 1:
                return HASHI_OVER_WIN.format(name=g.players[best[0]], count=points)
            return HASHI_OVER_SHARED.format(names=word_list([g.players[p] for p in best]), count=points)
        p = g.current_player()
        name = g.players[p]
        if not self.turns.is_person(p):
            line = BOT_THINKING if self.turns.auto else BOT_PAUSED
            return line.format(name=name, kind=self._seat_kind(p))
        if g.phase == "setup":
            return HASHI_TURN_SETUP.format(name=name)
        c = g.card
        assert c is not None
        drawn = len(g.turn_drawn)
        if drawn == c.bridges:
            return HASHI_TURN_DRAWN.format(name=name)
        if drawn:
            return HASHI_TURN_DRAWING.format(name=name, drawn=drawn, count=c.bridges, left=c.bridges - drawn)
        if g.turn_wrote is not None:
            return HASHI_TURN_WROTE.format(name=name, count=c.bridges)
        return HASHI_TURN_CARD.format(name=name, number=c.number, count=c.bridges)

    def on_refresh(self, callback: Any) -> None:
        """Call ``callback()`` after every refresh (a move, an undo, the bots)."""
        self._refresh_callbacks.append(callback)

    def set_open_hand(self, on: bool = True) -> None:
        """Show (True) or hide everyone's hidden information in the track part. In Hashi
        the sheets and the cards turned are open; the rules hide the face-down pile's
        order and the card put back in the box unseen: both are shown, the pile top first.
        The bots' observations never change (they are for the room, not the bots)."""
        self.open_hand = bool(on)
        self.refresh()

    def teacher_undo(self) -> None:
        """The teacher's undo: take back the last action, whoever made it (a bot's too);
        the bots are paused (``TurnLoop.undo_last``)."""
        if self.turns is None:
            return
        self.selected, self.highlight = None, ()
        taken = self.turns.undo_last()
        if taken is None:
            self.say(str(UNDO_NOTHING), "error")
        else:
            self.say(self._undone_text(*taken), "ok")
            self._undo_status = self.status.value
        if self.game is not None:
            self._card_seen = self.game.round
        self.refresh()

    def _undone_text(self, who: int | None, action: Any) -> str:
        """The teacher's undo in one sentence: who made the move taken back, and which."""
        name = self.game.players[who] if who is not None and self.game is not None else "?"
        if isinstance(action, Setup):
            return UNDO_SETUP.format(name=name, number=action.number, cell=_name(action.cell))
        if isinstance(action, Write):
            return UNDO_WRITE.format(name=name, cell=_name(action.cell))
        if isinstance(action, Bridge):
            return UNDO_BRIDGE.format(name=name, a=_name(action.a), b=_name(action.b))
        return UNDO_END.format(name=name)

    def _relabel_parts(self) -> None:
        """The projector parts' buttons and tips again in the language spoken now (the next
        refresh rebuilds the prompt, caption, summaries and track)."""
        if self._parts is not None:
            for button, text, tip in ((self._pj_done, HASHI_DONE, HASHI_DONE_TIP),
                                      (self._pj_take_back, HASHI_TAKE_BACK, HASHI_TAKE_BACK_TIP),
                                      (self._pj_suggest, HASHI_SUGGEST, HASHI_SUGGEST_TIP)):
                button.description, button.tooltip = str(text), str(tip)
            self._pj_setup.tooltips = [str(t) for t in HASHI_SETUP_TIPS]

    def projector_parts(self) -> ProjectorParts:
        """The parts of the projector page (built once, kept up to date by :meth:`refresh`):
        the board (a caption naming whose board it is, over the canvas: the player to act's),
        the decision (a short prompt, the setup's 3 or 4, Done, Take back, What would a bot
        do?), every player's summary, the track (cards turned and to come) and the status
        line. CSS classes: ``hashi-projector-*``."""
        if self.game is None:
            raise RulesError("a classic puzzle has no projector table: play a Hashi game")
        if self._parts is None:
            self._build_parts()
        assert self._parts is not None
        return self._parts

    def _build_parts(self) -> None:
        def button(text: str, tip: str, handler: Any, style: str = "") -> W.Button:
            b = W.Button(description=str(text), tooltip=str(tip), button_style=style, layout=W.Layout(width="auto"))
            return self.return_focus(on_click(styled(b, "hashi-projector-button"), handler))

        self._pj_caption = styled(W.HTML(), "hashi-projector-caption")
        board = styled(board_part(self.canvas, above=[self._pj_caption], beside=self.canvas_companions()),
                       "hashi-projector-board")
        self._pj_prompt = styled(W.HTML(), "hashi-projector-prompt")
        self._pj_setup = styled(W.ToggleButtons(options=[("3", 3), ("4", 4)], value=self.setup_number.value,
                                                tooltips=[str(t) for t in HASHI_SETUP_TIPS],
                                                style={"button_width": "auto"}), "hashi-projector-setup")
        W.link((self._pj_setup, "value"), (self.setup_number, "value"))
        self._pj_done = button(HASHI_DONE, HASHI_DONE_TIP, self.done, "success")
        self._pj_take_back = button(HASHI_TAKE_BACK, HASHI_TAKE_BACK_TIP, self.undo_turn)
        self._pj_suggest = button(HASHI_SUGGEST, HASHI_SUGGEST_TIP, self.suggest)
        self._pj_buttons = styled(W.HBox([self._pj_done, self._pj_take_back, self._pj_suggest],
                                         layout=W.Layout(flex_flow="row wrap")), "hashi-projector-buttons")
        decision = styled(W.VBox([self._pj_prompt, self._pj_setup, self._pj_buttons, self.hint_html]),
                          "hashi-projector-decision")
        self._pj_summaries = styled(W.HTML(), "hashi-projector-summaries")
        self._pj_track = styled(W.HTML(), "hashi-projector-track")
        self._parts = ProjectorParts(board, decision, self._pj_summaries, self._pj_track, self.status)
        self._update_parts()

    def _prompt(self) -> str:
        g = self.game
        assert g is not None
        if g.is_over():
            return str(HASHI_PROMPT_OVER)
        if not self._human_to_act():
            return str(HASHI_PROMPT_WAIT)
        if g.phase == "setup":
            return str(HASHI_PROMPT_SETUP)
        c = g.card
        assert c is not None
        if len(g.turn_drawn) == c.bridges:
            return str(HASHI_PROMPT_DONE)
        if g.turn_wrote is None and not g.turn_drawn:
            return HASHI_PROMPT_CARD.format(number=c.number)
        return str(HASHI_PROMPT_BRIDGES)

    def _update_parts(self) -> None:
        g = self.game
        assert g is not None
        person = self._human_to_act()
        self._pj_caption.value = escape(HASHI_BOARD_OF.format(name=g.players[self.shown_player]))
        self._pj_prompt.value = escape(self._prompt())
        self._pj_setup.layout.display = None if person and g.phase == "setup" else "none"
        self._pj_buttons.layout.display = None if person else "none"
        playing = person and g.phase == "play"
        self._pj_done.disabled = not playing
        self._pj_take_back.disabled = not (playing and (g.turn_wrote is not None or bool(g.turn_drawn)))
        self._pj_suggest.disabled = not person
        self._pj_summaries.value = self._summaries_html()
        self._pj_track.value = self._track_html()

    def _summaries_html(self) -> str:
        g = self.game
        assert g is not None
        now = g.current_player()
        rows = []
        for p in range(g.n_players):
            _head, detail = score_line(g, p)
            css = "hashi-projector-player hashi-projector-now" if p == now else "hashi-projector-player"
            rows.append(f'<div class="{css}"><b>{escape(g.players[p])}</b> ({escape(self._seat_kind(p))}): '
                        f"<b>{escape(HASHI_SUMMARY_POINTS.format(count=g.score(p).points))}</b>"
                        f'<div class="hashi-projector-detail">{escape(detail)}</div></div>')
        return "".join(rows)

    def _track_html(self) -> str:
        g = self.game
        assert g is not None
        total = len(g.pile)
        if g.phase == "setup":
            lines = [HASHI_TRACK_SETUP.format(total=total)]
        elif g.is_over():
            lines = [HASHI_TRACK_OVER.format(total=total)]
        else:
            assert g.card is not None
            lines = [HASHI_TRACK_CARD.format(round=g.round, total=total, card=card_label(g.card)),
                     HASHI_TRACK_LEFT.format(count=g.cards_left)]
            if g.solo:
                lines.append(HASHI_TRACK_PILE.format(pile=g.solo_pile()))
        if g.played_cards():
            lines.append(HASHI_TRACK_PLAYED.format(cards=" ".join(card_label(c) for c in g.played_cards())))
        html = "".join(f"<div>{escape(line)}</div>" for line in lines)
        if self.open_hand:
            pile = g.cards_to_come()
            secret = [HASHI_OPEN_PILE.format(cards=" ".join(card_label(c) for c in pile)) if pile
                      else str(HASHI_OPEN_PILE_EMPTY), HASHI_OPEN_REMOVED.format(card=card_label(g.removed_card))]
            html += (f'<div class="hashi-projector-open"><b>{escape(str(HASHI_OPEN_TITLE))}</b>'
                     + "".join(f"<div>{escape(line)}</div>" for line in secret) + "</div>")
        return html

    # -- input --------------------------------------------------------------
    def click_island(self, x: int, y: int) -> None:
        """Click the island at (x, y): the same as :meth:`click_cell`."""
        self.click_cell(x, y)

    def _grid(self) -> tuple[int, int]:
        """(columns, rows) of the grid shown."""
        if self.puzzle_state is not None:
            return self.puzzle_state.puzzle.width, self.puzzle_state.puzzle.height
        assert self.game is not None
        return self.game.board.width, self.game.board.height

    def click_cell(self, x: int, y: int) -> None:
        """Click the cell in column ``x``, row ``y``. Coordinates that are not whole
        numbers on the grid (floats, bools, NaN, out of range) are refused with a
        message, never an exception."""
        cols, rows = self._grid()
        if not (is_whole(x, 0, cols - 1) and is_whole(y, 0, rows - 1)):
            self.say(HASHI_TEXT["no_cell"].format(x=x, y=y, last_column=cols - 1, last_row=rows - 1), "error")
            return
        cell = (x, y)
        if self.puzzle_state is not None:
            self._click_puzzle(cell)
        else:
            self._click_game(cell)
        self.refresh()

    def _on_mouse_down(self, px: float, py: float) -> None:
        if not finite_pixels(px, py):
            return
        cell = self.cell_at(math.floor(px), math.floor(py))
        self._down = None if cell is None else tuple(cell)
        super()._on_mouse_down(px, py)

    def _on_mouse_move(self, px: float, py: float) -> None:
        if finite_pixels(px, py):
            super()._on_mouse_move(px, py)

    def _on_mouse_up(self, px: float, py: float) -> None:
        """A drag from one island to another draws the bridge between them."""
        if not finite_pixels(px, py):
            self._down = None
            return
        cell = self.cell_at(math.floor(px), math.floor(py))
        down, self._down = self._down, None
        if cell is None or down is None:
            return
        up = tuple(cell)
        if up != down and self.selected == down:
            self.click_cell(*cell)

    def key(self, key: str) -> None:
        """The arrows move the cursor from island to island; Enter or space click the
        cursor's island (select it, write the number, or end a bridge); with an island
        selected an arrow draws a bridge to its neighbour that way (a puzzle: adds one, a
        third press removes both). Puzzle: Backspace or Delete, then an arrow, removes a
        bridge; h hint, c check. Game: Backspace, Delete or u take back, d (or Enter with no
        cursor) ends the turn, 3 / 4 pick the setup number, s suggests. Escape clears."""
        if key in ARROWS and self._removing:
            self._remove_toward(ARROWS[key])
            return
        if key in ARROWS and self.selected is not None:
            self._bridge_toward(ARROWS[key])
            return
        if self.puzzle_state is not None:
            if key in ("Backspace", "Delete"):
                if self.cursor is None:
                    self.say(str(HASHI_CURSOR_FIRST), "error")
                    return
                self._removing = True
                self.selected = None
                self.say(str(HASHI_REMOVE_WHICH), "info")
            elif key == "h":
                self.show_hint()
            elif key == "c":
                self.check()
            else:
                super().key(key)
            return
        if key == "d" or (key == "Enter" and self.cursor is None):
            self.done()
        elif key in ("Backspace", "Delete", "u"):
            self.undo()
        elif key in ("3", "4") and self.game is not None and self.game.phase == "setup":
            self.setup_number.value = int(key)
            self.say(HASHI_SETUP_NUMBER.format(number=key), "info")
        elif key == "s":
            self.suggest()
        else:
            super().key(key)

    # -- the keyboard cursor (CanvasBoard) ----------------------------------------
    def _islands(self) -> list[Cell]:
        if self.puzzle_state is not None:
            return list(self.puzzle_state.puzzle.islands)
        assert self.game is not None
        return list(self.game.board.cells)

    def _neighbours(self, cell: Cell) -> list[Cell]:
        if self.puzzle_state is not None:
            return list(self.puzzle_state.puzzle.neighbours(cell))
        assert self.game is not None
        return list(self.game.board.neighbours(cell))

    def cell_box(self, x: int, y: int) -> tuple[float, float, float, float] | None:
        """The pixel box around grid cell (x, y) (None off the grid)."""
        cols, rows = self._grid()
        if not (is_whole(x, 0, cols - 1) and is_whole(y, 0, rows - 1)):
            return None
        geo = self._geometry
        cx, cy = geo.center((x, y))
        half = geo.cell / 2
        return cx - half, cy - half, geo.cell, geo.cell

    def cursor_start(self) -> Cell | None:
        """The first island (row by row)."""
        cells = sorted(self._islands(), key=lambda c: (c[1], c[0]))
        return cells[0] if cells else None

    def move_cursor(self, dx: int, dy: int) -> None:
        """Jump to the nearest island that way (same row or column first)."""
        if self.cursor is None:
            super().move_cursor(dx, dy)
            return
        x, y = self.cursor
        found = []
        for c in self._islands():
            along = (c[0] - x) * dx + (c[1] - y) * dy
            across = abs((c[0] - x) * dy) + abs((c[1] - y) * dx)
            if along > 0:
                found.append((across, along, c[1], c[0]))
        if not found:
            self.say(HASHI_NO_ISLAND_THAT_WAY.format(cell=_name(self.cursor)), "info")
            return
        self.cursor = min(found)[3], min(found)[2]
        self.cursor_moved(self.cursor)

    def cursor_moved(self, cell: tuple[int, int]) -> None:
        self.say(HASHI_CURSOR.format(cell=_name(cell), island=self._island_words(cell)), "info")
        self.redraw()

    def _island_words(self, cell: Cell) -> str:
        if self.puzzle_state is not None:
            st = self.puzzle_state
            return HASHI_PUZZLE_ISLAND.format(number=st.puzzle.islands[cell], count=st.degree(cell))
        assert self.game is not None
        sheet = self.game.sheet(self.shown_player)
        n = sheet.numbers.get(cell)
        if n is None:
            return HASHI_BLANK_ISLAND.format(count=sheet.degree(cell))
        return HASHI_PUZZLE_ISLAND.format(number=n, count=sheet.degree(cell))

    def _toward(self, step: tuple[int, int]) -> Cell | None:
        """The selected island's (or the cursor's) neighbour that way, or None."""
        here = self.selected if self.selected is not None else self.cursor
        if here is None:
            return None
        dx, dy = step
        for n in self._neighbours(here):
            ddx, ddy = n[0] - here[0], n[1] - here[1]
            if (ddx > 0) - (ddx < 0) == dx and (ddy > 0) - (ddy < 0) == dy:
                return n
        return None

    def _bridge_toward(self, step: tuple[int, int]) -> None:
        """With an island selected, an arrow is a click on its neighbour that way."""
        other = self._toward(step)
        if other is None:
            self.say(HASHI_NO_NEIGHBOUR.format(cell=_name(self.selected)), "error")  # type: ignore[arg-type]
            return
        self.click_cell(*other)

    def _remove_toward(self, step: tuple[int, int]) -> None:
        """After Backspace/Delete in a puzzle: one bridge fewer toward the arrow's neighbour."""
        self._removing = False
        st = self.puzzle_state
        other = self._toward(step)
        if st is None or other is None or self.cursor is None:
            self.say(HASHI_NO_NEIGHBOUR.format(cell=_name(self.cursor) if self.cursor else "?"), "error")
            return
        try:
            st.remove_bridge(self.cursor, other)
        except RulesError as e:
            self.say(str(e), "error")
            return
        self.say(HASHI_REMOVED.format(a=_name(self.cursor), b=_name(other), left=st.count(self.cursor, other)), "ok")
        self.refresh()

    def escape(self) -> None:
        """Escape forgets the selected island and the glow."""
        self.selected = None
        self._removing = False
        self.highlight = ()
        self.say(str(HASHI_CLEARED), "info")
        self.refresh()

    def describe(self) -> str:
        """The board shown, in words (islands, numbers, bridges; in a game the points so far)."""
        if self.puzzle_state is not None:
            return describe_puzzle(self.puzzle_state)
        assert self.game is not None
        return describe_game(self.game, self.shown_player)

    def _is_island(self, cell: Cell) -> bool:
        if self.puzzle_state is not None:
            return cell in self.puzzle_state.puzzle.islands
        assert self.game is not None
        return self.game.board.is_island(cell)

    def _human_to_act(self) -> bool:
        return self.turns is not None and bool(self.turns.persons_to_act())

    def _click_game(self, cell: Cell) -> None:
        g = self.game
        assert g is not None
        self.highlight = ()
        if not self._is_island(cell):
            self.selected = None
            self.say(HASHI_TEXT["no_island"].format(cell=_name(cell)))
            return
        if g.is_over():
            self.say(str(HASHI_TEXT["game_over"]))
            return
        if not self._human_to_act():
            self.say(str(HASHI_TEXT["bot_playing"]))
            return
        if self.viewer.value not in (-1, g.current_player()):
            self.viewer.value = -1  # back to the board of the player to act
        if g.phase == "setup":
            name = g.players[g.current_player()]
            self._try(Setup(cell, int(self.setup_number.value)),
                      HASHI_TEXT["wrote_setup_you" if is_you(name) else "wrote_setup"].format(
                          name=name, number=self.setup_number.value, cell=_name(cell)))
            return
        sheet = g.sheet(g.current_player())
        if self.selected is not None:
            first, self.selected = self.selected, None
            if first == cell:
                self.say(str(HASHI_TEXT["cleared"]))
                return
            self._try(Bridge(first, cell), HASHI_TEXT["bridge"].format(
                a=_name(first), b=_name(cell), drawn=len(g.turn_drawn) + 1, count=g.card.bridges if g.card else 0))
            return
        why_not: str | None = None
        can_write = g.turn_wrote is None and not g.turn_drawn    # a turn's first click may write
        if can_write:
            try:
                g.check(Write(cell))                               # the engine says whether it may
            except IslandNumberedError:
                can_write = False                                  # a numbered island starts a bridge
            except RulesError as e:
                can_write, why_not = False, str(e)
        if can_write:
            number = g.card.number if g.card else 0
            self._try(Write(cell), HASHI_TEXT["wrote_finished" if sheet.degree(cell) == number else "wrote"].format(
                number=number, cell=_name(cell)))
        else:
            self.selected = cell
            self.say(HASHI_TEXT["selected_game"].format(cell=_name(cell)) if why_not is None else
                     HASHI_TEXT["selected_no_number"].format(cell=_name(cell), error=why_not))

    def _try(self, action: Any, success: str) -> bool:
        g = self.game
        assert g is not None
        assert self.turns is not None
        try:
            self.turns.apply(action)
        except RulesError as e:
            self.say(str(e), "error")
            return False
        was_setup = g.phase == "setup"
        self.turns.run()
        if was_setup and g.phase == "play" and g.n_players > 1:
            success = HASHI_TEXT["passed"].format(done=success)
        self.say(success, "ok")
        return True

    def done(self) -> None:
        """Finish the turn of the player to act (EndTurn)."""
        g = self.game
        if g is None or not self._human_to_act():
            return
        self.selected = None
        before = g.round
        who = g.players[g.current_player()]
        if self._try(EndTurn(), HASHI_TEXT["turn_done"].format(name=who)):
            if g.is_over():
                self.say(self.turn_line(), "ok")        # "Game over: Ann wins with 41 points."
            elif g.round != before:
                self.say(HASHI_TEXT["turn_done_next"].format(name=who, card=g.card), "ok")
        self._card_seen = g.round
        self.refresh()

    def undo(self) -> None:
        """Take back one move: in a lesson (and by the Undo button and Backspace) the last
        number or bridge of a person's own turn (:meth:`undo_turn`); in projector mode the
        teacher's undo (:meth:`teacher_undo`: the last action, whoever made it)."""
        if self.projector:
            self.teacher_undo()
        else:
            self.undo_turn()

    def undo_turn(self) -> None:
        """Take back the last number or bridge of this turn (a person's own turn only:
        the engine's ``undo`` could go further back, the widget does not)."""
        g = self.game
        if g is None:
            return
        self.selected = None
        if not (self._human_to_act() and (g.turn_wrote is not None or g.turn_drawn)):
            self.say(str(HASHI_TEXT["only_this_turn"]), "error")
            self.refresh()
            return
        assert self.turns is not None
        taken = self.turns.undo()        # this turn's own action: no bot has moved since
        if not taken:
            self.say(str(HASHI_TEXT["only_this_turn"]), "error")
        else:
            a = taken[-1][1]
            self.say(str(HASHI_TEXT["took_number" if isinstance(a, Write) else "took_bridge"]), "ok")
        self.refresh()

    def suggest(self) -> None:
        """Say (and glow) what the planner bot would do this turn - good play to learn from."""
        g = self.game
        if g is None or not self._human_to_act():
            return
        if g.turn_wrote is not None or g.turn_drawn:
            self.say(str(HASHI_TEXT["suggest_later"]))
            return
        bot = PlannerBot(seed=g.round)
        seen = g.observation(g.current_player())
        action, why = bot_suggestion(make_bot, g, "planner", seed=g.round)   # the same planner's first move, and why
        self.suggestion = (action, why)
        if g.phase == "setup":
            s = bot.setup(seen)
            self.highlight = (s.cell,)
            said = HASHI_TEXT["plan_setup"].format(number=s.number, cell=_name(s.cell))
            steps = [HASHI_STEP["setup"].format(number=s.number, cell=_name(s.cell))]
        else:
            wrote, bridges = bot.plan(seen)
            drawn = ", ".join(f"{_name(a)}-{_name(b)}" for a, b in bridges)
            key = "plan_" + ("write" if wrote else "") + ("_draw" if wrote and bridges else "draw" if bridges else "")
            said = HASHI_TEXT[key if key != "plan_" else "plan_nothing"].format(
                number=g.card.number if g.card else "", cell=_name(wrote) if wrote else "", bridges=drawn)
            self.highlight = tuple(dict.fromkeys([*([wrote] if wrote else []), *(c for l in bridges for c in l)]))
            steps = self.plan_steps(wrote, bridges)
        self.say(said)
        self.refresh()
        self._hint_at = len(g.history)
        self.hint_html.value = status_html(HASHI_SUGGEST_LINE.format(plan=said[0].upper() + said[1:],
                                                                     steps=" ".join(steps), why=why.text), "info")

    def plan_steps(self, wrote: Cell | None, bridges: Sequence[tuple[Cell, Cell]]) -> list[str]:
        """The clicks that play a turn (a number written on ``wrote``, then ``bridges``) from the
        start of the turn, one sentence each, islands named by the board's coordinates. The first
        click of a turn on a free island writes the card's number there, so a bridge is clicked
        from its numbered end first."""
        g = self.game
        assert g is not None
        if wrote is None and not bridges:
            return [str(HASHI_STEP["nothing"])]
        numbered = set(g.sheet(g.current_player()).numbers)
        steps = []
        if wrote is not None:
            steps.append(HASHI_STEP["write"].format(cell=_name(wrote), number=g.card.number if g.card else ""))
            numbered.add(wrote)
        for a, b in bridges:
            if a not in numbered and b in numbered:
                a, b = b, a
            steps.append(HASHI_STEP["bridge"].format(a=_name(a), b=_name(b)))
        return [*steps, str(HASHI_STEP["done"])]

    # -- puzzles ------------------------------------------------------------
    def _click_puzzle(self, cell: Cell) -> None:
        st = self.puzzle_state
        assert st is not None
        self.highlight = ()
        if not self._is_island(cell):
            self.selected = None
            self.say(HASHI_TEXT["no_island"].format(cell=cell_name(cell)))
            return
        if self.selected is None:
            self.selected = cell
            self.say(HASHI_TEXT["selected_puzzle"].format(cell=_name(cell)))
            return
        first, self.selected = self.selected, None
        if first == cell:
            self.say(str(HASHI_TEXT["cleared"]))
            return
        try:
            n = st.cycle_bridge(first, cell)
        except RulesError as e:
            self.say(str(e), "error")
            return
        self.short = self.over = ()
        if st.is_solved():
            self.say(str(HASHI_SOLVED), "ok")
            self._solved()
        else:
            self.say(HASHI_TEXT["bridges_between"].format(count=n, a=_name(first), b=_name(cell)), "ok")

    def show_hint(self) -> None:
        """Explain the next logical step (and glow the islands it is about)."""
        from ..hashi.solver import hint as next_hint     # here: only a puzzle's hint needs the solver (start-up)

        st = self.puzzle_state
        if st is None:
            return
        hint = next_hint(st)
        self.hints_used += 1
        self.short = self.over = ()
        cells = [c for a, b, _n in getattr(hint, "bridges", ()) for c in (a, b)]
        if getattr(hint, "island", None) is not None:
            cells.insert(0, hint.island)
        self.highlight = tuple(dict.fromkeys(cells))
        self.say(str(hint), "info")
        self.refresh()

    def check(self) -> None:
        """Say whether the puzzle is solved; if not, mark the islands that are short
        of bridges or have too many on the board and count them in a short sentence."""
        st = self.puzzle_state
        if st is None:
            return
        problems = st.problems()
        isl = st.puzzle.islands
        self.short = tuple(c for c in isl if st.degree(c) < isl[c])
        self.over = tuple(c for c in isl if st.degree(c) > isl[c])
        self.highlight = self.short + self.over
        if not problems:
            self.say(str(HASHI_SOLVED), "ok")
            self._solved()
        elif self.highlight:
            short = HASHI_SHORT.format(count=len(self.short)) if self.short else ""
            if self.short and self.over:
                problems = HASHI_BOTH.format(short=short, over=HASHI_ALSO_OVER.format(count=len(self.over)))
            else:
                problems = short or HASHI_OVER.format(count=len(self.over))
            self.say(HASHI_ISLANDS_MARKED.format(problems=problems), "error")
        else:                                   # crossing bridges or islands cut off
            self.say(HASHI_OTHER_PROBLEM.format(problem=problems[0]), "error")
        self.refresh()

    def on_solved(self, callback: Any) -> None:
        """Call ``callback()`` each time the puzzle is found solved (a click or Check)."""
        self._solved_callbacks.append(callback)

    def _solved(self) -> None:
        for callback in self._solved_callbacks:
            callback()

    def reset(self) -> None:
        """Remove every bridge of the puzzle."""
        st = self.puzzle_state
        if st is None:
            return
        st.clear()
        self.selected, self.highlight = None, ()
        self.short = self.over = ()
        self.say(str(HASHI_TEXT["removed_all"]))
        self.refresh()




def _name(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"




def projector_game(seed: int = 0, *, bots: Sequence[str | None] | None = None, players: int | None = None,
                   names: Sequence[str] | None = None, board: str | Board = "skerries-a",
                   bot_delay: float | None = 1.5, coordinates: bool = True) -> HashiWidget:
    """A Hashi game for the projector page (:mod:`skye_widgets.widgets.projector`).

    ``bots``: one entry per seat, ``None`` (or ``"human"``) for a person, a bot kind
    otherwise (default: the class against a planner, ``[None, "planner"]``); ``players``
    (1-4) alone gives the class plus ``players - 1`` planners. ``names``: one per seat
    (default: "Class" for a person, "Bot 2" for a bot in seat 2). ``bot_delay``: seconds
    between bot moves (slow enough to follow; ``None`` at once). The same seed gives the
    same deck and bots. ``undo()`` is then the teacher's undo.
    """
    seats, names = projector_seats("Hashi", bots, players, names, default_players=2, fewest=1, most=4,
                                   bot="planner")
    b = load_board(board) if isinstance(board, str) else board
    game = HashiGame(b, list(names), seed=seed)
    w = HashiWidget(game, bots=seats, bot_seed=seed, bot_delay=bot_delay, coordinates=coordinates)
    w.projector = True
    w._geometry = board_geometry(game.board, projector=True)     # the projector's picture (larger text)
    w.redraw(force=True)
    return w

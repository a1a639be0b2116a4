"""SkylandsWidget: play Skylands against bots on an ipycanvas.

The widget is a thin view over :class:`skye_widgets.skylands.game.GameState`:
it paints :func:`skye_widgets.skylands.render.render_game` and turns clicks
into decisions. Seats that are not human are played by bots as soon as it is
their turn.

Clicks: an action board chooses that action (your own token's board repeats
it with the once-per-game marker); a revealed tile or special island selects
it (click it again, press ``r`` or *Rotate* to turn it); a board square places
the selection there; in Deploy and Convert a square picks the island on it.
*Pass* passes, *Done* confirms a bonus choice of one island only.

Python API (what the tests use): :meth:`click_action`, :meth:`choose_action`,
:meth:`select_offer`, :meth:`select_special`, :meth:`rotate`, :meth:`click_cell`
(board squares (x, y) only, x east, y south), :meth:`hover_cell`, :meth:`pass_`,
:meth:`done`, :meth:`act`, :attr:`state`, :attr:`message`. Every handler
ignores or refuses, with a message and without raising, a position that is
off the board, not a whole number, or not finite.
"""

from __future__ import annotations

from dataclasses import replace

from collections import Counter
from html import escape
from typing import Any, Sequence

import ipywidgets as W

from ..drawing import Drawing, picture_bundle
from ..errors import RulesError
from ..limits import is_whole
from ..skylands.board import EMPTY_SQUARE_COST, Node
from ..skylands.words import terrain_word
from ..skylands.bots import make_bot
from ..skylands.components import COLORS
from ..skylands.game import (ACTION_TITLES, ACTIONS, Action, ChooseAction, Convert, Create, Deploy, Pay,
                             GameState, Pass, SetupDiscard, SetupStart, Take, action_title, canonical_rotation)
from ..skylands.describe import describe_game
from ..skylands.render import Layout, projector_layout, render_game
from ..skylands.words import sentence
from ..protocol import bot_kind_name, suggest as bot_suggestion
from .base import CanvasBoard, TurnLoop, keys_html, explain_decision, finite_pixels, make_seat, on_click, plain_text
from .base import explanation_html, status_html, why_html
from .projector import BOT_PAUSED, BOT_THINKING, ProjectorParts, board_part, projector_seats, styled
from ..words import word_list
from ..i18n import lazy, lazy_ngettext
from ..skylands.render import render_tile


def show(obj: Any) -> None:
    """Display only the static pictures (SVG and PNG) of ``obj`` (a Drawing or anything
    with ``_picture()``; else only the SVG of its ``_repr_svg_``).

    Used in the lesson so that a picture is the cell's whole output.
    """
    from IPython.display import display
    if isinstance(obj, Drawing) or hasattr(obj, "_picture"):
        picture = obj if isinstance(obj, Drawing) else \
            (obj._described_picture() if hasattr(obj, "_described_picture") else obj._picture())
        display(picture_bundle(picture), raw=True)
    else:
        display({"image/svg+xml": obj._repr_svg_()}, raw=True)


#: Messages (whole sentences with named placeholders, for translation).
# Translators: the keys of a Skylands table (after "Keyboard (click or Tab to the board first):"); r, p, d are keys.
# After a sentence saying what the number keys pick now, when they pick something.
SKYLANDS_KEYS = lazy("Arrows move the cursor on your board, Enter or space clicks its square, r turns the tile, "
                     "p passes, d is Done, Escape clears.")
#: What the number keys pick now (one sentence, before :data:`SKYLANDS_KEYS`): how many there are to pick.
SKYLANDS_NUMBER_KEYS = {
    # Translators: {last} is how many action boards there are (4): the number keys 1 to {last} pick one.
    "choose": lazy("Keys 1-{last} pick an action board."),
    # Translators: {last} (2 or more) is how many islands are revealed: the number keys 1 to {last} pick one.
    "offer": lazy("Keys 1-{last} pick a revealed island."),
    "offer_one": lazy("Key 1 picks the revealed island."),
    # Translators: {last} (2 or more) is how many places the display of special islands has: keys 1 to {last}.
    "display": lazy("Keys 1-{last} pick a special island of the display."),
    "display_one": lazy("Key 1 picks the special island of the display."),
}
KEY_NOTHING_TO_PICK = lazy("There is nothing to pick with a number now: click islands on your board, then Done.")
SQUARE_AT = lazy("Cursor on square ({x}, {y}) of your board.")
OFF_BOARD = lazy("There is no square ({x}, {y}) on your board: it has {width} columns and {height} rows.")
NOT_A_SQUARE = lazy("A square is named by two whole numbers (x, y), not {x}, {y}.")
#: A number key or click that names nothing: one sentence per kind of thing.
NO_SUCH_BOX = {
    "action board": lazy("There is no action board number {i}."),
    "tile": lazy("There is no tile number {i}."),
    "display slot": lazy("There is no display slot number {i}."),
}
#: The status line at the end: the final scores, the same numbers as the labels of the picture.
# Translators: {reason} is why the game ended (the rules engine's words), {scores} the list "Ana 12 VP, Bot 2 9 VP".
GAME_OVER = lazy("Game over ({reason}). Final scores: {scores}. Winner: {winners}.")
FINAL_SCORE = lazy_ngettext("{name} {count} VP", "{name} {count} VP")
#: The table's own texts (buttons, status lines, prompts): whole sentences with named placeholders.
TABLE_TEXT = {
    # Translators: a check box over the Skylands board: show the column and row numbers.
    "coordinates": lazy("coordinates"),
    # Translators: the label of the menu that says which colour pays for a white inhabitant.
    "white": lazy("white pays:"),
    "over": lazy("The game is over."),
    "not_yours": lazy("It is {name}'s turn, not yours."),
    "choose_at_start": lazy("Action boards are chosen at the start of a turn."),
    "wait": lazy("Wait for your turn."),
    "no_tile_there": lazy("There is no tile to take there now."),
    "specials_when": lazy("Special islands are taken during Create islands, from a filled slot."),
    "pick_islands": lazy("Pick islands on your board first."),
    "first_discard": lazy("First click the drawn tile you put back."),
    "first_tile": lazy("First click a tile to take."),
    "first_special": lazy("First click a special island in the display."),
    "first_action": lazy("Choose an action board first."),
    "click_deploy": lazy("Click a complete forest, mountain or crystal island with a free space."),
    "click_convert": lazy("Click a complete crystal island with inhabitants or a complete city."),
    # Translators: {owed} lists the inhabitants still owed ("2 green inhabitants, 1 blue inhabitant").
    "click_owed": lazy("Click an island holding inhabitants you still owe ({owed})."),
    # The status line while a bot is to play (it plays by itself, or when the teacher steps the bots):
    # Translators: {move} is the last move in the words of the game's log (whole sentences).
    "bot_last": lazy("Last move: {move}"),
    "bot_first": lazy("No move has been made yet."),
    # The status line's prompts (what the person to play does now).
    "choose": lazy("{name}: click an action board (your token's board = repeat with the marker)."),
    "setup_start": lazy("{name}: click a side of your starting island, then a square."),
    "setup_discard": lazy("{name}: click the drawn tile you put back."),
    "setup_place": lazy("{name}: click a kept tile, then a square."),
    # Translators: Rotate and Pass are the names of buttons of the same table.
    "discover": lazy("{name}: click a revealed island, then a square (Rotate turns it), or Pass."),
    "discover_bonus": lazy("{name} (bonus): click a revealed island, then a square (Rotate turns it), or Pass."),
    "deploy": lazy_ngettext("{name}: click up to {count} complete forest, mountain or crystal island to fill, or Pass.",
                            "{name}: click up to {count} complete forest, mountain or crystal islands to fill, or Pass."),
    "deploy_bonus": lazy_ngettext(
        "{name} (bonus): click up to {count} complete forest, mountain or crystal island to fill, or Pass.",
        "{name} (bonus): click up to {count} complete forest, mountain or crystal islands to fill, or Pass."),
    "pay": lazy("{name}: click the islands whose inhabitants pay ({owed} still owed), or Done to pay from the "
                "fullest islands."),
    "create": lazy("{name}: click a special island you can pay for, then a square, or Pass."),
    "create_bonus": lazy("{name} (bonus): click a special island you can pay for, then a square, or Pass."),
    "convert": lazy("{name}: click a complete crystal island with inhabitants and a complete city, or Pass."),
    "convert_bonus": lazy("{name} (bonus): click a complete crystal island with inhabitants and a complete city "
                          "(bonus: a second crystal or city, then Done), or Pass."),
}
#: Inhabitants still owed, counted, one text per colour.
OWED = {
    "green": lazy_ngettext("{count} green inhabitant", "{count} green inhabitants"),
    "purple": lazy_ngettext("{count} purple inhabitant", "{count} purple inhabitants"),
    "blue": lazy_ngettext("{count} blue inhabitant", "{count} blue inhabitants"),
    "white": lazy_ngettext("{count} white inhabitant", "{count} white inhabitants"),
}
#: "What would a bot do?": the planner's choice for the person to play, as the clicks that make it.
SUGGEST_LABEL = lazy("What would a bot do?")
SUGGEST_TOOLTIP = lazy("show what the planner bot would do now, and why (nothing is played)")
# Translators: {steps} are the clicks that make the planner's move (whole sentences, SUGGEST_STEP below), {why}
# the bot's reasons.
SUGGEST_LINE = lazy("A planner bot would do this: {steps} In its words: {why}")
#: The clicks that make a suggested move, one whole sentence each, named as the table shows things: the
#: action boards by their names, the revealed islands and drawn tiles by their place in the row (counted
#: from the left, as the keys 1-9 pick them), the special islands by their row and column in the display,
#: turns as presses of Rotate, squares as the board's column and row numbers show them.
SUGGEST_STEP = {
    # Translators: {action} is an action board's name as the table shows it ("Discover islands").
    "choose": lazy("Click the action board “{action}”."),
    "repeat": lazy("Click the action board “{action}”, where your token already is: you flip your once-per-game "
                   "marker and do it again."),
    # Translators: Pass and Done are the names of buttons of the same table.
    "pass": lazy("Click Pass."),
    "done": lazy("Then click Done."),
    # Translators: {number} counts the revealed islands from the left (1, 2, ...); the key of the same number picks it.
    "revealed": lazy("Click revealed island {number}, counting from the left (key {number})."),
    "drawn": lazy("Click drawn tile {number}, counting from the left (key {number})."),
    "discard": lazy("Click drawn tile {number}, counting from the left (key {number}): it goes back."),
    "side": lazy("Click side {number} of your starting island, counting from the left (key {number})."),
    # Translators: {special} is a special island's name; {row} and {column} count the display's rows from the top
    # and its columns from the left (1, 2, ...).
    "special": lazy("Click the special island {special}: row {row}, column {column} of the special islands "
                    "(key {number})."),
    "special_no_key": lazy("Click the special island {special}: row {row}, column {column} of the special islands."),
    # Translators: Rotate is the name of a button of the same table.
    "rotate": lazy_ngettext("Press Rotate {count} time: it turns a quarter clockwise.",
                            "Press Rotate {count} times: it turns a quarter clockwise each time."),
    # Translators: (x, y) is a square as the board's numbers show it: x the column (on top), y the row (on the left).
    "square": lazy("Then click square ({x}, {y}) of your board: column {x}, row {y}."),
    # Translators: {menu} is the menu's label ("white pays:"), {colour} one of its choices ("blue").
    "white": lazy("Choose “{colour}” in the menu “{menu}”."),
    # Translators: {terrain} is a terrain word ("forest"), as in "the {terrain} island at (1, 2)".
    "island": lazy("Click the {terrain} island on square ({x}, {y}) of your board."),
    "pay": lazy_ngettext("Click the {terrain} island on square ({x}, {y}) of your board {count} time: one "
                         "inhabitant pays each time.",
                         "Click the {terrain} island on square ({x}, {y}) of your board {count} times: one "
                         "inhabitant pays each time."),
}


# -- projector mode (issue 16): whole sentences with named placeholders, marked for translation ---
#: The big "whose turn / what to do now" line, one per kind of decision.
SKYLANDS_TURN = {
    "choose": lazy("{name}: choose one of the four actions (or repeat your last one with the marker)."),
    "setup_start": lazy("{name}: choose a side of your starting island and place it on your board."),
    "setup_discard": lazy("{name}: put back one of the tiles you drew."),
    "setup_place": lazy("{name}: place one of the tiles you kept on your board."),
    "discover": lazy("{name}: take a revealed island and place it on your board, or pass."),
    "deploy": lazy_ngettext("{name}: fill up to {count} complete forest, mountain or crystal island, or pass.",
                            "{name}: fill up to {count} complete forest, mountain or crystal islands, or pass."),
    "deploy_one": lazy("{name}: fill a complete forest, mountain or crystal island, or pass."),
    "create": lazy("{name}: create a special island you can pay for, or pass."),
    # Translators: {special} is the special island's name.
    "pay": lazy("{name}: choose which islands pay the inhabitants for {special}."),
    "convert": lazy("{name}: power a complete city with a complete crystal island's inhabitants, or pass."),
}
#: The same decisions made as the active player's bonus (the active player's second go at an action).
SKYLANDS_TURN_BONUS = {
    "discover": lazy("{name} (the active player's bonus): take a revealed island and place it on your board, "
                     "or pass."),
    "deploy": lazy_ngettext("{name} (the active player's bonus): fill up to {count} complete forest, mountain or "
                            "crystal island, or pass.",
                            "{name} (the active player's bonus): fill up to {count} complete forest, mountain or "
                            "crystal islands, or pass."),
    "deploy_one": lazy("{name} (the active player's bonus): fill a complete forest, mountain or crystal island, "
                       "or pass."),
    "create": lazy("{name} (the active player's bonus): create a special island you can pay for, or pass."),
    "convert": lazy("{name} (the active player's bonus): power a complete city with a complete crystal island's "
                    "inhabitants, or pass."),
}
# Translators: {reason} is why the game ended (a sentence of the rules engine).
SKYLANDS_OVER_WIN = lazy_ngettext("Game over ({reason}): {name} wins with {count} VP.",
                                  "Game over ({reason}): {name} wins with {count} VP.")
# Translators: {names} is a list of names ("Ana and Bot 2").
SKYLANDS_OVER_SHARED = lazy_ngettext("Game over ({reason}): {names} share the win with {count} VP.",
                                     "Game over ({reason}): {names} share the win with {count} VP.")
#: The four actions' names on the projector page (the rulebook's words in each language).
SKYLANDS_ACTIONS = {
    "discover": lazy("Discover islands"), "deploy": lazy("Deploy inhabitants"),
    "create": lazy("Create islands"), "convert": lazy("Convert energy"),
}
#: The decision part's short prompts and controls.
SKYLANDS_PROMPT = {
    "choose": lazy("Click an action below or on the table."),
    "setup_start": lazy("Click a side of your starting island, then a square."),
    "setup_discard": lazy("Click the drawn tile you put back."),
    "setup_place": lazy("Click a kept tile, then a square."),
    # Translators: Rotate is the name of a button of the same page.
    "discover": lazy("Click a revealed island, then a square; Rotate turns it."),
    # Translators: Done and Pass are the names of buttons of the same page.
    "deploy": lazy("Click complete islands on your board, then Done; or Pass."),
    "create": lazy("Click a special island, then a square; or Pass."),
    "pay": lazy("Click the islands that pay, or Done to pay from the fullest."),
    "convert": lazy("Click a crystal island and a city, then Done; or Pass."),
    "wait": lazy("Nothing to do: a bot is playing."),
    "over": lazy("The game is over."),
}
# Translators: a button: do the action {action} again (the once-per-game marker).
SKYLANDS_REPEAT = lazy("Repeat {action}")
SKYLANDS_ACTION_TIP = lazy("move your token to {action}")
SKYLANDS_REPEAT_TIP = lazy("flip your once-per-game marker and do {action} again")
SKYLANDS_WHITE = lazy("A white inhabitant is paid with:")
#: The choices of what pays a white inhabitant: the fullest island's colour ("auto") or a colour.
SKYLANDS_WHITE_CHOICES = {
    # Translators: a choice of what pays a white inhabitant: the program picks the colour.
    "auto": lazy("any colour (automatic)"),
    # Translators: the colours of Skylands' inhabitants (the rulebook's).
    "green": lazy("green"), "purple": lazy("purple"), "blue": lazy("blue"),
}
# Translators: a button (Skylands' projector page): turn the selected tile a quarter clockwise.
SKYLANDS_ROTATE = lazy("Rotate")
# Translators: a button (Skylands' projector page): pass in this action.
SKYLANDS_PASS = lazy("Pass")
# Translators: a button (Skylands' projector page): confirm the islands picked.
SKYLANDS_DONE = lazy("Done")
SKYLANDS_ROTATE_TIP = lazy("turn the selected tile a quarter clockwise (r)")
SKYLANDS_PASS_TIP = lazy("pass in this action (p)")
SKYLANDS_DONE_TIP = lazy("confirm the islands picked (d)")
#: The board part's caption, the summaries and the track.
SKYLANDS_BOARD_OF = lazy("{name}'s board")
# Translators: a seat played by a person (in a summary: "Ana (person)").
SKYLANDS_SEAT_PERSON = lazy("person")
# Translators: a player's summary on the projector: {score} is every VP so far (markers and the board's
# islands), {markers} the part of it in VP markers; {count} is the number of empty squares on the
# board, each of which costs 2 VP at the end of the game if it is still empty.
SKYLANDS_SUMMARY = lazy_ngettext(
    "{score} VP so far, {markers} of them in markers; {count} empty square costs 2 VP at the end if it is still empty.",
    "{score} VP so far, {markers} of them in markers; {count} empty squares cost 2 VP each at the end if still empty.")
SKYLANDS_TOKEN = lazy("Token on {action}.")
SKYLANDS_MARKER = (lazy("Repeat marker unused."), lazy("Repeat marker used."))
SKYLANDS_TRACK_ROUND = lazy("Round {round}: {name} is the active player.")
SKYLANDS_TRACK_ACTION = lazy("Action now: {action}.")
SKYLANDS_TRACK_SETUP = lazy("Setup: every player places a starting island and the tiles kept.")
SKYLANDS_TRACK_VP = lazy("VP supply: {vp} left. The game ends when it is empty.")
# Translators: {need} tiles are revealed by each Discover (the number of players plus one).
SKYLANDS_TRACK_STACK = lazy_ngettext(
    "Island stack: {count} tile face down; a Discover reveals {need}, the game ends when it cannot.",
    "Island stack: {count} tiles face down; a Discover reveals {need}, the game ends when it cannot.")
SKYLANDS_TRACK_EMPTY = lazy("Fewest empty squares: {n}, on {name}'s board. The game ends when a board has at most one.")
SKYLANDS_TRACK_OVER = lazy("The game ended: {reason}.")
#: Everyone's hidden information (the teacher's "show everyone's hidden information").
SKYLANDS_OPEN_TITLE = lazy("Hidden from every player (shown for discussion): the island stack, top first.")
# Translators: {tiles} are the island tiles' numbers.
SKYLANDS_OPEN_NEXT = lazy("The next Discover reveals: {tiles}.")
SKYLANDS_OPEN_REST = lazy("Then: {tiles}.")
SKYLANDS_OPEN_EMPTY = lazy("The island stack is empty.")
#: The teacher's undo.
# Translators: {move} is what was taken back, in the words of the game's log.
UNDO_TOOK_BACK = lazy("Taken back: {move}. The bots are paused.")
UNDO_NOTHING = lazy("There is nothing to take back.")


def _whole(v: Any) -> bool:
    """Any ``int`` (not a bool, float or text): the limits' one whole-number check, unbounded."""
    return is_whole(v, None, None)




class SkylandsWidget(CanvasBoard):
    """A Skylands table: your board, the action boards, the offer, the display and the supply.

    ``human``: the seat (or seats) played by clicks; every other seat is a
    ``bots`` bot (one name for all, or one per seat, ``None`` for humans).
    ``bot_delay``: ``None`` (default), bots decide at once; seconds, one bot
    decision at a time on the kernel's event loop (see :class:`TurnLoop`).
    """

    @property
    def keys_help(self) -> str:  # type: ignore[override]
        """The keys as they are now: the number keys say what they pick in this phase (1-4 the
        action boards, 1-3 three revealed tiles ...); none when they pick nothing."""
        g = self.state
        if not self.is_human_turn() or g.is_over():
            count, kind = 0, ""
        elif g.phase == "choose":
            count, kind = len(ACTIONS), "choose"
        elif g.phase in ("discover", "setup"):
            count, kind = min(len(g.offer()), 9), "offer"
        elif g.phase == "create" and g.paying is None:
            count, kind = min(len(g.display), 9), "display"
        else:
            count, kind = 0, ""
        if count == 0:
            return str(SKYLANDS_KEYS)
        numbers = SKYLANDS_NUMBER_KEYS[f"{kind}_one" if count == 1 and kind != "choose" else kind]
        return f"{numbers.format(last=count)} {SKYLANDS_KEYS}"

    def __init__(self, state: GameState | None = None, *, players: Sequence[str] | int = 3,
                 human: int | Sequence[int] = 0, bots: str | Sequence[str | None] = "greedy",
                 seed: int = 0, side: str = "beginner", bot_delay: float | None = None,
                 coordinates: bool = True) -> None:
        #: projector mode (set by :func:`projector_game`): the board shown follows the player to act
        self.projector = False
        #: True while everyone's hidden information shows (projector mode)
        self.open_hand = False
        self._refresh_callbacks: list[Any] = []
        self._parts: ProjectorParts | None = None
        self.state = state if state is not None else GameState(players, seed=seed, side=side)
        n = self.state.n
        humans = {human} if isinstance(human, int) else set(human)
        kinds = [bots] * n if isinstance(bots, str) else list(bots)
        self.turns = TurnLoop(self.state, [None if p in humans else make_seat(kinds[p] or "greedy", make_bot,
                                                                              seed * 10 + p)
                                           for p in range(n)],
                              delay=bot_delay, on_change=self.refresh,
                              on_error=lambda _p, message: self.say(sentence(message), "error"))
        self.layout_ = Layout(width=self.state.comp.width, height=self.state.comp.height, players=n,
                              coordinates=bool(coordinates))
        # column (x) and row (y) numbers on the board's edge, as the texts name squares
        self.coordinates_box = W.Checkbox(value=bool(coordinates), description=str(TABLE_TEXT["coordinates"]), indent=False,
                                          layout=W.Layout(width="auto"))
        self.coordinates_box.observe(lambda ch: self.set_coordinates(ch["new"]), names="value")
        self.selected_offer: int | None = None
        self.selected_special: int | None = None
        self.rotation = 0
        self.selection: list[Node] = []
        self.hover: tuple[int, int] | None = None
        self.white = W.Dropdown(options=self._white_choices(),
                                value="auto", description=str(TABLE_TEXT["white"]),
                                # as wide as its label and its longest choice, in every language
                                style={"description_width": "initial"}, layout=W.Layout(width="max-content"))
        self.rotate_button = on_click(W.Button(description=str(SKYLANDS_ROTATE), icon="rotate-right",
                                               tooltip=str(SKYLANDS_ROTATE_TIP),
                                               layout=W.Layout(width="auto")), self.rotate)
        self.pass_button = on_click(W.Button(description=str(SKYLANDS_PASS), tooltip=str(SKYLANDS_PASS_TIP),
                                             layout=W.Layout(width="auto")), self.pass_)
        self.done_button = on_click(W.Button(description=str(SKYLANDS_DONE), tooltip=str(SKYLANDS_DONE_TIP),
                                             layout=W.Layout(width="auto")), self.done)
        self.log_view = W.HTML(layout=W.Layout(max_height="9em", overflow="auto"))
        self.suggest_button = on_click(W.Button(description=str(SUGGEST_LABEL), tooltip=str(SUGGEST_TOOLTIP),
                                                layout=W.Layout(width="auto")), self.suggest)
        self.hint_html = W.HTML()
        self.hint_html.add_class("skylands-hint")
        self.suggestion: tuple[Any, Any] | None = None     # (action, explanation) of the last hint
        self._hint_at: int | None = None                     # the history length it was asked at
        self.suggest_seed = seed
        controls = [W.HBox([self.rotate_button, self.pass_button, self.done_button, self.white,
                            self.coordinates_box, self.suggest_button, self.make_language_picker()],
                           layout=W.Layout(align_items="center", flex_flow="row wrap"))]
        super().__init__(self.layout_.total_width, self.layout_.total_height, controls=controls)
        self.children = (*self.children, self.log_view)
        self.show_under_status(self.hint_html)
        self.turns.run()
        self.refresh()

    # -- seats (the turn loop knows) --------------------------------------------
    @property
    def humans(self) -> set[int]:
        """The seats played by clicks."""
        return {p for p in range(self.state.n) if self.turns.is_person(p)}

    @property
    def bots(self) -> dict[int, Any]:
        """The bot of every other seat."""
        return {p: b for p, b in enumerate(self.turns.seats) if b is not None}

    def to_play(self) -> int:
        return self.state.current_player()

    def is_human_turn(self) -> bool:
        return bool(self.turns.persons_to_act())

    def viewer(self) -> int:
        """Whose board is drawn large: the person to play (else the first person); in
        projector mode the player to act, a bot too."""
        p = self.to_play()
        if self.projector and p >= 0:
            return p
        if p in self.humans:
            return p
        return min(self.humans) if self.humans else max(p, 0)

    def step_bots(self, max_moves: int = 10_000) -> int:
        """Let bots decide until a human must act (or the game ends); returns decisions made."""
        return self.turns.step_bots(max_moves)

    # -- decisions --------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Apply a decision for the human to play; on a rules error say why and change nothing."""
        if self.state.is_over():
            self.say(str(TABLE_TEXT["over"]), "error")
            return False
        if not self.is_human_turn():
            self.say(TABLE_TEXT["not_yours"].format(name=self.state.names[self.to_play()]), "error")
            return False
        try:
            self.turns.apply(action)
        except RulesError as e:
            self.say(sentence(str(e)), "error")
            self.redraw()
            return False
        self._clear()
        self.turns.run()
        self.refresh()
        return True

    def choose_action(self, name: str, repeat: bool = False) -> bool:
        """Move your token to an action board (``repeat``: flip the marker, same board)."""
        try:
            action = ChooseAction(name, repeat)
        except RulesError as e:
            self.say(sentence(str(e)), "error")
            return False
        return self.act(action)

    def click_action(self, i: int) -> bool:
        """A click on action board ``i`` (0-3, in the order of ``ACTIONS``): choose it, or
        repeat it with the marker if your token is already there."""
        g = self.state
        if not (_whole(i) and 0 <= i < len(ACTIONS)):
            self.say(NO_SUCH_BOX["action board"].format(i=i), "error")
            return False
        if g.phase != "choose":
            self.say(str(TABLE_TEXT["choose_at_start"]), "error")
            return False
        name = ACTIONS[i]
        return self.choose_action(name, repeat=g.token[self.to_play()] == name)

    def select_offer(self, i: int) -> None:
        """Select revealed tile ``i`` (again: turn it); in the tactical setup, a side or a tile."""
        g = self.state
        if not _whole(i) or i < 0:
            self.say(NO_SUCH_BOX["tile"].format(i=i), "error")
            return
        if not self.is_human_turn():
            self.say(str(TABLE_TEXT["over" if g.is_over() else "wait"]), "error")
            return
        if g.phase == "setup" and g.setup_step[self.to_play()] == "discard":
            self.act(SetupDiscard(i))
            return
        if g.phase not in ("discover", "setup") or not 0 <= i < len(g.offer()):
            self.say(str(TABLE_TEXT["no_tile_there"]), "error")
            return
        if self.selected_offer == i:
            self.rotation = (self.rotation + 1) % 4
        else:
            self.selected_offer, self.rotation = i, 0
        self.refresh()

    def select_special(self, i: int) -> None:
        """Select the special island in display slot ``i`` (again: turn it)."""
        g = self.state
        if not _whole(i):
            self.say(NO_SUCH_BOX["display slot"].format(i=i), "error")
            return
        if g.phase != "create" or not 0 <= i < len(g.display) or g.display[i] is None:
            self.say(str(TABLE_TEXT["specials_when"]), "error")
            return
        if self.selected_special == i:
            self.rotation = (self.rotation + 1) % 4
        else:
            self.selected_special, self.rotation = i, 0
        self.refresh()

    def rotate(self, steps: int = 1) -> None:
        """Turn the selected tile a quarter turn clockwise."""
        if not _whole(steps):
            return
        self.rotation = (self.rotation + steps) % 4
        self.refresh()

    def pass_(self) -> bool:
        """Pass in the current action."""
        return self.act(Pass())

    def done(self) -> bool:
        """Confirm the islands picked so far (Deploy or Convert); when paying for a special
        island, pay the rest from the islands holding the most of each colour."""
        g = self.state
        if g.phase == "create" and g.paying is not None:
            return self.act(self._completed_payment())
        if g.phase == "deploy" and self.selection:
            return self.act(Deploy(tuple(self.selection)))
        if g.phase == "convert":
            cr, ct = self._split(self.selection)
            if cr and ct:
                return self.act(Convert(tuple(cr), tuple(ct)))
        self.say(str(TABLE_TEXT["pick_islands"]), "error")
        return False

    def click_cell(self, x: int, y: int) -> None:
        """A click on square (x, y) of your board (x east, y south); anything else is
        refused with a message."""
        g = self.state
        if not (_whole(x) and _whole(y)):
            self.say(NOT_A_SQUARE.format(x=x, y=y), "error")
            return
        if not (0 <= x < self.layout_.width and 0 <= y < self.layout_.height):
            self.say(OFF_BOARD.format(x=x, y=y, width=self.layout_.width, height=self.layout_.height), "error")
            return
        if not self.is_human_turn():
            self.say(str(TABLE_TEXT["over" if g.is_over() else "wait"]), "error")
            return
        p = self.to_play()
        if g.phase in ("discover", "setup"):
            if g.phase == "setup" and g.setup_step[p] == "discard":
                self.say(str(TABLE_TEXT["first_discard"]), "error")
                return
            if self.selected_offer is None:
                self.say(str(TABLE_TEXT["first_tile"]), "error")
                return
            tile = g.offer()[self.selected_offer]
            turn = canonical_rotation(tile, self.rotation)     # a symmetric tile has one name per look
            if g.phase == "setup" and g.setup_step[p] == "start":
                self.act(SetupStart(self.selected_offer, x, y, turn))
            else:
                self.act(Take(self.selected_offer, x, y, turn))
        elif g.phase == "create" and g.paying is not None:
            self._pick_payer(x, y)
        elif g.phase == "create":
            if self.selected_special is None:
                self.say(str(TABLE_TEXT["first_special"]), "error")
                return
            sp = g.tile(g.display[self.selected_special])  # type: ignore[arg-type]
            self.act(Create(self.selected_special, x, y, canonical_rotation(sp, self.rotation),
                            self._white_choice()))
        elif g.phase in ("deploy", "convert"):
            self._pick_island(x, y)
        else:
            self.say(str(TABLE_TEXT["first_action"]), "error")

    def hover_cell(self, x: int, y: int) -> None:
        """Preview the selected tile, turned as it would be placed, on the square under the pointer
        (anything but a square of the board shows no preview)."""
        ok = _whole(x) and _whole(y) and 0 <= x < self.layout_.width and 0 <= y < self.layout_.height
        cell = (x, y) if ok else None
        if cell != self.hover:
            self.hover = cell
            if self.selected_offer is not None or self.selected_special is not None:
                self.redraw()

    def key(self, key: str) -> None:
        """``r`` turns the selected tile, ``p`` passes, ``d`` (or Enter with no cursor) is Done,
        ``1``-``9`` pick what the phase asks for (an action board, a revealed tile, a special
        island); the arrows move the cursor over your board, Enter or space click its square,
        Escape clears (see :meth:`CanvasBoard.key`)."""
        k = key.lower() if len(key) == 1 else key
        if k == "r":
            self.rotate()
        elif k == "p":
            self.pass_()
        elif k == "d" or (key == "Enter" and self.cursor is None):
            self.done()
        elif len(key) == 1 and key.isdigit() and key != "0":
            self.pick(int(key) - 1)
        else:
            super().key(key)

    def pick(self, i: int) -> None:
        """The keys 1-9: the ``i``-th thing the phase asks for (counted from 0): an action
        board while choosing, a revealed tile while discovering or setting up, a special
        island while creating; otherwise it is explained."""
        g = self.state
        if g.phase == "choose":
            self.click_action(i)
        elif g.phase in ("discover", "setup"):
            self.select_offer(i)
        elif g.phase == "create" and g.paying is None:
            self.select_special(i)
        else:
            self.say(str(KEY_NOTHING_TO_PICK), "error")

    # -- the keyboard cursor (CanvasBoard) ----------------------------------------
    def cell_box(self, x: int, y: int) -> tuple[float, float, float, float] | None:
        """The pixel box of square (x, y) of your board (None off the board)."""
        L = self.layout_
        if not (_whole(x) and _whole(y) and 0 <= x < L.width and 0 <= y < L.height):
            return None
        return float(L.board_x + x * L.cell), float(L.board_y + y * L.cell), float(L.cell), float(L.cell)

    def cursor_moved(self, cell: tuple[int, int]) -> None:
        """The cursor shows the preview the pointer would, and says where it is."""
        self.hover = cell
        self.say(SQUARE_AT.format(x=cell[0], y=cell[1]), "info")
        self.redraw()

    def escape(self) -> None:
        """Escape hides the cursor and forgets the selected tile and islands."""
        self.hover = None
        self.selected_offer = self.selected_special = None
        self.selection = []
        self.refresh()

    def describe(self) -> str:
        """The board shown, in words (islands, inhabitants, the score if the game ended now)."""
        return describe_game(self.state, self.viewer())

    # -- helpers ------------------------------------------------------------------
    def _white_choice(self) -> str | None:
        """The colour paying for a white inhabitant: the menu's, or the engine's default."""
        default = self.state.default_white(self.selected_special)  # type: ignore[arg-type]
        if default is None:
            return None                         # no white owed: the engine says so
        return default if self.white.value == "auto" else str(self.white.value)

    def _split(self, nodes: list[Node]) -> tuple[list[Node], list[Node]]:
        crystals, _cities = self.state.convert_candidates(self.to_play())
        cr = [n for n in nodes if n in crystals]
        return cr, [n for n in nodes if n not in cr]

    def _picked_action(self) -> Action:
        """The Deploy or Convert the islands picked so far make."""
        if self.state.phase == "deploy":
            return Deploy(tuple(self.selection))
        cr, ct = self._split(self.selection)
        return Convert(tuple(cr), tuple(ct))

    def _picked_is_complete(self) -> bool:
        """True when the islands picked make a legal action that no legal action extends
        (the engine's legal actions decide: no second copy of the Deploy/Convert rules)."""
        picked = set(self.selection)
        legal, more = False, False
        for a in self.state.legal_actions():
            if isinstance(a, Deploy):
                nodes = set(a.islands)
            elif isinstance(a, Convert):
                nodes = set(a.crystals) | set(a.cities)
            else:
                continue
            legal = legal or (nodes == picked and len(picked) == len(self.selection))
            more = more or nodes > picked
        return legal and not more

    def _pick_island(self, x: int, y: int) -> None:
        g = self.state
        p = self.to_play()
        if g.phase == "deploy":
            allowed = set(g.deploy_candidates(p))
            what = TABLE_TEXT["click_deploy"]
        else:
            crystals, cities = g.convert_candidates(p)
            allowed = set(crystals) | set(cities)
            what = TABLE_TEXT["click_convert"]
        ok = [i for i in g.boards[p].island_at(x, y) if i.anchor in allowed]
        if not ok:
            self.say(str(what), "error")
            return
        node = ok[0].anchor
        if node in self.selection:
            self.selection.remove(node)
            self.refresh()
            return
        self.selection.append(node)
        if self._picked_is_complete():
            self.act(self._picked_action())
            return
        self.refresh()

    def _still_to_pay(self) -> dict[str, int]:
        g = self.state
        b = g.boards[self.to_play()]
        left = dict(g.paying_need())
        for n in self.selection:
            c = b.island(n).color
            if c in left:
                left[c] -= 1
        return {c: k for c, k in left.items() if k > 0}

    def _payments_with(self, picked: list[Node]) -> list[Pay]:
        """The engine's legal payments that include every island picked (as often as picked);
        the first pays the rest from the fullest islands."""
        want = Counter(picked)
        return [a for a in self.state.legal_actions()
                if isinstance(a, Pay) and not want - Counter(a.islands)]

    def _completed_payment(self) -> Pay:
        """The islands picked so far, topped up as the engine's first payment that includes them."""
        ways = self._payments_with(self.selection)
        if not ways:
            return Pay(tuple(self.selection))           # the engine explains what is wrong
        rest = Counter(ways[0].islands) - Counter(self.selection)
        extra = []
        for n in ways[0].islands:
            if rest[n] > 0:
                extra.append(n)
                rest[n] -= 1
        return Pay((*self.selection, *extra))

    def _pick_payer(self, x: int, y: int) -> None:
        """Pay one inhabitant from the island clicked on (some legal payment must take one more there)."""
        g = self.state
        b = g.boards[self.to_play()]
        ok = [i for i in b.island_at(x, y) if self._payments_with([*self.selection, i.anchor])]
        if not ok:
            self.say(TABLE_TEXT["click_owed"].format(owed=self._owed_text()), "error")
            return
        self.selection.append(ok[0].anchor)
        picked = Counter(self.selection)
        if any(Counter(a.islands) == picked for a in self._payments_with(self.selection)):
            self.act(Pay(tuple(self.selection)))
            return
        self.refresh()

    def _clear(self) -> None:
        self.selected_offer = self.selected_special = None
        self.rotation = 0
        self.selection = []

    def legal_cells(self) -> list[tuple[int, int]]:
        """Squares where the selected tile fits in the current rotation."""
        g = self.state
        if not self.is_human_turn():
            return []
        b = g.boards[self.to_play()]
        tile = None
        if self.selected_offer is not None and g.phase in ("discover", "setup"):
            offer = g.offer()
            if self.selected_offer < len(offer):
                tile = offer[self.selected_offer]
        elif self.selected_special is not None and g.phase == "create":
            tile = g.tile(g.display[self.selected_special])  # type: ignore[arg-type]
        if tile is None:
            return []
        return [(x, y) for y in range(b.height) for x in range(b.width) if b.fits(tile, x, y, self.rotation)]

    def _owed_text(self) -> str:
        """The inhabitants still owed, counted ("2 green inhabitants and 1 blue inhabitant")."""
        return word_list(OWED[c].format(count=k) if c in OWED else f"{k} {c}"
                         for c, k in self._still_to_pay().items())

    def prompt(self) -> str:
        """What the human should do now, in words."""
        g = self.state
        if g.is_over():
            scores = ", ".join(FINAL_SCORE.format(name=n, count=v) for n, v in zip(g.names, g.points()))
            return GAME_OVER.format(reason=g.end_reason, scores=scores,
                                    winners=", ".join(g.names[w] for w in g.winners()))
        p = self.to_play()
        name = g.names[p]
        if not self.turns.is_person(p):      # a bot: what happened last, never a "click ..." meant for a person
            return TABLE_TEXT["bot_last"].format(move=sentence(g.log[-1])) if g.log else str(TABLE_TEXT["bot_first"])
        if g.phase == "choose":
            return TABLE_TEXT["choose"].format(name=name)
        if g.phase == "setup":
            step = g.setup_step[p]
            return TABLE_TEXT[{"start": "setup_start", "discard": "setup_discard"}.get(step, "setup_place")].format(
                name=name)
        bonus = "_bonus" if g.is_bonus else ""
        if g.phase == "deploy":
            return TABLE_TEXT["deploy" + bonus].format(name=name, count=g.deploy_limit(p))
        if g.phase == "create" and g.paying is not None:
            return TABLE_TEXT["pay"].format(name=name, owed=self._owed_text())
        if g.phase in ("discover", "create"):
            return TABLE_TEXT[g.phase + bonus].format(name=name)
        return TABLE_TEXT["convert" + bonus].format(name=name)

    def relabel(self) -> None:
        """Every text of the table again in the language spoken now (after ``set_language``): the
        buttons, the menus, the status line's prompt, the projector parts and the canvas; the game
        is unchanged."""
        for button, text, tip in ((self.rotate_button, SKYLANDS_ROTATE, SKYLANDS_ROTATE_TIP),
                                  (self.pass_button, SKYLANDS_PASS, SKYLANDS_PASS_TIP),
                                  (self.done_button, SKYLANDS_DONE, SKYLANDS_DONE_TIP),
                                  (self.suggest_button, SUGGEST_LABEL, SUGGEST_TOOLTIP)):
            button.description, button.tooltip = str(text), str(tip)
        self.coordinates_box.description = str(TABLE_TEXT["coordinates"])
        value = self.white.value
        self.white.options = self._white_choices()
        self.white.value = value
        self.white.description = str(TABLE_TEXT["white"])
        if self.suggestion is not None:
            self._show_suggestion()
        self._relabel_parts()
        self.keys_line.value = keys_html(self.keys_help)
        self._described = ""
        self.refresh()

    def refresh(self) -> None:
        """Update the status line, the log and the canvas from state."""
        self.say(self.prompt(), "ok" if self.state.is_over() else "info")
        self.keys_line.value = keys_html(self.keys_help)
        log = self.state.log
        first = max(0, len(log) - 8)
        why = {d.log_start: d for d in self.turns.explanations if d.log_start >= first}
        self.log_view.value = "<br>".join(escape(line) + why_html(why.get(i), "skylands-why")
                                          for i, line in enumerate(log[first:], first))
        if self._hint_at is not None and self._hint_at != len(self.state.history):
            self.suggestion, self._hint_at, self.hint_html.value = None, None, ""
        self.suggest_button.disabled = not self.is_human_turn()
        self.redraw()
        if self._parts is not None:
            self._update_parts()
        for callback in self._refresh_callbacks:
            callback()

    def events(self, count: int) -> list[str]:
        """The last ``count`` lines of the game's log, oldest first, each a sentence: every
        player's action (a bot's too) and every scoring (the projector's "What happened" list)."""
        log = self.state.log
        return [sentence(line) for line in log[-count:]] if count > 0 else []

    # -- explanations -----------------------------------------------------------
    def explain_last(self) -> str:
        """The last bot decision in words: who did what (the log's line), why (the bot's
        explanation) and what it scored (the points before and after, the breakdown lines it
        added), as HTML, one sentence a line; a plain sentence when no bot has moved."""
        d = self.turns.last_explanation
        if d is None:
            return explain_decision(self.turns, None)
        log = self.state.log
        said = " ".join(log[d.log_start:d.log_size]) or str(d.action)
        return explanation_html(explain_decision(self.turns, d, said.rstrip(".")), "skylands-projector-explain")

    def suggest(self) -> tuple[Any, Any] | None:
        """What would a bot do? The planner's choice for the person to play and why, as a hint
        line of clicks named as the table shows things (:meth:`suggestion_steps`); nothing is
        played (the same seed, the same suggestion). A half-made selection (a tile picked or
        turned, islands picked) is let go, so that the clicks start afresh."""
        if not self.is_human_turn():
            self.say(str(TABLE_TEXT["over" if self.state.is_over() else "wait"]), "error")
            return None
        g = self.state
        action, why = bot_suggestion(make_bot, g, "planner", seed=self.suggest_seed * 1000 + len(g.history))
        if self.selected_offer is not None or self.selected_special is not None or self.selection or self.rotation:
            self._clear()
            self.refresh()
        self.suggestion = (action, why)
        self._hint_at = len(g.history)
        self._show_suggestion()
        return action, why

    def _show_suggestion(self) -> None:
        assert self.suggestion is not None
        action, why = self.suggestion
        steps = " ".join(self.suggestion_steps(action))
        self.hint_html.value = status_html(SUGGEST_LINE.format(steps=steps, why=why.text), "info")

    def suggestion_steps(self, action: Action) -> list[str]:
        """The clicks that make ``action`` for the person to play, from nothing selected, one
        sentence each, naming things as the table shows them: an action board by its name, a
        revealed island or drawn tile by its place in the row (and its key), a special island by
        its row and column in the display, a turn as presses of Rotate (a quarter clockwise
        each), a square by the board's column and row numbers, an island of the board by a square
        whose click picks it (and Done when the islands picked do not end the choice by
        themselves)."""
        g = self.state
        step = SUGGEST_STEP
        if isinstance(action, ChooseAction):
            return [step["repeat" if action.repeat else "choose"].format(action=action_title(action.action))]
        if isinstance(action, Pass):
            return [str(step["pass"])]
        if isinstance(action, SetupDiscard):
            return [step["discard"].format(number=action.index + 1)]
        if isinstance(action, (Take, SetupStart)):
            if isinstance(action, SetupStart):
                first = step["side"].format(number=action.side + 1)
            else:
                first = step["revealed" if g.phase == "discover" else "drawn"].format(number=action.index + 1)
            return [first, *self._turn_and_square(action.rotation, action.x, action.y)]
        if isinstance(action, Create):
            row, column = divmod(action.index, 4)            # the display as Layout.special_box draws it
            special = g.tile(g.display[action.index]).title  # type: ignore[arg-type, union-attr]
            key = "special" if action.index < 9 else "special_no_key"
            steps = [step[key].format(special=special, row=row + 1, column=column + 1, number=action.index + 1)]
            if action.white is not None and action.white != self._white_for(action.index):
                menu = SKYLANDS_WHITE if self.projector else TABLE_TEXT["white"]
                steps.append(step["white"].format(colour=str(SKYLANDS_WHITE_CHOICES.get(action.white, action.white)),
                                                  menu=str(menu)))
            return [*steps, *self._turn_and_square(action.rotation, action.x, action.y)]
        if isinstance(action, (Deploy, Convert)):
            nodes = list(action.islands) if isinstance(action, Deploy) else [*action.crystals, *action.cities]
            return self._island_clicks(nodes, pay=False)
        if isinstance(action, Pay):
            return self._island_clicks(list(action.islands), pay=True)
        return [str(action)]

    def _turn_and_square(self, rotation: int, x: int, y: int) -> list[str]:
        turn = [SUGGEST_STEP["rotate"].format(count=rotation)] if rotation % 4 else []
        return [*turn, SUGGEST_STEP["square"].format(x=x, y=y)]

    def _white_for(self, index: int) -> str | None:
        """The colour the table pays a white inhabitant with when special island ``index`` is placed
        now (the menu's choice, or the engine's default for "automatic")."""
        default = self.state.default_white(index)
        if default is None:
            return None
        return default if self.white.value == "auto" else str(self.white.value)

    def _island_clicks(self, nodes: list[Node], pay: bool) -> list[str]:
        """The clicks on the board that pick ``nodes`` in order as :meth:`_pick_island` (Deploy,
        Convert) or :meth:`_pick_payer` (a payment) picks them: for each, a square of the island
        whose click picks that island (a square shared by two islands picks the first), then
        Done unless the last click ends the choice by itself."""
        g = self.state
        b = g.boards[self.to_play()]
        kept = self.selection
        clicks: list[tuple[Node, tuple[int, int]]] = []
        ends = False
        try:
            self.selection = []
            for node in nodes:
                isl = b.island(node)
                cell = next((c for c in sorted(isl.cells, key=lambda c: (c[1], c[0]))
                             if self._picked_at(b, c, pay) == node), isl.cells[0])
                clicks.append((node, cell))
                self.selection.append(node)
                ends = (self._payments_end() if pay else self._picked_is_complete())
        finally:
            self.selection = kept
        steps = []
        k = 0
        while k < len(clicks):
            node, cell = clicks[k]
            run = 1
            while pay and k + run < len(clicks) and clicks[k + run] == clicks[k]:
                run += 1
            terrain = terrain_word(b.island(node).terrain)
            if pay:
                steps.append(SUGGEST_STEP["pay"].format(terrain=terrain, x=cell[0], y=cell[1], count=run))
            else:
                steps.append(SUGGEST_STEP["island"].format(terrain=terrain, x=cell[0], y=cell[1]))
            k += run
        if not ends:
            steps.append(str(SUGGEST_STEP["done"]))
        return steps

    def _picked_at(self, b: Any, cell: tuple[int, int], pay: bool) -> Node | None:
        """The island a click on ``cell`` picks now (with :attr:`selection` picked already)."""
        if pay:
            ok = [i for i in b.island_at(*cell) if self._payments_with([*self.selection, i.anchor])]
        else:
            p = self.to_play()
            if self.state.phase == "deploy":
                allowed = set(self.state.deploy_candidates(p))
            else:
                crystals, cities = self.state.convert_candidates(p)
                allowed = set(crystals) | set(cities)
            ok = [i for i in b.island_at(*cell) if i.anchor in allowed]
        return ok[0].anchor if ok else None

    def _payments_end(self) -> bool:
        """True when the islands picked are a whole payment (the last click pays)."""
        picked = Counter(self.selection)
        return any(Counter(a.islands) == picked for a in self._payments_with(self.selection))

    @property
    def hint(self) -> str:
        """The hint line as plain text ("" when no suggestion is showing)."""
        return plain_text(self.hint_html.value)


    # -- projector mode (issue 16: the protocol of widgets.projector.ProjectorGame) -------
    def _seat_kind(self, player: int) -> str:
        bot = self.turns.seats[player]
        return str(SKYLANDS_SEAT_PERSON) if bot is None else bot_kind_name(str(getattr(bot, "name", type(bot).__name__)))

    def _decision_kind(self) -> str:
        """The kind of decision of the player to act (a key of SKYLANDS_TURN)."""
        g = self.state
        if g.phase == "setup":
            return "setup_" + g.setup_step[self.to_play()]
        if g.phase == "create" and g.paying is not None:
            return "pay"
        return g.phase

    def turn_line(self) -> str:
        """Whose turn and what to do now, one sentence the room can read: the choice of
        an action, the tactical setup's steps, Discover, Deploy, Create and its payment,
        Convert (with the active player's bonus); a bot thinking (or waiting while the bots
        are paused); the end with the reason, the winner and the score."""
        g = self.state
        if g.is_over():
            points = g.points()
            best = g.winners()
            if len(best) == 1:
                return SKYLANDS_OVER_WIN.format(reason=g.end_reason, name=g.names[best[0]], count=points[best[0]])
            return SKYLANDS_OVER_SHARED.format(reason=g.end_reason, names=word_list([g.names[p] for p in best]),
                                               count=points[best[0]])
        p = self.to_play()
        name = g.names[p]
        if not self.turns.is_person(p):
            line = BOT_THINKING if self.turns.auto else BOT_PAUSED
            return line.format(name=name, kind=self._seat_kind(p))
        kind = self._decision_kind()
        turn = SKYLANDS_TURN_BONUS if g.is_bonus and kind in SKYLANDS_TURN_BONUS else SKYLANDS_TURN
        if kind == "deploy":
            n = g.deploy_limit(p)
            return turn["deploy_one" if n == 1 else "deploy"].format(name=name, count=n)
        if kind == "pay":
            special = g.tile(g.display[g.paying[0]])  # type: ignore[index]
            return SKYLANDS_TURN["pay"].format(name=name, special=getattr(special, "name", special.id))
        return turn[kind].format(name=name)

    def on_refresh(self, callback: Any) -> None:
        """Call ``callback()`` after every refresh (a move, an undo, the bots)."""
        self._refresh_callbacks.append(callback)

    def set_open_hand(self, on: bool = True) -> None:
        """Show (True) or hide everyone's hidden information in the track part. In Skylands
        every board, the revealed islands and the display are open; the rules hide the
        face-down island stack: its tiles are shown top first (the next Discover's as
        pictures, then the rest by id). The bots' observations never change (the stack's
        order stays hidden from them)."""
        self.open_hand = bool(on)
        self.refresh()

    def undo(self) -> None:
        """The teacher's undo: take back the last decision, whoever made it (a bot's too);
        the bots are paused (``TurnLoop.undo_last``)."""
        self._clear()
        self.hover = None
        log = list(self.state.log)
        taken = self.turns.undo_last()
        if taken is None:
            self.refresh()                       # the status line's prompt, then the message over it
            self.say(str(UNDO_NOTHING), "error")
            return
        gone = " ".join(sentence(line) for line in log[len(self.state.log):]) or str(taken[1])
        self.refresh()
        self.say(UNDO_TOOK_BACK.format(move=gone.rstrip(".")), "ok")

    def _relabel_parts(self) -> None:
        """Every text of the projector parts again in the language spoken now: the buttons' labels
        and tips, the actions, the white inhabitant's choices (the next refresh does the rest)."""
        if self._parts is not None:
            for button, text, tip in ((self._pj_rotate, SKYLANDS_ROTATE, SKYLANDS_ROTATE_TIP),
                                      (self._pj_pass, SKYLANDS_PASS, SKYLANDS_PASS_TIP),
                                      (self._pj_done, SKYLANDS_DONE, SKYLANDS_DONE_TIP),
                                      (self._pj_suggest, SUGGEST_LABEL, SUGGEST_TOOLTIP)):
                button.description, button.tooltip = str(text), str(tip)
            for a, b in zip(ACTIONS, self._pj_actions):
                b.description = str(SKYLANDS_ACTIONS[a])
            self._pj_white_label.value = escape(str(SKYLANDS_WHITE))
            value = self._pj_white.value
            self._pj_white.options = self._white_choices()
            self._pj_white.value = value

    def _white_choices(self) -> list[tuple[str, str]]:
        return [(str(SKYLANDS_WHITE_CHOICES.get(v, v)), v) for v in ("auto", *COLORS)]

    def projector_parts(self) -> ProjectorParts:
        """The parts of the projector page (built once, kept up to date by :meth:`refresh`):
        the board (a caption naming the player to act, over the canvas: their board large,
        the action boards, the revealed islands, the display and the other boards), the
        decision (a short prompt, the four actions, Rotate, Pass, Done, the colour paying a
        white inhabitant, What would a bot do?), every player's summary, the track (round,
        the VP supply, the stack, the fullest board: what ends the game) and the status
        line. CSS classes: ``skylands-projector-*``."""
        if self._parts is None:
            self._build_parts()
        assert self._parts is not None
        return self._parts

    def _build_parts(self) -> None:
        def button(text: str, handler: Any, tip: str = "") -> W.Button:
            b = W.Button(description=str(text), tooltip=str(tip), layout=W.Layout(width="auto"))
            return self.return_focus(on_click(styled(b, "skylands-projector-button"), handler))

        self._pj_caption = styled(W.HTML(), "skylands-projector-caption")
        board = styled(board_part(self.canvas, above=[self._pj_caption], beside=self.canvas_companions()),
                       "skylands-projector-board")
        self._pj_prompt = styled(W.HTML(), "skylands-projector-prompt")
        self._pj_actions = [button(SKYLANDS_ACTIONS[a], lambda i=i: self.click_action(i)) for i, a in enumerate(ACTIONS)]
        self._pj_action_box = styled(W.HBox(self._pj_actions, layout=W.Layout(flex_flow="row wrap")),
                                     "skylands-projector-actions")   # side by side: room for the rest
        self._pj_rotate = button(SKYLANDS_ROTATE, self.rotate, SKYLANDS_ROTATE_TIP)
        self._pj_pass = button(SKYLANDS_PASS, self.pass_, SKYLANDS_PASS_TIP)
        self._pj_done = button(SKYLANDS_DONE, self.done, SKYLANDS_DONE_TIP)
        self._pj_buttons = styled(W.HBox([self._pj_rotate, self._pj_pass, self._pj_done],
                                         layout=W.Layout(flex_flow="row wrap")), "skylands-projector-buttons")
        self._pj_white_label = styled(W.HTML(escape(str(SKYLANDS_WHITE))), "skylands-projector-label")
        self._pj_white = styled(W.Dropdown(options=self._white_choices(), value=self.white.value,
                                           layout=W.Layout(width="auto")), "skylands-projector-white")
        W.link((self._pj_white, "value"), (self.white, "value"))
        self._pj_white_box = styled(W.VBox([self._pj_white_label, self._pj_white]), "skylands-projector-white-box")
        self._pj_suggest = button(SUGGEST_LABEL, self.suggest, SUGGEST_TOOLTIP)
        decision = styled(W.VBox([self._pj_prompt, self._pj_action_box, self._pj_buttons, self._pj_white_box,
                                  self._pj_suggest, self.hint_html]), "skylands-projector-decision")
        self._pj_summaries = styled(W.HTML(), "skylands-projector-summaries")
        self._pj_track = styled(W.HTML(), "skylands-projector-track")
        self._parts = ProjectorParts(board, decision, self._pj_summaries, self._pj_track, self.status)
        self._update_parts()

    def _update_parts(self) -> None:
        g = self.state
        person = self.is_human_turn()
        kind = "over" if g.is_over() else self._decision_kind() if person else "wait"
        shown = self.viewer()
        self._pj_caption.value = escape(SKYLANDS_BOARD_OF.format(name=g.names[shown]))
        self._pj_prompt.value = escape(str(SKYLANDS_PROMPT[kind]))
        self._pj_action_box.layout.display = None if kind == "choose" else "none"
        if kind == "choose":
            p = self.to_play()
            for a, b in zip(ACTIONS, self._pj_actions):
                title = str(SKYLANDS_ACTIONS[a])
                mine = g.token[p] == a
                b.description = SKYLANDS_REPEAT.format(action=title) if mine else title
                b.tooltip = (SKYLANDS_REPEAT_TIP if mine else SKYLANDS_ACTION_TIP).format(action=title)
                b.disabled = mine and not g.marker_active[p]
        self._pj_buttons.layout.display = None if kind in ("discover", "setup_start", "setup_place", "deploy",
                                                            "create", "pay", "convert") else "none"
        self._pj_rotate.layout.display = None if kind in ("discover", "setup_start", "setup_place",
                                                          "create") else "none"
        self._pj_pass.layout.display = None if kind in ("discover", "deploy", "create", "convert") else "none"
        self._pj_done.layout.display = None if kind in ("deploy", "pay", "convert") else "none"
        self._pj_white_box.layout.display = None if kind == "create" else "none"
        self._pj_suggest.layout.display = None if person else "none"
        self._pj_summaries.value = self._summaries_html()
        self._pj_track.value = self._track_html()

    def _summaries_html(self) -> str:
        g = self.state
        now = self.to_play()
        points = g.points()
        rows = []
        for p in range(g.n):
            css = "skylands-projector-player" + (" skylands-projector-now" if p == now else "")
            # the score so far leaves out the empty squares' cost, which is told as what it is: a cost
            # at the end (a class read "-32 VP" at the first turn as a score already lost)
            empty = len(g.boards[p].empty_squares())
            lines = [SKYLANDS_SUMMARY.format(score=points[p] + EMPTY_SQUARE_COST * empty,
                                             markers=g.vp[p] + g.overflow[p], count=empty)]
            if g.token[p]:
                lines.append(SKYLANDS_TOKEN.format(action=str(SKYLANDS_ACTIONS[g.token[p]])))
            lines.append(str(SKYLANDS_MARKER[0 if g.marker_active[p] else 1]))
            rows.append(f'<div class="{css}"><b>{escape(g.names[p])}</b> ({escape(self._seat_kind(p))})'
                        f'<div class="skylands-projector-detail">{escape(" ".join(lines))}</div></div>')
        return "".join(rows)

    def _track_html(self) -> str:
        g = self.state
        need = g.n + 1
        if g.is_over():
            lines = [SKYLANDS_TRACK_OVER.format(reason=g.end_reason)]
        elif g.phase == "setup":
            lines = [str(SKYLANDS_TRACK_SETUP)]
        else:
            lines = [SKYLANDS_TRACK_ROUND.format(round=g.round, name=g.names[g.active])]
            if g.action:
                lines.append(SKYLANDS_TRACK_ACTION.format(action=str(SKYLANDS_ACTIONS[g.action])))
        if not g.is_over():
            empty = [len(b.empty_squares()) for b in g.boards]
            fewest = min(empty)
            lines += [SKYLANDS_TRACK_VP.format(vp=g.vp_supply),
                      SKYLANDS_TRACK_STACK.format(count=len(g.stack), need=need),
                      SKYLANDS_TRACK_EMPTY.format(n=fewest, name=g.names[empty.index(fewest)])]
        html = "".join(f"<div>{escape(line)}</div>" for line in lines)
        if self.open_hand:
            top = list(reversed(g.stack))           # Discover pops from the end: the top of the stack
            if not top:
                secret = f"<div>{escape(str(SKYLANDS_OPEN_EMPTY))}</div>"
            else:
                pictures = "".join(f'<span class="skylands-projector-tile" title="{escape(t)}">'
                                   f"{render_tile(g.tile(t), size=48).to_svg()}</span>" for t in top[:need])
                # the tiles after the next Discover's: the pictures' tooltip (a projector at 720p has no
                # room for one more line, in Polish or French)
                rest = (f' title="{escape(SKYLANDS_OPEN_REST.format(tiles=word_list(top[need:], limit=need)))}"'
                        if top[need:] else "")
                secret = (f"<div>{escape(SKYLANDS_OPEN_NEXT.format(tiles=', '.join(top[:need])))}</div>"
                          f"<div{rest}>{pictures}</div>")
            html += (f'<div class="skylands-projector-open"><b>{escape(str(SKYLANDS_OPEN_TITLE))}</b>'
                     f"{secret}</div>")
        return html

    def set_coordinates(self, on: bool = True) -> None:
        """Show (True) or hide the column and row numbers on the board's edge."""
        on = bool(on)
        if self.coordinates_box.value != on:
            self.coordinates_box.value = on         # its observer calls back here
            return
        if self.layout_.coordinates != on:
            self.layout_ = replace(self.layout_, coordinates=on)
            self.redraw()

    # -- CanvasBoard ------------------------------------------------------------
    def drawing(self) -> Drawing:
        return render_game(self.state, viewer=self.viewer(), highlight=self.legal_cells(),
                           selected_offer=self.selected_offer, selected_special=self.selected_special,
                           preview_rotation=self.rotation, selected_islands=self.selection,
                           preview_at=self.hover, layout=self.layout_)

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The board square under a pixel (None elsewhere, or for a pixel that is not finite)."""
        hit = self.layout_.hit(px, py) if finite_pixels(px, py) else None
        return (hit[1], hit[2]) if hit is not None and hit[0] == "board" else None

    def click_at(self, px: float, py: float) -> None:
        """A click at canvas pixel (px, py): a board square, an action board, the offer or
        the display; elsewhere (or at a pixel that is not finite) nothing happens."""
        hit = self.layout_.hit(px, py) if finite_pixels(px, py) else None
        if hit is None:
            return
        region, i, j = hit
        if region == "board":
            self.click_cell(i, j)
        elif region == "action":
            self.click_action(i)
        elif region == "offer":
            self.select_offer(i)
        else:
            self.select_special(i)

    def _on_mouse_down(self, px: float, py: float) -> None:
        self.click_at(px, py)

    def _on_mouse_move(self, px: float, py: float) -> None:
        cell = self.cell_at(px, py)
        if cell is not None:
            self.hover_cell(*cell)
        elif self.hover is not None and finite_pixels(px, py):
            self.hover_cell(-1, -1)                 # off the board: the preview goes




def projector_game(seed: int = 0, *, bots: Sequence[str | None] | None = None, players: int | None = None,
                   names: Sequence[str] | None = None, side: str = "beginner", bot_delay: float | None = 1.5,
                   coordinates: bool = True) -> SkylandsWidget:
    """A Skylands game for the projector page (:mod:`skye_widgets.widgets.projector`).

    ``bots``: one entry per seat, ``None`` (or ``"human"``) for a person, a bot kind
    otherwise (default: the class against two greedy bots, ``[None, "greedy", "greedy"]``);
    ``players`` (2-4) alone gives the class plus ``players - 1`` greedy bots. ``names``: one
    per seat (default: "Class" for a person, "Bot 2" for a bot in seat 2). ``side``: the
    player boards' side (beginner or tactical). ``bot_delay``: seconds between bot moves
    (slow enough to follow; ``None`` at once). The same seed gives the same game and bots;
    the board shown follows the player to act.
    """
    seats, names = projector_seats("Skylands", bots, players, names, default_players=3, fewest=2, most=4,
                                   bot="greedy")
    state = GameState(list(names), seed=seed, side=side)
    humans = [p for p, k in enumerate(seats) if k is None]
    w = SkylandsWidget(state, human=humans, bots=[k or "greedy" for k in seats], seed=seed,
                       bot_delay=bot_delay, coordinates=coordinates)
    w.projector = True
    # the projector's picture: no text under PROJECTOR_TEXT px (the canvas takes its size at the redraw)
    w.layout_ = projector_layout(state.comp.width, state.comp.height, state.n, bool(coordinates))
    w.refresh()
    return w


__all__ = ["SkylandsWidget", "show", "ACTION_TITLES", "projector_game"]

"""Projector mode: one game's table on a wall, driven from the front (issue 16).

This module holds what the three games share: the protocol a game widget
speaks to be shown on a projector (:class:`ProjectorGame`), the parts it hands
over (:class:`ProjectorParts`), and — built on them — the projector page
(:class:`ProjectorTable`: a big "whose turn / what to do now" line, the active
player's board as large as the screen allows, the decision, "What happened" — the
last moves and scorings, told from the game's own log (``ProjectorGame.events``) —
every player's summary, the round track) with the teacher's controls (:class:`TeacherControls`:
bot speed including step by step, pause, undo, everyone's hidden information,
explain the last move, restart with the same or a new seed).

Each game widget module provides ``projector_game(seed, **options)``, a
factory of a widget that speaks :class:`ProjectorGame`
(:func:`skye_widgets.widgets.skye.projector_game`,
:func:`skye_widgets.widgets.hashi.projector_game`,
:func:`skye_widgets.widgets.skylands.projector_game`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from html import escape
from typing import Any, Callable, Protocol, runtime_checkable

import ipywidgets as W

from ..errors import BadConfigError
from ..limits import is_whole
from .. import i18n
from ..i18n import lazy
from .base import LanguagePicker, on_click


@dataclass
class ProjectorParts:
    """The widgets a game hands to the projector page, each shown once.

    ``board``: the active player's board (a widget holding the canvas; the page
    scales it to the height it can fill — ipycanvas maps clicks through CSS
    scaling). ``decision``: what the person to act does now (prompts, choices,
    buttons; an empty box while bots think). ``summaries``: every player's
    summary (name, score, and what the rules let everyone see). ``track``: the
    round track / progress of the game. ``status``: the table's status line.
    """

    board: W.Widget
    decision: W.Widget
    summaries: W.Widget
    track: W.Widget
    status: W.Widget


@runtime_checkable
class ProjectorGame(Protocol):
    """What a game widget provides to be shown by :class:`ProjectorTable`."""

    turns: Any                # the widget's TurnLoop: delay, auto, step_bots, undo go through it
    open_hand: bool           # True while everyone's hidden information shows

    def turn_line(self) -> str:
        """One plain sentence the room can read: whose turn and what to do now.

        E.g. "Anna: choose a tile to discard and set prices for the other two."
        While a bot acts: "Bot 2 (planner) is thinking." When the game has
        ended: who won, with the score.
        """
        ...

    def projector_parts(self) -> ProjectorParts:
        """The current parts (the board part follows the active player)."""
        ...

    def on_refresh(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every refresh of the widget (a move, undo, bots)."""
        ...

    def set_open_hand(self, on: bool = True) -> None:
        """Show (True) or hide everyone's hidden information, for discussion."""
        ...

    def explain_last(self) -> str:
        """The last move explained (what it scored and why), as HTML; a sentence when there is none."""
        ...

    def undo(self) -> None:
        """Take back the last person's action (and the bot moves after it)."""
        ...

    def relabel(self) -> None:
        """Every label and text of the parts again, in the language spoken now (after
        :func:`skye_widgets.set_language`); the game itself does not change."""
        ...

    def events(self, count: int) -> list[str]:
        """The last ``count`` things that happened at the table, oldest first, one plain sentence
        each: every player's move (a bot's too: who bought what from whom for how much, what it
        wrote, which island it took) and every scoring, in the words of the game's own log.
        Lines the page shows elsewhere (whose turn, the round) may be left out."""
        ...


# --------------------------------------------------------------------------
# The projector page
# --------------------------------------------------------------------------

#: The games a projector page can show: their widget modules (imported when first used).
GAMES = {"skye": "skye_widgets.widgets.skye", "hashi": "skye_widgets.widgets.hashi",
         "skylands": "skye_widgets.widgets.skylands"}

#: How many of the last events the page's "What happened" list shows (newest first).
EVENTS_SHOWN = 6

#: Bot speeds: seconds between two bot moves; "step" = bots wait for the "next move" button.
SPEEDS = {"step": None, "slow": 3.0, "normal": 1.5, "fast": 0.5}

#: The teacher's controls: labels and sentences with named placeholders, marked for translation
#: (translated each time they are used, so a language switch relabels the page).
TEXT = {
    # Translators: the label before the bot speed buttons of the projector page's teacher's controls.
    "speed": lazy("Bot speed:"),
    # Translators: a bot speed button: the bots wait for the "next move" button.
    "speed_step": lazy("step by step"),
    # Translators: a bot speed button (3 seconds between two bot moves).
    "speed_slow": lazy("slow"),
    # Translators: a bot speed button (1.5 seconds between two bot moves).
    "speed_normal": lazy("normal"),
    # Translators: a bot speed button (half a second between two bot moves).
    "speed_fast": lazy("fast"),
    # Translators: a button of the teacher's controls: one bot makes one move now.
    "next": lazy("next move"),
    # Translators: a button of the teacher's controls: the bots stop moving.
    "pause": lazy("pause"),
    # Translators: a button of the teacher's controls: the paused bots play again.
    "resume": lazy("resume"),
    # Translators: a button of the teacher's controls: take back the last action, whoever made it (a bot's
    # too). Named apart from a game's own "Undo" (Hashi's: the class's last move of this turn), shown beside it.
    "undo": lazy("undo the last move"),
    # Translators: a button of the teacher's controls: show every player's secret information to the room.
    "show_hidden": lazy("show hidden information"),
    # Translators: a button of the teacher's controls: hide the players' secret information again.
    "hide_hidden": lazy("hide hidden information"),
    # Translators: a button of the teacher's controls: explain what the last move scored and why.
    "explain": lazy("explain the last move"),
    # Translators: a button of the teacher's controls: hide the explanation of the last move.
    "hide_explanation": lazy("hide the explanation"),
    # Translators: a button of the teacher's controls: play the same game again from its start.
    "restart": lazy("restart this game"),
    # Translators: a button of the teacher's controls: start the next game (another game number).
    "new_game": lazy("new game"),
    # Translators: shown in the teacher's controls; {seed} is the number that replays this game.
    "game_number": lazy("Game number {seed}."),
    "no_bot_to_move": lazy("No bot has a move to make now."),
    "bot_moved": lazy("One bot move made."),
    "paused": lazy("The bots are paused: press resume, or next move for one move."),
    "resumed": lazy("The bots play again."),
    # Translators: {speed} is one of the bot speeds (step by step, slow, normal, fast).
    "speed_set": lazy("Bot speed: {speed}."),
    "restarted": lazy("Game number {seed} starts again from the beginning."),
    "new_started": lazy("A new game starts: game number {seed}."),
    # Translators: the page now speaks the language the teacher picked (this sentence is in it).
    "language_set": lazy("The page speaks English now."),
    # Translators: the heading of the projector page's list of the last moves and scorings (the newest on top).
    "events": lazy("What happened, newest first"),
    # Translators: the projector page's list of the last moves, before anyone has moved.
    "no_events": lazy("Nothing has happened yet."),
    # Translators: {game} is what was asked for, {games} the list "skye, hashi, skylands" (not translated).
    "unknown_game": lazy("There is no game {game!r} to show; the games are {games}."),
    # Translators: {speed} is what was asked for, {speeds} the list "step, slow, normal, fast" (not translated).
    "unknown_speed": lazy("There is no bot speed {speed!r}; the speeds are {speeds}."),
    "bad_seed": lazy("A game number is a whole number from 0 to {most}, not {seed!r}."),
}
MAX_SEED = 2**31 - 1

#: The page's layout and colours: a grid filling the viewport (the turn line across the top, the
#: board on the left filling the height, decision / status / summaries / track on the right, the
#: teacher's controls across the bottom; nothing above the board changes height: the turn line is two lines
#: high, the hand row and the line under the board too). Sizes in viewport-height units: 1.9vh is 20.5 px at 1080p;
#: colours dark on white (contrast >= 4.5:1 even for the coloured buttons).
PROJECTOR_CSS = """
.skye-projector { box-sizing: border-box;
  display: grid !important; gap: 1vh 1.5vh; padding: 1vh 1.5vh; margin: 0;
  grid-template-columns: minmax(0, 1fr) minmax(0, 42vw);
  grid-template-rows: auto minmax(0, 1fr) auto;
  grid-template-areas: "turn turn" "board side" "controls controls";
  width: 100vw; height: 100vh; overflow: hidden; background: #ffffff; color: #111111;
  font-size: 1.9vh; line-height: 1.3; }
/* (not inside a picture: an SVG's texts keep the sizes of its drawing, in its own units) */
.skye-projector *:not(svg, svg *) { font-size: inherit !important; line-height: inherit; box-sizing: border-box; }
.skye-projector .widget-html-content, .skye-projector .widget-label, .skye-projector input,
.skye-projector .widget-button, .skye-projector .widget-toggle-button, .skye-projector td,
.skye-projector th, .skye-projector label, .skye-projector summary { font-size: 1.9vh !important;
  line-height: 1.3 !important; color: #111111; }
.skye-projector .widget-html, .skye-projector .widget-html-content { height: auto !important; }
.skye-projector-turn { grid-area: turn; }
.skye-projector .skye-projector-turn .widget-html-content { font-size: 3.4vh !important; font-weight: bold;
  line-height: 1.25 !important; background: #0b3d66; color: #ffffff !important; padding: 0.6vh 1.5vh;
  border-radius: 0.8vh; height: calc(2 * 1.25 * 3.4vh + 1.2vh) !important; overflow: hidden;
  display: -webkit-box !important; -webkit-box-orient: vertical; -webkit-line-clamp: 2; }
.skye-projector-turn .widget-html-content * { color: #ffffff !important; }
.skye-projector-boardslot { grid-area: board; min-height: 0; min-width: 0; display: flex !important; }
.skye-projector-boardslot > * { flex: 1 1 auto; min-height: 0; min-width: 0; }
.skye-projector-side { grid-area: side; min-height: 0; min-width: 0; overflow: hidden;
  display: flex !important; flex-direction: column; gap: 0.6vh; }
.skye-projector-side > * { flex: 0 0 auto; min-width: 0; }
.skye-projector-side > .skye-projector-status-part { min-height: 0 !important; }
.skye-projector .widget-html.skye-projector-events { flex: 1 1 0; min-height: 0 !important;
  max-height: calc(7 * 1.3 * 1.9vh) !important; overflow: hidden; border-top: 0.2vh solid #555555; }
.skye-projector-events .widget-html-content { display: flex; flex-flow: column wrap; align-content: flex-start;
  height: 100% !important; min-height: 0; overflow: hidden; }
.skye-projector-events ul { display: contents; }
.skye-projector-events .widget-html-content::before { content: ""; width: 100%; height: 0; flex: 0 0 auto; }
.skye-projector-events-head, .skye-projector-event { width: 100%; flex: 0 0 auto; margin: 0; list-style: none; }
.skye-projector-events li + li { border-top: 0.1vh solid #bbbbbb; }
.skye-projector .skye-players .skye-gold { white-space: nowrap; }
.skye-projector-controls { grid-area: controls; display: flex !important; flex-flow: row wrap;
  align-items: center; gap: 0.6vh 1vh; }
.skye-projector-controls > * { flex: 0 0 auto !important; max-width: 100%; }
.skye-projector-controls > .widget-inline-hbox { flex-wrap: nowrap !important; align-items: center; }
.skye-projector-controls > .widget-toggle-buttons { display: flex !important; flex-direction: row !important; }
.skye-projector-controls > .widget-toggle-buttons > * { flex: 0 0 auto; }
.skye-projector .skylands-projector-tile svg { width: 4.5vh; height: 4.5vh; }
.skye-projector .skylands-projector-detail { display: inline; margin-left: 0.4em; }
.skye-projector-skye, .skye-projector-hashi { grid-template-columns: minmax(0, 1fr) minmax(0, 50vw); }
.skye-projector-skye .skye-projector-decision-part { flex-flow: row wrap !important; align-items: center;
  gap: 0.6vh 1.5vh; }
.skye-projector-skye .skye-projector-decision-part > * { flex: 0 0 auto; max-width: 100%; }
.skye-projector-skye .skye-projector-decision-part > :first-child { flex: 1 1 100%; }
.skye-projector-skye .skye-projector-decision-part > .widget-hbox { display: contents !important; }
.skye-projector-skye .skye-projector-decision-part svg { width: 7.5vh; height: 7.5vh; }
.skye-projector .widget-button, .skye-projector .widget-toggle-button {
  width: auto !important; height: auto !important; min-height: 4.4vh; padding: 0.3vh 1.2vh !important;
  margin: 0 !important; white-space: nowrap; overflow: visible;
  background: #e8e8e8; color: #111111 !important; border: 0.2vh solid #555555; border-radius: 0.6vh; }
.skye-projector .widget-button.mod-success, .skye-projector .widget-toggle-button.mod-success,
.skye-projector .widget-button.mod-active, .skye-projector .widget-toggle-button.mod-active {
  background: #1b5e20; color: #ffffff !important; }
.skye-projector .widget-button.mod-warning, .skye-projector .widget-toggle-button.mod-warning {
  background: #8a4b00; color: #ffffff !important; }
.skye-projector .widget-button.mod-info, .skye-projector .widget-toggle-button.mod-info,
.skye-projector .widget-button.mod-primary { background: #0b3d66; color: #ffffff !important; }
.skye-projector .widget-button:disabled, .skye-projector .widget-toggle-button:disabled {
  opacity: 1 !important; background: #dddddd; color: #555555 !important; border-color: #999999; }
.skye-projector .widget-label { width: auto !important; min-width: 0 !important; max-width: none !important;
  overflow: visible; padding-right: 0.6vh; }
.skye-projector .widget-inline-hbox, .skye-projector .widget-hbox { flex-wrap: wrap; gap: 0.6vh; }
.skye-projector .widget-text input, .skye-projector .widget-inline-hbox input { width: 7vh !important;
  height: 4.4vh !important; border: 0.2vh solid #555555; color: #111111; background: #ffffff; }
.skye-projector .widget-toggle-buttons { flex-wrap: wrap; gap: 0.6vh; }
.skye-projector .widget-toggle-buttons .widget-toggle-button { margin-right: 0 !important; }
.skye-projector .jupyter-widgets.widget-inline-hbox { width: auto !important; }
.skye-projector table { border-collapse: collapse; }
.skye-projector td, .skye-projector th { padding: 0.2vh 0.5vh !important; }
.skye-projector .skye-info, .skye-projector .skye-ok, .skye-projector .skye-error { font-size: 1.9vh !important; }
.skye-projector .skye-ok { color: #14532d !important; }
.skye-projector .skye-error { color: #9b1020 !important; }
.skye-projector .skye-info { color: #111111 !important; }
.skye-projector .skye-keys, .skye-projector .skye-description, .skye-projector .skye-hover { display: none !important; }
.skye-projector-board { height: 100%; min-height: 0; display: flex !important; flex-direction: column;
  flex-wrap: nowrap !important; gap: 0.5vh; }
.skye-projector-board > * { flex: 0 0 auto; min-width: 0; }
.skye-projector-board > .skye-projector-canvas { flex: 1 1 0; min-height: 0; position: relative; overflow: hidden;
  container-type: size; }
.skye-projector-canvas canvas { position: absolute; top: 0; left: 0; width: auto !important; height: auto !important;
  max-width: 100% !important; max-height: 100% !important; }
.skye-projector .skye-hand svg { width: 9vh; height: 9vh; }
.skye-projector-board .skye-hand { height: 15vh !important; min-height: 0 !important; overflow: hidden; }
.skye-projector-board > .skye-status { height: calc(2 * 1.3 * 1.9vh + 0.4vh) !important; min-height: 0 !important;
  overflow: hidden; }
.skye-projector-board .widget-hbox { align-items: center; }
.skye-projector-tools { align-items: center; }
.skye-projector-explanation .widget-html-content { background: #fff8dc; border: 0.2vh solid #8a4b00;
  padding: 0.5vh 1vh; }
.skye-projector-seed .widget-html-content { font-weight: bold; }
.skye-projector .skye-track-rounds, .skye-projector .skye-track-tiles { display: flex; flex-wrap: wrap; gap: 0.4vh 0.8vh; }
.skye-projector .skye-track-round, .skye-projector .skye-track-tile { border: 0.15vh solid #555555; padding: 0 0.6vh;
  white-space: nowrap; }
.skye-projector .skye-track-now { background: #0b3d66; color: #ffffff; font-weight: bold; }
"""


def styled(widget: Any, *classes: str) -> Any:
    """``widget`` with the CSS ``classes`` added (the page's CSS and the tests find parts by class)."""
    for css in classes:
        widget.add_class(css)
    return widget


_FIT_KEYS = itertools.count()


def board_part(canvas: Any, above: Any = (), below: Any = (), beside: Any = ()) -> W.VBox:
    """A board part for the page: ``above``, the canvas, ``below``, one under the other.

    ``beside``: the board's invisible companions of its canvas, in the canvas's own box
    (:meth:`~.base.CanvasBoard.canvas_companions`: its description, and the ARIA helper that gives
    the canvas its role and name, which finds the canvas in the box it is shown in).

    The canvas sits in a box that takes the height left (``.skye-projector-canvas``, a CSS
    size container) and grows or shrinks to it keeping its shape; ipycanvas maps clicks
    through CSS scaling, so a click still lands on the cell it shows. The rule follows the
    canvas's size whenever the board is redrawn at another size.
    """
    key = f"skye-projector-fit-{next(_FIT_KEYS)}"
    canvas.add_class(key)
    wrap = W.Box([canvas, *beside])
    wrap.add_class("skye-projector-canvas")
    fit = W.HTML(layout=W.Layout(display="none"))

    def fit_canvas(*_: Any) -> None:
        w, h = max(1, int(canvas.width)), max(1, int(canvas.height))
        fit.value = (f"<style>.skye-projector-canvas canvas.{key} {{ "
                     f"width: min(100cqw, calc(100cqh * {w} / {h})) !important; height: auto !important; }}</style>")

    canvas[0].observe(fit_canvas, names=["width", "height"])     # the layers carry the size
    fit_canvas()
    box = W.VBox([*above, wrap, *below, fit])
    box.add_class("skye-projector-board")
    return box


# The names of a projector game's seats when the options give none, in the language spoken when
# the game starts (names are the game's: a later language switch keeps them, as a saved game does).
# Translators: the name of the seat the whole class plays on the projector page.
CLASS_NAME = lazy("Class")
# Translators: the name of one of several seats the class plays on the projector page; {seat} is its number.
CLASS_SEAT_NAME = lazy("Class {seat}")
# Translators: the name of a bot's seat on the projector page; {seat} is its seat number (2, 3).
BOT_SEAT_NAME = lazy("Bot {seat}")


#: A bot's turn on the projector page: moving, or waiting for the teacher (the bots are paused).
# Translators: {kind} is the bot's kind in the reader's words (the glossary's: planner, greedy, random).
BOT_THINKING = lazy("{name} ({kind}) is thinking.")
BOT_PAUSED = lazy("{name} ({kind}) plays next; the bots are paused.")


def seat_names(seats: Any) -> list[str]:
    """Default names of a projector game's seats (``None`` or ``"human"``: a person).

    >>> seat_names([None, "planner", "planner"])
    ['Class', 'Bot 2', 'Bot 3']
    >>> seat_names(["human", "greedy", "human"])
    ['Class 1', 'Bot 2', 'Class 3']
    """
    people = [k in (None, "human") for k in seats]
    return [(str(CLASS_NAME) if sum(people) == 1 else CLASS_SEAT_NAME.format(seat=i + 1)) if person
            else BOT_SEAT_NAME.format(seat=i + 1) for i, person in enumerate(people)]


def projector_seats(game: str, bots: Any, players: Any, names: Any, *, default_players: int,
                    fewest: int, most: int, bot: str) -> tuple[list[Any], list[str]]:
    """The seats (``None`` for a person, else a bot kind) and names of a projector game.

    ``bots`` (one entry per seat; None or "human": a person) wins; else ``players`` (default
    ``default_players``, from ``fewest`` to ``most``) gives the class plus ``players - 1``
    ``bot`` bots. ``names``: one per seat, default :func:`seat_names`.
    """
    if bots is None:
        count = default_players if players is None else players
        if not is_whole(count, fewest, most):
            raise BadConfigError(f"{game} is for {fewest} to {most} players, not {count!r}")
        bots = [None] + [bot] * (count - 1)
    seats = [None if k in (None, "human") else k for k in bots]
    if players is not None and players != len(seats):
        raise BadConfigError(f"{len(seats)} seats given for {players!r} players")
    if names is None:
        names = seat_names(seats)
    if isinstance(names, str) or len(names) != len(seats):
        raise BadConfigError(f"give one name per seat ({len(seats)}), not {names!r}")
    return seats, list(names)


def game_factory(game: str) -> Callable[..., Any]:
    """The ``projector_game`` factory of a game's widget module (imported now, not before)."""
    import importlib

    if game not in GAMES:
        raise BadConfigError(TEXT["unknown_game"].format(game=game, games=", ".join(GAMES)))
    module = importlib.import_module(GAMES[game])
    return module.projector_game


def events_html(events: list[str]) -> str:
    """The "What happened" list: a heading, then ``events`` (oldest first) with the newest on top."""
    head = f'<div class="skye-projector-events-head"><b>{escape(str(TEXT["events"]))}</b></div>'
    if not events:
        return head + f'<div class="skye-projector-event">{escape(str(TEXT["no_events"]))}</div>'
    lines = "".join(f'<li class="skye-projector-event">{escape(e)}</li>' for e in reversed(events))
    return f"{head}<ul>{lines}</ul>"


def _explanation_html(text: str) -> str:
    """``explain_last()`` as HTML: HTML as given, plain text one sentence a line."""
    if "<" in text and ">" in text:
        return text
    return "<br>".join(escape(line) for line in text.splitlines() if line.strip())


class TeacherControls(W.HBox):
    """The teacher's controls of a :class:`ProjectorTable` (each one a Python method too).

    Bot speed (:meth:`set_speed`: step by step, slow, normal, fast; step by step = the bots
    wait for :meth:`step`), :meth:`pause` / :meth:`resume`, :meth:`undo`,
    :meth:`show_hidden` (everyone's hidden information, and back), :meth:`explain`
    (the last move: what it scored and why), :meth:`restart` (the same game number, or
    ``new=True`` the next one), :meth:`set_language` (the language picker: the whole page
    is relabelled, the game goes on) — and the game number, shown so a game can be replayed.
    """

    def __init__(self, table: "ProjectorTable", speed: str = "normal") -> None:
        self.table = table
        self.speed = "normal"
        self.paused = False
        self.hidden_shown = False
        self.explaining = False
        self.message = ""
        self._relabelling = False
        self.speed_buttons = W.ToggleButtons(options=self._speed_options(), value="normal",
                                             description=str(TEXT["speed"]),
                                             style={"description_width": "initial", "button_width": "auto"})
        self.speed_buttons.observe(self._speed_picked, names="value")
        self.next_button = on_click(W.Button(description=str(TEXT["next"]), button_style="success"), self.step)
        self.pause_button = on_click(W.Button(description=str(TEXT["pause"])), self.toggle_pause)
        self.undo_button = on_click(W.Button(description=str(TEXT["undo"])), self.undo)
        self.hidden_button = on_click(W.Button(description=str(TEXT["show_hidden"])),
                                      lambda: self.show_hidden(not self.hidden_shown))
        self.explain_button = on_click(W.Button(description=str(TEXT["explain"])),
                                       lambda: self.explain(not self.explaining))
        self.restart_button = on_click(W.Button(description=str(TEXT["restart"])), lambda: self.restart())
        self.new_button = on_click(W.Button(description=str(TEXT["new_game"])), lambda: self.restart(new=True))
        # the shared picker (base.py): each language named in itself, its tooltip says "Language:"
        self.language_picker = LanguagePicker(self.set_language)
        self.seed_html = W.HTML()
        self.seed_html.add_class("skye-projector-seed")
        for cls, w in (("speed", self.speed_buttons), ("next", self.next_button), ("pause", self.pause_button),
                       ("undo", self.undo_button), ("hidden", self.hidden_button),
                       ("explain", self.explain_button), ("restart", self.restart_button),
                       ("new", self.new_button), ("language", self.language_picker)):
            w.add_class(f"skye-projector-{cls}")
        super().__init__([self.speed_buttons, self.next_button, self.pause_button, self.undo_button,
                          self.hidden_button, self.explain_button, self.restart_button, self.new_button,
                          self.language_picker, self.seed_html])
        self.add_class("skye-projector-controls")
        self.set_speed(speed)

    @property
    def game(self) -> Any:
        return self.table.game

    @staticmethod
    def _speed_options() -> list[tuple[str, str]]:
        return [(str(TEXT[f"speed_{k}"]), k) for k in SPEEDS]

    def _speed_picked(self, change: dict[str, Any]) -> None:
        if not self._relabelling and change["new"] is not None:
            self.set_speed(change["new"])

    # -- the controls (Python API) -------------------------------------------------
    def set_language(self, code: str) -> str:
        """Speak ``code`` ("en", "pt", "pl", "fr", "es") from now on: :func:`skye_widgets.set_language`
        (the language is one for the whole kernel), then every label of the page is read again —
        these controls, the turn line, and the game's parts (``relabel()``). The game goes on
        where it was: nothing is restarted or replayed. Returns the language now spoken; an
        unknown language raises ValueError and changes nothing."""
        chosen = i18n.set_language(code)
        self._relabel()
        self.game.relabel()
        self._said(str(TEXT["language_set"]))
        self.table.refresh()
        return chosen

    def _relabel(self) -> None:
        """The controls' fixed labels in the current language (the picker shows it)."""
        self._relabelling = True
        try:
            speed = self.speed_buttons.value
            self.speed_buttons.options = self._speed_options()
            self.speed_buttons.value = speed
            self.speed_buttons.description = str(TEXT["speed"])
            for button, key in ((self.next_button, "next"), (self.undo_button, "undo"),
                                (self.restart_button, "restart"), (self.new_button, "new_game")):
                button.description = str(TEXT[key])
            self.language_picker.show_current()
        finally:
            self._relabelling = False

    def set_speed(self, speed: str) -> None:
        """Bot speed: ``"step"`` (bots wait for :meth:`step`), ``"slow"``, ``"normal"`` or ``"fast"``."""
        if speed not in SPEEDS:
            raise BadConfigError(TEXT["unknown_speed"].format(speed=speed, speeds=", ".join(SPEEDS)))
        self.speed = speed
        if self.speed_buttons.value != speed:
            self.speed_buttons.value = speed          # its observer calls back here
            return
        self._apply_speed()
        self._said(TEXT["speed_set"].format(speed=str(TEXT[f"speed_{speed}"])))

    def _apply_speed(self) -> None:
        turns = self.game.turns
        delay = SPEEDS[self.speed]
        if delay is not None:
            turns.delay = delay
        turns.set_auto(delay is not None and not self.paused)
        self.table.refresh()

    def step(self) -> int:
        """One bot move now (whatever the speed): returns how many were made (1, or 0 when no bot
        has a move to make)."""
        made = self.game.turns.step_bots(1)
        self._said(str(TEXT["bot_moved"] if made else TEXT["no_bot_to_move"]))
        self.table.refresh()
        return made

    def pause(self) -> None:
        """Stop the bots (a scheduled move is cancelled); :meth:`step` still makes one move."""
        self.paused = True
        self._apply_speed()
        self._said(str(TEXT["paused"]))

    def resume(self) -> None:
        """The bots play again at the chosen speed (step by step: they wait for :meth:`step`)."""
        self.paused = False
        self._apply_speed()
        self._said(str(TEXT["resumed"]))

    def toggle_pause(self) -> None:
        """Pause when the bots play, resume when they are paused."""
        if self.paused:
            self.resume()
        else:
            self.pause()

    def undo(self) -> None:
        """Take back the last action, whoever made it (the game's teacher's undo); the bots pause."""
        self.game.undo()
        if not self.game.turns.auto and SPEEDS[self.speed] is not None:
            self.paused = True
        self.table.refresh()

    def show_hidden(self, on: bool = True) -> None:
        """Show everyone's hidden information (True), or hide it again (False)."""
        self.hidden_shown = bool(on)
        self.game.set_open_hand(self.hidden_shown)
        self.table.refresh()

    def explain(self, on: bool = True) -> str:
        """Show the last move explained (what it scored and why) under the decision; ``on=False``
        hides it. Returns the explanation shown ("" when hidden)."""
        self.explaining = bool(on)
        self.table.refresh()
        return self.table.explanation.value

    def restart(self, new: bool = False, seed: int | None = None) -> None:
        """Start again: the same game number, or (``new=True``) the next one, or ``seed``."""
        if seed is None:
            seed = (self.table.seed + 1) % (MAX_SEED + 1) if new else self.table.seed
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise BadConfigError(TEXT["bad_seed"].format(most=MAX_SEED, seed=seed))
        self.table.start(seed)
        self.hidden_shown = False
        self.explaining = False
        self.paused = False                       # a new game plays at the chosen speed ("resume" is gone)
        self._apply_speed()
        self._said(TEXT["new_started" if new else "restarted"].format(seed=seed))

    # -- state -> widgets ----------------------------------------------------------
    def _said(self, message: str) -> None:
        self.message = message

    def refresh(self) -> None:
        """Labels and enabled buttons from the game's state."""
        turns = self.game.turns
        if not turns.auto and SPEEDS[self.speed] is not None and not self.paused:
            self.paused = True                  # the game paused its bots (an undo, a failing bot)
        self.pause_button.description = str(TEXT["resume" if self.paused else "pause"])
        self.pause_button.disabled = self.speed == "step"
        self.next_button.disabled = turns.bot_to_act() is None
        self.undo_button.disabled = not turns.game.history
        self.hidden_button.description = str(TEXT["hide_hidden" if self.hidden_shown else "show_hidden"])
        self.explain_button.description = str(TEXT["hide_explanation" if self.explaining else "explain"])
        self.seed_html.value = escape(TEXT["game_number"].format(seed=self.table.seed))


class ProjectorTable(W.GridBox):
    """One game's table for a projector: everything on one screen, driven from the front.

    ``game`` is ``"skye"``, ``"hashi"`` or ``"skylands"``; ``options`` go to that game's
    ``projector_game(seed, **options)``. The page shows the big "whose turn / what to do
    now" line (:attr:`turn`), the active player's board filling the height it can, the
    decision, the status line, "What happened" (:attr:`events`: the game's last
    :data:`EVENTS_SHOWN` moves and scorings, newest on top, as many whole lines as the room left holds), every
    player's summary and the round track, and the
    teacher's :attr:`controls` (:class:`TeacherControls`). Every part is read again from
    the game (``projector_parts()``) whenever it refreshes. ``language`` ("en", "pt", "pl",
    "fr", "es"; None: the one spoken now) is set for the whole kernel before the page is
    built; the teacher's language picker switches it mid-game (``controls.set_language``).
    """

    def __init__(self, game: str = "skye", *, seed: int = 0, speed: str = "normal", language: str | None = None,
                 **options: Any) -> None:
        if language is not None:
            i18n.set_language(language)           # an unknown language fails here, before any widget
        self.kind = game
        self.factory = game_factory(game)        # an unknown game fails here, before any widget
        self.options = dict(options)
        self.seed = seed
        self.game: Any = None
        self.style_html = W.HTML(f"<style>{PROJECTOR_CSS}</style>", layout=W.Layout(display="none"))
        self.turn = W.HTML()
        self.turn.add_class("skye-projector-turn")
        self.board_slot = W.Box()
        self.board_slot.add_class("skye-projector-boardslot")
        self.explanation = W.HTML()
        self.explanation.add_class("skye-projector-explanation")
        #: "What happened": the last moves and scorings, newest first, whole lines in the room left
        #: under the decision and the status line (it never moves the board).
        self.events = W.HTML()
        self.events.add_class("skye-projector-events")
        self.side = W.VBox()
        self.side.add_class("skye-projector-side")
        self._refreshing = False
        self.start(seed)
        self.controls = TeacherControls(self, speed)
        super().__init__([self.style_html, self.turn, self.board_slot, self.side, self.controls])
        self.add_class("skye-projector")
        self.add_class(f"skye-projector-{game}")     # the page's CSS gives each game's side column its width
        self.refresh()

    def start(self, seed: int) -> None:
        """A new game widget from the factory (the same options), game number ``seed``."""
        if self.game is not None:
            self.game.turns.set_auto(False)       # the old game's bots stop for good
        self.seed = seed
        self.game = self.factory(seed=seed, **self.options)
        self.game.on_refresh(self.refresh)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live page, plus for viewers without a kernel (a saved notebook) the active board's
        picture (SVG and PNG, with its description, as the game widget gives it) and the big
        "whose turn / what to do now" line as a static view."""
        from .base import static_view, with_picture

        data = with_picture(super()._repr_mimebundle_(**kwargs), None)
        shown = self.game._repr_mimebundle_(**kwargs)
        data.update({m: v for m, v in shown.items() if m.startswith("image/")})
        line = self.game.turn_line()
        data.update(static_view(f'<p style="font-size:1.3em">{escape(line)}</p>', line))
        return data

    @property
    def turn_text(self) -> str:
        """The big line as plain text."""
        return self.game.turn_line()

    def refresh(self) -> None:
        """Read every part again from the game and lay it out."""
        if self._refreshing or self.game is None:
            return
        self._refreshing = True
        try:
            parts = self.game.projector_parts()
            for name in ("board", "decision", "summaries", "track", "status"):    # for the page's CSS and tests
                getattr(parts, name).add_class(f"skye-projector-{name}-part")
            self.turn.value = escape(self.game.turn_line())
            if tuple(self.board_slot.children) != (parts.board,):
                self.board_slot.children = (parts.board,)
            controls = getattr(self, "controls", None)
            explaining = controls is not None and controls.explaining
            self.explanation.value = _explanation_html(self.game.explain_last()) if explaining else ""
            self.explanation.layout.display = None if explaining else "none"
            self.events.value = events_html(self.game.events(EVENTS_SHOWN))
            # an explanation takes the place of the list of events, the summaries and the track while
            # it shows (the teacher asked for it; all of it fits one screen even beside a tall decision)
            side = ((parts.decision, parts.status, self.explanation) if explaining else
                    (parts.decision, parts.status, self.events, self.explanation, parts.summaries, parts.track))
            if tuple(self.side.children) != side:
                self.side.children = side
            if controls is not None:
                controls.refresh()
        finally:
            self._refreshing = False

"""The whole Skylands game as an OpenSpiel-style state.

``GameState`` holds every player's board, the common supply, the island stack
and the special-island display. Decisions are small frozen dataclasses; the
state offers ``current_player()``, ``legal_actions()``, ``apply(action)``,
``is_over()`` and ``returns()``. An illegal action raises a specific
:class:`~skye_widgets.errors.RulesError` subclass and leaves the state as it was.

A turn: the active player chooses one of the four actions (:class:`ChooseAction`),
then every player, from the active one clockwise, does it; the active player
gets the bonus. A player with nothing possible passes automatically. A
:class:`Create` whose inhabitants could come from different islands is followed
by the same player's :class:`Pay` decision (which islands pay).

>>> g = GameState(["Ana", "Ben", "Cy"], seed=1)
>>> g.phase, g.current_player() == g.active
('choose', True)
>>> g.apply(ChooseAction("discover"))
>>> len(g.revealed)                     # players + 1 tiles
4
>>> g.apply(Pass()); g.current_player() == (g.active + 1) % 3
True
"""

from __future__ import annotations

import random
from dataclasses import MISSING, asdict, dataclass, fields
from itertools import combinations
from typing import Any, Iterator, Sequence, Union

from ..drawing import Pictured
from ..errors import (BadConfigError, FileFormatError, GameOverError, NoActionToUndoError, NotAnActionError,
                      RulesError, WrongPhaseError, control_in_names, read_json, write_json)
from ..i18n import _, lazy, lazy_ngettext, ngettext, pgettext
from ..limits import MAX_ACTION_ITEMS, MAX_NAME_LENGTH, MAX_NUMBER, MAX_SAVE_ACTIONS, MAX_SEED, is_whole, short
from ..protocol import play, win_shares
from .board import BadRotationError, Island, Node, PlayerBoard, ScoreResult, fill_island, rotation_error, score_board
from .components import COLORS, ROTATIONS, Components, Special, Tile, components
from .words import is_you, people_list, said, terrain_word

ACTIONS: tuple[str, ...] = ("discover", "deploy", "create", "convert")
#: The action boards' English names (the widgets' identifiers); :func:`action_title` is the translated name.
ACTION_TITLES = {"discover": "Discover islands", "deploy": "Deploy inhabitants",
                 "create": "Create islands", "convert": "Convert energy"}
SIDES = ("beginner", "tactical")

#: What to do when a decision of the wrong kind comes (whole sentences, for translation):
#: by phase, ``pay`` for a Create waiting for its payment, ``setup_<step>`` in the tactical setup.
WRONG_KIND = {
    "choose": lazy("Choose an action first: move your token to one of the four action boards."),
    "discover": lazy("Take one of the revealed islands and place it on your board, or pass."),
    "deploy": lazy("Choose the complete islands to fill with inhabitants, or pass."),
    "create": lazy("Choose a special island to create, or pass."),
    "pay": lazy("Choose which islands pay the inhabitants for {special} first."),
    "convert": lazy("Choose a complete crystal island with inhabitants and a complete city, or pass."),
    "setup_start": lazy("Place your starting island first."),
    "setup_discard": lazy("Put back one of the tiles you drew first."),
    "setup_place": lazy("Place one of the tiles you kept."),
}

#: Log lines and messages naming a player: (said to the learner "You", said of anyone else); marked,
#: translated when a line is written (the log is in the language spoken when it happened).
LOG = {
    # Translators: Skylands log lines (lower-case start, no full stop: a status line adds them). {action} is an
    # action board's name ("Discover islands").
    "choose": (lazy("You choose {action}"), lazy("{name} chooses {action}")),
    "repeat": (lazy("You flip the marker and repeat {action}"), lazy("{name} flips the marker and repeats {action}")),
    "repeat_used": (lazy("You have already used your once-per-game repeat."),
                    lazy("{name} has already used the once-per-game repeat.")),
    # Translators: (x, y) is the square the island goes to (the table shows no number of an island tile: the
    # island is named by where it goes).
    "take": (lazy("You take a revealed island to ({x}, {y})"), lazy("{name} takes a revealed island to ({x}, {y})")),
    # Translators: the same, for the active player, who takes the extra tile (the bonus).
    "take_bonus": (lazy("You take a revealed island to ({x}, {y}) (bonus)"),
                   lazy("{name} takes a revealed island to ({x}, {y}) (bonus)")),
    "pass": (lazy("You pass"), lazy("{name} passes")),
    "cannot_discover": (lazy("You cannot discover islands and pass"), lazy("{name} cannot discover islands and passes")),
    "cannot_deploy": (lazy("You cannot deploy inhabitants and pass"),
                      lazy("{name} cannot deploy inhabitants and passes")),
    "cannot_create": (lazy("You cannot create islands and pass"), lazy("{name} cannot create islands and passes")),
    "cannot_convert": (lazy("You cannot convert energy and pass"), lazy("{name} cannot convert energy and passes")),
    # Translators: {people} is a list of inhabitants ("2 green inhabitants"), {terrain} a terrain word.
    "deploy": (lazy("You put {people} on the {terrain} island at {cell}"),
               lazy("{name} puts {people} on the {terrain} island at {cell}")),
    # Translators: {cost} and {missing} are lists of inhabitants ("2 green inhabitants and 1 blue inhabitant").
    "lacks": (lazy("{special} costs {cost}; you lack {missing} on your board."),
              lazy("{special} costs {cost}; {name} lacks {missing} on the board.")),
    # Translators: {special} is a special island's name.
    "pay_choice": (lazy("You choose {special} and which islands pay"),
                   lazy("{name} chooses {special} and which islands pay")),
    "create": (lazy("You create {special} at ({x}, {y})"), lazy("{name} creates {special} at ({x}, {y})")),
    # Translators: {paid} lists where the inhabitants came from: "1 purple from (0, 0); 2 green from (1, 3)".
    "create_paying": (lazy("You create {special} at ({x}, {y}), paying {paid}"),
                      lazy("{name} creates {special} at ({x}, {y}), paying {paid}")),
    "convert": (lazy("You power cities with {people}"), lazy("{name} powers cities with {people}")),
    "overflow": (lazy("the VP supply is empty: your {k} VP are recorded"),
                 lazy("the VP supply is empty: {k} VP for {name} are recorded")),
    # Translators: {why} is what scored: "occupied city spaces", "active player's bonus" or a special island's name.
    "score": (lazy("You score {k} VP ({why})"), lazy("{name} scores {k} VP ({why})")),
    "full_board": (lazy("You have at most one empty square"), lazy("{name} has at most one empty square")),
}
#: "3 inhabitants", "1 inhabitant"
PEOPLE = lazy_ngettext("{n} inhabitant", "{n} inhabitants", counter="n")
#: What a player scores for, besides a special island (its name).
WHY = {
    # Translators: the reason of a Skylands score line: "You score 3 VP (occupied city spaces)".
    "cities": lazy("occupied city spaces"),
    "bonus": lazy("active player's bonus"),
}
#: Why the game ended (``end_reason``), besides a player's full board.
END = {
    "supply": lazy("the VP supply is exhausted"),
    # Translators: the game's end: the stack holds fewer island tiles than a Discover reveals.
    "stack": lazy_ngettext("the stack cannot reveal {count} tile", "the stack cannot reveal {count} tiles"),
}


def paid_list(taken: dict[Any, int], colour_of: dict[Any, str]) -> str:
    """Where a special island's inhabitants came from: "1 purple from (0, 0); 2 green from (1, 3)"."""
    def one(colour: str, k: int, x: int, y: int) -> str:
        # Translators: one payment of a special island: how many inhabitants of a colour, from which square.
        if colour == "green":
            return ngettext("{count} green from ({x}, {y})", "{count} green from ({x}, {y})", k).format(count=k, x=x, y=y)
        if colour == "purple":
            return ngettext("{count} purple from ({x}, {y})", "{count} purple from ({x}, {y})", k).format(
                count=k, x=x, y=y)
        if colour == "blue":
            return ngettext("{count} blue from ({x}, {y})", "{count} blue from ({x}, {y})", k).format(count=k, x=x, y=y)
        return f"{k} {colour} ({x}, {y})"
    return "; ".join(one(colour_of[a], k, a[0], a[1]) for a, k in sorted(taken.items()))


def phase_word(phase: str) -> str:
    """A phase of the game in the current language (the action's name, or the set-up, or the end)."""
    if phase in ACTIONS:
        return action_title(phase)
    # Translators: the phases of a Skylands game besides the four actions.
    words = {"choose": pgettext("skylands phase", "choosing an action"),
             "setup": pgettext("skylands phase", "tactical setup"), "over": pgettext("skylands phase", "game over")}
    return words.get(phase, phase)


def action_title(action: str) -> str:
    """An action board's name (``"deploy"`` -> "Deploy inhabitants") in the current language, for the errors."""
    # Translators: the names of the four action boards, as the rulebook prints them.
    titles = {"discover": pgettext("skylands action", "Discover islands"),
              "deploy": pgettext("skylands action", "Deploy inhabitants"),
              "create": pgettext("skylands action", "Create islands"),
              "convert": pgettext("skylands action", "Convert energy")}
    return titles.get(action, action)


# -- errors -------------------------------------------------------------------
# GameOverError, WrongPhaseError, NotAnActionError, NoActionToUndoError and
# BadConfigError are the shared classes of skye_widgets.errors (imported above,
# so ``from skye_widgets.skylands.game import WrongPhaseError`` keeps working).
class ActionChoiceError(RulesError):
    """The action board cannot be chosen (the same one again, unknown, or repeat misused)."""


class RepeatUsedError(ActionChoiceError):
    """The once-per-game repeat marker is already on its passive side."""


class NoSuchChoiceError(RulesError):
    """The chosen tile, special island or slot does not exist (or is already gone)."""


class IslandChoiceError(RulesError):
    """An island chosen for Deploy or Convert does not qualify."""


class CannotPayError(RulesError):
    """Not enough inhabitants of the right colours on the board to pay a special island."""


# -- decisions ----------------------------------------------------------------
#: The message of a malformed field (named placeholders, for translation).
# Translators: {field} is a field's name and {action} an action's class name, both Python identifiers.
NOT_WHOLE = lazy("{field} of a {action} action must be a whole number from {low} to {high}, not {value}.")
NOT_BOOL = lazy("{field} of a {action} action must be True or False, not {value}.")
NOT_TEXT = lazy_ngettext("{field} of a {action} action must be a text of at most {limit} character, not {value}.",
                         "{field} of a {action} action must be a text of at most {limit} characters, not {value}.",
                         counter="limit")
NOT_NODES = lazy_ngettext("{field} of a {action} action must be a tuple of at most {limit} island, each a tuple "
                          "(x, y, part) of whole numbers, not {value}.",
                          "{field} of a {action} action must be a tuple of at most {limit} islands, each a tuple "
                          "(x, y, part) of whole numbers, not {value}.", counter="limit")


def _whole(a: Any, name: str, low: int = -MAX_NUMBER, high: int = MAX_NUMBER) -> None:
    v = getattr(a, name)
    if not is_whole(v, low, high):
        raise NotAnActionError(NOT_WHOLE.format(field=repr(name), action=type(a).__name__, low=low,
                                                high=high, value=short(v)))


def _text(a: Any, name: str, optional: bool = False) -> None:
    v = getattr(a, name)
    if not ((optional and v is None) or (type(v) is str and len(v) <= MAX_NAME_LENGTH)):
        raise NotAnActionError(NOT_TEXT.format(field=repr(name), action=type(a).__name__,
                                               limit=MAX_NAME_LENGTH, value=short(v)))


def _nodes(a: Any, name: str) -> None:
    v = getattr(a, name)
    if not (type(v) is tuple and len(v) <= MAX_ACTION_ITEMS and all(
            type(n) is tuple and len(n) == 3 and all(is_whole(k) for k in n) for n in v)):
        raise NotAnActionError(NOT_NODES.format(field=repr(name), action=type(a).__name__,
                                                limit=MAX_ACTION_ITEMS, value=short(v)))


@dataclass(frozen=True)
class ChooseAction:
    """The active player moves their token to an action board (``repeat``: flip the marker)."""

    action: str
    repeat: bool = False

    def __post_init__(self) -> None:
        _text(self, "action")
        if type(self.repeat) is not bool:
            raise NotAnActionError(NOT_BOOL.format(field="'repeat'", action="ChooseAction",
                                                   value=short(self.repeat)))


@dataclass(frozen=True)
class Pass:
    """Take nothing / do nothing in the current action."""


@dataclass(frozen=True)
class Take:
    """Discover (or tactical setup): take tile ``index`` of the offer and place it."""

    index: int
    x: int
    y: int
    rotation: int = 0

    def __post_init__(self) -> None:
        for name in ("index", "x", "y", "rotation"):
            _whole(self, name)


@dataclass(frozen=True)
class Deploy:
    """Fill complete forest/mountain/crystal islands (named by anchor node) with inhabitants."""

    islands: tuple[Node, ...]

    def __post_init__(self) -> None:
        _nodes(self, "islands")


@dataclass(frozen=True)
class Create:
    """Take special island in display slot ``index``, pay, place it; ``white``: colour paid for white."""

    index: int
    x: int
    y: int
    rotation: int = 0
    white: str | None = None

    def __post_init__(self) -> None:
        for name in ("index", "x", "y", "rotation"):
            _whole(self, name)
        _text(self, "white", optional=True)


@dataclass(frozen=True)
class Pay:
    """Create islands, when the payment is a real choice: the islands whose inhabitants go
    back to the supply, one entry per inhabitant (an island named
    by its anchor, its smallest (x, y, part) node).

    The rulebook has the player return "the inhabitants shown on the tile from their board"
    (Max chooses a blue one for the white), so the player, not the engine, chooses which
    islands pay: that matters for later Deploy (free spaces) and Convert (blue on crystals).
    """

    islands: tuple[Node, ...]

    def __post_init__(self) -> None:
        _nodes(self, "islands")


@dataclass(frozen=True)
class Convert:
    """Move inhabitants from complete crystal islands into complete cities."""

    crystals: tuple[Node, ...]
    cities: tuple[Node, ...]

    def __post_init__(self) -> None:
        _nodes(self, "crystals")
        _nodes(self, "cities")


@dataclass(frozen=True)
class SetupStart:
    """Tactical start: place your starting island, ``side`` 0 or 1 up."""

    side: int
    x: int
    y: int
    rotation: int = 0

    def __post_init__(self) -> None:
        for name in ("side", "x", "y", "rotation"):
            _whole(self, name)


@dataclass(frozen=True)
class SetupDiscard:
    """Tactical start: put back tile ``index`` of the tiles you drew."""

    index: int

    def __post_init__(self) -> None:
        _whole(self, "index")


Action = Union[ChooseAction, Pass, Take, Deploy, Create, Pay, Convert, SetupStart, SetupDiscard]
ACTION_CLASSES: tuple[type, ...] = (ChooseAction, Pass, Take, Deploy, Create, Pay, Convert, SetupStart,
                                    SetupDiscard)
_ACTION_TYPES: dict[str, type] = {"choose": ChooseAction, "pass": Pass, "take": Take, "deploy": Deploy,
                                  "create": Create, "pay": Pay, "convert": Convert, "setup_start": SetupStart,
                                  "setup_discard": SetupDiscard}
_TYPE_NAMES = {v: k for k, v in _ACTION_TYPES.items()}


def action_to_json(a: Action) -> dict[str, Any]:
    """A decision as a JSON object, e.g. ``{"type": "take", "index": 0, "x": 1, "y": 2, "rotation": 3}``."""
    d: dict[str, Any] = {"type": _TYPE_NAMES[type(a)]}
    for k, v in asdict(a).items():
        d[k] = [list(n) for n in v] if isinstance(v, tuple) else v
    return d


def action_from_json(d: Any) -> Action:
    """The inverse of :func:`action_to_json`; raises ValueError saying what is wrong.

    The action checks its own fields (:class:`~skye_widgets.errors.NotAnActionError`,
    a ValueError); here only the JSON shape is checked and lists become tuples.
    """
    if not isinstance(d, dict):
        # Translators: faults of a saved Skylands game's action, after "action 3: " (lower case, no full stop).
        raise ValueError(_("an action is a JSON object, not {value}").format(value=short(d)))
    kind = d.get("type")
    if not isinstance(kind, str) or kind not in _ACTION_TYPES:
        # Translators: {types} lists the action types of the file format (not translated: take, pass...).
        raise ValueError(_("unknown action type {value} ({types})").format(value=short(kind),
                                                                          types=", ".join(_ACTION_TYPES)))
    cls = _ACTION_TYPES[kind]
    kw: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in d:
            if f.default is not MISSING:
                continue
            # Translators: {kind} is an action type of the file format ("take"), {field} one of its fields ("x").
            raise ValueError(_("{kind} action lacks '{field}'").format(kind=kind, field=f.name))
        v = d[f.name]
        if f.name in ("islands", "crystals", "cities") and isinstance(v, list) and len(v) <= MAX_ACTION_ITEMS:
            v = tuple(tuple(n) if isinstance(n, list) else n for n in v)
        kw[f.name] = v
    extra = set(d) - {f.name for f in fields(cls)} - {"type"}
    if extra:
        raise ValueError(ngettext("unknown field {fields}", "unknown fields {fields}", len(extra)).format(
            fields=short(", ".join(sorted(extra)))))
    return cls(**kw)  # type: ignore[no-any-return]


# -- the state ------------------------------------------------------------------
class GameState(Pictured):
    """A Skylands game in progress (2-4 players), deterministic by ``seed``.

    It speaks the game protocol of :mod:`skye_widgets.protocol` (exported as
    :class:`skye_widgets.skylands.Game`): ``Game.new(players, seed=..., side=...)``,
    ``current_player``, ``legal_actions``, ``apply``, ``undo``, ``is_over``,
    ``returns`` (win share), ``scores``, ``winners``, ``clone``,
    ``to_dict``/``from_dict``, ``save``/``load`` and ``observation``.
    """

    def __init__(self, players: Sequence[str] | int = 3, *, seed: int = 0, side: str = "beginner",
                 comp: Components | None = None, intro: bool = False) -> None:
        """``intro``: use the special-island display the rulebook recommends for a first game
        (the data file's ``intro_display``) instead of drawing 4 of each back by seed."""
        if is_whole(players, 2, 4):
            # Translators: the default name of a seat (a player given by count, not by name).
            names = [_("Player {number}").format(number=i + 1) for i in range(players)]  # type: ignore[arg-type]
        elif isinstance(players, (list, tuple)) and 2 <= len(players) <= 4:
            names = list(players)
        else:
            raise BadConfigError(_("Skylands is for 2 to 4 players, not {value}.").format(value=short(players)))
        if not all(type(n) is str for n in names):
            raise BadConfigError(_("Every player's name must be a text."))
        if any(len(n) > MAX_NAME_LENGTH for n in names):   # so that every save loads back
            raise BadConfigError(ngettext("A player's name has at most {count} character.",
                                          "A player's name has at most {count} characters.",
                                          MAX_NAME_LENGTH).format(count=MAX_NAME_LENGTH))
        if (fault := control_in_names(names)) is not None:
            raise BadConfigError(fault)
        if not is_whole(seed, -MAX_SEED, MAX_SEED):        # so that every save loads back
            raise BadConfigError(_("The seed must be a whole number of at most {limit} either way, not {value}.").format(
                limit=MAX_SEED, value=short(seed)))
        if not isinstance(side, str) or side not in SIDES:
            raise BadConfigError(_("The side is one of {sides}, not {value}.").format(sides=", ".join(SIDES), value=short(side)))
        if type(intro) is not bool:
            raise BadConfigError(_("intro is True or False, not {value}.").format(value=short(intro)))
        self.comp = comp or components()
        self.names = names
        self.n = len(names)
        self.seed = seed
        self.side = side
        self.intro = intro
        rng = random.Random(seed)
        stack = [t.id for t in self.comp.tiles_for(self.n)]
        rng.shuffle(stack)
        self.stack: list[str] = stack
        self.discard: list[str] = []
        display: list[str | None] = []
        for back in self.comp.backs:
            pile = [s.id for s in self.comp.specials if s.back == back]
            rng.shuffle(pile)
            display.extend(pile[:self.comp.display_per_back])
        self.display = list(self.comp.intro_display) if intro else display
        self.start_player = rng.randrange(self.n)
        self.active = self.start_player
        self.turn = 0
        self.supply: dict[str, int] = dict(self.comp.inhabitants)
        self.vp_supply = self.comp.vp_for(self.n)
        self.vp = [0] * self.n
        self.overflow = [0] * self.n
        self.marker_active = [True] * self.n
        self.token: list[str | None] = [None] * self.n
        self.action: str | None = None
        self.revealed: list[str] = []
        self.queue: list[tuple[int, bool]] = []
        self.pending_fill: list[list[tuple[int, int]]] = [[] for _ in names]
        #: a Create waiting for its Pay decision: (display slot, x, y, rotation, white colour)
        self.paying: tuple[int, int, int, int, str | None] | None = None
        self.end_reason: str | None = None
        self.history: list[Action] = []
        #: what undo() restores: (state before the last action, its boards, the older entries)
        self._undo: tuple[dict[str, Any], list[dict[str, Any]], Any] | None = None
        #: the player whose observation this is (None: the full state)
        self.observer: int | None = None
        self.log: list[str] = []
        self.hands: list[list[str]] = [[] for _ in names]
        self.setup_step: list[str] = ["done"] * self.n
        if side == "beginner":
            self.boards = [PlayerBoard.beginner(self.comp) for _ in names]
            self.phase = "choose"
        else:
            self.boards = [PlayerBoard(self.comp.width, self.comp.height) for _ in names]
            for p in range(self.n):
                self.hands[p] = [self.stack.pop() for _ in range(self.comp.tactical_draw)]
                self.setup_step[p] = "start"
            self.phase = "setup"
            self.queue = [(p, False) for p in range(self.n)]

    # -- the game protocol ---------------------------------------------------
    @classmethod
    def new(cls, players: Sequence[str] | int = 3, *, seed: int = 0, side: str = "beginner",
            names: Sequence[str] | None = None, intro: bool = False) -> "GameState":
        """A new game: ``players`` is a count (2-4) or a list of names (``names``
        gives the names when ``players`` is a count); raises BadConfigError."""
        if names is not None:
            if not is_whole(players, 2, 4) or not isinstance(names, (list, tuple)) or len(names) != players:
                raise BadConfigError(_("Give 2 to 4 players and as many names, not {players} and {names}.").format(
                    players=short(players), names=short(names)))
            players = list(names)
        return cls(players, seed=seed, side=side, intro=intro)

    @property
    def n_players(self) -> int:
        return self.n

    def current_player(self) -> int:
        """Who decides now (-1 once the game is over)."""
        if self.phase == "over":
            return -1
        if self.phase == "choose":
            return self.active
        return self.queue[0][0]

    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def round(self) -> int:
        """1-based round number (a round: every player active once)."""
        return self.turn // self.n + 1

    @property
    def is_bonus(self) -> bool:
        """Whether the current decision gets the active player's bonus."""
        return bool(self.queue) and self.queue[0][1] and self.phase != "setup"

    def clone(self) -> "GameState":
        g = GameState.__new__(GameState)
        g.__dict__.update(self.__dict__)
        for name in ("stack", "discard", "display", "vp", "overflow", "marker_active", "token",
                     "revealed", "queue", "history", "log", "setup_step"):
            setattr(g, name, list(getattr(self, name)))
        g.supply = dict(self.supply)
        g.boards = [b.copy() for b in self.boards]
        g.pending_fill = [list(p) for p in self.pending_fill]
        g.hands = [list(h) for h in self.hands]
        return g

    def child(self, action: Action) -> "GameState":
        """A copy with ``action`` applied (this state is untouched)."""
        self._check(action)
        g = self.clone()
        g._apply(action)
        g.history.append(action)
        g._advance()
        return g

    def _check(self, action: Any) -> None:
        if not isinstance(action, ACTION_CLASSES):
            raise NotAnActionError(_("{value} is not a Skylands action ({classes}).").format(
                value=short(action), classes=", ".join(c.__name__ for c in ACTION_CLASSES)))
        if self.phase == "over":
            raise GameOverError(_("The game is over ({reason}).").format(reason=self.end_reason))

    def _adopt(self, other: "GameState") -> None:
        """Take over ``other``'s state, keeping this game's board objects (callers may hold them)."""
        boards = self.boards
        for mine, theirs in zip(boards, other.boards):
            mine.__dict__.update(theirs.__dict__)
        self.__dict__.update(other.__dict__)
        self.boards = boards

    def apply(self, action: Action) -> None:
        """Carry out the current player's decision, or raise a RulesError and change nothing."""
        self._check(action)
        trial = self.clone()
        trial._apply(action)
        trial.history.append(action)
        trial._advance()
        before = {k: v for k, v in self.__dict__.items() if k != "_undo"}
        trial._undo = (before, [dict(b.__dict__) for b in self.boards], self._undo)
        self._adopt(trial)

    def undo(self) -> Action:
        """Take back the last action and return it; ``to_dict()`` is then what it was before it.

        Raises :class:`~skye_widgets.errors.NoActionToUndoError` when there is nothing to take back.
        """
        if self._undo is None or not self.history:
            raise NoActionToUndoError(_("There is no action to take back."))
        action = self.history[-1]
        before, boards, older = self._undo
        old = GameState.__new__(GameState)
        old.__dict__.update(before)
        old.boards = [PlayerBoard.__new__(PlayerBoard) for _ in boards]
        for b, d in zip(old.boards, boards):
            b.__dict__.update(d)
        old._undo = older
        self._adopt(old.clone())       # fresh containers: nothing shared with the saved state
        return action

    def legal_actions(self) -> list[Action]:
        """Every legal decision for the current player, in a fixed order."""
        return list(self._legal())

    def returns(self) -> list[float]:
        """The win share: at the end each of the k winners gets 1/k, everyone else 0.0;
        0.0 for everyone before the end (the points are in :meth:`scores`)."""
        return win_shares(self.winners(), self.n, self.is_over())

    def scores(self) -> list[ScoreResult]:
        """Every player's score now (the final score at the end) with its breakdown."""
        return [score_board(b, vp_markers=self.vp[p], overflow=self.overflow[p],
                            marker_active=self.marker_active[p]) for p, b in enumerate(self.boards)]

    def points(self) -> list[int]:
        """Every player's points now (``scores()`` without the breakdowns)."""
        return [s.points for s in self.scores()]

    def winners(self) -> list[int]:
        """Players with the highest total (ties share the victory); before the end, who leads."""
        r = self.points()
        best = max(r)
        return [p for p, v in enumerate(r) if v == best]

    def observation(self, player: int) -> "GameState":
        """What ``player`` may know, as a state bots can search: the order of the island
        stack is hidden (its tiles are listed in id order, so a Discover looked at
        from here shows a guess, not the real draw) and the seed that would give the
        order away is dropped. Everything else in Skylands is open on the table.
        An observation cannot be saved or undone."""
        if not is_whole(player, 0, self.n - 1):
            raise RulesError(ngettext("There is no player {player} in a game of {count} player.",
                                      "There is no player {player} in a game of {count} players.", self.n).format(
                player=short(player), count=self.n))
        o = self.clone()
        o.stack = sorted(o.stack)
        o.seed = None  # type: ignore[assignment]
        o._undo = None
        o.observer = player
        return o

    def tile(self, tile_id: str) -> Tile:
        return self.comp.tile(tile_id)

    def offer(self) -> list[Tile]:
        """What the current player chooses from: revealed tiles, or in the tactical
        setup the two sides of the starting island, then the drawn tiles."""
        if self.phase == "setup":
            p = self.current_player()
            if self.setup_step[p] == "start":
                return list(self.comp.start_islands[p].sides)
            return [self.tile(t) for t in self.hands[p]]
        return [self.tile(t) for t in self.revealed]

    # -- legal decisions ------------------------------------------------------
    def _legal(self) -> Iterator[Action]:
        if self.phase == "over":
            return
        p = self.current_player()
        b = self.boards[p]
        if self.phase == "choose":
            for a in ACTIONS:
                if self.token[p] is None or a != self.token[p]:
                    yield ChooseAction(a)
            if self.token[p] is not None and self.marker_active[p]:
                yield ChooseAction(self.token[p], repeat=True)  # type: ignore[arg-type]
        elif self.phase == "setup":
            step = self.setup_step[p]
            if step == "start":
                si = self.comp.start_islands[p]
                for side in (0, 1):
                    for x, y, r in b.legal_placements(si.sides[side]):
                        yield SetupStart(side, x, y, r)
            elif step == "discard":
                for i in range(len(self.hands[p])):
                    yield SetupDiscard(i)
            else:
                for i, t in enumerate(self.hands[p]):
                    for x, y, r in b.legal_placements(self.tile(t)):
                        yield Take(i, x, y, r)
        elif self.phase == "discover":
            for i, t in enumerate(self.revealed):
                for x, y, r in b.legal_placements(self.tile(t)):
                    yield Take(i, x, y, r)
            yield Pass()
        elif self.phase == "deploy":
            cands = self._deploy_candidates(p)
            for k in range(1, min(self._deploy_limit(p), len(cands)) + 1):
                for combo in combinations(cands, k):
                    yield Deploy(combo)
            yield Pass()
        elif self.phase == "create" and self.paying is not None:
            yield from self._pay_options(p)
        elif self.phase == "create":
            have = {c: b.count(c) for c in COLORS}
            for i, sid in enumerate(self.display):
                if sid is None:
                    continue
                sp = self.tile(sid)
                assert isinstance(sp, Special)
                spots = None
                for white in self._white_options(p, sp):
                    if not self._affordable(sp, white, have, p):
                        continue
                    if spots is None:
                        spots = b.legal_placements(sp)
                    for x, y, r in spots:
                        yield Create(i, x, y, r, white)
            yield Pass()
        elif self.phase == "convert":
            crystals, cities = self.convert_candidates(p)
            if crystals and cities:
                shapes = [(1, 1)] + ([(2, 1), (1, 2)] if self.is_bonus else [])
                for nc, nt in shapes:
                    for cr in _ordered(crystals, nc):
                        for ct in _ordered(cities, nt):
                            yield Convert(cr, ct)
            yield Pass()

    def _deploy_candidates(self, p: int) -> list[Node]:
        b = self.boards[p]
        return [i.anchor for i in b.complete_islands() if i.terrain != "city" and b.free_spaces(i) > 0]

    def _deploy_limit(self, p: int) -> int:
        return 1 + (1 if self.is_bonus else 0) + len(self.boards[p].has_effect("deploy_plus"))

    # -- what a view may ask (widgets ask these rather than knowing the rules) ----
    def deploy_candidates(self, player: int) -> list[Node]:
        """The islands (anchors) of ``player`` that Deploy may fill: complete, not a city,
        with a free space."""
        return self._deploy_candidates(player)

    def deploy_limit(self, player: int) -> int:
        """How many islands ``player`` may fill in one Deploy now (bonus and effects counted)."""
        return self._deploy_limit(player)

    def convert_candidates(self, player: int) -> tuple[list[Node], list[Node]]:
        """The islands (anchors) of ``player`` a Convert may use: complete crystal islands
        with inhabitants, and complete cities."""
        b = self.boards[player]
        crystals = [i.anchor for i in b.complete_islands("crystal") if b.occupants(i.anchor) > 0]
        cities = [i.anchor for i in b.complete_islands("city")]
        return crystals, cities

    def default_white(self, index: int, player: int | None = None) -> str | None:
        """The colour that pays for the white inhabitant of the special island in display
        slot ``index`` when the player does not choose: None when no white is owed (the
        island shows none, or it is waived); else the colour ``player`` (default: the one
        to act) has most to spare after the island's other costs (ties: the first in
        ``COLORS``)."""
        p = self.current_player() if player is None else player
        sid = self.display[index] if 0 <= index < len(self.display) else None
        if sid is None:
            return None
        sp = self.tile(sid)
        assert isinstance(sp, Special)
        if sp.cost_of("white") == 0 or self._white_waived(p):
            return None
        b = self.boards[p]
        spare = {c: b.count(c) - sp.cost_of(c) for c in COLORS}
        return max(COLORS, key=lambda c: (spare[c], -COLORS.index(c)))

    def _fill_limit_error(self, p: int, limit: int, k: int) -> str:
        """Why a Deploy of ``k`` islands is refused when ``limit`` may be filled, said to or of player ``p``."""
        if is_you(self.names[p]):
            return ngettext("You may fill {count} island now, not {k}.", "You may fill 1 to {count} islands now, not {k}.",
                            limit).format(count=limit, k=k)
        return ngettext("{name} may fill {count} island now, not {k}.", "{name} may fill 1 to {count} islands now, not {k}.",
                        limit).format(name=self.names[p], count=limit, k=k)

    def _white_waived(self, p: int) -> bool:
        return self.is_bonus or bool(self.boards[p].has_effect("white_free"))

    def _white_options(self, p: int, sp: Special) -> list[str | None]:
        if sp.cost_of("white") == 0 or self._white_waived(p):
            return [None]
        return list(COLORS)

    def _need(self, sp: Special, white: str | None) -> dict[str, int]:
        need = {c: sp.cost_of(c) for c in COLORS}
        if white is not None:
            need[white] += sp.cost_of("white")
        return need

    def paying_need(self) -> dict[str, int]:
        """What the pending Create costs, by colour (white already given a colour)."""
        if self.paying is None:
            return {}
        sp = self.tile(self.display[self.paying[0]])  # type: ignore[arg-type]
        assert isinstance(sp, Special)
        return {c: n for c, n in self._need(sp, self.paying[4]).items() if n}

    def _pay_options(self, p: int) -> list[Pay]:
        """Every way to pay the pending Create; the first takes from the fullest islands first."""
        b = self.boards[p]
        per_color: list[list[tuple[Node, ...]]] = []
        for c, n in self.paying_need().items():
            holders = sorted(((a, d[c]) for a, d in b.inhabitants.items() if d.get(c, 0) > 0),
                             key=lambda t: (-t[1], t[0]))
            ways: list[tuple[Node, ...]] = []

            def split(i: int, left: int, acc: tuple[Node, ...]) -> None:
                if left == 0:
                    ways.append(acc)
                    return
                if i == len(holders):
                    return
                a, have = holders[i]
                for k in range(min(have, left), -1, -1):
                    split(i + 1, left - k, acc + (a,) * k)
            split(0, n, ())
            per_color.append(ways)
        out = [()]  # type: list[tuple[Node, ...]]
        for ways in per_color:
            out = [o + w for o in out for w in ways]
        return [Pay(o) for o in out]

    def default_payment(self) -> Pay:
        """The pending Create paid from the islands holding the most of each colour."""
        return self._pay_options(self.current_player())[0]

    def _affordable(self, sp: Special, white: str | None, have: dict[str, int], p: int) -> bool:
        return all(have[c] >= n for c, n in self._need(sp, white).items())

    # -- carrying out -----------------------------------------------------------
    def _apply(self, a: Action) -> None:
        p = self.current_player()
        expected = {"choose": (ChooseAction,), "setup": (SetupStart, SetupDiscard, Take),
                    "discover": (Take, Pass), "deploy": (Deploy, Pass),
                    "create": (Pay,) if self.paying is not None else (Create, Pass),
                    "convert": (Convert, Pass)}[self.phase]
        if not isinstance(a, expected):
            if self.paying is not None:
                special = self.tile(self.display[self.paying[0]]).title  # type: ignore[arg-type, union-attr]
                raise WrongPhaseError(WRONG_KIND["pay"].format(special=special))
            if self.phase == "setup":
                raise WrongPhaseError(str(WRONG_KIND[f"setup_{self.setup_step[p]}"]))
            raise WrongPhaseError(str(WRONG_KIND[self.phase]))
        getattr(self, f"_do_{self.phase}")(p, a)

    def _do_choose(self, p: int, a: ChooseAction) -> None:
        if a.action not in ACTIONS:
            raise ActionChoiceError(_("There is no action {value}: choose one of {actions}.").format(
                value=repr(a.action), actions=", ".join(ACTIONS)))
        if a.repeat:
            if not self.marker_active[p]:
                raise RepeatUsedError(said(LOG["repeat_used"], self.names[p]))
            if self.token[p] != a.action:
                if self.token[p] is None:
                    raise ActionChoiceError(_("There is no action to repeat yet: choose an action first."))
                raise ActionChoiceError(_("Repeating means doing “{action}” again, not “{other}”.").format(
                    action=action_title(self.token[p]), other=action_title(a.action)))
            self.marker_active[p] = False
            self.log.append(said(LOG["repeat"], self.names[p], action=action_title(a.action)))
        else:
            if self.token[p] == a.action:
                raise ActionChoiceError(_("The token is already on “{action}”: move it to another action "
                                          "board (or repeat with the marker).").format(action=action_title(a.action)))
            self.log.append(said(LOG["choose"], self.names[p], action=action_title(a.action)))
        self.token[p] = a.action
        self.action = a.action
        order = [(self.active + k) % self.n for k in range(self.n)]
        self.queue = [(q, q == self.active) for q in order]
        if a.action == "discover":
            need = self.n + 1
            if len(self.stack) < need:
                # Translators: a Skylands log line: the stack is too small for a Discover.
                self.log.append(ngettext("only {n} island tile left, {need} needed: the game ends",
                                         "only {n} island tiles left, {need} needed: the game ends",
                                         len(self.stack)).format(n=len(self.stack), need=need))
                self._finish(END["stack"].format(count=need))
                return
            self.revealed = [self.stack.pop() for _ in range(need)]
            self.queue = [(q, False) for q in order] + [(self.active, True)]
        self.phase = a.action

    def _do_setup(self, p: int, a: Action) -> None:
        step = self.setup_step[p]
        b = self.boards[p]
        if step == "start":
            if not isinstance(a, SetupStart):
                raise WrongPhaseError(str(WRONG_KIND["setup_start"]))
            if a.side not in (0, 1):
                raise NoSuchChoiceError(_("A starting island has sides 0 and 1, not {value}.").format(value=a.side))
            tile = self.comp.start_islands[p].sides[a.side]
            _one_turn(tile, a.rotation)
            b.place(tile, a.x, a.y, a.rotation)
            self.setup_step[p] = "discard" if len(self.hands[p]) > self.comp.tactical_keep else "place"
        elif step == "discard":
            if not isinstance(a, SetupDiscard):
                raise WrongPhaseError(str(WRONG_KIND["setup_discard"]))
            if not 0 <= a.index < len(self.hands[p]):
                raise NoSuchChoiceError(_("There is no drawn tile {index}.").format(index=a.index))
            self.discard.append(self.hands[p].pop(a.index))
            if len(self.hands[p]) <= self.comp.tactical_keep:
                self.setup_step[p] = "place"
        else:
            if not isinstance(a, Take):
                raise WrongPhaseError(str(WRONG_KIND["setup_place"]))
            if not 0 <= a.index < len(self.hands[p]):
                raise NoSuchChoiceError(_("There is no kept tile {index}.").format(index=a.index))
            _one_turn(self.tile(self.hands[p][a.index]), a.rotation)
            self._place(p, self.tile(self.hands[p][a.index]), a.x, a.y, a.rotation)
            self.hands[p].pop(a.index)
            if not self.hands[p]:
                self.setup_step[p] = "done"
                self.queue.pop(0)

    def _do_discover(self, p: int, a: Take | Pass) -> None:
        if isinstance(a, Take):
            if not 0 <= a.index < len(self.revealed):
                raise NoSuchChoiceError(ngettext("There is no revealed tile {index} ({count} on show).",
                                                 "There is no revealed tile {index} ({count} on show).",
                                                 len(self.revealed)).format(index=a.index, count=len(self.revealed)))
            tid = self.revealed[a.index]
            _one_turn(self.tile(tid), a.rotation)
            self._place(p, self.tile(tid), a.x, a.y, a.rotation)
            self.revealed.pop(a.index)
            self.log.append(said(LOG["take_bonus" if self.is_bonus else "take"], self.names[p], x=a.x, y=a.y))
        else:
            self.log.append(said(LOG["pass"], self.names[p]))
        self.queue.pop(0)

    def _do_deploy(self, p: int, a: Deploy | Pass) -> None:
        if isinstance(a, Deploy):
            b = self.boards[p]
            limit = self._deploy_limit(p)
            if not 1 <= len(a.islands) <= limit:
                raise IslandChoiceError(self._fill_limit_error(p, limit, len(a.islands)))
            chosen = []
            for node in a.islands:
                isl = self._island(b, node)
                if not isl.complete:
                    raise IslandChoiceError(_("The {terrain} island at {cell} is not complete.").format(
                        terrain=terrain_word(isl.terrain), cell=isl.cells[0]))
                if isl.terrain == "city":
                    raise IslandChoiceError(_("Cities are not filled by Deploy inhabitants."))
                if b.free_spaces(isl) == 0:
                    raise IslandChoiceError(_("The {terrain} island at {cell} has no free space.").format(
                        terrain=terrain_word(isl.terrain), cell=isl.cells[0]))
                if isl in chosen:
                    raise IslandChoiceError(_("The same island is chosen twice."))
                chosen.append(isl)
            for isl in chosen:
                k = fill_island(b, isl, self.supply)
                self.log.append(said(LOG["deploy"], self.names[p], terrain=terrain_word(isl.terrain), cell=isl.cells[0],
                                     people=people_list({isl.color: k})))
        else:
            self.log.append(said(LOG["pass"], self.names[p]))
        self.queue.pop(0)

    def _do_create(self, p: int, a: Create | Pay | Pass) -> None:
        if isinstance(a, Pay):
            self._pay(p, a)
            return
        if isinstance(a, Create):
            b = self.boards[p]
            if not 0 <= a.index < len(self.display) or self.display[a.index] is None:
                raise NoSuchChoiceError(_("The display slot {index} holds no special island.").format(index=a.index))
            sp = self.tile(self.display[a.index])  # type: ignore[arg-type]
            assert isinstance(sp, Special)
            whites = sp.cost_of("white")
            if whites and not self._white_waived(p):
                if a.white not in COLORS:
                    raise CannotPayError(_("{special} shows a white inhabitant: say which colour pays for it "
                                           "(white= one of {colours}).").format(special=sp.title, colours=", ".join(COLORS)))
                white = a.white
            else:
                if a.white is not None:
                    raise CannotPayError(_("There is no white inhabitant to pay for {special} here (white=None).").format(
                        special=sp.title))
                white = None
            need = self._need(sp, white)
            if any(b.count(c) < n for c, n in need.items()):
                missing = {c: n - b.count(c) for c, n in need.items() if b.count(c) < n}
                raise CannotPayError(said(LOG["lacks"], self.names[p], special=sp.title, missing=people_list(missing),
                                          cost=people_list(need)))
            _one_turn(sp, a.rotation)
            b.check(sp, a.x, a.y, a.rotation)
            self.paying = (a.index, a.x, a.y, a.rotation, white)
            options = self._pay_options(p)
            if len(options) == 1:          # no choice: pay at once
                self._pay(p, options[0])
            else:
                self.log.append(said(LOG["pay_choice"], self.names[p], special=sp.title))
        else:
            self.log.append(said(LOG["pass"], self.names[p]))
            self.queue.pop(0)

    def _pay(self, p: int, a: Pay) -> None:
        """Return the chosen inhabitants, then place the pending special island."""
        assert self.paying is not None
        b = self.boards[p]
        need = self.paying_need()
        taken: dict[Node, int] = {}
        color_of: dict[Node, str] = {}
        for node in a.islands:
            isl = self._island(b, node)
            if isl.color is None or b.occupants(isl.anchor) == 0:
                raise IslandChoiceError(_("The {terrain} island at {cell} holds no inhabitants.").format(
                    terrain=terrain_word(isl.terrain), cell=isl.cells[0]))
            taken[isl.anchor] = taken.get(isl.anchor, 0) + 1
            color_of[isl.anchor] = isl.color
        paid: dict[str, int] = {}
        for anchor, k in taken.items():
            c = color_of[anchor]
            have = b.inhabitants.get(anchor, {}).get(c, 0)
            if k > have:
                raise CannotPayError(_("The island at {cell} holds {have}, not {wanted}.").format(
                    cell=anchor[:2], have=people_list({c: have}), wanted=people_list({c: k})))
            paid[c] = paid.get(c, 0) + k
        if paid != need:
            if not any(paid.values()):
                raise CannotPayError(_("The payment must be {need}, and nothing is paid.").format(need=people_list(need)))
            raise CannotPayError(_("The payment must be {need}, not {paid}.").format(
                need=people_list(need), paid=people_list(paid)))
        index, x, y, rotation, _white = self.paying
        sp = self.tile(self.display[index])  # type: ignore[arg-type]
        assert isinstance(sp, Special)
        for anchor, k in sorted(taken.items()):
            b.remove_inhabitants(anchor, color_of[anchor], k)
            self.supply[color_of[anchor]] += k
        self.display[index] = None
        self.paying = None
        self._place(p, sp, x, y, rotation)
        if taken:
            self.log.append(said(LOG["create_paying"], self.names[p], special=sp.title, x=x, y=y,
                                 paid=paid_list(taken, color_of)))
        else:
            self.log.append(said(LOG["create"], self.names[p], special=sp.title, x=x, y=y))
        if sp.effect is not None and sp.effect.kind == "vp":
            self._gain(p, sp.effect.points, sp.title)
        self.queue.pop(0)

    def _do_convert(self, p: int, a: Convert | Pass) -> None:
        if isinstance(a, Convert):
            b = self.boards[p]
            shape = (len(a.crystals), len(a.cities))
            allowed = [(1, 1)] + ([(2, 1), (1, 2)] if self.is_bonus else [])
            if shape not in allowed:
                if self.is_bonus:
                    raise IslandChoiceError(_("The active player converts 1 crystal/1 city, 2 crystal/1 city or "
                                              "1 crystal/2 city, not {crystals}/{cities}.").format(
                        crystals=shape[0], cities=shape[1]))
                raise IslandChoiceError(_("A player without the bonus converts 1 crystal/1 city, not "
                                          "{crystals}/{cities}.").format(crystals=shape[0], cities=shape[1]))
            crystals, cities = [], []
            for node, terrain, out in [(n, "crystal", crystals) for n in a.crystals] + \
                                      [(n, "city", cities) for n in a.cities]:
                isl = self._island(b, node)
                if isl.terrain != terrain:
                    raise IslandChoiceError(_("The island at {cell} is {terrain}, not {wanted}.").format(
                        cell=isl.cells[0], terrain=terrain_word(isl.terrain), wanted=terrain_word(terrain)))
                if not isl.complete:
                    raise IslandChoiceError(_("The {terrain} island at {cell} is not complete.").format(
                        terrain=terrain_word(terrain), cell=isl.cells[0]))
                if terrain == "crystal" and b.occupants(isl.anchor) == 0:
                    raise IslandChoiceError(_("The crystal island at {cell} has no inhabitants.").format(cell=isl.cells[0]))
                if isl in out:
                    raise IslandChoiceError(_("The same {terrain} island is chosen twice.").format(terrain=terrain_word(terrain)))
                out.append(isl)
            moved: dict[str, int] = {c: 0 for c in COLORS}
            occupied = 0
            ci = 0
            for city in cities:
                room = city.spaces
                while room > 0 and ci < len(crystals):
                    cr = crystals[ci]
                    have = dict(b.inhabitants.get(cr.anchor, {}))
                    if not have:
                        ci += 1
                        continue
                    color = "blue" if "blue" in have else sorted(have)[0]
                    k = min(room, have[color])
                    b.remove_inhabitants(cr.anchor, color, k)
                    moved[color] += k
                    room -= k
                    occupied += k
            for c, k in moved.items():
                self.supply[c] += k
            self.log.append(said(LOG["convert"], self.names[p], people=PEOPLE.format(n=occupied)))
            self._gain(p, occupied, str(WHY["cities"]))
            if self.is_bonus and moved["blue"] > 0:
                self._gain(p, 2, str(WHY["bonus"]))
            if occupied:
                for sp in b.has_effect("convert_plus"):
                    self._gain(p, sp.effect.points, sp.title)  # type: ignore[union-attr]
        else:
            self.log.append(said(LOG["pass"], self.names[p]))
        self.queue.pop(0)

    @staticmethod
    def _island(b: PlayerBoard, node: Node) -> Island:
        """The island named by ``node``, its anchor (the smallest (x, y, part) of it: one name per island)."""
        try:
            isl = b.island(node)
        except KeyError:
            raise IslandChoiceError(_("There is no island at {node}.").format(node=node)) from None
        if node != isl.anchor:
            raise IslandChoiceError(_("Name the {terrain} island at {cell} by its anchor {anchor}, not {node}.").format(
                terrain=terrain_word(isl.terrain), cell=isl.cells[0], anchor=isl.anchor, node=node))
        return isl

    def _place(self, p: int, tile: Tile, x: int, y: int, rotation: int) -> None:
        b = self.boards[p]
        b.place(tile, x, y, rotation)
        if isinstance(tile, Special) and tile.effect is not None and tile.effect.kind == "fill":
            self.pending_fill[p].append((x, y))
        for cell in list(self.pending_fill[p]):
            isls = [i for i in b.island_at(*cell) if i.terrain != "city"]
            if isls and all(i.complete for i in isls):
                for isl in isls:
                    k = fill_island(b, isl, self.supply)
                    # Translators: a Skylands log line; {people} is "2 green inhabitants", {special} an island's name.
                    self.log.append(ngettext("{special}: {people} fills its island", "{special}: {people} fill its island",
                                             k).format(special=b.grid[cell].tile.title,  # type: ignore[attr-defined]
                                                       people=people_list({isl.color: k})))
                self.pending_fill[p].remove(cell)

    def _gain(self, p: int, k: int, why: str) -> None:
        if k <= 0:
            return
        got = min(k, self.vp_supply)
        self.vp[p] += got
        self.vp_supply -= got
        if got < k:
            self.overflow[p] += k - got
            self.log.append(said(LOG["overflow"], self.names[p], k=k - got))
        self.log.append(said(LOG["score"], self.names[p], k=k, why=why))

    def _finish(self, reason: str) -> None:
        self.phase = "over"
        self.end_reason = reason
        self.queue = []
        self.discard.extend(self.revealed)
        self.revealed = []

    def _advance(self) -> None:
        """Pass automatically for players with nothing possible; end turns and the game."""
        while self.phase != "over":
            if self.phase == "choose":
                return
            if self.phase == "setup":
                if not self.queue:
                    self.phase = "choose"
                return
            if not self.queue:
                self._end_turn()
                continue
            if self.phase == "discover" and not self.revealed:
                self.queue.pop(0)
                continue
            first = next(self._legal(), None)
            if isinstance(first, Pass):
                p = self.queue[0][0]
                self.log.append(said(LOG[f"cannot_{self.phase}"], self.names[p]))
                self.queue.pop(0)
                continue
            return

    def _end_turn(self) -> None:
        self.discard.extend(self.revealed)
        self.revealed = []
        self.action = None
        full = [p for p, b in enumerate(self.boards) if len(b.empty_squares()) <= 1]
        if full:
            self._finish(said(LOG["full_board"], self.names[full[0]]))
        elif self.vp_supply == 0:
            self._finish(str(END["supply"]))
        else:
            self.active = (self.active + 1) % self.n
            self.turn += 1
            self.phase = "choose"

    # -- files -----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The saved game: setup (players, seed, side) and every decision."""
        if self.observer is not None:
            raise RulesError(_("An observation cannot be saved: save the game itself."))
        return {"format": "skylands-game", "version": 1, "players": list(self.names), "seed": self.seed,
                "side": self.side, **({"intro": True} if self.intro else {}),
                "actions": [action_to_json(a) for a in self.history]}

    def save(self, path: str) -> None:
        """Write :meth:`to_dict` to ``path`` atomically."""
        write_json(path, self.to_dict())

    @classmethod
    def from_dict(cls, data: Any, path: str = "<game>") -> "GameState":
        """Replay a saved game; any fault raises FileFormatError(path, fault)."""
        if not isinstance(data, dict) or data.get("format") != "skylands-game":
            raise FileFormatError(path, _('not a Skylands game file ("format" must be "skylands-game")'))
        if data.get("version") != 1:
            raise FileFormatError(path, _("unsupported version {version}").format(version=short(data.get("version"))))
        players, seed, side = data.get("players"), data.get("seed"), data.get("side", "beginner")
        if not isinstance(players, list) or not 2 <= len(players) <= 4 \
                or not all(isinstance(n, str) and len(n) <= MAX_NAME_LENGTH for n in players):
            raise FileFormatError(path, _("'players' must list 2 to 4 names of at most {most} characters").format(
                most=MAX_NAME_LENGTH))
        if not is_whole(seed, -MAX_SEED, MAX_SEED):
            raise FileFormatError(path, _("'seed' must be a whole number (at most {most} either way)").format(
                most=MAX_SEED))
        if not isinstance(side, str) or side not in SIDES:
            raise FileFormatError(path, _("'side' must be one of {sides}").format(sides=", ".join(SIDES)))
        intro = data.get("intro", False)
        if not isinstance(intro, bool):
            raise FileFormatError(path, _("'intro' must be true or false"))
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise FileFormatError(path, _("'actions' must be a list"))
        if len(actions) > MAX_SAVE_ACTIONS:
            raise FileFormatError(path, ngettext("{count} actions; a saved game has at most {most}",
                                                 "{count} actions; a saved game has at most {most}",
                                                 len(actions)).format(count=len(actions), most=MAX_SAVE_ACTIONS))
        if (fault := control_in_names(players)) is not None:
            raise FileFormatError(path, fault)
        g = cls(players, seed=seed, side=side, intro=intro)
        for i, raw in enumerate(actions, 1):      # counted from 1, as Isle of Skye's and Hashi's saves
            try:
                a = action_from_json(raw)
            except ValueError as e:
                raise FileFormatError(path, _("action {index}: {fault}").format(index=i, fault=e)) from None
            try:
                g.apply(a)
            except RulesError as e:
                raise FileFormatError(path, _("action {index} is illegal: {fault}").format(index=i, fault=e)) from None
        return g

    @classmethod
    def load(cls, path: str) -> "GameState":
        """Read a game written by :meth:`save` (FileFormatError naming the file on any fault)."""
        return cls.from_dict(read_json(path), path)

    # -- display ------------------------------------------------------------------
    def summary(self) -> str:
        """A few lines: phase, supply and every player's VP so far."""
        # Translators: the first line of a Skylands game's summary; {phase} is an action's name or "tactical setup".
        head = (_("round {round}, {name} active, phase {phase}").format(round=self.round, name=self.names[self.active],
                                                                        phase=phase_word(self.phase))
                if self.phase != "over" else _("game over: {reason}").format(reason=self.end_reason))
        # Translators: the supply line of a Skylands game's summary; {people} lists inhabitants by colour.
        supply = ngettext("supply: {people}; {vp} VP in markers; {count} island tile",
                          "supply: {people}; {vp} VP in markers; {count} island tiles", len(self.stack)).format(
            people=people_list(self.supply), vp=self.vp_supply, count=len(self.stack))
        lines = [head, supply]
        for p, name in enumerate(self.names):
            empty = len(self.boards[p].empty_squares())
            # Translators: a player's line of a Skylands game's summary (indented by two spaces).
            lines.append("  " + ngettext("{name}: {vp} VP markers, {people}, {count} empty square",
                                         "{name}: {vp} VP markers, {people}, {count} empty squares", empty).format(
                name=name, vp=self.vp[p], people=PEOPLE.format(n=self.boards[p].count()), count=empty))
        return "\n".join(lines)


#: The message of a symmetric tile turned to a look it already has at a smaller turn.
SAME_TURN = lazy("Tile {tile} looks the same turned {rotation} and {canonical} quarter turns: "
                 "give rotation={canonical} (each look of a tile has one rotation).")


def _one_turn(tile: Tile, rotation: int) -> None:
    """Refuse a rotation of a symmetric tile other than the smallest with the same look
    (so that a decision has one name, as ``legal_actions()`` lists it)."""
    if rotation not in ROTATIONS:
        raise BadRotationError(rotation_error(rotation))
    canonical = min(r for r in ROTATIONS if tile.edges(r) == tile.edges(rotation))
    if canonical != rotation:
        raise BadRotationError(SAME_TURN.format(tile=tile.id, rotation=rotation, canonical=canonical))


def canonical_rotation(tile: Tile, rotation: int) -> int:
    """The rotation ``legal_actions()`` uses for ``tile`` turned ``rotation`` quarter turns."""
    return min(r for r in ROTATIONS if tile.edges(r) == tile.edges(rotation % 4))


def _ordered(items: list[Node], k: int) -> list[tuple[Node, ...]]:
    """Ordered selections of ``k`` distinct items (order matters for filling)."""
    if k == 1:
        return [(i,) for i in items]
    return [(a, b) for a in items for b in items if a != b]


def play_game(bots: Sequence[Any], *, seed: int = 0, names: Sequence[str] | None = None,
              side: str = "beginner", intro: bool = False) -> GameState:
    """Play a whole game with one bot per seat (each has ``choose(state) -> action``);
    :func:`skye_widgets.protocol.play` with :meth:`GameState.new`."""
    return play(GameState.new, bots, seed=seed, names=names, side=side, intro=intro)

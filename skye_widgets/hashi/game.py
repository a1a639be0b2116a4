"""Hashi, the flip-and-write bridges game (Jeffrey D. Allers), as a headless engine.

Every player has the same board side. In the setup each writes a 3 or a 4 on
an island without a flag and passes the board to the left (solo: keeps it).
Then 17 of the 18 cards are turned one by one (one is removed unseen); for
each card every player, on their own board:

* action a (may be skipped): writes the card's number on a free island - on a
  flag island only once a bridge reaches it, and never a number smaller than
  the bridges already there;
* action b: draws exactly the card's number of bridges, or none at all. A
  bridge runs along a dotted line from a numbered island, at most 2 join two
  islands, bridges never cross, and no island gets more bridges than its
  number (never more than 6). An island whose bridges equal its number is
  finished.

Scoring: all red-flag islands finished 9 (every player who does it in the
first round anyone does) else 5; all blue 7 / 3; six finished islands joined
by bridges without an unfinished island between them 8 / 4; at the end 2 per
finished island. Solo: blue scores 7 only by card 7, red 9 and the six 8 only
by card 12 (else 3 / 5 / 4); the total gives a rank title.

The state is OpenSpiel-like: players act one after the other on the same
card (simultaneous play, sequentially recorded): :meth:`HashiGame.current_player`,
:meth:`~HashiGame.legal_actions`, :meth:`~HashiGame.apply`,
:meth:`~HashiGame.is_over`, :meth:`~HashiGame.scores`. A turn is a sequence
of actions: an optional :class:`Write`, then :class:`Bridge` actions, then
:class:`EndTurn`. Illegal actions raise a specific :class:`HashiRulesError`
and change nothing.

>>> from skye_widgets.hashi.board import load_board
>>> g = HashiGame(load_board("skerries-a"), players=["Ann"], seed=1)
>>> g.phase, g.current_player()
('setup', 0)
>>> g.apply(Setup((2, 0), 4))
>>> g.phase, g.round, len(g.pile)
('play', 1, 17)
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from typing import Any, Iterable, Sequence, Union

from ..drawing import Pictured
from ..errors import (BadConfigError, FileFormatError, GameOverError, NoActionToUndoError, NotAnActionError,
                      RulesError, WrongPhaseError, control_in_names, read_json, write_json)
from ..i18n import _, lazy, ngettext
from ..limits import MAX_HASHI_SIDE, MAX_NAME_LENGTH, MAX_NUMBER, MAX_SAVE_ACTIONS, MAX_SEED, is_whole, short
from ..protocol import win_shares
from ..scores import BreakdownItem, ScoreResult
from .board import (Board, Cell, CrossingBridgeError, IllegalBridgeError, Line, load_board, make_line, read_head,
                    row_major)

# ---------------------------------------------------------------------------
# cards and actions


@dataclass(frozen=True, order=True)
class Card:
    """A card: the number to write (1-6) and the bridges to draw (1-3).

    >>> str(Card(5, 3))
    '5 / 3 bridges'
    """

    number: int
    bridges: int

    def __str__(self) -> str:
        # Translators: a Hashi card: the number to write, then how many bridges to draw.
        return ngettext("{number} / {count} bridge", "{number} / {count} bridges", self.bridges).format(
            number=self.number, count=self.bridges)


def default_deck() -> tuple[Card, ...]:
    """The 18 cards: each number 1-6 three times, with 1, 2 and 3 bridges."""
    return tuple(Card(n, b) for n in range(1, 7) for b in (1, 2, 3))


DECK_SIZE = 18
#: Solo: the 17 played cards are turned from three piles of 7, 5 and 5.
SOLO_PILES = (7, 5, 5)
SETUP_NUMBERS = (3, 4)
MAX_BRIDGES_AT_ISLAND = 6

#: category -> (label, full points, later points)
#: (the label is marked: ``str(label)`` is its text in the language spoken now)
CATEGORIES: dict[str, tuple[Any, int, int]] = {
    # Translators: Hashi's scoring categories (the rulebook's: red flags, blue flags, six connected islands).
    "red": (lazy("all 4 red-flag islands finished"), 9, 5),
    "blue": (lazy("all 3 blue-flag islands finished"), 7, 3),
    "six": (lazy("6 finished islands joined by bridges"), 8, 4),
}
#: Solo: the last card by which a category still scores its full points.
SOLO_DEADLINES = {"blue": 7, "red": 12, "six": 12}
POINTS_PER_FINISHED_ISLAND = 2

#: Solo rank titles: (highest total of the band, title). The rulebook's bands:
#: up to 40, 41-42, 43-44, 45-46, 47-48, 49-50, 51, 52-53, 54-55, 56-57,
#: 58-59, 60 (the most a game can score: 9 + 7 + 8 + 18 x 2).
RANKS: tuple[tuple[int, Any], ...] = (
    # Translators: the solo rank titles, worst to best (the rulebook's own list: in Portuguese "Lacaios" ... "Deus das ilhas").
    (40, lazy("Errand Runner")),
    (42, lazy("Water Carrier")),
    (44, lazy("Bamboo Binder")),
    (46, lazy("Bolt Tightener")),
    (48, lazy("Concrete Pourer")),
    (50, lazy("Site Foreman")),
    (51, lazy("Bridge Keeper")),
    (53, lazy("Planning Specialist")),
    (55, lazy("Structural Engineer")),
    (57, lazy("Ace Architect")),
    (59, lazy("Master Builder")),
    (60, lazy("Lord of the Islands")),
)


def rank_title(total: int) -> str:
    """The solo rank title of a final total.

    >>> rank_title(40), rank_title(41), rank_title(51), rank_title(52), rank_title(60)
    ('Errand Runner', 'Water Carrier', 'Bridge Keeper', 'Planning Specialist', 'Lord of the Islands')
    """
    for top, title in RANKS:
        if total <= top:
            return str(title)
    return str(RANKS[-1][1])


# Translators: a malformed action's fields; {value} is what was given (a Python value).
_SETUP_NUMBER_TEXT = lazy("The setup number is a whole number from {low} to {high}, not {value}.")
_CELL_TEXT = {"setup": lazy("The setup island is a cell (x, y): a tuple of two whole numbers, not {value}."),
              "write": lazy("The island is a cell (x, y): a tuple of two whole numbers, not {value}."),
              "bridge": lazy("A bridge end is a cell (x, y): a tuple of two whole numbers, not {value}.")}
_COORDINATE_TEXT = {
    "setup": lazy("A coordinate of the setup island is a whole number from {low} to {high}, not {value}."),
    "write": lazy("A coordinate of the island is a whole number from {low} to {high}, not {value}."),
    "bridge": lazy("A coordinate of a bridge end is a whole number from {low} to {high}, not {value}.")}


def _whole(v: Any, text: Any, low: int, high: int) -> int:
    """``v`` if it is an ``int`` (not a bool, float or text) in ``low..high``, else NotAnActionError."""
    if not is_whole(v, low, high):
        raise NotAnActionError(text.format(low=low, high=high, value=short(v)))
    return v


def _cell(v: Any, what: str) -> Cell:
    """``what``: "setup", "write" or "bridge" (which cell of which action, for the message)."""
    """A cell: a tuple of two ``int`` (x, y) on a grid of at most MAX_HASHI_SIDE."""
    if not (type(v) is tuple and len(v) == 2):
        raise NotAnActionError(_CELL_TEXT[what].format(value=short(v)))
    for x in v:
        _whole(x, _COORDINATE_TEXT[what], 0, MAX_HASHI_SIDE - 1)
    return v


@dataclass(frozen=True)
class Setup:
    """Setup: write a 3 or a 4 on an island without a flag.

    Fields are checked when it is made (a malformed action raises
    :class:`~skye_widgets.errors.NotAnActionError`, a ``RulesError``):

    >>> Setup((2, 0), 4.0)
    Traceback (most recent call last):
    ...
    skye_widgets.errors.NotAnActionError: The setup number is a whole number from 0 to 6, not 4.0.
    """

    cell: Cell
    number: int

    def __post_init__(self) -> None:
        _cell(self.cell, "setup")
        _whole(self.number, _SETUP_NUMBER_TEXT, 0, MAX_BRIDGES_AT_ISLAND)


@dataclass(frozen=True)
class Write:
    """Action a: write the current card's number on a free island.

    >>> Write((2.9, 0))
    Traceback (most recent call last):
    ...
    skye_widgets.errors.NotAnActionError: A coordinate of the island is a whole number from 0 to 99, not 2.9.
    """

    cell: Cell

    def __post_init__(self) -> None:
        _cell(self.cell, "write")


@dataclass(frozen=True)
class Bridge:
    """One bridge of action b, along the dotted line between ``a`` and ``b``
    (kept in the canonical order ``a < b``, like a :data:`~.board.Line`)."""

    a: Cell
    b: Cell

    def __post_init__(self) -> None:
        a, b = _cell(self.a, "bridge"), _cell(self.b, "bridge")
        if b < a:
            object.__setattr__(self, "a", b)
            object.__setattr__(self, "b", a)

    @property
    def line(self) -> Line:
        """The bridge as a line (a sorted pair of cells)."""
        return (self.a, self.b)


@dataclass(frozen=True)
class EndTurn:
    """Finish this player's turn on the current card."""


Action = Union[Setup, Write, Bridge, EndTurn]


def action_to_json(action: Action) -> list[Any]:
    """``["setup", x, y, n]``, ``["write", x, y]``, ``["bridge", x1, y1, x2, y2]`` or ``["end"]``."""
    if isinstance(action, Setup):
        return ["setup", *action.cell, action.number]
    if isinstance(action, Write):
        return ["write", *action.cell]
    if isinstance(action, Bridge):
        return ["bridge", *action.a, *action.b]
    return ["end"]


def action_from_json(item: Any, swap: bool = False) -> Action:
    """The inverse of :func:`action_to_json` (raises ``ValueError`` on a bad item).
    ``swap``: the cells are ``row, col`` (the first save format, ``hashi-game/1``)."""
    def ints(xs: Any) -> list[int]:
        if not all(is_whole(x) for x in xs):
            raise ValueError(f"expected whole numbers (at most {MAX_NUMBER}) in {short(item)}")
        return list(xs)

    if not isinstance(item, list) or not item:
        raise ValueError(f"an action is a non-empty list, not {short(item)}")
    kind = item[0]
    shapes = {"setup": 3, "write": 2, "bridge": 4, "end": 0}
    if not isinstance(kind, str) or kind not in shapes:
        raise ValueError(f"unknown action kind {short(kind)} (setup, write, bridge or end)")
    rest = ints(item[1:])
    if len(rest) != shapes[kind]:
        raise ValueError(f"a {kind!r} action has {shapes[kind]} numbers, not {len(rest)}")
    if swap:
        for i in range(0, len(rest) - 1, 2):
            rest[i], rest[i + 1] = rest[i + 1], rest[i]
    if kind == "setup":
        return Setup((rest[0], rest[1]), rest[2])
    if kind == "write":
        return Write((rest[0], rest[1]))
    if kind == "bridge":
        return Bridge((rest[0], rest[1]), (rest[2], rest[3]))
    return EndTurn()


# ---------------------------------------------------------------------------
# errors


class HashiRulesError(RulesError):
    """An illegal Hashi action (the state it was tried on is unchanged).

    The shared errors of :mod:`skye_widgets.errors` are used where they fit
    (``BadConfigError``, ``WrongPhaseError``, ``GameOverError``,
    ``NotAnActionError``, ``NoActionToUndoError``; importable from here too);
    the classes below are Hashi's own rules.
    """


class NotAnIslandError(HashiRulesError):
    """The cell is not an island of the board."""


class SetupRuleError(HashiRulesError):
    """The setup number is not 3 or 4, or the island has a flag."""


class IslandNumberedError(HashiRulesError):
    """The island already has a number."""


class FlagNeedsBridgeError(HashiRulesError):
    """A flag island may only be numbered once a bridge reaches it."""


class NumberBelowBridgesError(HashiRulesError):
    """The number is smaller than the bridges already at the island."""


class ActionOrderError(HashiRulesError):
    """Action a comes once per card, before any bridge of action b."""


class NoDottedLineError(HashiRulesError, IllegalBridgeError):
    """Bridges only run along a dotted line between neighbouring islands."""


class NoNumberedEndError(HashiRulesError, IllegalBridgeError):
    """A bridge must start from a numbered island."""


class PairFullError(HashiRulesError, IllegalBridgeError):
    """Two islands are joined by at most 2 bridges."""


class IslandFullError(HashiRulesError, IllegalBridgeError):
    """The island already has as many bridges as its number (or 6)."""


class BridgeCountError(HashiRulesError):
    """Action b draws exactly the card's number of bridges, or none."""


# ---------------------------------------------------------------------------
# one player's board


def _fmt(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


class Sheet:
    """One player's board: the numbers written and the bridges drawn.

    It enforces the writing and bridge rules; the turn structure (one number,
    then the card's bridges) is :class:`HashiGame`'s business. ``numbers`` maps
    a cell ``(x, y)`` to its number; ``bridges`` maps a line (a sorted pair of
    cells, :data:`~.board.Line`, also ``Bridge.line``) to 1 or 2 - the game's
    one form of a bridge.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.numbers: dict[Cell, int] = {}
        self.bridges: dict[Line, int] = {}
        self._degree: dict[Cell, int] = {c: 0 for c in board.cells}

    def copy(self) -> "Sheet":
        """An independent copy (same board)."""
        s = Sheet.__new__(Sheet)
        s.board = self.board
        s.numbers = dict(self.numbers)
        s.bridges = dict(self.bridges)
        s._degree = dict(self._degree)
        return s

    def degree(self, cell: Cell) -> int:
        """How many bridges reach the island."""
        return self._degree[cell]

    def capacity(self, cell: Cell) -> int:
        """How many more bridges the island may take."""
        return self.numbers.get(cell, MAX_BRIDGES_AT_ISLAND) - self._degree[cell]

    def is_finished(self, cell: Cell) -> bool:
        """Numbered, with exactly as many bridges as its number."""
        n = self.numbers.get(cell)
        return n is not None and n == self._degree[cell]

    def finished(self) -> list[Cell]:
        """The finished islands, in board order."""
        return [c for c in self.board.cells if self.is_finished(c)]

    def _island(self, cell: Cell) -> Cell:
        cell = tuple(cell)  # type: ignore[assignment]
        if not self.board.is_island(cell):
            raise NotAnIslandError(_("There is no island at {cell}.").format(cell=_fmt(cell)))
        return cell

    def check_write(self, cell: Cell, number: int) -> None:
        """Raise why ``number`` may not be written at ``cell`` (else nothing)."""
        cell = self._island(cell)
        if cell in self.numbers:
            raise IslandNumberedError(_("The island at {cell} already has the number {number}; each island "
                                        "takes one number.").format(cell=_fmt(cell), number=self.numbers[cell]))
        if self.board.flag(cell) and self._degree[cell] == 0:
            if self.board.flag(cell) == "red":
                raise FlagNeedsBridgeError(_("The island at {cell} has a red flag: a number may go there only "
                                             "once a bridge reaches it.").format(cell=_fmt(cell)))
            raise FlagNeedsBridgeError(_("The island at {cell} has a blue flag: a number may go there only "
                                         "once a bridge reaches it.").format(cell=_fmt(cell)))
        if number < self._degree[cell]:
            raise NumberBelowBridgesError(ngettext(
                "{count} bridge already reaches {cell}, so its number must be at least {count}, not {number}.",
                "{count} bridges already reach {cell}, so its number must be at least {count}, not {number}.",
                self._degree[cell]).format(count=self._degree[cell], cell=_fmt(cell), number=number))

    def check_bridge(self, a: Cell, b: Cell) -> None:
        """Raise why a bridge may not be drawn between ``a`` and ``b`` (else nothing)."""
        a, b = self._island(a), self._island(b)
        if a == b or not self.board.has_line(a, b):
            raise NoDottedLineError(_("No dotted line joins {a} and {b}; bridges run along the dotted lines "
                                      "between neighbours.").format(a=_fmt(a), b=_fmt(b)))
        if a not in self.numbers and b not in self.numbers:
            raise NoNumberedEndError(_("Neither {a} nor {b} has a number; a bridge must start from a numbered "
                                       "island.").format(a=_fmt(a), b=_fmt(b)))
        line = make_line(a, b)
        if self.bridges.get(line, 0) >= 2:
            raise PairFullError(_("{a} and {b} are already joined by 2 bridges, the most allowed.").format(
                a=_fmt(a), b=_fmt(b)))
        for other in self.board.crossings(a, b):
            if self.bridges.get(other, 0):
                raise CrossingBridgeError(_("A bridge from {a} to {b} would cross the bridge from {c} to {d}; "
                                            "bridges never cross.").format(
                    a=_fmt(a), b=_fmt(b), c=_fmt(other[0]), d=_fmt(other[1])))
        for end in (a, b):
            if self.capacity(end) <= 0:
                if end in self.numbers:
                    raise IslandFullError(ngettext(
                        "The island at {cell} already has its {count} bridge: it is finished and takes no more.",
                        "The island at {cell} already has its {count} bridges: it is finished and takes no more.",
                        self.numbers[end]).format(cell=_fmt(end), count=self.numbers[end]))
                raise IslandFullError(_("The island at {cell} already has 6 bridges, the most any island can "
                                        "have.").format(cell=_fmt(end)))

    def can_bridge(self, a: Cell, b: Cell) -> bool:
        """Whether :meth:`check_bridge` passes."""
        try:
            self.check_bridge(a, b)
        except RulesError:
            return False
        return True

    def legal_bridges(self) -> list[Line]:
        """Every line a bridge may be drawn on now, in board order."""
        return [line for line in self.board.lines if self.can_bridge(*line)]

    def legal_writes(self, number: int) -> list[Cell]:
        """Every island ``number`` may be written on now, in board order."""
        out = []
        for c in self.board.cells:
            if c in self.numbers:
                continue
            if self.board.flag(c) and self._degree[c] == 0:
                continue
            if number < self._degree[c]:
                continue
            out.append(c)
        return out

    # -- changes: the sheet keeps its numbers, bridges and degrees in step. They
    # do not check the rules (callers check first with check_write/check_bridge):
    # bots use them on copies to try turns out.
    def put_number(self, cell: Cell, number: int) -> None:
        """Write ``number`` on the island at ``cell`` (unchecked)."""
        self.numbers[cell] = number

    def erase_number(self, cell: Cell) -> None:
        """Rub out the number at ``cell``."""
        del self.numbers[cell]

    def add_bridge(self, a: Cell, b: Cell) -> None:
        """Draw one more bridge between ``a`` and ``b`` (unchecked)."""
        line = make_line(a, b)
        self.bridges[line] = self.bridges.get(line, 0) + 1
        self._degree[line[0]] += 1
        self._degree[line[1]] += 1

    def remove_bridge(self, a: Cell, b: Cell) -> None:
        """Rub out one bridge between ``a`` and ``b`` (there must be one)."""
        line = make_line(a, b)
        if self.bridges[line] == 1:
            del self.bridges[line]
        else:
            self.bridges[line] -= 1
        self._degree[line[0]] -= 1
        self._degree[line[1]] -= 1

    def can_draw(self, k: int) -> bool:
        """Whether ``k`` more bridges can be drawn one after the other."""
        if k <= 0:
            return True
        for line in self.legal_bridges():
            s = self.copy()
            s.add_bridge(*line)
            if s.can_draw(k - 1):
                return True
        return False

    # -- achievements -----------------------------------------------------
    def all_finished(self, cells: Iterable[Cell]) -> bool:
        """Whether every one of ``cells`` is finished."""
        return all(self.is_finished(c) for c in cells)

    def finished_groups(self) -> list[list[Cell]]:
        """Groups of finished islands joined by bridges with no unfinished island
        between them, largest first."""
        done = set(self.finished())
        adj: dict[Cell, list[Cell]] = {c: [] for c in done}
        for (a, b), n in self.bridges.items():
            if n and a in done and b in done:
                adj[a].append(b)
                adj[b].append(a)
        seen: set[Cell] = set()
        groups = []
        for c in self.board.cells:
            if c in done and c not in seen:
                stack, group = [c], []
                seen.add(c)
                while stack:
                    x = stack.pop()
                    group.append(x)
                    for y in adj[x]:
                        if y not in seen:
                            seen.add(y)
                            stack.append(y)
                groups.append(sorted(group, key=row_major))
        groups.sort(key=len, reverse=True)
        return groups

    def meets(self, category: str) -> tuple[Cell, ...] | None:
        """The islands that meet a scoring category now, or None."""
        if category == "red":
            return self.board.red if self.all_finished(self.board.red) else None
        if category == "blue":
            return self.board.blue if self.all_finished(self.board.blue) else None
        if category == "six":
            groups = self.finished_groups()
            return tuple(groups[0]) if groups and len(groups[0]) >= 6 else None
        raise KeyError(category)



# ---------------------------------------------------------------------------
# scores


@dataclass(frozen=True)
class Achievement:
    """A scoring category reached by a player after card ``card``."""

    category: str
    player: int
    card: int
    points: int
    cells: tuple[Cell, ...]
    full: bool


# ---------------------------------------------------------------------------
# the game


@dataclass(frozen=True)
class _Turn:
    """What the player to act has done on the current card (replaced, never changed)."""

    wrote: Cell | None = None
    drawn: tuple[Line, ...] = ()


def _legal_actions(phase: str, board: Board, sheet: Sheet, card: Card | None, turn: _Turn) -> list[Action]:
    """Every action the rules allow the player to act with ``sheet`` now (used by
    :meth:`HashiGame.legal_actions` and :meth:`HashiObservation.legal_actions`)."""
    if phase == "over":
        return []
    if phase == "setup":
        return [Setup(c, n) for c in board.cells if not board.flag(c)
                and c not in sheet.numbers for n in SETUP_NUMBERS]
    assert card is not None
    out: list[Action] = []
    if turn.wrote is None and not turn.drawn:
        out += [Write(c) for c in sheet.legal_writes(card.number)]
    left = card.bridges - len(turn.drawn)
    if left > 0:
        for line in sheet.legal_bridges():
            s = sheet.copy()
            s.add_bridge(*line)
            if s.can_draw(left - 1):
                out.append(Bridge(*line))
    if len(turn.drawn) in (0, card.bridges):
        out.append(EndTurn())
    return out


@dataclass(frozen=True)
class HashiObservation:
    """What ``player`` may know (:meth:`HashiGame.observation`): every board (they
    lie open on the table), the cards turned, the scores reached, the turn so far
    -- but not the order of the cards still to come nor the card removed unseen
    (``unseen_cards`` lists them together, sorted). Bots decide from it.
    The sheets are copies: changing them changes nothing in the game.
    """

    player: int
    names: tuple[str, ...]
    board: Board
    phase: str
    round: int
    n_cards: int
    card: Card | None
    played: tuple[Card, ...]
    unseen: tuple[Card, ...]
    sheets: tuple[Sheet, ...]
    setup_by: tuple[int, ...]
    achievements: tuple["Achievement", ...]
    turn_wrote: Cell | None
    turn_drawn: tuple[Line, ...]
    to_act: int

    @property
    def n_players(self) -> int:
        return len(self.names)

    @property
    def solo(self) -> bool:
        return len(self.names) == 1

    @property
    def cards_left(self) -> int:
        """Cards still to be turned after the current one."""
        return self.n_cards - self.round

    def current_player(self) -> int:
        """The player to act in the game (-1 once it is over)."""
        return self.to_act

    def is_over(self) -> bool:
        return self.phase == "over"

    def sheet(self, player: int) -> Sheet:
        """The board ``player`` plays on."""
        return self.sheets[player]

    def unseen_cards(self) -> list[Card]:
        return list(self.unseen)

    def legal_actions(self) -> list[Action]:
        """The actions of the player to act, if that is this observation's player (else none)."""
        if self.to_act != self.player:
            return []
        return _legal_actions(self.phase, self.board, self.sheets[self.player], self.card,
                              _Turn(self.turn_wrote, self.turn_drawn))


class HashiGame(Pictured):
    """A whole game of Hashi for 1-4 players (see the module docstring); it
    implements :class:`skye_widgets.protocol.Game` (exported as
    :class:`skye_widgets.hashi.Game`; make one with :meth:`new`).

    ``players`` are names (bots are the caller's business: see
    :mod:`skye_widgets.hashi.bots`). ``deck`` is the 18 cards before
    shuffling (default :func:`default_deck`); the seed decides the order and
    the card removed unseen. ``shuffle=False`` keeps ``deck`` in the given
    order (a stacked deck for lessons and tests): its first card is the one
    removed, the others are turned in order.

    The state only changes through :meth:`apply` and :meth:`undo`; every change
    replaces the sheet, turn and list it touches instead of changing them, so
    :meth:`undo` puts the previous ones back exactly.
    """

    def __init__(self, board: Board, players: Sequence[str] = ("Player 1",), seed: int = 0,
                 deck: Sequence[Card] | None = None, shuffle: bool = True) -> None:
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise BadConfigError(_("The players are a list of 1-4 names, not {value}.").format(value=short(players)))
        if not 1 <= len(players) <= 4:
            raise BadConfigError(_("Hashi is for 1-4 players, not {value}.").format(value=len(players)))
        if any(len(str(p)) > MAX_NAME_LENGTH for p in players):   # so that every save loads back
            raise BadConfigError(ngettext("A player's name has at most {count} character.",
                                          "A player's name has at most {count} characters.",
                                          MAX_NAME_LENGTH).format(count=MAX_NAME_LENGTH))
        if (fault := control_in_names([str(p) for p in players])) is not None:
            raise BadConfigError(fault)
        if not is_whole(seed, -MAX_SEED, MAX_SEED):
            raise BadConfigError(_("The seed is a whole number (the same seed, the same game), not {value}.").format(
                value=short(seed)))
        if not isinstance(board, Board):
            raise BadConfigError(_("The board is a Board (see load_board), not {value}.").format(value=short(board)))
        if not isinstance(shuffle, bool):
            raise BadConfigError(_("shuffle is True or False, not {value}.").format(value=short(shuffle)))
        deck = tuple(default_deck() if deck is None else deck)
        _check_deck(deck)
        self.board = board
        self.players = tuple(str(p) for p in players)
        self.seed = seed
        self.deck = deck
        shuffled = list(deck)
        if shuffle:
            random.Random(seed).shuffle(shuffled)
        self.shuffle = shuffle
        self._removed = shuffled[0]
        self.pile: tuple[Card, ...] = tuple(shuffled[1:])
        self.sheets = [Sheet(board) for _ in self.players]
        self.phase = "setup"
        self.round = 0  # cards turned so far
        self._current = 0
        self._turn = _Turn()
        self.achievements: list[Achievement] = []
        #: who wrote the setup number on each player's (received) board
        self.setup_by: list[int] = list(range(len(self.players)))
        self._log: list[tuple[int, Action]] = []      # (player, action) applied, in order
        self._undo: list[tuple[Any, ...]] = []         # the state before each of them
        self._legal: list[Action] | None = None        # legal_actions() of this state

    @classmethod
    def new(cls, players: int | Sequence[str] = 1, *, seed: int = 0, board: Board | str = "skerries-a",
            deck: Sequence[Card] | None = None, shuffle: bool = True) -> "HashiGame":
        """A new game: ``players`` is a count (1-4; named "Player 1"...) or a list of
        names; ``board`` a :class:`Board` or a shipped board's name.

        >>> g = HashiGame.new(2, seed=3)
        >>> g.names, g.board.name, g.current_player()
        (('Player 1', 'Player 2'), 'Skerries', 0)
        """
        if is_whole(players, None, None):
            if not 1 <= players <= 4:
                raise BadConfigError(_("Hashi is for 1-4 players, not {value}.").format(value=players))
            # Translators: the default name of a seat (a player given by count, not by name).
            players = [_("Player {number}").format(number=i + 1) for i in range(players)]
        elif isinstance(players, str) or not isinstance(players, Sequence):
            raise BadConfigError(_("The players are a count (1-4) or a list of names, not {value}.").format(
                value=short(players)))
        elif not all(isinstance(p, str) for p in players):
            raise BadConfigError(_("The players' names are texts."))
        if isinstance(board, str):
            board = load_board(board)
        return cls(board, list(players), seed, deck, shuffle)

    # -- queries ------------------------------------------------------------
    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names (the protocol's name for :attr:`players`)."""
        return self.players

    @property
    def history(self) -> list[Action]:
        """The actions applied so far, in order (replaying them on a new game with
        the same seed gives this game)."""
        return [a for _p, a in self._log]

    @property
    def log(self) -> list[tuple[int, Action]]:
        """``(player, action)`` for every action applied so far."""
        return list(self._log)

    @property
    def solo(self) -> bool:
        return self.n_players == 1

    def current_player(self) -> int:
        """The player to act (-1 once the game is over)."""
        return -1 if self.phase == "over" else self._current

    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def card(self) -> Card | None:
        """The card being played (None in the setup and after the game)."""
        return self.pile[self.round - 1] if self.phase == "play" else None

    def played_cards(self) -> list[Card]:
        """The cards turned so far, in order."""
        return list(self.pile[:self.round])

    def unseen_cards(self) -> list[Card]:
        """The deck minus the cards turned (includes the one removed unseen), sorted."""
        left = list(self.deck)
        for c in self.played_cards():
            left.remove(c)
        return sorted(left)

    @property
    def cards_left(self) -> int:
        """Cards still to be turned after the current one."""
        return len(self.pile) - self.round

    def cards_to_come(self) -> list[Card]:
        """The face-down pile still to be turned, top first: what the rules hide from every
        player (never in an :meth:`observation`; the projector's "show everyone's hidden
        information" reads it).

        >>> g = HashiGame.new(1, seed=3)
        >>> len(g.cards_to_come()), g.cards_to_come()[0] == g.pile[0]
        (17, True)
        """
        return list(self.pile[self.round:])

    @property
    def removed_card(self) -> Card:
        """The card put back in the box unseen at the start (the rules: it is never seen)."""
        return self._removed

    def solo_pile(self) -> int:
        """Solo: the pile (1-3) the current card comes from (0 during the setup)."""
        if self.round == 0:
            return 0
        return 1 if self.round <= 7 else 2 if self.round <= 12 else 3

    @property
    def turn_wrote(self) -> Cell | None:
        """Where the current player wrote the card's number this turn."""
        return self._turn.wrote

    @property
    def turn_drawn(self) -> list[Line]:
        """The bridges the current player has drawn this turn."""
        return list(self._turn.drawn)

    def sheet(self, player: int) -> Sheet:
        """The board ``player`` plays on."""
        return self.sheets[player]

    def observation(self, player: int) -> HashiObservation:
        """What ``player`` may know: see :class:`HashiObservation` (no deck order)."""
        if not is_whole(player, 0, self.n_players - 1):
            raise RulesError(_("There is no player {player}: the players are 0-{last}.").format(
                player=short(player), last=self.n_players - 1))
        return HashiObservation(player, self.players, self.board, self.phase, self.round, len(self.pile),
                                self.card, tuple(self.played_cards()), tuple(self.unseen_cards()),
                                tuple(s.copy() for s in self.sheets), tuple(self.setup_by),
                                tuple(self.achievements), self._turn.wrote, self._turn.drawn,
                                self.current_player())

    # -- actions ------------------------------------------------------------
    def check(self, action: Action) -> None:
        """Raise the ``RulesError`` ``action`` would cause, else nothing."""
        if type(action) not in (Setup, Write, Bridge, EndTurn):
            raise NotAnActionError(_("This is not a Hashi action (Setup, Write, Bridge or EndTurn): {value}.").format(
                value=short(action)))
        if self.phase == "over":
            raise GameOverError(_("The game is over."))
        sheet = self.sheets[self._current]
        if isinstance(action, Setup):
            if self.phase != "setup":
                raise WrongPhaseError(_("The setup is over: numbers now come from the cards."))
            cell = sheet._island(action.cell)
            if action.number not in SETUP_NUMBERS:
                raise SetupRuleError(_("The setup number is a 3 or a 4, not {number}.").format(number=action.number))
            if self.board.flag(cell):
                if self.board.flag(cell) == "red":
                    raise SetupRuleError(_("The setup number goes on an island without a flag; {cell} has a red "
                                           "flag.").format(cell=_fmt(cell)))
                raise SetupRuleError(_("The setup number goes on an island without a flag; {cell} has a blue "
                                       "flag.").format(cell=_fmt(cell)))
            sheet.check_write(cell, action.number)
            return
        if self.phase == "setup":
            raise WrongPhaseError(_("First write a 3 or a 4 on an island without a flag (the setup)."))
        card = self.card
        assert card is not None
        if isinstance(action, Write):
            if self._turn.wrote is not None:
                raise ActionOrderError(_("This card's number is already written at {cell}.").format(
                    cell=_fmt(self._turn.wrote)))
            if self._turn.drawn:
                raise ActionOrderError(_("Action a (writing the number) comes before the bridges of action b."))
            sheet.check_write(action.cell, card.number)
        elif isinstance(action, Bridge):
            if len(self._turn.drawn) >= card.bridges:
                raise BridgeCountError(ngettext("The card shows {count} bridge, already drawn.",
                                                "The card shows {count} bridges, all drawn already.",
                                                card.bridges).format(count=card.bridges))
            sheet.check_bridge(action.a, action.b)
            s = sheet.copy()
            s.add_bridge(action.a, action.b)
            left = card.bridges - len(self._turn.drawn) - 1
            if not s.can_draw(left):
                raise BridgeCountError(ngettext(
                    "After this bridge the card's other {count} bridge could not be drawn: draw exactly the "
                    "card's number of bridges, or none.",
                    "After this bridge the card's other {count} bridges could not be drawn: draw exactly the "
                    "card's number of bridges, or none.", left).format(count=left))
        else:
            n = len(self._turn.drawn)
            if n not in (0, card.bridges):
                raise BridgeCountError(ngettext(
                    "{drawn} of the card's {count} bridge drawn: draw exactly {count}, or none (undo to draw none).",
                    "{drawn} of the card's {count} bridges drawn: draw exactly {count}, or none (undo to draw none).",
                    card.bridges).format(drawn=n, count=card.bridges))

    def apply(self, action: Action) -> None:
        """Play ``action`` for :meth:`current_player` (illegal: raises a ``RulesError``,
        nothing changes)."""
        self.check(action)
        player = self._current
        self._undo.append((self.sheets, self.phase, self.round, self._current, self._turn,
                           self.achievements, self.setup_by))
        self._log.append((player, action))
        self._legal = None
        if isinstance(action, (Setup, Write, Bridge)):
            sheet = self.sheets[player].copy()
            self.sheets = list(self.sheets)
            self.sheets[player] = sheet
            if isinstance(action, Setup):
                sheet.put_number(action.cell, action.number)
                self._next_player()
            elif isinstance(action, Write):
                assert self.card is not None
                sheet.put_number(action.cell, self.card.number)
                self._turn = _Turn(action.cell, self._turn.drawn)
            else:
                sheet.add_bridge(action.a, action.b)
                self._turn = _Turn(self._turn.wrote, (*self._turn.drawn, action.line))
        else:
            self._next_player()

    def _next_player(self) -> None:
        self._turn = _Turn()
        if self._current + 1 < self.n_players:
            self._current += 1
            return
        self._current = 0
        if self.phase == "setup":
            # pass the boards to the left: player i now plays the board player i-1 prepared
            n = self.n_players
            self.sheets = [self.sheets[(i - 1) % n] for i in range(n)]
            self.setup_by = [(i - 1) % n for i in range(n)]
            self.phase = "play"
            self.round = 1
            return
        self._score_round()
        if self.round == len(self.pile):
            self.phase = "over"
        else:
            self.round += 1

    def _score_round(self) -> None:
        achievements = list(self.achievements)
        for category, (_label, full, later) in CATEGORIES.items():
            done = {a.player for a in achievements if a.category == category}
            awarded_before = bool(done)
            for p, sheet in enumerate(self.sheets):
                if p in done:
                    continue
                cells = sheet.meets(category)
                if cells is None:
                    continue
                if self.solo:
                    is_full = self.round <= SOLO_DEADLINES[category]
                else:
                    is_full = not awarded_before
                achievements.append(Achievement(category, p, self.round, full if is_full else later,
                                                cells, is_full))
        self.achievements = achievements

    def legal_actions(self) -> list[Action]:
        """Every action :meth:`apply` accepts now (for the player to act)."""
        if self._legal is None:
            self._legal = _legal_actions(self.phase, self.board, self.sheets[self._current], self.card,
                                         self._turn)
        return list(self._legal)

    def undo(self) -> Action:
        """Take back the last action applied (whoever played it, even one that ended
        a turn, the setup or the game) and return it; ``to_dict()`` is then what it
        was before that action. Nothing to take back: :class:`NoActionToUndoError`."""
        if not self._log:
            raise NoActionToUndoError(_("There is nothing to undo: no action has been played yet."))
        (self.sheets, self.phase, self.round, self._current, self._turn,
         self.achievements, self.setup_by) = self._undo.pop()
        self._legal = None
        return self._log.pop()[1]

    # -- scores -------------------------------------------------------------
    def score(self, player: int) -> ScoreResult:
        """The player's points so far with a breakdown (finished islands count at the end)."""
        items = []
        for a in self.achievements:
            if a.player != player:
                continue
            values = {"label": CATEGORIES[a.category][0], "card": a.card, "deadline": SOLO_DEADLINES[a.category]}
            if self.solo:
                # Translators: a score breakdown line; {label} is a category's name, {deadline} the card by
                # which it scores its full points (solo).
                text = (_("{label} after card {card} (by card {deadline})") if a.full
                        else _("{label} after card {card} (after card {deadline})"))
            else:
                # Translators: a score breakdown line: the first player(s) to reach the category, or later ones.
                text = _("{label} after card {card} (first)") if a.full else _("{label} after card {card} (later)")
            items.append(BreakdownItem(a.points, text.format(**values), a.cells))
        if self.phase == "over":
            done = self.sheets[player].finished()
            items.append(BreakdownItem(POINTS_PER_FINISHED_ISLAND * len(done),
                                       ngettext("{count} finished island x {points}",
                                                "{count} finished islands x {points}", len(done)).format(
                                           count=len(done), points=POINTS_PER_FINISHED_ISLAND),
                                       tuple(done)))
        return ScoreResult(sum(i.points for i in items), tuple(items))

    def scores(self) -> list[ScoreResult]:
        """Every player's :meth:`score` (victory points now, with the breakdown)."""
        return [self.score(p) for p in range(self.n_players)]

    def winners(self) -> list[int]:
        """The players with the highest total (ties share the win; solo: the player)."""
        totals = [s.points for s in self.scores()]
        best = max(totals)
        return [p for p, t in enumerate(totals) if t == best]

    def returns(self) -> list[float]:
        """The win share (the protocol's meaning): ``1/k`` for each of the ``k``
        winners once the game is over, else 0.0; solo: ``[1.0]`` at the end (the
        score and :meth:`rank_title` say how well)."""
        return win_shares(self.winners(), self.n_players, self.is_over())

    def rank_title(self) -> str | None:
        """Solo: the rank title of the total (None with more players)."""
        return rank_title(self.score(0).points) if self.solo else None

    # -- copies, files, replay ----------------------------------------------
    def clone(self) -> "HashiGame":
        """An independent copy (undo works on it as on the original)."""
        g = HashiGame.__new__(HashiGame)
        g.__dict__.update(self.__dict__)
        g.sheets = [s.copy() for s in self.sheets]
        g.achievements = list(self.achievements)
        g.setup_by = list(self.setup_by)
        g._log = list(self._log)
        g._undo = list(self._undo)
        return g

    def to_dict(self) -> dict[str, Any]:
        """The saved-game form: board, players, seed, deck and every action."""
        return {"format": GAME_FORMAT, "board": self.board.to_dict(), "players": list(self.players),
                "seed": self.seed, "deck": [[c.number, c.bridges] for c in self.deck],
                "shuffle": self.shuffle,
                "actions": [[p, *action_to_json(a)] for p, a in self._log]}

    @classmethod
    def replay(cls, board: Board, players: Sequence[str], seed: int,
               actions: Iterable[Action], deck: Sequence[Card] | None = None,
               shuffle: bool = True) -> "HashiGame":
        """A new game with ``actions`` applied in order (raises on an illegal one)."""
        g = cls(board, players, seed, deck, shuffle)
        for a in actions:
            g.apply(a)
        return g

    @classmethod
    def from_dict(cls, data: Any, source: str | os.PathLike[str] = "<game>") -> "HashiGame":
        """Rebuild a saved game by replaying it; any fault is one :class:`FileFormatError`."""
        def fail(fault: str) -> FileFormatError:
            return FileFormatError(source, fault)

        swap = read_head(data, source, _("a saved game is one JSON object"), (GAME_FORMAT, OLD_GAME_FORMAT),
                         ("board", "players", "seed", "deck", "actions"))     # swap: cells [row, col]
        board = Board.from_dict(data["board"], f"{os.fspath(source)} (board)")
        players, seed = data["players"], data["seed"]
        if not (isinstance(players, list) and 1 <= len(players) <= 4
                and all(isinstance(p, str) and len(p) <= MAX_NAME_LENGTH for p in players)):
            raise fail(_("'players' must be a list of 1-4 names of at most {most} characters").format(most=MAX_NAME_LENGTH))
        if not is_whole(seed, -MAX_SEED, MAX_SEED):
            raise fail(_("'seed' must be a whole number (at most {most} either way)").format(most=MAX_SEED))
        cards = data["deck"]
        if not (isinstance(cards, list) and len(cards) == DECK_SIZE
                and all(isinstance(c, list) and len(c) == 2 for c in cards)):
            raise fail(_("'deck' must be a list of [number, bridges] cards (a deck has {count} cards)").format(
                count=DECK_SIZE))
        try:
            deck = [Card(*c) for c in cards]
            shuffle = data.get("shuffle", True)
            if not isinstance(shuffle, bool):
                raise ValueError(_("'shuffle' must be true or false"))
            game = cls(board, players, seed, deck, shuffle)
        except (TypeError, ValueError) as e:
            raise fail(_("bad deck or players: {fault}").format(fault=e)) from None
        if not isinstance(data["actions"], list):
            raise fail(_("'actions' must be a list"))
        if len(data["actions"]) > MAX_SAVE_ACTIONS:
            raise fail(ngettext("{count} actions; a saved game has at most {most}",
                                "{count} actions; a saved game has at most {most}",
                                len(data["actions"])).format(count=len(data["actions"]), most=MAX_SAVE_ACTIONS))
        for k, item in enumerate(data["actions"], 1):
            try:
                if not (isinstance(item, list) and item and is_whole(item[0])):
                    raise ValueError(_("expected [player, kind, ...], not {value}").format(value=short(item)))
                player, action = item[0], action_from_json(item[1:], swap)
                if game.is_over():          # not "it is player -1's turn"
                    raise GameOverError(_("The game is over."))
                if player != game.current_player():
                    raise ValueError(_("it is player {current}'s turn, not player {player}'s").format(
                        current=game.current_player(), player=player))
                game.apply(action)
            except ValueError as e:  # RulesError is a ValueError
                raise fail(_("action {index}: {fault}").format(index=k, fault=e)) from None
        return game

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the saved-game file."""
        write_json(path, self.to_dict())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "HashiGame":
        """Read a saved game (validated by replaying every action)."""
        return cls.from_dict(read_json(path), path)


GAME_FORMAT = "hashi-game/2"
#: The first save format: the same, with cells ``[row, col]`` (read by swapping them).
OLD_GAME_FORMAT = "hashi-game/1"


def _check_deck(deck: Sequence[Card]) -> None:
    if len(deck) != DECK_SIZE:
        raise BadConfigError(ngettext("A deck has {count} cards, not {value}.", "A deck has {count} cards, not {value}.",
                                      DECK_SIZE).format(count=DECK_SIZE, value=len(deck)))
    for c in deck:
        if not (isinstance(c, Card) and is_whole(c.number) and is_whole(c.bridges)
                and 1 <= c.number <= 6 and 1 <= c.bridges <= 3):
            raise BadConfigError(_("A card is a number 1-6 and 1-3 bridges, not {value}.").format(value=short(c)))

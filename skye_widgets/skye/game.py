"""Isle of Skye, the whole game: six phases a round, auction, 2-5 players.

A :class:`GameState` is in the spirit of OpenSpiel: :meth:`~GameState.current_player`
says whose decision it is, :meth:`~GameState.legal_actions` lists what they may do,
:meth:`~GameState.apply` plays one action (an illegal one raises a specific
:class:`~skye_widgets.errors.RulesError` and changes nothing), and
:meth:`~GameState.is_over` / :meth:`~GameState.returns` end it.

The rounds follow the rulebook (phases 1-6):

1. **Income** (automatic): castle 5 + 1 per whisky tile connected by road to the
   castle + catch-up gold from round 3 for every player with more VP.
2. **Draw and price** (one secret :class:`SetPrices` decision per player): each
   player drew 3 tiles, marks one to discard and puts at least 1 gold on each
   other one. Until every player has decided, :meth:`GameState.view` hides the
   decisions already made from the other players.
3. **Discard** (automatic): the marked tiles go back to the bag.
4. **Buy** (:class:`Buy` or :class:`Pass`, from the start player clockwise):
   buy one tile from another player's display at its price (gold received
   earlier in this phase may be used); the seller receives the price *and* the
   gold they had put on the tile. Afterwards everyone keeps their unsold tiles
   and the gold on them goes to the supply.
5. **Build** (:class:`Place`, start player first): every new tile is placed
   legally; tiles that cannot be placed anywhere go back to the bag.
6. **Scoring** (automatic): the round's scoring tiles (A-D) are scored and the
   start player passes clockwise.

After the last round (6, or 5 with 5 players) come scrolls and gold (1 VP per
5 gold); the most VP wins, ties broken by gold, remaining ties share the win.

>>> g = GameState(GameConfig(players=2, seed=1))
>>> g.phase, g.round_no, g.current_player(), g.gold
('prices', 1, 0, [5, 5])
>>> len(g.displays[0]), len(g.bag)
(3, 67)
"""

from __future__ import annotations

import operator
import os
import random
import reprlib
from bisect import bisect_left
from collections.abc import Sequence as SequenceABC
from dataclasses import dataclass
from math import isqrt
from typing import Any, Iterable, Iterator, Mapping, Sequence, Union

from ..drawing import Pictured
from ..errors import (BadConfigError, DataError, FileFormatError, GameOverError, NoActionToUndoError, NotAnActionError,
                      NotYourTurnError, RulesError, WrongPhaseError, control_in_names, read_json, write_json)
from ..i18n import Text, _, lazy, lazy_ngettext, ngettext, pgettext
from ..limits import (MAX_COORDINATE, MAX_NAME_LENGTH, MAX_NUMBER, MAX_SAVE_ACTIONS, MAX_SEED, MAX_SKYE_PLAYERS, MAX_TEXT_LENGTH,
                      is_whole, short)
from ..scores import BreakdownItem, ScoreResult
from ..words import word_list
from . import scoring
from .territory import Territory
from .scoring_tiles import ROUND_TRACK
from .tiles import CASTLE_COLOURS

N_TILES = 73
SLOTS = ("A", "B", "C", "D")
#: The rulebook's first-game suggestion is a picture of four scoring tiles; its
#: text does not name them, so no suggested set is hard-coded here.
FIRST_GAME_SCORING: tuple[int, int, int, int] | None = None
#: The scoring tiles in the order a seed draws them from. It is the numbering used
#: before the numbers followed the rulebook's printed list (9 and 10, 13 and 14 were
#: the other way round), so a seed draws the same tiles, and plays the same game, as before.
SCORING_DRAW_ORDER = (1, 2, 3, 4, 5, 6, 7, 8, 10, 9, 11, 12, 14, 13, 15, 16)

#: Decision phases, plus "over".
PHASES = ("prices", "buy", "build", "over")


# --------------------------------------------------------------------------
# The round track (defined once, in scoring.py)
# --------------------------------------------------------------------------

def round_slots(n_players: int, round_no: int) -> tuple[str, ...]:
    """Which scoring slots are scored at the end of ``round_no`` (:data:`.scoring.ROUND_TRACK`).

    >>> round_slots(4, 3), round_slots(5, 1)
    (('A', 'C'), ('A', 'B'))
    """
    return tuple(ROUND_TRACK[n_players][round_no])


def rounds_for(n_players: int) -> int:
    """6 rounds with 2-4 players, 5 with 5 (the other side of the board)."""
    return len(ROUND_TRACK[n_players])


# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------

#: Kept so that old ``except GameRulesError`` clauses keep catching every
#: rules error of the game (the shared ones included).
GameRulesError = RulesError


class BadPricesError(RulesError):
    """A price decision that is not one discard + at least 1 gold on each other tile."""


class NotEnoughGoldError(RulesError):
    """The player cannot pay that much."""


class NotForSaleError(RulesError):
    """The tile is not on that seller's display (or is the buyer's own)."""


class NotYourTileError(RulesError):
    """The player has no such tile to place this round."""


class UnknownPlayerError(RulesError):
    """A player index out of range."""


# --------------------------------------------------------------------------
# Config and actions
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class GameConfig:
    """Everything needed to set a game up (with the action list, the whole game).

    ``scoring`` gives the scoring tile numbers (1-16) for slots A-D; when it is
    None four different ones are drawn with ``random.Random(seed)``.

    >>> GameConfig(players=3, seed=7).resolved().scoring
    (9, 1, 7, 8)
    """

    players: int = 4
    seed: int = 0
    names: tuple[str, ...] = ()
    scoring: tuple[int, int, int, int] | None = None
    start_player: int = 0

    def __post_init__(self) -> None:
        for name in ("names", "scoring"):          # lists are welcome; stored as tuples
            if isinstance(getattr(self, name), list):
                object.__setattr__(self, name, tuple(getattr(self, name)))
        if not is_whole(self.players, 2, 5):
            raise BadConfigError(_("Isle of Skye is for 2-5 players, not {value}.").format(value=reprlib.repr(self.players)))
        if not (is_whole(self.seed, -MAX_SEED, MAX_SEED) or (isinstance(self.seed, str) and len(self.seed) <= MAX_TEXT_LENGTH)):
            # so that every save loads back (parse_save's bounds)
            raise BadConfigError(_("The seed is a whole number of at most {most} either way or a text of at most "
                                   "{length} characters, not {value}.").format(
                most=MAX_SEED, length=MAX_TEXT_LENGTH, value=short(self.seed)))
        if not isinstance(self.names, tuple) or not all(isinstance(n, str) and n for n in self.names):
            raise BadConfigError(_("The players' names are texts that are not empty, not {value}.").format(
                value=reprlib.repr(self.names)))
        if any(len(n) > MAX_NAME_LENGTH for n in self.names):   # so that every save loads back
            raise BadConfigError(ngettext("A player's name has at most {count} character.",
                                          "A player's name has at most {count} characters.",
                                          MAX_NAME_LENGTH).format(count=MAX_NAME_LENGTH))
        if (fault := control_in_names(self.names)) is not None:
            raise BadConfigError(fault)
        if self.names and len(self.names) != self.players:
            raise BadConfigError(ngettext("{names} names for {count} player: give as many names as players.",
                                          "{names} names for {count} players: give as many names as players.",
                                          self.players).format(names=len(self.names), count=self.players))
        if len(set(self.player_names)) != self.players:
            raise BadConfigError(_("The players' names must be different."))
        if self.scoring is not None:
            if not isinstance(self.scoring, tuple) or len(self.scoring) != 4 or len(set(self.scoring)) != 4 or \
                    not all(is_whole(n, 1, 16) for n in self.scoring):
                raise BadConfigError(_("The scoring tiles are 4 different numbers 1-16, not {value}.").format(
                    value=reprlib.repr(self.scoring)))
        if not is_whole(self.start_player, 0, self.players - 1):
            raise BadConfigError(_("The start player is a number 0-{last}, not {value}.").format(
                last=self.players - 1, value=reprlib.repr(self.start_player)))

    @property
    def player_names(self) -> tuple[str, ...]:
        """The names given, or Player 1..n (in the language spoken when the game is set up)."""
        # Translators: a player's default name; {number} 1-5.
        return self.names or tuple(_("Player {number}").format(number=i + 1) for i in range(self.players))

    def resolved(self) -> "GameConfig":
        """The same game with everything explicit: the scoring tiles drawn (if
        they were not chosen) and the default names filled in, so a saved
        config loads back equal."""
        if self.scoring is not None and self.names:
            return self
        tiles = self.scoring or tuple(random.Random(f"scoring-{self.seed}").sample(SCORING_DRAW_ORDER, 4))
        return GameConfig(self.players, self.seed, self.player_names, tiles, self.start_player)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, Any]:
        """The save-file ``config`` entry (scoring tiles drawn and named by slot)."""
        r = self.resolved()
        return {"players": r.players, "seed": r.seed, "names": list(r.player_names),
                "scoring": dict(zip(SLOTS, r.scoring or ())), "start_player": r.start_player}

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> "GameConfig":
        """Inverse of :meth:`to_dict`; raises GameRulesError (or KeyError for a missing field)."""
        scoring = d.get("scoring")
        if isinstance(scoring, Mapping):
            scoring = tuple(scoring[s] for s in SLOTS)
        elif isinstance(scoring, list):
            scoring = tuple(scoring)
        elif scoring is not None:
            raise BadConfigError(f"scoring must be {{\"A\": n, ..., \"D\": n}}, not {reprlib.repr(scoring)}")
        names = d.get("names") or ()
        if not isinstance(names, (list, tuple)):
            raise BadConfigError(f"names must be a list of strings, not {reprlib.repr(names)}")
        return GameConfig(players=d["players"], seed=d["seed"], names=tuple(names),
                          scoring=scoring, start_player=d.get("start_player", 0))


#: Characters in a tile id of an action (the ids are "1" .. "73" and "castle-yellow" at most).
MAX_TILE_ID = 16


def _need_player(kind: str, name: str, v: Any) -> None:
    if not is_whole(v, 0, MAX_SKYE_PLAYERS - 1):
        raise NotAnActionError(_("{action}: {field} must be a player number 0-{last} (an int), not {value}.").format(
            action=kind, field=name, last=MAX_SKYE_PLAYERS - 1, value=short(v)))


def _need_tile(kind: str, name: str, v: Any, *, empty: bool = False) -> None:
    if type(v) is not str or len(v) > MAX_TILE_ID or (not v and not empty):
        raise NotAnActionError(_("{action}: {field} must be a tile id such as \"12\" (a str), not {value}.").format(
            action=kind, field=name, value=short(v)))


def _need_whole(kind: str, name: str, v: Any, low: int = -MAX_NUMBER, high: int = MAX_NUMBER) -> None:
    if not is_whole(v, low, high):
        raise NotAnActionError(_("{action}: {field} must be a whole number {low}..{high} (an int), not {value}.").format(
            action=kind, field=name, low=low, high=high, value=short(v)))


@dataclass(frozen=True)
class SetPrices:
    """Phase 2, secret: discard one drawn tile and price the others (>= 1 gold each).

    Fields are checked strictly when the action is made (``prices`` is a tuple of
    ``(tile, gold)`` tuples, nothing is converted); :meth:`of` builds one from a
    ``{tile: gold}`` dict.

    >>> SetPrices.of(0, "12", {"10": 2, "11": 1})
    SetPrices(player=0, discard='12', prices=(('10', 2), ('11', 1)))
    >>> SetPrices(0, "12", {"10": 2})
    Traceback (most recent call last):
    ...
    skye_widgets.errors.NotAnActionError: SetPrices: prices must be a tuple of (tile, gold) tuples, not {'10': 2}.
    """

    player: int
    discard: str
    prices: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        _need_player("SetPrices", "player", self.player)
        _need_tile("SetPrices", "discard", self.discard, empty=True)   # "" only when nothing was drawn
        p = self.prices
        if type(p) is not tuple or len(p) > 2 or not all(type(e) is tuple and len(e) == 2 for e in p):
            raise NotAnActionError(_("SetPrices: prices must be a tuple of (tile, gold) tuples, not {value}.").format(
                value=short(p)))
        for t, g in p:
            if type(t) is not str or not t or len(t) > MAX_TILE_ID:
                raise NotAnActionError(_("SetPrices: a priced tile must be a tile id such as \"12\" (a str), "
                                         "not {value}.").format(value=short(t)))
            if not is_whole(g, -MAX_NUMBER, MAX_NUMBER):
                raise NotAnActionError(_("SetPrices: the gold on tile {tile} must be a whole number {low}..{high} "
                                         "(an int), not {value}.").format(
                    tile=t, low=-MAX_NUMBER, high=MAX_NUMBER, value=short(g)))

    @classmethod
    def of(cls, player: int, discard: str, prices: Mapping[str, int]) -> "SetPrices":
        """The decision from a ``{tile: gold}`` dict (in the dict's order)."""
        if not isinstance(prices, Mapping):
            raise NotAnActionError(_("SetPrices.of: prices must be a {{tile: gold}} dict, not {value}.").format(
                value=short(prices)))
        return cls(player, discard, tuple(prices.items()))

    def to_dict(self) -> dict[str, Any]:
        """The save-file entry of this action."""
        return {"type": "prices", "player": self.player, "discard": self.discard,
                "prices": {t: g for t, g in self.prices}}

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> "Action":
        """Inverse of :meth:`to_dict` (any action type; see :func:`action_from_dict`)."""
        return action_from_dict(d)


@dataclass(frozen=True)
class Buy:
    """Phase 4: buy ``tile`` from ``seller``'s display at its price."""

    player: int
    seller: int
    tile: str

    def __post_init__(self) -> None:
        _need_player("Buy", "player", self.player)
        _need_player("Buy", "seller", self.seller)
        _need_tile("Buy", "tile", self.tile)

    def to_dict(self) -> dict[str, Any]:
        """The save-file entry of this action."""
        return {"type": "buy", "player": self.player, "seller": self.seller, "tile": self.tile}

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> "Action":
        """Inverse of :meth:`to_dict` (any action type; see :func:`action_from_dict`)."""
        return action_from_dict(d)


@dataclass(frozen=True)
class Pass:
    """Phase 4: buy nothing this round."""

    player: int

    def __post_init__(self) -> None:
        _need_player("Pass", "player", self.player)

    def to_dict(self) -> dict[str, Any]:
        """The save-file entry of this action."""
        return {"type": "pass", "player": self.player}

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> "Action":
        """Inverse of :meth:`to_dict` (any action type; see :func:`action_from_dict`)."""
        return action_from_dict(d)


@dataclass(frozen=True)
class Place:
    """Phase 5: put one of this round's tiles into the player's territory at
    cell ``(x, y)`` (x east, y south), turned ``rotation`` quarter turns clockwise."""

    player: int
    tile: str
    x: int
    y: int
    rotation: int

    def __post_init__(self) -> None:
        _need_player("Place", "player", self.player)
        _need_tile("Place", "tile", self.tile)
        _need_whole("Place", "x", self.x, -MAX_COORDINATE, MAX_COORDINATE)
        _need_whole("Place", "y", self.y, -MAX_COORDINATE, MAX_COORDINATE)
        _need_whole("Place", "rotation", self.rotation, 0, 3)

    def to_dict(self) -> dict[str, Any]:
        """The save-file entry of this action."""
        return {"type": "place", "player": self.player, "tile": self.tile,
                "x": self.x, "y": self.y, "rotation": self.rotation}

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> "Action":
        """Inverse of :meth:`to_dict` (any action type; see :func:`action_from_dict`)."""
        return action_from_dict(d)


Action = Union[SetPrices, Buy, Pass, Place]


def action_from_dict(d: Mapping[str, Any]) -> Action:
    """Inverse of ``action.to_dict()``; raises ValueError on a malformed entry.

    >>> action_from_dict({"type": "buy", "player": 1, "seller": 0, "tile": "33"})
    Buy(player=1, seller=0, tile='33')
    """
    if not isinstance(d, Mapping):
        raise ValueError(f"expected an object, got {type(d).__name__}")
    kind = d.get("type")

    def num(key: str) -> int:
        v = d.get(key)
        if not is_whole(v, None, None):
            raise ValueError(f"{kind!s} action needs an integer {key!r}")
        return v

    def text(key: str) -> str:
        v = d.get(key)
        if is_whole(v, None, None):
            v = str(v)
        if not isinstance(v, str):
            raise ValueError(f"{kind!s} action needs a tile {key!r}")
        return v

    if kind == "prices":
        prices = d.get("prices")
        if not isinstance(prices, Mapping) or not all(
                is_whole(g, None, None) for g in prices.values()):
            raise ValueError("prices action needs 'prices': {tile: gold}")
        return SetPrices(num("player"), text("discard"), tuple((str(t), g) for t, g in prices.items()))
    if kind == "buy":
        return Buy(num("player"), num("seller"), text("tile"))
    if kind == "pass":
        return Pass(num("player"))
    if kind == "place":
        return Place(num("player"), text("tile"), num("x"), num("y"), num("rotation"))
    raise ValueError(f"unknown action type {kind!r}")


# --------------------------------------------------------------------------
# Engine-made actions and the legal actions as lazy sequences
# --------------------------------------------------------------------------

_new = object.__new__


def _made(cls: type, by: object, fields: dict[str, Any]) -> Any:
    """An action the engine makes itself from fields it knows are good (no checks:
    :meth:`GameState.legal_actions` lists only legal actions), marked with ``by``,
    the token of the listing it belongs to, so that :meth:`GameState.apply` need not
    check it again while that listing is current. Equal, by the dataclass's
    ``==``, ``hash`` and ``repr``, to the same action built by its constructor; an
    action from outside (a bot, a file, a user) is always checked."""
    a = _new(cls)
    d = a.__dict__
    d.update(fields)
    d["_by"] = by
    return a


class LazyActions(SequenceABC):
    """A read-only list of legal actions whose items are made only when read.

    What :meth:`GameState.legal_actions` returns where the actions are many (the
    price splits, the placements): ``len``, indexing (``random.choice`` works),
    slicing, ``in`` (answered from the rule, without listing), iteration and ``==``
    with a list all behave as with the list of the same actions in the same order.
    """

    __slots__ = ("_n", "_by")

    _n: int
    _by: object

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self._at(k) for k in range(*i.indices(self._n))]
        i = operator.index(i)
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("legal action index out of range")
        return self._at(i)

    def _at(self, i: int) -> Any:          # pragma: no cover - every subclass has its own
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, LazyActions)):
            return len(other) == self._n and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self._n} legal actions>"


class PriceSplits(LazyActions):
    """Every legal :class:`SetPrices` of one player, in the order of the plain
    listing: for each drawn tile to discard (in display order), every split of at
    least 1 gold on each other tile (first tile's gold, then the second's, rising)
    within the player's gold.

    Why a lazy sequence and not integer action ids or a factored choice: the
    protocol's face stays what every caller (bots, widgets, CLI, the conformance
    harness, the tests) already uses -- ``len``, ``choice``, ``in``, iteration --
    with the same actions in the same order, so seeded games replay unchanged and
    old saves load; integer ids would change what ``apply`` takes, and a factored
    choice (discard, then prices) would change the decisions, the history and the
    saves. Here a split is made only when it is read: ``len`` is a sum of triangle
    numbers, item ``i`` is found by arithmetic, ``in`` checks the rule.

    >>> s = PriceSplits(0, ["1", "2", "3"], 4, None)
    >>> len(s), s[0], s[-1]
    (18, SetPrices(player=0, discard='1', prices=(('2', 1), ('3', 1))), SetPrices(player=0, discard='3', prices=(('1', 3), ('2', 1))))
    >>> SetPrices(0, "2", (("1", 2), ("3", 2))) in s, SetPrices(0, "2", (("1", 3), ("3", 2))) in s
    (True, False)
    """

    __slots__ = ("player", "gold", "_blocks", "_rest")

    def __init__(self, player: int, tiles: Sequence[str], gold: int, by: object) -> None:
        self.player, self.gold, self._by = player, gold, by
        g = gold
        blocks = []                          # (first index, discard, the other tiles, size)
        n = 0
        for d in tiles:
            rest = tuple(t for t in tiles if t != d)
            size = (g * (g - 1) // 2 if g >= 2 else 0) if len(rest) == 2 else (max(g, 0) if rest else 1)
            blocks.append((n, d, rest, size))
            n += size
        self._n = n
        self._blocks = tuple(blocks)
        self._rest = {d: rest for _, d, rest, _ in blocks}

    def _made(self, d: str, prices: tuple[tuple[str, int], ...]) -> SetPrices:
        return _made(SetPrices, self._by, {"player": self.player, "discard": d, "prices": prices})

    def _at(self, i: int) -> SetPrices:
        for start, d, rest, size in self._blocks:
            if i < start + size:
                j = i - start
                break
        if len(rest) == 2:
            # the splits with first tile's gold ga start at off(ga - 1), off(u) = u (2g - 1 - u) / 2
            g, m = self.gold, 2 * self.gold - 1
            u = (m - isqrt(m * m - 8 * j)) // 2
            while u > 0 and u * (m - u) // 2 > j:
                u -= 1
            while (u + 1) * (m - u - 1) // 2 <= j:
                u += 1
            ga = u + 1
            return self._made(d, ((rest[0], ga), (rest[1], j - u * (m - u) // 2 + 1)))
        if rest:
            return self._made(d, ((rest[0], j + 1),))
        return self._made(d, ())

    def __iter__(self) -> Iterator[SetPrices]:
        g = self.gold
        for _start, d, rest, size in self._blocks:
            if len(rest) == 2:
                a, b = rest
                for ga in range(1, g):
                    for gb in range(1, g - ga + 1):
                        yield self._made(d, ((a, ga), (b, gb)))
            elif rest:
                for ga in range(1, g + 1):
                    yield self._made(d, ((rest[0], ga),))
            else:
                yield self._made(d, ())

    def __contains__(self, a: object) -> bool:
        if type(a) is not SetPrices or a.player != self.player:
            return False
        try:
            rest = self._rest.get(a.discard)
            if rest is None or len(a.prices) != len(rest):
                return False
            total = 0
            for (t, g), want in zip(a.prices, rest):
                if t != want or not isinstance(g, int) or g < 1:
                    return False
                total += g
        except (TypeError, ValueError):
            return False
        return total <= self.gold


class PlaceChoices(LazyActions):
    """Every legal :class:`Place` of one player: each tile to build (in order) at
    each of its legal placements (sorted), the lists of
    :meth:`GameState.placements_for`.

    >>> s = PlaceChoices(0, [("12", [(0, -1, 0), (1, 0, 2)]), ("40", [(-1, 0, 1)])], None)
    >>> len(s), s[2], Place(0, "12", 1, 0, 2) in s, Place(0, "40", 1, 0, 2) in s
    (3, Place(player=0, tile='40', x=-1, y=0, rotation=1), True, False)
    """

    __slots__ = ("player", "_tiles")

    def __init__(self, player: int, tiles: Sequence[tuple[str, list[tuple[int, int, int]]]], by: object) -> None:
        self.player, self._by = player, by
        self._tiles = tuple(tiles)
        self._n = sum(len(pl) for _, pl in self._tiles)

    def _made(self, tile: str, x: int, y: int, r: int) -> Place:
        return _made(Place, self._by, {"player": self.player, "tile": tile, "x": x, "y": y, "rotation": r})

    def _at(self, i: int) -> Place:
        for tile, pl in self._tiles:
            if i < len(pl):
                return self._made(tile, *pl[i])
            i -= len(pl)
        raise IndexError(i)  # pragma: no cover - __getitem__ checked the range

    def __iter__(self) -> Iterator[Place]:
        for tile, pl in self._tiles:
            for (x, y, r) in pl:
                yield self._made(tile, x, y, r)

    def __contains__(self, a: object) -> bool:
        if type(a) is not Place or a.player != self.player:
            return False
        spot = (a.x, a.y, a.rotation)
        for tile, pl in self._tiles:
            if tile == a.tile:
                try:
                    k = bisect_left(pl, spot)
                except TypeError:
                    return False
                return k < len(pl) and pl[k] == spot
        return False


# --------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Event:
    """One line of the game's log: ``message`` is a marked template and its values
    (:class:`~skye_widgets.i18n.Text`), :attr:`text` reads it in the language spoken now,
    so a log written before a ``set_language`` is shown in the new language."""

    round_no: int
    phase: str
    message: Any
    player: int | None = None

    @property
    def text(self) -> str:
        """The line in the language spoken now."""
        return str(self.message)


@dataclass(frozen=True)
class SlotScore:
    """One scoring tile scored at the end of a round: a result per player."""

    round_no: int
    slot: str
    tile: int
    results: tuple[Any, ...]      # scoring.ScoreResult per player


@dataclass
class PlayerResult:
    """One player's line of the final table (rank 1 = winner)."""
    name: str
    vp: int
    gold: int
    tiles: int
    rank: int


# --------------------------------------------------------------------------
# The save format (a game is its config plus its action list)
# --------------------------------------------------------------------------

FORMAT = "skye-widgets/isle-of-skye-game"
VERSION = 2
#: Versions this program reads: 1 has the old scoring tile numbers (renumbered on load).
READS = (1, 2)


class SaveDataError(DataError):
    """A save dict that cannot be used; the message says where (no file name)."""


def state_fingerprint(g: "GameState") -> dict[str, Any]:
    """A short description of a state, stored to check a replay reaches it."""
    return {"steps": len(g.history), "round": g.round_no, "phase": g.phase,
            "vp": list(g.vp), "gold": list(g.gold)}


def _renumbered(cfg: dict[str, Any]) -> dict[str, Any]:
    """A version 1 ``config`` with its scoring tiles numbered as now."""
    sc = cfg.get("scoring")
    if isinstance(sc, dict):
        return {**cfg, "scoring": {k: scoring.from_old_number(v) for k, v in sc.items()}}
    if isinstance(sc, list):
        return {**cfg, "scoring": [scoring.from_old_number(v) for v in sc]}
    return cfg


def parse_save(d: Any) -> tuple[GameConfig, list[Action], Any]:
    """Check a save dict's format, config and actions (not yet replayed):
    ``(config, actions, bots)``; raises :class:`SaveDataError` saying what is wrong.

    ``bots`` is checked to be null or a list of one text per player; which bot
    names exist is :mod:`.saves`' business.
    """
    if not isinstance(d, dict):
        raise SaveDataError(_("expected a JSON object, got {kind}").format(kind=type(d).__name__))
    if d.get("format") != FORMAT:
        raise SaveDataError(_("not an Isle of Skye game save (format {format}, expected {expected})").format(
            format=short(d.get("format")), expected=repr(FORMAT)))
    version = d.get("version")
    if not is_whole(version) or version not in READS:
        raise SaveDataError(_("unsupported save version {version} (this program reads 1 and 2)").format(
            version=short(version)))
    try:
        cfg = d["config"]
        if not isinstance(cfg, dict):
            raise TypeError(_("must be an object"))
        if version == 1:
            cfg = _renumbered(cfg)
        names = cfg.get("names")
        if isinstance(names, list) and any(isinstance(n, str) and len(n) > MAX_NAME_LENGTH for n in names):
            raise ValueError(_("names: a name has at most {most} characters").format(most=MAX_NAME_LENGTH))
        seed = cfg.get("seed")
        if (isinstance(seed, str) and len(seed) > MAX_TEXT_LENGTH) or \
                (is_whole(seed, None, None) and not is_whole(seed, -MAX_SEED, MAX_SEED)):
            raise ValueError(_("seed: a whole number (at most {most} either way) or a text of at most "
                               "{length} characters").format(most=MAX_SEED, length=MAX_TEXT_LENGTH))
        config = GameConfig.from_dict(cfg)
    except KeyError as e:
        raise SaveDataError(_("config: missing {key}").format(key=repr(e.args[0]))) from None
    except (TypeError, ValueError) as e:
        raise SaveDataError(_("config: {fault}").format(fault=e)) from None
    bots = d.get("bots")
    if bots is not None and not (isinstance(bots, list) and all(isinstance(b, str) for b in bots)
                                 and len(bots) == config.players):
        raise SaveDataError(ngettext("bots: expected a list of {count} name or null",
                                     "bots: expected a list of {count} names or null",
                                     config.players).format(count=config.players))
    raw = d.get("actions")
    if not isinstance(raw, list):
        raise SaveDataError(_("actions: missing or not a list"))
    if len(raw) > MAX_SAVE_ACTIONS:
        raise SaveDataError(ngettext("actions: {count} actions; a saved game has at most {most}",
                                     "actions: {count} actions; a saved game has at most {most}",
                                     len(raw)).format(count=len(raw), most=MAX_SAVE_ACTIONS))
    actions: list[Action] = []
    for i, a in enumerate(raw):
        try:
            actions.append(action_from_dict(a))
        except ValueError as e:
            raise SaveDataError(_("action {number} of {count}: {fault}").format(number=i + 1, count=len(raw), fault=e)) from None
    return config, actions, bots


# --------------------------------------------------------------------------
# The state
# --------------------------------------------------------------------------

class GameState(Pictured):
    """A game in progress. Mutable; :meth:`clone` for look-ahead.

    Players are indexed 0..n-1 in clockwise seat order.
    """

    def __init__(self, config: GameConfig | None = None) -> None:
        if config is not None and not isinstance(config, GameConfig):
            raise BadConfigError(_("A game is set up from a GameConfig, not {value}.").format(value=short(config)))
        self.config = (config or GameConfig()).resolved()
        n = self.config.players
        self.n_players = n
        self.n_rounds = rounds_for(n)
        self.names = self.config.player_names
        self.scoring: dict[str, int] = dict(zip(SLOTS, self.config.scoring or ()))
        self.rng = random.Random(f"bag-{self.config.seed}")
        self.bag: list[str] = [str(i) for i in range(1, N_TILES + 1)]
        self.territories = [Territory(f"castle-{CASTLE_COLOURS[i]}") for i in range(n)]
        self.gold = [0] * n
        self.vp = [0] * n
        self.round_no = 1
        self.start_player = self.config.start_player
        self.phase = "prices"
        self.displays: list[list[str]] = [[] for _ in range(n)]     # drawn tiles, then tiles for sale
        self.prices: list[dict[str, int]] = [{} for _ in range(n)]   # gold on each tile for sale
        self.decisions: list[SetPrices | None] = [None] * n
        self.buy_queue: list[int] = []
        self.bought: list[tuple[int, int, str, int]] = []            # (buyer, seller, tile, price) this round
        self.to_build: list[list[str]] = [[] for _ in range(n)]
        self.build_queue: list[int] = []
        self.returned: list[tuple[int, str]] = []                    # unplaceable tiles this round
        self.income_paid = 0
        self.gold_to_supply = 0
        self.income_history: list[tuple[Any, ...]] = []             # per round: ScoreResult per player
        self.slot_scores: list[SlotScore] = []
        self.final: tuple[Any, ...] = ()                              # ScoreResult per player
        self.history: list[Action] = []
        self.log: list[Event] = []
        self._legal_cache: tuple[int, list[Action]] | None = None
        self._placements_cache: dict[tuple[int, str, int], list[tuple[int, int, int]]] = {}
        self._say(None, Text(LOG["start"], count=n, names=", ".join(self.names), rounds=self.n_rounds,
                             tiles=_Joined([Text(LOG["slot"], slot=s, tile=scoring.tile_label_text(t))
                                            for s, t in self.scoring.items()], ", ")))
        self._start_round()

    @classmethod
    def new(cls, players: int | Sequence[str] = 4, *, seed: int | str = 0, names: Sequence[str] | None = None,
            scoring: Sequence[int] | None = None, start_player: int = 0) -> "GameState":
        """A new game (the protocol's way to make one): ``players`` is a count
        (2-5) or a list of names; ``scoring`` the scoring tiles for slots A-D
        (drawn with the seed when None).

        >>> g = GameState.new(["Ann", "Bob"], seed=1)
        >>> g.names, g.n_rounds, g.current_player()
        (('Ann', 'Bob'), 6, 0)
        """
        if isinstance(players, (list, tuple)):
            if names is not None:
                raise BadConfigError(_("Give the players as a count with names=..., or as a list of names, not both."))
            names, players = players, len(players)
        return cls(GameConfig(players=players, seed=seed,  # type: ignore[arg-type]
                              names=tuple(names) if isinstance(names, (list, tuple)) else (names or ()),
                              scoring=tuple(scoring) if isinstance(scoring, (list, tuple)) else scoring,
                              start_player=start_player))

    # -- small helpers ----------------------------------------------------

    @staticmethod
    def _tile_name(number: int) -> str:
        return scoring.tile_label(number)

    def _say(self, player: int | None, text: Any) -> None:
        self.log.append(Event(self.round_no, self.phase, text, player))

    def _name(self, p: int) -> str:
        return self.names[p]

    def _seat_order(self) -> list[int]:
        return [(self.start_player + i) % self.n_players for i in range(self.n_players)]

    # -- round flow (automatic steps) -------------------------------------

    def _start_round(self) -> None:
        self.phase = "prices"
        self._say(None, Text(LOG["round"], round=self.round_no, rounds=self.n_rounds,
                             name=self._name(self.start_player)))
        # 1. income
        results = []
        for p in range(self.n_players):
            ahead = sum(1 for q in range(self.n_players) if self.vp[q] > self.vp[p])
            r = scoring.income(self.territories[p], round_no=self.round_no, players_ahead=ahead,
                               n_players=self.n_players)
            results.append(r)
            self.gold[p] += r.points
            self.income_paid += r.points
            why = _why(r)
            self._say(p, Text(LOG["income"], name=self._name(p), gold=r.points, why=why))
        self.income_history.append(tuple(results))
        # 2. draw
        self.bought = []
        self.returned = []
        for p in self._seat_order():
            k = min(3, len(self.bag))
            self.displays[p] = [self._draw() for _ in range(k)]
            self.prices[p] = {}
            self.decisions[p] = None
            self._say(p, Text(LOG["draws"], name=self._name(p), tiles=", ".join(self.displays[p])) if self.displays[p]
                      else Text(LOG["draws_none"], name=self._name(p)))
        for p in range(self.n_players):
            if not self.displays[p]:            # only if the bag ran dry
                self.decisions[p] = SetPrices(p, "", ())
        if all(d is not None for d in self.decisions):
            self._reveal()

    def _draw(self) -> str:
        i = self.rng.randrange(len(self.bag))
        self.bag[i], self.bag[-1] = self.bag[-1], self.bag[i]
        return self.bag.pop()

    def _reveal(self) -> None:
        """Phase 2 ends, 3 (discard) runs, 4 (buy) begins."""
        for p in self._seat_order():
            d = self.decisions[p]
            assert d is not None
            if d.discard:
                self.displays[p].remove(d.discard)
                self.bag.append(d.discard)
            self.prices[p] = dict(d.prices)
            shown = _Joined([Text(LOG["offer"], tile=t, gold=g) for t, g in d.prices], ", ")
            if d.prices:
                self._say(p, Text(LOG["discards"], name=self._name(p), tile=d.discard or "-", offers=shown))
            else:
                self._say(p, Text(LOG["discards_nothing"], name=self._name(p), tile=d.discard or "-"))
        self.phase = "buy"
        self.buy_queue = self._seat_order()
        self._skip_idle_buyers()

    def _skip_idle_buyers(self) -> None:
        if not self.buy_queue:
            self._end_buying()

    def _end_buying(self) -> None:
        for p in self._seat_order():
            lost = sum(self.prices[p].values())
            kept = list(self.displays[p])
            if kept:
                self._say(p, Text(LOG["unsold"], name=self._name(p), tiles=", ".join(kept), gold=lost,
                                  count=len(kept)))
            self.gold_to_supply += lost
            self.to_build[p].extend(kept)
            self.displays[p] = []
            self.prices[p] = {}
        self.phase = "build"
        self._placements_cache = {}
        self.build_queue = [p for p in self._seat_order() if self.to_build[p]]
        self._settle_build()

    def _settle_build(self) -> None:
        """Return unplaceable tiles to the bag; move on when nobody has tiles left."""
        while self.build_queue:
            p = self.build_queue[0]
            if self.to_build[p] and not any(self._fits(p, t) for t in self.to_build[p]):
                for t in self.to_build[p]:
                    self.bag.append(t)
                    self.returned.append((p, t))
                    self._say(p, Text(LOG["fits_nowhere"], tile=t, name=self._name(p)))
                self.to_build[p] = []
            if self.to_build[p]:
                return
            self.build_queue.pop(0)
        self._score_round()

    def _fits(self, p: int, tile: str) -> bool:
        """Whether ``tile`` has a legal placement in ``p``'s territory: from the
        listing when it is known, else stopping at the first spot found."""
        terr = self.territories[p]
        known = self._placements_cache.get((p, tile, len(terr)))
        if known is not None:
            return bool(known)
        return terr.can_place(tile)

    def _score_round(self) -> None:
        self.phase = "scoring"
        for slot in round_slots(self.n_players, self.round_no):
            number = self.scoring[slot]
            results = tuple(scoring.score_tile(number, self.territories, list(self.gold)))
            self.slot_scores.append(SlotScore(self.round_no, slot, number, results))
            for p, r in enumerate(results):
                self.vp[p] += r.points
                if r.points:
                    why = _why(r)
                    self._say(p, Text(LOG["scoring"], slot=slot, tile=scoring.tile_label_text(number),
                                      name=self._name(p), points=r.points, why=why))
        self._say(None, Text(LOG["after_round"], round=self.round_no, scores=_Joined(
            [Text(LOG["player_vp"], name=self._name(p), vp=self.vp[p]) for p in range(self.n_players)], ", ")))
        if self.round_no == self.n_rounds:
            self._final_scoring()
            return
        self.start_player = (self.start_player + 1) % self.n_players
        self.round_no += 1
        self._start_round()

    def _final_scoring(self) -> None:
        self.phase = "over"
        finals = []
        for p in range(self.n_players):
            r = scoring.final_scoring(self.territories[p], self.gold[p])
            finals.append(r)
            self.vp[p] += r.points
            why = _why(r) if r.breakdown else Text(LOG["nothing"])
            self._say(p, Text(LOG["final"], name=self._name(p), points=r.points, why=why))
        self.final = tuple(finals)
        w = self.winners()
        self._say(None, Text(LOG["winner" if len(w) == 1 else "shared_win"], names=", ".join(self._name(p) for p in w),
                             vp=self.vp[w[0]], gold=self.gold[w[0]]))

    # -- OpenSpiel-style API ----------------------------------------------

    def is_over(self) -> bool:
        """True after the final scoring."""
        return self.phase == "over"

    def decision_players(self) -> list[int]:
        """Every player who may act now: all undecided players while pricing
        (their decisions are simultaneous and secret), else one player."""
        if self.phase == "prices":
            return [p for p in self._seat_order() if self.decisions[p] is None]
        if self.phase == "buy":
            return self.buy_queue[:1]
        if self.phase == "build":
            return self.build_queue[:1]
        return []

    def current_player(self) -> int:
        """Whose decision it is (-1 when the game is over). While pricing, the
        first undecided player in seat order; any undecided player may act."""
        ps = self.decision_players()
        return ps[0] if ps else -1

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Every legal action of ``player`` (default: the current player), in a fixed order.

        A read-only sequence: a list when the actions are few (buying), else a
        :class:`LazyActions` (:class:`PriceSplits`, :class:`PlaceChoices`) that
        makes each action only when it is read, answers ``in`` from the rule and
        has the list's ``len``, indexing, iteration and ``==``. The actions it makes
        are not checked again by :meth:`apply` while the state has not changed.
        """
        if player is None:
            player = self.current_player()
        if player not in self.decision_players():
            return []
        key = len(self.history) * 8 + player
        cache = self._legal_cache
        if cache is not None and cache[0] == key:
            return list(cache[1]) if type(cache[1]) is list else cache[1]
        by = object()                            # the token of this listing (see apply)
        out: Sequence[Action]
        if self.phase == "prices":
            out = PriceSplits(player, self.displays[player], self.gold[player], by)
        elif self.phase == "buy":
            gold = self.gold[player]
            out = [_made(Pass, by, {"player": player})]
            for s in range(self.n_players):
                if s != player:
                    prices = self.prices[s]
                    out.extend(_made(Buy, by, {"player": player, "seller": s, "tile": t})
                               for t in self.displays[s] if prices[t] <= gold)
        else:
            out = PlaceChoices(player, [(t, self.placements_for(player, t)) for t in self.to_build[player]], by)
        self._legal_cache = (key, out, by)
        return list(out) if type(out) is list else out

    def placements_for(self, player: int, tile: str) -> list[tuple[int, int, int]]:
        """Territory.legal_placements of ``tile`` in ``player``'s territory (cached
        until the territory changes; do not modify the returned list)."""
        terr = self.territories[player]
        key = (player, tile, len(terr))
        hit = self._placements_cache.get(key)
        if hit is None:
            hit = self._placements_cache[key] = terr.legal_placements(tile)
        return hit

    def random_action(self, rng: random.Random, player: int | None = None) -> Action:
        """A uniformly random legal action, without listing every price split."""
        if player is None:
            player = self.current_player()
        if self.phase == "prices" and player in self.decision_players():
            tiles = self.displays[player]
            g = self.gold[player]
            d = rng.choice(tiles)
            rest = [t for t in tiles if t != d]
            if len(rest) == 2:
                # uniform over ga, gb >= 1, ga + gb <= g: pick s = ga + gb weighted by (s - 1)
                total = (g - 1) * g // 2
                k = rng.randrange(total)
                s = 2
                while k >= s - 1:
                    k -= s - 1
                    s += 1
                ga = k + 1
                return SetPrices(player, d, ((rest[0], ga), (rest[1], s - ga)))
            if len(rest) == 1:
                return SetPrices(player, d, ((rest[0], rng.randint(1, g)),))
            return SetPrices(player, d, ())
        if self.phase == "build" and player in self.decision_players():
            # uniform over every (tile, placement) pair, without building them all
            per_tile = [(t, self.placements_for(player, t)) for t in self.to_build[player]]
            k = rng.randrange(sum(len(pl) for _, pl in per_tile))
            for t, pl in per_tile:
                if k < len(pl):
                    return Place(player, t, *pl[k])
                k -= len(pl)
        acts = self.legal_actions(player)
        if not acts:
            raise GameOverError(_("The game is over.")) if self.is_over() else NotYourTurnError(
                _("{name} has no decision to make now.").format(name=self._name(player)))
        return rng.choice(acts)

    def apply(self, action: Action) -> None:
        """Play ``action``; illegal actions raise a :class:`RulesError` and change nothing.

        Every action is checked (:meth:`_check`) except one of the current
        :meth:`legal_actions` listing of this very state (the engine made it legal).
        """
        cache = self._legal_cache
        if cache is None or getattr(action, "_by", None) is not cache[2]:
            self._check(action)
        self._legal_cache = None
        self.history.append(action)
        if isinstance(action, SetPrices):
            p = action.player
            self.decisions[p] = action
            spent = sum(g for _, g in action.prices)
            self.gold[p] -= spent
            self._say(p, Text(LOG["decided"], name=self._name(p)))
            if all(d is not None for d in self.decisions):
                self._reveal()
        elif isinstance(action, Pass):
            self.buy_queue.pop(0)
            self._say(action.player, Text(LOG["passes"], name=self._name(action.player)))
            self._skip_idle_buyers()
        elif isinstance(action, Buy):
            p, s, t = action.player, action.seller, action.tile
            price = self.prices[s].pop(t)
            self.displays[s].remove(t)
            self.gold[p] -= price
            self.gold[s] += 2 * price
            self.to_build[p].append(t)
            self.bought.append((p, s, t, price))
            self.buy_queue.pop(0)
            self._say(p, Text(LOG["buys"], name=self._name(p), tile=t, seller=self._name(s), price=price))
            self._skip_idle_buyers()
        elif isinstance(action, Place):
            p = action.player
            self.territories[p].place(action.tile, action.x, action.y, action.rotation)
            self.to_build[p].remove(action.tile)
            self._say(p, Text(LOG["places"], name=self._name(p), tile=action.tile, x=action.x, y=action.y,
                              rotation=action.rotation))
            self._settle_build()

    def _check(self, a: Action) -> None:
        """Raise the specific error if ``a`` is illegal now; never changes anything."""
        if self.is_over():
            raise GameOverError(_("The game is over."))
        if not isinstance(a, (SetPrices, Buy, Pass, Place)):
            raise NotAnActionError(_("This is not an Isle of Skye action: {value}.").format(value=reprlib.repr(a)))
        p = a.player
        if not is_whole(p, 0, self.n_players - 1):
            raise UnknownPlayerError(ngettext("There is no player {player} in a game of {count} player.",
                         "There is no player {player} in a game of {count} players.", self.n_players).format(
                player=reprlib.repr(p), count=self.n_players))
        who = self._name(p)
        wanted = {"prices": SetPrices, "buy": (Buy, Pass), "build": Place}[self.phase]
        if not isinstance(a, wanted):
            raise WrongPhaseError(str(_WRONG_PHASE[type(a)]).format(name=who, phase=_phase_name(self.phase)))
        if p not in self.decision_players():
            if self.phase == "prices":
                raise NotYourTurnError(_("{name} has already set prices this round.").format(name=who))
            raise NotYourTurnError(str(_NOT_YOUR_TURN[type(a)]).format(name=who, current=self._name(self.current_player())))
        if isinstance(a, SetPrices):
            tiles = self.displays[p]
            if not (isinstance(a.prices, tuple) and all(
                    isinstance(e, tuple) and len(e) == 2 and isinstance(e[0], str) for e in a.prices)):
                raise BadPricesError(_("{name}'s prices must be (tile, gold) pairs, not {value}.").format(
                    name=who, value=reprlib.repr(a.prices)))
            if a.discard not in tiles:
                raise BadPricesError(_("{name} cannot discard tile {tile}: the tiles drawn are {tiles}.").format(
                    name=who, tile=a.discard, tiles=word_list(tiles)))
            priced = [t for t, _ in a.prices]
            rest = [t for t in tiles if t != a.discard]
            if sorted(priced) != sorted(rest):
                if priced:
                    raise BadPricesError(_("{name} must put a price on exactly the tiles {tiles}, not on {priced}.").format(
                        name=who, tiles=word_list(rest), priced=word_list(priced)))
                raise BadPricesError(_("{name} must put a price on exactly the tiles {tiles}, and priced none.").format(
                    name=who, tiles=word_list(rest)))
            for t, g in a.prices:
                if not is_whole(g, 1, MAX_NUMBER):
                    raise BadPricesError(_("{name} must put at least 1 gold on tile {tile}, not {value}.").format(
                        name=who, tile=t, value=reprlib.repr(g)))
            total = sum(g for _, g in a.prices)
            if total > self.gold[p]:
                raise NotEnoughGoldError(ngettext(
                    "{name} cannot put {total} gold on tiles: they have only {count} gold.",
                    "{name} cannot put {total} gold on tiles: they have only {count} gold.",
                    self.gold[p]).format(name=who, total=total, count=self.gold[p]))
        elif isinstance(a, Buy):
            s = a.seller
            if not is_whole(s, 0, self.n_players - 1):
                raise UnknownPlayerError(ngettext("There is no seller {player} in a game of {count} player.",
                             "There is no seller {player} in a game of {count} players.", self.n_players).format(
                    player=reprlib.repr(s), count=self.n_players))
            if s == p:
                raise NotForSaleError(_("{name} cannot buy tile {tile}: it is their own tile.").format(name=who, tile=a.tile))
            if a.tile not in self.displays[s]:
                if self.displays[s]:
                    raise NotForSaleError(_("{name} cannot buy tile {tile}: {seller} is not selling it "
                                            "(for sale: {tiles}).").format(
                        name=who, tile=a.tile, seller=self._name(s), tiles=word_list(self.displays[s])))
                raise NotForSaleError(_("{name} cannot buy tile {tile}: {seller} has nothing for sale.").format(
                    name=who, tile=a.tile, seller=self._name(s)))
            price = self.prices[s][a.tile]
            if price > self.gold[p]:
                raise NotEnoughGoldError(ngettext(
                    "{name} cannot buy tile {tile}: it costs {price} gold and they have only {count}.",
                    "{name} cannot buy tile {tile}: it costs {price} gold and they have only {count}.",
                    self.gold[p]).format(name=who, tile=a.tile, price=price, count=self.gold[p]))
        elif isinstance(a, Place):
            if a.tile not in self.to_build[p]:
                if self.to_build[p]:
                    raise NotYourTileError(_("{name} cannot place tile {tile}: their tiles to place are {tiles}.").format(
                        name=who, tile=a.tile, tiles=word_list(self.to_build[p])))
                raise NotYourTileError(_("{name} cannot place tile {tile}: they have no tile to place.").format(
                    name=who, tile=a.tile))
            self.territories[p].check(a.tile, a.x, a.y, a.rotation)

    # -- results ----------------------------------------------------------

    def winners(self) -> list[int]:
        """Most VP; ties broken by most gold; players still tied share the win."""
        best = max((self.vp[p], self.gold[p]) for p in range(self.n_players))
        return [p for p in range(self.n_players) if (self.vp[p], self.gold[p]) == best]

    def returns(self) -> list[float]:
        """1 for a sole winner, 1/k each for k tied winners, 0 otherwise (zero before the end)."""
        if not self.is_over():
            return [0.0] * self.n_players
        w = self.winners()
        return [1.0 / len(w) if p in w else 0.0 for p in range(self.n_players)]

    def scores(self) -> list[ScoreResult]:
        """Each player's VP so far, with the breakdown of where they come from:
        every scoring tile scored at the end of a round (``round 2, B: ...``),
        then the final scoring (scrolls, gold). ``points`` equals :attr:`vp`."""
        out = []
        for p in range(self.n_players):
            items = [BreakdownItem(i.points, Text(_BREAKDOWN_LINE, label=label, reason=i.text), i.cells)
                     for label, r in self._score_labels(p) for i in r.breakdown]
            out.append(ScoreResult(self.vp[p], tuple(items)))
        return out

    def results(self) -> list[PlayerResult]:
        """Per player: name, VP, gold, tiles (castle included) and rank (1 = winner)."""
        keys = [(self.vp[p], self.gold[p]) for p in range(self.n_players)]
        return [PlayerResult(self.names[p], self.vp[p], self.gold[p], len(self.territories[p]),
                             1 + sum(1 for k in keys if k > keys[p])) for p in range(self.n_players)]

    def summary(self, bots: Sequence[str] | None = None) -> dict[str, Any]:
        """The JSON summary printed by ``skye-widgets play --json``."""
        return {
            "seed": self.config.seed,
            "rounds": self.round_no if self.is_over() else self.round_no - 1,
            "scoring_tiles": dict(self.scoring),
            "players": [{"name": self.names[p], "bot": (bots[p] if bots else None), "vp": self.vp[p],
                         "gold": self.gold[p], "tiles": len(self.territories[p])}
                        for p in range(self.n_players)],
            "winners": [self.names[p] for p in self.winners()] if self.is_over() else [],
        }

    def score_breakdown(self, player: int) -> list[tuple[str, Any]]:
        """Everything that earned ``player`` VP so far: (label, ScoreResult) pairs."""
        return [(str(label), r) for label, r in self._score_labels(player)]

    def _score_labels(self, player: int) -> list[tuple[Text, Any]]:
        out: list[tuple[Text, Any]] = [
            (Text(_SLOT_LABEL, round=s.round_no, slot=s.slot, tile=scoring.tile_label_text(s.tile)),
             s.results[player])
            for s in self.slot_scores]
        if self.final:
            out.append((Text(_FINAL_LABEL), self.final[player]))
        return out

    # -- hidden information -----------------------------------------------

    def view(self, player: int, *, open_hand: bool = False) -> dict[str, Any]:
        """What ``player`` may see (plain data).

        Every player keeps their gold behind their screen (all three rulebooks),
        so another player's ``"gold"`` is None. ``open_hand=True`` is the
        teacher's view for discussing a game: everyone's gold is shown as the
        table knows it (:meth:`known_gold`). Other players' secret price
        decisions stay hidden until all are made, in both views, and so does
        the gold they put on tiles (open hand shows their gold as before pricing).
        """
        pricing = self.phase == "prices"
        known = self.known_gold(player)
        players = []
        for q in range(self.n_players):
            d = self.decisions[q]
            entry: dict[str, Any] = {
                "name": self.names[q], "vp": self.vp[q],
                "gold": known[q] if (q == player or open_hand) else None,
                "territory": [(pl.tile, x, y, pl.rotation) for (x, y), pl in self.territories[q].placements.items()],
                "display": list(self.displays[q]),
                "to_build": list(self.to_build[q]),
            }
            if pricing:
                entry["decided"] = d is not None
                if q == player and d is not None:
                    entry["discard"] = d.discard
                    entry["prices"] = dict(d.prices)
            else:
                entry["prices"] = dict(self.prices[q])
            players.append(entry)
        return {"round": self.round_no, "rounds": self.n_rounds, "phase": self.phase,
                "start_player": self.start_player, "to_act": self.decision_players(),
                "scoring_tiles": dict(self.scoring), "bag": len(self.bag), "players": players,
                "me": player, "open_hand": bool(open_hand)}

    def known_gold(self, viewer: int) -> list[int]:
        """Every player's gold as ``viewer`` can know it from public events.

        Worked out from the public record only, never from :attr:`gold`: the
        announced income of every round (castle, whisky connected by road and
        catch-up gold, all visible on the table), minus the gold each player put
        on their tiles once the price decisions are revealed, minus the price of
        each purchase for the buyer and plus twice that price for the seller.
        (Gold on unsold tiles is lost: it was already taken off when it was put
        on the tiles.) ``viewer`` also knows their own secret decision.

        It equals :attr:`gold` for everyone except, while prices are being set,
        the other players who have already decided in secret: for them it is
        their gold before this round's decision (a test checks both on seeded
        games). A player with a perfect memory knows exactly this much.
        ``viewer=-1`` gives an onlooker's knowledge (nobody's secret decision).

        >>> g = GameState(GameConfig(players=3, seed=4))
        >>> d = g.displays[0]
        >>> g.apply(SetPrices(0, d[0], ((d[1], 2), (d[2], 1))))
        >>> g.known_gold(1), g.known_gold(0), g.gold
        ([5, 5, 5], [2, 5, 5], [2, 5, 5])
        """
        gold = [0] * self.n_players
        for results in self.income_history:
            for p, r in enumerate(results):
                gold[p] += r.points
        secret_from = len(self.history)
        if self.phase == "prices":            # this round's decisions are the history's last SetPrices run
            while secret_from > 0 and isinstance(self.history[secret_from - 1], SetPrices):
                secret_from -= 1
        price_of: dict[str, int] = {}
        for i, a in enumerate(self.history):
            if isinstance(a, SetPrices):
                if i >= secret_from and a.player != viewer:
                    continue
                for t, g in a.prices:
                    gold[a.player] -= g
                    price_of[t] = g
            elif isinstance(a, Buy):
                price = price_of[a.tile]
                gold[a.player] -= price
                gold[a.seller] += 2 * price
        return gold

    def observation(self, player: int) -> "Observation":
        """What ``player`` may know, as an object with the game's read-only API
        (bots decide from this; see :class:`Observation`)."""
        return Observation(self, player)

    # -- copying, accounting ----------------------------------------------

    def clone(self) -> "GameState":
        """An independent copy (for bots' look-ahead); shares nothing mutable."""
        g = GameState.__new__(GameState)
        g.__dict__.update(self.__dict__)
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.bag = list(self.bag)
        g.territories = [t.copy() for t in self.territories]
        g.gold = list(self.gold)
        g.vp = list(self.vp)
        g.displays = [list(d) for d in self.displays]
        g.prices = [dict(d) for d in self.prices]
        g.decisions = list(self.decisions)
        g.buy_queue = list(self.buy_queue)
        g.bought = list(self.bought)
        g.to_build = [list(t) for t in self.to_build]
        g.build_queue = list(self.build_queue)
        g.returned = list(self.returned)
        g.income_history = list(self.income_history)
        g.slot_scores = list(self.slot_scores)
        g.history = list(self.history)
        g.log = list(self.log)
        g._legal_cache = None
        g._placements_cache = dict(self._placements_cache)
        return g

    def tile_locations(self) -> dict[str, str]:
        """Where every landscape tile is: 'bag', 'display:p', 'build:p' or 'territory:p'."""
        where = {t: "bag" for t in self.bag}
        for p in range(self.n_players):
            for t in self.displays[p]:
                where[t] = f"display:{p}"
            for t in self.to_build[p]:
                where[t] = f"build:{p}"
            for pl in self.territories[p].placements.values():
                if not pl.tile.startswith("castle-"):
                    where[pl.tile] = f"territory:{p}"
        return where

    def gold_on_tiles(self) -> int:
        """Gold lying on tiles (committed prices, including undisclosed ones)."""
        if self.phase == "prices":
            return sum(sum(g for _, g in d.prices) for d in self.decisions if d is not None)
        return sum(sum(d.values()) for d in self.prices)

    # -- saving -------------------------------------------------------------

    def to_dict(self, bots: Sequence[str] | None = None) -> dict[str, Any]:
        """The save format (version 2, JSON-able): the config, the actions and
        a fingerprint of the state that loading checks (``bots``: the bot
        name of each seat, or None)."""
        return {"format": FORMAT, "version": VERSION, "config": self.config.to_dict(),
                "bots": list(bots) if bots else None,
                "actions": [a.to_dict() for a in self.history],
                "state": state_fingerprint(self)}

    @classmethod
    def from_dict(cls, d: Any) -> "GameState":
        """The game a save dict describes, replayed through the rules; raises
        :class:`SaveDataError` (a ``ValueError``) saying what is wrong."""
        config, actions, _bots = parse_save(d)
        g = cls(config)
        for i, a in enumerate(actions):
            try:
                g.apply(a)
            except RulesError as e:
                raise SaveDataError(_("action {number} of {count}: {fault}").format(
                    number=i + 1, count=len(actions), fault=e)) from None
        want = d.get("state")
        if want is not None:
            got = state_fingerprint(g)
            if not isinstance(want, dict):
                raise SaveDataError(_("state: must be an object"))
            diffs = [f"{k} {got[k]!r} (saved {short(want[k])})" for k in got if k in want and want[k] != got[k]]
            if diffs:
                # Translators: {differences} lists "round 3 (saved 4)": the state's keys, as in the file
                raise SaveDataError(_("replay does not reach the saved state: {differences}").format(
                    differences=", ".join(diffs)))
        return g

    def save(self, path: str | os.PathLike[str], bots: Sequence[str] | None = None) -> None:
        """Write :meth:`to_dict` to ``path`` atomically (a path that cannot be
        written raises one :class:`~skye_widgets.errors.FileFormatError`)."""
        write_json(path, self.to_dict(bots))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "GameState":
        """Read and replay a save file; every fault is one :class:`~skye_widgets.errors.FileFormatError`."""
        d = read_json(path)
        try:
            return cls.from_dict(d)
        except SaveDataError as e:
            raise FileFormatError(path, str(e)) from None

    # -- replay / undo ----------------------------------------------------

    @classmethod
    def replay(cls, config: GameConfig, actions: Iterable[Action]) -> "GameState":
        """The state after playing ``actions`` from the start of ``config``'s game."""
        g = cls(config)
        for a in actions:
            g.apply(a)
        return g

    def undo(self) -> Action:
        """Take back the last action (by replaying the others); returns it."""
        if not self.history:
            raise NoActionToUndoError(_("There is nothing to undo: no action has been played."))
        last = self.history[-1]
        prev = GameState.replay(self.config, self.history[:-1])
        self.__dict__.update(prev.__dict__)
        return last

    def __repr__(self) -> str:
        return (f"<GameState round {self.round_no}/{self.n_rounds} {self.phase}, "
                f"VP {self.vp}, gold {self.gold}, to act {self.decision_players()}>")


class Observation:
    """The game as one player may know it: what bots decide from.

    It has the read-only part of :class:`GameState`'s API (``phase``,
    ``round_no``, ``territories``, ``displays``, ``prices``, ``gold``,
    ``legal_actions``, ``placements_for``, ...) and nothing hidden from
    ``player``: other players' gold is :meth:`GameState.known_gold` (what the
    public events tell), other players' undisclosed price decisions are not
    there (only whether they decided), and neither are the bag's order, its
    random generator nor the action history. The territories are the game's
    own objects: read them, never change them.

    >>> g = GameState(GameConfig(players=2, seed=1))
    >>> o = g.observation(1)
    >>> o.gold, o.phase, hasattr(o, "bag"), hasattr(o, "decisions")
    ([5, 5], 'prices', False, False)
    """

    __slots__ = ("_game", "player", "_gold", "decided", "my_decision")

    def __init__(self, game: GameState, player: int) -> None:
        if not is_whole(player, 0, game.n_players - 1):
            raise UnknownPlayerError(ngettext("There is no player {player} in a game of {count} player.",
                         "There is no player {player} in a game of {count} players.", game.n_players).format(
                player=reprlib.repr(player), count=game.n_players))
        self._game = game
        self.player = player
        self._gold: list[int] | None = None
        pricing = game.phase == "prices"
        self.decided = [d is not None for d in game.decisions] if pricing else [True] * game.n_players
        self.my_decision = game.decisions[player] if pricing else None

    @property
    def gold(self) -> list[int]:
        """Every player's gold as this player knows it (:meth:`GameState.known_gold`),
        worked out when first asked: most bots never look at the others' gold."""
        if self._gold is None:
            self._gold = self._game.known_gold(self.player)
        return list(self._gold)

    # public facts, read through from the game (copies of the mutable ones)
    phase = property(lambda self: self._game.phase)
    round_no = property(lambda self: self._game.round_no)
    n_rounds = property(lambda self: self._game.n_rounds)
    n_players = property(lambda self: self._game.n_players)
    names = property(lambda self: self._game.names)
    start_player = property(lambda self: self._game.start_player)
    config = property(lambda self: self._game.config)
    scoring = property(lambda self: dict(self._game.scoring))
    vp = property(lambda self: list(self._game.vp))
    territories = property(lambda self: tuple(self._game.territories))
    displays = property(lambda self: [list(d) for d in self._game.displays])
    prices = property(lambda self: [dict(d) for d in self._game.prices])
    to_build = property(lambda self: [list(t) for t in self._game.to_build])
    build_queue = property(lambda self: list(self._game.build_queue))
    buy_queue = property(lambda self: list(self._game.buy_queue))
    bag_size = property(lambda self: len(self._game.bag))
    log = property(lambda self: list(self._game.log))

    def is_over(self) -> bool:
        """True after the final scoring."""
        return self._game.is_over()

    def decision_players(self) -> list[int]:
        """Every player who may act now (public: who has decided is announced)."""
        return self._game.decision_players()

    def current_player(self) -> int:
        """Whose decision it is (-1 when the game is over)."""
        return self._game.current_player()

    def _mine(self, player: int | None) -> int:
        if player is None or player == self.player:
            return self.player
        raise NotYourTurnError(_("The observation of {name} cannot act for another player.").format(
            name=self._game.names[self.player]))

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """This player's legal actions (they depend only on public facts and their own gold)."""
        return self._game.legal_actions(self._mine(player))

    def random_action(self, rng: random.Random, player: int | None = None) -> Action:
        """A uniformly random legal action of this player."""
        return self._game.random_action(rng, self._mine(player))

    def placements_for(self, player: int, tile: str) -> list[tuple[int, int, int]]:
        """Legal placements of ``tile`` in ``player``'s territory (territories are public)."""
        return self._game.placements_for(player, tile)

    def view(self, player: int | None = None) -> dict[str, Any]:
        """This player's :meth:`GameState.view` (never the open hand)."""
        return self._game.view(self._mine(player))

    def observation(self, player: int) -> "Observation":
        """Itself (for this player): bots may be handed either a game or an observation."""
        self._mine(player)
        return self

    def __repr__(self) -> str:
        return f"<Observation of player {self.player}: {self._game.phase}, round {self._game.round_no}, gold {self.gold}>"


class _Joined:
    """Texts shown one after another (each read in the language spoken when shown)."""

    __slots__ = ("parts", "sep")

    def __init__(self, parts: Sequence[Any], sep: Any):
        self.parts, self.sep = tuple(parts), sep

    def __str__(self) -> str:
        if isinstance(self.sep, str):
            return self.sep.join(str(p) for p in self.parts)
        text = str(self.parts[0]) if self.parts else ""
        for part in self.parts[1:]:
            text = self.sep.format(before=text, after=part)
        return text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Joined) and (self.parts, self.sep) == (other.parts, other.sep)

    def __hash__(self) -> int:
        return hash(self.parts)


def _why(result: Any) -> _Joined:
    """A score breakdown in one line: 'castle +5; whisky on tile 31 ... +1' (read when shown)."""
    return _Joined([Text(LOG["why"], reason=b.text, points=b.points) for b in result.breakdown], LOG["then"])


def phase_name(phase: str) -> str:
    """A phase's name as the rulebook prints it, in the current language (shown in quotes in the errors
    below; never the identifier ``build``).

    >>> phase_name("build")
    'Build'
    """
    # Translators: the phases' names as the rulebook prints them (the glossary's "phase 2" to "phase 6").
    return {"prices": pgettext("phase", "Draw tiles and set prices"), "buy": pgettext("phase", "Buy a tile"),
            "build": pgettext("phase", "Build"), "scoring": pgettext("phase", "End of round and scoring")}[phase]


_phase_name = phase_name
# Translators: an action tried in another phase; {phase} is a phase's name (above), {name} the player's.
_WRONG_PHASE = {SetPrices: lazy("{name} cannot set prices now: the phase is “{phase}”."),
                Buy: lazy("{name} cannot buy a tile now: the phase is “{phase}”."),
                Pass: lazy("{name} cannot pass now: the phase is “{phase}”."),
                Place: lazy("{name} cannot place a tile now: the phase is “{phase}”.")}
# Translators: an action tried out of turn; {current} is the player whose turn it is.
_NOT_YOUR_TURN = {SetPrices: lazy("{name} cannot set prices now: it is {current}'s turn."),
                  Buy: lazy("{name} cannot buy a tile now: it is {current}'s turn."),
                  Pass: lazy("{name} cannot pass now: it is {current}'s turn."),
                  Place: lazy("{name} cannot place a tile now: it is {current}'s turn.")}

# Translators: what earned VP at the end of a round: {round} its number, {slot} A-D, {tile} "10 (Gold majority)".
_SLOT_LABEL = lazy("round {round}, {slot}: {tile}")
_FINAL_LABEL = lazy("final scoring")
# Translators: a line of a player's VP: {label} "round 2, B: 10 (Gold majority)", {reason} what scored.
_BREAKDOWN_LINE = lazy("{label}: {reason}")

#: The game's log lines (marked; each kept as a Text, read in the language spoken when shown).
LOG = {
    # Translators: the first line of a game's log; {names} the players, {tiles} "A=10 (Gold majority), B=...".
    "start": lazy_ngettext("Isle of Skye, {count} player ({names}), {rounds} rounds. Scoring tiles: {tiles}",
                           "Isle of Skye, {count} players ({names}), {rounds} rounds. Scoring tiles: {tiles}"),
    "slot": lazy("{slot}={tile}"),
    "round": lazy("Round {round} of {rounds}; {name} starts."),
    # Translators: {why} the income's breakdown ("castle +5; whisky on tile 31 at (0, 1), connected by road +1").
    "income": lazy_ngettext("{name} receives {gold} gold ({why}).", "{name} receives {gold} gold ({why}).",
                            counter="gold"),
    "why": lazy("{reason} +{points}"),
    "then": lazy("{before}; {after}"),
    "draws": lazy("{name} draws tiles {tiles}."),
    "draws_none": lazy("{name} draws tiles (bag empty)."),
    "offer": lazy("tile {tile} for {gold}"),
    # Translators: {tile} the discarded tile's number, {offers} "tile 12 for 2, tile 40 for 1".
    "discards": lazy("{name} discards tile {tile} and offers {offers}."),
    "discards_nothing": lazy("{name} discards tile {tile} and offers nothing."),
    # Translators: the form follows the number of tiles kept ({tiles} "43" or "43, 12"); {gold} the gold that was
    # on them, which goes to the supply.
    "unsold": lazy_ngettext("{name} keeps unsold tile {tiles} and loses the {gold} gold on it.",
                            "{name} keeps unsold tiles {tiles} and loses the {gold} gold on them.", counter="count"),
    "fits_nowhere": lazy("Tile {tile} fits nowhere in {name}'s territory: it goes back to the bag."),
    # Translators: {tile} "10 (Gold majority)", {why} what scored.
    "scoring": lazy("Scoring {slot}, tile {tile}: {name} +{points} VP ({why})."),
    "after_round": lazy("After round {round}: {scores}."),
    "player_vp": lazy("{name} {vp} VP"),
    "nothing": lazy("nothing"),
    "final": lazy("Final scoring: {name} +{points} VP ({why})."),
    "winner": lazy_ngettext("Game over. Winner: {names} ({vp} VP, {gold} gold).",
                            "Game over. Winner: {names} ({vp} VP, {gold} gold).", counter="gold"),
    "shared_win": lazy_ngettext("Game over. Shared win: {names} ({vp} VP, {gold} gold).",
                                "Game over. Shared win: {names} ({vp} VP, {gold} gold).", counter="gold"),
    "decided": lazy("{name} has decided (secretly)."),
    "passes": lazy("{name} passes."),
    "buys": lazy_ngettext("{name} buys tile {tile} from {seller} for {price} gold; {seller} receives {price} and "
                          "takes back the {price} gold on it.",
                          "{name} buys tile {tile} from {seller} for {price} gold; {seller} receives {price} and "
                          "takes back the {price} gold on it.", counter="price"),
    "places": lazy("{name} places tile {tile} at ({x}, {y}), rotation {rotation}."),
}

"""Isle of Skye placement puzzles: a territory, a hand of tiles, an objective.

A puzzle asks: place every tile of the hand in the territory (any order, the
normal placement rules) so that the *objective* scores as much as possible.
A tile that fits nowhere once nothing else can be placed goes back to the bag,
as in the Build phase of the rules.

The objective is a chosen set of scoring tiles, optionally the scrolls and
the income, all scored exactly as :mod:`.scoring` scores them::

    {"scoring_tiles": [3, 16], "scrolls": false, "income": false}

Majorities (scoring tiles 7, 8, 10) need opponents: a puzzle using one gives a
fixed opponent baseline, e.g. ``"opponents": [{"ships": 3}, {"ships": 1}]``
(see ``docs/puzzles.md``).

>>> obj = Objective(scoring_tiles=(3,))
>>> from .territory import Territory
>>> t = Territory("castle-blue")
>>> evaluate(obj, t).points              # the castle has no sheep
0
>>> describe_objective(Objective(scoring_tiles=(16,), scrolls=True))
'scoring tile 16 (Completed mountain areas) + scrolls'
"""

from __future__ import annotations

import os
import re
import reprlib
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from ..curriculum import puzzles_folder
from ..drawing import Drawing, Pictured
from ..errors import DataError, FileFormatError, read_json, write_json
from ..i18n import Lazy, Text, _, lazy, lazy_ngettext, ngettext, speaking
from ..limits import MAX_NUMBER, MAX_PUZZLE_HAND, MAX_TEXT_LENGTH, is_whole, short
from .scoring import (SCORING_TILES, BreakdownItem, ScoreResult, from_old_number, income, majority_points,
                      score_tile, scroll_points, tile_label, tile_label_text, whisky_tiles, icon_totals)
from .scoring_tiles import MAJORITY_QUANTITY
from .files import tiles_size_fault
from .territory import IllegalPlacementError, Territory, TerritoryDataError
from .tiles import catalogue

#: Why a hand beyond :data:`~skye_widgets.limits.MAX_PUZZLE_HAND` is refused, by the
#: loader and by the solver (named placeholders: it will be translated).
HAND_TOO_LARGE = lazy_ngettext("hand: {count} tile, more than the {limit} the solver promises to solve "
                               "(larger hands take minutes)",
                               "hand: {count} tiles, more than the {limit} the solver promises to solve "
                               "(larger hands take minutes)")

#: What a puzzle can teach.
TEACHES = ("scoring tiles", "scrolls", "income", "completion")
#: The ``format`` and ``version`` of the puzzle files this program writes. Version 2
#: numbers the scoring tiles as the rulebook's printed list; a file of version 1 (or
#: with no version: the first files had none) is read with the old numbers (9 and 10,
#: 13 and 14 the other way round) and renumbered.
FORMAT = "skye-widgets/isle-of-skye-puzzle"
VERSION = 2
#: Majority scoring tile -> the opponent count it compares (the quantity it counts,
#: from .scoring_tiles): 7 whisky_tiles, 8 ships, 10 gold.
MAJORITY_KEYS = MAJORITY_QUANTITY


# --------------------------------------------------------------------------
# The objective
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Objective:
    """What a puzzle scores.

    ``scoring_tiles``: scoring tiles 1-16 (each scored once, as in a round);
    ``scrolls``: the end-of-game scroll points (doubled in completed areas);
    ``income``: the income the territory would bring (castle 5 + 1 per whisky
    tile connected to the castle by road; no catch-up), 1 point per gold.
    ``opponents``: for majorities 7 / 8 / 10, each opponent's fixed
    ``whisky_tiles`` / ``ships`` / ``gold``; ``gold``: the player's gold
    before income (tile 10 compares ``gold`` + income).
    """

    scoring_tiles: tuple[int, ...] = ()
    scrolls: bool = False
    income: bool = False
    opponents: tuple[Mapping[str, int], ...] = ()
    gold: int = 0

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"scoring_tiles": list(self.scoring_tiles), "scrolls": self.scrolls,
                             "income": self.income}
        if self.opponents:
            d["opponents"] = [dict(o) for o in self.opponents]
        if self.gold:
            d["gold"] = self.gold
        return d

    @property
    def majorities(self) -> tuple[int, ...]:
        return tuple(n for n in self.scoring_tiles if n in MAJORITY_KEYS)


class ObjectiveError(DataError):
    """An objective that cannot be used (the message starts with the field)."""


def objective_from_dict(d: Any) -> Objective:
    """Read and check an objective; raises :class:`ObjectiveError` naming the field.

    >>> objective_from_dict({"scoring_tiles": [8], "opponents": [{"ships": 2}]}).majorities
    (8,)
    >>> objective_from_dict({"scoring_tiles": [8]})
    Traceback (most recent call last):
    ...
    skye_widgets.skye.puzzles.ObjectiveError: opponents: scoring tile 8 is a majority: give at least one opponent with 'ships'
    """
    if not isinstance(d, dict):
        raise ObjectiveError(_("must be an object"))
    unknown = set(d) - {"scoring_tiles", "scrolls", "income", "opponents", "gold"}
    if unknown:
        raise ObjectiveError(_("{field}: unknown field").format(field=short(sorted(unknown)[0])))
    tiles = d.get("scoring_tiles", [])
    if not isinstance(tiles, list) or not all(is_whole(n) for n in tiles):
        raise ObjectiveError(_("scoring_tiles: must be a list of scoring tile numbers 1-16"))
    for n in tiles:
        if n not in SCORING_TILES:
            raise ObjectiveError(_("scoring_tiles: {number} is not a scoring tile (1-16)").format(number=n))
    if len(set(tiles)) != len(tiles):
        raise ObjectiveError(_("scoring_tiles: a scoring tile is listed twice"))
    for key in ("scrolls", "income"):
        if not isinstance(d.get(key, False), bool):
            raise ObjectiveError(_("{field}: must be true or false").format(field=key))
    if not tiles and not d.get("scrolls") and not d.get("income"):
        raise ObjectiveError(_("scoring_tiles: the objective scores nothing (give scoring tiles, scrolls or income)"))
    gold = d.get("gold", 0)
    if not is_whole(gold) or gold < 0:
        raise ObjectiveError(_("gold: must be a whole number 0-{max}").format(max=MAX_NUMBER))
    opps = d.get("opponents", [])
    if not isinstance(opps, list) or not all(isinstance(o, dict) for o in opps):
        raise ObjectiveError(_("opponents: must be a list of objects"))
    if len(opps) > 4:
        raise ObjectiveError(_("opponents: {count} opponents; Isle of Skye has at most 4 (5 players)").format(
            count=len(opps)))
    for i, o in enumerate(opps):
        for k, v in o.items():
            if k not in MAJORITY_KEYS.values():
                raise ObjectiveError(_("opponents[{index}]: unknown count {key} (whisky_tiles, ships, gold)").format(
                    index=i, key=short(k)))
            if not is_whole(v) or v < 0:
                raise ObjectiveError(_("opponents[{index}].{key}: must be a whole number 0-{max}").format(
                    index=i, key=k, max=MAX_NUMBER))
    for n in tiles:
        key = MAJORITY_KEYS.get(n)
        if key and (not opps or any(key not in o for o in opps)):
            raise ObjectiveError(_("opponents: scoring tile {number} is a majority: give at least one opponent "
                                   "with {key}").format(number=n, key=repr(key)))
    if opps and not any(n in MAJORITY_KEYS for n in tiles):
        raise ObjectiveError(_("opponents: given but no majority scoring tile (7, 8, 10) is scored"))
    return Objective(tuple(tiles), bool(d.get("scrolls", False)), bool(d.get("income", False)),
                     tuple(dict(o) for o in opps), gold)


def describe_objective(obj: Objective) -> str:
    """The objective in words (one line)."""
    parts = [OBJECTIVE_TEXT["part_tile"].format(tile=tile_label(n)) for n in obj.scoring_tiles]
    if obj.scrolls:
        parts.append(str(OBJECTIVE_TEXT["part_scrolls"]))
    if obj.income:
        parts.append(str(OBJECTIVE_TEXT["part_income"]))
    return " + ".join(parts)


#: The texts of an objective's breakdown (translated when shown).
OBJECTIVE_TEXT = {
    # Translators: one part of a puzzle's objective, joined by " + "; {tile} "10 (Gold majority)".
    "part_tile": lazy("scoring tile {tile}"),
    "part_scrolls": lazy("scrolls"),
    "part_income": lazy("income"),
    # Translators: a line of a puzzle's score; {tile} "16 (Completed mountain areas)", {reason} what scored.
    "tile": lazy("tile {tile}: {reason}"),
    "nothing": lazy("tile {tile}: nothing scores"),
    "scrolls": lazy("scrolls: {reason}"),
    "no_scroll": lazy("scrolls: no scroll in the territory"),
    "income": lazy("income: {reason}"),
}

#: (majority scoring tile, the player's points) -> the line of a puzzle's score: {mine} the player's
#: count, {theirs} the opponents' counts ("3, 1").
MAJORITY_LINES = {
    (7, 5): lazy("tile {tile}: most whisky tiles: you {mine}, opponents {theirs}"),
    (7, 2): lazy("tile {tile}: second most whisky tiles: you {mine}, opponents {theirs}"),
    (7, 0): lazy("tile {tile}: not enough whisky tiles: you {mine}, opponents {theirs}"),
    (8, 5): lazy("tile {tile}: most ships: you {mine}, opponents {theirs}"),
    (8, 2): lazy("tile {tile}: second most ships: you {mine}, opponents {theirs}"),
    (8, 0): lazy("tile {tile}: not enough ships: you {mine}, opponents {theirs}"),
    (10, 5): lazy("tile {tile}: most gold after income: you {mine}, opponents {theirs}"),
    (10, 2): lazy("tile {tile}: second most gold after income: you {mine}, opponents {theirs}"),
    (10, 0): lazy("tile {tile}: not enough gold after income: you {mine}, opponents {theirs}"),
}


# --------------------------------------------------------------------------
# The generator's words (puzzle_generator writes them in English into a puzzle, as data;
# a puzzle shows them in the language spoken now: shown_text)
# --------------------------------------------------------------------------

# Translators: a puzzle's hint; {tile} a tile's number, {where} "just north of tile 12" or "at (1, 0)".
KEY_HINT = lazy("Tile {tile} is the key: the spot where it scores most right away is not the best one. "
                "Try it {where}.")
# Translators: the same hint when tiles come first; {tiles} "3" or "3 and 5".
KEY_HINT_AFTER = lazy_ngettext(
    "Tile {tile} is the key: the spot where it scores most right away is not the best one. "
    "Try it {where}, once tile {tiles} is down.",
    "Tile {tile} is the key: the spot where it scores most right away is not the best one. "
    "Try it {where}, once tiles {tiles} are down.")
#: (side, "castle" or "tile") -> a spot next to a neighbour already on the board.
NEAR = {
    ("north", "castle"): lazy("just north of the castle"), ("north", "tile"): lazy("just north of tile {tile}"),
    ("south", "castle"): lazy("just south of the castle"), ("south", "tile"): lazy("just south of tile {tile}"),
    ("east", "castle"): lazy("just east of the castle"), ("east", "tile"): lazy("just east of tile {tile}"),
    ("west", "castle"): lazy("just west of the castle"), ("west", "tile"): lazy("just west of tile {tile}"),
}
AT = lazy("at ({x}, {y})")
# Translators: the title of the daily puzzle; {title} the puzzle's own, {date} YYYY-MM-DD.
DAILY_TITLE = lazy("{title} (puzzle of the day {date})")

_KEY_RE = re.compile(r"Tile (?P<tile>\S+) is the key: the spot where it scores most right away is not the best "
                     r"one\. Try it (?P<where>.+?)(?:, once tiles? (?P<tiles>.+) (?:is|are) down)?\.")
_NEAR_RE = re.compile(r"just (?P<side>north|south|east|west) of (?:the castle|tile (?P<tile>\S+))")
_AT_RE = re.compile(r"at \((?P<x>-?\d+), (?P<y>-?\d+)\)")
_DAILY_RE = re.compile(r"(?P<title>.+) \(puzzle of the day (?P<date>\d{4}-\d\d-\d\d)\)")


def english(text: Any) -> str:
    """A marked text's English words (the generator writes puzzles' words in English, as data)."""
    return text.message if isinstance(text, Lazy) else str(text)


def shown_text(text: str) -> str:
    """A puzzle's title or hint, as written by the generator in English, in the language spoken
    now: a title or hint of the generator's lists is looked up in the catalog, the key-tile hint
    and the daily title are rebuilt from their parts; anything else (a hand-written puzzle file's
    own words) is shown as it is.

    >>> from ..i18n import set_language
    >>> set_language("pt"), shown_text("Tile 12 is the key: the spot where it scores most right away is not "
    ...                                "the best one. Try it just north of the castle.")
    ('pt', 'A peça 12 é a chave: o lugar onde ela pontua mais de imediato não é o melhor. Tente-a logo ao norte do castelo.')
    >>> set_language("en"), shown_text("Counting sheep (puzzle of the day 2026-11-24)")
    ('en', 'Counting sheep (puzzle of the day 2026-11-24)')
    """
    from ..words import word_list
    m = _DAILY_RE.fullmatch(text)
    if m:
        return DAILY_TITLE.format(title=shown_text(m["title"]), date=m["date"])
    m = _KEY_RE.fullmatch(text)
    if m:
        where = m["where"]
        near, at = _NEAR_RE.fullmatch(where), _AT_RE.fullmatch(where)
        if near:
            where = NEAR[near["side"], "tile" if near["tile"] else "castle"].format(tile=near["tile"])
        elif at:
            where = AT.format(x=at["x"], y=at["y"])
        if m["tiles"]:
            tiles = m["tiles"].split(" and ")
            return KEY_HINT_AFTER.format(tile=m["tile"], where=where, tiles=word_list(tiles), count=len(tiles))
        return KEY_HINT.format(tile=m["tile"], where=where)
    return _(text) if text else text


def majority_count(number: int, t: Territory, gold: int = 0) -> int:
    """The player's count for majority tile 7 (whisky tiles), 8 (ships) or 10 (gold + income)."""
    if number == 7:
        return len(whisky_tiles(t))
    if number == 8:
        return icon_totals(t).ships
    return gold + income(t).points


def evaluate(obj: Objective, t: Territory) -> ScoreResult:
    """The objective's points for territory ``t``, with a breakdown (the real scoring rules).

    Each breakdown item's reason starts with what scored it (``tile 16
    (Completed mountain areas):``, ``scrolls:``, ``income:``).
    """
    items: list[BreakdownItem] = []
    for n in obj.scoring_tiles:
        if n in MAJORITY_KEYS:
            key = MAJORITY_KEYS[n]
            mine = majority_count(n, t, obj.gold)
            theirs = [int(o[key]) for o in obj.opponents]
            pts = majority_points([mine, *theirs])[0]
            items.append(BreakdownItem(pts, Text(MAJORITY_LINES[n, pts], tile=tile_label_text(n), mine=mine,
                                                 theirs=", ".join(map(str, theirs)))))
            continue
        res = score_tile(n, [t], [0])[0]
        if not res.breakdown:
            items.append(BreakdownItem(0, Text(OBJECTIVE_TEXT["nothing"], tile=tile_label_text(n))))
        items.extend(BreakdownItem(i.points, Text(OBJECTIVE_TEXT["tile"], tile=tile_label_text(n), reason=i.text), i.cells)
                     for i in res.breakdown)
    if obj.scrolls:
        res = scroll_points(t)
        if not res.breakdown:
            items.append(BreakdownItem(0, Text(OBJECTIVE_TEXT["no_scroll"])))
        items.extend(BreakdownItem(i.points, Text(OBJECTIVE_TEXT["scrolls"], reason=i.text), i.cells)
                     for i in res.breakdown)
    if obj.income:
        items.extend(BreakdownItem(i.points, Text(OBJECTIVE_TEXT["income"], reason=i.text), i.cells)
                     for i in income(t).breakdown)
    return ScoreResult.of(items)


# --------------------------------------------------------------------------
# Puzzles
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Move:
    """One step of a solution: a tile placed, or returned (it fits nowhere).

    ``tile`` is a landscape tile number (or a hand-built tile's id in lessons and tests).
    """

    tile: int | str
    x: int | None = None
    y: int | None = None
    rotation: int | None = None

    @property
    def returned(self) -> bool:
        return self.x is None

    def to_dict(self) -> dict[str, Any]:
        if self.returned:
            return {"tile": self.tile, "returned": True}
        return {"tile": self.tile, "x": self.x, "y": self.y, "rotation": self.rotation}


@dataclass(frozen=True)
class Puzzle(Pictured):
    """A placement puzzle (see the module docstring and ``docs/puzzles.md``)."""

    id: str
    title: str
    difficulty: int
    teaches: tuple[str, ...]
    territory: tuple[dict[str, Any], ...]     # tile entries, castle first
    hand: tuple[int, ...]
    objective: Objective
    optimum: int
    solution: tuple[Move, ...]
    hints: tuple[str, ...]
    greedy: int | None = None                 # what placing greedily one tile at a time scores
    extra: Mapping[str, Any] = field(default_factory=dict)

    def start(self) -> Territory:
        """A fresh copy of the start territory."""
        return Territory.from_dict({"tiles": list(self.territory)})

    def solved_territory(self) -> Territory:
        """The territory after playing :attr:`solution`."""
        t = self.start()
        for m in self.solution:
            if not m.returned:
                t.place(m.tile, m.x, m.y, m.rotation)  # type: ignore[arg-type]
        return t

    def score(self, t: Territory) -> ScoreResult:
        """The objective's points for ``t`` with the breakdown."""
        return evaluate(self.objective, t)

    @property
    def shown_title(self) -> str:
        """:attr:`title` in the language spoken now (a file keeps the generator's English words)."""
        return shown_text(self.title)

    @property
    def shown_hints(self) -> tuple[str, ...]:
        """:attr:`hints` in the language spoken now (see :func:`shown_text`)."""
        return tuple(shown_text(h) for h in self.hints)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "format": FORMAT, "version": VERSION, "id": self.id, "title": self.title, "difficulty": self.difficulty,
            "teaches": list(self.teaches), "territory": [dict(e) for e in self.territory],
            "hand": list(self.hand), "objective": self.objective.to_dict(),
            "optimum": self.optimum, "solution": [m.to_dict() for m in self.solution],
            "hints": list(self.hints),
        }
        if self.greedy is not None:
            d["greedy"] = self.greedy
        d.update(self.extra)
        return d

    def _picture(self) -> Drawing:
        return self.start()._picture()


class PuzzleDataError(DataError):
    """A puzzle dict that cannot be used; the message starts with the field."""


_FIELDS = ("id", "title", "difficulty", "teaches", "territory", "hand", "objective", "optimum",
           "solution", "hints")


def _current(d: dict[str, Any]) -> dict[str, Any]:
    """``d`` with its scoring tiles numbered as now (see :data:`VERSION`); checks ``format`` and ``version``."""
    fmt = d.get("format", FORMAT)
    if fmt != FORMAT:
        raise PuzzleDataError(_("format: {format} is not an Isle of Skye puzzle ({expected})").format(
            format=reprlib.repr(fmt), expected=repr(FORMAT)))
    version = d.get("version", 1)
    if version == VERSION and is_whole(version):
        return d
    if version != 1 or not is_whole(version):
        raise PuzzleDataError(_("version: {version} is not a puzzle file version this program reads "
                                "(1 or {newest})").format(version=reprlib.repr(version), newest=VERSION))
    obj = d.get("objective")
    if isinstance(obj, dict) and isinstance(obj.get("scoring_tiles"), list):
        d = {**d, "objective": {**obj, "scoring_tiles": [from_old_number(n) for n in obj["scoring_tiles"]]}}
    return d


def _moves(sol: Any) -> tuple[Move, ...]:
    if not isinstance(sol, list) or not sol:
        raise PuzzleDataError(_("solution: must be a non-empty list of moves"))
    if len(sol) > MAX_PUZZLE_HAND:
        raise PuzzleDataError(ngettext("solution: {count} moves; a hand has at most {most} tiles",
                                       "solution: {count} moves; a hand has at most {most} tiles",
                                       len(sol)).format(count=len(sol), most=MAX_PUZZLE_HAND))
    out = []
    for i, m in enumerate(sol):
        where = f"solution[{i}]"
        if not isinstance(m, dict) or not is_whole(m.get("tile")):
            raise PuzzleDataError(_("{where}: must be an object with a tile number").format(where=where))
        if m.get("returned") is True:
            if set(m) - {"tile", "returned"}:
                raise PuzzleDataError(_("{where}: a returned tile has no x, y, rotation").format(where=where))
            out.append(Move(m["tile"]))
            continue
        for k in ("x", "y", "rotation"):
            if not is_whole(m.get(k)):
                raise PuzzleDataError(_("{where}: {key} missing or not a whole number").format(where=where, key=k))
        out.append(Move(m["tile"], m["x"], m["y"], m["rotation"]))
    return tuple(out)


def _problem(d: dict[str, Any]) -> tuple[Territory, list[int], Objective]:
    """The territory, hand and objective of a puzzle dict, checked."""
    if not isinstance(d["territory"], list):
        raise PuzzleDataError(_("territory: must be a list of tile entries, castle first"))
    fault = tiles_size_fault(d["territory"])
    if fault:
        raise PuzzleDataError(_("territory: {fault}").format(fault=fault))
    try:
        start = Territory.from_dict({"tiles": d["territory"]})
    except TerritoryDataError as e:
        raise PuzzleDataError(_("territory: {fault}").format(fault=e)) from None
    hand = d["hand"]
    if not isinstance(hand, list) or not hand or not all(is_whole(n) for n in hand):
        raise PuzzleDataError(_("hand: must be a non-empty list of tile numbers"))
    if len(hand) > MAX_PUZZLE_HAND:
        raise PuzzleDataError(HAND_TOO_LARGE.format(count=len(hand), limit=MAX_PUZZLE_HAND))
    for n in hand:
        if str(n) not in catalogue() or not 1 <= n <= 73:
            raise PuzzleDataError(_("hand: {tile} is not a landscape tile (1-73)").format(tile=n))
        if any(p.tile == str(n) for p in start):
            raise PuzzleDataError(_("hand: tile {tile} is already in the territory").format(tile=n))
    if len(set(hand)) != len(hand):
        raise PuzzleDataError(_("hand: a tile is listed twice (every tile exists once)"))
    try:
        obj = objective_from_dict(d["objective"])
    except ObjectiveError as e:
        raise PuzzleDataError(f"objective.{e}") from None
    return start, hand, obj


def problem_from_dict(d: Any) -> tuple[Territory, list[int], Objective]:
    """Only what a solver needs (``territory``, ``hand``, ``objective``), checked.

    Raises :class:`PuzzleDataError` naming the field.
    """
    if not isinstance(d, dict):
        raise PuzzleDataError(_("puzzle: must be a JSON object"))
    for k in ("territory", "hand", "objective"):
        if k not in d:
            raise PuzzleDataError(_("{key}: missing").format(key=k))
    return _problem(_current(d))


def load_problem(path: str | os.PathLike[str]) -> tuple[Territory, list[int], Objective]:
    """Read a puzzle file's territory, hand and objective (the rest is not needed to solve it)."""
    data = read_json(path)
    try:
        return problem_from_dict(data)
    except PuzzleDataError as e:
        raise FileFormatError(path, str(e)) from None


def puzzle_from_dict(d: Any) -> Puzzle:
    """Read a puzzle and check everything that needs no search.

    Checked: every field's type, the start territory (legal, castle first), the
    hand (landscape tiles, each once, none already in the territory), the
    objective, the solution (legal in its order, the whole hand, a returned tile
    really fits nowhere at the end) and that the solution scores ``optimum``.
    That ``optimum`` is the best possible needs the solver: see :func:`skye_widgets.skye.solver.check_file`.
    A puzzle of version 1 (or with no version) has its scoring tiles renumbered
    (see :data:`VERSION`). Raises :class:`PuzzleDataError` whose message starts with the field.
    """
    if not isinstance(d, dict):
        raise PuzzleDataError(_("puzzle: must be a JSON object"))
    d = _current(d)
    for k in _FIELDS:
        if k not in d:
            raise PuzzleDataError(_("{key}: missing").format(key=k))
    for key in ("id", "title"):
        if not isinstance(d[key], str) or not d[key].strip() or len(d[key]) > MAX_TEXT_LENGTH:
            raise PuzzleDataError(_("{key}: must be a non-empty string of at most {most} characters").format(
                key=key, most=MAX_TEXT_LENGTH))
    if not is_whole(d["difficulty"]) or not 1 <= d["difficulty"] <= 5:
        raise PuzzleDataError(_("difficulty: {value} is not 1-5").format(value=short(d["difficulty"])))
    teaches = d["teaches"]
    if not isinstance(teaches, list) or not teaches or any(x not in TEACHES for x in teaches):
        raise PuzzleDataError(_("teaches: must be a non-empty list of {values}").format(values=", ".join(TEACHES)))
    hints = d["hints"]
    if (not isinstance(hints, list) or not 1 <= len(hints) <= 3
            or not all(isinstance(h, str) and h.strip() and len(h) <= MAX_TEXT_LENGTH for h in hints)):
        raise PuzzleDataError(_("hints: must be a list of 1-3 hints in words (at most {most} characters "
                                "each)").format(most=MAX_TEXT_LENGTH))
    start, hand, obj = _problem(d)
    if not is_whole(d["optimum"]):
        raise PuzzleDataError(_("optimum: must be a whole number"))
    moves = _moves(d["solution"])
    if sorted(m.tile for m in moves) != sorted(hand):
        raise PuzzleDataError(_("solution: must use every tile of the hand exactly once"))
    t = start.copy()
    returned = [m for m in moves if m.returned]
    for i, m in enumerate(moves):
        if m.returned:
            if any(not mm.returned for mm in moves[i:]):
                raise PuzzleDataError(_("solution[{index}]: returned tiles come after every placed tile").format(index=i))
            continue
        try:
            t.place(m.tile, m.x, m.y, m.rotation)  # type: ignore[arg-type]
        except IllegalPlacementError as e:
            raise PuzzleDataError(_("solution[{index}]: {fault}").format(index=i, fault=e)) from None
    for m in returned:
        if t.can_place(m.tile):
            raise PuzzleDataError(_("solution: tile {tile} is returned but fits in the final territory").format(
                tile=m.tile))
    got = evaluate(obj, t).points
    if got != d["optimum"]:
        raise PuzzleDataError(_("optimum: stated {stated} but the solution scores {score}").format(
            stated=d["optimum"], score=got))
    greedy = d.get("greedy")
    if greedy is not None and not is_whole(greedy):
        raise PuzzleDataError(_("greedy: must be a whole number"))
    extra = {k: v for k, v in d.items() if k not in _FIELDS and k not in ("greedy", "format", "version")}
    return Puzzle(d["id"], d["title"], d["difficulty"], tuple(teaches),
                  tuple(dict(e) for e in d["territory"]), tuple(hand), obj, d["optimum"], moves,
                  tuple(hints), greedy, extra)


# --------------------------------------------------------------------------
# Grading: stars from the solver's work (the solver grades: :func:`.solver.grade`)
# --------------------------------------------------------------------------

#: Counting optimal territories stops here: the grade tells 1, 2-3 and "4 or more" apart.
GRADE_OPTIMA_CAP = 4
#: Legal placements at the start from which the choice counts as wide, and very wide.
GRADE_WIDE, GRADE_VERY_WIDE = 30, 60

#: The grade's reasons (marked; a grade keeps them as Texts, read in the language spoken when shown).
GRADE_TEXTS = {
    "tiles": lazy_ngettext("There is {tiles} tile to place, each a decision that changes the next.",
                           "There are {tiles} tiles to place, each a decision that changes the next.", counter="tiles"),
    "unique": lazy("Only one final territory reaches the best score."),
    "few": lazy_ngettext("Only {optima} final territory reaches the best score.",
                         "Only {optima} final territories reach the best score.", counter="optima"),
    "many": lazy_ngettext("At least {optima} final territory reaches the best score.",
                          "At least {optima} final territories reach the best score.", counter="optima"),
    "wide": lazy_ngettext("There is {choices} legal placement before the first tile, a wide choice.",
                          "There are {choices} legal placements before the first tile, a wide choice.",
                          counter="choices"),
    "narrow": lazy_ngettext("There is {choices} legal placement before the first tile.",
                            "There are {choices} legal placements before the first tile.", counter="choices"),
    "terms": lazy_ngettext("The objective scores {terms} thing at once, which pull in different directions.",
                           "The objective scores {terms} things at once, which pull in different directions.",
                           counter="terms"),
}


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is for a person, from what the solver had to do (see :func:`.solver.grade`)."""

    stars: int                 # 1-5
    texts: tuple[Any, ...]     # whole sentences (Texts), the numbers behind the stars
    tiles: int                 # hand size
    optima: int                # optimal final territories (up to GRADE_OPTIMA_CAP: "at least")
    choices: int               # legal placements at the start
    terms: int                 # scoring tiles + scrolls + income
    points: float              # the sum the stars come from

    @property
    def reasons(self) -> tuple[str, ...]:
        """The sentences behind the stars, in the language spoken now."""
        return tuple(str(t) for t in self.texts)

    def to_dict(self) -> dict[str, Any]:
        """The grade as data (files, ``--json``): its reasons in English, whatever the language spoken."""
        with speaking("en"):
            reasons = list(self.reasons)
        return {"stars": self.stars, "points": self.points, "tiles": self.tiles, "optima": self.optima,
                "choices": self.choices, "terms": self.terms, "reasons": reasons}


def grade_points(tiles: int, optima: int, choices: int, terms: int) -> float:
    """The grade's points: a tile beyond two +1 each (every tile is one more decision, and
    the solver's search grows about tenfold with each); one optimal territory +1, two or
    three +0.5 (fewer answers are harder to stumble on); a wide first choice +0.5, very
    wide +1; an objective with two or more terms +0.5.

    >>> grade_points(2, 20, 21, 1), grade_points(4, 1, 70, 2)
    (0.0, 4.5)
    """
    pts = max(0, tiles - 2) + (1.0 if optima == 1 else 0.5 if optima <= 3 else 0.0)
    pts += 1.0 if choices >= GRADE_VERY_WIDE else 0.5 if choices >= GRADE_WIDE else 0.0
    pts += 0.5 if terms >= 2 else 0.0
    return pts


def stars_of(points: float) -> int:
    """1 star below 1 point, then one more per whole point, at most 5.

    >>> [stars_of(p) for p in (0, 0.5, 1, 2.5, 3, 4, 6)]
    [1, 1, 2, 3, 4, 5, 5]
    """
    return max(1, min(5, 1 + int(points)))


def load_puzzle(path: str | os.PathLike[str]) -> Puzzle:
    """Read a puzzle file; any fault is a :class:`FileFormatError` naming the file and the field."""
    data = read_json(path)
    try:
        return puzzle_from_dict(data)
    except PuzzleDataError as e:
        raise FileFormatError(path, str(e)) from None


def save_puzzle(puzzle: Puzzle, path: str | os.PathLike[str]) -> None:
    """Write a puzzle file (pretty JSON)."""
    write_json(path, puzzle.to_dict())


def puzzle_files(folder: str | os.PathLike[str] | None = None) -> list[str]:
    """The curated puzzle files (``puzzles/skye/*.json``), sorted by name."""
    if folder is None:
        folder = default_folder()
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".json"))


def default_folder() -> str:
    """The shipped ``puzzles/skye`` (the installed package's, or the source checkout's), whatever the
    working folder is (:func:`skye_widgets.curriculum.puzzles_folder`)."""
    return str(puzzles_folder("skye"))


def load_all(folder: str | os.PathLike[str] | None = None) -> list[Puzzle]:
    """Every curated puzzle, easiest first (difficulty, then id)."""
    ps = [load_puzzle(f) for f in puzzle_files(folder)]
    return sorted(ps, key=lambda p: (p.difficulty, p.id))


def moves_from(seq: Sequence[Any]) -> tuple[Move, ...]:
    """Moves from (tile, x, y, rotation) tuples or placements (``None`` x: returned)."""
    out = []
    for m in seq:
        if isinstance(m, Move):
            out.append(m)
        else:
            tile, x, y, r = (int(m.tile), m.x, m.y, m.rotation) if hasattr(m, "tile") else m
            out.append(Move(int(tile), x, y, r))
    return tuple(out)

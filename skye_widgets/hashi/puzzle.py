"""Classic Hashiwokakero (bridges) puzzles: the puzzle, its files, and a learner's play.

A puzzle is a rectangular grid of water with *islands*; each island shows how
many bridges it needs (1-8). Bridges run horizontally or vertically between
two islands in line of sight, at most two between the same pair, never
crossing another bridge or an island; when every island has its number of
bridges and all islands form one connected network, the puzzle is solved.

Cells are ``(x, y)`` from 0 with the origin at the top left: ``x`` the column
(growing east), ``y`` the row (growing south), as in the Hashi game. The ``.has``
text format is a grid written row by row (its cells are named the same way); the
JSON files write islands ``[x, y, number]`` (format ``hashi-puzzle/2``; the first
format, ``hashi-puzzle``, wrote ``[row, col, number]`` and is read by swapping).
Islands, pairs and the solver's numbering go row by row (top to bottom, then left
to right: :func:`~skye_widgets.hashi.board.row_major`). A bridge is the game's
:data:`~skye_widgets.hashi.board.Line`, a sorted pair of cells (:func:`pair`), and
bridges are ``{Line: count}``; crossings are :func:`~skye_widgets.hashi.board.lines_cross`.

>>> p = HashiPuzzle.from_text("3 3 3\\n2 0 1\\n0 0 0\\n1 0 0\\n")
>>> p.neighbours((0, 0))
[(2, 0), (0, 2)]
>>> s = PuzzleState(p)
>>> s.add_bridge((0, 0), (2, 0)); s.add_bridge((0, 0), (0, 2))
>>> s.is_solved()
True
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ..drawing import Pictured
from ..errors import DataError, FileFormatError, read_json, read_text
from ..i18n import _, ngettext
from ..limits import MAX_HASHI_ISLANDS, MAX_HASHI_SIDE, MAX_TEXT_LENGTH, is_whole, short
from .board import (CrossingBridgeError, IllegalBridgeError, Line, line_order, lines_cross,  # shared with the game
                    make_line, row_major)

Cell = tuple[int, int]

#: Directions ``(dx, dy)`` in the order neighbours are listed: north, east, south, west.
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIRECTION_NAMES: tuple[str, ...] = ("north", "east", "south", "west")

MAX_NUMBER = 8
#: The format of the JSON puzzle files: cells ``[x, y]``.
PUZZLE_FORMAT = "hashi-puzzle/2"
#: The first format, with cells ``[row, col]`` (still read, by swapping them).
OLD_PUZZLE_FORMAT = "hashi-puzzle"


class PuzzleError(DataError):
    """A puzzle that cannot exist (island outside the grid, number not 1-8, ...)."""


class NotNeighboursError(IllegalBridgeError):
    """The two cells are not islands in line of sight of each other."""


class OverNumberError(IllegalBridgeError):
    """The bridge would give an island more bridges than its number."""


class TooManyBridgesError(IllegalBridgeError):
    """There are already two bridges between these islands (the maximum)."""


class NoBridgeError(IllegalBridgeError):
    """There is no bridge to remove between these islands."""


def cell_name(cell: Cell) -> str:
    """``(2, 5)`` -> ``"(x 2, y 5)"`` for messages (the axes named, so nobody mixes them up)."""
    return f"(x {cell[0]}, y {cell[1]})"



@dataclass(frozen=True, eq=False)
class HashiPuzzle(Pictured):
    """A Hashiwokakero puzzle: grid size and islands with the bridges they need.

    >>> p = HashiPuzzle(3, 1, {(0, 0): 1, (2, 0): 1})
    >>> p.pairs()
    [((0, 0), (2, 0))]
    """

    width: int
    height: int
    islands: dict[Cell, int]
    name: str = ""
    _nbrs: dict[Cell, list[Cell]] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (isinstance(self.width, int) and isinstance(self.height, int)) \
                or self.width < 1 or self.height < 1:
            # Translators: faults of a Hashi puzzle (lower case, no full stop: the file's name comes first).
            raise PuzzleError(_("grid size must be positive integers, got {width} x {height}").format(
                width=self.width, height=self.height))
        islands: dict[Cell, int] = {}
        for cell, k in sorted(dict(self.islands).items(), key=lambda item: row_major(item[0])):
            x, y = cell
            if not (0 <= y < self.height and 0 <= x < self.width):
                raise PuzzleError(_("island {cell} is outside the {width} x {height} grid").format(
                    cell=cell_name(cell), width=self.width, height=self.height))
            if not isinstance(k, int) or not 1 <= k <= MAX_NUMBER:
                raise PuzzleError(_("island {cell} has number {value}; numbers are 1-{most}").format(
                    cell=cell_name(cell), value=repr(k), most=MAX_NUMBER))
            islands[(int(x), int(y))] = k
        object.__setattr__(self, "islands", islands)
        nbrs: dict[Cell, list[Cell]] = {}
        for (x, y) in islands:
            found = []
            for dx, dy in DIRECTIONS:
                xx, yy = x + dx, y + dy
                while 0 <= yy < self.height and 0 <= xx < self.width:
                    if (xx, yy) in islands:
                        found.append((xx, yy))
                        break
                    xx += dx
                    yy += dy
            nbrs[(x, y)] = found
        object.__setattr__(self, "_nbrs", nbrs)

    # -- structure ----------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HashiPuzzle):
            return NotImplemented
        return (self.width, self.height, self.islands) == (other.width, other.height, other.islands)

    def __hash__(self) -> int:
        return hash((self.width, self.height, tuple(sorted(self.islands.items()))))

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The nearest island in each direction (N, E, S, W order), in line of sight."""
        try:
            return list(self._nbrs[tuple(cell)])  # type: ignore[index]
        except KeyError:
            raise KeyError(f"{cell_name(cell)} is not an island") from None

    def pairs(self) -> list[tuple[Cell, Cell]]:
        """Every pair of neighbouring islands, each a sorted :data:`~skye_widgets.hashi.board.Line`,
        listed row by row (:func:`line_order`)."""
        return sorted({(a, b) for a, ns in self._nbrs.items() for b in ns if a < b}, key=line_order)

    def __len__(self) -> int:
        return len(self.islands)

    # -- files --------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str, source: str = "<text>", name: str = "") -> "HashiPuzzle":
        """Parse the ``.has`` format: ``W H N`` then H rows of W integers (row ``y``, column ``x``).

        Every fault raises :class:`FileFormatError` naming ``source``.
        """
        lines = [(no, ln.split()) for no, ln in enumerate(text.splitlines(), 1) if ln.strip()]
        if not lines:
            raise FileFormatError(source, _("empty file (expected a 'W H N' header line)"))
        no, head = lines[0]
        if len(head) != 3 or not all(_is_int(t) for t in head):
            raise FileFormatError(source, _("line {line}: expected the header 'W H N' (three whole numbers), "
                                            "got {text}").format(line=no, text=short(' '.join(head))))
        w, h, n = (int(t) for t in head)
        if not (1 <= w <= MAX_HASHI_SIDE and 1 <= h <= MAX_HASHI_SIDE):
            raise FileFormatError(source, _("line {line}: width and height must be positive and at most "
                                            "{most}, got {width} x {height}").format(
                                                line=no, most=MAX_HASHI_SIDE, width=w, height=h))
        if not 0 <= n <= MAX_HASHI_ISLANDS:
            raise FileFormatError(source, _("line {line}: the island count must be 0-{most}, got {count}").format(
                line=no, most=MAX_HASHI_ISLANDS, count=n))
        rows = lines[1:]
        if len(rows) != h:
            raise FileFormatError(source, ngettext("the header says {height} rows but the grid has {count} row",
                                                   "the header says {height} rows but the grid has {count} rows",
                                                   len(rows)).format(height=h, count=len(rows)))
        islands: dict[Cell, int] = {}
        for y, (no, toks) in enumerate(rows):
            if len(toks) != w:
                raise FileFormatError(source, ngettext(
                    "line {line}: row {row} has {count} number, the header says width {width} "
                    "(the grid must be rectangular)",
                    "line {line}: row {row} has {count} numbers, the header says width {width} "
                    "(the grid must be rectangular)", len(toks)).format(line=no, row=y, count=len(toks), width=w))
            for x, t in enumerate(toks):
                if not _is_int(t) or not 0 <= int(t) <= MAX_NUMBER:
                    raise FileFormatError(source, _("line {line}, column {column}: bad cell {text} "
                                                    "(0 for water or an island number 1-{most})").format(
                                                        line=no, column=x, text=short(t), most=MAX_NUMBER))
                if int(t):
                    islands[(x, y)] = int(t)
        if len(islands) != n:
            raise FileFormatError(source, ngettext("the header says {number} islands but the grid has {count}",
                                                   "the header says {number} islands but the grid has {count}",
                                                   len(islands)).format(number=n, count=len(islands)))
        if not name:
            name = os.path.splitext(os.path.basename(source))[0] if source != "<text>" else ""
        return cls(w, h, islands, name)

    @classmethod
    def from_tatham(cls, game_id: str, name: str = "") -> "HashiPuzzle":
        """Read a game id of Simon Tatham's Bridges (``7x7m2:b2c12i1b3g5a4c3g4a4c1``): after the
        colon, digits are islands and letters runs of water (``a`` = 1 cell ... ``z`` = 26),
        row by row. Faults raise PuzzleError."""
        head, sep, desc = game_id.strip().partition(":")
        size = re.match(r"(\d+)x(\d+)", head)
        if not sep or size is None:
            raise PuzzleError(_("not a Bridges game id: {text}").format(text=short(game_id)))
        w, h = int(size.group(1)), int(size.group(2))
        islands: dict[Cell, int] = {}
        pos = 0
        for ch in desc:
            if ch.isdigit() and ch != "0":
                islands[(pos % w, pos // w)] = int(ch)
                pos += 1
            elif "a" <= ch <= "z":
                pos += ord(ch) - ord("a") + 1
            else:
                raise PuzzleError(_("not a Bridges game id: {text}").format(text=short(game_id)))
        if pos != w * h:
            raise PuzzleError(_("not a Bridges game id: {text}").format(text=short(game_id)))
        return cls(w, h, islands, name)

    @classmethod
    def from_has(cls, path: str | os.PathLike[str]) -> "HashiPuzzle":
        """Read a ``.has`` file."""
        return cls.from_text(read_text(path), os.fspath(path))

    def to_text(self) -> str:
        """The ``.has`` form (round-trips through :meth:`from_text`)."""
        out = [f"{self.width} {self.height} {len(self.islands)}"]
        for y in range(self.height):
            out.append(" ".join(str(self.islands.get((x, y), 0)) for x in range(self.width)))
        return "\n".join(out) + "\n"

    @classmethod
    def from_dict(cls, data: Any, source: str = "<json>") -> "HashiPuzzle":
        """Build from the JSON form (see :meth:`to_json`); faults raise FileFormatError.

        ``"format": "hashi-puzzle/2"`` means islands ``[x, y, number]``; the first format
        (``"hashi-puzzle"``, or no ``format`` key) wrote ``[row, col, number]`` and is read by
        swapping the two.
        """
        if not isinstance(data, Mapping):
            raise FileFormatError(source, _("expected a JSON object with width, height and islands"))
        fmt = data.get("format", OLD_PUZZLE_FORMAT)
        if fmt not in (PUZZLE_FORMAT, OLD_PUZZLE_FORMAT):
            raise FileFormatError(source, _("format {format} is not {new} (nor the older {old})").format(
                format=short(fmt), new=repr(PUZZLE_FORMAT), old=repr(OLD_PUZZLE_FORMAT)))
        old = fmt == OLD_PUZZLE_FORMAT
        shape = "[row, col, number]" if old else "[x, y, number]"
        for key in ("width", "height", "islands"):
            if key not in data:
                raise FileFormatError(source, _("missing key {key}").format(key=repr(key)))
        w, h = data["width"], data["height"]
        if not (is_whole(w, 1, MAX_HASHI_SIDE) and is_whole(h, 1, MAX_HASHI_SIDE)):
            raise FileFormatError(source, _("width and height must be positive integers of at most {most}, "
                                            "got {width} x {height}").format(
                                                most=MAX_HASHI_SIDE, width=short(w), height=short(h)))
        if not isinstance(data["islands"], list):
            raise FileFormatError(source, _("'islands' must be a list of {shape}").format(shape=shape))
        if len(data["islands"]) > MAX_HASHI_ISLANDS:
            raise FileFormatError(source, ngettext("{count} islands; a puzzle has at most {most}",
                                                   "{count} islands; a puzzle has at most {most}",
                                                   len(data["islands"])).format(
                                                       count=len(data["islands"]), most=MAX_HASHI_ISLANDS))
        islands: dict[Cell, int] = {}
        for i, item in enumerate(data["islands"]):
            if not (isinstance(item, list) and len(item) == 3 and all(is_whole(v, None, None) for v in item)):
                raise FileFormatError(source, _("islands[{index}]: expected {shape}, got {text}").format(
                    index=i, shape=shape, text=short(item)))
            x, y, k = (item[1], item[0], item[2]) if old else item
            if not (0 <= y < h and 0 <= x < w):
                raise FileFormatError(source, _("islands[{index}]: {cell} is outside the {width} x {height} "
                                                "grid").format(index=i, cell=cell_name((short(x), short(y))),
                                                               width=w, height=h))
            if not 1 <= k <= MAX_NUMBER:
                raise FileFormatError(source, _("islands[{index}]: number {number} is not 1-{most}").format(
                    index=i, number=short(k), most=MAX_NUMBER))
            if (x, y) in islands:
                raise FileFormatError(source, _("islands[{index}]: a second island at {cell}").format(
                    index=i, cell=cell_name((x, y))))
            islands[(x, y)] = k
        if "n" in data and data["n"] != len(islands):
            raise FileFormatError(source, ngettext("'n' says {number} islands but the list has {count}",
                                                   "'n' says {number} islands but the list has {count}",
                                                   len(islands)).format(number=short(data["n"]), count=len(islands)))
        name = data.get("name", "")
        if not isinstance(name, str) or len(name) > MAX_TEXT_LENGTH:
            raise FileFormatError(source, _("'name' must be text of at most {most} characters").format(
                most=MAX_TEXT_LENGTH))
        return cls(w, h, islands, name)

    @classmethod
    def from_json(cls, path: str | os.PathLike[str]) -> "HashiPuzzle":
        """Read the JSON form written by :meth:`to_json`."""
        return cls.from_dict(read_json(path), os.fspath(path))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "HashiPuzzle":
        """Read a ``.json`` or ``.has`` file (by extension; ``.has`` otherwise)."""
        if os.fspath(path).lower().endswith(".json"):
            return cls.from_json(path)
        return cls.from_has(path)

    def to_json(self) -> dict[str, Any]:
        """The JSON form: ``{"format": "hashi-puzzle/2", "name", "width", "height", "n",
        "islands": [[x, y, k], ...]}`` (islands row by row)."""
        return {"format": PUZZLE_FORMAT, "name": self.name, "width": self.width, "height": self.height,
                "n": len(self.islands), "islands": [[x, y, k] for (x, y), k in self.islands.items()]}

    def to_ascii(self, bridges: Mapping[Line, int] | None = None) -> str:
        """A text picture; bridges drawn with ``- = | H``."""
        grid = [["." for _ in range(self.width)] for _ in range(self.height)]
        for pair, k in (bridges or {}).items():
            a, b = sorted(pair)
            if a[1] == b[1]:                       # same row: horizontal
                for x in range(a[0] + 1, b[0]):
                    grid[a[1]][x] = "-" if k == 1 else "="
            else:
                for y in range(a[1] + 1, b[1]):
                    grid[y][a[0]] = "|" if k == 1 else "H"
        for (x, y), k in self.islands.items():
            grid[y][x] = str(k)
        return "\n".join(" ".join(row) for row in grid)


def _is_int(t: str) -> bool:
    """A whole number in ASCII digits, at most 9 of them (``²``, ``⑨``, ``--1``, ``３`` are not)."""
    return re.fullmatch(r"-?[0-9]{1,9}", t) is not None


def pair(a: Cell, b: Cell) -> Line:
    """The key of the bridges between two islands: a :data:`~skye_widgets.hashi.board.Line`
    (the sorted pair of cells), the same bridge value the game uses.

    >>> pair((0, 2), (0, 0))
    ((0, 0), (0, 2))
    """
    return make_line(a, b)


class PuzzleState(Pictured):
    """A learner's play on a puzzle: how many bridges (1 or 2) join each neighbour pair.

    Every change is checked first; an illegal one raises a specific
    :class:`IllegalBridgeError` and changes nothing.
    """

    def __init__(self, puzzle: HashiPuzzle, bridges: Mapping[Line, int] | None = None) -> None:
        self.puzzle = puzzle
        self.bridges: dict[Line, int] = {}
        self._solution: dict[Line, int] | None = None   # the last hint's (solver.hint), reused while it fits
        self._known: tuple | None = None   # the last hint's exclusions (solver.hint), with the bridges drawn then
        self.last_hint: Any = None         # the last hint given (solver.hint): its trial's chain can be stepped through
        for key, k in (bridges or {}).items():
            a, b = make_line(*key)
            for _step in range(k):
                self.add_bridge(a, b)

    # -- reading ------------------------------------------------------------
    def count(self, a: Cell, b: Cell) -> int:
        """Bridges between ``a`` and ``b`` (0, 1 or 2)."""
        return self.bridges.get(pair(a, b), 0)

    def degree(self, cell: Cell) -> int:
        """Bridges at an island."""
        return sum(k for p, k in self.bridges.items() if tuple(cell) in p)

    def is_finished(self, cell: Cell) -> bool:
        """Whether an island has exactly its number of bridges."""
        return self.degree(cell) == self.puzzle.islands[tuple(cell)]  # type: ignore[index]

    def bridge_list(self) -> list[tuple[int, int, int, int, int]]:
        """Bridges as sorted ``(x1, y1, x2, y2, count)`` rows."""
        out = []
        for p, k in self.bridges.items():
            a, b = p
            out.append((a[0], a[1], b[0], b[1], k))
        return sorted(out)

    def copy(self) -> "PuzzleState":
        s = PuzzleState(self.puzzle)
        s.bridges = dict(self.bridges)
        return s

    # -- checking and changing ----------------------------------------------
    def check_bridge(self, a: Cell, b: Cell) -> None:
        """Raise the reason one more bridge between ``a`` and ``b`` is illegal (or return)."""
        a, b = tuple(a), tuple(b)  # type: ignore[assignment]
        isl = self.puzzle.islands
        if a not in isl or b not in isl:
            missing = a if a not in isl else b
            raise NotNeighboursError(_("{cell} is not an island.").format(cell=cell_name(missing)))
        if b not in self.puzzle.neighbours(a):
            raise NotNeighboursError(_("{a} and {b} are not neighbours: a bridge runs straight to the nearest "
                                       "island in line of sight.").format(a=cell_name(a), b=cell_name(b)))
        k = self.count(a, b)
        if k >= 2:
            raise TooManyBridgesError(_("There are already 2 bridges between {a} and {b}; 2 is the most.").format(
                a=cell_name(a), b=cell_name(b)))
        for c in (a, b):
            if self.degree(c) >= isl[c]:
                # Translators: {number} is the island's number ("the 3 at (x 2, y 5)": the island showing 3).
                raise OverNumberError(ngettext(
                    "The {number} at {cell} already has {count} bridge; it cannot take more than its number.",
                    "The {number} at {cell} already has {count} bridges; it cannot take more than its number.",
                    self.degree(c)).format(number=isl[c], cell=cell_name(c), count=self.degree(c)))
        if k == 0:
            for p in self.bridges:
                c, d = p
                if lines_cross((a, b), (c, d)):
                    raise CrossingBridgeError(_("A bridge from {a} to {b} would cross the bridge from {c} to {d}; "
                                                "bridges never cross.").format(
                        a=cell_name(a), b=cell_name(b), c=cell_name(c), d=cell_name(d)))

    def add_bridge(self, a: Cell, b: Cell) -> None:
        """One more bridge between ``a`` and ``b`` (raises IllegalBridgeError, unchanged)."""
        self.check_bridge(a, b)
        key = pair(a, b)
        self.bridges[key] = self.bridges.get(key, 0) + 1

    def remove_bridge(self, a: Cell, b: Cell) -> None:
        """One bridge fewer between ``a`` and ``b`` (raises NoBridgeError when there is none)."""
        key = pair(a, b)
        k = self.bridges.get(key, 0)
        if k == 0:
            raise NoBridgeError(_("There is no bridge between {a} and {b} to remove.").format(
                a=cell_name(a), b=cell_name(b)))
        if k == 1:
            del self.bridges[key]
        else:
            self.bridges[key] = k - 1

    def cycle_bridge(self, a: Cell, b: Cell) -> int:
        """Click behaviour 0 -> 1 -> 2 -> 0; returns the new count (illegal raises, unchanged)."""
        k = self.count(a, b)
        if k == 2:
            del self.bridges[pair(a, b)]
            return 0
        self.add_bridge(a, b)
        return k + 1

    def clear(self) -> None:
        """Remove every bridge."""
        self.bridges.clear()

    # -- judging ------------------------------------------------------------
    def problems(self) -> list[str]:
        """Why this is not (yet) a solution; ``[]`` when solved."""
        return validate(self.puzzle, self.bridges)

    def is_solved(self) -> bool:
        """Every island has its number, no crossing, one connected network."""
        return not self.problems()


def as_pair_counts(bridges: Mapping[Line, int] | Iterable[Iterable[int]] | None
                   ) -> dict[Line, int]:
    """Accept ``{pair: count}`` or rows ``(x1, y1, x2, y2, count)``; return ``{pair: count}``."""
    if bridges is None:
        return {}
    if isinstance(bridges, Mapping):
        return {make_line(*p): int(k) for p, k in bridges.items() if k}
    out: dict[Line, int] = {}
    for row in bridges:
        x1, y1, x2, y2, k = row
        if k:
            out[pair((x1, y1), (x2, y2))] = out.get(pair((x1, y1), (x2, y2)), 0) + int(k)
    return out


def validate(puzzle: HashiPuzzle, bridges: Mapping[Line, int] | Iterable[Iterable[int]]) -> list[str]:
    """Why ``bridges`` is not a solution of ``puzzle``; ``[]`` when it is one.

    Checks, independently of the solver: each bridge joins neighbouring
    islands, 1 or 2 bridges per pair, no crossing, every island has exactly its
    number, and all islands form one connected network.
    """
    out: list[str] = []
    counts: dict[Line, int] = {}
    if isinstance(bridges, Mapping):
        items = [(make_line(*p), k) for p, k in bridges.items()]
    else:
        items = []
        for row in bridges:
            x1, y1, x2, y2, k = row
            items.append((make_line((x1, y1), (x2, y2)), k))
    isl = puzzle.islands
    for (a, b), k in items:
        if a not in isl or b not in isl:
            # Translators: what is wrong with a learner's Hashi bridges (one line each, lower case).
            out.append(_("bridge {a}-{b}: both ends must be islands").format(a=cell_name(a), b=cell_name(b)))
            continue
        if b not in puzzle.neighbours(a):
            out.append(_("bridge {a}-{b}: not neighbours in line of sight").format(a=cell_name(a), b=cell_name(b)))
            continue
        if k not in (0, 1, 2):
            out.append(_("bridge {a}-{b}: {value} bridges (1 or 2 allowed)").format(a=cell_name(a), b=cell_name(b),
                                                                                    value=k))
        key = (a, b)
        counts[key] = counts.get(key, 0) + k
    for (a, b), k in sorted(counts.items(), key=lambda item: line_order(item[0])):
        if k > 2:
            out.append(ngettext("{count} bridge between {a} and {b}; at most 2",
                                "{count} bridges between {a} and {b}; at most 2", k).format(
                count=k, a=cell_name(a), b=cell_name(b)))
    live = sorted(((p, k) for p, k in counts.items() if k), key=lambda item: line_order(item[0]))
    for i in range(len(live)):
        (a, b), _ka = live[i]
        for j in range(i + 1, len(live)):
            (c, d), _kc = live[j]
            if lines_cross((a, b), (c, d)):
                out.append(_("the bridge {a}-{b} crosses {c}-{d}").format(a=cell_name(a), b=cell_name(b),
                                                                            c=cell_name(c), d=cell_name(d)))
    deg = {c: 0 for c in isl}
    for (a, b), k in live:
        deg[a] += k
        deg[b] += k
    for c, k in isl.items():              # row by row
        if deg[c] != k:
            out.append(ngettext("the {n} at {cell} has {count} bridge", "the {n} at {cell} has {count} bridges",
                                deg[c]).format(n=k, cell=cell_name(c), count=deg[c]))
    if isl:
        adj: dict[Cell, list[Cell]] = {c: [] for c in isl}
        for (a, b), _k in live:
            adj[a].append(b)
            adj[b].append(a)
        start = min(isl, key=row_major)
        seen = {start}
        stack = [start]
        while stack:
            for d in adj[stack.pop()]:
                if d not in seen:
                    seen.add(d)
                    stack.append(d)
        if len(seen) < len(isl):
            out.append(ngettext("not connected: {lost} of {count} island cannot be reached from {cell}",
                                "not connected: {lost} of {count} islands cannot be reached from {cell}",
                                len(isl)).format(lost=len(isl) - len(seen), count=len(isl), cell=cell_name(start)))
    return out

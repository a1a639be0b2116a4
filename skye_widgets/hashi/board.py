"""Hashi game boards: islands on a square grid, flags, and the dotted lines.

A board side has 18 islands; 4 carry a red flag and 3 a blue flag. Dotted
lines join neighbouring islands horizontally or vertically; bridges may only
be drawn along them. Two dotted lines may cross (that is why the rules say
bridges never cross), but a line never runs through an island (so two lines
can never overlap either).

Cells are ``(x, y)`` from 0 with the origin at the top left: ``x`` is the
column (growing east), ``y`` the row (growing south), as everywhere in the
package, the classic puzzles of :mod:`skye_widgets.hashi.puzzle` included. A line
is a sorted pair of cells.

Board files are JSON (see ``docs/hashi.md``)::

    {"format": "hashi-board/2", "name": "Skerries", "side": "A",
     "width": 7, "height": 7,
     "islands": [{"at": [0, 0], "flag": "red"}, {"at": [3, 0]}, ...],
     "lines": [[[0, 0], [3, 0]], ...]}

Files of the first format (``hashi-board/1``) wrote cells ``[row, col]``;
they are still read (each cell swapped).

>>> b = load_board("skerries-a")
>>> len(b.islands), len(b.red), len(b.blue)
(18, 4, 3)
>>> b.flag(b.red[0])
'red'
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..drawing import Pictured
from ..errors import DataError, FileFormatError, RulesError, read_json, write_json
from ..i18n import _, ngettext, pgettext
from ..limits import (MAX_BOARD_ISLANDS, MAX_BOARD_LINES, MAX_HASHI_SIDE, MAX_NAME_LENGTH, MAX_TEXT_LENGTH,
                      is_whole, short)

Cell = tuple[int, int]
Line = tuple[Cell, Cell]

BOARD_FORMAT = "hashi-board/2"
#: The first board format, with cells ``[row, col]`` (read by swapping them).
OLD_BOARD_FORMAT = "hashi-board/1"
FLAGS = ("red", "blue")
#: The structure of a published board side.
STANDARD_COUNTS = {"islands": 18, "red": 4, "blue": 3}


class BoardError(DataError):
    """A board description that breaks the board rules (the message says which)."""


def make_line(a: Cell, b: Cell) -> Line:
    """The canonical (sorted) form of the line between two cells.

    >>> make_line((0, 2), (0, 0))
    ((0, 0), (0, 2))
    """
    a, b = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
    return (a, b) if a <= b else (b, a)


def lines_cross(p: Line, q: Line) -> bool:
    """Whether two straight lines (bridges) cross at a point strictly inside both.

    The one crossing test of the Hashi game, its boards and the classic puzzles
    (and their solvers, which precompute it per pair of edges). Only a horizontal
    and a vertical line can cross; the ends may be given in either order.

    >>> lines_cross(((1, 0), (1, 4)), ((0, 2), (3, 2)))
    True
    >>> lines_cross(((1, 4), (1, 0)), ((3, 2), (0, 2)))  # either order of the ends
    True
    >>> lines_cross(((1, 0), (1, 4)), ((1, 4), (3, 4)))  # they only touch at an island
    False
    """
    (a, b), (c, d) = p, q
    if a[0] == b[0] and c[1] == d[1]:      # p keeps its first coordinate, q its second
        u, v = a[0], c[1]                  # the only point they could share
        return min(a[1], b[1]) < v < max(a[1], b[1]) and min(c[0], d[0]) < u < max(c[0], d[0])
    if a[1] == b[1] and c[0] == d[0]:      # the other way round
        return lines_cross(q, p)
    return False


class IllegalBridgeError(RulesError):
    """A bridge the rules do not allow (in the game or a puzzle); the state is unchanged."""


class CrossingBridgeError(IllegalBridgeError):
    """Bridges never cross (the game's and the puzzles' rule alike)."""


def _cells_strictly_between(line: Line) -> Iterable[Cell]:
    (r1, c1), (r2, c2) = line
    if r1 == r2:
        return ((r1, c) for c in range(c1 + 1, c2))
    return ((r, c1) for r in range(r1 + 1, r2))


def _fmt(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def row_major(cell: Cell) -> tuple[int, int]:
    """Sort key: top to bottom, then left to right (the order lines and neighbours are listed in)."""
    return (cell[1], cell[0])


def line_order(line: Line) -> tuple[tuple[int, int], tuple[int, int]]:
    """Sort key of a line (a pair of cells): row by row, as :func:`row_major` orders cells
    (the order the boards' lines and the classic puzzles' pairs are listed in)."""
    return (row_major(line[0]), row_major(line[1]))


@dataclass(frozen=True)
class Island:
    """One island: its cell and its flag (``"red"``, ``"blue"`` or ``None``)."""

    cell: Cell
    flag: str | None = None


@dataclass(frozen=True)
class Board(Pictured):
    """One side of a Hashi board (validated on construction).

    ``standard=True`` (the default for files) also checks the published
    structure: 18 islands, 4 red flags, 3 blue flags. Smaller boards with
    ``standard=False`` are handy for lessons and tests.
    """

    name: str
    side: str
    width: int
    height: int
    islands: tuple[Island, ...]
    lines: tuple[Line, ...]
    note: str = ""
    standard: bool = True
    _flags: dict[Cell, str | None] = field(default_factory=dict, repr=False, compare=False)
    _neighbours: dict[Cell, tuple[Cell, ...]] = field(default_factory=dict, repr=False, compare=False)
    _crossings: dict[Line, tuple[Line, ...]] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        lines = tuple(sorted((make_line(a, b) for a, b in self.lines), key=line_order))
        object.__setattr__(self, "lines", lines)
        problem = self._first_problem()
        if problem:
            raise BoardError(problem)
        self._flags.update({i.cell: i.flag for i in self.islands})
        nb: dict[Cell, list[Cell]] = {i.cell: [] for i in self.islands}
        for a, b in lines:
            nb[a].append(b)
            nb[b].append(a)
        self._neighbours.update({c: tuple(sorted(v, key=row_major)) for c, v in nb.items()})
        for p in lines:
            self._crossings[p] = tuple(q for q in lines if lines_cross(p, q))

    # -- validation ---------------------------------------------------------
    def _first_problem(self) -> str | None:
        if self.width < 1 or self.height < 1:
            # Translators: faults of a Hashi board file (lower case, no full stop: the file's name comes first).
            return _("grid size {width}x{height} must be at least 1x1").format(width=self.width, height=self.height)
        seen: set[Cell] = set()
        for isl in self.islands:
            x, y = isl.cell
            if not (0 <= x < self.width and 0 <= y < self.height):
                return _("island {cell} is outside the {width}x{height} grid (x 0-{last_x}, y 0-{last_y})").format(
                    cell=_fmt(isl.cell), width=self.width, height=self.height, last_x=self.width - 1,
                    last_y=self.height - 1)
            if isl.cell in seen:
                return _("two islands at {cell}").format(cell=_fmt(isl.cell))
            if isl.flag not in (None, *FLAGS):
                return _("island {cell} has flag {flag}; flags are 'red', 'blue' or none").format(
                    cell=_fmt(isl.cell), flag=repr(isl.flag))
            seen.add(isl.cell)
        if self.standard:
            n_red = sum(i.flag == "red" for i in self.islands)
            n_blue = sum(i.flag == "blue" for i in self.islands)
            want = STANDARD_COUNTS
            if len(self.islands) != want["islands"]:
                return ngettext("{count} island; a board side has {want}", "{count} islands; a board side has {want}",
                                len(self.islands)).format(count=len(self.islands), want=want["islands"])
            if n_red != want["red"]:
                return ngettext("{count} red-flag island; a board side has {want}",
                                "{count} red-flag islands; a board side has {want}", n_red).format(count=n_red,
                                                                                                  want=want["red"])
            if n_blue != want["blue"]:
                return ngettext("{count} blue-flag island; a board side has {want}",
                                "{count} blue-flag islands; a board side has {want}", n_blue).format(count=n_blue,
                                                                                                    want=want["blue"])
        seen_lines: set[Line] = set()
        for line in self.lines:
            a, b = line
            for end in line:
                if end not in seen:
                    return _("line {a}-{b} ends at {cell}, which is not an island").format(a=_fmt(a), b=_fmt(b),
                                                                                           cell=_fmt(end))
            if a == b:
                return _("line {a}-{b} joins an island to itself").format(a=_fmt(a), b=_fmt(b))
            if a[0] != b[0] and a[1] != b[1]:
                return _("line {a}-{b} is diagonal; lines run along a row or a column").format(a=_fmt(a), b=_fmt(b))
            if line in seen_lines:
                return _("line {a}-{b} is listed twice").format(a=_fmt(a), b=_fmt(b))
            seen_lines.add(line)
            for cell in _cells_strictly_between(line):
                if cell in seen:
                    return _("line {a}-{b} runs through the island at {cell}").format(a=_fmt(a), b=_fmt(b),
                                                                                      cell=_fmt(cell))
        linked = {c for line in self.lines for c in line}
        for isl in self.islands:
            if isl.cell not in linked:
                return _("island {cell} has no dotted line, so it could never be finished").format(cell=_fmt(isl.cell))
        return None

    # -- queries ------------------------------------------------------------
    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every island cell, in file order."""
        return tuple(i.cell for i in self.islands)

    @property
    def red(self) -> tuple[Cell, ...]:
        """The red-flag islands."""
        return tuple(i.cell for i in self.islands if i.flag == "red")

    @property
    def blue(self) -> tuple[Cell, ...]:
        """The blue-flag islands."""
        return tuple(i.cell for i in self.islands if i.flag == "blue")

    def is_island(self, cell: Cell) -> bool:
        """Whether there is an island at ``cell``."""
        return tuple(cell) in self._flags

    def flag(self, cell: Cell) -> str | None:
        """The flag of the island at ``cell`` (``None`` if it has none)."""
        return self._flags[tuple(cell)]  # type: ignore[index]

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The islands a dotted line joins to ``cell``, top to bottom, left to right."""
        return self._neighbours[tuple(cell)]  # type: ignore[index]

    def has_line(self, a: Cell, b: Cell) -> bool:
        """Whether a dotted line joins ``a`` and ``b``."""
        return make_line(a, b) in self._crossings

    def crossings(self, a: Cell, b: Cell) -> tuple[Line, ...]:
        """The dotted lines that cross the line ``a``-``b``."""
        return self._crossings[make_line(a, b)]

    # -- files --------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The board-file form (``from_dict(to_dict())`` gives an equal board)."""
        d: dict[str, Any] = {"format": BOARD_FORMAT, "name": self.name, "side": self.side}
        if self.note:
            d["note"] = self.note
        if not self.standard:
            d["standard"] = False
        d["width"], d["height"] = self.width, self.height
        d["islands"] = [{"at": list(i.cell), **({"flag": i.flag} if i.flag else {})}
                        for i in self.islands]
        d["lines"] = [[list(a), list(b)] for a, b in self.lines]
        return d

    @classmethod
    def from_dict(cls, data: Any, source: str | os.PathLike[str] = "<board>") -> "Board":
        """Build and validate a board; every fault is one :class:`FileFormatError`."""
        def fail(fault: str) -> FileFormatError:
            return FileFormatError(source, fault)

        swap = read_head(data, source, _("a board file holds one JSON object"), (BOARD_FORMAT, OLD_BOARD_FORMAT),
                         ("name", "width", "height", "islands", "lines"))     # swap: [row, col] cells
        w, h = data["width"], data["height"]
        if not (is_whole(w, None, None) and is_whole(h, None, None)):
            raise fail(_("'width' and 'height' must be whole numbers"))
        if not (1 <= w <= MAX_HASHI_SIDE and 1 <= h <= MAX_HASHI_SIDE):
            raise fail(_("grid size {width}x{height}: width and height are 1-{most}").format(
                width=short(w), height=short(h), most=MAX_HASHI_SIDE))
        if not isinstance(data["islands"], list) or not isinstance(data["lines"], list):
            raise fail(_("'islands' and 'lines' must be lists"))
        if len(data["islands"]) > MAX_BOARD_ISLANDS:
            raise fail(ngettext("{count} islands; a board has at most {most}", "{count} islands; a board has at most {most}",
                                len(data["islands"])).format(count=len(data["islands"]), most=MAX_BOARD_ISLANDS))
        if len(data["lines"]) > MAX_BOARD_LINES:
            raise fail(ngettext("{count} lines; a board has at most {most}", "{count} lines; a board has at most {most}",
                                len(data["lines"])).format(count=len(data["lines"]), most=MAX_BOARD_LINES))
        islands = []
        for k, item in enumerate(data["islands"]):
            if not isinstance(item, dict) or "at" not in item:
                raise fail(_("island {number}: expected an object with 'at': [x, y]").format(number=k + 1))
            flag = item.get("flag")
            if flag is not None and flag not in FLAGS:
                raise fail(_("island {number}: flag {flag}; flags are 'red', 'blue' or none").format(
                    number=k + 1, flag=short(flag)))
            islands.append(Island(_cell(item["at"], _("island {number}").format(number=k + 1), fail, swap), flag))
        lines = []
        for k, item in enumerate(data["lines"]):
            if not (isinstance(item, list) and len(item) == 2):
                # Translators: a line drawn on the board (the file's "lines"), not a line of text
                raise fail(pgettext("board file", "line {number}: expected [[x, y], [x, y]]").format(number=k + 1))
            where = pgettext("board file", "line {number}").format(number=k + 1)
            lines.append(make_line(_cell(item[0], where, fail, swap), _cell(item[1], where, fail, swap)))
        standard = data.get("standard", True)
        if not isinstance(standard, bool):
            raise fail(_("'standard' must be true or false, not {value}").format(value=short(standard)))
        for key, most in (("name", MAX_NAME_LENGTH), ("side", MAX_NAME_LENGTH), ("note", MAX_TEXT_LENGTH)):
            if key in data and not isinstance(data[key], str):
                raise fail(_("{key} must be text, not {value}").format(key=repr(key), value=short(data[key])))
            if key in data and len(data[key]) > most:
                raise fail(ngettext("{key} is {count} character long; at most {most}",
                                    "{key} is {count} characters long; at most {most}",
                                    len(data[key])).format(key=repr(key), count=len(data[key]), most=most))
        try:
            return cls(name=str(data["name"]), side=str(data.get("side", "")), width=w, height=h,
                       islands=tuple(islands), lines=tuple(lines), note=str(data.get("note", "")),
                       standard=bool(standard))
        except BoardError as e:
            raise fail(str(e)) from None

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "Board":
        """Read and validate a board file."""
        return cls.from_dict(read_json(path), path)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the board file."""
        write_json(path, self.to_dict())


def read_head(data: Any, source: str | os.PathLike[str], one: str, formats: tuple[str, str],
              keys: Iterable[str]) -> bool:
    """Check the head of a Hashi JSON file (a board or a saved game) and say whether it is the
    older format, whose cells are ``[row, col]``.

    ``data`` must be an object (else "``one``"), its ``format`` one of ``formats`` (the current,
    then the older) and every key of ``keys`` present; each fault is one :class:`FileFormatError`.
    """
    if not isinstance(data, dict):
        raise FileFormatError(source, one)
    new, old = formats
    if data.get("format") not in formats:
        raise FileFormatError(source, _("'format' must be {new} (or the older {old}), not {format}").format(
            new=repr(new), old=repr(old), format=short(data.get("format"))))
    for key in keys:
        if key not in data:
            raise FileFormatError(source, _("missing key {key}").format(key=repr(key)))
    return data["format"] == old


def _cell(v: Any, where: str, fail: Any, swap: bool = False) -> Cell:
    if not (isinstance(v, list) and len(v) == 2 and all(is_whole(x) for x in v)):
        # Translators: {where} is "island 3" or "line 2"; {shape} is [x, y] or [row, col] (kept in English: file keys)
        raise fail(_("{where}: a cell is {shape} with whole numbers, not {value}").format(
            where=where, shape="[row, col]" if swap else "[x, y]", value=short(v)))
    return (v[1], v[0]) if swap else (v[0], v[1])


def sight_lines(cells: Iterable[Cell], width: int, height: int) -> list[Line]:
    """Every line from an island to the nearest island east of it and south of it.

    A helper for designing boards (the line-of-sight neighbours of a classic
    Hashiwokakero puzzle); a board may then drop some of these lines.

    >>> sight_lines([(0, 0), (2, 0), (0, 2), (2, 2)], 3, 3)
    [((0, 0), (2, 0)), ((0, 0), (0, 2)), ((2, 0), (2, 2)), ((0, 2), (2, 2))]
    """
    occupied = set(map(tuple, cells))
    out: list[Line] = []
    for x, y in occupied:  # type: ignore[misc]
        for dx, dy in ((1, 0), (0, 1)):
            xx, yy = x + dx, y + dy
            while 0 <= xx < width and 0 <= yy < height:
                if (xx, yy) in occupied:
                    out.append(((x, y), (xx, yy)))
                    break
                xx, yy = xx + dx, yy + dy
    return sorted(out, key=line_order)


def board_names() -> list[str]:
    """The boards shipped with the package (file names without ``.json``)."""
    from importlib import resources     # here: it brings tempfile and shutil; only reading the data needs it (start-up)

    folder = resources.files(__package__) / "data" / "boards"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def load_board(name_or_path: str | os.PathLike[str]) -> Board:
    """A shipped board by name (``"skerries-a"``), or a board file by path."""
    name = os.fspath(name_or_path)
    if name in board_names():
        from importlib import resources

        ref = resources.files(__package__) / "data" / "boards" / f"{name}.json"
        with resources.as_file(ref) as path:
            return Board.load(path)
    return Board.load(name)

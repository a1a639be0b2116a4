"""A Skylands player board: placing tiles, islands, inhabitants and final scoring.

The board is ``width`` x ``height`` squares (4 rows of 5 by default); x grows
east, y grows south. A tile goes on any empty square, turned first; each of its
edges must match the type (forest, mountain, crystal, city or cloud) of the
neighbouring tile's edge, while the board border accepts anything.

An *island* is a set of tile parts of one terrain joined across matching
edges. It is *complete* when its whole border is closed: every side of every
part meets a neighbouring tile. An island with a side on the board border can
never be completed.

>>> from skye_widgets.skylands.components import components
>>> c = components()
>>> b = PlayerBoard()
>>> _ = b.place(c.tile("I01"), 0, 1, 0)    # forest end, its forest edge faces N
>>> b.islands()[0].complete, b.islands()[0].open_to_border
(False, False)
>>> _ = b.place(c.tile("I01"), 0, 0, 2)    # another end turned to face S: they meet
>>> isl = b.islands()[0]
>>> isl.terrain, isl.complete, isl.cells
('forest', True, ((0, 0), (0, 1)))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from ..drawing import Pictured
from ..errors import BadRotationError, CellOccupiedError, IllegalPlacementError
from ..i18n import _, lazy_ngettext, ngettext, pgettext
from ..scores import BreakdownItem, ScoreResult
from .components import (CLOUD, COLORS, ROTATIONS, SIDE_OFFSETS, TERRAIN_COLOR,
                         Components, Special, Tile)
from .words import people_list, terrain_word

Cell = tuple[int, int]
#: A tile part on a board: (x, y, index of the part on the tile).
Node = tuple[int, int, int]


#: Skylands' name for the shared placement error.
PlacementError = IllegalPlacementError


def rotation_error(rotation: object) -> str:
    """The message of a rotation that is not 0-3, in the current language."""
    return _("The rotation is 0, 1, 2 or 3 quarter turns, not {value}.").format(value=repr(rotation))


def side_word(direction: int) -> str:
    """A side's compass word (N, E, S, W) in the current language."""
    # Translators: a side of a landscape tile, in "its {side} side shows {terrain}" (the placement
    # error); a compass direction, north at the top of the territory.
    return (pgettext("side", "north"), pgettext("side", "east"), pgettext("side", "south"),
            pgettext("side", "west"))[direction]


class OffBoardError(PlacementError):
    """The square is outside the player board."""


class EdgeMismatchError(PlacementError):
    """An edge does not match the neighbouring tile's edge."""


@dataclass(frozen=True)
class Placed:
    """A tile on a board, with its rotation; ``printed`` squares are on the board itself."""

    tile: Tile
    x: int
    y: int
    rotation: int
    printed: bool = False

    @property
    def edges(self) -> tuple[str, str, str, str]:
        return self.tile.edges(self.rotation)

    def part_on_side(self, side: int) -> int:
        """Index of the part touching ``side`` (after rotation), or -1 for a cloud edge."""
        for i, p in enumerate(self.tile.parts):
            if (side - self.rotation) % 4 in p.sides:
                return i
        return -1


@dataclass(frozen=True)
class Island:
    """A connected piece of one terrain on a board."""

    anchor: Node                     # the smallest node: the island's stable name
    terrain: str
    nodes: tuple[Node, ...]
    cells: tuple[Cell, ...]
    spaces: int
    complete: bool
    open_to_border: bool
    specials: tuple[str, ...]        # ids of special islands that are part of it

    @property
    def squares(self) -> int:
        return len(self.cells)

    @property
    def color(self) -> str | None:
        """The inhabitant colour it is filled with (None for cities)."""
        return TERRAIN_COLOR.get(self.terrain)


@dataclass
class PlayerBoard(Pictured):
    """One player's board: placed tiles and the inhabitants on complete islands."""

    width: int = 5
    height: int = 4
    grid: dict[Cell, Placed] = field(default_factory=dict)
    #: inhabitants by island anchor (only complete islands hold inhabitants)
    inhabitants: dict[Node, dict[str, int]] = field(default_factory=dict)
    _islands: list[Island] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def beginner(cls, comp: Components) -> "PlayerBoard":
        """The beginner side: the pre-printed squares already in place."""
        b = cls(comp.width, comp.height)
        for p in comp.printed:
            b.grid[(p.x, p.y)] = Placed(p.tile, p.x, p.y, 0, printed=True)
        return b

    # -- placing ------------------------------------------------------------
    def check(self, tile: Tile, x: int, y: int, rotation: int) -> None:
        """Raise a :class:`PlacementError` if ``tile`` cannot go at (x, y); change nothing."""
        if rotation not in ROTATIONS:
            raise BadRotationError(rotation_error(rotation))
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise OffBoardError(_("The square ({x}, {y}) is off the {width}x{height} board.").format(
                x=x, y=y, width=self.width, height=self.height))
        if (x, y) in self.grid:
            # (no tile id: the board shows islands, never their ids)
            raise CellOccupiedError(_("The square ({x}, {y}) already holds a tile.").format(x=x, y=y))
        edges = tile.edges(rotation)
        for side, (dx, dy) in enumerate(SIDE_OFFSETS):
            other = self.grid.get((x + dx, y + dy))
            if other is None:
                continue
            theirs = other.edges[(side + 2) % 4]
            if theirs != edges[side]:
                # Translators: {side} is a compass word (north...), {edge} and {theirs} terrain words
                # (forest, mountain, crystal, city, cloud); {cell} and {other_cell} are "(x, y)".
                raise EdgeMismatchError(_(
                    "Tile {tile} cannot go at {cell} with rotation {rotation}: its {side} edge is {edge}, "
                    "but the tile at {other_cell} shows {theirs} there.").format(
                    tile=tile.id, cell=(x, y), rotation=rotation, side=side_word(side),
                    edge=terrain_word(edges[side]), other_cell=(x + dx, y + dy), theirs=terrain_word(theirs)))

    def fits(self, tile: Tile, x: int, y: int, rotation: int) -> bool:
        """Whether :meth:`check` would accept the placement."""
        if not (0 <= x < self.width and 0 <= y < self.height) or (x, y) in self.grid:
            return False
        edges = tile.edges(rotation)
        for side, (dx, dy) in enumerate(SIDE_OFFSETS):
            other = self.grid.get((x + dx, y + dy))
            if other is not None and other.edges[(side + 2) % 4] != edges[side]:
                return False
        return True

    def place(self, tile: Tile, x: int, y: int, rotation: int) -> Placed:
        """Check, then put ``tile`` on (x, y) turned ``rotation`` times."""
        self.check(tile, x, y, rotation)
        placed = Placed(tile, x, y, rotation)
        self.grid[(x, y)] = placed
        self._islands = None
        return placed

    def legal_placements(self, tile: Tile) -> list[tuple[int, int, int]]:
        """Every (x, y, rotation) where ``tile`` fits, sorted; symmetric turns listed once."""
        rots = tile.distinct_rotations()
        return [(x, y, r) for y in range(self.height) for x in range(self.width) for r in rots
                if self.fits(tile, x, y, r)]

    def empty_squares(self) -> list[Cell]:
        return [(x, y) for y in range(self.height) for x in range(self.width) if (x, y) not in self.grid]

    # -- islands ------------------------------------------------------------
    def islands(self) -> list[Island]:
        """Every island on the board, sorted by anchor (cached until the next placement)."""
        if self._islands is None:
            self._islands = self._compute_islands()
        return self._islands

    def _compute_islands(self) -> list[Island]:
        parent: dict[Node, Node] = {}

        def find(n: Node) -> Node:
            while parent[n] != n:
                parent[n] = parent[parent[n]]
                n = parent[n]
            return n

        open_nodes: set[Node] = set()
        border_nodes: set[Node] = set()
        for (x, y), pl in self.grid.items():
            for i in range(len(pl.tile.parts)):
                parent[(x, y, i)] = (x, y, i)
        for (x, y), pl in self.grid.items():
            for i, part in enumerate(pl.tile.parts):
                for side in part.rotated_sides(pl.rotation):
                    dx, dy = SIDE_OFFSETS[side]
                    nx, ny = x + dx, y + dy
                    if not (0 <= nx < self.width and 0 <= ny < self.height):
                        open_nodes.add((x, y, i))
                        border_nodes.add((x, y, i))
                        continue
                    other = self.grid.get((nx, ny))
                    if other is None:
                        open_nodes.add((x, y, i))
                        continue
                    j = other.part_on_side((side + 2) % 4)
                    if j < 0:  # cannot happen on a legal board (edges match)
                        open_nodes.add((x, y, i))
                        continue
                    a, b = find((x, y, i)), find((nx, ny, j))
                    if a != b:
                        parent[max(a, b)] = min(a, b)
        groups: dict[Node, list[Node]] = {}
        for n in parent:
            groups.setdefault(find(n), []).append(n)
        out = []
        for nodes in groups.values():
            nodes.sort()
            x0, y0, i0 = nodes[0]
            terrain = self.grid[(x0, y0)].tile.parts[i0].terrain
            cells = tuple(sorted({(x, y) for x, y, _ in nodes}))
            spaces = sum(self.grid[(x, y)].tile.parts[i].spaces for x, y, i in nodes)
            specials = tuple(sorted({self.grid[c].tile.id for c in cells
                                     if isinstance(self.grid[c].tile, Special)}))
            out.append(Island(nodes[0], terrain, tuple(nodes), cells, spaces,
                              complete=not any(n in open_nodes for n in nodes),
                              open_to_border=any(n in border_nodes for n in nodes),
                              specials=specials))
        out.sort(key=lambda i: i.anchor)
        return out

    def island(self, anchor: Node) -> Island:
        """The island named by its anchor node (any node of it is accepted)."""
        for isl in self.islands():
            if anchor == isl.anchor or tuple(anchor) in isl.nodes:
                return isl
        raise KeyError(anchor)

    def island_at(self, x: int, y: int) -> list[Island]:
        """The islands with a part on square (x, y)."""
        return [i for i in self.islands() if (x, y) in i.cells]

    def complete_islands(self, terrain: str | None = None) -> list[Island]:
        return [i for i in self.islands() if i.complete and (terrain is None or i.terrain == terrain)]

    # -- inhabitants ----------------------------------------------------------
    def occupants(self, anchor: Node) -> int:
        return sum(self.inhabitants.get(anchor, {}).values())

    def free_spaces(self, isl: Island) -> int:
        return isl.spaces - self.occupants(isl.anchor)

    def count(self, color: str | None = None) -> int:
        """Inhabitants on the board (of one colour, or all)."""
        return sum(n for d in self.inhabitants.values() for c, n in d.items() if color in (None, c))

    def add_inhabitants(self, anchor: Node, color: str, n: int) -> None:
        if n:
            d = self.inhabitants.setdefault(anchor, {})
            d[color] = d.get(color, 0) + n

    def remove_inhabitants(self, anchor: Node, color: str, n: int) -> None:
        d = self.inhabitants[anchor]
        d[color] -= n
        if d[color] == 0:
            del d[color]
        if not d:
            del self.inhabitants[anchor]

    # -- specials ------------------------------------------------------------
    def specials(self) -> list[Special]:
        """Special islands on the board, in placement order."""
        return [p.tile for p in self.grid.values() if isinstance(p.tile, Special)]

    def has_effect(self, kind: str) -> list[Special]:
        return [s for s in self.specials() if s.effect is not None and s.effect.kind == kind]

    # -- copying and files -------------------------------------------------
    def copy(self) -> "PlayerBoard":
        return PlayerBoard(self.width, self.height, dict(self.grid),
                           {k: dict(v) for k, v in self.inhabitants.items()}, self._islands)

    def to_dict(self) -> dict[str, Any]:
        return {"tiles": [[p.tile.id, p.x, p.y, p.rotation] for p in self.grid.values() if not p.printed],
                "inhabitants": [[list(k), v] for k, v in sorted(self.inhabitants.items())]}


#: The breakdown line of a complete island (marked, translated when the score is computed).
# Translators: a Skylands score breakdown line; {terrain} is a terrain word, {points} equals {count}.
#: VP an empty square of a board costs at the end of the game ("Por cada casilla vacía en su tablero de
#: jugador, el jugador pierde 2 PV").
EMPTY_SQUARE_COST = 2

ISLAND_SCORE = lazy_ngettext("complete {terrain} island at ({x}, {y}): {count} space, {points} VP",
                             "complete {terrain} island at ({x}, {y}): {count} spaces, {points} VP")


def _people(colour: str, n: int) -> str:
    return people_list({colour: n})


def score_board(board: PlayerBoard, *, vp_markers: int = 0, overflow: int = 0,
                marker_active: bool = True) -> ScoreResult:
    """The final score of one board, with a breakdown (the rulebook's scoring).

    - -2 VP per empty square;
    - +1 VP per 2 inhabitants on the board;
    - +1 VP per **space** of every complete island (the places where inhabitants stand, as
      printed on its parts), not per board square: "solo las islas completas obtendrán puntos
      de victoria según el número de sus espacios" (see docs/skylands.md);
    - special islands in complete islands: their VP, and scoring effects by condition;
    - VP markers, +2 VP with the player marker still active, recorded overflow VP.
    """
    items: list[BreakdownItem] = []
    empty = board.empty_squares()
    if empty:
        # Translators: Skylands score breakdown lines.
        items.append(BreakdownItem(-EMPTY_SQUARE_COST * len(empty), ngettext("{count} empty square x -2", "{count} empty squares x -2",
                                                             len(empty)).format(count=len(empty)), tuple(empty)))
    n = board.count()
    if n // 2:
        items.append(BreakdownItem(n // 2, ngettext("{count} inhabitant on the board: 1 per 2",
                                                    "{count} inhabitants on the board: 1 per 2", n).format(count=n)))
    complete = board.complete_islands()
    for isl in complete:
        # "solo las islas completas obtendrán puntos de victoria según el número de sus espacios":
        # 1 VP per space of the island; each part belongs to one island, so a two-part tile
        # holding two complete islands gives each island its own spaces
        if isl.spaces:
            x, y = isl.cells[0]
            items.append(BreakdownItem(isl.spaces, ISLAND_SCORE.format(
                terrain=terrain_word(isl.terrain), x=x, y=y, count=isl.spaces, points=isl.spaces), isl.cells))
    in_complete = {sid for isl in complete for sid in isl.specials}
    cell_of = {p.tile.id: (p.x, p.y) for p in board.grid.values()}
    for sp in board.specials():
        if sp.id not in in_complete:
            continue
        cell = (cell_of[sp.id],)
        if sp.vp:
            items.append(BreakdownItem(sp.vp, _("special island {name} in a complete island").format(name=sp.title),
                                       cell))
        e = sp.effect
        if sp.category == "scoring" and e is not None:
            if e.kind == "per_island":
                k = len(board.complete_islands(e.terrain))
                # Translators: a scoring special island's line: "Moss Knoll: 2 complete forest islands x 2".
                text = ngettext("{name}: {count} complete {terrain} island x {points}",
                                "{name}: {count} complete {terrain} islands x {points}", k).format(
                    name=sp.title, count=k, terrain=terrain_word(e.terrain), points=e.points)
            elif e.kind == "per_special":
                k = len(board.specials())
                text = ngettext("{name}: {count} special island x {points}",
                                "{name}: {count} special islands x {points}", k).format(
                    name=sp.title, count=k, points=e.points)
            else:  # per_inhabitants
                k = board.count(e.color) // e.every
                # Translators: {people} is "5 green inhabitants"; one VP group per {every} of them.
                text = _("{name}: {people}, per {every} x {points}").format(
                    name=sp.title, people=_people(e.color, board.count(e.color)), every=e.every, points=e.points)
            if k:
                items.append(BreakdownItem(k * e.points, text, cell))
    if vp_markers:
        items.append(BreakdownItem(vp_markers, _("VP markers")))
    if marker_active:
        items.append(BreakdownItem(2, _("player marker still on its active side")))
    if overflow:
        items.append(BreakdownItem(overflow, _("VP recorded when the marker supply ran out")))
    return ScoreResult(sum(i.points for i in items), tuple(items))


def fill_island(board: PlayerBoard, isl: Island, supply: dict[str, int]) -> int:
    """Put inhabitants of the island's colour on its free spaces while ``supply`` lasts.

    Returns how many were placed (``supply`` is decreased).
    """
    color = isl.color
    if color is None:
        return 0
    k = min(board.free_spaces(isl), supply[color])
    if k > 0:
        board.add_inhabitants(isl.anchor, color, k)
        supply[color] -= k
    return max(k, 0)


def colors_on(board: PlayerBoard) -> dict[str, int]:
    """Inhabitants on the board by colour."""
    return {c: board.count(c) for c in COLORS}


def take_from_board(board: PlayerBoard, color: str, n: int) -> list[tuple[Node, int]]:
    """Remove ``n`` inhabitants of ``color``, fullest island first (ties: smaller anchor).

    Returns what came from where. The caller checks there are enough.
    """
    taken = []
    while n > 0:
        best = max((a for a, d in board.inhabitants.items() if d.get(color, 0) > 0),
                   key=lambda a: (board.inhabitants[a][color], tuple(-v for v in a)))
        k = min(n, board.inhabitants[best][color])
        board.remove_inhabitants(best, color, k)
        taken.append((best, k))
        n -= k
    return taken


def render_cells(cells: Iterable[Cell]) -> str:
    return ", ".join(f"({x}, {y})" for x, y in cells)


__all__ = ["PlayerBoard", "Placed", "Island", "Node", "Cell", "PlacementError", "OffBoardError",
           "CellOccupiedError", "EdgeMismatchError", "BadRotationError", "BreakdownItem",
           "ScoreResult", "score_board", "fill_island", "take_from_board", "CLOUD"]

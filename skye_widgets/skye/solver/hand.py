"""The hand: each tile in every rotation, and what the tiles left can add at most.

What it proves: :class:`_HandSums` never under-counts what the tiles still in hand can add to
a territory (tiles, areas by terrain, icons, the cells where none of them fits), and
:func:`_cap_completed` / :func:`_sided_completed` bound how many areas of one terrain those
tiles can newly complete: every such area holds an area of a new tile, one closable old area
of its own or two new ones. Every bound of the search starts from these sums. :class:`_Hand`
is a tile's oriented forms and its legal rotations per neighbour pattern (a table, not a proof).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from ..tiles import ROTATIONS, Tile
from .board import Cell, Oriented, _M, _SCROLLS, _W, canonical_rotations, orient


@dataclass(frozen=True)
class _HandSums:
    """What the tiles still in hand could add at most (for the bounds)."""

    n: int
    areas: int
    mountain_areas: int
    water_areas: int
    water_tiles: int
    sheep: int
    cattle: int
    road_cattle: int
    ships: int
    whisky: int
    road_whisky: int
    road_tiles: int
    broch: int
    farm: int
    lighthouse: int
    scrolls: tuple[int, ...]
    enclosed: tuple[int, int, int, int] = (0, 0, 0, 0)     # areas touching no side, by terrain code
    sided: tuple[int, int, int, int] = (0, 0, 0, 0)        # the other areas, by terrain code
    #: of the sided areas, by terrain code, those that can be completed without another new
    #: tile's area in theirs (:func:`_alone_closable`); None when not worked out
    alone: tuple[int, int, int, int] | None = None
    #: the empty cells next to the territory where no tile of the hand fits now (their
    #: neighbours' faces only grow in number and the hand only shrinks: they stay empty), so
    #: no area facing one is ever completed, no road exit pointing at one continued and no
    #: square holding one made (:func:`_dead_cells`); empty when not worked out
    dead: frozenset[Cell] = frozenset()


def _cap_completed(n: int, c: int, alone: int) -> int:
    """Most areas of one terrain newly completed with a sided area of a new tile in each, with
    ``n`` sided areas in the hand, ``c`` closable old areas and ``alone`` of the sided areas
    able to be completed without another new tile's area (see :func:`_alone_closable`).

    A completed area holding just one new sided area holds a closable old one and that sided
    area is one of ``alone``; every other one holds two new sided areas or more. With ``m`` of
    the first kind, ``m <= min(n, c, alone)`` and at most ``(n - m) // 2`` of the other, a
    total that grows with ``m``.
    """
    m = min(n, c, alone)
    return m + (n - m) // 2


def _sided_completed(n: int, c: int, alone: tuple[int, int, int, int] | None, terr: int, few: bool) -> int:
    """Most areas of terrain ``terr`` newly completed with a sided area of a new tile in each (the
    one formula of the plain, pair and three-left bounds): ``n`` sided areas, ``c`` closable old
    areas. Each holds a closable one of its own, or two new sided areas (only one closable each
    when ``few``: an area of new tiles only is impossible, or never large), capped by the sided
    areas that can be completed alone when they are known (:func:`_cap_completed`)."""
    most = min(n, c) if few or c >= n else c + (n - c) // 2
    if alone is not None:
        cap = _cap_completed(n, c, alone[terr])
        if cap < most:
            return cap
    return most


def _hand_sums(tiles: Sequence[Oriented]) -> _HandSums:
    sc = [0] * len(_SCROLLS)
    enclosed, sided = [0] * 4, [0] * 4
    for o in tiles:
        for i, a in enumerate(o.areas):
            for s in a[4]:
                sc[s] += 1
            (sided if i in o.side_area else enclosed)[a[0]] += 1
    return _HandSums(
        len(tiles), sum(len(o.areas) for o in tiles),
        sum(1 for o in tiles for a in o.areas if a[0] == _M),
        sum(1 for o in tiles for a in o.areas if a[0] == _W),
        sum(1 for o in tiles if any(a[0] == _W for a in o.areas)),
        sum(o.sheep for o in tiles), sum(o.cattle for o in tiles),
        sum(o.cattle for o in tiles if o.n_roads), sum(o.ships for o in tiles),
        sum(o.whisky for o in tiles), sum(o.whisky for o in tiles if o.n_roads),
        sum(1 for o in tiles if o.n_roads), sum(o.broch for o in tiles),
        sum(o.farm for o in tiles), sum(o.lighthouse for o in tiles), tuple(sc),
        tuple(enclosed), tuple(sided))  # type: ignore[arg-type]


class _Hand:
    """Per tile of the hand: its oriented forms and legal rotations per neighbour pattern."""

    def __init__(self, tile: Tile) -> None:
        self.tile = tile
        self.number: int | str = int(tile.id) if tile.id.isdigit() else tile.id  # hand-built tiles keep their id
        self.oriented, self.table = _tile_tables(tile)
        #: the terrain codes of its areas that touch a side (in any rotation)
        o = self.oriented[0]
        self.side_terrains = frozenset(o.areas[i][0] for i in o.side_area)


@lru_cache(maxsize=256)
def _tile_tables(tile: Tile) -> tuple[dict[int, Oriented], tuple[tuple[int, ...], ...]]:
    """A tile's oriented forms, and for each pattern of neighbour faces (2 bits a side,
    0 = empty) its canonical rotations that fit (computed once per tile)."""
    rots = canonical_rotations(tile)
    oriented = {r: orient(tile, r) for r in ROTATIONS}
    table: list[tuple[int, ...]] = []
    for code in range(256):
        ok = []
        for r in rots:
            faces = oriented[r].faces
            if all(((code >> (2 * d)) & 3) in (0, faces[d]) for d in range(4)):
                ok.append(r)
        table.append(tuple(ok))
    return oriented, tuple(table)

"""An exact solver for Isle of Skye placement puzzles.

:func:`solve` tries every legal way to place the whole hand — any order, every
legal cell, every rotation; a tile goes back to the bag only when nothing left
in the hand fits anywhere (the Build phase) — and maximises the objective.
It returns the optimum, how many distinct final territories reach it (all of
them, or up to ``max_optima``: ``max_optima=1`` only proves the optimum and keeps
one witness, what checks and hints need) and one solution in a legal placement order.

How it stays fast (details in ``docs/puzzles.md``):

* **Order independence.** The future of a search node depends only on *which*
  placements are on the board, not their order, so every node is keyed by a
  Zobrist hash of its set of placements and expanded once. Legality still
  follows the order: a child is generated only from a node where the tile is
  legal, so a tile that becomes legal only next to an earlier one is found.
* **Commuting placements.** After tile *i*, a tile of a lower index goes only on
  a cell the last placement opened: any legal order can be sorted into one that
  obeys this (two placements legal before either is made commute), so no final
  territory is lost; the memo then keys a node by its set and its last placement.
* **Symmetric duplicates.** A tile whose quarter turn gives the same sides,
  areas, roads and icons (say an all-water tile) is tried in one rotation of
  each class; final territories are counted in that canonical form.
* **Bounds.** Each objective term has a sound upper bound from the board so far
  plus what the tiles left could add; a node whose bound is below the best
  found so far is cut (equal is kept, so every optimal territory is counted).
  The search starts from the greedy score as its first "best".
* **Incremental scoring.** A light board (areas and roads as union-find
  components with running totals) counts the quantities the scoring tiles
  count (:data:`.scoring_tiles.QUANTITIES`) and scores a node in microseconds
  with the one table of scoring tiles (VP per unit, majorities); its results
  are checked against :mod:`.scoring` in the tests, and every solution is
  re-scored with :func:`.puzzles.evaluate` before it is returned.

>>> from .territory import Territory
>>> from .puzzles import Objective
>>> r = solve(Territory("castle-blue"), [3], Objective(scoring_tiles=(3,)))
>>> r.optimum, r.optimal_territories > 0
(0, True)
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable, Iterable, Sequence

from ..errors import FileFormatError, RulesError
from ..limits import MAX_PUZZLE_HAND
from .puzzles import HAND_TOO_LARGE, Move, Objective, Puzzle, PuzzleDataError, evaluate, load_puzzle
from .scoring_tiles import BROCH_POINTS, CASTLE_INCOME, SCORING_TILES, SCROLLS, broch_points, majority_points
from .territory import Territory, rotated_faces
from .tiles import ROTATIONS, SIDE_OFFSETS, Scroll, Terrain, Tile

Cell = tuple[int, int]

_TERRAIN_CODE = {Terrain.PASTURE: 1, Terrain.MOUNTAIN: 2, Terrain.WATER: 3}
_SCROLLS = tuple(Scroll)
_SCROLL_INDEX = {s: i for i, s in enumerate(_SCROLLS)}
_P, _M, _W = 1, 2, 3


class HandTooLargeError(RulesError):
    """A hand larger than :data:`MAX_PUZZLE_HAND`: refused before any search."""

    def __init__(self, count: int) -> None:
        self.count = count
        super().__init__(HAND_TOO_LARGE.format(count=count, limit=MAX_PUZZLE_HAND))


# --------------------------------------------------------------------------
# Tiles in one orientation
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Oriented:
    """A tile in one rotation, as the fast board needs it."""

    id: str
    rotation: int
    faces: tuple[int, int, int, int]             # terrain code facing N, E, S, W
    side_area: tuple[int, int, int, int]         # local area index facing N, E, S, W
    side_road: tuple[int | None, ...]            # local road network facing N, E, S, W
    areas: tuple[tuple[int, int, int, int, tuple[int, ...]], ...]  # terrain, broch, ships, lighthouse, scrolls
    n_roads: int
    sheep: int
    cattle: int
    ships: int
    whisky: int                                  # 1 when the tile has whisky
    broch: int
    farm: int
    lighthouse: int


def orient(t: Tile, rotation: int) -> Oriented:
    """``t`` turned ``rotation`` quarter turns clockwise."""
    faces = tuple(_TERRAIN_CODE[f] for f in rotated_faces(t)[rotation])
    side_area = tuple(t.area_of_side((d - rotation) % 4) for d in range(4))
    nets: list[int | None] = [None] * 4
    for k, net in enumerate(t.roads):
        for s in net:
            nets[(s + rotation) % 4] = k
    areas = tuple((_TERRAIN_CODE[a.terrain], a.icons.broch, a.icons.ships, a.icons.lighthouse,
                   (_SCROLL_INDEX[a.icons.scroll],) if a.icons.scroll else ()) for a in t.areas)
    ic = t.icons
    return Oriented(t.id, rotation, faces, side_area, tuple(nets), areas, len(t.roads),  # type: ignore[arg-type]
                    ic.sheep, ic.cattle, ic.ships, 1 if ic.whisky else 0, ic.broch, ic.farm, ic.lighthouse)


def rotation_signature(t: Tile, rotation: int) -> tuple[Any, ...]:
    """What a tile looks like after ``rotation``: equal signatures are the same placement."""
    def turn(sides: Iterable[int]) -> frozenset[int]:
        return frozenset((s + rotation) % 4 for s in sides)
    return (tuple(rotated_faces(t)[rotation]),
            frozenset((a.terrain, turn(a.sides), a.icons) for a in t.areas),
            frozenset(turn(r) for r in t.roads))


def canonical_rotations(t: Tile) -> tuple[int, ...]:
    """One rotation of each class of rotations that look the same (the smallest).

    >>> from .tiles import tile_from_dict
    >>> lake = tile_from_dict({"id": "lake", "sides": "WWWW", "areas": [{"terrain": "W", "sides": "NESW"}]})
    >>> canonical_rotations(lake)
    (0,)
    """
    seen: dict[Any, int] = {}
    for r in ROTATIONS:
        seen.setdefault(rotation_signature(t, r), r)
    return tuple(sorted(seen.values()))


def canonical_rotation(t: Tile, rotation: int) -> int:
    """The smallest rotation that looks the same as ``rotation``."""
    sig = rotation_signature(t, rotation)
    return min(r for r in ROTATIONS if rotation_signature(t, r) == sig)


# --------------------------------------------------------------------------
# The fast board: immutable snapshots, one per search node
# --------------------------------------------------------------------------

#: What a fast board can keep up to date.
FEATURES = ("squares", "vruns", "farms", "areas", "roads")


#: Quantity of .scoring_tiles.QUANTITIES -> the board feature that counts it (None: the
#: icon totals, always kept). Tile 10 compares gold + income: whisky connected by road.
QUANTITY_FEATURE: dict[str, str | None] = {
    "squares": "squares", "vertical_lines": "vruns", "animals_at_farms": "farms",
    "completed_areas": "areas", "large_completed_areas": "areas", "broch_points": "areas", "harbours": "areas",
    "largest_completed_water": "areas", "completed_mountain_areas": "areas",
    "cattle_on_road": "roads", "tiles_on_road": "roads", "gold": "roads",
    "sheep": None, "building_sets": None, "whisky_tiles": None, "ships": None,
}


def features_for(obj: Objective) -> frozenset[str]:
    """The board features an objective reads."""
    need = set()
    for n in obj.scoring_tiles:
        f = QUANTITY_FEATURE[SCORING_TILES[n].counts]
        if f is not None:
            need.add(f)
    if obj.scrolls:
        need.add("areas")
    if obj.income:
        need.add("roads")
    return frozenset(need)


class Board:
    """A territory kept as running totals for fast scoring (one snapshot per node).

    :meth:`place` returns a new board and leaves this one unchanged;
    :meth:`totals_after` computes only the totals a placement would give
    (what the last tile of a search needs).
    """

    __slots__ = ("occ", "aroot", "comps", "near", "rroot", "rcomps", "rfaced", "conn", "frontier", "t",
                 "c1", "c2", "max_water", "needs", "pending")

    # totals (index into self.t)
    SHEEP, CATTLE, SHIPS, WHISKY, BROCH, FARM, LH, SQUARES, VRUNS, FARM_ANIMALS, \
        COMPLETED, BIG, MOUNTAIN_DONE, BROCH_PTS, HARBOURS, CONN_CATTLE, CONN_WHISKY, \
        CONN_TILES, ROAD_CATTLE, ROAD_TILES, ROAD_WHISKY, WATER_TILES, \
        CASTLE_OPEN, POT_TILES, POT_CATTLE, POT_WHISKY, LH_COMPS, SHIP_COMPS, OPEN_WATER = range(29)
    N_TOTALS = 29

    def __init__(self, needs: frozenset[str] = frozenset(FEATURES)) -> None:
        #: what to keep up to date (see :data:`FEATURES`); the rest of the totals are not kept
        self.needs = needs
        self.occ: dict[Cell, Oriented] = {}
        #: area node (cell, area index) -> its component's root node
        self.aroot: dict[tuple[Cell, int], tuple[Cell, int]] = {}
        #: root -> (terrain, open sides, cells, broch, ships, lighthouse, scrolls, members,
        #: faced: the empty cells its open sides face -- all must be filled to complete it)
        self.comps: dict[tuple[Cell, int], tuple] = {}
        #: the open components the bounds look at (see :func:`_near`), by root
        self.near: dict[tuple[Cell, int], tuple] = {}
        #: road node (cell, network index) -> root; root -> (reaches the castle?, cells, members,
        #: open road exits, cattle, whisky)
        self.rroot: dict[tuple[Cell, int], tuple[Cell, int]] = {}
        self.rcomps: dict[tuple[Cell, int], tuple] = {}
        #: road root -> the empty cells its open road exits point at (kept with rcomps)
        self.rfaced: dict[tuple[Cell, int], frozenset[Cell]] = {}
        self.conn: frozenset[Cell] = frozenset()   # cells connected to the castle by road
        self.frontier: dict[Cell, int] = {}        # empty neighbour -> pattern of its neighbours' faces
        self.t: list[int] = [0] * Board.N_TOTALS
        self.c1 = [0] * len(_SCROLLS)              # scrolls in open areas, by type
        self.c2 = [0] * len(_SCROLLS)              # scrolls in completed areas
        self.max_water = 0                         # size of the largest completed water area
        #: a board made by ``place(..., lazy=True)``: what :meth:`finish` still has to do
        self.pending: tuple | None = None

    @classmethod
    def of(cls, territory: Territory, needs: frozenset[str] = frozenset(FEATURES)) -> "Board":
        """The board of a territory (placed in its build order)."""
        b = cls(needs)
        first = True
        for p in territory:
            b = b.place(p.cell, orient(territory.tile(p.tile), p.rotation), castle=first)
            first = False
        return b

    # -- the effect of one placement, computed without changing the board ------
    def _effects(self, cell: Cell, o: Oriented, castle: bool = False) -> tuple:
        x, y = cell
        t = list(self.t)
        c1, c2 = list(self.c1), list(self.c2)
        maxw = [self.max_water]
        B = Board
        t[B.SHEEP] += o.sheep
        t[B.CATTLE] += o.cattle
        t[B.SHIPS] += o.ships
        t[B.WHISKY] += o.whisky
        t[B.BROCH] += o.broch
        t[B.FARM] += o.farm
        t[B.LH] += o.lighthouse
        for a in o.areas:
            if a[0] == _W:
                t[B.WATER_TILES] += 1
                break
        if o.n_roads and not castle:
            t[B.ROAD_TILES] += 1
            t[B.ROAD_CATTLE] += o.cattle
            t[B.ROAD_WHISKY] += o.whisky
        needs = self.needs
        if "squares" in needs or "vruns" in needs or "farms" in needs:
            self._geometry(t, cell, o, needs)
        if "areas" in needs:
            local, merged, final = self._areas(t, c1, c2, maxw, cell, o)
        else:
            local, merged, final = {}, {}, set()
        if "roads" in needs:
            (rlocal, rmerged, rfinal), conn = self._roads(t, cell, o, castle)
        else:
            rlocal, rmerged, rfinal, conn = {}, {}, set(), self.conn
        return t, c1, c2, maxw[0], (local, merged, final), (rlocal, rmerged, rfinal), conn

    def _geometry(self, t: list[int], cell: Cell, o: Oriented, needs: frozenset[str]) -> None:
        """Squares, vertical runs, animals at farms (those in ``needs``)."""
        x, y = cell
        occ = self.occ
        B = Board
        n_, s_ = (x, y - 1) in occ, (x, y + 1) in occ
        if "squares" in needs:
            self._squares(t, x, y, n_, s_)
        if "vruns" in needs and (n_ or s_):
            up = 0
            while (x, y - up - 1) in occ:
                up += 1
            down = 0
            while (x, y + down + 1) in occ:
                down += 1
            t[B.VRUNS] += (up + down + 1 >= 3) - (up >= 3) - (down >= 3)
        if "farms" in needs:
            self._farms(t, cell, o)

    def _squares(self, t: list[int], x: int, y: int, n_: bool, s_: bool) -> None:
        """Squares of 2 x 2 holding the new cell."""
        occ = self.occ
        w, e = (x - 1, y) in occ, (x + 1, y) in occ
        t[Board.SQUARES] += ((w and n_ and (x - 1, y - 1) in occ) + (e and n_ and (x + 1, y - 1) in occ)
                         + (w and s_ and (x - 1, y + 1) in occ) + (e and s_ and (x + 1, y + 1) in occ))

    def _farms(self, t: list[int], cell: Cell, o: Oriented) -> None:
        """Animals on or next to a farm tile."""
        x, y = cell
        occ = self.occ
        B = Board
        animals = o.sheep + o.cattle
        if o.farm or animals:
            near = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
            if animals and (o.farm or any(c in occ and occ[c].farm for c in near)):
                t[B.FARM_ANIMALS] += animals
            if o.farm:
                for c in near:
                    q = occ.get(c)
                    if q is not None and q.sheep + q.cattle and not q.farm and not any(
                            (r := occ.get((c[0] + dx, c[1] + dy))) is not None and r.farm
                            for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy):
                        t[B.FARM_ANIMALS] += q.sheep + q.cattle

    def _areas(self, t: list[int], c1: list[int], c2: list[int], maxw: list[int], cell: Cell,
               o: Oriented) -> tuple:
        """Area components: the touched ones out of the totals, merged, the results back in."""
        x, y = cell
        occ, aroot, comps = self.occ, self.aroot, self.comps
        here = frozenset((cell,))
        side_area = o.side_area
        opens = [0] * len(o.areas)
        faced: list[set[Cell]] = [set() for _ in o.areas]
        local: dict[tuple[Cell, int], tuple] = {}
        merged: dict[tuple[Cell, int], tuple[Cell, int]] = {}   # root merged away -> the root it joined
        joins = []
        for d, (dx, dy) in enumerate(SIDE_OFFSETS):
            n = (x + dx, y + dy)
            q = occ.get(n)
            if q is None:
                opens[side_area[d]] += 1
                faced[side_area[d]].add(n)
            else:
                r = aroot[(n, q.side_area[(d + 2) % 4])]
                joins.append(((cell, side_area[d]), r))
                if r not in local:
                    comp = comps[r]
                    _comp_out(t, c1, c2, comp)
                    local[r] = comp[:8] + (comp[8] - here,)   # this cell is filled now
        for i, (terr, broch, ships, lh, scrolls) in enumerate(o.areas):
            local[(cell, i)] = (terr, opens[i], here, broch, ships, lh, scrolls, ((cell, i),),
                                frozenset(faced[i]))
        for ra, rb in joins:
            while ra in merged:
                ra = merged[ra]
            while rb in merged:
                rb = merged[rb]
            ca = local[ra]
            if ra == rb:  # the same component touches this side twice: one open side fewer
                local[ra] = ca[:1] + (ca[1] - 1,) + ca[2:]
                continue
            cb = local[rb]
            if len(ca[7]) < len(cb[7]):
                ra, rb, ca, cb = rb, ra, cb, ca
            merged[rb] = ra
            local[ra] = (ca[0], ca[1] + cb[1] - 1, ca[2] | cb[2], ca[3] + cb[3], ca[4] + cb[4],
                         ca[5] + cb[5], ca[6] + cb[6], ca[7] + cb[7], ca[8] | cb[8])
        final = [r for r in local if r not in merged]
        for r in final:
            _comp_in(t, c1, c2, maxw, local[r])
        return local, merged, final

    def _roads(self, t: list[int], cell: Cell, o: Oriented, castle: bool) -> tuple:
        """Road components and the cells connected to the castle."""
        x, y = cell
        occ = self.occ
        B = Board
        rroot, rcomps = self.rroot, self.rcomps
        rlocal: dict[tuple[Cell, int], tuple] = {}
        rmerged: dict[tuple[Cell, int], tuple[Cell, int]] = {}

        def rfind(r: tuple[Cell, int]) -> tuple[Cell, int]:
            while r in rmerged:
                r = rmerged[r]
            return r

        # a component: (reaches the castle?, cells, members, open road exits, cattle, whisky);
        # the open exits (facing an empty cell) are where it can still grow
        for k in range(o.n_roads):
            rlocal[(cell, k)] = (castle, frozenset((cell,)), ((cell, k),), 0, o.cattle, o.whisky)
        for d, (dx, dy) in enumerate(SIDE_OFFSETS):
            k = o.side_road[d]
            n = (x + dx, y + dy)
            q = occ.get(n)
            if q is None:
                if k is not None:
                    r = rfind((cell, k))         # this network may have joined a neighbour's already
                    c = rlocal[r]
                    rlocal[r] = c[:3] + (c[3] + 1,) + c[4:]
                continue
            k2 = q.side_road[(d + 2) % 4]
            if k2 is None:
                continue
            base = rroot[(n, k2)]
            if base not in rlocal:
                rlocal[base] = rcomps[base]
                _rcomp(t, rcomps[base], -1)
            rb = rfind(base)
            cb = rlocal[rb]
            rlocal[rb] = cb = cb[:3] + (cb[3] - 1,) + cb[4:]   # its exit faces this tile now
            if k is None:
                continue
            ra = rfind((cell, k))
            if ra == rb:
                continue
            ca = rlocal[ra]
            if len(ca[2]) < len(cb[2]):
                ra, rb, ca, cb = rb, ra, cb, ca
            rmerged[rb] = ra
            rlocal[ra] = (ca[0] or cb[0], ca[1] | cb[1], ca[2] + cb[2], ca[3] + cb[3], ca[4] + cb[4],
                          ca[5] + cb[5])
        rfinal = {rfind(r) for r in rlocal}
        for r in rfinal:
            _rcomp(t, rlocal[r], 1)
        conn = self.conn
        if castle:
            conn = frozenset((cell,))
            t[B.CONN_CATTLE] += o.cattle
        else:
            new_cells: set[Cell] = set()
            for r in rfinal:
                if rlocal[r][0]:
                    new_cells |= rlocal[r][1] - conn
            if new_cells:
                conn = conn | new_cells
                for c in new_cells:
                    q = o if c == cell else occ[c]
                    t[B.CONN_CATTLE] += q.cattle
                    t[B.CONN_WHISKY] += q.whisky
                    t[B.CONN_TILES] += 1
        return (rlocal, rmerged, rfinal), conn

    def castle_faced(self) -> frozenset[Cell]:
        """Empty cells that a road exit of a castle-connected network points at."""
        out: set[Cell] = set()
        rfaced = self.rfaced
        for r, comp in self.rcomps.items():
            if comp[0] and comp[3]:
                out |= rfaced[r]
        return frozenset(out)

    def totals_after(self, cell: Cell, o: Oriented) -> tuple[list[int], list[int], list[int], int]:
        """(totals, open scrolls, completed scrolls, largest completed water) after placing ``o``."""
        t, c1, c2, maxw, *_ = self._effects(cell, o)
        return t, c1, c2, maxw

    def place(self, cell: Cell, o: Oriented, *, castle: bool = False, lazy: bool = False) -> "Board":
        """A new board with ``o`` on ``cell`` (legality is the caller's business).

        ``lazy=True`` leaves out the union-find tables (``aroot``, ``comps``, ``rroot``):
        such a board has its totals, frontier, open areas near completion (``near``) and
        road components (what the one-tile-left bounds read), and :meth:`finish` makes it
        whole before anything else is asked of it.
        """
        t, c1, c2, maxw, (local, merged, final), (rlocal, rmerged, rfinal), conn = \
            self._effects(cell, o, castle)
        b = Board.__new__(Board)
        b.needs = self.needs
        b.t, b.c1, b.c2, b.max_water, b.conn = t, c1, c2, maxw, conn
        occ = b.occ = dict(self.occ)
        occ[cell] = o
        b.aroot, b.comps, b.rroot = self.aroot, self.comps, self.rroot
        b.pending = None
        if local:
            near = b.near = dict(self.near)
            for r in merged:
                near.pop(r, None)
            for r in final:
                comp = local[r]
                if _near(comp):
                    near[r] = comp
                else:
                    near.pop(r, None)
        else:
            b.near = self.near
        if rlocal:
            rcomps = b.rcomps = dict(self.rcomps)
            rfaced = b.rfaced = dict(self.rfaced)
            for r in rmerged:
                rcomps.pop(r, None)
                rfaced.pop(r, None)
            for r in rfinal:
                comp = rlocal[r]
                rcomps[r] = comp
                # a placement next to an open exit always remakes its component, so the
                # cells the exits point at change only here
                rfaced[r] = _road_exits(occ, comp) if comp[3] else frozenset()
        else:
            b.rcomps, b.rfaced = self.rcomps, self.rfaced
        if local or rlocal:
            b.pending = (local, merged, final, rlocal, rmerged, rfinal)
            if not lazy:
                b.finish()
        fr = b.frontier = dict(self.frontier)
        fr.pop(cell, None)
        x, y = cell
        for d, (dx, dy) in enumerate(SIDE_OFFSETS):
            n = (x + dx, y + dy)
            if n not in occ:
                fr[n] = fr.get(n, 0) | (o.faces[d] << (2 * ((d + 2) % 4)))
        return b

    def finish(self) -> None:
        """Make a board from ``place(..., lazy=True)`` whole: its area and road union-find tables."""
        if self.pending is None:
            return
        local, merged, final, rlocal, rmerged, rfinal = self.pending
        self.pending = None
        if local:
            aroot = self.aroot = dict(self.aroot)
            comps = self.comps = dict(self.comps)
            for r in merged:
                comps.pop(r, None)
            for r in final:
                comp = local[r]
                comps[r] = comp
                for m in comp[7]:
                    aroot[m] = r
        if rlocal:
            rroot = self.rroot = dict(self.rroot)
            for r in rfinal:
                for m in rlocal[r][2]:
                    rroot[m] = r


def _road_exits(occ: dict[Cell, Oriented], comp: tuple) -> frozenset[Cell]:
    """The empty cells a road component's open exits point at."""
    out = set()
    for (x, y), k in comp[2]:
        sr = occ[(x, y)].side_road
        if k in sr:
            for d, n in enumerate(((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))):  # SIDE_OFFSETS
                if sr[d] == k and n not in occ:
                    out.add(n)
    return frozenset(out)


#: the bounds look closely at open areas facing at most this many empty cells
NEAR_CELLS = 1


def _near(comp: tuple) -> bool:
    """Whether the bounds may look at an area component: open, and facing at most
    :data:`NEAR_CELLS` empty cells or a water area with a lighthouse or ships but not both."""
    return comp[1] > 0 and (len(comp[8]) <= NEAR_CELLS or (comp[0] == _W and (comp[4] > 0) != (comp[5] > 0)))


def _rcomp(t: list[int], comp: tuple, sign: int) -> None:
    """Add (sign 1) or take out (-1) a road component's part of the road bounds' totals."""
    castle, cells, _, open_, cattle, whisky = comp
    B = Board
    if castle:
        t[B.CASTLE_OPEN] += sign * open_
    elif open_ > 0:
        t[B.POT_TILES] += sign * len(cells)
        t[B.POT_CATTLE] += sign * cattle
        t[B.POT_WHISKY] += sign * whisky


def _comp_out(t: list[int], c1: list[int], c2: list[int], comp: tuple) -> None:
    """Take an area component's contributions out of the totals."""
    terrain, open_, cells, broch, ships, lh, scrolls, *_ = comp
    B = Board
    done = open_ == 0
    if done:
        t[B.COMPLETED] -= 1
        if len(cells) >= 3:
            t[B.BIG] -= 1
        if terrain == _M:
            t[B.MOUNTAIN_DONE] -= 1
    if terrain == _M and broch:
        t[B.BROCH_PTS] -= broch_points(broch)
    if terrain == _W:
        if ships and lh:
            t[B.HARBOURS] -= 1
        elif not done:
            t[B.LH_COMPS] -= lh > 0
            t[B.SHIP_COMPS] -= ships > 0
        if not done:
            t[B.OPEN_WATER] -= len(cells)
    c = c2 if done else c1
    for s in scrolls:
        c[s] -= 1


def _comp_in(t: list[int], c1: list[int], c2: list[int], maxw: list[int], comp: tuple) -> None:
    """Add an area component's contributions to the totals."""
    terrain, open_, cells, broch, ships, lh, scrolls, *_ = comp
    B = Board
    done = open_ == 0
    if done:
        t[B.COMPLETED] += 1
        if len(cells) >= 3:
            t[B.BIG] += 1
        if terrain == _M:
            t[B.MOUNTAIN_DONE] += 1
        if terrain == _W and len(cells) > maxw[0]:
            maxw[0] = len(cells)
    if terrain == _M and broch:
        t[B.BROCH_PTS] += broch_points(broch)
    if terrain == _W:
        if ships and lh:
            t[B.HARBOURS] += 1
        elif not done:
            t[B.LH_COMPS] += lh > 0
            t[B.SHIP_COMPS] += ships > 0
        if not done:
            t[B.OPEN_WATER] += len(cells)
    c = c2 if done else c1
    for s in scrolls:
        c[s] += 1


# --------------------------------------------------------------------------
# The objective on the fast board
# --------------------------------------------------------------------------

#: Where a quantity of .scoring_tiles.QUANTITIES (or an icon total a scroll counts)
#: is in a board's totals; building_sets and largest_completed_water are worked
#: out (:func:`board_count`), gold is the objective's gold + income.
SLOT: dict[str, int] = {
    "squares": Board.SQUARES, "completed_areas": Board.COMPLETED, "sheep": Board.SHEEP,
    "large_completed_areas": Board.BIG, "broch_points": Board.BROCH_PTS, "animals_at_farms": Board.FARM_ANIMALS,
    "cattle_on_road": Board.CONN_CATTLE, "harbours": Board.HARBOURS, "tiles_on_road": Board.CONN_TILES,
    "vertical_lines": Board.VRUNS, "completed_mountain_areas": Board.MOUNTAIN_DONE,
    "whisky_tiles": Board.WHISKY, "ships": Board.SHIPS,
    "cattle": Board.CATTLE, "broch": Board.BROCH, "farm": Board.FARM, "lighthouse": Board.LH,
}

#: Per scroll index: (slot of the icon total it counts, divided by) -- from .scoring_tiles.SCROLLS.
_SCROLL_SLOTS = tuple((SLOT[SCROLLS[sc][0]], SCROLLS[sc][1]) for sc in _SCROLLS)


def _scroll_count(tt: Sequence[int], s: int) -> int:
    slot, per = _SCROLL_SLOTS[s]
    return tt[slot] // per


def board_count(quantity: str, t: Sequence[int], max_water: int) -> int:
    """How many of ``quantity`` (a name of .scoring_tiles.QUANTITIES but gold) a board's totals hold."""
    if quantity == "building_sets":
        return min(t[Board.BROCH], t[Board.FARM], t[Board.LH])
    if quantity == "largest_completed_water":
        return max_water
    return t[SLOT[quantity]]


def _majority_mine(obj: Objective, quantity: str, t: Sequence[int], conn_whisky: int) -> int:
    """The player's count for a majority: whisky tiles, ships, or gold + income
    (``conn_whisky`` whisky tiles connected by road)."""
    if quantity == "gold":
        return obj.gold + CASTLE_INCOME + conn_whisky
    return t[SLOT[quantity]]


def board_value(obj: Objective, b: Board) -> int:
    """The objective's points on a fast board (equal to :func:`.puzzles.evaluate`)."""
    return totals_value(obj, b.t, b.c1, b.c2, b.max_water)


def totals_value(obj: Objective, t: Sequence[int], c1: Sequence[int], c2: Sequence[int], max_water: int) -> int:
    """The objective's points from a board's running totals, by the table of scoring tiles."""
    total = 0
    for n in obj.scoring_tiles:
        st = SCORING_TILES[n]
        q = st.counts
        if st.majority:
            mine = _majority_mine(obj, q, t, t[Board.CONN_WHISKY])
            total += majority_points([mine, *(int(o[q]) for o in obj.opponents)])[0]
        else:
            total += st.per * board_count(q, t, max_water)
    if obj.scrolls:
        for s in range(len(_SCROLLS)):
            if c1[s] or c2[s]:
                total += _scroll_count(t, s) * (c1[s] + 2 * c2[s])
    if obj.income:
        total += CASTLE_INCOME + t[Board.CONN_WHISKY]
    return total


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


class _OpenAreas:
    """What the open area components of a board allow ``k`` more tiles to do (for the bounds).

    An open component is completed only once every empty cell its open sides face is
    filled, so only those facing at most ``k`` cells (*closable*) can still be.
    """

    __slots__ = ("closable", "water", "harbour_cells")

    def __init__(self, b: Board, k: int, dead: frozenset[Cell] = frozenset()) -> None:
        closable = [0, 0, 0, 0]                     # by terrain code
        water: list[tuple[int, frozenset[Cell]]] = []  # closable water: (cells, faced cells)
        lhc: dict[Cell, int] = {}                   # empty cell -> open lighthouse-only water areas facing it
        shc: dict[Cell, int] = {}                   # ... ship-only ones
        for comp in (b.near if k <= NEAR_CELLS else b.comps).values():
            if not comp[1]:
                continue
            terr, faced = comp[0], comp[8]
            if len(faced) <= k and not (dead and faced & dead):
                closable[terr] += 1
                if terr == _W:
                    water.append((len(comp[2]), faced))
            if terr == _W and k == 1 and (comp[4] > 0) != (comp[5] > 0):
                into = lhc if comp[5] else shc
                for c in faced:
                    if c not in dead:
                        into[c] = into.get(c, 0) + 1
        self.closable = closable
        self.water = water
        self.harbour_cells = (lhc, shc)

    def new_completed(self, h: _HandSums, terrains: Iterable[int], *, enclosed: bool = True) -> int:
        """Most areas of ``terrains`` that ``h`` can newly complete.

        Each holds an area of a new tile. One that holds an old component holds a
        closable one of its own; one made of new tiles only holds an enclosed area
        or at least two new areas (a sided area alone faces an empty cell, which
        leaves it open, or an old tile, whose area it joins); with one tile left
        only the enclosed kind is possible. Without ``enclosed`` (large areas, 3 tiles or more),
        with two tiles left or fewer, an area of new tiles only has two tiles at most and is
        never large: each large one holds a closable old one.
        """
        total = 0
        few = h.n <= 1 or (h.n <= 2 and not enclosed)
        by_alone = h.alone
        for terr in terrains:
            n, c = h.sided[terr], self.closable[terr]
            total += (h.enclosed[terr] if enclosed else 0) + _sided_completed(n, c, by_alone, terr, few)
        return total

    def largest_water(self, h: _HandSums) -> int:
        """Most cells of a water area ``h`` can newly complete: closable old water
        areas whose faced cells together are at most ``h.n``, plus the new water tiles."""
        k = h.n
        water = sorted(self.water, key=lambda w: -w[0])
        best = 0

        def grow(i: int, size: int, cells: frozenset[Cell]) -> None:
            nonlocal best
            best = max(best, size)
            for j in range(i, len(water)):
                u = cells | water[j][1]
                if len(u) <= k:
                    grow(j + 1, size + water[j][0], u)

        if len(water) <= 10:
            grow(0, 0, frozenset())
        else:  # pragma: no cover - a very fragmented coast: every closable one
            best = sum(w[0] for w in water)
        return best + min(h.water_tiles, k)

    def new_harbours(self, h: _HandSums, lh_comps: int, ship_comps: int) -> int:
        """Most new harbours: each holds a new water area, a lighthouse and a ship from the
        hand or from an open water area that is not a harbour; with one tile left those
        areas must face the cell it goes on."""
        if h.n != 1:
            return min(h.water_areas, h.lighthouse + lh_comps, h.ships + ship_comps)
        lhc, shc = self.harbour_cells
        best = min(h.water_areas, h.lighthouse, h.ships)
        for c in set(lhc) | set(shc):
            best = max(best, min(h.water_areas, h.lighthouse + lhc.get(c, 0), h.ships + shc.get(c, 0)))
        return best


#: The scoring tiles whose bound looks at the open areas (:class:`_OpenAreas`), by their quantity.
_AREA_TERMS = frozenset(n for n, st in SCORING_TILES.items() if st.counts in (
    "completed_areas", "large_completed_areas", "harbours", "largest_completed_water", "completed_mountain_areas"))
#: VP per unit of each non-majority scoring tile (the table's ``per``).
_PER = {n: st.per for n, st in SCORING_TILES.items()}
#: The most scoring tile 5 can give per broch (6 VP for 3 brochs: 2 each).
_BROCH_POINTS_PER_BROCH = max(-(-p // k) for k, p in BROCH_POINTS.items() if k)


def _one_left_area_terms(obj: Objective, b: Board, h: _HandSums,
                         cells: Iterable[Cell]) -> tuple[dict[Cell, int], int]:
    """The area terms of the bound with one tile left: on each cell where they differ, elsewhere.

    On a cell ``c``, the tile completes an old open area only when ``c`` is the
    one empty cell that area faces, and any area it newly completes (but an
    enclosed one) joins such an area; a new harbour joins only water areas that face ``c``.
    """
    t = b.t
    B = Board
    legal = cells if isinstance(cells, (set, frozenset)) else set(cells)
    terms = obj.scoring_tiles
    w2, w4, w16, w15, w12 = (n in terms for n in (2, 4, 16, 15, 12))
    acc: dict[Cell, list[int]] = {}   # cell -> [closing areas by terrain code (4), their water cells,
    #                                   open lighthouse-only and ship-only water areas facing it,
    #                                   closing areas of 2 tiles or more by terrain code (7 + code)]
    # completed mountains read no other area; harbours and largest water read only water areas
    only = _M if w16 and not (w2 or w4 or w15 or w12) else _W if not (w2 or w4 or w16) else 0
    for comp in b.near.values():  # one tile left: only components facing one cell or harbour-makers
        if only and comp[0] != only:
            continue
        faced = comp[8]
        if len(faced) == 1:
            (c,) = faced
            if c in legal:
                a = acc.get(c)
                if a is None:
                    a = acc[c] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
                a[comp[0]] += 1
                if len(comp[2]) >= 2:
                    a[7 + comp[0]] += 1
                if comp[0] == _W:
                    a[4] += len(comp[2])
        if w12 and comp[0] == _W and (comp[4] > 0) != (comp[5] > 0):
            i = 5 if comp[5] else 6
            for c in faced:
                if c in legal:
                    a = acc.get(c)
                    if a is None:
                        a = acc[c] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
                    a[i] += 1
    # elsewhere: only enclosed areas complete, a new water area is new tiles only, a harbour
    # takes the tile's own lighthouse and ship
    harb0 = min(h.water_areas, h.lighthouse, h.ships)
    water0 = max(b.max_water, h.water_tiles)
    p2, p4, p16, p15, p12 = (_PER[n] for n in (2, 4, 16, 15, 12))   # VP per unit (the table)
    default = 0
    for n in terms:
        if n == 2:
            default += p2 * (t[B.COMPLETED] + sum(h.enclosed))
        elif n == 4:
            default += p4 * t[B.BIG]
        elif n == 16:
            default += p16 * (t[B.MOUNTAIN_DONE] + h.enclosed[_M])
        elif n == 15:
            default += p15 * water0
        elif n == 12:
            default += p12 * (t[B.HARBOURS] + harb0)
    at: dict[Cell, int] = {}
    sided = h.sided
    for c, a in acc.items():
        d = 0
        if w2 or w4 or w16:
            nm = min(sided[_M], a[_M])
            new = min(sided[_P], a[_P]) + nm + min(sided[_W], a[_W])
            d += p2 * w2 * new + p16 * w16 * nm
            if w4:
                # a newly completed area is one sided area of the tile and the closing areas it
                # joins: large (3 tiles or more) only when one of those has 2 tiles or more, or
                # it joins two or more of 1 tile; so at most the big ones and half the others
                for terr in (_P, _M, _W):
                    big = a[7 + terr]
                    d += p4 * min(sided[terr], big + (a[terr] - big) // 2)
        if w15 and a[4]:
            d += p15 * (max(b.max_water, a[4] + h.water_tiles) - water0)
        if w12 and (a[5] or a[6]):
            d += p12 * (min(h.water_areas, h.lighthouse + a[5], h.ships + a[6]) - harb0)
        if d:
            at[c] = default + d
    return at, default


def upper_bound(obj: Objective, b: Board, h: _HandSums, cells: Iterable[Cell] | None = None) -> int:
    """A score no final territory reachable from ``b`` with hand ``h`` can beat.

    Each term: what is scored already plus the most the hand can add (every
    new completed area holds an area of a new tile, totals only grow, a tile
    without roads never connects, ...). With one tile left, ``cells`` (where it
    is legal) makes the area terms the best over those cells. See ``docs/puzzles.md``.
    """
    if cells is not None and h.n == 1 and (obj.scrolls or _cell_terms(obj, b)):
        rest, at, default = _one_left_bounds(obj, b, h, cells)
        return rest + max(default, max(at.values(), default=default))
    return _bound_terms(obj, b, h)


def _cell_terms(obj: Objective, b: Board) -> bool:
    """Whether the objective has terms that :func:`_one_left_bounds` bounds cell by cell."""
    return bool(("areas" in b.needs and (obj.scrolls or _AREA_TERMS.intersection(obj.scoring_tiles)))
                or ("roads" in b.needs and (obj.income or _ROAD_TERMS.intersection(obj.scoring_tiles))))


def _one_left_bounds(obj: Objective, b: Board, h: _HandSums,
                     cells: Iterable[Cell]) -> tuple[int, dict[Cell, int], int]:
    """With one tile left: (bound of the other terms, bound of the area and road terms
    on each cell where it differs, on the other cells)."""
    cells = set(cells)
    skip_area = "areas" in b.needs and bool(_AREA_TERMS.intersection(obj.scoring_tiles))
    skip_road = "roads" in b.needs and bool(obj.income or _ROAD_TERMS.intersection(obj.scoring_tiles))
    at, default = _one_left_area_terms(obj, b, h, cells) if skip_area else ({}, 0)
    if skip_road:
        rat, rdefault = _one_left_road_terms(obj, b, h, cells)
        at = {c: at.get(c, default) + rat.get(c, rdefault) for c in set(at) | set(rat)}
        default += rdefault
    return _bound_terms(obj, b, h, skip_area, skip_road, cells if h.n == 1 else None), at, default


#: The scoring tiles read from the roads (:func:`_one_left_road_terms`), by their quantity.
_ROAD_TERMS = frozenset(n for n, st in SCORING_TILES.items() if st.counts in ("gold", "cattle_on_road", "tiles_on_road"))


def _one_left_road_terms(obj: Objective, b: Board, h: _HandSums,
                         cells: set[Cell]) -> tuple[dict[Cell, int], int]:
    """The road terms (10, 11, 13, income) with one tile left: on each cell a castle road
    points at, and elsewhere (where the tile connects nothing to the castle).

    On such a cell the tile joins the castle's network with at most itself and the road
    networks whose open exits face that cell.
    """
    t = b.t
    B = Board
    joins: dict[Cell, list[int]] = {}            # cell -> [tiles, cattle, whisky] that can join there
    if t[B.CASTLE_OPEN] and h.road_tiles:
        rfaced = b.rfaced
        castle_cells: set[Cell] = set()
        for r, comp in b.rcomps.items():
            if not comp[3]:
                continue
            faced = rfaced[r] & cells
            if comp[0]:
                castle_cells |= faced
                continue
            for c in faced:
                j = joins.setdefault(c, [0, 0, 0])
                j[0] += len(comp[1])
                j[1] += comp[4]
                j[2] += comp[5]
        joins = {c: joins.get(c, [0, 0, 0]) for c in castle_cells}

    def value(tiles: int, cattle: int, whisky: int) -> int:
        return _road_value(obj, t, tiles, cattle, whisky)

    at = {c: value(h.road_tiles + j[0], h.road_cattle + j[1], h.road_whisky + j[2]) for c, j in joins.items()}
    return at, value(0, 0, 0)


def _bound_terms(obj: Objective, b: Board, h: _HandSums, skip_area: bool = False,
                 skip_road: bool = False, cells: set[Cell] | frozenset[Cell] | None = None,
                 skip_squares: bool = False, skip_scrolls: bool = False) -> int:
    t = b.t
    B = Board
    total = 0
    oa = None
    if not skip_road and "roads" in b.needs:
        pot0, pot1, pot2, road_open = _road_pot(b, h)
        pot: Sequence[int] = (pot0, pot1, pot2)
    else:
        pot, road_open = (t[B.POT_TILES], t[B.POT_CATTLE], t[B.POT_WHISKY]), _castle_open(b, h)
    if not skip_area and "areas" in b.needs and _AREA_TERMS.intersection(obj.scoring_tiles):
        oa = _OpenAreas(b, h.n, h.dead)
    for n in obj.scoring_tiles:
        if (skip_area and n in _AREA_TERMS) or (skip_road and n in _ROAD_TERMS) or (
                skip_squares and n in _SQUARE_TERMS):
            continue
        st = SCORING_TILES[n]
        q = st.counts
        if st.majority:
            mine = (obj.gold + CASTLE_INCOME + _whisky_ub(b, h, pot, road_open) if q == "gold" else
                    t[B.WHISKY] + h.whisky if q == "whisky_tiles" else t[B.SHIPS] + h.ships)
            total += majority_points([mine, *(int(o[q]) for o in obj.opponents)])[0]
            continue
        # the most of quantity q the final territory can hold
        if q == "squares":                  # a new tile makes at most 4 squares
            most = t[B.SQUARES] + (_new_squares(b, h.n, h.dead) if h.n > 1 else 4 * h.n)
        elif q == "completed_areas":
            most = t[B.COMPLETED] + (oa.new_completed(h, (_P, _M, _W)) if oa else h.areas)
        elif q == "sheep":
            most = t[B.SHEEP] + h.sheep
        elif q == "large_completed_areas":  # an enclosed area is one tile, never large
            most = t[B.BIG] + (oa.new_completed(h, (_P, _M, _W), enclosed=False) if oa else h.areas)
        elif q == "broch_points":
            most = _BROCH_POINTS_PER_BROCH * (t[B.BROCH] + h.broch)
        elif q == "building_sets":
            most = min(t[B.BROCH] + h.broch, t[B.FARM] + h.farm, t[B.LH] + h.lighthouse)
        elif q == "animals_at_farms":
            most = t[B.SHEEP] + t[B.CATTLE] + h.sheep + h.cattle if h.farm else \
                t[B.FARM_ANIMALS] + h.sheep + h.cattle
        elif q == "cattle_on_road":
            most = t[B.CONN_CATTLE] + (pot[1] + h.road_cattle if road_open else 0)
        elif q == "harbours":
            # a new harbour holds a new tile's water area, a lighthouse and a ship that are
            # in the hand or in an open water area that is not a harbour yet
            most = t[B.HARBOURS] + (oa.new_harbours(h, t[B.LH_COMPS], t[B.SHIP_COMPS]) if oa else
                                    min(h.water_areas, h.lighthouse + t[B.LH_COMPS], h.ships + t[B.SHIP_COMPS]))
        elif q == "tiles_on_road":
            most = t[B.CONN_TILES] + (pot[0] + h.road_tiles if road_open else 0)
        elif q == "vertical_lines":        # a new tile adds at most one run of 3 or more
            most = t[B.VRUNS] + h.n
        elif q == "largest_completed_water":
            # a newly completed water area is made of open water areas and new tiles
            most = max(b.max_water, oa.largest_water(h) if oa else t[B.OPEN_WATER] + h.water_tiles)
        elif q == "completed_mountain_areas":
            most = t[B.MOUNTAIN_DONE] + (oa.new_completed(h, (_M,)) if oa else h.mountain_areas)
        else:  # pragma: no cover - a quantity added to the table needs its bound here
            raise AssertionError(f"no bound for {q!r}")
        total += st.per * most
    if obj.scrolls and not skip_scrolls:
        tt = list(t)
        tt[B.SHEEP] += h.sheep
        tt[B.WHISKY] += h.whisky
        tt[B.SHIPS] += h.ships
        tt[B.CATTLE] += h.cattle
        tt[B.BROCH] += h.broch
        tt[B.FARM] += h.farm
        tt[B.LH] += h.lighthouse
        # a scroll counts twice only in a completed area: already completed, in the hand, or
        # in an open area the tiles left can close (see _OpenAreas)
        closable = [0] * len(_SCROLLS)
        dead = h.dead
        for comp in (b.near if h.n <= NEAR_CELLS else b.comps).values():
            if comp[1] and comp[6] and len(comp[8]) <= h.n and (cells is None or comp[8] <= cells) and not (
                    dead and comp[8] & dead):
                for s in comp[6]:
                    closable[s] += 1
        for s in range(len(_SCROLLS)):
            k = b.c1[s] + 2 * b.c2[s] + 2 * h.scrolls[s] + closable[s]
            if k:
                total += _scroll_count(tt, s) * k
    if obj.income and not skip_road:
        total += CASTLE_INCOME + _whisky_ub(b, h, pot, road_open)
    return total


#: The scoring tiles counting squares (bounded over pairs of cells with two tiles left).
_SQUARE_TERMS = frozenset(n for n, st in SCORING_TILES.items() if st.counts == "squares")


def two_left_bound(obj: Objective, b: Board, h: _HandSums, tiles: Sequence["_Hand"],
                   first: Iterable[Cell] | None = None,
                   refine: list[Any] | None = None) -> tuple[int, dict[Cell, int]]:
    """A bound with exactly two tiles left (``tiles``), taken over the cells they can cover.

    Every old area or road network the two tiles change faces a cell one of them is on,
    and those cells are empty cells next to the territory now (a tile on a cell the first
    one opened faces no old tile but that one). So the area, road and square terms are
    bounded over pairs of such cells (see :func:`_two_left_area_terms`,
    :func:`_two_left_road_terms`, :func:`_two_left_squares`) instead of over all of them
    at once; the other terms as :func:`upper_bound` does. With ``first`` (cells), also the
    bound when the first of the two tiles goes on each of those cells (only when the
    objective's pair terms are area terms; else empty); ``first`` must then hold every cell
    where one of the two tiles can go first (the area terms' bound is the best of theirs). With ``refine`` (a list, and ``first``),
    appends a function ``(cell, doomed) -> bound``: the bound with the first tile on ``cell``
    when ``doomed`` (by terrain) sided areas of the two tiles can never be completed (when the
    objective has area terms; see :func:`first_doomed`).
    """
    terms = obj.scoring_tiles
    do_area = "areas" in b.needs and bool(obj.scrolls or _AREA_TERMS.intersection(terms))
    do_road = "roads" in b.needs and bool(obj.income or _ROAD_TERMS.intersection(terms))
    do_sq = "squares" in b.needs and bool(_SQUARE_TERMS.intersection(terms))
    total = _bound_terms(obj, b, h, skip_area=do_area, skip_road=do_road, skip_squares=do_sq,
                         skip_scrolls=do_area)
    first = None if first is None else set(first)
    area = road = sq = 0
    sub: list[Any] | None = None
    area_at: dict[Cell, int] = {}
    road_at: dict[Cell, int] = {}
    if do_area:
        sub: list[Any] | None = [] if refine is not None and first is not None else None
        area, area_at = _two_left_area_terms(obj, b, h, tiles, first, sub)
    if do_road:
        road, road_at = _two_left_road_terms(obj, b, h, tiles, first)
    if do_sq:
        sq = _two_left_squares(obj, b, h.dead)
    at: dict[Cell, int] = {}
    if first is not None:
        # each term's bound with the first tile on the cell (or over every pair): their sum
        # bounds the sum
        for c in first:
            at[c] = total + (area_at[c] if do_area else 0) + (road_at[c] if do_road else 0) + sq
    if sub:
        area_fn = sub[0]
        refine.append(lambda c, doomed: at[c] - area_at[c] + area_fn(c, doomed))  # type: ignore[union-attr]
    total += area + road + sq
    return total, at


def _two_left_area_terms(obj: Objective, b: Board, h: _HandSums, tiles: Sequence["_Hand"],
                         first: Iterable[Cell] | None = None,
                         refine: list[Any] | None = None) -> tuple[int, dict[Cell, int]]:
    """The area terms (2, 4, 12, 15, 16) and scrolls with two tiles left, on the best pair of cells.

    Two tiles cover at most two of the empty cells next to the territory (a cell the first
    one opens faces no old area). An old open area is completed only when every cell it faces
    is covered, by tiles with a side of its terrain there, so only areas facing one cell of
    the pair or exactly the pair can be -- and when only one of the two tiles has a side of
    that terrain, only the areas facing that tile's cell alone. A new harbour joins only
    lighthouse-only or ship-only water areas facing the cell of a tile with a water side. On
    a pair the terms are then what :class:`_OpenAreas` gives with those areas closable.
    Returns that bound, and with ``first`` the bound for the first tile on each of those cells.

    Pairs are taken among the cells some area faces; a cell whose figures are all at most
    those of two other cells is left out (one of those two stands in for it and scores as
    much or more), except in the pairs some area faces together, which are all tried.

    With ``refine`` (a list) and ``first``, appends a function ``(cell, doomed) -> bound``: the
    bound with the first tile on ``cell`` when ``doomed[terrain]`` of the two tiles' sided areas
    can never be completed (see :func:`first_doomed`): the same figures with that many fewer
    sided areas of each terrain to complete (the completion counts only grow with them).
    """
    t = b.t
    B = Board
    terms = obj.scoring_tiles
    ns = len(_SCROLLS)
    # the figures this objective reads: closable areas by terrain code (1-3), closable water
    # cells (4), lighthouse-only (5) and ship-only (6) water areas facing the cell, closable
    # scrolls by type (7 + type)
    dims: list[int] = []
    if 2 in terms or 4 in terms:
        dims += [_P, _M, _W]
    elif 16 in terms:
        dims.append(_M)
    if 15 in terms:
        dims.append(4)
    if 12 in terms:
        dims += [5, 6]
    if obj.scrolls:
        dims += [7 + sc for sc in range(ns)]
    width = 7 + ns + 4
    # large areas alone (no other completion term): also the closable areas that make a large
    # area with one new tile (of 2 tiles or more, or facing both cells), by terrain (width - 4 + code)
    big_at = 7 + ns
    large_only = 4 in terms and 2 not in terms and 16 not in terms
    if large_only:
        dims += [big_at + _P, big_at + _M, big_at + _W]
    # how many of the two tiles have a side of each terrain code (water for 4-6)
    sides_of = [0, 0, 0, 0]
    for hd in tiles:
        o = hd.oriented[0]
        for terr in {o.areas[i][0] for i in o.side_area}:
            sides_of[terr] += 1
    both = [True] * width
    for j in (_P, _M, _W):
        both[j] = sides_of[j] >= 2
    both[4] = both[5] = both[6] = sides_of[_W] >= 2
    for j in (_P, _M, _W):
        both[big_at + j] = both[j]
    single: dict[Cell, list[int]] = {}
    pair: dict[tuple[Cell, Cell], list[int]] = {}
    dead = h.dead     # an area facing one of these is never completed, and no tile joins there
    for comp in b.comps.values():
        if not comp[1]:
            continue
        terr, faced = comp[0], comp[8]
        nf = len(faced)
        if nf <= 2 and not (dead and faced & dead):
            if nf == 1:
                (c,) = faced
                v = single.get(c)
                if v is None:
                    v = single[c] = [0] * width
            else:
                c1, c2 = faced
                key = (c1, c2) if c1 < c2 else (c2, c1)
                v = pair.get(key)
                if v is None:
                    v = pair[key] = [0] * width
            v[terr] += 1
            if nf == 2 or len(comp[2]) >= 2:
                v[big_at + terr] += 1
            if terr == _W:
                v[4] += len(comp[2])
            for sc in comp[6]:
                v[7 + sc] += 1
        if terr == _W and (comp[4] > 0) != (comp[5] > 0):
            i = 5 if comp[5] else 6
            for c in faced:
                if c in dead:
                    continue
                v = single.get(c)
                if v is None:
                    v = single[c] = [0] * width
                v[i] += 1
    # the figures this objective reads, per cell; cells alike are handled once (by their figures)
    nd = len(dims)
    zt = (0,) * nd
    vec = {c: tuple(v[j] for j in dims) for c, v in single.items()}
    groups: dict[tuple[int, ...], list[Cell]] = {}
    for c, u in vec.items():
        if u != zt:
            groups.setdefault(u, []).append(c)
    # leave out the cells two others stand in for: c2 stands in for c when it has as much of
    # every figure, and more of one or the same figures and comes first
    keep: list[Cell] = []
    for u, members in groups.items():
        above = 0      # cells with at least as much of every figure and more of one
        for w, others in groups.items():
            if w != u and all(w[k] >= u[k] for k in range(nd)):
                above += len(others)
                if above >= 2:
                    break
        if above >= 2:
            continue
        members.sort()
        keep.extend(members[:2 - above])   # the ones after them have two standing in for them
    both_d = [both[j] for j in dims]
    memo: dict[tuple[tuple[int, ...], ...], int] = {}

    def val2(va: tuple[int, ...], vc: tuple[int, ...]) -> int:
        # the value with the first tile on a cell of figures va and the second on one of vc
        key = (va, vc, cur[0]) if va <= vc else (vc, va, cur[0])
        r = memo.get(key)
        if r is None:
            out = [0] * width
            for k, j in enumerate(dims):
                out[j] = va[k] + vc[k] if both_d[k] else (va[k] if va[k] > vc[k] else vc[k])
            r = memo[key] = value(out)
        return r

    def combined(a: Cell, c: Cell, p: list[int]) -> list[int]:
        va = single.get(a, zero)
        vc = single.get(c, zero)
        out = [0] * width
        for j in dims:
            if both[j]:
                out[j] = va[j] + vc[j] + p[j]
            else:
                out[j] = va[j] if va[j] > vc[j] else vc[j]
        return out

    zero = [0] * width

    p2, p4, p16, p15, p12 = (_PER[n] for n in (2, 4, 16, 15, 12))
    enclosed = h.enclosed
    cur = [h.sided]    # the sided areas that may be completed (fewer in a refined bound)
    by_alone = h.alone

    def new_completed(v: list[int], terrains: Iterable[int], with_enclosed: bool) -> int:
        # as _OpenAreas.new_completed with two tiles left and the pair's closable areas.
        # Large areas (with_enclosed False): an area of new tiles only is made of these two
        # tiles, two tiles at most, never large; so each large one holds a closable old area
        out = 0
        sided = cur[0]
        for terr in terrains:
            n, c = sided[terr], v[terr]
            out += (enclosed[terr] if with_enclosed else 0) + _sided_completed(n, c, by_alone, terr,
                                                                                not with_enclosed)
        return out

    def new_large(v: list[int]) -> int:
        # Newly completed large areas of each terrain, with n sided areas of the two tiles that
        # may be completed and c closable old areas, B of them big (2 tiles or more, or facing
        # both cells) and S = c - B small (1 tile, facing one cell). An area of the new tiles
        # only is never large (new_completed). A large one holds a big one (x of them, x <= B
        # and x <= n: each holds a sided area too), or no big one and then 3 tiles or more from
        # small ones (1 tile each) and new tiles (2 at most): two small ones and a sided area,
        # or one small one and two sided areas. With y and z of those two kinds, y + 2z <= n - x
        # and 2y + z <= S, so y + z <= (S + n - x) / 3, which grows with x: the count is at most
        # min(B, n) + (S + n - min(B, n)) // 3, and never more than min(n, c). Taking the larger
        # c, and the larger B for the same c, never lowers it (so the figures of either cell do).
        out = 0
        sided = cur[0]
        for terr in (_P, _M, _W):
            n, c, big = sided[terr], v[terr], v[big_at + terr]
            x = big if big < n else n
            most = min(n, c, x + (c - big + n - x) // 3)
            if by_alone is not None:
                most = min(most, _cap_completed(n, c, by_alone[terr]))
            out += most
        return out

    tt = None
    if obj.scrolls:
        tt = list(t)
        tt[B.SHEEP] += h.sheep
        tt[B.WHISKY] += h.whisky
        tt[B.SHIPS] += h.ships
        tt[B.CATTLE] += h.cattle
        tt[B.BROCH] += h.broch
        tt[B.FARM] += h.farm
        tt[B.LH] += h.lighthouse
        # the scrolls' part of a value: each type's count (icons with the hand's added) times
        # its open, twice its completed, twice its hand and its closable scrolls
        sc_count = [_scroll_count(tt, sc) for sc in range(ns)]
        sc_base = sum(sc_count[sc] * (b.c1[sc] + 2 * b.c2[sc] + 2 * h.scrolls[sc]) for sc in range(ns))
        sc_dims = [(7 + sc, sc_count[sc]) for sc in range(ns) if sc_count[sc]]

    def value(v: list[int]) -> int:
        total = 0
        for n in terms:
            if n == 2:
                total += p2 * (t[B.COMPLETED] + new_completed(v, (_P, _M, _W), True))
            elif n == 4:
                total += p4 * (t[B.BIG] + (new_large(v) if large_only else new_completed(v, (_P, _M, _W), False)))
            elif n == 16:
                total += p16 * (t[B.MOUNTAIN_DONE] + new_completed(v, (_M,), True))
            elif n == 15:
                total += p15 * max(b.max_water, v[4] + min(h.water_tiles, 2))
            elif n == 12:
                total += p12 * (t[B.HARBOURS] + min(h.water_areas, h.lighthouse + v[5], h.ships + v[6]))
        if tt is not None:
            total += sc_base
            for j, cnt in sc_dims:
                total += cnt * v[j]
        return total

    # a pair some area faces together with its own figures; any other pair of kept cells
    # without them (as much or less: the value only grows with the figures, so leaving out
    # a pair's shared areas never raises it); one cell alone
    kvec = [vec[c] for c in keep]
    kgroups: dict[tuple[int, ...], list[Cell]] = {}
    for c, u in zip(keep, kvec):
        kgroups.setdefault(u, []).append(c)
    ku = list(kgroups)
    pair_vals = {key: value(combined(key[0], key[1], p)) for key, p in pair.items()}
    best = val2(zt, zt)
    if first is None:
        for i, u in enumerate(ku):
            best = max(best, val2(u, zt))
            if len(kgroups[u]) > 1:
                best = max(best, val2(u, u))
            for w in ku[i + 1:]:
                best = max(best, val2(u, w))
        if pair_vals:
            best = max(best, max(pair_vals.values()))
        return best, {}
    # with the first cells given (every cell where a tile can go first), the bound is the best
    # of theirs: every final territory from here has one of the two tiles placed first on one
    # the first tile on cell a: the second on a kept cell (one stands in for any other),
    # on a cell that faces an area with a, or on a cell no area faces
    at: dict[Cell, int] = {}
    by_figures: dict[tuple[tuple[int, ...], bool], int] = {}
    for a in first:
        va = vec.get(a, zt)
        alone = a in kgroups.get(va, ()) and len(kgroups[va]) == 1   # its figures' only kept cell
        m = by_figures.get((va, alone))
        if m is None:
            m = val2(va, zt)
            for u in ku:
                if not (alone and u == va):
                    v = val2(va, u)
                    if v > m:
                        m = v
            by_figures[(va, alone)] = m
        at[a] = m
    for (a, c), v in pair_vals.items():
        for x in (a, c):
            if x in at and v > at[x]:
                at[x] = v
    best = max(best, max(at.values(), default=best))
    if refine is not None:
        pairs_of: dict[Cell, list[tuple[Cell, Cell]]] = {}
        for key in pair:
            for x in key:
                pairs_of.setdefault(x, []).append(key)
        memo_r: dict[tuple[Any, ...], int] = {}
        memo_p: dict[tuple[Any, ...], int] = {}
        base = h.sided

        def refined(a: Cell, doomed: tuple[int, int, int, int]) -> int:
            if not any(doomed):
                return at[a]
            va = vec.get(a, zt)
            alone = a in kgroups.get(va, ()) and len(kgroups[va]) == 1
            mkey = (va, alone, doomed)
            m = memo_r.get(mkey)
            if m is None:
                cur[0] = tuple(max(0, base[k] - doomed[k]) for k in range(4))
                m = val2(va, zt)
                for u in ku:
                    if not (alone and u == va):
                        v = val2(va, u)
                        if v > m:
                            m = v
                cur[0] = base
                memo_r[mkey] = m
            if a in pairs_of:
                for key in pairs_of[a]:
                    pkey = (key, doomed)
                    v = memo_p.get(pkey)
                    if v is None:
                        cur[0] = tuple(max(0, base[k] - doomed[k]) for k in range(4))
                        v = memo_p[pkey] = value(combined(key[0], key[1], pair[key]))
                        cur[0] = base
                    if v > m:
                        m = v
            return m

        refine.append(refined)
    return best, at


def three_left_bound(obj: Objective, b: Board, h: _HandSums, first: Iterable[Cell],
                     refine: list[Any] | None = None) -> tuple[int, dict[Cell, int]]:
    """A bound with exactly three tiles left, for the first of them on each cell of ``first``.

    ``first`` must hold every cell where one of the three tiles can go first. Returns the best
    of those cells' bounds and the bound per cell. Only the area terms (2, 4, 12, 15, 16) and
    scrolls are bounded cell by cell (the objective must have some: see :func:`_three_left_terms`);
    the other terms as :func:`upper_bound` does.

    Why it is a bound (admissible). The three tiles cover the first cell ``c`` and at most two
    more of the empty cells next to the territory now, ``d`` and ``e`` (a cell a new tile opens
    faces no old tile but new ones). An old open area component completes only once every
    empty cell it faces (``F``) is filled, so only with ``F`` within ``T = {c, d, e}``; an old
    water area joins a new harbour only through a new tile on a cell it faces, so only when
    ``F`` meets ``T``. Split the areas with ``F`` within ``T`` into those facing ``c`` (counted
    in ``A(c)``: every area with ``c`` in ``F`` and ``|F| <= 3``, and every lighthouse-only or
    ship-only water area facing ``c``) and the others, facing ``d`` or ``e`` only (at most
    ``P2``, the figure-by-figure most of any two cells: what one or both cells alone face
    plus what they face together, and their harbour water areas). Each figure of ``T`` is
    then at most that of ``A(c) + P2`` (areas counted twice only raise it). The terms are the
    same as :func:`_bound_terms` with three tiles left (:class:`_OpenAreas`: each newly
    completed area holds a new tile's area and a closable old one of its own, or an enclosed
    area or two new areas; the largest completed water holds closable water areas and at most
    three new water tiles; a harbour holds a lighthouse and a ship from the hand or from an
    open water area it joins; a scroll counts twice only in a completed area), with only the
    areas within ``T`` closable, and each grows with every figure, so the value on ``A(c) + P2``
    is at least that of any final territory whose first new tile is on ``c``.

    With ``refine`` (a list), appends a function ``(cell, doomed) -> bound``: the bound with the
    first tile on ``cell`` when ``doomed`` (by terrain code) sided areas of the three tiles can
    never be completed (:func:`first_doomed` with ``after=2``): a newly completed area holds an
    enclosed area or a sided one that is not doomed, and the completion counts grow with the
    sided areas that may be completed, so they are taken with that many fewer. The caller
    takes each doomed scroll's value off (it counts once, the bound counts the hand's twice).
    """
    t = b.t
    B = Board
    terms = obj.scoring_tiles
    ns = len(_SCROLLS)
    width = 7 + ns
    w12 = 12 in terms
    # figures: closable areas by terrain code (1-3), their water cells (4), lighthouse-only (5)
    # and ship-only (6) water areas, closable scrolls by type (7 + type)
    by_faced: dict[frozenset[Cell], list[int]] = {}
    at_cell: dict[Cell, list[int]] = {}          # A(c)
    dead = h.dead     # an area facing one of these is never completed, and no tile joins there
    for comp in b.comps.values():
        if not comp[1]:
            continue
        terr, faced = comp[0], comp[8]
        if len(faced) <= 3 and not (dead and faced & dead):
            v = by_faced.get(faced)
            if v is None:
                v = by_faced[faced] = [0] * width
            v[terr] += 1
            if terr == _W:
                v[4] += len(comp[2])
            for sc in comp[6]:
                v[7 + sc] += 1
            for c in faced:
                a = at_cell.get(c)
                if a is None:
                    a = at_cell[c] = [0] * width
                a[terr] += 1
                if terr == _W:
                    a[4] += len(comp[2])
                for sc in comp[6]:
                    a[7 + sc] += 1
        if w12 and terr == _W and (comp[4] > 0) != (comp[5] > 0):
            i = 5 if comp[5] else 6
            for c in faced:
                if c in dead:
                    continue
                a = at_cell.get(c)
                if a is None:
                    a = at_cell[c] = [0] * width
                a[i] += 1
                v = by_faced.get(frozenset((c,)))
                if v is None:
                    v = by_faced[frozenset((c,))] = [0] * width
                v[i] += 1
    # P2: figure by figure, the most two cells face alone or together
    single = {next(iter(f)): v for f, v in by_faced.items() if len(f) == 1}
    p2 = [0] * width
    for j in range(width):
        top = sorted((v[j] for v in single.values()), reverse=True)[:2]
        p2[j] = sum(top)
    for f, v in by_faced.items():
        if len(f) == 2:
            x, y = f
            sx, sy = single.get(x), single.get(y)
            for j in range(width):
                s = v[j] + (sx[j] if sx else 0) + (sy[j] if sy else 0)
                if s > p2[j]:
                    p2[j] = s
    rest = _bound_terms(obj, b, h, skip_area=True, skip_scrolls=True)
    per = _PER
    enclosed = h.enclosed
    sc_base = 0
    sc_count: list[int] = []
    if obj.scrolls:
        sc_count = _scroll_values(b, h)
        sc_base = sum(sc_count[sc] * (b.c1[sc] + 2 * b.c2[sc] + 2 * h.scrolls[sc]) for sc in range(ns))

    cur = [h.sided]     # the sided areas that may be completed (fewer in a refined bound)
    by_alone = h.alone

    def completed(v: list[int], terrains: Iterable[int], with_enclosed: bool) -> int:
        # _OpenAreas.new_completed with three tiles left and v's closable areas
        out = 0
        sided = cur[0]
        for terr in terrains:
            n, c = sided[terr], v[terr]
            out += (enclosed[terr] if with_enclosed else 0) + _sided_completed(n, c, by_alone, terr, False)
        return out

    def value(v: list[int]) -> int:
        total = sc_base
        for n in terms:
            if n == 2:
                total += per[2] * (t[B.COMPLETED] + completed(v, (_P, _M, _W), True))
            elif n == 4:
                total += per[4] * (t[B.BIG] + completed(v, (_P, _M, _W), False))
            elif n == 16:
                total += per[16] * (t[B.MOUNTAIN_DONE] + completed(v, (_M,), True))
            elif n == 15:
                total += per[15] * max(b.max_water, v[4] + min(h.water_tiles, 3))
            elif n == 12:
                total += per[12] * (t[B.HARBOURS] + min(h.water_areas, h.lighthouse + v[5], h.ships + v[6]))
        for sc in range(ns):
            if sc_count and sc_count[sc]:
                total += sc_count[sc] * v[7 + sc]
        return total

    memo: dict[int, int] = {}
    at: dict[Cell, int] = {}
    for c in first:
        a = at_cell.get(c)
        if a is None:
            m = memo.get(-1)
            if m is None:
                m = memo[-1] = rest + value(p2)
        else:
            m = rest + value([x + y for x, y in zip(a, p2)])
        at[c] = m
    if refine is not None:
        memo_r: dict[tuple[Any, ...], int] = {}
        base = h.sided

        def refined(c: Cell, doomed: tuple[int, int, int, int]) -> int:
            if not any(doomed):
                return at[c]
            key = (c if c in at_cell else None, doomed)
            r = memo_r.get(key)
            if r is None:
                a = at_cell.get(c)
                cur[0] = tuple(max(0, base[k] - doomed[k]) for k in range(4))
                r = memo_r[key] = rest + value(p2 if a is None else [x + y for x, y in zip(a, p2)])
                cur[0] = base
            return r

        refine.append(refined)
    return max(at.values(), default=rest + value(p2)), at


def _three_left_terms(obj: Objective, b: Board) -> bool:
    """Whether :func:`three_left_bound` has area terms to bound cell by cell for ``obj``."""
    return "areas" in b.needs and bool(obj.scrolls or _AREA_TERMS.intersection(obj.scoring_tiles))


def _road_value(obj: Objective, t: Sequence[int], tiles: int, cattle: int, whisky: int) -> int:
    """The road terms (10, 11, 13, income) with ``tiles``, ``cattle`` and ``whisky`` more
    connected to the castle than the totals ``t`` say."""
    B = Board
    v = 0
    for n in obj.scoring_tiles:
        st = SCORING_TILES[n]
        if st.counts == "tiles_on_road":
            v += st.per * (t[B.CONN_TILES] + tiles)
        elif st.counts == "cattle_on_road":
            v += st.per * (t[B.CONN_CATTLE] + cattle)
        elif st.counts == "gold":
            mine = _majority_mine(obj, "gold", t, t[B.CONN_WHISKY] + whisky)
            v += majority_points([mine, *(int(o["gold"]) for o in obj.opponents)])[0]
    if obj.income:
        v += CASTLE_INCOME + t[B.CONN_WHISKY] + whisky
    return v


def _two_left_road_terms(obj: Objective, b: Board, h: _HandSums, tiles: Sequence["_Hand"],
                         first: Iterable[Cell] | None = None) -> tuple[int, dict[Cell, int]]:
    """The road terms with two tiles left, over where the castle's network can take them.

    Why this never under-estimates. Nothing new connects to the castle unless one of the
    two tiles, E, stands on a cell ``a`` a castle road points at, in a rotation that fits
    there now and has a road on a side facing such a road (the *entry*); the other tile, U,
    stands on a cell ``b``. Old networks join only through a new tile on a cell their open
    exits point at, so the networks joined face ``a`` or ``b`` (``per``). Two cases:

    * ``b`` is next to ``a``, or some network facing ``a`` also faces ``b``: at most every
      network facing ``a`` and every one facing ``b``;
    * otherwise U touches neither E nor anything facing ``a``: at ``a`` only the networks on
      the sides of E's roads that reach a castle road join (E's other roads stay apart:
      nothing can link them to the castle), and U joins the castle only if ``b`` is itself
      a cell a castle road points at, bringing at most the networks facing ``b``.

    Both tiles themselves count when they have roads. Each figure (tiles, cattle, whisky)
    is taken at its own best, which only raises the bound; with no entry at all nothing new
    connects.

    With ``first`` (cells), also the bound when the first of the two tiles goes on each of
    those cells. On a cell ``u`` that is not a castle-faced cell, not next to one and not
    faced by a network that faces one, the first tile is never the entry, so the entry is
    the second tile, on a castle-faced cell ``e``; ``u`` is neither next to ``e`` nor faced
    by a network facing ``e``, so we are in the second case above with ``b = u``: only the
    networks on the entry's castle-linked roads join, and the first tile is not connected at
    all (it touches neither the entry nor a network the entry brings, nor, not being
    castle-faced, the castle's network), so only the entry's own road, cattle and whisky
    count. On the other cells the bound is the one over every pair.
    """
    t = b.t
    B = Board
    base = _road_value(obj, t, 0, 0, 0)
    if not t[B.CASTLE_OPEN] or not h.road_tiles:
        return base, ({} if first is None else {c: base for c in first})
    rcomps, rfaced, rroot, occ, frontier = b.rcomps, b.rfaced, b.rroot, b.occ, b.frontier
    per: dict[Cell, list[int]] = {}
    nets_at: dict[Cell, list[tuple[Cell, int]]] = {}
    castle_cells: set[Cell] = set()
    dead = h.dead     # no tile goes there: nothing joins through them
    for r, comp in rcomps.items():
        if not comp[3]:
            continue
        if comp[0]:
            castle_cells |= rfaced[r] - dead if dead else rfaced[r]
            continue
        for c in rfaced[r]:
            if c in dead:
                continue
            v = per.get(c)
            if v is None:
                per[c] = [len(comp[1]), comp[4], comp[5]]
                nets_at[c] = [r]
            else:
                v[0] += len(comp[1])
                v[1] += comp[4]
                v[2] += comp[5]
                nets_at[c].append(r)
    zero = [0, 0, 0]

    def best_of(cells: Iterable[Cell], exclude: Cell) -> list[int]:
        out = [0, 0, 0]
        for c in cells:
            if c != exclude:
                v = per.get(c)
                if v is not None:
                    for q in range(3):
                        if v[q] > out[q]:
                            out[q] = v[q]
        return out

    best = base
    far_best = base      # the first tile on a cell far from every castle-faced cell
    close: set[Cell] = set()
    own = (h.road_tiles, h.road_cattle, h.road_whisky)
    for a in castle_cells:
        code = frontier.get(a)
        if code is None:  # pragma: no cover - a road exit always points at an empty neighbour
            continue
        x, y = a
        side_root: list[tuple[Cell, int] | None] = [None] * 4
        for d, (dx, dy) in enumerate(SIDE_OFFSETS):
            n = (x + dx, y + dy)
            q = occ.get(n)
            if q is not None:
                k2 = q.side_road[(d + 2) % 4]
                if k2 is not None:
                    side_root[d] = rroot[(n, k2)]
        entry_roots: list[tuple[set[tuple[Cell, int]], Oriented]] = []
        for hd in tiles:
            if not hd.oriented[0].n_roads:
                continue
            for r in hd.table[code]:
                sr = hd.oriented[r].side_road
                ks = {sr[d] for d in range(4) if sr[d] is not None and side_root[d] is not None
                      and rcomps[side_root[d]][0]}
                if ks:
                    entry_roots.append(({side_root[d] for d in range(4) if sr[d] in ks and side_root[d] is not None
                                         and not rcomps[side_root[d]][0]}, hd.oriented[0]))
        if not entry_roots:
            continue
        # b next to a, or facing a network that faces a: every network at a and at b
        near_cells = {(x + dx, y + dy) for dx, dy in SIDE_OFFSETS}
        for r in nets_at.get(a, ()):
            near_cells |= rfaced[r]
        close |= near_cells
        pa = per.get(a, zero)
        nb = best_of(near_cells, a)
        cand = [pa[q] + nb[q] for q in range(3)]
        # otherwise: E's castle roads' networks at a, and b only when a castle road points at it
        fb = best_of(castle_cells, a)
        for roots, eo in entry_roots:
            jt = sum(len(rcomps[r][1]) for r in roots)
            jc = sum(rcomps[r][4] for r in roots)
            jw = sum(rcomps[r][5] for r in roots)
            far = (jt + fb[0], jc + fb[1], jw + fb[2])
            for q in range(3):
                if far[q] > cand[q]:
                    cand[q] = far[q]
            # the first tile far from a: the second is the entry, only its own figures count
            alone = _road_value(obj, t, jt + 1, jc + eo.cattle, jw + eo.whisky)
            if alone > far_best:
                far_best = alone
        v = _road_value(obj, t, cand[0] + own[0], cand[1] + own[1], cand[2] + own[2])
        if v > best:
            best = v
    if first is None:
        return best, {}
    close |= castle_cells
    return best, {c: best if c in close else far_best for c in first}


def _two_left_squares(obj: Objective, b: Board, dead: frozenset[Cell] = frozenset()) -> int:
    """The squares terms with two tiles left: squares of 2 x 2 whose empty cells the two
    tiles cover. A square still to make has one or two empty cells, each next to a tile of
    the territory (one of its two neighbours in the square is a tile), so the two tiles
    cover at most a pair of cells next to the territory: the best pair's squares. A square
    holding a ``dead`` cell (no tile of the hand fits there: see :class:`_HandSums`) is never made."""
    occ = b.occ
    single: dict[Cell, int] = {}
    pair: dict[tuple[Cell, Cell], int] = {}
    for c in b.frontier:
        if c in dead:
            continue
        x, y = c
        # the 2 x 2 blocks holding c, each as its three other cells (diagonal one last)
        n_, s_, w, e = (x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)
        for p, q, d in ((n_, w, (x - 1, y - 1)), (n_, e, (x + 1, y - 1)),
                        (s_, w, (x - 1, y + 1)), (s_, e, (x + 1, y + 1))):
            hp, hq, hd = p in occ, q in occ, d in occ
            k = hp + hq + hd
            if k == 3:      # c is the block's one empty cell
                single[c] = single.get(c, 0) + 1
            elif k == 2:    # one other empty cell: the pair, counted once (from its smaller cell)
                other = q if hp and hd else p if hq and hd else d
                if c < other and other not in dead:
                    pair[(c, other)] = pair.get((c, other), 0) + 1
    top = sorted(single.values(), reverse=True)[:2]
    most = sum(top)
    for (a, c), n in pair.items():
        most = max(most, n + single.get(a, 0) + single.get(c, 0))
    t = b.t
    return sum(_PER[n] * (t[Board.SQUARES] + most) for n in obj.scoring_tiles if n in _SQUARE_TERMS)


def _square_cells(b: Board) -> set[Cell]:
    """The empty cells at the side or at the corner of a tile of the territory: the only ones in
    a 2 x 2 block that holds a tile (the blocks fewer than 4 new tiles can make squares of)."""
    occ = b.occ
    cells = set(b.frontier)
    for x, y in occ:
        for c in ((x - 1, y - 1), (x + 1, y - 1), (x - 1, y + 1), (x + 1, y + 1)):
            if c not in occ:
                cells.add(c)
    return cells


def _new_squares(b: Board, k: int, dead: frozenset[Cell] = frozenset()) -> int:
    """Most 2 x 2 squares that ``k`` more tiles can make.

    A new square is a block of 2 x 2 cells whose ``e`` empty cells (1 to 4, counted now) are
    all filled by new tiles; share it out as ``1/e`` to each of them. A new tile on cell ``c``
    then gets at most the sum of ``1/e`` over the blocks holding ``c`` with ``e <= k``: worked
    out on each empty cell next to a tile of the territory (at its side or corner); any other
    cell has only blocks of 4 empty cells (at most 1 in all, and nothing when ``k < 4``). The
    new squares are at most the sum of the ``k`` largest shares (in twelfths here), and never
    more than 4 a tile. A block holding a ``dead`` cell (no tile of the hand fits there: see
    :class:`_HandSums`) is never a square: it gives nothing.
    """
    occ = b.occ
    cells = _square_cells(b)
    shares = []
    for (x, y) in cells:
        if dead and (x, y) in dead:
            continue
        g = 0
        n_, s_, w, e = (x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)
        for p, q, d in ((n_, w, (x - 1, y - 1)), (n_, e, (x + 1, y - 1)),
                        (s_, w, (x - 1, y + 1)), (s_, e, (x + 1, y + 1))):
            empty = 4 - (p in occ) - (q in occ) - (d in occ)
            if empty <= k and not (dead and (p in dead or q in dead or d in dead)):
                g += 12 // empty
        shares.append(g)
    shares.sort(reverse=True)
    far = 12 if k >= 4 else 0
    total = 0
    for i in range(k):
        g = shares[i] if i < len(shares) else 0
        total += g if g > far else far
    return min(4 * k, total // 12)


def _best_new_squares(b: Board, k: int, dead: frozenset[Cell] = frozenset(), enough: int | None = None) -> int:
    """Exactly the most 2 x 2 squares that ``k`` more tiles (1 to 3) can make on any ``k`` empty
    cells but ``dead`` ones (see :class:`_HandSums`), whether tiles fit there or not: a bound
    tighter than :func:`_new_squares`'s shares, at a higher price.

    With 3 cells or fewer only the blocks holding a tile of the territory can be filled, so the
    cells worth a look are at the side or corner of one. A set of cells makes at most the sum of
    its cells' shares (each square it makes gives 1 in all to its empty cells), so the sets are
    tried best shares first, and the search stops where the shares cannot beat the best found.

    With ``enough``, only whether that many can be made is asked: the answer is a number of
    squares some cells make, ``enough`` or more, or ``enough - 1`` when no ``k`` cells make
    ``enough`` (the search then skips every set whose shares are below ``enough``).
    """
    if not 1 <= k <= 3:
        raise ValueError("k must be 1, 2 or 3")
    occ = b.occ
    cells = _square_cells(b)
    # per cell, its blocks that can still be squares: (top-left corner, the block's empty cells)
    blocks: dict[Cell, list[tuple[Cell, frozenset[Cell]]]] = {}
    share: dict[Cell, int] = {}
    for c in cells:
        if c in dead:
            continue
        x, y = c
        mine = []
        g = 0
        for bx, by in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
            empty = frozenset(q for q in ((bx, by), (bx + 1, by), (bx, by + 1), (bx + 1, by + 1))
                              if q not in occ)
            if len(empty) <= k and not (dead and empty & dead):
                mine.append(((bx, by), empty))
                g += 12 // len(empty)
        if mine:
            blocks[c] = mine
            share[c] = g
    order = sorted(share, key=share.__getitem__, reverse=True)
    shares = [share[c] for c in order]
    best = 0
    if enough is not None:
        if enough <= 0:
            return 0
        best = enough - 1    # only a set making enough matters

    class Enough(Exception):
        pass

    def made(chosen: list[Cell]) -> int:
        u = set(chosen)
        return len({corner for c in chosen for corner, empty in blocks[c] if empty <= u})

    def grow(start: int, chosen: list[Cell], got: int) -> None:
        # got: the chosen cells' shares (twelfths); the rest of the cells come from order[start:]
        nonlocal best
        left = k - len(chosen)
        for i in range(start, len(order)):
            if got + sum(shares[i:i + left]) <= 12 * best:
                return   # the shares only fall from here
            chosen.append(order[i])
            v = made(chosen)
            if v > best:
                best = v
                if enough is not None:
                    raise Enough
            if left > 1:
                grow(i + 1, chosen, got + shares[i])
            chosen.pop()

    try:
        grow(0, [], 0)
    except Enough:
        pass
    return best


def _squares_fall_short(b: Board, h: _HandSums, bound: int, need: int, per: int) -> bool:
    """With three tiles left, whether ``bound`` (:func:`upper_bound`, at least ``need``) falls
    below ``need`` once its squares term (``per`` VP a square) takes the exact most squares
    three cells make (:func:`_best_new_squares`) instead of the shares (:func:`_new_squares`):
    dearer, and tighter, so tried only where the plain bound did not cut."""
    shares = _new_squares(b, 3, h.dead)
    enough = shares - (bound - need) // per     # the fewest squares that keep the bound at need
    return _best_new_squares(b, 3, h.dead, enough) < enough


def _whisky_ub(b: Board, h: _HandSums, pot: Sequence[int] | None = None, road_open: bool | None = None) -> int:
    """Most whisky tiles that can end up connected to the castle by road.

    Only a road component with an exit facing an empty cell can still join the
    castle's, and only while the castle's own component has such an exit
    (``road_open``: :func:`_castle_open`, when known).
    """
    t = b.t
    if road_open is None:
        road_open = _castle_open(b, h)
    return t[Board.CONN_WHISKY] + ((t[Board.POT_WHISKY] if pot is None else pot[2]) + h.road_whisky
                                   if road_open else 0)


def _castle_open(b: Board, h: _HandSums) -> bool:
    """Whether a new tile can still join the castle's road network: a castle road points at
    an empty cell, and not only at cells where no tile of the hand fits (``h.dead``)."""
    if not b.t[Board.CASTLE_OPEN]:
        return False
    return not h.dead or not b.castle_faced() <= h.dead


def _road_pot(b: Board, h: _HandSums) -> tuple[int, int, int, bool]:
    """The most (tiles, cattle, whisky) of the board's open road networks not connected to
    the castle that ``h.n`` more tiles can connect to it, and whether any new road tile can
    join the castle's network at all (a castle road points at a cell where a tile may go, and a
    road tile is left: :func:`_castle_open` with the hand's road tiles).

    Why this never under-estimates: an old network joins the castle's only through a
    new road tile on a cell one of its open exits points at, and those cells are all empty
    cells next to the territory now (a cell that is empty but not next to a tile is
    faced by no exit). The ``k`` road tiles of the hand that can be placed (``h.n`` at most)
    cover at most ``k`` such cells, and the first new tile the castle's network reaches stands
    on a cell a castle road points at. So the networks joined are among those facing ``k``
    cells, one of them castle-faced; their sum is at most the best castle-faced cell's
    networks plus the ``k - 1`` best cells' (a network facing two chosen cells counted twice
    only raises the figure). Only networks within ``k`` road tiles of the castle's count
    (:func:`_road_reach`), never more than all open networks (``POT_*``).
    """
    t = b.t
    B = Board
    full = (t[B.POT_TILES], t[B.POT_CATTLE], t[B.POT_WHISKY])
    if not t[B.CASTLE_OPEN]:
        return full[0], full[1], full[2], False
    k = min(h.n, h.road_tiles)
    if k <= 0:   # no road tile left: nothing new joins (whether the castle is open or not)
        return 0, 0, 0, False
    reach, castle_cells, near = _road_reach(b, k, h.dead)
    if not near:
        return 0, 0, 0, bool(castle_cells)
    per: dict[Cell, list[int]] = {}
    for cells, size, cattle, whisky in near:
        for c in cells:
            v = per.get(c)
            if v is None:
                per[c] = [size, cattle, whisky]
            else:
                v[0] += size
                v[1] += cattle
                v[2] += whisky
    out = []
    for q in range(3):
        first = max((per[c][q] for c in castle_cells if c in per), default=0)
        rest = sum(sorted((v[q] for v in per.values()), reverse=True)[:k - 1]) if k > 1 else 0
        out.append(min(full[q], reach[q], first + rest))
    return out[0], out[1], out[2], bool(castle_cells)


def _road_reach(b: Board, k: int, dead: frozenset[Cell] = frozenset()) -> tuple[tuple[int, int, int], set[Cell],
                                          list[tuple[tuple[Cell, ...], int, int, int]]]:
    """The (tiles, cattle, whisky) of the open road networks not connected to the castle that
    lie within ``k`` new road tiles of the castle's network; the empty cells the castle's roads
    point at; and those networks, each as (the cells its exits point at, tiles, cattle, whisky).

    New tiles join two networks only as a chain of road tiles from a cell one's exit points at
    to a cell the other's points at: at least their distance (rows + columns) + 1 tiles. A network
    joins the castle's through a path of such chains and old networks, whose chains are distinct
    tiles, so it needs at least its shortest distance from the castle's network in the graph of
    networks weighted so, and ``k`` tiles (``h.n``, and no more than the road tiles in hand) can
    only join networks within ``k``. A ``dead`` cell (no tile of the hand fits there: see
    :class:`_HandSums`) is never filled, so the exits pointing at one are left out.
    """
    castle: set[Cell] = set()
    nets: list[tuple[frozenset[Cell], tuple]] = []     # (the cells its exits point at, the component)
    rfaced = b.rfaced
    for r, comp in b.rcomps.items():
        if comp[3]:
            if comp[0]:
                castle |= rfaced[r]
            else:
                nets.append((rfaced[r], comp))
    if dead:
        castle -= dead
    if not castle or not nets or k <= 0:
        return (0, 0, 0), castle, []

    # the shortest paths, cost by cost (a breadth-first walk of the grid): ``within`` holds the
    # cells where a chain of at most ``d`` new tiles from the castle's network can end (1 tile on
    # a cell a castle road points at, one more a step), and a network facing one of them is
    # joined with ``d`` tiles; the cells it faces start chains of their own at ``d + 1``
    joined: list[tuple[frozenset[Cell], tuple]] = []
    within = castle
    for d in range(1, k + 1):
        left: list[tuple[frozenset[Cell], tuple]] = []
        hit: list[tuple[frozenset[Cell], tuple]] = []
        for n in nets:
            (left if within.isdisjoint(n[0]) else hit).append(n)
        joined += hit
        nets = left
        if d == k or not nets:
            break
        wider = set(within)
        for x, y in within:
            wider.update(((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
        for cells, _ in hit:
            wider.update(cells)
        if dead:    # no chain goes through a cell no tile fits
            wider -= dead
        within = wider
    near = [(tuple(f - dead) if dead else tuple(f), len(comp[1]), comp[4], comp[5]) for f, comp in joined]
    return (sum(n[1] for n in near), sum(n[2] for n in near), sum(n[3] for n in near)), castle, near


# --------------------------------------------------------------------------
# The search
# --------------------------------------------------------------------------

def _scroll_values(b: Board, h: _HandSums) -> list[int]:
    """What one scroll of each type can count at most in a final territory reached from ``b``
    with hand ``h``: its icon count with every icon of the hand added (icon totals only grow)."""
    B = Board
    tt = list(b.t)
    tt[B.SHEEP] += h.sheep
    tt[B.WHISKY] += h.whisky
    tt[B.SHIPS] += h.ships
    tt[B.CATTLE] += h.cattle
    tt[B.BROCH] += h.broch
    tt[B.FARM] += h.farm
    tt[B.LH] += h.lighthouse
    return [_scroll_count(tt, s) for s in range(len(_SCROLLS))]


def _area_sides(o: Oriented) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]:
    """The areas of ``o`` touching a side: (terrain code, scroll types, the sides they touch)."""
    return tuple((a[0], a[4], tuple(d for d in range(4) if o.side_area[d] == k))
                 for k, a in enumerate(o.areas) if k in o.side_area)


def _area_masks(o: Oriented) -> tuple[tuple[int, int, int], ...]:
    """The areas of ``o`` touching a side: (area index, terrain code, bit mask of the sides)."""
    return tuple((k, a[0], sum(1 << d for d in range(4) if o.side_area[d] == k))
                 for k, a in enumerate(o.areas) if k in o.side_area)


def _closing_sides(b: Board) -> dict[Cell, int]:
    """Per empty cell next to the territory, the sides (bit mask) whose neighbour's area
    faces that cell and no other empty cell: a tile there closes it. (Such an area is open and
    faces one cell: one of the components the bounds keep at hand, ``b.near``.)"""
    out = dict.fromkeys(b.frontier, 0)
    occ, aroot = b.occ, b.aroot
    for root, comp in b.near.items():
        if len(comp[8]) != 1:
            continue
        (c,) = comp[8]
        x, y = c
        m = 0
        for d, (dx, dy) in enumerate(SIDE_OFFSETS):
            n = (x + dx, y + dy)
            q = occ.get(n)
            if q is not None and aroot[(n, q.side_area[(d + 2) % 4])] == root:
                m |= 1 << d
        out[c] |= m
    return out


def _closing_sides_after(closing: dict[Cell, int], b: Board, cell: Cell) -> dict[Cell, int]:
    """:func:`_closing_sides` of ``b``, made by placing a tile on ``cell``, given ``closing``, the
    board's before. Only the cells a changed area faces can change: every area of the board next
    to ``cell`` is now joined to the new tile's area on that side, so those are the cells the new
    tile's areas face, and the cells next to ``cell``; the others keep their sides."""
    occ, aroot, comps = b.occ, b.aroot, b.comps
    x, y = cell
    redo = {(x + dx, y + dy) for dx, dy in SIDE_OFFSETS}
    for k in range(len(occ[cell].areas)):
        r = aroot.get((cell, k))
        if r is not None:
            redo |= comps[r][8]
    out = dict(closing)
    out.pop(cell, None)
    frontier = b.frontier
    for c in redo:
        if c not in frontier:
            continue
        cx, cy = c
        m = 0
        for d, (dx, dy) in enumerate(SIDE_OFFSETS):
            n = (cx + dx, cy + dy)
            q = occ.get(n)
            if q is not None and len(comps[aroot[(n, q.side_area[(d + 2) % 4])]][8]) <= 1:
                m |= 1 << d
        out[c] = m
    return out


def _dead_cells(b: Board, placements: Iterable[tuple[int, Cell, int]]) -> frozenset[Cell]:
    """The empty cells next to the territory where no tile of the hand fits (``placements``:
    every legal (tile, cell, rotation) now). They stay empty in every final territory: the
    faces around such a cell only grow in number and the hand only shrinks."""
    live = {c for _, c, _ in placements}
    if len(live) == len(b.frontier):
        return frozenset()
    return frozenset(c for c in b.frontier if c not in live)


def _child_dead(child: Board, cell: Cell, dead: frozenset[Cell],
                tables: Sequence[tuple[tuple[int, ...], ...]]) -> frozenset[Cell]:
    """The cells no tile left fits on a board just made by placing a tile on ``cell``: those of
    ``dead`` (where none fitted before: see :func:`_dead_cells`), but ``cell``, and the empty
    cells next to ``cell`` where none of ``tables`` (the tiles left) fits the faces now around."""
    out = set(dead)
    out.discard(cell)
    x, y = cell
    fr = child.frontier
    for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        code = fr.get(n)
        if code is not None and n not in out and not any(tb[code] for tb in tables):
            out.add(n)
    return frozenset(out)


def _alone_closable(b: Board, placements: Iterable[tuple[int, Cell, int]],
                    masks: Sequence[dict[int, tuple[tuple[int, int, int], ...]]],
                    closing: dict[Cell, int] | None = None) -> tuple[int, int, int, int]:
    """Of the sided areas of the tiles in hand, by terrain code, how many can be completed with
    no other new tile's area in theirs (``placements``: every legal (tile, cell, rotation) now).

    Such an area's sides all face tiles on the board now (a new tile there would have an area of
    the same terrain on that side, joined to it), so its tile goes on an empty cell next to the
    board, in a rotation legal now (later neighbours only add conditions); and every area of the
    board it joins faces that cell alone (another empty cell it faces would be filled by a new
    tile, whose area would join). Counted per (tile, area) that has such a placement.
    ``closing``: :func:`_closing_sides` of ``b`` when known.
    """
    if closing is None:
        closing = _closing_sides(b)
    done: set[tuple[int, int]] = set()
    counts = [0, 0, 0, 0]
    for i, cell, r in placements:
        cm = closing[cell]
        if not cm:
            continue
        for k, terr, sm in masks[i][r]:
            if sm & cm == sm and (i, k) not in done:
                done.add((i, k))
                counts[terr] += 1
    return counts[0], counts[1], counts[2], counts[3]


def first_doomed(b: Board, cell: Cell, o: Oriented, values: Sequence[int] | None,
                 sides_of: tuple | None = None, after: int = 1,
                 dead: frozenset[Cell] = frozenset()) -> tuple[tuple[int, int, int, int], int]:
    """With two tiles left and ``o`` the first of them on ``cell``: how many of its sided areas,
    by terrain code, can never be completed, and how much less than the pair bound
    (:func:`two_left_bound`, which counts every scroll of the hand twice) their scrolls can
    give (``values``: :func:`_scroll_values`; ``None``: no scrolls counted).

    Admissible: once ``o`` is on ``cell``, each of its areas is in a component made of that
    area and the old components its sides touch (areas join only through a shared side); that
    component faces the empty cells next to ``cell`` its sides point at and every cell those
    old components face but ``cell`` (exactly what :meth:`Board._areas` gives it). When that
    makes two or more cells, the component faces each of them until a tile stands there, and
    one tile more fills at most one: it is open in every final territory. So that area is in
    no completed area (the completion counts of the pair bound, which count every sided area
    of the hand as one that may be completed, can take one fewer of its terrain), and its
    scrolls count once, not twice: each at most its type's value less than the bound gave it.
    ``sides_of``: ``_area_sides(o)`` if known. ``b`` must be whole (not lazy).
    ``after``: how many tiles are left after ``o`` (2 with three tiles left,
    :func:`three_left_bound`): a component facing more cells than that is open in every final
    territory (``after`` tiles fill at most ``after`` of its cells), the same argument. So is one
    facing a ``dead`` cell (where no tile of the hand fits now, :class:`_HandSums`: it stays empty)."""
    x, y = cell
    occ, aroot, comps = b.occ, b.aroot, b.comps
    loss = 0
    doomed = [0, 0, 0, 0]
    for terr, scrolls, sides in (_area_sides(o) if sides_of is None else sides_of):
        faced: set[Cell] = set()
        for d in sides:
            dx, dy = SIDE_OFFSETS[d]
            n = (x + dx, y + dy)
            q = occ.get(n)
            if q is None:
                faced.add(n)
            else:
                faced.update(comps[aroot[(n, q.side_area[(d + 2) % 4])]][8])
        faced.discard(cell)
        if len(faced) > after or (dead and not faced.isdisjoint(dead)):
            doomed[terr] += 1
            if values is not None:
                for sc in scrolls:
                    loss += values[sc]
    return (doomed[0], doomed[1], doomed[2], doomed[3]), loss


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` finds."""

    optimum: int
    optimal_territories: int
    moves: tuple[Move, ...]          # one optimal solution, in a legal order; returned tiles last
    nodes: int = 0                   # search nodes expanded (for the benchmarks)
    finals: int = 0                  # final territories scored

    def to_json(self) -> dict[str, Any]:
        """The ``skye-widgets puzzle solve --json`` answer."""
        return {"optimum": self.optimum, "optimal_territories": self.optimal_territories,
                "solution": [m.to_dict() for m in self.moves]}


class _Hand:
    """Per tile of the hand: its oriented forms and legal rotations per neighbour pattern."""

    def __init__(self, tile: Tile) -> None:
        self.tile = tile
        self.number: int | str = int(tile.id) if tile.id.isdigit() else tile.id  # hand-built tiles keep their id
        self.oriented, self.table = _tile_tables(tile)


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


def _legal(b: Board, h: _Hand, ordered: bool = False) -> list[tuple[Cell, int]]:
    table = h.table
    items = sorted(b.frontier.items()) if ordered else b.frontier.items()
    return [(c, r) for c, code in items for r in table[code]]


def greedy(territory: Territory, hand: Sequence[int | str | Tile], obj: Objective) -> tuple[int, tuple[Move, ...]]:
    """Place the tiles one at a time, in hand order, each where it scores most right now.

    Ties go to the first of the sorted (x, y, rotation); a tile that does not
    fit yet waits until the others are down, and goes back when it never fits.
    Returns the score and the moves (what a learner placing greedily gets).
    """
    b = Board.of(territory, features_for(obj))
    tiles = [_Hand(territory.tile(n)) for n in hand]
    moves: list[Move] = []
    waiting = list(tiles)
    progress = True
    while waiting and progress:
        progress = False
        for h in list(waiting):
            best = None
            for cell, r in _legal(b, h, ordered=True):
                nb = b.place(cell, h.oriented[r])
                v = board_value(obj, nb)
                if best is None or v > best[0]:
                    best = (v, cell, r, nb)
            if best is not None:
                _, cell, r, b = best
                moves.append(Move(h.number, cell[0], cell[1], r))
                waiting.remove(h)
                progress = True
    moves.extend(Move(h.number) for h in waiting)
    return board_value(obj, b), tuple(moves)


def start_choices(territory: Territory, hand: Sequence[int | str | Tile]) -> int:
    """How many placements (tile, cell, rotation; rotations that look the same once) are
    legal at the start: the choices a player faces before the first tile (for the grade)."""
    b = Board.of(territory, frozenset())
    return sum(len(_legal(b, _Hand(territory.tile(n)))) for n in hand)


def root_bound(territory: Territory, hand: Sequence[int | str | Tile], obj: Objective) -> int:
    """An upper bound on the optimum, without searching (the generator's quick filter)."""
    board = Board.of(territory, features_for(obj))
    return upper_bound(obj, board, _hand_sums([orient(territory.tile(n), 0) for n in hand]))


def solve(territory: Territory, hand: Sequence[int | str | Tile], obj: Objective, *,
          on_node: Callable[[int], None] | None = None, prune: bool = True,
          shortcuts: bool = True, max_optima: int | None = None) -> Solution:
    """The best score of ``obj`` over every legal way to place ``hand`` in ``territory``.

    Returns the optimum, the number of distinct optimal final territories
    (rotations that look the same count once) and one optimal solution.
    ``territory`` is not changed. ``prune=False`` switches the bounds off and
    ``shortcuts=False`` the road-only shortcut for the last tile (to test them).

    ``max_optima`` stops counting optimal territories at that many: once that
    many are found at the best score, only strictly better territories are
    searched for, so the bounds cut every node that can at most tie. With
    ``max_optima=1`` (what :func:`verify_optimum`, ``puzzle check`` and hints use)
    the search only proves the optimum and keeps one witness, and starts from
    the greedy placement as that witness. ``optimal_territories`` is then the
    number counted: the true number when below ``max_optima``, else "at least
    ``max_optima``". ``None`` (the default) counts every optimal territory.
    A hand of more than :data:`MAX_PUZZLE_HAND` tiles raises :class:`HandTooLargeError` at once.
    """
    if len(hand) > MAX_PUZZLE_HAND:
        raise HandTooLargeError(len(hand))
    hands = [_Hand(territory.tile(n)) for n in hand]
    if len({h.tile.id for h in hands}) != len(hands):
        raise ValueError("a tile is twice in the hand")
    for h in hands:
        if h.tile.id in {p.tile for p in territory}:
            raise ValueError(f"tile {h.tile.id} is already in the territory")
    root = Board.of(territory, features_for(obj))
    rng = random.Random(20240611)
    zob: dict[tuple[int, Cell, int], int] = {}

    def z(i: int, cell: Cell, r: int) -> int:
        k = (i, cell, r)
        v = zob.get(k)
        if v is None:
            v = zob[k] = rng.getrandbits(96)
        return v

    cell_bounds = _cell_terms(obj, root)
    pair_bounds = cell_bounds or "squares" in root.needs
    three_cells = _three_left_terms(obj, root)
    road_only = shortcuts and features_for(obj) <= {"roads"} and not obj.scrolls
    if max_optima is not None and max_optima < 1:
        raise ValueError("max_optima must be at least 1")
    limit = max_optima
    start_best, start_moves = greedy(territory, hand, obj)
    best = [start_best]
    count = [0]
    best_moves: list[tuple[Move, ...] | None] = [None]
    # the score a node must be able to reach to be worth searching: the best so far while
    # optima are still counted, one more once enough optima are known
    need = [start_best]
    if limit == 1:      # the greedy placement is the first witness: only better ones matter
        count[0], best_moves[0], need[0] = 1, start_moves, start_best + 1
    visited: set[Any] = set()
    stats = [0, 0]
    path: list[tuple[int, Cell, int]] = []
    sums_cache: dict[int, _HandSums] = {}
    dead_cache: dict[tuple[int, frozenset[Cell]], _HandSums] = {}
    alone_cache: dict[tuple[int, tuple[int, int, int, int]], _HandSums] = {}

    def with_alone(h: _HandSums, alone: tuple[int, int, int, int]) -> _HandSums:
        k = (id(h), alone)      # h is one of the cached sums: its id is its key
        s = alone_cache.get(k)
        if s is None:
            s = alone_cache[k] = replace(h, alone=alone)
        return s
    area_sides = [{r: _area_sides(o) for r, o in hd.oriented.items()} for hd in hands]
    # the completion terms' bounds know which sided areas of the hand can be completed alone
    use_alone = prune and "areas" in root.needs and bool({2, 4, 16}.intersection(obj.scoring_tiles))
    area_masks = [{r: _area_masks(o) for r, o in hd.oriented.items()} for hd in hands] if use_alone else []
    alone_at_two = bool({2, 16}.intersection(obj.scoring_tiles))
    sq_per = sum(_PER[n] for n in obj.scoring_tiles if n in _SQUARE_TERMS) if "squares" in root.needs else 0
    # the plain bound reads only what a lazily built board has (no area components)
    lazy_bound = "areas" not in root.needs
    # the bounds that read the cells where no tile fits: areas to complete, roads, squares
    use_dead = prune and bool(obj.scrolls or _AREA_TERMS.intersection(obj.scoring_tiles)
                              or {"roads", "squares"} & root.needs)

    def _rest_dead(b: Board, mask: int, legal_now: list[tuple[int, Cell, int]]) -> dict[int, frozenset[Cell]]:
        """Per tile ``i`` of ``mask``: the cells next to the territory where no other tile fits now
        (:func:`_dead_cells` of the others' legal placements)."""
        return {i: _dead_cells(b, [p for p in legal_now if p[0] != i])
                for i in range(len(hands)) if mask >> i & 1}
    plain_tries = [0, 0]    # two tiles left: the plain bound tried, and how often it cut
    three_tries = [0, 0]    # three tiles left: children bounded, and how many were cut

    def sums(mask: int, dead: frozenset[Cell] = frozenset()) -> _HandSums:
        s = sums_cache.get(mask)
        if s is None:
            s = sums_cache[mask] = _hand_sums([hands[i].oriented[0] for i in range(len(hands)) if mask >> i & 1])
        if dead:    # the same sums with the cells no tile of the hand fits (few sets recur)
            k = (mask, dead)
            sd = dead_cache.get(k)
            if sd is None:
                sd = dead_cache[k] = replace(s, dead=dead)
            return sd
        return s

    def terminal(v: int, mask: int) -> None:
        if v < need[0]:
            return
        if v > best[0]:
            best[0], count[0], best_moves[0] = v, 0, None
        count[0] += 1
        need[0] = best[0] + 1 if limit is not None and count[0] >= limit else best[0]
        if best_moves[0] is None:
            placed = [Move(hands[i].number, c[0], c[1], r) for i, c, r in path]
            returned = [Move(hands[i].number) for i in range(len(hands)) if mask >> i & 1]
            best_moves[0] = tuple(placed + returned)

    def one_left_children(b: Board, key: int, children: list[tuple[int, Cell, int]]) -> None:
        """Score each placement of the last tile (``children``) of a one-tile-left node."""
        b.finish()  # a lazily built board (see Board.place): its union-find tables now
        effects, seen, oriented = b._effects, visited, hands[children[0][0]].oriented
        scored = 0
        # road-only objectives: a spot no castle road points at connects nothing, so every
        # such spot scores the same (the tile's icons count wherever it is): score it once
        faced = b.castle_faced() if road_only else None
        plain: int | None = None
        for i, cell, r in children:
            k2 = key ^ (zob.get((i, cell, r)) or z(i, cell, r))
            if k2 in seen:
                continue
            seen.add(k2)
            scored += 1
            if faced is not None and cell not in faced:
                if plain is None:
                    t, c1, c2, maxw, *_ = effects(cell, oriented[r])
                    plain = totals_value(obj, t, c1, c2, maxw)
                v = plain
            else:
                t, c1, c2, maxw, *_ = effects(cell, oriented[r])
                v = totals_value(obj, t, c1, c2, maxw)
            if v >= need[0]:
                path.append((i, cell, r))
                terminal(v, 0)
                path.pop()
        stats[1] += scored

    def dfs(b: Board, mask: int, key: int, last: int, before: dict[Cell, int],
            up: tuple[dict[Cell, int] | None, Cell] | None = None) -> None:
        # up: the parent's closing sides (when worked out) and the cell just filled
        stats[0] += 1
        if on_node is not None:
            on_node(stats[0])
        one_left = mask & (mask - 1) == 0
        if prune and one_left and cell_bounds:
            # most one-tile-left nodes are cut by their bound: bound first, over the cells where
            # the tile is legal (a legal rotation for the faces around, and the order rule
            # below), before the (cell, rotation) children are listed
            j = mask.bit_length() - 1
            table = hands[j].table
            if last >= 0 and j < last:
                cells = [c for c, code in b.frontier.items() if table[code] and c not in before]
            else:
                cells = [c for c, code in b.frontier.items() if table[code]]
            if not cells:
                if last < 0 or j > last or not any(table[code] for code in b.frontier.values()):
                    stats[1] += 1
                    terminal(board_value(obj, b), mask)
                return
            rest, at, default = _one_left_bounds(obj, b, sums(mask), cells)
            if rest + max(default, max(at.values(), default=default)) < need[0]:
                return
            children = [(j, c, r) for c in cells if rest + at.get(c, default) >= need[0] for r in table[b.frontier[c]]]
            return one_left_children(b, key, children) if children else None
        items = b.frontier.items()
        children = [(i, cell, r) for i in range(len(hands)) if mask >> i & 1
                    for cell, code in items for r in hands[i].table[code]]
        if not children:
            stats[1] += 1
            terminal(board_value(obj, b), mask)
            return
        legal_now = children
        closing: dict[Cell, int] | None = None
        # the cells next to the territory where no tile left fits now stay empty (the bounds
        # read them); taken before the order rule below, as a tile left out now may still
        # go on a cell later
        hs = sums(mask, _dead_cells(b, children)) if use_dead else sums(mask)
        if use_alone and (alone_at_two or bin(mask).count("1") >= 3):
            # (with two tiles left only for completed areas and mountains: for large areas the
            # pair bound's figures hold it already and it costs more than it cuts) before the
            # order rule below, as a tile left out now may still go there later
            closing = _closing_sides(b) if up is None or up[0] is None else _closing_sides_after(up[0], b, up[1])
            hs = with_alone(hs, _alone_closable(b, children, area_masks, closing))
        # One order per set of placements (see "Commuting placements" in docs/puzzles.md):
        # after tile `last`, a tile of a lower index goes only on a cell that the last
        # placement opened (empty, but not next to the territory before it). Any legal
        # order can be sorted into such an order by swapping neighbouring placements
        # (a placement legal before the other stays legal when the two swap), so every
        # reachable final territory is still reached.
        if last >= 0:
            children = [ch for ch in children if ch[0] > last or ch[1] not in before]
            if not children:
                return
        if prune and pair_bounds and bin(mask).count("1") == 2:
            # two tiles left: the bound over the pairs of cells they can cover. The plain bound
            # is tried first while it pays: while it cuts at least one node in 8 (it is cheaper,
            # but on objectives where it seldom cuts, roads above all, it only adds its cost)
            if plain_tries[0] < 64 or plain_tries[1] * 8 >= plain_tries[0]:
                plain_tries[0] += 1
                if upper_bound(obj, b, hs) < need[0]:
                    plain_tries[1] += 1
                    return
            refine: list[Any] = []
            bound, at = two_left_bound(obj, b, hs, [hands[i] for i in range(len(hands)) if mask >> i & 1],
                                       {c for _, c, _ in children}, refine)
            if bound < need[0]:
                return
            if at:  # the first of the two tiles only where the pair can still reach the best
                children = [ch for ch in children if at[ch[1]] >= need[0]]
                if refine and children:
                    # and in a rotation whose own areas can still be completed (first_doomed; the
                    # cells the other tile does not fit are never filled)
                    values = _scroll_values(b, hs) if obj.scrolls else None
                    others_dead = _rest_dead(b, mask, legal_now)
                    fn, kept = refine[0], []
                    for ch in children:
                        doomed, loss = first_doomed(b, ch[1], hands[ch[0]].oriented[ch[2]], values,
                                                    area_sides[ch[0]][ch[2]], dead=others_dead[ch[0]])
                        if fn(ch[1], doomed) - loss >= need[0]:
                            kept.append(ch)
                    children = kept
        elif prune and (bound := upper_bound(obj, b, hs)) < need[0] or (
                prune and sq_per and hs.n == 3 and _squares_fall_short(b, hs, bound, need[0], sq_per)):
            return
        elif prune and three_cells and bin(mask).count("1") == 3 and (
                three_tries[0] < 256 or three_tries[1] * 8 >= three_tries[0]):
            # three tiles left: the first of them only where the area terms over the three cells
            # they can cover can still reach the best (three_left_bound), while that pays: while
            # it cuts at least one child in 8 (counted, not timed; on some objectives it never cuts)
            three_tries[0] += len(children)
            refine3: list[Any] = []
            bound, at = three_left_bound(obj, b, hs, {c for _, c, _ in children}, refine3)
            if bound < need[0]:
                three_tries[1] += len(children)
                return
            n_before = len(children)
            children = [ch for ch in children if at[ch[1]] >= need[0]]
            # and in a rotation whose own areas can still be completed (first_doomed, two after it,
            # which never fill the cells neither of them fits)
            values = _scroll_values(b, hs) if obj.scrolls else None
            others_dead = _rest_dead(b, mask, legal_now)
            fn, kept = refine3[0], []
            for ch in children:
                doomed, loss = first_doomed(b, ch[1], hands[ch[0]].oriented[ch[2]], values,
                                            area_sides[ch[0]][ch[2]], after=2, dead=others_dead[ch[0]])
                if fn(ch[1], doomed) - loss >= need[0]:
                    kept.append(ch)
            children = kept
            three_tries[1] += n_before - len(children)
        if one_left:  # one tile left: the hand is empty afterwards, only scores matter
            return one_left_children(b, key, children)
        frontier = b.frontier
        # a child with one tile left is built lazily: most are cut by their bound at once
        lazy = bin(mask).count("1") == 2
        # three tiles left, on objectives whose plain bound reads no area components: each child
        # is built lazily and bounded here first, with the cells its two tiles cannot fill
        # (most children are cut so, before their placements are listed)
        early = prune and lazy_bound and bin(mask).count("1") == 3
        if early:
            rest_dead = _rest_dead(b, mask, legal_now)
            rest_tables = {i: [hands[j].table for j in range(len(hands)) if mask >> j & 1 and j != i] for i in rest_dead}
        for i, cell, r in children:
            k2 = key ^ (zob.get((i, cell, r)) or z(i, cell, r))
            # what a node may still do depends on its set of placements and on the last one
            memo = (k2, i, cell)
            if memo in visited:
                continue
            visited.add(memo)
            o = hands[i].oriented[r]
            if early:
                child = b.place(cell, o, lazy=True)
                rest = mask & ~(1 << i)
                d = _child_dead(child, cell, rest_dead[i], rest_tables[i])
                if upper_bound(obj, child, sums(rest, d)) < need[0]:
                    stats[0] += 1
                    continue
                child.finish()
            else:
                child = b.place(cell, o, lazy=lazy)
            path.append((i, cell, r))
            dfs(child, mask & ~(1 << i), k2, i, frontier, (closing, cell))
            path.pop()

    dfs(root, (1 << len(hands)) - 1, 0, -1, root.frontier)
    moves = best_moves[0]
    assert moves is not None, "the greedy placement is always found again"
    # re-score the solution with the real rules (a cross-check of the fast board)
    final = territory.copy()
    for m in moves:
        if not m.returned:
            final.place(m.tile, m.x, m.y, m.rotation)  # type: ignore[arg-type]
    real = evaluate(obj, final).points
    if real != best[0]:  # pragma: no cover - guarded by the tests
        raise AssertionError(f"fast board scored {best[0]} but the rules score {real}")
    return Solution(best[0], count[0], moves, stats[0], stats[1])


def verify_optimum(puzzle: Puzzle) -> None:
    """Re-solve ``puzzle``; raise :class:`PuzzleDataError` when ``optimum`` is not the best."""
    best = solve(puzzle.start(), puzzle.hand, puzzle.objective, max_optima=1).optimum
    if best != puzzle.optimum:
        raise PuzzleDataError(f"optimum: stated {puzzle.optimum} but the best possible is {best}")


def check_file(path: str | os.PathLike[str]) -> Puzzle:
    """Load a puzzle file and re-solve it (the full check of ``skye-widgets puzzle check``)."""
    p = load_puzzle(path)
    try:
        verify_optimum(p)
    except PuzzleDataError as e:
        raise FileFormatError(path, str(e)) from None
    return p

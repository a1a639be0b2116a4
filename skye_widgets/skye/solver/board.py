"""The fast board: a territory as the solver sees it, one immutable snapshot per search node.

What it proves: nothing by itself; it counts, and counts right. A tile is taken in each of its
rotations (:class:`Oriented`); two rotations of one tile that give the same sides, areas, roads
and icons (:func:`rotation_signature`) make the same final territories, so only one of each class
is tried (:func:`canonical_rotations`). A :class:`Board` keeps areas and roads as union-find
components with running totals and counts every quantity of :data:`..scoring_tiles.QUANTITIES`
exactly as the reference scorer (:mod:`..scoring`) does; :func:`board_value` turns the counts
into the objective's points through the one table of scoring tiles. The tests hold it to the
reference on random territories (tests/skye/test_scoring_tiles.py), and the search re-scores
every solution with :func:`..puzzles.evaluate` before it returns it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ..puzzles import Objective
from ..scoring_tiles import CASTLE_INCOME, SCORING_TILES, SCROLLS, broch_points, majority_points
from ..territory import Territory, rotated_faces
from ..tiles import ROTATIONS, SIDE_OFFSETS, Scroll, Terrain, Tile


Cell = tuple[int, int]

_TERRAIN_CODE = {Terrain.PASTURE: 1, Terrain.MOUNTAIN: 2, Terrain.WATER: 3}
_SCROLLS = tuple(Scroll)
_SCROLL_INDEX = {s: i for i, s in enumerate(_SCROLLS)}
_P, _M, _W = 1, 2, 3


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

    >>> from ..tiles import tile_from_dict
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
                    # (an open area without water, brochs or scrolls counts in no total)
                    if not comp[1] or comp[0] == _W or comp[3] or comp[6]:
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
            comp = local[r]
            if not comp[1] or comp[0] == _W or comp[3] or comp[6]:   # (else it counts in no total)
                _comp_in(t, c1, c2, maxw, comp)
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


#: the bounds look closely at open areas facing at most this many empty cells (the one- and
#: two-tiles-left bounds read only those, from ``Board.near``, which a lazy board keeps)
NEAR_CELLS = 2


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

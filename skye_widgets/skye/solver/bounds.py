"""The bound per objective term, whatever the number of tiles left.

What it proves: no final territory reachable from a board with a hand scores more than
:func:`_bound_terms`: each scoring tile, the scrolls and the income bounded by what is scored
already plus the most the hand can add (totals only grow; every new completed area holds an area
of a new tile and was closable (:class:`_OpenAreas`); a tile without roads never connects; road
reach and squares from :mod:`.roads` and :mod:`.squares`). A node whose bound is below the best
score found is cut; a term that over-counts only makes the search slower, one that
under-counts would lose the optimum, so every term says why it never does.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..puzzles import Objective
from ..scoring_tiles import BROCH_POINTS, CASTLE_INCOME, SCORING_TILES, majority_points
from .board import Board, Cell, NEAR_CELLS, _M, _P, _SCROLLS, _W, _scroll_count
from .hand import _HandSums, _sided_completed
from .roads import _castle_open, _road_pot, _whisky_ub
from .squares import _new_squares


#: The scoring tiles whose bound looks at the open areas (:class:`_OpenAreas`), by their quantity.
_AREA_TERMS = frozenset(n for n, st in SCORING_TILES.items() if st.counts in (
    "completed_areas", "large_completed_areas", "harbours", "largest_completed_water", "completed_mountain_areas"))
#: VP per unit of each non-majority scoring tile (the table's ``per``).
_PER = {n: st.per for n, st in SCORING_TILES.items()}
#: The most scoring tile 5 can give per broch (6 VP for 3 brochs: 2 each).
_BROCH_POINTS_PER_BROCH = max(-(-p // k) for k, p in BROCH_POINTS.items() if k)

#: The scoring tiles read from the roads (:func:`_one_left_road_terms`), by their quantity.
_ROAD_TERMS = frozenset(n for n, st in SCORING_TILES.items() if st.counts in ("gold", "cattle_on_road", "tiles_on_road"))

#: The scoring tiles counting squares (bounded over pairs of cells with two tiles left).
_SQUARE_TERMS = frozenset(n for n, st in SCORING_TILES.items() if st.counts == "squares")


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

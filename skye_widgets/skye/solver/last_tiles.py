"""The bound the search asks, tighter with one, two or three tiles left.

What it proves: :func:`upper_bound` is a score no final territory reachable from a board can
beat. With few tiles left, every old area or road network they change faces a cell one of them
is on, and those are empty cells next to the territory now, so the area, road, square and scroll
terms are bounded over each cell (one tile: :func:`_one_left_bounds`), pair of cells
(:func:`two_left_bound`) or first cell (:func:`three_left_bound`) the tiles can cover, instead of
over all of them at once; the other terms as :mod:`.bounds` bounds them. Each function's
docstring says why its bound is admissible.
"""

from __future__ import annotations

from operator import add
from typing import Any, Callable, Iterable, Sequence

from ..puzzles import Objective
from ..tiles import SIDE_OFFSETS
from .board import Board, Cell, Oriented, _M, _P, _SCROLLS, _W, _scroll_count
from .bounds import _AREA_TERMS, _PER, _ROAD_TERMS, _SQUARE_TERMS, _bound_terms, _scroll_values
from .hand import _Hand, _HandSums, _cap_completed, _sided_completed
from .roads import _road_value


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


#: Values of pairs of figure vectors, shared by every call of :func:`_two_left_area_terms` in a
#: process: context (what the value reads besides the figures and the board's totals) -> figures
#: -> value. A pair's value is its terms' board totals (added apart) plus what this memo holds,
#: so siblings and cousins in the search reuse each other's work. Bounded: cleared when it
#: holds :data:`_PAIR_MEMO_MAX` values.
_PAIR_MEMO: dict[tuple[Any, ...], dict[tuple[Any, ...], int]] = {}
_PAIR_MEMO_MAX = 100_000
_pair_memo_size = [0]


def _pair_memo(ctx: tuple[Any, ...]) -> dict[tuple[Any, ...], int]:
    memo = _PAIR_MEMO.get(ctx)
    if memo is None:
        if _pair_memo_size[0] > _PAIR_MEMO_MAX:
            _PAIR_MEMO.clear()
            _pair_memo_size[0] = 0
        memo = _PAIR_MEMO[ctx] = {}
    return memo


_LAYOUTS: dict[tuple[Any, ...], tuple[Any, ...]] = {}

#: Whether the pair bound works out the largest completed water from the water tiles' shapes
#: (:func:`_water_shapes`; off: every closable water area of the pair, the plain definition)
_WATER_SHAPES = True


def _pair_layout(obj: Objective, tiles: Sequence["_Hand"]) -> tuple[Any, ...]:
    """Where each figure is in a cell's figures for ``obj`` (see :class:`_PairSetup`; -1: not
    read), how many there are, and per figure whether both of the two ``tiles`` have a side of
    its terrain (then their figures add up on a pair; else the larger counts)."""
    key = (obj.scoring_tiles, obj.scrolls)
    lay = _LAYOUTS.get(key)
    if lay is None:
        terms = obj.scoring_tiles
        ns = len(_SCROLLS)
        ix_terr = [-1, -1, -1, -1]
        nd = 0
        if 2 in terms or 4 in terms:
            ix_terr = [-1, 0, 1, 2]
            nd = 3
        elif 16 in terms:
            ix_terr = [-1, -1, 0, -1]
            nd = 1
        ix_water = ix_lh = ix_ship = -1
        if 15 in terms:
            ix_water = nd
            nd += 1
        if 12 in terms:
            ix_lh, ix_ship = nd, nd + 1
            nd += 2
        ix_sc = [-1] * ns
        if obj.scrolls:
            ix_sc = list(range(nd, nd + ns))
            nd += ns
        large_only = 4 in terms and 2 not in terms and 16 not in terms
        ix_big = [-1, -1, -1, -1]
        if large_only:
            ix_big = [-1, nd, nd + 1, nd + 2]
            nd += 3
        # per terrain code, the figures counting it (water for 4-6)
        by_terr: list[list[int]] = [[], [], [], []]
        for terr in (_P, _M, _W):
            by_terr[terr] = [k for k in (ix_terr[terr], ix_big[terr]) if k >= 0]
        by_terr[_W] += [k for k in (ix_water, ix_lh, ix_ship) if k >= 0]
        if len(_LAYOUTS) > 256:    # a bound (a process solving many objectives)
            _LAYOUTS.clear()
        lay = _LAYOUTS[key] = (nd, ix_terr, ix_big, ix_water, ix_lh, ix_ship, ix_sc, large_only, by_terr, {})
    nd, *_, by_terr, both_memo = lay
    # how many of the two tiles have a side of each terrain code
    sides = tuple(hd.side_terrains for hd in tiles)
    both_d = both_memo.get(sides)
    if both_d is None:
        both_l = [True] * nd
        for terr in (_P, _M, _W):
            two = sum(terr in st for st in sides) >= 2
            for k in by_terr[terr]:
                both_l[k] = two
        both_d = both_memo[sides] = tuple(both_l)
    return lay[:8] + (both_d,)


class _PairSetup:
    """The figures of the cells two tiles can cover for the area terms and scrolls, and the values
    of pairs of them: what :func:`_two_left_area_terms` and :func:`_pair_child_bound` read.

    Each cell's figures are kept only for what the objective reads, in this order: closable areas
    by terrain code, closable water cells, lighthouse-only and ship-only water areas facing the
    cell, closable scrolls by type, and (large areas alone) the closable areas that make a large
    area with one new tile (of 2 tiles or more, or facing both cells), by terrain. A pair's value
    is :attr:`base` (the board's totals) plus what :meth:`value` gives its figures; the latter is
    kept from call to call (:data:`_PAIR_MEMO`), so siblings and cousins in the search reuse it.
    """

    def __init__(self, obj: Objective, b: Board, h: _HandSums, tiles: Sequence["_Hand"],
                 harbour_hand: tuple[int, int, int] | None = None) -> None:
        t = b.t
        terms = obj.scoring_tiles
        lay = _pair_layout(obj, tiles)
        (nd, ix_terr, ix_big, ix_water, ix_lh, ix_ship, ix_sc, large_only, both_d) = lay
        self.nd, self.ix_terr, self.ix_big, self.ix_water = nd, ix_terr, ix_big, ix_water
        self.ix_lh, self.ix_ship, self.ix_sc = ix_lh, ix_ship, ix_sc
        self.both_d = both_d
        self.dead = dead = h.dead  # an area facing one of these is never completed, and no tile joins there
        single: dict[Cell, list[int]] = {}
        pair: dict[tuple[Cell, Cell], list[int]] = {}
        # the largest completed water is worked out from the water tiles' shapes (_water_shapes);
        # the water areas facing at most two cells, by cell
        water_at: dict[Cell, list[tuple]] | None = {} if ix_water >= 0 and _WATER_SHAPES else None
        # the open areas facing at most two cells and the harbour-makers: b.near (NEAR_CELLS is 2)
        # (as add_merged, written out: this loop is the most of the time here)
        for comp in b.near.values():
            terr, faced = comp[0], comp[8]
            nf = len(faced)
            if nf <= 2 and not (dead and not faced.isdisjoint(dead)):
                if nf == 1:
                    for c in faced:
                        v = single.get(c)
                        if v is None:
                            v = single[c] = [0] * nd
                        if water_at is not None and terr == _W:
                            water_at.setdefault(c, []).append(comp)
                else:
                    c1, c2 = faced
                    key = (c1, c2) if c1 < c2 else (c2, c1)
                    v = pair.get(key)
                    if v is None:
                        v = pair[key] = [0] * nd
                    if water_at is not None and terr == _W:
                        water_at.setdefault(c1, []).append(comp)
                        water_at.setdefault(c2, []).append(comp)
                k = ix_terr[terr]
                if k >= 0:
                    v[k] += 1
                k = ix_big[terr]
                if k >= 0 and (nf == 2 or len(comp[2]) >= 2):
                    v[k] += 1
                if terr == _W and ix_water >= 0:
                    v[ix_water] += len(comp[2])
                for sc in comp[6]:
                    k = ix_sc[sc]
                    if k >= 0:
                        v[k] += 1
            if ix_lh >= 0 and terr == _W and (comp[4] > 0) != (comp[5] > 0):
                k = ix_lh if comp[5] else ix_ship
                for c in faced:
                    if c in dead:
                        continue
                    v = single.get(c)
                    if v is None:
                        v = single[c] = [0] * nd
                    v[k] += 1
        self.water_alone: dict[Cell, int] | None = None
        if water_at is not None:
            self.water_alone = _water_shapes(b, single, pair, nd, ix_water, water_at,
                                             [hd for hd in tiles if _W in hd.side_terrains], dead)
        self.single, self.pair = single, pair
        self.zt = zt = (0,) * nd
        self.vec = vec = {c: tuple(v) for c, v in single.items()}
        groups: dict[tuple[int, ...], list[Cell]] = {}
        for c, u in vec.items():
            if u != zt:
                g = groups.get(u)
                if g is None:
                    groups[u] = [c]
                else:
                    g.append(c)
        self.groups = groups
        p2, p4, p16, p15, p12 = _PER[2], _PER[4], _PER[16], _PER[15], _PER[12]
        sc_pos: tuple[tuple[int, int], ...] = ()
        sc_base = 0
        if obj.scrolls:
            # the scrolls' part of a value: each type's count (icons with the hand's added) times
            # its open, twice its completed, twice its hand and its closable scrolls
            sc_count = _scroll_values(b, h)
            c1, c2, hsc = b.c1, b.c2, h.scrolls
            sc_base = sum(n * (c1[sc] + 2 * c2[sc] + 2 * hsc[sc]) for sc, n in enumerate(sc_count) if n)
            sc_pos = tuple((ix_sc[sc], n) for sc, n in enumerate(sc_count) if n)
        self.sc_pos = sc_pos
        # the board's totals, added apart from the memo's values
        self.base = _pair_base(obj, t, sc_base)
        enclosed = h.enclosed
        by_alone = h.alone
        water_most = min(h.water_tiles, 2)
        max_water = b.max_water
        # the hand's water areas, lighthouses and ships a new harbour can take
        hw = (h.water_areas, h.lighthouse, h.ships) if harbour_hand is None else harbour_hand
        self.key0 = key0 = (terms, obj.scrolls, both_d, enclosed, by_alone, max_water, water_most, hw, sc_pos)
        self.sided = h.sided
        cur = self.cur = [h.sided]   # the sided areas that may be completed (fewer in a refined bound)
        memo = self.memo = [_pair_memo(key0 + (h.sided,))]
        base = self.base

        def value(v: tuple[int, ...]) -> int:
            # the value of a pair's figures but for the board's totals (base)
            sided = cur[0]
            total = 0
            for n in terms:
                if n == 2 or n == 16 or (n == 4 and not large_only):
                    # as _OpenAreas.new_completed with two tiles left and the pair's closable areas.
                    # Large areas: an area of new tiles only is made of these two tiles, two tiles
                    # at most, never large; so each large one holds a closable old area
                    out = 0
                    for terr in ((_P, _M, _W) if n != 16 else (_M,)):
                        out += (enclosed[terr] if n != 4 else 0) + _sided_completed(
                            sided[terr], v[ix_terr[terr]], by_alone, terr, n == 4)
                    total += (p2 if n == 2 else p16 if n == 16 else p4) * out
                elif n == 4:
                    # Newly completed large areas of each terrain, with n sided areas of the two
                    # tiles that may be completed and c closable old areas, B of them big (2 tiles
                    # or more, or facing both cells) and S = c - B small (1 tile, facing one cell).
                    # An area of the new tiles only is never large. A large one holds a big one (x
                    # of them, x <= B and x <= n: each holds a sided area too), or no big one and
                    # then 3 tiles or more from small ones (1 tile each) and new tiles (2 at most):
                    # two small ones and a sided area, or one small one and two sided areas. With
                    # y and z of those two kinds, y + 2z <= n - x and 2y + z <= S, so
                    # y + z <= (S + n - x) / 3, which grows with x: the count is at most
                    # min(B, n) + (S + n - min(B, n)) // 3, and never more than min(n, c). Taking
                    # the larger c, and the larger B for the same c, never lowers it (so the
                    # figures of either cell do).
                    out = 0
                    for terr in (_P, _M, _W):
                        ns_, c, big = sided[terr], v[ix_terr[terr]], v[ix_big[terr]]
                        x = big if big < ns_ else ns_
                        most = min(ns_, c, x + (c - big + ns_ - x) // 3)
                        if by_alone is not None:
                            most = min(most, _cap_completed(ns_, c, by_alone[terr]))
                        out += most
                    total += p4 * out
                elif n == 15:
                    total += p15 * max(max_water, v[ix_water] + water_most)
                elif n == 12:
                    total += p12 * min(hw[0], hw[1] + v[ix_lh], hw[2] + v[ix_ship])
            for k, cnt in sc_pos:
                total += cnt * v[k]
            return total

        def val2(va: tuple[int, ...], vc: tuple[int, ...]) -> int:
            # the value with the first tile on a cell of figures va and the second on one of vc
            key = (va, vc) if va <= vc else (vc, va)
            m = memo[0]
            r = m.get(key)
            if r is None:
                out = tuple(x + y if bk else (x if x > y else y) for x, y, bk in zip(va, vc, both_d))
                r = m.get(out)
                if r is None:
                    r = m[out] = value(out)
                    _pair_memo_size[0] += 1
                m[key] = r
                _pair_memo_size[0] += 1
            return base + r

        def with_shared(va: tuple[int, ...], vc: tuple[int, ...], p: Sequence[int]) -> int:
            # the value of two cells' figures and the areas facing both
            out = tuple(x + y + z if bk else (x if x > y else y) for x, y, z, bk in zip(va, vc, p, both_d))
            m = memo[0]
            r = m.get(out)
            if r is None:
                r = m[out] = value(out)
                _pair_memo_size[0] += 1
            return base + r

        def use_sided(sided: tuple[int, int, int, int]) -> None:
            # value the pairs with these sided areas that may be completed (a refined bound)
            cur[0] = sided
            memo[0] = _pair_memo(key0 + (sided,))

        self.val2, self.with_shared, self.use_sided = val2, with_shared, use_sided

    def add_merged(self, single: dict[Cell, list[int]], pair: dict[tuple[Cell, Cell], list[int]],
                   comps: Iterable[tuple], dead: frozenset[Cell]) -> int:
        """Count the open area components ``comps`` in the figures of the cells (or the pair) they
        face, as the board's are counted; returns how much they can raise a pair's value at most
        (each figure times its slope, :func:`_pair_parent`)."""
        nd, ix_terr, ix_big, ix_water, ix_sc = self.nd, self.ix_terr, self.ix_big, self.ix_water, self.ix_sc
        ix_lh, ix_ship, slope = self.ix_lh, self.ix_ship, self.slope
        gain = 0
        for comp in comps:
            terr, faced = comp[0], comp[8]
            nf = len(faced)
            if nf <= 2 and not (dead and not faced.isdisjoint(dead)):
                if nf == 1:
                    for c in faced:
                        v = single.get(c)
                        if v is None:
                            v = single[c] = [0] * nd
                else:
                    c1, c2 = faced
                    key = (c1, c2) if c1 < c2 else (c2, c1)
                    v = pair.get(key)
                    if v is None:
                        v = pair[key] = [0] * nd
                k = ix_terr[terr]
                if k >= 0:
                    v[k] += 1
                    gain += slope[k]
                k = ix_big[terr]
                if k >= 0 and (nf == 2 or len(comp[2]) >= 2):
                    v[k] += 1
                if terr == _W and ix_water >= 0:
                    v[ix_water] += len(comp[2])
                    gain += slope[ix_water] * len(comp[2]) * (2 if nf == 2 else 1)
                for sc in comp[6]:
                    k = ix_sc[sc]
                    if k >= 0:
                        v[k] += 1
                        gain += slope[k]
            if ix_lh >= 0 and terr == _W and (comp[4] > 0) != (comp[5] > 0):
                k = ix_lh if comp[5] else ix_ship
                for c in faced:
                    if c in dead:
                        continue
                    v = single.get(c)
                    if v is None:
                        v = single[c] = [0] * nd
                    v[k] += 1
                    gain += slope[k]
        return gain


def _water_shapes(b: Board, single: dict[Cell, list[int]], pair: dict[tuple[Cell, Cell], list[int]], nd: int,
                  ix: int, water_at: dict[Cell, list[tuple]], water_tiles: Sequence["_Hand"],
                  dead: frozenset[Cell]) -> dict[Cell, int]:
    """The largest completed water with two tiles left, from the shapes of those with a water
    side (``water_tiles``): each cell's water figure (``single[cell][ix]``) becomes the most water
    cells of old areas that one water area of such a tile joins on that cell, in a rotation that
    fits there now, when that area can be part of a completed one (below); the areas facing two
    cells no longer count on their pair (``pair``). Returns each cell's figure before (its water
    areas facing it and at most one other cell), an upper bound of its figure on any board made
    from this one by filling other cells (what :func:`_pair_child_bound` reads).

    Why it is a bound. A newly completed water area ``X`` holds a water area of a new tile. A tile
    next to a water side of another shows water there (the faces match), so its water area joins.
    When only one tile has a water side, ``X`` holds only its area ``a``: every side of ``a`` faces
    a tile of the board now and every old area it joins faces its cell alone (another faced cell
    would be filled by the other tile, whose water area would join); ``X`` is ``a`` and those
    areas. When both have one, with ``a`` on ``u`` and ``b`` on ``v``: ``X``'s old areas face ``u`` or
    ``v`` only and each joins ``a`` or ``b`` on one of its sides; the sides of ``a`` face tiles of the
    board now or ``v`` (one empty side at most), and the areas it joins face ``u`` and at most ``v``:
    the figure of ``u`` holds them when they face ``u`` alone, else the figure of the pair ``(u, v)``
    holds what they add to it (likewise for ``b``); ``X`` is at most the pair's figures and the two
    tiles (the pair's value adds the water tiles). A cell no old tile is next to has
    no old area to join (figure 0); a cell where no tile fits is never filled.
    """
    both = len(water_tiles) >= 2
    before: dict[Cell, int] = {}
    for c, comps in water_at.items():
        before[c] = sum(len(comp[2]) for comp in comps if both or len(comp[8]) == 1)
    for v in single.values():
        v[ix] = 0
    for v in pair.values():
        v[ix] = 0
    if not water_tiles:
        return before
    occ, frontier = b.occ, b.frontier
    alone: dict[Cell, int] = {}                         # the figure of a cell
    paired: dict[Cell, dict[Cell, int]] = {}            # ... with the other tile on a given cell
    for c, comps in water_at.items():
        code = frontier.get(c)
        if code is None:
            continue
        x, y = c
        # per side of c: the water area of the board there (index in comps), or -1 (another)
        around = ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))   # SIDE_OFFSETS
        on_side = [-2, -2, -2, -2]      # -2: an empty cell
        for d, n in enumerate(around):
            q = occ.get(n)
            if q is None:
                continue
            node = (n, q.side_area[(d + 2) % 4])
            on_side[d] = -1
            for k, comp in enumerate(comps):
                if node in comp[7]:
                    on_side[d] = k
                    break
        most = 0
        with_other: dict[Cell, int] = {}    # the most with the other tile on a given cell
        for hd in water_tiles:
            for r in hd.table[code]:
                o = hd.oriented[r]
                side_area = o.side_area
                for a, area in enumerate(o.areas):
                    if area[0] != _W:
                        continue
                    joined: set[int] = set()
                    partner: set[Cell] = set()      # the other cell they face (the other tile's)
                    ok = False
                    for d in range(4):
                        if side_area[d] != a:
                            continue
                        ok = True
                        k = on_side[d]
                        if k == -2:                 # an empty side: the other tile goes there
                            if around[d] in dead:
                                break
                            partner.add(around[d])
                        elif k == -1:               # an area facing more cells (or a dead one)
                            break
                        else:
                            joined.add(k)
                            partner.update(comps[k][8])
                    else:
                        partner.discard(c)
                        if ok and len(partner) <= (1 if both else 0):
                            size = sum(len(comps[k][2]) for k in joined)
                            if partner:
                                (other,) = partner
                                if size > with_other.get(other, 0):
                                    with_other[other] = size
                            elif size > most:
                                most = size
        if most:
            alone[c] = most
            v = single.get(c)
            if v is None:
                v = single[c] = [0] * nd
            v[ix] = most
        if with_other:
            paired[c] = with_other
    # with the other tile on a given cell: what the pair of those cells holds more than the two
    # cells' figures (an old area both tiles join counted once: never more than the old areas
    # facing no cell but those two)
    done: set[tuple[Cell, Cell]] = set()
    for c, others in paired.items():
        for other in others:
            key = (c, other) if c < other else (other, c)
            if key in done:
                continue
            done.add(key)
            u, w = key
            fu, fw = alone.get(u, 0), alone.get(w, 0)
            most = max(fu, paired.get(u, {}).get(w, 0)) + max(fw, paired.get(w, {}).get(u, 0))
            ids: set[int] = set()
            within = 0
            for comp in water_at.get(u, []) + water_at.get(w, []):
                if id(comp) not in ids and comp[8] <= {u, w}:
                    ids.add(id(comp))
                    within += len(comp[2])
            extra = min(most, within) - fu - fw
            if extra > 0:
                v = pair.get(key)
                if v is None:
                    v = pair[key] = [0] * nd
                v[ix] += extra
    return before


def _pair_base(obj: Objective, t: Sequence[int], sc_base: int) -> int:
    """The part of a pair's value that the board's totals give: the completion terms' and
    harbours' counts so far, and the scrolls' ``sc_base``."""
    B = Board
    base = sc_base
    for n in obj.scoring_tiles:
        if n == 2:
            base += _PER[2] * t[B.COMPLETED]
        elif n == 4:
            base += _PER[4] * t[B.BIG]
        elif n == 16:
            base += _PER[16] * t[B.MOUNTAIN_DONE]
        elif n == 12:
            base += _PER[12] * t[B.HARBOURS]
    return base


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

    The same figures and values as the plain version kept in tests/skye/plain_solver.py (checked
    there on seeded boards), worked out faster (:class:`_PairSetup`): each cell's figures only for
    what the objective reads, the cells two others stand in for looked for among the cells of a
    larger sum only, and the value of a pair of figure vectors kept from call to call.
    """
    s = _PairSetup(obj, b, h, tiles)
    return _pair_bound(s, first, refine)


def _pair_bound(s: _PairSetup, first: Iterable[Cell] | None = None,
                refine: list[Any] | None = None) -> tuple[int, dict[Cell, int]]:
    """:func:`_two_left_area_terms` from its figures."""
    vec, groups, zt, val2, with_shared, pair = s.vec, s.groups, s.zt, s.val2, s.with_shared, s.pair
    # leave out the cells two others stand in for: c2 stands in for c when it has as much of
    # every figure, and more of one or the same figures and comes first. A vector with as much
    # of every figure as another and more of one has a larger sum: only those are looked at
    keep: list[Cell] = []
    if groups:
        by_sum = sorted(((sum(u), u, len(m)) for u, m in groups.items()), reverse=True)
        sums_of = {u: su for su, u, _ in by_sum}
        for u, members in groups.items():
            su = sums_of[u]
            above = 0      # cells with at least as much of every figure and more of one
            for sw, w, n in by_sum:
                if sw <= su:
                    break
                for a, x in zip(w, u):
                    if a < x:
                        break
                else:
                    above += n
                    if above >= 2:
                        break
            if above >= 2:
                continue
            members.sort()
            keep.extend(members[:2 - above])   # the ones after them have two standing in for them
    # a pair some area faces together with its own figures; any other pair of kept cells
    # without them (as much or less: the value only grows with the figures, so leaving out
    # a pair's shared areas never raises it); one cell alone
    kgroups: dict[tuple[int, ...], list[Cell]] = {}
    for c in keep:
        u = vec[c]
        g = kgroups.get(u)
        if g is None:
            kgroups[u] = [c]
        else:
            g.append(c)
    ku = list(kgroups)
    s.kept = kgroups
    pair_vals = {key: with_shared(vec.get(key[0], zt), vec.get(key[1], zt), p) for key, p in pair.items()}
    best = val2(zt, zt)
    if first is None:
        for i, u in enumerate(ku):
            v = val2(u, zt)
            if v > best:
                best = v
            if len(kgroups[u]) > 1:
                v = val2(u, u)
                if v > best:
                    best = v
            for w in ku[i + 1:]:
                v = val2(u, w)
                if v > best:
                    best = v
        if pair_vals:
            best = max(best, max(pair_vals.values()))
        if refine is not None:      # (a caller's wish for each cell's value, worked out when asked)
            pairs_at: dict[Cell, int] = {}
            for (a, c), v in pair_vals.items():
                for x in (a, c):
                    if v > pairs_at.get(x, v - 1):
                        pairs_at[x] = v
            memo_c: dict[tuple[tuple[int, ...], bool], int] = {}

            def on_cell(a: Cell) -> int:
                # as at[a] below: the best pair holding a
                va = vec.get(a, zt)
                g = kgroups.get(va)
                alone = g is not None and len(g) == 1 and a in g
                m = memo_c.get((va, alone))
                if m is None:
                    m = val2(va, zt)
                    for u in ku:
                        if not (alone and u == va):
                            v = val2(va, u)
                            if v > m:
                                m = v
                    memo_c[(va, alone)] = m
                v = pairs_at.get(a)
                return m if v is None or v < m else v

            refine.append(on_cell)
        return best, {}
    # with the first cells given (every cell where a tile can go first), the bound is the best
    # of theirs: every final territory from here has one of the two tiles placed first on one
    # the first tile on cell a: the second on a kept cell (one stands in for any other),
    # on a cell that faces an area with a, or on a cell no area faces
    at: dict[Cell, int] = {}
    by_figures: dict[tuple[tuple[int, ...], bool], int] = {}
    for a in first:
        va = vec.get(a, zt)
        g = kgroups.get(va)
        alone = g is not None and len(g) == 1 and a in g   # its figures' only kept cell
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
        base_sided = s.sided
        use_sided = s.use_sided

        def refined(a: Cell, doomed: tuple[int, int, int, int]) -> int:
            if not any(doomed):
                return at[a]
            va = vec.get(a, zt)
            g = kgroups.get(va)
            alone = g is not None and len(g) == 1 and a in g
            mkey = (va, alone, doomed)
            m = memo_r.get(mkey)
            if m is None:
                use_sided(tuple(max(0, base_sided[k] - doomed[k]) for k in range(4)))
                m = val2(va, zt)
                for u in ku:
                    if not (alone and u == va):
                        v = val2(va, u)
                        if v > m:
                            m = v
                use_sided(base_sided)
                memo_r[mkey] = m
            if a in pairs_of:
                for key in pairs_of[a]:
                    pkey = (key, doomed)
                    v = memo_p.get(pkey)
                    if v is None:
                        use_sided(tuple(max(0, base_sided[k] - doomed[k]) for k in range(4)))
                        v = memo_p[pkey] = with_shared(vec.get(key[0], zt), vec.get(key[1], zt), pair[key])
                        use_sided(base_sided)
                    if v > m:
                        m = v
            return m

        refine.append(refined)
    return best, at


def _pair_parent(obj: Objective, b: Board, h: _HandSums, tiles: Sequence["_Hand"],
                 harbour_hand: tuple[int, int, int]) -> tuple[_PairSetup, int, Callable[[Cell], int]]:
    """For :func:`_pair_child_bound`: the figures of ``b`` for the two tiles ``tiles`` that will be
    left after a third is placed (``h``: their sums, with the dead cells where neither fits now
    and every icon and scroll of all three; ``harbour_hand``: their own water areas, lighthouses
    and ships), the best pair's value (less the board's totals) and a function giving each cell's
    best value with a pair holding it (less those totals; worked out when asked)."""
    s = _PairSetup(obj, b, h, tiles, harbour_hand)
    # what one more of each figure can add to a value at most (each term grows by at most its VP
    # per unit for one more closable area, water cell or harbour-maker; a scroll by its count)
    slope = [0] * s.nd
    for n in obj.scoring_tiles:
        if n in (2, 4, 16):
            for terr in ((_P, _M, _W) if n != 16 else (_M,)):
                if s.ix_terr[terr] >= 0:
                    slope[s.ix_terr[terr]] += _PER[n]
        elif n == 15:
            slope[s.ix_water] += _PER[15]
        elif n == 12:
            slope[s.ix_lh] += _PER[12]
            slope[s.ix_ship] += _PER[12]
    for k, cnt in s.sc_pos:
        slope[k] += cnt
    s.slope = slope
    # the most of each figure any cell has
    top = [0] * s.nd
    for w in s.groups:
        for k, x in enumerate(w):
            if x > top[k]:
                top[k] = x
    s.top = tuple(top)
    by_cell: dict[Cell, list[tuple[Cell, Cell]]] = {}
    for key in s.pair:
        for x in key:
            by_cell.setdefault(x, []).append(key)
    s.pairs_by_cell = by_cell
    on_cell: list[Any] = []
    best, _ = _pair_bound(s, None, on_cell)
    base = s.base
    cell_value = on_cell[0]
    memo: dict[Cell, int] = {}
    s.at_known = memo

    def at(u: Cell) -> int:
        # the best pair holding u (less the board's totals); a cell with no figures is the far one
        v = memo.get(u)
        if v is None:
            v = memo[u] = cell_value(u) - base
        return v

    return s, best - base, at


def vec_w(s: _PairSetup, u: Cell) -> int:
    """A cell's water figure in ``s`` (0 when it has none)."""
    v = s.vec.get(u)
    return v[s.ix_water] if v is not None else 0


def _pair_child_bound(s: _PairSetup, gmax: int, at: Callable[[Cell], int], cell: Cell, local: dict,
                      final: Iterable, dead: frozenset[Cell]) -> int:
    """With three tiles left, the pair part (less the board's totals) of the child's
    :func:`_two_left_area_terms` when the first of them goes on ``cell`` (``local``, ``final``: the
    merged area components of :meth:`Board._effects`), without building the child; ``at``: the
    parent's best pair holding a cell, ``gmax``: its best pair (:func:`_pair_parent`).

    Why it is at least the child's. ``s`` holds the parent's figures for the two tiles left after
    (their sided areas and sides; the dead cells where neither fits now, which stay dead, so every
    area it leaves out the child leaves out too; every icon of the three and every scroll of the
    three counted twice, as the child's bound counts its hand's, so the scrolls' counts are the
    child's; the harbours' water areas, lighthouses and ships of the two, as the child's: the
    third's lighthouse or ship is on the board then, in a harbour already (the child's totals), in
    a merged component below, or in an area that faces no cell and joins nothing). In the child,
    an area component facing at most two cells is either an old one that does not touch ``cell``
    -- the same component, counted in the same cells' figures here -- or one of the new tile's
    merged components; the components touching ``cell`` are merged away. So the figures of a pair
    of cells without a merged component are at most the parent's: its value is at most ``gmax``.
    (The water figures from the water tiles' shapes, :func:`_water_shapes`, too: a cell next to
    ``cell`` gains a side against a tile, but a water area of the other tiles can only take it
    when the new tile's water area there is in a merged component facing that cell.) A pair
    holding a cell ``u`` that a merged component faces: its figures are the parent's ones on those
    cells plus the merged components' (``u``'s water figure taken as every water area facing it
    and at most one other cell, the figure before :func:`_water_shapes`); each figure one more
    raises the value by at most the figure's slope (every term grows by at most its VP per unit
    for one more closable area, water cell or harbour-maker; a scroll by its count), so its value
    is at most ``at(u)`` plus those slopes. When that is above ``gmax``, the pairs holding such a
    cell are valued exactly instead: ``u`` with its figures and the merged components', with every
    other cell's figures (at most the most of each figure any cell has, and one of each figure
    vector when that is not enough; ``cell`` left out when it is alone in its), with the cells the
    same area faces (the parent's and the merged components' shared figures), and with each other.
    """
    zt = s.zt
    single: dict[Cell, list[int]] = {}
    pair: dict[tuple[Cell, Cell], list[int]] = {}
    gain = s.add_merged(single, pair, [comp for comp in (local[r] for r in final) if comp[1]], dead)
    wa = s.water_alone
    if wa is not None and pair:
        # the water areas facing two cells count in each cell's figure (_water_shapes) when both
        # tiles have a water side, else nowhere
        ixw = s.ix_water
        both = s.both_d[ixw]
        for (a, c), q in pair.items():
            if q[ixw]:
                if both:
                    for u in (a, c):
                        v = single.get(u)
                        if v is None:
                            v = single[u] = [0] * s.nd
                        v[ixw] += q[ixw]
                q[ixw] = 0
    if not single and not pair:
        return gmax
    slope = s.slope
    cells = set(single)
    for key in pair:
        cells.update(key)
    if wa is None:
        known = s.at_known      # (at's memo, asked first)
        room = gmax - gain
        for u in cells:
            v = known.get(u)
            if (at(u) if v is None else v) > room:
                break
        else:
            return gmax
    else:   # those cells' water figure: every closable water area facing them alone (see below)
        ixw, sw = s.ix_water, slope[s.ix_water]
        if max(at(u) + sw * (wa.get(u, 0) - vec_w(s, u)) for u in cells) + gain <= gmax:
            return gmax
    # exactly, on the pairs holding a cell of a merged component (values with the board's totals:
    # ``top`` below is the best as the pairs' values count it)
    vec, groups, val2, with_shared, base = s.vec, s.groups, s.val2, s.with_shared, s.base
    spair = s.pair
    own = vec.get(cell)
    kept = s.kept
    if own is not None and cell in kept.get(own, ()):
        # the cell may stand in for others (_pair_bound's kept cells): every figure vector, but
        # its own when it is alone in it
        partners = [w for w in groups if w != own or len(groups[w]) > 1]
    else:   # a kept cell stands in for any other (as much of every figure), and it is not the cell
        partners = list(kept)
    top = best = gmax + base
    child_vec: dict[Cell, tuple[int, ...]] = {}
    for u in cells:
        vu = vec.get(u, zt)
        if wa is not None and wa.get(u, 0) != vu[ixw]:
            vu = vu[:ixw] + (wa.get(u, 0),) + vu[ixw + 1:]
        d = single.get(u)
        if d is not None:
            vu = tuple(map(add, vu, d))
        child_vec[u] = vu
    most = s.top
    for u, vu in child_vec.items():
        # with any other cell: at most with the most of each figure any cell has (the value only
        # grows with the figures); only when that is above the best, cell by cell
        ceiling = val2(vu, most)
        if ceiling <= best:
            continue
        v = val2(vu, zt)
        if v > best:
            best = v
        for w in partners:
            v = val2(vu, w)
            if v > best:
                best = v
                if best >= ceiling:
                    break
    by_cell = s.pairs_by_cell
    done: set[tuple[Cell, Cell]] = set()
    for u in child_vec:
        for key in by_cell.get(u, ()):
            a, c = key
            if a == cell or c == cell or key in done:
                continue
            done.add(key)
            p = spair[key]
            q = pair.get(key)
            if q is not None:
                p = [x + y for x, y in zip(p, q)]
            v = with_shared(child_vec.get(a) or vec.get(a, zt), child_vec.get(c) or vec.get(c, zt), p)
            if v > best:
                best = v
    for key, q in pair.items():
        if key in spair:
            continue
        a, c = key
        v = with_shared(child_vec.get(a, zt), child_vec.get(c, zt), q)
        if v > best:
            best = v
    if len(child_vec) > 1:
        cl = list(child_vec.items())
        for i, (u, vu) in enumerate(cl):
            for u2, vu2 in cl[i + 1:]:
                key = (u, u2) if u < u2 else (u2, u)
                if key in spair or key in pair:
                    continue
                v = val2(vu, vu2)
                if v > best:
                    best = v
    return best - base if best > top else gmax


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


def _three_left_terms(obj: Objective, b: Board) -> bool:
    """Whether :func:`three_left_bound` has area terms to bound cell by cell for ``obj``."""
    return "areas" in b.needs and bool(obj.scrolls or _AREA_TERMS.intersection(obj.scoring_tiles))


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

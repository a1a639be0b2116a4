"""The plain definitions that the solver's fast paths are checked against (tests/skye/test_solver_fast.py).

Each function here is the solver's code as it was before the fast path replaced it (commit
e057659), kept unchanged but for its imports and name: the fast path must give the same results.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from skye_widgets.skye.puzzles import Objective
from skye_widgets.skye.solver.board import Board, Cell, _M, _P, _SCROLLS, _W, _scroll_count
from skye_widgets.skye.solver.bounds import _PER
from skye_widgets.skye.solver.hand import _Hand, _HandSums, _cap_completed, _sided_completed


def two_left_area_terms(obj: Objective, b: Board, h: _HandSums, tiles: Sequence["_Hand"],
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

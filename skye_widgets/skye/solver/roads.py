"""Road reach: what new road tiles can still connect to the castle (scoring tiles 10, 11, 13 and income).

What it proves: an old road network joins the castle's only through a chain of new road tiles
from a cell one exit points at to a cell the other's points at, at least their distance + 1
tiles long; so with ``k`` road tiles left only the networks within ``k`` of the castle's in
that weighted graph can join (:func:`_road_reach`), and what they hold bounds the tiles,
cattle and whisky that can end up on the castle's road (:func:`_road_pot`,
:func:`_whisky_ub`). Nothing joins once no castle road points at a cell where a tile of the
hand fits (:func:`_castle_open`). :func:`_road_value` scores the road terms from such counts.
"""

from __future__ import annotations

from typing import Sequence

from ..puzzles import Objective
from ..scoring_tiles import CASTLE_INCOME, SCORING_TILES, majority_points
from .board import Board, Cell, _majority_mine
from .hand import _HandSums


def _castle_open(b: Board, h: _HandSums) -> bool:
    """Whether a new tile can still join the castle's road network: a castle road points at
    an empty cell, and not only at cells where no tile of the hand fits (``h.dead``)."""
    if not b.t[Board.CASTLE_OPEN]:
        return False
    return not h.dead or not b.castle_faced() <= h.dead


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


def _road_region(b: Board, k: int, dead: frozenset[Cell] = frozenset()) -> set[Cell]:
    """The cells a network must have an exit pointing at to be within ``k`` new road tiles of
    the castle's network in :func:`_road_reach`: the cells its walk reaches at its last step (the
    cells the castle's roads point at, widened ``k - 1`` times by a step and by the exits of the
    networks met). The walk only widens, so a network none of whose exits points at one of these
    is never joined there; nor, after a placement that joins no network and reaches no castle
    road, on the board after it (the castle's exits and the networks only lose cells then)."""
    castle: set[Cell] = set()
    nets: list[frozenset[Cell]] = []
    rfaced = b.rfaced
    for r, comp in b.rcomps.items():
        if comp[3]:
            if comp[0]:
                castle |= rfaced[r]
            else:
                nets.append(rfaced[r])
    if dead:
        castle -= dead
    within = castle
    for _ in range(k - 1):
        wider = set(within)
        for x, y in within:
            wider.update(((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
        left = []
        for f in nets:
            if within.isdisjoint(f):
                left.append(f)
            else:
                wider.update(f)
        nets = left
        if dead:
            wider -= dead
        within = wider
    return within


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

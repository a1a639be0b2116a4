"""Dead cells and areas that can never close.

What it proves: an empty cell next to the territory where no tile of the hand fits stays empty
in every final territory, since the faces around it only grow and the hand only shrinks
(:func:`_dead_cells`; after a placement :func:`_child_dead`). An area of a tile in hand can be
completed with no other new area in it only on a cell whose neighbours' areas face that cell
alone (:func:`_closing_sides`, :func:`_alone_closable`). With two tiles left and the first on a
cell, an area of it that faces two empty cells or more after the second is placed stays open
in every final territory: it completes nothing and its scrolls count once
(:func:`first_doomed`). The bounds use these facts to count less; they never count less than
a final territory can score.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..tiles import SIDE_OFFSETS
from .board import Board, Cell, Oriented


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

"""Squares: the most 2 x 2 squares that ``k`` more tiles can make (scoring tile 1).

What it proves: a new square is a block whose empty cells are all filled by new tiles, so
sharing each block out as ``1/e`` to its ``e`` empty cells and summing the ``k`` largest
shares never under-counts (:func:`_new_squares`); with three tiles or fewer only the blocks
that hold a tile of the territory can be filled, and :func:`_best_new_squares` finds the exact
most over every choice of cells (no ``dead`` cell ever holds a square). The search asks the
dearer exact count only where the shares did not cut (:func:`_squares_fall_short`).
"""

from __future__ import annotations

from .board import Board, Cell
from .hand import _HandSums


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

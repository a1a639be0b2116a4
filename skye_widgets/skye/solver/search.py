"""The search: every legal way to place the whole hand, and the best of them.

What it proves: :func:`solve` returns the optimum of the objective over every final territory
the hand can make (any order, every legal cell and rotation; a tile that fits nowhere goes back
to the bag, as in the Build phase), how many distinct final territories reach it (all, or up to
``max_optima``) and one of them in a legal placement order. Nothing is lost on the way: a node's
future depends only on its set of placements (a Zobrist memo expands it once; bounded, it may
expand it again, and the final territories counted are kept apart, each counted once); a tile of a lower
index goes only on a cell the last placement opened (any legal order sorts into one such); one
rotation of each symmetric class is tried (:mod:`.board`); a node is cut only when its bound
(:mod:`.last_tiles`; for a child with three tiles left, from its parent's figures before it is
built, a figure at least its own) is below the best found, equal kept, so every optimal territory is counted;
the greedy score (:func:`greedy`) is the first best. Every solution is re-scored with the
reference (:func:`..puzzles.evaluate`). :func:`check_file` re-solves a puzzle file and fails
when its stated optimum is not the optimum.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, replace
from typing import Any, Callable, Sequence

from ...errors import FileFormatError, RulesError
from ...limits import MAX_PUZZLE_HAND
from ..puzzles import HAND_TOO_LARGE, Move, Objective, Puzzle, PuzzleDataError, evaluate, load_puzzle
from ..territory import Territory
from ..tiles import Tile
from .board import Board, Cell, board_value, features_for, orient, totals_value
from .bounds import _AREA_TERMS, _PER, _ROAD_TERMS, _SQUARE_TERMS, _bound_terms, _scroll_values
from .dead_cells import _alone_closable, _area_masks, _area_sides, _child_dead, _closing_sides, _closing_sides_after, _dead_cells, first_doomed
from .hand import _Hand, _HandSums, _hand_sums
from .last_tiles import (_cell_terms, _one_left_bounds, _pair_base, _pair_child_bound, _pair_parent, _three_left_terms,
                         three_left_bound, two_left_bound, upper_bound)
from .roads import _road_region
from .squares import _squares_fall_short


#: The most search nodes and final territories :func:`solve` remembers (about 80 bytes each: at
#: most about 80 MB). The 5-tile benchmark cases remember up to about 400,000; beyond, a node
#: reached again is expanded again (see ``remember`` in :func:`solve`).
MEMO_ENTRIES = 1_000_000

#: The most hand sums :func:`solve` keeps with their dead cells or alone figures (a few hundred
#: bytes each; cleared when full).
CACHE_ENTRIES = 20_000


class _WhilePays:
    """Whether to try a bound that costs and may not cut: in its first ``warmup`` tries, then while
    it cuts at least one try in 8 over the last few thousand (the counts are halved past
    ``2 * window``), and otherwise still once in 16 asks (a probe). What it proves: nothing is cut
    by it, it only chooses which sound bound is tried; the probes let a bound that cut little on
    the first nodes (before the best rose, or when the first children looked at were the most
    promising ones) come back once it cuts again, where a count from the start kept it off for
    good. Counted, not timed, so the same search is made on every machine."""

    __slots__ = ("tries", "cuts", "warmup", "window", "asks")

    def __init__(self, warmup: int, window: int = 4096) -> None:
        self.tries = self.cuts = self.asks = 0
        self.warmup, self.window = warmup, window

    def want(self) -> bool:
        if self.tries < self.warmup or self.cuts * 8 >= self.tries:
            return True
        self.asks += 1
        return self.asks % 16 == 0

    def record(self, tries: int, cuts: int) -> None:
        self.tries += tries
        self.cuts += cuts
        if self.tries > 2 * self.window and self.tries >= 2 * self.warmup:
            self.tries //= 2
            self.cuts //= 2


class HandTooLargeError(RulesError):
    """A hand larger than :data:`MAX_PUZZLE_HAND`: refused before any search."""

    def __init__(self, count: int) -> None:
        self.count = count
        super().__init__(HAND_TOO_LARGE.format(count=count, limit=MAX_PUZZLE_HAND))


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

    # a node's memo key: its set's key and one more random value for its last placement's tile and cell
    zlast: dict[tuple[int, Cell], int] = {}

    def zl(i: int, cell: Cell) -> int:
        v = zlast.get((i, cell))
        if v is None:
            v = zlast[(i, cell)] = rng.getrandbits(96)
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
    # the nodes already expanded (by set of placements and last placement) and the final
    # territories already scored (by set), as 96-bit keys, in two generations of at most
    # MEMO_ENTRIES / 2 each: when the new one is full the old one is dropped. A node dropped is
    # only expanded again (its future is the same, and the best only grows); a final territory
    # scored again is counted once all the same (``counted``, the exact keys of those counted)
    memo = [set(), set()]
    memo_half = MEMO_ENTRIES // 2

    def remember(k: int) -> bool:
        """Whether ``k`` is known; remember it if not."""
        if k in memo[0] or k in memo[1]:
            return True
        new = memo[0]
        if len(new) >= memo_half:
            memo[1], memo[0] = new, set()
            new = memo[0]
        new.add(k)
        return False
    counted: set[int] = set()   # the final territories counted at the best score (when counting)
    stats = [0, 0]
    path: list[tuple[int, Cell, int]] = []
    sums_cache: dict[int, _HandSums] = {}
    dead_cache: dict[tuple[int, frozenset[Cell]], _HandSums] = {}
    alone_cache: dict[tuple[int, tuple[int, int, int, int]], _HandSums] = {}

    def with_alone(h: _HandSums, alone: tuple[int, int, int, int]) -> _HandSums:
        k = (id(h), alone)      # h is one of the cached sums: its id is its key
        s = alone_cache.get(k)
        if s is None:
            if len(alone_cache) >= CACHE_ENTRIES:
                alone_cache.clear()
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
    # area objectives without road terms: the two-tiles-left pair bound reads only what a lazily
    # built board has too (its open areas facing at most two cells, Board.near; no union-find table)
    lazy_pair = (prune and not lazy_bound and bool(cell_bounds) and not (
        "roads" in root.needs and (obj.income or _ROAD_TERMS.intersection(obj.scoring_tiles))))
    pre_tries = [0, 0]      # those children: the plain bound tried, and how often it cut
    pair_tries = [0, 0]     # ... and the pair bound
    # objectives reading only area components (and icons): each child of a three-tiles-left node
    # is first bounded from the parent's figures, without building it (_pair_child_bound), while
    # that pays: while it cuts at least one child in 8 (where the two-tiles-left bound counts the
    # sided areas that can be completed alone, those figures need the child's own placements)
    from_parent = lazy_pair and root.needs == frozenset({"areas"})
    parent_tries = _WhilePays(512)   # children bounded from the parent, and how many were cut
    # objectives reading only roads (and icons): a child whose first tile joins no network and
    # reaches no castle road, its roads pointing at no cell the two tiles after it could join
    # from the castle's network (_road_region), is bounded by the parent's plain bound with those
    # two tiles: without building it (see _is_far)
    far_roads = prune and root.needs == frozenset({"roads"}) and not obj.scrolls
    water_per = _PER[15] if 15 in obj.scoring_tiles else 0
    # the bounds that read the cells where no tile fits: areas to complete, roads, squares
    use_dead = prune and bool(obj.scrolls or _AREA_TERMS.intersection(obj.scoring_tiles)
                              or {"roads", "squares"} & root.needs)

    def _rest_dead(b: Board, mask: int, legal_now: list[tuple[int, Cell, int]]) -> dict[int, frozenset[Cell]]:
        """Per tile ``i`` of ``mask``: the cells next to the territory where no other tile fits now
        (:func:`_dead_cells` of the others' legal placements)."""
        return {i: _dead_cells(b, [p for p in legal_now if p[0] != i])
                for i in range(len(hands)) if mask >> i & 1}
    plain_tries = _WhilePays(64)    # two tiles left: the plain bound tried, and how often it cut
    three_tries = _WhilePays(256, 1 << 16)    # three tiles left: children bounded, and how many were cut

    def sums(mask: int, dead: frozenset[Cell] = frozenset()) -> _HandSums:
        s = sums_cache.get(mask)
        if s is None:
            s = sums_cache[mask] = _hand_sums([hands[i].oriented[0] for i in range(len(hands)) if mask >> i & 1])
        if dead:    # the same sums with the cells no tile of the hand fits (few sets recur)
            k = (mask, dead)
            sd = dead_cache.get(k)
            if sd is None:
                if len(dead_cache) >= CACHE_ENTRIES:
                    dead_cache.clear()
                    alone_cache.clear()     # (keyed by the ids of these sums)
                sd = dead_cache[k] = replace(s, dead=dead)
            return sd
        return s

    def terminal(v: int, mask: int, fkey: int) -> None:
        if v < need[0]:
            return
        if v > best[0]:
            best[0], count[0], best_moves[0] = v, 0, None
            counted.clear()
        if limit != 1:      # counting: each final territory once
            if fkey in counted:
                return
            counted.add(fkey)
        count[0] += 1
        need[0] = best[0] + 1 if limit is not None and count[0] >= limit else best[0]
        if best_moves[0] is None:
            placed = [Move(hands[i].number, c[0], c[1], r) for i, c, r in path]
            returned = [Move(hands[i].number) for i in range(len(hands)) if mask >> i & 1]
            best_moves[0] = tuple(placed + returned)

    def one_left_children(b: Board, key: int, children: list[tuple[int, Cell, int]]) -> None:
        """Score each placement of the last tile (``children``) of a one-tile-left node."""
        b.finish()  # a lazily built board (see Board.place): its union-find tables now
        effects, oriented = b._effects, hands[children[0][0]].oriented
        scored = 0
        # road-only objectives: a spot no castle road points at connects nothing, so every
        # such spot scores the same (the tile's icons count wherever it is): score it once
        faced = b.castle_faced() if road_only else None
        plain: int | None = None
        for i, cell, r in children:
            k2 = key ^ (zob.get((i, cell, r)) or z(i, cell, r))
            if remember(k2):
                continue
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
                terminal(v, 0, k2)
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
                    terminal(board_value(obj, b), mask, key)
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
            terminal(board_value(obj, b), mask, key)
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
            if plain_tries.want():
                cut = upper_bound(obj, b, hs) < need[0]
                plain_tries.record(1, cut)
                if cut:
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
        elif prune and three_cells and bin(mask).count("1") == 3 and three_tries.want():
            # three tiles left: the first of them only where the area terms over the three cells
            # they can cover can still reach the best (three_left_bound), while that pays: while
            # it cuts at least one child in 8 (counted, not timed; on some objectives it never cuts)
            refine3: list[Any] = []
            bound, at = three_left_bound(obj, b, hs, {c for _, c, _ in children}, refine3)
            if bound < need[0]:
                three_tries.record(len(children), len(children))
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
            three_tries.record(n_before, n_before - len(children))
        if one_left:  # one tile left: the hand is empty afterwards, only scores matter
            return one_left_children(b, key, children)
        frontier = b.frontier
        # a child with one tile left is built lazily: most are cut by their bound at once
        lazy = bin(mask).count("1") == 2
        # three tiles left, on objectives whose plain bound reads no area components: each child
        # is built lazily and bounded here first, with the cells its two tiles cannot fill
        # (most children are cut so, before their placements are listed)
        three_left = prune and bin(mask).count("1") == 3
        by_parent = three_left and from_parent and parent_tries.want()
        early = three_left and (lazy_bound or lazy_pair and (
            by_parent
            or pre_tries[0] < 64 or pre_tries[1] * 8 >= pre_tries[0]
            or pair_tries[0] < 512 or pair_tries[1] * 8 >= pair_tries[0]))
        if early:
            rest_dead = _rest_dead(b, mask, legal_now)
            rest_tables = {i: [hands[j].table for j in range(len(hands)) if mask >> j & 1 and j != i] for i in rest_dead}
            rest_hands = {i: [hands[j] for j in range(len(hands)) if mask >> j & 1 and j != i] for i in rest_dead}
            far: dict[int, set[Cell] | None] = {}    # tile -> the region its far children stay out of
            if far_roads:
                full = sums(mask)
                for i in rest_dead:
                    rest = mask & ~(1 << i)
                    hr = sums(rest)
                    h_i = replace(hr, dead=rest_dead[i], sheep=full.sheep, cattle=full.cattle, ships=full.ships,
                                  whisky=full.whisky, broch=full.broch, farm=full.farm, lighthouse=full.lighthouse)
                    # the plain bound with the two tiles after the first, its icons counted: every
                    # far child's own plain bound is at most this (see _road_region)
                    far[i] = (_road_region(b, min(2, hr.road_tiles), rest_dead[i])
                              if _bound_terms(obj, b, h_i) < need[0] else None)
            if by_parent:
                full = sums(mask)
                # each scroll type's count (the icons of the board and the hand), where not 0
                sc_count = [(k, n) for k, n in enumerate(_scroll_values(b, full)) if n] if obj.scrolls else None
                # the terms that are neither area terms nor scrolls read the icons only: the same
                # for the board with the hand as for every child with the two tiles left
                other = _bound_terms(obj, b, full, skip_area=True, skip_scrolls=True)
                parents: dict[int, Any] = {}
        prebuilt = None
        if prune and last < 0 and bin(mask).count("1") >= 4:
            # the root's children, most promising first: the highest plain bound, then the highest
            # score now (the first solutions found are then near the optimum, and the bounds cut
            # more from the start; the order changes no answer, every child is still searched)
            prebuilt = {}
            ranked = []
            for n, ch in enumerate(children):
                nb = prebuilt[ch] = b.place(ch[1], hands[ch[0]].oriented[ch[2]])
                ranked.append((-upper_bound(obj, nb, sums(mask & ~(1 << ch[0]))), -board_value(obj, nb), n, ch))
            ranked.sort()
            children = [x[3] for x in ranked]
        for i, cell, r in children:
            k2 = key ^ (zob.get((i, cell, r)) or z(i, cell, r))
            # what a node may still do depends on its set of placements and on the last one
            if remember(k2 ^ (zlast.get((i, cell)) or zl(i, cell))):
                continue
            o = hands[i].oriented[r]
            if early:
                rest = mask & ~(1 << i)
                region = far.get(i) if far_roads else None
                if region is not None and _is_far(b.occ, cell, o, region):
                    stats[0] += 1
                    continue
                if by_parent:
                    # the child's pair bound from the parent's figures (see _pair_child_bound)
                    parent_tries.record(1, 0)
                    par = parents.get(i)
                    if par is None:
                        hr = sums(rest)
                        par = parents[i] = _pair_parent(obj, b, replace(
                            hr, dead=rest_dead[i], sheep=full.sheep, cattle=full.cattle, ships=full.ships,
                            whisky=full.whisky, broch=full.broch, farm=full.farm, lighthouse=full.lighthouse,
                            scrolls=full.scrolls), rest_hands[i],
                            (hr.water_areas, hr.lighthouse, hr.ships)) + (hr.scrolls,)
                    setup, gmax, at_cells, rest_scrolls = par
                    t2, c1b, c2b, maxw, (local, _, final), *_ = b._effects(cell, o)
                    sc = sum(n * (c1b[k] + 2 * c2b[k] + 2 * rest_scrolls[k]) for k, n in sc_count) if sc_count else 0
                    if (other + _pair_base(obj, t2, sc) + water_per * (maxw - b.max_water)
                            + _pair_child_bound(setup, gmax, at_cells, cell, local, final, rest_dead[i])) < need[0]:
                        stats[0] += 1
                        parent_tries.record(0, 1)
                        continue
                child = b.place(cell, o, lazy=True)
                d = _child_dead(child, cell, rest_dead[i], rest_tables[i])
                hs2 = sums(rest, d)
                if lazy_bound:
                    if upper_bound(obj, child, hs2) < need[0]:
                        stats[0] += 1
                        continue
                elif not by_parent:   # (from the parent: the same pair bound, near enough)
                    # the child's own first check (below, in its dfs) with what a lazy board has:
                    # the plain bound while it pays, then the pair bound over every pair of cells
                    # (no first cells, no alone figures: as high as the child's, or higher)
                    if pre_tries[0] < 64 or pre_tries[1] * 8 >= pre_tries[0]:
                        pre_tries[0] += 1
                        if upper_bound(obj, child, hs2) < need[0]:
                            pre_tries[1] += 1
                            stats[0] += 1
                            continue
                    if pair_tries[0] < 512 or pair_tries[1] * 8 >= pair_tries[0]:
                        pair_tries[0] += 1
                        if two_left_bound(obj, child, hs2, rest_hands[i])[0] < need[0]:
                            pair_tries[1] += 1
                            stats[0] += 1
                            continue
                child.finish()
            elif prebuilt is not None:
                child = prebuilt[(i, cell, r)]
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


def _is_far(occ: dict[Cell, Any], cell: Cell, o: Any, region: set[Cell]) -> bool:
    """Whether a tile ``o`` on ``cell`` joins no road network (no road of its own facing a
    neighbour's road) and has no road pointing at a cell of ``region`` (:func:`_road_region`).
    Then it reaches no castle road either (those point at cells of the region), the castle's
    network and every other network keep their tiles and lose only the exits pointing at
    ``cell``, and its own network is joined by no chain of the two tiles after it: the board's
    plain bound with those two tiles bounds the child's."""
    if not o.n_roads:
        return True
    x, y = cell
    sr = o.side_road
    for d, n in enumerate(((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))):   # SIDE_OFFSETS
        if sr[d] is None:
            continue
        q = occ.get(n)
        if q is None:
            if n in region:
                return False
        elif q.side_road[(d + 2) % 4] is not None:
            return False
    return True


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

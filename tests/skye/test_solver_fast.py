"""The solver's fast paths against their plain definitions (tests/skye/plain_solver.py).

A fast path must give exactly what the plain code gives, on boards the search meets: seeded
territories with one to four tiles of a hand already placed, every objective with area terms
and scrolls, dead cells, alone figures and doomed areas (the refined bound) included.
"""

from __future__ import annotations

import random

import pytest

from skye_widgets.skye.puzzles import Objective
from skye_widgets.skye.solver import Board, features_for
from skye_widgets.skye.solver.dead_cells import _alone_closable, _area_masks, _dead_cells, first_doomed
from skye_widgets.skye.solver.hand import _Hand, _hand_sums
from skye_widgets.skye.solver.last_tiles import _two_left_area_terms
from skye_widgets.skye.territory import Territory, grow_territory

from . import plain_solver

#: every area term, alone, together and with scrolls
AREA_OBJECTIVES = [
    Objective((2,)), Objective((4,)), Objective((16,)), Objective((12,)), Objective((15,)), Objective((12, 15)),
    Objective((4,), scrolls=True), Objective((), scrolls=True), Objective((2, 16)), Objective((4, 16)),
    Objective((2, 4), scrolls=True), Objective((16, 15)), Objective((4, 12, 15), scrolls=True),
]


def boards(seed: int) -> list[tuple[Objective, Board, list[_Hand], list]]:
    """A seeded territory, a few tiles of a hand placed on it one by one, and the two left."""
    rng = random.Random(seed)
    t = Territory(rng.choice(["castle-blue", "castle-red", "castle-green"]))
    pool = [str(n) for n in range(1, 74)]
    rng.shuffle(pool)
    grow_territory(t, pool, rng.randint(2, 24), rng)
    obj = AREA_OBJECTIVES[seed % len(AREA_OBJECTIVES)]
    hand = pool[:2 + rng.randint(0, 3)]
    if seed % 3 == 0:   # hands with scrolls
        hand = [p for p in pool if any(a.icons.scroll for a in t.tile(p).areas)][:len(hand)]
    out = []
    while len(hand) >= 2:
        tiles = [_Hand(t.tile(n)) for n in hand[-2:]]
        out.append((obj, Board.of(t, features_for(obj)), tiles, hand[-2:]))
        if len(hand) == 2:
            break
        n = hand.pop(0)
        spots = t.legal_placements(n)
        if not spots:
            continue
        x, y, r = rng.choice(spots)
        t.place(n, x, y, r)
    return out


@pytest.mark.parametrize("block", range(6))
def test_pair_bound_is_the_plain_one(block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # (the largest completed water from the water tiles' shapes is a tighter bound than the plain
    # one: tested against the optimum in test_solver.py; here it is off)
    from skye_widgets.skye.solver import last_tiles

    monkeypatch.setattr(last_tiles, "_WATER_SHAPES", False)
    compared = refined = 0
    for seed in range(block * 50, block * 50 + 50):
        for obj, b, tiles, _ in boards(seed):
            placements = [(i, c, r) for i, hd in enumerate(tiles) for c, code in b.frontier.items()
                          for r in hd.table[code]]
            h = _hand_sums([hd.oriented[0] for hd in tiles])
            variants = [h]
            if seed % 2:
                from dataclasses import replace
                dead = _dead_cells(b, placements)
                masks = [{r: _area_masks(o) for r, o in hd.oriented.items()} for hd in tiles]
                variants.append(replace(h, dead=dead))
                variants.append(replace(h, dead=dead, alone=_alone_closable(b, placements, masks)))
            first = {c for _, c, _ in placements}
            for hs in variants:
                assert _two_left_area_terms(obj, b, hs, tiles) == plain_solver.two_left_area_terms(obj, b, hs, tiles), seed
                fast_refine: list = []
                plain_refine: list = []
                fast = _two_left_area_terms(obj, b, hs, tiles, first, fast_refine)
                plain = plain_solver.two_left_area_terms(obj, b, hs, tiles, first, plain_refine)
                assert fast == plain, seed
                compared += 1
                if not first:
                    continue
                for i, c, r in placements:
                    doomed, _ = first_doomed(b, c, tiles[i].oriented[r], None)
                    assert fast_refine[0](c, doomed) == plain_refine[0](c, doomed), (seed, c, doomed)
                    refined += any(doomed)
    assert compared >= 150 and refined >= 100

"""The faster solver against the solver as it was before (tests/skye/reference_solver.py).

Every shipped puzzle and 240 seeded generated cases: the same optimum, the same number of
optimal territories when every one is counted, and ``max_optima`` counts up to its limit.
A bound that under-estimated (cut an optimum) or an order rule that missed a territory
would show up here as a lower optimum or a smaller count.
"""

from __future__ import annotations

import random

import pytest

from skye_widgets.skye.puzzles import Objective, evaluate, load_all
from skye_widgets.skye.solver import solve
from skye_widgets.skye.territory import Territory, grow_territory

from . import reference_solver

#: every scoring tile, scrolls and income alone and in pairs, majorities with fixed opponents
OBJECTIVES = [Objective((n,)) for n in range(1, 17) if n not in (7, 8, 10)] + [
    Objective((7, 13), opponents=({"whisky_tiles": 2}, {"whisky_tiles": 1})),
    Objective((8, 12), opponents=({"ships": 3},)),
    Objective((10,), opponents=({"gold": 7}, {"gold": 6}), gold=1),
    Objective((4,), scrolls=True), Objective((11,), income=True), Objective((), scrolls=True),
    Objective((12, 15)), Objective((9, 14)), Objective((2, 16)), Objective((1, 13), income=True),
]


def case(seed: int) -> tuple[Territory, list[int], Objective]:
    """A seeded start territory of 4-14 tiles, a hand of 2 or 3 tiles (1 in 4) and an objective."""
    rng = random.Random(seed)
    t = Territory(rng.choice(["castle-blue", "castle-red", "castle-green"]))
    pool = [str(n) for n in range(1, 74)]
    rng.shuffle(pool)
    grow_territory(t, pool, rng.randint(4, 14), rng)
    hand = [int(p) for p in pool[:3 if seed % 4 == 0 else 2]]
    return t, hand, rng.choice(OBJECTIVES)


@pytest.mark.parametrize("block", range(8))
def test_same_optimum_and_count_as_the_reference_on_seeded_cases(block: int) -> None:
    for seed in range(block * 30, block * 30 + 30):
        t, hand, obj = case(seed)
        ref = reference_solver.solve(t, hand, obj)
        full = solve(t, hand, obj)
        one = solve(t, hand, obj, max_optima=1)
        two = solve(t, hand, obj, max_optima=2)
        assert (full.optimum, full.optimal_territories) == (ref.optimum, ref.optimal_territories), seed
        assert one.optimum == two.optimum == ref.optimum, seed
        assert one.optimal_territories == 1, seed
        assert two.optimal_territories == min(2, ref.optimal_territories), seed
        # the witness is legal and scores the optimum (solve replays it through the rules too)
        final = t.copy()
        for m in one.moves:
            if not m.returned:
                final.place(m.tile, m.x, m.y, m.rotation)
        assert evaluate(obj, final).points == ref.optimum, seed


def test_every_shipped_puzzle_has_the_reference_optimum() -> None:
    for p in load_all():
        if len(p.hand) > 4:      # the expert tier: the reference takes minutes on 5 tiles
            continue
        ref = reference_solver.solve(p.start(), p.hand, p.objective)
        new = solve(p.start(), p.hand, p.objective, max_optima=1)
        assert new.optimum == ref.optimum == p.optimum, p.id


def test_max_optima_must_be_positive() -> None:
    with pytest.raises(ValueError):
        solve(Territory("castle-blue"), [3], Objective((3,)), max_optima=0)


@pytest.mark.parametrize("block", range(2))
def test_a_small_memo_changes_no_answer(block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # the memo of nodes and final territories is bounded (MEMO_ENTRIES, two generations): with
    # room for 40 entries nodes are expanded again and final territories scored again, and the
    # optimum and the number of optimal territories (each counted once) stay the reference's
    from skye_widgets.skye.solver import search

    monkeypatch.setattr(search, "MEMO_ENTRIES", 40)
    for seed in range(block * 20, block * 20 + 20):
        t, hand, obj = case(seed)
        ref = reference_solver.solve(t, hand, obj)
        small = solve(t, hand, obj)
        assert (small.optimum, small.optimal_territories) == (ref.optimum, ref.optimal_territories), seed
        assert solve(t, hand, obj, max_optima=3).optimal_territories == min(3, ref.optimal_territories), seed

"""The one table of Isle of Skye scoring (skye/scoring_tiles.py) and the scorers
derived from it: the reference (scoring.py, with breakdowns), the bots' fast
evaluation (bots.TerritoryEval) and the solver's fast board (solver.Board) count
the same quantities and agree on random territories."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from skye_widgets.skye import bots, game, puzzles, scoring, scoring_tiles, solver
from skye_widgets.skye.scoring_tiles import (BROCH_POINTS, MAJORITY_QUANTITY, QUANTITIES, ROUND_TRACK, SCORING_TILES,
                                             TERRITORY_TILES, ScoringTile, majority_points, points_from_counts)
from skye_widgets.skye.territory import Territory, grow_territory


def random_territory(seed: int, size: int) -> tuple[Territory, list[str]]:
    rng = random.Random(seed)
    t = Territory(rng.choice(["castle-blue", "castle-red", "castle-green", "castle-yellow"]))
    pool = [str(n) for n in range(1, 74)]
    rng.shuffle(pool)
    grow_territory(t, pool, size, rng)
    return t, pool


# --------------------------------------------------------------------------
# The table itself
# --------------------------------------------------------------------------

def test_every_scoring_tile_counts_a_known_quantity_once():
    assert sorted(SCORING_TILES) == list(range(1, 17))
    assert sorted(s.counts for s in SCORING_TILES.values()) == sorted(QUANTITIES)   # each quantity one tile
    assert MAJORITY_QUANTITY == {7: "whisky_tiles", 8: "ships", 10: "gold"}
    assert set(TERRITORY_TILES) == set(SCORING_TILES) - {7, 8, 10}
    # the VP per unit as printed on the tiles (rulebook list)
    assert {n: per for n, (_, per) in TERRITORY_TILES.items()} == {
        1: 2, 2: 1, 3: 1, 4: 3, 5: 1, 6: 5, 9: 1, 11: 2, 12: 3, 13: 1, 14: 3, 15: 2, 16: 2}


def test_a_tile_is_either_counted_per_unit_or_a_majority():
    for bad in (dict(counts="sheep"), dict(counts="sheep", per=1, majority=True), dict(counts="dragons", per=1)):
        try:
            ScoringTile(99, "x", "x", **bad)
        except ValueError:
            continue
        raise AssertionError(f"accepted {bad}")


def test_points_from_counts_multiplies_each_quantity_by_its_vp():
    counts = dict.fromkeys(QUANTITIES, 0) | {"squares": 3, "harbours": 2, "largest_completed_water": 4}
    pts = points_from_counts(counts)
    assert pts[1] == 6 and pts[12] == 6 and pts[15] == 8
    assert sum(pts.values()) == 20 and 7 not in pts and 10 not in pts


def test_the_other_modules_read_the_one_definition():
    # not copies: the same objects
    assert scoring.SCORING_TILES is SCORING_TILES and scoring.ROUND_TRACK is ROUND_TRACK
    assert scoring.BROCH_POINTS is BROCH_POINTS and solver.bounds.BROCH_POINTS is BROCH_POINTS
    assert scoring.majority_points is majority_points is bots.majority_points
    assert puzzles.MAJORITY_KEYS is MAJORITY_QUANTITY
    assert scoring.CATCH_UP is scoring_tiles.CATCH_UP
    for n in (2, 3, 4, 5):
        assert game.rounds_for(n) == len(ROUND_TRACK[n]) == scoring.n_rounds(n)
        assert [game.round_slots(n, r) for r in ROUND_TRACK[n]] == list(ROUND_TRACK[n].values())


def test_the_round_track_scores_each_slot_three_times():
    for n, track in ROUND_TRACK.items():
        slots = [s for r in track.values() for s in r]
        assert sorted(slots) == sorted("ABCD" * 3), n


# --------------------------------------------------------------------------
# The reference counts, x VP per unit
# --------------------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), size=st.integers(1, 30))
def test_the_reference_breakdown_is_vp_per_unit_of_the_quantity(seed: int, size: int) -> None:
    t, _ = random_territory(seed, size)
    for n, (_, per) in TERRITORY_TILES.items():
        res = scoring.score_tile(n, [t], [0])[0]
        assert res.points == sum(i.points for i in res.breakdown)
        assert all(i.points > 0 and i.points % per == 0 for i in res.breakdown), (n, res)


# --------------------------------------------------------------------------
# The fast evaluators agree with the reference
# --------------------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), size=st.integers(1, 30))
def test_the_bots_evaluation_scores_like_the_reference(seed: int, size: int) -> None:
    t, pool = random_territory(seed, size)
    cells = bots.territory_cells(t)
    te = bots.TerritoryEval(cells, t.castle.cell)
    f = te.features()
    assert f.points == {n: scoring.score_tile(n, [t], [0])[0].points for n in TERRITORY_TILES}
    assert f.scroll_points == scoring.scroll_points(t).points
    assert f.connected_whisky == scoring.income(t).points - scoring_tiles.CASTLE_INCOME
    assert f.whisky_tiles == len(scoring.whisky_tiles(t)) and f.ships == scoring.icon_totals(t).ships
    # one more tile, incrementally, against the reference on the grown territory
    for tid in pool[-2:]:
        for (x, y, r) in t.legal_placements(tid)[:4]:
            got = te.with_tile(tid, x, y, r)
            t2 = t.copy()
            t2.place(tid, x, y, r)
            assert got.points == {n: scoring.score_tile(n, [t2], [0])[0].points for n in TERRITORY_TILES}
            assert got.scroll_points == scoring.scroll_points(t2).points


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), size=st.integers(1, 30))
def test_the_solver_board_counts_like_the_reference(seed: int, size: int) -> None:
    t, _ = random_territory(seed, size)
    b = solver.Board.of(t)
    for n, (q, per) in TERRITORY_TILES.items():
        assert per * solver.board_count(q, b.t, b.max_water) == scoring.score_tile(n, [t], [0])[0].points, n
    assert b.t[solver.SLOT["whisky_tiles"]] == len(scoring.whisky_tiles(t))
    assert b.t[solver.SLOT["ships"]] == scoring.icon_totals(t).ships

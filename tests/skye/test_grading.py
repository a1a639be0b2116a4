"""Puzzle grades: stars from the solver's work, and the curated order follows them."""

from __future__ import annotations

import pytest

from skye_widgets.skye.puzzles import GRADE_OPTIMA_CAP, grade_points, load_all, load_puzzle, puzzle_files, stars_of
from skye_widgets.skye.solver import grade, solve, start_choices
from skye_widgets.skye.territory import Territory

PUZZLES = load_all()


def test_points_and_stars_by_hand() -> None:
    # two tiles, many answers, a narrow start, one term: nothing adds up -> 1 star
    assert grade_points(2, 7, 12, 1) == 0.0 and stars_of(0.0) == 1
    # three tiles (+1), two or three answers (+0.5), 30 choices (+0.5), two terms (+0.5)
    assert grade_points(3, 2, 30, 2) == 2.5 and stars_of(2.5) == 3
    # five tiles (+3), one answer (+1), 60 choices (+1) -> 5, and stars stop at 5
    assert grade_points(5, 1, 60, 1) == 5.0 and stars_of(5.0) == 5 and stars_of(9) == 5
    assert grade_points(4, GRADE_OPTIMA_CAP, 29, 1) == 2.0 and stars_of(2.0) == 3


def test_start_choices_counts_distinct_looking_placements() -> None:
    # an all-water tile looks the same in every rotation: one choice per cell; the castle
    # alone has four empty neighbours, and water meets the castle's water sides only
    from skye_widgets.skye.tiles import tile_from_dict
    lake = tile_from_dict({"id": "lake", "sides": "WWWW", "areas": [{"terrain": "W", "sides": "NESW"}]})
    t = Territory("castle-blue")
    cells = {(x, y) for x, y, _ in t.legal_placements(lake)}
    assert start_choices(t, [lake]) == len(cells) >= 1


def test_a_grade_gives_its_numbers_in_sentences() -> None:
    p = load_puzzle([f for f in puzzle_files() if f.endswith("d1-mountains.json")][0])
    g = grade(p)
    n_opt = solve(p.start(), p.hand, p.objective).optimal_territories   # every optimum counted
    assert (g.tiles, g.terms, g.optima) == (2, 1, min(n_opt, GRADE_OPTIMA_CAP))
    assert g.optima == 1
    assert g.choices == start_choices(p.start(), p.hand)
    assert g.points == grade_points(2, 1, g.choices, 1) and g.stars == stars_of(g.points)
    assert g.reasons[0] == "There are 2 tiles to place, each a decision that changes the next."
    assert g.reasons[1] == "Only one final territory reaches the best score."
    assert all(r.endswith(".") and r[0].isupper() for r in g.reasons)
    assert g.to_dict()["stars"] == g.stars


def _check_grades(ps: list) -> None:  # noqa: ANN001
    for p in ps:
        assert grade(p).stars == p.difficulty, p.id


@pytest.mark.parametrize("tiles", [2, 3, 4])
def test_every_puzzle_is_filed_under_its_grade(tiles: int) -> None:
    _check_grades([p for p in PUZZLES if len(p.hand) == tiles])


@pytest.mark.slow
def test_every_expert_puzzle_is_filed_under_its_grade() -> None:
    _check_grades([p for p in PUZZLES if len(p.hand) == 5])


def test_the_curated_order_never_goes_down_in_difficulty() -> None:
    # the stars of each file are checked against a fresh grade above; here the order itself
    assert [p.difficulty for p in PUZZLES] == sorted(p.difficulty for p in PUZZLES)
    assert PUZZLES == sorted(PUZZLES, key=lambda p: (p.difficulty, p.id))


def test_the_expert_tier() -> None:
    experts = [p for p in PUZZLES if p.id.startswith("expert-")]
    assert len(experts) >= 10
    assert all(len(p.hand) == 5 and p.difficulty >= 4 for p in experts)
    # among puzzles of the same stars, the 5-tile ones come last
    for p, q in zip(PUZZLES, PUZZLES[1:]):
        assert not (p.difficulty == q.difficulty and len(p.hand) > len(q.hand)), (p.id, q.id)

"""The puzzle generator and the shipped puzzles in puzzles/hashi/."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skye_widgets.hashi.generator import (
    DIFFICULTY_NAMES, generate, generate_graded, grade, parse_difficulty,
)
from skye_widgets.hashi.puzzle import HashiPuzzle
from skye_widgets.hashi.solver import analyse, count_solutions, solve, validate

PUZZLES = sorted((Path(__file__).resolve().parents[2] / "puzzles" / "hashi").glob("*.json"))


def test_same_seed_same_puzzle_and_seeds_differ():
    assert generate(7, 1) == generate(7, 1)
    assert generate(7, 1) != generate(8, 1)


@pytest.mark.parametrize("d", [1, 2, 3])
def test_generated_puzzles_are_unique_and_graded(d):
    g = generate_graded(11, d)
    count, nodes, level = analyse(g.puzzle)
    assert count == 1
    assert grade(level, nodes) == d == g.difficulty


def test_grade_levels():
    # rules alone: the level itself; search: one failed guess (<= 3 nodes) is hard, more is expert
    assert [grade(1, 1), grade(2, 1), grade(3, 1), grade(4, 2), grade(4, 3), grade(4, 9)] == [1, 2, 3, 3, 3, 4]


def test_parse_difficulty():
    assert parse_difficulty("expert") == 4 and parse_difficulty("2") == 2 and parse_difficulty(3) == 3
    with pytest.raises(ValueError, match="difficulty must be 1-4"):
        parse_difficulty(5)
    with pytest.raises(ValueError, match="unknown difficulty"):
        parse_difficulty("brutal")


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_generated_easy_puzzles_solve_and_validate(seed):
    p = generate(seed, 1)
    sol = solve(p)
    assert sol is not None and validate(p, sol.bridges) == []
    assert count_solutions(p) == 1


def test_there_are_a_few_dozen_shipped_puzzles_in_difficulty_order():
    assert len(PUZZLES) >= 24
    levels = [json.loads(f.read_text())["level"] for f in PUZZLES]
    assert levels == sorted(levels) and set(levels) == {1, 2, 3, 4}


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.name)
def test_every_shipped_puzzle_has_a_unique_solution_of_its_level(path):
    data = json.loads(path.read_text())
    p = HashiPuzzle.from_json(path)
    count, nodes, level = analyse(p)
    assert count == 1
    assert grade(level, nodes) == data["level"]
    assert nodes == data["search_nodes"]          # the figure written when it was generated
    assert data["format"] == "hashi-puzzle/2"     # islands [x, y, number]
    assert data["difficulty"] == DIFFICULTY_NAMES[data["level"]]
    assert p.name
    sol = solve(p)
    assert sol is not None and validate(p, sol.bridges) == []


@pytest.mark.parametrize("name", ["01_easy_1.json", "09_medium_1.json"])
def test_the_generator_command_in_a_shipped_file_makes_that_puzzle_again(name):
    # the layouts are grown in (row, col) steps as when these files were first written; the
    # puzzle comes out in (x, y), the files' cells
    path = PUZZLES[0].parent / name
    data = json.loads(path.read_text())
    assert generate(data["seed"], data["level"]) == HashiPuzzle.from_json(path)

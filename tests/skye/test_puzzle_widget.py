"""PuzzleWidget through its Python API: place, check, hints, reveal, undo, reset, progress, next puzzle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skye_widgets.skye.puzzles import puzzle_from_dict
from skye_widgets.widgets.base import plain_text
from skye_widgets.widgets.skye_puzzles import PuzzleWidget, SolvedStore

from .test_puzzles import TINY
from .test_solver import FORD, PEAK2, walled


@pytest.fixture
def tiny():
    return puzzle_from_dict(TINY)


def test_solve_by_placing_and_check(tiny, tmp_path: Path) -> None:
    store = tmp_path / "progress.json"
    w = PuzzleWidget(tiny, progress=store)
    assert "Objective: scoring tile 16 (Completed mountain areas)" in w.header.value
    assert w.place(19, -1, 0, 0) and w.place(29, 0, -1, 0)
    assert w.hand == []
    res = w.check()
    assert res.points == 2 and w.solved
    assert "Solved!" in w.message
    assert "Your score: 2" in w.result.value
    assert json.loads(store.read_text())["puzzles"] == {"skye:tiny-mountain": {"solved": True, "best": 2, "hints": 0}}
    # the breakdown is drawn on the board (points label of the completed area)
    assert "+2" in w.board.drawing().to_svg()


def test_a_worse_placement_is_told_a_better_score_exists(tiny, tmp_path: Path) -> None:
    w = PuzzleWidget(tiny, progress=tmp_path / "s.json")
    assert w.place(19, 0, -1, 0)           # north of the castle: its mountain edge stays open
    assert w.place(29, 0, 1, 0)
    assert w.check().points == 0
    assert not w.solved
    assert "a better score is possible" in w.message
    assert "2" not in w.message.replace("0 points", "")      # the optimum (2) is not given away
    assert json.loads((tmp_path / "s.json").read_text())["puzzles"] == {
        "skye:tiny-mountain": {"solved": False, "best": 0, "hints": 0}}


def test_illegal_placement_changes_nothing(tiny, tmp_path: Path) -> None:
    w = PuzzleWidget(tiny, progress=tmp_path / "s.json")
    assert not w.place(19, 5, 5, 0)
    assert "Cannot place" in w.message and len(w.territory) == 1 and w.hand == [19, 29]
    assert not w.place(44, 0, -1, 0)
    assert "not in your hand" in w.message


def test_check_before_the_end_reports_progress(tiny, tmp_path: Path) -> None:
    w = PuzzleWidget(tiny, progress=tmp_path / "s.json")
    w.place(19, -1, 0, 0)
    assert w.check().points == 2
    assert "place every tile to finish" in w.message and not w.solved
    assert "+2" in w.board.drawing().to_svg()           # the breakdown is drawn ...
    w.place(29, 0, -1, 0)
    assert "+2" not in w.board.drawing().to_svg()       # ... until the territory changes


def test_hints_then_an_optimal_spot(tiny, tmp_path: Path) -> None:
    w = PuzzleWidget(tiny, progress=tmp_path / "s.json")
    assert w.hint() == TINY["hints"][0]
    assert w.hint() == TINY["hints"][1]
    third = w.hint()
    assert third.startswith("Put tile 19 at (-1, 0) with rotation 0")
    # the spot is previewed on the board: tile 19 selected, rotation 0, pointer on (-1, 0)
    assert (w.board.selected, w.board.rotation, w.board.hover) == ("19", 0, (-1, 0))
    w.place(19, -1, 0, 0)
    assert "tile 29" in w.hint()


def test_hint_warns_when_the_learner_left_the_solution(tiny, tmp_path: Path) -> None:
    w = PuzzleWidget(tiny, progress=tmp_path / "s.json")
    w.place(19, 0, -1, 0)
    w.hints_shown = len(tiny.hints)
    assert "differ from this solution" in w.hint()


def test_reveal_is_not_counted_as_solved(tiny, tmp_path: Path) -> None:
    w = PuzzleWidget(tiny, progress=tmp_path / "s.json")
    w.reveal()
    assert w.hand == [] and len(w.territory) == 3
    assert w.last_result is not None and w.last_result.points == 2
    assert "An optimal solution (2 points)" in w.message
    assert not w.solved


def test_undo_and_reset(tiny, tmp_path: Path) -> None:
    w = PuzzleWidget(tiny, progress=tmp_path / "s.json")
    w.undo()
    assert "Nothing to undo" in w.message
    w.place(19, -1, 0, 0)
    w.place(29, 0, -1, 0)
    w.undo()
    assert w.hand == [29] and len(w.territory) == 2
    w.reset()
    assert w.hand == [19, 29] and len(w.territory) == 1


def test_unplaceable_tiles_go_back_to_the_bag(tiny, tmp_path: Path) -> None:
    w = PuzzleWidget(tiny, progress=tmp_path / "s.json")
    t = walled()                                # every open edge shows mountain
    t.tile(PEAK2), t.tile(FORD)                 # make the hand-built tiles known to the territory
    w.board.set_territory(t)
    w.board.set_hand([PEAK2.id, FORD.id])       # the ford has no mountain side
    assert w.place("peak2", *t.legal_placements(PEAK2)[0])
    assert w.returned == ["ford"] and w.hand == []
    assert "back to the bag" in w.message


def test_corrupt_progress_file_warns_and_starts_fresh(tiny, tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("{definitely not json", encoding="utf-8")
    with pytest.warns(UserWarning, match="malformed JSON"):
        w = PuzzleWidget(tiny, progress=path)
    assert "Warning" in w.message and "malformed JSON" in w.message and str(path) in w.message
    assert not w.solved
    w.place(19, -1, 0, 0)
    w.place(29, 0, -1, 0)
    w.check()
    assert w.solved
    assert list(json.loads(path.read_text())["puzzles"]) == ["skye:tiny-mountain"]


@pytest.mark.parametrize("content", ['{"solved": "all"}', "[1, 2]", '{"solved": [1]}'])
def test_wrong_shape_solved_file(tmp_path: Path, content: str) -> None:
    path = tmp_path / "solved.json"
    path.write_text(content, encoding="utf-8")
    with pytest.warns(UserWarning):
        s = SolvedStore(path)
    assert s.solved == [] and "no list of solved puzzle ids" in s.warning


def test_unwritable_progress_file_never_crashes(tiny, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.warns(UserWarning, match="Not a directory"):
        w = PuzzleWidget(tiny, progress=blocker / "progress.json")   # its folder is a file
    w.place(19, -1, 0, 0)
    w.place(29, 0, -1, 0)
    w.check()
    assert "Could not save your puzzle progress" in w.message and str(blocker) in w.message


def test_solved_store_keeps_ids_once(tmp_path: Path) -> None:
    s = SolvedStore(tmp_path / "deep" / "solved.json")
    assert s.add("a") and s.add("b") and s.add("a")
    assert SolvedStore(tmp_path / "deep" / "solved.json").solved == ["a", "b"]


def test_default_path_is_in_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("SKYE_WIDGETS_DATA_DIR", raising=False)
    s = SolvedStore()
    assert s.path == tmp_path / ".skye-widgets" / "solved.json"
    assert s.add("x") and (tmp_path / ".skye-widgets" / "solved.json").exists()


def test_picker_switches_puzzles(tiny, tmp_path: Path) -> None:
    other = puzzle_from_dict({**TINY, "id": "tiny-2", "title": "Again", "difficulty": 2})
    w = PuzzleWidget(puzzles=[tiny, other], progress=tmp_path / "s.json")
    w.picker.value = 1
    assert w.puzzle.id == "tiny-2" and "Again" in w.header.value      # the heading follows at once
    assert w.board.heading.value == "<b>Again</b>"                      # and the board's own heading
    w.place(19, -1, 0, 0)
    w.place(29, 0, -1, 0)
    w.check()
    assert "✓" in w.picker.options[1][0] and w.picker.value == 1


def test_static_svg_in_the_bundle(tiny, tmp_path: Path) -> None:
    w = PuzzleWidget(tiny, progress=tmp_path / "s.json")
    assert w._repr_mimebundle_()["image/svg+xml"].startswith("<svg")


def test_data_dir_variable_moves_the_solved_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SKYE_WIDGETS_DATA_DIR", str(tmp_path / "data" / "skye"))
    s = SolvedStore()
    assert s.path == tmp_path / "data" / "skye" / "solved.json"
    assert s.add("x")                               # the folder is created on the first save
    assert json.loads(s.path.read_text()) == {"solved": ["x"]}
    assert not (tmp_path / "home").exists()


def _deep(path: Path) -> None:
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")


def _huge_number(path: Path) -> None:
    path.write_text('{"solved": [' + "9" * 5000 + "]}", encoding="utf-8")


def _not_utf8(path: Path) -> None:
    path.write_bytes(b'{"solved": ["\xff\xfe"]}')


def _directory(path: Path) -> None:
    path.mkdir()


def _unreadable(path: Path) -> None:
    path.write_text('{"solved": []}', encoding="utf-8")
    path.chmod(0)


def _too_big(path: Path) -> None:
    path.write_text('{"solved": ["' + "a" * 1_100_000 + '"]}', encoding="utf-8")


@pytest.mark.parametrize("make, fault", [
    (_deep, "JSON nested too deeply"),
    (_huge_number, "unreadable JSON"),
    (_not_utf8, "not UTF-8 text"),
    (_directory, "is a directory"),
    (_unreadable, "Permission denied"),
    (_too_big, "more than the 1000000 a solved list may have"),
    (lambda p: p.write_text('{"solved": [1e999]}'), "not inf"),
    (lambda p: p.write_text('{"solved": [["a"]]}'), "not list"),
    (lambda p: p.write_text('{"solved": ["' + "x" * 201 + '"]}'), "1-200 characters"),
    (lambda p: p.write_text('"solved"'), 'expected {"solved": [ids]}'),
])
def test_every_corrupt_solved_file_warns_once_and_starts_fresh(tiny, tmp_path: Path, make, fault) -> None:
    import os
    import warnings
    path = tmp_path / "solved.json"
    make(path)
    if fault == "Permission denied" and os.access(path, os.R_OK):
        pytest.skip("running as root: every file is readable")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        store = SolvedStore(path)
    assert [str(c.message) for c in caught] == [store.warning]
    assert str(path) in store.warning and fault in store.warning
    assert store.solved == []
    saved = store.add("tiny-mountain")                # never raises, whatever the file
    if path.is_file() and os.access(path, os.R_OK):   # replaced by a fresh list
        assert saved and json.loads(path.read_text()) == {"solved": ["tiny-mountain"]}
    else:
        assert not saved and "Could not save" in store.warning
    assert [p.name for p in tmp_path.iterdir()] == ["solved.json"]   # no temporary file left


def test_two_lessons_saving_keep_both_ids(tmp_path: Path) -> None:
    path = tmp_path / "solved.json"
    a, b = SolvedStore(path), SolvedStore(path)
    assert a.add("one") and b.add("two")
    assert SolvedStore(path).solved == ["one", "two"]


# -- issue 15: no spoilers, next unsolved, next puzzle, hints the player can see ----------------

def _solve_tiny(w: PuzzleWidget) -> None:
    assert w.place(19, -1, 0, 0) and w.place(29, 0, -1, 0)
    w.check()


def test_no_optimum_or_solution_before_reveal(tiny, tmp_path: Path) -> None:
    w = PuzzleWidget(tiny, progress=tmp_path / "p.json")
    assert "best possible" not in w.header.value and "optimal" not in w.message
    w.place(19, -1, 0, 0)
    w.check()                                          # half-way: the score so far, not the optimum
    assert w.message == "So far 2 points; place every tile to finish."
    assert "best possible" not in w.header.value
    w.reveal()
    assert "best possible: <b>2</b>" in w.header.value


def test_picker_opens_on_the_first_unsolved_puzzle(tiny, tmp_path: Path) -> None:
    other = puzzle_from_dict({**TINY, "id": "tiny-2", "title": "Again", "difficulty": 2})
    third = puzzle_from_dict({**TINY, "id": "tiny-3", "title": "Thrice", "difficulty": 3})
    path = tmp_path / "p.json"
    first = PuzzleWidget(puzzles=[tiny, other, third], progress=path)
    assert first.puzzle.id == "tiny-mountain" and first.picker.value == 0
    assert first.next_button.layout.display == "none"
    _solve_tiny(first)
    assert first.next_button.layout.display is None          # "next puzzle" after the win
    again = PuzzleWidget(puzzles=[tiny, other, third], progress=path)
    assert again.puzzle.id == "tiny-2" and again.picker.value == 1 and "Again" in again.header.value
    assert again.next_puzzle().id == "tiny-3"                 # skips nothing unsolved, goes on
    assert again.puzzle.id == "tiny-3" and again.picker.value == 2 and "Thrice" in again.header.value
    assert again.next_puzzle().id == "tiny-2"                 # wraps round past the solved first one


def test_next_puzzle_when_all_are_solved(tiny, tmp_path: Path) -> None:
    w = PuzzleWidget(puzzles=[tiny], progress=tmp_path / "p.json")
    _solve_tiny(w)
    assert w.next_puzzle() is None and w.message == "You have solved every puzzle of this set."


def test_key_tile_hint_names_the_labelled_cell_and_outlines_it(tmp_path: Path) -> None:
    p = puzzle_from_dict({**TINY, "hints": ["A mountain area scores once it is closed.",
                                            "Tile 29 is the key: the spot where it scores most right away is "
                                            "not the best one. Try it just north of the castle."]})
    w = PuzzleWidget(p, progress=tmp_path / "p.json")
    w.board.set_overlay("coordinates", False)
    w.hint()
    second = w.hint()
    assert second == ("Tile 29 is the key: the spot where it scores most right away is not the best one. "
                      "Try it at (0, -1), the cell outlined on the board.")
    assert "just north" not in w.hint_box.value and "(0, -1)" in w.hint_box.value
    # each hint is written once: in the list under the buttons, not again on the status line
    assert w.message == "Hint 2 of 2 is shown under the buttons."
    assert plain_text(w.hint_box.value).count("A mountain area scores once it is closed.") == 1
    assert w.board.selected == "29" and w.board.hover == (0, -1)
    assert w.board.overlays["coordinates"]                    # the coordinate named is on the board


def test_hints_used_and_best_score_are_recorded(tiny, tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    w = PuzzleWidget(tiny, progress=path)
    w.hint(), w.hint()
    _solve_tiny(w)
    entry = json.loads(path.read_text())["puzzles"]["skye:tiny-mountain"]
    assert entry == {"solved": True, "best": 2, "hints": 2}
    w.reset()
    _solve_tiny(w)                                            # a second solve without hints
    assert json.loads(path.read_text())["puzzles"]["skye:tiny-mountain"]["hints"] == 0
    assert "your best: 2 points" in w.header.value


def test_revealed_puzzle_records_nothing(tiny, tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    w = PuzzleWidget(tiny, progress=path)
    w.reveal()
    assert not path.exists() and not w.solved

"""The Hashi puzzle picker and Check's marks: 40 shipped puzzles by difficulty, progress, next puzzle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skye_widgets.errors import FileFormatError
from skye_widgets.hashi.puzzle import HashiPuzzle
from skye_widgets.hashi.shipped import load_all, load_shipped
from skye_widgets.hashi.solver import solve
from skye_widgets.widgets.hashi import HashiWidget
from skye_widgets.widgets.hashi_puzzles import HashiPuzzlePicker

#  2 . 1        a 2 in the top left, a 1 to its right and a 1 below it: bridges (0,0)-(2,0), (0,0)-(0,2)
#  . . .
#  1 . .
SMALL = HashiPuzzle(3, 3, {(0, 0): 2, (2, 0): 1, (0, 2): 1})


def test_check_marks_short_and_over_islands_with_a_short_sentence() -> None:
    w = HashiWidget(puzzle=SMALL)
    w.check()
    assert w.message == "3 islands need more bridges (marked on the board)."
    assert set(w.short) == {(0, 0), (2, 0), (0, 2)} and w.over == ()
    assert set(w.highlight) == set(w.short)                   # glowing on the board
    w.click_cell(0, 0), w.click_cell(2, 0)
    w.click_cell(0, 0), w.click_cell(2, 0)                    # a second bridge to the 1 is refused ...
    assert w.puzzle_state.bridges == {((0, 0), (2, 0)): 1} and "skye-error" in w.status.value
    w.puzzle_state.bridges[((0, 0), (2, 0))] = 2              # ... but a loaded state may hold one
    w.check()
    # the 2 at (0, 0) has its 2, the 1 at (0, 2) none, the 1 at (2, 0) two
    assert w.message == "1 island needs more bridges, 1 has too many (marked on the board)."
    assert w.over == ((2, 0),) and w.short == ((0, 2),)
    assert "(and" not in w.message and "bridge(s)" not in w.message
    w.puzzle_state.bridges[((0, 0), (2, 0))] = 1
    w.click_cell(0, 0), w.click_cell(0, 2)
    assert w.message.startswith("Solved!")
    w.check()
    assert w.message.startswith("Solved!") and w.highlight == ()


def test_only_too_many() -> None:
    w = HashiWidget(puzzle=HashiPuzzle(3, 1, {(0, 0): 1, (2, 0): 1}))
    w.click_cell(0, 0), w.click_cell(2, 0)
    w.click_cell(0, 0)
    w.puzzle_state.bridges[next(iter(w.puzzle_state.bridges))] = 2   # as a file could hold
    w.selected = None
    w.check()
    assert w.message == "2 islands have too many (marked on the board)."


def test_the_shipped_set_is_ordered_easy_to_expert() -> None:
    # regraded by the ladder (issue 29): the ids stay, the order follows the new grades
    ps = load_all()
    assert len(ps) == 40
    assert [p.difficulty for p in ps] == [1] * 7 + [2] * 8 + [3] * 14 + [4] * 11
    assert ps[0].id == "01_easy_1" and ps[7].id == "33_medium_9" and ps[15].id == "04_easy_4"
    assert ps[-1].id == "32_expert_8" and ps[0].title == "Easy 1" and ps[15].title == "Hard 1"


def test_a_shipped_file_without_a_grade_is_one_line(tmp_path: Path) -> None:
    f = tmp_path / "x.json"
    f.write_text(json.dumps({**SMALL.to_json(), "difficulty": "impossible"}))
    with pytest.raises(FileFormatError, match=r"x.json: 'difficulty' must be 1-4"):
        load_shipped(f)


def _solve_current(w: HashiPuzzlePicker) -> None:
    for x1, y1, x2, y2, k in solve(w.current.puzzle).bridges:
        for _ in range(k):
            w.click_cell(x1, y1), w.click_cell(x2, y2)


def test_picker_opens_on_the_next_unsolved_and_records_progress(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    w = HashiPuzzlePicker(progress=path)
    assert w.current.id == "01_easy_1" and "Easy 1 ★☆☆☆ (easy, 10 islands)" in w.heading.value
    assert w.next_button.layout.display == "none"
    w.board.show_hint()
    _solve_current(w)
    assert w.message.startswith("Solved!") and w.solved
    assert w.next_button.layout.display is None and "✓" in w.picker.options[0][0]
    assert json.loads(path.read_text())["puzzles"]["hashi:01_easy_1"] == {"solved": True, "best": None, "hints": 1}
    assert w.next_puzzle().id == "02_easy_2"
    assert w.picker.value == 1 and "Easy 2" in w.heading.value and w.next_button.layout.display == "none"
    again = HashiPuzzlePicker(progress=path)
    assert again.current.id == "02_easy_2"
    again.picker.value = 31                                   # the heading follows the menu at once
    assert "Expert 3 ★★★★ (expert" in again.heading.value and again.board.puzzle_state.puzzle == again.current.puzzle


def test_next_puzzle_when_all_are_solved(tmp_path: Path) -> None:
    ps = load_all()[:2]
    w = HashiPuzzlePicker(ps, progress=tmp_path / "p.json")
    _solve_current(w)
    w.next_puzzle()
    _solve_current(w)
    assert w.next_puzzle() is None and w.message == "You have solved every puzzle of this set."


def test_no_solution_is_drawn_before_play(tmp_path: Path) -> None:
    w = HashiPuzzlePicker(progress=tmp_path / "p.json")
    assert w.board.puzzle_state.bridges == {}
    assert "image/svg+xml" in w._repr_mimebundle_()


def test_the_trial_behind_a_hint_is_stepped_through_forwards_and_back(tmp_path: Path) -> None:
    from skye_widgets.hashi.shipped import ShippedHashi
    from tests.hashi.test_ladder import EXPERT, ours_set
    p = next(p for level, p in ours_set() if level == EXPERT)
    w = HashiPuzzlePicker([ShippedHashi("expert-0", p, 4)], progress=tmp_path / "progress.json")
    assert w.trial_bar.layout.display == "none" and w.trial_step(1) == ""
    st = w.board.puzzle_state
    for _ in range(200):                         # follow hints until one rests on a trial
        w.board.show_hint()
        h = st.last_hint
        if h.chain:
            break
        for a, b, k in h.bridges:
            while st.count(a, b) < k:
                st.add_bridge(a, b)
    assert h.chain and w.chain == h.chain and w.trial_bar.layout.display is None
    assert w.message == str(h)                   # the hint itself first
    first = w.trial_step(1)
    assert first.startswith("Suppose the ") and w.message == first and w.trial_back.disabled
    assert set(h.chain[0].cells) <= set(w.board.highlight)
    assert "1 of" in w.trial_at.value
    for _ in range(len(h.chain)):
        last = w.trial_step(1)
    assert last.startswith("So ") and w.trial_forward.disabled and w.chain_index == len(h.chain) - 1
    assert w.trial_step(-1) == h.chain[-2].text and not w.trial_forward.disabled
    w.click_cell(*h.chain[0].cells[0])           # playing on hides the bar
    assert w.trial_bar.layout.display == "none"

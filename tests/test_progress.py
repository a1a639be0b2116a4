"""The puzzle progress file: both games, bounded, atomic, merged, corrupt files warn once and start fresh."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from skye_widgets.progress import (FORMAT, MAX_ENTRIES, Entry, ProgressStore, default_progress_path,
                                   read_progress)


def test_record_keeps_the_best_score_and_the_right_hint_count(tmp_path: Path) -> None:
    s = ProgressStore(tmp_path / "progress.json")
    assert s.record("skye", "a", score=5, hints=3)
    assert s.get("skye", "a") == Entry(False, 5, 3)
    assert s.record("skye", "a", score=4, hints=1)            # unsolved: the most hints asked so far
    assert s.get("skye", "a") == Entry(False, 5, 3)
    assert s.record("skye", "a", score=9, solved=True, hints=2)   # solved: that run's hints
    assert s.record("skye", "a", score=9, solved=True, hints=4)   # a later solve with more hints
    assert s.get("skye", "a") == Entry(True, 9, 2)
    assert s.record("hashi", "01_easy_1", solved=True)
    again = ProgressStore(s.path)
    assert again.get("skye", "a") == Entry(True, 9, 2) and again.is_solved("hashi", "01_easy_1")
    assert again.solved_ids("skye") == ["a"] and again.solved_ids("hashi") == ["01_easy_1"]
    assert json.loads(s.path.read_text())["format"] == FORMAT


def test_next_unsolved_follows_the_path(tmp_path: Path) -> None:
    s = ProgressStore(tmp_path / "p.json")
    s.record("hashi", "b", solved=True)
    assert s.next_unsolved("hashi", ["b", "c", "d"]) == "c"
    assert s.next_unsolved("skye", ["b"]) == "b"               # games are kept apart
    s.record("hashi", "c", solved=True), s.record("hashi", "d", solved=True)
    assert s.next_unsolved("hashi", ["b", "c", "d"]) is None


def test_two_notebooks_saving_keep_both(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    a, b = ProgressStore(path), ProgressStore(path)
    a.record("skye", "one", solved=True, score=3)
    b.record("skye", "two", score=1)
    b.record("skye", "one", score=1, hints=5)                  # b had not seen a's solve
    s = ProgressStore(path)
    assert s.get("skye", "one") == Entry(True, 3, 0) and s.get("skye", "two") == Entry(False, 1, 0)


def test_the_old_solved_list_is_read_once(tmp_path: Path) -> None:
    (tmp_path / "solved.json").write_text('{"solved": ["d1-farms", "d2-sheep"]}', encoding="utf-8")
    s = ProgressStore(tmp_path / "progress.json")
    assert s.solved_ids("skye") == ["d1-farms", "d2-sheep"] and not s.warning
    s.record("hashi", "x", solved=True)
    assert set(read_progress(s.path)) == {"skye:d1-farms", "skye:d2-sheep", "hashi:x"}


def test_default_location_and_the_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("SKYE_WIDGETS_DATA_DIR", raising=False)
    assert default_progress_path() == tmp_path / ".skye-widgets" / "progress.json"
    monkeypatch.setenv("SKYE_WIDGETS_DATA_DIR", str(tmp_path / "d"))
    s = ProgressStore()
    assert s.path == tmp_path / "d" / "progress.json" and s.record("skye", "x", solved=True)
    assert s.path.exists() and not (tmp_path / ".skye-widgets").exists()


@pytest.mark.parametrize("content, fault", [
    ("{not json", "malformed JSON"),
    ("[" * 100_000 + "]" * 100_000, "JSON nested too deeply"),
    ('{"solved": []}', "expected"),
    ('{"format": "skye-widgets-progress/1", "puzzles": {"chess:a": {}}}', "unknown game"),
    ('{"format": "skye-widgets-progress/1", "puzzles": {"skye:a": {"solved": 1}}}', "true or false"),
    ('{"format": "skye-widgets-progress/1", "puzzles": {"skye:a": {"best": 1e999}}}', "whole number"),
    ('{"format": "skye-widgets-progress/1", "puzzles": {"skye:a": {"hints": 10000001}}}', "whole number"),
    ('{"format": "skye-widgets-progress/1", "puzzles": {"skye:": {}}}', "1-200 characters"),
    ('{"format": "skye-widgets-progress/1", "puzzles": {"skye:a": []}}', "must be an object"),
    ('"' + "x" * 2_100_000 + '"', "more than the 2000000"),
])
def test_a_corrupt_file_warns_once_and_starts_fresh(tmp_path: Path, content: str, fault: str) -> None:
    path = tmp_path / "progress.json"
    path.write_text(content, encoding="utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        s = ProgressStore(path)
    assert [str(c.message) for c in caught] == [s.warning]
    assert "\n" not in s.warning and str(path) in s.warning and fault in s.warning
    assert s.entries == {}
    assert s.record("skye", "x", solved=True)                 # replaced by a fresh file
    assert set(read_progress(path)) == {"skye:x"}
    assert [p.name for p in tmp_path.iterdir()] == ["progress.json"]   # atomic: no temporary file left


def test_saving_into_a_file_in_the_way_never_raises(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    with pytest.warns(UserWarning):
        s = ProgressStore(tmp_path / "f" / "progress.json")
    assert not s.record("skye", "x", solved=True)
    assert "Could not save your puzzle progress" in s.warning


def test_bad_records_are_refused_before_anything_changes(tmp_path: Path) -> None:
    s = ProgressStore(tmp_path / "p.json")
    with pytest.raises(ValueError, match="unknown game"):
        s.record("chess", "a")
    with pytest.raises(ValueError, match="whole number"):
        s.record("skye", "a", score=True)  # type: ignore[arg-type]
    assert s.entries == {} and not s.path.exists()


def test_the_file_stays_bounded(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"format": FORMAT, "puzzles": {f"skye:p{i}": {"solved": True}
                                                               for i in range(MAX_ENTRIES)}}))
    s = ProgressStore(path)
    s.record("hashi", "newest", solved=True)
    kept = read_progress(path)
    assert len(kept) == MAX_ENTRIES and "hashi:newest" in kept and "skye:p0" not in kept

"""The lessons' text files: a strict loader, every key used, every check right.

* a malformed file gives one line naming the file and the fault (FileFormatError);
* every ``lesson.quiz(...)`` / ``lesson.exercise(...)`` of a notebook exists in its
  lesson's file, and every entry of a file is used by its notebook;
* each exercise check passes a right solution and fails a wrong one with the
  named message (hand-built positions); each quiz's right choice agrees with
  the numbers the engine computes;
* the widgets built from the texts answer as the texts say, and a board
  exercise can be undone and started over.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import nbformat
import pytest

from skye_widgets import lessons
from skye_widgets.errors import FileFormatError
from skye_widgets.lessons import checks
from skye_widgets.limits import MAX_LESSON_ENTRIES, MAX_TEXT_LENGTH
from skye_widgets.skye import lessons as examples
from skye_widgets.skye.scoring import winners
from skye_widgets.skye.territory import Territory

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
GOOD = json.loads((lessons.DATA / "03_areas.json").read_text(encoding="utf-8"))


# --------------------------------------------------------------------------
# The loader is strict
# --------------------------------------------------------------------------

def _mutated(change):
    data = copy.deepcopy(GOOD)
    change(data)
    return json.dumps(data)


def _set(path, value):
    def change(data):
        *head, last = path
        for k in head:
            data = data[k]
        data[last] = value
    return change


def _del(path):
    def change(data):
        *head, last = path
        for k in head:
            data = data[k]
        del data[last]
    return change


QUIZ = ("quizzes", "enclosed_lake")
LAKE = ("exercises", "close_the_lake")
BAD_FILES = [
    ("not json", '{"quizzes": ', "malformed JSON at line 1"),
    ("a list", "[]", "the file: expected an object"),
    ("duplicate key", '{"quizzes": {}, "quizzes": {}}', "the key 'quizzes' appears twice"),
    ("unknown top field", _mutated(_set(("answers",), {})), "the file: unknown field 'answers'"),
    ("two right", _mutated(_set((*QUIZ, "choices", 0, "right"), True)), "exactly one choice must be right, not 2"),
    ("none right", _mutated(_del((*QUIZ, "choices", 1, "right"))), "exactly one choice must be right, not 0"),
    ("right not a bool", _mutated(_set((*QUIZ, "choices", 1, "right"), "yes")), "right must be true or false"),
    ("one choice", _mutated(lambda d: d["quizzes"]["enclosed_lake"]["choices"].__delitem__(slice(1, None))),
     "choices must be a list of 2 to"),
    ("same labels", _mutated(_set((*QUIZ, "choices", 0, "label"), "Not an area at all")),
     "two choices have the same label"),
    ("empty label", _mutated(_set((*QUIZ, "choices", 0, "label"), "  ")), "label: expected a non-empty text"),
    ("unknown placeholder", _mutated(_set((*QUIZ, "choices", 1, "feedback"), "Right: {gold} gold.")),
     "unknown placeholder {gold} (this text can use: none)"),
    ("positional placeholder", _mutated(_set((*QUIZ, "question"), "What is {}?")), "is not a plain name"),
    ("format spec", _mutated(_set((*LAKE, "messages", "open"), "Open at {sides:>9}.")), "is not a plain name"),
    ("placeholder the check does not give", _mutated(_set((*LAKE, "messages", "ok"), "Yes! {count} tiles.")),
     "message 'ok': unknown placeholder {count} (this text can use: {area})"),
    ("unknown provider", _mutated(_set((*QUIZ, "values"), "guess")), "unknown values provider 'guess'"),
    ("unknown check", _mutated(_set((*LAKE, "check"), "trust_me")), "unknown check 'trust_me'"),
    ("missing message", _mutated(_del((*LAKE, "messages", "ok"))), "messages: missing ok"),
    ("extra message", _mutated(_set((*LAKE, "messages", "maybe"), "Hm.")), "messages: unknown field 'maybe'"),
    ("bad args", _mutated(_set((*LAKE, "args", "cell"), [1])), "args: cell is not valid"),
    ("missing args", _mutated(_del((*LAKE, "args"))), "args: expected cell, terrain"),
    ("long text", _mutated(_set((*LAKE, "task"), "x" * (MAX_TEXT_LENGTH + 1))),
     f"task: longer than {MAX_TEXT_LENGTH} characters"),
    ("bad key", _mutated(_set(("quizzes", "Enclosed Lake"), GOOD["quizzes"]["enclosed_lake"])), "is not a key"),
    ("too many", _mutated(_set(("quizzes",), {f"q{i}": GOOD["quizzes"]["enclosed_lake"]
                                              for i in range(MAX_LESSON_ENTRIES + 1)})),
     f"quizzes: more than {MAX_LESSON_ENTRIES} entries"),
    ("deep", "[" * 30 + "]" * 30, "nested"),
    ("missing task", _mutated(_del((*LAKE, "task"))), "exercise 'close_the_lake': missing task"),
    ("spoilers not a list", _mutated(_set((*QUIZ, "spoilers"), "enclosed")), "spoilers must be a list"),
    ("spoiler not a regex", _mutated(_set((*LAKE, "spoilers"), [{"pattern": "(lake", "in": "en", "why": "?"}])),
     "spoiler 1: pattern is not a regular expression"),
    ("spoiler in no language", _mutated(_set((*QUIZ, "spoilers"), [{"pattern": "lake", "in": "fr", "why": "?"}])),
     "spoiler 1: in must be \"en\" or \"all\""),
    ("spoiler without why", _mutated(_set((*QUIZ, "spoilers"), [{"pattern": "lake", "in": "en"}])),
     "spoiler 1: missing why"),
]


@pytest.mark.parametrize("text, fault", [(t, f) for _, t, f in BAD_FILES], ids=[n for n, _, _ in BAD_FILES])
def test_a_malformed_file_is_one_line_naming_file_and_fault(tmp_path, text, fault):
    path = tmp_path / "lesson.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FileFormatError) as e:
        lessons.load_file(path)
    message = str(e.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    assert fault in message


def test_the_unchanged_file_loads(tmp_path):
    path = tmp_path / "lesson.json"
    path.write_text(_mutated(lambda d: None), encoding="utf-8")
    assert list(lessons.load_file(path).quizzes) == ["enclosed_lake", "lake_size"]


def test_unreadable_and_missing_files(tmp_path):
    path = tmp_path / "lesson.json"
    path.write_bytes(b'{"quizzes": "\xff"}')
    with pytest.raises(FileFormatError, match=r"lesson\.json: "):
        lessons.load_file(path)
    with pytest.raises(FileFormatError, match=r"nothing\.json: "):
        lessons.load_file(tmp_path / "nothing.json")
    with pytest.raises(ValueError, match="no lesson is called 'nope'; known: 01_tiles_and_placement"):
        lessons.load("nope")
    with pytest.raises(ValueError, match="no lesson is called"):
        lessons.load("../../etc/passwd")


def test_fill_takes_named_values_only():
    assert lessons.fill("Tile {tile} at {cell}.", {"tile": "16", "cell": "(1, 0)", "extra": 1}) == "Tile 16 at (1, 0)."
    with pytest.raises(KeyError):
        lessons.fill("Tile {tile}.", {})


# --------------------------------------------------------------------------
# The notebooks and the files agree
# --------------------------------------------------------------------------

def _calls(stem):
    nb = nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    return (re.findall(r'\bLesson\("([^"]+)"\)', code), re.findall(r'\blesson\.quiz\("([^"]+)"', code),
            re.findall(r'\blesson\.exercise\("([^"]+)"', code))


@pytest.mark.parametrize("stem", lessons.stems())
def test_every_key_of_a_notebook_exists_and_every_entry_is_used(stem):
    made, quizzes, exercises = _calls(stem)
    texts = lessons.load(stem)
    assert made == [stem]                                   # the notebook loads its own texts, once
    assert sorted(quizzes) == sorted(texts.quizzes)         # each quiz shown once, none missing
    assert sorted(exercises) == sorted(texts.exercises)


def test_no_notebook_builds_a_quiz_without_a_text_file():
    with_file = set(lessons.stems())
    for path in NOTEBOOKS.glob("*.ipynb"):
        nb = nbformat.read(path, as_version=4)
        code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
        assert not re.search(r"\b(Quiz|Exercise)\(", code), path.name
        if "lesson.quiz(" in code or "lesson.exercise(" in code:
            assert path.stem in with_file


# --------------------------------------------------------------------------
# The checks: a right solution passes, a wrong one fails with the named message
# --------------------------------------------------------------------------

def test_placed_at():
    t = Territory("castle-blue")
    assert checks.run("placed_at", t, tile="16", cell=[1, 0])[:2] == (False, "in_hand")
    t.place("16", 0, 1, 3)                                  # legal, south of the castle
    assert checks.run("placed_at", t, tile="16", cell=[1, 0]) == (
        False, "elsewhere", {"tile": "16", "cell": "(0, 1)", "wanted": "(1, 0)"})
    t = Territory("castle-blue")
    t.place("16", 1, 0, 1)                                  # printed S (water) faces W, the castle's water
    assert checks.run("placed_at", t, tile="16", cell=[1, 0])[:2] == (True, "ok")


def test_income_reaches():
    t = Territory("castle-blue")
    assert checks.run("income_reaches", t, tile="5", income=6)[:2] == (False, "in_hand")
    linked = t.copy()
    linked.place("5", 0, 1, 0)                              # its N road meets the castle's S road
    assert checks.run("income_reaches", linked, tile="5", income=6) == (True, "ok", {"income": 6})
    t.place("5", -1, 0, 2)                                  # its E side has no road: the whisky is cut off
    assert checks.run("income_reaches", t, tile="5", income=6) == (False, "short", {"income": 5})


def test_area_completed():
    t = Territory("castle-blue")
    t.place("60", 1, 0, 0)
    ok, key, values = checks.run("area_completed", t.copy(), cell=[1, 0], terrain="water")
    assert (ok, key) == (False, "open") and "(1, 0) E" in values["sides"]
    t.place("71", 2, 0, 0)                                  # its W water closes the lake
    assert checks.run("area_completed", t, cell=[1, 0], terrain="water") == (
        True, "ok", {"area": "completed water area of 3 tiles"})


def test_count_completed():
    land = Territory("castle-blue")
    land.place("12", 0, 1, 0)
    land.place("11", 1, 0, 0)
    land.place("33", 1, 1, 3)                               # as in the lesson: its mountain closes tile 12's
    assert checks.run("count_completed", None, territory=land) == (False, "pick", {})
    assert checks.run("count_completed", 2, territory=land) == (False, "wrong", {"guess": 2})
    # the lake of 2 tiles, the mountain printed inside tile 11, the mountain of 2 tiles
    assert checks.run("count_completed", 3, territory=land) == (True, "ok", {"count": 3})


def test_auction_gold():
    assert checks.run("auction_gold", None, scenario="cara_cheaper") == (False, "pick", {})
    # Cara: 5 - (1 + 2) = 2, + 2 + 2 when Ben buys tile 33 = 6
    assert checks.run("auction_gold", 6, scenario="cara_cheaper") == (True, "ok", {"gold": 6})
    assert checks.run("auction_gold", 4, scenario="cara_cheaper") == (False, "wrong", {"guess": 4})
    # Ben: 5 - (3 + 2) = 0, + 2 + 2 for tile 23, - 4 for tile 33 = 0
    assert checks.run("auction_gold", 0, scenario="ben_buys") == (True, "ok", {"gold": 0})
    assert checks.run("auction_gold", 4, scenario="ben_buys")[:2] == (False, "wrong")


def test_all_built():
    t = Territory("castle-blue")
    t.place("29", 1, 0, 2)
    t.place("19", -1, 0, 0)
    args = {"tiles": ["66", "56"], "first": "56"}
    assert checks.run("all_built", t.copy(), **args) == (False, "missing_first", {"tiles": "66, 56", "first": "56"})
    done = t.copy()
    done.place("56", 2, 0, 0)                               # 56's W pasture meets 29; its E water is open
    assert checks.run("all_built", done.copy(), **args) == (False, "missing", {"tiles": "66"})
    done.place("66", 3, 0, 1)                               # 66's printed S water now faces W: it meets 56's
    assert checks.run("all_built", done, **args) == (True, "ok", {})
    # every open side of this territory is pasture: 66 fits nowhere, with 19 (the "first") placed
    assert not t.can_place("66")
    assert checks.run("all_built", t, tiles=["19", "66"], first="19") == (False, "stuck", {"first": "19", "tile": "66"})


def test_scroll_doubled():
    t = examples.example("scrolls")
    ok, key, values = checks.run("scroll_doubled", t.copy(), cell=[2, 0], gold=0)
    assert (ok, key) == (False, "open") and values["sides"] == "(2, 0) N, (2, 0) S"
    t.place("16", 2, -1, 1)                                 # closes the pasture's north side
    t.place("9", 2, 1, 0)                                   # and its south side
    ok, key, values = checks.run("scroll_doubled", t, cell=[2, 0], gold=0)
    # 5 sheep // 2 = 2, doubled = 4; with the other scroll's 2 VP: 6 instead of 3
    assert (ok, key, values["points"], values["start"]) == (True, "ok", 6, 3)


def test_final_vp():
    harbour = examples.example("harbours")
    assert checks.run("final_vp", None, territory=harbour, gold=12) == (False, "pick", {})
    # 3 ships // 2 = 1 (the lake is open: not doubled) + 12 gold // 5 = 2 -> 3
    ok, key, values = checks.run("final_vp", 3, territory=harbour, gold=12)
    assert (ok, key, values["total"]) == (True, "ok", 3) and "12 gold // 5" in values["reasons"]
    assert checks.run("final_vp", 4, territory=harbour, gold=12) == (False, "wrong", {"guess": 4})


def test_scoring_gain_names_a_tile_that_fits_nowhere():
    start = examples.exercise_territory(12)
    assert checks.run("scoring_gain", start, number=12) == (False, "in_hand", {"tile": "58"})

    class Full:                                             # a territory with no room for tile 58
        def __iter__(self):
            return iter(start)

        def can_place(self, tile):
            return False

    assert checks.run("scoring_gain", Full(), number=12) == (False, "nowhere", {"tile": "58"})


# --------------------------------------------------------------------------
# The quizzes' right choices agree with the engine's numbers
# --------------------------------------------------------------------------

def _right(stem, key, **context):
    quiz = lessons.load(stem).quizzes[key]
    values = checks.quiz_values(quiz.values, **context)
    return lessons.fill(quiz.right.label, values), values


def test_quiz_right_choices_agree_with_the_engine():
    right, v = _right("06_scoring_tiles_a", "most_sheep")
    assert right == "tile 16" and v == {"gain16": 3, "gain32": 1, "gain57": 1}
    right, v = _right("06_scoring_tiles_a", "third_set")
    assert right == "neither" and v == {"gain8": 0, "gain35": 0}
    right, v = _right("07_scoring_tiles_b", "whisky_second")
    assert v == {"scores": "5, 2, 0"} and right == "0"
    right, v = _right("07_scoring_tiles_b", "ships_tie")
    assert right == v["scores"] == "5, 5, 5"
    right, v = _right("07_scoring_tiles_b", "gold_tie")
    assert right == v["scores"] == "5, 2, 2"
    right, v = _right("07_scoring_tiles_b", "farm_or_sheep")
    assert right == "tile 38" and v == {"gain38": 3, "gain73": 2}
    right, v = _right("08_scoring_tiles_c", "harbour_or_ships")
    assert right == "tile 61" and v == {"gain61": 3, "gain66": 0}
    right, v = _right("09_round_track_and_final_scoring", "round_4_slots")
    assert right == "B and D" and v["slots"] == "B, D"
    right, v = _right("09_round_track_and_final_scoring", "first_d")
    assert right == "round 4 / round 3"
    right, _ = _right("09_round_track_and_final_scoring", "tie_break")
    assert right == " and ".join(["Ailsa", "Bram", "Catriona"][i] for i in winners([57, 57, 55], [2, 2, 20]))


def test_strategy_lab_quiz_counts_the_games_it_is_given():
    class G:
        def __init__(self, sizes, won):
            self.territories = [range(n) for n in sizes]
            self.won = won

        def winners(self):
            return self.won

    games = [G([5, 7], [1]), G([5, 7], [0]), G([6, 6], [0])]   # most tiles won: yes, no, yes (tie)
    right, v = _right("strategy_lab", "most_tiles", games=games, random_vp=41.6)
    assert v == {"most": 2, "games": 3, "random_vp": "42"} and right == "2 of 3"


# --------------------------------------------------------------------------
# The widgets built from the texts
# --------------------------------------------------------------------------

def test_lesson_quiz_answers_as_its_text_says():
    from skye_widgets.widgets.quiz import Lesson
    lesson = Lesson("03_areas")
    quiz = lesson.quiz("enclosed_lake")
    text = lessons.load("03_areas").quizzes["enclosed_lake"]
    assert quiz.answer("An open area") is False and quiz.message == "Not quite. " + text.choices[0].feedback
    assert quiz.answer(text.right.label) is True and quiz.message == text.right.feedback
    with pytest.raises(KeyError, match="lesson 03_areas has no quiz 'areas'; it has: enclosed_lake, lake_size"):
        lesson.quiz("areas")


def test_a_board_exercise_can_be_undone_and_started_over():
    from skye_widgets.widgets.quiz import Lesson
    from skye_widgets.widgets.skye import TerritoryWidget
    t = Territory("castle-blue")
    t.place("29", 1, 0, 2)
    t.place("19", -1, 0, 0)
    board = TerritoryWidget(t, hand=["66", "56"])
    ex = Lesson("05_building").exercise("build_both", board)
    assert ex.undo_button.disabled and ex.start_over_button.disabled
    ex.undo()
    assert ex.message == "Nothing to undo yet: place a tile first."
    board.select_tile("56")
    board.rotate(1)
    board.click_cell(0, 1)                                  # 56 south of the castle
    assert len(board.territory) == 4 and board.hand == ["66"], board.message
    assert not ex.check() and ex.message_key == "missing" and "skye-error" in ex.feedback.value
    ex.undo()                                               # the red message goes, the tile returns
    assert len(board.territory) == 3 and board.hand == ["66", "56"]
    assert ex.message == "Your last placement is taken back." and "skye-error" not in ex.feedback.value
    assert board.selected == "56" and board.rotation == 1      # the tile taken back, turned as it was
    board.rotate(-1)
    board.click_cell(2, 0)                                  # a change that does not solve it: quietly nothing
    assert ex.message == "" and not ex.solved
    board.rotate(1)
    board.click_cell(3, 0)                                  # 66 placed: solved, said in green without a click
    assert ex.solved and ex.message_key == "ok" and "skye-ok" in ex.feedback.value
    ex.start_over()
    assert len(board.territory) == 3 and board.hand == ["66", "56"] and ex.start_over_button.disabled
    assert ex.message == "Back to the start of the exercise."

"""The scoring lessons (notebooks 06-08) teach every scoring tile with a right example.

* every one of the 16 scoring tiles has its section in 06-08: a heading, a picture cell
  drawing the breakdown, a ``# NBVAL_CHECK_OUTPUT`` cell printing ``lessons.report(n)`` and
  an exercise (an engine-checked placement or a quiz computed by the engine);
* the points printed in the committed notebooks equal the engine's score, recomputed here;
* the examples score what we counted by hand from the catalogue (comments say how);
* each placement exercise can be solved, and a wrong answer is refused (the checks of skye_widgets.lessons).
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from skye_widgets.lessons import checks
from skye_widgets.lessons import load as load_texts
from skye_widgets.skye import lessons
from skye_widgets.skye.scoring import SCORING_TILES, score_tile

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK_OF = {**{n: "06_scoring_tiles_a" for n in range(1, 7)},
               **{n: "07_scoring_tiles_b" for n in range(7, 12)},
               **{n: "08_scoring_tiles_c" for n in range(12, 17)}}
HEADING = re.compile(r"^## Scoring tile (\d+): (.+)$", re.M)
PRINTED = re.compile(r"^Scoring tile (\d+) \((.+?)\)(?: (\w+))?: (\d+) VP$", re.M)


def _cells(notebook: str) -> list[nbformat.NotebookNode]:
    return nbformat.read(REPO / "notebooks" / f"{notebook}.ipynb", as_version=4).cells


def _section(number: int) -> list[nbformat.NotebookNode]:
    """The cells from tile ``number``'s heading to the next level-2 heading."""
    cells = _cells(NOTEBOOK_OF[number])
    start = next(i for i, c in enumerate(cells)
                 if c.cell_type == "markdown" and f"## Scoring tile {number}:" in c.source)
    end = next((i for i in range(start + 1, len(cells))
                if cells[i].cell_type == "markdown" and cells[i].source.startswith("## ")), len(cells))
    return cells[start:end]


def _printed_text(cell: nbformat.NotebookNode) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")


@pytest.mark.parametrize("notebook", sorted(set(NOTEBOOK_OF.values())))
def test_each_notebook_has_its_tiles_in_order(notebook):
    headings = [(int(m.group(1)), m.group(2)) for c in _cells(notebook) if c.cell_type == "markdown"
                for m in HEADING.finditer(c.source)]
    want = [n for n, nb in NOTEBOOK_OF.items() if nb == notebook]
    assert [n for n, _ in headings] == want
    assert all(name == SCORING_TILES[n].name for n, name in headings)


@pytest.mark.parametrize("number", range(1, 17))
def test_tile_section_has_picture_printed_points_and_exercise(number):
    code = [c for c in _section(number) if c.cell_type == "code"]
    pictures = [c for c in code if "render_territory(" in c.source or "bar_chart(" in c.source]
    assert pictures, f"tile {number}: no picture cell"
    assert any(o.get("data", {}).get("image/svg+xml") for c in pictures for o in c.outputs), \
        f"tile {number}: the picture's SVG is not committed (run tests/notebook_tools.py)"
    if number != 10:   # gold is not on the board: tile 10 shows a chart of the gold instead
        assert any("breakdown=" in c.source for c in pictures), f"tile {number}: the breakdown is not drawn"
    checks = [c for c in code if c.source.startswith("# NBVAL_CHECK_OUTPUT") and f"report({number})" in c.source]
    assert len(checks) == 1, f"tile {number}: needs exactly one checked cell printing lessons.report({number})"
    assert any("lesson.exercise(" in c.source or "lesson.quiz(" in c.source for c in code), f"tile {number}: no exercise"


@pytest.mark.parametrize("number", range(1, 17))
def test_printed_points_equal_the_engine(number):
    check = next(c for c in _section(number) if c.cell_type == "code" and f"report({number})" in c.source)
    printed = [(int(m.group(1)), m.group(3), int(m.group(4))) for m in PRINTED.finditer(_printed_text(check))]
    territories, golds = lessons.clans(number)
    engine = [r.points for r in score_tile(number, territories, golds)]
    assert [p for _, _, p in printed] == engine
    assert {n for n, _, _ in printed} == {number}
    if len(engine) > 1:
        assert [who for _, who, _ in printed] == list(lessons.LESSONS[number].names)


# Hand counts from the catalogue (docs/tile-catalogue.md, skye_widgets/skye/data/tiles.json):
HAND_COUNTED = {
    1: [4],           # 2 x 3 block: squares at rows -1..0 and 0..1 -> 2 x 2
    2: [4],           # mountain of tiles 33, 73, 1 closed + enclosed areas of tiles 73, 11, 40 -> 4 x 1
    3: [4],           # sheep: tile 59 (1) + tile 21 (1) + tile 73 (2); tile 31's cattle not counted
    4: [3],           # mountain castle + 3 + 19 completed, 3 tiles -> 3; mountain 57 + 33 only 2 tiles
    5: [4],           # mountain of 9 and 1 holds 2 brochs -> 3; tile 10's lone broch -> 1
    6: [10],          # brochs 2 (4, 51), farms 2 (4, 14), lighthouses 3 (50, 51, 44) -> 2 sets x 5
    7: [5, 2, 2],     # whisky tiles 3 (70, 19, 55) / 1 (32) / 1 (24): tied seconds both get 2
    8: [5, 5, 0],     # ships 3 (67: 2, 59: 1) / 3 (53: 2, 56: 1) / 1 (72): tied firsts, nobody second
    9: [3],           # farm on 59: its sheep (1) + tile 33's 2 sheep diagonally next to it
    10: [5, 2, 0],    # gold 8 / 3 / 0: at least 1 gold needed
    11: [4],          # tile 32 (2 cattle) linked to the castle through tile 58 -> 2 x 2; tile 56 has no road
    12: [3],          # water of 44 + 55: 2 ships + 1 lighthouse; castle's water has no ship
    13: [3],          # tiles 5, 21, 33 connected; 62 and 12 not
    14: [3],          # column x=0: tiles 25, castle, 71; column x=-1 only 2 tiles
    15: [6],          # completed lake castle + 28 + 6 = 3 tiles x 2; tile 35's 1-tile lake is smaller
    16: [4],          # completed mountain 58 + 32 (2) and tile 7's enclosed mountain (2)
}


@pytest.mark.parametrize("number", range(1, 17))
def test_examples_score_what_we_counted_by_hand(number):
    assert [r.points for r in lessons.scores(number)] == HAND_COUNTED[number]


EXERCISES = [n for n, les in lessons.LESSONS.items() if les.hand]


@pytest.mark.parametrize("number", EXERCISES)
def test_placement_exercise_can_be_solved_and_a_wrong_spot_is_refused(number):
    les = lessons.LESSONS[number]
    start = lessons.exercise_territory(number)
    ok, key, _ = checks.run("scoring_gain", start.copy(), number=number)
    assert not ok and key == "in_hand"
    before = score_tile(number, [start], [0])[0].points
    outcomes = []
    for x, y, r in start.legal_placements(les.hand):
        t = start.copy()
        t.place(les.hand, x, y, r)
        ok, key, values = checks.run("scoring_gain", t, number=number)
        assert key == ("ok" if ok else "short") and values["now"] - values["before"] == values["gained"]
        gained = score_tile(number, [t], [0])[0].points - before
        assert ok == (gained >= les.gain)
        outcomes.append(ok)
    assert any(outcomes), f"tile {number}: no legal spot earns +{les.gain}"
    assert not all(outcomes), f"tile {number}: every spot earns +{les.gain}, so the exercise teaches nothing"
    assert lessons.best_gain(number, start, les.hand) == les.gain


def test_examples_are_legal_and_use_each_tile_once_per_group():
    for name in lessons.EXAMPLES:
        t = lessons.example(name)                   # every placement is checked by Territory.place
        assert len(t) == len(lessons.EXAMPLES[name])
    for number in (7, 8, 10):
        territories, _ = lessons.clans(number)
        tiles = [p.tile for t in territories for p in t if not p.tile.startswith("castle-")]
        assert len(tiles) == len(set(tiles)), "one tile in two clans' territories"


# --------------------------------------------------------------------------
# Lesson 9: round track and final scoring
# --------------------------------------------------------------------------

def test_scroll_example_and_its_exercise():
    from skye_widgets.skye.graphs import areas
    from skye_widgets.skye.scoring import final_scoring
    t = lessons.example("scrolls")
    # tile 44 (per 2 ships): ships 55 (2) + 73 (1) = 3 // 2 = 1, its lake completed -> 2;
    # tile 37 (per 2 sheep): sheep 73 (2) // 2 = 1, pasture open -> 1; 13 gold // 5 = 2
    assert [i.points for i in final_scoring(t, 13).breakdown] == [2, 1, 2]
    # the exercise: tiles 16 (3 sheep) north and 9 south of tile 37 close its pasture
    t.place("16", 2, -1, 1)
    t.place("9", 2, 1, 0)
    pasture = next(a for a in areas(t) if any(c == (2, 0) for c, _ in a.scrolls))
    assert pasture.completed
    # sheep 2 + 3 = 5 // 2 = 2, doubled -> 4; the rest unchanged: 2 + 4 + 2
    assert final_scoring(t, 13).points == 8


def test_count_the_final_score_exercise():
    from skye_widgets.skye.scoring import final_scoring
    # tile 44 (per 2 ships) in an open lake: ships 57 (1) + 55 (2) = 3 // 2 = 1; 12 gold // 5 = 2
    assert final_scoring(lessons.example("harbours"), 12).points == 3


def test_round_track_lesson_prints_the_engine_track():
    cells = _cells("09_round_track_and_final_scoring")
    check = next(c for c in cells if c.cell_type == "code" and "ROUND_TRACK[players]" in c.source)
    text = _printed_text(check)
    assert "4 players, 6 rounds: round 1: A; round 2: B; round 3: A C; round 4: B D; round 5: A C D; " \
           "round 6: B C D" in text
    assert "5 players, 5 rounds: round 1: A B; round 2: A C; round 3: B D; round 4: A C D; round 5: B C D" in text


# --------------------------------------------------------------------------
# Strategy lab helpers
# --------------------------------------------------------------------------

def test_vp_progress_and_sources_add_up_to_the_game_result():
    from skye_widgets.skye.bots import RandomBot
    from skye_widgets.skye import play_game
    g = play_game([RandomBot(seed=i) for i in range(3)], seed=11)
    progress = lessons.vp_progress(g)
    assert [len(p) for p in progress] == [7, 7, 7]            # 6 rounds + the final scoring
    assert [p[-1] for p in progress] == g.vp
    assert all(a <= b for p in progress for a, b in zip(p, p[1:]))   # VP never go down
    round_1 = [sum(s.results[i].points for s in g.slot_scores if s.round_no == 1) for i in range(3)]
    assert [p[0] for p in progress] == round_1
    for i in range(3):
        sources = lessons.vp_sources(g, i)
        assert list(sources) == ["slot A", "slot B", "slot C", "slot D", "scrolls", "gold"]
        assert sum(sources.values()) == g.vp[i]
        assert sources["gold"] == g.gold[i] // 5              # 1 VP per 5 gold at the end


# --------------------------------------------------------------------------
# The exercises as the learner meets them, and the quizzes' computed answers
# --------------------------------------------------------------------------

@pytest.fixture
def quiet_canvas(monkeypatch):
    """Widgets without a front end: drop canvas messages."""
    from ipycanvas.canvas import _CANVAS_MANAGER
    monkeypatch.setattr(type(_CANVAS_MANAGER), "_send_custom", lambda self, command, buffers=[]: None)


@pytest.mark.parametrize("number", EXERCISES)
def test_notebook_exercise_uses_the_lesson_data(number):
    les = lessons.LESSONS[number]
    code = "\n".join(c.source for c in _section(number) if c.cell_type == "code")
    assert f'TerritoryWidget(lessons.exercise_territory({number}), hand=["{les.hand}"]' in code
    key = f"tile_{number}"
    assert f'lesson.exercise("{key}", board{number})' in code
    stem = _notebook_of(number)
    text = load_texts(stem).exercises[key]
    assert text.check == "scoring_gain" and text.args == {"number": number}
    assert re.search(rf"Place tile {les.hand} .*earns? {les.gain} (more )?points?", text.task)


@pytest.mark.parametrize("number", EXERCISES)
def test_exercise_solved_by_clicking_the_board(number, quiet_canvas):
    from skye_widgets.widgets.quiz import Lesson
    from skye_widgets.widgets.skye import TerritoryWidget
    les = lessons.LESSONS[number]
    # as in the notebook cell
    board = TerritoryWidget(lessons.exercise_territory(number), hand=[les.hand], scoring_tiles=[number])
    board.show_breakdown(number)
    ex = Lesson(_notebook_of(number)).exercise(f"tile_{number}", board)
    assert not ex.check() and ex.message_key == "in_hand" and "still in your hand" in ex.message
    start = lessons.exercise_territory(number)
    before = score_tile(number, [start], [0])[0].points
    x, y, r = next(m for m in start.legal_placements(les.hand)
                   if _gain_after(start, les.hand, m, number, before) == les.gain)
    board.rotate(r)
    board.click_cell(x, y)
    # after the failed check, the placement is re-checked quietly: the green message shows at once
    assert ex.solved and ex.message_key == "ok" and f"+{les.gain}" in ex.message
    assert ex.check()


def _notebook_of(number):
    """The scoring lesson that teaches scoring tile ``number``."""
    for stem in ("06_scoring_tiles_a", "07_scoring_tiles_b", "08_scoring_tiles_c"):
        if f"tile_{number}" in load_texts(stem).exercises:
            return stem
    raise KeyError(number)


def _gain_after(start, tile, move, number, before):
    t = start.copy()
    t.place(tile, *move)
    return score_tile(number, [t], [0])[0].points - before


def test_quiz_answers_computed_in_the_notebooks():
    # lesson 6, tile 3: tile 16 prints 3 sheep; 32 and 57 one sheep each (their cattle do not count)
    sheep = lessons.example("sheep")
    assert {t: lessons.best_gain(3, sheep, t) for t in ("16", "32", "57")} == {"16": 3, "32": 1, "57": 1}
    # lesson 6, tile 6: 2 brochs, 2 farms, 3 lighthouses; one more broch or farm alone makes no set
    sets = lessons.example("building_sets")
    assert {t: lessons.best_gain(6, sets, t) for t in ("8", "35")} == {"8": 0, "35": 0}
    # lesson 7, tile 7: Red adds tile 62 (whisky) -> 3 / 2 / 1 whisky tiles -> 5, 2, 0
    clans, gold = lessons.clans(7)
    red = clans[1].copy()
    red.place("62", *red.legal_placements("62")[0])
    assert [r.points for r in score_tile(7, [clans[0], red, clans[2]], gold)] == [5, 2, 0]
    # lesson 7, tile 8: Yellow adds tile 66 (2 ships) -> 3 / 3 / 3 ships -> all tied first
    clans, gold = lessons.clans(8)
    yellow = clans[2].copy()
    yellow.place("66", *yellow.legal_placements("66")[0])
    assert [r.points for r in score_tile(8, [clans[0], clans[1], yellow], gold)] == [5, 5, 5]
    # lesson 7, tile 10: gold 8 / 3 / 3 -> tied seconds
    assert [r.points for r in score_tile(10, lessons.clans(10)[0], [8, 3, 3])] == [5, 2, 2]
    # lesson 7, slot C = tile 9: tile 38 is a farm with 1 sheep + 1 cattle; at (-1, 2) it also brings
    # tile 48's sheep at (0, 1) next to a farm: 2 + 1 = +3. Tile 73's 2 sheep next to the farm on 59: +2
    farm = lessons.example("animals_at_farms")
    assert {t: lessons.best_gain(9, farm, t) for t in ("38", "73")} == {"38": 3, "73": 2}
    # lesson 8, slot C = tile 12: tile 61 is a harbour by itself; tile 66 has no lighthouse to join
    port = lessons.example("harbours")
    assert {t: lessons.best_gain(12, port, t) for t in ("61", "66")} == {"61": 3, "66": 0}

"""The curriculum holds together: the welcome page's map, kernelspecs, checked rule outputs.

* every notebook link in ``notebooks/00_welcome.ipynb`` points at a notebook that exists, and the
  map names every lesson and app of the curriculum;
* every notebook in ``notebooks/`` has the project's kernelspec;
* every lesson (``01_`` ... ``10_``) has at least one ``# NBVAL_CHECK_OUTPUT`` cell that prints, with its
  output stored, so ``pytest --nbval-lax`` compares the rules' results with a fresh run;
* lessons 01-05 also follow the lesson pattern: a quiz, an engine-checked exercise (both from the lesson's
  text file), a link to the next lesson;
* the classroom demo starts with an explanation (Voila command) and keeps its code cells hidden;
* every curriculum notebook starts its code with the JupyterLite install cell, which installs the
  package only under Pyodide and does nothing under CPython (nbval, Voila, a local kernel).
"""

from __future__ import annotations

import ast
import asyncio
import re
import sys
import types
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
WELCOME = NOTEBOOKS / "00_welcome.ipynb"
LESSON = re.compile(r"^(0[1-9]|10)_.*\.ipynb$")
CHECK = "# NBVAL_CHECK_OUTPUT"
#: Everything the map must offer (issue 5), in the order a learner meets it.
CURRICULUM = ["01_tiles_and_placement", "02_roads_castle_income", "03_areas", "04_auction", "05_building",
              "06_scoring_tiles_a", "07_scoring_tiles_b", "08_scoring_tiles_c",
              "09_round_track_and_final_scoring", "classroom_demo", "strategy_lab", "skye_puzzles",
              "hashi", "skylands",
              "rules_at_a_glance_skye", "rules_at_a_glance_hashi", "rules_at_a_glance_skylands"]
#: The notebooks of issue 5: each starts its code with the JupyterLite install cell.
COURSE = ["00_welcome", *CURRICULUM[:11]]
LITE_MARK = 'sys.platform == "emscripten"'
MINE = ["01_tiles_and_placement", "02_roads_castle_income", "03_areas", "04_auction", "05_building"]


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def is_lite_install(cell: nbformat.NotebookNode) -> bool:
    """The JupyterLite install cell (top-level await: IPython runs it, plain exec() cannot)."""
    return cell.cell_type == "code" and LITE_MARK in cell.source


def code_cells(path: Path) -> list[nbformat.NotebookNode]:
    """A notebook's code cells, without the JupyterLite install cell."""
    return [c for c in read(path).cells if c.cell_type == "code" and not is_lite_install(c)]


def markdown_links(nb: nbformat.NotebookNode) -> list[str]:
    """Targets of markdown links to notebooks, e.g. ``01_tiles_and_placement.ipynb``."""
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    return re.findall(r"\]\(([^)#\s]+\.ipynb)\)", text)


def test_welcome_map_names_every_notebook_of_the_curriculum():
    linked = {Path(t).stem for t in markdown_links(read(WELCOME))}
    assert [n for n in CURRICULUM if n not in linked] == []


@pytest.mark.parametrize("target", sorted(set(markdown_links(read(WELCOME)))))
def test_welcome_links_point_at_existing_notebooks(target):
    assert (NOTEBOOKS / target).is_file(), f"00_welcome links to {target}, which does not exist"


def test_welcome_shows_a_territory_in_its_first_code_cell():
    first = code_cells(WELCOME)[0]
    assert "TerritoryWidget(" in first.source and "hand=" in first.source


ALL = sorted(NOTEBOOKS.glob("*.ipynb"))
LESSONS = [p for p in ALL if LESSON.match(p.name)]


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_notebook_has_kernelspec(path):
    spec = read(path).metadata.get("kernelspec", {})
    assert spec.get("name") == "python3" and spec.get("language") == "python"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_checks_printed_rule_results(path):
    checked = [c for c in read(path).cells if c.cell_type == "code" and c.source.startswith(CHECK)]
    assert checked, f"{path.name}: no '{CHECK}' cell"
    for c in checked:
        assert "print(" in c.source, f"{path.name}: a checked cell prints nothing:\n{c.source[:200]}"
        texts = [o.get("text", "") for o in c.get("outputs", []) if o.get("output_type") == "stream"]
        assert "".join(texts).strip(), (f"{path.name}: a checked cell has no stored output, so nbval would "
                                        f"compare nothing (run tests/notebook_tools.py):\n{c.source[:200]}")


def test_lessons_01_to_05_exist():
    assert [n for n in MINE if not (NOTEBOOKS / f"{n}.ipynb").exists()] == []


@pytest.mark.parametrize("name", MINE)
def test_lesson_has_quiz_exercise_and_next_link(name):
    nb = read(NOTEBOOKS / f"{name}.ipynb")
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "lesson.quiz(" in code and "lesson.exercise(" in code
    number = int(name[:2])
    assert any(Path(t).name.startswith(f"{number + 1:02d}_") for t in markdown_links(nb)), "no link to the next lesson"


def test_classroom_demo_explains_first_and_hides_its_code():
    nb = read(NOTEBOOKS / "classroom_demo.ipynb")
    first = nb.cells[0]
    assert first.cell_type == "markdown" and "How to play" in first.source
    # a teacher's screen: no developer notes (how to start it is in README) and one title (the table's)
    for dev in ("voila", ".venv", "Run All", "JupyterLab"):
        assert dev not in first.source, dev
    assert not any(line.startswith("# ") for c in nb.cells if c.cell_type == "markdown" for line in c.source.splitlines())
    assert nb.metadata["voila"] == {"template": "skye-widgets"}       # nothing loaded from a CDN
    for c in nb.cells:
        if c.cell_type == "code":
            assert c.metadata.get("jupyter", {}).get("source_hidden"), "a code cell shows its source in JupyterLab"
    assert any("GameTable" in c.source for c in nb.cells if c.cell_type == "code")


@pytest.mark.parametrize("name", COURSE)
def test_first_code_cell_installs_the_package_in_jupyterlite_only(name, monkeypatch):
    first = next(c for c in read(NOTEBOOKS / f"{name}.ipynb").cells if c.cell_type == "code")
    assert is_lite_install(first), f"{name}: the first code cell is not the JupyterLite install cell"
    assert not first.get("outputs")
    code = compile(first.source, f"{name}.ipynb", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)

    def run() -> None:
        result = eval(code, {})              # a coroutine only when the cell awaits something
        if result is not None:
            asyncio.run(result)

    installed: list[str] = []

    async def install(requirements):     # piplite.install's first argument: a name or a list
        installed.append(requirements)

    monkeypatch.setitem(sys.modules, "piplite", types.SimpleNamespace(install=install))
    run()                                    # CPython (nbval, Voila, a local kernel): nothing happens
    assert installed == []
    monkeypatch.setattr(sys, "platform", "emscripten")
    run()                                    # Pyodide: our wheel, by its distribution name
    assert installed == ["skye-widgets"]


def classroom_app() -> dict:
    """Run the classroom demo's code cells headless; returns their namespace."""
    ns: dict = {}
    for c in code_cells(NOTEBOOKS / "classroom_demo.ipynb"):
        exec(compile(c.source, "classroom_demo.ipynb", "exec"), ns)
    return ns


def test_classroom_form_starts_a_projector_sized_game():
    app = classroom_app()
    app["start_game"]()
    (table,) = app["stage"].children
    # default seats: a person and two greedy bots; Player 1 must price first (bots have no loop here)
    assert table.game.n_players == 3 and table.seat_specs == ["human", "greedy", "greedy"]
    assert [b.cell for b in table.boards] == [96, 96, 96]
    # castle + one empty ring, 8 px margins and the 18 px coordinate gutter
    assert table.boards[0].canvas.width == 8 + 18 + 3 * 96 + 8
    assert app["setup"].layout.display == "none"
    app["new_game"]()
    assert app["stage"].children == () and app["setup"].layout.display is None


def test_classroom_form_refuses_bad_seats():
    app = classroom_app()
    rows = app["rows"]
    for seat, _ in rows[1:]:
        seat.value = ""
    app["start_game"]()
    assert "2 to 5 players" in app["problem"].value and app["stage"].children == ()
    rows[1][0].value = "random"
    rows[1][1].value = "Player 1"
    app["start_game"]()
    assert "different name" in app["problem"].value and app["stage"].children == ()
    rows[1][1].value = "Robo"
    app["start_game"]()
    assert app["problem"].value == "" and app["stage"].children[0].game.names == ("Player 1", "Robo")


# --------------------------------------------------------------------------
# The lessons' exercises can be solved, and refuse (with a reason) what is wrong.
# Each lesson's code cells run headless; the board is driven like a learner would.
# --------------------------------------------------------------------------

def lesson(name: str) -> dict:
    """Run a lesson's code cells (widgets work without a browser); returns their namespace."""
    ns: dict = {}
    for c in code_cells(NOTEBOOKS / f"{name}.ipynb"):
        exec(compile(c.source, f"{name}.ipynb", "exec"), ns)
    return ns


def exercise(ns: dict, key: str, body: str, **context):
    """The lesson's exercise ``key`` on the notebook's widget ``body`` (as its cell builds it)."""
    return ns["lesson"].exercise(key, ns[body], **context)


def test_lesson_1_exercises():
    ns = lesson("01_tiles_and_placement")
    board = ns["east_board"]
    ex = exercise(ns, "east_of_castle", "east_board")
    assert ex.check() is False and ex.message_key == "in_hand"   # still in hand
    board.click_cell(1, 0)                                         # rotation 0: mountain against water
    assert "cannot go at (1, 0)" in board.message and len(board.territory) == 1
    board.rotate(1)                                                # printed S (water) now faces W
    board.click_cell(1, 0)
    assert ex.check() and ex.message == "Yes! Tile 16 is at (1, 0): every side it shares matches."
    corner = ns["corner_board"]
    ex = exercise(ns, "corner_cell", "corner_board")
    corner.rotate(1)                                               # 59 needs rotation 1 in the corner
    corner.click_cell(1, 1)
    assert ex.check()


def test_lesson_1_tile_placed_elsewhere_is_named_and_can_be_taken_back():
    ns = lesson("01_tiles_and_placement")
    board = ns["east_board"]
    ex = exercise(ns, "east_of_castle", "east_board")
    board.rotate(3)                                                # 16 turned three quarters
    board.click_cell(0, 1)                                         # south of the castle: legal, but not (1, 0)
    assert len(board.territory) == 2, board.message
    assert not ex.check() and ex.message == "Tile 16 went to (0, 1), not (1, 0). Press undo or start over to try again."
    ex.undo()
    assert len(board.territory) == 1 and board.hand == ["16"] and ex.message == "Your last placement is taken back."
    assert board.selected == "16" and board.rotation == 3                 # back as it was before the placement
    board.rotate(2)
    board.click_cell(1, 0)
    assert ex.solved and ex.message_key == "ok"                    # re-checked quietly: green at once


def test_lesson_2_whisky_exercise():
    ns = lesson("02_roads_castle_income")
    board = ns["whisky_board"]
    ex = exercise(ns, "connect_the_whisky", "whisky_board")
    assert ex.check() is False
    board.click_cell(0, 1)              # tile 5 rotation 0: N pasture side with a road meets the castle's road
    assert ex.check() and ex.message == "Yes! 5 for the castle and 1 for the connected whisky make 6 gold each round."


def test_lesson_2_whisky_exercise_explains_an_unconnected_tile():
    ns = lesson("02_roads_castle_income")
    board = ns["whisky_board"]
    ex = exercise(ns, "connect_the_whisky", "whisky_board")
    board.rotate(2)                     # tile 5 (N P road, E M road, S M, W M) turned twice: roads exit S and W
    board.click_cell(-1, 0)             # W of the castle: its E side (printed W, mountain, no road) meets castle W
    assert len(board.territory) == 2, board.message
    assert not ex.check() and ex.message_key == "short" and "Income is still 5" in ex.message


def test_lesson_3_close_the_lake():
    ns = lesson("03_areas")
    board = ns["lake_board"]
    ex = exercise(ns, "close_the_lake", "lake_board")
    assert not ex.check() and ex.message_key == "open"
    board.select_tile("71")
    board.click_cell(2, 0)              # 71's west water touches only its W side: the lake closes
    assert ex.solved and "completed water area of 3 tiles" in ex.message


def test_lesson_3_wrong_tile_leaves_the_lake_open():
    ns = lesson("03_areas")
    board = ns["lake_board"]
    ex = exercise(ns, "close_the_lake", "lake_board")
    board.select_tile("66")
    board.rotate(1)                     # 66's water (N, E, S printed) now E, S, W: W meets tile 60
    board.click_cell(2, 0)
    assert len(board.territory) == 3, board.message
    assert not ex.check() and "still open" in ex.message


def test_lesson_3_count_exercise():
    ns = lesson("03_areas")
    box = ns["count_box"]
    ex = exercise(ns, "count_completed", "count_box", territory=ns["land"])
    assert not ex.check() and ex.message == "Pick a number first."
    box.value = 2
    assert ex.check() is False and ex.message_key == "wrong"
    box.value = 4                       # a change after a failed check clears the red message
    assert ex.message == ""
    box.value = 3                       # the lake of 2, the enclosed mountain on tile 11, the mountain of 2
    assert ex.solved and ex.message.startswith("Right: 3.")


def test_lesson_4_gold_exercises():
    ns = lesson("04_auction")
    assert ns["game"].gold == [2, 2, 7]  # the round as played: see the log cell
    cara, ben = ns["cara_box"], ns["ben_box"]
    cara_ex = exercise(ns, "cara_gold", "cara_box")
    ben_ex = exercise(ns, "ben_gold", "ben_box")
    assert not cara_ex.check() and cara_ex.message == "Pick a number first."
    cara.value = 8
    assert cara_ex.check() is False
    cara.value = 6                      # 5 - (1 + 2) = 2, + 2 x 2 for tile 33 = 6
    assert cara_ex.check() is True
    ben.value = 0                       # 5 - 5 = 0, + 2 x 2 for tile 23 = 4, - 4 for tile 33 = 0
    assert ben_ex.check() is True
    ben.value = 3
    assert ben_ex.check() is False


def test_lesson_5_build_both_tiles():
    ns = lesson("05_building")
    board = ns["build_board"]
    ex = exercise(ns, "build_both", "build_board")
    board.click_cell(2, 0)              # 66 is selected first: it fits nowhere
    assert len(board.territory) == 3 and "Cannot place" in board.message
    assert not ex.check() and ex.message_key == "missing_first"
    board.select_tile("56")
    board.click_cell(2, 0)              # 56 rotation 0: its W (pasture) meets tile 29's E (pasture)
    assert not ex.check()
    board.rotate(1)                     # 66 rotation 1: W side = printed S (water) meets 56's E (water)
    board.click_cell(3, 0)
    assert ex.check(), (ex.message, board.message)


def test_puzzles_home_is_a_voila_page_without_developer_text():
    nb = read(NOTEBOOKS / "puzzles_home.ipynb")
    assert nb.metadata["voila"] == {"template": "skye-widgets"}
    first = nb.cells[0]
    assert first.cell_type == "markdown" and "How to play" in first.source
    for dev in ("voila", ".venv", "Run All", "JupyterLab", "import"):
        assert dev not in first.source, dev
    for c in nb.cells:
        if c.cell_type == "code":
            assert c.metadata.get("jupyter", {}).get("source_hidden"), "a code cell shows its source in JupyterLab"
    assert any("PuzzlesHome()" in c.source for c in nb.cells if c.cell_type == "code")
    assert "puzzles_home.ipynb" in markdown_links(read(WELCOME))

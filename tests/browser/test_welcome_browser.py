"""The welcome notebook in JupyterLab: a territory to click on within the first screen; and a
lesson's engine-checked exercise and quiz, answered in a real browser.

``notebooks/00_welcome.ipynb``'s first code cell after the JupyterLite install cell shows a
TerritoryWidget (blue castle alone, hand 12, 33, 66). After Run All, its canvas must be fully
visible in a 1400 x 1000 window without scrolling, and clicks must be answered by the engine:
tile 12 (P M P M) east of the castle puts mountain against the castle's water (refused,
explained); south of it, pasture meets pasture.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from helpers import canvases, click_canvas, code_cell, expect_status, open_notebook, run_all, screenshot, settle
from playwright.sync_api import expect

from skye_widgets.skye.render import COORD_GUTTER, fit_view
from skye_widgets.skye.territory import Territory

NOTEBOOK = "notebooks/00_welcome.ipynb"


def centre_px(view, x: int, y: int) -> tuple[int, int]:
    px, py = view.to_px(x, y)
    return px + view.cell // 2, py + view.cell // 2


def test_welcome_territory_on_the_first_screen(lab, page):
    open_notebook(page, lab, NOTEBOOK)
    run_all(page)
    expect_status(page, "Tile 12 selected", nth=0)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:move-cursor-to-top')"
                  ".catch(() => null)")
    page.locator(".jp-NotebookPanel .jp-WindowedPanel-outer, .jp-NotebookPanel .jp-Notebook").first.evaluate(
        "el => { el.scrollTop = 0; }")
    canvas = canvases(page).nth(0)
    box = canvas.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 1000, box
    screenshot(page, "welcome_first_screen")
    view = fit_view(Territory("castle-blue").placements, cell=64, max_width=720, max_height=520,
                    gutter=COORD_GUTTER)
    click_canvas(page, canvas, *centre_px(view, 1, 0))
    expect_status(page, "Tile 12 cannot go at (1, 0) with rotation 0", nth=0)
    click_canvas(page, canvas, *centre_px(view, 0, 1))
    expect_status(page, "Placed tile 12 at (0, 1), rotation 0.", nth=0)
    assert not page.page_errors


LESSON_3 = "notebooks/03_areas.ipynb"


def test_lesson_exercise_and_quiz_answer_in_the_browser(lab, page):
    """Lesson 3 in JupyterLab: the "close the lake" exercise is checked by the engine at the press
    of a button, before and after a click on the real canvas, and a wrong quiz answer is explained.

    The lake board is the castle with tile 60 east of it (the castle's water runs on through 60's
    east side); tile 71 at (2, 0), not rotated, meets it with water on its west side only, so the
    lake closes: castle + 60 + 71 = a completed water area of 3 tiles (tests/test_curriculum.py
    plays the same moves headless). Status lines in page order: the board's (0), the exercise's (1).
    """
    open_notebook(page, lab, LESSON_3)
    run_all(page)
    exercise = code_cell(page, 'lesson.exercise("close_the_lake"')
    canvas = exercise.locator("canvas")            # the lake board
    check = exercise.get_by_role("button", name="Check", exact=True)
    # the cells around it take their heights as they come into view: wait until Check stays put, and
    # note what each click reaches (said if the answer never comes: the button, or something beside it)
    settle(check)
    page.evaluate("() => { window.__clicked = []; document.addEventListener('click', e => window.__clicked.push("
                  "`${e.target.tagName}.${[...e.target.classList].join('.')} ${(e.target.innerText || '').slice(0, 30)}`),"
                  " true); }")
    check.click()
    try:
        expect_status(exercise, "The lake is still open", nth=1)
    except AssertionError as exc:
        raise AssertionError(f"{exc}\nthe clicks reached: {page.evaluate('() => window.__clicked')}") from None
    exercise.get_by_role("button", name="2: tile 71").click()
    expect_status(exercise, "Tile 71 selected", nth=0)
    lake = Territory("castle-blue")
    lake.place("60", 1, 0, 0)
    view = fit_view(lake.placements, cell=64, max_width=720, max_height=520,
                    gutter=COORD_GUTTER)
    click_canvas(page, canvas, *centre_px(view, 2, 0))
    expect_status(exercise, "Placed tile 71 at (2, 0)", nth=0)
    check.click()
    expect_status(exercise, "Yes! The lake is a completed water area of 3 tiles", nth=1)
    screenshot(page, "lesson_3_exercise_solved")
    # The first quiz: a wrong answer gets its explanation, not only "wrong".
    quiz = code_cell(page, "lesson.quiz(")
    quiz.get_by_role("radio", name="An open area").check()
    quiz.get_by_role("button", name="Check answer").click()
    expect_status(quiz, "Not quite.")
    assert "it can never grow" in quiz.locator(".skye-status").inner_text()
    assert not page.page_errors
    # The widgets' messages went to the kernel's main shell, as the package's JupyterLab settings ask
    # (skye_widgets/widgets/threads.py): none named a subshell, whose thread runs beside the cells.
    comms = [f for f in page.kernel_frames if "> shell comm_msg" in f]
    assert comms and not [f for f in comms if "subshell=" in f]


def test_saved_pictures_show_before_running_once_trusted(lab, page):
    """JupyterLab renders a saved ``image/svg+xml`` output only in a trusted notebook (SVG is not a
    "safe" mime type), so binder/postBuild runs ``jupyter trust notebooks/*.ipynb``. Here: the same
    command on the served copy of lesson 3; then its saved pictures (two territories and the
    exercise's board) are shown without running any cell."""
    notebook = lab.root / LESSON_3
    saved = sum(1 for c in nbformat.read(notebook, as_version=4).cells if c.cell_type == "code"
                for o in c.get("outputs", []) if "image/svg+xml" in o.get("data", {}))
    assert saved == 3
    subprocess.run([str(Path(sys.executable).parent / "jupyter"), "trust", str(notebook)],
                   check=True, capture_output=True)
    open_notebook(page, lab, LESSON_3)
    pictures = page.locator(".jp-OutputArea-output[data-mime-type='image/svg+xml']")
    expect(pictures).to_have_count(saved, timeout=30_000)
    pictures.first.scroll_into_view_if_needed()
    screenshot(page, "lesson_3_saved_pictures_trusted")
    assert not page.page_errors


def _welcome_lines(code: str) -> dict[str, str]:
    """What the welcome board says in language ``code`` (the engine and widget, run headless in that
    language): the first status line, a refused placement's reason, a placement; and the title."""
    from data_catalogs import translator

    from skye_widgets import i18n
    from skye_widgets.widgets.skye import TerritoryWidget

    before = i18n.language()
    i18n.set_language(code)
    try:
        board = TerritoryWidget(Territory("castle-blue"), hand=["12", "33", "66"])
        lines = {"selected": board.message}
        board.click_cell(1, 0)
        lines["refused"] = board.message
        board.click_cell(0, 1)
        lines["placed"] = board.message
    finally:
        i18n.set_language(before)
    title = "# Welcome to the Isle of Skye"
    lines["title"] = (title if code == "en" else translator(code)("00_welcome", title) or "").lstrip("# ")
    return lines


@pytest.mark.parametrize("code", ["pt", "pl", "fr", "es"])
def test_welcome_notebook_in_each_language_places_a_tile(lab, page, code):
    """notebooks/<code>/00_welcome.ipynb in JupyterLab: its title, the board's status lines and the
    engine's reasons in that language (not English), and a tile placed by a click on the canvas."""
    english, mine = _welcome_lines("en"), _welcome_lines(code)
    assert all(mine[k] != english[k] for k in mine), mine          # translated, every one
    open_notebook(page, lab, f"notebooks/{code}/00_welcome.ipynb")
    expect(page.get_by_role("heading", name=mine["title"]).first).to_be_visible(timeout=30_000)
    run_all(page)
    expect_status(page, mine["selected"].split(".")[0], nth=0)
    canvas = canvases(page).nth(0)
    view = fit_view(Territory("castle-blue").placements, cell=64, max_width=720, max_height=520,
                    gutter=COORD_GUTTER)
    click_canvas(page, canvas, *centre_px(view, 1, 0))
    expect_status(page, mine["refused"].split(":")[0], nth=0)
    click_canvas(page, canvas, *centre_px(view, 0, 1))
    expect_status(page, mine["placed"], nth=0)
    canvas.scroll_into_view_if_needed()
    screenshot(page, f"welcome_{code}_tile_placed")
    assert not page.page_errors

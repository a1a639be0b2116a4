"""A lesson run, saved, and reopened after a server restart shows its boards, never an error.

JupyterLab's widget renderer says "Error displaying widget: model not found" for a saved widget
output whose model is gone (a new server, a new kernel). skye-widgets installs a settings override
(``share/jupyter/lab/settings/overrides.d/skye-widgets.json``: save the widget state in the
notebook) and every board's canvas layers send their pixels back after each paint
(``sync_image_data``), so the saved state holds each board's last picture, which ipycanvas draws
when the notebook is reopened, before (and without) any cell running again; each board's ARIA helper
(an anywidget) is saved with it and gives the reopened canvas its role and name again.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from jupyter_servers import REPO, jupyter_server
from helpers import canvases, open_notebook, run_all, screenshot
from playwright.sync_api import expect

LESSON = "01_tiles_and_placement.ipynb"


def painted_fraction(canvas) -> float:
    """The share of a canvas's pixels that are not transparent (0 for a blank canvas)."""
    return canvas.evaluate(
        "c => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
        " let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;"
        " return n / (c.width * c.height); }")


def wait_painted(page, index: int, timeout: float = 30_000, fraction: float = 0.0) -> None:
    """Wait until more than ``fraction`` of the pixels of the page's ``index``-th board canvas are not
    transparent. The canvas is looked up again at every poll: the widget manager may draw a restored
    board's view anew (when the new kernel connects), and a handle kept on the first <canvas> would
    then watch an element no longer in the page."""
    page.wait_for_function(
        "([k, f]) => { const c = document.querySelectorAll('.jupyter-widgets canvas')[k];"
        " if (!c || !c.isConnected || !c.width || !c.height) return false;"
        " const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
        " let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;"
        " return n > f * c.width * c.height; }",
        arg=[index, fraction], timeout=timeout)


def box_contents(page) -> list[str]:
    """For each board canvas in the page: its role, and what its box holds (each child's tag and
    classes; the ARIA helper's ``data-skye-aria`` state and how many times it named the canvas)."""
    return page.evaluate(
        "() => [...document.querySelectorAll('.jupyter-widgets canvas')].map((c, k) => {"
        " const kids = c.parentElement ? [...c.parentElement.children].map(e => e.tagName + '.'"
        " + [...e.classList].filter(n => !n.startsWith('lm-')).join('.')"
        " + (e.dataset.skyeAria ? `[aria ${e.dataset.skyeAria} x${e.dataset.skyeAriaApplied}]` : '')"
        " + (e.querySelector('[data-skye-aria]') ? `[inner aria ${e.querySelector('[data-skye-aria]').dataset.skyeAria}]` : '')) : [];"
        " return `board ${k} role=${c.getAttribute('role')} connected=${c.isConnected}: ${kids.join(' | ')}`; })")


def saved_coverage(layers: list[dict]) -> float:
    """The share of a board's pixels that its saved layers' pictures cover (what the reopened board
    shows: ipycanvas draws each layer's saved picture and composes them); 0 without a picture."""
    import base64
    import io

    from PIL import Image, ImageChops

    covered = None
    for layer in layers:
        data = next((b.get("data") for b in layer.get("buffers", []) if b.get("path") == ["image_data"]), None)
        if not data:
            continue
        alpha = Image.open(io.BytesIO(base64.b64decode(data))).convert("RGBA").getchannel("A")
        alpha = alpha.point(lambda a: 255 if a else 0)
        covered = alpha if covered is None or covered.size != alpha.size else ImageChops.lighter(covered, alpha)
    if covered is None:
        return 0.0
    return sum(1 for a in covered.getdata() if a) / (covered.size[0] * covered.size[1])


def boards_without_picture(notebook: dict) -> list[str]:
    """The saved boards (MultiCanvas models) whose saved layers do not show at least a fifth of the board,
    as a reopened board must (the last paint's pictures may still be on their way when a save starts)."""
    state = notebook["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    models = state.get("state", {})
    assert models, "the saved notebook keeps no widget state"
    boards = {k: m for k, m in models.items() if m.get("model_name") == "MultiCanvasModel"}
    assert boards, "the saved notebook keeps no board"
    missing = []
    for key, m in boards.items():
        layers = [models.get(ref.removeprefix("IPY_MODEL_"), {}) for ref in m["state"]["_canvases"]]
        coverage = saved_coverage(layers)
        if coverage <= 0.2:
            missing.append(f"{key} ({coverage:.2f})")
    return missing


@pytest.fixture
def root():
    tmp = Path(tempfile.mkdtemp(prefix="skye-reload-"))
    shutil.copy(REPO / "notebooks" / LESSON, tmp / LESSON)
    try:
        yield tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def test_saved_lesson_reopened_after_restart_shows_its_boards(root, page):
    with jupyter_server(root) as server:
        open_notebook(page, server, LESSON)
        run_all(page)
        boards = canvases(page)
        assert boards.count() >= 1
        for i in range(boards.count()):
            boards.nth(i).scroll_into_view_if_needed()
            wait_painted(page, i)
        n_boards = boards.count()
        # Save once every board's background layer has sent its pixels back (the last paint's sync
        # can still be on its way: save again until the saved state holds them, a few seconds at most).
        for _attempt in range(10):
            page.wait_for_timeout(1000)
            page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
            page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty",
                                   timeout=30_000)
            missing = boards_without_picture(json.loads((root / LESSON).read_text()))
            if not missing:
                break

    assert missing == [], f"saved boards with no picture in their widget state: {missing}"
    # what each saved board covers, in the saved state's order (said if a reopened board stays blank)
    notebook = json.loads((root / LESSON).read_text())
    models = notebook["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    saved = [round(saved_coverage([models.get(r.removeprefix("IPY_MODEL_"), {}) for r in m["state"]["_canvases"]]), 2)
             for m in models.values() if m.get("model_name") == "MultiCanvasModel"]

    with jupyter_server(root) as server:                  # a new server: every old model is gone
        open_notebook(page, server, LESSON)
        outputs = page.locator(".jp-Notebook .jp-OutputArea-output")
        outputs.first.wait_for(state="attached", timeout=30_000)
        boards = canvases(page)
        errors = page.get_by_text("Error displaying widget")
        # the widget manager restores every board (or says it cannot): wait for either, not for a time
        page.wait_for_function(
            "n => document.querySelectorAll('.jupyter-widgets canvas').length + [...document.querySelectorAll("
            "'.jp-OutputArea-output')].filter(e => e.innerText.includes('Error displaying widget')).length >= n",
            arg=n_boards, timeout=60_000)
        assert errors.count() == 0, errors.first.inner_text()
        assert boards.count() == n_boards, (boards.count(), n_boards)
        shown = []
        for i in range(n_boards):
            board = boards.nth(i)
            board.scroll_into_view_if_needed()
            # each layer draws its saved pixels when its image has loaded, the background too: wait
            # until the board shows its whole picture (a board that never does fails here)
            try:
                wait_painted(page, i, timeout=60_000, fraction=0.2)   # as long as the restore itself may take
            except Exception:
                raise AssertionError(f"reopened board {i} of {n_boards} shows {painted_fraction(board):.2f} of its "
                                     f"picture after 60 s (saved: {saved}); the boxes: {box_contents(page)}") from None
            shown.append(round(painted_fraction(board), 2))
        assert all(f > 0.2 for f in shown), f"a reopened board shows only part of its picture: {shown}"
        # the saved state holds each board's ARIA helper too (an anywidget, skye_widgets/widgets/aria.py):
        # a reopened board's canvas has its role and its name before any cell runs
        for i in range(n_boards):
            try:
                expect(boards.nth(i)).to_have_role("application")
                expect(boards.nth(i)).to_have_accessible_name(re.compile(r"\S"))
            except AssertionError as exc:
                raise AssertionError(f"{exc}\nthe boards' boxes: {box_contents(page)}") from None
        boards.first.scroll_into_view_if_needed()
        screenshot(page, "lesson_reopened_after_restart")
        assert not page.page_errors

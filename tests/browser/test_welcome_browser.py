"""The welcome notebook in JupyterLab: a territory to click on within the first screen.

``notebooks/00_welcome.ipynb``'s first code cell shows a TerritoryWidget (blue castle alone, hand
12, 33, 66). After Run All, its canvas must be fully visible in a 1400 x 1000 window without
scrolling, and clicks must be answered by the engine: tile 12 (P M P M) east of the castle puts
mountain against the castle's water (refused, explained); south of it, pasture meets pasture.
"""

from __future__ import annotations

from helpers import canvases, click_canvas, expect_status, open_notebook, run_all, screenshot

from skye_widgets.skye.render import fit_view
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
    view = fit_view(Territory("castle-blue").placements, cell=64, max_width=720, max_height=520)
    click_canvas(page, canvas, *centre_px(view, 1, 0))
    expect_status(page, "does not match", nth=0)
    click_canvas(page, canvas, *centre_px(view, 0, 1))
    expect_status(page, "Placed tile 12 at (0, 1), rotation 0.", nth=0)
    assert not page.page_errors

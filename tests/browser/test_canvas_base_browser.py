"""The canvas base in a real JupyterLab: clicks reach click_cell, the view redraws."""

from helpers import canvases, click_canvas, expect_status, open_and_run, pixel, screenshot, wait_for_pixel


def test_click_on_a_real_canvas_reaches_the_kernel(lab, page):
    open_and_run(page, lab, "browser_notebooks/canvas_grid.ipynb")
    expect_status(page, "click a cell")
    canvas = canvases(page).first
    click_canvas(page, canvas, 150, 90)  # pixel (150, 90) is cell (2, 1)
    expect_status(page, "clicked 2,1")
    click_canvas(page, canvas, 10, 10)
    expect_status(page, "clicked 0,0")
    screenshot(page, "canvas_base_grid")
    # The clicked cells were repainted green from the kernel's redraw.
    wait_for_pixel(canvas, 150, 90, [0x44, 0x88, 0x44])
    assert pixel(canvas, 100, 90) == [0xDD, 0xDD, 0xDD]  # cell (1, 1) was never clicked
    assert not page.page_errors


def test_the_same_widget_works_in_voila(voila, page):
    url = voila("browser_notebooks/canvas_grid.ipynb")
    page.goto(url)
    expect_status(page, "click a cell", timeout=90_000)
    canvas = canvases(page).first
    click_canvas(page, canvas, 70, 70)  # cell (1, 1)
    expect_status(page, "clicked 1,1")
    wait_for_pixel(canvas, 70, 70, [0x44, 0x88, 0x44])
    screenshot(page, "canvas_base_grid_voila")

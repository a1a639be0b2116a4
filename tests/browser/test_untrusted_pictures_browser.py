"""A committed notebook opened untrusted and not run still shows its boards' pictures.

JupyterLab draws a saved ``image/svg+xml`` only in a trusted notebook; any JupyterLab started by
hand, a download or a Binder whose postBuild did not run opens the lessons untrusted. Every saved
picture therefore also carries ``image/png`` (``Drawing.to_png``, kept by tests/notebook_tools.py),
which JupyterLab draws in an untrusted notebook too.
"""

from __future__ import annotations

import secrets

import nbformat
from helpers import open_notebook, screenshot

NOTEBOOK = "notebooks/00_welcome.ipynb"


def test_welcome_pictures_show_untrusted_without_running(lab, page):
    # A copy no signature database can know (a fresh random value in its metadata), so it is
    # untrusted whatever `jupyter trust` was run on this machine before.
    nb = nbformat.read(lab.root / NOTEBOOK, as_version=4)
    saved = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
             if "image/png" in o.get("data", {})]
    assert saved, "the welcome notebook keeps no PNG picture (run tests/notebook_tools.py)"
    nb.metadata["untrusted_copy"] = secrets.token_hex(8)
    name = f"notebooks/untrusted_welcome_{nb.metadata['untrusted_copy']}.ipynb"
    nbformat.write(nb, lab.root / name)

    open_notebook(page, lab, name)
    trusted = page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.content.widgets"
        ".filter(c => c.model.type === 'code').map(c => !!c.model.trusted)")
    assert trusted and not any(trusted), f"the copy is trusted: {trusted}"
    counts = page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.content.widgets"
        ".filter(c => c.model.type === 'code').map(c => c.model.executionCount)")
    assert all(n is None or n <= len(saved) for n in counts)     # nothing ran: only saved counts

    first = page.locator(".jp-Notebook .jp-OutputArea-output").first
    first.wait_for(state="attached", timeout=30_000)
    first.scroll_into_view_if_needed()
    assert first.get_attribute("data-mime-type") == "image/png"
    img = first.locator("img")
    img.wait_for(state="visible", timeout=30_000)
    page.wait_for_function("(el) => el.complete && el.naturalWidth > 0", arg=img.element_handle(),
                           timeout=30_000)
    natural = img.evaluate("el => [el.naturalWidth, el.naturalHeight]")
    box = img.bounding_box()
    assert natural[0] > 100 and natural[1] > 100, natural
    assert box is not None and box["width"] > 100 and box["height"] > 100, box
    # No saved SVG is drawn, and no output is left empty in its place.
    assert page.locator(".jp-OutputArea-output[data-mime-type='image/svg+xml']").count() == 0
    screenshot(page, "welcome_untrusted_png")
    assert not page.page_errors

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


def _untrusted_copy(lab, notebook: str) -> tuple[str, int]:
    """Write an untrusted copy of ``notebook`` next to it; return its path and its saved picture count."""
    nb = nbformat.read(lab.root / notebook, as_version=4)
    pictures = sum(1 for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
                   if "image/png" in o.get("data", {}))
    nb.metadata["untrusted_copy"] = secrets.token_hex(8)
    stem = notebook.rsplit("/", 1)[-1].removesuffix(".ipynb")
    name = f"notebooks/untrusted_{stem}_{nb.metadata['untrusted_copy']}.ipynb"
    nbformat.write(nb, lab.root / name)
    return name, pictures


def _shown_pictures(page) -> list[list[int]]:
    """Natural sizes of every decoded PNG output of the current notebook (each cell scrolled to)."""
    return page.evaluate(
        """async () => {
            const nb = window.jupyterapp.shell.currentWidget.content;
            const sizes = [];
            for (const cell of nb.widgets) {
                if (cell.model.type !== 'code') continue;
                const saved = cell.model.outputs.toJSON().filter(o => o.data && o.data['image/png']).length;
                if (!saved) continue;
                cell.node.scrollIntoView();
                const sel = ".jp-OutputArea-output[data-mime-type='image/png'] img";
                for (let t = 0; t < 100 && cell.node.querySelectorAll(sel).length < saved; t++) {
                    await new Promise(r => setTimeout(r, 100));   // a windowed notebook renders on scroll
                }
                for (const img of cell.node.querySelectorAll(sel)) {
                    if (!img.complete || !img.naturalWidth) {
                        await new Promise(r => { img.onload = r; img.onerror = r; setTimeout(r, 5000); });
                    }
                    sizes.push([img.naturalWidth, img.naturalHeight, img.getBoundingClientRect().width]);
                }
            }
            return sizes;
        }""")


def test_every_notebook_shows_its_pictures_untrusted_without_running(lab, page):
    """Every committed notebook, opened untrusted and not run: each saved board picture is drawn
    (PNG, decoded, on screen with a size), no output is an error or an empty SVG placeholder."""
    notebooks = sorted(p.relative_to(lab.root).as_posix() for p in (lab.root / "notebooks").glob("*.ipynb")
                       if not p.name.startswith("untrusted_"))
    assert len(notebooks) >= 16
    seen = 0
    for notebook in notebooks:
        name, pictures = _untrusted_copy(lab, notebook)
        page.goto(lab.lab_url(name))
        page.wait_for_selector(".jp-NotebookPanel .jp-Notebook .jp-Cell", state="attached", timeout=90_000)
        page.wait_for_function(
            "() => { const w = window.jupyterapp.shell.currentWidget;"
            " return !!(w && w.content && w.context && w.context.isReady); }", timeout=60_000)
        trusted = page.evaluate(
            "() => window.jupyterapp.shell.currentWidget.content.widgets"
            ".filter(c => c.model.type === 'code').map(c => !!c.model.trusted)")
        assert not any(trusted), f"{notebook}: the copy is trusted"
        sizes = _shown_pictures(page)
        assert len(sizes) == pictures, f"{notebook}: {len(sizes)} pictures drawn of {pictures} saved"
        small = [s for s in sizes if s[0] < 40 or s[1] < 40 or s[2] < 40]
        assert not small, f"{notebook}: pictures not drawn or too small: {small}"
        assert page.locator(".jp-OutputArea-output[data-mime-type='image/svg+xml']").count() == 0, notebook
        assert page.get_by_text("Error displaying widget").count() == 0, notebook
        seen += pictures
        if notebook.endswith("03_areas.ipynb"):
            screenshot(page, "lesson_untrusted_pictures")
    assert seen >= 16
    assert not page.page_errors


def test_welcome_pictures_show_in_notebook7_untrusted(page, tmp_path):
    """The same in Notebook 7 (``jupyter notebook``): the saved PNG pictures are drawn untrusted."""
    from jupyter_servers import REPO, jupyter_server

    nb = nbformat.read(REPO / NOTEBOOK, as_version=4)
    pictures = sum(1 for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
                   if "image/png" in o.get("data", {}))
    nb.metadata["untrusted_copy"] = secrets.token_hex(8)
    nbformat.write(nb, tmp_path / "welcome.ipynb")
    with jupyter_server(tmp_path, app="notebook") as server:
        page.goto(f"{server.url}/notebooks/welcome.ipynb?token={server.token}")
        page.wait_for_selector(".jp-Notebook .jp-Cell", state="attached", timeout=90_000)
        page.wait_for_function(
            "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
            " return !!(w && w.context && w.context.isReady); }", timeout=60_000)
        sizes = _shown_pictures(page)
        assert len(sizes) == pictures > 0
        assert all(w >= 100 and h >= 100 and shown >= 100 for w, h, shown in sizes), sizes
        assert page.get_by_text("Error displaying widget").count() == 0
        screenshot(page, "welcome_untrusted_notebook7")
        # Notebook 7.6's own settings loader throws this once at start-up, with or without this
        # package's settings (notebook_core.js, `_.load`); anything else is ours.
        assert [e for e in page.page_errors if "reading 'schema'" not in e] == []

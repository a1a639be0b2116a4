"""The offline JupyterLite site (`make lite-offline`): the Pyodide kernel runs with no CDN.

The test builds the site with the Makefile target (output and scratch folders in a temporary
directory; Pyodide's npm package and the PyPI wheels are cached in build/lite-cache), serves it
on 127.0.0.1 and opens its check notebook (lite/offline_check.ipynb) in Chromium. Every
request to any other host is recorded and aborted, and service workers are blocked so that
every request, the kernel worker's included, goes through that routing. Then it runs all the
cells: the kernel starts (Pyodide, micropip, IPython from the site), skye_widgets is installed
from the site's wheel index and imported, a territory's SVG picture and a PNG show, and a
click on an ipywidgets Button changes a Label from Python. No request may have left 127.0.0.1.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from helpers import OUTPUT
from jupyter_servers import static_site

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    if shutil.which("npm") is None:
        pytest.fail("npm is missing: `make test` installs Debian's nodejs and npm")
    tmp = tmp_path_factory.mktemp("lite-offline")
    out = tmp / "site"
    proc = subprocess.run(
        [make, "--no-print-directory", "lite-offline", f"LITE_OFFLINE_OUT={out}",
         f"LITE_OFFLINE_WORK={tmp / 'work'}"],
        cwd=ROOT, capture_output=True, text=True, timeout=900, check=False,
    )
    assert proc.returncode == 0, f"make lite-offline failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    return out


def test_offline_site_serves_pyodide_and_a_lock_of_only_its_own_files(site: Path) -> None:
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    static = site / "static" / "pyodide"
    lock = json.loads((static / "pyodide-lock.json").read_text())
    # Pyodide's own lock names ~350 packages on its CDN; ours only micropip, served here.
    assert set(lock["packages"]) == {"micropip"}
    assert (static / lock["packages"]["micropip"]["file_name"]).is_file()
    index = json.loads((site / "pypi" / "all.json").read_text())
    # What the kernel installs at start-up and what the check notebook imports, from the site.
    assert {"ipython", "jedi", "comm", "ipywidgets", "networkx", "skye-widgets"} <= set(index)
    assert not {"numpy", "pillow", "ipycanvas"} & set(index)  # no Pyodide build of these here


# The notebook panel in the main area (JupyterLite's currentWidget follows the focus) and its kernel.
PANEL = ("() => { const app = window.jupyterapp;"
         " const w = app && Array.from(app.shell.widgets('main')).find(x => x.sessionContext && x.content);"
         " const k = w && w.sessionContext.session && w.sessionContext.session.kernel;")


@pytest.mark.timeout(1500)
def test_kernel_runs_offline_in_chromium(site: Path, browser) -> None:
    # The test drives the lab through window.jupyterapp, which JupyterLite exposes only
    # when asked (this copy of the site is the test's own).
    path = site / "jupyter-lite.json"
    config = json.loads(path.read_text())
    config["jupyter-config-data"]["exposeAppInBrowser"] = "true"
    path.write_text(json.dumps(config))
    elsewhere: list[str] = []
    local: list[str] = []
    with static_site(site) as base:
        context = browser.new_context(viewport={"width": 1300, "height": 900}, service_workers="block")

        def route(r) -> None:
            url = r.request.url
            if url.startswith(base + "/") or url.startswith("data:") or url.startswith("blob:"):
                local.append(url)
                r.continue_()
            else:
                elsewhere.append(url)
                r.abort()

        context.route("**/*", route)
        context.on("request", lambda req: None if req.url.startswith((base + "/", "data:", "blob:"))
                   else elsewhere.append(req.url))
        try:
            page = context.new_page()
            page.set_default_timeout(60_000)
            page.goto(base + "/lab/index.html?path=offline_check.ipynb")
            page.wait_for_selector(".jp-NotebookPanel .jp-Notebook", state="visible", timeout=90_000)
            # The kernel starts: Pyodide, micropip, piplite, IPython... all from this site.
            page.wait_for_function(PANEL + "return !!(k && k.status === 'idle'); }", timeout=480_000)
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            page.wait_for_function(
                PANEL + "const cells = w.content.widgets.filter(c => c.model.type === 'code');"
                " return cells.length > 0 && cells.every(c => c.model.executionCount !== null) &&"
                " k.status === 'idle'; }", timeout=480_000)
            errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']")
            assert errors.count() == 0, errors.first.inner_text()[:2000]
            outputs = page.locator(".jp-OutputArea-output")
            text = "\n".join(outputs.all_inner_texts())
            assert "skye-widgets 0.1.0 runs on emscripten" in text
            # The castle and tile 1 north of it; no scrolls, 7 gold -> 7 // 5 = 1 point
            # (the same territory as the hand-checked one of tests/test_pyodide.py).
            assert "tiles: 2 - points at the end: 1" in text
            svg = page.locator(".jp-OutputArea-output[data-mime-type='image/svg+xml']")
            assert svg.count() == 1
            assert svg.first.locator("svg, img").first.bounding_box()["width"] > 50
            png = page.locator(".jp-OutputArea-output[data-mime-type='image/png'] img")
            assert png.count() == 1
            assert png.first.evaluate("img => img.complete && img.naturalWidth") == 2
            label = page.locator(".widget-label", has_text="Not clicked yet.")
            label.wait_for(timeout=30_000)
            page.locator("button.jupyter-button", has_text="Click me").click()
            page.locator(".widget-label", has_text="Clicked: Python on emscripten answered.").wait_for(timeout=30_000)
            OUTPUT.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(OUTPUT / "lite_offline.png"))
        finally:
            context.close()
    assert elsewhere == []
    # The runtime and the wheels really came from this site (the routing saw them).
    assert any(u.endswith("/static/pyodide/pyodide.asm.wasm") for u in local)
    assert any("/pypi/ipython-" in u for u in local)

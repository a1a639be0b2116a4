"""Helpers for the real-browser tests (see ``conftest.py`` for the fixtures).

Wait on widget state (a label's text), never on page text: the page also
contains each cell's source code.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Locator, Page, expect

OUTPUT = Path(__file__).resolve().parents[1] / "output"


def open_notebook(page: Page, lab, path: str) -> None:
    """Open ``path`` (relative to the lab root) in JupyterLab and wait for its kernel."""
    page.goto(lab.lab_url(path))
    page.wait_for_selector(".jp-NotebookPanel .jp-Notebook", state="visible", timeout=90_000)
    page.wait_for_function(
        "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
        " return !!(w && w.sessionContext && w.sessionContext.session &&"
        " w.sessionContext.session.kernel && w.sessionContext.session.kernel.status === 'idle'); }",
        timeout=90_000)


def run_all(page: Page, timeout: float = 120_000) -> None:
    """Run every cell of the current notebook; fail on any error output.

    The outputs and execution counts are cleared first: a notebook that ran before in this kernel
    (another test opened it) already shows counts and live widgets, so the wait below would end at
    once and the caller would click the old run's widgets while the cells run again."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.content.widgets"
        ".filter(c => c.model.type === 'code').every(c => c.model.executionCount === null)")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        "() => { const w = window.jupyterapp.shell.currentWidget;"
        " const cells = w.content.widgets.filter(c => c.model.type === 'code');"
        " return cells.length > 0 && cells.every(c => c.model.executionCount !== null) &&"
        " w.sessionContext.session.kernel.status === 'idle'; }",
        timeout=timeout)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']")
    if errors.count():
        raise AssertionError("notebook raised:\n" + errors.first.inner_text()[:2000])


def open_and_run(page: Page, lab, path: str) -> None:
    """Open a notebook and run all its cells."""
    open_notebook(page, lab, path)
    run_all(page)


def code_cell(page: Page, snippet: str) -> Locator:
    """The current notebook's first code cell whose source contains ``snippet``: scope a test's
    locators to it. Widget views render asynchronously, each in its own output's place, so a
    page-wide ``.first`` or ``.nth(i)`` can find another cell's widget while this cell's view is
    still being drawn (lesson 3's exercise test once pressed the next exercise's Check button)."""
    index = page.evaluate(
        "snippet => window.jupyterapp.shell.currentWidget.content.widgets"
        ".findIndex(c => c.model.type === 'code' && c.model.sharedModel.getSource().includes(snippet))",
        snippet)
    assert index >= 0, f"no code cell contains {snippet!r}"
    cell = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell").nth(index)
    settle(cell)
    return cell


#: Resolves once the element's box has stayed the same for 10 animation frames in a row (at most
#: 600 frames: the action after it then fails on what it finds).
_STILL = """el => new Promise(resolve => {
  let last = '', same = 0, frames = 0;
  const tick = () => {
    const r = el.getBoundingClientRect(), key = [r.x, r.y, r.width, r.height].join();
    same = key === last ? same + 1 : 0; last = key; frames += 1;
    if (same >= 10 || frames >= 600) resolve(same >= 10); else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})"""


def settle(target: Locator) -> bool:
    """Scroll ``target`` into view and wait until it stays where it is. JupyterLab lays out a cell
    only once it comes into view (its ``contentVisibility`` windowing), and the cells around it
    then take their real heights: under load that can move a button or a canvas after Playwright
    found it steady, and a click meant for it lands beside it (two fresh-machine runs clicked
    lesson 3's exercise cell, not its Check button). Returns whether it settled."""
    target.scroll_into_view_if_needed()
    return bool(target.evaluate(_STILL))


def output(scope: Page | Locator, index: int = 0) -> Locator:
    """The ``index``-th output (in page order) in ``scope`` (a page or a cell): its place in the
    page exists, in order, from the moment the kernel sends it, before a widget view is drawn in it."""
    return scope.locator(".jp-OutputArea-output").nth(index)


def canvases(page: Page) -> Locator:
    """Every widget canvas in the page's outputs, in page order.

    ipycanvas 0.14 shows a ``MultiCanvas`` as ONE <canvas> element (the layers
    are composited into it), and that element receives the mouse events.
    Works in JupyterLab and in Voila.
    """
    return page.locator(".jupyter-widgets canvas")


def pixel(canvas: Locator, x: int, y: int) -> list[int]:
    """The [r, g, b] of one pixel of a canvas, read in the page."""
    return canvas.evaluate(
        "(c, [x, y]) => Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3))", [x, y])


def click_canvas(page: Page, canvas: Locator, x: float, y: float) -> None:
    """Click a canvas at pixel (x, y) of its own coordinate system (once it stays where it is)."""
    settle(canvas)
    box = canvas.bounding_box()
    assert box is not None, "canvas is not visible"
    width = canvas.evaluate("c => c.width")
    scale = box["width"] / width if width else 1.0
    page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)


def wait_for_pixel(canvas: Locator, x: int, y: int, rgb: list[int] | tuple[int, ...],
                   timeout: float = 15_000) -> None:
    """Wait until pixel (x, y) of a canvas has colour ``rgb`` (a redraw lands asynchronously)."""
    try:
        canvas.page.wait_for_function(
            "([c, x, y, rgb]) => { const d = c.getContext('2d').getImageData(x, y, 1, 1).data;"
            " return d[0] === rgb[0] && d[1] === rgb[1] && d[2] === rgb[2]; }",
            arg=[canvas.element_handle(), x, y, list(rgb)], timeout=timeout)
    except Exception:
        raise AssertionError(f"pixel ({x}, {y}) is {pixel(canvas, x, y)}, expected {list(rgb)}") from None


def expect_status(page: Page | Locator, text: str, *, nth: int = 0, selector: str = ".skye-status",
                  timeout: float = 30_000) -> None:
    """Wait until the ``nth`` widget with CSS class ``selector`` (in the page, or in a locator's
    part of it) contains ``text``."""
    expect(page.locator(selector).nth(nth)).to_contain_text(text, timeout=timeout)


def expect_logged(page: Page | Locator, text: str, *, count: int = 1, timeout: float = 30_000) -> None:
    """Wait until the game log holds ``count`` lines containing ``text``.

    The table's status line tells the newest action, so a person's own action stays there only
    until the next bot moves; the log keeps it. Wait on the log for what must have happened."""
    expect(page.locator(".skye-log-line").filter(has_text=text)).to_have_count(count, timeout=timeout)


def wait_for_focus(page: Page, element: Locator, timeout: float = 15_000) -> None:
    """Wait until ``element`` has the keyboard focus. A board takes the focus back from its button
    by a message from the kernel, which can come after the button's other changes have shown."""
    page.wait_for_function("e => document.activeElement === e", arg=element.element_handle(), timeout=timeout)


def cut_texts(scope: Page | Locator) -> list[str]:
    """The texts of the widgets' labels and menus (``<select>``) that do not fit their box: a menu whose
    chosen choice is wider than its box (less its arrow), a label wider than its box. Empty when every
    word shows whole."""
    root = scope.locator(".jupyter-widgets").first if isinstance(scope, Page) else scope
    return root.evaluate("""() => {
        const cut = [];
        const probe = document.createElement('span');
        probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
        document.body.appendChild(probe);
        for (const s of document.querySelectorAll('.jupyter-widgets select')) {
            const o = s.options[s.selectedIndex];
            if (!o || s.multiple || s.size > 1) continue;
            probe.style.font = getComputedStyle(s).font;
            probe.textContent = o.text;
            if (probe.getBoundingClientRect().width + 24 > s.getBoundingClientRect().width) cut.push(o.text);
        }
        for (const l of document.querySelectorAll('.jupyter-widgets label.widget-label')) {
            if (l.offsetParent !== null && l.scrollWidth > l.clientWidth + 1) cut.push(l.textContent);
        }
        probe.remove();
        return cut;
    }""")


def screenshot(page: Page, name: str) -> Path:
    """Save a PNG screenshot under tests/output/ and return its path."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    path = OUTPUT / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path

"""axe-core (the accessibility engine browsers' own audits use) over the pages a learner meets.

The pages: the welcome notebook and one lesson per game (lesson 3 for Isle of Skye, Hashi,
Skylands), each opened and run in JupyterLab and in Notebook 7; the puzzles home, the three
projector pages and the classroom page in Voilà. axe-core comes from npm (``make browser-deps``
installs one exact version into ``build/axe/``) and is injected into the page with
``page.add_script_tag``; ``axe.run`` checks the whole document once the widgets have stopped
changing (WCAG A/AA rules and axe's best practices: its defaults).

Whose is a violation? Each node of a violation is sorted into one of two heaps:

* **the project's**: in JupyterLab and Notebook 7, a node inside a cell's output
  (``.jp-OutputArea``: every widget, picture and printed text), inside a widget anywhere
  (``.jupyter-widgets``, ``[class*='widget-']``) or in a lesson's own text (a markdown cell's
  ``.jp-RenderedMarkdown``). In Voilà the page is the project's (its templates are ours,
  ``jupyter-config/voila/templates/``): every node in the body, save Voilà's loading spinner
  (``#loading``).
* **the chrome's**: anything else: JupyterLab's and Notebook 7's menus, toolbars, side panels,
  cell editors, the document itself (``<html>``, landmarks around the notebook). These are
  printed, never a failure: the project cannot mend JupyterLab's own markup.

The test fails on any violation with a node of the project's, naming the rule, its impact, the
node and axe's own words for the fix. Run with ``-s`` to see every page's nodes, both heaps;
each page's result is also written to ``tests/output/axe/<page>.json``.

A canvas that axe cannot judge (colour contrast over a picture, say) is axe's "incomplete", not a
violation: this test checks violations only.

Each page's boards are also checked as a screen reader meets them (issue 28): the focusable canvas of
every board (``canvas.skye-board-canvas``) has the role ``application`` with a role description,
a non-empty accessible name and an accessible description (the board in words), set by the board's
ARIA helper (``skye_widgets/widgets/aria.py``), in JupyterLab, Notebook 7 and Voilà alike.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Iterator

import pytest
from helpers import open_and_run, screenshot
from jupyter_servers import REPO, Server, jupyter_server
from playwright.sync_api import expect

AXE = REPO / "build" / "axe" / "node_modules" / "axe-core" / "axe.min.js"

#: The pages with no board on their first screen (the classroom page shows its setup form first).
NO_BOARD = {"notebooks/classroom_demo.ipynb"}

NOTEBOOKS = ["notebooks/00_welcome.ipynb", "notebooks/03_areas.ipynb", "notebooks/hashi.ipynb",
             "notebooks/skylands.ipynb"]
VOILA_PAGES = ["notebooks/puzzles_home.ipynb", "notebooks/projector_skye.ipynb",
               "notebooks/projector_hashi.ipynb", "notebooks/projector_skylands.ipynb",
               "notebooks/classroom_demo.ipynb"]

#: Where the project's nodes are, in JupyterLab and Notebook 7 (see the module's docstring).
PROJECT_IN_NOTEBOOK = ".jp-OutputArea, .jupyter-widgets, [class*='widget-'], .jp-MarkdownCell .jp-RenderedMarkdown"
#: Voilà's own parts of its page body; the rest of the body is the project's.
VOILA_CHROME = "#loading"

#: Runs axe on the document and sorts each violation's nodes (returns plain data).
RUN_AXE = """async ([project, chrome, inBody]) => {
  const result = await axe.run(document, {resultTypes: ['violations'], elementRef: true});
  const out = [];
  for (const v of result.violations) {
    for (const n of v.nodes) {
      const el = n.element;
      let ours = false;
      if (el && el.nodeType === 1) {
        if (inBody) ours = document.body.contains(el) && el !== document.body && !el.closest(chrome);
        else ours = !!el.closest(project);
      }
      out.push({rule: v.id, impact: n.impact || v.impact, help: v.help, ours,
                target: JSON.stringify(n.target), html: (n.html || '').slice(0, 300),
                summary: (n.failureSummary || '').slice(0, 400)});
    }
  }
  return out;
}"""

#: Resolves when the page's widgets have stopped changing: the number of elements and the canvases'
#: titles the same for ``quiet`` checks in a row, 250 ms apart (at most ``limit`` checks).
SETTLED = """([quiet, limit]) => new Promise(resolve => {
  let last = '', same = 0, checks = 0;
  const tick = () => {
    const canvases = [...document.querySelectorAll('.jupyter-widgets canvas')];
    const key = document.getElementsByTagName('*').length + '|' + canvases.map(c => c.title).join('|');
    same = key === last ? same + 1 : 0; last = key; checks += 1;
    if (same >= quiet || checks >= limit) resolve(same >= quiet); else setTimeout(tick, 250);
  };
  tick();
})"""


class _Notebook7:
    """Notebook 7 as ``open_and_run`` wants a server: ``lab_url`` opens the notebook's own page."""

    def __init__(self, server: Server) -> None:
        self.server = server

    def lab_url(self, path: str) -> str:
        return f"{self.server.url}/notebooks/{path}?token={self.server.token}"


@pytest.fixture(scope="module")
def notebook7(lab: Server) -> Iterator[_Notebook7]:
    """Notebook 7 serving the lab's copy of the notebooks (its own kernels)."""
    with jupyter_server(lab.root, app="notebook") as server:
        yield _Notebook7(server)


def audit(page, *, voila: bool) -> list[dict]:
    """Inject axe-core into the page, run it, return every violating node (``ours`` set)."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make browser-deps` (installs axe-core from npm)")
    page.evaluate(SETTLED, [8, 240])
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    return page.evaluate(RUN_AXE, [PROJECT_IN_NOTEBOOK, VOILA_CHROME, voila])


def check_boards(page, where: str, *, expected: bool) -> int:
    """Every board canvas of the page: role ``application``, a role description, a non-empty accessible
    name and description (Playwright computes them as browsers do). Returns how many boards; fails
    when a page that ``expected`` boards has none."""
    page.evaluate(SETTLED, [8, 240])
    boards = page.locator("canvas.skye-board-canvas")
    count = boards.count()
    if expected:
        assert count > 0, f"{where}: no board canvas"
    something = re.compile(r"\S")
    for i in range(count):
        board = boards.nth(i)
        expect(board).to_have_role("application")
        expect(board).to_have_attribute("tabindex", "0")
        expect(board).to_have_attribute("aria-roledescription", something)
        expect(board).to_have_accessible_name(something)
        expect(board).to_have_accessible_description(something)
    print(f"\n== {where}: {count} board canvas(es), each with a role, a name and a description")
    return count


def report(name: str, where: str, nodes: list[dict]) -> None:
    """Print the page's violations, the project's first; fail when the project has any."""
    ours = [n for n in nodes if n["ours"]]
    chrome = [n for n in nodes if not n["ours"]]
    print(f"\n== axe on {where}: {len(ours)} project node(s), {len(chrome)} chrome node(s)")
    for label, heap in (("PROJECT", ours), ("chrome (not a failure)", chrome)):
        for n in heap:
            print(f"  {label}: {n['rule']} ({n['impact']}) {n['target']}\n      {n['html'][:160]}")
    summary = {"page": where, "project": len(ours), "chrome": len(chrome),
               "project_rules": dict(Counter(n["rule"] for n in ours)),
               "chrome_rules": dict(Counter(n["rule"] for n in chrome)), "nodes": nodes}
    out = REPO / "tests" / "output" / "axe"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{name}.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False), encoding="utf-8")
    assert not ours, f"{where}: {len(ours)} accessibility violation(s) in the project's outputs:\n" + "\n".join(
        f"- {n['rule']} ({n['impact']}): {n['help']}\n  {n['target']}\n  {n['html'][:300]}\n  {n['summary']}"
        for n in ours)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[Path(n).stem for n in NOTEBOOKS])
def test_axe_jupyterlab(lab, page, notebook):
    open_and_run(page, lab, notebook)
    check_boards(page, f"JupyterLab {notebook}", expected=True)   # before axe: it judges them with their roles
    nodes = audit(page, voila=False)
    screenshot(page, f"axe_lab_{Path(notebook).stem}")
    report(f"lab_{Path(notebook).stem}", f"JupyterLab {notebook}", nodes)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[Path(n).stem for n in NOTEBOOKS])
def test_axe_notebook7(notebook7, page, notebook):
    open_and_run(page, notebook7, notebook)
    check_boards(page, f"Notebook 7 {notebook}", expected=True)   # before axe: it judges them with their roles
    nodes = audit(page, voila=False)
    screenshot(page, f"axe_nb7_{Path(notebook).stem}")
    report(f"nb7_{Path(notebook).stem}", f"Notebook 7 {notebook}", nodes)


@pytest.mark.parametrize("notebook", VOILA_PAGES, ids=[Path(n).stem for n in VOILA_PAGES])
def test_axe_voila(voila, page, notebook):
    page.goto(voila(notebook))
    page.wait_for_selector(".jupyter-widgets", state="attached", timeout=120_000)
    # the boards first: axe then judges them with their roles
    check_boards(page, f"Voilà {notebook}", expected=notebook not in NO_BOARD)
    nodes = audit(page, voila=True)
    screenshot(page, f"axe_voila_{Path(notebook).stem}")
    report(f"voila_{Path(notebook).stem}", f"Voilà {notebook}", nodes)

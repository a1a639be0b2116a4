"""Every saved notebook shows what its cells show (issue 28, "outputs that should be there and are not").

A reader on GitHub or in VS Code, without a kernel, sees only the saved outputs. So every code cell
whose **last statement** shows something has one:

* a ``print(...)`` (or a last ``for``/``if``/``with`` block that calls ``print``): printed text (stdout);
* a ``display(...)``: an output;
* any other bare expression (a widget, a value, a picture): an output. A live widget's own view
  is dropped when the notebook is saved (tests/notebook_tools.py), so a widget shows something saved
  only through its static view (a picture of its board with its description, or its key lines).

Assignments, imports, definitions and expressions ending with ``;`` show nothing and need nothing.
A call known to return None (it shows nothing itself) is listed in :data:`RETURNS_NONE`, each with
its reason. The decision is the :mod:`ast`'s, on the cell's source with IPython's ``%``/``!`` lines
blanked.
"""

from __future__ import annotations

import ast
import base64
import re
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted([*REPO.glob("notebooks/*.ipynb"), *REPO.glob("notebooks/*/*.ipynb")])

#: Calls whose value is None and that show nothing themselves: a last statement calling one needs
#: no saved output. Keyed by the called name (the last part of a dotted name), each with its reason.
#: None is needed today: every such cell of the notebooks shows something (``set_language`` returns the
#: language's code, which the translated notebooks save).
RETURNS_NONE: dict[str, str] = {}

MAGIC = re.compile(r"^\s*[%!]")


def _called_name(node: ast.AST) -> str | None:
    """The name a call calls (``f`` for ``f(...)`` and ``a.b.f(...)``), else None."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _calls_print(node: ast.AST) -> bool:
    return any(_called_name(n) == "print" for n in ast.walk(node))


def expected_output(source: str) -> str | None:
    """What a cell's last statement must leave in the saved notebook: ``"stdout"`` (printed text),
    ``"any"`` (any output) or None (nothing: the cell shows nothing or returns None).

    >>> expected_output("x = 1"), expected_output("x"), expected_output("x;"), expected_output("print(1)")
    (None, 'any', None, 'stdout')
    >>> expected_output("for i in range(3):\\n    print(i)"), expected_output("display(w)")
    ('stdout', 'any')
    >>> expected_output("set_language('fr')"), expected_output("%pip install x\\nimport x")
    ('any', None)
    """
    code = "\n".join("" if MAGIC.match(line) else line for line in source.splitlines())
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    if not tree.body:
        return None
    last = tree.body[-1]
    if isinstance(last, ast.Expr):
        if code.rstrip().endswith(";"):
            return "stdout" if _calls_print(last) else None
        name = _called_name(last.value)
        if name == "print":
            return "stdout"
        if name in RETURNS_NONE:
            return None
        return "any"
    if isinstance(last, (ast.For, ast.If, ast.With, ast.While)) and _calls_print(last):
        return "stdout"
    return None


def missing_outputs(path: Path) -> list[str]:
    """The cells of the notebook at ``path`` whose last statement shows something but that have no
    saved output of that kind, as ``"cell N: its last line"``."""
    nb = nbformat.read(path, as_version=4)
    missing = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        want = expected_output(cell.source)
        outputs = cell.get("outputs", [])
        if want == "stdout":
            ok = any(o.get("output_type") == "stream" and o.get("name") == "stdout" and "".join(o.get("text", "")).strip()
                     for o in outputs)
        elif want == "any":
            ok = any(o.get("data") or o.get("text") for o in outputs)
        else:
            continue
        if not ok:
            last = cell.source.rstrip().splitlines()[-1].strip()
            missing.append(f"cell {i}: {last[:70]} (wants {'printed text' if want == 'stdout' else 'an output'})")
    return missing


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(REPO)))
def test_every_showing_cell_has_a_saved_output(path):
    missing = missing_outputs(path)
    assert not missing, (f"{path.relative_to(REPO)}: cells that show something have no saved output "
                         "(make notebooks; give a widget a static view):\n" + "\n".join(missing))


def test_the_rule_reads_the_last_statement():
    """The examples of :func:`expected_output`'s docstring."""
    import doctest

    results = doctest.DocTestRunner().run(doctest.DocTestFinder().find(expected_output)[0])
    assert results.failed == 0 and results.attempted == 3


def test_the_rule_reads_cells_as_a_reader_would(tmp_path):
    """The check itself: a planted cell whose print has no saved output is caught; one with it is not."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("print('hello')"), nbformat.v4.new_code_cell("board"),
                nbformat.v4.new_code_cell("x = 1"), nbformat.v4.new_code_cell("board;")]
    nb.cells[1].outputs = [nbformat.v4.new_output("display_data", data={"text/plain": "a board"})]
    path = tmp_path / "planted.ipynb"
    nbformat.write(nb, path)
    assert missing_outputs(path) == ["cell 0: print('hello') (wants printed text)"]


# -- the widgets those cells end with: what their saved form shows ------------------------------------

def test_a_projector_page_is_saved_with_its_turn_line_and_board_picture():
    """A projector page (projector_*.ipynb) saves the big "whose turn" line and the active board's picture."""
    from notebook_tools import clean_outputs
    from skye_widgets.widgets.projector import ProjectorTable

    for game in ("skye", "hashi", "skylands"):
        table = ProjectorTable(game, speed="step")
        try:
            bundle = table._repr_mimebundle_()
        finally:
            table.game.turns.set_auto(False)
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(f'ProjectorTable("{game}")')]
        bundle["image/png"] = base64.b64encode(bundle["image/png"]).decode()    # as the kernel sends it
        nb.cells[0].outputs = [nbformat.v4.new_output("display_data", data=bundle)]
        kept = clean_outputs(nb).cells[0].outputs
        assert [sorted(o.data) for o in kept] == [["text/html", "text/plain"], ["image/png", "image/svg+xml"]], game
        assert kept[0].data["text/plain"] == table.turn_text
        assert "skye-static-view" in kept[0].data["text/html"]


def test_a_page_is_saved_with_what_its_visible_widgets_say():
    """A Page (classroom_demo.ipynb's setup) saves the words of its visible widgets: headings, a
    dropdown's chosen label, a field's value, a button's label; never a <style>, a hidden widget or an
    empty one; and its picture, when given, beside them."""
    import ipywidgets as W
    from skye_widgets.drawing import Drawing
    from skye_widgets.widgets.base import Page

    seat = W.Dropdown(options=[("person", "human"), ("bot", "greedy")], value="greedy", description="seat 1:")
    hidden = W.Button(description="new game", layout=W.Layout(display="none"))
    page = Page([W.HTML("<style>.x { color: red }</style>"), W.HTML("<h2>Who plays?</h2>"),
                 W.HBox([seat, W.Text(value="Ada", description="name:")]), W.Button(description="start"),
                 W.HTML(), W.VBox([hidden]), W.VBox([W.Label("inside")], layout=W.Layout(display="none"))],
                picture=Drawing(40, 20, description="a picture"))
    data = page._repr_mimebundle_()
    assert data["text/plain"].splitlines() == ["Who plays?", "seat 1: bot   name: Ada", "[start]"]
    assert "style" not in data["text/html"] and "new game" not in data["text/html"]
    assert {"image/svg+xml", "image/png"} <= set(data)

"""Keep committed notebooks clean: run them, keep what a reader without a kernel should see.

``python tests/notebook_tools.py notebooks/x.ipynb ...`` (or ``make notebooks``)
executes each notebook, then keeps, of its outputs, what a reader on GitHub, in VS Code or in an
untrusted notebook should see (issue 28: "outputs that should be there and are not"):

* static pictures: the ``image/svg+xml`` of boards and territories and their ``image/png`` twin,
  which JupyterLab shows also in an untrusted notebook, where it draws no saved SVG;
* a widget's **static view** (``text/html`` whose root has the class ``skye-static-view``, with its
  ``text/plain``): a quiz's question and choices, never which one is right; a projector page's
  "whose turn" line; a page's setup form (``widgets.base.Page``). A widget that carries both a static
  view and a picture keeps both, the static view first;
* printed text (stdout) and the results of plain values (``text/plain``, ``text/html``,
  ``text/markdown``, pictures) that are not live widgets.

It drops the live widgets' views and their ``text/plain`` reprs (``VBox(children=...)``), stderr
(warnings), execution metadata and the widget state. Cells whose first line is
``# NBVAL_CHECK_OUTPUT`` have their printed text compared by nbval with a fresh run, so a rules
regression fails the suite; the other cells' outputs are for readers (nbval runs with ``--nbval-lax``).
Cells that keep an output keep an execution count (nbval refuses a cell with outputs and no count:
"Unrun reference cell has outputs"). ``tests/test_notebook_hygiene.py`` checks the result on every
notebook.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
KEPT_MIME = "image/svg+xml"
#: Kept with a picture's SVG when present (the same drawing as PNG, see ``Drawing.to_png``).
KEPT_WITH = ("image/png",)
CHECK_MARK = "# NBVAL_CHECK_OUTPUT"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
#: A widget's static view: its ``text/html`` begins with this class (see ``widgets.base.static_view``).
STATIC_VIEW = "skye-static-view"
#: The results of plain values kept for readers.
READER_MIMES = ("text/plain", "text/html", "text/markdown", KEPT_MIME, *KEPT_WITH)


def is_check_cell(cell: nbformat.NotebookNode) -> bool:
    """True for a code cell whose printed output nbval compares."""
    return cell.cell_type == "code" and cell.source.lstrip().startswith(CHECK_MARK)


def is_check_output(out: nbformat.NotebookNode) -> bool:
    """Plain printed text: a stdout stream or a text/plain-only result."""
    if out.get("output_type") == "stream":
        return out.get("name") == "stdout"
    return out.get("output_type") == "execute_result" and set(out.get("data", {})) == {"text/plain"}


def is_static_view(data: dict) -> bool:
    """A widget's static view: ``text/html`` (with ``text/plain``) whose root has the class
    :data:`STATIC_VIEW`."""
    html = data.get("text/html", "")
    html = "".join(html) if isinstance(html, list) else html
    return "text/plain" in data and html.lstrip().startswith(f'<div class="{STATIC_VIEW}')


def clean_outputs(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop all outputs but static pictures, SVG and PNG (and check cells' text) and widget
    state; only cells that keep an output keep an execution count (1, 2, ...)."""
    nb.metadata.pop("widgets", None)
    count = 0
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        cell.execution_count = None
        kept = []
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            kind = out.get("output_type")
            if kind == "stream":
                if out.get("name") != "stdout":
                    continue
                text = "".join(out.get("text", ""))
                if kept and kept[-1].get("output_type") == "stream":
                    # one printed text, however the kernel cut it into messages (a busy machine cuts more)
                    kept[-1]["text"] = "".join(kept[-1]["text"]) + text
                else:
                    kept.append(nbformat.v4.new_output("stream", name="stdout", text=text))
            elif kind not in ("display_data", "execute_result"):
                continue                                           # errors fail the run before this
            elif is_check_cell(cell) and is_check_output(out):
                kept.append(nbformat.v4.new_output("execute_result", data=dict(data), execution_count=None))
            elif KEPT_MIME in data or is_static_view(data):
                # a widget may carry both: its static view (its key lines), then its picture
                if is_static_view(data):
                    kept.append(nbformat.v4.new_output("display_data", data={m: data[m] for m in ("text/html", "text/plain")}))
                if KEPT_MIME in data:
                    picture = {m: data[m] for m in (KEPT_MIME, *KEPT_WITH) if m in data}
                    kept.append(nbformat.v4.new_output("display_data", data=picture))
            elif WIDGET_MIME not in data:
                shown = {m: data[m] for m in READER_MIMES if m in data}
                if shown:
                    kept.append(nbformat.v4.new_output("display_data", data=shown))
        cell.outputs = kept
        if kept:
            count += 1
            cell.execution_count = count
            for out in kept:
                if out.get("output_type") == "execute_result":
                    out.execution_count = count
    return nb


def execute_and_clean(path: Path, timeout: int = 300) -> None:
    """Run a notebook in its folder, then keep only its pictures (SVG and PNG)."""
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nbformat.write(clean_outputs(nb), path)


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(f"executing {arg}")
        execute_and_clean(Path(arg))

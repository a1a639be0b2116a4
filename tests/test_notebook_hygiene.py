"""Every committed notebook is clean: kernelspec set, no widget state, only outputs for readers.

Outputs may be static pictures (SVG with its PNG twin), a widget's static view, printed text and plain
values; never a live widget's view or repr, stderr, an error or execution metadata (see
tests/notebook_tools.py).
"""

import re
from pathlib import Path

import nbformat
import pytest
from notebook_tools import READER_MIMES, WIDGET_MIME, is_check_cell, is_check_output

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for p in [*REPO.glob("notebooks/*.ipynb"), *REPO.glob("notebooks/*/*.ipynb"),
                                *REPO.glob("tests/browser/notebooks/*.ipynb")])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(REPO)))
def test_notebook_is_clean(path):
    nb = nbformat.read(path, as_version=4)
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3", "kernelspec metadata missing"
    assert "widgets" not in nb.metadata, "saved widget state: run tests/notebook_tools.py on it"
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        assert "execution" not in cell.metadata, f"cell {i} keeps its execution times"
        for out in cell.get("outputs", []):
            if is_check_cell(cell) and is_check_output(out):
                continue
            kind, data = out.get("output_type"), out.get("data", {})
            if kind == "stream":
                assert out.get("name") == "stdout", f"cell {i} keeps a {out.get('name')} stream"
                continue
            mimes = set(data)
            assert kind == "display_data" and WIDGET_MIME not in mimes and mimes <= set(READER_MIMES), (
                f"cell {i} keeps a {kind} output {sorted(mimes)}; only pictures (SVG with its PNG twin), "
                "static views, printed text and plain values are committed (run tests/notebook_tools.py)")
            if "image/svg+xml" in mimes:
                assert mimes == {"image/svg+xml", "image/png"}, f"cell {i}: a picture without its PNG twin"
            text = data.get("text/plain", "")
            text = "".join(text) if isinstance(text, list) else text
            assert not re.match(r"\w+\((children|value|layout)=", text), f"cell {i} keeps a widget's repr: {text[:80]}"


def test_welcome_notebook_exists():
    assert (REPO / "notebooks" / "00_welcome.ipynb").exists()

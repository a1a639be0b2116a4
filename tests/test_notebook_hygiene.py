"""Every committed notebook is clean: kernelspec set, no stale outputs.

Outputs may only be static SVG pictures, plus the printed text of
``# NBVAL_CHECK_OUTPUT`` cells that nbval compares (see tests/notebook_tools.py).
"""

from pathlib import Path

import nbformat
import pytest
from notebook_tools import is_check_cell, is_check_output

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
        for out in cell.get("outputs", []):
            if is_check_cell(cell) and is_check_output(out):
                continue
            mimes = set(out.get("data", {}))
            assert out.get("output_type") == "display_data" and mimes == {"image/svg+xml", "image/png"}, (
                f"cell {i} keeps a {out.get('output_type')} output {sorted(mimes)}; "
                "only static pictures, SVG with its PNG twin, are committed (run tests/notebook_tools.py)")


def test_welcome_notebook_exists():
    assert (REPO / "notebooks" / "00_welcome.ipynb").exists()

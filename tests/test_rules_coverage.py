"""docs/rules-coverage.md: every rule of the rulebooks points at the lesson prose that teaches it.

* every table row names a notebook that exists and a heading that is a heading of one of that
  notebook's markdown cells (renaming a heading fails here);
* a row without a notebook must say "not implemented";
* every game's table is there and has rows, and row numbers are unique.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
COVERAGE = REPO / "docs" / "rules-coverage.md"
NOTEBOOKS = REPO / "notebooks"
COLUMNS = ["#", "rule", "rulebook section", "notebook", "heading", "status"]
LINK = re.compile(r"^\[([^\]]+)\]\(\.\./notebooks/([^)]+\.ipynb)\)$")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*$")


def split_row(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def tables(text: str) -> dict[str, list[dict[str, str]]]:
    """Rows of each game's table, keyed by the ``## Game`` heading above it."""
    out: dict[str, list[dict[str, str]]] = {}
    game = None
    header: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            game, header = line[3:].strip(), None
            continue
        if not line.startswith("|") or game is None:
            header = None if not line.startswith("|") else header
            continue
        cells = split_row(line)
        if header is None:
            header = cells
            continue
        if set("".join(cells)) <= set("-: "):
            continue
        assert header == COLUMNS, f"{game}: table columns {header}, expected {COLUMNS}"
        assert len(cells) == len(COLUMNS), f"{game}: row with {len(cells)} cells: {line}"
        out.setdefault(game, []).append(dict(zip(COLUMNS, cells)))
    return out


def markdown_headings(path: Path) -> set[str]:
    nb = nbformat.read(path, as_version=4)
    found = set()
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                m = HEADING.match(line)
                if m:
                    found.add(m.group(1))
    return found


TABLES = tables(COVERAGE.read_text(encoding="utf-8"))
ROWS = [(game, row) for game, rows in TABLES.items() for row in rows]


def test_every_game_has_a_table_of_rules():
    assert sorted(TABLES) == ["Hashi (flip-and-write)", "Isle of Skye", "Skylands"]
    for game, rows in TABLES.items():
        assert len(rows) >= 25, f"{game}: only {len(rows)} rules listed"


def test_row_numbers_are_unique():
    ids = [row["#"] for _game, row in ROWS]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


def row_problem(row: dict[str, str], notebooks: Path = NOTEBOOKS) -> str | None:
    """What is wrong with one row of the table, or None."""
    if not (row["rule"] and row["rulebook section"]):
        return f"{row['#']}: rule or rulebook section missing"
    if row["notebook"] in ("", "—", "-"):
        if not row["status"].startswith("not implemented"):
            return f"{row['#']} ({row['rule']}) is taught nowhere and not marked 'not implemented'"
        return None
    if row["status"].startswith("not implemented"):
        return f"{row['#']}: a lesson named but 'not implemented'"
    m = LINK.match(row["notebook"])
    if not m:
        return f"{row['#']}: notebook cell {row['notebook']!r} is not [name](../notebooks/name.ipynb)"
    name, target = m.groups()
    if target != f"{name}.ipynb":
        return f"{row['#']}: link text {name} and target {target} differ"
    path = notebooks / target
    if not path.is_file():
        return f"{row['#']}: {target} does not exist"
    if row["heading"] not in markdown_headings(path):
        return f"{row['#']}: no markdown heading {row['heading']!r} in {target}"
    return None


@pytest.mark.parametrize("game,row", ROWS, ids=[row["#"] for _g, row in ROWS])
def test_row_points_at_a_heading_of_an_existing_notebook(game, row):
    assert row_problem(row) is None, row_problem(row)


def test_a_renamed_heading_or_a_missing_lesson_fails(tmp_path):
    """The check is real: rename the heading a row points at, and that row is reported."""
    row = next(r for _g, r in ROWS if r["#"] == "S32")          # roads never affect areas: 03_areas, "The rule"
    assert row_problem(row) is None
    nb = nbformat.read(NOTEBOOKS / "03_areas.ipynb", as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = cell.source.replace("## The rule\n", "## The rules of areas\n")
    nbformat.write(nb, tmp_path / "03_areas.ipynb")
    assert row_problem(row, tmp_path) == "S32: no markdown heading 'The rule' in 03_areas.ipynb"
    assert "does not exist" in row_problem({**row, "notebook": "[nope](../notebooks/nope.ipynb)"})
    assert "not marked" in row_problem({**row, "notebook": "—", "status": "taught"})
    assert row_problem({**row, "notebook": "—", "heading": "—", "status": "not implemented: why"}) is None

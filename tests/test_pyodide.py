"""The rules package runs under Pyodide (CPython compiled to WebAssembly).

This is the proof behind the JupyterLite build: the ``pyodide`` npm package,
run by Node.js, imports ``skye_widgets`` from its own wheel together with the
pure-Python networkx wheel from PyPI, builds a small Isle of Skye territory,
finds its areas and road links, scores it and draws it as SVG. The same probe
runs in this CPython too and both must agree exactly.

Nothing comes from Pyodide's CDN (it is not reachable here): the wheels are
unzipped into Pyodide's in-memory file system and put on ``sys.path`` by hand
instead of using micropip. Everything is installed on first use into
``build/pyodide-node/`` (npm registry, PyPI) and reused afterwards; the test
skips only when ``node`` or ``npm`` is missing.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "build" / "pyodide-node"
#: The Pyodide line that jupyterlite-pyodide-kernel 0.8 loads in the browser.
PYODIDE_SPEC = "~314.0"
NETWORKX_SPEC = "networkx>=3,<4"

pytestmark = pytest.mark.slow

# Loads Pyodide from node_modules, copies the wheels given on the command line
# into its file system, unzips them into one folder on sys.path, then runs the
# probe and prints its JSON answer as the last line of stdout.
RUNNER = r"""
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { loadPyodide } from "pyodide";

const [probePath, ...wheels] = process.argv.slice(2);
const py = await loadPyodide({ stdout: (s) => console.error(s), stderr: (s) => console.error(s) });
py.FS.mkdirTree("/wheels");
for (const w of wheels) py.FS.writeFile("/wheels/" + basename(w), readFileSync(w));
py.runPython(`
import sys, zipfile, pathlib
site = pathlib.Path("/site")
site.mkdir()
for whl in sorted(pathlib.Path("/wheels").glob("*.whl")):
    zipfile.ZipFile(whl).extractall(site)
sys.path.insert(0, str(site))
`);
const answer = py.runPython(readFileSync(probePath, "utf8"));
console.log(answer);
"""

# The probe: sets ANSWER (JSON text) and ends with it as an expression, which
# Pyodide's runPython returns; under CPython a fresh interpreter prints it.
PROBE = r'''
import json, sys
import networkx as nx
import skye_widgets
from skye_widgets.skye.tiles import landscape_tiles
from skye_widgets.skye.territory import Territory, CellOccupiedError
from skye_widgets.skye.graphs import areas, connected_cells
from skye_widgets.skye.scoring import final_scoring, score_tile

t = Territory("castle-blue")
north = sorted(r for (x, y, r) in t.legal_placements("1") if (x, y) == (0, -1))
t.place("1", 0, -1, 2)
try:
    t.place("2", 0, -1, 0)
    occupied = None
except CellOccupiedError as e:
    occupied = type(e).__name__
final = final_scoring(t, 7)
tile_scores = {n: score_tile(n, [t], [7])[0].points for n in range(1, 17)}
widget_modules = sorted(m for m in sys.modules if m.startswith(("ipywidgets", "ipycanvas")))
ANSWER = json.dumps({
    "platform": sys.platform,
    "python": sys.version.split()[0],
    "networkx": nx.__version__,
    "package": skye_widgets.__version__,
    "n_landscape_tiles": len(landscape_tiles()),
    "legal_north_rotations": north,
    "tiles_after": len(t),
    "occupied_error": occupied,
    "areas": sorted((a.terrain.value, a.size, a.completed) for a in areas(t)),
    "connected_cells": sorted(connected_cells(t)),
    "final_points": final.points,
    "final_breakdown": [(b.points, b.reason) for b in final.breakdown],
    "tile_scores": tile_scores,
    "svg": t._repr_svg_(),
    "widget_modules": widget_modules,
}, sort_keys=True)
ANSWER
'''


def _run(cmd: list[str], cwd: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)


def _check(proc: subprocess.CompletedProcess[str], what: str) -> None:
    assert proc.returncode == 0, f"{what} failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"


@pytest.fixture(scope="module")
def node_dir() -> Path:
    """build/pyodide-node with the pyodide npm package installed (once)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("node and npm are needed to run Pyodide under Node.js (not found on PATH)")
    CACHE.mkdir(parents=True, exist_ok=True)
    if not (CACHE / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        (CACHE / "package.json").write_text(
            json.dumps({"name": "skye-pyodide-proof", "private": True, "type": "module",
                        "dependencies": {"pyodide": PYODIDE_SPEC}}, indent=1)
        )
        _check(_run([npm, "install", "--no-audit", "--no-fund", "--loglevel=error"], CACHE, 600),
               "npm install pyodide")
    (CACHE / "run.mjs").write_text(RUNNER)
    return CACHE


@pytest.fixture(scope="module")
def wheels(node_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Our wheel (built now, from a copy of the source) and networkx's (cached)."""
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    nx_dir = node_dir / "wheels"
    if not list(nx_dir.glob("networkx-*-py3-none-any.whl")):
        _check(_run(pip + ["download", "-q", "--no-deps", "--only-binary=:all:", "-d", str(nx_dir),
                           NETWORKX_SPEC], ROOT, 300), "pip download networkx")
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "skye_widgets", src / "skye_widgets",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copytree(ROOT / "jupyter-config", src / "jupyter-config")     # the wheel's data-files
    shutil.copytree(ROOT / "puzzles", src / "puzzles")                   # package data, where the package looks
    # The lessons' package folders (pyproject names each one), left empty: Node.js needs no lesson.
    (src / "notebooks").mkdir()
    for folder in (ROOT / "notebooks").iterdir():
        if folder.is_dir() and not folder.name.startswith("."):
            (src / "notebooks" / folder.name).mkdir()
    out = tmp_path_factory.mktemp("wheels")
    _check(_run(pip + ["wheel", "-q", "--no-deps", "-w", str(out), str(src)], ROOT, 300), "pip wheel .")
    ours = sorted(out.glob("skye_widgets-*-py3-none-any.whl"))
    assert len(ours) == 1, ours
    return [ours[0], sorted(nx_dir.glob("networkx-*-py3-none-any.whl"))[-1]]


@pytest.fixture(scope="module")
def pyodide_answer(node_dir: Path, wheels: list[Path], tmp_path_factory: pytest.TempPathFactory) -> dict:
    probe = tmp_path_factory.mktemp("probe") / "probe.py"
    probe.write_text(PROBE)
    proc = _run(["node", "run.mjs", str(probe), *map(str, wheels)], node_dir, 120)
    _check(proc, "Pyodide run")
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def cpython_answer(pyodide_answer: dict, tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The same probe in a fresh CPython (the installed package, networkx from the venv)."""
    probe = tmp_path_factory.mktemp("probe-cpython") / "probe.py"
    probe.write_text(PROBE + "\nprint(ANSWER)\n")
    proc = _run([sys.executable, str(probe)], ROOT, 120)
    _check(proc, "CPython run")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_it_really_ran_under_pyodide(pyodide_answer: dict) -> None:
    assert pyodide_answer["platform"] == "emscripten"
    assert pyodide_answer["networkx"].startswith("3.")


def test_rules_under_pyodide_give_hand_computed_results(pyodide_answer: dict) -> None:
    a = pyodide_answer
    assert a["n_landscape_tiles"] == 73
    # Tile 1 prints P,P,M,M on N,E,S,W; north of the castle its south face must be
    # pasture (the castle's north). Printed side i faces (i + r) % 4, so the side
    # facing S is printed (2 - r) % 4: r=1 -> E (P), r=2 -> N (P), r=0 -> S (M), r=3 -> W (M).
    assert a["legal_north_rotations"] == [1, 2]
    assert a["tiles_after"] == 2
    assert a["occupied_error"] == "CellOccupiedError"
    # Areas: the castle's N-S pasture joins tile 1's pasture (its printed N faces S
    # after r=2) -> P of 2 tiles, open; castle water, castle mountain and tile 1's
    # mountain (now facing N and E, away from the castle) stay single and open.
    assert [tuple(x) for x in a["areas"]] == [("M", 1, False), ("M", 1, False), ("P", 2, False), ("W", 1, False)]
    # Tile 1's road (printed E-S) turns to W-N: no exit on its south side, so it does
    # not reach the castle.
    assert [tuple(c) for c in a["connected_cells"]] == [(0, 0)]
    # Final scoring: no scrolls on tile 1 or the castle, 7 gold -> 7 // 5 = 1 point.
    assert a["final_points"] == 1
    assert sum(p for p, _ in a["final_breakdown"]) == 1
    assert a["svg"].startswith("<svg")
    # The rules never pull in widget libraries (there are none on this sys.path).
    assert a["widget_modules"] == []


def test_pyodide_and_cpython_agree_exactly(pyodide_answer: dict, cpython_answer: dict) -> None:
    assert cpython_answer["platform"] != "emscripten"
    # Interpreter, networkx version and which widget modules happen to be importable differ.
    differ = ("platform", "python", "networkx", "widget_modules")
    there = {k: v for k, v in pyodide_answer.items() if k not in differ}
    here = {k: v for k, v in cpython_answer.items() if k not in differ}
    assert there == here

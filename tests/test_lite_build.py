"""`make lite` builds a JupyterLite site with the notebooks, puzzles/ and our wheel.

The test runs the Makefile target itself (the same command a person runs), only
pointing its output and scratch folders at a temporary directory. The first run
creates build/lite-venv (jupyterlite-core + the Pyodide kernel, from PyPI);
later runs reuse it and take about half a minute.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from jupyter_servers import static_site

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "tests" / "output"

pytestmark = pytest.mark.slow


def _names_under(folder: Path, pattern: str) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob(pattern) if p.is_file()}


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes]]:
    """Run `make lite` into a temporary folder; return the site and the notebook and
    puzzle files as they were just before (others may edit them during the build)."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    tmp = tmp_path_factory.mktemp("lite")
    out = tmp / "site"
    before = {f"notebooks/{p.name}": p.read_bytes() for p in (ROOT / "notebooks").glob("*.ipynb")}
    if (ROOT / "puzzles").is_dir():
        before |= {f"puzzles/{n}": (ROOT / "puzzles" / n).read_bytes() for n in _names_under(ROOT / "puzzles", "*")}
    proc = subprocess.run(
        [make, "--no-print-directory", "lite", f"LITE_OUT={out}", f"LITE_WORK={tmp / 'work'}"],
        cwd=ROOT, capture_output=True, text=True, timeout=900, check=False,
    )
    assert proc.returncode == 0, f"make lite failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    return out, before


@pytest.fixture(scope="module")
def site(build: tuple[Path, dict[str, bytes]]) -> Path:
    return build[0]


def _tracked(folder: str) -> set[str]:
    """Files git tracks under folder (others' unsaved work in a shared tree does not count)."""
    proc = subprocess.run(["git", "ls-files", "--", folder], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    if proc.returncode != 0:  # not a git checkout: everything on disk
        return {p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*")
                if p.is_file() and "__pycache__" not in p.parts}
    return set(proc.stdout.split())


def test_site_has_the_lab_app_and_the_pyodide_kernel(site: Path) -> None:
    assert (site / "index.html").is_file()
    assert (site / "lab" / "index.html").is_file()
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    extensions = {e["name"] for e in config["federated_extensions"]}
    # The kernel, and the widget front-ends our notebooks draw with (anywidget's: the boards' ARIA
    # helper, skye_widgets/widgets/aria.py; piplite installs its Python side with skye-widgets).
    assert {"@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager",
            "ipycanvas", "anywidget"} <= extensions


def test_site_has_every_notebook_and_puzzle_and_nothing_else(build: tuple[Path, dict[str, bytes]]) -> None:
    site, ours = build
    files = site / "files"
    shipped = _names_under(files, "*") if files.is_dir() else set()
    assert shipped == set(ours)
    for name, data in ours.items():  # copied byte for byte
        assert (files / name).read_bytes() == data, name
    # Each file is listed in the contents index the Lite file browser reads.
    for name in ours:
        folder, _, base = name.rpartition("/")
        listing = json.loads((site / "api" / "contents" / folder / "all.json").read_text())
        assert base in {c["name"] for c in listing["content"]}, name


def test_site_ships_our_wheel_for_piplite(site: Path) -> None:
    wheels = sorted((site / "pypi").glob("skye_widgets-*-py3-none-any.whl"))
    assert len(wheels) == 1, wheels
    wheel = wheels[0]
    index = json.loads((site / "pypi" / "all.json").read_text())
    (release,) = index["skye-widgets"]["releases"].values()
    assert release[0]["filename"] == wheel.name
    assert release[0]["digests"]["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    urls = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["pipliteUrls"]
    assert any(u.startswith("./pypi/all.json") for u in urls)
    # The wheel carries the rules and their data files (what the notebooks import).
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {n for n in _tracked("skye_widgets")
                if n.endswith(".py") or n.endswith("/py.typed") or (n.endswith(".json") and "/data/" in n)}
    assert expected
    assert expected <= names, sorted(expected - names)
    # ... and the puzzles, where the package looks for them, but not the lessons: the site serves those
    puzzles = {f"skye_widgets/_curriculum/{n}" for n in _tracked("puzzles") if n.endswith(".json")}
    assert puzzles and puzzles <= names, sorted(puzzles - names)
    assert not [n for n in names if n.endswith(".ipynb")]
    assert zipfile.ZipFile(wheel).testzip() is None


def test_jupyterlite_stays_out_of_the_test_environment() -> None:
    # The Pyodide kernel's lab extension breaks plain JupyterLab, so `make lite`
    # must install it only into build/lite-venv.
    labext = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite"
    assert not labext.exists()


@pytest.mark.browser
def test_site_opens_in_chromium_with_the_pyodide_kernel(site: Path, browser) -> None:
    """The static site, served on 127.0.0.1, opens the lab with our notebooks and the Pyodide kernel.

    Nothing but 127.0.0.1 is fetched: every other request is aborted, so the kernel itself
    (Pyodide comes from a CDN at start-up) is not started here - only the page is checked.
    """
    notebooks = sorted(p.name for p in (site / "files" / "notebooks").glob("*.ipynb")) \
        if (site / "files" / "notebooks").is_dir() else []
    with static_site(site) as base:
        context = browser.new_context(viewport={"width": 1300, "height": 800})
        try:
            page = context.new_page()
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
            page.goto(base + "/lab/index.html")
            # The launcher offers the Pyodide kernel: its extension loaded.
            page.get_by_text("Python (Pyodide)").first.wait_for(timeout=60_000)
            if notebooks:
                page.goto(base + "/lab/index.html?path=notebooks/" + notebooks[0])
                page.locator(".jp-Notebook").first.wait_for(timeout=60_000)
                page.locator(".jp-DirListing-itemText", has_text=notebooks[0]).first.wait_for(timeout=30_000)
                listed = page.locator(".jp-DirListing-itemText").all_inner_texts()
                assert sorted(listed) == notebooks
                # A notebook saved with the usual python3 kernelspec gets the Pyodide kernel.
                toolbar = page.locator(".jp-NotebookPanel-toolbar").first
                toolbar.get_by_text("Python (Pyodide)").first.wait_for(timeout=30_000)
            OUTPUT.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(OUTPUT / "lite_site.png"))
        finally:
            context.close()


# --- lite/offline.py (`make lite-offline`): the parts that need no network -------------------

def _offline_module():
    import importlib.util
    spec = importlib.util.spec_from_file_location("lite_offline", ROOT / "lite" / "offline.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def _wheel(folder: Path, name: str, version: str, requires: list[str]) -> Path:
    path = folder / f"{name}-{version}-py3-none-any.whl"
    meta = "Metadata-Version: 2.1\nName: {}\nVersion: {}\n".format(name, version)
    meta += "".join(f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(f"{name}-{version}.dist-info/METADATA", meta)
    return path


def test_offline_requirements_follow_pyodides_markers(tmp_path: Path) -> None:
    offline = _offline_module()
    whl = _wheel(tmp_path, "ipython", "9.12.0", [
        "decorator",
        "pexpect>4.3; sys_platform != 'win32' and sys_platform != 'emscripten'",
        "colorama; sys_platform == 'win32'",
        "typing_extensions>=4.6; python_version < '3.12'",
        "Stack_Data",
        "pytest; extra == 'test'",
    ])
    env = offline._marker_env("3.14.2")
    # Under Pyodide (emscripten, Python 3.14): no pexpect, no colorama, no backport, no extras.
    assert offline._requirements(whl, env) == ["decorator", "stack-data"]


def _fake_site(root: Path, lock_packages: dict) -> Path:
    static = root / "static" / "pyodide"
    static.mkdir(parents=True)
    offline = _offline_module()
    for name in offline.PYODIDE_RUNTIME:
        (static / name).write_bytes(b"x")
    (static / "pyodide-lock.json").write_text(json.dumps({"info": {}, "packages": lock_packages}))
    settings = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True}
    (root / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {"litePluginSettings": {
        "@jupyterlite/pyodide-kernel-extension:kernel": settings}}}))
    return static


def test_offline_check_accepts_a_lock_of_served_files_and_names_each_fault(tmp_path: Path) -> None:
    offline = _offline_module()
    good = tmp_path / "good"
    static = _fake_site(good, {})
    whl = _wheel(static, "micropip", "0.11.1", [])
    digest = hashlib.sha256(whl.read_bytes()).hexdigest()
    lock = {"micropip": {"file_name": whl.name, "sha256": digest, "depends": []}}
    (static / "pyodide-lock.json").write_text(json.dumps({"info": {}, "packages": lock}))
    assert offline.check_site(good) == []

    bad = tmp_path / "bad"
    static = _fake_site(bad, {
        "micropip": {"file_name": whl.name, "sha256": "0" * 64, "depends": ["packaging"]},
        "numpy": {"file_name": "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
                  "sha256": digest, "depends": []},
    })
    shutil.copy(whl, static / whl.name)
    (static / "python_stdlib.zip").unlink()
    faults = offline.check_site(bad)
    assert faults == [
        "static/pyodide/python_stdlib.zip is missing",
        f"{whl.name} does not match the lock's sha256",
        "micropip depends on packaging, which the lock does not list",
        "the lock names numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl (numpy), "
        "which the site does not serve",
    ]

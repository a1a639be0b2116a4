"""The wheel carries the curriculum: a `pip install` user gets the lessons and both games' puzzles.

The wheel is built from this checkout, installed into a new venv outside the source tree, and used
from another folder: the puzzle lists, the puzzles home, the daily puzzles and ``skye-widgets lessons``
must all find what the package ships, not what lies next to the source or in the working folder.
The new venv takes the wheel without its dependencies (no network needed) and sees this venv's
dependencies through a ``.pth`` path entry: such a path is not a site folder, so the editable install
of the checkout that lives there is never loaded, and ``skye_widgets`` can only be the wheel's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest
import setuptools

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


def _shipped_lessons() -> list[str]:
    from skye_widgets.curriculum import lesson_files

    return sorted(str(p) for p in lesson_files(ROOT / "notebooks"))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q",
                    "-w", str(out), str(ROOT)], check=True, capture_output=True, text=True, cwd=out)
    (whl,) = out.glob("skye_widgets-*.whl")
    return whl


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A new venv outside the source tree with the wheel installed; returns its python."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", "install", "--no-deps",
                    "--target", str(site), str(wheel)], check=True, capture_output=True, text=True)
    (site / "zz_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


def test_the_package_list_is_every_code_and_data_folder():
    """pyproject lists the packages and the folders of data files (the curriculum is mapped in beside
    them): a new code folder missing from the list would be left out of the wheel, and a data folder
    would make every install print a warning."""
    import tomllib

    listed = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    package = [p for p in listed if not p.startswith("skye_widgets._curriculum")]
    found = setuptools.find_namespace_packages(str(ROOT), include=["skye_widgets*"], exclude=["*__pycache__*"])
    assert sorted(package) == sorted(found)
    curriculum = [p for p in listed if p.startswith("skye_widgets._curriculum")]
    folders = {"skye_widgets._curriculum.notebooks", "skye_widgets._curriculum.puzzles"}
    folders |= {f"skye_widgets._curriculum.notebooks.{d.name}" for d in (ROOT / "notebooks").iterdir()
                if d.is_dir() and any(d.glob("*.ipynb"))}
    folders |= {f"skye_widgets._curriculum.puzzles.{d.name}" for d in (ROOT / "puzzles").iterdir() if d.is_dir()}
    assert sorted(curriculum) == sorted(folders)


def test_the_wheel_holds_every_lesson_and_puzzle(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    lessons = {n.removeprefix("skye_widgets/_curriculum/notebooks/") for n in names
               if n.startswith("skye_widgets/_curriculum/notebooks/")}
    assert sorted(lessons) == _shipped_lessons()
    for lang in ("pt", "pl", "fr", "es"):
        assert f"{lang}/00_welcome.ipynb" in lessons
    for game in ("skye", "hashi"):
        shipped = sorted(p.name for p in (ROOT / "puzzles" / game).glob("*.json"))
        assert shipped and sorted(n.rsplit("/", 1)[1] for n in names
                                  if n.startswith(f"skye_widgets/_curriculum/puzzles/{game}/")) == shipped
    assert not any("/locale/" in n and n.endswith((".pot", ".po")) and "_curriculum" in n for n in names)


def test_an_installed_wheel_finds_its_puzzles_from_anywhere(installed, tmp_path):
    elsewhere = tmp_path / "somewhere" / "else"
    elsewhere.mkdir(parents=True)
    code = """
import json, datetime
import skye_widgets
from skye_widgets.curriculum import source_folder
from skye_widgets.skye.puzzles import load_all as skye_puzzles
from skye_widgets.hashi.shipped import load_all as hashi_puzzles
from skye_widgets.widgets.puzzles_home import PuzzlesHome
home = PuzzlesHome(progress="progress.json")
print(json.dumps({"package": skye_widgets.__file__, "source": str(source_folder()),
                  "skye": [p.id for p in skye_puzzles()], "hashi": [p.id for p in hashi_puzzles()],
                  "home_skye": [p.id for p in home.skye_puzzles], "home_hashi": [p.id for p in home.hashi_puzzles],
                  "daily": [home.daily_skye.puzzle.id, home.daily_hashi.id]}))
"""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    out = subprocess.run([str(installed), "-c", code], cwd=elsewhere, check=True, capture_output=True,
                         text=True, env=env).stdout
    got = json.loads(out.strip().splitlines()[-1])
    assert not got["package"].startswith(str(ROOT)), got["package"]
    assert got["source"].endswith("skye_widgets/_curriculum") and not got["source"].startswith(str(ROOT))
    from skye_widgets.hashi.shipped import load_all as hashi_here
    from skye_widgets.skye.puzzles import load_all as skye_here

    want_skye = [p.id for p in skye_here(ROOT / "puzzles" / "skye")]
    want_hashi = [p.id for p in hashi_here(ROOT / "puzzles" / "hashi")]
    assert (len(want_skye), len(want_hashi)) == (53, 40)        # the curated sets as shipped today
    assert (got["skye"], got["hashi"]) == (want_skye, want_hashi)
    # the puzzles home: every shipped puzzle, then today's puzzle of each game
    assert got["home_skye"] == [*want_skye, got["daily"][0]]
    assert got["home_hashi"] == [*want_hashi, got["daily"][1]]


def test_lessons_from_an_installed_wheel_fill_a_folder_and_keep_the_learners_work(installed, tmp_path):
    cli = [str(installed), "-m", "skye_widgets", "lessons", "class"]
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    env["JUPYTER_DATA_DIR"] = str(tmp_path / "jupyter-data")
    first = subprocess.run(cli, cwd=tmp_path, check=True, capture_output=True, text=True, env=env).stdout
    lessons = sorted(str(p.relative_to(tmp_path / "class")) for p in (tmp_path / "class").rglob("*.ipynb"))
    assert lessons == _shipped_lessons()
    assert f"{len(lessons)} new lessons copied" in first
    mine = tmp_path / "class" / "03_areas.ipynb"
    mine.write_text(mine.read_text() + " ")                    # the learner's work
    (tmp_path / "class" / "pl" / "04_auction.ipynb").unlink()    # a lesson to start afresh
    again = subprocess.run(cli, cwd=tmp_path, check=True, capture_output=True, text=True, env=env).stdout
    assert "1 new lesson copied" in again
    assert mine.read_text().endswith(" ")
    assert (tmp_path / "class" / "pl" / "04_auction.ipynb").read_bytes() == \
        (ROOT / "notebooks" / "pl" / "04_auction.ipynb").read_bytes()

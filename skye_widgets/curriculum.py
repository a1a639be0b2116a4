"""Where the lessons and the puzzles are, and the learner's own copy of the lessons.

The curriculum is the notebooks (English in ``notebooks/``, each translation in ``notebooks/<lang>/``)
and both games' puzzles (``puzzles/skye/``, ``puzzles/hashi/``). An installed wheel carries them as
package data (``skye_widgets/_curriculum/``, see pyproject.toml); a source checkout, installed
editable or not at all, has them at its top. :func:`source_folder` finds them either way, whatever the
working folder is, so a puzzle widget, the puzzles home and the daily puzzles find the shipped puzzles
from a kernel started anywhere.

The learner never works in the tracked notebooks: :func:`copy_lessons` fills a folder of their own
with the lessons they do not have yet (the rule of the class server, deploy/jupyterhub): new lessons
appear, their work is never overwritten, and a deleted lesson comes back fresh.

>>> (source_folder() / "notebooks" / "00_welcome.ipynb").is_file()
True
>>> puzzles_folder("hashi").name, puzzles_folder("skye").parent.name
('hashi', 'puzzles')
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Iterator

from .errors import FileFormatError
from .i18n import _

#: The games whose puzzles ship with the package (``puzzles/<game>/``).
PUZZLE_GAMES = ("skye", "hashi")
#: The first page of the curriculum, relative to the lessons' folder.
WELCOME = "00_welcome.ipynb"

_HERE = Path(__file__).resolve().parent


def source_folder() -> Path:
    """The folder holding ``notebooks/`` and ``puzzles/``: the wheel's package data when installed
    from a wheel, else the top of the source checkout this module belongs to."""
    shipped = _HERE / "_curriculum"
    if (shipped / "notebooks").is_dir():
        return shipped
    return _HERE.parent


def notebooks_folder() -> Path:
    """The shipped notebooks (every language)."""
    return source_folder() / "notebooks"


def puzzles_folder(game: str) -> Path:
    """The shipped puzzles of ``game`` ("skye" or "hashi")."""
    if game not in PUZZLE_GAMES:
        raise ValueError(f"no shipped puzzles for {game!r}; the games are {', '.join(PUZZLE_GAMES)}")
    return source_folder() / "puzzles" / game


def lesson_files(source: Path | None = None) -> Iterator[Path]:
    """Every notebook of the curriculum under ``source`` (default: :func:`notebooks_folder`), as paths
    relative to it, sorted: the English ones, then each language's folder. Checkpoints, hidden files and
    the translators' catalogs (``locale/``) are not lessons."""
    top = notebooks_folder() if source is None else Path(source)
    for path in sorted(top.rglob("*.ipynb")):
        rel = path.relative_to(top)
        if any(part.startswith(".") or part == "locale" for part in rel.parts[:-1]) or rel.name.startswith("."):
            continue
        yield rel


def copy_lessons(dest: str | os.PathLike[str], source: str | os.PathLike[str] | None = None) -> list[Path]:
    """Copy into ``dest`` every lesson of ``source`` (default: the shipped notebooks) that ``dest``
    does not have yet; returns the files copied (paths in ``dest``). Nothing in ``dest`` is ever
    overwritten or removed.

    A ``dest`` that exists and is not a folder is a :class:`~skye_widgets.errors.FileFormatError`
    (one line naming it).
    """
    dest = Path(dest)
    src_top = notebooks_folder() if source is None else Path(source)
    if dest.exists() and not dest.is_dir():
        # Translators: the fault of a path given as the learner's own lessons folder (the path is shown before it)
        raise FileFormatError(dest, _("not a folder: choose a folder for your lessons"))
    copied: list[Path] = []
    for rel in lesson_files(src_top):
        target = dest / rel
        if target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.copying")
        shutil.copyfile(src_top / rel, tmp)         # whole or not at all: a stopped copy leaves no half lesson
        os.replace(tmp, target)
        copied.append(target)
    return copied


def unchanged_lessons(dest: str | os.PathLike[str], source: str | os.PathLike[str] | None = None) -> list[Path]:
    """The lessons in ``dest`` that are still byte for byte the shipped ones (never opened and saved)."""
    dest = Path(dest)
    src_top = notebooks_folder() if source is None else Path(source)
    same = []
    for rel in lesson_files(src_top):
        mine = dest / rel
        if mine.is_file() and mine.stat().st_size == (src_top / rel).stat().st_size \
                and mine.read_bytes() == (src_top / rel).read_bytes():
            same.append(mine)
    return same


def trust(paths: list[Path]) -> int:
    """Mark ``paths`` trusted for this user (as ``jupyter trust`` does), so JupyterLab shows their
    saved pictures as the lessons drew them. Only the shipped lessons are given to it: a notebook the
    learner saved is signed by Jupyter itself, and a notebook from elsewhere is never trusted here.
    Returns how many were signed; 0 when Jupyter (nbformat) is not installed."""
    try:
        import nbformat
        from nbformat.sign import NotebookNotary
    except ImportError:
        return 0
    notary = NotebookNotary()
    signed = 0
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        if not notary.check_signature(nb):
            notary.sign(nb)
        signed += 1
    return signed

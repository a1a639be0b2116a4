"""``skye-widgets lessons`` and ``skye-widgets lab``: the curriculum as a learner starts it.

``lessons FOLDER``
    Copy into FOLDER every lesson (all five languages) it does not have yet, and trust the shipped
    ones, so their saved pictures show as drawn. Nothing there is overwritten: new lessons appear,
    the learner's work stays, a deleted lesson comes back fresh (the class server's rule; a Zero to
    JupyterHub pod runs it at start, docs/classroom.md).

``lab [FOLDER] [--port N] [--no-browser]``
    The same, then JupyterLab on FOLDER (default ``my-lessons``), opened on the welcome notebook.
    The address it prints, with its token, opens that notebook. Root may run it too (a container, a
    new machine): the flag Jupyter asks of root is given for them. ``make lab`` runs this.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

from . import curriculum
from .cli import COMMAND_HELP, add_json_flag, emit
from .errors import DataError
from .i18n import _, ngettext

#: The learner's folder when none is given (``make lab`` uses it too; git ignores it).
DEFAULT_FOLDER = "my-lessons"


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add ``lessons`` and ``lab`` to ``sub``."""
    p = sub.add_parser("lessons", help=str(COMMAND_HELP["lessons"]),
                       description=_("Copy every lesson (all languages) that FOLDER does not have yet; "
                                     "your own work there is never overwritten."))
    p.add_argument("folder", metavar="FOLDER", help=_("your lessons' folder (made if missing)"))
    add_json_flag(p)
    p.set_defaults(func=cmd_lessons)

    p = sub.add_parser("lab", help=str(COMMAND_HELP["lab"]),
                       description=_("Copy the lessons you do not have yet into FOLDER, then open JupyterLab "
                                     "there on the welcome notebook."))
    # Translators: {folder} is the default folder's name (not translated)
    p.add_argument("folder", metavar="FOLDER", nargs="?", default=DEFAULT_FOLDER,
                   help=_("your lessons' folder (default: {folder})").format(folder=DEFAULT_FOLDER))
    p.add_argument("--port", type=int, default=None, help=_("the port JupyterLab listens on (default: 8888, or the next free one)"))
    p.add_argument("--no-browser", action="store_true", help=_("do not open a browser; open the address JupyterLab prints"))
    p.set_defaults(func=cmd_lab)


def prepare(folder: str | os.PathLike[str]) -> tuple[list[Path], int]:
    """Copy the missing lessons into ``folder`` and trust every shipped lesson there that is still
    as shipped; returns (the files copied, how many lessons are trusted)."""
    copied = curriculum.copy_lessons(folder)
    return copied, curriculum.trust(curriculum.unchanged_lessons(folder))


def lab_command(folder: str | os.PathLike[str], port: int | None = None, open_browser: bool = True,
                root: bool | None = None) -> list[str]:
    """The JupyterLab command line that serves ``folder`` and opens the welcome notebook.

    >>> cmd = lab_command("my-lessons", port=8890, root=False)
    >>> cmd[1:3], "--LabApp.default_url=/lab/tree/00_welcome.ipynb" in cmd, "--allow-root" in cmd
    (['-m', 'jupyterlab'], True, False)
    >>> "--allow-root" in lab_command("my-lessons", root=True)
    True
    """
    if root is None:
        root = hasattr(os, "geteuid") and os.geteuid() == 0
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={Path(folder).resolve()}",
           "--ServerApp.ip=127.0.0.1", f"--LabApp.default_url=/lab/tree/{curriculum.WELCOME}"]
    if port is not None:
        cmd.append(f"--port={port}")
    if not open_browser:
        cmd.append("--no-browser")
    if root:
        cmd.append("--allow-root")      # Jupyter refuses root without it; a container or a new machine is root
    return cmd


def cmd_lessons(args: argparse.Namespace) -> int:
    copied, trusted = prepare(args.folder)
    folder = Path(args.folder)
    emit(args, lambda: {"folder": str(folder), "copied": [p.relative_to(folder).as_posix() for p in copied],
                        "kept": sum(1 for _path in curriculum.lesson_files()) - len(copied), "trusted": trusted},
         lambda: _report(args.folder, copied))
    return 0


def cmd_lab(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("jupyterlab") is None:
        raise DataError(_("JupyterLab is not installed here: pip install 'skye-widgets[lab]'"))
    copied, _trusted = prepare(args.folder)
    _report(args.folder, copied)
    cmd = lab_command(args.folder, port=args.port, open_browser=not args.no_browser)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(cmd[0], cmd)       # JupyterLab takes the terminal: Ctrl-C stops it as usual
    return 0                    # pragma: no cover


def _report(folder: str | os.PathLike[str], copied: list[Path]) -> None:
    # Translators: {count} lessons were copied into the folder {folder}
    print(ngettext("{count} new lesson copied into {folder}.", "{count} new lessons copied into {folder}.",
                   len(copied)).format(count=len(copied), folder=folder))
    total = sum(1 for _path in curriculum.lesson_files())
    kept = total - len(copied)
    if kept:
        # Translators: {count} lessons the folder had already (the learner's own copies) were left as they are
        print(ngettext("{count} lesson you already had is kept as it is.",
                       "{count} lessons you already had are kept as they are.", kept).format(count=kept))

"""The player's puzzle progress, both games, in one small JSON file.

For every puzzle the player touched (key ``"<game>:<puzzle id>"``, e.g.
``"skye:d1-farms"`` or ``"hashi:01_easy_1"``): whether it is solved, the best
score reached (Isle of Skye; ``None`` for Hashi) and the hints used (the
fewest of a solving run once solved, else the most asked for so far).

The file lives in the user's data folder: ``$SKYE_WIDGETS_DATA_DIR/progress.json``
when that variable is set, else ``~/.skye-widgets/progress.json`` (the folder the
earlier solved-puzzle list used, so one place holds all the player's data). Its
size is bounded (:data:`MAX_PROGRESS_FILE_BYTES`, :data:`MAX_ENTRIES`); saves are
atomic (:func:`skye_widgets.errors.write_json`) and merge with what another
notebook saved meanwhile. A corrupt or unreadable file gives one warning line
(in :attr:`ProgressStore.warning` and once as a Python warning) and a fresh
start; it is replaced at the next save. An old ``solved.json`` beside it (the
Isle of Skye solved list) is read once into a new progress file.

>>> import tempfile, pathlib
>>> store = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "progress.json")
>>> store.record("skye", "d1-farms", score=5, hints=1)
True
>>> store.record("skye", "d1-farms", score=7, solved=True, hints=2)
True
>>> store.get("skye", "d1-farms")
Entry(solved=True, best=7, hints=2)
>>> ProgressStore(store.path).get("skye", "d1-farms").best
7
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import FileFormatError, read_json, save_json
from .i18n import _, lazy, ngettext

DATA_DIR_ENV = "SKYE_WIDGETS_DATA_DIR"
FORMAT = "skye-widgets-progress/1"
GAMES = ("skye", "hashi")
MAX_PROGRESS_FILE_BYTES = 2_000_000     # 10 000 entries of ~60 bytes are ~600 kB
MAX_ENTRIES = 10_000
MAX_ID_LENGTH = 200
MAX_COUNT = 1_000_000                   # scores and hint counts: far above any real one

# user-facing messages (whole sentences, named placeholders; marked, translated when used)
# Translators: {path} is a file, {fault} why it could not be read or written (already translated).
READ_FAILED = lazy("Could not read your puzzle progress {path} ({fault}); starting fresh.")
SAVE_FAILED = lazy("Could not save your puzzle progress to {path} ({fault}).")


def data_dir() -> Path:
    """The user's data folder (``$SKYE_WIDGETS_DATA_DIR`` or ``~/.skye-widgets``)."""
    folder = os.environ.get(DATA_DIR_ENV)
    return Path(folder).expanduser() if folder else Path.home() / ".skye-widgets"


def default_progress_path() -> Path:
    """``<data folder>/progress.json`` (looked up when needed)."""
    return data_dir() / "progress.json"


@dataclass(frozen=True)
class Entry:
    """One puzzle's progress."""

    solved: bool = False
    best: int | None = None
    hints: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"solved": self.solved, "best": self.best, "hints": self.hints}


def _count(value: Any, what: str, allow_none: bool = False) -> Any:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not -MAX_COUNT <= value <= MAX_COUNT:
        raise ValueError(f"{what} must be a whole number up to {MAX_COUNT}, not {str(value)[:40]}")
    return value


def _entry(value: Any) -> Entry:
    if not isinstance(value, dict):
        raise ValueError(f"an entry must be an object, not {type(value).__name__}")
    solved = value.get("solved", False)
    if not isinstance(solved, bool):
        raise ValueError("'solved' must be true or false")
    return Entry(solved, _count(value.get("best"), "'best'", allow_none=True),
                 max(0, _count(value.get("hints", 0), "'hints'")))


def key_of(game: str, puzzle_id: str) -> str:
    """``"skye:d1-farms"``; raises ValueError for an unknown game or a bad id."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: use {' or '.join(GAMES)}")
    if not isinstance(puzzle_id, str) or not 0 < len(puzzle_id) <= MAX_ID_LENGTH:
        raise ValueError(f"a puzzle id must be a text of 1-{MAX_ID_LENGTH} characters")
    return f"{game}:{puzzle_id}"


def read_progress(path: Path) -> dict[str, Entry]:
    """The entries of a progress file; ``{}`` when missing; FileFormatError (one line) for any fault."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return {}
    except OSError as e:
        raise FileFormatError(path, e.strerror or str(e)) from None
    if size > MAX_PROGRESS_FILE_BYTES:
        raise FileFormatError(path, _("{size} bytes, more than the {most} a progress file may have").format(
            size=size, most=MAX_PROGRESS_FILE_BYTES))
    data = read_json(path)
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("puzzles"), dict):
        raise FileFormatError(path, _('expected {{"format": "{format}", "puzzles": {{...}}}}').format(format=FORMAT))
    puzzles = data["puzzles"]
    if len(puzzles) > MAX_ENTRIES:
        raise FileFormatError(path, ngettext("{count} puzzles, more than {most}", "{count} puzzles, more than {most}",
                                             len(puzzles)).format(count=len(puzzles), most=MAX_ENTRIES))
    out: dict[str, Entry] = {}
    for key, value in puzzles.items():
        game, _colon, pid = key.partition(":")
        try:
            key_of(game, pid)
            out[key] = _entry(value)
        except ValueError as e:
            raise FileFormatError(path, _("puzzle {key}: {fault}").format(key=repr(key[:60]), fault=e)) from None
    return out


def _merge(a: Entry, b: Entry) -> Entry:
    """Both records of one puzzle as one: solved if either is, the better score, the right hint count."""
    best = max((s for s in (a.best, b.best) if s is not None), default=None)
    if a.solved and b.solved:
        hints = min(a.hints, b.hints)
    elif a.solved or b.solved:
        hints = a.hints if a.solved else b.hints
    else:
        hints = max(a.hints, b.hints)
    return Entry(a.solved or b.solved, best, hints)


class ProgressStore:
    """Solved, best score and hints used per puzzle of both games (see the module docstring).

    ``path``: the file (default :func:`default_progress_path`). Saving never
    raises: a failure is reported in :attr:`warning` and the method returns False.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_progress_path()
        self.warning = ""
        self.entries: dict[str, Entry] = self._load()
        if self.warning:
            warnings.warn(self.warning, stacklevel=2)

    def _load(self) -> dict[str, Entry]:
        try:
            found = read_progress(self.path)
        except FileFormatError as e:
            self.warning = READ_FAILED.format(path=self.path, fault=e.fault)
            return {}
        if not found and not self.path.exists():
            return self._migrate()
        return found

    def _migrate(self) -> dict[str, Entry]:
        """The Isle of Skye ids of an old ``solved.json`` in the same folder (a bad one is ignored)."""
        old = self.path.with_name("solved.json")
        try:
            if not old.is_file() or old.stat().st_size > MAX_PROGRESS_FILE_BYTES:
                return {}
            data = read_json(old)
        except (OSError, FileFormatError):
            return {}
        ids = data.get("solved") if isinstance(data, dict) else None
        if not isinstance(ids, list):
            return {}
        return {f"skye:{i}": Entry(solved=True) for i in ids[-MAX_ENTRIES:]
                if isinstance(i, str) and 0 < len(i) <= MAX_ID_LENGTH}

    # -- reading ----------------------------------------------------------------
    def get(self, game: str, puzzle_id: str) -> Entry:
        """The entry of one puzzle (an empty one when never played)."""
        return self.entries.get(key_of(game, puzzle_id), Entry())

    def is_solved(self, game: str, puzzle_id: str) -> bool:
        return self.get(game, puzzle_id).solved

    def solved_ids(self, game: str) -> list[str]:
        """The solved puzzle ids of one game, in the order they were first recorded."""
        return [k.partition(":")[2] for k, e in self.entries.items() if e.solved and k.startswith(game + ":")]

    def next_unsolved(self, game: str, ids: list[str]) -> str | None:
        """The first id of ``ids`` (a difficulty path) not solved yet, or None when all are."""
        return next((i for i in ids if not self.is_solved(game, i)), None)

    # -- writing ----------------------------------------------------------------
    def record(self, game: str, puzzle_id: str, *, score: int | None = None, solved: bool = False,
               hints: int = 0) -> bool:
        """Add one attempt's result and save; False (and :attr:`warning`) when saving failed."""
        key = key_of(game, puzzle_id)
        new = Entry(bool(solved), None if score is None else _count(score, "score"), max(0, _count(hints, "hints")))
        self.entries[key] = _merge(self.entries.get(key, Entry()), new)
        return self.save()

    def save(self) -> bool:
        """Write the file atomically, merged with what is on disk now (a corrupt file is replaced)."""
        try:
            on_disk = read_progress(self.path)
        except FileFormatError:
            on_disk = {}
        merged = dict(on_disk)
        for k, e in self.entries.items():
            merged[k] = _merge(merged[k], e) if k in merged else e
        if len(merged) > MAX_ENTRIES:     # the oldest entries go first (dicts keep insertion order)
            merged = dict(list(merged.items())[-MAX_ENTRIES:])
        self.entries = merged
        fault = save_json(self.path, {"format": FORMAT, "puzzles": {k: e.to_dict() for k, e in merged.items()}})
        if fault is not None:
            self.warning = SAVE_FAILED.format(path=self.path, fault=fault)
            return False
        return True

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

**A page served by Voilà** (:func:`page_progress`) is seen by everyone who opens the server's
address, each in their own kernel, all as the one server user: that user's ``progress.json``
would be shared by the whole class. So under Voilà the progress is the visitor's own, keyed by
the id in the page's address (``?visitor=<id>``, 6-64 letters, digits, ``-`` or ``_``): it is
kept in ``<data folder>/visitors/<id>.json``. Without an id (or with a bad one) the page keeps
the progress in memory for that visit only, reads and writes no file, and says so in one line
with the visitor's own link to bookmark (a fresh random id). JupyterLab and JupyterHub kernels
(not Voilà) keep using the user's own ``progress.json``.

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
import re
import secrets
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

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
# Translators: the puzzles page served by Voilà, with the visitor's id in its address.
VISITOR_KEPT = lazy("Your progress is kept for this page's address: bookmark it to come back to your progress.")
# Translators: the puzzles page served by Voilà, opened without a visitor id; {link} is the visitor's own link.
VISITOR_NONE = lazy("Your progress is kept only until you close this page. To keep it, open your own link "
                    "and bookmark it: {link}")
# Translators: {value} is what the page's address gave as the visitor id; {least} and {most} are
# lengths; {link} is a new link of the visitor's own.
VISITOR_BAD = lazy("The visitor id in this page's address cannot be used ({value}): an id has {least} to {most} "
                   "letters, digits, - or _. Your progress is kept only until you close this page; your own "
                   "link is: {link}")
# Translators: why a visitor's progress could not be saved (the server's folder of visitors is full).
TOO_MANY_VISITORS = lazy("the server already keeps the progress of {most} visitors")

VISITOR_PARAM = "visitor"
MIN_VISITOR_ID, MAX_VISITOR_ID = 6, 64
VISITOR_ID = re.compile(rf"[A-Za-z0-9_-]{{{MIN_VISITOR_ID},{MAX_VISITOR_ID}}}")
VISITORS_DIR = "visitors"
MAX_VISITORS = 10_000                   # visitor files in one folder: a new visitor beyond gets a warning


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

    #: the most progress files the folder may hold before a new one is refused (None: no limit)
    max_files: int | None = None

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
        if self.max_files is not None and not self.path.exists() and _json_files(self.path.parent) >= self.max_files:
            fault: str | None = TOO_MANY_VISITORS.format(most=self.max_files)
        else:
            fault = save_json(self.path, {"format": FORMAT, "puzzles": {k: e.to_dict() for k, e in merged.items()}})
        if fault is not None:
            self.warning = SAVE_FAILED.format(path=self.path, fault=fault)
            return False
        return True


def _json_files(folder: Path) -> int:
    try:
        return sum(1 for p in folder.iterdir() if p.suffix == ".json")
    except OSError:
        return 0


class VisitorProgressStore(ProgressStore):
    """One Voilà visitor's progress: ``<data folder>/visitors/<id>.json`` (the folder holds at most
    :data:`MAX_VISITORS` files; a new visitor beyond gets a warning, never an error)."""

    max_files = MAX_VISITORS

    def __init__(self, visitor: str, folder: str | os.PathLike[str] | None = None) -> None:
        if not valid_visitor(visitor):
            raise ValueError(f"a visitor id has {MIN_VISITOR_ID}-{MAX_VISITOR_ID} letters, digits, - or _")
        self.visitor = visitor
        super().__init__((Path(folder) if folder is not None else data_dir() / VISITORS_DIR) / f"{visitor}.json")

    def _migrate(self) -> dict[str, Entry]:
        return {}                       # an old solved list is the server user's, not a visitor's


class MemoryProgressStore(ProgressStore):
    """Progress kept for one visit only: no file read, none written (``path`` is None)."""

    def __init__(self) -> None:                 # pylint: disable=super-init-not-called
        self.path = None                        # type: ignore[assignment]
        self.warning = ""
        self.entries = {}

    def save(self) -> bool:
        if len(self.entries) > MAX_ENTRIES:
            self.entries = dict(list(self.entries.items())[-MAX_ENTRIES:])
        return True


def valid_visitor(visitor: Any) -> bool:
    """A visitor id: 6-64 letters, digits, ``-`` or ``_`` (a safe file name, hard to guess when random)."""
    return isinstance(visitor, str) and VISITOR_ID.fullmatch(visitor) is not None


def new_visitor() -> str:
    """A fresh random visitor id (16 characters of ``[A-Za-z0-9_-]``)."""
    return secrets.token_urlsafe(12)


def under_voila(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this kernel serves a Voilà page (Voilà gives each page's kernel ``VOILA_*`` variables)."""
    env = os.environ if environ is None else environ
    return any(k in env for k in ("VOILA_REQUEST_URL", "VOILA_PREHEAT", "VOILA_KERNEL_ID"))


def _query(env: Mapping[str, str]) -> str:
    """The page's query string. A pre-heated Voilà kernel learns it only when a visitor comes:
    Voilà's own helper waits for it (run only when this is that kernel's environment)."""
    if env.get("VOILA_PREHEAT") == "True" and env is os.environ:
        try:
            from voila.utils import get_query_string      # pylint: disable=import-outside-toplevel
            return get_query_string() or ""
        except Exception:  # noqa: BLE001 - no query then: the visit is kept in memory
            return ""
    return env.get("QUERY_STRING", "")


def own_link(visitor: str, environ: Mapping[str, str] | None = None) -> str:
    """The page's address (as Voilà saw it) with ``visitor=<visitor>`` in place of any visitor id.

    A pre-heated kernel is not told the whole address, only its path and query (``SCRIPT_NAME``,
    ``QUERY_STRING``): the link is then that path and query, which a browser opens on the same server."""
    env = os.environ if environ is None else environ
    url = (env.get("VOILA_REQUEST_URL")
           or urlunsplit(("", "", env.get("SCRIPT_NAME", ""), env.get("QUERY_STRING", ""), "")))
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != VISITOR_PARAM]
    return urlunsplit(parts._replace(query=urlencode([*query, (VISITOR_PARAM, visitor)])))


@dataclass
class PageProgress:
    """The progress a page uses, and what the page says about it.

    ``kind``: ``"home"`` (not Voilà: the user's own ``progress.json``; nothing to say),
    ``"visitor"`` (Voilà, a valid id: that visitor's file), ``"none"`` (Voilà, no id) or
    ``"bad"`` (Voilà, an unusable id, in ``bad``): in memory only, with ``link``, the visitor's own
    link to bookmark.
    """

    store: ProgressStore
    kind: str
    link: str = ""
    bad: str = ""

    def notice(self) -> str:
        """The one line a page shows about where its progress is kept (``""`` when nothing to say),
        in the language spoken now; ``{link}`` is left for the page to fill (text or HTML)."""
        if self.kind == "visitor":
            return str(VISITOR_KEPT)
        if self.kind == "none":
            return str(VISITOR_NONE)
        if self.kind == "bad":
            return str(VISITOR_BAD)
        return ""

    def notice_text(self) -> str:
        """:meth:`notice` as plain text, the link and the bad id filled in."""
        return self.notice().format(link=self.link, value=repr(self.bad[:40]), least=MIN_VISITOR_ID,
                                    most=MAX_VISITOR_ID)

    def notice_html(self) -> str:
        """:meth:`notice` as HTML: the text escaped, the link a link (``""`` when nothing to say)."""
        link = f'<a href="{escape(self.link)}">{escape(self.link)}</a>'
        return escape(self.notice()).format(link=link, value=escape(repr(self.bad[:40])), least=MIN_VISITOR_ID,
                                            most=MAX_VISITOR_ID)


def store_for(progress: ProgressStore | str | os.PathLike[str] | None) -> PageProgress:
    """A widget's ``progress`` argument as a :class:`PageProgress`: a store or a file as given
    (``kind`` ``"given"``), else :func:`page_progress`."""
    if isinstance(progress, ProgressStore):
        return PageProgress(progress, "given")
    if progress is not None:
        return PageProgress(ProgressStore(progress), "given")
    return page_progress()


def page_progress(environ: Mapping[str, str] | None = None) -> PageProgress:
    """The progress for a page opened now (see the module docstring): the user's own file outside
    Voilà; under Voilà, the visitor's file for ``?visitor=<id>``, else memory only and a new link."""
    env = os.environ if environ is None else environ
    if not under_voila(env):
        return PageProgress(ProgressStore(), "home")
    values = [v for k, v in parse_qsl(_query(env), keep_blank_values=True) if k == VISITOR_PARAM]
    if not values:
        return PageProgress(MemoryProgressStore(), "none", own_link(new_visitor(), env))
    if len(set(values)) == 1 and valid_visitor(values[0]):
        return PageProgress(VisitorProgressStore(values[0]), "visitor", own_link(values[0], env))
    return PageProgress(MemoryProgressStore(), "bad", own_link(new_visitor(), env), bad=" ".join(values))

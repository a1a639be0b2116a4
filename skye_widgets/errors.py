"""Exceptions shared by every game.

Rules errors are ``ValueError`` subclasses: the ones every game shares are
here (a malformed action, a wrong phase, a bad set-up, a tile on an occupied
cell, ...); an error only one game has is defined next to the rule it enforces
(for example :class:`skye_widgets.skye.territory.TerrainMismatchError`). They
all derive from :class:`RulesError`, so callers can catch any illegal move, and
each is defined once. Files that cannot be used raise :class:`FileFormatError`.
"""

from __future__ import annotations

import json
import os
import stat
from typing import Any

from .i18n import _, lazy
from .limits import MAX_FILE_BYTES, MAX_JSON_DEPTH, has_control, json_depth, short


class RulesError(ValueError):
    """An illegal move or action; the state it was tried on is unchanged."""


class BadConfigError(RulesError):
    """A game set up with impossible options (player count, names, seed, side...)."""


class GameOverError(RulesError):
    """An action after the end of the game."""


class WrongPhaseError(RulesError):
    """An action of a kind the game does not take now."""


class NotYourTurnError(RulesError):
    """An action for a player who is not to act now."""


class NotAnActionError(RulesError):
    """Not a well-formed action of this game (wrong type, a field of the wrong
    type such as a float or bool for a whole number, or out of bounds)."""


class NoActionToUndoError(RulesError):
    """``undo()`` with nothing to take back."""


class IllegalPlacementError(RulesError):
    """A tile cannot go where it was asked to; the message says why."""


class CellOccupiedError(IllegalPlacementError):
    """The cell already holds a tile (tiles are never moved)."""


class BadRotationError(IllegalPlacementError):
    """The rotation is not 0, 1, 2 or 3 quarter turns (or not the one name of a symmetric tile's turn)."""


class DataError(ValueError):
    """Plain data (what ``from_dict`` reads) that does not describe a valid board,
    puzzle, territory or game; the loaders turn it into a :class:`FileFormatError`
    naming the file."""


class FileFormatError(ValueError):
    """A file that cannot be used; the message names the file and the fault.

    >>> str(FileFormatError("game.json", "line 3: expected ','"))
    "game.json: line 3: expected ','"
    """

    def __init__(self, path: str | os.PathLike[str], fault: str) -> None:
        self.path = os.fspath(path)
        self.fault = fault
        super().__init__(f"{self.path}: {fault}")


#: A player's name holding a control character (:func:`~skye_widgets.limits.has_control`), refused
#: wherever a name comes in (a game's set-up, a saved game, a territory file, the command line).
# Translators: {value} is the name given, in quotes, its control characters written as \n, \x1b, ...
CONTROL_IN_NAME = lazy("A player's name has no control characters (line breaks, tabs, escapes), not {value}.")


def control_in_names(names: Any) -> str | None:
    """The fault of the first name in ``names`` holding a control character, or None
    (what is not a text is left to the caller's other checks).

    >>> control_in_names(["Ann", "Bob"]) is None
    True
    >>> print(control_in_names(["Ann", "a\\nb"]))
    A player's name has no control characters (line breaks, tabs, escapes), not 'a\\nb'.
    """
    for n in names:
        if isinstance(n, str) and has_control(n):
            return CONTROL_IN_NAME.format(value=short(n))
    return None


def read_text(path: str | os.PathLike[str]) -> str:
    """Read a UTF-8 text file, turning every failure into one :class:`FileFormatError`.

    A file larger than :data:`~skye_widgets.limits.MAX_FILE_BYTES` is refused
    before it is read, and so is anything that is not a regular file (a named
    pipe, a device, a socket): reading one could wait for ever or never end.
    """
    try:
        # O_NONBLOCK: opening a named pipe (mkfifo) must not wait for a writer; the mode is
        # checked on the open file itself, so nothing can swap it in between.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise FileFormatError(path, _("no such file")) from None
    except IsADirectoryError:
        raise FileFormatError(path, _("is a directory, not a file")) from None
    except OSError as e:
        raise FileFormatError(path, e.strerror or str(e)) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise FileFormatError(path, _("is a directory, not a file"))
        if not stat.S_ISREG(mode):
            # Translators: a path that names a named pipe (FIFO), a device or a socket, not a file on disk
            raise FileFormatError(path, _("is not a regular file (a pipe, a device or a socket)"))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        with os.fdopen(fd, "rb") as f:
            fd = -1                     # the file object closes it
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise FileFormatError(path, e.strerror or str(e)) from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        raise FileFormatError(path, _("larger than {size} MB (no file of this program is that big)").format(
            size=MAX_FILE_BYTES // 2**20))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        # Translators: {byte} is a position in the file, counted from 0
        raise FileFormatError(path, _("not UTF-8 text (byte {byte} cannot be read)").format(byte=e.start)) from None


def read_json(path: str | os.PathLike[str]) -> Any:
    """Parse a JSON file, turning every failure into one :class:`FileFormatError`.

    Arrays and objects nested deeper than :data:`~skye_widgets.limits.MAX_JSON_DEPTH`
    are refused (no file of this program nests that deep).
    """
    text = read_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise FileFormatError(path, json_fault(e)) from None
    except RecursionError:
        raise FileFormatError(path, _("JSON nested too deeply")) from None
    except ValueError:    # e.g. an integer of more than 4300 digits
        raise FileFormatError(path, _("unreadable JSON (a number is too long)")) from None
    if json_depth(data) > MAX_JSON_DEPTH:
        raise FileFormatError(path, _("JSON nested more than {depth} levels deep").format(depth=MAX_JSON_DEPTH))
    return data


#: What :mod:`json` says of a file that does not parse (its English ``msg``), as texts to translate.
JSON_REASONS = {
    "Expecting value": lazy("Expecting value"),
    "Expecting ',' delimiter": lazy("Expecting ',' delimiter"),
    "Expecting ':' delimiter": lazy("Expecting ':' delimiter"),
    "Expecting property name enclosed in double quotes": lazy("Expecting property name enclosed in double quotes"),
    "Extra data": lazy("Extra data"),
    "Unterminated string starting at": lazy("Unterminated string starting at"),
    "Invalid control character at": lazy("Invalid control character at"),
}


def json_fault(e: json.JSONDecodeError) -> str:
    """The fault of a JSON text that does not parse, in the current language.

    >>> try:
    ...     json.loads("[1 2]")
    ... except json.JSONDecodeError as e:
    ...     json_fault(e)
    "malformed JSON at line 1, column 4: Expecting ',' delimiter"
    """
    reason = JSON_REASONS.get(e.msg)
    if reason is None:
        return _("malformed JSON at line {line}, column {column}").format(line=e.lineno, column=e.colno)
    # Translators: {reason} is one of the JSON faults ("Expecting value", ...), translated
    return _("malformed JSON at line {line}, column {column}: {reason}").format(
        line=e.lineno, column=e.colno, reason=reason)


def _default_mode() -> int:
    """The permission bits a plain ``open(path, "w")`` would give a new file (0o666 minus the umask)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


_NEW_FILE_MODE = _default_mode()


def _fsync_folder(folder: str) -> None:
    """Make a rename in ``folder`` durable (POSIX); a no-op where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` (``str`` as UTF-8) to ``path`` atomically: readers see the old file or the new one.

    The one writer behind every file the project writes. The bytes go to a
    temporary file in the target's folder (``.NAME.XXXXXX.tmp``), which is
    flushed and fsynced, then renamed over ``path`` (``os.replace``); the folder
    is fsynced too (best effort). On *any* failure, including an interrupt, the
    temporary file is removed and the old ``path`` is left as it was. An
    ``OSError`` becomes one :class:`FileFormatError` ("cannot write: ..."); other
    exceptions pass through unchanged. A new file gets the usual permissions
    (0o666 minus the umask); an existing one keeps its own.
    """
    target = os.fspath(path)
    folder, name = os.path.split(target)
    folder = folder or os.curdir
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    try:
        import tempfile             # here: only writers need it, and every command imports this module

        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    except OSError as e:
        # Translators: {reason} is the system's reason (in English), e.g. "No space left on device"
        raise FileFormatError(path, _("cannot write: {reason}").format(reason=e.strerror or e)) from None
    try:
        try:
            with os.fdopen(fd, "wb") as f:
                if hasattr(os, "fchmod"):
                    try:
                        mode = os.stat(target).st_mode & 0o7777
                    except OSError:
                        mode = _NEW_FILE_MODE
                    os.fchmod(f.fileno(), mode)
                f.write(raw)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
        except BaseException:
            try:
                os.remove(tmp)
            except OSError:
                pass
            raise
    except OSError as e:
        # Translators: {reason} is the system's reason (in English), e.g. "No space left on device"
        raise FileFormatError(path, _("cannot write: {reason}").format(reason=e.strerror or e)) from None
    _fsync_folder(folder)


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write UTF-8 ``text`` to ``path`` through :func:`write_atomic`."""
    write_atomic(path, text)


def write_json(path: str | os.PathLike[str], data: Any) -> None:
    """Write ``data`` as pretty, stable JSON through :func:`write_atomic`.

    Failures (a missing folder, a directory in the way, no permission) raise
    :class:`FileFormatError` and leave no temporary file behind; data that
    cannot be serialised raises ``TypeError``/``ValueError`` before anything is
    written.
    """
    write_atomic(path, json.dumps(data, indent=1, sort_keys=False) + "\n")


def save_json(path: str | os.PathLike[str], data: Any) -> str | None:
    """Write ``data`` as JSON to ``path`` (its folder made if missing), for files a person keeps
    between sessions (progress): ``None`` when saved, else the fault in words, so the caller can
    warn in one line and carry on instead of failing."""
    try:
        os.makedirs(os.path.dirname(os.fspath(path)) or ".", exist_ok=True)
        write_json(path, data)
    except OSError as e:
        return str(e.strerror or e)
    except FileFormatError as e:
        return e.fault
    return None


"""Exceptions shared by every game.

Rules errors are ``ValueError`` subclasses defined next to the rule they
enforce (for example :class:`skye_widgets.skye.territory.IllegalPlacementError`);
they all derive from :class:`RulesError` so callers can catch any illegal move.
"""

from __future__ import annotations

import json
import os
from typing import Any


class RulesError(ValueError):
    """An illegal move or action; the state it was tried on is unchanged."""


class FileFormatError(ValueError):
    """A file that cannot be used; the message names the file and the fault.

    >>> str(FileFormatError("game.json", "line 3: expected ','"))
    "game.json: line 3: expected ','"
    """

    def __init__(self, path: str | os.PathLike[str], fault: str) -> None:
        self.path = os.fspath(path)
        self.fault = fault
        super().__init__(f"{self.path}: {fault}")


def read_text(path: str | os.PathLike[str]) -> str:
    """Read a UTF-8 text file, turning every failure into one :class:`FileFormatError`."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise FileFormatError(path, "no such file") from None
    except IsADirectoryError:
        raise FileFormatError(path, "is a directory, not a file") from None
    except UnicodeDecodeError as e:
        raise FileFormatError(path, f"not UTF-8 text ({e.reason} at byte {e.start})") from None
    except OSError as e:
        raise FileFormatError(path, e.strerror or str(e)) from None


def read_json(path: str | os.PathLike[str]) -> Any:
    """Parse a JSON file, turning every failure into one :class:`FileFormatError`."""
    text = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise FileFormatError(path, f"malformed JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
    except RecursionError:
        raise FileFormatError(path, "JSON nested too deeply") from None
    except ValueError as e:    # e.g. an integer of more than 4300 digits
        raise FileFormatError(path, f"unreadable JSON: {e}") from None


def write_json(path: str | os.PathLike[str], data: Any) -> None:
    """Write ``data`` as pretty, stable JSON (atomically: a crash leaves the old file).

    Failures (a missing folder, a directory in the way, no permission) raise
    :class:`FileFormatError` and leave no temporary file behind.
    """
    tmp = f"{os.fspath(path)}.tmp-{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=False)
            f.write("\n")
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise FileFormatError(path, f"cannot write: {e.strerror or e}") from None

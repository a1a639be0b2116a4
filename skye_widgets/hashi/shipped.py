"""The 40 shipped Hashiwokakero puzzles (``puzzles/hashi/*.json``), easiest first.

Each file holds the puzzle and its grade (``difficulty``: easy, medium, hard,
expert - 1 to 4 stars - the hardest rung of :mod:`.ladder` its hints need, on
the scale of Simon Tatham's Bridges); the id is the file's stem (``01_easy_1``).
The first 32 were graded otherwise when they were made: their ids keep that first
grade, which their ``first_difficulty`` records (``04_easy_4`` is hard now).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..curriculum import puzzles_folder
from ..errors import FileFormatError, read_json
from ..i18n import _
from .generator import DIFFICULTY_NAMES, difficulty_word, parse_difficulty
from .puzzle import HashiPuzzle

MAX_STARS = 4


@dataclass(frozen=True)
class ShippedHashi:
    """One shipped puzzle, with its id and grade."""

    id: str
    puzzle: HashiPuzzle
    difficulty: int

    @property
    def title(self) -> str:
        return self.puzzle.name or self.id

    @property
    def difficulty_name(self) -> str:
        return DIFFICULTY_NAMES[self.difficulty]

    @property
    def shown_title(self) -> str:
        """:attr:`title` in the reader's words: a shipped puzzle is named by its first grade and its
        number ("Easy 1", "Hard 4"; the file's words); another name is shown as it is."""
        m = _GRADED_TITLE.match(self.title)
        if m is None:
            return self.title
        # Translators: a shipped Hashi puzzle's name: its grade when it was made and its number ("Easy 1").
        titles = {"Easy": _("Easy {number}"), "Medium": _("Medium {number}"), "Hard": _("Hard {number}"),
                  "Expert": _("Expert {number}")}
        return titles[m[1]].format(number=m[2])

    @property
    def shown_difficulty(self) -> str:
        """:attr:`difficulty_name` in the reader's words."""
        return difficulty_word(self.difficulty)


_GRADED_TITLE = re.compile(r"^(Easy|Medium|Hard|Expert) (\d+)$")


def default_folder() -> Path:
    """The shipped ``puzzles/hashi`` (the installed package's, or the source checkout's), whatever the
    working folder is (:func:`skye_widgets.curriculum.puzzles_folder`)."""
    return puzzles_folder("hashi")


def load_shipped(path: str | os.PathLike[str]) -> ShippedHashi:
    """One file; FileFormatError (one line) when it is not a graded puzzle."""
    data = read_json(path)
    puzzle = HashiPuzzle.from_json(path)
    d = data.get("difficulty") if isinstance(data, dict) else None
    try:
        if isinstance(d, bool) or not isinstance(d, (int, str)):
            raise ValueError
        level = parse_difficulty(d)
    except ValueError:
        # Translators: a shipped puzzle file's fault; 'difficulty' is its key and {names} the words it may hold (easy, medium, ...): not translated; {value} what it holds
        raise FileFormatError(path, _("'difficulty' must be 1-{most} or {names}, not {value}").format(
            most=len(DIFFICULTY_NAMES), names=", ".join(map(str, DIFFICULTY_NAMES.values())), value=str(d)[:40])) from None
    return ShippedHashi(Path(path).stem, puzzle, level)


def load_all(folder: str | os.PathLike[str] | None = None) -> list[ShippedHashi]:
    """Every shipped puzzle, easiest first (difficulty, then file name)."""
    f = Path(folder) if folder is not None else default_folder()
    found = [load_shipped(p) for p in sorted(f.glob("*.json"))]
    return sorted(found, key=lambda s: (s.difficulty, s.id))

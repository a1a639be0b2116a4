"""The Isle of Skye puzzle of the day: made from the date, graded, its optimum stated by the solver.

>>> d = daily_puzzle("2026-11-23")      # a Monday: difficulty 1
>>> d.puzzle.id, d.difficulty, d.stars
('daily-2026-11-23', 1, '★☆☆☆☆')
>>> daily_puzzle("2026-11-23").puzzle == d.puzzle   # the same for everyone that day
True

The puzzle is made by :func:`skye_widgets.skye.puzzle_generator.generate` with
the date as seed (hands of 2-3 tiles, so it takes well under a second), and the
exact solver states its optimum; the grade is the generator's difficulty tier
(1-5 stars, as the curated set).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from ..daily import parse_date, seed_of, stars
from .puzzle_generator import generate
from .puzzles import DAILY_TITLE, Puzzle, english

#: Difficulty by day of the week (Monday first): easy at the start, harder at the end.
WEEKDAY_DIFFICULTY = (1, 1, 2, 2, 3, 3, 4)
MAX_STARS = 5


@dataclass(frozen=True)
class DailyPuzzle:
    """One day's puzzle and how hard it is."""

    date: dt.date
    puzzle: Puzzle
    difficulty: int

    @property
    def stars(self) -> str:
        return stars(self.difficulty, MAX_STARS)

    def to_dict(self) -> dict[str, Any]:
        return {"game": "skye", "date": self.date.isoformat(), "difficulty": self.difficulty,
                "stars": self.stars, "optimum": self.puzzle.optimum, "puzzle": self.puzzle.to_dict()}


def daily_puzzle(day: str | dt.date | None = None) -> DailyPuzzle:
    """The puzzle of ``day`` (``YYYY-MM-DD``, a date, or None for today); BadDateError for a bad date."""
    d = parse_date(day)
    difficulty = WEEKDAY_DIFFICULTY[d.weekday()]
    p = generate(seed_of(d), difficulty, puzzle_id=f"daily-{d.isoformat()}")
    # the title stays English data (Puzzle.shown_title reads it in the language spoken now)
    return DailyPuzzle(d, replace(p, title=english(DAILY_TITLE).format(title=p.title, date=d.isoformat())),
                       difficulty)

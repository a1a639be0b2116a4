"""The Hashi puzzle of the day: made from the date, graded, unique by the exact solver.

>>> d = daily_puzzle("2026-11-23")      # a Monday: easy
>>> d.difficulty, d.difficulty_name, d.stars
(1, 'easy', '★☆☆☆')
>>> daily_puzzle("2026-11-23").puzzle == d.puzzle   # the same for everyone that day
True

The puzzle is made by :func:`skye_widgets.hashi.generator.generate_graded` with
the date as seed: a unique solution graded by the ladder of techniques
(:mod:`.ladder`, the levels of Simon Tatham's Bridges) at exactly the day's
level (easy on Monday and Tuesday, medium midweek, hard at the end of the
week; expert puzzles stay in the shipped set).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from ..daily import parse_date, seed_of, stars
from ..i18n import _
from .generator import DIFFICULTY_NAMES, generate_graded
from .puzzle import HashiPuzzle

#: Difficulty by day of the week (Monday first).
WEEKDAY_DIFFICULTY = (1, 1, 2, 2, 3, 3, 3)
MAX_STARS = 4


@dataclass(frozen=True)
class DailyHashi:
    """One day's Hashi puzzle and how hard it is."""

    date: dt.date
    puzzle: HashiPuzzle
    difficulty: int
    search_nodes: int

    @property
    def id(self) -> str:
        return f"daily-{self.date.isoformat()}"

    @property
    def difficulty_name(self) -> str:
        return DIFFICULTY_NAMES[self.difficulty]

    @property
    def stars(self) -> str:
        return stars(self.difficulty, MAX_STARS)

    def to_dict(self) -> dict[str, Any]:
        return {"game": "hashi", "date": self.date.isoformat(), "difficulty": self.difficulty,
                "difficulty_name": self.difficulty_name, "stars": self.stars, "unique": True,
                "search_nodes": self.search_nodes, "puzzle": self.puzzle.to_json()}


def daily_puzzle(day: str | dt.date | None = None) -> DailyHashi:
    """The Hashi puzzle of ``day`` (``YYYY-MM-DD``, a date, or None for today); BadDateError for a bad date."""
    d = parse_date(day)
    difficulty = WEEKDAY_DIFFICULTY[d.weekday()]
    g = generate_graded(seed_of(d), difficulty)
    p = HashiPuzzle(g.puzzle.width, g.puzzle.height, g.puzzle.islands,
                    # Translators: the name of the daily Hashi puzzle; {date} is YYYY-MM-DD.
                    _("Puzzle of the day {date}").format(date=d.isoformat()))
    return DailyHashi(d, p, difficulty, g.nodes)

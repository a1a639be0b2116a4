"""Scores that explain themselves, shared by every game.

A :class:`ScoreResult` is a total and the :class:`BreakdownItem` lines that
add up to it; each item says in words what earned the points and which
board cells to highlight. Lessons print them, widgets draw them.

>>> r = ScoreResult.of([BreakdownItem(3, "completed area of 3 tiles", ((0, 0), (1, 0), (2, 0)))])
>>> r.points, r.breakdown[0].cells[-1]
(3, (2, 0))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .i18n import Text, _

Cell = tuple[int, int]


@dataclass(frozen=True)
class BreakdownItem:
    """One thing that earned points: ``text`` says what in words, ``cells`` to highlight.

    ``text`` is a plain string or an :class:`~skye_widgets.i18n.Text` (a marked template and
    its values): :attr:`reason` translates it into the language spoken when it is read, so a
    breakdown computed before a ``set_language`` is shown in the new language.
    """

    points: int
    text: str | Text
    cells: tuple[Cell, ...] = ()

    @property
    def reason(self) -> str:
        """What earned the points, in words, in the language spoken now."""
        return str(self.text)


@dataclass(frozen=True)
class ScoreResult:
    """Points and the breakdown that adds up to them."""

    points: int
    breakdown: tuple[BreakdownItem, ...] = ()

    @classmethod
    def of(cls, items: Iterable[BreakdownItem]) -> "ScoreResult":
        """Add up ``items``."""
        items = tuple(items)
        return cls(sum(i.points for i in items), items)

    def __add__(self, other: "ScoreResult") -> "ScoreResult":
        return ScoreResult(self.points + other.points, self.breakdown + other.breakdown)

    def explain(self) -> str:
        """The breakdown as text, one line per item, then the total.

        >>> print(ScoreResult.of([BreakdownItem(2, "a square"), BreakdownItem(2, "another")]).explain())
        +2  a square
        +2  another
        = 2 + 2 = 4
        """
        if not self.breakdown:
            return _("nothing scores: 0")
        lines = [f"{i.points:+d}  {i.reason}" for i in self.breakdown]
        if len(self.breakdown) > 1:
            lines.append("= " + " + ".join(str(i.points) for i in self.breakdown) + f" = {self.points}")
        return "\n".join(lines)

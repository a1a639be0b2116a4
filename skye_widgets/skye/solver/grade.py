"""How hard a puzzle is for a person, from the solver's work.

What it proves: nothing; it measures. :func:`grade` reads the hand size, the number of optimal
final territories (the search counts them up to :data:`..puzzles.GRADE_OPTIMA_CAP`), the legal
choices before the first tile and the objective's terms, and gives 1-5 stars with the sentences
behind them (the :class:`..puzzles.Grade`, its points and its texts belong to the puzzle model).
"""

from __future__ import annotations

from ...i18n import Text
from ..puzzles import GRADE_OPTIMA_CAP, GRADE_TEXTS, GRADE_WIDE, Grade, Puzzle, grade_points, stars_of
from .search import solve, start_choices


def grade(puzzle: Puzzle) -> Grade:
    """Grade ``puzzle`` by the solver's work: hand size, the number of optimal final
    territories (counted by the solver up to :data:`GRADE_OPTIMA_CAP`), the legal
    choices at the start and the terms of the objective (see :func:`grade_points`)."""
    t = puzzle.start()
    optima = solve(t, puzzle.hand, puzzle.objective, max_optima=GRADE_OPTIMA_CAP).optimal_territories
    choices = start_choices(t, puzzle.hand)
    obj = puzzle.objective
    terms = len(obj.scoring_tiles) + obj.scrolls + obj.income
    tiles = len(puzzle.hand)
    pts = grade_points(tiles, optima, choices, terms)
    stars = stars_of(pts)
    reasons = [Text(GRADE_TEXTS["tiles"], tiles=tiles),
               Text(GRADE_TEXTS["unique"]) if optima == 1 else
               Text(GRADE_TEXTS["few" if optima < GRADE_OPTIMA_CAP else "many"], optima=optima),
               Text(GRADE_TEXTS["wide" if choices >= GRADE_WIDE else "narrow"], choices=choices)]
    if terms >= 2:
        reasons.append(Text(GRADE_TEXTS["terms"], terms=terms))
    return Grade(stars, tuple(reasons), tiles, optima, choices, terms, pts)

"""What Isle of Skye scores, defined once: the 16 scoring tiles, the scrolls, the
round track, the catch-up gold and the broch points.

Each scoring tile counts one **quantity** of a territory (``counts``, a name from
:data:`QUANTITIES`) and gives ``per`` VP for each one counted, or, for the three
majorities (7, 8, 10), compares that quantity between the players
(:func:`majority_points`). Every scorer reads this table:

* :mod:`.scoring`, the reference, counts each quantity on the rules' graphs and
  explains every point (a breakdown naming areas, tiles and cells);
* the bots' fast evaluation (:class:`.bots.TerritoryEval`) and the puzzle
  solver's fast board (:class:`.solver.Board`) count the same quantities with
  running totals and turn them into points with :func:`points_from_counts` /
  the table's ``per``; property tests check them against the reference on
  random territories, and ``benchmarks/bench_skye_core.py`` shows why they are
  kept apart (the reference builds networkx graphs, ~20x slower).

This module imports nothing heavy (no networkx), so the game engine can read the
round track from here.

>>> SCORING_TILES[14].counts, SCORING_TILES[14].per
('vertical_lines', 3)
>>> points_from_counts({**dict.fromkeys(QUANTITIES, 0), "vertical_lines": 2, "sheep": 4})[14]
6
>>> majority_points([3, 1, 1, 0])
[5, 2, 2, 0]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..i18n import Lazy, lazy
from .tiles import Scroll

# --------------------------------------------------------------------------
# The quantities the scoring tiles count
# --------------------------------------------------------------------------

#: Quantity name -> what is counted (the castle counts as a tile everywhere but
#: in ``tiles_on_road``). Interpretations: docs/rules-clarifications.md.
QUANTITIES: dict[str, str] = {
    "squares": "squares of 2 x 2 tiles (squares may overlap)",
    "completed_areas": "completed areas, any terrain and size (enclosed ones too)",
    "sheep": "sheep",
    "large_completed_areas": "completed areas of at least 3 tiles",
    "broch_points": "for each mountain area with brochs, BROCH_POINTS of its broch count",
    "building_sets": "sets of one broch, one farm and one lighthouse (each building in one set)",
    "whisky_tiles": "tiles with whisky (a tile counts once)",
    "ships": "ships",
    "animals_at_farms": "sheep and cattle on a farm tile or a tile next to one (also diagonally)",
    "gold": "gold in hand",
    "cattle_on_road": "cattle on tiles connected to the castle by road",
    "harbours": "water areas with at least 1 ship and 1 lighthouse",
    "tiles_on_road": "tiles connected to the castle by road (not the castle itself)",
    "vertical_lines": "maximal vertical runs of at least 3 contiguous tiles (a column may have two)",
    "largest_completed_water": "tiles of the largest completed water area (0 if none)",
    "completed_mountain_areas": "completed mountain areas",
}

#: Points of one mountain area for scoring tile 5, by its number of brochs (3 or more: 6).
BROCH_POINTS = {0: 0, 1: 1, 2: 3, 3: 6}


def broch_points(brochs: int) -> int:
    """Scoring tile 5's points for one mountain area with ``brochs`` brochs.

    >>> [broch_points(n) for n in range(5)]
    [0, 1, 3, 6, 6]
    """
    return BROCH_POINTS[min(brochs, 3)]


#: VP for the most and for the second most in a majority.
MAJORITY_FIRST, MAJORITY_SECOND = 5, 2


def majority_points(counts: Sequence[int]) -> list[int]:
    """5 VP to the most, 2 to the second; at least 1 needed.

    Tied firsts all get 5 and nobody gets 2; tied seconds all get 2.

    >>> majority_points([3, 1, 1, 0])
    [5, 2, 2, 0]
    >>> majority_points([3, 3, 1])
    [5, 5, 0]
    >>> majority_points([0, 0])
    [0, 0]
    """
    ranked = sorted({c for c in counts if c >= 1}, reverse=True)
    if not ranked:
        return [0] * len(counts)
    first = ranked[0]
    n_first = sum(1 for c in counts if c == first)
    second = ranked[1] if len(ranked) > 1 and n_first == 1 else None
    return [MAJORITY_FIRST if c == first else MAJORITY_SECOND if c == second else 0 for c in counts]


# --------------------------------------------------------------------------
# The 16 scoring tiles
# --------------------------------------------------------------------------

#: How a scoring tile is named wherever it is shown: its number and its name.
# Translators: a scoring tile's number and its name, e.g. "10 (Gold majority)".
TILE_LABEL = lazy("{number} ({name})")


@dataclass(frozen=True)
class ScoringTile:
    """One of the 16 scoring tiles, numbered in the order of the rulebook's printed
    list of scoring tiles (see docs/rules-clarifications.md): it counts the
    quantity ``counts`` and gives ``per`` VP for each (``per`` is 0 for a majority).
    ``title`` and ``rule`` are marked texts: :attr:`name` and :attr:`description` read
    them in the language spoken now (the names of docs/glossary-<lang>.md)."""

    number: int
    title: Lazy
    rule: Lazy
    counts: str
    per: int = 0
    majority: bool = False

    def __post_init__(self) -> None:
        if self.counts not in QUANTITIES:
            raise ValueError(f"scoring tile {self.number}: unknown quantity {self.counts!r}")
        if self.majority == bool(self.per):
            raise ValueError(f"scoring tile {self.number}: give VP per unit or make it a majority, not both")

    @property
    def name(self) -> str:
        """The tile's name in the language spoken now ("Gold majority", "Najwięcej złota")."""
        return str(self.title)

    @property
    def description(self) -> str:
        """The tile's rule in the language spoken now."""
        return str(self.rule)

    @property
    def label(self) -> str:
        """The number and the name, as every place that shows a scoring tile shows it."""
        return TILE_LABEL.format(number=self.number, name=self.name)

    @property
    def is_majority(self) -> bool:
        """True for 7, 8, 10: points depend on the other players."""
        return self.majority


SCORING_TILES: dict[int, ScoringTile] = {s.number: s for s in (
    ScoringTile(1, lazy("Squares"), lazy("2 VP per square of 4 tiles; a tile may be part of several squares."),
                "squares", per=2),
    ScoringTile(2, lazy("Completed areas"), lazy("1 VP per completed area."), "completed_areas", per=1),
    ScoringTile(3, lazy("Sheep"), lazy("1 VP per sheep."), "sheep", per=1),
    ScoringTile(4, lazy("Large completed areas"), lazy("3 VP per completed area of at least 3 tiles."),
                "large_completed_areas", per=3),
    ScoringTile(5, lazy("Brochs per mountain area"),
                lazy("1 / 3 / 6 VP per mountain area with 1 / 2 / 3 brochs (more than 3 still 6)."),
                "broch_points", per=1),
    ScoringTile(6, lazy("Broch, farm and lighthouse"),
                lazy("5 VP per set of broch + farm + lighthouse; each building in one set only."),
                "building_sets", per=5),
    ScoringTile(7, lazy("Whisky majority"), lazy("5 VP for the most whisky tiles, 2 VP for the second (at least 1)."),
                "whisky_tiles", majority=True),
    ScoringTile(8, lazy("Ship majority"), lazy("5 VP for the most ships, 2 VP for the second (at least 1)."),
                "ships", majority=True),
    ScoringTile(9, lazy("Animals at farms"),
                lazy("1 VP per sheep and cattle on a farm tile or a tile next to one (also diagonally)."),
                "animals_at_farms", per=1),
    ScoringTile(10, lazy("Gold majority"), lazy("5 VP for the most gold, 2 VP for the second (at least 1)."),
                "gold", majority=True),
    ScoringTile(11, lazy("Cattle on the road"), lazy("2 VP per cattle on a tile connected to the castle by road."),
                "cattle_on_road", per=2),
    ScoringTile(12, lazy("Harbours"), lazy("3 VP per water area with at least 1 ship and 1 lighthouse."),
                "harbours", per=3),
    ScoringTile(13, lazy("Tiles on the road"), lazy("1 VP per tile connected to the castle by road."),
                "tiles_on_road", per=1),
    ScoringTile(14, lazy("Vertical lines"), lazy("3 VP per vertical line of at least 3 contiguous tiles."),
                "vertical_lines", per=3),
    ScoringTile(15, lazy("Largest completed water area"),
                lazy("2 VP per tile of your largest completed water area."), "largest_completed_water", per=2),
    ScoringTile(16, lazy("Completed mountain areas"), lazy("2 VP per completed mountain area."),
                "completed_mountain_areas", per=2),
)}

#: The scoring tiles that score one territory alone: number -> (quantity, VP per unit).
TERRITORY_TILES: dict[int, tuple[str, int]] = {n: (s.counts, s.per) for n, s in SCORING_TILES.items()
                                               if not s.majority}

#: Majority scoring tile -> the quantity it compares (also the opponents' key in puzzle files).
MAJORITY_QUANTITY: dict[int, str] = {n: s.counts for n, s in SCORING_TILES.items() if s.majority}

_LINEAR = tuple((n, q, per) for n, (q, per) in TERRITORY_TILES.items())


def points_from_counts(counts: Mapping[str, int]) -> dict[int, int]:
    """Every non-majority scoring tile's points, from a territory's counted quantities."""
    return {n: per * counts[q] for n, q, per in _LINEAR}


# --------------------------------------------------------------------------
# Scrolls (final scoring)
# --------------------------------------------------------------------------

#: Scroll -> (icon total it counts: sheep, whisky_tiles, ships, cattle, broch, farm,
#: lighthouse; divided by). A scroll in a completed area counts twice.
SCROLLS: dict[Scroll, tuple[str, int]] = {
    Scroll.PER_2_SHEEP: ("sheep", 2),
    Scroll.PER_2_WHISKY: ("whisky_tiles", 2),
    Scroll.PER_2_SHIPS: ("ships", 2),
    Scroll.PER_CATTLE: ("cattle", 1),
    Scroll.PER_BROCH: ("broch", 1),
    Scroll.PER_FARM: ("farm", 1),
    Scroll.PER_LIGHTHOUSE: ("lighthouse", 1),
}


def scroll_value(scroll: Scroll, totals: Mapping[str, int]) -> int:
    """VP of one scroll (not doubled) given the territory's icon totals.

    >>> scroll_value(Scroll.PER_2_SHEEP, {"sheep": 5})
    2
    """
    what, per = SCROLLS[scroll]
    return totals[what] // per


# --------------------------------------------------------------------------
# Round track and catch-up gold
# --------------------------------------------------------------------------

_TRACK_2_4 = {1: ("A",), 2: ("B",), 3: ("A", "C"), 4: ("B", "D"), 5: ("A", "C", "D"), 6: ("B", "C", "D")}
_TRACK_5 = {1: ("A", "B"), 2: ("A", "C"), 3: ("B", "D"), 4: ("A", "C", "D"), 5: ("B", "C", "D")}
#: Player count -> round -> scoring slots (A-D) scored that round.
ROUND_TRACK: dict[int, dict[int, tuple[str, ...]]] = {2: _TRACK_2_4, 3: _TRACK_2_4, 4: _TRACK_2_4, 5: _TRACK_5}

#: Player count -> round -> gold per player ahead (the catch-up income).
CATCH_UP: dict[int, dict[int, int]] = {
    **{n: {1: 0, 2: 0, 3: 1, 4: 2, 5: 3, 6: 4} for n in (2, 3, 4)},
    5: {1: 0, 2: 0, 3: 1, 4: 2, 5: 3},
}

#: Gold every castle brings each round.
CASTLE_INCOME = 5

"""Isle of Skye scoring, with explanations: the 16 scoring tiles, income, final scoring.

Every rule returns a :class:`ScoreResult`: the points and a breakdown of what
earned them (each :class:`BreakdownItem` names the areas / tiles / icons and
the cells to highlight). The interpretations this project adopts where the
rulebook is silent are in ``docs/rules-clarifications.md``.

>>> from .territory import Territory
>>> t = Territory("castle-blue")
>>> income(t).points                       # 5 gold for the castle
5
>>> income(t, round_no=5, players_ahead=2).points   # + 2 players ahead x 3 gold
11
>>> [r.points for r in score_tile(10, [t, t.copy(), t.copy()], [4, 9, 4])]  # gold majority
[2, 5, 2]
>>> tile_label(10)
'10 (Gold majority)'
>>> winners([30, 31, 31], [2, 5, 9])
[2]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..scores import BreakdownItem, ScoreResult
from .graphs import TerritoryArea, areas, connected_cells
from .territory import Territory, per_tile
from .tiles import Icons, Scroll, Terrain, Tile

Cell = tuple[int, int]


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------

def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def _a(phrase: str) -> str:
    return ("an " if phrase[0] in "aeiou" else "a ") + phrase


@per_tile
def _icons_of(tile: Tile) -> Icons:
    return tile.icons


def _tile_icons(t: Territory) -> dict[Cell, Icons]:
    """Icons per occupied cell (cached on the territory)."""
    got = t._cache.get("tile_icons")
    if got is None:
        got = {c: _icons_of(t.tile(p.tile)) for c, p in t.placements.items()}
        t._cache["tile_icons"] = got
    return got


def _name(t: Territory, cell: Cell) -> str:
    tid = t.placements[cell].tile
    return f"{'castle' if tid.startswith('castle-') else 'tile ' + tid} at {cell}"


def _area_cells(a: TerritoryArea) -> tuple[Cell, ...]:
    return tuple(sorted(a.cells))


def icon_totals(t: Territory) -> Icons:
    """All icons of the territory added up (scrolls left out)."""
    got = t._cache.get("icon_totals")
    if got is None:
        icons = list(_tile_icons(t).values())
        got = Icons(**{k: sum(getattr(i, k) for i in icons) for k in
                       ("sheep", "cattle", "ships", "whisky", "broch", "farm", "lighthouse")})
        t._cache["icon_totals"] = got
    return got


def whisky_tiles(t: Territory) -> list[Cell]:
    """Cells of tiles with whisky (a tile counts once), in build order."""
    return [c for c, i in _tile_icons(t).items() if i.whisky]


# --------------------------------------------------------------------------
# The 16 scoring tiles (territory rules)
# --------------------------------------------------------------------------

def score_squares(t: Territory) -> ScoreResult:
    """Tile 1: 2 VP per square of 2 x 2 tiles (the castle counts; squares may overlap)."""
    occ = t.placements
    items = []
    for (x, y) in sorted(occ, key=lambda c: (c[1], c[0])):
        sq = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
        if all(c in occ for c in sq):
            items.append(BreakdownItem(2, f"square of 4 tiles {sq[0]}-{sq[3]}", sq))
    return ScoreResult.of(items)


def score_completed_areas(t: Territory) -> ScoreResult:
    """Tile 2: 1 VP per completed area (any terrain, any size, enclosed ones too)."""
    return ScoreResult.of(BreakdownItem(1, a.describe(), _area_cells(a)) for a in areas(t) if a.completed)


def score_sheep(t: Territory) -> ScoreResult:
    """Tile 3: 1 VP per sheep."""
    return ScoreResult.of(BreakdownItem(i.sheep, f"{_plural(i.sheep, 'sheep', 'sheep')} on {_name(t, c)}", (c,))
                          for c, i in _tile_icons(t).items() if i.sheep)


def score_big_completed_areas(t: Territory) -> ScoreResult:
    """Tile 4: 3 VP per completed area of at least 3 tiles (the castle counts as a tile)."""
    return ScoreResult.of(BreakdownItem(3, a.describe(), _area_cells(a))
                          for a in areas(t) if a.completed and a.size >= 3)


BROCH_POINTS = {1: 1, 2: 3, 3: 6}


def score_brochs_per_mountain_area(t: Territory) -> ScoreResult:
    """Tile 5: 1 / 3 / 6 VP per mountain area with 1 / 2 / 3 or more brochs."""
    items = []
    for a in areas(t):
        if a.terrain is Terrain.MOUNTAIN and a.icons.broch:
            n = a.icons.broch
            items.append(BreakdownItem(BROCH_POINTS[min(n, 3)],
                                       f"{_plural(n, 'broch')} in {_a(a.describe())}", _area_cells(a)))
    return ScoreResult.of(items)


def _icon_cells(t: Territory, kind: str) -> list[Cell]:
    """One entry per icon of ``kind`` (a cell repeats for counts above 1), build order."""
    return [c for c, i in _tile_icons(t).items() for _ in range(getattr(i, kind))]


def score_building_sets(t: Territory) -> ScoreResult:
    """Tile 6: 5 VP per set of broch + farm + lighthouse (each building in one set)."""
    b, f, lh = (_icon_cells(t, k) for k in ("broch", "farm", "lighthouse"))
    items = []
    for k in range(min(len(b), len(f), len(lh))):
        items.append(BreakdownItem(5, f"set {k + 1}: broch at {b[k]}, farm at {f[k]}, lighthouse at {lh[k]}",
                                   (b[k], f[k], lh[k])))
    return ScoreResult.of(items)


def score_animals_at_farms(t: Territory) -> ScoreResult:
    """Tile 9: 1 VP per sheep and cattle on a farm tile or a tile next to one
    (orthogonally or diagonally); each animal counts once.
    """
    icons = _tile_icons(t)
    farms = {c for c, i in icons.items() if i.farm}
    items = []
    for (x, y), i in icons.items():
        n = i.sheep + i.cattle
        if not n:
            continue
        near = sorted(c for c in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)) if c in farms)
        if not near:
            continue
        what = " and ".join(s for s in (_plural(i.sheep, "sheep", "sheep") if i.sheep else "",
                                        _plural(i.cattle, "cattle", "cattle") if i.cattle else "") if s)
        where = "on a farm tile" if (x, y) in farms else f"next to the farm at {near[0]}"
        items.append(BreakdownItem(n, f"{what} on {_name(t, (x, y))}, {where}", ((x, y), *[c for c in near if c != (x, y)])))
    return ScoreResult.of(items)


def score_cattle_on_road(t: Territory) -> ScoreResult:
    """Tile 11: 2 VP per cattle on a tile connected to the castle by road."""
    conn = connected_cells(t)
    return ScoreResult.of(BreakdownItem(2 * i.cattle, f"{_plural(i.cattle, 'cattle', 'cattle')} on {_name(t, c)}, "
                                        "connected by road", (c,))
                          for c, i in _tile_icons(t).items() if i.cattle and c in conn)


def score_harbours(t: Territory) -> ScoreResult:
    """Tile 12: 3 VP per water area holding at least 1 ship and at least 1 lighthouse."""
    return ScoreResult.of(
        BreakdownItem(3, f"{a.describe()} with {_plural(a.icons.ships, 'ship')} and "
                         f"{_plural(a.icons.lighthouse, 'lighthouse')}", _area_cells(a))
        for a in areas(t) if a.terrain is Terrain.WATER and a.icons.ships and a.icons.lighthouse)


def score_tiles_on_road(t: Territory) -> ScoreResult:
    """Tile 13: 1 VP per tile (not the castle itself) connected to the castle by road."""
    castle = t.castle.cell
    conn = connected_cells(t)
    return ScoreResult.of(BreakdownItem(1, f"{_name(t, c)} connected by road", (c,))
                          for c in t.placements if c in conn and c != castle)


def vertical_runs(t: Territory) -> list[tuple[Cell, ...]]:
    """Maximal runs of vertically contiguous tiles (any length), west to east, north to south."""
    occ = t.placements
    runs = []
    for (x, y) in sorted(occ):
        if (x, y - 1) in occ:
            continue                      # not the top of a run
        end = y
        while (x, end + 1) in occ:
            end += 1
        runs.append(tuple((x, yy) for yy in range(y, end + 1)))
    return runs


def score_vertical_lines(t: Territory) -> ScoreResult:
    """Tile 14: 3 VP per vertical line of at least 3 contiguous tiles (the castle
    counts; every maximal run scores, so one column may score twice).
    """
    return ScoreResult.of(BreakdownItem(3, f"vertical line of {len(r)} tiles in column x={r[0][0]}", r)
                          for r in vertical_runs(t) if len(r) >= 3)


def score_largest_completed_water(t: Territory) -> ScoreResult:
    """Tile 15: 2 VP per tile of the largest completed water area (0 if there is none)."""
    done = [a for a in areas(t) if a.terrain is Terrain.WATER and a.completed]
    if not done:
        return ScoreResult(0)
    best = max(done, key=lambda a: a.size)  # the first of equal size: same points
    return ScoreResult.of([BreakdownItem(2 * best.size, f"largest {best.describe()} x 2", _area_cells(best))])


def score_completed_mountain_areas(t: Territory) -> ScoreResult:
    """Tile 16: 2 VP per completed mountain area."""
    return ScoreResult.of(BreakdownItem(2, a.describe(), _area_cells(a))
                          for a in areas(t) if a.terrain is Terrain.MOUNTAIN and a.completed)


# --------------------------------------------------------------------------
# Majorities (tiles 7, 8, 10)
# --------------------------------------------------------------------------

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
    return [5 if c == first else 2 if c == second else 0 for c in counts]


def _majority(counts: Sequence[int], what: str, cells: Sequence[tuple[Cell, ...]]) -> list[ScoreResult]:
    pts = majority_points(counts)
    shared = {p: sum(1 for q in pts if q == p) > 1 for p in (5, 2)}
    out = []
    for p, c, cs in zip(pts, counts, cells):
        if not p:
            out.append(ScoreResult(0))
            continue
        place = "most" if p == 5 else "second most"
        out.append(ScoreResult.of([BreakdownItem(p, f"{'shared ' if shared[p] else ''}{place} {what} ({c})", cs)]))
    return out


def score_whisky_majority(territories: Sequence[Territory], golds: Sequence[int]) -> list[ScoreResult]:
    """Tile 7: 5 VP most whisky tiles, 2 VP second (see :func:`majority_points`)."""
    cells = [tuple(whisky_tiles(t)) for t in territories]
    return _majority([len(c) for c in cells], "whisky tiles", cells)


def score_ship_majority(territories: Sequence[Territory], golds: Sequence[int]) -> list[ScoreResult]:
    """Tile 8: 5 VP most ships, 2 VP second (see :func:`majority_points`)."""
    cells = [tuple(_icon_cells(t, "ships")) for t in territories]
    return _majority([len(c) for c in cells], "ships", [tuple(dict.fromkeys(c)) for c in cells])


def score_gold_majority(territories: Sequence[Territory], golds: Sequence[int]) -> list[ScoreResult]:
    """Tile 10: 5 VP most gold in hand, 2 VP second (see :func:`majority_points`)."""
    return _majority(list(golds), "gold", [()] * len(golds))


# --------------------------------------------------------------------------
# The catalogue of scoring tiles
# --------------------------------------------------------------------------

TerritoryRule = Callable[[Territory], ScoreResult]
MajorityRule = Callable[[Sequence[Territory], Sequence[int]], list[ScoreResult]]


@dataclass(frozen=True)
class ScoringTile:
    """One of the 16 scoring tiles, numbered in the order of the rulebook's printed
    list of scoring tiles (see docs/rules-clarifications.md)."""

    number: int
    name: str
    description: str
    rule: TerritoryRule | None = field(default=None, repr=False, compare=False)
    majority_rule: MajorityRule | None = field(default=None, repr=False, compare=False)

    @property
    def label(self) -> str:
        """The number and the name, as every place that shows a scoring tile shows it."""
        return TILE_LABEL.format(number=self.number, name=self.name)

    @property
    def is_majority(self) -> bool:
        """True for 7, 8, 10: points depend on the other players."""
        return self.majority_rule is not None

    def score(self, territories: Sequence[Territory], golds: Sequence[int]) -> list[ScoreResult]:
        """One result per player."""
        if self.majority_rule is not None:
            return self.majority_rule(territories, golds)
        assert self.rule is not None
        return [self.rule(t) for t in territories]


SCORING_TILES: dict[int, ScoringTile] = {s.number: s for s in (
    ScoringTile(1, "Squares", "2 VP per square of 4 tiles; a tile may be part of several squares.",
                rule=score_squares),
    ScoringTile(2, "Completed areas", "1 VP per completed area.", rule=score_completed_areas),
    ScoringTile(3, "Sheep", "1 VP per sheep.", rule=score_sheep),
    ScoringTile(4, "Large completed areas", "3 VP per completed area of at least 3 tiles.",
                rule=score_big_completed_areas),
    ScoringTile(5, "Brochs per mountain area",
                "1 / 3 / 6 VP per mountain area with 1 / 2 / 3 brochs (more than 3 still 6).",
                rule=score_brochs_per_mountain_area),
    ScoringTile(6, "Broch, farm and lighthouse",
                "5 VP per set of broch + farm + lighthouse; each building in one set only.",
                rule=score_building_sets),
    ScoringTile(7, "Whisky majority", "5 VP for the most whisky tiles, 2 VP for the second (at least 1).",
                majority_rule=score_whisky_majority),
    ScoringTile(8, "Ship majority", "5 VP for the most ships, 2 VP for the second (at least 1).",
                majority_rule=score_ship_majority),
    ScoringTile(9, "Animals at farms",
                "1 VP per sheep and cattle on a farm tile or a tile next to one (also diagonally).",
                rule=score_animals_at_farms),
    ScoringTile(10, "Gold majority", "5 VP for the most gold, 2 VP for the second (at least 1).",
                majority_rule=score_gold_majority),
    ScoringTile(11, "Cattle on the road", "2 VP per cattle on a tile connected to the castle by road.",
                rule=score_cattle_on_road),
    ScoringTile(12, "Harbours", "3 VP per water area with at least 1 ship and 1 lighthouse.",
                rule=score_harbours),
    ScoringTile(13, "Tiles on the road", "1 VP per tile connected to the castle by road.",
                rule=score_tiles_on_road),
    ScoringTile(14, "Vertical lines", "3 VP per vertical line of at least 3 contiguous tiles.",
                rule=score_vertical_lines),
    ScoringTile(15, "Largest completed water area",
                "2 VP per tile of your largest completed water area.", rule=score_largest_completed_water),
    ScoringTile(16, "Completed mountain areas", "2 VP per completed mountain area.",
                rule=score_completed_mountain_areas),
)}


#: How a scoring tile is named wherever it is shown: its number and its name.
TILE_LABEL = "{number} ({name})"


def tile_label(number: int) -> str:
    """Scoring tile ``number`` as it is shown everywhere: ``"10 (Gold majority)"``."""
    if number not in SCORING_TILES:
        raise ValueError(f"scoring tile {number!r} does not exist (1-16)")
    return SCORING_TILES[number].label


#: Files written before the numbers followed the rulebook's printed list (puzzle
#: files without a version or of version 1, Skye saves of version 1) had these
#: pairs the other way round: old number -> number now.
OLD_NUMBERS = {9: 10, 10: 9, 13: 14, 14: 13}


def from_old_number(number: Any) -> Any:
    """The number now of scoring tile ``number`` of an old file (anything else unchanged).

    >>> [from_old_number(n) for n in (1, 9, 10, 13, 14, 16, "x")]
    [1, 10, 9, 14, 13, 16, 'x']
    """
    if isinstance(number, int) and not isinstance(number, bool):
        return OLD_NUMBERS.get(number, number)
    return number


def score_tile(number: int, territories: Sequence[Territory], golds: Sequence[int]) -> list[ScoreResult]:
    """What scoring tile ``number`` awards each player now (majorities compare players)."""
    if number not in SCORING_TILES:
        raise ValueError(f"scoring tile {number!r} does not exist (1-16)")
    if len(golds) != len(territories):
        raise ValueError("give one gold amount per territory")
    return SCORING_TILES[number].score(territories, golds)


def score_all_tiles(territories: Sequence[Territory], golds: Sequence[int]) -> list[dict[int, ScoreResult]]:
    """For each player, every scoring tile's result: ``[{1: ScoreResult, ..., 16: ...}, ...]``."""
    per_tile = {n: score_tile(n, territories, golds) for n in SCORING_TILES}
    return [{n: per_tile[n][i] for n in SCORING_TILES} for i in range(len(territories))]


# --------------------------------------------------------------------------
# Round track and income
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


def n_rounds(n_players: int) -> int:
    """6 rounds for 2-4 players, 5 for 5 players."""
    return len(_track(n_players))


def _track(n_players: int) -> dict[int, tuple[str, ...]]:
    if n_players not in ROUND_TRACK:
        raise ValueError(f"Isle of Skye is for 2-5 players, not {n_players}")
    return ROUND_TRACK[n_players]


def income(territory: Territory, *, round_no: int = 1, players_ahead: int = 0, n_players: int = 4) -> ScoreResult:
    """Gold at the start of a round: 5 for the castle, 1 per whisky tile connected
    to the castle by road, and from round 3 the catch-up gold per player with
    strictly more VP (1/2/3/4 in rounds 3-6; 5 players 1/2/3 in rounds 3-5).
    """
    track = _track(n_players)
    if round_no not in track:
        raise ValueError(f"round {round_no} does not exist with {n_players} players (1-{len(track)})")
    if not 0 <= players_ahead < n_players:
        raise ValueError(f"players_ahead must be 0-{n_players - 1}, not {players_ahead}")
    castle = territory.castle.cell
    items = [BreakdownItem(5, "castle", (castle,))]
    conn = connected_cells(territory)
    for c in whisky_tiles(territory):
        if c in conn and c != castle:
            items.append(BreakdownItem(1, f"whisky on {_name(territory, c)}, connected by road", (c,)))
    per = CATCH_UP[n_players][round_no]
    if per and players_ahead:
        items.append(BreakdownItem(per * players_ahead,
                                   f"{_plural(players_ahead, 'player')} ahead x {per} gold (round {round_no})"))
    return ScoreResult.of(items)


# --------------------------------------------------------------------------
# Final scoring
# --------------------------------------------------------------------------

def _scroll_count(t: Territory, scroll: Scroll) -> tuple[int, str]:
    tot = icon_totals(t)
    return {
        Scroll.PER_2_SHEEP: (tot.sheep // 2, f"{_plural(tot.sheep, 'sheep', 'sheep')} // 2"),
        Scroll.PER_2_WHISKY: (len(whisky_tiles(t)) // 2, f"{_plural(len(whisky_tiles(t)), 'whisky tile')} // 2"),
        Scroll.PER_2_SHIPS: (tot.ships // 2, f"{_plural(tot.ships, 'ship')} // 2"),
        Scroll.PER_CATTLE: (tot.cattle, _plural(tot.cattle, "cattle", "cattle")),
        Scroll.PER_BROCH: (tot.broch, _plural(tot.broch, "broch")),
        Scroll.PER_FARM: (tot.farm, _plural(tot.farm, "farm")),
        Scroll.PER_LIGHTHOUSE: (tot.lighthouse, _plural(tot.lighthouse, "lighthouse")),
    }[scroll]


def scroll_points(t: Territory) -> ScoreResult:
    """Every scroll per its type over the whole territory, doubled when its area is completed."""
    items = []
    for a in areas(t):
        for cell, scroll in a.scrolls:
            n, how = _scroll_count(t, scroll)
            if a.completed:
                items.append(BreakdownItem(2 * n, f"scroll {scroll.value} on {_name(t, cell)}: {how} = {n}, "
                                                  f"x 2 in {_a(a.describe())}", (cell,)))
            else:
                items.append(BreakdownItem(n, f"scroll {scroll.value} on {_name(t, cell)}: {how} = {n} "
                                              f"({a.describe()}, not doubled)", (cell,)))
    items.sort(key=lambda i: list(t.placements).index(i.cells[0]))
    return ScoreResult.of(items)


def gold_points(gold: int) -> ScoreResult:
    """1 VP per 5 gold (rounded down)."""
    if gold // 5 == 0:
        return ScoreResult(0)
    return ScoreResult.of([BreakdownItem(gold // 5, f"{gold} gold // 5")])


def final_scoring(territory: Territory, gold: int) -> ScoreResult:
    """End of game: scrolls (doubled in completed areas) + 1 VP per 5 gold."""
    return scroll_points(territory) + gold_points(gold)


def winners(vps: Sequence[int], golds: Sequence[int]) -> list[int]:
    """Indexes of the winners: most VP, then most gold; a remaining tie is shared.

    >>> winners([40, 40, 38], [3, 3, 10])
    [0, 1]
    """
    if len(vps) != len(golds) or not vps:
        raise ValueError("give one VP total and one gold amount per player")
    best = max(zip(vps, golds))
    return [i for i, vg in enumerate(zip(vps, golds)) if vg == best]

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

from typing import Any, Callable, Sequence

from ..i18n import Text, lazy, lazy_ngettext
from ..limits import is_whole
from ..scores import BreakdownItem, ScoreResult
from .graphs import TerritoryArea, areas, connected_cells
from .scoring_tiles import (BROCH_POINTS, CASTLE_INCOME, CATCH_UP, MAJORITY_FIRST, QUANTITIES, ROUND_TRACK,
                            SCORING_TILES, SCROLLS, TILE_LABEL, ScoringTile, broch_points, majority_points)
from .territory import Territory, per_tile
from .tiles import Icons, Scroll, Terrain, Tile

# BROCH_POINTS, CATCH_UP, QUANTITIES, ROUND_TRACK, SCORING_TILES, TILE_LABEL, ScoringTile and
# majority_points are defined in .scoring_tiles and read from here too.

Cell = tuple[int, int]


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------

#: A count of each thing a breakdown names ("3 sheep", "1 ship"): one counted text per thing.
COUNTED = {
    "sheep": lazy_ngettext("{count} sheep", "{count} sheep"),
    "cattle": lazy_ngettext("{count} cattle", "{count} cattle"),
    "ships": lazy_ngettext("{count} ship", "{count} ships"),
    "whisky_tiles": lazy_ngettext("{count} whisky tile", "{count} whisky tiles"),
    "broch": lazy_ngettext("{count} broch", "{count} brochs"),
    "farm": lazy_ngettext("{count} farm", "{count} farms"),
    "lighthouse": lazy_ngettext("{count} lighthouse", "{count} lighthouses"),
    "player": lazy_ngettext("{count} player", "{count} players"),
}


def _count(kind: str, n: int) -> Text:
    return Text(COUNTED[kind], count=n)


#: The texts of the breakdowns (whole sentences with named placeholders, translated when shown).
TEXT = {
    # Translators: a tile of a territory; {tile} is its number, {cell} its place "(x, y)".
    "tile_at": lazy("tile {tile} at {cell}"),
    "castle_at": lazy("castle at {cell}"),
    # Translators: the same places after "on" (sheep on ..., whisky on ...).
    "on_tile_at": lazy("on tile {tile} at {cell}"),
    "on_castle_at": lazy("on castle at {cell}"),
    "square": lazy("square of 4 tiles {first}-{last}"),
    # Translators: {what} is a count ("3 sheep"), {place} "on tile 12 at (0, 1)".
    "on": lazy("{what} {place}"),
    # Translators: {brochs} is a count ("2 brochs"), {area} "a completed mountain area of 3 tiles".
    "brochs_in": lazy("{brochs} in {area}"),
    "set": lazy("set {number}: broch at {broch}, farm at {farm}, lighthouse at {lighthouse}"),
    # Translators: {animals} "2 sheep" or "2 sheep and 1 cattle"; {place} "on tile 12 at (0, 1)".
    "on_farm": lazy("{animals} {place}, on a farm tile"),
    "next_to_farm": lazy("{animals} {place}, next to the farm at {farm}"),
    "sheep_and_cattle": lazy("{sheep} and {cattle}"),
    "on_road": lazy("{what} {place}, connected by road"),
    # Translators: {area} "completed water area of 3 tiles", {ships} "1 ship", {lighthouses} "2 lighthouses".
    "harbour": lazy("{area} with {ships} and {lighthouses}"),
    "connected": lazy("{place} connected by road"),
    "vertical": lazy_ngettext("vertical line of {count} tile in column x={x}",
                              "vertical line of {count} tiles in column x={x}"),
    # Translators: {area} "completed water area of 3 tiles", {per} the VP per tile.
    "largest": lazy("largest {area} x {per}"),
    "castle": lazy("castle"),
    "whisky_on_road": lazy("whisky {place}, connected by road"),
    # Translators: catch-up income; {players} "2 players", {per} gold per player ahead, {round} its number.
    "ahead": lazy_ngettext("{players} ahead x {per} gold (round {round})", "{players} ahead x {per} gold (round {round})",
                           counter="per"),
    # Translators: {rule} what the scroll scores ("1 VP for every 2 sheep"), {place} "on tile 12 at (0, 1)",
    # {how} "5 sheep // 2".
    "scroll_doubled": lazy("scroll ({rule}) {place}: {how} = {count}, x 2 in {area}"),
    "scroll": lazy("scroll ({rule}) {place}: {how} = {count} ({area}, not doubled)"),
    "divided": lazy("{what} // {per}"),
    "gold": lazy_ngettext("{count} gold // 5", "{count} gold // 5"),
}


#: What each scroll scores, in the breakdown's words (never its identifier, per_2_sheep).
SCROLL_RULES = {
    Scroll.PER_2_SHEEP: lazy("1 VP for every 2 sheep"),
    Scroll.PER_2_WHISKY: lazy("1 VP for every 2 tiles with whisky"),
    Scroll.PER_2_SHIPS: lazy("1 VP for every 2 ships"),
    Scroll.PER_CATTLE: lazy("1 VP for each cattle"),
    Scroll.PER_BROCH: lazy("1 VP for each broch"),
    Scroll.PER_FARM: lazy("1 VP for each farm"),
    Scroll.PER_LIGHTHOUSE: lazy("1 VP for each lighthouse"),
}


def _majority_text(place: str, shared: bool, what: str, n: int) -> Text:
    """"most whisky tiles (3)", "shared second most gold (4)": the place, the quantity and its count."""
    return Text(_MAJORITY[shared, place == "second", what], count=n)


#: (shared, second, quantity) -> the majority's line.
_MAJORITY = {
    (False, False, "whisky tiles"): lazy_ngettext("most whisky tiles ({count})", "most whisky tiles ({count})"),
    (False, True, "whisky tiles"): lazy_ngettext("second most whisky tiles ({count})",
                                                 "second most whisky tiles ({count})"),
    (True, False, "whisky tiles"): lazy_ngettext("shared most whisky tiles ({count})",
                                                 "shared most whisky tiles ({count})"),
    (True, True, "whisky tiles"): lazy_ngettext("shared second most whisky tiles ({count})",
                                                "shared second most whisky tiles ({count})"),
    (False, False, "ships"): lazy_ngettext("most ships ({count})", "most ships ({count})"),
    (False, True, "ships"): lazy_ngettext("second most ships ({count})", "second most ships ({count})"),
    (True, False, "ships"): lazy_ngettext("shared most ships ({count})", "shared most ships ({count})"),
    (True, True, "ships"): lazy_ngettext("shared second most ships ({count})", "shared second most ships ({count})"),
    (False, False, "gold"): lazy_ngettext("most gold ({count})", "most gold ({count})"),
    (False, True, "gold"): lazy_ngettext("second most gold ({count})", "second most gold ({count})"),
    (True, False, "gold"): lazy_ngettext("shared most gold ({count})", "shared most gold ({count})"),
    (True, True, "gold"): lazy_ngettext("shared second most gold ({count})", "shared second most gold ({count})"),
}


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


def _name(t: Territory, cell: Cell, on: bool = False) -> Text:
    """"tile 12 at (0, 1)" / "castle at (0, 0)"; ``on``: "on tile 12 at (0, 1)"."""
    tid = t.placements[cell].tile
    if tid.startswith("castle-"):
        return Text(TEXT["on_castle_at" if on else "castle_at"], cell=cell)
    return Text(TEXT["on_tile_at" if on else "tile_at"], tile=tid, cell=cell)


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
# The 16 scoring tiles (territory rules): the reference count of each quantity
# of .scoring_tiles, one breakdown item per thing counted, worth ``per`` VP each
# --------------------------------------------------------------------------

def _per(number: int) -> int:
    """VP per unit of scoring tile ``number`` (from the table in .scoring_tiles)."""
    return SCORING_TILES[number].per


def score_squares(t: Territory) -> ScoreResult:
    """Tile 1: 2 VP per square of 2 x 2 tiles (the castle counts; squares may overlap)."""
    occ = t.placements
    items = []
    for (x, y) in sorted(occ, key=lambda c: (c[1], c[0])):
        sq = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
        if all(c in occ for c in sq):
            items.append(BreakdownItem(_per(1), Text(TEXT["square"], first=sq[0], last=sq[3]), sq))
    return ScoreResult.of(items)


def score_completed_areas(t: Territory) -> ScoreResult:
    """Tile 2: 1 VP per completed area (any terrain, any size, enclosed ones too)."""
    return ScoreResult.of(BreakdownItem(_per(2), a.text(), _area_cells(a)) for a in areas(t) if a.completed)


def score_sheep(t: Territory) -> ScoreResult:
    """Tile 3: 1 VP per sheep."""
    return ScoreResult.of(BreakdownItem(_per(3) * i.sheep, Text(TEXT["on"], what=_count("sheep", i.sheep),
                                                                            place=_name(t, c, on=True)),
                                        (c,))
                          for c, i in _tile_icons(t).items() if i.sheep)


def score_big_completed_areas(t: Territory) -> ScoreResult:
    """Tile 4: 3 VP per completed area of at least 3 tiles (the castle counts as a tile)."""
    return ScoreResult.of(BreakdownItem(_per(4), a.text(), _area_cells(a))
                          for a in areas(t) if a.completed and a.size >= 3)


def score_brochs_per_mountain_area(t: Territory) -> ScoreResult:
    """Tile 5: 1 / 3 / 6 VP per mountain area with 1 / 2 / 3 or more brochs."""
    items = []
    for a in areas(t):
        if a.terrain is Terrain.MOUNTAIN and a.icons.broch:
            n = a.icons.broch
            items.append(BreakdownItem(_per(5) * broch_points(n),
                                       Text(TEXT["brochs_in"], brochs=_count("broch", n), area=a.text(article=True)),
                                       _area_cells(a)))
    return ScoreResult.of(items)


def _icon_cells(t: Territory, kind: str) -> list[Cell]:
    """One entry per icon of ``kind`` (a cell repeats for counts above 1), build order."""
    return [c for c, i in _tile_icons(t).items() for _ in range(getattr(i, kind))]


def score_building_sets(t: Territory) -> ScoreResult:
    """Tile 6: 5 VP per set of broch + farm + lighthouse (each building in one set)."""
    b, f, lh = (_icon_cells(t, k) for k in ("broch", "farm", "lighthouse"))
    items = []
    for k in range(min(len(b), len(f), len(lh))):
        items.append(BreakdownItem(_per(6), Text(TEXT["set"], number=k + 1, broch=b[k], farm=f[k],
                                                  lighthouse=lh[k]),
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
        what = (Text(TEXT["sheep_and_cattle"], sheep=_count("sheep", i.sheep), cattle=_count("cattle", i.cattle))
                if i.sheep and i.cattle else _count("sheep", i.sheep) if i.sheep else _count("cattle", i.cattle))
        place = _name(t, (x, y), on=True)
        text = (Text(TEXT["on_farm"], animals=what, place=place) if (x, y) in farms else
                Text(TEXT["next_to_farm"], animals=what, place=place, farm=near[0]))
        items.append(BreakdownItem(_per(9) * n, text,
                                   ((x, y), *[c for c in near if c != (x, y)])))
    return ScoreResult.of(items)


def score_cattle_on_road(t: Territory) -> ScoreResult:
    """Tile 11: 2 VP per cattle on a tile connected to the castle by road."""
    conn = connected_cells(t)
    return ScoreResult.of(BreakdownItem(_per(11) * i.cattle,
                                        Text(TEXT["on_road"], what=_count("cattle", i.cattle),
                                             place=_name(t, c, on=True)), (c,))
                          for c, i in _tile_icons(t).items() if i.cattle and c in conn)


def score_harbours(t: Territory) -> ScoreResult:
    """Tile 12: 3 VP per water area holding at least 1 ship and at least 1 lighthouse."""
    return ScoreResult.of(
        BreakdownItem(_per(12), Text(TEXT["harbour"], area=a.text(), ships=_count("ships", a.icons.ships),
                                     lighthouses=_count("lighthouse", a.icons.lighthouse)), _area_cells(a))
        for a in areas(t) if a.terrain is Terrain.WATER and a.icons.ships and a.icons.lighthouse)


def score_tiles_on_road(t: Territory) -> ScoreResult:
    """Tile 13: 1 VP per tile (not the castle itself) connected to the castle by road."""
    castle = t.castle.cell
    conn = connected_cells(t)
    return ScoreResult.of(BreakdownItem(_per(13), Text(TEXT["connected"], place=_name(t, c)), (c,))
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
    return ScoreResult.of(BreakdownItem(_per(14), Text(TEXT["vertical"], count=len(r), x=r[0][0]), r)
                          for r in vertical_runs(t) if len(r) >= 3)


def score_largest_completed_water(t: Territory) -> ScoreResult:
    """Tile 15: 2 VP per tile of the largest completed water area (0 if there is none)."""
    done = [a for a in areas(t) if a.terrain is Terrain.WATER and a.completed]
    if not done:
        return ScoreResult(0)
    best = max(done, key=lambda a: a.size)  # the first of equal size: same points
    per = _per(15)
    return ScoreResult.of([BreakdownItem(per * best.size, Text(TEXT["largest"], area=best.text(), per=per),
                                         _area_cells(best))])


def score_completed_mountain_areas(t: Territory) -> ScoreResult:
    """Tile 16: 2 VP per completed mountain area."""
    return ScoreResult.of(BreakdownItem(_per(16), a.text(), _area_cells(a))
                          for a in areas(t) if a.terrain is Terrain.MOUNTAIN and a.completed)


# --------------------------------------------------------------------------
# Majorities (tiles 7, 8, 10)
# --------------------------------------------------------------------------

def _majority(counts: Sequence[int], what: str, cells: Sequence[tuple[Cell, ...]]) -> list[ScoreResult]:
    pts = majority_points(counts)
    shared = {p: sum(1 for q in pts if q == p) > 1 for p in set(pts) if p}
    out = []
    for p, c, cs in zip(pts, counts, cells):
        if not p:
            out.append(ScoreResult(0))
            continue
        place = "most" if p == MAJORITY_FIRST else "second"
        out.append(ScoreResult.of([BreakdownItem(p, _majority_text(place, shared[p], what, c), cs)]))
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
# The reference rule of each scoring tile of .scoring_tiles.SCORING_TILES
# --------------------------------------------------------------------------

TerritoryRule = Callable[[Territory], ScoreResult]
MajorityRule = Callable[[Sequence[Territory], Sequence[int]], list[ScoreResult]]

#: Non-majority scoring tile -> the rule that scores one territory, with its breakdown.
TERRITORY_RULES: dict[int, TerritoryRule] = {
    1: score_squares, 2: score_completed_areas, 3: score_sheep, 4: score_big_completed_areas,
    5: score_brochs_per_mountain_area, 6: score_building_sets, 9: score_animals_at_farms,
    11: score_cattle_on_road, 12: score_harbours, 13: score_tiles_on_road, 14: score_vertical_lines,
    15: score_largest_completed_water, 16: score_completed_mountain_areas,
}
#: Majority scoring tile -> the rule that compares the players.
MAJORITY_RULES: dict[int, MajorityRule] = {7: score_whisky_majority, 8: score_ship_majority,
                                           10: score_gold_majority}
assert set(TERRITORY_RULES) | set(MAJORITY_RULES) == set(SCORING_TILES)
assert set(MAJORITY_RULES) == {n for n, s in SCORING_TILES.items() if s.is_majority}


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
    if is_whole(number):
        return OLD_NUMBERS.get(number, number)
    return number


def score_tile(number: int, territories: Sequence[Territory], golds: Sequence[int]) -> list[ScoreResult]:
    """What scoring tile ``number`` awards each player now (majorities compare players)."""
    if number not in SCORING_TILES:
        raise ValueError(f"scoring tile {number!r} does not exist (1-16)")
    if len(golds) != len(territories):
        raise ValueError("give one gold amount per territory")
    if number in MAJORITY_RULES:
        return MAJORITY_RULES[number](territories, golds)
    rule = TERRITORY_RULES[number]
    return [rule(t) for t in territories]


def score_all_tiles(territories: Sequence[Territory], golds: Sequence[int]) -> list[dict[int, ScoreResult]]:
    """For each player, every scoring tile's result: ``[{1: ScoreResult, ..., 16: ...}, ...]``."""
    per_tile = {n: score_tile(n, territories, golds) for n in SCORING_TILES}
    return [{n: per_tile[n][i] for n in SCORING_TILES} for i in range(len(territories))]


# --------------------------------------------------------------------------
# Round track and income
# --------------------------------------------------------------------------

# ROUND_TRACK (player count -> round -> slots scored) and CATCH_UP (player count ->
# round -> gold per player ahead) are defined in .scoring_tiles.


def n_rounds(n_players: int) -> int:
    """6 rounds for 2-4 players, 5 for 5 players."""
    return len(_track(n_players))


def _track(n_players: int) -> dict[int, tuple[str, ...]]:
    if n_players not in ROUND_TRACK:
        raise ValueError(f"Isle of Skye is for 2-5 players, not {n_players}")
    return ROUND_TRACK[n_players]


def tile_label_text(number: int) -> Text:
    """:func:`tile_label` kept as a :class:`~skye_widgets.i18n.Text` (translated when shown)."""
    return Text(TILE_LABEL, number=number, name=SCORING_TILES[number].title)


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
    items = [BreakdownItem(CASTLE_INCOME, Text(TEXT["castle"]), (castle,))]
    conn = connected_cells(territory)
    for c in whisky_tiles(territory):
        if c in conn and c != castle:
            items.append(BreakdownItem(1, Text(TEXT["whisky_on_road"], place=_name(territory, c, on=True)), (c,)))
    per = CATCH_UP[n_players][round_no]
    if per and players_ahead:
        items.append(BreakdownItem(per * players_ahead,
                                   Text(TEXT["ahead"], players=_count("player", players_ahead), per=per,
                                        round=round_no)))
    return ScoreResult.of(items)


# --------------------------------------------------------------------------
# Final scoring
# --------------------------------------------------------------------------

def _scroll_count(t: Territory, scroll: Scroll) -> tuple[int, Text]:
    tot = icon_totals(t)
    what, per = SCROLLS[scroll]
    n = len(whisky_tiles(t)) if what == "whisky_tiles" else getattr(tot, what)
    how = _count(what, n)
    return n // per, (Text(TEXT["divided"], what=how, per=per) if per > 1 else how)


def scroll_points(t: Territory) -> ScoreResult:
    """Every scroll per its type over the whole territory, doubled when its area is completed."""
    items = []
    for a in areas(t):
        for cell, scroll in a.scrolls:
            n, how = _scroll_count(t, scroll)
            if a.completed:
                items.append(BreakdownItem(2 * n, Text(TEXT["scroll_doubled"], rule=SCROLL_RULES[scroll],
                                                       place=_name(t, cell, on=True), how=how, count=n,
                                                       area=a.text(article=True)), (cell,)))
            else:
                items.append(BreakdownItem(n, Text(TEXT["scroll"], rule=SCROLL_RULES[scroll],
                                                   place=_name(t, cell, on=True), how=how, count=n,
                                                   area=a.text()), (cell,)))
    items.sort(key=lambda i: list(t.placements).index(i.cells[0]))
    return ScoreResult.of(items)


def gold_points(gold: int) -> ScoreResult:
    """1 VP per 5 gold (rounded down)."""
    if gold // 5 == 0:
        return ScoreResult(0)
    return ScoreResult.of([BreakdownItem(gold // 5, Text(TEXT["gold"], count=gold))])


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

"""Example territories, exercise boards and charts for the scoring lessons.

Pure and headless: the notebooks ``06``-``09`` build their pictures and
exercise boards from these (their checks: skye_widgets.lessons.checks), and
``tests/test_scoring_lessons.py`` recomputes the
points they print. Every example is a legal territory of real catalogue
tiles, built placement by placement (so a catalogue change that makes one
illegal fails loudly).

>>> t = example("sheep")
>>> len(t), score(3, "sheep").points
(5, 4)
>>> print(report(3))
Scoring tile 3 (Sheep): 4 VP
+1  1 sheep on tile 59 at (0, 1)
+1  1 sheep on tile 21 at (1, -1)
+2  2 sheep on tile 73 at (0, 2)
= 1 + 1 + 2 = 4
>>> best_gain(3, example("sheep"), "16")       # tile 16 prints 3 sheep
3
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from ..drawing import Circle, Drawing, Line, Rect, Shape, Text
from ..i18n import _, lazy_ngettext, ngettext, pgettext
from .scoring import ROUND_TRACK, ScoreResult, icon_totals, score_tile, tile_label, whisky_tiles
from .territory import Territory

#: (tile, x, y, rotation) in build order, castle first.
PlacementList = tuple[tuple[str, int, int, int], ...]

EXAMPLES: dict[str, PlacementList] = {
    "squares": (("castle-blue", 0, 0, 0), ("73", 1, 0, 1), ("49", 1, 1, 0), ("62", 0, 1, 3),
                ("31", 1, -1, 1), ("32", 0, -1, 1)),
    "completed_areas": (("castle-blue", 0, 0, 0), ("33", 0, 1, 1), ("73", 1, 0, 2), ("11", 0, -1, 2),
                        ("1", 1, 1, 1), ("40", 1, -1, 2)),
    "sheep": (("castle-blue", 0, 0, 0), ("59", 0, 1, 1), ("31", 1, 0, 2), ("21", 1, -1, 1), ("73", 0, 2, 3)),
    "large_completed_areas": (("castle-blue", 0, 0, 0), ("3", -1, 0, 0), ("57", 0, 1, 1), ("41", -1, -1, 1),
                              ("19", -1, 1, 3), ("33", 0, 2, 0)),
    "brochs": (("castle-blue", 0, 0, 0), ("9", 0, 1, 0), ("48", 0, -1, 3), ("1", 1, 1, 0), ("10", 0, -2, 2),
               ("47", 1, -1, 3)),
    "building_sets": (("castle-blue", 0, 0, 0), ("50", 0, 1, 3), ("4", -1, 0, 3), ("14", -2, 0, 1),
                      ("51", 1, 1, 0), ("44", -2, 1, 1)),
    # three clans for the majorities (7, 8, 10); no tile appears twice in one group
    "whisky_blue": (("castle-blue", 0, 0, 0), ("70", 0, 1, 3), ("67", -1, 1, 1), ("19", 1, 1, 2), ("55", -1, 2, 2)),
    "whisky_red": (("castle-red", 0, 0, 0), ("71", 0, -1, 0), ("61", -1, 0, 3), ("32", 0, -2, 0), ("35", 1, -2, 2)),
    "whisky_yellow": (("castle-yellow", 0, 0, 0), ("60", 1, 0, 2), ("47", 0, 1, 1), ("39", 1, -1, 1),
                      ("24", 0, 2, 1)),
    "ships_blue": (("castle-blue", 0, 0, 0), ("1", -1, 0, 3), ("67", -1, 1, 1), ("10", 0, -1, 1), ("59", 1, -1, 3)),
    "ships_red": (("castle-red", 0, 0, 0), ("56", 0, 1, 1), ("12", 1, 1, 2), ("53", -1, 1, 2), ("6", 2, 1, 2)),
    "ships_yellow": (("castle-yellow", 0, 0, 0), ("72", 0, 1, 3), ("11", -1, 1, 2), ("34", 0, -1, 1),
                     ("39", -1, 0, 3)),
    "animals_at_farms": (("castle-blue", 0, 0, 0), ("33", -1, 0, 1), ("53", -1, 1, 0), ("48", 0, 1, 2),
                         ("59", -2, 1, 0), ("28", -2, 0, 2)),
    "cattle_on_road": (("castle-blue", 0, 0, 0), ("17", 1, 0, 3), ("58", 0, -1, 2), ("32", 1, -1, 0),
                       ("56", 2, -1, 0), ("7", 2, 0, 0)),
    "harbours": (("castle-blue", 0, 0, 0), ("57", 0, -1, 3), ("8", -1, 0, 3), ("55", -2, 0, 0), ("44", -2, -1, 3),
                 ("48", 1, 0, 3)),
    "vertical_lines": (("castle-blue", 0, 0, 0), ("61", 1, 0, 3), ("25", 0, -1, 0), ("71", 0, 1, 0),
                       ("73", -1, 1, 3), ("56", -1, 2, 3)),
    "tiles_on_road": (("castle-blue", 0, 0, 0), ("5", -1, 0, 0), ("12", -1, 1, 3), ("62", 0, -1, 2),
                      ("33", 0, 1, 1), ("21", -1, -1, 1)),
    "largest_water": (("castle-blue", 0, 0, 0), ("28", 1, 0, 2), ("6", 1, 1, 0), ("46", 1, 2, 0), ("69", 0, 2, 3),
                      ("35", 0, 3, 3)),
    "open_lake": (("castle-blue", 0, 0, 0), ("66", 1, 0, 2), ("43", 2, 0, 3), ("37", -1, 0, 3), ("56", -2, 0, 3)),
    # final scoring: a per-2-ships scroll in a completed lake, a per-2-sheep scroll in an open pasture
    "scrolls": (("castle-blue", 0, 0, 0), ("44", 1, 0, 2), ("12", 0, -1, 2), ("37", 2, 0, 3), ("39", 1, 1, 0),
                ("55", 1, -1, 1), ("73", 1, 2, 0)),
}
EXAMPLES["completed_mountains"] = EXAMPLES["cattle_on_road"]   # a completed mountain of 2 tiles and an enclosed one


@dataclass(frozen=True)
class Lesson:
    """How one scoring tile is taught: its example clans (with gold) and its exercise."""

    number: int
    players: tuple[str, ...]            # example names, one per clan
    golds: tuple[int, ...] = ()
    #: Exercise "place ``hand`` to earn ``gain`` more points": base example, tiles left off its end.
    exercise_base: str = ""
    exercise_drop: int = 0
    hand: str = ""
    gain: int = 0

    @property
    def names(self) -> tuple[str, ...]:
        """Clan names shown beside the pictures (castle colours, in the language spoken now)."""
        colours = (EXAMPLES[p][0][0].removeprefix("castle-") for p in self.players)
        return tuple(CLAN_NAMES[c]() if c in CLAN_NAMES else c.capitalize() for c in colours)


#: The example clans' names: their castle's colour.
CLAN_NAMES = {
    # Translators: an example clan of the scoring lessons, named by its castle's colour.
    "red": lambda: pgettext("clan", "Red"),
    "blue": lambda: pgettext("clan", "Blue"),
    "yellow": lambda: pgettext("clan", "Yellow"),
    "white": lambda: pgettext("clan", "White"),
    "green": lambda: pgettext("clan", "Green"),
}


_MAJ7 = ("whisky_blue", "whisky_red", "whisky_yellow")
LESSONS: dict[int, Lesson] = {les.number: les for les in (
    Lesson(1, ("squares",), exercise_base="squares", exercise_drop=1, hand="32", gain=2),
    Lesson(2, ("completed_areas",), exercise_base="completed_areas", hand="45", gain=2),
    Lesson(3, ("sheep",)),
    Lesson(4, ("large_completed_areas",), exercise_base="large_completed_areas", exercise_drop=2, hand="19", gain=3),
    Lesson(5, ("brochs",), exercise_base="brochs", hand="51", gain=3),
    Lesson(6, ("building_sets",)),
    Lesson(7, _MAJ7),
    Lesson(8, ("ships_blue", "ships_red", "ships_yellow")),
    Lesson(9, ("animals_at_farms",), exercise_base="animals_at_farms", hand="32", gain=3),
    Lesson(10, _MAJ7, golds=(8, 3, 0)),
    Lesson(11, ("cattle_on_road",), exercise_base="cattle_on_road", hand="42", gain=2),
    Lesson(12, ("harbours",), exercise_base="harbours", hand="58", gain=3),
    Lesson(13, ("tiles_on_road",), exercise_base="tiles_on_road", hand="8", gain=1),
    Lesson(14, ("vertical_lines",), exercise_base="vertical_lines", hand="5", gain=3),
    Lesson(15, ("largest_water",), exercise_base="open_lake", hand="29", gain=6),
    Lesson(16, ("completed_mountains",), exercise_base="completed_mountains", hand="40", gain=2),
)}


def build(placements: Sequence[tuple[str, int, int, int]]) -> Territory:
    """A territory from ``(tile, x, y, rotation)`` rows, castle first (each placement checked).

    >>> build([("castle-blue", 0, 0, 0), ("31", 0, 1, 0)]).placements[(0, 1)]
    Placement(tile='31', x=0, y=1, rotation=0)
    """
    (castle, cx, cy, cr), *rest = placements
    t = Territory(castle, x=cx, y=cy, rotation=cr)
    for tid, x, y, r in rest:
        t.place(tid, x, y, r)
    return t


def example(name: str, *, drop: int = 0) -> Territory:
    """A fresh copy of example ``name`` (without its last ``drop`` tiles).

    >>> len(example("squares")), len(example("squares", drop=1))
    (6, 5)
    """
    if name not in EXAMPLES:
        raise KeyError(f"no example named {name!r}; known: {', '.join(EXAMPLES)}")
    rows = EXAMPLES[name]
    return build(rows[:len(rows) - drop])


def clans(number: int) -> tuple[list[Territory], list[int]]:
    """The example territories and gold for scoring tile ``number``."""
    les = LESSONS[number]
    golds = list(les.golds) or [0] * len(les.players)
    return [example(p) for p in les.players], golds


def majority_counts(number: int) -> list[int]:
    """What majority tile ``number`` (7, 8, 10) compares for each example clan:
    whisky tiles, ship icons or gold.

    >>> majority_counts(7), majority_counts(8), majority_counts(10)
    ([3, 1, 1], [3, 3, 1], [8, 3, 0])
    """
    ts, golds = clans(number)
    if number == 7:
        return [len(whisky_tiles(t)) for t in ts]
    if number == 8:
        return [icon_totals(t).ships for t in ts]
    if number == 10:
        return golds
    raise ValueError(f"scoring tile {number} is not a majority tile (7, 8, 10)")


#: A majority lesson's caption per clan: its name, its count, its points.
_MAJORITY_WHAT = {
    # Translators: {name} a clan ("Blue"), {count} what it has, {points} the VP it gets.
    7: lazy_ngettext("{name}: {count} whisky tile → {points} VP", "{name}: {count} whisky tiles → {points} VP"),
    8: lazy_ngettext("{name}: {count} ship → {points} VP", "{name}: {count} ships → {points} VP"),
    10: lazy_ngettext("{name}: {count} gold → {points} VP", "{name}: {count} gold → {points} VP"),
}


def majority_captions(number: int) -> list[str]:
    """One line per example clan of majority tile ``number``: count and points.

    >>> majority_captions(7)
    ['Blue: 3 whisky tiles → 5 VP', 'Red: 1 whisky tile → 2 VP', 'Yellow: 1 whisky tile → 2 VP']
    """
    return [_MAJORITY_WHAT[number].format(name=name, count=k, points=r.points)
            for name, k, r in zip(LESSONS[number].names, majority_counts(number), scores(number))]


def scores(number: int) -> list[ScoreResult]:
    """What scoring tile ``number`` gives each example clan."""
    ts, golds = clans(number)
    return score_tile(number, ts, golds)


def score(number: int, name: str) -> ScoreResult:
    """Scoring tile ``number`` for the single territory ``example(name)`` (no rivals, no gold)."""
    return score_tile(number, [example(name)], [0])[0]


def report(number: int) -> str:
    """The lesson's printed result: a heading line per clan, then its breakdown.

    The heading reads ``Scoring tile N (Name): P VP`` (with the clan's name
    when there are several); the lesson test parses it.
    """
    les = LESSONS[number]
    out = []
    for name, res in zip(les.names, scores(number)):
        if len(les.players) > 1:
            # Translators: a lesson's result; {label} "7 (Whisky majority)", {name} a clan ("Blue").
            out.append(_("Scoring tile {label} {name}: {points} VP").format(label=tile_label(number), name=name,
                                                                            points=res.points))
        else:
            out.append(_("Scoring tile {label}: {points} VP").format(label=tile_label(number), points=res.points))
        out.append(res.explain())
    return "\n".join(out)


def exercise_territory(number: int) -> Territory:
    """The board the learner starts the tile's exercise from."""
    les = LESSONS[number]
    if not les.hand:
        raise KeyError(f"scoring tile {number} has a quiz, not a placement exercise")
    return example(les.exercise_base, drop=les.exercise_drop)


def best_gain(number: int, territory: Territory, tile: str) -> int:
    """The most points tile ``tile`` can add under scoring tile ``number`` (0 if it fits nowhere).

    Tries every legal placement; the territory is left as it was.
    """
    before = score_tile(number, [territory], [0])[0].points
    best = 0
    for x, y, r in territory.legal_placements(tile):
        territory.place(tile, x, y, r)
        try:
            best = max(best, score_tile(number, [territory], [0])[0].points - before)
        finally:
            territory.pop()
    return best


# --------------------------------------------------------------------------
# Pictures for the lessons: clans side by side, the round track, charts
# --------------------------------------------------------------------------

def _moved(shape: Shape, dx: float, dy: float) -> Shape:
    """A copy of ``shape`` shifted by (dx, dy)."""
    if isinstance(shape, (Rect, Text)):
        return replace(shape, x=shape.x + dx, y=shape.y + dy)
    if isinstance(shape, Circle):
        return replace(shape, cx=shape.cx + dx, cy=shape.cy + dy)
    return replace(shape, points=tuple((x + dx, y + dy) for x, y in shape.points))


def beside(drawings: Sequence[Drawing], captions: Sequence[str] = (), *, gap: int = 16,
           title: str = "") -> Drawing:
    """Drawings in a row, top-aligned, each with an optional caption underneath.

    >>> d = beside([Drawing(10, 20), Drawing(30, 10)], gap=5)
    >>> d.width, d.height
    (45, 20)
    """
    cap = 24 if captions else 0
    # each drawing gets a column wide enough for its caption (about 8 px per bold character)
    cols = [max(d.width, 8 * len(captions[k]) if k < len(captions) else 0) for k, d in enumerate(drawings)]
    width = sum(cols) + gap * (len(drawings) - 1)
    top = max(d.height for d in drawings)
    out = Drawing(width, top + cap, title=title)
    x = 0.0
    for k, d in enumerate(drawings):
        out.extend(_moved(s, x + (cols[k] - d.width) / 2, 0) for s in d.shapes)
        if k < len(captions):
            out.add(Text(x + cols[k] / 2, top + cap / 2, captions[k], size=13, bold=True, layer="overlay"))
        x += cols[k] + gap
    out.description = " ".join(f"{captions[k]}: {d.description}" if k < len(captions) and captions[k]
                               else d.description for k, d in enumerate(drawings) if d.description)
    return out


SERIES_COLOURS = ("#4477AA", "#EE6677", "#228833", "#CCBB44", "#66CCEE", "#AA3377")
SLOT_COLOURS = {"A": "#4477AA", "B": "#EE6677", "C": "#228833", "D": "#CCBB44"}


def round_track_drawing(n_players: int) -> Drawing:
    """The round track as a grid: one column per round, one row per slot, a disc where it scores.

    >>> d = round_track_drawing(4)
    >>> sum(1 for s in d.shapes if isinstance(s, Circle))     # 1 + 1 + 2 + 2 + 3 + 3
    12
    """
    rounds = ROUND_TRACK[n_players]
    cw, rh, left, top = 64, 40, 70, 44
    d = Drawing(left + cw * len(rounds) + 10, top + rh * 4 + 10,
                title=ngettext("round track, {count} player", "round track, {count} players",
                               n_players).format(count=n_players))
    d.add(Rect(0, 0, d.width, d.height, fill="#FFFFFF", layer="background"))
    for r in rounds:
        d.add(Text(left + cw * (r - 0.5), top / 2, _("round {round}").format(round=r), size=13, bold=True))
    for k, slot in enumerate("ABCD"):
        y = top + rh * k
        d.add(Text(left / 2, y + rh / 2, _("slot {slot}").format(slot=slot), size=13, bold=True,
                   fill=SLOT_COLOURS[slot]))
        for r, slots in rounds.items():
            x = left + cw * (r - 1)
            d.add(Rect(x + 2, y + 2, cw - 4, rh - 4, fill="#F2F2EE"))
            if slot in slots:
                d.add(Circle(x + cw / 2, y + rh / 2, rh * 0.32, fill=SLOT_COLOURS[slot], stroke="#222222"))
    return d


def _axes(d: Drawing, left: float, top: float, w: float, h: float, vmax: float, title: str,
          ylabel: str) -> float:
    """Draw a title, gridlines and y ticks; return the VP -> pixel scale."""
    d.add(Rect(0, 0, d.width, d.height, fill="#FFFFFF", layer="background"),
          Text(d.width / 2, 14, title, size=14, bold=True))
    step = max(1, int(vmax / 5 + 0.999))
    nice = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200) if s >= step)
    top_v = nice * max(1, -(-int(vmax) // nice))
    scale = h / top_v
    for v in range(0, top_v + 1, nice):
        y = top + h - v * scale
        d.add(Line(((left, y), (left + w, y)), stroke="#DDDDDD"),
              Text(left - 6, y, str(v), size=11, align="right"))
    d.add(Text(12, top + h / 2, ylabel, size=11), Line(((left, top), (left, top + h)), stroke="#333333"))
    return scale


def bar_chart(labels: Sequence[str], values: Sequence[float], *, title: str = "", ylabel: str = "",
              colours: Sequence[str] = SERIES_COLOURS, value_format: str = "{:g}") -> Drawing:
    """Vertical bars with their values written on top.

    >>> d = bar_chart(["a", "b"], [3, 5], title="t")
    >>> [s.text for s in d.shapes if isinstance(s, Text) and s.text in ("3", "5")][-2:]
    ['3', '5']
    """
    left, top, gap, h = 48, 50, 24, 200
    bw = max(70, 7 * max((len(lab) for lab in labels), default=0) - gap + 4)   # room for the labels
    w = len(values) * (bw + gap) + gap
    d = Drawing(left + w + 10, top + h + 40, title=title)
    scale = _axes(d, left, top, w, h, max(max(values, default=0), 1), title, ylabel)
    for k, (lab, v) in enumerate(zip(labels, values)):
        x = left + gap + k * (bw + gap)
        d.add(Rect(x, top + h - v * scale, bw, v * scale, fill=colours[k % len(colours)]),
              Text(x + bw / 2, top + h - v * scale - 9, value_format.format(v), size=12, bold=True),
              Text(x + bw / 2, top + h + 14, lab, size=12))
    return d


def line_chart(series: dict[str, Sequence[float]], x_labels: Sequence[str], *, title: str = "",
               ylabel: str = "", colours: Sequence[str] = SERIES_COLOURS) -> Drawing:
    """One polyline per named series over the same x positions, with a legend.

    >>> d = line_chart({"a": [0, 5, 9]}, ["1", "2", "3"], title="VP")
    >>> sum(1 for s in d.shapes if isinstance(s, Circle))
    3
    """
    left, top, h = 48, 44, 220
    step = 70
    w = step * max(1, len(x_labels) - 1) + 40
    legend_w = 150
    d = Drawing(left + w + legend_w, top + h + 40, title=title)
    vmax = max((max(v) for v in series.values() if len(v)), default=1)
    scale = _axes(d, left, top, w, h, max(vmax, 1), title, ylabel)
    for i, lab in enumerate(x_labels):
        d.add(Text(left + 20 + i * step, top + h + 14, lab, size=12))
    for k, (name, vals) in enumerate(series.items()):
        colour = colours[k % len(colours)]
        pts = tuple((left + 20 + i * step, top + h - v * scale) for i, v in enumerate(vals))
        if len(pts) > 1:
            d.add(Line(pts, stroke=colour, line_width=3))
        d.add(*(Circle(x, y, 4, fill=colour) for x, y in pts))
        ly = top + 10 + k * 22
        d.add(Line(((left + w + 10, ly), (left + w + 34, ly)), stroke=colour, line_width=3),
              Text(left + w + 40, ly, name, size=12, align="left"))
    return d


def stacked_bar_chart(labels: Sequence[str], parts: dict[str, Sequence[float]], *, title: str = "",
                      ylabel: str = "", colours: Sequence[str] = SERIES_COLOURS) -> Drawing:
    """One bar per label, cut into coloured parts (``parts[name][k]`` is bar k's share), with a legend.

    >>> d = stacked_bar_chart(["x", "y"], {"a": [1, 2], "b": [3, 0]})
    >>> sum(1 for s in d.shapes if isinstance(s, Rect) and s.h > 0 and s.w == 70)   # 3 non-empty parts
    3
    """
    left, top, bw, gap, h = 48, 50, 70, 24, 220
    n = len(labels)
    w = n * (bw + gap) + gap
    legend_w = 150
    d = Drawing(left + w + legend_w, top + h + 40, title=title)
    totals = [sum(p[k] for p in parts.values()) for k in range(n)]
    scale = _axes(d, left, top, w, h, max(max(totals, default=0), 1), title, ylabel)
    for k, lab in enumerate(labels):
        x = left + gap + k * (bw + gap)
        y = top + h
        for j, vals in enumerate(parts.values()):
            v = vals[k]
            if v > 0:
                d.add(Rect(x, y - v * scale, bw, v * scale, fill=colours[j % len(colours)], stroke="#FFFFFF"))
                y -= v * scale
        d.add(Text(x + bw / 2, y - 9, f"{totals[k]:g}", size=12, bold=True),
              Text(x + bw / 2, top + h + 14, lab, size=12))
    for j, name in enumerate(parts):
        ly = top + 10 + j * 22
        d.add(Rect(left + w + 10, ly - 7, 24, 14, fill=colours[j % len(colours)]),
              Text(left + w + 40, ly, name, size=12, align="left"))
    return d


def scatter_chart(points: dict[str, Sequence[tuple[float, float]]], *, title: str = "", xlabel: str = "",
                  ylabel: str = "", colours: Sequence[str] = SERIES_COLOURS) -> Drawing:
    """Dots per named group (x, y), with a legend; the x axis spans the data.

    >>> d = scatter_chart({"a": [(10, 40), (12, 50)], "b": [(8, 20)]})
    >>> sum(1 for s in d.shapes if isinstance(s, Circle))     # 3 dots + 2 legend marks
    5
    """
    left, top, w, h, legend_w = 48, 44, 380, 220, 150
    d = Drawing(left + w + legend_w, top + h + 46, title=title)
    every = [p for pts in points.values() for p in pts] or [(0, 0)]
    scale = _axes(d, left, top, w, h, max(max(p[1] for p in every), 1), title, ylabel)
    x0, x1 = min(p[0] for p in every) - 1, max(p[0] for p in every) + 1
    sx = w / (x1 - x0)
    for v in range(int(x0) + 1, int(x1) + 1):
        d.add(Text(left + (v - x0) * sx, top + h + 14, str(v), size=11))
    d.add(Text(left + w / 2, top + h + 34, xlabel, size=12),
          Line(((left, top + h), (left + w, top + h)), stroke="#333333"))
    for j, (name, pts) in enumerate(points.items()):
        colour = colours[j % len(colours)]
        d.add(*(Circle(left + (x - x0) * sx, top + h - y * scale, 5, fill=colour, opacity=0.75,
                       stroke="#222222", line_width=0.5) for x, y in pts))
        ly = top + 10 + j * 22
        d.add(Circle(left + w + 22, ly, 5, fill=colour), Text(left + w + 40, ly, name, size=12, align="left"))
    return d


# --------------------------------------------------------------------------
# Reading a finished game (for the strategy lab)
# --------------------------------------------------------------------------

def vp_progress(state: Any) -> list[list[int]]:
    """Each player's VP after every round, then after the final scoring (when the game is over).

    ``state`` is a :class:`~skye_widgets.skye.game.GameState`; the last entry
    of each list equals ``state.vp[player]`` once the game is over.
    """
    n, rounds = state.n_players, max((s.round_no for s in state.slot_scores), default=0)
    gained = [[0] * n for _ in range(rounds)]
    for s in state.slot_scores:
        for p, r in enumerate(s.results):
            gained[s.round_no - 1][p] += r.points
    out: list[list[int]] = [[] for _ in range(n)]
    for p in range(n):
        total = 0
        for r in range(rounds):
            total += gained[r][p]
            out[p].append(total)
        if state.final:
            out[p].append(total + state.final[p].points)
    return out


def vp_sources(state: Any, player: int) -> dict[str, int]:
    """Where ``player``'s VP came from: each slot (all its scorings), scrolls, gold.

    The values add up to the player's VP at the end of the game.
    """
    slot = {k: _("slot {slot}").format(slot=k) for k in "ABCD"}      # the keys are a chart's labels
    scrolls, gold = pgettext("VP source", "scrolls"), pgettext("VP source", "gold")
    out = {slot[k]: 0 for k in "ABCD"}
    for s in state.slot_scores:
        out[slot[s.slot]] += s.results[player].points
    out[scrolls] = out[gold] = 0
    if state.final:
        for item in state.final[player].breakdown:
            out[scrolls if item.cells else gold] += item.points     # a scroll has its cell, gold none
    return out

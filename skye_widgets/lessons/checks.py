"""The engine checks behind the lessons' exercises, and the numbers their quizzes quote.

Pure: every check reads the learner's work (a territory, a chosen number) and
returns ``(ok, message_key, values)``; the widget formats the lesson file's
message ``message_key`` with ``values``. Each check declares its message keys
and the placeholders each message may use, so the loader can refuse a text
file that names a value no check gives.

>>> from skye_widgets.skye.territory import Territory
>>> t = Territory("castle-blue")
>>> run("placed_at", t, tile="16", cell=[1, 0])
(False, 'in_hand', {'tile': '16', 'wanted': '(1, 0)'})
>>> _ = t.place("16", 1, 0, 1)
>>> run("placed_at", t, tile="16", cell=[1, 0])
(True, 'ok', {'tile': '16', 'cell': '(1, 0)'})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..limits import is_whole

Result = "tuple[bool, str, dict[str, Any]]"


@dataclass(frozen=True)
class Check:
    """A check function, the message keys it answers with and each message's placeholders."""
    fn: Callable[..., Any]
    messages: Mapping[str, tuple[str, ...]]
    args: Mapping[str, Callable[[Any], bool]] = field(default_factory=dict)

    def check_args(self, args: Mapping[str, Any]) -> None:
        """ValueError unless ``args`` are exactly this check's arguments, each well-formed."""
        missing = sorted(self.args.keys() - args.keys())
        extra = sorted(args.keys() - self.args.keys())
        if missing or extra:
            raise ValueError(f"expected {', '.join(sorted(self.args)) or 'none'}")
        for name, ok in self.args.items():
            if not ok(args[name]):
                raise ValueError(f"{name} is not valid")


@dataclass(frozen=True)
class Values:
    """A quiz's numbers: ``fn(**context)`` returns exactly ``names``."""
    fn: Callable[..., dict[str, Any]]
    names: tuple[str, ...]


def _cell_name(cell: Any) -> str:
    return f"({cell[0]}, {cell[1]})"


def _is_tile(v: Any) -> bool:
    return isinstance(v, str) and v.isdigit() and len(v) <= 3


def _is_cell(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(is_whole(c, -1000, 1000) for c in v)


def _tile_ids(territory: Any) -> set[str]:
    return {p.tile for p in territory}


def _open_sides(area: Any) -> str:
    return ", ".join(f"{_cell_name(cell)} {'NESW'[d]}" for cell, d in sorted(area.open_sides))


# --------------------------------------------------------------------------
# Exercise checks
# --------------------------------------------------------------------------

def placed_at(territory: Any, *, tile: str, cell: list[int]) -> Any:
    """Lesson 1: tile ``tile`` on ``cell``."""
    where = [p.cell for p in territory if p.tile == tile]
    if not where:
        return False, "in_hand", {"tile": tile, "wanted": _cell_name(cell)}
    if tuple(where[0]) != tuple(cell):
        return False, "elsewhere", {"tile": tile, "cell": _cell_name(where[0]), "wanted": _cell_name(cell)}
    return True, "ok", {"tile": tile, "cell": _cell_name(cell)}


def income_reaches(territory: Any, *, tile: str, income: int) -> Any:
    """Lesson 2: tile ``tile`` placed so that the income is ``income``."""
    from ..skye.scoring import income as income_of
    if tile not in _tile_ids(territory):
        return False, "in_hand", {"tile": tile}
    paid = income_of(territory).points
    if paid >= income:
        return True, "ok", {"income": paid}
    return False, "short", {"income": paid}


def area_completed(territory: Any, *, cell: list[int], terrain: str) -> Any:
    """Lesson 3: the ``terrain`` area through ``cell`` is completed."""
    from ..skye.graphs import areas
    area = next(a for a in areas(territory) if tuple(cell) in a.cells and a.terrain.label == terrain)
    if area.completed:
        return True, "ok", {"area": area.describe()}
    return False, "open", {"area": area.describe(), "sides": _open_sides(area)}


def count_completed(chosen: Any, *, territory: Any) -> Any:
    """Lesson 3: the number of completed areas of ``territory``."""
    from ..skye.graphs import areas
    if chosen is None:
        return False, "pick", {}
    truth = sum(1 for a in areas(territory) if a.completed)
    if chosen == truth:
        return True, "ok", {"count": truth}
    return False, "wrong", {"guess": chosen}


def _auction(actions: list[Any]) -> Any:
    from ..skye import Game
    g = Game.new(["Anna", "Ben", "Cara"], seed=3, scoring=(3, 13, 2, 7))
    for a in actions:
        g.apply(a)
    return g


def _auction_scenarios() -> dict[str, tuple[int, list[Any]]]:
    """Lesson 4's rounds (the plan the notebook plays, and the exercises' variants)."""
    from ..skye import Buy, Pass, SetPrices
    plan = [SetPrices(0, "40", (("43", 1), ("13", 1))),
            SetPrices(1, "48", (("61", 3), ("23", 2))),
            SetPrices(2, "51", (("59", 1), ("33", 4)))]
    return {
        "cara_cheaper": (2, [plan[0], plan[1], SetPrices(2, "51", (("59", 1), ("33", 2))),
                             Buy(0, seller=1, tile="61"), Buy(1, seller=2, tile="33"), Pass(2)]),
        "ben_buys": (1, plan + [Buy(0, seller=1, tile="23"), Buy(1, seller=2, tile="33"),
                                Buy(2, seller=0, tile="13")]),
    }


def auction_gold(chosen: Any, *, scenario: str) -> Any:
    """Lesson 4: a player's gold at the end of the buy phase of ``scenario``."""
    if chosen is None:
        return False, "pick", {}
    player, actions = _auction_scenarios()[scenario]
    truth = _auction(actions).gold[player]
    if chosen == truth:
        return True, "ok", {"gold": truth}
    return False, "wrong", {"guess": chosen}


def all_built(territory: Any, *, tiles: list[str], first: str) -> Any:
    """Lesson 5: every tile of ``tiles`` is built (``first`` must go first so the others fit)."""
    placed = _tile_ids(territory)
    missing = [t for t in tiles if t not in placed]
    if not missing:
        return True, "ok", {}
    stuck = [t for t in missing if not territory.can_place(t)]
    if first in placed and stuck:
        return False, "stuck", {"first": first, "tile": stuck[0]}
    if first not in placed:
        return False, "missing_first", {"tiles": ", ".join(missing), "first": first}
    return False, "missing", {"tiles": ", ".join(missing)}


def scoring_gain(territory: Any, *, number: int) -> Any:
    """Lessons 6-8: the hand tile earns the exercise's points under scoring tile ``number``."""
    from ..skye.lessons import LESSONS, exercise_territory
    from ..skye.scoring import score_tile, tile_label
    les = LESSONS[number]
    before = score_tile(number, [exercise_territory(number)], [0])[0].points
    if les.hand not in _tile_ids(territory):
        if not territory.can_place(les.hand):
            return False, "nowhere", {"tile": les.hand}
        return False, "in_hand", {"tile": les.hand}
    now = score_tile(number, [territory], [0])[0].points
    values = {"before": before, "now": now, "gained": now - before, "label": tile_label(number)}
    if now - before >= les.gain:
        return True, "ok", values
    return False, "short", {**values, "possible": les.gain}


def scroll_doubled(territory: Any, *, cell: list[int], gold: int) -> Any:
    """Lesson 9: the area holding the scroll on ``cell`` is completed (so the scroll is doubled)."""
    from ..skye.graphs import areas
    from ..skye.lessons import example
    from ..skye.scoring import final_scoring
    area = next(a for a in areas(territory) if any(tuple(c) == tuple(cell) for c, _ in a.scrolls))
    if area.completed:
        now = final_scoring(territory, gold)
        line = next(i.reason for i in now.breakdown if _cell_name(cell) in i.reason)
        start = final_scoring(example("scrolls"), gold).points
        return True, "ok", {"points": now.points, "start": start, "line": line}
    return False, "open", {"area": area.describe(), "sides": _open_sides(area)}


def final_vp(chosen: Any, *, territory: Any, gold: int) -> Any:
    """Lesson 9: the final scoring of ``territory`` with ``gold``."""
    from ..skye.scoring import final_scoring
    if chosen is None:
        return False, "pick", {}
    truth = final_scoring(territory, gold)
    if chosen == truth.points:
        return True, "ok", {"reasons": "; ".join(i.reason for i in truth.breakdown), "total": truth.points}
    return False, "wrong", {"guess": chosen}


def _is_number(lo: int, hi: int) -> Callable[[Any], bool]:
    return lambda v: is_whole(v, lo, hi)


CHECKS: dict[str, Check] = {
    "placed_at": Check(placed_at, {"in_hand": ("tile", "wanted"), "elsewhere": ("tile", "cell", "wanted"),
                                   "ok": ("tile", "cell")},
                       {"tile": _is_tile, "cell": _is_cell}),
    "income_reaches": Check(income_reaches, {"in_hand": ("tile",), "short": ("income",), "ok": ("income",)},
                            {"tile": _is_tile, "income": _is_number(0, 100)}),
    "area_completed": Check(area_completed, {"open": ("area", "sides"), "ok": ("area",)},
                            {"cell": _is_cell, "terrain": lambda v: v in ("water", "pasture", "mountain")}),
    "count_completed": Check(count_completed, {"pick": (), "wrong": ("guess",), "ok": ("count",)}),
    "auction_gold": Check(auction_gold, {"pick": (), "wrong": ("guess",), "ok": ("gold",)},
                          {"scenario": lambda v: v in ("cara_cheaper", "ben_buys")}),
    "all_built": Check(all_built, {"missing_first": ("tiles", "first"), "missing": ("tiles",), "stuck": ("first", "tile"), "ok": ()},
                       {"tiles": lambda v: isinstance(v, list) and 0 < len(v) <= 4 and all(map(_is_tile, v)),
                        "first": _is_tile}),
    "scoring_gain": Check(scoring_gain, {"in_hand": ("tile",), "nowhere": ("tile",),
                                         "short": ("before", "now", "gained", "label", "possible"),
                                         "ok": ("before", "now", "gained", "label")},
                          {"number": _is_number(1, 16)}),
    "scroll_doubled": Check(scroll_doubled, {"open": ("area", "sides"), "ok": ("points", "start", "line")},
                            {"cell": _is_cell, "gold": _is_number(0, 1000)}),
    "final_vp": Check(final_vp, {"pick": (), "wrong": ("guess",), "ok": ("reasons", "total")}),
}


def run(name: str, work: Any, **kwargs: Any) -> Any:
    """Run check ``name`` on the learner's ``work``; ``(ok, message_key, values)``."""
    spec = CHECKS[name]
    ok, key, values = spec.fn(work, **kwargs)
    assert key in spec.messages and set(values) == set(spec.messages[key]), (name, key, values)
    return ok, key, values


# --------------------------------------------------------------------------
# Numbers quoted by quizzes (computed by the engine, never typed in a notebook)
# --------------------------------------------------------------------------

def _gains(number: int, example_name: str, tiles: tuple[str, ...]) -> dict[str, Any]:
    from ..skye.lessons import best_gain, example
    here = example(example_name)
    return {f"gain{t}": best_gain(number, here, t) for t in tiles}


def _majority_after(number: int, clan: int, tile: str) -> dict[str, Any]:
    from ..skye.lessons import clans
    from ..skye.scoring import score_tile
    territories, gold = clans(number)
    more = territories[clan].copy()
    more.place(tile, *more.legal_placements(tile)[0])
    territories = [more if i == clan else t for i, t in enumerate(territories)]
    return {"scores": ", ".join(str(r.points) for r in score_tile(number, territories, gold))}


def _gold_majority() -> dict[str, Any]:
    from ..skye.lessons import clans
    from ..skye.scoring import score_tile
    return {"scores": ", ".join(str(r.points) for r in score_tile(10, clans(10)[0], [8, 3, 3]))}


def _round_track() -> dict[str, Any]:
    from ..skye.scoring import ROUND_TRACK
    first_d = {p: min(r for r, slots in ROUND_TRACK[p].items() if "D" in slots) for p in (4, 5)}
    return {"slots": ", ".join(ROUND_TRACK[4][4]), "d4": first_d[4], "d5": first_d[5]}


def _most_tiles(games: Any, random_vp: float) -> dict[str, Any]:
    most = sum(1 for g in games
               if any(len(g.territories[w]) == max(len(t) for t in g.territories) for w in g.winners()))
    return {"most": most, "games": len(games), "random_vp": f"{random_vp:.0f}"}


QUIZ_VALUES: dict[str, Values] = {
    "sheep_gains": Values(lambda: _gains(3, "sheep", ("16", "32", "57")), ("gain16", "gain32", "gain57")),
    "building_set_gains": Values(lambda: _gains(6, "building_sets", ("8", "35")), ("gain8", "gain35")),
    "farm_gains": Values(lambda: _gains(9, "animals_at_farms", ("38", "73")), ("gain38", "gain73")),
    "harbour_gains": Values(lambda: _gains(12, "harbours", ("61", "66")), ("gain61", "gain66")),
    "whisky_after": Values(lambda: _majority_after(7, 1, "62"), ("scores",)),
    "ships_after": Values(lambda: _majority_after(8, 2, "66"), ("scores",)),
    "gold_majority": Values(_gold_majority, ("scores",)),
    "round_track": Values(_round_track, ("slots", "d4", "d5")),
    "most_tiles": Values(_most_tiles, ("most", "games", "random_vp")),
}


def quiz_values(name: str | None, **context: Any) -> dict[str, Any]:
    """The placeholders of a quiz whose provider is ``name`` (none: ``{}``)."""
    if name is None:
        return {}
    spec = QUIZ_VALUES[name]
    values = spec.fn(**context)
    assert set(values) == set(spec.names), (name, values)
    return values

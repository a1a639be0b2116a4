"""Test helpers for Isle of Skye game states (importable: ``tests`` is on pytest's pythonpath)."""

from __future__ import annotations

from skye_widgets.skye.game import GameState
from skye_widgets.skye.search import StrongBot


def frozen(v):
    """``v`` with every list, dict and set turned into tuples (order kept), so a
    later change to the original cannot reach the copy; the leaves (actions,
    events, score results) are frozen dataclasses already."""
    if isinstance(v, dict):
        return tuple((k, frozen(x)) for k, x in v.items())
    if isinstance(v, (list, tuple)):
        return tuple(frozen(x) for x in v)
    if isinstance(v, (set, frozenset)):
        return frozenset(v)
    return v


def snapshot(g: GameState) -> dict:
    """Everything an action could change: every attribute of the state except
    derived caches, with the bag in order, the random generator's state and each
    territory's internals (cells in order, faces, tile ids)."""
    out = {}
    for k, v in vars(g).items():
        if k in ("_legal_cache", "_placements_cache"):
            continue
        if k == "rng":
            v = v.getstate()
        elif k == "territories":
            v = [(t.placements, t._faces, t._ids, t.name, t.gold) for t in v]
        out[k] = frozen(v)
    return out


class SmallStrongBot(StrongBot):
    """The search bot on a quarter of its budget (the same code paths): for tests of properties that
    do not depend on the budget (seeded determinism, what it may know)."""

    samples = 2
    max_candidates = 3

"""Hand-made tiles for rule tests (not from the catalogue, so each test says what it uses)."""

from __future__ import annotations

from skye_widgets.skylands.components import Effect, Part, Special, Tile


def tile(*parts: tuple[str, tuple[int, ...], int], tid: str = "t") -> Tile:
    """A tile from (terrain, sides, spaces) triples; sides not listed are clouds."""
    return Tile(tid, tuple(Part(t, s, n) for t, s, n in parts))


def end(terrain: str, spaces: int = 1, tid: str = "end") -> Tile:
    """One part touching only the north side."""
    return tile((terrain, (0,), spaces), tid=tid)


def islet(terrain: str, spaces: int = 1, tid: str = "islet") -> Tile:
    """A part touching no side: complete on its own."""
    return tile((terrain, (), spaces), tid=tid)


CLOUDS = Tile("clouds", ())


def special(tid: str = "SX", *, parts=(("forest", (), 1),), cost=(("green", 1),), vp: int = 0,
            category: str = "none", effect: Effect | None = None) -> Special:
    return Special(tid, tuple(Part(t, s, n) for t, s, n in parts), name=tid, back="sand",
                   category=category, cost=tuple(cost), vp=vp, effect=effect)

"""Isle of Skye tiles: terrain sides, areas, roads and icons.

A :class:`Tile` is described in its printed orientation (rotation 0). Sides
are indexed 0..3 for N, E, S, W. Rotating by ``r`` quarter turns clockwise
moves the side at index ``i`` to index ``(i + r) % 4``.

The catalogue (73 landscape tiles numbered 1-73 and the five castles) is
loaded from ``data/tiles.json``; see ``docs/tile-catalogue.md`` for where
every tile comes from.

>>> t = tile("castle-blue")
>>> t.is_castle, [s.value for s in t.sides]
(True, ['P', 'W', 'P', 'M'])
>>> [s.value for s in t.rotated_sides(1)]  # a quarter turn clockwise: W side now faces N
['M', 'P', 'W', 'P']
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Iterable

SIDE_NAMES = ("N", "E", "S", "W")
#: (dx, dy) of the neighbour across each side; x grows east, y grows south.
SIDE_OFFSETS = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: Every rotation a tile can be placed in.
ROTATIONS = (0, 1, 2, 3)


class Terrain(str, Enum):
    """The three landscape types."""

    PASTURE = "P"
    MOUNTAIN = "M"
    WATER = "W"

    @property
    def label(self) -> str:
        """Lower-case name: pasture, mountain or water."""
        return self.name.lower()


class Scroll(str, Enum):
    """The seven scroll types (scored at the end of the game)."""

    PER_2_SHEEP = "per_2_sheep"
    PER_2_WHISKY = "per_2_whisky"
    PER_2_SHIPS = "per_2_ships"
    PER_CATTLE = "per_cattle"
    PER_BROCH = "per_broch"
    PER_FARM = "per_farm"
    PER_LIGHTHOUSE = "per_lighthouse"


ICON_KINDS = ("sheep", "cattle", "ships", "whisky", "broch", "farm", "lighthouse")


@dataclass(frozen=True)
class Icons:
    """What is printed in one area: animal/ship counts and single buildings."""

    sheep: int = 0
    cattle: int = 0
    ships: int = 0
    whisky: int = 0
    broch: int = 0
    farm: int = 0
    lighthouse: int = 0
    scroll: Scroll | None = None

    def __add__(self, other: "Icons") -> "Icons":
        if self.scroll and other.scroll:
            raise ValueError("two scrolls in one area")
        return Icons(*(getattr(self, k) + getattr(other, k) for k in ICON_KINDS),
                     scroll=self.scroll or other.scroll)

    def items(self) -> list[tuple[str, int]]:
        """Non-zero icon counts (and the scroll) as (name, count) pairs."""
        out = [(k, getattr(self, k)) for k in ICON_KINDS if getattr(self, k)]
        if self.scroll:
            out.append((f"scroll:{self.scroll.value}", 1))
        return out


@dataclass(frozen=True)
class Area:
    """One connected area of a single tile.

    ``sides`` holds the side indexes (rotation 0) the area reaches; an empty
    set is an enclosed inner area (a completed one-tile area by itself).
    """

    terrain: Terrain
    sides: frozenset[int]
    icons: Icons = field(default_factory=Icons)

    @property
    def enclosed(self) -> bool:
        """True for an inner area that touches no side of its tile."""
        return not self.sides


@dataclass(frozen=True)
class Tile:
    """A landscape tile or a castle, in its printed orientation."""

    id: str
    sides: tuple[Terrain, Terrain, Terrain, Terrain]
    areas: tuple[Area, ...]
    #: Road networks: each a set of side indexes whose exits join on the tile.
    roads: tuple[frozenset[int], ...] = ()
    #: True when the printed road crosses water (a bridge); no rules effect.
    bridge: bool = False

    @property
    def is_castle(self) -> bool:
        """True for the five castle tiles."""
        return self.id.startswith("castle-")

    @property
    def number(self) -> int | None:
        """1-73 for landscape tiles, None for castles."""
        return None if self.is_castle else int(self.id)

    @property
    def icons(self) -> Icons:
        """All icons of the tile together."""
        total = Icons()
        for a in self.areas:
            total = total + a.icons
        return total

    @property
    def road_exits(self) -> frozenset[int]:
        """Side indexes (rotation 0) where a road leaves the tile."""
        return frozenset().union(*self.roads) if self.roads else frozenset()

    def rotated_sides(self, rotation: int) -> tuple[Terrain, Terrain, Terrain, Terrain]:
        """Terrains facing N, E, S, W after ``rotation`` quarter turns clockwise."""
        r = rotation % 4
        return tuple(self.sides[(j - r) % 4] for j in range(4))  # type: ignore[return-value]

    def area_of_side(self, side: int) -> int:
        """Index into :attr:`areas` of the area holding printed side ``side``."""
        for i, a in enumerate(self.areas):
            if side in a.sides:
                return i
        raise KeyError(side)  # pragma: no cover - the catalogue is validated

    def __repr__(self) -> str:
        return f"Tile({self.id!r}, {''.join(s.value for s in self.sides)})"


def rotate_side(side: int, rotation: int) -> int:
    """Where printed side ``side`` faces after ``rotation`` quarter turns."""
    return (side + rotation) % 4


def unrotate_side(direction: int, rotation: int) -> int:
    """Which printed side faces ``direction`` after ``rotation`` quarter turns."""
    return (direction - rotation) % 4


# --------------------------------------------------------------------------
# The catalogue
# --------------------------------------------------------------------------

def _sides(text: str) -> frozenset[int]:
    return frozenset(SIDE_NAMES.index(c) for c in text)


def tile_from_dict(d: dict) -> Tile:
    """Build a tile from its catalogue entry (see ``data/tiles.json``)."""
    areas = []
    for a in d["areas"]:
        icons = dict(a.get("icons", {}))
        scroll = icons.pop("scroll", None)
        areas.append(Area(Terrain(a["terrain"]), _sides(a.get("sides", "")),
                          Icons(**icons, scroll=Scroll(scroll) if scroll else None)))
    return Tile(
        id=str(d["id"]),
        sides=tuple(Terrain(c) for c in d["sides"]),  # type: ignore[arg-type]
        areas=tuple(areas),
        roads=tuple(_sides(r) for r in d.get("roads", [])),
        bridge=bool(d.get("bridge", False)),
    )


def tile_to_dict(t: Tile) -> dict:
    """The catalogue entry of a tile (inverse of :func:`tile_from_dict`)."""
    def sides(s: Iterable[int]) -> str:
        return "".join(SIDE_NAMES[i] for i in sorted(s))

    areas = []
    for a in t.areas:
        icons: dict = {k: v for k, v in a.icons.items() if not k.startswith("scroll:")}
        if a.icons.scroll:
            icons["scroll"] = a.icons.scroll.value
        entry: dict = {"terrain": a.terrain.value, "sides": sides(a.sides)}
        if icons:
            entry["icons"] = icons
        areas.append(entry)
    out: dict = {"id": t.id, "sides": "".join(s.value for s in t.sides), "areas": areas}
    if t.roads:
        out["roads"] = [sides(r) for r in t.roads]
    if t.bridge:
        out["bridge"] = True
    return out


def tile_faults(t: Tile) -> list[str]:
    """What is wrong with a tile description (an empty list when it is consistent).

    Checked: every side belongs to exactly one area, of that side's terrain;
    two neighbouring sides of the same terrain are one area; road networks are
    non-empty, disjoint sets of sides.

    >>> tile_faults(tile(12))
    []
    >>> bad = Tile("x", tuple(Terrain(c) for c in "PPMM"),
    ...            (Area(Terrain.PASTURE, frozenset({0})), Area(Terrain.MOUNTAIN, frozenset({2, 3}))))
    >>> tile_faults(bad)
    ['side E is in 0 areas', 'sides N and E are both pasture but in different areas']
    """
    faults = []
    for side in range(4):
        holders = [a for a in t.areas if side in a.sides]
        if len(holders) != 1:
            faults.append(f"side {SIDE_NAMES[side]} is in {len(holders)} areas")
        elif holders[0].terrain != t.sides[side]:
            faults.append(f"side {SIDE_NAMES[side]} is {t.sides[side].label} "
                          f"but its area is {holders[0].terrain.label}")
    for side in range(4):
        nxt = (side + 1) % 4
        if t.sides[side] == t.sides[nxt] and not any(
                side in a.sides and nxt in a.sides for a in t.areas):
            faults.append(f"sides {SIDE_NAMES[side]} and {SIDE_NAMES[nxt]} are both "
                          f"{t.sides[side].label} but in different areas")
    seen: set[int] = set()
    for net in t.roads:
        if not net:
            faults.append("empty road network")
        if net & seen:
            faults.append("a road exit belongs to two networks")
        seen |= net
    return faults


@lru_cache(maxsize=1)
def catalogue() -> dict[str, Tile]:
    """Every tile by id: ``"1"``..``"73"`` and ``"castle-<colour>"``.

    The data file is checked with :func:`tile_faults` when it is loaded.
    """
    from importlib import resources     # here: it brings tempfile and shutil; only reading the data needs it (start-up)

    text = resources.files(__package__).joinpath("data/tiles.json").read_text(encoding="utf-8")
    tiles = {t.id: t for t in map(tile_from_dict, json.loads(text)["tiles"])}
    for t in tiles.values():
        faults = tile_faults(t)
        if faults:  # pragma: no cover - guards hand edits of the data file
            raise ValueError(f"data/tiles.json: tile {t.id}: {'; '.join(faults)}")
    return tiles


def tile(tile_id: int | str) -> Tile:
    """Look up a tile by number (1-73) or castle id (``"castle-blue"``)."""
    try:
        return catalogue()[str(tile_id)]
    except KeyError:
        raise KeyError(f"unknown tile {tile_id!r}") from None


CASTLE_COLOURS = ("red", "blue", "yellow", "white", "green")


def landscape_tiles() -> list[Tile]:
    """The 73 landscape tiles in number order."""
    return [catalogue()[str(n)] for n in range(1, 74)]


def castles() -> list[Tile]:
    """The five castle tiles."""
    return [catalogue()[f"castle-{c}"] for c in CASTLE_COLOURS]

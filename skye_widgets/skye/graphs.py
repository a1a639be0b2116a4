"""Area and road graphs of a territory (networkx), and what scoring reads from them.

Areas
    A node per area of a placed tile, ``((x, y), i)`` with ``i`` the index in
    ``tile.areas``. Two nodes are joined when their tiles share a side and the
    side belongs to both areas (the placement rules guarantee equal terrain).
    Each connected component is one :class:`TerritoryArea`. An area is
    *completed* when none of its sides faces an empty cell; an enclosed inner
    area (touching no side of its tile) is a completed one-tile area. Roads
    never affect areas.

Roads
    A node per road network of a placed tile, ``((x, y), k)`` with ``k`` the
    index in ``tile.roads``. Two adjacent tiles are linked when both have a
    road exit on their shared side; exits of one network are one node. A tile
    is connected to the castle when one of its networks is in the same
    component as one of the castle's.

Results are cached on the territory and dropped on every ``place``/``pop``.

>>> from .territory import Territory
>>> t = Territory("castle-blue")
>>> [(a.terrain.value, a.size, a.completed) for a in areas(t)]
[('P', 1, False), ('W', 1, False), ('M', 1, False)]
>>> sorted(connected_cells(t))
[(0, 0)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import networkx as nx

from .tiles import ICON_KINDS, SIDE_OFFSETS, Icons, Scroll, Terrain, Tile

if TYPE_CHECKING:
    from .territory import Territory

Cell = tuple[int, int]
Node = tuple[Cell, int]


@dataclass(frozen=True)
class TerritoryArea:
    """One area of a territory: same-terrain tile areas joined across sides."""

    terrain: Terrain
    #: ``((x, y), area index on that tile)`` for every tile area in it, sorted.
    nodes: tuple[Node, ...]
    #: The tiles it touches (its size is counted in tiles).
    cells: frozenset[Cell]
    #: ``((x, y), direction)`` of every side of it that faces an empty cell.
    open_sides: tuple[tuple[Cell, int], ...]
    #: Icons printed in it, added up (the scroll field is unused: see ``scrolls``).
    icons: Icons
    #: Each scroll in it and the cell it is on.
    scrolls: tuple[tuple[Cell, Scroll], ...] = ()

    @property
    def completed(self) -> bool:
        """No side faces an empty cell: the area can grow no further."""
        return not self.open_sides

    @property
    def size(self) -> int:
        """Number of distinct tiles the area touches."""
        return len(self.cells)

    def describe(self) -> str:
        """e.g. ``completed water area of 3 tiles``."""
        state = "completed" if self.completed else "open"
        n = self.size
        return f"{state} {self.terrain.label} area of {n} tile{'s' if n != 1 else ''}"


@lru_cache(maxsize=1024)
def _side_area(tile: Tile) -> tuple[int, int, int, int]:
    """Area index holding each printed side."""
    return tuple(tile.area_of_side(s) for s in range(4))  # type: ignore[return-value]


@lru_cache(maxsize=1024)
def _side_network(tile: Tile) -> tuple[int | None, ...]:
    """Road network index leaving through each printed side (None: no road)."""
    out: list[int | None] = [None] * 4
    for k, net in enumerate(tile.roads):
        for s in net:
            out[s] = k
    return tuple(out)


def _tiles(t: "Territory") -> dict[Cell, tuple[Tile, int]]:
    got = t._cache.get("tiles")
    if got is None:
        got = {c: (t.tile(p.tile), p.rotation) for c, p in t.placements.items()}
        t._cache["tiles"] = got
    return got


def area_graph(t: "Territory") -> nx.Graph:
    """The area graph; node attributes ``terrain``, ``cell``, ``area``, ``open`` (open directions)."""
    got = t._cache.get("area_graph")
    if got is not None:
        return got
    tiles = _tiles(t)
    g = nx.Graph()
    for (x, y), (tile, rot) in tiles.items():
        side_area = _side_area(tile)
        open_dirs: dict[int, list[int]] = {i: [] for i in range(len(tile.areas))}
        for i, a in enumerate(tile.areas):
            g.add_node(((x, y), i), terrain=a.terrain, cell=(x, y), area=i)
        for d, (dx, dy) in enumerate(SIDE_OFFSETS):
            mine = side_area[(d - rot) % 4]
            n = (x + dx, y + dy)
            other = tiles.get(n)
            if other is None:
                open_dirs[mine].append(d)
            elif n > (x, y):
                otile, orot = other
                theirs = _side_area(otile)[((d + 2) % 4 - orot) % 4]
                g.add_edge(((x, y), mine), (n, theirs))
        for i, dirs in open_dirs.items():
            g.nodes[((x, y), i)]["open"] = tuple(dirs)
    t._cache["area_graph"] = g
    return g


def areas(t: "Territory") -> list[TerritoryArea]:
    """Every area of the territory, ordered by their first node (build order of cells)."""
    got = t._cache.get("areas")
    if got is not None:
        return got
    g = area_graph(t)
    tiles = _tiles(t)
    order = {c: k for k, c in enumerate(tiles)}
    result = []
    for comp in nx.connected_components(g):
        nodes = tuple(sorted(comp, key=lambda n: (order[n[0]], n[1])))
        counts = dict.fromkeys(ICON_KINDS, 0)
        scrolls = []
        open_sides = []
        for cell, i in nodes:
            area = tiles[cell][0].areas[i]
            for k, v in area.icons.items():
                if k.startswith("scroll:"):
                    continue
                counts[k] += v
            if area.icons.scroll is not None:
                scrolls.append((cell, area.icons.scroll))
            open_sides.extend((cell, d) for d in g.nodes[(cell, i)]["open"])
        result.append(TerritoryArea(
            terrain=g.nodes[nodes[0]]["terrain"], nodes=nodes,
            cells=frozenset(c for c, _ in nodes), open_sides=tuple(open_sides),
            icons=Icons(**counts), scrolls=tuple(scrolls)))
    result.sort(key=lambda a: (order[a.nodes[0][0]], a.nodes[0][1]))
    t._cache["areas"] = result
    return result


def area_at(t: "Territory", cell: Cell, direction: int | None = None, *, index: int | None = None) -> TerritoryArea:
    """The area holding the side of ``cell`` facing ``direction`` (0..3 N,E,S,W),
    or the tile's area number ``index``.
    """
    tile, rot = _tiles(t)[cell]
    if index is None:
        if direction is None:
            raise ValueError("give a direction or an area index")
        index = _side_area(tile)[(direction - rot) % 4]
    node = (cell, index)
    for a in areas(t):
        if node in a.nodes:
            return a
    raise KeyError(node)  # pragma: no cover


def road_graph(t: "Territory") -> nx.Graph:
    """The road graph; node attributes ``cell`` and ``network``; graph attribute ``castle`` (its nodes)."""
    got = t._cache.get("road_graph")
    if got is not None:
        return got
    tiles = _tiles(t)
    g = nx.Graph()
    castle_cell = t.castle.cell
    for (x, y), (tile, rot) in tiles.items():
        for k in range(len(tile.roads)):
            g.add_node(((x, y), k), cell=(x, y), network=k)
        nets = _side_network(tile)
        for d, (dx, dy) in enumerate(SIDE_OFFSETS):
            mine = nets[(d - rot) % 4]
            n = (x + dx, y + dy)
            if mine is None or n not in tiles or n < (x, y):
                continue
            otile, orot = tiles[n]
            theirs = _side_network(otile)[((d + 2) % 4 - orot) % 4]
            if theirs is not None:
                g.add_edge(((x, y), mine), (n, theirs))
    g.graph["castle"] = tuple(n for n in g.nodes if n[0] == castle_cell)
    t._cache["road_graph"] = g
    return g


def connected_cells(t: "Territory") -> frozenset[Cell]:
    """Cells of tiles connected to the castle by road (the castle's cell included)."""
    got = t._cache.get("connected")
    if got is not None:
        return got
    g = road_graph(t)
    reached: set[Node] = set()
    for start in g.graph["castle"]:
        if start not in reached:
            reached |= nx.node_connected_component(g, start)
    got = frozenset({c for c, _ in reached} | {t.castle.cell})
    t._cache["connected"] = got
    return got


def road_links(t: "Territory") -> list[tuple[Cell, Cell]]:
    """Pairs of adjacent cells whose roads meet on their shared side."""
    return sorted({tuple(sorted((a[0], b[0]))) for a, b in road_graph(t).edges})  # type: ignore[misc]

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

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from ..i18n import Text, lazy_ngettext
from .territory import per_tile
from .tiles import ICON_KINDS, SIDE_OFFSETS, Icons, Scroll, Terrain, Tile

if TYPE_CHECKING:
    import networkx as nx

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
        """e.g. ``completed water area of 3 tiles`` (in the language spoken now)."""
        return str(self.text())

    def text(self, article: bool = False) -> Text:
        """:meth:`describe` as a :class:`~skye_widgets.i18n.Text` (translated when shown);
        ``article``: with the indefinite article (``a completed water area of 3 tiles``)."""
        return Text(_AREA_TEXT[article, self.completed, self.terrain.label], count=self.size)


#: (with an article, completed, terrain) -> how an area is named (one sentence per case: the words
#: agree with the terrain and the state in other languages).
_AREA_TEXT = {
    (False, True, "pasture"): lazy_ngettext("completed pasture area of {count} tile",
                                            "completed pasture area of {count} tiles"),
    (False, True, "mountain"): lazy_ngettext("completed mountain area of {count} tile",
                                             "completed mountain area of {count} tiles"),
    (False, True, "water"): lazy_ngettext("completed water area of {count} tile",
                                          "completed water area of {count} tiles"),
    (False, False, "pasture"): lazy_ngettext("open pasture area of {count} tile", "open pasture area of {count} tiles"),
    (False, False, "mountain"): lazy_ngettext("open mountain area of {count} tile",
                                              "open mountain area of {count} tiles"),
    (False, False, "water"): lazy_ngettext("open water area of {count} tile", "open water area of {count} tiles"),
    (True, True, "pasture"): lazy_ngettext("a completed pasture area of {count} tile",
                                           "a completed pasture area of {count} tiles"),
    (True, True, "mountain"): lazy_ngettext("a completed mountain area of {count} tile",
                                            "a completed mountain area of {count} tiles"),
    (True, True, "water"): lazy_ngettext("a completed water area of {count} tile",
                                         "a completed water area of {count} tiles"),
    (True, False, "pasture"): lazy_ngettext("an open pasture area of {count} tile",
                                            "an open pasture area of {count} tiles"),
    (True, False, "mountain"): lazy_ngettext("an open mountain area of {count} tile",
                                             "an open mountain area of {count} tiles"),
    (True, False, "water"): lazy_ngettext("an open water area of {count} tile", "an open water area of {count} tiles"),
}


_COUNTED = ICON_KINDS
# areas() builds Icons positionally from counts in this order
assert _COUNTED == tuple(f.name for f in fields(Icons))[:len(_COUNTED)]


@per_tile
def _side_area(tile: Tile) -> tuple[int, int, int, int]:
    """Area index holding each printed side."""
    return tuple(tile.area_of_side(s) for s in range(4))  # type: ignore[return-value]


@per_tile
def _oriented_areas(tile: Tile) -> tuple[tuple[int, ...], ...]:
    """For each rotation r, the area index holding the side facing N, E, S, W (:func:`_side_area` turned)."""
    sa = _side_area(tile)
    return tuple(tuple(sa[(d - r) % 4] for d in range(4)) for r in range(4))


@per_tile
def _side_network(tile: Tile) -> tuple[int | None, ...]:
    """Road network index leaving through each printed side (None: no road)."""
    out: list[int | None] = [None] * 4
    for k, net in enumerate(tile.roads):
        for s in net:
            out[s] = k
    return tuple(out)


@per_tile
def _oriented_networks(tile: Tile) -> tuple[tuple[int | None, ...], ...]:
    """For each rotation r, the road network leaving through the side facing N, E, S, W (:func:`_side_network` turned)."""
    sn = _side_network(tile)
    return tuple(tuple(sn[(d - r) % 4] for d in range(4)) for r in range(4))


_NO_ICONS = Icons()


@per_tile
def _area_data(tile: Tile) -> tuple[tuple[tuple[int, ...] | None, Scroll | None], ...]:
    """Per area of the tile: icon counts in ``_COUNTED`` order (None if none) and its scroll."""
    out = []
    for a in tile.areas:
        counts = tuple(getattr(a.icons, k) for k in _COUNTED)
        out.append((counts if any(counts) else None, a.icons.scroll))
    return tuple(out)


def _tiles(t: "Territory") -> dict[Cell, tuple[Tile, int]]:
    got = t._cache.get("tiles")
    if got is None:
        got = {c: (t.tile(p.tile), p.rotation) for c, p in t.placements.items()}
        t._cache["tiles"] = got
    return got


def _area_structure(t: "Territory") -> tuple[list[Node], list[tuple[Node, Node]], dict[Node, list[int]]]:
    """Nodes, edges and open directions per node of the area graph, as plain data."""
    got = t._cache.get("area_structure")
    if got is not None:
        return got
    tiles = _tiles(t)
    nodes: list[Node] = []
    edges: list[tuple[Node, Node]] = []
    open_dirs: dict[Node, list[int]] = {}
    for cell, (tile, rot) in tiles.items():
        x, y = cell
        by_dir = _oriented_areas(tile)[rot]
        for i in range(len(tile.areas)):
            node = (cell, i)
            nodes.append(node)
            open_dirs[node] = []
        for d, (dx, dy) in enumerate(SIDE_OFFSETS):
            mine = by_dir[d]
            n = (x + dx, y + dy)
            other = tiles.get(n)
            if other is None:
                open_dirs[(cell, mine)].append(d)
            elif n > cell:
                otile, orot = other
                edges.append(((cell, mine), (n, _oriented_areas(otile)[orot][(d + 2) % 4])))
    got = (nodes, edges, open_dirs)
    t._cache["area_structure"] = got
    return got


def area_graph(t: "Territory") -> nx.Graph:
    """The area graph; node attributes ``terrain``, ``cell``, ``area``, ``open`` (open directions).

    Its connected components are exactly :func:`areas` (which computes them
    from the same nodes and edges with a union-find, for speed).
    """
    got = t._cache.get("area_graph")
    if got is not None:
        return got
    import networkx as nx        # here, not at the top: scoring never needs it (start-up, issue 30)

    tiles = _tiles(t)
    nodes, edges, open_dirs = _area_structure(t)
    g = nx.Graph()
    for node in nodes:
        cell, i = node
        g.add_node(node, terrain=tiles[cell][0].areas[i].terrain, cell=cell, area=i, open=tuple(open_dirs[node]))
    g.add_edges_from(edges)
    t._cache["area_graph"] = g
    return g


def areas(t: "Territory") -> list[TerritoryArea]:
    """Every area of the territory, ordered by their first node (build order of cells)."""
    got = t._cache.get("areas")
    if got is not None:
        return got
    tiles = _tiles(t)
    nodes, edges, open_dirs = _area_structure(t)
    parent = {n: n for n in nodes}

    def find(n: Node) -> Node:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[rb] = ra
    groups: dict[Node, list[Node]] = {}
    for n in nodes:                       # nodes are in build order, areas too
        groups.setdefault(find(n), []).append(n)
    data = {cell: _area_data(tile) for cell, (tile, _) in tiles.items()}
    result = []
    for members in groups.values():
        counts: list[int] | None = None
        scrolls = []
        open_sides = []
        for node in members:
            cell, i = node
            icons, scroll = data[cell][i]
            if icons is not None:
                counts = [a + b for a, b in zip(counts, icons)] if counts else list(icons)
            if scroll is not None:
                scrolls.append((cell, scroll))
            for d in open_dirs[node]:
                open_sides.append((cell, d))
        first_cell, first_i = members[0]
        # TerritoryArea(...) without the frozen dataclass's per-field setattr (a round's
        # scoring makes a few hundred): the same fields, so the same ==, hash and repr
        area = _new(TerritoryArea)
        area.__dict__.update(
            terrain=tiles[first_cell][0].areas[first_i].terrain, nodes=tuple(members),
            cells=frozenset([c for c, _ in members]), open_sides=tuple(open_sides),
            icons=_icons(tuple(counts)) if counts else _NO_ICONS, scrolls=tuple(scrolls))
        result.append(area)
    t._cache["areas"] = result
    return result


_new = object.__new__
_ICONS: dict[tuple[int, ...], Icons] = {}


def _icons(counts: tuple[int, ...]) -> Icons:
    """``Icons(*counts)``, one shared (frozen) object per distinct count."""
    got = _ICONS.get(counts)
    if got is None:
        if len(_ICONS) > 10_000:
            _ICONS.clear()
        got = _ICONS[counts] = Icons(*counts)
    return got


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


def _road_edges(t: "Territory") -> list[tuple[Node, Node]]:
    got = t._cache.get("road_edges")
    if got is not None:
        return got
    tiles = _tiles(t)
    edges = []
    for cell, (tile, rot) in tiles.items():
        x, y = cell
        nets = _oriented_networks(tile)[rot]
        for d, (dx, dy) in enumerate(SIDE_OFFSETS):
            mine = nets[d]
            n = (x + dx, y + dy)
            if mine is None or n < cell or n not in tiles:
                continue
            otile, orot = tiles[n]
            theirs = _oriented_networks(otile)[orot][(d + 2) % 4]
            if theirs is not None:
                edges.append(((cell, mine), (n, theirs)))
    t._cache["road_edges"] = edges
    return edges


def road_graph(t: "Territory") -> nx.Graph:
    """The road graph; node attributes ``cell`` and ``network``; graph attribute ``castle`` (its nodes)."""
    got = t._cache.get("road_graph")
    if got is not None:
        return got
    import networkx as nx        # here, not at the top: scoring never needs it (start-up, issue 30)

    g = nx.Graph()
    for cell, (tile, _) in _tiles(t).items():
        for k in range(len(tile.roads)):
            g.add_node((cell, k), cell=cell, network=k)
    g.add_edges_from(_road_edges(t))
    castle_cell = t.castle.cell
    g.graph["castle"] = tuple(n for n in g.nodes if n[0] == castle_cell)
    t._cache["road_graph"] = g
    return g


def connected_cells(t: "Territory") -> frozenset[Cell]:
    """Cells of tiles connected to the castle by road (the castle's cell included).

    The same as the union of :func:`road_graph` components holding a castle node.
    """
    got = t._cache.get("connected")
    if got is not None:
        return got
    adj: dict[Node, list[Node]] = {}
    for a, b in _road_edges(t):
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    castle_cell = t.castle.cell
    castle_tile = _tiles(t)[castle_cell][0]
    stack = [(castle_cell, k) for k in range(len(castle_tile.roads))]
    reached = set(stack)
    while stack:
        for m in adj.get(stack.pop(), ()):
            if m not in reached:
                reached.add(m)
                stack.append(m)
    t._cache["connected_networks"] = frozenset(reached)
    got = frozenset({c for c, _ in reached} | {castle_cell})
    t._cache["connected"] = got
    return got


def connected_networks(t: "Territory") -> frozenset[Node]:
    """Road networks ``((x, y), k)`` connected to the castle (the castle's own included)."""
    connected_cells(t)
    return t._cache["connected_networks"]


def road_links(t: "Territory") -> list[tuple[Cell, Cell]]:
    """Pairs of adjacent cells whose roads meet on their shared side."""
    return sorted({tuple(sorted((a[0], b[0]))) for a, b in road_graph(t).edges})  # type: ignore[misc]

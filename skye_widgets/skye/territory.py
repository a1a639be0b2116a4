"""A clan's territory: tiles placed on a grid around the castle.

Coordinates: ``x`` grows east, ``y`` grows south; the castle sits at (0, 0).
A placement's ``rotation`` r (0..3) is quarter turns clockwise: the printed
side ``i`` of (N, E, S, W) faces ``(i + r) % 4``.

Placement rules (rulebook, "Build"): a new tile must share at least one side
with the territory, and every shared side must show the same terrain on both
tiles. Roads need not continue.

>>> t = Territory("castle-blue")
>>> t.legal_placements("castle-red")   # castles cannot be placed again
Traceback (most recent call last):
...
skye_widgets.skye.territory.CastleTileError: A castle cannot be placed: a territory has exactly one castle, at its start.
>>> len(t), (0, 0) in t
(1, True)
"""

from __future__ import annotations

import random
import reprlib
from dataclasses import dataclass
from functools import wraps
from typing import Any, Callable, Iterator, Mapping, TypeVar, Union

from ..drawing import Pictured
from ..errors import BadRotationError, CellOccupiedError, DataError, IllegalPlacementError, RulesError
from ..i18n import _, pgettext
from ..limits import is_whole
from .tiles import ROTATIONS, SIDE_OFFSETS, Terrain, Tile, catalogue

Cell = tuple[int, int]
#: Anything naming a tile: its number (12 or "12"), a castle id, or a Tile object.
TileLike = Union[int, str, Tile]


@dataclass(frozen=True)
class Placement:
    """One tile on the board: which tile, where, and how it is turned."""

    tile: str
    x: int
    y: int
    rotation: int

    @property
    def cell(self) -> Cell:
        """(x, y) of the tile."""
        return (self.x, self.y)


# --------------------------------------------------------------------------
# Errors: every one is a RulesError (a ValueError) and leaves the territory unchanged
# --------------------------------------------------------------------------

class NotAdjacentError(IllegalPlacementError):
    """The tile would share no side with the territory."""


class TerrainMismatchError(IllegalPlacementError):
    """A shared side shows different terrain on the two tiles."""


class BadCoordinateError(IllegalPlacementError):
    """x or y is not a whole number."""


class UnknownTileError(IllegalPlacementError):
    """No such tile (landscape tiles are 1-73; castles are castle-<colour>)."""


class DuplicateTileError(IllegalPlacementError):
    """The tile is already in this territory (every tile exists once)."""


class CastleTileError(IllegalPlacementError):
    """A castle placed after the start (a territory has exactly one castle)."""


class NothingToUndoError(RulesError):
    """``pop`` on a territory holding only its castle."""


class TerritoryDataError(DataError):
    """A territory entry (see :meth:`Territory.from_dict`) that cannot be used.

    The message starts with where the fault is, e.g. ``tiles[3]: ...``.
    """


def _short(value: object) -> str:
    """``repr`` cut to a readable length (a file may hold a 4000-digit number)."""
    return reprlib.repr(value)


def _side_word(direction: int) -> str:
    """A side's compass word in the current language (for the placement error below)."""
    # Translators: a side of a landscape tile, in "its {side} side shows {terrain}" (the placement
    # error); a compass direction, north at the top of the territory.
    return (pgettext("side", "north"), pgettext("side", "east"), pgettext("side", "south"),
            pgettext("side", "west"))[direction]


def terrain_word(terrain: Terrain) -> str:
    """A terrain's word in the current language (the placement error below; a lesson's lists).

    >>> terrain_word(Terrain.WATER)
    'water'
    """
    # Translators: the terrain on a side of a tile, in "its {side} side shows {terrain}".
    return {Terrain.PASTURE: pgettext("terrain", "pasture"), Terrain.MOUNTAIN: pgettext("terrain", "mountain"),
            Terrain.WATER: pgettext("terrain", "water")}[terrain]


_terrain_word = terrain_word


def terrain_shown(terrain: Terrain) -> str:
    """A terrain's word as the object of "shows" in the placement error, with the article or case its
    language needs there (French "de la montagne", "de l’eau").

    >>> terrain_shown(Terrain.MOUNTAIN)
    'mountain'
    """
    # Translators: the terrain on a side of a tile as the object of "shows", in "its west side shows {terrain}":
    # add the article or case the sentence needs (French partitive "de la montagne", "de l’eau", "du pâturage").
    return {Terrain.PASTURE: pgettext("terrain, after shows", "pasture"),
            Terrain.MOUNTAIN: pgettext("terrain, after shows", "mountain"),
            Terrain.WATER: pgettext("terrain, after shows", "water")}[terrain]


_T = TypeVar("_T")


def per_tile(fn: Callable[[Tile], _T]) -> Callable[[Tile], _T]:
    """Cache ``fn(tile)`` by tile identity (hashing a deep frozen Tile is slow).

    Catalogue tiles are singletons, so this is a plain lookup; the cache keeps
    each tile alive so its ``id`` is never reused while cached.
    """
    cache: dict[int, tuple[Tile, _T]] = {}

    @wraps(fn)
    def wrapper(tile: Tile) -> _T:
        hit = cache.get(id(tile))
        if hit is not None and hit[0] is tile:
            return hit[1]
        if len(cache) > 20000:
            cache.clear()
        value = fn(tile)
        cache[id(tile)] = (tile, value)
        return value

    return wrapper


@per_tile
def rotated_faces(tile: Tile) -> tuple[tuple[Terrain, ...], ...]:
    """For each rotation r, the terrains facing N, E, S, W.

    >>> from .tiles import tile
    >>> [''.join(s.value for s in f) for f in rotated_faces(tile("castle-blue"))]
    ['PWPM', 'MPWP', 'PMPW', 'WPMP']
    """
    return tuple(tuple(tile.rotated_sides(r)) for r in ROTATIONS)


@per_tile
def _fit_memo(tile: Tile) -> dict[str, tuple[int, ...]]:
    """The rotations of ``tile`` that fit an empty cell, by what its neighbours show
    it (see :meth:`Territory._needs`); filled as cells are met."""
    return {}


def fitting_rotations(tile: Tile, need: str) -> tuple[int, ...]:
    """The rotations ``r`` of ``tile`` that show, on every side ``d`` where ``need[d]``
    is a terrain letter, that terrain (``need[d] == "."``: no neighbour there): the
    placement rule, for one empty cell.

    >>> from .tiles import tile
    >>> fitting_rotations(tile("castle-blue"), "P..."), fitting_rotations(tile("castle-blue"), "PW..")
    ((0, 2), (0,))
    """
    memo = _fit_memo(tile)
    got = memo.get(need)
    if got is None:
        rot = rotated_faces(tile)
        got = tuple(r for r in ROTATIONS
                    if all(w == "." or rot[r][d] == w for d, w in enumerate(need)))
        memo[need] = got
    return got


class Territory(Pictured):
    """The tiles of one clan, castle first.

    ``placements`` maps cells to :class:`Placement` in build order. Tiles
    may be given as numbers, ids or :class:`Tile` objects; a ``Tile`` not in
    the catalogue (hand-built for a lesson or a test) is remembered by the
    territory under its id (pass ``tiles=`` to :meth:`from_dict` for those).

    >>> from .tiles import tile_from_dict
    >>> lake = tile_from_dict({"id": "lake", "sides": "WWWW", "areas": [{"terrain": "W", "sides": "NESW"}]})
    >>> t = Territory("castle-blue")        # its E side is water
    >>> t.place(lake, 1, 0, 0)
    Placement(tile='lake', x=1, y=0, rotation=0)
    >>> t.check(lake, 1, 0, 0)
    Traceback (most recent call last):
    ...
    skye_widgets.skye.territory.DuplicateTileError: Tile lake is already in this territory, at (1, 0).
    >>> Territory().check(lake, 0, 1, 0)
    Traceback (most recent call last):
    ...
    skye_widgets.skye.territory.TerrainMismatchError: Tile lake cannot go at (0, 1) with rotation 0: its north side shows water, but the south side of the castle at (0, 0) shows pasture.
    >>> Territory().legal_placements(lake)
    [(1, 0, 0), (1, 0, 1), (1, 0, 2), (1, 0, 3)]
    """

    def __init__(self, castle: TileLike = "castle-blue", *, x: int = 0, y: int = 0,
                 rotation: int = 0, tiles: Mapping[str, Tile] | None = None) -> None:
        self._extra: dict[str, Tile] = dict(tiles or {})
        self.placements: dict[Cell, Placement] = {}
        self._faces: dict[Cell, tuple[Terrain, ...]] = {}
        self._ids: set[str] = set()
        #: Derived data (area/road graphs) cached by graphs.py; cleared on every change.
        self._cache: dict[str, Any] = {}
        #: Optional labels used by files and the command line.
        self.name: str = ""
        self.gold: int = 0
        t = self._resolve(castle)
        if not t.is_castle:
            raise CastleTileError(_("Tile {tile} is not a castle: a territory starts with its castle.").format(tile=t.id))
        self._check_rotation(rotation)
        self._check_coordinates(x, y)
        self._put(t, x, y, rotation)

    # -- tiles ------------------------------------------------------------
    def _resolve(self, tile: TileLike) -> Tile:
        if type(tile) is str:                   # the common case first: a tile id
            found = self._extra.get(tile) or catalogue().get(tile)
            if found is not None:
                return found
        if isinstance(tile, Tile):
            known = self._extra.get(tile.id) or catalogue().get(tile.id)
            if known is None:
                self._extra[tile.id] = tile
                return tile
            if known != tile:
                raise UnknownTileError(_("A different tile is already known as {tile}.").format(tile=tile.id))
            return known
        if not (is_whole(tile, None, None) or isinstance(tile, str)):
            # Translators: {value} is what was given instead of a tile (a Python value, shown as typed).
            raise UnknownTileError(_("{value} is not a tile: the tiles are 1-73 and castle-<colour>.").format(
                value=_short(tile)))
        key = str(tile)
        found = self._extra.get(key) or catalogue().get(key)
        if found is None:
            raise UnknownTileError(_("There is no tile {value}: the tiles are 1-73 and castle-<colour>.").format(
                value=_short(tile)))
        return found

    def tile(self, tile: TileLike) -> Tile:
        """The :class:`Tile` for a number, id or Tile (raises UnknownTileError)."""
        return self._resolve(tile)

    def tile_at(self, cell: Cell) -> Tile:
        """The tile on ``cell`` (KeyError if empty)."""
        return self._resolve(self.placements[cell].tile)

    def faces(self, cell: Cell) -> tuple[Terrain, ...]:
        """Terrains the tile on ``cell`` shows to the N, E, S, W."""
        return self._faces[cell]

    @property
    def castle(self) -> Placement:
        """The castle's placement (always the first one)."""
        return next(iter(self.placements.values()))

    @property
    def extra_tiles(self) -> dict[str, Tile]:
        """Hand-built tiles this territory knows besides the catalogue."""
        return dict(self._extra)

    # -- container ---------------------------------------------------------
    def __len__(self) -> int:
        return len(self.placements)

    def __contains__(self, cell: object) -> bool:
        return cell in self.placements

    def __iter__(self) -> Iterator[Placement]:
        return iter(self.placements.values())

    def __repr__(self) -> str:
        return f"<Territory {self.castle.tile}, {len(self)} tiles>"

    def bounds(self) -> tuple[int, int, int, int]:
        """(min_x, min_y, max_x, max_y) of the occupied cells."""
        xs = [c[0] for c in self.placements]
        ys = [c[1] for c in self.placements]
        return min(xs), min(ys), max(xs), max(ys)

    def frontier(self) -> list[Cell]:
        """Empty cells sharing a side with the territory, sorted."""
        return sorted(self._open())

    def _needs(self, cell: Cell) -> str:
        """What the tiles around the empty ``cell`` show it, N, E, S, W: a terrain
        letter per side with a neighbour, ``"."`` where there is none."""
        x, y = cell
        faces = self._faces
        n, e, s, w = (faces.get((x, y - 1)), faces.get((x + 1, y)), faces.get((x, y + 1)),
                      faces.get((x - 1, y)))
        # a Terrain is a str: its letter (the sides facing the cell: S of the north tile, W of the east one, ...)
        return ((n[2] if n else ".") + (e[3] if e else ".") + (s[0] if s else ".") + (w[1] if w else "."))

    def _open(self) -> dict[Cell, str]:
        """The frontier, each cell with :meth:`_needs`: kept in the cache and grown
        with each placed tile (only the new tile's cell and the cells around it change)."""
        got = self._cache.get("open")
        if got is None:
            got = {}
            occ = self.placements
            for (x, y) in occ:
                for dx, dy in SIDE_OFFSETS:
                    c = (x + dx, y + dy)
                    if c not in occ and c not in got:
                        got[c] = self._needs(c)
            self._cache["open"] = got
        return got

    # -- rules ---------------------------------------------------------------
    @staticmethod
    def _check_rotation(rotation: object) -> None:
        if not is_whole(rotation, 0, 3) or rotation not in ROTATIONS:
            raise BadRotationError(_("The rotation is 0, 1, 2 or 3 quarter turns clockwise, not {value}.").format(
                value=_short(rotation)))

    @staticmethod
    def _check_coordinates(x: object, y: object) -> None:
        for name, v in (("x", x), ("y", y)):
            if not is_whole(v, None, None):
                # Translators: {name} is the coordinate's letter, x or y (not translated).
                raise BadCoordinateError(_("The coordinate {name} is a whole number, not {value}.").format(
                    name=name, value=_short(v)))

    def _check_tile(self, t: Tile) -> None:
        if t.is_castle:
            raise CastleTileError(_("A castle cannot be placed: a territory has exactly one castle, at its start."))
        if t.id in self._ids:
            cell = next(p.cell for p in self.placements.values() if p.tile == t.id)
            raise DuplicateTileError(_("Tile {tile} is already in this territory, at {cell}.").format(tile=t.id, cell=cell))

    def check(self, tile: TileLike, x: int, y: int, rotation: int) -> None:
        """Raise an :class:`IllegalPlacementError` saying why ``tile`` cannot go there.

        Changes nothing either way.
        """
        t = self._resolve(tile)
        self._check_tile(t)
        self._check_rotation(rotation)
        self._check_coordinates(x, y)
        cell = (x, y)
        if cell in self.placements:
            if self.placements[cell].tile == self.castle.tile:
                raise CellOccupiedError(_("The cell {cell} already holds the castle.").format(cell=cell))
            raise CellOccupiedError(_("The cell {cell} already holds tile {other}.").format(
                cell=cell, other=self.placements[cell].tile))
        faces = rotated_faces(t)[rotation]
        touching = False
        for d, (dx, dy) in enumerate(SIDE_OFFSETS):
            other = self._faces.get((x + dx, y + dy))
            if other is None:
                continue
            touching = True
            theirs = other[(d + 2) % 4]
            if faces[d] is not theirs:
                n = (x + dx, y + dy)
                if self.placements[n].tile == self.castle.tile:
                    # Translators: as the next text, the neighbour being the territory's castle (one
                    # per territory: "the castle", never its identifier).
                    text = _("Tile {tile} cannot go at {cell} with rotation {rotation}: its {side} side shows "
                             "{terrain}, but the {other_side} side of the castle at {other_cell} shows "
                             "{other_terrain}.")
                else:
                    # Translators: {side} and {other_side} are compass words (north...), {terrain} and
                    # {other_terrain} terrain words (pasture, mountain, water), all from the lists above
                    # (_side_word, _terrain_word).
                    text = _("Tile {tile} cannot go at {cell} with rotation {rotation}: its {side} side shows "
                             "{terrain}, but the {other_side} side of tile {other} at {other_cell} shows "
                             "{other_terrain}.")
                raise TerrainMismatchError(text.format(
                    tile=t.id, cell=cell, rotation=rotation, side=_side_word(d), terrain=terrain_shown(faces[d]),
                    other_side=_side_word((d + 2) % 4), other=self.placements[n].tile, other_cell=n,
                    other_terrain=terrain_shown(theirs)))
        if not touching:
            raise NotAdjacentError(_("Tile {tile} at {cell} would share no side with the territory.").format(
                tile=t.id, cell=cell))

    def is_legal(self, tile: TileLike, x: int, y: int, rotation: int) -> bool:
        """True when :meth:`check` would pass."""
        try:
            self.check(tile, x, y, rotation)
        except IllegalPlacementError:
            return False
        return True

    def place(self, tile: TileLike, x: int, y: int, rotation: int) -> Placement:
        """Check, then place; returns the new :class:`Placement`."""
        self.check(tile, x, y, rotation)
        return self._put(self._resolve(tile), x, y, rotation)

    def _put(self, t: Tile, x: int, y: int, rotation: int) -> Placement:
        p = Placement(t.id, x, y, rotation)
        self.placements[(x, y)] = p
        self._faces[(x, y)] = rotated_faces(t)[rotation]
        self._ids.add(t.id)
        open_cells = self._cache.get("open")
        self._cache.clear()
        if open_cells is not None:              # grow the frontier (see _open) instead of dropping it
            open_cells.pop((x, y), None)
            for dx, dy in SIDE_OFFSETS:
                c = (x + dx, y + dy)
                if c not in self.placements:
                    open_cells[c] = self._needs(c)
            self._cache["open"] = open_cells
        return p

    def legal_placements(self, tile: TileLike) -> list[tuple[int, int, int]]:
        """Every legal (x, y, rotation) for ``tile``, sorted: on each frontier cell,
        the rotations that show every neighbour its own terrain (:func:`fitting_rotations`).

        Raises UnknownTileError / DuplicateTileError / CastleTileError when the
        tile itself cannot be placed anywhere.
        """
        t = self._resolve(tile)
        self._check_tile(t)
        open_cells = self._open()
        memo = _fit_memo(t)
        out = []
        for cell in sorted(open_cells):
            need = open_cells[cell]
            rotations = memo.get(need)
            if rotations is None:
                rotations = fitting_rotations(t, need)
            for r in rotations:
                out.append((cell[0], cell[1], r))
        return out

    def can_place(self, tile: TileLike) -> bool:
        """True when ``tile`` has at least one legal placement (:meth:`legal_placements`
        is not empty), found without listing them: it stops at the first cell that fits."""
        t = self._resolve(tile)
        self._check_tile(t)
        memo = _fit_memo(t)
        return any(memo[need] if need in memo else fitting_rotations(t, need) for need in self._open().values())

    def pop(self) -> Placement:
        """Undo the last placement (never the castle)."""
        if len(self.placements) <= 1:
            raise NothingToUndoError(_("There is nothing to undo: only the castle is left."))
        cell, p = self.placements.popitem()
        del self._faces[cell]
        self._ids.discard(p.tile)
        self._cache.clear()
        return p

    def copy(self) -> "Territory":
        """An independent copy (same tiles, same order)."""
        new = Territory.__new__(Territory)
        new._extra = dict(self._extra)
        new.placements = dict(self.placements)
        new._faces = dict(self._faces)
        new._ids = set(self._ids)
        new._cache = {}
        new.name = self.name
        new.gold = self.gold
        return new

    def translated(self, dx: int, dy: int) -> "Territory":
        """The same territory shifted by (dx, dy) (scores do not change)."""
        ps = list(self.placements.values())
        new = Territory(self._resolve(ps[0].tile), x=ps[0].x + dx, y=ps[0].y + dy,
                        rotation=ps[0].rotation, tiles=self._extra)
        for p in ps[1:]:
            new.place(p.tile, p.x + dx, p.y + dy, p.rotation)
        new.name, new.gold = self.name, self.gold
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Territory):
            return NotImplemented
        return list(self.placements.values()) == list(other.placements.values())

    __hash__ = None  # type: ignore[assignment]

    # -- files ---------------------------------------------------------------
    def to_dict(self, name: str | None = None, gold: int | None = None) -> dict[str, Any]:
        """The territory-file player entry: ``{"name", "gold", "tiles": [...]}``.

        Landscape tiles are written as numbers, castles as ids; the order is
        the build order (castle first), which is a legal order.
        """
        def tile_value(tid: str) -> int | str:
            return int(tid) if tid.isdigit() else tid

        return {
            "name": self.name if name is None else name,
            "gold": self.gold if gold is None else gold,
            "tiles": [{"tile": tile_value(p.tile), "x": p.x, "y": p.y, "rotation": p.rotation}
                      for p in self.placements.values()],
        }

    @classmethod
    def from_dict(cls, d: Any, *, tiles: Mapping[str, Tile] | None = None) -> "Territory":
        """Rebuild a territory from :meth:`to_dict` output, checking every placement.

        Raises :class:`TerritoryDataError` whose message starts with the
        faulty field, e.g. ``tiles[2]: tile 99 is not a tile (1-73 or castle-<colour>)``.
        """
        if not isinstance(d, dict):
            # Translators: a territory file's fault; {kind} is the JSON value's type as Python names it (list, str, int): not translated
            raise TerritoryDataError(_("a player entry must be an object, not {kind}").format(kind=type(d).__name__))
        # The faults below start with the field of the file they are about ("name", "tiles[2]", not translated)
        name = d.get("name", "")
        if not isinstance(name, str):
            # Translators: a territory file's fault; {field} is the file's field ("name"), not translated
            raise TerritoryDataError(_("{field}: must be a string").format(field="name"))
        gold = d.get("gold", 0)
        if not is_whole(gold, 0, None):
            # Translators: a territory file's fault; {field} is the file's field ("gold"), {value} what it holds
            raise TerritoryDataError(_("{field}: {value} is not a whole number >= 0").format(field="gold", value=_short(gold)))
        entries = d.get("tiles")
        if not isinstance(entries, list) or not entries:
            # Translators: a territory file's fault; {field} is the file's field ("tiles"), not translated
            raise TerritoryDataError(_("{field}: missing or empty (a territory starts with its castle)").format(field="tiles"))
        territory: Territory | None = None
        for i, e in enumerate(entries):
            where = f"tiles[{i}]"
            if not isinstance(e, dict):
                # Translators: a territory file's fault; {field} is "tiles[2]"; tile, x, y, rotation are the file's keys: not translated
                raise TerritoryDataError(_("{field}: must be an object with tile, x, y, rotation").format(field=where))
            for key in ("tile", "x", "y", "rotation"):
                if key not in e:
                    # Translators: a territory file's fault; {field} is "tiles[2]", {key} the missing key (in quotes, not translated)
                    raise TerritoryDataError(_("{field}: missing field {key}").format(field=where, key=repr(key)))
            for key in ("x", "y"):
                if not is_whole(e[key], None, None):
                    # Translators: a territory file's fault; {field} is "tiles[2]", {key} x or y, {value} what it holds
                    raise TerritoryDataError(_("{field}: {key} = {value} is not a whole number").format(
                        field=where, key=key, value=_short(e[key])))
            tid, x, y, r = e["tile"], e["x"], e["y"], e["rotation"]
            try:
                if territory is None:
                    territory = cls(tid, x=x, y=y, rotation=r, tiles=tiles)
                else:
                    territory.place(tid, x, y, r)
            except IllegalPlacementError as err:
                raise TerritoryDataError(f"{where}: {err}") from None
        assert territory is not None
        territory.name, territory.gold = name, gold
        return territory

    # display: drawn by .render and said by .describe, which register with drawing.picture_of
    # and drawing.description_of (the rules import neither)


def random_territory(n_tiles: int, seed: int | None = 0, *, castle: str = "castle-blue",
                     pool: list[TileLike] | None = None) -> Territory:
    """A territory grown by random legal placements (deterministic by ``seed``).

    Tiles are drawn from ``pool`` (default: the 73 landscape tiles) in a
    shuffled order; a tile with no legal placement is skipped. Stops at
    ``n_tiles`` tiles (castle included) or when the pool runs out.

    >>> t = random_territory(10, seed=1)
    >>> len(t), t == random_territory(10, seed=1)
    (10, True)
    """
    rng = random.Random(seed)
    t = Territory(castle)
    if pool is None:
        pool = [tid for tid, tl in catalogue().items() if not tl.is_castle]
    order = list(pool)
    rng.shuffle(order)
    order.reverse()   # grow_territory takes tiles from the end: keep the shuffled order
    grow_territory(t, order, n_tiles, rng)
    return t


def grow_territory(t: Territory, tiles: list[TileLike], size: int, rng: Any) -> None:
    """Place tiles taken from the end of ``tiles`` on random legal spots until ``t`` has ``size``.

    A tile with no legal spot is dropped; ``tiles`` keeps the ones not drawn
    (the rest of a bag). ``rng`` is a :class:`random.Random`.

    >>> import random
    >>> t, bag = Territory("castle-blue"), ["12", "40", "7"]
    >>> grow_territory(t, bag, 2, random.Random(3))
    >>> len(t), bag
    (2, ['12', '40'])
    """
    while len(t) < size and tiles:
        tile = tiles.pop()
        moves = t.legal_placements(tile)
        if moves:
            t.place(tile, *rng.choice(moves))

"""Skylands components: island tiles, special islands and the setup table.

Everything is loaded from three JSON files in ``data/`` (``tiles.json``,
``specials.json``, ``setup.json``) that anyone can replace: the component lists
of the published game are not public, so the project ships its own design
(see ``docs/skylands.md``). Every file is validated on load; a fault raises
:class:`skye_widgets.errors.FileFormatError` naming the file and the fault.

A tile is described in its printed orientation. Sides are 0..3 = N, E, S, W;
rotating by ``r`` quarter turns clockwise moves printed side ``i`` to
``(i + r) % 4``. A tile has *parts* (pieces of forest, mountain, crystal or
city), each touching some sides and showing some spaces; a side touched by no
part is a cloud edge.

>>> c = components()
>>> len(c.tiles), len(c.specials)
(88, 32)
>>> t = c.tile("I09")             # a forest corner
>>> t.edges(), t.edges(1)
(('forest', 'forest', 'cloud', 'cloud'), ('cloud', 'forest', 'forest', 'cloud'))
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from ..errors import FileFormatError, read_json
from ..i18n import _, lazy, ngettext, pgettext
from ..limits import is_whole
from .words import terrain_word

TERRAINS: tuple[str, ...] = ("forest", "mountain", "crystal", "city")
CLOUD = "cloud"
EDGE_TYPES: tuple[str, ...] = (*TERRAINS, CLOUD)
COLORS: tuple[str, ...] = ("green", "purple", "blue")
#: The inhabitant colour each terrain is filled with (cities are never filled).
TERRAIN_COLOR: dict[str, str] = {"forest": "green", "mountain": "purple", "crystal": "blue"}
COST_COLORS: tuple[str, ...] = (*COLORS, "white")
CATEGORIES: tuple[str, ...] = ("none", "once", "continuous", "scoring")
SIDE_NAMES = ("N", "E", "S", "W")
SIDE_OFFSETS = ((0, -1), (1, 0), (0, 1), (-1, 0))
ROTATIONS = (0, 1, 2, 3)

#: Effect kinds per category and the parameters each needs.
EFFECTS: dict[str, dict[str, tuple[str, ...]]] = {
    "once": {"vp": ("points",), "fill": ()},
    "continuous": {"convert_plus": ("points",), "white_free": (), "deploy_plus": ()},
    "scoring": {"per_island": ("terrain", "points"), "per_special": ("points",),
                "per_inhabitants": ("color", "every", "points")},
}


@dataclass(frozen=True)
class Part:
    """One piece of land on a tile: its terrain, the sides it touches, its spaces."""

    terrain: str
    sides: tuple[int, ...]
    spaces: int

    def rotated_sides(self, rotation: int) -> tuple[int, ...]:
        """The sides this part touches once the tile is turned ``rotation`` times."""
        return tuple(sorted((s + rotation) % 4 for s in self.sides))


@dataclass(frozen=True)
class Effect:
    """What a special island does; ``kind`` is one of :data:`EFFECTS`."""

    kind: str
    points: int = 0
    terrain: str = ""
    color: str = ""
    every: int = 1

    def describe(self) -> str:
        """A one-line explanation for players."""
        k = self.kind
        # Translators: what a Skylands special island does (one line, lower-case start).
        if k == "vp":
            return _("when placed: take {points} VP").format(points=self.points)
        if k == "fill":
            return _("once its island is complete: fill it with inhabitants")
        if k == "convert_plus":
            return _("each Convert energy that moves inhabitants: +{points} VP").format(points=self.points)
        if k == "white_free":
            return _("Create islands: never pay the white inhabitant")
        if k == "deploy_plus":
            return _("Deploy inhabitants: fill one more island")
        if k == "per_island":
            return _("end: +{points} VP per complete {terrain} island").format(points=self.points,
                                                                               terrain=terrain_word(self.terrain))
        if k == "per_special":
            return _("end: +{points} VP per special island on your board").format(points=self.points)
        if k == "per_inhabitants":
            green = ngettext("end: +{points} VP per {count} green inhabitant",
                             "end: +{points} VP per {count} green inhabitants", self.every)
            purple = ngettext("end: +{points} VP per {count} purple inhabitant",
                              "end: +{points} VP per {count} purple inhabitants", self.every)
            blue = ngettext("end: +{points} VP per {count} blue inhabitant",
                            "end: +{points} VP per {count} blue inhabitants", self.every)
            text = {"green": green, "purple": purple, "blue": blue}.get(self.color)
            if text is None:
                return f"+{self.points} VP / {self.every} {self.color}"
            return text.format(points=self.points, count=self.every)
        return k


@dataclass(frozen=True)
class Tile:
    """An island tile (or a special island, a starting island side, a printed square)."""

    id: str
    parts: tuple[Part, ...]
    players: int = 2            # used only with at least this many players
    note: str = ""

    def edges(self, rotation: int = 0) -> tuple[str, str, str, str]:
        """The edge type on each side N, E, S, W after ``rotation`` quarter turns."""
        out = [CLOUD] * 4
        for p in self.parts:
            for s in p.rotated_sides(rotation):
                out[s] = p.terrain
        return (out[0], out[1], out[2], out[3])

    @property
    def spaces(self) -> int:
        return sum(p.spaces for p in self.parts)

    def distinct_rotations(self) -> tuple[int, ...]:
        """Rotations that give different edge sequences (fewer for symmetric tiles)."""
        seen: dict[tuple[str, ...], int] = {}
        for r in ROTATIONS:
            seen.setdefault(self.edges(r), r)
        return tuple(sorted(seen.values()))


#: The special islands' names (the rulebook prints none: the project's names, translated as our choice);
#: ``Special.title`` is the name in the language spoken now (``name`` stays the data's English).
SPECIAL_NAMES = {
    # Translators: the names of Skylands' 32 special islands (the rulebook prints pictures, no names: free
    # to translate as a player of your language would name them).
    "Moss Knoll": lazy("Moss Knoll"), "Quartz Spur": lazy("Quartz Spur"), "Windfall Rock": lazy("Windfall Rock"), "Seed Cairn": lazy("Seed Cairn"),
    "Lantern Isle": lazy("Lantern Isle"), "Open Harbour": lazy("Open Harbour"), "Grove Shrine": lazy("Grove Shrine"), "Peak Shrine": lazy("Peak Shrine"),
    "Twin Peaks": lazy("Twin Peaks"), "Glass Garden": lazy("Glass Garden"), "Sky Market": lazy("Sky Market"), "Deep Vein": lazy("Deep Vein"),
    "Hive Tower": lazy("Hive Tower"), "Spark Bridge": lazy("Spark Bridge"), "Crystal Shrine": lazy("Crystal Shrine"), "Census Hall": lazy("Census Hall"),
    "Old Forest": lazy("Old Forest"), "Crown Rock": lazy("Crown Rock"), "Gilded Spire": lazy("Gilded Spire"), "Wellspring": lazy("Wellspring"),
    "Beacon City": lazy("Beacon City"), "Nest of Kites": lazy("Nest of Kites"), "Cloud Cathedral": lazy("Cloud Cathedral"), "Ore Exchange": lazy("Ore Exchange"),
    "Sky Citadel": lazy("Sky Citadel"), "World Tree": lazy("World Tree"), "Star Forge": lazy("Star Forge"), "Great Bloom": lazy("Great Bloom"),
    "Mage Academy": lazy("Mage Academy"), "Skyship Dock": lazy("Skyship Dock"), "Prism Temple": lazy("Prism Temple"), "Hall of Echoes": lazy("Hall of Echoes"),
}


def colour_count(colour: str, count: int) -> str:
    """``count`` inhabitants of ``colour`` (green, purple, blue, or white: any colour) in the reader's words.

    >>> colour_count("green", 20), colour_count("white", 1)
    ('20 green', '1 white')
    """
    # Translators: a count of Skylands inhabitants of one colour ("20 green"; white: any colour, in a cost).
    forms = {"green": lambda: ngettext("{count} green", "{count} green", count),
             "purple": lambda: ngettext("{count} purple", "{count} purple", count),
             "blue": lambda: ngettext("{count} blue", "{count} blue", count),
             "white": lambda: ngettext("{count} white", "{count} white", count)}
    return forms[colour]().format(count=count) if colour in forms else f"{count} {colour}"


def colour_word(colour: str) -> str:
    """An inhabitant colour alone, as a label ("green: 2 on the board") in the reader's words."""
    # Translators: an inhabitant colour alone, at the start of a line ("green: 2 on the board, 18 in the supply").
    words = {"green": lambda: pgettext("inhabitant colour", "green"),
             "purple": lambda: pgettext("inhabitant colour", "purple"),
             "blue": lambda: pgettext("inhabitant colour", "blue"),
             "white": lambda: pgettext("inhabitant colour", "white")}
    return words[colour]() if colour in words else colour


def back_word(back: str) -> str:
    """A special island's back (sand, sky, dusk, night: the stacks of the rulebook) in the reader's words."""
    # Translators: the backs of Skylands' special islands (the glossary's words).
    words = {"sand": lambda: pgettext("special island back", "sand"),
             "sky": lambda: pgettext("special island back", "sky"),
             "dusk": lambda: pgettext("special island back", "dusk"),
             "night": lambda: pgettext("special island back", "night")}
    return words[back]() if back in words else back


def category_word(category: str) -> str:
    """A special island's kind of effect (none, once, continuous, scoring) in the reader's words."""
    # Translators: the kinds of effect of Skylands' special islands (the glossary's words).
    words = {"none": lambda: pgettext("special island effect", "no effect"),
             "once": lambda: pgettext("special island effect", "one-time effect"),
             "continuous": lambda: pgettext("special island effect", "continuous effect"),
             "scoring": lambda: pgettext("special island effect", "scoring effect")}
    return words[category]() if category in words else category


@dataclass(frozen=True)
class Special(Tile):
    """A special island: a tile with a name, a back colour, a cost, VP and an effect."""

    name: str = ""
    back: str = ""
    category: str = "none"
    cost: tuple[tuple[str, int], ...] = ()      # (colour, count), colour may be "white"
    vp: int = 0
    effect: Effect | None = None

    @property
    def title(self) -> str:
        """The special island's name in the language spoken now (the data's ``name`` if it has no translation)."""
        return str(SPECIAL_NAMES.get(self.name, self.name))

    def cost_of(self, color: str) -> int:
        return dict(self.cost).get(color, 0)

    def describe(self) -> str:
        """The special island in one line, in the reader's words: its name, kind, back, cost, VP and effect."""
        from ..words import word_list
        values = {"name": self.title, "category": category_word(self.category), "back": back_word(self.back),
                  "cost": word_list(colour_count(c, n) for c, n in self.cost), "points": self.vp}
        if self.effect is None:
            # Translators: a special island in one line: "Moss Knoll (no effect, sand back): costs 1 green and
            # 1 white; 1 VP".
            return ngettext("{name} ({category}, {back} back): costs {cost}; {points} VP",
                            "{name} ({category}, {back} back): costs {cost}; {points} VP",
                            self.vp).format(**values)
        # Translators: as above, then what the island does ({effect}: "when placed: take 2 VP").
        return ngettext("{name} ({category}, {back} back): costs {cost}; {points} VP; {effect}",
                        "{name} ({category}, {back} back): costs {cost}; {points} VP; {effect}",
                        self.vp).format(effect=self.effect.describe(), **values)


@dataclass(frozen=True)
class StartIsland:
    """A two-sided starting island for the tactical start."""

    id: str
    sides: tuple[Tile, Tile]


@dataclass(frozen=True)
class Printed:
    """A square pre-printed on the beginner side of the player board."""

    tile: Tile
    x: int
    y: int


@dataclass(frozen=True)
class Components:
    """The whole component set, as loaded from the data files."""

    tiles: tuple[Tile, ...]
    specials: tuple[Special, ...]
    backs: tuple[str, ...]
    width: int
    height: int
    inhabitants: tuple[tuple[str, int], ...]
    vp_supply: tuple[tuple[int, int], ...]      # (players, VP in markers)
    #: (players, ((marker value, how many), ...)): the VP markers put out for a player count
    vp_markers: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    display_per_back: int
    tactical_draw: int
    tactical_keep: int
    printed: tuple[Printed, ...]
    start_islands: tuple[StartIsland, ...]
    #: the display recommended for a first game ("juego de introducción"), by back
    intro_display: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        d: dict[str, Tile] = {t.id: t for t in self.tiles}
        d.update({s.id: s for s in self.specials})
        d.update({p.tile.id: p.tile for p in self.printed})
        for si in self.start_islands:
            for t in si.sides:
                d[t.id] = t
        object.__setattr__(self, "_by_id", d)

    def tile(self, tile_id: str) -> Tile:
        """A tile, special island, printed square or starting side ("A/0") by id."""
        return self._by_id[tile_id]  # type: ignore[attr-defined,no-any-return]

    def tiles_for(self, players: int) -> tuple[Tile, ...]:
        """The island stack for a player count (tiles marked for more players removed)."""
        return tuple(t for t in self.tiles if t.players <= players)

    def vp_for(self, players: int) -> int:
        """VP available in markers for a player count (the markers' values added up)."""
        return dict(self.vp_supply)[players]

    def markers_for(self, players: int) -> dict[int, int]:
        """The VP markers put out for a player count: {value: how many}."""
        return dict(dict(self.vp_markers)[players])


class _Checker:
    """Validation helpers that raise FileFormatError(path, 'where: what')."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, where: str, what: str) -> FileFormatError:
        return FileFormatError(self.path, f"{where}: {what}" if where else what)

    def obj(self, v: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(v, dict):
            raise self.fail(where, f"expected an object, got {type(v).__name__}")
        return v

    def get(self, d: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
        if key not in d:
            raise self.fail(where, f"missing '{key}'")
        v = d[key]
        if not (is_whole(v, None, None) if kind is int else isinstance(v, kind)):
            name = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            raise self.fail(where, f"'{key}' must be {name}, got {v!r}")
        return v

    def int_in(self, d: Mapping[str, Any], key: str, lo: int, hi: int, where: str) -> int:
        v = self.get(d, key, int, where)
        if not lo <= v <= hi:
            raise self.fail(where, f"'{key}' must be between {lo} and {hi}, got {v}")
        return int(v)

    def parts(self, raw: Any, where: str) -> tuple[Part, ...]:
        if not isinstance(raw, list):
            raise self.fail(where, "'parts' must be a list")
        used: set[int] = set()
        out = []
        for i, p in enumerate(raw):
            w = f"{where} part {i}"
            p = self.obj(p, w)
            terrain = self.get(p, "terrain", str, w)
            if terrain not in TERRAINS:
                raise self.fail(w, f"unknown terrain {terrain!r} (expected one of {', '.join(TERRAINS)})")
            sides = self.get(p, "sides", list, w)
            for s in sides:
                if not is_whole(s, 0, 3):
                    raise self.fail(w, f"side {s!r} is not 0..3")
                if s in used:
                    raise self.fail(w, f"side {s} belongs to two parts")
                used.add(s)
            spaces = self.int_in(p, "spaces", 0, 9, w)
            out.append(Part(terrain, tuple(sorted(sides)), spaces))
        return tuple(out)

    def entry(self, raw: Any, kind: str, i: int, seen: set[str]) -> tuple[Mapping[str, Any], str, str]:
        """Entry ``i`` of a list of ``kind``: the object, its ``id`` (unique among ``seen``, which
        it joins) and the place to name in messages from now on (``"<kind> <id>"``)."""
        w = f"{kind} {i}"
        e = self.obj(raw, w)
        eid = self.get(e, "id", str, w)
        if eid in seen:
            raise self.fail(w, f"duplicate id {eid!r}")
        seen.add(eid)
        return e, eid, f"{kind} {eid}"

    def header(self, data: Any, fmt: str) -> Mapping[str, Any]:
        d = self.obj(data, "")
        if d.get("format") != fmt:
            raise self.fail("", f"not a {fmt} file (\"format\" is {d.get('format')!r})")
        if d.get("version") != 1:
            raise self.fail("", f"unsupported version {d.get('version')!r}")
        return d


def _load_tiles(path: str) -> tuple[Tile, ...]:
    ck = _Checker(path)
    d = ck.header(read_json(path), "skylands-tiles")
    raw = ck.get(d, "tiles", list, "")
    out: list[Tile] = []
    seen: set[str] = set()
    for i, raw_tile in enumerate(raw):
        t, tid, w = ck.entry(raw_tile, "tile", i, seen)
        out.append(Tile(tid, ck.parts(ck.get(t, "parts", list, w), w),
                        ck.int_in(t, "players", 2, 4, w), str(t.get("note", ""))))
    if not out:
        raise ck.fail("", "no tiles")
    return tuple(out)


def _load_specials(path: str) -> tuple[tuple[Special, ...], tuple[str, ...]]:
    ck = _Checker(path)
    d = ck.header(read_json(path), "skylands-specials")
    backs = ck.get(d, "backs", list, "")
    if not backs or not all(isinstance(b, str) for b in backs):
        raise ck.fail("", "'backs' must be a non-empty list of names")
    out: list[Special] = []
    seen: set[str] = set()
    for i, raw_special in enumerate(ck.get(d, "specials", list, "")):
        s, sid, w = ck.entry(raw_special, "special", i, seen)
        back = ck.get(s, "back", str, w)
        if back not in backs:
            raise ck.fail(w, f"back {back!r} is not one of {', '.join(backs)}")
        cat = ck.get(s, "category", str, w)
        if cat not in CATEGORIES:
            raise ck.fail(w, f"category {cat!r} is not one of {', '.join(CATEGORIES)}")
        cost_raw = ck.obj(ck.get(s, "cost", dict, w), w + " cost")
        cost = []
        for c, n in cost_raw.items():
            if c not in COST_COLORS:
                raise ck.fail(w, f"cost colour {c!r} is not one of {', '.join(COST_COLORS)}")
            if not is_whole(n, 1, 9):
                raise ck.fail(w, f"cost of {c} must be 1..9, got {n!r}")
            cost.append((c, n))
        if not cost:
            raise ck.fail(w, "a special island must cost something")
        if sum(n for c, n in cost if c == "white") > 1:
            raise ck.fail(w, "at most one white inhabitant per cost")
        vp = ck.int_in(s, "vp", 0, 20, w)
        effect = None
        if cat != "none":
            e = ck.obj(ck.get(s, "effect", dict, w), w + " effect")
            kind = ck.get(e, "kind", str, w + " effect")
            if kind not in EFFECTS[cat]:
                raise ck.fail(w, f"effect {kind!r} is not a {cat} effect ({', '.join(EFFECTS[cat])})")
            kw: dict[str, Any] = {}
            for p in EFFECTS[cat][kind]:
                if p in ("points", "every"):
                    kw[p] = ck.int_in(e, p, 1, 20, w + " effect")
                elif p == "terrain":
                    kw[p] = ck.get(e, p, str, w + " effect")
                    if kw[p] not in TERRAINS:
                        raise ck.fail(w, f"effect terrain {kw[p]!r} unknown")
                elif p == "color":
                    kw[p] = ck.get(e, p, str, w + " effect")
                    if kw[p] not in COLORS:
                        raise ck.fail(w, f"effect colour {kw[p]!r} unknown")
            effect = Effect(kind, **kw)
        elif "effect" in s:
            raise ck.fail(w, "a 'none' special island has no effect")
        parts = ck.parts(ck.get(s, "parts", list, w), w)
        if not parts:
            raise ck.fail(w, "a special island needs at least one part")
        out.append(Special(sid, parts, 2, "", name=ck.get(s, "name", str, w), back=back,
                           category=cat, cost=tuple(cost), vp=vp, effect=effect))
    return tuple(out), tuple(backs)


def _load_setup(path: str) -> dict[str, Any]:
    ck = _Checker(path)
    d = ck.header(read_json(path), "skylands-setup")
    board = ck.obj(ck.get(d, "board", dict, ""), "board")
    width = ck.int_in(board, "width", 2, 9, "board")
    height = ck.int_in(board, "height", 2, 9, "board")
    inh = ck.obj(ck.get(d, "inhabitants", dict, ""), "inhabitants")
    if set(inh) != set(COLORS):
        raise ck.fail("inhabitants", f"expected exactly {', '.join(COLORS)}")
    inhabitants = tuple((c, ck.int_in(inh, c, 0, 99, "inhabitants")) for c in COLORS)
    vpm = ck.obj(ck.get(d, "vp_markers", dict, ""), "vp_markers")

    def markers(raw: Any, where: str) -> tuple[tuple[int, int], ...]:
        raw = ck.obj(raw, where)
        out = []
        for value in raw:
            if not value.isdigit() or not 1 <= int(value) <= 99:
                raise ck.fail(where, f"marker value {value!r} is not a whole number 1..99")
            out.append((int(value), ck.int_in(raw, value, 0, 99, where)))
        return tuple(sorted(out))
    box = dict(markers(ck.get(vpm, "box", dict, "vp_markers"), "vp_markers box"))
    per = ck.obj(ck.get(vpm, "players", dict, "vp_markers"), "vp_markers players")
    vp_markers, vp_supply = [], []
    for n in ("2", "3", "4"):
        w = f"vp_markers players {n}"
        used = markers(ck.get(per, n, dict, "vp_markers players"), w)
        for value, k in used:
            if k > box.get(value, 0):
                raise ck.fail(w, f"{k} markers of {value} VP, the box holds {box.get(value, 0)}")
        if not sum(v * k for v, k in used):
            raise ck.fail(w, "no VP in markers")
        vp_markers.append((int(n), used))
        vp_supply.append((int(n), sum(v * k for v, k in used)))
    printed = []
    for i, p in enumerate(ck.get(d, "printed", list, "")):
        w = f"printed {i}"
        p = ck.obj(p, w)
        x, y = ck.int_in(p, "x", 0, width - 1, w), ck.int_in(p, "y", 0, height - 1, w)
        printed.append(Printed(Tile(ck.get(p, "id", str, w), ck.parts(ck.get(p, "parts", list, w), w)), x, y))
    if len({(p.x, p.y) for p in printed}) != len(printed):
        raise ck.fail("printed", "two printed squares on one cell")
    starts = []
    for i, s in enumerate(ck.get(d, "start_islands", list, "")):
        w = f"start island {i}"
        s = ck.obj(s, w)
        sid = ck.get(s, "id", str, w)
        sides = ck.get(s, "sides", list, w)
        if len(sides) != 2:
            raise ck.fail(w, "a starting island has exactly two sides")
        starts.append(StartIsland(sid, (Tile(f"{sid}/0", ck.parts(sides[0], w + " side 0")),
                                        Tile(f"{sid}/1", ck.parts(sides[1], w + " side 1")))))
    if len(starts) < 4:
        raise ck.fail("start_islands", f"need one per player (4), got {len(starts)}")
    return dict(width=width, height=height, inhabitants=inhabitants, vp_supply=tuple(vp_supply),
                vp_markers=tuple(vp_markers),
                display_per_back=ck.int_in(d, "display_per_back", 1, 8, ""),
                tactical_draw=ck.int_in(d, "tactical_draw", 0, 9, ""),
                tactical_keep=ck.int_in(d, "tactical_keep", 0, 9, ""),
                intro_display=tuple(_intro(ck, d)),
                printed=tuple(printed), start_islands=tuple(starts))


def _intro(ck: _Checker, d: Mapping[str, Any]) -> list[str]:
    raw = ck.get(d, "intro_display", list, "")
    if not all(isinstance(i, str) for i in raw):
        raise ck.fail("intro_display", "must list special island ids")
    return list(raw)


def load_components(directory: str | os.PathLike[str] | None = None) -> Components:
    """Load and validate the three data files from ``directory`` (default: shipped data)."""
    if directory is None:
        from importlib import resources     # here: it brings tempfile and shutil; only reading the data needs it (start-up)

        base = str(resources.files("skye_widgets.skylands") / "data")
    else:
        base = os.fspath(directory)
    tiles = _load_tiles(os.path.join(base, "tiles.json"))
    specials_path = os.path.join(base, "specials.json")
    specials, backs = _load_specials(specials_path)
    setup_path = os.path.join(base, "setup.json")
    setup = _load_setup(setup_path)
    ids = [t.id for t in tiles] + [s.id for s in specials] + [p.tile.id for p in setup["printed"]]
    if len(set(ids)) != len(ids):
        raise FileFormatError(specials_path, "a special island id repeats a tile id")
    for b in backs:
        n = sum(1 for s in specials if s.back == b)
        if n < setup["display_per_back"]:
            raise FileFormatError(specials_path, f"back {b!r} has {n} special islands, "
                                                 f"the display needs {setup['display_per_back']}")
    by_id = {s.id: s for s in specials}
    intro = setup["intro_display"]
    for sid in intro:
        if sid not in by_id:
            raise FileFormatError(setup_path, f"intro_display: {sid!r} is not a special island")
    want = [b for b in backs for _ in range(setup["display_per_back"])]
    if [by_id[s].back for s in intro] != want or len(set(intro)) != len(intro):
        raise FileFormatError(setup_path, f"intro_display: {setup['display_per_back']} different special "
                                          f"islands of each back, in the order {', '.join(backs)}")
    if setup["tactical_keep"] > setup["tactical_draw"]:
        raise FileFormatError(setup_path, "tactical_keep is larger than tactical_draw")
    return Components(tiles=tiles, specials=specials, backs=backs, **setup)


@lru_cache(maxsize=1)
def components() -> Components:
    """The shipped component set (cached)."""
    return load_components()

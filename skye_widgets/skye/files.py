"""Territory files: every player's territory, name and gold, validated on load.

Format (JSON)::

    {"format": "skye-widgets/isle-of-skye-territory", "version": 2,
     "players": [{"name": "Ann", "gold": 7,
                  "tiles": [{"tile": "castle-blue", "x": 0, "y": 0, "rotation": 0},
                            {"tile": 12, "x": 1, "y": 0, "rotation": 2}, ...]}, ...]}

Tiles are listed castle first, in a legal build order. ``format`` and
``version`` may be left out (the first files had neither); version 1 and 2
files read the same, as a territory file holds no scoring tile number: version
2 marks the files written since the scoring tiles follow the rulebook's
printed list. Any other version is refused. A file that cannot be
used raises :class:`~skye_widgets.errors.FileFormatError` naming the file and
the fault, e.g. ``game.json: players[1].tiles[3]: tile 99 is not a tile
(1-73 or castle-<colour>)``.
"""

from __future__ import annotations

import os
import reprlib
from typing import Any, Mapping, Sequence, Union

from ..errors import FileFormatError, control_in_names, read_json, write_json
from ..i18n import _, ngettext
from ..limits import (MAX_COORDINATE, MAX_NAME_LENGTH, MAX_NUMBER, MAX_SKYE_PLAYERS, MAX_TERRITORY_TILES,
                      is_whole, short)
from .territory import Territory, TerritoryDataError
from .tiles import Tile

PathLike = Union[str, "os.PathLike[str]"]

FORMAT = "skye-widgets/isle-of-skye-territory"
VERSION = 2


def players_from_data(data: Any, path: PathLike = "<data>", *,
                      tiles: Mapping[str, Tile] | None = None) -> list[Territory]:
    """Territories (with ``.name`` and ``.gold``) from parsed file data; raises FileFormatError."""
    if not isinstance(data, dict) or "players" not in data:
        raise FileFormatError(path, _('expected an object {{"players": [...]}}').format())
    fmt, version = data.get("format", FORMAT), data.get("version", 1)
    if fmt != FORMAT:
        raise FileFormatError(path, _("format: {format} is not an Isle of Skye territory file ({expected})").format(
            format=reprlib.repr(fmt), expected=repr(FORMAT)))
    if not is_whole(version) or version not in (1, VERSION):
        raise FileFormatError(path, _("version: {version} is not a territory file version this program reads "
                                      "(1 or {newest})").format(version=reprlib.repr(version), newest=VERSION))
    players = data["players"]
    if not isinstance(players, list) or not players:
        raise FileFormatError(path, _("players: must be a non-empty list"))
    if len(players) > MAX_SKYE_PLAYERS:
        raise FileFormatError(path, ngettext("players: {count} players; a territory file has at most {most} "
                                             "(Isle of Skye is for 2-5 players)",
                                             "players: {count} players; a territory file has at most {most} "
                                             "(Isle of Skye is for 2-5 players)", len(players)).format(
                                                 count=len(players), most=MAX_SKYE_PLAYERS))
    for i, entry in enumerate(players):
        fault = entry_size_fault(entry)
        if fault:
            raise FileFormatError(path, f"players[{i}].{fault}")
    out: list[Territory] = []
    owner: dict[str, str] = {}
    names: set[str] = set()
    for i, entry in enumerate(players):
        # a tile already owned by an earlier player: report it where it appears
        # (after any fault in the entries before it)
        dup = _first_owned(entry, owner)
        try:
            if dup is not None:
                if dup > 0:
                    Territory.from_dict({**entry, "tiles": entry["tiles"][:dup]}, tiles=tiles)
                tid = entry["tiles"][dup]["tile"]
                # Translators: {name} is a player's name; the start "players[1].tiles[2]:" is a place in the file, kept as it is
                raise FileFormatError(path, _("players[{index}].tiles[{position}]: tile {tile} is already in {name}'s "
                                              "territory (every tile exists once)").format(
                                                  index=i, position=dup, tile=tid, name=owner[str(tid)]))
            t = Territory.from_dict(entry, tiles=tiles)
        except TerritoryDataError as e:
            # "tiles[3]: ..." -> "players[1].tiles[3]: ..."; a fault of the whole entry -> "players[1]: ..."
            msg = str(e)
            sep = "." if msg.startswith(("tiles", "name:", "gold:")) else ": "
            raise FileFormatError(path, f"players[{i}]{sep}{msg}") from None
        if t.name in names:
            raise FileFormatError(path, _("players[{index}].name: {name} is used by another player").format(
                index=i, name=repr(t.name)))
        names.add(t.name)
        for p in t.placements.values():
            owner[p.tile] = t.name or f"players[{i}]"
        out.append(t)
    return out


def load_players(path: PathLike, *, tiles: Mapping[str, Tile] | None = None) -> list[Territory]:
    """Read a territory file; each territory carries ``.name`` and ``.gold``."""
    return players_from_data(read_json(path), path, tiles=tiles)


def players_to_data(territories: Sequence[Territory]) -> dict[str, Any]:
    """The file content for ``territories`` (their ``.name``/``.gold`` included)."""
    return {"format": FORMAT, "version": VERSION, "players": [t.to_dict() for t in territories]}


def save_players(path: PathLike, territories: Sequence[Territory]) -> None:
    """Write a territory file (atomically); :func:`load_players` reads it back equal.

    A path that cannot be written raises :class:`FileFormatError` (one line).
    """
    write_json(path, players_to_data(territories))


def load_territory(path: PathLike, player: str | int = 0) -> Territory:
    """One player's territory from a file, by name or index."""
    players = load_players(path)
    if isinstance(player, int):
        if not 0 <= player < len(players):
            raise FileFormatError(path, ngettext("no player number {number} (the file has {count} player)",
                                                 "no player number {number} (the file has {count} players)",
                                                 len(players)).format(number=player, count=len(players)))
        return players[player]
    for t in players:
        if t.name == player:
            return t
    raise FileFormatError(path, _("no player named {name} (players: {names})").format(
        name=repr(player), names=", ".join(t.name for t in players)))


def tiles_size_fault(entries: Any) -> str | None:
    """What is too big in a list of tile entries (``"tiles[3]: x = ..."``), or None.

    Checks only sizes and types (the bounds of :mod:`skye_widgets.limits`), before
    anything is built from the entries; the rules are checked by ``Territory.from_dict``.
    """
    if not isinstance(entries, list):
        return None
    if len(entries) > MAX_TERRITORY_TILES:
        return _("tiles: {count} tiles; a territory has at most {max} (a castle and 73 tiles)").format(
            count=len(entries), max=MAX_TERRITORY_TILES)
    for k, e in enumerate(entries):
        if not isinstance(e, dict):
            continue
        for key in ("x", "y"):
            if key in e and not is_whole(e[key], -MAX_COORDINATE, MAX_COORDINATE):
                return _("tiles[{index}]: {key} = {value} is not a whole number from {low} to {high}").format(
                    index=k, key=key, value=short(e[key]), low=-MAX_COORDINATE, high=MAX_COORDINATE)
        tid = e.get("tile")
        if isinstance(tid, str) and len(tid) > MAX_NAME_LENGTH:
            return _("tiles[{index}]: tile {tile} is not a tile (1-73 or castle-<colour>)").format(
                index=k, tile=short(tid))
    return None


def entry_size_fault(entry: Any) -> str | None:
    """What is too big in one player entry of a territory file (``"name: ..."``), or None."""
    if not isinstance(entry, dict):
        return None
    name = entry.get("name", "")
    if isinstance(name, str) and len(name) > MAX_NAME_LENGTH:
        return _("name: {count} characters long; a name has at most {max}").format(count=len(name),
                                                                                    max=MAX_NAME_LENGTH)
    fault = control_in_names([name])
    if fault is not None:
        return f"name: {fault}"         # "name" is the file's key, not translated
    gold = entry.get("gold", 0)
    if is_whole(gold, MAX_NUMBER + 1, None):
        return _("gold: {value} is more than {max}").format(value=short(gold), max=MAX_NUMBER)
    return tiles_size_fault(entry.get("tiles"))


def _first_owned(entry: Any, owner: Mapping[str, str]) -> int | None:
    """Index of the first tile entry naming a tile in ``owner`` (None if none or malformed)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("tiles"), list):
        return None
    for k, e in enumerate(entry["tiles"]):
        if isinstance(e, dict) and (is_whole(e.get("tile"), None, None) or isinstance(e.get("tile"), str)) \
                and str(e["tile"]) in owner:
            return k
    return None

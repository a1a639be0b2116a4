"""``skye-widgets score`` and ``skye-widgets legal``: rules questions about a territory file.

``score FILE [--json]``
    What each of the 16 scoring tiles would award each player now (majorities
    across the players in the file), scroll points, gold points and base
    income (castle + whisky connected by road). Without ``--json``, a table
    and every breakdown.

``legal FILE --player NAME --tile N [--json]``
    The sorted legal ``[x, y, rotation]`` placements of tile N in that
    player's territory.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..cli import COMMAND_HELP, add_json_flag, emit, fit
from ..errors import FileFormatError, RulesError
from ..i18n import _, ngettext
from ..limits import short
from .files import load_players
from .scoring import SCORING_TILES, ScoreResult, gold_points, income, score_all_tiles, scroll_points
from .territory import Territory


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add ``score`` and ``legal`` to ``sub``."""
    p = sub.add_parser("score", help=str(COMMAND_HELP["score"]),
                       description=_("What every scoring tile would award each player of a territory file now."))
    # Translators: the JSON after the colon is the file's format: not translated
    p.add_argument("file", metavar="FILE", help=_('territory file: {{"players": [{{"name", "gold", "tiles": [...]}}]}}').format())
    add_json_flag(p)
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("legal", help=str(COMMAND_HELP["legal"]),
                       # Translators: [x, y, rotation] names the three numbers of a placement as the JSON output gives them
                       description=_("The sorted legal [x, y, rotation] placements of a tile."))
    p.add_argument("file", metavar="FILE", help=_("territory file"))
    p.add_argument("--player", required=True, metavar="NAME", help=_("the player's name in the file"))
    p.add_argument("--tile", required=True, metavar="N", help=_("tile number 1-73"))
    add_json_flag(p)
    p.set_defaults(func=cmd_legal)


def score_report(players: list[Territory]) -> dict[str, Any]:
    """The ``score --json`` document for ``players`` (territories with ``.name``/``.gold``)."""
    golds = [t.gold for t in players]
    tiles = score_all_tiles(players, golds)
    return {"players": [{
        "name": t.name,
        "scoring_tiles": {str(n): r.points for n, r in per.items()},
        "scrolls": scroll_points(t).points,
        "gold_points": gold_points(t.gold).points,
        "income": income(t).points,
    } for t, per in zip(players, tiles)]}


def _indent(res: ScoreResult, pad: str = "      ") -> list[str]:
    return [pad + line for line in res.explain().splitlines()] if res.breakdown else []


def score_text(players: list[Territory]) -> str:
    """A readable table of every scoring tile per player, then the breakdowns."""
    golds = [t.gold for t in players]
    tiles = score_all_tiles(players, golds)
    # Translators: a player without a name in the file, by seat: "player 2"
    names = [fit(t.name or _("player {number}").format(number=i + 1)) for i, t in enumerate(players)]
    w = max(8, *(len(n) for n in names))       # names are cut to cli.NAME_COLUMN characters
    extra = [(_("scrolls"), [scroll_points(t) for t in players]),
             # Translators: a row of the score table: the victory points of the gold, one for every 5 gold
             (_("gold (1 VP per 5)"), [gold_points(t.gold) for t in players]),
             # Translators: a row of the score table: the base income (castle and whisky joined by road)
             (_("income (base)"), [income(t) for t in players])]
    label_w = max(*(len(str(s.label)) for s in SCORING_TILES.values()), *(len(label) for label, _r in extra))
    lines = [" " * label_w + "  " + "  ".join(f"{n:>{w}}" for n in names)]
    for n, s in SCORING_TILES.items():
        lines.append(f"{str(s.label):<{label_w}}  " + "  ".join(f"{per[n].points:>{w}}" for per in tiles))
    for label, results in extra:
        lines.append(f"{label:<{label_w}}  " + "  ".join(f"{r.points:>{w}}" for r in results))
    for i, (t, per) in enumerate(zip(players, tiles)):
        lines.append("")
        # Translators: {name}: {tiles} ("12 tiles"), {gold} the player's gold
        lines.append(ngettext("{name}: {tiles}, {gold} gold", "{name}: {tiles}, {gold} gold", t.gold).format(
            name=names[i], tiles=ngettext("{count} tile", "{count} tiles", len(t)).format(count=len(t)), gold=t.gold))
        for n, s in SCORING_TILES.items():
            if per[n].breakdown:
                lines.append(f"  {s.label}: {per[n].points}")
                lines.extend(_indent(per[n]))
        for label, results in extra:
            r = results[i]
            if r.breakdown:
                lines.append(f"  {label}: {r.points}")
                lines.extend(_indent(r))
    return "\n".join(lines)


def cmd_score(args: argparse.Namespace) -> int:
    """``skye-widgets score FILE [--json]``."""
    players = load_players(args.file)
    emit(args, lambda: score_report(players), lambda: print(score_text(players)))
    return 0


def cmd_legal(args: argparse.Namespace) -> int:
    """``skye-widgets legal FILE --player NAME --tile N [--json]``."""
    players = load_players(args.file)
    by_name = {t.name: t for t in players}
    if args.player not in by_name:
        # Translators: {name} is the name asked for (in quotes), {names} the names in the file (in quotes)
        raise FileFormatError(args.file, _("no player named {name} (players: {names})").format(
            name=short(args.player), names=", ".join(short(n) for n in by_name)))
    territory = by_name[args.player]
    tile = args.tile
    for other in players:
        if other is not territory and any(p.tile == tile for p in other):
            if other.name:
                raise RulesError(_("tile {tile} is already in {name}'s territory").format(tile=tile, name=other.name))
            raise RulesError(_("tile {tile} is already in another player's territory").format(tile=tile))
    moves = territory.legal_placements(tile)

    def text() -> None:
        if moves:
            # Translators: {count} placements; each follows on its own line as (x, y, rotation)
            print(ngettext("{count} legal placement of tile {tile} for {name}: (x, y, rotation)",
                           "{count} legal placements of tile {tile} for {name}: (x, y, rotation)", len(moves)).format(
                count=len(moves), tile=tile, name=fit(args.player)))
            for m in moves:
                print(f"  {m}")
        else:
            print(_("tile {tile} has no legal placement in {name}'s territory").format(tile=tile, name=fit(args.player)))

    emit(args, lambda: [list(m) for m in moves], text)
    sys.stdout.flush()
    return 0

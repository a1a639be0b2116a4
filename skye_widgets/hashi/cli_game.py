"""``skye-widgets hashi play | replay | board``: the flip-and-write game from the command line.

``play`` lets bots play a whole game and prints the scores with their
breakdown (``--json`` for a machine-readable form); ``replay`` scores a saved
game; ``board`` checks a board file. Bad files end as one line on stderr
(exit 2) via :mod:`skye_widgets.cli`.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Sequence

from ..cli import (FIRST_SEED_HELP, GAMES_HELP, SEED, add_json_flag, add_tournament_flags, emit, fit,
                   run_tournament, tournament_report, usage_error, whole_number)
from ..errors import FileFormatError, read_json, write_json
from ..i18n import _, lazy_ngettext, ngettext
from ..limits import MAX_GAMES, short
from ..protocol import bot_kind_name, play, play_explained
from .board import board_names, load_board
from .bots import BOTS, make_bot
from .game import HashiGame


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add ``play``, ``replay``, ``tournament`` and ``board`` to the ``hashi`` sub-commands."""
    p = sub.add_parser("play", help=_("bots play a whole game of Hashi; prints the scores"),
                       description=_("Bots play a whole game of Hashi (flip-and-write) and the scores are printed."))
    p.add_argument("--players", type=int, default=1, choices=[1, 2, 3, 4], help=_("number of players (default 1)"))
    p.add_argument("--bots", default="greedy",
                   # Translators: {bots} lists the bots' names (not translated), as does the default, greedy
                   help=_("bot kind for every player, or one per player separated by commas "
                          "({bots}; default greedy)").format(bots=", ".join(sorted(BOTS))))
    p.add_argument("--seed", type=SEED, default=0, help=_("seed of the deck and the bots (default 0)"))
    p.add_argument("--board", default="skerries-a",
                   # Translators: {boards} lists the shipped boards' names (identifiers, not translated)
                   help=_("a shipped board ({boards}) or a board file (default skerries-a)").format(
                       boards=", ".join(board_names())))
    p.add_argument("--save", metavar="FILE", help=_("also save the game (replayable) to FILE"))
    p.add_argument("--explain", action="store_true",
                   # Translators: keep "--json", "actions" and "explanation" (JSON keys) as they are
                   help=_("list every bot move and explain each turn under its first move (with --json: an "
                          "\"actions\" list, each with its \"explanation\")"))
    add_json_flag(p)
    p.set_defaults(func=_play)

    r = sub.add_parser("replay", help=_("replay a saved Hashi game and print its scores"))
    r.add_argument("file", help=_("a saved game (from play --save or the widget)"))
    add_json_flag(r)
    r.set_defaults(func=_replay)

    t = sub.add_parser("tournament", help=_("many seeded Hashi games between bots: win shares and average points"),
                       description=_("Play seeded games of Hashi on side A between bots (entrant i plays bot i "
                                     "and changes seats from game to game) and print win shares and average "
                                     "points. A shared win counts 1/k to each of the k tied winners."))
    t.add_argument("--games", type=whole_number(1, MAX_GAMES), default=200, help=str(GAMES_HELP))
    t.add_argument("--bots", default="greedy,random",
                   # Translators: {bots} lists the bots' names (not translated), as does the default
                   help=_("comma-separated, one entrant each ({bots}; default greedy,random)").format(
                       bots=", ".join(sorted(BOTS))))
    t.add_argument("--seed", type=SEED, default=0, help=str(FIRST_SEED_HELP))
    add_tournament_flags(t)
    add_json_flag(t)
    t.set_defaults(func=_tournament)

    b = sub.add_parser("board", help=_("check a Hashi board file and describe it"))
    b.add_argument("file", help=_("a board file (see docs/hashi.md for the format) or a shipped board "
                                  "({boards})").format(boards=", ".join(board_names())))
    add_json_flag(b)
    b.set_defaults(func=_board)


def _bot_kinds(spec: str, players: int) -> list[str] | str:
    """The bot kind of every player, or the one-line complaint."""
    kinds = [k.strip() for k in spec.split(",") if k.strip()]
    if len(kinds) == 1:
        kinds *= players
    if len(kinds) != players:
        # Translators: {count} bots named after --bots for {players} players
        return ngettext("--bots names {count} bot for {players} players", "--bots names {count} bots for {players} players",
                        len(kinds)).format(count=len(kinds), players=players)
    for k in kinds:
        if k not in BOTS:
            # Translators: {bot} is the name typed (in quotes), {bots} the bots there are (names, not translated)
            return _("unknown bot {bot}; choose from {bots}").format(bot=repr(k), bots=", ".join(sorted(BOTS)))
    return kinds


def _play(args: argparse.Namespace) -> int:
    kinds = _bot_kinds(args.bots, args.players)
    if isinstance(kinds, str):
        print(f"skye-widgets: {kinds}", file=sys.stderr)
        return 2
    board = load_board(args.board)
    # the seats' names: the bots' kinds in the reader's words ("planista 1"); --json keeps the kinds as typed
    names = [f"{k} {i + 1}" if getattr(args, "json", False) else _("{bot} {number}").format(bot=bot_kind_name(k), number=i + 1)
             for i, k in enumerate(kinds)]
    bots = [make_bot(k, seed=args.seed + i + 1) for i, k in enumerate(kinds)]
    decisions = None
    if args.explain:                    # the same game: choose_explained plays what choose plays
        game, decisions = play_explained(HashiGame.new, bots, seed=args.seed, names=names, board=board)
    else:
        game = play(HashiGame.new, bots, seed=args.seed, names=names, board=board)
    if args.save:
        data = game.to_dict()
        data["bots"] = kinds
        write_json(args.save, data)
    _report(game, kinds, args, decisions)
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from . import INFO, tournament

    entrants = [k.strip() for k in args.bots.split(",") if k.strip()]
    kinds = _bot_kinds(args.bots, len(entrants)) if entrants else _("--bots names no bot")
    if isinstance(kinds, str) or len(entrants) not in INFO.player_counts:
        # Translators: {count} bots named after --bots; Hashi takes {fewest} to {most} players
        fault = kinds if isinstance(kinds, str) else ngettext(
            "--bots names {count} bot; Hashi takes {fewest} to {most}",
            "--bots names {count} bots; Hashi takes {fewest} to {most}", len(entrants)).format(
            count=len(entrants), fewest=min(INFO.player_counts), most=max(INFO.player_counts))
        return usage_error("skye-widgets hashi tournament", fault)
    res = run_tournament(args, lambda **how: tournament(kinds, args.games, seed=args.seed, **how), args.games)
    emit(args, res.to_dict, lambda: print(tournament_report(res, points="points")))
    return 0


def _replay(args: argparse.Namespace) -> int:
    data = read_json(args.file)
    game = HashiGame.from_dict(data, args.file)
    bots = data.get("bots")
    if bots is not None and not (isinstance(bots, list) and len(bots) == game.n_players
                                 and all(b is None or (isinstance(b, str) and b in BOTS) for b in bots)):
        # Translators: 'bots' is the file's key and null JSON's word (not translated); {bots} the bots' names, {value} what the file holds
        raise FileFormatError(args.file, _("'bots' must name one bot per player ({bots} or null), not {value}").format(
            bots=", ".join(sorted(BOTS)), value=short(bots)))
    _report(game, bots or [None] * game.n_players, args)
    return 0


def result(game: HashiGame, bots: Sequence[str | None]) -> dict[str, Any]:
    """The JSON-ready summary printed by ``play --json`` (``over`` is false for a saved game
    replayed before its end: then ``winners`` are the players leading so far)."""
    players = []
    for p, name in enumerate(game.players):
        s = game.score(p)
        players.append({"name": name, "bot": bots[p], "score": s.points,
                        "finished_islands": len(game.sheet(p).finished()),
                        "breakdown": [{"points": i.points, "reason": i.reason} for i in s.breakdown]})
    out: dict[str, Any] = {"board": f"{game.board.name} (side {game.board.side})", "seed": game.seed,
                           "cards": [[c.number, c.bridges] for c in game.played_cards()],
                           "players": players, "winners": [game.players[p] for p in game.winners()],
                           "over": game.is_over()}
    if game.solo:
        out["rank"] = game.rank_title()
    return out


def _report(game: HashiGame, bots: Sequence[str | None], args: argparse.Namespace,
            decisions: Sequence[Any] | None = None) -> None:
    data = result(game, bots)
    if decisions is not None:
        data["actions"] = [{**d.to_dict(), "name": game.players[d.player]} for d in decisions]

    def text() -> None:
        if decisions is not None:
            _decisions_text(game, decisions)
        _report_text(game, data)

    emit(args, lambda: data, text)


def _decisions_text(game: HashiGame, decisions: Sequence[Any]) -> None:
    """Every bot action, a turn's explanation under its first action (``play --explain``)."""
    print(_("Moves:"))
    for d in decisions:
        print(f"  {fit(game.players[d.player])}: {d.action}")
        if d.explanation.reasons[0].key != "continue":
            print(_("      why: {why}").format(why=d.explanation.text))
    print()


def _report_text(game: HashiGame, data: dict[str, Any]) -> None:
    # Translators: {board} is the board's name and side ("Skerries (side A)"), {seed} a number
    # Translators: a Hashi board's name and side in a sentence ("Skerries (side A)").
    board = _("{name} (side {side})").format(name=game.board.name, side=game.board.side)
    print(_("Hashi on {board}, seed {seed}").format(board=board, seed=data["seed"]))
    for pl, score in zip(data["players"], (game.score(p) for p in range(game.n_players))):
        print(ngettext("  {name}: {count} point", "  {name}: {count} points", pl["score"]).format(
            name=fit(pl["name"]), count=pl["score"]))
        for item in score.breakdown:
            print(f"    {item.points:>3}  {item.reason}")
    if not data["over"]:
        # Translators: {phase} is the game's phase, {card} of {cards}: the card being played
        print(_("Game not over: {phase}, card {card} of {cards} "
                "(finished islands score 2 each only at the end)").format(
            phase=game.phase, card=game.round, cards=len(game.pile)))
    winners = ", ".join(fit(w) for w in data["winners"])
    if data["over"]:
        # Translators: {names} lists the winners (one, or several tied)
        print(ngettext("Winner: {names}", "Winners: {names}", len(data["winners"])).format(names=winners))
    else:
        # Translators: a game not over: {names} lists the players leading so far
        print(ngettext("Leading: {names}", "Leading: {names}", len(data["winners"])).format(names=winners))
    if "rank" in data:
        # Translators: the solo game's rank title, already translated
        print(_("Rank: {rank}").format(rank=data["rank"]))


# Translators: a count of islands ("18 islands")
ISLANDS = lazy_ngettext("{count} island", "{count} islands")


def _board(args: argparse.Namespace) -> int:
    board = load_board(args.file)
    crossings = sum(len(board.crossings(*line)) for line in board.lines) // 2
    emit(args,
         lambda: {"file": args.file, "ok": True, "name": board.name, "side": board.side,
                  "width": board.width, "height": board.height, "islands": len(board.islands),
                  "red": len(board.red), "blue": len(board.blue), "lines": len(board.lines),
                  "crossings": crossings},
         # Translators: a board checked: {name} its name, {side} A or B, the grid's size, then {islands} ("18 islands"), {red} and {blue} the islands with a red / blue flag, {lines} ("26 dotted lines"), {crossings} ("3 crossings")
         lambda: print(_("{file}: {name} (side {side}), {width}x{height} grid, {islands} ({red} red, {blue} blue), "
                         "{lines}, {crossings}: OK").format(
             file=args.file, name=fit(board.name), side=board.side, width=board.width, height=board.height,
             islands=ISLANDS.format(count=len(board.islands)), red=len(board.red), blue=len(board.blue),
             lines=ngettext("{count} dotted line", "{count} dotted lines", len(board.lines)).format(count=len(board.lines)),
             crossings=ngettext("{count} crossing", "{count} crossings", crossings).format(count=crossings))))
    return 0

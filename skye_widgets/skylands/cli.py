"""``skye-widgets skylands ...``: play, replay and tournament for Skylands.

``skylands play --players 3 --bots greedy,random,random --seed 7 --json`` prints
one JSON line ``{"players": [{"name": ..., "bot": ..., "vp": int}], "winners": [names], ...}``;
without ``--json`` it prints the game log and every player's score breakdown.
``skylands tournament --games 200 --bots greedy,random,random`` plays seeded
games (seats rotate so nobody keeps the first seat) and prints each bot's win
share; ``skylands replay GAME.json`` replays a saved game and prints the result.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from ..cli import bot_list
from .bots import BOT_NAMES, make_bot
from .game import SIDES, GameState, play_game


def _bot_list(text: str, players: int | None) -> list[str]:
    return bot_list(text, players, BOT_NAMES, "Skylands", 2, 4)


def _names(bots: Sequence[str]) -> list[str]:
    """Seat names: the bot name, numbered when it repeats (``random-2``)."""
    out = []
    for i, b in enumerate(bots):
        out.append(f"{b}-{bots[:i].count(b) + 1}" if bots.count(b) > 1 else b)
    return out


def result_json(g: GameState, bots: Sequence[str] | None = None) -> dict[str, Any]:
    """The JSON summary of a finished (or current) game."""
    players = []
    for p, (name, score) in enumerate(zip(g.names, g.scores())):
        entry: dict[str, Any] = {"name": name}
        if bots:
            entry["bot"] = bots[p]
        entry["vp"] = score.points
        entry["breakdown"] = [{"points": i.points, "reason": i.reason} for i in score.breakdown]
        players.append(entry)
    return {"seed": g.seed, "side": g.side, "turns": g.turn + 1,
            "end": g.end_reason, "players": players, "winners": [g.names[w] for w in g.winners()]}


def play_seeded(bots: Sequence[str], seed: int, side: str = "beginner", intro: bool = False) -> GameState:
    """A bot game; bot ``i`` is seeded with ``seed * 10 + i`` so games replay exactly."""
    return play_game([make_bot(b, seed * 10 + i) for i, b in enumerate(bots)], seed=seed,
                     names=_names(bots), side=side, intro=intro)


def _print_result(g: GameState, out: Any) -> None:
    print(f"game over after {g.turn + 1} turns: {g.end_reason}", file=out)
    for name, s in zip(g.names, g.scores()):
        print(f"\n{name}:", file=out)
        print(s.explain(), file=out)
    print(f"\nwinner{'s' if len(g.winners()) > 1 else ''}: "
          + ", ".join(g.names[w] for w in g.winners()), file=out)


def cmd_play(args: argparse.Namespace) -> int:
    try:
        bots = _bot_list(args.bots, args.players)
    except argparse.ArgumentTypeError as e:
        print(f"skye-widgets skylands play: error: {e}", file=sys.stderr)
        return 2
    g = play_seeded(bots, args.seed, args.side, args.intro)
    if args.save:
        g.save(args.save)          # atomic; a path that cannot be written is one FileFormatError
    if args.json:
        print(json.dumps(result_json(g, bots)))
    else:
        print("\n".join(g.log))
        _print_result(g, sys.stdout)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    g = GameState.load(args.file)
    if args.json:
        print(json.dumps(result_json(g)))
    else:
        print(g.summary())
        if g.is_over():
            _print_result(g, sys.stdout)
    return 0


def tournament(bots: Sequence[str], games: int, seed: int = 0, side: str = "beginner") -> dict[str, Any]:
    """Play ``games`` seeded games, rotating seats; win shares per bot kind (ties split)."""
    kinds = sorted(set(bots))
    wins = {k: 0.0 for k in kinds}
    seats = {k: 0 for k in kinds}
    vp = {k: 0 for k in kinds}
    n = len(bots)
    for i in range(games):
        shift = i % n
        order = list(bots[shift:]) + list(bots[:shift])
        g = play_seeded(order, seed + i, side)
        win = g.winners()
        for p, b in enumerate(order):
            seats[b] += 1
            vp[b] += g.returns()[p]
            if p in win:
                wins[b] += 1 / len(win)
    return {"games": games, "bots": list(bots),
            "win_share": {k: round(wins[k] / games, 4) for k in kinds},
            "mean_vp": {k: round(vp[k] / seats[k], 2) for k in kinds}}


def cmd_tournament(args: argparse.Namespace) -> int:
    try:
        bots = _bot_list(args.bots, None)
    except argparse.ArgumentTypeError as e:
        print(f"skye-widgets skylands tournament: error: {e}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("skye-widgets skylands tournament: error: --games must be at least 1", file=sys.stderr)
        return 2
    r = tournament(bots, args.games, args.seed, args.side)
    if args.json:
        print(json.dumps(r))
    else:
        print(f"{args.games} games, seats {', '.join(bots)} (rotating), seeds {args.seed}..{args.seed + args.games - 1}")
        for k, share in r["win_share"].items():
            print(f"  {k:8s} wins {share:6.1%} of games   mean {r['mean_vp'][k]:6.2f} VP")
    return 0


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add ``skylands play | replay | tournament`` to the skye-widgets parser."""
    p = sub.add_parser("skylands", help="Skylands: play bot games, replay saves, run tournaments",
                       description="Skylands from the command line.")
    s = p.add_subparsers(dest="skylands_command", metavar="SUBCOMMAND")
    p.set_defaults(func=lambda a: (p.print_help(), 2)[1])

    play = s.add_parser("play", help="one game between bots")
    play.add_argument("--players", type=int, default=None, help="2-4 (default: one per bot)")
    play.add_argument("--bots", default="greedy,random,random",
                      help=f"comma-separated, one per seat, from {', '.join(BOT_NAMES)} (default: %(default)s)")
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--side", choices=SIDES, default="beginner", help="player board side")
    play.add_argument("--intro", action="store_true",
                      help="the special-island display recommended for a first game")
    play.add_argument("--json", action="store_true", help="one JSON line with VP and winners")
    play.add_argument("--save", metavar="FILE", help="also save the game (replayable)")
    play.set_defaults(func=cmd_play)

    rep = s.add_parser("replay", help="replay a saved game and print the result")
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true")
    rep.set_defaults(func=cmd_replay)

    t = s.add_parser("tournament", help="many seeded bot games; prints win shares")
    t.add_argument("--games", type=int, default=200)
    t.add_argument("--bots", default="greedy,random,random")
    t.add_argument("--seed", type=int, default=0, help="first game seed")
    t.add_argument("--side", choices=SIDES, default="beginner")
    t.add_argument("--json", action="store_true")
    t.set_defaults(func=cmd_tournament)

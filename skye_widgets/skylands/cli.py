"""``skye-widgets skylands ...``: play, replay and tournament for Skylands.

``skylands play --players 3 --bots greedy,random,random --seed 7 --json`` prints
one JSON line ``{"players": [{"name": ..., "bot": ..., "vp": int}], "winners": [names], ...}``;
without ``--json`` it prints the game log and every player's score breakdown.
``skylands tournament --games 200 --bots greedy,random,random`` plays seeded
games with :func:`skye_widgets.protocol.tournament` (seats rotate so nobody
keeps the first seat) and prints each entrant's win share and average VP (``--json``: the
``TournamentResult.to_dict`` lists of Isle of Skye and Hashi); ``skylands replay GAME.json [--json]`` replays a saved game and prints the result
(the JSON is what ``play --json`` printed: ``play --save`` keeps the bots in the save).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Sequence

from ..cli import (COMMAND_HELP, EXPLAIN_HELP, FIRST_SEED_HELP, GAMES_HELP, SEED, add_json_flag, add_tournament_flags, bot_list, emit,
                   fit, run_tournament, tournament_report, usage_error, whole_number)
from ..i18n import _, lazy, ngettext
from ..limits import MAX_GAMES
from ..errors import FileFormatError, read_json, write_json
from . import tournament as play_tournament
from .bots import BOT_NAMES, make_bot
from ..protocol import TournamentResult, bot_kind_name, play_explained
from .game import SIDES, GameState, play_game


# Translators: help of --side; the sides' names (beginner, advanced) are typed as they are
SIDE_HELP = lazy("player board side: %(choices)s (default: %(default)s)")


def _bot_list(text: str, players: int | None) -> list[str]:
    return bot_list(text, players, BOT_NAMES, _("Skylands"), 2, 4)


def _names(bots: Sequence[str], words: bool = False) -> list[str]:
    """Seat names: the bot's kind, numbered when it repeats (``random-2``); ``words``: the kind in the
    reader's words (the text output; ``--json`` keeps the kinds as they are typed)."""
    out = []
    for i, b in enumerate(bots):
        kind = bot_kind_name(b) if words else b
        if bots.count(b) > 1:
            # Translators: a bot's seat name when two bots of one kind play: {bot} the kind, {number} which one.
            kind = (_("{bot}-{number}") if words else "{bot}-{number}").format(bot=kind, number=bots[:i].count(b) + 1)
        out.append(kind)
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


def play_seeded(bots: Sequence[str], seed: int, side: str = "beginner", intro: bool = False,
                words: bool = False) -> GameState:
    """A bot game; bot ``i`` is seeded with ``seed * 10 + i`` so games replay exactly (``words``: the seats
    named in the reader's words)."""
    return play_game([make_bot(b, seed * 10 + i) for i, b in enumerate(bots)], seed=seed,
                     names=_names(bots, words), side=side, intro=intro)


def _print_result(g: GameState, out: Any) -> None:
    # Translators: {count} turns were played; {reason} says why the game ended (a sentence)
    print(ngettext("game over after {count} turn: {reason}", "game over after {count} turns: {reason}",
                   g.turn + 1).format(count=g.turn + 1, reason=g.end_reason), file=out)
    for name, s in zip(g.names, g.scores()):
        print(f"\n{fit(name)}:", file=out)
        print(s.explain(), file=out)
    winners = g.winners()
    # Translators: {names} lists the winners (one, or several tied)
    print("\n" + ngettext("winner: {names}", "winners: {names}", len(winners)).format(
        names=", ".join(fit(g.names[w]) for w in winners)), file=out)


def cmd_play(args: argparse.Namespace) -> int:
    try:
        bots = _bot_list(args.bots, args.players)
    except argparse.ArgumentTypeError as e:
        return usage_error("skye-widgets skylands play", str(e))
    decisions = None
    if args.explain:                    # the same game: choose_explained plays what choose plays
        g, decisions = play_explained(GameState.new, [make_bot(b, args.seed * 10 + i) for i, b in enumerate(bots)],
                                      seed=args.seed, names=_names(bots, not getattr(args, "json", False)), side=args.side,
                                      intro=args.intro)
    else:
        g = play_seeded(bots, args.seed, args.side, args.intro, words=not getattr(args, "json", False))
    if args.save:   # the bots go with the save, so that replay prints what play printed
        write_json(args.save, {**g.to_dict(), "bots": list(bots)})

    def data() -> dict[str, Any]:
        out = result_json(g, bots)
        if decisions is not None:
            out["actions"] = [{**d.to_dict(), "name": g.names[d.player]} for d in decisions]
        return out

    def text() -> None:
        notes: dict[int, list[str]] = {}
        for d in decisions or ():
            notes.setdefault(d.log_start if d.log_size > d.log_start else d.log_start - 1, []).append(d.explanation.text)
        for i, line in enumerate(g.log):
            print(line)
            for why in notes.get(i, ()):
                # Translators: a bot's explanation under the log line of its move; {why} is the explanation
                print(_("    why: {why}").format(why=why))
        _print_result(g, sys.stdout)

    emit(args, data, text)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    data = read_json(args.file)
    g = GameState.from_dict(data, args.file)
    bots = data.get("bots")
    if bots is not None and not (isinstance(bots, list) and len(bots) == len(g.names)
                                 and all(isinstance(b, str) and b in BOT_NAMES for b in bots)):
        # Translators: 'bots' is the file's key (not translated); {bots} lists the bots' names
        raise FileFormatError(args.file, _("'bots' must name one bot per player ({bots})").format(bots=", ".join(BOT_NAMES)))

    def text() -> None:
        print(g.summary())
        if g.is_over():
            _print_result(g, sys.stdout)

    emit(args, lambda: result_json(g, bots), text)
    return 0


def tournament(bots: Sequence[str], games: int, seed: int = 0, side: str = "beginner", **how: Any) -> TournamentResult:
    """Play ``games`` seeded games (:func:`skye_widgets.protocol.tournament`: game ``k`` has
    seed ``seed + k`` and the seats rotate; ``how``: its workers/executor/progress); each entrant's
    win share and average VP, kept apart even when two entrants are the same bot (ties split),
    as Isle of Skye and Hashi report them."""
    return play_tournament(bots, games, seed=seed, side=side, **how)


def cmd_tournament(args: argparse.Namespace) -> int:
    try:
        bots = _bot_list(args.bots, None)
    except argparse.ArgumentTypeError as e:
        return usage_error("skye-widgets skylands tournament", str(e))
    if args.games < 1:
        return usage_error("skye-widgets skylands tournament", _("--games must be at least 1"))
    r = run_tournament(args, lambda **how: tournament(bots, args.games, args.seed, args.side, **how), args.games)
    emit(args, r.to_dict, lambda: print(tournament_report(r)))
    return 0


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add ``skylands play | replay | tournament`` to the skye-widgets parser."""
    p = sub.add_parser("skylands", help=str(COMMAND_HELP["skylands"]),
                       description=_("Skylands from the command line."))
    s = p.add_subparsers(dest="skylands_command", metavar="SUBCOMMAND")
    p.set_defaults(func=lambda a: (p.print_help(), 2)[1])

    play = s.add_parser("play", help=_("one game between bots"))
    play.add_argument("--players", type=int, default=None, help=_("2-4 (default: one per bot)"))
    play.add_argument("--bots", default="greedy,random,random",
                      # Translators: {bots} lists the bots' names (not translated); keep %(default)s, the default list
                      help=_("comma-separated, one per seat, from {bots} (default: %(default)s)").format(
                          bots=", ".join(BOT_NAMES)))
    play.add_argument("--seed", type=SEED, default=0, help=_("seed of the whole game (default 0)"))
    play.add_argument("--side", choices=SIDES, default="beginner", help=str(SIDE_HELP))
    play.add_argument("--intro", action="store_true",
                      help=_("the special-island display recommended for a first game"))
    play.add_argument("--explain", action="store_true", help=str(EXPLAIN_HELP))
    add_json_flag(play)
    play.add_argument("--save", metavar="FILE", help=_("also save the game (replayable)"))
    play.set_defaults(func=cmd_play)

    rep = s.add_parser("replay", help=_("replay a saved game and print the result"))
    rep.add_argument("file", help=_("a saved game (from play --save or the widget)"))
    add_json_flag(rep)
    rep.set_defaults(func=cmd_replay)

    t = s.add_parser("tournament", help=_("many seeded bot games; prints win shares"))
    t.add_argument("--games", type=whole_number(1, MAX_GAMES), default=200, help=str(GAMES_HELP))
    t.add_argument("--bots", default="greedy,random,random",
                   help=_("comma-separated, one entrant each, from {bots} (default: %(default)s)").format(
                       bots=", ".join(BOT_NAMES)))
    t.add_argument("--seed", type=SEED, default=0, help=str(FIRST_SEED_HELP))
    t.add_argument("--side", choices=SIDES, default="beginner", help=str(SIDE_HELP))
    add_tournament_flags(t)
    add_json_flag(t)
    t.set_defaults(func=cmd_tournament)

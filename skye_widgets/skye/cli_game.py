"""``skye-widgets play | replay | tournament``: whole games of Isle of Skye.

``play --players 4 --bots random,greedy,greedy,random --seed 7 --json`` prints
one JSON summary line::

    {"seed": 7, "rounds": 6, "scoring_tiles": {"A": n, "B": n, "C": n, "D": n},
     "players": [{"name": ..., "bot": ..., "vp": int, "gold": int, "tiles": int}],
     "winners": [names]}

(``tiles`` counts the territory including the castle); without ``--json`` it
prints the game's plain-English log round by round, then a result table.
``replay FILE`` prints the same for a saved game (``--json``: the same summary).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Sequence

from ..cli import (COMMAND_HELP, EXPLAIN_HELP, ENTRANTS_HELP, FIRST_SEED_HELP, GAMES_HELP, SEED, add_json_flag, add_tournament_flags,
                   bot_list, emit, fit, run_tournament, tournament_report, usage_error, whole_number)
from ..limits import MAX_GAMES, MAX_SAVE_ACTIONS
from ..errors import FileFormatError, RulesError
from ..i18n import _, lazy, lazy_ngettext, ngettext


def _bot_list(text: str, players: int | None) -> list[str]:
    from .bots import BOTS
    return bot_list(text, players, BOTS, _("Isle of Skye"), 2, 5)


def _scoring(text: str | None) -> tuple[int, int, int, int] | None:
    if not text:
        return None
    try:
        nums = tuple(int(x) for x in text.split(","))
    except ValueError:
        # Translators: {text} is what was typed after --scoring (in quotes)
        raise argparse.ArgumentTypeError(_("--scoring takes four numbers 1-16 like 3,7,12,1, not {text}").format(
            text=repr(text))) from None
    if len(nums) != 4:
        raise argparse.ArgumentTypeError(_("--scoring takes four numbers (slots A-D), not {count}").format(count=len(nums)))
    return nums  # type: ignore[return-value]


def _fail(parser_name: str, msg: str) -> int:
    return usage_error(f"skye-widgets {parser_name}", msg)


def _is_header(e: Any) -> bool:
    """A round's first line ("Round 2 of 6; Ben starts."), told by its template, in any language."""
    from .game import LOG
    return getattr(e.message, "template", None) is LOG["round"]


def print_log(state: Any, out: Any = None, decisions: Sequence[Any] | None = None) -> None:
    """The game's event log, one round per block; with ``decisions``
    (:func:`~skye_widgets.protocol.play_explained`) each bot decision's explanation
    is printed under the first log line its action wrote."""
    out = out or sys.stdout
    notes: dict[int, list[str]] = {}
    for d in decisions or ():
        j = d.log_start if d.log_size > d.log_start else d.log_start - 1
        notes.setdefault(j, []).append(d.explanation.text)
    current = None
    for i, e in enumerate(state.log):
        if e.round_no != current and _is_header(e):
            current = e.round_no
            print(f"\n== {e.text}", file=out)
        else:
            print(f"  {e.text}", file=out)
        for why in notes.get(i, ()):
            # Translators: a bot's explanation under the log line of its move; {why} is the explanation
            print(_("      why: {why}").format(why=why), file=out)


#: A row of the result table: (with the bot's name, the winner) -> the sentence.
RESULT_ROW = {
    # Translators: a row of the result table: {rank}. {name}: victory points, gold and {tiles} ("12 tiles")
    (False, False): lazy_ngettext("  {rank}. {name}: {vp} VP, {gold} gold, {tiles}",
                                  "  {rank}. {name}: {vp} VP, {gold} gold, {tiles}", counter="gold"),
    # Translators: as above, the winner's row
    (False, True): lazy_ngettext("  {rank}. {name}: {vp} VP, {gold} gold, {tiles}  <- winner",
                                  "  {rank}. {name}: {vp} VP, {gold} gold, {tiles}  <- winner", counter="gold"),
    # Translators: as above, with the bot that played the seat ({bot}: its kind in words, protocol.bot_kind_name)
    (True, False): lazy_ngettext("  {rank}. {name} [{bot}]: {vp} VP, {gold} gold, {tiles}",
                                  "  {rank}. {name} [{bot}]: {vp} VP, {gold} gold, {tiles}", counter="gold"),
    # Translators: as above, the winner's row, with the bot
    (True, True): lazy_ngettext("  {rank}. {name} [{bot}]: {vp} VP, {gold} gold, {tiles}  <- winner",
                                  "  {rank}. {name} [{bot}]: {vp} VP, {gold} gold, {tiles}  <- winner", counter="gold"),
}


def print_table(state: Any, bots: Sequence[str] | None, out: Any = None) -> None:
    """The final result table, winners marked."""
    from ..protocol import bot_kind_name
    out = out or sys.stdout
    print("\n" + _("Result:"), file=out)
    winners = set(state.winners()) if state.is_over() else set()
    for p, r in enumerate(state.results()):
        row = RESULT_ROW[bool(bots), p in winners]
        print(row.format(rank=r.rank, name=fit(r.name), bot=bot_kind_name(bots[p]) if bots else "", vp=r.vp, gold=r.gold,
                         tiles=ngettext("{count} tile", "{count} tiles", r.tiles).format(count=r.tiles)), file=out)


def cmd_play(args: argparse.Namespace) -> int:
    """``skye-widgets play``."""
    from ..protocol import play_explained
    from . import Game, make_bot, play_game
    try:
        bots = _bot_list(args.bots or ("random,greedy,greedy,random" if args.players in (None, 4) else "greedy"),
                         args.players)
        names = [n.strip() for n in args.names.split(",")] if args.names else None
        options = {"names": names, "scoring": _scoring(args.scoring)}
        Game.new(len(bots), seed=args.seed, **options)            # a bad set-up fails here, in one line
    except (argparse.ArgumentTypeError, RulesError) as e:
        return _fail("play", str(e))
    seats = [make_bot(b, seed=args.seed * 10 + i) for i, b in enumerate(bots)]
    decisions = None
    if args.explain:                    # the same game: choose_explained plays what choose plays
        state, decisions = play_explained(Game.new, seats, seed=args.seed, **options)
    else:
        state = play_game(seats, seed=args.seed, **options)
    if args.save:
        state.save(args.save, bots)

    def data() -> dict[str, Any]:
        out = state.summary(bots)
        if decisions is not None:
            out["actions"] = [{**d.to_dict(), "name": state.names[d.player]} for d in decisions]
        return out

    def text() -> None:
        print_log(state, decisions=decisions)
        print_table(state, bots)
        if args.save:
            print("\n" + ngettext("Saved to {file} ({count} action).", "Saved to {file} ({count} actions).",
                                  len(state.history)).format(file=args.save, count=len(state.history)))

    emit(args, data, text)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """``skye-widgets replay FILE [--step N] [--json]``: the same output as ``play`` for the saved game."""
    from .saves import load_game
    saved, state = load_game(args.file)
    if args.step is not None:
        if not 0 <= args.step <= len(saved.actions):
            raise FileFormatError(args.file, _("--step {step} is outside 0..{count}").format(
                step=args.step, count=len(saved.actions)))
        state = saved.replay(args.step)

    def text() -> None:
        print_log(state)
        print_table(state, saved.bots)

    emit(args, lambda: state.summary(saved.bots), text)
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    """``skye-widgets tournament``."""
    from . import tournament
    try:
        bots = _bot_list(args.bots, None)
    except argparse.ArgumentTypeError as e:
        return _fail("tournament", str(e))
    if args.games < 1:
        return _fail("tournament", _("--games must be at least 1"))
    res = run_tournament(args, lambda **how: tournament(bots, games=args.games, seed=args.seed, **how), args.games)
    emit(args, res.to_dict, lambda: print(tournament_report(res)))
    return 0


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add ``play``, ``replay`` and ``tournament``."""
    p = sub.add_parser("play", help=str(COMMAND_HELP["play"]),
                       # Translators: the bots' names (random, greedy, planner, strong) are not translated
                       description=_("Play a whole Isle of Skye game between bots (random, greedy, planner, strong)."))
    p.add_argument("--players", type=int, default=None, help=_("2-5 (default: one per bot)"))
    p.add_argument("--bots", default=None,
                   # Translators: the bots' names and the default list are typed as they are: not translated
                   help=_("comma-separated bot per seat: random, greedy, planner, strong; "
                          "one name fills every seat (default: random,greedy,greedy,random)"))
    p.add_argument("--seed", type=SEED, default=0, help=_("seed of the whole game (default 0)"))
    p.add_argument("--names", default="", help=_("comma-separated player names"))
    p.add_argument("--scoring", default="", help=_("scoring tiles for A-D, e.g. 3,7,12,1 (default: drawn by seed)"))
    p.add_argument("--explain", action="store_true", help=str(EXPLAIN_HELP))
    add_json_flag(p)
    p.add_argument("--save", metavar="FILE", help=_("save the game (config + actions) as JSON"))
    p.set_defaults(func=cmd_play)

    r = sub.add_parser("replay", help=str(COMMAND_HELP["replay"]),
                       description=_("Replay a saved game through the rules and print what `play` prints: "
                                     "the log and the result table, or with --json the same JSON summary."))
    r.add_argument("file", help=_("a file written by `play --save`"))
    r.add_argument("--step", type=whole_number(0, MAX_SAVE_ACTIONS), default=None, help=_("stop after this many actions"))
    add_json_flag(r)
    r.add_argument("--log", action="store_true", help=argparse.SUPPRESS)   # the text form, now the default
    r.set_defaults(func=cmd_replay)

    t = sub.add_parser("tournament", help=str(COMMAND_HELP["tournament"]),
                       description=_("Play seeded games between bots (entrant i plays bot i and changes seats "
                                     "from game to game) and print win shares and average VP. A shared win counts "
                                     "1/k to each of the k tied winners."))
    t.add_argument("--games", type=whole_number(1, MAX_GAMES), default=200, help=str(GAMES_HELP))
    t.add_argument("--bots", default="greedy,random,random,random", help=str(ENTRANTS_HELP))
    t.add_argument("--seed", type=SEED, default=0, help=str(FIRST_SEED_HELP))
    add_tournament_flags(t)
    add_json_flag(t)
    t.set_defaults(func=cmd_tournament)

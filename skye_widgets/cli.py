"""The ``skye-widgets`` command line.

Each game registers its own sub-commands from its ``cli`` module (a function
``register(subparsers)`` that adds parsers with ``set_defaults(func=...)``).
Every user-facing failure (a bad file, an illegal move in a file) ends as one
line on stderr naming the file and the fault, with exit status 2 — never a
traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any, Callable, Iterable, Sequence

from . import __version__
from .errors import DataError, FileFormatError, RulesError
from .i18n import LANGUAGES, _, language, lazy, lazy_ngettext, ngettext, normalise, set_language
from .limits import MAX_SEED, MAX_WORKERS, short

GAME_CLIS = ("skye_widgets.skye.cli", "skye_widgets.hashi.cli", "skye_widgets.skylands.cli")
#: The commands that are no game's: the learner's lessons (``lessons``, ``lab``).
OTHER_CLIS = ("skye_widgets.cli_lab", "skye_widgets.rooms.cli")

#: The commands, in the order ``--help`` lists them, each with the module whose ``register(sub)`` adds
#: it (and its neighbours). ``skye-widgets --help`` imports none of them: it lists :data:`COMMAND_HELP`;
#: a command imports its own game only (see :func:`build_parser`).
COMMANDS = (("score", "skye_widgets.skye.cli_rules"), ("legal", "skye_widgets.skye.cli_rules"),
            ("play", "skye_widgets.skye.cli_game"), ("replay", "skye_widgets.skye.cli_game"),
            ("tournament", "skye_widgets.skye.cli_game"), ("puzzle", "skye_widgets.skye.cli_puzzles"),
            ("hashi", "skye_widgets.hashi.cli"), ("skylands", "skye_widgets.skylands.cli"),
            ("lessons", "skye_widgets.cli_lab"), ("lab", "skye_widgets.cli_lab"),
            ("rooms", "skye_widgets.rooms.cli"))

#: Each command's line in ``skye-widgets --help`` (the game modules give their parsers the same help).
COMMAND_HELP = {
    "score": lazy("score an Isle of Skye territory file (all 16 scoring tiles, scrolls, gold)"),
    "legal": lazy("legal placements of a tile in a player's territory"),
    "play": lazy("play a whole Isle of Skye game between bots"),
    "replay": lazy("replay a saved Isle of Skye game and print its summary"),
    "tournament": lazy("many seeded Isle of Skye games between bots: win shares and average VP"),
    "puzzle": lazy("Isle of Skye placement puzzles: solve, check, generate"),
    "hashi": lazy("Hashi: play the flip-and-write game, solve bridge puzzles"),
    "skylands": lazy("Skylands: play bot games, replay saves, run tournaments"),
    "lessons": lazy("copy the lessons you do not have yet into a folder of your own"),
    "lab": lazy("open the lessons in JupyterLab, in a folder of your own"),
    "rooms": lazy("live rooms: a class playing together, each student on their own screen"),
}


def bot_list(text: str, players: int | None, known: Iterable[str], game: str,
             fewest: int, most: int) -> list[str]:
    """The bots of ``--bots a,b,...`` for a game of ``fewest``-``most`` players.

    One name with ``players`` given repeats for every seat. Every fault raises
    :class:`argparse.ArgumentTypeError` saying what is wrong in one line (in the current language;
    ``game`` is the game's name, already translated).

    >>> bot_list("greedy", 3, ["greedy", "random"], "Skylands", 2, 4)
    ['greedy', 'greedy', 'greedy']
    >>> bot_list("greedy,clever", None, ["greedy", "random"], "Skylands", 2, 4)
    Traceback (most recent call last):
    argparse.ArgumentTypeError: unknown bot 'clever' (choose from greedy, random)
    """
    known = list(known)
    if players is not None and not fewest <= players <= most:
        raise argparse.ArgumentTypeError(PLAYER_SPAN.format(game=game, fewest=fewest, most=most, count=players))
    names = [b.strip() for b in text.split(",") if b.strip()]
    if players is not None and len(names) == 1:
        names = names * players
    for b in names:
        if b not in known:
            raise argparse.ArgumentTypeError(UNKNOWN_BOT.format(bot=repr(b), bots=", ".join(known)))
    if players is not None and len(names) != players:
        raise argparse.ArgumentTypeError(BOTS_FOR_PLAYERS.format(count=len(names), players=players))
    if not fewest <= len(names) <= most:
        raise argparse.ArgumentTypeError(PLAYER_SPAN.format(game=game, fewest=fewest, most=most, count=len(names)))
    return names


# Translators: {game} is the game's name ("Isle of Skye", "Skylands"); {fewest}-{most} the players it takes; {count} how many were asked for
PLAYER_SPAN = lazy("{game} is for {fewest}-{most} players, not {count}")
# Translators: {bot} is the name typed (in quotes), {bots} the bots there are: greedy, random, ... (names, not translated)
UNKNOWN_BOT = lazy("unknown bot {bot} (choose from {bots})")
# Translators: {count} bots named on the command line for {players} players
BOTS_FOR_PLAYERS = lazy_ngettext("{count} bot for {players} players", "{count} bots for {players} players")

JSON_HELP = lazy("print the result as one line of JSON instead of text")
# Translators: help of --explain; keep "--json", "actions" and "explanation" (JSON keys) as they are
EXPLAIN_HELP = lazy("explain every bot decision under its log line (with --json: an \"actions\" list, "
                    "each with its \"explanation\")")
# Translators: help of the "daily" command
DAILY_HELP = lazy("the puzzle of the day (the same for everyone on a date)")
# Translators: help of --date; keep YYYY-MM-DD's meaning: the date is typed as 2026-11-25
DATE_HELP = lazy("the day (default: today)")
# Translators: {file} is the file's name
SAVED_TO = lazy("Saved to {file}.")
# Translators: help of a tournament's --games
GAMES_HELP = lazy("how many games to play (default: %(default)s)")
# Translators: help of a tournament's --bots; the bots' names are not translated
ENTRANTS_HELP = lazy("comma-separated, one entrant each (default: %(default)s)")
# Translators: help of a tournament's --seed
FIRST_SEED_HELP = lazy("seed of the first game (games use seed, seed+1, ...)")

#: The usage error of :func:`whole_number` (named placeholders: it will be translated).
# Translators: a command-line option's value; {text} is what was typed, in quotes
WHOLE_NUMBER_FAULT = lazy("expected a whole number from {low} to {high}, not {text}")

# argparse's own words ("usage: ", "options", "error: ...", "the following arguments are required: %s"):
# argparse translates them with the module-level gettext functions it imported, argparse._ and
# argparse.ngettext, called when the words are shown (ArgumentError.__str__, HelpFormatter, error()).
# While main() runs they are bound to skye_widgets.i18n's (ARGPARSE_GETTEXT), so argparse's words come
# from our catalogs, in the language of --lang, with no system catalog and no second domain. A subclass of
# ArgumentParser could not reach the words of HelpFormatter and ArgumentError, which call argparse._
# directly. The texts below are argparse's own (Python 3.11), marked here so that Babel extracts them;
# their %-placeholders are argparse's and stay exactly as they are.
ARGPARSE_WORDS = (
    # Translators: argparse: the first words of a usage line ("usage: skye-widgets [-h] ..."); keep the space at the end
    lazy("usage: "),
    # Translators: argparse: a heading of --help
    lazy("positional arguments"),
    # Translators: argparse: a heading of --help (the options such as --json)
    lazy("options"),
    # Translators: argparse: the help of -h/--help
    lazy("show this help message and exit"),
    # Translators: argparse: a usage error; %(prog)s is the command ("skye-widgets play"), %(message)s the fault; keep the line break at the end
    lazy("%(prog)s: error: %(message)s\n"),
    # Translators: argparse: %(argument_name)s is an option ("--seed") or an argument's name
    lazy("argument %(argument_name)s: %(message)s"),
    # Translators: argparse: %s lists the missing arguments ("FILE, --player")
    lazy("the following arguments are required: %s"),
    # Translators: argparse: %(value)r is what was typed (in quotes), %(choices)s the accepted values
    lazy("invalid choice: %(value)r (choose from %(choices)s)"),
    # Translators: argparse: %(type)s is the kind of value expected ("int"), %(value)r what was typed
    lazy("invalid %(type)s value: %(value)r"),
    # Translators: argparse: %s lists the words not understood
    lazy("unrecognized arguments: %s"),
    # Translators: argparse: an option given without its value
    lazy("expected one argument"),
    lazy("expected at most one argument"),
    lazy("expected at least one argument"),
    # Translators: argparse: %(option)s is an abbreviated option, %(matches)s the options it could be
    lazy("ambiguous option: %(option)s could match %(matches)s"),
    # Translators: argparse: %r is the value given after "=" to an option that takes none
    lazy("ignored explicit argument %r"),
    # Translators: argparse: %s is an option ("--json") that cannot go with another
    lazy("not allowed with argument %s"),
    # Translators: argparse: %s lists options of which one must be given
    lazy("one of the arguments %s is required"),
    # Translators: argparse: %s is an option string
    lazy("unexpected option string: %s"),
    # Translators: argparse: %(parser_name)r is the sub-command typed, %(choices)s the sub-commands there are
    lazy("unknown parser %(parser_name)r (choices: %(choices)s)"),
    # Translators: argparse: %s is how many values an option expects
    lazy_ngettext("expected %s argument", "expected %s arguments"),
)

# Text tables cut longer names to this many characters (the last one "…") for display
NAME_COLUMN = 24


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    """The ``--json`` flag every command that prints a summary takes (same spelling, same help)."""
    parser.add_argument("--json", action="store_true", help=str(JSON_HELP))


def emit(args: argparse.Namespace, data: Callable[[], Any], text: Callable[[], None]) -> None:
    """Print ``data()`` as one line of JSON when ``--json`` was given, else run ``text()``
    (which prints the readable form); only the form asked for is computed."""
    if getattr(args, "json", False):
        print(json.dumps(data()))
    else:
        text()


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high``, else a one-line usage error.

    Options that end up in a file (seeds, sizes) take the bounds the file loaders
    enforce (:mod:`skye_widgets.limits`), so whatever a command writes loads back.

    >>> whole_number(1, 9)("7")
    7
    >>> whole_number(1, 9)("10")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected a whole number from 1 to 9, not '10'
    """
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(WHOLE_NUMBER_FAULT.format(low=low, high=high, text=short(text)))
        return value
    parse.__name__ = "whole number"
    return parse


#: ``--seed``: the seeds a save file may hold.
SEED = whole_number(-MAX_SEED, MAX_SEED)


def fit(text: str, width: int = NAME_COLUMN) -> str:
    """``text`` cut to ``width`` characters for a text table, ending in "…" when cut.

    >>> fit("Ann"), fit("A" * 30, 8)
    ('Ann', 'AAAAAAA…')
    """
    return text if len(text) <= width else text[:max(width - 1, 0)] + "…"


def add_tournament_flags(parser: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--scheduler``: where a ``tournament``'s games run (all three games)."""
    parser.add_argument("--workers", type=whole_number(1, MAX_WORKERS), default=None,
                        help=_("worker processes on this machine (default: every core); the result is "
                               "the same whatever the number"))
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None,
                        # Translators: keep the address and the pip command as they are
                        help=_("run the games on a Dask cluster, e.g. tcp://10.0.0.5:8786 "
                               "(needs the [cluster] extra: pip install 'skye-widgets[cluster]')"))


def run_tournament(args: argparse.Namespace, run: Callable[..., Any], games: int) -> Any:
    """Call ``run(workers=..., executor=..., progress=...)`` as ``args`` asks: on this
    machine's cores or on the Dask scheduler ``--scheduler``; with a progress bar (games/s,
    time left) on a terminal's stderr — never in ``--json`` output or a pipe.

    A scheduler that cannot be reached, or a missing ``distributed``, is a
    :class:`~skye_widgets.errors.BadConfigError` (one line), not a traceback.
    """
    from .errors import BadConfigError

    client = None
    executor = None
    if getattr(args, "scheduler", None):
        try:
            from distributed import Client
        except ImportError:
            raise BadConfigError(_("--scheduler needs Dask distributed: pip install 'skye-widgets[cluster]'")) from None
        try:
            client = Client(args.scheduler, timeout="5s")
        except (OSError, TimeoutError, ValueError) as e:
            # Translators: {address} is the scheduler's address, {reason} the system's reason (not translated)
            raise BadConfigError(_("cannot reach the Dask scheduler at {address}: {reason}").format(
                address=short(args.scheduler), reason=short(str(e)))) from None
        executor = client.get_executor()
    bar = None
    # tqdm's own rule (its disable=None): a bar on a terminal only; a pipe never imports tqdm (7 MB, start-up)
    if not hasattr(sys.stderr, "isatty") or sys.stderr.isatty():
        from tqdm.auto import tqdm

        bar = tqdm(total=games, unit="game", file=sys.stderr, disable=None, leave=False, dynamic_ncols=True)
    try:
        return run(workers=getattr(args, "workers", None), executor=executor,
                   progress=bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
        if client is not None:
            client.close()


# Translators: the first line of a tournament's table; {games} games were played by {players} players
TOURNAMENT_HEAD = lazy_ngettext(
    "{games} game, {players} players; the entrants change seats from game to game "
    "(a shared win counts as 1/k of a win for each of the k tied winners):",
    "{games} games, {players} players; the entrants change seats from game to game "
    "(a shared win counts as 1/k of a win for each of the k tied winners):", counter="games")
# Translators: one row of a tournament's table: {entrant} its number, {bot} the bot's kind in words (protocol.bot_kind_name: the glossary's word, padded), {share} the % of games won, {wins} the wins (may be fractional: 12.5), {average} the average victory points; keep the format specs
TOURNAMENT_ROW_VP = lazy("  entrant {entrant} {bot:8s} win share {share:5.1f}%  ({wins:g} wins)  average VP {average:5.1f}")
# Translators: as the row above, for Hashi, whose scores are points (not victory points)
TOURNAMENT_ROW_POINTS = lazy("  entrant {entrant} {bot:8s} win share {share:5.1f}%  ({wins:g} wins)  average points {average:5.1f}")


def tournament_report(res: Any, points: str = "VP") -> str:
    """The readable table of a :class:`~skye_widgets.protocol.TournamentResult` (``points``: "VP", victory
    points, or "points", Hashi's)."""
    row = TOURNAMENT_ROW_VP if points == "VP" else TOURNAMENT_ROW_POINTS
    from .protocol import bot_kind_name
    lines = [TOURNAMENT_HEAD.format(games=res.games, players=len(res.bots))]
    shown = [bot_kind_name(b) for b in res.bots]          # the kinds in words, one column wide
    width = max(len(name) for name in shown) if shown else 0
    for i, name in enumerate(shown):
        lines.append(row.format(entrant=i + 1, bot=name.ljust(width), share=100 * res.win_share(i), wins=res.wins[i],
                                average=res.average_points(i)))
    return "\n".join(lines)


def usage_error(prog: str, message: str) -> int:
    """Print a sub-command's usage fault as argparse prints its own ("PROG: error: MESSAGE", argparse's
    words from our catalogs, see ARGPARSE_WORDS) on stderr; returns the exit status, 2."""
    print(_("%(prog)s: error: %(message)s\n") % {"prog": prog, "message": message}, file=sys.stderr, end="")
    return 2


#: argparse's gettext functions while :func:`main` runs (see ARGPARSE_WORDS).
ARGPARSE_GETTEXT = (_, ngettext)


def build_parser(command: str | None = "") -> argparse.ArgumentParser:
    """The argument parser: with every game's sub-commands (``command=""``, the default), or with
    those of ``command``'s module only (``None``: of none), every other command a stand-in that
    lists its help line and takes any arguments, so that nothing else is imported."""
    parser = argparse.ArgumentParser(
        prog="skye-widgets",
        description=_("Isle of Skye, Hashi and Skylands: score, solve and play from the command line."),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help=_("Show the program's version and stop."))
    parser.add_argument("--lang", metavar="LANG", default=None,
                        # Translators: {codes} lists the language codes ("en, pt, pl, fr, es"); keep "LANGUAGE" and "LANG": they are the environment variables' names
                        help=_("The language of the messages: one of {codes} (default: the environment's "
                               "LANGUAGE or LANG, else English).").format(codes=", ".join(LANGUAGES)))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    if command == "":
        for name in GAME_CLIS + OTHER_CLIS:
            importlib.import_module(name).register(sub)
        return parser
    wanted = dict(COMMANDS).get(command or "")
    for name, module in COMMANDS:
        if name in sub.choices:
            continue                        # registered with a neighbour of its module
        if module == wanted:
            importlib.import_module(module).register(sub)
        else:
            sub.add_parser(name, help=str(COMMAND_HELP[name]), add_help=False).set_defaults(stand_in=True)
    return parser


def language_option(argv: Sequence[str]) -> str | None:
    """The value of the main parser's ``--lang`` in ``argv`` (``--lang pt`` or ``--lang=pt``,
    before the command), or None; read before the parser is built, so its help is in that language.

    >>> language_option(["--lang", "pl", "score", "t.json"]), language_option(["--lang=fr"]), language_option(["score"])
    ('pl', 'fr', None)
    """
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word.startswith("--lang="):
            return word.partition("=")[2]
        if word == "--lang":
            return argv[i + 1] if i + 1 < len(argv) else None
        if not word.startswith("-"):
            break               # the command: options after it are the command's own
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    The language is ``--lang``'s, else the one spoken (the environment's, ``LANGUAGE``, ``LANG``...,
    unless a Python caller set another); the one spoken before is restored at the end. An unknown
    language is a one-line error in English, exit status 2. ``--json`` keys stay English.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    code = language_option(argv)
    if code is not None and normalise(code) is None:
        print(f"skye-widgets: --lang: there is no language {short(code)}; the languages are "
              f"{', '.join(LANGUAGES)}.", file=sys.stderr)
        return 2
    before = language()             # the environment's, unless a Python caller chose one
    if code is not None:
        set_language(code)
    words = argparse._, argparse.ngettext       # type: ignore[attr-defined]
    argparse._, argparse.ngettext = ARGPARSE_GETTEXT   # type: ignore[attr-defined]
    try:
        return _run(list(argv))
    finally:
        argparse._, argparse.ngettext = words  # type: ignore[attr-defined]
        set_language(before)        # a Python caller keeps its own language


def _run(argv: list[str]) -> int:
    # First with every command a stand-in (no game imported): this answers --help, --version and an
    # unknown command at once; then with the chosen command's own parser, which imports its game only.
    parser = build_parser(None)
    args, _rest = parser.parse_known_args(argv)
    if args.command is not None:
        parser = build_parser(args.command)
        args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return int(func(args) or 0)
    except (FileFormatError, RulesError, DataError) as e:      # one line, never a traceback
        print(f"skye-widgets: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

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
from .errors import FileFormatError, RulesError
from .limits import MAX_SEED, short

GAME_CLIS = ("skye_widgets.skye.cli", "skye_widgets.hashi.cli", "skye_widgets.skylands.cli")


def bot_list(text: str, players: int | None, known: Iterable[str], game: str,
             fewest: int, most: int) -> list[str]:
    """The bots of ``--bots a,b,...`` for a game of ``fewest``-``most`` players.

    One name with ``players`` given repeats for every seat. Every fault raises
    :class:`argparse.ArgumentTypeError` saying what is wrong in one line.

    >>> bot_list("greedy", 3, ["greedy", "random"], "Skylands", 2, 4)
    ['greedy', 'greedy', 'greedy']
    >>> bot_list("greedy,clever", None, ["greedy", "random"], "Skylands", 2, 4)
    Traceback (most recent call last):
    argparse.ArgumentTypeError: unknown bot 'clever' (choose from greedy, random)
    """
    known = list(known)
    span = f"{game} is for {fewest}-{most} players"
    if players is not None and not fewest <= players <= most:
        raise argparse.ArgumentTypeError(f"{span}, not {players}")
    names = [b.strip() for b in text.split(",") if b.strip()]
    if players is not None and len(names) == 1:
        names = names * players
    for b in names:
        if b not in known:
            raise argparse.ArgumentTypeError(f"unknown bot {b!r} (choose from {', '.join(known)})")
    if players is not None and len(names) != players:
        raise argparse.ArgumentTypeError(f"{len(names)} bots for {players} players")
    if not fewest <= len(names) <= most:
        raise argparse.ArgumentTypeError(f"{span}, not {len(names)}")
    return names


JSON_HELP = "print the result as one line of JSON instead of text"

#: The usage error of :func:`whole_number` (named placeholders: it will be translated).
WHOLE_NUMBER_FAULT = "expected a whole number from {low} to {high}, not {text}"

# Text tables cut longer names to this many characters (the last one "…") for display
NAME_COLUMN = 24


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    """The ``--json`` flag every command that prints a summary takes (same spelling, same help)."""
    parser.add_argument("--json", action="store_true", help=JSON_HELP)


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


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every game's sub-commands."""
    parser = argparse.ArgumentParser(
        prog="skye-widgets",
        description="Isle of Skye, Hashi and Skylands: score, solve and play from the command line.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in GAME_CLIS:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        return int(func(args) or 0)
    except (FileFormatError, RulesError) as e:
        print(f"skye-widgets: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

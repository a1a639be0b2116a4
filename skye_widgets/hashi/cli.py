"""``skye-widgets hashi ...``: the Hashi sub-commands.

:mod:`.cli_game` adds ``play``; :mod:`.cli_puzzles` adds ``solve`` (and friends).
"""

from __future__ import annotations

import argparse
from typing import Any

from ..cli import COMMAND_HELP
from . import cli_game, cli_puzzles


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add ``hashi`` and its sub-commands to the ``skye-widgets`` parser."""
    hashi = sub.add_parser("hashi", help=str(COMMAND_HELP["hashi"]))
    hsub = hashi.add_subparsers(dest="hashi_command", metavar="COMMAND")
    hashi.set_defaults(func=lambda args: (hashi.print_help(), 2)[1])
    for module in (cli_game, cli_puzzles):
        module.register(hsub)

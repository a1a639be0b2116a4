"""Isle of Skye sub-commands of ``skye-widgets``.

Commands live in three modules, each with ``register(sub)``:
:mod:`.cli_rules` (score, legal), :mod:`.cli_game` (play, replay, tournament)
and :mod:`.cli_puzzles` (puzzle solve/check/generate).
"""

from __future__ import annotations

import argparse
from typing import Any

from . import cli_game, cli_puzzles, cli_rules


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add the Isle of Skye sub-commands to the ``skye-widgets`` parser."""
    for module in (cli_rules, cli_game, cli_puzzles):
        module.register(sub)

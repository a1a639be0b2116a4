"""Command-line sub-commands for this game (filled in by the game's issue)."""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add this game's sub-commands to the skye-widgets parser."""

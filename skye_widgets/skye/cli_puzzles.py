"""Command-line sub-commands (to be filled in)."""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add these sub-commands to ``sub``."""

"""Saved Isle of Skye games: a game is its config plus its action list.

A save file is JSON::

    {"format": "skye-widgets/isle-of-skye-game", "version": 2,
     "config": {"players": 4, "seed": 7, "names": [...], "scoring": {"A": 3, ...}, "start_player": 0},
     "bots": ["random", "greedy", ...] or null,
     "actions": [{"type": "prices", "player": 0, "discard": "12", "prices": {"5": 3, "40": 2}}, ...],
     "state": {"steps": 96, "round": 6, "phase": "over", "vp": [...], "gold": [...]}}

The format itself is the game's: :meth:`GameState.to_dict
<.game.GameState.to_dict>`, :meth:`~.game.GameState.from_dict`,
:meth:`~.game.GameState.save` and :meth:`~.game.GameState.load` (the protocol's
verbs). This module adds what the command line needs on top: the bot of each
seat (checked against the known bots) and every step of the game
(:class:`SavedGame`, for ``replay --step``).

Loading replays every action through the rules, so an edited or corrupt file
fails with one :class:`~skye_widgets.errors.FileFormatError` naming the file
and the fault (``game.json: action 17 of 96: Player 2 cannot buy tile 33: not
enough gold (price 5, has 3)``), and a file that loads reaches exactly the
saved state (``state`` is checked when present).

Version 2 numbers the scoring tiles in ``config.scoring`` as the rulebook's
printed list; a version 1 save (9 and 10, 13 and 14 the other way round) is
read and renumbered, so it replays the same game.

>>> from .game import GameState
>>> g = GameState.new(2, seed=3)
>>> d = game_to_dict(g)
>>> game_from_dict(d).history == g.history
True
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Sequence

from ..errors import FileFormatError, read_json
from ..i18n import _
from ..limits import short
from .bots import BOTS
from .game import (FORMAT, READS, VERSION, Action, GameConfig, GameState, SaveDataError, parse_save,
                   state_fingerprint)

__all__ = ["FORMAT", "READS", "VERSION", "SaveDataError", "SavedGame", "state_fingerprint", "game_to_dict",
           "saved_from_dict", "game_from_dict", "save_game", "load_game"]


@dataclass(frozen=True)
class SavedGame:
    """A save file's content: enough to replay the game to any step."""

    config: GameConfig
    actions: tuple[Action, ...]
    bots: tuple[str, ...] | None = None

    def replay(self, step: int | None = None) -> GameState:
        """The state after the first ``step`` actions (all when None)."""
        acts = self.actions if step is None else self.actions[:step]
        return GameState.replay(self.config, acts)


def game_to_dict(g: GameState, bots: Sequence[str] | None = None) -> dict[str, Any]:
    """The save-file content of ``g`` (JSON-able): ``g.to_dict(bots)``."""
    return g.to_dict(bots)


def saved_from_dict(d: Any) -> tuple[SavedGame, GameState]:
    """Check and replay a save dict, bots included; raises :class:`SaveDataError` saying what is wrong."""
    config, actions, bots = parse_save(d)
    if bots is not None:
        unknown = [b for b in bots if b not in BOTS and b != "human"]
        if unknown:
            raise SaveDataError(_("bots: unknown bot {bot} (known: {bots}, human)").format(
                bot=short(unknown[0]), bots=", ".join(BOTS)))
        bots = tuple(bots)
    g = GameState.from_dict(d)
    return SavedGame(config, tuple(actions), bots), g


def game_from_dict(d: Any) -> GameState:
    """The replayed state of a save dict (see :meth:`GameState.from_dict`)."""
    return GameState.from_dict(d)


def save_game(path: str | os.PathLike[str], g: GameState, bots: Sequence[str] | None = None) -> None:
    """Write ``g`` (config + bots + actions + a fingerprint of the state) to ``path`` atomically."""
    g.save(path, bots)


def load_game(path: str | os.PathLike[str]) -> tuple[SavedGame, GameState]:
    """Read and replay a save file; every fault is one :class:`FileFormatError`."""
    d = read_json(path)
    try:
        return saved_from_dict(d)
    except SaveDataError as e:
        raise FileFormatError(path, str(e)) from None

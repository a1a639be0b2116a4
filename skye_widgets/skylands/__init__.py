"""Skylands: headless rules engine, components and bots, behind the game protocol.

The package face (lessons import from here, not from the modules):

>>> from skye_widgets import skylands
>>> g = skylands.Game.new(["Ana", "Ben"], seed=3)
>>> g.apply(skylands.ChooseAction("discover")); g.undo()
ChooseAction(action='discover', repeat=False)
>>> done = skylands.play_game([skylands.make_bot("greedy", seed=1), skylands.make_bot("random", seed=2)], seed=7)
>>> done.is_over(), sum(done.returns())
(True, 1.0)

``Game`` is :class:`~skye_widgets.skylands.game.GameState`; see
:mod:`skye_widgets.protocol` for what its verbs mean and docs/skylands.md for
this game's values.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from .. import protocol
from ..protocol import GameInfo, TournamentResult
from .board import PlayerBoard, score_board
from .bots import BOT_NAMES, GreedyBot, PlannerBot, RandomBot, make_bot
from .components import components
from .game import (ACTIONS, SIDES, Action, ChooseAction, Convert, Create, Deploy, GameState, Pass, Pay,
                   SetupDiscard, SetupStart, Take, play_game)
from . import describe  # how the game's objects are said: it registers them with drawing.description_of
from . import explain  # why a bot chose: it registers the bots' explanations with protocol.explained_choice
from .render import render_board, render_game, render_lines, render_score, render_tile

#: The state class of the protocol (``Game.new(players, seed=..., side=...)``).
Game = GameState

INFO = protocol.register(GameInfo(
    name="skylands", title="Skylands", new=GameState.new, from_dict=GameState.from_dict, make_bot=make_bot,
    player_counts=(2, 3, 4), bot_kinds=BOT_NAMES, options={"side": "beginner"}))


def tournament(bots: Sequence[str], games: int, *, seed: int = 0, side: str = "beginner",
               workers: int | None = 1, executor: Any = None, progress: Any = None) -> TournamentResult:
    """``games`` seeded games between bot kinds (one entrant each, seats rotating):
    :func:`skye_widgets.protocol.tournament` for Skylands on board side ``side`` (and its
    ``workers``/``executor``/``progress``)."""
    info = INFO if side == "beginner" else dataclasses.replace(INFO, options={"side": side})
    return protocol.tournament(info, bots, games, seed=seed, workers=workers, executor=executor, progress=progress)


__all__ = ["Game", "GameState", "make_bot", "play_game", "tournament", "render_game", "Action", "ChooseAction",
           "Pass", "Take", "Deploy", "Create", "Pay", "Convert", "SetupStart", "SetupDiscard", "ACTIONS",
           "SIDES", "BOT_NAMES", "RandomBot", "GreedyBot", "PlannerBot", "INFO", "PlayerBoard", "score_board",
           "components", "render_board", "render_tile", "render_lines", "render_score"]

"""Hashi: the flip-and-write bridges game and classic Hashiwokakero puzzles (headless).

The game's face, networkx-style (lessons import from here)::

    from skye_widgets import hashi
    g = hashi.Game.new(2, seed=3)                 # or Game.new(["Ann", "Bob"], board="skerries-b")
    g.apply(hashi.Setup((0, 2), 4))
    g = hashi.play_game([hashi.make_bot("planner", seed=1)], seed=3)
    hashi.render_game(g)

``Game`` implements :class:`skye_widgets.protocol.Game`; the bots
(``make_bot(kind, seed=...)``, kinds ``random``, ``greedy``, ``planner``)
implement :class:`skye_widgets.protocol.Bot`. The game registers itself in
:data:`skye_widgets.protocol.GAMES` as ``"hashi"``.
"""

from __future__ import annotations

from typing import Any, Sequence

from .. import protocol
from .board import Board, board_names, load_board
from .bots import BOTS, Bot, GreedyBot, PlannerBot, RandomBot, make_bot
from .game import (CATEGORIES, RANKS, SOLO_DEADLINES, Action, Bridge, Card, EndTurn, HashiGame, HashiObservation,
                   HashiRulesError, Setup, Sheet, Write, default_deck, rank_title)
from . import describe  # how the game's objects are said: it registers them with drawing.description_of
from . import explain  # why a bot chose: it registers the bots' explanations with protocol.explained_choice
from .render import render_board, render_game

Game = HashiGame

__all__ = ["Game", "HashiGame", "HashiObservation", "Action", "Setup", "Write", "Bridge", "EndTurn", "Card",
           "Sheet", "Board", "HashiRulesError", "default_deck", "load_board", "board_names", "make_bot", "Bot",
           "RandomBot", "GreedyBot", "PlannerBot", "BOTS", "play_game", "tournament", "render_game",
           "render_board", "INFO", "CATEGORIES", "RANKS", "SOLO_DEADLINES", "rank_title"]


def play_game(bots: Sequence[Bot], *, seed: int = 0, names: Sequence[str] | None = None,
              **options: Any) -> HashiGame:
    """One game between ``bots`` (one per seat) to the end; ``options`` go to
    :meth:`Game.new` (``board=``, ``deck=``, ``shuffle=``)."""
    return protocol.play(HashiGame.new, bots, seed=seed, names=names, **options)


INFO = protocol.register(protocol.GameInfo(
    name="hashi", title="Hashi", new=HashiGame.new, from_dict=HashiGame.from_dict, make_bot=make_bot,
    player_counts=(1, 2, 3, 4)))


def tournament(bots: Sequence[str], games: int, *, seed: int = 0, workers: int | None = 1,
               executor: Any = None, progress: Any = None) -> protocol.TournamentResult:
    """``games`` seeded games between bot kinds (one entrant each) on side A.
    ``workers``/``executor``/``progress``: see :func:`skye_widgets.protocol.tournament`."""
    return protocol.tournament(INFO, bots, games, seed=seed, workers=workers, executor=executor, progress=progress)

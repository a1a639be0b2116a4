"""Isle of Skye: headless rules (tiles, territory, graphs, scoring, game) and its
face in the game protocol (:mod:`skye_widgets.protocol`).

Lessons import from here::

    from skye_widgets.skye import Game, SetPrices, Buy, Pass, Place, make_bot, play_game

* :class:`Game` -- the state (:class:`.game.GameState`): ``Game.new(players,
  seed=..., names=..., scoring=..., start_player=...)`` where ``players`` is a
  count (2-5) or a list of names.
* :func:`make_bot` -- ``make_bot(kind, seed=...)``, kinds ``random``,
  ``greedy``, ``planner`` and ``strong`` (a search over what its seat may know: :mod:`.search`).
* :func:`play_game` -- one seeded game between bots, to the end.
* :func:`tournament` -- seeded games between bot kinds (:class:`~skye_widgets.protocol.TournamentResult`).
* :func:`render_game` -- the whole table as a drawing, as one player may see it.

>>> g = play_game([make_bot("greedy", seed=1), make_bot("random", seed=2)], seed=1)
>>> g.is_over(), len(g.scores()), sum(g.returns())
(True, 2, 1.0)
"""

from __future__ import annotations

from typing import Any, Sequence

from .. import protocol
from ..protocol import GameInfo, TournamentResult
from .bots import BOTS, Bot, make_bot
from .game import Buy, GameConfig, GameState, Observation, Pass, Place, SetPrices
from . import describe  # how the game's objects are said: it registers them with drawing.description_of
from . import explain, search  # why a bot chose (protocol.explained_choice) and the strong bot (bots.BOTS)
from .render import render_game

Game = GameState

__all__ = ["Game", "GameState", "GameConfig", "Observation", "SetPrices", "Buy", "Pass", "Place", "Bot",
           "make_bot", "play_game", "tournament", "render_game", "INFO"]


def play_game(bots: Sequence[Any], *, seed: int | str = 0, names: Sequence[str] | None = None,
              **options: Any) -> GameState:
    """Play one game to the end between ``bots`` (one per seat; see :func:`make_bot`).

    ``options`` are :meth:`Game.new`'s (``scoring``, ``start_player``).
    """
    return protocol.play(GameState.new, bots, seed=seed, names=names, **options)


#: What the registry knows about Isle of Skye (the conformance harness plays it).
INFO = protocol.register(GameInfo(
    name="skye", title="Isle of Skye", new=GameState.new, from_dict=GameState.from_dict, make_bot=make_bot,
    player_counts=(2, 3, 4, 5), bot_kinds=tuple(BOTS)))


def tournament(bots: Sequence[str], games: int, *, seed: int = 0, workers: int | None = 1,
               executor: Any = None, progress: Any = None) -> TournamentResult:
    """``games`` seeded games between bot kinds (one entrant each; entrants change seats).
    ``workers``/``executor``/``progress``: see :func:`skye_widgets.protocol.tournament`."""
    return protocol.tournament(INFO, bots, games, seed=seed, workers=workers, executor=executor, progress=progress)

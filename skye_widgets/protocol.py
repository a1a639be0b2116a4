"""The one game protocol: what every game of this package is, in the same words.

Isle of Skye, Hashi and Skylands each have a state class (exported as ``Game``
by :mod:`skye_widgets.skye`, :mod:`skye_widgets.hashi` and
:mod:`skye_widgets.skylands`) that implements :class:`Game` below, a bot
interface (:class:`Bot`) and a package face with ``make_bot``, ``play_game``,
``render_game`` and the game's actions. The protocol follows OpenSpiel's
``State`` (one fixed set of verbs for every game, observers apart from the rules)
and python-chess's ``Board`` (``legal_moves``/``push``/``pop``, one illegal-move
error). docs/architecture.md has the table of verbs.

Meanings fixed once for all games:

* **players** are numbered ``0 .. n_players - 1``; ``current_player()`` is ``-1``
  once the game is over. Where several players decide at once (Isle of Skye's
  secret prices), it is the lowest-numbered player who has still to decide.
* **coordinates** are ``(x, y)``: ``x`` grows east, ``y`` grows south.
* **actions** are small frozen dataclasses that check their own fields when
  constructed: whole numbers must be ``int`` (never ``bool``, ``float`` or text),
  texts ``str``, within the bounds of :mod:`skye_widgets.limits`; a malformed one
  raises :class:`~skye_widgets.errors.RulesError` at once. ``apply`` raises a
  ``RulesError`` for anything illegal (or not an action of this game) and then
  changes nothing.
* **returns()** is the win share: when the game is over each of the ``k``
  winners gets ``1 / k`` and everyone else ``0.0``; before the end, every entry
  is ``0.0``. A solo game's only player gets ``1.0`` at the end (the score says
  how well they did). **scores()** are the victory points now, one
  :class:`~skye_widgets.scores.ScoreResult` per player, with the breakdown of
  where they come from.
* **undo()** takes back the last applied action and returns it; afterwards
  ``to_dict()`` equals what it was before that action.
* **to_dict()/from_dict()** are plain JSON-able data that round-trip exactly;
  ``save(path)`` writes them atomically and ``load(path)`` reads them back (a
  bad file raises :class:`~skye_widgets.errors.FileFormatError`).
* **observation(player)** is what that player may know (nothing hidden from
  them, like another player's gold or the order of a deck); bots decide from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence, TypeVar, runtime_checkable

from .errors import BadConfigError
from .scores import ScoreResult

G = TypeVar("G", bound="Game")


@runtime_checkable
class Game(Protocol):
    """The state of one game; see the module's docstring for the meanings."""

    @property
    def n_players(self) -> int: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def history(self) -> Sequence[Any]: ...

    def current_player(self) -> int: ...

    def legal_actions(self) -> list[Any]: ...

    def apply(self, action: Any) -> None: ...

    def undo(self) -> Any: ...

    def is_over(self) -> bool: ...

    def returns(self) -> list[float]: ...

    def scores(self) -> list[ScoreResult]: ...

    def winners(self) -> list[int]: ...

    def clone(self: G) -> G: ...

    def to_dict(self) -> dict[str, Any]: ...

    def save(self, path: str) -> None: ...

    def observation(self, player: int) -> Any: ...

    def _repr_svg_(self) -> str: ...

    def _repr_png_(self) -> bytes: ...


@runtime_checkable
class Bot(Protocol):
    """A player that decides from what its seat may know.

    ``choose(state)`` returns one legal action for ``state.current_player()``;
    a bot is seeded when it is made (``make_bot(kind, seed=...)``), so the same
    seed and state give the same action.
    """

    name: str

    def choose(self, state: Any) -> Any: ...


def win_shares(winners: Sequence[int], n_players: int, over: bool) -> list[float]:
    """The protocol's ``returns()`` from the winners.

    >>> win_shares([1, 2], 3, True), win_shares([0], 2, False)
    ([0.0, 0.5, 0.5], [0.0, 0.0])
    """
    if not over:
        return [0.0] * n_players
    return [1 / len(winners) if p in winners else 0.0 for p in range(n_players)]


# --------------------------------------------------------------------------
# The registry: every game registers itself; the conformance harness, the CLI
# and the tournament runner find it here.
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class GameInfo:
    """How to make and play one game (what a game registers)."""

    name: str                               # "skye", "hashi", "skylands"
    title: str                              # "Isle of Skye"
    new: Callable[..., Any]                 # Game.new(players, seed=..., **options)
    from_dict: Callable[[Any], Any]         # Game.from_dict(data)
    make_bot: Callable[..., Bot]            # make_bot(kind, seed=...)
    player_counts: tuple[int, ...]          # e.g. (2, 3, 4, 5)
    bot_kinds: tuple[str, ...] = ("random", "greedy", "planner")
    options: Mapping[str, Any] = field(default_factory=dict)
    #: False where ``legal_actions()`` lists only some of the legal actions (say
    #: which in the game's docs); the harness then checks an accepted action only
    #: for being well-formed.
    legal_is_complete: bool = True


GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Add a game to :data:`GAMES` (each game's package does this on import)."""
    GAMES[info.name] = info
    return info


def play(new: Callable[..., G], bots: Sequence[Bot], *, seed: int | str = 0,
         names: Sequence[str] | None = None, max_actions: int = 100_000, **options: Any) -> G:
    """Play one game between ``bots`` (one per seat) to the end and return it.

    Each game's ``play_game(bots, seed=...)`` is this with its own ``Game.new``.
    """
    if not bots:
        raise BadConfigError("give at least one bot")
    game = new(list(names) if names else len(bots), seed=seed, **options)
    for _ in range(max_actions):
        if game.is_over():
            return game
        game.apply(bots[game.current_player()].choose(game.observation(game.current_player())))
    raise RuntimeError(f"the game did not end within {max_actions} actions")  # a bug, never a user error


@dataclass
class TournamentResult:
    """Win shares and average points of each entrant over seeded games.

    Entrant ``i`` plays ``bots[i]``; entrants change seats from game to game, so
    no one keeps the first seat.
    """

    bots: list[str]
    games: int
    wins: list[float]                       # summed win share per entrant
    points: list[float]                     # summed points per entrant

    def win_share(self, i: int) -> float:
        """Entrant ``i``'s share of all wins (the shares add up to 1)."""
        return self.wins[i] / self.games if self.games else 0.0

    def average_points(self, i: int) -> float:
        """Entrant ``i``'s average points per game."""
        return self.points[i] / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Plain data (what ``tournament --json`` prints)."""
        return {"bots": list(self.bots), "games": self.games,
                "win_share": [self.win_share(i) for i in range(len(self.bots))],
                "average_points": [self.average_points(i) for i in range(len(self.bots))]}


def tournament(info: GameInfo, bots: Sequence[str], games: int, *, seed: int = 0) -> TournamentResult:
    """``games`` seeded games between ``bots`` (kind names, one entrant each).

    Game ``k`` uses seed ``seed + k``; entrant ``i`` sits in seat ``(i + k) % n``
    and its bot is seeded from the game's seed and the entrant, so the same
    arguments give the same result.
    """
    n = len(bots)
    res = TournamentResult(list(bots), games, [0.0] * n, [0.0] * n)
    for k in range(games):
        seat_of = [(i + k) % n for i in range(n)]
        entrant_at = {s: i for i, s in enumerate(seat_of)}
        players = [info.make_bot(bots[entrant_at[s]], seed=(seed + k) * 10 + entrant_at[s]) for s in range(n)]
        g = play(info.new, players, seed=seed + k, **info.options)
        returns, scores = g.returns(), g.scores()
        for i in range(n):
            res.wins[i] += returns[seat_of[i]]
            res.points[i] += scores[seat_of[i]].points
    return res

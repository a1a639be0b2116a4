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
from functools import singledispatch
from typing import Any, Callable, Mapping, Protocol, Sequence, TypeVar, runtime_checkable

from .errors import BadConfigError
from .i18n import Lazy, _, decimal, pgettext
from .limits import MAX_SEED
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

    def legal_actions(self) -> Sequence[Any]: ...   # a list, or a read-only sequence (Isle of Skye's price splits)

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

    # Every bot of this package also has ``choose_explained(state) -> (action,
    # Explanation)`` (see :class:`Explanation`); it is not part of this runtime
    # check, so a bot from elsewhere that only chooses still plays.


# --------------------------------------------------------------------------
# Explanations: why a bot chose its move, in data first and words second.
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Plural:
    """A sentence that depends on a count: ``one`` when ``values[count] == 1``,
    else ``other`` (ngettext's two forms, for English; gettext picks more later)."""

    count: str
    one: str
    other: str


#: A message: one whole sentence with named ``{placeholders}``, or a :class:`Plural`.
Template = "str | Plural"


def render(template: "str | Plural", values: Mapping[str, Any]) -> str:
    """One whole sentence from its template and named values.

    >>> render(Plural("n", "I chose at random among {n} legal move.", "I chose at random among {n} legal moves."), {"n": 3})
    'I chose at random among 3 legal moves.'
    """
    if isinstance(template, Plural):
        template = template.one if values.get(template.count) == 1 else template.other
    # a str, or a marked text (i18n.lazy / lazy_ngettext): translated now, in the language spoken now;
    # a decimal number as that language writes it (18,7 but 18.7 in English)
    return template.format(**{k: _decimal_shown(v) for k, v in values.items()})


def _decimal_shown(value: Any) -> Any:
    """A float as the language spoken now writes it, with the decimals it has (at most 2); others as given.

    >>> _decimal_shown(18.7), _decimal_shown(3.0), _decimal_shown(2 / 3), _decimal_shown(4)
    ('18.7', '3.0', '0.67', 4)
    """
    if not isinstance(value, float) or value != value or value in (float("inf"), float("-inf")):
        return value
    digits = repr(value)
    places = len(digits.split(".", 1)[1]) if "." in digits and "e" not in digits else 1
    return decimal(value, min(places, 2))


@dataclass(frozen=True)
class Reason:
    """One claim of an explanation: a message key of its game's templates and the
    engine's numbers (and names) it mentions, as named values."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        # a marked value (a category's name) is data as the text of the language spoken now
        return {"key": self.key, "values": {k: str(v) if isinstance(v, Lazy) else v for k, v in self.values.items()}}


def _action_data(action: Any) -> Any:
    if action is None:
        return None
    to_dict = getattr(action, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    if hasattr(action, "__dataclass_fields__"):
        import dataclasses
        return {"type": type(action).__name__, **dataclasses.asdict(action)}
    return repr(action)


@dataclass(frozen=True)
class Explanation:
    """Why a bot chose ``action``: its ``reasons`` (claims with the engine's numbers)
    and the best ``alternative`` it turned down with that one's reasons.

    ``templates`` are the game's messages (one dict per game, key -> sentence);
    ``text`` renders whole English sentences from them, and ``to_dict()`` gives the
    data (keys and values, the text too) for JSON. Every bot of the three games
    has ``choose_explained(state) -> (action, Explanation)``, which plays exactly
    what ``choose(state)`` plays (and advances the bot the same way).
    """

    action: Any
    reasons: tuple[Reason, ...]
    alternative: Any = None
    alternative_reasons: tuple[Reason, ...] = ()
    templates: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def sentences(self) -> list[str]:
        """Each reason as one sentence (the chosen move's, then the alternative's)."""
        return [render(self.templates[r.key], r.values) for r in (*self.reasons, *self.alternative_reasons)]

    @property
    def text(self) -> str:
        """The explanation in plain English, one sentence per reason."""
        return " ".join(self.sentences())

    def all_reasons(self) -> tuple[Reason, ...]:
        return (*self.reasons, *self.alternative_reasons)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data: the actions, the reasons as keys and values, and the text."""
        return {"action": _action_data(self.action),
                "reasons": [r.to_dict() for r in self.reasons],
                "alternative": _action_data(self.alternative),
                "alternative_reasons": [r.to_dict() for r in self.alternative_reasons],
                "text": self.text}

    def __str__(self) -> str:
        return self.text


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


def bot_kind_name(kind: str) -> str:
    """A bot's kind in the reader's words (the glossaries': docs/glossary-<lang>.md).

    The kind itself (``random``, ``greedy``, ``planner``, ``strong``) is an identifier, what
    ``make_bot`` and the command line take; a text or a picture for a reader shows this instead.
    Another kind (a bot of one's own) is shown as it is.

    >>> bot_kind_name("planner"), bot_kind_name("my-bot")
    ('planner', 'my-bot')
    """
    # Translators: the kinds of bot, as a reader sees them in charts, scores and seat names (the
    # glossary's words: pl losowy / zachłanny / planista / silny).
    names = {"random": lambda: pgettext("bot kind", "random"), "greedy": lambda: pgettext("bot kind", "greedy"),
             "planner": lambda: pgettext("bot kind", "planner"), "strong": lambda: pgettext("bot kind", "strong")}
    return names[kind]() if kind in names else kind


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
        raise BadConfigError(_("Give at least one bot."))
    game = new(list(names) if names else len(bots), seed=seed, **options)
    for _step in range(max_actions):
        if game.is_over():
            return game
        game.apply(bots[game.current_player()].choose(game.observation(game.current_player())))
    raise RuntimeError(f"the game did not end within {max_actions} actions")  # a bug, never a user error


@dataclass(frozen=True)
class Decision:
    """One bot decision of a game played by :func:`play_explained`."""

    index: int                              # the action's position in the game's history
    player: int
    action: Any
    explanation: Explanation
    log_start: int                          # the game's log length before it (its first log line, if any)
    log_size: int                           # the game's log length after it (its log lines end there)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for a command's JSON: who, the action and its explanation."""
        return {"index": self.index, "player": self.player, "action": _action_data(self.action),
                "explanation": self.explanation.to_dict()}


def play_explained(new: Callable[..., G], bots: Sequence[Any], *, seed: int | str = 0,
                   names: Sequence[str] | None = None, max_actions: int = 100_000,
                   **options: Any) -> tuple[G, list[Decision]]:
    """:func:`play`, with every decision explained (``bot.choose_explained``): the same game
    as ``play`` gives with the same seeds, and the list of :class:`Decision`."""
    if not bots:
        raise BadConfigError(_("Give at least one bot."))
    game = new(list(names) if names else len(bots), seed=seed, **options)
    decisions: list[Decision] = []

    def log_size() -> int:
        log = getattr(game, "log", ())
        return len(log) if isinstance(log, (list, tuple)) else 0

    for k in range(max_actions):
        if game.is_over():
            return game, decisions
        p = game.current_player()
        action, why = bots[p].choose_explained(game.observation(p))
        start = log_size()
        game.apply(action)
        decisions.append(Decision(k, p, action, why, start, log_size()))
    raise RuntimeError(f"the game did not end within {max_actions} actions")  # a bug, never a user error


def suggest(make_bot: Callable[..., Any], game: Any, kind: str = "planner", seed: int = 0) -> tuple[Any, Explanation]:
    """What a fresh ``kind`` bot would play for the player to act in ``game``, and why
    ("What would a bot do?"): ``(action, explanation)``, from that player's observation.
    Nothing is applied; the game is not changed.

    >>> from skye_widgets import hashi
    >>> g = hashi.Game.new(1, seed=1)
    >>> action, why = suggest(hashi.make_bot, g)
    >>> action in g.legal_actions(), why.text.startswith("I wrote the setup")
    (True, True)
    """
    p = game.current_player()
    if p < 0:
        raise BadConfigError(_("The game is over: there is no move to suggest."))
    return make_bot(kind, seed=seed).choose_explained(game.observation(p))


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


#: Games handed to a worker at once (fewer messages; still a steady progress bar).
CHUNK = 4


def game_seed(seed: int, k: int) -> int:
    """The seed of game ``k`` of a tournament whose first game has ``seed``: ``seed + k``, except that
    past the largest seed a save may hold (:data:`~skye_widgets.limits.MAX_SEED`) it goes on from
    the smallest, so every game's seed is one its game takes and its save loads back.

    >>> game_seed(7, 2), game_seed(MAX_SEED, 0), game_seed(MAX_SEED, 1) == -MAX_SEED, game_seed(MAX_SEED - 1, 3)
    (9, 9223372036854775807, True, -9223372036854775806)
    """
    return (seed + k + MAX_SEED) % (2 * MAX_SEED + 1) - MAX_SEED


def _entrant_seats(k: int, n: int) -> list[int]:
    """The seat of each entrant in game ``k``: entrant ``i`` sits in seat ``(i + k) % n``."""
    return [(i + k) % n for i in range(n)]


def play_tournament_games(game: str, options: Mapping[str, Any], bots: Sequence[str],
                          seed: int, first: int, count: int) -> list[tuple[list[float], list[float]]]:
    """Play games ``first .. first + count - 1`` of a tournament; per game, each entrant's
    (win share, points). A plain module-level function of plain data, so it runs the same in
    this process, in a worker process or on a Dask worker: the game is found by its name."""
    import importlib

    importlib.import_module(f"{__package__}.{game}")          # registers the game
    info = GAMES[game]
    n = len(bots)
    out = []
    for k in range(first, first + count):
        seat_of = _entrant_seats(k, n)
        entrant_at = {s: i for i, s in enumerate(seat_of)}
        players = [info.make_bot(bots[entrant_at[s]], seed=game_seed(seed, k) * 10 + entrant_at[s]) for s in range(n)]
        g = play(info.new, players, seed=game_seed(seed, k), **options)
        returns, scores = g.returns(), g.scores()
        out.append(([returns[seat_of[i]] for i in range(n)], [float(scores[seat_of[i]].points) for i in range(n)]))
    return out


def default_workers() -> int:
    """Every core this process may use."""
    import os

    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def tournament(info: GameInfo, bots: Sequence[str], games: int, *, seed: int = 0,
               workers: int | None = 1, executor: Any = None,
               progress: Callable[[int], None] | None = None) -> TournamentResult:
    """``games`` seeded games between ``bots`` (kind names, one entrant each).

    Game ``k`` uses seed ``seed + k`` (:func:`game_seed`: after the largest seed, the smallest); entrant ``i`` sits in seat ``(i + k) % n``
    and its bot is seeded from the game's seed and the entrant, so the same
    arguments give the same result — whatever runs the games: this process
    (``workers=1``), a pool of ``workers`` processes (``None``: every core), or
    any ``concurrent.futures``-style ``executor`` with ``submit`` (a
    ``ProcessPoolExecutor``, or a Dask cluster's ``Client.get_executor()``).
    Results are added up in game order, so even the float sums are identical.
    ``progress(n)`` is called as each batch of ``n`` games finishes.

    >>> from skye_widgets import hashi
    >>> r = tournament(hashi.INFO, ["greedy", "random"], 2, seed=1)
    >>> r.games, len(r.wins), sum(r.wins)
    (2, 2, 2.0)
    """
    import concurrent.futures as cf

    if not bots:
        raise BadConfigError(_("Give at least one bot."))
    if info.name not in GAMES:
        raise BadConfigError(_("The game {name} is not registered.").format(name=repr(info.name)))
    n = len(bots)
    bots = list(bots)
    chunks = [(first, min(CHUNK, games - first)) for first in range(0, games, CHUNK)]
    results: dict[int, list[tuple[list[float], list[float]]]] = {}
    args = (info.name, dict(info.options), bots, seed)
    own_pool = None
    if executor is None and (workers is None or workers > 1) and len(chunks) > 1:
        import multiprocessing

        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        own_pool = executor = cf.ProcessPoolExecutor(
            max_workers=min(workers or default_workers(), len(chunks)),
            mp_context=multiprocessing.get_context(method))
    try:
        if executor is None:
            for first, count in chunks:
                results[first] = play_tournament_games(*args, first, count)
                if progress:
                    progress(count)
        else:
            futures = {executor.submit(play_tournament_games, *args, first, count): (first, count)
                       for first, count in chunks}
            for fut in cf.as_completed(futures):
                first, count = futures[fut]
                results[first] = fut.result()
                if progress:
                    progress(count)
    finally:
        if own_pool is not None:
            own_pool.shutdown(cancel_futures=True)
    res = TournamentResult(bots, games, [0.0] * n, [0.0] * n)
    for first, _count in chunks:
        for wins, points in results[first]:
            for i in range(n):
                res.wins[i] += wins[i]
                res.points[i] += points[i]
    return res


@singledispatch
def explained_choice(bot: Any, state: Any) -> tuple[Any, Explanation]:
    """``(action, explanation)``: what ``bot.choose_explained(state)`` returns (the action that
    ``bot.choose(state)`` plays, and why). Each game's explain module registers, per bot class,
    how the choices of its bots are explained; the bots' ``choose_explained`` ask here, so the
    bots sit below their explanations and import none of them (as the rules and
    :func:`skye_widgets.drawing.picture_of`)."""
    raise NotImplementedError(f"no explanation of a {type(bot).__name__}'s choice is registered")

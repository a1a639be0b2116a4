"""Skylands bots: random, greedy and a stronger planner, all seeded.

Every bot has ``choose(state) -> action`` returning one of
``state.legal_actions()`` for ``state.current_player()``; it is handed the
observation of that player (``state.observation(p)``, as
:func:`skye_widgets.protocol.play` does), so it never sees hidden information:
the order of the island stack is unknown to it (Discover is valued by an
estimate).

>>> from skye_widgets.skylands.game import play_game
>>> g = play_game([make_bot("greedy", 1), make_bot("random", 2)], seed=7)
>>> g.is_over()
True
"""

from __future__ import annotations

import random
from typing import Callable

from ..errors import BadConfigError
from ..i18n import _
from ..protocol import Explanation, explained_choice
from .board import PlayerBoard, score_board
from .components import SIDE_OFFSETS
from .game import Action, ChooseAction, GameState, Pass, Take

BOT_NAMES: tuple[str, ...] = ("random", "greedy", "planner")


def position_value(g: GameState, p: int) -> float:
    """How good player ``p``'s position looks: the score now plus what it promises.

    The final score (with -2 per empty square) plus: half a VP per inhabitant
    (they pay for special islands and power cities); for complete islands, a
    share of the inhabitants they can still take (or, for cities, power); for
    incomplete islands that can still be closed, half a VP per square less
    0.3 per edge still open; and half a VP per inhabitant that could be
    converted into a complete city.
    """
    b = g.boards[p]
    s = score_board(b, vp_markers=g.vp[p], overflow=g.overflow[p], marker_active=g.marker_active[p]).points
    n = b.count()
    v = float(s) - n // 2 + 0.5 * n
    for isl in b.islands():
        if isl.complete:
            v += 0.3 * isl.spaces if isl.terrain == "city" else 0.4 * b.free_spaces(isl)
        elif not isl.open_to_border:
            v += 0.6 * isl.squares
    blue = sum(b.occupants(i.anchor) for i in b.complete_islands("crystal"))
    city = sum(i.spaces for i in b.complete_islands("city"))
    v += 0.5 * min(blue, city)
    return v


def _discover_estimate(b: PlayerBoard, active_bonus: bool) -> float:
    """Expected gain of Discover before the tiles are seen: a tile closes a -2 square."""
    empty = len(b.empty_squares())
    tiles = min(empty, 2 if active_bonus else 1)
    return 2.4 * tiles


class RandomBot:
    """Picks uniformly among the legal decisions."""

    def __init__(self, seed: int = 0, name: str = "random") -> None:
        self.rng = random.Random(seed)
        self.name = name

    def choose(self, g: GameState) -> Action:
        return self.rng.choice(g.legal_actions())

    def choose_explained(self, g: GameState) -> tuple[Action, Explanation]:
        """``(action, explanation)``: :meth:`choose`'s action and the honest one-liner (:mod:`.explain`,
        registered with :func:`~skye_widgets.protocol.explained_choice`)."""
        return explained_choice(self, g)


class GreedyBot:
    """Takes the decision that most improves :func:`position_value` right now.

    For the choice of action board it plays its own best response to each
    action (Discover: an estimate, the tiles are hidden) and keeps the best.
    """

    def __init__(self, seed: int = 0, name: str = "greedy",
                 value: Callable[[GameState, int], float] = position_value) -> None:
        self.rng = random.Random(seed)
        self.name = name
        self.value = value

    def after(self, g: GameState, a: Action, p: int) -> float:
        """The value of ``a`` for ``p``; a Create that waits for its payment is valued
        with the best way to pay it."""
        h = g.child(a)
        if h.paying is not None and h.current_player() == p:
            return max(self.value(h.child(pay), p) for pay in h.legal_actions())
        return self.value(h, p)

    def best(self, g: GameState, p: int, actions: list[Action]) -> tuple[float, Action]:
        scored = [(self.after(g, a, p), a) for a in actions]
        top = max(v for v, _ in scored)
        return top, self.rng.choice([a for v, a in scored if v >= top - 1e-9])

    def response_gain(self, g: GameState, p: int, choice: ChooseAction) -> float:
        """What ``p`` gains by choosing ``choice`` and answering it as well as it can."""
        if choice.action == "discover":
            est = _discover_estimate(g.boards[p], True)
            return est - (2.0 if choice.repeat else 0.0)
        before = self.value(g, p)
        h = g.child(choice)
        if h.is_over() or h.current_player() != p:
            return self.value(h, p) - before
        top, _ = self.best(h, p, h.legal_actions())
        return top - before

    def choose(self, g: GameState) -> Action:
        p = g.current_player()
        actions = g.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if g.phase == "choose":
            scored = [(self.response_gain(g, p, a), a) for a in actions]  # type: ignore[arg-type]
            top = max(v for v, _ in scored)
            return self.rng.choice([a for v, a in scored if v >= top - 1e-9])
        return self.best(g, p, actions)[1]

    def choose_explained(self, g: GameState) -> tuple[Action, Explanation]:
        """``(action, explanation)``: the action :meth:`choose` plays (the bot moves on the same
        way) and an :class:`~skye_widgets.protocol.Explanation` of why (:mod:`.explain`, registered
        with :func:`~skye_widgets.protocol.explained_choice`)."""
        return explained_choice(self, g)


class PlannerBot(GreedyBot):
    """The stronger bot: greedy, but it looks further ahead at the board.

    Its value (:func:`planner_value`) rates an incomplete island by how few
    edges it still needs and counts empty squares that are walled in by
    three different terrains (hardly any tile fits them) as nearly lost. In
    play-testing this wins clearly more often than the plain greedy bot (see
    ``docs/skylands.md``). An earlier version that also weighed the opponents'
    gain from each action played worse and was dropped.
    """

    def __init__(self, seed: int = 0, name: str = "planner") -> None:
        super().__init__(seed, name, value=planner_value)


def planner_value(g: GameState, p: int) -> float:
    """:func:`position_value`, with incomplete islands worth more the fewer open edges they have."""
    b = g.boards[p]
    v = position_value(g, p)
    for isl in b.islands():
        if isl.complete or isl.open_to_border:
            continue
        v -= 0.6 * isl.squares
        open_edges = _open_edges(b, isl.nodes)
        v += isl.squares * (0.9 if open_edges <= 1 else 0.6 if open_edges == 2 else 0.3)
    if g.phase != "over":
        v -= 0.25 * len([c for c in b.empty_squares() if _dead(b, c)])
    return v


def _open_edges(b: PlayerBoard, nodes: tuple[tuple[int, int, int], ...]) -> int:
    k = 0
    for x, y, i in nodes:
        pl = b.grid[(x, y)]
        for side in pl.tile.parts[i].rotated_sides(pl.rotation):
            dx, dy = SIDE_OFFSETS[side]
            if (x + dx, y + dy) not in b.grid:
                k += 1
    return k


def _dead(b: PlayerBoard, cell: tuple[int, int]) -> bool:
    """An empty square walled in by three or four different terrain edges (hard to fill)."""
    x, y = cell
    needs = set()
    for side, (dx, dy) in enumerate(SIDE_OFFSETS):
        other = b.grid.get((x + dx, y + dy))
        if other is not None:
            e = other.edges[(side + 2) % 4]
            if e != "cloud":
                needs.add(e)
    return len(needs) >= 3


def make_bot(kind: str, seed: int = 0) -> RandomBot | GreedyBot:
    """A bot by name: ``random``, ``greedy`` or ``planner`` (the stronger one), seeded.

    Raises :class:`~skye_widgets.errors.BadConfigError` for another name."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed)
    if kind in ("planner", "strong", "stronger"):
        return PlannerBot(seed)
    raise BadConfigError(_("There is no bot {value}: choose one of {bots}.").format(
        value=repr(kind), bots=", ".join(BOT_NAMES)))


__all__ = ["RandomBot", "GreedyBot", "PlannerBot", "make_bot", "position_value", "planner_value",
           "BOT_NAMES", "Pass", "Take"]

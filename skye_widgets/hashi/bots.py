"""Hashi bots: a random bot, a greedy bot and a stronger planning bot, all seeded.

Every bot speaks the protocol (:class:`skye_widgets.protocol.Bot`):
``choose(state)`` returns ONE legal action for the player to act, deciding
only from what that player may know (``state`` is a
:class:`~.game.HashiObservation`, or a :class:`~.game.HashiGame` whose
observation of the player to act is taken). A greedy or planner bot plans the
whole turn when it starts (an optional :class:`~.game.Write`, the card's
bridges or none, then :class:`~.game.EndTurn`) and hands out its actions one
per call. Ties are broken with the bot's own ``random.Random(seed)``, so a
game with the same seeds replays exactly.

* :class:`RandomBot` picks any legal action.
* :class:`GreedyBot` takes the turn that scores most right now (finished
  islands, categories reached), with a nudge towards bridges at numbered
  islands.
* :class:`PlannerBot` looks further: it values each island by how likely it
  is to be finished with the cards still unseen (islands that can no longer
  be finished count against it), progress towards the flag categories and
  the six-island network, and searches the turn's bridges with a small beam.

>>> from skye_widgets.hashi import play_game, make_bot
>>> g = play_game([make_bot("greedy", seed=2)], seed=1)
>>> g.is_over(), g.score(0).points > 0
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ..errors import BadConfigError
from ..i18n import _
from ..protocol import explained_choice
from .board import Cell, Line
from .game import (CATEGORIES, POINTS_PER_FINISHED_ISLAND, SOLO_DEADLINES, Action, Bridge,
                   Card, EndTurn, HashiGame, HashiObservation, Setup, Sheet, Write)

Plan = tuple[Cell | None, tuple[Line, ...]]


def _observe(state: HashiGame | HashiObservation) -> HashiObservation:
    if isinstance(state, HashiObservation):
        return state
    return state.observation(state.current_player())


class Bot:
    """Base class: ``choose(state)`` returns the next action of the player to act."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        # the rest of the turn planned when it started: (round, player, turn so far) -> actions
        self._planned: tuple[tuple[Any, ...], list[Action]] | None = None

    def choose(self, state: HashiGame | HashiObservation) -> Action:
        """One legal action for ``state.current_player()``."""
        obs = _observe(state)
        if obs.phase == "setup":
            return self.setup(obs)
        key = (obs.round, obs.player, obs.turn_wrote, obs.turn_drawn)
        if self._planned is not None and self._planned[0] == key:
            rest = self._planned[1]
        elif obs.turn_wrote is None and not obs.turn_drawn:
            rest = self.turn(obs)
        else:
            rest = [self.finish_turn(obs)]  # a turn someone else began (a person in the widget)
        action, rest = rest[0], rest[1:]
        self._planned = None
        if rest:
            wrote = action.cell if isinstance(action, Write) else obs.turn_wrote
            drawn = (*obs.turn_drawn, action.line) if isinstance(action, Bridge) else obs.turn_drawn
            self._planned = ((obs.round, obs.player, wrote, drawn), rest)
        return action

    def choose_explained(self, state: HashiGame | HashiObservation) -> tuple[Action, Any]:
        """``(action, explanation)``: the action :meth:`choose` plays (the bot moves on the
        same way) and an :class:`~skye_widgets.protocol.Explanation` of why
        (:mod:`.explain`, registered with :func:`~skye_widgets.protocol.explained_choice`): a turn
        is explained on its first action, as a whole; a random bot's move in one line."""
        return explained_choice(self, state)

    def turn(self, state: HashiGame | HashiObservation) -> list[Action]:
        """The whole turn this bot would play now, ending with EndTurn (or a Setup)."""
        obs = _observe(state)
        if obs.phase == "setup":
            return [self.setup(obs)]
        wrote, bridges = self.plan(obs)
        return [*([Write(wrote)] if wrote is not None else []), *(Bridge(*l) for l in bridges), EndTurn()]

    def finish_turn(self, obs: HashiObservation) -> Action:
        """The next action of a turn begun elsewhere: while some of the card's bridges
        are drawn, the bridge worth most now; otherwise EndTurn."""
        legal = obs.legal_actions()
        bridges = [a for a in legal if isinstance(a, Bridge)]
        if not (bridges and obs.turn_drawn):
            return EndTurn() if EndTurn() in legal else legal[0]
        ctx = _Context(obs, obs.player)
        sheet = obs.sheet(obs.player)

        def value(a: Bridge) -> float:
            t = sheet.copy()
            t.add_bridge(a.a, a.b)
            return GreedyBot._value(ctx, t) + self.rng.random() * 1e-3
        return max(bridges, key=value)

    def setup(self, obs: HashiObservation) -> Setup:
        """Where to write the setup 3 or 4 (on the board passed to the next player)."""
        options = [a for a in obs.legal_actions() if isinstance(a, Setup)]
        board = obs.board
        def value(a: Setup) -> float:
            # a well-connected island far from flags is a good start for whoever gets it
            return len(board.neighbours(a.cell)) + (a.number == 4) * 0.5 + self.rng.random() * 0.1
        return max(options, key=value)

    def plan(self, obs: HashiObservation) -> Plan:
        raise NotImplementedError


class RandomBot(Bot):
    """Any legal action, at random (seeded)."""

    name = "random"

    def choose(self, state: HashiGame | HashiObservation) -> Action:
        return self.rng.choice(_observe(state).legal_actions())


def _candidate_writes(sheet: Sheet, card: Card) -> list[Cell | None]:
    return [None, *sheet.legal_writes(card.number)]


def _with_write(sheet: Sheet, cell: Cell | None, number: int) -> Sheet:
    s = sheet.copy()
    if cell is not None:
        s.put_number(cell, number)
    return s


class _Context:
    """What a bot knows besides its sheet: the card, the unseen cards, categories taken."""

    def __init__(self, game: HashiObservation, player: int) -> None:
        self.game = game
        self.player = player
        self.cards_after = game.cards_left  # cards still to come after this one
        unseen = game.unseen_cards()
        self.unseen_numbers = [c.number for c in unseen]
        self.unseen_bridges = sum(c.bridges for c in unseen)
        mine = {a.category for a in game.achievements if a.player == player}
        taken = {a.category for a in game.achievements}
        self.open: dict[str, int] = {}
        for cat, (_label, full, later) in CATEGORIES.items():
            if cat in mine:
                continue
            if game.solo:
                self.open[cat] = full if game.round <= SOLO_DEADLINES[cat] else later
            else:
                self.open[cat] = later if cat in taken else full

    def immediate(self, sheet: Sheet) -> float:
        """Points the sheet would be worth if the game ended after this round."""
        v = POINTS_PER_FINISHED_ISLAND * sum(1 for c in sheet.board.cells if sheet.is_finished(c))
        for cat, pts in self.open.items():
            if sheet.meets(cat) is not None:
                v += pts
        return v


class GreedyBot(Bot):
    """Takes the turn worth most points right now; ties broken by progress, then at random."""

    name = "greedy"

    def plan(self, game: HashiObservation) -> Plan:
        ctx = _Context(game, game.player)
        sheet = game.sheet(game.player)
        card = game.card
        assert card is not None
        best: tuple[float, Plan] | None = None
        for cell in _candidate_writes(sheet, card):
            s = _with_write(sheet, cell, card.number)
            drawn: list[Line] = []
            for _bridge in range(card.bridges):
                options = [l for l in s.legal_bridges()]
                scored = []
                for line in options:
                    t = s.copy()
                    t.add_bridge(*line)
                    if not t.can_draw(card.bridges - len(drawn) - 1):
                        continue
                    scored.append((self._value(ctx, t), self.rng.random(), line))
                if not scored:
                    drawn = []
                    break
                _v, _r, line = max(scored)
                s.add_bridge(*line)
                drawn.append(line)
            if not drawn:
                s = _with_write(sheet, cell, card.number)
            candidate = (self._value(ctx, s) + self.rng.random() * 1e-3, (cell, tuple(drawn)))
            if best is None or candidate[0] > best[0]:
                best = candidate
        assert best is not None
        return best[1]

    @staticmethod
    def _value(ctx: _Context, s: Sheet) -> float:
        # points now, plus a little for bridges that reach numbered islands (progress)
        progress = sum(min(s.degree(c), n) for c, n in s.numbers.items())
        return ctx.immediate(s) + 0.01 * progress


class PlannerBot(Bot):
    """Values positions by their chances with the unseen cards; beam-searches the bridges."""

    name = "planner"

    def __init__(self, seed: int = 0, beam: int = 4, writes: int = 5) -> None:
        super().__init__(seed)
        self.beam = beam
        self.writes = writes

    def plan(self, game: HashiObservation) -> Plan:
        player = game.player
        ctx = _Context(game, player)
        sheet = game.sheet(player)
        card = game.card
        assert card is not None
        ev = lambda s: self.evaluate(ctx, s)
        # the most promising writes (judged on their own), always including "no number"
        writes = _candidate_writes(sheet, card)
        ranked = sorted(writes[1:], key=lambda c: -ev(_with_write(sheet, c, card.number)) + self.rng.random() * 1e-6)
        best_value, best_plan = -1e9, (None, ())
        for cell in [None, *ranked[: self.writes]]:
            base = _with_write(sheet, cell, card.number)
            value = ev(base)
            if value > best_value:
                best_value, best_plan = value, (cell, ())
            beam: list[tuple[float, Sheet, tuple[Line, ...]]] = [(value, base, ())]
            for step in range(card.bridges):
                left = card.bridges - step - 1
                grown: dict[tuple[Line, ...], tuple[float, Sheet, tuple[Line, ...]]] = {}
                for _v, s, drawn in beam:
                    for line in s.legal_bridges():
                        key = tuple(sorted((*drawn, line)))
                        if key in grown:
                            continue
                        t = s.copy()
                        t.add_bridge(*line)
                        if left and not t.can_draw(left):
                            continue
                        grown[key] = (ev(t) + self.rng.random() * 1e-6, t, (*drawn, line))
                beam = sorted(grown.values(), key=lambda x: -x[0])[: self.beam]
                if not beam:
                    break
            if beam and len(beam[0][2]) == card.bridges and beam[0][0] > best_value:
                best_value, best_plan = beam[0][0], (cell, beam[0][2])
        return best_plan

    def evaluate(self, ctx: _Context, s: Sheet) -> float:
        """Expected worth of a sheet: sure points plus chances weighed by the cards to come."""
        board = s.board
        c_left = ctx.cards_after
        time = min(1.0, c_left / 6)
        unseen = ctx.unseen_numbers
        n_unseen = max(1, len(unseen))
        chance: dict[Cell, float] = {}
        value = 0.0
        for cell in board.cells:
            d = s.degree(cell)
            n = s.numbers.get(cell)
            if n is not None and n == d:
                chance[cell] = 1.0
                continue
            if n is not None:
                need = n - d
                room = 0
                for nb in board.neighbours(cell):
                    line = (cell, nb) if cell < nb else (nb, cell)
                    pair = s.bridges.get(line, 0)
                    if pair >= 2 or any(s.bridges.get(x) for x in board.crossings(*line)):
                        continue
                    room += min(2 - pair, s.capacity(nb))
                if room < need or c_left == 0:
                    chance[cell] = 0.0
                    value -= 0.6  # a number that can never be finished is wasted
                else:
                    chance[cell] = 0.85 ** need * (0.4 + 0.6 * time)
            else:
                if c_left == 0:
                    chance[cell] = 0.0
                    continue
                flag_gate = 0.6 if (board.flag(cell) and d == 0) else 1.0
                if d == 0:
                    chance[cell] = 0.25 * time * flag_gate
                else:
                    # a later card whose number equals the bridges finishes it on the spot
                    exact = sum(1 for x in unseen if x == d) / n_unseen
                    above = sum(1 for x in unseen if x > d) / n_unseen
                    hit = 1 - (1 - exact) ** min(c_left, 8)
                    chance[cell] = max(0.0, min(1.0, 0.75 * hit + 0.2 * above * time))
                    if d > max(unseen, default=0):
                        chance[cell] = 0.0
                        value -= 0.6
        value += POINTS_PER_FINISHED_ISLAND * sum(chance.values())
        for cat, pts in ctx.open.items():
            if cat == "six":
                groups = s.finished_groups()
                size = len(groups[0]) if groups else 0
                if size >= 6:
                    value += pts
                else:
                    value += pts * (size / 6) ** 2 * (0.3 + 0.7 * time)
                continue
            cells = board.red if cat == "red" else board.blue
            p = 1.0
            for c in cells:
                p *= chance[c]
            value += pts * (1.0 if p == 1.0 else p ** 0.7)
        return value


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "planner": PlannerBot,
    "strong": PlannerBot,
}


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A bot by name: ``"random"``, ``"greedy"`` or ``"planner"`` (alias ``"strong"``), seeded."""
    try:
        return BOTS[kind](seed)
    except (KeyError, TypeError):
        raise BadConfigError(_("There is no bot {value}: choose one of {bots}.").format(
            value=repr(kind), bots=", ".join(sorted(BOTS)))) from None

"""The ``strong`` Isle of Skye bot: determinised Monte Carlo search over its observation.

:class:`StrongBot` keeps the planner's evaluation (it *is* a
:class:`~.bots.PlannerBot`) but decides by simulation. For each decision it

1. lists a few **candidates**: the planner's best price plans (the best for
   each discard, then the next best overall), every purchase worth
   considering and passing, or the best placements by the planner's evaluation;
2. draws ``samples`` **determinisations** of what it cannot see, each a whole
   :class:`~.game.GameState` rebuilt from the observation alone
   (:func:`determinise`): the bag holds exactly the tiles seen nowhere on the
   table (the tiles are public, only the order is hidden), shuffled by the bot's
   own random generator; the others' gold is what the public events tell
   (``known_gold``); an opponent who already set prices in secret is asked
   again, by the opponent model;
3. plays each candidate in each determinisation to the end of the round's
   building with :class:`~.bots.PlannerBot` for every seat — the opponents' secret prices
   are decided once per determinisation, since they cannot depend on ours —
   and scores the result for each player as VP so far, plus the planner's
   evaluation of the territory under the scoring still to come (this round's
   included: the rollout stops before the scoring, which the evaluation
   counts with the same numbers), plus gold at the planner's rate;
4. plays the candidate with the best average margin over the best opponent
   (the same determinisations for every candidate: common random numbers).

The budget is a number of simulations, never a clock, so the same observation
and seed give the same decision on any machine. The bot reads the game only
through ``state.observation(player)``: never the bag's order, another
player's secret prices or their real gold (tests/skye/test_strong_bot.py).
Figures (win share against three planners, decision times):
``benchmarks/bench_strong.py`` and docs/bots-strong.md.
"""

from __future__ import annotations

import random
from typing import Any

from ..i18n import lazy, lazy_ngettext
from ..protocol import Explanation, Reason
from .bots import BOTS, PlannerBot, base_value, best_placement, evaluate, make_context, territory_eval
from .explain import TEMPLATES, _Counted
from .game import N_TILES, Action, Buy, GameState, Observation, Pass, Place, SetPrices

__all__ = ["StrongBot", "determinise"]


class _Sample(GameState):
    """A determinised game: complete information of a world the bot made up.

    Bots asked to decide in it see it whole (``observation`` is the sample
    itself: nothing in it is secret from the bot that built it), and it keeps
    no log (rollouts are many; nobody reads their log)."""

    def _say(self, player: int | None, text: str) -> None:
        pass

    def observation(self, player: int) -> Any:      # type: ignore[override]
        return self

    def known_gold(self, viewer: int) -> list[int]:
        return list(self.gold)

    def _score_round(self) -> None:
        # a rollout ends when the round's building is done: the bot's evaluation
        # (which counts this round's scoring tiles) stands in for the scoring
        self.phase = "scoring"

    def clone(self) -> "_Sample":
        g = super().clone()
        g.__class__ = _Sample
        return g  # type: ignore[return-value]


def unseen_tiles(obs: Observation) -> list[str]:
    """The tiles in the bag as anyone at the table can tell: every tile not in
    a territory, on display or waiting to be placed (in catalogue order)."""
    seen = {p.tile for t in obs.territories for p in t.placements.values()}
    seen.update(t for d in obs.displays for t in d)
    seen.update(t for b in obs.to_build for t in b)
    return [str(i) for i in range(1, N_TILES + 1) if str(i) not in seen]


def determinise(obs: Observation, rng: random.Random) -> _Sample:
    """A whole game consistent with ``obs`` (what its player may know), the hidden
    facts drawn with ``rng``: the bag's order, and — while prices are being set —
    the other players' secret decisions are undone (they decide again in the
    sample, with their gold before deciding, which is what the table knows)."""
    g = _Sample.__new__(_Sample)
    n = obs.n_players
    g.config = obs.config
    g.n_players, g.n_rounds, g.names = n, obs.n_rounds, obs.names
    g.scoring = obs.scoring
    g.rng = random.Random(rng.getrandbits(64))
    bag = unseen_tiles(obs)
    rng.shuffle(bag)
    g.bag = bag
    g.territories = [t.copy() for t in obs.territories]
    g.gold = obs.gold
    g.vp = obs.vp
    g.round_no, g.start_player, g.phase = obs.round_no, obs.start_player, obs.phase
    g.displays = obs.displays
    g.prices = obs.prices
    if obs.phase == "prices":
        g.decisions = [None if g.displays[q] else SetPrices(q, "", ()) for q in range(n)]
        if obs.my_decision is not None:                # its gold is already after it (known_gold)
            g.decisions[obs.player] = obs.my_decision
    else:
        g.decisions = [None] * n
    g.buy_queue = obs.buy_queue
    g.bought = []
    g.to_build = obs.to_build
    g.build_queue = obs.build_queue
    g.returned = []
    g.income_paid = g.gold_to_supply = 0
    g.income_history, g.slot_scores, g.final = [], [], ()
    g.history, g.log = [], []
    g._legal_cache = None
    g._placements_cache = {}
    return g


class StrongBot(PlannerBot):
    """Flat Monte Carlo over determinisations, with the planner as rollout policy
    and evaluation (see the module's text). ``samples`` determinisations x the
    candidates (at most ``max_candidates``) is the whole budget of one decision."""

    name = "strong"
    #: Determinisations while prices are set (the same for every candidate).
    samples = 4
    #: An opponent's secret prices are drawn among the planner's this many best plans.
    opponent_plans = 3
    #: Candidates compared per decision (the planner's best ones).
    max_candidates = 6
    #: How much the best opponent's expected VP counts against ours (1 = pure margin).
    rival_weight = 0.5

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self.policy = PlannerBot(seed)
        #: What the last decision weighed: candidates, simulations, averages (for explanations).
        self.last_search: dict[str, Any] | None = None

    # -- the decision ------------------------------------------------------

    def decide(self, state: Observation, player: int) -> Action:
        """The candidate with the best average simulated margin."""
        cands = self.candidates(state, player)
        if len(cands) == 1:
            self.last_search = {"options": 1, "samples": 0, "values": [0.0], "candidates": cands, "best": 0}
            return cands[0]
        worlds = self.worlds(state, player)
        totals = [0.0] * len(cands)
        for world, opp_prices in worlds:
            for i, a in enumerate(cands):
                totals[i] += self._rollout(world, player, a, opp_prices)
        values = [t / len(worlds) for t in totals]
        best = max(range(len(cands)), key=lambda i: values[i])     # ties: the planner's order
        self.last_search = {"options": len(cands), "samples": len(worlds), "values": values,
                            "candidates": cands, "best": best}
        return cands[best]

    def worlds(self, state: Observation, player: int) -> list[tuple[_Sample, dict[int, SetPrices]]]:
        """The determinisations, each with the opponents' secret price decisions in it.

        Until the round's scoring the bag is never drawn from, and after the prices
        are revealed everything else is public (gold included), so one world
        decides a purchase or a placement. While prices are being set, the
        opponents' decisions are what is hidden: the first world has each
        opponent play the planner's best plan, the others one of its
        ``opponent_plans`` best, drawn with the bot's generator."""
        if state.phase != "prices":
            return [(determinise(state, self.rng), {})]
        base = determinise(state, self.rng)
        ranked: dict[int, list[SetPrices]] = {}
        for q in base.decision_players():
            if q == player:
                continue
            scored = self.policy.scored_price_plans(base, q)
            order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))[:self.opponent_plans]
            ranked[q] = [SetPrices(q, scored[i][1], scored[i][2]) for i in order]
        out = [(base, {q: plans[0] for q, plans in ranked.items()})]
        for _ in range(self.samples - 1):
            out.append((determinise(state, self.rng), {q: self.rng.choice(plans) for q, plans in ranked.items()}))
        return out

    def candidates(self, state: Observation, player: int) -> list[Action]:
        """The actions worth simulating, the planner's favourite first."""
        k = self.max_candidates
        if state.phase == "prices":
            scored = self.scored_price_plans(state, player)
            order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
            picked: list[int] = []
            for d in dict.fromkeys(scored[i][1] for i in order):            # best plan of each discard
                picked.append(next(i for i in order if scored[i][1] == d))
            picked.sort(key=lambda i: (-scored[i][0], i))
            for i in order:
                if len(picked) >= k:
                    break
                if i not in picked:
                    picked.append(i)
            return [SetPrices(player, scored[i][1], scored[i][2]) for i in picked[:k]]
        if state.phase == "buy":
            ctx = self.context(state, player)
            base = base_value(state.territories[player], ctx)
            buys = [(self.buy_value(state, player, ctx, base, a), i, a)
                    for i, a in enumerate(state.legal_actions(player)) if isinstance(a, Buy)]
            buys.sort(key=lambda e: (-e[0], e[1]))
            ranked: list[Action] = [a for _u, _i, a in buys[:k - 1]]
            first = self.choose_buy(state, player)                           # the planner's choice first
            out = [first] + [a for a in [*ranked, Pass(player)] if a != first]
            return out[:k]
        ctx = self.context(state, player)
        te = territory_eval(state.territories[player])
        spots = [(evaluate(te.with_tile(t, *p), ctx), j, Place(player, t, *p))
                 for j, (t, p) in enumerate((t, p) for t in state.to_build[player]
                                            for p in state.placements_for(player, t))]
        spots.sort(key=lambda e: (-e[0], e[1]))
        return [a for _v, _j, a in spots[:k]]

    # -- simulation ----------------------------------------------------------

    def _rollout(self, world: _Sample, me: int, action: Action, opp_prices: dict[int, SetPrices]) -> float:
        """Our value less the best opponent's after ``action`` and the planner's play to the horizon."""
        g = world.clone()
        g.apply(action)
        pol = self.policy
        while g.phase != "scoring":
            if g.phase == "prices":
                for q in g.decision_players():
                    g.apply(opp_prices[q] if q in opp_prices else pol.choose_prices(g, q))
                continue
            p = g.current_player()
            g.apply(pol.choose_buy(g, p) if g.phase == "buy" else pol.choose_place(g, p))
        vals = [self._value(g, q) for q in range(g.n_players)]
        mine = vals.pop(me)
        return mine - self.rival_weight * max(vals)

    def _value(self, g: _Sample, q: int) -> float:
        """VP so far plus what the territory and gold are still expected to bring."""
        ctx = make_context(g, q, self.near_weight)
        return g.vp[q] + base_value(g.territories[q], ctx) + self.gold_value(g) * g.gold[q]

    # -- explanation -------------------------------------------------------

    def choose_explained(self, state: GameState | Observation) -> tuple[Action, Any]:
        """The planner-style explanation of the chosen move (what the tile does, from the
        engine's numbers), led by what the search compared: how many options, in how many
        simulated worlds, and by how much the chosen one led the runner-up."""
        action, e = super().choose_explained(state)
        s = self.last_search
        assert s is not None and s["candidates"][s["best"]] == action
        if s["options"] > 1:
            vals = s["values"]
            runner = max((i for i in range(len(vals)) if i != s["best"]), key=lambda i: (vals[i], -i))
            margin = round(vals[s["best"]] - vals[runner], 1)
            lead = Reason("searched" if margin > 0 else "searched_tie",
                          {"options": s["options"], "samples": s["samples"], "margin": margin,
                           "value": round(vals[s["best"]], 1), "runner_up": round(vals[runner], 1)})
        else:
            lead = Reason("searched_one", {"options": 1})
        return action, Explanation(e.action, (lead, *e.reasons), e.alternative, e.alternative_reasons,
                                   {**TEMPLATES, **SEARCH_TEMPLATES})


#: The search's own sentences (named placeholders; added to :data:`.explain.TEMPLATES`).
#: ``value`` is the simulated margin: my expected VP less half my strongest rival's.
SEARCH_TEMPLATES: dict[str, Any] = {
    # Translators: the strong bot's explanation; {value}, {margin}, {runner_up} are VP margins with one decimal.
    "searched": _Counted(
        lazy("I compared {options} options, each played out to the end of the round in one simulated world: this "
             "one scored {value}, {margin} more than the next best ({runner_up}), counting my expected VP less "
             "half my strongest rival's."),
        lazy_ngettext("I compared {options} options, each played out to the end of the round in {samples} "
                      "simulated world: this one averaged {value}, {margin} more than the next best ({runner_up}), "
                      "counting my expected VP less half my strongest rival's.",
                      "I compared {options} options, each played out to the end of the round in {samples} "
                      "simulated worlds: this one averaged {value}, {margin} more than the next best ({runner_up}), "
                      "counting my expected VP less half my strongest rival's.", counter="samples"), "samples"),
    "searched_tie": _Counted(
        lazy("I compared {options} options, each played out to the end of the round in one simulated world: the "
             "best ones tied at {value}, so I kept the one the planner ranks first among them."),
        lazy_ngettext("I compared {options} options, each played out to the end of the round in {samples} "
                      "simulated world: the best ones tied at {value}, so I kept the one the planner ranks first "
                      "among them.",
                      "I compared {options} options, each played out to the end of the round in {samples} "
                      "simulated worlds: the best ones tied at {value}, so I kept the one the planner ranks first "
                      "among them.", counter="samples"), "samples"),
    "searched_one": lazy("I had only one option worth simulating, so I played it."),
}


#: The search bot is one kind of bot: make_bot("strong") (the bots below know no search).
BOTS["strong"] = StrongBot

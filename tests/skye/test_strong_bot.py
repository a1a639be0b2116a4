"""The ``strong`` Isle of Skye bot (skye/search.py): registered, legal, deterministic,
deciding from its observation only, honest about what it compared.

Strength and decision times are figures, not tests: benchmarks/bench_strong.py."""

from __future__ import annotations

import json
import random

import pytest

from skye_widgets.cli import main
from skye_widgets.skye import play_game
from skye_widgets.skye.bots import BOTS, PlannerBot, make_bot
from skye_widgets.skye.game import GameConfig, GameState, SetPrices
from skye_widgets.skye.search import SEARCH_TEMPLATES, StrongBot, determinise, unseen_tiles


@pytest.fixture(scope="module")
def played():
    """A seeded 2-player game, strong (seat 0) against the planner: every position
    where the strong bot decided (a copy of the game), with its action."""
    g = GameState(GameConfig(players=2, seed=3))
    bots = [StrongBot(seed=1), PlannerBot(seed=2)]
    seen = []
    while not g.is_over():
        p = g.current_player()
        before = g.clone()
        a = bots[p].choose(g.observation(p))
        if p == 0:
            seen.append((before, a))
        g.apply(a)                                # raises (a RulesError) if the action were illegal
    return g, seen


def test_strong_is_its_own_kind_not_the_planner():
    assert BOTS["strong"] is StrongBot and BOTS["planner"] is PlannerBot
    bot = make_bot("strong", seed=4)
    assert type(bot) is StrongBot and bot.seed == 4


def test_a_seeded_game_finishes_with_legal_moves_in_every_phase(played):
    g, seen = played
    assert g.is_over() and g.round_no == g.n_rounds
    phases = {pos.phase for pos, _ in seen}
    assert phases == {"prices", "buy", "build"}
    for pos, a in seen:
        if pos.phase == "prices":
            assert isinstance(a, SetPrices)       # price splits are too many to list; apply() checked it
            pos.clone().apply(a)
        else:
            assert a in pos.legal_actions(0)


def test_the_same_observation_and_seed_give_the_same_decision(played):
    _, seen = played
    for pos, a in seen[::3]:
        assert StrongBot(seed=1).choose(pos.observation(0)) == StrongBot(seed=1).choose(pos.clone().observation(0))


def test_the_planners_choice_is_always_a_candidate_and_comes_first(played):
    _, seen = played
    for pos, _a in seen[::2]:
        obs = pos.observation(0)
        cands = StrongBot(seed=1).candidates(obs, 0)
        assert 1 <= len(cands) <= StrongBot.max_candidates and len(set(cands)) == len(cands)
        assert cands[0] == PlannerBot(seed=2).choose(obs)
        assert all(c in pos.legal_actions(0) for c in cands if not isinstance(c, SetPrices))


def test_the_search_changes_some_decisions_of_the_planner(played):
    # otherwise 'strong' would be the planner under another name
    _, seen = played
    assert any(PlannerBot(seed=2).choose(pos.observation(0)) != a for pos, a in seen)


def test_a_determinisation_holds_what_the_seat_knows_and_nothing_else():
    g = GameState(GameConfig(players=3, seed=8))
    d = g.displays[0]
    g.apply(SetPrices(0, d[0], ((d[1], 3), (d[2], 1))))          # player 0 decides in secret
    obs = g.observation(1)
    w = determinise(obs, random.Random(5))
    assert sorted(w.bag, key=int) == sorted(g.bag, key=int) == unseen_tiles(obs)   # the same tiles...
    assert w.gold == g.known_gold(1) == [5, 5, 5] != g.gold                        # ... the public gold
    assert w.decisions == [None, None, None]                      # player 0 will decide again in the sample
    assert w.displays == g.displays and w.vp == g.vp and w.phase == "prices"
    for q in range(3):
        assert w.territories[q].placements == g.territories[q].placements
        assert w.territories[q] is not g.territories[q]
    # playing on in the sample changes nothing in the game
    before = g.to_dict()
    bot = PlannerBot(seed=1)
    while w.phase != "scoring":
        w.apply(bot.choose_prices(w, w.current_player()) if w.phase == "prices" else
                (bot.choose_buy if w.phase == "buy" else bot.choose_place)(w, w.current_player()))
    assert g.to_dict() == before


def test_the_decision_ignores_the_secret_prices_the_bag_order_and_the_real_gold():
    def decision(prices_of_p0, shuffle_bag):
        g = GameState(GameConfig(players=3, seed=21))
        d0 = g.displays[0]
        g.apply(SetPrices(0, d0[0], ((d0[1], prices_of_p0[0]), (d0[2], prices_of_p0[1]))))
        if shuffle_bag:
            random.Random(shuffle_bag).shuffle(g.bag)
            g.rng = random.Random(shuffle_bag)
        return StrongBot(seed=5).choose(g.observation(2))
    # player 0's gold is 5 - 2, 5 - 5 or 5 - 5 behind the screen; the bag in three orders
    assert decision((1, 1), 0) == decision((2, 3), 1) == decision((4, 1), 2)


def test_the_explanation_plays_the_same_move_and_its_numbers_are_recomputed(played):
    _, seen = played
    checked = 0
    for pos, a in seen:
        action, e = StrongBot(seed=1).choose_explained(pos.observation(0))
        assert action == a == e.action
        lead = e.reasons[0]
        assert lead.key in SEARCH_TEMPLATES and e.text.startswith("I ")
        if lead.key == "searched_one":
            assert len(StrongBot(seed=1).candidates(pos.observation(0), 0)) == 1
            continue
        # recompute: the same candidates, rolled out in the same worlds (the same seed draws them)
        bot = StrongBot(seed=1)
        obs = pos.observation(0)
        cands = bot.candidates(obs, 0)
        worlds = bot.worlds(obs, 0)
        values = [sum(bot._rollout(w, 0, c, opp) for w, opp in worlds) / len(worlds) for c in cands]
        v = lead.values
        assert v["options"] == len(cands) and v["samples"] == len(worlds)
        best = max(values)
        assert cands[values.index(best)] == a and v["value"] == round(best, 1)
        runner = max(x for i, x in enumerate(values) if i != values.index(best))
        assert v["runner_up"] == round(runner, 1) and v["margin"] == round(best - runner, 1)
        assert (lead.key == "searched") == (v["margin"] > 0)
        checked += 1
    assert checked >= 10


def test_while_pricing_it_samples_the_opponents_secret_plans_but_not_after():
    g = GameState(GameConfig(players=3, seed=2))
    bot = StrongBot(seed=0)
    worlds = bot.worlds(g.observation(0), 0)
    assert len(worlds) == StrongBot.samples
    assert all(set(opp) == {1, 2} for _, opp in worlds)
    # the first world has the planner's own choices for them
    assert worlds[0][1] == {q: PlannerBot(seed=9).choose_prices(worlds[0][0], q) for q in (1, 2)}
    while g.phase == "prices":
        g.apply(PlannerBot(seed=1).choose(g))
    assert g.phase == "buy"
    assert [opp for _, opp in bot.worlds(g.observation(g.current_player()), g.current_player())] == [{}]


def test_the_command_line_plays_strong(capsys):
    code = main(["play", "--players", "2", "--bots", "strong,greedy", "--seed", "4", "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    d = json.loads(out)
    assert [p["bot"] for p in d["players"]] == ["strong", "greedy"]
    g = play_game([make_bot("strong", seed=40), make_bot("greedy", seed=41)], seed=4)
    assert [p["vp"] for p in d["players"]] == g.vp

"""Isle of Skye: gold is secret (all three rulebooks: kept behind the screen).

A player's view shows only their own gold unless the teacher's open hand is on;
``known_gold`` works out what the public events tell about everyone's gold; bots
decide from an :class:`Observation` that holds nothing hidden from their seat.
"""

from __future__ import annotations

import random

import pytest

from skye_widgets.skye.bots import GreedyBot, PlannerBot, RandomBot
from skye_game_helpers import SmallStrongBot
from skye_widgets.skye.game import Buy, GameConfig, GameState, NotYourTurnError, Observation, Pass, SetPrices


def first_round_by_hand() -> tuple[GameState, list[str], list[str], list[str]]:
    """3 players (seed 4), round 1: everybody has 5 gold from the castle."""
    g = GameState(GameConfig(players=3, seed=4))
    return g, list(g.displays[0]), list(g.displays[1]), list(g.displays[2])


def test_a_view_shows_only_the_players_own_gold_unless_the_hand_is_open():
    g, d0, d1, d2 = first_round_by_hand()
    assert [pl["gold"] for pl in g.view(0)["players"]] == [5, None, None]
    assert [pl["gold"] for pl in g.view(2)["players"]] == [None, None, 5]
    assert [pl["gold"] for pl in g.view(2, open_hand=True)["players"]] == [5, 5, 5]
    assert g.view(2)["open_hand"] is False and g.view(2, open_hand=True)["open_hand"] is True
    # P1 secretly puts 2 + 1 on their tiles: their own view says 2; the open hand still says 5
    # for the others (the gold on the tiles is part of the secret decision until all decide)
    g.apply(SetPrices(0, d0[0], ((d0[1], 2), (d0[2], 1))))
    assert [pl["gold"] for pl in g.view(0)["players"]] == [2, None, None]
    assert [pl["gold"] for pl in g.view(1, open_hand=True)["players"]] == [5, 5, 5]
    # the open hand never shows the secret prices themselves
    assert "prices" not in g.view(1, open_hand=True)["players"][0]


def test_known_gold_follows_the_public_events_by_hand():
    g, d0, d1, d2 = first_round_by_hand()
    g.apply(SetPrices(0, d0[0], ((d0[1], 2), (d0[2], 1))))      # P1: 5 - 3 = 2, not yet public
    assert g.known_gold(1) == g.known_gold(2) == [5, 5, 5]
    assert g.known_gold(0) == [2, 5, 5] == g.gold
    assert g.known_gold(-1) == [5, 5, 5]                       # an onlooker (the hot-seat screen)
    g.apply(SetPrices(2, d2[0], ((d2[1], 1), (d2[2], 1))))      # P3: 5 - 2 = 3
    assert g.known_gold(1) == [5, 5, 5] and g.known_gold(2) == [5, 5, 3]
    g.apply(SetPrices(1, d1[0], ((d1[1], 1), (d1[2], 1))))      # P2: 5 - 2 = 3; all revealed
    assert g.phase == "buy"
    assert g.known_gold(0) == g.known_gold(1) == g.known_gold(2) == [2, 3, 3] == g.gold
    g.apply(Buy(0, 1, d1[1]))         # P1 pays 1: 2 - 1 = 1; P2 gets 1 + the 1 on it: 3 + 2 = 5
    g.apply(Pass(1))
    g.apply(Pass(2))                  # unsold tiles: their gold was already taken off
    assert g.known_gold(2) == [1, 5, 3] == g.gold


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_known_gold_is_the_real_gold_except_for_undisclosed_decisions(players, seed):
    """Over whole seeded games, at every step, for every viewer: the gold the public
    events tell is the real gold, except an opponent's gold put on tiles in a price
    decision not yet revealed (then: the gold before that decision)."""
    rng = random.Random(seed)
    g = GameState(GameConfig(players=players, seed=seed))
    steps = 0
    while True:
        for viewer in range(players):
            known = g.known_gold(viewer)
            for q in range(players):
                d = g.decisions[q]
                secret = g.phase == "prices" and q != viewer and d is not None
                committed = sum(x for _, x in d.prices) if secret else 0
                assert known[q] == g.gold[q] + committed, (steps, viewer, q)
        if g.is_over():
            break
        g.apply(g.random_action(rng, g.current_player()))
        steps += 1
    assert steps > 10 * players


def test_an_observation_holds_nothing_hidden():
    g, d0, d1, d2 = first_round_by_hand()
    g.apply(SetPrices(0, d0[0], ((d0[1], 2), (d0[2], 1))))
    o = g.observation(1)
    assert isinstance(o, Observation) and o.player == 1
    assert o.gold == [5, 5, 5]                                # P1's 3 gold on tiles is not known yet
    assert o.decided == [True, False, False] and o.my_decision is None
    for hidden in ("bag", "rng", "decisions", "history", "clone", "apply", "_reveal"):
        assert not hasattr(o, hidden), hidden
    assert o.bag_size == len(g.bag)
    with pytest.raises(NotYourTurnError):
        o.legal_actions(2)                                   # only its own player's options
    assert o.observation(1) is o
    assert g.observation(0).my_decision == g.decisions[0]    # a player knows their own decision


def _shuffled_bag(g: GameState, seed: int) -> GameState:
    """The same game with the bag in another order and another draw generator (hidden from all)."""
    h = g.clone()
    random.Random(seed).shuffle(h.bag)
    h.rng = random.Random(f"other-{seed}")
    return h


BOTS = [(PlannerBot, 5), (GreedyBot, 6), (RandomBot, 7), (SmallStrongBot, 8)]


@pytest.mark.parametrize("bot,bot_seed", BOTS)
def test_a_bots_decision_does_not_depend_on_hidden_information(bot, bot_seed):
    """Two states that differ only in what the deciding player cannot know (an opponent's
    secret price decision, the gold it took, the bag's order) get the same decision,
    every round of a seeded game; the states themselves do differ (the test can fail)."""
    g = GameState(GameConfig(players=3, seed=13))
    players = [PlannerBot(1), GreedyBot(2), PlannerBot(3)]
    compared = differed = 0
    while not g.is_over():
        p = g.current_player()
        if g.phase == "prices" and len(g.decision_players()) == g.n_players:
            # the first to decide (p) does so in secret, two different ways; the last undecided
            # player then chooses in both worlds
            last = g.decision_players()[-1]
            a, b = g.clone(), g.clone()
            a.apply(a.random_action(random.Random(1), p))
            b.apply(b.random_action(random.Random(2), p))
            b = _shuffled_bag(b, compared)
            differed += a.gold[p] != b.gold[p] or a.decisions[p] != b.decisions[p]
            assert bot(bot_seed).choose(a.observation(last)) == bot(bot_seed).choose(b.observation(last))
            compared += 1
        elif g.phase in ("buy", "build"):
            assert bot(bot_seed).choose(g.observation(p)) == bot(bot_seed).choose(_shuffled_bag(g, compared).observation(p))
            compared += 1
        g.apply(players[p].choose(g.observation(p)))
    assert compared > 20 and differed >= 3

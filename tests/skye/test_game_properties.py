"""Invariants of whole Isle of Skye games, over seeded random games (hypothesis).

After every action: all 73 landscape tiles are somewhere (bag, displays, tiles
to build, territories) exactly once; gold is accounted for (income paid = gold
held + gold lying on tiles + gold paid to the supply); no player's VP goes
down. A saved game replays identically; the same seed gives the same game;
undo restores the state before the last action.
"""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from skye_widgets.skye.game import GameConfig, GameState
from skye_widgets.skye.saves import game_to_dict, saved_from_dict

ALL_TILES = sorted(str(i) for i in range(1, 74))

configs = st.builds(
    lambda players, seed, start: GameConfig(players=players, seed=seed, start_player=start % players),
    st.integers(2, 5), st.integers(0, 10**6), st.integers(0, 4))


def check_invariants(g: GameState, vp_before: list[int]) -> None:
    places = list(g.bag)
    for p in range(g.n_players):
        places += g.displays[p] + g.to_build[p]
        places += [pl.tile for pl in g.territories[p].placements.values() if not pl.tile.startswith("castle-")]
    assert sorted(places) == ALL_TILES
    assert g.income_paid == sum(g.gold) + g.gold_on_tiles() + g.gold_to_supply
    assert all(v >= 0 for v in g.gold)
    assert all(after >= before for after, before in zip(g.vp, vp_before))


def random_game(config: GameConfig, seed: int, check: bool = True) -> GameState:
    rng = random.Random(seed)
    g = GameState(config)
    while not g.is_over():
        vp = list(g.vp)
        if check and g.phase == "build":
            # the game's incrementally updated legal placements equal the territory's own
            p = g.current_player()
            for t in g.to_build[p]:
                assert g.placements_for(p, t) == g.territories[p].legal_placements(t)
        g.apply(g.random_action(rng, g.current_player()))
        if check:
            check_invariants(g, vp)
    return g


@settings(max_examples=12, deadline=None)
@given(configs, st.integers(0, 1000))
def test_tiles_gold_and_vp_invariants(config, seed):
    g = random_game(config, seed)
    assert g.round_no == (5 if config.players == 5 else 6)
    assert len(g.winners()) >= 1


@settings(max_examples=8, deadline=None)
@given(configs, st.integers(0, 1000))
def test_saved_game_replays_identically(config, seed):
    g = random_game(config, seed, check=False)
    saved, h = saved_from_dict(game_to_dict(g))
    assert h.history == g.history
    assert (h.vp, h.gold, h.bag, h.round_no, h.phase) == (g.vp, g.gold, g.bag, g.round_no, g.phase)
    assert [t.placements for t in h.territories] == [t.placements for t in g.territories]
    assert [e.text for e in h.log] == [e.text for e in g.log]
    # replay to any step: step k equals the game stopped after k actions
    k = len(g.history) // 3
    part = saved.replay(k)
    assert len(part.history) == k and part.history == g.history[:k]


@settings(max_examples=6, deadline=None)
@given(configs, st.integers(0, 1000))
def test_same_seed_same_game(config, seed):
    a = random_game(config, seed, check=False)
    b = random_game(config, seed, check=False)
    assert a.history == b.history and a.vp == b.vp and [e.text for e in a.log] == [e.text for e in b.log]


@settings(max_examples=8, deadline=None)
@given(configs, st.integers(0, 1000), st.integers(1, 60))
def test_undo_restores_the_previous_state(config, seed, steps):
    rng = random.Random(seed)
    g = GameState(config)
    for _ in range(steps):
        if g.is_over():
            break
        before = (list(g.gold), list(g.vp), list(g.bag), [list(d) for d in g.displays],
                  [list(t.placements.values()) for t in g.territories], g.phase, len(g.log))
        a = g.random_action(rng, g.current_player())
        g.apply(a)
    assert g.undo() == a
    after = (list(g.gold), list(g.vp), list(g.bag), [list(d) for d in g.displays],
             [list(t.placements.values()) for t in g.territories], g.phase, len(g.log))
    assert after == before

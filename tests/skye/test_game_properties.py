"""Invariants of whole Isle of Skye games, over seeded random games (hypothesis).

After every action: all 73 landscape tiles are somewhere (bag, displays, tiles
to build, territories) exactly once; gold is accounted for (income paid = gold
held + gold lying on tiles + gold paid to the supply); no player's VP goes
down. A saved game replays identically; the same seed gives the same game;
undo restores the state before the last action. Random candidate actions are
accepted exactly when legal_actions lists them; refusals raise a specific
error and change nothing.
"""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from skye_widgets.errors import RulesError
from skye_widgets.skye.game import Buy, GameConfig, GameState, NotAnActionError, Pass, Place, SetPrices
from skye_widgets.skye.saves import game_to_dict, saved_from_dict
from skye_widgets.skye.territory import IllegalPlacementError
from skye_game_helpers import snapshot

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
    assert snapshot(h) == snapshot(g)       # everything, bag order and RNG state included
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
        before = snapshot(g)
        a = g.random_action(rng, g.current_player())
        g.apply(a)
    assert g.undo() == a
    assert snapshot(g) == before


def candidate_actions(g: GameState, rng: random.Random) -> list:
    """A mix of legal-looking and illegal actions for the current state: any
    player, any phase's action type, random tiles, prices, sellers and cells."""
    n = g.n_players
    tiles = ALL_TILES + ["castle-red", "0"]
    out = []

    def add(cls, *fields):
        try:
            out.append(cls(*fields))
        except NotAnActionError:     # malformed: refused when made (a bad player, rotation, ...)
            out.append(None)

    for _ in range(12):
        p = rng.randrange(-1, n + 1)
        kind = rng.randrange(4)
        if kind == 0:
            drawn = g.displays[p] if 0 <= p < n and g.displays[p] else rng.sample(tiles, 3)
            d = rng.choice(drawn)
            rest = [t for t in drawn if t != d] + ([rng.choice(tiles)] if rng.random() < 0.2 else [])
            add(SetPrices, p, d, tuple((t, rng.randrange(0, 8)) for t in rest))
        elif kind == 1:
            s = rng.randrange(-1, n + 1)
            shown = g.displays[s] if 0 <= s < n and g.displays[s] else tiles
            add(Buy, p, s, rng.choice(shown if rng.random() < 0.8 else tiles))
        elif kind == 2:
            add(Pass, p)
        else:
            mine = g.to_build[p] if 0 <= p < n and g.to_build[p] else tiles
            x0, y0, x1, y1 = g.territories[p % n].bounds()
            add(Place, p, rng.choice(mine if rng.random() < 0.8 else tiles),
                rng.randint(x0 - 2, x1 + 2), rng.randint(y0 - 2, y1 + 2), rng.randrange(-1, 5))
    return out


GENERIC_ERRORS = (RulesError, IllegalPlacementError)


@settings(max_examples=4, deadline=None)
@given(configs, st.integers(0, 1000))
def test_an_action_is_accepted_iff_listed_and_refusals_change_nothing(config, seed):
    """At every step of a random game, random candidate actions: an action
    listed by legal_actions is accepted; any other raises a *specific*
    RulesError subclass and leaves the whole state (bag order and random
    generator included) unchanged."""
    rng = random.Random(seed)
    g = GameState(config)
    refused = 0
    while not g.is_over():
        before = snapshot(g)
        for a in candidate_actions(g, rng):
            if a is None:
                refused += 1
                continue
            listed = 0 <= a.player < g.n_players and a in g.legal_actions(a.player)
            try:
                g.clone().apply(a) if listed else g.apply(a)
            except RulesError as e:
                assert not listed, (a, e)
                assert type(e) not in GENERIC_ERRORS, (a, type(e))
                refused += 1
            else:
                assert listed, a
            assert snapshot(g) == before, a
        g.apply(g.random_action(rng, g.current_player()))
    assert refused > 0


@settings(max_examples=8, deadline=None)
@given(configs, st.integers(0, 1000), st.integers(1, 5))
def test_a_secret_price_decision_never_shows_in_another_players_view(config, seed, round_no):
    """In round ``round_no``, two different secret decisions of the first player
    to decide leave every other player's view identical."""
    rng = random.Random(seed)
    g = GameState(config)
    while not g.is_over() and not (g.phase == "prices" and g.round_no >= round_no):
        g.apply(g.random_action(rng, g.current_player()))
    if g.is_over():
        return
    p = g.current_player()
    a, b = g.clone(), g.clone()
    a.apply(a.random_action(random.Random(seed + 1), p))
    b.apply(b.random_action(random.Random(seed + 2), p))
    if len(g.decision_players()) == 1:          # the last decision reveals everything
        return
    for q in range(g.n_players):
        if q != p:
            assert a.view(q) == b.view(q)
    assert a.view(p) != b.view(p) or a.decisions[p] == b.decisions[p]

"""Invariants over random play (hypothesis), plus effects and the tactical setup."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skye_widgets.errors import RulesError
from skye_widgets.skylands.board import PlayerBoard
from skye_widgets.skylands.components import Effect
from skye_widgets.skylands.game import (ChooseAction, Convert, Create, Deploy, GameState, Pass, Pay,
                                        SetupDiscard, SetupStart, Take)

from skylands_helpers import end, islet, special

ANY_ACTION = st.one_of(
    st.builds(ChooseAction, st.sampled_from(["discover", "deploy", "create", "convert", "x"]), st.booleans()),
    st.just(Pass()),
    st.builds(Take, st.integers(-1, 5), st.integers(-1, 5), st.integers(-1, 4), st.integers(-1, 4)),
    st.builds(Deploy, st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3), st.integers(0, 2)),
                               max_size=3).map(tuple)),
    st.builds(Create, st.integers(-1, 16), st.integers(0, 4), st.integers(0, 3), st.integers(0, 3),
              st.sampled_from([None, "green", "purple", "blue", "white"])),
    st.builds(Convert, st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3), st.integers(0, 2)),
                                max_size=2).map(tuple),
              st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3), st.integers(0, 2)),
                       max_size=2).map(tuple)),
    st.builds(SetupStart, st.integers(-1, 2), st.integers(0, 4), st.integers(0, 3), st.integers(0, 3)),
    st.builds(SetupDiscard, st.integers(-1, 3)),
    st.builds(Pay, st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3), st.integers(0, 2)),
                            max_size=6).map(tuple)),
)


def state_key(g):
    """The FULL state: every attribute of the game (boards by tiles and inhabitants), so a
    rejected action that touched anything at all (hands, pending fills, setup steps, log...)
    shows up. The component set is shared and never changes."""
    key = {}
    for name, value in sorted(vars(g).items()):
        if name == "comp":
            continue
        if name == "boards":
            value = [(sorted((c, p.tile.id, p.rotation, p.printed) for c, p in b.grid.items()),
                      sorted((k, sorted(v.items())) for k, v in b.inhabitants.items())) for b in value]
        elif name == "history":
            value = g.to_dict()
        key[name] = repr(value)
    return key


def inhabitants_total(g):
    return sum(g.supply.values()) + sum(b.count() for b in g.boards)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), side=st.sampled_from(["beginner", "tactical"]),
       intro=st.booleans(),
       picks=st.lists(st.integers(0, 10_000), min_size=10, max_size=120),
       probes=st.lists(ANY_ACTION, max_size=30))
def test_random_play_keeps_invariants(seed, players, side, intro, picks, probes):
    g = GameState(players, seed=seed, side=side, intro=intro)
    for i, k in enumerate(picks):
        if g.is_over():
            break
        # a random (maybe illegal) decision either applies or changes nothing
        if i < len(probes):
            before = state_key(g)
            clone = g.clone()
            try:
                clone.apply(probes[i])
            except RulesError:
                assert state_key(clone) == before
        legal = g.legal_actions()
        assert legal, "a state that is not over always has a legal decision"
        g.apply(legal[k % len(legal)])
        # 60 inhabitants: supply + boards
        assert inhabitants_total(g) == 60
        assert all(v >= 0 for v in g.supply.values()) and g.vp_supply >= 0
        # VP in markers plus what is left never exceeds the starting supply
        assert sum(g.vp) + g.vp_supply == g.comp.vp_for(players)
    # replaying the saved decisions gives the identical game
    again = GameState.from_dict(g.to_dict())
    assert state_key(again) == state_key(g) and again.points() == g.points()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10_000), min_size=5, max_size=60))
def test_legal_actions_are_accepted_and_complete_islands_stay_complete(seed, picks):
    g = GameState(3, seed=seed)
    complete_before = [set() for _ in range(3)]
    for k in picks:
        if g.is_over():
            break
        legal = g.legal_actions()
        g.apply(legal[k % len(legal)])
        for p, b in enumerate(g.boards):
            now = {i.nodes for i in b.complete_islands()}
            assert complete_before[p] <= now       # a complete island is never reopened
            complete_before[p] = now
            # inhabitants only ever sit on complete islands, within their spaces
            for anchor, d in b.inhabitants.items():
                isl = b.island(anchor)
                assert isl.complete and sum(d.values()) <= isl.spaces


# -- effects -----------------------------------------------------------------------
def two_players():
    g = GameState(["A", "B"], seed=3)
    g.boards = [PlayerBoard(), PlayerBoard()]
    g.active = g.start_player = 0
    return g


def test_continuous_deploy_plus_lets_a_player_fill_one_more_island():
    g = two_players()
    b = g.boards[1]
    b.place(special("hive", parts=(("forest", (), 1),), category="continuous",
                    effect=Effect("deploy_plus")), 0, 0, 0)
    b.place(islet("mountain"), 2, 0, 0)
    g.apply(ChooseAction("deploy"))                  # A passes (nothing), B: 1 + 1 islands
    g.apply(Deploy(((0, 0, 0), (2, 0, 0))))
    assert b.count("green") == 1 and b.count("purple") == 1


def test_continuous_convert_plus_and_white_free():
    g = two_players()
    b = g.boards[0]
    b.place(special("lantern", parts=(("city", (), 2),), category="continuous",
                    effect=Effect("convert_plus", points=1)), 3, 3, 0)
    b.place(islet("crystal", 2), 0, 0, 0)
    b.add_inhabitants((0, 0, 0), "blue", 2)
    g.supply["blue"] -= 2
    g.apply(ChooseAction("convert"))
    g.apply(Convert(((0, 0, 0),), ((3, 3, 0),)))
    # 2 VP for 2 city spaces + 2 active bonus (blue moved) + 1 lantern = 5
    assert g.vp[0] == 5
    assert g._white_waived(1) is False
    g.boards[1].place(special("harbour", parts=(("city", (0,), 1),), category="continuous",
                              effect=Effect("white_free")), 2, 2, 0)
    assert g._white_waived(1) is True


def test_once_fill_triggers_when_its_island_is_completed():
    g = two_players()
    b = g.boards[0]
    cairn = special("cairn", parts=(("forest", (0,), 2),), category="once", effect=Effect("fill"))
    g._place(0, cairn, 1, 2, 0)                      # forest faces N, open: nothing yet
    assert b.count() == 0 and g.pending_fill[0] == [(1, 2)]
    g._place(0, end("forest", 1), 1, 1, 2)           # a forest end facing S closes it
    # the island has 2 + 1 = 3 spaces: filled with 3 green from the supply
    assert b.count("green") == 3 and g.supply["green"] == 17 and g.pending_fill[0] == []


def test_tactical_setup_start_island_then_keep_two_of_three():
    g = GameState(["A", "B"], seed=9, side="tactical")
    assert g.phase == "setup" and all(len(h) == 3 for h in g.hands)
    assert len(g.offer()) == 2                       # the two sides of A's starting island
    g.apply(SetupStart(1, 2, 1, 0))
    with pytest.raises(RulesError):
        g.apply(Take(0, 0, 0, 0))                    # first put one back
    dropped = g.hands[0][2]
    g.apply(SetupDiscard(2))
    assert g.discard == [dropped] and len(g.hands[0]) == 2
    for _ in range(2):
        g.apply(next(a for a in g.legal_actions()))
    assert len(g.boards[0].grid) == 3 and g.current_player() == 1
    while g.phase == "setup":
        g.apply(g.legal_actions()[-1])
    assert g.phase == "choose" and all(len(b.grid) == 3 for b in g.boards)

"""Isle of Skye game flow: one test (or a few) per phase rule, on hand-set states.

States are set up through the public API and then adjusted by hand (drawn
tiles, gold, VP) with helpers that keep the bag consistent, so every expected
number below can be computed on paper; the comments show how.
"""

from __future__ import annotations

import json

import pytest

from skye_widgets.errors import RulesError
from skye_widgets.skye.game import (
    BadConfigError, BadPricesError, Buy, GameConfig, GameOverError, GameState, NoActionToUndoError,
    NotAnActionError, NotEnoughGoldError,
    NotForSaleError, NotYourTileError, NotYourTurnError, Pass, Place, SetPrices,
    UnknownPlayerError, WrongPhaseError, action_from_dict, round_slots,
)
from skye_widgets.skye.territory import (
    NotAdjacentError, Territory, TerrainMismatchError,
)
from skye_game_helpers import snapshot


def give(g: GameState, p: int, tiles: list[str]) -> None:
    """Replace player p's drawn tiles with ``tiles`` (taken from the bag; the old ones go back)."""
    g.bag.extend(g.displays[p])
    for t in tiles:
        if t not in g.bag:       # drawn by another player: swap with them
            for q in range(g.n_players):
                if t in g.displays[q]:
                    g.displays[q].remove(t)
                    g.displays[q].append(next(b for b in g.bag if b not in tiles))
                    g.bag.remove(g.displays[q][-1])
        else:
            g.bag.remove(t)
    g.displays[p] = list(tiles)


def three_player_buy_phase(gold=(10, 9, 10)) -> GameState:
    """3 players, round 1, everyone has priced; P1 starts the buying.

    P1: tiles 1, 2, 3 -> discards 3, offers 1 for 1 gold and 2 for 1 gold
    P2: tiles 4, 5, 6 -> discards 6, offers 4 for 4 gold and 5 for 3 gold
    P3: tiles 7, 8, 9 -> discards 9, offers 7 for 1 gold and 8 for 1 gold
    """
    g = GameState(GameConfig(players=3, seed=1))
    for p, tiles in enumerate((["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"])):
        give(g, p, tiles)
        g.gold[p] = gold[p]
    g.income_paid = sum(gold)       # keep the gold accounting exact after the hand edit
    g.apply(SetPrices(0, "3", (("1", 1), ("2", 1))))
    g.apply(SetPrices(1, "6", (("4", 4), ("5", 3))))
    g.apply(SetPrices(2, "9", (("7", 1), ("8", 1))))
    return g


# --------------------------------------------------------------------------
# Setup
# --------------------------------------------------------------------------

def test_setup_castles_gold_and_draws():
    g = GameState(GameConfig(players=4, seed=5))
    # round 1 income: 5 for the castle, nothing else (no whisky, nobody ahead)
    assert g.gold == [5, 5, 5, 5]
    assert [len(t) for t in g.territories] == [1, 1, 1, 1]
    assert [t.castle.tile for t in g.territories] == ["castle-red", "castle-blue", "castle-yellow", "castle-white"]
    # 73 tiles, 4 x 3 drawn
    assert len(g.bag) == 73 - 12 and all(len(d) == 3 for d in g.displays)
    assert g.phase == "prices" and g.round_no == 1 and g.n_rounds == 6
    assert sorted(g.scoring) == ["A", "B", "C", "D"] and len(set(g.scoring.values())) == 4


def test_chosen_scoring_tiles_and_rounds_by_player_count():
    g = GameState(GameConfig(players=2, seed=1, scoring=(3, 1, 2, 4)))
    assert g.scoring == {"A": 3, "B": 1, "C": 2, "D": 4}
    assert GameState(GameConfig(players=5, seed=1)).n_rounds == 5
    with pytest.raises(RulesError):
        GameConfig(players=6)
    with pytest.raises(RulesError):
        GameConfig(players=2, scoring=(1, 1, 2, 3))


# --------------------------------------------------------------------------
# Phase 2: secret prices
# --------------------------------------------------------------------------

def test_price_decisions_are_validated_and_change_nothing_when_illegal():
    g = GameState(GameConfig(players=2, seed=2))
    give(g, 0, ["10", "11", "12"])
    before = snapshot(g)
    bad = [
        (SetPrices(0, "13", (("10", 1), ("11", 1))), BadPricesError),     # 13 was not drawn
        (SetPrices(0, "12", (("10", 1),)), BadPricesError),              # tile 11 unpriced
        (SetPrices(0, "12", (("10", 0), ("11", 1))), BadPricesError),    # 0 gold on a tile
        (SetPrices(0, "12", (("10", 3), ("11", 3))), NotEnoughGoldError),  # 6 > 5 gold
        (Buy(0, 1, "10"), WrongPhaseError),
        (Place(0, "10", 1, 0, 0), WrongPhaseError),
    ]
    for action, error in bad:
        with pytest.raises(error):
            g.apply(action)
        assert snapshot(g) == before
    g.apply(SetPrices(0, "12", (("10", 2), ("11", 3))))
    assert g.gold[0] == 0                                  # 5 - 2 - 3
    with pytest.raises(NotYourTurnError):                  # one decision per round
        g.apply(SetPrices(0, "12", (("10", 1), ("11", 1))))


def test_prices_are_secret_until_everyone_has_decided():
    g = GameState(GameConfig(players=3, seed=4))
    d0 = list(g.displays[0])
    g.apply(SetPrices(0, d0[0], ((d0[1], 2), (d0[2], 1))))
    # player 2 (index 1) sees that player 1 decided, but not what, and not the 3 gold spent
    seen = g.view(1)["players"][0]
    assert seen["decided"] is True and "prices" not in seen and "discard" not in seen
    assert seen["gold"] is None                            # gold stays behind the screen
    assert g.view(1, open_hand=True)["players"][0]["gold"] == 5   # teacher's view: gold before pricing
    assert g.view(0)["players"][0]["prices"] == {d0[1]: 2, d0[2]: 1}
    assert g.view(0)["players"][0]["gold"] == 2            # own view: 5 - 3
    # any undecided player may decide next (simultaneous decisions)
    assert g.decision_players() == [1, 2]
    d2 = list(g.displays[2])
    g.apply(SetPrices(2, d2[2], ((d2[0], 1), (d2[1], 1))))
    d1 = list(g.displays[1])
    g.apply(SetPrices(1, d1[1], ((d1[0], 1), (d1[2], 1))))
    # revealed: everybody sees every price; phase 3 put the discards back in the bag
    assert g.phase == "buy"
    assert g.view(2)["players"][0]["prices"] == {d0[1]: 2, d0[2]: 1}
    assert d0[0] in g.bag and d1[1] in g.bag and d2[2] in g.bag
    assert len(g.bag) == 73 - 9 + 3


# --------------------------------------------------------------------------
# Phase 4: buying
# --------------------------------------------------------------------------

def test_seller_receives_the_price_and_takes_back_the_gold_on_the_tile():
    # P2 starts with 9 gold, prices 4 + 3 = 7 -> 2 left; P1 and P3 start with 10 and price 1 + 1 -> 8 left.
    g = three_player_buy_phase(gold=(10, 9, 10))
    assert g.gold == [8, 2, 8]
    assert g.buy_queue == [0, 1, 2]
    g.apply(Buy(0, 1, "5"))
    # P1: 8 - 3 = 5; P2: 2 + 3 (payment) + 3 (the gold P2 had put on the tile) = 8
    assert g.gold == [5, 8, 8]
    g.apply(Buy(1, 2, "7"))
    assert g.gold == [5, 7, 10]                    # P3: 8 + 1 + 1
    assert g.to_build[0] == ["5"] and g.to_build[1] == ["7"]


def test_buying_needs_gold_received_earlier_in_the_phase():
    # P2 has 9, puts 4 + 3 on its tiles -> 2 gold; P3's tiles are raised so P2 needs the sale money.
    g = GameState(GameConfig(players=3, seed=1))
    for p, tiles in enumerate((["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"])):
        give(g, p, tiles)
    g.gold = [10, 9, 10]
    g.income_paid = 29
    g.apply(SetPrices(0, "3", (("1", 1), ("2", 1))))      # P1: 8 left
    g.apply(SetPrices(1, "6", (("4", 4), ("5", 3))))      # P2: 2 left
    g.apply(SetPrices(2, "9", (("7", 6), ("8", 1))))      # P3: 3 left
    # before anyone buys, tile 7 (6 gold) is beyond P2's 2 gold
    assert Buy(1, 2, "7") not in g.legal_actions(1) or g.current_player() != 1
    g.apply(Buy(0, 1, "4"))                               # P1 pays 4: P2 gets 4 + 4 back -> 10
    assert g.gold[1] == 10
    assert Buy(1, 2, "7") in g.legal_actions()
    g.apply(Buy(1, 2, "7"))                               # 10 - 6 = 4; P3: 3 + 6 + 6 = 15
    assert g.gold == [4, 4, 15]


def test_illegal_buys_raise_and_change_nothing():
    g = three_player_buy_phase(gold=(10, 9, 3))           # P3: 3 - 2 = 1 gold after pricing
    before = snapshot(g)
    for action, error in [
        (Buy(0, 0, "1"), NotForSaleError),                # own tile
        (Buy(0, 1, "6"), NotForSaleError),                # discarded, back in the bag
        (Buy(1, 2, "7"), NotYourTurnError),               # P1 buys first
        (SetPrices(0, "1", (("2", 1), ("3", 1))), WrongPhaseError),
    ]:
        with pytest.raises(error):
            g.apply(action)
        assert snapshot(g) == before
    g.apply(Pass(0))
    g.apply(Pass(1))
    before = snapshot(g)
    with pytest.raises(NotEnoughGoldError, match="cannot buy tile 4: it costs 4 gold and they have only 1"):
        g.apply(Buy(2, 1, "4"))                           # price 4 > 1 gold
    assert snapshot(g) == before


def test_one_buy_per_player_then_unsold_tiles_are_kept_and_their_gold_lost():
    g = three_player_buy_phase(gold=(10, 9, 10))
    supply_before = g.gold_to_supply
    g.apply(Buy(0, 2, "8"))      # P1 buys 8 from P3 for 1
    g.apply(Pass(1))
    g.apply(Buy(2, 1, "4"))      # P3 buys 4 from P2 for 4
    # Unsold: P1 keeps 1 and 2 (1 + 1 gold lost), P2 keeps 5 (3 lost), P3 keeps 7 (1 lost): 6 to the supply
    assert g.gold_to_supply - supply_before == 6
    assert g.phase == "build"
    assert sorted(g.to_build[0]) == ["1", "2", "8"]
    assert g.to_build[1] == ["5"]
    assert sorted(g.to_build[2]) == ["4", "7"]
    # gold: P1 8 - 1 = 7; P2 2 + 4 + 4 = 10; P3 8 + 1 + 1 - 4 = 6
    assert g.gold == [7, 10, 6]
    assert all(not d for d in g.displays) and all(not p for p in g.prices)


# --------------------------------------------------------------------------
# Phase 5: build
# --------------------------------------------------------------------------

def _pass_everyone(g: GameState) -> None:
    while g.phase == "buy":
        g.apply(Pass(g.current_player()))


def test_build_places_every_tile_and_checks_placement():
    g = three_player_buy_phase(gold=(10, 9, 10))
    _pass_everyone(g)
    p = g.current_player()
    assert p == 0 and sorted(g.to_build[0]) == ["1", "2"]
    before = snapshot(g)
    with pytest.raises(NotYourTileError):
        g.apply(Place(0, "5", 1, 0, 0))                  # P2's tile
    with pytest.raises(NotYourTurnError):
        g.apply(Place(1, "5", 1, 0, 0))
    assert snapshot(g) == before
    # every legal action is a placement of one of P1's two tiles
    acts = g.legal_actions()
    assert acts and {a.tile for a in acts} == {"1", "2"}
    g.apply(acts[0])
    assert len(g.territories[0]) == 2 and len(g.to_build[0]) == 1


def test_illegal_placement_raises_the_territory_error_and_changes_nothing():
    g = three_player_buy_phase(gold=(10, 9, 10))
    _pass_everyone(g)
    # tile 1 is PPMM: its N side (pasture) cannot touch the castle's S side? castle S is pasture ->
    # put it east of the castle instead, where the castle shows water: tile 1 rotation 0 shows W side = M.
    before = snapshot(g)
    with pytest.raises(TerrainMismatchError):
        g.apply(Place(0, "1", 1, 0, 0))
    assert snapshot(g) == before


UNPLACEABLE_TERRITORY = [("30", -1, 0, 0), ("45", 1, 0, 0), ("25", 0, 1, 0), ("32", 0, -1, 0)]


def test_unplaceable_tile_goes_back_to_the_bag():
    # Castle-red (PWPM) surrounded by tiles 30 (PMPP), 45 (PPPW), 25 (PPPM), 32 (PPPM), all
    # rotation 0: every empty cell next to this territory faces at least one pasture side
    # (checked by hand: the outer sides are all P except the M west sides of 25 and 32, and the
    # cells beside those also touch a P side). Tile 61 (WMMW) has no pasture side: it fits nowhere.
    g = three_player_buy_phase(gold=(10, 9, 10))
    t = Territory("castle-red")
    for tid, x, y, r in UNPLACEABLE_TERRITORY:
        t.place(tid, x, y, r)
        g.bag.remove(tid)
    assert not t.can_place("61")
    g.territories[0] = t
    # P1 "bought" 61 (hand-moved from the bag); the others buy both of P1's tiles, so 61 is
    # P1's only tile this round (a tile placed first could otherwise open a place for it)
    g.bag.remove("61")
    g.to_build[0].append("61")
    gold_before = g.gold[0]
    g.apply(Pass(0))
    g.apply(Buy(1, 0, "1"))
    g.apply(Buy(2, 0, "2"))
    # P1 has nothing placeable: 61 went straight back to the bag, no gold refunded
    # (P1 received 1 + 1 for each of the two tiles sold: +4)
    assert g.phase == "build" and g.current_player() == 1
    assert g.returned == [(0, "61")] and "61" in g.bag
    assert g.to_build[0] == [] and len(g.territories[0]) == 5
    assert g.gold[0] == gold_before + 4
    assert "61 fits nowhere" in " ".join(e.text for e in g.log)


def test_the_player_chooses_the_build_order_and_may_strand_a_tile_on_purpose():
    # Castle-blue (PWPM) with tile 19 (PMPP, rotation 0) west of it. Every empty cell next to
    # this territory touches a pasture side except (1, 0), which touches only the castle's east
    # water side. Tile 15 (MMMW) has no pasture side: it fits only at (1, 0), rotation 0 (its
    # west water side against the castle's water). Tile 29 (PWPP) also fits at (1, 0), rotation 2
    # (its printed east water side turned to face west), and in many other places.
    def setup() -> GameState:
        g = three_player_buy_phase(gold=(10, 9, 10))
        t = Territory("castle-blue")
        t.place("19", -1, 0, 0)
        for tid in ("19", "29", "15"):
            g.bag.remove(tid)
        g.territories[1] = t
        g.to_build[1].extend(["29", "15"])
        # P1 buys tile 4 and P3 tile 5 from P2, so 29 and 15 are P2's only tiles this round
        g.apply(Buy(0, 1, "4"))
        g.apply(Pass(1))
        g.apply(Buy(2, 1, "5"))
        while g.current_player() == 0:                 # P1 builds first (start player)
            g.apply(g.legal_actions()[0])
        assert g.current_player() == 1 and sorted(g.to_build[1]) == ["15", "29"]
        return g

    g = setup()
    assert [a for a in g.legal_actions() if a.tile == "15"] == [Place(1, "15", 1, 0, 0)]
    # P2 chooses to place 29 first, on the only spot 15 had: every open side is now pasture,
    # so 15 fits nowhere and goes back to the bag (the rulebook leaves the order to the player)
    g.apply(Place(1, "29", 1, 0, 2))
    assert g.returned == [(1, "15")] and "15" in g.bag and g.to_build[1] == []
    assert any(e.text.startswith("Tile 15 fits nowhere") for e in g.log)
    # the other order keeps both: 15 first, then 29 still has legal spots
    g = setup()
    g.apply(Place(1, "15", 1, 0, 0))
    assert g.to_build[1] == ["29"] and g.returned == []
    assert g.legal_actions() and all(a.tile == "29" for a in g.legal_actions())


# --------------------------------------------------------------------------
# Phase 1: income, including catch-up
# --------------------------------------------------------------------------

def test_catch_up_income_from_round_3():
    from skye_widgets.skye import scoring
    g = GameState(GameConfig(players=3, seed=1))
    # castle-only territories (no whisky): income is 5 + catch-up only.
    # Round 3 pays 1 gold per player ahead, round 4 pays 2 (rulebook: 1/2/3/4 in rounds 3-6).
    for round_no, per_player in ((2, 0), (3, 1), (4, 2), (5, 3), (6, 4)):
        incomes = [scoring.income(g.territories[p], round_no=round_no, players_ahead=ahead, n_players=3).points
                   for p, ahead in ((0, 2), (1, 1), (2, 0))]
        assert incomes == [5 + 2 * per_player, 5 + per_player, 5]
    # and the game asks for it with the right number of players ahead: VP 0 / 3 / 5 before round 3
    g.round_no, g.vp, g.gold = 3, [0, 3, 5], [0, 0, 0]
    g.income_paid = 0
    g.bag.extend(t for d in g.displays for t in d)
    g._start_round()                 # phase 1 of round 3 (a private step: normally run by the flow)
    assert g.gold == [7, 6, 5]       # 5 + 2x1, 5 + 1x1, 5


def test_ties_on_vp_do_not_count_as_ahead():
    g = GameState(GameConfig(players=3, seed=1))
    g.round_no, g.vp, g.gold = 4, [4, 4, 4], [0, 0, 0]
    g.bag.extend(t for d in g.displays for t in d)
    g._start_round()
    assert g.gold == [5, 5, 5]       # nobody has more VP than anybody else


# --------------------------------------------------------------------------
# Phase 6, rounds, end of the game
# --------------------------------------------------------------------------

def _finish_round(g: GameState) -> None:
    r = g.round_no
    while not g.is_over() and g.round_no == r:
        p = g.current_player()
        g.apply(g.legal_actions(p)[0] if g.phase != "prices" else _cheap_prices(g, p))


def _cheap_prices(g: GameState, p: int) -> SetPrices:
    d = g.displays[p]
    return SetPrices(p, d[0], tuple((t, 1) for t in d[1:]))


def test_start_player_rotates_clockwise_and_buying_starts_with_them():
    g = GameState(GameConfig(players=3, seed=8, start_player=1))
    starts = []
    while not g.is_over():
        starts.append(g.start_player)
        for p in range(3):
            g.apply(_cheap_prices(g, p))
        assert g.buy_queue == [g.start_player, (g.start_player + 1) % 3, (g.start_player + 2) % 3]
        _finish_round(g)
    assert starts == [1, 2, 0, 1, 2, 0]


def test_round_track_each_slot_scored_three_times_4_players():
    g = GameState(GameConfig(players=4, seed=3))
    while not g.is_over():
        for p in g.decision_players():
            g.apply(_cheap_prices(g, p))
        _finish_round(g)
    assert g.round_no == 6
    slots = [s.slot for s in g.slot_scores]
    assert all(slots.count(s) == 3 for s in "ABCD") and len(slots) == 12
    # rulebook: round 1 scores A, round 2 B
    assert [s.slot for s in g.slot_scores if s.round_no == 1] == list(round_slots(4, 1))


def test_five_player_track_five_rounds():
    g = GameState(GameConfig(players=5, seed=3))
    rounds_played = 0
    while not g.is_over():
        for p in g.decision_players():
            g.apply(_cheap_prices(g, p))
        _finish_round(g)
        rounds_played += 1
    assert rounds_played == 5 and g.round_no == 5
    slots = [s.slot for s in g.slot_scores]
    assert all(slots.count(s) == 3 for s in "ABCD")      # 12 scorings over 5 rounds
    for r in range(1, 6):
        assert tuple(s.slot for s in g.slot_scores if s.round_no == r) == round_slots(5, r)
    with pytest.raises(GameOverError):
        g.apply(Pass(0))


def test_tie_break_by_gold_then_shared_win():
    g = GameState(GameConfig(players=3, seed=1))
    g.phase = "over"
    g.vp, g.gold = [30, 30, 29], [4, 7, 50]
    assert g.winners() == [1]                 # 30 VP each, 7 gold beats 4; 29 VP loses despite 50 gold
    assert g.returns() == [0.0, 1.0, 0.0]
    assert [r.rank for r in g.results()] == [2, 1, 3]
    g.gold = [7, 7, 50]
    assert g.winners() == [0, 1]              # same VP and gold: shared win
    assert g.returns() == [0.5, 0.5, 0.0]
    assert g.summary()["winners"] == ["Player 1", "Player 2"]


def test_actions_round_trip_through_dicts():
    for a in (SetPrices(1, "5", (("6", 2), ("7", 1))), Buy(2, 0, "33"), Pass(3), Place(0, "12", -1, 2, 3)):
        assert action_from_dict(a.to_dict()) == a
        assert type(a).from_dict(json.loads(json.dumps(a.to_dict()))) == a     # JSON-able
    with pytest.raises(ValueError):
        action_from_dict({"type": "steal", "player": 0})


# --------------------------------------------------------------------------
# Malformed actions (wrong types) are refused like illegal ones
# --------------------------------------------------------------------------

def test_malformed_actions_are_refused_when_made():
    """Actions check their own fields strictly when made: nothing is converted."""
    bad = [
        lambda: SetPrices(True, "12", (("10", 1), ("11", 1))),     # True is not player 1
        lambda: SetPrices(0, "12", (("10", True), ("11", 1))),     # True is not 1 gold
        lambda: SetPrices(0, "12", (("10", 1.0), ("11", 1))),      # nor is 1.0
        lambda: SetPrices(0, "12", None),
        lambda: SetPrices(0, "12", (("10", 1, 2),)),
        lambda: SetPrices(0, "12", [("10", 1), ("11", 1)]),        # a list is not converted
        lambda: SetPrices(0, "12", {"10": 2, "11": 1}),            # nor a dict (SetPrices.of takes one)
        lambda: SetPrices(0, 12, (("10", 1), ("11", 1))),          # the tile id is a string
        lambda: SetPrices(0, "12", ((10, 1), ("11", 1))),
        lambda: SetPrices(5, "12", (("10", 1), ("11", 1))),        # no game has a sixth player
        lambda: Buy(0, True, "4"),                                 # True is not seat 1
        lambda: Buy(0, 1, 4),
        lambda: Buy(0.0, 1, "4"),
        lambda: Pass(False),                                       # nor False seat 0
        lambda: Pass(-1),
        lambda: Pass("0"),
        lambda: Place(0, "12", "1", 0, 0),
        lambda: Place(0, "12", 1.0, 0, 0),
        lambda: Place(0, "12", 0, True, 0),
        lambda: Place(0, "12", 0, 0, 4),
        lambda: Place(0, "12", 0, 0, 1.0),
        lambda: Place(0, "12", 10**9, 0, 0),
        lambda: Place(0, None, 0, 0, 0),
    ]
    for make in bad:
        with pytest.raises(NotAnActionError):
            make()
    assert SetPrices.of(0, "12", {"10": 2, "11": 1}) == SetPrices(0, "12", (("10", 2), ("11", 1)))
    with pytest.raises(NotAnActionError):
        SetPrices.of(0, "12", [("10", 2)])


def test_well_formed_but_wrong_actions_raise_specific_errors_and_change_nothing():
    g = GameState(GameConfig(players=2, seed=2))
    give(g, 0, ["10", "11", "12"])
    before = snapshot(g)
    bad = [
        (SetPrices(2, "12", (("10", 1), ("11", 1))), UnknownPlayerError),      # a 2-player game
        (SetPrices(0, "12", (("10", 0), ("11", 1))), BadPricesError),         # 0 gold
        (SetPrices(0, "12", (("10", -1), ("11", 1))), BadPricesError),
        (SetPrices(0, "12", (("10", 1),)), BadPricesError),                   # tile 11 unpriced
        ("not an action", NotAnActionError),
        (("prices", 0), NotAnActionError),
    ]
    for action, error in bad:
        with pytest.raises(error):
            g.apply(action)
        assert snapshot(g) == before, action
    g.apply(SetPrices.of(0, "12", {"10": 2, "11": 1}))
    assert g.gold[0] == 5 - 2 - 1


def test_malformed_buy_and_place_raise_specific_errors_and_change_nothing():
    g = three_player_buy_phase(gold=(10, 9, 10))
    before = snapshot(g)
    with pytest.raises(UnknownPlayerError):
        g.apply(Buy(0, 3, "4"))                     # a 3-player game has no seat 3
    with pytest.raises(UnknownPlayerError):
        g.apply(Pass(4))
    assert snapshot(g) == before
    _pass_everyone(g)
    before = snapshot(g)
    legal = g.legal_actions()[0]
    with pytest.raises(NotAdjacentError):           # well-formed, but far from the territory
        g.apply(Place(0, legal.tile, 500, 0, legal.rotation))
    assert snapshot(g) == before


def test_config_refuses_wrong_types():
    for kwargs in ({"players": 4.0}, {"players": True}, {"players": "4"}, {"seed": 1.5}, {"seed": None},
                   {"names": ("a", 2)}, {"names": ("a", "")}, {"scoring": (1, 2, 3, True)},
                   {"start_player": 1.0}):
        with pytest.raises(BadConfigError):
            GameConfig(**{"players": 2, **kwargs})
    # lists are fine and kept as tuples (configs compare and hash as values)
    c = GameConfig(players=2, names=["Ann", "Bob"], scoring=[3, 1, 2, 4])
    assert c.names == ("Ann", "Bob") and c.scoring == (3, 1, 2, 4) and hash(c) == hash(GameConfig(
        players=2, names=("Ann", "Bob"), scoring=(3, 1, 2, 4)))


def test_undo_at_the_start_is_a_specific_error():
    g = GameState(GameConfig(players=2, seed=1))
    before = snapshot(g)
    with pytest.raises(NoActionToUndoError):
        g.undo()
    assert snapshot(g) == before

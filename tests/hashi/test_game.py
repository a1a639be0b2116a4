"""Hashi flip-and-write rules, one test per rule, on hand-built positions.

Board "skerries-a" (cells (x, y): x across, y down; R red flag, B blue flag):

       0 1 2 3 4 5 6 7
    0  R . o . . o . B
    2  o . . R . o . o
    3  . . o . . o . .
    4  o . . B . o . R
    6  R . o . . o . B

Its dotted lines join line-of-sight neighbours; (2,0)-(2,3) crosses (0,2)-(3,2).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from skye_widgets.errors import FileFormatError
from skye_widgets.hashi.board import Board, Island, load_board
from skye_widgets.hashi.game import (ActionOrderError, Bridge, BridgeCountError, Card, CrossingBridgeError,
                                     EndTurn, FlagNeedsBridgeError, HashiGame, IslandFullError,
                                     IslandNumberedError, NoDottedLineError, NoNumberedEndError,
                                     NotAnIslandError, NumberBelowBridgesError, PairFullError, Setup,
                                     SetupRuleError, Sheet, Write, WrongPhaseError, default_deck, rank_title)
from skye_widgets.errors import NoActionToUndoError

A = load_board("skerries-a")


def stacked(*played: Card, removed: Card = Card(6, 3)) -> list[Card]:
    """An 18-card deck whose removed card is ``removed`` and whose first cards are ``played``."""
    rest = list(default_deck())
    for c in (removed, *played):
        rest.remove(c)
    return [removed, *played, *rest]


def new_game(players=("Solo",), *played: Card, setups=((2, 0),), number=4) -> HashiGame:
    g = HashiGame(A, players, deck=stacked(*played), shuffle=False)
    for cell in setups:
        g.apply(Setup(cell, number))
    return g


def put(sheet: Sheet, numbers: dict, bridges: list) -> None:
    """Hand-build a position on a sheet (numbers written, bridges drawn)."""
    for cell, n in numbers.items():
        sheet.numbers[cell] = n
    for a, b in bridges:
        sheet.add_bridge(a, b)


def end_round(g: HashiGame) -> None:
    for _ in g.players:
        g.apply(EndTurn())


def unchanged(g: HashiGame, action, error):
    before = json.dumps(g.to_dict()), g.turn_wrote, g.turn_drawn, g.current_player()
    with pytest.raises(error) as e:
        g.apply(action)
    assert (json.dumps(g.to_dict()), g.turn_wrote, g.turn_drawn, g.current_player()) == before
    return str(e.value)


# -- deck -------------------------------------------------------------------

def test_default_deck_is_each_number_three_times_with_1_2_3_bridges():
    deck = default_deck()
    assert len(deck) == 18
    assert Counter(c.number for c in deck) == {n: 3 for n in range(1, 7)}
    assert {c.bridges for c in deck if c.number == 5} == {1, 2, 3}


def test_one_card_removed_unseen_and_17_played_in_seeded_order():
    g1, g2, g3 = (HashiGame(A, seed=s) for s in (7, 7, 8))
    assert len(g1.pile) == 17 and g1.pile == g2.pile and g1.pile != g3.pile
    removed = Counter(default_deck()) - Counter(g1.pile)
    assert sum(removed.values()) == 1
    # the removed card is counted among the unseen cards, never shown as played
    assert len(g1.unseen_cards()) == 18


def test_a_configured_deck_must_be_18_valid_cards():
    with pytest.raises(ValueError, match="18 cards"):
        HashiGame(A, deck=default_deck()[:17])
    with pytest.raises(ValueError, match="1-6"):
        HashiGame(A, deck=[Card(7, 1)] * 18)
    g = HashiGame(A, deck=[Card(2, 2)] * 18)
    assert set(g.pile) == {Card(2, 2)}


def test_one_to_four_players():
    with pytest.raises(ValueError):
        HashiGame(A, players=["a"] * 5)


@pytest.mark.parametrize("kwargs, expected", [
    ({"players": []}, "1-4 players, not 0"),
    ({"seed": None}, "The seed is a whole number"),   # random.Random(None) would not replay
    ({"seed": 1.5}, "The seed is a whole number"),
    ({"deck": [Card(1.5, 2)] * 18}, "A card is a number 1-6"),
])
def test_a_bad_setup_is_a_rules_error_saying_why(kwargs, expected):
    from skye_widgets.errors import RulesError
    from skye_widgets.hashi.game import BadConfigError
    with pytest.raises(BadConfigError, match=expected) as e:
        HashiGame(A, **kwargs)
    assert isinstance(e.value, RulesError)


# -- setup ------------------------------------------------------------------

def test_setup_is_a_3_or_a_4_on_an_island_without_a_flag():
    g = HashiGame(A)
    assert "3 or a 4" in unchanged(g, Setup((2, 0), 5), SetupRuleError)
    assert "red flag" in unchanged(g, Setup((0, 0), 3), SetupRuleError)
    unchanged(g, Setup((1, 1), 3), NotAnIslandError)
    unchanged(g, Write((2, 0)), WrongPhaseError)
    assert len(g.legal_actions()) == 11 * 2  # 11 islands without a flag, two numbers
    g.apply(Setup((2, 0), 3))
    assert g.phase == "play" and g.sheet(0).numbers == {(2, 0): 3}  # solo keeps the board
    unchanged(g, Setup((0, 2), 3), WrongPhaseError)


def test_boards_are_passed_to_the_left():
    g = HashiGame(A, players=["P0", "P1", "P2"])
    for cell in [(2, 0), (0, 2), (2, 6)]:
        g.apply(Setup(cell, 4))
    # player i now plays the board written by player i-1 (its right-hand neighbour)
    assert [list(g.sheet(p).numbers) for p in range(3)] == [[(2, 6)], [(2, 0)], [(0, 2)]]
    assert g.setup_by == [2, 0, 1]


# -- action a -----------------------------------------------------------------

def test_rulebook_example_tome_card_5_with_3_bridges():
    # The neighbour on the right wrote a 4; card 5 / 3 bridges. No bridge yet, so the 5 can't
    # go on a flag island; Tomé writes it on a plain island, then draws one bridge from the 4
    # and two from the 5.
    g = HashiGame(A, players=["Tomé", "Right"], deck=stacked(Card(5, 3)), shuffle=False)
    g.apply(Setup((5, 4), 3))   # Tomé's own board goes to Right
    g.apply(Setup((0, 2), 4))   # Right's board, with the 4, comes to Tomé
    assert g.card == Card(5, 3) and g.current_player() == 0
    assert "flag" in unchanged(g, Write((0, 0)), FlagNeedsBridgeError)
    g.apply(Write((2, 0)))
    for bridge in [Bridge((0, 2), (0, 4)), Bridge((2, 0), (5, 0)), Bridge((5, 0), (2, 0))]:
        g.apply(bridge)
    g.apply(EndTurn())
    s = g.sheet(0)
    assert s.numbers == {(0, 2): 4, (2, 0): 5}
    assert s.bridges == {((0, 2), (0, 4)): 1, ((2, 0), (5, 0)): 2}
    assert (s.degree((0, 2)), s.degree((2, 0)), s.degree((5, 0))) == (1, 2, 2)


def test_write_only_on_a_free_island_once_per_card_and_before_bridges():
    g = new_game(("Solo",), Card(2, 1), Card(3, 1))
    assert "already has the number 4" in unchanged(g, Write((2, 0)), IslandNumberedError)
    g.apply(Write((5, 0)))
    assert "already written" in unchanged(g, Write((5, 2)), ActionOrderError)
    g.undo()
    g.apply(Bridge((2, 0), (5, 0)))
    assert "before the bridges" in unchanged(g, Write((5, 2)), ActionOrderError)


def test_flag_island_takes_a_number_once_a_bridge_reaches_it():
    g = new_game(("Solo",), Card(2, 1), Card(1, 1))
    unchanged(g, Write((0, 0)), FlagNeedsBridgeError)
    g.apply(Bridge((2, 0), (0, 0)))  # skip action a, bridge from the 4 to the red flag
    g.apply(EndTurn())
    g.apply(Write((0, 0)))           # card 2: the 1 now goes on the red island
    assert g.sheet(0).is_finished((0, 0))  # one bridge = its number 1: finished at once


def test_number_never_smaller_than_the_bridges_already_there():
    g = new_game(("Solo",), Card(5, 2), Card(1, 1), Card(2, 1))
    g.apply(Write((5, 0)))
    g.apply(Bridge((5, 0), (5, 2)))
    g.apply(Bridge((5, 0), (5, 2)))
    g.apply(EndTurn())
    # (5,2) has 2 bridges: a 1 can't go there, a 2 can (and finishes it)
    assert "at least 2" in unchanged(g, Write((5, 2)), NumberBelowBridgesError)
    g.apply(EndTurn())
    g.apply(Write((5, 2)))
    assert g.sheet(0).is_finished((5, 2))


# -- action b -----------------------------------------------------------------

def test_bridges_only_along_dotted_lines():
    g = new_game(("Solo",), Card(3, 1))
    # (2,0)-(5,2) is diagonal; (0,0)-(5,0) passes the island (2,0): no dotted line
    assert "No dotted line" in unchanged(g, Bridge((2, 0), (5, 2)), NoDottedLineError)
    unchanged(g, Bridge((0, 0), (5, 0)), NoDottedLineError)
    unchanged(g, Bridge((2, 0), (2, 0)), NoDottedLineError)


def test_never_between_two_unnumbered_islands():
    g = new_game(("Solo",), Card(3, 1))
    assert "Neither" in unchanged(g, Bridge((0, 2), (0, 4)), NoNumberedEndError)


def test_at_most_two_bridges_between_two_islands():
    g = new_game(("Solo",), Card(5, 3))
    g.apply(Write((5, 0)))
    g.apply(Bridge((2, 0), (5, 0)))
    g.apply(Bridge((2, 0), (5, 0)))
    assert "already joined by 2" in unchanged(g, Bridge((5, 0), (2, 0)), PairFullError)


def test_bridges_never_cross():
    g = new_game(("Solo",), Card(3, 1), Card(2, 1))
    g.apply(Write((0, 2)))
    g.apply(Bridge((2, 0), (2, 3)))
    g.apply(EndTurn())
    assert "cross" in unchanged(g, Bridge((0, 2), (3, 2)), CrossingBridgeError)
    assert Bridge((0, 2), (3, 2)) not in g.legal_actions()


def test_rulebook_example_lionel_finished_island_takes_no_more():
    # a 3 with 3 bridges is finished and circled; no more bridges may leave it
    g = new_game(("Solo",), Card(2, 3), Card(2, 1), number=3)
    g.apply(Bridge((2, 0), (5, 0)))
    g.apply(Bridge((2, 0), (5, 0)))
    g.apply(Bridge((2, 0), (0, 0)))
    assert g.sheet(0).is_finished((2, 0))
    g.apply(EndTurn())
    g.apply(Write((5, 0)))          # a 2 on (5,0): it already has 2 bridges, finished too
    assert "finished and takes no more" in unchanged(g, Bridge((2, 0), (2, 3)), IslandFullError)


def test_never_more_than_six_bridges_at_an_unnumbered_island():
    s = Sheet(A)
    # (5,2) has four neighbours; three of them numbered 2, each joined to it by 2 bridges
    put(s, {(5, 0): 2, (3, 2): 2, (7, 2): 2, (5, 3): 1},
        [((5, 0), (5, 2))] * 2 + [((3, 2), (5, 2))] * 2 + [((7, 2), (5, 2))] * 2)
    assert s.degree((5, 2)) == 6
    with pytest.raises(IslandFullError, match="6 bridges"):
        s.check_bridge((5, 3), (5, 2))


def test_exactly_the_cards_bridges_or_none():
    g = new_game(("Solo",), Card(4, 2))
    g.apply(Bridge((2, 0), (5, 0)))
    assert "1 of the card's 2" in unchanged(g, EndTurn(), BridgeCountError)
    g.apply(Bridge((2, 0), (0, 0)))
    assert "all drawn" in unchanged(g, Bridge((2, 0), (2, 3)), BridgeCountError)
    assert g.legal_actions() == [EndTurn()]
    g.apply(EndTurn())


def test_skipping_both_actions_is_allowed():
    g = new_game(("Solo",), Card(4, 2))
    g.apply(EndTurn())
    assert g.round == 2 and g.sheet(0).bridges == {}


def test_a_bridge_that_makes_the_card_impossible_is_refused():
    # two islands and one dotted line: a 3 there can get at most 2 bridges, so a card
    # with 3 bridges can't be played - the first bridge is refused, and "none" stays open
    tiny = Board("tiny", "A", 3, 1, (Island((0, 0)), Island((2, 0))), (((0, 0), (2, 0)),), standard=False)
    deck = [Card(1, 1)] + [Card(2, 3)] * 17
    g = HashiGame(tiny, deck=deck, shuffle=False)
    g.apply(Setup((0, 0), 3))
    assert "could not be drawn" in unchanged(g, Bridge((0, 0), (2, 0)), BridgeCountError)
    assert g.legal_actions() == [Write((2, 0)), EndTurn()]


def test_undo_takes_back_one_action_at_a_time_back_to_the_start():
    g = new_game(("Solo",), Card(5, 2), Card(1, 1))
    start = g.to_dict()
    g.apply(Write((5, 0)))
    g.apply(Bridge((2, 0), (5, 0)))
    assert g.undo() == Bridge((2, 0), (5, 0))
    assert g.sheet(0).bridges == {} and g.sheet(0).degree((5, 0)) == 0
    assert g.undo() == Write((5, 0))
    assert g.sheet(0).numbers == {(2, 0): 4} and g.to_dict() == start
    g.apply(EndTurn())                     # a finished turn (card 1 scored) is taken back too
    assert g.round == 2 and g.undo() == EndTurn() and g.round == 1 and g.to_dict() == start
    assert g.undo() == Setup((2, 0), 4)    # ... and so is the setup
    assert g.phase == "setup" and g.sheet(0).numbers == {} and g.history == []
    with pytest.raises(NoActionToUndoError):
        g.undo()


def test_undo_across_the_pass_and_the_end_restores_everything():
    # two players: undoing the second setup un-passes the boards; undoing the last EndTurn
    # of the game takes back its scoring
    g = HashiGame(A, ["A", "B"], seed=9)
    g.apply(Setup((2, 0), 4))
    before = (g.to_dict(), [dict(s.numbers) for s in g.sheets], g.setup_by)
    g.apply(Setup((2, 6), 3))
    assert g.phase == "play" and g.setup_by == [1, 0]
    g.undo()
    assert (g.to_dict(), [dict(s.numbers) for s in g.sheets], g.setup_by) == before and g.phase == "setup"
    g.apply(Setup((2, 6), 3))
    while g.round < 17 or g.current_player() == 0:
        g.apply(EndTurn())
    last = g.to_dict()
    g.apply(EndTurn())
    assert g.is_over() and g.current_player() == -1 and g.returns() == [0.5, 0.5]
    g.undo()
    assert not g.is_over() and g.to_dict() == last and g.returns() == [0.0, 0.0]


def test_players_act_in_turn_on_the_same_card():
    g = new_game(("A", "B"), Card(3, 1), setups=((2, 0), (2, 6)))
    assert g.current_player() == 0 and g.card == Card(3, 1)
    g.apply(EndTurn())
    assert g.current_player() == 1 and g.card == Card(3, 1) and g.round == 1
    g.apply(EndTurn())
    assert g.current_player() == 0 and g.round == 2


# -- scoring ------------------------------------------------------------------

# Red islands finished: each red gets a 1 and a bridge from a numbered plain neighbour (a 3,
# left unfinished), so nothing else is finished.
RED = ({(2, 0): 3, (5, 2): 3, (5, 4): 3, (2, 6): 3, (0, 0): 1, (3, 2): 1, (7, 4): 1, (0, 6): 1},
       [((0, 0), (2, 0)), ((3, 2), (5, 2)), ((7, 4), (5, 4)), ((0, 6), (2, 6))])
# Blue islands finished the same way (their partners are 3s with one bridge).
BLUE = ({(5, 0): 3, (0, 4): 3, (5, 6): 3, (7, 0): 1, (3, 4): 1, (7, 6): 1},
        [((7, 0), (5, 0)), ((3, 4), (0, 4)), ((7, 6), (5, 6))])
# Fifteen islands finished (all but the three blue ones), every number = its bridges:
# one network of 15, so also "six connected"; degrees counted by hand from this list.
NETWORK = [((0, 0), (2, 0)), ((2, 0), (5, 0)), ((5, 0), (5, 2)), ((5, 2), (3, 2)), ((5, 2), (7, 2)),
           ((7, 2), (7, 4)), ((7, 4), (5, 4)), ((5, 4), (5, 3)), ((5, 4), (5, 6)), ((5, 6), (2, 6)),
           ((2, 6), (0, 6)), ((0, 6), (0, 4)), ((0, 4), (0, 2)), ((0, 2), (0, 0)), ((2, 0), (2, 3))]
FIFTEEN = ({(0, 0): 2, (2, 0): 3, (5, 0): 2, (5, 2): 3, (3, 2): 1, (7, 2): 2, (7, 4): 2, (5, 4): 3,
            (5, 3): 1, (5, 6): 2, (2, 6): 2, (0, 6): 2, (0, 4): 2, (0, 2): 2, (2, 3): 1}, NETWORK)


def test_fifteen_position_is_what_the_comment_says():
    s = Sheet(A)
    put(s, *FIFTEEN)
    assert len(s.finished()) == 15 and len(s.finished_groups()[0]) == 15
    assert s.meets("red") and s.meets("six") and not s.meets("blue")


def play_to_end(g):
    while not g.is_over():
        g.apply(EndTurn())


def test_red_same_round_rule_9_for_all_first_then_5():
    g = new_game(("P0", "P1", "P2"), setups=((2, 0), (2, 6), (5, 2)))
    end_round(g)                      # card 1: nobody
    put(g.sheet(0), *RED)
    put(g.sheet(1), *RED)
    end_round(g)                      # card 2: P0 and P1 together -> 9 each
    put(g.sheet(2), *RED)
    end_round(g)                      # card 3: P2 later -> 5
    assert [(a.player, a.card, a.points) for a in g.achievements] == [(0, 2, 9), (1, 2, 9), (2, 3, 5)]
    end_round(g)                      # nobody scores a category twice
    assert len(g.achievements) == 3
    assert [s.points for s in g.scores()] == [9, 9, 5]


def test_blue_scores_7_first_and_3_later():
    g = new_game(("P0", "P1"), setups=((2, 0), (2, 6)))
    put(g.sheet(1), *BLUE)
    end_round(g)
    put(g.sheet(0), *BLUE)
    end_round(g)
    assert [(a.category, a.player, a.points) for a in g.achievements] == [("blue", 1, 7), ("blue", 0, 3)]


def test_six_needs_no_unfinished_island_between():
    s = Sheet(A)
    chain = [((0, 0), (2, 0)), ((2, 0), (5, 0)), ((5, 0), (5, 2)), ((5, 2), (7, 2)), ((7, 2), (7, 4)),
             ((7, 4), (5, 4))]
    # numbers = bridges (1,2,2,_,2,2,1) except the middle island (5,2), a 4 with 2 bridges
    put(s, {(0, 0): 1, (2, 0): 2, (5, 0): 2, (5, 2): 4, (7, 2): 2, (7, 4): 2, (5, 4): 1}, chain)
    assert [len(g) for g in s.finished_groups()] == [3, 3]
    assert s.meets("six") is None
    s.numbers[(5, 2)] = 2  # now it is finished too: one group of 7
    assert s.meets("six") == ((0, 0), (2, 0), (5, 0), (5, 2), (7, 2), (5, 4), (7, 4))


def test_rulebook_example_sara_39():
    # Sara finished 15 islands (30 points) plus 5 for red and 4 for six (both later): 39.
    g = new_game(("Other", "Sara"), setups=((2, 0), (2, 6)))
    put(g.sheet(0), *FIFTEEN)
    end_round(g)                      # the other player is first: 9 + 8
    put(g.sheet(1), *FIFTEEN)
    play_to_end(g)
    sara = g.score(1)
    assert sara.points == 39
    assert sorted(i.points for i in sara.breakdown) == [4, 5, 30]
    assert g.score(0).points == 30 + 9 + 8
    assert g.winners() == [0]


def test_finished_islands_count_2_each_at_the_end_only():
    g = new_game(("Solo",))
    put(g.sheet(0), {(2, 0): 4, (5, 0): 2, (0, 0): 2}, [((2, 0), (5, 0))] * 2 + [((2, 0), (0, 0))] * 2)
    end_round(g)
    assert g.score(0).points == 0     # (2,0), (5,0), (0,0) finished but not yet counted
    play_to_end(g)
    # 3 finished islands x 2 = 6; (0,0) is red but the other reds are not finished
    assert g.score(0).points == 6
    assert g.score(0).breakdown[-1].reason == "3 finished islands x 2"


def test_ties_share_the_win():
    g = new_game(("P0", "P1"), setups=((2, 0), (2, 6)))
    put(g.sheet(0), *RED)
    put(g.sheet(1), *RED)
    play_to_end(g)
    assert [s.points for s in g.scores()] == [9 + 4 * 2, 9 + 4 * 2]  # red + the 4 finished reds
    assert g.winners() == [0, 1]


# -- solo ---------------------------------------------------------------------

@pytest.mark.parametrize("card, points", [(7, 7), (8, 3)])
def test_solo_blue_full_only_by_card_7(card, points):
    g = new_game()
    for _ in range(card - 1):
        end_round(g)
    put(g.sheet(0), *BLUE)
    end_round(g)
    assert [(a.category, a.card, a.points) for a in g.achievements] == [("blue", card, points)]


@pytest.mark.parametrize("card, red, six", [(12, 9, 8), (13, 5, 4)])
def test_solo_red_and_six_full_only_by_card_12(card, red, six):
    g = new_game()
    for _ in range(card - 1):
        end_round(g)
    put(g.sheet(0), *FIFTEEN)
    end_round(g)
    assert {a.category: a.points for a in g.achievements} == {"red": red, "six": six}


def test_solo_piles_are_7_5_5():
    g = new_game()
    piles = []
    while not g.is_over():
        piles.append(g.solo_pile())
        g.apply(EndTurn())
    assert Counter(piles) == {1: 7, 2: 5, 3: 5}


@pytest.mark.parametrize("total, title", [
    (0, "Errand Runner"), (40, "Errand Runner"), (41, "Water Carrier"), (42, "Water Carrier"),
    (43, "Bamboo Binder"), (46, "Bolt Tightener"), (47, "Concrete Pourer"), (50, "Site Foreman"),
    (51, "Bridge Keeper"), (52, "Planning Specialist"), (53, "Planning Specialist"),
    (54, "Structural Engineer"), (56, "Ace Architect"), (58, "Master Builder"), (59, "Master Builder"),
    (60, "Lord of the Islands")])
def test_rank_titles_follow_the_rulebook_bands(total, title):
    assert rank_title(total) == title


def test_solo_game_gets_a_rank_title_and_multiplayer_none():
    g = new_game()
    play_to_end(g)
    assert g.rank_title() == "Errand Runner"
    assert HashiGame(A, ["a", "b"]).rank_title() is None


# -- files --------------------------------------------------------------------

def played(seed=3) -> HashiGame:
    # A plays the board B set up (a 4 at (2,6)); B plays A's (a 4 at (2,0))
    g = new_game(("A", "B"), Card(5, 3), Card(2, 1), setups=((2, 0), (2, 6)))
    for a in [Write((2, 0)), Bridge((2, 0), (5, 0)), Bridge((2, 0), (5, 0)), Bridge((2, 0), (2, 3)), EndTurn(),
              EndTurn(), Write((5, 2))]:
        g.apply(a)
    return g


def test_save_load_round_trip_mid_turn(tmp_path):
    g = played()
    path = tmp_path / "g.json"
    g.save(path)
    h = HashiGame.load(path)
    assert h.to_dict() == g.to_dict()
    assert h.turn_wrote == (5, 2) and h.current_player() == 0 and h.round == 2
    assert h.sheet(1).bridges == g.sheet(1).bridges


def test_replay_by_seed_is_identical():
    g = HashiGame(A, ["A", "B"], seed=42)
    for cell in [(2, 0), (2, 6)]:
        g.apply(Setup(cell, 3))
    g.apply(Bridge((2, 6), (5, 6)))
    h = HashiGame.replay(A, ["A", "B"], 42, g.history)
    assert h.pile == g.pile and h.to_dict() == g.to_dict()


@pytest.mark.parametrize("mutate, expected", [
    (lambda d: d.update(format="x"), "'format' must be"),
    (lambda d: d.pop("seed"), "missing key 'seed'"),
    (lambda d: d.update(seed="x"), "'seed' must be a whole number"),
    (lambda d: d.update(deck=[[1, 1]]), "18 cards"),
    (lambda d: d["actions"].append([1, "fly"]), "unknown action"),
    (lambda d: d["actions"].append([1, "end"]), "player 0's turn"),
    (lambda d: d["actions"].append([0, "bridge", 0, 2, 0, 4]), "action 10: Neither (0, 2) nor (0, 4)"),
    (lambda d: d["board"]["islands"].pop(), "(board): 17 islands"),
    # audit: wrong types that used to slip through (a 1.5 card was played as a number 1.5)
    (lambda d: d.update(deck=[[1.5, 2]] * 18), "A card is a number 1-6 and 1-3 bridges"),
    (lambda d: d.update(deck=[[True, 2]] * 18), "A card is a number 1-6 and 1-3 bridges"),
    (lambda d: d.update(deck=5), "'deck' must be a list of [number, bridges] cards"),
    (lambda d: d.update(deck=[[1, 2, 3]] * 18), "'deck' must be a list of [number, bridges] cards"),
    (lambda d: d.update(deck=[{"n": 1}] * 18), "'deck' must be a list of [number, bridges] cards"),
    (lambda d: d["actions"].append([True, "end"]), "expected [player, kind, ...]"),
    (lambda d: d["actions"].__setitem__(0, "end"), "action 1: expected [player, kind, ...]"),
    (lambda d: d["actions"].__setitem__(0, [0, "write"]), "action 1: a 'write' action has 2 numbers, not 0"),
    (lambda d: d["actions"].__setitem__(0, [0, ["setup"], 1, 1, 3]), "action 1: unknown action kind ['setup']"),
    (lambda d: d["actions"].__setitem__(0, [0, "write", 10**12, 0]), "action 1: expected whole numbers (at most"),
    (lambda d: d["players"].__setitem__(0, "x" * 41), "names of at most 40 characters"),
    (lambda d: d["actions"].extend([[0, "end"]] * 5001), "5010 actions; a saved game has at most 5000"),
    (lambda d: d["board"].update(name={"a": 1}), "(board): 'name' must be text"),
    (lambda d: d["board"].update(standard="no"), "(board): 'standard' must be true or false"),
])
def test_corrupt_saves_give_one_line_naming_the_file(tmp_path, mutate, expected):
    d = played().to_dict()
    mutate(d)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(FileFormatError) as e:
        HashiGame.load(path)
    assert str(e.value).startswith(str(path)) and expected in str(e.value) and "\n" not in str(e.value)


def test_the_picture_frames_the_current_card_and_names_the_winners():
    from skye_widgets.drawing import Rect, Text
    from skye_widgets.hashi.render import render_game, winners_text

    def framed(g):
        return [s for s in render_game(g).shapes if isinstance(s, Rect) and s.fill == "#ffe39a"]

    g = HashiGame(A, ["Ann", "Bob", "Cy"], seed=2)
    for cell in [(2, 0), (5, 0), (2, 6)]:
        g.apply(Setup(cell, 3))
    assert len(framed(g)) == 1              # card 1 is framed, not struck through
    while not g.is_over():                  # everybody skips every card: nobody scores
        g.apply(EndTurn())
    assert framed(g) == []
    # all three at 0 points: a three-way tie
    assert winners_text(g) == "Ann, Bob and Cy share the win with 0"
    texts = [s.text for s in render_game(g).shapes if isinstance(s, Text)]
    assert "Game over - Ann, Bob and Cy share the win with 0" in texts
    solo = HashiGame(A, ["Ann"], seed=2)
    solo.apply(Setup((2, 0), 4))
    while not solo.is_over():
        solo.apply(EndTurn())
    assert winners_text(solo) == "0 points" and solo.rank_title() == "Errand Runner"


def test_a_bridge_hides_its_dotted_line_in_the_picture():
    from skye_widgets.drawing import Line
    from skye_widgets.hashi.render import render_board
    sheet = Sheet(A)
    sheet.numbers[(2, 0)] = 3
    sheet.add_bridge((2, 0), (5, 0))
    sheet.add_bridge((2, 0), (5, 0))
    sheet.add_bridge((0, 0), (2, 0))
    dotted = [s for s in render_board(A, sheet).shapes if isinstance(s, Line) and s.dash]
    assert len(dotted) == 26 - 2            # side A's 26 dotted lines, minus the 2 that carry bridges


def test_a_save_of_the_first_format_with_row_col_cells_loads_by_swapping():
    # hashi-game/1 (and its board, hashi-board/1) wrote cells [row, col]; hand-converted here
    g = new_game(("A", "B"), Card(5, 3), setups=((2, 0), (2, 6)))
    g.apply(Write((5, 0)))
    g.apply(Bridge((2, 0), (5, 0)))
    new = g.to_dict()
    assert new["format"] == "hashi-game/2" and new["actions"][-1] == [0, "bridge", 2, 0, 5, 0]
    b = new["board"]
    old_board = dict(b, format="hashi-board/1", islands=[dict(i, at=i["at"][::-1]) for i in b["islands"]],
                     lines=[[p[::-1], q[::-1]] for p, q in b["lines"]])
    swap = {"setup": lambda r: [r[1], r[0], r[2]], "write": lambda r: r[::-1],
            "bridge": lambda r: [r[1], r[0], r[3], r[2]], "end": lambda r: r}
    old = dict(new, format="hashi-game/1", board=old_board,
               actions=[[p, kind, *swap[kind](rest)] for p, kind, *rest in new["actions"]])
    assert old["actions"][-1] == [0, "bridge", 0, 2, 0, 5]
    assert HashiGame.from_dict(old).to_dict() == new

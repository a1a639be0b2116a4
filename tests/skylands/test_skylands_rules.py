"""Each rule of a turn on hand-built positions (two players, empty boards, A active).

Expectations are computed by hand in the comments.
"""

import json

import pytest

from skye_widgets.errors import FileFormatError
from skye_widgets.skylands.board import EdgeMismatchError, PlayerBoard
from skye_widgets.skylands.components import components
from skye_widgets.skylands.game import (ActionChoiceError, CannotPayError, ChooseAction, Convert, Create,
                                        Deploy, GameOverError, GameState, IslandChoiceError,
                                        NoSuchChoiceError, Pass, Pay, RepeatUsedError,
                                        action_from_json, action_to_json, Take, WrongPhaseError)

from skylands_helpers import CLOUDS, end, islet


@pytest.fixture
def g():
    """Two players A (active, to play) and B on empty boards; full supply; 40 VP in markers."""
    s = GameState(["A", "B"], seed=5)
    s.boards = [PlayerBoard(), PlayerBoard()]
    s.active = s.start_player = 0
    return s


def crystal_and_city(b, blue=3, city_spaces=2, at=0):
    """A complete crystal island (2 squares, 3 spaces) holding ``blue`` inhabitants and a
    complete city islet with ``city_spaces`` spaces, on row ``at``."""
    b.place(end("crystal", 2), 0, at, 1)                  # crystal faces E
    b.place(end("crystal", 1), 1, at, 3)                  # crystal faces W: closed
    b.place(islet("city", city_spaces), 3, at, 0)
    cr = [i for i in b.islands() if i.terrain == "crystal"][0]
    ct = [i for i in b.islands() if i.terrain == "city"][0]
    if blue:
        b.add_inhabitants(cr.anchor, "blue", blue)
    return cr.anchor, ct.anchor


def snapshot(s):
    return s.to_dict(), [b.to_dict() for b in s.boards], dict(s.supply), s.vp_supply, list(s.vp), \
        list(s.token), list(s.marker_active), list(s.revealed), s.phase, list(s.queue)


# -- choosing the action ---------------------------------------------------------
def test_first_round_any_action_then_the_token_must_move(g):
    assert [a.action for a in g.legal_actions()] == ["discover", "deploy", "create", "convert"]
    g.apply(ChooseAction("deploy"))                       # nobody can deploy: everyone passes
    assert g.phase == "choose" and g.active == 1 and g.token == ["deploy", None]
    g.apply(ChooseAction("deploy"))                       # B's first turn: any board
    # A again: the token must move to one of the other three, or repeat with the marker
    legal = g.legal_actions()
    assert ChooseAction("deploy") not in legal and ChooseAction("deploy", repeat=True) in legal
    before = snapshot(g)
    with pytest.raises(ActionChoiceError, match="already on “Deploy inhabitants”"):
        g.apply(ChooseAction("deploy"))
    with pytest.raises(ActionChoiceError, match="not “Convert energy”"):
        g.apply(ChooseAction("convert", repeat=True))     # repeat means the same board
    assert snapshot(g) == before


def test_the_repeat_marker_works_once_per_game(g):
    g.apply(ChooseAction("convert"))
    g.apply(ChooseAction("convert"))                      # B
    g.apply(ChooseAction("convert", repeat=True))         # A flips the marker
    assert g.marker_active == [False, True] and g.token[0] == "convert"
    g.apply(ChooseAction("deploy"))                       # B
    g.apply(ChooseAction("create"))                       # A moves on
    g.apply(ChooseAction("create"))                       # B
    before = snapshot(g)
    with pytest.raises(RepeatUsedError):
        g.apply(ChooseAction("create", repeat=True))
    assert snapshot(g) == before
    # the marker still active is worth 2 VP at the end: A's breakdown lacks it, B's has it
    assert not any("marker" in i.reason for i in g.scores()[0].breakdown)
    assert any(i.points == 2 and "marker" in i.reason for i in g.scores()[1].breakdown)


def test_wrong_kind_of_decision_is_refused(g):
    with pytest.raises(WrongPhaseError):
        g.apply(Pass())
    with pytest.raises(ActionChoiceError):
        g.apply(ChooseAction("fly"))


# -- discover islands --------------------------------------------------------------
def test_discover_reveals_players_plus_one_and_the_active_player_takes_a_second(g):
    stack = len(g.stack)
    top3 = g.stack[-3:][::-1]                             # revealed from the top
    g.apply(ChooseAction("discover"))
    assert g.revealed == top3 and len(g.stack) == stack - 3   # 2 players + 1
    assert g.current_player() == 0 and not g.is_bonus
    g.apply(Take(0, 0, 0, 0) if g.boards[0].fits(g.tile(top3[0]), 0, 0, 0) else Pass())
    assert g.current_player() == 1                        # clockwise: B next
    g.apply(Pass())
    assert g.current_player() == 0 and g.is_bonus         # A's bonus pick
    left = list(g.revealed)
    g.apply(Pass())
    assert g.discard[-len(left):] == left                 # the rest is discarded
    assert g.phase == "choose" and g.active == 1


def test_discover_placement_follows_the_rules_and_bad_indexes_are_refused(g):
    g.boards[0].place(end("forest"), 2, 2, 0)             # forest faces N into (2, 1)
    g.apply(ChooseAction("discover"))
    g.revealed[0] = "I88"                                 # a clouds-only tile (the last of the catalogue)
    assert components().tile("I88").parts == ()
    before = snapshot(g)
    with pytest.raises(EdgeMismatchError):
        g.apply(Take(0, 2, 1, 0))                         # clouds cannot meet the forest edge
    with pytest.raises(NoSuchChoiceError):
        g.apply(Take(7, 0, 0, 0))
    assert snapshot(g) == before
    g.apply(Take(0, 0, 0, 0))
    assert g.boards[0].grid[(0, 0)].tile.id == "I88" and "I88" not in g.revealed


def test_the_game_ends_at_once_when_discover_cannot_reveal_enough(g):
    g.stack = g.stack[:2]                                 # 2 tiles, 3 needed
    g.apply(ChooseAction("discover"))
    assert g.is_over() and "cannot reveal 3" in g.end_reason
    assert len(g.stack) == 2                              # nothing revealed
    with pytest.raises(GameOverError):
        g.apply(ChooseAction("deploy"))


# -- deploy inhabitants ---------------------------------------------------------------
def test_deploy_fills_every_free_space_while_the_supply_lasts(g):
    b = g.boards[0]
    b.place(islet("forest", 3), 0, 0, 0)
    b.place(islet("mountain", 2), 2, 0, 0)
    g.boards[1].place(islet("forest", 2), 0, 0, 0)
    g.supply["green"] = 4
    g.apply(ChooseAction("deploy"))
    forest, mountain = [i.anchor for i in b.islands()]
    g.apply(Deploy((forest, mountain)))                  # active: two islands
    # forest 3 green (supply 4 -> 1), mountain 2 purple (20 -> 18)
    assert b.count("green") == 3 and b.count("purple") == 2
    assert g.supply == {"green": 1, "purple": 18, "blue": 20}
    # B: forest islet of 2 spaces but only 1 green left: one space stays empty
    g.apply(Deploy(((0, 0, 0),)))
    assert g.boards[1].count("green") == 1 and g.supply["green"] == 0


def test_deploy_refuses_cities_incomplete_islands_and_extra_islands(g):
    b = g.boards[1]
    b.place(islet("city", 2), 0, 0, 0)
    b.place(end("forest"), 2, 2, 0)                       # open: not complete
    b.place(islet("forest"), 4, 0, 0)
    b.place(islet("mountain"), 4, 3, 0)
    g.apply(ChooseAction("deploy"))                       # A has nothing: passes automatically
    assert g.current_player() == 1 and not g.is_bonus
    before = snapshot(g)
    with pytest.raises(IslandChoiceError, match="Cities are not filled"):
        g.apply(Deploy(((0, 0, 0),)))
    with pytest.raises(IslandChoiceError, match="not complete"):
        g.apply(Deploy(((2, 2, 0),)))
    with pytest.raises(IslandChoiceError, match="may fill 1 island now, not 2"):
        g.apply(Deploy(((4, 0, 0), (4, 3, 0))))           # no bonus: one island only
    assert snapshot(g) == before
    assert [a for a in g.legal_actions() if isinstance(a, Deploy)] == [Deploy(((4, 0, 0),)),
                                                                       Deploy(((4, 3, 0),))]


# -- create islands ---------------------------------------------------------------------
def test_create_pays_inhabitants_and_the_active_player_ignores_white(g):
    # S03 Windfall Rock: costs 1 purple + 1 white; when placed: take 2 VP; a mountain islet
    sp = components().tile("S03")
    assert dict(sp.cost) == {"purple": 1, "white": 1} and sp.effect.kind == "vp"
    g.display[0] = "S03"
    for p in (0, 1):
        g.boards[p].place(islet("mountain", 2), 0, 0, 0)
        g.boards[p].add_inhabitants((0, 0, 0), "purple", 2)
    g.apply(ChooseAction("create"))
    with pytest.raises(CannotPayError, match="no white"):
        g.apply(Create(0, 4, 3, 0, white="purple"))       # active: the white is not paid
    g.apply(Create(0, 4, 3, 0))
    # A paid 1 purple (2 -> 1 on the board, supply 20 -> 21) and took 2 VP (40 -> 38)
    assert g.boards[0].count("purple") == 1 and g.supply["purple"] == 21
    assert g.vp[0] == 2 and g.vp_supply == 38 and g.display[0] is None


def test_create_without_the_bonus_pays_white_in_a_chosen_colour(g):
    g.display[0] = "S03"                                  # 1 purple + 1 white
    b = g.boards[1]
    b.place(islet("mountain", 1), 0, 0, 0)
    b.add_inhabitants((0, 0, 0), "purple", 1)
    b.place(islet("forest", 1), 2, 0, 0)
    b.add_inhabitants((2, 0, 0), "green", 1)
    g.supply.update(green=19, purple=19)                  # those two came from the supply
    g.boards[0].place(islet("forest", 1), 0, 0, 0)        # A has no inhabitants: passes
    g.apply(ChooseAction("create"))
    assert g.current_player() == 1 and not g.is_bonus
    before = snapshot(g)
    with pytest.raises(CannotPayError, match="white"):
        g.apply(Create(0, 4, 3, 0))                       # must say which colour pays white
    with pytest.raises(CannotPayError, match="lacks 1 purple"):
        g.apply(Create(0, 4, 3, 0, white="purple"))       # 2 purple needed, 1 on the board
    with pytest.raises(CannotPayError, match="lacks 1 blue"):
        g.apply(Create(0, 4, 3, 0, white="blue"))
    assert snapshot(g) == before
    # the only way to pay: purple + green for white, at any legal square
    creates = [a for a in g.legal_actions() if isinstance(a, Create) and a.index == 0]
    assert {a.white for a in creates} == {"green"}
    g.apply(Create(0, 4, 3, 0, white="green"))
    assert b.count() == 0 and g.supply == {"green": 20, "purple": 20, "blue": 20}   # both paid back


def test_the_player_chooses_which_islands_pay(g):
    # The rulebook: the player returns the inhabitants shown "from their board" (Max picks a
    # blue one for the white). A is active: S03 (1 purple + 1 white) costs A just 1 purple,
    # which can come from the mountain islet at (0, 0) (1 purple) or at (2, 0) (2 purple).
    g.display[0] = "S03"
    b = g.boards[0]
    b.place(islet("mountain", 2), 0, 0, 0)
    b.add_inhabitants((0, 0, 0), "purple", 1)
    b.place(islet("mountain", 2), 2, 0, 0)
    b.add_inhabitants((2, 0, 0), "purple", 2)
    g.supply["purple"] = 17                               # 3 purple came from the supply
    g.apply(ChooseAction("create"))
    g.apply(Create(0, 4, 3, 0))
    # a real choice: the game waits for A's payment; the default (first) is the fullest island
    assert g.phase == "create" and g.current_player() == 0 and g.paying == (0, 4, 3, 0, None)
    assert g.legal_actions() == [Pay(((2, 0, 0),)), Pay(((0, 0, 0),))]
    assert g.default_payment() == Pay(((2, 0, 0),))
    before = snapshot(g)
    with pytest.raises(CannotPayError, match="must be 1 purple inhabitant, and nothing is paid"):
        g.apply(Pay(()))
    with pytest.raises(CannotPayError, match="holds 1 purple inhabitant, not 2 purple inhabitants"):
        g.apply(Pay(((0, 0, 0), (0, 0, 0))))
    with pytest.raises(IslandChoiceError, match="no island"):
        g.apply(Pay(((3, 3, 0),)))
    with pytest.raises(WrongPhaseError):
        g.apply(Pass())                                   # chosen: now it must be paid
    assert snapshot(g) == before
    g.apply(Pay(((0, 0, 0),)))                            # A keeps the fuller island full
    # (0, 0) 1 -> 0 purple, (2, 0) keeps 2; supply 17 -> 18; Windfall Rock's 2 VP: 40 -> 38
    assert b.inhabitants == {(2, 0, 0): {"purple": 2}} and g.supply["purple"] == 18
    assert g.vp[0] == 2 and g.vp_supply == 38 and g.display[0] is None and (4, 3) in b.grid
    assert g.paying is None and g.current_player() == 1
    assert "A creates Windfall Rock at (4, 3), paying 1 purple from (0, 0)" in g.log


def test_a_pay_decision_round_trips_through_json():
    a = Pay(((2, 0, 0), (2, 0, 0), (1, 3, 1)))
    assert action_from_json(json.loads(json.dumps(action_to_json(a)))) == a


def test_a_player_who_cannot_pay_passes_automatically(g):
    g.display = ["S03"] + [None] * 15
    g.boards[1].place(islet("mountain", 1), 0, 0, 0)
    g.boards[1].add_inhabitants((0, 0, 0), "purple", 1)   # 1 purple cannot pay 1 purple + 1 any
    g.apply(ChooseAction("create"))
    assert g.phase == "choose" and g.active == 1
    assert g.log[-1] == "B cannot create islands and passes"


# -- convert energy -----------------------------------------------------------------------
def test_convert_moves_crystal_inhabitants_into_a_city_for_1_vp_each(g):
    cr, ct = crystal_and_city(g.boards[1], blue=3, city_spaces=2)
    g.boards[0].place(CLOUDS, 0, 0, 0)
    g.apply(ChooseAction("convert"))                      # A cannot: passes
    g.apply(Convert((cr,), (ct,)))
    # 2 of the 3 blue fill the 2 city spaces: +2 VP; they return to the supply
    b = g.boards[1]
    assert g.vp == [0, 2] and b.count("blue") == 1 and g.supply["blue"] == 22
    assert g.vp_supply == 38


def test_convert_bonus_two_crystals_into_one_city_and_plus_two_for_blue(g):
    b = g.boards[0]
    cr1, ct = crystal_and_city(b, blue=1, city_spaces=3, at=0)
    b.place(end("crystal", 2), 0, 2, 1)
    b.place(end("crystal", 1), 1, 2, 3)
    cr2 = [i.anchor for i in b.complete_islands("crystal") if i.anchor != cr1][0]
    b.add_inhabitants(cr2, "blue", 3)
    g.apply(ChooseAction("convert"))
    with pytest.raises(IslandChoiceError):
        g.apply(Convert((cr1, cr2), (ct, ct)))            # 2 crystals and 2 cities: too many
    g.apply(Convert((cr1, cr2), (ct,)))
    # city of 3: 1 blue from the first crystal, 2 from the second -> 3 VP, +2 bonus (blue moved)
    assert g.vp[0] == 5 and b.count("blue") == 1


def test_when_the_vp_supply_runs_out_the_rest_is_recorded_and_the_game_ends(g):
    cr, ct = crystal_and_city(g.boards[0], blue=3, city_spaces=3)
    g.vp_supply = 4
    g.apply(ChooseAction("convert"))
    g.apply(Convert((cr,), (ct,)))
    # 3 VP + 2 bonus = 5 earned, 4 in markers: 1 recorded in brackets; game over after the action
    assert g.vp[0] == 4 and g.overflow[0] == 1 and g.vp_supply == 0
    assert g.is_over() and g.end_reason == "the VP supply is exhausted"
    assert any(i.points == 1 and "recorded" in i.reason for i in g.scores()[0].breakdown)


# -- end of the game ---------------------------------------------------------------------
def test_the_game_ends_after_the_turn_in_which_a_board_has_one_empty_square(g):
    b = g.boards[1]
    for y in range(4):
        for x in range(5):
            if (x, y) not in ((4, 3), (3, 3)):
                b.place(CLOUDS, x, y, 0)
    g.apply(ChooseAction("discover"))
    assert not g.is_over()
    while g.current_player() == 0:
        g.apply(Pass())
    tid = g.revealed[0]
    spot = [(x, y, r) for x, y, r in g.boards[1].legal_placements(g.tile(tid))]
    assert spot, "seed 5: the first revealed tile fits one of B's two holes"
    x, y, r = spot[0]
    g.apply(Take(0, x, y, r))                             # B now has 1 empty square
    assert not g.is_over()                                # ... but the turn is not over yet
    while not g.is_over():
        g.apply(Pass())
    assert "at most one empty square" in g.end_reason


def test_ties_share_the_victory(g):
    # two empty boards: 20 empty squares x -2 = -40, +2 for the active marker = -38 each
    assert g.points() == [-38, -38] and g.winners() == [0, 1]
    assert g.returns() == [0.0, 0.0]                      # the win share is 0 until the end
    g._finish("test")
    assert g.returns() == [0.5, 0.5]                      # two winners share the win
    g.vp[1] = 1                                           # one VP marker breaks the tie
    assert g.points() == [-38, -37] and g.winners() == [1] and g.returns() == [0.0, 1.0]


# -- files --------------------------------------------------------------------------------
def test_saved_games_round_trip_exactly(tmp_path):
    from skye_widgets.skylands.bots import make_bot
    s = GameState(["A", "B", "C"], seed=11, side="tactical")
    bots = [make_bot("greedy", 1), make_bot("random", 2), make_bot("greedy", 3)]
    for _ in range(60):
        s.apply(bots[s.current_player()].choose(s))
    path = tmp_path / "game.json"
    s.save(path)
    t = GameState.load(path)
    assert t.to_dict() == s.to_dict() and snapshot(t) == snapshot(s) and t.log == s.log


@pytest.mark.parametrize("content, fault", [
    ('{"format": "skylands-game", "version": 1, "players": ["A"], "seed": 1, "actions": []}', "2 to 4"),
    ('{"format": "skylands-game", "version": 1, "players": ["A", "B"], "seed": 1, '
     '"actions": [{"type": "pass"}]}', "action 1 is illegal"),
    ('{"format": "skylands-game", "version": 1, "players": ["A", "B"], "seed": 1, '
     '"actions": [{"type": "take", "index": "x", "x": 0, "y": 0}]}', "action 1: 'index' of a Take action must be a whole number"),
    ('{"format": "hashi"}', "not a Skylands game file"),
    ('{"format": "skylands-game", "version": 1, "players": ["A", "B"], "seed": 1', "malformed JSON"),
])
def test_corrupt_saves_give_one_file_format_error(tmp_path, content, fault):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(FileFormatError, match=fault) as e:
        GameState.load(path)
    assert str(path) in str(e.value)

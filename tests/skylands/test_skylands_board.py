"""Placement, islands and final scoring on hand-built boards (expectations computed by hand)."""

import pytest

from skye_widgets.errors import RulesError
from skye_widgets.skylands.board import (BadRotationError, CellOccupiedError, EdgeMismatchError,
                                         OffBoardError, PlayerBoard, score_board)
from skye_widgets.skylands.components import Effect, components

from skylands_helpers import CLOUDS, end, islet, special, tile


def test_rotation_moves_printed_side_i_to_i_plus_r():
    t = tile(("forest", (0,), 1), ("city", (1,), 1))
    # printed N=forest, E=city; a quarter turn clockwise: forest faces E, city faces S
    assert t.edges(0) == ("forest", "city", "cloud", "cloud")
    assert t.edges(1) == ("cloud", "forest", "city", "cloud")
    # three quarter turns: forest (side 0) -> 3 = W, city (side 1) -> 0 = N
    assert t.edges(3) == ("city", "cloud", "cloud", "forest")


def test_edges_must_match_the_neighbour_and_errors_change_nothing():
    b = PlayerBoard()
    b.place(end("forest"), 1, 1, 1)            # forest edge faces E, towards (2, 1)
    before = dict(b.grid)
    # (2, 1) west edge must be forest: a cloud tile does not fit
    with pytest.raises(EdgeMismatchError, match="west edge is cloud"):
        b.place(CLOUDS, 2, 1, 0)
    # a mountain end turned to face W shows mountain there: mismatch too
    with pytest.raises(EdgeMismatchError):
        b.place(end("mountain"), 2, 1, 3)
    assert b.grid == before
    b.place(end("forest"), 2, 1, 3)            # forest faces W: matches
    assert len(b.grid) == 2


def test_cloud_edges_must_meet_cloud_edges():
    b = PlayerBoard()
    b.place(CLOUDS, 0, 0, 0)
    with pytest.raises(EdgeMismatchError):
        b.place(end("city"), 1, 0, 3)          # city edge would face W onto the cloud tile
    b.place(end("city"), 1, 0, 0)              # city faces N: the board border takes anything


def test_other_placement_errors_are_specific_rules_errors():
    b = PlayerBoard()
    b.place(CLOUDS, 0, 0, 0)
    with pytest.raises(CellOccupiedError):
        b.place(CLOUDS, 0, 0, 0)
    with pytest.raises(OffBoardError):
        b.place(CLOUDS, 5, 0, 0)               # the board is 5 wide (x = 0..4)
    with pytest.raises(OffBoardError):
        b.place(CLOUDS, 0, 4, 0)               # and 4 high
    with pytest.raises(BadRotationError):
        b.place(CLOUDS, 1, 1, 4)
    assert issubclass(EdgeMismatchError, RulesError) and issubclass(RulesError, ValueError)
    assert len(b.grid) == 1


def test_two_ends_facing_each_other_make_a_complete_island():
    b = PlayerBoard()
    b.place(end("crystal", 2), 2, 2, 0)        # crystal faces N towards (2, 1)
    [isl] = b.islands()
    assert not isl.complete and not isl.open_to_border   # open towards an empty square
    b.place(end("crystal", 1), 2, 1, 2)        # crystal faces S: closes it
    [isl] = b.islands()
    assert isl.complete and isl.terrain == "crystal"
    assert isl.cells == ((2, 1), (2, 2)) and isl.spaces == 3   # 2 + 1 spaces


def test_an_island_open_to_the_border_never_completes():
    b = PlayerBoard()
    b.place(end("forest"), 0, 0, 3)            # forest faces W: off the board
    [isl] = b.islands()
    assert isl.open_to_border and not isl.complete
    b.place(CLOUDS, 1, 0, 0)                   # closing every neighbour changes nothing
    b.place(CLOUDS, 0, 1, 0)
    assert not b.islands()[0].complete


def test_an_islet_is_complete_by_itself_and_two_parts_on_one_tile_are_two_islands():
    b = PlayerBoard()
    b.place(islet("city", 2), 4, 3, 0)
    b.place(tile(("forest", (0,), 1), ("mountain", (2,), 1)), 1, 1, 0)
    isl = {i.terrain: i for i in b.islands()}
    assert isl["city"].complete and isl["city"].spaces == 2
    assert not isl["forest"].complete and not isl["mountain"].complete
    assert len(b.islands()) == 3


def test_beginner_side_has_three_printed_squares_counting_as_placed():
    b = PlayerBoard.beginner(components())
    assert len(b.grid) == 3 and all(p.printed for p in b.grid.values())
    assert len(b.empty_squares()) == 17        # 4 x 5 = 20 squares, 3 printed


def test_legal_placements_lists_each_symmetric_turn_once():
    b = PlayerBoard()
    # a straight (N and S) looks the same turned twice: rotations 0 and 1 only
    straight = tile(("forest", (0, 2), 1))
    assert straight.distinct_rotations() == (0, 1)
    assert len(b.legal_placements(straight)) == 20 * 2
    assert CLOUDS.distinct_rotations() == (0,)


def test_score_breakdown_on_a_hand_built_board():
    b = PlayerBoard()
    b.place(end("crystal", 2), 2, 2, 0)
    b.place(end("crystal", 1), 2, 1, 2)        # complete crystal island: 2 squares, 2 + 1 = 3 spaces
    b.place(islet("forest", 2), 0, 3, 0)       # complete forest islet: 1 square, 2 spaces
    b.place(end("city"), 4, 0, 0)              # city open to the border: nothing
    b.add_inhabitants(b.islands()[0].anchor, "green", 2)
    crystal = [i for i in b.islands() if i.terrain == "crystal"][0]
    b.add_inhabitants(crystal.anchor, "blue", 3)
    s = score_board(b, vp_markers=7, overflow=3, marker_active=True)
    # by hand: 16 empty squares x -2 = -32; 5 inhabitants -> +2; complete islands by their
    # spaces: forest islet 2 (anchor (0, 3) comes first), crystal 3; markers +7; marker active +2;
    # overflow +3  => -32 + 2 + 2 + 3 + 7 + 2 + 3 = -13 (by squares it would be 1 + 2: -15)
    assert [i.points for i in s.breakdown] == [-32, 2, 2, 3, 7, 2, 3]
    assert s.points == -13
    assert "16 empty squares x -2" in s.explain()
    assert "complete crystal island at (2, 1): 3 spaces, 3 VP" in s.explain()


def test_a_complete_island_scores_its_spaces_not_its_squares():
    # a forest corner (N and E, 3 spaces) at (1, 1); a forest end turned to face S (2 spaces)
    # above it at (1, 0); a forest end turned to face W (1 space) right of it at (2, 1).
    # One complete island of 3 squares and 3 + 2 + 1 = 6 spaces: 6 VP, not 3.
    b = PlayerBoard()
    b.place(tile(("forest", (0, 1), 3)), 1, 1, 0)
    b.place(end("forest", 2), 1, 0, 2)
    b.place(end("forest", 1), 2, 1, 3)
    b.place(islet("city", 0), 4, 3, 0)         # a complete city with no space: worth nothing
    [forest] = b.complete_islands("forest")
    assert forest.squares == 3 and forest.spaces == 6
    assert b.complete_islands("city")[0].spaces == 0
    s = score_board(b, marker_active=False)
    islands = [(i.points, i.reason) for i in s.breakdown if i.reason.startswith("complete")]
    assert islands == [(6, "complete forest island at (1, 0): 6 spaces, 6 VP")]
    # 20 - 4 = 16 empty squares x -2 = -32, +6 => -26
    assert s.points == -26


def test_a_one_space_island_says_1_space():
    b = PlayerBoard()
    b.place(islet("mountain", 1), 3, 2, 0)
    s = score_board(b, marker_active=False)
    assert [(i.points, i.reason) for i in s.breakdown if i.points > 0] == \
        [(1, "complete mountain island at (3, 2): 1 space, 1 VP")]


def test_special_islands_score_only_in_complete_islands_and_scoring_effects_repeat():
    b = PlayerBoard()
    shrine = special("shrine", parts=(("forest", (), 1),), category="scoring",
                     effect=Effect("per_island", points=2, terrain="forest"))
    knoll = special("knoll", parts=(("forest", (0,), 1),), vp=3)
    b.place(shrine, 0, 0, 0)                   # complete by itself (surrounded by clouds)
    b.place(islet("forest", 3), 1, 0, 0)       # another complete forest island, 3 spaces
    b.place(knoll, 3, 0, 0)                    # forest faces N = border: never complete
    s = score_board(b, marker_active=False)
    reasons = {i.reason: i.points for i in s.breakdown}
    # shrine: 2 complete forest islands (shrine's own and the islet) x 2 = 4; knoll scores nothing
    assert reasons["shrine: 2 complete forest islands x 2"] == 4
    assert not any("knoll" in r for r in reasons)
    # the special island's own space counts like any other: 1 (shrine) + 3 (islet) spaces
    assert reasons["complete forest island at (0, 0): 1 space, 1 VP"] == 1
    assert reasons["complete forest island at (1, 0): 3 spaces, 3 VP"] == 3
    # 17 empty squares -34, islands 1 + 3 = +4, shrine +4 => -26
    assert s.points == -26


def test_a_square_holding_two_complete_islands_scores_the_spaces_of_each():
    # a two-part tile at (1, 1): forest to the N (2 spaces), city to the S (1 space); a forest
    # end above it facing S (1 space) and a city end below it facing N (3 spaces) close both.
    # Each part belongs to one island, so each island scores its own spaces: forest 2 + 1 = 3,
    # city 1 + 3 = 4, together 7 (by squares, (1, 0), (1, 1), (1, 2) would give 3).
    b = PlayerBoard()
    b.place(tile(("forest", (0,), 2), ("city", (2,), 1)), 1, 1, 0)
    b.place(end("forest", 1), 1, 0, 2)
    b.place(end("city", 3), 1, 2, 0)
    assert sorted(i.terrain for i in b.complete_islands()) == ["city", "forest"]
    s = score_board(b, marker_active=False)
    islands = [(i.points, i.reason) for i in s.breakdown if i.reason.startswith("complete")]
    assert islands == [(3, "complete forest island at (1, 0): 3 spaces, 3 VP"),
                       (4, "complete city island at (1, 1): 4 spaces, 4 VP")]
    # total: 7 spaces, -2 x 17 empty squares = -34 -> -27
    assert s.points == 7 - 34


def test_the_printed_forest_closed_by_a_catalogue_end_scores_3_spaces():
    # beginner side: the printed forest end P1 at (1, 1) faces W (2 spaces); the catalogue's
    # forest end I01 (1 space, facing N when printed) turned once faces E at (0, 1) and closes it:
    # 2 squares, 2 + 1 = 3 spaces -> 3 VP. 20 - 4 = 16 empty squares x -2 = -32 -> -29.
    c = components()
    b = PlayerBoard.beginner(c)
    b.place(c.tile("I01"), 0, 1, 1)
    [forest] = b.complete_islands("forest")
    assert forest.cells == ((0, 1), (1, 1)) and forest.spaces == 3
    s = score_board(b, marker_active=False)
    assert [(i.points, i.reason) for i in s.breakdown] == [
        (-32, "16 empty squares x -2"), (3, "complete forest island at (0, 1): 3 spaces, 3 VP")]
    assert s.points == -29

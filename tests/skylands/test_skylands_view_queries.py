"""What a view asks the Skylands engine instead of knowing the rules (the widget's questions)."""

from skye_widgets.skylands.board import PlayerBoard
from skye_widgets.skylands.game import ChooseAction, Convert, GameState

from skylands_helpers import end, islet


def two_players():
    g = GameState(["A", "B"], seed=3)
    g.boards = [PlayerBoard(), PlayerBoard()]
    g.active = g.start_player = 0
    return g


def test_default_white_is_the_colour_with_most_to_spare():
    g = two_players()
    b = g.boards[0]
    g.display[0] = "S03"                       # Windfall Rock: 1 purple + 1 white
    b.place(islet("mountain", 3), 0, 0, 0)
    b.add_inhabitants((0, 0, 0), "purple", 3)  # 3 purple, 1 of them owed: 2 to spare
    b.place(islet("forest", 1), 2, 0, 0)
    b.add_inhabitants((2, 0, 0), "green", 1)   # 1 green to spare
    assert g.default_white(0, 0) == "purple"
    b.place(islet("forest", 3), 4, 0, 0)
    b.add_inhabitants((4, 0, 0), "green", 2)   # 3 green to spare now
    assert g.default_white(0, 0) == "green"
    # B has nobody: green 0, purple -1 (the purple owed), blue 0 to spare; a tie goes to the first of COLORS
    assert g.default_white(0, 1) == "green"


def test_no_white_is_owed_for_an_empty_slot_or_an_island_without_white():
    g = two_players()
    g.display[0] = None
    assert g.default_white(0, 0) is None and g.default_white(99, 0) is None


def test_convert_candidates_are_the_crystals_with_inhabitants_and_the_cities():
    g = two_players()
    b = g.boards[0]
    b.place(end("crystal", 2), 0, 0, 1)
    b.place(end("crystal", 1), 1, 0, 3)        # one complete crystal island, empty for now
    b.place(islet("city", 2), 4, 0, 0)
    b.place(end("city", 1), 4, 3, 0)           # an incomplete city: not a candidate
    assert g.convert_candidates(0) == ([], [(4, 0, 0)])
    b.add_inhabitants((0, 0, 0), "blue", 1)
    assert g.convert_candidates(0) == ([(0, 0, 0)], [(4, 0, 0)])
    g.apply(ChooseAction("convert"))
    assert g.current_player() == 0 and Convert(((0, 0, 0),), ((4, 0, 0),)) in g.legal_actions()

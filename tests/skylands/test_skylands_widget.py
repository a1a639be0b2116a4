"""SkylandsWidget without a browser: handlers called directly, drawing checked."""

from skye_widgets.skylands.board import PlayerBoard
from skye_widgets.skylands.game import GameState, Take
from skye_widgets.skylands.render import Layout, render_game
from skye_widgets.widgets.skylands import SkylandsWidget

from skylands_helpers import end, islet


def human_first(seed=0):
    """A 3-player table on empty boards where the human (seat 0) is the start player."""
    g = GameState(["You", "Bot 1", "Bot 2"], seed=seed)
    g.boards = [PlayerBoard() for _ in range(3)]
    g.active = g.start_player = 0
    return SkylandsWidget(g, human=0, bots="greedy", seed=seed)


def creating_s03_owed_one_purple():
    """The human creates special island S03 on (4, 3) with two mountain islets holding 1 and
    2 purple, so the widget waits for a click saying which island pays (the bonus ignores
    S03's white: 1 purple is owed). Returns (widget, state, board)."""
    w = human_first(seed=6)
    g = w.state
    g.display[0] = "S03"
    b = g.boards[0]
    for x, k in ((0, 1), (2, 2)):
        b.place(islet("mountain", 2), x, 0, 0)
        b.add_inhabitants((x, 0, 0), "purple", k)
    g.supply["purple"] -= 3
    w.click_action(2)
    w.select_special(0)
    w.click_cell(4, 3)
    return w, g, b


def test_the_widget_waits_for_the_human_and_says_what_to_do():
    w = human_first()
    assert w.is_human_turn() and w.state.phase == "choose"
    assert "click an action board" in w.message
    assert w.redraw_count >= 1


def test_discover_by_clicks_select_rotate_place():
    w = human_first(seed=1)
    w.click_action(0)                    # Discover islands
    assert w.state.phase == "discover" and len(w.state.revealed) == 4
    w.select_offer(2)
    assert w.selected_offer == 2 and w.rotation == 0
    w.select_offer(2)                     # the same tile again: a quarter turn
    assert w.rotation == 1
    tile = w.state.offer()[2]
    cells = w.legal_cells()
    assert cells and all(w.state.boards[0].fits(tile, x, y, 1) for x, y in cells)
    x, y = cells[0]
    w.click_cell(x, y)
    placed = w.state.boards[0].grid[(x, y)]
    assert placed.tile.id == tile.id and placed.rotation == 1
    assert w.state.is_bonus and w.is_human_turn()     # bots took theirs; the bonus pick is ours
    assert "(bonus)" in w.message
    w.pass_()
    assert w.state.turn >= 1 and w.state.active != 0    # our turn ended; the bots played on


def test_an_illegal_click_explains_and_changes_nothing():
    w = human_first(seed=2)
    w.state.boards[0].place(end("forest"), 2, 2, 0)   # forest edge facing N into (2, 1)
    w.click_action(0)
    before = w.state.to_dict(), w.state.boards[0].to_dict()
    w.click_cell(1, 1)                                # nothing selected yet
    assert "First click a tile" in w.message
    w.state.revealed[0] = "I88"                       # a clouds-only tile
    w.select_offer(0)
    w.click_cell(2, 1)                                # clouds cannot meet the forest edge
    assert "edge" in w.message and "forest" in w.message
    assert (w.state.to_dict(), w.state.boards[0].to_dict()) == before


def test_action_board_of_your_own_token_repeats_with_the_marker():
    w = human_first(seed=3)
    w.choose_action("convert")                        # nobody can convert: all pass
    while w.state.phase != "choose":                  # the bots' turns: we pass when asked
        assert w.pass_()
    assert w.is_human_turn() and w.state.token[0] == "convert"
    w.click_action(3)                    # own token's board: repeat
    assert w.state.marker_active[0] is False


def test_deploy_by_clicking_islands_and_the_bonus_fills_two():
    w = human_first(seed=4)
    b = w.state.boards[0]
    b.place(islet("forest", 2), 0, 0, 0)
    b.place(islet("mountain", 1), 4, 3, 0)
    w.click_action(1)                    # Deploy inhabitants
    w.click_cell(0, 0)                                # first island: waits for the second
    assert w.selection == [(0, 0, 0)] and b.count() == 0
    w.click_cell(4, 3)                                # second island: deployed at once
    assert b.count("green") == 2 and b.count("purple") == 1


def test_convert_by_clicks_and_done():
    w = human_first(seed=5)
    b = w.state.boards[0]
    b.place(end("crystal", 2), 0, 0, 1)
    b.place(end("crystal", 1), 1, 0, 3)
    b.place(islet("city", 2), 4, 0, 0)
    b.place(islet("city", 1), 4, 3, 0)               # a second city: the bonus could take it too
    b.add_inhabitants((0, 0, 0), "blue", 3)
    w.state.supply["blue"] -= 3
    w.click_action(3)                    # Convert energy
    w.click_cell(1, 0)                                # the crystal island
    w.click_cell(4, 0)                                # the city: with the bonus we may add the other
    assert w.state.vp[0] == 0 and len(w.selection) == 2
    w.done()
    # 2 city spaces -> 2 VP, +2 bonus for moving blue
    assert w.state.vp[0] == 4 and b.count("blue") == 1


def test_convert_goes_at_once_when_the_bonus_has_nothing_to_add():
    w = human_first(seed=5)
    b = w.state.boards[0]
    b.place(end("crystal", 2), 0, 0, 1)
    b.place(end("crystal", 1), 1, 0, 3)
    b.place(islet("city", 2), 4, 0, 0)
    b.add_inhabitants((0, 0, 0), "blue", 3)
    w.state.supply["blue"] -= 3
    w.click_action(3)                    # Convert energy, with the bonus
    assert w.state.is_bonus
    w.click_cell(1, 0)                                # the only crystal island
    w.click_cell(4, 0)                                # the only city: nothing could be added, so it goes
    assert w.state.vp[0] == 4 and b.count("blue") == 1 and w.selection == []


def test_create_by_clicks_pays_and_places():
    w = human_first(seed=6)
    g = w.state
    g.display[0] = "S03"                              # 1 purple + 1 white: bonus ignores white
    b = g.boards[0]
    b.place(islet("mountain", 1), 0, 0, 0)
    b.add_inhabitants((0, 0, 0), "purple", 1)
    g.supply["purple"] -= 1
    w.click_action(2)
    w.select_special(0)
    assert w.selected_special == 0
    w.click_cell(4, 3)
    assert b.grid[(4, 3)].tile.id == "S03" and b.count() == 0


def test_create_by_clicks_lets_the_player_choose_which_island_pays():
    w, g, b = creating_s03_owed_one_purple()
    assert g.paying is not None and "still owed" in w.message and "1 purple" in w.message
    w.click_cell(4, 0)                                # an empty square pays nothing
    assert "Click an island holding" in w.message and g.paying is not None
    w.click_cell(0, 0)                                # pay from the emptier islet
    assert b.grid[(4, 3)].tile.id == "S03" and b.inhabitants == {(2, 0, 0): {"purple": 2}}


def test_done_pays_from_the_fullest_island():
    w, g, b = creating_s03_owed_one_purple()
    assert w.done()
    # the 2-purple islet at (2, 0) paid: 2 -> 1; (0, 0) keeps its 1
    assert b.inhabitants == {(0, 0, 0): {"purple": 1}, (2, 0, 0): {"purple": 1}}


def test_a_whole_game_against_bots_through_the_widget_api():
    w = SkylandsWidget(players=3, human=0, bots=["greedy", "random", "planner"], seed=8)
    w.turns.seats[0] = __import__("skye_widgets.skylands.bots", fromlist=["x"]).make_bot("greedy", seed=99)
    assert w.humans == set()                        # a bot plays the human seat
    w.step_bots()
    assert w.state.is_over()
    w.turns.seats[0] = None
    w.refresh()
    assert w.message.startswith("Game over")


def test_layout_hit_test_and_the_static_svg():
    L = Layout()
    assert L.hit(L.board_x + 1, L.board_y + 1) == ("board", 0, 0)
    assert L.hit(L.board_x + 4 * 64 + 5, L.board_y + 3 * 64 + 5) == ("board", 4, 3)
    x, y, w_, h = L.action_box(2)
    assert L.hit(x + 5, y + 5) == ("action", 2, 0)
    x, y, w_, h = L.special_box(15)
    assert L.hit(x + 5, y + 5) == ("special", 15, 0)
    assert L.hit(0, 0) is None
    assert L.hit(float("nan"), 50) is None and L.hit(L.board_x + 1, float("inf")) is None
    w = human_first()
    bundle = w._repr_mimebundle_()
    d = w.drawing()
    d.description = w.describe()           # the static picture carries the board's words
    assert bundle["image/svg+xml"] == d.to_svg() and "<desc id=" in bundle["image/svg+xml"]
    svg = render_game(w.state).to_svg()
    assert svg.count("<polygon") >= 3 and "Convert energy" in svg    # printed squares, action boards
    assert PlayerBoard()._repr_svg_().startswith("<svg")


def test_tactical_setup_by_clicks():
    w = SkylandsWidget(players=2, human=0, bots="greedy", seed=12, side="tactical")
    g = w.state
    assert g.phase == "setup" and "starting island" in w.message
    w.select_offer(1)                     # side 1 of the starting island
    w.click_cell(2, 1)                                # the empty board takes it anywhere
    assert g.boards[0].grid[(2, 1)].tile.id.endswith("/1")
    assert "put back" in w.message
    kept = g.hands[0][:2]
    w.select_offer(2)                     # put back the third drawn tile
    assert g.hands[0] == kept
    for _ in range(2):
        w.select_offer(0)
        x, y = w.legal_cells()[0]
        w.click_cell(x, y)
    assert len(g.boards[0].grid) == 3
    # the bot set up its board too; the game has begun
    assert len(g.boards[1].grid) >= 3 and g.phase != "setup"   # (and may have played on)


def test_hovering_previews_the_selected_tile_faded():
    w = human_first(seed=1)
    w.click_action(0)
    plain = w.drawing().to_svg()
    w.hover_cell(0, 0)
    assert w.drawing().to_svg() == plain              # nothing selected: no preview
    w.select_offer(1)
    selected = w.drawing().to_svg()
    count = w.redraw_count
    w.hover_cell(4, 3)
    assert w.redraw_count == count + 1
    faded = [s for s in w.drawing().shapes if s.layer == "overlay" and s.opacity == 0.6]
    assert faded and faded[0].x == w.layout_.board_x + 4 * 64      # the preview's square at (4, 3)
    assert w.drawing().to_svg() != selected
    w.hover_cell(4, 3)
    assert w.redraw_count == count + 1               # same square: no repaint


def test_a_special_island_waiting_for_payment_is_drawn_faded_on_its_square():
    w, g, b = creating_s03_owed_one_purple()
    L = w.layout_
    x0, y0 = L.board_x + 4 * L.cell, L.board_y + 3 * L.cell
    faded = [s for s in w.drawing().shapes if getattr(s, "layer", "") == "overlay"
             and getattr(s, "x", None) == x0 and getattr(s, "y", None) == y0]
    assert faded and all(s.opacity == 0.6 for s in faded)


# -- every handler refuses or ignores bad positions, without raising --------------------
NAN, INF = float("nan"), float("inf")


def _state(w):
    return w.state.to_dict(), [b.to_dict() for b in w.state.boards], w.state.phase


def test_click_cell_refuses_what_is_not_a_square_of_the_board():
    w = human_first()
    before = _state(w)
    # (4, 10) used to be read as action board 4 (IndexError), (-1, 10) silently chose Convert,
    # and a click at (0.0, 0.0) made a Take that was accepted and then saved a file that would not load
    for x, y in ((4, 10), (-1, 10), (5, 0), (0, 4), (-1, -1), (10**12, 0)):
        w.click_cell(x, y)
        assert w.message == f"There is no square ({x}, {y}) on your board: it has 5 columns and 4 rows."
    for x, y in ((0.0, 0.0), (True, 0), (NAN, 0), (0, INF), ("1", "2"), (None, 0)):
        w.click_cell(x, y)
        assert w.message.startswith("A square is named by two whole numbers")
    assert _state(w) == before


def test_action_offer_and_special_boxes_refuse_bad_numbers():
    w = human_first()
    before = _state(w)
    for i in (4, -1, 1.0, True, NAN):
        assert w.click_action(i) is False
        assert w.message == f"There is no action board number {i}."
    for i in (-1, 2.5, NAN, None):
        w.select_offer(i)
        assert w.message == f"There is no tile number {i}."
    for i in (1.5, "0"):
        w.select_special(i)
        assert w.message == f"There is no display slot number {i}."
    w.select_special(99)
    assert w.message.startswith("Special islands are taken during Create islands")
    assert w.choose_action(5) is False and "'action' of a ChooseAction action must be a text" in w.message
    assert w.choose_action("discover", repeat="yes") is False and "must be True or False" in w.message
    w.rotate(1.5)
    assert w.rotation == 0
    assert _state(w) == before


def test_hover_and_mouse_handlers_ignore_non_finite_and_off_board_pixels():
    w = human_first(seed=1)
    w.click_action(0)                                   # Discover
    w.select_offer(0)
    before, count = _state(w), w.redraw_count
    for x, y in ((NAN, 0), (0, INF), (1.5, 2), (True, 0), (-1, 0), (5, 3)):
        w.hover_cell(x, y)
        assert w.hover is None
    for px, py in ((NAN, NAN), (INF, 10), (-INF, 10), (10, NAN), (-5, -5), (10**9, 10**9)):
        w._on_mouse_down(px, py)
        w._on_mouse_move(px, py)
    assert w.hover is None and w.redraw_count == count and _state(w) == before
    L = w.layout_
    w._on_mouse_move(L.board_x + 4 * L.cell + 3, L.board_y + 3 * L.cell + 3)   # pixel over square (4, 3)
    assert w.hover == (4, 3)
    w._on_mouse_move(1, 1)                              # off the board: no preview
    assert w.hover is None


def test_a_click_on_an_action_board_pixel_chooses_it():
    w = human_first(seed=1)
    x, y, _, _ = w.layout_.action_box(0)
    w._on_mouse_down(x + 3.5, y + 3.5)
    assert w.state.token[0] == "discover"


def test_a_symmetric_tile_turned_by_the_widget_is_placed_under_its_one_rotation():
    w = human_first(seed=2)
    w.click_action(0)
    g = w.state
    tile = g.offer()[1]
    assert tile.id == "I14" and tile.distinct_rotations() == (0, 1)   # turned twice it looks the same
    w.select_offer(1)
    w.rotate(3)                                         # looks like 1 quarter turn
    x, y = w.legal_cells()[0]
    w.click_cell(x, y)
    assert g.history[1] == Take(1, x, y, 1)             # the engine's one name for that look


def test_a_wrong_click_is_answered_in_plain_sentences():
    w = human_first()
    assert not w.pass_()                                    # Pass before choosing an action
    assert w.message == "Choose an action first: move your token to one of the four action boards."
    w.state.boards[0].place(islet("forest"), 0, 0, 0)
    w.click_action(0)                                       # Discover: tiles revealed, You first
    w.select_offer(0)
    tile = w.state.offer()[0].id
    w.click_cell(0, 0)                                      # the square already holds the islet
    assert w.message == "The square (0, 0) already holds a tile."
    assert w.state.offer()[0].id == tile                    # nothing taken


def test_the_end_screen_gives_one_score_the_final_one():
    import re
    from html import unescape
    from skye_widgets.skylands.bots import make_bot
    w = SkylandsWidget(players=["You", "Ana", "Bo"], human=0, bots=["greedy", "random", "planner"], seed=8)
    w.turns.seats[0] = make_bot("greedy", seed=99)          # a bot plays the learner's seat
    w.step_bots()
    w.turns.seats[0] = None
    w.refresh()
    g = w.state
    assert g.is_over()
    final = g.points()
    assert final != g.vp                                    # the markers alone would be another score
    scores = ", ".join(f"{n} {v} VP" for n, v in zip(g.names, final))
    winners = ", ".join(g.names[p] for p in g.winners())
    assert w.message == f"Game over ({g.end_reason}). Final scores: {scores}. Winner: {winners}."
    words = [unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", w.drawing().to_svg())]
    assert [t for t in words if t.endswith("VP (final)")] == [f"{n}: {v} VP (final)"
                                                              for n, v in zip(g.names, final)]
    assert f"Your board: {final[0]} VP, final score" in words

"""The projector page (widgets/projector.py) with a real Isle of Skye game, headless.

Each teacher's control does what it says. Without a running event loop the bots of a table that
plays by itself move at once (TurnLoop.run), so "the bots answered" is visible at once; in step by
step they wait for ``controls.step()``. Game number 3 (hand-checked, the engine's own draw): Class
draws tiles 43, 40 and 13 and has 5 gold; the planners Bot 2 and Bot 3 price at once, in secret;
Class starts the buying; Bot 2 then buys tile 51 from Bot 3 and Bot 3 buys tile 13 from Class; Class
builds tile 40 first.
"""

from __future__ import annotations

import pytest

from skye_widgets.errors import BadConfigError
from skye_widgets.skye.game import Buy, SetPrices
from skye_widgets.skye.render import PROJECTOR_CELL
from skye_widgets.widgets.base import plain_text
from skye_widgets.widgets.projector import SPEEDS, ProjectorGame, ProjectorTable
from skye_widgets.widgets.skye import GameTable, projector_game

SEED = 3


def table(speed: str = "step", seed: int = SEED, **options) -> ProjectorTable:
    return ProjectorTable("skye", seed=seed, speed=speed, **options)


def class_prices_and_passes(t: ProjectorTable) -> None:
    """Class discards its first drawn tile (43), puts 1 gold on the others, and buys nothing."""
    g = t.game.game
    drawn = list(g.displays[0])
    assert drawn == ["43", "40", "13"]
    assert t.game.set_prices(drawn[0], {tile: 1 for tile in drawn[1:]}), t.game.message
    assert t.game.pass_turn(), t.game.message


def test_the_default_table_is_class_against_two_planners_speaking_the_protocol():
    t = table()
    assert isinstance(t.game, GameTable) and isinstance(t.game, ProjectorGame)
    g = t.game.game
    assert g.names == ("Class", "Bot 2", "Bot 3")
    assert t.game.seat_specs == ["human", "planner", "planner"]
    assert t.game.turns.delay == 1.5 and t.game.teacher_undo
    # the two bots priced at once (secret, simultaneous); Class is to act
    assert [type(a) for a in g.history] == [SetPrices, SetPrices]
    assert [a.player for a in g.history] == [1, 2]
    assert t.turn.value == "Class: discard one of your three new tiles and put a price on each of the other two."
    assert "Game number 3." in t.controls.seed_html.value
    # the page shows the game's own parts: the decision, the status, the summaries, the track
    parts = t.game.projector_parts()
    assert t.board_slot.children == (parts.board,)
    assert parts.decision in t.side.children and parts.summaries in t.side.children
    assert parts.track in t.side.children and parts.status in t.side.children
    assert "Round 1 of 6: everyone sets prices in secret." in plain_text(parts.track.value)


def test_step_makes_exactly_one_bot_move():
    t = table("step")
    g = t.game.game
    class_prices_and_passes(t)
    assert len(g.history) == 4                       # the bots wait: step by step
    assert t.turn.value == "Bot 2 (planner bot) plays next: the bots are paused."
    assert not t.controls.next_button.disabled
    assert t.controls.step() == 1
    assert len(g.history) == 5 and g.history[-1] == Buy(1, 2, "51")
    assert t.turn.value == "Bot 3 (planner bot) plays next: the bots are paused."
    assert t.controls.step() == 1
    assert len(g.history) == 6 and g.history[-1] == Buy(2, 0, "13")
    # now Class builds: no bot has a move, the next-move button is off
    assert t.turn.value == "Class: place tile 40 on your territory by clicking a green spot."
    assert t.controls.next_button.disabled
    assert t.controls.step() == 0 and len(g.history) == 6
    assert t.controls.message == "No bot has a move to make now."


def test_undo_takes_back_exactly_one_action_whoever_made_it():
    t = table("step")
    g = t.game.game
    class_prices_and_passes(t)
    t.controls.step()
    before = list(g.history)
    t.controls.undo()                                # Bot 2's buy, and nothing else
    assert g.history == before[:-1]
    assert t.game.message == "Undone: Bot 2's last action. The bots are paused."
    assert t.turn.value == "Bot 2 (planner bot) plays next: the bots are paused."
    t.controls.undo()                                # then Class's pass
    assert g.history == before[:-2] and g.phase == "buy" and g.current_player() == 0
    assert t.turn.value == "Class: buy one tile from another player, or pass."
    # back to the beginning: a bot's secret prices go back too, without being named on screen
    t.controls.undo()
    t.controls.undo()
    assert [a.player for a in g.history] == [1]
    assert "51" not in t.game.message and "gold" not in t.game.message


def test_undo_pauses_the_bots_and_resume_lets_them_answer():
    t = table("normal")
    g = t.game.game
    class_prices_and_passes(t)
    assert len(g.history) == 6                       # both bots bought at once (no event loop)
    t.controls.undo()                                # Bot 3's buy
    assert len(g.history) == 5
    assert t.controls.paused and t.controls.pause_button.description == "resume"
    assert not t.game.turns.auto
    t.controls.resume()
    assert len(g.history) == 6 and g.history[-1] == Buy(2, 0, "13")
    assert t.controls.pause_button.description == "pause"


def test_pause_stops_the_bots_and_next_move_still_makes_one():
    t = table("normal")
    g = t.game.game
    t.controls.pause()
    assert t.controls.pause_button.description == "resume" and not t.game.turns.auto
    class_prices_and_passes(t)
    assert len(g.history) == 4                       # the bots wait
    assert t.turn.value == "Bot 2 (planner bot) plays next: the bots are paused."
    assert t.controls.step() == 1 and len(g.history) == 5
    t.controls.toggle_pause()                        # resume: Bot 3 answers
    assert len(g.history) == 6


def test_bot_speeds():
    t = table("normal")
    turns = t.game.turns
    assert (turns.delay, turns.auto) == (1.5, True)
    t.controls.set_speed("slow")
    assert (turns.delay, turns.auto) == (3.0, True) and t.controls.speed_buttons.value == "slow"
    t.controls.speed_buttons.value = "fast"          # the button does the same
    assert (turns.delay, turns.auto) == (0.5, True) and t.controls.speed == "fast"
    t.controls.set_speed("step")
    assert not turns.auto and t.controls.pause_button.disabled
    with pytest.raises(BadConfigError, match="no bot speed 'warp'"):
        t.controls.set_speed("warp")
    assert t.controls.speed == "step" and set(SPEEDS) == {"step", "slow", "normal", "fast"}


def test_restart_with_the_same_seed_gives_the_same_first_state_and_a_new_seed_differs():
    t = table("step")
    first = (list(t.game.game.history), [list(d) for d in t.game.game.displays])
    class_prices_and_passes(t)
    t.controls.step()
    old = t.game
    t.controls.restart()
    assert t.game is not old and t.seed == SEED
    assert (list(t.game.game.history), [list(d) for d in t.game.game.displays]) == first
    assert t.controls.message == "Game number 3 starts again from the beginning."
    assert not t.game.turns.auto                     # still step by step
    t.controls.restart(new=True)
    assert t.seed == 4 and "Game number 4." in t.controls.seed_html.value
    assert t.game.game.displays[0] == ["23", "34", "10"]       # game 4's draw, not game 3's
    assert t.controls.message == "A new game starts: game number 4."
    t.controls.restart(seed=3)                       # replay a game by its number
    assert [list(d) for d in t.game.game.displays] == first[1]
    with pytest.raises(BadConfigError):
        t.controls.restart(seed=-1)


def test_a_new_game_is_not_paused_by_the_last_one():
    """"new game" or "restart" after a pause: the bots play again at the chosen speed, and the
    button says "pause", not "resume" (the pause belonged to the old game)."""
    t = table("normal")
    t.controls.pause()
    assert t.controls.pause_button.description == "resume"
    t.controls.restart(new=True)
    assert not t.controls.paused and t.controls.pause_button.description == "pause"
    assert t.game.turns.auto


def test_hidden_information_shows_gold_then_hides_it_again():
    t = table("step")
    summaries = t.game.projector_parts().summaries
    g = t.game.game

    def gold_cells() -> list[str]:
        return [plain_text(row.split('class="skye-gold"')[1].split(">", 1)[1].split("<", 1)[0])
                for row in summaries.value.split("<tr class=")[1:]]

    assert gold_cells() == ["5 gold", "hidden", "hidden"]
    t.controls.show_hidden(True)
    assert t.controls.hidden_button.description == "hide hidden information"
    # everyone began with 5 gold; the 3 gold each bot put on its tiles is still secret (prices
    # are revealed when everyone has decided), so the table knows 5 each — not the bots' 2 left
    assert g.gold == [5, 2, 2] and g.known_gold(0) == [5, 5, 5]
    assert gold_cells() == ["5 gold", "5 gold", "5 gold"]
    t.controls.show_hidden(False)
    assert gold_cells() == ["5 gold", "hidden", "hidden"]
    assert t.controls.hidden_button.description == "show hidden information"


def test_explain_shows_the_last_move_and_keeps_secret_prices_secret():
    t = table("step")
    text = plain_text(t.controls.explain(True))
    assert "Bot 3's reasons stay secret until every price is revealed." in text
    assert t.controls.explain_button.description == "hide the explanation"
    class_prices_and_passes(t)
    t.controls.step()
    text = plain_text(t.explanation.value)           # shown as it follows the game
    assert text.startswith("Bot 2's last move: Bot 2 buys tile 51 from Bot 3 for 2 gold")
    assert "Why: I bought tile 51 from Bot 3 for 2 gold" in text
    assert t.controls.explain(False) == "" and t.explanation.value == ""


def test_the_board_follows_the_active_player_and_a_click_places_a_tile():
    t = table("step")
    class_prices_and_passes(t)
    g = t.game.game
    assert t.board_slot.children == (t.game.projector_board(0),)
    t.controls.step()
    t.controls.step()
    board = t.game.boards[0]
    assert board.cell == PROJECTOR_CELL and board.projector       # the projector's picture (larger text)
    assert board.canvas in t.board_slot.children[0].children[2].children
    x, y, r = next(s for s in g.territories[0].legal_placements("40") if s[2] == 0)
    board.click_cell(x, y)
    assert g.history[-1].tile == "40" and (g.history[-1].x, g.history[-1].y) == (x, y)
    # Class's second tile is its last built one: the bots build next (Bot 2 first)
    while g.phase == "build" and g.build_queue and g.build_queue[0] == 0:
        board.click_cell(*next(s for s in g.territories[0].legal_placements(g.to_build[0][0]) if s[2] == 0)[:2])
    assert g.build_queue and g.build_queue[0] == 1
    assert t.board_slot.children == (t.game.projector_board(1),)
    assert t.turn.value == "Bot 2 (planner bot) plays next: the bots are paused."


def test_the_turn_line_names_the_winners_at_the_end():
    t = table("normal", seats=("random", "random"), names=("Ann", "Ben"))
    g = t.game.game
    assert g.is_over()
    best = [r for r in g.results() if r.rank == 1]
    words = " and ".join(r.name for r in best)
    assert t.turn.value == f"The game is over: {words} won with {best[0].vp} points."
    assert t.controls.next_button.disabled


def test_an_unknown_game_is_refused_in_one_sentence():
    with pytest.raises(BadConfigError, match="There is no game 'chess' to show"):
        ProjectorTable("chess")


def test_projector_game_defaults_and_options():
    t = projector_game(seed=5, seats=("human", "greedy"), bot_delay=0.2)
    assert t.game.names == ("Class", "Bot 2") and t.turns.delay == 0.2 and t.teacher_undo   # as in every game
    assert t.boards[0].cell == PROJECTOR_CELL and all(b.projector for b in t.boards)


def test_the_end_shows_the_scoring_overlay_menu_the_panel_names():
    """At the end the panel sends the class to the board's "scoring overlay" menu: the projector's board
    has that menu then (hidden while the game is played), and choosing a scoring tile there lists
    its breakdown under the board, the engine's own lines."""
    t = table("normal", seats=("random", "random"), names=("Ann", "Ben"))
    g = t.game.game
    assert g.is_over()
    panel = plain_text(t.game.panel.children[0].value)
    assert panel.endswith("choose a scoring tile in the board's “scoring overlay” menu to see its breakdown.")
    shown = t.game.boards[t.game.active_player()]
    part = t.board_slot.children[0]

    def inside(widget, box) -> bool:
        return widget is box or any(inside(widget, c) for c in getattr(box, "children", ()))

    assert inside(shown.breakdown_menu, part) and shown.breakdown_menu.layout.display is None
    number = t.game.boards[0]._menu_numbers[0]
    shown.breakdown_menu.value = number
    result = shown.score_result(number)
    assert inside(shown.details, part)
    assert plain_text(shown.details.value).startswith(f"Scoring tile {number}")
    assert all(str(it.reason) in plain_text(shown.details.value) for it in result.breakdown)


def test_the_scoring_overlay_menu_is_hidden_while_the_game_is_played():
    t = table("step")
    shown = t.game.boards[t.game.active_player()]
    assert not t.game.game.is_over() and shown.breakdown_menu.layout.display == "none"


def test_a_hashi_bot_turning_the_next_card_says_so():
    """Hashi on the projector: the class ends its turn ("Class: turn done"), the bot plays the card and
    its turn's end turns the next card; the status line then says that ("Bot 2: turn done; next card:
    1·1"), not the class's "turn done" of the card before, while the class writes on the new card."""
    from skye_widgets.hashi.game import Setup, Write

    t = ProjectorTable("hashi", seed=0, speed="step")
    w, g = t.game, t.game.game
    cell = next(a.cell for a in g.legal_actions() if isinstance(a, Setup) and a.number == 3)
    w.click_cell(*cell)
    while t.controls.step():
        pass
    assert g.phase == "play" and g.round == 1 and g.current_player() == 0
    said_after_setup = w.message
    w.click_cell(*next(a.cell for a in g.legal_actions() if isinstance(a, Write)))
    w.done()
    assert w.message == "Class: turn done"
    while t.controls.step():
        pass
    assert g.round == 2 and g.current_player() == 0
    assert w.message == f"Bot 2: turn done; next card: {g.card}"
    assert said_after_setup != w.message
    # taken back by the teacher, then played again: said again
    t.controls.undo()
    assert g.round == 1 and w.message.startswith("Taken back")
    t.controls.step()
    assert w.message == f"Bot 2: turn done; next card: {g.card}"

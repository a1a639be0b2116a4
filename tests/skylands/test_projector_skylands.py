"""Skylands on the projector page: SkylandsWidget speaks the ProjectorGame protocol (issue 16).

The positions are built by hand: two people at one table (hot seat) on seed 1, where
Ann starts (``start_player`` 0); the phases a first turn cannot reach (Deploy, Create,
its payment, Convert) are set on the engine's fields directly, as the rulebook
describes them: the active player acts first, and again last with the bonus.
"""

from __future__ import annotations

import ipywidgets as W
import pytest

from skye_widgets.errors import BadConfigError
from skye_widgets.skylands.game import ChooseAction, GameState, SetupDiscard
from skye_widgets.widgets.base import plain_text
from skye_widgets.widgets.projector import ProjectorGame, ProjectorParts
from skye_widgets.widgets.skylands import SkylandsWidget, projector_game


def hot_seat(side: str = "beginner") -> SkylandsWidget:
    state = GameState(["Ann", "Bob"], seed=1, side=side)
    assert state.start_player == 0
    w = SkylandsWidget(state, human=[0, 1])
    w.projector = True
    return w


def at(w: SkylandsWidget, phase: str, queue: list[tuple[int, bool]]) -> SkylandsWidget:
    """A hand-built position: the turn's action ``phase``, the players still to decide."""
    g = w.state
    g.phase, g.action, g.queue = phase, phase, queue
    return w


def test_the_widget_speaks_the_protocol():
    w = projector_game(0, bot_delay=None)
    assert isinstance(w, ProjectorGame)
    assert w.state.names == ["Class", "Bot 2", "Bot 3"] and w.humans == {0}
    assert [b.name for b in w.bots.values()] == ["greedy", "greedy"]
    assert projector_game(0).turns.delay == 1.5


def test_turn_line_for_choosing_and_discovering_with_the_bonus():
    w = hot_seat()
    assert w.turn_line() == "Ann: choose one of the four actions (or repeat your last one with the marker)."
    w.choose_action("discover")                   # 2 players: 3 tiles revealed; Ann, Bob, then Ann's bonus
    assert w.turn_line() == "Ann: take a revealed island and place it on your board, or pass."
    w.pass_()
    assert w.turn_line() == "Bob: take a revealed island and place it on your board, or pass."
    w.pass_()
    assert w.turn_line() == ("Ann (the active player's bonus): take a revealed island and place it on your "
                             "board, or pass.")


def test_turn_line_for_deploy_create_pay_and_convert():
    w = at(hot_seat(), "deploy", [(0, True)])     # the active player's bonus: 1 + 1 islands
    assert w.turn_line() == ("Ann (the active player's bonus): fill up to 2 complete forest, mountain or "
                             "crystal islands, or pass.")
    w = at(hot_seat(), "deploy", [(1, False), (0, True)])
    assert w.turn_line() == "Bob: fill a complete forest, mountain or crystal island, or pass."
    w = at(hot_seat(), "create", [(1, False), (0, True)])
    assert w.turn_line() == "Bob: create a special island you can pay for, or pass."
    w.state.paying = (0, 0, 0, 0, None)          # display slot 0 holds S01, the Moss Knoll
    assert w.turn_line() == "Bob: choose which islands pay the inhabitants for Moss Knoll."
    w = at(hot_seat(), "convert", [(0, True)])
    assert w.turn_line() == ("Ann (the active player's bonus): power a complete city with a complete crystal "
                             "island's inhabitants, or pass.")


def test_turn_line_for_the_tactical_setup():
    w = hot_seat("tactical")
    assert w.turn_line() == "Ann: choose a side of your starting island and place it on your board."
    w.act(w.state.legal_actions()[0])             # Ann's starting island placed: she puts a drawn tile back
    assert w.turn_line() == "Ann: put back one of the tiles you drew."
    w.act(SetupDiscard(0))
    assert w.turn_line() == "Ann: place one of the tiles you kept on your board."


def test_turn_line_of_a_bot_thinking_then_paused_and_at_the_end():
    w = projector_game(0, bot_delay=None)         # Bot 3 starts: it chose Discover and took a tile
    assert w.turns.actor(len(w.state.history) - 1) == 2
    w.undo()
    assert w.turn_line() == "Bot 3 (greedy) plays next; the bots are paused."
    w.turns.auto = True
    assert w.turn_line() == "Bot 3 (greedy) is thinking."
    over = SkylandsWidget(GameState(["Ann", "Bob"], seed=2), human=[], bots="greedy")
    g = over.state
    assert g.is_over()
    totals = [sum(i.points for i in s.breakdown) for s in g.scores()]
    best = max(totals)
    winners = [n for n, t in zip(("Ann", "Bob"), totals) if t == best]
    expected = (f"Game over ({g.end_reason}): {winners[0]} wins with {best} VP." if len(winners) == 1
                else f"Game over ({g.end_reason}): Ann and Bob share the win with {best} VP.")
    assert over.turn_line() == expected


def test_the_status_line_of_a_bots_turn_says_the_last_move_never_a_click():
    """A bot choosing an action and then taking a tile plays next both times: the turn line stays
    the same, the status line says the move just made (never "Bot 3: click an action board")."""
    w = projector_game(0, bot_delay=None)         # Bot 3 chose Discover, then took a tile
    w.undo()
    w.undo()
    assert w.state.history == [] and w.turn_line() == "Bot 3 (greedy) plays next; the bots are paused."
    assert plain_text(w.status.value) == "Taken back: Bot 3 chooses Discover islands. The bots are paused."
    w.refresh()
    assert plain_text(w.status.value) == "No move has been made yet."
    w.turns.step_bots(1)
    assert w.turn_line() == "Bot 3 (greedy) plays next; the bots are paused."
    assert plain_text(w.status.value) == "Last move: Bot 3 chooses Discover islands."
    w.turns.step_bots(1)
    assert w.state.log[-1].startswith("Bot 3 takes a revealed island")
    assert plain_text(w.status.value) == "Class: click a revealed island, then a square (Rotate turns it), or Pass."


def test_parts_are_the_right_widgets_and_the_board_follows_the_player_to_act():
    w = hot_seat()
    parts = w.projector_parts()
    assert isinstance(parts, ProjectorParts) and w.projector_parts() is parts
    assert parts.board.children[1].children == (w.canvas, *w.canvas_companions()) and "skylands-projector-board" in parts.board._dom_classes
    assert parts.status is w.status and all(isinstance(p, W.Widget) for p in (parts.decision, parts.summaries,
                                                                             parts.track))
    caption, actions = parts.board.children[0], parts.decision.children[1]
    assert plain_text(caption.value) == "Ann's board" and w.viewer() == 0
    assert [b.description for b in actions.children] == ["Discover islands", "Deploy inhabitants",
                                                         "Create islands", "Convert energy"]
    actions.children[0].click()                   # the projector's button chooses Discover for Ann
    assert w.state.history == [ChooseAction("discover")] and actions.layout.display == "none"
    w.pass_()
    assert plain_text(caption.value) == "Bob's board" and w.viewer() == 1
    assert w.drawing().title == SkylandsWidget(w.state.clone(), human=1).drawing().title
    buttons = parts.decision.children[2]
    assert [b.description for b in buttons.children] == ["Rotate", "Pass", "Done"]
    assert all(b.layout.width == "auto" for b in buttons.children + actions.children)
    # a bot's turn: the board part shows the bot's board in projector mode only
    bots = projector_game(0, bot_delay=None)
    bots.undo()
    assert bots.viewer() == 2 and plain_text(bots.projector_parts().board.children[0].value) == "Bot 3's board"
    lesson = SkylandsWidget(bots.state.clone(), human=0)
    assert lesson.viewer() == 0                   # outside projector mode: the person's board, as before


def test_the_token_board_offers_the_repeat():
    w = hot_seat()
    w.state.token[0] = "deploy"                   # Ann's token stands on Deploy from an earlier turn
    actions = w.projector_parts().decision.children[1]
    assert actions.children[1].description == "Repeat Deploy inhabitants" and not actions.children[1].disabled
    w.state.marker_active[0] = False
    w.refresh()
    assert actions.children[1].disabled


def test_summaries_and_track_say_what_ends_the_game():
    w = hot_seat()
    g = w.state
    parts = w.projector_parts()
    empty = len(g.boards[0].empty_squares())
    summaries = plain_text(parts.summaries.value)
    # the score so far, without the empty squares' cost, which is told as a cost at the end
    so_far = g.points()[0] + 2 * empty
    assert (f"Ann (person){so_far} VP so far, 0 of them in markers; {empty} empty squares cost 2 VP each "
            "at the end if still empty.") in summaries
    track = plain_text(parts.track.value)
    assert "Round 1: Ann is the active player." in track
    assert f"VP supply: {g.vp_supply} left. The game ends when it is empty." in track
    assert f"Island stack: {len(g.stack)} tiles face down; a Discover reveals 3, the game ends when it cannot." in track


def test_open_hand_shows_the_stack_top_first_then_hides_it_and_the_bots_never_see_it():
    w = hot_seat()
    g = w.state
    track = w.projector_parts().track
    top = g.stack[::-1]                           # Discover pops from the end of the list
    seen = g.observation(1).stack
    w.set_open_hand(True)
    html = track.value
    assert f"The next Discover reveals: {top[0]}, {top[1]}, {top[2]}." in plain_text(html)
    assert f'title="Then: {top[3]}, {top[4]}, {top[5]} and {len(top) - 6} more."' in html   # after the next Discover's
    assert html.count("<svg") == 3
    assert g.observation(1).stack == seen == sorted(g.stack)
    w.choose_action("discover")                   # the tiles shown are the tiles revealed
    assert w.state.revealed == top[:3]
    w.set_open_hand(False)
    assert "island stack, top first" not in track.value and "<svg" not in track.value


def test_teacher_undo_takes_back_one_action_a_bots_too_and_pauses_the_bots():
    w = projector_game(0, bot_delay=None)
    history = list(w.state.history)
    last = history[-1]
    w.undo()
    assert w.state.history == history[:-1] and w.turns.auto is False
    assert w.message.startswith("Taken back: Bot 3 takes a revealed island") and w.message.endswith("The bots are paused.")
    w.turns.run()
    assert w.state.history == history[:-1]        # paused: the bot does not play again by itself
    w.turns.set_auto(True)                        # playing again: the bot plays the same move
    assert w.state.history[len(history) - 1] == last
    empty = SkylandsWidget(GameState(["Ann", "Bob"], seed=1), human=[0, 1])
    empty.undo()
    assert empty.message == "There is nothing to take back." and empty.state.history == []


def test_explain_last_after_a_bot_move_names_its_move():
    w = projector_game(0, bot_delay=None)
    html = w.explain_last()
    assert html.startswith('<div class="skylands-projector-explain"')
    d = w.turns.last_explanation
    said = " ".join(w.state.log[d.log_start:d.log_size]).rstrip(".")
    assert said.startswith("Bot 3 takes a revealed island")
    assert f"Bot 3's last move: {said}." in html
    assert SkylandsWidget(GameState(["Ann", "Bob"], seed=1), human=[0, 1]).explain_last() == "No bot has moved yet."


def test_the_factory_is_deterministic_by_seed():
    a, b, c = (projector_game(s, bot_delay=None) for s in (4, 4, 5))
    assert a.state.to_dict() == b.state.to_dict() and a.state.stack == b.state.stack
    assert a.state.stack != c.state.stack


def test_factory_options():
    w = projector_game(1, players=2, bot_delay=None)
    assert w.state.names == ["Class", "Bot 2"] and w.humans == {0}
    w = projector_game(1, bots=[None, "planner", None], names=["Ann", "Robot", "Cy"], side="tactical",
                       bot_delay=None)
    assert w.state.names == ["Ann", "Robot", "Cy"] and w.humans == {0, 2} and w.state.side == "tactical"
    assert isinstance(w.turns.seats[1], type(projector_game(0, bots=[None, "planner"], bot_delay=None).bots[1]))
    with pytest.raises(BadConfigError):
        projector_game(0, players=5)
    with pytest.raises(BadConfigError):
        projector_game(0, bots=[None, "greedy"], names=["one"])


def _text_boxes(d):
    """Each text's box as the PNG renderer's font measures it."""
    from skye_widgets.drawing import Text, _font
    out = []
    for s in d.shapes:
        if isinstance(s, Text) and s.text.strip():
            w = _font(round(s.size), s.bold).getlength(s.text)
            left = {"left": s.x, "right": s.x - w}.get(s.align, s.x - w / 2)
            out.append((s.text, (left, s.y - s.size / 2, left + w, s.y + s.size / 2)))
    return out


@pytest.mark.parametrize("language", ["en", "pt", "pl", "fr", "es"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_projector_picture_keeps_its_texts_apart(language, players):
    """The projector's picture (issue 32, item 4: every text PROJECTOR_TEXT px) at the start and at the
    end of a game of random bots: no two texts overlap (the long action names on two lines, each
    player's label in its share of the width), and the canvas is the layout's size, clicks and all."""
    import skye_widgets
    from skye_widgets.drawing import boxes_overlap
    from skye_widgets.skylands.render import PROJECTOR_TEXT
    from skye_widgets.widgets.projector import ProjectorTable

    try:
        for bots in ([None] + ["random"] * (players - 1), ["random"] * players):
            t = ProjectorTable("skylands", seed=2, speed="step", language=language, bots=bots)
            d = t.game.drawing()
            L = t.game.layout_
            assert L.projector and (d.width, d.height) == (L.total_width, L.total_height)
            boxes = _text_boxes(d)
            assert min(s.size for s in d.shapes if hasattr(s, "text")) == PROJECTOR_TEXT
            clash = [(a, b) for i, (a, ab) in enumerate(boxes) for b, bb in boxes[i + 1:] if boxes_overlap(ab, bb)]
            assert not clash, (bots, clash)
    finally:
        skye_widgets.set_language("en")

"""Hashi on the projector page: HashiWidget speaks the ProjectorGame protocol (issue 16).

Positions are built by hand on a stacked deck (``shuffle=False``: the first card is
put back in the box unseen, the others are turned in order), so every turn line
below is worked out from the rulebook, not read back from the widget.
"""

from __future__ import annotations

import ipywidgets as W
import pytest

from skye_widgets.errors import BadConfigError
from skye_widgets.hashi.board import load_board
from skye_widgets.hashi.game import Card, HashiGame, Setup, default_deck
from skye_widgets.widgets.base import plain_text
from skye_widgets.widgets.hashi import HashiWidget, projector_game
from skye_widgets.widgets.projector import ProjectorGame, ProjectorParts


def stacked(first: Card, removed: Card = Card(1, 1)) -> list[Card]:
    """The 18 cards with ``removed`` on top (put back unseen) and ``first`` turned first."""
    rest = list(default_deck())
    rest.remove(first)
    rest.remove(removed)
    return [removed, first, *rest]


def solo(first: Card = Card(4, 2)) -> HashiWidget:
    game = HashiGame(load_board("skerries-a"), ["Ann"], deck=stacked(first), shuffle=False)
    w = HashiWidget(game)
    w.projector = True
    return w


def test_the_widget_speaks_the_protocol():
    w = projector_game(0, bot_delay=None)
    assert isinstance(w, ProjectorGame)
    assert w.game.players == ("Class", "Bot 2") and w.bots[0] is None and w.bots[1].name == "planner"
    assert w.turns.delay is None and projector_game(0).turns.delay == 1.5


def test_turn_line_for_every_kind_of_decision_of_a_turn():
    w = solo()                                    # the deck's first card turned: a 4 with 2 bridges
    assert w.turn_line() == "Ann: write a 3 or a 4 on an island without a flag."
    w.click_cell(2, 0)                            # the setup 3 at (2, 0), an island without a flag
    assert w.game.sheet(0).numbers[(2, 0)] == 3
    assert w.turn_line() == ("Ann: the card shows 4 with 2 bridges. Write the 4 on a free island, "
                             "draw exactly 2 bridges or none, then press Done.")
    w.click_cell(5, 0)                            # writes the 4 at (5, 0)
    assert w.game.sheet(0).numbers[(5, 0)] == 4
    assert w.turn_line() == "Ann: draw exactly 2 bridges or none, then press Done."
    w.click_cell(2, 0); w.click_cell(5, 0)        # one bridge (2, 0) - (5, 0)
    assert w.turn_line() == "Ann: 1 of 2 bridges drawn; draw 1 more, or take them back."
    w.click_cell(2, 0); w.click_cell(5, 0)        # the second: a double bridge
    assert w.turn_line() == "Ann: every bridge of the card is drawn; press Done to end the turn."
    parts = w.projector_parts()
    assert plain_text(parts.decision.children[0].value) == "Press Done to end the turn."


def test_a_card_with_one_bridge_says_bridge():
    w = solo(Card(5, 1))
    w.click_cell(2, 0)
    assert w.turn_line() == ("Ann: the card shows 5 with 1 bridge. Write the 5 on a free island, "
                             "draw exactly 1 bridge or none, then press Done.")


def test_turn_line_of_a_bot_thinking_then_paused():
    w = projector_game(0, bot_delay=None)         # the class sets up, then Bot 2's setup answers
    w.click_cell(2, 0)
    assert len(w.game.history) == 2 and w.turns.actor(1) == 1
    w.undo()                                      # the teacher takes back the bot's setup: bots paused
    assert w.game.current_player() == 1
    assert w.turn_line() == "Bot 2 (planner) plays next; the bots are paused."
    w.turns.auto = True                           # playing again (before its move is made)
    assert w.turn_line() == "Bot 2 (planner) is thinking."


def test_turn_line_at_the_end_names_the_winner_and_the_score():
    w = HashiWidget(HashiGame.new(["Bea"], seed=2), bots=["greedy"])      # a solo bot plays to the end
    g = w.game
    assert g.is_over()
    points = sum(item.points for item in g.score(0).breakdown)
    assert w.turn_line() == f"Game over: Bea scores {points} points, rank {g.rank_title()}."
    two = HashiWidget(HashiGame.new(["Ann", "Bob"], seed=1), bots=["greedy", "random"])
    totals = [sum(i.points for i in s.breakdown) for s in two.game.scores()]
    best = max(totals)
    winners = [n for n, t in zip(("Ann", "Bob"), totals) if t == best]
    expected = (f"Game over: {winners[0]} wins with {best} points." if len(winners) == 1
                else f"Game over: Ann and Bob share the win with {best} points.")
    assert two.turn_line() == expected


def test_parts_are_the_right_widgets_and_the_board_follows_the_player_to_act():
    game = HashiGame(load_board("skerries-a"), ["Ann", "Bob"], deck=stacked(Card(4, 2)), shuffle=False)
    w = HashiWidget(game)                         # two people at one table (hot seat)
    parts = w.projector_parts()
    assert isinstance(parts, ProjectorParts) and w.projector_parts() is parts
    assert parts.board.children[1].children == (w.canvas, *w.canvas_companions()) and "hashi-projector-board" in parts.board._dom_classes
    assert parts.status is w.status
    for part in (parts.decision, parts.summaries, parts.track):
        assert isinstance(part, W.Widget)
    assert plain_text(parts.board.children[0].value) == "Ann's board"
    assert "Ann (person): 0 points" in plain_text(parts.summaries.value)
    w.click_cell(2, 0)                            # Ann's setup: now Bob acts
    assert plain_text(parts.board.children[0].value) == "Bob's board" and w.drawing().title == "Hashi: Bob"
    # the setup's 3 / 4 shows in the setup only; the projector buttons never have a fixed width
    setup, buttons = parts.decision.children[1], parts.decision.children[2]
    assert setup.layout.display is None and setup.value == 3
    setup.value = 4
    assert w.setup_number.value == 4              # the same choice as the lesson's control
    assert all(b.layout.width == "auto" and "…" not in b.description for b in buttons.children)
    w.click_cell(2, 0)                            # Bob's setup 4 (on the board Ann prepared... passed on)
    assert w.game.phase == "play" and setup.layout.display == "none"


def test_track_counts_the_cards_and_open_hand_shows_the_pile_then_hides_it():
    w = solo()
    w.click_cell(2, 0)
    track = w.projector_parts().track
    text = plain_text(track.value)
    assert "Card 1 of 17: 4\u00b72." in text and "16 cards to come." in text and "Solo: pile 1 of 3." in text
    assert "face-down pile" not in text
    obs = w.game.observation(0)
    w.set_open_hand(True)
    assert w.open_hand
    text = plain_text(track.value)
    # the stacked deck, after the removed 1·1 and the turned 4·2: 1·2 1·3 2·1 ... 6·3
    rest = [c for c in default_deck() if c not in (Card(1, 1), Card(4, 2))]
    assert "The face-down pile, top first: " + " ".join(f"{c.number}\u00b7{c.bridges}" for c in rest) + "." in text
    assert "The card put back in the box unseen: 1\u00b71." in text
    after = w.game.observation(0)                 # the bots see what they saw before
    assert (after.unseen, after.played, after.card, after.n_cards, after.round) == \
        (obs.unseen, obs.played, obs.card, obs.n_cards, obs.round)
    assert not hasattr(after, "pile")
    w.set_open_hand(False)
    assert "face-down pile" not in plain_text(track.value) and not w.open_hand


def test_teacher_undo_takes_back_one_action_a_bots_too_and_pauses_the_bots():
    w = projector_game(0, bot_delay=None)
    w.click_cell(2, 0)
    bot_setup = w.game.history[1]
    assert isinstance(bot_setup, Setup) and w.turns.auto
    w.undo()
    assert w.game.history == [Setup((2, 0), 3)] and w.turns.auto is False
    assert w.message == f"Taken back: Bot 2 writes the setup {bot_setup.number} at " \
                        f"({bot_setup.cell[0]}, {bot_setup.cell[1]}). The bots are paused."
    w.turns.run()                                 # paused: the bot does not play again by itself
    assert len(w.game.history) == 1
    w.undo()                                      # the class's own setup
    assert w.game.history == [] and w.game.phase == "setup"
    w.undo()
    assert w.message == "There is nothing to take back."


def test_outside_projector_mode_undo_is_still_a_persons_turn_undo():
    w = HashiWidget.versus(["greedy"], seed=1)
    w.click_cell(2, 0)
    assert len(w.game.history) == 2
    w.undo()                                      # the setup ended the turn: nothing of this turn to take back
    assert len(w.game.history) == 2 and "only this turn's" in w.message


def test_explain_last_after_a_bot_move_names_its_move():
    w = projector_game(0, bot_delay=None)
    assert w.explain_last() == "No bot has moved yet."
    w.click_cell(2, 0)
    a = w.game.history[-1]
    html = w.explain_last()
    assert html.startswith('<div class="hashi-projector-explain"')
    assert f"Bot 2's last move: Bot 2 writes the setup {a.number} at ({a.cell[0]}, {a.cell[1]})." in html
    assert "Why: " in html


def test_the_factory_is_deterministic_by_seed():
    a, b, c = projector_game(5, bot_delay=None), projector_game(5, bot_delay=None), projector_game(6, bot_delay=None)
    assert a.game.pile == b.game.pile and a.game.removed_card == b.game.removed_card
    assert a.game.pile != c.game.pile
    for w in (a, b):
        w.click_cell(2, 0)
    assert a.game.history == b.game.history       # the same bot answers the same way


def test_factory_options():
    w = projector_game(1, players=3, bot_delay=None)
    assert w.game.players == ("Class", "Bot 2", "Bot 3") and [b is None for b in w.bots] == [True, False, False]
    w = projector_game(1, bots=[None, "greedy"], names=["Ann", "Robot"], board="skerries-b", bot_delay=None)
    assert w.game.players == ("Ann", "Robot") and w.bots[1].name == "greedy" and w.game.board.side == "B"
    with pytest.raises(BadConfigError):
        projector_game(0, players=5)
    with pytest.raises(BadConfigError):
        projector_game(0, bots=[None, "planner"], names=["only one"])

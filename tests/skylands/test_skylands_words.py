"""What a Skylands player reads: plain words for a decision of the wrong kind, sentences
that read right for the learner "You" and for other names, one final score at the end."""

import re
from html import unescape

import pytest

from skye_widgets.skylands.board import PlayerBoard
from skye_widgets.skylands.bots import make_bot
from skye_widgets.skylands.game import (ChooseAction, Convert, Deploy, GameState, Pass, Take, WrongPhaseError,
                                        play_game)
from skye_widgets.skylands.render import render_game
from skye_widgets.skylands.words import board_of, counted, said, sentence

from skylands_helpers import islet
from test_skylands_rules import crystal_and_city


def table(names=("You", "Ana")):
    """Two players on empty boards, the first active and to play."""
    g = GameState(list(names), seed=5)
    g.boards = [PlayerBoard(), PlayerBoard()]
    g.active = g.start_player = 0
    return g


def texts(svg):
    """The texts of an SVG picture, unescaped."""
    return [unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


def refused(g, action):
    """The message of a refused decision; the state is unchanged."""
    before = g.to_dict(), list(g.log)
    with pytest.raises(WrongPhaseError) as e:
        g.apply(action)
    assert (g.to_dict(), g.log) == before
    return str(e.value)


def test_a_decision_of_the_wrong_kind_is_refused_in_plain_words():
    g = table()
    assert refused(g, Pass()) == "Choose an action first: move your token to one of the four action boards."
    g.apply(ChooseAction("discover"))                     # 3 tiles revealed; You first
    assert refused(g, Deploy(((0, 0, 0),))) == \
        "Take one of the revealed islands and place it on your board, or pass."
    g = table()
    crystal_and_city(g.boards[0], blue=1)
    g.apply(ChooseAction("convert"))                      # You can convert (Ana cannot, later)
    assert refused(g, Take(0, 0, 0)) == \
        "Choose a complete crystal island with inhabitants and a complete city, or pass."
    t = GameState(["You", "Ana"], seed=1, side="tactical")
    assert refused(t, Pass()) == "Place your starting island first."


def test_no_message_names_a_python_class():
    from skye_widgets.skylands.game import WRONG_KIND
    for text in map(str, WRONG_KIND.values()):
        assert not re.search(r"\b[A-Z][a-z]+[A-Z]\w*|expected|not (Take|Pass|Deploy|Create|Pay|Convert)\b",
                             text), text
        assert text[0].isupper() and text.endswith(".")


def test_log_lines_speak_to_you_and_of_the_others():
    g = table()
    crystal_and_city(g.boards[0], blue=1)                 # 1 blue on a crystal, a 2-space city
    g.apply(ChooseAction("convert"))
    g.apply(Convert(((0, 0, 0),), ((3, 0, 0),)))
    # 1 blue moves into the city: 1 VP for the occupied space, +2 for the active player's blue
    assert g.log == ["You choose Convert energy", "You power cities with 1 inhabitant",
                     "You score 1 VP (occupied city spaces)", "You score 2 VP (active player's bonus)",
                     "Ana cannot convert energy and passes"]
    h = table(("Bo", "Ana"))
    crystal_and_city(h.boards[0], blue=2)
    h.apply(ChooseAction("convert"))
    h.apply(Convert(((0, 0, 0),), ((3, 0, 0),)))
    assert h.log[:3] == ["Bo chooses Convert energy", "Bo powers cities with 2 inhabitants",
                         "Bo scores 2 VP (occupied city spaces)"]


def test_a_whole_game_never_says_you_takes_or_1_inhabitants():
    g = play_game([make_bot("greedy", seed=1), make_bot("random", seed=2), make_bot("greedy", seed=3)],
                  seed=4, names=["You", "Ana", "Bo"])
    you = [line for line in g.log if line.startswith("You ")]
    assert any(line.startswith("You take a revealed island ") for line in you)
    wrong = re.compile(r"^You (takes|chooses|passes|scores|puts|creates|powers|flips|has)\b|and passes$")
    assert [line for line in you if wrong.search(line)] == []
    assert not any(re.search(r"\b1 (inhabitants|empty squares|island tiles)\b", line)
                   for line in g.log + g.summary().splitlines())


def test_the_words_helpers():
    assert said(("You pass", "{name} passes"), "You") == "You pass"
    assert said(("You pass", "{name} passes"), "you") == "you passes"      # only the seat named "You"
    assert counted(1, "{n} square", "{n} squares") == "1 square"
    assert counted(0, "{n} square", "{n} squares") == "0 squares"
    assert board_of("You") == "Your board" and board_of("Ana") == "Ana's board"
    assert sentence("square (0, 0) already holds tile I28") == "Square (0, 0) already holds tile I28."
    assert sentence("Done.") == "Done."


def test_the_picture_says_your_board_and_you_are_active():
    g = table()
    words = texts(render_game(g, viewer=0).to_svg())
    assert "Your board: 0 VP in markers, marker active" in words
    assert "Round 1: you are active. You: choose an action" in words
    words = texts(render_game(g, viewer=1).to_svg())
    assert "Ana's board: 0 VP in markers, marker active" in words
    assert not any("Board of" in w for w in words)


def test_the_end_picture_shows_the_final_score_only():
    g = table()
    g.vp[0] = 3                                           # 3 VP in markers ...
    g.boards[0].place(islet("forest"), 0, 0, 0)           # ... a complete 1-space island, 19 empty squares
    g._finish("a test")
    final = g.points()
    # You: 3 markers + 2 (marker still active) + 1 (island space) - 2 x 19 empty; Ana: 2 - 2 x 20 (5x4 board)
    assert final == [3 + 2 + 1 - 38, 2 - 40]
    words = texts(render_game(g, viewer=0).to_svg())
    assert "You: -32 VP (final)" in words and "Ana: -38 VP (final)" in words
    assert "Your board: -32 VP, final score" in words
    assert not any(re.search(r": 3 VP|in markers, marker", w) for w in words)

"""Quizzes and exercises explain every answer."""

import pytest

from skye_widgets.widgets.quiz import Exercise, Quiz


def make_quiz():
    return Quiz("Which terrain can a ship icon sit on?",
                [("pasture", "Ships sail: they are printed on water."),
                 ("water", "Yes: ships are always on water."),
                 ("mountain", "Mountains hold brochs, not ships.")],
                answer="water")


def test_wrong_answers_are_explained_and_do_not_solve():
    q = make_quiz()
    assert q.answer("mountain") is False
    assert q.message == "Not quite. Mountains hold brochs, not ships."
    assert not q.solved
    assert q.answer("water") is True and q.solved
    assert q.choice.value == "water"


def test_no_answer_and_unknown_answer():
    q = make_quiz()
    assert q.answer(None) is False and q.message == "Pick an answer first."
    with pytest.raises(ValueError):
        q.answer("lava")
    with pytest.raises(ValueError, match="not one of the options"):
        Quiz("?", [("a", "")], answer="b")


def test_exercise_reports_the_engines_explanation():
    state = {"placed": 0}
    ex = Exercise("Place two tiles.", lambda: (state["placed"] >= 2, f"{state['placed']} of 2 placed"))
    assert ex.check() is False and ex.message == "0 of 2 placed"
    state["placed"] = 2
    assert ex.check() is True and ex.solved and "skye-ok" in ex.feedback.value

"""Small teaching widgets for the lessons: quizzes and engine-checked exercises.

Both give immediate feedback that *explains*: a wrong answer says why it is
wrong, not only that it is. Both have a Python-level API (``answer``,
``check``) so notebooks and tests can drive them without a browser.

The lessons build them from their text files (:mod:`skye_widgets.lessons`)
through :class:`Lesson`, so no notebook cell shows a question's answer:

>>> lesson = Lesson("05_building")
>>> q = lesson.quiz("touch_new_tile")
>>> q.answer("Only if the first one touches the castle")
False
>>> q.message
'Not quite. Any tile of the territory counts as a neighbour.'

A quiz can also be written in place:

>>> q = Quiz("How many gold does the castle pay each round?",
...          [("3", "The castle pays more than that: look at its coins."),
...           ("5", "Right: every castle pays 5 gold at the start of each round.")],
...          answer="5")
>>> q.answer("5"), q.solved
(True, True)

An exercise whose body is a board (a :class:`~skye_widgets.widgets.skye.TerritoryWidget`)
gets ``undo`` and ``start over`` buttons; after a failed check, any change of
the body is re-checked quietly: the red message goes away, and a change that
solves the task shows the green one.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable, Sequence

import ipywidgets as W

from .. import lessons as lesson_texts
from ..lessons import checks as lesson_checks
from ..i18n import lazy
from .base import on_click, plain_text, static_view, with_picture
from .threads import one_at_a_time

#: The quiz's and exercise's own texts (the questions and tasks come from the lessons' data).
QUIZ_TEXT = {
    # Translators: the button under a quiz question, and its tooltip.
    "check_answer": lazy("Check answer"), "check_answer_tip": lazy("See whether the chosen answer is right, and why"),
    "pick_first": lazy("Pick an answer first."),
    # Translators: a wrong answer's feedback; {explanation} is that answer's own explanation (the lesson's words).
    "not_quite": lazy("Not quite. {explanation}"),
    # Translators: the button under an exercise, and its tooltip.
    "check": lazy("Check"), "check_tip": lazy("Ask the rules whether the task is done, and why"),
    # Translators: the word in bold before an exercise's task.
    "exercise": lazy("Exercise."),
    "undo": lazy("undo"), "undo_tip": lazy("Take back your last placement"),
    "start_over": lazy("start over"),
    "start_over_tip": lazy("Put the board and your hand back as they were at the start of this exercise"),
    "nothing_to_undo": lazy("Nothing to undo yet: place a tile first."),
    "undone": lazy("Your last placement is taken back."),
    "started_over": lazy("Back to the start of the exercise."),
    # Translators: under a quiz's question and choices as a saved notebook shows them without Python
    # (on GitHub, in a viewer): the choices cannot be clicked there.
    "static_quiz": lazy("Run the notebook to answer: each choice then says whether it is right, and why."),
    # Translators: under an exercise's task as a saved notebook shows it without Python.
    "static_exercise": lazy("Run the notebook to try it: the rules then check your answer, and say why."),
}


Check = Callable[[], "tuple[bool, str]"]


def _feedback(ok: bool | None, text: str) -> str:
    colour = {True: "#1b7837", False: "#b2182b", None: "#333333"}[ok]
    kind = {True: "ok", False: "error", None: "info"}[ok]
    return f'<span class="skye-{kind}" style="color:{colour};font-size:1.05em">{escape(text)}</span>'


class _Feedback(W.VBox):
    """Shared status line (CSS class ``skye-status``, like the boards')."""

    def _init_feedback(self) -> None:
        self.feedback = W.HTML(value="", layout=W.Layout(min_height="1.6em"))
        self.feedback.add_class("skye-status")
        self.solved = False

    def _say(self, ok: bool | None, text: str) -> None:
        self.feedback.value = _feedback(ok, text)

    @property
    def message(self) -> str:
        """The feedback line's plain text."""
        return plain_text(self.feedback.value)


class Quiz(_Feedback):
    """A multiple-choice question; each option carries its own explanation.

    ``options`` is a sequence of ``(label, explanation)``; ``answer`` is the
    label of the right one.
    """

    def __init__(self, question: str, options: Sequence[tuple[str, str]], answer: str) -> None:
        labels = [label for label, _ in options]
        if len(set(labels)) != len(labels):
            raise ValueError(f"two options have the same label: {labels}")
        if answer not in labels:
            raise ValueError(f"the answer {answer!r} is not one of the options {labels}")
        self.question = question
        self.explanations = dict(options)
        self.right = answer
        self._init_feedback()
        self.choice = W.RadioButtons(options=labels, value=None, layout=W.Layout(width="auto"))
        button = W.Button(description=str(QUIZ_TEXT["check_answer"]), button_style="primary",
                          tooltip=str(QUIZ_TEXT["check_answer_tip"]))
        button.on_click(lambda _b: self.answer(self.choice.value))
        super().__init__(children=[W.HTML(f"<b>{escape(question)}</b>"), self.choice, button, self.feedback])

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, plus its static view: the question and its choices, none marked right."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = dict(bundle[0]) if isinstance(bundle, tuple) else dict(bundle or {})
        labels = list(self.explanations)
        note = str(QUIZ_TEXT["static_quiz"])
        data.update(static_view(
            f"<p><b>{escape(self.question)}</b></p><ul style='list-style:none;padding-left:0.5em'>"
            + "".join(f"<li>○ {escape(label)}</li>" for label in labels) + f"</ul><p><i>{escape(note)}</i></p>",
            "\n".join([self.question, *(f"○ {label}" for label in labels), note])))
        return data

    def answer(self, label: str | None) -> bool:
        """Answer with ``label``; shows and returns whether it is right."""
        if label is None:
            self._say(None, str(QUIZ_TEXT["pick_first"]))
            return False
        if label not in self.explanations:
            raise ValueError(f"{label!r} is not one of the options")
        if self.choice.value != label:
            self.choice.value = label
        ok = label == self.right
        self.solved = self.solved or ok
        self._say(ok, self.explanations[label] if ok else
                  QUIZ_TEXT["not_quite"].format(explanation=self.explanations[label]))
        return ok


class Exercise(_Feedback):
    """A task checked by the engine: ``check()`` returns ``(ok, explanation)``.

    ``body`` is the widget the learner works with (a board, a price slider...).
    A board (anything with ``territory``, ``hand``, ``on_placed``,
    ``set_territory`` and ``set_hand``) gets :meth:`undo` and
    :meth:`start_over`; any other body with a ``value`` is re-checked quietly
    when its value changes after a check.
    """

    def __init__(self, task: str, check: Check, body: W.Widget | None = None) -> None:
        self.task = task
        self._check = check
        self._checked = False           # a result is on the feedback line
        self._init_feedback()
        button = W.Button(description=str(QUIZ_TEXT["check"]), button_style="primary",
                          tooltip=str(QUIZ_TEXT["check_tip"]))
        button.on_click(one_at_a_time(lambda _b: self.check()))
        children: list[W.Widget] = [W.HTML(f"<b>{escape(str(QUIZ_TEXT['exercise']))}</b> {escape(task)}")]
        buttons: list[W.Widget] = [button]
        self.body = body
        self.undo_button: W.Button | None = None
        self.start_over_button: W.Button | None = None
        if body is not None:
            children.append(body)
            if _is_board(body):
                self._start = (body.territory.copy(), list(body.hand))
                self._moves: list[tuple[str, int, int, int]] = []
                body.on_placed(self._placed)
                if callable(getattr(body, "use_undo", None)):
                    body.use_undo(self.undo)       # the key u takes back through this exercise (one undo)
                self.undo_button = on_click(W.Button(description=str(QUIZ_TEXT["undo"]), icon="undo",
                                                     tooltip=str(QUIZ_TEXT["undo_tip"])), self.undo)
                self.start_over_button = on_click(W.Button(description=str(QUIZ_TEXT["start_over"]), icon="refresh",
                                                           tooltip=str(QUIZ_TEXT["start_over_tip"])),
                                                  self.start_over)
                buttons += [self.undo_button, self.start_over_button]
                self._refresh_buttons()
            elif body.has_trait("value"):
                body.observe(lambda _ch: self._changed(), names="value")
        children += [W.HBox(buttons, layout=W.Layout(flex_flow="row wrap")), self.feedback]
        super().__init__(children=children)

    def check(self) -> bool:
        """Ask the engine whether the task is done; shows why or why not."""
        ok, text = self._check()
        self.solved = self.solved or ok
        self._checked = True
        self._say(ok, text)
        return ok

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, plus for viewers without a kernel the board's static SVG and PNG
        pictures (if the body is a board), like the boards' own bundles, or else the task as a
        static view."""
        data = with_picture(super()._repr_mimebundle_(**kwargs),
                            self.body.drawing() if self.undo_button is not None else None)
        if self.undo_button is None:
            note = str(QUIZ_TEXT["static_exercise"])
            head = str(QUIZ_TEXT["exercise"])
            data.update(static_view(f"<p><b>{escape(head)}</b> {escape(self.task)}</p><p><i>{escape(note)}</i></p>",
                                    f"{head} {self.task}\n{note}"))
        return data

    # -- retrying a board ---------------------------------------------------
    def undo(self) -> None:
        """Take back the last placement made on the board (its tile returns to the hand)."""
        if self.undo_button is None:
            raise ValueError("this exercise has no board to undo on")
        if not self._moves:
            self._say(None, str(QUIZ_TEXT["nothing_to_undo"]))
            return
        tile, _x, _y, rotation = self._moves.pop()
        self._restore(str(QUIZ_TEXT["undone"]))
        if tile in self.body.hand and callable(getattr(self.body, "select_tile", None)):
            self.body.rotation = rotation       # the tile taken back is in hand again, turned as it was
            self.body.select_tile(tile)

    def start_over(self) -> None:
        """Put the board and the hand back as they were when the exercise began."""
        if self.start_over_button is None:
            raise ValueError("this exercise has no board to start over")
        self._moves.clear()
        self._restore(str(QUIZ_TEXT["started_over"]))

    def _placed(self, tile: str, x: int, y: int, rotation: int) -> None:
        self._moves.append((tile, x, y, rotation))
        self._refresh_buttons()
        self._changed()

    def _restore(self, said: str) -> None:
        territory, hand = self._start[0].copy(), list(self._start[1])
        for tile, x, y, rotation in self._moves:
            territory.place(tile, x, y, rotation)
            if tile in hand:
                hand.remove(tile)
        board = self.body
        board.set_territory(territory)
        board.set_hand(hand)
        self._refresh_buttons()
        if not self._changed():
            self._say(None, said)

    def _refresh_buttons(self) -> None:
        if self.undo_button is not None:
            self.undo_button.disabled = not self._moves
            self.start_over_button.disabled = not self._moves

    def _changed(self) -> bool:
        """The body changed: after a check, re-check quietly; True if a message is shown."""
        if not self._checked:
            return False
        ok, text = self._check()
        if ok:
            self.solved = True
            self._say(True, text)
            return True
        self.feedback.value = ""
        return False


def _is_board(body: Any) -> bool:
    return all(hasattr(body, name) for name in ("territory", "hand", "on_placed", "set_territory", "set_hand"))


class Lesson:
    """The quizzes and exercises of one lesson, built from its text file.

    ``Lesson("03_areas").quiz("enclosed_lake")`` is the quiz; ``.exercise(key,
    body, **context)`` the exercise on ``body`` (a board: its territory is
    checked; a dropdown or number box: its value), with ``context`` the check's
    other inputs (for example the territory a question is about).
    """

    def __init__(self, stem: str) -> None:
        self.stem = stem
        self.texts = lesson_texts.load(stem)

    def quiz(self, key: str, **context: Any) -> Quiz:
        """The quiz ``key``; ``context`` feeds the numbers its texts quote (if they quote any)."""
        text = self._entry(self.texts.quizzes, key, "quiz")
        values = lesson_checks.quiz_values(text.values, **context)
        fill = lesson_texts.fill
        return Quiz(fill(text.question, values),
                    [(fill(c.label, values), fill(c.feedback, values)) for c in text.choices],
                    answer=fill(text.right.label, values))

    def exercise(self, key: str, body: W.Widget | None = None, **context: Any) -> Exercise:
        """The exercise ``key`` on ``body``, checked by its engine check."""
        text = self._entry(self.texts.exercises, key, "exercise")

        def check() -> tuple[bool, str]:
            work = body.territory if _is_board(body) else getattr(body, "value", None)
            ok, message_key, values = lesson_checks.run(text.check, work, **text.args, **context)
            ex.message_key = message_key
            return ok, lesson_texts.fill(text.messages[message_key], values)

        ex = Exercise(text.task, check, body=body)
        ex.message_key = None
        return ex

    def _entry(self, entries: Any, key: str, kind: str) -> Any:
        if key not in entries:
            raise KeyError(f"lesson {self.stem} has no {kind} {key!r}; it has: {', '.join(entries) or 'none'}")
        return entries[key]

"""Small teaching widgets for the lessons: quizzes and engine-checked exercises.

Both give immediate feedback that *explains*: a wrong answer says why it is
wrong, not only that it is. Both have a Python-level API (``answer``,
``check``) so notebooks and tests can drive them without a browser.

>>> q = Quiz("How many gold does the castle pay each round?",
...          [("3", "The castle pays more than that: look at its coins."),
...           ("5", "Right: every castle pays 5 gold at the start of each round.")],
...          answer="5")
>>> q.answer("3")
False
>>> q.message
'Not quite. The castle pays more than that: look at its coins.'
>>> q.answer("5"), q.solved
(True, True)
"""

from __future__ import annotations

from html import escape
from typing import Callable, Sequence

import ipywidgets as W

from .base import plain_text

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
        if answer not in labels:
            raise ValueError(f"the answer {answer!r} is not one of the options {labels}")
        self.question = question
        self.explanations = dict(options)
        self.right = answer
        self._init_feedback()
        self.choice = W.RadioButtons(options=labels, value=None, layout=W.Layout(width="auto"))
        button = W.Button(description="Check answer", button_style="primary")
        button.on_click(lambda _b: self.answer(self.choice.value))
        super().__init__(children=[W.HTML(f"<b>{escape(question)}</b>"), self.choice, button, self.feedback])

    def answer(self, label: str | None) -> bool:
        """Answer with ``label``; shows and returns whether it is right."""
        if label is None:
            self._say(None, "Pick an answer first.")
            return False
        if label not in self.explanations:
            raise ValueError(f"{label!r} is not one of the options")
        if self.choice.value != label:
            self.choice.value = label
        ok = label == self.right
        self.solved = self.solved or ok
        self._say(ok, self.explanations[label] if ok else f"Not quite. {self.explanations[label]}")
        return ok


class Exercise(_Feedback):
    """A task checked by the engine: ``check()`` returns ``(ok, explanation)``.

    ``body`` is the widget the learner works with (a board, a price slider...).
    """

    def __init__(self, task: str, check: Check, body: W.Widget | None = None) -> None:
        self.task = task
        self._check = check
        self._init_feedback()
        button = W.Button(description="Check", button_style="primary")
        button.on_click(lambda _b: self.check())
        children: list[W.Widget] = [W.HTML(f"<b>Exercise.</b> {escape(task)}")]
        if body is not None:
            children.append(body)
        children += [button, self.feedback]
        super().__init__(children=children)

    def check(self) -> bool:
        """Ask the engine whether the task is done; shows why or why not."""
        ok, text = self._check()
        self.solved = self.solved or ok
        self._say(ok, text)
        return ok

"""The lessons' texts as data: one JSON file per notebook, read by a strict loader.

Every question, choice, per-choice feedback, which choice is right, every
exercise task and every exercise message lives in
``skye_widgets/lessons/data/<notebook-stem>.json``, never in a notebook cell, so
a learner cannot read an answer before answering (the notebooks show
one-liners such as ``lesson.quiz("enclosed_lake")``) and the texts can be
translated later. Messages that carry numbers are whole sentences with named
placeholders (``"The lake is still open: it faces an empty cell at {sides}."``).

The engine checks of the exercises are pure functions in
:mod:`skye_widgets.lessons.checks`: each returns ``(ok, message_key, values)``
and the widget formats the message. Pure: never imports a widget.

A file's layout::

    {"quizzes": {"<key>": {"question": "...",
                            "choices": [{"label": "...", "feedback": "...", "right": true}, ...],
                            "values": "<provider in checks.QUIZ_VALUES>",        (optional)
                            "spoilers": [<spoiler>, ...]}},                       (optional)
     "exercises": {"<key>": {"task": "...", "check": "<name in checks.CHECKS>",
                              "args": {...},                                       (optional)
                              "messages": {"<message key>": "...", ...},
                              "spoilers": [<spoiler>, ...]}}}                      (optional)

A spoiler says what would give a question's answer away if a learner could read it above the
question in a notebook (tests/test_no_answers_on_screen.py looks for it there)::

    {"pattern": "<a regular expression>", "in": "en" | "all", "why": "..."}

``in``: ``"en"`` for words of the English notebooks only, ``"all"`` for a number or a pattern that
reads the same in every language. Spoilers are notes for the project, not texts for the learner:
they are neither translated nor shown.

>>> texts = load("03_areas")
>>> quiz = texts.quizzes["enclosed_lake"]
>>> sum(c.right for c in quiz.choices)
1
>>> texts.exercises["close_the_lake"].check
'area_completed'
"""

from __future__ import annotations

import json
import os
import re
import string
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, Mapping

from .. import i18n
from ..errors import DataError, FileFormatError, read_text
from ..limits import (MAX_JSON_DEPTH, MAX_LESSON_ENTRIES, MAX_QUIZ_CHOICES, MAX_SPOILER_PATTERN, MAX_SPOILERS,
                      MAX_TEXT_LENGTH, json_depth, short)

DATA = Path(__file__).parent / "data"
KEY = re.compile(r"[a-z][a-z0-9_]{0,39}\Z")


@dataclass(frozen=True)
class Choice:
    label: str
    feedback: str
    right: bool


@dataclass(frozen=True)
class Spoiler:
    """What would give an answer away above its question (see the module's docstring)."""
    pattern: str                         # a regular expression
    languages: str                       # "en" (the English notebooks) or "all"
    why: str

    def regex(self) -> "re.Pattern[str]":
        return re.compile(self.pattern, re.DOTALL)


@dataclass(frozen=True)
class QuizText:
    key: str
    question: str
    choices: tuple[Choice, ...]
    values: str | None = None           # the provider of the placeholders (checks.QUIZ_VALUES)
    spoilers: tuple[Spoiler, ...] = ()

    @property
    def right(self) -> Choice:
        return next(c for c in self.choices if c.right)


@dataclass(frozen=True)
class ExerciseText:
    key: str
    task: str
    check: str                           # a name in checks.CHECKS
    args: Mapping[str, Any]
    messages: Mapping[str, str]
    spoilers: tuple[Spoiler, ...] = ()

    def success_keys(self) -> list[str]:
        """The message keys that say the task is done (``ok`` or ``ok_...``)."""
        return [k for k in self.messages if is_success(k)]


@dataclass(frozen=True)
class LessonTexts:
    stem: str
    quizzes: Mapping[str, QuizText]
    exercises: Mapping[str, ExerciseText]


def is_success(message_key: str) -> bool:
    """Message keys ``ok`` and ``ok_<something>`` say that an exercise is solved."""
    return message_key == "ok" or message_key.startswith("ok_")


def placeholders(template: str) -> set[str]:
    """The named placeholders of ``template`` (ValueError if it is not a valid template
    of plain names: no positional ``{}``, no ``{a.b}`` or ``{a[0]}``, no format spec)."""
    names = set()
    for _text, field, spec, conversion in string.Formatter().parse(template):
        if field is None:
            continue
        if not KEY.match(field) or spec or conversion:
            raise ValueError(f"placeholder {{{field}}} is not a plain name such as {{tile}}")
        names.add(field)
    return names


def fill(template: str, values: Mapping[str, Any]) -> str:
    """``template`` with its placeholders replaced by ``values`` (KeyError if one is missing)."""
    return template.format_map({k: values[k] for k in placeholders(template)})


def stems() -> list[str]:
    """The lessons that have a text file."""
    return sorted(p.stem for p in DATA.glob("*.json"))


def load(stem: str) -> LessonTexts:
    """The texts of lesson ``stem`` (a notebook's name without ``.ipynb``) in the current language.

    The English texts are the JSON file's; another language's come from the ``lessons`` catalog
    (:func:`skye_widgets.i18n.translations`), each text looked up with the lesson's name as context.
    """
    if not isinstance(stem, str) or not re.fullmatch(r"[0-9a-z_]{1,40}", stem):
        raise ValueError(f"no lesson is called {short(stem)}; known: {', '.join(stems())}")
    if not (DATA / f"{stem}.json").exists():
        raise ValueError(f"no lesson is called {stem!r}; known: {', '.join(stems())}")
    return _load_in(stem, i18n.language())


@lru_cache(maxsize=None)
def _english(stem: str) -> LessonTexts:
    return load_file(DATA / f"{stem}.json", stem)


@lru_cache(maxsize=None)
def _load_in(stem: str, code: str) -> LessonTexts:
    return translate(_english(stem), i18n.translations(i18n.LESSONS, code))


def texts_of(lesson: LessonTexts) -> Iterator[tuple[str, str]]:
    """Every translatable text of a lesson, with where it is (``quizzes.<key>.question``,
    ``exercises.<key>.messages.<key>``...): what ``make messages`` extracts into the catalogs."""
    for key, q in lesson.quizzes.items():
        yield f"quizzes.{key}.question", q.question
        for i, c in enumerate(q.choices, 1):
            yield f"quizzes.{key}.choices.{i}.label", c.label
            yield f"quizzes.{key}.choices.{i}.feedback", c.feedback
    for key, e in lesson.exercises.items():
        yield f"exercises.{key}.task", e.task
        for k, m in e.messages.items():
            yield f"exercises.{key}.messages.{k}", m


def translate(lesson: LessonTexts, catalog: Any) -> LessonTexts:
    """``lesson`` with each text replaced by ``catalog``'s translation (context: the lesson's name);
    a text the catalog lacks stays English."""
    def tr(text: str) -> str:
        return catalog.pgettext(lesson.stem, text)

    quizzes = {k: replace(q, question=tr(q.question),
                          choices=tuple(Choice(tr(c.label), tr(c.feedback), c.right) for c in q.choices))
               for k, q in lesson.quizzes.items()}
    exercises = {k: replace(e, task=tr(e.task), messages={m: tr(v) for m, v in e.messages.items()})
                 for k, e in lesson.exercises.items()}
    return LessonTexts(lesson.stem, quizzes, exercises)


def load_file(path: str | os.PathLike[str], stem: str | None = None) -> LessonTexts:
    """Read and check one lesson text file; any fault is one :class:`FileFormatError`."""
    text = read_text(path)

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for k, v in pairs:
            if k in seen:
                raise _Fault(f"the key {short(k)} appears twice in one object")
            seen[k] = v
        return seen

    try:
        data = json.loads(text, object_pairs_hook=unique)
        if json_depth(data) > MAX_JSON_DEPTH:
            raise _Fault(f"JSON nested more than {MAX_JSON_DEPTH} levels deep")
        return _parse(data, stem or Path(path).stem)
    except _Fault as e:
        raise FileFormatError(path, str(e)) from None
    except json.JSONDecodeError as e:
        raise FileFormatError(path, f"malformed JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
    except RecursionError:
        raise FileFormatError(path, "JSON nested too deeply") from None
    except ValueError as e:
        raise FileFormatError(path, f"unreadable JSON: {e}") from None


class _Fault(DataError):
    """One fault of a lesson file (the loader adds the file's name)."""


def _object(value: Any, where: str, required: set[str], optional: set[str] = frozenset()) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Fault(f"{where}: expected an object, got {short(value)}")
    missing = sorted(required - value.keys())
    if missing:
        raise _Fault(f"{where}: missing {', '.join(missing)}")
    extra = sorted(value.keys() - required - optional)
    if extra:
        raise _Fault(f"{where}: unknown field {short(extra[0])}")
    return value


def _text(value: Any, where: str, allowed: set[str] | None = None) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _Fault(f"{where}: expected a non-empty text, got {short(value)}")
    if len(value) > MAX_TEXT_LENGTH:
        raise _Fault(f"{where}: longer than {MAX_TEXT_LENGTH} characters")
    try:
        names = placeholders(value)
    except ValueError as e:
        raise _Fault(f"{where}: {e}") from None
    unknown = sorted(names - (allowed or set()))
    if unknown:
        offered = ", ".join(f"{{{n}}}" for n in sorted(allowed or ())) or "none"
        raise _Fault(f"{where}: unknown placeholder {{{unknown[0]}}} (this text can use: {offered})")
    return value


def _entries(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _Fault(f"{where}: expected an object, got {short(value)}")
    if len(value) > MAX_LESSON_ENTRIES:
        raise _Fault(f"{where}: more than {MAX_LESSON_ENTRIES} entries")
    for k in value:
        if not KEY.match(k):
            raise _Fault(f"{where}: {short(k)} is not a key (lower-case letters, digits and _, up to 40)")
    return value


def _spoilers(value: Any, where: str) -> tuple[Spoiler, ...]:
    if not isinstance(value, list) or len(value) > MAX_SPOILERS:
        raise _Fault(f"{where}: spoilers must be a list of up to {MAX_SPOILERS}")
    found = []
    for i, s in enumerate(value, 1):
        s = _object(s, f"{where}: spoiler {i}", {"pattern", "in", "why"})
        pattern = s["pattern"]
        if not isinstance(pattern, str) or not pattern.strip() or len(pattern) > MAX_SPOILER_PATTERN:
            raise _Fault(f"{where}: spoiler {i}: pattern must be a text of 1 to {MAX_SPOILER_PATTERN} characters")
        try:
            re.compile(pattern)
        except re.error as e:
            raise _Fault(f"{where}: spoiler {i}: pattern is not a regular expression ({e})") from None
        if s["in"] not in ("en", "all"):
            raise _Fault(f"{where}: spoiler {i}: in must be \"en\" or \"all\", got {short(s['in'])}")
        if not isinstance(s["why"], str) or not s["why"].strip() or len(s["why"]) > MAX_TEXT_LENGTH:
            raise _Fault(f"{where}: spoiler {i}: why must be a non-empty text")
        found.append(Spoiler(pattern, s["in"], s["why"]))
    return tuple(found)


def _parse(data: Any, stem: str) -> LessonTexts:
    from .checks import CHECKS, QUIZ_VALUES      # the checks import the engine; the loader stays light

    top = _object(data, "the file", set(), {"quizzes", "exercises"})
    quizzes: dict[str, QuizText] = {}
    for key, q in _entries(top.get("quizzes", {}), "quizzes").items():
        where = f"quiz {key!r}"
        q = _object(q, where, {"question", "choices"}, {"values", "spoilers"})
        provider = q.get("values")
        if provider is not None and provider not in QUIZ_VALUES:
            raise _Fault(f"{where}: unknown values provider {short(provider)}")
        allowed = set(QUIZ_VALUES[provider].names) if provider else set()
        question = _text(q["question"], f"{where}: question", allowed)
        raw = q["choices"]
        if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_QUIZ_CHOICES:
            raise _Fault(f"{where}: choices must be a list of 2 to {MAX_QUIZ_CHOICES}")
        choices = []
        for i, c in enumerate(raw, 1):
            c = _object(c, f"{where}: choice {i}", {"label", "feedback"}, {"right"})
            right = c.get("right", False)
            if not isinstance(right, bool):
                raise _Fault(f"{where}: choice {i}: right must be true or false, got {short(right)}")
            choices.append(Choice(_text(c["label"], f"{where}: choice {i}: label", allowed),
                                  _text(c["feedback"], f"{where}: choice {i}: feedback", allowed), right))
        labels = [c.label for c in choices]
        if len(set(labels)) != len(labels):
            raise _Fault(f"{where}: two choices have the same label")
        n_right = sum(c.right for c in choices)
        if n_right != 1:
            raise _Fault(f"{where}: exactly one choice must be right, not {n_right}")
        quizzes[key] = QuizText(key, question, tuple(choices), provider,
                                _spoilers(q.get("spoilers", []), where))

    exercises: dict[str, ExerciseText] = {}
    for key, e in _entries(top.get("exercises", {}), "exercises").items():
        where = f"exercise {key!r}"
        e = _object(e, where, {"task", "check", "messages"}, {"args", "spoilers"})
        name = e["check"]
        if name not in CHECKS:
            raise _Fault(f"{where}: unknown check {short(name)}")
        spec = CHECKS[name]
        task = _text(e["task"], f"{where}: task")
        args = e.get("args", {})
        if not isinstance(args, dict):
            raise _Fault(f"{where}: args must be an object")
        try:
            spec.check_args(args)
        except ValueError as err:
            raise _Fault(f"{where}: args: {err}") from None
        messages = _object(e["messages"], f"{where}: messages", set(spec.messages))
        exercises[key] = ExerciseText(
            key, task, name, dict(args),
            {k: _text(v, f"{where}: message {k!r}", set(spec.messages[k])) for k, v in messages.items()},
            _spoilers(e.get("spoilers", []), where))
    return LessonTexts(stem, quizzes, exercises)

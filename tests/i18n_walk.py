"""Helpers for the pseudo-language walks ("missed extraction" tests of issue 18).

Under ``set_language("qps")`` every marked text is shown bracketed and accented
(``[Ŝķýé ŵîðĝéţš ~~~]``); a walk collects every text a widget tree or a CLI run shows, takes the
bracketed parts out (:func:`outside_brackets`) and fails on any English word left (:func:`english_words`):
a text nobody marked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import ipywidgets as W

from skye_widgets.widgets.base import plain_text

#: An English word: two or more ASCII letters in a row (the pseudo-language accents every letter).
WORD = re.compile(r"[A-Za-z]{2,}")


def outside_brackets(text: str) -> str:
    """``text`` without the pseudo-language's bracketed texts (innermost first: a name in a sentence)."""
    before = None
    while before != text:
        before, text = text, re.sub(r"\[[^\[\]]*\]", " ", text)
    return text


def page_texts(widget: W.Widget, seen: set[int] | None = None) -> Iterator[str]:
    """Every text a widget tree shows: descriptions, tooltips, placeholders, HTML and label values
    (without their <style>), option labels, a button row's tooltips."""
    seen = set() if seen is None else seen
    if id(widget) in seen:
        return
    seen.add(id(widget))
    for attr in ("description", "tooltip", "placeholder"):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and value:
            yield value
    if isinstance(widget, (W.HTML, W.Label)) and widget.value:
        yield plain_text(re.sub(r"<style>.*?</style>", "", widget.value, flags=re.S))
    yield from getattr(widget, "_options_labels", None) or ()
    yield from getattr(widget, "tooltips", None) or ()
    for child in getattr(widget, "children", None) or ():
        yield from page_texts(child, seen)


def english_words(texts: Iterable[str], allowed: dict[str, str] | None = None,
                  used: set[str] | None = None) -> list[str]:
    """The texts that still hold an English word outside the brackets, once every ``allowed``
    pattern (a regular expression -> why it stays) is taken out; ``used`` collects the patterns
    that matched (so a test can check that each allowed pattern is still needed)."""
    english = []
    for text in texts:
        rest = outside_brackets(text)
        for pattern in allowed or {}:
            if re.search(pattern, rest):
                if used is not None:
                    used.add(pattern)
                rest = re.sub(pattern, " ", rest)
        if WORD.search(rest):
            english.append(text)
    return english

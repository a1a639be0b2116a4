"""Sentences about Skylands players that read right for the learner ("You") and for anyone else.

A player named ``"You"`` (:data:`YOU`, the name the lessons give the learner's seat) is
spoken to in the second person: "You take island I28", "Your board"; any other name is
spoken of in the third person: "Ana takes island I28", "Ana's board". Every text is a
pair of whole templates with named placeholders (for translation), never a verb
patched with an "s"; counts pick the singular or plural template ("1 inhabitant").

>>> said(("You take island {tile}", "{name} takes island {tile}"), "You", tile="I28")
'You take island I28'
>>> said(("You take island {tile}", "{name} takes island {tile}"), "Ana", tile="I28")
'Ana takes island I28'
>>> counted(1, "{n} inhabitant", "{n} inhabitants")
'1 inhabitant'
>>> board_of("You"), board_of("Ana")
('Your board', "Ana's board")
"""

from __future__ import annotations

from typing import Any

from ..i18n import ngettext, pgettext
from ..words import YOU, is_you


def said(pair: tuple[str, str], name: str, **values: Any) -> str:
    """The template of ``pair`` (second person, third person) for ``name``, filled in."""
    return pair[0 if is_you(name) else 1].format(name=name, **values)


def counted(n: int, one: str, many: str, **values: Any) -> str:
    """The form of ``one``/``many`` for ``n`` in the current language (``ngettext``: Polish has three),
    filled in with ``n`` and ``values``. The caller marks the pair where it is written (a literal passed
    here is not extracted): ``ngettext`` or ``lazy_ngettext`` at the call is the usual way."""
    return ngettext(one, many, n).format(n=n, **values)


def board_of(name: str) -> str:
    """"Your board" for the learner, "Ana's board" for Ana."""
    # Translators: a Skylands player board (the Skylands word, not Hashi's or Isle of Skye's).
    if is_you(name):
        return pgettext("skylands board", "Your board")
    return pgettext("skylands board", "{name}'s board").format(name=name)


def sentence(message: str) -> str:
    """An engine message as a sentence for a status line: a capital first letter and a full stop."""
    text = message.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


__all__ = ["YOU", "is_you", "said", "counted", "board_of", "sentence"]

"""The game's own words, below every other module of the game: sentences about Skylands players
that read right for the learner ("You") and for anyone else, a terrain's word
(:func:`terrain_word`) and inhabitants by colour (:func:`people_list`).

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

from ..i18n import _, ngettext, pgettext
from ..words import YOU, is_you, word_list


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


def terrain_word(terrain: str) -> str:
    """A Skylands terrain (an edge, an island's kind) in the current language."""
    # Translators: a Skylands terrain, in "its north edge is {edge}" and "the {terrain} island at (1, 2)".
    words = {"forest": pgettext("skylands terrain", "forest"), "mountain": pgettext("skylands terrain", "mountain"),
             "crystal": pgettext("skylands terrain", "crystal"), "city": pgettext("skylands terrain", "city"),
             "cloud": pgettext("skylands terrain", "cloud")}
    return words.get(terrain, terrain)


def people_list(counts: dict[str, int]) -> str:
    """Inhabitants by colour as a list in the current language: "2 green inhabitants and 1 blue inhabitant"
    (colours with no inhabitant left out; "no inhabitant" when none)."""
    def one(colour: str, n: int) -> str:
        if colour == "green":
            return ngettext("{count} green inhabitant", "{count} green inhabitants", n).format(count=n)
        if colour == "purple":
            return ngettext("{count} purple inhabitant", "{count} purple inhabitants", n).format(count=n)
        if colour == "blue":
            return ngettext("{count} blue inhabitant", "{count} blue inhabitants", n).format(count=n)
        return ngettext("{count} {colour} inhabitant", "{count} {colour} inhabitants", n).format(count=n, colour=colour)
    items = [one(c, n) for c, n in counts.items() if n]
    return word_list(items) if items else _("no inhabitant")

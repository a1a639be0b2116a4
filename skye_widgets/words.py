"""Words shared by every game's texts: one definition of a list spelled out in a sentence.

Templates with named placeholders, marked for translation (:mod:`skye_widgets.i18n`), like every
user-facing text of the package: the list reads "a, b e c" in Portuguese, "a, b i 2 inne
pozycje" when a Polish list is cut.
"""

from __future__ import annotations

from typing import Iterable

from .i18n import lazy, lazy_ngettext, pgettext

TEXT = {
    # Translators: a list in a sentence, "a, b and c": {items} is the list before "and" (already
    # joined by the separator below), {last} its last item.
    "pair": lazy("{items} and {last}"),
    # Translators: what joins the items of a list in a sentence, before the last one ("a, b and c").
    "separator": lazy(", "),
    # Translators: the last item of a list cut short, "a, b and 2 more": {count} items are not listed
    # (tiles, islands, cells...; any word you add must fit them all).
    "more": lazy_ngettext("{count} more", "{count} more"),
}

#: The name the lessons give the learner's seat in English: sentences about this player are in the
#: second person ("Your board").
YOU = "You"


def you() -> str:
    """The learner's seat's name in the reader's language (the default name of a person's seat).

    >>> you()
    'You'
    """
    # Translators: the default name of the learner's seat, shown as a name ("You: 0 points"); sentences
    # about this player speak to them ("Your board").
    return pgettext("player name", "You")


def is_you(name: str) -> bool:
    """Whether ``name`` is the learner's seat (``"You"``, or its name in the language spoken now)."""
    return name == YOU or name == you()


#: The longest list spelled out in one sentence (the rest: "and N more").
MAX_LISTED = 40


def word_list(items: Iterable[str], limit: int = MAX_LISTED) -> str:
    """``a``, ``a and b``, ``a, b and c`` (lists longer than ``limit`` end with "and N more").

    >>> word_list(["a"]), word_list(["a", "b", "c"]), word_list("abcd", limit=2)
    ('a', 'a, b and c', 'a, b and 2 more')
    """
    items = list(items)
    if len(items) > limit:
        items = items[:limit] + [TEXT["more"].format(count=len(items) - limit)]
    if len(items) <= 1:
        return "".join(items)
    return TEXT["pair"].format(items=str(TEXT["separator"]).join(items[:-1]), last=items[-1])

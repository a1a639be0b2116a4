"""Words shared by every game's texts: one definition of a list spelled out in a sentence.

Templates with named placeholders (to be translated), like every user-facing text of the package.
"""

from __future__ import annotations

from typing import Iterable

TEXT = {
    "pair": "{items} and {last}",          # "a, b and c": the list before "and", then the last item
    "separator": ", ",
    "more": "{count} more",                # the last item of a cut list: "a, b and 2 more"
}

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
    return TEXT["pair"].format(items=TEXT["separator"].join(items[:-1]), last=items[-1])

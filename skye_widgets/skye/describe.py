"""Isle of Skye in words: what a territory picture shows, for a screen reader.

Pure (no widgets): :func:`describe_territory` turns a territory (and, when given,
the scoring tiles' results) into whole sentences built from the engine's own
numbers (areas from :mod:`.graphs`, income and scores from :mod:`.scoring`). The
sentences are templates with named placeholders (:data:`TEXT`), to be translated
later. The first sentence names the castle and the number of tiles: it is the short
label of a board; the rest is its long description.

>>> from .territory import Territory
>>> t = Territory("castle-blue")
>>> describe_territory(t).split(". ")[0]
'A territory with the blue castle and no other tile, 1 tile in all'
"""

from __future__ import annotations

from typing import Any, Mapping

from ..i18n import _, ngettext, pgettext
from ..words import word_list
from .graphs import areas, connected_cells
from .tiles import Scroll

#: The sentences (named placeholders; one place to translate).
TEXT = {
    "castle_at": "The castle is at column {x}, row {y}.",
    "tiles": "Tiles by position: {items}.",
    "tile_item": "tile {tile} at ({x}, {y})",
    "areas": "{count} {areas_word}: {items}.",
    "area_item": "{state} {terrain} area of {size} {tiles_word}{icons}",
    "area_icons": " with {icons}",
    "roads_none": "No other tile is connected to the castle by road.",
    "roads": "{count} other {tiles_word} connected to the castle by road.",
    "totals": "In all the territory shows {items}.",
    "totals_none": "The territory shows no animals, ships, whisky or buildings.",
    "income": "Income: {gold} gold at the start of a round (5 for the castle and 1 for each whisky "
              "connected to it by road).",
    "score": "Scoring tile {label} scores {points} VP here.",
    "breakdown": "The scoring overlay marks {count} scoring {items_word}, {points} VP in all.",
}

#: Icon names, singular and plural.
ICON_WORDS: dict[str, tuple[str, str]] = {
    "sheep": ("sheep", "sheep"),
    "cattle": ("cattle", "cattle"),
    "ships": ("ship", "ships"),
    "whisky": ("whisky barrel", "whisky barrels"),
    "broch": ("broch", "brochs"),
    "farm": ("farm", "farms"),
    "lighthouse": ("lighthouse", "lighthouses"),
}

#: What each scroll scores, in words.
SCROLL_WORDS: dict[Scroll, str] = {
    Scroll.PER_2_SHEEP: "a scroll (1 VP per 2 sheep)",
    Scroll.PER_2_WHISKY: "a scroll (1 VP per 2 whisky tiles)",
    Scroll.PER_2_SHIPS: "a scroll (1 VP per 2 ships)",
    Scroll.PER_CATTLE: "a scroll (1 VP per cattle)",
    Scroll.PER_BROCH: "a scroll (1 VP per broch)",
    Scroll.PER_FARM: "a scroll (1 VP per farm)",
    Scroll.PER_LIGHTHOUSE: "a scroll (1 VP per lighthouse)",
}



def count_words(n: int, one: str, many: str) -> str:
    """``1 farm``, ``2 farms``.

    >>> count_words(1, "farm", "farms"), count_words(3, "sheep", "sheep")
    ('1 farm', '3 sheep')
    """
    return f"{n} {one if n == 1 else many}"




def _icons_text(icons: Any) -> str:
    parts = [count_words(getattr(icons, k), *ICON_WORDS[k]) for k in ICON_WORDS if getattr(icons, k)]
    return word_list(parts)


def castle_colour(territory: Any) -> str:
    """The clan colour of a territory's castle (``castle-blue`` -> ``blue``)."""
    tid = str(territory.castle.tile)
    return tid.split("-", 1)[1] if tid.startswith("castle-") else tid


#: A castle's colour in the summary sentence (the form that fits "with the ... castle" in each language).
CASTLE_COLOUR_WORDS = {
    "red": lambda: pgettext("castle colour", "red"),
    "blue": lambda: pgettext("castle colour", "blue"),
    "yellow": lambda: pgettext("castle colour", "yellow"),
    "white": lambda: pgettext("castle colour", "white"),
    "green": lambda: pgettext("castle colour", "green"),
}


def summary(territory: Any) -> str:
    """The first sentence: the castle and the number of tiles."""
    n = len(territory)
    colour = castle_colour(territory)
    colour = CASTLE_COLOUR_WORDS[colour]() if colour in CASTLE_COLOUR_WORDS else colour
    if n == 1:
        # Translators: a screen reader's first sentence on a territory; {colour} "blue" (context "castle colour").
        return _("A territory with the {colour} castle and no other tile, 1 tile in all.").format(colour=colour)
    return ngettext("A territory with the {colour} castle and {count} other tile, {n} tiles in all.",
                    "A territory with the {colour} castle and {count} other tiles, {n} tiles in all.",
                    n - 1).format(colour=colour, count=n - 1, n=n)


def describe_territory(territory: Any, scores: Mapping[int, Any] | None = None, *,
                       breakdown: Any = None) -> str:
    """A territory in whole sentences: the castle and the number of tiles, where each tile
    lies, every area (terrain, size, open or completed, what is printed in it), the roads to
    the castle, the totals, the income and, for ``scores`` (scoring tile number ->
    ScoreResult), what each scoring tile awards; ``breakdown`` (a ScoreResult or its items,
    drawn as an overlay): how many things score and their points.

    >>> from .territory import Territory
    >>> t = Territory("castle-red")
    >>> _ = t.place(53, 0, 1, 0)
    >>> print(describe_territory(t).replace(". ", ".\\n"))   # doctest: +ELLIPSIS
    A territory with the red castle and 1 other tile, 2 tiles in all.
    The castle is at column 0, row 0.
    Tiles by position: tile 53 at (0, 1).
    ...
    """
    from . import scoring                       # lazily: scoring imports much of the package
    out = [summary(territory)]
    c = territory.castle
    out.append(TEXT["castle_at"].format(x=c.x, y=c.y))
    others = [p for p in territory if p is not c]
    if others:
        out.append(TEXT["tiles"].format(items=word_list(
            TEXT["tile_item"].format(tile=p.tile, x=p.x, y=p.y) for p in sorted(others, key=lambda p: (p.y, p.x)))))
    found = sorted(areas(territory), key=lambda a: (not a.completed, -a.size, a.terrain.label, a.nodes))
    items = []
    for a in found:
        icons = _icons_text(a.icons)
        extra = [icons] if icons else []
        extra += [SCROLL_WORDS[s] for _cell, s in a.scrolls]
        items.append(TEXT["area_item"].format(
            state="a completed" if a.completed else "an open", terrain=a.terrain.label, size=a.size,
            tiles_word="tile" if a.size == 1 else "tiles",
            icons=TEXT["area_icons"].format(icons=word_list(extra)) if extra else ""))
    if items:
        out.append(TEXT["areas"].format(count=len(items), areas_word="area" if len(items) == 1 else "areas",
                                        items=word_list(items)))
    linked = len(connected_cells(territory) - {c.cell})
    out.append(TEXT["roads_none"] if not linked else
               TEXT["roads"].format(count=linked, tiles_word="tile is" if linked == 1 else "tiles are"))
    total = None
    for a in found:
        total = a.icons if total is None else total + a.icons
    totals = _icons_text(total) if total is not None else ""
    out.append(TEXT["totals"].format(items=totals) if totals else TEXT["totals_none"])
    out.append(TEXT["income"].format(gold=scoring.income(territory).points))
    for number, result in (scores or {}).items():
        st = scoring.SCORING_TILES.get(number)
        out.append(TEXT["score"].format(label=st.label if st is not None else number, points=result.points))
    if breakdown is not None:
        items = list(getattr(breakdown, "breakdown", breakdown))
        out.append(TEXT["breakdown"].format(count=len(items), items_word="item" if len(items) == 1 else "items",
                                            points=sum(i.points for i in items)))
    return " ".join(out)


__all__ = ["TEXT", "describe_territory", "summary", "castle_colour", "word_list", "count_words"]

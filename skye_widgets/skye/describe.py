"""Isle of Skye in words: what a territory picture shows, for a screen reader.

Pure (no widgets): :func:`describe_territory` turns a territory (and, when given,
the scoring tiles' results) into whole sentences built from the engine's own
numbers (areas from :mod:`.graphs`, income and scores from :mod:`.scoring`). The
sentences are marked templates with named placeholders (:data:`TEXT`), translated into
the language spoken when a description is made. The first sentence names the castle
and the number of tiles: it is the short label of a board; the rest is its long
description.

>>> from .territory import Territory
>>> t = Territory("castle-blue")
>>> describe_territory(t).split(". ")[0]
'A territory with the blue castle and no other tile, 1 tile in all'
"""

from __future__ import annotations

from typing import Any, Mapping

from ..drawing import description_of
from ..i18n import _, lazy, lazy_ngettext, ngettext, pgettext
from ..words import word_list
from . import scoring
from .graphs import areas, connected_cells
from .territory import Territory
from .tiles import Scroll

#: The sentences (named placeholders; marked texts, translated each time they are used).
TEXT = {
    "castle_at": lazy("The castle is at column {x}, row {y}."),
    # Translators: {items} a list of "tile 12 at (0, 1)".
    "tiles": lazy("Tiles by position: {items}."),
    "tile_item": lazy("tile {tile} at ({x}, {y})"),
    # Translators: {items} a list of areas ("a completed water area of 3 tiles with 1 ship").
    "areas": lazy_ngettext("{count} area: {items}.", "{count} areas: {items}."),
    # Translators: {area} "a completed water area of 3 tiles", {icons} a list ("1 ship and a scroll (...)").
    "area_icons": lazy("{area} with {icons}"),
    "roads_none": lazy("No other tile is connected to the castle by road."),
    "roads": lazy_ngettext("{count} other tile is connected to the castle by road.",
                           "{count} other tiles are connected to the castle by road."),
    # Translators: {items} a list of counts ("3 sheep, 1 farm and 2 ships").
    "totals": lazy("In all the territory shows {items}."),
    "totals_none": lazy("The territory shows no animals, ships, whisky or buildings."),
    "income": lazy_ngettext("Income: {gold} gold at the start of a round (5 for the castle and 1 for each whisky "
                            "connected to it by road).",
                            "Income: {gold} gold at the start of a round (5 for the castle and 1 for each whisky "
                            "connected to it by road).", counter="gold"),
    # Translators: {label} a scoring tile "10 (Gold majority)".
    "score": lazy("Scoring tile {label} scores {points} VP here."),
    "breakdown": lazy_ngettext("The scoring overlay marks {count} scoring item, {points} VP in all.",
                               "The scoring overlay marks {count} scoring items, {points} VP in all."),
}

#: Icon counts ("3 sheep", "1 whisky barrel").
ICON_COUNTS = {
    "sheep": lazy_ngettext("{count} sheep", "{count} sheep"),
    "cattle": lazy_ngettext("{count} cattle", "{count} cattle"),
    "ships": lazy_ngettext("{count} ship", "{count} ships"),
    "whisky": lazy_ngettext("{count} whisky barrel", "{count} whisky barrels"),
    "broch": lazy_ngettext("{count} broch", "{count} brochs"),
    "farm": lazy_ngettext("{count} farm", "{count} farms"),
    "lighthouse": lazy_ngettext("{count} lighthouse", "{count} lighthouses"),
}
#: Icon names, singular and plural (English; kept for callers of :func:`count_words`).
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
SCROLL_WORDS = {
    Scroll.PER_2_SHEEP: lazy("a scroll (1 VP per 2 sheep)"),
    Scroll.PER_2_WHISKY: lazy("a scroll (1 VP per 2 whisky tiles)"),
    Scroll.PER_2_SHIPS: lazy("a scroll (1 VP per 2 ships)"),
    Scroll.PER_CATTLE: lazy("a scroll (1 VP per cattle)"),
    Scroll.PER_BROCH: lazy("a scroll (1 VP per broch)"),
    Scroll.PER_FARM: lazy("a scroll (1 VP per farm)"),
    Scroll.PER_LIGHTHOUSE: lazy("a scroll (1 VP per lighthouse)"),
}



def count_words(n: int, one: str, many: str) -> str:
    """``1 farm``, ``2 farms``.

    >>> count_words(1, "farm", "farms"), count_words(3, "sheep", "sheep")
    ('1 farm', '3 sheep')
    """
    return f"{n} {one if n == 1 else many}"




def _icons_text(icons: Any) -> str:
    parts = [ICON_COUNTS[k].format(count=getattr(icons, k)) for k in ICON_COUNTS if getattr(icons, k)]
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
        extra += [str(SCROLL_WORDS[s]) for _cell, s in a.scrolls]
        area = str(a.text(article=True))
        items.append(TEXT["area_icons"].format(area=area, icons=word_list(extra)) if extra else area)
    if items:
        out.append(TEXT["areas"].format(count=len(items), items=word_list(items)))
    linked = len(connected_cells(territory) - {c.cell})
    out.append(str(TEXT["roads_none"]) if not linked else TEXT["roads"].format(count=linked))
    total = None
    for a in found:
        total = a.icons if total is None else total + a.icons
    totals = _icons_text(total) if total is not None else ""
    out.append(TEXT["totals"].format(items=totals) if totals else str(TEXT["totals_none"]))
    out.append(TEXT["income"].format(gold=scoring.income(territory).points))
    for number, result in (scores or {}).items():
        st = scoring.SCORING_TILES.get(number)
        out.append(TEXT["score"].format(label=st.label if st is not None else number, points=result.points))
    if breakdown is not None:
        items = list(getattr(breakdown, "breakdown", breakdown))
        out.append(TEXT["breakdown"].format(count=len(items), points=sum(i.points for i in items)))
    return " ".join(out)


__all__ = ["TEXT", "describe_territory", "summary", "castle_colour", "word_list", "count_words"]


# How the game's objects are said (drawing.Pictured asks description_of): the model never imports this module.
description_of.register(Territory, describe_territory)

"""Skylands in words: what a board picture shows, for a screen reader.

Pure (no widgets). Whole sentences with named placeholders (:data:`TEXT`), built from
the engine's own numbers: the board's size and tiles, every island (terrain, squares,
spaces, complete or not, inhabitants, special islands in it), the empty squares and
what the board scores now (:func:`~.board.score_board`). The first sentence is the
short label; a player named "You" is spoken to ("Your board", see :mod:`.words`).
"""

from __future__ import annotations

from typing import Any

from ..words import word_list
from .board import PlayerBoard, score_board
from .words import counted, said

#: The sentences (named placeholders; one place to translate).
TEXT = {
    "board": ("Your board: {width} by {height} squares, {tiles} placed, {empty} empty.",
              "{name}'s board: {width} by {height} squares, {tiles} placed, {empty} empty."),
    "board_plain": "A Skylands board: {width} by {height} squares, {tiles} placed, {empty} empty.",
    "islands": "{count}: {items}.",
    "island": "{state} {terrain} island of {squares} with {spaces}{people}{specials} at {cells}",
    "people": ", holding {items}",
    "specials": ", with the special {names}",
    "no_islands": "No islands yet.",
    "scores": ("If the game ended now, you would score {points} VP.",
               "If the game ended now, {name} would score {points} VP."),
    "scores_plain": "If the game ended now, this board would score {points} VP.",
}





def describe_board(board: PlayerBoard, name: str | None = None, *, vp_markers: int = 0,
                   score: bool = True) -> str:
    """One player's board in words (``name``: whose board; None for a board alone).

    >>> from .components import load_components
    >>> b = PlayerBoard.beginner(load_components())
    >>> describe_board(b, "You").split(". ")[0]
    'Your board: 5 by 4 squares, 3 tiles placed, 17 empty'
    """
    tiles = counted(len(board.grid), "{n} tile", "{n} tiles")
    empty = len(board.empty_squares())
    values = dict(width=board.width, height=board.height, tiles=tiles, empty=empty)
    out = [TEXT["board_plain"].format(**values) if name is None else said(TEXT["board"], name, **values)]
    items = []
    for isl in sorted(board.islands(), key=lambda i: (i.cells[0][1], i.cells[0][0], i.terrain)):
        people = board.inhabitants.get(isl.anchor, {})
        who = [counted(n, "{n} {colour} inhabitant", "{n} {colour} inhabitants", colour=c)
               for c, n in sorted(people.items()) if n]
        items.append(TEXT["island"].format(
            state="a complete" if isl.complete else "an open", terrain=isl.terrain,
            squares=counted(isl.squares, "{n} square", "{n} squares"),
            spaces=counted(isl.spaces, "{n} space", "{n} spaces"),
            people=TEXT["people"].format(items=word_list(who)) if who else "",
            specials=TEXT["specials"].format(names=word_list(isl.specials)) if isl.specials else "",
            cells=word_list(f"({x}, {y})" for x, y in sorted(isl.cells, key=lambda c: (c[1], c[0])))))
    out.append(TEXT["islands"].format(count=counted(len(items), "{n} island", "{n} islands"), items=word_list(items))
               if items else TEXT["no_islands"])
    if score:
        points = score_board(board, vp_markers=vp_markers).points
        out.append(TEXT["scores_plain"].format(points=points) if name is None
                   else said(TEXT["scores"], name, points=points))
    return " ".join(out)


def describe_game(state: Any, viewer: int | None = None) -> str:
    """The board of ``viewer`` (default: the player to act) in a game, with its score now."""
    p = state.current_player() if viewer is None else viewer
    p = p if 0 <= p < state.n else 0
    points = state.points()[p]
    text = describe_board(state.boards[p], state.names[p], score=False)
    return " ".join([text, said(TEXT["scores"], state.names[p], points=points)])


__all__ = ["TEXT", "describe_board", "describe_game"]

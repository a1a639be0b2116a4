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
from ..drawing import description_of
from ..i18n import lazy, lazy_ngettext, npgettext
from .board import PlayerBoard, score_board
from .game import GameState
from .words import people_list, said, terrain_word

#: The sentences (named placeholders; marked, translated each time they are used).
TEXT = {
    # Translators: a screen reader's description of a Skylands board; {tiles} is "3 tiles".
    "board": (lazy("Your board: {width} by {height} squares, {tiles} placed, {empty} empty."),
              lazy("{name}'s board: {width} by {height} squares, {tiles} placed, {empty} empty.")),
    "board_plain": lazy("A Skylands board: {width} by {height} squares, {tiles} placed, {empty} empty."),
    # Translators: {items} lists the islands of a board, e.g. "a complete forest island of 2 squares ...".
    "islands": lazy_ngettext("{count} island: {items}.", "{count} islands: {items}."),
    # Translators: an island of a Skylands board; {terrain} is a terrain word, {spaces} "3 spaces", {cells} a list.
    "complete": lazy_ngettext("a complete {terrain} island of {count} square with {spaces} at {cells}",
                              "a complete {terrain} island of {count} squares with {spaces} at {cells}"),
    "open": lazy_ngettext("an open {terrain} island of {count} square with {spaces} at {cells}",
                          "an open {terrain} island of {count} squares with {spaces} at {cells}"),
    "spaces": lazy_ngettext("{count} space", "{count} spaces"),
    # Translators: an island (as above) and the inhabitants on it ("2 green inhabitants").
    "people": lazy("{island}, holding {people}"),
    # Translators: an island (as above) and the special islands in it (their names).
    "specials": lazy("{island}, with the special {names}"),
    "no_islands": lazy("No islands yet."),
    "scores": (lazy("If the game ended now, you would score {points} VP."),
               lazy("If the game ended now, {name} would score {points} VP.")),
    "scores_plain": lazy("If the game ended now, this board would score {points} VP."),
    # Translators: a Skylands board's score once the game has ended (its final score).
    "final": (lazy("The game is over: you scored {points} VP."),
              lazy("The game is over: {name} scored {points} VP.")),
    # Translators: after a finished game's description; {names} lists the winners ("Ana and Max").
    "winners": lazy_ngettext("Winner: {names}.", "Winners: {names}."),
}


def describe_board(board: PlayerBoard, name: str | None = None, *, vp_markers: int = 0,
                   score: bool = True) -> str:
    """One player's board in words (``name``: whose board; None for a board alone).

    >>> from .components import load_components
    >>> b = PlayerBoard.beginner(load_components())
    >>> describe_board(b, "You").split(". ")[0]
    'Your board: 5 by 4 squares, 3 tiles placed, 17 empty'
    """
    # Translators: Skylands island tiles on a board, in "{tiles} placed".
    tiles = npgettext("skylands", "{count} tile", "{count} tiles", len(board.grid)).format(count=len(board.grid))
    empty = len(board.empty_squares())
    values = dict(width=board.width, height=board.height, tiles=tiles, empty=empty)
    out = [TEXT["board_plain"].format(**values) if name is None else said(TEXT["board"], name, **values)]
    items = []
    for isl in sorted(board.islands(), key=lambda i: (i.cells[0][1], i.cells[0][0], i.terrain)):
        people = board.inhabitants.get(isl.anchor, {})
        text = TEXT["complete" if isl.complete else "open"].format(
            terrain=terrain_word(isl.terrain), count=isl.squares, spaces=TEXT["spaces"].format(count=isl.spaces),
            cells=word_list(f"({x}, {y})" for x, y in sorted(isl.cells, key=lambda c: (c[1], c[0]))))
        if any(people.values()):
            text = TEXT["people"].format(island=text, people=people_list(dict(sorted(people.items()))))
        if isl.specials:
            text = TEXT["specials"].format(island=text, names=word_list(isl.specials))
        items.append(text)
    out.append(TEXT["islands"].format(count=len(items), items=word_list(items)) if items else str(TEXT["no_islands"]))
    if score:
        points = score_board(board, vp_markers=vp_markers).points
        out.append(TEXT["scores_plain"].format(points=points) if name is None
                   else said(TEXT["scores"], name, points=points))
    return " ".join(out)


def describe_game(state: Any, viewer: int | None = None) -> str:
    """The board of ``viewer`` (default: the player to act; at the end, the winner, the board
    :func:`~.render.render_game` shows large) in a game, with its score now (its final score once the
    game is over, and the winners: never "if the game ended now" after the end)."""
    if viewer is None:
        viewer = state.winners()[0] if state.is_over() else state.current_player()
    p = viewer
    p = p if 0 <= p < state.n else 0
    points = state.points()[p]
    text = describe_board(state.boards[p], state.names[p], score=False)
    if not state.is_over():
        return " ".join([text, said(TEXT["scores"], state.names[p], points=points)])
    winners = state.winners()
    return " ".join([text, said(TEXT["final"], state.names[p], points=points),
                     TEXT["winners"].format(count=len(winners), names=word_list(state.names[w] for w in winners))])


__all__ = ["TEXT", "describe_board", "describe_game"]


# How the game's objects are said (drawing.Pictured asks description_of): the model never imports this module.
description_of.register(PlayerBoard, describe_board)
description_of.register(GameState, describe_game)

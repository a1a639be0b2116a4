"""Hashi in words: what a board or a puzzle picture shows, for a screen reader.

Pure (no widgets). Whole sentences with named placeholders (:data:`TEXT`), built from
the engine's own numbers: the islands with their numbers (or none written yet), the
bridges drawn and, in a game, the points so far. The first sentence is the short label.

>>> from .puzzle import HashiPuzzle, PuzzleState
>>> s = PuzzleState(HashiPuzzle(3, 1, {(0, 0): 1, (2, 0): 1}))
>>> describe_puzzle(s)
'A 3 \u00d7 1 Hashi puzzle with 2 islands, 0 of them finished. Islands: 1 at (0, 0) and 1 at (2, 0). No bridges yet.'
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from ..drawing import description_of
from ..i18n import lazy, lazy_ngettext
from ..words import is_you, word_list
from .board import Board
from .game import HashiGame
from .puzzle import HashiPuzzle, PuzzleState

#: The sentences (named placeholders; marked, translated each time they are used).
TEXT = {
    # Translators: a screen reader's description of a Hashi puzzle; {width} x {height} is its size in cells.
    "puzzle": lazy_ngettext("A {width} \u00d7 {height} Hashi puzzle with {count} island, {finished} of them finished.",
                            "A {width} \u00d7 {height} Hashi puzzle with {count} islands, {finished} of them finished."),
    # Translators: {name} is the board's name (Skerries, Atoll...), {written} how many islands have a number.
    "board": lazy_ngettext("The {width} \u00d7 {height} Hashi board {name} with {count} island, {written} numbered, "
                           "{finished} finished.",
                           "The {width} \u00d7 {height} Hashi board {name} with {count} islands, {written} numbered, "
                           "{finished} finished."),
    # Translators: {items} is a list of islands, e.g. "3 at (0, 0), blank at (2, 0) and 1 at (4, 0)".
    "islands": lazy("Islands: {items}."),
    # Translators: an item of the islands' list: the number written on the island at (x, y).
    "island_number": lazy("{number} at ({x}, {y})"),
    "island_blank": lazy("blank at ({x}, {y})"),
    "island_number_red": lazy("{number} at ({x}, {y}) with a red flag"),
    "island_blank_red": lazy("blank at ({x}, {y}) with a red flag"),
    "island_number_blue": lazy("{number} at ({x}, {y}) with a blue flag"),
    "island_blank_blue": lazy("blank at ({x}, {y}) with a blue flag"),
    "bridges_none": lazy("No bridges yet."),
    # Translators: {items} is a list of bridges, e.g. "a single bridge from (0, 0) to (2, 0)".
    "bridges": lazy("Bridges: {items}."),
    "single": lazy("a single bridge from ({x1}, {y1}) to ({x2}, {y2})"),
    "double": lazy("a double bridge from ({x1}, {y1}) to ({x2}, {y2})"),
    "score": lazy_ngettext("{name} has {count} point so far.", "{name} has {count} points so far."),
    "whose": lazy("This is {name}'s board."),
    "whose_you": lazy("This is your board."),
    "score_you": lazy_ngettext("You have {count} point so far.", "You have {count} points so far."),
    # Translators: a Hashi sheet's score once the game has ended (its final score).
    "final": lazy_ngettext("{name} finished with {count} point.", "{name} finished with {count} points."),
    "final_you": lazy_ngettext("You finished with {count} point.", "You finished with {count} points."),
}


#: Hashi boards hold up to 60 islands: all of them in one sentence.
LISTED = 60


def _words(items: Iterable[str]) -> str:
    return word_list(items, limit=LISTED)


def _bridges(bridges: Mapping[tuple[Any, Any], int]) -> str:
    if not bridges:
        return str(TEXT["bridges_none"])
    items = [TEXT["double" if k == 2 else "single"].format(x1=a[0], y1=a[1], x2=b[0], y2=b[1])
             for (a, b), k in sorted(bridges.items(), key=lambda item: (item[0][0][1], item[0][0][0],
                                                                         item[0][1][1], item[0][1][0]))]
    return TEXT["bridges"].format(items=_words(items))


def _order(cell: tuple[int, int]) -> tuple[int, int]:
    return cell[1], cell[0]


def describe_puzzle(state: Any) -> str:
    """A classic puzzle (a ``PuzzleState``, or a ``HashiPuzzle`` with no bridges) in words."""
    puzzle = getattr(state, "puzzle", state)
    bridges = getattr(state, "bridges", {})
    done = sum(1 for c in puzzle.islands if hasattr(state, "is_finished") and state.is_finished(c))
    out = [TEXT["puzzle"].format(width=puzzle.width, height=puzzle.height, count=len(puzzle.islands), finished=done)]
    out.append(TEXT["islands"].format(items=_words(
        TEXT["island_number"].format(number=n, x=c[0], y=c[1])
        for c, n in sorted(puzzle.islands.items(), key=lambda item: _order(item[0])))))
    out.append(_bridges(bridges))
    return " ".join(out)


def describe_sheet(board: Any, numbers: Mapping[Any, int] | None = None,
                   bridges: Mapping[Any, int] | None = None, finished: int = 0) -> str:
    """A flip-and-write board (and a player's numbers and bridges on it) in words."""
    numbers = numbers or {}
    out = [TEXT["board"].format(name=board.name, width=board.width, height=board.height, count=len(board.islands),
                                written=len(numbers), finished=finished)]
    items = []
    for isl in sorted(board.islands, key=lambda i: _order(i.cell)):
        x, y = isl.cell
        n = numbers.get(isl.cell)
        key = ("island_blank" if n is None else "island_number") + (f"_{isl.flag}" if isl.flag else "")
        items.append(TEXT[key].format(number=n, x=x, y=y))
    out.append(TEXT["islands"].format(items=_words(items)))
    out.append(_bridges(bridges or {}))
    return " ".join(out)


def describe_game(game: Any, player: int | None = None) -> str:
    """A player's board in a game (default: the player to act), with the points so far (the final
    points once the game is over)."""
    p = game.current_player() if player is None else player
    p = max(0, p)
    sheet = game.sheet(p)
    text = describe_sheet(game.board, sheet.numbers, sheet.bridges, len(sheet.finished()))
    name = game.players[p]
    you = is_you(name)
    return " ".join([text, TEXT["whose_you" if you else "whose"].format(name=name),
                     TEXT[("final" if game.is_over() else "score") + ("_you" if you else "")].format(
                         name=name, count=game.score(p).points)])


__all__ = ["TEXT", "describe_puzzle", "describe_sheet", "describe_game"]


# How the game's objects are said (drawing.Pictured asks description_of): the model never imports this module.
description_of.register(Board, describe_sheet)
description_of.register(HashiGame, describe_game)
description_of.register(HashiPuzzle, describe_puzzle)
description_of.register(PuzzleState, describe_puzzle)

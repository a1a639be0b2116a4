"""Hashi in words: what a board or a puzzle picture shows, for a screen reader.

Pure (no widgets). Whole sentences with named placeholders (:data:`TEXT`), built from
the engine's own numbers: the islands with their numbers (or none written yet), the
bridges drawn and, in a game, the points so far. The first sentence is the short label.

>>> from .puzzle import HashiPuzzle, PuzzleState
>>> s = PuzzleState(HashiPuzzle(3, 1, {(0, 0): 1, (2, 0): 1}))
>>> describe_puzzle(s)
'A Hashi puzzle of 3 columns and 1 row with 2 islands, 0 of them finished. Islands: 1 at (0, 0) and 1 at (2, 0). No bridges yet.'
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from ..words import word_list

#: The sentences (named placeholders; one place to translate).
TEXT = {
    "puzzle": "A Hashi puzzle of {width} {cols_word} and {height} {rows_word} with {islands} islands, "
              "{finished} of them finished.",
    "board": "The Hashi board {name} of {width} {cols_word} and {height} {rows_word} with {islands} islands, "
             "{written} numbered, {finished} finished.",
    "islands": "Islands: {items}.",
    "island_number": "{number} at ({x}, {y})",
    "island_blank": "blank at ({x}, {y})",
    "flag": " with a {flag} flag",
    "bridges_none": "No bridges yet.",
    "bridges": "Bridges: {items}.",
    "bridge_item": "{kind} from ({x1}, {y1}) to ({x2}, {y2})",
    "single": "a single bridge",
    "double": "a double bridge",
    "score": "{name} has {points} points so far.",
    "whose": "This is {name}'s board.",
    "whose_you": "This is your board.",
    "score_you": "You have {points} points so far.",
}





#: Hashi boards hold up to 60 islands: all of them in one sentence.
LISTED = 60


def _words(items: Iterable[str]) -> str:
    return word_list(items, limit=LISTED)


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def _bridges(bridges: Mapping[tuple[Any, Any], int]) -> str:
    if not bridges:
        return TEXT["bridges_none"]
    items = [TEXT["bridge_item"].format(kind=TEXT["double" if k == 2 else "single"],
                                        x1=a[0], y1=a[1], x2=b[0], y2=b[1])
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
    out = [TEXT["puzzle"].format(width=puzzle.width, cols_word=_plural(puzzle.width, "column", "columns"),
                                 height=puzzle.height, rows_word=_plural(puzzle.height, "row", "rows"),
                                 islands=len(puzzle.islands), finished=done)]
    out.append(TEXT["islands"].format(items=_words(
        TEXT["island_number"].format(number=n, x=c[0], y=c[1])
        for c, n in sorted(puzzle.islands.items(), key=lambda item: _order(item[0])))))
    out.append(_bridges(bridges))
    return " ".join(out)


def describe_sheet(board: Any, numbers: Mapping[Any, int] | None = None,
                   bridges: Mapping[Any, int] | None = None, finished: int = 0) -> str:
    """A flip-and-write board (and a player's numbers and bridges on it) in words."""
    numbers = numbers or {}
    out = [TEXT["board"].format(name=board.name, width=board.width,
                                cols_word=_plural(board.width, "column", "columns"), height=board.height,
                                rows_word=_plural(board.height, "row", "rows"), islands=len(board.islands),
                                written=len(numbers), finished=finished)]
    items = []
    for isl in sorted(board.islands, key=lambda i: _order(i.cell)):
        x, y = isl.cell
        n = numbers.get(isl.cell)
        text = TEXT["island_blank" if n is None else "island_number"].format(number=n, x=x, y=y)
        if isl.flag:
            text += TEXT["flag"].format(flag=isl.flag)
        items.append(text)
    out.append(TEXT["islands"].format(items=_words(items)))
    out.append(_bridges(bridges or {}))
    return " ".join(out)


def describe_game(game: Any, player: int | None = None) -> str:
    """A player's board in a game (default: the player to act), with the points so far."""
    p = game.current_player() if player is None else player
    p = max(0, p)
    sheet = game.sheet(p)
    text = describe_sheet(game.board, sheet.numbers, sheet.bridges, len(sheet.finished()))
    name = game.players[p]
    you = name == "You"
    return " ".join([text, TEXT["whose_you" if you else "whose"].format(name=name),
                     TEXT["score_you" if you else "score"].format(name=name, points=game.score(p).points)])


__all__ = ["TEXT", "describe_puzzle", "describe_sheet", "describe_game"]

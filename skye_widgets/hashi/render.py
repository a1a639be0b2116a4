"""Pictures of Hashi boards, games and classic puzzles (pure: state -> Drawing).

The same :class:`~skye_widgets.drawing.Drawing` becomes the static SVG
(``_repr_svg_``) and the live canvas of :class:`skye_widgets.widgets.hashi.HashiWidget`.

* dotted lines between neighbouring islands; bridges as one or two solid
  lines along them;
* islands as circles with their number; a red or blue pennant on flag
  islands; finished islands circled with a thick ring;
* an info strip under a game: the card, the 18 cards with those played
  struck through, and the score sheet.

>>> from skye_widgets.hashi.board import load_board
>>> svg = render_board(load_board("skerries-a")).to_svg()
>>> svg.count("<circle") >= 18
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from ..drawing import Circle, Drawing, Line, Polygon, Rect, Text, picture_of
from ..i18n import _, lazy, ngettext
from ..words import TEXT as WORDS
from ..words import word_list
from .board import Board, Cell, line_order, make_line, row_major
from .game import HashiGame, Sheet
from .puzzle import HashiPuzzle, PuzzleState


WATER = "#d8ecf7"
DOTS = "#7aa6c2"
BRIDGE = "#6b3e1f"
ISLAND = "#f3e3b5"
ISLAND_EDGE = "#8a6d3b"
FINISHED = "#1b7837"
FLAG_COLOURS = {"red": "#d7301f", "blue": "#2166ac"}
SELECTED = "#ff9900"
WRONG = "#b2182b"


@dataclass(frozen=True)
class Geometry:
    """Where grid cells are drawn: ``cell`` pixels apart, ``margin`` around."""

    rows: int
    cols: int
    cell: float = 52.0
    margin: float = 40.0

    @property
    def width(self) -> float:
        return 2 * self.margin + (self.cols - 1) * self.cell

    @property
    def height(self) -> float:
        return 2 * self.margin + (self.rows - 1) * self.cell

    @property
    def radius(self) -> float:
        return self.cell * 0.34

    def center(self, cell: Cell) -> tuple[float, float]:
        """The pixel centre of a grid cell ``(x, y)``."""
        return (self.margin + cell[0] * self.cell, self.margin + cell[1] * self.cell)

    def cell_at(self, px: float, py: float) -> Cell | None:
        """The grid cell whose centre is within half a cell of the pixel, or None.

        >>> g = Geometry(3, 4)
        >>> g.cell_at(*g.center((3, 1)))
        (3, 1)
        >>> g.cell_at(-50, 10) is None
        True
        """
        c = round((px - self.margin) / self.cell)
        r = round((py - self.margin) / self.cell)
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            return None
        cx, cy = self.center((c, r))
        if abs(px - cx) > self.cell / 2 or abs(py - cy) > self.cell / 2:
            return None
        return (c, r)


def board_geometry(board: Board, projector: bool = False) -> Geometry:
    """The geometry used for a board (``projector``: a wider margin, for larger coordinates)."""
    if projector:
        return Geometry(board.height, board.width, margin=PROJECTOR_MARGIN)
    return Geometry(board.height, board.width)


def _bridge_lines(geo: Geometry, a: Cell, b: Cell, count: int, colour: str = BRIDGE) -> list[Line]:
    (x1, y1), (x2, y2) = geo.center(a), geo.center(b)
    r = geo.radius
    horizontal = a[1] == b[1]
    # from the edge of one island to the edge of the other
    if horizontal:
        x1, x2 = min(x1, x2) + r, max(x1, x2) - r
    else:
        y1, y2 = min(y1, y2) + r, max(y1, y2) - r
    offsets = [0.0] if count == 1 else [-4.0, 4.0]
    out = []
    for o in offsets:
        if horizontal:
            out.append(Line(((x1, y1 + o), (x2, y2 + o)), stroke=colour, line_width=3.0))
        else:
            out.append(Line(((x1 + o, y1), (x2 + o, y2)), stroke=colour, line_width=3.0))
    return out


def _island(geo: Geometry, cell: Cell, number: int | None, *, flag: str | None = None,
            finished: bool = False, wrong: bool = False, faded: bool = False) -> list[Any]:
    x, y = geo.center(cell)
    r = geo.radius
    shapes: list[Any] = []
    if flag:
        # a pennant on a short pole at the island's top right
        px, py = x + r * 0.55, y - r * 0.8
        shapes.append(Line(((px, py), (px, py - r * 1.0)), stroke="#333333", line_width=1.5))
        shapes.append(Polygon(((px, py - r * 1.0), (px + r * 0.9, py - r * 0.75), (px, py - r * 0.5)),
                              fill=FLAG_COLOURS[flag], stroke=FLAG_COLOURS[flag]))
    shapes.append(Circle(x, y, r, fill=ISLAND, stroke=WRONG if wrong else ISLAND_EDGE,
                         line_width=2.0 if wrong else 1.5, opacity=0.6 if faded else 1.0))
    if finished:
        shapes.append(Circle(x, y, r + 4, stroke=FINISHED, line_width=3.0))
    if number is not None:
        shapes.append(Text(x, y + 1, str(number), size=geo.cell * 0.36, bold=True,
                           fill=WRONG if wrong else "#222222"))
    return shapes


#: The margin round a puzzle: room for the coordinates outside the hint glow and the rings.
PUZZLE_MARGIN = 40.0
#: How far an island's marks reach from its centre, beyond its radius: the hint glow (the
#: widest; the finished ring reaches 5.5, the selection ring 8.5).
MARKS_REACH = 9.0
#: The smallest coordinate label (px): readable on a projector and in a saved picture.
MIN_LABEL_SIZE = 12.0
#: The smallest text of the projector page's picture (``render_game(..., projector=True)``), in the
#: picture's pixels: the page shows the picture at least 1.25 times as large at 1080p, so 20 px or more.
PROJECTOR_TEXT = 16.0
#: The projector picture's margin: room for coordinates of :data:`PROJECTOR_TEXT` outside the marks.
PROJECTOR_MARGIN = 56.0


def coordinate_labels(geo: Geometry, largest: float = 14.0) -> list[Text]:
    """Column numbers (x) along the top edge and row numbers (y) along the left edge, in the
    margin, as the texts name cells: "(2, 0)" is x = 2 (the third column), y = 0 (the top row).

    They sit in the strip between the edge and the reach of the islands' marks (glow, rings),
    at least :data:`MIN_LABEL_SIZE` px, on the top layer: drawn last, nothing covers them.

    >>> g = Geometry(rows=2, cols=3, cell=52.0, margin=40.0)   # island radius 17.68, glow to 26.68
    >>> [(t.text, t.x, round(t.y, 2), t.size) for t in coordinate_labels(g)][:3]
    [('0', 40.0, 7.0, 12.0), ('1', 92.0, 7.0, 12.0), ('2', 144.0, 7.0, 12.0)]
    """
    free = geo.margin - geo.radius - MARKS_REACH     # the strip no island mark reaches
    size = max(MIN_LABEL_SIZE, min(largest, free * 0.8))
    at = max(free / 2, size / 2 + 1)
    out = [Text(geo.center((x, 0))[0], at, str(x), size=size, fill="#35576e", layer="overlay")
           for x in range(geo.cols)]
    out += [Text(at, geo.center((0, y))[1], str(y), size=size, fill="#35576e", layer="overlay")
            for y in range(geo.rows)]
    return out


def render_board(board: Board, sheet: "Sheet | None" = None, *, selected: Cell | None = None,
                 highlight: Iterable[Cell] = (), geometry: Geometry | None = None,
                 extra_height: float = 0.0, coordinates: bool = False, label_size: float = 14.0) -> Drawing:
    """A board side, with a player's numbers and bridges if ``sheet`` is given.

    ``selected`` gets an orange ring (the first island of a bridge being
    drawn); ``highlight`` islands a soft glow (for lessons: "these score");
    ``coordinates`` labels the columns (x) on top and the rows (y) on the left.
    """
    geo = geometry or board_geometry(board)
    d = Drawing(geo.width, geo.height + extra_height,
                # Translators: a picture's title; {name} is the board's name, {side} A or B.
                title=_("Hashi board {name} (side {side})").format(name=board.name, side=board.side))
    d.add(Rect(0, 0, geo.width, geo.height, fill=WATER, layer="background"))
    for a, b in board.lines:
        if sheet is not None and sheet.bridges.get((a, b)):
            continue  # the bridge covers its dotted line (no dots between the strokes of a double)
        (x1, y1), (x2, y2) = geo.center(a), geo.center(b)
        d.add(Line(((x1, y1), (x2, y2)), stroke=DOTS, line_width=1.5, dash=(2, 5), layer="background"))
    if sheet is not None:
        for (a, b), n in sorted(sheet.bridges.items()):
            d.extend(_bridge_lines(geo, a, b, n))
    for cell in highlight:
        x, y = geo.center(cell)
        d.add(Circle(x, y, geo.radius + 9, fill="#fff3a0", opacity=0.8, layer="background"))
    for isl in board.islands:
        number = sheet.numbers.get(isl.cell) if sheet is not None else None
        finished = sheet.is_finished(isl.cell) if sheet is not None else False
        d.extend(_island(geo, isl.cell, number, flag=isl.flag, finished=finished))
    if selected is not None:
        x, y = geo.center(selected)
        d.add(Circle(x, y, geo.radius + 7, stroke=SELECTED, line_width=3.0, dash=(6, 3), layer="overlay"))
    if coordinates:                     # last: above the glow and the rings
        d.extend(coordinate_labels(geo, label_size))
    return d


def card_label(card: Any) -> str:
    """``"5·3"``: a card's number and bridges in three characters."""
    return f"{card.number}\u00b7{card.bridges}"


def render_game(game: "HashiGame", viewer: int | None = None, *, selected: Cell | None = None,
                highlight: Iterable[Cell] = (), coordinates: bool = False, projector: bool = False) -> Drawing:
    """The whole game as ``viewer`` sees it: their board (default: the player to act's)
    with the card, the deck and everyone's scores (a Drawing, with ``_repr_svg_``).
    Nothing is hidden from a player in Hashi but the order of the cards to come,
    which is never drawn.

    ``projector``: the projector page's picture (:func:`board_geometry` with ``projector``): no text
    under :data:`PROJECTOR_TEXT` px, the 18 cards in two rows, each player's name and points (the
    page says the rest beside it: whose turn, the card, the score sheets)."""
    if projector:
        return _projector_game(game, viewer, selected=selected, highlight=highlight, coordinates=coordinates)
    player = max(game.current_player(), 0) if viewer is None else viewer
    sheet = game.sheet(player)
    geo = board_geometry(game.board)
    n = game.n_players
    strip = 78 + 32 * n
    d = render_board(game.board, sheet, selected=selected, highlight=highlight, geometry=geo,
                     extra_height=strip, coordinates=coordinates)
    # Translators: the title of a player's Hashi picture.
    d.title = _("Hashi: {name}").format(name=game.players[player])
    top = geo.height
    d.add(Rect(0, top, d.width, strip, fill="#fbf8ef", layer="background"))
    if game.phase == "setup":
        # Translators: the picture's status line; {name} is a player's name.
        status = _("{name}: setup - write a 3 or a 4 on an island without a flag").format(name=game.players[player])
    elif game.phase == "play":
        assert game.card is not None
        # Translators: the picture's status line: card {round} of {cards}, the number to write, the bridges to draw.
        status = ngettext("{name} - card {round}/{cards}: write a {number}, draw {count} bridge",
                          "{name} - card {round}/{cards}: write a {number}, draw {count} bridges",
                          game.card.bridges).format(name=game.players[player], round=game.round,
                                                    cards=len(game.pile), number=game.card.number,
                                                    count=game.card.bridges)
    else:
        # Translators: {result} is who won, e.g. "Ann wins with 41".
        status = _("Game over - {result}").format(result=winners_text(game))
    d.add(Text(8, top + 14, status, size=13, align="left", bold=True))
    # the info bar: all 18 cards, the played ones struck through, the current one framed
    played = list(game.played_cards())
    current = game.card
    if current is not None:
        played.remove(current)
    w = min(30.0, (d.width - 16) / len(game.deck))
    for i, card in enumerate(sorted(game.deck)):
        x = 8 + i * w
        used = card in played
        if used:
            played.remove(card)
        now = not used and card == current
        if now:
            current = None
            d.add(Rect(x, top + 28, w - 3, 22, fill="#ffe39a", stroke=SELECTED, line_width=2.5))
            d.add(Text(x + (w - 3) / 2, top + 39, card_label(card), size=10, fill="#000000", bold=True))
            continue
        d.add(Rect(x, top + 28, w - 3, 22, fill="#e9e2cc" if used else "#ffffff", stroke="#999999"))
        d.add(Text(x + (w - 3) / 2, top + 39, card_label(card), size=10, fill="#aaaaaa" if used else "#222222"))
        if used:
            d.add(Line(((x + 2, top + 48), (x + w - 5, top + 30)), stroke="#888888"))
    for p in range(n):
        name_total, parts = score_line(game, p)
        y = top + 64 + 32 * p
        d.add(Text(8, y, name_total, size=12, align="left", bold=True,
                   fill="#222222" if p == player else "#555555"))
        d.add(Text(20, y + 15, parts, size=11, align="left", fill="#333333"))
    if game.is_over() and game.solo:
        d.add(Text(d.width - 8, top + 14, _("Rank: {title}").format(title=game.rank_title()), size=13, align="right", bold=True,
                   fill=FINISHED))
    return d


def _cards(game: "HashiGame") -> list[tuple[Any, str]]:
    """The deck in order, each card with its state: ``"now"`` (the card turned), ``"used"`` or ``"to come"``."""
    played = list(game.played_cards())
    current = game.card
    if current is not None:
        played.remove(current)
    out = []
    for card in sorted(game.deck):
        if card in played:
            played.remove(card)
            out.append((card, "used"))
        elif card == current:
            current = None
            out.append((card, "now"))
        else:
            out.append((card, "to come"))
    return out


def _projector_game(game: "HashiGame", viewer: int | None, *, selected: Cell | None,
                    highlight: Iterable[Cell], coordinates: bool) -> Drawing:
    """:func:`render_game`'s projector picture."""
    player = max(game.current_player(), 0) if viewer is None else viewer
    geo = board_geometry(game.board, projector=True)
    n = game.n_players
    size = PROJECTOR_TEXT
    per_row = (len(game.deck) + 1) // 2
    card_h, line = 30.0, 22.0
    strip = 10 + 2 * (card_h + 4) + 6 + line * n + 6
    d = render_board(game.board, game.sheet(player), selected=selected, highlight=highlight, geometry=geo,
                     extra_height=strip, coordinates=coordinates, label_size=size)
    d.title = _("Hashi: {name}").format(name=game.players[player])
    top = geo.height
    d.add(Rect(0, top, d.width, strip, fill="#fbf8ef", layer="background"))
    w = (d.width - 16) / per_row
    for i, (card, state) in enumerate(_cards(game)):
        row, col = divmod(i, per_row)
        x, y = 8 + col * w, top + 10 + row * (card_h + 4)
        if state == "now":
            d.add(Rect(x, y, w - 4, card_h, fill="#ffe39a", stroke=SELECTED, line_width=2.5))
        else:
            d.add(Rect(x, y, w - 4, card_h, fill="#e9e2cc" if state == "used" else "#ffffff", stroke="#999999"))
        d.add(Text(x + (w - 4) / 2, y + card_h / 2, card_label(card), size=size, bold=state == "now",
                   fill="#555555" if state == "used" else "#000000"))
        if state == "used":
            d.add(Line(((x + 2, y + card_h - 2), (x + w - 6, y + 2)), stroke="#888888"))
    for p in range(n):
        name_total, _parts = score_line(game, p)
        y = top + 10 + 2 * (card_h + 4) + 6 + line * p + line / 2
        d.add(Text(8, y, name_total, size=size, align="left", bold=p == player,
                   fill="#222222" if p == player else "#444444"))
    return d


def winners_text(game: "HashiGame") -> str:
    """Who won a finished game, for example ``"Ann wins with 41"`` or ``"Ann and Bob share the win with 38"``.

    Solo: ``"41 points"`` (the rank title is shown beside it).
    """
    best = game.winners()
    points = game.score(best[0]).points
    if game.solo:
        return ngettext("{count} point", "{count} points", points).format(count=points)
    names = [game.players[p] for p in best]
    if len(names) == 1:
        return _("{name} wins with {points}").format(name=names[0], points=points)
    # Translators: {names} is a list of players, e.g. "Ann, Bob and Cy".
    return _("{names} share the win with {points}").format(names=word_list(names), points=points)


#: A category's short name on the score sheet (marked; translated when used).
SHORT = {
    # Translators: short names of Hashi's scoring categories on the score sheet, e.g. "red flags 9 (card 8)".
    "red": lazy("red flags"), "blue": lazy("blue flags"), "six": lazy("six linked"),
}


def score_line(game: "HashiGame", player: int) -> tuple[str, str]:
    """The score sheet of a player in two short lines.

    For example ``("Ann: 17 points", "red flags: 9 points (card 8), 4 finished islands")``.
    """
    # Translators: one scoring category on the score sheet and its points, e.g. "red flags: 9 points (card 8)".
    parts = [ngettext("{category}: {count} point (card {card})", "{category}: {count} points (card {card})",
                      a.points).format(category=SHORT[a.category], count=a.points, card=a.card)
             for a in game.achievements if a.player == player]
    done = len(game.sheet(player).finished())
    if game.is_over():
        # Translators: the finished islands at the end and the points they bring ({points}: "8 points"):
        # "4 finished islands: 8 points".
        parts.append(ngettext("{count} finished island: {points}", "{count} finished islands: {points}", done).format(
            count=done, points=ngettext("{count} point", "{count} points", 2 * done).format(count=2 * done)))
    else:
        # Translators: the islands finished so far (they score 2 points each at the end of the game).
        parts.append(ngettext("{count} finished island", "{count} finished islands", done).format(count=done))
    points = game.score(player).points
    # Translators: a player's score line, e.g. "Ann: 17 points".
    head = ngettext("{name}: {count} point", "{name}: {count} points", points).format(name=game.players[player],
                                                                                      count=points)
    return head, str(WORDS["separator"]).join(parts)


def _puzzle_parts(obj: Any) -> tuple[Any, Mapping[Any, int]]:
    """(puzzle, bridges) from a PuzzleState, or (puzzle, {}) from a HashiPuzzle."""
    if hasattr(obj, "puzzle"):
        return obj.puzzle, dict(getattr(obj, "bridges", {}))
    return obj, {}


def render_puzzle(state: Any, *, selected: Cell | None = None, highlight: Iterable[Cell] = (),
                  geometry: Geometry | None = None, coordinates: bool = False) -> Drawing:
    """A classic Hashiwokakero puzzle (``HashiPuzzle``) or a learner's play on it (``PuzzleState``).

    Islands whose bridges equal their number are circled; islands with too
    many bridges are drawn in red. Cells (``selected``, ``highlight``) are ``(x, y)``,
    as everywhere.
    """
    puzzle, bridges = _puzzle_parts(state)
    geo = geometry or Geometry(puzzle.height, puzzle.width, cell=min(52.0, max(26.0, 520 / max(puzzle.width, puzzle.height))),
                               margin=PUZZLE_MARGIN)
    d = Drawing(geo.width, geo.height, title=f"Hashiwokakero {puzzle.width}x{puzzle.height}")
    d.add(Rect(0, 0, geo.width, geo.height, fill=WATER, layer="background"))
    degree: dict[Cell, int] = {c: 0 for c in puzzle.islands}
    for pair, n in sorted(bridges.items(), key=lambda kv: line_order(make_line(*kv[0]))):   # row by row
        a, b = sorted(pair)
        degree[a] += n
        degree[b] += n
        d.extend(_bridge_lines(geo, a, b, n))
    for cell in highlight:
        x, y = geo.center(cell)
        d.add(Circle(x, y, geo.radius + 9, fill="#fff3a0", opacity=0.8, layer="background"))
    for cell, need in sorted(puzzle.islands.items(), key=lambda kv: row_major(kv[0])):
        d.extend(_island(geo, cell, need, finished=degree[cell] == need and bool(bridges),
                         wrong=degree[cell] > need))
    if selected is not None:
        x, y = geo.center(selected)
        d.add(Circle(x, y, geo.radius + 7, stroke=SELECTED, line_width=3.0, dash=(6, 3), layer="overlay"))
    if coordinates:                     # last: above the glow and the rings
        d.extend(coordinate_labels(geo))
    return d


# How the game's objects are drawn (drawing.Pictured asks picture_of): the model never imports this module.
picture_of.register(Board, render_board)
picture_of.register(HashiGame, render_game)
picture_of.register(HashiPuzzle, render_puzzle)
picture_of.register(PuzzleState, render_puzzle)

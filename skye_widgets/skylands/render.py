"""Pictures of Skylands states as :class:`~skye_widgets.drawing.Drawing` (pure).

The same drawing is turned into a static SVG (``_repr_svg_``) and painted on
the widget's canvas. A tile is a sky-blue square; each side touched by a part
is a wedge in the terrain colour (forest green, mountain brown, crystal blue,
city gold), a part inside the tile with no side is a round islet. Spaces are
small rings, filled with the inhabitant's colour when occupied. Parts of
complete islands are drawn solid, the others faded; special islands have a
gold frame and their VP in the top-right corner.

>>> from skye_widgets.skylands.game import GameState
>>> svg = render_game(GameState(3, seed=1)).to_svg()
>>> svg.count("<svg"), "Discover islands" in svg
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable

from ..drawing import Circle, Drawing, Polygon, Rect, Text, picture_of
from ..limits import is_finite_number
from .board import Cell, PlayerBoard, ScoreResult
from .components import COLORS, SIDE_OFFSETS, Special, Tile
from ..i18n import _, lazy, lazy_ngettext, ngettext
from ..words import word_list
from .game import ACTIONS, GameState, action_title
from .words import board_of, said, terrain_word

TERRAIN_FILL = {"forest": "#4f9d4a", "mountain": "#9c7a58", "crystal": "#4aa3d8", "city": "#e3b341"}
CLOUD_FILL = "#eef5fb"
INHABITANT_FILL = {"green": "#1b7837", "purple": "#762a83", "blue": "#1f4e9c"}
PLAYER_FILL = ("#d7301f", "#2b8cbe", "#fdae61", "#7a0177")
BACK_FILL = {"sand": "#e9d8a6", "sky": "#bfe0f5", "dusk": "#e6b8c8", "night": "#9fa8c7"}

#: Pixels added left of and above the board for its coordinate labels.
COORD_LEFT = 16
COORD_TOP = 14
#: The smallest text of the projector page's picture (``render_game`` with a :func:`projector_layout`), in
#: the picture's pixels. The page fits the picture (868 px wide, 542-586 high for 2-4 players) to the width
#: of its room, 1049 px at 1920x1080 (699 at 1280x720): 1.227 times its size (0.818 at 720p, as measured
#: in the browser), so this text is 20.9 px (13.9 px).
PROJECTOR_TEXT = 17.0
#: The projector picture's line height, cells and action boxes (room for two lines of a title).
PROJECTOR_LINE = 22
PROJECTOR_CELL = 72
PROJECTOR_ACTION_WIDTH = 180
PROJECTOR_ACTION_HEIGHT = 2 * PROJECTOR_LINE + 24

#: The regions of the picture a click can hit (:meth:`Layout.hit`); a widget detail,
#: not part of the engine's (x, y) board coordinates.
REGIONS = ("board", "action", "offer", "special")


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of the game picture, shared by render and the widget's clicks."""

    cell: int = 64
    width: int = 5
    height: int = 4
    players: int = 3
    #: Room for the column (x) and row (y) numbers on the board's top and left edges.
    coordinates: bool = False
    #: The projector page's picture (:func:`projector_layout`): no text under :data:`PROJECTOR_TEXT` px.
    projector: bool = False

    @property
    def board_x(self) -> int:
        if self.projector:
            return 10 + (round(PROJECTOR_TEXT * 1.4) if self.coordinates else 0)
        return 10 + (COORD_LEFT if self.coordinates else 0)

    @property
    def board_y(self) -> int:
        if self.projector:                  # one line over the board: its column numbers, the display's label
            return 8 + PROJECTOR_LINE + 2
        return 34 + (COORD_TOP if self.coordinates else 0)

    @property
    def actions_x(self) -> int:
        return self.board_x + self.width * self.cell + 20

    def action_box(self, i: int) -> tuple[int, int, int, int]:
        if self.projector:
            h = PROJECTOR_ACTION_HEIGHT
            return (self.actions_x, self.board_y + i * (h + 6), PROJECTOR_ACTION_WIDTH, h)
        return (self.actions_x, self.board_y + i * 62, 170, 56)

    @property
    def offer_y(self) -> int:
        if self.projector:                  # the offer's label over it (no caption under the board)
            return self.board_y + self.height * self.cell + 10 + PROJECTOR_LINE
        return self.board_y + self.height * self.cell + 44

    def offer_box(self, i: int) -> tuple[int, int, int, int]:
        return (self.board_x + i * 66, self.offer_y, 58, 58)

    @property
    def specials_x(self) -> int:
        if self.projector:
            return self.actions_x + PROJECTOR_ACTION_WIDTH + 20
        return self.actions_x + 190

    def special_box(self, i: int) -> tuple[int, int, int, int]:
        row, col = divmod(i, 4)
        return (self.specials_x + col * 62, self.board_y + row * 80, 52, 52)

    @property
    def others_y(self) -> int:
        if self.projector:                  # the players' labels' middle
            return self.offer_y + 58 + 8 + PROJECTOR_LINE // 2
        return self.offer_y + 96

    @property
    def player_pitch(self) -> int:
        """How far apart the players' labels and small boards are (the projector's: the room left of
        the special display and its key, shared)."""
        if self.projector:
            return (self.specials_x - 10 - self.board_x) // max(self.players, 1)
        return 190

    @property
    def label_lines(self) -> int:
        """The lines of a player's label on the projector (more when more players share the room)."""
        return min(max(self.players - 1, 1), 3) if self.projector else 1

    @property
    def supply_y(self) -> int:
        """The middle of the supply's first line."""
        x, y, w, h = self.action_box(3)
        return y + h + (PROJECTOR_LINE if self.projector else 24)

    @property
    def key_y(self) -> int:
        """The middle of the key's first line."""
        return self.board_y + 4 * 80 + (PROJECTOR_LINE // 2 if self.projector else 6)

    @property
    def total_width(self) -> int:
        return self.specials_x + 4 * 62 + 6

    @property
    def total_height(self) -> int:
        if self.projector:
            return max(self.others_y + PROJECTOR_LINE * self.label_lines - PROJECTOR_LINE // 2 + 4
                       + self.height * 22 + 10,
                       self.supply_y + 3 * PROJECTOR_LINE + 10, self.key_y + 6 * PROJECTOR_LINE + 10)
        return self.others_y + 24 + self.height * 22 + 30

    def hit(self, px: float, py: float) -> tuple[str, int, int] | None:
        """What is under a pixel: ``("board", x, y)`` for a board square, ``("action", i, 0)``,
        ``("offer", i, 0)`` or ``("special", i, 0)`` for the i-th box of a region; None elsewhere
        (and for a pixel that is not a finite number)."""
        if not (is_finite_number(px) and is_finite_number(py)):
            return None
        bx, by = px - self.board_x, py - self.board_y
        if 0 <= bx < self.width * self.cell and 0 <= by < self.height * self.cell:
            return ("board", int(bx // self.cell), int(by // self.cell))
        for region, box, n in (("action", self.action_box, 4), ("offer", self.offer_box, 5),
                               ("special", self.special_box, 16)):
            for i in range(n):
                x, y, w, h = box(i)
                if x <= px < x + w and y <= py < y + h:
                    return (region, i, 0)
        return None


def projector_layout(width: int = 5, height: int = 4, players: int = 3, coordinates: bool = True) -> Layout:
    """The projector page's picture's layout (issue 32, item 4): every text at least
    :data:`PROJECTOR_TEXT` px, larger squares; the page's turn line, caption and players'
    summaries tell what the picture's head line and caption said."""
    return Layout(cell=PROJECTOR_CELL, width=width, height=height, players=players, coordinates=coordinates,
                  projector=True)


def tile_shapes(tile: Tile, rotation: int, x0: float, y0: float, size: float, *,
                occupied: Iterable[tuple[int, str]] = (), faded: Iterable[int] = (),
                layer: str = "tiles", text: float | None = None) -> list:
    """The shapes of one tile in a ``size`` square at (x0, y0).

    ``occupied``: (part index, colour) for every inhabitant, in space order;
    ``faded``: indexes of parts drawn faded (not in a complete island);
    ``text``: the size of a special island's VP (default: a fifth of the tile; 0: not written).
    """
    faded = set(faded)
    cx, cy = x0 + size / 2, y0 + size / 2
    corners = [(x0, y0), (x0 + size, y0), (x0 + size, y0 + size), (x0, y0 + size)]
    out: list = [Rect(x0, y0, size, size, fill=CLOUD_FILL, stroke="#9bb7cc", line_width=1, layer=layer)]
    occ: dict[int, list[str]] = {}
    for i, c in occupied:
        occ.setdefault(i, []).append(c)
    for i, part in enumerate(tile.parts):
        fill = TERRAIN_FILL[part.terrain]
        op = 0.55 if i in faded else 1.0
        sides = part.rotated_sides(rotation)
        for s in sides:
            a, b = corners[s], corners[(s + 1) % 4]
            out.append(Polygon(((cx, cy), a, b), fill=fill, opacity=op, layer=layer))
        if not sides:
            out.append(Circle(cx, cy, size * 0.3, fill=fill, stroke="#ffffff", line_width=1.5,
                              opacity=op, layer=layer))
        # spaces: along the part's centre line
        if sides:
            mx = sum(SIDE_OFFSETS[s][0] for s in sides) / len(sides)
            my = sum(SIDE_OFFSETS[s][1] for s in sides) / len(sides)
            px, py = cx + mx * size * 0.28, cy + my * size * 0.28
        else:
            px, py = cx, cy
        r = max(3.0, size * 0.07)
        n = part.spaces
        for k in range(n):
            sx = px + (k - (n - 1) / 2) * r * 2.4
            colours = occ.get(i, [])
            col = INHABITANT_FILL[colours[k]] if k < len(colours) else "#ffffff"
            out.append(Circle(sx, py, r, fill=col, stroke="#333333", line_width=1, layer=layer))
    if isinstance(tile, Special):
        out.append(Rect(x0 + 1.5, y0 + 1.5, size - 3, size - 3, stroke="#c9a227", line_width=3, layer=layer))
        vp = str(tile.vp) if tile.category != "scoring" else "?"
        if text is None:
            out.append(Text(x0 + size - 8, y0 + 9, vp, size=max(8.0, size * 0.2), bold=True, fill="#5a4500",
                            layer=layer))
        elif text:
            out.append(Text(x0 + size - 3 - text * 0.35, y0 + 3 + text * 0.5, vp, size=text, bold=True,
                            fill="#5a4500", layer=layer))
    return out


def _occupants(board: PlayerBoard) -> dict[Cell, list[tuple[int, str]]]:
    """Inhabitants spread over each island's parts, filling spaces in node order."""
    out: dict[Cell, list[tuple[int, str]]] = {}
    for isl in board.islands():
        people = [c for c in COLORS for _ in range(board.inhabitants.get(isl.anchor, {}).get(c, 0))]
        for x, y, i in isl.nodes:
            for _space in range(board.grid[(x, y)].tile.parts[i].spaces):
                if not people:
                    break
                out.setdefault((x, y), []).append((i, people.pop(0)))
    return out


def coordinate_labels(width: int, height: int, x0: float, y0: float, cell: float,
                      size: float = 12.0) -> list[Text]:
    """Column numbers (x) above and row numbers (y) left of a board at (x0, y0), as the texts
    name squares: "(2, 0)" is x = 2 (the third column), y = 0 (the top row).

    >>> [(t.text, t.x, t.y) for t in coordinate_labels(2, 1, 26, 48, 64)]
    [('0', 58.0, 38), ('1', 122.0, 38), ('0', 15, 80.0)]
    """
    above, left = (10, 11) if size == 12.0 else (round(size * 0.7), round(size * 0.75))
    out = [Text(x0 + x * cell + cell / 2, y0 - above, str(x), size=size, fill="#51606d", layer="background")
           for x in range(width)]
    out += [Text(x0 - left, y0 + y * cell + cell / 2, str(y), size=size, fill="#51606d", layer="background")
            for y in range(height)]
    return out


def board_shapes(board: PlayerBoard, x0: float, y0: float, cell: float, *,
                 highlight: Iterable[Cell] = (), coordinates: bool = False, text: float | None = None) -> list:
    """A whole player board at (x0, y0) with ``cell``-pixel squares (``coordinates``: numbered
    columns and rows on its top and left edges, drawn in the room the caller left). ``text``
    (the projector's picture): every text of that size, none on squares too small for it."""
    out: list = [Rect(x0 - 3, y0 - 3, board.width * cell + 6, board.height * cell + 6,
                      fill="#dfe7ee", stroke="#51606d", line_width=2, layer="background")]
    if coordinates:
        out += coordinate_labels(board.width, board.height, x0, y0, cell, text or 12.0)
    room = text is None or cell >= 3 * text           # a square with room for a letter of that size
    for y in range(board.height):
        for x in range(board.width):
            out.append(Rect(x0 + x * cell, y0 + y * cell, cell, cell, fill="#dde3e9", stroke="#b8c4cf",
                            dash=(3, 3), layer="background"))
    complete = {n for isl in board.islands() if isl.complete for n in isl.nodes}
    occ = _occupants(board)
    for (x, y), pl in board.grid.items():
        faded = [i for i in range(len(pl.tile.parts)) if (x, y, i) not in complete]
        out.extend(tile_shapes(pl.tile, pl.rotation, x0 + x * cell, y0 + y * cell, cell,
                               occupied=occ.get((x, y), ()), faded=faded,
                               text=None if text is None else text if room else 0))
        if pl.printed and text is None:
            out.append(Text(x0 + x * cell + 7, y0 + y * cell + 8, "P", size=9, fill="#51606d"))
        elif pl.printed and room:
            out.append(Text(x0 + x * cell + 3 + text * 0.35, y0 + y * cell + 3 + text * 0.5, "P", size=text,
                            fill="#51606d"))
    for x, y in highlight:
        out.append(Rect(x0 + x * cell + 3, y0 + y * cell + 3, cell - 6, cell - 6, stroke="#1b7837",
                        line_width=3, dash=(6, 4), layer="overlay"))
    return out


def render_board(board: PlayerBoard, *, cell: int = 64, highlight: Iterable[Cell] = (),
                 coordinates: bool = False) -> Drawing:
    """One player board on its own (``coordinates``: numbered columns and rows on its edges)."""
    dx, dy = (COORD_LEFT, COORD_TOP) if coordinates else (0, 0)
    d = Drawing(board.width * cell + 20 + dx, board.height * cell + 20 + dy, title=_("Skylands player board"))
    d.extend(board_shapes(board, 10 + dx, 10 + dy, cell, highlight=highlight, coordinates=coordinates))
    return d


def render_tile(tile: Tile, rotation: int = 0, size: int = 64) -> Drawing:
    """One tile (or special island) on its own."""
    d = Drawing(size + 8, size + 8, title=tile.id)
    d.extend(tile_shapes(tile, rotation, 4, 4, size))
    return d


#: Captions (named placeholders; marked, translated each time they are used).
# Translators: the Skylands picture's head line; {reason} is why the game ended, {winners} a list of names.
GAME_OVER = lazy("Game over ({reason}). Winner: {winners}")
# Translators: {who} is the player to decide now, {what} what they do ("choose an action", an action's name).
ROUND_HEAD = (lazy("Round {round}: you are active. {who}: {what}"), lazy("Round {round}: {name} is active. {who}: {what}"))
WHAT = {"choose": lazy("choose an action"), "setup": lazy("tactical setup"),
        # Translators: {action} is an action board's name; the active player plays it with the bonus.
        "bonus": lazy("{action} (bonus)")}
# Translators: the caption under a Skylands board; {board} is "Your board" or "Ana's board".
BOARD_CAPTION = (lazy("{board}: {vp} VP in markers, marker active"), lazy("{board}: {vp} VP in markers, marker used"))
FINAL_CAPTION = lazy("{board}: {vp} VP, final score")
PLAYER_LABEL = lazy("{name}: {vp} VP")                  # during the game: the VP markers taken so far
PLAYER_LABEL_USED = lazy("{name}: {vp} VP, marker used")
PLAYER_FINAL = lazy("{name}: {vp} VP (final)")          # at the end: the final score, as the status line says
# Translators: the supply of a Skylands picture, one line per colour: "12 green".
SUPPLY = {"green": lazy_ngettext("{count} green", "{count} green"),
          "purple": lazy_ngettext("{count} purple", "{count} purple"),
          "blue": lazy_ngettext("{count} blue", "{count} blue")}


def render_game(g: GameState, *, viewer: int | None = None, highlight: Iterable[Cell] = (),
                selected_offer: int | None = None, selected_special: int | None = None,
                preview_rotation: int = 0, selected_islands: Iterable[tuple[int, int, int]] = (),
                preview_at: Cell | None = None, layout: Layout | None = None) -> Drawing:
    """The whole table as one picture: the viewer's board (default: who decides now; at the end,
    the winner's),
    the four action boards with tokens, the offer, the special display, the
    supply and the other players' boards.

    A :func:`projector_layout` gives the projector page's picture: no text under
    :data:`PROJECTOR_TEXT` px (long action names on two lines, no numbers on the other players'
    small boards), without what the page says beside it (the head line, the caption under the
    board, the markers, the VP markers left and the island tiles)."""
    L = layout or Layout(width=g.comp.width, height=g.comp.height, players=g.n)
    T = PROJECTOR_TEXT if L.projector else None
    if viewer is None:
        viewer = g.current_player() if not g.is_over() else g.winners()[0]
    d = Drawing(L.total_width, L.total_height, title="Skylands")
    d.add(Rect(0, 0, L.total_width, L.total_height, fill="#ffffff", layer="background"))
    if g.is_over():
        head = GAME_OVER.format(reason=g.end_reason, winners=word_list(g.names[w] for w in g.winners()))
    else:
        who = g.names[g.current_player()]
        what = (str(WHAT[g.phase]) if g.phase in ("choose", "setup") else
                WHAT["bonus"].format(action=action_title(g.phase)) if g.is_bonus else action_title(g.phase))
        head = said(ROUND_HEAD, g.names[g.active], round=g.round, who=who, what=what)
    if T is None:                       # the projector page's turn line says it
        d.add(Text(10, 14, head, size=14, align="left", bold=True))
    # the viewer's board
    d.extend(board_shapes(g.boards[viewer], L.board_x, L.board_y, L.cell, highlight=highlight,
                          coordinates=L.coordinates, text=T))
    preview = None
    if selected_offer is not None and not g.is_over() and selected_offer < len(g.offer()):
        preview = g.offer()[selected_offer]
    elif selected_special is not None and 0 <= selected_special < len(g.display) and g.display[selected_special]:
        preview = g.tile(g.display[selected_special])  # type: ignore[arg-type]
    if preview is not None and preview_at is not None and preview_at not in g.boards[viewer].grid:
        px, py = preview_at
        d.extend(replace(s, opacity=0.6, layer="overlay") for s in
                 tile_shapes(preview, preview_rotation, L.board_x + px * L.cell, L.board_y + py * L.cell, L.cell,
                             text=T))
    paying = getattr(g, "paying", None)
    if paying is not None and viewer == g.current_player():
        # a special island chosen but not yet paid for: shown faded where it will go
        idx, px, py, rot, _paid = paying
        d.extend(replace(s, opacity=0.6, layer="overlay") for s in
                 tile_shapes(g.tile(g.display[idx]), rot, L.board_x + px * L.cell,  # type: ignore[arg-type]
                             L.board_y + py * L.cell, L.cell, text=T))
    for node in selected_islands:
        x, y, _part = node
        d.add(Rect(L.board_x + x * L.cell + 6, L.board_y + y * L.cell + 6, L.cell - 12, L.cell - 12,
                   stroke="#b2182b", line_width=3, layer="overlay"))
    caption = (FINAL_CAPTION.format(board=board_of(g.names[viewer]), vp=g.points()[viewer]) if g.is_over() else
               BOARD_CAPTION[0 if g.marker_active[viewer] else 1].format(board=board_of(g.names[viewer]), vp=g.vp[viewer]))
    if T is None:                       # the projector page: its caption and the players' summaries say it
        d.add(Text(L.board_x, L.board_y + L.height * L.cell + 12, caption, size=11, align="left"))
    # action boards
    for i, a in enumerate(ACTIONS):
        x, y, w, h = L.action_box(i)
        chosen = g.action == a
        d.add(Rect(x, y, w, h, fill="#fff3c4" if chosen else "#f4f4f4",
                   stroke="#c9a227" if chosen else "#888888", line_width=2 if chosen else 1))
        if T is None:
            d.add(Text(x + 8, y + 14, action_title(a), size=12, align="left", bold=True))
        else:
            for k, line in enumerate(wrapped(str(action_title(a)), w - 12, T, bold=True)):
                d.add(Text(x + 6, y + 4 + PROJECTOR_LINE * (k + 0.5), line, size=T, align="left", bold=True))
        for p in range(g.n):
            if g.token[p] == a:
                d.add(Circle(x + 16 + p * 22, y + 38 if T is None else y + h - 12, 8, fill=PLAYER_FILL[p],
                             stroke="#222222"))
    # offer: revealed tiles or setup hand
    offer = g.offer() if not g.is_over() else []
    if g.phase == "setup" and offer and g.setup_step[g.current_player()] == "start":
        # Translators: the row over the two sides of a player's starting island (Skylands' tactical setup).
        label = _("The two sides of your starting island")
    else:
        label = _("Your drawn tiles") if g.phase == "setup" else _("Revealed islands") if offer else ""
    if label and T is None:
        d.add(Text(L.board_x, L.offer_y - 10, label, size=11, align="left"))
    elif label:
        d.add(Text(L.board_x, L.offer_y - PROJECTOR_LINE / 2 - 2, label, size=T, align="left"))
    for i, t in enumerate(offer[:5]):
        x, y, w, h = L.offer_box(i)
        rot = preview_rotation if selected_offer == i else 0
        d.extend(tile_shapes(t, rot, x, y, w, text=T))
        if selected_offer == i:
            d.add(Rect(x - 3, y - 3, w + 6, h + 6, stroke="#b2182b", line_width=3, layer="overlay"))
    # special display
    if T is None:
        d.add(Text(L.specials_x, L.board_y - 10, _("Special islands (cost in inhabitants, VP)"), size=11,
                   align="left"))
    else:                               # over the display and, as far as it needs, the action boards
        d.add(Text(L.total_width - 6, L.board_y - PROJECTOR_LINE / 2 - 2,
                   _("Special islands (cost in inhabitants, VP)"), size=T, align="right"))
    for i, sid in enumerate(g.display):
        x, y, w, h = L.special_box(i)
        sp = g.tile(sid) if sid else None
        back = g.comp.backs[i // g.comp.display_per_back] if i // g.comp.display_per_back < len(g.comp.backs) else ""
        d.add(Rect(x - 4, y - 4, w + 8, h + 24, fill=BACK_FILL.get(back, "#eeeeee"), layer="background"))
        if sp is None:
            continue
        assert isinstance(sp, Special)
        rot = preview_rotation if selected_special == i else 0
        d.extend(tile_shapes(sp, rot, x, y, w, text=T))
        cx = x + 3
        for c, n in sp.cost:
            for _one in range(n):
                d.add(Circle(cx + 2, y + h + 9, 4.5, fill="#ffffff" if c == "white" else INHABITANT_FILL[c],
                             stroke="#333333"))
                cx += 10
        if selected_special == i:
            d.add(Rect(x - 3, y - 3, w + 6, h + 6, stroke="#b2182b", line_width=3, layer="overlay"))
    # supply
    sy = L.supply_y
    if T is None:
        d.add(Text(L.actions_x, sy, _("Supply"), size=12, align="left", bold=True))
        for k, c in enumerate(COLORS):
            d.add(Circle(L.actions_x + 8, sy + 18 + k * 18, 6, fill=INHABITANT_FILL[c], stroke="#333333"))
            d.add(Text(L.actions_x + 20, sy + 18 + k * 18, SUPPLY[c].format(count=g.supply[c]), size=11,
                       align="left"))
        d.add(Text(L.actions_x, sy + 76, _("{vp} VP in markers").format(vp=g.vp_supply), size=11, align="left"))
        d.add(Text(L.actions_x, sy + 92, ngettext("{count} island tile", "{count} island tiles",
                                                  len(g.stack)).format(count=len(g.stack)), size=11, align="left"))
    else:                               # the VP markers left and the island tiles: the page's track says them
        d.add(Text(L.actions_x, sy, _("Supply"), size=T, align="left", bold=True))
        for k, c in enumerate(COLORS):
            y = sy + PROJECTOR_LINE * (k + 1)
            d.add(Circle(L.actions_x + 8, y, 7, fill=INHABITANT_FILL[c], stroke="#333333"))
            d.add(Text(L.actions_x + 22, y, SUPPLY[c].format(count=g.supply[c]), size=T, align="left"))
    d.extend(legend_shapes(L.specials_x, L.key_y, text=T))
    # players and the other boards
    small = 22
    final = g.points() if g.is_over() else None
    labels: list[str] = []
    for p in range(g.n):
        if final is not None:           # at the end: the final score, the one the status line gives
            label = PLAYER_FINAL.format(name=g.names[p], vp=final[p])
        elif T is not None:             # the projector page's summaries say whose marker is used
            label = PLAYER_LABEL.format(name=g.names[p], vp=g.vp[p])
        else:
            label = (PLAYER_LABEL if g.marker_active[p] else PLAYER_LABEL_USED).format(name=g.names[p], vp=g.vp[p])
        labels.append(label)
    rows = [[label] for label in labels]
    below = 14.0
    if T is not None:                   # the projector's labels: on as many lines as their room needs
        lines = [wrapped(label, L.player_pitch - 24, T, bold=p == viewer) for p, label in enumerate(labels)]
        rows = [line[:L.label_lines - 1] + [" ".join(line[L.label_lines - 1:])] for line in lines]
        below = PROJECTOR_LINE * (max(len(row) for row in rows) - 0.5) + 4
    for p in range(g.n):
        x0 = L.board_x + p * L.player_pitch
        y0 = L.others_y
        d.add(Circle(x0 + 6, y0, 6, fill=PLAYER_FILL[p], stroke="#222222"))
        for k, line in enumerate(rows[p]):
            d.add(Text(x0 + 16, y0 + k * PROJECTOR_LINE, line, size=T or 11, align="left", bold=p == viewer))
        d.extend(board_shapes(g.boards[p], x0, y0 + below, small, text=T))
    return d


def wrapped(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` in lines of at most ``width`` px at ``size`` px (estimated: 0.6 of the size a
    character, 0.65 in bold), broken between words; a word longer than a line has a line of its own.

    >>> wrapped("Deploy inhabitants", 120, 17, bold=True)
    ['Deploy', 'inhabitants']
    """
    per = size * (0.65 if bold else 0.6)
    lines: list[str] = []
    for word in text.split():
        if lines and (len(lines[-1]) + 1 + len(word)) * per <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def legend_shapes(x0: float, y0: float, text: float | None = None) -> list:
    """A key to the pictures: terrain colours, spaces and inhabitants, faded and framed parts
    (``text``: the projector's picture, all of that size: the terrains in two columns, the
    rest a line each)."""
    if text is not None:
        return _projector_legend(x0, y0, text)
    # Translators: the key (legend) of the Skylands pictures.
    out: list = [Text(x0, y0, _("Key"), size=11, align="left", bold=True)]
    for k, (name, fill) in enumerate([*TERRAIN_FILL.items(), ("cloud", CLOUD_FILL)]):
        x = x0 + (k % 3) * 84
        y = y0 + 16 + (k // 3) * 16
        out.append(Rect(x, y - 6, 12, 12, fill=fill, stroke="#9bb7cc"))
        out.append(Text(x + 16, y, terrain_word(name), size=10, align="left"))
    y = y0 + 48
    out.append(Circle(x0 + 6, y, 4.5, fill="#ffffff", stroke="#333333"))
    out.append(Text(x0 + 14, y, _("free space"), size=10, align="left"))
    out.append(Circle(x0 + 84 + 6, y, 4.5, fill=INHABITANT_FILL["green"], stroke="#333333"))
    out.append(Text(x0 + 84 + 14, y, _("inhabitant"), size=10, align="left"))
    out.append(Rect(x0 + 164, y - 6, 12, 12, fill=TERRAIN_FILL["forest"], stroke="#9bb7cc", opacity=0.55))
    out.append(Text(x0 + 180, y, _("not complete"), size=10, align="left"))
    return out


def _projector_legend(x0: float, y0: float, size: float) -> list:
    line = PROJECTOR_LINE
    out: list = [Text(x0, y0, _("Key"), size=size, align="left", bold=True)]
    for k, (name, fill) in enumerate([*TERRAIN_FILL.items(), ("cloud", CLOUD_FILL)]):
        x = x0 + (k % 2) * 127
        y = y0 + line * (1 + k // 2)
        out.append(Rect(x, y - 7, 14, 14, fill=fill, stroke="#9bb7cc"))
        out.append(Text(x + 19, y, terrain_word(name), size=size, align="left"))
    y = y0 + line * 4
    out.append(Circle(x0 + 7, y, 5.5, fill="#ffffff", stroke="#333333"))
    out.append(Text(x0 + 19, y, _("free space"), size=size, align="left"))
    y += line
    out.append(Circle(x0 + 7, y, 5.5, fill=INHABITANT_FILL["green"], stroke="#333333"))
    out.append(Text(x0 + 19, y, _("inhabitant"), size=size, align="left"))
    y += line
    out.append(Rect(x0, y - 7, 14, 14, fill=TERRAIN_FILL["forest"], stroke="#9bb7cc", opacity=0.55))
    out.append(Text(x0 + 19, y, _("not complete"), size=size, align="left"))
    return out


def render_lines(lines: Iterable[str], *, title: str = "", width: int = 560) -> Drawing:
    """Text as a small card: printed results that stay readable without a kernel."""
    rows = list(lines)
    top = 30 if title else 10
    d = Drawing(width, top + 18 * len(rows) + 10, title=title or "Skylands")
    d.add(Rect(0, 0, width, d.height, fill="#fbfaf4", stroke="#c9c3a6", layer="background"))
    if title:
        d.add(Text(10, 16, title, size=13, align="left", bold=True))
    for k, line in enumerate(rows):
        d.add(Text(12, top + 9 + 18 * k, line, size=12, align="left"))
    return d


def render_score(score: "ScoreResult", *, title: str | None = None) -> Drawing:
    """A score breakdown as a card (one line per item, then the total); the title defaults to "Score"."""
    # Translators: the total under a Skylands score breakdown.
    lines = [f"{i.points:+d}  {i.reason}" for i in score.breakdown] + [_("= {points} VP").format(points=score.points)]
    return render_lines(lines, title=_("Score") if title is None else title)


__all__ = ["Layout", "projector_layout", "PROJECTOR_TEXT", "render_lines", "render_score", "render_game", "render_board", "render_tile", "tile_shapes", "board_shapes",
           "REGIONS", "TERRAIN_FILL", "INHABITANT_FILL"]


# How the game's objects are drawn (drawing.Pictured asks picture_of): the model never imports this module.
picture_of.register(PlayerBoard, render_board)
picture_of.register(GameState, render_game)

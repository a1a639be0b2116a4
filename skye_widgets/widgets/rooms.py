"""JoinRoom: a student's seat in a live class room (issue 31).

The student types the room's code (from the projector) and their name (on a JupyterHub the name is
the login, nothing to type) and presses *Join*; the widget joins through
:class:`~skye_widgets.rooms.client.SeatClient` (which keeps the seat's token, so a reload or a
restarted kernel gets the same seat back) and shows the seat's board. **The service is the truth**:
a click sends an action, and the board is redrawn only from the views the service sends; a refused
action leaves the board as it was and its reason in the status line.

* Hashi (a class room): the student's own sheet and the flipped card (:class:`HashiSeatBoard`):
  click an island to write the card's number, two islands for a bridge, *Done* ends the turn.
* Isle of Skye (a table): the secret prices, buy or pass, and the seat's own territory to build on
  (click a green spot; or the tile, column, row and quarter turns in the form under it).
* Skylands (a table): the seat's view in words, what to do now, the seat's own board (in words and a
  picture), and its moves: the legal actions the engine listed in the seat's view, each a button (a
  list and one button when there are many) whose whole sentence says the move (:class:`SkylandsSeatPanel`).

Everything a click does is reachable from Python (what the tests call)::

    w = JoinRoom(code="ABCD-2345", name="Ann")      # joins at once on the kernel's running loop
    w.click_cell(2, 0); w.done(); w.message; w.describe()
"""

from __future__ import annotations

import asyncio
from html import escape
from typing import Any

import ipywidgets as W

from ..drawing import Drawing
from ..errors import RulesError
from ..hashi.board import Board, Cell, load_board
from ..hashi.game import Sheet, rank_title
from ..hashi.render import Geometry, board_geometry, render_board
from ..i18n import lazy, lazy_ngettext
from ..rooms.client import SeatClient, TokenFile, default_url, hub_user
from .base import CanvasBoard, Multilingual, plain_text, status_html, with_picture, with_words
from ..words import YOU, word_list
from ..skye.territory import Territory
from .skye import (BUILD_TILE, TerritoryWidget, CONFIRM_PRICES, DISCARD_LABEL, MOVE_BUY, MOVE_PASS, PANEL_BUY, PANEL_PRICES,
                   PRICE_LABEL, ROUND_LINE, TURN_TEXT)
from .skylands import (SKYLANDS_ACTION_TIP, SKYLANDS_PASS, SKYLANDS_REPEAT_TIP, SKYLANDS_TURN,
                       SKYLANDS_TURN_BONUS)
from ..skylands.board import Placed, PlayerBoard
from ..skylands.components import Special, Tile, components as skylands_components
from ..skylands.describe import describe_board
from ..skylands.render import render_board as render_skylands_board
from ..skylands.game import action_title
from ..skylands.words import people_list, sentence, terrain_word
from .hashi import (HASHI_OVER_SOLO, HASHI_SUMMARY_POINTS, HASHI_TEXT, HASHI_TRACK_CARD, HASHI_TURN_CARD,
                    HASHI_TURN_DRAWING, HASHI_TURN_DRAWN, HASHI_TURN_SETUP, HASHI_TURN_WROTE)

# Translators: the heading above the fields of a live class game (the student's side)
JOIN_TITLE = lazy("Join the class game")
# Translators: a field's label: the room service's address (http://...)
JOIN_URL = lazy("Service")
# Translators: a field's label: the room's code, as the projector shows it (ABCD-2345)
JOIN_CODE = lazy("Room code")
JOIN_NAME = lazy("Your name")
# Translators: a button: join the class game with the code and the name
JOIN_BUTTON = lazy("Join")
JOIN_NOT_YET = lazy("Not joined yet: type the code the projector shows and your name, then press Join.")
JOIN_NEED_LOOP = lazy("This page cannot join a room: it has no running kernel.")
# Translators: {code} is the room's code (ABCD-2345)
JOIN_JOINING = lazy("Joining room {code}…")
# Translators: {code} is the room's code (ABCD-2345), {name} the student's name
JOIN_JOINED = lazy("You are in room {code} as {name}.")
JOIN_RETRYING = lazy("The connection to the room was lost: reconnecting…")
JOIN_LOST = lazy("The connection to the room is lost: press Join to try again.")
JOIN_PAUSED = lazy("The teacher has paused the room.")
JOIN_CLOSED = lazy("This room is closed.")
JOIN_WAIT_CARD = lazy("Wait for the teacher to flip the next card.")
JOIN_WAIT_START = lazy("The game has not started yet.")
# Translators: a table (Isle of Skye, Skylands): the seat may act now
JOIN_YOUR_TURN = lazy("It is your turn.")
JOIN_OTHERS_TURN = lazy("Wait: the other players are deciding.")
JOIN_SENT = lazy("Sent: the room agrees.")
# Translators: the student's score in a class game of Hashi; {points} is "12 points"
JOIN_SCORE = lazy("Your score: {points}.")
# Translators: a screen reader's description of a student's Hashi sheet in a class game; each value a number
JOIN_SHEET_WORDS = lazy("Your board: numbers written {numbers}, bridges drawn {bridges}, "
                        "islands finished {finished}.")
# Translators: {cell} is an island's place, "(2, 4)"
JOIN_SELECTED = lazy("{cell} selected: click a neighbour to draw a bridge.")
# Translators: a table of Isle of Skye or Skylands in a class game: {game} is the game's name, {seat} the seat's number
JOIN_TABLE = lazy("{game}: you play seat {seat}.")
JOIN_GAMES = {"skye": lazy("Isle of Skye"), "skylands": lazy("Skylands"), "hashi": lazy("Hashi")}
# Translators: Isle of Skye in a class game: the boxes that say where a bought tile goes
JOIN_X = lazy("column (x)")
JOIN_Y = lazy("row (y)")
# Translators: how many quarter turns clockwise a tile is turned (0 to 3)
JOIN_ROTATION = lazy("quarter turns")
# Translators: a button: place the chosen tile on the territory at the chosen cell
JOIN_PLACE = lazy("Place the tile")
#: A Skylands seat's moves, one whole sentence each, as its buttons and list say them: the revealed islands,
#: drawn tiles and starting sides by their place in the row (counted from the left), what each is (its
#: terrains), squares by the board's column and row numbers, turns in quarters clockwise. The choice of an
#: action board and Pass are said as the Skylands table says them (its buttons' texts).
SEAT_MOVES = {
    # Translators: a move of a Skylands seat (a button); {number} counts the revealed islands from the left,
    # {terrains} lists the tile's terrains ("forest and city"), (x, y) is a square of the seat's board.
    "take": lazy("Take revealed island {number} ({terrains}) and place it on square ({x}, {y}) of your board."),
    "take_turned": lazy_ngettext(
        "Take revealed island {number} ({terrains}), turn it {count} quarter clockwise and place it on square "
        "({x}, {y}) of your board.",
        "Take revealed island {number} ({terrains}), turn it {count} quarters clockwise and place it on square "
        "({x}, {y}) of your board."),
    # Translators: the tactical setup: a tile the player drew and kept, placed on the board.
    "place": lazy("Place kept tile {number} ({terrains}) on square ({x}, {y}) of your board."),
    "place_turned": lazy_ngettext(
        "Turn kept tile {number} ({terrains}) {count} quarter clockwise and place it on square ({x}, {y}) of your "
        "board.",
        "Turn kept tile {number} ({terrains}) {count} quarters clockwise and place it on square ({x}, {y}) of your "
        "board."),
    # Translators: the tactical setup: {number} is the side (1 or 2) of the player's starting island.
    "start": lazy("Place side {number} of your starting island ({terrains}) on square ({x}, {y}) of your board."),
    "start_turned": lazy_ngettext(
        "Turn side {number} of your starting island ({terrains}) {count} quarter clockwise and place it on square "
        "({x}, {y}) of your board.",
        "Turn side {number} of your starting island ({terrains}) {count} quarters clockwise and place it on square "
        "({x}, {y}) of your board."),
    "discard": lazy("Put back drawn tile {number} ({terrains})."),
    # Translators: {islands} lists islands of the seat's board ("the forest island at (1, 2)").
    "deploy": lazy("Fill {islands} with inhabitants."),
    # Translators: {special} is a special island's name.
    "create": lazy("Create {special} on square ({x}, {y}) of your board."),
    "create_turned": lazy_ngettext(
        "Create {special}, turned {count} quarter clockwise, on square ({x}, {y}) of your board.",
        "Create {special}, turned {count} quarters clockwise, on square ({x}, {y}) of your board."),
    # Translators: {people} is the inhabitant that pays for the white one ("1 blue inhabitant").
    "create_white": lazy("Create {special} on square ({x}, {y}) of your board, paying the white inhabitant with "
                         "{people}."),
    "create_white_turned": lazy_ngettext(
        "Create {special}, turned {count} quarter clockwise, on square ({x}, {y}) of your board, paying the white "
        "inhabitant with {people}.",
        "Create {special}, turned {count} quarters clockwise, on square ({x}, {y}) of your board, paying the white "
        "inhabitant with {people}."),
    # Translators: {payers} lists where the inhabitants come from ("2 inhabitants of the forest island at (1, 2)").
    "pay": lazy("Pay for {special} with {payers}."),
    "payer": lazy_ngettext("{count} inhabitant of the {terrain} island at ({x}, {y})",
                           "{count} inhabitants of the {terrain} island at ({x}, {y})"),
    # Translators: {crystals} and {cities} list islands of the seat's board ("the crystal island at (1, 2)").
    "convert": lazy("Power {cities} with the inhabitants of {crystals}."),
    # Translators: an island of the seat's board, in the lists of the moves above; {terrain} is a terrain word.
    "island": lazy("the {terrain} island at ({x}, {y})"),
}
# Translators: a button of a Skylands seat: play the move chosen in the list above it
SEAT_PLAY = lazy("Play this move")
# Translators: {button} is the button's text ("Play this move")
SEAT_CHOOSE = lazy("Choose your move in the list, then press “{button}”.")
JOIN_ROUND_SCORES = lazy_ngettext("Game over: you score {count} point.", "Game over: you score {count} points.")


def _cell_name(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def sheet_of(board: Board, data: dict[str, Any]) -> Sheet:
    """A Hashi sheet as a seat's view gives it (the numbers and bridges only: nothing is checked here,
    the service's engine did)."""
    sheet = Sheet(board)
    for x, y, k in data.get("numbers", []):
        sheet.put_number((x, y), k)
    for x1, y1, x2, y2, k in data.get("bridges", []):
        for _i in range(k):
            sheet.add_bridge((x1, y1), (x2, y2))
    return sheet


def territory_of(entries: list[Any]) -> Territory:
    """An Isle of Skye territory as a seat's view gives it: ``[[tile, x, y, rotation], ...]``, the
    castle first, in the order built."""
    castle = str(entries[0][0]) if entries else "castle-blue"
    territory = Territory(castle)
    for tile, x, y, rotation in entries[1:]:
        territory.place(str(tile), int(x), int(y), int(rotation))
    return territory


class HashiSeatBoard(CanvasBoard):
    """A student's Hashi sheet in a class room, drawn from the service's views only."""

    def __init__(self, room: "JoinRoom", board: str) -> None:
        self.room = room
        self.board = load_board(board)
        self.geometry: Geometry = board_geometry(self.board)
        self.seat_view: dict[str, Any] = {}
        self.selected: Cell | None = None
        self.header = W.HTML(value="")
        self.header.add_class("skye-room-card")
        self.setup_number = W.ToggleButtons(options=[3, 4], value=3)
        self.done_button = W.Button(description=str(HASHI_TEXT["done"]), tooltip=str(HASHI_TEXT["done_tip"]))
        self.undo_button = W.Button(description=str(HASHI_TEXT["undo"]), tooltip=str(HASHI_TEXT["undo_tip"]))
        self.done_button.on_click(lambda _b: self.done())
        self.undo_button.on_click(lambda _b: self.undo())
        self.setup_label = W.Label(value=str(HASHI_TEXT["setup_number"]))
        controls = [self.header, W.HBox([self.setup_label, self.setup_number, self.done_button, self.undo_button])]
        super().__init__(int(self.geometry.width), int(self.geometry.height), controls=controls)

    # -- state from the service -----------------------------------------------
    @property
    def sheet_data(self) -> dict[str, Any]:
        return self.seat_view.get("sheet") or {}

    def show(self, view: dict[str, Any]) -> None:
        """Show the service's new view of the seat."""
        self.seat_view = view
        if not self.sheet_data.get("legal"):
            self.selected = None
        self.refresh()

    def refresh(self) -> None:
        self.header.value = "<br>".join(escape(line) for line in (self.card_line(), self.prompt()) if line)
        phase = self.sheet_data.get("phase")
        self.setup_number.layout.display = "" if phase == "setup" else "none"
        self.setup_label.layout.display = self.setup_number.layout.display
        legal = self.sheet_data.get("legal") or []
        self.done_button.disabled = ["end"] not in legal
        self.undo_button.disabled = not legal or (self.sheet_data.get("wrote") is None
                                                 and not self.sheet_data.get("drawn"))
        self.redraw()

    def card_line(self) -> str:
        v, s = self.seat_view, self.sheet_data
        if not v:
            return ""
        points = JOIN_SCORE.format(points=HASHI_SUMMARY_POINTS.format(count=s.get("score", 0)))
        card = s.get("card")
        if card is None:
            return points
        turned = v.get("turned", 0)
        return HASHI_TRACK_CARD.format(round=turned, total=v.get("cards", 0),
                                       card=f"{card[0]}\u00b7{card[1]}") + " " + points

    def prompt(self) -> str:
        """What to do now, in one sentence (from the view)."""
        v, s = self.seat_view, self.sheet_data
        if not v:
            return ""
        name = s.get("name") or ""
        if v.get("over") or s.get("phase") == "over":
            score = int(s.get("score", 0))
            return HASHI_OVER_SOLO.format(name=name, count=score, rank=rank_title(score))
        if v.get("status") == "paused":
            return str(JOIN_PAUSED)
        if v.get("status") == "closed":
            return str(JOIN_CLOSED)
        if s.get("phase") == "setup":
            return HASHI_TURN_SETUP.format(name=name)
        card = s.get("card")
        if card is None or not s.get("legal"):
            return str(JOIN_WAIT_CARD)
        number, count = card
        drawn = len(s.get("drawn") or [])
        if drawn == 0:
            if s.get("wrote") is None:
                return HASHI_TURN_CARD.format(name=name, number=number, count=count)
            return HASHI_TURN_WROTE.format(name=name, count=count)
        if drawn < count:
            return HASHI_TURN_DRAWING.format(name=name, drawn=drawn, count=count, left=count - drawn)
        return HASHI_TURN_DRAWN.format(name=name)

    # -- the picture ----------------------------------------------------------
    def drawing(self) -> Drawing:
        sheet = sheet_of(self.board, self.sheet_data)
        return render_board(self.board, sheet, selected=self.selected, geometry=self.geometry, coordinates=True)

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        return self.geometry.cell_at(px, py)

    def cell_box(self, x: int, y: int) -> tuple[float, float, float, float] | None:
        if not (0 <= x < self.board.width and 0 <= y < self.board.height):
            return None
        cx, cy = self.geometry.center((x, y))
        half = self.geometry.cell / 2
        return (cx - half, cy - half, 2 * half, 2 * half)

    def describe(self) -> str:
        s = self.sheet_data
        sheet = sheet_of(self.board, s)
        words = JOIN_SHEET_WORDS.format(numbers=len(sheet.numbers), bridges=sum(sheet.bridges.values()),
                                        finished=len(sheet.finished()))
        return " ".join(t for t in (self.card_line(), self.prompt(), words) if t)

    def relabel(self) -> None:
        self.done_button.description = str(HASHI_TEXT["done"])
        self.done_button.tooltip = str(HASHI_TEXT["done_tip"])
        self.undo_button.description = str(HASHI_TEXT["undo"])
        self.undo_button.tooltip = str(HASHI_TEXT["undo_tip"])
        self.setup_label.value = str(HASHI_TEXT["setup_number"])
        self.header.value = "<br>".join(escape(line) for line in (self.card_line(), self.prompt()) if line)
        super().relabel()

    # -- the student's clicks: each becomes one action for the service ----------
    def click_cell(self, x: int, y: int) -> Any:
        """A click on the island at (x, y): the setup number, the card's number, or one end of a
        bridge (which action it is, the seat's legal actions in the view say). Returns the
        action's future (or None when nothing was sent)."""
        cell = (x, y)
        s = self.sheet_data
        legal = s.get("legal") or []
        if not self.board.is_island(cell):
            self.selected = None
            self.say(HASHI_TEXT["no_island"].format(cell=_cell_name(cell)))
            self.redraw()
            return None
        if not legal:
            self.say(self.prompt() or str(JOIN_WAIT_CARD))
            return None
        if s.get("phase") == "setup":
            return self.room.act(["setup", x, y, int(self.setup_number.value)])
        if self.selected is not None:
            first, self.selected = self.selected, None
            if first == cell:
                self.say(str(HASHI_TEXT["cleared"]))
                self.redraw()
                return None
            return self.room.act(["bridge", *first, *cell])
        if ["write", x, y] in legal:
            return self.room.act(["write", x, y])
        self.selected = cell
        self.say(JOIN_SELECTED.format(cell=_cell_name(cell)))
        self.redraw()
        return None

    def escape(self) -> None:
        self.selected = None
        super().escape()

    def done(self) -> Any:
        """End the turn on this card (the engine's EndTurn)."""
        self.selected = None
        return self.room.act(["end"])

    def undo(self) -> Any:
        """Take back this turn's last number or bridge."""
        self.selected = None
        return self.room.act("undo")


class TableSeatPanel(W.VBox):
    """A seat at a table: the seat's view in words; actions by :meth:`JoinRoom.act` (the action's JSON
    form, as the game's engine reads it). Each game's seat adds its controls: :class:`SkyeSeatPanel`,
    :class:`SkylandsSeatPanel`."""

    def __init__(self, room: "JoinRoom") -> None:
        self.room = room
        self.seat_view: dict[str, Any] = {}
        self.text = W.HTML(value="")
        super().__init__(children=[self.text])

    def show(self, view: dict[str, Any]) -> None:
        self.seat_view = view
        self.text.value = "<br>".join(escape(line) for line in self.lines())

    def relabel(self) -> None:
        self.show(self.seat_view)

    def lines(self) -> list[str]:
        v = self.seat_view
        if not v:
            return []
        game = JOIN_GAMES.get(str(v.get("kind")), JOIN_GAMES["skye"])
        out = [JOIN_TABLE.format(game=game, seat=int(v.get("seat", 0)) + 1)]
        if "scores" in v:
            out.append(JOIN_ROUND_SCORES.format(count=v["scores"][v["seat"]]))
        elif v.get("status") == "lobby":
            out.append(str(JOIN_WAIT_START))
        elif v.get("status") == "paused":
            out.append(str(JOIN_PAUSED))
        elif v.get("status") == "closed":
            out.append(str(JOIN_CLOSED))
        else:
            out.append(str(JOIN_YOUR_TURN if v.get("to_act") else JOIN_OTHERS_TURN))
        return out

    def describe(self) -> str:
        return " ".join(self.lines())


class SkyeSeatPanel(TableSeatPanel):
    """A seat at an Isle of Skye table: the secret prices, buying or passing, building; each a form
    whose button sends the action (the seat's own gold and prices only: the view is the seat's)."""

    def __init__(self, room: "JoinRoom") -> None:
        super().__init__(room)
        self.form = W.VBox()
        self.children = [self.text, self.form]
        self.shown_form: tuple[Any, ...] | None = None

    def me(self) -> dict[str, Any]:
        g = self.seat_view.get("game") or {}
        players = g.get("players") or []
        seat = int(self.seat_view.get("seat", 0))
        return players[seat] if 0 <= seat < len(players) else {}

    def lines(self) -> list[str]:
        out = super().lines()
        g = self.seat_view.get("game")
        if g and g.get("phase") in ROUND_LINE:
            out.insert(1, ROUND_LINE[g["phase"]].format(round=g.get("round"), rounds=g.get("rounds")))
        return out

    def show(self, view: dict[str, Any]) -> None:
        super().show(view)
        g = view.get("game") or {}
        phase = g.get("phase") if view.get("to_act") and view.get("status") == "open" else None
        me = self.me()
        key = (phase, g.get("round"), tuple(me.get("display") or ()), tuple(me.get("to_build") or ()),
               self.room_language())
        if key == self.shown_form:
            return
        self.shown_form = key
        self.form.children = self._form(phase, g, me)

    @staticmethod
    def room_language() -> str:
        from .. import i18n
        return i18n.language()

    def relabel(self) -> None:
        self.shown_form = None
        super().relabel()

    def _form(self, phase: str | None, g: dict[str, Any], me: dict[str, Any]) -> list[W.Widget]:
        seat = int(self.seat_view.get("seat", 0))
        name = me.get("name") or ""
        gold = int(me.get("gold") or 0)
        if phase == "prices":
            display = list(me.get("display") or [])
            self.discard = W.ToggleButtons(options=display, value=display[0] if display else None,
                                           description=str(DISCARD_LABEL))
            self.prices = {t: W.BoundedIntText(value=1, min=0, max=99, description=PRICE_LABEL.format(tile=t),
                                               layout=W.Layout(width="12em")) for t in display}
            confirm = W.Button(description=str(CONFIRM_PRICES), button_style="primary")
            confirm.on_click(lambda _b: self.set_prices())
            return [W.HTML(escape(PANEL_PRICES.format(name=name, count=gold))), self.discard,
                    W.HBox(list(self.prices.values())), confirm]
        if phase == "buy":
            rows: list[W.Widget] = [W.HTML(escape(PANEL_BUY.format(name=name, count=gold)))]
            buttons = []
            for seller, p in enumerate(g.get("players") or []):
                if seller == seat:
                    continue
                for tile, price in sorted((p.get("prices") or {}).items()):
                    b = W.Button(description=MOVE_BUY.format(tile=tile, seller=p.get("name"), price=price),
                                 layout=W.Layout(width="auto"))
                    b.on_click(lambda _b, s=seller, t=tile: self.buy(s, t))
                    buttons.append(b)
            passing = W.Button(description=str(MOVE_PASS), layout=W.Layout(width="auto"))
            passing.on_click(lambda _b: self.pass_turn())
            return rows + [W.HBox(buttons + [passing], layout=W.Layout(flex_flow="row wrap"))]
        if phase == "build":
            tiles = list(me.get("to_build") or [])
            if not tiles:
                return []
            self.tile = W.Dropdown(options=[(BUILD_TILE.format(tile=t), t) for t in tiles], value=tiles[0])
            wide = {"description_width": "initial"}         # the whole label ("quarter turns" was cut)
            self.x = W.IntText(value=1, description=str(JOIN_X), style=wide, layout=W.Layout(width="12em"))
            self.y = W.IntText(value=0, description=str(JOIN_Y), style=wide, layout=W.Layout(width="12em"))
            self.rotation = W.Dropdown(options=[0, 1, 2, 3], value=0, description=str(JOIN_ROTATION), style=wide,
                                       layout=W.Layout(width="auto"))
            place = W.Button(description=str(JOIN_PLACE), button_style="primary")
            place.on_click(lambda _b: self.build(self.tile.value, self.x.value, self.y.value, self.rotation.value))
            words = [BUILD_TILE.format(tile=t) for t in tiles]
            # the seat's own territory, from the view only: a click on a green spot sends the Place action
            self.territory = TerritoryWidget(territory_of(me.get("territory") or []), tiles,
                                             place=lambda t, x, y, r: self.build(t, x, y, r))
            return [W.HTML(escape(TURN_TEXT["build"].format(name=name, tiles=word_list(words), count=len(tiles)))),
                    self.territory, W.HBox([self.tile, self.x, self.y, self.rotation]), place]
        return []

    # -- the seat's actions (each sent as it is; the service's engine checks it) ------------
    def set_prices(self, discard: str | None = None, prices: dict[str, int] | None = None) -> Any:
        """Discard ``discard`` and price the other two tiles (default: the form's choices)."""
        seat = int(self.seat_view.get("seat", 0))
        discard = discard if discard is not None else self.discard.value
        if prices is None:
            prices = {t: int(w.value) for t, w in self.prices.items() if t != discard}
        return self.room.act({"type": "prices", "player": seat, "discard": discard, "prices": prices})

    def buy(self, seller: int, tile: str) -> Any:
        return self.room.act({"type": "buy", "player": int(self.seat_view.get("seat", 0)), "seller": seller,
                              "tile": tile})

    def pass_turn(self) -> Any:
        return self.room.act({"type": "pass", "player": int(self.seat_view.get("seat", 0))})

    def build(self, tile: str, x: int, y: int, rotation: int = 0) -> Any:
        """Send the Place action. The territory's click took the tile out of its hand: if the service
        refuses the action, the form is made again from the seat's view (the tile back in hand)."""
        sent = self.room.act({"type": "place", "player": int(self.seat_view.get("seat", 0)), "tile": tile,
                              "x": x, "y": y, "rotation": rotation})
        if isinstance(sent, asyncio.Future):
            sent.add_done_callback(self._built)
        return sent

    def _built(self, answer: "asyncio.Future[dict[str, Any]]") -> None:
        if answer.cancelled() or answer.exception() is not None or answer.result().get("type") == "error":
            self.shown_form = None
            self.show(self.seat_view)


#: A Skylands seat shows one button per move up to this many moves; more go in a list with one button.
SEAT_BUTTONS = 8


def _terrains(tile: Tile) -> str:
    """A tile's terrains in words ("forest and city")."""
    return word_list([terrain_word(p.terrain) for p in tile.parts])


def skylands_move_words(action: dict[str, Any], view: dict[str, Any]) -> str:
    """One of a Skylands seat's legal moves (its JSON form, as the view lists it) as a whole sentence,
    naming things from the seat's view only: a revealed island, drawn tile or starting side by its
    place in the row and its terrains, a special island by its name, an island of the board by its
    terrain and the square of its anchor. Nothing is checked here: the engine listed the move."""
    g = view.get("game") or {}
    seat = int(view.get("seat", 0))
    comp = skylands_components()
    kind = action.get("type")

    def placed(key: str, number: int, tile: Tile) -> str:
        r, x, y = int(action.get("rotation", 0)), action["x"], action["y"]
        if r % 4:
            return SEAT_MOVES[key + "_turned"].format(number=number, terrains=_terrains(tile), x=x, y=y, count=r)
        return SEAT_MOVES[key].format(number=number, terrains=_terrains(tile), x=x, y=y)

    def island(node: list[int]) -> str:
        return SEAT_MOVES["island"].format(terrain=_terrain_at(node, g, seat, comp), x=node[0], y=node[1])

    if kind == "choose":
        tip = SKYLANDS_REPEAT_TIP if action.get("repeat") else SKYLANDS_ACTION_TIP
        return sentence(tip.format(action=action_title(str(action.get("action")))))
    if kind == "pass":
        return sentence(str(SKYLANDS_PASS))
    if kind == "take":
        i = int(action["index"])
        if g.get("phase") == "setup":
            return placed("place", i + 1, comp.tile(g["hands"][seat][i]))
        return placed("take", i + 1, comp.tile(g["revealed"][i]))
    if kind == "setup_start":
        side = int(action["side"])
        return placed("start", side + 1, comp.start_islands[seat].sides[side])
    if kind == "setup_discard":
        i = int(action["index"])
        return SEAT_MOVES["discard"].format(number=i + 1, terrains=_terrains(comp.tile(g["hands"][seat][i])))
    if kind == "deploy":
        return SEAT_MOVES["deploy"].format(islands=word_list([island(n) for n in action["islands"]]))
    if kind == "convert":
        return SEAT_MOVES["convert"].format(cities=word_list([island(n) for n in action["cities"]]),
                                            crystals=word_list([island(n) for n in action["crystals"]]))
    if kind == "create":
        special = comp.tile(g["display"][int(action["index"])])
        title = special.title if isinstance(special, Special) else special.id
        r, x, y, white = int(action.get("rotation", 0)), action["x"], action["y"], action.get("white")
        key = "create" + ("_white" if white else "") + ("_turned" if r % 4 else "")
        people = people_list({str(white): 1}) if white else ""
        return SEAT_MOVES[key].format(special=title, x=x, y=y, count=r, people=people)
    if kind == "pay":
        counts: dict[tuple[int, ...], int] = {}
        for n in action["islands"]:
            counts[tuple(n)] = counts.get(tuple(n), 0) + 1
        payers = [SEAT_MOVES["payer"].format(count=k, terrain=_terrain_at(list(n), g, seat, comp), x=n[0], y=n[1])
                  for n, k in sorted(counts.items())]
        paying = g.get("paying") or [None]
        slot = paying[0]
        special = comp.tile(g["display"][slot]) if slot is not None and g["display"][slot] else None
        title = special.title if isinstance(special, Special) else ""
        return SEAT_MOVES["pay"].format(special=title, payers=word_list(payers))
    return str(action)


def board_of(g: dict[str, Any], seat: int) -> PlayerBoard | None:
    """A Skylands player board as a seat's view gives it (the side's printed squares, then the tiles
    placed and the inhabitants): nothing is checked here, the service's engine did. None without one."""
    boards = g.get("boards") or []
    if not 0 <= seat < len(boards):
        return None
    comp = skylands_components()
    board = PlayerBoard.beginner(comp) if g.get("side", "beginner") == "beginner" else \
        PlayerBoard(comp.width, comp.height)
    for t, x, y, r in boards[seat].get("tiles") or []:
        board.grid[(int(x), int(y))] = Placed(comp.tile(str(t)), int(x), int(y), int(r))
    board.inhabitants = {(int(k[0]), int(k[1]), int(k[2])): dict(v) for k, v in boards[seat].get("inhabitants") or []}
    return board


def _terrain_at(node: list[int], g: dict[str, Any], seat: int, comp: Any) -> str:
    """The terrain of the island part ``node`` ((x, y, part)) of the seat's board (:func:`board_of`)."""
    x, y, part = (int(k) for k in node[:3])
    board = board_of(g, seat)
    placed = board.grid.get((x, y)) if board is not None else None
    if placed is None or not 0 <= part < len(placed.tile.parts):
        return ""
    return terrain_word(placed.tile.parts[part].terrain)


class SkylandsSeatPanel(TableSeatPanel):
    """A seat at a Skylands table: the seat's view in words, what to do now, the seat's own board (in
    words, and a picture with the column and row numbers the moves name), and its moves: the legal
    actions the engine listed in the seat's view (``legal``), one button each, or a list and one button
    when there are many (:data:`SEAT_BUTTONS`); each says the move in a whole sentence
    (:func:`skylands_move_words`) and sends it as it is. The panel holds no rules: it offers only what
    the engine listed, and the service's engine checks what is sent."""

    def __init__(self, room: "JoinRoom") -> None:
        super().__init__(room)
        self.moves_box = W.VBox()
        self.buttons: list[W.Button] = []
        self.choice = W.Dropdown(options=[], layout=W.Layout(width="auto", max_width="100%"))
        self.play_button = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.play_button.on_click(lambda _b: self.play_chosen())
        self.choose_text = W.HTML(value="")
        self.picture = W.HTML(value="")        # the seat's own board, drawn from its view (a picture only)
        self.children = [self.text, self.picture, self.moves_box]
        self.shown_moves: tuple[Any, ...] | None = None

    def legal(self) -> list[Any]:
        """The seat's moves the view lists (none while it is not the seat's turn, or the room is not open)."""
        v = self.seat_view
        if not v.get("to_act") or v.get("status") != "open":
            return []
        return list(v.get("legal") or [])

    def moves(self) -> list[tuple[str, Any]]:
        """The seat's moves as the panel offers them: (the sentence, the action's JSON form)."""
        return [(skylands_move_words(a, self.seat_view), a) for a in self.legal()]

    def lines(self) -> list[str]:
        out = super().lines()
        prompt = self.prompt()
        if prompt:
            out.append(prompt)
        board = board_of(self.seat_view.get("game") or {}, int(self.seat_view.get("seat", 0)))
        if board is not None:
            out.append(describe_board(board, YOU, score=False))      # "Your board: ...", its islands
        return out

    def prompt(self) -> str:
        """What the seat does now, as the Skylands table says it (from the view and its moves)."""
        v = self.seat_view
        g = v.get("game") or {}
        legal = self.legal()
        if not legal:
            return ""
        seat = int(v.get("seat", 0))
        seats = v.get("seats") or []
        name = str((seats[seat] or {}).get("name") or "") if 0 <= seat < len(seats) else ""
        phase = str(g.get("phase"))
        kinds = {a.get("type") for a in legal}
        if phase == "setup":
            steps = g.get("setup_step") or []
            kind = "setup_" + str(steps[seat]) if 0 <= seat < len(steps) else ""
        elif "pay" in kinds:
            slot = (g.get("paying") or [None])[0]
            special = skylands_components().tile(g["display"][slot]) if slot is not None else None
            title = special.title if isinstance(special, Special) else ""
            return SKYLANDS_TURN["pay"].format(name=name, special=title)
        else:
            kind = phase
        queue = g.get("queue") or []
        bonus = bool(queue) and bool(queue[0][1]) and phase != "setup"
        turn = SKYLANDS_TURN_BONUS if bonus and kind in SKYLANDS_TURN_BONUS else SKYLANDS_TURN
        if kind == "deploy":
            n = max((len(a.get("islands") or []) for a in legal), default=1)
            return turn["deploy_one" if n == 1 else "deploy"].format(name=name, count=n)
        if kind not in turn:
            return ""
        return turn[kind].format(name=name)

    def show(self, view: dict[str, Any]) -> None:
        super().show(view)
        key = (view.get("n"), view.get("status"), tuple(map(repr, self.legal())), self.room_language())
        if key == self.shown_moves:
            return
        self.shown_moves = key
        board = board_of(view.get("game") or {}, int(view.get("seat", 0)))
        self.picture.value = "" if board is None else render_skylands_board(board, cell=48, coordinates=True).to_svg()
        moves = self.moves()
        self.buttons = []
        if not moves:
            self.choice.options = []
            self.moves_box.children = []
            return
        if len(moves) <= SEAT_BUTTONS:
            for i, (words, _a) in enumerate(moves):
                b = W.Button(description=words, tooltip=words, layout=W.Layout(width="auto", max_width="100%"))
                b.on_click(lambda _b, i=i: self.press(i))
                self.buttons.append(b)
            self.moves_box.children = self.buttons
            return
        self.choice.options = [(words, i) for i, (words, _a) in enumerate(moves)]
        self.choice.value = 0
        self.play_button.description = str(SEAT_PLAY)
        self.choose_text.value = escape(SEAT_CHOOSE.format(button=SEAT_PLAY))
        self.moves_box.children = [self.choose_text, self.choice, self.play_button]

    @staticmethod
    def room_language() -> str:
        from .. import i18n
        return i18n.language()

    def relabel(self) -> None:
        self.shown_moves = None
        super().relabel()

    def press(self, i: int) -> Any:
        """Send the seat's move number ``i`` (as the panel lists them, :meth:`moves`): the answer's future."""
        legal = self.legal()
        if not 0 <= i < len(legal):
            return None
        return self.room.act(legal[i])

    def play_chosen(self) -> Any:
        """Send the move chosen in the list."""
        if self.choice.value is None:
            return None
        return self.press(int(self.choice.value))


class JoinRoom(Multilingual, W.VBox):
    """The student's side of a live class room (see the module's docstring).

    ``url``: the service (default: ``SKYE_ROOMS_URL`` or this computer's ``rooms serve``);
    ``code`` and ``name``: given, the widget joins at once (on a JupyterHub the name is the login);
    ``token_file``: where the seat's token is kept (:class:`~skye_widgets.rooms.client.TokenFile`)."""

    def __init__(self, code: str = "", name: str = "", *, url: str | None = None,
                 token_file: str | None = None, **kwargs: Any) -> None:
        self.tokens = TokenFile(token_file)
        self.hub_name = hub_user()
        self.client: SeatClient | None = None
        self.board: HashiSeatBoard | TableSeatPanel | None = None
        self.task: asyncio.Task[None] | None = None
        self.title = W.HTML(value="")
        wide = {"description_width": "initial"}       # the label its own width, the box its own
        self.url_field = W.Text(value=url or default_url(), style=wide, layout=W.Layout(width="24em"))
        self.code_field = W.Text(value=code, placeholder="ABCD-2345", style=wide, layout=W.Layout(width="16em"))
        self.name_field = W.Text(value=self.hub_name or name, disabled=self.hub_name is not None, style=wide,
                                 layout=W.Layout(width="18em"))
        self.join_button = W.Button(button_style="primary")
        for widget, css in ((self.url_field, "skye-room-url"), (self.code_field, "skye-room-code"),
                            (self.name_field, "skye-room-name"), (self.join_button, "skye-room-join")):
            widget.add_class(css)
        self.join_button.on_click(lambda _b: self.join())
        self.status = W.HTML(value="", layout=W.Layout(min_height="1.6em"))
        self.status.add_class("skye-status")
        self.status_key: tuple[Any, dict[str, Any], str] | None = None
        self.board_box = W.VBox()
        self.language_picker_widget = self.make_language_picker()
        form = W.HBox([self.url_field, self.code_field, self.name_field, self.join_button],
                      layout=W.Layout(flex_flow="row wrap", grid_gap="0.3em 1em"))
        super().__init__(children=[W.HBox([self.title, self.language_picker_widget]), form, self.status,
                                   self.board_box], **kwargs)
        self.relabel()
        self._tell(JOIN_NOT_YET)
        if code and (name or self.hub_name):
            self.join()
        elif not code and self.hub_name:
            last = self.tokens.last()             # a hub's home is the student's own: rejoin the last seat
            if last is not None and last.get("name") == self.hub_name:
                self.code_field.value = last["code"][:4] + "-" + last["code"][4:]
                self.url_field.value = last.get("url") or self.url_field.value
                self.join()

    # -- texts -------------------------------------------------------------------

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, plus what it says for readers without a kernel (a saved notebook)."""
        return with_words(with_picture(super()._repr_mimebundle_(**kwargs), None), self)
    def relabel(self) -> None:
        self.title.value = f"<b>{escape(str(JOIN_TITLE))}</b>"
        self.url_field.description = str(JOIN_URL)
        self.code_field.description = str(JOIN_CODE)
        self.name_field.description = str(JOIN_NAME)
        self.join_button.description = str(JOIN_BUTTON)
        if self.status_key is not None:
            template, values, kind = self.status_key
            self._tell(template, kind, **values)
        if self.board is not None:
            self.board.relabel()

    def _tell(self, template: Any, kind: str = "info", **values: Any) -> None:
        """The status line, from a marked text (said again in a new language by :meth:`relabel`)."""
        self.status_key = (template, values, kind)
        text = template.format(**values) if values else str(template)
        self.status.value = status_html(text, kind)

    def say(self, message: str, kind: str = "info") -> None:
        """A status line that is already words (the service's reasons)."""
        self.status_key = None
        self.status.value = status_html(message, kind)

    @property
    def message(self) -> str:
        """The status line's plain text (the board's own line after a click on it)."""
        if self.board is not None and isinstance(self.board, HashiSeatBoard) and self.board.message:
            return self.board.message
        return plain_text(self.status.value)

    def describe(self) -> str:
        """The seat's state in words (for screen readers and tests)."""
        if self.board is None:
            return plain_text(self.status.value)
        return self.board.describe()

    # -- joining -----------------------------------------------------------------
    def join(self) -> "asyncio.Task[None] | None":
        """Join with the fields' code and name (a task on the kernel's running loop; None if the
        fields are wrong or there is no running loop: the status line says why)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:
                loop = None
        if loop is None or not loop.is_running():
            self._tell(JOIN_NEED_LOOP, "error")
            return None
        if self.client is not None:
            old, self.client = self.client, None
            loop.create_task(old.close())
        try:
            client = SeatClient(self.url_field.value, self.code_field.value, self.name_field.value,
                                token_file=self.tokens, on_event=self._on_event)
        except RulesError as e:
            self.say(str(e), "error")
            return None
        self.client = client
        code = client.code[:4] + "-" + client.code[4:]
        self._tell(JOIN_JOINING, code=code)
        self.task = loop.create_task(self._join(client, code))
        return self.task

    async def _join(self, client: SeatClient, code: str) -> None:
        try:
            await client.join()
        except RulesError as e:
            if self.client is client:
                self.say(str(e), "error")
            return
        if self.client is client:
            self.code_field.value = code
            self._tell(JOIN_JOINED, "ok", code=code, name=client.name)

    def _on_event(self, kind: str, data: Any) -> None:
        client = self.client
        if client is None:
            return
        if kind == "view":
            self._show(data)
        elif kind == "error":
            self.say(str(data), "error")
        elif kind == "state" and data == "retrying":
            self._tell(JOIN_RETRYING, "error")
        elif kind == "state" and data == "lost":
            self._tell(JOIN_LOST, "error")
        elif kind == "hello" and client.state == "connected" and self.status_key is not None \
                and self.status_key[0] is JOIN_RETRYING:
            code = client.code[:4] + "-" + client.code[4:]
            self._tell(JOIN_JOINED, "ok", code=code, name=client.name)

    def _show(self, view: dict[str, Any]) -> None:
        if view.get("type") != "seat":
            return
        if view.get("kind") == "hashi":
            if not isinstance(self.board, HashiSeatBoard) or self.board.board.name != view.get("board"):
                self.board = HashiSeatBoard(self, str(view.get("board")))
                self.board_box.children = [self.board]
        elif view.get("kind") == "skye":
            if not isinstance(self.board, SkyeSeatPanel):
                self.board = SkyeSeatPanel(self)
                self.board_box.children = [self.board]
        elif view.get("kind") == "skylands":
            if not isinstance(self.board, SkylandsSeatPanel):
                self.board = SkylandsSeatPanel(self)
                self.board_box.children = [self.board]
        elif not isinstance(self.board, TableSeatPanel):
            self.board = TableSeatPanel(self)
            self.board_box.children = [self.board]
        self.board.show(view)

    @property
    def view(self) -> dict[str, Any] | None:
        """The seat's last view from the service (None before joining)."""
        return self.client.view if self.client is not None else None

    # -- acting --------------------------------------------------------------------
    def act(self, action: Any) -> "asyncio.Future[dict[str, Any]] | None":
        """Send one action (its JSON form) to the service: a future of its answer. A refusal is shown
        in the status line; the board changes only when the service sends the new view."""
        if self.client is None:
            self._tell(JOIN_NOT_YET, "error")
            return None
        fut = self.client.act(action)
        fut.add_done_callback(self._answered)
        return fut

    def _answered(self, fut: "asyncio.Future[dict[str, Any]]") -> None:
        if fut.cancelled():
            return
        reply = fut.result()
        target = self.board if isinstance(self.board, HashiSeatBoard) else self
        if reply.get("type") == "error":
            target.say(str(reply.get("error", "")), "error")
        else:
            target.say(str(JOIN_SENT), "ok")

    def click_cell(self, x: int, y: int) -> Any:
        """Click the board's cell (x, y) (Hashi): see :meth:`HashiSeatBoard.click_cell`."""
        if isinstance(self.board, HashiSeatBoard):
            return self.board.click_cell(x, y)
        self._tell(JOIN_NOT_YET, "error")
        return None

    def done(self) -> Any:
        """End the turn (Hashi's Done)."""
        return self.board.done() if isinstance(self.board, HashiSeatBoard) else None

    def undo(self) -> Any:
        """Take back this turn's last move (Hashi)."""
        return self.board.undo() if isinstance(self.board, HashiSeatBoard) else None

    async def disconnect(self) -> None:
        """Close the connection to the room (the seat's token stays for the next join). Not
        ``close``: that is ipywidgets' own (it closes the widget's comm)."""
        if self.client is not None:
            await self.client.close()


__all__ = ["HashiSeatBoard", "JoinRoom", "SkyeSeatPanel", "SkylandsSeatPanel", "TableSeatPanel", "sheet_of",
           "skylands_move_words"]

"""The class room panel of the projector: the teacher's side of a live room (issue 31).

:class:`ClassRoomPanel` opens a room on the room service (:mod:`skye_widgets.rooms.service`,
at ``$SKYE_ROOMS_URL``, by default where ``skye-widgets rooms serve`` listens), connects to its
websocket as the teacher, and redraws from the room's public view, big enough to read from the
back of the room: the room's code, how many have joined and how many are done, and the teacher's
buttons (pause / resume, flip the next card or force it, remove a seat, show hidden information,
end and show the results). Hashi for a whole class: the card flipped, who is done, the three
category races (who reached each first, after which card, for 9 / 7 / 8 points), the live
leaderboard and the final ranking, every number as the room computes it
(:meth:`skye_widgets.rooms.room.ClassRoom.public_view`): this module only shows them. Isle of Skye
and Skylands tables: the seats, whose turn, the points, and the hidden information on demand.

The panel imports no game rules; the room service needs the ``rooms`` extra (tornado), which
every Jupyter server already has. Every action is a method too (:meth:`ClassRoomPanel.open_room`,
:meth:`~ClassRoomPanel.flip`, :meth:`~ClassRoomPanel.pause`, ...): each returns once the room
has answered and the panel shows the view that followed, which is how the tests drive it.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import urllib.error
import urllib.request
from concurrent.futures import Future
from html import escape
from typing import Any, Callable

import ipywidgets as W

from ..i18n import language, lazy, lazy_ngettext
from ..protocol import bot_kind_name
from ..rooms.store import RoomError
from .base import Multilingual, with_picture, with_words
from .threads import WIDGET_LOCK

#: Where ``skye-widgets rooms serve`` listens unless told otherwise.
DEFAULT_URL = "http://127.0.0.1:8765"
#: Seconds to wait for the room service to answer one request or command.
TIMEOUT = 15.0
#: Players on the live leaderboard while the game goes on (the final ranking shows everyone).
LEADERBOARD_ROWS = 10
#: The games a room holds, and their names (translated where the rulebooks translate them).
GAMES = {"hashi": lazy("Hashi"), "skye": lazy("Isle of Skye"), "skylands": lazy("Skylands")}
#: The bots a room may seat, for each game (the engines' own names, typed as they are).
BOT_KINDS = {"hashi": ("greedy", "planner", "random"), "skye": ("greedy", "planner", "random"),
             "skylands": ("greedy", "random")}

TEXT = {
    # Translators: the heading of the projector's class room panel (a live room students join with a code).
    "title": lazy("Class room"),
    # Translators: the button that asks the room service for a new room for the whole class.
    "open": lazy("open a room for the class"),
    # Translators: the label of the game picker of the class room panel.
    "game": lazy("Game:"),
    # Translators: the label of the number that chooses the game's draw (the same number, the same game).
    "seed": lazy("Game number:"),
    # Translators: the label of the number of seats at an Isle of Skye or Skylands table (students and bots).
    "seats": lazy("Seats:"),
    # Translators: the label of the number of bots playing in the room (Hashi: bot sheets; tables: bot seats).
    "bots": lazy("Bots:"),
    # Translators: the label of the bot picker (greedy, planner, random: the bots' names, not translated).
    "bot_kind": lazy("Bot:"),
    # Translators: the label of the field for the room service's key (printed by "skye-widgets rooms serve").
    "key": lazy("Service key:"),
    # Translators: shown when nothing answers at the room service's address; {url} is the address,
    # {command} the command to type (not translated).
    "no_service": lazy("No room service answers at {url}: start it with {command} and try again."),
    # Translators: {error} is the room service's own sentence saying why it refused.
    "refused": lazy("The room service refused: {error}"),
    # Translators: the big line with the room's code that students type to join; {code} is the code.
    "code": lazy("Room code: {code}"),
    # Translators: the projector's line under the room code; {url} is where students join.
    "join_at": lazy("Join at {url} with this code and your name."),
    # Translators: the counts under the room code of a class room.
    "counts": lazy_ngettext("{count} student joined, {done} done with this card",
                            "{count} students joined, {done} done with this card"),
    # Translators: the counts under the room code of a table (Isle of Skye, Skylands).
    "table_counts": lazy_ngettext("{count} of {seats} seats taken", "{count} of {seats} seats taken"),
    # Translators: a button of the class room panel: stop the room (nobody may play until it resumes).
    "pause": lazy("pause the room"),
    # Translators: a button of the class room panel: the paused room goes on.
    "resume": lazy("resume the room"),
    # Translators: a button of the class room panel (Hashi): flip the next card for every sheet.
    "flip": lazy("flip the next card"),
    # Translators: the flip button while some students have not ended their turn ({count} of them):
    # they pass this card.
    "force": lazy_ngettext("force the next card ({count} not done)", "force the next card ({count} not done)"),
    # Translators: a button of the class room panel (Isle of Skye, Skylands): start once every seat is taken.
    "start": lazy("start the game"),
    # Translators: the label of the seat picker of the class room panel (the seat to remove).
    "seat": lazy("Seat:"),
    # Translators: a button of the class room panel: the chosen student's seat leaves the room.
    "remove": lazy("remove this seat"),
    # Translators: a button of the class room panel: show what the rules keep hidden, for a discussion.
    "show_hidden": lazy("show hidden information"),
    # Translators: a button of the class room panel: hide the hidden information again.
    "hide_hidden": lazy("hide hidden information"),
    # Translators: a button of the class room panel: close the room and show everyone's results.
    "end": lazy("end and show the results"),
    # Translators: the room's state, shown beside its code.
    "status_open": lazy("The room is open."),
    "status_lobby": lazy("Waiting for every seat to be taken."),
    "status_paused": lazy("The room is paused."),
    "status_closed": lazy("The room is closed."),
    # Translators: the card flipped in a Hashi class room; {card} is the card ("5 / 3 bridges"),
    # {turned} how many cards were flipped, {total} how many there are.
    "card": lazy("Card {turned} of {total}: {card}"),
    "no_card": lazy("No card flipped yet: the students set up their sheets."),
    "all_cards": lazy("Every card has been played."),
    # Translators: the heading of the three scoring races of a Hashi class room.
    "races": lazy("Who got there first"),
    # Translators: one race of a Hashi class room; {label} is the category, {names} who reached it
    # first, {card} after which card, {points} their points, {later} the points of those who reach it later.
    "race_won": lazy_ngettext("{label}: {names}, after card {card}: {points} point (later: {later})",
                              "{label}: {names}, after card {card}: {points} points (later: {later})", "points"),
    # Translators: a race nobody has won yet; {label} is the category, {points} what reaching it first scores.
    "race_open": lazy_ngettext("{label}: nobody yet ({points} point for the first)",
                               "{label}: nobody yet ({points} points for the first)", "points"),
    # Translators: the heading of the live leaderboard (the best scores now).
    "leaderboard": lazy("Leaderboard"),
    # Translators: the heading of the final ranking, once the room is closed.
    "ranking": lazy("Final ranking"),
    # Translators: the heading of the list of students, each marked done or still playing this card.
    "who_done": lazy("Who is done"),
    # Translators: a column heading of the leaderboard: the place (1, 2, 2, 4...).
    "place": lazy("Place"),
    # Translators: a column heading of the leaderboard: the player's name.
    "name": lazy("Name"),
    # Translators: a column heading of the leaderboard: the points.
    "points": lazy("Points"),
    # Translators: a column heading of the live leaderboard: the islands each sheet has finished so far
    # (they score 2 points each at the end of the game).
    "finished": lazy("Finished islands"),
    # Translators: marks a student done with this card in the list of students (also read aloud).
    "done": lazy("done"),
    # Translators: marks a student still playing this card in the list of students (also read aloud).
    "playing": lazy("playing"),
    # Translators: a bot's name with its kind; {name} is the name, {kind} the bot's name (not translated).
    "bot_name": lazy("{name} (bot {kind})"),
    # Translators: whose turn it is at an Isle of Skye or Skylands table; {names} who.
    "to_act": lazy("To act: {names}."),
    # Translators: the round of an Isle of Skye or Skylands table; {round} the round number.
    "round": lazy("Round {round}."),
    # Translators: the table's winners once the game is over; {names} who won.
    "winners": lazy("The game is over: {names} won."),
    # Translators: a column heading of an Isle of Skye table: the gold (shown only as hidden information).
    "gold": lazy("Gold"),
    # Translators: Skylands' hidden information: the island stack's top; {islands} the islands' numbers.
    "stack": lazy("The next islands of the stack: {islands}."),
    # Translators: Hashi's hidden information: the face-down pile, top first; {cards} the cards.
    "pile": lazy("The face-down pile, top first: {cards}."),
    # Translators: what a button did, in the panel's status line.
    "flipped": lazy("The next card is flipped."),
    "paused": lazy("The room is paused: nobody can play until you resume it."),
    "resumed": lazy("The room goes on."),
    # Translators: {name} is the removed student's name.
    "removed": lazy("{name} has left the room."),
    "started": lazy("The game has started."),
    "ended": lazy("The room is closed: here are the results."),
    "no_seat": lazy("Choose a student's seat to remove first."),
    # Translators: the room service did not answer a command in time.
    "no_answer": lazy("The room service did not answer: try again."),
    # Translators: the teacher's connection to the room was lost.
    "lost": lazy("The connection to the room was lost: open the room again to go on."),
}


def rooms_url() -> str:
    """The room service's address: ``$SKYE_ROOMS_URL``, or where ``rooms serve`` listens by default."""
    return (os.environ.get("SKYE_ROOMS_URL") or DEFAULT_URL).rstrip("/")


class ServiceUnavailable(RoomError):
    """Nothing answers at the room service's address."""


class ServiceRefused(RoomError):
    """The room service answered with an error (its own sentence, in the panel's language)."""


def hub_token() -> str | None:
    """The JupyterHub token of the kernel's server (``$JUPYTERHUB_API_TOKEN``), or None off a hub."""
    return (os.environ.get("JUPYTERHUB_API_TOKEN") or "").strip() or None


def create_room(url: str, key: str | None, game: str, seed: int | None, seats: list[str],
                options: dict[str, Any] | None = None, *, hub: str | None = None) -> dict[str, Any]:
    """Ask the service at ``url`` for a new room: ``{"code", "teacher_token"}``. ``hub``: the
    JupyterHub token to ask with (the service is a hub service: the hub says who the teacher is;
    no key)."""
    body: dict[str, Any] = {"game": game, "seats": seats, "options": options or {}}
    if seed is not None:
        body["seed"] = seed
    headers = {"Content-Type": "application/json", "Accept-Language": language()}  # refusals in it
    if hub:
        headers["Authorization"] = f"token {hub}"
    elif key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(url + "/api/rooms", json.dumps(body).encode(), headers)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return json.loads(response.read(65536))
    except urllib.error.HTTPError as e:
        try:
            error = json.loads(e.read(65536) or b"{}").get("error") or str(e.reason)
        except ValueError:
            error = str(e.reason)
        raise ServiceRefused(error) from None
    except (urllib.error.URLError, OSError, ValueError) as e:
        raise ServiceUnavailable(str(e)) from None


class TeacherSocket:
    """The teacher's websocket to one room, on a thread and event loop of its own (a notebook's,
    Voilà's or a test's loop is never blocked). Every view received goes to ``on_view``;
    :meth:`command` sends one teacher command and returns the room's reply once the view that
    followed it has arrived too. ``hub``: the JupyterHub token sent with the handshake; the hello
    then carries no token (the hub says the teacher is a teacher)."""

    def __init__(self, url: str, code: str, token: str, on_view: Callable[[dict[str, Any]], None],
                 on_lost: Callable[[], None] | None = None, *, hub: str | None = None) -> None:
        self.ws_url = url.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + f"/ws/{code}"
        self.token = token
        self.hub = hub
        self.on_view = on_view
        self.on_lost = on_lost
        self.loop = asyncio.new_event_loop()
        self.conn: Any = None
        self.ids = 0
        self.waiting: dict[int, Future] = {}
        self.views = 0                       # views received so far
        self.last_n = -1                     # the room's log length in the last view received
        self.view_seen = threading.Condition()
        self.closed = False
        self.ready: Future = Future()
        self.thread = threading.Thread(target=self._run, name=f"skye-room-{code}", daemon=True)
        self.thread.start()
        self.ready.result(TIMEOUT)          # the hello answered and the first view shown (or an error raised)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._main())

    async def _main(self) -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect
        headers = {"Accept-Language": language()}       # the room's refusals in the panel's language
        if self.hub:
            headers["Authorization"] = f"token {self.hub}"
        hello = {} if self.hub else {"token": self.token}
        try:
            request = HTTPRequest(self.ws_url, headers=headers, connect_timeout=TIMEOUT, request_timeout=TIMEOUT)
            self.conn = await asyncio.wait_for(websocket_connect(request), TIMEOUT)
            await self.conn.write_message(json.dumps({"hello": hello}))
        except Exception as e:              # nothing answers: the panel says so
            if not self.ready.done():
                self.ready.set_exception(ServiceUnavailable(str(e)))
            return
        while True:
            raw = await self.conn.read_message()
            if raw is None:
                break
            try:
                data = json.loads(raw)
            except ValueError:
                continue
            kind = data.get("type")
            if kind in ("public", "seat"):
                self.on_view(data)
                with self.view_seen:
                    self.views += 1
                    self.last_n = int(data.get("n", 0))
                    self.view_seen.notify_all()
                if not self.ready.done():
                    self.ready.set_result(True)
            elif kind in ("reply", "error"):
                waiter = self.waiting.pop(data.get("id"), None) if data.get("id") is not None else None
                if waiter is not None:
                    with self.view_seen:
                        data["views_before"] = self.views        # the view that follows is the next one
                    waiter.set_result(data)
                elif kind == "error" and not self.ready.done():
                    self.ready.set_exception(ServiceRefused(str(data.get("error"))))
        if not self.ready.done():
            self.ready.set_exception(ServiceUnavailable("closed"))
        for waiter in self.waiting.values():
            if not waiter.done():
                waiter.set_exception(ServiceUnavailable("closed"))
        if not self.closed and self.on_lost is not None:
            self.on_lost()

    def command(self, cmd: str, at: Any = None) -> dict[str, Any]:
        """Send the teacher's command; its reply (``{"type": "reply"|"error", ...}``), once the
        view that followed a successful command has been shown too."""
        self.ids += 1
        ident = self.ids
        waiter: Future = Future()
        self.waiting[ident] = waiter
        message: dict[str, Any] = {"id": ident, "cmd": cmd}
        if at is not None:
            message["at"] = at
        async def send() -> None:
            await self.conn.write_message(json.dumps(message))
        asyncio.run_coroutine_threadsafe(send(), self.loop).result(TIMEOUT)
        reply = waiter.result(TIMEOUT)
        if reply.get("type") == "reply":
            with self.view_seen:                # every successful command is followed by the teacher's view
                self.view_seen.wait_for(lambda: self.views > reply["views_before"], TIMEOUT)
        return reply

    def wait_for(self, n: int, timeout: float = TIMEOUT) -> bool:
        """Wait until a view of the room with ``n`` or more events has been shown (False: it has not
        within ``timeout``): a test's way to know the panel has caught up with the room."""
        with self.view_seen:
            return self.view_seen.wait_for(lambda: self.last_n >= n, timeout)

    def close(self) -> None:
        """Close the websocket and end the thread."""
        self.closed = True
        if self.conn is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.conn.close)
        self.thread.join(TIMEOUT)


def on_click(button: W.Button, handler: Callable[[], Any]) -> W.Button:
    """Attach a no-argument handler to a button. Not under :data:`~.threads.WIDGET_LOCK` (unlike
    :func:`.base.on_click`): a command waits for the room's view, which the websocket's thread
    draws under the lock."""
    button.on_click(lambda _b: handler())
    return button


def _names(view: dict[str, Any], seats: list[int]) -> str:
    by_seat = {s["seat"]: s for s in view.get("seats", [])}
    return ", ".join(_seat_name(by_seat[s]) if s in by_seat else str(s + 1) for s in seats)


def _seat_name(seat: dict[str, Any]) -> str:
    name = seat.get("name") or "?"
    return TEXT["bot_name"].format(name=name, kind=bot_kind_name(seat["bot"])) if seat.get("bot") else name


PANEL_CSS = """
.skye-room { font-size: 1.9vh; line-height: 1.3; color: #111111; background: #ffffff; padding: 1vh 1.5vh;
  box-sizing: border-box; width: 100%; }
.skye-room *:not(svg, svg *) { font-size: inherit !important; line-height: inherit; box-sizing: border-box; }
.skye-room .widget-html-content, .skye-room .widget-label, .skye-room input, .skye-room select,
.skye-room .widget-button, .skye-room td, .skye-room th, .skye-room label {
  font-size: 1.9vh !important; line-height: 1.3 !important; color: #111111; }
.skye-room .widget-html, .skye-room .widget-html-content { height: auto !important; }
.skye-room .skye-room-title .widget-html-content { font-size: 3.4vh !important; font-weight: bold; }
.skye-room .skye-room-code .widget-html-content { font-size: 7vh !important; line-height: 1.1 !important;
  font-weight: bold; letter-spacing: 0.1em; color: #0b3d66; }
.skye-room .skye-room-counts .widget-html-content, .skye-room .skye-room-card .widget-html-content {
  font-size: 3.4vh !important; font-weight: bold; }
.skye-room .widget-hbox { flex-wrap: wrap; gap: 1vh 1.6vh; align-items: center; }
.skye-room .widget-inline-hbox { flex-wrap: nowrap !important; height: auto !important; align-items: center; }
.skye-room .widget-button, .skye-room .widget-toggle-button { width: auto !important; height: auto !important;
  min-height: 4.4vh; padding: 0.3vh 1.2vh !important; margin: 0 !important; white-space: nowrap;
  background: #e8e8e8; color: #111111 !important; border: 0.2vh solid #555555; border-radius: 0.6vh; }
.skye-room .widget-button.mod-primary { background: #0b3d66; color: #ffffff !important; }
.skye-room .widget-button.mod-warning { background: #8a4b00; color: #ffffff !important; }
.skye-room .widget-button.mod-danger { background: #9b1020; color: #ffffff !important; }
.skye-room .widget-button:disabled { opacity: 1 !important; background: #dddddd; color: #555555 !important;
  border-color: #999999; }
.skye-room .widget-button:focus-visible, .skye-room .widget-button:focus, .skye-room input:focus,
.skye-room select:focus { outline: 0.5vh solid #f4b400 !important; outline-offset: 0; }
.skye-room .widget-label { width: auto !important; min-width: 0 !important; max-width: none !important;
  padding-right: 0.6vh; }
.skye-room input { width: 12vh !important; height: 4.4vh !important; border: 0.2vh solid #555555; }
.skye-room select { height: 4.4vh !important; min-width: 14vh; width: auto !important; border: 0.2vh solid #555555;
  background: #ffffff; }
.skye-room .skye-room-board .widget-html-content, .skye-room .skye-room-board td, .skye-room .skye-room-board th {
  font-size: 2.6vh !important; line-height: 1.3 !important; }
.skye-room .skye-room-board .skye-room-chips li { font-size: 2.2vh !important; }
.skye-room .skye-room-status { font-weight: normal; margin-left: 1.5vh; }
.skye-room .widget-dropdown, .skye-room .widget-text, .skye-room .widget-password { width: auto !important; }
.skye-room table { border-collapse: collapse; }
.skye-room td, .skye-room th { padding: 0.2vh 0.8vh !important; text-align: left; }
.skye-room th { border-bottom: 0.2vh solid #555555; }
.skye-room .skye-room-columns { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 1vh 4vh;
  align-items: start; }
.skye-room .skye-room-columns.skye-room-final { grid-template-columns: minmax(0, 1fr); }
.skye-room .skye-room-board ul { margin: 0.3vh 0; }
.skye-room .skye-room-chips { display: flex; flex-wrap: wrap; gap: 0.5vh 0.8vh; margin: 0; padding: 0; }
.skye-room .skye-room-chips li { list-style: none; padding: 0 0.6vh; border: 0.2vh solid #555555;
  border-radius: 0.6vh; white-space: nowrap; }
.skye-room .skye-room-chips li.skye-room-done { background: #1b5e20; color: #ffffff; }
.skye-room .skye-room-message .widget-html-content { min-height: 2.5vh; }
.skye-room .skye-room-error { color: #9b1020; font-weight: bold; }
.skye-room .skye-room-rankcols { columns: 5; column-gap: 3vh; }
.skye-room .skye-room-board .skye-room-rankcols div { font-size: 2.2vh !important; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }
"""


class ClassRoomPanel(Multilingual, W.VBox):
    """The teacher's class room panel (see the module's docstring).

    ``game``: the game the room opens with (the picker can change it before opening); ``url``:
    the room service (default :func:`rooms_url`); ``key``: the service's key (default
    ``$SKYE_ROOMS_KEY``; without it the panel shows a field to type it in); ``join_url``: the
    address students join at, shown under the code (default: none shown). On a JupyterHub
    (``$JUPYTERHUB_API_TOKEN``, or ``hub``) the panel asks with the hub's token: no key, the hub
    says who is a teacher.
    """

    def __init__(self, game: str = "hashi", *, url: str | None = None, key: str | None = None,
                 seed: int | None = None, join_url: str | None = None, hub: str | None = None) -> None:
        super().__init__()
        if game not in GAMES:
            raise ValueError(f"no game {game!r}: {', '.join(GAMES)}")
        self.url = (url or rooms_url()).rstrip("/")
        self.join_url = join_url
        self.socket: TeacherSocket | None = None
        self.code: str | None = None
        self.token: str | None = None
        self.view: dict[str, Any] = {}
        self.open_hand = False
        self.message_text: tuple[Any, dict[str, Any], bool] | None = None
        key = key if key is not None else os.environ.get("SKYE_ROOMS_KEY")
        self.hub = hub if hub is not None else hub_token()

        self.style_html = W.HTML(f"<style>{PANEL_CSS}</style>", layout=W.Layout(display="none"))
        self.title = W.HTML()
        self.title.add_class("skye-room-title")
        self.game_pick = W.Dropdown(options=[(str(v), k) for k, v in GAMES.items()], value=game)
        self.seed_box = W.IntText(value=seed if seed is not None else 1)
        self.seats_box = W.BoundedIntText(value=3, min=2, max=5)
        self.bots_box = W.BoundedIntText(value=0, min=0, max=60)
        self.bot_pick = W.Dropdown(options=[(bot_kind_name(k), k) for k in BOT_KINDS[game]])
        self.key_box = W.Password(value=key or "")
        if key or self.hub:
            self.key_box.layout.display = "none"
        self.open_button = on_click(W.Button(button_style="primary"), self.open_room)
        self.setup = W.HBox([self.game_pick, self.seed_box, self.seats_box, self.bots_box, self.bot_pick,
                             self.key_box, self.open_button])
        self.game_pick.observe(lambda _c: self._game_changed(), names="value")

        self.message = W.HTML()
        self.message.add_class("skye-room-message")
        self.code_html = W.HTML()
        self.code_html.add_class("skye-room-code")
        self.counts_html = W.HTML()
        self.counts_html.add_class("skye-room-counts")
        self.card_html = W.HTML()
        self.card_html.add_class("skye-room-card")
        self.pause_button = on_click(W.Button(button_style="warning"), self.toggle_pause)
        self.flip_button = on_click(W.Button(button_style="primary"), self.flip)
        self.flip_button.add_class("skye-room-flip")
        self.start_button = on_click(W.Button(button_style="primary"), self.start)
        self.seat_pick = W.Dropdown(options=[], value=None)
        self.remove_button = on_click(W.Button(), lambda: self.remove(self.seat_pick.value))
        self.hidden_button = on_click(W.Button(), lambda: self.show_hidden(not self.open_hand))
        self.end_button = on_click(W.Button(button_style="danger"), self.end)
        self.controls = W.HBox([self.start_button, self.flip_button, self.pause_button, self.seat_pick,
                                self.remove_button, self.hidden_button, self.end_button])
        self.board_html = W.HTML()
        self.board_html.add_class("skye-room-board")
        self.room_box = W.VBox([self.code_html, self.counts_html, self.card_html, self.controls, self.board_html],
                               layout=W.Layout(display="none"))
        self.children = [self.style_html, self.title, self.setup, self.message, self.room_box]
        self.add_class("skye-room")
        self._game_changed()
        self.relabel()

    # -- labels ----------------------------------------------------------------

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, plus what it says for readers without a kernel (a saved notebook)."""
        return with_words(with_picture(super()._repr_mimebundle_(**kwargs), None), self)
    def _game_changed(self) -> None:
        game = self.game_pick.value
        kind = self.bot_pick.value
        self.bot_pick.options = [(bot_kind_name(k), k) for k in BOT_KINDS[game]]
        if kind in BOT_KINDS[game]:
            self.bot_pick.value = kind
        self.seats_box.layout.display = "none" if game == "hashi" else ""
        self.bots_box.max = 60 if game == "hashi" else 4

    def relabel(self) -> None:
        """Every label again in the language spoken now (the room does not change)."""
        with WIDGET_LOCK:
            self.title.value = escape(str(TEXT["title"]))
            game = self.game_pick.value
            self.game_pick.options = [(str(v), k) for k, v in GAMES.items()]
            self.game_pick.value = game
            self._game_changed()
            for box, key in ((self.game_pick, "game"), (self.seed_box, "seed"), (self.seats_box, "seats"),
                             (self.bots_box, "bots"), (self.bot_pick, "bot_kind"), (self.key_box, "key"),
                             (self.seat_pick, "seat")):
                box.description = str(TEXT[key])
                box.style = {"description_width": "initial"}
            self.open_button.description = str(TEXT["open"])
            self.start_button.description = str(TEXT["start"])
            self.remove_button.description = str(TEXT["remove"])
            self.end_button.description = str(TEXT["end"])
            self._show_message()
            self._render()

    def say(self, template: Any, alert: bool = False, **values: Any) -> None:
        """Show one sentence in the panel's status line (kept as its template: a language switch
        shows it again in the new language)."""
        self.message_text = (template, values, alert)
        self._show_message()

    def _show_message(self) -> None:
        if self.message_text is None:
            self.message.value = ""
            return
        template, values, error = self.message_text
        # a command to type is code (the reader types it as it is): shown in <code>
        shown = {k: f"<code>{escape(str(v))}</code>" if k == "command" else escape(str(v)) for k, v in values.items()}
        text = escape(str(template)).format(**shown)
        self.message.value = f'<span class="skye-room-error" role="alert">{text}</span>' if error else text

    # -- the room --------------------------------------------------------------
    def room_seats(self) -> list[str]:
        """The seats the room opens with: Hashi, its bot sheets; a table, the students' seats then the bots'."""
        bots = [self.bot_pick.value] * int(self.bots_box.value)
        if self.game_pick.value == "hashi":
            return bots
        humans = max(int(self.seats_box.value) - len(bots), 0)
        return ["human"] * humans + bots

    def open_room(self) -> bool:
        """Open a room on the service with the options chosen, and connect to it as the teacher.
        Nothing answering: one sentence saying how to start the service (False)."""
        game = self.game_pick.value
        try:
            made = create_room(self.url, self.key_box.value or None, game, int(self.seed_box.value),
                               self.room_seats(), hub=self.hub)
            self.close()
            self.socket = TeacherSocket(self.url, made["code"], made["teacher_token"], self._on_view, self._on_lost,
                                        hub=self.hub)
        except ServiceUnavailable:
            self.say(TEXT["no_service"], True, url=self.url, command="skye-widgets rooms serve")
            return False
        except ServiceRefused as e:
            self.say(TEXT["refused"], True, error=str(e))
            return False
        self.code, self.token = made["code"], made["teacher_token"]
        self.open_hand = False
        self.message_text = None
        with WIDGET_LOCK:
            self.room_box.layout.display = ""
            self.setup.layout.display = "none"
            self._show_message()
            self._render()
        return True

    def _on_view(self, view: dict[str, Any]) -> None:
        with WIDGET_LOCK:
            self.view = view
            self._render()

    def _on_lost(self) -> None:
        with WIDGET_LOCK:
            self.say(TEXT["lost"], True)
            self.setup.layout.display = ""

    def _command(self, cmd: str, at: Any = None, done: Any = None, **values: Any) -> bool:
        if self.socket is None:
            return False
        try:
            reply = self.socket.command(cmd, at)
        except Exception:
            self.say(TEXT["no_answer"], True)
            return False
        if reply.get("type") != "reply":
            self.say(TEXT["refused"], True, error=str(reply.get("error")))
            return False
        if done is not None:
            self.say(done, **values)
        return True

    def flip(self) -> bool:
        """Flip the next card (Hashi), forcing it if some students are not done: they pass it."""
        return self._command("flip", int(self.view.get("turned", 0)), TEXT["flipped"])

    def pause(self) -> bool:
        return self._command("pause", None, TEXT["paused"])

    def resume(self) -> bool:
        return self._command("resume", None, TEXT["resumed"])

    def toggle_pause(self) -> bool:
        return self.resume() if self.view.get("status") == "paused" else self.pause()

    def start(self) -> bool:
        """Start a table's game (once every seat is taken)."""
        return self._command("start", None, TEXT["started"])

    def remove(self, seat: Any) -> bool:
        """Remove a student's seat (Hashi): their sheet leaves the counts and the leaderboard."""
        if seat is None:
            self.say(TEXT["no_seat"], True)
            return False
        name = next((s.get("name") for s in self.view.get("seats", []) if s.get("seat") == seat), str(seat))
        return self._command("remove", int(seat), TEXT["removed"], name=name or "?")

    def show_hidden(self, on: bool = True) -> bool:
        """Show (or hide) what the rules keep hidden: Hashi's face-down pile, Skylands' island stack,
        Isle of Skye's gold."""
        if self._command("open_hand" if on else "closed_hand"):
            self.open_hand = on
            with WIDGET_LOCK:
                self._render()
            return True
        return False

    def end(self) -> bool:
        """Close the room and show the results."""
        return self._command("close", None, TEXT["ended"])

    def close(self) -> None:
        """Disconnect from the room (the room itself stays on the service)."""
        if self.socket is not None:
            self.socket.close()
            self.socket = None

    # -- drawing ---------------------------------------------------------------
    def _render(self) -> None:
        v = self.view
        if not v:
            for w in (self.code_html, self.counts_html, self.card_html, self.board_html):
                w.value = ""
            self.code_html.value = self._code_line() if self.code else ""
            self._buttons()
            return
        self.code_html.value = self._code_line()
        if self.join_url:
            self.code_html.value += f'<div style="font-size:2.4vh">{escape(TEXT["join_at"].format(url=self.join_url))}</div>'
        status = f'<span class="skye-room-status">{escape(str(TEXT.get("status_" + str(v.get("status")), "")))}</span>'
        if v.get("kind") == "hashi":
            self.counts_html.value = escape(TEXT["counts"].format(count=v.get("students", 0),
                                                                  done=v.get("students_done", 0))) + " " + status
            self.card_html.value = escape(self._card_line(v))
            self.board_html.value = self._hashi_board(v)
        else:
            seats = v.get("seats", [])
            taken = sum(1 for s in seats if s.get("name") and not s.get("bot"))
            humans = sum(1 for s in seats if not s.get("bot"))
            self.counts_html.value = escape(TEXT["table_counts"].format(count=taken, seats=humans)) + " " + status
            self.card_html.value = ""
            self.board_html.value = self._table_board(v)
        self._buttons()

    def _code_line(self) -> str:
        """"Room code: ABCD-2345", the code never broken at its dash (a narrow JupyterLab cell)."""
        code = f'<span style="white-space:nowrap">{escape(self._code())}</span>'
        return escape(str(TEXT["code"])).replace("{code}", code)

    def _code(self) -> str:
        code = self.code or ""
        return code[:4] + "-" + code[4:] if len(code) == 8 else code

    def _card_line(self, v: dict[str, Any]) -> str:
        from ..hashi.game import Card           # a card's name only (its words are the engine's)
        if v.get("over"):
            return str(TEXT["all_cards"])
        if not v.get("card"):
            return str(TEXT["no_card"])
        return TEXT["card"].format(turned=v["turned"], total=v["cards"], card=str(Card(*v["card"])))

    def _buttons(self) -> None:
        v = self.view
        hashi = v.get("kind", self.game_pick.value) == "hashi"
        status = v.get("status")
        live = bool(v) and status != "closed"
        self.flip_button.layout.display = "" if hashi else "none"
        self.seat_pick.layout.display = self.remove_button.layout.display = "" if hashi else "none"
        self.start_button.layout.display = "none" if hashi or status != "lobby" else ""
        self.pause_button.description = str(TEXT["resume" if status == "paused" else "pause"])
        self.pause_button.disabled = not live or status == "lobby"
        self.hidden_button.description = str(TEXT["hide_hidden" if self.open_hand else "show_hidden"])
        self.end_button.disabled = not live
        self.start_button.disabled = not live
        if hashi:
            missing = int(v.get("students", 0)) - int(v.get("students_done", 0))
            self.flip_button.description = (TEXT["force"].format(count=missing) if missing and v.get("turned")
                                            else str(TEXT["flip"]))
            self.flip_button.button_style = "warning" if missing and v.get("turned") else "primary"
            self.flip_button.disabled = not live or bool(v.get("over"))
            students = [(s["name"] or "?", s["seat"]) for s in v.get("seats", []) if not s.get("bot")]
            if [o[1] for o in self.seat_pick.options] != [s for _n, s in students]:
                keep = self.seat_pick.value if self.seat_pick.value in [s for _n, s in students] else None
                self.seat_pick.options = students
                self.seat_pick.value = keep
            self.remove_button.disabled = not live or not students

    def _hashi_board(self, v: dict[str, Any]) -> str:
        from ..hashi.game import CATEGORIES, Card   # the categories' names and points (the engine's words)
        seats = v.get("seats", [])
        by_seat = {s["seat"]: s for s in seats}
        race_rows = []
        for category, r in (v.get("race") or {}).items():
            label, full, later = CATEGORIES[category]
            if r is None:
                text = TEXT["race_open"].format(label=str(label), points=full)
            else:
                text = TEXT["race_won"].format(label=str(label), names=_names(v, r["seats"]), card=r["after_card"],
                                               points=r["points"], later=r["later"])
            race_rows.append(f"<li>{escape(text)}</li>")
        races = f'<div class="skye-room-races"><b>{escape(str(TEXT["races"]))}</b><ul>{"".join(race_rows)}</ul></div>'
        order = [by_seat[s] for s in v.get("leaderboard", []) if s in by_seat]
        over = v.get("status") == "closed" or v.get("over")
        live = not over                         # the finished islands score at the end: a column until then
        head = (f'<tr><th>{escape(str(TEXT["place"]))}</th><th>{escape(str(TEXT["name"]))}</th>'
                f'<th>{escape(str(TEXT["points"]))}</th>'
                + (f'<th>{escape(str(TEXT["finished"]))}</th>' if live else "") + "</tr>")
        rows = "".join(f'<tr><td>{s.get("rank", i + 1)}</td><td>{escape(_seat_name(s))}</td><td>{s["score"]}</td>'
                       + (f'<td>{s.get("finished", "")}</td>' if live else "") + "</tr>"
                       for i, s in enumerate(order if over else order[:LEADERBOARD_ROWS]))
        board_title = TEXT["ranking"] if over else TEXT["leaderboard"]
        if over and len(order) > 20:          # a whole class: in columns, the races below
            table = '<div class="skye-room-rankcols">' + "".join(
                f'<div>{s.get("rank", i + 1)}. {escape(_seat_name(s))}: {s["score"]}</div>'
                for i, s in enumerate(order)) + "</div>"
        else:
            table = f"<table>{head}{rows}</table>"
        board = f'<div class="skye-room-ranking"><b>{escape(str(board_title))}</b>{table}</div>'
        chips = "".join(
            f'<li class="{"skye-room-done" if s["done"] else ""}">{"✓ " if s["done"] else ""}{escape(_seat_name(s))}'
            f'<span class="sr-only" style="position:absolute;left:-9999px"> {escape(str(TEXT["done" if s["done"] else "playing"]))}</span></li>'
            for s in sorted(seats, key=lambda s: s["seat"]) if not s.get("bot"))
        who = (f'<div class="skye-room-who"><b>{escape(str(TEXT["who_done"]))}</b>'
               f'<ul class="skye-room-chips">{chips}</ul></div>') if not over else ""
        extra = ""
        if self.open_hand and "pile" in v:
            extra = "<div>" + escape(TEXT["pile"].format(cards=", ".join(str(Card(*c)) for c in v["pile"]))) + "</div>"
        final = " skye-room-final" if over and len(order) > 20 else ""
        return f'<div class="skye-room-columns{final}">{board}<div>{races}{who}</div></div>{extra}'

    def _table_board(self, v: dict[str, Any]) -> str:
        game = v.get("game") or {}
        seats = v.get("seats", [])
        names = [_seat_name(s) if s.get("bot") else (s.get("name") or "…") for s in seats]
        lines = []
        if game:
            lines.append(escape(TEXT["round"].format(round=game.get("round", 0))))
            to_act = game.get("to_act")
            to_act = [to_act] if isinstance(to_act, int) else list(to_act or [])
            if to_act and "winners" not in v:
                lines.append(escape(TEXT["to_act"].format(names=", ".join(names[p] for p in to_act if 0 <= p < len(names)))))
        if "winners" in v:
            lines.append(escape(TEXT["winners"].format(names=", ".join(names[p] for p in v["winners"]))))
        players = game.get("players") or []
        vp = [p.get("vp") for p in players] if players else list(game.get("vp") or [])
        scores = v.get("scores") or vp
        show_gold = self.open_hand and players
        head = (f'<tr><th>{escape(str(TEXT["name"]))}</th><th>{escape(str(TEXT["points"]))}</th>'
                + (f'<th>{escape(str(TEXT["gold"]))}</th>' if show_gold else "") + "</tr>")
        rows = ""
        for i, name in enumerate(names):
            score = scores[i] if i < len(scores) and scores[i] is not None else ""
            gold = f"<td>{players[i].get('gold')}</td>" if show_gold and i < len(players) else ""
            rows += f"<tr><td>{escape(name)}</td><td>{score}</td>{gold}</tr>"
        extra = ""
        if self.open_hand and game.get("stack") is not None:
            extra = escape(TEXT["stack"].format(islands=", ".join(str(t) for t in game["stack"][:6])))
        return "<div>" + "<br>".join(lines) + f"</div><table>{head}{rows}</table><div>{extra}</div>"


__all__ = ["ClassRoomPanel", "ServiceRefused", "ServiceUnavailable", "TeacherSocket", "create_room", "rooms_url"]

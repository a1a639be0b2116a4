"""The room service: HTTP and websockets on tornado (the optional extra ``rooms``).

What it guarantees:

* It listens on ``127.0.0.1`` unless told otherwise (:func:`serve`).
* Every request and every websocket message is bounded (:data:`~.store.MAX_EVENT_BYTES`);
  a larger one is refused (HTTP 413, or the websocket is closed with code 1009) before it
  is read whole. A malformed or illegal one gets one ``{"type": "error", "error": ...}``
  line and changes nothing (:mod:`.room`).
* A client is answered only after its change is committed to the store. The changes that
  arrive together are performed one after the other and committed together (a group commit,
  :meth:`.store.Store.batch`: one sync to disk for all of them); then each is answered and every
  client whose view changed is sent its new view: a seat its own view only (made from ``observation(seat)``), the projector and the
  teacher the public view (the teacher the open hand if they asked for it).
* A client that reconnects (a reload, a lost network, a restarted service on the same
  database) says its token again and receives its seat's view at once.

The protocol (JSON):

* Every refusal is written in the client's language: a websocket hello's ``"lang"`` (``"pl"``), or a
  request's ``?lang=`` or ``Accept-Language`` (:func:`client_language`); else the service's own.
* ``POST /api/rooms`` ``{"game": "hashi"|"skye"|"skylands", "seed": 1, "seats": [...], "options": {...}}``
  -> ``{"code", "teacher_token"}``. When the service has a ``create_key``, the request
  carries ``Authorization: Bearer <key>``.
* ``POST /api/rooms/<code>/join`` ``{"name": "Ann"}`` -> ``{"seat", "token"}`` (rate-limited
  per client address).
* ``GET /api/rooms/<code>`` -> the public view.
* websocket ``/ws/<code>``: the first message is ``{"hello": {"token": "..."}}`` (a seat's or
  the teacher's) or ``{"hello": {"projector": true}}``; it is answered with
  ``{"type": "hello", "role": "seat"|"teacher"|"projector", "seat": ...}`` and the view.
  Then a seat sends ``{"id": 1, "act": <action's JSON>}`` (Hashi: or ``"undo"``), the
  teacher ``{"id": 2, "cmd": "start"|"flip"|"pause"|"resume"|"close"|"undo"|"remove"|"open_hand"|
  "closed_hand", "at": <cards flipped, for "flip"; the seat, for "remove">}``; each is answered with
  ``{"type": "reply", "id": ..., "ok": true, "n": <the room's log length after it>}`` or ``{"type": "error", "id": ..., "error": "..."}``.
  Views arrive as ``{"type": "seat"|"public", ...}`` (see :meth:`.room.Room.view`).

Hub mode (run as a JupyterHub service; :mod:`.hubauth`): every path above is under the service's
prefix (``/services/skye-rooms/api/rooms``...), and every request, websocket handshakes too, is a hub
user's (``Authorization: token <JUPYTERHUB_API_TOKEN>`` from a notebook, or the hub's OAuth cookie
in a browser, which sends ``X-XSRFToken`` with what ``GET <prefix>`` answers); anyone else gets 403
and one line. There is no create key: only the teachers group opens rooms. ``join`` needs no name
(the hub login is the seat's name; joining again gives the same seat and token back). The first
websocket message may be ``{"hello": {}}``: a teacher is the room's teacher, a student their seat;
a token still works, but a teacher's token only for a teacher.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
from typing import Any, Callable

import tornado.web
import tornado.websocket
from tornado.ioloop import IOLoop
from tornado.log import app_log

from ..errors import RulesError
from ..i18n import _, language, lazy, normalise, set_language, speaking
from ..limits import short
from .room import ClassRoom, NotAllowedError, Room, Rooms, TableRoom, Update
from .store import MAX_EVENT_BYTES, RoomError, Store, encode

#: Seconds between websocket pings (a dead connection is noticed within two of them).
PING_INTERVAL = 20.0
#: Open websockets on one service (30 students x 10 rooms, and room to spare).
MAX_CONNECTIONS = 2000
#: Changes waiting for the next group commit (past this, a change is refused: "busy").
MAX_QUEUED = 5000
#: What a client is told when the service failed (a bug, or the disk): nothing was changed.
FAILED = lazy("The room service failed; nothing was changed.")


def client_language(*asked: Any) -> str:
    """The language a client reads: the first of ``asked`` the package speaks (a websocket hello's
    ``"lang"``, a request's ``?lang=``, then its ``Accept-Language`` header, best first), else the
    service's own. Every refusal a client gets is written in it.

    >>> client_language(None, "pl-PL,pl;q=0.9,en;q=0.8"), client_language("fr", "pl"), client_language("de")
    ('pl', 'fr', 'en')
    """
    for value in asked:
        if not isinstance(value, str):
            continue
        tags = [t.split(";")[0] for t in value[:200].split(",")]     # Accept-Language, in its own order
        for tag in tags:
            code = normalise(tag)
            if code is not None:
                return code
    return language()


class Hub:
    """The rooms and the websockets watching each of them."""

    def __init__(self, rooms: Rooms, create_key: str | None = None, mode: Any = None) -> None:
        self.rooms = rooms
        self.create_key = create_key
        self.mode = mode                 # a .hubauth.HubMode when run as a JupyterHub service, else None
        self.watchers: dict[str, set["RoomSocket"]] = {}
        self.queue: list[tuple["RoomSocket", dict[str, Any], int | None]] = []
        self.flush_scheduled = False

    def submit(self, sock: "RoomSocket", data: dict[str, Any], ident: int | None) -> None:
        """Queue a change; every change queued by the time the loop gets to it is one batch."""
        if len(self.queue) >= MAX_QUEUED:
            sock.send({"type": "error", "id": ident, "error": _("The room service is busy: try again.")})
            return
        self.queue.append((sock, data, ident))
        if not self.flush_scheduled:
            self.flush_scheduled = True
            IOLoop.current().add_callback(self.flush)

    def flush(self) -> None:
        """Perform every queued change in one group commit (:meth:`.store.Store.batch`); only then
        answer each client and send the new views. If the commit fails, every room the batch
        touched is reopened from the store and every change of the batch is answered with an error."""
        self.flush_scheduled = False
        work, self.queue = self.queue, []
        replies: list[tuple[RoomSocket, dict[str, Any]]] = []
        touched: dict[str, tuple[Room, set[int]]] = {}
        try:
            with self.rooms.store.batch():
                for sock, data, ident in work:
                    try:
                        with speaking(sock.lang):
                            room, update = sock.request_change(data)
                    except RulesError as e:   # a RoomError, or the engine refusing a move: nothing changed
                        replies.append((sock, {"type": "error", "id": ident, "error": str(e)}))
                        continue
                    except Exception:          # a bug: logged; the room was rebuilt from its log (room.py)
                        app_log.exception("room %s: a message failed", sock.room.code if sock.room else "?")
                        with speaking(sock.lang):
                            replies.append((sock, {"type": "error", "id": ident, "error": str(FAILED)}))
                        continue
                    replies.append((sock, {"type": "reply", "id": ident, "ok": True, "n": room.n}))
                    seats = touched.get(room.code, (room, set()))[1]
                    touched[room.code] = (room, seats | update.seats)
        except Exception:
            app_log.exception("the rooms' group commit failed")
            for code in touched:
                self.rooms.forget(code)
            for sock, _data, ident in work:
                with speaking(sock.lang):
                    sock.send({"type": "error", "id": ident, "error": str(FAILED)})
            return
        for sock, reply in replies:
            sock.send(reply)
        for room, seats in touched.values():
            self.broadcast(room, Update(seats))

    def count(self) -> int:
        return sum(len(w) for w in self.watchers.values())

    def broadcast(self, room: Room, update: Update) -> None:
        """Send each watcher of ``room`` its new view, if it changed."""
        public = None
        for sock in list(self.watchers.get(room.code, ())):
            if sock.role == "seat":
                if sock.seat in update.seats:
                    sock.send(room.view(sock.seat))
            elif sock.role == "teacher" and sock.open_hand:
                sock.send(room.public_view(open_hand=True))
            else:
                if public is None:
                    public = room.public_view()
                sock.send(public)


def _body(handler: tornado.web.RequestHandler) -> dict[str, Any]:
    try:
        data = json.loads(handler.request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise RoomError(_("The request is not JSON.")) from None
    if not isinstance(data, dict):
        raise RoomError(_("The request is a JSON object."))
    return data


def not_a_hub_user() -> str:
    return _("Only the hub's users may use the rooms: log in to the hub (a notebook sends its server's token).")


class ApiHandler(tornado.web.RequestHandler):
    """Answers JSON; a refused request is one line of JSON with status 400/403/404/429.
    In hub mode, only a request the hub identifies gets further (``self.user``: the hub's model)."""

    def initialize(self, hub: Hub) -> None:
        self.hub = hub
        self.user: dict[str, Any] | None = None
        self.lang = language()
        self.before = self.lang

    async def prepare(self) -> None:
        self.lang = client_language(self.get_query_argument("lang", None),
                                    self.request.headers.get("Accept-Language"))
        if self.hub.mode is not None:
            self.user = await self.hub.mode.identify(self)
        # the handler runs from here to its reply without giving the loop away: its texts are in the
        # client's language, and the service's own is back once the reply has gone (on_finish)
        self.before = language()
        set_language(self.lang)
        if self.hub.mode is not None and self.user is None:
            self.reply({"error": not_a_hub_user()}, 403)

    def on_finish(self) -> None:
        set_language(self.before)

    def check_xsrf_cookie(self) -> None:
        # an API of tokens, not of cookies; in hub mode, the hub's check of a cookie-authenticated request
        if self.hub.mode is not None:
            self.hub.mode.check_xsrf(self)

    def reply(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data, ensure_ascii=False))

    def refuse(self, e: Exception) -> None:
        from .room import TooManyJoinsError
        from .store import NoSuchRoomError
        status = (429 if isinstance(e, TooManyJoinsError) else 404 if isinstance(e, NoSuchRoomError)
                  else 403 if isinstance(e, NotAllowedError) else 400)
        self.reply({"error": str(e)}, status)


class CreateHandler(ApiHandler):
    def post(self) -> None:
        try:
            key = self.hub.create_key
            given = self.request.headers.get("Authorization", "")
            if key is not None and not secrets.compare_digest(given.encode(), f"Bearer {key}".encode()):
                raise NotAllowedError(_("Opening a room needs the service's key."))
            mode = self.hub.mode
            if mode is not None and not mode.is_teacher(self.user):
                # Translators: {group} is the hub group of the teachers, as it is typed (teachers)
                raise NotAllowedError(_("Only teachers (the hub group {group}) may open a room.").format(
                    group=mode.teachers))
            data = _body(self)
            seats = data.get("seats", [])
            if not (isinstance(seats, list) and all(isinstance(s, str) for s in seats)):
                raise RoomError(_("The seats are a list of texts (human, or a bot's kind)."))
            options = data.get("options", {})
            if not isinstance(options, dict):
                raise RoomError(_("The options are a JSON object."))
            seed = data.get("seed", secrets.randbelow(2**31))
            room, token = self.hub.rooms.create(str(data.get("game")), seed=seed, options=options, seats=seats)
        except RulesError as e:
            self.refuse(e)
            return
        self.reply({"code": room.code, "teacher_token": token})


class JoinHandler(ApiHandler):
    def post(self, code: str) -> None:
        try:
            data = _body(self)
            if self.hub.mode is None:
                room, seat, token = self.hub.rooms.join(code, data.get("name"), self.request.remote_ip or "?")
            else:                    # the hub's login is the name; the same person, the same seat
                assert self.user is not None
                # wrong codes are counted per person: every notebook of a hub may come from one address
                room, seat, token = self.hub.rooms.join(code, self.user["name"], "hub user " + self.user["name"],
                                                        token=self.hub.mode.seat_token(self.user))
        except RulesError as e:
            self.refuse(e)
            return
        self.reply({"code": room.code, "seat": seat, "token": token})
        self.hub.broadcast(room, Update({seat}))


class RoomHandler(ApiHandler):
    def get(self, code: str) -> None:
        try:
            room = self.hub.rooms.get(code)
        except RoomError as e:
            self.refuse(e)
            return
        self.reply(room.public_view())


class RoomSocket(tornado.websocket.WebSocketHandler):
    """One client of one room: a seat, the teacher or a projector."""

    def initialize(self, hub: Hub) -> None:
        self.hub = hub
        self.room: Room | None = None
        self.role: str | None = None
        self.seat = -1
        self.open_hand = False
        self.user: dict[str, Any] | None = None
        self.lang = language()

    async def prepare(self) -> None:
        self.lang = client_language(self.get_query_argument("lang", None),
                                    self.request.headers.get("Accept-Language"))
        if self.hub.mode is not None:              # in hub mode, no handshake but a hub user's
            self.user = await self.hub.mode.identify(self)
            if self.user is None:
                self.set_status(403)
                with speaking(self.lang):
                    self.finish(json.dumps({"error": not_a_hub_user()}, ensure_ascii=False))

    def check_origin(self, origin: str) -> bool:
        if self.hub.mode is not None and not getattr(self, "_token_authenticated", False):
            return super().check_origin(origin)    # the hub's cookie: from the hub's own pages only
        return True                 # every request carries a token or asks for the public view only

    def open(self, code: str) -> None:       # type: ignore[override]
        if self.hub.count() >= MAX_CONNECTIONS:
            self.close(1013, "too many connections")
            return
        try:
            self.room = self.hub.rooms.get(code)
        except RoomError as e:
            with speaking(self.lang):
                self.send({"type": "error", "error": str(e)})
            self.close(4404, "no such room")
            return
        self.hub.watchers.setdefault(self.room.code, set()).add(self)

    def on_close(self) -> None:
        if self.room is not None:
            self.hub.watchers.get(self.room.code, set()).discard(self)

    def send(self, data: Any) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        try:
            self.write_message(json.dumps(data, ensure_ascii=False))
        except tornado.websocket.WebSocketClosedError:
            pass

    def on_message(self, message: str | bytes) -> None:
        if self.room is None:
            return
        with speaking(self.lang):
            self._on_message(message)

    def _on_message(self, message: str | bytes) -> None:
        assert self.room is not None
        ident = None
        try:
            try:
                data = json.loads(message)
            except (ValueError, UnicodeDecodeError):
                raise RoomError(_("The message is not JSON.")) from None
            if not isinstance(data, dict):
                raise RoomError(_("The message is a JSON object."))
            encode(data)                       # bounded in size and depth
            ident = data.get("id")
            if not (ident is None or type(ident) is int):
                ident = None
            if "hello" in data:
                self.hello(data["hello"])
                return
            if self.role is None:
                raise NotAllowedError(_("Say hello with your token first."))
            if self.role == "teacher" and data.get("cmd") in ("open_hand", "closed_hand"):
                self.open_hand = data["cmd"] == "open_hand"          # no change to the room: answered now
                self.send({"type": "reply", "id": ident, "ok": True, "n": self.room.n})
                self.send(self.room.public_view(open_hand=self.open_hand))
                return
            self.hub.submit(self, data, ident)
        except RulesError as e:
            self.send({"type": "error", "id": ident, "error": str(e)})

    def hello(self, data: Any) -> None:
        assert self.room is not None
        room = self.room = self.hub.rooms.get(self.room.code)    # the room as the store has it
        if not isinstance(data, dict):
            raise RoomError(_("Say hello with your token, or as the projector."))
        if normalise(data.get("lang", "")) is not None:            # the client's language, from now on
            self.lang = client_language(data["lang"])
            set_language(self.lang)                             # inside on_message's speaking()
        mode, token = self.hub.mode, data.get("token")
        if data.get("projector") is True:
            self.role = "projector"
        elif mode is not None and token is None:        # hub mode: who the hub says
            assert self.user is not None
            if mode.is_teacher(self.user):
                self.role = "teacher"
            else:
                token = mode.seat_token(self.user)(room.code)
                if self.hub.rooms.store.seat_of(room.code, token) is None:
                    raise NotAllowedError(_("Join this room first."))
                self.seat = room.seat_of(token)
                self.role = "seat"
        elif self.hub.rooms.store.is_teacher(room.code, token):
            if mode is not None and not mode.is_teacher(self.user or {}):
                # Translators: {group} is the hub group of the teachers, as it is typed (teachers)
                raise NotAllowedError(_("Only teachers (the hub group {group}) may lead a room.").format(
                    group=mode.teachers))
            self.role = "teacher"
        else:
            self.seat = room.seat_of(token)                   # NotAllowedError for anything else
            self.role = "seat"
        self.send({"type": "hello", "role": self.role, "seat": self.seat if self.role == "seat" else None,
                   "room": room.code})
        self.send(room.view(self.seat) if self.role == "seat" else room.public_view())

    def request_change(self, data: dict[str, Any]) -> tuple[Room, Update]:
        """Perform the change ``data`` asks for (inside the hub's batch): the room and what changed."""
        room = self.hub.rooms.get(self.room.code if self.room else "")
        self.room = room                        # the same object, or the one reopened from the store
        if self.role == "seat":
            if "act" not in data:
                raise RoomError(_("A seat's message is {{\"act\": ...}}."))
            update = room.act(self.seat, data["act"])
        elif self.role == "teacher":
            update = self.command(room, data.get("cmd"), data.get("at"))
        else:
            raise NotAllowedError(_("The projector only watches."))
        return room, update

    def command(self, room: Room, cmd: Any, at: Any) -> Update:
        if cmd in ("pause", "resume", "close"):
            return room.set_status({"pause": "paused", "resume": "open", "close": "closed"}[cmd])
        if cmd == "undo":
            return room.undo()
        if cmd == "remove" and isinstance(room, ClassRoom):
            return room.remove(at)
        if cmd == "start" and isinstance(room, TableRoom):
            return room.start()
        if cmd == "flip" and isinstance(room, ClassRoom):
            if type(at) is not int:
                raise RoomError(_("A flip says how many cards were flipped before it (\"at\")."))
            return room.flip(at)
        # Translators: {value} is the command as it was sent, in quotes (not translated)
        raise RoomError(_("There is no command {value} here.").format(value=short(cmd)))


def make_app(store: Store, *, create_key: str | None = None, rooms: Rooms | None = None,
             mode: Any = None) -> tornado.web.Application:
    """The service's tornado application over ``store``. ``mode``: a :class:`.hubauth.HubMode` to run
    as a JupyterHub service (under its prefix, every request a hub user's), else None."""
    hub = Hub(rooms or Rooms(store), create_key, mode)
    code = r"([0-9A-Za-z-]{1,32})"
    prefix = "/" if mode is None else re.escape(mode.prefix.rstrip("/") + "/")
    settings: dict[str, Any] = {}
    extra: list[Any] = []
    if mode is not None:
        extra = mode.handlers()
        settings["cookie_secret"] = store.secret("cookie")       # the OAuth cookie outlives a restart
    app = tornado.web.Application([
        (rf"{prefix}api/rooms", CreateHandler, {"hub": hub}),
        (rf"{prefix}api/rooms/{code}/join", JoinHandler, {"hub": hub}),
        (rf"{prefix}api/rooms/{code}", RoomHandler, {"hub": hub}),
        (rf"{prefix}ws/{code}", RoomSocket, {"hub": hub}),
        *extra,
    ], websocket_max_message_size=MAX_EVENT_BYTES, websocket_ping_interval=PING_INTERVAL, **settings)
    app.settings["hub"] = hub
    return app


async def serve(db: str, *, host: str = "127.0.0.1", port: int = 8765, create_key: str | None = None,
                announce: Callable[[int], None] | None = None, teachers: str | None = None) -> None:
    """Serve rooms from the database ``db`` on ``host:port`` until cancelled; idle rooms are
    expired every minute. ``announce(port)`` is called once listening (``port=0``: any free one).
    ``teachers``: run as a JupyterHub service (:mod:`.hubauth`), this hub group being the teachers."""
    store = Store(db)
    mode = None
    if teachers is not None:
        from .hubauth import HubMode              # jupyterhub: only in hub mode
        mode = HubMode(store.secret("seats"), teachers)
    app = make_app(store, create_key=create_key, mode=mode)
    server = app.listen(port, host, max_body_size=MAX_EVENT_BYTES, max_buffer_size=4 * MAX_EVENT_BYTES)
    bound = next(iter(server._sockets.values())).getsockname()[1]
    if announce is not None:
        announce(bound)
    try:
        while True:
            await asyncio.sleep(60)
            app.settings["hub"].rooms.expire()
    finally:
        server.stop()
        store.close()

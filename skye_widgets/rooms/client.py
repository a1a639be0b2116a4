"""A seat's side of the room service (headless): join a room, keep the seat's token, talk over the
websocket, reconnect when the connection is lost (issue 31).

:class:`SeatClient` runs on the caller's asyncio loop (in a kernel: the kernel's own loop) and never
imports a widget: :mod:`skye_widgets.widgets.rooms` shows what it receives. What it guarantees:

* **One seat per room and name**: the seat's token is kept in a small JSON file
  (:class:`TokenFile`, written atomically), keyed by the service's address, the room's code
  and the name; joining again with them (a reload, a restarted kernel) says hello with the same
  token and gets the same seat back, without a new join.
* **The service is the truth**: nothing here changes a view; every action goes to the service
  (``{"id": n, "act": ...}``) and its answer (a reply or an error) resolves the action's future;
  the views arrive as the service sends them.
* **A lost connection is reconnected** with a growing delay (:data:`BACKOFF`), at most
  :data:`MAX_RETRIES` times in a row; a hello that succeeds starts the count again.
* **On a JupyterHub** the hub's token (``JUPYTERHUB_API_TOKEN``) goes with every request as
  ``Authorization: token ...``.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from typing import Any, Callable

from ..errors import RulesError, read_json, write_json
from ..i18n import _
from .store import RoomError, check_name, normalise_code

#: The port ``skye-widgets rooms serve`` listens on unless told otherwise.
DEFAULT_PORT = 8765
#: Seconds to wait before each reconnection in a row (the last one repeats up to :data:`MAX_RETRIES`).
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)
MAX_RETRIES = 8
#: Seconds an HTTP request or a websocket connection may take.
TIMEOUT = 20.0
#: Tokens kept at most (the oldest are forgotten first), and for how long (a room lives 12 hours idle).
MAX_TOKENS = 200
TOKEN_AGE = 7 * 24 * 3600.0


def default_url(environ: Any = None) -> str:
    """The service's address: ``SKYE_ROOMS_URL``, or this computer's ``rooms serve``."""
    environ = os.environ if environ is None else environ
    return (environ.get("SKYE_ROOMS_URL") or "").strip() or f"http://127.0.0.1:{DEFAULT_PORT}"


def default_token_file(environ: Any = None) -> str:
    """Where seats' tokens are kept: ``SKYE_ROOMS_TOKENS``, or ``~/.skye-widgets/room-seats.json``."""
    environ = os.environ if environ is None else environ
    return environ.get("SKYE_ROOMS_TOKENS") or os.path.join(os.path.expanduser("~"), ".skye-widgets",
                                                            "room-seats.json")


def hub_user(environ: Any = None) -> str | None:
    """The JupyterHub login the kernel runs for (``JUPYTERHUB_USER``), or None off a hub."""
    environ = os.environ if environ is None else environ
    return (environ.get("JUPYTERHUB_USER") or "").strip() or None


class TokenFile:
    """Seats' tokens in one small JSON file: ``{"seats": [{"url", "code", "name", "seat", "token",
    "time"}, ...]}``. A damaged or missing file is an empty one (a student then joins anew)."""

    def __init__(self, path: str | None = None) -> None:
        self.path = path or default_token_file()

    def _entries(self) -> list[dict[str, Any]]:
        try:
            data = read_json(self.path)
        except (OSError, ValueError):
            return []
        seats = data.get("seats") if isinstance(data, dict) else None
        if not isinstance(seats, list):
            return []
        now = time.time()
        return [e for e in seats if isinstance(e, dict) and isinstance(e.get("token"), str)
                and isinstance(e.get("code"), str) and isinstance(e.get("time"), (int, float))
                and now - e["time"] < TOKEN_AGE]

    @staticmethod
    def _same(e: dict[str, Any], url: str, code: str, name: str) -> bool:
        return e.get("url") == url and e.get("code") == code and e.get("name") == name

    def get(self, url: str, code: str, name: str) -> dict[str, Any] | None:
        """The kept seat of ``name`` in room ``code`` of the service ``url``, or None."""
        return next((e for e in self._entries() if self._same(e, url, code, name)), None)

    def last(self) -> dict[str, Any] | None:
        """The seat joined most recently, or None."""
        entries = self._entries()
        return max(entries, key=lambda e: e["time"]) if entries else None

    def put(self, url: str, code: str, name: str, seat: int, token: str) -> None:
        entries = [e for e in self._entries() if not self._same(e, url, code, name)]
        entries.append({"url": url, "code": code, "name": name, "seat": seat, "token": token, "time": time.time()})
        entries = sorted(entries, key=lambda e: e["time"])[-MAX_TOKENS:]
        os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
        write_json(self.path, {"seats": entries})

    def forget(self, url: str, code: str, name: str) -> None:
        entries = self._entries()
        kept = [e for e in entries if not self._same(e, url, code, name)]
        if len(kept) != len(entries):
            write_json(self.path, {"seats": kept})


class JoinError(RoomError):
    """The room could not be joined (a wrong code, a full room, the service unreachable)."""


def _http_url(url: str) -> str:
    url = url.strip().rstrip("/")
    if "://" not in url:
        url = "http://" + url
    return url


class SeatClient:
    """One seat of one room, on the running asyncio loop.

    ``on_event(kind, data)`` is called with ``("state", str)`` (``"joining"``, ``"connecting"``,
    ``"connected"``, ``"retrying"``, ``"lost"``, ``"closed"``), ``("hello", dict)``, ``("view", dict)``
    and ``("error", str)`` (an error the service sent outside any reply, or a lost seat)."""

    def __init__(self, url: str, code: str, name: str, *, token_file: TokenFile | None = None,
                 hub_token: str | None = None, on_event: Callable[[str, Any], None] | None = None) -> None:
        self.url = _http_url(url)
        self.code = normalise_code(code)        # NoSuchRoomError (a RoomError) if it cannot be a code
        self.name = check_name(name)            # RoomError: empty, too long, control characters
        self.tokens = token_file or TokenFile()
        self.hub_token = hub_token if hub_token is not None else os.environ.get("JUPYTERHUB_API_TOKEN") or None
        self.on_event = on_event or (lambda kind, data: None)
        self.seat: int | None = None
        self.token: str | None = None
        self.view: dict[str, Any] | None = None
        self.state = "new"
        self.ids = 0
        self.pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.conn: Any = None
        self.task: asyncio.Task[None] | None = None
        self.retries = 0
        self.closing = False
        self.changed = asyncio.Condition()
        self.messages = 0

    # -- the pieces ------------------------------------------------------------
    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self.hub_token:
            headers["Authorization"] = f"token {self.hub_token}"
        return headers

    def _set_state(self, state: str) -> None:
        self.state = state
        self.on_event("state", state)

    async def _notify(self) -> None:
        async with self.changed:
            self.messages += 1
            self.changed.notify_all()

    async def wait_until(self, predicate: Callable[[], bool], timeout: float = TIMEOUT) -> None:
        """Wait until ``predicate()`` holds after a message (for tests and scripts; TimeoutError)."""
        async def waiting() -> None:
            async with self.changed:
                await self.changed.wait_for(predicate)
        await asyncio.wait_for(waiting(), timeout)

    async def _post_join(self) -> tuple[int, str]:
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        request = HTTPRequest(f"{self.url}/api/rooms/{self.code}/join", method="POST",
                              body=json.dumps({"name": self.name}), headers=self._headers(),
                              request_timeout=TIMEOUT, connect_timeout=TIMEOUT)
        try:
            r = await AsyncHTTPClient().fetch(request, raise_error=False)
        except (OSError, asyncio.TimeoutError) as e:
            raise JoinError(_("Cannot reach the room service at {url}: {reason}").format(url=self.url, reason=e)) \
                from None
        if r.code == 599:
            reason = r.error or "?"
            raise JoinError(_("Cannot reach the room service at {url}: {reason}").format(url=self.url, reason=reason))
        try:
            data = json.loads(r.body or b"{}")
        except ValueError:
            data = {}
        if r.code == 404:
            # Translators: {code} is the room's code as the student typed it (read from the projector)
            raise JoinError(_("There is no room {code}: check the code on the projector.").format(
                code=self.code[:4] + "-" + self.code[4:]))
        if r.code != 200 or not isinstance(data, dict) or "token" not in data:
            error = data.get("error") if isinstance(data, dict) else None
            raise JoinError(str(error) if error else _("The room service refused to join (HTTP {status}).").format(
                status=r.code))
        return int(data["seat"]), str(data["token"])

    # -- joining and the connection --------------------------------------------
    async def join(self) -> None:
        """Join (or rejoin with the kept token), connect, say hello; then keep the connection in the
        background. Raises :class:`JoinError` (or :class:`RoomError`) with one line to show."""
        self._set_state("joining")
        try:
            await self._join()
        except ConnectionError as e:
            self._set_state("lost")
            raise JoinError(_("Cannot reach the room service at {url}: {reason}").format(url=self.url, reason=e)) \
                from None
        except RulesError:
            self._set_state("closed")
            raise
        self.task = asyncio.ensure_future(self._read_loop())

    async def _join(self) -> None:
        kept = self.tokens.get(self.url, self.code, self.name)
        if kept is not None:
            self.seat, self.token = kept.get("seat"), kept["token"]
            try:
                await self._connect()
            except JoinError:
                self.tokens.forget(self.url, self.code, self.name)     # the seat is gone: join anew
                kept = None
        if kept is None:
            self.seat, self.token = await self._post_join()
            self.tokens.put(self.url, self.code, self.name, self.seat, self.token)
            await self._connect()

    async def _connect(self) -> None:
        """Open the websocket and say hello with the token; the hello's answer and first view are read here."""
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        self._set_state("connecting")
        ws_url = "ws" + self.url[4:] + f"/ws/{self.code}"
        request = HTTPRequest(ws_url, headers=self._headers(), request_timeout=TIMEOUT, connect_timeout=TIMEOUT)
        try:
            conn = await asyncio.wait_for(websocket_connect(request), TIMEOUT)
        except (OSError, asyncio.TimeoutError, Exception) as e:   # tornado's HTTPClientError too
            raise ConnectionError(str(e)) from None
        await conn.write_message(json.dumps({"hello": {"token": self.token}}))
        first = await asyncio.wait_for(conn.read_message(), TIMEOUT)
        if first is None:
            raise ConnectionError("closed")
        msg = json.loads(first)
        if msg.get("type") != "hello":
            conn.close()
            if conn.close_code == 4404 or msg.get("type") == "error":
                raise JoinError(str(msg.get("error") or _("This token holds no seat of this room.")))
            raise ConnectionError("no hello")
        self.conn = conn
        self.seat = msg.get("seat", self.seat)
        self.retries = 0
        self._set_state("connected")
        self.on_event("hello", msg)
        await self._notify()

    async def _read_loop(self) -> None:
        while not self.closing:
            conn = self.conn
            raw = await conn.read_message() if conn is not None else None
            if raw is None:
                if self.closing:
                    return
                self.conn = None
                for fut in self.pending.values():
                    if not fut.done():
                        fut.set_result({"type": "error", "error": _("The connection was lost; try again.")})
                self.pending.clear()
                if not await self._reconnect():
                    return
                continue
            try:
                msg = json.loads(raw)
            except ValueError:
                continue
            self._receive(msg)
            await self._notify()

    async def _reconnect(self) -> bool:
        while not self.closing and self.retries < MAX_RETRIES:
            delay = BACKOFF[min(self.retries, len(BACKOFF) - 1)]
            self.retries += 1
            self._set_state("retrying")
            await asyncio.sleep(delay)
            try:
                await self._connect()
                return True
            except JoinError as e:                  # the seat or the room is gone: nothing to retry
                self.tokens.forget(self.url, self.code, self.name)
                self._set_state("closed")
                self.on_event("error", str(e))
                return False
            except ConnectionError:
                continue
        if not self.closing:
            self._set_state("lost")
        return False

    def _receive(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind in ("seat", "public"):
            self.view = msg
            self.on_event("view", msg)
        elif kind in ("reply", "error") and type(msg.get("id")) is int and msg["id"] in self.pending:
            fut = self.pending.pop(msg["id"])
            if not fut.done():
                fut.set_result(msg)
        elif kind == "error":
            self.on_event("error", str(msg.get("error", "")))
        elif kind == "hello":
            self.on_event("hello", msg)

    # -- acting ----------------------------------------------------------------
    def act(self, action: Any) -> "asyncio.Future[dict[str, Any]]":
        """Send one action (its JSON form; Hashi: or ``"undo"``): a future of the service's reply
        (``{"type": "reply", ...}`` or ``{"type": "error", "error": ...}``)."""
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_event_loop().create_future()
        if self.conn is None:
            fut.set_result({"type": "error", "error": _("Not connected to the room: wait, or press Join again.")})
            return fut
        self.ids += 1
        self.pending[self.ids] = fut
        message = json.dumps({"id": self.ids, "act": action})
        try:
            self.conn.write_message(message)
        except Exception:          # tornado's WebSocketClosedError: the read loop reconnects
            self.pending.pop(self.ids, None)
            fut.set_result({"type": "error", "error": _("The connection was lost; try again.")})
        return fut

    async def close(self) -> None:
        """Close the connection (the seat and its token stay)."""
        self.closing = True
        if self.conn is not None:
            self.conn.close()
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except (asyncio.CancelledError, Exception):
                pass
        self._set_state("closed")


__all__ = ["BACKOFF", "DEFAULT_PORT", "JoinError", "MAX_RETRIES", "SeatClient", "TokenFile",
           "default_token_file", "default_url", "hub_user"]

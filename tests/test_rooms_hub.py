"""The room service as a JupyterHub service, headless (issue 31, skye_widgets/rooms/hubauth.py).

The hub is played by a fake: :meth:`HubOAuth.user_for_token` answers from :data:`PEOPLE` (a token
per person), as the hub's ``/hub/api/user`` would; everything else is the real service over real
HTTP and websockets on loopback, under the service's prefix. Who asks is who the hub says: only
hub users with the service's access scope get in, a student's name is their login and joining again
gives the same seat, only the teachers group opens and leads rooms; others get 403 in one line.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any, Awaitable, Callable

import pytest

pytest.importorskip("tornado")
pytest.importorskip("jupyterhub")

from jupyterhub.services.auth import HubOAuth  # noqa: E402
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest  # noqa: E402
from tornado.httpserver import HTTPServer  # noqa: E402
from tornado.testing import bind_unused_port  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

from skye_widgets.rooms.hubauth import HubMode  # noqa: E402
from skye_widgets.rooms.service import make_app  # noqa: E402
from skye_widgets.rooms.store import MAX_EVENT_BYTES, Store  # noqa: E402

TIMEOUT = 20.0
PREFIX = "/services/skye-rooms/"
ACCESS = "access:services!service=skye-rooms"


def person(name: str, *groups: str, scopes: tuple[str, ...] = (ACCESS,)) -> dict[str, Any]:
    return {"kind": "user", "name": name, "groups": list(groups), "scopes": list(scopes), "admin": False}


#: The hub's answer for each token.
PEOPLE = {"tok-tess": person("tess", "teachers"), "tok-ann": person("ann", "class-4b"),
          "tok-bob": person("bob"), "tok-carl": person("carl"),
          "tok-eve": person("eve", scopes=("self",))}          # a hub user without the service's scope


def fake_hub_auth() -> HubOAuth:
    auth = HubOAuth(api_token="service-token", api_url="http://127.0.0.1:9/hub/api", base_url=PREFIX,
                    oauth_client_id="service-skye-rooms", access_scopes={ACCESS}, cache_max_age=0)

    def user_for_token(token: str, use_cache: bool = True, session_id: str = "", *, sync: bool = True) -> Any:
        model = PEOPLE.get(token)
        model = None if model is None else json.loads(json.dumps(model))

        async def answer() -> Any:
            return model
        return model if sync else answer()

    auth.user_for_token = user_for_token  # type: ignore[method-assign]
    return auth


class HubService:
    """The service in hub mode on a free loopback port, over the database ``db``."""

    def __init__(self, db: str) -> None:
        self.store = Store(db)
        sock, self.port = bind_unused_port()
        mode = HubMode(self.store.secret("seats"), "teachers", hub_auth=fake_hub_auth())
        self.server = HTTPServer(make_app(self.store, mode=mode), max_body_size=MAX_EVENT_BYTES)
        self.server.add_sockets([sock])

    async def stop(self) -> None:
        self.server.stop()
        await self.server.close_all_connections()
        self.store.close()

    async def call(self, method: str, path: str, token: str | None, body: Any = None) -> tuple[int, dict[str, Any]]:
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"token {token}"
        r = await AsyncHTTPClient().fetch(
            f"http://127.0.0.1:{self.port}{PREFIX}{path}", method=method, headers=headers, raise_error=False,
            body=None if method == "GET" else json.dumps(body or {}).encode(), request_timeout=TIMEOUT,
            follow_redirects=False)
        return r.code, json.loads(r.body) if r.body else {}

    async def socket(self, code: str, token: str | None) -> Any:
        headers = {} if token is None else {"Authorization": f"token {token}"}
        return await asyncio.wait_for(websocket_connect(HTTPRequest(
            f"ws://127.0.0.1:{self.port}{PREFIX}ws/{code}", headers=headers)), TIMEOUT)


async def recv(conn: Any) -> dict[str, Any]:
    raw = await asyncio.wait_for(conn.read_message(), TIMEOUT)
    assert raw is not None, "the service closed the websocket"
    return json.loads(raw)


async def hello(conn: Any, data: dict[str, Any]) -> dict[str, Any]:
    await conn.write_message(json.dumps({"hello": data}))
    first = await recv(conn)
    if first["type"] == "hello":
        await recv(conn)                 # the view
    return first


def run(tmp_path: Path, body: Callable[[HubService], Awaitable[None]]) -> None:
    async def main() -> None:
        service = HubService(str(tmp_path / "rooms.db"))
        try:
            await asyncio.wait_for(body(service), 120)
        finally:
            await service.stop()
    asyncio.run(main())


def test_only_hub_users_with_the_service_scope_get_in(tmp_path: Path) -> None:
    async def body(s: HubService) -> None:
        status, made = await s.call("POST", "api/rooms", "tok-tess", {"game": "hashi", "seed": 3})
        assert status == 200 and made["teacher_token"], made
        code = made["code"]
        for token in (None, "tok-unknown", "tok-eve"):
            for method, path in (("POST", "api/rooms"), ("POST", f"api/rooms/{code}/join"),
                                 ("GET", f"api/rooms/{code}")):
                status, answer = await s.call(method, path, token, {"game": "hashi", "name": "Eve"})
                assert status == 403, (token, path, answer)
                assert list(answer) == ["error"] and "\n" not in answer["error"]
                assert answer["error"].startswith("Only the hub's users may use the rooms"), answer
            with pytest.raises(HTTPClientError) as refused:
                await s.socket(code, token)
            assert refused.value.code == 403
        assert s.store.seats(code) == ()                              # nobody joined
        # the service's front page sends a browser without the hub's cookie to the hub's login
        status, _answer = await s.call("GET", "", None)
        assert status == 302
        status, me = await s.call("GET", "", "tok-tess")
        assert status == 200 and me["name"] == "tess" and me["teacher"] is True and me["xsrf"]
    run(tmp_path, body)


def test_a_student_is_their_login_and_keeps_one_seat(tmp_path: Path) -> None:
    async def body(s: HubService) -> None:
        status, answer = await s.call("POST", "api/rooms", "tok-ann", {"game": "hashi"})
        assert status == 403 and answer == {"error": "Only teachers (the hub group teachers) may open a room."}
        _status, made = await s.call("POST", "api/rooms", "tok-tess", {"game": "hashi", "seed": 3})
        code = made["code"]
        status, ann = await s.call("POST", f"api/rooms/{code}/join", "tok-ann", {"name": "Queen of Skye"})
        assert status == 200 and ann["seat"] == 0, ann
        status, again = await s.call("POST", f"api/rooms/{code}/join", "tok-ann", {})
        assert status == 200 and again == ann                        # the same seat, the same token
        _status, bob = await s.call("POST", f"api/rooms/{code}/join", "tok-bob", {})
        assert bob["seat"] == 1 and bob["token"] != ann["token"]
        _status, view = await s.call("GET", f"api/rooms/{code}", "tok-carl")
        assert [p["name"] for p in view["seats"]] == ["ann", "bob"], view

        # websockets: each says hello with no token; the hub says who they are
        teacher, student, other = [await s.socket(code, t) for t in ("tok-tess", "tok-ann", "tok-carl")]
        assert (await hello(teacher, {}))["role"] == "teacher"
        first = await hello(student, {})
        assert (first["role"], first["seat"]) == ("seat", 0)
        refused = await hello(other, {})
        assert refused == {"type": "error", "id": None, "error": "Join this room first."}
        # a seat's token still works (the standalone protocol), a teacher's token only for a teacher
        assert (await hello(other, {"token": bob["token"]}))["seat"] == 1
        intruder = await s.socket(code, "tok-carl")
        refused = await hello(intruder, {"token": made["teacher_token"]})
        assert refused["error"] == "Only teachers (the hub group teachers) may lead a room.", refused
        await student.write_message(json.dumps({"id": 1, "cmd": "flip", "at": 0}))
        while (m := await recv(student))["type"] not in ("reply", "error"):
            pass
        assert m["type"] == "error" and m["id"] == 1                 # a student sends no teacher command
        await teacher.write_message(json.dumps({"id": 2, "cmd": "flip", "at": 0}))
        while (m := await recv(teacher))["type"] not in ("reply", "error"):
            pass
        assert m == {"type": "reply", "id": 2, "ok": True, "n": m["n"]}, m
        for conn in (teacher, student, other, intruder):
            conn.close()
    run(tmp_path, body)


def test_a_table_gives_a_student_their_seat_back_after_the_start_and_a_restart(tmp_path: Path) -> None:
    async def body(s: HubService) -> None:
        _status, made = await s.call("POST", "api/rooms", "tok-tess",
                                     {"game": "skye", "seed": 5, "seats": ["human", "human", "greedy"]})
        code = made["code"]
        _status, ann = await s.call("POST", f"api/rooms/{code}/join", "tok-ann", {})
        _status, bob = await s.call("POST", f"api/rooms/{code}/join", "tok-bob", {})
        teacher = await s.socket(code, "tok-tess")
        await hello(teacher, {})
        await teacher.write_message(json.dumps({"id": 1, "cmd": "start"}))
        while (m := await recv(teacher))["type"] not in ("reply", "error"):
            pass
        assert m["type"] == "reply", m
        teacher.close()
        status, answer = await s.call("POST", f"api/rooms/{code}/join", "tok-carl", {})
        assert status == 400 and answer == {"error": "This game has started: every seat is taken."}
        status, again = await s.call("POST", f"api/rooms/{code}/join", "tok-bob", {})
        assert status == 200 and again == bob
        await s.stop()                                               # the service restarts
        s.__init__(str(tmp_path / "rooms.db"))                        # type: ignore[misc]
        status, again = await s.call("POST", f"api/rooms/{code}/join", "tok-ann", {})
        assert status == 200 and again == ann
    run(tmp_path, body)


def test_wrong_codes_are_counted_per_hub_user(tmp_path: Path) -> None:
    """Every notebook of a hub may reach the service from one address (127.0.0.1): one student
    trying codes is slowed down, the class beside them is not."""
    async def body(s: HubService) -> None:
        _status, made = await s.call("POST", "api/rooms", "tok-tess", {"game": "hashi"})
        statuses = [(await s.call("POST", "api/rooms/ABCD2345/join", "tok-carl", {}))[0] for _i in range(11)]
        assert statuses == [404] * 10 + [429], statuses
        status, ann = await s.call("POST", f"api/rooms/{made['code']}/join", "tok-ann", {})
        assert status == 200 and ann["seat"] == 0, ann
    run(tmp_path, body)


class HubServiceThread:
    """The service in hub mode on a thread of its own (the teacher's panel blocks while it waits)."""

    def __init__(self, db: str) -> None:
        import threading

        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(db,), daemon=True)
        self.thread.start()
        assert self.ready.wait(TIMEOUT)
        self.url = f"http://127.0.0.1:{self.port}{PREFIX}"       # as SKYE_ROOMS_URL on a hub, with its slash

    def _run(self, db: str) -> None:
        asyncio.set_event_loop(self.loop)

        async def start() -> None:
            self.service = HubService(db)
            self.port = self.service.port
            self.ready.set()
        self.loop.run_until_complete(start())
        self.loop.run_forever()

    def public_view(self, code: str) -> dict[str, Any]:
        return asyncio.run_coroutine_threadsafe(self.service.call("GET", f"api/rooms/{code}", "tok-carl"),
                                                self.loop).result(TIMEOUT)[1]

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.service.stop(), self.loop).result(TIMEOUT)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(TIMEOUT)


def test_the_teachers_panel_and_the_students_join_room_on_a_hub(tmp_path: Path, monkeypatch) -> None:
    """On a hub nothing is typed but the code: the panel opens and leads a room with the kernel's hub
    token (no key asked), a student's JoinRoom joins under their login; a student's panel may not
    open a room."""
    from skye_widgets import i18n
    from skye_widgets.widgets.rooms import JoinRoom
    from skye_widgets.widgets.rooms_projector import ClassRoomPanel

    hub = HubServiceThread(str(tmp_path / "rooms.db"))
    panel = None
    try:
        with i18n.speaking("en"):
            monkeypatch.delenv("SKYE_ROOMS_KEY", raising=False)
            monkeypatch.setenv("SKYE_ROOMS_URL", hub.url)
            monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "tok-ann")
            student_panel = ClassRoomPanel("hashi")
            assert student_panel.key_box.layout.display == "none"          # no key to type on a hub
            assert student_panel.open_room() is False
            assert "Only teachers (the hub group teachers) may open a room." in student_panel.message.value

            monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "tok-tess")
            panel = ClassRoomPanel("hashi", seed=3)
            assert panel.key_box.layout.display == "none"
            assert panel.open_room() is True, panel.message.value
            code = panel.code
            assert code and panel.view["students"] == 0

            async def students() -> list[JoinRoom]:
                rooms = []
                for login in ("ann", "bob"):
                    monkeypatch.setenv("JUPYTERHUB_USER", login)
                    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", f"tok-{login}")
                    w = JoinRoom(token_file=str(tmp_path / f"{login}.json"))
                    assert w.name_field.value == login and w.name_field.disabled    # the login: nothing to type
                    w.code_field.value = code[:4].lower() + "-" + code[4:]          # the only thing typed
                    assert w.join() is not None
                    await w.task
                    assert w.client is not None and w.client.state == "connected", w.message
                    await w.client.wait_until(lambda w=w: w.view is not None)
                    rooms.append(w)
                return rooms

            loop = asyncio.new_event_loop()
            try:
                ann, bob = loop.run_until_complete(asyncio.wait_for(students(), 60))
                assert (ann.client.seat, bob.client.seat) == (0, 1)
                assert "as ann" in ann.message and "as bob" in bob.message, (ann.message, bob.message)
                public = hub.public_view(code)
                assert panel.socket.wait_for(public["n"])
                assert [s["name"] for s in panel.view["seats"]] == ["ann", "bob"] == [s["name"] for s in public["seats"]]
                assert panel.flip() is True                                   # the teacher leads the room
                assert hub.public_view(code)["turned"] == 1
                loop.run_until_complete(ann.client.wait_until(lambda: ann.view["turned"] == 1))
                for w in (ann, bob):
                    loop.run_until_complete(w.disconnect())
            finally:
                loop.close()
    finally:
        if panel is not None:
            panel.close()
        hub.stop()

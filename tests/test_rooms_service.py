"""The room service over real HTTP and websockets on loopback (issue 31, skye_widgets/rooms/service.py).

Every wait is on a message, bounded by :data:`TIMEOUT` (a missing message fails the test; nothing
sleeps to synchronise)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any, Awaitable, Callable

import pytest

tornado = pytest.importorskip("tornado")

from tornado.httpclient import AsyncHTTPClient, HTTPResponse  # noqa: E402
from tornado.httpserver import HTTPServer  # noqa: E402
from tornado.testing import bind_unused_port  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

from skye_widgets.rooms.service import make_app  # noqa: E402
from skye_widgets.rooms.store import MAX_EVENT_BYTES, Store  # noqa: E402

TIMEOUT = 20.0
KEY = "test-key"


class Service:
    """The service on a free loopback port, over the database ``db``."""

    def __init__(self, db: str) -> None:
        self.store = Store(db)
        sock, self.port = bind_unused_port()
        self.server = HTTPServer(make_app(self.store, create_key=KEY), max_body_size=MAX_EVENT_BYTES)
        self.server.add_sockets([sock])

    async def stop(self) -> None:
        self.server.stop()
        await self.server.close_all_connections()
        self.store.close()

    async def post(self, path: str, body: Any, key: str | None = KEY) -> tuple[int, dict[str, Any]]:
        headers = {"Content-Type": "application/json"}
        if key is not None:
            headers["Authorization"] = f"Bearer {key}"
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        r: HTTPResponse = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{self.port}{path}", method="POST",
                                                        body=raw, headers=headers, raise_error=False,
                                                        request_timeout=TIMEOUT)
        return r.code, json.loads(r.body) if r.body else {}

    async def client(self, code: str, hello: dict[str, Any] | None) -> "Client":
        conn = await asyncio.wait_for(websocket_connect(f"ws://127.0.0.1:{self.port}/ws/{code}"), TIMEOUT)
        c = Client(conn)
        if hello is not None:
            await c.send({"hello": hello})
            first = await c.recv()
            assert first["type"] == "hello", first
            c.role, c.seat = first["role"], first["seat"]
            c.view = await c.recv()
        return c


class Client:
    """One websocket client; it keeps every message it received."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.received: list[dict[str, Any]] = []
        self.role: str | None = None
        self.seat: int | None = None
        self.view: dict[str, Any] = {}
        self.ids = 0

    async def send(self, data: Any) -> None:
        await self.conn.write_message(data if isinstance(data, str) else json.dumps(data))

    async def recv(self) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.conn.read_message(), TIMEOUT)
        assert raw is not None, "the connection closed"
        msg = json.loads(raw)
        self.received.append(msg)
        if msg.get("type") in ("seat", "public"):
            self.view = msg
        return msg

    async def until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        for _i in range(500):
            msg = await self.recv()
            if wanted(msg):
                return msg
        raise AssertionError("500 messages without the one awaited")

    async def request(self, data: dict[str, Any]) -> dict[str, Any]:
        """Send ``data`` with a fresh id and wait for its reply or error."""
        self.ids += 1
        ident = self.ids
        await self.send({**data, "id": ident})
        return await self.until(lambda m: m.get("type") in ("reply", "error") and m.get("id") == ident)


def run(tmp_path: Path, body: Callable[[Service], Awaitable[None]]) -> None:
    async def main() -> None:
        service = Service(str(tmp_path / "rooms.db"))
        try:
            await asyncio.wait_for(body(service), 120)
        finally:
            await service.stop()
    asyncio.run(main())


def test_a_table_plays_over_websockets_and_keeps_prices_secret(tmp_path: Path) -> None:
    async def body(s: Service) -> None:
        status, made = await s.post("/api/rooms", {"game": "skye", "seed": 4, "seats": ["human", "human", "greedy"]})
        assert status == 200, made
        code, teacher_token = made["code"], made["teacher_token"]
        seats = {}
        for name in ("Ann", "Bob"):
            status, joined = await s.post(f"/api/rooms/{code}/join", {"name": name}, key=None)
            assert status == 200, joined
            seats[name] = joined
        ann = await s.client(code, {"token": seats["Ann"]["token"]})
        bob = await s.client(code, {"token": seats["Bob"]["token"]})
        wall = await s.client(code, {"projector": True})
        teacher = await s.client(code, {"token": teacher_token})
        assert (ann.role, ann.seat, bob.seat, wall.role, teacher.role) == ("seat", 0, 1, "projector", "teacher")
        assert (await teacher.request({"cmd": "start"}))["ok"]
        view = (await ann.until(lambda m: m.get("type") == "seat" and m["game"] is not None))["game"]
        me = view["players"][0]
        prices = {"type": "prices", "player": 0, "discard": me["display"][0],
                  "prices": {me["display"][1]: 1, me["display"][2]: 2}}
        refused = await ann.request({"act": {**prices, "player": 1}})          # Ann pricing for Bob
        assert refused["type"] == "error" and "own seat" in refused["error"]
        assert (await ann.request({"act": prices}))["ok"]
        seen_by_bob = await bob.until(lambda m: m.get("type") == "seat" and m["game"]["players"][0]["decided"])
        seen_by_wall = await wall.until(lambda m: m.get("type") == "public" and m["game"]["players"][0]["decided"])
        mine = await ann.until(lambda m: m.get("type") == "seat" and m["game"]["players"][0]["decided"])
        assert mine["game"]["players"][0]["prices"] == prices["prices"]
        for msg in bob.received + wall.received:
            if msg.get("type") in ("seat", "public") and msg["game"] and msg["game"]["phase"] == "prices":
                assert "prices" not in msg["game"]["players"][0] and msg["game"]["players"][0]["gold"] is None
        assert seen_by_bob["game"]["phase"] == seen_by_wall["game"]["phase"] == "prices"
        again = await bob.request({"act": {"type": "pass", "player": 1}})       # wrong phase: refused, nothing sent
        assert again["type"] == "error" and again["error"]
    run(tmp_path, body)


def test_bad_requests_are_refused_in_one_line(tmp_path: Path) -> None:
    async def body(s: Service) -> None:
        assert (await s.post("/api/rooms", {"game": "hashi"}, key=None))[0] == 403
        assert (await s.post("/api/rooms", {"game": "hashi"}, key="wrong"))[0] == 403
        assert (await s.post("/api/rooms", {"game": "chess"}))[0] == 400
        assert (await s.post("/api/rooms", b"{not json"))[0] == 400
        status, made = await s.post("/api/rooms", {"game": "hashi", "seed": 1})
        code = made["code"]
        assert (await s.post("/api/rooms/ZZZZZZZZ/join", {"name": "Ann"}))[0] == 404
        assert (await s.post(f"/api/rooms/{code}/join", {"name": "x" * 41}))[0] == 400
        # a body beyond the bound is refused before it is read (tornado answers 400 and closes)
        assert (await s.post(f"/api/rooms/{code}/join", b"[" * (MAX_EVENT_BYTES + 10)))[0] in (400, 413)
        status, joined = await s.post(f"/api/rooms/{code}/join", {"name": "Ann"})
        assert joined["seat"] == 0                                              # nothing refused took a seat
        c = await s.client(code, None)
        await c.send("not json")
        assert (await c.recv())["type"] == "error"
        await c.send({"act": ["end"]})                                         # before hello
        assert "hello" in (await c.recv())["error"]
        await c.send({"hello": {"token": "a guess"}})
        assert (await c.recv())["type"] == "error"
        await c.send({"hello": {"token": joined["token"]}})
        assert (await c.recv())["role"] == "seat"
        await c.recv()
        for bad in (["fly"], ["setup", 0, 0, 9], 7):
            reply = await c.request({"act": bad})
            assert reply["type"] == "error" and "\n" not in reply["error"]
        assert (await c.request({"cmd": "flip", "at": 0}))["type"] == "error"   # a seat is no teacher
        await c.send(json.dumps({"act": ["x" * (MAX_EVENT_BYTES + 1)]}))       # too big: the socket is closed
        assert await asyncio.wait_for(c.conn.read_message(), TIMEOUT) is None
    run(tmp_path, body)


def test_two_teachers_flip_once_and_a_student_reconnects(tmp_path: Path) -> None:
    async def body(s: Service) -> None:
        _status, made = await s.post("/api/rooms", {"game": "hashi", "seed": 3, "seats": ["greedy"]})
        code, teacher_token = made["code"], made["teacher_token"]
        _status, joined = await s.post(f"/api/rooms/{code}/join", {"name": "Ann"})
        ann = await s.client(code, {"token": joined["token"]})
        first = await s.client(code, {"token": teacher_token})
        second = await s.client(code, {"token": teacher_token})
        replies = await asyncio.gather(first.request({"cmd": "flip", "at": 0}), second.request({"cmd": "flip", "at": 0}))
        assert sorted(r["type"] for r in replies) == ["error", "reply"]
        await ann.until(lambda m: m.get("type") == "seat" and m["turned"] == 1)
        setup = ann.view["sheet"]["legal"][0]
        assert (await ann.request({"act": setup}))["ok"]
        before = await ann.until(lambda m: m.get("type") == "seat" and m["sheet"]["numbers"])
        ann.conn.close()
        for _i in range(100):                                                   # until the close is done
            if await asyncio.wait_for(ann.conn.read_message(), TIMEOUT) is None:
                break
        back = await s.client(code, {"token": joined["token"]})                 # a reload: the same seat, its state
        assert back.seat == ann.seat and back.view["sheet"] == before["sheet"] and back.view["turned"] == 1
    run(tmp_path, body)


def test_a_restarted_service_gives_every_seat_back(tmp_path: Path) -> None:
    db = str(tmp_path / "rooms.db")
    state: dict[str, Any] = {}

    async def first(s: Service) -> None:
        _status, made = await s.post("/api/rooms", {"game": "hashi", "seed": 8})
        _status, joined = await s.post(f"/api/rooms/{made['code']}/join", {"name": "Ann"})
        ann = await s.client(made["code"], {"token": joined["token"]})
        assert (await ann.request({"act": ann.view["sheet"]["legal"][-1]}))["ok"]
        view = await ann.until(lambda m: m.get("type") == "seat" and m["sheet"]["numbers"])
        state.update(code=made["code"], token=joined["token"], view=view)

    async def second(s: Service) -> None:
        ann = await s.client(state["code"], {"token": state["token"]})
        assert ann.view == state["view"]

    run(tmp_path, first)
    assert Path(db).exists()
    run(tmp_path, second)


def test_skye_widgets_rooms_serve_survives_sigkill(tmp_path: Path) -> None:
    """The standalone service (`skye-widgets rooms serve`), killed with SIGKILL mid-game and started
    again on its database: every acknowledged action is there, and the student is back in their seat."""
    import os
    import re
    import signal
    import subprocess
    import sys

    db = str(tmp_path / "rooms.db")
    command = [sys.executable, "-m", "skye_widgets", "rooms", "serve", "--db", db, "--port", "0", "--key", KEY]

    def start() -> tuple[subprocess.Popen[str], int]:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env={**os.environ, "LANGUAGE": "en"})
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+) ", line)
        assert found, line
        return proc, int(found.group(1))

    server, port = start()
    try:
        opened = subprocess.run([sys.executable, "-m", "skye_widgets", "rooms", "open", "--url",
                                 f"http://127.0.0.1:{port}", "--key", KEY, "--seed", "5"],
                                capture_output=True, text=True, timeout=60, env={**os.environ, "LANGUAGE": "en"})
        found = re.search(r"Room (\w{4})-(\w{4}); the teacher's token \(keep it secret\): (\S+)", opened.stdout)
        assert found, opened.stdout + opened.stderr
        code, teacher_token = found.group(1) + found.group(2), found.group(3)
        again = subprocess.run([sys.executable, "-m", "skye_widgets", "rooms", "open", "--url",
                                f"http://127.0.0.1:{port}", "--key", KEY, "--json"],
                               capture_output=True, text=True, timeout=60, env={**os.environ, "LANGUAGE": "en"})
        other = json.loads(again.stdout)                    # --json: one line, the same facts
        assert sorted(other) == ["code", "teacher_token", "url"] and other["url"] == f"http://127.0.0.1:{port}"
        assert len(other["code"]) == 8 and other["code"] != code and other["teacher_token"] != teacher_token
        state: dict[str, Any] = {}

        async def play() -> None:
            s = Remote(port)
            _status, joined = await s.post(f"/api/rooms/{code}/join", {"name": "Ann"})
            ann = await s.client(code, {"token": joined["token"]})
            teacher = await s.client(code, {"token": teacher_token})
            assert (await ann.request({"act": ann.view["sheet"]["legal"][0]}))["ok"]        # the setup
            assert (await teacher.request({"cmd": "flip", "at": 0}))["ok"]
            view = await ann.until(lambda m: m.get("type") == "seat" and m["turned"] == 1 and m["sheet"]["legal"])
            assert (await ann.request({"act": view["sheet"]["legal"][0]}))["ok"]           # acknowledged ...
            state.update(token=joined["token"], view=await ann.until(
                lambda m: m.get("type") == "seat" and m["n"] > view["n"]))
        asyncio.run(asyncio.wait_for(play(), 120))
        server.send_signal(signal.SIGKILL)                                             # ... then the kill
        server.wait(timeout=30)
        server, port = start()

        async def back() -> None:
            ann = await Remote(port).client(code, {"token": state["token"]})
            assert ann.view == state["view"]
        asyncio.run(asyncio.wait_for(back(), 60))
    finally:
        server.kill()
        server.wait(timeout=30)


class Remote(Service):
    """A service started elsewhere (another process), reached on ``port``."""

    def __init__(self, port: int) -> None:          # noqa: D107 - no server of its own
        self.port = port


def test_a_failed_group_commit_answers_errors_and_changes_nothing(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from contextlib import contextmanager

    async def body(s: Service) -> None:
        _status, made = await s.post("/api/rooms", {"game": "hashi", "seed": 2})
        code = made["code"]
        _status, joined = await s.post(f"/api/rooms/{code}/join", {"name": "Ann"})
        ann = await s.client(code, {"token": joined["token"]})
        before = ann.view
        real = s.store.batch

        @contextmanager
        def failing() -> Any:
            with real():
                yield
                raise OSError("disk full")                       # the commit fails: the batch rolls back
        monkeypatch.setattr(s.store, "batch", failing)
        reply = await ann.request({"act": before["sheet"]["legal"][0]})
        assert reply["type"] == "error" and "nothing was changed" in reply["error"]
        monkeypatch.setattr(s.store, "batch", real)
        again = await s.client(code, {"token": joined["token"]})  # a reload: the room as the log has it
        assert again.view == before
        assert (await again.request({"act": before["sheet"]["legal"][0]}))["ok"]
    run(tmp_path, body)


def test_each_client_reads_refusals_in_its_own_language(tmp_path: Path) -> None:
    """A refusal is written in the client's language (a request's Accept-Language or ?lang=, a
    hello's "lang"), whatever the service's own; the service's language is unchanged after."""
    from skye_widgets import i18n

    async def join(s: Service, path: str, headers: dict[str, str]) -> tuple[int, str]:
        r = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{s.port}{path}", method="POST", raise_error=False,
                                          body=json.dumps({"name": "Ann"}), headers=headers)
        return r.code, json.loads(r.body)["error"]

    async def body(s: Service) -> None:
        status, made = await s.post("/api/rooms", {"game": "hashi", "seed": 1})
        code = made["code"]
        english = await join(s, "/api/rooms/ZZZZZZZZ/join", {})
        polish = await join(s, "/api/rooms/ZZZZZZZZ/join", {"Accept-Language": "de-DE,pl;q=0.9,en;q=0.5"})
        spanish = await join(s, "/api/rooms/ZZZZZZZZ/join?lang=es", {"Accept-Language": "pl"})
        assert english[0] == polish[0] == spanish[0] == 404
        assert english[1].startswith("There is no room ZZZZZZZZ"), english
        for other in (polish[1], spanish[1]):
            assert "ZZZZZZZZ" in other and "There is no room" not in other, other
        assert polish[1] != spanish[1]
        assert i18n.language() == "en"                          # the service's own, after each reply
        status, joined = await s.post(f"/api/rooms/{code}/join", {"name": "Ann"})
        french = await s.client(code, {"token": joined["token"], "lang": "fr"})
        with i18n.speaking("fr"):
            prefix = i18n._("Not an action of this game: {fault}").split("{")[0]
        assert (await french.request({"act": ["fly"]}))["error"].startswith(prefix)
        assert prefix != "Not an action of this game: " and i18n.language() == "en"
        plain = await s.client(code, {"token": joined["token"]})  # no language asked: the service's
        assert (await plain.request({"act": ["fly"]}))["error"].startswith("Not an action of this game: ")
    run(tmp_path, body)

"""The projector's class room panel (issue 31, skye_widgets/widgets/rooms_projector.py) against the
room service running in-process on loopback (on a thread of its own); students join and play over
the service's HTTP and websocket API from the test.

Every wait is on a message or a reply, bounded (nothing sleeps to synchronise): a panel's command
returns once the room answered and the view that followed it is shown."""

from __future__ import annotations

import asyncio
import json
import random
import re
import threading
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

tornado = pytest.importorskip("tornado")

from tornado.httpserver import HTTPServer  # noqa: E402
from tornado.testing import bind_unused_port  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

from skye_widgets import i18n  # noqa: E402
from skye_widgets.hashi.game import CATEGORIES, Achievement  # noqa: E402
from skye_widgets.rooms.room import ClassRoom, Rooms  # noqa: E402
from skye_widgets.rooms.service import make_app  # noqa: E402
from skye_widgets.rooms.store import MAX_EVENT_BYTES, Store  # noqa: E402
from skye_widgets.widgets.rooms_projector import TEXT, ClassRoomPanel  # noqa: E402

TIMEOUT = 20.0
KEY = "panel-key"


class Service:
    """The room service on a free loopback port, its event loop on a thread of its own."""

    def __init__(self, db: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(db,), daemon=True)
        self.thread.start()
        assert self.ready.wait(TIMEOUT)
        self.url = f"http://127.0.0.1:{self.port}"

    def _run(self, db: str) -> None:
        asyncio.set_event_loop(self.loop)

        async def start() -> None:
            self.store = Store(db)
            self.app = make_app(self.store, create_key=KEY)
            sock, self.port = bind_unused_port()
            self.server = HTTPServer(self.app, max_body_size=MAX_EVENT_BYTES)
            self.server.add_sockets([sock])
            self.ready.set()
        self.loop.run_until_complete(start())
        self.loop.run_forever()

    def call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(TIMEOUT)

    @property
    def rooms(self) -> Rooms:
        return self.app.settings["hub"].rooms

    def room_view(self, code: str) -> dict[str, Any]:
        """The room's public view as the service computes it (on the service's thread)."""
        async def view() -> dict[str, Any]:
            return self.rooms.get(code).public_view()
        return self.call(view())

    def stop(self) -> None:
        async def stop() -> None:
            self.server.stop()
            await self.server.close_all_connections()
            self.store.close()
        self.call(stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(TIMEOUT)

    def join(self, code: str, name: str) -> dict[str, Any]:
        request = urllib.request.Request(f"{self.url}/api/rooms/{code}/join", json.dumps({"name": name}).encode(),
                                         {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return json.loads(response.read())


class Student:
    """One student's websocket (on the service's loop): sends actions, waits for their replies."""

    def __init__(self, service: Service, code: str, name: str) -> None:
        self.service = service
        joined = service.join(code, name)
        self.seat, self.token = joined["seat"], joined["token"]
        self.view: dict[str, Any] = {}
        self.ids = 0

        async def connect() -> Any:
            conn = await websocket_connect(f"ws://127.0.0.1:{service.port}/ws/{code}")
            await conn.write_message(json.dumps({"hello": {"token": self.token}}))
            hello = json.loads(await conn.read_message())
            assert hello["role"] == "seat", hello
            self.view = json.loads(await conn.read_message())
            return conn
        self.conn = service.call(connect())

    def act(self, action: Any) -> dict[str, Any]:
        self.ids += 1
        ident = self.ids

        async def send() -> dict[str, Any]:
            await self.conn.write_message(json.dumps({"id": ident, "act": action}))
            while True:
                msg = json.loads(await asyncio.wait_for(self.conn.read_message(), TIMEOUT))
                if msg.get("type") == "seat":
                    self.view = msg
                if msg.get("type") in ("reply", "error") and msg.get("id") == ident:
                    return msg
        return self.service.call(send())

    def legal(self) -> list[Any]:
        return self.service.call(self._fresh())

    async def _fresh(self) -> list[Any]:
        room = self.service.rooms.get(self.view["room"])
        assert isinstance(room, ClassRoom)
        return room.view(self.seat)["sheet"]["legal"]

    def close(self) -> None:
        self.service.loop.call_soon_threadsafe(self.conn.close)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[Service]:
    s = Service(str(tmp_path / "rooms.db"))
    try:
        yield s
    finally:
        s.stop()


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def play_card(students: list[Student], rng: random.Random, finish: bool = True) -> None:
    """Each student plays the card flipped: a few random legal moves, then ends the turn (or not)."""
    for st in students:
        for _step in range(6):
            legal = st.legal()
            if not legal:
                break
            moves = [a for a in legal if a != ["end"]]
            if ["end"] in legal and (not moves or rng.random() < 0.3):
                if finish:
                    assert st.act(["end"])["type"] == "reply"
                break
            assert st.act(rng.choice(moves))["type"] == "reply"


def test_no_service_says_how_to_start_it_in_the_readers_language() -> None:
    sock, port = bind_unused_port()
    sock.close()                                          # a free port nobody listens on
    panel = ClassRoomPanel("hashi", url=f"http://127.0.0.1:{port}", key=KEY)
    assert panel.open_room() is False
    assert "skye-widgets rooms serve" in panel.message.value and f"127.0.0.1:{port}" in panel.message.value
    assert "\n" not in text_of(panel.message.value)
    with i18n.speaking("fr"):
        panel.relabel()
        assert text_of(panel.message.value).startswith("Aucun service")
    panel.relabel()


def test_a_wrong_key_is_refused_in_one_line(service: Service) -> None:
    panel = ClassRoomPanel("hashi", url=service.url, key="wrong")
    assert panel.open_room() is False
    assert "key" in text_of(panel.message.value) and panel.socket is None


def test_the_panel_runs_a_hashi_class(service: Service) -> None:
    panel = ClassRoomPanel("hashi", url=service.url, key=KEY, seed=2)
    panel.bots_box.value = 2
    panel.bot_pick.value = "planner"
    try:
        assert panel.open_room(), panel.message.value
        code = panel.code
        assert code and code[:4] in text_of(panel.code_html.value)
        students = [Student(service, code, name) for name in ("Ann", "Bob", "Cy", "Dee", "Eve")]
        for st in students:                                 # the setup
            assert st.act(st.legal()[0])["type"] == "reply"
        rng = random.Random(5)
        assert panel.flip(), panel.message.value            # the first card
        assert panel.view["turned"] == 1
        assert panel.view == {**service.room_view(code), "n": panel.view["n"]}
        play_card(students[:3], rng)                        # 3 end their turn, 2 do not
        v = service.room_view(code)
        missing = v["students"] - v["students_done"]
        assert panel.socket is not None and panel.socket.wait_for(v["n"])
        assert panel.view["students_done"] == v["students_done"]
        live = panel.view                                   # while cards remain: by points, then finished islands
        assert live["leaderboard"] == [s["seat"] for s in sorted(
            live["seats"], key=lambda s: (-s["score"], -s["finished"], s["seat"]))]
        assert str(TEXT["finished"]) in text_of(panel.board_html.value)
        assert missing and TEXT["force"].format(count=missing) == panel.flip_button.description
        assert text_of(panel.counts_html.value).startswith(
            TEXT["counts"].format(count=5, done=v["students_done"]))
        panel.flip()                                        # forced: the two have passed
        assert panel.view["turned"] == 2                    # nobody has played the new card yet
        assert panel.flip_button.description == TEXT["force"].format(count=5)

        assert panel.pause() and panel.view["status"] == "paused"
        refused = students[0].act(["end"])
        assert refused["type"] == "error"
        assert panel.pause_button.description == str(TEXT["resume"])
        assert panel.toggle_pause() and panel.view["status"] == "open"

        panel.seat_pick.value = students[4].seat
        panel.remove_button.click()
        assert students[4].seat not in [s["seat"] for s in panel.view["seats"]], (panel.message.value, panel.seat_pick.value)
        assert panel.view["students"] == 4
        assert "Eve" in text_of(panel.message.value)

        assert panel.show_hidden(True) and "pile" in panel.view
        assert panel.hidden_button.description == str(TEXT["hide_hidden"])
        assert panel.show_hidden(False) and "pile" not in panel.view

        while not panel.view["over"]:
            play_card(students[:4], rng)
            assert panel.flip()
        final = service.room_view(code)
        assert panel.socket.wait_for(final["n"])
        assert {k: v for k, v in panel.view.items() if k != "n"} == {k: v for k, v in final.items() if k != "n"}
        board = text_of(panel.board_html.value)
        assert str(TEXT["ranking"]) in board
        for category, r in final["race"].items():
            label, full, _later = CATEGORIES[category]
            assert str(label) in board
        ranked = [s for s in sorted(final["seats"], key=lambda s: (-s["score"], s["seat"]))]
        assert final["leaderboard"] == [s["seat"] for s in ranked]
        positions = [board.index(f" {s['name']} ") for s in ranked if not s["bot"]]
        assert positions == sorted(positions)               # the ranking's order on the screen
        assert panel.view["status"] == "closed"             # the last card closed the room
        assert panel.end_button.disabled and panel.flip_button.disabled and panel.pause_button.disabled
    finally:
        panel.close()


def test_ending_a_class_early_shows_the_ranking(service: Service) -> None:
    panel = ClassRoomPanel("hashi", url=service.url, key=KEY, seed=3)
    try:
        assert panel.open_room()
        students = [Student(service, panel.code, name) for name in ("Ann", "Bob")]
        for st in students:
            st.act(st.legal()[0])
        assert panel.flip()
        assert panel.end() and panel.view["status"] == "closed"
        board = text_of(panel.board_html.value)
        assert str(TEXT["ranking"]) in board and "Ann" in board and "Bob" in board
        assert str(TEXT["who_done"]) not in board
        assert panel.flip_button.disabled and panel.end_button.disabled
        assert students[0].act(["end"])["type"] == "error"
    finally:
        panel.close()


def test_the_race_and_the_leaderboard_are_the_rooms_class_scoring(tmp_path: Path) -> None:
    """Three sheets reach a category after different cards: the first scores the full points, the
    others the later points; the panel shows the room's numbers."""
    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    room, _token = rooms.create("hashi", seed=1, seats=["random", "random", "random"])
    assert isinstance(room, ClassRoom)
    for seat, card in ((0, 5), (1, 5), (2, 9)):
        room.sheets[seat].achievements = [Achievement("blue", 0, card, 3 if card > 7 else 7, (), card <= 7),
                                          Achievement("red", 0, card + 4, 5 if card + 4 > 12 else 9, (), True)]
    v = room.public_view()
    assert v["race"]["blue"] == {"after_card": 5, "seats": [0, 1], "points": 7, "later": 3}
    assert v["race"]["red"] == {"after_card": 9, "seats": [0, 1], "points": 9, "later": 5}
    base = {s: room.sheets[s].score(0).points - sum(a.points for a in room.sheets[s].achievements) for s in range(3)}
    scores = {s["seat"]: s["score"] for s in v["seats"]}
    assert scores == {0: base[0] + 16, 1: base[1] + 16, 2: base[2] + 3 + 5}
    panel = ClassRoomPanel("hashi", url="http://127.0.0.1:9", key=KEY)
    panel.code, panel.view = room.code, v
    panel.relabel()
    board = text_of(panel.board_html.value)
    assert TEXT["race_won"].format(label=str(CATEGORIES["blue"][0]), names="Bot 1 (bot random), Bot 2 (bot random)",
                                   card=5, points=7, later=3) in board
    assert TEXT["race_open"].format(label=str(CATEGORIES["six"][0]), points=8) in board
    # a removed sheet leaves the race: the first card is then the next sheet's
    room.removed.add(0)
    room.removed.add(1)
    v = room.public_view()
    assert v["race"]["blue"]["after_card"] == 9 and v["seats"][0]["score"] == base[2] + 7 + 9


@pytest.mark.parametrize("game,hidden", [("skylands", "stack"), ("skye", "gold")])
def test_a_table_room_from_the_panel(service: Service, game: str, hidden: str) -> None:
    panel = ClassRoomPanel(game, url=service.url, key=KEY, seed=3)
    panel.seats_box.value = 3
    panel.bots_box.value = 1
    panel.bot_pick.value = "greedy"
    try:
        assert panel.room_seats() == ["human", "human", "greedy"]
        assert panel.open_room(), panel.message.value
        assert panel.flip_button.layout.display == "none" and panel.start_button.layout.display == ""
        assert panel.view["status"] == "lobby"
        assert not panel.start() and str(TEXT["refused"]).split("{")[0] in text_of(panel.message.value)
        for name in ("Ann", "Bob"):
            service.join(panel.code, name)
        assert panel.socket is not None and panel.socket.wait_for(0)
        assert panel.start(), panel.message.value
        assert panel.view["status"] == "open" and panel.view["game"] is not None
        assert panel.show_hidden(True)
        board = text_of(panel.board_html.value)
        assert "Ann" in board and "Bob" in board
        if hidden == "stack":
            assert "stack" in panel.view["game"] and TEXT["stack"].format(islands="").split(":")[0] in board
        else:
            assert panel.view["game"]["players"][0]["gold"] is not None and str(TEXT["gold"]) in board
        assert panel.show_hidden(False) and str(TEXT["gold"]) not in text_of(panel.board_html.value)
        assert panel.end() and panel.view["status"] == "closed"
        assert panel.end_button.disabled and panel.pause_button.disabled
    finally:
        panel.close()


def panel_texts(panel: ClassRoomPanel) -> list[str]:
    """Every text the panel shows: its HTML parts, labels, buttons and choices."""
    out = []
    out.append(text_of(re.sub(r"<code>.*?</code>", " ", panel.message.value)))     # a command is typed as it is
    for w in (panel.title, panel.code_html, panel.counts_html, panel.card_html, panel.board_html):
        out.append(text_of(w.value))
    for w in (panel.game_pick, panel.seed_box, panel.seats_box, panel.bots_box, panel.bot_pick, panel.key_box,
              panel.seat_pick, panel.open_button, panel.start_button, panel.flip_button, panel.pause_button,
              panel.remove_button, panel.hidden_button, panel.end_button):
        out.append(w.description)
    out += [label for label, _value in panel.game_pick.options + panel.bot_pick.options]
    return out


@pytest.mark.parametrize("lang", ["pt", "pl", "fr", "es"])
def test_the_panels_texts_are_translated(service: Service, lang: str) -> None:
    """No English word in any text the panel shows in ``lang`` (the vocabulary of
    tests/test_no_english_leaks.py), from the setup to the final ranking, Hashi and a table."""
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from test_no_english_leaks import leaks_in

    shown: list[str] = []
    with i18n.speaking(lang):
        sock, port = bind_unused_port()
        sock.close()
        nowhere = ClassRoomPanel("skye", url=f"http://127.0.0.1:{port}", key=KEY)
        nowhere.open_room()
        shown += panel_texts(nowhere)
        panel = ClassRoomPanel("hashi", url=service.url, key=KEY, seed=4)
        panel.bots_box.value = 1
        shown += panel_texts(panel)
        try:
            assert panel.open_room()
            students = [Student(service, panel.code, name) for name in ("Ana", "Ben")]
            for st in students:
                st.act(st.legal()[0])
            shown += panel_texts(panel)
            panel.flip()
            play_card(students[:1], random.Random(1))
            shown += panel_texts(panel)
            panel.pause()
            shown += panel_texts(panel)
            panel.resume()
            panel.seat_pick.value = students[1].seat
            panel.remove_button.click()
            panel.show_hidden(True)
            shown += panel_texts(panel)
            panel.show_hidden(False)
            panel.end()
            shown += panel_texts(panel)
        finally:
            panel.close()
        table = ClassRoomPanel("skylands", url=service.url, key=KEY, seed=2)
        table.bots_box.value = 1
        table.seats_box.value = 2
        try:
            assert table.open_room()
            shown += panel_texts(table)
            service.join(table.code, "Ana")
            table.start()
            table.show_hidden(True)
            shown += panel_texts(table)
            table.end()
            shown += panel_texts(table)
        finally:
            table.close()
    leaks = {w for text in shown for w in leaks_in(text, lang)}
    assert not leaks, (leaks, [t for t in shown if set(leaks_in(t, lang))])

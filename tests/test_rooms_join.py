"""The student's side of a live room (issue 31): JoinRoom widgets driven through their methods against
the room service in-process, on loopback (skye_widgets/widgets/rooms.py, skye_widgets/rooms/client.py).

Every wait is on a message (a view or a reply), bounded by the client's timeout; nothing sleeps to
synchronise."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any, Awaitable, Callable

import pytest

tornado = pytest.importorskip("tornado")

from skye_widgets import i18n  # noqa: E402
from skye_widgets.rooms.client import TokenFile  # noqa: E402
from skye_widgets.widgets.rooms import HashiSeatBoard, JoinRoom, SkyeSeatPanel  # noqa: E402

from test_rooms_service import Client, Service  # noqa: E402


def run(tmp_path: Path, body: Callable[[Service, str], Awaitable[None]]) -> None:
    async def main() -> None:
        service = Service(str(tmp_path / "rooms.db"))
        try:
            await asyncio.wait_for(body(service, f"http://127.0.0.1:{service.port}"), 120)
        finally:
            await service.stop()
    with i18n.speaking("en"):
        asyncio.run(main())


async def hashi_room(s: Service, seed: int = 5) -> tuple[str, Client]:
    status, made = await s.post("/api/rooms", {"game": "hashi", "seed": seed})
    assert status == 200, made
    teacher = await s.client(made["code"], {"token": made["teacher_token"]})
    return made["code"], teacher


async def joined(w: JoinRoom) -> JoinRoom:
    task = w.task
    assert task is not None, w.message
    await task
    assert w.client is not None and w.client.state == "connected", w.message
    await w.client.wait_until(lambda: w.view is not None)
    return w


async def answer(fut: Any) -> dict[str, Any]:
    assert fut is not None
    return await asyncio.wait_for(fut, 20)


async def view_after(w: JoinRoom, n: int) -> dict[str, Any]:
    """The seat's view once the room's log has at least ``n`` events."""
    assert w.client is not None
    await w.client.wait_until(lambda: w.view is not None and w.view["n"] >= n)
    return w.view  # type: ignore[return-value]


def test_not_joined_yet_without_a_code(tmp_path: Path) -> None:
    w = JoinRoom(token_file=str(tmp_path / "seats.json"))
    assert w.message.startswith("Not joined yet")
    assert w.board is None and w.describe() == w.message


def test_students_join_play_a_card_and_a_restart_keeps_the_seat(tmp_path: Path) -> None:
    async def body(s: Service, url: str) -> None:
        code, teacher = await hashi_room(s)
        tokens = str(tmp_path / "seats.json")
        ann = await joined(JoinRoom(code=code.lower(), name="Ann", url=url, token_file=tokens))
        bob = await joined(JoinRoom(code=code, name="Bob", url=url, token_file=tokens))
        assert ann.view["seat"] == 0 and bob.view["seat"] == 1
        assert "You are in room" in plain(ann.status.value)
        assert isinstance(ann.board, HashiSeatBoard)
        assert ann.view["sheet"]["phase"] == "setup" and "write a 3 or a 4" in ann.describe()

        # the setup: a 4 on an island without a flag, chosen from the seat's legal actions
        setup = next(a for a in ann.view["sheet"]["legal"] if a[0] == "setup" and a[3] == 4)
        ann.board.setup_number.value = 4
        reply = await answer(ann.click_cell(setup[1], setup[2]))
        assert reply["type"] == "reply", reply
        v = await view_after(ann, reply["n"])
        assert [setup[1], setup[2], 4] in v["sheet"]["numbers"]
        assert v["sheet"]["phase"] == "play" and v["sheet"]["card"] is None
        assert "Wait for the teacher to flip the next card." in ann.describe()
        # a click before the flip sends nothing and says why
        assert ann.click_cell(setup[1], setup[2]) is None
        assert "Wait for the teacher" in ann.message

        # the teacher flips; Ann writes the card's number and draws a bridge, then Done
        flip = await teacher.request({"cmd": "flip", "at": 0})
        assert flip["type"] == "reply", flip
        v = await view_after(ann, flip["n"])
        card = v["sheet"]["card"]
        assert card is not None and f"Card 1 of {v['cards']}" in ann.describe()
        write = next(a for a in v["sheet"]["legal"] if a[0] == "write")
        reply = await answer(ann.click_cell(write[1], write[2]))
        assert reply["type"] == "reply", reply
        v = await view_after(ann, reply["n"])
        assert v["sheet"]["wrote"] == [write[1], write[2]]
        bridges = [a for a in v["sheet"]["legal"] if a[0] == "bridge"]
        if card[1] and bridges:
            b = bridges[0]
            assert ann.click_cell(b[1], b[2]) is None and "selected" in ann.message
            reply = await answer(ann.click_cell(b[3], b[4]))
            assert reply["type"] == "reply", reply
            v = await view_after(ann, reply["n"])
            assert v["sheet"]["drawn"] == [[b[1], b[2], b[3], b[4]]]
        reply = await answer(ann.done())
        assert reply["type"] == "reply", reply
        v = await view_after(ann, reply["n"])
        assert v["sheet"]["done"] and v["sheet"]["card"] is None

        # an illegal action: one clear line from the service, and nothing changes
        before = ann.view
        reply = await answer(ann.act(["write", 99, 99]))
        assert reply["type"] == "error"
        assert ann.board.message and "\n" not in ann.board.message
        assert ann.view is before

        # Bob sees only his own sheet: no number of Ann's
        assert bob.view["sheet"]["numbers"] == [] and "numbers" not in json.dumps(bob.view).replace(
            '"numbers": []', "")

        # a kernel restart: a new widget, the same token file, the same seat (no new join)
        await ann.disconnect()
        seats_before = len(s.store.seats(code))
        again = await joined(JoinRoom(code=code, name="Ann", url=url, token_file=tokens))
        assert again.view["seat"] == 0 and len(s.store.seats(code)) == seats_before
        assert [setup[1], setup[2], 4] in again.view["sheet"]["numbers"]
        assert TokenFile(tokens).get(url, code, "Ann")["seat"] == 0
        await again.disconnect()
        await bob.disconnect()
    run(tmp_path, body)


def test_a_bad_code_gives_one_clear_line(tmp_path: Path) -> None:
    async def body(s: Service, url: str) -> None:
        tokens = str(tmp_path / "seats.json")
        w = JoinRoom(code="ABCD-2345", name="Ann", url=url, token_file=tokens)
        await w.task
        assert w.message == "There is no room ABCD-2345: check the code on the projector.", w.message
        w = JoinRoom(code="no", name="Ann", url=url, token_file=tokens)     # not even a code: said at once
        assert w.task is None and w.message and "\n" not in w.message
        w = JoinRoom(code="ABCD-2345", name="  ", url=url, token_file=tokens)
        assert w.task is None and w.message == "Give your name to join."
        assert not Path(tokens).exists()
    run(tmp_path, body)


def test_a_lost_connection_is_reconnected(tmp_path: Path) -> None:
    async def body(s: Service, url: str) -> None:
        code, teacher = await hashi_room(s, seed=9)
        w = await joined(JoinRoom(code=code, name="Ann", url=url, token_file=str(tmp_path / "seats.json")))
        client = w.client
        assert client is not None
        hellos = client.messages
        client.conn.close()                          # the network drops
        await client.wait_until(lambda: client.state == "connected" and client.messages > hellos)
        flip = await teacher.request({"cmd": "flip", "at": 0})
        await view_after(w, flip["n"])
        assert w.view["turned"] == 1 and "You are in room" in plain(w.status.value)
        await w.disconnect()
    run(tmp_path, body)


def test_the_status_line_speaks_the_students_language(tmp_path: Path) -> None:
    with i18n.speaking("fr"):
        w = JoinRoom(token_file=str(tmp_path / "seats.json"))
        assert w.join_button.description != "Join" and not w.message.startswith("Not joined")
    w.set_language("en")
    assert w.message.startswith("Not joined yet")


def plain(html: str) -> str:
    from skye_widgets.widgets.base import plain_text
    return plain_text(html)


def test_an_isle_of_skye_table_sets_secret_prices_and_buys(tmp_path: Path) -> None:
    async def body(s: Service, url: str) -> None:
        status, made = await s.post("/api/rooms", {"game": "skye", "seed": 4, "seats": ["human", "human", "greedy"]})
        assert status == 200, made
        code = made["code"]
        teacher = await s.client(code, {"token": made["teacher_token"]})
        tokens = str(tmp_path / "seats.json")
        ann = await joined(JoinRoom(code=code, name="Ann", url=url, token_file=tokens))
        bob = await joined(JoinRoom(code=code, name="Bob", url=url, token_file=tokens))
        assert "The game has not started yet." in ann.describe()
        start = await teacher.request({"cmd": "start"})
        assert start["type"] == "reply", start
        await view_after(ann, start["n"])
        await view_after(bob, start["n"])
        assert ann.view["to_act"] and "everyone sets prices in secret" in ann.describe()
        panel = ann.board
        assert isinstance(panel, SkyeSeatPanel)
        # Ann's gold is hers alone
        assert ann.view["game"]["players"][0]["gold"] is not None and ann.view["game"]["players"][1]["gold"] is None
        # the form: discard the first tile, 2 gold on each other
        display = ann.view["game"]["players"][0]["display"]
        panel.discard.value = display[0]
        for t in display[1:]:
            panel.prices[t].value = 2
        reply = await answer(panel.set_prices())
        assert reply["type"] == "reply", reply
        # Bob does not see Ann's prices before he has decided too
        await view_after(bob, reply["n"])
        assert "prices" not in bob.view["game"]["players"][0]
        # a wrong price (more gold than Bob has) is refused in one line, and nothing changes
        bob_display = bob.view["game"]["players"][1]["display"]
        before = bob.view
        bad = await answer(bob.board.set_prices(bob_display[0], {t: 50 for t in bob_display[1:]}))
        assert bad["type"] == "error" and bad["error"] and bob.view is before
        assert bad["error"] in bob.message
        reply = await answer(bob.board.set_prices(bob_display[0], {t: 1 for t in bob_display[1:]}))
        assert reply["type"] == "reply", reply
        v = await view_after(ann, reply["n"])
        assert v["game"]["phase"] == "buy" and v["game"]["players"][0]["prices"] == {t: 2 for t in display[1:]}
        # buying: whoever is to act passes or buys through the panel's buttons
        actor = ann if ann.view["to_act"] else bob
        assert actor.board.form.children, "no buy form for the seat to act"
        reply = await answer(actor.board.pass_turn())
        assert reply["type"] == "reply", reply
        await ann.disconnect()
        await bob.disconnect()
    run(tmp_path, body)


def test_on_a_hub_the_login_is_the_name_and_the_last_seat_comes_back(tmp_path: Path, monkeypatch) -> None:
    async def body(s: Service, url: str) -> None:
        code, _teacher = await hashi_room(s, seed=3)
        tokens = str(tmp_path / "seats.json")
        monkeypatch.setenv("JUPYTERHUB_USER", "ann")
        monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "hub-secret")
        first = JoinRoom(url=url, token_file=tokens)
        assert first.name_field.value == "ann" and first.name_field.disabled and first.task is None
        first.code_field.value = code
        await first.join()
        await joined(first)
        assert first.client is not None and first.client._headers()["Authorization"] == "token hub-secret"
        await first.disconnect()
        # a restarted kernel on the hub: nothing to type, the same seat
        again = await joined(JoinRoom(url="http://127.0.0.1:1", token_file=tokens))
        assert again.view["seat"] == first.view["seat"] and len(s.store.seats(code)) == 1
        await again.disconnect()
    run(tmp_path, body)


def test_every_text_of_the_seat_is_marked_for_translation(tmp_path: Path) -> None:
    from i18n_walk import english_words, outside_brackets, page_texts
    hashi_view = {"type": "seat", "kind": "hashi", "board": "skerries-a", "n": 3, "status": "open", "turned": 1,
                  "cards": 17, "over": False, "seat": 0,
                  "sheet": {"seat": 0, "name": "Ann", "phase": "play", "card": [4, 2], "numbers": [[5, 3, 6]],
                            "bridges": [], "wrote": None, "drawn": [], "done": False, "score": 0,
                            "achievements": [], "legal": [["end"]]}}
    skye_view = {"type": "seat", "kind": "skye", "n": 3, "status": "open", "seat": 0, "to_act": True, "seats": [],
                 "game": {"round": 1, "rounds": 6, "phase": "prices",
                          "players": [{"name": "Ann", "gold": 5, "display": ["23", "34", "10"], "to_build": []}]}}
    with i18n.speaking("qps"):
        w = JoinRoom(token_file=str(tmp_path / "seats.json"))
        texts = list(page_texts(w)) + [w.describe()]
        build_view = {**skye_view, "game": {"round": 1, "rounds": 6, "phase": "build", "players": [
            {"name": "Ann", "gold": 5, "display": [], "to_build": ["23"], "territory": [["castle-blue", 0, 0, 0]]}]}}
        for view in (hashi_view, skye_view, build_view):
            w._show(view)
            texts += list(page_texts(w)) + [w.describe()]
    # the language picker names each language in itself; the placeholder is a code, not words
    left = english_words([outside_brackets(t) for t in texts if t not in (
        "English", "Português", "Polski", "Français", "Español", "ABCD-2345")])
    assert not left, left


def test_an_isle_of_skye_seat_builds_by_clicking_its_territory(tmp_path: Path) -> None:
    """The build phase shows the seat's own territory (from the view only): a click on a green spot
    sends the Place action; the form under it sends the same."""
    from skye_widgets.widgets.skye import TerritoryWidget
    view = {"type": "seat", "kind": "skye", "n": 9, "status": "open", "seat": 0, "to_act": True, "seats": [],
            "game": {"round": 1, "rounds": 6, "phase": "build",
                     "players": [{"name": "Ann", "gold": 3, "display": [], "to_build": ["12", "33"],
                                  "territory": [["castle-blue", 0, 0, 0]]}]}}
    w = JoinRoom(token_file=str(tmp_path / "seats.json"))
    sent: list = []
    w.act = sent.append                                  # what the seat would send to the room
    w._show(view)
    board = w.board.territory
    assert isinstance(board, TerritoryWidget) and board.hand == ["12", "33"] and board.selected == "12"
    x, y, rotation = board.territory.legal_placements("12")[0]
    board.rotation = rotation
    board.click_cell(x, y)
    assert sent == [{"type": "place", "player": 0, "tile": "12", "x": x, "y": y, "rotation": rotation}]
    w.board.build("33", 0, 1, 0)
    assert sent[-1] == {"type": "place", "player": 0, "tile": "33", "x": 0, "y": 1, "rotation": 0}
    # a territory with a tile built: the castle first, then the tiles in the order built
    view["game"]["players"][0].update(to_build=["33"], territory=[["castle-blue", 0, 0, 0], ["12", x, y, rotation]])
    w._show(view)
    assert len(w.board.territory.territory) == 2 and w.board.territory.hand == ["33"]


def test_a_refused_build_gives_the_tile_back_to_the_hand(tmp_path: Path) -> None:
    """A click on a green spot takes the tile out of the territory's hand and sends Place; when the
    service refuses it (the view it was drawn from was stale), the form is made again from the
    seat's view: the tile is back in hand and the territory as the service has it."""
    view = {"type": "seat", "kind": "skye", "n": 9, "status": "open", "seat": 0, "to_act": True, "seats": [],
            "game": {"round": 1, "rounds": 6, "phase": "build",
                     "players": [{"name": "Ann", "gold": 3, "display": [], "to_build": ["12", "33"],
                                  "territory": [["castle-blue", 0, 0, 0]]}]}}

    async def play() -> None:
        w = JoinRoom(token_file=str(tmp_path / "seats.json"))
        answers: list[asyncio.Future] = []

        def act(action):
            answers.append(asyncio.get_running_loop().create_future())
            return answers[-1]
        w.act = act
        w._show(view)
        board = w.board.territory
        x, y, rotation = board.territory.legal_placements("12")[0]
        board.rotation = rotation
        board.click_cell(x, y)
        assert w.board.territory.hand == ["33"]            # taken out at the click, as a placed tile is
        answers[-1].set_result({"type": "error", "error": "It is not your turn."})
        await asyncio.sleep(0)                              # the answer's callbacks
        assert w.board.territory is not board
        assert w.board.territory.hand == ["12", "33"] and len(w.board.territory.territory) == 1
        # an accepted one keeps the form as it is until the service's next view
        kept = w.board.territory
        kept.rotation = rotation
        kept.click_cell(x, y)
        answers[-1].set_result({"type": "ok"})
        await asyncio.sleep(0)
        assert w.board.territory is kept and kept.hand == ["33"]

    asyncio.run(play())

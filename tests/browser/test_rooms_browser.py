"""A class game in real browsers (issue 31): ``skye-widgets rooms serve`` on 127.0.0.1, five students
on ``notebooks/class_play.ipynb`` in Voila (five pages, five kernels), one Hashi room; the teacher
(this test, over the websocket API) flips three cards, and every student plays each card on the real
canvas: the card's number, a bridge where the card allows one, then Done.

Where each click lands is Python's own prediction: the same room seed gives every sheet the same
cards, so an in-process solo game on that seed, played by the greedy bot, says which island to click.
We wait on what the student sees (the card line, the board's description), never on time."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from helpers import canvases, click_canvas, screenshot
from playwright.sync_api import expect

from jupyter_servers import BIN, _stop, free_port
from skye_widgets.hashi.board import load_board
from skye_widgets.hashi.bots import make_bot
from skye_widgets.hashi.game import Bridge, EndTurn, HashiGame, Setup, Write
from skye_widgets.hashi.render import board_geometry

pytest.importorskip("tornado")

NOTEBOOK = "notebooks/class_play.ipynb"
SEED = 24          # the greedy plan draws a bridge on one of the first three cards
BOARD = "skerries-a"
STUDENTS = ["Ana", "Ben", "Cara", "Eve", "Ada"]
KEY = "browser-test-key"
CARDS = 3


def plan() -> list[list[Any]]:
    """The turns every sheet plays: the setup, then one turn per card (the greedy bot's), as actions."""
    g = HashiGame.new(["-"], seed=SEED, board=BOARD)
    turns: list[list[Any]] = []
    for turn in range(CARDS + 1):
        actions: list[Any] = []
        start = g.round
        while not g.is_over() and g.round == start and (turn == 0) == (g.phase == "setup"):
            a = make_bot("greedy", seed=turn * 100 + len(actions)).choose(g.observation(0))
            g.apply(a)
            actions.append(a)
        turns.append(actions)
    return turns


def teacher(url: str, code: str, token: str, command: dict[str, Any]) -> dict[str, Any]:
    """One teacher's command over the websocket, on a loop of its own thread (Playwright's sync API
    holds this thread's loop)."""
    async def talk() -> dict[str, Any]:
        from tornado.websocket import websocket_connect
        conn = await asyncio.wait_for(websocket_connect(f"ws{url[4:]}/ws/{code}"), 20)
        await conn.write_message(json.dumps({"hello": {"token": token}}))
        for _i in range(2):
            await asyncio.wait_for(conn.read_message(), 20)       # hello, the public view
        await conn.write_message(json.dumps({"id": 1, **command}))
        while True:
            raw = await asyncio.wait_for(conn.read_message(), 20)
            assert raw is not None, "the service closed the connection"
            msg = json.loads(raw)
            if msg.get("id") == 1:
                conn.close()
                return msg
    out: dict[str, Any] = {}
    t = threading.Thread(target=lambda: out.update(asyncio.run(talk())))
    t.start()
    t.join(60)
    return out


@pytest.fixture
def service(tmp_path: Path):
    port = free_port()
    log = tmp_path / "rooms.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([str(BIN / "skye-widgets"), "rooms", "serve", "--db", str(tmp_path / "rooms.db"),
                                 "--port", str(port), "--key", KEY], stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _i in range(600):
            if "Rooms at" in log.read_text():
                break
            assert proc.poll() is None, log.read_text()
            time.sleep(0.1)          # waiting for a process to start: no game state depends on it
        else:
            raise AssertionError("rooms serve did not start:\n" + log.read_text())
        yield url
    finally:
        _stop(proc)


def test_five_students_play_three_cards_in_voila(service, voila, page, monkeypatch, tmp_path):
    url = service
    request = urllib.request.Request(url + "/api/rooms", json.dumps({"game": "hashi", "seed": SEED,
                                                                     "options": {"board": BOARD}}).encode(),
                                     {"Content-Type": "application/json", "Authorization": f"Bearer {KEY}"})
    made = json.loads(urllib.request.urlopen(request, timeout=30).read())
    code, token = made["code"], made["teacher_token"]
    shown_code = code[:4] + "-" + code[4:]
    monkeypatch.setenv("SKYE_ROOMS_URL", url)                       # the Voila kernels inherit these
    monkeypatch.setenv("SKYE_ROOMS_TOKENS", str(tmp_path / "seats.json"))
    address = voila(NOTEBOOK)
    geo = board_geometry(load_board(BOARD))
    turns = plan()

    pages = [page] + [page.context.new_page() for _s in STUDENTS[1:]]
    for p, name in zip(pages, STUDENTS):
        p.set_default_timeout(120_000)
        p.goto(address)
        expect(p.locator(".skye-status").first).to_contain_text("Not joined yet", timeout=180_000)
        p.locator(".skye-room-code input").fill(shown_code.lower())
        p.locator(".skye-room-name input").fill(name)
        p.locator(".skye-room-join").click()
    for p, name in zip(pages, STUDENTS):
        expect(p.locator(".skye-status").first).to_contain_text(f"You are in room {shown_code} as {name}.",
                                                                timeout=120_000)
        expect(p.locator(".skye-room-card")).to_contain_text("write a 3 or a 4", timeout=60_000)

    def play(p: Any, actions: list[Any]) -> None:
        board = canvases(p).nth(0)
        numbers = bridges = None
        for a in actions:
            desc = p.locator(".skye-description")
            text = desc.text_content() or ""
            numbers = int(re.search(r"numbers written (\d+)", text).group(1))
            bridges = int(re.search(r"bridges drawn (\d+)", text).group(1))
            if isinstance(a, (Setup, Write)):
                if isinstance(a, Setup) and a.number == 4:
                    p.get_by_role("button", name="4", exact=True).click()
                click_canvas(p, board, *geo.center(a.cell))
                expect(desc).to_contain_text(f"numbers written {numbers + 1},")
            elif isinstance(a, Bridge):
                click_canvas(p, board, *geo.center(a.a))
                expect(p.locator(".skye-status").last).to_contain_text("selected")
                click_canvas(p, board, *geo.center(a.b))
                expect(desc).to_contain_text(f"bridges drawn {bridges + 1},")
            elif isinstance(a, EndTurn):
                p.get_by_role("button", name="Done", exact=True).click()
                expect(p.locator(".skye-room-card")).to_contain_text("Wait for the teacher to flip the next card.")

    for p in pages:                          # the setup (ends the setup turn by itself)
        play(p, turns[0])
        expect(p.locator(".skye-room-card")).to_contain_text("Wait for the teacher to flip the next card.")
    drew_bridge = 0
    for card in range(1, CARDS + 1):
        reply = teacher(url, code, token, {"cmd": "flip", "at": card - 1})
        assert reply.get("type") == "reply", reply
        for p in pages:
            expect(p.locator(".skye-room-card")).to_contain_text(f"Card {card} of ")
            play(p, turns[card])
        drew_bridge += any(isinstance(a, Bridge) for a in turns[card])
        screenshot(pages[card % len(pages)], f"rooms_class_card_{card}")
    assert drew_bridge, "no card of the plan draws a bridge: pick another seed"
    public = json.loads(urllib.request.urlopen(f"{url}/api/rooms/{code}", timeout=30).read())
    assert public["turned"] == CARDS and public["students_done"] == len(STUDENTS), public
    assert len({s["score"] for s in public["seats"]}) == 1        # the same cards, the same moves
    assert not page.page_errors

"""A class playing together in real browsers, standalone (issue 31): ``skye-widgets rooms serve`` on
127.0.0.1 with a key; the teacher is the real projector page (``notebooks/projector_class.ipynb`` in
Voilà at 1920x1080, driven by the keyboard only) and every student a page of ``notebooks/class_play.ipynb``
in a browser context of their own (their own kernel, their own cookies).

* Hashi: the teacher opens a room (Tab / Enter), reads its code from the projector, five students join
  with it and play each card on the real canvas; the teacher flips three cards on the projector, whose
  counts, card, races and leaderboard must be the room's public view (``GET /api/rooms/<code>``);
  then *end and show the results*: the final ranking.
* Isle of Skye: the teacher picks the game on the projector, three students join and play round 1
  through their pages (the secret prices, buy or pass, build); no page shows another seat's prices
  before every seat has priced; the projector shows the public table and the gold on demand.

Where each Hashi click lands is Python's own prediction: the same room seed gives every sheet the
same cards, so an in-process solo game on that seed, played by the greedy bot, says which island to
click. We wait on what a person sees (the card line, the board's description), never on time."""

from __future__ import annotations

import json
import re
import subprocess
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
from skye_widgets.hashi.game import CATEGORIES, Card
from skye_widgets.widgets.rooms_projector import GAMES, TEXT
from skye_widgets.skye.render import COORD_GUTTER, fit_view
from skye_widgets.widgets.skye import BOARD_TEXT, BUILD_TILE, CONFIRM_PRICES, MOVE_BUY, MOVE_PASS, PRICE_LABEL, ROUND_LINE
from skye_widgets.widgets.rooms import JOIN_OTHERS_TURN, JOIN_PLACE, JOIN_ROTATION, JOIN_X, JOIN_Y, JOIN_YOUR_TURN

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"

pytest.importorskip("tornado")

NOTEBOOK = "notebooks/class_play.ipynb"
PROJECTOR = "notebooks/projector_class.ipynb"
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




def public(url: str, code: str) -> dict[str, Any]:
    """The room's public view, as the service gives it to anyone (``GET /api/rooms/<code>``)."""
    return json.loads(urllib.request.urlopen(f"{url}/api/rooms/{code}", timeout=30).read())


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def tab_to(page: Any, test: str, arg: Any = None, most: int = 40) -> None:
    """Press Tab until ``test`` (a JavaScript function of the focused element and ``arg``) is true:
    the keyboard only, as a teacher at the projector's keyboard does."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(f"(arg) => {{ const e = document.activeElement; return !!e && ({test})(e, arg); }}", arg):
            return
    raise AssertionError(f"Tab never reached {test} {arg!r}")


BUTTON = "(e, label) => e.tagName === 'BUTTON' && e.innerText.trim() === label"
FIELD = "(e, label) => e.tagName.match(/INPUT|SELECT/) && e.closest('.widget-inline-hbox').innerText.includes(label)"


def open_projector(voila: Any, page: Any, game: str | None = None, seed: int | None = None) -> str:
    """The projector page at 1920x1080; the room opened by the keyboard (the game picked, the game
    number typed); its code as the projector shows it (ABCD-2345)."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(voila(PROJECTOR))
    expect(page.get_by_role("button", name=str(TEXT["open"]))).to_be_visible(timeout=180_000)
    if game is not None:
        tab_to(page, FIELD, str(TEXT["game"]))
        page.keyboard.type(game)                          # a closed <select> takes the first letters typed
        expect(page.locator(".skye-room select").first.locator("option:checked")).to_have_text(game)
    if seed is not None:
        tab_to(page, FIELD, str(TEXT["seed"]))
        page.keyboard.press("Control+A")
        page.keyboard.type(str(seed))
    tab_to(page, BUTTON, str(TEXT["open"]))
    page.keyboard.press("Enter")
    code_line = page.locator(".skye-room-code")
    expect(code_line).to_contain_text(re.compile(r"[0-9A-Z]{4}-[0-9A-Z]{4}"), timeout=60_000)
    return re.search(r"[0-9A-Z]{4}-[0-9A-Z]{4}", code_line.inner_text()).group(0)


def student_pages(browser: Any, address: str, code: str, names: list[str]) -> list[Any]:
    """One browser context per student on the class_play page; each joins with the code and a name."""
    pages = []
    for name in names:
        p = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        p.set_default_timeout(120_000)
        errors: list[str] = []
        p.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        p.page_errors = errors
        p.goto(address)
        pages.append(p)
    for p, name in zip(pages, names):
        expect(p.locator(".skye-status").first).to_contain_text("Not joined yet", timeout=180_000)
        p.locator(".skye-room-code input").fill(code.lower())       # as typed: case does not matter
        p.locator(".skye-room-name input").fill(name)
        p.locator(".skye-room-join").click()
    for p, name in zip(pages, names):
        expect(p.locator(".skye-status").first).to_contain_text(f"You are in room {code} as {name}.",
                                                                timeout=120_000)
    return pages


def close_pages(pages: list[Any], failed: bool = False) -> None:
    """Close the students' contexts; after a failure, keep a screenshot of each page first."""
    for i, p in enumerate(pages):
        if failed:
            try:
                screenshot(p, f"FAILED-student-{i}")
            except Exception:
                pass
        try:
            p.context.close()
        except Exception:
            pass


def expect_hashi_projector(page: Any, v: dict[str, Any]) -> None:
    """The projector shows the room's public view ``v``: the counts, the card, the three races and
    the leaderboard (or the final ranking)."""
    expect(page.locator(".skye-room-counts")).to_contain_text(
        TEXT["counts"].format(count=v["students"], done=v["students_done"]))
    if v.get("card") and not v.get("over"):
        expect(page.locator(".skye-room-card")).to_contain_text(
            TEXT["card"].format(turned=v["turned"], total=v["cards"], card=str(Card(*v["card"]))))
    names = {s["seat"]: s["name"] for s in v["seats"]}
    races = page.locator(".skye-room-races li")
    expect(races).to_have_count(len(v["race"]))
    for i, (category, r) in enumerate(v["race"].items()):
        label, full, _later = CATEGORIES[category]
        if r is None:
            want = TEXT["race_open"].format(label=str(label), points=full)
        else:
            want = TEXT["race_won"].format(label=str(label), names=", ".join(names[s] for s in r["seats"]),
                                           card=r["after_card"], points=r["points"], later=r["later"])
        expect(races.nth(i)).to_have_text(want)
    rows = page.locator(".skye-room-ranking tr")
    by_seat = {s["seat"]: s for s in v["seats"]}
    expect(rows).to_have_count(1 + len(v["leaderboard"]))
    for i, seat in enumerate(v["leaderboard"]):
        s = by_seat[seat]
        cells = [str(s["rank"]), s["name"], str(s["score"])]
        if not (v.get("over") or v.get("status") == "closed"):
            cells.append(str(s.get("finished", "")))
        expect(rows.nth(i + 1).locator("td")).to_have_text(cells)


def test_five_students_and_the_projector_play_three_cards(service, voila, page, browser, monkeypatch, tmp_path):
    url = service
    monkeypatch.setenv("SKYE_ROOMS_URL", url)                       # the Voilà kernels inherit these
    monkeypatch.setenv("SKYE_ROOMS_KEY", KEY)
    monkeypatch.setenv("SKYE_ROOMS_TOKENS", str(tmp_path / "seats.json"))
    projector = page
    code = open_projector(voila, projector, seed=SEED)
    room = code.replace("-", "")
    assert public(url, room)["status"] == "open"
    geo = board_geometry(load_board(BOARD))
    turns = plan()
    pages: list[Any] = []
    try:
        pages = student_pages(browser, voila(NOTEBOOK), code, STUDENTS)
        for p in pages:
            expect(p.locator(".skye-room-card")).to_contain_text("write a 3 or a 4", timeout=60_000)
        expect(projector.locator(".skye-room-counts")).to_contain_text(TEXT["counts"].format(count=5, done=0))
        shoot(projector, "rooms_class_projector_joined_1920x1080")

        def play(p: Any, actions: list[Any]) -> None:
            board = canvases(p).nth(0)
            for a in actions:
                desc = p.locator(".skye-description")
                expect(desc).to_contain_text(re.compile(r"numbers written \d+, bridges drawn \d+"))
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
        expect_hashi_projector(projector, public(url, room))
        drew_bridge = 0
        tab_to(projector, BUTTON, str(TEXT["flip"]))
        for card in range(1, CARDS + 1):
            assert projector.evaluate("() => document.activeElement.classList.contains('skye-room-flip')")
            projector.keyboard.press("Enter")                       # the teacher flips, on the projector
            expect(projector.locator(".skye-room-card")).to_contain_text(f" {card} ")
            for i, p in enumerate(pages):
                expect(p.locator(".skye-room-card")).to_contain_text(f"Card {card} of ")
                play(p, turns[card])
                v = public(url, room)
                assert v["students_done"] == i + 1, v
                expect_hashi_projector(projector, v)                # who is done, live
            drew_bridge += any(isinstance(a, Bridge) for a in turns[card])
            screenshot(pages[card % len(pages)], f"rooms_class_student_card_{card}")
            shoot(projector, f"rooms_class_projector_card_{card}_1920x1080")
        assert drew_bridge, "no card of the plan draws a bridge: pick another seed"
        projector.set_viewport_size({"width": 1280, "height": 720})
        expect_hashi_projector(projector, public(url, room))
        shoot(projector, "rooms_class_projector_card_3_1280x720")
        projector.set_viewport_size({"width": 1920, "height": 1080})
        v = public(url, room)
        assert v["turned"] == CARDS and v["students_done"] == len(STUDENTS), v
        assert len({s["score"] for s in v["seats"]}) == 1        # the same cards, the same moves
        assert v["race"] and all(r is None or r["seats"] for r in v["race"].values())
        tab_to(projector, BUTTON, str(TEXT["end"]))
        projector.keyboard.press("Enter")
        ranking = projector.locator(".skye-room-ranking")
        expect(ranking).to_contain_text(str(TEXT["ranking"]))
        v = public(url, room)
        assert v["status"] == "closed", v
        expect_hashi_projector(projector, v)
        for name in STUDENTS:
            expect(ranking).to_contain_text(name)
        for p in pages:
            expect(p.locator(".skye-room-card")).to_contain_text("This room is closed.")
        for width, height in ((1920, 1080), (1280, 720)):
            projector.set_viewport_size({"width": width, "height": height})
            shoot(projector, f"rooms_class_projector_ranking_{width}x{height}")
        assert not projector.page_errors
        assert not [e for p in pages for e in p.page_errors]
    except BaseException:
        close_pages(pages, failed=True)
        raise
    close_pages(pages)


#: Isle of Skye: each seat's prices on its two kept tiles (the seat with gold left can buy).
SKYE_PRICES = {0: (1, 1), 1: (1, 2), 2: (2, 2)}


def seat_line(p: Any, text: Any) -> Any:
    """The seat panel's text saying ``text`` (a widget's, not the lesson's prose: class_play's
    paragraph on tables says "when it is your turn" too)."""
    return p.locator(".widget-html-content", has_text=str(text))


def field(p: Any, label: str) -> Any:
    """The input or select of the widget whose description is ``label``."""
    return p.locator(".widget-inline-hbox").filter(has_text=label).locator("input, select").first


def expect_skye_projector(projector: Any, v: dict[str, Any], names: list[str]) -> None:
    """The projector shows the public table ``v``: the round, who is to act, each seat's points."""
    board = projector.locator(".skye-room-board")
    g = v["game"]
    expect(board).to_contain_text(TEXT["round"].format(round=g["round"]))
    to_act = g["to_act"] if isinstance(g["to_act"], list) else [g["to_act"]]
    expect(board).to_contain_text(TEXT["to_act"].format(names=", ".join(names[s] for s in to_act)))
    rows = board.locator("tr")
    for i, player in enumerate(g["players"]):
        expect(rows.nth(i + 1).locator("td").nth(0)).to_have_text(names[i])
        expect(rows.nth(i + 1).locator("td").nth(1)).to_have_text(str(player["vp"]))


def test_three_students_play_a_round_of_isle_of_skye(service, voila, page, browser, monkeypatch, tmp_path):
    from skye_widgets.skye import INFO
    from skye_widgets.skye.game import Buy, Pass, Place, SetPrices
    url = service
    monkeypatch.setenv("SKYE_ROOMS_URL", url)
    monkeypatch.setenv("SKYE_ROOMS_KEY", KEY)
    monkeypatch.setenv("SKYE_ROOMS_TOKENS", str(tmp_path / "seats.json"))
    projector = page
    code = open_projector(voila, projector, game=str(GAMES["skye"]))
    room = code.replace("-", "")
    v = public(url, room)
    assert v["kind"] == "skye" and v["status"] == "lobby" and len(v["seats"]) == 3, v
    pages: list[Any] = []
    try:
        pages = student_pages(browser, voila(NOTEBOOK), code, STUDENTS[:3])
        expect(projector.locator(".skye-room-counts")).to_contain_text(TEXT["table_counts"].format(count=3, seats=3))
        tab_to(projector, BUTTON, str(TEXT["start"]))
        projector.keyboard.press("Enter")                           # the teacher starts, on the projector
        by_seat: dict[int, Any] = {}
        for p in pages:
            expect(p.get_by_text(re.compile(r"Isle of Skye: you play seat \d"))).to_be_visible()
            seat = int(re.search(r"you play seat (\d)", p.locator("body").inner_text()).group(1)) - 1
            by_seat[seat] = p
        assert sorted(by_seat) == [0, 1, 2]
        v = public(url, room)
        names = [s["name"] for s in v["seats"]]
        game = INFO.new(names, seed=1)                              # the room's game, mirrored: where tiles fit
        assert [p["display"] for p in v["game"]["players"]] == [p["display"] for p in game.view(-1)["players"]]
        expect_skye_projector(projector, v, names)

        def same(game: Any) -> None:
            """The room's public table is the mirrored game's (once the room has taken the last action)."""
            want = json.loads(json.dumps([[p["territory"], p["to_build"], p["vp"]] for p in game.view(-1)["players"]]))
            for _i in range(300):
                got = [[p["territory"], p["to_build"], p["vp"]] for p in public(url, room)["game"]["players"]]
                if got == want:
                    return
                projector.wait_for_timeout(100)     # polling the service's answer, not waiting for time to pass
            assert got == want

        def no_prices_of_others(seat: int, priced: dict[int, dict[str, int]]) -> None:
            """Student ``seat``'s page shows no other seat's prices (every price set so far, as a
            buy offer or a caption)."""
            text = by_seat[seat].locator("body").inner_text()
            assert not re.search(r"\bfor \d+ gold", text), text          # no buy offer at all yet
            for other, prices in priced.items():
                if other == seat:
                    continue
                for tile, price in prices.items():
                    shown = MOVE_BUY.format(tile=tile, seller=names[other], price=price)
                    assert shown not in text, (seat, shown)
                    assert f"{names[other]}: {price} gold" not in text, (seat, other)

        # -- the secret prices: each student discards and prices on their page ----------------
        priced: dict[int, dict[str, int]] = {}
        for seat in (2, 0, 1):                                      # not in seat order: any order works
            p = by_seat[seat]
            display = game.observation(seat).view()["players"][seat]["display"]
            discard, kept = display[0], display[1:]
            prices = dict(zip(kept, SKYE_PRICES[seat]))
            expect(p.get_by_role("button", name=str(CONFIRM_PRICES))).to_be_visible()
            p.get_by_role("button", name=discard, exact=True).click()
            for tile, price in prices.items():
                box = field(p, PRICE_LABEL.format(tile=tile))
                box.fill(str(price))
                box.press("Tab")
            p.get_by_role("button", name=str(CONFIRM_PRICES)).click()
            game.apply(SetPrices.of(seat, discard, prices))
            priced[seat] = prices
            if len(priced) < 3:
                expect(seat_line(p, JOIN_OTHERS_TURN)).to_be_visible()
                for other in by_seat:
                    no_prices_of_others(other, priced)
                assert all(pl.get("prices") is None for pl in public(url, room)["game"]["players"])
                assert "gold" not in projector.locator(".skye-room-board").inner_text()
        shoot(projector, "rooms_skye_projector_priced_1920x1080")

        # -- buying: the start player buys, the others pass (one each, in turn) ------------------
        while game.phase == "buy":
            seat = game.current_player()
            p = by_seat[seat]
            expect(seat_line(p, JOIN_YOUR_TURN)).to_be_visible()
            expect_skye_projector(projector, public(url, room), names)
            buys = [a for a in game.legal_actions() if isinstance(a, Buy)]
            for a in buys:                                          # every offer of the others, with its price
                expect(p.get_by_role("button", name=MOVE_BUY.format(
                    tile=a.tile, seller=names[a.seller], price=priced[a.seller][a.tile]))).to_be_visible()
            if seat == game.view(-1)["start_player"] and buys:
                a = buys[0]
                p.get_by_role("button", name=MOVE_BUY.format(tile=a.tile, seller=names[a.seller],
                                                             price=priced[a.seller][a.tile])).click()
            else:
                a = Pass(seat)
                p.get_by_role("button", name=str(MOVE_PASS)).click()
            game.apply(a)
            same(game)
            if game.phase == "buy":
                expect(seat_line(p, JOIN_OTHERS_TURN)).to_be_visible()

        # -- building: each seat places its tiles (where the mirrored game says one fits) --------
        while game.phase == "build" and game.view(-1)["round"] == 1:
            seat = game.current_player()
            p = by_seat[seat]
            tiles = game.observation(seat).view()["players"][seat]["to_build"]
            expect(p.locator("select option").filter(has_text=re.compile(r"^tile\s"))).to_have_count(len(tiles))
            expect(field(p, str(JOIN_X))).to_be_visible()
            expect(canvases(p)).to_have_count(1)
            if len(game.history) == 6:
                screenshot(p, "rooms_skye_student_build")
            places = [a for a in game.legal_actions() if isinstance(a, Place) and a.tile == tiles[0]]
            a = min(places, key=lambda a: a.rotation)
            if seat == 1 and len(tiles) == 1:                       # the form: tile, column, row, quarter turns
                p.locator("select").filter(has_text=BUILD_TILE.format(tile=tiles[0])).select_option(
                    label=BUILD_TILE.format(tile=tiles[0]))
                for label, value in ((str(JOIN_X), a.x), (str(JOIN_Y), a.y)):
                    box = field(p, label)
                    box.fill(str(value))
                    box.press("Tab")
                field(p, str(JOIN_ROTATION)).select_option(label=str(a.rotation))
                p.get_by_role("button", name=str(JOIN_PLACE)).click()
            else:                                                   # the board: turn the tile, click a green spot
                for _r in range(a.rotation):
                    p.get_by_role("button", name=str(BOARD_TEXT["rotate"]), exact=True).click()
                view = fit_view(game.territories[seat].placements, cell=64, max_width=720, max_height=520,
                                gutter=COORD_GUTTER)
                px, py = view.to_px(a.x, a.y)
                click_canvas(p, canvases(p).nth(0), px + view.cell // 2, py + view.cell // 2)
            game.apply(a)
            same(game)
            if game.phase == "build" and game.current_player() == seat:      # the next tile in the picker
                expect(p.locator("select option").filter(has_text=re.compile(r"^tile\s"))).to_have_count(len(tiles) - 1)
        # -- round 1 is scored, round 2 starts ------------------------------------------------
        assert game.view(-1)["round"] == 2 and game.phase == "prices", game.view(-1)
        v = public(url, room)
        assert v["game"]["round"] == 2 and v["game"]["phase"] == "prices", v["game"]
        assert [pl["vp"] for pl in v["game"]["players"]] == [pl["vp"] for pl in game.view(-1)["players"]]
        expect_skye_projector(projector, v, names)
        for p in pages:
            expect(p.get_by_text(ROUND_LINE["prices"].format(round=2, rounds=v["game"]["rounds"]))).to_be_visible()
            expect(p.get_by_role("button", name=str(CONFIRM_PRICES))).to_be_visible()
        # -- hidden information: the gold, on the projector only when the teacher shows it ------
        board = projector.locator(".skye-room-board")
        expect(board.locator("th")).to_have_count(2)
        tab_to(projector, BUTTON, str(TEXT["show_hidden"]))
        projector.keyboard.press("Enter")
        expect(board.locator("th").nth(2)).to_have_text(str(TEXT["gold"]))
        open_view = game.view(-1, open_hand=True)
        for i, player in enumerate(open_view["players"]):
            expect(board.locator("tr").nth(i + 1).locator("td").nth(2)).to_have_text(str(player["gold"]))
        for width, height in ((1920, 1080), (1280, 720)):
            projector.set_viewport_size({"width": width, "height": height})
            shoot(projector, f"rooms_skye_projector_round2_gold_{width}x{height}")
        assert projector.evaluate("() => document.activeElement.innerText.trim()") == str(TEXT["hide_hidden"])
        projector.keyboard.press("Enter")
        expect(board.locator("th")).to_have_count(2)
        screenshot(by_seat[0], "rooms_skye_student_round2")
        assert not projector.page_errors
        assert not [e for p in pages for e in p.page_errors]
    except BaseException:
        close_pages(pages, failed=True)
        raise
    close_pages(pages)

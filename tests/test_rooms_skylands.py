"""A Skylands seat in a live room (issue 31, item 3): the seat's view lists its legal actions while it
is to act (``legal``, skye_widgets/rooms/room.py), and the seat's panel (``SkylandsSeatPanel``,
skye_widgets/widgets/rooms.py) offers exactly those, each as a whole sentence, and sends the one pressed.

Every expectation comes from a headless engine that replays the room's log on the same seed (what the
seats and bots did), never from the room's own game. Every wait is on a message (a view or a reply),
bounded by the client's timeout; nothing sleeps to synchronise."""

from __future__ import annotations

import asyncio
import json
import os
import random
from pathlib import Path
from typing import Any, Sequence

import pytest

tornado = pytest.importorskip("tornado")

from skye_widgets import i18n  # noqa: E402
from skye_widgets.rooms.room import Rooms, TableRoom  # noqa: E402
from skye_widgets.rooms.store import Store  # noqa: E402
from skye_widgets.skylands import Game  # noqa: E402
from skye_widgets.skylands.bots import make_bot  # noqa: E402
from skye_widgets.skylands.describe import describe_board  # noqa: E402
from skye_widgets.skylands.render import render_board  # noqa: E402
from skye_widgets.skylands.game import action_from_json, action_to_json  # noqa: E402
from skye_widgets.widgets.rooms import SEAT_BUTTONS, JoinRoom, SkylandsSeatPanel  # noqa: E402
from skye_widgets.words import YOU  # noqa: E402

from test_rooms_join import answer, joined, plain, run, view_after  # noqa: E402
from test_rooms_service import Service  # noqa: E402


def as_json(data: Any) -> Any:
    """As a client receives it: through JSON."""
    return json.loads(json.dumps(data))


def replay(events: Sequence[dict[str, Any]], names: list[str], seed: int, **options: Any) -> Game | None:
    """A headless Skylands engine playing the room log's events (the start, every seat's and bot's action,
    every take-back) on the room's seed: None before the start."""
    game = None
    for e in events:
        if e.get("t") == "start":
            game = Game.new(names, seed=seed, **options)
        elif e.get("t") == "act":
            assert game is not None
            game.apply(action_from_json(e["a"]))
        elif e.get("t") == "undo":
            assert game is not None
            game.undo()
    return game


def legal_json(game: Game) -> list[Any]:
    return [as_json(action_to_json(a)) for a in game.legal_actions()]


def offered(panel: SkylandsSeatPanel) -> list[Any]:
    """The moves the panel's controls offer, read from the controls themselves (the buttons' texts or
    the list's entries), with the action each sends."""
    moves = panel.moves()
    words = [m for m, _a in moves]
    if panel.buttons:
        assert [b.description for b in panel.buttons] == words
    elif moves:
        assert [label for label, _i in panel.choice.options] == words
        assert panel.play_button in panel.moves_box.children
    else:
        assert not panel.moves_box.children
    return [a for _m, a in moves]


def check_words(panel: SkylandsSeatPanel) -> None:
    """Each move is a sentence of its own: none empty, none said twice, each ending as a sentence."""
    words = [m for m, _a in panel.moves()]
    assert len(set(words)) == len(words), words
    assert all(w and w[0].isupper() and w.endswith(".") and "{" not in w for w in words), words


def test_a_skylands_seat_plays_from_its_panel(tmp_path: Path) -> None:
    seed = 6
    names = ["Ann", "Bob"]

    async def body(s: Service, url: str) -> None:
        status, made = await s.post("/api/rooms", {"game": "skylands", "seed": seed, "seats": ["human", "human"]})
        assert status == 200, made
        code = made["code"]
        teacher = await s.client(code, {"token": made["teacher_token"]})
        tokens = str(tmp_path / "seats.json")
        seats = [await joined(JoinRoom(code=code, name=n, url=url, token_file=tokens)) for n in names]
        received: list[list[dict[str, Any]]] = [[], []]
        for k, w in enumerate(seats):                     # every view each seat's widget is shown
            shown = w._show
            w._show = lambda v, k=k, shown=shown: (received[k].append(v), shown(v))  # type: ignore[method-assign]
        assert all(isinstance(w.board, SkylandsSeatPanel) and offered(w.board) == [] for w in seats)
        assert all(w.view["legal"] == [] for w in seats)                       # the lobby: nothing yet
        start = await teacher.request({"cmd": "start"})
        assert start["type"] == "reply", start
        n = start["n"]
        rng = random.Random(seed)
        pressed = {"button": 0, "list": 0, "method": 0}
        for step in range(24):
            for w in seats:
                await view_after(w, n)
            events = s.store.load(code).events
            assert len(events) == n
            game = replay(events, names, seed)
            assert game is not None and not game.is_over()
            p = game.current_player()
            actor, other = seats[p], seats[1 - p]
            expected = legal_json(game)
            # the seat to act is offered exactly the engine's legal actions; the other seat none
            assert actor.view["to_act"] and actor.view["legal"] == expected
            assert offered(actor.board) == expected
            check_words(actor.board)
            assert not other.view["to_act"] and other.view["legal"] == [] and offered(other.board) == []
            # press one of them: a button, the list and its button, or the panel's method
            i = rng.randrange(len(expected))
            chosen = expected[i]
            panel = actor.board
            if panel.buttons and step % 2:
                panel.buttons[i].click()
                pressed["button"] += 1
            elif not panel.buttons and step % 2:
                panel.choice.value = i
                panel.play_button.click()
                pressed["list"] += 1
            else:
                reply = await answer(panel.press(i))
                assert reply["type"] == "reply", reply
                pressed["method"] += 1
            await view_after(actor, n + 1)
            after = s.store.load(code).events
            # the room got the move pressed, for the seat that pressed it, and the engine's apply agrees
            assert after[n] == {"t": "act", "seat": p, "a": chosen}
            game.apply(action_from_json(chosen))                     # a RulesError here: not a legal move
            n = len(after)
            for w in seats:
                await view_after(w, n)
            again = replay(after, names, seed)
            assert again is not None and again.history[:len(game.history)] == game.history
            if again.is_over():
                break
            for k, w in enumerate(seats):                    # each seat sees the engine's state, its own way
                assert w.view["n"] == n
                assert w.view["game"]["boards"] == as_json([b.to_dict() for b in again.observation(k).boards])
                assert describe_board(again.boards[k], YOU, score=False) in w.describe()   # its board in words
                assert w.board.picture.value == render_board(again.boards[k], cell=48, coordinates=True).to_svg()
        assert pressed["method"] and (pressed["button"] or pressed["list"]), pressed

        # refused: the seat not to act sends a move of the other's; the seat to act sends one the engine
        # did not list. Each is one line in the status, and the log, the views and the game stay as they were.
        events = s.store.load(code).events
        game = replay(events, names, seed)
        assert game is not None and not game.is_over()
        p = game.current_player()
        actor, other = seats[p], seats[1 - p]
        before = [w.view for w in seats]
        reply = await answer(other.act(actor.view["legal"][0]))
        assert reply["type"] == "error" and reply["error"] in other.message and "\n" not in other.message
        board = game.boards[p]
        off = {"type": "take", "index": 0, "x": board.width, "y": 0, "rotation": 0}
        assert as_json(off) not in actor.view["legal"]
        reply = await answer(actor.act(off))
        assert reply["type"] == "error" and reply["error"] in actor.message
        assert s.store.load(code).events == events
        assert [w.view for w in seats] == before
        assert legal_json(replay(s.store.load(code).events, names, seed)) == actor.view["legal"]

        # every view either seat was ever shown: the legal actions only while the seat was to act, the
        # engine's own for the state of that view (replayed from the log up to it)
        events = s.store.load(code).events
        for k in (0, 1):
            assert received[k]
            for v in received[k]:
                assert v["seat"] == k
                g = replay(events[:v["n"]], names, seed)
                if g is None or g.is_over() or g.current_player() != k or v["status"] != "open":
                    assert v["legal"] == []
                else:
                    assert v["legal"] == legal_json(g)
        for w in seats:
            await w.disconnect()
    run(tmp_path, body)


def test_a_seat_with_a_bot_is_offered_its_moves_after_the_bots_played(tmp_path: Path) -> None:
    """One student and one bot: the bot plays up to the student, whose panel then lists the engine's moves."""
    seed = 9

    async def body(s: Service, url: str) -> None:
        status, made = await s.post("/api/rooms", {"game": "skylands", "seed": seed, "seats": ["greedy", "human"]})
        assert status == 200, made
        code = made["code"]
        teacher = await s.client(code, {"token": made["teacher_token"]})
        w = await joined(JoinRoom(code=code, name="Ann", url=url, token_file=str(tmp_path / "seats.json")))
        start = await teacher.request({"cmd": "start"})
        n = start["n"]
        for _step in range(6):
            await view_after(w, n)
            events = s.store.load(code).events
            game = replay(events, ["Bot 1", "Ann"], seed)
            assert game is not None and game.current_player() == 1       # the bot has played up to Ann
            assert offered(w.board) == legal_json(game) and "It is your turn." in w.describe()
            reply = await answer(w.board.press(len(legal_json(game)) - 1))
            assert reply["type"] == "reply", reply
            n = reply["n"]
            assert s.store.load(code).events[len(events)]["seat"] == 1
        await w.disconnect()
    run(tmp_path, body)


def test_a_paused_room_offers_no_move(tmp_path: Path) -> None:
    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    room, _teacher = rooms.create("skylands", seed=2, seats=["human", "random"])
    assert isinstance(room, TableRoom)
    room.join("Ann")
    assert room.view(0)["legal"] == []                                    # the lobby
    room.start()
    game = replay(rooms.store.load(room.code).events, ["Ann", "Bot 2"], 2)
    assert game is not None and room.view(0)["legal"] == legal_json(game) != []
    assert room.view(1)["legal"] == []
    room.set_status("paused")
    assert room.view(0)["legal"] == []
    w = JoinRoom(token_file=str(tmp_path / "seats.json"))
    w._show(as_json(room.view(0)))
    assert isinstance(w.board, SkylandsSeatPanel) and w.board.moves() == [] and not w.board.moves_box.children
    assert "The teacher has paused the room." in w.describe()
    # an Isle of Skye seat's view lists no moves (its panel builds forms; its price splits run to thousands)
    skye, _t = rooms.create("skye", seed=2, seats=["human", "greedy"])
    skye.join("Ann")
    skye.start()
    assert "legal" not in skye.view(0)


def covering_views(tmp_path: Path, seed: int = 4, side: str = "tactical") -> list[dict[str, Any]]:
    """The views of the seat to act over a whole game of two students who play as the planner bot
    would (every kind of move comes up on this seed, the tactical setup's too)."""
    rooms = Rooms(Store(str(tmp_path / f"cover-{seed}.db")))
    room, _teacher = rooms.create("skylands", seed=seed, seats=["human", "human"], options={"side": side})
    room.join("Ann")
    room.join("Bob")
    room.start()
    views = []
    step = 0
    while not room.game.is_over():
        p = room.game.current_player()
        views.append(as_json(room.view(p)))
        action = make_bot("planner", seed=step).choose(room.game.observation(p))
        room.act(p, as_json(action_to_json(action)))
        step += 1
    views.append(as_json(room.view(0)))
    return views


def test_every_skylands_move_is_said_in_the_readers_language(tmp_path: Path) -> None:
    from i18n_walk import english_words, outside_brackets, page_texts
    views = covering_views(tmp_path)
    kinds = {a["type"] for v in views for a in v["legal"]}
    assert kinds == {"choose", "pass", "take", "deploy", "create", "pay", "convert", "setup_start",
                     "setup_discard"}, kinds
    assert any(a.get("white") for v in views for a in v["legal"])
    assert any(a.get("rotation") for v in views for a in v["legal"])
    assert any(len(v["legal"]) > SEAT_BUTTONS for v in views) and any(len(v["legal"]) <= SEAT_BUTTONS for v in views)
    texts: list[str] = []
    with i18n.speaking("qps"):
        w = JoinRoom(token_file=str(tmp_path / "seats.json"))
        for v in views:
            w._show(v)
            texts += list(page_texts(w)) + [w.describe()]
    left = english_words([outside_brackets(t) for t in texts if t not in (
        "English", "Português", "Polski", "Français", "Español", "ABCD-2345")])
    assert not left, left[:5]
    # in every language the package speaks, every move of every view has a sentence of its own
    for language in ("en", "pt", "pl", "fr", "es"):
        with i18n.speaking(language):
            w = JoinRoom(token_file=str(tmp_path / "seats.json"))
            for v in views[::7]:
                w._show(v)
                check_words(w.board)


def test_the_moves_are_said_from_the_view(tmp_path: Path) -> None:
    """Hand-made moves on a hand-made view: the sentence names the revealed island by its place and its
    terrains, the square and the turns; an island of the board by its terrain and square."""
    from skye_widgets.skylands.components import components
    from skye_widgets.widgets.rooms import skylands_move_words
    comp = components()
    tile = next(t for t in comp.tiles if len(t.parts) == 2 and t.parts[0].terrain != t.parts[1].terrain)
    printed = comp.printed[0]
    view = {"type": "seat", "kind": "skylands", "seat": 0, "status": "open", "to_act": True, "n": 3,
            "game": {"phase": "discover", "revealed": ["x", tile.id], "display": [], "hands": [[]],
                     "boards": [{"tiles": [], "inhabitants": []}], "queue": [[0, False]]}}
    with i18n.speaking("en"):
        words = skylands_move_words({"type": "take", "index": 1, "x": 2, "y": 3, "rotation": 3}, view)
        assert words == (f"Take revealed island 2 ({tile.parts[0].terrain} and {tile.parts[1].terrain}), turn it "
                         "3 quarters clockwise and place it on square (2, 3) of your board.")
        words = skylands_move_words({"type": "deploy", "islands": [[printed.x, printed.y, 0]]}, view)
        assert words == (f"Fill the {printed.tile.parts[0].terrain} island at ({printed.x}, {printed.y}) "
                         "with inhabitants.")
        assert skylands_move_words({"type": "choose", "action": "convert", "repeat": True}, view) == \
            "Flip your once-per-game marker and do Convert energy again."

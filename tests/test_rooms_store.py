"""Rooms in SQLite (issue 31, skye_widgets/rooms/store.py): nothing acknowledged is lost (a fresh
Store, and a writer killed with SIGKILL), reopening replays the log into the same games, idle rooms
expire, every size is bounded, and a bad request changes nothing."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from skye_widgets.errors import RulesError
from skye_widgets.rooms.room import ClassRoom, Rooms, TableRoom
from skye_widgets.rooms.store import (CODE_ALPHABET, CODE_LENGTH, MAX_EVENT_BYTES, MAX_SEATS, NoSuchRoomError,
                                      RoomError, StaleRoomError, Store, normalise_code)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def play_skye(room: TableRoom, seat: int, moves: int, seed: int = 0) -> int:
    """Seat ``seat`` plays up to ``moves`` random legal actions; how many it played."""
    rng = random.Random(seed)
    played = 0
    while played < moves and not room.game.is_over():
        room.act(seat, room.game.random_action(rng, seat).to_dict())
        played += 1
    return played


def new_table(store: Store, seed: int = 3) -> TableRoom:
    room, _token = Rooms(store).create("skye", seed=seed, seats=["human", "greedy", "random"])
    assert isinstance(room, TableRoom)
    room.join("Ann")
    room.start()
    return room


def test_acknowledged_actions_survive_a_fresh_store(tmp_path: Path) -> None:
    path = str(tmp_path / "rooms.db")
    store = Store(path)
    room = new_table(store)
    play_skye(room, 0, 12)
    live = room.game.to_dict()
    n = room.n
    # a second Store on the same file, as a restarted service would open it (the first never closed)
    again = Store(path)
    record = again.load(room.code)
    assert len(record.events) == n
    reopened = TableRoom(again, record)
    assert reopened.game.to_dict() == live
    assert reopened.view(0) == room.view(0) and reopened.public_view() == room.public_view()


def test_the_database_is_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "rooms.db"))
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2        # FULL


WRITER = textwrap.dedent("""
    import random, sys
    from skye_widgets.rooms.store import Store
    from skye_widgets.rooms.room import Rooms
    store = Store(sys.argv[1])
    room, _t = Rooms(store).create("skye", seed=11, seats=["human", "random", "greedy"])
    room.join("Ann")
    room.start()
    print("room", room.code, flush=True)
    rng = random.Random(5)
    while not room.game.is_over():
        room.act(0, room.game.random_action(rng, 0).to_dict())
        print("acked", room.n, flush=True)      # acknowledged: act() returned after the commit
    print("over", flush=True)
""")


def test_a_writer_killed_with_sigkill_loses_no_acknowledged_action(tmp_path: Path) -> None:
    path = str(tmp_path / "rooms.db")
    proc = subprocess.Popen([sys.executable, "-c", WRITER, path], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        code = proc.stdout.readline().split()[1]
        acked = 0
        for _line in range(15):                     # 15 acknowledgements, then the kill (bounded: the game has ~20+)
            words = proc.stdout.readline().split()
            assert words and words[0] == "acked", words
            acked = int(words[1])
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    store = Store(path)
    record = store.load(code)
    assert len(record.events) >= acked
    room = TableRoom(store, record)                 # the log replays through the engine
    assert room.n == len(record.events)
    # and the game goes on from there
    assert play_skye(room, 0, 3, seed=9) >= 1 or room.game.is_over()


def test_replay_equals_the_live_class_game(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "rooms.db"))
    room, _token = Rooms(store).create("hashi", seed=5, seats=["greedy", "random"])
    assert isinstance(room, ClassRoom)
    rng = random.Random(2)
    seats = [room.join(name)[0] for name in ("Ann", "Bob", "Cy")]
    for _card in range(room.n_cards + 1):
        for seat in seats:
            for _step in range(6):
                legal = room.view(seat)["sheet"]["legal"]
                if not legal:
                    break
                room.act(seat, rng.choice(legal))
        room.flip(room.turned)
    assert room.over() and room.status == "closed"
    again = ClassRoom(Store(str(tmp_path / "rooms.db")), store.load(room.code))
    assert [g.to_dict() for g in again.sheets] == [g.to_dict() for g in room.sheets]
    assert again.public_view() == room.public_view()
    assert all(again.view(s) == room.view(s) for s in range(len(room.seats)))


def test_idle_rooms_expire(tmp_path: Path) -> None:
    clock = Clock()
    store = Store(str(tmp_path / "rooms.db"), idle=3600, clock=clock)
    rooms = Rooms(store)
    old, _t = rooms.create("hashi", seed=1)
    clock.now += 1800
    young, _t = rooms.create("hashi", seed=2)
    clock.now += 1801                                   # old: idle 3601 s; young: 1801 s
    assert store.codes() == [young.code]
    with pytest.raises(NoSuchRoomError):
        store.load(old.code)
    assert rooms.expire() == [old.code]
    with pytest.raises(NoSuchRoomError):
        rooms.get(old.code)
    assert store.db.execute("SELECT COUNT(*) FROM events WHERE code = ?", (old.code,)).fetchone()[0] == 0
    young.join("Ann")                                    # a join touches the room
    clock.now += 3000
    assert store.codes() == [young.code]


def test_codes_and_tokens(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "rooms.db"))
    rooms = Rooms(store)
    room, teacher = rooms.create("hashi", seed=1)
    assert len(room.code) == CODE_LENGTH and set(room.code) <= set(CODE_ALPHABET)
    seat, token = room.join("Ann")
    assert room.seat_of(token) == seat and store.is_teacher(room.code, teacher)
    assert not store.is_teacher(room.code, token) and store.seat_of(room.code, teacher) is None
    assert rooms.get(room.code.lower()[:4] + "-" + room.code.lower()[4:]) is room
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert token.encode() not in raw and teacher.encode() not in raw       # only their hashes are stored
    for bad in ("", "ABC", "A" * 9, "ABCD-EFG!", 12345678, None):
        with pytest.raises(NoSuchRoomError):
            normalise_code(bad)


def test_bounds(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "rooms.db"), max_rooms=2)
    rooms = Rooms(store)
    room, _t = rooms.create("hashi", seed=1, options={"seats": 3})
    rooms.create("hashi", seed=2)
    with pytest.raises(RoomError, match="2 rooms open"):
        rooms.create("hashi", seed=3)
    for name in ("x" * 41, "a\nb", "\u202eevil", "", "   ", 7, None):
        with pytest.raises(RoomError):
            room.join(name)
    for name in ("Ann", "Bob", "Cy"):
        room.join(name)
    with pytest.raises(RoomError, match="full"):
        room.join("Dee")
    with pytest.raises(RoomError, match="at most"):
        store.create_room("hashi", {"board": "x" * 5000}, 0)
    with pytest.raises(RoomError, match=f"at most {MAX_SEATS} seats"):
        store.create_room("skye", {}, 0, [(None, "human", None)] * (MAX_SEATS + 1))
    with pytest.raises(RoomError, match=f"at most {MAX_EVENT_BYTES} bytes"):
        store.append(room.code, room.n, [{"t": "act", "seat": 0, "a": ["x" * MAX_EVENT_BYTES]}])
    with pytest.raises(RoomError, match="nests"):
        store.append(room.code, room.n, [{"t": [[[[[[[1]]]]]]]}])
    assert len(store.load(room.code).events) == room.n


def test_sixty_sheets_and_no_more(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "rooms.db"))
    room, _t = Rooms(store).create("hashi", seed=4)
    for k in range(MAX_SEATS):
        room.join(f"Student {k + 1}")
    with pytest.raises(RoomError, match="full"):
        room.join("One too many")
    assert len(room.sheets) == MAX_SEATS == len(store.load(room.code).seats)


def test_a_stale_writer_is_refused(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "rooms.db"))
    room = new_table(store)
    n = room.n
    with pytest.raises(StaleRoomError):
        store.append(room.code, n - 1, [{"t": "status", "v": "paused"}])
    assert len(store.load(room.code).events) == n


@pytest.mark.parametrize("bad", [
    {"type": "prices"},                                      # malformed
    {"type": "buy", "player": 0, "seller": 1, "tile": "1"},  # wrong phase
    {"type": "pass", "player": 1},                           # another seat
    {"type": "pass", "player": True},
    "undo", None, [1, 2], {"type": "place", "player": 0, "tile": "1", "x": 1.5, "y": 0, "rotation": 0},
])
def test_bad_input_gives_a_clear_error_and_changes_nothing(tmp_path: Path, bad: object) -> None:
    store = Store(str(tmp_path / "rooms.db"))
    room = new_table(store)
    before, n, views = room.game.to_dict(), room.n, json.dumps(room.view(0))
    with pytest.raises(RulesError) as info:
        room.act(0, bad)
    message = str(info.value)
    assert message and "\n" not in message and "Traceback" not in message
    assert room.game.to_dict() == before and room.n == n == len(store.load(room.code).events)
    assert json.dumps(room.view(0)) == views


def test_bad_input_to_a_class_changes_nothing(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "rooms.db"))
    room, _t = Rooms(store).create("hashi", seed=4)
    seat, _token = room.join("Ann")
    for bad in (["setup", 0, 0, 5], ["write", 1, 1], ["bridge", 0, 0, 0, 1], ["end", 1], ["fly"], "undo", {}, 3):
        before, n = room.sheets[seat].to_dict(), room.n
        with pytest.raises(RulesError):
            room.act(seat, bad)
        assert room.sheets[seat].to_dict() == before and room.n == n == len(store.load(room.code).events)


def test_a_failed_commit_leaves_the_room_as_the_log_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(str(tmp_path / "rooms.db"))
    room = new_table(store)
    before, n = room.game.to_dict(), room.n

    def broken(*args: object, **kwargs: object) -> int:
        raise OSError("disk full")
    monkeypatch.setattr(store, "append", broken)
    rng = random.Random(1)
    with pytest.raises(OSError):
        room.act(0, room.game.random_action(rng, 0).to_dict())
    assert room.game.to_dict() == before and room.n == n


def test_a_group_commit_keeps_each_write_whole(tmp_path: Path) -> None:
    path = str(tmp_path / "rooms.db")
    store = Store(path)
    room = new_table(store)
    n = room.n
    rng = random.Random(4)
    with store.batch():
        room.act(0, room.game.random_action(rng, 0).to_dict())           # kept
        with pytest.raises(RulesError):
            room.act(0, {"type": "pass", "player": 1})                    # refused: nothing of it written
        with pytest.raises(StaleRoomError):
            store.append(room.code, n, [{"t": "status", "v": "paused"}])  # a failed write is undone alone
        assert len(Store(path).load(room.code).events) == n              # nothing visible before the commit
    assert len(Store(path).load(room.code).events) == room.n > n
    live = room.game.to_dict()
    with pytest.raises(ZeroDivisionError):
        with store.batch():
            store.append(room.code, room.n, [{"t": "status", "v": "paused"}])
            1 / 0
    assert TableRoom(Store(path), Store(path).load(room.code)).game.to_dict() == live
    assert Store(path).load(room.code).events[-1]["t"] != "status"

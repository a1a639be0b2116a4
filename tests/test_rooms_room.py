"""One room over the engines' protocol (issue 31, skye_widgets/rooms/room.py): every message each
client receives over whole seeded games carries nothing hidden from its seat; only a seat's holder
acts for it, only the teacher flips, pauses or undoes; joins are rate-limited; Hashi's class flips
the same cards for every sheet, and a student who misses the flip has passed."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from skye_widgets.rooms.room import (ClassRoom, JoinLimiter, NotAllowedError, Rooms, TableRoom, TooManyJoinsError,
                                     Update)
from skye_widgets.rooms.store import RoomError, Store


def plain(data: Any) -> Any:
    """As a client receives it: through JSON."""
    return json.loads(json.dumps(data))


class Clients:
    """Every message each client would receive: after each operation, each seat whose view changed
    gets its view, and the projector gets the public view (what the service sends)."""

    def __init__(self, room: Any) -> None:
        self.room = room
        self.received: dict[Any, list[dict[str, Any]]] = {}

    def deliver(self, update: Update, check: Any) -> None:
        for seat in sorted(update.seats):
            message = plain(self.room.view(seat))
            check(seat, message)
            self.received.setdefault(seat, []).append(message)
        message = plain(self.room.public_view())
        check(None, message)
        self.received.setdefault("projector", []).append(message)


# -- Isle of Skye: gold and secret prices --------------------------------------------

def skye_check(room: TableRoom) -> Any:
    def check(seat: int | None, message: dict[str, Any]) -> None:
        game = room.game
        view = message["game"]
        if seat is not None:
            assert message["type"] == "seat" and message["seat"] == seat
            assert view == plain(game.observation(seat).view())        # exactly what the seat may know
        players = view["players"]
        for q, entry in enumerate(players):
            if q == seat:
                assert entry["gold"] == game.gold[q]
                continue
            assert entry["gold"] is None                                # gold stays behind each screen
            if view["phase"] == "prices":                               # no decision shown before all are made
                assert "prices" not in entry and "discard" not in entry
        if view["phase"] == "prices" and seat is not None and game.decisions[seat] is not None:
            assert players[seat]["prices"] == dict(game.decisions[seat].prices)
    return check


@pytest.mark.parametrize("seed, seats", [(1, ["human", "human", "greedy"]), (2, ["human", "random", "human", "greedy", "human"]),
                                         (3, ["human", "human"])])
def test_no_skye_seat_receives_another_seats_hidden_information(tmp_path: Path, seed: int, seats: list[str]) -> None:
    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    room, _teacher = rooms.create("skye", seed=seed, seats=seats)
    assert isinstance(room, TableRoom)
    humans = [i for i, s in enumerate(seats) if s == "human"]
    for i in humans:
        assert room.join(f"Student {i}")[0] == i
    clients = Clients(room)
    check = skye_check(room)
    clients.deliver(room.start(), check)
    rng = random.Random(seed)
    secret_seen = 0
    for _step in range(2000):
        if room.game.is_over():
            break
        deciders = [p for p in room.game.decision_players() if p in humans]
        seat = rng.choice(deciders)             # simultaneous prices: any undecided student, in any order
        update = room.act(seat, room.game.random_action(rng, seat).to_dict())
        assert update.reply == {"ok": True}     # the acting seat is told it was done, nothing more
        if room.game.phase == "prices" and any(d is not None for d in room.game.decisions):
            secret_seen += 1
        clients.deliver(update, check)
    assert room.game.is_over()
    assert secret_seen > 0 or len(humans) == len(seats) == 2   # the test did see decisions kept secret
    final = clients.received["projector"][-1]
    assert final["scores"] == [r.points for r in room.game.scores()]
    assert all(len(clients.received[s]) > 5 for s in humans)


def test_a_skye_seat_acts_for_itself_only(tmp_path: Path) -> None:
    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    room, teacher = rooms.create("skye", seed=7, seats=["human", "human", "planner"])
    _room, a, token_a = rooms.join(room.code, "Ann", "10.0.0.1")
    _room, b, token_b = rooms.join(room.code, "Bob", "10.0.0.2")
    assert room.seat_of(token_a) == a and room.seat_of(token_b) == b
    with pytest.raises(NotAllowedError):
        room.seat_of("not a token")
    with pytest.raises(RoomError, match="not started"):
        room.act(a, {"type": "pass", "player": a})
    with pytest.raises(NotAllowedError):
        rooms.teacher(room.code, token_a)
    assert isinstance(rooms.teacher(room.code, teacher), TableRoom)
    with pytest.raises(RoomError, match="(?i)every seat"):
        rooms.join(room.code, "Cy", "10.0.0.3")
    room.start()
    assert room.game.decision_players() == [0, 1]                # the bot has priced already
    rng = random.Random(1)
    with pytest.raises(NotAllowedError):
        room.act(a, room.game.random_action(rng, b).to_dict())    # Ann pricing for Bob
    with pytest.raises(NotAllowedError):
        room.act(2, {"type": "pass", "player": 2})               # a bot's seat


def test_the_teacher_pauses_resumes_undoes_and_closes(tmp_path: Path) -> None:
    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    room, _teacher = rooms.create("skye", seed=8, seats=["human", "greedy"])
    assert isinstance(room, TableRoom)
    room.join("Ann")
    with pytest.raises(RoomError):
        room.undo()
    room.start()
    rng = random.Random(3)
    room.set_status("paused")
    with pytest.raises(RoomError, match="paused"):
        room.act(0, room.game.random_action(rng, 0).to_dict())
    room.set_status("open")
    before = room.game.to_dict()
    room.act(0, room.game.random_action(rng, 0).to_dict())
    assert room.game.to_dict() != before
    room.undo()                                                    # back to before Ann's action (bots' too)
    assert room.game.to_dict() == before
    room.set_status("closed")
    with pytest.raises(RoomError, match="closed"):
        room.act(0, room.game.random_action(rng, 0).to_dict())
    with pytest.raises(RoomError, match="closed"):
        room.set_status("open")
    reopened = TableRoom(room.store, room.store.load(room.code))
    assert reopened.status == "closed" and reopened.game.to_dict() == before


# -- Hashi for a class: the same cards, flipped by the teacher --------------------------

def card_pairs(data: Any) -> list[tuple[int, int]]:
    """Every card a message shows (its "card" and "played" fields, anywhere in it)."""
    out: list[tuple[int, int]] = []
    stack = [data]
    while stack:
        d = stack.pop()
        if isinstance(d, dict):
            for k, v in d.items():
                if k == "card" and v is not None:
                    out.append(tuple(v))
                elif k == "played":
                    out.extend(tuple(c) for c in v)
                else:
                    stack.append(v)
        elif isinstance(d, list):
            stack.extend(d)
    return out


def hashi_check(room: ClassRoom) -> Any:
    pile = [(c.number, c.bridges) for c in room.reference.pile]

    def check(seat: int | None, message: dict[str, Any]) -> None:
        flipped = pile[:room.turned]
        for card in card_pairs(message):
            assert card in flipped, f"card {card} shown before its flip (flipped: {len(flipped)})"
        if seat is None:
            assert message["card"] == (list(pile[room.turned - 1]) if 1 <= room.turned <= len(pile) else None)
            return
        sheet = message["sheet"]
        assert sheet["seat"] == seat and "sheets" not in message       # its own sheet only
        if room.waiting(seat):
            assert sheet["legal"] == [] and sheet["card"] is None
        if room.status != "open":
            assert sheet["legal"] == []
        if sheet["phase"] == "play" and not room.waiting(seat):
            assert sheet["card"] == list(pile[room.turned - 1])
        mine = room.sheets[seat].observation(0)
        assert sheet["numbers"] == sorted([x, y, k] for (x, y), k in mine.sheet(0).numbers.items())
    return check


def assert_class_scoring(room: ClassRoom, board: dict[str, Any]) -> None:
    """The projector's race and scores follow the rulebook's scoring for several players (9/7/8 at the
    first card any sheet reached a category, 5/3/4 later), from the engines' own achievements."""
    from skye_widgets.hashi.game import CATEGORIES
    firsts = {}
    for g in room.sheets:
        for a in g.achievements:
            firsts[a.category] = min(firsts.get(a.category, 99), a.card)
    for category, r in board["race"].items():
        if category not in firsts:
            assert r is None
            continue
        assert r["after_card"] == firsts[category] and r["points"] == CATEGORIES[category][1]
        assert r["seats"] == [s for s, g in enumerate(room.sheets)
                              if any(a.category == category and a.card == firsts[category] for a in g.achievements)]
    for row in board["seats"]:
        g = room.sheets[row["seat"]]
        islands = g.score(0).points - sum(a.points for a in g.achievements)
        expected = islands + sum(CATEGORIES[a.category][1] if a.card == firsts[a.category] else CATEGORIES[a.category][2]
                                 for a in g.achievements)
        assert row["score"] == expected and row["solo_score"] == g.score(0).points
    ranks = {r["seat"]: r["rank"] for r in board["seats"]}
    scores = {r["seat"]: r["score"] for r in board["seats"]}
    assert all(ranks[s] == 1 + sum(scores[t] > scores[s] for t in scores) for s in scores)


def play_class(room: ClassRoom, seats: list[int], rng: random.Random, clients: Clients, check: Any,
               miss: float = 0.2) -> None:
    """Each student plays each card (random legal actions, ending the turn), except that with
    probability ``miss`` they stop half-way and miss the flip."""
    for _card in range(room.n_cards + 1):
        for seat in seats:
            stop_after = rng.randrange(1, 4) if rng.random() < miss else 99
            for _step in range(stop_after):
                legal = room.view(seat)["sheet"]["legal"]
                if not legal:
                    break
                ends = [a for a in legal if a == ["end"]]
                action = rng.choice([a for a in legal if a != ["end"]] or ends)
                clients.deliver(room.act(seat, action), check)
        clients.deliver(room.flip(room.turned), check)


@pytest.mark.parametrize("seed", [1, 2])
def test_no_hashi_message_shows_a_card_before_its_flip(tmp_path: Path, seed: int) -> None:
    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    room, _teacher = rooms.create("hashi", seed=seed, seats=["greedy", "planner"])
    assert isinstance(room, ClassRoom)
    seats = [room.join(f"Student {k}")[0] for k in range(4)]
    clients = Clients(room)
    check = hashi_check(room)
    play_class(room, seats, random.Random(seed), clients, check)
    assert room.over() and all(g.is_over() for g in room.sheets)
    assert all("pile" not in m and "removed_card" not in m for msgs in clients.received.values() for m in msgs)
    board = clients.received["projector"][-1]
    assert board["over"] and board["done"] == len(room.seats)
    assert board["leaderboard"] == sorted(range(len(room.seats)), key=lambda s: (-room.class_score(s), s))
    assert_class_scoring(room, board)
    # every sheet saw the same cards, in the room's order
    played = {tuple((c.number, c.bridges) for c in g.played_cards()) for g in room.sheets}
    assert len(played) == 1


def test_a_student_who_misses_the_flip_has_passed(tmp_path: Path) -> None:
    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    room, _teacher = rooms.create("hashi", seed=3)
    assert isinstance(room, ClassRoom)
    seat, _token = room.join("Ann")
    room.act(seat, room.view(seat)["sheet"]["legal"][0])             # the setup
    assert room.waiting(seat) and room.view(seat)["sheet"]["card"] is None
    with pytest.raises(RoomError, match="flip"):
        room.act(seat, ["end"])
    room.flip(0)
    g = room.sheets[seat]
    before = (dict(g.sheet(0).numbers), dict(g.sheet(0).bridges))
    writes = [a for a in room.view(seat)["sheet"]["legal"] if a[0] == "write"]
    room.act(seat, writes[0])                                         # half a turn ...
    assert dict(g.sheet(0).numbers) != before[0]
    room.act(seat, "undo")                                            # a student takes back their own action
    assert dict(g.sheet(0).numbers) == before[0]
    room.act(seat, writes[0])
    room.flip(1)                                                      # ... and the flip comes
    assert (dict(g.sheet(0).numbers), dict(g.sheet(0).bridges)) == before
    assert g.round == 2 and room.view(seat)["sheet"]["card"] == [room.reference.pile[1].number,
                                                                room.reference.pile[1].bridges]


def test_a_late_student_catches_up(tmp_path: Path) -> None:
    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    room, _teacher = rooms.create("hashi", seed=6, seats=["random"])
    assert isinstance(room, ClassRoom)
    for k in range(3):
        room.flip(k)
    seat, _token = room.join("Late")
    assert room.view(seat)["sheet"]["phase"] == "setup"
    room.act(seat, room.view(seat)["sheet"]["legal"][0])
    assert room.sheets[seat].round == room.turned == 3 and not room.waiting(seat)
    assert room.view(seat)["sheet"]["played"] == [[c.number, c.bridges] for c in room.reference.pile[:3]]


def test_the_teachers_open_hand_shows_the_pile(tmp_path: Path) -> None:
    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    room, _teacher = rooms.create("hashi", seed=5)
    assert isinstance(room, ClassRoom)
    room.flip(0)
    room.flip(1)
    teacher = plain(room.public_view(open_hand=True))
    assert teacher["pile"] == [[c.number, c.bridges] for c in room.reference.pile[2:]]    # after the 2 flipped
    assert teacher["removed_card"] == [room.reference.removed_card.number, room.reference.removed_card.bridges]
    assert "pile" not in room.public_view()


def test_two_teachers_flip_once(tmp_path: Path) -> None:
    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    room, teacher = rooms.create("hashi", seed=2)
    assert isinstance(room, ClassRoom)
    seen = room.turned
    rooms.teacher(room.code, teacher).flip(seen)
    with pytest.raises(RoomError, match="already flipped"):
        rooms.teacher(room.code, teacher).flip(seen)
    assert room.turned == seen + 1
    with pytest.raises(RoomError):
        room.undo()


def test_bots_play_their_own_sheets_only(tmp_path: Path) -> None:
    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    room, _teacher = rooms.create("hashi", seed=2, seats=["greedy"])
    assert isinstance(room, ClassRoom)
    with pytest.raises(NotAllowedError):
        room.act(0, ["end"])
    with pytest.raises(RoomError):
        room.add_bots(["nobody"])
    assert room.done(0)                                               # set up at once


def test_wrong_codes_are_rate_limited_per_address(tmp_path: Path) -> None:
    now = [0.0]
    rooms = Rooms(Store(str(tmp_path / "rooms.db")), JoinLimiter(per_window=10, window=60, clock=lambda: now[0]))
    room, _teacher = rooms.create("hashi", seed=2)
    for k in range(30):
        rooms.join(room.code, f"S{k}", "10.0.0.9")                     # a class behind one router joins
    for _k in range(10):
        with pytest.raises(RoomError):
            rooms.join("ZZZZZZZZ", "Guess", "10.0.0.9")               # ten wrong codes ...
    with pytest.raises(TooManyJoinsError):
        rooms.join(room.code, "S30", "10.0.0.9")                       # ... and even the right one waits
    rooms.join(room.code, "Other", "10.0.0.10")                        # another address is not held back
    now[0] += 61
    rooms.join(room.code, "S30", "10.0.0.9")
    assert len(room.seats) == 32


def test_the_rooms_import_no_game_and_no_widget_until_a_room_is_opened() -> None:
    """skye_widgets.rooms (store, room, the command's registration) imports no game, no widget and no
    tornado: a game is imported when a room of it is opened, tornado by the service alone."""
    import subprocess
    import sys

    code = ("import sys, argparse; import skye_widgets.rooms.store, skye_widgets.rooms.room, skye_widgets.rooms.cli as c;"
            "c.register(argparse.ArgumentParser().add_subparsers());"
            "print(sorted(m for m in sys.modules if m.startswith(('skye_widgets.skye', 'skye_widgets.hashi', "
            "'skye_widgets.skylands', 'skye_widgets.widgets', 'tornado', 'ipywidgets'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_auto_flip_and_a_removed_seat(tmp_path: Path) -> None:
    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    for bad in ({"auto_flip": 1}, {"seats": "30"}, {"seats": 61}, {"colour": "red"}):
        with pytest.raises(RoomError):
            rooms.create("hashi", seed=1, options=bad)
    with pytest.raises(RoomError, match=r"^A skye room takes no options, not 'players'\.$"):
        rooms.create("skye", seed=1, seats=["human", "greedy"], options={"players": 9})
    room, _teacher = rooms.create("hashi", seed=9, options={"auto_flip": True}, seats=["greedy"])
    assert isinstance(room, ClassRoom)
    (ann, ann_token), (bob, bob_token) = room.join("Ann"), room.join("Bob")
    room.act(ann, room.view(ann)["sheet"]["legal"][0])
    assert room.turned == 0                                         # Bob has not set up
    room.act(bob, room.view(bob)["sheet"]["legal"][0])
    assert room.turned == 1                                         # both done: card 1 flipped by itself
    room.act(ann, ["end"])
    assert room.turned == 1 and room.public_view()["students_done"] == 1
    room.remove(bob)                                                # the room no longer waits for Bob
    assert room.turned == 2
    with pytest.raises(NotAllowedError):
        room.seat_of(bob_token)
    assert room.seat_of(ann_token) == ann
    with pytest.raises(RoomError):
        room.remove(bob)
    with pytest.raises(RoomError):
        room.remove(0)                                              # a bot's sheet
    board = room.public_view()
    assert [s["seat"] for s in board["seats"]] == [0, ann] and board["students"] == 1
    again = ClassRoom(room.store, room.store.load(room.code))
    assert again.removed == {bob} and again.public_view() == room.public_view()


# -- Skylands: the island stack's order --------------------------------------------------

@pytest.mark.parametrize("seed, side", [(1, "beginner"), (2, "tactical")])
def test_no_skylands_message_shows_the_stack_order(tmp_path: Path, seed: int, side: str) -> None:
    from skye_widgets.rooms.room import skylands_view

    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    seats = ["human", "greedy", "human"]
    room, _teacher = rooms.create("skylands", seed=seed, seats=seats, options={"side": side})
    assert isinstance(room, TableRoom)
    room.join("Ann")
    room.join("Cy")
    clients = Clients(room)

    def check(seat: int | None, message: dict[str, Any]) -> None:
        view = message["game"]
        assert "stack" not in view and view["stack_size"] == len(room.game.stack)
        if seat is not None:
            assert view == plain(skylands_view(room.game.observation(seat)))
            # the seat's legal actions, only in its own view and only while it is to act (the engine's list)
            to_act = not room.game.is_over() and room.game.current_player() == seat
            assert message["legal"] == ([skylands_json(a) for a in room.game.legal_actions()] if to_act else [])
        else:
            assert "legal" not in message
    clients.deliver(room.start(), check)
    rng = random.Random(seed)
    for _step in range(3000):
        if room.game.is_over():
            break
        seat = room.game.current_player()
        assert seats[seat] == "human"                                 # the bots have played up to a student
        update = room.act(seat, skylands_json(rng.choice(room.game.legal_actions())))
        clients.deliver(update, check)
    assert room.game.is_over()
    teacher = plain(room.public_view(open_hand=True))["game"]
    assert teacher["stack"] == list(reversed(room.game.stack))


def skylands_json(action: Any) -> Any:
    from skye_widgets.skylands.game import action_to_json
    return plain(action_to_json(action))


def test_bots_added_late_catch_up_and_play(tmp_path: Path) -> None:
    rooms = Rooms(Store(str(tmp_path / "rooms.db")))
    room, _teacher = rooms.create("hashi", seed=12)
    assert isinstance(room, ClassRoom)
    for k in range(4):
        room.flip(k)
    room.add_bots(["greedy", "random"])
    for seat in (0, 1):
        g = room.sheets[seat]
        assert g.phase == "play" and g.round == room.turned + 1 and room.waiting(seat)   # its turn on card 4 played
        assert len(room.view(seat)["sheet"]["played"]) == 4
    room.flip(4)
    assert all(room.sheets[s].round == 6 for s in (0, 1))

"""One room's games, held through the engines' protocol only, and what each client may receive.

A room has no rules of its own: every move goes to the engine's ``apply`` (a
``RulesError`` refuses it and changes nothing), bots decide from
``observation(seat)``, a take-back is the engine's ``undo``. What the room adds
is who may ask for what, and who receives what:

* **Only a seat's holder acts for the seat** (the seat's token), and only the
  teacher (the teacher's token) starts, flips, pauses, resumes, undoes or closes.
* **A seat receives only what its seat may know**: its view is made from the
  engine's ``observation(seat)`` alone (:meth:`Room.view`); the projector's view
  (:meth:`Room.public_view`) from what every seat may know. An action of one seat
  is never sent to another: the others receive their new views.
* **Every change is in the log before it is acknowledged.** An operation performs
  its events on the games, then commits them to the :class:`~.store.Store` in one
  transaction, and only then returns; if anything fails half-way, the room is
  rebuilt from the store, so memory never holds what the log does not.
* **Reopening replays the log** through the engines: the same events on the same
  seeds give the same games (bots' moves are in the log too; a bot deciding is
  seeded from the room's seed, its seat and the move number, so it decides the
  same after a restart).

Two kinds of room:

* :class:`TableRoom` - one game, 2-5 seats of students and bots. Isle of Skye:
  the secret prices are the engine's own simultaneous phase: every seat in
  ``decision_players()`` may decide, and each seat's view shows the others'
  decisions only once the engine reveals them. Skylands (2-4 seats): the island
  stack's order is all it hides, and no view but the teacher's open hand holds it.
* :class:`ClassRoom` - Hashi for a whole class. The engine is for 1-4 players,
  so each student (up to :data:`~.store.MAX_SEATS`) plays a **solo game of their
  own on the room's seed**: the same seed shuffles the same deck, so every sheet
  sees the same card sequence. The teacher flips the next card; a student may
  play a card only once it is flipped (a sheet that has ended its turn waits, and
  its view shows no card until the flip); whoever has not ended their turn at the
  flip has passed (the room takes back their unfinished turn with ``undo`` and
  ends it with the engine's ``EndTurn``). Each sheet's engine scores it alone (the
  seat view's ``score``: the solo scoring, with its card deadlines); the class's game
  (``class_score``, the projector's leaderboard) scores each category as the rulebook
  does for several players: the sheets that reached it after the first card any sheet
  did score the full points (9 / 7 / 8), the later ones fewer (5 / 3 / 4). The race
  (who reached a category first, at which card) is read from the engines' achievements.

:class:`Rooms` is the service's set of rooms: it creates and opens them, and
rate-limits wrong room codes per client address (:class:`JoinLimiter`).
"""

from __future__ import annotations

import hashlib
import importlib
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ..errors import RulesError
from ..i18n import _
from ..limits import short
from .store import (MAX_SEATS, NoSuchRoomError, RoomError, RoomRecord, Store, check_name, normalise_code,
                    seats_most)

#: Joins with a wrong room code one client address may try per :data:`JOIN_WINDOW` seconds.
JOINS_PER_WINDOW = 10
JOIN_WINDOW = 60.0
#: Addresses the join limiter remembers (the oldest is forgotten first).
MAX_ADDRESSES = 10_000
#: Rooms kept in memory at once (the others are reopened from the store when asked for).
MAX_OPEN_ROOMS = 200


class NotAllowedError(RoomError):
    """The token does not allow this (not the seat's holder, not the teacher)."""


class TooManyJoinsError(RoomError):
    """This address tried to join too often; it waits a little."""


# -- the games a room can hold -------------------------------------------------

@dataclass(frozen=True)
class GameKind:
    """How a room reads and writes one game's actions as JSON (the engine's own action classes
    check every field), and which seat an action claims to be for (None: the player to act)."""

    name: str
    module: str
    parse: Callable[[Any], Any]
    dump: Callable[[Any], Any]
    claims: Callable[[Any], int | None]
    #: a table's views: what seat ``s`` may know (from ``observation(s)`` only), and the public view
    #: (``open_hand``: the teacher's "show hidden information")
    seat_view: Callable[[Any, int], dict[str, Any]] = lambda game, seat: {}
    public_view: Callable[[Any, bool], dict[str, Any]] = lambda game, open_hand: {}
    #: a seat's view lists the seat's legal actions when it is to act (``"legal"``; Skylands: its seat panel
    #: offers them). Not Isle of Skye's: its price splits run to thousands, and its panel builds forms instead.
    legal_in_view: bool = False


def skylands_view(state: Any, *, stack: bool = False) -> dict[str, Any]:
    """A Skylands state (an observation, or the game for the projector) as plain data. Everything
    in Skylands is open on the table but the island stack's order: only its size is given, and the
    stack top first only with ``stack=True`` (the teacher's open hand)."""
    out = {"side": state.side, "phase": state.phase, "round": state.round, "active": state.active, "to_act": state.current_player(),
           "start_player": state.start_player, "action": state.action, "revealed": list(state.revealed),
           "display": list(state.display), "discard": list(state.discard), "supply": dict(state.supply),
           "vp": list(state.vp), "vp_supply": state.vp_supply, "overflow": list(state.overflow),
           "marker_active": list(state.marker_active), "token": list(state.token),
           "queue": [list(q) for q in state.queue], "hands": [list(h) for h in state.hands],
           "setup_step": list(state.setup_step), "boards": [b.to_dict() for b in state.boards],
           "stack_size": len(state.stack), "log": list(state.log[-20:]),
           # a Create waiting for its payment: [display slot, x, y, rotation, white] (open on the table)
           "paying": None if state.paying is None else list(state.paying)}
    if stack:
        out["stack"] = list(reversed(state.stack))
    return out


def _kind(name: str) -> GameKind:
    if name == "skye":
        g = importlib.import_module("skye_widgets.skye.game")
        return GameKind("skye", "skye_widgets.skye", g.action_from_dict, lambda a: a.to_dict(), lambda a: a.player,
                        lambda game, seat: game.observation(seat).view(),
                        lambda game, open_hand: game.view(-1, open_hand=open_hand))
    if name == "hashi":
        g = importlib.import_module("skye_widgets.hashi.game")
        return GameKind("hashi", "skye_widgets.hashi", g.action_from_json, g.action_to_json, lambda a: None)
    if name == "skylands":
        g = importlib.import_module("skye_widgets.skylands.game")
        return GameKind("skylands", "skye_widgets.skylands", g.action_from_json, g.action_to_json, lambda a: None,
                        lambda game, seat: skylands_view(game.observation(seat)),
                        lambda game, open_hand: skylands_view(game, stack=open_hand), legal_in_view=True)
    # Translators: {value} is the game's name as it was sent, in quotes (not translated)
    raise RoomError(_("There is no game {value} for a room (skye, hashi, skylands).").format(value=short(name)))


def parse_action(kind: GameKind, data: Any) -> Any:
    """An action of ``kind`` from its JSON form, or a :class:`RoomError` saying what is wrong."""
    try:
        return kind.parse(data)
    except (ValueError, TypeError) as e:                 # RulesError is a ValueError
        # Translators: {fault} is why the game refused the action (its rules' own message)
        raise RoomError(_("Not an action of this game: {fault}").format(fault=e)) from None


def bot_seed(seed: int, seat: int, move: int) -> int:
    """The seed of the bot of ``seat`` deciding move ``move`` of a room of ``seed``."""
    digest = hashlib.sha256(f"{seed}:{seat}:{move}".encode()).digest()
    return int.from_bytes(digest[:7], "big")


# -- what changed --------------------------------------------------------------

@dataclass
class Update:
    """What an operation changed: the seats whose view changed (the projector's always does),
    and what to say to the one who asked."""

    seats: set[int] = field(default_factory=set)
    reply: dict[str, Any] = field(default_factory=dict)


class Room:
    """What both kinds of room share: the record, the log, statuses, joins and tokens."""

    def __init__(self, store: Store, record: RoomRecord) -> None:
        self.store = store
        self.code = record.code
        self.game_kind = _kind(record.kind)
        self.kind = record.kind
        self.options = dict(record.options)
        self.seed = record.seed
        self.status = "lobby"
        self.seats = list(record.seats)
        self.n = 0                                  # events performed (= in the log, between operations)
        self._pending: list[dict[str, Any]] = []
        self.removed: set[int] = set()              # seats the teacher removed (their tokens no longer act)
        self._setup()
        for event in record.events:
            self._perform(event)
            self.n += 1

    # to fill in by each kind
    def _setup(self) -> None:
        raise NotImplementedError

    def _perform(self, event: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def view(self, seat: int) -> dict[str, Any]:
        raise NotImplementedError

    def public_view(self) -> dict[str, Any]:
        raise NotImplementedError

    # -- the log -------------------------------------------------------------
    def _do(self, event: dict[str, Any]) -> None:
        """Perform ``event`` now and keep it for the operation's commit."""
        self._perform(event)
        self._pending.append(event)

    def _operation(self, work: Callable[[], Update], status: str | None = None) -> Update:
        """Run ``work`` (which performs events with :meth:`_do`), then commit its events in one
        transaction. If anything fails after an event was performed, the room is rebuilt from
        the store (what was committed), and the error goes on."""
        self._pending = []
        try:
            update = work()
            if self._pending:
                self.n = self.store.append(self.code, self.n, self._pending,
                                           status=self._status_of(self._pending))
        except BaseException:
            if self._pending:
                self._reload()
            raise
        finally:
            self._pending = []
        return update

    @staticmethod
    def _status_of(events: Sequence[Mapping[str, Any]]) -> str | None:
        statuses = [e["v"] for e in events if e.get("t") == "status"]
        return statuses[-1] if statuses else None

    def _reload(self) -> None:
        fresh = type(self)(self.store, self.store.load(self.code))
        self.__dict__.update(fresh.__dict__)

    # -- statuses ------------------------------------------------------------
    def _perform_status(self, event: Mapping[str, Any]) -> bool:
        if event.get("t") != "status":
            return False
        self.status = str(event["v"])
        return True

    def _need_open(self) -> None:
        if self.status == "paused":
            raise RoomError(_("The teacher has paused the room."))
        if self.status == "closed":
            raise RoomError(_("This room is closed."))
        if self.status == "lobby":
            raise RoomError(_("The game has not started yet."))

    def set_status(self, status: str) -> Update:
        """The teacher pauses (``"paused"``), resumes (``"open"``) or closes (``"closed"``) the room."""
        if status not in ("paused", "open", "closed"):
            # Translators: {value} is the state asked for, as it was sent, in quotes (not translated)
            raise RoomError(_("A room is paused, open or closed, not {value}.").format(value=short(status)))
        if self.status == "closed":
            raise RoomError(_("This room is closed."))
        if status == "open" and self.status == "lobby":
            raise RoomError(_("The game has not started yet."))
        return self._operation(lambda: self._status_update(status))

    def _status_update(self, status: str) -> Update:
        self._do({"t": "status", "v": status})
        return Update(set(range(len(self.seats))))

    # -- seats ---------------------------------------------------------------
    def seat_of(self, token: Any) -> int:
        """The seat this token holds, or :class:`NotAllowedError`."""
        seat = self.store.seat_of(self.code, token)
        if seat is None:
            raise NotAllowedError(_("This token holds no seat of this room."))
        if seat in self.removed:
            raise NotAllowedError(_("The teacher has removed this seat."))
        return seat

    def names(self) -> list[str]:
        """Every seat's name (a seat nobody has taken yet: empty)."""
        return [s.name or "" for s in self.seats]

    def join(self, name: str, token: str | None = None) -> tuple[int, str]:
        raise NotImplementedError


# -- a table: one game, 2-5 seats ----------------------------------------------

class TableRoom(Room):
    """One game between the seats (students and bots); see the module's docstring."""

    def _setup(self) -> None:
        self.game: Any = None
        self.actors: list[int] = []                 # the seat of each action in the game's history
        self.info = importlib.import_module(self.game_kind.module).INFO

    def _perform(self, event: Mapping[str, Any]) -> None:
        if self._perform_status(event):
            return
        t = event.get("t")
        if t == "start":
            self.game = self.info.new(self.names(), seed=self.seed, **self.options)
            self.status = "open"
        elif t == "act":
            seat = int(event["seat"])
            self.game.apply(parse_action(self.game_kind, event["a"]))
            self.actors.append(seat)
        elif t == "undo":
            self.game.undo()
            self.actors.pop()
        else:
            raise RoomError(f"unknown event {short(event)}")       # a damaged log, never a user's request

    def join(self, name: str, token: str | None = None) -> tuple[int, str]:
        """A student takes the first free human seat: ``(seat, token)`` (``token``: the seat's
        token if the caller made it, :meth:`.store.Store.add_seat`)."""
        if self.status != "lobby":
            raise RoomError(_("This game has started: every seat is taken."))
        seat, token = self.store.claim_seat(self.code, check_name(name), token)
        self.seats = list(self.store.seats(self.code))
        return seat, token

    def start(self) -> Update:
        """The teacher starts the game, once every human seat is taken; the bots play up to a student."""
        if self.status != "lobby":
            raise RoomError(_("The game has already started."))
        if any(s.name is None for s in self.seats):
            raise RoomError(_("Wait until every seat is taken."))

        def work() -> Update:
            self._do({"t": "start"})
            self._play_bots()
            return Update(set(range(len(self.seats))))
        return self._operation(work)

    def _deciders(self) -> list[int]:
        g = self.game
        if g.is_over():
            return []
        deciders = getattr(g, "decision_players", None)
        return list(deciders()) if callable(deciders) else [g.current_player()]

    def _play_bots(self) -> None:
        """Every bot that may decide now decides, until only students may (or the game is over)."""
        while True:
            bots = [p for p in self._deciders() if self.seats[p].kind == "bot"]
            if not bots:
                return
            p = bots[0]
            bot = self.info.make_bot(self.seats[p].bot, seed=bot_seed(self.seed, p, len(self.game.history)))
            action = bot.choose(self.game.observation(p))
            self._do({"t": "act", "seat": p, "a": self.game_kind.dump(action)})

    def act(self, seat: int, data: Any) -> Update:
        """Seat ``seat`` plays the action ``data`` (its JSON form), if it is this seat's to play."""
        self._need_open()
        action = parse_action(self.game_kind, data)
        if self.seats[seat].kind != "human":
            raise NotAllowedError(_("A bot plays this seat."))
        claimed = self.game_kind.claims(action)
        if claimed is not None and claimed != seat:
            raise NotAllowedError(_("You play for your own seat only."))
        if seat not in self._deciders():
            raise RoomError(_("It is not your turn."))

        def work() -> Update:
            self._do({"t": "act", "seat": seat, "a": self.game_kind.dump(action)})
            self._play_bots()
            return Update(set(range(len(self.seats))), {"ok": True})
        return self._operation(work)

    def undo(self) -> Update:
        """The teacher takes back the last student's action (and the bots' after it)."""
        self._need_open()
        if not any(self.seats[s].kind == "human" for s in self.actors):
            raise RoomError(_("There is nothing to undo: no student has played yet."))

        def work() -> Update:
            while True:
                seat = self.actors[-1]
                self._do({"t": "undo"})
                if self.seats[seat].kind == "human":
                    return Update(set(range(len(self.seats))))
        return self._operation(work)

    # -- views ---------------------------------------------------------------
    def _head(self, who: str) -> dict[str, Any]:
        return {"type": who, "room": self.code, "kind": self.kind, "n": self.n, "status": self.status,
                "seats": [{"name": s.name, "bot": s.bot} for s in self.seats]}

    def _end(self, out: dict[str, Any]) -> dict[str, Any]:
        if self.game is not None and self.game.is_over():
            out["scores"] = [r.points for r in self.game.scores()]
            out["winners"] = self.game.winners()
        return out

    def view(self, seat: int) -> dict[str, Any]:
        """What seat ``seat`` receives: the engine's ``observation(seat)``, as plain data; at a Skylands
        table also ``legal``, the seat's legal actions in their JSON form while it is to act in an open
        room (else empty): the engine's ``legal_actions()``, which are the seat's own, as the engine
        lists them for the player to act."""
        out = self._head("seat")
        out["seat"] = seat
        out["game"] = None if self.game is None else self.game_kind.seat_view(self.game, seat)
        out["to_act"] = seat in self._deciders() if self.game is not None else False
        # the seat's own options, as the engine lists them (the seat's own view only: no other seat's);
        # none while it is not the seat's turn or the room is not open
        if self.game_kind.legal_in_view:
            out["legal"] = [self.game_kind.dump(a) for a in self.game.legal_actions()] \
                if out["to_act"] and self.status == "open" else []
        return self._end(out)

    def public_view(self, open_hand: bool = False) -> dict[str, Any]:
        """What the projector shows: what every seat may know (``open_hand``: the teacher's
        "show hidden information", everyone's gold as the table knows it)."""
        out = self._head("public")
        out["game"] = None if self.game is None else self.game_kind.public_view(self.game, open_hand)
        return self._end(out)


# -- Hashi for a whole class: one solo sheet per student, the same cards ---------

HASHI_CATEGORIES = ("red", "blue", "six")


class ClassRoom(Room):
    """Hashi for up to :data:`~.store.MAX_SEATS` sheets; see the module's docstring."""

    def _setup(self) -> None:
        self.hashi = importlib.import_module("skye_widgets.hashi.game")
        self.bots_module = importlib.import_module("skye_widgets.hashi.bots")
        self.board = self.options.get("board", "skerries-a")
        self.auto_flip = self.options.get("auto_flip", False) is True
        self.status = "open"
        self.turned = 0                              # cards flipped by the teacher (0: the setup)
        self.reference = self._sheet_game("-")       # the deck's order (the room's, never sent before a flip)
        self.n_cards = len(self.reference.pile)
        self.sheets = [self._sheet_game(s.name or "-") for s in self.seats]

    def _sheet_game(self, name: str) -> Any:
        return self.hashi.HashiGame.new([name], seed=self.seed, board=self.board)

    def _perform(self, event: Mapping[str, Any]) -> None:
        if self._perform_status(event):
            return
        t = event.get("t")
        if t == "act":
            self.sheets[int(event["seat"])].apply(parse_action(self.game_kind, event["a"]))
        elif t == "undo":
            self.sheets[int(event["seat"])].undo()
        elif t == "remove":
            self.removed.add(int(event["seat"]))
        elif t == "flip":
            self.turned += 1
            if self.turned > self.n_cards:
                self.status = "closed"
        else:
            raise RoomError(f"unknown event {short(event)}")       # a damaged log, never a user's request

    def over(self) -> bool:
        """Every card has been played (the teacher flipped past the last one)."""
        return self.turned > self.n_cards

    def waiting(self, seat: int) -> bool:
        """The sheet has ended its turn on the last card flipped (or set up before the first flip)."""
        g = self.sheets[seat]
        return g.phase == "play" and g.round > self.turned

    def done(self, seat: int) -> bool:
        """Nothing more to do on this card: ended the turn, or the game is over."""
        return self.sheets[seat].is_over() or self.waiting(seat)

    def playing(self) -> list[int]:
        """The students' seats the teacher has not removed."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and i not in self.removed]

    def all_done(self) -> bool:
        """Every student still in the room has ended their turn on the card (there is at least one)."""
        seats = self.playing()
        return bool(seats) and all(self.done(i) for i in seats)

    def _maybe_flip(self) -> bool:
        """With the option ``auto_flip``, the next card is flipped once every student is done."""
        if self.auto_flip and not self.over() and self.status == "open" and self.all_done():
            self._flip_events()
            return True
        return False

    def remove(self, seat: Any) -> Update:
        """The teacher removes a student's seat: their token no longer acts, and the room no longer
        waits for them (their sheet stays in the log, out of the counts and the leaderboard)."""
        if self.status == "closed":
            raise RoomError(_("This room is closed."))
        if not (type(seat) is int and 0 <= seat < len(self.seats)) or self.seats[seat].kind != "human" \
                or seat in self.removed:
            # Translators: {value} is the seat asked for, as it was sent (a seat's number)
            raise RoomError(_("There is no student's seat {value} to remove.").format(value=short(seat)))

        def work() -> Update:
            self._do({"t": "remove", "seat": seat})
            return Update(set(range(len(self.seats))) if self._maybe_flip() else {seat})
        return self._operation(work)

    # -- joining -------------------------------------------------------------
    def join(self, name: str, token: str | None = None) -> tuple[int, str]:
        """A new sheet for a student: ``(seat, token)``; up to :data:`MAX_SEATS` (option ``seats``)."""
        if self.status == "closed":
            raise RoomError(_("This room is closed."))
        name = check_name(name)
        limit = min(int(self.options.get("seats", MAX_SEATS)), MAX_SEATS)
        seat, new = self.store.add_seat(self.code, name, "human", limit=limit, token=token)
        self.seats = list(self.store.seats(self.code))
        self.sheets.append(self._sheet_game(name))
        assert new is not None and len(self.sheets) == seat + 1
        return seat, new

    def add_bots(self, kinds: Sequence[str]) -> Update:
        """The teacher adds bot sheets (each sets up at once and plays every flipped card)."""
        for k in kinds:
            if k not in self.bots_module.BOTS:
                # Translators: {value} is the bot's kind as it was typed, in quotes (greedy, planner...: not translated)
                raise RoomError(_("There is no bot {value}.").format(value=short(k)))
        first = len(self.seats)
        if first + len(kinds) > MAX_SEATS:
            raise RoomError(seats_most())
        for i, k in enumerate(kinds):
            # Translators: a bot's name at a room's seat; {number} is its seat's number (Bot 1, Bot 2, ...)
            self.store.add_seat(self.code, _("Bot {number}").format(number=first + i + 1), "bot", k)
        self.seats = list(self.store.seats(self.code))
        self.sheets += [self._sheet_game(s.name or "-") for s in self.seats[first:]]

        def work() -> Update:
            for seat in range(first, len(self.seats)):
                self._bot_play(seat)
            return Update(set(range(first, len(self.seats))))
        return self._operation(work)

    # -- playing -------------------------------------------------------------
    def _bot_turn(self, seat: int) -> None:
        """The bot of ``seat`` plays its sheet until its turn on the flipped card (or its setup) ends."""
        g = self.sheets[seat]
        kind = self.seats[seat].bot or "random"
        start_round = g.round
        while not g.is_over() and g.round == start_round and (g.phase == "setup" or g.round <= self.turned):
            bot = self.bots_module.make_bot(kind, seed=bot_seed(self.seed, seat, len(g.history)))
            self._do({"t": "act", "seat": seat, "a": self.game_kind.dump(bot.choose(g.observation(0)))})

    def _bot_play(self, seat: int) -> None:
        """A bot's sheet sets up if it has not, passes the cards it missed, and plays the flipped card."""
        g = self.sheets[seat]
        if g.phase == "setup":
            self._bot_turn(seat)
        self._catch_up(seat)
        if not self.over() and g.phase == "play" and g.round == self.turned:
            self._bot_turn(seat)

    def _pass(self, seat: int) -> None:
        """Seat ``seat`` passes the flipped card: its unfinished turn is taken back, then ended."""
        g = self.sheets[seat]
        for _i in range((g.turn_wrote is not None) + len(g.turn_drawn)):
            self._do({"t": "undo", "seat": seat})
        self._do({"t": "act", "seat": seat, "a": self.game_kind.dump(self.hashi.EndTurn())})

    def _catch_up(self, seat: int) -> None:
        """A sheet set up after cards were flipped passes the cards it missed."""
        g = self.sheets[seat]
        while g.phase == "play" and g.round < self.turned:
            self._pass(seat)

    def act(self, seat: int, data: Any) -> Update:
        """Seat ``seat`` plays ``data`` (the JSON form of one action, or ``"undo"`` to take back
        one action of its turn on this card)."""
        self._need_open()
        if self.seats[seat].kind != "human":
            raise NotAllowedError(_("A bot plays this sheet."))
        g = self.sheets[seat]
        if g.is_over():
            raise RoomError(_("Your game is over."))
        if self.waiting(seat):
            raise RoomError(_("Wait for the teacher to flip the next card."))
        if data == "undo":
            if g.turn_wrote is None and not g.turn_drawn:
                raise RoomError(_("There is nothing of this turn to undo."))

            def undo() -> Update:
                self._do({"t": "undo", "seat": seat})
                return Update({seat}, {"ok": True})
            return self._operation(undo)
        action = parse_action(self.game_kind, data)

        def work() -> Update:
            self._do({"t": "act", "seat": seat, "a": self.game_kind.dump(action)})
            self._catch_up(seat)
            return Update(set(range(len(self.seats))) if self._maybe_flip() else {seat}, {"ok": True})
        return self._operation(work)

    def flip(self, at: int) -> Update:
        """The teacher flips the next card, if ``at`` is the number of cards flipped so far (so
        two teachers pressing together flip once). Whoever has not ended their turn on the
        card before has passed; after the last card, the game ends for every sheet."""
        if self.status == "closed":
            raise RoomError(_("This room is closed."))
        if at != self.turned:
            raise RoomError(_("That card was already flipped."))

        def work() -> Update:
            self._flip_events()
            return Update(set(range(len(self.seats))))
        return self._operation(work)

    def _flip_events(self) -> None:
        """The flip's events: the passes of whoever has not ended their turn, the flip, the bots' turns."""
        if self.turned >= 1:
            for seat, g in enumerate(self.sheets):
                if g.phase == "play" and g.round == self.turned and seat not in self.removed:
                    self._pass(seat)
        self._do({"t": "flip"})
        for seat, s in enumerate(self.seats):
            if s.kind == "bot" and not self.over():
                self._bot_play(seat)

    def undo(self) -> Update:
        raise RoomError(_("A class game takes nothing back: each student undoes their own turn."))

    # -- views ---------------------------------------------------------------
    @staticmethod
    def _card(card: Any) -> list[int] | None:
        return None if card is None else [card.number, card.bridges]

    def _sheet_data(self, seat: int) -> dict[str, Any]:
        """One sheet as its engine's ``observation(0)`` says it, without any card not yet flipped."""
        o = self.sheets[seat].observation(0)
        shown = min(o.round, self.turned)
        sheet = o.sheet(0)
        wait = self.waiting(seat)
        return {
            "seat": seat, "name": self.seats[seat].name, "bot": self.seats[seat].bot,
            "phase": o.phase, "card": None if wait or o.card is None else self._card(o.card),
            "played": [self._card(c) for c in o.played[:shown]],
            "numbers": sorted([x, y, k] for (x, y), k in sheet.numbers.items()),
            "bridges": sorted([a[0], a[1], b[0], b[1], k] for (a, b), k in sheet.bridges.items()),
            "wrote": None if o.turn_wrote is None else list(o.turn_wrote),
            "drawn": [[a[0], a[1], b[0], b[1]] for a, b in o.turn_drawn],
            "done": self.done(seat),
            "score": self.sheets[seat].score(0).points,
            "class_score": self.class_score(seat),
            "achievements": [[a.category, a.card, a.points] for a in o.achievements],
            # the engine's legal_actions() (kept by the engine until its state changes), the same as
            # the observation's for the seat to act: a solo sheet's only player is always to act
            "legal": [] if wait or self.status != "open" or o.current_player() != 0 else
            [self.game_kind.dump(a) for a in self.sheets[seat].legal_actions()],
        }

    # -- the class's scoring ---------------------------------------------------
    def counted(self) -> list[int]:
        """The sheets the class's race and leaderboard count: every sheet but the removed ones."""
        return [i for i in range(len(self.sheets)) if i not in self.removed]

    def race(self) -> dict[str, dict[str, Any] | None]:
        """Each scoring category's race (the rulebook's scoring for several players): the first card
        after which any counted sheet had reached it, the sheets that did then (each scores the full
        points, 9 / 7 / 8), and the points of those who reach it later (5 / 3 / 4); None while nobody has."""
        race: dict[str, dict[str, Any] | None] = {c: None for c in HASHI_CATEGORIES}
        for seat in self.counted():
            for a in self.sheets[seat].achievements:
                r = race[a.category]
                if r is None or a.card < r["after_card"]:
                    race[a.category] = {"after_card": a.card, "seats": [seat]}
                elif a.card == r["after_card"]:
                    r["seats"].append(seat)
        for category, r in race.items():
            if r is not None:
                r["points"], r["later"] = self.hashi.CATEGORIES[category][1:]
        return race

    def class_score(self, seat: int, race: Mapping[str, Any] | None = None) -> int:
        """The sheet's points in the class's game: its engine's score with each category scored as
        the rulebook scores it for several players (the first card any sheet reached it: the full
        points; later: fewer) instead of the solo deadlines; the finished islands as the engine counts them."""
        race = self.race() if race is None else race
        g = self.sheets[seat]
        points = g.score(0).points
        for a in g.achievements:
            full, later = self.hashi.CATEGORIES[a.category][1:]
            r = race.get(a.category)
            points += (full if r is not None and a.card <= r["after_card"] else later) - a.points
        return points

    def _head(self, who: str) -> dict[str, Any]:
        return {"type": who, "room": self.code, "kind": "hashi", "n": self.n, "status": self.status,
                "board": self.board, "turned": min(self.turned, self.n_cards), "cards": self.n_cards,
                "over": self.over()}

    def view(self, seat: int) -> dict[str, Any]:
        """What seat ``seat`` receives: its own sheet (:meth:`_sheet_data`)."""
        out = self._head("seat")
        out["seat"] = seat
        out["sheet"] = self._sheet_data(seat)
        return out

    def public_view(self, open_hand: bool = False) -> dict[str, Any]:
        """The projector: the card flipped, who is done, the race for each category (the first
        card at which any sheet reached it, and which sheets did then) and the leaderboard (by the
        class's score, :meth:`class_score`; while cards remain, equal scores by finished islands).
        ``open_hand`` (the teacher's "show hidden information"): the face-down pile too, top
        first, and the card put back in the box unseen."""
        out = self._head("public")
        out["card"] = self._card(self.reference.pile[self.turned - 1]) if 1 <= self.turned <= self.n_cards else None
        race = self.race()
        seats = []
        for seat in self.counted():
            seats.append({"seat": seat, "name": self.seats[seat].name, "bot": self.seats[seat].bot,
                          "done": self.done(seat), "score": self.class_score(seat, race),
                          "solo_score": self.sheets[seat].score(0).points,
                          "finished": len(self.sheets[seat].sheet(0).finished())})
        out["seats"] = seats
        out["done"] = sum(s["done"] for s in seats)
        out["students"] = len(self.playing())
        out["students_done"] = sum(self.done(i) for i in self.playing())
        out["race"] = race
        # the finished islands score at the end only: until then they break ties on the live leaderboard
        over = self.over()
        key = (lambda s: (-s["score"],)) if over else (lambda s: (-s["score"], -s["finished"]))
        ranked = sorted(seats, key=lambda s: (*key(s), s["seat"]))
        out["leaderboard"] = [s["seat"] for s in ranked]
        for i, s in enumerate(ranked):          # the competition ranking: equals share a place (1, 2, 2, 4)
            s["rank"] = ranked[i - 1]["rank"] if i and key(ranked[i - 1]) == key(s) else i + 1
        if open_hand:
            out["pile"] = [self._card(c) for c in self.reference.pile[self.turned:]]
            out["removed_card"] = self._card(self.reference.removed_card)
        return out


# -- the service's set of rooms --------------------------------------------------

class JoinLimiter:
    """At most :data:`JOINS_PER_WINDOW` joins with a wrong room code per client address in any
    :data:`JOIN_WINDOW` seconds (a sliding window); past that, every join from the address is
    refused until the window has moved on. Only wrong codes count: a whole class behind one
    school router shares an address and joins the right room at once, while trying codes is
    nothing but wrong codes. Remembers :data:`MAX_ADDRESSES` addresses (the oldest forgotten first)."""

    def __init__(self, per_window: int = JOINS_PER_WINDOW, window: float = JOIN_WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_window = per_window
        self.window = window
        self.clock = clock
        self.tries: OrderedDict[str, list[float]] = OrderedDict()

    def _recent(self, address: str) -> list[float]:
        now = self.clock()
        recent = [t for t in self.tries.pop(address, []) if t > now - self.window]
        if recent:
            self.tries[address] = recent
        return recent

    def check(self, address: str) -> None:
        """:class:`TooManyJoinsError` if ``address`` gave too many wrong codes lately."""
        if len(self._recent(address)) >= self.per_window:
            raise TooManyJoinsError(_("Too many tries to join: wait a minute and try again."))

    def failed(self, address: str) -> None:
        """Count one wrong code from ``address``."""
        recent = self._recent(address)
        recent.append(self.clock())
        self.tries[address] = recent
        while len(self.tries) > MAX_ADDRESSES:
            self.tries.popitem(last=False)


ROOM_CLASSES: dict[str, type[Room]] = {"skye": TableRoom, "skylands": TableRoom, "hashi": ClassRoom}
#: The seats of a table, fewest and most.
TABLE_SEATS = {"skye": (2, 5), "skylands": (2, 4)}


class Rooms:
    """The rooms of one store: create, open (from memory or by replaying the store), join."""

    def __init__(self, store: Store, limiter: JoinLimiter | None = None) -> None:
        self.store = store
        self.limiter = limiter or JoinLimiter()
        self.open_rooms: OrderedDict[str, Room] = OrderedDict()

    def create(self, kind: str, *, seed: int = 0, options: Mapping[str, Any] | None = None,
               seats: Sequence[str] = ()) -> tuple[Room, str]:
        """A new room: ``(room, teacher_token)``. A table (``skye``) has 2-5 ``seats``, each
        ``"human"`` or a bot's kind; a class (``hashi``) starts empty and ``seats`` are its bots."""
        if kind not in ROOM_CLASSES:
            # Translators: {value} is the game's name as it was sent, in quotes (not translated)
            raise RoomError(_("There is no game {value} for a room (skye, hashi, skylands).").format(
                value=short(kind)))
        options = dict(options or {})
        known = {"skye": {}, "skylands": {"side": str, "intro": bool},
                 "hashi": {"board": str, "seats": int, "auto_flip": bool}}[kind]
        for key, value in options.items():
            if key not in known or type(value) is not known[key]:
                if not known:
                    # Translators: {game} is the game as it is typed (skye), {value} the option sent, in quotes
                    raise RoomError(_("A {game} room takes no options, not {value}.").format(
                        game=kind, value=short(key)))
                # Translators: {game} is the game as it is typed (skye, hashi, skylands), {options} the options'
                # names as they are typed (board, seats...: not translated), {value} the unknown option, in quotes
                raise RoomError(_("The options of a {game} room are {options}, not {value}.").format(
                    game=kind, options=", ".join(known), value=short(key)))
        if kind == "hashi" and not 1 <= options.get("seats", MAX_SEATS) <= MAX_SEATS:
            raise RoomError(seats_most())
        if kind in TABLE_SEATS:
            fewest, most = TABLE_SEATS[kind]
            if not fewest <= len(seats) <= most:
                # Translators: {fewest} and {most} are numbers of seats (2 to 5 for Isle of Skye, 2 to 4 for Skylands)
                raise RoomError(_("A table of this game has {fewest} to {most} seats.").format(fewest=fewest, most=most))
            # Translators: a bot's name at a room's seat; {number} is its seat's number (Bot 1, Bot 2, ...)
            rows = [(None, "human", None) if s == "human" else (_("Bot {number}").format(number=i + 1), "bot", s)
                    for i, s in enumerate(seats)]
            bots = importlib.import_module(f"skye_widgets.{kind}").INFO.bot_kinds
            if kind == "skylands" and options.get("side", "beginner") not in importlib.import_module(
                    "skye_widgets.skylands").SIDES:
                # Translators: {value} is the side's name as it was typed, in quotes (not translated)
                raise RoomError(_("There is no Skylands side {value}.").format(value=short(options.get("side"))))
            if any(k == "bot" and b not in bots for _n, k, b in rows):
                # Translators: {value} is the bot's kind as it was typed, in quotes (greedy, planner...: not translated)
                raise RoomError(_("There is no bot {value}.").format(value=short([s for s in seats if s != "human"])))
            code, token = self.store.create_room(kind, options, seed, rows)
        else:
            board = options.setdefault("board", "skerries-a")
            try:
                importlib.import_module("skye_widgets.hashi.board").load_board(board)
            except (ValueError, OSError):
                # Translators: {value} is the board's name as it was typed, in quotes (not translated)
                raise RoomError(_("There is no Hashi board {value}.").format(value=short(board))) from None
            code, token = self.store.create_room(kind, options, seed, [])
        room = self.get(code)
        if kind == "hashi" and seats:
            assert isinstance(room, ClassRoom)
            room.add_bots(list(seats))
        return room, token

    def get(self, code: str) -> Room:
        """The room of ``code`` (typed any way :func:`~.store.normalise_code` reads)."""
        code = normalise_code(code)
        room = self.open_rooms.get(code)
        if room is None:
            record = self.store.load(code)
            room = ROOM_CLASSES[record.kind](self.store, record)
            self.open_rooms[code] = room
            while len(self.open_rooms) > MAX_OPEN_ROOMS:
                self.open_rooms.popitem(last=False)
        else:
            self.open_rooms.move_to_end(code)
        return room

    def join(self, code: Any, name: Any, address: str,
             token: Callable[[str], str] | None = None) -> tuple[Room, int, str]:
        """A student joins room ``code`` from ``address``: ``(room, seat, token)``. An address that
        gave too many wrong codes lately is refused before the code is even looked at, so codes
        cannot be tried fast (:class:`JoinLimiter`).

        ``token`` (the hub mode) makes the seat's token from the room's code: one seat per person
        and room, so the holder of that token who joins again gets the same seat back (even once
        the game has started, or the room is full)."""
        self.limiter.check(address)
        try:
            room = self.get(code)
        except NoSuchRoomError:
            self.limiter.failed(address)
            raise
        given = token(room.code) if token is not None else None
        if given is not None and self.store.seat_of(room.code, given) is not None:
            return room, room.seat_of(given), given           # NotAllowedError if the teacher removed it
        seat, made = room.join(name, given)
        return room, seat, made

    def teacher(self, code: str, token: Any) -> Room:
        """The room, if ``token`` is its teacher's (else :class:`NotAllowedError`)."""
        room = self.get(code)
        if not self.store.is_teacher(room.code, token):
            raise NotAllowedError(_("Only the teacher may do this."))
        return room

    def forget(self, code: str) -> None:
        """Drop the room from memory: the next :meth:`get` reopens it from the store."""
        self.open_rooms.pop(code, None)

    def expire(self) -> list[str]:
        """Forget and delete the rooms idle too long."""
        gone = self.store.expire()
        for code in gone:
            self.open_rooms.pop(code, None)
        return gone


__all__ = ["ClassRoom", "JoinLimiter", "NoSuchRoomError", "NotAllowedError", "Room", "RoomError", "Rooms",
           "RulesError", "TableRoom", "TooManyJoinsError", "Update"]

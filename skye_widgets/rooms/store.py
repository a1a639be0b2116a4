"""Rooms in SQLite: what a room is, kept so that nothing acknowledged is ever lost.

What this module guarantees:

* **Durability.** The database is in WAL mode with ``synchronous=FULL``: a
  transaction that has returned is on disk, and survives the process being
  killed (SIGKILL) or the machine losing power. :meth:`Store.append` returns
  only after its transaction has committed, so a caller that acknowledges an
  event after ``append`` returned never acknowledges one that could be lost.
* **Group commit.** Inside :meth:`Store.batch`, the writes of many requests are one
  transaction and one sync to disk; each write is still all or nothing (a savepoint), and
  none of them is acknowledged before the batch has committed.
* **Atomicity.** :meth:`Store.append` writes one or several events in one
  transaction, and only if the room's log is exactly as long as the caller
  believes (``expected``): two writers never interleave, and a stale writer is
  refused (:class:`StaleRoomError`) with nothing written.
* **Bounds.** Every size is bounded (:data:`MAX_ROOMS`, :data:`MAX_SEATS`,
  :data:`MAX_EVENTS`, :data:`MAX_EVENT_BYTES`, :data:`MAX_OPTIONS_BYTES`, names of at
  most :data:`~skye_widgets.limits.MAX_NAME_LENGTH` characters without control
  characters); anything beyond raises a :class:`RoomError` with one clear line,
  and nothing is written.
* **Secrets.** Room codes are :data:`CODE_LENGTH` symbols of a 32-symbol alphabet
  from :mod:`secrets` (40 bits: see :data:`CODE_LENGTH` for why that is enough);
  seat and teacher tokens are ``secrets.token_urlsafe(32)`` (256 bits) and only
  their SHA-256 is stored, compared in constant time.
* **Expiry.** A room untouched for ``idle`` seconds is deleted, with its seats and log
  (:meth:`Store.expire`, also run before a room is created).

The store knows no game: a room is a kind (``"skye"``, ``"hashi"``, ...), its
options and seed, its seats and a log of JSON events. :mod:`.room` gives the
events their meaning and rebuilds the games by replaying them.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping, Sequence

from ..errors import RulesError
from ..i18n import _, ngettext
from ..limits import MAX_NAME_LENGTH, MAX_SEED, has_control, is_whole, json_depth, short

# -- bounds --------------------------------------------------------------------

#: Rooms alive at once on one service. A school has a few dozen classes; a
#: thousand rooms is far more than one 2-core server would host.
MAX_ROOMS = 1000

#: Seats in one room: a Hashi class of up to 60 sheets (issue 31); a table has 2-5.
MAX_SEATS = 60

#: Events in one room's log. A Hashi class of 60 sheets plays ~60 x 18 turns of at
#: most 5 actions (a number, 3 bridges, the end) = 5,400 actions plus 17 flips;
#: a five-player Isle of Skye game has ~100. 20,000 leaves room for undos.
MAX_EVENTS = 20_000

#: Bytes of one event or one client message as JSON. The largest action (an Isle of
#: Skye price decision) is ~100 bytes.
MAX_EVENT_BYTES = 4096

#: Bytes of a room's options as JSON (a board's name, a side, a bot kind...).
MAX_OPTIONS_BYTES = 4096

#: JSON nesting of an event or options (an action nests 3 levels at most).
MAX_EVENT_DEPTH = 6

#: The symbols of a room code: Crockford's base 32 (digits and capitals without
#: I, L, O and U, so a code read aloud or copied from a projector is not misread).
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

#: Symbols in a room code: 8 x 5 = 40 bits, about 1.1e12 codes. With at most
#: :data:`MAX_ROOMS` rooms alive, one guess finds a room with probability below
#: 1e-9; wrong codes are rate-limited per address (:mod:`.room`: 10 a minute), so
#: one address trying for a whole day (14,400 guesses) finds one with probability
#: about 1.3e-5, and finding one gives a student's seat only (the teacher's
#: powers need the teacher's 256-bit token). Eight symbols are still short enough
#: to read aloud and type (shown as ``ABCD-EFGH``).
CODE_LENGTH = 8

#: A room untouched this long (seconds) is deleted: a school day.
DEFAULT_IDLE = 12 * 3600

STATUSES = ("lobby", "open", "paused", "closed")
SEAT_KINDS = ("human", "bot")


def code_text() -> str:
    """What a room code is, in the language spoken now."""
    # Translators: {count} is how many letters and digits a room's code has (8)
    return ngettext("A room code is {count} letter or digit.", "A room code is {count} letters and digits.",
                    CODE_LENGTH).format(count=CODE_LENGTH)


def seats_most() -> str:
    """That a room has at most :data:`MAX_SEATS` seats, in the language spoken now."""
    # Translators: {count} is the most seats a room may have (60)
    return ngettext("A room has at most {count} seat.", "A room has at most {count} seats.",
                    MAX_SEATS).format(count=MAX_SEATS)


class RoomError(RulesError):
    """A request a room refuses (a bad code, a full room, a message too large...);
    nothing was changed. The message is one line for the person who asked."""


class NoSuchRoomError(RoomError):
    """No room has this code (it never existed, was closed or expired)."""


class StaleRoomError(RoomError):
    """The log grew since the writer last read it (another writer came first)."""


@dataclass(frozen=True)
class SeatRecord:
    """One seat: its name (None while nobody has taken it), human or bot, the bot's kind."""

    seat: int
    name: str | None
    kind: str
    bot: str | None
    has_token: bool


@dataclass(frozen=True)
class RoomRecord:
    """A room as stored: everything :mod:`.room` needs to rebuild it."""

    code: str
    kind: str
    options: dict[str, Any]
    seed: int
    status: str
    created: float
    touched: float
    seats: tuple[SeatRecord, ...]
    events: tuple[dict[str, Any], ...]


def hash_token(token: str) -> str:
    """The stored form of a token (tokens carry 256 random bits, so a fast hash is enough)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def normalise_code(code: Any) -> str:
    """A room code as typed (any case, spaces and dashes, ``O`` for 0, ``I``/``L`` for 1) in
    its canonical form; a :class:`NoSuchRoomError` if it cannot be one.

    >>> normalise_code(" abcd-efgo "), normalise_code("il234567")
    ('ABCDEFG0', '11234567')
    """
    if not isinstance(code, str) or len(code) > 4 * CODE_LENGTH:
        raise NoSuchRoomError(code_text())
    text = code.upper().replace(" ", "").replace("-", "").replace("O", "0").replace("I", "1").replace("L", "1")
    if len(text) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in text):
        raise NoSuchRoomError(code_text())
    return text


def new_code() -> str:
    """A fresh random room code (:data:`CODE_LENGTH` symbols from :mod:`secrets`)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _i in range(CODE_LENGTH))


def check_name(name: Any) -> str:
    """A seat's name, stripped, or a :class:`RoomError` saying what is wrong with it."""
    if not isinstance(name, str) or not name.strip():
        raise RoomError(_("Give your name to join."))
    name = name.strip()
    if len(name) > MAX_NAME_LENGTH:
        # Translators: {count} is the most characters a seat's name may have
        raise RoomError(ngettext("A name has at most {count} character.", "A name has at most {count} characters.",
                                  MAX_NAME_LENGTH).format(count=MAX_NAME_LENGTH))
    if has_control(name):
        raise RoomError(_("A name has no line breaks, tabs or other control characters."))
    return name


def encode(data: Any, limit: int = MAX_EVENT_BYTES) -> str:
    """``data`` as compact JSON, refused (:class:`RoomError`) beyond ``limit`` bytes or
    :data:`MAX_EVENT_DEPTH` levels, or if it is not plain JSON."""
    try:
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        # Translators: {value} is the data that was sent, shortened
        raise RoomError(_("This is not plain JSON data: {value}").format(value=short(data))) from None
    if len(text.encode("utf-8")) > limit:
        # Translators: {count} is the most bytes a message to the room service may have
        raise RoomError(ngettext("A message has at most {count} byte.", "A message has at most {count} bytes.",
                                  limit).format(count=limit))
    if json_depth(data) > MAX_EVENT_DEPTH:
        # Translators: {count} is how deep a message's data may nest (lists and objects inside each other)
        raise RoomError(ngettext("A message nests at most {count} level.", "A message nests at most {count} levels.",
                                  MAX_EVENT_DEPTH).format(count=MAX_EVENT_DEPTH))
    return text


_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    teacher_hash TEXT NOT NULL,
    status TEXT NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL,
    n_events INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT,
    kind TEXT NOT NULL,
    bot TEXT,
    token_hash TEXT,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS events (
    code TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE INDEX IF NOT EXISTS rooms_touched ON rooms(touched);
CREATE TABLE IF NOT EXISTS secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


class Store:
    """The rooms of one SQLite database file (see the module's docstring for what it guarantees).

    ``clock`` gives the time in seconds (tests pass their own); ``idle`` is the expiry.
    One ``Store`` is used from one thread; several processes may open the same file.
    """

    def __init__(self, path: str, *, idle: float = DEFAULT_IDLE, clock: Callable[[], float] = time.time,
                 max_rooms: int = MAX_ROOMS) -> None:
        self.path = path
        self.idle = idle
        self.clock = clock
        self.max_rooms = max_rooms
        self._batch = False
        # isolation_level=None: this class opens and commits its transactions itself
        self.db = sqlite3.connect(path, isolation_level=None, timeout=10.0)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- transactions --------------------------------------------------------
    def _write(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``work`` in one immediate (write-locked) transaction: all of it or nothing. Inside
        :meth:`batch`, a savepoint of the batch's transaction instead (all of it or nothing too,
        and durable when the batch commits)."""
        if self._batch:
            self.db.execute("SAVEPOINT write")
            try:
                out = work(self.db)
            except BaseException:
                self.db.execute("ROLLBACK TO write")
                self.db.execute("RELEASE write")
                raise
            self.db.execute("RELEASE write")
            return out
        self.db.execute("BEGIN IMMEDIATE")
        try:
            out = work(self.db)
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")
        return out

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Group commit: every write inside is one transaction, committed (one sync to disk) when
        the block ends, or rolled back if it raises. A write that fails inside is undone alone
        (a savepoint), the others stay. Whoever acknowledges a write made inside does so only
        after the block has ended without an error."""
        if self._batch:
            raise RuntimeError("batches do not nest")            # a bug of the caller
        self.db.execute("BEGIN IMMEDIATE")
        self._batch = True
        try:
            yield
        except BaseException:
            self._batch = False
            self.db.execute("ROLLBACK")
            raise
        self._batch = False
        self.db.execute("COMMIT")

    def _room_row(self, db: sqlite3.Connection, code: str) -> tuple[Any, ...]:
        row = db.execute("SELECT kind, options, seed, status, created, touched, n_events FROM rooms "
                         "WHERE code = ?", (code,)).fetchone()
        if row is None or row[5] < self.clock() - self.idle:
            # Translators: {code} is the room's code as it was typed
            raise NoSuchRoomError(_("There is no room {code} (it may have ended).").format(code=code))
        return tuple(row)

    # -- rooms ---------------------------------------------------------------
    def create_room(self, kind: str, options: Mapping[str, Any], seed: int,
                    seats: Sequence[tuple[str | None, str, str | None]] = ()) -> tuple[str, str]:
        """A new room: ``(code, teacher_token)``. ``seats`` are ``(name, kind, bot)``:
        a bot seat has its kind of bot; a human seat's name is None until someone takes it."""
        if not (isinstance(kind, str) and kind.isidentifier() and len(kind) <= 20):
            # Translators: {value} is the game's name as it was sent, in quotes (not translated)
            raise RoomError(_("There is no game {value}.").format(value=short(kind)))
        if not is_whole(seed, -MAX_SEED, MAX_SEED):
            # Translators: {value} is the seed as it was sent
            raise RoomError(_("The seed is a whole number (the same seed, the same game), not {value}.").format(
                value=short(seed)))
        opts = encode(dict(options), MAX_OPTIONS_BYTES)
        if len(seats) > MAX_SEATS:
            raise RoomError(seats_most())
        rows = [self._seat_row(name, k, bot) for name, k, bot in seats]
        token = secrets.token_urlsafe(32)
        self.expire()
        now = self.clock()

        def work(db: sqlite3.Connection) -> str:
            (count,) = db.execute("SELECT COUNT(*) FROM rooms").fetchone()
            if count >= self.max_rooms:
                # Translators: {count} is how many rooms are open now, the most the service keeps
                raise RoomError(ngettext("The service has {count} room open, its most: close it first.",
                                          "The service has {count} rooms open, its most: close one first.", count).format(
                    count=count))
            for _attempt in range(100):
                code = new_code()
                if db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone() is None:
                    break
            else:                                   # pragma: no cover - 1e-9 per attempt
                raise RoomError(_("No free room code was found; try again."))
            db.execute("INSERT INTO rooms (code, kind, options, seed, teacher_hash, status, created, touched) "
                       "VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?)", (code, kind, opts, seed, hash_token(token), now, now))
            for i, (name, k, bot) in enumerate(rows):
                db.execute("INSERT INTO seats (code, seat, name, kind, bot) VALUES (?, ?, ?, ?, ?)",
                           (code, i, name, k, bot))
            return code

        return self._write(work), token

    @staticmethod
    def _seat_row(name: str | None, kind: str, bot: str | None) -> tuple[str | None, str, str | None]:
        if kind not in SEAT_KINDS:
            # Translators: {value} is the seat's kind as it was sent, in quotes (not translated)
            raise RoomError(_("A seat is human or bot, not {value}.").format(value=short(kind)))
        if kind == "bot" and not (isinstance(bot, str) and bot.isidentifier() and len(bot) <= 20):
            # Translators: {value} is what was sent as the bot's kind, in quotes (not translated)
            raise RoomError(_("A bot seat names its kind of bot, not {value}.").format(value=short(bot)))
        return (None if name is None else check_name(name)), kind, (bot if kind == "bot" else None)

    def add_seat(self, code: str, name: str | None, kind: str = "human", bot: str | None = None,
                 *, limit: int = MAX_SEATS, token: str | None = None) -> tuple[int, str | None]:
        """A new seat at the end: ``(seat, token)`` (a bot's token is None). At most ``limit`` seats.
        ``token``: the seat's token if the caller made it (a hub user's, :meth:`secret`), else a new one."""
        name, kind, bot = self._seat_row(name, kind, bot)
        token = (token or secrets.token_urlsafe(32)) if kind == "human" else None

        def work(db: sqlite3.Connection) -> int:
            self._room_row(db, code)
            (n,) = db.execute("SELECT COUNT(*) FROM seats WHERE code = ?", (code,)).fetchone()
            if n >= min(limit, MAX_SEATS):
                # Translators: {count} is how many seats the room has
                raise RoomError(ngettext("This room is full ({count} seat).", "This room is full ({count} seats).",
                                          n).format(count=n))
            db.execute("INSERT INTO seats (code, seat, name, kind, bot, token_hash) VALUES (?, ?, ?, ?, ?, ?)",
                       (code, n, name, kind, bot, hash_token(token) if token else None))
            db.execute("UPDATE rooms SET touched = ? WHERE code = ?", (self.clock(), code))
            return int(n)

        return self._write(work), token

    def claim_seat(self, code: str, name: str, token: str | None = None) -> tuple[int, str]:
        """The first human seat nobody has taken, now ``name``'s: ``(seat, token)`` (``token``:
        as for :meth:`add_seat`)."""
        name = check_name(name)
        token = token or secrets.token_urlsafe(32)

        def work(db: sqlite3.Connection) -> int:
            self._room_row(db, code)
            row = db.execute("SELECT seat FROM seats WHERE code = ? AND kind = 'human' AND token_hash IS NULL "
                             "ORDER BY seat LIMIT 1", (code,)).fetchone()
            if row is None:
                raise RoomError(_("Every seat of this room is taken."))
            db.execute("UPDATE seats SET name = ?, token_hash = ? WHERE code = ? AND seat = ?",
                       (name, hash_token(token), code, row[0]))
            db.execute("UPDATE rooms SET touched = ? WHERE code = ?", (self.clock(), code))
            return int(row[0])

        return self._write(work), token

    def secret(self, name: str) -> bytes:
        """A random secret of this database, made on first use and kept: the hub mode's seat
        tokens are derived from it (the same hub user, the same seat's token after a restart)."""
        def work(db: sqlite3.Connection) -> str:
            row = db.execute("SELECT value FROM secrets WHERE name = ?", (name,)).fetchone()
            if row is not None:
                return str(row[0])
            value = secrets.token_hex(32)
            db.execute("INSERT INTO secrets (name, value) VALUES (?, ?)", (name, value))
            return value

        return bytes.fromhex(self._write(work))

    def seat_of(self, code: str, token: Any) -> int | None:
        """The seat whose token this is, or None."""
        if not isinstance(token, str) or len(token) > 100:
            return None
        h = hash_token(token)
        for seat, stored in self.db.execute("SELECT seat, token_hash FROM seats WHERE code = ? AND "
                                            "token_hash IS NOT NULL", (code,)):
            if hmac.compare_digest(stored, h):
                return int(seat)
        return None

    def is_teacher(self, code: str, token: Any) -> bool:
        """Whether ``token`` is the teacher's token of room ``code``."""
        if not isinstance(token, str) or len(token) > 100:
            return False
        row = self.db.execute("SELECT teacher_hash FROM rooms WHERE code = ?", (code,)).fetchone()
        return row is not None and hmac.compare_digest(row[0], hash_token(token))

    def append(self, code: str, expected: int, events: Sequence[Mapping[str, Any]],
               status: str | None = None) -> int:
        """Add ``events`` to the room's log in one transaction, if the log has ``expected``
        events now (else :class:`StaleRoomError`), and set its ``status`` if given. Returns
        the new length once the transaction has committed (durably: see the module)."""
        bodies = [encode(e) for e in events]
        if status is not None and status not in STATUSES:
            raise RoomError(f"unknown room status {status!r}")       # a bug of the caller, not a user error

        def work(db: sqlite3.Connection) -> int:
            n = self._room_row(db, code)[6]
            if n != expected:
                raise StaleRoomError(_("The room moved on; look again and retry."))
            if n + len(bodies) > MAX_EVENTS:
                # Translators: {count} is the most events (moves and commands) a room keeps
                raise RoomError(ngettext("This room has played its most events ({count}).",
                                          "This room has played its most events ({count}).", MAX_EVENTS).format(
                    count=MAX_EVENTS))
            db.executemany("INSERT INTO events (code, n, body) VALUES (?, ?, ?)",
                           [(code, n + i, b) for i, b in enumerate(bodies)])
            db.execute("UPDATE rooms SET n_events = ?, touched = ?, status = COALESCE(?, status) WHERE code = ?",
                       (n + len(bodies), self.clock(), status, code))
            return n + len(bodies)

        return int(self._write(work))

    def seats(self, code: str) -> tuple[SeatRecord, ...]:
        """The room's seats, in order (without reading its log)."""
        return tuple(SeatRecord(int(s), name, k, bot, h is not None) for s, name, k, bot, h in self.db.execute(
            "SELECT seat, name, kind, bot, token_hash FROM seats WHERE code = ? ORDER BY seat", (code,)))

    def load(self, code: str) -> RoomRecord:
        """The room as stored (:class:`NoSuchRoomError` if there is none, or it expired)."""
        kind, options, seed, status, created, touched, n = self._room_row(self.db, code)
        seats = self.seats(code)
        events = tuple(json.loads(b) for (b,) in self.db.execute(
            "SELECT body FROM events WHERE code = ? AND n < ? ORDER BY n", (code, n)))
        return RoomRecord(code, kind, json.loads(options), int(seed), status, created, touched, seats, events)

    def codes(self) -> list[str]:
        """The codes of the rooms alive now."""
        return [c for (c,) in self.db.execute("SELECT code FROM rooms WHERE touched >= ? ORDER BY created",
                                              (self.clock() - self.idle,))]

    def expire(self) -> list[str]:
        """Delete every room untouched for ``idle`` seconds (with its seats and log); their codes."""
        cutoff = self.clock() - self.idle

        def work(db: sqlite3.Connection) -> list[str]:
            gone = [c for (c,) in db.execute("SELECT code FROM rooms WHERE touched < ?", (cutoff,))]
            db.execute("DELETE FROM rooms WHERE touched < ?", (cutoff,))
            return gone

        return list(self._write(work))

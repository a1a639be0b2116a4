"""Live rooms under load (issue 31): one Hashi class of 30 simulated students plus the projector, then
10 such rooms at once, each client a real websocket on loopback.

The service runs as ``skye-widgets rooms serve`` in a child process (its memory is that process's
alone: VmRSS at the end and VmHWM, the peak, from /proc); the clients run here on one asyncio loop.
Each room: every student sets up, then for each of ``--cards`` cards the teacher flips, every
student plays their turn (random legal actions, at most 6, ending the turn), and when the projector
shows everyone done the next card is flipped.

Figures printed (targets from the issue: p95 <= 300 ms with 30 students; <= 200 MB with 10 rooms):

``--think S`` gives each student a random thinking time (mean S seconds) before each action; the
default, 0, is a stress: every student acts the moment their last action is answered.

* action -> projector: from a student sending an action to the projector receiving the view that
  includes it (the other client whose view an action changes: in a class, a student's action
  changes only their own sheet and the projector's board);
* action -> own view: to the acting student's new sheet;
* flip -> all: from the teacher's flip to the last of the 30 students and the projector receiving
  the new card.

    .venv/bin/python benchmarks/bench_rooms.py [--students 30] [--rooms 10] [--cards 5] [--seed 1]
    .venv/bin/python benchmarks/bench_rooms.py --faults [--students 30]

``--faults`` measures the issue's faults instead, on one room of ``--students`` students, each the
package's own :class:`~skye_widgets.rooms.client.SeatClient` (its reconnection delays, its token):

* the service killed with SIGKILL while the students are playing, and started again on its database
  and port: how many acknowledged actions the restarted room lacks (each must be in its log, at the
  place its reply said), and how long until every student is back in their seat with a view;
* one student's connection dropped: how long until it is back;
* two teachers flipping the same card at once: how many flips the log holds.

``BENCH_PROFILE=FILE`` runs the service under cProfile and writes its profile to FILE.

The loops are bounded (cards, actions per turn) and every wait has a timeout. No test asserts these
figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Callable

from tornado.httpclient import AsyncHTTPClient
from tornado.websocket import websocket_connect

TIMEOUT = 60.0
KEY = "bench-key"


class Client:
    """One websocket client; ``arrivals[n]`` is when a view of log length ``n`` arrived."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.view: dict[str, Any] = {}
        self.ids = 0
        self.replies: dict[int, dict[str, Any]] = {}
        self.arrivals: dict[int, float] = {}
        self.changed = asyncio.Event()

    async def pump(self) -> None:
        """Read every message until the connection closes."""
        while True:
            raw = await self.conn.read_message()
            if raw is None:
                return
            now = time.perf_counter()
            msg = json.loads(raw)
            if msg.get("type") in ("seat", "public"):
                self.view = msg
                self.arrivals.setdefault(msg["n"], now)
            elif msg.get("type") in ("reply", "error") and msg.get("id") is not None:
                self.replies[msg["id"]] = msg
            self.changed.set()

    async def wait(self, wanted: Callable[[], bool]) -> None:
        deadline = time.perf_counter() + TIMEOUT
        while not wanted():
            self.changed.clear()
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError("no awaited message within the timeout")
            await asyncio.wait_for(self.changed.wait(), left)

    async def request(self, data: dict[str, Any]) -> dict[str, Any]:
        self.ids += 1
        ident = self.ids
        await self.conn.write_message(json.dumps({**data, "id": ident}))
        await self.wait(lambda: ident in self.replies)
        return self.replies.pop(ident)


def first_at(client: Client, n: int) -> float:
    """When ``client`` first received a view that includes the change that made the log ``n`` long
    (changes committed together arrive in one view)."""
    return min(t for m, t in client.arrivals.items() if m >= n)


async def connect(port: int, code: str, hello: dict[str, Any]) -> Client:
    conn = await asyncio.wait_for(websocket_connect(f"ws://127.0.0.1:{port}/ws/{code}",
                                                    max_message_size=1 << 20), TIMEOUT)
    c = Client(conn)
    asyncio.get_running_loop().create_task(c.pump())
    await conn.write_message(json.dumps({"hello": hello}))
    await c.wait(lambda: bool(c.view))
    return c


async def post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    r = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}{path}", method="POST", body=json.dumps(body),
                                      headers={"Authorization": f"Bearer {KEY}"}, request_timeout=TIMEOUT)
    return json.loads(r.body)


async def run_room(port: int, students: int, cards: int, seed: int, stats: dict[str, list[float]],
                   think: float = 0.0) -> None:
    made = await post(port, "/api/rooms", {"game": "hashi", "seed": seed})
    code = made["code"]
    teacher = await connect(port, code, {"token": made["teacher_token"]})
    wall = await connect(port, code, {"projector": True})
    kids = []
    for k in range(students):
        joined = await post(port, f"/api/rooms/{code}/join", {"name": f"Student {k + 1}"})
        kids.append(await connect(port, code, {"token": joined["token"]}))
    rng = random.Random(seed)

    async def turn(kid: Client, r: random.Random) -> None:
        for step in range(6):
            legal = kid.view["sheet"]["legal"]
            if not legal:
                return
            ends = [a for a in legal if a == ["end"]]
            action = ends[0] if ends and (step >= 2 or r.random() < 0.3) else r.choice(legal)
            if think:
                await asyncio.sleep(r.uniform(0, 2 * think))     # a student thinking (simulated), not a wait
            sent = time.perf_counter()
            reply = await kid.request({"act": action})
            if reply["type"] != "reply":
                raise RuntimeError(reply)
            n = reply["n"]
            await kid.wait(lambda: kid.view["n"] >= n)
            await wall.wait(lambda: wall.view["n"] >= n)
            stats["action -> projector"].append(first_at(wall, n) - sent)
            stats["action -> own view"].append(first_at(kid, n) - sent)

    await asyncio.gather(*(turn(kid, random.Random(rng.random())) for kid in kids))      # the setup
    for card in range(cards):
        sent = time.perf_counter()
        reply = await teacher.request({"cmd": "flip", "at": card})
        n = reply["n"]
        for c in (*kids, wall):
            await c.wait(lambda c=c: max(c.arrivals, default=-1) >= n)
        stats["flip -> all"].append(max(first_at(c, n) for c in (*kids, wall)) - sent)
        await asyncio.gather(*(turn(kid, random.Random(rng.random())) for kid in kids))
        await wall.wait(lambda: wall.view["done"] == students)
    for c in (*kids, wall, teacher):
        c.conn.close()


def memory(pid: int) -> tuple[float, float]:
    """The child's resident memory now and at its peak, in MB."""
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _sep, value = line.partition(":")
            fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def show(stats: dict[str, list[float]]) -> None:
    for name, values in stats.items():
        if not values:
            continue
        ms = sorted(v * 1000 for v in values)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        print(f"  {name:22s} n={len(ms):5d}  p50 {statistics.median(ms):7.1f} ms  p95 {p95:7.1f} ms  "
              f"max {ms[-1]:7.1f} ms")


def start_service(db: str, port: int) -> subprocess.Popen:
    """``skye-widgets rooms serve`` on ``db`` and 127.0.0.1:``port``, once it listens."""
    server = subprocess.Popen([sys.executable, "-m", "skye_widgets", "rooms", "serve", "--db", db, "--port", str(port),
                               "--key", KEY], stdout=subprocess.PIPE, text=True, env={**os.environ, "LANGUAGE": "en"})
    assert server.stdout is not None
    assert re.search(r":(\d+) ", server.stdout.readline()), "the service did not start"
    return server


def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def faults(db: str, students: int, seed: int) -> dict[str, Any]:
    """The three faults on one room (see the module's docstring); returns what was seen."""
    from skye_widgets.rooms.client import SeatClient, TokenFile
    from skye_widgets.rooms.store import Store

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_service(db, port)
    out: dict[str, Any] = {}
    tokens = TokenFile(os.path.join(os.path.dirname(db), "seats.json"))
    try:
        made = await post(port, "/api/rooms", {"game": "hashi", "seed": seed})
        code = made["code"]
        teachers = [await connect(port, code, {"token": made["teacher_token"]}) for _ in range(2)]
        kids = [SeatClient(url, code, f"Student {k + 1}", token_file=tokens) for k in range(students)]
        for kid in kids:
            await kid.join()
        acked: list[tuple[int, Any, int]] = []            # (seat, action, the log's length its reply gave)
        rng = random.Random(seed)

        async def turn(kid: SeatClient, r: random.Random) -> None:
            for step in range(6):
                legal = (kid.view or {}).get("sheet", {}).get("legal") or []
                if not legal:
                    return
                ends = [a for a in legal if a == ["end"]]
                action = ends[0] if ends and (step >= 2 or r.random() < 0.3) else r.choice(legal)
                await asyncio.sleep(r.uniform(0, 0.2))
                n_before = kid.view["n"]
                reply = await kid.act(action)
                if reply.get("type") != "reply":
                    return                                 # refused, or the connection went: the turn stops
                acked.append((int(kid.seat), action, int(reply["n"])))
                await kid.wait_until(lambda: kid.view["n"] > n_before)

        await asyncio.gather(*(turn(kid, random.Random(rng.random())) for kid in kids))      # the setup
        await teachers[0].request({"cmd": "flip", "at": 0})
        for kid in kids:
            await kid.wait_until(lambda kid=kid: kid.view.get("turned") == 1)
        # the students play card 1; the service is killed once a third of them have had an answer
        playing = asyncio.gather(*(turn(kid, random.Random(rng.random())) for kid in kids))
        before = len(acked)
        while len(acked) < before + students // 3:
            await asyncio.sleep(0.01)
        server.send_signal(signal.SIGKILL)
        killed = time.perf_counter()
        server.wait(timeout=30)
        out["acknowledged before the kill"] = len(acked)
        server = start_service(db, port)
        listening = time.perf_counter()
        await asyncio.wait_for(playing, TIMEOUT)
        for kid in kids:
            await kid.wait_until(lambda kid=kid: kid.state == "connected" and kid.view is not None, timeout=TIMEOUT)
        back = time.perf_counter()
        out["service restarted (s)"] = listening - killed
        out["every student back, from the kill (s)"] = back - killed
        out["every student back, from the restart (s)"] = back - listening
        with Store(db) as store:
            events = store.load(code).events
        lost = [a for a in acked if len(events) < a[2] or events[a[2] - 1] != {"t": "act", "seat": a[0], "a": a[1]}]
        out["acknowledged actions"] = len(acked)
        out["acknowledged actions lost"] = len(lost)
        # a dropped connection: the student's client reconnects on its own
        kid = kids[0]
        seen = kid.messages
        kid.conn.close()
        dropped = time.perf_counter()
        await kid.wait_until(lambda: kid.state == "retrying" or kid.messages > seen)
        await kid.wait_until(lambda: kid.state == "connected" and kid.conn is not None)
        out["a dropped student back (s)"] = time.perf_counter() - dropped
        # two teachers flip the next card at once
        teachers = [await connect(port, code, {"token": made["teacher_token"]}) for _ in range(2)]
        turned = teachers[0].view["turned"]
        replies = await asyncio.gather(*(t.request({"cmd": "flip", "at": turned}) for t in teachers))
        with Store(db) as store:
            flips = sum(1 for e in store.load(code).events if e.get("t") == "flip")
        out["two teachers' flips of one card: flips logged"] = flips - turned
        out["two teachers' flips of one card: answers"] = sorted(r["type"] for r in replies)
        for kid in kids:
            await kid.close()
        for t in teachers:
            t.conn.close()
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=30)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--cards", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.0,
                        help="each student's mean thinking time before an action, in seconds (0: none, a stress)")
    parser.add_argument("--faults", action="store_true",
                        help="measure the faults (a killed service, a dropped connection, two flips) instead")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} on {os.cpu_count()} cores")
    if args.faults:
        with tempfile.TemporaryDirectory() as tmp:
            seen = asyncio.run(faults(os.path.join(tmp, "rooms.db"), args.students, args.seed))
        print(f"faults, one room of {args.students} students (each the package's SeatClient):")
        for name, value in seen.items():
            print(f"  {name:48s} {value:.2f}" if isinstance(value, float) else f"  {name:48s} {value}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        profile = ["-m", "cProfile", "-o", os.environ["BENCH_PROFILE"]] if os.environ.get("BENCH_PROFILE") else []
        command = [sys.executable, *profile, "-m", "skye_widgets", "rooms", "serve", "--db", os.path.join(tmp, "rooms.db"),
                   "--port", "0", "--key", KEY]
        server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env={**os.environ, "LANGUAGE": "en"})
        try:
            assert server.stdout is not None
            found = re.search(r":(\d+) ", server.stdout.readline())
            assert found, "the service did not start"
            port = int(found.group(1))
            print(f"service idle: {memory(server.pid)[0]:.1f} MB")
            for rooms in (1, args.rooms):
                stats: dict[str, list[float]] = {"action -> projector": [], "action -> own view": [],
                                                 "flip -> all": []}
                start = time.perf_counter()

                async def many() -> None:
                    await asyncio.gather(*(run_room(port, args.students, args.cards, args.seed + r, stats, args.think)
                                           for r in range(rooms)))
                asyncio.run(many())
                rss, peak = memory(server.pid)
                print(f"{rooms} room(s) of {args.students} students + projector + teacher, {args.cards} cards, "
                      f"thinking {args.think:g} s: "
                      f"{time.perf_counter() - start:.1f} s; service memory {rss:.1f} MB now, {peak:.1f} MB peak")
                show(stats)
        finally:
            server.send_signal(signal.SIGINT)          # the service ends as on Ctrl-C (a profile is written)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())

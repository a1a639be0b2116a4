"""One conformance harness for every game (like OpenSpiel's ``random_sim_test``).

Every game registered in :data:`skye_widgets.protocol.GAMES` is played to the
end by seeded random choice, from several seeds and player counts. At every
step the harness also tries illegal and malformed actions (fields of the wrong
type, floats, bools, texts, out of range, actions from other states, things that
are not actions at all): each must raise ``RulesError`` -- at construction or in
``apply`` -- and leave ``to_dict()`` unchanged. A malformed action may never be
accepted; a well-formed but unusual one that ``apply`` accepts must be legal
(in ``legal_actions()``). Undo restores the previous ``to_dict()``; save/load
round-trips at random points and the loaded game continues identically; replay
from the seed is identical; ``returns()`` and ``winners()`` agree.

A new game gets all of this by registering itself (``protocol.register``).
The counts per game are printed (``-s``) and written to
``tests/output/conformance_summary.txt``.
"""

from __future__ import annotations

import dataclasses
import json
import random
import typing
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import skye_widgets.hashi  # noqa: F401  (each game registers itself on import)
import skye_widgets.skye  # noqa: F401
import skye_widgets.skylands  # noqa: F401
from skye_widgets.errors import RulesError
from skye_widgets.protocol import GAMES, Game, GameInfo

#: Seeds per player count, and how many bad actions are tried at each step.
SEEDS = 3
BAD_PER_STEP = 6
#: At least this many actions (legal and refused) per game, as issue 13 asks.
MIN_ACTIONS = 10_000

SUMMARY: dict[str, Counter] = {}


def snapshot(g: Any) -> str:
    return json.dumps(g.to_dict(), sort_keys=True)


def _optional_fields(cls: type) -> set[str]:
    try:
        hints = typing.get_type_hints(cls)
    except Exception:       # unresolvable annotations: treat no field as optional
        return set()
    out = set()
    for name, hint in hints.items():
        if type(None) in typing.get_args(hint):
            out.add(name)
    return out


def _bad_scalars(v: Any, optional: bool) -> list[tuple[Any, bool]]:
    """(replacement, malformed?) for one value: malformed ones change its type."""
    if isinstance(v, bool):
        out = [(1, True), (0, True), ("yes", True), (1.0, True)]
    elif isinstance(v, int):
        out = [(float(v), True), (v + 0.5, True), (True, True), (False, True), (str(v), True),
               (-1, False), (v + 1, False), (v - 1, False), (10**12, False), (-(10**12), False)]
    elif isinstance(v, float):
        out = [("1", True), (float("nan"), False), (float("inf"), False)]
    elif isinstance(v, str):
        out = [(1, True), (b"x", True), ("", False), ("x" * 5000, False), ("no-such-thing", False)]
    elif isinstance(v, tuple):
        out = [(list(v), False), (v[:-1], False), ((*v, v[0]) if v else (0,), False), ((), False)]
        for i, x in enumerate(v):
            for rep, malformed in _bad_scalars(x, False):
                out.append((v[:i] + (rep,) + v[i + 1:], malformed))
    elif v is None:
        out = [(0, False), ("x", False)]
    else:
        out = [(object(), True)]
    if v is not None and not optional:
        out.append((None, True))
    return out


def mutations(action: Any, rng: random.Random, k: int) -> list[tuple[Any, bool]]:
    """Up to ``k`` seeded mutations of a legal ``action``: (new action or a
    callable that builds it, malformed?)."""
    if not dataclasses.is_dataclass(action):
        return []
    cls = type(action)
    optional = _optional_fields(cls)
    cands: list[tuple[str, Any, bool]] = []
    for f in dataclasses.fields(action):
        for rep, malformed in _bad_scalars(getattr(action, f.name), f.name in optional):
            cands.append((f.name, rep, malformed))
    rng.shuffle(cands)
    return [((lambda name=name, rep=rep: dataclasses.replace(action, **{name: rep})), malformed)
            for name, rep, malformed in cands[:k]]


NOT_ACTIONS = [None, 0, "apply", (0, 0), [0, 0], {"type": "x"}, object(), 1.5, True]


class Harness:
    def __init__(self, info: GameInfo) -> None:
        self.info = info
        self.count: Counter = SUMMARY.setdefault(info.name, Counter())
        self.pool: list[Any] = []          # legal actions of other states

    def fail(self, what: str) -> None:
        self.count["failures"] += 1
        pytest.fail(f"{self.info.name}: {what}")

    def try_bad(self, g: Any, make: Any, malformed: bool, where: str) -> None:
        before = snapshot(g)
        legal = {repr(a) for a in g.legal_actions()}
        self.count["tried"] += 1
        try:
            action = make() if callable(make) else make
        except RulesError:
            self.count["refused at construction"] += 1
            return
        except Exception as e:     # noqa: BLE001 - the point of the harness
            self.fail(f"{where}: building a bad action raised {type(e).__name__}: {e}")
        try:
            g.apply(action)
        except RulesError:
            self.count["refused by apply"] += 1
            if snapshot(g) != before:
                self.fail(f"{where}: the state changed after refusing {action!r}")
            return
        except Exception as e:     # noqa: BLE001
            self.fail(f"{where}: apply({action!r}) raised {type(e).__name__}: {e}")
        # accepted: it must have been well-formed and legal, and must save and load
        if malformed:
            self.fail(f"{where}: a malformed action was accepted: {action!r}")
        if self.info.legal_is_complete and repr(action) not in legal:
            self.fail(f"{where}: an action not in legal_actions() was accepted: {action!r}")
        self.count["accepted (legal)"] += 1
        self.check_round_trip(g, where)
        g.undo()
        if snapshot(g) != before:
            self.fail(f"{where}: undo after {action!r} did not restore the state")

    def check_round_trip(self, g: Any, where: str) -> Any:
        d = g.to_dict()
        data = json.loads(json.dumps(d))
        h = type(g).from_dict(data)
        if snapshot(h) != json.dumps(d, sort_keys=True):
            self.fail(f"{where}: to_dict/from_dict does not round-trip")
        self.count["round trips"] += 1
        return h

    def play(self, players: int, seed: int, tmp: Path) -> None:
        rng = random.Random(f"{self.info.name}/{players}/{seed}")
        g = self.info.new(players, seed=seed, **self.info.options)
        assert isinstance(g, Game), f"{self.info.name}'s game does not implement the protocol"
        twin = None                      # a loaded copy that must continue identically
        step = 0
        while not g.is_over():
            step += 1
            where = f"{players} players, seed {seed}, step {step}"
            legal = g.legal_actions()
            if not legal:
                self.fail(f"{where}: no legal action but the game is not over")
            p = g.current_player()
            if not 0 <= p < g.n_players:
                self.fail(f"{where}: current_player() is {p} in a game that is not over")
            # illegal and malformed actions
            for make, malformed in mutations(rng.choice(legal), rng, BAD_PER_STEP):
                self.try_bad(g, make, malformed, where)
            if self.pool:
                self.try_bad(g, rng.choice(self.pool), False, where + " (an action of another state)")
            self.try_bad(g, rng.choice(NOT_ACTIONS), True, where + " (not an action)")
            # a legal action, sometimes undone and applied again
            action = rng.choice(legal)
            before = snapshot(g)
            g.apply(action)
            self.count["legal applied"] += 1
            if rng.random() < 0.1:
                undone = g.undo()
                if repr(undone) != repr(action) or snapshot(g) != before:
                    self.fail(f"{where}: undo() did not take back {action!r} exactly")
                self.count["undone"] += 1
                g.apply(action)
            if twin is not None:
                twin.apply(action)
            elif rng.random() < 0.05:
                if rng.random() < 0.5:
                    twin = self.check_round_trip(g, where)
                else:
                    path = tmp / f"{self.info.name}-{players}-{seed}-{step}.json"
                    g.save(str(path))
                    twin = type(g).load(str(path))
                    if snapshot(twin) != snapshot(g):
                        self.fail(f"{where}: save/load does not round-trip")
                    self.count["saves loaded"] += 1
            if len(self.pool) < 200 or rng.random() < 0.1:
                self.pool.append(action) if len(self.pool) < 200 else self.pool.__setitem__(rng.randrange(200), action)
        # the end
        self.try_bad(g, rng.choice(self.pool), False, f"{players} players, seed {seed}, after the end")
        if g.current_player() != -1:
            self.fail("current_player() is not -1 after the end")
        returns, winners = g.returns(), g.winners()
        if not winners or any(not 0 <= w < g.n_players for w in winners):
            self.fail(f"winners() {winners} is not a non-empty list of players")
        expected = [1 / len(winners) if q in winners else 0.0 for q in range(g.n_players)]
        if any(abs(a - b) > 1e-9 for a, b in zip(returns, expected)) or len(returns) != g.n_players:
            self.fail(f"returns() {returns} does not agree with winners() {winners}")
        if len(g.scores()) != g.n_players:
            self.fail("scores() does not give one result per player")
        if twin is not None and snapshot(twin) != snapshot(g):
            self.fail("a loaded game did not continue identically")
        replay = self.info.new(players, seed=seed, **self.info.options)
        for a in g.history:
            replay.apply(a)
        if snapshot(replay) != snapshot(g):
            self.fail("replaying the history from the seed gives another game")
        self.count["games"] += 1


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_sim(name: str, tmp_path: Path) -> None:
    info = GAMES[name]
    h = Harness(info)
    seed = 0
    while True:      # SEEDS seeds per player count, more (up to 4 x SEEDS) until MIN_ACTIONS are reached
        for players in info.player_counts:
            h.play(players, seed, tmp_path)
        seed += 1
        total = h.count["tried"] + h.count["legal applied"]
        if (seed >= SEEDS and total >= MIN_ACTIONS) or seed >= 4 * SEEDS:
            break
    line = f"{name}: " + ", ".join(f"{k} {v}" for k, v in sorted(h.count.items()))
    print(line)
    out = Path(__file__).parent / "output"
    out.mkdir(exist_ok=True)
    with open(out / "conformance_summary.txt", "a", encoding="utf-8") as f:
        f.write(line + "\n")
    assert h.count["failures"] == 0
    assert total >= MIN_ACTIONS, f"{name}: only {total} actions tried; raise SEEDS or BAD_PER_STEP"

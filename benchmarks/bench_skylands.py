"""Skylands figures: speed of the engine and bots, and the balance play-test.

    python benchmarks/bench_skylands.py            # quick: 12 games per line
    python benchmarks/bench_skylands.py --games 60 # the figures in docs/skylands.md

Prints, for bot-only games: seconds per game and per decision, mean final VP,
how the games ended, and what the boards looked like at the end (squares in
complete islands, squares lost to the border, inhabitants, special islands).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from skye_widgets.skylands.bots import make_bot
from skye_widgets.skylands.game import GameState, play_game


def end_kind(reason: str) -> str:
    if "VP supply" in reason:
        return "VP supply"
    if "cannot reveal" in reason:
        return "stack"
    return "board full"


def balance(kinds: list[str], games: int) -> None:
    t0 = time.perf_counter()
    decisions = 0
    ends: Counter[str] = Counter()
    st: Counter[str] = Counter()
    for seed in range(games):
        g = play_game([make_bot(k, seed * 10 + i) for i, k in enumerate(kinds)], seed=seed)
        decisions += len(g.history)
        ends[end_kind(g.end_reason or "")] += 1
        st["turns"] += g.turn + 1
        for p, b in enumerate(g.boards):
            st["vp"] += g.returns()[p]
            st["markers"] += g.vp[p]
            st["complete"] += len({c for i in b.complete_islands() for c in i.cells})
            st["border"] += sum(i.squares for i in b.islands() if i.open_to_border)
            st["empty"] += len(b.empty_squares())
            st["inhabitants"] += b.count()
            st["specials"] += len(b.specials())
        st["winner_vp"] += max(g.returns())
    dt = time.perf_counter() - t0
    seats = games * len(kinds)
    print(f"{','.join(kinds):28s} {dt / games:6.2f} s/game {1000 * dt / decisions:6.1f} ms/decision  "
          f"turns {st['turns'] / games:4.1f}  VP {st['vp'] / seats:5.1f} (winner {st['winner_vp'] / games:5.1f}, "
          f"markers {st['markers'] / seats:4.1f})")
    print(f"{'':28s} per board: complete-island squares {st['complete'] / seats:4.1f}, lost to border "
          f"{st['border'] / seats:4.1f}, empty {st['empty'] / seats:3.1f}, inhabitants {st['inhabitants'] / seats:4.1f}, "
          f"specials {st['specials'] / seats:3.1f};  ends: "
          + ", ".join(f"{k} {v}" for k, v in ends.most_common()))


def engine_speed(n: int = 300) -> None:
    g = GameState(3, seed=1)
    bots = [make_bot("greedy", i) for i in range(3)]
    for _ in range(40):
        g.apply(bots[g.current_player()].choose(g))
    t0 = time.perf_counter()
    for _ in range(n):
        g.legal_actions()
    t1 = time.perf_counter()
    for _ in range(n):
        g.clone()
    t2 = time.perf_counter()
    print(f"legal_actions {1e3 * (t1 - t0) / n:.2f} ms ({len(g.legal_actions())} actions, phase {g.phase}); "
          f"clone {1e3 * (t2 - t1) / n:.3f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12)
    args = ap.parse_args()
    engine_speed()
    for kinds in (["random"] * 3, ["greedy"] * 2, ["greedy"] * 3, ["greedy"] * 4, ["planner"] * 3):
        balance(kinds, args.games)


if __name__ == "__main__":
    main()

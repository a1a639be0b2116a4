"""Isle of Skye puzzle solver timings (prints figures; asserts nothing).

    .venv/bin/python benchmarks/bench_skye_puzzles.py          # 3- and 4-tile hands on 20-tile territories + the set
    .venv/bin/python benchmarks/bench_skye_puzzles.py --quick  # 3-tile hands and the set only

Targets (issue 6): a 3-tile hand on a 20-tile territory in <= 1 s, a 4-tile hand in
<= 10 s, on one core. Territories and hands are random but seeded (same figures
on the same machine); "finals" is how many final territories were scored, "nodes"
how many partial ones were expanded.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from skye_widgets.skye.puzzles import Objective, describe_objective, load_all
from skye_widgets.skye.solver import greedy, solve
from skye_widgets.skye.territory import Territory, grow_territory

OBJECTIVES = [
    Objective((16,)), Objective((2,)), Objective((1,)), Objective((13,)), Objective((12, 15)),
    Objective((9, 14)), Objective((4,), scrolls=True), Objective((11,), income=True),
]


def territory(seed: int, size: int) -> tuple[Territory, list[int]]:
    """A seeded random territory of ``size`` tiles and the rest of the bag."""
    rng = random.Random(seed)
    t = Territory("castle-blue")
    pool = [str(n) for n in range(1, 74)]
    rng.shuffle(pool)
    grow_territory(t, pool, size, rng)
    return t, [int(p) for p in pool]


def run(hand_size: int, objectives: list[Objective], seeds: range) -> list[float]:
    times = []
    print(f"\n{hand_size}-tile hands on 20-tile territories")
    print(f"{'seed':>4} {'objective':<80} {'optimum':>7} {'greedy':>6} {'#opt':>7} {'nodes':>7} "
          f"{'finals':>8} {'cpu s':>8} {'wall s':>8}")
    for seed in seeds:
        for obj in objectives:
            t, pool = territory(seed, 20)
            hand = pool[:hand_size]
            t0, c0 = time.perf_counter(), time.process_time()
            sol = solve(t, hand, obj)
            dt, cpu = time.perf_counter() - t0, time.process_time() - c0
            times.append(cpu)
            g, _ = greedy(t, hand, obj)
            print(f"{seed:>4} {describe_objective(obj):<80} {sol.optimum:>7} {g:>6} "
                  f"{sol.optimal_territories:>7} {sol.nodes:>7} {sol.finals:>8} {cpu:>8.2f} {dt:>8.2f}", flush=True)
    times.sort()
    print(f"{hand_size}-tile: CPU time median {times[len(times) // 2]:.2f} s, max {times[-1]:.2f} s "
          f"over {len(times)} solves")
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the 4-tile hands")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; the solver is single-threaded, "
          "'cpu s' is its own CPU time (one core), 'wall s' includes waiting for the CPU")
    run(3, OBJECTIVES, range(1, 3))
    if not args.quick:
        run(4, [Objective((16,)), Objective((1,)), Objective((13,)), Objective((12, 15))], range(1, 2))
    print("\nthe curated set (puzzles/skye)")
    total = 0.0
    slowest = (0.0, "")
    for p in load_all():
        t0 = time.process_time()
        sol = solve(p.start(), p.hand, p.objective)
        dt = time.process_time() - t0
        total += dt
        slowest = max(slowest, (dt, p.id))
        assert sol.optimum == p.optimum
    print(f"{len(load_all())} puzzles re-solved in {total:.1f} s CPU; slowest {slowest[1]} {slowest[0]:.2f} s")


if __name__ == "__main__":
    main()

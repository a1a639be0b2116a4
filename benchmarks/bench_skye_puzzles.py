"""Isle of Skye puzzle solver timings (prints figures; asserts nothing).

    .venv/bin/python benchmarks/bench_skye_puzzles.py           # 3-, 4- and 5-tile hands + the shipped set
    .venv/bin/python benchmarks/bench_skye_puzzles.py --quick   # 3-tile hands and the shipped set only
    .venv/bin/python benchmarks/bench_skye_puzzles.py --count   # also count every optimal territory
    .venv/bin/python benchmarks/bench_skye_puzzles.py --only 5  # only 5-tile hands on 20-tile territories

Targets (issue 15), one core: 4-tile hands median <= 0.5 s, max <= 2 s; 5-tile hands
median <= 5 s; a first hint on any shipped puzzle <= 1 s. The solves are what
``puzzle check`` and hints do: the optimum and one witness (``max_optima=1``).
Territories and hands are random but seeded (same cases on every run); "finals" is
how many final territories were scored, "nodes" how many partial ones were expanded.
A solve running over ``--budget`` CPU seconds is stopped and printed as "> budget".
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


class OverBudget(Exception):
    pass


def territory(seed: int, size: int) -> tuple[Territory, list[int]]:
    """A seeded random territory of ``size`` tiles and the rest of the bag."""
    rng = random.Random(seed)
    t = Territory("castle-blue")
    pool = [str(n) for n in range(1, 74)]
    rng.shuffle(pool)
    grow_territory(t, pool, size, rng)
    return t, [int(p) for p in pool]


def timed(t: Territory, hand: list[int], obj: Objective, budget: float, count: bool) -> tuple[object, float]:
    c0 = time.process_time()

    def watch(nodes: int) -> None:
        if nodes % 512 == 0 and time.process_time() - c0 > budget:
            raise OverBudget

    try:
        sol = solve(t, hand, obj, on_node=watch, max_optima=None if count else 1)
    except OverBudget:
        return None, time.process_time() - c0
    return sol, time.process_time() - c0


def run(hand_size: int, size: int, seeds: range, budget: float, count: bool) -> None:
    times = []
    print(f"\n{hand_size}-tile hands on {size}-tile territories"
          + (" (every optimal territory counted)" if count else ""))
    print(f"{'seed':>4} {'objective':<66} {'optimum':>7} {'greedy':>6} {'#opt':>5} {'nodes':>8} "
          f"{'finals':>8} {'cpu s':>7}")
    for seed in seeds:
        for obj in OBJECTIVES:
            t, pool = territory(seed, size)
            hand = pool[:hand_size]
            sol, cpu = timed(t, hand, obj, budget, count)
            times.append(cpu)
            g, _ = greedy(t, hand, obj)
            if sol is None:
                print(f"{seed:>4} {describe_objective(obj):<66} {'?':>7} {g:>6} {'?':>5} {'?':>8} {'?':>8} "
                      f"> {budget:.0f}", flush=True)
                continue
            print(f"{seed:>4} {describe_objective(obj):<66} {sol.optimum:>7} {g:>6} "
                  f"{sol.optimal_territories:>5} {sol.nodes:>8} {sol.finals:>8} {cpu:>7.2f}", flush=True)
    times.sort()
    print(f"{hand_size}-tile: CPU time median {times[len(times) // 2]:.2f} s, max {times[-1]:.2f} s, "
          f"n = {len(times)} (load average {os.getloadavg()[0]:.1f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the 4- and 5-tile hands")
    ap.add_argument("--count", action="store_true", help="count every optimal territory (grading, puzzle solve)")
    ap.add_argument("--budget", type=float, default=60.0, help="CPU seconds before a solve is stopped")
    ap.add_argument("--only", type=int, action="append", metavar="N",
                    help="only N-tile hands on 20-tile territories (repeatable; no shipped set)")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; the solver is single-threaded, "
          "'cpu s' is its own CPU time (one core)")
    if args.only:
        for n in args.only:
            run(n, 20, range(1, 3) if n == 3 else range(1, 2), args.budget, args.count)
        return
    run(3, 20, range(1, 3), args.budget, args.count)
    if not args.quick:
        run(4, 20, range(1, 2), args.budget, args.count)
        run(5, 20, range(1, 2), args.budget, args.count)
        run(5, 7, range(1, 2), args.budget, args.count)
    print("\nfirst hint on every shipped puzzle (puzzles/skye): the optimum and one witness from the start")
    worst: list[tuple[float, str]] = []
    for p in load_all():
        sol, dt = timed(p.start(), list(p.hand), p.objective, args.budget, False)
        assert sol is not None and sol.optimum == p.optimum, p.id
        worst.append((dt, p.id))
    worst.sort()
    print(f"{len(worst)} puzzles: first hint median {worst[len(worst) // 2][0]:.2f} s, max {worst[-1][0]:.2f} s "
          f"({worst[-1][1]}), total {sum(d for d, _ in worst):.1f} s (load average {os.getloadavg()[0]:.1f})")
    print("slowest: " + ", ".join(f"{i} {d:.2f} s" for d, i in worst[-5:]))


if __name__ == "__main__":
    main()

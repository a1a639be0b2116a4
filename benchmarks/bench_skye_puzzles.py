"""Isle of Skye puzzle solver timings (prints figures; asserts nothing).

    .venv/bin/python benchmarks/bench_skye_puzzles.py           # 3-, 4- and 5-tile hands + the shipped set
    .venv/bin/python benchmarks/bench_skye_puzzles.py --quick   # 3-tile hands and the shipped set only
    .venv/bin/python benchmarks/bench_skye_puzzles.py --count   # also count every optimal territory
    .venv/bin/python benchmarks/bench_skye_puzzles.py --only 5  # only 5-tile hands on 20-tile territories
                                                                # and the fuzzing run's 5-tile puzzle
    .venv/bin/python benchmarks/bench_skye_puzzles.py --only 5 --size 30   # ... on 30-tile territories

Targets (issue 30, item 3), one core: every 5-tile case at most 10 s, their median at most 3 s;
any 5-tile puzzle within the bounds (skye_widgets/limits.py, the puzzle file bounds) at most
10 s and 200 MB. (Issue 15: 4-tile hands median <= 0.5 s, max <= 2 s; a first hint on any
shipped puzzle <= 1 s.) The solves are what ``puzzle check`` and hints do: the optimum and one
witness (``max_optima=1``). Territories and hands are random but seeded (same cases on every
run); "finals" is how many final territories were scored, "nodes" how many partial ones were
expanded. Each solve runs in a child process of its own (forked): "cpu s" is its CPU time,
"peak MB" its peak resident memory (the interpreter and the modules, about 30 MB, included),
"load" the machine's load average (1 minute) when it ended; the machine may be shared, so the
CPU time is the figure to compare. A solve running over ``--budget`` CPU seconds is stopped
and printed as "> budget".

The fuzzing run's 5-tile puzzle: ``puzzles/skye/d1-sheep.json`` with tiles 70, 71 and 72 added
to its hand (the "hand of 5" case of tests/test_fuzz_files.py before the hand bound became 5),
solved as ``puzzle check`` and hints do (one witness), as grading does (up to 4 optimal
territories), as ``puzzle solve`` does (up to 1000) and as ``solve()`` does by default (all).
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import resource
import time
from pathlib import Path

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


def timed(t: Territory, hand: list[int], obj: Objective, budget: float, count: bool | int | None = False,
          fork: bool = False) -> tuple[object, float]:
    """(solution or None when over ``budget`` CPU seconds, CPU seconds). ``count``: False for one
    witness (``max_optima=1``), True for every optimal territory, a number for that many at most.
    ``fork``: in a child process (see :func:`in_child`, which also gives the peak memory)."""
    if fork:
        sol, cpu, _ = in_child(lambda: timed(t, hand, obj, budget, count))
        return sol, cpu
    c0 = time.process_time()

    def watch(nodes: int) -> None:
        if nodes % 512 == 0 and time.process_time() - c0 > budget:
            raise OverBudget

    optima = 1 if count is False else None if count is True else count
    try:
        sol = solve(t, hand, obj, on_node=watch, max_optima=optima)
    except OverBudget:
        return None, time.process_time() - c0
    return sol, time.process_time() - c0


def in_child(job) -> tuple[object, float, float]:
    """``job()`` (giving a solution and its CPU seconds) in a forked child process: (solution,
    CPU seconds, the child's peak resident memory in MB). In this process where there is no fork."""
    if not hasattr(os, "fork"):   # pragma: no cover - not on Linux
        sol, cpu = job()
        return sol, cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:    # the child: run the job, send the answer, leave
        os.close(r)
        try:
            sol, cpu = job()
            data = pickle.dumps((sol, cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))
        except BaseException as e:  # noqa: BLE001 - sent to the parent, which raises it
            data = pickle.dumps(e)
        with os.fdopen(w, "wb") as out:
            out.write(data)
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as inp:
        data = inp.read()
    os.waitpid(pid, 0)
    answer = pickle.loads(data)
    if isinstance(answer, BaseException):
        raise answer
    return answer


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def fuzz_case() -> tuple[Territory, list[int], Objective]:
    """The fuzzing run's 5-tile puzzle (see the module's docstring)."""
    import json

    from skye_widgets.skye.puzzles import problem_from_dict
    d = json.loads((Path(__file__).resolve().parent.parent / "puzzles" / "skye" / "d1-sheep.json").read_text())
    d["hand"].extend([70, 71, 72])
    return problem_from_dict(d)


HEADER = (f"{'seed':>4} {'objective':<66} {'optimum':>7} {'greedy':>6} {'#opt':>6} {'nodes':>8} "
          f"{'finals':>8} {'cpu s':>7} {'peak MB':>7} {'load':>5}")


def line(label: str, t: Territory, hand: list[int], obj: Objective, budget: float,
         count: bool | int | None) -> float:
    """Solve one case in a child process and print its line; returns its CPU seconds."""
    sol, cpu, peak = in_child(lambda: timed(t, hand, obj, budget, count))
    g, _ = greedy(t, hand, obj)
    if sol is None:
        print(f"{label:>4} {describe_objective(obj):<66} {'?':>7} {g:>6} {'?':>6} {'?':>8} {'?':>8} "
              f"{'> ' + format(budget, '.0f'):>7} {peak:>7.0f} {load():>5}", flush=True)
    else:
        print(f"{label:>4} {describe_objective(obj):<66} {sol.optimum:>7} {g:>6} {sol.optimal_territories:>6} "
              f"{sol.nodes:>8} {sol.finals:>8} {cpu:>7.2f} {peak:>7.0f} {load():>5}", flush=True)
    return cpu


def run(hand_size: int, size: int, seeds: range, budget: float, count: bool) -> list[float]:
    times = []
    print(f"\n{hand_size}-tile hands on {size}-tile territories"
          + (" (every optimal territory counted)" if count else ""))
    print(HEADER)
    for seed in seeds:
        for obj in OBJECTIVES:
            t, pool = territory(seed, size)
            times.append(line(str(seed), t, pool[:hand_size], obj, budget, count))
    summary(f"{hand_size}-tile", times)
    return times


def summary(what: str, times: list[float]) -> None:
    times = sorted(times)
    print(f"{what}: CPU time median {times[len(times) // 2]:.2f} s, max {times[-1]:.2f} s, "
          f"n = {len(times)} (load average {load()})")


def run_fuzz(budget: float) -> list[float]:
    """The fuzzing run's 5-tile puzzle, as each caller solves it (see the module's docstring)."""
    t, hand, obj = fuzz_case()
    print(f"\nthe fuzzing run's 5-tile puzzle (d1-sheep.json + tiles 70, 71, 72; {len(list(t))}-tile territory)")
    print(HEADER.replace("seed", "mode"))
    times = []
    for label, count in (("chk", False), ("grd", 4), ("slv", 1000), ("all", True)):
        times.append(line(label, t, hand, obj, budget, count))
    print("(chk: puzzle check and hints, one witness; grd: grading, up to 4 optimal territories; "
          "slv: puzzle solve, up to 1000; all: solve() by default, every one)")
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the 4- and 5-tile hands")
    ap.add_argument("--count", action="store_true", help="count every optimal territory (grading, puzzle solve)")
    ap.add_argument("--budget", type=float, default=60.0, help="CPU seconds before a solve is stopped")
    ap.add_argument("--only", type=int, action="append", metavar="N",
                    help="only N-tile hands on 20-tile territories (repeatable; no shipped set; "
                         "with 5, also the fuzzing run's 5-tile puzzle)")
    ap.add_argument("--size", type=int, default=20, metavar="TILES",
                    help="the territories' size for --only (default 20)")
    args = ap.parse_args()
    print(f"load average {load()} on {os.cpu_count()} cores; the solver is single-threaded, "
          "'cpu s' is its own CPU time (one core)")
    if args.only:
        for n in args.only:
            times = run(n, args.size, range(1, 3) if n == 3 else range(1, 2), args.budget, args.count)
            if n == 5:
                summary("5-tile with the fuzzing run's puzzle (puzzle check)", times + run_fuzz(args.budget)[:1])
        return
    run(3, 20, range(1, 3), args.budget, args.count)
    if not args.quick:
        run(4, 20, range(1, 2), args.budget, args.count)
        times = run(5, 20, range(1, 2), args.budget, args.count)
        summary("5-tile with the fuzzing run's puzzle (puzzle check)", times + run_fuzz(args.budget)[:1])
        run(5, 7, range(1, 2), args.budget, args.count)
    print("\nfirst hint on every shipped puzzle (puzzles/skye): the optimum and one witness from the start")
    worst: list[tuple[float, str]] = []
    for p in load_all():
        sol, dt = timed(p.start(), list(p.hand), p.objective, args.budget, False, fork=True)
        assert sol is not None and sol.optimum == p.optimum, p.id
        worst.append((dt, p.id))
    worst.sort()
    print(f"{len(worst)} puzzles: first hint median {worst[len(worst) // 2][0]:.2f} s, max {worst[-1][0]:.2f} s "
          f"({worst[-1][1]}), total {sum(d for d, _ in worst):.1f} s (load average {load()})")
    print("slowest: " + ", ".join(f"{i} {d:.2f} s" for d, i in worst[-5:]))


if __name__ == "__main__":
    main()

"""Solve every coelho2019 Hashiwokakero instance, verify each solution, print timings.

    .venv/bin/python benchmarks/bench_hashi_solver.py [--sizes 100 200] [--every K] [--timeout S]
                                                      [--bounds | --no-bounds]

Prints one line per size: solved/total, median and maximum seconds per
instance (solve only; verification by :func:`validate` is not timed), then
the slowest instances. Reads ../shared/reference/hashi/coelho2019 relative
to the repository. ``--timeout`` gives up on an instance after S seconds
(counted as unsolved) so a run always ends.

Then the documented bounds (``--bounds`` alone: only these): 99 x 99 lattices of 2 500 islands
(``MAX_HASHI_ISLANDS``), islands two cells apart, numbered as if every neighbouring pair had one
bridge (many solutions), two bridges (one solution: every pair full) and one bridge with one
number off by one (none). ``skye-widgets hashi solve`` and ``hashi check`` run on each as the
user runs them (a new process: start-up included), elapsed and CPU seconds, each stopped after
``--timeout`` seconds. The target is 10 s each. The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from skye_widgets.hashi.puzzle import HashiPuzzle  # noqa: E402
from skye_widgets.hashi.solver import solve, validate  # noqa: E402

DATA = REPO / ".." / "shared" / "reference" / "hashi" / "coelho2019"


class _Timeout(Exception):
    pass


def _alarm(*_: object) -> None:
    raise _Timeout


def lattice(k: int, bridges: int = 1, off: int = 0) -> HashiPuzzle:
    """k x k islands two cells apart, each numbered as if every neighbouring pair had ``bridges``
    bridges; ``off`` is added to the top-left island's number."""
    w = 2 * k - 1
    islands = {}
    for y in range(0, w, 2):
        for x in range(0, w, 2):
            islands[(x, y)] = bridges * ((x > 0) + (x < w - 1) + (y > 0) + (y < w - 1))
    islands[(0, 0)] += off
    return HashiPuzzle(w, w, islands)


def bounds(timeout: float) -> None:
    """``hashi solve`` and ``hashi check`` on the 2 500-island lattices, as the user runs them."""
    exe = Path(sys.executable).with_name("skye-widgets")
    cases = [("many solutions", lattice(50)), ("one solution", lattice(50, 2)),
             ("no solution (odd total)", lattice(50, 1, -1))]
    print(f"2 500 islands (99 x 99), load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for label, p in cases:
            path = Path(tmp) / "lattice.has"
            path.write_text(p.to_text())
            for verb in ("solve", "check"):
                c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
                t0 = time.perf_counter()
                try:
                    r = subprocess.run([str(exe), "hashi", verb, str(path)], capture_output=True, text=True,
                                       timeout=timeout)
                    said = (r.stdout.strip().splitlines() or [r.stderr.strip()])[-1]
                except subprocess.TimeoutExpired:
                    said = f"stopped after {timeout:.0f} s"
                dt = time.perf_counter() - t0
                c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)
                said = said.replace(str(path), "lattice.has")
                print(f"  {label:<24} {verb:<5} {dt:6.2f} s elapsed {cpu:6.2f} s CPU  {said}", flush=True)
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", nargs="*", type=int, default=[100, 200, 300, 400])
    ap.add_argument("--every", type=int, default=1, help="only every K-th instance")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per instance")
    ap.add_argument("--verbose", action="store_true", help="one line per instance")
    ap.add_argument("--bounds", action=argparse.BooleanOptionalAction, default=None,
                    help="the 2 500-island lattices (--bounds: only these; --no-bounds: skip them)")
    args = ap.parse_args()
    if args.bounds:
        bounds(args.timeout)
        return 0
    if not DATA.is_dir():
        print(f"no data at {DATA}", file=sys.stderr)
        return 2
    signal.signal(signal.SIGALRM, _alarm)
    total_ok = total = 0
    slow: list[tuple[float, str]] = []
    for size in args.sizes:
        files = sorted((DATA / str(size)).glob("*.has"))[:: args.every]
        times: list[float] = []
        ok = 0
        for f in files:
            p = HashiPuzzle.from_has(f)
            signal.setitimer(signal.ITIMER_REAL, args.timeout)
            t0 = time.perf_counter()
            try:
                sol = solve(p)
            except _Timeout:
                sol = None
            dt = time.perf_counter() - t0
            signal.setitimer(signal.ITIMER_REAL, 0)
            good = sol is not None and validate(p, sol.bridges) == []
            ok += good
            times.append(dt)
            slow.append((dt, f.name))
            if args.verbose:
                print(f"  {f.name} {'ok' if good else 'FAILED'} {dt:.3f}s nodes={sol.nodes if sol else '-'}",
                      flush=True)
        total_ok += ok
        total += len(files)
        if files:
            print(f"{size} islands: solved and verified {ok}/{len(files)}, "
                  f"median {statistics.median(times):.3f} s, max {max(times):.3f} s", flush=True)
    print(f"all: {total_ok}/{total} solved and verified")
    print("slowest:", ", ".join(f"{n} {t:.2f}s" for t, n in sorted(slow, reverse=True)[:5]))
    if args.bounds is None:
        bounds(args.timeout)
    return 0 if total_ok == total else 1


if __name__ == "__main__":
    sys.exit(main())

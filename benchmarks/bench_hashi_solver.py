"""Solve every coelho2019 Hashiwokakero instance, verify each solution, print timings.

    .venv/bin/python benchmarks/bench_hashi_solver.py [--sizes 100 200] [--every K] [--timeout S]

Prints one line per size: solved/total, median and maximum seconds per
instance (solve only; verification by :func:`validate` is not timed), then
the slowest instances. Reads ../shared/reference/hashi/coelho2019 relative
to the repository. ``--timeout`` gives up on an instance after S seconds
(counted as unsolved) so a run always ends.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", nargs="*", type=int, default=[100, 200, 300, 400])
    ap.add_argument("--every", type=int, default=1, help="only every K-th instance")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per instance")
    ap.add_argument("--verbose", action="store_true", help="one line per instance")
    args = ap.parse_args()
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
    return 0 if total_ok == total else 1


if __name__ == "__main__":
    sys.exit(main())

"""Our Hashiwokakero solver against a SAT solver with lazy connectivity cuts, instance by instance.

    .venv/bin/pip install python-sat      # the peer; a benchmark extra, never a run-time dependency
    .venv/bin/python benchmarks/bench_hashi_vs_sat.py [--sizes 100 200 300 400] [--density 75]
                                                      [--every K] [--baseline REV]

The peer is PySAT with CaDiCaL 1.9.5, encoded fairly: two variables per pair of
islands ("at least one bridge", "two bridges", the second implying the first),
crossing pairs exclude each other, each island's bridges add up to its number
through a cardinality encoding of :mod:`pysat.card` (``CardEnc.equals``,
sequential counter: on the 400-island instances it beat the totalizer by a fifth
and kmtotalizer by half; CaDiCaL beat Glucose, MiniSat and MapleChrono), and connectivity is added lazily: solve, find the groups of islands
joined by the bridges of the model, add "some pair leaving this group carries a
bridge" for every group, solve again (incrementally), until the model is one
network.

Both sides are timed from the parsed puzzle to a verified solution (building
their model included; verification by :func:`validate` not timed), one after the
other on each instance, alternating which goes first, after one untimed warm-up
solve each. ``--baseline REV`` times
a third solver too: our ``solve`` as it was at git revision REV (exported to a
temporary directory), so before and after come from the same run.

Prints per size and per density: p50, p90 and max seconds for each solver,
and on how many instances ours was slower than the peer, in elapsed time and in
CPU time of this process (PySAT's solver runs inside it, so both sides count
the same way; CPU time is the steadier figure on a busy machine); the load
average at the start and at the end. Reads ../shared/reference/hashi/coelho2019 relative to
the repository.
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from skye_widgets.hashi.puzzle import HashiPuzzle  # noqa: E402
from skye_widgets.hashi.solver import _Model, solve, validate  # noqa: E402

DATA = REPO / ".." / "shared" / "reference" / "hashi" / "coelho2019"

try:
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Solver
except ImportError:     # pragma: no cover - depends on the machine
    CardEnc = None


def sat_solve(puzzle: HashiPuzzle) -> tuple[list[tuple[int, int, int, int, int]] | None, int]:
    """The peer: bridges rows of a solution (or None) and how many solver calls it took."""
    mo = _Model(puzzle)
    m, n = mo.m, mo.n
    pool = IDPool(start_from=2 * m + 1)

    def one(e: int) -> int:
        return 2 * e + 1

    def two(e: int) -> int:
        return 2 * e + 2

    s = Solver(name="cadical195")
    for e in range(m):
        s.add_clause([-two(e), one(e)])
        for f in mo.cross[e]:
            if f > e:
                s.add_clause([-one(e), -one(f)])
    for i in range(n):
        lits = [v for e in mo.inc[i] for v in (one(e), two(e))]
        if mo.need[i] > len(lits):
            return None, 0
        cnf = CardEnc.equals(lits=lits, bound=mo.need[i], vpool=pool, encoding=EncType.seqcounter)
        for c in cnf.clauses:
            s.add_clause(c)
    calls = 0
    try:
        while True:
            calls += 1
            if not s.solve():
                return None, calls
            model = s.get_model()
            true = set(v for v in model if v > 0)
            lo = [(one(e) in true) + (two(e) in true) for e in range(m)]
            comp = [-1] * n
            k = 0
            for st in range(n):
                if comp[st] >= 0:
                    continue
                comp[st] = k
                stack = [st]
                while stack:
                    i = stack.pop()
                    for e, j in mo.nb[i]:
                        if lo[e] and comp[j] < 0:
                            comp[j] = k
                            stack.append(j)
                k += 1
            if k == 1:
                rows = []
                for e, b in enumerate(lo):
                    if b:
                        (x1, y1), (x2, y2) = mo.pairs[e]
                        rows.append((x1, y1, x2, y2, b))
                return sorted(rows), calls
            leaving: list[list[int]] = [[] for _ in range(k)]
            for e in range(m):
                ca, cb = comp[mo.ea[e]], comp[mo.eb[e]]
                if ca != cb:
                    leaving[ca].append(one(e))
                    leaving[cb].append(one(e))
            for clause in leaving:
                s.add_clause(clause)     # an empty clause: that group can never reach the rest
    finally:
        s.delete()


def _baseline(rev: str):
    """``solve`` as it was at git revision ``rev``, imported as package ``skye_widgets_baseline``."""
    tmp = Path(tempfile.mkdtemp(prefix="hashi-baseline-"))
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "skye_widgets"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tmp)], input=archive, check=True)
    shutil.move(str(tmp / "skye_widgets"), str(tmp / "skye_widgets_baseline"))
    sys.path.insert(0, str(tmp))
    return importlib.import_module("skye_widgets_baseline.hashi.solver").solve


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[max(0, math.ceil(q * len(xs)) - 1)]


def _row(label: str, times: dict[str, list[float]], names: list[str], clock: str) -> str:
    ours = times[clock + " ours"]
    peer = times[clock + " pysat"]
    slower = sum(a > b for a, b in zip(ours, peer))
    parts = [f"{label:<16} n={len(ours):<4}"]
    for name in names:
        t = times[clock + " " + name]
        parts.append(f"{name} {statistics.median(t):.3f}/{_pct(t, 0.9):.3f}/{max(t):.3f}")
    parts.append(f"ours slower on {slower}/{len(ours)}")
    return "  ".join(parts)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", nargs="*", type=int, default=[100, 200, 300, 400])
    ap.add_argument("--density", nargs="*", type=int, default=None, help="only these densities (25 50 75)")
    ap.add_argument("--every", type=int, default=1, help="only every K-th instance")
    ap.add_argument("--baseline", metavar="REV", help="also time our solver at this git revision")
    ap.add_argument("--verbose", action="store_true", help="one line per instance")
    args = ap.parse_args()
    if CardEnc is None:
        print("pysat is missing: .venv/bin/pip install python-sat (a benchmark extra, not a dependency)",
              file=sys.stderr)
        return 2
    if not DATA.is_dir():
        print(f"no data at {DATA}", file=sys.stderr)
        return 2
    solvers = {"ours": solve}
    if args.baseline:
        solvers["before"] = _baseline(args.baseline)
    names = list(solvers) + ["pysat"]
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    warm = HashiPuzzle.from_has(sorted((DATA / "100").glob("*.has"))[0])
    for fn in solvers.values():         # first calls (imports, caches) are not timed
        fn(warm)
    sat_solve(warm)
    by_size: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    by_density: dict[tuple[int, int], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    bad = 0
    k = 0
    t_start = time.time()
    for size in args.sizes:
        files = sorted((DATA / str(size)).glob("*.has"))
        if args.density:
            files = [f for f in files if int(f.stem.split("_")[3]) in args.density]
        for f in files[:: args.every]:
            p = HashiPuzzle.from_has(f)
            density = int(f.stem.split("_")[3])
            runs = [(name, fn) for name, fn in solvers.items()] + [("pysat", None)]
            if k % 2:
                runs.reverse()
            k += 1
            took = {}
            cpu = {}
            for name, fn in runs:
                c0 = time.process_time()
                t0 = time.perf_counter()
                if fn is None:
                    rows, _ = sat_solve(p)
                else:
                    sol = fn(p)
                    rows = None if sol is None else sol.bridges
                took[name] = time.perf_counter() - t0
                cpu[name] = time.process_time() - c0
                if rows is None or validate(p, rows):
                    print(f"  {f.name}: {name} gave no valid solution", flush=True)
                    bad += 1
            for name in took:
                by_size[size]["wall " + name].append(took[name])
                by_size[size]["cpu " + name].append(cpu[name])
                by_density[(size, density)]["wall " + name].append(took[name])
                by_density[(size, density)]["cpu " + name].append(cpu[name])
            if args.verbose:
                print(f"  {f.name} " + " ".join(f"{n} {t:.3f}/{cpu[n]:.3f}" for n, t in took.items()), flush=True)
        if size in by_size:
            for clock in ("wall", "cpu"):
                for (sz, d), times in sorted(by_density.items()):
                    if sz == size:
                        print(_row(f"{sz} d{d} {clock}", times, names, clock), flush=True)
                print(_row(f"{size} all {clock}", by_size[size], names, clock), flush=True)
    print("columns: p50/p90/max seconds per instance; wall: elapsed time, cpu: this process's CPU time "
          "(less disturbed by other work on the machine)")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{time.time() - t_start:.0f} s in all; {bad} without a valid solution")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

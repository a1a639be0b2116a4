"""Hashiwokakero hints and grades: time per hint, time per whole hint walk, grade agreement.

    .venv/bin/python benchmarks/bench_hashi_hints.py [--ours N] [--tatham N]

1. Hint walks (follow hints from an empty board to the end, as the widget's Hint does, with
   solver.hint on one PuzzleState) on the 25 x 25 hard puzzles of Simon Tatham's Bridges in
   tests/hashi/data/tatham-bridges-25.txt, and on N puzzles of our generator at 25 x 25, hard
   and expert (seeds 0..N-1, default 3): per walk its hints, the slowest hint and the walk's
   time (the first hint includes finding the solution).
2. Grades against Tatham's labels on the committed set (tests/hashi/data/tatham-bridges.txt:
   40 per level and size 7, 10, 15) and, with --tatham N and Debian's sgt-bridges installed,
   on N freshly generated puzzles per level and size.

It prints figures and asserts nothing (timings belong here, not in the tests).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from skye_widgets.hashi.generator import generate_graded  # noqa: E402
from skye_widgets.hashi.ladder import grade  # noqa: E402
from skye_widgets.hashi.puzzle import HashiPuzzle, PuzzleState  # noqa: E402
from skye_widgets.hashi.solver import hint, solve  # noqa: E402

DATA = ROOT / "tests" / "hashi" / "data"
LEVELS = {"easy": 1, "medium": 2, "hard": 3}


def walk(p: HashiPuzzle) -> tuple[bool, int, float, float, int, int]:
    """(finished, hints, slowest hint s, whole walk s, hardest rung, steps against the solution)."""
    s = PuzzleState(p)
    sol = solve(p).as_pairs()
    n, slowest, level, wrong = 0, 0.0, 0, 0
    t0 = time.perf_counter()
    while True:
        t = time.perf_counter()
        h = hint(s)
        slowest = max(slowest, time.perf_counter() - t)
        if h.rule == "solved":
            return True, n, slowest, time.perf_counter() - t0, level, wrong
        if h.rule in ("stuck", "mistake", "search", "several") or not h.bridges:
            return False, n, slowest, time.perf_counter() - t0, level, wrong
        n += 1
        level = max(level, h.level)
        for a, b, k in h.bridges:
            wrong += sol.get((a, b), 0) < k
            while s.count(a, b) < k:
                s.add_bridge(a, b)


def report_walks(name: str, puzzles: list[HashiPuzzle]) -> None:
    done = 0
    slowest = worst = 0.0
    times = []
    for p in puzzles:
        ok, n, slow, total, level, wrong = walk(p)
        done += ok and not wrong
        slowest, worst = max(slowest, slow), max(worst, total)
        times.append(total)
        print(f"  {name}: {len(p.islands)} islands, {n} hints, rung {level}, slowest hint {slow:.3f} s, "
              f"walk {total:.2f} s{'' if ok and not wrong else '  NOT FINISHED'}", flush=True)
    times.sort()
    print(f"{name}: {done}/{len(puzzles)} walks finished; slowest hint {slowest:.3f} s; walk median "
          f"{times[len(times) // 2]:.2f} s, max {worst:.2f} s", flush=True)


def tatham_lines(path: Path) -> list[tuple[int, str]]:
    out = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            level, game_id = line.split()
            out.append((LEVELS[level], game_id))
    return out


def report_grades(name: str, items: list[tuple[int, str]]) -> None:
    by: dict[tuple[int, int], Counter] = defaultdict(Counter)
    t = time.perf_counter()
    for level, game_id in items:
        p = HashiPuzzle.from_tatham(game_id)
        by[(p.width, level)][grade(p)] += 1
    total = agree = 0
    for (size, level), c in sorted(by.items()):
        n = sum(c.values())
        total += n
        agree += c[level]
        print(f"  {name} {size}x{size} {[k for k, v in LEVELS.items() if v == level][0]}: our grade = Tatham's "
              f"{c[level]}/{n} ({100 * c[level] / n:.0f} %); grades {dict(sorted(c.items()))}")
    print(f"{name}: {agree}/{total} agree ({100 * agree / total:.1f} %), graded in {time.perf_counter() - t:.1f} s",
          flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ours", type=int, default=3, help="puzzles of ours per level at 25x25 (default 3)")
    ap.add_argument("--tatham", type=int, default=0, help="fresh sgt-bridges puzzles per level and size")
    args = ap.parse_args()
    print("Hint walks, 25 x 25:")
    report_walks("Tatham hard 25x25", [HashiPuzzle.from_tatham(g) for _l, g in
                                       tatham_lines(DATA / "tatham-bridges-25.txt")])
    for d, name in ((3, "hard"), (4, "expert")):
        ps = []
        for seed in range(args.ours):
            t = time.perf_counter()
            g = generate_graded(seed, d, 25)
            print(f"  (generated our {name} 25x25 seed {seed}: {len(g.puzzle.islands)} islands in "
                  f"{time.perf_counter() - t:.1f} s)", flush=True)
            ps.append(g.puzzle)
        report_walks(f"ours {name} 25x25", ps)
    print("Grades against Tatham's labels:")
    report_grades("committed set", tatham_lines(DATA / "tatham-bridges.txt"))
    exe = shutil.which("sgt-bridges") or shutil.which("/usr/games/sgt-bridges")
    if args.tatham and exe:
        fresh = []
        for size in (7, 10, 15):
            for level, code in ((1, 0), (2, 1), (3, 2)):
                out = subprocess.run([exe, "--generate", str(args.tatham), f"{size}x{size}i30e10m2d{code}"],
                                     capture_output=True, text=True, check=True).stdout
                fresh += [(level, g) for g in out.split()]
        report_grades("fresh sgt-bridges set", fresh)
    elif args.tatham:
        print("(sgt-bridges is not installed: apt-get install sgt-puzzles)")


if __name__ == "__main__":
    main()

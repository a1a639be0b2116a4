"""The ``strong`` Isle of Skye bot (skye/search.py): decision times and win share (issue 17).

Prints (targets in brackets):

* the strong bot's decision times, CPU seconds of one core, over --time-games
  seeded 4-player games against three planners: median, 95th percentile and
  max, overall and per phase [median <= 1 s, max <= 3 s];
* its win share with one seat against three planners over --games seeded games
  (protocol.tournament: entrants [strong, planner, planner, planner] change
  seats from game to game; a shared win counts 1/k to each of k tied winners),
  with a 95 % interval (Wilson's) [>= 40 %; 25 % is parity].

    nice -n 10 .venv/bin/python benchmarks/bench_strong.py --games 400 --workers 2   # the issue's figure
    nice -n 10 .venv/bin/python benchmarks/bench_strong.py --games 40 --time-games 4  # quicker
    .venv/bin/python benchmarks/bench_strong.py --quick                               # a smoke run
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from skye_widgets.skye import play_game, tournament
from skye_widgets.skye.bots import PlannerBot
from skye_widgets.skye.search import StrongBot

from bench_skye_game import Timed   # the same decision timer (this script's folder is on sys.path)


def percentile(xs: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of xs."""
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(q / 100 * len(s)) - 1))]


def decision_times(games: int) -> Timed:
    """The strong bot's decisions in 4-player games against three planners, its seat rotating."""
    t = Timed(None)
    for s in range(games):
        t.bot = StrongBot(s)
        bots = [PlannerBot(s * 10 + i) for i in range(4)]
        bots[s % 4] = t
        play_game(bots, seed=700 + s)
    return t


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95 % interval for a proportion ``share`` of ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    d = 1 + z * z / n
    mid = (share + z * z / (2 * n)) / d
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / d
    return mid - half, mid + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400, help="games for the win share (default 400)")
    ap.add_argument("--time-games", type=int, default=8, help="games for the decision times (default 8)")
    ap.add_argument("--workers", type=int, default=None, help="processes for the win share (default: every core)")
    ap.add_argument("--seed", type=int, default=0, help="first game's seed (default 0)")
    ap.add_argument("--batch", type=int, default=8,
                    help="games per batch, a multiple of 4 (a running figure after each; default 8)")
    ap.add_argument("--quick", action="store_true", help="a smoke run: 1 timing game, 4 games")
    a = ap.parse_args()
    if a.quick:
        a.games, a.time_games = 4, 1
    if a.batch < 4 or a.batch % 4:
        ap.error("--batch must be a positive multiple of 4 (the seats rotate every 4 games)")

    if a.time_games:
        t = decision_times(a.time_games)
        print(f"strong bot decisions over {a.time_games} games vs 3 planners (CPU s, one core):")
        print(f"  all     n={len(t.times):4d}  median {statistics.median(t.times):.3f}  "
              f"p95 {percentile(t.times, 95):.3f}  max {max(t.times):.3f}   [median <= 1 s, max <= 3 s]")
        for ph in ("prices", "buy", "build"):
            xs = [x for x, p in zip(t.times, t.phases) if p == ph]
            if xs:
                print(f"  {ph:7} n={len(xs):4d}  median {statistics.median(xs):.3f}  "
                      f"p95 {percentile(xs, 95):.3f}  max {max(xs):.3f}")

    if a.games:
        # batches of games (a multiple of 4, so seats rotate as in one run: the figures
        # are exactly those of one tournament of --games games), a running figure after each
        w0 = time.perf_counter()
        wins = [0.0] * 4
        points = [0.0] * 4
        done = 0
        while done < a.games:
            count = min(a.batch, a.games - done)
            r = tournament(["strong", "planner", "planner", "planner"], count, seed=a.seed + done,
                           workers=a.workers)
            for i in range(4):
                wins[i] += r.wins[i]
                points[i] += r.points[i]
            done += count
            lo, hi = wilson(wins[0] / done, done)
            print(f"  {done}/{a.games} games: strong win share {wins[0] / done:.1%} ({lo:.1%}-{hi:.1%}), "
                  f"{done / (time.perf_counter() - w0):.3f} games/s", file=sys.stderr, flush=True)
        share = wins[0] / done
        lo, hi = wilson(share, done)
        print(f"strong vs 3 planners over {done} games (seeds {a.seed}..{a.seed + done - 1}, seats rotating): "
              f"win share {share:.1%} (95 % interval {lo:.1%}-{hi:.1%}) [>= 40 %; parity 25 %]")
        print(f"  average VP: strong {points[0] / done:.1f}, planners "
              + ", ".join(f"{points[i] / done:.1f}" for i in (1, 2, 3))
              + "; planners' win shares " + ", ".join(f"{wins[i] / done:.1%}" for i in (1, 2, 3))
              + f"; {done / (time.perf_counter() - w0):.3f} games/s")

if __name__ == "__main__":
    main()

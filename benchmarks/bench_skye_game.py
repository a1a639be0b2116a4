"""Isle of Skye whole games: speed, bot latency and bot strength (issue 3).

Prints (targets in brackets):

* full 4-player games with random bots per second, CPU time of one core [>= 50/s];
* the planner bot's (the strongest bot's) decision latency, mean and max [max <= 1 s];
* greedy's win share against three random bots [>= 80%] and the planner's win
  share against three greedy bots [>= 40%; 25% is parity], over --games seeded
  games each (default 200; a shared win counts 1/k to each of k tied winners).

    .venv/bin/python benchmarks/bench_skye_game.py            # everything (a few minutes)
    .venv/bin/python benchmarks/bench_skye_game.py --games 40 # quicker strength figures
    .venv/bin/python benchmarks/bench_skye_game.py --quick     # a smoke run (under a minute)
"""

from __future__ import annotations

import argparse
import statistics
import time

from skye_widgets.skye import play_game, tournament
from skye_widgets.skye.bots import GreedyBot, PlannerBot, RandomBot


def random_games_per_second(n: int) -> tuple[float, float]:
    """(games per CPU second, games per wall second) over n 4-player random games."""
    play_game([RandomBot(i) for i in range(4)], seed=-1)     # warm caches/imports
    c0, w0 = time.process_time(), time.perf_counter()
    for s in range(n):
        play_game([RandomBot(s * 10 + i) for i in range(4)], seed=s)
    return n / (time.process_time() - c0), n / (time.perf_counter() - w0)


class Timed:
    """Wraps a bot and records the CPU time of every decision."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.times: list[float] = []
        self.phases: list[str] = []

    def choose(self, state):
        t0 = time.process_time()
        a = self.bot.choose(state)
        self.times.append(time.process_time() - t0)
        self.phases.append(state.phase)
        return a


def planner_latency(games: int) -> Timed:
    """Planner decisions in 4-player games against three greedy bots (and 5-player ones)."""
    t = Timed(None)
    for s in range(games):
        n = 5 if s % 3 == 2 else 4
        t.bot = PlannerBot(s)
        play_game([t] + [GreedyBot(s * 10 + i) for i in range(1, n)], seed=900 + s)
    return t


def others(r) -> float:
    """The average VP of entrants 1.. (the three opponents of entrant 0)."""
    return sum(r.average_points(i) for i in range(1, len(r.bots))) / (len(r.bots) - 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per strength figure (default 200)")
    ap.add_argument("--speed-games", type=int, default=100)
    ap.add_argument("--latency-games", type=int, default=12)
    ap.add_argument("--quick", action="store_true", help="10 speed games, 2 latency games, 20 games per strength figure")
    args = ap.parse_args()
    if args.quick:
        args.games, args.speed_games, args.latency_games = 20, 10, 2

    cpu, wall = random_games_per_second(args.speed_games)
    print(f"4-player random games: {cpu:.1f} games/s of one core's CPU time ({1000 / cpu:.1f} ms a game), "
          f"{wall:.1f} games/s wall clock on this (shared) machine   [target >= 50/s]")

    lat = planner_latency(args.latency_games)
    ms = [1000 * x for x in lat.times]
    by_phase = {ph: [m for m, p in zip(ms, lat.phases) if p == ph] for ph in ("prices", "buy", "build")}
    print(f"planner decision latency over {len(ms)} decisions: mean {statistics.mean(ms):.1f} ms, "
          f"max {max(ms):.1f} ms   [target max <= 1000 ms]")
    print("  by phase: " + ", ".join(f"{ph} mean {statistics.mean(v):.1f} / max {max(v):.1f} ms"
                                     for ph, v in by_phase.items() if v))

    w0 = time.perf_counter()
    r = tournament(["greedy", "random", "random", "random"], games=args.games, seed=10_000)
    print(f"greedy vs 3 random, {args.games} games: greedy win share {100 * r.win_share(0):.1f}%, "
          f"average VP greedy {r.average_points(0):.1f} vs random {others(r):.1f}   [target >= 80%] "
          f"({time.perf_counter() - w0:.0f} s)")
    w0 = time.perf_counter()
    r = tournament(["planner", "greedy", "greedy", "greedy"], games=args.games, seed=20_000)
    print(f"planner vs 3 greedy, {args.games} games: planner win share {100 * r.win_share(0):.1f}%, "
          f"average VP planner {r.average_points(0):.1f} vs greedy {others(r):.1f}   "
          f"[target >= 40%; parity 25%] ({time.perf_counter() - w0:.0f} s)")
    print("(ties: a shared win counts 1/k to each of the k tied winners; the entrants change seats "
          "from game to game)")


if __name__ == "__main__":
    main()

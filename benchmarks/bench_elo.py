"""Elo-style table of every bot of the three games, from a seeded round-robin (issue 17).

For each game, every pair of bot kinds plays ``--games`` two-player games
(``protocol.tournament``: game k has seed ``seed + k`` and the two entrants swap
seats from game to game), on every core (``--workers``, default all). The ratings
are the Bradley–Terry maximum likelihood on the Elo scale (``skye_widgets.ratings``),
anchored at random = 1000, with one virtual drawn game per pair (so a bot that
never wins still has a finite rating) and 95 % intervals from the Fisher
information. Prints the table and writes it as JSON (``--out``).

    nice -n 10 .venv/bin/python benchmarks/bench_elo.py --games 100 --out docs/elo.json
    .venv/bin/python benchmarks/bench_elo.py --quick          # a smoke run (4 games per pair)

Isle of Skye's ``strong`` bot enters with ``--strong`` (once it is its own bot,
not the planner's alias).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import sys
import time
from typing import Any

from skye_widgets import hashi, skye, skylands
from skye_widgets.errors import write_json
from skye_widgets.protocol import default_workers, tournament
from skye_widgets.ratings import fit_elo

KINDS = ["random", "greedy", "planner"]
PRIOR_GAMES = 1.0


def round_robin(info: Any, kinds: list[str], games: int, seed: int, workers: int | None,
                bar: Any) -> tuple[list[list[float]], list[list[int]], dict[str, float]]:
    """Score and game matrices of a round-robin, and games per second of each pair."""
    n = len(kinds)
    score = [[0.0] * n for _ in range(n)]
    played = [[0] * n for _ in range(n)]
    speed = {}
    for (i, a), (j, b) in itertools.combinations(enumerate(kinds), 2):
        bar.set_description(f"{info.name}: {a} v {b}")
        t0 = time.perf_counter()
        r = tournament(info, [a, b], games, seed=seed, workers=workers, progress=bar.update)
        speed[f"{a} v {b}"] = games / (time.perf_counter() - t0)
        score[i][j] += r.wins[0]
        score[j][i] += r.wins[1]
        played[i][j] = played[j][i] = games
    return score, played, speed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games per pair (default 100)")
    ap.add_argument("--seed", type=int, default=17_000, help="first game's seed (default 17000)")
    ap.add_argument("--workers", type=int, default=None, help="worker processes (default: every core)")
    ap.add_argument("--quick", action="store_true", help="4 games per pair (a smoke run)")
    ap.add_argument("--strong", action="store_true", help="Isle of Skye's strong bot enters too")
    ap.add_argument("--only", choices=["skye", "hashi", "skylands"], action="append",
                    help="rate only this game (repeatable); with --out, the other games already in the "
                         "file are kept as they are")
    ap.add_argument("--out", help="write the table as JSON here (e.g. docs/elo.json)")
    args = ap.parse_args(argv)
    from tqdm.auto import tqdm

    games = 4 if args.quick else args.games
    workers = args.workers or default_workers()
    out: dict[str, Any] = {"games_per_pair": games, "seed": args.seed, "workers": workers,
                           "anchor": "random = 1000", "prior": f"{PRIOR_GAMES:g} virtual drawn game per pair",
                           "load_average_before": [round(x, 2) for x in os.getloadavg()],
                           "cpus": os.cpu_count(), "python": platform.python_version(), "games": {}}
    plan = [(skye, KINDS + (["strong"] if args.strong else [])), (hashi, KINDS), (skylands, KINDS)]
    if args.only:
        plan = [(m, k) for m, k in plan if m.INFO.name in args.only]
    total = sum(games * len(k) * (len(k) - 1) // 2 for _m, k in plan)
    started = time.perf_counter()
    with tqdm(total=total, unit="game", file=sys.stderr, disable=None, dynamic_ncols=True) as bar:
        for module, kinds in plan:
            info = module.INFO
            score, played, speed = round_robin(info, kinds, games, args.seed, workers, bar)
            fit = fit_elo(kinds, score, anchor="random", prior_games=PRIOR_GAMES)
            out["games"][info.name] = {
                "title": info.title, "bots": kinds, "games_per_pair": games, "seed": args.seed,
                "score": [[round(v, 2) for v in row] for row in score], "played": played,
                "games_per_second": {k: round(v, 2) for k, v in speed.items()},
                **fit.to_dict()}
    out["seconds"] = round(time.perf_counter() - started, 1)
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    if not args.strong and "skye" in out["games"]:
        out["games"]["skye"]["strong"] = "not yet rated: run with --strong"
    print(f"Elo-style ratings, {games} two-player games per pair, seeds {args.seed}..{args.seed + games - 1}, "
          f"{workers} worker(s), {out['seconds']} s, load average {out['load_average_before'][0]} before")
    for name, g in out["games"].items():
        print(f"\n{g['title']}")
        print(f"  {'bot':8} {'Elo':>6}  {'95 % interval':>15}  score against " + ", ".join(g["bots"]))
        for i, b in enumerate(g["bots"]):
            r = g["ratings"][b]
            against = ", ".join("-" if i == j else f"{g['score'][i][j]:g}/{g['played'][i][j]}"
                                for j in range(len(g["bots"])))
            interval = "anchor" if b == "random" else f"{r['low']:.0f}..{r['high']:.0f}"
            print(f"  {b:8} {r['elo']:6.0f}  {interval:>15}  {against}")
    if args.out:
        if args.only and os.path.exists(args.out):        # keep the other games' tables
            with open(args.out, encoding="utf-8") as f:
                old = json.load(f)
            for name, g in old.get("games", {}).items():
                if name not in out["games"]:
                    g.setdefault("games_per_pair", old.get("games_per_pair"))
                    g.setdefault("seed", old.get("seed"))
                    out["games"][name] = g
        write_json(args.out, out)
        print(f"\nwritten to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

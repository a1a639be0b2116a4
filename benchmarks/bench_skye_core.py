"""Isle of Skye core timings: scoring everything and legal placements on 40-tile territories.

The last lines show why the bots and the solver keep fast evaluators of their own
(derived from the one table in skye/scoring_tiles.py and checked against
scoring.py by tests/skye/test_scoring_tiles.py): valuing one candidate placement
with the reference scorer rebuilds its graphs, the fast paths add one tile to
running totals.

Run: .venv/bin/python benchmarks/bench_skye_core.py [--quick]   (prints ms per operation; targets in brackets)
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from skye_widgets.skye.bots import TerritoryEval, territory_cells
from skye_widgets.skye.puzzles import Objective
from skye_widgets.skye.scoring import final_scoring, income, score_all_tiles, score_tile, scroll_points
from skye_widgets.skye.scoring_tiles import TERRITORY_TILES
from skye_widgets.skye.solver import Board, board_value, orient
from skye_widgets.skye.territory import random_territory


REPEAT = 5


def per_call_ms(fn, repeat: int | None = None, number: int = 20) -> tuple[float, float]:
    """(median, best) CPU milliseconds per call over ``repeat`` batches of ``number`` calls.

    CPU time of this process, not wall time: the machine is shared, and the
    targets are for one core.
    """
    times = []
    for _ in range(repeat or REPEAT):
        t0 = time.process_time()
        for _ in range(number):
            fn()
        times.append((time.process_time() - t0) / number * 1000)
    return statistics.median(times), min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="4 territories, fewer repeats (a few seconds)")
    args = ap.parse_args()
    global REPEAT
    if args.quick:
        REPEAT = 2
    territories = [random_territory(40, seed=s) for s in range(4 if args.quick else 10)]
    sizes = sorted(len(t) for t in territories)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; figures are CPU time of this process")
    print(f"{len(territories)} random territories, {sizes[0]}-{sizes[-1]} tiles (seeds 0-{len(territories) - 1})")

    def full(t):
        t._cache.clear()          # measure from scratch: graphs rebuilt every time
        score_all_tiles([t], [10])
        final_scoring(t, 10)
        income(t)

    meds = [per_call_ms(lambda t=t: full(t)) for t in territories]
    print(f"all 16 scoring tiles + final scoring + income, cold: median {statistics.median(m for m, _ in meds):.2f} ms, "
          f"worst {max(m for m, _ in meds):.2f} ms, best {min(b for _, b in meds):.2f} ms per territory   [target <= 5 ms]")
    meds = [per_call_ms(lambda t=t: (score_all_tiles([t], [10]), final_scoring(t, 10))) for t in territories]
    print(f"the same with graphs cached:                     median {statistics.median(m for m, _ in meds):.2f} ms")

    four = territories[:4]
    med, _ = per_call_ms(lambda: [t._cache.clear() for t in four] and score_all_tiles(four, [3, 8, 8, 1]))
    print(f"16 scoring tiles for 4 players (majorities), cold: {med:.2f} ms")

    t = territories[0]
    used = {p.tile for p in t}
    tiles = [str(n) for n in range(1, 74) if str(n) not in used][:10]
    med, best = per_call_ms(lambda: [t.legal_placements(x) for x in tiles], number=10)
    print(f"legal_placements on a {len(t)}-tile territory: {med / len(tiles):.3f} ms per tile "
          f"(best {best / len(tiles):.3f})   [target <= 2 ms]")

    # one candidate placement valued under the 13 territory scoring tiles + scrolls, three ways
    cands = [(i, tid, *p) for i, tid in enumerate(tiles[:5]) for p in t.legal_placements(tid)[:4]]
    k = len(cands)

    def reference():
        for _, tid, x, y, r in cands:
            t2 = t.copy()
            t2.place(tid, x, y, r)
            [score_tile(n, [t2], [0]) for n in TERRITORY_TILES]
            scroll_points(t2)

    te = TerritoryEval(territory_cells(t), t.castle.cell)
    board = Board.of(t)
    obj = Objective(tuple(TERRITORY_TILES), scrolls=True)
    oriented = {(tid, r): orient(t.tile(tid), r) for _, tid, _, _, r in cands}
    ref, _ = per_call_ms(reference, number=2)
    fast, _ = per_call_ms(lambda: [te.with_tile(tid, x, y, r) for _, tid, x, y, r in cands], number=20)
    board_ms, _ = per_call_ms(lambda: [board_value(obj, board.place((x, y), oriented[tid, r]))
                                       for _, tid, x, y, r in cands], number=20)
    print(f"one candidate placement valued (13 territory tiles + scrolls), {k} candidates on a {len(t)}-tile "
          f"territory: reference scoring.py {ref / k:.3f} ms, bots' TerritoryEval.with_tile {fast / k:.3f} ms "
          f"(x{ref / fast:.0f}), solver Board.place + board_value {board_ms / k:.3f} ms (x{ref / board_ms:.0f})")


if __name__ == "__main__":
    main()

"""Isle of Skye widgets: Python-side redraw time and canvas messages per redraw.

Targets (issue 4): redrawing a 40-tile territory takes <= 30 ms on the Python
side and sends 1 comm message. Messages are counted by replacing ipycanvas'
``_CANVAS_MANAGER._send_custom`` (no front end is needed).

    .venv/bin/python benchmarks/bench_skye_widgets.py [--quick]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from ipycanvas.canvas import _CANVAS_MANAGER

from skye_widgets.skye.render import render_territory, tiles_layer
from skye_widgets.skye.territory import Territory
from skye_widgets.widgets.skye import GameTable, TerritoryWidget


def territory_of(n: int, seed: int = 4) -> Territory:
    """A legal territory of ``n`` tiles (castle included), built with a seeded RNG."""
    rng = random.Random(seed)
    t = Territory("castle-green")
    ids = [str(i) for i in range(1, 74)]
    rng.shuffle(ids)
    for tid in ids:
        if len(t) == n:
            break
        spots = t.legal_placements(tid)
        if spots:
            t.place(tid, *rng.choice(spots))
    if len(t) != n:
        raise RuntimeError(f"built only {len(t)} tiles")
    return t


REPEAT = 30


def timed(fn, repeat: int | None = None) -> tuple[float, float]:
    """(median wall time, median CPU time of this process) of ``fn()`` in milliseconds.

    On a shared, loaded machine the wall time includes waiting for a core;
    the CPU time is what the redraw itself costs.
    """
    wall, cpu = [], []
    for _ in range(repeat or REPEAT):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="5 repeats per figure instead of 30")
    global REPEAT
    if ap.parse_args().quick:
        REPEAT = 5
    sent: list[object] = []
    cls = type(_CANVAS_MANAGER)
    original = cls._send_custom
    cls._send_custom = lambda self, command, buffers=[]: sent.append(command)  # type: ignore[method-assign]
    try:
        t = territory_of(40)
        w = TerritoryWidget(t, [])
        shapes = len(w.drawing().shapes)
        def render_cold() -> None:
            tiles_layer.cache_clear()
            render_territory(t)
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wall times include waiting for a core)")
        wall, cpu = timed(render_cold)
        print(f"render_territory, 40 tiles ({shapes} shapes): wall {wall:.1f} ms, CPU {cpu:.1f} ms")
        def cold() -> None:   # as after a placement: no cached tile shapes
            tiles_layer.cache_clear()
            w.redraw(force=True)
        sent.clear()
        wall, cpu = timed(cold)
        per = len(sent) / REPEAT
        print(f"TerritoryWidget.redraw (every layer, tiles re-rendered), 40 tiles: wall {wall:.1f} ms, "
              f"CPU {cpu:.1f} ms (target <= 30 ms) - {per:g} comm message(s) per redraw (target 1)")
        sent.clear()
        wall, cpu = timed(lambda: w.redraw(force=True))
        per = len(sent) / REPEAT
        print(f"TerritoryWidget.redraw (every layer, same territory), 40 tiles: wall {wall:.1f} ms, CPU {cpu:.1f} ms "
              f"(target <= 30 ms) - {per:g} comm message(s) per redraw (target 1)")
        for name in ("areas", "roads"):
            w.set_overlay(name, True)
        w.show_breakdown(1)
        sent.clear()
        wall, cpu = timed(lambda: w.redraw(force=True))
        print(f"  with areas + roads + breakdown overlays: wall {wall:.1f} ms, CPU {cpu:.1f} ms, "
              f"{len(sent) / REPEAT:g} message(s) per redraw")
        # hover preview: what a mouse move over a new cell costs
        t2 = territory_of(40)
        used = {p.tile for p in t2.placements.values()}
        spare = next(str(i) for i in range(1, 74) if str(i) not in used)
        w2 = TerritoryWidget(t2, [spare])
        cells = list(w2.view().cells())
        k = iter(range(10**9))
        sent.clear()
        wall, cpu = timed(lambda: w2.hover_cell(*cells[next(k) % len(cells)]))
        print(f"hover preview (new cell, overlay layer only), 40 tiles: wall {wall:.1f} ms, "
              f"CPU {cpu:.1f} ms, {len(sent) / REPEAT:g} message(s) per move")
        # the whole table after one action
        table = GameTable(["human", "random", "random", "random"], seed=1)
        wall, cpu = timed(table.refresh, repeat=min(10, REPEAT))
        print(f"GameTable.refresh (4 players, round 1): wall {wall:.1f} ms, CPU {cpu:.1f} ms")
    finally:
        cls._send_custom = original  # type: ignore[method-assign]


if __name__ == "__main__":
    main()

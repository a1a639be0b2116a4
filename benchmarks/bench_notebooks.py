"""The whole notebook suite under nbval: wall time, and time per notebook and per cell.

Target (issue 5): every notebook in ``notebooks/`` runs under ``pytest --nbval-lax`` in
<= 60 s. This runs exactly that command in a subprocess (one kernel per notebook, as
``make test`` does) and prints the wall time, the load average before and after (the
figure means little on a loaded machine), each notebook's total (kernel start-up, every
cell, teardown) from ``--durations=0``, and the slowest cells.

    .venv/bin/python benchmarks/bench_notebooks.py              # notebooks/
    .venv/bin/python benchmarks/bench_notebooks.py notebooks/03_areas.ipynb ...
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_S = 60.0
#: A line of pytest's "slowest durations" table, e.g. "1.23s call     notebooks/x.ipynb::Cell 4".
DURATION = re.compile(r"^\s*([0-9.]+)s\s+(setup|call|teardown)\s+(\S+?\.ipynb)::(.*)$")


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=["notebooks/"], help="notebooks or folders (default: notebooks/)")
    parser.add_argument("--top", type=int, default=10, help="how many of the slowest cells to list")
    args = parser.parse_args()

    cmd = [sys.executable, "-m", "pytest", "-q", "--nbval-lax", "-p", "no:cacheprovider",
           "--durations=0", "--durations-min=0", *args.paths]
    print("command:", " ".join(cmd[1:]))
    print(f"cores: {os.cpu_count()}, load average (1, 5, 15 min) before: {load()}")
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    print(f"load average after: {load()}")

    per_notebook: dict[str, float] = defaultdict(float)
    cells: list[tuple[float, str]] = []
    for line in proc.stdout.splitlines():
        m = DURATION.match(line)
        if m:
            seconds, phase, notebook, cell = float(m[1]), m[2], m[3], m[4].strip()
            per_notebook[notebook] += seconds
            cells.append((seconds, f"{phase:8} {notebook}::{cell}"))

    summary = next((ln for ln in reversed(proc.stdout.splitlines()) if " in " in ln and ("passed" in ln or "failed" in ln)),
                   "(no pytest summary)")
    print(f"pytest: {summary.strip('= ')}")
    print(f"\nper notebook (s), {len(per_notebook)} notebooks:")
    for notebook, seconds in sorted(per_notebook.items(), key=lambda kv: -kv[1]):
        print(f"  {seconds:7.2f}  {notebook}")
    print(f"  {sum(per_notebook.values()):7.2f}  sum")
    print(f"\nslowest {args.top} steps (s):")
    for seconds, what in sorted(cells, reverse=True)[:args.top]:
        print(f"  {seconds:7.2f}  {what}")
    verdict = "within" if wall <= TARGET_S else "OVER"
    print(f"\nwall time: {wall:.1f} s ({verdict} the {TARGET_S:.0f} s target)")
    if proc.returncode != 0:
        print("\npytest failed:\n" + proc.stdout[-3000:] + proc.stderr[-2000:], file=sys.stderr)
    return proc.returncode


if __name__ == "__main__":
    raise SystemExit(main())

"""Start-up: the command line's ``--help``, importing a game's widgets, and a CLI game's peak memory.

Targets (issue 30, item 4):

* ``skye-widgets --help`` at most 0.1 s, each sub-command importing only its game;
* importing a game's widgets (``import skye_widgets.widgets.skye`` ...) at most 0.25 s;
* peak memory (RSS) of a 4-player CLI game at most 40 MB.

Every figure comes from fresh child processes: the wall time of each run (min and median over
``--runs``), the CPU time of the child (user + system; a loaded machine disturbs it far less than
the wall time), the peak RSS of each child (``os.wait4``'s resource usage: that child alone), the
modules each command imports, and a ``-X importtime`` summary of the slowest imports. The load
average is printed first: on this shared 2-core machine, quote it with the figures. Floors are
measured the same way: the bare interpreter, and for the widgets the third-party packages every
widget needs at import (ipywidgets, which brings IPython) and once a board is made (ipycanvas, which
brings numpy and PIL: widgets/painting.py imports it then).

``--baseline DIR`` measures a second copy of the package too (a folder holding ``skye_widgets/``,
e.g. ``git archive <commit> skye_widgets | tar -x -C DIR``), run for run interleaved with this
one, so both meet the same load:

    .venv/bin/python benchmarks/bench_startup.py [--runs 10] [--top 8] [--baseline DIR] [--quick]

Children read and write bytecode in a cache of their own (see ``ENV``), as an installed package
does; ``--as-is`` keeps the environment's ``PYTHONDONTWRITEBYTECODE`` instead (every module then
compiled at every start, as in this project's sessions).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

PY = sys.executable
HERE = os.path.dirname(os.path.abspath(__file__))
# The console script next to this interpreter (what a user types), else ``python -m skye_widgets``.
_SCRIPT = os.path.join(os.path.dirname(PY), "skye-widgets")
CLI = [_SCRIPT] if os.path.exists(_SCRIPT) else [PY, "-m", "skye_widgets"]

WIDGETS = ("skye", "hashi", "skylands")
GAMES_4P = {
    "Isle of Skye": [*CLI, "play", "--players", "4", "--bots", "random,greedy,greedy,random", "--seed", "1", "--json"],
    "Hashi": [*CLI, "hashi", "play", "--players", "4", "--seed", "1", "--json"],
    "Skylands": [*CLI, "skylands", "play", "--bots", "greedy,random,random,random", "--seed", "1", "--json"],
    "Isle of Skye tournament": [*CLI, "tournament", "--games", "20", "--workers", "1", "--seed", "1", "--json"],
}
TARGETS = {"help": 0.1, "widgets": 0.25, "rss_mb": 40.0}

#: The children's environment. An installed package has its bytecode compiled (pip writes the .pyc
#: files), so the children read and write bytecode even where PYTHONDONTWRITEBYTECODE is set (it is
#: in this project's sessions: every import would compile every module again, several times slower),
#: into a cache of their own, so that no source tree gets __pycache__ folders. The first (warm-up)
#: run of each figure fills it.
PYCACHE = os.path.join(tempfile.gettempdir(), f"skye-widgets-bench-pycache-{os.getuid() if hasattr(os, 'getuid') else 0}")
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "PYTHONPYCACHEPREFIX": PYCACHE}


def env_for(baseline: str | None) -> dict[str, str]:
    """The environment of a child: this package, or the copy in ``baseline`` (first on the path)."""
    if baseline is None:
        return ENV
    return {**ENV, "PYTHONPATH": os.pathsep.join(p for p in (baseline, ENV.get("PYTHONPATH")) if p)}


def run_once(cmd: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """(wall s, CPU s of the child, peak RSS MB of the child) of one fresh run of ``cmd``."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=HERE, env=env)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"{' '.join(cmd)} exited with {code}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024      # ru_maxrss: KB on Linux


def measure(cmd: list[str], runs: int, baseline: str | None) -> list[dict[str, float]]:
    """For this package (and the baseline's, runs interleaved): min and median wall time, median CPU
    time and the largest peak RSS over ``runs`` runs, after one warm-up run each."""
    envs = [ENV] + ([env_for(baseline)] if baseline else [])
    samples: list[list[tuple[float, float, float]]] = [[] for _ in envs]
    for env in envs:
        run_once(cmd, env)                               # warm the file and bytecode caches
    for _ in range(runs):
        for i, env in enumerate(envs):
            samples[i].append(run_once(cmd, env))
    out = []
    for s in samples:
        walls, cpus, rss = zip(*s)
        out.append({"min": min(walls), "median": statistics.median(walls), "cpu": statistics.median(cpus),
                    "rss": max(rss)})
    return out


#: Times, in a child that has first loaded a kernel's modules, the import of a game's widgets alone.
KERNEL_PROBE = ("import time\nimport IPython\ntry:\n    import ipykernel.ipkernel\nexcept ImportError:\n    pass\n"
                "t0 = time.perf_counter()\nimport skye_widgets.widgets.{game}\nprint(time.perf_counter() - t0)")


def in_kernel(game: str, runs: int, baseline: str | None) -> list[list[float]]:
    """Seconds to import a game's widgets where a kernel's modules are loaded (this package, baseline)."""
    envs = [ENV] + ([env_for(baseline)] if baseline else [])
    cmd = [PY, "-c", KERNEL_PROBE.format(game=game)]
    out: list[list[float]] = [[] for _ in envs]
    for env in envs:
        subprocess.run(cmd, capture_output=True, cwd=HERE, env=env)        # warm the caches
    for _ in range(runs):
        for i, env in enumerate(envs):
            res = subprocess.run(cmd, capture_output=True, text=True, cwd=HERE, env=env, check=True)
            out[i].append(float(res.stdout.split()[-1]))
    return out


def show(label: str, ms: list[dict[str, float]], target: float | None = None) -> None:
    for m, who in zip(ms, ("", "  (baseline)")):
        verdict = ""
        if target is not None:
            verdict = "  ok" if m["median"] <= target else f"  over the {target:g} s target"
        print(f"  {label + who:50s} min {m['min']:.3f} s  median {m['median']:.3f} s  cpu {m['cpu']:.3f} s"
              f"  peak RSS {m['rss']:5.1f} MB{verdict}")


MARK = "--- modules ---"


def imported(argv: list[str], env: dict[str, str]) -> list[str]:
    """The package's modules (two levels) and networkx, if imported, after ``main(argv)`` in a child."""
    probe = (f"import sys\nimport skye_widgets.cli\ntry:\n    skye_widgets.cli.main({argv!r})\n"
             f"except SystemExit:\n    pass\nprint({MARK!r})\n"
             "print('\\n'.join(sorted(m for m in sys.modules if m == 'networkx' or "
             "(m.startswith('skye_widgets') and m.count('.') <= 1))))")
    out = subprocess.run([PY, "-c", probe], capture_output=True, text=True, cwd=HERE, env=env, check=True).stdout
    return out.split(MARK, 1)[1].split()


def importtime(cmd: list[str], env: dict[str, str]) -> list[tuple[int, int, str]]:
    """Every import of one run of ``cmd``: (µs self, µs cumulative, module)."""
    subprocess.run(cmd, capture_output=True, cwd=HERE, env=env)       # bytecode cached, as for the timings
    err = subprocess.run(cmd, capture_output=True, text=True, cwd=HERE,
                         env={**env, "PYTHONPROFILEIMPORTTIME": "1"}).stderr
    rows = []
    for line in err.splitlines():
        if line.startswith("import time:") and "self [us]" not in line:
            own, cumulative, name = line[len("import time:"):].split("|")
            rows.append((int(own), int(cumulative), name.strip()))
    return rows


def show_imports(title: str, cmd: list[str], top: int, baseline: str | None) -> None:
    for env, who in ((ENV, ""), *(((env_for(baseline), " (baseline)"),) if baseline else ())):
        rows = importtime(cmd, env)
        total = sum(r[0] for r in rows)
        ours = sum(r[0] for r in rows if r[2].startswith("skye_widgets"))
        print(f"\n-X importtime, {title}{who}: {len(rows)} modules, {total / 1000:.1f} ms of imports, "
              f"{ours / 1000:.1f} ms of them the package's own modules; the slowest (self / cumulative ms):")
        for own, cumulative, name in sorted(rows, key=lambda r: -r[1])[:top]:
            print(f"  {own / 1000:7.1f} {cumulative / 1000:7.1f}  {name}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=10, help="fresh runs per figure (default 10)")
    ap.add_argument("--top", type=int, default=8, help="imports listed per -X importtime summary (default 8)")
    ap.add_argument("--baseline", metavar="DIR", default=None,
                    help="a folder holding another skye_widgets/ to measure interleaved with this one")
    ap.add_argument("--quick", action="store_true", help="3 runs; of the 4-player games, Isle of Skye's only")
    ap.add_argument("--as-is", action="store_true", help="keep PYTHONDONTWRITEBYTECODE if it is set")
    args = ap.parse_args()
    if args.as_is:
        ENV.clear()
        ENV.update(os.environ)
    if args.baseline:
        args.baseline = os.path.abspath(args.baseline)
        if not os.path.isdir(os.path.join(args.baseline, "skye_widgets")):
            ap.error(f"{args.baseline} holds no skye_widgets/ folder")
    runs = 3 if args.quick else args.runs
    b = args.baseline
    print(f"{time.strftime('%Y-%m-%d %H:%M:%S')}  load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
          f"  ({os.cpu_count()} cores)  python {sys.version.split()[0]}  runs {runs}")
    print(f"  command: {' '.join(os.path.basename(c) for c in CLI)}; bytecode: "
          f"{'as the environment says' if args.as_is else 'cached in ' + PYCACHE}"
          f"{'; baseline: ' + b if b else ''}")

    print("\nWall time of fresh processes:")
    show("python -c pass (the floor)", measure([PY, "-c", "pass"], runs, None))
    show("python -c 'import skye_widgets'", measure([PY, "-c", "import skye_widgets"], runs, b))
    show("skye-widgets --help", measure([*CLI, "--help"], runs, b), TARGETS["help"])
    for sub in (["score"], ["play"], ["puzzle"], ["hashi"], ["skylands"]):
        show(f"skye-widgets {' '.join(sub)} --help", measure([*CLI, *sub, "--help"], runs, b))
    show("import ipywidgets (the widgets' floor)", measure([PY, "-c", "import ipywidgets"], runs, None))
    show("import ipywidgets, ipycanvas (with the first board)",
         measure([PY, "-c", "import ipywidgets, ipycanvas"], runs, None))
    for game in WIDGETS:
        show(f"import skye_widgets.widgets.{game}", measure([PY, "-c", f"import skye_widgets.widgets.{game}"], runs, b),
             TARGETS["widgets"])
    print("  in a process that has already loaded what a Jupyter kernel has (IPython, ipykernel), as a notebook does:")
    for game in WIDGETS:
        for ms, who in zip(in_kernel(game, runs, b), ("", " (baseline)")):
            print(f"    import skye_widgets.widgets.{game + who:30s} median {statistics.median(ms):.3f} s"
                  f"  min {min(ms):.3f} s  {'ok' if statistics.median(ms) <= TARGETS['widgets'] else 'over the target'}")
    print(f"  load average now {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    print(f"\nPeak memory of a 4-player CLI game (largest RSS over {runs} runs; target {TARGETS['rss_mb']:g} MB):")
    for name, cmd in GAMES_4P.items():
        if args.quick and name != "Isle of Skye":
            continue
        for m, who in zip(measure(cmd, runs, b), ("", " (baseline)")):
            verdict = "ok" if m["rss"] <= TARGETS["rss_mb"] else f"over the {TARGETS['rss_mb']:g} MB target"
            print(f"  {name + who:26s} peak RSS {m['rss']:5.1f} MB  {verdict}   (wall median {m['median']:.2f} s,"
                  f" cpu {m['cpu']:.2f} s)")

    print("\nModules each command imports (the package's, two levels, and networkx):")
    for sub in ([], ["score"], ["play"], ["hashi"], ["skylands"]):
        argv = [*sub, "--help"]
        for env, who in ((ENV, ""), *(((env_for(b), " (baseline)"),) if b else ())):
            mods = imported(argv, env)
            games = sorted({m.split(".")[1] for m in mods if m.count(".") == 1 and m.split(".")[1] in
                            ("skye", "hashi", "skylands", "widgets")})
            print(f"  skye-widgets {' '.join(argv) + who:28s} {len(mods):3d} modules; games: "
                  f"{', '.join(games) or 'none'}; networkx: {'yes' if 'networkx' in mods else 'no'}")
    for game in WIDGETS:
        for env, who in ((ENV, ""), *(((env_for(b), " (baseline)"),) if b else ())):
            probe = (f"import sys\nimport skye_widgets.widgets.{game}\n"
                     "print(' '.join(m for m in ('networkx', 'ipycanvas', 'numpy', 'PIL') if m in sys.modules))")
            heavy = subprocess.run([PY, "-c", probe], capture_output=True, text=True, cwd=HERE, env=env,
                                   check=True).stdout.split()
            print(f"  import skye_widgets.widgets.{game + who:27s} brings {', '.join(heavy) or 'none'} of networkx, "
                  "ipycanvas, numpy, PIL")

    show_imports("skye-widgets --help", [*CLI, "--help"], args.top, b)
    for game in WIDGETS:
        show_imports(f"import skye_widgets.widgets.{game}", [PY, "-c", f"import skye_widgets.widgets.{game}"],
                     args.top, b)
    show_imports("a 4-player Isle of Skye game", GAMES_4P["Isle of Skye"], args.top, b)
    print(f"\nload average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

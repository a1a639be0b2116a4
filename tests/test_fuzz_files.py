"""Fuzzing every command that reads a file: one clean line or a result, never a traceback or a hang.

For each of the 8 kinds of file the command line reads (territory, Isle of
Skye save, Isle of Skye puzzle, Hashi ``.has``, Hashi JSON puzzle, Hashi
board, Hashi save, Skylands save) a valid file is made (a shipped puzzle or
board, or a file the command line writes from a seed) and mutated at least
100 ways, deterministically by seed: structural JSON mutations (a key
deleted or duplicated, a value replaced by another JSON type, a huge or
negative number, a 5000-digit number, text such as ``²``, ``⑨``, ``--1``, NUL
or a very long string, deep nesting), text mutations (truncation, a flipped
byte, invalid UTF-8, an empty file, a directory, a missing file) and the
faults found by hand (see issue 12).

Each case runs the real ``skye_widgets.cli.main`` in a forked child (the
package is imported once, so a case costs milliseconds, not a fresh
interpreter), with stdout/stderr in files, a 2 GB address-space limit, a
50 MB output limit and a 10 s wall-clock limit. A case passes when the
command exits 0, or exits 2 with exactly one stderr line naming the file;
an uncaught exception in the child prints its traceback and exits 1, as the
console script would. A few cases also run through a true
``python -m skye_widgets`` subprocess to show the real entry point behaves
the same.

The counts per kind are printed and written to
``tests/output/fuzz_summary.txt``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pytest

REPO = Path(__file__).resolve().parents[1]
OUTPUT = REPO / "tests" / "output"
N_MUTATIONS = 110          # per kind, on top of the hand-made faults
CASE_TIMEOUT = 10.0        # seconds per command
MEMORY_LIMIT = 2 * 1024**3
OUTPUT_LIMIT = 50 * 1024**2

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")]

HUGE_DIGITS = "9" * 5000          # a 5000-digit number (more than Python's 4300-digit int limit)
LONG_TEXT = "n" * 1_000_000       # a 1 MB string (the file stays under the 10 MB bound)


# ---------------------------------------------------------------------------
# running one command in a forked child

@dataclass
class Outcome:
    rc: int | None            # None: timed out (killed)
    out: str
    err: str
    seconds: float


def run_forked(argv: list[str], workdir: Path) -> Outcome:
    """``skye_widgets.cli.main(argv)`` in a forked child, as the console script runs it."""
    from skye_widgets import cli
    out_path, err_path = workdir / "stdout", workdir / "stderr"
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 1
        try:
            import resource
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
            resource.setrlimit(resource.RLIMIT_FSIZE, (OUTPUT_LIMIT, OUTPUT_LIMIT))
            fo = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            fe = os.open(err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(fo, 1)
            os.dup2(fe, 2)
            sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
            sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
            try:
                code = cli.main(argv)
            except SystemExit as e:   # argparse
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            except BaseException:
                traceback.print_exc()
                code = 1
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
    status = _wait(pid, t0 + CASE_TIMEOUT)
    seconds = time.monotonic() - t0
    out = out_path.read_text(encoding="utf-8", errors="replace")[:20000] if out_path.exists() else ""
    err = err_path.read_text(encoding="utf-8", errors="replace")[:20000] if err_path.exists() else ""
    if status is None:
        return Outcome(None, out, err, seconds)
    if os.WIFSIGNALED(status):
        return Outcome(-os.WTERMSIG(status), out, err + f"\n<killed by signal {os.WTERMSIG(status)}>", seconds)
    return Outcome(os.WEXITSTATUS(status), out, err, seconds)


def _wait(pid: int, deadline: float) -> int | None:
    """The child's wait status, or None after killing it at ``deadline``."""
    import select
    fd = os.pidfd_open(pid) if hasattr(os, "pidfd_open") else None
    try:
        delay = 0.001
        while True:
            done, st = os.waitpid(pid, os.WNOHANG)
            if done:
                return st
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return None
            if fd is not None:      # wakes up the moment the child ends
                select.select([fd], [], [], left)
            else:
                time.sleep(min(delay, left))
                delay = min(delay * 2, 0.02)
    finally:
        if fd is not None:
            os.close(fd)


def verdict(o: Outcome, path: str) -> str:
    """``"ok"`` (exit 0), ``"clean"`` (one line naming the file, exit 2), or what went wrong."""
    if o.rc is None:
        return "timeout"
    if "Traceback" in o.err:
        return "traceback"
    if o.rc == 0:
        return "ok"
    if o.rc == 1 and not o.err and any(w in o.out.lower() for w in ("no solution", "not unique", "\"solved\": false")):
        return "ok"       # hashi solve / check: a valid file whose puzzle has no (unique) solution
    lines = o.err.strip("\n").split("\n")
    if o.rc == 2 and len(lines) == 1 and path in lines[0]:
        return "clean"
    return "bad-error"


# ---------------------------------------------------------------------------
# the valid files

@dataclass
class Kind:
    name: str
    file: str                                  # file name of the valid file in the work folder
    commands: list[Callable[[str], list[str]]]  # file path -> argv
    specials: list[tuple[str, Any]] = field(default_factory=list)  # (label, text or mutator)

    @property
    def json(self) -> bool:
        return not self.file.endswith(".has")


def make_valid_files(folder: Path) -> None:
    from skye_widgets import cli
    from skye_widgets.hashi.puzzle import HashiPuzzle
    from skye_widgets.skye.files import save_players
    from skye_widgets.skye.territory import random_territory
    from skye_widgets.skye.tiles import CASTLE_COLOURS

    # three territories from disjoint halves of a shuffled bag
    bag = list(range(1, 74))
    random.Random(12).shuffle(bag)
    terrs = []
    for i, colour in enumerate(CASTLE_COLOURS[:3]):
        t = random_territory(8, seed=i, castle=f"castle-{colour}", pool=bag[i * 24:(i + 1) * 24])
        t.name, t.gold = ["Ann", "Bo", "Cy"][i], 5 + i
        terrs.append(t)
    save_players(folder / "territory.json", terrs)
    shutil.copy(REPO / "puzzles" / "skye" / "d1-sheep.json", folder / "skye-puzzle.json")
    shutil.copy(REPO / "puzzles" / "hashi" / "01_easy_1.json", folder / "hashi-puzzle.json")
    (folder / "hashi-puzzle.has").write_text(HashiPuzzle.from_json(REPO / "puzzles" / "hashi" / "09_medium_1.json")
                                             .to_text(), encoding="utf-8")
    from skye_widgets.hashi.board import load_board
    load_board("skerries-a").save(folder / "hashi-board.json")
    with open(os.devnull, "w") as null:
        old = sys.stdout
        sys.stdout = null
        try:
            assert cli.main(["play", "--players", "3", "--bots", "greedy", "--seed", "4",
                             "--save", str(folder / "skye-save.json"), "--json"]) == 0
            assert cli.main(["hashi", "play", "--players", "2", "--bots", "greedy", "--seed", "4",
                             "--save", str(folder / "hashi-save.json"), "--json"]) == 0
            assert cli.main(["skylands", "play", "--players", "3", "--bots", "greedy", "--seed", "4",
                             "--save", str(folder / "skylands-save.json"), "--json"]) == 0
        finally:
            sys.stdout = old


def _set(path: list[Any], value: Any) -> Callable[[Any], None]:
    def f(doc: Any) -> None:
        node = doc
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = value
    return f


def kinds() -> list[Kind]:
    nested = "[" * 100_000 + "]" * 100_000
    return [
        Kind("territory", "territory.json",
             [lambda f: ["score", f], lambda f: ["score", "--json", f],
              lambda f: ["legal", f, "--player", "Ann", "--tile", "12", "--json"]],
             [("20 MB name", _set(["players", 0, "name"], "N" * 20_000_000)),
              ("1 MB name", _set(["players", 0, "name"], LONG_TEXT)),
              ("castle at 10^12", _set(["players", 0, "tiles", 0, "x"], 10**12)),
              ("six players", lambda d: d["players"].extend([d["players"][0]] * 3))]),
        Kind("skye-save", "skye-save.json", [lambda f: ["replay", f], lambda f: ["replay", "--log", f]],
             [("names of 1 MB", _set(["config", "names", 0], LONG_TEXT)),
              ("action kind a list", _set(["actions", 0, "type"], ["prices"])),
              ("action kind an object", _set(["actions", 0, "type"], {"prices": 1})),
              ("price 10^12", lambda d: [a["prices"].update({k: 10**12 for k in a["prices"]})
                                         for a in d["actions"][:1]])]),
        Kind("skye-puzzle", "skye-puzzle.json",
             [lambda f: ["puzzle", "solve", f], lambda f: ["puzzle", "solve", "--json", f],
              lambda f: ["puzzle", "check", f]],
             [("hand of 6", lambda d: d["hand"].extend([70, 71, 72, 73])),
              ("hand of 73", _set(["hand"], list(range(1, 74)))),
              ("territory at 10^12", _set(["territory", 0, "y"], -10**12))]),
        Kind("hashi-has", "hashi-puzzle.has",
             [lambda f: ["hashi", "solve", f], lambda f: ["hashi", "check", f]],
             [("cell ²", "3 1 2\n1 ² 1\n"), ("cell ⑨", "3 1 2\n1 ⑨ 1\n"), ("cell --1", "3 1 2\n1 --1 1\n"),
              ("cell 5000 digits", f"3 1 2\n1 {HUGE_DIGITS} 1\n"), ("width 5000 digits", f"{HUGE_DIGITS} 1 2\n1 0 1\n"),
              ("header ²", "3 1 ²\n1 0 1\n"), ("width 10^9", "1000000000 1 2\n1 0 1\n"),
              ("height 10^9", "3 1000000000 2\n1 0 1\n"), ("fullwidth digits", "３ 1 2\n1 0 1\n"),
              ("negative size", "-3 1 2\n1 0 1\n")]),
        Kind("hashi-json", "hashi-puzzle.json",
             [lambda f: ["hashi", "solve", f], lambda f: ["hashi", "check", f],
              lambda f: ["hashi", "solve", "--json", f]],
             [("width 10^9", _set(["width"], 10**9)), ("height 10^9", _set(["height"], 10**9)),
              ("both 10^9", lambda d: d.update(width=10**9, height=10**9,
                                               islands=[[0, 0, 1], [0, 10**9 - 1, 1]], n=2)),
              ("island x 10^12", _set(["islands", 0, 0], 10**12)),
              ("format unknown", _set(["format"], "hashi-puzzle/9")),
              ("n a list", _set(["n"], [1]))]),
        Kind("hashi-board", "hashi-board.json",
             [lambda f: ["hashi", "board", f], lambda f: ["hashi", "board", f], lambda f: ["hashi", "board", f],
              lambda f: ["hashi", "board", f], lambda f: ["hashi", "play", "--board", f, "--json"]],
             [("line across 10^12", _line_across(10**12)),
              ("line across 10^12, play", _line_across(10**12)),
              ("width 10^9", _set(["width"], 10**9))]),
        Kind("hashi-save", "hashi-save.json", [lambda f: ["hashi", "replay", f], lambda f: ["hashi", "replay", "--json", f]],
             [("action kind a list", lambda d: d["actions"].__setitem__(0, [0, ["setup"], 1, 1, 3])),
              ("action kind an object", lambda d: d["actions"].__setitem__(0, [0, {"setup": 1}, 1, 1, 3])),
              ("board line across 10^12", lambda d: _line_across(10**12)(d["board"])),
              ("player name 1 MB", _set(["players", 0], LONG_TEXT)),
              ("five players", lambda d: d["players"].extend(["a", "b", "c"]))]),
        Kind("skylands-save", "skylands-save.json", [lambda f: ["skylands", "replay", f],
                                                     lambda f: ["skylands", "replay", "--json", f]],
             [("type a list", _set(["actions", 0, "type"], ["choose"])),
              ("type an object", _set(["actions", 0, "type"], {"choose": 1})),
              ("player name 1 MB", _set(["players", 0], LONG_TEXT)),
              ("deep nesting", nested)]),
    ]


def _line_across(n: int) -> Callable[[Any], None]:
    """A board ``n`` columns wide with a new bottom row whose one line spans all of it."""
    def f(d: Any) -> None:
        r = d["height"]
        d["height"], d["width"], d["standard"] = r + 1, n, False
        d["islands"] += [{"at": [r, 0]}, {"at": [r, n - 1]}]
        d["lines"].append([[r, 0], [r, n - 1]])
    return f


# ---------------------------------------------------------------------------
# mutations

SCALARS: list[Any] = [[], {}, None, True, False, 1.5, 0, -1, 10**12, -10**12, "HUGE", "²", "⑨", "--1",
                      "a\x00b", "", "LONG", [[[[[[[[[[1]]]]]]]]]], "12", 2**63, 1e308]


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, prefix + (i,))
    return out


def _dump(doc: Any) -> str:
    text = json.dumps(doc, ensure_ascii=False)
    return text.replace('"HUGE"', HUGE_DIGITS).replace('"LONG"', json.dumps(LONG_TEXT))


def mutate_json(text: str, rng: random.Random) -> tuple[str, str]:
    """One structural mutation of a JSON document: (label, new text)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    doc = json.loads(text)
    paths = [p for p in _paths(doc) if p]
    path = rng.choice(paths)
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    op = rng.choice(["replace", "replace", "replace", "delete", "duplicate", "number", "nest", "grow"])
    label = f"{op} {'/'.join(map(str, path))}"
    if op == "replace":
        v = rng.choice(SCALARS)
        parent[key] = v
        label += f" = {str(v)[:12]}"
    elif op == "delete":
        del parent[key]
    elif op == "duplicate":
        if isinstance(parent, list):
            parent.insert(key, parent[key])
        else:   # a duplicated key: JSON keeps the last one
            return label, text.replace(f'"{key}":', f'"{key}": {_dump(rng.choice(SCALARS))}, "{key}":', 1)
    elif op == "number":
        v = parent[key]
        if isinstance(v, int) and not isinstance(v, bool):
            parent[key] = rng.choice([v + 1, v - 1, -v, v * 1000, v + 10**9])
        else:
            parent[key] = rng.choice([7, -7, 10**9])
    elif op == "nest":
        v = parent[key]
        for _ in range(rng.choice([2, 30, 5000])):
            v = [v]
        parent[key] = v
    elif op == "grow":
        v = parent[key]
        if isinstance(v, list) and v:
            parent[key] = v * rng.choice([2, 50, 2000])
        elif isinstance(v, str):
            parent[key] = v * 5000
        else:
            parent[key] = [v] * 100
    return label, _dump(doc)


def mutate_text(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """One byte-level mutation: (label, new bytes)."""
    op = rng.choice(["truncate", "flip", "utf8", "delete-line", "duplicate-line", "swap-digits"])
    if op == "truncate":
        return op, data[:rng.randrange(len(data))]
    if op == "flip":
        i = rng.randrange(len(data))
        return op, data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]
    if op == "utf8":
        i = rng.randrange(len(data))
        return op, data[:i] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80"]) + data[i:]
    lines = data.split(b"\n")
    i = rng.randrange(len(lines))
    if op == "delete-line":
        return op, b"\n".join(lines[:i] + lines[i + 1:])
    if op == "duplicate-line":
        return op, b"\n".join(lines[:i + 1] + lines[i:])
    digits = [k for k, b in enumerate(data) if 48 <= b <= 57]
    k = rng.choice(digits)
    return op, data[:k] + rng.choice([b"0", b"8", b"9", b"-", b"99999999999"]) + data[k + 1:]


def cases(kind: Kind, valid: bytes) -> list[tuple[str, bytes | None]]:
    """(label, file content) for every case of a kind; ``None`` content: a special file."""
    out: list[tuple[str, bytes | None]] = [("valid", valid), ("empty", b""), ("directory", None),
                                           ("missing", None)]
    text = valid.decode("utf-8")
    for label, spec in kind.specials:
        if isinstance(spec, str):
            out.append((label, spec.encode("utf-8")))
        else:
            doc = json.loads(text)
            spec(doc)
            out.append((label, _dump(doc).encode("utf-8")))
    for i in range(N_MUTATIONS):
        rng = random.Random(f"{kind.name}-{i}")
        if kind.json and rng.random() < 0.75:
            label, new = mutate_json(text, rng)
            out.append((label, new.encode("utf-8")))
        else:
            label, data = mutate_text(valid, rng)
            out.append((label, data))
    return out


# ---------------------------------------------------------------------------
# the test

@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz")
    make_valid_files(folder)
    return folder


def test_every_file_command_survives_mutated_files(workdir: Path) -> None:
    import skye_widgets.cli as cli
    cli.build_parser()            # import every game's command line once, before forking
    import skye_widgets.hashi.solver, skye_widgets.skye.solver, skye_widgets.skylands.bots  # noqa: E401,F401
    import skye_widgets.hashi.bots, skye_widgets.skye.bots  # noqa: E401,F401

    summary: list[str] = []
    failures: list[str] = []
    totals = {"tried": 0, "ok": 0, "clean": 0, "traceback": 0, "timeout": 0, "bad-error": 0}
    slowest: list[tuple[float, str]] = []
    for kind in kinds():
        valid = (workdir / kind.file).read_bytes()
        counts = {"tried": 0, "ok": 0, "clean": 0, "traceback": 0, "timeout": 0, "bad-error": 0}
        seconds = 0.0
        for n, (label, content) in enumerate(cases(kind, valid)):
            suffix = Path(kind.file).suffix
            target = workdir / f"case-{kind.name}-{n}{suffix}"
            if label == "directory":
                target.mkdir()
            elif content is not None:
                target.write_bytes(content)
            argv = kind.commands[n % len(kind.commands)](str(target))
            o = run_forked(argv, workdir)
            v = verdict(o, str(target))
            counts["tried"] += 1
            counts[v] += 1
            seconds += o.seconds
            slowest.append((o.seconds, f"{kind.name} {label!r}: {' '.join(argv[:-1] if argv[-1] == str(target) else argv)}"))
            if label == "valid" and v != "ok":
                failures.append(f"{kind.name}: the valid file fails: {o.err.strip()[:300]}")
            if v not in ("ok", "clean"):
                err = o.err.strip().splitlines()
                failures.append(f"{kind.name} [{label}] {' '.join(a[:60] for a in argv)} -> {v} "
                                f"(exit {o.rc}, {o.seconds:.1f} s): {' | '.join(err[-3:])[:400]}")
            if target.is_dir():
                target.rmdir()
            elif target.exists():
                target.unlink()
        for k in totals:
            totals[k] += counts[k]
        summary.append(f"{kind.name:14} tried {counts['tried']:4}  exit 0 {counts['ok']:4}  clean errors "
                       f"{counts['clean']:4}  tracebacks {counts['traceback']}  timeouts {counts['timeout']}  "
                       f"other {counts['bad-error']}  ({seconds:.1f} s)")
    summary.append(f"{'total':14} tried {totals['tried']:4}  exit 0 {totals['ok']:4}  clean errors "
                   f"{totals['clean']:4}  tracebacks {totals['traceback']}  timeouts {totals['timeout']}  "
                   f"other {totals['bad-error']}")
    slowest.sort(reverse=True)
    summary.append("slowest cases: " + "; ".join(f"{s:.2f} s {what}" for s, what in slowest[:5]))
    OUTPUT.mkdir(parents=True, exist_ok=True)
    (OUTPUT / "fuzz_summary.txt").write_text("\n".join(summary + failures) + "\n", encoding="utf-8")
    print("\n".join(summary))
    assert not failures, f"{len(failures)} failing cases:\n" + "\n".join(failures[:40])


@pytest.mark.parametrize("label, content, argv", [
    ("hashi cell ²", "3 1 2\n1 ² 1\n", ["hashi", "solve"]),
    ("skylands type list", None, ["skylands", "replay"]),
    ("missing", "", ["replay"]),
])
def test_the_real_entry_point_behaves_the_same(workdir: Path, label: str, content: str | None,
                                               argv: list[str]) -> None:
    if label == "skylands type list":
        doc = json.loads((workdir / "skylands-save.json").read_text(encoding="utf-8"))
        doc["actions"][0]["type"] = ["choose"]
        content = json.dumps(doc)
    target = workdir / f"real-{label.replace(' ', '-')}{'.has' if 'hashi' in label else '.json'}"
    if label != "missing":
        target.write_text(content or "", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    real = subprocess.run([sys.executable, "-m", "skye_widgets", *argv, str(target)], capture_output=True,
                          text=True, timeout=60, env=env)
    forked = run_forked([*argv, str(target)], workdir)
    assert real.returncode == forked.rc == 2
    assert real.stderr == forked.err
    assert real.stderr.count("\n") == 1 and str(target) in real.stderr and "Traceback" not in real.stderr

"""``skye-widgets hashi solve | check | generate | daily``: classic Hashiwokakero puzzles.

* ``solve FILE [--json]``: solve a ``.has`` or ``.json`` puzzle; ``--json`` prints
  ``{"solved": true, "bridges": [[x1, y1, x2, y2, count], ...]}`` (``x`` the
  column, ``y`` the row, from 0 at the top left), otherwise an ASCII picture.
* ``check FILE [--json]``: is the file a valid puzzle, is it solvable, is the solution
  unique, and how hard is it (exit 1 when not solvable or not unique).
* ``generate --seed N --difficulty D [--out FILE] [--json]``: a new puzzle with a unique
  solution (JSON; ``.has`` when FILE ends in ``.has``); without ``--out`` it prints the
  ``.has`` text, or with ``--json`` the JSON document.
* ``daily [--date YYYY-MM-DD] [--out FILE] [--json]``: the puzzle of the day (made from the
  date, unique by the solver; see :mod:`.daily`); a bad date is one line on stderr, status 2.

A bad file ends as one line on stderr with exit status 2 (see ``skye_widgets.cli``).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from ..cli import SEED, add_json_flag, emit, whole_number
from ..limits import MAX_GENERATE_ISLANDS, MAX_GENERATE_SIDE
from ..errors import write_json, write_text
from .puzzle import HashiPuzzle, as_pair_counts


def _load(path: str) -> HashiPuzzle:
    return HashiPuzzle.load(path)


def cmd_solve(args: argparse.Namespace) -> int:
    from .solver import solve
    p = _load(args.file)
    t0 = time.perf_counter()
    sol = solve(p)
    dt = time.perf_counter() - t0

    def data() -> dict[str, Any]:
        out: dict[str, Any] = {"solved": sol is not None,
                               "bridges": [list(b) for b in sol.bridges] if sol else []}
        if sol is None:
            out["reason"] = "the puzzle has no solution"
        return out

    def text() -> None:
        if sol is None:
            print(f"{args.file}: no solution")
        else:
            print(p.to_ascii(as_pair_counts(sol.bridges)))
            print(f"solved: {len(p.islands)} islands, {sum(b[4] for b in sol.bridges)} bridges, "
                  f"{sol.nodes} guesses, {dt:.3f} s")

    emit(args, data, text)
    return 0 if sol is not None else 1


def cmd_check(args: argparse.Namespace) -> int:
    from .generator import DIFFICULTY_NAMES, grade
    from .solver import analyse
    p = _load(args.file)
    count, nodes, level = analyse(p)
    out: dict[str, Any] = {"file": args.file, "valid": True, "islands": len(p.islands),
                           "solvable": count > 0, "unique": count == 1}
    if count == 0:
        text = f"{args.file}: valid file, {len(p.islands)} islands, but NO solution"
    elif count > 1:
        text = f"{args.file}: valid file, {len(p.islands)} islands, solvable but the solution is NOT unique"
    else:
        d = grade(level, nodes)
        out.update({"difficulty": d, "difficulty_name": DIFFICULTY_NAMES[d], "search_nodes": nodes})
        text = (f"{args.file}: valid, {len(p.islands)} islands, unique solution, difficulty {d} "
                f"({DIFFICULTY_NAMES[d]}; {nodes} search node(s))")
    emit(args, lambda: out, lambda: print(text))
    return 0 if count == 1 else 1


def cmd_generate(args: argparse.Namespace) -> int:
    from .generator import DIFFICULTY_NAMES, generate_graded, parse_difficulty
    try:
        d = parse_difficulty(args.difficulty)
        g = generate_graded(args.seed, d, args.size, args.islands)
    except ValueError as e:
        print(f"skye-widgets: {e}", file=sys.stderr)
        return 2
    p = g.puzzle
    data = p.to_json()
    data.update({"difficulty": DIFFICULTY_NAMES[d], "level": d, "seed": args.seed, "search_nodes": g.nodes})
    if args.out:
        if args.out.lower().endswith(".has"):
            write_text(args.out, p.to_text())
        else:
            write_json(args.out, data)
        emit(args, lambda: {"file": args.out, "name": p.name, "islands": len(p.islands),
                            "difficulty": DIFFICULTY_NAMES[d], "level": d, "seed": args.seed,
                            "search_nodes": g.nodes},
             lambda: print(f"wrote {args.out}: {p.name}, {len(p.islands)} islands"))
    else:   # the puzzle itself: .has text, or with --json the JSON document --out x.json would write
        emit(args, lambda: data, lambda: print(p.to_text(), end=""))
    return 0


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add ``solve``, ``check`` and ``generate`` to the ``hashi`` sub-commands."""
    s = sub.add_parser("solve", help="solve a Hashiwokakero puzzle (.has or .json)")
    s.add_argument("file")
    add_json_flag(s)
    s.set_defaults(func=cmd_solve)
    c = sub.add_parser("check", help="check a puzzle file: valid, solvable, unique, difficulty")
    c.add_argument("file")
    add_json_flag(c)
    c.set_defaults(func=cmd_check)
    g = sub.add_parser("generate", help="generate a puzzle with a unique solution")
    g.add_argument("--seed", type=SEED, default=0)
    g.add_argument("--difficulty", default="2", help="1-4 or easy, medium, hard, expert")
    g.add_argument("--size", type=whole_number(3, MAX_GENERATE_SIDE), default=None, help="grid side (default by difficulty)")
    g.add_argument("--islands", type=whole_number(2, MAX_GENERATE_ISLANDS), default=None, help="target island count (default by difficulty)")
    g.add_argument("--out", default=None, help="write here (.json, or .has); default: print .has text")
    add_json_flag(g)
    g.set_defaults(func=cmd_generate)
    d = sub.add_parser("daily", help="the puzzle of the day (the same for everyone on a date)")
    d.add_argument("--date", default=None, metavar="YYYY-MM-DD", help="the day (default: today)")
    d.add_argument("--out", default=None, help="also write the puzzle here (.json, or .has)")
    add_json_flag(d)
    d.set_defaults(func=cmd_daily)



def cmd_daily(args: argparse.Namespace) -> int:
    from .daily import daily_puzzle
    d = daily_puzzle(args.date)          # a bad date: BadDateError, one line via cli.main
    p = d.puzzle
    if args.out:
        if str(args.out).endswith(".has"):
            write_text(args.out, p.to_text())
        else:
            write_json(args.out, p.to_json())

    def text() -> None:
        print(f"Hashi puzzle of the day, {d.date.isoformat()}: {d.difficulty_name} {d.stars}, "
              f"{len(p.islands)} islands, one solution (checked by the exact solver)")
        print(p.to_ascii())
        if args.out:
            print(f"Saved to {args.out}.")

    emit(args, lambda: {**d.to_dict(), **({"file": args.out} if args.out else {})}, text)
    return 0

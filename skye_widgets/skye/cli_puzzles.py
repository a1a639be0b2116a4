"""``skye-widgets puzzle solve | check | generate | daily``: Isle of Skye placement puzzles.

* ``puzzle solve FILE [--json]``: the optimum, how many final territories reach
  it (counted up to 1000: "at least 1000" beyond) and one solution
  (``--json``: ``{"optimum", "optimal_territories", "solution"}``).
* ``puzzle check FILE... [--json]``: validate each file and re-solve it; every bad file
  gives one line ``FILE: field: fault`` on stderr and the exit status is 2
  and grade it (1-5 stars and the reasons, :func:`.puzzles.grade`)
  (``--json``: ``{"files": [{"file", "ok", "id", "difficulty", "optimum", "grade"} or {"file", "ok": false, "fault"}]}``).
* ``puzzle generate --seed N --difficulty D --out FILE [--json]``: a new puzzle whose
  optimum beats greedy placement; prints the gap.
* ``puzzle daily [--date YYYY-MM-DD] [--out FILE] [--json]``: the puzzle of the day (made
  from the date, its optimum stated by the solver; see :mod:`.daily`); a bad date is one
  line on stderr, status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..cli import SEED, add_json_flag, emit
from ..errors import FileFormatError, RulesError
from .puzzles import describe_objective, evaluate, load_problem, save_puzzle


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add ``puzzle`` and its sub-commands to ``sub``."""
    p = sub.add_parser("puzzle", help="Isle of Skye placement puzzles: solve, check, generate",
                       description="Isle of Skye placement puzzles (files in puzzles/skye/).")
    s = p.add_subparsers(dest="puzzle_command", metavar="ACTION")
    p.set_defaults(func=lambda _a: (p.print_help(), 2)[1])

    solve = s.add_parser("solve", help="solve a puzzle file exactly")
    solve.add_argument("file")
    add_json_flag(solve)
    solve.set_defaults(func=cmd_solve)

    check = s.add_parser("check", help="validate puzzle files and re-solve them")
    check.add_argument("files", nargs="+", metavar="FILE")
    add_json_flag(check)
    check.set_defaults(func=cmd_check)

    gen = s.add_parser("generate", help="make a new puzzle by seed")
    gen.add_argument("--seed", type=SEED, required=True)
    gen.add_argument("--difficulty", type=int, required=True, choices=range(1, 6), metavar="D",
                     help="1 (two tiles, small territory) to 5 (four tiles)")
    gen.add_argument("--subject", type=int, choices=range(0, 17), metavar="N", default=None,
                     help="the scoring tile the puzzle is about (1-16; 0: scrolls/income only)")
    gen.add_argument("--scrolls", action="store_true", help="score the scrolls too")
    gen.add_argument("--income", action="store_true", help="score the income too")
    gen.add_argument("--out", required=True, help="the puzzle file to write")
    add_json_flag(gen)
    gen.set_defaults(func=cmd_generate)

    daily = s.add_parser("daily", help="the puzzle of the day (the same for everyone on a date)")
    daily.add_argument("--date", default=None, metavar="YYYY-MM-DD", help="the day (default: today)")
    daily.add_argument("--out", default=None, help="also write the puzzle file here (to solve or play it)")
    add_json_flag(daily)
    daily.set_defaults(func=cmd_daily)


#: ``puzzle solve`` counts optimal territories up to this many ("at least" beyond): a 5-tile
#: hand can have hundreds of thousands, and counting them all would take minutes.
SOLVE_OPTIMA_CAP = 1000


def cmd_solve(args: argparse.Namespace) -> int:
    from .solver import greedy, solve
    territory, hand, obj = load_problem(args.file)
    try:
        sol = solve(territory, hand, obj, max_optima=SOLVE_OPTIMA_CAP)
    except RulesError as e:      # e.g. a hand larger than the solver promises
        raise FileFormatError(args.file, str(e)) from None

    def text() -> None:
        g, _ = greedy(territory, hand, obj)
        print(f"{args.file}: {describe_objective(obj)}")
        n = sol.optimal_territories
        print(f"optimum {sol.optimum} (greedy placement: {g}); {'at least ' if n >= SOLVE_OPTIMA_CAP else ''}"
              f"{n} optimal final territor{'y' if n == 1 else 'ies'}")
        final = territory.copy()
        for m in sol.moves:
            if m.returned:
                print(f"  tile {m.tile}: fits nowhere, back to the bag")
            else:
                final.place(m.tile, m.x, m.y, m.rotation)  # type: ignore[arg-type]
                print(f"  tile {m.tile} at ({m.x}, {m.y}) rotation {m.rotation}")
        print(evaluate(obj, final).explain())

    emit(args, sol.to_json, text)
    return 0


#: One checked file (named placeholders: it will be translated).
CHECK_OK = "{file}: ok (difficulty {difficulty}, optimum {optimum}); grade {stars} of 5 stars: {reasons}"


def cmd_check(args: argparse.Namespace) -> int:
    from .puzzles import grade
    from .solver import check_file
    bad = 0
    report: list[dict[str, Any]] = []
    for f in args.files:
        try:
            try:
                p = check_file(f)
            except RulesError as e:      # e.g. a hand larger than the solver promises
                raise FileFormatError(f, str(e)) from None
        except FileFormatError as e:
            print(f"skye-widgets: {e}", file=sys.stderr)
            report.append({"file": f, "ok": False, "fault": e.fault})
            bad += 1
            continue
        g = grade(p)
        report.append({"file": f, "ok": True, "id": p.id, "difficulty": p.difficulty, "optimum": p.optimum,
                       "grade": g.to_dict()})
        if not args.json:
            print(CHECK_OK.format(file=f, difficulty=p.difficulty, optimum=p.optimum, stars=g.stars,
                                  reasons=" ".join(g.reasons)))
    emit(args, lambda: {"files": report}, lambda: None)
    return 2 if bad else 0


def cmd_generate(args: argparse.Namespace) -> int:
    from .puzzle_generator import GenerationError, generate
    subject = args.subject
    if subject == 0 and not (args.scrolls or args.income):
        print("skye-widgets: --subject 0 needs --scrolls or --income", file=sys.stderr)
        return 2
    try:
        p = generate(args.seed, args.difficulty, subject, scrolls=args.scrolls, with_income=args.income)
    except GenerationError as e:
        print(f"skye-widgets: {e}", file=sys.stderr)
        return 2
    try:
        save_puzzle(p, args.out)
    except OSError as e:
        raise FileFormatError(args.out, e.strerror or str(e)) from None
    gap = p.optimum - (p.greedy or 0)
    emit(args,
         lambda: {"file": args.out, "id": p.id, "title": p.title, "difficulty": p.difficulty,
                  "hand": list(p.hand), "objective": describe_objective(p.objective),
                  "optimum": p.optimum, "greedy": p.greedy, "gap": gap},
         lambda: print(f"{args.out}: {p.title!r}, difficulty {p.difficulty}, hand {list(p.hand)}, "
                       f"{describe_objective(p.objective)}; optimum {p.optimum}, greedy {p.greedy} (gap {gap})"))
    return 0


def cmd_daily(args: argparse.Namespace) -> int:
    from .daily import daily_puzzle
    d = daily_puzzle(args.date)          # a bad date: BadDateError, one line via cli.main
    p = d.puzzle
    if args.out:
        try:
            save_puzzle(p, args.out)
        except OSError as e:
            raise FileFormatError(args.out, e.strerror or str(e)) from None

    def text() -> None:
        print(f"Isle of Skye puzzle of the day, {d.date.isoformat()}: {p.title} {d.stars}")
        print(f"Objective: {describe_objective(p.objective)}")
        print(f"Hand: {', '.join(map(str, p.hand))}")
        print(f"Start: {p.start().describe()}")
        print(f"The best possible score, stated by the exact solver: {p.optimum} points.")
        if args.out:
            print(f"Saved to {args.out}.")

    emit(args, lambda: {**d.to_dict(), **({"file": args.out} if args.out else {})}, text)
    return 0

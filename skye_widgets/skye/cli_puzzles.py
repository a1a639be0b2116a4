"""``skye-widgets puzzle solve | check | generate | daily``: Isle of Skye placement puzzles.

* ``puzzle solve FILE [--json]``: the optimum, how many final territories reach
  it (counted up to 1000: "at least 1000" beyond) and one solution
  (``--json``: ``{"optimum", "optimal_territories", "optimal_territories_capped", "solution"}``;
  ``optimal_territories_capped`` is true when the count stopped at 1000, so there may be more).
* ``puzzle check FILE... [--json]``: validate each file and re-solve it; every bad file
  gives one line ``FILE: field: fault`` on stderr and the exit status is 2
  and grade it (1-5 stars and the reasons, :func:`.solver.grade`)
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

from ..cli import COMMAND_HELP, DAILY_HELP, DATE_HELP, SAVED_TO, SEED, add_json_flag, emit
from ..errors import FileFormatError, RulesError
from ..i18n import _, lazy, lazy_ngettext, ngettext
from .puzzles import describe_objective, evaluate, load_problem, save_puzzle


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add ``puzzle`` and its sub-commands to ``sub``."""
    p = sub.add_parser("puzzle", help=str(COMMAND_HELP["puzzle"]),
                       description=_("Isle of Skye placement puzzles (files in puzzles/skye/)."))
    s = p.add_subparsers(dest="puzzle_command", metavar="ACTION")
    p.set_defaults(func=lambda _a: (p.print_help(), 2)[1])

    solve = s.add_parser("solve", help=_("solve a puzzle file exactly"))
    solve.add_argument("file", help=_("the puzzle file"))
    add_json_flag(solve)
    solve.set_defaults(func=cmd_solve)

    check = s.add_parser("check", help=_("validate puzzle files and re-solve them"))
    check.add_argument("files", nargs="+", metavar="FILE", help=_("the puzzle files"))
    add_json_flag(check)
    check.set_defaults(func=cmd_check)

    gen = s.add_parser("generate", help=_("make a new puzzle by seed"))
    gen.add_argument("--seed", type=SEED, required=True, help=_("the seed the puzzle is made from"))
    gen.add_argument("--difficulty", type=int, required=True, choices=range(1, 6), metavar="D",
                     help=_("1 (two tiles, small territory) to 5 (four tiles)"))
    gen.add_argument("--subject", type=int, choices=range(0, 17), metavar="N", default=None,
                     help=_("the scoring tile the puzzle is about (1-16; 0: scrolls/income only)"))
    gen.add_argument("--scrolls", action="store_true", help=_("score the scrolls too"))
    gen.add_argument("--income", action="store_true", help=_("score the income too"))
    gen.add_argument("--out", required=True, help=_("the puzzle file to write"))
    add_json_flag(gen)
    gen.set_defaults(func=cmd_generate)

    daily = s.add_parser("daily", help=str(DAILY_HELP))
    daily.add_argument("--date", default=None, metavar="YYYY-MM-DD", help=str(DATE_HELP))
    daily.add_argument("--out", default=None, help=_("also write the puzzle file here (to solve or play it)"))
    add_json_flag(daily)
    daily.set_defaults(func=cmd_daily)


#: ``puzzle solve`` counts optimal territories up to this many ("at least" beyond): a 5-tile
#: hand can have hundreds of thousands, and counting them all would take minutes.
SOLVE_OPTIMA_CAP = 1000

# Translators: how many final territories reach the optimum
OPTIMA = lazy_ngettext("{count} optimal final territory", "{count} optimal final territories")
# Translators: as above, when the count stopped at its cap (1000): there may be more
OPTIMA_AT_LEAST = lazy_ngettext("at least {count} optimal final territory", "at least {count} optimal final territories")


def cmd_solve(args: argparse.Namespace) -> int:
    from .solver import greedy, solve
    territory, hand, obj = load_problem(args.file)
    try:
        sol = solve(territory, hand, obj, max_optima=SOLVE_OPTIMA_CAP)
    except RulesError as e:      # e.g. a hand larger than the solver promises
        raise FileFormatError(args.file, str(e)) from None

    def text() -> None:
        g, _moves = greedy(territory, hand, obj)
        print(f"{args.file}: {describe_objective(obj)}")
        n = sol.optimal_territories
        optima = (OPTIMA_AT_LEAST if n >= SOLVE_OPTIMA_CAP else OPTIMA).format(count=n)
        # Translators: {optimum} the best score, {greedy} what greedy placement scores; {optima} is "3 optimal final territories"
        print(_("optimum {optimum} (greedy placement: {greedy}); {optima}").format(
            optimum=sol.optimum, greedy=g, optima=optima))
        final = territory.copy()
        for m in sol.moves:
            if m.returned:
                print(_("  tile {tile}: fits nowhere, back to the bag").format(tile=m.tile))
            else:
                final.place(m.tile, m.x, m.y, m.rotation)  # type: ignore[arg-type]
                # Translators: a tile of the solution: its cell (x, y) and its rotation (0-3 quarter turns)
                print(_("  tile {tile} at ({x}, {y}) rotation {rotation}").format(tile=m.tile, x=m.x, y=m.y,
                                                                                rotation=m.rotation))
        print(evaluate(obj, final).explain())

    # "optimal_territories_capped": the count stopped at its cap, as "at least 1000" says in the text
    emit(args, lambda: {**sol.to_json(), "optimal_territories_capped": sol.optimal_territories >= SOLVE_OPTIMA_CAP},
         text)
    return 0


#: One checked file (named placeholders: it will be translated).
# Translators: {file} is the file's name; {difficulty} 1-5; {stars} 1-5; {reasons} the grade's reasons (sentences)
CHECK_OK = lazy("{file}: ok (difficulty {difficulty}, optimum {optimum}); grade {stars} of 5 stars: {reasons}")


def cmd_check(args: argparse.Namespace) -> int:
    from .solver import check_file, grade
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
        print("skye-widgets: " + _("--subject 0 needs --scrolls or --income"), file=sys.stderr)
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
         # Translators: {title} the puzzle's title (in quotes), {hand} its tiles ([12, 40]), {objective} what is scored
         lambda: print(_("{file}: {title}, difficulty {difficulty}, hand {hand}, {objective}; optimum {optimum}, "
                         "greedy {greedy} (gap {gap})").format(
             file=args.out, title=repr(p.shown_title), difficulty=p.difficulty, hand=list(p.hand),
             objective=describe_objective(p.objective), optimum=p.optimum, greedy=p.greedy, gap=gap)))
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
        # Translators: {date} is 2026-11-25 (not translated), {title} the puzzle's title, {stars} its stars (★★☆)
        print(_("Isle of Skye puzzle of the day, {date}: {title} {stars}").format(
            date=d.date.isoformat(), title=p.shown_title, stars=d.stars))
        print(_("Objective: {objective}").format(objective=describe_objective(p.objective)))
        # Translators: {tiles} lists the tiles' numbers: 12, 40, 7
        print(_("Hand: {tiles}").format(tiles=", ".join(map(str, p.hand))))
        # Translators: {start} describes the starting territory
        print(_("Start: {start}").format(start=p.start().describe()))
        print(ngettext("The best possible score, stated by the exact solver: {count} point.",
                       "The best possible score, stated by the exact solver: {count} points.", p.optimum).format(
            count=p.optimum))
        if args.out:
            print(str(SAVED_TO).format(file=args.out))

    emit(args, lambda: {**d.to_dict(), **({"file": args.out} if args.out else {})}, text)
    return 0

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

from ..cli import DAILY_HELP, DATE_HELP, SAVED_TO, SEED, add_json_flag, emit, whole_number
from .cli_game import ISLANDS
from ..limits import MAX_GENERATE_ISLANDS, MAX_GENERATE_SIDE
from ..errors import write_json, write_text
from ..i18n import _, ngettext
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
            print(_("{file}: no solution").format(file=args.file))
        else:
            print(p.to_ascii(as_pair_counts(sol.bridges)))
            bridges = sum(b[4] for b in sol.bridges)
            # Translators: {islands} ("4 islands"), {bridges} ("4 bridges"), {guesses} ("0 guesses"); {seconds} the time taken, 0.012
            print(_("solved: {islands}, {bridges}, {guesses}, {seconds:.3f} s").format(
                islands=ISLANDS.format(count=len(p.islands)),
                bridges=ngettext("{count} bridge", "{count} bridges", bridges).format(count=bridges),
                guesses=ngettext("{count} guess", "{count} guesses", sol.nodes).format(count=sol.nodes), seconds=dt))

    emit(args, data, text)
    return 0 if sol is not None else 1


def cmd_check(args: argparse.Namespace) -> int:
    from .generator import DIFFICULTY_NAMES, difficulty_word, grade
    from .solver import analyse
    p = _load(args.file)
    count, nodes, level = analyse(p)
    out: dict[str, Any] = {"file": args.file, "valid": True, "islands": len(p.islands),
                           "solvable": count > 0, "unique": count == 1}
    islands = ISLANDS.format(count=len(p.islands))
    if count == 0:
        # Translators: {islands} is "12 islands"
        text = _("{file}: valid file, {islands}, but NO solution").format(file=args.file, islands=islands)
    elif count > 1:
        text = _("{file}: valid file, {islands}, solvable but the solution is NOT unique").format(
            file=args.file, islands=islands)
    else:
        d = min(grade(p), 4)     # 5: beyond nested trials, still expert
        out.update({"difficulty": d, "difficulty_name": DIFFICULTY_NAMES[d], "search_nodes": nodes})
        # Translators: {difficulty} 1-4, {name} its name (easy, medium, hard, expert), {nodes} ("3 search nodes")
        text = _("{file}: valid, {islands}, unique solution, difficulty {difficulty} ({name}; {nodes})").format(
            file=args.file, islands=islands, difficulty=d, name=difficulty_word(d),
            nodes=ngettext("{count} search node", "{count} search nodes", nodes).format(count=nodes))
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
             lambda: print(_("wrote {file}: {name}, {islands}").format(
                 file=args.out, name=p.name, islands=ISLANDS.format(count=len(p.islands)))))
    else:   # the puzzle itself: .has text, or with --json the JSON document --out x.json would write
        emit(args, lambda: data, lambda: print(p.to_text(), end=""))
    return 0


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add ``solve``, ``check`` and ``generate`` to the ``hashi`` sub-commands."""
    s = sub.add_parser("solve", help=_("solve a Hashiwokakero puzzle (.has or .json)"))
    s.add_argument("file", help=_("the puzzle file (.has or .json)"))
    add_json_flag(s)
    s.set_defaults(func=cmd_solve)
    c = sub.add_parser("check", help=_("check a puzzle file: valid, solvable, unique, difficulty"))
    c.add_argument("file", help=_("the puzzle file (.has or .json)"))
    add_json_flag(c)
    c.set_defaults(func=cmd_check)
    g = sub.add_parser("generate", help=_("generate a puzzle with a unique solution"))
    g.add_argument("--seed", type=SEED, default=0, help=_("the seed the puzzle is made from (default 0)"))
    # Translators: the words easy, medium, hard, expert are typed as they are (not translated)
    g.add_argument("--difficulty", default="2", help=_("1-4 or easy, medium, hard, expert"))
    g.add_argument("--size", type=whole_number(3, MAX_GENERATE_SIDE), default=None, help=_("grid side (default by difficulty)"))
    g.add_argument("--islands", type=whole_number(2, MAX_GENERATE_ISLANDS), default=None,
                   help=_("target island count (default by difficulty)"))
    g.add_argument("--out", default=None, help=_("write here (.json, or .has); default: print .has text"))
    add_json_flag(g)
    g.set_defaults(func=cmd_generate)
    d = sub.add_parser("daily", help=str(DAILY_HELP))
    d.add_argument("--date", default=None, metavar="YYYY-MM-DD", help=str(DATE_HELP))
    d.add_argument("--out", default=None, help=_("also write the puzzle here (.json, or .has)"))
    add_json_flag(d)
    d.set_defaults(func=cmd_daily)



def cmd_daily(args: argparse.Namespace) -> int:
    from .daily import daily_puzzle
    from .generator import difficulty_word
    d = daily_puzzle(args.date)          # a bad date: BadDateError, one line via cli.main
    p = d.puzzle
    if args.out:
        if str(args.out).endswith(".has"):
            write_text(args.out, p.to_text())
        else:
            write_json(args.out, p.to_json())

    def text() -> None:
        # Translators: {date} is 2026-11-25 (not translated), {difficulty} easy/medium/hard/expert, {stars} ★★☆☆, {islands} "12 islands"
        print(_("Hashi puzzle of the day, {date}: {difficulty} {stars}, {islands}, one solution "
                "(checked by the exact solver)").format(date=d.date.isoformat(), difficulty=difficulty_word(d.difficulty),
                                                        stars=d.stars, islands=ISLANDS.format(count=len(p.islands))))
        print(p.to_ascii())
        if args.out:
            print(str(SAVED_TO).format(file=args.out))

    emit(args, lambda: {**d.to_dict(), **({"file": args.out} if args.out else {})}, text)
    return 0

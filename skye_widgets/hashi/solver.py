"""An exact Hashiwokakero solver: deduction plus search, and hints in words.

The puzzle is compiled to integers: islands ``0..n-1``, candidate pairs
("edges") ``0..m-1`` with the list of edges each one crosses. Each edge has
a domain ``lo..hi`` (bridges, 0-2). Deduction narrows domains:

* **degree** (per island): the bridges still possible elsewhere bound each
  edge from below, the bridges already certain bound it from above;
* **crossing**: an edge that surely has a bridge empties every edge it crosses;
* **isolation**: an edge may not take a value that would leave a group of
  islands with all their bridges used up but apart from the rest (two 1s
  never join; two 2s never double-join; bigger groups likewise);
* **connectivity**: the islands must stay connected through possible edges,
  and an edge whose removal would cut them apart must have a bridge (checked
  on the groups already joined by bridges, and only when a possible edge has
  vanished since the last check).

Two searches use these rules. :func:`solve` runs a conflict-driven search
(:mod:`.cdcl`): the same rules state their reasons, every failure teaches a
new rule (a learnt clause) and the search jumps back to where it applies; it
solves the 400-island benchmark instances in a fraction of a second.
:func:`count_solutions` and :func:`analyse` (uniqueness of generated puzzles; their grade
is :mod:`.ladder`'s, and so are the hints' steps) run a plain
depth-first search over the domains (dom/wdeg: the island with the most past
failures per unit of freedom left; values 1, 2, then 0 bridges), every change
written on a trail and undone on backtracking. Both check connectivity and
crossing inside the search at every node, never afterwards.

>>> from .puzzle import HashiPuzzle
>>> p = HashiPuzzle.from_text("3 3 3\\n2 0 1\\n0 0 0\\n1 0 0\\n")
>>> solve(p).bridges
[(0, 0, 0, 2, 1), (0, 0, 2, 0, 1)]
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, Sequence

from ..i18n import _, ngettext
from .cdcl import GaveUp, Search
from .board import Line, line_order
from .engine import LEVEL_CONNECTIVITY, LEVEL_ISOLATION, LEVEL_LOCAL, BridgeRow, _Engine, _Model, _rows
from .ladder import TRIAL_BUDGET, Contradiction, Reasoner
from .puzzle import Cell, HashiPuzzle, PuzzleState, as_pair_counts, cell_name, validate

@dataclass(frozen=True)
class Solution:
    """A solution: ``bridges`` sorted rows ``(x1, y1, x2, y2, count)`` with count 1 or 2."""

    bridges: list[BridgeRow]
    nodes: int = 0          # search nodes visited (decisions, for solve())
    level: int = 0          # 1-3: the deduction level that solved it without search; 4: needed search
    conflicts: int = 0      # solve(): dead ends met, each turned into a learnt clause

    def as_pairs(self) -> dict[Line, int]:
        """``{(a, b): count}`` keyed by :func:`~skye_widgets.hashi.puzzle.pair` (a sorted pair of cells)."""
        return as_pair_counts(self.bridges)


def _solve_all(puzzle: HashiPuzzle, limit: int) -> tuple[list[list[BridgeRow]], int, int]:
    """Up to ``limit`` solutions, search nodes, and the deduction level needed (4 = search)."""
    if not puzzle.islands:
        return [[]], 0, 1
    mo = _Model(puzzle)
    level = 4
    for lv in (LEVEL_LOCAL, LEVEL_ISOLATION):
        en = _Engine(mo, lv)
        if en.start() and all(en.lo[e] == en.hi[e] for e in range(mo.m)):
            if _connected(mo, en.lo):
                level = lv
                break
    en = _Engine(mo)
    if en.start():
        if level == 4 and all(en.lo[e] == en.hi[e] for e in range(mo.m)):
            level = LEVEL_CONNECTIVITY
        en.search(limit)
    return [en.rows(s) for s in en.solutions], en.nodes, level


def _connected(mo: _Model, lo: Sequence[int]) -> bool:
    seen = [False] * mo.n
    seen[0] = True
    stack = [0]
    k = 1
    while stack:
        i = stack.pop()
        for e in mo.inc[i]:
            if lo[e]:
                j = mo.ea[e] if mo.eb[e] == i else mo.eb[e]
                if not seen[j]:
                    seen[j] = True
                    k += 1
                    stack.append(j)
    return k == mo.n


def solve(puzzle: HashiPuzzle) -> Solution | None:
    """A solution of ``puzzle`` or None when it has none (deterministic).

    Runs the conflict-driven search of :mod:`.cdcl` to the end: it either finds
    a solution or proves there is none. ``Solution.nodes`` counts its decisions
    (guesses), ``Solution.conflicts`` the dead ends it learnt from.
    """
    if not puzzle.islands:
        return Solution([], 0, 1)
    mo = _Model(puzzle)
    search = Search(mo)
    lo = search.run()
    if lo is None:
        return None
    return Solution(_rows(mo, lo), search.decisions, 0, search.conflicts)


#: From this many islands on, :func:`analyse` and :func:`count_solutions` count with the
#: conflict-driven search first (the depth-first search costs the whole board at every
#: node: minutes on 2 500 islands with many solutions; below, it is the quicker one).
COUNT_BY_CDCL_FROM = 100


def _two_solutions(puzzle: HashiPuzzle) -> tuple[list[list[int]], int]:
    """Up to two solutions (bridges per pair) by the conflict-driven search, and its decisions:
    after the first, the clause "some pair has another count" sends it after a second."""
    mo = _Model(puzzle)
    search = Search(mo)
    sols: list[list[int]] = []
    while len(sols) < 2:
        lo = search.run()
        if lo is None:
            break
        sols.append(lo)
        if not search.block(lo):
            break
    return sols, search.decisions


def count_solutions(puzzle: HashiPuzzle, limit: int = 2) -> int:
    """How many solutions, counting no further than ``limit``."""
    if len(puzzle.islands) >= COUNT_BY_CDCL_FROM and limit <= 2:
        return len(_two_solutions(puzzle)[0][:limit])
    sols, _, _ = _solve_all(puzzle, limit)
    return len(sols)


def analyse(puzzle: HashiPuzzle) -> tuple[int, int, int]:
    """``(solutions up to 2, search nodes, level)`` where level is 1 (degree and crossing
    rules suffice), 2 (+ isolation), 3 (+ connectivity) or 4 (needs trial and error).

    On big puzzles (``COUNT_BY_CDCL_FROM`` islands or more) the conflict-driven search
    counts first: a puzzle with no solution or with two is answered at once (nodes are
    then its decisions, level 4); only a puzzle with one solution goes on to the
    depth-first search whose nodes and level grade it.
    """
    if len(puzzle.islands) >= COUNT_BY_CDCL_FROM:
        sols, decisions = _two_solutions(puzzle)
        if len(sols) != 1:
            return len(sols), decisions, 4
    sols2, nodes, level = _solve_all(puzzle, 2)
    return len(sols2), nodes, level


# ---------------------------------------------------------------------------
# Hints: the same rules, one at a time, with reasons in words
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Hint:
    """The next logical step: which rule, at which island, in words, and what it implies.

    ``bridges`` lists ``(a, b, count)``: the pair must have at least ``count``
    bridges (more than drawn now). ``because`` gives earlier exclusions the
    step relies on. ``rule`` is one of ``solved``, ``mistake``, ``full``,
    ``at-least`` (also Tatham's "each way"), ``way-out``, ``connectivity``, ``trial``
    (a supposition that fails, look-ahead or nested included: ``technique`` says which),
    ``several`` (a bare reveal: the puzzle has more than one solution), ``search`` (a bare
    reveal on a puzzle with one solution, beyond the ladder's budget) and ``stuck``.
    """

    rule: str
    text: str
    island: Cell | None = None
    bridges: tuple[tuple[Cell, Cell, int], ...] = ()
    because: tuple[str, ...] = ()
    #: the solution the hint leads towards (pass it to the next call of :func:`next_step`)
    solution: Mapping[Line, int] | None = field(default=None, repr=False, compare=False)
    #: the technique of the ladder (:mod:`.ladder`) and its rung, 1 easy - 4 expert (5: a bare reveal)
    technique: str = ""
    level: int = 0
    #: a trial's chain, step by step (:class:`.ladder.ChainStep`: words, cells and bridges to show)
    chain: tuple[Any, ...] = field(default=(), compare=False)
    #: ``(pair, most bridges)`` the hint found on the way (pass them to the next call of
    #: :func:`next_step` while the bridges drawn still include these)
    known: tuple[tuple[Line, int], ...] = field(default=(), repr=False, compare=False)

    def __str__(self) -> str:
        return " ".join((*self.because, self.text))


def _isl(mo: _Model, i: int, j: int | None = None) -> dict[str, Any]:
    """The named values of one island (``n``, ``cell``) or two (also ``n2``, ``cell2``) for a hint."""
    out: dict[str, Any] = {"n": mo.need[i], "cell": cell_name(mo.cells[i])}
    if j is not None:
        out.update(n2=mo.need[j], cell2=cell_name(mo.cells[j]))
    return out


def _solution_for(puzzle: HashiPuzzle) -> dict[Line, int] | None:
    sol = solve(puzzle)
    return None if sol is None else sol.as_pairs()


def _solution_extending(mo: _Model, drawn: Mapping[Line, int]) -> dict[Line, int] | None:
    """A solution keeping at least the bridges drawn, or None (then some drawn bridge is wrong)."""
    search = Search(mo)
    for key, k in drawn.items():
        e = mo.edge_of.get(key)
        if e is None or not search.require(e, k):
            return None
    try:
        lo = search.run(max_conflicts=20000)
    except GaveUp:
        return None
    return None if lo is None else as_pair_counts(_rows(mo, lo))


def next_step(puzzle: HashiPuzzle,
              bridges_so_far: Mapping[Line, int] | Iterable[Iterable[int]] = (),
              solution: Mapping[Line, int] | None = None,
              known: tuple[Mapping[Line, int], Sequence[tuple[Line, int]]] | None = None) -> Hint:
    """The next logical deduction from the bridges drawn so far, explained in words.

    Techniques are tried simplest first, on the ladder of :mod:`.ladder` (Tatham's
    easy, medium and hard stages, then trials): the hint is the first step that
    draws a bridge, with the exclusions found on the way as its reasons and, for a
    trial, its chain step by step (``Hint.chain``). A drawn bridge that is not in the
    solution is pointed out.
    ``solution`` may pass a solution found earlier (the previous hint's
    ``Hint.solution``): it is used, instead of solving again, when it keeps every
    drawn bridge. ``known`` may pass ``(bridges drawn then, Hint.known)`` of an earlier
    hint: those exclusions are used (not found again) while every bridge drawn then is
    still drawn.
    """
    drawn = as_pair_counts(bridges_so_far)
    if not puzzle.islands:
        return Hint("solved", _("There are no islands: nothing to do."))
    if not validate(puzzle, drawn):
        return Hint("solved", _("Solved: every island has its number of bridges and all are connected."))
    mo = _Model(puzzle)
    if solution is not None and all(k <= solution.get(key, 0) for key, k in drawn.items()):
        sol: dict[Line, int] | None = dict(solution)
    else:
        sol = _solution_extending(mo, drawn)
    if sol is None:
        sol = _solution_for(puzzle)
    if sol is None:
        return Hint("stuck", _("This puzzle has no solution."))
    facts: Sequence[tuple[Line, int]] = ()
    if known is not None and all(drawn.get(key, 0) >= k for key, k in known[0].items()):
        facts = known[1]
    return replace(_explain(mo, drawn, sol, facts), solution=sol)


def _explain(mo: _Model, drawn: dict[Line, int], sol: dict[Line, int],
             known: Sequence[tuple[Line, int]] = ()) -> Hint:
    """The hint for the bridges ``drawn``, given a solution ``sol`` (one that keeps them,
    unless some drawn bridge is in no solution at all)."""
    for key, k in sorted(drawn.items(), key=lambda item: line_order(item[0])):
        if k > sol.get(key, 0):
            a, b = key
            extra, kept = k - sol.get(key, 0), sol.get(key, 0)
            # Translators: a Hashi hint; "the {n} at {cell}" names an island by its number and cell.
            text = ngettext("The bridge between the {n} at {cell} and the {n2} at {cell2} is not part of the "
                            "solution: take {count} bridge away ({kept} should stay).",
                            "The bridge between the {n} at {cell} and the {n2} at {cell2} is not part of the "
                            "solution: take {count} bridges away ({kept} should stay).", extra).format(
                count=extra, kept=kept, **_isl(mo, mo.index[a], mo.index[b]))
            return Hint("mistake", text, a, ((a, b, kept),))
    return _ladder_hint(mo, drawn, sol, known)


def _ladder_hint(mo: _Model, drawn: dict[Line, int], sol: dict[Line, int],
                 known: Sequence[tuple[Line, int]] = ()) -> Hint:
    """The simplest step of the ladder (:mod:`.ladder`) that draws a bridge; the exclusions
    found on the way are its reasons. ``known`` lists ``(pair, most bridges)`` found by
    earlier hints from fewer bridges (they still hold)."""
    r = Reasoner(mo)
    for key, k in drawn.items():
        r.lo[mo.edge_of[key]] = k
    for key, most in known:
        e = mo.edge_of.get(key)
        if e is not None and r.lo[e] <= most < r.hi[e]:
            r.hi[e] = most
    reasons: dict[int, list[tuple[str, int, tuple]]] = {}   # island -> (words, rung, chain)
    learnt = list(known)
    try:
        r.settle()
        while not r.solved():
            r.budget = TRIAL_BUDGET
            step = r.next(1)
            if step is None:
                break
            gains = [(e, nl) for e, nl, _nh in step.changes if nl > r.lo[e]]
            if gains:
                island = mo.index[step.island] if step.island is not None else mo.ea[gains[0][0]]
                because = reasons.get(island, [])
                level = max([step.level, *(lv for _t, lv, _c in because)])
                chain = step.chain or next((c for _t, _lv, c in reversed(because) if c), ())
                out = tuple((mo.pairs[e][0], mo.pairs[e][1], nl) for e, nl in gains)
                rule = {"each-way": "at-least", "lookahead": "trial", "nested": "trial"}.get(
                    step.technique, step.technique)
                return Hint(rule, step.text, step.island, out, tuple(t for t, _lv, _c in because),
                            technique=step.technique, level=level, chain=chain, known=tuple(learnt))
            for e, _nl, nh in step.changes:
                learnt.append((mo.pairs[e], nh))
                for i in (mo.ea[e], mo.eb[e]):
                    reasons.setdefault(i, []).append((step.text, step.level, step.chain))
            r.apply(step)
    except Contradiction:  # pragma: no cover - the bounds come from a solution's bridges
        pass
    # nothing on the ladder applies: reveal one pair from the solution
    for e in range(mo.m):
        key = mo.pairs[e]
        k = sol.get(key, 0)
        if k > drawn.get(key, 0):
            a, b = mo.pairs[e]
            unique = count_solutions(HashiPuzzle(mo.puzzle.width, mo.puzzle.height, mo.puzzle.islands)) == 1
            if not unique:
                # Translators: a Hashi hint when the puzzle has several solutions.
                text = ngettext("This puzzle has more than one solution, so no rule can settle the rest; one of "
                                "them joins the {n} at {cell} and the {n2} at {cell2} by {count} bridge.",
                                "This puzzle has more than one solution, so no rule can settle the rest; one of "
                                "them joins the {n} at {cell} and the {n2} at {cell2} by {count} bridges.", k)
            else:
                text = ngettext(
                    "No simple rule applies now; trying the possibilities shows the {n} at {cell} and the {n2} at "
                    "{cell2} are joined by {count} bridge.",
                    "No simple rule applies now; trying the possibilities shows the {n} at {cell} and the {n2} at "
                    "{cell2} are joined by {count} bridges.", k)
            return Hint("search" if unique else "several", text.format(count=k, **_isl(mo, mo.index[a],
                                                                                      mo.index[b])),
                        a, ((a, b, k),), level=5)
    return Hint("stuck", _("Every bridge of the solution is drawn."))  # pragma: no cover


def hint(state: PuzzleState) -> Hint:
    """The next logical step for a learner's ``state``, in words, with the bridges it implies.

    The solution behind the hint is kept on the state and reused while it
    contains every drawn bridge, so following hints on a big puzzle solves it
    only once.
    """
    h = next_step(state.puzzle, state.bridges, solution=state._solution, known=state._known)
    if h.solution is not None:
        state._solution = dict(h.solution)
    if h.known:
        state._known = (dict(state.bridges), h.known)
    state.last_hint = h
    return h

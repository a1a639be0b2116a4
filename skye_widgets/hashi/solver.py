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
:func:`count_solutions` and :func:`analyse` (used to grade puzzles) run a plain
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

from ..i18n import _, lazy, ngettext
from ..words import word_list
from .cdcl import CutEdges, GaveUp, Search
from .board import Line, line_order, row_major
from .puzzle import Cell, HashiPuzzle, PuzzleState, as_pair_counts, cell_name, validate

BridgeRow = tuple[int, int, int, int, int]

#: Deduction levels (used to grade puzzles): each includes the ones before.
LEVEL_LOCAL = 1        # degree and crossing rules only
LEVEL_ISOLATION = 2    # + isolation (no closed-off groups)
LEVEL_CONNECTIVITY = 3  # + connectivity (cut edges must carry a bridge)
VALUE_ORDER = (1, 2, 0)


class _Model:
    """The puzzle as integer arrays (islands and pairs numbered row by row, as the
    puzzle lists them; the cells themselves are the puzzle's ``(x, y)``)."""

    def __init__(self, puzzle: HashiPuzzle) -> None:
        self.puzzle = puzzle
        self.cells: list[Cell] = sorted(puzzle.islands, key=row_major)
        self.index = {c: i for i, c in enumerate(self.cells)}
        self.n = len(self.cells)
        self.need = [puzzle.islands[c] for c in self.cells]
        pairs = puzzle.pairs()
        self.m = len(pairs)
        self.ea = [self.index[a] for a, _ in pairs]
        self.eb = [self.index[b] for _, b in pairs]
        self.pairs = pairs
        self.edge_of: dict[Line, int] = {p: e for e, p in enumerate(pairs)}   # pairs are sorted: Lines
        self.inc: list[list[int]] = [[] for _ in range(self.n)]
        for e in range(self.m):
            self.inc[self.ea[e]].append(e)
            self.inc[self.eb[e]].append(e)
        # crossings: horizontal edges (same y) against vertical ones (same x)
        horiz = [e for e, (a, b) in enumerate(pairs) if a[1] == b[1] and b[0] - a[0] > 1]
        vert = [e for e, (a, b) in enumerate(pairs) if a[0] == b[0] and b[1] - a[1] > 1]
        self.cross: list[list[int]] = [[] for _ in range(self.m)]
        by_x: dict[int, list[int]] = {}       # the vertical edges by column, in order
        for v in vert:
            by_x.setdefault(pairs[v][0][0], []).append(v)
        for h in horiz:       # board.lines_cross for a horizontal h and a vertical v, written out
            (x1, y), (x2, _) = pairs[h]       # over the columns h spans (2 500 islands: 6 million
            hits = []                         # pairs otherwise); tests check the table against lines_cross
            for x in range(x1 + 1, x2):
                for v in by_x.get(x, ()):
                    if pairs[v][0][1] < y < pairs[v][1][1]:
                        hits.append(v)
            hits.sort()
            for v in hits:
                self.cross[h].append(v)
                self.cross[v].append(h)
        self.nb: list[list[tuple[int, int]]] = [
            [(e, self.eb[e] if self.ea[e] == i else self.ea[e]) for e in self.inc[i]] for i in range(self.n)]
        self.hi0 = [min(2, self.need[self.ea[e]], self.need[self.eb[e]]) for e in range(self.m)]


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


class _Engine:
    """Domains, trail, propagation and search over a :class:`_Model`."""

    def __init__(self, model: _Model, level: int = LEVEL_CONNECTIVITY) -> None:
        self.mo = model
        self.level = level
        self.lo = [0] * model.m
        self.hi = list(model.hi0)
        self.trail: list[tuple[int, int, int]] = []
        self.inq = bytearray(model.n)
        self.nodes = 0
        self.solutions: list[list[int]] = []
        self.weight = [1.0] * model.n   # conflict weights (dom/wdeg): islands where search failed
        self.cut_dirty = True  # a possible edge vanished since the last connectivity check

    # -- changing domains -----------------------------------------------------
    def undo(self, mark: int) -> None:
        """Back to the state when the trail was ``mark`` long (a propagated state: the
        connectivity check holds there, so nothing is left for it to look at)."""
        self.cut_dirty = False
        lo, hi, trail = self.lo, self.hi, self.trail
        while len(trail) > mark:
            e, l, h = trail.pop()
            lo[e] = l
            hi[e] = h

    def set_edge(self, e: int, nl: int, nh: int, queue: list[int]) -> bool:
        """Narrow edge ``e`` to ``nl..nh`` (within its domain); False on a contradiction."""
        lo, hi = self.lo, self.hi
        l, h = lo[e], hi[e]
        if nl < l:
            nl = l
        if nh > h:
            nh = h
        if nl > nh:
            return False
        if nl == l and nh == h:
            return True
        self.trail.append((e, l, h))
        lo[e] = nl
        hi[e] = nh
        if not nh:
            self.cut_dirty = True
        mo, inq = self.mo, self.inq
        for j in (mo.ea[e], mo.eb[e]):
            if not inq[j]:
                inq[j] = 1
                queue.append(j)
        if l == 0 and nl > 0:
            for f in mo.cross[e]:
                hf = hi[f]
                if hf:
                    if lo[f]:
                        return False
                    self.trail.append((f, 0, hf))
                    hi[f] = 0
                    self.cut_dirty = True
                    for j in (mo.ea[f], mo.eb[f]):
                        if not inq[j]:
                            inq[j] = 1
                            queue.append(j)
        return True

    # -- propagation ---------------------------------------------------------
    def local(self, queue: list[int]) -> bool:
        """Degree and crossing rules to a fixpoint over the queued islands."""
        lo, hi, trail, inq = self.lo, self.hi, self.trail, self.inq
        mo = self.mo
        need, inc, ea, eb, cross = mo.need, mo.inc, mo.ea, mo.eb, mo.cross
        while queue:
            i = queue.pop()
            inq[i] = 0
            es = inc[i]
            slo = shi = 0
            for e in es:
                slo += lo[e]
                shi += hi[e]
            N = need[i]
            if slo > N or shi < N:
                self.weight[i] += 1.0
                queue.clear()
                self.inq = bytearray(mo.n)
                return False
            if slo == shi:
                continue
            changed = False
            for e in es:
                l = lo[e]
                h = hi[e]
                nl = N - shi + h
                nh = N - slo + l
                if nl > l or nh < h:
                    if nl < l:
                        nl = l
                    if nh > h:
                        nh = h
                    trail.append((e, l, h))
                    lo[e] = nl
                    hi[e] = nh
                    if not nh:
                        self.cut_dirty = True
                    slo += nl - l
                    shi += nh - h
                    changed = True
                    j = ea[e] if eb[e] == i else eb[e]
                    if not inq[j]:
                        inq[j] = 1
                        queue.append(j)
                    if l == 0 and nl > 0:
                        for f in cross[e]:
                            hf = hi[f]
                            if hf:
                                if lo[f]:
                                    queue.clear()
                                    self.inq = bytearray(mo.n)
                                    return False
                                trail.append((f, 0, hf))
                                hi[f] = 0
                                self.cut_dirty = True
                                for j in (ea[f], eb[f]):
                                    if not inq[j]:
                                        inq[j] = 1
                                        queue.append(j)
            if changed and not inq[i]:
                inq[i] = 1
                queue.append(i)
        return True

    def global_rules(self, queue: list[int]) -> bool:
        """Isolation and connectivity rules; queues islands whose edges changed."""
        mo = self.mo
        n = mo.n
        if n <= 1:
            return True
        lo, hi, need, nb = self.lo, self.hi, mo.need, mo.nb
        # groups joined by certain bridges, with the bridges they still need
        comp = [-1] * n
        resid: list[int] = []
        size: list[int] = []
        c = 0
        for s in range(n):
            if comp[s] >= 0:
                continue
            comp[s] = c
            stack = [s]
            r = 0
            k = 0
            while stack:
                i = stack.pop()
                k += 1
                r += need[i]
                for e, j in nb[i]:
                    le = lo[e]
                    if le:
                        r -= le
                        if comp[j] < 0:
                            comp[j] = c
                            stack.append(j)
            resid.append(r)
            size.append(k)
            c += 1
        if c == 1:
            return True  # already one network: nothing can be cut off
        if sum(resid) < 2 * (c - 1):
            return False  # too few bridges left to join the groups into one network
        if 0 in resid:
            w = self.weight
            z = resid.index(0)
            for i in range(n):
                if comp[i] == z:
                    w[i] += 1.0
            return False  # a finished group apart from the rest
        # isolation: no edge may take a value that finishes a group that is not everything
        ea, eb = mo.ea, mo.eb
        for e in self.open_edges():
            h = hi[e]
            le = lo[e]
            ca = comp[ea[e]]
            cb = comp[eb[e]]
            if ca != cb:
                if resid[ca] + resid[cb] == 2 * h and size[ca] + size[cb] < n:
                    if not self.set_edge(e, 0, h - 1, queue):
                        return False
            elif resid[ca] == 2 * (h - le):
                if not self.set_edge(e, le, h - 1, queue):
                    return False
        if self.level < LEVEL_CONNECTIVITY or queue:
            return True  # let the cheap rules settle first
        if not self.cut_dirty:
            return True  # no possible edge lost since the last check: reachability and cut edges stand
        self.cut_dirty = False
        # connectivity over possible edges, and cut edges (Tarjan, iterative), on the groups:
        # an edge inside a group never matters, one between groups has no bridge yet
        adj: list[list[tuple[int, int]]] = [[] for _ in range(c)]
        for e in self.open_edges():
            ca = comp[ea[e]]
            cb = comp[eb[e]]
            if ca != cb:
                adj[ca].append((e, cb))
                adj[cb].append((e, ca))
        ce = CutEdges(adj, 0)
        disc = ce.disc
        if len(ce.order) < c:
            w = self.weight
            cut_off = sum(size[g] for g in range(c) if disc[g]) > n // 2
            for i in range(n):
                if (disc[comp[i]] == 0) == cut_off:
                    w[i] += 1.0
            return False  # some island can no longer reach the others
        for g in ce.cut:
            if not self.set_edge(ce.pedge[g], 1, 2, queue):
                return False
        return True

    def open_edges(self) -> list[int]:
        """Edges not yet decided."""
        lo, hi = self.lo, self.hi
        return [e for e in range(self.mo.m) if lo[e] != hi[e]]

    def propagate(self, queue: list[int]) -> bool:
        """All rules (up to ``level``) to a fixpoint."""
        while True:
            if not self.local(queue):
                return False
            if self.level < LEVEL_ISOLATION:
                return True
            if not self.global_rules(queue):
                queue.clear()
                self.inq = bytearray(self.mo.n)
                return False
            if not queue:
                return True

    # -- search --------------------------------------------------------------
    def start(self) -> bool:
        """Initial propagation from every island."""
        queue = list(range(self.mo.n))
        for i in queue:
            self.inq[i] = 1
        if self.mo.n > 2:  # two 1s never join, two 2s never double-join
            for e in range(self.mo.m):
                a, b = self.mo.ea[e], self.mo.eb[e]
                if self.mo.need[a] == self.mo.need[b] and self.mo.need[a] <= 2 and self.level >= LEVEL_ISOLATION:
                    self.set_edge(e, 0, self.mo.need[a] - 1, queue)
        return self.propagate(queue)

    def choose(self) -> int:
        """The branching edge (dom/wdeg)."""
        return self.choose_wdeg()

    def choose_wdeg(self) -> int:
        """dom/wdeg: the island with the highest conflict weight per unit of freedom;
        its undecided edge towards the heaviest neighbour."""
        lo, hi, mo = self.lo, self.hi, self.mo
        w = self.weight
        best = -1.0
        best_i = -1
        for i in range(mo.n):
            free = 0
            for e in mo.inc[i]:
                free += hi[e] - lo[e]
            if free:
                score = w[i] / free
                if score > best:
                    best = score
                    best_i = i
        if best_i < 0:
            return -1
        ea, eb = mo.ea, mo.eb
        best_e = -1
        bw = -1.0
        for e in mo.inc[best_i]:
            if hi[e] != lo[e]:
                j = ea[e] if eb[e] == best_i else eb[e]
                if w[j] > bw:
                    bw = w[j]
                    best_e = e
        return best_e

    def search(self, limit: int) -> None:
        """Depth-first search collecting up to ``limit`` solutions (lo lists)."""
        self.nodes += 1
        e = self.choose()
        if e < 0:
            self.solutions.append(list(self.lo))
            return
        l, h = self.lo[e], self.hi[e]
        for v in self.order(l, h):
            mark = len(self.trail)
            queue = []
            if self.set_edge(e, v, v, queue) and self.propagate(queue):
                self.search(limit)
            else:
                for j in queue:
                    self.inq[j] = 0
            self.undo(mark)
            if len(self.solutions) >= limit:
                return

    @staticmethod
    def order(l: int, h: int) -> list[int]:
        return [v for v in VALUE_ORDER if l <= v <= h]

    def rows(self, lo: Sequence[int]) -> list[BridgeRow]:
        return _rows(self.mo, lo)


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


def _rows(mo: _Model, lo: Sequence[int]) -> list[BridgeRow]:
    out = []
    for e, k in enumerate(lo):
        if k:
            (x1, y1), (x2, y2) = mo.pairs[e]
            out.append((x1, y1, x2, y2, k))
    return sorted(out)


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
    ``at-least``, ``connectivity``, ``search``, ``stuck``.
    """

    rule: str
    text: str
    island: Cell | None = None
    bridges: tuple[tuple[Cell, Cell, int], ...] = ()
    because: tuple[str, ...] = ()
    #: the solution the hint leads towards (pass it to the next call of :func:`next_step`)
    solution: Mapping[Line, int] | None = field(default=None, repr=False, compare=False)

    def __str__(self) -> str:
        return " ".join((*self.because, self.text))


_DIR = {(0, -1): "north", (0, 1): "south", (1, 0): "east", (-1, 0): "west"}
#: The pieces a hint lists, by direction (marked; translated when a hint is made).
# Translators: items of a Hashi hint's list: "it takes all of them: double bridge north and a single bridge east".
_SINGLE = {"north": lazy("a single bridge north"), "south": lazy("a single bridge south"),
           "east": lazy("a single bridge east"), "west": lazy("a single bridge west")}
_DOUBLE = {"north": lazy("double bridge north"), "south": lazy("double bridge south"),
           "east": lazy("double bridge east"), "west": lazy("double bridge west")}
# Translators: items of a Hashi hint's list: "it still needs at least one to the north and two to the east".
_ONE = {"north": lazy("at least one to the north"), "south": lazy("at least one to the south"),
        "east": lazy("at least one to the east"), "west": lazy("at least one to the west")}
_TWO = {"north": lazy("two to the north"), "south": lazy("two to the south"),
        "east": lazy("two to the east"), "west": lazy("two to the west")}


def _direction(a: Cell, b: Cell) -> str:
    dx = (b[0] > a[0]) - (b[0] < a[0])
    dy = (b[1] > a[1]) - (b[1] < a[1])
    return _DIR[(dx, dy)]


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
              solution: Mapping[Line, int] | None = None) -> Hint:
    """The next logical deduction from the bridges drawn so far, explained in words.

    Rules are tried simplest first: an island whose neighbours must all take
    as many bridges as they can ("this 8 needs double bridges in all four
    directions"), an island that needs at least one bridge to some neighbour,
    then exclusions (crossing, isolation) that make those apply, then
    connectivity. A drawn bridge that is not in the solution is pointed out.
    ``solution`` may pass a solution found earlier (the previous hint's
    ``Hint.solution``): it is used, instead of solving again, when it keeps every
    drawn bridge.
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
    return replace(_explain(mo, drawn, sol), solution=sol)


def _explain(mo: _Model, drawn: dict[Line, int], sol: dict[Line, int]) -> Hint:
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
    en = _Engine(mo, LEVEL_CONNECTIVITY)
    queue: list[int] = []
    for key, k in drawn.items():
        e = mo.edge_of[key]
        en.set_edge(e, k, 2, queue)
    reasons: dict[int, list[str]] = {}   # island -> exclusions that touched its edges

    def note(e: int, text: str) -> None:
        for i in (mo.ea[e], mo.eb[e]):
            reasons.setdefault(i, []).append(text)

    def upper(e: int, nh: int) -> None:
        q: list[int] = []
        en.set_edge(e, 0, nh, q)

    for _round in range(10 * mo.m + 10):
        lo, hi = en.lo, en.hi
        # 1. an island that needs everything it can get / at least one somewhere
        for i in range(mo.n):
            es = [e for e in mo.inc[i] if hi[e]]
            N = mo.need[i]
            cap = sum(hi[e] for e in es)
            gains = []
            for e in es:
                need_e = N - (cap - hi[e])
                if need_e > lo[e]:
                    gains.append((e, need_e))
            if not gains:
                continue
            a = mo.cells[i]
            if cap == N:
                parts = []
                for e in es:
                    j = mo.ea[e] if mo.eb[e] == i else mo.eb[e]
                    parts.append(str((_DOUBLE if hi[e] == 2 else _SINGLE)[_direction(a, mo.cells[j])]))
                values = {"n": N, "cell": cell_name(a), "cap": cap}
                if all(hi[e] == 2 for e in es) and len(es) > 1:
                    # Translators: a Hashi hint: an island whose neighbours can take exactly its number.
                    text = (_("This {n} at {cell} needs double bridges in both directions: its neighbours can take "
                              "only {cap} in all.") if len(es) == 2 else
                            _("This {n} at {cell} needs double bridges in all three directions: its neighbours can "
                              "take only {cap} in all.") if len(es) == 3 else
                            _("This {n} at {cell} needs double bridges in all four directions: its neighbours can "
                              "take only {cap} in all.")).format(**values)
                else:
                    # Translators: {bridges} lists the bridges, e.g. "double bridge north and a single bridge east".
                    text = ngettext("The {n} at {cell} can get at most {cap} bridge from its neighbours, exactly its "
                                    "number, so it takes all of them: {bridges}.",
                                    "The {n} at {cell} can get at most {cap} bridges from its neighbours, exactly its "
                                    "number, so it takes all of them: {bridges}.", cap).format(
                        bridges=word_list(parts), **values)
                rule = "full"
            else:
                parts = []
                for e, k in gains:
                    j = mo.ea[e] if mo.eb[e] == i else mo.eb[e]
                    parts.append(str((_ONE if k == 1 else _TWO)[_direction(a, mo.cells[j])]))
                # Translators: a Hashi hint; {bridges} lists "at least one to the north and two to the east".
                text = ngettext("The {n} at {cell} needs {n} bridge but its neighbours can take at most {cap}; even "
                                "with every other bridge it still needs {bridges}.",
                                "The {n} at {cell} needs {n} bridges but its neighbours can take at most {cap}; even "
                                "with every other bridge it still needs {bridges}.", N).format(
                    n=N, cell=cell_name(a), cap=cap, bridges=word_list(parts))
                rule = "at-least"
            out = []
            for e, k in gains:
                j = mo.ea[e] if mo.eb[e] == i else mo.eb[e]
                out.append((a, mo.cells[j], k))
            return Hint(rule, text, a, tuple(out), tuple(reasons.get(i, [])))
        changed = False
        # 2. silent exclusions: finished islands, crossing, neighbour numbers
        for e in range(mo.m):
            if lo[e] == hi[e]:
                continue
            a, b = mo.ea[e], mo.eb[e]
            for i in (a, b):
                room = mo.need[i] - sum(lo[f] for f in mo.inc[i]) + lo[e]
                if room < hi[e]:
                    j = b if i == a else a
                    N_i = mo.need[i]
                    # Translators: Hashi hints' reasons; "the {n} at {cell}" and "the {n2} at {cell2}" are islands.
                    note(e, ngettext("The {n} at {cell} already has {used} of its {count} bridge elsewhere, so at "
                                     "most {room} can go to the {n2} at {cell2}.",
                                     "The {n} at {cell} already has {used} of its {count} bridges elsewhere, so at "
                                     "most {room} can go to the {n2} at {cell2}.", N_i).format(
                        used=N_i - room, count=N_i, room=room, **_isl(mo, i, j))
                         if room else _("The {n} at {cell} is finished, so no bridge to the {n2} at {cell2}.").format(
                        **_isl(mo, i, j)))
                    upper(e, room)
                    changed = True
                    break
            if changed:
                break
            for f in mo.cross[e]:
                if lo[f] and hi[e]:
                    (c, d) = mo.pairs[f]
                    note(e, _("The bridge {c}-{d} blocks the way from the {n} at {cell} to the {n2} at {cell2}.").format(
                        c=cell_name(c), d=cell_name(d), **_isl(mo, a, b)))
                    upper(e, 0)
                    changed = True
                    break
            if changed:
                break
        if changed:
            continue
        # 3. isolation (two 1s, two 2s, a bigger group closing itself off)
        ok = _explain_isolation(en, note, upper)
        if ok:
            continue
        # 4. connectivity: a group with a single way out
        cut = _explain_connectivity(en)
        if cut is not None:
            e, group = cut
            a, b = mo.pairs[e]
            # Translators: a Hashi hint; {a}-{b} is a pair of islands by their cells.
            text = ngettext("The group of {count} island around {a} can reach the other islands only through "
                            "{a}-{b}, so that pair needs at least one bridge.",
                            "The group of {count} islands around {a} can reach the other islands only through "
                            "{a}-{b}, so that pair needs at least one bridge.", group).format(
                count=group, a=cell_name(a), b=cell_name(b))
            return Hint("connectivity", text, a, ((a, b, 1),), tuple(reasons.get(mo.ea[e], [])))
        break
    # 5. nothing simple left: reveal one pair from the solution
    for e in range(mo.m):
        key = mo.pairs[e]
        k = sol.get(key, 0)
        if k > drawn.get(key, 0):
            a, b = mo.pairs[e]
            return Hint("search", ngettext(
                "No simple rule applies now; trying the possibilities shows the {n} at {cell} and the {n2} at "
                "{cell2} are joined by {count} bridge.",
                "No simple rule applies now; trying the possibilities shows the {n} at {cell} and the {n2} at "
                "{cell2} are joined by {count} bridges.", k).format(count=k, **_isl(mo, mo.index[a], mo.index[b])),
                a, ((a, b, k),))
    return Hint("stuck", _("Every bridge of the solution is drawn."))  # pragma: no cover


def _explain_isolation(en: _Engine, note, upper) -> bool:
    """Apply one isolation exclusion with its reason; True if one applied."""
    mo = en.mo
    n = mo.n
    lo, hi = en.lo, en.hi
    comp = [-1] * n
    members: list[list[int]] = []
    resid: list[int] = []
    for s in range(n):
        if comp[s] >= 0:
            continue
        c = len(members)
        comp[s] = c
        stack, mem, r = [s], [], 0
        while stack:
            i = stack.pop()
            mem.append(i)
            r += mo.need[i] - sum(lo[e] for e in mo.inc[i])
            for e in mo.inc[i]:
                if lo[e]:
                    j = mo.ea[e] if mo.eb[e] == i else mo.eb[e]
                    if comp[j] < 0:
                        comp[j] = c
                        stack.append(j)
        members.append(mem)
        resid.append(r)
    if len(members) == 1:
        return False
    for e in range(mo.m):
        h, le = hi[e], lo[e]
        if h == le:
            continue
        a, b = mo.ea[e], mo.eb[e]
        ca, cb = comp[a], comp[b]
        total = resid[ca] + (resid[cb] if ca != cb else 0)
        k = len(members[ca]) + (len(members[cb]) if ca != cb else 0)
        if total == 2 * (h - le) and k < n:
            if k == 2 and le == 0:
                # Translators: Hashi hints' reasons (isolation): two islands that would close themselves off.
                text = ngettext("The {n} at {cell} and the {n2} at {cell2} cannot be joined by {count} bridge: "
                                "both would be finished and cut off from the rest.",
                                "The {n} at {cell} and the {n2} at {cell2} cannot be joined by {count} bridges: "
                                "both would be finished and cut off from the rest.", h).format(count=h, **_isl(mo, a, b))
            else:
                text = ngettext("{count} bridge between the {n} at {cell} and the {n2} at {cell2} would finish a "
                                "group of {size} islands cut off from the rest, so at most {most}.",
                                "{count} bridges between the {n} at {cell} and the {n2} at {cell2} would finish a "
                                "group of {size} islands cut off from the rest, so at most {most}.", h).format(
                    count=h, size=k, most=h - 1, **_isl(mo, a, b))
            note(e, text)
            upper(e, h - 1)
            return True
    return False


def _explain_connectivity(en: _Engine) -> tuple[int, int] | None:
    """A possible edge with no bridge yet that is the only link between two parts: (edge, size of smaller part)."""
    mo = en.mo
    lo, hi = en.lo, en.hi
    for e in range(mo.m):
        if lo[e] or not hi[e]:
            continue
        seen = [False] * mo.n
        seen[mo.ea[e]] = True
        stack = [mo.ea[e]]
        k = 1
        while stack:
            i = stack.pop()
            for f in mo.inc[i]:
                if f != e and hi[f]:
                    j = mo.ea[f] if mo.eb[f] == i else mo.eb[f]
                    if not seen[j]:
                        seen[j] = True
                        k += 1
                        stack.append(j)
        if not seen[mo.eb[e]]:
            return e, min(k, mo.n - k)
    return None


def hint(state: PuzzleState) -> Hint:
    """The next logical step for a learner's ``state``, in words, with the bridges it implies.

    The solution behind the hint is kept on the state and reused while it
    contains every drawn bridge, so following hints on a big puzzle solves it
    only once.
    """
    h = next_step(state.puzzle, state.bridges, solution=state._solution)
    if h.solution is not None:
        state._solution = dict(h.solution)
    return h

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

from ..i18n import _, lazy, ngettext
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
    from .ladder import TRIAL_BUDGET, Contradiction, Reasoner
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

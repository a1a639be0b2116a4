"""The puzzle as integers, and the engine over its domains: what both searches and the ladder stand on.

:class:`_Model` numbers the islands ``0..n-1`` and the candidate pairs ("edges") ``0..m-1``, with
the edges each one crosses. :class:`_Engine` keeps a domain ``lo..hi`` (0-2 bridges) per edge on
a trail and narrows the domains by the rules of :mod:`.solver`'s docstring (degree, crossing,
isolation, connectivity) up to a deduction level (:data:`LEVEL_LOCAL`, :data:`LEVEL_ISOLATION`,
:data:`LEVEL_CONNECTIVITY`), and runs the plain depth-first search of
:func:`.solver.count_solutions` over them. :mod:`.ladder` propagates with it to test a trial.
"""

from __future__ import annotations

from typing import Sequence

from .board import Line, row_major
from .cdcl import CutEdges
from .puzzle import Cell, HashiPuzzle

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


def _rows(mo: _Model, lo: Sequence[int]) -> list[BridgeRow]:
    out = []
    for e, k in enumerate(lo):
        if k:
            (x1, y1), (x2, y2) = mo.pairs[e]
            out.append((x1, y1, x2, y2, k))
    return sorted(out)

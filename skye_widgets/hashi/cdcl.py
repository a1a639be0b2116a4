"""Conflict-driven search for Hashiwokakero: the engine behind :func:`solver.solve`.

Each candidate pair of islands (an *edge*) ``e`` becomes two yes/no
variables: ``A_e`` "at least one bridge" and ``B_e`` "two bridges". A
literal is ``4e`` (``A_e``), ``4e + 1`` (not ``A_e``), ``4e + 2`` (``B_e``) or
``4e + 3`` (not ``B_e``). The rules are *propagators* that draw conclusions and
say why, as a clause (the conclusion first, then the facts it follows from,
each negated):

* ``B_e`` implies ``A_e``; crossing edges exclude each other (two-literal clauses);
* **degree**: an island's bridges add up to its number, so bounds on the other
  edges bound each edge (the reason lists the other edges' bounds);
* **isolation**: an edge may not take a value that finishes a group of islands
  already joined by bridges unless the group is every island (the reason
  lists the group's bridges);
* **connectivity**: the islands must stay connected through edges that may
  still carry a bridge; a part with no way out fails (the reason is "one of
  its boundary edges needs a bridge"), and an edge that is the only way out
  of a part must carry a bridge. The cut edges are kept up to date as edges
  die and come back (:class:`.connect.Cover`: a spanning tree, swapped edge
  by edge, with how many live edges go round each tree edge), never searched
  again from scratch; they are read where propagation has settled;
* **parity**, once before any decision: every bridge adds 2 to the total of the
  numbers, so an odd total has no solution (clause learning cannot see parity:
  a big lattice with one number off by one would take it minutes).

Search decides one variable at a time (VSIDS: the variables most involved in
recent failures first, starting top-left), remembers each variable's last
value across restarts (phase saving), and on a failure learns a new clause
(first unique implication point, minimised) and jumps back to where it applies. Nothing
is copied; the trail is undone on backtracking. Restarts follow the Luby
sequence; learnt clauses are kept, so the search is complete: it returns a
solution or proves there is none. Connectivity and crossing are handled at
every step of the search, never checked on a finished assignment.

>>> from .puzzle import HashiPuzzle
>>> from .solver import _Model   # the puzzle as integer arrays
>>> mo = _Model(HashiPuzzle.from_text("3 3 3\\n2 0 1\\n0 0 0\\n1 0 0\\n"))
>>> Search(mo).run()
[1, 1]
"""

from __future__ import annotations

from heapq import heapify, heappop, heappush
from typing import Any, Optional

from .connect import Cover

Clause = list[int]

RESTART_UNIT = 64      # conflicts per Luby unit
VAR_DECAY = 0.95
FORCE_BRIDGES = True   # an edge that is the only way out of a part must carry a bridge
LONG_CLAUSE = 32       # clauses longer than this look for a new watch from where they last stopped
MINIMISE = True        # drop learnt-clause literals implied by the others


def _luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ...

    >>> [_luby(i) for i in range(1, 8)]
    [1, 1, 2, 1, 1, 2, 4]
    """
    k = 1
    while True:
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        if (1 << (k - 1)) <= i < (1 << k) - 1:
            i -= (1 << (k - 1)) - 1   # the sequence repeats itself after each 2^(k-1)
            k = 1
        else:
            k += 1


class CutEdges:
    """Tarjan's cut edges over ``adj`` (``adj[g]`` lists ``(edge, neighbour)``), from ``start``.

    ``order`` lists the vertices reached in discovery order (``disc[g]`` is the
    1-based position; 0 = not reached); the vertices below ``g`` in the search tree
    are ``order[disc[g] - 1:last[g]]``; ``cut`` lists each vertex ``g`` whose
    tree edge ``pedge[g]`` to its parent is a cut edge. Parallel edges count.

    >>> ce = CutEdges([[(0, 1)], [(0, 0), (1, 2)], [(1, 1)]], 0)   # a path 0 - 1 - 2
    >>> ce.order, sorted(ce.pedge[g] for g in ce.cut)
    ([0, 1, 2], [0, 1])
    """

    def __init__(self, adj: list[list[tuple[int, int]]], start: int) -> None:
        size = len(adj)
        disc = [0] * size
        low = [0] * size
        last = [0] * size
        it = [0] * size
        pedge = [-1] * size
        order = [start]
        t = 1
        disc[start] = low[start] = 1
        path = [start]
        cut: list[int] = []
        while path:
            g = path[-1]
            ns = adj[g]
            k = it[g]
            if k < len(ns):
                it[g] = k + 1
                e, j = ns[k]
                if e == pedge[g]:
                    continue
                dj = disc[j]
                if dj:
                    if dj < low[g]:
                        low[g] = dj
                else:
                    t += 1
                    disc[j] = low[j] = t
                    pedge[j] = e
                    order.append(j)
                    path.append(j)
            else:
                path.pop()
                last[g] = t
                if path:
                    p = path[-1]
                    lg = low[g]
                    if lg < low[p]:
                        low[p] = lg
                    if lg > disc[p]:
                        cut.append(g)
        self.disc, self.last, self.pedge, self.order, self.cut = disc, last, pedge, order, cut


class Search:
    """One conflict-driven search over a compiled puzzle (``solver._Model``)."""

    def __init__(self, model: Any) -> None:
        mo = model
        self.mo = mo
        self.n = n = mo.n
        self.m = m = mo.m
        self.need = mo.need
        self.ea, self.eb = mo.ea, mo.eb
        nlit = 4 * m
        self.val = bytearray([2]) * nlit        # per literal: 1 true, 0 false, 2 unassigned
        self.level = [0] * (2 * m)              # per variable
        self.reason: list[Optional[Clause]] = [None] * (2 * m)
        self.trail: list[int] = []
        self.lim: list[int] = []                # trail length at each decision
        self.qhead = 0
        self.lo = [0] * m
        self.hi = [2] * m
        # per island: the sums of lo and hi over its edges, kept in step with lo and hi
        self.slo = [0] * n
        self.shi = [2 * len(mo.inc[i]) for i in range(n)]
        self.imp: list[list[int]] = [[] for _ in range(nlit)]   # two-literal clauses: p true -> q true
        self.watches: list[list[Clause]] = [[] for _ in range(nlit)]
        self.scanpos: dict[int, int] = {}       # long clauses (by id): where the last watch search stopped
        self.dirty = bytearray(n)
        self.dirty_list: list[int] = []
        self.cover = Cover(n, mo.ea, mo.eb, self.lo, self.hi)   # cut edges, kept as edges die and return
        self.activity = [0.0] * (2 * m)
        self.inc = 1.0
        # first decisions sweep the board from the top-left (edges are sorted)
        self.heap = [(0.0, v) for v in range(2 * m)]
        self.phase = bytearray(1 if v & 1 else 0 for v in range(2 * m))  # one bridge first
        self.inheap = bytearray([1]) * (2 * m)  # the heap holds an entry with the variable's activity
        self.root = list(range(n))
        self.nxt = list(range(n))
        self.gsize = [1] * n
        self.gres = list(mo.need)
        self.ngroups = n
        self.ulog: list[tuple[int, int, int, int]] = []
        self.ulim: list[int] = []
        self.closed = -1
        self.iso_edges: list[int] = []
        self.iso_groups: list[int] = []
        self.conflicts = 0
        self.decisions = 0
        self.unsat = False
        self.started = False
        for e in range(m):
            self._add_binary(4 * e + 3, 4 * e)          # not B or A
            for f in mo.cross[e]:
                if f > e:
                    self._add_binary(4 * e + 1, 4 * f + 1)  # not A_e or not A_f

    # -- clauses -------------------------------------------------------------
    def _add_binary(self, a: int, b: int) -> None:
        self.imp[a ^ 1].append(b)
        self.imp[b ^ 1].append(a)

    # -- assignment ----------------------------------------------------------
    def _assign(self, lit: int, reason: Optional[Clause]) -> None:
        val = self.val
        val[lit] = 1
        val[lit ^ 1] = 0
        v = lit >> 1
        self.level[v] = len(self.lim)
        self.reason[v] = reason
        self.trail.append(lit)
        e = lit >> 2
        k = lit & 3
        ia = self.ea[e]
        ib = self.eb[e]
        if k & 1:
            hi = self.hi
            if k == 1:
                d = hi[e]
                hi[e] = 0
                shi = self.shi
                shi[ia] -= d
                shi[ib] -= d
                cover = self.cover      # cover.kill(e), inline
                if cover.valid:
                    cover.pend[e] = 1
                    cover.pending.append(e)
            elif hi[e] == 2:
                hi[e] = 1
                shi = self.shi
                shi[ia] -= 1
                shi[ib] -= 1
                if not self.lo[e]:
                    self.iso_edges.append(e)
        else:
            lo = self.lo
            old = lo[e]
            d = (2 if k else 1) - old
            if d > 0:
                lo[e] = old + d
                slo = self.slo
                slo[ia] += d
                slo[ib] += d
                r = self._union(ia, ib) if not old else self.root[ia]
                gres = self.gres
                g = gres[r]
                self.ulog.append((1, r, 0, g))
                g -= 2 * d
                gres[r] = g
                if g <= 4:
                    if g <= 0:
                        if self.closed < 0:
                            self.closed = r
                    else:
                        self.iso_groups.append(r)
        dirty = self.dirty
        if not dirty[ia]:
            dirty[ia] = 1
            self.dirty_list.append(ia)
        if not dirty[ib]:
            dirty[ib] = 1
            self.dirty_list.append(ib)

    def _backtrack(self, lvl: int) -> None:
        if len(self.lim) <= lvl:
            return
        mark = self.lim[lvl]
        del self.lim[lvl:]
        self._undo_groups(self.ulim[lvl])
        del self.ulim[lvl:]
        self.closed = -1
        self.iso_edges.clear()
        self.iso_groups.clear()
        trail, val, phase, act, heap = self.trail, self.val, self.phase, self.activity, self.heap
        inheap = self.inheap
        lo, hi = self.lo, self.hi
        touched = set()
        revive = self.cover.revive
        pend = self.cover.pend
        undone = trail[mark:]
        del trail[mark:]
        for lit in reversed(undone):
            val[lit] = 2
            val[lit ^ 1] = 2
            v = lit >> 1
            phase[v] = lit & 1
            if not inheap[v]:
                heappush(heap, (-act[v], v))
                inheap[v] = 1
            e = lit >> 2
            touched.add(e)
            if lit & 3 == 1:
                if pend[e]:     # died after the last settle: nothing to undo (cover.revive's first case)
                    pend[e] = 0
                else:
                    revive(e)
        slo, shi, ea, eb = self.slo, self.shi, self.ea, self.eb
        for e in touched:
            b = 4 * e
            nl = 2 if val[b + 2] == 1 else (1 if val[b] == 1 else 0)
            nh = 0 if val[b] == 0 else (1 if val[b + 2] == 0 else 2)
            d = nl - lo[e]
            if d:
                lo[e] = nl
                slo[ea[e]] += d
                slo[eb[e]] += d
            d = nh - hi[e]
            if d:
                hi[e] = nh
                shi[ea[e]] += d
                shi[eb[e]] += d
        self.qhead = len(trail)
        for i in self.dirty_list:
            self.dirty[i] = 0
        self.dirty_list.clear()
        self.cover.zero.clear()    # the level backtracked to had all its cut edges bridged

    # -- propagation ---------------------------------------------------------
    def _propagate(self) -> Optional[Clause]:
        """Every rule to a fixpoint; a clause whose literals are all false on a conflict."""
        val, trail, imp, watches = self.val, self.trail, self.imp, self.watches
        assign = self._assign
        dirty, dirty_list, slo, shi, need = self.dirty, self.dirty_list, self.slo, self.shi, self.need
        while True:
            qhead = self.qhead
            while qhead < len(trail):
                p = trail[qhead]
                qhead += 1
                self.qhead = qhead
                np_ = p ^ 1
                for q in imp[p]:
                    vq = val[q]
                    if vq == 0:
                        return [q, np_]
                    if vq == 2:
                        assign(q, [q, np_])
                ws = watches[np_]
                if ws:
                    keep: list[Clause] = []
                    conflict = None
                    k = 0
                    nws = len(ws)
                    while k < nws:
                        c = ws[k]
                        k += 1
                        if c[0] == np_:
                            c[0], c[1] = c[1], np_
                        first = c[0]
                        if val[first] == 1:
                            keep.append(c)
                            continue
                        if len(c) > LONG_CLAUSE:
                            j = self._non_false(c)
                        else:
                            for j in range(2, len(c)):
                                if val[c[j]] != 0:
                                    break
                            else:
                                j = 0
                        if j:
                            c[1], c[j] = c[j], np_
                            watches[c[1]].append(c)
                            continue
                        keep.append(c)
                        if val[first] == 0:
                            conflict = c
                            keep.extend(ws[k:])
                            break
                        assign(first, c)
                    watches[np_] = keep
                    if conflict is not None:
                        return conflict
            if dirty_list:
                i = dirty_list.pop()
                dirty[i] = 0
                a = slo[i]
                b = shi[i]
                N = need[i]
                if a <= N <= b and (a == b or (b - N >= 2 and N - a >= 2)):
                    continue    # _degree's first test, here: most islands have nothing to tighten
                c = self._degree(i)
                if c is not None:
                    return c
                continue
            before = len(trail)
            c = self._global()
            if c is not None:
                return c
            if len(trail) == before and not dirty_list:
                return None

    def _non_false(self, c: Clause) -> int:
        """The position (from 2) of a literal of the long clause ``c`` that is not false, or 0.

        The search goes on from where it last stopped in ``c`` and wraps round, so a clause
        whose literals turn false one after another (a blocked solution: thousands of
        literals) costs its length in all, not its length at every step."""
        val = self.val
        key = id(c)
        start = self.scanpos.get(key, 2)
        for j in range(start, len(c)):
            if val[c[j]] != 0:
                self.scanpos[key] = j
                return j
        for j in range(2, start):
            if val[c[j]] != 0:
                self.scanpos[key] = j
                return j
        return 0

    def _degree(self, i: int) -> Optional[Clause]:
        """An island's bridges add up to its number."""
        slo = self.slo[i]
        shi = self.shi[i]
        N = self.need[i]
        if slo <= N <= shi and (slo == shi or (shi - N >= 2 and N - slo >= 2)):
            return None     # nothing to tighten: no edge's range (at most 2) exceeds either slack
        lo, hi, val = self.lo, self.hi, self.val
        es = self.mo.inc[i]
        if slo > N:
            return [4 * e + (3 if lo[e] == 2 else 1) for e in es if lo[e]]
        if shi < N:
            return [4 * e + (2 if hi[e] == 1 else 0) for e in es if hi[e] < 2]
        if slo == shi:
            return None
        for e in es:
            l = lo[e]
            h = hi[e]
            if l == h:
                continue
            nl = N - shi + h
            if nl > l:
                why = [4 * f + (2 if hi[f] == 1 else 0) for f in es if f != e and hi[f] < 2]
                b = 4 * e
                if val[b] == 2:
                    self._assign(b, [b] + why)
                if nl >= 2 and val[b + 2] == 2:
                    self._assign(b + 2, [b + 2] + why)
            nh = N - slo + l
            if nh < h:
                why = [4 * f + (3 if lo[f] == 2 else 1) for f in es if f != e and lo[f]]
                b = 4 * e
                if nh <= 1 and val[b + 3] == 2:
                    self._assign(b + 3, [b + 3] + why)
                if nh <= 0 and val[b + 1] == 2:
                    self._assign(b + 1, [b + 1] + why)
        return None

    # -- groups of islands joined by bridges (kept up to date, undone on backtracking) --
    def _union(self, a: int, b: int) -> int:
        """Join the groups of islands ``a`` and ``b`` (smaller into larger); the new group's root."""
        root, nxt, gsize = self.root, self.nxt, self.gsize
        ra, rb = root[a], root[b]
        if ra == rb:
            return ra
        if gsize[ra] < gsize[rb]:
            ra, rb = rb, ra
        self._relabel(rb, ra)
        nxt[ra], nxt[rb] = nxt[rb], nxt[ra]
        self.ulog.append((0, ra, rb, self.gres[ra]))
        gsize[ra] += gsize[rb]
        self.gres[ra] += self.gres[rb]
        self.ngroups -= 1
        return ra

    def _relabel(self, start: int, r: int) -> None:
        """Every island in the circular member list through ``start`` now belongs to root ``r``."""
        root, nxt = self.root, self.nxt
        x = start
        while True:
            root[x] = r
            x = nxt[x]
            if x == start:
                break

    def _undo_groups(self, mark: int) -> None:
        ulog, nxt, gsize, gres = self.ulog, self.nxt, self.gsize, self.gres
        while len(ulog) > mark:
            kind, ra, rb, old = ulog.pop()
            if kind:
                gres[ra] = old
                continue
            nxt[ra], nxt[rb] = nxt[rb], nxt[ra]
            self._relabel(rb, rb)
            gsize[ra] -= gsize[rb]
            gres[ra] = old
            self.ngroups += 1

    def _members(self, r: int) -> list[int]:
        nxt = self.nxt
        out = [r]
        x = nxt[r]
        while x != r:
            out.append(x)
            x = nxt[x]
        return out

    def _group_reason(self, r: int) -> Clause:
        """The negated bridges inside group ``r``: ``not B_e`` for double, ``not A_e`` for single ones."""
        lo, ea, inc = self.lo, self.ea, self.mo.inc
        out = []
        for i in self._members(r):
            for e in inc[i]:
                if lo[e] and ea[e] == i:
                    out.append(4 * e + 3 if lo[e] == 2 else 4 * e + 1)
        return out

    def _isolation(self, e: int) -> None:
        """Forbid the value of open edge ``e`` that would finish a group that is not every island."""
        h = self.hi[e]
        le = self.lo[e]
        if h == le:
            return
        root, gres, gsize = self.root, self.gres, self.gsize
        ra = root[self.ea[e]]
        rb = root[self.eb[e]]
        if ra != rb:
            if gres[ra] + gres[rb] != 2 * h or gsize[ra] + gsize[rb] >= self.n:
                return
        elif gres[ra] != 2 * (h - le) or gsize[ra] >= self.n:
            return
        lit = 4 * e + (1 if h == 1 else 3)
        if self.val[lit] == 2:
            why = [lit] + self._group_reason(ra)
            if rb != ra:
                why += self._group_reason(rb)
            self._assign(lit, why)

    def _global(self) -> Optional[Clause]:
        """Closed groups, isolation, then connectivity: the new cut edges carry a bridge."""
        if self.closed >= 0:
            r = self.root[self.closed]
            self.closed = -1
            if self.gres[r] <= 0 and self.gsize[r] < self.n:
                return self._group_reason(r)
        lo, hi, inc = self.lo, self.hi, self.mo.inc
        while self.iso_edges:
            self._isolation(self.iso_edges.pop())
        if self.iso_groups:
            done = set()
            slo, shi = self.slo, self.shi
            while self.iso_groups:
                r = self.root[self.iso_groups.pop()]
                if r in done or self.gres[r] > 4:
                    continue
                done.add(r)
                for i in self._members(r):
                    if slo[i] != shi[i]:    # else every edge of i is settled (lo == hi)
                        for e in inc[i]:
                            if lo[e] != hi[e]:
                                self._isolation(e)
        cover = self.cover
        if self.qhead < len(self.trail) or (cover.valid and not cover.zero and not cover.pending
                                            and not cover.broken):
            return None
        if self.ngroups == 1:
            cover.zero.clear()
            return None
        # connectivity over edges that may still carry a bridge; new cut edges must carry one
        if not cover.refresh():
            return self._disconnected(cover.comp)
        cover.settle()
        if cover.broken:
            return self._disconnected(cover.parts())
        zero = cover.zero
        cover.zero = []
        if not FORCE_BRIDGES:
            return None
        n, nb, val, cov, intree = self.n, self.mo.nb, self.val, cover.cov, cover.intree
        for e in zero:
            if cov[e] or not intree[e] or val[4 * e] != 2:
                continue
            side = cover.side(e)       # the smaller side
            mark = bytearray(n)
            for i in side:
                mark[i] = 1
            why = [4 * e]
            for i in side:
                for f, j in nb[i]:
                    if f != e and not mark[j]:
                        why.append(4 * f)
            self._assign(4 * e, why)
        return None

    def _disconnected(self, part: list[int]) -> Clause:
        """The clause "some boundary edge carries a bridge" for the part with the fewest boundary edges
        (``part`` numbers the parts of the islands joined by edges that may still carry a bridge)."""
        ea, eb = self.ea, self.eb
        bound: list[list[int]] = [[] for _ in range(max(part) + 1)]
        for e in range(self.m):
            pa = part[ea[e]]
            pb = part[eb[e]]
            if pa != pb:
                bound[pa].append(4 * e)
                bound[pb].append(4 * e)
        return min(bound, key=len)

    # -- conflict analysis -----------------------------------------------------
    def _analyse(self, conflict: Clause) -> tuple[Clause, int]:
        level, reason, trail = self.level, self.reason, self.trail
        cur = len(self.lim)
        seen = bytearray(2 * self.m)
        learnt = [0]
        count = 0
        clause = conflict
        start = 0
        idx = len(trail) - 1
        p = -1
        while True:
            for q in clause[start:]:
                v = q >> 1
                if not seen[v] and level[v] > 0:
                    seen[v] = 1
                    self._bump(v)
                    if level[v] >= cur:
                        count += 1
                    else:
                        learnt.append(q)
            while not seen[trail[idx] >> 1]:
                idx -= 1
            p = trail[idx]
            idx -= 1
            v = p >> 1
            seen[v] = 0
            count -= 1
            if count <= 0:
                break
            clause = reason[v]  # type: ignore[assignment]
            start = 1
        learnt[0] = p ^ 1
        # drop literals implied by the others (recursive minimisation, as in MiniSat)
        if len(learnt) > 2 and MINIMISE:
            levels = 0
            for q in learnt[1:]:
                levels |= 1 << (level[q >> 1] & 31)
            keep = [learnt[0]]
            for q in learnt[1:]:
                if reason[q >> 1] is None or not self._redundant(q, levels, seen):
                    keep.append(q)
            learnt = keep
        back = 0
        if len(learnt) > 1:
            best = 1
            for k in range(2, len(learnt)):
                if level[learnt[k] >> 1] > level[learnt[best] >> 1]:
                    best = k
            learnt[1], learnt[best] = learnt[best], learnt[1]
            back = level[learnt[1] >> 1]
        return learnt, back

    def _redundant(self, q: int, levels: int, seen: bytearray) -> bool:
        """Is the false literal ``q`` implied by literals already in the learnt clause?"""
        level, reason = self.level, self.reason
        stack = [q]
        added: list[int] = []
        while stack:
            r = reason[stack.pop() >> 1]
            for x in r[1:]:  # type: ignore[index]
                v = x >> 1
                if seen[v] or not level[v]:
                    continue
                if reason[v] is not None and (1 << (level[v] & 31)) & levels:
                    seen[v] = 1
                    added.append(v)
                    stack.append(x)
                else:
                    for u in added:
                        seen[u] = 0
                    return False
        return True

    def _bump(self, v: int) -> None:
        act = self.activity
        act[v] += self.inc
        if act[v] > 1e100:
            for k in range(len(act)):
                act[k] *= 1e-100
            self.inc *= 1e-100
            self.heap = [(-act[u], u) for u in range(len(act)) if self.val[2 * u] == 2]
            heapify(self.heap)
            self.inheap = bytearray(1 if self.val[2 * u] == 2 else 0 for u in range(len(act)))
        else:
            heappush(self.heap, (-act[v], v))
            self.inheap[v] = 1

    # -- search ----------------------------------------------------------------
    def _decide(self) -> int:
        heap, val, act = self.heap, self.val, self.activity
        inheap = self.inheap
        while heap:
            a, v = heappop(heap)
            if -a == act[v]:            # the variable's current entry (older ones are stale)
                inheap[v] = 0
                if val[2 * v] == 2:
                    return 2 * v + self.phase[v]
        for v in range(2 * self.m):   # stale heap entries only: scan
            if val[2 * v] == 2:
                return 2 * v + self.phase[v]
        return -1

    def decide(self, lit: int) -> None:
        """Open a new decision level with ``lit`` true (propagation follows in :meth:`run`)."""
        self.decisions += 1
        self.lim.append(len(self.trail))
        self.ulim.append(len(self.ulog))
        self._assign(lit, None)

    def require(self, e: int, k: int) -> bool:
        """Before :meth:`start`: edge ``e`` carries at least ``k`` bridges (False if it cannot)."""
        if k > 2:
            return False
        for lit in (4 * e, 4 * e + 2)[:k]:
            if self.val[lit] == 0:
                return False
            if self.val[lit] == 2:
                self._assign(lit, None)
        return True

    def block(self, lo: list[int]) -> bool:
        """Rule out the solution ``lo`` (bridges per edge) so that :meth:`run` looks for another:
        the clause "some edge has another count". False when nothing else is left open."""
        self._backtrack(0)
        clause: Clause = []
        for e, k in enumerate(lo):
            b = 4 * e
            clause.extend((b,) if k == 0 else (b + 1, b + 2) if k == 1 else (b + 3,))
        val = self.val
        clause = [q for q in clause if val[q] != 0]   # the solution's level-0 facts stay true
        if not clause:
            return False
        if len(clause) == 1:
            self._assign(clause[0], None)
        elif len(clause) == 2:
            self._add_binary(clause[0], clause[1])
        else:
            self.watches[clause[0]].append(clause)
            self.watches[clause[1]].append(clause)
        return True

    def start(self) -> bool:
        """Every rule from every island and edge before any decision; False if that fails already."""
        if self.started:
            return not self.unsat
        self.started = True
        if sum(self.need) % 2:
            # every bridge adds 2 to the islands' total: an odd total has no solution. Clause
            # learning cannot see parity (a lattice of 2 500 islands with one number off by one
            # ran for minutes); the rule is stated here once, before any decision.
            self.unsat = True
            return False
        for i in range(self.n):
            if not self.dirty[i]:
                self.dirty[i] = 1
                self.dirty_list.append(i)
        self.iso_edges = list(range(self.m))   # two 1s never join, two 2s never double-join, ...
        self.unsat = self._propagate() is not None
        return not self.unsat

    def run(self, max_conflicts: int = -1) -> Optional[list[int]]:
        """Bridges per edge of a solution, or None if there is none.

        ``max_conflicts`` >= 0 gives up after that many conflicts (raises
        :class:`GaveUp`); by default the search runs to the end.
        """
        if not self.start():
            return None
        restart = 1
        budget = RESTART_UNIT * _luby(restart)
        since = 0
        while True:
            c = self._propagate() if self.qhead < len(self.trail) or self.dirty_list else None
            if c is not None:
                self.conflicts += 1
                since += 1
                top = max((self.level[q >> 1] for q in c), default=0)
                if top == 0:
                    return None
                if top < len(self.lim):   # found late: analyse at the level where it arose
                    self._backtrack(top)
                if 0 <= max_conflicts < self.conflicts:
                    raise GaveUp(self.conflicts)
                learnt, back = self._analyse(c)
                self._backtrack(back)
                self.inc /= VAR_DECAY
                if len(learnt) == 1:
                    self._assign(learnt[0], None)
                elif len(learnt) == 2:
                    self._add_binary(learnt[0], learnt[1])
                    self._assign(learnt[0], learnt)
                else:
                    self.watches[learnt[0]].append(learnt)
                    self.watches[learnt[1]].append(learnt)
                    self._assign(learnt[0], learnt)
                continue
            if since >= budget:
                since = 0
                restart += 1
                budget = RESTART_UNIT * _luby(restart)
                self._backtrack(0)
                continue
            lit = self._decide()
            if lit < 0:
                return list(self.lo)
            self.decide(lit)


class GaveUp(Exception):
    """The conflict limit of :meth:`Search.run` was reached."""

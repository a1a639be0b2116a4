"""Cut edges of the Hashi search's island graph, kept up to date as edges die and come back.

The graph: islands ``0..n-1``, edge ``e`` joins ``ea[e]`` and ``eb[e]`` and is
*live* while it may still carry a bridge. :class:`Cover` keeps a spanning tree
of the live edges and, for every tree edge, how many live non-tree edges have a
fundamental cycle through it (``cov``). A tree edge with ``cov`` 0 is a cut
edge: every spanning tree holds it and nothing goes round it.

* An edge dies (:meth:`Cover.kill`); its death is counted at the next
  :meth:`Cover.settle` (called where the search looks at the cut edges; an
  edge that comes back first costs nothing). A dead non-tree edge takes 1 off
  ``cov`` along its tree path (the tree edges reaching 0 are new cut edges).
  A dead tree edge is swapped for a live non-tree edge across the cut it leaves: the smaller side
  (the subtree sizes ``sz``, kept through the swaps, tell which) is re-rooted
  and hung from that edge; only the edges across the cut change paths, so
  only theirs are counted again. If nothing live crosses (``cov`` 0: nothing is searched),
  the edge stays in the tree marked dead, and the live graph is disconnected
  (``broken``) until it comes back.
* An edge comes back (:meth:`Cover.revive`, on backtracking): a dead tree edge
  is live again; any other is a non-tree edge and adds 1 along its path.
  Backtracking brings edges back in the reverse order of their deaths, so the
  tree (never rebuilt) spans the live edges and the dead tree edges at all times.
  A non-tree edge that comes back while the graph is broken may cross the cut a
  dead tree edge left (both died before one settle; the other comes back alone):
  the next :meth:`Cover.settle` tries each dead tree edge's swap again.
* The tree is built once (:meth:`Cover.refresh`), breadth first, through the
  edges that carry a bridge (``lo[e] > 0``) first: a group of islands joined by
  bridges hangs together in the tree.

Joining islands by bridges does not change which other edges are cut edges,
so nothing is done then. The search (:mod:`.cdcl`) calls ``kill`` and
``revive`` from its assignment and backtracking and reads the new cut edges
at its fixpoints; ``tests/hashi/test_cdcl_connect.py`` checks the cut edges against
a from-scratch search after random sequences of kills and revivals.

>>> lo, hi = [0, 0, 0], [1, 1, 1]
>>> c = Cover(3, [0, 1, 0], [1, 2, 2], lo, hi)   # a triangle
>>> c.refresh(), c.cut_edges()
(True, [])
>>> hi[1] = 0; c.kill(1); sorted(c.cut_edges())    # 1 - 2 dies: a path is left
[0, 2]
>>> hi[1] = 1; c.revive(1); c.cut_edges()
[]
>>> hi[0] = hi[2] = 0; c.kill(0); c.kill(2); print(c.cut_edges())   # island 0 cut off
None
"""

from __future__ import annotations


class Cover:
    """A spanning tree of the live edges with the cycle cover count of each tree edge."""

    def __init__(self, n: int, ea: list[int], eb: list[int], lo: list[int], hi: list[int]) -> None:
        self.n = n
        self.ea, self.eb = ea, eb
        self.m = m = len(ea)
        self.lo = lo                    # lo[e] > 0: edge e carries a bridge (read, never written)
        self.hi = hi                    # hi[e] > 0: edge e is live (read, never written)
        self.nb: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for e in range(m):
            self.nb[ea[e]].append((e, eb[e]))
            self.nb[eb[e]].append((e, ea[e]))
        self.par = [-1] * n             # parent island in the tree (-1 at the root)
        self.pe = [-1] * n              # the tree edge to the parent
        self.dep = [0] * n
        self.intree = bytearray(m)
        self.sz = [1] * n               # islands in the subtree of each island
        self.tnb: list[list[tuple[int, int]]] = [[] for _ in range(n)]   # nb filtered to tree edges, same order
        self.cov = [0] * m              # tree edges: live non-tree edges going round them
        self.valid = False              # the tree is built: cov is exact
        self.dead = bytearray(m)        # tree edges that died with nothing live across them
        self.broken = 0                 # how many: the live graph is connected when none
        self.recheck = False            # an edge came back while broken: the dead tree edges may have a way across
        self.inside = bytearray(n)      # scratch marks for _swap
        self.pend = bytearray(m)        # edges dead but not counted yet (kill -> settle)
        self.pending: list[int] = []
        self.zero: list[int] = []       # tree edges whose cov reached 0 since the last look
        self.comp: list[int] = []       # after a failed refresh: component of each island

    # -- changes -------------------------------------------------------------
    def _path(self, e: int, d: int) -> None:
        """Add ``d`` to ``cov`` along the tree path between the ends of non-tree edge ``e``."""
        par, pe, dep, cov = self.par, self.pe, self.dep, self.cov
        u, v = self.ea[e], self.eb[e]
        du, dv = dep[u], dep[v]
        if d < 0:
            zero = self.zero
            while u != v:
                if du >= dv:
                    f = pe[u]
                    u = par[u]
                    du -= 1
                else:
                    f = pe[v]
                    v = par[v]
                    dv -= 1
                c = cov[f] - 1
                cov[f] = c
                if not c:
                    zero.append(f)
        else:
            while u != v:
                if du >= dv:
                    cov[pe[u]] += 1
                    u = par[u]
                    du -= 1
                else:
                    cov[pe[v]] += 1
                    v = par[v]
                    dv -= 1

    def kill(self, e: int) -> None:
        """Edge ``e`` can no longer carry a bridge (counted at the next :meth:`settle`,
        unless backtracking brings it back first: then it costs nothing)."""
        if self.valid:
            self.pend[e] = 1
            self.pending.append(e)

    def settle(self) -> None:
        """Count the deaths since the last call (of edges still dead): first every non-tree
        edge's, along its path, then swap out the tree edges (their swaps read ``cov`` of the
        live edges only)."""
        pend, intree, path = self.pend, self.intree, self._path
        pending = self.pending
        for e in pending:
            if pend[e] and not intree[e]:
                pend[e] = 0
                path(e, -1)
        for e in pending:
            if pend[e]:
                pend[e] = 0
                self._swap(e)
        pending.clear()
        if self.recheck:
            # Edges came back while the graph was broken: a dead tree edge that found nothing live
            # across its cut when it died may have something now (the edge that died with it, say,
            # has come back alone). Swap each again; those with still nothing across stay dead.
            self.recheck = False
            dead = self.dead
            for e in range(self.m):
                if dead[e] and self.broken:
                    dead[e] = 0
                    self.broken -= 1
                    self._swap(e)

    def _swap(self, e: int) -> None:
        # a dead tree edge: swap in a live non-tree edge across the cut it leaves, if there is one.
        # The smaller of the two sides moves (subtree sizes tell which; c's side on a tie)
        par, pe, dep, intree, nb, hi = self.par, self.pe, self.dep, self.intree, self.nb, self.hi
        if not self.cov[e]:
            # cov counts the live non-tree edges across (every death before this swap is counted):
            # none, so nothing to search for
            self.dead[e] = 1     # nothing live crosses: the live graph falls apart until e returns
            self.broken += 1
            return
        tnb, sz = self.tnb, self.sz
        c = self.ea[e] if pe[self.ea[e]] == e else self.eb[e]
        p = par[c]
        inside = self.inside
        if 2 * sz[c] <= self.n:
            side, mark = [c], 1
        else:
            side, mark = [p], 2
        s0 = side[0]
        inside[s0] = mark
        k = 0
        while k < len(side):
            for f, j in tnb[side[k]]:
                if not inside[j] and f != e:
                    inside[j] = mark
                    side.append(j)
            k += 1
        across = []
        best = best_x = best_j = -1
        lo = self.lo
        key = 1 << 30
        for i in side:
            for f, j in nb[i]:
                if hi[f] and inside[j] != mark and not intree[f]:
                    across.append(f)
                    # an edge with a bridge lasts (it cannot die before backtracking); then a shallow one
                    k = dep[j] - (1 << 20 if lo[f] else 0)
                    if k < key:
                        key, best, best_x, best_j = k, f, i, j
        if best < 0:
            for i in side:
                inside[i] = 0
            self.dead[e] = 1     # nothing live crosses: the live graph falls apart until e returns
            self.broken += 1
            return
        path = self._path
        for f in across:
            path(f, -1)
        s = len(side)
        if mark == 2:           # the islands above p held c's side too: sizes within the moving side
            u, d = p, self.n - s
            while u >= 0:
                sz[u] -= d
                u = par[u]
        # hang the side below best_j through best: re-root it at best_x (an island on the path
        # from best_x up holds the side but for the part below it, which it held before)
        x, prev, prev_e = best_x, best_j, best
        below = 0
        while True:
            nx, nxe = par[x], pe[x]
            par[x], pe[x] = prev, prev_e
            old = sz[x]
            sz[x] = s - below
            below = old
            if nxe == e or nx < 0:
                break
            prev, prev_e, x = x, nxe, nx
        if mark == 2:           # the root's side moved: c is the root now (depths differ as before)
            par[c] = pe[c] = -1
            v = best_j          # the islands from best_j up to c hold the side now
            while True:
                sz[v] += s
                if v == c:
                    break
                v = par[v]
        else:                   # p's line up loses the side, best_j's gains it, up to where they meet
            u, v = p, best_j
            du, dv = dep[u], dep[v]
            while u != v:
                if du >= dv:
                    sz[u] -= s
                    u = par[u]
                    du -= 1
                else:
                    sz[v] += s
                    v = par[v]
                    dv -= 1
        intree[e] = 0
        intree[best] = 1
        for i in (self.ea[e], self.eb[e], best_x, best_j):
            tnb[i] = [t for t in nb[i] if intree[t[0]]]
        self.cov[best] = 0
        dep[best_x] = dep[best_j] + 1
        stack = [best_x]
        while stack:
            i = stack.pop()
            inside[i] = 0
            di = dep[i] + 1
            for f, j in tnb[i]:
                if inside[j]:
                    dep[j] = di
                    stack.append(j)
        for f in across:
            if f != best:
                path(f, 1)
        if not self.cov[best]:
            self.zero.append(best)

    def revive(self, e: int) -> None:
        """Edge ``e``, dead, may carry a bridge again (backtracking)."""
        if self.valid:
            if self.pend[e]:
                self.pend[e] = 0
            elif self.dead[e]:
                self.dead[e] = 0
                self.broken -= 1
            else:
                self._path(e, 1)
                if self.broken:
                    self.recheck = True

    # -- the tree ------------------------------------------------------------
    def refresh(self) -> bool:
        """Build the tree unless it stands; False if the live graph is disconnected
        (then ``comp`` numbers its components)."""
        if self.valid:
            return True
        if not self.n:
            self.valid = True
            return True
        n, nb, lo, hi = self.n, self.nb, self.lo, self.hi
        par, pe, dep, intree, cov = self.par, self.pe, self.dep, self.intree, self.cov
        for e in range(self.m):
            intree[e] = 0
            cov[e] = 0
            self.dead[e] = 0
            self.pend[e] = 0
        self.pending.clear()
        self.broken = 0
        self.recheck = False
        seen = bytearray(n)
        order: list[int] = []
        # breadth-first from island 0; each island reached brings its group in below it
        # through the group's bridges, so the tree edges that can die join groups
        seen[0] = 1
        par[0] = pe[0] = -1
        dep[0] = 0
        order.append(0)
        head = 0
        flood = [0]
        while True:
            while flood:
                x = flood.pop()
                dx = dep[x] + 1
                for f, y in nb[x]:
                    if not seen[y] and lo[f]:
                        seen[y] = 1
                        par[y] = x
                        pe[y] = f
                        dep[y] = dx
                        intree[f] = 1
                        order.append(y)
                        flood.append(y)
            if head == len(order):
                break
            i = order[head]
            head += 1
            di = dep[i] + 1
            for e, j in nb[i]:
                if seen[j] or not hi[e]:
                    continue
                seen[j] = 1
                par[j] = i
                pe[j] = e
                dep[j] = di
                intree[e] = 1
                order.append(j)
                flood.append(j)
        tnb = self.tnb
        for i in range(n):
            tnb[i] = [t for t in nb[i] if intree[t[0]]]
        sz = self.sz
        sz[:] = [1] * n
        for i in reversed(order):
            if par[i] >= 0:
                sz[par[i]] += sz[i]
        if len(order) < n:
            self.comp = self.components()
            return False
        zero = self.zero
        zero.clear()
        for e in range(self.m):
            if not intree[e] and hi[e]:
                self._path(e, 1)
        for i in order[1:]:
            if not cov[pe[i]]:
                zero.append(pe[i])
        self.valid = True
        return True

    def components(self) -> list[int]:
        """The component of each island in the live graph, numbered from island 0 up."""
        comp = [-1] * self.n
        nb, hi = self.nb, self.hi
        k = 0
        for s in range(self.n):
            if comp[s] >= 0:
                continue
            comp[s] = k
            stack = [s]
            while stack:
                i = stack.pop()
                for e, j in nb[i]:
                    if comp[j] < 0 and hi[e]:
                        comp[j] = k
                        stack.append(j)
            k += 1
        return comp

    def parts(self) -> list[int]:
        """:meth:`components` when settled and broken, read from the tree: the live graph's
        components are the tree's pieces once its dead edges are taken out (a dead tree edge
        has nothing live going round it, ``cov`` 0, after every settle: its cut is the live
        graph's, and swaps elsewhere keep it so). The same numbering."""
        comp = [-1] * self.n
        tnb, dead = self.tnb, self.dead
        k = 0
        for s in range(self.n):
            if comp[s] >= 0:
                continue
            comp[s] = k
            stack = [s]
            while stack:
                for f, j in tnb[stack.pop()]:
                    if comp[j] < 0 and not dead[f]:
                        comp[j] = k
                        stack.append(j)
            k += 1
        return comp

    # -- reading -------------------------------------------------------------
    def cut_edges(self) -> list[int] | None:
        """Every cut edge of the live graph, or None if it is disconnected (for tests and checks)."""
        if not self.refresh():
            return None
        self.settle()
        if self.broken:
            return None
        return [f for f in self.pe if f >= 0 and not self.cov[f]]

    def side(self, e: int) -> list[int]:
        """The islands on the smaller side of cut edge ``e`` (settled, connected: the tree's sides;
        the child's side on a tie)."""
        pe, par, tnb, inside = self.pe, self.par, self.tnb, self.inside
        c = self.ea[e] if pe[self.ea[e]] == e else self.eb[e]
        s = c if 2 * self.sz[c] <= self.n else par[c]
        side = [s]
        inside[s] = 1
        k = 0
        while k < len(side):
            for f, j in tnb[side[k]]:
                if not inside[j] and f != e:
                    inside[j] = 1
                    side.append(j)
            k += 1
        for i in side:
            inside[i] = 0
        return side

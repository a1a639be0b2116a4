"""The incremental cut edges of the search (connect.Cover) against a from-scratch search.

Random graphs, some edges carrying a bridge when the tree is built, then random
sequences of deaths and of backtracking (edges come back in the reverse order of
their deaths, as on the search's trail). After every step the cut edges must be
networkx's bridges of the live graph (or None when it is disconnected), and every
edge that became a cut edge by a death must be among the ones reported. Deaths of
tree edges are settled at once or later, at random, as the search does at its checks.
"""

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from skye_widgets.hashi.connect import Cover


def _bridges(n, ea, eb, hi):
    g = nx.Graph()
    g.add_nodes_from(range(n))
    ids = {}
    for e in range(len(ea)):
        if hi[e]:
            g.add_edge(ea[e], eb[e])
            ids[frozenset((ea[e], eb[e]))] = e
    if not nx.is_connected(g):
        return None
    return {ids[frozenset(b)] for b in nx.bridges(g)}


@st.composite
def graphs(draw):
    """A connected simple graph: a random spanning tree plus extra edges (as many as a Hashi grid)."""
    n = draw(st.integers(2, 14))
    pairs = []
    for i in range(1, n):
        pairs.append((draw(st.integers(0, i - 1)), i))
    extra = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=2 * n))
    have = {frozenset(p) for p in pairs}
    for a, b in extra:
        if a != b and frozenset((a, b)) not in have:
            have.add(frozenset((a, b)))
            pairs.append((a, b))
    order = draw(st.permutations(range(len(pairs))))
    pairs = [pairs[k] for k in order]
    return n, [a for a, _ in pairs], [b for _, b in pairs]


@settings(max_examples=300, deadline=None)
@given(graphs(), st.data())
def test_cut_edges_follow_deaths_and_backtracking(graph, data):
    n, ea, eb = graph
    m = len(ea)
    lo = [0] * m
    hi = [1] * m
    # a few edges carry a bridge when the tree is built (it goes through them first); backtracking
    # may take the bridges away later, and then those edges can die too
    for e in data.draw(st.lists(st.integers(0, m - 1), max_size=3)):
        lo[e] = 1
    cover = Cover(n, ea, eb, lo, hi)
    assert cover.refresh()
    if data.draw(st.booleans()):
        lo[:] = [0] * m
    assert set(cover.cut_edges()) == _bridges(n, ea, eb, hi)
    dead = []                                   # the trail of deaths
    before = _bridges(n, ea, eb, hi)            # the cut edges when the search last looked
    cover.zero.clear()
    for _ in range(data.draw(st.integers(1, 30))):
        alive = [e for e in range(m) if hi[e] and not lo[e]]
        if alive and data.draw(st.booleans()):
            e = data.draw(st.sampled_from(alive))
            hi[e] = 0
            cover.kill(e)
            dead.append(e)
            if data.draw(st.booleans()):       # the search looks: every new cut edge is reported
                cover.settle()
                after = _bridges(n, ea, eb, hi)
                if after is not None and before is not None:
                    assert after - before <= {f for f in cover.zero if not cover.cov[f] and cover.intree[f]}
                before = after
                cover.zero.clear()
        elif dead:
            back = data.draw(st.integers(1, len(dead)))
            for _ in range(back):
                e = dead.pop()
                hi[e] = 1
                cover.revive(e)
            cover.zero.clear()
            before = _bridges(n, ea, eb, hi)
        if data.draw(st.booleans()):           # look now, or let deaths wait across backtracking
            _check(cover, n, m, ea, eb, hi)
    _check(cover, n, m, ea, eb, hi)


def _check(cover, n, m, ea, eb, hi):
    got = cover.cut_edges()
    want = _bridges(n, ea, eb, hi)
    assert (got is None) == (want is None)
    if want is not None:
        assert set(got) == want
        for f in want:              # the side a forced bridge's reason names: the smaller one
            side = set(cover.side(f))
            g = nx.Graph()
            g.add_nodes_from(range(n))
            g.add_edges_from((ea[x], eb[x]) for x in range(m) if hi[x] and x != f)
            assert side in [set(part) for part in nx.connected_components(g)]
            assert 2 * len(side) <= n
    assert bool(cover.broken) == (want is None)
    if cover.broken:                # settled: the components read from the tree are the live graph's
        assert cover.parts() == cover.components()
    # the tree: every island but one root hangs from a tree edge, depths one apart
    roots = [i for i in range(n) if cover.pe[i] < 0]
    assert len(roots) == 1
    for i in range(n):
        if cover.pe[i] >= 0:
            f = cover.pe[i]
            assert cover.intree[f] and {ea[f], eb[f]} == {i, cover.par[i]}
            assert cover.dep[i] == cover.dep[cover.par[i]] + 1
    assert sum(cover.intree) == n - 1
    # subtree sizes (they choose the smaller side of a cut): kept up to date through the swaps
    size = [0] * n
    for i in range(n):
        j = i
        while j >= 0:
            size[j] += 1
            j = cover.par[j]
    assert cover.sz == size


def test_grid_cut_edges_one_death_at_a_time():
    """A 4 x 4 grid loses its edges one by one, then gets them back: networkx agrees at every step."""
    n = 16
    ea, eb = [], []
    for y in range(4):
        for x in range(4):
            i = 4 * y + x
            if x < 3:
                ea.append(i), eb.append(i + 1)
            if y < 3:
                ea.append(i), eb.append(i + 4)
    m = len(ea)
    lo, hi = [0] * m, [1] * m
    cover = Cover(n, ea, eb, lo, hi)
    assert cover.refresh() and cover.cut_edges() == []
    order = [(7 * k) % m for k in range(m)]
    dead = []
    for e in order:
        hi[e] = 0
        cover.kill(e)
        dead.append(e)
        want = _bridges(n, ea, eb, hi)
        got = cover.cut_edges()
        assert (got is None and want is None) or set(got) == want
    while dead:
        e = dead.pop()
        hi[e] = 1
        cover.revive(e)
        want = _bridges(n, ea, eb, hi)
        got = cover.cut_edges()
        assert (got is None and want is None) or set(got) == want


def test_an_edge_back_alone_reconnects_a_cut_that_two_deaths_left():
    """Found by the property test above on a fresh machine: the tree edge 0-1 and the non-tree edge
    1-2 die before one settle, so the tree edge finds nothing live across and island 1 is cut off.
    Backtracking brings 1-2 back alone (it died last): island 1 hangs on it again, the graph is
    connected, and its cut edges are 1-2, 0-2, 0-3 and 0-4 (0-1 is still dead)."""
    n, ea, eb = 5, [1, 0, 0, 0, 0], [2, 1, 3, 4, 2]
    lo, hi = [0] * 5, [1] * 5
    cover = Cover(n, ea, eb, lo, hi)
    assert cover.refresh() and sorted(cover.cut_edges()) == [2, 3]
    hi[1] = 0
    cover.kill(1)
    hi[0] = 0
    cover.kill(0)
    assert cover.cut_edges() is None                 # island 1 is cut off
    hi[0] = 1
    cover.revive(0)
    assert sorted(cover.cut_edges()) == [0, 2, 3, 4] == sorted(_bridges(n, ea, eb, hi))
    hi[1] = 1
    cover.revive(1)
    assert sorted(cover.cut_edges()) == [2, 3] == sorted(_bridges(n, ea, eb, hi))

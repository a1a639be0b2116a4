"""Hypothesis properties over random legal territories built from the real catalogue.

Territories are grown by seeded random legal placements (random_territory), so
hypothesis only draws the seed, the size and the castle.
"""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from skye_widgets.skye.files import load_players, save_players
from skye_widgets.skye.graphs import areas, connected_cells
from skye_widgets.skye.scoring import final_scoring, income, score_all_tiles
from skye_widgets.skye.territory import IllegalPlacementError, Territory, random_territory
from skye_widgets.skye.tiles import CASTLE_COLOURS, SIDE_OFFSETS, catalogue

FAST = settings(max_examples=25, deadline=None)

territories = st.builds(
    lambda n, seed, colour: random_territory(n, seed, castle=f"castle-{colour}"),
    st.integers(1, 30), st.integers(0, 10**6), st.sampled_from(CASTLE_COLOURS))


def sides_of(t, cell, i):
    """Board directions of the sides of area ``i`` of the tile on ``cell``."""
    p = t.placements[cell]
    return [(s + p.rotation) % 4 for s in t.tile(p.tile).areas[i].sides]


@FAST
@given(territories)
def test_every_tile_area_and_side_in_exactly_one_area(t):
    seen = {}
    for k, a in enumerate(areas(t)):
        for cell, i in a.nodes:
            assert (cell, i) not in seen
            seen[(cell, i)] = k
            assert t.tile_at(cell).areas[i].terrain is a.terrain
    expected = {(c, i) for c in t.placements for i in range(len(t.tile_at(c).areas))}
    assert set(seen) == expected
    # each of the 4 sides of each tile lies in exactly one tile area
    for c in t.placements:
        tile = t.tile_at(c)
        for s in range(4):
            assert sum(s in a.sides for a in tile.areas) == 1


@FAST
@given(territories)
def test_completed_areas_have_no_open_side_and_open_ones_do(t):
    for a in areas(t):
        open_sides = [(c, d) for c, i in a.nodes for d in sides_of(t, c, i)
                      if (c[0] + SIDE_OFFSETS[d][0], c[1] + SIDE_OFFSETS[d][1]) not in t]
        assert a.completed == (not open_sides)
        assert sorted(open_sides) == sorted(a.open_sides)
        # joined areas really touch: every shared side between two nodes shows the same terrain
        for c, i in a.nodes:
            for d in sides_of(t, c, i):
                n = (c[0] + SIDE_OFFSETS[d][0], c[1] + SIDE_OFFSETS[d][1])
                if n in t:
                    assert t.faces(n)[(d + 2) % 4] is a.terrain


def everything(t, gold=7):
    per = score_all_tiles([t], [gold])[0]
    return ({n: r.points for n, r in per.items()}, final_scoring(t, gold).points,
            income(t, round_no=4, players_ahead=1).points, sorted((a.terrain, a.size, a.completed) for a in areas(t)),
            len(connected_cells(t)))


@FAST
@given(territories, st.integers(-20, 20), st.integers(-20, 20))
def test_translation_changes_no_score(t, dx, dy):
    u = t.translated(dx, dy)
    assert everything(u) == everything(t)
    # highlighted cells move with the territory
    for (n, r), (m, s) in zip(score_all_tiles([t], [0])[0].items(), score_all_tiles([u], [0])[0].items()):
        assert [[(x + dx, y + dy) for x, y in i.cells] for i in r.breakdown] == [list(i.cells) for i in s.breakdown]


@FAST
@given(territories, st.integers(0, 10**6))
def test_legal_placements_agree_with_check_and_rejections_change_nothing(t, seed):
    import random

    rng = random.Random(seed)
    free = [tid for tid, tl in catalogue().items() if not tl.is_castle and tid not in {p.tile for p in t}]
    tile = rng.choice(free)
    def state():
        return (t.to_dict(), list(t.placements.items()), dict(t._faces), sorted(t._ids),
                [(a.terrain, a.nodes) for a in areas(t)], connected_cells(t), t.legal_placements(tile))

    before = state()
    legal = set(before[-1])
    x0, y0, x1, y1 = t.bounds()
    # also tiles that can never be placed: one already in it, a castle, an unknown one
    never = [p.tile for p in t][-1:] + ["castle-green", "0"]
    for _ in range(40):
        x, y, r = rng.randint(x0 - 2, x1 + 2), rng.randint(y0 - 2, y1 + 2), rng.randrange(-1, 5)
        which = tile if rng.random() < 0.8 else rng.choice(never)
        try:
            t.check(which, x, y, r)
            ok = True
        except IllegalPlacementError as e:
            assert type(e) is not IllegalPlacementError      # always a specific subclass
            ok = False
        assert ok == (which == tile and (x, y, r) in legal)
        if not ok:
            try:
                t.place(which, x, y, r)
                raise AssertionError("place accepted what check refused")
            except IllegalPlacementError:
                pass
    assert state() == before
    # place + pop is also a no-op
    if legal:
        t.place(tile, *sorted(legal)[0])
        t.pop()
        assert state() == before


@settings(max_examples=10, deadline=None)
@given(territories, territories, st.integers(0, 100), st.integers(0, 100))
def test_save_load_round_trips(tmp_path_factory, a, b, gold_a, gold_b):
    a.name, a.gold = "A", gold_a
    # give B only tiles A does not use, by rebuilding it from the unused pool
    used = {p.tile for p in a}
    pool = [tid for tid, tl in catalogue().items() if not tl.is_castle and tid not in used]
    colour = next(c for c in CASTLE_COLOURS if f"castle-{c}" != a.castle.tile)
    b = random_territory(len(b), seed=len(b), castle=f"castle-{colour}", pool=pool)
    b.name, b.gold = "B", gold_b
    path = tmp_path_factory.mktemp("rt") / "t.json"
    save_players(path, [a, b])
    back = load_players(path)
    assert back == [a, b] and [(t.name, t.gold) for t in back] == [("A", gold_a), ("B", gold_b)]
    assert json.loads(path.read_text()) == {"format": "skye-widgets/isle-of-skye-territory", "version": 2,
                                            "players": [a.to_dict(), b.to_dict()]}
    assert Territory.from_dict(a.to_dict()) == a


@FAST
@given(territories)
def test_fast_components_equal_networkx_components(t):
    import networkx as nx

    from skye_widgets.skye.graphs import area_graph, road_graph

    assert sorted(sorted(c) for c in nx.connected_components(area_graph(t))) == \
        sorted(sorted(a.nodes) for a in areas(t))
    g = road_graph(t)
    reached = set().union(*(nx.node_connected_component(g, n) for n in g.graph["castle"])) if g.graph["castle"] else set()
    assert connected_cells(t) == {c for c, _ in reached} | {t.castle.cell}


@FAST
@given(territories, st.integers(0, 60))
def test_breakdowns_add_up_and_highlight_real_tiles(t, gold):
    results = list(score_all_tiles([t], [gold])[0].values())
    results += [final_scoring(t, gold), income(t, round_no=6, players_ahead=2)]
    for r in results:
        assert r.points == sum(i.points for i in r.breakdown) >= 0
        for item in r.breakdown:
            assert item.reason and all(c in t for c in item.cells)
    # cross-rule consistency: completed mountain areas (16) are completed areas (2)
    per = score_all_tiles([t], [gold])[0]
    assert per[16].points // 2 <= per[2].points and per[4].points // 3 <= per[2].points

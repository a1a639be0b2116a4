"""Area and road graphs on hand-built territories (expected values worked out by hand).

Castle-blue (printed, rotation 0): N pasture, E water, S pasture, W mountain;
pasture N+S is one area through the centre; roads N, S, W are one network.
"""

from skye_widgets.skye.graphs import area_at, area_graph, areas, connected_cells, road_graph, road_links
from skye_widgets.skye.territory import Territory
from skye_widgets.skye.tiles import Terrain, tile_from_dict


def mk(tid, sides, areas=None, roads=()):
    if areas is None:
        areas = [{"terrain": t, "sides": "NESW"[i]} for i, t in enumerate(sides)]
    return tile_from_dict({"id": tid, "sides": sides, "areas": areas, "roads": list(roads)})


LAKE = mk("lake", "WWWW", [{"terrain": "W", "sides": "NESW"}])
# water all round with a mountain island holding a broch (an enclosed inner area)
ISLE = mk("isle", "WWWW", [{"terrain": "W", "sides": "NESW"},
                           {"terrain": "M", "sides": "", "icons": {"broch": 1}}])
# pasture N, E, S joined; water only on the W side (with 2 ships)
BAY = mk("bay", "PPPW", [{"terrain": "P", "sides": "NES"}, {"terrain": "W", "sides": "W", "icons": {"ships": 2}}])
PASS = mk("pass", "MMMM", [{"terrain": "M", "sides": "NESW"}], roads=["EW"])
# two separate road networks: N alone and S alone (pasture N/S, water E/W)
SPLIT = mk("split", "PWPW", [{"terrain": "P", "sides": "N"}, {"terrain": "W", "sides": "E"},
                              {"terrain": "P", "sides": "S"}, {"terrain": "W", "sides": "W"}], roads=["N", "S"])
MEADOW = mk("meadow", "PPPP", [{"terrain": "P", "sides": "NESW"}], roads=["N"])


def by_terrain(t, terrain):
    return [a for a in areas(t) if a.terrain is terrain]


def test_castle_alone_has_three_open_areas():
    t = Territory()
    got = [(a.terrain, a.size, a.completed, len(a.open_sides)) for a in areas(t)]
    # pasture touches N and S (2 open sides), water E, mountain W
    assert got == [(Terrain.PASTURE, 1, False, 2), (Terrain.WATER, 1, False, 1), (Terrain.MOUNTAIN, 1, False, 1)]


def test_water_joins_across_shared_side():
    t = Territory()
    t.place(LAKE, 1, 0, 0)
    (water,) = by_terrain(t, Terrain.WATER)
    # castle's E water + the lake; open: lake N, E, S
    assert water.cells == {(0, 0), (1, 0)} and not water.completed
    assert sorted(water.open_sides) == [((1, 0), 0), ((1, 0), 1), ((1, 0), 2)]
    assert len(areas(t)) == 3


def test_completed_two_tile_water_area():
    t = Territory()
    t.place(BAY, 1, 0, 0)   # bay's W water faces the castle's E water
    waters = by_terrain(t, Terrain.WATER)
    assert len(waters) == 1
    w = waters[0]
    assert w.completed and w.size == 2 and w.icons.ships == 2
    assert w.describe() == "completed water area of 2 tiles"
    # the bay's pasture is a separate, open area (roads/areas never mix)
    assert len(by_terrain(t, Terrain.PASTURE)) == 2


def test_enclosed_inner_area_is_completed_one_tile_area():
    t = Territory()
    t.place(ISLE, 1, 0, 0)
    mountains = by_terrain(t, Terrain.MOUNTAIN)
    inner = [a for a in mountains if a.cells == {(1, 0)}]
    assert len(inner) == 1 and inner[0].completed and inner[0].size == 1 and inner[0].icons.broch == 1
    assert not any(a.completed for a in mountains if a.cells == {(0, 0)})


def test_every_side_in_exactly_one_area_and_graph_shape():
    t = Territory()
    t.place(LAKE, 1, 0, 0)
    t.place(PASS, -1, 0, 0)
    g = area_graph(t)
    # nodes: castle 3 + lake 1 + pass 1; edges: castle-water/lake, castle-mountain/pass
    assert g.number_of_nodes() == 5 and g.number_of_edges() == 2
    seen = {}
    for a in areas(t):
        for cell, i in a.nodes:
            assert (cell, i) not in seen
            seen[(cell, i)] = a
    assert len(seen) == 5


def test_area_at_finds_by_direction_with_rotation():
    t = Territory()
    t.place(BAY, 1, 0, 0)
    assert area_at(t, (0, 0), 1).terrain is Terrain.WATER       # castle's E side
    assert area_at(t, (1, 0), 3).completed                       # bay's W side (r0)
    t2 = Territory()
    t2.place(BAY, 0, 1, 2)   # r2: printed S (pasture) faces N; printed W (water) faces (3+2)%4 = E
    assert area_at(t2, (0, 1), 1).terrain is Terrain.WATER
    assert area_at(t2, (0, 1), 3).terrain is Terrain.PASTURE
    # the bay's pasture joins the castle's N+S pasture through the shared side
    assert area_at(t2, (0, 1), 0).cells == {(0, 0), (0, 1)}
    assert area_at(t2, (0, 0), 0) == area_at(t2, (0, 1), 2)


def test_road_connectivity_through_networks():
    t = Territory()
    t.place(PASS, -1, 0, 0)     # road E-W meets the castle's W exit
    t.place(mk("pass2", "MMMM", [{"terrain": "M", "sides": "NESW"}], roads=["E"]), -2, 0, 0)
    t.place(SPLIT, 0, 1, 0)     # its N exit meets the castle's S exit; S network is separate
    t.place(MEADOW, 0, 2, 0)    # its N exit meets SPLIT's S network: not connected to the castle
    assert connected_cells(t) == {(0, 0), (-1, 0), (-2, 0), (0, 1)}
    assert (0, 2) not in connected_cells(t)
    assert road_links(t) == [((-2, 0), (-1, 0)), ((-1, 0), (0, 0)), ((0, 0), (0, 1)), ((0, 1), (0, 2))]
    g = road_graph(t)
    assert g.number_of_nodes() == 1 + 1 + 1 + 2 + 1


def test_roads_need_matching_exits_on_both_sides():
    t = Territory()
    t.place(mk("noroad", "MMMM", [{"terrain": "M", "sides": "NESW"}]), -1, 0, 0)
    t.place(mk("far", "MMMM", [{"terrain": "M", "sides": "NESW"}], roads=["E"]), -2, 0, 0)
    # the castle's W exit faces a tile without roads; "far" is not linked
    assert connected_cells(t) == {(0, 0)}
    t.pop()
    t.pop()
    # a road exit facing a side without road: not linked either
    t.place(mk("dead", "MMMM", [{"terrain": "M", "sides": "NESW"}], roads=["N"]), -1, 0, 0)
    assert connected_cells(t) == {(0, 0)}
    # the same tile turned so its road exit (printed N) faces E -> rotation 1
    t.pop()
    t.place(mk("dead2", "MMMM", [{"terrain": "M", "sides": "NESW"}], roads=["N"]), -1, 0, 1)
    assert connected_cells(t) == {(0, 0), (-1, 0)}


def test_cache_is_invalidated_on_place_and_pop():
    t = Territory()
    assert len(areas(t)) == 3
    t.place(ISLE, 1, 0, 0)
    assert len(areas(t)) == 4
    t.pop()
    assert len(areas(t)) == 3


def test_connected_networks_name_the_network_of_a_split_tile():
    from skye_widgets.skye.graphs import connected_networks

    t = Territory()
    t.place(SPLIT, 0, 1, 0)     # network 0 (N) meets the castle's S exit; network 1 (S) does not
    assert connected_networks(t) == {((0, 0), 0), ((0, 1), 0)}

"""The Isle of Skye tile catalogue (skye_widgets/skye/data/tiles.json).

Totals are the ones both public transcriptions agree on (see
docs/tile-catalogue.md); spot checks are written by hand from the decisions
documented there, not read back from the data file.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skye_widgets.skye.tiles import (
    CASTLE_COLOURS,
    Icons,
    Scroll,
    Terrain,
    Tile,
    castles,
    catalogue,
    landscape_tiles,
    rotate_side,
    tile,
    tile_faults,
    tile_from_dict,
    tile_to_dict,
    unrotate_side,
)

N, E, S, W = 0, 1, 2, 3
P, M, WA = Terrain.PASTURE, Terrain.MOUNTAIN, Terrain.WATER


def sides(text: str) -> frozenset[int]:
    return frozenset("NESW".index(c) for c in text)


def area_by_sides(t: Tile, text: str):
    """The area of ``t`` whose side set is exactly ``text`` (e.g. "EW"; "" = enclosed)."""
    matches = [a for a in t.areas if a.sides == sides(text)]
    assert len(matches) == 1, (t.id, text, t.areas)
    return matches[0]


def total_icons(tiles) -> Icons:
    total = Icons()
    for t in tiles:
        for a in t.areas:
            total = total + Icons(sheep=a.icons.sheep, cattle=a.icons.cattle,
                                  ships=a.icons.ships, whisky=a.icons.whisky,
                                  broch=a.icons.broch, farm=a.icons.farm,
                                  lighthouse=a.icons.lighthouse)
    return total


# --------------------------------------------------------------------------
# Ids and totals
# --------------------------------------------------------------------------

def test_ids_castles_first_then_1_to_73():
    expected = [f"castle-{c}" for c in ("red", "blue", "yellow", "white", "green")]
    expected += [str(n) for n in range(1, 74)]
    assert list(catalogue()) == expected
    assert [t.number for t in landscape_tiles()] == list(range(1, 74))
    assert all(t.is_castle and t.number is None for t in castles())
    assert len(castles()) == 5 and len(landscape_tiles()) == 73


def test_side_terrain_totals():
    # Both transcriptions: 292 = 73 x 4 sides, P 107 / W 96 / M 89.
    counts = Counter(s for t in landscape_tiles() for s in t.sides)
    assert counts == {P: 107, WA: 96, M: 89}


def test_building_and_animal_totals_agreed_by_both_sources():
    total = total_icons(landscape_tiles())
    assert total.broch == 14
    assert total.cattle == 15
    assert total.farm == 15
    assert total.lighthouse == 15


def test_whisky_tiles_and_road_tiles():
    tiles = landscape_tiles()
    assert sum(1 for t in tiles if t.icons.whisky) == 27
    assert all(t.icons.whisky == 1 for t in tiles if t.icons.whisky)
    assert sum(1 for t in tiles if t.roads) == 56


def test_two_scrolls_of_each_type():
    scrolls = Counter(t.icons.scroll for t in landscape_tiles() if t.icons.scroll)
    assert scrolls == {s: 2 for s in Scroll}


def test_sheep_and_ship_totals_follow_the_chosen_counts():
    # Not agreed by the sources (B: 25 sheep, 27 ships). We keep A's counts on #16
    # (3 sheep, B 2), #47 and #48 (1 sheep each, B none), #58 (2 ships, B 1).
    # Sheep by hand, tile: count -- 1:1 4:1 16:3 17:1 19:2 21:1 22:1 25:1 27:3 29:1
    # 32:1 33:2 38:1 40:1 46:1 47:1 48:1 57:1 58:1 59:1 73:2 = 28 (= 25 + 1 + 1 + 1).
    # Ships: 52:1 53:2 54:1 55:2 56:1 57:1 58:2 59:1 60:2 61:1 62:1 63:1 64:1 65:1
    # 66:2 67:2 68:1 69:1 70:1 71:1 72:1 73:1 = 28 (= 27 + 1).
    sheep = {t.number: t.icons.sheep for t in landscape_tiles() if t.icons.sheep}
    assert sheep == {1: 1, 4: 1, 16: 3, 17: 1, 19: 2, 21: 1, 22: 1, 25: 1, 27: 3, 29: 1,
                     32: 1, 33: 2, 38: 1, 40: 1, 46: 1, 47: 1, 48: 1, 57: 1, 58: 1,
                     59: 1, 73: 2}
    total = total_icons(landscape_tiles())
    assert total.sheep == 28
    assert total.ships == 28


# --------------------------------------------------------------------------
# Structure of every tile
# --------------------------------------------------------------------------

@pytest.mark.parametrize("t", list(catalogue().values()), ids=lambda t: t.id)
def test_every_side_in_exactly_one_area_of_its_terrain(t: Tile):
    for side in range(4):
        holders = [a for a in t.areas if side in a.sides]
        assert len(holders) == 1, (t.id, side)
        assert holders[0].terrain == t.sides[side]
    assert tile_faults(t) == []


@pytest.mark.parametrize("t", list(catalogue().values()), ids=lambda t: t.id)
def test_road_exits_are_sides_and_networks_disjoint(t: Tile):
    seen: set[int] = set()
    for net in t.roads:
        assert net and net <= {N, E, S, W}
        assert not (net & seen)
        seen |= net
    assert t.road_exits == seen


@pytest.mark.parametrize("t", list(catalogue().values()), ids=lambda t: t.id)
def test_neighbouring_sides_of_one_terrain_are_one_area(t: Tile):
    for side in range(4):
        nxt = (side + 1) % 4
        if t.sides[side] == t.sides[nxt]:
            assert t.area_of_side(side) == t.area_of_side(nxt)


def test_icons_sit_in_plausible_terrain():
    where = {"ships": WA, "lighthouse": WA, "broch": M, "sheep": P, "cattle": P, "farm": P}
    for t in landscape_tiles():
        for a in t.areas:
            for kind, terrain in where.items():
                if getattr(a.icons, kind):
                    assert a.terrain == terrain, (t.id, kind, a)


def test_enclosed_areas_touch_no_side():
    enclosed = [(t.id, a.terrain) for t in landscape_tiles() for a in t.areas if a.enclosed]
    # A's "internal" list: 7 M, 9 W, 11 M, 15 P, 35 W, 40 P, 42 P, 45 M, 57 W, 64 W,
    # 65 M, 68 W, 73 P -> 13 enclosed areas.
    assert enclosed == [("7", M), ("9", WA), ("11", M), ("15", P), ("35", WA), ("40", P),
                        ("42", P), ("45", M), ("57", WA), ("64", WA), ("65", M),
                        ("68", WA), ("73", P)]


def test_every_whisky_tile_has_a_road_and_dead_ends_lead_to_whisky():
    # The design pattern used to settle #2, #39, #52, #61 (see the doc): whisky
    # pays only when connected by road, so every whisky tile has one; a road with a
    # single exit always ends at a whisky.
    for t in landscape_tiles():
        if t.icons.whisky:
            assert t.roads, t.id
        if len(t.road_exits) == 1:
            assert t.icons.whisky, t.id
    dead_ends = sorted(t.number for t in landscape_tiles() if len(t.road_exits) == 1)
    assert dead_ends == [3, 7, 14, 42, 53, 62]


def test_round_trip_through_dict():
    for t in catalogue().values():
        assert tile_from_dict(tile_to_dict(t)) == t


# --------------------------------------------------------------------------
# Castles (issue 2: red, blue, yellow N P+road, E W, S P+road, W M+road;
# white and green the mirror image)
# --------------------------------------------------------------------------

@pytest.mark.parametrize("colour", ["red", "blue", "yellow"])
def test_castle_red_blue_yellow(colour):
    t = tile(f"castle-{colour}")
    assert t.sides == (P, WA, P, M)
    assert area_by_sides(t, "NS").terrain == P
    assert area_by_sides(t, "E").terrain == WA
    assert area_by_sides(t, "W").terrain == M
    assert len(t.areas) == 3
    assert t.roads == (sides("NSW"),)
    assert t.icons == Icons()


@pytest.mark.parametrize("colour", ["white", "green"])
def test_castle_white_green_mirror_image(colour):
    t = tile(f"castle-{colour}")
    assert t.sides == (P, M, P, WA)
    assert area_by_sides(t, "NS").terrain == P
    assert area_by_sides(t, "E").terrain == M
    assert area_by_sides(t, "W").terrain == WA
    assert t.roads == (sides("NES"),)
    # Mirror E <-> W of the blue castle.
    blue = tile("castle-blue")
    assert t.sides == (blue.sides[N], blue.sides[W], blue.sides[S], blue.sides[E])


def test_castle_colours():
    assert CASTLE_COLOURS == ("red", "blue", "yellow", "white", "green")


# --------------------------------------------------------------------------
# Rotation, checked by hand
# --------------------------------------------------------------------------

def test_rotation_of_tile_2():
    t = tile(2)  # printed N P, E M, S W, W M
    # One quarter turn clockwise: printed W (M) faces N, N (P) faces E, E (M) faces S,
    # S (W) faces W.
    assert t.rotated_sides(1) == (M, P, M, WA)
    assert t.rotated_sides(2) == (WA, M, P, M)
    assert t.rotated_sides(3) == (M, WA, M, P)
    assert t.rotated_sides(4) == t.sides
    # Its road N-E: after one turn the exits face E and S.
    assert {rotate_side(s, 1) for s in t.roads[0]} == sides("ES")


def test_rotation_of_tile_14_and_its_dead_end_road():
    t = tile(14)  # P W W W, road exit N only
    assert t.rotated_sides(2) == (WA, WA, P, WA)
    assert rotate_side(N, 2) == S
    assert unrotate_side(S, 2) == N  # the side facing S after a half turn is printed N


def test_rotation_of_split_roads_on_33():
    t = tile(33)  # M P P P; networks N-W and E-S
    turned = {frozenset(rotate_side(s, 3) for s in net) for net in t.roads}
    # Three quarter turns = one anticlockwise: N->W, W->S, E->N, S->E.
    assert turned == {sides("SW"), sides("NE")}
    assert t.rotated_sides(3) == (P, P, P, M)  # the mountain (printed N) now faces W


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(catalogue())), st.integers(min_value=-8, max_value=8))
def test_rotation_properties(tile_id, r):
    t = tile(tile_id)
    turned = t.rotated_sides(r)
    for side in range(4):
        assert turned[rotate_side(side, r)] == t.sides[side]
        assert unrotate_side(rotate_side(side, r), r) == side
    assert Counter(turned) == Counter(t.sides)
    assert t.rotated_sides(r + 4) == turned


# --------------------------------------------------------------------------
# Spot checks of individual tiles (the decisions in docs/tile-catalogue.md)
# --------------------------------------------------------------------------

def test_tile_1_simple():
    t = tile(1)  # PPMM, road E-S, sheep in the pasture, broch in the mountain
    assert area_by_sides(t, "NE").icons == Icons(sheep=1)
    assert area_by_sides(t, "SW").icons == Icons(broch=1)
    assert t.roads == (sides("ES"),)
    assert not t.bridge


def test_tile_2_road_continues_to_east():
    t = tile(2)  # B's N+E chosen over A's dead end N
    assert t.roads == (sides("NE"),)
    mountain = area_by_sides(t, "EW")  # A's join: the mountain crosses the tile
    assert mountain.icons == Icons(broch=1, scroll=Scroll.PER_2_WHISKY)


def test_tile_12_pasture_joined_north_south():
    t = tile(12)
    assert area_by_sides(t, "NS").icons == Icons(farm=1, whisky=1)
    assert area_by_sides(t, "E") != area_by_sides(t, "W")


def test_tile_16_three_sheep():
    assert area_by_sides(tile(16), "E").icons == Icons(sheep=3)
    assert tile(16).roads == ()


def test_tile_18_crossroads():
    t = tile(18)
    assert t.roads == (sides("NESW"),)
    assert area_by_sides(t, "N").icons == Icons(farm=1, whisky=1)
    assert area_by_sides(t, "ESW").terrain == M


def test_tile_20_mountain_crosses_the_tile():
    t = tile(20)  # B's topology: E-W mountain through the centre, pastures apart
    assert area_by_sides(t, "EW").icons == Icons(broch=1, whisky=1)
    assert area_by_sides(t, "N").terrain == P
    assert area_by_sides(t, "S").terrain == P
    assert len(t.areas) == 3


@pytest.mark.parametrize("number", [33, 36])
def test_tiles_33_36_two_separate_roads(number):
    t = tile(number)
    assert set(t.roads) == {sides("NW"), sides("ES")}


@pytest.mark.parametrize("number", [39, 52, 61])
def test_bridge_tiles_with_two_exits(number):
    t = tile(number)
    assert t.bridge
    assert t.roads == (sides("ES"),)


def test_tile_39_lighthouse_on_the_water():
    assert area_by_sides(tile(39), "N").icons == Icons(lighthouse=1)


def test_tiles_47_48_lighthouse_tiles_with_a_sheep():
    t47, t48 = tile(47), tile(48)
    assert area_by_sides(t47, "NW").icons == Icons(sheep=1)
    assert area_by_sides(t47, "ES").icons == Icons(lighthouse=1, scroll=Scroll.PER_2_SHIPS)
    assert area_by_sides(t48, "SW").icons == Icons(sheep=1)
    assert area_by_sides(t48, "NE").icons == Icons(lighthouse=1)


def test_tile_51_four_separate_areas():
    t = tile(51)  # PWPM: no join (B's centre is mountain)
    assert len(t.areas) == 4
    assert area_by_sides(t, "W").icons == Icons(broch=1, whisky=1)
    assert area_by_sides(t, "E").icons == Icons(lighthouse=1)
    assert t.roads == (sides("NSW"),)


def test_tile_58_two_ships():
    t = tile(58)
    assert area_by_sides(t, "E").icons == Icons(ships=2)
    assert area_by_sides(t, "S").icons == Icons(sheep=1)
    assert t.bridge and t.roads == (sides("NW"),)


def test_tile_68_bridge_over_the_lake():
    t = tile(68)
    assert t.roads == (sides("NSW"),)
    assert area_by_sides(t, "").terrain == WA
    assert area_by_sides(t, "").icons == Icons(ships=1)
    assert len(t.areas) == 5  # N, E, S, W and the lake


def test_tile_71_water_splits_the_pastures():
    t = tile(71)  # PMPW, bridge N-S: the pastures are not joined
    assert len(t.areas) == 4
    assert area_by_sides(t, "N") != area_by_sides(t, "S")
    assert area_by_sides(t, "W").icons == Icons(ships=1)
    assert t.bridge and t.roads == (sides("NS"),)


def test_tile_7_enclosed_mountain_with_broch_and_whisky():
    t = tile(7)  # WWWP: the three water sides are one area, an island inside
    assert area_by_sides(t, "NES").terrain == WA
    assert area_by_sides(t, "").icons == Icons(broch=1, whisky=1)
    assert area_by_sides(t, "").terrain == M
    assert t.roads == (sides("W"),)


def test_unknown_tile():
    with pytest.raises(KeyError, match="74"):
        tile(74)


def test_tile_faults_finds_each_kind_of_inconsistency():
    from skye_widgets.skye.tiles import Area

    good = tile(33)
    assert tile_faults(good) == []
    # Side N claimed by two areas.
    twice = Tile("x", good.sides, good.areas + (Area(M, sides("N")),), good.roads)
    assert tile_faults(twice) == ["side N is in 2 areas"]
    # An area of the wrong terrain for its side.
    wrong = Tile("x", good.sides, (Area(P, sides("N")), good.areas[1]), good.roads)
    assert tile_faults(wrong) == ["side N is mountain but its area is pasture"]
    # Neighbouring pasture sides E and S split into two areas.
    split = Tile("x", good.sides, (good.areas[0], Area(P, sides("E")), Area(P, sides("SW"))))
    assert tile_faults(split) == ["sides E and S are both pasture but in different areas"]
    # A road exit in two networks.
    roads = Tile("x", good.sides, good.areas, (sides("NW"), sides("WS")))
    assert tile_faults(roads) == ["a road exit belongs to two networks"]

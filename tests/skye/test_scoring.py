"""Every scoring rule on hand-built territories; expected values computed by hand (see comments).

Castle-blue (printed, rotation 0): N pasture, E water, S pasture, W mountain;
pasture N+S one area through the centre; roads N, S, W are one network.
Most test tiles are plain squares of one terrain so they fit next to each other.
"""

import pytest

from skye_widgets.skye.scoring import (
    CATCH_UP, ROUND_TRACK, SCORING_TILES, BreakdownItem, ScoreResult, final_scoring, gold_points, income,
    majority_points, n_rounds, score_all_tiles, score_tile, scroll_points, tile_label, winners,
)
from skye_widgets.skye.territory import Territory
from skye_widgets.skye.tiles import tile_from_dict

_count = [0]


def mk(sides, areas=None, roads=(), **icons):
    """A hand-built tile with a fresh id. Default: all sides one area holding ``icons``."""
    _count[0] += 1
    if areas is None:
        assert len(set(sides)) == 1
        areas = [{"terrain": sides[0], "sides": "NESW", "icons": icons}]
    return tile_from_dict({"id": f"h{_count[0]}", "sides": sides, "areas": areas, "roads": list(roads)})


def P(**icons):           # all pasture
    return mk("PPPP", **icons)


def inner(outer, terrain, roads=(), **icons):
    """An all-``outer`` tile with an enclosed ``terrain`` area holding ``icons``."""
    return mk(outer * 4, [{"terrain": outer, "sides": "NESW"}, {"terrain": terrain, "sides": "", "icons": icons}],
              roads=roads)


def build(*placements, castle="castle-blue"):
    t = Territory(castle)
    for tile, x, y, r in placements:
        t.place(tile, x, y, r)
    return t


def pts(number, t, gold=0):
    return score_tile(number, [t], [gold])[0].points


def check_breakdown(res):
    assert res.points == sum(i.points for i in res.breakdown)
    for i in res.breakdown:
        assert i.points > 0 and i.reason


# 3-tile completed water area containing the castle:
# castle E water; CORNER at (1,0): N P, E P, S W, W W with water S+W joined;
# CAP at (1,1): N W, others pasture. Every water side faces a tile -> completed, 3 tiles.
def corner():
    return mk("PPWW", [{"terrain": "P", "sides": "NE"}, {"terrain": "W", "sides": "SW"}])


def cap(**icons):
    return mk("WPPP", [{"terrain": "W", "sides": "N", "icons": icons}, {"terrain": "P", "sides": "ESW"}])


def hill(**icons):        # mountain only on E; fits W of the castle, completing the mountain area
    return mk("PMPP", [{"terrain": "P", "sides": "NSW"}, {"terrain": "M", "sides": "E", "icons": icons}])


# ---------------------------------------------------------------- the catalogue

def test_sixteen_scoring_tiles_numbered_in_rulebook_order():
    assert sorted(SCORING_TILES) == list(range(1, 17))
    # the order of the printed list in all three rulebooks (pt, fr, pl): ... 8 ships majority,
    # 9 animals at farms, 10 gold majority, 11 cattle on road, 12 harbours, 13 tiles on road,
    # 14 vertical lines, 15 largest completed water, 16 completed mountains
    assert [SCORING_TILES[n].name for n in (1, 7, 9, 10, 13, 14, 16)] == [
        "Squares", "Whisky majority", "Animals at farms", "Gold majority", "Tiles on the road",
        "Vertical lines", "Completed mountain areas"]
    assert [n for n, s in SCORING_TILES.items() if s.is_majority] == [7, 8, 10]
    with pytest.raises(ValueError):
        score_tile(17, [Territory()], [0])


def test_tile_label_shows_number_and_name():
    assert [tile_label(n) for n in (9, 10, 13, 14)] == [
        "9 (Animals at farms)", "10 (Gold majority)", "13 (Tiles on the road)", "14 (Vertical lines)"]
    assert SCORING_TILES[10].label == "10 (Gold majority)"
    with pytest.raises(ValueError):
        tile_label(0)


def test_every_tile_scores_zero_on_a_bare_castle():
    # a castle alone: no square, no completed area, no icons, no road tiles, a run of 1
    res = score_all_tiles([Territory()], [0])[0]
    assert {n: r.points for n, r in res.items()} == dict.fromkeys(range(1, 17), 0)
    assert all(r.breakdown == () for r in res.values())


# ---------------------------------------------------------------- 1 squares

def test_1_squares_count_the_castle_and_overlap():
    # 2 columns x 3 rows: (0..1, 0..2) -> squares with top-left (0,0) and (0,1) = 2 x 2 VP
    t = build((mk("WWWW"), 1, 0, 0), (P(), 0, 1, 0), (cap(), 1, 1, 0), (P(), 0, 2, 0), (P(), 1, 2, 0))
    res = score_tile(1, [t], [0])[0]
    assert res.points == 4 and len(res.breakdown) == 2
    assert set(res.breakdown[0].cells) == {(0, 0), (1, 0), (0, 1), (1, 1)}
    check_breakdown(res)
    # an L of 3 tiles is no square
    assert pts(1, build((mk("WWWW"), 1, 0, 0), (P(), 0, 1, 0))) == 0


# ---------------------------------------------------------------- 2, 4, 15, 16: completed areas

def test_2_completed_areas_any_terrain_including_enclosed():
    # completed: water (castle, corner, cap) + the enclosed water pond at (0,1) = 2.
    # open: castle pasture (N side), corner pasture, cap pasture, pond pasture, castle mountain.
    t = build((corner(), 1, 0, 0), (cap(), 1, 1, 0), (inner("P", "W"), 0, 1, 0))
    res = score_tile(2, [t], [0])[0]
    assert res.points == 2
    assert sorted(len(i.cells) for i in res.breakdown) == [1, 3]
    check_breakdown(res)


def test_4_completed_areas_of_at_least_3_tiles_castle_counts():
    t = build((corner(), 1, 0, 0), (cap(), 1, 1, 0), (inner("P", "W"), 0, 1, 0))
    # only the 3-tile water area (castle + corner + cap) qualifies: 3 VP
    res = score_tile(4, [t], [0])[0]
    assert res.points == 3 and set(res.breakdown[0].cells) == {(0, 0), (1, 0), (1, 1)}
    # a completed 2-tile area does not: castle E water + a tile with water only on W
    bay = mk("PPPW", [{"terrain": "P", "sides": "NES"}, {"terrain": "W", "sides": "W"}])
    assert pts(4, build((bay, 1, 0, 0))) == 0
    assert pts(2, build((bay, 1, 0, 0))) == 1


def test_15_largest_completed_water_area_in_tiles():
    t = build((corner(), 1, 0, 0), (cap(), 1, 1, 0), (inner("P", "W"), 0, 1, 0))
    # completed water areas: 3 tiles and 1 tile -> largest 3 tiles x 2 = 6
    res = score_tile(15, [t], [0])[0]
    assert res.points == 6 and len(res.breakdown) == 1
    # no completed water area: 0 (the castle's water is open)
    assert pts(15, build((P(), 0, 1, 0))) == 0
    # an open big water area does not count, even when larger
    assert pts(15, build((mk("WWWW"), 1, 0, 0), (mk("WWWW"), 2, 0, 0))) == 0


def test_16_completed_mountain_areas():
    # castle W mountain + hill's E mountain at (-1,0): completed (2 tiles) -> 2
    # enclosed mountain in a pasture tile at (0,1): completed -> 2; total 4
    t = build((hill(), -1, 0, 0), (inner("P", "M"), 0, 1, 0))
    res = score_tile(16, [t], [0])[0]
    assert res.points == 4 and len(res.breakdown) == 2
    # open mountain (the castle's W side faces nothing): 0
    assert pts(16, build((inner("P", "W"), 0, 1, 0))) == 0


# ---------------------------------------------------------------- 3 sheep, 5 brochs, 6 sets

def test_3_sheep():
    t = build((P(sheep=2), 0, 1, 0), (P(sheep=1, cattle=3), 0, -1, 0))
    res = score_tile(3, [t], [0])[0]
    assert res.points == 3 and len(res.breakdown) == 2   # 2 + 1; cattle do not count
    assert pts(3, build((P(cattle=1), 0, 1, 0))) == 0


def test_5_brochs_per_mountain_area_1_3_6_capped():
    # castle W mountain + hill with 2 brochs -> one area with 2 brochs: 3
    # enclosed mountain with 1 broch at (0,1): 1
    # enclosed mountain with 4 brochs at (0,-1): still 6
    # a broch in a pasture area (0,2) is in no mountain area: 0. Total 10.
    t = build((hill(broch=2), -1, 0, 0), (inner("P", "M", broch=1), 0, 1, 0),
              (inner("P", "M", broch=4), 0, -1, 0), (P(broch=1), 0, 2, 0))
    res = score_tile(5, [t], [0])[0]
    assert sorted(i.points for i in res.breakdown) == [1, 3, 6] and res.points == 10
    check_breakdown(res)


def test_5_three_brochs_is_6():
    t = build((hill(broch=3), -1, 0, 0))
    assert pts(5, t) == 6


def test_6_sets_each_building_once():
    # brochs 3, farms 2, lighthouses 1 -> 1 set = 5
    t = build((P(broch=2, farm=1), 0, 1, 0), (P(broch=1, farm=1), 0, 2, 0), (mk("WWWW", lighthouse=1), 1, 0, 0))
    res = score_tile(6, [t], [0])[0]
    assert res.points == 5 and set(res.breakdown[0].cells) == {(0, 1), (1, 0)}
    # add a farm-less lighthouse: farms 2, lighthouses 2, brochs 3 -> 2 sets = 10
    t.place(mk("WWWW", lighthouse=1), 2, 0, 0)
    assert pts(6, t) == 10
    # no farm at all: 0
    assert pts(6, build((P(broch=1), 0, 1, 0), (mk("WWWW", lighthouse=1), 1, 0, 0))) == 0


# ---------------------------------------------------------------- 7, 8, 10 majorities

def test_majority_points_rules():
    assert majority_points([3, 1, 1, 0]) == [5, 2, 2, 0]   # tied seconds all get 2
    assert majority_points([2, 2, 1]) == [5, 5, 0]         # tied firsts: 5 each, nobody 2
    assert majority_points([0, 0, 0]) == [0, 0, 0]         # at least 1 needed
    assert majority_points([1, 0]) == [5, 0]               # 0 cannot be second
    assert majority_points([4]) == [5]


def test_7_whisky_majority_counts_whisky_tiles():
    a = build((P(whisky=1), 0, 1, 0), (P(whisky=1), 0, 2, 0), (P(whisky=1), 0, -1, 0))   # 3 tiles
    b = build((P(whisky=2), 0, 1, 0))          # one tile with two barrels is one whisky tile
    c = build((P(whisky=1), 0, 1, 0))          # 1
    d = Territory()                            # 0
    res = score_tile(7, [a, b, c, d], [0, 0, 0, 0])
    assert [r.points for r in res] == [5, 2, 2, 0]
    assert res[0].breakdown[0].cells == ((0, 1), (0, 2), (0, -1))
    assert "shared second" in res[1].breakdown[0].reason


def test_8_ship_majority_tie_for_first():
    a = build((mk("WWWW", ships=2), 1, 0, 0), (mk("WWWW", ships=1), 2, 0, 0))   # 3 ships
    b = build((mk("WWWW", ships=3), 1, 0, 0))                                   # 3 ships
    c = build((mk("WWWW", ships=1), 1, 0, 0))                                   # 1 ship: nobody gets 2
    assert [r.points for r in score_tile(8, [a, b, c], [0, 0, 0])] == [5, 5, 0]
    assert [r.points for r in score_tile(8, [Territory(), Territory()], [0, 0])] == [0, 0]


# ---------------------------------------------------------------- 9 animals at farms

def test_9_animals_on_or_next_to_a_farm_counted_once():
    # farm + 1 sheep at (0,1)       -> on a farm tile: 1
    # 2 cattle at (0,2)             -> orthogonally next to (0,1): 2
    # 3 sheep at (1,2)              -> diagonally next to (0,1): 3
    # 5 sheep at (0,3)              -> two rows from the farm: 0          total 6
    t = build((P(farm=1, sheep=1), 0, 1, 0), (P(cattle=2), 0, 2, 0), (P(sheep=3), 1, 2, 0), (P(sheep=5), 0, 3, 0))
    res = score_tile(9, [t], [0])[0]
    assert res.points == 6 and len(res.breakdown) == 3
    check_breakdown(res)
    # a second farm at (-1,2): (0,1) and (0,2) are next to both farms but count once;
    # (0,3) is diagonal to it now: +5 -> 11
    t.place(P(farm=1), -1, 2, 0)
    assert pts(9, t) == 11
    assert pts(9, build((P(sheep=4), 0, 1, 0))) == 0   # no farm


# ---------------------------------------------------------------- 10 gold majority

def test_10_gold_majority_uses_gold_in_hand():
    ts = [Territory() for _ in range(3)]
    assert [r.points for r in score_tile(10, ts, [4, 9, 4])] == [2, 5, 2]
    assert [r.points for r in score_tile(10, ts[:2], [0, 0])] == [0, 0]
    assert [r.points for r in score_tile(10, ts[:2], [1, 0])] == [5, 0]


# ---------------------------------------------------------------- 11, 13 roads

def road_territory():
    # (0,1): road N-S (one network), 1 cattle  -> connected (castle S exit)
    # (0,2): road N, 2 cattle                  -> connected through (0,1)
    # (0,-1): no road, 3 cattle                -> not connected
    # (-1,0): hill with a road on E only... castle W exit + hill E exit -> connected, no cattle
    # (0,3): road S only (its N faces (0,2)'s road-less S side), 4 cattle -> not connected
    return build((mk("PPPP", roads=["NS"], cattle=1), 0, 1, 0), (mk("PPPP", roads=["N"], cattle=2), 0, 2, 0),
                 (P(cattle=3), 0, -1, 0),
                 (mk("PMPP", [{"terrain": "P", "sides": "NSW"}, {"terrain": "M", "sides": "E"}], roads=["E"]), -1, 0, 0),
                 (mk("PPPP", roads=["S"], cattle=4), 0, 3, 0))


def test_11_cattle_connected_by_road():
    # (1 + 2) cattle x 2 = 6
    res = score_tile(11, [road_territory()], [0])[0]
    assert res.points == 6 and [i.cells for i in res.breakdown] == [((0, 1),), ((0, 2),)]


def test_13_tiles_connected_by_road_not_the_castle():
    # (0,1), (0,2), (-1,0) = 3
    res = score_tile(13, [road_territory()], [0])[0]
    assert res.points == 3 and {i.cells[0] for i in res.breakdown} == {(0, 1), (0, 2), (-1, 0)}


# ---------------------------------------------------------------- 12 harbours

def test_12_water_areas_with_ship_and_lighthouse():
    # (1,0) lake joins the castle's water: 2 ships + 2 lighthouses in one area -> 3 (per area)
    # (0,1) pond with 1 ship only -> 0
    # (0,-1) pond with a ship; its lighthouse is attached to the pasture -> 0 (lighthouse counts for its own area)
    # (0,2) pond with ship + lighthouse -> 3. Total 6.
    lake = mk("WWWW", ships=2, lighthouse=2)
    pond_ship = inner("P", "W", ships=1)
    shore = mk("PPPP", [{"terrain": "P", "sides": "NESW", "icons": {"lighthouse": 1}},
                        {"terrain": "W", "sides": "", "icons": {"ships": 1}}])
    harbour = inner("P", "W", ships=1, lighthouse=1)
    t = build((lake, 1, 0, 0), (pond_ship, 0, 1, 0), (shore, 0, -1, 0), (harbour, 0, 2, 0))
    res = score_tile(12, [t], [0])[0]
    assert res.points == 6 and sorted(len(i.cells) for i in res.breakdown) == [1, 2]


# ---------------------------------------------------------------- 14 vertical lines

def test_14_every_maximal_vertical_run_of_3():
    # column 0: castle (0,0), (0,1), (0,2) = run of 3; gap at (0,3); (0,4), (0,5), (0,6) = run of 3
    # column 1: (1,2), (1,3), (1,4) = run of 3 (links the two halves); total 3 runs x 3 = 9
    t = build((P(), 0, 1, 0), (P(), 0, 2, 0), (P(), 1, 2, 0), (P(), 1, 3, 0), (P(), 1, 4, 0),
              (P(), 0, 4, 0), (P(), 0, 5, 0), (P(), 0, 6, 0))
    res = score_tile(14, [t], [0])[0]
    assert res.points == 9
    assert sorted(i.cells for i in res.breakdown) == [
        ((0, 0), (0, 1), (0, 2)), ((0, 4), (0, 5), (0, 6)), ((1, 2), (1, 3), (1, 4))]
    assert pts(14, build((P(), 0, 1, 0))) == 0    # a run of 2


# ---------------------------------------------------------------- income

def test_income_rulebook_example():
    # Rulebook: castle + 2 whisky tiles connected by road = 7; round 5, two players ahead: + 2 x 3 -> 13.
    # Here: whisky on (0,1) road N-S and (0,2) road N (connected); whisky at (0,-1) without road (not counted).
    t = build((mk("PPPP", roads=["NS"], whisky=1), 0, 1, 0), (mk("PPPP", roads=["N"], whisky=1), 0, 2, 0),
              (P(whisky=1), 0, -1, 0))
    assert income(t).points == 7
    res = income(t, round_no=5, players_ahead=2, n_players=4)
    assert res.points == 13 and res.breakdown[-1].points == 6
    check_breakdown(res)


def test_income_catch_up_by_round_and_player_count():
    t = Territory()
    # 2-4 players: 0, 0, 1, 2, 3, 4 per player ahead in rounds 1-6
    assert [income(t, round_no=r, players_ahead=3).points - 5 for r in range(1, 7)] == [0, 0, 3, 6, 9, 12]
    # 5 players: 1/2/3 in rounds 3/4/5
    assert [income(t, round_no=r, players_ahead=1, n_players=5).points - 5 for r in range(1, 6)] == [0, 0, 1, 2, 3]
    with pytest.raises(ValueError):
        income(t, round_no=6, n_players=5)
    assert CATCH_UP[4][6] == 4


def test_round_track():
    assert ROUND_TRACK[4] == {1: ("A",), 2: ("B",), 3: ("A", "C"), 4: ("B", "D"), 5: ("A", "C", "D"),
                              6: ("B", "C", "D")}
    assert ROUND_TRACK[2] == ROUND_TRACK[3] == ROUND_TRACK[4]
    assert ROUND_TRACK[5] == {1: ("A", "B"), 2: ("A", "C"), 3: ("B", "D"), 4: ("A", "C", "D"), 5: ("B", "C", "D")}
    # each scoring slot is used three times
    for n in (4, 5):
        slots = [s for r in ROUND_TRACK[n].values() for s in r]
        assert all(slots.count(s) == 3 for s in "ABCD")
    assert n_rounds(4) == 6 and n_rounds(5) == 5


# ---------------------------------------------------------------- final scoring

def scroll_tile(scroll, completed=False, **icons):
    """All-pasture tile whose scroll sits in an enclosed (completed) or the outer (open) area."""
    if completed:
        return mk("PPPP", [{"terrain": "P", "sides": "NESW", "icons": icons},
                           {"terrain": "M", "sides": "", "icons": {"scroll": scroll}}])
    return mk("PPPP", [{"terrain": "P", "sides": "NESW", "icons": {**icons, "scroll": scroll}}])


def test_final_scoring_rounds_down_and_doubles_in_completed_areas():
    # sheep: 2 + 3 = 5 -> per-2-sheep scroll (open area) = 5 // 2 = 2   (rulebook: 4 or 5 objects -> 2)
    # brochs: 3 -> per-broch scroll in a completed (enclosed) area = 3 x 2 = 6
    # gold 14 -> 2. Total 10.
    t = build((scroll_tile("per_2_sheep", sheep=2), 0, 1, 0), (P(sheep=3, broch=2), 0, 2, 0),
              (scroll_tile("per_broch", completed=True, broch=1), 0, -1, 0))
    res = final_scoring(t, 14)
    assert [i.points for i in res.breakdown] == [2, 6, 2] and res.points == 10
    check_breakdown(res)


def test_two_identical_scrolls_both_score():
    # 4 ships on lakes, two per-2-ships scrolls in open areas: 2 + 2 = 4
    lake1 = mk("WWWW", ships=2)
    lake2 = mk("WWWW", [{"terrain": "W", "sides": "NESW", "icons": {"ships": 2, "scroll": "per_2_ships"}}])
    t = build((lake1, 1, 0, 0), (lake2, 2, 0, 0),
              (scroll_tile("per_2_ships"), 0, 1, 0))
    assert scroll_points(t).points == 4


def test_scroll_per_2_whisky_counts_tiles_and_all_seven_types():
    # whisky tiles 3 (one with 2 barrels still one tile) -> 1; cattle 2 -> 2; farm 1 -> 1; lighthouse 0 -> 0
    t = build((scroll_tile("per_2_whisky", whisky=2), 0, 1, 0), (P(whisky=1, cattle=2, farm=1), 0, 2, 0),
              (P(whisky=1), 0, 3, 0), (scroll_tile("per_cattle"), 0, -1, 0), (scroll_tile("per_farm"), 0, -2, 0),
              (scroll_tile("per_lighthouse"), 0, 4, 0))
    got = [i.points for i in scroll_points(t).breakdown]
    assert got == [1, 2, 1, 0] and scroll_points(t).points == 4


def test_gold_points_and_winners():
    assert [gold_points(g).points for g in (0, 4, 5, 9, 10, 14)] == [0, 0, 1, 1, 2, 2]
    assert winners([50, 52, 52], [10, 3, 8]) == [2]     # VP tie -> more gold wins
    assert winners([50, 52, 52], [10, 8, 8]) == [1, 2]  # still tied -> shared
    assert winners([60, 52], [0, 99]) == [0]


def test_score_result_helpers():
    r = ScoreResult.of([BreakdownItem(2, "a"), BreakdownItem(3, "b", ((0, 0),))])
    assert r.points == 5 and (r + ScoreResult(0)).points == 5
    assert "= 2 + 3 = 5" in r.explain()
    assert ScoreResult(0).explain() == "nothing scores: 0"


def test_rulebook_income_example_with_catalogue_tiles():
    # castle-blue; tile 24 (PWPW, road N-S, whisky) below it: its road meets the castle's S exit;
    # tile 19 (PMPP, roads N-S-W, whisky, 2 sheep) below that: road meets 24's S exit;
    # tile 53 (PWWW, road N, whisky, 2 ships) at (1,1) joins 24's E water, its road ends at an empty cell.
    # Income: castle 5 + whisky on 24 and 19 = 7 (53 is not connected); round 5, 2 ahead: + 2 x 3 = 13.
    t = build((24, 0, 1, 0), (19, 0, 2, 0), (53, 1, 1, 0))
    assert income(t).points == 7
    assert income(t, round_no=5, players_ahead=2).points == 13
    # the same territory, other rules by hand:
    # sheep 2 (tile 19); column x=0 holds 3 tiles -> 1 line; tiles on road: 24 and 19;
    # no 2x2 square; nothing completed (every area has a side facing an empty cell);
    # 3 whisky tiles and 2 ships; the per-cattle scroll on 24 finds no cattle -> 0.
    got = {n: r.points for n, r in score_all_tiles([t], [0])[0].items()}
    assert (got[3], got[14], got[13], got[1], got[2], got[15]) == (2, 3, 2, 0, 0, 0)
    assert score_tile(7, [t, Territory()], [0, 0])[0].breakdown[0].reason == "most whisky tiles (3)"
    assert score_tile(8, [t, Territory()], [0, 0])[0].breakdown[0].reason == "most ships (2)"
    assert scroll_points(t).points == 0

"""Territory placement rules, on hand-built tiles and the castles.

Castle-blue (printed): N pasture+road, E water, S pasture+road, W mountain+road.
"""

import pytest

from skye_widgets.errors import RulesError
from skye_widgets.skye.territory import (
    BadRotationError, CastleTileError, CellOccupiedError, DuplicateTileError,
    IllegalPlacementError, NotAdjacentError, NothingToUndoError, Placement,
    TerrainMismatchError, Territory, TerritoryDataError, UnknownTileError,
)
from skye_widgets.skye.tiles import tile_from_dict


def mk(tid, sides, areas=None, roads=()):
    """A hand-built tile; default areas: one area per side (none joined)."""
    if areas is None:
        areas = [{"terrain": t, "sides": "NESW"[i]} for i, t in enumerate(sides)]
    return tile_from_dict({"id": tid, "sides": sides, "areas": areas, "roads": list(roads)})


LAKE = mk("lake", "WWWW", [{"terrain": "W", "sides": "NESW"}])
MEADOW = mk("meadow", "PPPP", [{"terrain": "P", "sides": "NESW"}])
PWMM = mk("pwmm", "PWMM")  # N pasture, E water, S mountain, W mountain


def test_castle_at_origin():
    t = Territory("castle-blue")
    assert len(t) == 1 and (0, 0) in t and (1, 0) not in t
    assert t.castle == Placement("castle-blue", 0, 0, 0)
    assert [s.value for s in t.faces((0, 0))] == ["P", "W", "P", "M"]


def test_territory_must_start_with_a_castle():
    with pytest.raises(CastleTileError):
        Territory(LAKE)


def test_errors_are_value_errors():
    assert issubclass(IllegalPlacementError, RulesError) and issubclass(RulesError, ValueError)
    for cls in (CellOccupiedError, NotAdjacentError, TerrainMismatchError, BadRotationError, UnknownTileError):
        assert issubclass(cls, IllegalPlacementError)


def test_legal_placements_of_an_all_water_tile_next_to_blue_castle():
    # Only the castle's E side is water, so only (1, 0) works, in all 4 rotations.
    assert Territory().legal_placements(LAKE) == [(1, 0, 0), (1, 0, 1), (1, 0, 2), (1, 0, 3)]


def test_legal_placements_pwmm_hand_computed():
    # PWMM rotations (faces N,E,S,W): r0 PWMM, r1 MPWM, r2 MMPW, r3 WMMP.
    # castle neighbours: (0,-1) needs S=P -> r2; (1,0) needs W=W -> r2;
    # (0,1) needs N=P -> r0; (-1,0) needs E=M -> r1 (E=P no), r2 (E=M), r3 (E=M); r0 E=W no.
    assert Territory().legal_placements(PWMM) == [
        (-1, 0, 2), (-1, 0, 3), (0, -1, 2), (0, 1, 0), (1, 0, 2)]


def test_every_shared_side_must_match():
    t = Territory()
    t.place(LAKE, 1, 0, 0)           # east of the castle
    # (1, 1) touches the lake (N must be water) and nothing else: a water-N tile fits
    assert t.is_legal(PWMM, 1, 1, 1) is False  # r1 N = M
    # (0, 1) is below the castle (needs N pasture) and left of nothing; fine for meadow
    assert t.is_legal(MEADOW, 0, 1, 0)
    t.place(MEADOW, 0, 1, 0)
    # (1, 1) now touches the lake above (needs N water) and the meadow to the W (needs W pasture)
    # PWMM r3 faces WMMP: N=W ok, W=P ok -> legal; r2 faces MMPW: N=M no.
    assert t.legal_placements(PWMM) == sorted(
        c for c in t.legal_placements(PWMM))
    assert (1, 1, 3) in t.legal_placements(PWMM)
    assert (1, 1, 2) not in t.legal_placements(PWMM)


def test_mismatch_message_names_both_sides_and_changes_nothing():
    t = Territory()
    before = list(t.placements.items())
    with pytest.raises(TerrainMismatchError) as e:
        t.place(LAKE, 0, 1, 0)
    assert "its north side shows water" in str(e.value) and "the south side of the castle at (0, 0) shows pasture" in str(e.value)
    assert "castle-blue" not in str(e.value)          # the castle, never its identifier
    assert list(t.placements.items()) == before and len(t) == 1
    assert t.legal_placements(LAKE) == [(1, 0, 0), (1, 0, 1), (1, 0, 2), (1, 0, 3)]


def test_not_adjacent_occupied_rotation_unknown_duplicate_castle():
    t = Territory()
    with pytest.raises(NotAdjacentError, match="share no side"):
        t.place(LAKE, 2, 0, 0)
    with pytest.raises(NotAdjacentError):
        t.place(LAKE, 1, 1, 0)        # diagonal only
    with pytest.raises(CellOccupiedError, match=r"\(0, 0\) already holds the castle\."):
        t.place(LAKE, 0, 0, 0)
    for bad in (4, -1, 1.0, "1", True):
        with pytest.raises(BadRotationError):
            t.place(LAKE, 1, 0, bad)
    with pytest.raises(UnknownTileError, match="99"):
        t.place(99, 1, 0, 0)
    t.place(LAKE, 1, 0, 0)
    with pytest.raises(DuplicateTileError):
        t.place(LAKE, 2, 0, 0)
    with pytest.raises(CastleTileError):
        t.place("castle-red", 0, 1, 0)
    assert len(t) == 2


def test_pop_undoes_and_never_removes_castle():
    t = Territory()
    t.place(LAKE, 1, 0, 0)
    t.place(MEADOW, 0, 1, 0)
    assert t.pop() == Placement("meadow", 0, 1, 0)
    assert t.pop() == Placement("lake", 1, 0, 0)
    with pytest.raises(NothingToUndoError):
        t.pop()
    assert len(t) == 1
    t.place(LAKE, 1, 0, 2)  # a popped tile can be placed again


def test_copy_is_independent():
    t = Territory()
    t.place(LAKE, 1, 0, 0)
    c = t.copy()
    c.place(MEADOW, 0, 1, 0)
    assert len(t) == 2 and len(c) == 3 and c != t
    c.pop()
    assert c == t


def test_can_place_false_when_no_fit():
    t = Territory()
    moor = mk("moor", "MMMM", [{"terrain": "M", "sides": "NESW"}])
    assert t.can_place(moor)  # west of the castle
    t.place(moor, -1, 0, 0)
    peak = mk("peak", "MMMM", [{"terrain": "M", "sides": "NESW"}])
    # only cells touching mountain-only sides: around the moor at (-2,0), (-1,-1), (-1,1)
    assert {(x, y) for x, y, _ in t.legal_placements(peak)} == {(-2, 0), (-1, -1), (-1, 1)}
    t2 = Territory("castle-white")   # W water, E mountain
    sand = mk("sand", "PPPP", [{"terrain": "P", "sides": "NESW"}])
    assert t2.can_place(sand)
    t2.place(sand, 0, 1, 0)
    # a tile whose only pasture face must fit: all-water fits only W of castle
    assert t2.legal_placements(LAKE) == [(-1, 0, r) for r in range(4)]


def test_to_dict_from_dict_round_trip():
    t = Territory("castle-green")
    t.name, t.gold = "Ann", 7
    t.place(MEADOW, 0, 1, 0)
    d = t.to_dict()
    assert d == {"name": "Ann", "gold": 7, "tiles": [
        {"tile": "castle-green", "x": 0, "y": 0, "rotation": 0},
        {"tile": "meadow", "x": 0, "y": 1, "rotation": 0}]}
    back = Territory.from_dict(d, tiles={"meadow": MEADOW})
    assert back == t and back.name == "Ann" and back.gold == 7
    assert back.to_dict() == d


def test_from_dict_reports_where_the_fault_is():
    good = {"tile": "castle-blue", "x": 0, "y": 0, "rotation": 0}
    cases = [
        ({"tiles": []}, "tiles: missing or empty"),
        ({"tiles": [good, {"tile": 99, "x": 1, "y": 0, "rotation": 0}]}, "tiles[1]: There is no tile 99"),
        ({"tiles": [good, {"tile": "lake", "x": 1, "y": 0}]}, "tiles[1]: missing field 'rotation'"),
        ({"tiles": [good, {"tile": "lake", "x": 1, "y": 0, "rotation": 5}]}, "tiles[1]: The rotation is 0, 1, 2 or 3 quarter turns clockwise, not 5."),
        ({"tiles": [good, {"tile": "lake", "x": 0, "y": 1, "rotation": 0}]}, "tiles[1]: Tile lake cannot go at (0, 1)"),
        ({"tiles": [good, {"tile": "lake", "x": 1, "y": 0, "rotation": 0},
                    {"tile": "lake", "x": 2, "y": 0, "rotation": 0}]}, "tiles[2]: Tile lake is already"),
        ({"gold": -1, "tiles": [good]}, "gold"),
    ]
    for d, msg in cases:
        with pytest.raises(TerritoryDataError) as e:
            Territory.from_dict(d, tiles={"lake": LAKE})
        assert str(e.value).startswith(msg), (str(e.value), msg)


def test_translated_keeps_shape():
    t = Territory()
    t.place(LAKE, 1, 0, 0)
    u = t.translated(5, -3)
    assert [p.cell for p in u] == [(5, -3), (6, -3)]


def test_repr_svg_is_svg():
    t = Territory("castle-red")
    svg = t._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")

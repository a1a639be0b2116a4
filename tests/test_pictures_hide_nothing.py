"""No badge or overlay covers an icon or a number the picture teaches (issue 28, "Pictures
that hide what they teach"): the tile-number badge on a turned hand tile sat on the sheep,
the ✓ of a completed area on the ship and its count, the orange castle roads on the castle,
and the Hashi coordinates were 8 px and under the hint glow and the finished rings.

Checked from the drawings' shapes (their boxes, :func:`skye_widgets.drawing.shape_box`) and
their paint order (layer by layer, then in order), for every tile in every rotation."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import SimpleNamespace

import pytest

from skye_widgets.drawing import LAYERS, Circle, Line, Text, boxes_overlap, shape_box
from skye_widgets.hashi.puzzle import HashiPuzzle
from skye_widgets.hashi.render import PUZZLE_MARGIN, Geometry, coordinate_labels, render_board, render_puzzle
from skye_widgets.skye.render import (TAUGHT_PASSES, AreaGroup, View, render_tile, render_territory,
                                      tile_passes)
from skye_widgets.skye.tiles import catalogue
from skye_widgets.widgets.hashi import HashiWidget

TILES = list(catalogue().values())
ROTATIONS = range(4)


def paint_order(d):
    """The shapes as they are painted: layer by layer (the canvas' and the SVG's order)."""
    rank = {name: i for i, name in enumerate(LAYERS)}
    return sorted(d.shapes, key=lambda sh: rank.get(sh.layer, len(LAYERS)))   # stable: order within a layer kept


def covers(sh) -> bool:
    """Whether a shape painted over something hides it: opaque fills, text, thick level or
    upright strokes (a translucent tint, a thin outline, a dashed ring let it show through)."""
    if sh.opacity < 0.5:
        return False
    if isinstance(sh, Text):
        return True
    if isinstance(sh, Line):
        level = len(sh.points) == 2 and (sh.points[0][0] == sh.points[1][0] or sh.points[0][1] == sh.points[1][1])
        return level and sh.line_width >= 3 and not sh.dash
    return getattr(sh, "fill", None) is not None


def _key(sh):
    return replace(sh, layer="", opacity=1.0)


def _forms(sh):
    """A shape as it may be painted: whole, or (a territory's tiles) its fill and its stroke apart."""
    forms = [_key(sh)]
    if getattr(sh, "fill", None) and getattr(sh, "stroke", None):
        forms += [_key(replace(sh, stroke=None)), _key(replace(sh, fill=None))]
    return forms


def hidden(d, taught) -> list:
    """The taught shapes (icons, counts, castles: compared without layer) that a later shape
    covers, after the last time the taught shape is painted."""
    order = paint_order(d)
    keys = {f for sh in taught for f in _forms(sh)}
    at = {}
    for i, sh in enumerate(order):
        if _key(sh) in keys:
            at[_key(sh)] = i
    out = []
    for sh in taught:
        seen = [at[f] for f in _forms(sh) if f in at]
        assert seen, ("a taught shape is not in the picture", sh)
        box = shape_box(sh)
        for later in order[max(seen) + 1:]:
            if _key(later) not in keys and covers(later) and boxes_overlap(shape_box(later), box):
                out.append((sh, later))
    return out


@dataclass(frozen=True)
class _Placement:
    tile: str
    x: int
    y: int
    rotation: int


@dataclass
class _OneTile:
    """A territory of one tile at (0, 0), in any rotation (pictures only: no rules asked)."""
    placements: dict


def taught_shapes(t, rot, x0, y0, s, layer="tiles"):
    passes = tile_passes(t, rot, x0, y0, s, layer=layer)
    return [sh for k in TAUGHT_PASSES for sh in passes[k]]


@pytest.mark.parametrize("rot", ROTATIONS)
def test_the_hand_tiles_number_badge_hides_no_icon(rot):
    for t in TILES:
        d = render_tile(t, rot, size=96)
        assert not hidden(d, taught_shapes(t, rot, 3, 3, 90)), (t.id, rot)


@pytest.mark.parametrize("rot", ROTATIONS)
def test_badges_ticks_and_roads_on_a_territory_hide_no_icon(rot):
    """Every overlay at once (areas all completed, every road to the castle, tile numbers)."""
    for t in TILES:
        terr = _OneTile({(0, 0): _Placement(t.id, 0, 0, rot)})
        groups = [AreaGroup(frozenset({((0, 0), i)}), completed=True) for i in range(len(t.areas))]
        roads = frozenset(((0, 0), i) for i in range(len(t.roads)))
        d = render_territory(terr, cell=64, components=groups, castle_roads=roads, tile_numbers=True,
                             coordinates=False, legend=False, margin=0)
        v = View(0, 0, 1, 1, 64)
        assert not hidden(d, taught_shapes(t, rot, *v.to_px(0, 0), 64)), (t.id, rot)
        ticks = [sh for sh in d.shapes if isinstance(sh, Text) and sh.text == "✓"]
        assert len(ticks) == len(t.areas) and not hidden(d, ticks), (t.id, rot)    # no road on a tick


@pytest.mark.parametrize("items", [1, 2, 3])
def test_the_points_labels_of_a_breakdown_hide_no_icon(items):
    """A score breakdown writes each item's points on a corner of its cells (up to three items
    whose only cell is this tile), with the tile numbers too. (Four on one tile, with its number,
    can find no free place on some tiles: the fourth label then goes where it always did.)"""
    for t in TILES:
        for rot in ROTATIONS:
            terr = _OneTile({(0, 0): _Placement(t.id, 0, 0, rot)})
            breakdown = [SimpleNamespace(cells=[(0, 0)], points=k + 1) for k in range(items)]
            d = render_territory(terr, cell=64, breakdown=breakdown, tile_numbers=True, coordinates=False,
                                 legend=False, margin=1)
            assert not hidden(d, taught_shapes(t, rot, 8 + 64, 8 + 64, 64)), (t.id, rot)


def test_badges_do_not_cover_one_another():
    for t in TILES:
        for rot in ROTATIONS:
            terr = _OneTile({(0, 0): _Placement(t.id, 0, 0, rot)})
            groups = [AreaGroup(frozenset({((0, 0), i)}), completed=True) for i in range(len(t.areas))]
            d = render_territory(terr, cell=64, components=groups, tile_numbers=True, coordinates=False,
                                 legend=False, margin=0)
            badges = [shape_box(sh) for sh in d.on_layer("overlay") if isinstance(sh, Circle) and sh.fill == "#FFFFFF"]
            assert not any(boxes_overlap(a, b) for i, a in enumerate(badges) for b in badges[i + 1:]), (t.id, rot)


# --------------------------------------------------------------------------
# Hashi: the coordinates are big enough and nothing is painted over them
# --------------------------------------------------------------------------

MIN_LABEL = 12.0


def _labels(d):
    return [sh for sh in d.shapes if isinstance(sh, Text) and sh.text.lstrip("-").isdigit()
            and sh.size < 20 and not sh.bold]


def _check_labels(d):
    order = paint_order(d)
    labels = _labels(d)
    assert labels
    for lab in labels:
        assert lab.size >= MIN_LABEL, lab
        i = order.index(lab)
        box = shape_box(lab)
        over = [sh for sh in order[i + 1:] if sh not in labels and boxes_overlap(shape_box(sh), box)]
        assert not over, (lab, over)


@pytest.mark.parametrize("cell", [52.0, 40.0, 26.0])
def test_hashi_puzzle_coordinates_are_readable_and_not_covered(cell):
    """Every island glowing (a hint), two finished (rings), one selected, at three cell sizes."""
    p = HashiPuzzle(4, 3, {(0, 0): 1, (1, 0): 1, (3, 0): 1, (0, 2): 1, (3, 2): 1})
    played = SimpleNamespace(puzzle=p, bridges={((0, 0), (1, 0)): 1})
    everything = list(p.islands)
    _check_labels(render_puzzle(played, highlight=everything, selected=(3, 0), coordinates=True,
                                geometry=Geometry(3, 4, cell=cell, margin=PUZZLE_MARGIN)))
    _check_labels(render_puzzle(played, highlight=everything, selected=(0, 2), coordinates=True))


def test_hashi_board_coordinates_are_readable_and_not_covered():
    board = HashiWidget.solo().game.board
    _check_labels(render_board(board, highlight=[i.cell for i in board.islands], coordinates=True))


def test_hashi_label_size_at_the_default_cell():
    assert min(t.size for t in coordinate_labels(Geometry(3, 4))) >= MIN_LABEL


def test_every_games_coordinates_are_at_least_12_px():
    """The class: coordinates anyone reads to name a cell, in all three games."""
    from skye_widgets.skye.render import View
    from skye_widgets.skye.render import coordinate_labels as skye_labels
    from skye_widgets.skylands.render import coordinate_labels as skylands_labels
    for cell in (40, 52, 64):
        assert min(t.size for t in skye_labels(View(-1, -1, 3, 3, cell, gutter=18)) if t.text not in "xy") >= MIN_LABEL
        assert min(t.size for t in skylands_labels(4, 5, 26, 48, cell)) >= MIN_LABEL
        assert min(t.size for t in coordinate_labels(Geometry(3, 4, cell=float(cell), margin=PUZZLE_MARGIN))) >= MIN_LABEL


def test_hashi_projector_coordinates_are_readable_and_not_covered():
    """The projector page's Hashi picture (issue 32, item 4): larger labels in a wider margin, under
    no mark even with every island glowing and one selected."""
    from skye_widgets.hashi.render import PROJECTOR_TEXT, render_game
    game = HashiWidget.solo().game
    islands = [i.cell for i in game.board.islands]
    d = render_game(game, highlight=islands, selected=islands[0], coordinates=True, projector=True)
    _check_labels(d)
    assert min(t.size for t in d.shapes if isinstance(t, Text)) == PROJECTOR_TEXT


# --------------------------------------------------------------------------
# Isle of Skye on the projector (issue 32, item 4): larger text, still hiding nothing
# --------------------------------------------------------------------------

def projector_taught(t, rot, x0, y0, s):
    passes = tile_passes(t, rot, x0, y0, s, projector=True)
    return [sh for k in TAUGHT_PASSES for sh in passes[k]]


@pytest.mark.parametrize("cell", [60, 100, 158])
@pytest.mark.parametrize("items", [1, 2])
def test_skye_projector_breakdown_labels_hide_no_icon(cell, items):
    """The projector's breakdown labels (points in PROJECTOR_TEXT px) on a tile hide none of its icons,
    at the cell sizes the projector's picture has (60 px late in a game, 158 px at its start)."""
    from skye_widgets.skye.render import PROJECTOR_TEXT
    for t in TILES:
        for rot in ROTATIONS:
            terr = _OneTile({(0, 0): _Placement(t.id, 0, 0, rot)})
            breakdown = [SimpleNamespace(cells=[(0, 0)], points=k + 1) for k in range(items)]
            d = render_territory(terr, cell=cell, breakdown=breakdown, coordinates=False, legend=False, margin=1,
                                 projector=True)
            assert not hidden(d, projector_taught(t, rot, 8 + cell, 8 + cell, cell)), (t.id, rot)
            assert min(sh.size for sh in d.shapes if isinstance(sh, Text)) == PROJECTOR_TEXT


def test_skye_projector_tiles_write_no_count():
    """On the projector an icon counted n times is n glyphs and a scroll counting pairs shows a pair:
    no tile writes a count (the lessons' tiles write them, "2" and "/2")."""
    written = 0
    for t in TILES:
        for rot in ROTATIONS:
            passes = tile_passes(t, rot, 0, 0, 100, projector=True)
            assert not [sh for p in passes for sh in p if isinstance(sh, Text)], (t.id, rot)
            counts = [sh for sh in tile_passes(t, rot, 0, 0, 100)[7] if isinstance(sh, Text)]
            assert len(passes[7]) > len(tile_passes(t, rot, 0, 0, 100)[7]) - len(counts) or not counts, (t.id, rot)
            written += len(counts)
    assert written


def test_skye_projector_coordinates_are_large_and_not_covered():
    """The projector's coordinates, "x" and "y" are PROJECTOR_TEXT px, apart from one another, and
    nothing is painted over them (every cell legal, a preview)."""
    from skye_widgets.skye.render import PROJECTOR_GUTTER, PROJECTOR_TEXT, Preview, fit_view
    from skye_widgets.drawing import _font
    terr = _OneTile({(0, 0): _Placement("castle-blue", 0, 0, 0), (1, 0): _Placement("16", 1, 0, 1)})
    for cell in (60, 158):
        view = fit_view(terr.placements, cell=cell, max_width=2000, max_height=2000, gutter=PROJECTOR_GUTTER)
        legal = [c for c in view.cells() if c not in terr.placements]
        d = render_territory(terr, view=view, legal=legal, preview=Preview("12", *legal[0], 0), projector=True)
        labels = [sh for sh in d.shapes if isinstance(sh, Text)]
        assert labels and all(sh.size == PROJECTOR_TEXT for sh in labels)
        order = paint_order(d)

        def box(sh):                    # measured with the PNG renderer's font
            w = _font(round(sh.size), sh.bold).getlength(sh.text)
            return (sh.x - w / 2, sh.y - sh.size / 2, sh.x + w / 2, sh.y + sh.size / 2)

        for i, lab in enumerate(labels):
            assert not any(boxes_overlap(box(lab), box(other)) for other in labels[i + 1:]), lab
            later = order[order.index(lab) + 1:]
            assert not [sh for sh in later if sh not in labels and boxes_overlap(shape_box(sh), box(lab))], lab

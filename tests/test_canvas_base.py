"""The canvas base: one batched message per redraw, batching never left on."""

import pytest

from skye_widgets.drawing import Drawing, Rect, Text
from skye_widgets.widgets.base import CanvasBoard
from skye_widgets.widgets.painting import batched
from ipycanvas.canvas import _CANVAS_MANAGER


class Grid(CanvasBoard):
    """A 3x2 grid that records clicks, the smallest possible game view."""

    def __init__(self):
        self.clicks = []
        super().__init__(90, 60)

    def drawing(self):
        d = Drawing(90, 60)
        for x in range(3):
            for y in range(2):
                d.add(Rect(x * 30, y * 30, 30, 30, fill="#ddd" if (x, y) not in self.clicks else "#484",
                           stroke="#000"))
        d.add(Text(45, 30, str(len(self.clicks)), layer="overlay"))
        return d

    def cell_at(self, px, py):
        x, y = px // 30, py // 30
        return (x, y) if 0 <= x < 3 and 0 <= y < 2 else None

    def click_cell(self, x, y):
        self.clicks.append((x, y))
        self.say(f"clicked {x},{y}", "ok")
        self.redraw()


def test_redraw_is_one_message(sent):
    g = Grid()
    sent.clear()
    g.redraw()
    assert len(sent) == 1


def test_mouse_pixels_are_floored_to_cells(sent):
    g = Grid()
    g._on_mouse_down(59.9, 30.0)
    g._on_mouse_down(200, 5)  # outside: ignored
    assert g.clicks == [(1, 1)]
    assert g.message == "clicked 1,1"
    # floored, not truncated: a pixel just left of the canvas is not in its first column
    g._on_mouse_down(-0.5, 5)
    assert g.clicks == [(1, 1)]


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf"), None, "3", True])
def test_mouse_events_that_are_not_finite_numbers_are_ignored(sent, bad):
    g = Grid()
    g._on_mouse_down(bad, 5)
    g._on_mouse_down(5, bad)
    g._on_mouse_move(bad, bad)
    assert g.clicks == []


def test_batching_is_restored_after_an_exception(sent):
    with pytest.raises(RuntimeError):
        with batched():
            raise RuntimeError("boom")
    assert _CANVAS_MANAGER._caching is False
    assert _CANVAS_MANAGER._commands_cache == []


def test_widget_bundle_carries_a_static_svg():
    g = Grid()
    g.click_cell(0, 0)
    bundle = g._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["image/svg+xml"].count("#484") == 1
    assert bundle["image/png"] == g.drawing().to_png()     # the same picture, shown also when untrusted


def test_only_changed_layers_are_repainted_and_reload_repaints_all(sent, monkeypatch):
    import skye_widgets.widgets.painting as painting

    painted = []
    real = painting.paint_layers
    monkeypatch.setattr(painting, "paint_layers",
                        lambda canvas, d, layers, only=None: painted.append(list(only)) or real(canvas, d, layers, only))
    g = Grid()                      # the Grid draws only on "tiles" and "overlay"
    g.redraw(force=True)
    assert painted[-1] == ["background", "tiles", "overlay"]
    sent.clear()
    g.redraw()                      # unchanged state: nothing painted, no message
    assert sent == [] and len(painted) == 1
    g.click_cell(2, 0)              # one cell turns green: only the tiles layer and the count change
    assert painted[-1] == ["tiles", "overlay"] and len(sent) == 1


# -- the browser's replies: a picture wiped by a late size change is painted again ------------------

class Growing(Grid):
    """The grid, whose drawing grows by a column at each click (a territory does)."""

    def drawing(self):
        d = Drawing(90 + 30 * len(self.clicks), 60)
        d.add(Rect(0, 0, d.width, 60, fill="#ddd"))
        return d


def _png(width, height, blank=False):
    import io

    from PIL import Image

    im = Image.new("RGBA", (width, height), (0, 0, 0, 0) if blank else (200, 200, 200, 255))
    out = io.BytesIO()
    im.save(out, format="PNG")
    return out.getvalue()


def _reply(board, part, png):
    """What the browser does after painting: a layer's (or the composite's) PNG comes back."""
    target = board.canvas if part == "board" else board.canvas[part]
    target.set_trait("image_data", png)


def test_a_reply_of_the_old_size_after_a_resize_paints_again_until_one_comes_back_right(sent):
    g = Growing()
    g.click_cell(0, 0)                      # 90x60 -> 120x60
    assert (g.canvas.width, g.canvas.height) == (120, 60)
    before, sent_before = g.redraw_count, len(sent)
    _reply(g, 0, _png(90, 60))              # the drawing landed before the new size: wiped
    assert g.redraw_count == before + 1 and len(sent) == sent_before + 1 and g.frame_repaints == 1
    for part in (0, 1, 2, "board"):         # the repaint lands after the size: every part comes back right
        _reply(g, part, _png(120, 60))
    assert g.redraw_count == before + 1 and g.frame_repaints == 0 and not g._unconfirmed


def test_a_blank_layer_that_has_shapes_after_a_full_paint_paints_again(sent):
    g = Grid()
    g.redraw(force=True)                    # as after a reload (on_client_ready)
    before = g.redraw_count
    _reply(g, 0, _png(90, 60, blank=True))  # the grid draws nothing on its background: blank is right
    assert g.redraw_count == before
    _reply(g, 1, _png(90, 60, blank=True))  # the tiles never reached the browser's canvas
    assert g.redraw_count == before + 1
    _reply(g, 1, _png(90, 60))
    _reply(g, "board", _png(90, 60))
    assert g.redraw_count == before + 1 and "board" not in g._unconfirmed and 1 not in g._unconfirmed


def test_repaints_asked_by_replies_are_bounded(sent):
    from skye_widgets.widgets.base import MAX_FRAME_REPAINTS

    g = Grid()
    before = g.redraw_count
    for i in range(3 * MAX_FRAME_REPAINTS):
        _reply(g, "board", _png(10 + i, 10))     # a browser that never shows this size
    assert g.redraw_count == before + MAX_FRAME_REPAINTS


def test_a_resize_is_one_update_per_canvas(sent):
    g = Growing()
    sizes = []
    g.canvas[0].observe(lambda c: sizes.append((g.canvas[0].width, g.canvas[0].height)), names=["width", "height"])
    g.resize(300, 200)
    assert sizes[-1] == (300, 200) and g.canvas.layout.width == "300px"


def test_every_message_names_its_canvas_first(sent):
    """A page that has just loaded knows no current canvas: a message must never rely on the one the
    kernel drew on last (its first command failed and stopped the page's canvas manager for good)."""
    from ipycanvas.canvas import COMMANDS

    class Note(Grid):
        note = "a"

        def drawing(self):
            d = super().drawing()
            d.add(Text(10, 10, self.note, layer="overlay"))
            return d

    g = Note()
    g.redraw(force=True)               # ends on the overlay
    sent.clear()
    g.note = "b"
    g.redraw()                         # the overlay alone ...
    g.note = "c"
    g.redraw()                         # ... and again: the canvas the kernel drew on last
    assert len(sent) == 2
    for message in sent:
        first = message[0] if isinstance(message[0], list) else message
        assert first[0] == COMMANDS["switchCanvas"], message[:2]

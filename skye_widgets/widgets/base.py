"""The shared canvas base of every game widget.

A game widget is a thin view: it asks the headless engine for state, turns it
into a :class:`~skye_widgets.drawing.Drawing` with the game's pure ``render``
functions, and paints that drawing on an ipycanvas ``MultiCanvas`` in one
batched message. Clicks are turned into cells and handed to
:meth:`CanvasBoard.click_cell`, which subclasses implement by calling the
engine; tests call ``click_cell`` directly, no browser needed.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from html import escape, unescape
from typing import Any, Callable, Iterator

import ipywidgets as W
from ipycanvas import Canvas, MultiCanvas, hold_canvas
from ipycanvas.canvas import _CANVAS_MANAGER

from ..drawing import FONT_FAMILY, LAYERS, Circle, Drawing, Line, Polygon, Rect, Shape, Text


@contextmanager
def batched() -> Iterator[None]:
    """``hold_canvas()`` that never leaves batching on after an exception.

    ipycanvas' ``hold_canvas`` has no ``try/finally``: an exception while
    drawing would leave the canvas manager caching forever. On error the
    pending commands are dropped and caching restored.
    """
    was_caching = _CANVAS_MANAGER._caching
    try:
        with hold_canvas():
            yield
    except BaseException:
        _CANVAS_MANAGER._commands_cache = []
        _CANVAS_MANAGER._buffers_cache = []
        _CANVAS_MANAGER._caching = was_caching
        raise


def _stroke_style(c: Canvas, stroke: str, width: float, dash: tuple[float, ...]) -> None:
    c.stroke_style = stroke
    c.line_width = width
    c.set_line_dash(list(dash))


def paint_shape(c: Canvas, s: Shape) -> None:
    """Issue the canvas commands for one shape (call inside :func:`batched`)."""
    c.global_alpha = s.opacity
    if isinstance(s, Rect):
        if s.fill:
            c.fill_style = s.fill
            c.fill_rect(s.x, s.y, s.w, s.h)
        if s.stroke:
            _stroke_style(c, s.stroke, s.line_width, s.dash)
            c.stroke_rect(s.x, s.y, s.w, s.h)
    elif isinstance(s, Circle):
        if s.fill:
            c.fill_style = s.fill
            c.fill_circle(s.cx, s.cy, s.r)
        if s.stroke:
            _stroke_style(c, s.stroke, s.line_width, s.dash)
            c.stroke_circle(s.cx, s.cy, s.r)
    elif isinstance(s, Polygon):
        pts = [tuple(p) for p in s.points]
        if s.fill:
            c.fill_style = s.fill
            c.fill_polygon(pts)
        if s.stroke:
            _stroke_style(c, s.stroke, s.line_width, s.dash)
            c.stroke_polygon(pts)
    elif isinstance(s, Line):
        _stroke_style(c, s.stroke, s.line_width, s.dash)
        c.line_cap = "round"
        c.line_join = "round"
        c.stroke_lines([tuple(p) for p in s.points])
    elif isinstance(s, Text):
        c.fill_style = s.fill
        c.font = f"{'bold ' if s.bold else ''}{s.size:g}px {FONT_FAMILY}"
        c.text_align = s.align
        c.text_baseline = "middle"
        c.fill_text(s.text, s.x, s.y)
    else:  # pragma: no cover - guarded by the Shape union
        raise TypeError(f"not a shape: {s!r}")
    c.global_alpha = 1.0


def paint(canvas: MultiCanvas, drawing: Drawing, layers: tuple[str, ...] = LAYERS) -> None:
    """Clear ``canvas`` and paint ``drawing`` on it, layer by layer, in one message."""
    with batched():
        for i, layer in enumerate(layers):
            c = canvas[i]
            c.clear()
            for s in drawing.on_layer(layer):
                paint_shape(c, s)


class CanvasBoard(W.VBox):
    """Base of the game widgets: a ``MultiCanvas`` plus a status line.

    Subclasses implement :meth:`drawing` (state -> Drawing, using the game's
    pure render module), :meth:`cell_at` (pixel -> cell) and
    :meth:`click_cell` (call the engine). Everything redraws from state, so a
    reloaded page (``on_client_ready``) shows the same picture.
    """

    layers: tuple[str, ...] = LAYERS

    def __init__(self, width: int, height: int, *, controls: list[W.Widget] | None = None,
                 **kwargs: Any) -> None:
        self.canvas = MultiCanvas(len(self.layers), width=width, height=height,
                                  layout=W.Layout(width=f"{width}px", height=f"{height}px"))
        self.status = W.HTML(value="", layout=W.Layout(min_height="1.6em"))
        self.status.add_class("skye-status")
        self.redraw_count = 0
        self.canvas.on_client_ready(self.redraw)
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_mouse_move(self._on_mouse_move)
        self.canvas.on_key_down(self._on_key_down)
        children = [*(controls or []), self.canvas, self.status]
        super().__init__(children=children, **kwargs)

    # -- to implement -------------------------------------------------------
    def drawing(self) -> Drawing:
        """The picture of the current state."""
        raise NotImplementedError

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The board cell under a canvas pixel, or None."""
        return None

    def click_cell(self, x: int, y: int) -> None:
        """Handle a click on cell (x, y); report problems with :meth:`say`."""

    def hover_cell(self, x: int, y: int) -> None:
        """Handle the pointer resting on cell (x, y) (previews)."""

    def key(self, key: str) -> None:
        """Handle a key pressed while the canvas has focus."""

    # -- shared behaviour ---------------------------------------------------
    def redraw(self, *_: Any) -> None:
        """Repaint everything from state in one batched canvas message."""
        d = self.drawing()
        if (d.width, d.height) != (self.canvas.width, self.canvas.height):
            self.resize(int(d.width), int(d.height))
        paint(self.canvas, d, self.layers)
        self.redraw_count += 1

    def resize(self, width: int, height: int) -> None:
        """Give the canvas a new fixed pixel size."""
        self.canvas.width = width
        self.canvas.height = height
        self.canvas.layout.width = f"{width}px"
        self.canvas.layout.height = f"{height}px"

    def say(self, message: str, kind: str = "info") -> None:
        """Show a one-line message under the board (``kind``: info, ok, error)."""
        colour = {"error": "#b2182b", "ok": "#1b7837"}.get(kind, "#333333")
        self.status.value = (f'<span class="skye-{kind}" style="color:{colour};font-size:1.1em">'
                             f"{escape(message)}</span>")

    @property
    def message(self) -> str:
        """The status line's plain text."""
        return plain_text(self.status.value)

    def _on_mouse_down(self, px: float, py: float) -> None:
        cell = self.cell_at(int(px), int(py))
        if cell is not None:
            self.click_cell(*cell)

    def _on_mouse_move(self, px: float, py: float) -> None:
        cell = self.cell_at(int(px), int(py))
        if cell is not None:
            self.hover_cell(*cell)

    def _on_key_down(self, key: str, *_: Any) -> None:
        self.key(key)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, plus a static SVG for viewers without a kernel."""
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        if isinstance(bundle, tuple):
            data = dict(bundle[0])
        else:
            data = dict(bundle)
        data["image/svg+xml"] = self.drawing().to_svg()
        return data


def plain_text(html: str) -> str:
    """The text of a small HTML snippet (tags dropped, entities decoded)."""
    return unescape(re.sub(r"<[^>]+>", "", html))


def on_click(button: W.Button, handler: Callable[[], None]) -> W.Button:
    """Attach a no-argument handler to a button (and return the button)."""
    button.on_click(lambda _b: handler())
    return button

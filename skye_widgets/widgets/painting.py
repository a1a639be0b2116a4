"""Painting a :class:`~skye_widgets.drawing.Drawing` on an ipycanvas ``MultiCanvas``: the widgets' one
module that imports ipycanvas (and through it numpy and Pillow).

:class:`~skye_widgets.widgets.base.CanvasBoard` imports it when a board is made, not when a game's
widgets are imported, so that importing them stays quick (issue 30, item 4: ipycanvas and numpy
are more than a third of that import). :func:`paint_layers` sends a whole repaint in one batched
message: runs of alike shapes as single styled commands (``fill_styled_polygons`` and friends).
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Iterable, Iterator, Sequence

import numpy as np
from ipycanvas import Canvas, MultiCanvas, hold_canvas
from ipycanvas.canvas import _CANVAS_MANAGER
from traitlets import Unicode

from ..drawing import FONT_FAMILY, LAYERS, Circle, Drawing, Line, Polygon, Rect, Shape, Text
from .threads import WIDGET_LOCK


@contextmanager
def batched() -> Iterator[None]:
    """``hold_canvas()`` that never leaves batching on after an exception, and whose message
    names its canvas first.

    ipycanvas' ``hold_canvas`` has no ``try/finally``: an exception while
    drawing would leave the canvas manager caching forever. On error the
    pending commands are dropped and caching restored.

    ipycanvas sends "switch to canvas X" only when X is not the canvas the kernel drew on last,
    and the browser keeps that canvas from message to message. A page that has just loaded (a
    reload, a Voila page opened while its kernel was already drawing) has no canvas yet: a
    message that did not name one made its first command fail, and that failure stopped the
    page's canvas manager for good (every board of the page stayed blank). So every batch starts
    by naming its canvas: one message always stands on its own.

    The manager is one for the whole kernel, and a board's events may run on another thread than
    the cells (a kernel subshell): the batch holds :data:`~.threads.WIDGET_LOCK`, so another
    thread's commands never join it (see :mod:`.threads`).
    """
    with WIDGET_LOCK:
        was_caching = _CANVAS_MANAGER._caching
        if not was_caching:
            _CANVAS_MANAGER._current_canvas = None
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


# --------------------------------------------------------------------------
# A batching painter: the same picture as paint(), far fewer canvas commands
# --------------------------------------------------------------------------

@lru_cache(maxsize=256)
def _rgb(colour: str) -> tuple[int, int, int] | None:
    """``#RRGGBB`` or ``#RGB`` as integers, None for anything else (named colours).

    >>> _rgb("#EE7733"), _rgb("#fff"), _rgb("red")
    ((238, 119, 51), (255, 255, 255), None)
    """
    c = colour.strip()
    if c.startswith("#") and len(c) == 7:
        try:
            return int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)
        except ValueError:
            return None
    if c.startswith("#") and len(c) == 4:
        try:
            return tuple(int(ch * 2, 16) for ch in c[1:])  # type: ignore[return-value]
        except ValueError:
            return None
    return None


def _ops(s: Shape) -> list[tuple[tuple[Any, ...], Any]]:
    """A shape as primitive operations: (group key, item). Consecutive ops with
    equal keys can be sent as one styled canvas command without changing the
    picture (the order of operations is kept). Key None: paint the shape alone."""
    out: list[tuple[tuple[Any, ...], Any]] = []
    fill = _rgb(s.fill) if getattr(s, "fill", None) and not isinstance(s, Text) else None
    stroke = _rgb(s.stroke) if getattr(s, "stroke", None) else None
    if isinstance(s, Text) or (getattr(s, "fill", None) and fill is None) or \
            (getattr(s, "stroke", None) and stroke is None):
        return [((None,), s)]
    if isinstance(s, Line):
        return [(("lines", s.line_width, s.dash), (s.points, stroke, s.opacity))]
    if isinstance(s, Polygon):
        if fill:
            out.append((("fill_poly",), (s.points, fill, s.opacity)))
        if stroke:
            out.append((("stroke_poly", s.line_width, s.dash), (s.points, stroke, s.opacity)))
    elif isinstance(s, Rect):
        if fill:
            out.append((("fill_rect",), ((s.x, s.y, s.w, s.h), fill, s.opacity)))
        if stroke:
            out.append((("stroke_rect", s.line_width, s.dash), ((s.x, s.y, s.w, s.h), stroke, s.opacity)))
    elif isinstance(s, Circle):
        if fill:
            out.append((("fill_circle",), ((s.cx, s.cy, s.r), fill, s.opacity)))
        if stroke:
            out.append((("stroke_circle", s.line_width, s.dash), ((s.cx, s.cy, s.r), stroke, s.opacity)))
    return out


def _send_group(c: Canvas, key: tuple[Any, ...], items: list[Any]) -> None:
    kind = key[0]
    colours = np.array([it[1] for it in items], dtype=np.uint8)
    alphas = np.array([it[2] for it in items], dtype=np.float64)
    if len(key) > 1:
        c.line_width = key[1]
        c.set_line_dash(list(key[2]))
    if kind in ("fill_poly", "stroke_poly", "lines"):
        pts = [np.asarray(it[0], dtype=np.float64) for it in items]
        if kind == "fill_poly":
            c.fill_styled_polygons(pts, colours, alphas)
        elif kind == "stroke_poly":
            c.stroke_styled_polygons(pts, colours, alphas)
        else:
            c.stroke_styled_line_segments(pts, colours, alphas)
    elif kind in ("fill_rect", "stroke_rect"):
        g = np.array([it[0] for it in items], dtype=np.float64)
        (c.fill_styled_rects if kind == "fill_rect" else c.stroke_styled_rects)(
            g[:, 0], g[:, 1], g[:, 2], g[:, 3], colours, alphas)
    else:
        g = np.array([it[0] for it in items], dtype=np.float64)
        (c.fill_styled_circles if kind == "fill_circle" else c.stroke_styled_circles)(
            g[:, 0], g[:, 1], g[:, 2], colours, alphas)


def paint_layers(canvas: MultiCanvas, drawing: Drawing, layers: Sequence[str] = LAYERS,
                 only: Iterable[str] | None = None) -> int:
    """Clear and repaint the canvases of ``drawing``'s layers in one message; returns canvas commands' groups.

    Runs of alike shapes become single styled commands (``fill_styled_polygons``
    and friends); text and named colours fall back to :func:`paint_shape`.
    ``only`` limits the repaint to some layers (the others keep their pixels).
    """
    wanted = set(layers if only is None else only)
    groups = 0
    with batched():
        for i, layer in enumerate(layers):
            if layer not in wanted:
                continue
            c = canvas[i]
            c.clear()
            c.global_alpha = 1.0
            c.line_cap = "round"
            c.line_join = "round"
            key: tuple[Any, ...] | None = None
            run: list[Any] = []
            for shape in drawing.on_layer(layer):
                for k, item in _ops(shape):
                    if k != key and run:
                        _send_group(c, key, run)   # type: ignore[arg-type]
                        groups += 1
                        run = []
                    if k == (None,):
                        paint_shape(c, item)
                        c.line_cap = "round"
                        c.line_join = "round"
                        groups += 1
                        key = None
                        continue
                    key = k
                    run.append(item)
            if run:
                _send_group(c, key, run)   # type: ignore[arg-type]
                groups += 1
    return groups


class BoardCanvas(MultiCanvas):
    """ipycanvas' ``MultiCanvas`` whose ``tooltip`` (the ``title`` of its ``<canvas>``, its
    accessible name) can be set.

    ipywidgets' browser code shows a tooltip only when the widget's ``description`` is
    empty and reads ``description.length`` unguarded: on a model without a
    ``description`` (a canvas) a tooltip would break the view. This canvas syncs an empty
    one, so the tooltip is shown and nothing breaks.
    """

    description = Unicode("").tag(sync=True)

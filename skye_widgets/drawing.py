"""A tiny drawing description shared by the static SVG and the live canvas.

Every picture in the project (a territory, a Hashi board, a Skylands board) is
first described as a :class:`Drawing`: a list of plain shapes on named layers.
The same description is then either

* turned into SVG text by :meth:`Drawing.to_svg` (so a notebook shows the state
  on GitHub, in VS Code, in nbval and after a reload, with no kernel), or
* painted on an ipycanvas ``MultiCanvas`` by :func:`skye_widgets.widgets.base.paint`
  in one batched message.

This module is pure Python: it imports neither ipywidgets nor ipycanvas.

>>> d = Drawing(40, 20)
>>> d.add(Rect(0, 0, 40, 20, fill="#eee"), Text(20, 10, "hi"))
>>> d.to_svg().startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Iterable, Iterator, Sequence, Union

Point = tuple[float, float]

#: The layers every drawing may use, bottom to top. A ``MultiCanvas`` view has
#: one canvas per layer; events arrive on the top one.
LAYERS: tuple[str, ...] = ("background", "tiles", "overlay")


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle (``x``, ``y`` is the top-left corner)."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    opacity: float = 1.0
    dash: tuple[float, ...] = ()
    layer: str = "tiles"


@dataclass(frozen=True)
class Circle:
    """A circle centred on ``cx``, ``cy``."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    opacity: float = 1.0
    dash: tuple[float, ...] = ()
    layer: str = "tiles"


@dataclass(frozen=True)
class Polygon:
    """A closed polygon through ``points``."""

    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    opacity: float = 1.0
    dash: tuple[float, ...] = ()
    layer: str = "tiles"


@dataclass(frozen=True)
class Line:
    """An open polyline through ``points`` (two points make a segment)."""

    points: tuple[Point, ...]
    stroke: str = "#000000"
    line_width: float = 1.0
    opacity: float = 1.0
    dash: tuple[float, ...] = ()
    layer: str = "tiles"


@dataclass(frozen=True)
class Text:
    """Text anchored at ``x``, ``y`` (centred both ways by default)."""

    x: float
    y: float
    text: str
    size: float = 12.0
    fill: str = "#000000"
    align: str = "center"  # "left" | "center" | "right"
    bold: bool = False
    opacity: float = 1.0
    layer: str = "tiles"


Shape = Union[Rect, Circle, Polygon, Line, Text]

_SVG_ANCHOR = {"left": "start", "center": "middle", "right": "end"}
FONT_FAMILY = "DejaVu Sans, Verdana, sans-serif"


def _num(v: float) -> str:
    """Format a coordinate compactly and deterministically."""
    r = round(float(v), 2)
    return str(int(r)) if r == int(r) else f"{r:g}"


def _paint_attrs(fill: str | None, stroke: str | None, line_width: float,
                 opacity: float, dash: Sequence[float]) -> str:
    parts = [f'fill="{escape(fill) if fill else "none"}"']
    if stroke:
        parts.append(f'stroke="{escape(stroke)}" stroke-width="{_num(line_width)}"')
        if dash:
            parts.append(f'stroke-dasharray="{" ".join(_num(d) for d in dash)}"')
    if opacity != 1.0:
        parts.append(f'opacity="{_num(opacity)}"')
    return " ".join(parts)


def shape_to_svg(s: Shape) -> str:
    """One shape as an SVG element."""
    if isinstance(s, Rect):
        return (f'<rect x="{_num(s.x)}" y="{_num(s.y)}" width="{_num(s.w)}" height="{_num(s.h)}" '
                f'{_paint_attrs(s.fill, s.stroke, s.line_width, s.opacity, s.dash)}/>')
    if isinstance(s, Circle):
        return (f'<circle cx="{_num(s.cx)}" cy="{_num(s.cy)}" r="{_num(s.r)}" '
                f'{_paint_attrs(s.fill, s.stroke, s.line_width, s.opacity, s.dash)}/>')
    if isinstance(s, Polygon):
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in s.points)
        return f'<polygon points="{pts}" {_paint_attrs(s.fill, s.stroke, s.line_width, s.opacity, s.dash)}/>'
    if isinstance(s, Line):
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in s.points)
        return (f'<polyline points="{pts}" stroke-linecap="round" stroke-linejoin="round" '
                f'{_paint_attrs(None, s.stroke, s.line_width, s.opacity, s.dash)}/>')
    if isinstance(s, Text):
        weight = ' font-weight="bold"' if s.bold else ""
        op = f' opacity="{_num(s.opacity)}"' if s.opacity != 1.0 else ""
        return (f'<text x="{_num(s.x)}" y="{_num(s.y)}" font-size="{_num(s.size)}" '
                f'font-family="{FONT_FAMILY}" text-anchor="{_SVG_ANCHOR[s.align]}" '
                f'dominant-baseline="central" fill="{escape(s.fill)}"{weight}{op}>{escape(s.text)}</text>')
    raise TypeError(f"not a shape: {s!r}")


@dataclass
class Drawing:
    """A picture as an ordered list of shapes, in pixels, on named layers.

    Shapes are painted layer by layer (``LAYERS`` order), and within a layer
    in the order they were added.
    """

    width: float
    height: float
    shapes: list[Shape] = field(default_factory=list)
    title: str = ""

    def add(self, *shapes: Shape) -> None:
        """Append shapes."""
        self.shapes.extend(shapes)

    def extend(self, shapes: Iterable[Shape]) -> None:
        """Append every shape of an iterable."""
        self.shapes.extend(shapes)

    def on_layer(self, layer: str) -> Iterator[Shape]:
        """The shapes of one layer, in drawing order."""
        return (s for s in self.shapes if s.layer == layer)

    def layers(self) -> list[str]:
        """The layers in painting order, known ones first."""
        used = {s.layer for s in self.shapes}
        extra = sorted(used - set(LAYERS))
        return [l for l in LAYERS if l in used] + extra

    def to_svg(self) -> str:
        """The whole drawing as a standalone SVG document."""
        w, h = _num(self.width), _num(self.height)
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
               f'viewBox="0 0 {w} {h}">']
        if self.title:
            out.append(f"<title>{escape(self.title)}</title>")
        for layer in self.layers():
            out.append(f'<g class="{escape(layer)}">')
            out.extend(shape_to_svg(s) for s in self.on_layer(layer))
            out.append("</g>")
        out.append("</svg>")
        return "\n".join(out)

    def _repr_svg_(self) -> str:
        return self.to_svg()

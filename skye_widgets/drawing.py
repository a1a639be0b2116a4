"""A tiny drawing description shared by the static SVG and the live canvas.

Every picture in the project (a territory, a Hashi board, a Skylands board) is
first described as a :class:`Drawing`: a list of plain shapes on named layers.
The same description is then either

* turned into SVG text by :meth:`Drawing.to_svg` (so a notebook shows the state
  on GitHub, in VS Code, in nbval and after a reload, with no kernel), or
* rendered to PNG bytes by :meth:`Drawing.to_png` (with Pillow; JupyterLab shows a
  saved SVG only in a trusted notebook, a saved PNG always), or
* painted on an ipycanvas ``MultiCanvas`` by :func:`skye_widgets.widgets.painting.paint_layers`
  in one batched message.

This module imports neither ipywidgets nor ipycanvas (Pillow only inside
:meth:`Drawing.to_png`).

>>> d = Drawing(40, 20)
>>> d.add(Rect(0, 0, 40, 20, fill="#eee"), Text(20, 10, "hi"))
>>> d.to_svg().startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import lru_cache, singledispatch
from html import escape
from typing import Any, Iterable, Iterator, Sequence, Union

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

Box = tuple[float, float, float, float]


def shape_box(s: Shape) -> Box:
    """The box (left, top, right, bottom) a shape covers, strokes included (a line's round ends
    too); a text's box is estimated (0.6 of its size per character wide, its size high).

    >>> shape_box(Circle(10, 10, 5)), shape_box(Text(0, 0, "ab", size=10))
    ((5.0, 5.0, 15.0, 15.0), (-6.0, -5.0, 6.0, 5.0))
    """
    if isinstance(s, Text):
        w, h = s.size * 0.6 * len(s.text), s.size
        x0 = s.x - w / 2 if s.align == "center" else s.x if s.align == "left" else s.x - w
        return (x0, s.y - h / 2, x0 + w, s.y + h / 2)
    lw = s.line_width / 2 if (isinstance(s, Line) or getattr(s, "stroke", None)) else 0.0
    if isinstance(s, Rect):
        return (s.x - lw, s.y - lw, s.x + s.w + lw, s.y + s.h + lw)
    if isinstance(s, Circle):
        return (s.cx - s.r - lw, s.cy - s.r - lw, s.cx + s.r + lw, s.cy + s.r + lw)
    xs, ys = [p[0] for p in s.points], [p[1] for p in s.points]
    return (min(xs) - lw, min(ys) - lw, max(xs) + lw, max(ys) + lw)


def boxes_overlap(a: Box, b: Box, tolerance: float = 0.5) -> bool:
    """Whether two boxes overlap by more than ``tolerance`` pixels both ways.

    >>> boxes_overlap((0, 0, 10, 10), (9, 9, 20, 20)), boxes_overlap((0, 0, 10, 10), (10, 0, 20, 10))
    (True, False)
    """
    return a[0] < b[2] - tolerance and b[0] < a[2] - tolerance and a[1] < b[3] - tolerance and b[1] < a[3] - tolerance


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
    #: What the picture shows, in whole sentences, for people who cannot see it (a screen
    #: reader reads it): written as the SVG's ``<desc>``, a widget's accessible text.
    description: str = ""

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
        title = self.title or self.description.split(". ")[0].rstrip(".")
        aria = ""
        if title:
            # ids unique per picture (a notebook page holds many SVGs): from the texts themselves
            import hashlib      # here, not at import: only an SVG needs it, and it loads OpenSSL (start-up)

            key = hashlib.sha1(f"{title}\n{self.description}".encode()).hexdigest()[:10]
            ids = f"t{key}" + (f" d{key}" if self.description else "")
            aria = f' role="img" aria-labelledby="{ids}"'
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
               f'viewBox="0 0 {w} {h}"{aria}>']
        if title:
            out.append(f'<title id="t{key}">{escape(title)}</title>')
        if self.description:
            out.append(f'<desc id="d{key}">{escape(self.description)}</desc>')
        for layer in self.layers():
            out.append(f'<g class="{escape(layer)}">')
            out.extend(shape_to_svg(s) for s in self.on_layer(layer))
            out.append("</g>")
        out.append("</svg>")
        return "\n".join(out)

    def to_png(self, scale: float = 1.0) -> bytes:
        """The same drawing as PNG bytes, ``scale`` times the size in pixels.

        Rendered with Pillow from the same shapes, layer by layer. Shapes are drawn at
        twice the size and scaled down (smooth edges), then stored with a palette of
        256 colours; dashes are drawn solid; text uses DejaVu Sans when it is installed,
        Pillow's own font otherwise.

        >>> d = Drawing(40, 20)
        >>> d.add(Rect(0, 0, 40, 20, fill="#eee"))
        >>> d.to_png()[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
        True
        """
        if not (isinstance(scale, (int, float)) and 0 < scale <= MAX_PNG_SCALE):
            raise ValueError(f"scale must be a number in (0, {MAX_PNG_SCALE}], not {scale!r}")
        return _render_png(self, float(scale))

    def alt_text(self) -> str:
        """The picture in words for an ``<img>``'s ``alt``: its description, else its title (the
        words of the SVG's ``<desc>`` and ``<title>``; "" for a picture with neither)."""
        return self.description or self.title

    def to_html(self) -> str:
        """The SVG as an HTML ``<img>`` whose ``alt`` is :meth:`alt_text`.

        JupyterLab and Notebook 7 draw an ``image/svg+xml`` (or ``image/png``) output as an ``<img>``
        with no ``alt``: the SVG's ``<title>`` and ``<desc>`` never reach a screen reader there (axe's
        ``image-alt``, issue 28). This is the same picture with its words, in the form they prefer.

        >>> d = Drawing(4, 2, description='A "tiny" <board>.')
        >>> html = d.to_html()
        >>> html.startswith('<img src="data:image/svg+xml;base64,')
        True
        >>> html.endswith('alt="A &quot;tiny&quot; &lt;board&gt;.">')
        True
        """
        import base64

        data = base64.b64encode(self.to_svg().encode("utf-8")).decode("ascii")
        return f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(self.alt_text(), quote=True)}">'

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def _repr_png_(self) -> bytes:
        return self.to_png()

    def _repr_html_(self) -> str:
        return self.to_html()

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """``text/plain`` in IPython: the description (what a screen reader or a text viewer shows)."""
        p.text(self.description or self.title or f"<Drawing {_num(self.width)}x{_num(self.height)}>")


@singledispatch
def picture_of(obj: Any) -> Drawing:
    """How ``obj`` is drawn. Each game's render module registers its ``render_*`` function for
    the objects it draws (``picture_of.register(Territory, render_territory)``): the drawing
    imports the rules, never the other way round, and a game's package imports its render
    module, so every object of the game can be drawn once the game is imported."""
    raise NotImplementedError(f"no picture of a {type(obj).__name__} is registered")


@singledispatch
def description_of(obj: Any) -> str:
    """What the picture of ``obj`` shows, in whole sentences ("" when nothing says it). Each
    game's describe module registers its ``describe_*`` function for the objects it describes,
    as its render module does for :func:`picture_of`."""
    return ""


class Pictured:
    """A mixin for objects shown as a picture (a :class:`Drawing`: :meth:`_picture`, by default
    the one :func:`picture_of` registers for the object's class); get ``_repr_svg_``, ``_repr_png_``
    and ``_repr_html_`` (the SVG as an ``<img>`` with ``alt``) from it (IPython stores all; a viewer
    picks one).

    :meth:`describe` (whole sentences: what the picture shows; by default what
    :func:`description_of` says) becomes the picture's ``<desc>`` (read by screen readers) and
    IPython's ``text/plain`` form.
    """

    def _picture(self) -> Drawing:
        return picture_of(self)

    def describe(self) -> str:
        """What the picture shows, in words ("" when the object has no description)."""
        return description_of(self)

    def _described_picture(self) -> Drawing:
        d = self._picture()
        if not d.description:
            d.description = self.describe()
        return d

    def _repr_svg_(self) -> str:
        return self._described_picture().to_svg()

    def _repr_png_(self) -> bytes:
        return self._picture().to_png()

    def _repr_html_(self) -> str:
        return self._described_picture().to_html()

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """``text/plain`` in IPython: the description, else the usual repr."""
        text = "" if cycle else self.describe()
        p.text(text or repr(self))


def picture_bundle(drawing: Drawing) -> dict[str, Any]:
    """The static forms of a picture, by MIME type: SVG (sharp, trusted viewers), PNG (shown
    everywhere, also in an untrusted notebook) and the SVG as an ``<img>`` with its words as
    ``alt`` (:meth:`Drawing.to_html`: what JupyterLab and Notebook 7 draw from a live kernel;
    tests/notebook_tools.py keeps only the SVG and the PNG in a saved notebook)."""
    bundle: dict[str, Any] = {"image/svg+xml": drawing.to_svg(), "image/png": drawing.to_png(),
                              "text/html": drawing.to_html()}
    if drawing.description:
        bundle["text/plain"] = drawing.description
    return bundle


# -- PNG rendering (Pillow) ----------------------------------------------------

#: The largest ``scale`` of :meth:`Drawing.to_png`, and the largest side of a PNG in pixels.
MAX_PNG_SCALE = 8.0
MAX_PNG_SIDE = 8000
#: The palette of an opaque PNG (a notebook keeps one PNG per picture: keep them small);
#: 0 keeps every colour. A PNG with transparent pixels keeps every colour.
PNG_COLOURS = 256
#: Shapes are drawn this many times larger, then scaled down (anti-aliasing).
_SUPERSAMPLE = 2
_FONT_FILES = {
    False: ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/dejavu/DejaVuSans.ttf", "/usr/share/fonts/TTF/DejaVuSans.ttf"),
    True: ("DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
           "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf", "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf"),
}
_PIL_ANCHOR = {"left": "lm", "center": "mm", "right": "rm"}


@lru_cache(maxsize=64)
def _font(size: int, bold: bool) -> Any:
    """DejaVu Sans at ``size`` pixels if found, else Pillow's built-in font."""
    from PIL import ImageFont
    for name in _FONT_FILES[bold]:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    try:
        return ImageFont.load_default(size=size)
    except TypeError:                 # Pillow < 10.1: a fixed-size bitmap font
        return ImageFont.load_default()


@lru_cache(maxsize=256)
def _rgba(colour: str | None) -> tuple[int, int, int, int] | None:
    """A CSS colour as RGBA, or None for no paint ("none", empty or unknown)."""
    if not colour or colour == "none" or colour == "transparent":
        return None
    from PIL import ImageColor
    try:
        c = ImageColor.getrgb(colour)
    except ValueError:
        return None
    return (c[0], c[1], c[2], c[3] if len(c) == 4 else 255)


def _with_alpha(c: tuple[int, int, int, int] | None, opacity: float) -> tuple[int, int, int, int] | None:
    if c is None:
        return None
    a = round(c[3] * max(0.0, min(1.0, float(opacity))))
    return None if a <= 0 else (c[0], c[1], c[2], a)


def _draw_shape(draw: Any, s: Shape, k: float) -> None:
    """Draw one shape, opaque, at ``k`` pixels per unit (colours carry their alpha)."""
    if isinstance(s, Text):
        fill = _with_alpha(_rgba(s.fill), s.opacity)
        if fill is None or not s.text:
            return
        font = _font(max(1, round(s.size * k)), s.bold)
        try:
            draw.text((s.x * k, s.y * k), s.text, fill=fill, font=font, anchor=_PIL_ANCHOR.get(s.align, "mm"))
        except ValueError:            # a bitmap font takes no anchor: place its box by hand
            box = draw.textbbox((0, 0), s.text, font=font)
            w, h = box[2] - box[0], box[3] - box[1]
            dx = {"left": 0, "center": w / 2, "right": w}.get(s.align, w / 2)
            draw.text((s.x * k - dx, s.y * k - h / 2), s.text, fill=fill, font=font)
        return
    fill = _with_alpha(_rgba(getattr(s, "fill", None)), s.opacity)
    stroke = _with_alpha(_rgba(s.stroke), s.opacity)
    width = max(1, round(s.line_width * k)) if stroke else 0
    if isinstance(s, Rect):
        x0, x1 = sorted((s.x * k, (s.x + s.w) * k))
        y0, y1 = sorted((s.y * k, (s.y + s.h) * k))
        box = [x0, y0, x1, y1]
        if fill:
            draw.rectangle(box, fill=fill)
        if stroke:
            half = width / 2   # SVG centres the stroke on the edge; Pillow draws it inside the box
            draw.rectangle([x0 - half, y0 - half, x1 + half, y1 + half], outline=stroke, width=width)
    elif isinstance(s, Circle):
        cx, cy, r = s.cx * k, s.cy * k, abs(s.r) * k
        if fill:
            draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill)
        if stroke:
            R = r + width / 2
            draw.ellipse([cx - R, cy - R, cx + R, cy + R], outline=stroke, width=width)
    elif isinstance(s, Polygon):
        pts = [(x * k, y * k) for x, y in s.points]
        if len(pts) < 2:
            return
        if fill and len(pts) >= 3:
            draw.polygon(pts, fill=fill)
        if stroke:
            draw.line(pts + [pts[0]], fill=stroke, width=width, joint="curve")
    elif isinstance(s, Line):
        pts = [(x * k, y * k) for x, y in s.points]
        if stroke and len(pts) >= 2:
            draw.line(pts, fill=stroke, width=width, joint="curve")
            r = width / 2
            if width > 2:     # round caps, as the SVG's stroke-linecap="round"
                for x, y in (pts[0], pts[-1]):
                    draw.ellipse([x - r, y - r, x + r, y + r], fill=stroke)


def _translucent(s: Shape) -> bool:
    colours = [getattr(s, "fill", None), getattr(s, "stroke", None)]
    return s.opacity < 1.0 or any(c is not None and c[3] < 255 for c in map(_rgba, colours))


def _palette_image(img: Any, d: Drawing) -> Any:
    """An opaque picture with a palette of ``PNG_COLOURS`` colours, no dithering (3 to 5 times
    smaller): the drawing's own opaque colours first, exactly, then the image's most useful
    others (the blends of smooth edges)."""
    from PIL import Image
    own: list[tuple[int, int, int]] = []
    for s in d.shapes:
        for c in (getattr(s, "fill", None), getattr(s, "stroke", None)):
            rgba = _rgba(c)
            if rgba is not None and rgba[3] == 255 and rgba[:3] not in own:
                own.append(rgba[:3])
    own = own[:PNG_COLOURS // 2]
    rgb = img.convert("RGB")
    rest = rgb.quantize(PNG_COLOURS - len(own), method=Image.Quantize.FASTOCTREE,
                        dither=Image.Dither.NONE).getpalette() or []
    colours = [c for rgb_ in own for c in rgb_] + rest
    colours = (colours + colours[:3] * PNG_COLOURS)[:3 * PNG_COLOURS]
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours)
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


def _render_png(d: Drawing, scale: float) -> bytes:
    from PIL import Image, ImageDraw
    w = max(1, round(float(d.width) * scale))
    h = max(1, round(float(d.height) * scale))
    if w > MAX_PNG_SIDE or h > MAX_PNG_SIDE:
        raise ValueError(f"a PNG of {w} x {h} pixels is larger than {MAX_PNG_SIDE} pixels a side")
    k = scale * _SUPERSAMPLE
    big = Image.new("RGBA", (w * _SUPERSAMPLE, h * _SUPERSAMPLE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    for layer in d.layers():
        for s in d.on_layer(layer):
            if _translucent(s):
                # Pillow replaces pixels instead of blending: draw on a clear sheet, then composite.
                sheet = Image.new("RGBA", big.size, (0, 0, 0, 0))
                _draw_shape(ImageDraw.Draw(sheet), s, k)
                big.alpha_composite(sheet)
            else:
                _draw_shape(draw, s, k)
    img = big.resize((w, h), Image.Resampling.LANCZOS)
    if PNG_COLOURS and img.getextrema()[3][0] == 255:
        img = _palette_image(img, d)
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()

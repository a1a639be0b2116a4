"""The PNG form of a drawing (Pillow): same size, same shapes, same colours where the SVG puts them.

JupyterLab shows a saved ``image/svg+xml`` only in a trusted notebook; a saved ``image/png`` always.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from skye_widgets import drawing as D
from skye_widgets.drawing import Circle, Drawing, Line, Polygon, Rect, Text, picture_bundle

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def image(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC)
    return Image.open(io.BytesIO(png)).convert("RGBA")


def close(got, want, tol=12) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(got, want))


def test_shapes_colours_opacity_and_layer_order_by_hand():
    d = Drawing(100, 60)
    d.add(Rect(0, 0, 100, 60, fill="#ffffff", layer="background"),
          Circle(80, 30, 10, fill="#0000ff", layer="overlay"),        # added first, painted last
          Rect(60, 10, 40, 40, fill="#ff0000"),                       # covers (80, 30) on "tiles"
          Rect(0, 0, 40, 60, fill="#00ff00", opacity=0.5),            # half green over white
          Polygon(((45, 5), (55, 5), (50, 15)), fill="#000000"),
          Line(((0, 55), (100, 55)), stroke="#ff00ff", line_width=4, dash=(3, 3)))
    img = image(d.to_png())
    assert img.size == (100, 60)
    assert close(img.getpixel((80, 30)), (0, 0, 255, 255))         # overlay above tiles
    assert close(img.getpixel((65, 30)), (255, 0, 0, 255))         # the red rect around the circle
    assert close(img.getpixel((20, 30)), (128, 255, 128, 255))     # 50 % green over white
    assert close(img.getpixel((50, 8)), (0, 0, 0, 255))            # inside the triangle
    assert close(img.getpixel((50, 30)), (255, 255, 255, 255))     # nothing drawn there
    assert close(img.getpixel((50, 55)), (255, 0, 255, 255))       # the dashed line, drawn solid


def test_text_is_drawn_and_works_without_any_ttf(monkeypatch):
    def ink(d: Drawing) -> int:
        img = image(d.to_png())
        return sum(1 for x in range(img.width) for y in range(img.height) if img.getpixel((x, y))[0] < 128)

    d = Drawing(80, 30, [Rect(0, 0, 80, 30, fill="#ffffff"), Text(40, 15, "12", size=20, bold=True)])
    with_font = ink(d)
    assert with_font > 20
    monkeypatch.setattr(D, "_FONT_FILES", {False: ("/no/such/font.ttf",), True: ("/no/such/font.ttf",)})
    D._font.cache_clear()
    try:
        assert ink(d) > 10          # Pillow's own font still writes the number
    finally:
        D._font.cache_clear()


def test_scale_size_and_bounds():
    d = Drawing(30.4, 20, [Rect(0, 0, 30, 20, fill="#123456")])
    assert image(d.to_png()).size == (30, 20)
    assert image(d.to_png(scale=2)).size == (61, 40)
    for bad in (0, -1, float("nan"), D.MAX_PNG_SCALE * 2, "2"):
        with pytest.raises(ValueError):
            d.to_png(scale=bad)
    with pytest.raises(ValueError):
        Drawing(D.MAX_PNG_SIDE + 1, 10).to_png()


def test_picture_bundle_and_drawing_repr():
    d = Drawing(10, 10, [Rect(0, 0, 10, 10, fill="#abc")])
    bundle = picture_bundle(d)
    assert set(bundle) == {"image/svg+xml", "image/png", "text/html"}
    assert bundle["image/svg+xml"] == d.to_svg() and bundle["image/png"] == d.to_png() == d._repr_png_()
    # JupyterLab draws an SVG or PNG output as an <img> with no alt: the HTML form carries the words
    assert bundle["text/html"] == d.to_html() == d._repr_html_() and 'alt=""' in bundle["text/html"]
    d.title, d.description = "A board", 'A board of 1 square: "blue" & <empty>.'
    html = picture_bundle(d)["text/html"]
    assert html.endswith('alt="A board of 1 square: &quot;blue&quot; &amp; &lt;empty&gt;.">'), html
    import base64
    svg = base64.b64decode(html.split("base64,", 1)[1].split('"', 1)[0]).decode()
    assert svg == d.to_svg() and "<desc" in svg
    assert d.to_png() == d.to_png()          # deterministic bytes


# -- one real drawing per game: a reference check of the colour at filled shapes' centres ----------

def _bbox(s) -> tuple[float, float, float, float]:
    """A generous box around any shape (stroke and text extents included)."""
    if isinstance(s, Rect):
        pad = s.line_width if s.stroke else 0
        return (min(s.x, s.x + s.w) - pad, min(s.y, s.y + s.h) - pad,
                max(s.x, s.x + s.w) + pad, max(s.y, s.y + s.h) + pad)
    if isinstance(s, Circle):
        r = abs(s.r) + (s.line_width if s.stroke else 0)
        return (s.cx - r, s.cy - r, s.cx + r, s.cy + r)
    if isinstance(s, Text):
        w = s.size * 0.75 * len(s.text) + 2
        x0 = {"left": s.x, "center": s.x - w / 2, "right": s.x - w}[s.align]
        return (x0 - 2, s.y - s.size, x0 + w + 2, s.y + s.size)
    xs = [p[0] for p in s.points]
    ys = [p[1] for p in s.points]
    pad = s.line_width + 1
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def _inside(s, x: float, y: float, margin: float) -> bool:
    """``(x, y)`` is well inside a filled rect or circle (``margin`` pixels from its edge)."""
    if isinstance(s, Rect):
        x0, y0, x1, y1 = _bbox(Rect(s.x, s.y, s.w, s.h))
        return x0 + margin <= x <= x1 - margin and y0 + margin <= y <= y1 - margin
    return (x - s.cx) ** 2 + (y - s.cy) ** 2 <= (abs(s.r) - margin) ** 2


def expected_samples(d: Drawing) -> list[tuple[tuple[int, int], tuple[int, int, int]]]:
    """Centres of opaque filled rects and circles that nothing painted later touches, with their colour."""
    order = [s for layer in d.layers() for s in d.on_layer(layer)]
    out = []
    for i, s in enumerate(order):
        if not isinstance(s, (Rect, Circle)) or not s.fill or s.fill == "none" or s.opacity != 1.0:
            continue
        cx, cy = (s.x + s.w / 2, s.y + s.h / 2) if isinstance(s, Rect) else (s.cx, s.cy)
        px, py = int(cx), int(cy)
        if not _inside(s, px + 0.5, py + 0.5, 3):
            continue
        if any(b[0] <= px + 2 and px - 1 <= b[2] and b[1] <= py + 2 and py - 1 <= b[3]
               for b in map(_bbox, order[i + 1:])):
            continue
        rgba = D._rgba(s.fill)
        if rgba is None or rgba[3] != 255:
            continue
        out.append(((px, py), rgba[:3]))
    return out


def territory_drawing() -> Drawing:
    from skye_widgets.skye.render import render_territory
    from skye_widgets.skye.territory import random_territory
    return render_territory(random_territory(8, seed=1))


def hashi_drawing() -> Drawing:
    from skye_widgets.hashi import load_board, render_board
    return render_board(load_board("skerries-a"))


def skylands_drawing() -> Drawing:
    from skye_widgets.skylands import GameState, render_game
    return render_game(GameState.new(2, seed=1))


@pytest.mark.parametrize("make", [territory_drawing, hashi_drawing, skylands_drawing])
def test_png_of_each_game_has_the_drawings_size_and_its_colours(make):
    d = make()
    img = image(d.to_png())
    assert img.size == (round(d.width), round(d.height))
    samples = expected_samples(d)
    assert len(samples) >= 3, f"too few unobstructed filled shapes to check in {make.__name__}"
    wrong = [(xy, want, img.getpixel(xy)[:3]) for xy, want in samples
             if not close(img.getpixel(xy)[:3], want)]
    assert not wrong, f"{make.__name__}: pixels not the colour of the shape the SVG puts there: {wrong[:5]}"
    assert len(img.getcolors(maxcolors=1 << 20)) > 5     # a picture, not a blank sheet


def test_objects_with_an_svg_have_the_same_picture_as_png():
    from skye_widgets.hashi import load_board
    from skye_widgets.hashi.puzzle import HashiPuzzle, PuzzleState
    from skye_widgets.skye.territory import random_territory
    from skye_widgets.skylands import GameState, PlayerBoard
    puzzle = HashiPuzzle(3, 1, {(0, 0): 1, (2, 0): 1})
    for obj in (random_territory(3, seed=2), load_board("skerries-a"), puzzle, PuzzleState(puzzle),
                GameState.new(2, seed=1), PlayerBoard()):
        pic = obj._picture()
        pic.description = obj.describe()           # the SVG carries the object's description
        assert pic.description and f"<desc id=" in obj._repr_svg_()
        assert obj._repr_svg_() == pic.to_svg()
        assert obj._repr_png_() == pic.to_png()

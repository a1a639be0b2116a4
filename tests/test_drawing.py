"""The shared drawing description: SVG output and canvas painting."""

import xml.etree.ElementTree as ET

from skye_widgets.drawing import Circle, Drawing, Line, Polygon, Rect, Text

SVG = "{http://www.w3.org/2000/svg}"


def sample() -> Drawing:
    d = Drawing(100, 50, title="a <sample>")
    d.add(Rect(0, 0, 100, 50, fill="#fff", layer="background"),
          Polygon(((0, 0), (10, 0), (5, 8.5)), fill="#0f0", stroke="#000"),
          Circle(50, 25, 10, stroke="#f00", dash=(2, 2), layer="overlay"),
          Line(((0, 0), (100, 50)), stroke="#00f", line_width=3),
          Text(50, 40, "5 < 6 & 7", bold=True))
    return d


def test_svg_is_well_formed_and_layered_in_order():
    root = ET.fromstring(sample().to_svg())
    assert root.attrib["width"] == "100" and root.attrib["height"] == "50"
    groups = [g.attrib["class"] for g in root.findall(f"{SVG}g")]
    assert groups == ["background", "tiles", "overlay"]
    tiles = root.find(f"{SVG}g[@class='tiles']")
    assert [child.tag.removeprefix(SVG) for child in tiles] == ["polygon", "polyline", "text"]
    assert tiles.find(f"{SVG}text").text == "5 < 6 & 7"
    assert root.find(f"{SVG}title").text == "a <sample>"


def test_svg_coordinates_are_compact_and_exact():
    svg = Drawing(10, 10, [Polygon(((0.5, 1.0), (2.25, 3.333)))]).to_svg()
    assert 'points="0.5,1 2.25,3.33"' in svg
    assert 'fill="none"' in svg


def test_repr_svg_matches_to_svg():
    d = sample()
    assert d._repr_svg_() == d.to_svg()

"""The smallest text each game's projector board draws (issue 32, item 4), in the drawing's pixels.

``tests/test_projector_canvas_text.py`` plays whole games on the projector page's widgets and finds no
smaller text in any drawing; ``tests/browser/test_projector_browser.py`` multiplies it by the canvas's
CSS scale on the page and wants 20 px at 1080p (and 20 x 720 / 1080 px at 720p).

``NOT_YET``: the games whose projector drawing still has smaller text (their smallest text as measured
at the start of game 0); the browser test marks them xfail with the size it measured, after every other
check has passed, and fails when one of them reaches 20 px (then move it to ``SMALLEST``). None now:
Hashi, Isle of Skye and Skylands draw their projector pictures with their ``PROJECTOR_TEXT``."""

from __future__ import annotations

from skye_widgets.drawing import Drawing, Text
from skye_widgets.hashi.render import PROJECTOR_TEXT as HASHI_TEXT
from skye_widgets.skye.render import PROJECTOR_TEXT as SKYE_TEXT
from skye_widgets.skylands.render import PROJECTOR_TEXT as SKYLANDS_TEXT

SMALLEST = {"hashi": HASHI_TEXT, "skye": SKYE_TEXT, "skylands": SKYLANDS_TEXT}
NOT_YET: set[str] = set()


def smallest_text(d: Drawing) -> float:
    """The size of the smallest text in a drawing (inf when it has none)."""
    return min((s.size for s in d.shapes if isinstance(s, Text) and s.text.strip()), default=float("inf"))

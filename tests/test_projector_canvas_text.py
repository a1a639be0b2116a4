"""Text inside the projector page's boards (issue 32, item 4): every text a projector drawing holds is at
least :data:`projector_text.SMALLEST` px in the drawing (the browser test multiplies it by the canvas's
CSS scale: 20 px or more at 1080p) and ends inside the drawing (measured with the PNG renderer's font,
DejaVu Sans), over whole games played by bots in every language."""

from __future__ import annotations

import pytest

import skye_widgets
from projector_text import SMALLEST, smallest_text
from skye_widgets.drawing import Text, _font
from skye_widgets.widgets.projector import ProjectorTable

LANGUAGES = ["en", "pt", "pl", "fr", "es"]
#: Two random bots at each game's table (Isle of Skye's table takes seats, the others bots).
BOTS = {"skye": {"seats": ["random", "random"]}}


def model(widget):
    """The game a projector widget shows (Skylands' widget calls it its state)."""
    return widget.state if hasattr(widget, "state") else widget.game


def drawings(widget) -> list:
    """Every drawing the projector page may show now: Isle of Skye's boards (the page shows the
    active player's; at the end each one with each scoring tile's breakdown, the menu the page
    offers then), the other games' one picture."""
    boards = getattr(widget, "boards", None)
    if boards is None:
        return [widget.drawing()]
    out = [b.drawing() for b in boards]
    if model(widget).is_over():
        for b in boards:
            for _label, number in b.breakdown_menu.options:
                if number:
                    b.show_breakdown(number)
                    out.append(b.drawing())
            b.show_breakdown(None)
    return out


def outside(d) -> list[str]:
    """The texts that end outside the drawing (the canvas would cut them)."""
    out = []
    for s in d.shapes:
        if not isinstance(s, Text) or not s.text.strip():
            continue
        width = _font(round(s.size), s.bold).getlength(s.text)
        left = {"left": s.x, "right": s.x - width}.get(s.align, s.x - width / 2)
        if left < -0.5 or left + width > d.width + 0.5:
            out.append(f"{s.text!r} ({s.size} px) from x = {left:.0f} to {left + width:.0f} in {d.width}")
    return out


@pytest.fixture(autouse=True)
def _english_after():
    yield
    skye_widgets.set_language("en")


@pytest.fixture(autouse=True)
def _no_painting(monkeypatch: pytest.MonkeyPatch) -> list:
    """The drawings are what is checked here; painting them on a canvas no browser shows took five
    sixths of the time (tests/test_canvas_base.py and the browser tests check the painting)."""
    from skye_widgets.widgets import painting

    painted: list = []
    monkeypatch.setattr(painting, "paint_layers", lambda canvas, drawing, *a, **k: painted.append(drawing) or 0)
    return painted


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", sorted(SMALLEST))
def test_projector_drawings_keep_their_text_large(game, language, _no_painting):
    """Bots play the whole game as the table is built (no event loop here: they move at once);
    the teacher's undo then walks it back to its start, one action at a time."""
    table = ProjectorTable(game, seed=3, speed="step", language=language,
                           **BOTS.get(game, {"bots": ["random", "random"]}))
    widget = table.game
    assert model(widget).is_over()
    # English: every position; the other languages (the same sizes, other words' widths): every third
    # position, the end and the start (a whole game each, in a third of the time)
    stride = 1 if language == "en" else 3
    seen, steps = [], 0
    while True:
        if steps % stride == 0 or not model(widget).history:
            for d in drawings(widget):
                seen.append(smallest_text(d))
                assert outside(d) == [], f"{steps} actions back"
        if not model(widget).history:
            break
        table.controls.undo()
        steps += 1
    assert steps > 20
    assert _no_painting                              # the boards were redrawn (not painted) on the way
    assert min(seen) == SMALLEST[game], seen       # the floor is met, and reached (not a loose bound)


"""The projector's class room panel in Voilà, in a real browser (Debian's Chromium), at 1920x1080
and 1280x720 (issue 31).

tests/browser/notebooks/class_room_panel.ipynb shows a :class:`~skye_widgets.widgets.rooms_projector.ClassRoomPanel`
on the projector template; the room service runs in the test's process (on a thread, as in
tests/test_rooms_projector.py) and Voilà's kernel reaches it through ``SKYE_ROOMS_URL``. The teacher
opens a room with the keyboard only; five students join and play over the service's HTTP and
websocket API from the test; the teacher flips three cards (Enter on the focused button); the page
must show what the room computes (the counts, the card, the leaderboard) and stay readable: every
visible text at least 20 px at 1080p, nothing below the fold, no English in the Portuguese page.
Screenshots go to build/screenshots/. We wait on what the page shows, never on a timer."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_rooms_projector import KEY, Service, Student, play_card  # noqa: E402

from skye_widgets import i18n  # noqa: E402
from skye_widgets.widgets.rooms_projector import TEXT  # noqa: E402

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
NOTEBOOK = "browser_notebooks/class_room_panel.ipynb"

#: Every visible text of the panel: too small (under minPx), or below / right of the viewport.
CHECK_JS = """
(minPx) => {
  const problems = [];
  const root = document.querySelector('.skye-room');
  if (!root) return ['no class room panel'];
  const W = window.innerWidth, H = window.innerHeight;
  const visible = el => {
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === 'none' || cs.visibility === 'hidden') return false;
    }
    const r = el.getBoundingClientRect();
    return r.width >= 1 && r.height >= 1 && r.left > -1000;
  };
  let texts = 0;
  for (const el of root.querySelectorAll('*')) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !visible(el)) continue;
    texts++;
    const size = parseFloat(getComputedStyle(el).fontSize);
    const name = `${el.tagName.toLowerCase()} "${(el.innerText || '').slice(0, 40)}"`;
    if (size < minPx - 0.01) problems.push(`small text (${size.toFixed(1)} px): ${name}`);
    const r = el.getBoundingClientRect();
    if (r.bottom > H + 1 || r.right > W + 1) problems.push(`off screen: ${name} ${r.right}x${r.bottom}`);
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) problems.push(`cut: ${name}`);
  }
  if (texts < 10) problems.push(`only ${texts} texts seen`);
  return problems;
}
"""


def check(page, height: int) -> None:
    problems = page.evaluate(CHECK_JS, 20 * height / 1080)
    assert problems == [], "\n".join(problems[:30])


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def tab_to(page, label: str, most: int = 40) -> None:
    """Press Tab until the focused element is the button ``label`` (keyboard only)."""
    for _ in range(most):
        page.keyboard.press("Tab")
        focused = page.evaluate("() => (document.activeElement && document.activeElement.innerText || '').trim()")
        if focused == label:
            return
    raise AssertionError(f"Tab never reached the button {label!r}")


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_class_on_the_projector(voila, page, tmp_path, monkeypatch, lang):
    service = Service(str(tmp_path / "rooms.db"))
    students: list[Student] = []
    try:
        monkeypatch.setenv("SKYE_ROOMS_URL", service.url)
        monkeypatch.setenv("SKYE_ROOMS_KEY", KEY)
        monkeypatch.setenv("LANGUAGE", lang)
        url = voila(NOTEBOOK)
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.goto(url)
        with i18n.speaking(lang):
            open_label, flip_label = str(TEXT["open"]), str(TEXT["flip"])
            board_title = str(TEXT["leaderboard"])
        expect(page.get_by_role("button", name=open_label)).to_be_visible(timeout=120_000)
        shoot(page, f"rooms_projector_{lang}_0_setup_1920x1080")
        tab_to(page, open_label)
        page.keyboard.press("Enter")
        code_line = page.locator(".skye-room-code")
        expect(code_line).to_contain_text(re.compile(r"[0-9A-Z]{4}-[0-9A-Z]{4}"), timeout=60_000)
        code = re.search(r"([0-9A-Z]{4})-([0-9A-Z]{4})", code_line.inner_text())
        assert code
        room_code = code.group(1) + code.group(2)
        names = ["Ana", "Ben", "Cris", "Dani", "Eli"]
        students = [Student(service, room_code, n) for n in names]
        for st in students:
            assert st.act(st.legal()[0])["type"] == "reply"
        rng = random.Random(3)
        tab_to(page, flip_label)
        for flip in range(3):
            # the focus stays on the flip button (its label says "force" while students are not done)
            assert page.evaluate("() => document.activeElement.classList.contains('skye-room-flip')")
            page.keyboard.press("Enter")
            counts = page.locator(".skye-room-counts")
            expect(page.locator(".skye-room-card")).to_contain_text(f" {flip + 1} ")
            play_card(students[:4], rng)                    # Eli does not end the turn
            v = service.room_view(room_code)
            with i18n.speaking(lang):
                expect(counts).to_contain_text(TEXT["counts"].format(count=5, done=v["students_done"]))
        v = service.room_view(room_code)
        board = page.locator(".skye-room-board")
        expect(board).to_contain_text(board_title)
        top = [s for s in sorted(v["seats"], key=lambda s: (-s["score"], s["seat"]))][:3]
        rows = board.locator(".skye-room-ranking tr")
        for i, s in enumerate(top):
            expect(rows.nth(i + 1)).to_contain_text(str(s["score"]))
        for width, height in ((1920, 1080), (1280, 720)):
            page.set_viewport_size({"width": width, "height": height})
            shoot(page, f"rooms_projector_{lang}_1_three_flips_{width}x{height}")
            check(page, height)
        if lang != "en":
            sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
            from test_no_english_leaks import leaks_in
            text = page.locator(".skye-room").inner_text()
            text = text.replace("skye-widgets rooms serve", " ")
            assert not leaks_in(text, lang), leaks_in(text, lang)
        assert not getattr(page, "page_errors", [])
    finally:
        for st in students:
            st.close()
        service.stop()


def test_sixty_sheets_fit_the_projector(voila, page, tmp_path, monkeypatch):
    """A full class (60 students, the most a room takes) joins: who is done, the leaderboard, and at
    the end the final ranking of all 60, each readable at both sizes without scrolling."""
    service = Service(str(tmp_path / "rooms.db"))
    try:
        monkeypatch.setenv("SKYE_ROOMS_URL", service.url)
        monkeypatch.setenv("SKYE_ROOMS_KEY", KEY)
        monkeypatch.setenv("LANGUAGE", "pl")
        url = voila(NOTEBOOK)
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.goto(url)
        with i18n.speaking("pl"):
            open_label, flip_label = str(TEXT["open"]), str(TEXT["flip"])
            counts = TEXT["counts"].format(count=60, done=0)
            ranking = str(TEXT["ranking"])
            end_label = str(TEXT["end"])
        expect(page.get_by_role("button", name=open_label)).to_be_visible(timeout=120_000)
        tab_to(page, open_label)
        page.keyboard.press("Enter")
        code_line = page.locator(".skye-room-code")
        expect(code_line).to_contain_text(re.compile(r"[0-9A-Z]{4}-[0-9A-Z]{4}"), timeout=60_000)
        code = "".join(re.search(r"([0-9A-Z]{4})-([0-9A-Z]{4})", code_line.inner_text()).groups())
        names = [f"{first} {k}" for k, first in zip(range(60), ["Zuzanna", "Maximilian", "Ana", "Bartholomew"] * 15)]
        for name in names:
            service.join(code, name)
        expect(page.locator(".skye-room-counts")).to_contain_text(counts)
        tab_to(page, flip_label)
        page.keyboard.press("Enter")
        expect(page.locator(".skye-room-card")).to_contain_text(" 1 ")
        for width, height in ((1920, 1080), (1280, 720)):
            page.set_viewport_size({"width": width, "height": height})
            shoot(page, f"rooms_projector_pl_60_playing_{width}x{height}")
            check(page, height)
        tab_to(page, end_label)
        page.keyboard.press("Enter")
        board = page.locator(".skye-room-board")
        expect(board).to_contain_text(ranking)
        expect(board).to_contain_text(names[-1])
        for width, height in ((1920, 1080), (1280, 720)):
            page.set_viewport_size({"width": width, "height": height})
            shoot(page, f"rooms_projector_pl_60_ranking_{width}x{height}")
            check(page, height)
    finally:
        service.stop()

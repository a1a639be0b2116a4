"""No request leaves the machine: a lesson in JupyterLab, the classroom table and the three
projector tables in Voila load everything from their own server (a school's filtered network,
or none, sees the same pages).

Every request the page makes is recorded; any host other than the server's own fails the test.
The Voila page uses this package's template (``skye-widgets``, named in the notebook's metadata),
which drops the lab template's Font Awesome links to a CDN (Voila's bundle carries the font).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from helpers import open_and_run, screenshot
from playwright.sync_api import expect


def record(page) -> list[str]:
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    return urls


def foreign(urls: list[str], own: str) -> list[str]:
    host = urlsplit(own).netloc
    return sorted({u for u in urls if urlsplit(u).scheme in ("http", "https", "ws", "wss")
                   and urlsplit(u).netloc != host})


def test_a_lesson_in_jupyterlab_asks_no_other_server(lab, page):
    urls = record(page)
    open_and_run(page, lab, "notebooks/03_areas.ipynb")
    page.wait_for_timeout(1000)
    assert len(urls) > 20                           # the recorder saw the page load
    assert foreign(urls, lab.url) == []


def test_the_voila_classroom_asks_no_other_server(voila, page):
    urls = record(page)
    url = voila("notebooks/classroom_demo.ipynb")
    page.goto(url)
    expect(page.get_by_role("button", name="start the game")).to_be_visible(timeout=120_000)
    page.wait_for_timeout(1000)
    assert any("voila-style" in u or "/voila/static/" in u for u in urls)
    assert foreign(urls, url) == []
    # the template's font: Font Awesome comes from Voila's own bundle, not a CDN link
    assert page.locator("link[href*='cdn.jsdelivr.net']").count() == 0
    assert page.evaluate("() => [...document.fonts].some(f => f.family.includes('Font Awesome 5 Free'))")
    # no developer notes on a teacher's screen
    body = page.locator("body").inner_text()
    assert ".venv/bin/voila" not in body and "Run All" not in body
    screenshot(page, "classroom_voila_first_screen")


def test_the_projector_pages_ask_no_other_server(voila, page):
    """The three projector tables (template ``skye-widgets-projector``): only their own server."""
    for game in ("skye", "hashi", "skylands"):
        tab = page.context.new_page()        # a tab each: leaving a page asks its own server to stop
        urls = record(tab)
        url = voila(f"notebooks/projector_{game}.ipynb")
        tab.goto(url)
        expect(tab.locator(".skye-projector-controls")).to_be_visible(timeout=120_000)
        tab.wait_for_timeout(1000)
        assert len(urls) > 20, game
        assert foreign(urls, url) == [], game
        assert tab.locator("link[href*='cdn.jsdelivr.net']").count() == 0, game
        tab.close()

"""Progress per visitor on a Voilà server: each visitor's own file keyed by ``?visitor=<id>``, no id
(or a bad one) keeps the visit in memory and leaves the server user's file alone, and outside Voilà
(JupyterLab, JupyterHub) the user's own ``progress.json`` as before.

The Voilà environment here is what ``voila/handler.py`` (0.5) gives a page's kernel: ``VOILA_PREHEAT``
``"False"``, ``VOILA_REQUEST_URL`` the page's whole address, ``QUERY_STRING`` its query.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from skye_widgets.i18n import speaking
from skye_widgets.progress import (Entry, MemoryProgressStore, ProgressStore, VisitorProgressStore, page_progress,
                                   read_progress, under_voila, valid_visitor)
from skye_widgets.widgets.hashi_puzzles import HashiPuzzlePicker
from skye_widgets.widgets.puzzles_home import PuzzlesHome

DAY = "2026-11-25"


def voila_env(query: str, url: str = "http://class.example:8866/") -> dict[str, str]:
    """A Voilà page kernel's variables for the page ``url`` + ``?query``."""
    return {"VOILA_PREHEAT": "False", "VOILA_REQUEST_URL": url + (f"?{query}" if query else ""),
            "QUERY_STRING": query, "SCRIPT_NAME": "/", "SERVER_NAME": "class.example"}


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data folder as ``SKYE_WIDGETS_DATA_DIR``, and no Voilà variable in this process."""
    monkeypatch.setenv("SKYE_WIDGETS_DATA_DIR", str(tmp_path / "data"))
    for name in ("VOILA_PREHEAT", "VOILA_REQUEST_URL", "VOILA_KERNEL_ID", "QUERY_STRING"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path / "data"


def shared_file(data: Path) -> Path:
    """The server user's progress file, with one solved puzzle in it."""
    data.mkdir(parents=True, exist_ok=True)
    path = data / "progress.json"
    ProgressStore(path).record("skye", "teacher-only", solved=True, score=9)
    return path


def test_two_visitors_keep_two_records(data: Path) -> None:
    shared = shared_file(data)
    before = shared.read_bytes()
    anna = page_progress(voila_env("visitor=anna-0001"))
    ben = page_progress(voila_env("lang=pt&visitor=ben_0002"))
    assert (anna.kind, ben.kind) == ("visitor", "visitor")
    assert isinstance(anna.store, VisitorProgressStore) and anna.store.path == data / "visitors" / "anna-0001.json"
    assert not anna.store.is_solved("skye", "teacher-only")           # the server user's record is not read
    assert anna.store.record("skye", "d1-farms", solved=True, score=7, hints=1)
    assert ben.store.record("hashi", "01_easy_1", solved=True)
    assert ben.store.record("skye", "d1-farms", score=3, hints=4)     # not solved, and not Anna's
    assert set(read_progress(data / "visitors" / "anna-0001.json")) == {"skye:d1-farms"}
    assert set(read_progress(data / "visitors" / "ben_0002.json")) == {"hashi:01_easy_1", "skye:d1-farms"}
    # each comes back to their own, through their link
    anna_again = page_progress(voila_env("visitor=anna-0001"))
    ben_again = page_progress(voila_env("visitor=ben_0002&lang=pt"))
    assert anna_again.store.get("skye", "d1-farms") == Entry(True, 7, 1)
    assert ben_again.store.get("skye", "d1-farms") == Entry(False, 3, 4)
    assert not anna_again.store.is_solved("hashi", "01_easy_1")
    assert shared.read_bytes() == before                               # the shared file is untouched
    assert ben.link == "http://class.example:8866/?lang=pt&visitor=ben_0002"
    assert ben.notice_text() == ("Your progress is kept for this page's address: bookmark it to come back "
                                 "to your progress.")


def test_no_id_under_voila_keeps_the_visit_in_memory(data: Path) -> None:
    shared = shared_file(data)
    before = shared.read_bytes()
    page = page_progress(voila_env("lang=fr"))
    assert page.kind == "none" and isinstance(page.store, MemoryProgressStore) and page.store.path is None
    assert not page.store.is_solved("skye", "teacher-only")           # nothing read from the shared file
    assert page.store.record("skye", "d1-farms", solved=True, score=5)
    assert page.store.is_solved("skye", "d1-farms")                   # kept for this visit
    assert shared.read_bytes() == before and not (data / "visitors").exists()
    assert sorted(p.name for p in data.iterdir()) == ["progress.json"]
    # the visitor's own link: the page's address, the other parameters kept, a fresh valid id
    match = re.fullmatch(r"http://class\.example:8866/\?lang=fr&visitor=([A-Za-z0-9_-]+)", page.link)
    assert match and valid_visitor(match[1]) and len(match[1]) == 16
    assert page_progress(voila_env("lang=fr")).link != page.link      # every visit its own id
    assert page.notice_text() == ("Your progress is kept only until you close this page. To keep it, open your "
                                  f"own link and bookmark it: {page.link}")
    assert page.notice_html().endswith(f'bookmark it: <a href="{page.link.replace("&", "&amp;")}">'
                                       f'{page.link.replace("&", "&amp;")}</a>')


@pytest.mark.parametrize("query, shown", [
    ("visitor=../../etc/passwd", "'../../etc/passwd'"),
    ("visitor=abc12", "'abc12'"),                                      # 5 characters: one too few
    ("visitor=" + "x" * 65, "'" + "x" * 40 + "'"),                    # 65: one too many (shown cut at 40)
    ("visitor=anna%20smith", "'anna smith'"),
    ("visitor=%C3%A9l%C3%A8ve01", "'élève01'"),
    ("visitor=", "''"),
    ("visitor=anna-0001&visitor=ben_0002", "'anna-0001 ben_0002'"),   # two ids: neither is taken
    ("visitor=<script>x</script>", "'<script>x</script>'"),
])
def test_a_bad_id_says_so_in_one_line_and_writes_nothing(data: Path, query: str, shown: str) -> None:
    shared = shared_file(data)
    before = shared.read_bytes()
    page = page_progress(voila_env(query))
    assert page.kind == "bad" and isinstance(page.store, MemoryProgressStore)
    assert page.store.record("hashi", "01_easy_1", solved=True)
    assert shared.read_bytes() == before and not (data / "visitors").exists()
    line = page.notice_text()
    assert "\n" not in line and line.startswith(f"The visitor id in this page's address cannot be used ({shown}): "
                                                "an id has 6 to 64 letters, digits, - or _. Your progress is kept "
                                                "only until you close this page; your own link is: http://")
    assert "<script>" not in page.notice_html()                      # the bad id is shown as text, escaped
    assert re.search(r"[?&]visitor=[A-Za-z0-9_-]{16}$", page.link) and page.link.count("visitor=") == 1


def test_the_id_rule(data: Path) -> None:
    assert valid_visitor("abc123") and valid_visitor("A-b_" * 16) and valid_visitor("x" * 64)
    for bad in ("abc12", "x" * 65, "a.b.c.d", "../../x", "abc/def", "abcdef\n", None, 123456):
        assert not valid_visitor(bad), bad
        with pytest.raises(ValueError, match="6-64 letters, digits"):
            VisitorProgressStore(bad)                                 # type: ignore[arg-type]


def test_outside_voila_the_users_own_file_as_before(data: Path) -> None:
    shared = shared_file(data)
    for env in ({}, {"QUERY_STRING": "visitor=anna-0001"}, {"HOME": "/home/student", "JUPYTERHUB_USER": "anna"}):
        assert not under_voila(env)
        page = page_progress(env)
        assert page.kind == "home" and page.notice() == "" and page.notice_html() == ""
        assert type(page.store) is ProgressStore and page.store.path == shared
        assert page.store.is_solved("skye", "teacher-only")
    assert page.store.record("hashi", "01_easy_1", solved=True)
    assert set(read_progress(shared)) == {"skye:teacher-only", "hashi:01_easy_1"}
    assert not (data / "visitors").exists()


def test_a_full_visitors_folder_refuses_a_new_visitor_with_a_warning(data: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(VisitorProgressStore, "max_files", 2)
    for name in ("first-01", "second-02"):
        assert VisitorProgressStore(name).record("skye", "a", solved=True)
    third = VisitorProgressStore("third-03")
    assert not third.record("skye", "a", solved=True)
    assert third.warning == (f"Could not save your puzzle progress to {data / 'visitors' / 'third-03.json'} "
                             "(the server already keeps the progress of 2 visitors).")
    assert not third.path.exists() and third.is_solved("skye", "a")   # kept for the visit
    assert VisitorProgressStore("first-01").record("hashi", "b", solved=True)   # known visitors go on saving


def test_the_pages_use_the_visitors_progress_and_show_the_line(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared = shared_file(data)
    before = shared.read_bytes()
    for name, value in voila_env("visitor=anna-0001").items():
        monkeypatch.setenv(name, value)
    home = PuzzlesHome(date=DAY)
    assert isinstance(home.store, VisitorProgressStore) and home.store.visitor == "anna-0001"
    assert home.skye.store is home.store and home.hashi.store is home.store
    assert home.visitor_line in home.children and "skye-puzzles-visitor" in home.visitor_line._dom_classes
    assert home.visitor_line.value.startswith("Your progress is kept for this page&#x27;s address")
    assert home.skye.visitor_line not in home.skye.children             # one line on the page, not three
    home.show("hashi")
    first = home.hashi.current.id
    home.store.record("hashi", first, solved=True)
    home.refresh()
    assert "Hashi: 1 of 41 puzzles solved." in home.summary.value
    assert set(read_progress(data / "visitors" / "anna-0001.json")) == {f"hashi:{first}"}
    assert shared.read_bytes() == before
    # the same page for another visitor starts at nothing solved
    monkeypatch.setenv("QUERY_STRING", "visitor=ben_0002")
    other = PuzzlesHome(date=DAY)
    assert "Hashi: 0 of 41 puzzles solved." in other.summary.value and "Isle of Skye: 0 of" in other.summary.value
    # no id: the line gives the visitor's own link, translated with the page
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://class.example:8866/")
    picker = HashiPuzzlePicker()
    assert picker.visitor_line in picker.children and "hashi-puzzle-visitor" in picker.visitor_line._dom_classes
    assert picker.visitor_line.value.startswith("Your progress is kept only until you close this page.")
    assert '<a href="http://class.example:8866/?visitor=' in picker.visitor_line.value
    with speaking("pt"):
        picker.relabel()
        assert not picker.visitor_line.value.startswith("Your progress")
        assert '<a href="http://class.example:8866/?visitor=' in picker.visitor_line.value
    assert shared.read_bytes() == before and json.loads(before)["puzzles"].keys() == {"skye:teacher-only"}


def test_outside_voila_the_pages_show_no_line(data: Path) -> None:
    home = PuzzlesHome(date=DAY)
    assert type(home.store) is ProgressStore and home.store.path == data / "progress.json"
    assert home.visitor_line not in home.children and home.visitor_line.value == ""


@pytest.mark.parametrize("code", ["pt", "pl", "fr", "es"])
def test_the_line_speaks_the_pages_language(data: Path, code: str) -> None:
    pages = [page_progress(voila_env(q)) for q in ("visitor=anna-0001", "lang=x", "visitor=../x")]
    english = [p.notice_text() for p in pages]
    with speaking(code):
        for page, in_english in zip(pages, english):
            line = page.notice_text()
            assert line and line != in_english and "{" not in line and "Your progress" not in line
            assert page.kind == "visitor" or line.endswith(page.link)
        assert "'../x'" in pages[2].notice_text() and "6" in pages[2].notice_text()


def test_a_preheated_kernel_asks_voila_for_the_address(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pre-heated kernel starts before anyone visits: it has ``VOILA_PREHEAT=True`` and no query;
    Voilà's ``get_query_string`` waits for the visitor's (here it answers at once)."""
    utils = pytest.importorskip("voila.utils")
    asked = []
    def get_query_string() -> str:                   # Voilà's: the visitor's request into os.environ
        asked.append(1)
        monkeypatch.setenv("SCRIPT_NAME", "/voila/render/puzzles_home.ipynb")
        monkeypatch.setenv("QUERY_STRING", "lang=pt&visitor=anna-0001")
        return "lang=pt&visitor=anna-0001"

    monkeypatch.setattr(utils, "get_query_string", get_query_string)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    page = page_progress()
    assert asked == [1] and page.kind == "visitor" and page.store.path == data / "visitors" / "anna-0001.json"
    # no whole address in a pre-heated kernel: the link is the page's path and query
    assert page.link == "/voila/render/puzzles_home.ipynb?lang=pt&visitor=anna-0001"
    monkeypatch.setattr(utils, "get_query_string", lambda: None)     # Voilà could not tell: no id
    none = page_progress()
    assert none.kind == "none" and re.fullmatch(r"/voila/render/puzzles_home\.ipynb\?lang=pt&visitor=[\w-]{16}",
                                                none.link)

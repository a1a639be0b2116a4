"""A whole class on one JupyterHub: five students log in at once, each gets the lessons, runs the
welcome notebook and places a tile.

JupyterHub on 127.0.0.1 with ``deploy/jupyterhub/jupyterhub_config.py`` (in its test mode: a dummy
login and local processes; configurable-http-proxy from npm, installed under ``build/chp``), five
Chromium contexts (five students). Measured and written to ``tests/output/jupyterhub_class.json``:
the memory (RSS) of each student's server and kernel, and the time from a click on the board to
the status line saying the tile is placed, with all five clicking together. docs/classroom.md
turns these into students per server size.

The same hub runs the live rooms as its service ``skye-rooms`` (issue 31): a teacher (the hub group
``teachers``) logs in, opens a Hashi room through the hub's proxy (the service's OAuth, in the
browser); student1's kernel joins it with its server's token and is seated under its login, while
student2's kernel may not open a room.

Then the class game itself, on the same hub: the teacher opens ``projector_class.ipynb`` in their
JupyterLab and opens a Hashi room with the keyboard (the game number typed, Tab, Enter: no key, the
hub says who is a teacher); the five students open ``class_play.ipynb`` in theirs, run it, type
only the room's code and join (their name is their login, checked on the projector). They play the
setup and three cards, clicking the real board where the greedy bot's plan says (the same seed, the
same cards for every sheet, as in tests/browser/test_rooms_browser.py); the teacher flips each card
on the panel (Enter). The panel's leaderboard is checked against the room's public view. Screenshots:
``tests/output/jupyterhub_class_panel.png`` and ``jupyterhub_class_board_student1.png``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from helpers import OUTPUT, canvases, click_canvas, run_all, screenshot
from jupyter_servers import REPO, _stop, _wait_http, free_port

from playwright.sync_api import expect
from test_rooms_browser import BOARD, CARDS, SEED, plan

from skye_widgets.hashi.board import load_board
from skye_widgets.hashi.game import Bridge, EndTurn, Setup, Write
from skye_widgets.hashi.render import board_geometry
from skye_widgets.skye.render import COORD_GUTTER, fit_view
from skye_widgets.skye.territory import Territory

CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
CHP_DIR = REPO / "build" / "chp"
STUDENTS = [f"student{i}" for i in range(1, 6)]
BIN = Path(sys.executable).parent


def configurable_http_proxy() -> Path:
    """The proxy JupyterHub starts, from npm (installed once under build/chp)."""
    exe = CHP_DIR / "node_modules" / ".bin" / "configurable-http-proxy"
    if not exe.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("npm is needed for configurable-http-proxy (apt-get install npm)")
        CHP_DIR.mkdir(parents=True, exist_ok=True)
        (CHP_DIR / "package.json").write_text(json.dumps(
            {"name": "skye-chp", "private": True, "dependencies": {"configurable-http-proxy": "^5"}}))
        subprocess.run([npm, "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=CHP_DIR,
                       check=True, capture_output=True, timeout=600)
    return exe


@pytest.fixture
def hub():
    pytest.importorskip("jupyterhub")
    tmp = Path(tempfile.mkdtemp(prefix="skye-hub-"))
    source, homes = tmp / "shared", tmp / "homes"
    for part in ("notebooks", "puzzles"):
        shutil.copytree(REPO / part, source / part, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    homes.mkdir()
    port = free_port()
    env = dict(os.environ, SKYE_CLASSROOM_TEST="1", SKYE_CLASSROOM_SOURCE=str(source),
               SKYE_CLASSROOM_HOMES=str(homes), SKYE_CLASSROOM_PORT=str(port),
               SKYE_CLASSROOM_HUB_PORT=str(free_port()), SKYE_CLASSROOM_PROXY_PORT=str(free_port()),
               SKYE_CLASSROOM_CHP=str(configurable_http_proxy()),
               SKYE_ROOMS_PORT=str(free_port()), SKYE_ROOMS_STATE=str(tmp), SKYE_CLASSROOM_TEACHERS="teacher",
               PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", PYTHONUNBUFFERED="1")
    log = tmp / "hub.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([str(BIN / "jupyterhub"), "-f", str(CONFIG)], cwd=tmp, env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_http(f"{url}/hub/health", proc, log, timeout=120)
        yield url, homes, source, proc
    finally:
        _stop(proc)
        subprocess.run(["pkill", "-f", f"{homes}"], check=False)      # any student server left behind
        shutil.rmtree(tmp, ignore_errors=True)


def student_processes(hub_proc) -> dict[str, list]:
    """Each student's single-user server and kernel processes (by the JUPYTERHUB_USER they run as)."""
    import psutil

    out: dict[str, list] = {s: [] for s in STUDENTS}
    for p in psutil.process_iter(["pid", "environ", "cmdline"]):
        try:
            user = (p.info["environ"] or {}).get("JUPYTERHUB_USER")
        except (psutil.Error, TypeError):
            continue
        if user in out:
            out[user].append(p)
    return out


ROOMS = "/services/skye-rooms/"
# run in a student's kernel: what a notebook does (SKYE_ROOMS_URL and the server's token come from the hub)
JOIN = """import json, os, urllib.error, urllib.request
def rooms(path, body):
    request = urllib.request.Request(os.environ["SKYE_ROOMS_URL"] + path, json.dumps(body).encode(), {
        "Authorization": "token " + os.environ["JUPYTERHUB_API_TOKEN"], "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)
print(json.dumps(rooms(%r, %r)))
"""


def run_in_kernel(page, code: str) -> str:
    """Run ``code`` in the kernel of the page's notebook; what it printed (or its error)."""
    return page.evaluate("""async (code) => {
        const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
        let out = "";
        const future = kernel.requestExecute({code, store_history: false});
        future.onIOPub = (msg) => {
            if (msg.header.msg_type === "stream") out += msg.content.text;
            if (msg.header.msg_type === "error") out += msg.content.ename + ": " + msg.content.evalue;
        };
        await future.done;
        return out; }""", code)


# the room's public view, as any hub user's kernel reads it
VIEW = """import json, os, urllib.request
request = urllib.request.Request(os.environ["SKYE_ROOMS_URL"] + %r,
                                 headers={"Authorization": "token " + os.environ["JUPYTERHUB_API_TOKEN"]})
with urllib.request.urlopen(request, timeout=30) as answer:
    print(json.dumps(json.load(answer)))
"""
LESSONS = "skye-widgets/notebooks"           # every user's copy of the lessons, in their home


def open_in_lab(page, url: str, user: str, notebook: str) -> None:
    """Open ``notebook`` of the user's lessons in their JupyterLab, run it, wait for its kernel."""
    page.goto(f"{url}/user/{user}/lab/tree/{LESSONS}/{notebook}")
    page.wait_for_function(
        "(name) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
        " return !!(w && w.context && w.context.path.endsWith(name) && w.sessionContext.session &&"
        " w.sessionContext.session.kernel && w.sessionContext.session.kernel.status === 'idle'); }",
        arg=notebook, timeout=180_000)
    run_all(page, timeout=180_000)


def focused_text(page) -> str:
    return page.evaluate("() => (document.activeElement && document.activeElement.innerText || '').trim()")


def tab_to(page, label: str, most: int = 12) -> None:
    """Press Tab until the focused element is the button ``label`` (keyboard only)."""
    for _ in range(most):
        if focused_text(page) == label:
            return
        page.keyboard.press("Tab")
    assert focused_text(page) == label, f"Tab never reached the button {label!r}"


def play_turn(page, root, geo, actions) -> None:
    """One student plays ``actions`` on the real board: clicks on the canvas, the 4 button, Done."""
    board = root.locator(".jupyter-widgets canvas").first
    desc = root.locator(".skye-description")
    for a in actions:
        board.scroll_into_view_if_needed()
        text = desc.text_content() or ""
        numbers = int(re.search(r"numbers written (\d+)", text).group(1))
        bridges = int(re.search(r"bridges drawn (\d+)", text).group(1))
        if isinstance(a, (Setup, Write)):
            if isinstance(a, Setup) and a.number == 4:
                root.get_by_role("button", name="4", exact=True).click()
            click_canvas(page, board, *geo.center(a.cell))
            expect(desc).to_contain_text(f"numbers written {numbers + 1},")
        elif isinstance(a, Bridge):
            click_canvas(page, board, *geo.center(a.a))
            expect(root.locator(".skye-status").last).to_contain_text("selected")
            click_canvas(page, board, *geo.center(a.b))
            expect(desc).to_contain_text(f"bridges drawn {bridges + 1},")
        elif isinstance(a, EndTurn):
            root.get_by_role("button", name="Done", exact=True).click()
    expect(root.locator(".skye-room-card")).to_contain_text("Wait for the teacher to flip the next card.")


def class_game(url: str, teacher, pages) -> None:
    """The teacher's panel and five students' JoinRoom, each in their own JupyterLab (see the module)."""
    teacher.set_viewport_size({"width": 1280, "height": 900})
    teacher.goto(f"{url}/hub/spawn")                                   # the teacher's own server
    teacher.wait_for_url(re.compile(r"/user/teacher/lab"), timeout=180_000)
    open_in_lab(teacher, url, "teacher", "projector_class.ipynb")
    panel = teacher.locator(".skye-room")
    open_button = panel.get_by_role("button", name="open a room for the class")
    expect(open_button).to_be_visible(timeout=60_000)
    expect(panel.locator("input[type=password]")).to_be_hidden()      # no key to type on a hub
    seed = panel.locator("input[type=number]").first                  # the game number
    seed.focus()
    teacher.keyboard.press("Control+A")
    teacher.keyboard.type(str(SEED))
    tab_to(teacher, "open a room for the class")
    teacher.keyboard.press("Enter")
    code_line = panel.locator(".skye-room-code")
    expect(code_line).to_contain_text(re.compile(r"[0-9A-Z]{4}-[0-9A-Z]{4}"), timeout=60_000)
    shown_code = re.search(r"[0-9A-Z]{4}-[0-9A-Z]{4}", code_line.inner_text()).group(0)
    code = shown_code.replace("-", "")

    roots = []
    for page, name in zip(pages, STUDENTS):
        open_in_lab(page, url, name, "class_play.ipynb")
        root = page.locator(".jp-NotebookPanel", has=page.locator(".skye-room-join"))
        expect(root.locator(".skye-room-name input")).to_have_value(name)   # the login: nothing to type
        expect(root.locator(".skye-room-name input")).to_be_disabled()
        root.locator(".skye-room-code input").fill(shown_code.lower())
        root.locator(".skye-room-join").click()
        roots.append(root)
    for page, root, name in zip(pages, roots, STUDENTS):
        expect(root.locator(".skye-status").first).to_contain_text(f"You are in room {shown_code} as {name}.",
                                                                   timeout=120_000)
        expect(root.locator(".skye-room-card")).to_contain_text("write a 3 or a 4", timeout=60_000)
    counts = panel.locator(".skye-room-counts")
    expect(counts).to_contain_text("5 students joined, 0 done with this card")
    chips = panel.locator(".skye-room-chips li")
    expect(chips).to_have_count(len(STUDENTS))
    assert sorted(c.split()[0] for c in chips.all_inner_texts()) == STUDENTS   # their logins on the projector

    geo = board_geometry(load_board(BOARD))
    turns = plan()
    for page, root in zip(pages, roots):                 # the setup (ends the setup turn by itself)
        play_turn(page, root, geo, turns[0])
    flip = panel.locator(".skye-room-flip")
    for card in range(1, CARDS + 1):
        expect(flip).to_have_text("flip the next card")                # everybody is done: nobody passes
        flip.focus()
        teacher.keyboard.press("Enter")
        expect(panel.locator(".skye-room-card")).to_contain_text(f" {card} ")
        for page, root in zip(pages, roots):
            expect(root.locator(".skye-room-card")).to_contain_text(f"Card {card} of ")
            play_turn(page, root, geo, turns[card])
        expect(counts).to_contain_text("5 students joined, 5 done with this card")

    public = json.loads(run_in_kernel(pages[0], VIEW % f"api/rooms/{code}"))
    assert public["turned"] == CARDS and public["students_done"] == len(STUDENTS), public
    by_seat = {s["seat"]: s for s in public["seats"]}
    expected = [[str(by_seat[s]["rank"]), by_seat[s]["name"], str(by_seat[s]["score"])] for s in public["leaderboard"]]
    rows = panel.locator(".skye-room-ranking tr")
    expect(panel.locator(".skye-room-ranking")).to_contain_text("Leaderboard")
    expect(rows).to_have_count(len(STUDENTS) + 1)
    shown = [row.locator("td").all_inner_texts()[:3] for row in rows.all()[1:]]
    assert shown == expected, (shown, public)
    assert sorted(by_seat[s]["name"] for s in by_seat) == STUDENTS
    screenshot(teacher, "jupyterhub_class_panel")
    roots[0].locator(".jupyter-widgets canvas").first.scroll_into_view_if_needed()
    screenshot(pages[0], "jupyterhub_class_board_student1")
    for page in pages + [teacher]:
        assert not page.page_errors, page.page_errors


def teacher_opens_a_room(browser, url: str) -> tuple[object, str, str]:
    """The teacher logs in to the hub, straight to the rooms service (its OAuth), and opens a Hashi room."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    page.page_errors = []
    page.on("pageerror", lambda e, errors=page.page_errors: errors.append(str(e)))
    page.goto(f"{url}/hub/login?next={ROOMS}")
    page.fill("#username_input", "teacher")
    page.fill("#password_input", "any")
    page.click("#login_submit")
    page.wait_for_url(url + ROOMS)                          # after the hub's login and the service's OAuth
    me = json.loads(page.locator("pre").first.text_content())     # the service's page: who the hub says
    assert me["name"] == "teacher" and me["teacher"] is True, me
    status, made = page.evaluate(f"""async (xsrf) => {{
        const r = await fetch('{ROOMS}api/rooms', {{method: 'POST', body: JSON.stringify({{game: 'hashi', seed: 4}}),
            headers: {{'Content-Type': 'application/json', 'X-XSRFToken': xsrf}}}});
        return [r.status, await r.json()]; }}""", me["xsrf"])
    assert status == 200 and made["teacher_token"], made
    return page, me["xsrf"], made["code"]


def test_five_students_log_in_and_place_a_tile_at_once(hub, browser):
    url, homes, source, hub_proc = hub
    contexts, pages = [], []
    for name in STUDENTS:                                    # five students, five browsers
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        page.set_default_timeout(120_000)
        page.page_errors = []
        page.on("pageerror", lambda e, errors=page.page_errors: errors.append(str(e)))
        page.goto(f"{url}/hub/login")
        page.fill("#username_input", name)
        page.fill("#password_input", "any")
        page.click("#login_submit")
        contexts.append(ctx)
        pages.append(page)
    try:
        for page in pages:                                   # the hub spawns, then opens the welcome notebook
            page.wait_for_url(re.compile(r"/user/student\d/lab"), timeout=180_000)
            page.wait_for_function(
                "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
                " return !!(w && w.sessionContext && w.sessionContext.session &&"
                " w.sessionContext.session.kernel && w.sessionContext.session.kernel.status === 'idle'); }",
                timeout=180_000)
        for name in STUDENTS:                                # each has a personal copy of every lesson
            lessons = sorted(p.name for p in (homes / name / "skye-widgets" / "notebooks").glob("*.ipynb"))
            assert lessons == sorted(p.name for p in (source / "notebooks").glob("*.ipynb")), name
        for page in pages:
            run_all(page, timeout=180_000)
            page.locator(".skye-status").first.wait_for(timeout=60_000)
        view = fit_view(Territory("castle-blue").placements, cell=64, max_width=720, max_height=520,
                        gutter=COORD_GUTTER)
        px, py = view.to_px(0, 1)
        boards = []
        for page in pages:
            board = canvases(page).nth(0)
            board.scroll_into_view_if_needed()
            boards.append((page, board, board.bounding_box(), board.evaluate("c => c.width")))
        # all five click within a moment of each other; then each waits for its own answer
        clicked = []
        for page, board, box, width in boards:
            scale = box["width"] / width
            page.mouse.click(box["x"] + (px + 32) * scale, box["y"] + (py + 32) * scale)
            clicked.append(time.perf_counter())
        answered = []
        for (page, *_), start in zip(boards, clicked):
            page.wait_for_function(
                "() => [...document.querySelectorAll('.skye-status')].some("
                "e => e.innerText.includes('Placed tile 12 at (0, 1)'))", timeout=60_000, polling=20)
            answered.append(time.perf_counter() - start)
        screenshot(pages[0], "jupyterhub_student1")
        procs = student_processes(hub_proc)
        memory = {}
        for name, ps in procs.items():
            assert ps, f"no process found for {name}"
            memory[name] = round(sum(p.memory_info().rss for p in ps) / 2**20, 1)
        report = {"students": len(STUDENTS), "memory_mib_per_student": memory,
                  "memory_mib_mean": round(statistics.mean(memory.values()), 1),
                  "click_to_placed_s": [round(t, 3) for t in answered],
                  "click_to_placed_s_max": round(max(answered), 3),
                  "load_average": os.getloadavg()}
        OUTPUT.mkdir(parents=True, exist_ok=True)
        (OUTPUT / "jupyterhub_class.json").write_text(json.dumps(report, indent=1))
        print(json.dumps(report))
        for page in pages:
            assert not page.page_errors, page.page_errors

        # the live rooms: a teacher opens a room, student1's notebook joins it as student1
        teacher, xsrf, code = teacher_opens_a_room(browser, url)
        contexts.append(teacher.context)
        status, joined = json.loads(run_in_kernel(pages[0], JOIN % (f"api/rooms/{code}/join", {})))
        assert status == 200 and joined["seat"] == 0, joined
        status, again = json.loads(run_in_kernel(pages[0], JOIN % (f"api/rooms/{code}/join", {"name": "Someone"})))
        assert status == 200 and again == joined                         # one seat per student and room
        status, refused = json.loads(run_in_kernel(pages[1], JOIN % ("api/rooms", {"game": "hashi"})))
        assert status == 403 and refused == {"error": "Only teachers (the hub group teachers) may open a room."}
        view = teacher.evaluate(f"x => fetch('{ROOMS}api/rooms/{code}', {{headers: {{'X-XSRFToken': x}}}}).then(r => r.json())",
                                xsrf)
        assert [s["name"] for s in view["seats"]] == ["student1"], view

        # the class game: the teacher's panel and the students' JoinRoom, each in their JupyterLab
        class_game(url, teacher, pages)
    finally:
        for ctx in contexts:
            ctx.close()

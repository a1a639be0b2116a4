"""A whole class on one JupyterHub: five students log in at once, each gets the lessons, runs the
welcome notebook and places a tile.

JupyterHub on 127.0.0.1 with ``deploy/jupyterhub/jupyterhub_config.py`` (in its test mode: a dummy
login and local processes; configurable-http-proxy from npm, installed under ``build/chp``), five
Chromium contexts (five students). Measured and written to ``tests/output/jupyterhub_class.json``:
the memory (RSS) of each student's server and kernel, and the time from a click on the board to
the status line saying the tile is placed, with all five clicking together. docs/classroom.md
turns these into students per server size.
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
from helpers import OUTPUT, canvases, run_all, screenshot
from jupyter_servers import REPO, _stop, _wait_http, free_port

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
    finally:
        for ctx in contexts:
            ctx.close()

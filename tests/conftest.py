"""Real-browser test infrastructure: JupyterLab / Voila on 127.0.0.1 + Playwright.

Fixtures
--------
``lab``      a JupyterLab server (session-wide) serving a temporary copy of
             ``notebooks/``, ``puzzles/`` and ``tests/browser/notebooks/``
             (so running notebooks never writes into the repository).
``voila``    a factory: ``voila("notebooks/x.ipynb")`` serves one notebook with
             Voila and returns its URL; stopped at the end of the test.
``browser``  Debian's Chromium (``/usr/bin/chromium``) driven by Playwright,
             headless, ``--no-sandbox``; never a downloaded browser.
``page``     a fresh page (1400x1000). On failure a screenshot is kept.

Helpers (``from helpers import ...`` in a test module of this folder):
``open_and_run(page, lab, "notebooks/x.ipynb")`` opens a notebook, runs all
cells, waits until the kernel is idle and fails on any error output;
``canvases(page)`` (one <canvas> per MultiCanvas in ipycanvas 0.14),
``click_canvas(page, canvas, x, y)`` clicks it at pixel (x, y), ``pixel(canvas, x, y)``;
``status_text(...)``/``expect`` on widget labels (``.skye-status``).

Tests in ``tests/browser/`` and every test using these fixtures carry the
``browser`` marker automatically, and run after all other tests: Playwright's
sync API keeps an asyncio loop running while the browser is open, which would
change how widgets schedule bot moves in the headless tests.
"""

from __future__ import annotations

import collections
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable, Iterator

import pytest
from jupyter_servers import Server, _copy_tree, _stop, _wait_http, free_port, jupyter_server

# The tests expect English: a developer's locale (LANG=pt_BR.UTF-8, which skye_widgets.i18n follows) must
# change neither what the tests see nor what the notebooks' kernels, started from this process, print.
os.environ["LANGUAGE"] = "en"
# Progress (solved puzzles, lessons) goes to a folder of this test run, never to the developer's home:
# the notebooks' kernels and the servers started from here inherit it, and no two runs share it.
os.environ["SKYE_WIDGETS_DATA_DIR"] = tempfile.mkdtemp(prefix="skye-test-data-")
import skye_widgets  # noqa: E402  (after the environment is set; set_language in case it was imported already)

skye_widgets.set_language("en")

REPO = Path(__file__).resolve().parents[1]
OUTPUT = REPO / "tests" / "output"
CHROMIUM = "/usr/bin/chromium"
BIN = Path(sys.executable).parent

BROWSER_DIR = Path(__file__).parent / "browser"
BROWSER_FIXTURES = {"lab", "voila", "browser", "page"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        in_folder = BROWSER_DIR in Path(str(item.fspath)).parents
        if in_folder or BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
    # Browser tests last (stable order otherwise).
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list:
    """Every canvas message a widget sends (nothing reaches a browser): for counting redraws."""
    from ipycanvas.canvas import _CANVAS_MANAGER
    messages: list = []
    monkeypatch.setattr(type(_CANVAS_MANAGER), "_send_custom",
                        lambda self, command, buffers=[]: messages.append(command))
    return messages


@pytest.fixture(scope="session")
def lab() -> Iterator[Server]:
    """JupyterLab on 127.0.0.1 with a random port and token, serving a temp copy."""
    tmp = Path(tempfile.mkdtemp(prefix="skye-lab-root-"))
    root = tmp / "root"
    root.mkdir()
    _copy_tree(root)
    try:
        with jupyter_server(root) as server:
            yield server
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture
def voila(lab: Server, request: pytest.FixtureRequest) -> Iterator[Callable[[str], str]]:
    """Serve one notebook (path relative to the lab root) with Voila; returns its URL. When the test
    fails, the end of each server's log (its kernel's tracebacks among it) is printed with the failure."""
    procs: list[subprocess.Popen] = []
    logs: list[Path] = []

    def start(path: str) -> str:
        port = free_port()
        log = lab.root.parent / f"voila-{port}.log"
        cmd = [str(BIN / "voila"), path, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               "--Voila.port_retries=0"]
        with open(log, "w") as out:
            proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=lab.root,
                                    start_new_session=True)
        procs.append(proc)
        logs.append(log)
        url = f"http://127.0.0.1:{port}/"
        _wait_http(url, proc, log, timeout=120)
        return url

    try:
        yield start
    finally:
        for p in procs:
            _stop(p)
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed:
            for log in logs:
                print(f"--- the end of {log.name} ---\n{log.read_text(errors='replace')[-6000:]}")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium under Playwright (headless). Playwright's ``expect`` waits up to 30 s (its
    default is 5 s, shorter than a kernel's answer to a click on a loaded machine: a fresh-machine
    run timed out on "next move" and on a puzzle's rotation after 5 s)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=30_000)

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                  "--no-first-run", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"])
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser: object, request: pytest.FixtureRequest) -> Iterator[object]:
    """A fresh page; a screenshot is saved to tests/output/ when the test fails."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.page_errors = errors  # type: ignore[attr-defined]
    # the page's console errors and warnings (a widget view that failed to render says so there)
    console: collections.deque[str] = collections.deque(maxlen=40)
    pg.on("console", lambda m: console.append(f"{m.type}: {m.text[:300]}")
          if m.type in ("error", "warning") else None)
    frames = _record_kernel_frames(pg)
    pg.kernel_frames = frames  # type: ignore[attr-defined]
    try:
        yield pg
    finally:
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed:
            OUTPUT.mkdir(parents=True, exist_ok=True)
            try:
                pg.screenshot(path=str(OUTPUT / f"FAILED-{request.node.name}.png"), full_page=True)
            except Exception:
                pass
            # what went between the page and its kernels: a lost message shows which side lost it
            print("--- the page's last kernel messages (> sent, < received) ---\n" + "\n".join(frames[-80:]))
            print("--- the page's errors, then its console's errors and warnings ---\n"
                  + "\n".join(errors[-20:] + list(console)))
            # the lab's log (a kernel's traceback from a widget callback shows only there)
            server = request.getfixturevalue("lab") if "lab" in request.fixturenames else None
            log = getattr(server, "log", None)
            if log is not None and Path(log).exists():
                print(f"--- the end of the lab's log ---\n{Path(log).read_text(errors='replace')[-6000:]}")
        context.close()


def _frame_summary(payload: str | bytes) -> str:
    """One line for a kernel websocket message (JSON, or the binary v1.kernel.websocket.jupyter.org
    framing: a count of offsets, the offsets, then channel, header, parent header, metadata,
    content, buffers): its channel, type, and for widget messages the comm's method and what it
    carries (a custom event, or the names of the state it updates)."""
    import json
    import struct
    try:
        if isinstance(payload, bytes):
            (count,) = struct.unpack_from("<Q", payload, 0)
            offsets = list(struct.unpack_from(f"<{count}Q", payload, 8)) + [len(payload)]
            parts = [payload[offsets[i]:offsets[i + 1]] for i in range(min(count, 6))]
            channel = parts[0].decode()
            header, content = json.loads(parts[1]), json.loads(parts[4])
        else:
            msg = json.loads(payload)
            channel, header, content = msg.get("channel", "?"), msg.get("header", {}), msg.get("content", {})
    except Exception as exc:  # a frame we cannot read is still worth a line
        return f"unreadable frame ({len(payload)} bytes): {exc}"
    kind = header.get("msg_type", "?")
    line = f"{channel} {kind}"
    if header.get("subshell_id"):
        line += f" subshell={str(header['subshell_id'])[:8]}"
    if kind == "status":
        line += f" {content.get('execution_state')}"
    data = content.get("data") if isinstance(content, dict) else None
    if isinstance(data, dict):
        line += f" comm={str(content.get('comm_id', ''))[:8]} {data.get('method', '')}"
        if isinstance(data.get("content"), dict):
            line += f" {json.dumps(data['content'])[:80]}"
        if isinstance(data.get("state"), dict):
            line += " " + ",".join(sorted(data["state"]))[:80]
    return line


def _record_kernel_frames(pg: object) -> list[str]:
    """Record a line per message on the page's kernel websockets (see ``_frame_summary``)."""
    import time
    frames: list[str] = []
    start = time.monotonic()

    def watch(ws: object) -> None:
        if "/channels" not in ws.url:  # type: ignore[attr-defined]
            return
        name = ws.url.split("/api/kernels/")[-1][:8]  # type: ignore[attr-defined]
        stamp = lambda: f"{time.monotonic() - start:7.2f}s {name}"  # noqa: E731
        frames.append(f"{stamp()} opened")
        ws.on("framesent", lambda p: frames.append(f"{stamp()} > {_frame_summary(p)}"))  # type: ignore[attr-defined]
        ws.on("framereceived", lambda p: frames.append(f"{stamp()} < {_frame_summary(p)}"))  # type: ignore[attr-defined]
        ws.on("close", lambda _w: frames.append(f"{stamp()} closed"))  # type: ignore[attr-defined]
        ws.on("socketerror", lambda e: frames.append(f"{stamp()} error {e}"))  # type: ignore[attr-defined]

    pg.on("websocket", watch)  # type: ignore[attr-defined]
    return frames


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)

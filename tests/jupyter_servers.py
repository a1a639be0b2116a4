"""Jupyter servers for the real-browser tests: start JupyterLab or Notebook 7 on 127.0.0.1.

A plain module (not a conftest) so that tests can import it by name: ``from jupyter_servers
import REPO, jupyter_server`` (several conftest.py files exist, and which one Python calls
``conftest`` depends on the order pytest loaded them).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


@dataclass
class Server:
    """A running Jupyter server: ``url`` (no trailing slash), ``token``, ``root``."""

    url: str
    token: str
    root: Path
    process: subprocess.Popen
    log: Path | None = None       # the server's output, its kernels' tracebacks among it

    def lab_url(self, path: str) -> str:
        return f"{self.url}/lab/tree/{path}?token={self.token}&reset"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_http(url: str, proc: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except Exception:
            time.sleep(0.3)
    raise RuntimeError(f"server did not answer {url} within {timeout}s:\n{log.read_text()[-3000:]}")


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        except Exception:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


def _lab_settings(settings_dir: Path) -> None:
    """User settings: no autosave, no news/update pop-ups, no kernel-picker surprises."""
    def put(plugin: str, name: str, data: dict) -> None:
        d = settings_dir / plugin
        d.mkdir(parents=True, exist_ok=True)
        (d / f"{name}.jupyterlab-settings").write_text(json.dumps(data))

    put("@jupyterlab/docmanager-extension", "plugin", {"autosave": False})
    put("@jupyterlab/apputils-extension", "notification", {"fetchNews": "false", "checkForUpdates": False})


def _copy_tree(root: Path) -> None:
    for name in ("notebooks", "puzzles"):
        if (REPO / name).exists():
            shutil.copytree(REPO / name, root / name,
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    if (REPO / "tests" / "browser" / "notebooks").exists():
        shutil.copytree(REPO / "tests" / "browser" / "notebooks", root / "browser_notebooks")
    if (REPO / "voila.json").exists():          # Voila reads it from the folder it starts in
        shutil.copy(REPO / "voila.json", root / "voila.json")


@contextmanager
def jupyter_server(root: Path, app: str = "lab") -> Iterator[Server]:
    """Start ``jupyter lab`` (or ``jupyter notebook``: Notebook 7) on 127.0.0.1 serving ``root``.

    Random port and token, its own user settings (no autosave, no news), stopped on exit.
    Starting it twice on the same ``root`` is a server restart as a learner meets it.
    """
    tmp = Path(tempfile.mkdtemp(prefix=f"skye-{app}-"))
    settings = tmp / "settings"
    if app == "lab":
        _lab_settings(settings)
    port, token = free_port(), secrets.token_hex(16)
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(settings),
               JUPYTERLAB_WORKSPACES_DIR=str(tmp / "workspaces"),
               JUPYTER_RUNTIME_DIR=str(tmp / "runtime"), PYTHONUNBUFFERED="1")
    app_class = {"lab": "LabApp", "notebook": "JupyterNotebookApp"}[app]
    cmd = [str(BIN / "jupyter"), app, "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
           f"--{app_class}.expose_app_in_browser=True", "--ServerApp.port_retries=0"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    log = tmp / f"{app}.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=root,
                                start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", token, root, proc, log)
    try:
        _wait_http(f"{server.url}/api/status?token={token}", proc, log)
        yield server
    finally:
        _stop(proc)
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def static_site(folder: Path) -> Iterator[str]:
    """Serve ``folder`` with Python's http.server on 127.0.0.1 (a JupyterLite site); yields its base URL
    once ``index.html`` answers, and stops the server on exit."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(folder), str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                urllib.request.urlopen(base + "/index.html", timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError(f"the static server for {folder} did not start") from None
                time.sleep(0.1)
        yield base
    finally:
        _stop(proc)

"""JupyterHub configuration for a class: every student gets the skye-widgets lessons.

Drop this file into a JupyterHub (The Littlest JupyterHub: ``/opt/tljh/config/jupyterhub_config.d/``;
a plain JupyterHub: ``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py``). docs/classroom.md
says how, and what to set on Zero to JupyterHub (Kubernetes), where the copy is a postStart hook.

What it does:

* The lessons live once, read-only: the installed package's own (a wheel carries every language's
  lessons and both games' puzzles), or a folder named by ``SKYE_CLASSROOM_SOURCE`` (a checkout of
  this repository, or just its ``notebooks/`` and ``puzzles/``; ``/srv/skye-widgets`` when the hub's
  own environment lacks the package).
* On each login, before the student's server starts, the lessons are copied into the student's
  own folder ``~/skye-widgets/`` — only the files the student does not have yet: their work is
  never overwritten, and lessons added later appear. "Start a lesson afresh" = delete the file and
  log in again (or copy it from the shared folder).
* The student's JupyterLab opens on the welcome notebook.

``SKYE_CLASSROOM_TEST=1`` (the project's test, tests/browser/test_jupyterhub_browser.py) adds a
dummy login (any password) and local processes as the hub's own user, on 127.0.0.1 only; never
use it on a real server.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

c = get_config()  # noqa: F821 - provided by JupyterHub when it reads this file

try:                                # the package in the hub's environment: its lessons (pip install --no-deps is enough)
    from skye_widgets.curriculum import source_folder
    PACKAGED: Path = source_folder()
except ImportError:
    PACKAGED = Path("/srv/skye-widgets")
SOURCE = Path(os.environ.get("SKYE_CLASSROOM_SOURCE", PACKAGED))
FOLDER = "skye-widgets"                                 # the student's personal copy, in their home
FIRST_PAGE = f"/lab/tree/{FOLDER}/notebooks/00_welcome.ipynb"
COPIED = ("notebooks", "puzzles")


def copy_lessons(home: Path, source: Path = SOURCE, owner: tuple[int, int] | None = None) -> list[Path]:
    """Copy the shared lessons into ``home/skye-widgets`` without overwriting anything; returns the
    files copied. ``owner`` (uid, gid) is given to every new file and folder (a hub running as
    root, as on The Littlest JupyterHub)."""
    copied: list[Path] = []
    for part in COPIED:
        top = source / part
        if not top.is_dir():
            continue
        for src in sorted(top.rglob("*")):
            if ".ipynb_checkpoints" in src.parts or src.name.startswith("."):
                continue
            dst = home / FOLDER / src.relative_to(source)
            if src.is_dir() or dst.exists():
                continue
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
            copied.append(dst)
    if owner is not None:
        for path in [home / FOLDER, *(p for p in (home / FOLDER).rglob("*"))]:
            os.chown(path, *owner)
    return copied


def student_home(spawner) -> tuple[Path, tuple[int, int] | None]:
    """Where a student's files live, and who should own the copies."""
    home_dir = getattr(spawner, "home_dir", None)          # SimpleLocalProcessSpawner (tests)
    if home_dir:
        return Path(home_dir), None
    import pwd

    for name in (f"jupyter-{spawner.user.name}", spawner.user.name):   # TLJH's system users, then plain
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        return Path(entry.pw_dir), (entry.pw_uid, entry.pw_gid)
    raise RuntimeError(f"no home folder for {spawner.user.name}")


def pre_spawn_hook(spawner) -> None:
    home, owner = student_home(spawner)
    copy_lessons(home, owner=owner)


c.Spawner.pre_spawn_hook = pre_spawn_hook
c.Spawner.default_url = FIRST_PAGE
# A lesson's kernel plus its server use about what docs/classroom.md measured; these are the
# limits a spawner that can enforce them (systemd on TLJH, Kubernetes) applies.
c.Spawner.mem_limit = os.environ.get("SKYE_CLASSROOM_MEM_LIMIT", "1G")
c.Spawner.cpu_limit = float(os.environ.get("SKYE_CLASSROOM_CPU_LIMIT", "1"))

if os.environ.get("SKYE_CLASSROOM_TEST") == "1":
    homes = Path(os.environ["SKYE_CLASSROOM_HOMES"])
    c.JupyterHub.authenticator_class = "dummy"
    c.Authenticator.allow_all = True
    c.JupyterHub.spawner_class = "simple"
    c.SimpleLocalProcessSpawner.home_dir_template = str(homes / "{username}")
    c.JupyterHub.ip = "127.0.0.1"
    c.JupyterHub.port = int(os.environ["SKYE_CLASSROOM_PORT"])
    c.JupyterHub.hub_ip = "127.0.0.1"
    c.JupyterHub.hub_port = int(os.environ["SKYE_CLASSROOM_HUB_PORT"])
    c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ['SKYE_CLASSROOM_PROXY_PORT']}"
    c.ConfigurableHTTPProxy.command = [os.environ.get("SKYE_CLASSROOM_CHP", "configurable-http-proxy")]
    c.Spawner.args = ["--ServerApp.ip=127.0.0.1", "--LabApp.expose_app_in_browser=True"] + (["--allow-root"] if os.geteuid() == 0 else [])
    c.Spawner.env_keep = ["PATH", "PYTHONPATH", "JUPYTERLAB_SETTINGS_DIR", "JUPYTER_PATH", "HOME"]
    c.Spawner.start_timeout = 120
    c.Spawner.http_timeout = 120
    c.JupyterHub.cleanup_servers = True

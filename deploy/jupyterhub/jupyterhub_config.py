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
* The live rooms (play together, issue 31) run as a service of the hub, ``skye-rooms``, started and
  stopped by the hub (``skye-widgets rooms serve --hub``, on 127.0.0.1): every hub user may reach it,
  and a student's notebook finds it by ``SKYE_ROOMS_URL``. The members of the hub group ``teachers``
  open and lead rooms (add them on the hub's admin page, Groups). Its database is
  ``skye-rooms.sqlite`` in the hub's own folder (where ``jupyterhub.sqlite`` is), or in
  ``SKYE_ROOMS_STATE``; ``SKYE_ROOMS_PORT`` (8765), ``SKYE_ROOMS_TEACHERS`` (``teachers``) and
  ``SKYE_ROOMS=0`` (no rooms) change it. Needs the package in the hub's own environment.

``SKYE_CLASSROOM_TEST=1`` (the project's test, tests/browser/test_jupyterhub_browser.py) adds a
dummy login (any password) and local processes as the hub's own user, on 127.0.0.1 only; never
use it on a real server.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
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

# -- the live rooms, a service of the hub ---------------------------------------------------------
ROOMS = "skye-rooms"
ROOMS_PORT = int(os.environ.get("SKYE_ROOMS_PORT", "8765"))
ROOMS_STATE = Path(os.environ.get("SKYE_ROOMS_STATE", os.getcwd()))   # the hub runs in its state folder
TEACHERS = os.environ.get("SKYE_ROOMS_TEACHERS", "teachers")
# Where a student's kernel reaches the service: straight to it on this machine (it checks every
# request with the hub itself). Zero to JupyterHub: the proxy's, see docs/classroom.md.
ROOMS_URL = os.environ.get("SKYE_ROOMS_URL", f"http://127.0.0.1:{ROOMS_PORT}/services/{ROOMS}/")
ROOMS_ACCESS = f"access:services!service={ROOMS}"


def _configured(section, name, empty):
    """The value already configured (another file of the hub's), else ``empty``."""
    return section[name] if name in section else empty


def add_rooms(c) -> None:
    """Register the rooms service: the hub starts it, every user may reach it, teachers lead."""
    c.JupyterHub.services = [s for s in _configured(c.JupyterHub, "services", []) if s.get("name") != ROOMS] + [{
        "name": ROOMS,
        "url": f"http://127.0.0.1:{ROOMS_PORT}",
        "command": [sys.executable, "-m", "skye_widgets", "rooms", "serve", "--hub",
                    "--db", str(ROOMS_STATE / "skye-rooms.sqlite"), "--teachers", TEACHERS],
        "oauth_no_confirm": True,           # no "authorize this service?" page for a student
        "display": False,                   # not in the hub's Services menu: the notebooks use it
    }]
    # every user may reach the service (its OAuth, a server's token); JupyterHub 5 and 6 give
    # "user" only "self" unless told
    roles = [r for r in _configured(c.JupyterHub, "load_roles", []) if r.get("name") != "user"]
    user = next((r for r in _configured(c.JupyterHub, "load_roles", []) if r.get("name") == "user"),
                {"name": "user", "scopes": ["self"]})
    c.JupyterHub.load_roles = roles + [dict(user, scopes=sorted(set(user.get("scopes", ["self"])) | {ROOMS_ACCESS}))]
    # a notebook's $JUPYTERHUB_API_TOKEN: what the "server" role gives, and the rooms
    c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", ROOMS_ACCESS]
    groups = dict(_configured(c.JupyterHub, "load_groups", {}))
    groups.setdefault(TEACHERS, {"users": []})       # only adds: members added on the admin page stay
    c.JupyterHub.load_groups = groups
    env = dict(_configured(c.Spawner, "environment", {}))
    env.setdefault("SKYE_ROOMS_URL", ROOMS_URL)
    c.Spawner.environment = env


if os.environ.get("SKYE_ROOMS", "1") != "0" and importlib.util.find_spec("skye_widgets") is not None:
    add_rooms(c)

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
    if "SKYE_CLASSROOM_TEACHERS" in os.environ and "load_groups" in c.JupyterHub:   # the test's teachers
        c.JupyterHub.load_groups[TEACHERS]["users"] = os.environ["SKYE_CLASSROOM_TEACHERS"].split(",")

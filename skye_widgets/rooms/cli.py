"""``skye-widgets rooms ...``: the room service on one computer or a school network without a hub.

``rooms serve`` runs the service (tornado, imported only then; ``--hub``, or started by JupyterHub as
a service: the hub's users, see :mod:`.hubauth`); ``rooms open`` asks a running
service for a new room and prints its code and the teacher's token. Registering the command
imports nothing but argparse.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from ..cli import COMMAND_HELP, add_json_flag
from ..i18n import _

DEFAULT_DB = os.path.join(os.path.expanduser("~"), ".skye-widgets", "rooms.sqlite")


def register(sub: "argparse._SubParsersAction[Any]") -> None:
    """Add ``rooms serve`` and ``rooms open`` to the ``skye-widgets`` parser."""
    rooms = sub.add_parser("rooms", help=str(COMMAND_HELP["rooms"]))
    rsub = rooms.add_subparsers(dest="rooms_command", metavar="COMMAND")
    rooms.set_defaults(func=lambda args: (rooms.print_help(), 2)[1])
    serve = rsub.add_parser("serve", help=_("run the room service (students join with a code, each seat "
                                            "has its own token)"))
    # Translators: help of rooms serve --db; keep %(default)s, the default file
    serve.add_argument("--db", default=DEFAULT_DB, help=_("the rooms' database file (default: %(default)s)"))
    serve.add_argument("--host", default="127.0.0.1",
                       # Translators: help of rooms serve --host; keep %(default)s, the default address
                       help=_("the address to listen on (default: %(default)s, this computer only)"))
    # Translators: help of rooms serve --port; keep %(default)s, the default port
    serve.add_argument("--port", type=int, default=8765, help=_("the port (default: %(default)s; 0: any free one)"))
    serve.add_argument("--key", default=None,
                       help=_("the key a teacher gives to open a room (default: a new one, printed)"))
    serve.add_argument("--hub", action="store_true",
                       help=_("run as a JupyterHub service: the hub's users, its teachers group; where to "
                              "listen comes from the hub (the default when the hub starts it)"))
    # Translators: help of rooms serve --teachers; keep %(default)s, the group's name
    serve.add_argument("--teachers", default="teachers", help=_("with --hub: the hub group of the teachers, "
                                                                "who open and lead rooms (default: %(default)s)"))
    serve.set_defaults(func=_serve)
    opener = rsub.add_parser("open", help=_("open a room on a running service: prints its code and the "
                                            "teacher's token"))
    opener.add_argument("--game", choices=("hashi", "skye", "skylands"), default="hashi", help=_("the game"))
    opener.add_argument("--seats", default="",
                        # Translators: help of rooms open --seats; human, greedy, planner are typed as is
                        help=_("Isle of Skye, Skylands: the seats, human or a bot's kind (human,human,greedy); "
                               "Hashi: bot sheets (greedy,planner)"))
    opener.add_argument("--seed", type=int, default=None, help=_("the seed (the same seed, the same game)"))
    # Translators: help of rooms open --url; keep %(default)s, the default address
    opener.add_argument("--url", default="http://127.0.0.1:8765", help=_("the service (default: %(default)s)"))
    opener.add_argument("--key", required=True, help=_("the service's key (printed by rooms serve)"))
    add_json_flag(opener)
    opener.set_defaults(func=_open)


def _serve(args: argparse.Namespace) -> int:
    import asyncio
    import secrets

    from .service import serve

    os.makedirs(os.path.dirname(os.path.abspath(args.db)), exist_ok=True)
    if args.hub or run_by_a_hub():
        return _serve_hub(args)
    key = args.key or secrets.token_urlsafe(16)

    def announce(port: int) -> None:
        # Translators: {url} is the service's address, {key} the key that opens rooms
        print(_("Rooms at {url} (key to open a room: {key})").format(url=f"http://{args.host}:{port}", key=key),
              flush=True)
    try:
        asyncio.run(serve(args.db, host=args.host, port=args.port, create_key=key, announce=announce))
    except KeyboardInterrupt:
        return 130
    return 0


def run_by_a_hub() -> bool:
    """Whether JupyterHub started this process as a service (a user's server is no service)."""
    return bool(os.environ.get("JUPYTERHUB_SERVICE_NAME") and os.environ.get("JUPYTERHUB_API_TOKEN"))


def _serve_hub(args: argparse.Namespace) -> int:
    import asyncio

    try:
        from .hubauth import listen_address
        from .service import serve
    except ImportError:
        print(_("skye-widgets rooms serve --hub: JupyterHub is not installed here (pip install jupyterhub)."))
        return 2
    if not os.environ.get("JUPYTERHUB_API_TOKEN"):
        print(_("skye-widgets rooms serve --hub: the hub starts this command (c.JupyterHub.services); "
                "JUPYTERHUB_API_TOKEN is not set."))
        return 2
    host, port = listen_address()
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")

    def announce(bound: int) -> None:
        # Translators: {url} is the service's address, {group} the hub group of the teachers (teachers)
        print(_("Rooms for the hub at {url} (teachers: the hub group {group})").format(
            url=f"http://{host}:{bound}{prefix}", group=args.teachers), flush=True)
    try:
        asyncio.run(serve(args.db, host=host, port=port, announce=announce, teachers=args.teachers))
    except KeyboardInterrupt:
        return 130
    return 0


def _open(args: argparse.Namespace) -> int:
    import urllib.error
    import urllib.request

    body: dict[str, Any] = {"game": args.game, "seats": [s for s in args.seats.split(",") if s]}
    if args.seed is not None:
        body["seed"] = args.seed
    request = urllib.request.Request(args.url.rstrip("/") + "/api/rooms", json.dumps(body).encode(),
                                     {"Content-Type": "application/json", "Authorization": f"Bearer {args.key}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            data = json.loads(response.read(65536))
    except urllib.error.HTTPError as e:
        print(f"skye-widgets rooms open: {json.loads(e.read(65536) or b'{}').get('error', e.reason)}")
        return 2
    except (urllib.error.URLError, OSError) as e:
        # Translators: {url} is the room service's address, {reason} the system's reason (in English)
        print(_("skye-widgets rooms open: cannot reach {url}: {reason}").format(url=args.url, reason=e))
        return 2
    if args.json:
        print(json.dumps({"code": data["code"], "teacher_token": data["teacher_token"], "url": args.url}))
        return 0
    # Translators: {code} is the room's code (read it aloud), {token} the teacher's secret token
    print(_("Room {code}; the teacher's token (keep it secret): {token}").format(
        code=data["code"][:4] + "-" + data["code"][4:], token=data["teacher_token"]))
    return 0

"""The room service as a JupyterHub service: who asks is who the hub says (issue 31).

Imported only in hub mode (``skye-widgets rooms serve --hub``, or run by the hub as a managed
service): it needs ``jupyterhub``, which the standalone service does not.

What it guarantees:

* **Every request is a hub user's.** A browser is identified by the hub's OAuth (the service's own
  cookie after ``<prefix>oauth_callback``), a kernel by ``Authorization: token <JUPYTERHUB_API_TOKEN>``
  of the user's server (:class:`jupyterhub.services.auth.HubOAuth` checks either with the hub). The
  token must hold the service's access scope (``access:services!service=<name>``, given by a role,
  see ``deploy/jupyterhub/jupyterhub_config.py``); anyone else is refused (403) before anything
  else is read. A browser request authenticated by the cookie passes the hub's XSRF check.
* **A student is their hub login.** Joining takes no name: the seat is named by the login, and its
  token is derived from the login and the room's code (an HMAC with a secret kept in the rooms'
  database), so one person holds one seat per room and joining again gives the same seat and token
  back (even after the game started, or the service restarted).
* **Teachers are a hub group** (``teachers`` unless told otherwise): only its members open rooms
  and act as a room's teacher (with no token, or with the room's teacher token); a teacher token is
  refused to anyone else.

The hub refreshes what it says about a person (their groups) at most every
:data:`IDENTITY_CACHE_SECONDS` seconds.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import os
import re
from typing import Any
from urllib.parse import urlparse

import tornado.web
from jupyterhub.services.auth import HubOAuth, HubOAuthCallbackHandler, HubOAuthenticated

#: Seconds the service trusts the hub's word about a token (its user and groups) before asking again.
IDENTITY_CACHE_SECONDS = 60


class HubMode:
    """The hub's OAuth for the service, and what it says about the person asking."""

    def __init__(self, secret: bytes, teachers: str = "teachers", hub_auth: HubOAuth | None = None) -> None:
        self.secret = secret
        self.teachers = teachers
        self.hub_auth = hub_auth or HubOAuth(cache_max_age=IDENTITY_CACHE_SECONDS)
        self.prefix = self.hub_auth.base_url or "/"            # $JUPYTERHUB_SERVICE_PREFIX

    async def identify(self, handler: tornado.web.RequestHandler) -> dict[str, Any] | None:
        """The hub's model of the user asking (``name``, ``groups``, ``scopes``), or None if the
        hub does not know the request, or its token lacks the service's access scope."""
        model = await self.hub_auth.get_user(handler, sync=False)
        if not model or model.get("kind", "user") != "user":
            return None
        needed = self.hub_auth.access_scopes
        if needed and not self.hub_auth.check_scopes(needed, model):
            return None
        return model

    def is_teacher(self, user: dict[str, Any]) -> bool:
        return self.teachers in (user.get("groups") or ())

    def seat_token(self, user: dict[str, Any]) -> "SeatToken":
        return SeatToken(self.secret, user["name"])

    def check_xsrf(self, handler: tornado.web.RequestHandler) -> None:
        """The hub's XSRF check for a request authenticated by the cookie (none for a token)."""
        self.hub_auth.check_xsrf_cookie(handler)

    def handlers(self) -> list[tuple[str, type, dict[str, Any]]]:
        """The OAuth callback and the service's front page, under the prefix."""
        prefix = re.escape(self.prefix.rstrip("/") + "/")
        return [(prefix + "oauth_callback", CallbackHandler, {"hub_auth": self.hub_auth}),
                (prefix + "?", HomeHandler, {"mode": self})]


class SeatToken:
    """A hub user's seat token in a room: ``hmac(secret, code:name)`` (called with the room's code)."""

    def __init__(self, secret: bytes, name: str) -> None:
        self.secret, self.name = secret, name

    def __call__(self, code: str) -> str:
        return hmac.new(self.secret, f"{code}:{self.name}".encode(), hashlib.sha256).hexdigest()


class CallbackHandler(HubOAuthCallbackHandler):
    """Finishes the hub's OAuth login in a browser (sets the service's cookie)."""

    def initialize(self, hub_auth: HubOAuth) -> None:
        self.hub_auth = hub_auth


class HomeHandler(HubOAuthenticated, tornado.web.RequestHandler):
    """``GET <prefix>``: who the hub says you are. A browser not logged in is sent to the hub's
    login first; the answer carries the XSRF token a page sends back (``X-XSRFToken``) with its
    cookie-authenticated requests."""

    def initialize(self, mode: HubMode) -> None:
        self.mode = mode
        self.hub_auth = mode.hub_auth

    @tornado.web.authenticated
    def get(self) -> None:
        user = self.current_user
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps({"name": user["name"], "teacher": self.mode.is_teacher(user),
                                "xsrf": self.xsrf_token.decode("ascii")}))


def listen_address() -> tuple[str, int]:
    """Where the hub expects the service (``$JUPYTERHUB_SERVICE_URL``): ``(host, port)``. An address
    (``127.0.0.1``) is listened on as it is; a name (``http://hub:8765`` on Kubernetes, the hub pod's
    name for the others) on every interface of the machine or pod."""
    url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:8765"))
    host = url.hostname or "127.0.0.1"
    try:
        ipaddress.ip_address(host)
    except ValueError:
        host = "127.0.0.1" if host == "localhost" else "0.0.0.0"
    return host, url.port or 80

"""One board event and one batch of canvas commands at a time, whatever thread runs them.

Since ipykernel 7 and JupyterLab 4.4 a front end may send widget messages to a kernel *subshell*
(JupyterLab's default, "Kernel Comms over subshells: one subshell per comm-target"): the
callbacks of a click, a key, or a canvas that says it is ready then run on the subshell's own
thread while the main thread runs cells. ipycanvas batches the commands of every canvas in one
module-level manager (the canvas it draws on now, the commands cached so far), and a board keeps
what it painted last. Two threads painting at once would put one board's commands into another
board's message: a layer drawn on the wrong canvas, a board left blank.

:data:`WIDGET_LOCK` makes them take turns. :func:`skye_widgets.widgets.painting.batched` holds it
for every batch of canvas commands, and a board holds it while it handles an event from the page
(:func:`one_at_a_time`). It is re-entrant: a click that repaints takes it again.

The JupyterLab settings this package installs (``jupyter-config/lab/settings/overrides.d/
skye-widgets.json``) also turn comms over subshells off, so that under ``make lab`` every widget
message runs on the kernel's main thread, one after another, as ipywidgets expects. The lock is
for a JupyterLab whose own settings keep them on.
"""

from __future__ import annotations

import functools
import threading
from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

#: Held by every batch of canvas commands and every board event (re-entrant).
WIDGET_LOCK = threading.RLock()


def one_at_a_time(handler: F) -> F:
    """``handler`` run while holding :data:`WIDGET_LOCK`."""

    @functools.wraps(handler)
    def run(*args: Any, **kwargs: Any) -> Any:
        with WIDGET_LOCK:
            return handler(*args, **kwargs)

    return run  # type: ignore[return-value]

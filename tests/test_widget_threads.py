"""Board events that run on another thread than the cells (a kernel subshell, JupyterLab's default
since 4.4 with ipykernel 7) never mix their canvas commands with the cells' (skye_widgets/widgets/
threads.py). ipycanvas caches the commands of every canvas in one manager for the whole kernel:
without the lock, a batch begun on one thread took in the other thread's commands, and the
commands after them were drawn on the other thread's canvas.

The other thread is made to paint while this one is inside its batch (it waits for a signal);
with the lock it cannot start until the batch has gone, without it it paints at once (the wait
below ends as soon as it has), and its commands join the open batch."""

from __future__ import annotations

import threading

from ipycanvas import Canvas
from ipycanvas.canvas import COMMANDS

from skye_widgets.skye.territory import Territory
from skye_widgets.widgets.painting import batched
from skye_widgets.widgets.skye import TerritoryWidget
from skye_widgets.widgets.threads import WIDGET_LOCK, one_at_a_time

SWITCH = COMMANDS["switchCanvas"]
FILL_RECT = COMMANDS["fillRect"]


def _canvases_named(message: list) -> list[str]:
    """The model ids of the canvases a batched message switches to, in order."""
    return [c[1][0].removeprefix("IPY_MODEL_") for c in message if c[0] == SWITCH]


def _paint_while_another_thread_paints(first: Canvas, second: Canvas) -> threading.Thread:
    inside, done = threading.Event(), threading.Event()

    def other() -> None:
        inside.wait(10)
        with batched():
            second.fill_rect(0, 0, 2, 2)
        done.set()

    thread = threading.Thread(target=other)
    thread.start()
    with batched():
        first.fill_rect(0, 0, 1, 1)
        inside.set()
        done.wait(0.5)          # without the lock the other thread's whole batch runs here
        first.fill_rect(1, 1, 1, 1)
    thread.join(10)
    return thread


def test_a_batch_never_takes_in_another_threads_commands(sent):
    first, second = Canvas(width=10, height=10), Canvas(width=10, height=10)
    thread = _paint_while_another_thread_paints(first, second)
    assert not thread.is_alive()
    batches = [m for m in sent if isinstance(m[0], list)]
    assert len(batches) == 2, batches
    mine, theirs = batches
    # each message names one canvas, first, and holds that canvas's own commands only
    assert mine[0][0] == SWITCH and _canvases_named(mine) == [first.model_id]
    assert [c[0] for c in mine[1:]] == [FILL_RECT, FILL_RECT]
    assert theirs[0][0] == SWITCH and _canvases_named(theirs) == [second.model_id]
    assert [c[0] for c in theirs[1:]] == [FILL_RECT]


def test_a_board_event_waits_for_a_repaint_on_another_thread(sent):
    """A click handled on another thread waits until this thread's paint is over: the board's
    record of what it painted and the paint go together."""
    board = TerritoryWidget(Territory("castle-blue"), hand=["12"])
    order: list[str] = []
    started = threading.Event()

    def click() -> None:
        started.set()
        one_at_a_time(lambda: order.append("click"))()

    with WIDGET_LOCK:
        thread = threading.Thread(target=click)
        thread.start()
        started.wait(10)
        thread.join(0.3)        # without the lock the click would be over by now
        board.redraw(force=True)
        order.append("repaint")
    thread.join(10)
    assert order == ["repaint", "click"]


def test_the_lock_is_re_entrant_for_an_event_that_repaints():
    board = TerritoryWidget(Territory("castle-blue"), hand=["12"])
    before = board.redraw_count
    one_at_a_time(lambda: board.redraw(force=True))()
    assert board.redraw_count == before + 1

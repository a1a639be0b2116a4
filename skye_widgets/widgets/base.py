"""The shared canvas base of every game widget.

A game widget is a thin view: it asks the headless engine for state, turns it
into a :class:`~skye_widgets.drawing.Drawing` with the game's pure ``render``
functions, and paints that drawing on an ipycanvas ``MultiCanvas`` in one
batched message (:mod:`.painting`, imported when the first board is made). Clicks are
turned into cells and handed to :meth:`CanvasBoard.click_cell`, which subclasses
implement by calling the engine; tests call ``click_cell`` directly, no browser needed.
"""

from __future__ import annotations

import contextlib
import io
import math
import re
from html import escape, unescape
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

import ipywidgets as W

from ..drawing import LAYERS, Drawing, Rect, Shape, picture_bundle
from ..errors import BadConfigError, RulesError
from ..limits import is_finite_number
from ..protocol import Decision
from .. import i18n
from ..i18n import lazy, lazy_ngettext
from .threads import WIDGET_LOCK, one_at_a_time

if TYPE_CHECKING:
    import asyncio


def _same_shapes(a: tuple[Shape, ...], b: tuple[Shape, ...] | None) -> bool:
    """Equal shape sequences (cheap when both come from the same cached layer)."""
    return b is not None and len(a) == len(b) and all(x is y or x == y for x, y in zip(a, b))


#: The keys' names (as the browser sends them) and the cursor step they make.
ARROWS: dict[str, tuple[int, int]] = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1),
                                      "ArrowDown": (0, 1), "Left": (-1, 0), "Right": (1, 0), "Up": (0, -1),
                                      "Down": (0, 1)}
#: The cursor's colour (Paul Tol's purple: unlike the green legal spots and the hover preview).
CURSOR_COLOUR = "#AA3377"
#: Texts of the keyboard (whole sentences with named placeholders, translated when shown).
# Translators: the line under a board that says the keys (the key names Enter, Escape stay as on the keyboard).
KEYS_HELP = lazy("Keys: arrows move the cursor, Enter or space clicks, Escape clears.")
# Translators: the start of the line under a board that says the keys; the keys follow.
KEYS_PREFIX = lazy("Keyboard (click or Tab to the board first):")
# Translators: {x} and {y} are the cell's column and row numbers.
CURSOR_AT = lazy("Cursor at ({x}, {y}).")
CURSOR_EDGE = lazy("The cursor is at ({x}, {y}), the edge of the board.")
# Translators: what a screen reader calls a board (the focusable picture the keys play on) when it
# reaches it, after the board's name ("The 8 × 7 Hashi board Skerries with 18 islands, ..., game board").
BOARD_ROLE = lazy("game board")

#: A visually hidden block for screen readers (the usual "sr-only" rules).
SR_ONLY = ("position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
           "clip:rect(0,0,0,0);white-space:normal;border:0")


def keys_html(text: str) -> str:
    """The line under a board that says the keys."""
    return (f'<span style="color:#555;font-size:0.85em">{escape(str(KEYS_PREFIX))} {escape(str(text))}</span>'
            if text else "")


def description_html(text: str) -> str:
    """A board's description as hidden text a screen reader reads (and announces when it changes)."""
    return f'<div role="status" aria-live="polite" style="{SR_ONLY}">{escape(text)}</div>' if text else ""


def buttons_in(widgets: Iterable[Any]) -> list[W.Button]:
    """Every button among ``widgets`` and their children (boxes), depth first."""
    out: list[W.Button] = []
    for w in widgets:
        if isinstance(w, W.Button):
            out.append(w)
        out.extend(buttons_in(getattr(w, "children", ()) or ()))
    return out


def _board_aria() -> Any:
    """A new :class:`.aria.BoardAria`, or None when anywidget cannot be imported (a JupyterLite kernel
    that installed skye-widgets without its dependencies: the board works without it)."""
    try:
        from .aria import BoardAria   # anywidget, once a board is made (as ipycanvas)
    except ImportError:
        return None
    return BoardAria(layout=W.Layout(display="none"))


class Multilingual:
    """What every widget with a language picker shares: :meth:`set_language` (the picker calls it)
    and :meth:`relabel` (each widget reads its texts again)."""

    language_picker: LanguagePicker | None = None

    def make_language_picker(self) -> LanguagePicker:
        """This widget's picker (made once): choosing a language calls :meth:`set_language`."""
        if self.language_picker is None:
            self.language_picker = LanguagePicker(self.set_language)
        return self.language_picker

    def set_language(self, code: str) -> str:
        """Speak ``code`` ("en", "pt", "pl", "fr", "es") from now on (:func:`skye_widgets.set_language`:
        the whole kernel) and redraw every label, button, status line and the canvas of this widget;
        the game goes on where it was. Returns the language now spoken; an unknown one raises
        ValueError and changes nothing."""
        chosen = i18n.set_language(code)
        self.relabel()
        if self.language_picker is not None:
            self.language_picker.show_current()
        return chosen

    def relabel(self) -> None:
        """Every text of the widget again in the language spoken now."""


class CanvasBoard(Multilingual, W.VBox):
    """Base of the game widgets: a ``MultiCanvas`` plus a status line.

    Subclasses implement :meth:`drawing` (state -> Drawing, using the game's
    pure render module), :meth:`cell_at` (pixel -> cell) and
    :meth:`click_cell` (call the engine). Everything redraws from state, so a
    reloaded page (``on_client_ready``) shows the same picture.
    """

    layers: tuple[str, ...] = LAYERS
    #: The line under the board that says the keys (short; whole sentences, marked with ``lazy``).
    keys_help: Any = KEYS_HELP

    def __init__(self, width: int, height: int, *, controls: list[W.Widget] | None = None,
                 **kwargs: Any) -> None:
        from .painting import BoardCanvas   # ipycanvas (numpy, Pillow) once a board is made (start-up)

        self.canvas = BoardCanvas(len(self.layers), width=width, height=height,
                                  layout=W.Layout(width=f"{width}px", height=f"{height}px"))
        # Each layer's pixels come back from the browser after a paint, so a notebook saved with
        # its widget state (our JupyterLab settings turn that on) shows the board's last picture
        # when it is reopened without the kernel that drew it — never "model not found".
        for layer in self.canvas._canvases:
            layer.sync_image_data = True
        # ... and the board's whole picture too: each reply says the size the browser painted at, which
        # is how a board knows its picture survived a resize (see _check_frame)
        self.canvas.sync_image_data = True
        # reachable with Tab (ipycanvas' view also sets tabindex=0 on its <canvas>)
        self.canvas.tabbable = True
        # the canvas the board's ARIA helper (.aria) gives a role and a name
        self.canvas.add_class("skye-board-canvas")
        self.status = W.HTML(value="", layout=W.Layout(min_height="1.6em"))
        self.status.add_class("skye-status")
        #: The keyboard cursor: a cell, or None (arrows start it, Escape hides it).
        self.cursor: tuple[int, int] | None = None
        self.keys_line = W.HTML(value=keys_html(self.keys_help))
        self.keys_line.add_class("skye-keys")
        #: The board in words for screen readers: visually hidden, announced when it changes.
        self.description_html = W.HTML(value="", layout=W.Layout(height="0px", margin="0px", overflow="hidden"))
        self.description_html.add_class("skye-description")
        #: The canvas's role, name and description for screen readers (an invisible anywidget of
        #: :mod:`.aria`), or None without anywidget (the canvas keeps its tooltip as its name).
        self.aria = _board_aria()
        self.redraw_count = 0
        self._painted: dict[str, tuple[Shape, ...]] | None = None
        self._described = ""
        #: Repaints asked for by the browser's replies since the last frame that came back right.
        self.frame_repaints = 0
        #: What must still come back right after a full paint: layer numbers, and "board" (the composite).
        self._unconfirmed: set[int | str] = set()
        # The page's events may come on another thread than the cells (a kernel subshell): each is
        # handled whole, one at a time, never beside another repaint (threads.py).
        self.canvas.on_client_ready(one_at_a_time(lambda *_: self.redraw(force=True)))
        for i, layer in enumerate(self.canvas._canvases):
            layer.observe(one_at_a_time(lambda change, i=i: self._check_frame(i, change["new"])), names="image_data")
        self.canvas.observe(one_at_a_time(lambda change: self._check_frame("board", change["new"])), names="image_data")
        self.canvas.on_mouse_down(one_at_a_time(self._on_mouse_down))
        self.canvas.on_mouse_move(one_at_a_time(self._on_mouse_move))
        self.canvas.on_key_down(one_at_a_time(self._on_key_down))
        children = [*(controls or []), self.canvas, self.status, self.keys_line, *self.canvas_companions()]
        super().__init__(children=children, **kwargs)
        for b in buttons_in(controls or []):
            self.return_focus(b)

    # -- to implement -------------------------------------------------------
    def drawing(self) -> Drawing:
        """The picture of the current state."""
        raise NotImplementedError

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The board cell under a canvas pixel, or None."""
        return None

    def click_cell(self, x: int, y: int) -> None:
        """Handle a click on cell (x, y); report problems with :meth:`say`."""

    def hover_cell(self, x: int, y: int) -> None:
        """Handle the pointer resting on cell (x, y) (previews)."""

    def key(self, key: str) -> None:
        """Handle a key pressed while the canvas has focus: the arrows move the cursor,
        Enter or space click the cursor's cell, Escape hides the cursor. Subclasses handle
        their own keys first and pass the rest here."""
        if key in ARROWS:
            self.move_cursor(*ARROWS[key])
        elif key in ("Enter", " ", "Spacebar"):
            self.activate()
        elif key in ("Escape", "Esc"):
            self.cursor = None
            self.escape()

    # -- the keyboard cursor ------------------------------------------------
    def cursor_start(self) -> tuple[int, int] | None:
        """Where the cursor appears first (default: the cell (0, 0))."""
        return (0, 0)

    def cursor_allowed(self, cell: tuple[int, int]) -> bool:
        """Whether the cursor may stand on ``cell`` (default: any cell the board shows)."""
        return self.cell_box(*cell) is not None

    def cell_box(self, x: int, y: int) -> tuple[float, float, float, float] | None:
        """The pixel box (left, top, width, height) of cell (x, y) on the canvas, or None
        when it is not shown; the cursor is drawn around it."""
        return None

    def move_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor one cell (the first arrow shows it at :meth:`cursor_start`)."""
        if self.cursor is None:
            cell = self.cursor_start()
        else:
            cell = (self.cursor[0] + dx, self.cursor[1] + dy)
            if not self.cursor_allowed(cell):
                self.say(CURSOR_EDGE.format(x=self.cursor[0], y=self.cursor[1]), "info")
                return
        if cell is None:
            return
        self.cursor = cell
        self.cursor_moved(cell)

    def cursor_moved(self, cell: tuple[int, int]) -> None:
        """Say where the cursor is and repaint (once)."""
        self.say(CURSOR_AT.format(x=cell[0], y=cell[1]), "info")
        self.redraw()

    def activate(self) -> None:
        """Enter / space: click the cell under the cursor (show the cursor first)."""
        if self.cursor is None:
            self.move_cursor(0, 0)
            return
        self.click_cell(*self.cursor)

    def escape(self) -> None:
        """Escape: forget selections (subclasses add theirs) and repaint."""
        self.redraw()

    def cursor_shapes(self) -> list[Shape]:
        """The cursor's frame, on the top layer (dashed, unlike the hover preview)."""
        if self.cursor is None:
            return []
        box = self.cell_box(*self.cursor)
        if box is None:
            return []
        x, y, w, h = box
        return [Rect(x + 2, y + 2, w - 4, h - 4, stroke="#FFFFFF", line_width=5, layer=LAYERS[-1]),
                Rect(x + 2, y + 2, w - 4, h - 4, stroke=CURSOR_COLOUR, line_width=3, dash=(6.0, 3.0),
                     layer=LAYERS[-1])]

    def show_under_status(self, widget: W.Widget) -> None:
        """Place ``widget`` (an answer that comes and goes: a bot's suggestion) under the status line,
        below the board: what it says never moves the board under the pointer."""
        children = [c for c in self.children if c is not widget]
        children.insert(children.index(self.status) + 1, widget)
        self.children = tuple(children)

    def canvas_companions(self) -> list[W.Widget]:
        """The invisible widgets that go with the canvas in any box that shows it (a projector page
        shows the canvas in a box of its own): the board's description, and its ARIA helper, which
        gives the canvas of its own box a role, a name and that description (:mod:`.aria`)."""
        return [self.description_html, *([self.aria] if self.aria is not None else [])]

    # -- focus and words ------------------------------------------------------
    def focus_board(self) -> None:
        """Give the keyboard focus to the board (after a button, keys go on working)."""
        self.canvas.focus()

    def return_focus(self, button: W.Button) -> W.Button:
        """After ``button`` is pressed the focus comes back to the board."""
        button.on_click(lambda _b: self.focus_board())
        return button

    def relabel(self) -> None:
        """The keys' line, the board's description and the canvas again in the language spoken now
        (subclasses relabel their buttons and status first, then call this)."""
        self.keys_line.value = keys_html(self.keys_help)
        self._described = ""
        self.redraw(force=True)

    def describe(self) -> str:
        """The board in whole sentences (a screen reader's view of it); games say more."""
        d = self.drawing()
        return d.description or d.title

    def _update_description(self) -> None:
        text = self.describe()
        if text == self._described:
            return
        self._described = text
        first = text.split(". ")[0].rstrip(".") + "." if text else None
        self.canvas.tooltip = first
        self.description_html.value = description_html(text)
        if self.aria is not None:
            with self.aria.hold_sync():
                self.aria.roledescription = str(BOARD_ROLE)
                self.aria.label = first or str(BOARD_ROLE)

    # -- shared behaviour ---------------------------------------------------
    def redraw(self, *_: Any, force: bool = False) -> None:
        """Repaint from state in one batched canvas message.

        Only the layers whose shapes changed are repainted (a hover preview
        repaints the overlay alone); ``force`` repaints everything, as after a
        page reload (``on_client_ready``), when the canvas is blank.
        """
        with WIDGET_LOCK:             # what was painted last and the paint itself go together (threads.py)
            self._redraw(force)

    def _redraw(self, force: bool) -> None:
        d = self.drawing()
        d.extend(self.cursor_shapes())
        resized = (d.width, d.height) != (self.canvas.width, self.canvas.height)
        if resized:
            self.resize(int(d.width), int(d.height))
        per_layer = {layer: tuple(d.on_layer(layer)) for layer in self.layers}
        before = {} if force or resized or self._painted is None else self._painted
        changed = [l for l in self.layers if not _same_shapes(per_layer[l], before.get(l))]
        if changed:
            from .painting import paint_layers

            paint_layers(self.canvas, d, self.layers, only=changed)
        self._painted = per_layer
        self.redraw_count += 1
        self._update_description()
        if force or resized:
            self._unconfirmed = {*(i for i, l in enumerate(self.layers) if l in changed), "board"}

    def _check_frame(self, part: int | str, png: bytes | None) -> None:
        """The browser's reply after it painted a layer (``part``: its number) or composed the board
        ("board"): a PNG of what it now shows. Paint everything again when that picture cannot be
        the current one.

        The canvas's size (a widget state update) and its drawing (a custom message) travel as
        separate messages, and the browser may apply them in either order; setting a canvas's size
        clears it. A reply of another size than the board's says the drawing landed before the size
        and was wiped (or is about to be): the board paints again, and that paint lands after the
        size, which the browser has applied by then. After a full paint (a reload, a resize) every
        layer with shapes must also come back with something on it. (The composite is checked for
        its size only: a page that is still loading composes its board before the layers are
        painted, and says so with a blank picture that is no fault.) This waits
        on what the browser did, never on a timer; ``MAX_FRAME_REPAINTS`` in a row at most.
        """
        size = png_size(png)
        if size is None:
            return
        right = size == (self.canvas.width, self.canvas.height)
        if right and part != "board" and part in self._unconfirmed and self._painted \
                and self._painted.get(self.layers[part]) and png_is_blank(png):
            right = False           # the layer's drawing never reached this picture
        if right:
            self._unconfirmed.discard(part)
            if not self._unconfirmed:
                self.frame_repaints = 0
            return
        if self.frame_repaints < MAX_FRAME_REPAINTS:
            self.frame_repaints += 1
            self.redraw(force=True)

    def resize(self, width: int, height: int) -> None:
        """Give the canvas a new fixed pixel size (width and height in one update per canvas)."""
        with contextlib.ExitStack() as together:
            for part in (self.canvas, *self.canvas._canvases, self.canvas.layout):
                together.enter_context(part.hold_sync())
            self.canvas.width = width
            self.canvas.height = height
            self.canvas.layout.width = f"{width}px"
            self.canvas.layout.height = f"{height}px"

    def say(self, message: str, kind: str = "info") -> None:
        """Show a one-line message under the board (``kind``: info, ok, error)."""
        self.status.value = status_html(message, kind)

    @property
    def message(self) -> str:
        """The status line's plain text."""
        return plain_text(self.status.value)

    def _on_mouse_down(self, px: float, py: float) -> None:
        cell = self.cell_at(math.floor(px), math.floor(py)) if finite_pixels(px, py) else None
        if cell is not None:
            self.click_cell(*cell)

    def _on_mouse_move(self, px: float, py: float) -> None:
        cell = self.cell_at(math.floor(px), math.floor(py)) if finite_pixels(px, py) else None
        if cell is not None:
            self.hover_cell(*cell)

    def _on_key_down(self, key: str, shift: Any = False, *_: Any) -> None:
        if key == "Tab":
            self.leave_focus(backwards=shift is True)
            return
        self.key(key)

    def leave_focus(self, backwards: bool = False) -> None:
        """Tab out of the board. ipycanvas' page code swallows every key on the canvas
        (Tab too), which would trap a keyboard user: Shift+Tab goes to the last enabled
        button above the board, Tab lets go of the focus (the next Tab moves on)."""
        above = list(self.children[:list(self.children).index(self.canvas)])
        buttons = [b for b in buttons_in(above) if not b.disabled]
        if backwards and buttons:
            buttons[-1].focus()
        else:
            self.canvas.blur()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, plus static SVG and PNG pictures for viewers without a kernel
        (PNG: an untrusted notebook in JupyterLab shows no saved SVG)."""
        return with_picture(super()._repr_mimebundle_(**kwargs), self.picture())

    def picture(self) -> Drawing:
        """The static picture of the board: its drawing, with its description."""
        d = self.drawing()
        d.description = self.describe()
        return d


#: The largest pixel coordinate a handler takes (far beyond any canvas; bigger numbers,
#: like a huge whole number, are not pixels and would overflow float arithmetic).
MAX_PIXEL = 1e9


def with_picture(bundle: Any, drawing: Drawing | None) -> dict[str, Any]:
    """A widget's live MIME bundle (as ipywidgets returns it) plus the static SVG and PNG of
    ``drawing`` (:func:`~skye_widgets.drawing.picture_bundle`): every widget that shows a board
    gives viewers without a kernel its picture this way."""
    data = dict(bundle[0]) if isinstance(bundle, tuple) else dict(bundle or {})
    if drawing is not None:
        data.update(picture_bundle(drawing))
    return data


#: Full repaints in a row a board makes when the browser's replies show a wiped picture
#: (CanvasBoard._check_frame): a bound, never reached unless the browser keeps changing the size.
MAX_FRAME_REPAINTS = 8


def png_size(data: bytes | None) -> tuple[int, int] | None:
    """The (width, height) a PNG's header gives, or None when ``data`` is not a PNG.

    >>> png_size(bytes.fromhex("89504e470d0a1a0a0000000d49484452") + (300).to_bytes(4, "big") + (20).to_bytes(4, "big"))
    (300, 20)
    >>> png_size(b"no"), png_size(None)
    (None, None)
    """
    if not data or len(data) < 24 or bytes(data[:8]) != b"\x89PNG\r\n\x1a\n" or bytes(data[12:16]) != b"IHDR":
        return None
    return int.from_bytes(bytes(data[16:20]), "big"), int.from_bytes(bytes(data[20:24]), "big")


def png_is_blank(data: bytes) -> bool:
    """Whether a PNG has not one pixel that is not fully transparent (an unreadable one counts as not
    blank: it says nothing)."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(bytes(data))) as im:
            return im.mode in ("RGBA", "LA") and im.getchannel("A").getbbox() is None
    except (OSError, ValueError):
        return False


def finite_pixels(*values: Any) -> bool:
    """Whether every value is a real number fit to be a pixel: finite (a mouse event may
    carry NaN) and within ±``MAX_PIXEL``; never a bool or text.

    >>> finite_pixels(3, 4.5), finite_pixels(float("nan"), 0), finite_pixels(10**400, 0), finite_pixels(True, 0)
    (True, False, False, False)
    """
    return all(is_finite_number(v) and -MAX_PIXEL <= v <= MAX_PIXEL for v in values)


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's running asyncio loop (JupyterLab, Voila), or None outside one."""
    import asyncio      # here: a kernel has it already, a plain import of the widgets need not (start-up)

    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        return None
    return loop if loop.is_running() else None


def status_html(message: str, kind: str = "info") -> str:
    """A status-line message as HTML, coloured by ``kind`` (info, ok, error).

    >>> plain_text(status_html("Tile 12 & 33 placed", "ok"))
    'Tile 12 & 33 placed'
    """
    colour = {"error": "#b2182b", "ok": "#1b7837"}.get(kind, "#333333")
    return (f'<span class="skye-{kind}" style="color:{colour};font-size:1.1em">'
            f"{escape(message)}</span>")


class Html(str):
    """A value that is already HTML (a number in bold, a span): :func:`html_sentence` puts it in as is."""


def html_sentence(template: Any, **values: Any) -> str:
    """A marked sentence as HTML: the translated text escaped, then its values filled in — each
    escaped, except :class:`Html` ones (so a sentence keeps its words whole and translatable while
    a value shows in bold). ``template``: a ``lazy``/``lazy_ngettext`` text (its counter among
    ``values``) or a str.

    >>> html_sentence("{name} & co: {n}", name="<Ann>", n=Html("<b>5</b>"))
    '&lt;Ann&gt; &amp; co: <b>5</b>'
    """
    if isinstance(template, i18n.LazyPlural):
        text = i18n.ngettext(template.singular, template.plural, values[template.counter])
    else:
        text = str(template)
    return escape(text, quote=False).format(**{k: v if isinstance(v, Html) else escape(str(v), quote=False)
                                               for k, v in values.items()})


def plain_text(html: str) -> str:
    """The text of a small HTML snippet (tags dropped, entities decoded)."""
    return unescape(re.sub(r"<[^>]+>", "", html))


def on_click(button: W.Button, handler: Callable[[], None]) -> W.Button:
    """Attach a no-argument handler to a button (and return the button); it runs whole, one event
    at a time (:func:`~.threads.one_at_a_time`)."""
    button.on_click(one_at_a_time(lambda _b: handler()))
    return button


# --------------------------------------------------------------------------
# One turn loop for every game widget: people and bots at one table
# --------------------------------------------------------------------------

#: Messages of the turn loop (whole sentences with named placeholders, translated when shown).
# Translators: {name} is a bot's seat name, {error} the rules' own sentence saying why the move is illegal.
BOT_ILLEGAL = lazy("Bot {name} tried an illegal move: {error}")
# Translators: {name} is a bot's seat name, {error} what went wrong (a program error, may stay English).
BOT_FAILED = lazy("Bot {name} failed: {error}")
# Translators: a table built with the wrong number of seats; {players} is the game's number of players.
SEATS_COUNT = lazy_ngettext("{count} seat for a {players}-player game", "{count} seats for a {players}-player game")
# Translators: {seat} is what was given (Python's notation); "choose(state)" is a method's name (not translated).
SEAT_KIND = lazy("A seat is either None (a person) or a bot with choose(state), not {seat!r}.")
#: ``explain_last()`` of the game tables (the projector view calls it): whole sentences.
NO_BOT_MOVE = lazy("No bot has moved yet.")
# Translators: {name} is a bot's name, {action} the move in words (e.g. "buy tile 12 from Ana for 3 gold").
LAST_BOT_MOVE = lazy("{name}'s last move: {action}.")
# Translators: {why} is the bot's own explanation of its move.
LAST_BOT_WHY = lazy("Why: {why}")
MOVE_SCORED = lazy_ngettext("With this move {name}'s score went from {before} to {after} point:",
                            "With this move {name}'s score went from {before} to {after} points:", counter="after")
# Translators: a line of the score's breakdown the move added: {reason} why, {points} with its sign (+3, -1).
MOVE_SCORED_LINE = lazy("new: {reason}: {points:+d}")
# Translators: a line of the breakdown the move took away: {reason} why, {points} with its sign.
MOVE_SCORED_GONE = lazy("gone: {reason}: {points:+d}")
# Translators: a line of the breakdown the move changed, as a change: {before} and {after} say what it counted
# ("13 empty squares x -2" then "12 empty squares x -2"), {was} and {now} its points with their signs.
MOVE_SCORED_CHANGED = lazy("{before} → {after}: {was:+d} → {now:+d}")
MOVE_SCORED_NOTHING = lazy_ngettext("This move did not change {name}'s score ({points} point).",
                                    "This move did not change {name}'s score ({points} points).", counter="points")
SECRET_WHY = lazy("{name}'s reasons stay secret until every price is revealed.")
# Translators: the short link that opens a bot's explanation of its move.
WHY_SUMMARY = lazy("why?")
# Translators: the label (and tooltip) of every language picker (a dropdown listing each language in its own name).
LANGUAGE_LABEL = lazy("Language:")
# Translators: the label before the menu that picks a puzzle (Isle of Skye and Hashi puzzles).
PUZZLE_LABEL = lazy("puzzle:")
#: A dropdown's label as wide as its words (ipywidgets gives every label a fixed width otherwise).
LABEL_STYLE = {"description_width": "initial"}


class LanguagePicker(W.Dropdown):
    """The language picker of a table, a puzzle widget or the puzzles home (and the projector's
    teacher's controls): a small dropdown of :data:`skye_widgets.i18n.NAMES` (each language named
    in itself, never translated: a reader finds their own), showing the language spoken now.

    Choosing a language calls ``switch(code)``: the owning widget's ``set_language``, which
    calls :func:`skye_widgets.set_language` (one language for the whole kernel) and redraws every
    label, button, status line and the canvas; the game goes on. Reachable with Tab; its label
    (also its tooltip) says "Language:" in the language shown, beside it on the same line: a
    screen reader names the menu by it (a tooltip alone is no name: axe's ``label-title-only``).
    """

    def __init__(self, switch: Callable[[str], Any], **kwargs: Any) -> None:
        code = i18n.language()
        super().__init__(options=[(i18n.NAMES[c], c) for c in i18n.LANGUAGES],
                         value=code if code in i18n.LANGUAGES else None, tooltip=str(LANGUAGE_LABEL),
                         description=str(LANGUAGE_LABEL), style=kwargs.pop("style", LABEL_STYLE),
                         layout=kwargs.pop("layout", W.Layout(width="auto")), **kwargs)
        self.add_class("skye-language-picker")
        self._switch = switch
        self._quiet = False
        self.observe(self._picked, names="value")

    def _picked(self, change: dict[str, Any]) -> None:
        if not self._quiet and change["new"] is not None:
            self._switch(change["new"])

    def show_current(self) -> None:
        """Show the language spoken now and its label and tooltip in it (without switching anything)."""
        self._quiet = True
        try:
            code = i18n.language()
            self.value = code if code in i18n.LANGUAGES else None
            self.tooltip = self.description = str(LANGUAGE_LABEL)
        finally:
            self._quiet = False


def make_seat(spec: Any, make_bot: Callable[..., Any], seed: int) -> Any:
    """One seat of a :class:`TurnLoop`: ``None`` or ``"human"`` -> None (a person);
    a bot object (with the protocol's ``choose(state)``) as is; a bot kind ->
    ``make_bot(kind, seed=seed)`` (the game's own; an unknown kind raises
    :class:`~skye_widgets.errors.BadConfigError`)."""
    if spec is None or spec == "human":
        return None
    if callable(getattr(spec, "choose", None)):
        return spec
    return make_bot(spec, seed=seed)


class TurnLoop:
    """Who moves next at a table of people and bots, over the game protocol.

    The one hot-seat/bot loop of the game widgets (:class:`GameTable`,
    :class:`HashiWidget`, :class:`SkylandsWidget`); it knows nothing of any
    game's rules, only the protocol's verbs (``current_player``, ``apply``,
    ``undo``, ``observation``, ``is_over``, ``history``).

    ``seats`` has one entry per player: ``None`` for a person, or a bot with
    ``choose(observation) -> action`` (the protocol's :class:`~skye_widgets.protocol.Bot`).
    A bot is handed ``game.observation(player)``, never the game itself.

    ``deciders(game)`` lists the players who may act now (default: the current
    player alone); a game where several decide at once (Isle of Skye's secret
    prices) passes its own, so bots can decide while a person thinks.

    ``delay`` says how bots move when :meth:`run` is called: ``None``, at once;
    a number of seconds, one move at a time on the kernel's running asyncio
    loop (the page stays live and the moves can be followed), or at once where
    no loop runs (plain Python, headless tests). ``auto=False`` leaves bots to
    :meth:`step_bots`. Bots stop at a person's turn and at the end.

    Every bot decides with ``choose_explained(observation)`` where it has one
    (the same action as ``choose``): :attr:`explanations` keeps a
    :class:`~skye_widgets.protocol.Decision` (history index, player, action,
    explanation, the game's log lines it made) for each bot action, in order;
    :attr:`last_explanation` is the latest; :meth:`undo` drops those it takes back.

    Callbacks: ``on_action(player, action)`` after each bot action (for a log
    or the status line), ``on_change()`` after bots moved (redraw), and
    ``on_error(player, message)`` when a bot fails (automatic play then stops).
    """

    def __init__(self, game: Any, seats: Sequence[Any], *,
                 deciders: Callable[[Any], Sequence[int]] | None = None,
                 delay: float | None = None, auto: bool = True,
                 on_action: Callable[[int, Any], None] | None = None,
                 on_change: Callable[[], None] | None = None,
                 on_error: Callable[[int, str], None] | None = None,
                 max_moves: int = 100_000) -> None:
        seats = list(seats)
        if len(seats) != game.n_players:
            raise BadConfigError(SEATS_COUNT.format(count=len(seats), players=game.n_players))
        for s in seats:
            if s is not None and not callable(getattr(s, "choose", None)):
                raise BadConfigError(SEAT_KIND.format(seat=s))
        self.game = game
        self.seats: list[Any] = seats
        self.delay = delay
        self.auto = bool(auto)
        self.max_moves = max_moves
        self._deciders = deciders
        self.on_action = on_action
        self.on_change = on_change
        self.on_error = on_error
        self._pending: asyncio.TimerHandle | None = None
        self._actors: dict[int, tuple[Any, int]] = {}   # history index -> (action, who made it)
        self._decisions: dict[int, Decision] = {}       # history index -> a bot's explained decision

    # -- who is who ----------------------------------------------------------
    def is_person(self, player: int) -> bool:
        """True when seat ``player`` is played by a person (clicks, buttons)."""
        return 0 <= player < len(self.seats) and self.seats[player] is None

    def to_act(self) -> list[int]:
        """The players who may act now (none once the game is over)."""
        if self.game.is_over():
            return []
        if self._deciders is not None:
            return list(self._deciders(self.game))
        p = self.game.current_player()
        return [p] if p >= 0 else []

    def persons_to_act(self) -> list[int]:
        """The people who have a decision now."""
        return [p for p in self.to_act() if self.is_person(p)]

    def bot_to_act(self) -> int | None:
        """A bot with a decision now (the first in the deciders' order), or None."""
        return next((p for p in self.to_act() if not self.is_person(p)), None)

    def actor(self, index: int) -> int | None:
        """Who made ``game.history[index]`` (None if it is not known)."""
        history = self.game.history
        if not 0 <= index < len(history):
            return None
        action = history[index]
        known = self._actors.get(index)
        if known is not None and (known[0] is action or known[0] == action):
            return known[1]
        p = getattr(action, "player", None)
        return p if type(p) is int else None

    # -- moves ---------------------------------------------------------------
    def apply(self, action: Any, player: int | None = None) -> None:
        """Apply ``action`` for ``player`` (default: the action's own player, else the
        current player) and remember who made it. A ``RulesError`` leaves everything
        as it was. Does not move the bots: see :meth:`act`."""
        if player is None:
            p = getattr(action, "player", None)
            player = p if type(p) is int else self.game.current_player()
        index = len(self.game.history)
        self.game.apply(action)
        self._actors[index] = (action, player)

    def act(self, action: Any, player: int | None = None) -> None:
        """A person's decision: :meth:`apply`, then let the bots answer (:meth:`run`)."""
        self.apply(action, player)
        self.run()

    def step_bots(self, max_moves: int = 1) -> int:
        """Let bots make up to ``max_moves`` moves now; returns how many were made.

        Stops at a person's turn, at the end, or when a bot's action is refused
        (reported to ``on_error``; automatic play stops)."""
        made = 0
        while made < max_moves:
            p = self.bot_to_act()
            if p is None:
                break
            bot = self.seats[p]
            why = None
            if callable(getattr(bot, "choose_explained", None)):
                action, why = bot.choose_explained(self.game.observation(p))
            else:
                action = bot.choose(self.game.observation(p))
            index, start = len(self.game.history), self._log_size()
            try:
                self.apply(action, p)
            except RulesError as e:        # a broken bot must not break the table
                self._fail(p, BOT_ILLEGAL.format(name=self.game.names[p], error=e))
                break
            if why is not None:
                self._decisions[index] = Decision(index, p, action, why, start, self._log_size())
            made += 1
            if self.on_action is not None:
                self.on_action(p, action)
        if made and self.on_change is not None:
            self.on_change()
        return made

    # -- automatic play ------------------------------------------------------
    def run(self) -> None:
        """Let the bots play up to a person's turn (or the end), as ``delay`` says."""
        if not self.auto or self._pending is not None or self.bot_to_act() is None:
            return
        loop = running_loop() if self.delay is not None else None
        if loop is None:
            self.step_bots(self.max_moves)
            return
        self._pending = loop.call_later(max(0.0, self.delay or 0.0), self._tick)

    def set_auto(self, on: bool) -> None:
        """Bots move by themselves (True) or only when stepped (False)."""
        self.auto = bool(on)
        if self.auto:
            self.run()
        else:
            self.cancel()

    def cancel(self) -> None:
        """Forget a bot move scheduled on the event loop."""
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    @property
    def pending(self) -> bool:
        """True while a bot move waits on the event loop."""
        return self._pending is not None

    def _tick(self) -> None:
        self._pending = None
        p = self.bot_to_act()
        try:
            self.step_bots(1)
        except Exception as e:  # never let an error escape into the event loop
            self._fail(-1 if p is None else p, BOT_FAILED.format(
                name=self.game.names[p] if p is not None else "?", error=e))
            return
        self.run()

    def _fail(self, player: int, message: str) -> None:
        self.auto = False
        self.cancel()
        if self.on_error is not None:
            self.on_error(player, message)

    # -- undo ----------------------------------------------------------------
    def last_person_action(self) -> int | None:
        """The history index of the last action a person made, or None."""
        for i in range(len(self.game.history) - 1, -1, -1):
            p = self.actor(i)
            if p is not None and self.is_person(p):
                return i
        return None

    def undo(self) -> list[tuple[int | None, Any]]:
        """Take back the last person's decision and every bot move after it.

        Returns the ``(player, action)`` pairs taken back, the latest first (the
        person's own last); empty when no person has acted. A scheduled bot move
        is cancelled; automatic play is left as it is (the caller may pause it).
        """
        target = self.last_person_action()
        if target is None:
            return []
        self.cancel()
        taken: list[tuple[int | None, Any]] = []
        while len(self.game.history) > target:
            who = self.actor(len(self.game.history) - 1)
            taken.append((who, self.game.undo()))
        for i in [i for i in self._actors if i >= target]:
            del self._actors[i]
        for i in [i for i in self._decisions if i >= target]:
            del self._decisions[i]
        return taken

    def undo_last(self) -> tuple[int | None, Any] | None:
        """Take back the last action, whoever made it (a bot's too): the teacher's undo.

        Returns ``(player, action)`` taken back, or None when nothing was played.
        A scheduled bot move is cancelled and automatic play is switched off
        (otherwise the bot would play the same move again at once).
        """
        if not self.game.history:
            return None
        self.cancel()
        self.auto = False
        i = len(self.game.history) - 1
        who = self.actor(i)
        action = self.game.undo()
        self._actors.pop(i, None)
        self._decisions.pop(i, None)
        return who, action

    # -- explanations ----------------------------------------------------------
    def _log_size(self) -> int:
        log = getattr(self.game, "log", ())
        return len(log) if isinstance(log, (list, tuple)) else 0

    def _current_decisions(self) -> list[Decision]:
        history = self.game.history
        out = []
        for i in sorted(self._decisions):
            d = self._decisions[i]
            if i < len(history) and (history[i] is d.action or history[i] == d.action):
                out.append(d)
        return out

    @property
    def explanations(self) -> list[Decision]:
        """Every bot action still in the game with its explanation, oldest first."""
        return self._current_decisions()

    @property
    def last_explanation(self) -> Decision | None:
        """The latest bot action with its explanation, or None."""
        current = self._current_decisions()
        return current[-1] if current else None

    def explanation_at(self, index: int) -> Decision | None:
        """The explained bot decision that made ``game.history[index]``, or None."""
        d = self._decisions.get(index)
        return d if d is not None and d in self._current_decisions() else None

    def scored(self, decision: Decision) -> tuple[Any, Any]:
        """``(before, after)``: the deciding player's ``ScoreResult`` just before and just
        after ``decision``'s action, worked out on a clone (the game is not changed)."""
        g = self.game.clone()
        while len(g.history) > decision.index + 1:
            g.undo()
        after = g.scores()[decision.player]
        g.undo()
        return g.scores()[decision.player], after


def explain_decision(loop: TurnLoop, decision: Decision | None, action_text: str | None = None,
                     secret: bool = False) -> str:
    """The text of a table's ``explain_last()``: who moved, what, why (the bot's
    explanation) and what the move scored (the engine's ``ScoreResult`` before and
    after it, the breakdown lines it added, then those it replaced)."""
    if decision is None:
        return str(NO_BOT_MOVE)
    name = loop.game.names[decision.player]
    lines = [LAST_BOT_MOVE.format(name=name, action=action_text if action_text is not None else decision.action)]
    if secret:
        lines.append(SECRET_WHY.format(name=name))
        return "\n".join(lines)
    lines.append(LAST_BOT_WHY.format(why=decision.explanation.text))
    before, after = loop.scored(decision)
    old = [(i.points, i.reason) for i in before.breakdown]
    new = []
    for item in after.breakdown:
        key = (item.points, item.reason)
        if key in old:
            old.remove(key)
        else:
            new.append(item)
    if before.points == after.points and not new:
        lines.append(MOVE_SCORED_NOTHING.format(name=name, points=after.points))
    else:
        lines.append(MOVE_SCORED.format(name=name, before=before.points, after=after.points))
        # a line whose words stay and whose numbers change is one line changed ("13 empty squares" ->
        # "12 empty squares"), told as a change, not as a line gone and a line new
        changed = []
        for item in list(new):
            shape = _number_shape(item.reason)
            match = next(((p, r) for p, r in old if _number_shape(r) == shape), None)
            if match is not None:
                old.remove(match)
                new.remove(item)
                changed.append(MOVE_SCORED_CHANGED.format(before=match[1], after=item.reason, was=match[0],
                                                          now=item.points))
        lines.extend(changed)
        lines.extend(MOVE_SCORED_LINE.format(points=i.points, reason=i.reason) for i in new)
        lines.extend(MOVE_SCORED_GONE.format(points=points, reason=reason) for points, reason in old)
    return "\n".join(lines)


def _number_shape(text: str) -> str:
    """``text`` with every number replaced by ``#``: two breakdown lines of one shape count the same
    thing (``"13 empty squares x -2"`` and ``"12 empty squares x -2"``)."""
    return re.sub(r"\d+", "#", str(text))


def why_html(decision: Decision | None, css: str = "why") -> str:
    """An expandable "why?" (HTML ``<details>``) with a bot decision's explanation; "" for None."""
    if decision is None:
        return ""
    return (f'<details class="{css}"><summary>{escape(str(WHY_SUMMARY))}</summary>'
            f"{escape(decision.explanation.text)}</details>")


def explanation_html(text: str, css: str) -> str:
    """An explanation's lines as HTML: escaped, one line each (the text's own line breaks
    kept, so every line still starts with its words); ``css`` names the block."""
    return f'<div class="{css}" style="white-space:pre-line">{escape(text, quote=False)}</div>'


# -- what a saved notebook shows of a widget (readers without a kernel) --------

def static_view(body_html: str, text: str) -> dict[str, str]:
    """A widget's view for readers without a kernel (GitHub, a viewer, a reloaded notebook): HTML
    whose root has the class ``skye-static-view`` (the notebooks keep it when they are saved, see
    tests/notebook_tools.py), and its plain text. It never holds an answer."""
    return {"text/html": f'<div class="skye-static-view">{body_html}</div>', "text/plain": text}


def _shown(widget: Any) -> bool:
    layout = getattr(widget, "layout", None)
    return getattr(layout, "display", None) != "none" and getattr(layout, "visibility", None) != "hidden"


def widget_words(widget: Any) -> list[tuple[str, str]]:
    """What the visible widgets of ``widget`` (itself and its children, depth first) say, as lines of
    ``(html, text)``: an HTML widget's value (a ``<style>`` dropped), a label, a field's or a
    dropdown's description and value, a button's label in brackets; the widgets of one row (an
    ``HBox``) on one line. Hidden widgets (``display: none``) and what they hold say nothing."""
    if not _shown(widget):
        return []
    if isinstance(widget, W.HBox):
        row = [part for child in widget.children for part in widget_words(child)]
        return [("&emsp;".join(h for h, _ in row), "   ".join(t for _, t in row))] if row else []
    if isinstance(widget, W.Box):
        return [part for child in widget.children for part in widget_words(child)]
    if isinstance(widget, (W.HTML, W.HTMLMath)):
        html = re.sub(r"<style\b.*?</style>", "", str(widget.value), flags=re.S | re.I).strip()
        text = plain_text(re.sub(r"</(h\d|p|div|li)>|<br\s*/?>", "\n", html)).strip()
        return [(html, text)] if text else []
    description = str(getattr(widget, "description", "") or "")
    if isinstance(widget, W.Button):
        return [(f"<b>[{escape(description)}]</b>", f"[{description}]")] if description else []
    if isinstance(widget, W.Label):
        value = str(widget.value)
    elif isinstance(widget, (W.Dropdown, W.RadioButtons, W.Select, W.ToggleButtons)):
        value = "" if widget.label is None else str(widget.label)
    elif hasattr(widget, "value") and isinstance(widget.value, (str, int, float)) and not isinstance(widget.value, bool):
        value = str(widget.value)
    else:
        return []
    line = f"{description} {value}".strip()
    return [(escape(line), line)] if line else []


class Page(W.VBox):
    """A box of widgets (a notebook's page: a setup form, a stage) that a saved notebook shows to
    readers without a kernel: its static view is what its visible widgets say
    (:func:`widget_words`), and ``picture`` (a :class:`~skye_widgets.drawing.Drawing`, with its
    description), when given, is saved beside it as SVG and PNG."""

    def __init__(self, children: Sequence[Any] = (), *, picture: Drawing | None = None, **kwargs: Any) -> None:
        super().__init__(children=list(children), **kwargs)
        self.picture = picture

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widgets, plus their static view and the picture for viewers without a kernel."""
        return with_words(with_picture(super()._repr_mimebundle_(**kwargs), self.picture), self)


def with_words(data: dict[str, Any], widget: Any) -> dict[str, Any]:
    """``data`` (a MIME bundle) plus the static view of what ``widget``'s visible widgets say
    (:func:`widget_words`): what a saved notebook shows of a form or a panel without a kernel."""
    lines = widget_words(widget)
    if lines:
        data.update(static_view("".join(f"<div>{h}</div>" for h, _ in lines), "\n".join(t for _, t in lines)))
    return data

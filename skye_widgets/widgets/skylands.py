"""SkylandsWidget: play Skylands against bots on an ipycanvas.

The widget is a thin view over :class:`skye_widgets.skylands.game.GameState`:
it paints :func:`skye_widgets.skylands.render.render_game` and turns clicks
into decisions. Seats that are not human are played by bots as soon as it is
their turn.

Clicks: an action board chooses that action (your own token's board repeats
it with the once-per-game marker); a revealed tile or special island selects
it (click it again, press ``r`` or *Rotate* to turn it); a board square places
the selection there; in Deploy and Convert a square picks the island on it.
*Pass* passes, *Done* confirms a bonus choice of one island only.

Python API (what the tests use): :meth:`click_action`, :meth:`choose_action`,
:meth:`select_offer`, :meth:`select_special`, :meth:`rotate`, :meth:`click_cell`
(board squares (x, y) only, x east, y south), :meth:`hover_cell`, :meth:`pass_`,
:meth:`done`, :meth:`act`, :attr:`state`, :attr:`message`. Every handler
ignores or refuses, with a message and without raising, a position that is
off the board, not a whole number, or not finite.
"""

from __future__ import annotations

from dataclasses import replace

from collections import Counter
from html import escape
from typing import Any, Sequence

import ipywidgets as W

from ..drawing import Drawing, picture_bundle
from ..errors import RulesError
from ..limits import is_whole
from ..skylands.board import Node
from ..skylands.bots import make_bot
from ..skylands.components import COLORS
from ..skylands.game import (ACTION_TITLES, ACTIONS, Action, ChooseAction, Convert, Create, Deploy, Pay,
                             GameState, Pass, SetupDiscard, SetupStart, Take, canonical_rotation)
from ..skylands.describe import describe_game
from ..skylands.render import Layout, render_game
from ..skylands.words import counted, sentence
from ..protocol import suggest as bot_suggestion
from .base import CanvasBoard, TurnLoop, explain_decision, finite_pixels, make_seat, on_click, plain_text
from .base import status_html, why_html


def show(obj: Any) -> None:
    """Display only the static pictures (SVG and PNG) of ``obj`` (a Drawing or anything
    with ``_picture()``; else only the SVG of its ``_repr_svg_``).

    Used in the lesson so that a picture is the cell's whole output.
    """
    from IPython.display import display
    if isinstance(obj, Drawing) or hasattr(obj, "_picture"):
        picture = obj if isinstance(obj, Drawing) else \
            (obj._described_picture() if hasattr(obj, "_described_picture") else obj._picture())
        display(picture_bundle(picture), raw=True)
    else:
        display({"image/svg+xml": obj._repr_svg_()}, raw=True)


#: Messages (whole sentences with named placeholders, for translation).
SKYLANDS_KEYS = ("1-9 pick an action board, a tile or a special island; arrows move the cursor on your board, "
                 "Enter or space click its square, r turns the tile, p passes, d is Done, Escape clears.")
KEY_NOTHING_TO_PICK = "There is nothing to pick with a number now: click islands on your board, then Done."
SQUARE_AT = "Cursor on square ({x}, {y}) of your board."
OFF_BOARD = "There is no square ({x}, {y}) on your board: it has {width} columns and {height} rows."
NOT_A_SQUARE = "A square is named by two whole numbers (x, y), not {x}, {y}."
NO_SUCH_BOX = "There is no {what} number {i}."
#: The status line at the end: the final scores, the same numbers as the labels of the picture.
GAME_OVER = "Game over ({reason}). Final scores: {scores}. Winner: {winners}."
FINAL_SCORE = "{name} {vp} VP"
#: "What would a bot do?": the planner's choice for the person to play, in the log's own words.
SUGGEST_LABEL = "What would a bot do?"
SUGGEST_TOOLTIP = "show what the planner bot would do now, and why (nothing is played)"
SUGGEST_LINE = "A planner bot would play: {move} In its words: {why}"
DEPLOY_PROMPT = ("{name}{bonus}: click a complete forest, mountain or crystal island to fill, or Pass.",
                 "{name}{bonus}: click up to {n} complete forest, mountain or crystal islands to fill, or Pass.")


def _whole(v: Any) -> bool:
    """Any ``int`` (not a bool, float or text): the limits' one whole-number check, unbounded."""
    return is_whole(v, None, None)




class SkylandsWidget(CanvasBoard):
    """A Skylands table: your board, the action boards, the offer, the display and the supply.

    ``human``: the seat (or seats) played by clicks; every other seat is a
    ``bots`` bot (one name for all, or one per seat, ``None`` for humans).
    ``bot_delay``: ``None`` (default), bots decide at once; seconds, one bot
    decision at a time on the kernel's event loop (see :class:`TurnLoop`).
    """

    keys_help = SKYLANDS_KEYS

    def __init__(self, state: GameState | None = None, *, players: Sequence[str] | int = 3,
                 human: int | Sequence[int] = 0, bots: str | Sequence[str | None] = "greedy",
                 seed: int = 0, side: str = "beginner", bot_delay: float | None = None,
                 coordinates: bool = True) -> None:
        self.state = state if state is not None else GameState(players, seed=seed, side=side)
        n = self.state.n
        humans = {human} if isinstance(human, int) else set(human)
        kinds = [bots] * n if isinstance(bots, str) else list(bots)
        self.turns = TurnLoop(self.state, [None if p in humans else make_seat(kinds[p] or "greedy", make_bot,
                                                                              seed * 10 + p)
                                           for p in range(n)],
                              delay=bot_delay, on_change=self.refresh,
                              on_error=lambda _p, message: self.say(sentence(message), "error"))
        self.layout_ = Layout(width=self.state.comp.width, height=self.state.comp.height, players=n,
                              coordinates=bool(coordinates))
        # column (x) and row (y) numbers on the board's edge, as the texts name squares
        self.coordinates_box = W.Checkbox(value=bool(coordinates), description="coordinates", indent=False,
                                          layout=W.Layout(width="auto"))
        self.coordinates_box.observe(lambda ch: self.set_coordinates(ch["new"]), names="value")
        self.selected_offer: int | None = None
        self.selected_special: int | None = None
        self.rotation = 0
        self.selection: list[Node] = []
        self.hover: tuple[int, int] | None = None
        self.white = W.Dropdown(options=["auto", *COLORS], value="auto", description="white pays:",
                                layout=W.Layout(width="190px"))
        self.rotate_button = on_click(W.Button(description="Rotate", icon="rotate-right",
                                               tooltip="turn the selected tile a quarter clockwise (r)",
                                               layout=W.Layout(width="90px")), self.rotate)
        self.pass_button = on_click(W.Button(description="Pass", tooltip="pass in this action (p)", layout=W.Layout(width="80px")), self.pass_)
        self.done_button = on_click(W.Button(description="Done", tooltip="confirm the islands picked (d)", layout=W.Layout(width="80px")), self.done)
        self.log_view = W.HTML(layout=W.Layout(max_height="9em", overflow="auto"))
        self.suggest_button = on_click(W.Button(description=SUGGEST_LABEL, tooltip=SUGGEST_TOOLTIP,
                                                layout=W.Layout(width="auto")), self.suggest)
        self.hint_html = W.HTML()
        self.hint_html.add_class("skylands-hint")
        self.suggestion: tuple[Any, Any] | None = None     # (action, explanation) of the last hint
        self._hint_at: int | None = None                     # the history length it was asked at
        self.suggest_seed = seed
        controls = [W.HBox([self.rotate_button, self.pass_button, self.done_button, self.white,
                            self.coordinates_box, self.suggest_button],
                           layout=W.Layout(align_items="center", flex_flow="row wrap")), self.hint_html]
        super().__init__(self.layout_.total_width, self.layout_.total_height, controls=controls)
        self.children = (*self.children, self.log_view)
        self.turns.run()
        self.refresh()

    # -- seats (the turn loop knows) --------------------------------------------
    @property
    def humans(self) -> set[int]:
        """The seats played by clicks."""
        return {p for p in range(self.state.n) if self.turns.is_person(p)}

    @property
    def bots(self) -> dict[int, Any]:
        """The bot of every other seat."""
        return {p: b for p, b in enumerate(self.turns.seats) if b is not None}

    def to_play(self) -> int:
        return self.state.current_player()

    def is_human_turn(self) -> bool:
        return bool(self.turns.persons_to_act())

    def viewer(self) -> int:
        p = self.to_play()
        if p in self.humans:
            return p
        return min(self.humans) if self.humans else max(p, 0)

    def step_bots(self, max_moves: int = 10_000) -> int:
        """Let bots decide until a human must act (or the game ends); returns decisions made."""
        return self.turns.step_bots(max_moves)

    # -- decisions --------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Apply a decision for the human to play; on a rules error say why and change nothing."""
        if self.state.is_over():
            self.say("The game is over.", "error")
            return False
        if not self.is_human_turn():
            self.say(f"It is {self.state.names[self.to_play()]}'s turn, not yours.", "error")
            return False
        try:
            self.turns.apply(action)
        except RulesError as e:
            self.say(sentence(str(e)), "error")
            self.redraw()
            return False
        self._clear()
        self.turns.run()
        self.refresh()
        return True

    def choose_action(self, name: str, repeat: bool = False) -> bool:
        """Move your token to an action board (``repeat``: flip the marker, same board)."""
        try:
            action = ChooseAction(name, repeat)
        except RulesError as e:
            self.say(sentence(str(e)), "error")
            return False
        return self.act(action)

    def click_action(self, i: int) -> bool:
        """A click on action board ``i`` (0-3, in the order of ``ACTIONS``): choose it, or
        repeat it with the marker if your token is already there."""
        g = self.state
        if not (_whole(i) and 0 <= i < len(ACTIONS)):
            self.say(NO_SUCH_BOX.format(what="action board", i=i), "error")
            return False
        if g.phase != "choose":
            self.say("Action boards are chosen at the start of a turn.", "error")
            return False
        name = ACTIONS[i]
        return self.choose_action(name, repeat=g.token[self.to_play()] == name)

    def select_offer(self, i: int) -> None:
        """Select revealed tile ``i`` (again: turn it); in the tactical setup, a side or a tile."""
        g = self.state
        if not _whole(i) or i < 0:
            self.say(NO_SUCH_BOX.format(what="tile", i=i), "error")
            return
        if not self.is_human_turn():
            self.say("The game is over." if g.is_over() else "Wait for your turn.", "error")
            return
        if g.phase == "setup" and g.setup_step[self.to_play()] == "discard":
            self.act(SetupDiscard(i))
            return
        if g.phase not in ("discover", "setup") or not 0 <= i < len(g.offer()):
            self.say("There is no tile to take there now.", "error")
            return
        if self.selected_offer == i:
            self.rotation = (self.rotation + 1) % 4
        else:
            self.selected_offer, self.rotation = i, 0
        self.refresh()

    def select_special(self, i: int) -> None:
        """Select the special island in display slot ``i`` (again: turn it)."""
        g = self.state
        if not _whole(i):
            self.say(NO_SUCH_BOX.format(what="display slot", i=i), "error")
            return
        if g.phase != "create" or not 0 <= i < len(g.display) or g.display[i] is None:
            self.say("Special islands are taken during Create islands, from a filled slot.", "error")
            return
        if self.selected_special == i:
            self.rotation = (self.rotation + 1) % 4
        else:
            self.selected_special, self.rotation = i, 0
        self.refresh()

    def rotate(self, steps: int = 1) -> None:
        """Turn the selected tile a quarter turn clockwise."""
        if not _whole(steps):
            return
        self.rotation = (self.rotation + steps) % 4
        self.refresh()

    def pass_(self) -> bool:
        """Pass in the current action."""
        return self.act(Pass())

    def done(self) -> bool:
        """Confirm the islands picked so far (Deploy or Convert); when paying for a special
        island, pay the rest from the islands holding the most of each colour."""
        g = self.state
        if g.phase == "create" and g.paying is not None:
            return self.act(self._completed_payment())
        if g.phase == "deploy" and self.selection:
            return self.act(Deploy(tuple(self.selection)))
        if g.phase == "convert":
            cr, ct = self._split(self.selection)
            if cr and ct:
                return self.act(Convert(tuple(cr), tuple(ct)))
        self.say("Pick islands on your board first.", "error")
        return False

    def click_cell(self, x: int, y: int) -> None:
        """A click on square (x, y) of your board (x east, y south); anything else is
        refused with a message."""
        g = self.state
        if not (_whole(x) and _whole(y)):
            self.say(NOT_A_SQUARE.format(x=x, y=y), "error")
            return
        if not (0 <= x < self.layout_.width and 0 <= y < self.layout_.height):
            self.say(OFF_BOARD.format(x=x, y=y, width=self.layout_.width, height=self.layout_.height), "error")
            return
        if not self.is_human_turn():
            self.say("The game is over." if g.is_over() else "Wait for your turn.", "error")
            return
        p = self.to_play()
        if g.phase in ("discover", "setup"):
            if g.phase == "setup" and g.setup_step[p] == "discard":
                self.say("First click the drawn tile you put back.", "error")
                return
            if self.selected_offer is None:
                self.say("First click a tile to take.", "error")
                return
            tile = g.offer()[self.selected_offer]
            turn = canonical_rotation(tile, self.rotation)     # a symmetric tile has one name per look
            if g.phase == "setup" and g.setup_step[p] == "start":
                self.act(SetupStart(self.selected_offer, x, y, turn))
            else:
                self.act(Take(self.selected_offer, x, y, turn))
        elif g.phase == "create" and g.paying is not None:
            self._pick_payer(x, y)
        elif g.phase == "create":
            if self.selected_special is None:
                self.say("First click a special island in the display.", "error")
                return
            sp = g.tile(g.display[self.selected_special])  # type: ignore[arg-type]
            self.act(Create(self.selected_special, x, y, canonical_rotation(sp, self.rotation),
                            self._white_choice()))
        elif g.phase in ("deploy", "convert"):
            self._pick_island(x, y)
        else:
            self.say("Choose an action board first.", "error")

    def hover_cell(self, x: int, y: int) -> None:
        """Preview the selected tile, turned as it would be placed, on the square under the pointer
        (anything but a square of the board shows no preview)."""
        ok = _whole(x) and _whole(y) and 0 <= x < self.layout_.width and 0 <= y < self.layout_.height
        cell = (x, y) if ok else None
        if cell != self.hover:
            self.hover = cell
            if self.selected_offer is not None or self.selected_special is not None:
                self.redraw()

    def key(self, key: str) -> None:
        """``r`` turns the selected tile, ``p`` passes, ``d`` (or Enter with no cursor) is Done,
        ``1``-``9`` pick what the phase asks for (an action board, a revealed tile, a special
        island); the arrows move the cursor over your board, Enter or space click its square,
        Escape clears (see :meth:`CanvasBoard.key`)."""
        k = key.lower() if len(key) == 1 else key
        if k == "r":
            self.rotate()
        elif k == "p":
            self.pass_()
        elif k == "d" or (key == "Enter" and self.cursor is None):
            self.done()
        elif len(key) == 1 and key.isdigit() and key != "0":
            self.pick(int(key) - 1)
        else:
            super().key(key)

    def pick(self, i: int) -> None:
        """The keys 1-9: the ``i``-th thing the phase asks for (counted from 0): an action
        board while choosing, a revealed tile while discovering or setting up, a special
        island while creating; otherwise it is explained."""
        g = self.state
        if g.phase == "choose":
            self.click_action(i)
        elif g.phase in ("discover", "setup"):
            self.select_offer(i)
        elif g.phase == "create" and g.paying is None:
            self.select_special(i)
        else:
            self.say(KEY_NOTHING_TO_PICK, "error")

    # -- the keyboard cursor (CanvasBoard) ----------------------------------------
    def cell_box(self, x: int, y: int) -> tuple[float, float, float, float] | None:
        """The pixel box of square (x, y) of your board (None off the board)."""
        L = self.layout_
        if not (_whole(x) and _whole(y) and 0 <= x < L.width and 0 <= y < L.height):
            return None
        return float(L.board_x + x * L.cell), float(L.board_y + y * L.cell), float(L.cell), float(L.cell)

    def cursor_moved(self, cell: tuple[int, int]) -> None:
        """The cursor shows the preview the pointer would, and says where it is."""
        self.hover = cell
        self.say(SQUARE_AT.format(x=cell[0], y=cell[1]), "info")
        self.redraw()

    def escape(self) -> None:
        """Escape hides the cursor and forgets the selected tile and islands."""
        self.hover = None
        self.selected_offer = self.selected_special = None
        self.selection = []
        self.refresh()

    def describe(self) -> str:
        """The board shown, in words (islands, inhabitants, the score if the game ended now)."""
        return describe_game(self.state, self.viewer())

    # -- helpers ------------------------------------------------------------------
    def _white_choice(self) -> str | None:
        """The colour paying for a white inhabitant: the menu's, or the engine's default."""
        default = self.state.default_white(self.selected_special)  # type: ignore[arg-type]
        if default is None:
            return None                         # no white owed: the engine says so
        return default if self.white.value == "auto" else str(self.white.value)

    def _split(self, nodes: list[Node]) -> tuple[list[Node], list[Node]]:
        crystals, _cities = self.state.convert_candidates(self.to_play())
        cr = [n for n in nodes if n in crystals]
        return cr, [n for n in nodes if n not in cr]

    def _picked_action(self) -> Action:
        """The Deploy or Convert the islands picked so far make."""
        if self.state.phase == "deploy":
            return Deploy(tuple(self.selection))
        cr, ct = self._split(self.selection)
        return Convert(tuple(cr), tuple(ct))

    def _picked_is_complete(self) -> bool:
        """True when the islands picked make a legal action that no legal action extends
        (the engine's legal actions decide: no second copy of the Deploy/Convert rules)."""
        picked = set(self.selection)
        legal, more = False, False
        for a in self.state.legal_actions():
            if isinstance(a, Deploy):
                nodes = set(a.islands)
            elif isinstance(a, Convert):
                nodes = set(a.crystals) | set(a.cities)
            else:
                continue
            legal = legal or (nodes == picked and len(picked) == len(self.selection))
            more = more or nodes > picked
        return legal and not more

    def _pick_island(self, x: int, y: int) -> None:
        g = self.state
        p = self.to_play()
        if g.phase == "deploy":
            allowed = set(g.deploy_candidates(p))
            what = "a complete forest, mountain or crystal island with a free space"
        else:
            crystals, cities = g.convert_candidates(p)
            allowed = set(crystals) | set(cities)
            what = "a complete crystal island with inhabitants or a complete city"
        ok = [i for i in g.boards[p].island_at(x, y) if i.anchor in allowed]
        if not ok:
            self.say(f"Click {what}.", "error")
            return
        node = ok[0].anchor
        if node in self.selection:
            self.selection.remove(node)
            self.refresh()
            return
        self.selection.append(node)
        if self._picked_is_complete():
            self.act(self._picked_action())
            return
        self.refresh()

    def _still_to_pay(self) -> dict[str, int]:
        g = self.state
        b = g.boards[self.to_play()]
        left = dict(g.paying_need())
        for n in self.selection:
            c = b.island(n).color
            if c in left:
                left[c] -= 1
        return {c: k for c, k in left.items() if k > 0}

    def _payments_with(self, picked: list[Node]) -> list[Pay]:
        """The engine's legal payments that include every island picked (as often as picked);
        the first pays the rest from the fullest islands."""
        want = Counter(picked)
        return [a for a in self.state.legal_actions()
                if isinstance(a, Pay) and not want - Counter(a.islands)]

    def _completed_payment(self) -> Pay:
        """The islands picked so far, topped up as the engine's first payment that includes them."""
        ways = self._payments_with(self.selection)
        if not ways:
            return Pay(tuple(self.selection))           # the engine explains what is wrong
        rest = Counter(ways[0].islands) - Counter(self.selection)
        extra = []
        for n in ways[0].islands:
            if rest[n] > 0:
                extra.append(n)
                rest[n] -= 1
        return Pay((*self.selection, *extra))

    def _pick_payer(self, x: int, y: int) -> None:
        """Pay one inhabitant from the island clicked on (some legal payment must take one more there)."""
        g = self.state
        b = g.boards[self.to_play()]
        ok = [i for i in b.island_at(x, y) if self._payments_with([*self.selection, i.anchor])]
        if not ok:
            owed = ", ".join(f"{k} {c}" for c, k in self._still_to_pay().items())
            self.say(f"Click an island holding inhabitants you still owe ({owed}).", "error")
            return
        self.selection.append(ok[0].anchor)
        picked = Counter(self.selection)
        if any(Counter(a.islands) == picked for a in self._payments_with(self.selection)):
            self.act(Pay(tuple(self.selection)))
            return
        self.refresh()

    def _clear(self) -> None:
        self.selected_offer = self.selected_special = None
        self.rotation = 0
        self.selection = []

    def legal_cells(self) -> list[tuple[int, int]]:
        """Squares where the selected tile fits in the current rotation."""
        g = self.state
        if not self.is_human_turn():
            return []
        b = g.boards[self.to_play()]
        tile = None
        if self.selected_offer is not None and g.phase in ("discover", "setup"):
            offer = g.offer()
            if self.selected_offer < len(offer):
                tile = offer[self.selected_offer]
        elif self.selected_special is not None and g.phase == "create":
            tile = g.tile(g.display[self.selected_special])  # type: ignore[arg-type]
        if tile is None:
            return []
        return [(x, y) for y in range(b.height) for x in range(b.width) if b.fits(tile, x, y, self.rotation)]

    def prompt(self) -> str:
        """What the human should do now, in words."""
        g = self.state
        if g.is_over():
            scores = ", ".join(FINAL_SCORE.format(name=n, vp=v) for n, v in zip(g.names, g.points()))
            return GAME_OVER.format(reason=g.end_reason, scores=scores,
                                    winners=", ".join(g.names[w] for w in g.winners()))
        p = self.to_play()
        name = g.names[p]
        if g.phase == "choose":
            return f"{name}: click an action board (your token's board = repeat with the marker)."
        if g.phase == "setup":
            step = g.setup_step[p]
            return {"start": f"{name}: click a side of your starting island, then a square.",
                    "discard": f"{name}: click the drawn tile you put back.",
                    }.get(step, f"{name}: click a kept tile, then a square.")
        bonus = " (bonus)" if g.is_bonus else ""
        if g.phase == "discover":
            return f"{name}{bonus}: click a revealed island, then a square (Rotate turns it), or Pass."
        if g.phase == "deploy":
            return counted(g.deploy_limit(p), *DEPLOY_PROMPT, name=name, bonus=bonus)
        if g.phase == "create" and g.paying is not None:
            owed = ", ".join(f"{k} {c}" for c, k in self._still_to_pay().items())
            return (f"{name}: click the islands whose inhabitants pay ({owed} still owed), "
                    "or Done to pay from the fullest islands.")
        if g.phase == "create":
            return f"{name}{bonus}: click a special island you can pay for, then a square, or Pass."
        return (f"{name}{bonus}: click a complete crystal island with inhabitants and a complete city"
                + (" (bonus: a second crystal or city, then Done)" if g.is_bonus else "") + ", or Pass.")

    def refresh(self) -> None:
        """Update the status line, the log and the canvas from state."""
        if not self.message.startswith("Game over") or not self.state.is_over():
            self.say(self.prompt(), "ok" if self.state.is_over() else "info")
        log = self.state.log
        first = max(0, len(log) - 8)
        why = {d.log_start: d for d in self.turns.explanations if d.log_start >= first}
        self.log_view.value = "<br>".join(escape(line) + why_html(why.get(i), "skylands-why")
                                          for i, line in enumerate(log[first:], first))
        if self._hint_at is not None and self._hint_at != len(self.state.history):
            self.suggestion, self._hint_at, self.hint_html.value = None, None, ""
        self.suggest_button.disabled = not self.is_human_turn()
        self.redraw()

    # -- explanations -----------------------------------------------------------
    def _said(self, game: Any, action: Any) -> str:
        """What the game's log says of ``action`` applied to a clone of ``game`` (its words)."""
        g = game.clone()
        before = len(g.log)
        g.apply(action)
        return " ".join(sentence(line) for line in g.log[before:]) or str(action)

    def explain_last(self) -> str:
        """The last bot decision in words: who did what (the log's line), why (the bot's
        explanation) and what it scored (the points before and after, the breakdown lines it
        added). Plain text."""
        d = self.turns.last_explanation
        if d is None:
            return explain_decision(self.turns, None)
        log = self.state.log
        said = " ".join(log[d.log_start:d.log_size]) or str(d.action)
        return explain_decision(self.turns, d, said.rstrip("."))

    def suggest(self) -> tuple[Any, Any] | None:
        """What would a bot do? The planner's choice for the person to play and why, as a hint
        line; nothing is played and nothing changes (the same seed, the same suggestion)."""
        if not self.is_human_turn():
            self.say("The game is over." if self.state.is_over() else "Wait for your turn.", "error")
            return None
        g = self.state
        action, why = bot_suggestion(make_bot, g, "planner", seed=self.suggest_seed * 1000 + len(g.history))
        self.suggestion = (action, why)
        self._hint_at = len(g.history)
        self.hint_html.value = status_html(SUGGEST_LINE.format(move=self._said(g, action), why=why.text), "info")
        return action, why

    @property
    def hint(self) -> str:
        """The hint line as plain text ("" when no suggestion is showing)."""
        return plain_text(self.hint_html.value)

    def set_coordinates(self, on: bool = True) -> None:
        """Show (True) or hide the column and row numbers on the board's edge."""
        on = bool(on)
        if self.coordinates_box.value != on:
            self.coordinates_box.value = on         # its observer calls back here
            return
        if self.layout_.coordinates != on:
            self.layout_ = replace(self.layout_, coordinates=on)
            self.redraw()

    # -- CanvasBoard ------------------------------------------------------------
    def drawing(self) -> Drawing:
        return render_game(self.state, viewer=self.viewer(), highlight=self.legal_cells(),
                           selected_offer=self.selected_offer, selected_special=self.selected_special,
                           preview_rotation=self.rotation, selected_islands=self.selection,
                           preview_at=self.hover, layout=self.layout_)

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The board square under a pixel (None elsewhere, or for a pixel that is not finite)."""
        hit = self.layout_.hit(px, py) if finite_pixels(px, py) else None
        return (hit[1], hit[2]) if hit is not None and hit[0] == "board" else None

    def click_at(self, px: float, py: float) -> None:
        """A click at canvas pixel (px, py): a board square, an action board, the offer or
        the display; elsewhere (or at a pixel that is not finite) nothing happens."""
        hit = self.layout_.hit(px, py) if finite_pixels(px, py) else None
        if hit is None:
            return
        region, i, j = hit
        if region == "board":
            self.click_cell(i, j)
        elif region == "action":
            self.click_action(i)
        elif region == "offer":
            self.select_offer(i)
        else:
            self.select_special(i)

    def _on_mouse_down(self, px: float, py: float) -> None:
        self.click_at(px, py)

    def _on_mouse_move(self, px: float, py: float) -> None:
        cell = self.cell_at(px, py)
        if cell is not None:
            self.hover_cell(*cell)
        elif self.hover is not None and finite_pixels(px, py):
            self.hover_cell(-1, -1)                 # off the board: the preview goes


__all__ = ["SkylandsWidget", "show", "ACTION_TITLES"]

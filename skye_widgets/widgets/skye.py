"""Isle of Skye widgets: a territory to build by clicking, and a whole game at one table.

:class:`TerritoryWidget` shows a territory on a canvas, with a hand of tiles
to pick and rotate, legal spots highlighted, a preview under the pointer and
overlays a learner can toggle (areas, roads to the castle, a scoring tile's
breakdown). :class:`GameTable` plays a complete game (:mod:`skye_widgets.skye.game`)
with human and bot seats.

Both are views: the pictures come from :mod:`skye_widgets.skye.render`, every
rule from the engine. Illegal clicks show the engine's own explanation in the
status line and change nothing. Everything is reachable from Python (the
methods tests and notebooks call), for example::

    w = TerritoryWidget(hand=["12", "33"])
    w.select_tile("33"); w.rotate(); w.click_cell(1, 0)
    w.message   # what happened, in words
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable, Iterable, Sequence

import ipywidgets as W

from ..drawing import Drawing
from ..errors import RulesError
from ..limits import MAX_COORDINATE, is_whole
from ..skye.bots import make_bot
from ..skye import render as R
from ..skye import scoring
from ..skye.game import LOG, Buy, GameConfig, GameState, Pass, Place, SetPrices, round_slots
from ..skye.describe import describe_territory
from ..skye.render import Preview, View, fit_view, render_territory, render_tile
from ..skye.territory import Territory
from .base import (LABEL_STYLE, CanvasBoard, Multilingual, TurnLoop, explain_decision, finite_pixels, keys_html,
                   on_click, plain_text, status_html, why_html, with_picture)
from .projector import ProjectorParts, board_part, seat_names
from .base import make_seat as base_make_seat
from ..words import word_list
from ..protocol import bot_kind_name
from ..i18n import lazy, lazy_ngettext, pgettext

# Translators: the check boxes over an Isle of Skye territory: what the board shows on top of the tiles.
OVERLAY_NAMES = {"legal": lazy("legal spots"), "areas": lazy("areas"), "roads": lazy("roads to the castle"),
                 "coordinates": lazy("coordinates"), "tile_numbers": lazy("tile numbers")}

#: The territory board's messages: whole sentences with named placeholders (to be translated).
BOARD_TEXT = {
    # Translators: {tile} is a tile's number; "r" is the key that rotates it (not translated).
    "selected": lazy("Tile {tile} selected: click a green spot to place it, r to rotate."),
    "selected_count": lazy_ngettext("Tile {tile} selected: {count} cell can take it in some rotation.",
                                    "Tile {tile} selected: {count} cells can take it in some rotation."),
    # Translators: {tile} is a tile's number; "r" and "e" are the keys that turn it (not translated).
    "selected_turn": lazy("Tile {tile} selected: it fits nowhere this way round; turn it (r or e) until green "
                          "spots show."),
    "fits_nowhere": lazy("Tile {tile} fits nowhere yet: no empty cell next to your territory matches the "
                         "terrain on its sides in any rotation."),
    # Translators: {rotation} is 0, 1, 2 or 3 (quarter turns).
    "rotation": lazy_ngettext("Rotation {rotation}: {count} legal spot for tile {tile}.",
                              "Rotation {rotation}: {count} legal spots for tile {tile}."),
    "rotation_none": lazy("Rotation {rotation}: tile {tile} fits nowhere this way round; turn it (r) to one "
                          "of the rotations that fit."),
    "hand_empty": lazy("Your hand is empty: every tile is placed."),
    "hand_none": lazy("No tiles to place now."),
    # Translators: {what} is the tile's description (its terrain and icons).
    "hover_tile": lazy("Tile {tile} at ({x}, {y}): {what}"),
    "hover_castle": lazy("Your castle at ({x}, {y}): {what}"),
    "hover_empty": lazy("Cell ({x}, {y}) is empty."),
    # Translators: the heading of the board's key (legend), a foldable box under the board.
    "key": lazy("Key: what the colours, outlines and icons mean"),
    "disabled": lazy("This territory cannot be changed now."),
    # Translators: {tile} is the tile asked for, {tiles} the numbers of the tiles in the hand ("12, 40").
    "not_in_hand": lazy("Tile {tile} is not in your hand; it holds {tiles}."),
    "not_in_empty_hand": lazy("Tile {tile} is not in your hand: your hand is empty."),
    "pick_first": lazy("Pick a tile from your hand first."),
    # Translators: "1-9" are the number keys that pick a tile of the hand.
    "pick_first_keys": lazy("Pick a tile from your hand first (buttons above, or keys 1-9)."),
    "quarter_turns": lazy("A tile turns by whole quarter turns, not {steps!r}."),
    "no_cell": lazy("There is no cell ({x!r}, {y!r}): a cell is two whole numbers from {low} to {high}."),
    # Translators: {error} is the rules' own sentence saying why the tile cannot go there.
    "cannot_place": lazy("Cannot place: {error}"),
    "placed": lazy("Placed tile {tile} at ({x}, {y}), rotation {rotation}."),
    # Translators: a button over the board; "r" is its key (not translated). Keep it short.
    "rotate": lazy("⟳ rotate (r)"),
    "rotate_tip": lazy("turn the selected tile a quarter clockwise"),
    # Translators: a button over the board; "e" is its key (not translated). Keep it short.
    "rotate_back": lazy("⟲ turn left (e)"),
    "rotate_back_tip": lazy("turn the selected tile a quarter anticlockwise"),
    # Translators: a button over a board a learner builds alone; "u" is its key (not translated). Keep it short.
    "undo": lazy("↶ undo (u)"),
    "undo_tip": lazy("take back the last tile placed on this board"),
    # Translators: after the undo of a board; {tile} is the number of the tile taken back.
    "undone": lazy("Tile {tile} is back in your hand."),
    "nothing_to_undo": lazy("Nothing to undo: no tile has been placed on this board yet."),
    # Translators: the label before the menu that draws a scoring tile's breakdown on the board (its first
    # choice is "none", then each scoring tile).
    "overlay_menu": lazy("scoring overlay:"),
    # Translators: a button of the hand: {key} is the number key that picks it (1-9), {tile} the tile's number.
    "hand_button": lazy("{key}: tile {tile}"),
    "hand_button_selected": lazy("{key}: tile {tile} ✓"),
    # Translators: the heading of a scoring tile's breakdown; {label} is the scoring tile's number and name.
    "breakdown": lazy_ngettext("Scoring tile {label}: {count} VP", "Scoring tile {label}: {count} VP"),
    "breakdown_nothing": lazy("nothing scores yet"),
    # Translators: the picture's title (a tooltip); {count} is the number of tiles, the castle included.
    "title": lazy_ngettext("territory of {count} tile", "territory of {count} tiles"),
}
#: Height of the hand row, kept when the hand is empty so the board does not jump
#: (a 72 px tile card, its button and margins).
HAND_ROW_HEIGHT = "112px"

#: The game table's texts about hidden gold: whole sentences or cell texts with named
#: placeholders, kept here so they can be translated later.
# Translators: a cell of the players table (Isle of Skye): how much gold a player has.
GOLD_CELL = lazy_ngettext("{count} gold", "{count} gold")
# Translators: a cell of the players table (Isle of Skye): this player's gold is secret.
GOLD_HIDDEN_CELL = lazy("hidden")
GOLD_HIDDEN_TITLE = lazy("{name} keeps their gold hidden behind their screen.")
# Translators: a check box of the game table (for the teacher).
OPEN_HAND_LABEL = lazy("open hand: show everyone's gold (teacher)")
OPEN_HAND_ON = lazy("Open hand: everyone's gold is shown, as the table knows it from the game so far.")
OPEN_HAND_OFF = lazy("Gold is hidden again: each player sees only their own.")
# "What would a bot do?" (a hint line; whole sentences with named placeholders)
SUGGEST_LABEL = lazy("What would a bot do?")
SUGGEST_TOOLTIP = lazy("show what the planner bot would do now, and why (nothing is played)")
# Translators: {move} is a move in words (the MOVE_ texts: "buy tile 12 from Ana for 3 gold"), {steps} the clicks
# that make it (whole sentences, SUGGEST_STEP below), {why} the bot's reasons.
SUGGEST_LINE = lazy("A planner bot would {move} for {name}. To do it: {steps} In its words: {why}")
#: The clicks that make a suggested move, one whole sentence each, naming the buttons, boxes and cells
#: as the table shows them.
SUGGEST_STEP = {
    # Translators: {label} is the label of the buttons that choose the tile to discard ("discard:"), {tile} the
    # number on one of them.
    "discard": lazy("Under “{label}”, click {tile}."),
    # Translators: {box} is the label of a tile's price box ("tile 12:").
    "price": lazy_ngettext("Put {count} gold in the box “{box}”.", "Put {count} gold in the box “{box}”."),
    # Translators: {button} is a button's label as the table shows it ("confirm prices", "buy 12 (3)", "pass").
    "then_button": lazy("Then click “{button}”."),
    "button": lazy("Click the button “{button}”."),
    # Translators: {button} is the hand's button of a tile ("1: tile 12"), {key} the number key that picks it.
    "hand": lazy("Click “{button}” in your hand (or press {key})."),
    # Translators: {button} is the button that turns the selected tile a quarter clockwise ("⟳ rotate (r)").
    "rotate": lazy_ngettext("Press “{button}” {count} time: the tile turns a quarter clockwise.",
                            "Press “{button}” {count} times: the tile turns a quarter clockwise each time."),
    # Translators: {button} is the button that turns the selected tile a quarter anticlockwise ("⟲ turn left (e)").
    "rotate_back": lazy("Press “{button}” once: the tile turns a quarter anticlockwise."),
    # Translators: (x, y) is a cell as the board's coordinates show it: x the column (on top), y the row (on the left).
    "cell": lazy("Then click cell ({x}, {y}) of your territory: column {x}, row {y}."),
}
SUGGEST_NONE = lazy("There is no decision of yours to suggest a move for.")
EXPLAIN_LABEL = lazy("explain the last move")
EXPLAIN_TOOLTIP = lazy("what the last bot move was, why the bot chose it, and what it scored")
# Translators: a move in words, inside "A planner bot would {move} for {name}."; {prices} lists "tile 12 at 3".
MOVE_PRICES = lazy("discard tile {discard} and price {prices}")
MOVE_PRICE = lazy("tile {tile} at {gold}")
MOVE_BUY = lazy_ngettext("buy tile {tile} from {seller} for {price} gold", "buy tile {tile} from {seller} for {price} gold",
                         counter="price")
MOVE_BUY_UNPRICED = lazy("buy tile {tile} from {seller}")
MOVE_PASS = lazy("pass (buy nothing)")
MOVE_PLACE = lazy("place tile {tile} at ({x}, {y}) in rotation {rotation}")
#: The keyboard's texts.
# Translators: the keys of a territory (after "Keyboard (click or Tab to the board first):"); key names as on the
# keyboard; "1-{last}" are the number keys that pick a tile of the hand ({last} is 2 to 9: how many it holds).
TERRITORY_KEYS = lazy("arrows move the cursor, Enter or space places the selected tile, r / e turn it, "
                      "1-{last} pick a tile of the hand, Escape clears.")
# Translators: the keys of a territory whose hand holds one tile (after "Keyboard (click or Tab to the board first):").
TERRITORY_KEYS_ONE = lazy("arrows move the cursor, Enter or space places the selected tile, r / e turn it, "
                          "1 picks the tile of the hand, Escape clears.")
# Translators: the keys of a territory with an empty hand (after "Keyboard (click or Tab to the board first):").
TERRITORY_KEYS_NONE = lazy("arrows move the cursor and say what is on each cell, Escape clears.")
# Translators: said after the keys of a board with an undo button; "u" is the key (not translated).
TERRITORY_KEY_UNDO = lazy("u takes back the last tile placed.")
# Translators: {key} is the number key pressed, {count} how many tiles the hand holds.
KEY_NO_TILE = lazy_ngettext("There is no tile {key} in your hand: it holds {count} tile.",
                            "There is no tile {key} in your hand: it holds {count} tiles.")
CURSOR_ON_TILE = lazy("Cursor at ({x}, {y}): tile {tile} is there.")
CURSOR_ON_CASTLE = lazy("Cursor at ({x}, {y}): the castle is there.")
CURSOR_EMPTY = lazy("Cursor at ({x}, {y}): an empty cell.")
CURSOR_FITS = lazy("Cursor at ({x}, {y}): tile {tile} fits here in rotation {rotation}; Enter places it.")
CURSOR_NO_FIT = lazy("Cursor at ({x}, {y}): tile {tile} does not fit here in rotation {rotation}.")
CURSOR_CLEARED = lazy("Cursor hidden; the arrow keys bring it back.")
#: The projector's big line (turn_line): whose turn and what to do now, whole sentences.
TURN_TEXT = {
    # Translators: the projector's big line at the end; {winners} is a list of names ("Ana and Bot 2").
    "over": lazy_ngettext("The game is over: {winners} won with {count} point.",
                          "The game is over: {winners} won with {count} points."),
    "prices": lazy("{name}: discard one of your three new tiles and put a price on each of the other two."),
    "prices_hotseat": lazy("{name} sets prices in secret: everyone else looks away while {name} shows their tiles."),
    "buy": lazy("{name}: buy one tile from another player, or pass."),
    # Translators: {tiles} is a list of the tiles to place, each "tile 12" (the text below), e.g. "tile 12 and tile 40".
    "build": lazy_ngettext("{name}: place {tiles} on your territory by clicking a green spot.",
                           "{name}: place {tiles} on your territory by clicking green spots."),
    # Translators: {kind} is the bot's kind in the reader's words (the glossary's: planner, greedy, random).
    "bot": lazy("{name} ({kind} bot) is thinking."),
    "bot_paused": lazy("{name} ({kind} bot) plays next: the bots are paused."),
    "waiting": lazy("Waiting for the next move."),
}
# Translators: one tile in a list of tiles to place (Isle of Skye's turn line), {tile} its number.
BUILD_TILE = lazy("tile {tile}")
#: The track's first line, one whole sentence per phase.
ROUND_LINE = {
    "prices": lazy("Round {round} of {rounds}: everyone sets prices in secret."),
    "buy": lazy("Round {round} of {rounds}: buying."),
    "build": lazy("Round {round} of {rounds}: building."),
    "over": lazy("Round {round} of {rounds}: the game is over."),
}
# Translators: a round of the round track: {slots} are the scoring tile slots scored that round ("A B").
TRACK_ROUND = lazy("round {round}: {slots}")
UNDONE_ONE = lazy("Undone: {name}'s last action. The bots are paused.")
NOTHING_PLAYED = lazy("Nothing has been played yet.")
#: The projector page's seats where the options are silent: the class plays one seat against two planners.
PROJECTOR_SEATS = ("human", "planner", "planner")
#: The table's texts the projector page shows (the players table, the decision panel, the status).
# Translators: the title over a player's board (Isle of Skye): name, tiles in the territory, victory points.
BOARD_TITLE = lazy_ngettext("{name} — {count} tile, {vp} VP", "{name} — {count} tiles, {vp} VP")
PLAYERS_HEAD = {
    # Translators: the column headings of the players table (Isle of Skye).
    "player": lazy("player"), "seat": lazy("seat"), "gold": lazy("gold"), "score": lazy("score"),
    "track": lazy("track"), "territory": lazy("territory"),
}
# Translators: the players table (Isle of Skye): the seat a person plays.
SEAT_HUMAN = lazy("human")
# Translators: the players table (Isle of Skye): a bot's seat; {kind} is its kind in the reader's words (planner, greedy).
SEAT_BOT = lazy("bot ({kind})")
PLAYER_VP = lazy_ngettext("{count} VP", "{count} VP")
TERRITORY_TILES = lazy_ngettext("{count} tile", "{count} tiles")
# Translators: the players table's last column while prices are set: still deciding / already decided.
STATE_DECIDING = lazy("deciding…")
STATE_DECIDED = lazy("decided ✓")
# Translators: the players table's last column: this player has a decision to make now.
STATE_TO_ACT = lazy("to act ▶")
PANEL_OVER = lazy("The game is over.")
# Translators: {menu} is the name of the menu above each board ("scoring overlay"), as the board shows it.
PANEL_OVER_MORE = lazy("Final scores below; choose a scoring tile in the board's “{menu}” menu to see its breakdown.")
PANEL_WAITING = lazy("Waiting for {name} (bot)…")
# Translators: {name} is shown in bold; {tiles} lists the tile numbers to place ("12, 40").
PANEL_BUILD = lazy_ngettext("{name}: place your tile {tiles}: click a green spot on your board (r rotates; "
                            "hover to preview).",
                            "{name}: place your tiles {tiles}: click a green spot on your board (r rotates; "
                            "hover to preview).")
PANEL_SHOW_TILES = lazy("show {name}'s tiles")
PANEL_HOTSEAT = lazy("{name} sets prices in secret: everyone else look away, then press the button.")
# Translators: the caption under a tile's picture; {tile} is its number.
TILE_CAPTION = lazy("tile {tile}")
# Translators: the label of the buttons that choose the tile to discard.
DISCARD_LABEL = lazy("discard:")
# Translators: the label of a tile's price box; {tile} is its number.
PRICE_LABEL = lazy("tile {tile}:")
CONFIRM_PRICES = lazy("confirm prices")
PANEL_PRICES = lazy_ngettext(
    "{name} ({count} gold): pick a tile to discard and put at least 1 gold on each other one. A buyer pays "
    "you the price and you also take back the gold on the tile; tiles nobody buys are yours, the gold on "
    "them is lost.",
    "{name} ({count} gold): pick a tile to discard and put at least 1 gold on each other one. A buyer pays "
    "you the price and you also take back the gold on the tile; tiles nobody buys are yours, the gold on "
    "them is lost.")
PANEL_BUY = lazy_ngettext("{name} ({count} gold): buy one tile from another display, or pass.",
                          "{name} ({count} gold): buy one tile from another display, or pass.")
# Translators: the caption of a tile offered for sale: its seller and its price.
OFFER_CAPTION = lazy_ngettext("{seller}: {count} gold", "{seller}: {count} gold")
# Translators: the caption of a tile the buyer offered themself: its price.
OFFER_CAPTION_YOURS = lazy_ngettext("{seller}: {count} gold (yours)", "{seller}: {count} gold (yours)")
# Translators: a button: buy tile {tile} for {price} gold (keep it short).
BUY_BUTTON = lazy("buy {tile} ({price})")
TOO_EXPENSIVE = lazy("too expensive")
# Translators: a button of the buying phase: buy nothing.
PASS_BUTTON = lazy("pass")
DONE = lazy("Done.")
NO_DECISION_OVER = lazy("No human decision is pending: the game is over.")
NO_DECISION_BOT = lazy("No human decision is pending: it is a bot's turn.")
PROJECTOR_BOT_DELAY = 1.5
#: The board's canvas on the projector: cells as large as fit in the projector picture (its size stays
#: about the same, so does the CSS scale that fits it to the page) and text of PROJECTOR_TEXT px or more.
PROJECTOR_BOARD = dict(cell=R.PROJECTOR_CELL, max_width=R.PROJECTOR_WIDTH, max_height=R.PROJECTOR_HEIGHT,
                       projector=True)
GOLD_MAJORITY_HIDDEN = lazy("Everyone's gold is hidden behind their screen: this tile is worked out when it "
                            "is scored, at the end of the round.")
#: The game table's own texts (whole sentences with named placeholders).
TABLE_TEXT = {
    # Translators: buttons and a check box of the Isle of Skye game table (keep them short).
    "undo": lazy("↶ undo"),
    "undo_tip": lazy("take back your last action"),
    "step": lazy("bots: one move"),
    "step_tip": lazy("let the next bot act"),
    "auto": lazy("bots move by themselves"),
    # Translators: the heading over the game's event log.
    "log": lazy("Event log"),
    "newest": lazy("newest first"),
    # Translators: one line of the event log: {round} is the round's number, {text} what happened.
    "log_line": lazy("[round {round}] {text}"),
    "show_first": lazy("{name}: press 'show my tiles' first (others look away)."),
    "nothing_secret": lazy("There is nothing secret to show now."),
    "no_prices": lazy("{name} has no prices to set now."),
    "set_prices": lazy("{name}, set your prices (the others look away)."),
    # Translators: "{tile: gold}" is Python's notation for the prices (keep it as it is).
    "prices_form": lazy("Prices must be given as {tile: gold}."),
    "bad_rotation": lazy("Rotation {rotation!r} is not 0, 1, 2 or 3."),
    "nothing_to_undo": lazy("Nothing of yours to undo."),
    "not_your_build": lazy("It is not {name}'s turn to build."),
    # Translators: the game table's heading: {round}, {rounds} and {phase} are filled in (in bold boxes).
    "header": lazy("Isle of Skye — round {round} of {rounds}, phase {phase}"),
    "scoring_tiles": lazy("scoring tiles"),
    "round_track": lazy("round track"),
    "final": lazy("Final scores"),
    # Translators: a player's line of the final scores: {vp}, {gold} and {tiles} are counted texts ("5 VP", "3 gold", "12 tiles").
    "final_line": lazy("{name}: {vp}, {gold}, {tiles}"),
    "where_from": lazy_ngettext("{name}: where the {count} VP came from", "{name}: where the {count} VP came from"),
    # Translators: a scoring tile that scored nothing for this player (in the final breakdown).
    "nothing": lazy("nothing"),
}
# Translators: the phases of an Isle of Skye round as the table's heading names them (the rulebook's numbers).
PHASE_NAMES = {"prices": lazy("2. draw and set prices (secret)"), "buy": lazy("4. buy"), "build": lazy("5. build"),
               "over": lazy("game over")}
# Translators: "Undone: N actions, back to before Ana ..." after the learner's undo, one sentence per kind of action.
UNDONE_MANY = {
    "setprices": lazy_ngettext("Undone: {count} action, back to before {name} set prices. Bots paused.",
                               "Undone: {count} actions, back to before {name} set prices. Bots paused."),
    "buy": lazy_ngettext("Undone: {count} action, back to before {name} bought a tile. Bots paused.",
                         "Undone: {count} actions, back to before {name} bought a tile. Bots paused."),
    "pass": lazy_ngettext("Undone: {count} action, back to before {name} passed. Bots paused.",
                          "Undone: {count} actions, back to before {name} passed. Bots paused."),
    "place": lazy_ngettext("Undone: {count} action, back to before {name} placed a tile. Bots paused.",
                           "Undone: {count} actions, back to before {name} placed a tile. Bots paused."),
}


def _bold_name(template: Any, name: str, **values: Any) -> str:
    """A translated sentence as HTML with its ``{name}`` in bold (the sentence escaped, then filled in)."""
    text = template.format(name="\x00", **values)        # translated and filled in; the name's place kept
    return escape(text).replace("\x00", f"<b>{escape(name)}</b>")


def _tile_card_html(tile_id: Any, rotation: int, *, size: int = 72, selected: bool = False,
                    caption: str = "") -> str:
    svg = render_tile(tile_id, rotation, size=size, selected=selected).to_svg()
    cap = f'<div style="font-size:0.85em;text-align:center">{escape(caption)}</div>' if caption else ""
    return f'<div style="display:inline-block">{svg}{cap}</div>'


def _scoring_tiles() -> dict[int, Any]:
    return dict(scoring.SCORING_TILES)


def _tile_label(number: int) -> str:
    """Scoring tile ``number`` as shown everywhere: ``10 (Gold majority)`` (see scoring.tile_label)."""
    st = _scoring_tiles().get(number)
    return st.label if st is not None else str(number)


# --------------------------------------------------------------------------
# TerritoryWidget
# --------------------------------------------------------------------------

class TerritoryWidget(CanvasBoard):
    """One territory on a canvas, built by clicking or with the keyboard.

    Parameters
    ----------
    territory:
        The :class:`~skye_widgets.skye.territory.Territory` to show (a new
        blue castle by default).
    hand:
        Tile ids the learner may place (picked with the hand buttons,
        :meth:`select_tile` or the keys 1-9).
    place:
        Called as ``place(tile, x, y, rotation)`` to place a tile; by default
        ``territory.place``. A :class:`GameTable` passes the game's ``Place``
        action instead. Any :class:`RulesError` it raises is shown, nothing changes.
    score:
        ``score(number) -> ScoreResult`` for the breakdown overlay; by default
        the territory alone is scored (majority tiles compare it with nobody).
    scoring_tiles:
        Which scoring tiles the breakdown menu offers (default all 16).
    cell, max_width, max_height:
        Cells keep ``cell`` pixels while the territory fits in ``max_width`` x
        ``max_height`` (the canvas grows with it); only past that bound do they
        shrink (:func:`~skye_widgets.skye.render.fit_view`).
    coordinates, tile_numbers:
        The first state of the "coordinates" (column x on top, row y on the
        left, as the texts name cells) and "tile numbers" checkboxes.
    keep_hand_row:
        Keep the hand row's height when the hand is empty, so the board does
        not jump when the last tile is placed (default: when there is a hand
        or a game's ``place``).
    undo:
        Show an "undo" button (key ``u``) that takes back the last tile placed
        on this board (:meth:`undo`; default: when the board places on its own
        territory, not through a game's ``place``).
    projector:
        The projector page's board (:func:`projector_game`): the picture has no text under
        :data:`~skye_widgets.skye.render.PROJECTOR_TEXT` px.

    Every line the board shows says what is true now: the status line's
    "Placed tile ..." is taken down when that tile is no longer there, the
    hover line follows every change of the territory, and a selected tile is
    said to fit only where a green spot shows.

    Under the board: the status line, a hover line naming the tile under the
    pointer (:meth:`hover_text`) and a key of the marks and icons shown
    (:meth:`key_entries`).
    """

    keys_help = TERRITORY_KEYS

    def __init__(self, territory: Territory | None = None, hand: Iterable[str | int] = (), *,
                 place: Callable[[str, int, int, int], Any] | None = None,
                 score: Callable[[int], Any] | None = None,
                 scoring_tiles: Sequence[int] | None = None,
                 cell: int = 64, max_width: int = 720, max_height: int = 520,
                 title: str = "", coordinates: bool = True, tile_numbers: bool = False,
                 keep_hand_row: bool | None = None, undo: bool | None = None, projector: bool = False) -> None:
        self.territory = territory if territory is not None else Territory("castle-blue")
        #: the projector page's board: its picture is ``render_territory(..., projector=True)``
        self.projector = bool(projector)
        self.hand: list[str] = [str(t) for t in hand]
        self.selected: str | None = self.hand[0] if self.hand else None
        self.rotation = 0
        self.hover: tuple[int, int] | None = None
        self.overlays = {"legal": True, "areas": False, "roads": False,
                         "coordinates": bool(coordinates), "tile_numbers": bool(tile_numbers)}
        self.breakdown_tile: int | None = None
        self.enabled = True
        self.disabled_reason: Any = BOARD_TEXT["disabled"]
        self.title = title
        self.cell, self.max_width, self.max_height = cell, max_width, max_height
        self._place = place
        self._score = score
        self._view: View | None = None
        self._legal_key: Any = None
        self._legal: list[tuple[int, int, int]] = []
        self._placed_callbacks: list[Callable[[str, int, int, int], None]] = []
        #: The undo button's work: the tiles this board placed on its own territory (tile, hand
        #: position, rotation), latest last; ``undo_handler`` replaces it (an exercise's own undo).
        self.can_undo = (place is None) if undo is None else bool(undo)
        self.undo_handler: Callable[[], None] | None = None
        self._placed_here: list[tuple[str, int, int]] = []
        #: The game's round, set by a game table (None on a board of its own): a line saying what was
        #: placed is news only in the round it was placed in.
        self.news_round: int | None = None
        #: A status line said from the state, and how to say it again: ``(make, text, kind)``. Each
        #: redraw asks ``make()`` again; a line no longer true is replaced (see :meth:`_check_lines`).
        self._claim: tuple[Callable[[], str | None], str, str] | None = None

        # controls
        # the hand row keeps its height when the last tile is placed (no jump of the board)
        if keep_hand_row is None:
            keep_hand_row = bool(self.hand) or place is not None
        self.hand_box = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center",
                                               min_height=HAND_ROW_HEIGHT if keep_hand_row else None))
        self.hand_box.add_class("skye-hand")
        self.keep_hand_row = keep_hand_row
        self.rotate_button = on_click(W.Button(description=str(BOARD_TEXT["rotate"]),
                                               tooltip=str(BOARD_TEXT["rotate_tip"]),
                                               layout=W.Layout(width="auto")), lambda: self.rotate(1))
        self.rotate_back_button = on_click(W.Button(description=str(BOARD_TEXT["rotate_back"]),
                                                    tooltip=str(BOARD_TEXT["rotate_back_tip"]),
                                                    layout=W.Layout(width="auto")), lambda: self.rotate(-1))
        self.undo_button = on_click(W.Button(description=str(BOARD_TEXT["undo"]), tooltip=str(BOARD_TEXT["undo_tip"]),
                                             layout=W.Layout(width="auto", display=None if self.can_undo else "none")),
                                    self.undo)
        self.undo_button.add_class("skye-board-undo")
        self.overlay_boxes = {k: W.Checkbox(value=v, description=str(OVERLAY_NAMES[k]), indent=False,
                                            layout=W.Layout(width="auto", margin="0 1em 0 0"))
                              for k, v in self.overlays.items()}
        for k, box in self.overlay_boxes.items():
            box.observe(lambda ch, k=k: self._overlay_changed(k, ch["new"]), names="value")
        tiles = _scoring_tiles()
        numbers = list(scoring_tiles) if scoring_tiles is not None else sorted(tiles)
        self._menu_numbers = numbers
        self.breakdown_menu = W.Dropdown(options=self._menu_options(), value=0,
                                         description=str(BOARD_TEXT["overlay_menu"]), style=LABEL_STYLE,
                                         layout=W.Layout(width="auto"))
        self.breakdown_menu.observe(lambda ch: self._breakdown_changed(ch["new"]), names="value")
        self.details = W.HTML(value="")
        self.details.add_class("skye-breakdown")
        self.hover_line = W.HTML(value="", layout=W.Layout(min_height="1.5em"))
        self.hover_line.add_class("skye-hover")
        self.key_html = W.HTML(value="")
        self.key_html.add_class("skye-key")
        self._key_keys: tuple[str, ...] | None = None
        self.heading = W.HTML(value="")
        tools = W.HBox([self.undo_button, self.rotate_back_button, self.rotate_button, *self.overlay_boxes.values(),
                        self.breakdown_menu], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        d = self.drawing()
        super().__init__(int(d.width), int(d.height), controls=[self.heading, self.hand_box, tools])
        self.children = (*self.children, self.hover_line, self.details, self.key_html)
        self.canvas.on_mouse_out(lambda *_: self.hover_cell(None))
        # a (re)connected page has blank canvases: repaint every layer
        self.canvas.on_client_ready(self.redraw, remove=True)
        self.canvas.on_client_ready(self._client_ready)
        self._refresh_controls()
        if self.selected is not None:
            self._say_live(self.selection_text)
        self.redraw()

    # -- Python-level API -------------------------------------------------
    def select_tile(self, tile_id: str | int) -> None:
        """Pick a tile of the hand to place next."""
        tid = str(tile_id)
        if tid not in self.hand:
            self.say(BOARD_TEXT["not_in_hand"].format(tile=tid, tiles=", ".join(self.hand)) if self.hand else
                     BOARD_TEXT["not_in_empty_hand"].format(tile=tid), "error")
            return
        self.selected = tid

        def selected() -> str | None:
            n = len(self.legal_cells(any_rotation=True))
            if self.selected != tid or not n or not self.legal_cells():
                return None                     # then selection_text says what is true
            return BOARD_TEXT["selected_count"].format(tile=tid, count=n)
        self._say_live(selected)
        self._refresh_controls()
        self.redraw()

    def rotate(self, steps: int = 1) -> None:
        """Turn the selected tile ``steps`` quarter turns clockwise (negative: back)."""
        if self.selected is None:
            self.say(str(BOARD_TEXT["pick_first"]), "error")
            return
        if not is_whole(steps, -MAX_COORDINATE, MAX_COORDINATE):
            self.say(BOARD_TEXT["quarter_turns"].format(steps=steps), "error")
            return
        self.rotation = (self.rotation + steps) % 4
        self._say_live(self._rotation_text)
        self._refresh_controls()
        self.redraw()

    def set_hand(self, hand: Iterable[str | int]) -> None:
        """Replace the hand (the selection moves to its first tile if needed)."""
        self.hand = [str(t) for t in hand]
        if self.selected not in self.hand:
            self.selected = self.hand[0] if self.hand else None
            self.rotation = 0
        self._refresh_controls()
        self.redraw()

    def set_territory(self, territory: Territory) -> None:
        """Show another territory object (for example after a game's undo); the board's own undo
        starts afresh."""
        self.territory = territory
        self._legal_key = None
        self._placed_here = []
        self.redraw()

    def use_undo(self, handler: Callable[[], None]) -> None:
        """Let ``handler`` (an exercise's undo, with its own button) take the key ``u`` instead of
        this board's own undo; the board's undo button is hidden."""
        self.undo_handler = handler
        self.can_undo = True
        self._refresh_controls()

    def undo(self) -> None:
        """Take back the last tile placed on this board: it goes back to its place in the hand,
        selected and turned as it was (``undo_handler``, when set, does the work instead)."""
        if self.undo_handler is not None:
            self.undo_handler()
            return
        last = list(self.territory.placements.values())[-1] if len(self.territory) > 1 else None
        if not self._placed_here or last is None or last.tile != self._placed_here[-1][0]:
            self._placed_here = []
            self.say(str(BOARD_TEXT["nothing_to_undo"]), "error")
            return
        tid, index, rotation = self._placed_here.pop()
        self.territory.pop()
        self._legal_key = None
        if tid not in self.hand:
            self.hand.insert(min(index, len(self.hand)), tid)
        self.selected, self.rotation = tid, rotation
        self.say(BOARD_TEXT["undone"].format(tile=tid), "ok")
        self._refresh_controls()
        self.redraw()

    def set_overlay(self, name: str, on: bool = True) -> None:
        """Switch an overlay (``legal``, ``areas``, ``roads``, ``coordinates``, ``tile_numbers``) on or off."""
        if name not in self.overlay_boxes:
            raise KeyError(f"unknown overlay {name!r}; known: {', '.join(self.overlay_boxes)}")
        self.overlay_boxes[name].value = bool(on)   # the observer redraws

    def show_breakdown(self, number: int | None) -> None:
        """Draw scoring tile ``number``'s breakdown on the board (None: hide)."""
        self.breakdown_menu.value = number or 0    # the observer redraws

    def on_placed(self, callback: Callable[[str, int, int, int], None]) -> None:
        """Call ``callback(tile, x, y, rotation)`` after every successful placement."""
        self._placed_callbacks.append(callback)

    def click_cell(self, x: int, y: int) -> None:
        """Place the selected tile on (x, y); an illegal spot (or coordinates that
        are not whole numbers on the board) is explained and changes nothing."""
        if not (is_whole(x, -MAX_COORDINATE, MAX_COORDINATE) and is_whole(y, -MAX_COORDINATE, MAX_COORDINATE)):
            self.say(BOARD_TEXT["no_cell"].format(x=x, y=y, low=-MAX_COORDINATE, high=MAX_COORDINATE), "error")
            return
        if not self.enabled:
            self.say(str(self.disabled_reason), "error")
            return
        if self.selected is None:
            self.say(str(BOARD_TEXT["pick_first" if not self.hand else "pick_first_keys"]), "error")
            return
        tid, rot = self.selected, self.rotation
        index = self.hand.index(tid) if tid in self.hand else len(self.hand)
        news = self.news_round                  # the round this placement belongs to (a game's)
        try:
            if self._place is not None:
                self._place(tid, x, y, rot)
            else:
                self.territory.place(tid, x, y, rot)
        except RulesError as e:
            self.say(BOARD_TEXT["cannot_place"].format(error=e), "error")
            self.redraw()
            return
        if tid in self.hand:
            self.hand.remove(tid)
        if self._place is None:
            self._placed_here.append((tid, index, rot))
        self.selected = self.hand[0] if self.hand else None
        self.rotation = 0
        self._legal_key = None

        def placed() -> str | None:
            p = self.territory.placements.get((x, y))
            if p is None or str(p.tile) != tid or p.rotation != rot or self.news_round != news:
                return None                     # taken back, or a new round began: the line goes
            text = BOARD_TEXT["placed"].format(tile=tid, x=x, y=y, rotation=rot)
            if self.selected is not None and not self.legal_cells():
                text += " " + self.selection_text()   # the next tile: turn it, or why it fits nowhere
            return text
        self._say_live(placed, "ok")
        self._refresh_controls()
        self.redraw()
        for cb in list(self._placed_callbacks):
            cb(tid, x, y, rot)

    def hover_cell(self, x: int | None, y: int | None = None) -> None:  # type: ignore[override]
        """Preview the selected tile on (x, y) (None: the pointer left the board)."""
        ok = is_whole(x, -MAX_COORDINATE, MAX_COORDINATE) and is_whole(y, -MAX_COORDINATE, MAX_COORDINATE)
        cell = (x, y) if ok else None       # anything but a cell on the board: as if the pointer left
        if cell == self.hover:
            return
        self.hover = cell
        self.hover_line.value = escape(self.hover_text(cell))
        if self.selected is not None:
            self.redraw()

    def hover_text(self, cell: tuple[int, int] | None) -> str:
        """What the hover line says about a cell: the placed tile's number and what it shows
        (so "tiles 44 and 55" in a hint can be found), or that the cell is empty."""
        if cell is None:
            return ""
        x, y = cell
        if cell not in self.territory:
            return BOARD_TEXT["hover_empty"].format(x=x, y=y)
        t, _rot = R.placed_tiles(self.territory)[cell]
        what = R.tile_words(t)
        if t.is_castle:
            return BOARD_TEXT["hover_castle"].format(x=x, y=y, what=what)
        return BOARD_TEXT["hover_tile"].format(tile=t.id, x=x, y=y, what=what)

    def key(self, key: str) -> None:
        """``r`` rotates clockwise, ``e`` (or ``R``) back, ``1``-``9`` pick a hand tile; the
        arrows move the cursor, Enter or space place the selected tile there, Escape clears
        (see :meth:`CanvasBoard.key`)."""
        if key == "r":
            self.rotate(1)
        elif key in ("e", "R"):
            self.rotate(-1)
        elif key == "u" and self.can_undo:
            self.undo()
        elif len(key) == 1 and key.isdigit() and key != "0":
            if int(key) <= len(self.hand):
                self.select_tile(self.hand[int(key) - 1])
            else:
                self.say(KEY_NO_TILE.format(key=key, count=len(self.hand)), "error")
        else:
            super().key(key)

    # -- the keyboard cursor (CanvasBoard) ---------------------------------------
    def cell_box(self, x: int, y: int) -> tuple[float, float, float, float] | None:
        """The pixel box of cell (x, y) in the current view (None when it is not shown)."""
        view = self._view or self.view()
        px, py = view.to_px(x, y)
        if view.cell_at(px + 1, py + 1) != (x, y):
            return None
        return float(px), float(py), float(view.cell), float(view.cell)

    def cursor_start(self) -> tuple[int, int] | None:
        """The first legal spot of the selected tile, else the castle."""
        legal = self.legal_cells()
        return legal[0] if legal else self.territory.castle.cell

    def cursor_moved(self, cell: tuple[int, int]) -> None:
        """The cursor shows the preview the pointer would, and says what is there."""
        self.hover = cell

        def at_cursor() -> str | None:
            if self.cursor != cell:
                return None
            x, y = cell
            if cell == self.territory.castle.cell:
                return CURSOR_ON_CASTLE.format(x=x, y=y)
            if cell in self.territory:
                return CURSOR_ON_TILE.format(x=x, y=y, tile=self.territory.placements[cell].tile)
            if self.selected is None:
                return CURSOR_EMPTY.format(x=x, y=y)
            if cell in self.legal_cells():
                return CURSOR_FITS.format(x=x, y=y, tile=self.selected, rotation=self.rotation)
            return CURSOR_NO_FIT.format(x=x, y=y, tile=self.selected, rotation=self.rotation)
        self._say_live(at_cursor)
        self.redraw()

    def escape(self) -> None:
        """Escape hides the cursor and its preview."""
        self.hover = None
        self.say(str(CURSOR_CLEARED), "info")
        self.redraw()

    def describe(self) -> str:
        """The territory in words (castle, tiles, areas, roads; the scoring tile shown: its points)."""
        scores = {self.breakdown_tile: self.score_result(self.breakdown_tile)} if self.breakdown_tile else None
        return describe_territory(self.territory, scores)

    # -- state -> picture ---------------------------------------------------
    def legal_cells(self, any_rotation: bool = False) -> list[tuple[int, int]]:
        """Cells where the selected tile may go (in the current rotation, or in any)."""
        if self.selected is None:
            return []
        key = (id(self.territory), len(self.territory), tuple(self.territory.placements)[-1], self.selected)
        if key != self._legal_key:
            try:
                self._legal = self.territory.legal_placements(self.selected)
            except RulesError:
                self._legal = []
            self._legal_key = key
        cells = (c[:2] for c in self._legal if any_rotation or c[2] == self.rotation)
        return list(dict.fromkeys(cells))

    def score_result(self, number: int) -> Any:
        """The ScoreResult of scoring tile ``number`` for this territory."""
        if self._score is not None:
            return self._score(number)
        return scoring.score_tile(number, [self.territory], [getattr(self.territory, "gold", 0) or 0])[0]

    def view(self) -> View:
        """The cells shown and their size (the territory plus one empty ring)."""
        return fit_view(self.territory.placements, cell=self.cell, max_width=self.max_width,
                        max_height=self.max_height,
                        gutter=(R.PROJECTOR_GUTTER if self.projector else R.COORD_GUTTER)
                        if self.overlays["coordinates"] else 0)

    def drawing(self) -> Drawing:
        """The current picture: territory, legal spots, preview and overlays."""
        view = self.view()
        self._view = view
        legal_now = self.legal_cells() if self.selected else []
        preview = None
        if self.selected is not None and self.hover is not None and self.hover not in self.territory \
                and view.cell_at(*(p + 1 for p in view.to_px(*self.hover))) == self.hover:
            preview = Preview(self.selected, self.hover[0], self.hover[1], self.rotation,
                              legal=self.hover in legal_now)
        breakdown = self.score_result(self.breakdown_tile) if self.breakdown_tile else None
        return render_territory(
            self.territory, view=view,
            legal=legal_now if self.overlays["legal"] else (),
            components=R.area_groups(self.territory) if self.overlays["areas"] else None,
            castle_roads=R.castle_road_refs(self.territory) if self.overlays["roads"] else None,
            breakdown=breakdown, preview=preview,
            preview_tile=self._tile(preview.tile) if preview is not None else None,
            coordinates=self.overlays["coordinates"], tile_numbers=self.overlays["tile_numbers"],
            legend=False, projector=self.projector,
            title=self.title or BOARD_TEXT["title"].format(count=len(self.territory)))

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The cell under a pixel of the canvas (None outside, or for anything but a pixel)."""
        if not finite_pixels(px, py):
            return None
        view = self._view or self.view()
        return view.cell_at(px, py)

    # -- internals -----------------------------------------------------------
    def _client_ready(self, *_: Any) -> None:
        self.redraw(force=True)

    def _tile(self, tid: str) -> Any:
        """The Tile for an id (hand-built tiles known to the territory included)."""
        try:
            return self.territory.tile(tid)
        except (RulesError, KeyError):
            return tid

    def _overlay_changed(self, name: str, on: bool) -> None:
        self.overlays[name] = bool(on)
        self.redraw()

    def _menu_options(self) -> list[tuple[str, int]]:
        # Translators: the first choice of the scoring overlay menu (after "scoring overlay:"): no scoring tile.
        return [(pgettext("scoring overlay", "none"), 0)] + [(_tile_label(n), n) for n in self._menu_numbers]

    def relabel(self) -> None:
        """Every text of the territory again in the language spoken now (buttons, overlays, menu,
        hand, the breakdown, the key, the description and the canvas); the territory is unchanged."""
        for button, key in ((self.rotate_button, "rotate"), (self.rotate_back_button, "rotate_back"),
                            (self.undo_button, "undo")):
            button.description, button.tooltip = str(BOARD_TEXT[key]), str(BOARD_TEXT[key + "_tip"])
        for k, box in self.overlay_boxes.items():
            box.description = str(OVERLAY_NAMES[k])
        self._breakdown_relabelling = True
        try:
            value = self.breakdown_menu.value
            self.breakdown_menu.description = str(BOARD_TEXT["overlay_menu"])
            self.breakdown_menu.options = self._menu_options()
            self.breakdown_menu.value = value
        finally:
            self._breakdown_relabelling = False
        self._key_keys = None
        self._refresh_controls()
        super().relabel()

    def _breakdown_changed(self, number: int) -> None:
        if getattr(self, "_breakdown_relabelling", False):
            return
        self.breakdown_tile = number or None
        self._refresh_details()
        self.redraw()

    def _refresh_details(self) -> None:
        if not self.breakdown_tile:
            self.details.value = ""
            return
        res = self.score_result(self.breakdown_tile)
        label = _tile_label(self.breakdown_tile)
        rows = "".join(f"<li><b>{it.points:+d}</b> {escape(str(it.reason))}</li>" for it in res.breakdown) \
            or f"<li>{escape(str(BOARD_TEXT['breakdown_nothing']))}</li>"
        heading = BOARD_TEXT["breakdown"].format(label=label, count=res.points)
        self.details.value = f"<div><b>{escape(heading)}</b><ul style='margin:0.2em 0'>{rows}</ul></div>"

    def _refresh_controls(self) -> None:
        cards = []
        for i, tid in enumerate(self.hand):
            sel = tid == self.selected
            html = W.HTML(_tile_card_html(self._tile(tid), self.rotation if sel else 0, selected=sel))
            btn = W.Button(description=BOARD_TEXT["hand_button_selected" if sel else "hand_button"].format(
                key=i + 1, tile=tid),
                           button_style="warning" if sel else "", layout=W.Layout(width="auto"))   # never cut
            btn.on_click(lambda _b, t=tid: self.select_tile(t))
            self.return_focus(btn)
            cards.append(W.VBox([html, btn], layout=W.Layout(margin="0 0.5em 0 0")))
        if not cards and self.keep_hand_row:
            said = BOARD_TEXT["hand_empty"] if len(self.territory) > 1 and self._place is None \
                else BOARD_TEXT["hand_none"]
            empty = W.HTML(f"<i>{escape(str(said))}</i>")
            empty.add_class("skye-hand-empty")
            cards = [empty]
        self.hand_box.children = cards
        self.rotate_button.disabled = self.rotate_back_button.disabled = self.selected is None
        # the board's own undo button; an exercise's undo (undo_handler) has its button beside the Check
        self.undo_button.layout.display = None if self.can_undo and self.undo_handler is None else "none"
        self.keys_line.value = keys_html(self.keys_help)
        if self.title:
            self.heading.value = f"<b>{escape(self.title)}</b>"
        self._refresh_details()

    def redraw(self, *_: Any, force: bool = False) -> None:
        """Repaint from state in one message (only the layers that changed); the lines under the
        board follow."""
        self._check_lines()
        super().redraw(force=force)
        if self.breakdown_tile:
            self._refresh_details()
        self._refresh_key()

    def key_entries(self) -> list[str]:
        """The key's entries for what the board shows now: the areas overlay's marks (when
        on), then the icons and scrolls of the placed tiles and the hand."""
        tiles = [t for t, _r in R.placed_tiles(self.territory).values()]
        for tid in self.hand:
            t = self._tile(tid)
            if not isinstance(t, str):
                tiles.append(t)
        return R.legend_entries(tiles, areas=self.overlays["areas"])

    def _refresh_key(self) -> None:
        keys = tuple(self.key_entries())
        if keys == self._key_keys:
            return
        self._key_keys = keys
        if not keys:
            self.key_html.value = ""
            return
        rows = []
        for k in keys:
            marker = R.legend_marker(k, 10, 9, 16)
            svg = Drawing(20, 18, marker).to_svg() if marker else ""
            indent = "1.5em" if k.startswith("scroll:") else "0"
            rows.append(f'<div style="display:flex;align-items:center;gap:0.4em;margin-left:{indent}">'
                        f'<span style="width:20px">{svg}</span><span>{escape(R.legend_text(k))}</span></div>')
        opened = " open" if self.overlays["areas"] else ""
        self.key_html.value = (f'<details{opened}><summary>{escape(str(BOARD_TEXT["key"]))}</summary>'
                               f'<div style="font-size:0.9em">{"".join(rows)}</div></details>')

    def selection_text(self) -> str:
        """What the selected tile can do now, in words: click a green spot (only when one shows),
        turn it (it fits only in another rotation), or why it fits nowhere; "" with nothing selected."""
        tid = self.selected
        if tid is None:
            return ""
        if self.legal_cells():
            return BOARD_TEXT["selected"].format(tile=tid)
        if self.legal_cells(any_rotation=True):
            return BOARD_TEXT["selected_turn"].format(tile=tid)
        return BOARD_TEXT["fits_nowhere"].format(tile=tid)

    @property
    def keys_help(self) -> str:  # type: ignore[override]
        """The keys of this board as they are now: the number keys the hand has (1-3 for three
        tiles), the undo key where the board has an undo."""
        n = min(len(self.hand), 9)
        text = (TERRITORY_KEYS.format(last=n) if n > 1 else
                str(TERRITORY_KEYS_ONE if n == 1 else TERRITORY_KEYS_NONE))
        return f"{text} {TERRITORY_KEY_UNDO}" if self.can_undo else text

    def say(self, message: str, kind: str = "info") -> None:
        """Show a one-line message under the board (``kind``: info, ok, error)."""
        self._claim = None
        super().say(message, kind)

    def _rotation_text(self) -> str:
        """The selected tile's rotation and where it fits in it (or that it does not)."""
        if self.selected is None:
            return ""
        here = len(self.legal_cells())
        if here:
            return BOARD_TEXT["rotation"].format(rotation=self.rotation, count=here, tile=self.selected)
        if self.legal_cells(any_rotation=True):
            return BOARD_TEXT["rotation_none"].format(rotation=self.rotation, tile=self.selected)
        return BOARD_TEXT["fits_nowhere"].format(tile=self.selected)

    def _say_live(self, make: Callable[[], str | None], kind: str = "info") -> None:
        """Say ``make()`` (a line about the state now) and keep saying what is true: each redraw
        asks ``make()`` again (:meth:`_check_lines`)."""
        text = make()
        if text is None:
            make, kind = self.selection_text, "info"
            text = make()
        self.say(text or "", kind)
        self._claim = (make, text or "", kind)

    def _check_lines(self) -> None:
        """Put right what the status and hover lines say that is no longer true: a "Placed tile"
        line whose tile is gone (undone, a new territory), a selection or rotation line after the
        hand or the territory changed, the hover line of a changed cell."""
        if self._claim is not None:
            make, text, kind = self._claim
            if make() != text:
                self._say_live(make, kind)
        self.hover_line.value = escape(self.hover_text(self.hover))


# --------------------------------------------------------------------------
# Seats and bots
# --------------------------------------------------------------------------

def make_seat(spec: Any, seed: int) -> Any:
    """``"human"`` (or None) -> None; a bot object (with the protocol's
    ``choose(state)``) as is; a bot kind -> ``make_bot(kind, seed=seed)``
    (an unknown kind raises :class:`~skye_widgets.errors.BadConfigError`)."""
    return base_make_seat(spec, make_bot, seed)


# --------------------------------------------------------------------------
# GameTable
# --------------------------------------------------------------------------

class GameTable(Multilingual, W.VBox):
    """A whole game of Isle of Skye in one widget.

    ``seats`` lists each player as ``"human"`` or a bot (a name such as
    ``"random"`` or an object with the protocol's ``choose(observation)``). The
    table plays through the widgets' shared :class:`~skye_widgets.widgets.base.TurnLoop`
    (:attr:`turns`): bots move one action at a time on the kernel's event loop
    (``bot_delay`` seconds apart), so the page stays responsive and their moves
    can be followed; without a running loop (plain Python, tests) they move at
    once. While prices are set every undecided bot decides, even while a person
    thinks (the decisions are simultaneous and secret). ``hotseat`` (default:
    more than one human) hides each human's secret prices and discard from the
    others: the table asks to pass the device and shows one player's tiles at a
    time.

    Gold is secret, as in the rulebooks (kept behind each player's screen): the
    players table shows a number only for the human whose eyes the table shows
    (:meth:`viewer`) and "hidden" for everyone else, and the gold-majority
    breakdown on the boards is not worked out. ``open_hand=True`` (or the
    *open hand* box, :meth:`set_open_hand`) is the teacher's view for
    discussing a game: everyone's gold, as the table knows it
    (:meth:`GameState.known_gold`). The final scores list everything.

    Python-level API: :meth:`set_prices`, :meth:`buy`, :meth:`pass_turn`,
    :meth:`place` (or ``table.boards[p].click_cell``), :meth:`undo`,
    :meth:`step_bots`, :meth:`reveal`.
    """

    def __init__(self, seats: Sequence[Any] = ("human", "random"), *, seed: int = 0,
                 names: Sequence[str] | None = None, scoring: Sequence[int] | None = None,
                 hotseat: bool | None = None, open_hand: bool = False, bot_delay: float = 0.4,
                 auto_bots: bool = True, game: GameState | None = None,
                 board: dict[str, Any] | None = None) -> None:
        if game is None:
            game = GameState(GameConfig(players=len(seats), seed=seed,
                                        names=tuple(names) if names else (),
                                        scoring=tuple(scoring) if scoring else None))  # type: ignore[arg-type]
        self.game = game
        self.seat_specs = [s if isinstance(s, str) else type(s).__name__ for s in seats]
        # the one turn loop of the widgets: bots decide (several at once while prices are set)
        self.turns = TurnLoop(game, [make_seat(s, seed * 101 + i) for i, s in enumerate(seats)],
                              deciders=lambda g: g.decision_players(), delay=bot_delay, auto=auto_bots,
                              on_action=self._bot_acted, on_change=self.refresh, on_error=self._bot_failed)
        self.hotseat = (sum(1 for s in self.seats if s is None) > 1) if hotseat is None else hotseat
        self.open_hand = bool(open_hand)
        self.revealed: int | None = None     # hot-seat: whose secret form is showing
        self.suggestion: tuple[Any, Any] | None = None   # (action, explanation) of the last hint
        self._hint_at: tuple[Any, ...] | None = None   # the decision that hint was asked for
        self.suggest_seed = seed
        #: The projector page's undo: take back exactly one action, whoever made it (bots pause).
        self.teacher_undo = False
        self._refresh_callbacks: list[Callable[[], None]] = []
        self._projector_boards: dict[int, W.Widget] = {}
        self.track_html = W.HTML()
        self.track_html.add_class("skye-track")

        self.header = W.HTML()
        self.players_html = W.HTML()
        self.panel = W.VBox()
        self.status = W.HTML(layout=W.Layout(min_height="1.6em"))
        self.status.add_class("skye-table-status")
        self.final_html = W.HTML()
        self.log_html = W.HTML()
        self.log_box = W.Box([self.log_html], layout=W.Layout(max_height="220px", overflow="auto",
                                                               border="1px solid #ccc", padding="0 0.5em"))
        self.undo_button = on_click(W.Button(description=str(TABLE_TEXT["undo"]), tooltip=str(TABLE_TEXT["undo_tip"]),
                                             layout=W.Layout(width="auto")), self.undo)
        self.step_button = on_click(W.Button(description=str(TABLE_TEXT["step"]), tooltip=str(TABLE_TEXT["step_tip"]),
                                             layout=W.Layout(width="auto")), lambda: self.step_bots(1))
        self.suggest_button = on_click(W.Button(description=str(SUGGEST_LABEL), tooltip=str(SUGGEST_TOOLTIP),
                                                layout=W.Layout(width="auto")), self.suggest)
        self.suggest_button.add_class("skye-suggest")
        self.hint_html = W.HTML()
        self.hint_html.add_class("skye-hint")
        self.explain_button = on_click(W.Button(description=str(EXPLAIN_LABEL), tooltip=str(EXPLAIN_TOOLTIP),
                                                layout=W.Layout(width="auto")), self.show_explanation)
        self.explain_button.add_class("skye-explain")
        self.explain_html = W.HTML()
        self.explain_html.add_class("skye-explanation")
        for b in (self.undo_button, self.step_button, self.suggest_button, self.explain_button):       # the keys go on working on the board
            b.on_click(lambda _b: self.boards[self.tabs.selected_index or 0].focus_board())
        self.auto_box = W.Checkbox(value=auto_bots, description=str(TABLE_TEXT["auto"]), indent=False,
                                   layout=W.Layout(width="auto"))
        self.auto_box.observe(lambda ch: self._set_auto(ch["new"]), names="value")
        self.open_hand_box = W.Checkbox(value=self.open_hand, description=str(OPEN_HAND_LABEL), indent=False,
                                        layout=W.Layout(width="auto"))     # never cut the label
        self.open_hand_box.add_class("skye-open-hand")
        self.open_hand_box.observe(lambda ch: self.set_open_hand(ch["new"]), names="value")
        scoring_numbers = list(game.scoring.values())
        self.boards: list[TerritoryWidget] = []
        for p in range(game.n_players):
            b = TerritoryWidget(game.territories[p], (), place=self._placer(p),
                                score=self._scorer(p), scoring_tiles=scoring_numbers,
                                **(board or dict(max_width=640, max_height=480)))
            b.canvas.add_class(f"skye-board-{p}")
            self.boards.append(b)
        self.tabs = W.Tab(children=self.boards)
        for p, name in enumerate(game.names):
            self.tabs.set_title(p, name)
        self.log_heading = W.HTML()
        controls = W.HBox([self.undo_button, self.step_button, self.suggest_button, self.explain_button,
                           self.auto_box, self.open_hand_box, self.make_language_picker()],
                          layout=W.Layout(align_items="center", flex_flow="row wrap", grid_gap="0 1em"))
        # answers that come and go (a suggestion, an explanation) below the board and its buttons: they
        # never push the board down under the pointer
        super().__init__(children=[self.header, self.players_html, self.panel, self.status, self.tabs,
                                   controls, self.hint_html, self.explain_html, self.log_heading, self.log_box,
                                   self.final_html])
        self.add_class("skye-game-table")
        self.refresh()
        self.turns.run()

    # -- who is who (the turn loop knows) -------------------------------------
    @property
    def seats(self) -> list[Any]:
        """One entry per player: None for a person, else the bot."""
        return self.turns.seats

    @property
    def auto_bots(self) -> bool:
        """Whether bots move by themselves."""
        return self.turns.auto

    @property
    def bot_delay(self) -> float | None:
        """Seconds between two bot moves on the kernel's event loop."""
        return self.turns.delay

    def is_human(self, p: int) -> bool:
        """True when seat ``p`` is played by a person."""
        return self.turns.is_person(p)

    def humans_to_act(self) -> list[int]:
        """Human players who have a decision now."""
        return self.turns.persons_to_act()

    def bot_to_act(self) -> int | None:
        """A bot player with a decision now, or None."""
        return self.turns.bot_to_act()

    def viewer(self) -> int:
        """Whose eyes the table shows: the acting human (hot-seat: the revealed one), else the first human."""
        humans = self.humans_to_act()
        if self.game.phase == "prices" and self.hotseat:
            if self.revealed is not None:
                return self.revealed
            return -1    # nobody's secrets on screen
        if humans:
            return humans[0]
        for p in range(self.game.n_players):
            if self.is_human(p):
                return p
        return -1

    # -- actions (Python-level API) ---------------------------------------
    def act(self, action: Any) -> bool:
        """Apply a game action; an illegal one is explained in the status line and changes nothing."""
        before = len(self.game.log)
        try:
            self.turns.apply(action)
        except RulesError as e:
            self.say(str(e), "error")
            return False
        new = self.game.log[before:before + 1]
        self.say(new[0].text if new else str(DONE), "ok")
        if isinstance(action, SetPrices):
            self.revealed = None
        self.refresh()
        self.turns.run()
        return True

    def _human(self) -> int | None:
        humans = self.humans_to_act()
        if not humans:
            self.say(str(NO_DECISION_OVER if self.game.is_over() else NO_DECISION_BOT), "error")
            return None
        if self.game.phase == "prices" and self.hotseat:
            if self.revealed is None or self.revealed not in humans:
                self.say(TABLE_TEXT["show_first"].format(name=self.game.names[humans[0]]), "error")
                return None
            return self.revealed
        return humans[0]

    def reveal(self, player: int | None = None) -> None:
        """Hot-seat: show ``player``'s (default: next deciding human) drawn tiles and price form."""
        humans = self.humans_to_act()
        if self.game.phase != "prices" or not humans:
            self.say(str(TABLE_TEXT["nothing_secret"]), "error")
            return
        p = humans[0] if player is None else player
        if type(p) is not int or p not in humans:
            who = self.game.names[p] if type(p) is int and 0 <= p < self.game.n_players else repr(p)
            self.say(TABLE_TEXT["no_prices"].format(name=who), "error")
            return
        self.revealed = p
        self._clear_hint()
        self.say(TABLE_TEXT["set_prices"].format(name=self.game.names[p]), "info")
        self.refresh()

    def set_prices(self, discard: str | int, prices: dict[str | int, int]) -> bool:
        """The deciding human discards one drawn tile and prices the others."""
        p = self._human()
        if p is None:
            return False
        if not isinstance(prices, dict):
            self.say(str(TABLE_TEXT["prices_form"]), "error")
            return False
        # gold is passed as given: the action refuses anything but whole numbers
        try:
            action = SetPrices.of(p, str(discard), {str(t): g for t, g in prices.items()})
        except RulesError as e:
            self.say(str(e), "error")
            return False
        return self.act(action)

    def buy(self, seller: int, tile: str | int) -> bool:
        """The buying human buys ``tile`` from ``seller``."""
        p = self._human()
        if p is None:
            return False
        try:
            action = Buy(p, seller, str(tile))
        except RulesError as e:
            self.say(str(e), "error")
            return False
        return self.act(action)

    def pass_turn(self) -> bool:
        """The buying human buys nothing."""
        p = self._human()
        if p is None:
            return False
        return self.act(Pass(p))

    def place(self, tile: str | int, x: int, y: int, rotation: int) -> bool:
        """The building human places ``tile`` (same as clicking their board)."""
        p = self._human()
        if p is None:
            return False
        b = self.boards[p]
        b.set_hand(self.game.to_build[p])
        b.select_tile(str(tile))
        if b.selected != str(tile):
            self.say(b.message, "error")
            return False
        if isinstance(rotation, bool) or not isinstance(rotation, int):
            self.say(TABLE_TEXT["bad_rotation"].format(rotation=rotation), "error")
            return False
        b.rotation = rotation % 4
        before = len(self.game.history)
        b.click_cell(x, y)
        if len(self.game.history) == before:
            self.say(b.message, "error")
            return False
        return True

    def undo(self) -> None:
        """Take back the last human action (and the bot moves made after it); with
        :attr:`teacher_undo` (the projector page), exactly the last action, whoever made it."""
        if self.teacher_undo:
            self._undo_one()
            return
        taken = self.turns.undo()
        if not taken:
            self.say(str(TABLE_TEXT["nothing_to_undo"]), "error")
            return
        self.revealed = None
        self.auto_box.value = False    # let the learner think; bots resume with the step button or the box
        who, last = taken[-1]
        undone = UNDONE_MANY.get(type(last).__name__.lower(), UNDONE_MANY["place"])
        self.say(undone.format(count=len(taken), name=self.game.names[who]), "info")
        self.refresh()

    def _bot_acted(self, player: int, action: Any) -> None:
        """A bot's move, told on the status line as a person's is: the first line it wrote in the log
        (public words: a bot's secret prices stay secret). The line before it (an undo's, a person's
        placement) is no longer the news."""
        decision = self.turns.last_explanation
        if decision is not None and decision.index == len(self.game.history) - 1:
            new = self.game.log[decision.log_start:decision.log_size]
        else:
            new = self.game.log[-1:]
        if new:
            self.say(new[0].text, "info")

    def _undo_one(self) -> None:
        taken = self.turns.undo_last()      # pauses the bots (else they would replay the move at once)
        if taken is None:
            self.say(str(NOTHING_PLAYED), "error")
            return
        self.revealed = None
        self.auto_box.value = False
        who, _action = taken    # the action is not named: a bot's secret prices must stay secret
        name = self.game.names[who] if who is not None else "?"
        self.say(UNDONE_ONE.format(name=name), "info")
        self.refresh()

    def step_bots(self, max_moves: int = 1) -> int:
        """Let bots make up to ``max_moves`` moves now; returns how many were made."""
        return self.turns.step_bots(max_moves)

    # -- projector mode (widgets.projector.ProjectorGame) ---------------------------
    def on_refresh(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every refresh of the table (a move, an undo, the bots)."""
        self._refresh_callbacks.append(callback)

    def relabel(self) -> None:
        """Every text of the table again in the language spoken now (after ``set_language``): the
        buttons, the players table, the decision panel, the boards (their canvases too), the log and
        the track are rebuilt; the game is unchanged. The status line keeps its last message until
        the next one."""
        for button, key in ((self.undo_button, "undo"), (self.step_button, "step")):
            button.description, button.tooltip = str(TABLE_TEXT[key]), str(TABLE_TEXT[key + "_tip"])
        self.suggest_button.description, self.suggest_button.tooltip = str(SUGGEST_LABEL), str(SUGGEST_TOOLTIP)
        self.explain_button.description, self.explain_button.tooltip = str(EXPLAIN_LABEL), str(EXPLAIN_TOOLTIP)
        self.auto_box.description = str(TABLE_TEXT["auto"])
        self.open_hand_box.description = str(OPEN_HAND_LABEL)
        for b in self.boards:
            b.relabel()
        if self.explain_html.value:
            self.show_explanation()
        if self.suggestion is not None:
            self._show_suggestion()
        self.refresh()

    def turn_line(self) -> str:
        """Whose turn it is and what to do now, in one sentence the room can read."""
        g = self.game
        if g.is_over():
            best = [r for r in g.results() if r.rank == 1]
            return TURN_TEXT["over"].format(winners=word_list(r.name for r in best), count=best[0].vp if best else 0)
        humans = self.humans_to_act()
        if humans:
            p = humans[0]
            if g.phase == "prices":
                if self.hotseat and (self.revealed is None or self.revealed not in humans):
                    return TURN_TEXT["prices_hotseat"].format(name=g.names[p])
                if self.hotseat:
                    p = self.revealed
                return TURN_TEXT["prices"].format(name=g.names[p])
            if g.phase == "buy":
                return TURN_TEXT["buy"].format(name=g.names[p])
            if g.phase == "build":
                tiles = word_list(BUILD_TILE.format(tile=t) for t in g.to_build[p])
                return TURN_TEXT["build"].format(name=g.names[p], tiles=tiles, count=len(g.to_build[p]))
        bot = self.bot_to_act()
        if bot is not None:
            key = "bot" if self.turns.auto else "bot_paused"
            return TURN_TEXT[key].format(name=g.names[bot], kind=bot_kind_name(self.seat_specs[bot]))
        return TURN_TEXT["waiting"]

    def active_player(self) -> int:
        """The player whose board the projector shows: the builder while tiles are built, else the
        person to act (or the first person at the table)."""
        g = self.game
        if g.phase == "build" and g.build_queue:
            return g.build_queue[0]
        viewer = self.viewer()
        if viewer >= 0:
            return viewer
        humans = self.humans_to_act()
        return humans[0] if humans else 0

    def projector_board(self, p: int) -> W.Widget:
        """Player ``p``'s board for the projector: the hand and the rotate buttons above the canvas,
        which CSS shrinks to the room it has (ipycanvas maps clicks through the scaling)."""
        if p not in self._projector_boards:
            b = self.boards[p]
            # the scoring overlay's menu shows once the game is over (projector_parts), as the end's
            # panel promises: each scoring tile's breakdown on the board, its lines below it
            tools = W.HBox([b.rotate_back_button, b.rotate_button, b.breakdown_menu])
            tools.add_class("skye-projector-tools")
            self._projector_boards[p] = board_part(b.canvas, above=[b.heading, W.HBox([b.hand_box, tools])],
                                                   below=[b.status, b.details], beside=b.canvas_companions())
        return self._projector_boards[p]

    def events(self, count: int) -> list[str]:
        """The last ``count`` lines of the game's log the projector's "What happened" list tells,
        oldest first: the moves (prices revealed, who buys what from whom for how much, passes,
        unsold tiles, placements) and every round's scoring (each scoring tile's points per player,
        the totals after the round, the final scoring). The log's bookkeeping
        (:data:`PROJECTOR_QUIET`: a round starts, incomes, draws, "has decided") is left out, so a
        round's scoring is still in the list's few lines when the next round's prices are set; the
        page shows the round on the track and who has decided in the players table."""
        quiet = [LOG[k] for k in PROJECTOR_QUIET]
        told = [e for e in self.game.log if not any(getattr(e.message, "template", None) is q for q in quiet)]
        return [e.text for e in told[-count:]] if count > 0 else []

    def projector_parts(self) -> Any:
        """The parts the projector page lays out (see :class:`~skye_widgets.widgets.projector.ProjectorParts`)."""
        board = self.projector_board(self.active_player())
        self.boards[self.active_player()].breakdown_menu.layout.display = None if self.game.is_over() else "none"
        return ProjectorParts(board=board, decision=self.panel,
                              summaries=self.players_html, track=self.track_html, status=self.status)

    # -- explanations ------------------------------------------------------------
    def _secret(self, decision: Any) -> bool:
        """A bot's price decision stays secret until the round's prices are revealed."""
        if not isinstance(decision.action, SetPrices) or self.game.phase != "prices":
            return False
        log = self.game.log
        event = log[decision.log_start] if decision.log_start < len(log) else None
        return event is None or event.round_no == self.game.round_no

    def _action_line(self, decision: Any) -> str:
        log = self.game.log
        return log[decision.log_start].text if decision.log_start < len(log) else str(decision.action)

    def explain_last(self) -> str:
        """The last bot move in words: who did what, why (the bot's explanation) and
        what it scored (the VP before and after, the breakdown lines it added).
        Plain text, one sentence a line (the projector view shows it)."""
        d = self.turns.last_explanation
        if d is None:
            return explain_decision(self.turns, None)
        return explain_decision(self.turns, d, self._action_line(d).rstrip("."), secret=self._secret(d))

    def show_explanation(self) -> str:
        """Show :meth:`explain_last` under the controls, one sentence a line (the teacher's
        "explain the last move"); returns it."""
        text = self.explain_last()
        self.explain_html.value = "<div class='skye-explanation-text'>" + "<br>".join(
            escape(line) for line in text.splitlines() if line.strip()) + "</div>"
        return text

    def move_text(self, action: Any) -> str:
        """An action in words, for the hint line."""
        g = self.game
        if isinstance(action, SetPrices):
            prices = ", ".join(MOVE_PRICE.format(tile=t, gold=gold) for t, gold in action.prices)
            return MOVE_PRICES.format(discard=action.discard, prices=prices)
        if isinstance(action, Buy):
            price = g.prices[action.seller].get(action.tile)
            if price is None:               # not on offer: the move is refused anyway
                return MOVE_BUY_UNPRICED.format(tile=action.tile, seller=g.names[action.seller])
            return MOVE_BUY.format(tile=action.tile, seller=g.names[action.seller], price=price)
        if isinstance(action, Place):
            return MOVE_PLACE.format(tile=action.tile, x=action.x, y=action.y, rotation=action.rotation)
        if isinstance(action, Pass):
            return str(MOVE_PASS)
        return str(action)

    def suggest(self) -> tuple[Any, Any] | None:
        """What would a bot do? The planner's choice for the human to act, and why,
        shown as a hint line under the status with the clicks that make it
        (:meth:`suggestion_steps`); nothing is played. The same table seed and game give
        the same suggestion. A tile turned on the person's board is turned back, so that
        the presses of rotate counted in the hint start from the printed way round."""
        p = self._human()
        if p is None:
            self.hint_html.value = ""
            return None
        bot = make_bot("planner", seed=self.suggest_seed * 1000 + len(self.game.history))
        action, why = bot.choose_explained(self.game.observation(p))
        if isinstance(action, Place) and self.boards[p].rotation:
            board = self.boards[p]
            board.rotation = 0
            board._refresh_controls()
            board.redraw()
        self.suggestion = (action, why)
        self._hint_at = self._decision_key(p)
        self._show_suggestion()
        return action, why

    def _show_suggestion(self) -> None:
        assert self.suggestion is not None
        action, why = self.suggestion
        p = self._hint_at[0] if self._hint_at is not None else action.player
        self.hint_html.value = status_html(SUGGEST_LINE.format(
            move=self.move_text(action), name=self.game.names[p], steps=" ".join(self.suggestion_steps(action)),
            why=why.text), "info")

    def suggestion_steps(self, action: Any) -> list[str]:
        """The clicks that make ``action``, one sentence each, naming the table's buttons, boxes
        and cells as it shows them: the discard buttons and price boxes, then "confirm prices";
        a buy button ("buy 12 (3)") or "pass"; a tile's button in the hand, the presses of
        rotate (a quarter clockwise each, from the printed way round) and the cell by the
        board's column and row numbers."""
        g = self.game
        step = SUGGEST_STEP
        if isinstance(action, SetPrices):
            out = [step["discard"].format(label=str(DISCARD_LABEL), tile=action.discard)] if action.discard else []
            out += [step["price"].format(count=gold, box=PRICE_LABEL.format(tile=t)) for t, gold in action.prices]
            return [*out, step["then_button"].format(button=str(CONFIRM_PRICES))]
        if isinstance(action, Buy):
            price = g.prices[action.seller].get(action.tile, "?")
            return [step["button"].format(button=BUY_BUTTON.format(tile=action.tile, price=price))]
        if isinstance(action, Pass):
            return [step["button"].format(button=str(PASS_BUTTON))]
        if isinstance(action, Place):
            hand = list(g.to_build[action.player])
            key = hand.index(action.tile) + 1 if action.tile in hand else 1
            shown = "hand_button_selected" if self.boards[action.player].selected == action.tile else "hand_button"
            out = [step["hand"].format(button=BOARD_TEXT[shown].format(key=key, tile=action.tile), key=key)]
            if action.rotation % 4 == 3:        # one quarter back is three forward
                out.append(step["rotate_back"].format(button=str(BOARD_TEXT["rotate_back"])))
            elif action.rotation % 4:
                out.append(step["rotate"].format(button=str(BOARD_TEXT["rotate"]), count=action.rotation % 4))
            return [*out, step["cell"].format(x=action.x, y=action.y)]
        return [str(action)]

    @property
    def hint(self) -> str:
        """The hint line as plain text ("" when no suggestion is showing)."""
        return plain_text(self.hint_html.value)

    def set_open_hand(self, on: bool = True) -> None:
        """The teacher's open hand: show everyone's gold (True) or only the viewer's (False)."""
        on = bool(on)
        if self.open_hand_box.value != on:
            self.open_hand_box.value = on        # its observer calls back here
            return
        if on == self.open_hand:
            return
        self.open_hand = on
        self.say(str(OPEN_HAND_ON if on else OPEN_HAND_OFF), "info")
        self.refresh()
        for b in self.boards:
            if b.breakdown_tile:
                b.redraw()

    def gold_text(self, p: int, viewer: int | None = None) -> str:
        """What the players table shows in ``p``'s gold cell: a number or "hidden"."""
        g = self.game
        if viewer is None:
            viewer = self.viewer()
        if p == viewer:
            return GOLD_CELL.format(count=g.gold[p])
        if not self.open_hand:
            return str(GOLD_HIDDEN_CELL)
        return GOLD_CELL.format(count=g.known_gold(viewer)[p])     # viewer -1: an onlooker's knowledge

    def say(self, message: str, kind: str = "info") -> None:
        """Show ``message`` in the status line (kind: info, ok or error)."""
        self.status.value = status_html(message, kind)

    @property
    def message(self) -> str:
        """The status line as plain text."""
        return plain_text(self.status.value)

    # -- bots ------------------------------------------------------------------
    def _set_auto(self, on: bool) -> None:
        self.turns.set_auto(on)

    def _bot_failed(self, player: int, message: str) -> None:
        self.say(message, "error")
        self.auto_box.value = False

    # -- engine hooks for the boards ------------------------------------------
    def _placer(self, p: int) -> Callable[[str, int, int, int], None]:
        def place(tile: str, x: int, y: int, rotation: int) -> None:
            before = len(self.game.log)
            self.turns.apply(Place(p, tile, x, y, rotation))   # RulesError -> the board explains
            self.say(self.game.log[before].text, "ok")
            self.refresh()
            self.turns.run()
        return place

    def _scorer(self, p: int) -> Callable[[int], Any]:
        def score(number: int) -> Any:
            st = scoring.SCORING_TILES.get(number)
            if not self.open_hand and not self.game.is_over() and \
                    st is not None and st.is_majority and st.counts == "gold":
                return scoring.ScoreResult.of([scoring.BreakdownItem(0, str(GOLD_MAJORITY_HIDDEN))])
            # the open hand: gold as the table knows it (never the secret prices being set)
            return scoring.score_tile(number, self.game.territories, self.game.known_gold(self.viewer()))[p]
        return score

    # -- state -> widgets ------------------------------------------------------
    def _decision_key(self, p: int) -> tuple[Any, ...]:
        g = self.game       # the person's own decision (bots may decide meanwhile, secretly)
        return (p, g.round_no, g.phase, sum(1 for a in g.history if getattr(a, "player", None) == p))

    def _clear_hint(self) -> None:
        self.suggestion, self._hint_at = None, None
        self.hint_html.value = ""

    def refresh(self) -> None:
        """Rebuild every part of the table from the game state."""
        g = self.game
        if self._hint_at is not None and (self._hint_at[0] not in self.humans_to_act()
                                          or self._hint_at != self._decision_key(self._hint_at[0])):
            self._clear_hint()         # a hint is for the decision it was asked for
        self.header.value = self._header_html()
        self.players_html.value = self._players_html()
        self.panel.children = self._panel_children()
        self.log_html.value = self._log_html()
        self.log_heading.value = f"<b>{escape(str(TABLE_TEXT['log']))}</b>"
        self.final_html.value = self._final_html() if g.is_over() else ""
        builder = g.build_queue[0] if g.phase == "build" and g.build_queue else None
        for p, b in enumerate(self.boards):
            if b.territory is not g.territories[p]:
                b.set_territory(g.territories[p])
            b.news_round = g.round_no      # a new round ends the last round's "Placed tile …" line
            mine = builder == p and self.is_human(p)
            b.enabled = mine
            b.disabled_reason = (TABLE_TEXT["not_your_build"].format(name=g.names[p]) if not g.is_over()
                                 else PANEL_OVER)
            b.set_hand(g.to_build[p] if mine else [])
            b.title = BOARD_TITLE.format(name=g.names[p], count=len(g.territories[p]), vp=g.vp[p])
            b.heading.value = f"<b>{escape(b.title)}</b>"
        if builder is not None and self.is_human(builder):
            self.tabs.selected_index = builder
        self.undo_button.disabled = self.turns.last_person_action() is None
        self.step_button.disabled = self.bot_to_act() is None
        self.suggest_button.disabled = not self.humans_to_act()
        self.track_html.value = self._track_html()
        for callback in list(self._refresh_callbacks):
            callback()

    def _header_html(self) -> str:
        g = self.game
        phase = str(PHASE_NAMES.get(g.phase, g.phase))
        slots = "".join(
            f'<td style="padding:0 0.6em;border:1px solid #bbb"><b>{s}</b>: '
            f'{escape(_tile_label(n))}</td>' for s, n in g.scoring.items())
        track = []
        for r in range(1, g.n_rounds + 1):
            scored = ",".join(round_slots(g.n_players, r))
            style = "background:#EECC66;font-weight:bold" if r == g.round_no and not g.is_over() else ""
            track.append(f'<td style="padding:0 0.5em;border:1px solid #bbb;{style}">{r}: {scored}</td>')
        # the sentence escaped, then its values filled in as HTML (the round and phase in their boxes)
        heading = escape(str(TABLE_TEXT["header"])).format(
            round=f'<span class="skye-round">{g.round_no}</span>', rounds=g.n_rounds,
            phase=f'<span class="skye-phase">{escape(phase)}</span>')
        return (f'<div class="skye-header"><b>{heading}</b>'
                f"<table><tr><td>{escape(str(TABLE_TEXT['scoring_tiles']))}</td>{slots}</tr></table>"
                f"<table><tr><td>{escape(str(TABLE_TEXT['round_track']))}</td>{''.join(track)}</tr></table></div>")

    def _track_html(self) -> str:
        """The round track for the projector: the round and phase, each round's scoring slots
        (the current one marked), the scoring tiles."""
        g = self.game
        line = ROUND_LINE[g.phase].format(round=g.round_no, rounds=g.n_rounds)
        rounds = []
        for r in range(1, g.n_rounds + 1):
            now = " skye-track-now" if r == g.round_no and not g.is_over() else ""
            text = TRACK_ROUND.format(round=r, slots=" ".join(round_slots(g.n_players, r)))
            rounds.append(f'<span class="skye-track-round{now}">{escape(text)}</span>')
        slots = "".join(f'<span class="skye-track-tile"><b>{escape(s)}</b> {escape(_tile_label(n))}</span>'
                        for s, n in g.scoring.items())
        return (f'<div class="skye-track-line">{escape(line)}</div>'
                f'<div class="skye-track-rounds">{"".join(rounds)}</div>'
                f'<div class="skye-track-tiles">{slots}</div>')

    def _players_html(self) -> str:
        g = self.game
        viewer = self.viewer()
        acting = set(g.decision_players())
        top = max(max(g.vp), 1)
        rows = []
        for p in range(g.n_players):
            gold = self.gold_text(p, viewer)
            hidden = gold == str(GOLD_HIDDEN_CELL)
            title = f' title="{escape(GOLD_HIDDEN_TITLE.format(name=g.names[p]))}"' if hidden else ""
            seat = str(SEAT_HUMAN) if self.is_human(p) else SEAT_BOT.format(kind=bot_kind_name(self.seat_specs[p]))
            if g.phase == "prices":
                state = str(STATE_DECIDING if p in acting else STATE_DECIDED)
            else:
                state = str(STATE_TO_ACT) if p in acting else ""
            bar = (f'<div style="background:#4477AA;height:0.8em;width:{int(120 * g.vp[p] / top)}px;'
                   f'display:inline-block"></div>')
            rows.append(f'<tr class="skye-player-{p}"><td><b>{escape(g.names[p])}</b></td><td>{escape(seat)}</td>'
                        f'<td class="skye-gold"{title}>{escape(gold)}</td>'
                        f'<td class="skye-vp">{escape(PLAYER_VP.format(count=g.vp[p]))}</td><td>{bar}</td>'
                        f"<td>{escape(TERRITORY_TILES.format(count=len(g.territories[p])))}</td>"
                        f"<td>{escape(state)}</td></tr>")
        head = "".join(f"<th>{escape(str(PLAYERS_HEAD[k]))}</th>"
                       for k in ("player", "seat", "gold", "score", "track", "territory"))
        return ('<style>.skye-players th, .skye-players td {padding: 0.1em 0.6em; text-align: left}</style>'
                '<table class="skye-players" style="border-collapse:collapse">'
                f"<tr>{head}<td></td></tr>{''.join(rows)}</table>")   # the state column: no heading

    def _panel_children(self) -> list[W.Widget]:
        g = self.game
        if g.is_over():
            menu = str(BOARD_TEXT["overlay_menu"]).rstrip(" :\u00a0")
            return [W.HTML(f"<b>{escape(str(PANEL_OVER))}</b> {escape(PANEL_OVER_MORE.format(menu=menu))}")]
        humans = self.humans_to_act()
        if not humans:
            bot = self.bot_to_act()
            who = g.names[bot] if bot is not None else "?"
            return [W.HTML(f"<i>{escape(PANEL_WAITING.format(name=who))}</i>")]
        if g.phase == "prices":
            return self._prices_panel(humans)
        if g.phase == "buy":
            return self._buy_panel(humans[0])
        if g.phase == "build":
            p = humans[0]
            return [W.HTML(_bold_name(PANEL_BUILD, g.names[p], tiles=", ".join(g.to_build[p]),
                                      count=len(g.to_build[p])))]
        return []

    def _prices_panel(self, humans: list[int]) -> list[W.Widget]:
        g = self.game
        if self.hotseat and (self.revealed is None or self.revealed not in humans):
            p = humans[0]
            btn = on_click(W.Button(description=PANEL_SHOW_TILES.format(name=g.names[p]), button_style="info",
                                    layout=W.Layout(width="auto")),
                           lambda: self.reveal(p))
            return [W.HTML(_bold_name(PANEL_HOTSEAT, g.names[p])), btn]
        p = self.revealed if (self.hotseat and self.revealed is not None) else humans[0]
        tiles = list(g.displays[p])
        gold = g.gold[p]
        # (a space between two cards: a caption wider than its tile, "peça 68", never runs into the next)
        cards = W.HTML(" ".join(_tile_card_html(t, 0, caption=TILE_CAPTION.format(tile=t)) for t in tiles))
        discard = W.ToggleButtons(options=tiles, value=tiles[0] if tiles else None,
                                  description=str(DISCARD_LABEL),
                                  style={"button_width": "auto", "description_width": "initial"})
        price_boxes = {t: W.BoundedIntText(value=1, min=1, max=max(1, gold), description=PRICE_LABEL.format(tile=t),
                                           style={"description_width": "initial"},
                                           layout=W.Layout(width="auto")) for t in tiles}

        def sync(_: Any = None) -> None:
            for t, box in price_boxes.items():
                box.disabled = t == discard.value
        discard.observe(sync, names="value")
        sync()

        def confirm() -> None:
            self.set_prices(discard.value, {t: b.value for t, b in price_boxes.items() if t != discard.value})
        go = on_click(W.Button(description=str(CONFIRM_PRICES), button_style="success",
                                layout=W.Layout(width="auto")), confirm)
        return [W.HTML(_bold_name(PANEL_PRICES, g.names[p], count=gold)),
                cards, discard, W.HBox(list(price_boxes.values())), go]

    def _buy_panel(self, p: int) -> list[W.Widget]:
        g = self.game
        out: list[W.Widget] = [W.HTML(_bold_name(PANEL_BUY, g.names[p], count=g.gold[p]))]
        offers = []
        can_buy = {(a.seller, a.tile) for a in g.legal_actions(p) if isinstance(a, Buy)}   # the engine decides
        for s in range(g.n_players):
            for t in g.displays[s]:
                price = g.prices[s][t]
                mine = s == p
                cap = (OFFER_CAPTION_YOURS if mine else OFFER_CAPTION).format(seller=g.names[s], count=price)
                btn = W.Button(description=BUY_BUTTON.format(tile=t, price=price), disabled=(s, t) not in can_buy,
                               tooltip="" if mine or (s, t) in can_buy else str(TOO_EXPENSIVE),
                               layout=W.Layout(width="auto"))     # the price is never cut
                btn.add_class(f"skye-buy-{t}")
                btn.on_click(lambda _b, s=s, t=t: self.buy(s, t))
                offers.append(W.VBox([W.HTML(_tile_card_html(t, 0, caption=cap)), btn]))
        out.append(W.HBox(offers, layout=W.Layout(flex_flow="row wrap")))
        pass_btn = on_click(W.Button(description=str(PASS_BUTTON), button_style="warning",
                                     layout=W.Layout(width="auto")),
                            self.pass_turn)
        pass_btn.add_class("skye-pass")
        out.append(pass_btn)
        return out

    def _log_html(self) -> str:
        g = self.game
        first = max(0, len(g.log) - 200)
        why = {d.log_start: d for d in self.turns.explanations if not self._secret(d)}
        lines = [f'<div class="skye-log-line">{escape(TABLE_TEXT["log_line"].format(round=e.round_no, text=e.text))}</div>'
                 + why_html(why.get(i), "skye-why")
                 for i, e in reversed(list(enumerate(g.log[first:], first)))]
        return f'<div style="font-size:0.9em">{escape(str(TABLE_TEXT["newest"]))}</div>' + "".join(lines)

    def _final_html(self) -> str:
        g = self.game
        parts = [f"<h4>{escape(str(TABLE_TEXT['final']))}</h4><ol>"]
        for r in sorted(g.results(), key=lambda r: r.rank):
            line = _bold_name(TABLE_TEXT["final_line"], r.name, vp=PLAYER_VP.format(count=r.vp),
                              gold=GOLD_CELL.format(count=r.gold), tiles=TERRITORY_TILES.format(count=r.tiles))
            parts.append(f"<li>{line}</li>")
        parts.append("</ol>")
        for p in range(g.n_players):
            parts.append(f"<details><summary>{_bold_name(TABLE_TEXT['where_from'], g.names[p], count=g.vp[p])}"
                         "</summary><ul>")
            for label, res in g.score_breakdown(p):
                items = "; ".join(f"{it.points:+d} {escape(str(it.reason))}" for it in res.breakdown) or \
                    escape(str(TABLE_TEXT["nothing"]))
                parts.append(f"<li>{escape(label)}: <b>{res.points}</b> — {items}</li>")
            parts.append("</ul></details>")
        return f'<div class="skye-final">{"".join(parts)}</div>'

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        return with_picture(super()._repr_mimebundle_(**kwargs),
                            self.boards[self.tabs.selected_index or 0].picture())


#: The log lines the projector's "What happened" list leaves out (GameTable.events): bookkeeping
#: the page shows elsewhere, so the moves and the scorings stay in its few lines.
PROJECTOR_QUIET = ("start", "round", "income", "draws", "draws_none", "decided")


def projector_game(seed: int = 0, **options: Any) -> GameTable:
    """A :class:`GameTable` for the projector page (:class:`~skye_widgets.widgets.projector.ProjectorTable`).

    Where ``options`` are silent: the class plays one seat ("Class") against two planner bots
    that move 1.5 seconds apart; the boards are drawn as the projector page draws them (their text
    readable from the back row, :data:`~skye_widgets.skye.render.PROJECTOR_TEXT`) and the page's
    CSS fits them to its room; undo takes back exactly one action (the teacher's undo).
    ``options`` are :class:`GameTable`'s (``seats``, ``names``, ``bot_delay``, ``scoring``...).
    """
    options.setdefault("seats", PROJECTOR_SEATS)
    if "names" not in options:
        options["names"] = seat_names(options["seats"])
    options.setdefault("bot_delay", PROJECTOR_BOT_DELAY)
    options.setdefault("board", dict(PROJECTOR_BOARD))
    seats = options.pop("seats")
    table = GameTable(seats, seed=seed, **options)
    table.teacher_undo = True
    table.add_class("skye-projector-game")
    return table

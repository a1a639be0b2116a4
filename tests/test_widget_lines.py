"""Every line a board shows agrees with the model, after every action (issue 28).

A board's lines are claims about the state: "Placed tile 12 at (0, -1), rotation 0.", "Cell (0, -1)
is empty.", "Tile 66 selected: click a green spot to place it", "2 bridges between (0, 0) and
(2, 0)", "If the game ended now, ...". Each test here lets hypothesis drive one widget headless
through a random sequence of what a learner does (clicks through ``click_cell``, keys through
``key``, the buttons' methods: select, rotate, undo, start over, check, hint, done...), and after
every action reads every line the widget shows (status, hover, keys, feedback, header,
description) and checks each claim it recognises against the engine's state.

Bounded and deterministic: ``derandomize=True`` (the same sequences every run), few examples,
short sequences; the slow games (Skylands, a whole Isle of Skye table) take fewer.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skye_widgets.hashi.board import load_board
from skye_widgets.hashi.game import Bridge, HashiGame, Setup, Write
from skye_widgets.hashi.puzzle import HashiPuzzle
from skye_widgets.skye.game import Buy, Pass, Place, SetPrices
from skye_widgets.skye.puzzles import load_all
from skye_widgets.skye.territory import Territory
from skye_widgets.widgets.base import plain_text
from skye_widgets.widgets.hashi import HashiWidget
from skye_widgets.widgets.hashi_puzzles import HashiPuzzlePicker
from skye_widgets.widgets.quiz import Lesson
from skye_widgets.widgets.skye import GameTable, TerritoryWidget
from skye_widgets.widgets.puzzles_home import PuzzlesHome
from skye_widgets.widgets.skye_puzzles import PuzzleWidget
from skye_widgets.widgets.skylands import SkylandsWidget
from skye_widgets.words import word_list


def bounded(examples: int) -> Callable[[Any], Any]:
    """Few examples, the same ones every run, no deadline (a board redraws at every step)."""
    return settings(max_examples=examples, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.fixture(autouse=True)
def english() -> Any:
    from skye_widgets import i18n
    i18n.set_language("en")
    yield
    i18n.set_language(None)


CELL = r"\((-?\d+), (-?\d+)\)"


def cell(m: re.Match, at: int = 1) -> tuple[int, int]:
    return int(m.group(at)), int(m.group(at + 1))


# --------------------------------------------------------------------------
# Isle of Skye: a territory board
# --------------------------------------------------------------------------

def territory_lines_agree(b: TerritoryWidget) -> None:
    """Every claim of the territory board's status, hover and keys lines, checked against the
    territory, the hand, the selection and the engine's legal placements."""
    status, hover = b.message, plain_text(b.hover_line.value)
    where = {c: p for c, p in b.territory.placements.items()}
    legal_now, legal_any = b.legal_cells(), b.legal_cells(any_rotation=True)
    said = f"status {status!r} (hand {b.hand}, selected {b.selected}, rotation {b.rotation})"

    for m in re.finditer(rf"Placed tile (\w+) at {CELL}, rotation (\d)\.", status):
        p = where.get(cell(m, 2))
        assert p is not None and str(p.tile) == m[1] and p.rotation == int(m[4]), said
    if m := re.search(r"Tile (\w+) selected: click a green spot", status):
        assert b.selected == m[1] and legal_now, said
    if m := re.search(r"Tile (\w+) selected: (\d+) cells? can take it", status):
        assert b.selected == m[1] and len(legal_any) == int(m[2]) and legal_now, said
    if m := re.search(r"Tile (\w+) selected: it fits nowhere this way round", status):
        assert b.selected == m[1] and not legal_now and legal_any, said
    if m := re.search(r"Tile (\w+) fits nowhere yet", status):
        assert m[1] in b.hand and not b.territory.legal_placements(m[1]), said
    if m := re.search(r"Rotation (\d): (\d+) legal spots? for tile (\w+)\.", status):
        assert (b.rotation, len(legal_now), b.selected) == (int(m[1]), int(m[2]), m[3]), said
    if m := re.search(r"Rotation (\d): tile (\w+) fits nowhere this way round", status):
        assert (b.rotation, b.selected) == (int(m[1]), m[2]) and not legal_now and legal_any, said
    if m := re.search(rf"Cursor at {CELL}: tile (\w+) is there", status):
        assert str(where[cell(m)].tile) == m[3], said
    if m := re.search(rf"Cursor at {CELL}: an empty cell", status):
        assert cell(m) not in where and b.selected is None, said
    if m := re.search(rf"Cursor at {CELL}: tile (\w+) fits here in rotation (\d)", status):
        assert b.selected == m[3] and b.rotation == int(m[4]) and cell(m) in legal_now, said
    if m := re.search(rf"Cursor at {CELL}: tile (\w+) does not fit here in rotation (\d)", status):
        assert b.selected == m[3] and b.rotation == int(m[4]) and cell(m) not in legal_now, said
    if m := re.search(r"Tile (\w+) is back in your hand\.", status):
        assert m[1] in b.hand and all(str(p.tile) != m[1] for p in where.values()), said

    said = f"hover {hover!r} (territory {sorted(where)})"
    if m := re.search(rf"Cell {CELL} is empty\.", hover):
        assert cell(m) not in where, said
    if m := re.search(rf"^Tile (\w+) at {CELL}:", hover):
        assert cell(m, 2) in where and str(where[cell(m, 2)].tile) == m[1], said
    if m := re.search(rf"Your castle at {CELL}:", hover):
        assert cell(m) == b.territory.castle.cell, said
    if b.hover is None:
        assert hover == "", said

    keys = plain_text(b.keys_line.value)
    said = f"keys {keys!r} (hand {b.hand})"
    if m := re.search(r"1-(\d) pick a tile", keys):
        assert int(m[1]) == min(len(b.hand), 9) >= 2, said
    assert ("1 picks the tile" in keys) == (len(b.hand) == 1), said
    assert "1-9" not in keys or len(b.hand) >= 9, said
    assert ("u takes back" in keys) == b.can_undo, said


def territory_action(data: Any, b: TerritoryWidget) -> str:
    """One thing a learner does on a territory board (mostly useful moves, some mistakes)."""
    legal = b.legal_cells()
    x0, y0, x1, y1 = b.territory.bounds()
    kind = data.draw(st.sampled_from(["place", "place", "place", "click", "hover", "hover", "rotate", "back",
                                      "select", "key", "undo", "leave"]))
    if kind == "place" and legal:
        c = data.draw(st.sampled_from(legal))
        b.hover_cell(*c)                                    # the pointer rests there first
        b.click_cell(*c)
    elif kind in ("click", "hover", "place"):
        c = (data.draw(st.integers(x0 - 1, x1 + 1)), data.draw(st.integers(y0 - 1, y1 + 1)))
        (b.click_cell if kind == "click" else b.hover_cell)(*c)
    elif kind == "rotate":
        b.rotate_button.click()
    elif kind == "back":
        b.rotate_back_button.click()
    elif kind == "select" and b.hand:
        b.select_tile(data.draw(st.sampled_from(b.hand)))
    elif kind == "key":
        b.key(data.draw(st.sampled_from(["r", "e", "1", "2", "3", "u", "ArrowLeft", "ArrowRight", "ArrowUp",
                                         "ArrowDown", "Enter", "Escape"])))
    elif kind == "undo":
        b.undo()
    elif kind == "leave":
        b.hover_cell(None)
    return kind


@bounded(25)
@given(st.data())
def test_the_welcome_board_says_only_what_is_true(data: Any) -> None:
    b = TerritoryWidget(Territory("castle-blue"), hand=["12", "33", "66"])
    territory_lines_agree(b)
    assert b.can_undo and b.undo_button.layout.display is None       # the welcome board has an undo
    for _ in range(data.draw(st.integers(1, 25))):
        territory_action(data, b)
        territory_lines_agree(b)


@bounded(20)
@given(st.data())
def test_lesson_3s_exercise_board_and_feedback_say_only_what_is_true(data: Any) -> None:
    lake = Territory("castle-blue")
    lake.place("60", 1, 0, 0)
    board = TerritoryWidget(lake, hand=["66", "71"])
    board.set_overlay("areas")
    ex = Lesson("03_areas").exercise("close_the_lake", board)
    assert board.undo_button.layout.display == "none" and board.can_undo   # one undo: the exercise's
    territory_lines_agree(board)
    for _ in range(data.draw(st.integers(1, 20))):
        what = data.draw(st.sampled_from(["board", "board", "board", "undo", "start over", "check"]))
        if what == "board":
            territory_action(data, board)
        elif what == "undo":
            ex.undo()
        elif what == "start over":
            ex.start_over()
        else:
            ex.check()
        territory_lines_agree(board)
        kind = re.search(r'class="skye-(\w+)"', ex.feedback.value)
        if kind and kind[1] in ("ok", "error"):           # a verdict on the screen is the engine's verdict now
            assert ex._check()[0] == (kind[1] == "ok"), ex.message


def test_the_start_of_lesson_3s_exercise_says_turn_the_tile() -> None:
    lake = Territory("castle-blue")
    lake.place("60", 1, 0, 0)
    board = TerritoryWidget(lake, hand=["66", "71"])
    assert board.legal_cells() == [] and board.legal_cells(any_rotation=True)
    assert board.message == ("Tile 66 selected: it fits nowhere this way round; turn it (r or e) until green "
                             "spots show.")
    board.rotate(1)
    assert board.message == "Rotation 1: 2 legal spots for tile 66."


def test_after_placing_tile_12_the_hover_line_names_it_in_every_language() -> None:
    from skye_widgets import i18n
    for code in ("en", "pt", "pl", "fr", "es"):
        i18n.set_language(code)
        b = TerritoryWidget(Territory("castle-blue"), hand=["12", "33", "66"])
        b.hover_cell(0, -1)
        empty = plain_text(b.hover_line.value)
        b.click_cell(0, -1)
        assert plain_text(b.hover_line.value) != empty and "12" in plain_text(b.hover_line.value), code


def test_the_exercise_undo_takes_down_the_placed_line() -> None:
    lake = Territory("castle-blue")
    lake.place("60", 1, 0, 0)
    board = TerritoryWidget(lake, hand=["66", "71"])
    ex = Lesson("03_areas").exercise("close_the_lake", board)
    board.rotate(1)
    board.click_cell(*board.legal_cells()[0])
    assert board.message.startswith("Placed tile 66")
    ex.undo()
    assert "Placed" not in board.message and board.selected == "66" and board.rotation == 1
    assert ex.message == "Your last placement is taken back."


def test_the_boards_own_undo_and_its_key() -> None:
    b = TerritoryWidget(Territory("castle-blue"), hand=["12", "33", "66"])
    assert "1-3 pick a tile of the hand" in plain_text(b.keys_line.value)
    b.undo()
    assert b.message == "Nothing to undo: no tile has been placed on this board yet."
    b.click_cell(0, -1)
    assert "1-2 pick" in plain_text(b.keys_line.value)
    b.key("u")
    assert b.message == "Tile 12 is back in your hand." and len(b.territory) == 1 and b.hand[0] == "12"
    assert b.rotate_back_button.description == "⟲ turn left (e)"


# --------------------------------------------------------------------------
# Isle of Skye: placement puzzles
# --------------------------------------------------------------------------

def puzzle_lines_agree(w: PuzzleWidget) -> None:
    b = w.board
    territory_lines_agree(b)
    status, header = w.message, plain_text(w.header.value)
    placed = {str(p.tile) for p in list(w.territory)[len(w.puzzle.territory):]}
    said = f"status {status!r} (hand {b.hand}, placed {sorted(placed)}, returned {w.returned})"
    if m := re.search(r"^Took back tile (\w+)\.", status):
        assert m[1] in b.hand and m[1] not in placed, said
    if m := re.search(r"^So far (\d+) points?; place every tile", status):
        assert w.score().points == int(m[1]) and b.hand, said
    if m := re.search(r"^Solved! (\d+) points?, the best possible", status):
        assert w.score().points == int(m[1]) == w.puzzle.optimum and not b.hand, said
    if m := re.search(r"^(\d+) points?; a better score is possible", status):
        assert w.score().points == int(m[1]) < w.puzzle.optimum and not b.hand, said
    if status.startswith("Every tile is placed"):
        assert not b.hand, said
    if m := re.search(r"Returned to the bag: ([\w, ]+)", header):
        back = m[1].split(", ")
        assert back == [str(t) for t in w.returned] and not set(back) & (placed | set(b.hand)), said


@bounded(12)
@given(st.data())
def test_a_placement_puzzle_says_only_what_is_true(data: Any) -> None:
    puzzles = load_all()
    with tempfile.TemporaryDirectory() as folder:
        w = PuzzleWidget(puzzles[data.draw(st.integers(0, 5))], progress=Path(folder) / "progress.json")
        puzzle_lines_agree(w)
        for _ in range(data.draw(st.integers(1, 20))):
            kind = data.draw(st.sampled_from(["board", "board", "board", "undo", "reset", "hint", "check",
                                              "reveal"]))
            if kind == "board":
                territory_action(data, w.board)
            else:
                getattr(w, {"undo": "undo", "reset": "reset", "hint": "hint", "check": "check",
                            "reveal": "reveal"}[kind])()
            puzzle_lines_agree(w)


def home_lines_agree(h: PuzzlesHome) -> None:
    puzzle_lines_agree(h.skye)
    hashi_puzzle_lines_agree(h.hashi.board)
    summary = plain_text(h.summary.value)
    for game, items in (("skye", h.skye_puzzles), ("hashi", h.hashi_puzzles)):
        solved = sum(h.store.is_solved(game, p.id) for p in items)
        name = "Isle of Skye" if game == "skye" else "Hashi"
        assert f"{name}: {solved} of {len(items)} puzzles solved." in summary, (summary, solved)
    ticks = plain_text(h.table.value).count("✓")
    assert ticks == sum(h.store.is_solved(g, p.id) for g, items in (("skye", h.skye_puzzles),
                                                                    ("hashi", h.hashi_puzzles)) for p in items)


@bounded(6)
@given(st.data())
def test_the_puzzles_home_says_only_what_is_true(data: Any) -> None:
    from skye_widgets.hashi.solver import solve
    with tempfile.TemporaryDirectory() as folder:
        h = PuzzlesHome(progress=Path(folder) / "progress.json", date="2026-11-28")
        home_lines_agree(h)
        for _ in range(data.draw(st.integers(1, 12))):
            kind = data.draw(st.sampled_from(["skye", "skye", "solve skye", "check", "hashi", "solve hashi",
                                              "daily", "show"]))
            if kind == "skye":
                territory_action(data, h.skye.board)
            elif kind == "solve skye":              # the puzzle's own optimal moves, placed as clicks would
                h.skye.reset()
                for m in h.skye.puzzle.solution:
                    if not m.returned:
                        h.skye.place(m.tile, m.x, m.y, m.rotation)
                h.skye.check()
            elif kind == "check":
                h.skye.check()
            elif kind == "hashi":
                h.hashi.click_cell(*data.draw(st.sampled_from(sorted(h.hashi.board.puzzle_state.puzzle.islands))))
            elif kind == "solve hashi":             # the solver's bridges, clicked island to island
                h.hashi.board.reset()
                for x1, y1, x2, y2, n in solve(h.hashi.board.puzzle_state.puzzle).bridges:
                    for _k in range(n):
                        h.hashi.click_cell(x1, y1)
                        h.hashi.click_cell(x2, y2)
            elif kind == "daily":
                h.play_daily(data.draw(st.sampled_from(["skye", "hashi"])))
            else:
                h.show(data.draw(st.sampled_from(["skye", "hashi"])))
            home_lines_agree(h)


# --------------------------------------------------------------------------
# Isle of Skye: a whole game at one table (a person against a bot)
# --------------------------------------------------------------------------

def table_lines_agree(t: GameTable) -> None:
    g = t.game
    for b in t.boards:
        territory_lines_agree(b)
    panel = " ".join(plain_text(getattr(w, "value", "")) for w in t.panel.children)
    if m := re.search(r"place your tiles? ([\w, ]+): click a green spot", panel):
        builder = g.build_queue[0] if g.phase == "build" and g.build_queue else None
        assert builder is not None and t.is_human(builder), panel
        assert m[1].split(", ") == list(g.to_build[builder]), panel
    if "The game is over." in panel:
        assert g.is_over()


@bounded(4)
@given(st.data())
def test_a_game_table_says_only_what_is_true(data: Any) -> None:
    t = GameTable(("human", "random"), seed=data.draw(st.integers(0, 3)), bot_delay=None)
    table_lines_agree(t)
    for _ in range(data.draw(st.integers(5, 40))):
        if t.game.is_over():
            break
        humans = t.humans_to_act()
        what = data.draw(st.sampled_from(["play", "play", "play", "board", "undo"]))
        if what == "play" and humans:
            p = humans[0]
            actions = list(t.game.legal_actions(p))
            a = actions[data.draw(st.integers(0, len(actions) - 1))]
            if isinstance(a, SetPrices):
                t.set_prices(a.discard, dict(a.prices))
            elif isinstance(a, Buy):
                t.buy(a.seller, a.tile)
            elif isinstance(a, Pass):
                t.pass_turn()
            elif isinstance(a, Place):
                b = t.boards[p]
                b.select_tile(a.tile)
                b.rotate(a.rotation - b.rotation)
                b.click_cell(a.x, a.y)
        elif what == "board":
            territory_action(data, t.boards[0])
        elif what == "undo":
            t.undo()
        table_lines_agree(t)


# --------------------------------------------------------------------------
# Hashi: a classic puzzle, and a game
# --------------------------------------------------------------------------

def hashi_puzzle_lines_agree(w: HashiWidget) -> None:
    s = w.puzzle_state
    status, header = w.message, plain_text(w.header.value)
    said = f"status {status!r} (selected {w.selected})"
    if m := re.search(rf"^{CELL} selected: click a neighbour", status):
        assert w.selected == cell(m), said
    if m := re.search(rf"(\d+) bridges? between {CELL} and {CELL}", status):
        assert s.count(cell(m, 2), cell(m, 4)) == int(m[1]), said
    if m := re.search(rf"One bridge fewer between {CELL} and {CELL}: (\d+) left", status):
        assert s.count(cell(m, 1), cell(m, 3)) == int(m[5]), said
    if m := re.search(rf"Cursor on the island at {CELL}: number (\d+), (\d+) bridges? drawn", status):
        assert s.puzzle.islands[cell(m)] == int(m[3]) and s.degree(cell(m)) == int(m[4]), said
    if status.startswith("Solved!"):
        assert s.is_solved(), said
    if m := re.search(r"(\d+) islands? needs? more bridges", status):
        assert sum(1 for c, n in s.puzzle.islands.items() if s.degree(c) < n) == int(m[1]), said
    assert ("solved!" in header) == s.is_solved(), header


@bounded(25)
@given(st.data())
def test_a_hashi_puzzle_says_only_what_is_true(data: Any) -> None:
    w = HashiWidget.for_puzzle(HashiPuzzle(3, 3, {(0, 0): 3, (2, 0): 2, (0, 2): 2, (2, 2): 1}))
    islands = sorted(w.puzzle_state.puzzle.islands)
    for _ in range(data.draw(st.integers(1, 30))):
        kind = data.draw(st.sampled_from(["island", "island", "island", "cell", "key", "hint", "check", "reset"]))
        if kind == "island":
            w.click_cell(*data.draw(st.sampled_from(islands)))
        elif kind == "cell":
            w.click_cell(data.draw(st.integers(0, 2)), data.draw(st.integers(0, 2)))
        elif kind == "key":
            w.key(data.draw(st.sampled_from(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter",
                                             "Escape", "Backspace", "h", "c"])))
            if w.message.startswith("Press an arrow"):           # Backspace: remove a bridge that way
                w.key(data.draw(st.sampled_from(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"])))
        elif kind == "hint":
            w.show_hint()
        elif kind == "check":
            w.check()
        else:
            w.reset()
        hashi_puzzle_lines_agree(w)


@bounded(10)
@given(st.data())
def test_the_hashi_puzzle_menu_says_only_what_is_true(data: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        m = HashiPuzzlePicker(progress=Path(folder) / "progress.json", language_picker=False)
        for _ in range(data.draw(st.integers(1, 25))):
            islands = sorted(m.board.puzzle_state.puzzle.islands)
            kind = data.draw(st.sampled_from(["island", "island", "island", "island", "hint", "trial", "check",
                                              "reset", "load", "next"]))
            if kind == "island":
                m.click_cell(*data.draw(st.sampled_from(islands)))
            elif kind == "hint":
                m.board.show_hint()
            elif kind == "trial":
                m.trial_step(data.draw(st.sampled_from([-1, 1])))
            elif kind == "check":
                m.board.check()
            elif kind == "reset":
                m.board.reset()
            elif kind == "load":
                m.load(data.draw(st.integers(0, 4)))
            else:
                m.next_puzzle()
            hashi_puzzle_lines_agree(m.board)
            shown = m.trial_bar.layout.display != "none"
            assert shown == bool(m.chain), (shown, m.chain)      # the step bar only with a hint's trial


def hashi_game_lines_agree(w: HashiWidget) -> None:
    g = w.game
    status = w.message
    said = f"status {status!r} (selected {w.selected}, phase {g.phase})"
    sheet = g.sheet(w.shown_player)
    if m := re.search(rf"^{CELL} selected: click a neighbour", status):
        assert w.selected == cell(m), said
    if m := re.search(rf"^wrote (\d+) at {CELL}", status):
        assert sheet.numbers.get(cell(m, 2)) == int(m[1]), said
    if m := re.search(rf"^bridge {CELL} - {CELL} \((\d+) of (\d+)\)", status):
        assert sheet.bridges.get(tuple(sorted((cell(m, 1), cell(m, 3)))), 0) >= 1, said
        assert len(g.turn_drawn) == int(m[5]), said
    text = w.describe()
    if g.is_over():
        assert "so far" not in text and "finished with" in text, text
    else:
        assert "finished with" not in text, text


@bounded(8)
@given(st.data())
def test_a_hashi_game_says_only_what_is_true(data: Any) -> None:
    w = HashiWidget.solo(seed=data.draw(st.integers(0, 3)))
    g = w.game
    islands = sorted(i.cell for i in g.board.islands)
    for _ in range(data.draw(st.integers(1, 40))):
        kind = data.draw(st.sampled_from(["legal", "legal", "legal", "island", "done", "undo", "key", "suggest"]))
        actions = list(g.legal_actions()) if kind == "legal" and not g.is_over() else []
        if actions:                     # a move the rules allow, made as a learner makes it
            a = actions[data.draw(st.integers(0, len(actions) - 1))]
            if isinstance(a, Setup):
                w.setup_number.value = a.number
                w.click_cell(*a.cell)
            elif isinstance(a, Write):
                w.escape()
                w.click_cell(*a.cell)
            elif isinstance(a, Bridge):
                w.escape()
                w.click_cell(*a.a)
                if w.selected == a.a:
                    w.click_cell(*a.b)
            else:
                w.done()
        elif kind == "island":
            w.click_cell(*data.draw(st.sampled_from(islands)))
        elif kind == "done":
            w.done()
        elif kind == "undo":
            w.undo()
        elif kind == "key":
            w.key(data.draw(st.sampled_from(["ArrowLeft", "ArrowRight", "Enter", "Escape", "Backspace", "d"])))
        else:
            w.suggest()
        hashi_game_lines_agree(w)


def test_a_finished_hashi_game_says_its_final_points() -> None:
    w = HashiWidget(HashiGame(load_board("skerries-a"), ["Ann", "Bot"], seed=2), bots=["greedy", "greedy"])
    w.turns.step_bots(10_000)
    assert w.game.is_over()
    hashi_game_lines_agree(w)


# --------------------------------------------------------------------------
# Skylands
# --------------------------------------------------------------------------

def skylands_lines_agree(w: SkylandsWidget) -> None:
    g = w.state
    status, text = w.message, w.describe()
    if status.startswith("Game over"):
        assert g.is_over(), status
        winners = re.search(r"Winner: (.*)\.$", status)[1]
        assert winners == ", ".join(g.names[p] for p in g.winners()), status
    if g.is_over():
        assert "If the game ended now" not in text and "The game is over" in text, text
        assert re.search(r"scored (-?\d+) VP\.", text)[1] == str(g.points()[w.viewer()]), text
        assert re.search(r"Winners?: (.*)\.$", text)[1] == word_list(g.names[p] for p in g.winners()), text
    else:
        assert "The game is over" not in text and "If the game ended now" in text, text
        if w.is_human_turn() and w.message == w.prompt():
            assert g.names[w.to_play()] in status or "You" in status, status
    # the number keys' sentence names what they pick now, as many as there are (never a promised 1-9)
    keys = plain_text(w.keys_line.value)
    m = re.search(r"(?:Keys? )?1(?:-(\d))? picks? (an action board|a revealed island|the revealed island|"
                  r"a special island|the special island)", keys)
    human = w.is_human_turn() and not g.is_over()
    if m is None:
        assert not human or g.phase not in ("choose", "discover", "setup") or not g.offer(), keys
    else:
        last, what = int(m[1] or 1), m[2]
        assert human, keys
        if "action board" in what:
            assert g.phase == "choose" and last == 4, keys
        elif "revealed island" in what:
            assert g.phase in ("discover", "setup") and last == min(len(g.offer()), 9), keys
        else:
            assert g.phase == "create" and last == min(len(g.display), 9), keys


@bounded(3)
@given(st.data())
def test_a_skylands_table_says_only_what_is_true(data: Any) -> None:
    w = SkylandsWidget(seed=data.draw(st.integers(0, 2)), players=2, bots="random")
    for _ in range(data.draw(st.integers(10, 80))):
        if w.state.is_over():
            break
        kind = data.draw(st.sampled_from(["act", "act", "act", "act", "cell", "key", "undo"]))
        if kind == "act" and w.is_human_turn():
            actions = list(w.state.legal_actions())
            w.act(actions[data.draw(st.integers(0, len(actions) - 1))])
        elif kind == "cell":
            w.click_cell(data.draw(st.integers(0, 4)), data.draw(st.integers(0, 3)))
        elif kind == "key":
            w.key(data.draw(st.sampled_from(["1", "2", "r", "ArrowRight", "Enter", "Escape"])))
        elif kind == "undo":
            w.undo()
        skylands_lines_agree(w)
    skylands_lines_agree(w)


def test_a_finished_skylands_game_shows_and_describes_the_winners_board() -> None:
    from skye_widgets.skylands import make_bot, play_game
    demo = play_game([make_bot("planner", 1), make_bot("greedy", 2), make_bot("random", 3)], seed=42,
                     names=["planner", "greedy", "random"])           # the Skylands lesson's finished game
    assert demo.winners() == [1]
    text = demo.describe()
    assert text.startswith("greedy's board:") and "If the game ended now" not in text
    assert text.endswith(f"The game is over: greedy scored {demo.points()[1]} VP. Winner: greedy.")


def test_skylands_end_text_is_final() -> None:
    w = SkylandsWidget(seed=1, players=3, human=(), bots="random")
    w.step_bots()
    assert w.state.is_over()
    skylands_lines_agree(w)
    assert "If the game ended now" not in w.picture().description


def test_a_new_round_clears_the_last_rounds_placed_line() -> None:
    """'Placed tile 47 at (0, 2), rotation 0.' of round 1 stayed under the board into round 2 (issue 32)."""
    from skye_widgets.skye.game import Place
    t = GameTable(("human", "random"), seed=1, bot_delay=None)
    g, board, said_in_round_1 = t.game, t.boards[0], False
    for _ in range(200):
        if g.round_no == 2:
            break
        action = t.suggest()[0]
        if isinstance(action, Place):               # a person's placement: by a click on the board
            board.select_tile(str(action.tile))
            board.rotation = action.rotation
            board.click_cell(action.x, action.y)
            said_in_round_1 |= board.message.startswith(f"Placed tile {action.tile}")
        else:
            assert t.act(action)
    assert g.round_no == 2 and said_in_round_1
    assert "Placed tile" not in board.message, board.message

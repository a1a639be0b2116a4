"""Invariants of the Hashi engine under random play (hypothesis)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings, strategies as st

from skye_widgets.errors import RulesError
from skye_widgets.hashi.board import load_board
from skye_widgets.hashi.game import Bridge, EndTurn, HashiGame, Setup, Write

BOARDS = [load_board("skerries-a"), load_board("skerries-b")]


def random_game(seed: int, n_players: int, board_index: int, stop_after: int | None = None) -> HashiGame:
    """Play random legal actions (mostly writing and bridging) for a while."""
    rng = random.Random(seed)
    g = HashiGame(BOARDS[board_index], [f"P{i}" for i in range(n_players)], seed=seed)
    steps = 0
    while not g.is_over() and (stop_after is None or steps < stop_after):
        acts = g.legal_actions()
        busy = [a for a in acts if not isinstance(a, EndTurn)]
        g.apply(rng.choice(busy) if busy and rng.random() < 0.85 else
                (EndTurn() if EndTurn() in acts else rng.choice(acts)))
        steps += 1
    return g


def full_state(g: HashiGame) -> str:
    """Everything a game holds (not just its saved form): phase, card, player, this turn,
    achievements, who set up which board, and every sheet with its bridge counts per island."""
    return repr((g.to_dict(), g.phase, g.round, g.current_player(), g.turn_wrote, g.turn_drawn,
                 g.achievements, g.setup_by, g.pile,
                 [(sorted(s.numbers.items()), sorted(s.bridges.items()),
                   [s.degree(c) for c in g.board.cells]) for s in g.sheets]))


def any_action(board):
    cells = st.sampled_from(board.cells + ((1, 1), (9, 9)))
    return st.one_of(st.builds(Setup, cells, st.integers(0, 6)), st.builds(Write, cells),
                     st.builds(Bridge, cells, cells), st.just(EndTurn()))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(1, 4), b=st.integers(0, 1), stop=st.integers(0, 200),
       data=st.data())
def test_rejected_actions_change_nothing(seed, n, b, stop, data):
    g = random_game(seed, n, b, stop)
    legal = g.legal_actions()
    for _ in range(10):
        action = data.draw(any_action(BOARDS[b]))
        before = full_state(g)
        try:
            g.check(action)
        except RulesError:
            # check() and apply() agree, and a refused action leaves everything as it was
            assert action not in legal
            try:
                g.apply(action)
            except RulesError:
                pass
            else:
                raise AssertionError(f"apply accepted {action} that check refused")
            assert full_state(g) == before
        else:
            assert action in legal


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(1, 4), b=st.integers(0, 1), stop=st.integers(0, 200))
def test_a_refused_undo_changes_nothing_and_undo_restores_the_state(seed, n, b, stop):
    g = random_game(seed, n, b, stop)
    before = full_state(g)
    try:
        g.undo()
    except RulesError:
        assert full_state(g) == before and not g.history  # nothing to take back
        return
    # an accepted undo gives exactly the state before that action was played
    replayed = HashiGame.replay(g.board, g.players, g.seed, g.history)
    assert full_state(g) == full_state(replayed)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(1, 4), b=st.integers(0, 1))
def test_replay_and_save_are_identical_and_invariants_hold(seed, n, b):
    g = random_game(seed, n, b)
    assert g.is_over()
    h = HashiGame.from_dict(json.loads(json.dumps(g.to_dict())))
    assert h.to_dict() == g.to_dict() and [s.points for s in h.scores()] == [s.points for s in g.scores()]
    for sheet in g.sheets:
        for cell in g.board.cells:
            d = sheet.degree(cell)
            assert d <= sheet.numbers.get(cell, 6) <= 6          # never over the number, never over 6
        for (a, c), k in sheet.bridges.items():
            assert 1 <= k <= 2 and g.board.has_line(a, c)
            assert a in sheet.numbers or c in sheet.numbers      # every bridge touches a number
            assert not any(sheet.bridges.get(x) for x in g.board.crossings(a, c))  # no crossing
    for p, s in enumerate(g.scores()):
        assert s.points == sum(i.points for i in s.breakdown)
        assert s.breakdown[-1].points == 2 * len(g.sheet(p).finished())

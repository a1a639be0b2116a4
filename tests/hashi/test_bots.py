"""Hashi bots: legal, seeded, greedy takes points, the planner plays better."""

from __future__ import annotations

import statistics

import pytest

from skye_widgets.hashi.board import load_board
from skye_widgets.hashi.bots import GreedyBot, PlannerBot, _Context, make_bot, play_bots
from skye_widgets.hashi.game import Card, EndTurn, HashiGame, Setup, Sheet, default_deck

A = load_board("skerries-a")


def stacked(*played):
    rest = list(default_deck())
    for c in (Card(6, 3), *played):
        rest.remove(c)
    return [Card(6, 3), *played, *rest]


def test_same_seed_same_game_and_every_move_legal():
    # play_bots applies every action through the engine, which refuses illegal ones
    g1 = play_bots(A, ["greedy", "planner"], seed=5)
    g2 = play_bots(A, ["greedy", "planner"], seed=5)
    assert g1.is_over() and g1.to_dict() == g2.to_dict()
    assert play_bots(A, ["greedy"], seed=6).to_dict() != g1.to_dict()


def test_greedy_finishes_an_island_when_it_can():
    # solo, a 4 at (0,2); card 1 with 1 bridge: writing the 1 next to the 4 and bridging
    # to it finishes the new island at once (2 points) - the only turn worth points now
    g = HashiGame(A, ["bot"], deck=stacked(Card(1, 1)), shuffle=False)
    g.apply(Setup((0, 2), 4))
    GreedyBot(0).play_turn(g)
    assert len(g.sheet(0).finished()) == 1
    finished = g.sheet(0).finished()[0]
    assert finished in A.neighbours((0, 2)) and g.sheet(0).numbers[finished] == 1


def test_planner_counts_a_number_that_can_never_be_finished_against_it():
    g = HashiGame(A, ["bot"], seed=0)
    g.apply(Setup((0, 2), 4))
    ctx = _Context(g, 0)
    ok, dead = Sheet(A), Sheet(A)
    # (6,0) has two dotted lines: at most 4 bridges, so a 6 there can never be finished;
    # a 3 on (6,2) (three lines) can.
    ok.numbers[(6, 2)] = 3
    dead.numbers[(6, 0)] = 6
    assert PlannerBot(0).evaluate(ctx, ok) > PlannerBot(0).evaluate(ctx, dead)


def test_planner_beats_greedy_on_average():
    seeds = range(4)
    greedy = [play_bots(A, ["greedy"], seed=s).score(0).points for s in seeds]
    planner = [play_bots(A, ["planner"], seed=s).score(0).points for s in seeds]
    # measured: greedy 34 32 24 20 (mean 27.5), planner 41 37 42 43 (mean 40.75)
    assert statistics.mean(planner) > statistics.mean(greedy) + 5


def test_four_bots_play_a_whole_game():
    g = play_bots(load_board("skerries-b"), ["greedy", "planner", "greedy", "planner"], seed=2)
    assert g.is_over() and len(g.scores()) == 4 and g.winners()
    # every turn of the bots ended with EndTurn: 4 players x 17 cards, plus 4 setups
    assert sum(isinstance(a, EndTurn) for _, a in g.history) == 4 * 17


def test_make_bot_names():
    assert isinstance(make_bot("strong"), PlannerBot) and isinstance(make_bot("greedy"), GreedyBot)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius")

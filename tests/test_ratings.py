"""Elo-style ratings from a win matrix (skye_widgets.ratings): hand-computed expectations."""

from __future__ import annotations

import math

import pytest

from skye_widgets.errors import BadConfigError
from skye_widgets.ratings import expected, fit_elo


def test_two_players_the_rating_gap_is_the_log_odds_and_the_interval_its_fisher_information():
    # 30 wins of 40: odds 3, so the gap is 400 * log10(3) = 190.85 Elo points.
    # Fisher information in natural log-odds: n p (1 - p) = 40 * 0.75 * 0.25 = 7.5,
    # standard error 1 / sqrt(7.5) = 0.3651, i.e. 0.3651 * 400 / ln 10 = 63.43 Elo points.
    fit = fit_elo(["weak", "strong"], [[0, 10], [30, 0]], anchor="weak")
    assert fit.ratings["weak"] == 1000
    assert fit.ratings["strong"] == pytest.approx(1190.85, abs=0.01)
    assert fit.stderr["strong"] == pytest.approx(63.43, abs=0.01)
    low, high = fit.interval("strong")
    assert (low, high) == pytest.approx((1190.85 - 1.96 * 63.43, 1190.85 + 1.96 * 63.43), abs=0.1)
    assert fit.stderr["weak"] == 0


def test_recovers_known_ratings_from_their_expected_results():
    # three bots rated 1000, 1200 and 1500; 1000 games per pair, each scoring exactly
    # its expected share: the maximum likelihood is the true ratings
    true = {"random": 1000.0, "greedy": 1200.0, "planner": 1500.0}
    names = list(true)
    n = 1000
    score = [[0.0 if a == b else n * expected(true[a], true[b]) for b in names] for a in names]
    assert score[1][0] == pytest.approx(n / (1 + 10 ** (-200 / 400)))       # 759.7 of 1000
    fit = fit_elo(names, score, anchor="random")
    for name in names:
        assert fit.ratings[name] == pytest.approx(true[name], abs=1e-4)
    # more games, narrower intervals (a quarter of the variance with 4x the games)
    fit4 = fit_elo(names, [[4 * v for v in row] for row in score], anchor="random")
    assert fit4.stderr["planner"] == pytest.approx(fit.stderr["planner"] / 2, rel=1e-6)


def test_the_anchor_moves_every_rating_by_the_same_amount():
    score = [[0, 3, 1], [7, 0, 4], [9, 6, 0]]
    a = fit_elo(["x", "y", "z"], score, anchor="x")
    b = fit_elo(["x", "y", "z"], score, anchor="y", anchor_rating=1500)
    shift = 1500 - a.ratings["y"]
    for n in "xyz":
        assert b.ratings[n] == pytest.approx(a.ratings[n] + shift, abs=1e-6)


def test_a_bot_that_never_wins_needs_the_prior():
    score = [[0, 0], [20, 0]]
    with pytest.raises(BadConfigError, match="won every game or none"):
        fit_elo(["random", "planner"], score)
    # one virtual drawn game: 20.5 of 21 against 0.5 of 21 -> 400 * log10(41) = 645.1
    fit = fit_elo(["random", "planner"], score, anchor="random", prior_games=1)
    assert fit.ratings["planner"] == pytest.approx(1000 + 400 * math.log10(41), abs=0.01)


def test_bad_input_is_refused():
    with pytest.raises(BadConfigError):
        fit_elo(["a"], [[0]])
    with pytest.raises(BadConfigError):
        fit_elo(["a", "b"], [[0, -1], [1, 0]])
    with pytest.raises(BadConfigError):
        fit_elo(["a", "b"], [[0, 1], [1, 0]], anchor="c")
    with pytest.raises(BadConfigError, match="not all linked"):
        fit_elo(["a", "b", "c", "d"], [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]], anchor="a")

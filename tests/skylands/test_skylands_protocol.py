"""Skylands speaks the game protocol: strict actions, undo, win share, observation, files.

The conformance harness (tests/test_conformance.py) plays the beginner side; the
tactical side is played through the same harness here, on fewer seeds.
"""

import json
import math

import pytest

from skye_widgets import skylands
from skye_widgets.errors import (BadConfigError, GameOverError, NoActionToUndoError, NotAnActionError,
                                 RulesError, WrongPhaseError)
from skye_widgets.protocol import GAMES, Game as GameProtocol
from skye_widgets.skylands import (ChooseAction, Convert, Create, Deploy, Pass, Pay, SetupDiscard, SetupStart,
                                   Take)


@pytest.mark.parametrize("make", [
    lambda: Take(0, 0.0, 0.0, 0), lambda: Take(True, 0, 0), lambda: Take(0, "1", 0), lambda: Take(0, 0, 0, None),
    lambda: Take(0, 10**12, 0), lambda: Take(0, 0, math.nan),
    lambda: ChooseAction("discover", repeat="yes"), lambda: ChooseAction("discover", repeat=None),
    lambda: ChooseAction("discover", repeat=1), lambda: ChooseAction(3), lambda: ChooseAction("x" * 41),
    lambda: Deploy([(0, 0, 0)]), lambda: Deploy(((0, 0),)), lambda: Deploy(((0, 0, 0.0),)),
    lambda: Deploy(((0, 0, True),)), lambda: Deploy(((0, 0, 0),) * 101), lambda: Deploy(None),
    lambda: Pay([[0, 0, 0]]), lambda: Convert(((0, 0, 0),), [(1, 0, 0)]),
    lambda: Create(0, 1, 1, 0, white=5), lambda: Create(0, 1, 1, 0.5), lambda: Create(0, 1, 1, 0, b"blue"),
    lambda: SetupStart(False, 0, 0), lambda: SetupDiscard(1.0),
])
def test_malformed_actions_are_refused_when_they_are_made(make):
    with pytest.raises(NotAnActionError):
        make()


def test_well_formed_actions_are_made():
    assert Take(0, -1, 7, 3).x == -1 and Create(1, 0, 0, 0, None).white is None
    assert Deploy(()).islands == () and ChooseAction("deploy", True).repeat is True


def test_apply_refuses_non_actions_and_changes_nothing():
    g = skylands.Game.new(2, seed=3)
    before = g.to_dict()
    for bad in (None, 0, "discover", {"type": "choose"}, (0, 0), object()):
        with pytest.raises(NotAnActionError):
            g.apply(bad)
    with pytest.raises(WrongPhaseError):
        g.apply(Pass())
    assert g.to_dict() == before


def test_new_takes_a_count_or_names_and_refuses_bad_configs():
    assert skylands.Game.new(3, seed=1).names == ["Player 1", "Player 2", "Player 3"]
    assert skylands.Game.new(2, seed=1, names=["Ana", "Ben"]).names == ["Ana", "Ben"]
    assert skylands.Game.new(["Ana", "Ben"], seed=1).names == ["Ana", "Ben"]
    for players, kw in ((1, {}), (5, {}), (True, {}), (2.0, {}), (["A"], {}), ([1, 2], {}), (2, {"seed": 1.5}),
                        (2, {"seed": True}), (2, {"seed": 2**63}), (2, {"side": "expert"}),
                        (3, {"names": ["A", "B"]}), (2, {"intro": 1})):
        with pytest.raises(BadConfigError):
            skylands.Game.new(players, **kw)
    with pytest.raises(BadConfigError, match="There is no bot"):
        skylands.make_bot("genius")


def test_undo_restores_every_step_of_a_game_exactly():
    g = skylands.Game.new(3, seed=8, side="tactical")
    bots = [skylands.make_bot("random", seed=i) for i in range(3)]
    snaps = []
    while not g.is_over():
        snaps.append((json.dumps(g.to_dict()), list(g.log), g.points()))
        g.apply(bots[g.current_player()].choose(g.observation(g.current_player())))
    assert len(snaps) > 50
    done = g.to_dict()
    for snap in reversed(snaps):
        g.undo()
        assert (json.dumps(g.to_dict()), g.log, g.points()) == snap
    with pytest.raises(NoActionToUndoError):
        g.undo()
    # and the same actions again give the same end
    for a in skylands.Game.from_dict(done).history:
        g.apply(a)
    assert g.to_dict() == done


def test_returns_are_the_win_share_and_points_are_in_scores():
    g = skylands.play_game([skylands.make_bot("greedy", seed=1), skylands.make_bot("random", seed=2)], seed=7)
    pts = [s.points for s in g.scores()]
    best = max(pts)
    assert g.points() == pts and g.winners() == [p for p, v in enumerate(pts) if v == best]
    assert g.returns() == [1 / len(g.winners()) if p in g.winners() else 0.0 for p in range(2)]
    assert g.current_player() == -1
    with pytest.raises(GameOverError):
        g.apply(Pass())
    assert skylands.Game.new(2, seed=7).returns() == [0.0, 0.0]


def test_the_observation_hides_the_order_of_the_stack_only():
    g = skylands.Game.new(3, seed=5)
    o = g.observation(1)
    assert sorted(g.stack) == o.stack != g.stack and o.seed is None
    assert o.boards[0].to_dict() == g.boards[0].to_dict() and o.display == g.display
    assert o.legal_actions() == g.legal_actions()
    for bad in (3, -1, True, 1.0):
        with pytest.raises(RulesError):
            g.observation(bad)
    with pytest.raises(RulesError):
        o.to_dict()                                       # an observation is not a game to save
    # two games that differ only in the stack order give the same observation
    h = g.clone()
    h.stack = list(reversed(h.stack))
    assert h.observation(1).stack == o.stack


def test_the_package_face_and_the_registry():
    info = GAMES["skylands"]
    assert info.player_counts == (2, 3, 4) and info.options == {"side": "beginner"}
    g = info.new(2, seed=1, **info.options)
    assert isinstance(g, GameProtocol) and skylands.Game is skylands.GameState
    assert skylands.render_game(g, viewer=1)._repr_svg_().startswith("<svg")
    assert g._repr_svg_().startswith("<svg")
    r = skylands.tournament(["greedy", "random"], 2, seed=3)
    assert r.games == 2 and abs(r.win_share(0) + r.win_share(1) - 1) < 1e-9


def test_a_save_of_a_strict_game_always_loads(tmp_path):
    g = skylands.Game.new(2, seed=4)
    g.apply(ChooseAction("discover"))
    path = tmp_path / "g.json"
    g.save(str(path))
    assert skylands.Game.load(str(path)).to_dict() == g.to_dict()


def test_the_tactical_side_passes_the_conformance_harness(tmp_path):
    import dataclasses
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location(
        "conformance", Path(__file__).parent.parent / "test_conformance.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    info = dataclasses.replace(GAMES["skylands"], name="skylands-tactical", options={"side": "tactical"})
    h = mod.Harness(info)
    for players, seed in ((2, 0), (4, 1)):
        h.play(players, seed, tmp_path)
    assert h.count["failures"] == 0 and h.count["games"] == 2
    assert h.count["refused at construction"] > 0 and h.count["refused by apply"] > 0

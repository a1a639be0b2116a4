"""The one protocol: the three games register, show the same face, and share one error hierarchy."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections import defaultdict

import pytest

import skye_widgets
from skye_widgets import errors, protocol

GAMES = ("skye", "hashi", "skylands")
FACE = ("Game", "make_bot", "play_game", "tournament", "render_game")


def all_modules():
    for m in pkgutil.walk_packages(skye_widgets.__path__, "skye_widgets."):
        if not m.name.endswith("__main__"):          # that one runs the command line
            yield importlib.import_module(m.name)


def test_every_game_registers_itself():
    for name in GAMES:
        importlib.import_module(f"skye_widgets.{name}")
    assert set(GAMES) <= set(protocol.GAMES)
    for name in GAMES:
        info = protocol.GAMES[name]
        assert {"random", "greedy", "planner"} <= set(info.bot_kinds)
        assert info.player_counts and all(isinstance(n, int) for n in info.player_counts)


@pytest.mark.parametrize("name", GAMES)
def test_each_game_shows_the_same_face(name):
    face = importlib.import_module(f"skye_widgets.{name}")
    missing = [n for n in FACE if not hasattr(face, n)]
    assert not missing, f"skye_widgets.{name} does not export {missing}"
    game = face.Game.new(protocol.GAMES[name].player_counts[0], seed=3)
    assert isinstance(game, protocol.Game)
    for verb in ("current_player", "legal_actions", "apply", "undo", "is_over", "returns", "scores",
                 "winners", "clone", "to_dict", "save", "observation", "_repr_svg_", "_repr_png_"):
        assert callable(getattr(game, verb)), f"{name}: Game.{verb} missing"
    assert callable(face.Game.from_dict) and callable(face.Game.load)
    assert game.returns() == [0.0] * game.n_players          # the win share is 0 before the end
    bot = face.make_bot("random", seed=1)
    assert isinstance(bot, protocol.Bot)
    with pytest.raises(errors.BadConfigError):
        face.make_bot("no-such-bot", seed=1)
    svg = game._repr_svg_()
    assert svg.lstrip().startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert game._repr_png_().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.parametrize("name", GAMES)
def test_a_seeded_bot_game_replays_identically(name):
    face = importlib.import_module(f"skye_widgets.{name}")
    n = protocol.GAMES[name].player_counts[0]
    games = [face.play_game([face.make_bot("random", seed=s) for s in range(n)], seed=11) for _ in range(2)]
    assert games[0].to_dict() == games[1].to_dict() and games[0].is_over()
    assert abs(sum(games[0].returns()) - 1.0) < 1e-9


def test_each_error_class_is_defined_once():
    where = defaultdict(list)
    for module in all_modules():
        for cls_name, cls in vars(module).items():
            if inspect.isclass(cls) and issubclass(cls, BaseException) and cls.__module__ == module.__name__ \
                    and cls_name == cls.__name__:
                where[cls_name].append(module.__name__)
    twice = {name: mods for name, mods in where.items() if len(mods) > 1}
    assert not twice, f"error classes defined more than once: {twice}"
    # every error of the package is a rules, data or file error, but two that never leave their module's callers
    internal = {"GaveUp": "hashi.cdcl's search gives up; hashi.solver catches it",
                "GenerationError": "skye.puzzle_generator finds no puzzle; its callers and the CLI catch it",
                "Contradiction": "hashi.ladder's bounds in a trial that no solution meets; the ladder and hashi.solver catch it"}
    for name, (mod,) in where.items():
        cls = getattr(importlib.import_module(mod), name)
        if cls.__module__ != "skye_widgets.errors" and name not in internal:
            assert issubclass(cls, (errors.RulesError, errors.DataError, errors.FileFormatError)), f"{mod}.{name}"

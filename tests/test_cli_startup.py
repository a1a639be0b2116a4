"""Start-up's structure (issue 30, item 4): what each command imports, never how long it takes.

``skye-widgets --help`` imports no game; each command imports its own game only; no command and
no game's widgets import networkx (scoring never needs it); a game's widgets import no other game,
and not ipycanvas (nor numpy, Pillow: they come with the first board, widgets/painting.py), nor
anywidget (the board's ARIA helper, widgets/aria.py, also made with the first board).
The figures themselves are benchmarks/bench_startup.py's. Each check runs in a fresh interpreter,
so nothing this test session imported counts.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from skye_widgets.cli import COMMAND_HELP, COMMANDS, build_parser

GAMES = ("skye", "hashi", "skylands")

PROBE = """
import json, sys
{code}
mods = sorted(sys.modules)
print(json.dumps({{"games": sorted({{m.split(".")[1] for m in mods if m.count(".") >= 1
                                    and m.split(".")[0] == "skye_widgets" and m.split(".")[1] in {games!r}}}),
                   "widgets": sorted(m for m in mods if m.startswith("skye_widgets.widgets.")),
                   "networkx": "networkx" in sys.modules,
                   "canvas": sorted(m for m in ("ipycanvas", "numpy", "PIL", "anywidget") if m in sys.modules)}}))
"""


def imports(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE.format(code=code, games=GAMES)], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[-1])


def cli(argv: list[str]) -> str:
    return (f"import skye_widgets.cli\ntry:\n    skye_widgets.cli.main({argv!r})\nexcept SystemExit:\n    pass\n"
            "sys.stdout.flush()\nprint()")


def test_help_imports_no_game():
    got = imports(cli(["--help"]))
    assert got == {"games": [], "widgets": [], "networkx": False, "canvas": []}


@pytest.mark.parametrize("argv, game", [(["score", "--help"], "skye"), (["play", "--help"], "skye"),
                                        (["puzzle", "solve", "--help"], "skye"),
                                        (["hashi", "solve", "--help"], "hashi"),
                                        (["skylands", "tournament", "--help"], "skylands")])
def test_each_command_imports_its_own_game_only(argv, game):
    got = imports(cli(argv))
    assert got["games"] == [game] and got["widgets"] == [] and not got["networkx"] and got["canvas"] == []


def test_a_whole_game_needs_no_networkx():
    got = imports(cli(["play", "--players", "2", "--bots", "random", "--seed", "1", "--json"]))
    assert got["games"] == ["skye"] and not got["networkx"]


@pytest.mark.parametrize("game", GAMES)
def test_a_games_widgets_import_no_other_game_and_no_networkx(game):
    got = imports(f"import skye_widgets.widgets.{game}")
    assert got["games"] == [game] and not got["networkx"]
    assert got["canvas"] == [] and "skye_widgets.widgets.painting" not in got["widgets"]


def test_the_first_board_brings_the_canvas():
    got = imports("from skye_widgets.widgets.hashi import HashiWidget\nHashiWidget.solo()")
    assert got["canvas"] == ["PIL", "anywidget", "ipycanvas", "numpy"]
    assert {"skye_widgets.widgets.painting", "skye_widgets.widgets.aria"} <= set(got["widgets"])


def test_the_stand_ins_list_every_command_with_its_own_help_line():
    full = build_parser()
    lazy = build_parser(None)
    sub_full = next(a for a in full._actions if a.dest == "command")
    sub_lazy = next(a for a in lazy._actions if a.dest == "command")
    assert list(sub_lazy.choices) == list(sub_full.choices) == [name for name, _module in COMMANDS]
    assert [(a.dest, a.help) for a in sub_lazy._choices_actions] == \
           [(a.dest, a.help) for a in sub_full._choices_actions] == [(n, str(COMMAND_HELP[n])) for n, _m in COMMANDS]
    assert lazy.format_help() == full.format_help()


def test_a_piped_tournament_imports_no_progress_bar():
    """tqdm (some 50 ms and 7 MB) only for a bar on a terminal: here stderr is a pipe."""
    code = cli(["tournament", "--games", "2", "--workers", "1", "--seed", "1", "--json"])
    out = subprocess.run([sys.executable, "-c", f"import sys\n{code}\nprint('tqdm' in sys.modules)"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[-1] == "False" and '"games": 2' in out.stdout

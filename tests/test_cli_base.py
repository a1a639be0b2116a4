"""The command line's shared behaviour."""

import argparse
import subprocess
import sys

import pytest

from skye_widgets import limits
from skye_widgets.cli import main, whole_number


def run(*args):
    return subprocess.run([sys.executable, "-m", "skye_widgets", *args], capture_output=True, text=True)


def test_version_and_help():
    r = run("--version")
    assert r.returncode == 0 and "skye-widgets 0.1.0" in r.stdout
    r = run()
    assert r.returncode == 2 and "usage: skye-widgets" in r.stdout


def test_write_json_failures_are_one_line_and_leave_nothing(tmp_path):
    import pytest

    from skye_widgets.errors import FileFormatError, read_json, write_json

    write_json(tmp_path / "ok.json", {"a": [1, 2]})
    assert read_json(tmp_path / "ok.json") == {"a": [1, 2]}
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(FileFormatError, match=r"dir\.json: cannot write"):
        write_json(tmp_path / "dir.json", {})
    with pytest.raises(FileFormatError, match="cannot write"):
        write_json(tmp_path / "missing" / "x.json", {})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.json", "ok.json"]


@pytest.mark.parametrize("argv, option, low, high", [
    (["hashi", "generate", "--size", "41"], "--size", 3, limits.MAX_GENERATE_SIDE),
    (["hashi", "generate", "--islands", "301"], "--islands", 2, limits.MAX_GENERATE_ISLANDS),
    (["hashi", "play", "--seed", str(2**63)], "--seed", -limits.MAX_SEED, limits.MAX_SEED),
    (["play", "--seed", "1.5"], "--seed", -limits.MAX_SEED, limits.MAX_SEED),
    (["tournament", "--games", "0"], "--games", 1, limits.MAX_GAMES),
    (["skylands", "tournament", "--games", "100001"], "--games", 1, limits.MAX_GAMES),
    (["replay", "x.json", "--step", "-1"], "--step", 0, limits.MAX_SAVE_ACTIONS),
])
def test_numeric_options_are_bounded_like_the_files(argv, option, low, high, capsys):
    """A number an option takes is refused outside the bounds the loaders enforce,
    so nothing a command writes is a file the program will not read back."""
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert err.endswith(f"argument {option}: expected a whole number from {low} to {high}, not '{argv[argv.index(option) + 1]}'")


def test_whole_number_takes_the_bounds_themselves():
    parse = whole_number(-2, 5)
    assert [parse("-2"), parse("5"), parse("0")] == [-2, 5, 0]
    for bad in ("-3", "6", "2.0", "", "two", "True"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse(bad)

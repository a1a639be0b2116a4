"""The command line's shared behaviour."""

import subprocess
import sys


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

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

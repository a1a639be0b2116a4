"""``skye-widgets lab`` (what ``make lab`` runs): the learner's own folder, trusted lessons, one address
that opens the welcome notebook, for root as for anyone.

The real server is started here as the test's user (root in CI, so root is covered on every run;
``../shared/tools/fresh-machine-check`` runs ``make lab`` as an ordinary user too).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

from skye_widgets.cli_lab import lab_command

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_lab_serves_the_learners_folder_and_prints_one_address_to_the_welcome_notebook(tmp_path, monkeypatch):
    port = _free_port()
    env = {**os.environ, "JUPYTER_DATA_DIR": str(tmp_path / "data"), "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt")}
    folder = tmp_path / "my-lessons"
    proc = subprocess.Popen([sys.executable, "-m", "skye_widgets", "lab", str(folder), "--port", str(port),
                             "--no-browser"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    lines: list[str] = []
    try:
        address = None
        deadline = time.monotonic() + 120
        while address is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            m = re.search(r"(http://\S+)", line)
            if m and "token=" in m.group(1):
                address = m.group(1)
        assert address, "".join(lines[-20:])
        assert re.fullmatch(rf"http://127\.0\.0\.1:{port}/lab/tree/00_welcome\.ipynb\?token=[0-9a-f]+", address)
        # the address is printed as the server starts listening: wait for it to answer
        deadline = time.monotonic() + 60
        while True:
            try:
                page = urllib.request.urlopen(address, timeout=30)
                break
            except urllib.error.URLError as e:
                if not isinstance(e.reason, ConnectionRefusedError) or time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        with page as r:
            assert r.status == 200 and "JupyterLab" in r.read().decode()
        with urllib.request.urlopen(address.replace("/lab/tree/00_welcome.ipynb", "/api/contents/pt/00_welcome.ipynb")
                                    .replace("?token=", "?content=0&token="), timeout=30) as r:
            assert r.status == 200          # the server's root is the learner's folder, every language in it
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        proc.stdout.close()
    output = "".join(lines)
    addresses = {m for m in re.findall(r"http://\S+token=\S+", output)}
    assert len(addresses) == 1, addresses          # one address to open, not a choice of two
    # every language's lessons are there and trusted for this user, so their saved pictures show as drawn
    lessons = sorted(folder.rglob("*.ipynb"))
    assert len(lessons) == len(list((ROOT / "notebooks").rglob("[0-9a-z]*.ipynb")))
    monkeypatch.setenv("JUPYTER_DATA_DIR", env["JUPYTER_DATA_DIR"])
    notary = NotebookNotary()
    assert [str(p.relative_to(folder)) for p in lessons if not notary.check_signature(nbformat.read(p, 4))] == []


def test_the_lab_command_line_for_root_and_for_anyone():
    anyone = lab_command("my-lessons", port=9999, open_browser=False, root=False)
    root = lab_command("my-lessons", root=True)
    assert "--allow-root" not in anyone and "--allow-root" in root
    assert "--port=9999" in anyone and "--no-browser" in anyone
    assert f"--ServerApp.root_dir={Path('my-lessons').resolve()}" in anyone


def test_a_learners_notebook_from_elsewhere_is_not_trusted(tmp_path, monkeypatch):
    """Only the shipped lessons, as shipped, are trusted by the command; anything else keeps
    Jupyter's own rule."""
    from skye_widgets.cli_lab import prepare

    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "lessons"
    folder.mkdir()
    stranger = folder / "downloaded.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell("1", outputs=[nbformat.v4.new_output(
        "display_data", data={"text/html": "<b>x</b>"})]))
    nbformat.write(nb, stranger)
    changed = folder / "01_tiles_and_placement.ipynb"
    prepare(folder)
    text = changed.read_text()
    changed.write_text(text.replace('"cells": [', '"cells": [\n  {"cell_type": "markdown", "id": "mine", "metadata": {}, "source": "mine"},', 1))
    prepare(folder)
    notary = NotebookNotary()
    assert not notary.check_signature(nbformat.read(stranger, 4))
    assert not notary.check_signature(nbformat.read(changed, 4))
    assert notary.check_signature(nbformat.read(folder / "00_welcome.ipynb", 4))


def test_lessons_json_says_what_was_copied_and_kept(tmp_path, monkeypatch, capsys):
    import json

    from skye_widgets.cli import main

    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "mine"
    assert main(["lessons", str(folder), "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    shipped = sorted(str(p.relative_to(ROOT / "notebooks")) for p in (ROOT / "notebooks").rglob("[0-9a-z]*.ipynb"))
    assert sorted(first["copied"]) == shipped and first["kept"] == 0 and first["trusted"] == len(shipped)
    (folder / "fr" / "hashi.ipynb").unlink()
    assert main(["lessons", str(folder), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["copied"] == ["fr/hashi.ipynb"] and again["kept"] == len(shipped) - 1

"""The one atomic writer behind every file the project writes (``errors.write_atomic``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from skye_widgets import errors
from skye_widgets.errors import FileFormatError, read_json, write_atomic, write_json, write_text


def names(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_content_is_exact_and_only_the_target_is_left(tmp_path):
    write_json(tmp_path / "a.json", {"b": [1, 2], "a": "é"})
    assert (tmp_path / "a.json").read_text(encoding="utf-8") == '{\n "b": [\n  1,\n  2\n ],\n "a": "\\u00e9"\n}\n'
    write_text(tmp_path / "b.has", "2 2\n1 .\n. 1\n")
    assert (tmp_path / "b.has").read_bytes() == b"2 2\n1 .\n. 1\n"
    write_atomic(tmp_path / "c.bin", b"\x00\xff")
    assert (tmp_path / "c.bin").read_bytes() == b"\x00\xff"
    assert names(tmp_path) == ["a.json", "b.has", "c.bin"]


def test_a_relative_path_in_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_text("here.txt", "x")
    assert names(tmp_path) == ["here.txt"] and (tmp_path / "here.txt").read_text() == "x"


def test_new_files_get_the_usual_permissions_and_old_ones_keep_theirs(tmp_path):
    if not hasattr(os, "fchmod"):
        pytest.skip("POSIX permissions only")
    mask = os.umask(0o022)
    try:
        write_text(tmp_path / "new.txt", "x")
        assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o644     # not mkstemp's 0o600
        (tmp_path / "new.txt").chmod(0o640)
        write_text(tmp_path / "new.txt", "y")
        assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(mask)


def test_the_file_and_its_folder_are_fsynced_before_and_after_the_rename(tmp_path, monkeypatch):
    events = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (events.append("replace"), real_replace(a, b))[1])
    write_json(tmp_path / "g.json", [1])
    expected = ["fsync", "replace", "fsync"] if os.name == "posix" else ["fsync", "replace"]
    assert events == expected
    assert read_json(tmp_path / "g.json") == [1]


@pytest.mark.parametrize("boom", [OSError(28, "No space left on device"), KeyboardInterrupt(), RuntimeError("x")])
def test_a_failure_at_any_step_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch, boom):
    target = tmp_path / "save.json"
    write_json(target, {"old": True})
    for step in ("fsync", "replace"):
        def fail(*_a, **_k):
            raise boom
        with monkeypatch.context() as m:
            m.setattr(os, step, fail)
            expected = FileFormatError if isinstance(boom, OSError) else type(boom)
            with pytest.raises(expected) as info:
                write_json(target, {"new": True})
        if isinstance(boom, OSError):
            assert str(info.value) == f"{target}: cannot write: No space left on device"
        assert read_json(target) == {"old": True}
        assert names(tmp_path) == ["save.json"]


def test_unserialisable_data_writes_nothing(tmp_path):
    write_json(tmp_path / "s.json", [1])
    with pytest.raises(TypeError):
        write_json(tmp_path / "s.json", {"a": object()})
    with pytest.raises(ValueError):
        write_json(tmp_path / "s.json", _circular())
    assert read_json(tmp_path / "s.json") == [1] and names(tmp_path) == ["s.json"]


def _circular():
    x: list = []
    x.append(x)
    return x


def test_os_failures_are_one_line_naming_the_file(tmp_path):
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(FileFormatError, match=r"dir\.json: cannot write: Is a directory"):
        write_json(tmp_path / "dir.json", {})
    with pytest.raises(FileFormatError, match="missing/x.json: cannot write: No such file or directory"):
        write_json(tmp_path / "missing" / "x.json", {})
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    with pytest.raises(FileFormatError, match="cannot write: Not a directory"):
        write_text(blocker / "x.txt", "")
    assert names(tmp_path) == ["blocker", "dir.json"]


def test_an_unwritable_folder(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    (ro / "keep.json").write_text("[1]")
    ro.chmod(0o555)
    try:
        if os.access(ro, os.W_OK):
            pytest.skip("running as root: every folder is writable")
        with pytest.raises(FileFormatError, match="cannot write: Permission denied"):
            write_json(ro / "keep.json", [2])
        assert names(ro) == ["keep.json"] and read_json(ro / "keep.json") == [1]
    finally:
        ro.chmod(0o755)


def test_an_interrupted_process_leaves_the_old_file(tmp_path):
    """A write killed between fsync and rename (SIGKILL: nothing can clean up) leaves
    the old file whole; only a dot-file temporary can remain, never a half-written target."""
    target = tmp_path / "g.json"
    write_json(target, {"old": True})
    probe = (
        "import os, sys\n"
        "from skye_widgets import errors\n"
        "os.replace = lambda a, b: os.kill(os.getpid(), 9)\n"
        f"errors.write_json({str(target)!r}, {{'new': True}})\n"
    )
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert r.returncode != 0
    assert json.loads(target.read_text()) == {"old": True}
    assert all(n == "g.json" or (n.startswith(".g.json.") and n.endswith(".tmp")) for n in names(tmp_path))


def test_no_module_writes_files_by_itself():
    """Every write in the package goes through errors.write_atomic (grep of the sources)."""
    import pathlib
    import re
    root = pathlib.Path(errors.__file__).parent
    bad = []
    for f in sorted(set(root.rglob("*.py")) - {root / "errors.py"}):
        text = f.read_text(encoding="utf-8")
        for pattern in (r"open\([^)]*['\"][wax]b?['\"]", r"\.write_text\(", r"\.write_bytes\("):
            for m in re.finditer(pattern, text):
                bad.append(f"{f.relative_to(root)}: {m.group(0)}")
    assert bad == []


def test_a_refused_temporary_file_is_one_line_and_changes_nothing(tmp_path, monkeypatch):
    """What an unwritable folder does (also when the tests run as root, who may write anywhere)."""
    import tempfile
    write_json(tmp_path / "keep.json", [1])

    def refuse(*_a, **_k):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    with pytest.raises(FileFormatError) as info:
        write_json(tmp_path / "keep.json", [2])
    assert str(info.value) == f"{tmp_path / 'keep.json'}: cannot write: Permission denied"
    assert names(tmp_path) == ["keep.json"] and read_json(tmp_path / "keep.json") == [1]

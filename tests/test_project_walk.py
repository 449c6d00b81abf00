"""The language server's project walk: bounded, ignore-aware, and cached between edits."""

from __future__ import annotations

import os
from pathlib import Path

from tf2lint.run.files import python_files_under
from tf2lint.run.gitignore import is_ignored


def _tree(root: Path) -> None:
    (root / ".git").mkdir()
    (root / ".gitignore").write_text("generated/\n")
    for name in ["pkg/__init__.py", "pkg/a.py", "pkg/sub/b.py"]:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("")
    for name in [
        ".venv/lib/x.py",
        "node_modules/y.py",
        "pkg/generated/z.py",
        "pkg/__pycache__/c.py",
    ]:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("")


def test_the_walk_leaves_out_virtualenvs_caches_and_ignored_folders(tmp_path):
    _tree(tmp_path)
    found = python_files_under(tmp_path, 100, is_ignored)
    assert [p.relative_to(tmp_path).as_posix() for p in found] == [
        "pkg/__init__.py",
        "pkg/a.py",
        "pkg/sub/b.py",
    ]


def test_the_walk_stops_past_its_limit(tmp_path):
    _tree(tmp_path)
    assert python_files_under(tmp_path / "pkg", 2) is None


def test_the_walk_is_cached_until_a_folder_changes(tmp_path, monkeypatch):
    _tree(tmp_path)
    first = python_files_under(tmp_path / "pkg", 100)
    listed = []
    scandir = os.scandir
    monkeypatch.setattr(os, "scandir", lambda p: listed.append(p) or scandir(p))
    assert python_files_under(tmp_path / "pkg", 100) == first and listed == []
    (tmp_path / "pkg" / "sub" / "new.py").write_text("")
    again = python_files_under(tmp_path / "pkg", 100)
    assert tmp_path / "pkg" / "sub" / "new.py" in again and listed

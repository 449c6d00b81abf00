"""respect-gitignore: git's pattern rules, checked against what `git check-ignore` says."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tf2lint.run.gitignore import is_ignored

GITIGNORE = """\
# a comment, then a blank line

*.log
build/
/top_only.py
docs/**/generated
**/cache/*.py
a?c.py
[bc]at.py
!important.log
nested/*.py
\\#hash.py
"""
PATHS = [
    "x.log",
    "important.log",
    "sub/y.log",
    "build/m.py",
    "sub/build/m.py",
    "top_only.py",
    "sub/top_only.py",
    "docs/a/b/generated",
    "docs/generated",
    "src/cache/c.py",
    "cache/c.py",
    "abc.py",
    "ac.py",
    "cat.py",
    "hat.py",
    "nested/n.py",
    "nested/deeper/n.py",
    "#hash.py",
    "kept.py",
]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text(GITIGNORE)
    for name in PATHS:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    return tmp_path


def _ours(tree: Path, name: str) -> bool:
    """Ignored itself or through an ignored parent folder (the walk never enters those)."""
    path = tree / name
    return any(
        is_ignored(p, p != path) for p in [path, *path.parents] if p != tree and tree in p.parents
    )


def test_patterns_follow_git(tree):
    expected = {
        "x.log": True,
        "important.log": False,
        "sub/y.log": True,
        "build/m.py": True,
        "sub/build/m.py": True,
        "top_only.py": True,
        "sub/top_only.py": False,
        "docs/a/b/generated": True,
        "docs/generated": True,
        "src/cache/c.py": True,
        "cache/c.py": True,
        "abc.py": True,
        "ac.py": False,
        "cat.py": True,
        "hat.py": False,
        "nested/n.py": True,
        "nested/deeper/n.py": False,
        "#hash.py": True,
        "kept.py": False,
    }
    assert {name: _ours(tree, name) for name in PATHS} == expected
    if shutil.which("git") is None:
        return
    subprocess.run(["git", "init", "-q"], cwd=tree, check=True, capture_output=True)
    checked = subprocess.run(
        ["git", "check-ignore", "--no-index", *PATHS], cwd=tree, capture_output=True, text=True
    )
    assert set(checked.stdout.split()) == {name for name, ignored in expected.items() if ignored}


def test_nothing_is_ignored_outside_a_work_tree(tmp_path):
    (tmp_path / ".gitignore").write_text("*.py\n")
    (tmp_path / "a.py").write_text("")
    assert not is_ignored(tmp_path / "a.py", False)


# Bracket expressions and `**` as git's wildmatch reads them; each pattern alone in a .gitignore.
ODD_PATTERNS = [
    "[z-a]",
    "[a-\\d]",
    "[!]",
    "[!]a]",
    "[]]",
    "[]a]",
    "[[:alpha:]]",
    "[[:digit:][:upper:]]",
    "[[:punct:]]",
    "[[:nope:]]",
    "[[:alpha:]",
    "[[:alpha]",
    "[a-]",
    "[-a]",
    "[a-c-e]",
    "[\\]]",
    "[!a-c]",
    "[^b]",
    "[",
    "x\\",
    "a**b.py",
    "**/b.py",
    "src/**",
    "***",
    "q/**/c.py",
]
ODD_NAMES = [
    "a", "b", "c", "d", "e", "z", "A", "1", "]", "-", "[", "!", "^", "x", "x\\", "_",
    "ab.py", "axb.py", "b.py", "src/a/b.py", "src/b.py", "q/c.py", "q/x/c.py", "q/x/y/c.py",
]  # fmt: skip


@pytest.mark.skipif(shutil.which("git") is None, reason="git is the oracle")
@pytest.mark.parametrize("pattern", ODD_PATTERNS)
def test_odd_patterns_match_what_git_matches(tmp_path, pattern):
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True, capture_output=True)
    (tmp_path / ".gitignore").write_text(pattern + "\n")
    for name in ODD_NAMES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    checked = subprocess.run(
        ["git", "check-ignore", "--no-index", "--stdin", "-z"],
        input="\0".join(ODD_NAMES),
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    expected = set(filter(None, checked.stdout.split("\0")))
    assert {name for name in ODD_NAMES if _ours(tmp_path, name)} == expected


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "huge"])
def test_an_ignore_file_that_is_no_regular_file_is_read_without_blocking(tmp_path, kind):
    import os

    (tmp_path / ".git").mkdir()
    ignore = tmp_path / ".gitignore"
    if kind == "fifo":
        os.mkfifo(ignore)
    elif kind == "dev-zero":
        ignore.symlink_to("/dev/zero")
    else:
        with open(ignore, "wb") as handle:
            handle.truncate(64 << 20)  # sparse: no disk used
    (tmp_path / "a.py").write_text("")
    assert not is_ignored(tmp_path / "a.py", False)

"""The pre-commit hooks, run by the real pre-commit against a snapshot of this repository.

pre-commit clones a hook repository at a revision, so the test commits a snapshot of the working
tree (tracked and untracked, not ignored, files) into a temporary repository and points the
config at it. pre-commit then pip-installs tf2lint from it into its own environment: that needs
PyPI (the test is skipped when PyPI cannot be reached).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

BAD = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"


def _git(*args: str, cwd: Path) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.com",
    }
    done = subprocess.run(
        ["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return done.stdout.strip()


def _pypi_reachable() -> bool:
    try:
        socket.create_connection(("pypi.org", 443), timeout=5).close()
    except OSError:
        return False
    return True


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory) -> tuple[Path, str]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    if not _pypi_reachable():
        pytest.skip("pre-commit installs tf2lint from PyPI dependencies; PyPI is unreachable")
    snapshot = tmp_path_factory.mktemp("tf2lint-snapshot")
    files = _git("ls-files", "--cached", "--others", "--exclude-standard", "-z", cwd=ROOT)
    for name in filter(None, files.split("\0")):
        source = ROOT / name
        if source.is_file() and not name.startswith("tests/"):
            target = snapshot / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    assert (snapshot / ".pre-commit-hooks.yaml").is_file()
    _git("init", "-q", cwd=snapshot)
    _git("add", "-A", cwd=snapshot)
    _git("commit", "-q", "-m", "snapshot", cwd=snapshot)
    return snapshot, _git("rev-parse", "HEAD", cwd=snapshot)


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")  # one hook environment for both tests


def _project(tmp_path: Path, hook_repo: tuple[Path, str], fix_args: str) -> Path:
    repo, rev = hook_repo
    project = tmp_path / "project"
    project.mkdir()
    _git("init", "-q", cwd=project)
    (project / ".pre-commit-config.yaml").write_text(
        f"repos:\n"
        f"  - repo: {repo.as_posix()}\n"
        f"    rev: {rev}\n"
        f"    hooks:\n"
        f"      - id: tf2lint\n"
        f"      - id: tf2lint-fix\n"
        f"        args: {fix_args}\n"
        f"        stages: [manual]\n"
    )
    (project / "pyproject.toml").write_text("[tool.tf2lint]\n")
    return project


def _pre_commit(project: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "PRE_COMMIT_COLOR": "never"}
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", *args],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
        timeout=240,
    )


def test_hook_fails_on_staged_finding_and_ignores_unstaged_files(
    tmp_path, hook_repo, pre_commit_home
):
    project = _project(tmp_path, hook_repo, "[--unsafe-fixes]")
    (project / "train.py").write_text(BAD)
    (project / "unstaged.py").write_text(BAD)  # not staged: pre-commit does not pass it
    _git("add", ".pre-commit-config.yaml", "pyproject.toml", "train.py", cwd=project)
    result = _pre_commit(project, pre_commit_home)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "train.py:5:5: TF201" in output
    assert "unstaged.py" not in output

    (project / "train.py").write_text(BAD.replace("print(x)", "tf.print(x)"))
    _git("add", "train.py", cwd=project)
    result = _pre_commit(project, pre_commit_home)
    assert result.returncode == 0, result.stdout + result.stderr


def test_fix_hook_with_unsafe_fixes_rewrites_the_staged_file(tmp_path, hook_repo, pre_commit_home):
    project = _project(tmp_path, hook_repo, "[--unsafe-fixes]")
    (project / "train.py").write_text(BAD)
    _git("add", "-A", cwd=project)
    result = _pre_commit(project, pre_commit_home, "tf2lint-fix", "--hook-stage", "manual")
    output = result.stdout + result.stderr
    assert result.returncode == 1, output  # pre-commit fails a hook that modified files
    assert "files were modified by this hook" in output
    assert (project / "train.py").read_text() == BAD.replace("print(x)", "tf.print(x)")
    _git("add", "-A", cwd=project)
    result = _pre_commit(project, pre_commit_home)
    assert result.returncode == 0, result.stdout + result.stderr

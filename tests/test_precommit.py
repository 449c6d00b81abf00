"""The pre-commit hooks, run by the real pre-commit against a snapshot of this repository.

pre-commit clones a hook repository at a revision, so the test commits a snapshot of the working
tree (tracked and untracked, not ignored, files) into a temporary repository and points the
config at it. pre-commit then pip-installs tf2lint from it into its own environment: that needs
PyPI (the test is skipped when PyPI cannot be reached).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import copy_repository, pypi_reachable

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


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory) -> tuple[Path, str]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    if not pypi_reachable():
        pytest.skip("pre-commit installs tf2lint from PyPI dependencies; PyPI is unreachable")
    snapshot = copy_repository(tmp_path_factory.mktemp("tf2lint-snapshot"))
    assert (snapshot / ".pre-commit-hooks.yaml").is_file()
    _git("init", "-q", cwd=snapshot)
    _git("add", "-A", cwd=snapshot)
    _git("commit", "-q", "-m", "snapshot", cwd=snapshot)
    return snapshot, _git("rev-parse", "HEAD", cwd=snapshot)


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")  # one hook environment for both tests


def _project(tmp_path: Path, hook_repo: tuple[Path, str], hooks: str) -> Path:
    repo, rev = hook_repo
    project = tmp_path / "project"
    project.mkdir()
    _git("init", "-q", cwd=project)
    (project / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {repo.as_posix()}\n    rev: {rev}\n    hooks:\n{hooks}"
    )
    (project / "pyproject.toml").write_text('[tool.tf2lint]\nexclude = ["generated"]\n')
    return project


LINT = "      - id: tf2lint\n"
FIX_UNSAFE = "      - id: tf2lint-fix\n        args: [--unsafe-fixes]\n"
FIX = "      - id: tf2lint-fix\n"
# A safe fix (TF904, the option's new name) and an unsafe one (TF201)
SAFE_AND_UNSAFE = (
    BAD + "\n\n@tf.function(experimental_relax_shapes=True)\ndef pool(x):\n    return x\n"
)


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
    project = _project(tmp_path, hook_repo, LINT)
    (project / "train.py").write_text(BAD)
    (project / "unstaged.py").write_text(BAD)  # not staged: pre-commit does not pass it
    _git("add", ".pre-commit-config.yaml", "pyproject.toml", "train.py", cwd=project)
    result = _pre_commit(project, pre_commit_home)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert output.count(" --> train.py:5:5") == 1
    assert "unstaged.py" not in output

    (project / "train.py").write_text(BAD.replace("print(x)", "tf.print(x)"))
    _git("add", "train.py", cwd=project)
    result = _pre_commit(project, pre_commit_home)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("order", [(FIX, LINT), (LINT, FIX)])
def test_both_hooks_together_print_each_finding_once(tmp_path, hook_repo, pre_commit_home, order):
    project = _project(tmp_path, hook_repo, "".join(order))
    (project / "train.py").write_text(SAFE_AND_UNSAFE)
    _git("add", "-A", cwd=project)
    result = _pre_commit(project, pre_commit_home)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert output.count(" --> train.py:5:5") == 1, output
    # the fix hook fixed TF904 (safe) and said so; listed first, tf2lint saw it fixed
    assert "Fixed 1 error (1 additional fix available with `--unsafe-fixes`)." in output
    assert output.count("TF904") == (0 if order[0] == FIX else 1), output
    assert "experimental_relax_shapes" not in (project / "train.py").read_text()


def test_exclude_applies_to_the_files_pre_commit_names(tmp_path, hook_repo, pre_commit_home):
    project = _project(tmp_path, hook_repo, LINT)
    (project / "generated").mkdir()
    (project / "generated" / "model.py").write_text(BAD)
    _git("add", "-A", cwd=project)
    result = _pre_commit(project, pre_commit_home)
    assert result.returncode == 0, result.stdout + result.stderr


def test_fix_hook_with_unsafe_fixes_rewrites_the_staged_file(tmp_path, hook_repo, pre_commit_home):
    project = _project(tmp_path, hook_repo, FIX_UNSAFE + LINT)
    (project / "train.py").write_text(BAD)
    _git("add", "-A", cwd=project)
    result = _pre_commit(project, pre_commit_home, "tf2lint-fix")
    output = result.stdout + result.stderr
    assert result.returncode == 1, output  # pre-commit fails a hook that modified files
    assert "files were modified by this hook" in output
    assert "Fixed 1 error." in output and "TF201" not in output
    assert (project / "train.py").read_text() == BAD.replace("print(x)", "tf.print(x)")
    _git("add", "-A", cwd=project)
    result = _pre_commit(project, pre_commit_home)
    assert result.returncode == 0, result.stdout + result.stderr


HELPER = "def log_step(x):\n    print(x)\n    return x\n"
STEP = (
    "import tensorflow as tf\n\nfrom helper import log_step\n\n\n"
    "@tf.function\ndef step(x):\n    return log_step(x)\n"
)


def test_a_helper_only_commit_is_linted_with_its_callers(tmp_path, hook_repo, pre_commit_home):
    """The print is in helper.py, traced from train.py's tf.function: a commit that changes
    helper.py alone fails as `tf2lint check .` does, and the finding is printed once."""
    project = _project(tmp_path, hook_repo, LINT)
    (project / "helper.py").write_text(
        "import tensorflow as tf\n\n\n" + HELPER.replace("print(x)", "tf.print(x)")
    )
    (project / "train.py").write_text(STEP)
    _git("add", "-A", cwd=project)
    assert _pre_commit(project, pre_commit_home).returncode == 0
    _git("commit", "-q", "-m", "clean", cwd=project)

    (project / "helper.py").write_text(HELPER)
    _git("add", "helper.py", cwd=project)
    result = _pre_commit(project, pre_commit_home)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert output.count(" --> helper.py:2:5") == 1, output
    assert output.count("Found 1 error.") == 1, output

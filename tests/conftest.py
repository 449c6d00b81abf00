from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tf2lint.engine import lint_module
from tf2lint.plugins import all_rules

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
# Projects the tests run as a user would (tests/data/harness_project has its own tests and
# conftest.py, run by `pytest --tf2lint` in a copy): never collected as this suite's tests.
collect_ignore = ["data"]


def lint(source: str, select: list[str] | None = None, path: str = "t.py"):
    """Diagnostics for ``source`` (dedented) with the selected rules (default: all)."""
    rules = [r for r in all_rules() if select is None or any(r.id.startswith(s) for s in select)]
    return lint_module(textwrap.dedent(source), path, rules).diagnostics


def rule_ids(source: str, select: list[str] | None = None) -> list[str]:
    return [d.rule for d in lint(source, select)]


def run_cli(*args: str, cwd: Path | None = None, env: dict | None = None):
    return subprocess.run(
        [sys.executable, "-m", "tf2lint", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """An empty project folder with its own pyproject.toml (so the repo's config is not used)."""
    (tmp_path / "pyproject.toml").write_text("[tool.tf2lint]\n")
    return tmp_path


def copy_repository(target: Path, with_tests: bool = False) -> Path:
    """The repository's files (tracked and untracked, not ignored) copied to ``target``: what a
    clone of the working tree holds, for tests that install tf2lint as a user would."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file() and (with_tests or not name.startswith("tests/")):
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def pypi_reachable() -> bool:
    try:
        socket.create_connection(("pypi.org", 443), timeout=5).close()
    except OSError:
        return False
    return True


def json_findings(stdout: str, cwd: Path) -> list[dict]:
    """``tf2lint check --output-format json``'s findings (ruff's schema), each with the short
    names tests read beside ruff's: ``path`` (relative to ``cwd``, where the command ran, as
    the text output shows it), ``rule``, ``line``, ``column``, ``end_line``, ``end_column``."""
    base = os.path.realpath(cwd)
    return [
        {
            **d,
            "path": d["filename"] if d["filename"] == "-" else os.path.relpath(d["filename"], base),
            "rule": d["code"],
            "line": d["location"]["row"],
            "column": d["location"]["column"],
            "end_line": d["end_location"]["row"],
            "end_column": d["end_location"]["column"],
        }
        for d in json.loads(stdout)
    ]

"""Snapshot tests, in the manner of ruff's ``.snap`` files: each rule's rendered findings on its
fixtures (text output, frames and fix descriptions included) and the diffs of its safe and
unsafe fixes are pinned in ``tests/snapshots/<RULE-ID>.snap`` and reviewed when they change.

Regenerate after a deliberate change, then read the diff before committing:

    TF2LINT_UPDATE_SNAPSHOTS=1 python -m pytest tests/test_snapshots.py
"""

from __future__ import annotations

import contextlib
import difflib
import io
import os
import shutil
from pathlib import Path

import pytest

from conftest import ROOT
from tf2lint.commands.cli import main
from tf2lint.linting.plugins import all_rules

SNAPSHOTS = ROOT / "tests" / "snapshots"
UPDATE = os.environ.get("TF2LINT_UPDATE_SNAPSHOTS") == "1"
RULES = [r for r in all_rules() if r.__module__.startswith("tf2lint.rules")]


def _tf2lint(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["check", "--no-cache", "--jobs", "1", *args])
    return code, out.getvalue()


def render(rule, folder: Path) -> tuple[str, dict[str, int]]:
    """The snapshot text of ``rule`` on its fixtures, copied to ``folder``, and the exit
    codes of each command."""
    for which, path in rule.fixtures().items():
        target = folder / "fixtures" / rule.id / f"{which}.py"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)
    bad, good = f"fixtures/{rule.id}/bad.py", f"fixtures/{rule.id}/good.py"
    select = ("--select", rule.id, "--preview") if rule.preview else ("--select", rule.id)
    commands = {
        "findings": (*select, bad),
        "safe fixes": (*select, "--diff", bad),
        "unsafe fixes": (*select, "--diff", "--unsafe-fixes", bad),
        "good": (*select, good),
    }
    parts = [f"---\nsource: tests/test_snapshots.py\nrule: {rule.id} {rule.name}\n---\n"]
    codes = {}
    for title, args in commands.items():
        code, output = _tf2lint(*args)
        codes[title] = code
        shown = output if output.strip() else "(nothing)\n"
        parts.append(f"## tf2lint check {' '.join(args)}\n## exit {code}\n{shown}\n")
    return "".join(parts), codes


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_rule_output_matches_its_snapshot(rule, tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text("[tool.tf2lint]\n")
    monkeypatch.chdir(tmp_path)
    text, codes = render(rule, tmp_path)
    # What a snapshot must show whatever it pins: the bad fixture has findings of this rule,
    # the good one has none.
    assert codes["findings"] == 1 and f": {rule.id} " in text, f"{rule.id} is silent on bad.py"
    assert codes["good"] == 0, f"{rule.id} fires on good.py"
    path = SNAPSHOTS / f"{rule.id}.snap"
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text)
        return
    assert path.exists(), f"no snapshot: TF2LINT_UPDATE_SNAPSHOTS=1 pytest {__file__}"
    expected = path.read_text()
    if text != expected:
        diff = "".join(
            difflib.unified_diff(expected.splitlines(True), text.splitlines(True), str(path), "now")
        )
        pytest.fail(f"{rule.id} output changed (TF2LINT_UPDATE_SNAPSHOTS=1 to accept):\n{diff}")


def test_every_snapshot_belongs_to_a_rule():
    ids = {r.id for r in RULES}
    stale = [p.name for p in SNAPSHOTS.glob("*.snap") if p.stem not in ids]
    assert not stale, f"snapshots of rules that no longer exist: {stale}"

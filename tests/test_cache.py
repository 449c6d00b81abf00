"""The results cache: hits, misses on every input of the key, --no-cache, corrupt entries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli
from tf2lint import runner
from tf2lint.cache import CACHE_DIR
from tf2lint.plugins import all_rules
from tf2lint.runner import Settings, run

BAD_PRINT = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"
UNUSED = "import tensorflow as tf\nx = tf.constant(1)  # tf2lint: disable=TF201\n"


@pytest.fixture
def linted(monkeypatch) -> list[Path]:
    """The paths actually linted (not answered from the cache), in order."""
    seen: list[Path] = []
    real = runner.lint_file

    def counting(path: Path, settings: Settings):
        seen.append(path)
        return real(path, settings)

    monkeypatch.setattr(runner, "lint_file", counting)
    return seen


def settings_for(root: Path, **kwargs) -> Settings:
    return Settings(rules=list(all_rules()), root=root, **kwargs)


def dicts(result) -> list[dict]:
    return [d.to_dict() for d in result.diagnostics]


def entries(root: Path) -> list[Path]:
    return sorted((root / CACHE_DIR).rglob("*.json"))


def test_second_run_is_answered_from_the_cache(project, linted):
    bad = project / "train.py"
    bad.write_text(BAD_PRINT)
    (project / "ok.py").write_text("x = 1\n")
    settings = settings_for(project)
    first = run([bad, project / "ok.py"], settings, jobs=1)
    assert [d.rule for d in first.diagnostics] == ["TF201"]
    assert len(linted) == 2 and len(entries(project)) == 2
    linted.clear()
    second = run([bad, project / "ok.py"], settings, jobs=1)
    assert linted == []
    assert dicts(second) == dicts(first)
    (d,) = second.diagnostics
    assert d.fix is not None and d.fix.applicability == "unsafe"
    assert second.outcomes[0].source_lines() == BAD_PRINT.splitlines()  # source frames work


def test_changed_content_misses(project, linted):
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    settings = settings_for(project)
    run([path], settings, jobs=1)
    path.write_text(BAD_PRINT.replace("print(x)", "tf.print(x)"))
    linted.clear()
    assert run([path], settings, jobs=1).diagnostics == []
    assert linted == [path]


def test_rule_set_and_settings_changes_miss(project, linted):
    path = project / "train.py"
    path.write_text(UNUSED)
    run([path], settings_for(project), jobs=1)
    linted.clear()
    # another rule set
    fewer = Settings(rules=[r for r in all_rules() if r.id != "TF201"], root=project)
    run([path], fewer, jobs=1)
    assert linted == [path]
    # a setting that changes results
    linted.clear()
    result = run([path], settings_for(project, report_unused_suppressions=True), jobs=1)
    assert linted == [path]
    assert [d.rule for d in result.diagnostics] == ["unused-suppression"]
    # per-file ignores change the rules that apply to the file
    linted.clear()
    ignoring = settings_for(project, per_file_ignores={"train.py": ["TF2"]})
    run([path], ignoring, jobs=1)
    assert linted == [path]
    # and each of those is now cached under its own key
    linted.clear()
    again = run([path], settings_for(project, report_unused_suppressions=True), jobs=1)
    assert linted == [] and [d.rule for d in again.diagnostics] == ["unused-suppression"]


def test_no_cache_lints_everything_and_writes_nothing(project, linted):
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    settings = settings_for(project)
    for _ in range(2):
        assert [d.rule for d in run([path], settings, jobs=1, cache=False).diagnostics] == ["TF201"]
    assert linted == [path, path]
    assert not (project / CACHE_DIR).exists()


def test_cli_no_cache_flag(project):
    (project / "train.py").write_text(BAD_PRINT)
    result = run_cli("check", "--no-cache", cwd=project)
    assert result.returncode == 1 and "TF201" in result.stdout
    assert not (project / CACHE_DIR).exists()
    cached = run_cli("check", cwd=project)
    again = run_cli("check", cwd=project)
    assert cached.stdout == again.stdout == result.stdout
    assert len(entries(project)) == 1


@pytest.mark.parametrize(
    "garbage",
    [b"", b"{not json", b'{"key": "someone else", "diagnostics": []}', b"[1, 2]", b"\xff\xfe"],
)
def test_corrupt_entry_is_ignored_and_rewritten(project, linted, garbage):
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    settings = settings_for(project)
    first = run([path], settings, jobs=1)
    (entry,) = entries(project)
    entry.write_bytes(garbage)
    linted.clear()
    assert dicts(run([path], settings, jobs=1)) == dicts(first)
    assert linted == [path]
    linted.clear()
    assert dicts(run([path], settings, jobs=1)) == dicts(first)
    assert linted == []  # rewritten by the second run


def test_entry_with_wrong_fields_is_ignored(project, linted):
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    settings = settings_for(project)
    run([path], settings, jobs=1)
    (entry,) = entries(project)
    key = entry.stem
    entry.write_text(json.dumps({"key": key, "diagnostics": [{"line": 1}]}))
    linted.clear()
    assert [d.rule for d in run([path], settings, jobs=1).diagnostics] == ["TF201"]
    assert linted == [path]


def test_gitignore_inside_the_cache(project):
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    run([path], settings_for(project), jobs=1)
    ignore = project / CACHE_DIR / ".gitignore"
    lines = [x for x in ignore.read_text().splitlines() if not x.startswith("#")]
    assert lines == ["*"]


def test_fix_bypasses_cached_fixable_results(project, linted):
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    run([path], settings_for(project), jobs=1)  # caches a fixable (unsafe) finding
    linted.clear()
    fixing = settings_for(project, fix=True, unsafe_fixes=True)
    result = run([path], fixing, jobs=1)
    assert linted == [path]
    assert result.fixed == 1 and "tf.print(x)" in path.read_text()


def test_parallel_run_uses_and_fills_the_cache(project, linted):
    paths = []
    for i in range(10):
        path = project / f"m{i}.py"
        path.write_text((BAD_PRINT if i % 2 else "x = 1\n") + f"# file {i}\n")
        paths.append(path)
    settings = settings_for(project)
    first = run(paths, settings, jobs=2)
    assert len(entries(project)) == 10
    second = run(paths, settings, jobs=2)
    assert linted == []  # the parent process answered every file
    assert dicts(second) == dicts(first) and len(first.diagnostics) == 5


def test_a_fully_cached_run_never_loads_libcst(project):
    """Start-up is most of a warm run; libcst's import alone is a tenth of a second."""
    (project / "train.py").write_text(BAD_PRINT)
    code = (
        "import sys\nfrom tf2lint.cli import main\n"
        "code = main(['check', '--jobs', '1', '--format', 'json', '.'])\n"
        "print('LOADED' if 'libcst._nodes.base' in sys.modules else 'NOT LOADED')\n"
        "sys.exit(0 if code == 1 else 3)\n"
    )
    import subprocess
    import sys

    def once() -> str:
        result = subprocess.run(
            [sys.executable, "-c", code], cwd=project, capture_output=True, text=True
        )
        assert result.returncode == 0, result.stderr + result.stdout
        return result.stdout.strip().splitlines()[-1]

    assert once() == "LOADED"  # linting needs it
    assert once() == "NOT LOADED"  # answering from the cache does not


def test_a_cached_notebook_keeps_its_cells(project, linted):
    """Its findings point into cells (and, for annotations, into the JSON's own lines)."""
    cell = {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None}
    notebook = {
        "cells": [{**cell, "source": BAD_PRINT.splitlines(keepends=True)}],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = project / "nb.ipynb"
    path.write_text(json.dumps(notebook, indent=1))
    settings = settings_for(project)
    first = run([path], settings, jobs=1)
    second = run([path], settings, jobs=1)
    assert len(linted) == 1 and len(entries(project)) == 1
    assert dicts(second) == dicts(first) and first.diagnostics[0].cell == 1
    for field in ("cell_lines", "json_lines"):
        assert getattr(second.outcomes[0], field) == getattr(first.outcomes[0], field)

"""The results cache: hits, misses on every input of the key, --no-cache, corrupt entries."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import json_findings, run_cli
from tf2lint.linting.plugins import all_rules
from tf2lint.run import runner
from tf2lint.run.cache import CACHE_DIR, FORMAT
from tf2lint.run.replay import RUNS
from tf2lint.run.runner import Settings, run

BAD_PRINT = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"
UNUSED = "import tensorflow as tf\nx = tf.constant(1)  # tf2lint: disable=TF201\n"


class Linted(list):
    """The paths runs actually linted (not answered from the cache), in order."""

    def run(self, paths: list[Path], settings: Settings, **kwargs):
        result = run(paths, settings, **kwargs)
        self.extend(p for p, o in zip(paths, result.outcomes, strict=True) if not o.cached)
        return result


@pytest.fixture
def linted() -> Linted:
    return Linted()


def settings_for(root: Path, **kwargs) -> Settings:
    return Settings(rules=list(all_rules()), root=root, **kwargs)


def dicts(result) -> list[dict]:
    return [d.to_dict() for d in result.diagnostics]


def entries(root: Path) -> list[Path]:
    """The per-file entries (not the runs replay records: tests/test_replay.py)."""
    return sorted(p for p in (root / CACHE_DIR).rglob("*.json") if p.parent.name != RUNS)


def test_second_run_is_answered_from_the_cache(project, linted):
    bad = project / "train.py"
    bad.write_text(BAD_PRINT)
    (project / "ok.py").write_text("x = 1\n")
    settings = settings_for(project)
    first = linted.run([bad, project / "ok.py"], settings, jobs=1)
    assert [d.rule for d in first.diagnostics] == ["TF201"]
    assert len(linted) == 2 and len(entries(project)) == 2
    linted.clear()
    second = linted.run([bad, project / "ok.py"], settings, jobs=1)
    assert linted == []
    assert dicts(second) == dicts(first)
    (d,) = second.diagnostics
    assert d.fix is not None and d.fix.applicability == "unsafe"
    assert second.outcomes[0].source_lines() == BAD_PRINT.splitlines()  # source frames work


def test_changed_content_misses(project, linted):
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    settings = settings_for(project)
    linted.run([path], settings, jobs=1)
    path.write_text(BAD_PRINT.replace("print(x)", "tf.print(x)"))
    linted.clear()
    assert linted.run([path], settings, jobs=1).diagnostics == []
    assert linted == [path]


def test_rule_set_and_settings_changes_miss(project, linted):
    path = project / "train.py"
    path.write_text(UNUSED)
    linted.run([path], settings_for(project), jobs=1)
    linted.clear()
    # another rule set
    fewer = Settings(rules=[r for r in all_rules() if r.id != "TF201"], root=project)
    linted.run([path], fewer, jobs=1)
    assert linted == [path]
    # a setting that changes results
    linted.clear()
    result = linted.run([path], settings_for(project, report_unused_suppressions=True), jobs=1)
    assert linted == [path]
    assert [d.rule for d in result.diagnostics] == ["TF000"]
    # per-file ignores change the rules that apply to the file
    linted.clear()
    ignoring = settings_for(project, per_file_ignores={"train.py": ["TF2"]})
    linted.run([path], ignoring, jobs=1)
    assert linted == [path]
    # and each of those is now cached under its own key
    linted.clear()
    again = linted.run([path], settings_for(project, report_unused_suppressions=True), jobs=1)
    assert linted == [] and [d.rule for d in again.diagnostics] == ["TF000"]


def test_no_cache_lints_everything_and_writes_nothing(project, linted):
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    settings = settings_for(project)
    for _ in range(2):
        result = linted.run([path], settings, jobs=1, cache=False)
        assert [d.rule for d in result.diagnostics] == ["TF201"]
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
    first = linted.run([path], settings, jobs=1)
    (entry,) = entries(project)
    entry.write_bytes(garbage)
    linted.clear()
    assert dicts(linted.run([path], settings, jobs=1)) == dicts(first)
    assert linted == [path]
    linted.clear()
    assert dicts(linted.run([path], settings, jobs=1)) == dicts(first)
    assert linted == []  # rewritten by the second run


def test_entry_with_wrong_fields_is_ignored(project, linted):
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    settings = settings_for(project)
    linted.run([path], settings, jobs=1)
    (entry,) = entries(project)
    key = entry.stem
    entry.write_text(json.dumps({"key": key, "diagnostics": [{"line": 1}]}))
    linted.clear()
    assert [d.rule for d in linted.run([path], settings, jobs=1).diagnostics] == ["TF201"]
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
    linted.run([path], settings_for(project), jobs=1)  # caches a fixable (unsafe) finding
    linted.clear()
    fixing = settings_for(project, fix=True, unsafe_fixes=True)
    result = linted.run([path], fixing, jobs=1)
    assert linted == [path]
    assert result.fixed == 1 and "tf.print(x)" in path.read_text()


def test_parallel_run_uses_and_fills_the_cache(project, linted):
    paths = []
    for i in range(10):
        path = project / f"m{i}.py"
        path.write_text((BAD_PRINT if i % 2 else "x = 1\n") + f"# file {i}\n")
        paths.append(path)
    settings = settings_for(project)
    first = linted.run(paths, settings, jobs=2)
    assert len(entries(project)) == 10 and len(linted) == 10
    linted.clear()
    second = linted.run(paths, settings, jobs=2)
    assert linted == []  # the parent process answered every file
    assert dicts(second) == dicts(first) and len(first.diagnostics) == 5


def test_a_fully_cached_run_never_loads_libcst(project):
    """Start-up is most of a warm run; libcst's import alone is a tenth of a second."""
    (project / "train.py").write_text(BAD_PRINT)
    code = (
        "import sys\nfrom tf2lint.commands.cli import main\n"
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
    first = linted.run([path], settings, jobs=1)
    second = linted.run([path], settings, jobs=1)
    assert len(linted) == 1 and len(entries(project)) == 1
    assert dicts(second) == dicts(first) and first.diagnostics[0].cell == 1
    for field in ("cell_lines", "json_lines"):
        assert getattr(second.outcomes[0], field) == getattr(first.outcomes[0], field)


# --- the key covers every input, each file is read once, malformed entries are misses -----------

EAGER = "import tensorflow as tf\ntf.config.run_functions_eagerly(True)\n"


def test_the_path_is_part_of_the_key(project, linted, monkeypatch):
    """TF903 is silent in test files: an identical non-test file must not get their result."""
    (project / "tests").mkdir()
    test_file, lib = project / "tests" / "test_lib.py", project / "lib.py"
    test_file.write_text(EAGER)
    lib.write_text(EAGER)
    monkeypatch.chdir(project)  # the rules see paths as shown, relative to the working folder
    settings = settings_for(project)
    assert linted.run([Path("tests/test_lib.py")], settings, jobs=1).diagnostics == []
    result = linted.run([Path("lib.py")], settings, jobs=1)
    assert [d.rule for d in result.diagnostics] == ["TF903"]
    assert linted == [Path("tests/test_lib.py"), Path("lib.py")]


def test_each_file_is_read_once_and_cached_under_what_was_linted(project, monkeypatch):
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    log = project / "opened.log"  # a file: the workers are other processes
    real_open = os.open

    def logging_open(name, flags, *args, **kwargs):
        if str(name).endswith("train.py"):
            with open(log, "a") as handle:
                handle.write(f"{os.getpid()}\n")
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", logging_open)  # forked workers inherit it
    result = run([path], settings_for(project), jobs=1)
    assert [d.rule for d in result.diagnostics] == ["TF201"]
    # Opened once, by this process, for the key; the worker that linted it got those bytes.
    assert log.read_text().split() == [str(os.getpid())]


def test_a_file_changed_during_the_run_is_cached_with_the_content_that_was_linted(project):
    """The worker lints the bytes the key was made of, not what is on disk by then."""
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    settings = settings_for(project)
    real_lint = runner._lint_task

    def edit_then_lint(state, task):
        path.write_text("x = 1\n")  # the user saves while tf2lint runs
        return real_lint(state, task)

    runner._lint_task, saved = edit_then_lint, real_lint
    try:
        first = run([path], settings, jobs=1)
    finally:
        runner._lint_task = saved
    assert [d.rule for d in first.diagnostics] == ["TF201"]  # what was read
    path.write_text(BAD_PRINT)  # back to the content that was linted: a hit, same findings
    second = run([path], settings, jobs=1)
    assert second.outcomes[0].cached and dicts(second) == dicts(first)
    path.write_text("x = 1\n")  # the other content: a miss, and its own findings
    third = run([path], settings, jobs=1)
    assert not third.outcomes[0].cached and third.diagnostics == []


@pytest.mark.parametrize(
    "change",
    [
        {"line": "x"},
        {"line": True},
        {"column": None},
        {"message": 3},
        {"fix": {"applicability": "always", "description": "d"}},
        {"fix": "yes"},
        {"cell": "2"},
    ],
)
def test_an_entry_with_wrong_types_is_a_miss_never_a_crash(project, linted, change):
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    settings = settings_for(project)
    first = linted.run([path], settings, jobs=1)
    (entry,) = entries(project)
    data = json.loads(entry.read_text())
    data["diagnostics"][0].update(change)
    entry.write_text(json.dumps(data))
    linted.clear()
    again = linted.run([path], settings, jobs=1)
    assert dicts(again) == dicts(first) and linted == [path]


def test_malformed_notebook_cells_in_an_entry_are_a_miss(project, linted):
    cell = {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None}
    notebook = {"cells": [{**cell, "source": BAD_PRINT}], "metadata": {}, "nbformat": 4}
    path = project / "nb.ipynb"
    path.write_text(json.dumps(notebook))
    settings = settings_for(project)
    first = linted.run([path], settings, jobs=1)
    (entry,) = entries(project)
    data = json.loads(entry.read_text())
    data["cells"]["cell_lines"] = {"1": [1, 2]}
    entry.write_text(json.dumps(data))
    linted.clear()
    assert dicts(linted.run([path], settings, jobs=1)) == dicts(first) and linted == [path]


@pytest.mark.parametrize("which", [CACHE_DIR, f"{CACHE_DIR}/v{FORMAT}"])
def test_a_cache_folder_that_is_a_symlink_is_never_followed(project, tmp_path_factory, which):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    if which != CACHE_DIR:
        (project / CACHE_DIR).mkdir()
    (project / which).symlink_to(elsewhere, target_is_directory=True)
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    settings = settings_for(project)
    for _ in range(2):
        result = run([path], settings, jobs=1)
        assert [d.rule for d in result.diagnostics] == ["TF201"]
        assert not result.outcomes[0].cached
    assert list(elsewhere.iterdir()) == []  # nothing written through the link


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "huge"])
def test_an_entry_that_is_no_regular_file_is_a_miss_without_blocking(project, linted, kind):
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    settings = settings_for(project)
    first = linted.run([path], settings, jobs=1)
    (entry,) = entries(project)
    entry.unlink()
    if kind == "fifo":
        os.mkfifo(entry)
    elif kind == "dev-zero":
        entry.symlink_to("/dev/zero")
    else:
        with open(entry, "wb") as handle:
            handle.truncate(1 << 30)  # sparse: no disk used
    linted.clear()
    assert dicts(linted.run([path], settings, jobs=1)) == dicts(first)
    assert linted == [path]


@pytest.mark.parametrize("how", ["flag", "environment"])
def test_a_cache_dir_naming_the_project_writes_no_gitignore_there(project, how):
    import subprocess

    (project / "train.py").write_text(BAD_PRINT)
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    args, env = ["check", ".", "--format", "json"], dict(os.environ)
    if how == "flag":
        args += ["--cache-dir", "."]
    else:
        env["TF2LINT_CACHE_DIR"] = str(project)
    for _ in range(2):  # the second run would lint nothing if git ignored everything
        result = run_cli(*args, cwd=project, env=env)
        assert [d["rule"] for d in json_findings(result.stdout, project)] == ["TF201"]
    assert not (project / ".gitignore").exists()
    assert (project / f"v{FORMAT}").is_dir()


def test_a_configured_empty_cache_dir_gets_its_gitignore(project):
    (project / "train.py").write_text(BAD_PRINT)
    (project / "cache").mkdir()
    run_cli("check", ".", "--cache-dir", "cache", cwd=project)
    assert (project / "cache" / ".gitignore").is_file()


def test_a_rules_helpers_and_data_are_part_of_its_stamp(tmp_path, monkeypatch):
    """A rule's results depend on the modules and tables beside it (the built-in rules' shared
    helpers in rules/common.py, the knowledge base in data/): editing one in a checkout must
    miss the cache, as editing the rule's own module does."""
    from tf2lint.run import cache

    package = tmp_path / "myrules"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "helpers.py").write_text("LIMIT = 1\n")
    (package / "data" / "table.json").write_text("{}\n")
    (package / "rule.py").write_text(
        "from tf2lint import Rule\n\n\nclass Mine(Rule):\n    id = 'XMINE'\n    name = 'mine'\n"
        "    category = 'api-misuse'\n    message = 'm'\n    rationale = 'r'\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    from myrules.rule import Mine

    def stamp() -> str:
        cache._folder_stamp.cache_clear()
        return cache._rule_stamp(Mine)

    first = stamp()
    (package / "helpers.py").write_text("LIMIT = 10\n")
    second = stamp()
    (package / "data" / "table.json").write_text('{"a": 1}\n')
    third = stamp()
    assert len({first, second, third}) == 3
    assert "data/tf_knowledge.json" in cache._sources_stamp()
    assert "analysis/model.py" in cache._sources_stamp()  # every floor package's modules

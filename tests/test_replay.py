"""A read-only check run over an unchanged tree is printed again from its record (tf2lint.run.replay),
and any change its answer depends on makes it a full run again.

The runs are in-process (``tf2lint.__main__.main``, as the installed command runs it). Whether
an answer was replayed is told without a clock: a record's text is replaced by a marker that only
a replay can print. A record is not trusted within two seconds of a change (a change in the same
clock tick can keep a stamp); the tests set that window to zero, except the one that checks it.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

import tf2lint
from tf2lint import __main__ as entry
from tf2lint.commands.resolve import run_dependencies
from tf2lint.linting.plugins import all_rules
from tf2lint.run import replay

BAD = "import tensorflow as tf\n\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"
MARKER = "replayed\n"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "pyproject.toml").write_text("[tool.tf2lint]\n")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "train.py").write_text(BAD)
    (tmp_path / "pkg" / "data.py").write_text("X = 1\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(replay, "_RACY_NS", 0)
    return tmp_path


def check(capsys, *args: str) -> tuple[int, str]:
    code = entry_main(["check", *args])
    return code, capsys.readouterr().out


def entry_main(argv: list[str]) -> int:
    saved = sys.argv
    sys.argv = ["tf2lint", *argv]
    try:
        return entry.main()
    finally:
        sys.argv = saved


def records(tree: Path) -> list[Path]:
    return sorted((tree / ".tf2lint_cache" / replay.RUNS).glob("*.json"))


def mark(tree: Path) -> None:
    """Replace the one record's output by MARKER: only a replay prints it."""
    (record,) = records(tree)
    data = json.loads(record.read_text())
    data["stdout"] = MARKER
    record.write_text(json.dumps(data))


def recorded(capsys, tree: Path, *args: str) -> tuple[int, str]:
    code, out = check(capsys, *args)
    mark(tree)
    return code, out


def test_an_unchanged_run_is_printed_again(capsys, tree):
    code, out = recorded(capsys, tree, ".")
    assert code == 1 and "TF201" in out
    assert check(capsys, ".") == (1, MARKER)
    assert check(capsys, ".", "--output-format", "concise")[1] != MARKER  # other arguments


@pytest.mark.parametrize(
    "change",
    [
        lambda t: (t / "pkg" / "train.py").write_text(BAD.replace("print(x)", "x = x")),
        lambda t: (t / "pkg" / "data.py").write_text("X = 2\n"),  # same size: ctime differs
        lambda t: (t / "pkg" / "new.py").write_text(BAD),
        lambda t: (t / "pkg" / "sub").mkdir() or (t / "pkg" / "sub" / "m.py").write_text(BAD),
        lambda t: (t / "pkg" / "data.py").unlink(),
        lambda t: (t / "pyproject.toml").write_text("[tool.tf2lint]\nignore = ['TF201']\n"),
        lambda t: (t / "pkg" / "pyproject.toml").write_text("[tool.tf2lint]\n"),
        lambda t: (t / "pkg" / ".gitignore").write_text("train.py\n"),
    ],
    ids=[
        "edited",
        "same-size",
        "file-added",
        "folder-added",
        "file-removed",
        "config-edited",
        "config-added-below",
        "gitignore-added",
    ],
)
def test_a_change_the_answer_depends_on_is_a_full_run(capsys, tree, change):
    recorded(capsys, tree, ".")
    assert check(capsys, ".")[1] == MARKER
    change(tree)
    assert check(capsys, ".")[1] != MARKER


def test_a_change_above_the_project_is_a_full_run(capsys, tree, monkeypatch):
    (tree / "pyproject.toml").unlink()  # no configuration: every folder above is looked at
    monkeypatch.chdir(tree / "pkg")
    recorded(capsys, tree / "pkg", ".")
    assert check(capsys, ".")[1] == MARKER
    (tree / "tf2lint.toml").write_text("ignore = ['TF201']\n")
    assert check(capsys, ".") == (0, "All checks passed!\n")


@pytest.mark.parametrize(
    "args",
    [["--fix"], ["--no-cache"], ["--verbose"], ["--add-noqa"], ["--output-file", "out.txt"]],
)
def test_runs_that_write_or_say_more_are_never_recorded(capsys, tree, args):
    check(capsys, ".", *args)
    assert records(tree) == []


def test_a_run_over_files_changed_just_now_is_not_recorded(capsys, tree, monkeypatch):
    monkeypatch.setattr(replay, "_RACY_NS", 60 * 1_000_000_000)
    (tree / "pkg" / "train.py").write_text(BAD)
    check(capsys, ".")
    assert records(tree) == []


def test_a_record_that_cannot_be_read_is_a_full_run(capsys, tree):
    recorded(capsys, tree, ".")
    (record,) = records(tree)
    record.write_text('{"exit": 7, "stamps": {}')
    code, out = check(capsys, ".")
    assert code == 1 and "TF201" in out


def test_a_run_whose_cache_dir_is_set_by_a_configuration_file_is_not_recorded(capsys, tree):
    (tree / "pyproject.toml").write_text("[tool.tf2lint]\ncache-dir = 'elsewhere'\n")
    os.utime(tree / "pyproject.toml", (time.time() - 60,) * 2)
    check(capsys, ".")
    assert not list((tree / "elsewhere").glob(f"{replay.RUNS}/*.json"))


def test_a_recorded_run_depends_on_every_module_and_data_file_of_tf2lint_and_its_rules():
    """The record is replayed only while tf2lint's own code is unchanged: its modules on every
    floor (loaded by this run or not), its data, and the built-in rules' modules and tables."""
    package = Path(tf2lint.__file__).parent
    rules = Path(sys.modules[all_rules()[0].__module__].__file__).parent
    paths = run_dependencies([], [], Path.cwd(), all_rules())
    for needed in (
        package / "analysis" / "model.py",
        package / "analysis",
        package / "data" / "tf_knowledge.json",
        package / "run" / "replay.py",
        rules / "common.py",
        rules / "data",
    ):
        assert str(needed) in paths, needed
    assert not any("__pycache__" in p for p in paths)

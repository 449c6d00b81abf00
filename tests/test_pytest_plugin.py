"""``pytest --tf2lint`` (runtime_check/pytest_plugin.py): off unless asked; on, a small project's
test suite (tests/data/harness_project: a custom loop, a Dataset.map, a Keras model with fit) is
run under the harness, which reports its retraces with their causes, fails on a threshold,
writes valid SARIF, and with ``--tf2lint-fix`` writes input signatures after which every
function traces once and the tests compute the same results."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import jsonschema
import pytest

from conftest import ROOT

PROJECT = ROOT / "tests" / "data" / "harness_project"
SCHEMA = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())


def pytest_run(folder: Path, *args: str, results: Path | None = None):
    """The project's own tests, in a new interpreter, as a user runs them."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "TF2LINT_"))}
    if results is not None:
        env["TINYPROJ_RESULTS"] = str(results)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def small_project(tmp_path: Path, table: str = "") -> Path:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.pytest.ini_options]\naddopts = "-p no:cacheprovider"\n' + table
    )
    (tmp_path / "test_nothing_loaded.py").write_text(
        textwrap.dedent(
            """\
            import sys


            def test_neither_tensorflow_nor_the_harness_is_loaded():
                loaded = [m for m in sys.modules if m == "tensorflow" or
                          m.startswith("tf2lint.runtime_check.") and m != "tf2lint.runtime_check.pytest_plugin"]
                assert loaded == []
            """
        )
    )
    return tmp_path


def test_the_plugin_is_registered_for_pytest():
    from importlib.metadata import entry_points

    [entry] = [e for e in entry_points(group="pytest11") if e.name == "tf2lint"]
    assert entry.value == "tf2lint.runtime_check.pytest_plugin"


def test_off_unless_asked_it_loads_neither_tensorflow_nor_the_harness(tmp_path):
    done = pytest_run(small_project(tmp_path))
    assert done.returncode == 0, done.stdout[-2000:]
    assert "tf2lint" not in done.stdout
    # an explicit --no-tf2lint wins over the table
    folder = small_project(tmp_path / "table", "[tool.tf2lint.trace]\nmax-retraces = 0\n")
    done = pytest_run(folder, "--no-tf2lint")
    assert done.returncode == 0 and "tf2lint" not in done.stdout, done.stdout[-2000:]


def test_a_trace_table_with_an_unknown_key_stops_the_session(tmp_path):
    folder = small_project(tmp_path, "[tool.tf2lint.trace]\nmax-retrace = 1\n")
    done = pytest_run(folder)
    assert done.returncode == pytest.ExitCode.USAGE_ERROR
    assert "unknown key `max-retrace`" in done.stderr


def test_a_session_that_never_imports_tensorflow_says_so(tmp_path):
    folder = small_project(tmp_path, "[tool.tf2lint.trace]\n")
    (folder / "test_nothing_loaded.py").write_text("def test_plain():\n    assert 1 + 1 == 2\n")
    done = pytest_run(folder)
    assert done.returncode == 0, done.stdout[-2000:]
    assert "tf2lint: the tests never imported TensorFlow" in done.stdout


# --- the small project, under TensorFlow ---------------------------------------------------------


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The project's tests run plainly, under the harness with a threshold and SARIF, fixed with
    --tf2lint-fix, and under the harness again after the fix: each run's results kept."""
    pytest.importorskip("tensorflow", reason="the runtime harness needs TensorFlow")
    folder = tmp_path_factory.mktemp("harness") / "project"
    shutil.copytree(PROJECT, folder)
    results = folder.parent
    plain = pytest_run(folder, results=results / "plain.json")
    traced = pytest_run(
        folder, "--tf2lint", "--tf2lint-max-retraces", "1", "--tf2lint-format", "sarif",
        "--tf2lint-output", "reports/trace.sarif", results=results / "traced.json",
    )  # fmt: skip
    sources = {p.name: p.read_text() for p in (folder / "tinyproj").glob("*.py")}
    fixed = pytest_run(folder, "--tf2lint", "--tf2lint-fix", results=results / "fixing.json")
    after = pytest_run(
        folder, "--tf2lint", "--tf2lint-no-lines", "--tf2lint-format", "trace-json",
        "--tf2lint-output", "after.json",
        results=results / "after.json.results",
    )  # fmt: skip
    return {
        "folder": folder,
        "results": results,
        "plain": plain,
        "traced": traced,
        "sources": sources,
        "fixed": fixed,
        "after": after,
    }


@pytest.mark.tensorflow
def test_a_threshold_exceeded_fails_a_session_whose_tests_pass(runs):
    plain, traced = runs["plain"], runs["traced"]
    assert plain.returncode == 0 and "tf2lint" not in plain.stdout, plain.stdout[-3000:]
    assert "4 passed" in traced.stdout and traced.returncode == 1, traced.stdout[-3000:]
    assert "FAILED: max-retraces = 1 exceeded `embed`: 4" in traced.stdout
    # the terminal gets the text report, the file the chosen format
    assert "retrace at tests/test_features.py:7: ids: shape (2,) -> (3,)" in traced.stdout
    assert "the sarif report is in" in traced.stdout


@pytest.mark.tensorflow
def test_the_sarif_report_is_valid_and_names_each_retrace_with_its_cause(runs):
    log = json.loads((runs["folder"] / "reports" / "trace.sarif").read_text())
    jsonschema.validate(log, SCHEMA)
    results = [
        (
            r["ruleId"],
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
            r["message"]["text"],
        )
        for r in log["runs"][0]["results"]
    ]
    retraced = {(uri, line): text for rule, uri, line, text in results if rule == "TFR001"}
    assert set(retraced) == {
        ("tinyproj/features.py", 9),  # embed: ids of every length
        ("tinyproj/train.py", 16),  # Trainer.train_step: the last batch is smaller
        ("tinyproj/train.py", 25),  # pooled: padded to each batch's longest
    }
    assert "4 retraces (ids: shape (2,) -> (3,)" in retraced[("tinyproj/features.py", 9)]
    assert "x: shape (4, 1) -> (2, 1); y: shape (4,) -> (2,)" in retraced[("tinyproj/train.py", 16)]
    assert [(uri, line) for rule, uri, line, _ in results if rule == "TFR003"] == [
        ("tinyproj/features.py", 9)
    ]
    # the print of the Dataset.map function, found statically and seen to run only while tracing
    [printed] = [text for rule, uri, line, text in results if rule == "TF201"]
    assert "seen at run time: printed once, only while tracing" in printed
    # only the project's own code: none of TensorFlow's, Keras' or tf.data's; in the tests,
    # the static TF598 on the call whose varying lengths the retraces of `embed` show
    assert {uri for _, uri, _, _ in results} == {"tinyproj/features.py", "tinyproj/train.py",
                                                 "tinyproj/data.py", "tests/test_features.py"}  # fmt: skip
    assert {rule for rule, uri, _, _ in results if uri.startswith("tests/")} == {"TF598"}
    rules = {r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]}
    assert {"TFR001", "TFR003", "TF201"} <= rules


@pytest.mark.tensorflow
def test_the_fix_makes_each_function_trace_once_with_the_same_results(runs):
    fixed, after, folder = runs["fixed"], runs["after"], runs["folder"]
    assert fixed.returncode == 0, fixed.stdout[-3000:]
    assert fixed.stdout.count("(written, and the run again confirmed it: no retrace") == 3
    changed = {
        name for name, text in runs["sources"].items()
        if (folder / "tinyproj" / name).read_text() != text
    }  # fmt: skip
    assert changed == {"features.py", "train.py"}
    assert (
        "@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.int32)])\ndef embed("
        in ((folder / "tinyproj" / "features.py").read_text())
    )
    assert after.returncode == 0, after.stdout[-3000:]
    report = json.loads((folder / "after.json").read_text())
    assert report["watched_lines"] == 0  # --tf2lint-no-lines: no line counted while tracing
    traces = {f["name"]: [e["kind"] for e in f["events"]] for f in report["functions"] if f["user"]}
    # a Keras model builds its variables on the first call: one more trace, no retrace
    assert traces == {
        "embed": ["first"],
        "pooled": ["first"],
        "Trainer.train_step": ["first", "variable-creation"],
    }
    computed = {
        name: json.loads((runs["results"] / f"{name}.json").read_text())
        for name in ("plain", "traced", "fixing")
    }
    computed["after"] = json.loads((runs["results"] / "after.json.results").read_text())
    assert set(computed["plain"]) == {"custom_loop_losses", "embeddings", "fit_loss",
                                      "fit_predictions", "scores"}  # fmt: skip
    assert all(result == computed["plain"] for result in computed.values())

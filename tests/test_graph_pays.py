"""Where a graph would pay (runtime_check/graphs.py, eager.py): which functions may be timed as
tf.functions, decided before the run by tf2lint's own rules, and, under real TensorFlow, the
programs of tests/data/graph_pays timed eagerly and as graphs on the inputs they produced.
The speed-ups themselves are timings (benchmarks/run.py --graphs prints them); a test asserts
what was measured and compared, never how fast."""

from __future__ import annotations

import ast
import contextlib
import json
import runpy
import shutil
import sys
from pathlib import Path

import pytest

from conftest import ROOT, run_cli
from tf2lint.linting.plugins import all_rules
from tf2lint.runtime_check import eager, graphs

DATA = ROOT / "tests" / "data" / "graph_pays"
PROGRAMS = sorted(p for p in DATA.glob("*.py") if p.name != "run_all.py")


def declared(path: Path, name: str) -> list[str]:
    """A program's PAYS, NOT_LISTED or NOT_COMPARED list."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == name:
            return ast.literal_eval(node.value)
    return []


def expected(name: str) -> set[tuple[str, str]]:
    return {(p.name, f) for p in PROGRAMS for f in declared(p, name)}


@pytest.fixture(scope="module")
def static():
    rules = list(all_rules())
    return {(Path(c.file).name, c.name): c for c in graphs.candidates(PROGRAMS, rules)}


def test_at_least_five_programs_each_name_what_must_pay():
    assert len(expected("PAYS")) >= 5
    assert len({program for program, _ in expected("PAYS")}) >= 5


def test_functions_that_call_tensorflow_eagerly_are_candidates(static):
    for key in expected("PAYS") | expected("NOT_COMPARED"):
        assert key in static, key
        assert static[key].excluded is None, (key, static[key].excluded)
    # a function that reaches TensorFlow only through another of its module counts too
    assert static[("particle_step.py", "verlet_step")].excluded is None


def test_a_pitfall_found_when_linted_as_a_tf_function_rules_a_candidate_out(static):
    reasons = {key: static[key].excluded for key in expected("NOT_LISTED")}
    assert all(reasons.values()), reasons
    assert "TF201" in reasons[("pitfalls.py", "log_loss")]  # print runs once, while tracing
    # the tensor appended to a list outside: the list grows once, while tracing (and holds
    # a symbolic tensor)
    assert (
        "TF202" in reasons[("pitfalls.py", "collect")]
        and "history" in reasons[("pitfalls.py", "collect")]
    )
    assert reasons[("pitfalls.py", "jitter")].startswith("linted as a tf.function, TF8")


def test_traced_functions_and_functions_without_tensorflow_are_no_candidates(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(
        "import tensorflow as tf\n\n\n@tf.function\ndef traced(x):\n    return tf.abs(x)\n\n\n"
        "def plain(x):\n    return x + 1\n\n\ndef helper(x):\n    return tf.abs(x)\n\n\n"
        "def gen(x):\n    yield tf.abs(x)\n"
    )
    found = {c.name for c in graphs.candidates([path], list(all_rules()))}
    assert found == {"helper"}


def test_a_script_calling_what_it_just_defined_in_a_loop_is_timed_on_each_call(
    tmp_path, monkeypatch
):
    """No timer decides it: with the periodic scan off, the module's own run is watched."""
    monkeypatch.setattr(eager, "SCAN_SECONDS", 3600.0)
    script = tmp_path / "loop.py"
    script.write_text(
        "class Scaler:\n    @staticmethod\n    def scale(x):\n        return 2 * x\n\n\n"
        "def step(x):\n    return x + 1\n\n\n"
        "total = sum(step(i) + Scaler.scale(i) for i in range(25))\n"
    )
    candidates = [
        {"file": str(script), "line": 3, "name": "Scaler.scale"},
        {"file": str(script), "line": 7, "name": "step"},
    ]
    probe = eager.EagerProbe(candidates, str(tmp_path), lambda: True, contextlib.nullcontext)
    probe.start()
    try:
        runpy.run_path(str(script))
    finally:
        probe.stop()
    calls = {s.candidate["name"]: s.calls for s in probe.stats.values()}
    assert calls == {"Scaler.scale": 25, "step": 25}  # the loop entered its frame first
    assert sys.getprofile() is None


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    """Every program run once in one interpreter under `tf2lint trace --measure`."""
    pytest.importorskip("tensorflow", reason="the runtime harness needs TensorFlow")
    folder = tmp_path_factory.mktemp("graph_pays") / "programs"
    shutil.copytree(DATA, folder)
    done = run_cli(
        "trace", "--measure", "--format", "json", "--root", str(folder), "--",
        sys.executable, str(folder / "run_all.py"), cwd=folder,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    return {(Path(g["file"]).name, g["name"]): g for g in report["graphs"]}


@pytest.mark.tensorflow
def test_each_function_that_should_pay_is_listed_measured_with_the_same_results(measured):
    for key in expected("PAYS"):
        entry = measured.get(key)
        assert entry is not None, key
        assert entry["calls"] >= 10 and entry["eager_call_seconds"] > 0, entry
        # "measured" is given only after the graph returned what eager returned on those inputs
        result = entry["measured"]
        assert result["status"] == "measured", (key, result)
        assert result["graph_call_seconds"] > 0 and result["runs"] >= 5
        assert result["speedup"] == pytest.approx(
            result["eager_call_seconds"] / result["graph_call_seconds"]
        )
        assert not result["retraced"]


@pytest.mark.tensorflow
def test_nothing_whose_conversion_would_change_results_is_measured(measured):
    for key in expected("NOT_LISTED"):
        assert key not in measured, key
    for key in expected("NOT_COMPARED"):
        entry = measured[key]
        assert entry["measured"]["status"] == "not compared", entry
        assert "different results" in entry["measured"]["reason"]
        assert not entry["pays"]

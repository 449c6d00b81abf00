"""Evidence on findings (why traced, why this value) in every output, and --preview for the
findings whose evidence has a gap."""

from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema

from conftest import json_findings, lint, run_cli
from tf2lint.linting.rule import Diagnostic, Evidence, Step

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())

PROGRAM = """import tensorflow as tf

calls = 0


def log_step(x):
    print("step", x)
    return x


@tf.function
def train_step(x):
    global calls
    calls += 1
    return log_step(x * 2)


class Runner:
    def __init__(self):
        self.ready = False

    @tf.function
    def run(self, x):
        self.ready = True
        return x


for _ in range(3):
    train_step(tf.constant(1.0))
print(calls)
"""


def _check(project: Path, *args: str) -> dict:
    (project / "prog.py").write_text(PROGRAM)
    done = run_cli("check", "prog.py", "--select", "TF201,TF202", *args, cwd=project)
    assert done.returncode in (0, 1), done.stderr
    return done


def test_json_carries_why_the_code_is_traced_and_why_the_value(project):
    stdout = _check(project, "--output-format", "json", "--preview").stdout
    output_schema = json.loads((ROOT / "docs" / "json-output.schema.json").read_text())
    jsonschema.validate(json.loads(stdout), output_schema)  # evidence and preview as documented
    found = json_findings(_check(project, "--output-format", "json").stdout, project)
    by_rule = {d["rule"]: d for d in found}
    printed = by_rule["TF201"]["evidence"]
    assert [(s["message"], s["location"]["row"]) for s in printed["traced"]] == [
        ("`log_step` is called from traced `train_step`", 6),
        ("`train_step` is decorated with @tf.function", 12),
    ]
    counter = by_rule["TF202"]["evidence"]
    assert [s["location"]["row"] for s in counter["value"]] == [14, 30]  # accumulates; read
    assert "gap" not in counter


def test_a_finding_with_a_gap_needs_preview(project):
    """`self.ready = True` is set once, not accumulated: nothing shows it is wrong."""
    default = json_findings(_check(project, "--output-format", "json").stdout, project)
    assert 24 not in [d["line"] for d in default]
    shown = json_findings(_check(project, "--output-format", "json", "--preview").stdout, project)
    [ready] = [d for d in shown if d["line"] == 24]
    assert ready["evidence"]["gap"].startswith("a value set, not accumulated")
    (project / "pyproject.toml").write_text("[tool.tf2lint]\npreview = true\n")
    configured = json_findings(_check(project, "--output-format", "json").stdout, project)
    assert 24 in [d["line"] for d in configured]


def test_show_evidence_prints_each_step_under_its_finding(project):
    text = _check(project, "--show-evidence").stdout
    assert "  = traced: `log_step` is called from traced `train_step` (prog.py:6)" in text
    assert "  = traced: `train_step` is decorated with @tf.function (prog.py:12)" in text
    assert "  = value: code outside traced functions reads it (prog.py:30)" in text


def test_sarif_shows_the_chain_as_related_locations_and_a_code_flow(project):
    log = json.loads(_check(project, "--output-format", "sarif").stdout)
    jsonschema.validate(log, SCHEMA)
    printed = next(r for r in log["runs"][0]["results"] if r["ruleId"] == "TF201")
    assert [
        loc["physicalLocation"]["region"]["startLine"] for loc in printed["relatedLocations"]
    ] == [
        6,
        12,
    ]
    flow = printed["codeFlows"][0]["threadFlows"][0]["locations"]
    lines = [step["location"]["physicalLocation"]["region"]["startLine"] for step in flow]
    assert lines == [12, 6, 7]  # from the tf.function in, to the print


def test_evidence_survives_the_cache_round_trip():
    evidence = Evidence((Step("`f` is decorated with @tf.function", 3),), (), "a gap")
    d = Diagnostic(
        "a.py", 4, 5, 4, 9, "TF201", "n", "side-effect", "warning", "m", evidence=evidence
    )
    again = Diagnostic.from_dict(json.loads(json.dumps(d.to_dict())))
    assert again.evidence == evidence and again.preview


def test_the_editor_gets_the_evidence_as_related_information():
    from tf2lint.server.lsp import _Positions, _related_information

    evidence = Evidence(
        (Step("`f` is called from traced `g`", 2), Step("`g` is in another module")),
        (Step("the list changes here", 3, 5),),
    )
    d = Diagnostic(
        "a.py", 3, 5, 3, 9, "TF202", "n", "side-effect", "warning", "m", evidence=evidence
    )
    related = _related_information(d, _Positions("a\nb\n    c\n", "utf-16"), "file:///a.py")
    assert [(r.message, r.location.range.start.line) for r in related] == [
        ("`f` is called from traced `g`", 1),  # 0-based in the LSP
        ("the list changes here", 2),
    ]


REPLACED = """import types

import tensorflow as tf
from tensorflow import keras


class {name}(keras.metrics.Metric):
    def __new__(cls, *args, **kwargs):
        obj = super().__new__(cls)
        eager = obj.update_state

        def update_state_fn(self, y_true, y_pred, sample_weight=None):
            return tf.py_function(func=eager, inp=[y_true, y_pred], Tout=[])

        {replace}
        return obj

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seen = []

    def update_state(self, y_true, y_pred, sample_weight=None):
        print("batch", y_true.shape)
        self.seen.append(y_true.numpy())

    def result(self):
        return tf.constant(len(self.seen), tf.float32)
"""


def test_a_method_the_class_replaces_on_its_instances_is_not_proven_traced_by_keras():
    """Keras calls `metric.update_state`, which `__new__` replaced by an eager wrapper: that
    Keras traces the class's own `update_state` is unproven (shown only with --preview)."""
    kept = lint(REPLACED.format(name="Kept", replace="obj.other = update_state_fn"))
    assert {(d.rule, d.line) for d in kept if not d.preview} >= {("TF201", 23), ("TF801", 24)}
    for replace in (
        "obj.update_state = types.MethodType(update_state_fn, obj)",
        'setattr(obj, "update_state", types.MethodType(update_state_fn, obj))',
    ):
        found = lint(REPLACED.format(name="OnHost", replace=replace))
        assert [d for d in found if d.line in (23, 24) and not d.preview] == []
        shown = {d.rule: d for d in found if d.line in (23, 24)}
        assert {"TF201", "TF801"} <= set(shown)
        assert shown["TF201"].evidence.gap.startswith("`OnHost` sets `update_state` on its")


# --- a chain that crosses modules: each link with its own file and line ----------------------

HELPERS = 'def log_step(x):\n    print("step", x)\n    return x\n'
TRAIN = """import tensorflow as tf

from pkg.helpers import log_step


def outer(x):
    return log_step(x)


class Trainer:
    @tf.function
    def train_step(self, x):
        return outer(x * 2)
"""


def _package(project: Path) -> None:
    (project / "pkg").mkdir()
    (project / "pkg" / "__init__.py").write_text("")
    (project / "pkg" / "helpers.py").write_text(HELPERS)
    (project / "pkg" / "train.py").write_text(TRAIN)


def _step(step: dict, own: str, project: Path) -> tuple:
    """A JSON evidence step as (message, file relative to the project or None for the finding's
    own, row, column)."""
    where = None if step["filename"] == own else os.path.relpath(step["filename"], project)
    return (step["message"], where, step["location"]["row"], step["location"]["column"])


CROSS_FILE_CHAIN = [
    # the link another module makes: at its call there, not at the helper's `def`
    ("`log_step` is called from traced `pkg.train.outer`", "pkg/train.py", 7, 12),
    (
        "`pkg.train.outer` is called from traced `pkg.train.Trainer.train_step`",
        "pkg/train.py",
        6,
        1,
    ),
    ("`pkg.train.Trainer.train_step` is decorated with @tf.function", "pkg/train.py", 12, 5),
]


def test_json_names_the_other_modules_links_with_their_file_and_line(project):
    _package(project)
    # the whole package, or one file in its program; afresh, then filling and reading the cache
    for args in (["--no-cache", "pkg"], ["--no-cache", "pkg/helpers.py"], ["pkg"], ["pkg"]):
        done = run_cli("check", "--output-format", "json", *args, cwd=project)
        [finding] = json_findings(done.stdout, project)
        steps = finding["evidence"]["traced"]
        assert [_step(s, finding["filename"], project) for s in steps] == CROSS_FILE_CHAIN


def test_sarif_related_locations_point_into_the_other_module(project):
    _package(project)
    log = json.loads(run_cli("check", "--output-format", "sarif", "pkg", cwd=project).stdout)
    jsonschema.validate(log, SCHEMA)
    [result] = log["runs"][0]["results"]
    related = [
        (
            loc["physicalLocation"]["artifactLocation"]["uri"],
            loc["physicalLocation"]["region"]["startLine"],
        )
        for loc in result["relatedLocations"]
    ]
    assert related == [("pkg/train.py", 7), ("pkg/train.py", 6), ("pkg/train.py", 12)]
    flow = result["codeFlows"][0]["threadFlows"][0]["locations"]
    assert [s["location"]["physicalLocation"]["artifactLocation"]["uri"] for s in flow] == [
        "pkg/train.py",
        "pkg/train.py",
        "pkg/train.py",
        "pkg/helpers.py",
    ]


def test_definition_lines_key_functions_as_the_summary_does():
    import ast

    from tf2lint.analysis.project import definition_lines

    source = (
        "def f():\n    def g():\n        pass\n"
        "class A:\n    def m(self):\n        pass\n"
        "if x:\n    def f():\n        pass\n"
        "    async def h():\n        pass\n"
    )
    assert definition_lines(ast.parse(source)) == {
        "f": (1, 1),
        "f.<locals>.g": (2, 5),
        "A.m": (5, 5),
        "f#2": (8, 5),
        "h": (10, 5),
    }


def test_each_link_of_a_chain_across_modules_points_at_the_call_that_makes_it(project):
    (project / "train.py").write_text(
        "import tensorflow as tf\n\nfrom helpers import log_step\n\n\n"
        "@tf.function\ndef step(x):\n    return log_step(x * 2)\n"
    )
    (project / "helpers.py").write_text(
        "import tensorflow as tf\n\nfrom util import record\n\n\n"
        "def log_step(x):\n    return record(x)\n"
    )
    (project / "util.py").write_text(
        "import tensorflow as tf\n\n\ndef record(x):\n    print(x)\n    return x\n"
    )
    result = run_cli("check", "--no-cache", "--output-format", "json", cwd=project)
    (finding,) = json.loads(result.stdout)
    steps = [
        (Path(s["filename"]).name, s["location"]["row"], s["location"]["column"], s["message"])
        for s in finding["evidence"]["traced"]
    ]
    assert steps == [
        ("helpers.py", 7, 12, "`record` is called from traced `helpers.log_step`"),
        ("train.py", 8, 12, "`helpers.log_step` is called from traced `train.step`"),
        ("train.py", 7, 1, "`train.step` is decorated with @tf.function"),
    ]

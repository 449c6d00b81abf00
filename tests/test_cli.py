"""The tf2lint command: formats, exit codes, selection, configuration, suppressions."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from conftest import FIXTURES, ROOT, json_findings, run_cli

BAD_PRINT = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"


@pytest.fixture
def bad_file(project: Path) -> Path:
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    return path


def test_text_output_has_location_frame_and_summary(bad_file, project):
    result = run_cli("check", "train.py", cwd=project)
    assert result.returncode == 1
    assert "TF201 `print` in traced `step`" in result.stdout  # ruff 0.17's layout
    assert "\n --> train.py:5:5\n" in result.stdout
    assert "5 |     print(x)\n" in result.stdout
    assert "  |     ^^^^^^^^\n" in result.stdout
    assert "help: replace with `tf.print`\n" in result.stdout
    assert "note: This is an unsafe fix and may change runtime behavior\n" in result.stdout
    assert result.stdout.endswith(
        "Found 1 error.\n1 unsafe fix available with `--fix --unsafe-fixes`.\n"
    )


def test_clean_code_exits_zero(project):
    (project / "ok.py").write_text("import tensorflow as tf\nx = tf.constant(1)\n")
    result = run_cli("check", cwd=project)
    assert result.returncode == 0, result.stdout
    assert "All checks passed" in result.stdout


def test_exit_zero(bad_file, project):
    assert run_cli("check", "--exit-zero", cwd=project).returncode == 0


def test_json_output(bad_file, project):
    result = run_cli("check", "--format", "json", cwd=project)
    (d,) = json.loads(result.stdout)
    assert d == {
        "code": "TF201",
        "message": "`print` in traced `step` runs only while tracing; use `tf.print`",
        "filename": str((project / "train.py").resolve()),
        "location": {"row": 5, "column": 5},
        "end_location": {"row": 5, "column": 13},
        "fix": {
            "applicability": "unsafe",
            "message": "replace with `tf.print`",
            "edits": [
                {
                    "content": "tf.print(x)",
                    "location": {"row": 5, "column": 5},
                    "end_location": {"row": 5, "column": 13},
                }
            ],
        },
        "noqa_row": 5,
        "url": None,
        "cell": None,
        "name": "print-in-traced-code",
        "category": "side-effect",
        "severity": "warning",
        "evidence": {  # why it is traced: tf2lint's own field, in ruff's terms
            "traced": [
                {
                    "message": "`step` is decorated with @tf.function",
                    "filename": d["filename"],
                    "location": {"row": 4, "column": 1},
                }
            ],
            "value": [],
        },
    }
    lines = run_cli("check", "--format", "json-lines", cwd=project).stdout.splitlines()
    assert [json.loads(line) for line in lines] == [d]


def test_sarif_output_is_valid_sarif_2_1_0(project):
    for rule_dir in ("TF201", "TF301", "TF401"):
        (project / f"{rule_dir}.py").write_text((FIXTURES / rule_dir / "bad.py").read_text())
    result = run_cli("check", "--format", "sarif", cwd=project)
    log = json.loads(result.stdout)
    schema = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())
    jsonschema.validate(log, schema)
    run = log["runs"][0]
    # TF401's fixture retraces on purpose, with new shapes: TF598 says so
    assert {r["ruleId"] for r in run["results"]} == {"TF201", "TF301", "TF401", "TF598"}
    assert all(
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        for r in run["results"]
    )
    assert run["tool"]["driver"]["rules"][0]["help"]["text"]


def test_github_annotations(bad_file, project):
    result = run_cli("check", "--format", "github", cwd=project)
    assert result.stdout.startswith(
        "::warning file=train.py,line=5,col=5,endLine=5,endColumn=13,title=TF201::"
    )


@pytest.mark.parametrize("selector", ["TF201", "TF2", "side-effect", "print-in-traced-code"])
def test_select_by_id_prefix_category_or_name(bad_file, project, selector):
    assert run_cli("check", "--select", selector, cwd=project).returncode == 1


@pytest.mark.parametrize("selector", ["TF201", "TF2", "side-effect"])
def test_ignore_by_id_prefix_or_category(bad_file, project, selector):
    assert run_cli("check", "--ignore", selector, cwd=project).returncode == 0


def test_unknown_selector_is_a_usage_error(bad_file, project):
    result = run_cli("check", "--select", "NOPE9", cwd=project)
    assert result.returncode == 2 and "NOPE9" in result.stderr


def test_statistics_count_per_rule_without_listing_the_findings(bad_file, project):
    result = run_cli("check", "--statistics", cwd=project)
    assert result.stdout == (
        "1\tTF201\tprint-in-traced-code\n"
        "Found 1 error.\n"
        "1 unsafe fix available with `--fix --unsafe-fixes`.\n"
    )
    assert result.returncode == 1


def test_config_file_select_ignore_and_cli_override(bad_file, project):
    (project / "pyproject.toml").write_text('[tool.tf2lint]\nignore = ["TF201"]\n')
    assert run_cli("check", cwd=project).returncode == 0
    # as in ruff: --ignore adds to the file's ignore; --select starts afresh
    assert run_cli("check", "--ignore", "TF3", cwd=project).returncode == 0
    assert run_cli("check", "--select", "TF2", cwd=project).returncode == 1


def test_config_per_file_ignores_and_exclude(bad_file, project):
    (project / "pyproject.toml").write_text(
        '[tool.tf2lint]\nper-file-ignores = {"train.py" = ["side-effect"]}\n'
    )
    assert run_cli("check", cwd=project).returncode == 0
    (project / "pyproject.toml").write_text('[tool.tf2lint]\nexclude = ["train.py"]\n')
    assert run_cli("check", cwd=project).returncode == 0
    # a file named explicitly is linted even when excluded, as in ruff
    assert run_cli("check", "train.py", cwd=project).returncode == 1


@pytest.mark.parametrize(
    "table, key",
    [
        ('selec = ["TF2"]', "selec"),
        ('select = "TF2"', "select"),
        ('target-tensorflow = "1.15"', "target-tensorflow"),
        ('per-file-ignores = ["x"]', "per-file-ignores"),
    ],
)
def test_bad_config_names_the_key(bad_file, project, table, key):
    (project / "pyproject.toml").write_text(f"[tool.tf2lint]\n{table}\n")
    result = run_cli("check", cwd=project)
    assert result.returncode == 2
    assert f"`{key}`" in result.stderr and "pyproject.toml" in result.stderr


def test_suppression_comments(project):
    (project / "a.py").write_text(
        BAD_PRINT.replace("print(x)", "print(x)  # tf2lint: disable=TF201")
    )
    (project / "b.py").write_text(
        BAD_PRINT.replace("    print(x)", "    # tf2lint: disable=TF201\n    print(x)")
    )
    (project / "c.py").write_text("# tf2lint: disable-file=TF201\n" + BAD_PRINT)
    (project / "d.py").write_text(BAD_PRINT.replace("print(x)", "print(x)  # noqa: TF201"))
    (project / "e.py").write_text(BAD_PRINT.replace("print(x)", "print(x)  # noqa: E501"))
    result = run_cli("check", "--format", "json", cwd=project)
    paths = [d["path"] for d in json_findings(result.stdout, project)]
    assert paths == ["e.py"]


def test_unused_suppressions_are_reported_on_request(project):
    (project / "a.py").write_text("x = 1  # tf2lint: disable=TF401\n")
    assert run_cli("check", cwd=project).returncode == 0
    result = run_cli("check", "--report-unused-suppressions", cwd=project)
    assert result.returncode == 1
    assert "TF000 [*] suppression of TF401 matches no finding" in result.stdout
    assert " --> a.py:1:8\n" in result.stdout


def test_rules_json_lists_metadata():
    data = json.loads(run_cli("rules", "--format", "json").stdout)
    rule = next(r for r in data if r["id"] == "TF201")
    assert rule == {
        "id": "TF201",
        "name": "print-in-traced-code",
        "category": "side-effect",
        "severity": "warning",
        "fix": "unsafe",
        "summary": rule["summary"],
        "since_tensorflow": None,
        "default": True,
        "preview": False,
    }
    assert next(r for r in data if r["id"] == "TF861")["preview"] is True  # a rule in preview
    assert next(r for r in data if r["id"] == "TF997")["preview"] is False  # measured 0 false


def test_explain_prints_docs_and_fixtures_without_the_harness_lines():
    result = run_cli("explain", "TF201")
    assert result.returncode == 0
    for heading in ("What it does", "Why is this bad?", "Example", "Use instead", "Fix safety"):
        assert f"## {heading}" in result.stdout
    bad = (FIXTURES / "TF201" / "bad.py").read_text()
    example = bad.split("\n\n\ndef exercise")[0].replace(
        'RUNTIME_CHECK = {"observe": "output", "marker": "loss:"}\n\n', ""
    )
    assert "RUNTIME_CHECK" in bad and "def exercise" in bad  # the harness's, in the fixture
    assert f"```python\n{example}\n```" in result.stdout  # ... not in the example
    assert "RUNTIME_CHECK" not in result.stdout and "exercise" not in result.stdout
    assert run_cli("explain", "TF999").returncode == 2


@pytest.mark.parametrize("spelling", ["tf201", "Tf201", "PRINT-IN-TRACED-CODE"])
def test_explain_takes_ids_and_names_in_any_case(spelling):
    result = run_cli("explain", spelling)
    assert result.returncode == 0 and result.stdout.startswith("TF201 print-in-traced-code")


def test_explain_keeps_exercise_when_it_is_the_example():
    # TF001's finding (Keras 2's `reset_states()`) is in `exercise`: there it is user code
    result = run_cli("explain", "TF001")
    assert "train_loss.reset_states()" in result.stdout and "RUNTIME_CHECK" not in result.stdout


def test_version():
    result = run_cli("--version")
    assert result.returncode == 0 and result.stdout.startswith("tf2lint ")


def test_linting_never_imports_tensorflow(project):
    for rule_dir in ("TF201", "TF401"):
        (project / f"{rule_dir}.py").write_text((FIXTURES / rule_dir / "bad.py").read_text())
    code = (
        "import sys\nfrom tf2lint.commands.cli import main\n"
        "code = main(['check', '--jobs', '1', '.'])\n"
        "assert 'tensorflow' not in sys.modules, 'tensorflow was imported'\n"
        "sys.exit(0 if code == 1 else 3)\n"
    )
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", code], cwd=project, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr + result.stdout


def test_rules_off_by_default_run_only_when_selected(project):
    (project / "net.py").write_text(
        "import tensorflow as tf\n\n"
        "class Net(tf.keras.layers.Layer):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.drop = tf.keras.layers.Dropout(0.5)\n\n"
        "    def call(self, x):\n"
        "        return self.drop(x)\n"
    )
    assert run_cli("check", cwd=project).returncode == 0
    for selector in ("TF906", "ALL", "api-misuse"):
        result = run_cli("check", "--select", selector, cwd=project)
        assert "TF906" in result.stdout, selector
    listed = json.loads(run_cli("rules", "--format", "json").stdout)
    assert next(r for r in listed if r["id"] == "TF906")["default"] is False

"""`tf2lint explain FILE:LINE[:COL] [RULE]`: one finding's evidence chain, each step located."""

from __future__ import annotations

import json

from test_evidence import PROGRAM

from conftest import run_cli
from tf2lint.linting.rule import Diagnostic, Evidence, Step
from tf2lint.reports.explain import Place, explanation, findings_at


def _explain(project, *args: str):
    (project / "prog.py").write_text(PROGRAM)
    return run_cli("explain", *args, cwd=project)


def test_explain_prints_why_traced_with_the_file_and_line_of_each_step(project):
    result = _explain(project, "prog.py:7")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("prog.py:7:5: TF201 [print-in-traced-code] `print` in traced")
    steps = [line.split(None, 2)[1:] for line in lines if line.startswith("  ")]
    assert steps == [
        ["prog.py:6:1", "`log_step` is called from traced `train_step`"],
        ["prog.py:12:1", "`train_step` is decorated with @tf.function"],
    ]


def test_explain_names_where_the_value_comes_from_and_a_gap(project):
    result = _explain(project, "prog.py:24:9", "python-state-mutation-in-traced-code")
    assert result.returncode == 0, result.stderr
    assert "  1. prog.py:24:9  attribute `self.ready` is set here" in result.stdout
    assert "Gap (shown only with --preview): a value set, not accumulated" in result.stdout
    # the same command line as check's: --preview is accepted, and explains the same
    with_preview = _explain(project, "prog.py:24:9", "--preview")
    assert with_preview.returncode == 0, with_preview.stderr
    assert "  1. prog.py:24:9  attribute `self.ready` is set here" in with_preview.stdout


def test_explain_agrees_with_check_json_evidence(project):
    """The steps explain prints are the finding's evidence that `check` reports."""
    (project / "prog.py").write_text(PROGRAM)
    found = json.loads(run_cli("check", "--format", "json", "prog.py", cwd=project).stdout)
    [accumulated] = [d for d in found if d["code"] == "TF202"]
    row = accumulated["location"]["row"]
    shown = run_cli("explain", f"prog.py:{row}", "TF202", cwd=project).stdout
    for step in accumulated["evidence"]["traced"] + accumulated["evidence"]["value"]:
        row, column = step["location"]["row"], step["location"]["column"]
        assert f"prog.py:{row}:{column}  {step['message']}" in shown


def test_no_finding_at_the_place_is_exit_1_and_says_so(project):
    result = _explain(project, "prog.py:3")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == "tf2lint: no finding at prog.py:3\n"
    assert _explain(project, "prog.py:7:1").returncode == 1  # a column outside its span
    assert _explain(project, "prog.py:7", "TF202").returncode == 1  # another rule


def test_a_missing_file_is_a_usage_error(project):
    result = run_cli("explain", "nowhere.py:3", cwd=project)
    assert result.returncode == 2
    assert "nowhere.py: no such file" in result.stderr


def test_a_rule_alone_still_explains_the_rule(project):
    assert run_cli("explain", "TF201").stdout == run_cli("rule", "TF201").stdout != ""


def test_places_parse_as_check_prints_them():
    assert Place.parse("a/b.py:12") == Place(Place.parse("a/b.py:1").path, 12)
    assert Place.parse("b.py:12:5").column == 5
    notebook = Place.parse("nb.ipynb:cell 3:4:2")
    assert (notebook.cell, notebook.line, notebook.column) == (3, 4, 2)
    assert Place.parse("TF201") is None


def _finding(evidence: Evidence | None, column: int = 5) -> Diagnostic:
    return Diagnostic(
        "m.py", 7, column, 7, column + 3, "TF201", "print-in-traced-code", "side-effect",
        "warning", "`print` in traced `f`", evidence=evidence,
    )  # fmt: skip


def test_a_step_in_another_module_shows_that_modules_file_and_line():
    evidence = Evidence(
        traced=(
            Step("`f` is called from traced `step`", 3, 1),
            Step("`step` is decorated with @tf.function", 10, 5, path="pkg/train.py"),
        )
    )
    text = explanation(_finding(evidence))
    assert "  2. pkg/train.py:10:5  `step` is decorated with @tf.function" in text


def test_a_finding_without_evidence_says_it_rests_on_its_own_line():
    assert "No evidence chain" in explanation(_finding(None))


def test_several_findings_on_a_line_are_told_apart_by_column_and_rule():
    one, two = _finding(None, 1), _finding(None, 20)
    place = Place.parse("m.py:7:21")
    assert findings_at(place, None, [one, two]) == [two]
    assert findings_at(Place.parse("m.py:7"), "tf201", [two, one]) == [one, two]

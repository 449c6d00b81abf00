"""GitHub annotations and SARIF: escaping, locations, rule metadata, fixes, schema validity."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import jsonschema
import pytest

from conftest import ROOT, run_cli
from tf2lint.linting.plugins import all_rules
from tf2lint.linting.rule import Diagnostic, Fix
from tf2lint.reports.output import (
    Style,
    TextOptions,
    _escape_data,
    _escape_property,
    summary_lines,
    use_color,
    write_github,
    write_sarif,
    write_text,
)
from tf2lint.run.runner import FileOutcome, RunResult

SCHEMA = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text())
NASTY = "100% sure: a, b\r\nnext line %0A not decoded\n::error::injected"
BAD_PRINT = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"


def _diagnostic(**changes) -> Diagnostic:
    values = dict(
        path="dir, with: odd%name/t.py",
        line=3,
        column=2,
        end_line=4,
        end_column=7,
        rule="TF201",
        name="print-in-traced-code",
        category="side-effect",
        severity="warning",
        message=NASTY,
    )
    values.update(changes)
    return Diagnostic(**values)


def _github(*diagnostics: Diagnostic) -> str:
    out = io.StringIO()
    write_github(RunResult([FileOutcome(d.path, [d]) for d in diagnostics]), out)
    return out.getvalue()


def test_escaping_follows_githubs_rules():
    assert _escape_data("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad:e,f"
    assert _escape_property("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad%3Ae%2Cf"
    # `%` first: an escape sequence already in the text must not be decoded by the runner.
    assert _escape_data("%0A") == "%250A"


def test_github_annotation_with_nasty_message_and_path():
    out = _github(_diagnostic())
    assert out.count("\n") == 1  # one annotation, one line: no CR or LF leaks out
    head, message = out.rstrip("\n").split("::", 2)[1:]
    assert head == (
        "warning file=dir%2C with%3A odd%25name/t.py,line=3,col=2,endLine=4,endColumn=7,title=TF201"
    )
    assert message == ("100%25 sure: a, b%0D%0Anext line %250A not decoded%0A::error::injected")


def test_github_levels_and_fix_note():
    out = _github(
        _diagnostic(severity="error", message="m", fix=Fix("unsafe", "replace with `tf.print`")),
        _diagnostic(path="b.py", severity="info", message="m"),
    )
    second, first = out.splitlines()  # sorted by path
    assert first.startswith("::error ") and first.endswith(
        "::m%0Afix (unsafe): replace with `tf.print`"
    )
    assert second.startswith("::notice ")


def test_github_notebook_findings_keep_cell_and_land_on_the_notebooks_line(project):
    shutil.copyfile(
        ROOT / "tests" / "data" / "notebooks" / "one_space_lists.ipynb", project / "nb.ipynb"
    )
    result = run_cli("check", "--format", "github", cwd=project)
    assert result.returncode == 1
    (line,) = result.stdout.splitlines()
    text = (project / "nb.ipynb").read_text().splitlines()
    json_line = next(i for i, t in enumerate(text, 1) if "    print(x)" in t)
    assert line.startswith(f"::warning file=nb.ipynb,line={json_line},title=TF201 in cell 4::")
    assert "::cell 4, line 4, column 5: `print` in traced `step`" in line


@pytest.fixture
def sarif_project(project: Path) -> Path:
    (project / "src dir").mkdir()
    (project / "src dir" / "train.py").write_text(BAD_PRINT + BAD_PRINT.split("\n\n", 1)[1])
    (project / "broken.py").write_text("def f(:\n")
    shutil.copyfile(
        ROOT / "tests" / "data" / "notebooks" / "two_space_strings.ipynb", project / "nb.ipynb"
    )
    return project


def _sarif(project: Path, *args: str, cwd: Path | None = None) -> dict:
    result = run_cli("check", "--format", "sarif", *args, cwd=cwd or project)
    log = json.loads(result.stdout)
    jsonschema.validate(log, SCHEMA)
    return log


def test_sarif_is_valid_and_upload_ready(sarif_project):
    log = _sarif(sarif_project)
    (run,) = log["runs"]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == sarif_project.resolve().as_uri() + "/"
    assert run["columnKind"] == "unicodeCodePoints"
    uris = {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]
    }
    assert uris == {"src%20dir/train.py", "broken.py", "nb.ipynb"}
    assert all(
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        for r in run["results"]
    )
    # Two identical findings in one file get different fingerprints.
    prints = [r for r in run["results"] if r["ruleId"] == "TF201" and "train" in json.dumps(r)]
    assert len(prints) == 2
    assert len({r["partialFingerprints"]["tf2lint/v1"] for r in prints}) == 2


def test_sarif_paths_are_relative_to_the_project_root_from_a_subfolder(sarif_project):
    log = _sarif(sarif_project, "train.py", cwd=sarif_project / "src dir")
    (result, _) = log["runs"][0]["results"]
    location = result["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "src%20dir/train.py", "uriBaseId": "%SRCROOT%"}


def test_sarif_rule_metadata(sarif_project):
    log = _sarif(sarif_project)
    driver = log["runs"][0]["tool"]["driver"]
    rules = {r["id"]: r for r in driver["rules"]}
    assert set(rules) >= {r.id for r in all_rules() if r.default_enabled} | {"syntax-error"}
    tf201 = rules["TF201"]
    assert tf201["name"] == "print-in-traced-code"
    assert tf201["defaultConfiguration"]["level"] == "warning"
    assert "tf.function" in tf201["help"]["text"]
    assert "## Use instead" in tf201["help"]["markdown"]
    assert tf201["properties"]["tags"] == ["side-effect"]
    for result in log["runs"][0]["results"]:
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]


def test_sarif_fix_replaces_the_reported_span(sarif_project):
    log = _sarif(sarif_project)
    result = next(
        r for r in log["runs"][0]["results"] if "train" in json.dumps(r) and r["ruleId"] == "TF201"
    )
    (fix,) = result["fixes"]
    assert fix["description"]["text"] == "replace with `tf.print` (unsafe fix)"
    (change,) = fix["artifactChanges"]
    (replacement,) = change["replacements"]
    assert replacement["deletedRegion"] == {
        "startLine": 5,
        "startColumn": 5,
        "endLine": 5,
        "endColumn": 13,
    }
    assert replacement["insertedContent"]["text"] == "tf.print(x)"
    assert result["properties"]["fix"]["applicability"] == "unsafe"


def test_sarif_notebook_result_keeps_cell_position(sarif_project):
    log = _sarif(sarif_project)
    result = next(r for r in log["runs"][0]["results"] if "nb.ipynb" in json.dumps(r["locations"]))
    assert result["properties"]["cell"] == 4 and result["properties"]["line"] == 4
    assert result["message"]["text"].startswith("cell 4, line 4: ")
    region = result["locations"][0]["physicalLocation"]["region"]
    text = (sarif_project / "nb.ipynb").read_text().splitlines()
    assert "print(x)" in text[region["startLine"] - 1]


def test_sarif_with_nasty_message_stays_valid(tmp_path):
    d = _diagnostic(
        path=str(tmp_path / "dir, with: odd%name" / "t.py"), message=NASTY + ' "quoted" \\ \x00'
    )
    out = io.StringIO()
    write_sarif(RunResult([FileOutcome(d.path, [d])]), out, all_rules(), tmp_path)
    log = json.loads(out.getvalue())
    jsonschema.validate(log, SCHEMA)
    (result,) = log["runs"][0]["results"]
    assert result["message"]["text"] == d.message
    assert result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == (
        "dir%2C%20with%3A%20odd%25name/t.py"
    )


def test_sarif_fixes_survive_parallel_workers(project):
    # With 8+ files the run uses worker processes, which cannot send libcst edits back.
    for i in range(9):
        (project / f"train_{i}.py").write_text(BAD_PRINT)
    log = _sarif(project, "--jobs", "2")
    results = log["runs"][0]["results"]
    assert len(results) == 9
    assert all(r["fixes"][0]["artifactChanges"][0]["replacements"] for r in results)


# --- the text formats: ruff's summary, colour ----------------------------------------------------


def _run_with(*fixes: str | None, fixed_by_rule: dict | None = None) -> RunResult:
    diagnostics = [
        _diagnostic(path="t.py", message="m", fix=Fix(kind, "do it") if kind else None)
        for kind in fixes
    ]
    return RunResult([FileOutcome("t.py", diagnostics, fixed_by_rule=fixed_by_rule or {})])


@pytest.mark.parametrize(
    "fixes, options, expected",
    [
        ((), TextOptions(), ["All checks passed!"]),
        ((None,), TextOptions(), ["Found 1 error."]),
        (
            ("safe", "unsafe", "unsafe", None),
            TextOptions(),
            [
                "Found 4 errors.",
                "[*] 1 fixable with `--fix` (2 unsafe fixes available with `--fix --unsafe-fixes`).",
            ],
        ),
        (
            ("unsafe",),
            TextOptions(),
            [
                "Found 1 error.",
                "1 unsafe fix available with `--fix --unsafe-fixes`.",
            ],
        ),
        (
            ("safe", "unsafe"),
            TextOptions(unsafe_fixes=True),
            ["Found 2 errors.", "[*] 2 fixable with `--fix`."],
        ),
        (("unsafe",), TextOptions(unsafe_fixes=False), ["Found 1 error."]),
    ],
)
def test_summary_lines_follow_ruff(fixes, options, expected):
    assert summary_lines(_run_with(*fixes), options) == expected


def test_summary_after_fixing_counts_findings():
    fixed = _run_with("unsafe", fixed_by_rule={"TF201": 2, "TF904": 1})
    assert summary_lines(fixed, TextOptions(fix_mode="apply")) == [
        "Found 4 errors (3 fixed, 1 remaining).",
        "1 unsafe fix available with `--fix --unsafe-fixes`.",
    ]
    only = TextOptions(fix_mode="apply", show_violations=False)
    assert summary_lines(fixed, only) == [
        "Fixed 3 errors (1 additional fix available with `--unsafe-fixes`)."
    ]
    diff = TextOptions(fix_mode="diff", show_violations=False, unsafe_fixes=True)
    assert summary_lines(_run_with(fixed_by_rule={"TF201": 1}), diff) == ["Would fix 1 error."]
    assert summary_lines(_run_with("unsafe"), TextOptions(show_violations=False)) == [
        "No errors fixed (1 fix available with `--unsafe-fixes`)."
    ]


def test_fix_marker_only_for_fixes_that_would_apply():
    out = io.StringIO()
    write_text(_run_with("safe", "unsafe"), out, TextOptions(concise=True))
    first, second = out.getvalue().splitlines()[:2]
    assert first == "t.py:3:2: TF201 [*] m" and second == "t.py:3:2: TF201 m"


@pytest.mark.parametrize(
    "choice, environ, tty, expected",
    [
        ("always", {"NO_COLOR": "1"}, False, True),
        ("never", {"FORCE_COLOR": "1"}, True, False),
        ("auto", {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False, True),
        ("auto", {"NO_COLOR": "1"}, True, False),
        ("auto", {"NO_COLOR": ""}, True, True),  # empty means unset (no-color.org)
        ("auto", {}, True, True),
        ("auto", {}, False, False),
    ],
)
def test_colour_choice(choice, environ, tty, expected):
    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return tty

    assert use_color(choice, Stream(), environ) is expected


def test_styles_are_plain_without_colour():
    assert Style(False).code("TF201") == "TF201"
    assert Style(True).code("TF201") == "\x1b[1;31mTF201\x1b[0m"


def test_text_is_an_alias_of_full(project):
    (project / "train.py").write_text(BAD_PRINT)
    full = run_cli("check", "--no-cache", "--output-format", "full", cwd=project)
    text = run_cli("check", "--no-cache", "--format", "text", cwd=project)
    assert full.stdout == text.stdout and " | " in full.stdout


# --- ruff's formats ------------------------------------------------------------------------------

JSON_SCHEMA = json.loads((ROOT / "docs" / "json-output.schema.json").read_text())
TWO_FINDINGS = (
    "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n"
    "    return x\n\n\n@tf.function(experimental_relax_shapes=True)\n"
    "def pool(x):\n    return x\n"
)


@pytest.fixture
def ruff_project(project: Path) -> Path:
    (project / "train.py").write_text(TWO_FINDINGS)
    (project / "broken.py").write_text("def (:\n")  # an engine finding too
    return project


def _keys(value, prefix: str = "") -> set[str]:
    """Every key path of a JSON value: ``fix.edits[].location.row``."""
    if isinstance(value, dict):
        return {f"{prefix}{k}" for k in value} | {
            key for k, v in value.items() for key in _keys(v, f"{prefix}{k}.")
        }
    if isinstance(value, list):
        return {key for item in value for key in _keys(item, f"{prefix[:-1]}[].")}
    return set()


def test_json_output_validates_against_the_schema_in_the_repository(ruff_project):
    result = run_cli("check", "--output-format", "json", cwd=ruff_project)
    found = json.loads(result.stdout)
    jsonschema.validate(found, JSON_SCHEMA)
    assert {d["code"] for d in found} >= {"TF201", "TF904", "syntax-error"}
    lines = run_cli("check", "--output-format", "json-lines", cwd=ruff_project).stdout
    assert [json.loads(line) for line in lines.splitlines()] == found


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_json_output_has_ruffs_fields_where_ruff_has_them(ruff_project, tmp_path):
    """ruff's own output on code with a fixable finding: each of its key paths is tf2lint's."""
    import subprocess

    (tmp_path / "r").mkdir()
    (tmp_path / "r" / "a.py").write_text("import os\n")
    done = subprocess.run(
        ["ruff", "check", "--isolated", "--select", "F401", "--output-format", "json", "a.py"],
        cwd=tmp_path / "r",
        capture_output=True,
        text=True,
    )
    ruffs = set().union(*map(_keys, json.loads(done.stdout)))
    assert "fix.edits[].location.row" in ruffs  # ruff's fields, with a fix and its edits
    ours = json.loads(run_cli("check", "--output-format", "json", cwd=ruff_project).stdout)
    with_edits = [d for d in ours if d["fix"] and d["fix"]["edits"]]
    assert with_edits and ruffs <= set().union(*map(_keys, with_edits))
    assert list(ours[0]) == sorted(ours[0])  # keys sorted, as ruff writes them


def test_pylint_junit_gitlab_rdjson_as_ruff_writes_them(ruff_project):
    import xml.etree.ElementTree as ET

    def output(name: str) -> str:
        return run_cli("check", "--output-format", name, cwd=ruff_project).stdout

    found = json.loads(output("json"))
    (tf201,) = [d for d in found if d["code"] == "TF201"]
    assert f"train.py:5: [TF201] {tf201['message']}" in output("pylint").splitlines()
    suites = ET.fromstring(output("junit"))
    assert suites.get("tests") == str(len(found)) and suites.get("failures") == str(len(found))
    cases = suites.findall("testsuite/testcase")
    assert {c.get("name") for c in cases} == {f"org.tf2lint.{d['code']}" for d in found}
    gitlab = json.loads(output("gitlab"))
    assert [g["check_name"] for g in gitlab] == [d["code"] for d in found]
    assert len({g["fingerprint"] for g in gitlab}) == len(gitlab)
    assert gitlab == json.loads(output("gitlab"))  # stable fingerprints
    assert gitlab[found.index(tf201)]["location"] == {
        "path": "train.py",
        "positions": {"begin": {"line": 5, "column": 5}, "end": {"line": 5, "column": 13}},
    }
    rdjson = json.loads(output("rdjson"))
    assert rdjson["source"]["name"] == "tf2lint"
    assert [d["code"]["value"] for d in rdjson["diagnostics"]] == [d["code"] for d in found]
    fixed = [d for d in rdjson["diagnostics"] if "suggestions" in d]
    assert fixed and fixed[0]["suggestions"][0]["text"]

"""``tf2lint trace`` under real TensorFlow: a program whose every retrace, effect and error has a
known answer (tests/data/trace_project), its JSON, text and HTML reports, the HTML checked in a
real headless browser; and the cause wording itself, in pure Python."""

from __future__ import annotations

import json
import os
import re
import sys
import textwrap
from pathlib import Path

import pytest
from browser import elements, hex_colour, png_colours, rendered_dom, screenshot

from conftest import ROOT, run_cli
from tf2lint.runtime_check import causes, observe
from tf2lint.runtime_check.html import KIND_COLOURS
from tf2lint.runtime_check.report import seconds

pytestmark = pytest.mark.tensorflow  # the harness runs TensorFlow programs

PROJECT = ROOT / "tests" / "data" / "trace_project"
TRAIN, MODEL, HELPERS = (str(PROJECT / f"{n}.py") for n in ("train", "model", "helpers"))


def line_of(path: str, text: str) -> int:
    """The line of ``path`` holding ``text`` (so the tests say what they mean, not numbers)."""
    lines = Path(path).read_text().splitlines()
    return next(i for i, line in enumerate(lines, start=1) if text in line)


@pytest.fixture(scope="module")
def traced(tmp_path_factory):
    """The whole program traced once: JSON on stdout, HTML to a file, progress on stderr."""
    folder = tmp_path_factory.mktemp("trace")
    html = folder / "report.html"
    env = dict(os.environ, TF2LINT_TRACE_PROGRESS="1")
    done = run_cli(
        "trace",
        "--format",
        "json",
        "--html",
        str(html),
        "--progress",
        "--root",  # the test data lie inside tf2lint's own project
        str(PROJECT),
        "--",
        sys.executable,
        TRAIN,
        cwd=PROJECT,
        env=env,
    )
    report = json.loads(done.stdout)  # stdout holds only the report: the program's went to stderr
    return report, done, html


def function(report: dict, name: str) -> dict:
    return next(f for f in report["functions"] if f["name"] == name)


def retraces(f: dict) -> list[dict]:
    return [e for e in f["events"] if e["kind"] == "retrace"]


def finding(report: dict, rule: str) -> dict:
    return next(f for f in report["findings"] if f["rule"] == rule)


def test_exit_status_and_streams(traced):
    report, done, _ = traced
    assert done.returncode == report["exit_code"] == 1  # the program ends on an uncaught error
    assert done.stderr.count("Regressor.call ran") >= 1  # the program's stdout, moved to stderr
    assert report["tensorflow"].startswith("2.")


def test_counter_retrace_names_the_python_int(traced):
    report, _, _ = traced
    scale = function(report, "scale")
    assert (scale["calls"], scale["traces"], scale["retraces"]) == (4, 4, 3)
    site = [TRAIN, line_of(TRAIN, "scale(tf.constant(2.0), step)")]
    for step, event in enumerate(retraces(scale), start=1):
        [change] = event["cause"]
        assert change["kind"] == causes.PYTHON_VALUE and change["argument"] == "factor"
        assert change["text"] == f"factor: Python int {step - 1} -> {step}"
        assert event["call"] == step + 1 and event["call_site"] == site
        assert event["predicted_by"] == [{"rule": "TF501", "path": "train.py", "line": site[1]}]
    assert finding(report, "TF501")["verdict"] == observe.OBSERVED


def test_object_per_call_retrace_names_the_new_object(traced):
    report, _, _ = traced
    apply = function(report, "apply")
    assert (apply["traces"], apply["retraces"]) == (3, 2)
    for event in retraces(apply):
        [change] = event["cause"]
        assert change["kind"] == causes.OBJECT_IDENTITY and change["argument"] == "options"
        assert "a new Options object" in change["after"]
        assert [p["rule"] for p in event["predicted_by"]] == ["TF506"]
    assert finding(report, "TF506")["verdict"] == observe.OBSERVED


def test_shape_retrace_is_a_candidate_for_a_new_rule(traced):
    report, _, _ = traced
    total = function(report, "total")
    assert [e["cause"][0]["text"] for e in retraces(total)] == [
        "x: shape (2,) -> (3,)",
        "x: shape (3,) -> (4,)",
    ]
    assert all(e["predicted_by"] == [] for e in retraces(total))
    [candidate] = [c for c in report["candidates"] if c["function"] == "total"]
    assert (candidate["cause"], candidate["retraces"]) == (causes.SHAPE, 2)
    assert candidate["sites"] == [[TRAIN, line_of(TRAIN, "total(batch)")]]
    assert {c["function"] for c in report["candidates"]} == {"total"}  # library code is not


def test_first_call_variable_creation_is_not_a_retrace(traced):
    report, _, _ = traced
    add = function(report, "Accumulator.add")
    assert (add["calls"], add["traces"], add["retraces"]) == (5, 2, 0)
    assert add["variable_creation_traces"] == 1
    assert [e["kind"] for e in add["events"]] == ["first", "variable-creation"]
    # Keras builds its optimizer's variables inside the first step: also not a retrace.
    step = next(f for f in report["functions"] if f["name"].endswith("one_step_on_data"))
    assert step["retraces"] == 0 and step["variable_creation_traces"] == 1


def test_no_first_trace_is_called_a_retrace(traced):
    report, _, _ = traced
    for f in report["functions"]:
        kinds = [e["kind"] for e in f["events"]]
        assert kinds[:1] in ([], ["first"], ["failed"]), f["name"]
        if f["traces"] == 1 and f["objects"] == 1:
            assert f["retraces"] == 0, f["name"]
        assert f["retraces"] == kinds.count("retrace") <= max(0, f["traces"] - 1)


def test_print_in_keras_call_is_attributed_to_its_line(traced):
    report, done, _ = traced
    tf201 = finding(report, "TF201")
    assert (tf201["path"], tf201["line"]) == ("model.py", line_of(MODEL, "print("))
    assert tf201["verdict"] == observe.OBSERVED
    printed = done.stderr.count("Regressor.call ran")  # what the program really printed
    word = {1: "once", 2: "twice"}.get(printed, f"{printed} times")
    assert tf201["evidence"].startswith(f"printed {word}, only while tracing `")
    assert re.search(r"its \d+ calls run the graph without it", tf201["evidence"])


def error_of(report: dict, kind: str) -> dict:
    [found] = [e for e in report["errors"] if e["type"] == kind]
    return found


def test_error_in_helper_module_is_attributed_to_the_innermost_user_frame(traced):
    report, _, _ = traced
    error = error_of(report, "AttributeError")
    assert error["uncaught"]
    numpy_line = line_of(HELPERS, "x.numpy()")
    assert error["innermost"] == [HELPERS, numpy_line]
    assert [TRAIN, line_of(TRAIN, "helpers.summarize(")] == error["frames"][1][:2]
    tf801 = finding(report, "TF801")
    assert (tf801["path"], tf801["line"], tf801["verdict"]) == (
        "helpers.py",
        numpy_line,
        observe.OBSERVED,
    )
    assert tf801["evidence"].startswith("raised AttributeError here while tracing:")
    observed_errors = [
        (f["path"], f["line"])
        for f in report["findings"]
        if f["check"] == observe.ERROR and f["verdict"] == observe.OBSERVED
    ]
    dropout_line = line_of(MODEL, "tf.keras.layers.Dropout(0.5)")
    assert observed_errors == [("helpers.py", numpy_line), ("model.py", dropout_line)]
    assert error["findings"] == [{"rule": "TF801", "path": "helpers.py", "line": numpy_line}]
    summarize = function(report, "summarize")
    assert [e["kind"] for e in summarize["events"]] == ["failed"] and summarize["traces"] == 0


def test_singleton_variable_error_is_not_blamed_on_the_step(traced):
    """The issue's case: TF's second trace of a first call makes a Keras Dropout (and its seed
    variable) again inside `Noisy.call`; the ValueError belongs to that line (where TF401 says
    so), not to the step's own tf.Variable finding, nor to the line that called the step."""
    report, _, _ = traced
    error = error_of(report, "ValueError")
    dropout_line = line_of(MODEL, "tf.keras.layers.Dropout(0.5)")
    assert error["innermost"] == [MODEL, dropout_line]
    assert not error["uncaught"]
    assert error["findings"] == [{"rule": "TF401", "path": "model.py", "line": dropout_line}]
    assert "singleton tf.Variables created on the first call" in error["message"]
    assert "Arguments received" not in error["message"]
    (tf401,) = [f for f in report["findings"] if f["rule"] == "TF401" and f["path"] == "train.py"]
    assert tf401["line"] == line_of(TRAIN, "count = tf.Variable(0.0)")
    assert tf401["verdict"] == observe.NOT_OBSERVED
    assert tf401["evidence"] == "ran once while tracing without raising"
    step = function(report, "noisy_step")
    assert [e["kind"] for e in step["events"]] == ["first", "failed"]


def test_progress_lines_on_stderr(traced):
    _, done, _ = traced
    progress = [line for line in done.stderr.splitlines() if line.startswith("tf2lint trace: ")]
    progress = [line for line in progress if " traced " in line]
    # the last line is written at exit, however short the run: no timer decides the test
    assert re.fullmatch(
        r"tf2lint trace: \d+ s: \d+ tf.functions traced \d+x \(\d+ retraces, .* s\), \d+ calls",
        progress[-1],
    )


def test_html_figures_match_the_json_in_a_real_browser(traced, tmp_path):
    report, _, html = traced
    dom = elements(rendered_dom(html))
    [totals] = [e for e in dom if e["attrs"].get("id") == "totals"]
    for key, value in report["totals"].items():
        assert totals["attrs"][f"data-{key.replace('_', '-')}"] == str(value), key
    sections = {e["attrs"]["data-name"]: e for e in dom if e["attrs"].get("class") == "function"}
    traced_functions = [f for f in report["functions"] if f["traces"] or f["events"]]
    assert set(sections) == {f["name"] for f in traced_functions}
    for f in traced_functions:
        attrs = sections[f["name"]]["attrs"]
        assert int(attrs["data-traces"]) == f["traces"]
        assert int(attrs["data-retraces"]) == f["retraces"]
        assert float(attrs["data-trace-seconds"]) == f["trace_seconds"]
        shown = sections[f["name"]]["text"]
        assert f"{f['traces']} traces in {f['calls']} calls" in shown
        assert f"{f['retraces']} retraces, {seconds(f['trace_seconds'])} tracing" in shown
    rows = {int(e["attrs"]["data-seq"]): e for e in dom if e["attrs"].get("class") == "event"}
    for f in traced_functions:
        for event in f["events"]:
            row = rows[event["seq"]]
            assert row["attrs"]["data-kind"] == event["kind"]
            cause = "; ".join(c["text"] for c in event["cause"]) or "-"
            assert row["attrs"]["data-cause"] == cause and cause in row["text"]
            assert seconds(event["seconds"]) in row["text"]
    marks = [e for e in dom if e["attrs"].get("class") == "trace-mark"]
    assert len(marks) == sum(len(f["events"]) for f in traced_functions)
    verdicts = {
        (e["attrs"]["data-rule"], int(e["attrs"]["data-line"])): e["attrs"]["data-verdict"]
        for e in dom
        if e["attrs"].get("class") == "finding"
    }
    assert verdicts == {(f["rule"], f["line"]): f["verdict"] for f in report["findings"]}
    # The screenshot shows the timeline: first traces, retraces and the variable-creation one.
    colours = png_colours(screenshot(html, tmp_path / "trace.png", 1280, 700))
    legend = 109  # the legend's own swatch of each colour
    for kind in ("first", "retrace", "variable-creation"):
        assert colours.get(hex_colour(KIND_COLOURS[kind]), 0) > legend, kind


def test_json_and_text_report_on_a_small_script(tmp_path):
    script = ROOT / "tests" / "data" / "trace_example" / "train.py"
    out = tmp_path / "report.txt"
    root = ("--root", str(script.parent))  # the test data lie inside tf2lint's own project
    done = run_cli("trace", "-o", str(out), *root, "--", sys.executable, str(script), "6", cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("tracing scaled") == 3  # the program's own output is untouched
    text = out.read_text()
    assert "train.py:10 scaled: 3 traces in 6 calls, 2 retraces" in text
    assert "retrace at train.py:24: factor: Python int 0 -> 1 [predicted by TF501" in text
    assert "train.py:12:5 TF201 print-in-traced-code: printed 3 times, only while tracing" in text
    assert "(counted runs of 1 line of findings while graphs were built" in text


def test_no_lines_leaves_trace_time_findings_unchecked():
    script = ROOT / "tests" / "data" / "trace_example" / "train.py"
    done = run_cli(
        "trace",
        "--no-lines",
        "--format",
        "json",
        "--root",
        str(script.parent),
        "--",
        sys.executable,
        str(script),
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    tf201 = finding(report, "TF201")
    assert tf201["verdict"] == observe.NOT_CHECKABLE
    assert tf201["evidence"] == "lines not watched: turned off (--no-lines)"
    assert finding(report, "TF501")["verdict"] == observe.OBSERVED  # retraces need no lines


def test_a_script_in_a_subfolder_traces_the_project_around_the_working_folder(tmp_path):
    """`python scripts/run.py` from the project root, the tf.function in a module at the root:
    the module is the user's code (its retraces attributed to TF501), not TensorFlow's; and no
    frame of tf2lint's own stands in the user's traceback."""
    example = ROOT / "tests" / "data" / "trace_example" / "train.py"
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "train.py").write_text(example.read_text())
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "run.py").write_text(
        "import sys\nfrom pathlib import Path\n\n"
        "sys.path.insert(0, str(Path(__file__).resolve().parent.parent))\n\n"
        "import train  # noqa: E402\n\ntrain.main(6)\n"
        "train.scaled(train.tf.constant(1.0), 'not a number')\n"  # raises, uncaught
    )
    done = run_cli("trace", "--format", "json", "--", "scripts/run.py", cwd=tmp_path)
    report = json.loads(done.stdout)
    scaled = function(report, "scaled")
    assert scaled["user"] and scaled["file"] == str((tmp_path / "train.py").resolve())
    assert len(retraces(scaled)) == 2
    assert finding(report, "TF501")["verdict"] == observe.OBSERVED
    start = done.stderr.index("Traceback (most recent call last)")
    traceback = done.stderr[start : done.stderr.index("TypeError:", start)]
    assert "run.py" in traceback and "tensorflow" in traceback
    assert "instrument.py" not in traceback and "tf2lint" not in traceback


# Pure Python: the wording of causes, statement ranges, candidates.


def test_cause_wording():
    d = causes.describe
    assert causes.differences(d(3), d(4), "n")[0].text == "n: Python int 3 -> 4"
    assert causes.differences(d(3), d(4.0), "n")[0].text == "n: Python int 3 -> Python float 4.0"
    assert causes.differences(d([1, 2]), d([1, 2, 3]), "xs")[0].kind == causes.STRUCTURE
    [change] = causes.differences(d({"a": 1}), d({"a": 2}), "batch")
    assert change.text == "batch['a']: Python int 1 -> 2"

    class Thing:
        pass

    first, second = Thing(), Thing()  # both alive: two ids
    a, b = d(first), d(second)
    assert causes.differences(a, b, "t")[0].kind == causes.OBJECT_IDENTITY
    assert causes.differences(a, a, "t") == []
    assert causes.new_object(a, a, "t").after == "a new Thing object (the previous one was freed)"
    assert causes.new_object(d([1, Thing()]), d([1, Thing()]), "xs").argument == "xs[1]"


def test_statement_lines(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(
        textwrap.dedent(
            """\
            def f(values):
                for v in values:
                    total = v
                    print(
                        total)
                if bool(values):
                    pass
            """
        )
    )

    class D:
        def __init__(self, line, column, end_line):
            self.path, self.line, self.column, self.end_line = str(path), line, column, end_line

    assert observe.statement_lines(D(2, 14, 2), observe.GRAPH) == (2, 5)  # the whole loop
    assert observe.statement_lines(D(2, 14, 2), observe.TRACE_TIME) == (2, 2)  # its header
    assert observe.statement_lines(D(4, 9, 5), observe.TRACE_TIME) == (4, 5)
    assert observe.statement_lines(D(6, 8, 6), observe.ERROR) == (6, 6)


def _function(name: str, user: bool, traces: int, calls: int, retraces: int = 0) -> dict:
    return {
        "name": name, "file": "/p/train.py" if user else "/tf/data.py", "line": 3, "user": user,
        "traces": traces, "calls": calls, "retraces": retraces, "trace_seconds": 0.5,
        "steady_call_seconds": 0.001, "variable_creation_traces": 0, "failed_traces": 0,
        "events": [], "created_at": None, "objects": 1,
    }  # fmt: skip


def test_the_headline_counts_the_programs_functions_and_plurals_agree():
    """tf.data's and Keras' own functions are reported apart, never in the headline."""
    report = observe.TraceReport(
        ["train.py"], Path("/p"), 0, "2.21.0", 1.0,
        [_function("step", True, 2, 5, 1), _function("tf_data_map_fn", False, 1, 1, 1)],
    )  # fmt: skip
    text = observe.render_text(report)
    assert "tf2lint trace: 1 tf.function of the program traced 2 times (1 retrace)" in text
    assert "and 1 tf.functions of TensorFlow or Keras (tf_data_map_fn): 1 trace, 1 retrace" in text
    assert "1 retraces" not in text


def test_a_print_in_a_function_whose_every_call_traced_is_masked_not_missed():
    """Each of the 3 calls traced: the run could not show that the print runs only while
    tracing. That is no miss of the rule: a verdict of its own, not "not observed"."""
    step = _function("step", True, 3, 3, 2)
    events = {seq: (step, {"seq": seq, "call": seq, "nested": False}) for seq in (1, 2, 3)}
    verdict, evidence = observe._trace_time_verdict(
        "output", {1: 1, 2: 1, 3: 1}, events, Path("/p")
    )
    assert verdict == observe.MASKED
    assert "each of its 3 calls traced" in evidence

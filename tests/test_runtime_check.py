"""The runtime harness: every runtime-checkable rule's pitfall is real under TensorFlow (CPU)."""

from __future__ import annotations

import copy
import json
import os
import sys
import textwrap
from pathlib import Path

import pytest
from browser import elements, rendered_dom, screenshot

from conftest import ROOT, lint, run_cli
from tf2lint.linting.plugins import all_rules
from tf2lint.runtime_check import causes, harness, html, judge, observe, report
from tf2lint.runtime_check.cli import exit_code
from tf2lint.runtime_check.trace import command_line

pytestmark = pytest.mark.tensorflow  # the harness runs TensorFlow programs

REPEAT = 6
RUNTIME_RULES = harness.checkable(all_rules())
FIXED_RULES = [r for r in RUNTIME_RULES if harness.has_fix(r)]
TRACE_SCRIPT = ROOT / "tests" / "data" / "trace_example" / "train.py"
# Fixes that leave their symptom under TF 2.21 (bugs in the rule's fix, reported to its owner):
# a test per rule fails when the fix starts working, so the list cannot go stale.
KNOWN_FIX_BUGS: dict[str, str] = {}  # rule id -> why its fix leaves the symptom (none today)


@pytest.fixture(scope="module")
def verdicts():
    """Every runtime-checkable rule run once on the CPU, two workers in parallel."""
    found = harness.run_rules(RUNTIME_RULES, ["cpu"], repeat=REPEAT, timeout=120, jobs=2)
    return {v.rule: v for v in found}


@pytest.mark.parametrize("rule", RUNTIME_RULES, ids=lambda r: r.id)
def test_rule_is_confirmed_at_run_time(rule, verdicts):
    verdict = verdicts[rule.id]
    assert verdict.status == judge.CONFIRMED, f"{rule.id}: {verdict.reason}"
    assert verdict.bad["steps"] == verdict.good["steps"] == REPEAT
    assert verdict.good["error"] is None
    # A removed API fails before tracing; a tf.data pipeline's order (shuffle after batch, a
    # reshuffling take/skip split) is a wrong value with no traced function in either twin.
    untraced_pair = verdict.observe == "value" and verdict.good["traces"] == 0
    if verdict.observe not in ("error", "import-error") and not untraced_pair:
        assert verdict.bad["traces"] >= 1, f"{rule.id}: the bad fixture traced nothing"


@pytest.mark.parametrize(
    "rule",
    [
        pytest.param(r, marks=pytest.mark.xfail(reason=KNOWN_FIX_BUGS[r.id], strict=True))
        if r.id in KNOWN_FIX_BUGS
        else r
        for r in FIXED_RULES
    ],
    ids=lambda r: r.id,
)
def test_fix_removes_the_symptom(rule, verdicts):
    """The rule's own fix (tf2lint check --fix, --unsafe-fixes when unsafe) applied to its bad
    fixture, run again under TensorFlow: the symptom is gone."""
    fix = verdicts[rule.id].fix
    assert fix is not None and fix.applicability == rule.fix_applicability
    assert fix.diff.startswith("--- bad.py"), fix.reason
    assert fix.status == judge.FIX_GONE, f"{rule.id}: {fix.status}: {fix.reason}"
    assert verdicts[rule.id].fixed["steps"] == REPEAT


def test_rules_without_a_fix_have_no_fix_result(verdicts):
    for rule in RUNTIME_RULES:
        if not harness.has_fix(rule):
            assert verdicts[rule.id].fix is None and verdicts[rule.id].fixed is None


def test_each_retracing_rule_predicts_the_cause_its_fixture_shows(verdicts):
    """The causes the trace names for a retracing rule's bad fixture are causes that the trace
    report ties to that very rule (observe.PREDICTING_RULES)."""
    for rule in RUNTIME_RULES:
        verdict = verdicts[rule.id]
        if verdict.observe != "traces":
            continue
        kinds = {
            change["kind"]
            for f in verdict.bad["functions"]
            for event in f["events"]
            if event["kind"] == "retrace"
            for change in event["cause"]
        }
        assert kinds, f"{rule.id}: no retrace cause named"
        for kind in kinds:
            assert rule.id in observe.PREDICTING_RULES.get(kind, ()), (rule.id, kind)
        assert "(retraced for " in verdict.reason
    tf501 = verdicts["TF501"].bad["functions"][0]["events"][1]["cause"][0]
    assert (tf501["kind"], tf501["text"]) == (causes.PYTHON_VALUE, "epoch: Python int 0 -> 1")


def test_trace_report_ties_each_retracing_fixture_to_its_rule(verdicts):
    """The trace report's comparison on each retracing rule's bad fixture run: the rule's own
    finding is observed (cause and place), and no retrace is left to be a candidate."""
    for rule in RUNTIME_RULES:
        verdict = verdicts[rule.id]
        if verdict.observe != "traces":
            continue
        path = Path(verdict.bad["path"])
        found = lint(path.read_text(), select=[rule.id], path=str(path))
        data = {"functions": copy.deepcopy(verdict.bad["functions"]), "tensorflow": "2.x"}
        checked = observe.compare(data, found, program=[], root=path.parent, exit_code=0)
        [check] = checked.findings
        assert check.verdict == observe.OBSERVED, (rule.id, check.evidence)
        assert checked.candidates == [], rule.id


def test_static_only_rules_say_why():
    for rule in all_rules():
        p = harness.plan(rule)
        assert (p.skip_reason is None) == (rule in RUNTIME_RULES)
        if p.skip_reason is not None:
            assert p.skip_reason.strip()


def test_measurements_are_real(verdicts):
    tf201 = verdicts["TF201"]  # print runs once (tracing); tf.print once per call, from C++
    assert tf201.bad["output_lines"] == 1 and tf201.good["output_lines"] == REPEAT
    assert tf201.bad["calls"] == REPEAT and tf201.bad["traces"] == 1
    assert tf201.bad["trace_seconds"] > tf201.bad["steady_call_seconds"] > 0
    assert tf201.bad["graph_nodes"] > 0
    tf401 = verdicts["TF401"]
    assert tf401.bad["error"]["type"] == "ValueError"
    assert tf401.good["traces"] == 1  # one shape, one trace, the variable made once outside


def test_markdown_and_table_reports(verdicts):
    meta = {
        "date": "2025-01-01 00:00 UTC",
        "tensorflow": "2.x",
        "devices": "CPU",
        "python": "3",
        "platform": "Linux",
        "repeat": REPEAT,
    }
    rows = list(verdicts.values())
    markdown = report.render_markdown(rows, meta)
    assert "| TF201 | side-effect | cpu | confirmed |" in markdown
    assert "- TensorFlow: 2.x" in markdown and "- date: 2025-01-01" in markdown
    table = report.render_table(rows, meta)
    wide = report.render_table(rows, meta, width=100_000)
    assert wide.splitlines()[0].startswith("rule")
    for verdict in rows:  # long evidence wraps to the width; given room, each reason is whole
        assert " ".join(verdict.reason.split()) in " ".join(wide.split()), verdict.rule
    tf002 = verdicts["TF002"].reason
    assert len(tf002) > report.EVIDENCE_WIDTH and tf002.split()[-1] in table
    parsed = json.loads(report.render_json(rows, meta))
    assert {r["rule"] for r in parsed["results"]} == set(verdicts)
    for result, verdict in zip(parsed["results"], rows, strict=True):
        # a slowdown only where the symptom is a cost, and there wherever both twins were
        # timed (a good twin that calls no tf.function, such as TF510's `model(x)`, is not)
        timed = all(
            side and side.get("seconds_per_call") and not side.get("error")
            for side in (verdict.bad, verdict.good)
        )
        costs = result["observe"] in judge.COST_KINDS
        assert (result["slowdown"] is not None) == (costs and timed), result["rule"]


def _fake_rule(tmp_path: Path, rule_id: str, bad: str, good: str):
    folder = tmp_path / rule_id
    folder.mkdir()
    (folder / "bad.py").write_text(textwrap.dedent(bad))
    (folder / "good.py").write_text(textwrap.dedent(good))

    class Fake:
        id, name, category = rule_id, f"fake-{rule_id}", "retracing"

        @classmethod
        def fixtures(cls):
            return {"bad": folder / "bad.py", "good": folder / "good.py"}

    return Fake


def test_every_observe_kind_and_failure_end_to_end(tmp_path):
    """traces, value and graph kinds (no shipped fixture uses them yet), a fixture whose good
    twin shows the symptom too, and a time limit."""
    traces = _fake_rule(
        tmp_path,
        "X1",
        """
        import tensorflow as tf
        RUNTIME_CHECK = {"observe": "traces"}
        @tf.function
        def step(x, n):
            return x * n
        def exercise(steps):
            for i in range(steps):
                step(tf.constant(1.0), i)
        """,
        """
        import tensorflow as tf
        RUNTIME_CHECK = {"observe": "traces"}
        @tf.function
        def step(x, n):
            return x * n
        def exercise(steps):
            for i in range(steps):
                step(tf.constant(1.0), tf.constant(float(i)))
        """,
    )
    value_bad = """
        import tensorflow as tf
        RUNTIME_CHECK = {"observe": "value"}
        scale = 1.0
        @tf.function
        def step(x):
            return x * scale
        def exercise(steps):
            global scale
            step(tf.constant(1.0))
            scale = 2.0
            return {"value": step(tf.constant(1.0)), "expected": 2.0}
        """
    value = _fake_rule(
        tmp_path,
        "X2",
        value_bad,
        value_bad.replace("scale = 1.0", "scale = tf.Variable(1.0)").replace(
            "scale = 2.0", "scale.assign(2.0)"
        ),
    )
    graph = _fake_rule(
        tmp_path,
        "X3",
        """
        import tensorflow as tf
        RUNTIME_CHECK = {"observe": "graph"}
        def exercise(steps, scale):
            @tf.function
            def total(x):
                for _ in range(scale):
                    x = x * 2.0 + 1.0
                return x
            for _ in range(steps):
                total(tf.constant(1.0))
        """,
        """
        import tensorflow as tf
        RUNTIME_CHECK = {"observe": "graph"}
        def exercise(steps, scale):
            @tf.function
            def total(x, n):
                for _ in tf.range(n):
                    x = x * 2.0 + 1.0
                return x
            for _ in range(steps):
                total(tf.constant(1.0), tf.constant(scale))
        """,
    )
    same = """
        RUNTIME_CHECK = {"observe": "output", "marker": "step"}
        def exercise(steps):
            print("step")
        """
    both_bad = _fake_rule(tmp_path, "X4", same, same)
    slow = _fake_rule(
        tmp_path,
        "X5",
        """
        import time
        RUNTIME_CHECK = {"observe": "error"}
        def exercise(steps):
            time.sleep(60)
        """,
        "RUNTIME_CHECK = {'observe': 'error'}\ndef exercise(steps):\n    pass\n",
    )
    rules = [traces, value, graph, both_bad, slow]
    found = {v.rule: v for v in harness.run_rules(rules, ["cpu"], repeat=4, timeout=10, jobs=2)}
    assert found["X1"].status == judge.CONFIRMED, found["X1"].reason
    assert (found["X1"].bad["traces"], found["X1"].good["traces"]) == (4, 1)
    assert "(retraced for n: Python int 0 -> 1, and 2 more)" in found["X1"].reason
    # A cost kind carries a measured slowdown; its size is a timing, which a test never asserts.
    assert found["X1"].slowdown is not None and found["X1"].slowdown > 0
    assert found["X2"].status == judge.CONFIRMED, found["X2"].reason
    assert found["X2"].bad["value"] == "1.0"
    assert found["X3"].status == judge.CONFIRMED, found["X3"].reason
    bad_nodes = found["X3"].bad["graph_nodes_by_scale"]
    good_nodes = found["X3"].good["graph_nodes_by_scale"]
    assert bad_nodes["10"] > 2 * bad_nodes["1"] and good_nodes["10"] == good_nodes["1"]
    assert found["X4"].status == judge.NOT_CONFIRMED
    assert "good twin shows it too" in found["X4"].reason
    assert found["X5"].status == judge.NOT_CONFIRMED and "timed out" in found["X5"].reason
    assert exit_code(list(found.values())) == 1
    assert exit_code([found["X1"], found["X2"]]) == 0


def test_a_zygote_forks_a_fresh_worker_per_rule_kills_it_at_its_limit_and_can_be_replaced(tmp_path):
    """verify's workers fork from a zygote that imported TensorFlow once: each rule still gets a
    process of its own (what one fixture does to TensorFlow's module is gone for the next), a
    worker past its limit is killed and the zygote serves on, and a gone zygote leaves the rule
    to a worker process of its own."""
    marks = """
        import os
        import tensorflow as tf
        RUNTIME_CHECK = {"observe": "value"}
        def exercise(steps):
            seen, tf.marked_by = getattr(tf, "marked_by", None), os.getpid()
            return {"value": seen, "expected": None}
        """
    rule = _fake_rule(tmp_path, "Z1", marks, marks)
    sleepy = tmp_path / "sleepy.py"
    sleepy.write_text("RUNTIME_CHECK = {'observe': 'error'}\nimport time\ntime.sleep(60)\n")

    def job(fixture: Path, name: str, limit: float) -> tuple[str | None, list]:
        folder = tmp_path / name
        folder.mkdir()
        argv = ["--repeat", "1", "--timeout", "60", "--result", str(folder / "r.json")]
        crash = zygote.run([*argv, f"good={fixture}"], str(folder), limit)
        done = folder / "r.json"
        return crash, json.loads(done.read_text()) if done.is_file() else []

    zygote = harness.Zygote()
    try:
        first, second = (
            job(rule.fixtures()["good"], "a", 120),
            job(rule.fixtures()["good"], "b", 120),
        )
        assert first[0] == second[0] == ""
        assert first[1][0]["value"] == second[1][0]["value"] == "None"  # nothing carried over
        assert job(sleepy, "c", 3) == ("worker killed after 3 s", [])
        assert job(rule.fixtures()["good"], "d", 120)[1][0]["value"] == "None"
    finally:
        zygote.close()
    assert zygote.run(["--result", "x"], str(tmp_path), 5) is None  # gone: the caller runs it
    verdict = harness.run_rule(rule, "cpu", 1, 60, zygote=zygote)
    assert verdict.good["error"] is None and verdict.good["value"] == "None"


def test_verify_html_matches_json_in_a_real_browser(verdicts, tmp_path):
    meta = {
        "date": "2025-01-01 00:00 UTC",
        "tensorflow": "2.x",
        "devices": "CPU",
        "python": "3",
        "platform": "Linux",
        "repeat": REPEAT,
    }
    rows = list(verdicts.values())
    page = tmp_path / "verify.html"
    page.write_text(html.render_verify(rows, meta), encoding="utf-8")
    parsed = {r["rule"]: r for r in json.loads(report.render_json(rows, meta))["results"]}
    shown = {
        e["attrs"]["data-rule"]: e
        for e in elements(rendered_dom(page))
        if e["attrs"].get("class") == "rule"
    }
    assert set(shown) == set(parsed)
    for rule, result in parsed.items():
        attrs, text = shown[rule]["attrs"], shown[rule]["text"]
        assert attrs["data-status"] == result["status"] and result["status"] in text
        for variant in ("bad", "good"):
            traces = result[variant]["traces"] if result[variant] else None
            assert attrs[f"data-traces-{variant}"] == ("" if traces is None else str(traces))
        slowdown = result["slowdown"]
        assert attrs["data-slowdown"] == ("" if slowdown is None else str(slowdown))
        if slowdown is not None:
            assert f"{slowdown:.1f}x" in text
        fix = result["fix"]["status"] if result["fix"] else ""
        assert attrs["data-fix"] == fix and fix in text
    png = screenshot(page, tmp_path / "verify.png", 1280, 900)
    assert png.stat().st_size > 10_000


def test_judge_fix():
    good = {"steps": 4, "observe": "output", "output_lines": 4, "error": None, "traces": 1}
    assert judge.judge_fix("output", good, good)[0] == judge.FIX_GONE
    still = dict(good, output_lines=1)
    assert judge.judge_fix("output", good, still) == (
        judge.FIX_STILL,
        f"the fixed fixture {judge.symptom('output', still)[1]}",
    )
    raised = dict(good, error={"type": "TypeError", "message": "boom"}, phase="exercise")
    assert judge.judge_fix("output", good, raised)[0] == judge.FIX_FAILS
    assert judge.judge_fix("error", good, raised)[0] == judge.FIX_STILL
    assert judge.judge_fix("error", good, good)[0] == judge.FIX_GONE
    at_import = dict(raised, phase="import")
    assert judge.judge_fix("import-error", good, at_import)[0] == judge.FIX_STILL
    assert judge.judge_fix("traces", good, dict(good, traces=4))[0] == judge.FIX_STILL


def test_judge_needs_the_good_twin_clean():
    bad = {"steps": 5, "observe": "effects", "effects": 1, "error": None}
    good = {"steps": 5, "observe": "effects", "effects": 5, "error": None}
    assert judge.judge("effects", bad, good)[0] == judge.CONFIRMED
    assert judge.judge("effects", bad, bad)[0] == judge.NOT_CONFIRMED
    assert judge.judge("effects", good, good)[0] == judge.NOT_CONFIRMED
    raised = dict(good, error={"type": "TypeError", "message": "boom", "line": 3})
    status, reason = judge.judge("effects", bad, raised)
    assert status == judge.NOT_CONFIRMED and "TypeError" in reason
    assert judge.judge("nonsense", bad, good)[0] == judge.NOT_CONFIRMED


def _no_tensorflow_env(tmp_path: Path) -> dict:
    shim = tmp_path / "shim"
    shim.mkdir()
    (shim / "sitecustomize.py").write_text(
        textwrap.dedent(
            """
            import sys

            class NoTensorFlow:
                def find_spec(self, name, path=None, target=None):
                    if name == "tensorflow" or name.startswith("tensorflow."):
                        raise ImportError("No module named 'tensorflow' (test shim)")

            sys.meta_path.insert(0, NoTensorFlow())
            """
        )
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(shim), env.get("PYTHONPATH")) if p)
    return env


def test_verify_without_tensorflow_says_how_to_install(tmp_path):
    env = _no_tensorflow_env(tmp_path)
    done = run_cli("verify", env=env)
    assert done.returncode == 2, done.stderr
    assert "pip install 'tf2lint[runtime]'" in done.stderr
    assert "TensorFlow cannot be imported" in done.stderr
    # and the linter itself never needs TensorFlow
    check = run_cli("check", str(ROOT / "fixtures" / "TF201" / "bad.py"), "--exit-zero", env=env)
    assert check.returncode == 0 and "TF201" in check.stdout


def test_verify_gpu_without_gpu_skips(tmp_path):
    env = dict(os.environ, CUDA_VISIBLE_DEVICES="-1")
    done = run_cli("verify", "--device", "gpu", "--rules", "TF201", "--format", "json", env=env)
    assert done.returncode == 0, done.stderr
    assert "no GPU visible" in done.stderr
    results = json.loads(done.stdout)["results"]
    assert [(r["rule"], r["device"], r["status"]) for r in results] == [
        ("TF201", "gpu", judge.SKIPPED)
    ]


def test_verify_cli_end_to_end():
    done = run_cli("verify", "--rules", "TF202", "--repeat", "4", "--format", "json")
    assert done.returncode == 0, done.stderr
    assert "[1/1] TF202 (cpu): confirmed" in done.stderr  # progress on stderr
    parsed = json.loads(done.stdout)
    assert parsed["meta"]["devices"] == "CPU" and parsed["meta"]["tensorflow"].startswith("2.")
    assert [(r["rule"], r["status"]) for r in parsed["results"]] == [("TF202", judge.CONFIRMED)]
    assert run_cli("verify", "--rules", "NOPE").returncode == 2


def test_trace_command_line(monkeypatch):
    script = str(TRACE_SCRIPT)
    monkeypatch.chdir(ROOT)  # the user's code is the project around the working folder
    assert command_line(["--", "python", "-X", "dev", script, "a"]) == (
        ["python", "-X", "dev", script, "a"],
        ROOT,
    )
    assert command_line([script], root=TRACE_SCRIPT.parent)[1] == TRACE_SCRIPT.parent
    assert command_line([script])[0] == [sys.executable, script]
    assert isinstance(command_line(["--"]), str)
    assert isinstance(command_line(["python", "-c", "pass"]), str)
    assert run_cli("trace").returncode == 2


def test_the_table_fits_the_width_it_is_given_and_cuts_nothing():
    from tf2lint.runtime_check.judge import Verdict

    evidence = "the bad fixture traced 20 times in 20 calls, the good one once; " * 3
    rows = [
        Verdict("TF201", "print-in-traced-code", "side-effect", "cpu", "confirmed", evidence),
        Verdict("TF501", "python-scalar-arg", "retracing", "cpu", "confirmed", "traced 2x"),
    ]
    meta = {"date": "d", "tensorflow": "2.x", "devices": "CPU", "repeat": 3}
    table = report.render_table(rows, meta, width=160)
    body = table.split("\n\n")[0].splitlines()
    assert max(map(len, body)) <= 160
    assert " ".join(table.split()).count(" ".join(evidence.split())) == 1  # wrapped, whole
    assert body[0].startswith("rule")
    # A terminal of 80 columns: too narrow for the columns, a block per rule, nothing cut
    narrow = report.render_table(rows, meta, width=80)
    assert max(map(len, narrow.splitlines())) <= 80
    assert " ".join(narrow.split()).count(" ".join(evidence.split())) == 1
    assert narrow.splitlines()[0] == "TF201  side-effect  cpu  confirmed"

"""The real-world suite (tests/realworld): programs rebuilt from public bug reports.

Each program is checked for form; the committed verification record must cover every program,
each confirmed under TensorFlow; a representative sample is run again under TensorFlow here; and
tf2lint's static recall and false alarms on the suite must not fall behind the recorded baseline
(``python scripts/realworld_score.py --write`` raises the bar).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tf2lint.runtime_check import realworld

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "tests" / "realworld"
PROGRAMS = realworld.load_suite(SUITE)

# One program per kind of symptom (an error, retracing, a trace-time print, a frozen value, a
# graph that grows, a Keras-traced loss): the whole suite takes ~15 minutes on 2 cores, too much
# for every test run; `tf2lint verify --suite tests/realworld` runs all of it.
SAMPLE = (
    "variable_in_tf_function",
    "retrace_epoch_python_int",
    "print_in_tf_function",
    "stale_global_python_float",
    "unrolled_beam_search_range",
    "numpy_method_in_loss",
)


def _score_script():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import realworld_score
    finally:
        sys.path.pop(0)
    return realworld_score


def test_suite_has_sixty_programs_each_with_source_expectations_and_clean_twin():
    assert len(PROGRAMS) >= 60
    for program in PROGRAMS:
        assert program.source.startswith(("https://", "http://")), program.name
        assert program.expectations, f"{program.name}: no # EXPECT: line"
        assert program.clean.is_file()
        assert "EXPECT" not in program.clean.read_text(), f"{program.name}: EXPECT in clean.py"


@pytest.mark.parametrize(
    ("text", "kind", "mark", "bound"),
    [
        ("raises InaccessibleTensorError", "raises", "InaccessibleTensorError", 0),
        ("traces >= 5", "traces", "", 5),
        (
            'stderr "triggered tf.function retracing"',
            "stderr",
            "triggered tf.function retracing",
            0,
        ),
        ('lines "step" < 4', "lines", "step", 4),
        ('distinct "kept" < 2', "distinct", "kept", 2),
        ('number "nodes" >= 150', "number", "nodes", 150),
    ],
)
def test_symptom_headers_parse(text, kind, mark, bound):
    symptom = realworld.parse_symptom(text)
    assert (symptom.kind, symptom.text, symptom.bound) == (kind, mark, bound)
    assert realworld.parse_symptom(str(symptom)) == symptom


def test_symptoms_read_from_a_run():
    run = {"traces": 6, "stdout": "step 1\nkept 2.0\nkept 2.0\nnodes 12\nnodes 200\n"}
    assert realworld.shows(realworld.parse_symptom("traces >= 5"), run)[0]
    assert realworld.shows(realworld.parse_symptom('lines "step" < 4'), run)[0]
    assert realworld.shows(realworld.parse_symptom('distinct "kept" < 2'), run)[0]
    assert realworld.shows(realworld.parse_symptom('number "nodes" >= 150'), run)[0]
    assert not realworld.shows(realworld.parse_symptom('number "nodes" < 150'), run)[0]
    error = {"error": {"type": "InaccessibleTensorError", "bases": ["InaccessibleTensorError"]}}
    assert realworld.shows(realworld.parse_symptom("raises InaccessibleTensorError"), error)[0]
    assert not realworld.shows(realworld.parse_symptom("raises ValueError"), error)[0]


def test_verification_record_covers_every_program_and_confirms_each():
    record = json.loads((SUITE / "verified.json").read_text())
    assert record["tensorflow"].startswith("2.")
    recorded = {entry["name"]: entry for entry in record["programs"]}
    assert set(recorded) == {p.name for p in PROGRAMS}, (
        "rerun: tf2lint verify --suite tests/realworld --record tests/realworld/verified.json"
    )
    for program in PROGRAMS:
        entry = recorded[program.name]
        assert entry["symptom"] == str(program.symptom), f"{program.name}: SYMPTOM changed"
        assert entry["digest"] == program.digest(), f"{program.name} changed since it was verified"
        assert entry["status"] == realworld.CONFIRMED, f"{program.name}: {entry}"


@pytest.mark.parametrize("name", SAMPLE)
def test_sample_shows_its_symptom_under_tensorflow_and_its_fix_does_not(name):
    pytest.importorskip("tensorflow", reason="the runtime harness needs TensorFlow")
    program = next(p for p in PROGRAMS if p.name == name)
    verdict = realworld.verify_program(program)
    assert verdict.status == realworld.CONFIRMED, verdict.to_dict()


def test_scoring_counts_rule_and_category_expectations_and_false_alarms(tmp_path):
    folder = tmp_path / "case"
    folder.mkdir()
    (folder / "bad.py").write_text(
        "# SOURCE: https://example.org/1\n# SYMPTOM: traces >= 2\n"
        "a = 1  # EXPECT: TF501\nb = 2  # EXPECT: retracing/new-name\nc = 3\n"
    )
    (folder / "clean.py").write_text("a = 1\n")
    program = realworld.read_program(folder)

    def finding(file, line, rule, category="retracing"):
        return {"path": str(folder / file), "line": line, "end_line": line, "rule": rule,
                "category": category}  # fmt: skip

    result = realworld.score(
        [program],
        [finding("bad.py", 3, "TF501"), finding("bad.py", 5, "TF201", "side-effect"),
         finding("clean.py", 1, "TF502")],
    )  # fmt: skip
    assert (result.expected, len(result.found), len(result.false_alarms)) == (2, 1, 2)
    assert result.missed == ["case:4 retracing/new-name"]


def test_static_score_is_not_below_the_recorded_baseline():
    script = _score_script()
    result = script.current_score()
    baseline = json.loads(script.BASELINE.read_text())
    print(
        f"\nreal-world suite: recall {len(result.found)}/{result.expected} "
        f"({result.recall:.0%}), false alarms {len(result.false_alarms)} "
        f"(baseline {baseline['found']}/{baseline['expected']}, {baseline['false_alarms']})"
    )
    new_misses = sorted(set(result.missed) - set(baseline["missed_lines"]))
    new_alarms = sorted(set(result.false_alarms) - set(baseline["false_alarm_lines"]))
    assert len(result.found) >= baseline["found"], f"recall dropped; newly missed: {new_misses}"
    assert len(result.false_alarms) <= baseline["false_alarms"], f"new false alarms: {new_alarms}"


def test_a_partial_rerun_replaces_its_entries_and_drops_removed_programs():
    def verdict(name, status):
        return realworld.PairVerdict(
            name, "https://example.org", "traces >= 5", status, "", "", 1.0
        )

    previous = realworld.record(
        [verdict(PROGRAMS[0].name, realworld.NOT_CONFIRMED), verdict(PROGRAMS[1].name, "confirmed"),
         verdict("removed_program", realworld.CONFIRMED)],
        {"tensorflow": "2.x"},
    )  # fmt: skip
    merged = realworld.merge(previous, [verdict(PROGRAMS[0].name, realworld.CONFIRMED)], PROGRAMS)
    assert {(v.name, v.status) for v in merged} == {
        (PROGRAMS[0].name, realworld.CONFIRMED),
        (PROGRAMS[1].name, realworld.CONFIRMED),
    }

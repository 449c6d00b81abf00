"""Sealed evaluation sets (tests/sealed/NAME): built by a session that changes no rule.

Each set must match its seal (SEALED.sha256: every file and its hash), so nobody tunes a set by
editing it; a set in the real-world suite's format must be confirmed under TensorFlow by its
committed record, and tf2lint's score on it must not fall behind its recorded baseline
(``python scripts/sealed_score.py tests/sealed/NAME --write`` raises the bar). A set in the Keras 2
snippet suite's format (runtime_check/keras2_snippets.py) is confirmed by its record and scored
against its score.json the same way; a set of Keras 2 programs for scripts/migration_score.py must
be described, sourced and confirmed by its record (scoring it runs TensorFlow: not a test).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from tf2lint.runtime_check import keras2_snippets, realworld

ROOT = Path(__file__).resolve().parent.parent
_DESCRIPTION = re.compile(r"^#\s*DESCRIPTION:\s*\S", re.MULTILINE)
_SOURCE = re.compile(r"^#\s*SOURCE:\s*https://\S+", re.MULTILINE)
SEALED = ROOT / "tests" / "sealed"
SETS = sorted(p.parent for p in SEALED.glob("*/SEALED.sha256"))
PROGRAM_SETS = [s for s in SETS if any(s.glob("*/bad.py"))]
# The Keras 2 snippet suite's format (runtime_check/keras2_snippets.py): snippets and clean/.
SNIPPET_SETS = [s for s in SETS if (s / "clean").is_dir() and not any(s.glob("*/bad.py"))]
# Keras 2 programs scored by scripts/migration_score.py: NAME.py files and their record.
MIGRATION_SETS = [s for s in SETS if s not in SNIPPET_SETS + PROGRAM_SETS and any(s.glob("*.py"))]


def _script(name="sealed_score"):
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        module = __import__(name)
    finally:
        sys.path.pop(0)
    return module


@pytest.mark.parametrize("folder", SETS, ids=lambda p: p.name)
def test_set_matches_its_seal(folder):
    script = _script()
    assert (folder / script.SEAL).read_text() == script.seal_text(folder), (
        f"{folder.name} changed since it was sealed: a sealed set is rebuilt, never edited"
    )


# Judges held outside main until they have judged (see README.md, "Held judges"): the hash of each
# one's seal, recorded when its totals were first read, so that the set merged later is the set read.
HELD = SEALED / "HELD.sha256"
_HELD_LINE = re.compile(r"^([0-9a-f]{64})  ([A-Za-z0-9_]+)/SEALED\.sha256$")


def test_a_held_judge_merged_later_is_the_set_that_was_read():
    import hashlib

    for line in HELD.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        found = _HELD_LINE.match(line)
        assert found, f"HELD.sha256: not `<sha256>  NAME/SEALED.sha256`: {line!r}"
        seal = SEALED / found[2] / "SEALED.sha256"
        if seal.exists():  # merged: its seal must be the one whose set was read
            assert hashlib.sha256(seal.read_bytes()).hexdigest() == found[1], found[2]


@pytest.mark.parametrize("folder", PROGRAM_SETS, ids=lambda p: p.name)
def test_every_program_is_described_and_confirmed_under_tensorflow(folder):
    script = _script()
    programs = realworld.load_suite(folder)
    record = json.loads((folder / "verified.json").read_text())
    assert record["tensorflow"].startswith("2.")
    recorded = {entry["name"]: entry for entry in record["programs"]}
    assert set(recorded) == {p.name for p in programs}
    for program in programs:
        assert program.expectations, f"{program.name}: no # EXPECT: line"
        assert script.description(program) != "(no description)", program.name
        entry = recorded[program.name]
        assert entry["digest"] == program.digest(), f"{program.name} changed since verified"
        assert entry["status"] == realworld.CONFIRMED, f"{program.name}: {entry}"


@pytest.mark.parametrize("folder", PROGRAM_SETS, ids=lambda p: p.name)
def test_score_is_not_below_the_recorded_baseline(folder):
    script = _script()
    # a held judge has no baseline yet: its builder runs this module, and must not see a score
    baseline_file = folder / script.BASELINE
    assert baseline_file.exists(), f"{folder.name} has no {script.BASELINE}: not scored"
    baseline = json.loads(baseline_file.read_text())
    result = script.current_score(folder)
    print("\n" + script.report(folder, result))
    assert len(result.found) >= baseline["found"], "recall dropped on a sealed set"
    assert len(result.false_alarms) <= baseline["false_alarms"], "new false alarms on a sealed set"


def test_the_report_shows_descriptions_and_labels_never_code(tmp_path):
    script = _script()
    program = tmp_path / "kept_print"
    program.mkdir()
    secret = "print('a line only the set builder may read')"
    (program / "bad.py").write_text(
        '# SOURCE: https://example.org/1\n# SYMPTOM: lines "step" < 2\n'
        "# DESCRIPTION: a print in a traced training step\n"
        f"import tensorflow as tf\n\n\n@tf.function\ndef f():\n    {secret}  # EXPECT: TF201\n"
    )
    (program / "clean.py").write_text("import tensorflow as tf\n")
    result = realworld.Score(1, [], ["kept_print:9 TF201"], ["kept_print/clean.py:1 TF501"])
    text = script.report(tmp_path, result)
    assert "a print in a traced training step" in text and "TF201" in text and "TF501" in text
    assert "only the set builder" not in text
    totals = script.report(tmp_path, result, totals=True)
    assert totals.splitlines()[0] == text.splitlines()[0]
    assert "a print in a traced training step" not in totals and "TF501" not in totals
    assert "1 on clean programs" in totals


def test_a_changed_file_breaks_the_seal(tmp_path):
    script = _script()
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "bad.py").write_text("x = 1\n")
    sealed = script.seal_text(tmp_path)
    (tmp_path / "a" / "bad.py").write_text("x = 2\n")
    assert script.seal_text(tmp_path) != sealed
    (tmp_path / "a" / "bad.py").write_text("x = 1\n")
    (tmp_path / "a" / "extra.py").write_text("")
    assert script.seal_text(tmp_path) != sealed


@pytest.mark.parametrize("folder", SNIPPET_SETS, ids=lambda p: p.name)
def test_breakage_record_covers_every_snippet_and_confirms_each(folder):
    """Every snippet as it is now ran under the Keras it was written for (tf-keras 2.21, or the
    older TensorFlow its header names) and broke under Keras 3; every clean form ran under Keras 3."""
    snippets = keras2_snippets.snippets(folder)
    record = json.loads(keras2_snippets.record_path(folder).read_text())
    assert sorted(record["snippets"]) == sorted(s.name for s in snippets)
    assert sum(1 for s in snippets if not s.clean) >= 80
    for snippet in snippets:
        entry = record["snippets"][snippet.name]
        assert entry["digest"] == snippet.digest, f"{snippet.name} changed since recorded"
        assert entry["verified"], f"{snippet.name}: {entry}"
        assert keras2_snippets.outcome_verified(snippet, entry["keras2"], entry["keras3"])
        assert _DESCRIPTION.search(snippet.source), f"{snippet.name}: no # DESCRIPTION:"
        assert _SOURCE.search(snippet.source), f"{snippet.name}: no # SOURCE:"
        if snippet.clean:
            assert snippet.expected_lines == ()
            continue
        assert snippet.expected_lines, f"{snippet.name}: no # EXPECT line"
        assert (folder / "clean" / snippet.name).is_file(), f"{snippet.name}: no Keras 3 form"
        if snippet.keras2_runnable and snippet.keras2_tensorflow:
            assert entry["keras2"]["tensorflow"] == snippet.keras2_tensorflow, snippet.name
        elif not snippet.keras2_runnable:
            assert "not_run" in entry["keras2"], snippet.name


@pytest.mark.parametrize("folder", SNIPPET_SETS, ids=lambda p: p.name)
def test_breakage_score_is_not_below_the_recorded_baseline(folder):
    result = keras2_snippets.score(folder)
    baseline = json.loads(keras2_snippets.score_path(folder).read_text())
    print(f"\n{folder.name}: {result['found']}/{result['expected']}, missed {result['missed']}")
    assert result["found"] >= baseline["found"], "recall dropped on a sealed set"
    assert len(result["clean_findings"]) <= len(baseline["clean_findings"]), (
        f"new findings on the Keras 3 forms: {result['clean_findings']}"
    )


@pytest.mark.parametrize("folder", MIGRATION_SETS, ids=lambda p: p.name)
def test_migration_programs_are_described_and_confirmed_under_both_kerases(folder):
    """Each program is described, has its source, and its record (scripts/migration_score.py
    --record) shows it, as it is now, running under Keras 2 and failing or printing something
    else under Keras 3 before any fix."""
    script = _script("migration_score")
    programs = script.load_programs(folder)
    record = json.loads((folder / script.RECORD).read_text())
    assert len(programs) >= 20
    assert set(record["versions"]) == {"tensorflow", "keras", "tf_keras"}
    assert sorted(record["programs"]) == sorted(p.name for p in programs)
    for program in programs:
        assert program.description and program.source.startswith("https://"), program.name
        compile(program.path.read_text(), program.name, "exec")
        entry = record["programs"][program.name]
        assert entry["digest"] == program.digest, f"{program.name} changed since recorded"
        assert entry["verified"], f"{program.name}: {entry}"
        assert entry["keras2"]["error"] is None and entry["keras2"]["stdout"].strip()
        unfixed = entry["keras3_unfixed"]
        assert unfixed["error"] is not None or not script.same_results(
            entry["keras2"]["stdout"], unfixed["stdout"]
        ), program.name


def test_migration_score_compares_numbers_within_its_tolerance_and_words_exactly():
    script = _script("migration_score")
    assert script.same_results("loss [0.5, 0.25]\n", "loss [0.50002, 0.25]\n")
    assert not script.same_results("loss [0.5, 0.25]\n", "loss [0.51, 0.25]\n")
    assert not script.same_results("lr 0.1\n", "learning_rate 0.1\n")
    assert not script.same_results("decoded [1, 2]\n", "decoded [1, 2, 3]\n")


def test_recall_by_category_counts_each_marked_line_under_its_first_category():
    from tf2lint.runtime_check.realworld import Score

    result = Score(
        expected=4,
        found=["a:3 retracing/x", "b:5 graph-incompatible/y|side-effect/z"],
        missed=["c:7 retracing/w", "d:9 TF201"],
        false_alarms=[],
    )
    assert _script().by_category(result) == "retracing 1/2, TF201 0/1, graph-incompatible 1/1"

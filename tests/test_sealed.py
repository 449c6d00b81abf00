"""Sealed evaluation sets (tests/sealed/NAME): built by a session that changes no rule.

Each set must match its seal (SEALED.sha256: every file and its hash), so nobody tunes a set by
editing it; a set in the real-world suite's format must be confirmed under TensorFlow by its
committed record, and tf2lint's score on it must not fall behind its recorded baseline
(``python scripts/sealed_score.py tests/sealed/NAME --write`` raises the bar).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tf2lint.runtime_check import realworld

ROOT = Path(__file__).resolve().parent.parent
SEALED = ROOT / "tests" / "sealed"
SETS = sorted(p.parent for p in SEALED.glob("*/SEALED.sha256"))
PROGRAM_SETS = [s for s in SETS if any(s.glob("*/bad.py"))]


def _script():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import sealed_score
    finally:
        sys.path.pop(0)
    return sealed_score


@pytest.mark.parametrize("folder", SETS, ids=lambda p: p.name)
def test_set_matches_its_seal(folder):
    script = _script()
    assert (folder / script.SEAL).read_text() == script.seal_text(folder), (
        f"{folder.name} changed since it was sealed: a sealed set is rebuilt, never edited"
    )


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
    result = script.current_score(folder)
    print("\n" + script.report(folder, result))
    baseline = json.loads((folder / script.BASELINE).read_text())
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

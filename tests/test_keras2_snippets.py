"""The Keras 2 snippet suites: their run records cover every snippet as it is now, each snippet is
verified under both Keras versions, and tf2lint's score matches the committed baseline.
Regenerate with ``python -m tf2lint.runtime_check.keras2_snippets --record`` (runs TensorFlow)
and ``--score --write``.

tests/keras2_snippets runs its Keras 2 side under tf-keras 2.21; tests/keras2_history_snippets
holds what Keras 2 itself removed before tf-keras 2.21 (``predict_classes``...), its Keras 2 side
run with an older TensorFlow (``--keras2-python``; the record names its version)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tf2lint.runtime_check import keras2_snippets as suite

SUITE = Path(__file__).parent / "keras2_snippets"
HISTORY = Path(__file__).parent / "keras2_history_snippets"
SUITES = [SUITE, HISTORY]
SNIPPETS = suite.snippets(SUITE)
RECORD = json.loads(suite.record_path(SUITE).read_text())
RECORDS = {folder: json.loads(suite.record_path(folder).read_text()) for folder in SUITES}
ALL = [(folder, s) for folder in SUITES for s in suite.snippets(folder)]


@pytest.mark.parametrize("folder", SUITES, ids=lambda f: f.name)
def test_record_covers_every_snippet_as_it_is_now(folder):
    record = RECORDS[folder]
    snippets = suite.snippets(folder)
    recorded = record["snippets"]
    assert sorted(recorded) == sorted(s.name for s in snippets)
    stale = [s.name for s in snippets if recorded[s.name]["digest"] != s.digest]
    assert stale == [], "snippets changed since the record: rerun --record --only " + " ".join(
        stale
    )
    assert {"tensorflow", "keras", "tf_keras"} <= set(record["versions"])
    if folder == HISTORY:  # the Keras 2 side: an older TensorFlow's own tf.keras
        old = record["versions"]["keras2_side"]["tensorflow"]
        assert tuple(map(int, old.split(".")[:2])) < (2, 16)


@pytest.mark.parametrize(("folder", "snippet"), ALL, ids=lambda x: getattr(x, "name", ""))
def test_snippet_verified_under_both_versions(folder, snippet):
    entry = RECORDS[folder]["snippets"][snippet.name]
    assert entry["verified"], entry
    assert suite.outcome_verified(snippet, entry["keras2"], entry["keras3"])
    if snippet.clean:
        assert snippet.expected_lines == ()
    else:
        assert snippet.expected_lines, "a breaking snippet marks its breaking line(s) # EXPECT"
        assert entry["keras2"]["error"] is None


def test_suite_covers_every_class_with_breaking_and_clean_snippets():
    breaking = {s.klass for s in SNIPPETS if not s.clean}
    clean = {s.klass for s in SNIPPETS if s.clean}
    assert breaking == set(suite.CLASSES)
    assert clean == set(suite.CLASSES)
    assert sum(1 for s in SNIPPETS if not s.clean) >= 120


@pytest.mark.parametrize("folder", SUITES, ids=lambda f: f.name)
def test_score_matches_committed_baseline(folder):
    """Recall per class and findings on clean snippets, as committed. A change in either is a
    deliberate regeneration (`--score --write`), seen in review."""
    assert suite.score(folder) == json.loads(suite.score_path(folder).read_text())


@pytest.mark.parametrize("folder", SUITES, ids=lambda f: f.name)
def test_safe_fixes_recorded_and_verified_under_both_versions(folder):
    """Every snippet a safe fix changes was run fixed: under Keras 3 it prints what the
    snippet printed under Keras 2, or no longer fails where it failed (`--fixes` regenerates
    this part); under Keras 2 the fixed code runs the same unless the fix is to a form only
    Keras 3 has (`keras2_same` false: the history key `learning_rate`, `scale_loss`), which
    Keras 2 refuses with an error."""
    import hashlib

    recorded = RECORDS[folder].get("fixes", {})
    fixed = {}
    for snippet in suite.snippets(folder):
        if not snippet.clean and (found := suite.safe_fix(snippet)) is not None:
            fixed[snippet.name] = hashlib.sha256(found[0].encode()).hexdigest()[:16]
    assert {name: entry["digest"] for name, entry in recorded.items()} == fixed
    assert [name for name, entry in recorded.items() if not entry["verified"]] == []
    # a fix to a form only Keras 3 has (the history key `learning_rate`, `scale_loss`, a cell's
    # `get_initial_state` without `dtype`) fails loudly under Keras 2, never prints another result
    silent = [
        n for n, e in recorded.items() if not e["keras2_same"] and e["keras2"]["error"] is None
    ]
    assert silent == []

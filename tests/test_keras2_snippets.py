"""The Keras 2 snippet suite (tests/keras2_snippets): its run record covers every snippet as it is
now, each snippet is verified under both Keras versions, and tf2lint's score matches the committed
baseline. Regenerate with ``python -m tf2lint.runtime_check.keras2_snippets --record`` (runs
TensorFlow) and ``--score --write``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tf2lint.runtime_check import keras2_snippets as suite

SUITE = Path(__file__).parent / "keras2_snippets"
SNIPPETS = suite.snippets(SUITE)
RECORD = json.loads(suite.record_path(SUITE).read_text())


def test_record_covers_every_snippet_as_it_is_now():
    recorded = RECORD["snippets"]
    assert sorted(recorded) == sorted(s.name for s in SNIPPETS)
    stale = [s.name for s in SNIPPETS if recorded[s.name]["digest"] != s.digest]
    assert stale == [], "snippets changed since the record: rerun --record --only " + " ".join(
        stale
    )
    assert set(RECORD["versions"]) == {"tensorflow", "keras", "tf_keras"}


@pytest.mark.parametrize("snippet", SNIPPETS, ids=lambda s: s.name)
def test_snippet_verified_under_both_versions(snippet):
    entry = RECORD["snippets"][snippet.name]
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


def test_score_matches_committed_baseline():
    """Recall per class and findings on clean snippets, as committed. A change in either is a
    deliberate regeneration (`--score --write`), seen in review."""
    assert suite.score(SUITE) == json.loads(suite.score_path(SUITE).read_text())


def test_safe_fixes_recorded_and_verified_under_both_versions():
    """Every snippet a safe fix changes was run fixed: it still runs under Keras 2, and under
    Keras 3 it no longer fails where it failed (`--fixes` regenerates this part)."""
    import hashlib

    recorded = RECORD.get("fixes", {})
    fixed = {}
    for snippet in SNIPPETS:
        if not snippet.clean and (found := suite.safe_fix(snippet)) is not None:
            fixed[snippet.name] = hashlib.sha256(found[0].encode()).hexdigest()[:16]
    assert {name: entry["digest"] for name, entry in recorded.items()} == fixed
    assert [name for name, entry in recorded.items() if not entry["verified"]] == []

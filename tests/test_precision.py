"""The user-level precision read (docs/precision.md): its code bases, its labels and its figures.

No network and no TensorFlow: the labels are data, and the figures the docs show are computed
from them by scripts/precision_score.py (re-linting the code bases is that script's ``--sources``).
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from tf2lint.linting.plugins import all_rules

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "precision_score", ROOT / "scripts" / "precision_score.py"
)
precision = importlib.util.module_from_spec(_spec)
sys.modules["precision_score"] = precision  # its dataclasses look their module up by name
_spec.loader.exec_module(precision)

CODEBASES = precision.load_codebases()
LABELS = precision.load_labels()
SUMMARY = json.loads(precision.SUMMARY.read_text())
CATEGORY = {rule.id: rule.category for rule in all_rules()}
KINDS = {"book", "course", "tutorial", "kaggle", "research"}
LABEL_KEYS = {
    "codebase", "path", "cell", "rule", "line", "line_sha256", "sample", "split", "label", "reason",
}  # fmt: skip


def test_at_least_32_pinned_application_code_bases():
    names = [c["repository"] for c in CODEBASES]
    assert len(names) >= 32 and len(set(names)) == len(names)
    for c in CODEBASES:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+", c["repository"]), c
        assert re.fullmatch(r"[0-9a-f]{40}", c["commit"]), c
        assert c["kind"] in KINDS and c["why"].strip(), c


def test_split_is_the_seeded_draw_over_sorted_names():
    drawn = precision.draw_split([c["repository"] for c in CODEBASES])
    assert {c["repository"]: c["split"] for c in CODEBASES} == drawn
    development = sum(1 for s in drawn.values() if s == "development")
    assert abs(development - len(drawn) * 2 / 3) <= 1


@pytest.mark.parametrize("entry", LABELS, ids=lambda e: f"{e['codebase']}:{e['rule']}:{e['line']}")
def test_label_is_well_formed(entry):
    splits = precision.split_of(CODEBASES)
    assert set(entry) == LABEL_KEYS
    assert entry["codebase"] in splits and entry["split"] == splits[entry["codebase"]]
    assert entry["label"] in precision.LABEL_VALUES and entry["sample"] in precision.SAMPLES
    assert re.fullmatch(r"TF\d{3}", entry["rule"]) and entry["line"] >= 1
    assert re.fullmatch(r"[0-9a-f]{64}", entry["line_sha256"])
    assert entry["cell"] is None or (entry["path"].endswith(".ipynb") and entry["cell"] >= 1)
    category = CATEGORY.get(entry["rule"])  # None: a rule since removed
    if entry["sample"] == "default":
        assert category not in precision.NOT_SCORED
    elif entry["sample"] == "keras3":
        # the Keras 3 family (TF001-TF020); TF015 was sampled here before it became graph-incompatible
        assert entry["rule"].startswith("TF0") and entry["rule"] != "TF000"
    # a general reason, never the code base's own names
    assert len(entry["reason"]) >= 20
    owner, name = entry["codebase"].split("/")
    assert (
        owner.lower() not in entry["reason"].lower() and name.lower() not in entry["reason"].lower()
    )


def test_labels_are_one_per_finding():
    """A place holds one label per finding: several only where one rule reports several calls on
    one line (`mse(K.flatten(a), K.flatten(b))`), and those agree. That the labels are not
    written twice is the count of test_every_drawn_finding_is_labelled."""
    places = defaultdict(set)
    for e in LABELS:
        place = (e["codebase"], e["path"], e["cell"], e["line"], e["rule"], e["sample"])
        places[place].add(e["label"])
    assert [p for p, found in places.items() if len(found) > 1] == []


def test_every_drawn_finding_is_labelled():
    """Each sample holds all of its population, or exactly its fixed size where there are more."""
    runs = SUMMARY["codebases"].values()
    population = {
        "default": sum(sum(c["default"]["rules"].values()) for c in runs),
        "keras3": sum(c["default"]["categories"].get("keras3", 0) for c in runs),
        "preview": sum(sum(c["preview_only"]["categories"].values()) for c in runs),
    }
    labelled = Counter(e["sample"] for e in LABELS)
    for sample, size in precision.SAMPLE_SIZES.items():
        assert labelled[sample] == min(size, population[sample]), sample


def test_docs_show_the_figures_the_labels_give():
    shown = precision.docs_block(precision.DOCS.read_text())
    assert shown == precision.figures_markdown(LABELS, SUMMARY)


def test_figures_count_each_label_once():
    for sample in precision.SAMPLES:
        both = precision.overall(precision.tally(LABELS, sample, None))
        parts = [precision.overall(precision.tally(LABELS, sample, s)) for s in precision.SPLITS]
        assert (
            both.total
            == sum(p.total for p in parts)
            == sum(1 for e in LABELS if e["sample"] == sample)
        )
        assert both.false == sum(p.false for p in parts)


def test_matching_pairs_a_finding_with_its_label_by_line_text_not_number():
    label = {
        "codebase": "o/n", "path": "a.py", "cell": None, "rule": "TF201", "line": 10,
        "line_sha256": precision.line_hash("  print(x)\n"), "sample": "default",
        "split": "development", "label": "true", "reason": "a print runs once, while tracing",
    }  # fmt: skip
    moved = precision.Finding(
        "o/n", "a.py", None, 12, 5, "TF201", "side-effect", "m", precision.line_hash("print(x)")
    )
    other = precision.Finding(
        "o/n", "a.py", None, 10, 5, "TF201", "side-effect", "m", precision.line_hash("print(y)")
    )
    paired, unlabelled, gone = precision.match([moved, other], [label])
    assert paired == [(moved, label)] and unlabelled == [other] and gone == []


def test_docs_count_the_code_bases_as_codebases_json_does():
    text = precision.DOCS.read_text()
    parts = Counter(c["split"] for c in CODEBASES)
    assert f"{len(CODEBASES)} public repositories" in text
    assert f"**development** part ({parts['development']})" in text
    assert f"**final** part ({parts['final']})" in text

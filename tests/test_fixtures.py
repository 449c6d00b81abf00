"""Every rule's fixtures are real Python, and its good one is clean under all rules."""

from __future__ import annotations

import pytest

from tf2lint.linting.engine import lint_module
from tf2lint.linting.plugins import all_rules

RULES = [r for r in all_rules() if r.__module__.startswith("tf2lint.rules")]


# What each bad fixture reports, exactly, is pinned by tests/test_snapshots.py.
@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_bad_fixture_fires_its_rule_on_its_own(rule):
    path = rule.fixtures()["bad"]
    found = lint_module(path.read_text(), str(path), [rule]).diagnostics
    assert [d for d in found if d.rule == rule.id]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_good_fixture_is_clean_under_every_default_rule(rule):
    """The good fixture is the form the docs teach: no rule shown by default may object to it
    (and its own rule not even under --preview)."""
    path = rule.fixtures()["good"]
    found = lint_module(path.read_text(), str(path), list(all_rules())).diagnostics
    assert [(d.rule, d.line) for d in found if d.rule == rule.id or not d.preview] == []


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_bad_fixture_is_real_python(rule):
    for path in rule.fixtures().values():
        compile(path.read_text(), str(path), "exec")


def test_every_rule_has_complete_metadata():
    ids = [r.id for r in all_rules()]
    assert len(ids) == len(set(ids))
    for rule in all_rules():
        assert rule.rationale.strip() and rule.message
        assert rule.fixtures()["bad"].is_file() and rule.fixtures()["good"].is_file()

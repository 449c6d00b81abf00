"""The rule docs are generated from the rules, and stay current."""

from __future__ import annotations

import importlib.util

from conftest import ROOT


def test_docs_rules_md_is_generated_from_the_current_rules():
    spec = importlib.util.spec_from_file_location(
        "generate_rule_docs", ROOT / "scripts" / "generate_rule_docs.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    committed = (ROOT / "docs" / "rules.md").read_text()
    assert committed == module.render(), "run: python scripts/generate_rule_docs.py"

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


def test_keras3_migration_lists_every_breakage_the_rules_know_as_generated():
    spec = importlib.util.spec_from_file_location(
        "generate_rule_docs", ROOT / "scripts" / "generate_rule_docs.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    committed = (ROOT / "docs" / "keras3-migration.md").read_text()
    assert module.BEGIN in committed and module.END in committed
    assert committed == module.render_migration(committed), (
        "run: python scripts/generate_rule_docs.py"
    )
    generated = committed.partition(module.BEGIN)[2].partition(module.END)[0]
    for rule in ("TF008", "TF010", "TF011", "TF012", "TF020", "TF108"):
        assert f"[{rule}]" in generated

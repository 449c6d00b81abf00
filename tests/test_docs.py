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


def test_readme_names_every_rule_whose_category_left_its_id_prefix():
    """The README says an id's first digit names its category; the rules that moved keep their
    ids, and that sentence must name each of them (and only them)."""
    import re

    from tf2lint.linting.plugins import all_rules

    table = re.findall(r"^\| TF(\d)xx \| ([a-z0-9-]+) \|", (ROOT / "README.md").read_text(), re.M)
    prefix = dict(table)
    assert len(prefix) == 10
    moved = {r.id for r in all_rules() if r.id != "TF000" and prefix[r.id[2]] != r.category}
    sentence = re.search(
        r"keeps its id: ([^;]+);", (ROOT / "README.md").read_text().replace("\n", " ")
    )
    assert sentence is not None
    assert set(re.findall(r"TF\d{3}", sentence[1])) == moved

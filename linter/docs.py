"""A rule's documentation, generated from its metadata and fixtures (never written twice)."""

from __future__ import annotations

import textwrap

from tf2lint.rule import Rule

_FIX_TEXT = {
    "safe": "A safe fix is available: `tf2lint check --fix` applies it; it keeps the code's meaning.",
    "unsafe": "An unsafe fix is available: it may change behaviour, so it applies only with "
    "`tf2lint check --fix --unsafe-fixes`.",
    "none": "There is no automatic fix.",
}


def _fixture(rule: type[Rule], which: str) -> str:
    path = rule.fixtures()[which]
    try:
        return path.read_text(encoding="utf-8").rstrip() + "\n"
    except OSError:
        return f"(fixture {path} not found)\n"


def explain(rule: type[Rule]) -> str:
    since = f" (TensorFlow >= {rule.since_tensorflow})" if rule.since_tensorflow else ""
    fix_text = _FIX_TEXT[rule.fix_applicability]
    if rule.fix_safety:
        fix_text += " " + rule.fix_safety.strip()
    return (
        f"{rule.id} {rule.name}{since}\n"
        f"category: {rule.category}  severity: {rule.severity}  fix: {rule.fix_applicability}\n\n"
        f"## What it does\n{rule.message}\n\n"
        f"## Why is this bad?\n{textwrap.dedent(rule.rationale).strip()}\n\n"
        f"## Example\n```python\n{_fixture(rule, 'bad')}```\n\n"
        f"## Use instead\n```python\n{_fixture(rule, 'good')}```\n\n"
        f"## Fix safety\n{fix_text}\n"
    )

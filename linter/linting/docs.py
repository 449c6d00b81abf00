"""A rule's documentation, generated from its metadata and fixtures (never written twice)."""

from __future__ import annotations

import ast
import textwrap
from functools import cache

from tf2lint.linting.rule import Rule

_FIX_TEXT = {
    "safe": "A safe fix is available: `tf2lint check --fix` applies it; it keeps the code's meaning.",
    "unsafe": "An unsafe fix is available: it may change behaviour, so it applies only with "
    "`tf2lint check --fix --unsafe-fixes`.",
    "none": "There is no automatic fix.",
}


def _fixture(rule: type[Rule], which: str) -> str:
    path = rule.fixtures()[which]
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return f"(fixture {path} not found)\n"
    return strip_harness(text, keep_exercise=_exercise_is_example(rule)).rstrip() + "\n"


# What the runtime harness reads from a fixture (fixtures/README.md): not part of the example.
_HARNESS_SETTINGS = ("RUNTIME_CHECK", "RUNTIME_CHECK_SKIP")
_HARNESS_DRIVER = "exercise"


def _harness_statements(tree: ast.Module, keep_exercise: bool) -> list[ast.stmt]:
    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in _HARNESS_SETTINGS for t in targets):
                found.append(node)
        elif (
            isinstance(node, ast.FunctionDef) and node.name == _HARNESS_DRIVER and not keep_exercise
        ):
            found.append(node)
    return found


def strip_harness(text: str, keep_exercise: bool = False) -> str:
    """A fixture without what only the harness reads: ``RUNTIME_CHECK`` and ``RUNTIME_CHECK_SKIP``,
    (unless ``keep_exercise``) the ``exercise`` function that drives the code, and the imports
    only those used."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return text
    stripped = _without(text, _harness_statements(tree, keep_exercise))
    used_before = _names_read(tree)
    used_after = _names_read(ast.parse(stripped))
    orphaned = [
        node
        for node in ast.parse(stripped).body
        if isinstance(node, ast.Import | ast.ImportFrom)
        and all(_bound(a) not in used_after and _bound(a) in used_before for a in node.names)
    ]
    return _without(stripped, orphaned)


def _without(text: str, statements: list[ast.stmt]) -> str:
    """``text`` without ``statements``, each with the blank lines before it (those after it
    space what follows)."""
    lines = text.splitlines(keepends=True)
    drop: set[int] = set()
    for node in statements:
        first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))]) - 1
        while first > 0 and not lines[first - 1].strip():
            first -= 1
        drop.update(range(first, node.end_lineno or node.lineno))
    return "".join(line for i, line in enumerate(lines) if i not in drop)


def _bound(alias: ast.alias) -> str:
    return alias.asname or alias.name.split(".")[0]


def _names_read(tree: ast.Module) -> set[str]:
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}


@cache
def _exercise_is_example(rule: type[Rule]) -> bool:
    """Whether the fixtures' ``exercise`` is the example itself (the Keras 3 rules' training
    loops, say), not just the harness driving it: the bad and good twins differ only there (their
    docstrings, imports and harness settings aside)."""
    try:
        bad, good = (
            ast.parse(rule.fixtures()[w].read_text(encoding="utf-8")) for w in ("bad", "good")
        )
    except (OSError, SyntaxError, ValueError):
        return False
    if not any(_is_driver(node) for node in bad.body):
        return False
    return _outside_driver(bad) == _outside_driver(good)


def _is_driver(node: ast.stmt) -> bool:
    return isinstance(node, ast.FunctionDef) and node.name == _HARNESS_DRIVER


def _outside_driver(tree: ast.Module) -> list[str]:
    """The module's statements but the driver, imports, harness settings and docstring."""
    harness = set(map(id, _harness_statements(tree, keep_exercise=True)))
    body = [
        node
        for node in tree.body
        if not _is_driver(node)
        and id(node) not in harness
        and not isinstance(node, ast.Import | ast.ImportFrom)
    ]
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return [ast.dump(node) for node in body]


def explain(rule: type[Rule]) -> str:
    since = f" (TensorFlow >= {rule.since_tensorflow})" if rule.since_tensorflow else ""
    fix_text = _FIX_TEXT[rule.fix_applicability]
    if rule.fix_safety:
        fix_text += " " + rule.fix_safety.strip()
    preview = (
        f"\n\nIn preview (its findings are shown with `--preview`): {rule.preview}"
        if rule.preview
        else ""
    )
    return (
        f"{rule.id} {rule.name}{since}\n"
        f"category: {rule.category}  severity: {rule.severity}  fix: {rule.fix_applicability}\n\n"
        f"## What it does\n{rule.message}{preview}\n\n"
        f"## Why is this bad?\n{textwrap.dedent(rule.rationale).strip()}\n\n"
        f"## Example\n```python\n{_fixture(rule, 'bad')}```\n\n"
        f"## Use instead\n```python\n{_fixture(rule, 'good')}```\n\n"
        f"## Fix safety\n{fix_text}\n"
    )

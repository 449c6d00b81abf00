"""Applying fixes: non-overlapping edits per round, re-linted to a fixed point, verified to parse."""

from __future__ import annotations

import ast

import libcst as cst

from tf2lint.rule import Diagnostic, Fix
from tf2lint.walk import walk


class _Replace(cst.CSTTransformer):
    def __init__(self, replacements: dict[int, cst.CSTNode | cst.RemovalSentinel]) -> None:
        super().__init__()
        self.replacements = replacements

    def on_leave(self, original_node, updated_node):
        return self.replacements.get(id(original_node), updated_node)


def choose_fixes(module: cst.Module, fixes: list[Fix]) -> list[Fix]:
    """The fixes whose edits do not overlap, outermost first, in source order (deterministic)."""
    owner: dict[int, int] = {}
    for i, fix in enumerate(fixes):
        for old, _ in fix.edits:
            owner.setdefault(id(old), i)
    dropped: set[int] = set()
    active: list[int] = []

    def enter(node: cst.CSTNode) -> None:
        i = owner.get(id(node))
        if i is None:
            return
        if i in dropped or any(a != i for a in active):
            dropped.add(i)
        active.append(i)

    def leave(node: cst.CSTNode) -> None:
        if id(node) in owner:
            active.pop()

    walk(module, enter, leave)
    edited = {i for i in owner.values()}
    return [f for i, f in enumerate(fixes) if i in edited and i not in dropped]


def apply(module: cst.Module, fixes: list[Fix]) -> str:
    replacements = {id(old): new for fix in fixes for old, new in fix.edits}
    return module.visit(_Replace(replacements)).code


def parses(code: str) -> bool:
    try:
        ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def fix_round(
    module: cst.Module, diagnostics: list[Diagnostic], unsafe: bool
) -> tuple[str | None, int, list[Diagnostic]]:
    """Apply one round of fixes. Returns (new code or None, fixes applied, fixes rejected)."""
    wanted = [
        d
        for d in diagnostics
        if d.fix and d.fix.edits and (d.fix.applicability == "safe" or unsafe)
    ]
    if not wanted:
        return None, 0, []
    chosen = choose_fixes(module, [d.fix for d in wanted])
    code = apply(module, chosen)
    if parses(code):
        return code, len(chosen), []
    # Find the fixes that break the code, apply the rest.
    good, bad = [], []
    for fix in chosen:
        (good if parses(apply(module, [fix])) else bad).append(fix)
    rejected = [d for d in wanted if d.fix in bad]
    if not good:
        return None, 0, rejected
    code = apply(module, good)
    return (code, len(good), rejected) if parses(code) else (None, 0, rejected)

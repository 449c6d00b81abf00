"""Suppression comments applied to a module's findings: what they silence goes, and the rule
that reports suppressions (TF000) reports the comments that name no rule, or silence nothing,
each with the fix that takes its ids out (see tf2lint.linting.suppress for the comments
themselves)."""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from typing import TYPE_CHECKING

import libcst as cst
from libcst._nodes.base import CSTNode

from tf2lint.base.parsing import parse_module
from tf2lint.linting.plugins import all_rules
from tf2lint.linting.rule import ENGINE_CATEGORY, Diagnostic, Fix, Rule
from tf2lint.linting.suppress import (
    Suppression,
    UnusedSuppression,
    is_suppressed,
    parse_suppressions,
    unused,
    without_ids,
)

if TYPE_CHECKING:
    from tf2lint.linting.engine import FileResult


def apply_suppressions(
    result: FileResult, source: str, report_unused: bool, rules: list[type[Rule]]
) -> None:
    suppressions = parse_suppressions(source)
    if not suppressions:
        return
    result.diagnostics = [
        d
        for d in result.diagnostics
        if d.category == ENGINE_CATEGORY or not is_suppressed(suppressions, d)
    ]
    # The rule that reports suppressions (TF000) runs here, once every other rule has: the ids
    # that name no rule always, the unused ones with `report-unused-suppressions`.
    reporter = next((r for r in rules if r.reports_suppressions), None)
    if reporter is None:
        return
    idle = unused(suppressions, rules, all_rules())
    if not report_unused:
        idle = [UnusedSuppression(i.suppression, unknown=i.unknown) for i in idle if i.unknown]
    if not idle:
        return
    comments = _comment_nodes(result, source, suppressions, [report.suppression for report in idle])
    for report in idle:
        s = report.suppression
        found = comments.get(id(s))
        fix = None
        if found is not None:
            fix = _suppression_fix(*found, set(report.unused + report.unknown))
        result.diagnostics.append(
            Diagnostic(
                path=result.path,
                line=s.line,
                column=s.column,
                end_line=s.line,
                end_column=s.column + len(s.comment),
                rule=reporter.id,
                name=reporter.name,
                category=reporter.category,
                severity=reporter.severity,
                message=report.message,
                fix=fix,
            )
        )


def _comment_nodes(
    result: FileResult, source: str, suppressions: list[Suppression], wanted: list[Suppression]
) -> dict[int, tuple[cst.Comment, cst.CSTNode]]:
    """The comment node of each ``wanted`` suppression (by ``id``) among the module's
    ``suppressions``, with the node holding it.
    Parses the module if the engine had no need to (a file without TensorFlow): a fix edits the
    tree. A suppression whose comment cannot be told apart from another is left out (no fix)."""
    try:
        if result.module is None:
            result.module = parse_module(source)
    except (cst.ParserSyntaxError, RecursionError, MemoryError):
        return {}
    module = result.module
    texts = {s.comment for s in wanted}
    nodes: dict[str, list[tuple[cst.Comment, cst.CSTNode]]] = defaultdict(list)
    for comment, holder in _comments(module):
        if comment.value in texts:
            nodes[comment.value].append((comment, holder))
    found: dict[int, tuple[cst.Comment, cst.CSTNode]] = {}
    for text, held in nodes.items():
        same = [s for s in suppressions if s.comment == text]
        if len(same) != len(held):
            continue
        if len(held) > 1:  # the same comment on several lines: which node is on which line
            lines = _lines_of(module, [comment for comment, _ in held])
            if lines is None:
                continue
            held = [held[lines.index(s.line)] for s in same if s.line in lines]
            if len(held) != len(same):
                continue
        by_line = {s.line: pair for s, pair in zip(same, held, strict=True)}
        for s in wanted:
            if s.comment == text and s.line in by_line:
                found[id(s)] = by_line[s.line]
    return found


_FIELDS: dict[type, tuple[str, ...]] = {}


def _comments(module: cst.Module) -> list[tuple[cst.Comment, cst.CSTNode]]:
    """Every comment of ``module`` with the node holding it, in no particular order (the fast
    walk of tf2lint.analysis.walk skips the whitespace fields comments live in)."""
    out = []
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        names = _FIELDS.get(type(node))
        if names is None:
            names = _FIELDS[type(node)] = tuple(f.name for f in dataclasses.fields(node))
        for name in names:
            value = getattr(node, name)
            if type(value) is cst.Comment:
                out.append((value, node))
            elif isinstance(value, CSTNode):
                stack.append(value)
            elif type(value) is tuple or type(value) is list:
                stack.extend(v for v in value if isinstance(v, CSTNode))
    return out


def _lines_of(module: cst.Module, comments: list[cst.Comment]) -> list[int] | None:
    """The line of each of ``comments`` (alike in text): each printed once as a unique marker.
    libcst's position metadata would tell, at ten times the cost of printing the module."""
    code = module.code
    nonce = 0
    while f"#tf2lint-comment-{nonce}-" in code:
        nonce += 1
    originals = [comment.value for comment in comments]
    try:
        for n, comment in enumerate(comments):
            object.__setattr__(comment, "value", f"#tf2lint-comment-{nonce}-{n}#")
        marked = module.code
    finally:
        for comment, value in zip(comments, originals, strict=True):
            object.__setattr__(comment, "value", value)
    lines = []
    for n in range(len(comments)):
        at = marked.find(f"#tf2lint-comment-{nonce}-{n}#")
        if at < 0:
            return None
        lines.append(len(_LINE_BREAK.findall(marked, 0, at)) + 1)
    return lines


_LINE_BREAK = re.compile(r"\r\n|\r|\n")  # where Python (and parse_suppressions) ends a line


def _suppression_fix(comment: cst.Comment, holder: cst.CSTNode, drop: set[str]) -> Fix | None:
    """Take the ids in ``drop`` out of the suppression ``comment`` (in ``holder``, the node
    holding it); the whole comment when none is left: with the spaces before it at the end of
    a line, with its line when it is alone on one."""
    if not drop:
        return None
    new = without_ids(comment.value, drop)
    if new is None or new == comment.value:
        return None
    ids = ", ".join(sorted(drop))
    if new:  # the reported range is the comment: JSON and SARIF show this edit too
        edit = (comment, comment.with_changes(value=new))
        return Fix("safe", f"remove {ids} from the suppression", (edit,), replacement_text=new)
    whole = "remove the suppression comment"
    if type(holder) is cst.TrailingWhitespace:  # the spaces before it go too
        bare = holder.with_changes(whitespace=cst.SimpleWhitespace(""), comment=None)
        return Fix("safe", whole, ((holder, bare),))
    if type(holder) is cst.EmptyLine:  # alone on its line: the line goes
        return Fix("safe", whole, ((holder, cst.RemovalSentinel.REMOVE),))
    return None

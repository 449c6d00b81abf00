"""The verify report: a plain table, Markdown (docs/verify.md), JSON or HTML."""

from __future__ import annotations

import json
import shutil
import textwrap

from tf2lint.runtime_check.judge import Verdict
from tf2lint.runtime_check.observe import seconds

COLUMNS = (
    "rule",
    "category",
    "device",
    "result",
    "traces (bad/good)",
    "trace time (bad/good)",
    "steady call (bad/good)",
    "slowdown",
    "graph nodes (bad/good)",
    "after the fix",
    "evidence",
)
EVIDENCE_WIDTH = 30  # the fix and evidence columns wrap, never narrower than this


def _pair(verdict: Verdict, render) -> str:
    if not verdict.bad or not verdict.good:
        return "-"
    return f"{render(verdict.bad)} / {render(verdict.good)}"


def _nodes(result: dict) -> str:
    by_scale = result.get("graph_nodes_by_scale")
    if by_scale:
        return f"{by_scale.get('1', 0)}->{by_scale.get('10', 0)}"
    return str(result.get("graph_nodes", "-"))


def _fix(verdict: Verdict) -> str:
    """``symptom gone (safe fix): the fixed fixture ran without error``, or ``-`` (no fix)."""
    fix = verdict.fix
    if fix is None:
        return "-"
    return f"{fix.status} ({fix.applicability} fix): {fix.reason}"


def cells(verdict: Verdict) -> list[str]:
    slowdown = verdict.slowdown
    return [
        verdict.rule,
        verdict.category,
        verdict.device,
        verdict.status,
        _pair(verdict, lambda r: str(r.get("traces", "-"))),
        _pair(verdict, lambda r: seconds(r.get("trace_seconds"))),
        _pair(verdict, lambda r: seconds(r.get("steady_call_seconds"))),
        f"{slowdown:.1f}x" if slowdown is not None else "-",
        _pair(verdict, _nodes),
        _fix(verdict),
        verdict.reason,
    ]


def summary(verdicts: list[Verdict]) -> str:
    counts: dict[str, int] = {}
    for v in verdicts:
        counts[v.status] = counts.get(v.status, 0) + 1
    fixes: dict[str, int] = {}
    for v in verdicts:
        if v.fix is not None:
            fixes[v.fix.status] = fixes.get(v.fix.status, 0) + 1
    out = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()))
    if fixes:
        out += "; after the fix: " + ", ".join(f"{n} {s}" for s, n in sorted(fixes.items()))
    return out


def render_table(verdicts: list[Verdict], meta: dict, width: int | None = None) -> str:
    """A table about ``width`` columns wide (default: the terminal's, or 120): the short
    columns as wide as their values (headers wrap to them), the two long ones (the fix, the
    evidence) share the rest and wrap, never narrower than EVIDENCE_WIDTH (so ~160 columns at
    the least); nothing is cut."""
    total = width or shutil.get_terminal_size((120, 24)).columns
    data = [cells(v) for v in verdicts]
    short = len(COLUMNS) - 2
    widths = [
        max([len(row[i]) for row in data] + [max(len(word) for word in COLUMNS[i].split())])
        for i in range(short)
    ]
    room = total - sum(widths) - 2 * (len(COLUMNS) - 1)
    if room < 2 * EVIDENCE_WIDTH:  # a narrow terminal (80 columns): a block per rule instead
        return _render_blocks(verdicts, data, meta, total)
    widths += [room // 2] * 2
    rows = [[textwrap.wrap(header, w) for header, w in zip(COLUMNS, widths, strict=True)]]
    rows += [
        [textwrap.wrap(c, w) or ["-"] for c, w in zip(row, widths, strict=True)] for row in data
    ]
    widths = [max(len(line) for r in rows for line in r[i]) for i in range(len(COLUMNS))]
    lines = []
    for r in rows:
        for k in range(max(len(c) for c in r)):
            parts = [(c[k] if k < len(c) else "").ljust(w) for c, w in zip(r, widths, strict=True)]
            lines.append("  ".join(parts).rstrip())
        if r is rows[0]:
            lines.append("  ".join("-" * w for w in widths))
    lines.append("")
    lines.append(f"{summary(verdicts)} ({_meta_line(meta)})")
    return "\n".join(lines) + "\n"


def _render_blocks(verdicts: list[Verdict], data: list[list[str]], meta: dict, width: int) -> str:
    """The table for a terminal too narrow for its columns: per rule, its id, category, device
    and verdict on one line, then each other column as ``name: value``, wrapped to ``width``."""
    lines = []
    for row in data:
        lines.append("  ".join(row[:4]))
        for name, value in zip(COLUMNS[4:], row[4:], strict=True):
            lines += textwrap.wrap(
                f"{name}: {value}", width, initial_indent="  ", subsequent_indent="    "
            )
        lines.append("")
    lines += textwrap.wrap(f"{summary(verdicts)} ({_meta_line(meta)})", width)
    return "\n".join(lines) + "\n"


def _meta_line(meta: dict) -> str:
    return (
        f"TensorFlow {meta['tensorflow']}, {meta['devices']}, {meta['repeat']} calls per fixture, "
        f"{meta['date']}"
    )


def render_markdown(verdicts: list[Verdict], meta: dict) -> str:
    def escape(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    out = [
        "# tf2lint verify",
        "",
        "Each rule's bad fixture run under real TensorFlow next to its good twin, and, for a "
        "rule with a fix, after that fix (`tf2lint verify --format markdown`).",
        "",
        f"- date: {meta['date']}",
        f"- TensorFlow: {meta['tensorflow']}",
        f"- device: {meta['devices']}",
        f"- Python: {meta['python']}, {meta['platform']}",
        f"- calls per fixture: {meta['repeat']}",
        "",
        "| " + " | ".join(COLUMNS) + " |",
        "| " + " | ".join("---" for _ in COLUMNS) + " |",
    ]
    out += ["| " + " | ".join(escape(c) for c in cells(v)) + " |" for v in verdicts]
    out += [
        "",
        f"Summary: {summary(verdicts)}.",
        "",
        "Traces: times the fixture's `tf.function`s traced. Trace time: wall time of the calls "
        "that traced, less a steady call each. Steady call: median time of a call that did not "
        "trace. Slowdown (only for rules whose symptom is a cost: retracing, a growing graph): "
        "mean time per call of the bad fixture over the good one, tracing included. Graph "
        "nodes: nodes of every graph traced (with nested function bodies); for `graph` "
        "fixtures, at scale 1 -> 10 (the judgement also compares serialized graph bytes). "
        "After the fix: the bad fixture fixed by `tf2lint check --fix --select RULE` (with "
        "`--unsafe-fixes` for an unsafe fix) and run again: the symptom is gone, still there, "
        "the fixed code fails, or the fix changed nothing.",
    ]
    return "\n".join(out) + "\n"


def render_json(verdicts: list[Verdict], meta: dict) -> str:
    return json.dumps({"meta": meta, "results": [v.to_dict() for v in verdicts]}, indent=2) + "\n"

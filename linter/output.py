"""Output formats: text (ruff-like, with source frames), json, sarif 2.1.0 and GitHub annotations."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from tf2lint import __version__
from tf2lint.rule import Diagnostic, Rule

if TYPE_CHECKING:
    from tf2lint.runner import RunResult

FORMATS = ("text", "json", "sarif", "github")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def summary(run: RunResult) -> dict:
    diagnostics = run.diagnostics
    return {
        "findings": len(diagnostics),
        "files_with_findings": len({d.path for d in diagnostics}),
        "files_checked": run.files_checked,
        "fixable": sum(1 for d in diagnostics if d.fix),
        "fixed": run.fixed,
        "by_rule": dict(sorted(Counter(d.rule for d in diagnostics).items())),
    }


def location(d: Diagnostic) -> str:
    if d.cell is not None:
        return f"{d.path}:cell {d.cell}:{d.line}:{d.column}"
    return f"{d.path}:{d.line}:{d.column}"


def write_text(run: RunResult, out: TextIO, statistics: bool = False) -> None:
    for d in run.diagnostics:
        marker = " [*]" if d.fix and d.fix.applicability == "safe" else ""
        out.write(f"{location(d)}: {d.rule}{marker} {d.message}\n")
        out.write(_frame(run.source_lines(d), d))
    if statistics:
        counts = Counter((d.rule, d.name) for d in run.diagnostics)
        out.writelines(
            f"{count:6d}  {rule:<20} {name}\n"
            for (rule, name), count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        )
    s = summary(run)
    if run.fixed:
        out.write(f"Fixed {_plural(run.fixed, 'finding')}.\n")
    if s["findings"]:
        out.write(
            f"{_plural(s['findings'], 'finding')} in {_plural(s['files_with_findings'], 'file')} "
            f"({s['fixable']} fixable); {_plural(s['files_checked'], 'file')} checked.\n"
        )
        hidden = sum(1 for d in run.diagnostics if d.fix and d.fix.applicability == "unsafe")
        if hidden:
            out.write(f"{hidden} more fixable with `--fix --unsafe-fixes`.\n")
    else:
        out.write(f"All checks passed: {_plural(s['files_checked'], 'file')} checked.\n")


def _frame(lines: list[str] | None, d: Diagnostic) -> str:
    if not lines or not 0 < d.line <= len(lines):
        return "\n"
    text = lines[d.line - 1].rstrip("\r\n").expandtabs(1)
    width = len(str(d.line))
    end = d.end_column if d.end_line == d.line else len(text) + 1
    carets = "^" * max(1, end - d.column)
    pad = " " * width
    return (
        f"{pad} |\n{d.line} | {text}\n{pad} | {' ' * (d.column - 1)}{carets}\n"
        + (f"{pad} = fix ({d.fix.applicability}): {d.fix.description}\n" if d.fix else "")
        + "\n"
    )


def write_json(run: RunResult, out: TextIO) -> None:
    data = {"diagnostics": [d.to_dict() for d in run.diagnostics], "summary": summary(run)}
    json.dump(data, out, indent=2)
    out.write("\n")


_GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def write_github(run: RunResult, out: TextIO) -> None:
    for d in run.diagnostics:
        level = _GITHUB_LEVEL.get(d.severity, "warning")
        where = f" (cell {d.cell})" if d.cell is not None else ""
        props = (
            f"file={_escape_property(d.path)},line={d.line},col={d.column},"
            f"endLine={d.end_line},endColumn={d.end_column},title={_escape_property(d.rule)}"
        )
        out.write(f"::{level} {props}::{_escape_data(d.message + where)}\n")


_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def _rule_descriptor(rule: type[Rule]) -> dict:
    return {
        "id": rule.id,
        "name": rule.name,
        "shortDescription": {"text": rule.message},
        "fullDescription": {"text": rule.rationale.strip()},
        "help": {"text": rule.rationale.strip()},
        "defaultConfiguration": {"level": _SARIF_LEVEL[rule.severity]},
        "properties": {"category": rule.category, "fix": rule.fix_applicability},
    }


def write_sarif(run: RunResult, out: TextIO, rules: list[type[Rule]], root: Path) -> None:
    index = {rule.id: i for i, rule in enumerate(rules)}
    results = []
    for d in run.diagnostics:
        lines = run.source_lines(d) or []
        line_text = lines[d.line - 1].strip() if 0 < d.line <= len(lines) else ""
        fingerprint = hashlib.sha256(f"{d.rule}|{d.path}|{line_text}".encode()).hexdigest()[:32]
        result = {
            "ruleId": d.rule,
            "level": _SARIF_LEVEL.get(d.severity, "warning"),
            "message": {"text": d.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {
                            "uri": Path(d.path).as_posix(),
                            "uriBaseId": "%SRCROOT%",
                        },
                        "region": {
                            "startLine": d.line,
                            "startColumn": d.column,
                            "endLine": d.end_line,
                            "endColumn": d.end_column,
                        },
                    }
                }
            ],
            "partialFingerprints": {"primaryLocationLineHash/v1": fingerprint},
        }
        if d.rule in index:
            result["ruleIndex"] = index[d.rule]
        if d.fix:
            result["properties"] = {"fix": d.fix.to_dict()}
        if d.cell is not None:
            result.setdefault("properties", {})["cell"] = d.cell
        results.append(result)
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "tf2lint",
                        "version": __version__,
                        "informationUri": "https://pypi.org/project/tf2lint/",
                        "rules": [_rule_descriptor(r) for r in rules],
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": root.resolve().as_uri() + "/"}},
                "results": results,
            }
        ],
    }
    json.dump(log, out, indent=2)
    out.write("\n")

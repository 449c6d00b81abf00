"""Output formats: text (ruff-like, with source frames), json, sarif 2.1.0 and GitHub annotations."""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, TextIO
from urllib.parse import quote

from tf2lint import __version__
from tf2lint.base.lines import shown
from tf2lint.linting.docs import explain
from tf2lint.linting.plugins import rule_by_id
from tf2lint.linting.rule import ENGINE_CATEGORY, Diagnostic, Fix, Rule

if TYPE_CHECKING:
    from tf2lint.run.outcomes import RunResult


def _plural(n: int, word: str, plural: str = "s") -> str:
    return f"{n} {word}{'' if n == 1 else plural}"


@dataclass(frozen=True)
class Style:
    """ANSI styles for terminal output; with ``color`` off every style is the identity."""

    color: bool = False

    def _wrap(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.color else text

    def bold(self, text: str) -> str:
        return self._wrap("1", text)

    def code(self, text: str) -> str:
        return self._wrap("1;31", text)

    def marker(self, text: str) -> str:
        return self._wrap("36", text)

    def carets(self, text: str) -> str:
        return self._wrap("1;31", text)

    def gutter(self, text: str) -> str:
        return self._wrap("1;34", text)

    def success(self, text: str) -> str:
        return self._wrap("1;32", text)


def use_color(choice: str, stream: TextIO, environ: Mapping[str, str]) -> bool:
    """``--color auto|always|never``. Auto: FORCE_COLOR (non-empty) turns colour on, NO_COLOR
    (non-empty) off (https://no-color.org), else colour when ``stream`` is a terminal."""
    if choice != "auto":
        return choice == "always"
    if environ.get("FORCE_COLOR"):
        return True
    if environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


@dataclass(frozen=True)
class TextOptions:
    """How the text formats (full, concise and --statistics) render a run, as in ruff."""

    fix_mode: str = "generate"  # "generate" (report), "apply" (--fix) or "diff" (--diff)
    show_violations: bool = True  # False with --fix-only and --diff: only the summary
    unsafe_fixes: bool | None = None  # True: they apply; None: hint at them; False: silent
    show_fixes: bool = False
    show_evidence: bool = False  # why each finding holds, under it
    quiet: bool = False  # findings only, no summary
    concise: bool = False
    style: Style = field(default_factory=Style)

    def applies(self, fix: Fix | None) -> bool:
        return fix is not None and (fix.applicability == "safe" or bool(self.unsafe_fixes))


def summary(run: RunResult) -> dict:
    diagnostics = run.diagnostics
    return {
        "findings": len(diagnostics),
        "files_with_findings": len({d.path for d in diagnostics}),
        "files_checked": run.files_checked,
        "fixable": sum(1 for d in diagnostics if d.fix),
        "fixed": run.findings_fixed,
        "by_rule": dict(sorted(Counter(d.rule for d in diagnostics).items())),
    }


def location(d: Diagnostic) -> str:
    if d.cell is not None:
        return f"{d.path}:cell {d.cell}:{d.line}:{d.column}"
    return f"{d.path}:{d.line}:{d.column}"


def _outcomes(run: RunResult) -> dict:
    return {o.path: o for o in run.outcomes}


def _lines_of(outcomes: dict, d: Diagnostic) -> list[str] | None:
    """The lines ``d.line`` counts in: the file's, or for a notebook finding its cell's."""
    outcome = outcomes.get(d.path)
    if outcome is None:
        return None
    if d.cell is not None:
        return (outcome.cell_lines or {}).get(d.cell)
    return outcome.source_lines()


def _file_line(outcomes: dict, d: Diagnostic) -> int | None:
    """The line of the file itself: for a notebook finding, the JSON line holding its source."""
    if d.cell is None:
        return d.line
    outcome = outcomes.get(d.path)
    json_lines = ((outcome.json_lines if outcome else None) or {}).get(d.cell) or []
    return json_lines[d.line - 1] if 0 < d.line <= len(json_lines) else None


def write_text(
    run: RunResult,
    out: TextIO,
    options: TextOptions | None = None,
    summary_out: TextIO | None = None,
) -> None:
    """The full or concise format: each finding (unless only a summary is wanted), the fixes
    applied (--show-fixes), then ruff's summary lines (unless --quiet), to ``summary_out`` if
    given (``--diff``: after the diffs on stdout)."""
    options = options or TextOptions()
    style = options.style
    # With --diff or --fix-only, findings are not shown, but what kept a fix or a file from
    # being handled (a fix withdrawn, a write refused, an unreadable file) always is.
    listed = [
        d for d in run.diagnostics if options.show_violations or d.category == ENGINE_CATEGORY
    ]
    if listed:
        outcomes = _outcomes(run)
        diagnostics = listed
        # ruff marks fixes with [*] only when reporting, and only when some fix would apply
        marking = options.fix_mode != "apply" and any(options.applies(d.fix) for d in diagnostics)
        for d in diagnostics:
            marker = f" {style.marker('[*]')}" if marking and options.applies(d.fix) else ""
            message = shown(d.message)
            if options.concise:
                out.write(f"{style.bold(location(d))}: {style.code(d.rule)}{marker} {message}\n")
            else:  # ruff 0.17: the code and message, then where, the source and the fix
                out.write(f"{style.code(d.rule)}{marker} {message}\n")
                out.write(f" {style.gutter('-->')} {location(d)}\n")
                out.write(_frame(_lines_of(outcomes, d), d, style))
            if options.show_evidence and d.evidence is not None:
                out.write(evidence_text(d))
            if not options.concise:
                out.write("\n")
    if options.show_fixes and run.findings_fixed:
        out.write("\n" + fix_summary(run, style) + "\n")
    if not options.quiet:
        (summary_out or out).writelines(f"{line}\n" for line in summary_lines(run, options))


def _sarif_evidence(result: dict, d: Diagnostic, artifact: dict, root: Path) -> None:
    """The evidence as SARIF: each located step a related location (in its own file, for a
    function of another module), and the traced chain, from what starts the tracing in to the
    finding, a code flow."""
    steps = [s for s in d.evidence.steps() if s.line]
    if not steps:
        return

    def location(step, index: int | None = None) -> dict:
        found = {
            "physicalLocation": {
                "artifactLocation": artifact
                if step.path is None
                else _artifact(Path(step.path), root),
                "region": {"startLine": step.line, "startColumn": step.column},
            },
            "message": {"text": step.message},
        }
        if index is not None:
            found["id"] = index
        return found

    result["relatedLocations"] = [location(step, i) for i, step in enumerate(steps)]
    chain = [s for s in reversed(d.evidence.traced) if s.line]
    if chain:
        flow = [{"location": location(step)} for step in chain]
        flow.append({"location": {**result["locations"][0], "message": {"text": d.message}}})
        result["codeFlows"] = [{"threadFlows": [{"locations": flow}]}]


def evidence_text(d: Diagnostic) -> str:
    """--show-evidence: each step of why the finding holds, with where it is."""
    lines = []
    for label, steps in (("traced", d.evidence.traced), ("value", d.evidence.value)):
        for step in steps:
            cell = f"cell {step.cell}:" if step.cell is not None else ""
            where = f" ({step.path or d.path}:{cell}{step.line})" if step.line else ""
            lines.append(f"  = {label}: {shown(step.message)}{where}\n")
    if d.evidence.gap:
        lines.append(f"  = preview: {shown(d.evidence.gap)}\n")
    return "".join(lines)


def fix_summary(run: RunResult, style: Style) -> str:
    """--show-fixes: ``Fixed N errors:`` then, per file, the findings fixed per rule."""
    names = {d.rule: d.name for d in run.diagnostics}
    lines = [style.success(f"Fixed {_plural(run.findings_fixed, 'error')}:")]
    for outcome in sorted(run.outcomes, key=lambda o: o.path):
        if not outcome.fixed_by_rule:
            continue
        lines.append(f"{style.marker('-')} {style.bold(outcome.path)}{style.marker(':')}")
        width = len(str(max(outcome.fixed_by_rule.values())))
        for rule, count in sorted(outcome.fixed_by_rule.items(), key=lambda kv: (-kv[1], kv[0])):
            name = names.get(rule) or _rule_name(rule)
            lines.append(f"    {count:>{width}} × {style.code(rule)} ({name})")
    return "\n".join(lines)


def _rule_name(rule_id: str) -> str:
    rule = rule_by_id(rule_id)
    return rule.name if rule is not None else rule_id


def summary_lines(run: RunResult, options: TextOptions) -> list[str]:
    """ruff's summary: what was found (and fixed), then which fixes are available.

    A finding counts once: "fixable" counts the fixes that ``--fix`` would apply now, and
    "hidden" the unsafe ones that need ``--unsafe-fixes`` as well."""
    diagnostics = run.diagnostics
    fixed = run.findings_fixed
    applicable = sum(1 for d in diagnostics if options.applies(d.fix))
    hidden = sum(
        1
        for d in diagnostics
        if d.fix and d.fix.applicability == "unsafe" and not options.applies(d.fix)
    )
    star = options.style.marker("[*]")
    if not options.show_violations:  # --fix-only, --diff: only what was (or would be) fixed
        verb = "Would fix" if options.fix_mode == "diff" else "Fixed"
        if not hidden:
            return [f"{verb} {_plural(fixed, 'error')}."] if fixed else []
        if fixed:
            more = _plural(hidden, "additional fix", "es")
            return [f"{verb} {_plural(fixed, 'error')} ({more} available with `--unsafe-fixes`)."]
        verb = "No errors would be fixed" if options.fix_mode == "diff" else "No errors fixed"
        return [f"{verb} ({_plural(hidden, 'fix', 'es')} available with `--unsafe-fixes`)."]
    remaining = len(diagnostics)
    lines = []
    if fixed:
        total = fixed + remaining
        lines.append(f"Found {_plural(total, 'error')} ({fixed} fixed, {remaining} remaining).")
    elif remaining:
        lines.append(f"Found {_plural(remaining, 'error')}.")
    else:
        lines.append(options.style.success("All checks passed!"))
    hiding = options.unsafe_fixes is None and hidden
    hint = f"{_plural(hidden, 'unsafe fix', 'es')} available with `--fix --unsafe-fixes`"
    if applicable and hiding:
        lines.append(f"{star} {applicable} fixable with `--fix` ({hint}).")
    elif applicable:
        lines.append(f"{star} {applicable} fixable with `--fix`.")
    elif hiding:
        lines.append(f"{hint[0].upper()}{hint[1:]}.")
    return lines


@dataclass
class RuleCount:
    """One row of --statistics."""

    code: str
    name: str
    count: int = 0
    fixable: int = 0  # how many of them --fix would fix


def write_statistics(
    run: RunResult, out: TextIO, options: TextOptions, as_json: bool = False
) -> None:
    """--statistics: the count of findings per rule, most frequent first (flake8's and ruff's
    layout), then the summary; no findings are listed."""
    rows: dict[str, RuleCount] = {}
    for d in run.diagnostics:
        row = rows.setdefault(d.rule, RuleCount(d.rule, d.name))
        row.count += 1
        row.fixable += options.applies(d.fix)
    ordered = sorted(rows.values(), key=lambda r: (-r.count, r.code))
    if as_json:
        data = [
            {
                "code": r.code,
                "name": r.name,
                "count": r.count,
                "fixable": r.fixable == r.count,
                "fixable_count": r.fixable,
            }
            for r in ordered
        ]
        json.dump(data, out, indent=2)
        out.write("\n")
        return
    style = options.style
    count_width = max((len(str(r.count)) for r in ordered), default=1)
    code_width = max((len(r.code) for r in ordered), default=0)
    any_fixable = any(r.fixable for r in ordered)
    for r in ordered:
        mark = ""  # ruff's: [*] all fixable, [-] some, [ ] none (when any rule has fixes)
        if any_fixable:
            mark = (
                "[ ] "
                if not r.fixable
                else f"[{style.marker('*' if r.fixable == r.count else '-')}] "
            )
        count = style.bold(str(r.count).rjust(count_width))
        padding = " " * (code_width - len(r.code))
        out.write(f"{count}\t{style.code(r.code)}{padding}\t{mark}{r.name}\n")
    if not options.quiet:
        out.writelines(f"{line}\n" for line in summary_lines(run, options))


CONTEXT_LINES = 2  # source lines shown before and after a finding's line (ruff's)
UNSAFE_NOTE = "This is an unsafe fix and may change runtime behavior"


def _frame(lines: list[str] | None, d: Diagnostic, style: Style = Style()) -> str:
    """ruff 0.17's frame: the finding's line with up to two lines around it (blank ones at the
    edges left out), its span marked; then the fix, as ``help:`` with the changed line where
    the fix replaces the marked code on one line, and a note if it is unsafe."""
    out = ""
    if lines and 0 < d.line <= len(lines):
        out = _source_frame(lines, d, style)
    if d.fix:
        out += f"{style.code('help')}: {shown(d.fix.description)}\n"
        if lines and 0 < d.line <= len(lines):
            out += _fix_frame(lines, d, style)
        if d.fix.applicability == "unsafe":
            out += f"{style.code('note')}: {UNSAFE_NOTE}\n"
    return out


def _shown_line(lines: list[str], number: int) -> str:
    return shown(lines[number - 1].rstrip("\r\n").expandtabs(1))


def _around(lines: list[str], first: int, last: int) -> tuple[int, int]:
    """Lines ``first``..``last`` widened by CONTEXT_LINES, without blank lines at either edge."""
    start, end = max(1, first - CONTEXT_LINES), min(len(lines), last + CONTEXT_LINES)
    while start < first and not lines[start - 1].strip():
        start += 1
    while end > last and not lines[end - 1].strip():
        end -= 1
    return start, end


def _source_frame(lines: list[str], d: Diagnostic, style: Style) -> str:
    raw = lines[d.line - 1].rstrip("\r\n").expandtabs(1)
    span_end = d.end_column if d.end_line == d.line else len(raw) + 1
    # the source as shown (escapes included): the carets follow the escapes' widths
    before = len(shown(raw[: d.column - 1]))
    carets = style.carets("^" * max(1, len(shown(raw[d.column - 1 : span_end - 1]))))
    start, end = _around(lines, d.line, d.line)
    width = len(str(end))
    pad, bar = " " * width, style.gutter("|")
    out = [f"{pad} {bar}\n"]
    for number in range(start, end + 1):
        text = _shown_line(lines, number)
        out.append(f"{style.gutter(str(number).rjust(width))} {bar} {text}".rstrip() + "\n")
        if number == d.line:
            out.append(f"{pad} {bar} {' ' * before}{carets}\n")
    out.append(f"{pad} {bar}\n")
    return "".join(out)


def _fix_frame(lines: list[str], d: Diagnostic, style: Style) -> str:
    """The line a fix changes, before (``-``) and after (``+``), between the lines around it:
    only for a fix that replaces the marked code on one line (others say what they do in
    ``help:``; ``--diff`` shows every change)."""
    replacement = d.fix.replacement_text
    if replacement is None or d.end_line != d.line or "\n" in replacement or "\r" in replacement:
        return ""
    raw = lines[d.line - 1].rstrip("\r\n")
    fixed = raw[: d.column - 1] + replacement + raw[d.end_column - 1 :]
    start, end = max(1, d.line - 1), min(len(lines), d.line + 1)
    width = len(str(end))
    pad, bar = " " * width, style.gutter("|")
    out = [f"{pad} {bar}\n"]
    for number in range(start, end + 1):
        if number == d.line:
            out.append(f"{pad} {style.gutter('-')} {shown(raw.expandtabs(1))}".rstrip() + "\n")
            new = f"{style.gutter(str(number).rjust(width))} {style.gutter('+')}"
            out.append(f"{new} {shown(fixed.expandtabs(1))}".rstrip() + "\n")
        else:
            text = _shown_line(lines, number)
            out.append(f"{style.gutter(str(number).rjust(width))} {bar} {text}".rstrip() + "\n")
    out.append(f"{pad} {bar}\n")
    return "".join(out)


# Diagnostic.to_dict's keys that ruff's JSON names otherwise (``code``, ``location``, ...); the
# others (name, category, severity, and any a later field adds) go beside ruff's as they are.
_RUFF_NAMED = ("path", "line", "column", "end_line", "end_column", "rule", "message", "fix", "cell")


def _real_files(run: RunResult) -> dict[str, Path]:
    """Each file's own path, by the path its findings show (made printable)."""
    return {o.path: o.file for o in run.outcomes if o.file is not None}


def _filename(d: Diagnostic, files: dict[str, Path] | None = None) -> str:
    """ruff's ``filename``: the absolute path (stdin's ``-`` as it is). With ``files`` (the
    machine-readable formats), the file's own name, whatever its bytes: bytes that are not UTF-8
    are kept as lone surrogates (PEP 383), which JSON writes as ``\\udcNN`` escapes and a reader
    turns back into the name's bytes (Python: ``os.fsencode``); without, the printable name."""
    return _path_name(d.path, files)


def _path_name(path: str, files: dict[str, Path] | None = None) -> str:
    """:func:`_filename` of a finding shown at ``path``."""
    if path == "-":
        return path
    real = files.get(path) if files else None
    return _absolute(path if real is None else str(real), os.getcwd())


@lru_cache(maxsize=4096)
def _absolute(path: str, cwd: str) -> str:
    """A file's findings share its path: made absolute once (5,400 findings, 440 files)."""
    return os.path.abspath(path)  # which depends on ``cwd``, the cache's other key


def _ruff_evidence(d: Diagnostic, files: dict[str, Path] | None) -> dict:
    """The evidence in the finding's own terms: each step's ``filename`` (absolute) and
    ``location`` (``{row, column}``; null where the step is not located), ``cell`` in a
    notebook."""

    def step(s) -> dict:
        where = d.path if s.path is None else s.path
        found: dict = {
            "message": s.message,
            "filename": _path_name(where, files),
            "location": {"row": s.line, "column": s.column} if s.line else None,
        }
        if s.cell is not None:
            found["cell"] = s.cell
        return found

    evidence = {"traced": [step(s) for s in d.evidence.traced]}
    evidence["value"] = [step(s) for s in d.evidence.value]
    if d.evidence.gap is not None:
        evidence["gap"] = d.evidence.gap
    return evidence


def ruff_dict(d: Diagnostic, files: dict[str, Path] | None = None) -> dict:
    """One finding in ruff's JSON schema (``docs/json-output.schema.json``), with tf2lint's own
    fields beside ruff's. ``noqa_row``: where a ``# noqa`` silences it (any line of the
    statement does, its first included). ``files``: see :func:`_filename`."""
    start = {"row": d.line, "column": d.column}
    end = {"row": d.end_line, "column": d.end_column}
    fix = None
    if d.fix is not None:
        edits = []
        if d.fix.replacement_text is not None:  # the fix replaces the reported code
            edits = [{"content": d.fix.replacement_text, "location": start, "end_location": end}]
        fix = {"applicability": d.fix.applicability, "message": d.fix.description, "edits": edits}
    own = {k: v for k, v in d.to_dict().items() if k not in _RUFF_NAMED}
    if d.evidence is not None:
        own["evidence"] = _ruff_evidence(d, files)
    return {
        **own,
        "code": d.rule,
        "message": d.message,
        "filename": _filename(d, files),
        "location": start,
        "end_location": end,
        "fix": fix,
        "noqa_row": d.line,
        "url": None,
        "cell": d.cell,
    }


def write_json(run: RunResult, out: TextIO) -> None:
    """ruff's ``--output-format json``: an array of findings (see :func:`ruff_dict`), one per
    line, keys sorted as ruff sorts them (written by the C encoder: ``indent`` makes ``json``
    encode in Python, 3x slower)."""
    files = _real_files(run)
    items = ",\n".join(
        f"  {json.dumps(ruff_dict(d, files), sort_keys=True)}" for d in run.diagnostics
    )
    out.write(f"[\n{items}\n]\n" if items else "[]\n")


def write_json_lines(run: RunResult, out: TextIO) -> None:
    """ruff's ``json-lines``: one finding (as in ``json``) per line."""
    files = _real_files(run)
    for d in run.diagnostics:
        out.write(json.dumps(ruff_dict(d, files), sort_keys=True) + "\n")


def write_pylint(run: RunResult, out: TextIO) -> None:
    """ruff's ``pylint``: ``path:line: [CODE] message``."""
    for d in run.diagnostics:
        where = f"{d.path}:cell {d.cell}" if d.cell is not None else d.path
        out.write(f"{where}:{d.line}: [{d.rule}] {shown(d.message)}\n")


def write_junit(run: RunResult, out: TextIO) -> None:
    """ruff's ``junit``: a test suite per file with findings, a failed test case per finding."""
    from xml.sax.saxutils import escape, quoteattr  # it imports urllib.request: 14 ms a run

    by_file: dict[str, list[Diagnostic]] = {}
    for d in run.diagnostics:
        by_file.setdefault(d.path, []).append(d)
    total = sum(len(v) for v in by_file.values())
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<testsuites name="tf2lint" tests="{total}" skipped="0" failures="{total}" errors="0">',
    ]
    for found in by_file.values():
        name = _filename(found[0])
        lines.append(
            f'    <testsuite name={quoteattr(name)} tests="{len(found)}" skipped="0" '
            f'errors="0" failures="{len(found)}" package="org.tf2lint">'
        )
        classname = quoteattr(os.path.splitext(name)[0])
        for d in found:
            where = f"cell {d.cell}, " if d.cell is not None else ""
            message = shown(d.message)  # XML 1.0 has no control characters, escaped or not
            lines += [
                f'        <testcase name="org.tf2lint.{escape(d.rule)}" classname={classname} '
                f'line="{d.line}" column="{d.column}">',
                "            <properties>",
                f'                <property name="severity" value={quoteattr(d.severity)}/>',
                "            </properties>",
                f"            <failure message={quoteattr(message)}>{where}line {d.line}, "
                f"col {d.column}, {escape(message)}</failure>",
                "        </testcase>",
            ]
        lines.append("    </testsuite>")
    lines.append("</testsuites>")
    out.write("\n".join(lines) + "\n")


_GITLAB_SEVERITY = {"error": "major", "warning": "minor", "info": "info"}


def write_gitlab(run: RunResult, out: TextIO) -> None:
    """ruff's ``gitlab``: GitLab's Code Quality report. The fingerprint is stable across runs
    (path, rule, message and the how-manieth such finding), as GitLab matches findings by it."""
    seen: Counter[tuple[str, str, str]] = Counter()
    items = []
    for d in run.diagnostics:
        key = (d.path, d.rule, d.message)
        seen[key] += 1
        digest = hashlib.sha256("\0".join((*key, str(seen[key]))).encode()).hexdigest()
        items.append(
            {
                "check_name": d.rule,
                "description": f"{d.rule}: {d.message}",
                "severity": _GITLAB_SEVERITY.get(d.severity, "minor"),
                "fingerprint": digest[:16],
                "location": {
                    "path": d.path,
                    "positions": {
                        "begin": {"line": d.line, "column": d.column},
                        "end": {"line": d.end_line, "column": d.end_column},
                    },
                },
            }
        )
    out.write(json.dumps(items, indent=2) + "\n")


def write_rdjson(run: RunResult, out: TextIO) -> None:
    """ruff's ``rdjson``: reviewdog's Diagnostic Format."""

    def position(line: int, column: int) -> dict:
        return {"line": line, "column": column}

    diagnostics = []
    files = _real_files(run)
    for d in run.diagnostics:
        where = {"start": position(d.line, d.column), "end": position(d.end_line, d.end_column)}
        item: dict = {
            "code": {"value": d.rule},
            "location": {"path": _filename(d, files), "range": where},
            "message": d.message,
        }
        if d.fix is not None and d.fix.replacement_text is not None:
            item["suggestions"] = [{"range": where, "text": d.fix.replacement_text}]
        diagnostics.append(item)
    report = {
        "diagnostics": diagnostics,
        "severity": "WARNING",
        "source": {"name": "tf2lint", "url": "https://pypi.org/project/tf2lint/"},
    }
    out.write(json.dumps(report, indent=2, sort_keys=True) + "\n")


_GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def _escape_data(text: str) -> str:
    """A workflow command's message: `%`, CR and LF are escaped (in that order: `%` first)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    """A workflow command's property value: as the message, plus `:` and `,`."""
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def write_github(run: RunResult, out: TextIO) -> None:
    """GitHub Actions workflow commands: one annotation per finding, on the file's own lines.

    A notebook finding is placed on the line of the notebook's JSON that holds its source line,
    and its title and message name the cell and the line and column within the cell.
    """
    outcomes = _outcomes(run)
    for d in run.diagnostics:
        level = _GITHUB_LEVEL.get(d.severity, "warning")
        props = [("file", d.path)]
        title = d.rule
        message = shown(d.message, line_ends=True)
        if d.cell is None:
            props += [("line", d.line), ("col", d.column)]
            props += [("endLine", d.end_line), ("endColumn", d.end_column)]
        else:
            line = _file_line(outcomes, d)
            if line is not None:
                props += [("line", line)]
            title += f" in cell {d.cell}"
            message = f"cell {d.cell}, line {d.line}, column {d.column}: {message}"
        if d.fix:
            message += f"\nfix ({d.fix.applicability}): {shown(d.fix.description, True)}"
        props.append(("title", title))
        rendered = ",".join(f"{k}={_escape_property(str(v))}" for k, v in props)
        out.write(f"::{level} {rendered}::{_escape_data(message)}\n")


_SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
_ENGINE_HELP = {
    "syntax-error": "The file does not parse as Python 3; nothing else in it was checked.",
    "read-error": "The file could not be read or decoded (or a notebook is not valid JSON).",
    "internal-error": "tf2lint failed on this file; please report it with the file.",
    "parser-crash": "tf2lint's parser crashed on this file; it was not linted. Please report it.",
    "too-large": "The file is beyond tf2lint's limits (max-file-size, memory); it was not linted.",
    "timeout": "Linting this file took longer than tf2lint's time limit; it was not linted.",
    "write-error": "A fix could not be written to this file; its findings are reported as they are.",
}


def _rule_descriptor(rule: type[Rule]) -> dict:
    rationale = " ".join(rule.rationale.split())
    return {
        "id": rule.id,
        "name": rule.name,
        "shortDescription": {"text": rule.message},
        "fullDescription": {"text": rationale},
        "help": {"text": rationale, "markdown": explain(rule)},
        "defaultConfiguration": {"level": _SARIF_LEVEL[rule.severity]},
        "properties": {
            "tags": [rule.category],
            "category": rule.category,
            "fix": rule.fix_applicability,
        },
    }


def _engine_descriptor(rule_id: str, severity: str) -> dict:
    text = _ENGINE_HELP.get(rule_id, rule_id)
    return {
        "id": rule_id,
        "name": rule_id,
        "shortDescription": {"text": text},
        "fullDescription": {"text": text},
        "help": {"text": text},
        "defaultConfiguration": {"level": _SARIF_LEVEL.get(severity, "error")},
        "properties": {"tags": ["engine"], "category": "engine", "fix": "none"},
    }


def _artifact(path: Path, root: Path) -> dict:
    """A path relative to %SRCROOT% (the config's folder) when it lies below it, else a file URI.

    Symlinks are resolved as far as they go (a loop is no error), and the URI is made of the
    name's bytes, whatever they are: a file name need not be UTF-8."""
    absolute = Path(os.path.realpath(path))
    base = Path(os.path.realpath(root))
    try:
        relative = absolute.relative_to(base)
    except ValueError:
        return {"uri": absolute.as_uri()}
    return {"uri": quote(os.fsencode(relative.as_posix())), "uriBaseId": "%SRCROOT%"}


def _sarif_fix(d: Diagnostic, artifact: dict, region: dict) -> dict | None:
    """A SARIF fix when the fix replaces exactly the reported node; else None."""
    if not d.fix or d.fix.replacement_text is None:
        return None
    return {
        "description": {"text": f"{d.fix.description} ({d.fix.applicability} fix)"},
        "artifactChanges": [
            {
                "artifactLocation": artifact,
                "replacements": [
                    {
                        "deletedRegion": region,
                        "insertedContent": {"text": d.fix.replacement_text},
                    }
                ],
            }
        ],
    }


# The formats written from the run alone, by name (text, sarif and --statistics take more).
def write_grouped(run: RunResult, out: TextIO, options: TextOptions) -> None:
    """ruff's ``grouped``: each file's name, then its findings (``line:col CODE message``,
    aligned), a blank line; then the summary (unless --quiet)."""
    style = options.style
    marking = options.fix_mode != "apply" and any(options.applies(d.fix) for d in run.diagnostics)
    by_file: dict[str, list[Diagnostic]] = {}
    for d in run.diagnostics:
        by_file.setdefault(d.path, []).append(d)
    for path, found in by_file.items():
        out.write(f"{style.bold(path)}:\n")
        places = [
            (f"cell {d.cell}:" if d.cell is not None else "") + f"{d.line}:{d.column}"
            for d in found
        ]
        width = max(len(p) for p in places)
        for d, place in zip(found, places, strict=True):
            marker = f" {style.marker('[*]')}" if marking and options.applies(d.fix) else ""
            out.write(f"  {place.ljust(width)} {style.code(d.rule)}{marker} {shown(d.message)}\n")
        out.write("\n")
    if not options.quiet:
        out.writelines(f"{line}\n" for line in summary_lines(run, options))


def _escape_azure(text: str, value: bool = True) -> str:
    """A logging command's message (`%`, CR, LF escaped, `%` first), or with ``value`` a
    property's value (`;` and `]` too)."""
    escapes = [("%", "%25"), ("\r", "%0D"), ("\n", "%0A")]
    if value:
        escapes += [(";", "%3B"), ("]", "%5D")]
    for plain, escaped in escapes:
        text = text.replace(plain, escaped)
    return text


def write_azure(run: RunResult, out: TextIO) -> None:
    """ruff's ``azure``: Azure Pipelines logging commands (``##vso[task.logissue ...]``). A
    notebook finding is placed on the notebook JSON line holding its source line."""
    outcomes = _outcomes(run)
    files = _real_files(run)
    for d in run.diagnostics:
        kind = "error" if d.severity == "error" else "warning"
        line = d.line if d.cell is None else _file_line(outcomes, d) or 1
        message = shown(d.message, line_ends=True)
        if d.cell is not None:
            message = f"cell {d.cell}, line {d.line}, column {d.column}: {message}"
        props = (
            f"type={kind};sourcepath={_escape_azure(_filename(d, files))};linenumber={line};"
            f"columnnumber={d.column if d.cell is None else 1};code={_escape_azure(d.rule)};"
        )
        out.write(f"##vso[task.logissue {props}]{_escape_azure(message, value=False)}\n")


WRITERS: dict[str, Callable[[RunResult, TextIO], None]] = {
    "json": write_json,
    "json-lines": write_json_lines,
    "junit": write_junit,
    "gitlab": write_gitlab,
    "pylint": write_pylint,
    "rdjson": write_rdjson,
    "github": write_github,
    "azure": write_azure,
}


def write_sarif(run: RunResult, out: TextIO, rules: list[type[Rule]], root: Path) -> None:
    """SARIF 2.1.0, ready for GitHub code scanning's upload-sarif action."""
    descriptors = [_rule_descriptor(r) for r in rules]
    index = {rule.id: i for i, rule in enumerate(rules)}
    outcomes = _outcomes(run)
    results = []
    seen: Counter = Counter()
    for d in run.diagnostics:
        if d.rule not in index:  # an engine diagnostic: describe it too
            index[d.rule] = len(descriptors)
            descriptors.append(_engine_descriptor(d.rule, d.severity))
        lines = _lines_of(outcomes, d)
        line_text = lines[d.line - 1].strip() if lines and 0 < d.line <= len(lines) else ""
        outcome = outcomes.get(d.path)
        artifact = _artifact(outcome.file if outcome and outcome.file else Path(d.path), root)
        key = f"{d.rule}|{artifact['uri']}|{d.cell or ''}|{line_text}"
        seen[key] += 1  # identical lines in one file: tell the findings apart by their order
        fingerprint = hashlib.sha256(f"{key}|{seen[key]}".encode()).hexdigest()[:32]
        if d.cell is None:
            region = {
                "startLine": d.line,
                "startColumn": d.column,
                "endLine": d.end_line,
                "endColumn": d.end_column,
            }
        else:  # the JSON line holding the cell's source line; the cell position is in properties
            region = {"startLine": _file_line(outcomes, d) or 1}
        result = {
            "ruleId": d.rule,
            "ruleIndex": index[d.rule],
            "level": _SARIF_LEVEL.get(d.severity, "warning"),
            "message": {"text": d.message},
            "locations": [{"physicalLocation": {"artifactLocation": artifact, "region": region}}],
            "partialFingerprints": {"tf2lint/v1": fingerprint},
        }
        properties = {}
        if d.fix:
            properties["fix"] = d.fix.to_dict()
            fix = _sarif_fix(d, artifact, region) if d.cell is None else None
            if fix:
                result["fixes"] = [fix]
        if d.cell is not None:
            properties.update(cell=d.cell, line=d.line, column=d.column)
            result["message"]["text"] = f"cell {d.cell}, line {d.line}: {d.message}"
        if properties:
            result["properties"] = properties
        if d.evidence is not None and d.cell is None:
            _sarif_evidence(result, d, artifact, root)
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
                        "semanticVersion": __version__,
                        "informationUri": "https://pypi.org/project/tf2lint/",
                        "rules": descriptors,
                    }
                },
                "originalUriBaseIds": {
                    "%SRCROOT%": {"uri": Path(os.path.realpath(root)).as_uri() + "/"}
                },
                "columnKind": "unicodeCodePoints",
                "invocations": [{"executionSuccessful": not run.internal_error}],
                "results": results,
            }
        ],
    }
    json.dump(log, out, indent=2)
    out.write("\n")

"""The trace report as findings in ``check``'s formats, and the thresholds that fail a CI run.

A run of the program (``tf2lint trace``) or of its tests (``pytest --tf2lint``) becomes a list of
findings that ``check``'s writers print (text, JSON, SARIF, GitHub annotations), so that CI
shows them beside the static ones:

- a static finding the run showed keeps its own rule, place and fix; its message says what
  the run saw;
- ``TFR001`` (``retraced``): a tf.function of the user's that retraced, with the causes, the
  tracing time, the rules that predicted the retraces, and the shape fix where there is one;
- ``TFR002`` (``variable-on-later-trace``): tf.Variables created on a trace after the first;
- ``TFR003`` (``trace-budget``): a threshold (``max-retraces``, ``max-trace-seconds``, per
  function or in all) exceeded; these make the run fail;
- ``TFR004`` (``graph-would-pay``): a function that ran eagerly, many times, and measured
  faster as a tf.function on the same inputs with the same results (or, without
  ``--measure``, a candidate to measure).

Only the program's own tf.functions count (not TensorFlow's, Keras' or tf.data's).
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path

from tf2lint.runtime_check import graphs, observe
from tf2lint.runtime_check.observe import seconds

FORMATS = ("text", "concise", "json", "sarif", "github", "trace-json")
RUNTIME_RULES = {
    "TFR001": (
        "retraced",
        "warning",
        "A tf.function of the program traced more than once: each trace builds a graph "
        "again, in Python. The finding names each retrace's cause (read from TensorFlow's "
        "trace cache), the time spent tracing and the static rule that predicted it.",
    ),
    "TFR002": (
        "variable-on-later-trace",
        "error",
        "A tf.Variable was created while a tf.function traced again: TensorFlow refuses it "
        "(only the first call may create variables), or, for a tf.function made per call, "
        "new variables are made on every call.",
    ),
    "TFR003": (
        "trace-budget",
        "error",
        "The run's retraces or tracing time exceeded a threshold of [tool.tf2lint.trace] "
        "(max-retraces, max-trace-seconds, per function or max-total-*): the run fails.",
    ),
    "TFR004": (
        "graph-would-pay",
        "info",
        "A function of the program ran eagerly, many times, in TensorFlow ops; measured as a "
        "tf.function on inputs the program produced, it computed the same results faster.",
    ),
}


@dataclass(frozen=True)
class Thresholds:
    """Limits on the program's own tf.functions; None: no limit."""

    max_retraces: int | None = None  # per function
    max_trace_seconds: float | None = None  # per function
    max_total_retraces: int | None = None
    max_total_trace_seconds: float | None = None

    def any(self) -> bool:
        return any(v is not None for v in self.__dict__.values())


@dataclass
class Breach:
    """One threshold exceeded."""

    what: str  # "max-retraces" ...
    limit: float
    value: float
    function: dict | None  # None: in all

    def text(self) -> str:
        value = seconds(self.value) if "seconds" in self.what else str(int(self.value))
        limit = seconds(self.limit) if "seconds" in self.what else str(int(self.limit))
        who = f"`{observe.short_name(self.function['name'])}`" if self.function else "in all"
        return f"{self.what} = {limit} exceeded {who}: {value}"


def breaches(report: observe.TraceReport, limits: Thresholds) -> list[Breach]:
    out = []
    own = report.own()
    for f in own:
        if limits.max_retraces is not None and f["retraces"] > limits.max_retraces:
            out.append(Breach("max-retraces", limits.max_retraces, f["retraces"], f))
        if limits.max_trace_seconds is not None and f["trace_seconds"] > limits.max_trace_seconds:
            out.append(Breach("max-trace-seconds", limits.max_trace_seconds, f["trace_seconds"], f))
    totals = report.own_totals
    if limits.max_total_retraces is not None and totals["retraces"] > limits.max_total_retraces:
        out.append(
            Breach("max-total-retraces", limits.max_total_retraces, totals["retraces"], None)
        )
    if (
        limits.max_total_trace_seconds is not None
        and totals["trace_seconds"] > limits.max_total_trace_seconds
    ):
        out.append(
            Breach(
                "max-total-trace-seconds",
                limits.max_total_trace_seconds,
                totals["trace_seconds"],
                None,
            )
        )
    return out


# --- findings -----------------------------------------------------------------------------------


def _diagnostic(path: str, line: int, rule: str, message: str, fix=None):
    from tf2lint.linting.rule import Diagnostic

    name, severity, _ = RUNTIME_RULES[rule]
    return Diagnostic(
        path, max(line, 1), 1, max(line, 1), 1, rule, name, "runtime", severity, message, fix
    )


def _causes(f: dict, limit: int = 3) -> str:
    texts: list[str] = []
    for event in f["events"]:
        if event["kind"] != "retrace":
            continue
        text = "; ".join(c["text"] for c in event["cause"]) or "?"
        if text not in texts:
            texts.append(text)
    more = len(texts) - limit
    return ", ".join(texts[:limit]) + (f" and {more} more" if more > 0 else "")


def _predicted(f: dict, root: Path) -> str:
    rules = sorted(
        {
            f"{p['rule']} at {observe.where(p['path'], p['line'], root)}"
            for e in f["events"]
            if e["kind"] == "retrace"
            for p in e.get("predicted_by", [])
        }
    )
    return f"predicted by {', '.join(rules)}" if rules else "no static rule predicted it"


def diagnostics(
    report: observe.TraceReport, limits: Thresholds | None = None
) -> tuple[list, list[Breach]]:
    """The run as findings, and the thresholds it broke."""
    from tf2lint.linting.rule import Diagnostic, Fix

    root = report.root
    out: list[Diagnostic] = []
    for check in report.by_verdict(observe.OBSERVED):
        d = check.diagnostic
        out.append(
            Diagnostic(
                d.path, d.line, d.column, d.end_line, d.end_column, d.rule, d.name,
                d.category, d.severity, f"{d.message} (seen at run time: {check.evidence})",
                d.fix, d.cell, d.evidence,
            )
        )  # fmt: skip
    for f in report.own():
        name = observe.short_name(f["name"])
        if f["retraces"]:
            proposal = report.proposal_for(f)
            fix = None
            if proposal is not None:
                fix = Fix("unsafe", f"add `{proposal.keyword()}` (tf2lint trace --fix)")
            out.append(
                _diagnostic(
                    f["file"],
                    f["line"],
                    "TFR001",
                    f"`{name}` traced {observe.plural(f['traces'], 'time')} in "
                    f"{observe.plural(f['calls'], 'call')}: "
                    f"{observe.plural(f['retraces'], 'retrace')} ({_causes(f)}), "
                    f"{seconds(f['trace_seconds'])} tracing; {_predicted(f, root)}",
                    fix,
                )
            )
        if f.get("late_variables"):
            out.append(
                _diagnostic(
                    f["file"],
                    f["line"],
                    "TFR002",
                    f"`{name}` created {observe.plural(f['late_variables'], 'tf.Variable')} on "
                    "a trace after its first",
                )
            )
    found = breaches(report, limits) if limits else []
    own = report.own()
    for breach in found:
        target = breach.function or max(
            own, key=lambda f: (f["retraces"], f["trace_seconds"]), default=None
        )
        if target is not None:
            out.append(_diagnostic(target["file"], target["line"], "TFR003", breach.text()))
    for entry in report.graphs:
        if entry.pays:
            m = entry.measured
            out.append(
                _diagnostic(
                    entry.file,
                    entry.line,
                    "TFR004",
                    f"`{entry.name}` ran eagerly {observe.plural(entry.calls, 'time')}, "
                    f"{seconds(m['eager_call_seconds'])} per call; as a tf.function "
                    f"{seconds(m['graph_call_seconds'])} on the same inputs, same results: "
                    f"{entry.speedup:.1f}x faster",
                    Fix("unsafe", "decorate it with `@tf.function`"),
                )
            )
        elif entry.measured is None:
            out.append(
                _diagnostic(
                    entry.file,
                    entry.line,
                    "TFR004",
                    f"`{entry.name}` ran eagerly {observe.plural(entry.calls, 'time')}, "
                    f"{seconds(entry.eager_call_seconds)} per call, in TensorFlow: a candidate "
                    "for tf.function (not measured as one: --measure)",
                )
            )
    return out, found


# --- writing ------------------------------------------------------------------------------------


def _run_result(found: list):
    from tf2lint.run.outcomes import FileOutcome, RunResult

    by_file: dict[str, FileOutcome] = {}
    for d in found:
        outcome = by_file.setdefault(d.path, FileOutcome(d.path, file=Path(d.path)))
        outcome.diagnostics.append(d)
    return RunResult(list(by_file.values()))


def _relative(found: list, root: Path) -> list:
    """Paths as ``check`` shows them: relative to the project's folder where they lie in it."""
    import dataclasses

    out = []
    for d in found:
        try:
            shown = Path(d.path).resolve().relative_to(root.resolve()).as_posix()
        except (ValueError, OSError):
            shown = d.path
        out.append(dataclasses.replace(d, path=shown))
    return out


def render(
    report: observe.TraceReport,
    output_format: str,
    limits: Thresholds | None = None,
    cwd: Path | None = None,
) -> str:
    """The report in ``output_format`` (see FORMATS): ``text`` is the trace report followed by
    the findings in check's full format; ``trace-json`` is ``tf2lint trace --format json``."""
    from tf2lint.linting.plugins import rule_by_id
    from tf2lint.reports import output

    found, broken = diagnostics(report, limits)
    if output_format == "trace-json":
        data = report.to_dict()
        data["findings_as_check"] = len(found)
        data["breaches"] = [b.text() for b in broken]
        return json.dumps(data, indent=2) + "\n"
    base = cwd or report.root
    import os

    here = Path.cwd()
    try:
        os.chdir(base)  # check's writers show paths as given: relative to the project
        run = _run_result(_relative(found, base))
        out = io.StringIO()
        if output_format in ("text", "concise"):
            if output_format == "text":
                out.write(observe.render_text(report))
            options = output.TextOptions(
                quiet=True, unsafe_fixes=False, concise=output_format == "concise"
            )
            if run.diagnostics:
                out.write("\n")
            output.write_text(run, out, options)
            out.write(summary_line(report, found, broken) + "\n")
        elif output_format == "json":
            output.write_json(run, out)
        elif output_format == "github":
            output.write_github(run, out)
        elif output_format == "sarif":
            rules = sorted(
                {rule_by_id(d.rule) for d in found if rule_by_id(d.rule) is not None},
                key=lambda r: r.id,
            )
            output.write_sarif(run, out, rules, base)
            return _sarif_with_runtime_rules(out.getvalue())
        else:
            raise ValueError(f"unknown format {output_format!r}")
        return out.getvalue()
    finally:
        os.chdir(here)


def summary_line(report: observe.TraceReport, found: list, broken: list[Breach]) -> str:
    totals = report.own_totals
    text = (
        f"tf2lint: {observe.plural(totals['functions'], 'tf.function')} of the program, "
        f"{observe.plural(totals['retraces'], 'retrace')}, {seconds(totals['trace_seconds'])} "
        f"tracing; {observe.plural(len(found), 'finding')}"
    )
    if broken:
        text += "; FAILED: " + "; ".join(b.text() for b in broken)
    return text


def _sarif_with_runtime_rules(text: str) -> str:
    """check's SARIF describes an id it does not know as an engine message: describe the
    runtime findings' own rules instead."""
    log = json.loads(text)
    for run in log["runs"]:
        for descriptor in run["tool"]["driver"]["rules"]:
            known = RUNTIME_RULES.get(descriptor["id"])
            if known is None:
                continue
            name, severity, help_text = known
            descriptor.update(
                name=name,
                shortDescription={"text": help_text.split(": ")[0].split(". ")[0]},
                fullDescription={"text": help_text},
                help={"text": help_text},
                defaultConfiguration={
                    "level": {"info": "note"}.get(severity, severity),
                },
                properties={"tags": ["runtime"], "category": "runtime", "fix": "unsafe"},
            )
    return json.dumps(log, indent=2) + "\n"


def graph_entries_paying(report: observe.TraceReport) -> list[graphs.GraphEntry]:
    return [g for g in report.graphs if g.pays]

"""What a traced run showed of each static finding, and which rule predicts each retrace.

Pure Python over the JSON the instrumented program wrote (see :mod:`trace`); no TensorFlow.

A finding is checked the way its rule's symptom shows at run time, read from the rule's fixture
(``RUNTIME_CHECK``, the same declaration ``tf2lint verify`` runs):

- ``retrace``: a retrace whose cause the rule predicts, at the finding (the call site, the
  ``tf.function`` that was made there, or the retraced function's decorators and ``def``);
- ``trace-time``: the finding's statement ran only while tracing, and the traced function was
  called more often than that (a ``print``, a Python mutation, a random draw, a stale read);
- ``graph``: the statement ran while tracing, so its work is built into the graph (a loop that
  ran N times in one trace is unrolled N times);
- ``error``: an exception whose innermost frame in the user's files is the finding's statement.
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

from tf2lint.runtime_check import causes, graphs, signatures

OBSERVED, NOT_OBSERVED, NOT_CHECKABLE = "observed", "not observed", "not checkable"
# A trace-time finding where every call of its function traced: the run could not tell a line
# that runs only while tracing from one that runs on every call (not a miss of the rule).
MASKED = "masked by retracing"
RETRACE, TRACE_TIME, GRAPH, ERROR, STATIC = "retrace", "trace-time", "graph", "error", "static"
# Categories whose "value"/"effects"/"output" symptom is "it ran only while tracing".
TRACE_TIME_CATEGORIES = {"side-effect", "stale-capture", "graph-incompatible", "graph-bloat"}

# Which rules predict a retrace of each cause (see causes.KINDS); the rest are rule candidates.
PREDICTING_RULES: dict[str, tuple[str, ...]] = {
    # TF997: a redundant inner tf.function is retraced by its Python arguments
    causes.PYTHON_VALUE: ("TF501", "TF505", "TF599", "TF997"),
    causes.SHAPE: ("TF510", "TF598"),  # TF510: predict per item, on inputs of new shapes
    causes.OBJECT_IDENTITY: ("TF506",),
    # TF508/TF509: an object made in a loop, whose tf.function (a method, or one its constructor
    # makes) is new for each object
    causes.NEW_FUNCTION: ("TF502", "TF503", "TF504", "TF508", "TF509", "TF511"),
    # TF507: predict closes over its model; TF510: each predict call builds (and traces) a new
    # input pipeline; TF511: each compile makes a new train function
    causes.CLOSURE: ("TF502", "TF503", "TF504", "TF507", "TF510", "TF511"),
}

# For retraces no rule predicts: what the cause is, and what avoids it.
CANDIDATE_HINTS = {
    causes.SHAPE: "tensor shapes change between calls; `reduce_retracing=True` or an "
    "`input_signature` with `None` dimensions traces once",
    causes.DTYPE: "tensor dtypes change between calls; cast to one dtype before the call",
    causes.STRUCTURE: "a list, tuple or dict of another length or keys per call; pass tensors or "
    "a fixed structure",
    causes.PYTHON_VALUE: "a Python value varies between calls; pass it as a tensor",
    causes.OBJECT_IDENTITY: "a new Python object per call; reuse one, or pass its tensors",
    causes.NEW_FUNCTION: "a new tf.function per call; create it once and reuse it",
    causes.CLOSURE: "a new tf.function per call closing over other values; create it once",
    causes.NEW_INSTANCE: "a new instance per call, and each instance traces its own method; "
    "reuse the instance",
    causes.CAPTURE: "a value captured by reference changed its type",
    causes.CONTEXT: "called under another device scope, graph or distribution context",
    causes.UNKNOWN: "TensorFlow traced again with the same argument types",
}


@dataclass
class FindingCheck:
    diagnostic: object  # tf2lint Diagnostic
    check: str  # RETRACE, TRACE_TIME, GRAPH, ERROR or STATIC
    verdict: str  # OBSERVED, NOT_OBSERVED, MASKED or NOT_CHECKABLE
    evidence: str

    def to_dict(self) -> dict:
        d = self.diagnostic
        return {
            "path": d.path,
            "line": d.line,
            "column": d.column,
            "end_line": d.end_line,
            "rule": d.rule,
            "name": d.name,
            "category": d.category,
            "message": d.message,
            "check": self.check,
            "verdict": self.verdict,
            "evidence": self.evidence,
        }


@dataclass
class Candidate:
    """Retraces of one function with one cause that no static rule predicted."""

    function: str
    file: str
    line: int
    cause: str
    retraces: int
    seconds: float
    examples: list[str]
    sites: list[tuple[str, int]]
    hint: str

    def to_dict(self) -> dict:
        return dict(self.__dict__, sites=[list(s) for s in self.sites])


@dataclass
class TraceReport:
    program: list[str]
    root: Path
    exit_code: int
    tensorflow: str
    seconds: float
    functions: list[dict]  # instrument summaries; retrace events carry "predicted_by"
    findings: list[FindingCheck] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    line_watch_skipped: str | None = None
    watched_lines: int = 0  # source lines counted while graphs were built
    # the narrowest change that makes each shape-retracing function trace once
    proposals: list[signatures.Proposal] = field(default_factory=list)
    graphs: list[graphs.GraphEntry] = field(default_factory=list)  # where a graph would pay
    graphs_checked: bool = False  # the run timed the eager candidates at all
    measured: bool = False  # ... and measured them as graphs (--measure)

    def own(self) -> list[dict]:
        """The program's own tf.functions that traced (not TensorFlow's, Keras' or tf.data's)."""
        return [f for f in self.functions if f["traces"] and f["user"]]

    def proposal_for(self, function: dict) -> signatures.Proposal | None:
        return next(
            (
                p
                for p in self.proposals
                if p.function == function["name"] and _same_file(p.file, function["file"])
            ),
            None,
        )

    def by_verdict(self, verdict: str) -> list[FindingCheck]:
        return [f for f in self.findings if f.verdict == verdict]

    @property
    def totals(self) -> dict:
        traced = [f for f in self.functions if f["traces"]]
        return {
            "functions": len(traced),
            "traces": sum(f["traces"] for f in traced),
            "retraces": sum(f["retraces"] for f in traced),
            "variable_creation_traces": sum(f["variable_creation_traces"] for f in traced),
            "trace_seconds": sum(f["trace_seconds"] for f in traced),
            "calls": sum(f["calls"] for f in traced),
        }

    def to_dict(self) -> dict:
        return {
            "program": self.program,
            "root": str(self.root),
            "exit_code": self.exit_code,
            "tensorflow": self.tensorflow,
            "seconds": self.seconds,
            "totals": self.totals,
            "own_totals": self.own_totals,
            "functions": self.functions,
            "findings": [f.to_dict() for f in self.findings],
            "candidates": [c.to_dict() for c in self.candidates],
            "errors": self.errors,
            "watched_lines": self.watched_lines,
            "line_watch_skipped": self.line_watch_skipped,
            "proposals": [p.to_dict() for p in self.proposals],
            "graphs": [g.to_dict() for g in self.graphs] if self.graphs_checked else None,
            "graphs_measured": self.measured,
        }

    @property
    def own_totals(self) -> dict:
        """The totals of the program's own tf.functions: what thresholds are held against."""
        own = self.own()
        return {
            "functions": len(own),
            "traces": sum(f["traces"] for f in own),
            "retraces": sum(f["retraces"] for f in own),
            "trace_seconds": sum(f["trace_seconds"] for f in own),
            "late_variables": sum(f.get("late_variables", 0) for f in own),
        }


@cache
def _rule_check(rule_id: str) -> tuple[str, str | None, str]:
    """(check kind, the fixture's observe kind, why a run cannot show it) for a rule."""
    from tf2lint.linting.plugins import rule_by_id
    from tf2lint.runtime_check.harness import plan

    rule = rule_by_id(rule_id)
    if rule is None:
        return STATIC, None, "not a tf2lint rule"
    p = plan(rule)
    if p.observe in ("error", "import-error"):
        return ERROR, p.observe, ""
    if p.observe == "traces":
        return RETRACE, p.observe, ""
    if p.observe == "graph":
        return GRAPH, p.observe, ""
    if p.observe in ("output", "effects", "value") and rule.category in TRACE_TIME_CATEGORIES:
        return TRACE_TIME, p.observe, ""
    if p.skip_reason:
        return STATIC, None, p.skip_reason
    return (
        STATIC,
        p.observe,
        (
            "its symptom is a wrong value, which only a reference value shows "
            "(`tf2lint verify` checks it on the rule's fixtures)"
        ),
    )


@lru_cache(maxsize=256)
def _statements(path: str) -> list[ast.stmt]:
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return []
    return [n for n in ast.walk(tree) if isinstance(n, ast.stmt)]


def statement_lines(d, check: str) -> tuple[int, int]:
    """The lines of the statement a finding is in: where its effect runs or its error is raised.

    A compound statement counts by its header (``if x:``), except a loop for ``graph``: its body
    is what unrolls."""
    inside = [
        s
        for s in _statements(str(d.path))
        if s.lineno <= d.line <= (s.end_lineno or s.lineno)
        and not (s.lineno == d.line and s.col_offset + 1 > d.column)
    ]
    if not inside:
        return d.line, d.end_line
    stmt = max(inside, key=lambda s: (s.lineno, -(s.end_lineno or s.lineno)))
    body = getattr(stmt, "body", None)
    loop = isinstance(stmt, ast.For | ast.AsyncFor | ast.While)
    if body and not (loop and check == GRAPH):
        last = max(stmt.lineno, body[0].lineno - 1)
        return stmt.lineno, max(last, d.end_line)
    return stmt.lineno, max(stmt.end_lineno or stmt.lineno, d.end_line)


def lines_to_watch(diagnostics: list) -> dict[str, list[int]]:
    """The lines to count while traces run: those of findings a run shows by their lines."""
    out: dict[str, set[int]] = {}
    for d in diagnostics:
        check = _rule_check(d.rule)[0]
        if check in (TRACE_TIME, GRAPH, ERROR):
            first, last = statement_lines(d, check)
            out.setdefault(str(Path(d.path).resolve()), set()).update(range(first, last + 1))
    return {path: sorted(lines) for path, lines in out.items()}


def _same_file(a: str, b: str) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def where(path: str, line: int, root: Path) -> str:
    """``path:line``, relative to the program's folder, or to site-packages for a library."""
    try:
        shown = Path(path).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        shown = path.split(f"{os.sep}site-packages{os.sep}", 1)[-1]
    return f"{shown}:{line}"


def _under(path: str, root: Path) -> bool:
    return os.path.realpath(path).startswith(os.path.realpath(root) + os.sep)


def _within(site, path: str, first: int, last: int) -> bool:
    return bool(site) and _same_file(site[0], path) and first <= site[1] <= last


def _cause_kinds(event: dict) -> set[str]:
    return {c["kind"] for c in event["cause"]}


@lru_cache(maxsize=1024)
def _definition_lines(path: str, line: int) -> tuple[int, int]:
    """The lines of the decorators and ``def`` of the function starting at ``line`` (not its
    body)."""
    for s in _statements(path):
        if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([s.lineno] + [d.lineno for d in s.decorator_list])
            if first == line:
                return first, max(s.lineno, s.body[0].lineno - 1)
    return line, line


def _at_finding(d, function: dict, event: dict) -> bool:
    """Whether a retrace happened where a finding points: at its call, at the tf.function made
    there, or on the function's own definition (a ``@tf.function`` nested in another); or at
    one of the places its evidence names (TF508 is reported where an object is made in a loop,
    and its evidence names the method that object's tf.function is, and where it is called)."""
    places = [(d.path, d.line, d.end_line)]
    if d.evidence is not None:
        places += [
            (step.path or d.path, step.line, step.line)
            for step in (*d.evidence.traced, *d.evidence.value)
            if step.line > 0 and step.cell is None
        ]
    for path, first_line, last_line in places:
        if _within(event["call_site"], path, first_line, last_line):
            return True
        if _within(function["created_at"], path, first_line, last_line):
            return True
        if _same_file(function["file"], path):
            first, last = _definition_lines(function["file"], function["line"])
            if first <= first_line <= last:
                return True
    return False


def _predicts(d, function: dict, event: dict) -> bool:
    rules = {r for kind in _cause_kinds(event) for r in PREDICTING_RULES.get(kind, ())}
    return d.rule in rules and _at_finding(d, function, event)


def compare(
    data: dict, diagnostics: list, program: list[str], root: Path, exit_code: int
) -> TraceReport:
    functions = data["functions"]
    report = TraceReport(
        program,
        root,
        exit_code,
        data["tensorflow"],
        data.get("seconds", 0.0),
        functions,
        errors=data.get("errors", []),
        line_watch_skipped=data.get("line_watch_skipped"),
        watched_lines=data.get("watched_lines", 0),
    )
    retrace_findings = [d for d in diagnostics if _rule_check(d.rule)[0] == RETRACE]
    for f in functions:
        f["user"] = _under(f["file"], root)  # defined in the program's files, not a library's
        for event in f["events"]:
            if event["kind"] == "retrace":
                event["predicted_by"] = [
                    {"rule": d.rule, "path": d.path, "line": d.line}
                    for d in retrace_findings
                    if _predicts(d, f, event)
                ]
    runs = _runs_by_line(data)
    events = {e["seq"]: (f, e) for f in functions for e in f["events"]}
    for d in sorted(diagnostics, key=lambda d: d.sort_key()):
        check, observe, reason = _rule_check(d.rule)
        if check == RETRACE:
            verdict, evidence = _retrace_verdict(d, functions)
        elif check == ERROR:
            verdict, evidence = _error_verdict(d, report.errors, runs, root)
        elif check == STATIC:
            verdict, evidence = NOT_CHECKABLE, reason
        elif report.line_watch_skipped:
            verdict, evidence = NOT_CHECKABLE, f"lines not watched: {report.line_watch_skipped}"
        else:
            first, last = statement_lines(d, check)
            per_trace = _runs_in(runs, d.path, first, last)
            if check == GRAPH:
                verdict, evidence = _graph_verdict(per_trace, events, root)
            else:
                verdict, evidence = _trace_time_verdict(observe, per_trace, events, root)
        report.findings.append(FindingCheck(d, check, verdict, evidence))
    for error in report.errors:  # which findings foresaw each exception (none: a candidate)
        error["findings"] = [
            {"rule": c.diagnostic.rule, "path": c.diagnostic.path, "line": c.diagnostic.line}
            for c in report.findings
            if c.check == ERROR
            and c.verdict == OBSERVED
            and error["innermost"]
            and _within(
                error["innermost"], c.diagnostic.path, *statement_lines(c.diagnostic, ERROR)
            )
        ]
    report.candidates = _candidates(functions, root)
    report.proposals = signatures.proposals([f for f in functions if f["user"]])
    report.graphs_checked = data.get("eager") is not None
    report.graphs = graphs.entries(data.get("eager"))
    report.measured = any(g.measured is not None for g in report.graphs)
    return report


def _runs_by_line(data: dict) -> dict[tuple[str, int], dict[int, int]]:
    return {
        (entry["file"], entry["line"]): {int(seq): n for seq, n in entry["runs"].items()}
        for entry in data.get("lines", [])
    }


def _runs_in(runs: dict, path: str, first: int, last: int) -> dict[int, int]:
    """Runs of a statement per trace: the most any of its lines ran in that trace."""
    real = os.path.realpath(path)
    out: dict[int, int] = {}
    for line in range(first, last + 1):
        for seq, n in runs.get((real, line), {}).items():
            out[seq] = max(out.get(seq, 0), n)
    return out


def _outermost(seq: int, events: dict) -> tuple[dict, dict] | None:
    """The function and trace that a trace ran inside of, outermost first."""
    found = events.get(seq)
    while found is not None and found[1].get("parent") in events:
        found = events[found[1]["parent"]]
    return found


def short_name(name: str) -> str:
    """``Trainer._make_function.<locals>.one_step`` as ``one_step``; methods keep their class."""
    return name.rsplit("<locals>.", 1)[-1]


def _function_text(f: dict, root: Path) -> str:
    made = ""
    if f.get("created_at") and not _same_file(f["created_at"][0], f["file"]):
        made = f" (made at {where(f['created_at'][0], f['created_at'][1], root)})"
    return f"`{short_name(f['name'])}`{made}"


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _trace_time_verdict(observe, per_trace: dict, events: dict, root: Path) -> tuple[str, str]:
    verb = {"output": "printed", "value": "evaluated"}.get(observe, "ran")
    if not per_trace:
        return NOT_OBSERVED, "did not run while any tf.function traced (it may have run eagerly)"
    by_function: dict[tuple, tuple[dict, set]] = {}
    outside_calls = []
    for seq in per_trace:
        found = _outermost(seq, events)
        if found is None:
            continue
        f, event = found
        entry = by_function.setdefault((f["file"], f["line"], f["name"]), (f, set()))
        entry[1].add(event["seq"])
        if event["call"] is None and not event["nested"]:
            outside_calls.append(f)
    total = sum(per_trace.values())
    parts, shown = [], False
    for f, traces in by_function.values():
        name = _function_text(f, root)
        if f in outside_calls:
            parts.append(
                f"while tracing {name}, which TensorFlow runs as a graph (tf.data or a concrete "
                "function) without running this line"
            )
            shown = True
        elif f["calls"] > len(traces):
            what = {"value": "reuse the value fixed then"}.get(observe, "run the graph without it")
            parts.append(
                f"while tracing {name}, in {len(traces)} of its {f['traces']} traces; "
                f"its {f['calls']} calls {what}"
            )
            shown = True
        else:
            parts.append(
                f"while tracing {name}, but each of its {f['calls']} calls traced: "
                "none ran without it"
            )
    evidence = f"{verb} {_times(total)}, only " + "; and ".join(parts)
    return (OBSERVED if shown else MASKED), evidence


def _graph_verdict(per_trace: dict, events: dict, root: Path) -> tuple[str, str]:
    if not per_trace:
        return NOT_OBSERVED, "did not run while any tf.function traced (it may have run eagerly)"
    most = max(per_trace.values())
    found = _outermost(max(per_trace, key=per_trace.get), events)
    name = _function_text(found[0], root) if found else "a tf.function"
    if most > 1:
        return OBSERVED, f"ran {most} times within one trace of {name}: unrolled into its graph"
    return OBSERVED, f"ran while tracing {name}: built into its graph, once per trace"


def _error_verdict(d, errors: list[dict], runs: dict, root: Path) -> tuple[str, str]:
    first, last = statement_lines(d, ERROR)
    for error in errors:
        if error["innermost"] and _within(error["innermost"], d.path, first, last):
            how = " while tracing" if error.get("while_tracing") is not None else ""
            return OBSERVED, f"raised {error['type']} here{how}: {error['message']}"
    for error in errors:
        if any(_within(frame, d.path, first, last) for frame in error["frames"]):
            inner = error["innermost"]
            return NOT_OBSERVED, (
                f"the {error['type']} raised in this run passed through here but came from "
                f"{where(inner[0], inner[1], root)}"
            )
    ran = sum(_runs_in(runs, d.path, first, last).values())
    if ran:
        return NOT_OBSERVED, f"ran {_times(ran)} while tracing without raising"
    return NOT_OBSERVED, "no exception in this run was raised here"


def _retrace_verdict(d, functions: list[dict]) -> tuple[str, str]:
    predicted, elsewhere = [], []
    for f in functions:
        for event in f["events"]:
            if event["kind"] != "retrace":
                continue
            if any(p["rule"] == d.rule and p["line"] == d.line for p in event["predicted_by"]):
                predicted.append((f, event))
            elif _at_finding(d, f, event):
                elsewhere.append((f, event))
    if predicted:
        names = sorted({f["name"] for f, _ in predicted})
        return OBSERVED, (
            f"`{', '.join(names)}` retraced {len(predicted)}x here: "
            + _cause_summary([e for _, e in predicted])
        )
    if elsewhere:
        f = elsewhere[0][0]
        return NOT_OBSERVED, (
            f"`{f['name']}` retraced here, but because "
            + _cause_summary([e for _, e in elsewhere])
            + f", which is not what {d.rule} predicts"
        )
    related = [
        f
        for f in sorted(functions, key=lambda f: not f["user"])  # the program's own first
        if (_same_file(f["file"], d.path) and f["line"] <= d.line <= f["end_line"])
        or _within(f["created_at"], d.path, d.line, d.end_line)
        or any(_within(e["call_site"], d.path, d.line, d.end_line) for e in f["events"])
    ]
    if related:
        f = related[0]
        return NOT_OBSERVED, (
            f"`{f['name']}` traced {f['traces']}x in {f['calls']} calls, "
            f"{f['retraces']} retraces: none here"
        )
    return NOT_OBSERVED, "no tf.function traced from here in this run"


def _cause_summary(events: list[dict], limit: int = 3) -> str:
    texts: list[str] = []
    for event in events:
        text = "; ".join(c["text"] for c in event["cause"]) or "?"
        if text not in texts:
            texts.append(text)
    shown = ", ".join(texts[:limit])
    more = len(texts) - limit
    return shown + (f" and {more} other causes" if more > 0 else "")


def _candidates(functions: list[dict], root: Path) -> list[Candidate]:
    """Unpredicted retraces of the user's own functions (under ``root``), by cause."""
    groups: dict[tuple, Candidate] = {}
    for f in functions:
        if not f["user"]:
            continue  # TensorFlow's or Keras's own function: no rule of yours would change it
        for event in f["events"]:
            if event["kind"] != "retrace" or event.get("predicted_by"):
                continue
            kind = event["cause"][0]["kind"] if event["cause"] else causes.UNKNOWN
            key = (f["file"], f["line"], f["name"], kind)
            candidate = groups.get(key)
            if candidate is None:
                candidate = groups[key] = Candidate(
                    f["name"], f["file"], f["line"], kind, 0, 0.0, [], [], CANDIDATE_HINTS[kind]
                )
            candidate.retraces += 1
            candidate.seconds += event["seconds"]
            text = "; ".join(c["text"] for c in event["cause"])
            if text not in candidate.examples and len(candidate.examples) < 3:
                candidate.examples.append(text)
            site = tuple(event["call_site"]) if event["call_site"] else None
            if site and site not in candidate.sites:
                candidate.sites.append(site)
    return sorted(groups.values(), key=lambda c: -c.seconds)


def seconds(value: float | None) -> str:
    if value is None:
        return "-"
    if value < 1:
        return f"{value * 1000:.3g} ms"
    return f"{value:.3g} s"


def render_text(report: TraceReport, max_retraces: int = 5) -> str:
    """The plain report (on stderr by default, for people and CI logs)."""
    root = report.root
    own = [f for f in report.functions if f["traces"] and f["user"]]  # not tf.data's, Keras'
    lines = [
        "",
        f"tf2lint trace: {plural(len(own), 'tf.function')} of the program traced "
        f"{plural(sum(f['traces'] for f in own), 'time')} "
        f"({plural(sum(f['retraces'] for f in own), 'retrace')}), "
        f"{seconds(sum(f['trace_seconds'] for f in own))} tracing",
    ]
    if report.watched_lines and not report.line_watch_skipped:
        lines.append(
            f"  (counted runs of {plural(report.watched_lines, 'line')} of findings while graphs "
            "were built, which slows tracing; --no-lines, in pytest --tf2lint-no-lines, for tracing times alone)"
        )
    traced = [f for f in report.functions if f["traces"] or f["events"]]
    library = [f for f in traced if not f["user"]]
    for f in sorted((f for f in traced if f["user"]), key=lambda f: -f["trace_seconds"]):
        mark = "  RETRACED" if f["retraces"] else ""
        extra = (
            f" ({f['variable_creation_traces']} for variable creation)"
            if f["variable_creation_traces"]
            else ""
        ) + (f", {f['failed_traces']} raised" if f["failed_traces"] else "")
        lines.append(
            f"  {where(f['file'], f['line'], root)} {f['name']}: {plural(f['traces'], 'trace')} "
            f"in {plural(f['calls'], 'call')}{extra}, {plural(f['retraces'], 'retrace')}, "
            f"{seconds(f['trace_seconds'])} tracing, steady call "
            f"{seconds(f['steady_call_seconds'])}{mark}"
        )
        retraces = [e for e in f["events"] if e["kind"] == "retrace"]
        for e in retraces[:max_retraces]:
            site = f" at {where(*e['call_site'], root)}" if e["call_site"] else ""
            by = ", ".join(
                f"{p['rule']} {where(p['path'], p['line'], root)}" for p in e["predicted_by"]
            )
            unpredicted = " [no rule predicted it]" if f["user"] else " [in library code]"
            lines.append(
                f"      retrace{site}: {'; '.join(c['text'] for c in e['cause'])}"
                + (f" [predicted by {by}]" if by else unpredicted)
            )
        if len(retraces) > max_retraces:
            lines.append(
                f"      and {len(retraces) - max_retraces} more retraces (see --format json)"
            )
        if f.get("late_variables"):
            lines.append(
                f"      {plural(f['late_variables'], 'tf.Variable')} created on a trace after "
                "the first (TensorFlow refuses them, or makes new ones per call)"
            )
        proposal = report.proposal_for(f)
        if proposal is not None:
            lines.append(f"      {proposal_text(proposal)}")
    if library:
        names = ", ".join(sorted({short_name(f["name"]) for f in library}))
        lines.append(
            f"  and {len(library)} tf.functions of TensorFlow or Keras ({names}): "
            f"{plural(sum(f['traces'] for f in library), 'trace')}, "
            f"{plural(sum(f['retraces'] for f in library), 'retrace')}, "
            f"{seconds(sum(f['trace_seconds'] for f in library))} tracing"
        )

    def finding(check: FindingCheck) -> str:
        d = check.diagnostic
        return f"  {where(d.path, d.line, root)}:{d.column} {d.rule} {d.name}: {check.evidence}"

    for title, verdict in (
        ("Static findings observed at run time", OBSERVED),
        ("Static findings not observed at run time", NOT_OBSERVED),
        ("Static findings this run could not show: every call of their function traced", MASKED),
        ("Static findings a run cannot show", NOT_CHECKABLE),
    ):
        found = report.by_verdict(verdict)
        if found or verdict in (OBSERVED, NOT_OBSERVED):
            lines.append(f"{title} ({len(found)}):")
            lines += [finding(c) for c in found]
    lines.append(
        f"Retraces no static rule predicted ({sum(c.retraces for c in report.candidates)}):"
    )
    for c in report.candidates:
        sites = ", ".join(where(s[0], s[1], root) for s in c.sites)
        lines.append(
            f"  {where(c.file, c.line, root)} {c.function}: {c.retraces} retraces "
            f"({seconds(c.seconds)}), cause {c.cause}: {', '.join(c.examples)}"
            + (f" (called from {sites})" if sites else "")
        )
        lines.append(f"      candidate for a new rule: {c.hint}")
    if report.graphs_checked:
        lines += graphs_text(report)
    if report.errors:
        lines.append(f"Exceptions ({len(report.errors)}):")
        for e in report.errors:
            place = where(*e["innermost"], root) if e["innermost"] else "outside your files"
            by = ", ".join(
                f"{p['rule']} {where(p['path'], p['line'], root)}" for p in e["findings"]
            )
            lines.append(
                f"  {e['type']} at {place}"
                + (" (uncaught)" if e.get("uncaught") else "")
                + f": {e['message']}"
                + (f" [predicted by {by}]" if by else " [no finding predicted it]")
            )
    return "\n".join(lines) + "\n"


def proposal_text(proposal: signatures.Proposal) -> str:
    """``fix (unsafe): input_signature=[...]``, and what became of it."""
    status = {
        "proposed": "tf2lint trace --fix writes it",
        "applied": "written",
        "verified": "written, and the run again confirmed it",
        "reverted": "written, then taken back",
        "not applied": "not written",
    }.get(proposal.status, proposal.status)
    reason = f": {proposal.reason}" if proposal.reason else ""
    return f"fix (unsafe): {proposal.keyword()} ({status}{reason})"


def graph_text(entry: graphs.GraphEntry, root: Path) -> str:
    head = (
        f"  {where(entry.file, entry.line, root)} {entry.name}: {plural(entry.calls, 'eager call')}, "
        f"{seconds(entry.eager_call_seconds)} each ({seconds(entry.eager_seconds)} in all)"
    )
    measured = entry.measured
    if measured is None:
        return head + "; not measured as a graph (--measure)"
    if measured.get("status") != "measured":
        return head + f"; as a graph: {measured['status']} ({measured.get('reason', '')})"
    faster = entry.speedup or 0.0
    return head + (
        f"; as a tf.function {seconds(measured['graph_call_seconds'])} per call on the same "
        f"inputs, same results: {faster:.1f}x" + (" faster" if faster >= 1 else " (slower)")
    )


def graphs_text(report: TraceReport) -> list[str]:
    """The functions that ran eagerly, many times, in TensorFlow: measured (or not) as graphs."""
    paying = [g for g in report.graphs if g.pays]
    title = (
        f"Where a graph would pay ({len(paying)} measured at {graphs.WORTH}x or more, of "
        f"{len(report.graphs)} eager functions called often):"
        if report.measured
        else f"Eager functions called often, candidates for tf.function ({len(report.graphs)}; "
        "--measure times them as graphs):"
    )
    return [title] + [graph_text(g, report.root) for g in report.graphs]

"""Self-contained HTML reports: ``tf2lint trace --html`` and ``tf2lint verify --format html``.

One file, no script and nothing fetched: inline CSS and SVG, readable offline and in CI
artifacts. Every figure shown is also a ``data-`` attribute holding the JSON value it comes from,
so a browser test can check the page against ``--format json``.
"""

from __future__ import annotations

from html import escape

from tf2lint.runtime_check.observe import plural, seconds, short_name, where
from tf2lint.runtime_check.report import cells, summary

KIND_COLOURS = {
    "first": "#4c78a8",
    "retrace": "#e45756",
    "variable-creation": "#f2b701",
    "failed": "#222222",
}
KIND_WORDS = {
    "first": "first trace",
    "retrace": "retrace",
    "variable-creation": "variable creation (TF's second trace of a first call; not a retrace)",
    "failed": "trace that raised",
}

STYLE = """
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px;
       color: #1d1d1f; background: #fff; max-width: 1400px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; }
h3 { font-size: 15px; margin: 20px 0 6px; }
.meta { color: #555; margin-bottom: 12px; font-weight: normal; }
.totals { display: flex; gap: 12px; flex-wrap: wrap; margin: 12px 0; }
.totals div { background: #f4f5f7; border-radius: 6px; padding: 8px 14px; }
.totals b { display: block; font-size: 20px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #e3e3e3;
         vertical-align: top; }
th { background: #fafafa; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code { font-size: 12.5px; }
.observed, .confirmed, .gone { color: #0a7a32; font-weight: 600; }
.not-observed, .not-confirmed, .still, .fails { color: #b3261e; font-weight: 600; }
.masked-by-retracing { color: #7a5b00; font-weight: 600; }
.not-checkable, .skipped, .not-applicable, .none { color: #777; }
.legend span { display: inline-block; margin-right: 14px; }
.legend i { display: inline-block; width: 11px; height: 11px; border-radius: 2px;
            margin-right: 5px; vertical-align: -1px; }
svg text { font: 12px system-ui, sans-serif; fill: #333; }
.bar { display: inline-block; height: 10px; border-radius: 2px; vertical-align: middle; }
"""


def _page(title: str, body: list[str]) -> str:
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
            *body,
            "</body></html>",
            "",
        ]
    )


def _attr(value) -> str:
    return escape("" if value is None else str(value), quote=True)


def _legend() -> str:
    items = "".join(
        f'<span><i style="background:{colour}"></i>{escape(KIND_WORDS[kind])}</span>'
        for kind, colour in KIND_COLOURS.items()
    )
    return f'<p class="legend">{items}</p>'


def timeline(functions: list[dict], run_seconds: float, width: int = 1100) -> str:
    """One lane per traced function: its calls as a grey span, each trace as a mark whose
    width is its tracing time, coloured by kind."""
    traced = [f for f in functions if f["traces"] or f["events"]]
    label_width, lane, top = 260, 26, 22
    end = (
        max(
            [run_seconds]
            + [e["started"] + e["seconds"] for f in traced for e in f["events"]]
            + [f["last_call"] or 0 for f in traced]
        )
        or 1.0
    )
    plot = width - label_width - 20
    height = top + lane * len(traced) + 10

    def x(t: float) -> float:
        return label_width + plot * max(0.0, t) / end

    out = [
        f'<svg class="timeline" width="{width}" height="{height}" role="img" '
        f'aria-label="traces over time">'
    ]
    for i in range(6):
        t = end * i / 5
        out.append(
            f'<line x1="{x(t):.1f}" y1="{top - 6}" x2="{x(t):.1f}" y2="{height - 6}" '
            'stroke="#eee"/>'
            f'<text x="{x(t):.1f}" y="{top - 9}" text-anchor="middle">{t:.1f} s</text>'
        )
    for row, f in enumerate(traced):
        y = top + row * lane
        name = short_name(f["name"])
        out.append(
            f'<text x="{label_width - 8}" y="{y + 15}" text-anchor="end">'
            f"{escape(name[:34])} ({f['traces']}/{f['calls']})</text>"
        )
        if f["first_call"] is not None and f["last_call"] is not None:
            span = max(1.0, x(f["last_call"]) - x(f["first_call"]))
            out.append(
                f'<rect x="{x(f["first_call"]):.1f}" y="{y + 8}" width="{span:.1f}" '
                f'height="6" fill="#d9dde3"><title>{f["calls"]} calls</title></rect>'
            )
        for e in f["events"]:
            cause = "; ".join(c["text"] for c in e["cause"])
            tip = f"{KIND_WORDS[e['kind']]} #{e['seq']}, {seconds(e['seconds'])}" + (
                f": {cause}" if cause else ""
            )
            mark = max(2.5, plot * e["seconds"] / end)
            out.append(
                f'<rect class="trace-mark" data-seq="{e["seq"]}" data-kind="{e["kind"]}" '
                f'x="{x(e["started"]):.1f}" y="{y + 3}" width="{mark:.1f}" height="16" '
                f'rx="2" fill="{KIND_COLOURS[e["kind"]]}">'
                f"<title>{escape(tip)}</title></rect>"
            )
    out.append("</svg>")
    return "".join(out)


def render_trace(report) -> str:
    """``tf2lint trace --html``: per traced function, its traces over time, tracing seconds and
    the cause of each retrace; then the findings and the retraces no rule predicted."""
    data = report.to_dict()
    totals, root = data["totals"], report.root
    body = [
        "<h1>tf2lint trace</h1>",
        f'<p class="meta"><code>{escape(" ".join(report.program))}</code> - TensorFlow '
        f"{escape(str(report.tensorflow))}, exit status {report.exit_code}, "
        f"ran {report.seconds:.1f} s"
        + (
            f"; counted runs of {plural(report.watched_lines, 'line')} of findings while "
            "graphs were built, which slows tracing"
            if report.watched_lines and not report.line_watch_skipped
            else ""
        )
        + "</p>",
        '<div class="totals" id="totals" '
        + " ".join(f'data-{k.replace("_", "-")}="{_attr(v)}"' for k, v in totals.items())
        + ">",
        f"<div><b>{totals['functions']}</b>tf.functions traced</div>",
        f"<div><b>{totals['traces']}</b>traces</div>",
        f"<div><b>{totals['retraces']}</b>retraces</div>",
        f"<div><b>{totals['variable_creation_traces']}</b>variable-creation traces</div>",
        f"<div><b>{seconds(totals['trace_seconds'])}</b>tracing</div>",
        f"<div><b>{totals['calls']}</b>calls</div>",
        "</div>",
        "<h2>Traces over time</h2>",
        _legend(),
        timeline(data["functions"], report.seconds),
        "<h2>Traced functions</h2>",
    ]
    for f in data["functions"]:
        if not (f["traces"] or f["events"]):
            continue
        body.append(
            f'<section class="function" data-name="{_attr(f["name"])}" '
            f'data-traces="{f["traces"]}" data-retraces="{f["retraces"]}" '
            f'data-calls="{f["calls"]}" data-trace-seconds="{_attr(f["trace_seconds"])}" '
            f'data-variable-creation-traces="{f["variable_creation_traces"]}">'
        )
        body.append(
            f"<h3><code>{escape(short_name(f['name']))}</code> "
            f'<span class="meta">{escape(where(f["file"], f["line"], root))}</span></h3>'
        )
        body.append(
            f'<p><span class="traces">{f["traces"]}</span> traces in '
            f'<span class="calls">{f["calls"]}</span> calls, '
            f'<span class="retraces">{f["retraces"]}</span> retraces, '
            f'<span class="trace-seconds">{seconds(f["trace_seconds"])}</span> tracing, '
            f"steady call {seconds(f['steady_call_seconds'])}"
            + (
                f", {f['variable_creation_traces']} trace for variable creation (not a retrace)"
                if f["variable_creation_traces"]
                else ""
            )
            + "</p>"
        )
        body.append(
            "<table><tr><th>#</th><th>kind</th><th>at</th><th>tracing</th><th>call</th>"
            "<th>call site</th><th>cause</th><th>predicted by</th></tr>"
        )
        for e in f["events"]:
            site = where(e["call_site"][0], e["call_site"][1], root) if e["call_site"] else "-"
            cause = "; ".join(c["text"] for c in e["cause"]) or "-"
            predicted = ", ".join(
                f"{p['rule']} {where(p['path'], p['line'], root)}"
                for p in e.get("predicted_by", [])
            )
            if e["kind"] == "retrace" and not predicted:
                predicted = "no rule: a candidate" if f["user"] else "library code"
            body.append(
                f'<tr class="event" data-seq="{e["seq"]}" data-kind="{e["kind"]}" '
                f'data-seconds="{_attr(e["seconds"])}" data-cause="{_attr(cause)}">'
                f"<td class=num>{e['seq']}</td>"
                f'<td><span class="bar" style="width:10px;background:'
                f'{KIND_COLOURS[e["kind"]]}"></span> {escape(e["kind"])}</td>'
                f"<td class=num>{e['started']:.2f} s</td>"
                f'<td class="num seconds">{seconds(e["seconds"])}</td>'
                f"<td class=num>{e['call'] if e['call'] is not None else '-'}</td>"
                f"<td><code>{escape(site)}</code></td>"
                f'<td class="cause">{escape(cause)}</td><td>{escape(predicted or "-")}</td></tr>'
            )
        body.append("</table></section>")
    body.append(f"<h2>Static findings ({len(data['findings'])})</h2>")
    body.append("<table><tr><th>where</th><th>rule</th><th>verdict</th><th>evidence</th></tr>")
    for finding in data["findings"]:
        verdict = finding["verdict"]
        body.append(
            f'<tr class="finding" data-rule="{finding["rule"]}" data-line="{finding["line"]}" '
            f'data-verdict="{_attr(verdict)}">'
            f"<td><code>{escape(where(finding['path'], finding['line'], root))}</code></td>"
            f"<td>{escape(finding['rule'])} {escape(finding['name'])}</td>"
            f'<td class="{verdict.replace(" ", "-")}">{escape(verdict)}</td>'
            f"<td>{escape(finding['evidence'])}</td></tr>"
        )
    body.append("</table>")
    body.append(f"<h2>Retraces no static rule predicted ({len(data['candidates'])})</h2>")
    if data["candidates"]:
        body.append(
            "<table><tr><th>function</th><th>cause</th><th>retraces</th><th>tracing</th>"
            "<th>examples</th><th>candidate for a new rule</th></tr>"
        )
        for c in data["candidates"]:
            body.append(
                f'<tr class="candidate" data-function="{_attr(c["function"])}" '
                f'data-cause="{_attr(c["cause"])}" data-retraces="{c["retraces"]}">'
                f"<td><code>{escape(short_name(c['function']))}</code> "
                f"{escape(where(c['file'], c['line'], root))}</td>"
                f"<td>{escape(c['cause'])}</td><td class=num>{c['retraces']}</td>"
                f"<td class=num>{seconds(c['seconds'])}</td>"
                f"<td>{escape(', '.join(c['examples']))}</td><td>{escape(c['hint'])}</td></tr>"
            )
        body.append("</table>")
    if data["errors"]:
        body.append(f"<h2>Exceptions ({len(data['errors'])})</h2><table>")
        body.append("<tr><th>type</th><th>raised at</th><th>message</th></tr>")
        for e in data["errors"]:
            place = where(*e["innermost"], root) if e["innermost"] else "outside your files"
            body.append(
                f'<tr class="error" data-type="{_attr(e["type"])}" data-where="{_attr(place)}">'
                f"<td>{escape(e['type'])}</td><td><code>{escape(place)}</code></td>"
                f"<td>{escape(e['message'])}</td></tr>"
            )
        body.append("</table>")
    return _page("tf2lint trace", body)


def render_verify(verdicts: list, meta: dict) -> str:
    """``tf2lint verify --format html``: the verify table, with bars for traces and slowdown."""
    rows = [(v, v.to_dict()) for v in verdicts]
    most_traces = max(
        [1] + [r.get("traces") or 0 for _, d in rows for r in (d["bad"], d["good"]) if r]
    )
    body = [
        "<h1>tf2lint verify</h1>",
        f'<p class="meta">TensorFlow {escape(str(meta["tensorflow"]))}, '
        f"{escape(str(meta['devices']))}, {meta['repeat']} calls per fixture, "
        f"Python {escape(str(meta['python']))}, {escape(str(meta['date']))}</p>",
        f'<p id="summary">{escape(summary(verdicts))}</p>',
        '<p class="legend"><span><i style="background:#e45756"></i>bad fixture</span>'
        '<span><i style="background:#4c78a8"></i>good fixture</span></p>',
        "<table><tr><th>rule</th><th>result</th><th>traces bad / good</th>"
        "<th>steady call bad / good</th><th>slowdown</th><th>after the fix</th>"
        "<th>evidence</th></tr>",
    ]
    for v, d in rows:
        shown = cells(v)
        traces = [r.get("traces") if r else None for r in (d["bad"], d["good"])]
        bars = "".join(
            f'<span class="bar" style="width:{max(2, 80 * (t or 0) / most_traces):.0f}px;'
            f'background:{colour}" title="{t}"></span><br>'
            for t, colour in zip(traces, ("#e45756", "#4c78a8"), strict=True)
            if t is not None
        )
        fix = d.get("fix") or {}
        fix_class = {
            "symptom gone": "gone",
            "symptom still there": "still",
            "fixed code fails": "fails",
            "fix not applicable": "not-applicable",
        }.get(fix.get("status"), "none")
        body.append(
            f'<tr class="rule" data-rule="{v.rule}" data-status="{_attr(v.status)}" '
            f'data-traces-bad="{_attr(traces[0])}" data-traces-good="{_attr(traces[1])}" '
            f'data-slowdown="{_attr(d["slowdown"])}" data-fix="{_attr(fix.get("status"))}">'
            f"<td><b>{v.rule}</b><br><span class=meta>{escape(v.category)}</span></td>"
            f'<td class="{v.status.replace(" ", "-")}">{escape(v.status)}</td>'
            f"<td>{bars}<span class=meta>{escape(shown[4])}</span></td>"
            f"<td class=num>{escape(shown[6])}</td>"
            f'<td class="num slowdown">{escape(shown[7])}</td>'
            f'<td class="{fix_class}">{escape(fix.get("status") or "no fix")}'
            + (f"<br><span class=meta>{escape(fix.get('reason', ''))}</span>" if fix else "")
            + f"</td><td>{escape(v.reason)}</td></tr>"
        )
    body.append("</table>")
    return _page("tf2lint verify", body)

"""``tf2lint verify`` and ``tf2lint trace``. TensorFlow is only ever imported in subprocesses.

:func:`add_commands` declares both subcommands on the ``tf2lint`` parser; a runtime command
added here (a flag, or another subcommand with a ``run_command`` default) needs no change to
the engine's CLI.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

EXIT_OK, EXIT_NOT_CONFIRMED, EXIT_ERROR = 0, 1, 2


def add_commands(commands) -> None:
    """Add ``verify`` and ``trace`` to the ``tf2lint`` subcommand parsers."""
    verify = commands.add_parser(
        "verify", help="trace each rule's fixtures under TensorFlow and confirm the diagnostics"
    )
    verify.add_argument(
        "--rules",
        type=_comma_list,
        default=None,
        help="the rules to verify, comma-separated ids (default: every runtime-checkable rule)",
    )
    verify.add_argument(
        "--device",
        choices=("cpu", "gpu", "all"),
        default="cpu",
        help="where the fixtures run (all: CPU, then GPU if one is visible)",
    )
    verify.add_argument(
        "--format",
        choices=("table", "json", "markdown", "html"),
        default="table",
        help="table (fits the terminal), json, markdown (docs/verify.md) or html",
    )
    verify.add_argument("--repeat", type=int, default=20, help="calls per fixture")
    verify.add_argument("--timeout", type=float, default=120.0, help="seconds per fixture")
    verify.add_argument(
        "--suite",
        type=Path,
        help="instead of the rules' fixtures, run a suite of bad/clean program pairs "
        "(tests/realworld) and check each declared SYMPTOM",
    )
    verify.add_argument("--record", type=Path, help="with --suite: write the record (JSON) here")
    verify.set_defaults(run_command=verify_command)

    trace = commands.add_parser("trace", help="run a program with tf.function instrumented")
    trace.add_argument(
        "--format",
        choices=("text", "json", "concise", "sarif", "github"),
        default="text",
        help="the report: text (on stderr), or on stdout (the program's output then goes to "
        "stderr) json (the trace report) or, as `check` writes its findings, concise, sarif or "
        "github",
    )
    trace.add_argument("--html", type=Path, help="also write an HTML report to this file")
    trace.add_argument(
        "--output",
        "-o",
        type=Path,
        help="write the report here (default: text on stderr, JSON on stdout)",
    )
    trace.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a status line every 10 s while the program runs (default: on a terminal)",
    )
    trace.add_argument(
        "--lines",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="count the lines of findings while graphs are built (slows tracing; default: on)",
    )
    trace.add_argument(
        "--root",
        type=Path,
        help="the folder of your code (default: the nearest pyproject.toml or .git above the "
        "working folder, if the script is in it; else the script's folder)",
    )
    trace.add_argument(
        "--fix",
        action="store_true",
        help="write the shape fix of each shape-retracing tf.function into its decorator "
        "(unsafe: an input_signature refuses other callers), run the program again, and keep "
        "only the fixes that run confirms (no retrace, same results)",
    )
    trace.add_argument(
        "--measure",
        action="store_true",
        help="time the functions that ran eagerly and often as tf.functions too, on inputs "
        "the program produced, after checking both compute the same results",
    )
    trace.add_argument("argv", nargs=argparse.REMAINDER, metavar="-- python SCRIPT [ARGS]")
    trace.set_defaults(run_command=trace_command)


def _comma_list(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def _say(message: str) -> None:
    print(f"tf2lint verify: {message}", file=sys.stderr, flush=True)


def _select(ids: list[str] | None):
    from tf2lint.linting.plugins import all_rules
    from tf2lint.linting.selection import selector_matches

    rules = list(all_rules())
    if not ids:
        return rules, []
    chosen = [r for r in rules if any(selector_matches(r, s) for s in ids)]
    unknown = [s for s in ids if not any(selector_matches(r, s) for r in rules)]
    return chosen, unknown


def exit_code(verdicts) -> int:
    """1 if a rule's symptom was not confirmed, or its fix left the symptom (or broke the code)."""
    from tf2lint.runtime_check.judge import FIX_FAILURES, NOT_CONFIRMED

    failed = any(
        v.status == NOT_CONFIRMED or (v.fix is not None and v.fix.status in FIX_FAILURES)
        for v in verdicts
    )
    return EXIT_NOT_CONFIRMED if failed else EXIT_OK


def verify_command(args: argparse.Namespace) -> int:
    import datetime
    import platform

    from tf2lint.runtime_check import harness, html, report

    if args.suite:
        from tf2lint.runtime_check.realworld_cli import verify_suite_command

        return verify_suite_command(args, _say)
    rules, unknown = _select(args.rules)
    if unknown:
        _say(f"error: no rule matches {', '.join(unknown)}")
        return EXIT_ERROR
    if args.repeat < 2 or args.timeout <= 0:
        _say("error: --repeat must be at least 2 and --timeout positive")
        return EXIT_ERROR
    _say("importing TensorFlow...")
    try:
        found = harness.probe()
    except harness.TensorFlowMissing as error:
        _say(
            f"error: TensorFlow cannot be imported ({error}). The runtime harness needs the "
            f"runtime extra: {harness.INSTALL_HINT}"
        )
        return EXIT_ERROR
    wanted = ["cpu", "gpu"] if args.device == "all" else [args.device]
    devices = []
    verdicts = []
    for device in wanted:
        if device == "gpu" and not found.gpus:
            _say("no GPU visible to TensorFlow: skipping the GPU runs")
            if args.device == "gpu":
                verdicts += harness.skipped(rules, "gpu", "no GPU visible to TensorFlow")
            continue
        devices.append(device)
    names = {"cpu": "CPU", "gpu": f"GPU ({', '.join(found.gpus)})"}
    meta = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "tensorflow": found.version,
        "devices": " + ".join(names[d] for d in devices) or "none (no GPU visible)",
        "python": platform.python_version(),
        "platform": f"{platform.system()} {platform.machine()}",
        "repeat": args.repeat,
    }
    if devices:
        checkable = len(harness.checkable(rules))
        _say(
            f"TensorFlow {found.version}: {checkable} runtime-checkable rules of {len(rules)} "
            f"on {meta['devices']}, {getattr(args, 'jobs', None) or 2} workers"
        )
        verdicts = harness.run_rules(
            rules,
            devices,
            repeat=args.repeat,
            timeout=args.timeout,
            jobs=getattr(args, "jobs", None) or 2,
            progress=_say,
        )
    render = {
        "table": report.render_table,
        "markdown": report.render_markdown,
        "json": report.render_json,
        "html": html.render_verify,
    }[args.format]
    sys.stdout.write(render(verdicts, meta))
    from tf2lint.runtime_check import keras_table

    table_ok = keras_table.verify_hook(rules, args.format, _say) if devices else True
    return exit_code(verdicts) if table_ok else EXIT_NOT_CONFIRMED


def trace_command(args: argparse.Namespace) -> int:
    from tf2lint.runtime_check.trace import trace_main

    return trace_main(
        list(args.argv),
        output_format=args.format,
        html=args.html,
        output=args.output,
        progress=args.progress,
        lines=args.lines,
        root=args.root,
        fix=args.fix,
        measure=args.measure,
    )

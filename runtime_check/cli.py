"""``tf2lint verify`` and ``tf2lint trace``. TensorFlow is only ever imported in subprocesses."""

from __future__ import annotations

import argparse
import datetime
import platform
import sys

EXIT_OK, EXIT_NOT_CONFIRMED, EXIT_ERROR = 0, 1, 2


def _say(message: str) -> None:
    print(f"tf2lint verify: {message}", file=sys.stderr, flush=True)


def _select(ids: list[str] | None):
    from tf2lint.plugins import all_rules
    from tf2lint.selection import selector_matches

    rules = list(all_rules())
    if not ids:
        return rules, []
    chosen = [r for r in rules if any(selector_matches(r, s) for s in ids)]
    unknown = [s for s in ids if not any(selector_matches(r, s) for r in rules)]
    return chosen, unknown


def exit_code(verdicts) -> int:
    from tf2lint.runtime_check.judge import NOT_CONFIRMED

    return EXIT_NOT_CONFIRMED if any(v.status == NOT_CONFIRMED for v in verdicts) else EXIT_OK


def verify_command(args: argparse.Namespace) -> int:
    from tf2lint.runtime_check import harness, report

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
    }[args.format]
    sys.stdout.write(render(verdicts, meta))
    from tf2lint.runtime_check import keras_table

    table_ok = keras_table.verify_hook(rules, args.format, _say) if devices else True
    return exit_code(verdicts) if table_ok else EXIT_NOT_CONFIRMED


def trace_command(args: argparse.Namespace) -> int:
    from tf2lint.runtime_check.trace import trace_main

    return trace_main(list(args.argv))

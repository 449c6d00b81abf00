"""The ``tf2lint`` command.

Exit codes: 0 no findings, 1 findings (or a diff with --diff), 2 usage, configuration or internal
error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from tf2lint import __version__

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _comma_list(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tf2lint", description="A static linter for TensorFlow 2 code."
    )
    parser.add_argument("--version", action="version", version=f"tf2lint {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = commands.add_parser("check", help="lint files and folders (default: .)")
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH")
    check.add_argument("--format", choices=("text", "json", "sarif", "github"), default="text")
    check.add_argument("--select", type=_comma_list, help="rule ids, id prefixes or categories")
    check.add_argument("--ignore", type=_comma_list, help="rule ids, id prefixes or categories")
    check.add_argument("--fix", action="store_true", help="apply safe fixes")
    check.add_argument(
        "--unsafe-fixes", action="store_true", help="with --fix, apply unsafe ones too"
    )
    check.add_argument("--diff", action="store_true", help="print fixes as a diff; write nothing")
    check.add_argument("--show-fixes", action="store_true", help="list the files fixed")
    check.add_argument("--exit-zero", action="store_true", help="exit 0 even with findings")
    check.add_argument("--statistics", action="store_true", help="count the findings per rule")
    check.add_argument("--report-unused-suppressions", action="store_true")
    check.add_argument("--target-tensorflow", help='TF version the code targets, e.g. "2.15"')
    check.add_argument("--config", type=Path, help="pyproject.toml to read [tool.tf2lint] from")
    check.add_argument("--jobs", "-j", type=int, default=None, help="processes (default: cores)")
    check.add_argument(
        "--no-cache",
        action="store_true",
        help="lint every file afresh; do not read or write .tf2lint_cache/",
    )

    rules = commands.add_parser("rules", help="list every rule")
    rules.add_argument("--format", choices=("text", "json"), default="text")

    explain = commands.add_parser("explain", help="explain a rule, with its bad and good example")
    explain.add_argument("rule", metavar="RULE-ID")

    verify = commands.add_parser(
        "verify", help="trace each rule's fixtures under TensorFlow and confirm the diagnostics"
    )
    verify.add_argument("--rules", type=_comma_list, default=None)
    verify.add_argument("--device", choices=("cpu", "gpu", "all"), default="cpu")
    verify.add_argument("--format", choices=("table", "json", "markdown"), default="table")
    verify.add_argument("--repeat", type=int, default=20, help="calls per fixture")
    verify.add_argument("--timeout", type=float, default=120.0, help="seconds per fixture")

    trace = commands.add_parser("trace", help="run a program with tf.function instrumented")
    trace.add_argument("argv", nargs=argparse.REMAINDER, metavar="-- python SCRIPT [ARGS]")

    commands.add_parser("lsp", help="start the language server on stdio")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "check":
            return _check(args)
        if args.command == "rules":
            return _rules(args)
        if args.command == "explain":
            return _explain(args)
        if args.command == "verify":
            from tf2lint.runtime_check.cli import verify_command

            return verify_command(args)
        if args.command == "trace":
            from tf2lint.runtime_check.cli import trace_command

            return trace_command(args)
        if args.command == "lsp":
            from tf2lint.lsp import serve

            return serve()
    except _UsageError as error:
        print(f"tf2lint: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:  # `tf2lint check | head`: the reader left; that is not an error
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open until exit
        return EXIT_CLEAN
    except Exception as error:  # a bug: exit 2 ("internal error"), never 1 ("findings")
        print(
            f"tf2lint: internal error: {type(error).__name__}: {error} (please report this)",
            file=sys.stderr,
        )
        return EXIT_ERROR
    parser.print_help()
    return EXIT_ERROR


class _UsageError(Exception):
    pass


def _load_settings(args: argparse.Namespace, paths: list[Path]):
    from tf2lint.config import ConfigError, find_config, load_config
    from tf2lint.plugins import PluginError, all_rules
    from tf2lint.runner import Settings
    from tf2lint.selection import select_rules

    try:
        config_path = args.config or find_config(paths[0] if paths else Path.cwd())
        config = load_config(config_path)
        if args.target_tensorflow:
            config = _with_target(config, args.target_tensorflow)
        rules = select_rules(
            all_rules(),
            args.select if args.select is not None else config.select,
            args.ignore if args.ignore is not None else config.ignore,
            config.target_tensorflow,
        )
    except (ConfigError, PluginError) as error:
        raise _UsageError(str(error)) from error
    settings = Settings(
        rules=rules,
        root=config.root,
        per_file_ignores=config.per_file_ignores,
        report_unused_suppressions=args.report_unused_suppressions,
        fix=args.fix,
        unsafe_fixes=args.unsafe_fixes,
        diff=args.diff,
        max_file_size=config.max_file_size,
        linted_paths=tuple(paths),
    )
    return config, settings


def _with_target(config, target: str):
    from tf2lint.config import config_from_table

    checked = config_from_table({"target-tensorflow": target})
    config.target_tensorflow = checked.target_tensorflow
    return config


def _check(args: argparse.Namespace) -> int:
    from tf2lint.files import discover
    from tf2lint.output import write_github, write_json, write_sarif, write_text
    from tf2lint.runner import run

    if args.unsafe_fixes and not (args.fix or args.diff):
        raise _UsageError("--unsafe-fixes needs --fix or --diff")
    paths = args.paths or [Path(".")]
    config, settings = _load_settings(args, paths)
    files = list(discover(paths, config.root, config.exclude))
    result = run(files, settings, jobs=args.jobs, cache=not args.no_cache)
    out = sys.stdout
    if args.diff:  # with a machine-readable format, stdout holds that format alone
        diff_out = out if args.format == "text" else sys.stderr
        for outcome in result.outcomes:
            diff_out.write(outcome.diff)
    if args.show_fixes:
        for outcome in result.outcomes:
            if outcome.fixed:
                print(f"fixed {outcome.fixed} in {outcome.path}", file=sys.stderr)
    if args.format == "json":
        write_json(result, out)
    elif args.format == "sarif":
        write_sarif(result, out, settings.rules, config.root)
    elif args.format == "github":
        write_github(result, out)
    elif not args.diff:
        write_text(result, out, statistics=args.statistics)
    if result.internal_error:
        return EXIT_ERROR
    if args.diff:
        return EXIT_FINDINGS if any(o.diff for o in result.outcomes) else EXIT_CLEAN
    if result.diagnostics and not args.exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN


def _rules(args: argparse.Namespace) -> int:
    from tf2lint.plugins import all_rules

    rules = all_rules()
    if args.format == "json":
        data = [
            {
                "id": r.id,
                "name": r.name,
                "category": r.category,
                "severity": r.severity,
                "fix": r.fix_applicability,
                "summary": r.message,
                "since_tensorflow": r.since_tensorflow,
                "default": r.default_enabled,
            }
            for r in rules
        ]
        json.dump(data, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return EXIT_CLEAN
    for r in rules:
        print(
            f"{r.id:<8} {r.name:<40} {r.category:<19} {r.severity:<8} fix={r.fix_applicability:<7} {r.message}"
        )
    return EXIT_CLEAN


def _explain(args: argparse.Namespace) -> int:
    from tf2lint.docs import explain
    from tf2lint.plugins import rule_by_id

    rule = rule_by_id(args.rule)
    if rule is None:
        raise _UsageError(f"no rule {args.rule!r}; `tf2lint rules` lists them")
    sys.stdout.write(explain(rule))
    return EXIT_CLEAN

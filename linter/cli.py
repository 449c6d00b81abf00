"""The ``tf2lint`` command.

``tf2lint check`` follows ruff's ``ruff check``: the same flag names and meanings, each with a
``[tool.tf2lint]`` key of the same (kebab-case) name, which the flag overrides.

Exit codes: 0 no findings, 1 findings (or a diff with --diff), 2 usage, configuration or internal
error.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TextIO

from tf2lint import __version__
from tf2lint.output import FORMAT_ALIASES, OUTPUT_FORMATS

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
LSP_INSTALL_HINT = (
    'the language server needs pygls: pip install "pygls>=2,<3" '
    '(or, in a checkout of tf2lint, pip install ".[lsp]")'
)


def _comma_list(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def _jobs(value: str) -> int:
    try:
        jobs = int(value)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(
            f"must be a whole number of processes, 1 or more: {value!r}"
        )
    return jobs


def _switch(parser: argparse.ArgumentParser, flag: str, help: str) -> None:
    """``--flag`` / ``--no-flag``; None when neither is given (the config file decides)."""
    parser.add_argument(flag, action=argparse.BooleanOptionalAction, default=None, help=help)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tf2lint", description="A static linter for TensorFlow 2 code."
    )
    parser.add_argument("--version", action="version", version=f"tf2lint {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = commands.add_parser("check", help="lint files and folders (default: .)")
    check.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="files or folders to lint, or - to read from stdin (default: .)",
    )
    rules = check.add_argument_group("rule selection (ids, id prefixes, names or categories)")
    rules.add_argument("--select", action="extend", type=_comma_list, help="the rules to run")
    rules.add_argument(
        "--extend-select", action="extend", type=_comma_list, help="rules to add to the selection"
    )
    rules.add_argument("--ignore", action="extend", type=_comma_list, help="rules not to run")
    rules.add_argument("--target-tensorflow", help='TF version the code targets, e.g. "2.15"')

    fixes = check.add_argument_group("fixes")
    _switch(fixes, "--fix", "apply the fixes (safe ones; unsafe ones too with --unsafe-fixes)")
    _switch(fixes, "--unsafe-fixes", "include fixes that may change behaviour")
    _switch(fixes, "--fix-only", "apply fixes; report only what was fixed, exit 0")
    fixes.add_argument("--diff", action="store_true", help="print fixes as a diff; write nothing")
    _switch(fixes, "--show-fixes", "list the findings fixed, per file and rule")
    fixes.add_argument(
        "--add-noqa",
        action="store_true",
        help="add `# noqa: ID` to each line with findings (a baseline for legacy code); "
        "--add-noqa=REASON appends REASON",
    )
    fixes.add_argument("--add-noqa-reason", default="", help=argparse.SUPPRESS)

    output = check.add_argument_group("output")
    _switch(output, "--preview", "also show findings whose evidence has a gap it cannot prove")
    output.add_argument(
        "--show-evidence",
        action="store_true",
        help="under each finding, why its code is traced and why the value is what it says",
    )
    output.add_argument(
        "--output-format",
        "--format",
        dest="output_format",
        choices=(*OUTPUT_FORMATS, *FORMAT_ALIASES),
        default=None,
        help="full (the default; `text` is the same), concise, json, sarif or github",
    )
    output.add_argument(
        "-o", "--output-file", type=Path, help="write the report to this file (default: stdout)"
    )
    output.add_argument("--statistics", action="store_true", help="count the findings per rule")
    output.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text output (auto: on a terminal, unless NO_COLOR is set)",
    )
    output.add_argument("-q", "--quiet", action="store_true", help="print findings, no summary")
    output.add_argument("-s", "--silent", action="store_true", help="print nothing; exit code only")
    output.add_argument(
        "-v", "--verbose", action="store_true", help="say what is read and done, on stderr"
    )
    _switch(output, "--report-unused-suppressions", "report suppressions that match no finding")

    files = check.add_argument_group("file selection")
    files.add_argument(
        "--exclude", action="extend", type=_comma_list, help="glob patterns to leave out"
    )
    files.add_argument(
        "--extend-exclude", action="extend", type=_comma_list, help="patterns to add to exclude"
    )
    _switch(files, "--respect-gitignore", "leave out what .gitignore ignores (default: on)")
    _switch(files, "--force-exclude", "apply exclude to paths named on the command line too")
    files.add_argument("--stdin-filename", type=Path, help="the name of the file read from stdin")

    misc = check.add_argument_group("miscellaneous")
    misc.add_argument("-e", "--exit-zero", action="store_true", help="exit 0 even with findings")
    misc.add_argument(
        "--exit-non-zero-on-fix",
        action="store_true",
        help="exit 1 when files were fixed, even with no findings left",
    )
    misc.add_argument("--config", type=Path, help="pyproject.toml to read [tool.tf2lint] from")
    misc.add_argument("--jobs", "-j", type=_jobs, default=None, help="processes (default: cores)")
    misc.add_argument(
        "-n",
        "--no-cache",
        action="store_true",
        help="lint every file afresh; do not read or write the cache",
    )
    misc.add_argument("--cache-dir", type=Path, help="the cache folder (default: .tf2lint_cache)")

    rules_command = commands.add_parser("rules", help="list every rule")
    rules_command.add_argument("--format", choices=("text", "json"), default="text")

    explain = commands.add_parser("explain", help="explain a rule, with its bad and good example")
    explain.add_argument("rule", metavar="RULE-ID")

    from tf2lint.runtime_check.cli import add_commands

    add_commands(commands)  # verify, trace: the runtime harness declares its own options

    commands.add_parser("lsp", help="start the language server on stdio")
    return parser


def _split_add_noqa(argv: list[str]) -> list[str]:
    """``--add-noqa=REASON`` (ruff's spelling: the reason needs the ``=``, so that
    ``--add-noqa src/`` keeps ``src/`` a path)."""
    out = []
    for arg in argv:
        if arg.startswith("--add-noqa="):
            out += ["--add-noqa", f"--add-noqa-reason={arg.split('=', 1)[1]}"]
        else:
            out.append(arg)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(_split_add_noqa(sys.argv[1:] if argv is None else argv))
    try:
        if args.command == "check":
            return _check(args)
        if args.command == "rules":
            return _rules(args)
        if args.command == "explain":
            return _explain(args)
        if getattr(args, "run_command", None) is not None:  # verify, trace
            return args.run_command(args)
        if args.command == "lsp":
            return _lsp()
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


def _lsp() -> int:
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError as error:
        raise _UsageError(f"{error}: {LSP_INSTALL_HINT}") from error
    from tf2lint.lsp import serve

    return serve()


# --- tf2lint check -------------------------------------------------------------------------------


@dataclass
class CheckOptions:
    """What the command line and ``[tool.tf2lint]`` decided together (flags win)."""

    fix_mode: str  # "generate", "apply" (--fix, --fix-only) or "diff"
    fix_only: bool
    unsafe_fixes: bool | None  # None: not set anywhere; hint at the hidden fixes
    show_fixes: bool
    output_format: str
    excludes: list[str]
    respect_gitignore: bool
    force_exclude: bool
    preview: bool = False  # also findings whose evidence has a gap


def _pick(flag, configured, default=None):
    return flag if flag is not None else configured if configured is not None else default


def _load_settings(args: argparse.Namespace, paths: list[Path]):
    from tf2lint.config import ConfigError, find_config, load_config
    from tf2lint.plugins import PluginError, all_rules
    from tf2lint.runner import Settings
    from tf2lint.selection import RuleSelection, select_rules

    try:
        start = args.stdin_filename if _reads_stdin(args) and args.stdin_filename else paths[0]
        config_path = args.config or find_config(start)
        config = load_config(config_path)
        if args.target_tensorflow:
            config = _with_target(config, args.target_tensorflow)
        rules = select_rules(
            all_rules(),
            config.select,
            config.ignore,
            config.target_tensorflow,
            extend_select=config.extend_select,
            overrides=RuleSelection(args.select, args.extend_select or [], args.ignore or []),
        )
    except (ConfigError, PluginError) as error:
        raise _UsageError(str(error)) from error
    fix_only = bool(_pick(args.fix_only, config.fix_only, False))
    fix = bool(_pick(args.fix, config.fix, False)) or fix_only
    fix_mode = "diff" if args.diff else "apply" if fix else "generate"
    unsafe_fixes = _pick(args.unsafe_fixes, config.unsafe_fixes)
    output_format = args.output_format or os.environ.get("TF2LINT_OUTPUT_FORMAT")
    output_format = output_format or config.output_format or "full"
    output_format = FORMAT_ALIASES.get(output_format, output_format)
    if output_format not in OUTPUT_FORMATS:
        raise _UsageError(
            f"TF2LINT_OUTPUT_FORMAT: {output_format!r} is not one of {OUTPUT_FORMATS}"
        )
    cache_dir = args.cache_dir or os.environ.get("TF2LINT_CACHE_DIR") or config.cache_dir
    excludes = (args.exclude if args.exclude is not None else config.exclude) + (
        config.extend_exclude + (args.extend_exclude or [])
    )
    options = CheckOptions(
        fix_mode=fix_mode,
        fix_only=fix_only,
        unsafe_fixes=unsafe_fixes,
        show_fixes=bool(_pick(args.show_fixes, config.show_fixes, False)),
        output_format=output_format,
        preview=bool(_pick(args.preview, config.preview, False)),
        excludes=excludes,
        respect_gitignore=bool(_pick(args.respect_gitignore, config.respect_gitignore, True)),
        force_exclude=bool(_pick(args.force_exclude, config.force_exclude, False)),
    )
    settings = Settings(
        rules=rules,
        root=config.root,
        per_file_ignores=config.per_file_ignores,
        report_unused_suppressions=bool(
            _pick(args.report_unused_suppressions, config.report_unused_suppressions, False)
        ),
        fix=fix_mode == "apply",
        unsafe_fixes=bool(unsafe_fixes),
        diff=fix_mode == "diff",
        cache_dir=Path(cache_dir).absolute() if cache_dir else None,
        max_file_size=config.max_file_size,
        linted_paths=tuple(paths),
    )
    return config, settings, options


def _with_target(config, target: str):
    from tf2lint.config import config_from_table

    checked = config_from_table({"target-tensorflow": target})
    config.target_tensorflow = checked.target_tensorflow
    return config


def _missing(path: Path) -> bool:
    """Whether nothing is at ``path``. One that cannot be looked at (a folder above it that may
    not be searched) is linted, and reading it reports why."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return True
    except (OSError, ValueError):
        return False
    return False


def _reads_stdin(args: argparse.Namespace) -> bool:
    """``-`` as the only path, or no path and ``--stdin-filename`` (as in ruff)."""
    return args.paths == [Path("-")] or (not args.paths and args.stdin_filename is not None)


def _check_usage(args: argparse.Namespace) -> None:
    if Path("-") in args.paths and len(args.paths) > 1:
        raise _UsageError("`-` (stdin) cannot be mixed with other paths")
    if args.exit_zero and args.exit_non_zero_on_fix:
        raise _UsageError("--exit-zero and --exit-non-zero-on-fix contradict each other")
    if args.statistics and args.diff:
        raise _UsageError("--statistics cannot be used with --diff")
    if args.add_noqa:
        clashing = [
            flag
            for flag, given in (
                ("--fix", args.fix),
                ("--fix-only", args.fix_only),
                ("--diff", args.diff),
                ("--statistics", args.statistics),
                ("stdin", _reads_stdin(args)),
            )
            if given
        ]
        if clashing:
            raise _UsageError(f"--add-noqa cannot be used with {', '.join(clashing)}")
        if "\n" in args.add_noqa_reason or "\r" in args.add_noqa_reason:
            raise _UsageError("--add-noqa=REASON cannot contain a line break")
    if not _reads_stdin(args):
        missing = [str(p) for p in args.paths if _missing(p)]
        if missing:
            raise _UsageError(f"no such file or folder: {', '.join(missing)}")


def _files(paths: list[Path], config, options: CheckOptions) -> list[Path]:
    from tf2lint.config import matches_pattern
    from tf2lint.files import discover, relative_to_root

    skip = None
    if options.respect_gitignore:
        from tf2lint.gitignore import is_ignored

        def skip(path: Path, is_dir: bool) -> bool:
            return is_ignored(path.absolute(), is_dir)

    found = list(discover(paths, config.root, options.excludes, skip))
    if options.force_exclude and options.excludes:  # as in ruff, named paths obey exclude too
        named = {p for p in paths if not p.is_dir()}
        found = [
            f
            for f in found
            if f not in named
            or not any(
                matches_pattern(relative_to_root(f, config.root), pattern)
                for pattern in options.excludes
            )
        ]
    return found


class _Progress:
    """``checked 120/770 files`` on a terminal's stderr while a run is under way, then erased."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.shown = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.shown < 0.1:  # at most ten updates a second
            return
        self.shown = now
        self.stream.write(f"\r\x1b[Ktf2lint: checked {done}/{total} files")
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _say(args: argparse.Namespace) -> Callable[[str], None]:
    def say(message: str) -> None:
        if args.verbose and not args.silent:
            print(f"tf2lint: {message}", file=sys.stderr)

    return say


def _check(args: argparse.Namespace) -> int:
    from tf2lint.runner import run

    _check_usage(args)
    say = _say(args)
    started = time.perf_counter()
    stdin = _reads_stdin(args)
    paths = args.paths or [Path(".")]
    config, settings, options = _load_settings(args, paths)
    if args.statistics and options.output_format not in ("full", "concise", "json"):
        raise _UsageError("--statistics works with the full, concise and json formats")
    say(f"configuration: {config.source or 'none found; the defaults'}")
    say(f"rules selected: {len(settings.rules)}")
    if args.add_noqa:
        return _add_noqa(args, config, settings, options, paths)
    if stdin:
        result, fixed_source = _lint_stdin(args, config, settings, options)
    else:
        files = _files(paths, config, options)
        say(f"files to check under {', '.join(map(str, paths))}: {len(files)}")
        progress = None
        if sys.stderr.isatty() and not (args.quiet or args.silent):
            progress = _Progress(sys.stderr)
        try:
            result = run(
                files, settings, jobs=args.jobs, cache=not args.no_cache, progress=progress
            )
        finally:
            if progress is not None:
                progress.close()
        fixed_source = None
    say(f"files checked: {result.files_checked}, in {time.perf_counter() - started:.2f} s")
    if not options.preview:
        for outcome in result.outcomes:
            outcome.diagnostics = [d for d in outcome.diagnostics if not d.preview]
    _report(args, result, settings, config, options, fixed_source)
    return _exit_code(args, result, options)


def _exit_code(args: argparse.Namespace, result, options: CheckOptions) -> int:
    if result.internal_error:
        return EXIT_ERROR
    if options.fix_mode == "diff":
        return EXIT_FINDINGS if any(o.diff for o in result.outcomes) else EXIT_CLEAN
    if args.exit_non_zero_on_fix and result.fixed:
        return EXIT_FINDINGS
    if result.diagnostics and not args.exit_zero and not options.fix_only:
        return EXIT_FINDINGS
    return EXIT_CLEAN


def _report(args, result, settings, config, options: CheckOptions, fixed_source) -> None:
    from tf2lint.output import (
        Style,
        TextOptions,
        use_color,
        write_github,
        write_json,
        write_sarif,
        write_statistics,
        write_text,
    )

    if args.silent:
        if fixed_source is not None:
            sys.stdout.buffer.write(fixed_source)
        return
    if args.output_file:
        args.output_file.parent.mkdir(parents=True, exist_ok=True)
        out = open(args.output_file, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    elif fixed_source is not None or options.fix_mode == "diff":
        # stdout carries the fixed code or the diff; the report goes to stderr (as in ruff)
        out = sys.stderr
    else:
        out = sys.stdout
    try:
        if fixed_source is not None:
            sys.stdout.buffer.write(fixed_source)
            sys.stdout.flush()
        if options.fix_mode == "diff":
            for outcome in result.outcomes:
                sys.stdout.write(outcome.diff)
            sys.stdout.flush()
        color = not args.output_file and use_color(args.color, out, os.environ)
        text = TextOptions(
            fix_mode=options.fix_mode,
            show_violations=options.fix_mode != "diff" and not options.fix_only,
            unsafe_fixes=options.unsafe_fixes,
            show_fixes=options.show_fixes,
            show_evidence=args.show_evidence,
            quiet=args.quiet,
            concise=options.output_format == "concise",
            style=Style(color),
        )
        if args.statistics:
            write_statistics(result, out, text, as_json=options.output_format == "json")
        elif options.output_format == "json":
            write_json(result, out)
        elif options.output_format == "sarif":
            write_sarif(result, out, settings.rules, config.root)
        elif options.output_format == "github":
            write_github(result, out)
        else:
            write_text(result, out, text)
    finally:
        if args.output_file:
            out.close()


def _lint_stdin(args: argparse.Namespace, config, settings, options: CheckOptions):
    """Lint the code on stdin, as the file ``--stdin-filename`` (default ``-``) would be.

    The code is linted as a file of that name below a temporary root, so that per-file ignores,
    notebooks and fixes work as for any file. Returns the result and, with --fix, the fixed code
    (to print in place of the file)."""
    import tempfile

    from tf2lint.config import matches_pattern
    from tf2lint.files import ReadError, decode_source, relative_to_root
    from tf2lint.runner import FileOutcome, RunResult, run, unified_diff

    data = sys.stdin.buffer.read()
    name = args.stdin_filename
    shown = str(name) if name else "-"
    relative = relative_to_root(name, config.root) if name else "stdin.py"
    if (
        name
        and options.force_exclude
        and any(matches_pattern(relative, pattern) for pattern in options.excludes)
    ):  # excluded: nothing to report, and the code goes through unchanged
        return RunResult([]), data if options.fix_mode == "apply" else None
    with tempfile.TemporaryDirectory(prefix="tf2lint-stdin-") as folder:
        target = Path(folder) / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        fixing = options.fix_mode != "generate"
        stdin_settings = replace(
            settings, root=Path(folder), fix=fixing, diff=False, linted_paths=()
        )
        # In a worker process, as any file: a crash on this code is reported, not fatal.
        outcome: FileOutcome = run([target], stdin_settings, jobs=1, cache=False).outcomes[0]
        fixed = target.read_bytes()
        outcome.source_lines()  # read them now: the file goes with the folder
        outcome.file = None
    outcome.path = shown
    for d in outcome.diagnostics:
        d.path = shown
    if options.fix_mode == "diff" and fixed != data:
        # the fixed code was written in the input's encoding: it decodes as the input did
        with contextlib.suppress(ReadError):
            outcome.diff = unified_diff(decode_source(data).text, decode_source(fixed).text, shown)
    return RunResult([outcome]), fixed if options.fix_mode == "apply" else None


def _add_noqa(args, config, settings, options: CheckOptions, paths: list[Path]) -> int:
    """``--add-noqa``: a ``# noqa`` for every finding, so that only new code is held to the
    rules (a baseline for a legacy codebase)."""
    from tf2lint.files import (
        ReadError,
        SourceText,
        WriteError,
        encode_source,
        read_bytes,
        read_source,
        write_fixed,
    )
    from tf2lint.notebook import NotebookError
    from tf2lint.rule import ENGINE_CATEGORY
    from tf2lint.runner import run
    from tf2lint.suppress import add_noqa

    files = _files(paths, config, options)
    result = run(files, settings, jobs=args.jobs, cache=not args.no_cache)
    added = 0
    for path, outcome in zip(files, result.outcomes, strict=True):
        found = [d for d in outcome.diagnostics if d.category != ENGINE_CATEGORY]
        if not found:
            continue
        try:
            if path.suffix == ".ipynb":
                data = read_bytes(path)
                text, count, notebook = _add_noqa_notebook(data, found, args.add_noqa_reason)
                source = SourceText(notebook.text, "utf-8", notebook.bom, original=data)
            else:
                source = read_source(path)
                findings = [(d.line, d.rule) for d in found]
                text, count = add_noqa(source.text, findings, args.add_noqa_reason)
            if count:
                data = encode_source(source, text)
                write_fixed(path, source.original, data, settings.write_roots())
                added += count
        except (ReadError, WriteError, NotebookError, UnicodeEncodeError) as error:
            print(f"tf2lint: {outcome.path}: not changed: {error}", file=sys.stderr)
    if not (args.quiet or args.silent):
        print(f"Added {added} noqa directive{'' if added == 1 else 's'}.", file=sys.stderr)
    return EXIT_ERROR if result.internal_error else EXIT_CLEAN


def _add_noqa_notebook(data: bytes, found: list, reason: str):
    """A notebook's JSON text with ``# noqa`` added in its cells; the count; the notebook."""
    from tf2lint.notebook import read_notebook, write_back
    from tf2lint.suppress import add_noqa

    notebook = read_notebook(data)
    sources: dict[int, list[str]] = {}
    count = 0
    for cell in notebook.cells:
        findings = [(d.line, d.rule) for d in found if d.cell == cell.number]
        # statements are read from the cell as linted (IPython lines as their placeholders);
        # the comments go into the cell's own lines, which are the same lines
        linted = "".join(cell.magic.get(i, line) for i, line in enumerate(cell.lines))
        new_text, added = add_noqa(linted, findings, reason) if findings else (linted, 0)
        new_lines = io.StringIO(new_text).readlines()
        sources[cell.number] = [
            line if i in cell.magic else new_lines[i] for i, line in enumerate(cell.lines)
        ]
        count += added
    return write_back(notebook, sources), count, notebook


# --- tf2lint rules, tf2lint explain --------------------------------------------------------------


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

"""The ``tf2lint`` command.

``tf2lint check`` follows ruff's ``ruff check``: the same flag names and meanings, each setting
with a ``[tool.tf2lint]`` key of the same (kebab-case) name, which the flag overrides; each file's
configuration is the nearest to it (see tf2lint.base.config).

Exit codes: 0 no findings, 1 findings (or a diff with --diff), 2 usage, configuration or internal
error.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import os
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from tf2lint import __version__
from tf2lint.base.collector import collector_paused
from tf2lint.base.config import FORMAT_ALIASES, OUTPUT_FORMATS, matches_pattern
from tf2lint.commands.resolve import (
    CheckOptions,
    LoadedSettings,
    _comma_list,
    _context,
    _files,
    _load_settings,
    _per_file,
    _reads_stdin,
    _UsageError,
    run_dependencies,
)
from tf2lint.linting.docs import explain
from tf2lint.linting.rule import suppressible
from tf2lint.reports.explain import Place, explain_finding
from tf2lint.run.files import (
    ReadError,
    SourceText,
    WriteError,
    decode_source,
    display_path,
    encode_source,
    read_bytes,
    read_source,
    relative_to_root,
)
from tf2lint.run.notebook import NotebookError, read_notebook, write_back
from tf2lint.run.replay import CACHE_DIR, Recorder
from tf2lint.run.settings import Settings
from tf2lint.run.sources import unified_diff
from tf2lint.run.watch import DEBOUNCE_SECONDS, file_stamps, poll_changes
from tf2lint.run.writes import write_fixed
from tf2lint.runtime_check.cli import add_commands

# The run, the rule registry, the output formats and --add-noqa's edits are imported by the
# commands that use them (see DEFERRED in tests/test_layers.py): `--version` loads none of them.

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
LSP_INSTALL_HINT = (
    'the language server needs pygls: pip install "pygls>=2,<3" '
    '(or, in a checkout of tf2lint, pip install ".[lsp]")'
)


def _selectors(value: str) -> list[str]:
    items = _comma_list(value)
    if not items:  # `--select=$UNSET`: selecting nothing would pass every file
        raise argparse.ArgumentTypeError("an empty list names no rule (an unset shell variable?)")
    return items


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
    rules.add_argument("--select", action="extend", type=_selectors, help="the rules to run")
    rules.add_argument(
        "--extend-select", action="extend", type=_selectors, help="rules to add to the selection"
    )
    rules.add_argument("--ignore", action="extend", type=_selectors, help="rules not to run")
    rules.add_argument("--target-tensorflow", help='TF version the code targets, e.g. "2.15"')
    rules.add_argument(
        "--keras-version",
        type=int,
        choices=(2, 3),
        help="the Keras `tf.keras` is where the code runs: 3 (default) or 2 (tf-keras: "
        "TF_USE_LEGACY_KERAS=1 set in its environment)",
    )
    rules.add_argument(
        "--per-file-ignores",
        action="append",
        metavar="PATTERN:CODES",
        help="rules not to run on the files a glob matches, e.g. 'tests/*:TF201' (repeatable; "
        "replaces the configuration's)",
    )
    rules.add_argument(
        "--extend-per-file-ignores",
        action="append",
        metavar="PATTERN:CODES",
        help="as --per-file-ignores, added to the configuration's",
    )

    fixes = check.add_argument_group("fixes")
    _switch(fixes, "--fix", "apply the fixes (safe ones; unsafe ones too with --unsafe-fixes)")
    _switch(fixes, "--unsafe-fixes", "include fixes that may change behaviour")
    _switch(fixes, "--fix-only", "apply fixes; report only what was fixed, exit 0")
    fixes.add_argument("--diff", action="store_true", help="print fixes as a diff; write nothing")
    fixes.add_argument(
        "--fixable", action="extend", type=_comma_list, help="the rules whose fixes apply"
    )
    fixes.add_argument(
        "--unfixable", action="extend", type=_comma_list, help="rules whose fixes never apply"
    )
    fixes.add_argument(
        "--extend-fixable", action="extend", type=_comma_list, help="rules to add to fixable"
    )
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
        help="full (the default; `text` is the same), concise, grouped, json, json-lines, "
        "junit, github, gitlab, pylint, rdjson, azure or sarif (as ruff's)",
    )
    output.add_argument(
        "-o", "--output-file", type=Path, help="write the report to this file (default: stdout)"
    )
    output.add_argument(
        "--statistics", action="store_true", default=None, help="count the findings per rule"
    )
    output.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default=None,
        help="colour the text output (auto: on a terminal, unless NO_COLOR is set)",
    )
    output.add_argument("-q", "--quiet", action="store_true", help="print findings, no summary")
    output.add_argument("-s", "--silent", action="store_true", help="print nothing; exit code only")
    output.add_argument(
        "-v", "--verbose", action="store_true", help="say what is read and done, on stderr"
    )
    _switch(
        output,
        "--report-unused-suppressions",
        "TF000 reports suppression ids that match no finding too (ids naming no rule: always)",
    )
    output.add_argument(
        "--ignore-noqa",
        action="store_true",
        help="report what suppression comments (noqa, tf2lint: disable) would silence",
    )

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
    misc.add_argument(
        "-e", "--exit-zero", action="store_true", default=None, help="exit 0 even with findings"
    )
    misc.add_argument(
        "--exit-non-zero-on-fix",
        action="store_true",
        help="exit 1 when files were fixed, even with no findings left",
    )
    misc.add_argument(
        "--config",
        action="append",
        metavar="CONFIG",
        help="the configuration file for every file (pyproject.toml, tf2lint.toml), or a "
        "`KEY = VALUE` TOML setting over each file's configuration (repeatable)",
    )
    misc.add_argument("--isolated", action="store_true", help="ignore every configuration file")
    misc.add_argument(
        "-w",
        "--watch",
        action="store_true",
        help="check again whenever a file changes (watchfiles if installed, else polling)",
    )
    misc.add_argument(
        "--show-files", action="store_true", help="list the files that would be checked, and exit"
    )
    misc.add_argument(
        "--show-settings",
        action="store_true",
        help="print the settings that apply to the first path (a file), and exit",
    )
    misc.add_argument(
        "--jobs",
        "-j",
        type=_jobs,
        default=None,
        help="worker processes (default and at most: the CPUs available)",
    )
    misc.add_argument(
        "-n",
        "--no-cache",
        action="store_true",
        help="lint every file afresh; do not read or write the cache",
    )
    misc.add_argument("--cache-dir", type=Path, help="the cache folder (default: .tf2lint_cache)")

    rules_command = commands.add_parser("rules", help="list every rule")
    rules_command.add_argument("--format", choices=("text", "json"), default="text")

    explain = commands.add_parser(
        "rule", help="explain a rule, with its bad and good example (ruff's `rule`)"
    )
    explain.add_argument("rule", metavar="RULE-ID")
    finding = commands.add_parser(
        "explain",
        help="explain one finding: its evidence chain, each step with file and line",
        description="FILE:LINE[:COL] (or FILE:cell N:LINE[:COL]) explains the findings there, "
        "of RULE only if given; a rule id or name alone explains the rule, as `tf2lint rule`.",
    )
    finding.add_argument("target", metavar="FILE:LINE[:COL] | RULE-ID")
    finding.add_argument("rule", metavar="RULE", nargs="?", help="only this rule's finding")
    finding.add_argument(
        "--preview",
        action="store_true",
        help="accepted as check accepts it: explain always considers the findings that only "
        "--preview shows, and says what gap keeps them out of the default",
    )

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


class _Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP: the run ends as on Ctrl-C (each worker finishes or undoes the write it
    is in, and no worker outlives the run), then tf2lint exits with 128 + the signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_terminated(signum: int, frame: object) -> None:
    raise _Terminated(signum)


@contextlib.contextmanager
def _stopped_as_by_ctrl_c() -> Iterator[None]:
    """SIGTERM and SIGHUP handled as Ctrl-C while ``main`` runs, where they would kill this
    process alone (left as they are when ignored, as under ``nohup``, or off the main thread)."""
    previous = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is None or signal.getsignal(number) is not signal.SIG_DFL:
            continue
        try:
            previous[number] = signal.signal(number, _raise_terminated)
        except ValueError:  # not the main thread
            break
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    with _stopped_as_by_ctrl_c():
        recorder = Recorder(argv)  # what a read-only check prints, for replay.replayed
        code = EXIT_ERROR
        try:
            code = _main(argv, recorder)
        finally:
            recorder.finish(code)
        return code


def _main(argv: list[str], recorder: Recorder) -> int:
    parser = build_parser()
    args = parser.parse_args(_split_add_noqa(argv))
    try:
        if args.command == "check":
            return watch(args) if args.watch else _check(args, recorder)
        if args.command == "rules":
            return _rules(args)
        if args.command == "rule":
            return _explain(args)
        if args.command == "explain":
            return _explain_finding(args)
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
    except KeyboardInterrupt as error:  # every write is atomic: a file is old or new, never half
        signum = getattr(error, "signum", signal.SIGINT)
        print(
            f"tf2lint: {'interrupted' if signum == signal.SIGINT else 'terminated'}",
            file=sys.stderr,
        )
        return 128 + signum
    except Exception as error:  # a bug: exit 2 ("internal error"), never 1 ("findings")
        print(
            f"tf2lint: internal error: {type(error).__name__}: {error} (please report this)",
            file=sys.stderr,
        )
        return EXIT_ERROR
    parser.print_help()
    return EXIT_ERROR


def _lsp() -> int:
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError as error:
        raise _UsageError(f"{error}: {LSP_INSTALL_HINT}") from error
    from tf2lint.server.lsp_worker import worker_pool

    pool = worker_pool()  # the worker's imports overlap the server's own, which follow
    from tf2lint.server.lsp import serve

    return serve(pool)


# --- tf2lint check -------------------------------------------------------------------------------


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


def _check_usage(args: argparse.Namespace) -> None:
    if sys.stdout is None and not args.output_file:  # started with stdout closed (`>&-`)
        raise _UsageError("stdout is closed: nothing could be reported (use --output-file)")
    name = args.stdin_filename
    if name is not None and (Path(name).name in ("", ".", "..") or str(name).endswith("/")):
        raise _UsageError(f"--stdin-filename must name a file, got {str(name)!r}")
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


def _check(args: argparse.Namespace, recorder: Recorder | None = None) -> int:
    # The rules' modules, the settings, the files and the report are many objects that live
    # until the check ends: with the collector on, its passes rescan them (on tensor2tensor,
    # 0.1 s of the parent's CPU and 1.7% of its instructions on every 7th file).
    with collector_paused():
        return _checked(args, recorder)


def _checked(args: argparse.Namespace, recorder: Recorder | None) -> int:
    from tf2lint.run.runner import run

    say = _say(args)
    started = time.perf_counter()
    stdin = _reads_stdin(args)
    paths = args.paths or [Path(".")]
    _check_usage(args)
    loaded = _load_settings(args, paths)
    config, settings, options = loaded.config, loaded.settings, loaded.options
    if args.statistics and options.output_format not in ("full", "concise", "json"):
        raise _UsageError("--statistics works with the full, concise and json formats")
    say(f"configuration: {config.source or 'none found; the defaults'}")
    say(f"rules selected: {len(settings.rules)}")
    if args.show_settings:
        return _show_settings(loaded, paths)
    if args.add_noqa:
        return _add_noqa(args, loaded, paths)
    files: list[Path] = []
    context: list[Path] = []
    walked: list[Path] = []  # the folders discovery walked
    if stdin:
        result, fixed_source = _lint_stdin(args, loaded, options)
    else:
        files = _files(paths, config, options, walked)
        say(f"files to check under {', '.join(map(str, paths))}: {len(files)}")
        if args.show_files:
            return _show_files(files)
        context = _context(files, config, options)
        settings_for = _per_file(loaded, files + context)
        progress = None
        if sys.stderr.isatty() and not (args.quiet or args.silent):
            progress = _Progress(sys.stderr)
        try:
            result = run(
                files,
                settings,
                jobs=args.jobs,
                cache=not args.no_cache,
                progress=progress,
                context=context,
                settings_for=settings_for,
            )
        finally:
            if progress is not None:
                progress.close()
        fixed_source = None
    say(f"files checked: {result.files_checked}, in {time.perf_counter() - started:.2f} s")
    if not options.preview:
        for outcome in result.outcomes:
            outcome.diagnostics = [d for d in outcome.diagnostics if not d.preview]
    try:
        _report(args, result, settings, config, options, fixed_source)
    except BrokenPipeError:  # `check | head -1`: the rest goes unread; the verdict still counts
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open until exit
    code = max(_exit_code(args, result, options), _report_plugin_problems())
    if recorder is not None and not stdin and _replayable(args, options, result):
        cache = settings.cache_dir or config.root / CACHE_DIR
        recorder.allow(
            str(cache), run_dependencies(files + context, walked, config.root, settings.rules)
        )
    return code


def _replayable(args: argparse.Namespace, options: CheckOptions, result) -> bool:
    """Whether the run only read and printed, so that printing it again is the same run."""
    return not (
        options.fix_mode == "apply"
        or args.no_cache
        or args.output_file
        or args.verbose
        or result.internal_error
        or any(o.transient for o in result.outcomes)
    )


def _report_plugin_problems() -> int:
    """Third-party plugins that failed (their rules did not run: exit 2) or printed (a warning),
    on stderr: stdout holds the report."""

    from tf2lint.linting.plugins import plugin_problems

    problems = plugin_problems()
    for problem in problems:
        kind = "error" if problem.error else "warning"
        print(
            f"tf2lint: {kind}: {problem}".encode("ascii", "backslashreplace").decode(),
            file=sys.stderr,
        )
    return EXIT_ERROR if any(p.error for p in problems) else EXIT_CLEAN


def _show_files(files: list[Path]) -> int:
    """``--show-files``: each file that would be checked, one a line (as ruff's)."""

    for shown in sorted(display_path(f) for f in files):
        print(shown)
    return EXIT_CLEAN


def _show_settings(loaded: LoadedSettings, paths: list[Path]) -> int:
    """``--show-settings``: what applies to the first path (a file), as ruff's."""
    path = paths[0]
    config_path = loaded.config_path_for(path)
    settings = _per_file(loaded, [path])(path)

    relative = relative_to_root(path, settings.root)
    ignored = {
        pattern: ids
        for pattern, ids in settings.per_file_ignores.items()
        if _matches(relative, pattern)
    }
    rules = settings.rules_for(relative)
    lines = [
        f"Resolved settings for: {path}",
        f"Settings path: {config_path or '(none: the defaults)'}",
        f"root = {settings.root}",
        f"cache-dir = {settings.cache_dir or settings.root / '.tf2lint_cache'}",
        f"max-file-size = {settings.max_file_size}",
        f"keras-version = {settings.keras_version}",
        f"report-unused-suppressions = {str(settings.report_unused_suppressions).lower()}",
        f"per-file-ignores (matching this file) = {json.dumps(ignored)}",
        f"rules ({len(rules)}) = [",
        *(f"    {r.id},  # {r.name}" for r in rules),
        "]",
    ]
    print("\n".join(lines))
    return EXIT_CLEAN


def _matches(relative: str, pattern: str) -> bool:
    return matches_pattern(relative, pattern)


# --watch ----------------------------------------------------------------------------------------


def watch(args: argparse.Namespace, changes: Iterable[set[Path]] | None = None) -> int:
    """``--watch``: check, then check again after each batch of ``changes`` (by default the
    files' own, from watchfiles or polling), until interrupted. Each run is ``check`` as
    without ``--watch``; a usage or configuration error is reported and the watch goes on."""

    def check_once() -> None:
        try:
            _check(copy.copy(args))
        except _UsageError as error:
            print(f"tf2lint: error: {error}", file=sys.stderr)
        sys.stdout.flush()

    paths = args.paths or [Path(".")]
    check_once()
    try:
        for changed in changes if changes is not None else _file_changes(args, paths):
            shown = ", ".join(sorted(str(p) for p in changed)[:3])
            more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
            print(f"\n[{time.strftime('%H:%M:%S')}] File change detected: {shown}{more}\n")
            check_once()
    except _Terminated:
        raise
    except KeyboardInterrupt:  # Ctrl-C ends watching; nothing went wrong
        pass
    return EXIT_CLEAN


def _file_changes(args: argparse.Namespace, paths: list[Path]) -> Iterator[set[Path]]:

    try:
        from watchfiles import watch as watch_files
    except ImportError:

        def snapshot() -> dict[Path, tuple[int, int]]:
            loaded = _load_settings(copy.copy(args), paths)
            return file_stamps(_files(paths, loaded.config, loaded.options))

        yield from poll_changes(snapshot)
        return
    for batch in watch_files(*paths, debounce=int(DEBOUNCE_SECONDS * 1000)):
        changed = {Path(p) for _, p in batch if p.endswith((".py", ".ipynb", ".toml"))}
        if changed:
            yield changed


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
    from tf2lint.reports import output

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
        summary_out = None
        if options.fix_mode == "diff":  # as ruff 0.17: the diffs, a blank line, "Would fix"
            diffs = [
                o.diff if o.diff.endswith("\n") else o.diff + "\n"
                for o in result.outcomes
                if o.diff
            ]
            sys.stdout.writelines(diffs)
            if diffs:
                sys.stdout.write("\n")
            sys.stdout.flush()
            summary_out = None if args.output_file else sys.stdout
        color = not args.output_file and output.use_color(args.color, out, os.environ)
        text = output.TextOptions(
            fix_mode=options.fix_mode,
            show_violations=options.fix_mode != "diff" and not options.fix_only,
            unsafe_fixes=options.unsafe_fixes,
            show_fixes=options.show_fixes,
            show_evidence=args.show_evidence,
            quiet=args.quiet,
            concise=options.output_format == "concise",
            style=output.Style(color),
        )
        if args.statistics:
            output.write_statistics(result, out, text, as_json=options.output_format == "json")
        elif options.output_format in output.WRITERS:
            output.WRITERS[options.output_format](result, out)
        elif options.output_format == "sarif":
            output.write_sarif(result, out, settings.rules, config.root)
        elif options.output_format == "grouped":
            output.write_grouped(result, out, text)
        else:
            output.write_text(result, out, text, summary_out)
    finally:
        if args.output_file:
            out.close()


def _lint_stdin(args: argparse.Namespace, loaded: LoadedSettings, options: CheckOptions):
    """Lint the code on stdin, as the file ``--stdin-filename`` (default ``-``) would be.

    The code is linted as a file of that name below a temporary root, so that per-file ignores,
    notebooks and fixes work as for any file; it is the module that file is, among the other
    files of its program (their summaries, as ``check`` of the file itself uses them: an editor
    linting through stdin sees the findings another module's ``tf.function`` makes here).
    Returns the result and, with --fix, the fixed code (to print in place of the file)."""

    from tf2lint.analysis.project import ModuleIdentity
    from tf2lint.run.outcomes import RunResult
    from tf2lint.run.runner import run

    config, settings = loaded.config, loaded.settings
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
        real = Path(os.path.abspath(name)) if name else None
        context = _context([real], config, options) if real else []
        project_settings = _per_file(loaded, context)

        def settings_for(path: Path) -> Settings:
            return stdin_settings if path == target else project_settings(path)

        # In a worker process, as any file: a crash on this code is reported, not fatal.
        outcome = run(
            [target],
            stdin_settings,
            jobs=1,
            cache=not args.no_cache,  # for the context; the stdin code's own result is not kept
            context=context,
            settings_for=settings_for,
            identities=[ModuleIdentity.of(real)] if real else None,
        ).outcomes[0]
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


def _add_noqa(args, loaded: LoadedSettings, paths: list[Path]) -> int:
    """``--add-noqa``: a ``# noqa`` for every finding, so that only new code is held to the
    rules (a baseline for a legacy codebase)."""

    from tf2lint.linting.suppress import add_noqa
    from tf2lint.run.runner import run

    config, settings, options = loaded.config, loaded.settings, loaded.options
    files = _files(paths, config, options)
    context = _context(files, config, options)
    result = run(
        files,
        settings,
        jobs=args.jobs,
        cache=not args.no_cache,
        context=context,
        settings_for=_per_file(loaded, files + context),
    )
    added = 0
    for path, outcome in zip(files, result.outcomes, strict=True):
        # what `check` shows: a preview-only finding gets no noqa unless preview is on
        found = [
            d for d in outcome.diagnostics if suppressible(d) and (options.preview or not d.preview)
        ]
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

    from tf2lint.linting.suppress import add_noqa

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
    from tf2lint.linting.plugins import all_rules

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
                "preview": r.preview is not None,
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
    from tf2lint.linting.plugins import rule_by_id

    rule = rule_by_id(args.rule)
    if rule is None:
        raise _UsageError(f"no rule {args.rule!r}; `tf2lint rules` lists them")
    sys.stdout.write(explain(rule))
    return EXIT_CLEAN


def _explain_finding(args: argparse.Namespace) -> int:
    """``tf2lint explain FILE:LINE``: the finding's evidence (see tf2lint.reports.explain)."""

    place = Place.parse(args.target)
    if place is None:  # `tf2lint explain TF201`: the rule, as before
        args.rule = args.target
        return _explain(args)
    if not place.path.is_file():
        raise _UsageError(f"{place.path}: no such file")
    return explain_finding(place, args.rule, _findings_of, sys.stdout, sys.stderr)


def _findings_of(path: Path) -> list:
    """What ``tf2lint check --preview PATH`` finds in ``path``, with its configuration and the
    rest of its program, as diagnostics."""
    from tf2lint.run.runner import run

    args = build_parser().parse_args(["check", "--preview", str(path)])
    loaded = _load_settings(args, [path])
    files = _files([path], loaded.config, loaded.options)
    context = _context(files, loaded.config, loaded.options)
    settings_for = _per_file(loaded, files + context)
    return run(files, loaded.settings, context=context, settings_for=settings_for).diagnostics

"""Running a lint over many files: reading, linting, fixing, writing, in parallel."""

from __future__ import annotations

import difflib
import gc
import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tf2lint.config import matches_pattern
from tf2lint.files import (
    ReadError,
    SourceText,
    encode_source,
    read_bytes,
    read_source,
    relative_to_root,
)
from tf2lint.rule import INTERNAL_ERROR, READ_ERROR, Diagnostic, Fix, Rule, engine_diagnostic
from tf2lint.selection import selector_matches

MAX_FIX_ROUNDS = 10


@dataclass
class Settings:
    rules: list[type[Rule]]
    root: Path
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    report_unused_suppressions: bool = False
    fix: bool = False
    unsafe_fixes: bool = False
    diff: bool = False  # compute fixes, print them as a diff, write nothing
    cache_dir: Path | None = None  # None: .tf2lint_cache in ``root``

    def rules_for(self, relative: str) -> list[type[Rule]]:
        ignored = [
            selector
            for pattern, selectors in self.per_file_ignores.items()
            if matches_pattern(relative, pattern)
            for selector in selectors
        ]
        if not ignored:
            return self.rules
        return [r for r in self.rules if not any(selector_matches(r, s) for s in ignored)]


@dataclass
class FileOutcome:
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    file: Path | None = None  # the file linted, for its source lines (see source_lines)
    lines: list[str] | None = None
    # Notebooks: each code cell's lines, and the notebook JSON line holding each of them
    # (annotations and SARIF results point at the file's own lines).
    cell_lines: dict[int, list[str]] | None = None
    json_lines: dict[int, list[int]] | None = None
    fixed: int = 0
    diff: str = ""
    internal_error: bool = False
    fixed_by_rule: dict[str, int] = field(default_factory=dict)  # findings fixed, per rule

    def source_lines(self) -> list[str] | None:
        """The file's lines, for source frames. Read from disk on first use: only the text and
        SARIF outputs ask, and only for files with findings (after --fix the file on disk is
        the fixed text, which the findings are about)."""
        if self.lines is None and self.file is not None:
            try:
                self.lines = read_source(self.file).text.splitlines()
            except ReadError:
                self.lines = []
        return self.lines


@dataclass
class RunResult:
    outcomes: list[FileOutcome]

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return sorted((d for o in self.outcomes for d in o.diagnostics), key=Diagnostic.sort_key)

    @property
    def files_checked(self) -> int:
        return len(self.outcomes)

    @property
    def fixed(self) -> int:
        return sum(o.fixed for o in self.outcomes)

    @property
    def findings_fixed(self) -> int:
        """What --fix fixed, in findings (the summary's count; ``fixed`` counts fixes)."""
        return sum(sum(o.fixed_by_rule.values()) for o in self.outcomes)

    @property
    def internal_error(self) -> bool:
        return any(o.internal_error for o in self.outcomes)


def unified_diff(before: str, after: str, shown: str) -> str:
    """What ``--diff`` prints for one file."""
    return "".join(
        difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            fromfile=f"a/{shown}",
            tofile=f"b/{shown}",
        )
    )


def display_path(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


@contextmanager
def collected_once() -> Iterator[None]:
    """Run the block with Python's cyclic garbage collector paused, then collect once.

    Linting allocates millions of short-lived libcst nodes. With the collector on, it runs
    every few hundred allocations and, as the process's results grow, rescans them again and
    again: 20% of a run. The model's cycles (a function and its nested functions) still go,
    at the end of each file, in one pass over what that file left behind."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.collect(1)
        if enabled:
            gc.enable()


def lint_file(path: Path, settings: Settings) -> FileOutcome:
    """Lint (and fix) one file. Never raises: every failure becomes a diagnostic."""
    with collected_once():
        return _lint_file(path, settings)


def _lint_file(path: Path, settings: Settings) -> FileOutcome:
    shown = display_path(path)
    outcome = FileOutcome(shown)
    try:
        if path.suffix == ".ipynb":
            from tf2lint.notebook import lint_notebook

            return lint_notebook(path, shown, settings)
        try:
            source = read_source(path)
        except ReadError as error:
            outcome.diagnostics.append(
                engine_diagnostic(READ_ERROR, shown, str(error), error.line, error.column)
            )
            return outcome
        relative = relative_to_root(path, settings.root)
        rules = settings.rules_for(relative)
        counts: dict[str, int] = {}
        text, result, fixed, rejected = lint_and_fix(source.text, shown, rules, settings, counts)
        from tf2lint.fixes import parses

        outcome.diagnostics = result.diagnostics + rejected
        outcome.internal_error = result.internal_error or bool(rejected)
        if text != source.text and not parses(text):  # never reached: each round was verified
            outcome.diagnostics.append(
                engine_diagnostic(
                    INTERNAL_ERROR, shown, "the fixed code does not parse; the file was not changed"
                )
            )
            outcome.internal_error = True
            text = source.text
        if text != source.text:
            outcome.fixed = fixed
            outcome.fixed_by_rule = counts
            if settings.diff:
                outcome.diff = unified_diff(source.text, text, shown)
            else:
                try:
                    write_atomic(path, source, text)
                except WriteError as error:
                    outcome.diagnostics.append(engine_diagnostic(READ_ERROR, shown, str(error)))
                    outcome.fixed, outcome.fixed_by_rule = 0, {}
                    text = source.text
        outcome.file = path
    except Exception as error:  # the engine's last line of defence: report, never stop the run
        outcome.diagnostics.append(
            engine_diagnostic(
                INTERNAL_ERROR,
                shown,
                f"internal error: {type(error).__name__}: {error}; "
                "please report this with the file that triggers it",
            )
        )
        outcome.internal_error = True
    return outcome


def lint_and_fix(
    text: str,
    shown: str,
    rules: list[type[Rule]],
    settings: Settings,
    counts: dict[str, int] | None = None,
):
    """Lint, then (with --fix or --diff) fix and re-lint until nothing more is fixable.

    Returns (text, last lint result, fixes applied, internal-error diagnostics). Each round's
    code is verified by :func:`fix_round`; a fix it rejects is reported once and not retried.
    After ``MAX_FIX_ROUNDS`` rounds with fixes still to apply, the fixes so far are kept and the
    rules still fixing are reported. ``counts`` (if given) receives the findings fixed per rule
    (see :func:`findings_fixed`: what the summary counts).
    """
    # Imported here: a run whose every file is cached never loads the engine (nor libcst).
    from tf2lint.engine import lint_module
    from tf2lint.fixes import fix_key, fix_round, fixable

    result = lint_module(text, shown, rules, settings.report_unused_suppressions)
    fixed = 0
    rejected: list[Diagnostic] = []
    if not (settings.fix or settings.diff):
        return text, result, fixed, rejected
    found = result.diagnostics
    original = text
    skip: set = set()
    rounds = 0
    while result.module is not None:
        pending = [d for d in fixable(result.diagnostics, settings.unsafe_fixes)]
        pending = [d for d in pending if fix_key(d) not in skip]
        if not pending:
            break
        if rounds == MAX_FIX_ROUNDS:
            rules_left = ", ".join(sorted({d.rule for d in pending}))
            rejected.append(
                engine_diagnostic(
                    INTERNAL_ERROR,
                    shown,
                    f"fixes did not settle after {MAX_FIX_ROUNDS} rounds ({rules_left} still "
                    "fixing); the fixes so far were kept (please report this)",
                )
            )
            break
        rounds += 1
        try:
            new_text, applied, bad = fix_round(
                result.module, result.diagnostics, settings.unsafe_fixes, skip
            )
        except RecursionError:
            rejected.append(
                engine_diagnostic(
                    INTERNAL_ERROR, shown, "fixes not applied: the code is nested too deeply"
                )
            )
            break
        for d, reason in bad:
            skip.add(fix_key(d))
            rejected.append(
                engine_diagnostic(
                    INTERNAL_ERROR,
                    shown,
                    f"the fix of {d.rule} ({d.fix.description}) {reason}; it was not applied "
                    "(please report this)",
                    d.line,
                    d.column,
                )
            )
        if new_text is None or new_text == text:
            if not bad:
                break
            continue  # the rejected fixes are skipped from now on; others may remain
        text = new_text
        fixed += len(applied)
        result = lint_module(text, shown, rules, settings.report_unused_suppressions)
    if counts is not None and text != original:
        for rule, count in findings_fixed(found, result.diagnostics).items():
            counts[rule] = counts.get(rule, 0) + count
    return text, result, fixed, rejected


def findings_fixed(before: list[Diagnostic], after: list[Diagnostic]) -> Counter[str]:
    """Per rule, the findings of ``before`` (the lint before fixing) that ``after`` no longer has.

    What ``--fix`` fixed, counted in the findings the user saw: one finding may take two fixes
    (a fix can leave a finding that the next round fixes), and a fix may clear a finding that
    had no fix of its own."""
    left = Counter((d.rule, d.message) for d in after)
    gone: Counter[str] = Counter()
    for d in before:
        key = (d.rule, d.message)
        if left[key]:
            left[key] -= 1
        else:
            gone[d.rule] += 1
    return gone


class WriteError(Exception):
    pass


def write_atomic(path: Path, source: SourceText, text: str) -> None:
    """Replace ``path`` by ``text`` in its encoding, BOM, line endings and permissions, all or
    nothing: a temporary file in the same folder, renamed over the original. A symlink is
    followed (the link stays a link). Refuses if the file changed on disk since it was read."""
    target = Path(os.path.realpath(path))
    try:
        data = encode_source(source, text)
    except UnicodeEncodeError as error:
        raise WriteError(
            f"cannot write the fixed code in {source.encoding}: {error.reason}; not written"
        ) from error
    try:
        current = target.read_bytes()
    except OSError as error:
        raise WriteError(f"cannot write file: {error.strerror or error}") from error
    original = (
        source.original if source.original is not None else encode_source(source, source.text)
    )
    if current != original:
        raise WriteError("file changed on disk while it was being fixed; not written")
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tf2lint", dir=target.parent)
    except OSError as error:
        raise WriteError(f"cannot write file: {error.strerror or error}") from error
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        shutil.copymode(target, temp)
        os.replace(temp, target)
    except BaseException as error:
        if os.path.exists(temp):
            os.unlink(temp)
        if isinstance(error, OSError):
            raise WriteError(f"cannot write file: {error.strerror or error}") from error
        raise


def _lint_batch(args: tuple[list[Path], Settings]) -> list[FileOutcome]:
    paths, settings = args
    outcomes = [lint_file(p, settings) for p in paths]
    for outcome in outcomes:  # fixes were applied here; their tree edits need not travel back
        for d in outcome.diagnostics:
            if d.fix is not None:
                d.fix = Fix(d.fix.applicability, d.fix.description, (), d.fix.replacement_text)
    return outcomes


Progress = Callable[[int, int], None]  # (files done, files in all), as files complete


def run(
    paths: list[Path],
    settings: Settings,
    jobs: int | None = None,
    cache: bool = True,
    progress: Progress | None = None,
) -> RunResult:
    """Lint ``paths``; with ``cache``, reuse the results of unchanged files (see tf2lint.cache)."""
    outcomes: list[FileOutcome | None] = [None] * len(paths)
    keys: dict[int, str] = {}
    store = None
    if cache:
        from tf2lint.cache import Cache, has_fixable

        store = Cache(settings.root, settings)
        fixing = settings.fix or settings.diff
        for i, path in enumerate(paths):
            try:
                data = read_bytes(path)
            except ReadError:
                continue  # lint_file reports it
            key = store.key(data, settings.rules_for(relative_to_root(path, settings.root)))
            shown = display_path(path)
            hit = store.get(key, shown)
            if hit is None or (fixing and has_fixable(hit[0])):
                keys[i] = key
            else:
                outcomes[i] = FileOutcome(shown, hit[0], file=path, **(hit[1] or {}))
    todo = [i for i, o in enumerate(outcomes) if o is None]
    if progress is not None:
        cached = len(paths) - len(todo)
        progress(cached, len(paths))

        def report(done: int, _: int) -> None:
            progress(cached + done, len(paths))

    linted = _lint_all([paths[i] for i in todo], settings, jobs, report if progress else None)
    for i, outcome in zip(todo, linted, strict=True):
        outcomes[i] = outcome
        if store is not None and i in keys:
            from tf2lint.cache import cacheable

            if cacheable(outcome):
                store.put(keys[i], outcome)
    return RunResult(outcomes)  # type: ignore[arg-type]


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _lint_all(
    paths: list[Path], settings: Settings, jobs: int | None, progress: Progress | None = None
) -> list[FileOutcome]:
    jobs = jobs or os.cpu_count() or 1
    if jobs <= 1 or len(paths) < 8:
        done = []
        for path in paths:
            done.append(lint_file(path, settings))
            if progress is not None:
                progress(len(done), len(paths))
        return done
    # Loaded once here rather than in each worker: forked workers inherit them.
    from tf2lint import engine, fixes  # noqa: F401

    # Many small batches, with the files dealt out biggest first so that each batch holds about
    # as much code; each worker takes the next batch when done, and none is left with a big
    # file at the end while the others idle.
    order = sorted(range(len(paths)), key=lambda i: -_size(paths[i]))
    count = jobs * 16
    batches = [order[i::count] for i in range(count)]
    outcomes: list[FileOutcome | None] = [None] * len(paths)
    work = [([paths[i] for i in batch], settings) for batch in batches]
    finished = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for batch, done in zip(batches, pool.map(_lint_batch, work), strict=True):
            for i, outcome in zip(batch, done, strict=True):
                outcomes[i] = outcome
            finished += len(batch)
            if progress is not None:
                progress(finished, len(paths))
    return outcomes  # type: ignore[return-value]

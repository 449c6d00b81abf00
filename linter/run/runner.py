"""Running a lint over many files: reading, linting, fixing, writing, in worker processes."""

from __future__ import annotations

import gc
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from tf2lint.analysis.project import (
    ModuleFacts,
    ModuleIdentity,
    ModuleSummary,
    is_package,
    second_pass,
)
from tf2lint.base.collector import collector_paused
from tf2lint.linting.rule import (
    INTERNAL_ERROR,
    PARSER_CRASH,
    READ_ERROR,
    TOO_LARGE,
    WRITE_ERROR,
    Diagnostic,
    Fix,
    Rule,
    engine_diagnostic,
)
from tf2lint.run.cache import Cache, cacheable, has_fixable
from tf2lint.run.files import (
    ReadError,
    TooLarge,
    WriteError,
    check_code_size,
    display_path,
    printable,
    python_files_under,
    read_bytes,
    relative_to_root,
)
from tf2lint.run.gitignore import is_ignored
from tf2lint.run.outcomes import FileOutcome, RunResult
from tf2lint.run.settings import DEFAULT_TIME_LIMIT, Settings  # noqa: F401 - re-exported
from tf2lint.run.sources import FixNotWritable, open_source
from tf2lint.run.writes import BACKUP_SUFFIX, TEMP_SUFFIX, recover, target_of, write_fixed

if TYPE_CHECKING:
    import libcst as cst

    from tf2lint.linting.engine import FileResult

# Rounds of fixes before giving up. A round applies every fix that does not overlap another, so
# nested fixes (``tf.to_float(tf.to_float(x))``) take one round per level: rounds go on until
# nothing is left to fix, and this only stops fixes that keep making new work for each other
# without ever repeating a text (a repeated text is a cycle, stopped at once).
MAX_FIX_ROUNDS = 100


@contextmanager
def collected_once() -> Iterator[None]:
    """Run the block with Python's cyclic garbage collector paused, then collect once.

    Linting allocates millions of short-lived libcst nodes. With the collector on, it runs
    every few hundred allocations and, as the process's results grow, rescans them again and
    again: 20% of a run. The engine breaks the model's cycles when a lint ends
    (``ModuleModel.release``), so reference counting frees the file's tree and this pass
    only meets what is left: cycles elsewhere (a rule's, a plugin's)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.collect(1)
        if enabled:
            gc.enable()


# --- one file ------------------------------------------------------------------------------------


def lint_file(
    path: Path,
    settings: Settings,
    data: bytes | None = None,
    identity: ModuleIdentity | None = None,
    facts: ModuleFacts | None = None,
    parse: Callable[[str], cst.Module] | None = None,
) -> FileOutcome:
    """Lint (and fix) one file, whose bytes are ``data`` if already read; as module
    ``identity`` of a project, with the ``facts`` the other modules give it; ``parse``: as for
    :func:`tf2lint.linting.engine.lint_module`. Never raises: every failure becomes a diagnostic."""
    with collected_once():
        return _lint_file(path, settings, data, identity, facts, parse)


def _lint_file(
    path: Path,
    settings: Settings,
    data: bytes | None,
    identity: ModuleIdentity | None,
    facts: ModuleFacts | None,
    parse: Callable[[str], cst.Module] | None,
) -> FileOutcome:
    shown = display_path(path)
    outcome = FileOutcome(shown)
    try:
        try:
            if data is None:
                data = read_bytes(path, settings.max_file_size)
            source = open_source(path, data)
            check_code_size(path, source.text, settings.max_file_size)
        except ReadError as error:
            return _unlinted(path, shown, unreadable(shown, error))
        rules = settings.rules_for(relative_to_root(path, settings.root))
        fixed = lint_and_fix(
            source.text, shown, rules, settings, identity=identity, facts=facts, parse=parse
        )
        code = fixed.text
        diagnostics = fixed.result.diagnostics
        outcome.summary = fixed.result.summary
        if code != source.text:
            try:
                _, new_data = source.render(code)
                if settings.diff:
                    outcome.diff = source.diff(code, shown)
                else:
                    write_fixed(path, data, new_data, settings.write_roots())
                outcome.fixed = fixed.count
                outcome.fixed_by_rule = dict(
                    findings_fixed(fixed.before.diagnostics, fixed.result.diagnostics)
                )
            except (FixNotWritable, WriteError) as error:
                # Nothing was written: report what the file as it is has, and why.
                code = source.text
                why = engine_diagnostic(WRITE_ERROR, shown, f"fixes not written: {error}")
                diagnostics = [*fixed.before.diagnostics, why]
        outcome.diagnostics = source.place(diagnostics + fixed.rejected, code)
        outcome.internal_error = fixed.internal_error
        if outcome.diagnostics:
            for name, value in source.frames(code).items():
                setattr(outcome, name, value)
        outcome.file = path
    except MemoryError:
        message = "linting this file needs more memory than a worker may use; not linted"
        return _unlinted(path, shown, engine_diagnostic(TOO_LARGE, shown, message))
    except Exception as error:  # the engine's last line of defence: report, never stop the run
        outcome.diagnostics = [
            engine_diagnostic(
                INTERNAL_ERROR,
                shown,
                f"internal error: {type(error).__name__}: {error}; "
                "please report this with the file that triggers it",
            )
        ]
        outcome.internal_error = True
    return outcome


def _unlinted(path: Path, shown: str, why: Diagnostic) -> FileOutcome:
    internal = why.rule in (PARSER_CRASH[0], INTERNAL_ERROR[0])  # exit 2: tf2lint failed
    return FileOutcome(shown, [why], file=path, lines=[], internal_error=internal)


def unreadable(shown: str, error: ReadError) -> Diagnostic:
    kind = TOO_LARGE if isinstance(error, TooLarge) else READ_ERROR
    return engine_diagnostic(kind, shown, str(error), error.line, error.column)


# --- linting and fixing code: the one fix path of the command line, notebooks and the LSP -------


@dataclass
class Fixed:
    """What linting (and fixing) one module's code gave."""

    text: str  # the code after the fixes (the code given, if none applied)
    result: FileResult  # the lint of ``text``
    before: FileResult  # the lint of the code given: what to report if ``text`` is not written
    applied: dict[str, int] = field(default_factory=dict)  # fixes applied, per rule
    rejected: list[Diagnostic] = field(default_factory=list)  # fixes refused, with the reason

    @property
    def count(self) -> int:
        return sum(self.applied.values())

    @property
    def internal_error(self) -> bool:
        return self.result.internal_error or self.before.internal_error or bool(self.rejected)


def lint_and_fix(
    text: str,
    path: str,
    rules: list[type[Rule]],
    settings: Settings,
    only: tuple | None = None,
    identity: ModuleIdentity | None = None,
    facts: ModuleFacts | None = None,
    parse: Callable[[str], cst.Module] | None = None,
) -> Fixed:
    """Lint ``text``; with ``settings.fix`` or ``settings.diff``, fix it until nothing is left
    to fix (the command line, notebooks and the LSP's "fix all"); with ``only`` (a diagnostic's
    :func:`diagnostic_key`), apply that one finding's fix (the LSP's quick fix).

    Every round is verified by :func:`tf2lint.linting.fixes.fix_round`: a fix it rejects is reported
    once and not retried. Rounds stop when the code repeats an earlier round's (fixes going in a
    cycle) or after ``MAX_FIX_ROUNDS``; the fixes so far are kept and the rules still fixing are
    reported.
    """
    # Imported here: a run whose every file is cached never loads the engine (nor libcst).
    from tf2lint.linting.engine import lint_module
    from tf2lint.linting.fixes import fix_key, fix_round, fixable

    def lint(code: str) -> FileResult:
        return settings.without_unfixable(
            lint_module(
                code,
                path,
                rules,
                settings.report_unused_suppressions,
                identity,
                facts,
                ignore_noqa=settings.ignore_noqa,
                parse=parse,
                keras_version=settings.keras_version,
            )
        )

    before = result = lint(text)
    fixed = Fixed(text, result, before)
    if not (settings.fix or settings.diff or only is not None):
        return fixed
    skip: set = set()
    seen = {text}
    rounds = 0
    while result.module is not None:
        pending = [d for d in fixable(result.diagnostics, settings.unsafe_fixes)]
        if only is not None:
            pending = [d for d in pending if diagnostic_key(d) == only] if rounds == 0 else []
        pending = [d for d in pending if fix_key(d) not in skip]
        if not pending:
            break
        if rounds == MAX_FIX_ROUNDS:
            fixed.rejected.append(_unsettled(path, pending, f"after {MAX_FIX_ROUNDS} rounds"))
            break
        rounds += 1
        try:
            new_text, applied, bad = fix_round(
                result.module, pending, settings.unsafe_fixes, skip, source=text
            )
        except RecursionError:
            fixed.rejected.append(
                engine_diagnostic(
                    INTERNAL_ERROR, path, "fixes not applied: the code is nested too deeply"
                )
            )
            break
        for d, reason in bad:
            skip.add(fix_key(d))
            fixed.rejected.append(
                engine_diagnostic(
                    INTERNAL_ERROR,
                    path,
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
        new_text = _keep_last_line_end(text, new_text)
        text = new_text
        for d in applied:
            fixed.applied[d.rule] = fixed.applied.get(d.rule, 0) + 1
        result = lint(text)
        if text in seen:
            still = fixable(result.diagnostics, settings.unsafe_fixes)
            fixed.rejected.append(_unsettled(path, still or applied, "they go round in a cycle"))
            break
        seen.add(text)
    fixed.text, fixed.result = text, result
    return fixed


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


def diagnostic_key(d: Diagnostic) -> tuple:
    """Identifies a finding in one version of the code (the LSP's quick fix names it so)."""
    return (d.rule, d.line, d.column, d.end_line, d.end_column)


def _unsettled(path: str, pending: list[Diagnostic], why: str) -> Diagnostic:
    rules_left = ", ".join(sorted({d.rule for d in pending}))
    return engine_diagnostic(
        INTERNAL_ERROR,
        path,
        f"fixes did not settle: {why} ({rules_left} still fixing); the fixes so far were kept "
        "(please report this)",
    )


def _keep_last_line_end(before: str, after: str) -> str:
    """libcst drops the last line end of a file whose lines end in a lone ``\\r``: put it back."""
    if before.endswith("\r") and not after.endswith(("\r", "\n")) and after:
        return after + "\r"
    return after


# --- many files -----------------------------------------------------------------------------------


def _portable(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """``diagnostics`` without their fixes' libcst nodes, to leave the worker that made them."""
    for d in diagnostics:
        if d.fix is not None and d.fix.edits:
            d.fix = Fix(d.fix.applicability, d.fix.description, (), d.fix.replacement_text)
    return diagnostics


@dataclass
class _Task:
    """One file to lint: its index in the run, its bytes if read, its module identity, the
    facts the project gives it (second pass), and its cache key."""

    index: int
    path: Path
    data: bytes | None
    identity: ModuleIdentity
    facts: ModuleFacts | None = None
    key: str | None = None
    settings: Settings | None = None  # the file's own, where not the run's
    keep: int = 0  # how much source (characters) its worker may keep parsed: see _KeptTrees


def _lint_task(settings: Settings, task: _Task) -> FileOutcome:
    """A worker's task: one file. The fixes were applied here; their libcst nodes stay here."""
    own = task.settings or settings
    parse = KEPT_TREES.parser(task.keep)
    outcome = lint_file(task.path, own, task.data, task.identity, task.facts, parse)
    _portable(outcome.diagnostics)
    return outcome


class _KeptTrees:
    """The libcst trees a worker parsed in a run's first pass, kept for its second.

    The second pass lints again each file whose analysis the other files change (up to a fifth
    of a project's: see tf2lint.analysis.project), and libcst's parse is half of a lint. So a worker
    keeps the tree each task parses first, while the source kept stays within what the task
    allows (``_Task.keep``), and the pool sends a file linted again to the worker that linted
    it first (tf2lint.run.isolation). A tree depends on the text alone: it is found by the text,
    and is given once."""

    def __init__(self) -> None:
        self.trees: dict[str, cst.Module] = {}
        self.size = 0

    def parser(self, keep: int) -> Callable[[str], cst.Module]:
        """The parse for one task, which may keep its first tree within ``keep`` characters."""
        from tf2lint.base.parsing import parse_module

        def parse(text: str) -> cst.Module:
            nonlocal keep
            module = self.trees.pop(text, None)
            if module is not None:
                self.size -= len(text)
                return module
            module = parse_module(text)
            if self.size + len(text) <= keep:
                self.trees[text] = module
                self.size += len(text)
                # Out of the cyclic collector's view: else each collection until the second pass
                # traces every node kept (up to 0.6 s each). A tree has no cycles: reference
                # counting still frees it once used. The rest frozen is alive but for cycles
                # left before the task, which the collector has had its chance at (never this
                # task's model: it is built after the parse).
                gc.freeze()
            keep = 0  # a fix's next round: not kept
            return module

        return parse


KEPT_TREES = _KeptTrees()  # a worker's own
# What a run's workers may keep parsed in all, in characters of source (about 160 MB of trees).
KEPT_SOURCE = 4_000_000
TREE_BYTES_PER_CHARACTER = 40


@dataclass
class TextTask:
    """A language server's request, run in its worker process (see tf2lint.server.lsp)."""

    text: str
    path: str
    rules: list[type[Rule]]
    settings: Settings
    # None: lint; "all": fix everything the settings allow; a diagnostic_key: that finding's fix.
    fix: str | tuple | None = None
    identity: ModuleIdentity | None = None  # the module's, and what the project says of it
    facts: ModuleFacts | None = None


@dataclass
class TextLinted:
    """A language server's lint: the diagnostics, and the module's summary for the project."""

    diagnostics: list[Diagnostic]
    summary: ModuleSummary | None


def run_text_task(_state: object, task: TextTask) -> TextLinted | str | None:
    """Lint: the diagnostics and summary. Fix: the fixed text, or None if nothing was fixed."""
    with collected_once():
        if task.fix is None:
            from tf2lint.linting.engine import lint_module
            from tf2lint.linting.incremental import OPEN_DOCUMENTS

            result = lint_module(
                task.text,
                task.path,
                task.rules,
                task.settings.report_unused_suppressions,
                task.identity,
                task.facts,
                ignore_noqa=task.settings.ignore_noqa,
                parse=OPEN_DOCUMENTS.for_document(task.path),
                keras_version=task.settings.keras_version,
            )
            result = task.settings.without_unfixable(result)
            return TextLinted(_portable(result.diagnostics), result.summary)
        only = task.fix if isinstance(task.fix, tuple) else None
        fixed = lint_and_fix(
            task.text, task.path, task.rules, task.settings, only, task.identity, task.facts
        )
        return fixed.text if fixed.count and fixed.text != task.text else None


def cached_summary(store, settings: Settings, path: Path) -> ModuleSummary | None:
    """The project summary ``tf2lint check``, run from the project root, cached for the file at
    ``path`` as it is now, if any (the language server's view of the files it has not linted
    itself)."""
    try:
        data = read_bytes(path, settings.max_file_size)
    except ReadError:
        return None
    relative = relative_to_root(path, settings.root)
    shown = printable(relative)  # as tf2lint check shows it when run from the root
    module = _module_key(ModuleIdentity.of(path))
    rules = settings.rules_for(relative)
    key = store.key(data, shown, rules, module=module, keras_version=settings.keras_version)
    entry = store.get(key, shown)
    return entry.summary if entry else None


Progress = Callable[[int, int], None]  # (files done, files in all), as files complete

# A project larger than this is not built around a file: each file is linted alone.
MAX_PROJECT_FILES = 5000


def project_files(
    path: Path, listed: Callable[[Path, bool], list[Path]] | None = None
) -> list[Path]:
    """The files of the program ``path`` belongs to, as tf2lint builds it around one file (the
    command line around the files it is given, the language server around a document): its
    top-level package, or for a script, the modules of its folder. Absolute paths; [] when
    ``path`` is in no such project (not a module, too many files, a folder not listable).
    ``listed(folder, recursive)``: how a folder's modules are listed (a caller listing many
    files' projects at once memoises :func:`modules_in`)."""
    path = Path(os.path.abspath(path))
    if path.suffix != ".py":
        return []
    folder = path.parent
    recursive = is_package(folder)
    if recursive:
        while is_package(folder.parent) and folder.parent != folder:
            folder = folder.parent
    files = (listed or modules_in)(folder, recursive)
    if path not in files or len(files) > MAX_PROJECT_FILES:
        return []
    return files


def modules_in(folder: Path, recursive: bool) -> list[Path]:
    """The ``.py`` files of ``folder`` (and, ``recursive``, of the folders below, bounded and
    ignore-aware: no ``.venv``, no ignored folders; cached between calls), sorted."""
    if recursive:
        return python_files_under(folder, MAX_PROJECT_FILES, is_ignored) or []
    try:
        return sorted(folder.glob("*.py"))
    except OSError:
        return []


def _finish_interrupted_fixes(paths: Sequence[Path]) -> None:
    """A run killed while writing a fix (``kill -9``, the out-of-memory killer) left a journal or
    a temporary file beside the file: before the file is read, restore it from the journal if it
    holds part of the fix, and remove what is left (tf2lint.run.writes.recover). One listing per
    folder."""
    wanted = {Path(os.path.abspath(p)) for p in paths}
    for folder in {p.parent for p in wanted}:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.startswith(".") and name.endswith((BACKUP_SUFFIX, TEMP_SUFFIX)):
                leftover = folder / name
                if target_of(leftover) in wanted and (notice := recover(leftover)):
                    print(f"tf2lint: {notice}", file=sys.stderr)


def run(
    paths: list[Path],
    settings: Settings,
    jobs: int | None = None,
    cache: bool = True,
    progress: Progress | None = None,
    context: Sequence[Path] = (),
    settings_for: Callable[[Path], Settings] | None = None,
    identities: Sequence[ModuleIdentity] | None = None,
) -> RunResult:
    """Lint ``paths`` as one program (see tf2lint.analysis.project): each file on its own, then again,
    with what the other files say about it, each file whose analysis that changes. With
    ``cache``, reuse the results (and summaries) of unchanged files (see tf2lint.run.cache).

    ``context``: the other files of the program (see :func:`project_files`), which are not
    reported nor fixed: only their summaries join the project, from the cache where it has
    them as the files are now, else from linting them (which fills the cache). So a run on a
    few files (pre-commit's staged ones) reports for them what a run on the whole project does.

    Each file is read once a pass, here when the cache needs its bytes for the key (they then
    travel to the worker that lints them), else by that worker.

    ``identities``: the module each of ``paths`` is, where a file stands in for another (code
    from stdin, written to a temporary file, is the module ``--stdin-filename`` names).
    """
    # The results received pile up here as they do in a worker (see collected_once): with the
    # collector on, each unpickled result triggers collections that rescan all those before
    # it (a sixth of the parent's time on tensor2tensor). They hold no cycles.
    with collector_paused():
        return _run(paths, settings, jobs, cache, progress, context, settings_for, identities)


def _run(
    paths: list[Path],
    settings: Settings,
    jobs: int | None,
    cache: bool,
    progress: Progress | None,
    context: Sequence[Path],
    settings_for: Callable[[Path], Settings] | None,
    identities: Sequence[ModuleIdentity] | None,
) -> RunResult:
    _finish_interrupted_fixes(paths)
    outcomes: list[FileOutcome | None] = [None] * len(paths)
    identities = [
        *(identities or [ModuleIdentity.of(path) for path in paths]),
        *(ModuleIdentity.of(path) for path in context),
    ]
    own = _Own(settings, settings_for, cache)
    tasks: list[_Task] = []
    for i, path in enumerate(paths):
        task = _Task(i, path, None, identities[i], settings=own.settings(path))
        store = own.store(task.settings)
        if store is not None:
            shown = display_path(path)
            try:
                task.data = read_bytes(path, own.of(task).max_file_size)
            except ReadError as error:
                outcomes[i] = _unlinted(path, shown, unreadable(shown, error))
                continue
            task.key = _key(store, own.of(task), task.data, path, identities[i])
            outcomes[i] = _cached(store, own.of(task), task.key, path)
        if outcomes[i] is None:
            tasks.append(task)
    with _Workers(settings, jobs) as workers:
        counter = _Counter(len(paths), progress)
        counter.add(len(paths) - len(tasks))
        for task, outcome in workers.lint(tasks, keep=True):
            outcomes[task.index] = outcome
            counter.add(1)
            _remember(own.store(task.settings), task.key, outcome)

        # The project: what each file learns from the others, and the files that learn something.
        summaries = {
            i: o.summary for i, o in enumerate(outcomes) if o is not None and o.summary is not None
        }
        for i, summary in _context_summaries(context, identities, own, len(paths), workers):
            summaries[i] = summary
        again: list[_Task] = []
        roots = {i: identities[i].root for i in summaries}
        shown = {i: display_path(path) for i, path in enumerate((*paths, *context))}
        for i, facts in second_pass(summaries, roots, shown).items():
            if i >= len(paths):
                continue  # a file of the context: not reported, so not linted again
            task = _Task(i, paths[i], None, identities[i], facts, settings=own.settings(paths[i]))
            store = own.store(task.settings)
            if store is not None:
                try:  # read again: a first pass with --fix may have rewritten it
                    task.data = read_bytes(paths[i], own.of(task).max_file_size)
                except ReadError:
                    continue  # the first pass's result stands
                task.key = _key(store, own.of(task), task.data, paths[i], identities[i], facts)
                outcome = _cached(store, own.of(task), task.key, paths[i])
                if outcome is not None:
                    outcomes[i] = _with_fixes_of(outcomes[i], outcome)
                    continue
            again.append(task)
        for task, outcome in workers.lint(again):
            outcomes[task.index] = _with_fixes_of(outcomes[task.index], outcome)
            _remember(own.store(task.settings), task.key, outcome)
        return RunResult(outcomes)  # type: ignore[arg-type]


def _with_fixes_of(first: FileOutcome | None, second: FileOutcome) -> FileOutcome:
    """The second pass's outcome, counting the fixes the first pass wrote (and its diff)."""
    if first is not None:
        second.fixed += first.fixed
        for rule, count in first.fixed_by_rule.items():
            second.fixed_by_rule[rule] = second.fixed_by_rule.get(rule, 0) + count
        second.diff = second.diff or first.diff
    return second


class _Own:
    """Each file's settings (None: the run's) and each settings' cache."""

    def __init__(
        self, run: Settings, settings_for: Callable[[Path], Settings] | None, cache: bool
    ) -> None:
        self.run, self.settings_for, self.cache = run, settings_for, cache
        self.stores: dict[int, object] = {}

    def settings(self, path: Path) -> Settings | None:
        own = self.settings_for(path) if self.settings_for is not None else self.run
        return None if own is self.run else own

    def of(self, task: _Task) -> Settings:
        return task.settings or self.run

    def store(self, settings: Settings | None):
        if not self.cache:
            return None
        settings = settings or self.run
        if id(settings) not in self.stores:
            self.stores[id(settings)] = _store(settings)
        return self.stores[id(settings)]


def _context_summaries(
    context: Sequence[Path],
    identities: Sequence[ModuleIdentity],
    own: _Own,
    first: int,
    workers: _Workers,
) -> Iterator[tuple[int, ModuleSummary]]:
    """The summaries of the ``context`` files, numbered from ``first``: cached ones as they
    are, the others linted (never fixed) and cached, as the first pass of a whole run would."""
    tasks: list[_Task] = []
    for i, path in enumerate(context, first):
        settings = own.settings(path) or own.run
        reading = replace(settings, fix=False, diff=False)
        task = _Task(i, path, None, identities[i], settings=reading)
        store = own.store(own.settings(path))
        if store is not None:
            try:
                task.data = read_bytes(path, settings.max_file_size)
            except ReadError:
                continue  # unreadable: the project goes on without it, as a run would
            task.key = _key(store, settings, task.data, path, identities[i])
            hit = _cached(store, reading, task.key, path)
            if hit is not None:
                if hit.summary is not None:
                    yield i, hit.summary
                continue
        tasks.append(task)
    for task, outcome in workers.lint(tasks):
        _remember(own.store(own.settings(task.path)), task.key, outcome)
        if outcome.summary is not None:
            yield task.index, outcome.summary


class _Counter:
    """Progress: files done out of all, as they complete."""

    def __init__(self, total: int, progress: Progress | None) -> None:
        self.total, self.done, self.progress = total, 0, progress

    def add(self, n: int) -> None:
        self.done += n
        if self.progress is not None:
            self.progress(self.done, self.total)


def _store(settings: Settings):
    return Cache(settings.root, settings)


def _key(
    store, settings: Settings, data: bytes, path: Path, identity: ModuleIdentity, facts=None
) -> str:
    rules = settings.rules_for(relative_to_root(path, settings.root))
    return store.key(
        data, display_path(path), rules, facts, _module_key(identity), settings.keras_version
    )


def _module_key(identity: ModuleIdentity) -> str:
    return f"{identity.name}:{identity.package}"


def _cached(store, settings: Settings, key: str, path: Path) -> FileOutcome | None:
    shown = display_path(path)
    hit = store.get(key, shown)
    if hit is None or ((settings.fix or settings.diff) and has_fixable(hit.diagnostics)):
        return None
    return FileOutcome(
        shown, hit.diagnostics, file=path, cached=True, summary=hit.summary, **(hit.cells or {})
    )


def _remember(store, key: str | None, outcome: FileOutcome) -> None:
    if store is not None and key is not None and cacheable(outcome):
        store.put(key, outcome)


def _size(path: Path, data: bytes | None) -> int:
    if data is not None:
        return len(data)
    try:
        return os.stat(path).st_size
    except (OSError, ValueError):
        return 0


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity: a container's or a taskset's share)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # no affinity on this platform (macOS, Windows)
        return os.cpu_count() or 1


class _Workers:
    """A run's worker processes (see tf2lint.run.isolation), started for its first file to lint and
    kept for all its passes: a file linted again goes back to the worker that kept its tree."""

    def __init__(self, settings: Settings, jobs: int | None) -> None:
        # Never more workers than CPUs to run them: `jobs = 100000` in a linted repository's
        # configuration would fork one per file.
        cpus = available_cpus()
        self.settings, self.jobs = settings, min(jobs or cpus, cpus)
        self.pool = None

    def lint(self, tasks: list[_Task], keep: bool = False) -> Iterator[tuple[_Task, FileOutcome]]:
        """Lint each task's file, biggest files first so that no worker is left with a big
        file at the end while the others idle. ``keep``: a first pass, whose trees the
        workers keep for the second, up to ``KEPT_SOURCE`` in all."""
        if not tasks:
            return
        # Loaded once here rather than in each worker: forked workers inherit them.
        from tf2lint.linting import engine, fixes  # noqa: F401
        from tf2lint.run.isolation import Lost, Pool, memory_limit_for

        jobs = min(self.jobs, len(tasks))
        settings = self.settings
        memory = settings.memory_limit or memory_limit_for(settings.max_file_size)
        if self.pool is None:
            self.pool = Pool(_lint_task, settings, jobs, settings.time_limit, memory_limit=memory)
        self.pool.jobs = max(self.pool.jobs, jobs)
        # Kept trees may take a quarter of a worker's memory limit at most.
        allowed = min(KEPT_SOURCE // self.pool.jobs, memory // (4 * TREE_BYTES_PER_CHARACTER))
        for task in tasks:
            task.keep = allowed if keep else 0
        order = sorted(tasks, key=lambda t: -_size(t.path, t.data))
        by_index = {t.index: t for t in tasks}
        for i, result in self.pool.map((t.index, t) for t in order):
            task = by_index[i]
            if isinstance(result, Lost):
                shown = display_path(task.path)
                why = engine_diagnostic(result.kind, shown, result.message)
                lost, result = result, _unlinted(task.path, shown, why)
                result.transient = lost.transient
            yield task, result

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()

    def __enter__(self) -> _Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

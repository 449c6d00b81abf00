"""``tf2lint lsp``: a language server on stdio (pygls 2), for any editor with an LSP client.

* Diagnostics on open, save and change. Lints run on a worker thread, never on the event loop,
  and a lint whose document has moved on is skipped or its result dropped. The worker process
  keeps each document's last parse and re-parses only what an edit touches (tf2lint.linting.incremental).
* The lints themselves run in a worker process (tf2lint.run.isolation): should libcst's native parser
  crash on a buffer, or a lint run out of memory or time, that document gets a ``parser-crash``,
  ``too-large`` or ``timeout`` diagnostic, the worker is replaced, and the server lives on.
* The buffer's text is linted, not the file on disk; ``[tool.tf2lint]`` comes from the nearest
  pyproject.toml above the document (re-read when it changes).
* A quick fix for each fixable finding, and ``source.fixAll.tf2lint`` (safe fixes, plus a second
  action that includes unsafe ones), made by the same verified fix path as ``tf2lint check --fix``
  (tf2lint.run.runner.lint_and_fix). Their edits are computed only when an action is chosen
  (``codeAction/resolve``): listing them costs nothing, and the worker stays free for diagnostics.
* Hover on a finding shows its rule's documentation (``tf2lint explain``).
* "Disable for this line": a quick fix adding ``# noqa: ID`` (as ``tf2lint check --add-noqa``).
* Jupyter notebooks (notebook document sync): the code cells are linted as one module, as
  ``tf2lint check`` does; diagnostics, quick fixes and hover are per cell.
* Positions are in the client's position encoding (UTF-16 code units unless it picks another), on
  lines split at ``\\n``, ``\\r\\n`` and ``\\r`` as the LSP (and Python's tokenizer) split them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import threading
import time
from bisect import bisect_right
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from tf2lint import __version__
from tf2lint.analysis.project import ModuleFacts, ModuleIdentity, ModuleSummary, second_pass
from tf2lint.base.config import ConfigError, extended_files, find_config, load_config
from tf2lint.linting.docs import explain
from tf2lint.linting.plugins import PluginError, all_rules, plugin_problems, rule_by_id
from tf2lint.linting.rule import (
    INTERNAL_ERROR,
    TOO_LARGE,
    Diagnostic,
    Rule,
    engine_diagnostic,
    suppressible,
)
from tf2lint.linting.selection import select_rules, unfixable_rules
from tf2lint.linting.suppress import add_noqa
from tf2lint.run.cache import Cache
from tf2lint.run.files import line_starts, relative_to_root
from tf2lint.run.isolation import Lost, Pool
from tf2lint.run.notebook import Notebook, notebook_from_cells, split_back, step_to_cell
from tf2lint.run.runner import (
    Settings,
    TextTask,
    cached_summary,
    diagnostic_key,
    project_files,
)
from tf2lint.run.watch import file_stamps
from tf2lint.server.lsp_transport import RobustProtocol, serve_stdio
from tf2lint.server.lsp_worker import worker_pool

log = logging.getLogger(__name__)

# Changes arriving within this long are linted once. None: diagnostics are due within 100 ms
# of a change, and a burst of changes is coalesced anyway (one worker thread; a lint whose
# document has moved on by the time it starts is skipped), at the cost of at most one lint in
# flight whose result is dropped. With the incremental parse an edit's lint is cheap enough.
DEBOUNCE_SECONDS = 0.0
# How often a file with no cached summary is looked up again (a read and a hash of the file).
RECHECK_SECONDS = 60.0
# How much nicer than the server the background build of a project's summaries runs: it may take
# a core for many seconds, and the edits linted meanwhile must not wait for it (2 cores: the
# server, its worker and the build).
BUILD_NICENESS = 10
SOURCE = "tf2lint"
FIX_ALL = "source.fixAll.tf2lint"
_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "info": types.DiagnosticSeverity.Information,
}


@dataclass
class Linted:
    """The last lint of a document version: what code actions and hover work from."""

    version: int | None
    text: str
    diagnostics: list[Diagnostic]
    settings: Settings | None
    path: str = ""
    rules: list[type[Rule]] = field(default_factory=list)
    published: list[types.Diagnostic] = field(default_factory=list)
    identity: ModuleIdentity | None = None  # as a module of its project, and what that says
    facts: ModuleFacts | None = None
    # the files of its project whose summaries were neither open nor cached (a fresh checkout)
    missing: tuple[Path, ...] = ()


# --- positions ----------------------------------------------------------------------------------


def _units(text: str, encoding: str) -> int:
    if text.isascii():  # one unit per character in every encoding (most lines of code)
        return len(text)
    if encoding == types.PositionEncodingKind.Utf8:
        return len(text.encode("utf-8"))
    if encoding == types.PositionEncodingKind.Utf32:
        return len(text)
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)  # UTF-16


def _from_units(line: str, units: int, encoding: str) -> int:
    """The code point index of a position given in the client's code units."""
    if encoding == types.PositionEncodingKind.Utf32:
        return min(units, len(line))
    count = 0
    for i, c in enumerate(line):
        if count >= units:
            return i
        count += _units(c, encoding)
    return len(line)


class _Positions:
    """Positions in a document whose lines end at ``\\n``, ``\\r\\n`` or ``\\r`` (the LSP's
    line ends, and Python's)."""

    def __init__(self, text: str, encoding: str) -> None:
        self.text = text
        self.starts = line_starts(text)
        self.encoding = encoding

    def line(self, row: int) -> str:
        """Line ``row`` (0-based) without its end."""
        start = self.starts[row]
        end = self.starts[row + 1] if row + 1 < len(self.starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    def position(self, line: int, column: int) -> types.Position:
        """1-based line and 1-based code point column -> an LSP position."""
        row = min(max(line - 1, 0), len(self.starts) - 1)
        return types.Position(row, _units(self.line(row)[: max(column - 1, 0)], self.encoding))

    def offset_position(self, offset: int) -> types.Position:
        row = bisect_right(self.starts, offset) - 1
        return types.Position(row, _units(self.text[self.starts[row] : offset], self.encoding))

    def to_column(self, position: types.Position) -> tuple[int, int]:
        """An LSP position -> 1-based line and 1-based code point column."""
        row = min(position.line, len(self.starts) - 1)
        return row + 1, _from_units(self.line(row), position.character, self.encoding) + 1


def _range(d: Diagnostic, positions: _Positions) -> types.Range:
    start = positions.position(d.line, d.column)
    end = positions.position(d.end_line, d.end_column)
    if (end.line, end.character) <= (start.line, start.character):  # an engine diagnostic: point
        text = positions.line(start.line)
        column = d.column if d.column <= len(text) else max(len(text), 1)
        start = positions.position(d.line, column)
        end = positions.position(d.line, column + 1) if text else start
    return types.Range(start, end)


@dataclass
class _Cells:
    """An open notebook's code cells, for evidence steps given in lines of their joined module."""

    where: list[tuple[int, int]]  # each module line's (cell number, line in the cell)
    uris: list[str]
    positions: list[_Positions]


def _related_information(
    d: Diagnostic, positions: _Positions, uri: str | None, cells: _Cells | None = None
) -> list[types.DiagnosticRelatedInformation] | None:
    """The finding's evidence (why its code is traced, where its value came from), each step
    located in the document ``uri`` (in a notebook, in its cell), or, for a step in another
    module, in that file."""
    if d.evidence is None or (uri is None and cells is None):
        return None
    found = []
    for step in d.evidence.steps():
        if not step.line:
            continue
        if step.path is None and cells is not None:
            step = step_to_cell(step, cells.where)
            if step.cell is None:
                continue
            start = cells.positions[step.cell - 1].position(step.line, step.column)
            location = types.Location(cells.uris[step.cell - 1], types.Range(start, start))
        elif step.path is None:
            start = positions.position(step.line, step.column)
            location = types.Location(uri=uri, range=types.Range(start, start))
        else:  # that file is not at hand: its line, and the column as characters
            start = types.Position(step.line - 1, max(step.column - 1, 0))
            location = types.Location(
                uri=Path(step.path).resolve().as_uri(), range=types.Range(start, start)
            )
        found.append(types.DiagnosticRelatedInformation(location, step.message))
    return found or None


def _contains(d: Diagnostic, line: int, column: int) -> bool:
    return (d.line, d.column) <= (line, column) <= (d.end_line, d.end_column)


# --- the server ---------------------------------------------------------------------------------


NOTEBOOK_SYNC = types.NotebookDocumentSyncOptions(
    notebook_selector=[
        types.NotebookDocumentFilterWithCells(
            notebook="jupyter-notebook", cells=[types.NotebookCellLanguage(language="python")]
        )
    ],
    save=True,
)


class Tf2lintServer(LanguageServer):
    def __init__(self, pool: Pool | None = None) -> None:
        super().__init__(
            "tf2lint",
            __version__,
            notebook_document_sync=NOTEBOOK_SYNC,
            protocol_cls=RobustProtocol,  # see tf2lint.server.lsp_transport
        )
        self.notebooks: dict[str, LintedNotebook] = {}  # notebook uri -> its last lint
        self.linted: dict[str, Linted] = {}
        self.latest: dict[str, int | None] = {}  # uri -> newest version (read by the worker)
        self.lock = threading.Lock()
        self.pending: dict[str, asyncio.Task] = {}
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tf2lint-lint")
        # The process the worker thread hands each lint and fix to (tf2lint.server.lsp_worker).
        self.pool = pool if pool is not None else worker_pool()
        self._configs: dict[Path | None, tuple[list[Path], dict, Settings]] = {}
        self._rules = None
        # The project around each document (tf2lint.analysis.project): the summaries of the files on
        # disk, as `tf2lint check` cached them, by path with the (mtime, size) they were read
        # at; and each open buffer's own summary, from its last lint.
        self._disk: dict[Path, tuple[tuple[int, int], ModuleSummary | None, float]] = {}
        self._buffers: dict[Path, ModuleSummary] = {}
        self._caches: dict[int, Cache] = {}  # by id() of the settings, which _configs keeps
        self._facts: dict[Path, tuple[tuple, ModuleFacts | None]] = {}  # the last project's
        # Projects whose summaries are being built, or were, in the background (by their
        # files), and the processes building them (killed at shutdown).
        self._building: set[tuple[Path, ...]] = set()
        self._missing: dict[Path, tuple[Path, ...]] = {}  # worker thread -> the lint's result
        self._builders: set[asyncio.subprocess.Process] = set()
        self._build_tasks: set[asyncio.Task] = set()

    def position_encoding(self) -> str:
        return self.workspace.position_encoding or "utf-16"

    def warm_up(self) -> None:
        """Start the worker process and have it load the engine and every rule, before the
        first document needs it (a spawned process imports everything afresh). Worker thread."""
        rules = list(self._rules or all_rules())
        self.pool.call(TextTask("", "<warm-up>", rules, Settings(rules=rules, root=Path.cwd())))

    # configuration ------------------------------------------------------------------------------
    def settings_for(self, uri: str) -> tuple[Settings | None, str]:
        """The settings for a document, or None and the configuration error."""
        path = to_fs_path(uri)
        start = Path(path).parent if path else Path.cwd()
        if not path and self.workspace.root_path:
            start = Path(self.workspace.root_path)
        try:
            config_path = find_config(start)
            cached = self._configs.get(config_path)
            if cached and cached[1] == file_stamps(cached[0]):
                value = cached[2]
            else:
                # The file and those its `extend` chain names: a change to any is a new config.
                files = extended_files(config_path) if config_path else []
                stamps = file_stamps(files)
                config = load_config(config_path)
                if self._rules is None:
                    self._rules = all_rules()
                rules = select_rules(
                    self._rules,
                    config.select,
                    config.ignore + config.extend_ignore,
                    config.target_tensorflow,
                    extend_select=config.extend_select,
                )
                value = Settings(
                    rules=rules,
                    root=config.root,
                    per_file_ignores=config.all_per_file_ignores(),
                    unfixable=unfixable_rules(
                        self._rules, config.fixable, config.unfixable, config.extend_fixable
                    ),
                    report_unused_suppressions=config.report_unused_suppressions,
                    max_file_size=config.max_file_size,
                    cache_dir=config.cache_dir,
                    preview=bool(config.preview),
                    keras_version=config.keras_version,
                )
                self._configs[config_path] = (files, stamps, value)
        except (ConfigError, PluginError, OSError) as error:
            return None, str(error)
        return value, ""

    # linting ------------------------------------------------------------------------------------
    def lint_text(self, uri: str, version: int | None, text: str) -> Linted:
        """Lint ``text`` (a document's, or a notebook's code cells joined) as the document
        ``uri``, in the worker process. Runs on the worker thread."""
        settings, error = self.settings_for(uri)
        if settings is None:
            d = Diagnostic(
                uri, 1, 1, 1, 1, "config-error", "config-error", "engine", "error", error
            )
            return Linted(version, text, [d], None)
        path = to_fs_path(uri) or uri
        rules = settings.rules_for(relative_to_root(Path(path), settings.root))
        linted = Linted(version, text, [], settings, path, rules)
        size = len(text.encode("utf-8", "surrogatepass"))
        if settings.max_file_size is not None and size > settings.max_file_size:
            message = f"the document is {size:,} bytes, more than max-file-size; not linted"
            linted.diagnostics = [engine_diagnostic(TOO_LARGE, path, message)]
            return linted
        file = Path(path)
        in_project = file.is_absolute() and file.suffix == ".py"
        placed = file in self._buffers  # the project has the buffer's summary, from a lint
        if in_project:
            linted.identity = ModuleIdentity.of(file)
            linted.facts = self.project_facts(settings, file)
        self._lint_in_worker(linted, settings)
        if in_project and not placed and not linted.facts and file in self._buffers:
            # A first lint, of a document the project may not have placed without its summary:
            # now it can. Lint again if that tells the document something.
            linted.facts = self.project_facts(settings, file)
            if linted.facts:
                self._lint_in_worker(linted, settings)
        if in_project:
            linted.missing = self._missing.pop(file, ())
        return linted

    def _lint_in_worker(self, linted: Linted, settings: Settings) -> None:
        task = TextTask(linted.text, linted.path, linted.rules, settings)
        task.identity, task.facts = linted.identity, linted.facts
        found = self.pool.call(task)
        plugins = [
            engine_diagnostic(INTERNAL_ERROR if p.error else PLUGIN_WARNING, linted.path, str(p))
            for p in plugin_problems()
        ]  # a plugin that failed or printed is shown, not silently missing
        if isinstance(found, Lost):  # the worker died or ran out of time: it has been replaced
            linted.diagnostics = [engine_diagnostic(found.kind, linted.path, found.message)]
            linted.diagnostics += plugins
            return
        linted.diagnostics = [
            *(d for d in found.diagnostics if settings.preview or not d.preview),
            *plugins,
        ]
        if found.summary is not None and linted.identity is not None:
            self._buffers[Path(linted.path)] = found.summary

    def project_facts(self, settings: Settings, path: Path) -> ModuleFacts | None:
        """What the rest of the document's project says about it: its top-level package (or,
        for a script, the folder's modules) as one program, from each open buffer's own
        summary and, for the other files, the summaries ``tf2lint check`` left in the cache.
        Files neither open nor cached as they are now are left out. Worker thread."""
        files = project_files(path)
        if not files:
            return None
        store = self._caches.get(id(settings))
        if store is None:
            store = self._caches[id(settings)] = Cache(settings.root, settings)
        cached = store.folder.is_dir()  # else no `tf2lint check` has run here: buffers only
        summaries: dict[int, ModuleSummary] = {}
        missing = []
        for index, file in enumerate(files):
            summary = self._buffers.get(file)
            if summary is None and cached:
                summary = self._on_disk(store, settings, file)
            if summary is not None:
                summaries[index] = summary
            elif file != path:
                missing.append(file)
        self._missing[path] = tuple(files) if missing else ()
        key = (tuple(files), tuple(summaries.items()))  # equal unless a module changed
        known = self._facts.get(path)
        if known is None or known[0] != key:
            shown = {i: str(file) for i, file in enumerate(files)}  # evidence names the file
            facts = second_pass(summaries, paths=shown).get(files.index(path))
            known = self._facts[path] = (key, facts)
        return known[1]

    def forget_buffer(self, uri: str) -> None:
        """A closed document: its project sees the file on disk again. Event loop."""
        path = to_fs_path(uri)
        if path:
            self._buffers.pop(Path(path), None)
            self._facts.pop(Path(path), None)

    def _on_disk(self, store: Cache, settings: Settings, path: Path) -> ModuleSummary | None:
        """The summary cached for ``path``, read again when the file changes (and, when none
        was cached, every minute: a `tf2lint check` may have run since)."""
        try:
            stat = path.stat()
        except OSError:
            return None
        stamp = (stat.st_mtime_ns, stat.st_size)
        now = time.monotonic()
        known = self._disk.get(path)
        if (
            known is None
            or known[0] != stamp
            or (known[1] is None and now - known[2] > RECHECK_SECONDS)
        ):
            known = self._disk[path] = (stamp, cached_summary(store, settings, path), now)
        return known[1]

    def _lint(self, uri: str, version: int | None, text: str) -> Linted | None:
        """Runs on the worker thread."""
        with self.lock:
            if self.latest.get(uri) != version:
                return None  # the buffer has changed since this lint was asked for: skip it
        return self.lint_text(uri, version, text)

    async def lint_now(self, uri: str) -> None:
        document = self.workspace.get_text_document(uri)
        version, text = document.version, document.source
        with self.lock:
            self.latest[uri] = version
        loop = asyncio.get_running_loop()
        linted = await loop.run_in_executor(self.worker, self._lint, uri, version, text)
        if linted is None or self.latest.get(uri) != version:
            return  # stale: a newer lint will publish
        positions = _Positions(text, self.position_encoding())
        linted.published = [
            self._lsp_diagnostic(i, d, positions, uri) for i, d in enumerate(linted.diagnostics)
        ]
        self.linted[uri] = linted
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=linted.published, version=version)
        )
        if linted.missing and linted.settings is not None:
            self.build_project(linted.missing, linted.settings)

    # the project's summaries, built in the background -----------------------------------------
    def build_project(self, files: tuple[Path, ...], settings: Settings) -> None:
        """Some files of a document's project have no summary yet (nothing has linted them: a
        fresh checkout): lint them as ``tf2lint check`` does, in a process of its own with one
        job, which fills the cache; then lint the open documents again. Once per project; the
        client sees it as progress and in its log. Event loop."""
        if files in self._building:
            return
        self._building.add(files)
        task = asyncio.get_running_loop().create_task(self._build(files, settings))
        self._build_tasks.add(task)  # kept until done: the loop holds tasks weakly
        task.add_done_callback(self._build_tasks.discard)

    async def _build(self, files: tuple[Path, ...], settings: Settings) -> None:
        folder = os.path.commonpath([str(f.parent) for f in files])
        self.window_log_message(
            types.LogMessageParams(
                type=types.MessageType.Info,
                message=f"tf2lint: findings that other modules make in {folder} wait for its "
                f"{len(files)} files' summaries, which are being built (tf2lint check)",
            )
        )
        token = f"tf2lint-project-{len(self._building)}"
        progress = await self._begin_progress(token, f"tf2lint: {len(files)} files of {folder}")
        try:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tf2lint", "check", "--exit-zero", "--silent",
                "--jobs", "1", *map(str, files),
                cwd=settings.root,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
            )  # fmt: skip
            run_below_server(process.pid)  # its workers, forked later, inherit it
            self._builders.add(process)
            try:
                await process.wait()
            finally:
                self._builders.discard(process)
        finally:
            if progress:
                self.work_done_progress.end(token, types.WorkDoneProgressEnd(message="done"))
        for file in files:
            self._disk.pop(file, None)  # read the new summaries from the cache
        self.window_log_message(
            types.LogMessageParams(
                type=types.MessageType.Info,
                message=f"tf2lint: the summaries of {folder} are built; linting again",
            )
        )
        for uri in list(self.linted):
            path = to_fs_path(uri)
            if path and Path(path) in files:
                self.schedule(uri, 0)

    async def _begin_progress(self, token: str, title: str) -> bool:
        """Show ``title`` as work-done progress, where the client supports it."""
        window = self.client_capabilities.window
        if window is None or not window.work_done_progress:
            return False
        try:
            await self.work_done_progress.create_async(token)
        except Exception:  # the client refused the token: the log message says it all
            return False
        self.work_done_progress.begin(token, types.WorkDoneProgressBegin(title=title))
        return True

    def stop_building(self) -> None:
        """At shutdown: no process outlives the server."""
        for process in self._builders:
            with contextlib.suppress(ProcessLookupError):
                process.kill()

    def schedule(self, uri: str, delay: float) -> None:
        document = self.workspace.get_text_document(uri)
        self._schedule(uri, document.version, lambda: self.lint_now(uri), delay)

    def notebook_of(self, uri: str) -> str | None:
        """The uri of the open notebook whose cell ``uri`` is, if it is one."""
        notebook = self.workspace.get_notebook_document(cell_uri=uri)
        return notebook.uri if notebook is not None else None

    def schedule_notebook(self, uri: str, delay: float) -> None:
        """As :meth:`schedule`, for a notebook: one lint of all its code cells."""
        notebook = self.workspace.get_notebook_document(notebook_uri=uri)
        version = notebook.version if notebook is not None else None
        self._schedule(uri, version, lambda: lint_notebook_now(self, uri), delay)

    def _schedule(
        self, uri: str, version: int | None, lint: Callable[[], Awaitable[None]], delay: float
    ) -> None:
        """Lint ``uri`` (a document or a notebook) after ``delay``, in place of any lint of it
        still pending; ``version`` is the one the result will be published for."""
        previous = self.pending.pop(uri, None)
        if previous is not None:
            previous.cancel()
        with self.lock:
            self.latest[uri] = version

        async def run() -> None:
            try:
                if delay:
                    await asyncio.sleep(delay)
                await lint()
            except asyncio.CancelledError:
                pass
            except Exception:  # never let one document's failure take the server down
                log.exception("linting %s failed", uri)
            finally:
                if self.pending.get(uri) is task:
                    del self.pending[uri]

        task = asyncio.get_running_loop().create_task(run())
        self.pending[uri] = task

    def _lsp_diagnostic(
        self,
        index: int,
        d: Diagnostic,
        positions: _Positions,
        uri: str | None = None,
        cells: _Cells | None = None,
    ) -> types.Diagnostic:
        message = d.message
        if d.fix:
            message += f" (fix, {d.fix.applicability}: {d.fix.description})"
        return types.Diagnostic(
            range=_range(d, positions),
            message=message,
            severity=_SEVERITY.get(d.severity, types.DiagnosticSeverity.Warning),
            code=d.rule,
            source=SOURCE,
            data={"index": index},
            related_information=_related_information(d, positions, uri, cells),
        )

    # fixes --------------------------------------------------------------------------------------
    def edit_for(self, uri: str, linted: Linted, new_text: str) -> types.WorkspaceEdit:
        """One minimal text edit turning the linted text into ``new_text``."""
        edit = _minimal_edit(linted.text, new_text, self.position_encoding())
        document = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=linted.version)
        return types.WorkspaceEdit(
            document_changes=[types.TextDocumentEdit(text_document=document, edits=[edit])]
        )

    def fixed_text(self, linted: Linted, which: str | tuple, unsafe: bool) -> str | None:
        """``linted.text`` with ``which`` fixed ("all", or one finding's diagnostic_key) by the
        verified fix path of ``tf2lint check --fix``; None if nothing could be fixed. Runs on
        the worker thread."""
        if linted.settings is None:
            return None
        settings = replace(linted.settings, fix=True, unsafe_fixes=unsafe)
        task = TextTask(linted.text, linted.path, linted.rules, settings, which)
        task.identity, task.facts = linted.identity, linted.facts
        found = self.pool.call(task)
        return found if isinstance(found, str) else None

    def supports_resolve(self) -> bool:
        """Whether the client asks for a code action's edit only once the action is chosen."""
        document = self.client_capabilities.text_document
        action = document.code_action if document else None
        support = action.resolve_support if action else None
        return bool(support and "edit" in support.properties)

    async def resolve(self, action: types.CodeAction) -> types.CodeAction:
        """Fill in ``action``'s edit from its ``data`` (see :func:`_action_data`); it stays
        without one if the document has changed since, or the fix cannot be made."""
        data: dict[str, Any] = action.data if isinstance(action.data, dict) else {}
        uri, kind, index = data.get("uri", ""), data.get("fix"), data.get("index", -1)
        unsafe = bool(data.get("unsafe"))
        loop = asyncio.get_running_loop()
        notebook_uri = data.get("notebook")
        if notebook_uri:  # a notebook cell: fixes work on the module of all code cells
            state = self.notebooks.get(notebook_uri)
            current = self.workspace.get_notebook_document(notebook_uri=notebook_uri)
            if state is None or current is None or state.version != data.get("version"):
                return action
            if state.version != current.version or uri not in state.findings:
                return action
            findings = state.findings[uri]
            encoding = self.position_encoding()
            if kind == "disable" and 0 <= index < len(findings):
                number = state.cell_uris.index(uri) + 1
                text = state.cell_texts[number - 1]
                new_text = _disable_edit(text, findings[index].cell)
                if new_text is not None:
                    document = types.OptionalVersionedTextDocumentIdentifier(
                        uri=uri, version=state.cell_versions[number - 1]
                    )
                    edit = _minimal_edit(text, new_text, encoding)
                    action.edit = types.WorkspaceEdit(
                        document_changes=[
                            types.TextDocumentEdit(text_document=document, edits=[edit])
                        ]
                    )
                return action
            if kind == "all":
                which: str | tuple = "all"
            elif 0 <= index < len(findings):
                which = diagnostic_key(findings[index].module)
            else:
                return action
            new_module = await loop.run_in_executor(
                self.worker, self.fixed_text, state.linted, which, unsafe
            )
            if new_module is not None and self.notebooks.get(notebook_uri) is state:
                action.edit = state.edit(new_module, encoding)
            return action
        linted = self.linted.get(uri)
        if linted is None or linted.version != data.get("version"):
            return action  # stale: the client asks again for the current text
        if kind == "disable":
            if 0 <= index < len(linted.diagnostics):
                new_text = _disable_edit(linted.text, linted.diagnostics[index])
                if new_text is not None:
                    action.edit = self.edit_for(uri, linted, new_text)
            return action
        if kind == "all":
            which = "all"
        elif 0 <= index < len(linted.diagnostics):
            which = diagnostic_key(linted.diagnostics[index])
        else:
            return action
        new_text = await loop.run_in_executor(self.worker, self.fixed_text, linted, which, unsafe)
        if new_text is not None and self.latest.get(uri) == linted.version:
            action.edit = self.edit_for(uri, linted, new_text)
        return action

    async def complete(self, actions: list[types.CodeAction]) -> list[types.CodeAction]:
        """``actions`` with their edits, for a client that cannot resolve them later; those
        that turn out to have none are dropped."""
        if self.supports_resolve():
            return actions
        resolved = [await self.resolve(a) for a in actions]
        return [a for a in resolved if a.edit is not None]


def _minimal_edit(old: str, new_text: str, encoding: str) -> types.TextEdit:
    """One text edit turning ``old`` into ``new_text``: what lies between their common prefix
    and common suffix."""
    prefix = 0
    limit = min(len(old), len(new_text))
    while prefix < limit and old[prefix] == new_text[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < limit - prefix
        and old[len(old) - 1 - suffix] == new_text[len(new_text) - 1 - suffix]
    ):
        suffix += 1
    positions = _Positions(old, encoding)
    return types.TextEdit(
        range=types.Range(
            positions.offset_position(prefix), positions.offset_position(len(old) - suffix)
        ),
        new_text=new_text[prefix : len(new_text) - suffix],
    )


def _action_data(
    uri: str, version: int | None, fix: str, index: int = -1, unsafe: bool = False, **extra: Any
) -> dict[str, Any]:
    """What :meth:`Tf2lintServer.resolve` needs to make an action's edit: the document and its
    version, which fix ("one", "all" or "disable") of which finding, and whether unsafe."""
    return {"uri": uri, "version": version, "fix": fix, "index": index, "unsafe": unsafe, **extra}


def _unsafe(d: Diagnostic) -> bool:
    return d.fix is not None and d.fix.applicability == "unsafe"


def _fix_title(d: Diagnostic) -> str:
    title = f"tf2lint: {d.fix.description[:1].upper()}{d.fix.description[1:]}"
    return title + (" (unsafe)" if _unsafe(d) else "")


def _fix_all_actions(diagnostics: list[Diagnostic], data: dict[str, Any]) -> list:
    """ "Fix all" when a safe fix is there; "(unsafe)", applying all of them, when an unsafe
    one is."""
    applicabilities = {d.fix.applicability for d in diagnostics if d.fix}
    return [
        types.CodeAction(title=title, kind=FIX_ALL, data={**data, "unsafe": unsafe})
        for unsafe, title in ((False, "Fix all tf2lint"), (True, "Fix all tf2lint (unsafe)"))
        if ("unsafe" if unsafe else "safe") in applicabilities
    ]


def _wants(only: list[str] | None, lazy: bool) -> tuple[bool, bool]:
    """Whether a code action request wants quick fixes, and "fix all". "Fix all" rewrites the
    whole document: a client that cannot resolve edits lazily gets it only when it asks for it
    by kind (on save, say), never with every lightbulb."""
    quickfix = not only or any(k.startswith("quickfix") for k in only)
    asked_fix_all = bool(only) and any(FIX_ALL.startswith(k) or k.startswith(FIX_ALL) for k in only)
    return quickfix, asked_fix_all or (lazy and not only)


def build_server(pool: Pool | None = None) -> Tf2lintServer:
    server = Tf2lintServer(pool)

    @server.feature(types.INITIALIZED)
    def initialized(ls: Tf2lintServer, params: types.InitializedParams) -> None:
        ls.worker.submit(ls.warm_up)

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: Tf2lintServer, params: None) -> None:
        ls.stop_building()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: Tf2lintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: Tf2lintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, DEBOUNCE_SECONDS)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: Tf2lintServer, params: types.DidSaveTextDocumentParams) -> None:
        uri = params.text_document.uri
        # Only an open document is linted (from its buffer): pygls would read any other from
        # disk, on the event loop (a FIFO blocks the server for good, /dev/zero fills memory).
        if uri in ls.workspace.text_documents:
            ls.schedule(uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: Tf2lintServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        task = ls.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        with ls.lock:
            ls.latest.pop(uri, None)
        ls.linted.pop(uri, None)
        ls.forget_buffer(uri)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll],
            resolve_provider=True,
        ),
    )
    async def code_action(
        ls: Tf2lintServer, params: types.CodeActionParams
    ) -> list[types.CodeAction] | None:
        uri = params.text_document.uri
        if ls.notebook_of(uri) is not None:
            return await notebook_code_actions(ls, params)
        linted = ls.linted.get(uri)
        if linted is None or linted.version != ls.latest.get(uri):
            return None  # no lint of the current text yet: offer nothing rather than stale edits
        wants_quickfix, wants_fix_all = _wants(params.context.only, ls.supports_resolve())
        actions: list[types.CodeAction] = []
        if wants_quickfix:
            for index, published in enumerate(linted.published):
                d = linted.diagnostics[index]
                if not _overlaps(published.range, params.range):
                    continue
                if d.fix:
                    actions.append(
                        types.CodeAction(
                            title=_fix_title(d),
                            kind=types.CodeActionKind.QuickFix,
                            diagnostics=[published],
                            is_preferred=d.fix.applicability == "safe",
                            data=_action_data(uri, linted.version, "one", index, _unsafe(d)),
                        )
                    )
                if suppressible(d):
                    actions.append(
                        types.CodeAction(
                            title=f"tf2lint: Disable {d.rule} for this line",
                            kind=types.CodeActionKind.QuickFix,
                            diagnostics=[published],
                            data=_action_data(uri, linted.version, "disable", index),
                        )
                    )
        if wants_fix_all:
            actions += _fix_all_actions(
                linted.diagnostics, _action_data(uri, linted.version, "all")
            )
        return await ls.complete(actions)

    @server.feature(types.CODE_ACTION_RESOLVE)
    async def code_action_resolve(ls: Tf2lintServer, action: types.CodeAction) -> types.CodeAction:
        return await ls.resolve(action)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: Tf2lintServer, params: types.HoverParams) -> types.Hover | None:
        if ls.notebook_of(params.text_document.uri) is not None:
            return notebook_hover(ls, params)
        linted = ls.linted.get(params.text_document.uri)
        if linted is None:
            return None
        positions = _Positions(linted.text, ls.position_encoding())
        line, column = positions.to_column(params.position)
        parts = []
        for d in linted.diagnostics:
            if not _contains(d, line, column):
                continue
            rule = rule_by_id(d.rule)
            text = explain(rule) if rule is not None else f"{d.rule}: {d.message}\n"
            if text not in parts:
                parts.append(text)
        if not parts:
            return None
        return types.Hover(
            contents=types.MarkupContent(
                kind=types.MarkupKind.Markdown, value="\n---\n".join(parts)
            )
        )

    register_notebook_features(server)
    return server


# --- "disable for this line" --------------------------------------------------------------------


def _disable_edit(text: str, d: Diagnostic) -> str | None:
    """``text`` with ``# noqa: RULE`` ending ``d``'s statement (``tf2lint check --add-noqa``)."""
    if not suppressible(d):
        return None
    new_text, changed = add_noqa(text, [(d.line, d.rule)])
    return new_text if changed else None


# --- notebooks -------------------------------------------------------------------------------------


@dataclass
class CellFinding:
    module: Diagnostic  # as linted, in the module of all code cells (what fixes work on)
    cell: Diagnostic  # the same, its lines counted in its cell
    published: types.Diagnostic


@dataclass
class LintedNotebook:
    """The last lint of an open notebook: its code cells joined into one module, as
    ``tf2lint check`` lints a notebook file."""

    version: int
    notebook: Notebook
    linted: Linted  # the module's lint
    cell_uris: list[str]  # by code cell number - 1
    cell_texts: list[str]
    cell_versions: list[int | None]
    findings: dict[str, list[CellFinding]] = field(default_factory=dict)  # cell uri -> findings

    def edit(self, new_module: str, encoding: str) -> types.WorkspaceEdit | None:
        """The edits of each cell that ``new_module`` (the fixed module) changes."""
        sources = split_back(self.notebook, self.linted.text, new_module)
        if sources is None:
            return None  # a fix touched an IPython line: offer nothing rather than break it
        changes = []
        for number, text in sorted(sources.items()):
            old = self.cell_texts[number - 1]
            if text != old:
                document = types.OptionalVersionedTextDocumentIdentifier(
                    uri=self.cell_uris[number - 1], version=self.cell_versions[number - 1]
                )
                edit = _minimal_edit(old, text, encoding)
                changes.append(types.TextDocumentEdit(text_document=document, edits=[edit]))
        return types.WorkspaceEdit(document_changes=changes) if changes else None


def _in_cell(d: Diagnostic, where: list[tuple[int, int]]) -> Diagnostic:
    """``d`` (a module finding) with its lines counted in the code cell it lies in."""
    if not where:
        return d
    cell, line = where[min(max(d.line, 1), len(where)) - 1]
    end_cell, end_line = where[min(max(d.end_line, 1), len(where)) - 1]
    if end_cell != cell:  # cannot happen for a statement; keep the range inside the cell
        end_line, end_column = line, d.column
    else:
        end_column = d.end_column
    return replace(d, line=line, end_line=end_line, end_column=end_column, cell=cell)


def _lint_cells(
    ls: Tf2lintServer, uri: str, version: int, texts: list[str]
) -> tuple[Linted, Notebook, list[tuple[int, int]]] | None:
    """Runs on the worker thread: lint the code cells ``texts`` of notebook ``uri``."""
    with ls.lock:
        if ls.latest.get(uri) != version:
            return None
    notebook = notebook_from_cells(texts)
    module, where = notebook.module()
    return ls.lint_text(uri, version, module), notebook, where


async def lint_notebook_now(ls: Tf2lintServer, uri: str) -> None:
    notebook = ls.workspace.get_notebook_document(notebook_uri=uri)
    if notebook is None:
        return
    documents = [
        ls.workspace.get_text_document(cell.document)
        for cell in notebook.cells
        if cell.kind == types.NotebookCellKind.Code
    ]
    documents = [d for d in documents if (d.language_id or "python") == "python"]
    texts = [d.source for d in documents]
    version = notebook.version
    with ls.lock:
        ls.latest[uri] = version
    loop = asyncio.get_running_loop()
    done = await loop.run_in_executor(ls.worker, _lint_cells, ls, uri, version, texts)
    if done is None or ls.latest.get(uri) != version:
        return  # stale: a newer lint will publish
    linted, nb, where = done
    state = LintedNotebook(
        version, nb, linted, [d.uri for d in documents], texts, [d.version for d in documents]
    )
    encoding = ls.position_encoding()
    by_cell: dict[int, list[Diagnostic]] = {}
    for d in linted.diagnostics:
        by_cell.setdefault(_in_cell(d, where).cell or 1, []).append(d)
    cells = _Cells(where, state.cell_uris, [_Positions(text, encoding) for text in texts])
    for number, cell_uri in enumerate(state.cell_uris, start=1):
        positions = cells.positions[number - 1]
        found = state.findings[cell_uri] = []
        for index, d in enumerate(by_cell.get(number, [])):
            local = _in_cell(d, where)
            published = ls._lsp_diagnostic(index, local, positions, cells=cells)
            found.append(CellFinding(d, local, published))
    previous = ls.notebooks.get(uri)
    ls.notebooks[uri] = state
    for cell_uri in set(previous.cell_uris if previous else ()) - set(state.cell_uris):
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=cell_uri, diagnostics=[])
        )
    for cell_uri, cell_version in zip(state.cell_uris, state.cell_versions, strict=True):
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=cell_uri,
                diagnostics=[f.published for f in state.findings[cell_uri]],
                version=cell_version,
            )
        )


async def notebook_code_actions(
    ls: Tf2lintServer, params: types.CodeActionParams
) -> list[types.CodeAction] | None:
    """Quick fixes, "disable for this line" and "fix all" in a notebook cell."""
    uri = params.text_document.uri
    notebook_uri = ls.notebook_of(uri) or ""
    state = ls.notebooks.get(notebook_uri)
    current = ls.workspace.get_notebook_document(notebook_uri=notebook_uri)
    if state is None or current is None or state.version != current.version:
        return None  # not linted as it is now: offer nothing rather than stale edits
    if uri not in state.findings:
        return None
    wants_quickfix, wants_fix_all = _wants(params.context.only, ls.supports_resolve())
    base = {"notebook": notebook_uri}
    actions: list[types.CodeAction] = []
    if wants_quickfix:
        for index, finding in enumerate(state.findings[uri]):
            if not _overlaps(finding.published.range, params.range):
                continue
            d = finding.module
            if d.fix:
                actions.append(
                    types.CodeAction(
                        title=_fix_title(d),
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[finding.published],
                        is_preferred=d.fix.applicability == "safe",
                        data=_action_data(uri, state.version, "one", index, _unsafe(d), **base),
                    )
                )
            if suppressible(d):
                actions.append(
                    types.CodeAction(
                        title=f"tf2lint: Disable {d.rule} for this line",
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[finding.published],
                        data=_action_data(uri, state.version, "disable", index, **base),
                    )
                )
    if wants_fix_all:
        data = _action_data(uri, state.version, "all", **base)
        actions += _fix_all_actions(state.linted.diagnostics, data)
    return await ls.complete(actions)


def notebook_hover(ls: Tf2lintServer, params: types.HoverParams) -> types.Hover | None:
    uri = params.text_document.uri
    state = ls.notebooks.get(ls.notebook_of(uri) or "")
    if state is None or uri not in state.findings:
        return None
    text = state.cell_texts[state.cell_uris.index(uri)]
    positions = _Positions(text, ls.position_encoding())
    line, column = positions.to_column(params.position)
    parts = []
    for finding in state.findings[uri]:
        if _contains(finding.cell, line, column):
            rule = rule_by_id(finding.cell.rule)
            part = (
                explain(rule)
                if rule is not None
                else f"{finding.cell.rule}: {finding.cell.message}\n"
            )
            if part not in parts:
                parts.append(part)
    if not parts:
        return None
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="\n---\n".join(parts))
    )


def register_notebook_features(server: Tf2lintServer) -> None:
    """Notebook document sync: lint on open, change (debounced) and save; clear on close."""

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def did_open_notebook(ls: Tf2lintServer, params: types.DidOpenNotebookDocumentParams) -> None:
        ls.schedule_notebook(params.notebook_document.uri, 0)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def did_change_notebook(
        ls: Tf2lintServer, params: types.DidChangeNotebookDocumentParams
    ) -> None:
        ls.schedule_notebook(params.notebook_document.uri, DEBOUNCE_SECONDS)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)
    def did_save_notebook(ls: Tf2lintServer, params: types.DidSaveNotebookDocumentParams) -> None:
        ls.schedule_notebook(params.notebook_document.uri, 0)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def did_close_notebook(ls: Tf2lintServer, params: types.DidCloseNotebookDocumentParams) -> None:
        uri = params.notebook_document.uri
        task = ls.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        with ls.lock:
            ls.latest.pop(uri, None)
        ls.notebooks.pop(uri, None)
        for cell in params.cell_text_documents:
            ls.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=cell.uri, diagnostics=[])
            )


def _overlaps(a: types.Range, b: types.Range) -> bool:
    return (a.start.line, a.start.character) <= (b.end.line, b.end.character) and (
        b.start.line,
        b.start.character,
    ) <= (a.end.line, a.end.character)


PLUGIN_WARNING = ("plugin-warning", "warning")


def serve(pool: Pool | None = None) -> int:
    """Serve on stdio; ``pool``: the worker, if started already (tf2lint.server.lsp_worker)."""
    # The protocol gets stdout to itself: anything else printing (a plugin, a library, even at
    # the file-descriptor level) goes to stderr, the editor's log.
    sys.stdout.flush()
    protocol = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    server = build_server(pool)
    try:
        serve_stdio(server, sys.stdin.buffer, protocol)
    finally:
        server.pool.close()
    return 0 if getattr(server.protocol, "_shutdown", False) else 1


def run_below_server(pid: int) -> None:
    """Give the process ``pid`` a lower CPU priority than this one (BUILD_NICENESS more, at
    most 19), where the system has priorities (not Windows) and allows it."""
    with contextlib.suppress(AttributeError, OSError):
        own = os.getpriority(os.PRIO_PROCESS, 0)
        os.setpriority(os.PRIO_PROCESS, pid, min(own + BUILD_NICENESS, 19))

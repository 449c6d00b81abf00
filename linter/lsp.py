"""``tf2lint lsp``: a language server on stdio (pygls 2), for any editor with an LSP client.

* Diagnostics on open, save and change. Changes are debounced; lints run on a worker thread, never
  on the event loop, and a lint whose document has moved on is skipped or its result dropped.
* The buffer's text is linted, not the file on disk; ``[tool.tf2lint]`` comes from the nearest
  pyproject.toml above the document (re-read when it changes).
* A quick fix for each fixable finding, and ``source.fixAll.tf2lint`` (safe fixes, plus a second
  action that includes unsafe ones).
* Hover on a finding shows its rule's documentation (``tf2lint explain``).
* "Disable for this line": a quick fix adding ``# noqa: ID`` (as ``tf2lint check --add-noqa``).
* Jupyter notebooks (notebook document sync): the code cells are linted as one module, as
  ``tf2lint check`` does; diagnostics, quick fixes and hover are per cell.
* Positions are in the client's position encoding (UTF-16 code units unless it picks another).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

import libcst as cst
from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from tf2lint import __version__
from tf2lint.config import ConfigError, find_config, load_config
from tf2lint.engine import lint_module
from tf2lint.files import relative_to_root
from tf2lint.fixes import apply, choose_fixes, parses
from tf2lint.notebook import Notebook, notebook_from_cells, split_back
from tf2lint.plugins import PluginError, all_rules, rule_by_id
from tf2lint.rule import ENGINE_CATEGORY, Diagnostic
from tf2lint.runner import Settings, collected_once, lint_and_fix
from tf2lint.selection import select_rules
from tf2lint.suppress import add_noqa

log = logging.getLogger(__name__)

# Changes arriving within this long are linted once. Kept short: diagnostics are due within
# 150 ms of a change, and a burst of changes is coalesced anyway (one worker thread; a lint
# whose document has moved on by the time it starts is skipped).
DEBOUNCE_SECONDS = 0.02
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
    module: cst.Module | None
    settings: Settings | None
    published: list[types.Diagnostic] = field(default_factory=list)


# --- positions ----------------------------------------------------------------------------------


def _units(text: str, encoding: str) -> int:
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
    def __init__(self, text: str, encoding: str) -> None:
        self.lines = text.split("\n")
        self.encoding = encoding

    def position(self, line: int, column: int) -> types.Position:
        """1-based line and 1-based code point column -> an LSP position."""
        row = min(max(line - 1, 0), len(self.lines) - 1)
        text = self.lines[row].rstrip("\r")
        return types.Position(row, _units(text[: max(column - 1, 0)], self.encoding))

    def offset_position(self, offset: int, text: str) -> types.Position:
        row = text.count("\n", 0, offset)
        start = text.rfind("\n", 0, offset) + 1
        return types.Position(row, _units(text[start:offset], self.encoding))

    def to_column(self, position: types.Position) -> tuple[int, int]:
        """An LSP position -> 1-based line and 1-based code point column."""
        row = min(position.line, len(self.lines) - 1)
        return row + 1, _from_units(self.lines[row], position.character, self.encoding) + 1


def _range(d: Diagnostic, positions: _Positions) -> types.Range:
    start = positions.position(d.line, d.column)
    end = positions.position(d.end_line, d.end_column)
    if (end.line, end.character) <= (start.line, start.character):  # an engine diagnostic: point
        text = positions.lines[start.line] if start.line < len(positions.lines) else ""
        column = d.column if d.column <= len(text) else max(len(text), 1)
        start = positions.position(d.line, column)
        end = positions.position(d.line, column + 1) if text else start
    return types.Range(start, end)


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
    def __init__(self) -> None:
        super().__init__("tf2lint", __version__, notebook_document_sync=NOTEBOOK_SYNC)
        self.notebooks: dict[str, LintedNotebook] = {}  # notebook uri -> its last lint
        self.linted: dict[str, Linted] = {}
        self.latest: dict[str, int | None] = {}  # uri -> newest version (read by the worker)
        self.lock = threading.Lock()
        self.pending: dict[str, asyncio.Task] = {}
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tf2lint-lint")
        self._configs: dict[Path | None, tuple[float, Settings | str]] = {}
        self._rules = None

    # configuration ------------------------------------------------------------------------------
    def settings_for(self, uri: str) -> tuple[Settings | None, str]:
        """The settings for a document, or None and the configuration error."""
        path = to_fs_path(uri)
        start = Path(path).parent if path else Path.cwd()
        if not path and self.workspace.root_path:
            start = Path(self.workspace.root_path)
        try:
            config_path = find_config(start)
            mtime = config_path.stat().st_mtime if config_path else 0.0
            cached = self._configs.get(config_path)
            if cached and cached[0] == mtime:
                value = cached[1]
            else:
                config = load_config(config_path)
                if self._rules is None:
                    self._rules = all_rules()
                rules = select_rules(
                    self._rules,
                    config.select,
                    config.ignore,
                    config.target_tensorflow,
                    extend_select=config.extend_select,
                )
                value = Settings(
                    rules=rules,
                    root=config.root,
                    per_file_ignores=config.per_file_ignores,
                    report_unused_suppressions=config.report_unused_suppressions,
                )
                self._configs[config_path] = (mtime, value)
        except (ConfigError, PluginError, OSError) as error:
            return None, str(error)
        return value, ""

    # linting ------------------------------------------------------------------------------------
    def _lint(self, uri: str, version: int | None, text: str) -> Linted | None:
        """Runs on the worker thread."""
        with self.lock:
            if self.latest.get(uri) != version:
                return None  # the buffer has changed since this lint was asked for: skip it
        settings, error = self.settings_for(uri)
        if settings is None:
            d = Diagnostic(
                uri, 1, 1, 1, 1, "config-error", "config-error", "engine", "error", error
            )
            return Linted(version, text, [d], None, None)
        path = to_fs_path(uri) or uri
        relative = relative_to_root(Path(path), settings.root)
        with collected_once():
            result = lint_module(
                text, path, settings.rules_for(relative), settings.report_unused_suppressions
            )
        return Linted(version, text, result.diagnostics, result.module, settings)

    async def lint_now(self, uri: str) -> None:
        document = self.workspace.get_text_document(uri)
        version, text = document.version, document.source
        with self.lock:
            self.latest[uri] = version
        loop = asyncio.get_running_loop()
        linted = await loop.run_in_executor(self.worker, self._lint, uri, version, text)
        if linted is None or self.latest.get(uri) != version:
            return  # stale: a newer lint will publish
        positions = _Positions(text, self.workspace.position_encoding or "utf-16")
        linted.published = [
            self._lsp_diagnostic(i, d, positions) for i, d in enumerate(linted.diagnostics)
        ]
        self.linted[uri] = linted
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=linted.published, version=version)
        )

    def schedule(self, uri: str, delay: float) -> None:
        previous = self.pending.pop(uri, None)
        if previous is not None:
            previous.cancel()
        document = self.workspace.get_text_document(uri)
        with self.lock:
            self.latest[uri] = document.version

        async def run() -> None:
            try:
                if delay:
                    await asyncio.sleep(delay)
                await self.lint_now(uri)
            except asyncio.CancelledError:
                pass
            except Exception:  # never let one document's failure take the server down
                log.exception("linting %s failed", uri)
            finally:
                if self.pending.get(uri) is task:
                    del self.pending[uri]

        task = asyncio.get_running_loop().create_task(run())
        self.pending[uri] = task

    def notebook_of(self, uri: str) -> str | None:
        """The uri of the open notebook whose cell ``uri`` is, if it is one."""
        notebook = self.workspace.get_notebook_document(cell_uri=uri)
        return notebook.uri if notebook is not None else None

    def schedule_notebook(self, uri: str, delay: float) -> None:
        """As :meth:`schedule`, for a notebook: one lint of all its code cells."""
        previous = self.pending.pop(uri, None)
        if previous is not None:
            previous.cancel()
        notebook = self.workspace.get_notebook_document(notebook_uri=uri)
        with self.lock:
            self.latest[uri] = notebook.version if notebook is not None else None

        async def run() -> None:
            try:
                if delay:
                    await asyncio.sleep(delay)
                await lint_notebook_now(self, uri)
            except asyncio.CancelledError:
                pass
            except Exception:  # never let one notebook's failure take the server down
                log.exception("linting %s failed", uri)
            finally:
                if self.pending.get(uri) is task:
                    del self.pending[uri]

        task = asyncio.get_running_loop().create_task(run())
        self.pending[uri] = task

    def _lsp_diagnostic(self, index: int, d: Diagnostic, positions: _Positions) -> types.Diagnostic:
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
        )

    # fixes --------------------------------------------------------------------------------------
    def edit_for(self, uri: str, linted: Linted, new_text: str) -> types.WorkspaceEdit:
        """One minimal text edit turning the linted text into ``new_text``."""
        edit = _minimal_edit(linted.text, new_text, self.workspace.position_encoding or "utf-16")
        document = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=linted.version)
        return types.WorkspaceEdit(
            document_changes=[types.TextDocumentEdit(text_document=document, edits=[edit])]
        )


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
            positions.offset_position(prefix, old),
            positions.offset_position(len(old) - suffix, old),
        ),
        new_text=new_text[prefix : len(new_text) - suffix],
    )


def _fix_one(linted: Linted, d: Diagnostic) -> str | None:
    if linted.module is None or not d.fix or not d.fix.edits:
        return None
    chosen = choose_fixes(linted.module, [d.fix])
    code = apply(linted.module, chosen) if chosen else None
    return code if code is not None and parses(code) else None


def _fix_all(linted: Linted, unsafe: bool) -> str | None:
    if linted.module is None or linted.settings is None:
        return None
    settings = Settings(
        rules=linted.settings.rules,
        root=linted.settings.root,
        per_file_ignores=linted.settings.per_file_ignores,
        fix=True,
        unsafe_fixes=unsafe,
    )
    text, _, fixed, _ = lint_and_fix(linted.text, "<buffer>", linted.settings.rules, settings)
    return text if fixed and text != linted.text else None


def build_server() -> Tf2lintServer:
    server = Tf2lintServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: Tf2lintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: Tf2lintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, DEBOUNCE_SECONDS)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: Tf2lintServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: Tf2lintServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        task = ls.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        with ls.lock:
            ls.latest.pop(uri, None)
        ls.linted.pop(uri, None)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll]
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
        only = params.context.only
        wants_quickfix = not only or any(k.startswith("quickfix") for k in only)
        wants_fix_all = not only or any(
            FIX_ALL.startswith(k) or k.startswith(FIX_ALL) for k in only
        )
        loop = asyncio.get_running_loop()
        actions: list[types.CodeAction] = []
        if wants_quickfix:
            for index, published in enumerate(linted.published):
                d = linted.diagnostics[index]
                if not (d.fix and d.fix.edits) or not _overlaps(published.range, params.range):
                    continue
                new_text = await loop.run_in_executor(ls.worker, _fix_one, linted, d)
                if new_text is None:
                    continue
                actions.append(
                    types.CodeAction(
                        title=f"tf2lint: {d.fix.description[:1].upper()}{d.fix.description[1:]}"
                        + (" (unsafe)" if d.fix.applicability == "unsafe" else ""),
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[published],
                        is_preferred=d.fix.applicability == "safe",
                        edit=ls.edit_for(uri, linted, new_text),
                    )
                )
            actions += disable_actions(ls, uri, linted, params.range)
        if wants_fix_all and any(d.fix and d.fix.edits for d in linted.diagnostics):
            for unsafe, title in ((False, "Fix all tf2lint"), (True, "Fix all tf2lint (unsafe)")):
                if unsafe and not any(
                    d.fix and d.fix.applicability == "unsafe" for d in linted.diagnostics
                ):
                    continue
                new_text = await loop.run_in_executor(ls.worker, _fix_all, linted, unsafe)
                if new_text is not None:
                    actions.append(
                        types.CodeAction(
                            title=title,
                            kind=FIX_ALL,
                            edit=ls.edit_for(uri, linted, new_text),
                        )
                    )
        return actions

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: Tf2lintServer, params: types.HoverParams) -> types.Hover | None:
        from tf2lint.docs import explain

        if ls.notebook_of(params.text_document.uri) is not None:
            return notebook_hover(ls, params)
        linted = ls.linted.get(params.text_document.uri)
        if linted is None:
            return None
        positions = _Positions(linted.text, ls.workspace.position_encoding or "utf-16")
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
    if d.category == ENGINE_CATEGORY:
        return None
    new_text, changed = add_noqa(text, [(d.line, d.rule)])
    return new_text if changed else None


def disable_actions(
    ls: Tf2lintServer, uri: str, linted: Linted, wanted: types.Range
) -> list[types.CodeAction]:
    """A "Disable RULE for this line" quick fix for each finding in ``wanted``."""
    actions = []
    for published, d in zip(linted.published, linted.diagnostics, strict=True):
        if not _overlaps(published.range, wanted):
            continue
        new_text = _disable_edit(linted.text, d)
        if new_text is not None:
            actions.append(
                types.CodeAction(
                    title=f"tf2lint: Disable {d.rule} for this line",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[published],
                    edit=ls.edit_for(uri, linted, new_text),
                )
            )
    return actions


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
    settings, error = ls.settings_for(uri)
    if settings is None:
        d = Diagnostic(uri, 1, 1, 1, 1, "config-error", "config-error", "engine", "error", error)
        return Linted(version, module, [d], None, None), notebook, where
    path = to_fs_path(uri) or uri
    with collected_once():
        result = lint_module(
            module,
            path,
            settings.rules_for(relative_to_root(Path(path), settings.root)),
            settings.report_unused_suppressions,
        )
    return Linted(version, module, result.diagnostics, result.module, settings), notebook, where


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
    encoding = ls.workspace.position_encoding or "utf-16"
    by_cell: dict[int, list[Diagnostic]] = {}
    for d in linted.diagnostics:
        by_cell.setdefault(_in_cell(d, where).cell or 1, []).append(d)
    for number, cell_uri in enumerate(state.cell_uris, start=1):
        positions = _Positions(texts[number - 1], encoding)
        found = state.findings[cell_uri] = []
        for index, d in enumerate(by_cell.get(number, [])):
            local = _in_cell(d, where)
            found.append(CellFinding(d, local, ls._lsp_diagnostic(index, local, positions)))
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
    notebook_uri = ls.notebook_of(uri)
    state = ls.notebooks.get(notebook_uri or "")
    current = ls.workspace.get_notebook_document(notebook_uri=notebook_uri or "")
    if state is None or current is None or state.version != current.version:
        return None  # not linted as it is now: offer nothing rather than stale edits
    if uri not in state.findings:
        return None
    encoding = ls.workspace.position_encoding or "utf-16"
    only = params.context.only
    loop = asyncio.get_running_loop()
    actions: list[types.CodeAction] = []
    if not only or any(k.startswith("quickfix") for k in only):
        number = state.cell_uris.index(uri) + 1
        for finding in state.findings[uri]:
            if not _overlaps(finding.published.range, params.range):
                continue
            d = finding.module
            if d.fix and d.fix.edits:
                new_module = await loop.run_in_executor(ls.worker, _fix_one, state.linted, d)
                edit = state.edit(new_module, encoding) if new_module else None
                if edit is not None:
                    actions.append(
                        types.CodeAction(
                            title=f"tf2lint: {d.fix.description[:1].upper()}{d.fix.description[1:]}"
                            + (" (unsafe)" if d.fix.applicability == "unsafe" else ""),
                            kind=types.CodeActionKind.QuickFix,
                            diagnostics=[finding.published],
                            is_preferred=d.fix.applicability == "safe",
                            edit=edit,
                        )
                    )
            new_text = _disable_edit(state.cell_texts[number - 1], finding.cell)
            if new_text is not None:
                document = types.OptionalVersionedTextDocumentIdentifier(
                    uri=uri, version=state.cell_versions[number - 1]
                )
                edit = _minimal_edit(state.cell_texts[number - 1], new_text, encoding)
                actions.append(
                    types.CodeAction(
                        title=f"tf2lint: Disable {d.rule} for this line",
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[finding.published],
                        edit=types.WorkspaceEdit(
                            document_changes=[
                                types.TextDocumentEdit(text_document=document, edits=[edit])
                            ]
                        ),
                    )
                )
    wants_fix_all = not only or any(FIX_ALL.startswith(k) or k.startswith(FIX_ALL) for k in only)
    diagnostics = state.linted.diagnostics
    if wants_fix_all and any(d.fix and d.fix.edits for d in diagnostics):
        for unsafe, title in ((False, "Fix all tf2lint"), (True, "Fix all tf2lint (unsafe)")):
            if unsafe and not any(d.fix and d.fix.applicability == "unsafe" for d in diagnostics):
                continue
            new_module = await loop.run_in_executor(ls.worker, _fix_all, state.linted, unsafe)
            edit = state.edit(new_module, encoding) if new_module else None
            if edit is not None:
                actions.append(types.CodeAction(title=title, kind=FIX_ALL, edit=edit))
    return actions


def notebook_hover(ls: Tf2lintServer, params: types.HoverParams) -> types.Hover | None:
    from tf2lint.docs import explain

    uri = params.text_document.uri
    state = ls.notebooks.get(ls.notebook_of(uri) or "")
    if state is None or uri not in state.findings:
        return None
    text = state.cell_texts[state.cell_uris.index(uri)]
    positions = _Positions(text, ls.workspace.position_encoding or "utf-16")
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


def serve() -> int:
    server = build_server()
    server.start_io()
    return 0 if getattr(server.protocol, "_shutdown", False) else 1

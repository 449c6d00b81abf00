"""The language server's notebook support (notebook document sync) and its "disable for this line"
quick fix, driven by pytest-lsp over stdio like tests/test_lsp.py."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

BAD = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"
SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "tf2lint", "lsp"])
CELLS = [
    "import tensorflow as tf\n%matplotlib inline",
    "@tf.function\ndef step(x):\n    print(x)\n    return x",
]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[tool.tf2lint]\n")
    return tmp_path


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient, folder: Path):
    result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(
                notebook_document=types.NotebookDocumentClientCapabilities(
                    synchronization=types.NotebookDocumentSyncClientCapabilities()
                )
            ),
            root_uri=folder.as_uri(),
        )
    )
    sync = result.capabilities.notebook_document_sync
    assert sync is not None and sync.notebook_selector[0].notebook == "jupyter-notebook"
    yield
    await lsp_client.shutdown_session()


async def _diagnostics(client: LanguageClient, uri: str, check, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while True:
        found = client.diagnostics.get(uri)
        if found is not None and check(found):
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"diagnostics for {uri}: {found}")
        await asyncio.sleep(0.02)


def _cell_uri(notebook: Path, index: int) -> str:
    return f"vscode-notebook-cell:{notebook.as_posix()}#cell{index}"


def _open_notebook(client: LanguageClient, notebook: Path, cells: list[str]) -> list[str]:
    uris = [_cell_uri(notebook, i) for i in range(len(cells))]
    markdown = _cell_uri(notebook, 99)
    client.notebook_document_did_open(
        types.DidOpenNotebookDocumentParams(
            notebook_document=types.NotebookDocument(
                uri=notebook.as_uri(),
                notebook_type="jupyter-notebook",
                version=1,
                cells=[
                    types.NotebookCell(kind=types.NotebookCellKind.Markup, document=markdown),
                    *(
                        types.NotebookCell(kind=types.NotebookCellKind.Code, document=u)
                        for u in uris
                    ),
                ],
            ),
            cell_text_documents=[
                types.TextDocumentItem(uri=markdown, language_id="markdown", version=1, text="# T"),
                *(
                    types.TextDocumentItem(uri=u, language_id="python", version=1, text=t)
                    for u, t in zip(uris, cells, strict=True)
                ),
            ],
        )
    )
    return uris


def _apply(text: str, edits: list[types.TextEdit]) -> str:
    lines = text.split("\n")

    def offset(p: types.Position) -> int:
        return sum(len(s) + 1 for s in lines[: p.line]) + p.character

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character))[::-1]:
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


async def _actions(client: LanguageClient, uri: str, d: types.Diagnostic, only=None):
    return await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=d.range,
            context=types.CodeActionContext(diagnostics=[d], only=only),
        )
    )


@pytest.mark.asyncio
async def test_notebook_cells_get_diagnostics_in_their_own_lines(client, folder):
    first, second = _open_notebook(client, folder / "nb.ipynb", CELLS)
    (d,) = await _diagnostics(client, second, lambda ds: len(ds) == 1)
    assert d.code == "TF201"
    # line 3 of the second cell (0-based 2): the import in the first cell counts, the magic
    # line is skipped
    assert d.range == types.Range(types.Position(2, 4), types.Position(2, 12))
    assert first in client.diagnostics and not client.diagnostics[first]  # published, empty


@pytest.mark.asyncio
async def test_notebook_evidence_points_into_the_cells_it_names(client, folder):
    """A print in a helper of one cell, traced from a `tf.function` of a later cell: the
    finding's related information names each step's own cell and line there."""
    cells = [
        "import tensorflow as tf\n\ndef log(x):\n    print(x)\n    return x",
        "x = 1\n\n@tf.function\ndef step(x):\n    return log(x)",
    ]
    first, second = _open_notebook(client, folder / "nb.ipynb", cells)
    (d,) = await _diagnostics(client, first, lambda ds: len(ds) == 1)
    assert (d.code, d.range.start.line) == ("TF201", 3)
    where = [(r.location.uri, r.location.range.start.line) for r in d.related_information]
    # `log` is called from traced `step` (its def, cell 1 line 2); `step` is decorated (cell 2,
    # 0-based line 3)
    assert where == [(first, 2), (second, 3)]


@pytest.mark.asyncio
async def test_notebook_quick_fix_edits_only_the_cell_it_fixes(client, folder):
    _, second = _open_notebook(client, folder / "nb.ipynb", CELLS)
    (d,) = await _diagnostics(client, second, lambda ds: len(ds) == 1)
    actions = await _actions(client, second, d)
    fix = next(a for a in actions if a.title == "tf2lint: Replace with `tf.print` (unsafe)")
    (change,) = fix.edit.document_changes
    assert change.text_document.uri == second and change.text_document.version == 1
    assert _apply(CELLS[1], change.edits) == CELLS[1].replace("print(", "tf.print(")
    # This client cannot resolve actions: "fix all" comes when it asks for it by kind.
    assert not [a for a in actions if a.kind == "source.fixAll.tf2lint"]
    fix_all = next(
        a
        for a in await _actions(client, second, d, only=["source.fixAll"])
        if a.title == "Fix all tf2lint (unsafe)"
    )
    assert [c.text_document.uri for c in fix_all.edit.document_changes] == [second]

    # The client applies it: the finding is gone.
    client.notebook_document_did_change(
        types.DidChangeNotebookDocumentParams(
            notebook_document=types.VersionedNotebookDocumentIdentifier(
                uri=(folder / "nb.ipynb").as_uri(), version=2
            ),
            change=types.NotebookDocumentChangeEvent(
                cells=types.NotebookDocumentCellChanges(
                    text_content=[
                        types.NotebookDocumentCellContentChanges(
                            document=types.VersionedTextDocumentIdentifier(uri=second, version=2),
                            changes=[
                                types.TextDocumentContentChangeWholeDocument(
                                    text=_apply(CELLS[1], change.edits)
                                )
                            ],
                        )
                    ]
                )
            ),
        )
    )
    await _diagnostics(client, second, lambda ds: not ds)


@pytest.mark.asyncio
async def test_notebook_disable_for_this_line_and_hover(client, folder):
    _, second = _open_notebook(client, folder / "nb.ipynb", CELLS)
    (d,) = await _diagnostics(client, second, lambda ds: len(ds) == 1)
    actions = await _actions(client, second, d, only=[types.CodeActionKind.QuickFix])
    disable = next(a for a in actions if a.title == "tf2lint: Disable TF201 for this line")
    (change,) = disable.edit.document_changes
    assert _apply(CELLS[1], change.edits) == CELLS[1].replace("print(x)", "print(x)  # noqa: TF201")
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=second), position=d.range.start
        )
    )
    assert hover.contents.value.startswith("TF201 print-in-traced-code")


@pytest.mark.asyncio
async def test_closing_a_notebook_clears_its_cells(client, folder):
    uris = _open_notebook(client, folder / "nb.ipynb", CELLS)
    await _diagnostics(client, uris[1], lambda ds: len(ds) == 1)
    client.notebook_document_did_close(
        types.DidCloseNotebookDocumentParams(
            notebook_document=types.NotebookDocumentIdentifier(uri=(folder / "nb.ipynb").as_uri()),
            cell_text_documents=[types.TextDocumentIdentifier(uri=u) for u in uris],
        )
    )
    await _diagnostics(client, uris[1], lambda ds: not ds)


@pytest.mark.asyncio
async def test_disable_for_this_line_ends_the_statement_with_noqa(client, folder):
    text = BAD.replace("    print(x)", "    print(\n        x\n    )")
    uri = (folder / "train.py").as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="python", version=1, text=text
            )
        )
    )
    (d,) = await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    actions = await _actions(client, uri, d)
    disable = next(a for a in actions if a.title == "tf2lint: Disable TF201 for this line")
    (change,) = disable.edit.document_changes
    fixed = _apply(text, change.edits)
    assert fixed == text.replace("        x\n    )", "        x\n    )  # noqa: TF201")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    await _diagnostics(client, uri, lambda ds: not ds)


def test_lsp_without_pygls_prints_an_install_hint_not_a_traceback(tmp_path):
    # A stand-in for an environment without the `lsp` extra: pygls cannot be imported.
    (tmp_path / "sitecustomize.py").write_text(
        "import sys\nsys.modules['pygls'] = None\nsys.modules['lsprotocol'] = None\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "tf2lint", "lsp"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert 'pip install "pygls>=2,<3"' in done.stderr


@pytest.mark.asyncio
async def test_the_server_reads_the_new_config_keys(client, folder):
    (folder / "pyproject.toml").write_text(
        '[tool.tf2lint]\nextend-select = ["tf906"]\nreport-unused-suppressions = true\n'
    )
    text = (
        "import tensorflow as tf\n\nclass Net(tf.keras.layers.Layer):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.drop = tf.keras.layers.Dropout(0.5)\n\n"
        "    def call(self, x):\n        return self.drop(x)\n\n"
        "y = 1  # tf2lint: disable=TF999\n"
    )
    uri = (folder / "net.py").as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="python", version=1, text=text
            )
        )
    )
    found = await _diagnostics(client, uri, lambda ds: len(ds) == 2)
    assert sorted(d.code for d in found) == ["TF000", "TF906"]

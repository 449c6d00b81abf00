"""The language server, end to end: pytest-lsp drives a real ``tf2lint lsp`` process over stdio."""

from __future__ import annotations

import asyncio
import json
import os
import re
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


def _capabilities(*encodings: str, resolve: bool = True) -> types.ClientCapabilities:
    return types.ClientCapabilities(
        general=types.GeneralClientCapabilities(position_encodings=list(encodings) or None),
        text_document=types.TextDocumentClientCapabilities(
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True),
            code_action=types.CodeActionClientCapabilities(
                code_action_literal_support=types.ClientCodeActionLiteralOptions(
                    code_action_kind=types.ClientCodeActionKindOptions(
                        value_set=[types.CodeActionKind.QuickFix, types.CodeActionKind.Source]
                    )
                ),
                data_support=True,
                resolve_support=(
                    types.ClientCodeActionResolveOptions(properties=["edit"]) if resolve else None
                ),
            ),
        ),
    )


async def _start(
    client: LanguageClient, folder: Path, *encodings: str, resolve: bool = True
) -> types.InitializeResult:
    return await client.initialize_session(
        types.InitializeParams(
            capabilities=_capabilities(*encodings, resolve=resolve),
            root_uri=folder.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=folder.as_uri(), name="project")],
        )
    )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[tool.tf2lint]\n")
    return tmp_path


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient, folder: Path):
    await _start(lsp_client, folder)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=SERVER)
async def eager_client(lsp_client: LanguageClient, folder: Path):
    """A client that cannot resolve code actions: it needs each action's edit at once."""
    await _start(lsp_client, folder, resolve=False)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=SERVER)
async def utf8_client(lsp_client: LanguageClient, folder: Path):
    result = await _start(lsp_client, folder, types.PositionEncodingKind.Utf8)
    assert result.capabilities.position_encoding == types.PositionEncodingKind.Utf8
    yield
    await lsp_client.shutdown_session()


async def _diagnostics(client: LanguageClient, uri: str, check, timeout: float = 20.0):
    """Wait until the diagnostics published for ``uri`` satisfy ``check``."""
    deadline = time.monotonic() + timeout
    while True:
        found = client.diagnostics.get(uri)
        if found is not None and check(found):
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"diagnostics for {uri}: {found}")
        await asyncio.sleep(0.02)


def _open(client: LanguageClient, uri: str, text: str, version: int = 1) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="python", version=version, text=text
            )
        )
    )


def _change(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def _apply(text: str, edits: list[types.TextEdit]) -> str:
    """Apply LSP edits (UTF-16 positions) to ``text``."""
    lines = text.split("\n")

    def offset(p: types.Position) -> int:
        line = lines[p.line]
        units, index = 0, 0
        while units < p.character:
            units += 2 if ord(line[index]) > 0xFFFF else 1
            index += 1
        return sum(len(s) + 1 for s in lines[: p.line]) + index

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character))[::-1]:
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


@pytest.mark.asyncio
async def test_open_reports_the_unsaved_buffer_not_the_file_on_disk(client, folder):
    path = folder / "train.py"
    path.write_text("x = 1\n")  # the buffer differs from the disk: the buffer wins
    uri = path.as_uri()
    _open(client, uri, BAD)
    (d,) = await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    assert d.code == "TF201" and d.source == "tf2lint"
    assert d.severity == types.DiagnosticSeverity.Warning
    assert d.range == types.Range(types.Position(4, 4), types.Position(4, 12))
    assert "`print` in traced `step`" in d.message


async def _actions(client: LanguageClient, uri: str, d: types.Diagnostic, only=None):
    return await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=d.range,
            context=types.CodeActionContext(diagnostics=[d], only=only),
        )
    )


def _edited(text: str, action: types.CodeAction, uri: str, version: int = 1) -> str:
    (change,) = action.edit.document_changes
    assert change.text_document.uri == uri and change.text_document.version == version
    return _apply(text, change.edits)


@pytest.mark.asyncio
async def test_code_action_fixes_the_finding(client, folder):
    uri = (folder / "train.py").as_uri()
    _open(client, uri, BAD)
    (d,) = await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    actions = await _actions(client, uri, d)
    # Listed without their edits: those are made when an action is chosen.
    assert all(a.edit is None for a in actions)
    quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    (action,) = [a for a in quick if not a.title.startswith("tf2lint: Disable")]
    assert action.title == "tf2lint: Replace with `tf.print` (unsafe)"
    fixed = _edited(BAD, await client.code_action_resolve_async(action), uri)
    assert fixed == BAD.replace("    print(x)", "    tf.print(x)")
    fix_all = [a for a in actions if a.kind == "source.fixAll.tf2lint"]
    assert [a.title for a in fix_all] == ["Fix all tf2lint (unsafe)"]  # no safe fix here
    assert _edited(BAD, await client.code_action_resolve_async(fix_all[0]), uri) == fixed

    # The client applies the edit: the server lints the new text, and the finding is gone.
    _change(client, uri, fixed, 2)
    await _diagnostics(client, uri, lambda ds: not ds)


@pytest.mark.asyncio
async def test_a_stale_action_resolves_to_no_edit(client, folder):
    uri = (folder / "train.py").as_uri()
    _open(client, uri, BAD)
    (d,) = await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    (action, *_) = await _actions(client, uri, d, only=["quickfix"])
    _change(client, uri, "\n" + BAD, 2)  # the document moves on before the action is chosen
    await _diagnostics(client, uri, lambda ds: ds and ds[0].range.start.line == 5)
    assert (await client.code_action_resolve_async(action)).edit is None


@pytest.mark.asyncio
async def test_a_client_without_resolve_gets_complete_quick_fixes_and_fix_all_on_request(
    eager_client, folder
):
    uri = (folder / "train.py").as_uri()
    _open(eager_client, uri, BAD)
    (d,) = await _diagnostics(eager_client, uri, lambda ds: len(ds) == 1)
    actions = await _actions(eager_client, uri, d)
    # Every lightbulb would otherwise rewrite the whole document: "fix all" only when asked.
    assert {a.kind for a in actions} == {types.CodeActionKind.QuickFix}
    fixed = BAD.replace("    print(x)", "    tf.print(x)")
    fix = next(a for a in actions if a.title.startswith("tf2lint: Replace"))
    assert _edited(BAD, fix, uri) == fixed
    (fix_all,) = await _actions(eager_client, uri, d, only=["source.fixAll"])
    assert fix_all.title == "Fix all tf2lint (unsafe)" and _edited(BAD, fix_all, uri) == fixed


@pytest.mark.asyncio
async def test_listing_code_actions_on_a_big_file_computes_no_fix(client, folder):
    """Listing computes no fix: the worker stays free for the next diagnostics."""
    body = "".join(
        f"\n\n@tf.function\ndef step_{i}(x):\n    y = tf.to_float(x)\n    print(y)\n    return y\n"
        for i in range(300)
    )
    text = "import tensorflow as tf\n" + body
    uri = (folder / "big.py").as_uri()
    _open(client, uri, text)
    found = await _diagnostics(client, uri, lambda ds: len(ds) == 600, timeout=60)
    for d in found[:20]:  # a cursor moving over the findings
        actions = await _actions(client, uri, d)
        assert {a.title for a in actions} >= {"Fix all tf2lint", "Fix all tf2lint (unsafe)"}
        assert all(a.edit is None for a in actions)  # no fix computed until one is chosen
    again = "\n\n@tf.function\ndef again(x):\n    y = tf.to_float(x)\n    print(y)\n    return y\n"
    _change(client, uri, text + again, 2)
    await _diagnostics(client, uri, lambda ds: len(ds) == 602, timeout=60)


@pytest.mark.asyncio
async def test_change_updates_the_diagnostics(client, folder):
    uri = (folder / "train.py").as_uri()
    _open(client, uri, "import tensorflow as tf\n")
    await _diagnostics(client, uri, lambda ds: not ds)
    _change(client, uri, BAD, 2)
    (d,) = await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    assert d.range.start.line == 4
    _change(client, uri, "\n\n" + BAD, 3)
    (d,) = await _diagnostics(client, uri, lambda ds: ds and ds[0].range.start.line == 6)


@pytest.mark.asyncio
async def test_rapid_changes_settle_on_the_last_version(client, folder):
    uri = (folder / "train.py").as_uri()
    _open(client, uri, BAD)
    await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    for version in range(2, 30):  # typing: only the newest text matters
        _change(client, uri, BAD + "\n" * version, version)
    _change(client, uri, "x = 1\n", 30)
    await _diagnostics(client, uri, lambda ds: not ds)
    await asyncio.sleep(0.5)
    assert not client.diagnostics[uri]  # no stale version published afterwards


@pytest.mark.asyncio
async def test_syntax_error_is_still_a_diagnostic(client, folder):
    uri = (folder / "broken.py").as_uri()
    _open(client, uri, "import tensorflow as tf\ndef f(:\n    pass\n")
    (d,) = await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    assert d.code == "syntax-error" and d.severity == types.DiagnosticSeverity.Error
    assert d.range.start.line == 1
    assert d.range.end != d.range.start  # something to underline


@pytest.mark.asyncio
async def test_hover_on_a_finding_explains_the_rule(client, folder):
    uri = (folder / "train.py").as_uri()
    _open(client, uri, BAD)
    await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(4, 6)
        )
    )
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert hover.contents.value.startswith("TF201 print-in-traced-code")
    assert "## Why is this bad?" in hover.contents.value
    nothing = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(0, 1)
        )
    )
    assert nothing is None


@pytest.mark.asyncio
async def test_configuration_comes_from_the_workspace_pyproject(client, folder):
    (folder / "pyproject.toml").write_text('[tool.tf2lint]\nignore = ["TF201"]\n')
    uri = (folder / "train.py").as_uri()
    _open(client, uri, BAD + "\n@tf.function\ndef g(x):\n    v = tf.Variable(1.0)\n    return v\n")
    (d,) = await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    assert d.code == "TF401"


@pytest.mark.asyncio
async def test_the_nearest_configuration_with_extend_and_the_cli_keys(client, folder):
    """As the command line reads it: sub/tf2lint.toml extends the root's, extend-ignore and
    unfixable apply (the finding is there, with no fix offered)."""
    (folder / "pyproject.toml").write_text('[tool.tf2lint]\nextend-ignore = ["TF401"]\n')
    (folder / "sub").mkdir()
    (folder / "sub" / "tf2lint.toml").write_text(
        'extend = "../pyproject.toml"\nunfixable = ["TF201"]\n'
    )
    uri = (folder / "sub" / "train.py").as_uri()
    _open(client, uri, BAD + "\n@tf.function\ndef g(x):\n    v = tf.Variable(1.0)\n    return v\n")
    (d,) = await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    assert d.code == "TF201"
    titles = [a.title for a in await _actions(client, uri, d, only=["quickfix"]) or []]
    assert not any(t.startswith("tf2lint: Replace with") for t in titles), titles
    (folder / "sub" / "tf2lint.toml").write_text('extend = "../pyproject.toml"\n')
    _open(client, (folder / "sub" / "other.py").as_uri(), BAD)
    other = (folder / "sub" / "other.py").as_uri()
    (d,) = await _diagnostics(client, other, lambda ds: len(ds) == 1)
    titles = [a.title for a in await _actions(client, other, d, only=["quickfix"]) or []]
    assert any(t.startswith("tf2lint: Replace with") for t in titles), titles


EMOJI = (
    "import tensorflow as tf\n\n@tf.function\ndef step(x):\n"
    '    s = "🙂🙂 数据"; print(s, x)\n    return x\n'
)


@pytest.mark.asyncio
async def test_utf16_positions_after_emoji_and_cjk(client, folder):
    uri = (folder / "emoji.py").as_uri()
    _open(client, uri, EMOJI)
    (d,) = await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    line = EMOJI.splitlines()[4]
    start = line.index("print")  # code points
    # Two emoji are two UTF-16 code units each; the CJK characters are one each.
    assert d.range.start == types.Position(4, start + 2)
    assert d.range.end == types.Position(4, start + 2 + len("print(s, x)"))
    actions = await _actions(client, uri, d, only=["quickfix"])
    action = await client.code_action_resolve_async(actions[0])
    assert _edited(EMOJI, action, uri) == EMOJI.replace("; print(", "; tf.print(")


CR_ONLY = "import tensorflow as tf\r\r@tf.function\rdef step(x):\r    y = 1 \x0c+ 2\r    print(x)\r"


@pytest.mark.asyncio
async def test_lines_end_at_cr_alone_and_nowhere_else(client, folder):
    """The LSP's line ends are Python's: \\n, \\r\\n and \\r; a form feed ends no line."""
    uri = (folder / "cr.py").as_uri()
    _open(client, uri, CR_ONLY)
    (d,) = await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    assert d.range == types.Range(types.Position(5, 4), types.Position(5, 12))
    actions = await _actions(client, uri, d, only=["quickfix"])
    action = next(a for a in actions if a.title.startswith("tf2lint: Replace"))
    fixed = CR_ONLY.replace("    print(x)", "    tf.print(x)")
    edit = (await client.code_action_resolve_async(action)).edit.document_changes[0].edits[0]
    assert edit.range.start == types.Position(5, 4) and edit.new_text == "tf."
    assert _apply_cr(CR_ONLY, edit) == fixed


def _apply_cr(text: str, edit: types.TextEdit) -> str:
    """Apply one edit to a document whose lines end in a lone \\r (ASCII text)."""
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\r"]
    start = starts[edit.range.start.line] + edit.range.start.character
    end = starts[edit.range.end.line] + edit.range.end.character
    return text[:start] + edit.new_text + text[end:]


@pytest.mark.asyncio
async def test_utf8_positions_when_the_client_asks_for_them(utf8_client, folder):
    uri = (folder / "emoji.py").as_uri()
    _open(utf8_client, uri, EMOJI)
    (d,) = await _diagnostics(utf8_client, uri, lambda ds: len(ds) == 1)
    line = EMOJI.splitlines()[4]
    prefix = line[: line.index("print")]
    assert d.range.start == types.Position(4, len(prefix.encode("utf-8")))


@pytest.mark.asyncio
async def test_big_file_latency_and_typing_is_not_blocked(client, folder):
    body = "".join(
        f"\n\n@tf.function\ndef step_{i}(x):\n    y = x * {i}\n    print(y)\n    return y + 1\n"
        for i in range(286)
    )
    text = "import tensorflow as tf\n" + body
    assert len(text.splitlines()) >= 2000
    uri = (folder / "big.py").as_uri()
    started = time.monotonic()
    _open(client, uri, text)
    await _diagnostics(client, uri, lambda ds: len(ds) == 286, timeout=60)
    latency = time.monotonic() - started
    print(f"\nLSP: {len(text.splitlines())}-line file, 286 findings, diagnostics in {latency:.2f}s")
    assert latency < 15

    # While the big file is being re-linted, requests for another document are answered.
    small = (folder / "small.py").as_uri()
    _open(client, small, BAD)
    await _diagnostics(client, small, lambda ds: len(ds) == 1)
    _change(client, uri, text + "\n", 2)
    await asyncio.sleep(0.2)  # past the debounce: the lint is running
    asked = time.monotonic()
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=small), position=types.Position(4, 6)
        )
    )
    answered = time.monotonic() - asked
    print(f"LSP: hover answered in {answered * 1000:.0f} ms during a re-lint")
    assert hover is not None and answered < latency


@pytest.mark.asyncio
async def test_close_clears_diagnostics(client, folder):
    uri = (folder / "train.py").as_uri()
    _open(client, uri, BAD)
    await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    await _diagnostics(client, uri, lambda ds: not ds)


def _frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return f"Content-Length: {len(body)}\r\n\r\n".encode() + body


def test_shutdown_then_exit_ends_the_process_with_status_zero(folder):
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    done = subprocess.run(
        [sys.executable, "-m", "tf2lint", "lsp"],
        input=b"".join(_frame(m) for m in messages),
        capture_output=True,
        cwd=folder,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert b'"id": 2' in done.stdout and b'"result": null' in done.stdout


def test_a_request_after_shutdown_is_answered_invalid_request(folder):
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "id": 3, "method": "textDocument/codeAction", "params": {}},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    done = subprocess.run(
        [sys.executable, "-m", "tf2lint", "lsp"],
        input=b"".join(_frame(m) for m in messages),
        capture_output=True,
        cwd=folder,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    headers = rb"Content-Length: \d+\r\n(?:[^\r\n]+\r\n)*\r\n"
    bodies = [json.loads(b) for b in re.split(headers, done.stdout) if b]
    (answer,) = [b for b in bodies if b.get("id") == 3]
    assert answer["error"]["code"] == -32600  # InvalidRequest, as the LSP asks


def test_exit_without_shutdown_is_status_one(folder):
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    done = subprocess.run(
        [sys.executable, "-m", "tf2lint", "lsp"],
        input=b"".join(_frame(m) for m in messages),
        capture_output=True,
        cwd=folder,
        timeout=60,
    )
    assert done.returncode == 1


@pytest.mark.asyncio
async def test_the_project_around_a_document_comes_from_the_cache_and_open_buffers(client, folder):
    """A helper with no TensorFlow of its own is traced from another module's step: the server
    sees it through the summaries `tf2lint check` cached, and an open buffer's own summary
    replaces the file's (tf2lint.analysis.project)."""
    import shutil

    from conftest import run_cli

    shutil.copytree(Path(__file__).parent / "data" / "trainpkg" / "trainpkg", folder / "trainpkg")
    assert run_cli("check", ".", cwd=folder).returncode == 1  # fills the cache
    helper = (folder / "trainpkg" / "logging_utils.py").resolve()
    _open(client, helper.as_uri(), helper.read_text())
    (d,) = await _diagnostics(client, helper.as_uri(), lambda ds: len(ds) == 1)
    assert (d.code, d.range.start.line) == ("TF201", 4)
    # Its evidence: the helper called from the step (the call, 0-based line 19 of train.py),
    # and the step's decorator (its `def`, line 13), located in that file, not in this document.
    train = (folder / "trainpkg" / "train.py").resolve()
    where = [(r.location.uri, r.location.range.start.line) for r in d.related_information]
    assert where == [(train.as_uri(), 19), (train.as_uri(), 13)]
    # In the editor, the step prints itself and stops calling the helper: the helper's print is
    # no longer traced.
    _open(client, train.as_uri(), train.read_text())
    await _diagnostics(client, train.as_uri(), lambda ds: not ds)
    edited = train.read_text().replace("return log_step(loss)", "print(loss)\n    return loss")
    _change(client, train.as_uri(), edited, 2)
    await _diagnostics(client, train.as_uri(), lambda ds: [d.code for d in ds] == ["TF201"])
    _change(client, helper.as_uri(), helper.read_text() + "\n", 2)
    await _diagnostics(client, helper.as_uri(), lambda ds: not ds)


@pytest.mark.asyncio
async def test_open_buffers_make_a_project_without_a_cache(client, folder):
    import shutil

    shutil.copytree(Path(__file__).parent / "data" / "trainpkg" / "trainpkg", folder / "trainpkg")
    train = (folder / "trainpkg" / "train.py").resolve()
    _open(client, train.as_uri(), train.read_text())
    await _diagnostics(client, train.as_uri(), lambda ds: not ds)
    helper = (folder / "trainpkg" / "logging_utils.py").resolve()
    _open(client, helper.as_uri(), helper.read_text())
    (d,) = await _diagnostics(client, helper.as_uri(), lambda ds: len(ds) == 1)
    assert d.code == "TF201"


@pytest.mark.asyncio
async def test_a_fresh_checkout_gets_cross_module_findings_without_a_cli_run(client, folder):
    """No `tf2lint check` has run, and only the helper is open: the server builds the summaries
    of the helper's project itself, says so in the client's log, and publishes again."""
    import shutil

    shutil.copytree(Path(__file__).parent / "data" / "trainpkg" / "trainpkg", folder / "trainpkg")
    helper = (folder / "trainpkg" / "logging_utils.py").resolve()
    _open(client, helper.as_uri(), helper.read_text())
    (d,) = await _diagnostics(client, helper.as_uri(), lambda ds: len(ds) == 1, timeout=120)
    assert (d.code, d.range.start.line) == ("TF201", 4)
    said = [m.message for m in client.log_messages]
    assert any("wait for its" in m and "being built" in m for m in said), said
    assert any("summaries of" in m and "are built" in m for m in said), said


@pytest.mark.asyncio
async def test_an_edited_extend_target_changes_the_diagnostics(client, folder):
    """The settings are cached per configuration file, and that cache is stale once a file its
    ``extend`` names changes, not only the file itself."""
    (folder / "base.toml").write_text("")
    (folder / "pyproject.toml").write_text('[tool.tf2lint]\nextend = "base.toml"\n')
    uri = (folder / "train.py").as_uri()
    _open(client, uri, BAD)
    await _diagnostics(client, uri, lambda ds: [d.code for d in ds] == ["TF201"])
    (folder / "base.toml").write_text('ignore = ["TF201"]\n')
    _change(client, uri, BAD + "\n", 2)
    await _diagnostics(client, uri, lambda ds: len(ds) == 0)
    (folder / "base.toml").write_text("")
    _change(client, uri, BAD, 3)
    await _diagnostics(client, uri, lambda ds: [d.code for d in ds] == ["TF201"])


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no process priorities (Windows)")
def test_the_background_project_build_runs_below_the_server():
    """The summaries' build (a `tf2lint check` of the project) yields the CPU to the server and
    its worker, so that edits are linted at once while it runs."""
    from tf2lint.server.lsp import BUILD_NICENESS, run_below_server

    build = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        run_below_server(build.pid)
        own = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, build.pid) == min(own + BUILD_NICENESS, 19)
    finally:
        build.kill()
        build.wait()

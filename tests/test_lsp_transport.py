"""The language server stays up and right under a hostile stream (tf2lint.server.lsp_transport): a
malformed request is answered with an error, a framing error is recovered from, incremental
edits follow LSP's line rules, and memory stays flat over 10,000 messages."""

from __future__ import annotations

import array
import fcntl
import json
import os
import queue
import random
import subprocess
import sys
import termios
import threading
from pathlib import Path

import pytest

BAD = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"


class RawClient:
    """A client speaking raw bytes to ``tf2lint lsp``: it can send what no library would."""

    def __init__(self, folder: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tf2lint", "lsp"],
            cwd=folder,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.messages: queue.Queue = queue.Queue()
        self.published: dict[str, tuple] = {}  # uri -> (version, diagnostics)
        self.answers: dict = {}  # request id -> the response
        self.arrived = threading.Condition()
        self.stderr = bytearray()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        self.request(1, "initialize", {"capabilities": {}, "rootUri": folder.as_uri()})
        self.wait_for(1)
        self.notify("initialized", {})

    def _read(self) -> None:
        out = self.process.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = out.read(1)
                if not byte:
                    return
                header += byte
            length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
            message = json.loads(out.read(length))
            if message.get("method") == "textDocument/publishDiagnostics":
                params = message["params"]
                self.published[params["uri"]] = (params.get("version"), params["diagnostics"])
            if "method" not in message:
                with self.arrived:
                    self.answers[message.get("id")] = message
                    self.arrived.notify_all()
            self.messages.put(message)

    def _drain_stderr(self) -> None:
        while chunk := self.process.stderr.read1(65536):
            self.stderr += chunk

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def frame(self, message: dict) -> bytes:
        body = json.dumps(message).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def request(self, id_: int, method: str, params) -> None:
        self.send(self.frame({"jsonrpc": "2.0", "id": id_, "method": method, "params": params}))

    def notify(self, method: str, params) -> None:
        self.send(self.frame({"jsonrpc": "2.0", "method": method, "params": params}))

    def wait_for(self, id_: int | None, timeout: float = 120) -> dict:
        """The response to request ``id_`` (None: to a message that was no JSON)."""
        with self.arrived:
            if not self.arrived.wait_for(lambda: id_ in self.answers, timeout=timeout):
                raise AssertionError(f"no answer to request {id_}")
            return self.answers.pop(id_)

    def rss(self) -> int:
        with open(f"/proc/{self.process.pid}/status") as status:
            line = next(x for x in status if x.startswith("VmRSS:"))
        return int(line.split()[1]) * 1024

    def close(self) -> None:
        self.request(999_999, "shutdown", None)
        self.wait_for(999_999)
        self.notify("exit", None)
        self.process.wait(timeout=60)


@pytest.fixture
def client(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text("[tool.tf2lint]\n")
    raw = RawClient(tmp_path)
    yield raw
    if raw.process.poll() is None:
        raw.process.kill()
        raw.process.wait()


def test_a_request_with_invalid_params_gets_an_error(client):
    client.request(2, "textDocument/hover", {"bogus": 1})
    assert client.wait_for(2)["error"]["code"] == -32602
    client.request(3, "textDocument/hover", [1, 2, 3])
    assert "error" in client.wait_for(3)
    client.send(client.frame({"jsonrpc": "2.0", "id": 4, "method": "shutdown"})[:-1] + b"!")
    assert client.wait_for(None)["error"]["code"] == -32700  # not JSON: a parse error
    client.close()
    assert client.process.returncode == 0


@pytest.mark.parametrize(
    "garbage",
    [
        b"Content-Length: abc\r\n\r\n{}",
        b"Content-Length: 5\r\n\r\n{}",  # a length longer than its body
        b"\r\n\r\nnot a header at all\r\n",
        b"Content-Length: 99999999999\r\n\r\n",
        b"x" * 200_000,  # a line with no end, longer than any header
    ],
    ids=["bad-length", "short-body", "no-header", "huge-length", "endless-line"],
)
def test_the_server_resynchronises_after_a_framing_error(client, garbage):
    client.send(garbage)
    client.request(2, "shutdown", None)
    assert client.wait_for(2)["result"] is None
    client.notify("exit", None)
    client.process.wait(timeout=60)
    assert b"framing error" in client.stderr or b"invalid message" in client.stderr


def _open(client: RawClient, uri: str, text: str) -> None:
    item = {"uri": uri, "languageId": "python", "version": 1, "text": text}
    client.notify("textDocument/didOpen", {"textDocument": item})


def _edit(client: RawClient, uri: str, version: int, start, end, text: str) -> None:
    change = {
        "range": {
            "start": {"line": start[0], "character": start[1]},
            "end": {"line": end[0], "character": end[1]},
        },
        "text": text,
    }
    client.notify(
        "textDocument/didChange",
        {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]},
    )


def _settled(client: RawClient, uri: str, version: int) -> list:
    """The diagnostics published for ``version`` of the document."""
    while client.published.get(uri, (None, None))[0] != version:
        client.messages.get(timeout=60)
    return client.published[uri][1]


def test_incremental_edits_split_lines_as_the_lsp_does(client, tmp_path):
    """A form feed and U+2028 are no line breaks: an edit on the line after them lands there."""
    uri = (tmp_path / "t.py").as_uri()
    text = "import tensorflow as tf\n# a\x0cb\u2028c\n\n@tf.function\ndef step(x):\n    return x\n"
    _open(client, uri, text)
    # Insert `print(x)` as the first statement of step (line 5, 0-based), by LSP's lines.
    _edit(client, uri, 2, (5, 0), (5, 0), "    print(x)\n")
    found = _settled(client, uri, 2)
    assert [(d["code"], d["range"]["start"]["line"]) for d in found] == [("TF201", 5)]
    client.close()


def test_a_fuzzed_stream_of_10000_messages_leaves_the_server_right_and_flat(client, tmp_path):
    """Random edits (form feeds, U+2028, CRs), hovers, invalid params and framing garbage:
    the server answers every request, its memory does not grow, and its last diagnostics are
    those of the document as the client has it."""
    rng = random.Random(24)
    uri = (tmp_path / "t.py").as_uri()
    text = BAD
    _open(client, uri, text)
    version, next_id, expected_answers = 1, 100, []
    pieces = ["x", " ", "\n", "\r\n", "\x0c", "\u2028", "\t", "é", "# c", "\r", ""]

    def lines(s: str) -> list[str]:
        out, line = [], ""
        i = 0
        while i < len(s):
            if s[i] == "\r" and s[i + 1 : i + 2] == "\n":
                out.append(line)
                line, i = "", i + 2
                continue
            if s[i] in "\r\n":
                out.append(line)
                line = ""
            else:
                line += s[i]
            i += 1
        out.append(line)
        return out

    def offset(s: str, line: int, character: int) -> int:  # UTF-16 == code points here
        pos = 0
        for number, content in enumerate(lines(s)):
            if number == line:
                return pos + min(character, len(content))
            pos += len(content)
            pos += 2 if s[pos : pos + 2] == "\r\n" else 1
        return len(s)

    baseline = 0
    for n in range(10_000):
        kind = rng.random()
        if kind < 0.7:
            all_lines = lines(text)
            start_line = rng.randrange(len(all_lines))
            start_char = rng.randrange(len(all_lines[start_line]) + 1)
            end_line = min(len(all_lines) - 1, start_line + rng.randrange(2))
            end_char = rng.randrange(len(all_lines[end_line]) + 1)
            a = offset(text, start_line, start_char)
            b = offset(text, end_line, end_char)
            if b < a:
                end_line, end_char, b = start_line, start_char, a
            if text[a - 1 : a + 1] == "\r\n" or text[b - 1 : b + 1] == "\r\n":
                continue  # never split a CRLF: a client would not
            new = rng.choice(pieces) + rng.choice(pieces)
            if (new.startswith("\n") and text[a - 1 : a] == "\r") or (
                new.endswith("\r") and text[b : b + 1] == "\n"
            ):
                continue  # nor make one
            text = text[:a] + new + text[b:]
            version += 1
            _edit(client, uri, version, (start_line, start_char), (end_line, end_char), new)
        elif kind < 0.8:
            client.request(next_id, "textDocument/hover", {
                "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}
            })  # fmt: skip
            expected_answers.append(next_id)
            next_id += 1
        elif kind < 0.9:
            client.request(next_id, "textDocument/hover", {"position": "nowhere"})
            expected_answers.append(next_id)
            next_id += 1
        else:
            client.send(rng.choice([b"\r\n", b"Content-Length: x\r\n\r\n", b"{}\r\n", b"garbage"]))
        if n == 2_000:
            client.request(next_id, "shutdown-probe/unknown", None)  # method not found: answered
            client.wait_for(next_id)
            next_id += 1
            baseline = client.rss()
    # The document as the client has it, in full: its diagnostics are the truth to compare with
    answered = {client.wait_for(i)["id"] for i in expected_answers}
    assert answered == set(expected_answers)
    grown = client.rss() - baseline
    assert grown < 6 * 2**20, f"the server grew by {grown / 2**20:.1f} MiB over 8,000 messages"
    final = BAD.replace("print(x)", "print(x)  # the end")
    version += 1
    client.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": final}]
    })  # fmt: skip
    found = _settled(client, uri, version)
    assert [(d["code"], d["range"]["start"]["line"]) for d in found] == [("TF201", 4)]
    client.close()
    assert client.process.returncode == 0


@pytest.mark.parametrize("config", ["tool = 5\n", "[[tool.tf2lint]]\n", "[tool.tf2lint]\nx = 1\n"])
def test_a_malformed_parent_config_is_published_as_a_diagnostic(tmp_path, config):
    (tmp_path / "pyproject.toml").write_text(config)
    client = RawClient(tmp_path)
    try:
        uri = (tmp_path / "t.py").as_uri()
        _open(client, uri, BAD)
        (found,) = _settled(client, uri, 1)
        assert found["code"] == "config-error" and "pyproject.toml" in found["message"]
        client.close()
    finally:
        if client.process.poll() is None:
            client.process.kill()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_save_of_a_document_never_opened_reads_nothing(client, tmp_path):
    """didSave names a file the editor never opened (a FIFO here): reading it would block the
    server's event loop for good. It is not read, and the server goes on answering."""
    fifo = tmp_path / "pipe.py"
    os.mkfifo(fifo)
    client.notify("textDocument/didSave", {"textDocument": {"uri": fifo.as_uri()}})
    # The server has read the notification alone once its input pipe is empty: what it
    # schedules then runs before it handles the next message, which therefore finds the event
    # loop blocked if the FIFO is being read.
    waiting = array.array("i", [1])
    while waiting[0]:
        fcntl.ioctl(client.process.stdin.fileno(), termios.FIONREAD, waiting, True)
    client.request(7, "shutdown", None)
    assert client.wait_for(7, timeout=60)["result"] is None

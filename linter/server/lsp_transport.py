"""The language server's transport, made to survive what a client (or a broken pipe) sends.

pygls 2.1 as it is (each point has a test in tests/test_lsp_transport.py):

* reads headers with ``Content-Length`` only at the start of a line: after one framing error
  (a bad length, bytes between messages) every later header is glued to the bytes before it,
  and the server answers nothing, forever. Here a header is found anywhere in a line, or inside
  a body that is no JSON (the stream resynchronises, with a log line for what was skipped),
  lines and bodies are bounded,
  and the server exits, with a log line, when the stream cannot be read at all;
* answers a request whose params do not fit its method with nothing at all (the client waits
  forever): here it gets a JSON-RPC error response (``InvalidParams``);
* keeps a future per notification (``didChange``, ``didOpen``, ...) in ``_request_futures``
  for ever, 2 KB each: here a notification's future is dropped once handled;
* splits a document's lines with ``str.splitlines`` (at form feeds, U+2028, \\x1c...), where
  the LSP splits at ``\\n``, ``\\r\\n`` and ``\\r`` only: an incremental edit then lands on the
  wrong line. Here documents split lines as the LSP does.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any, BinaryIO

from lsprotocol.types import EXIT, ResponseError
from pygls.exceptions import JsonRpcException
from pygls.io_ import StdoutWriter
from pygls.protocol import LanguageServerProtocol
from pygls.workspace import TextDocument, Workspace

from tf2lint.run.files import split_lines_keepends

log = logging.getLogger("tf2lint.server.lsp")

MAX_HEADER_LINE = 64 * 1024
MAX_MESSAGE = 256 << 20  # far above any document; a bigger length is a framing error
_CONTENT_LENGTH = re.compile(rb"Content-Length:[ \t]*(\d{1,12})[ \t]*\r?\n\Z", re.IGNORECASE)
PARSE_ERROR = -32700
INVALID_REQUEST = -32600


class LspTextDocument(TextDocument):
    """A document whose lines end where the LSP says: at ``\\n``, ``\\r\\n`` or ``\\r``."""

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(split_lines_keepends(self.source))


class LspWorkspace(Workspace):
    def _create_text_document(self, doc_uri, source=None, version=None, language_id=None):
        return LspTextDocument(
            doc_uri,
            source=source,
            version=version,
            language_id=language_id,
            sync_kind=self._sync_kind,
            position_codec=self._position_codec,
        )


class RobustProtocol(LanguageServerProtocol):
    """pygls's protocol with LSP line rules and no future kept per notification."""

    @property
    def _workspace(self) -> Workspace | None:
        return self.__dict__.get("_tf2lint_workspace")

    @_workspace.setter
    def _workspace(self, workspace: Workspace | None) -> None:
        if workspace is not None and type(workspace) is Workspace:
            workspace.__class__ = LspWorkspace  # made by pygls at initialize
        self.__dict__["_tf2lint_workspace"] = workspace

    def _execute_handler(self, msg_id, handler, callback, args=None, kwargs=None):
        super()._execute_handler(msg_id, handler, callback, args, kwargs)
        if callback == self._check_handler_result:
            # A notification: its id is a fresh uuid nobody can cancel; pygls would keep its
            # future (and what the future holds) for the life of the server.
            self._request_futures.pop(msg_id, None)


class _Reader:
    """Bounded reads from a binary stream, on a thread (the event loop never blocks)."""

    def __init__(self, stream: BinaryIO, executor: ThreadPoolExecutor) -> None:
        self.fd = stream.fileno()
        self.executor = executor
        self.buffer = bytearray()
        self.eof = False

    async def _fill(self) -> None:
        data = await asyncio.get_running_loop().run_in_executor(
            self.executor, os.read, self.fd, 1 << 16
        )
        if data:
            self.buffer += data
        else:
            self.eof = True

    async def readline(self) -> bytes:
        """A line with its end; a piece of at most MAX_HEADER_LINE bytes if it is longer;
        b"" at the end of the stream."""
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0 or len(self.buffer) >= MAX_HEADER_LINE or self.eof:
                cut = (
                    end + 1
                    if 0 <= end < MAX_HEADER_LINE
                    else min(len(self.buffer), MAX_HEADER_LINE)
                )
                line = bytes(self.buffer[:cut])
                del self.buffer[:cut]
                return line
            await self._fill()

    async def readexactly(self, count: int) -> bytes | None:
        while len(self.buffer) < count and not self.eof:
            await self._fill()
        if len(self.buffer) < count:
            return None
        body = bytes(self.buffer[:count])
        del self.buffer[:count]
        return body


async def _serve(stop: threading.Event, reader: _Reader, protocol: RobustProtocol) -> None:
    length: int | None = None
    skipped = 0
    while not stop.is_set():
        line = await reader.readline()
        if not line:
            break
        match = _CONTENT_LENGTH.search(line)
        if match is not None:
            skipped += match.start()
            if skipped:
                log.warning("framing error: skipped %d bytes before a message header", skipped)
                skipped = 0
            length = int(match.group(1))
            if length > MAX_MESSAGE:
                log.warning("framing error: a message of %d bytes; skipped", length)
                length = None
            continue
        if length is None or line.strip():  # garbage, or another header (Content-Type)
            skipped += len(line) if length is None else 0
            continue
        body = await reader.readexactly(length)
        length = None
        if body is None:
            break
        if _overran(body, reader.buffer):  # the length was too long: read again as lines,
            reader.buffer[0:0] = body[1:]  # where the next header will be found
            log.warning("framing error: a message body of %d bytes is no JSON", len(body))
            continue
        _handle(protocol, body)
    if skipped:
        log.warning("framing error: skipped %d bytes at the end of the stream", skipped)


def _overran(body: bytes, following: bytearray) -> bool:
    """Whether ``body`` ran past its message: it is no JSON, and what follows it is no header
    (a body that is no JSON followed by a header is a malformed message: it gets an answer)."""
    if not following or following.startswith(b"Content-Length") or following.startswith(b"\r\n"):
        return False
    try:
        json.loads(body)
    except (ValueError, RecursionError):
        return True
    return False


def _handle(protocol: RobustProtocol, body: bytes) -> None:
    if protocol._shutdown:  # pygls drops every message but `exit`, leaving a request unanswered
        _after_shutdown(protocol, body)
        return
    try:
        message = json.loads(body, object_hook=protocol.structure_message)
    except JsonRpcException as error:  # the params do not fit the method, say
        _answer_error(protocol, body, error.to_response_error())
        return
    except (ValueError, RecursionError) as error:  # not JSON at all
        log.warning("malformed message (%s): %r", error, body[:200])
        _answer_error(protocol, body, ResponseError(code=PARSE_ERROR, message="Parse error"))
        return
    try:
        protocol.handle_message(message)
    except Exception:  # pygls's own handling: log it, serve the next message
        log.exception("cannot handle message %r", body[:200])


def _after_shutdown(protocol: RobustProtocol, body: bytes) -> None:
    """After ``shutdown``: ``exit`` ends the server; a request is answered InvalidRequest, as the
    LSP asks; a notification is dropped."""
    try:
        raw: Any = json.loads(body)
    except (ValueError, RecursionError):
        raw = None
    if isinstance(raw, dict) and raw.get("method") == EXIT:
        protocol.handle_message(json.loads(body, object_hook=protocol.structure_message))
        return
    error = ResponseError(code=INVALID_REQUEST, message="the server is shutting down")
    _answer_error(protocol, body, error)


def _answer_error(protocol: RobustProtocol, body: bytes, error: ResponseError) -> None:
    """A request (a message with an id and a method) gets an error response; a notification
    gets a log line only (JSON-RPC forbids answering it)."""
    try:
        raw: Any = json.loads(body)
    except (ValueError, RecursionError):
        raw = None
    log.warning("invalid message, %s: %r", error.message, body[:200])
    if raw is None:  # JSON-RPC: a message that is no JSON is answered with a null id
        msg_id = None
    elif isinstance(raw, dict) and "method" in raw and isinstance(raw.get("id"), (int, str)):
        msg_id = raw["id"]
    else:
        return
    try:
        protocol._send_response(msg_id, None, error)
    except Exception:
        log.exception("cannot answer message %r", body[:200])


def serve_stdio(server: Any, stdin: BinaryIO, stdout: BinaryIO) -> None:
    """Serve ``server`` (a pygls LanguageServer built with RobustProtocol) on the streams,
    until exit or the end of ``stdin``."""
    server._stop_event = stop = threading.Event()
    server.protocol.set_writer(StdoutWriter(stdout))
    reader = _Reader(stdin, ThreadPoolExecutor(max_workers=1, thread_name_prefix="lsp-read"))
    try:
        asyncio.run(_serve(stop, reader, server.protocol))
    except BrokenPipeError:
        log.error("the connection to the client is lost; exiting")
    except OSError as error:
        log.error("cannot read from the client (%s); exiting", error)
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        reader.executor.shutdown(wait=False, cancel_futures=True)
        server.shutdown()

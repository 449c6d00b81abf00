"""Line/column ranges for the few nodes a lint reports, without libcst's PositionProvider.

One code-generation pass over the module tracks the cursor, as PositionProvider does, but keeps
no output text and stops as soon as every wanted node has been passed. It runs only for files
with something to report.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from contextlib import contextmanager, suppress

import libcst as cst
from libcst._nodes.internal import CodegenState

_NEWLINE = re.compile(r"\r\n?|\n")

Range = tuple[int, int, int, int]  # start line, start column, end line, end column (0-based cols)


class _Done(Exception):
    pass


class _PositionState(CodegenState):
    def __init__(self, module: cst.Module, wanted: set[int]) -> None:
        super().__init__(
            default_indent=module.default_indent, default_newline=module.default_newline
        )
        self.line = 1
        self.column = 0
        self.wanted = wanted
        self.ranges: dict[int, Range] = {}
        self._starts: list[tuple[int, int]] = []

    def add_indent_tokens(self) -> None:
        for token in self.indent_tokens:
            self.column += len(token)

    def add_token(self, value: str) -> None:
        if "\n" in value or "\r" in value:
            segments = _NEWLINE.split(value)
            self.line += len(segments) - 1
            self.column = len(segments[-1])
        else:
            self.column += len(value)

    def before_codegen(self, node: cst.CSTNode) -> None:
        self._starts.append((self.line, self.column))

    def after_codegen(self, node: cst.CSTNode) -> None:
        line, column = self._starts.pop()
        key = id(node)
        if key in self.wanted and key not in self.ranges:
            self._record(key, (line, column, self.line, self.column))

    @contextmanager
    def record_syntactic_position(self, node, *, start_node=None, end_node=None):
        start = (self.line, self.column)
        try:
            yield
        finally:
            key = id(node)
            if key in self.wanted:
                end = (self.line, self.column)
                if start_node is not None and id(start_node) in self.ranges:
                    start = self.ranges[id(start_node)][:2]
                if end_node is not None and id(end_node) in self.ranges:
                    end = self.ranges[id(end_node)][2:]
                self._record(key, (*start, *end))

    def _record(self, key: int, value: Range) -> None:
        self.ranges[key] = value
        if len(self.ranges) == len(self.wanted):
            raise _Done


def node_ranges(module: cst.Module, nodes: Iterable[cst.CSTNode]) -> dict[int, Range]:
    """Map ``id(node)`` to its syntactic range for each of ``nodes``."""
    wanted = {id(n) for n in nodes}
    if not wanted:
        return {}
    state = _PositionState(module, wanted)
    with suppress(_Done):
        module._codegen(state)
    return state.ranges

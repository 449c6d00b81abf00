"""Lines of source text, split where Python's tokenizer splits them.

The engine, the notebook adapter and the language server number lines the same way; this module
knows nothing else of tf2lint, so each of them can stand above it.
"""

from __future__ import annotations

import re

_LINE_END = re.compile(r"\r\n|\r|\n")
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` without their ends, split where Python's tokenizer (and libcst,
    and the LSP) split them: at \\n, \\r\\n and \\r only. ``str.splitlines`` also splits
    at form feeds, \\x1c-\\x1e, \\x85 and U+2028/9, which would put findings on the wrong line."""
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def line_starts(text: str) -> list[int]:
    """The offset at which each line of :func:`split_lines` starts, and one past a last line
    end (where an empty last line starts, as editors count lines)."""
    return [0, *(match.end() for match in _LINE_END.finditer(text))]


def split_lines_keepends(text: str) -> list[str]:
    """:func:`split_lines`, each line with its end."""
    return _LINE.findall(text)

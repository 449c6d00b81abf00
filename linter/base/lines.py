"""Lines of source text, split where Python's tokenizer splits them, and shown safely.

The engine, the notebook adapter and the language server number lines the same way, and every
output writes code quoted in a message through :func:`shown`; this module knows nothing else of
tf2lint, so each of them can stand above it.
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


# What a terminal or a log reader would act on rather than show: control characters (an ESC
# sequence, a CR or LF forging a line such as "All checks passed!"), line and paragraph
# separators, and the bidirectional overrides of "Trojan Source".
_UNSAFE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def shown(text: str, line_ends: bool = False) -> str:
    """``text`` with every unsafe character written as its escape (``\\x1b``, ``\\n``);
    with ``line_ends``, CR and LF are kept (GitHub's annotations encode them as line breaks)."""

    def escape(match: re.Match) -> str:
        c = match.group()
        return c if line_ends and c in "\r\n" else repr(c)[1:-1].replace("'", "")

    return _UNSAFE.sub(escape, text)

"""What Python accepts and libcst's parser does not take as it is: syntax errors (placed and
worded as Python's own parser does), names Python reads through NFKC (a fullwidth ``tf``),
indentation libcst's tokenizer refuses, and ``and``/``or`` chains long enough to crash it.

The engine asks these before and after libcst's parse; each answer is a diagnostic of the
engine's own or a rewritten text to lint instead (``Reindented`` maps its findings back).
"""

from __future__ import annotations

import ast
import io
import tokenize
import unicodedata
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tf2lint.base.lazy import cst
from tf2lint.base.lines import split_lines, split_lines_keepends
from tf2lint.linting.rule import SYNTAX_ERROR, TOO_LARGE, Diagnostic, engine_diagnostic

if TYPE_CHECKING:
    from tf2lint.linting.engine import FileResult


def python_tree(
    source: str, path: str, parse: Callable[[str], ast.Module] = ast.parse
) -> ast.Module | Diagnostic:
    """Python's own tree of ``source``, or the syntax error that stops it. Python's parser
    goes first: it is fast, it is the reference for what is valid, and it refuses nesting that
    would make libcst's native parser overflow its stack (a crash, not an error) or run for
    minutes."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escape sequences and the like
            return parse(source)
    except SyntaxError as error:
        return python_syntax_error(error, path, source)
    except (RecursionError, MemoryError):
        return engine_diagnostic(SYNTAX_ERROR, path, "code is nested too deeply for the parser")
    except ValueError as error:  # e.g. null bytes in a string given directly
        return engine_diagnostic(SYNTAX_ERROR, path, f"cannot parse: {error}")


def too_long_chain(source: str, tree: ast.Module, path: str) -> Diagnostic | None:
    """The finding for an ``and``/``or`` chain longer than libcst's parser can take."""
    chain = long_boolean_chain(source, tree)
    if chain is None:
        return None
    operator = "and" if isinstance(chain.op, ast.And) else "or"
    return engine_diagnostic(
        TOO_LARGE,
        path,
        f"a chain of {len(chain.values):,} `{operator}` operands is more than tf2lint's "
        f"parser can take ({MAX_BOOLEAN_OPERANDS:,} at most); the file was not linted",
        chain.lineno,
        chain.col_offset + 1,
    )


# libcst nests ``a and b and c ...`` one node per operator, where Python's parser makes one node:
# its native parser overflows its stack (a segfault, which no ``except`` catches) on chains of
# about 7,500 operands that Python accepts. Longer chains than this are reported, not parsed.
MAX_BOOLEAN_OPERANDS = 2500


def long_boolean_chain(source: str, tree: ast.Module) -> ast.BoolOp | None:
    # Each operand but the first needs an `and` or `or`: a file with fewer of those substrings
    # holds no long chain, and its tree need not be walked (counting: 13 ms for tensor2tensor).
    if source.count("and") + source.count("or") < MAX_BOOLEAN_OPERANDS:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.BoolOp) and len(node.values) > MAX_BOOLEAN_OPERANDS:
            return node
    return None


def libcst_syntax_error(error: cst.ParserSyntaxError, path: str, source: str) -> Diagnostic:
    """Python's own parser places syntax errors better than libcst's; prefer its report."""
    line, column = error.raw_line, error.raw_column + 1
    message = error.message.splitlines()[0] if error.message else "invalid syntax"
    try:
        ast.parse(source)
    except SyntaxError as python_error:
        line = python_error.lineno or line
        column = python_error.offset or 1
        message = python_error.msg
    except (ValueError, RecursionError, MemoryError):
        pass
    text = _line(source, line)
    if _looks_like_python2(text):
        message += " (this looks like Python 2 code; tf2lint lints Python 3)"
    return engine_diagnostic(SYNTAX_ERROR, path, f"cannot parse: {message}", line, column)


def python_syntax_error(error: SyntaxError, path: str, source: str) -> Diagnostic:
    line = error.lineno or 1
    column = error.offset or 1
    text = _line(source, line)
    message = error.msg or "invalid syntax"
    if _looks_like_python2(text):
        message += " (this looks like Python 2 code; tf2lint lints Python 3)"
    return engine_diagnostic(SYNTAX_ERROR, path, f"cannot parse: {message}", line, max(column, 1))


def _line(source: str, line: int) -> str:
    lines = split_lines(source)  # as Python numbers them: \x0c or U+2028 end no line
    return lines[line - 1] if 0 < line <= len(lines) else ""


def _looks_like_python2(line: str) -> bool:
    stripped = line.strip()
    return (
        (stripped.startswith(("print ", "exec ")) and not stripped.startswith(("print(", "exec(")))
        or " ur'" in stripped
        or (stripped.startswith("except ") and ", " in stripped and " as " not in stripped)
    )


@dataclass
class Reindented:
    """A module whose indentation was rewritten with spaces: ``prefixes`` maps each changed
    line to (its old indentation's length, its new one's)."""

    text: str
    prefixes: dict[int, tuple[int, int]]

    def back(self, result: FileResult) -> FileResult:
        """``result`` on the original lines: columns shifted back; no fixes (their edits are of
        the rewritten text), so nothing is ever written from it."""
        for d in result.diagnostics:
            d.column = self._column(d.line, d.column)
            d.end_column = self._column(d.end_line, d.end_column)
            d.fix = None
        result.module = None
        return result

    def _column(self, line: int, column: int) -> int:
        old, new = self.prefixes.get(line, (0, 0))
        return max(1, column - new + old) if column > new else min(column, old + 1)


def respelled_characters(source: str) -> bool:
    """Whether ``source`` holds a character a name may hold that NFKC changes (a cheap test
    before tokenizing: CJK text and fullwidth punctuation in comments do not count)."""
    return any(
        not c.isascii() and ("a" + c).isidentifier() and unicodedata.normalize("NFKC", c) != c
        for c in set(source)
    )


def nfkc_names(source: str) -> str | None:
    """``source`` with each name written as Python reads it (NFKC: ``\\uff54f`` is
    ``tf``), where that changes a name and keeps its length (so columns stay); else None."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return None
    lines = split_lines_keepends(source)
    changed = False
    for t in reversed(tokens):  # right to left: earlier columns stay valid
        if t.type != tokenize.NAME or t.string.isascii() or t.start[0] != t.end[0]:
            continue
        normal = unicodedata.normalize("NFKC", t.string)
        if normal == t.string:
            continue
        if len(normal) != len(t.string):
            return None
        row, (start, end) = t.start[0] - 1, (t.start[1], t.end[1])
        lines[row] = lines[row][:start] + normal + lines[row][end:]
        changed = True
    return "".join(lines) if changed else None


def python_indentation(source: str) -> Reindented | None:
    """``source`` with the indentation of each line that starts a token written as the spaces
    Python counts for it (a tab to the next multiple of 8, a form feed back to 0), where that
    changes anything; None if nothing changes. libcst's tokenizer rejects some indentation
    Python accepts (a tab at the start of a block's first line under space-indented code)."""
    try:
        starts = {
            t.start[0]
            for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.DEDENT, tokenize.ENDMARKER)
        }
    except (tokenize.TokenError, SyntaxError):
        return None
    lines = split_lines_keepends(source)
    prefixes: dict[int, tuple[int, int]] = {}
    for number in starts:
        if not 0 < number <= len(lines):
            continue
        line = lines[number - 1]
        body = line.lstrip(" \t\x0c")
        old = line[: len(line) - len(body)]
        if "\t" not in old and "\x0c" not in old:
            continue
        column = 0
        for c in old:
            column = 0 if c == "\x0c" else (column // 8 + 1) * 8 if c == "\t" else column + 1
        lines[number - 1] = " " * column + body
        prefixes[number] = (len(old), column)
    if not prefixes:
        return None
    return Reindented("".join(lines), prefixes)

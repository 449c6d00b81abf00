"""Jupyter notebooks: the code cells, in order, linted as one module; fixes written back in place.

Cells share names (an import in cell 1 serves cell 5), so the code cells are joined into one
module. IPython syntax (``%magic``, ``!shell``, ``x = !cmd``, ``obj?``, ``%%bash`` cells) is not
Python: each such line becomes a placeholder of the same indentation (``pass``, or ``x = ...`` for
an assignment) so that every line keeps its number and the module still parses. Diagnostics are
mapped back to ``(cell, line within the cell)``.

``--fix`` splices only the fixed cells' ``source`` values into the notebook's JSON text: outputs,
metadata, key order, indentation, escaping and cell ids stay byte for byte as they were.
"""

from __future__ import annotations

import codecs
import difflib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from tf2lint.engine import INTERNAL_ERROR, READ_ERROR, engine_diagnostic
from tf2lint.files import SourceText, relative_to_root
from tf2lint.rule import Diagnostic
from tf2lint.runner import FileOutcome, lint_and_fix, unified_diff, write_atomic

# Cell magics whose body is Python: only their first line is IPython syntax.
_PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})
_LINE_MAGIC = re.compile(
    r"^(?P<indent>[ \t]*)(?:(?P<target>[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*)[ \t]*=[ \t]*)?[%!]"
)
_HELP = re.compile(r"^(?P<indent>[ \t]*)(?:\?\??[\w.]+|[\w.]+\?\??)[ \t]*$")


class NotebookError(Exception):
    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


@dataclass
class Cell:
    index: int  # position in the notebook's "cells" array
    number: int  # 1-based among code cells
    lines: list[str]  # the source split into lines, keeping line ends
    span: tuple[int, int]  # the JSON text span of the "source" value
    as_list: bool  # source stored as a list of lines (else as one string)
    json_lines: list[int] = field(default_factory=list)  # the JSON line of each source line
    magic: dict[int, str] = field(default_factory=dict)  # 0-based line -> its placeholder

    @property
    def text(self) -> str:
        return "".join(self.lines)


@dataclass
class Notebook:
    text: str  # the JSON text (decoded)
    bom: bool
    cells: list[Cell]

    def module(self) -> tuple[str, list[tuple[int, int]]]:
        """The Python module of all code cells, and for each module line its (cell, line)."""
        parts: list[str] = []
        where: list[tuple[int, int]] = []
        for cell in self.cells:
            for i, line in enumerate(cell.lines):
                body = cell.magic.get(i, line)
                if not body.endswith(("\n", "\r")):
                    body += "\n"
                parts.append(body)
                where.append((cell.number, i + 1))
        return "".join(parts), where


def _lines(text: str) -> list[str]:
    """Lines split at "\n" only, as Jupyter does, keeping the line ends."""
    return re.findall(r"[^\n]*\n|[^\n]+$", text)


def _placeholder(line: str) -> str:
    match = _LINE_MAGIC.match(line) or _HELP.match(line)
    indent = match.group("indent") if match else ""
    target = match.groupdict().get("target") if match else None
    end = "\n" if line.endswith(("\n", "\r")) else ""
    return f"{indent}{target} = ...{end}" if target else f"{indent}pass{end}"


def _magic_lines(lines: list[str]) -> dict[int, str]:
    """The 0-based lines of a cell that are IPython syntax, each with its Python placeholder."""
    if not lines:
        return {}
    first = lines[0].lstrip()
    if first.startswith("%%"):
        name = first[2:].split(None, 1)[0] if first[2:].strip() else ""
        if name not in _PYTHON_CELL_MAGICS:
            # %%bash, %%writefile, %%html...: nothing here is Python; blank lines keep numbering.
            return {i: "\n" for i in range(len(lines))}
    magic: dict[int, str] = {}
    continued = False
    state = _ScanState()
    for i, line in enumerate(lines):
        if i == 0 and first.startswith("%%"):  # %%time and co.: the body is Python
            magic[0] = "\n"
            continue
        stripped = line.rstrip("\r\n")
        if continued:  # the next line of a magic ending with a backslash
            magic[i] = "\n"
            continued = stripped.endswith("\\")
            continue
        if state.at_statement_start() and _is_ipython(stripped):
            magic[i] = _placeholder(line)
            continued = stripped.endswith("\\")
            continue
        state.scan(stripped)
    return magic


def _is_ipython(line: str) -> bool:
    """``%x``/``!x`` starting a statement, ``a = !x``/``a = %x``, or ``obj?``/``?obj``."""
    if _HELP.match(line):
        return True
    body = line.lstrip()
    if body.startswith("%"):
        return True
    if body.startswith("!"):
        return not body.startswith("!=")
    return bool(_LINE_MAGIC.match(line))


class _ScanState:
    """Just enough of Python's tokenizer to know whether a line starts a new statement."""

    def __init__(self) -> None:
        self.depth = 0  # open brackets
        self.quote = ""  # the open triple quote, if any
        self.backslash = False

    def at_statement_start(self) -> bool:
        return self.depth == 0 and not self.quote and not self.backslash

    def scan(self, line: str) -> None:
        i, n = 0, len(line)
        while i < n:
            if self.quote:
                end = line.find(self.quote, i)
                while end > 0 and _escaped(line, end):
                    end = line.find(self.quote, end + 1)
                if end < 0:
                    break
                i, self.quote = end + 3, ""
                continue
            c = line[i]
            if c == "#":
                break
            if c in "\"'":
                if line.startswith(c * 3, i):
                    self.quote, i = c * 3, i + 3
                    continue
                end = i + 1
                while end < n and (line[end] != c or _escaped(line, end)):
                    end += 1
                i = end + 1
                continue
            if c in "([{":
                self.depth += 1
            elif c in ")]}":
                self.depth = max(0, self.depth - 1)
            i += 1
        self.backslash = not self.quote and line.endswith("\\") and "#" not in line


def _escaped(line: str, i: int) -> bool:
    count = 0
    while i > 0 and line[i - 1] == "\\":
        count, i = count + 1, i - 1
    return count % 2 == 1


# --- reading the JSON with the spans of the cells' sources -------------------------------------

_WS = re.compile(r"[ \t\n\r]*")
_decoder = json.JSONDecoder()


def _skip(text: str, i: int) -> int:
    return _WS.match(text, i).end()


def _value(text: str, i: int) -> tuple[object, int]:
    try:
        return _decoder.raw_decode(text, i)
    except json.JSONDecodeError as error:
        raise _json_error(error) from error


def _json_error(error: json.JSONDecodeError) -> NotebookError:
    return NotebookError(
        f"not a valid notebook: invalid JSON: {error.msg}", error.lineno, error.colno
    )


def _expect(text: str, i: int, char: str) -> int:
    i = _skip(text, i)
    if text[i : i + 1] != char:
        raise NotebookError("not a valid notebook: unexpected JSON structure", *_line_col(text, i))
    return i + 1


def _line_col(text: str, i: int) -> tuple[int, int]:
    return text.count("\n", 0, i) + 1, i - (text.rfind("\n", 0, i) + 1) + 1


def _members(text: str, i: int):
    """Yield (key, value start) of each member of the object at ``i``; the caller moves ``i``."""
    i = _expect(text, i, "{")
    i = _skip(text, i)
    if text[i : i + 1] == "}":
        return i + 1
    while True:
        key, i = _value(text, _skip(text, i))
        i = _expect(text, i, ":")
        i = _skip(text, i)
        end = yield key, i
        i = _skip(text, end)
        if text[i : i + 1] == ",":
            i += 1
            continue
        return _expect(text, i, "}")


def _walk_object(text: str, i: int, handle) -> int:
    """Walk the object at ``i``: ``handle(key, start)`` returns the value's end or None to skip."""
    members = _members(text, i)
    try:
        key, start = next(members)
        while True:
            end = handle(key, start)
            if end is None:
                _, end = _value(text, start)
            key, start = members.send(end)
    except StopIteration as stop:
        return stop.value


def read_notebook(data: bytes) -> Notebook:
    bom = data.startswith(codecs.BOM_UTF8)
    try:
        text = data[3:].decode("utf-8") if bom else data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise NotebookError("not a valid notebook: it is not UTF-8", line) from error
    try:
        document = json.loads(text)  # the clear error for invalid JSON, with its line
    except json.JSONDecodeError as error:
        raise _json_error(error) from error
    if not isinstance(document, dict) or not isinstance(document.get("cells"), list):
        raise NotebookError(
            "not a valid notebook: no `cells` list (only nbformat 4 notebooks are supported)"
        )
    language = (document.get("metadata") or {}).get("language_info", {}) or {}
    if isinstance(language, dict) and language.get("name", "python") != "python":
        return Notebook(text, bom, [])
    cells: list[Cell] = []

    def cell_member(found: dict):
        def handle(key, start):
            if key == "source":
                value, end = _value(text, start)
                found["source"] = (value, (start, end))
                return end
            return None

        return handle

    def top(key, start):
        if key != "cells":
            return None
        i = _expect(text, start, "[")
        i = _skip(text, i)
        if text[i : i + 1] == "]":
            return i + 1
        index = 0
        while True:
            found: dict = {}
            i = _walk_object(text, _skip(text, i), cell_member(found))
            cell = document["cells"][index]
            if isinstance(cell, dict) and cell.get("cell_type") == "code" and "source" in found:
                value, span = found["source"]
                if isinstance(value, list) and all(isinstance(s, str) for s in value):
                    lines = _lines("".join(value))
                    as_list = True
                elif isinstance(value, str):
                    lines = _lines(value)
                    as_list = False
                else:
                    raise NotebookError(
                        f"not a valid notebook: cell {index + 1} has a bad `source`",
                        *_line_col(text, span[0]),
                    )
                cells.append(Cell(index, len(cells) + 1, lines, span, as_list))
            elif isinstance(cell, dict) and cell.get("cell_type") == "code":
                cells.append(Cell(index, len(cells) + 1, [], (-1, -1), True))
            index += 1
            i = _skip(text, i)
            if text[i : i + 1] == ",":
                i += 1
                continue
            return _expect(text, i, "]")

    _walk_object(text, _skip(text, 0), top)
    for cell in cells:
        cell.magic = _magic_lines(cell.lines)
        cell.json_lines = _json_lines(text, cell)
    return Notebook(text, bom, cells)


def _json_lines(text: str, cell: Cell) -> list[int]:
    """The JSON text line of each source line: its own element of a list, else the string's."""
    start, end = cell.span
    if start < 0:
        return []
    first = text.count("\n", 0, start) + 1
    if not cell.as_list:
        return [first] * len(cell.lines)
    positions = []
    i = _skip(text, start + 1)
    while i < end and text[i] == '"':
        positions.append(i)
        _, i = _value(text, i)
        i = _skip(text, i)
        i = _skip(text, i + 1) if text[i : i + 1] == "," else i
    elements = [text.count("\n", 0, p) + 1 for p in positions]
    if len(elements) != len(cell.lines):  # elements not one per line: point at the first
        return [elements[0] if elements else first] * len(cell.lines)
    return elements


# --- writing fixed sources back -----------------------------------------------------------------


def _split_back(nb: Notebook, where: list[tuple[int, int]], old: str, new: str):
    """The fixed module's lines, given back to their cells. None if a fix touched IPython lines."""
    old_lines = _lines(old)
    new_lines = _lines(new)
    by_number = {c.number: c for c in nb.cells}
    out: dict[int, list[str]] = {c.number: [] for c in nb.cells}
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal" and any(
            where[i][1] - 1 in by_number[where[i][0]].magic for i in range(i1, i2)
        ):
            return None
        if op == "equal" or (i2 - i1 == j2 - j1):
            for k in range(i2 - i1):
                number, line = where[i1 + k]
                cell = by_number[number]
                if line - 1 in cell.magic:
                    out[number].append(cell.lines[line - 1])
                else:
                    out[number].append(new_lines[j1 + k])
        elif j2 > j1:
            number = where[i1][0] if i1 < len(where) else where[-1][0]
            if op == "insert" and i1 > 0:
                number = where[i1 - 1][0]
            out[number].extend(new_lines[j1:j2])
    for cell in nb.cells:  # the module added a newline after each cell's unterminated last line
        lines = out[cell.number]
        if cell.lines and not cell.lines[-1].endswith(("\n", "\r")) and lines:
            lines[-1] = lines[-1].rstrip("\r\n")
    return out


def _format_source(cell: Cell, lines: list[str], original: str, ensure_ascii: bool) -> str:
    if not cell.as_list:
        return json.dumps("".join(lines), ensure_ascii=ensure_ascii)
    if not lines:
        return "[]"
    items = [json.dumps(line, ensure_ascii=ensure_ascii) for line in lines]
    layout = re.match(r"\[(?P<first>\s*)", original)
    first = layout.group("first")
    if "\n" not in first:  # ["a", "b"] on one line
        separator = re.search(r",(\s*)\"", original)
        return "[" + first + ("," + (separator.group(1) if separator else " ")).join(items) + "]"
    closing = re.search(r"(\s*)\]$", original).group(1)
    return "[" + first + ("," + first).join(items) + closing + "]"


def write_back(nb: Notebook, new_sources: dict[int, list[str]]) -> str:
    """The notebook's JSON text with the changed cells' sources replaced, everything else kept."""
    ensure_ascii = not any(ord(c) > 127 for c in nb.text) and "\\u" in nb.text
    text = nb.text
    for cell in sorted(nb.cells, key=lambda c: c.span[0], reverse=True):
        lines = new_sources[cell.number]
        if lines == cell.lines or cell.span[0] < 0:
            continue
        start, end = cell.span
        text = (
            text[:start] + _format_source(cell, lines, text[start:end], ensure_ascii) + text[end:]
        )
    return text


# --- the entry point -----------------------------------------------------------------------------


def lint_notebook(path: Path, shown: str, settings):
    """Lint (and fix) one notebook; every failure becomes a diagnostic."""
    outcome = FileOutcome(shown)
    try:
        data = path.read_bytes()
    except OSError as error:
        outcome.diagnostics.append(
            engine_diagnostic(READ_ERROR, shown, f"cannot read file: {error.strerror or error}")
        )
        return outcome
    try:
        nb = read_notebook(data)
    except NotebookError as error:
        outcome.diagnostics.append(
            engine_diagnostic(READ_ERROR, shown, str(error), error.line, error.column)
        )
        return outcome
    module, where = nb.module()
    rules = settings.rules_for(relative_to_root(path, settings.root))
    counts: dict[str, int] = {}
    fixed_module, result, fixed, rejected = lint_and_fix(module, shown, rules, settings, counts)
    outcome.internal_error = result.internal_error or bool(rejected)
    cell_lines = {c.number: [line.rstrip("\r\n") for line in c.lines] for c in nb.cells}
    if fixed_module != module:
        sources = _split_back(nb, where, module, fixed_module)
        if sources is None:
            rejected.append(
                engine_diagnostic(
                    INTERNAL_ERROR,
                    shown,
                    "a fix touched an IPython magic line; the notebook was not changed",
                )
            )
            outcome.internal_error = True
            result = lint_and_fix(module, shown, rules, _no_fix(settings))[1]
            fixed_module = module
        else:
            new_text = write_back(nb, sources)
            outcome.fixed = fixed
            outcome.fixed_by_rule = counts
            if settings.diff:
                outcome.diff = unified_diff(nb.text, new_text, shown)
            else:
                write_atomic(path, SourceText(nb.text, "utf-8", nb.bom, original=data), new_text)
            cell_lines = {n: [s.rstrip("\r\n") for s in ls] for n, ls in sources.items()}
    new_where = _where(fixed_module, nb, where, module)
    outcome.diagnostics = [_to_cell(d, new_where) for d in result.diagnostics + rejected]
    if outcome.diagnostics:
        outcome.cell_lines = cell_lines
        outcome.json_lines = {c.number: c.json_lines for c in nb.cells}
    return outcome


def _where(fixed_module: str, nb: Notebook, where, module: str) -> list[tuple[int, int]]:
    """(cell, line) of each line of the module the final diagnostics refer to."""
    if fixed_module == module:
        return where
    sources = _split_back(nb, where, module, fixed_module) or {}
    out = []
    for number in sorted(sources):
        out.extend((number, i + 1) for i in range(len(sources[number])))
    return out


def _no_fix(settings):
    from dataclasses import replace

    return replace(settings, fix=False, diff=False)


def _to_cell(d: Diagnostic, where: list[tuple[int, int]]) -> Diagnostic:
    if not where:
        return d
    start = where[min(max(d.line, 1), len(where)) - 1]
    end = where[min(max(d.end_line, 1), len(where)) - 1]
    d.cell, d.line = start
    if end[0] == start[0]:
        d.end_line = end[1]
    else:  # cannot happen for a statement; keep the range inside the cell
        d.end_line, d.end_column = d.line, d.column
    return d


def notebook_from_cells(sources: list[str]) -> Notebook:
    """A notebook of just these code cells' texts, in order (an editor's open notebook), so that
    :meth:`Notebook.module` and :func:`split_back` work on it as on a file's."""
    cells = [Cell(i, i + 1, _lines(text), (-1, -1), True) for i, text in enumerate(sources)]
    for cell in cells:
        cell.magic = _magic_lines(cell.lines)
    return Notebook("", False, cells)


def split_back(nb: Notebook, old: str, new: str) -> dict[int, str] | None:
    """The new text of each code cell (by number) once the module ``old`` became ``new``; None
    if the change touched an IPython line."""
    _, where = nb.module()
    sources = _split_back(nb, where, old, new)
    if sources is None:
        return None
    return {number: "".join(lines) for number, lines in sources.items()}

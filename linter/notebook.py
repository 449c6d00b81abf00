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
from dataclasses import dataclass, field, replace
from typing import Any

from tf2lint.files import FixNotWritable, ReadError, split_lines_keepends
from tf2lint.rule import Diagnostic, Step

# Cell magics whose body is Python: only their first line is IPython syntax.
_PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})
_LINE_MAGIC = re.compile(
    r"^(?P<indent>[ \t]*)(?:(?P<target>[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*)[ \t]*=[ \t]*)?[%!]"
)
_HELP = re.compile(r"^(?P<indent>[ \t]*)(?:\?\??[\w.]+|[\w.]+\?\??)[ \t]*$")


class NotebookError(ReadError):
    """Not a notebook tf2lint can read: reported as a ``read-error`` naming the problem."""


@dataclass
class Cell:
    index: int  # position in the notebook's "cells" array
    number: int  # 1-based among all cells, markdown too (as ruff numbers them)
    lines: list[str]  # the source split into lines, keeping line ends
    span: tuple[int, int]  # the JSON text span of the "source" value
    as_list: bool  # source stored as a list of lines (else as one string)
    json_lines: list[int] = field(default_factory=list)  # the JSON line of each source line
    magic: dict[int, str] = field(default_factory=dict)  # 0-based line -> its placeholder
    # the first line's leading whitespace: IPython strips it from every line that starts with
    # it before running the cell (` x = 1` runs), so the module holds those lines without it
    indent: str = ""

    @property
    def text(self) -> str:
        return "".join(self.lines)

    def dedented(self, i: int) -> bool:
        """Whether the module holds line ``i`` (0-based) without the cell's leading indent."""
        return bool(self.indent) and i not in self.magic and self.lines[i].startswith(self.indent)


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
                if cell.indent and line.startswith(cell.indent) and body.startswith(cell.indent):
                    body = body[len(cell.indent) :]  # a placeholder keeps its line's indent
                if not body.endswith(("\n", "\r")):
                    body += "\n"
                parts.append(body)
                where.append((cell.number, i + 1))
        return "".join(parts), where


def _lines(text: str) -> list[str]:
    """A cell's lines, keeping their ends, split where Python's tokenizer splits them (a lone
    "\r" ends a line too), so that each is one line of the module the engine numbers."""
    return split_lines_keepends(text)


def _placeholder(line: str) -> str:
    match = _LINE_MAGIC.match(line) or _HELP.match(line)
    indent = match.group("indent") if match else ""
    target = match.groupdict().get("target") if match else None
    end = "\n" if line.endswith(("\n", "\r")) else ""
    return f"{indent}{target} = ...{end}" if target else f"{indent}pass{end}"


def _leading_indent(lines: list[str]) -> str:
    """What IPython's ``leading_indent`` transform strips: the first line's indentation."""
    match = re.match(r"[ \t]+", lines[0]) if lines else None
    return match.group(0) if match else ""


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
    except RecursionError as error:
        raise NotebookError(_TOO_DEEP, *_line_col(text, i)) from error
    except ValueError as error:  # e.g. an integer of more digits than Python converts
        raise NotebookError(f"not a valid notebook: {error}", *_line_col(text, i)) from error


_TOO_DEEP = "not a valid notebook: its JSON is nested too deeply"


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict:
    """A JSON object's members; a key given twice is an error (which value counts is unclear,
    and the fixes are spliced into the text where the first one stands)."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise NotebookError(
                f"not a valid notebook: the key `{key}` appears twice in one object"
            )
        found[key] = value
    return found


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
    """The notebook's code cells; NotebookError (a ReadError) naming what is wrong if it is
    not an nbformat 4 notebook."""
    bom = data.startswith(codecs.BOM_UTF8)
    try:
        text = data[3:].decode("utf-8") if bom else data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise NotebookError("not a valid notebook: it is not UTF-8", line) from error
    try:
        document = json.loads(text, object_pairs_hook=_unique_keys)  # clear errors, with lines
    except json.JSONDecodeError as error:
        raise _json_error(error) from error
    except RecursionError as error:
        raise NotebookError(_TOO_DEEP) from error
    except ValueError as error:  # a number Python will not convert
        raise NotebookError(f"not a valid notebook: {error}") from error
    if not isinstance(document, dict) or not isinstance(document.get("cells"), list):
        raise NotebookError(
            "not a valid notebook: no `cells` list (only nbformat 4 notebooks are supported)"
        )
    metadata = document.get("metadata")
    language = metadata.get("language_info") if isinstance(metadata, dict) else None
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
                    value = "".join(value)
                    as_list = True
                elif isinstance(value, str):
                    as_list = False
                else:
                    raise NotebookError(
                        f"not a valid notebook: cell {index + 1} has a bad `source`",
                        *_line_col(text, span[0]),
                    )
                if not _encodable(value):
                    raise NotebookError(
                        f"not a valid notebook: cell {index + 1} holds a lone surrogate "
                        "(an escape like \\ud800 that is no character)",
                        *_line_col(text, span[0]),
                    )
                lines = _lines(value)
                cells.append(Cell(index, index + 1, lines, span, as_list))
            elif isinstance(cell, dict) and cell.get("cell_type") == "code":
                cells.append(Cell(index, index + 1, [], (-1, -1), True))
            index += 1
            i = _skip(text, i)
            if text[i : i + 1] == ",":
                i += 1
                continue
            return _expect(text, i, "]")

    try:
        _walk_object(text, _skip(text, 0), top)
    except (RecursionError, IndexError) as error:  # json.loads accepted it; cannot happen
        raise NotebookError("not a valid notebook: unexpected JSON structure") from error
    for cell in cells:
        cell.magic = _magic_lines(cell.lines)
        cell.indent = _leading_indent(cell.lines)
        cell.json_lines = _json_lines(text, cell)
    return Notebook(text, bom, cells)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


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


def _line_pairs(opcodes, old_lines: list[str], new_lines: list[str]):
    """``opcodes`` with each replacement of some lines by a different number of lines split
    into one-line replacements of the lines that are alike (a fixed line and its original),
    deletions and insertions: a fix on the first line of a cell that follows a deleted line
    (TF000 removing a comment at the end of the cell before) stays in its own cell."""
    for op, i1, i2, j1, j2 in opcodes:
        if op != "replace" or i2 - i1 == j2 - j1:
            yield op, i1, i2, j1, j2
            continue
        i, j = i1, j1
        for new in range(j1, j2):
            alike = [
                (difflib.SequenceMatcher(None, old_lines[o], new_lines[new]).ratio(), o)
                for o in range(i, i2)
            ]
            ratio, old = max(alike, default=(0.0, i))
            if ratio < 0.6:
                continue  # inserted: goes with the lines around it
            if old > i:
                yield "delete", i, old, j, j
            if new > j:
                yield "insert", old, old, j, new
            yield "replace", old, old + 1, new, new + 1
            i, j = old + 1, new + 1
        if i < i2 and j < j2:
            yield "replace", i, i2, j, j2
        elif i < i2:
            yield "delete", i, i2, j, j
        elif j < j2:
            yield "insert", i, i, j, j2


def _split_back(nb: Notebook, where: list[tuple[int, int]], old: str, new: str):
    """The fixed module's lines, given back to their cells. None if a fix touched IPython lines."""
    old_lines = _lines(old)
    new_lines = _lines(new)
    by_number = {c.number: c for c in nb.cells}
    out: dict[int, list[str]] = {c.number: [] for c in nb.cells}
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for op, i1, i2, j1, j2 in _line_pairs(matcher.get_opcodes(), old_lines, new_lines):
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
                elif cell.dedented(line - 1):
                    out[number].append(cell.indent + new_lines[j1 + k])
                else:
                    out[number].append(new_lines[j1 + k])
        elif j2 > j1:
            number = where[i1][0] if i1 < len(where) else where[-1][0]
            if op == "insert" and i1 > 0:
                number = where[i1 - 1][0]
            indent = by_number[number].indent
            out[number].extend(indent + line if line.strip() else line for line in new_lines[j1:j2])
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


# --- the source adapter (see tf2lint.sources) ----------------------------------------------------


class NotebookSource:
    """A notebook's code cells as one module; fixes go back into the cells' ``source``."""

    def __init__(self, nb: Notebook) -> None:
        self.nb = nb
        self.file_text = nb.text
        self.text, self.where = nb.module()

    def _cells(self, code: str) -> dict[int, list[str]] | None:
        if code == self.text:
            return {c.number: c.lines for c in self.nb.cells}
        return _split_back(self.nb, self.where, self.text, code)

    def render(self, fixed: str) -> tuple[str, bytes]:
        sources = self._cells(fixed)
        if sources is None:
            raise FixNotWritable("a fix touched an IPython line (a magic or shell escape)")
        new_text = write_back(self.nb, sources)
        return new_text, (codecs.BOM_UTF8 if self.nb.bom else b"") + new_text.encode("utf-8")

    def place(self, diagnostics: list[Diagnostic], code: str) -> list[Diagnostic]:
        sources = self._cells(code) or {}
        where = [(number, i + 1) for number in sorted(sources) for i in range(len(sources[number]))]
        placed = [_to_cell(d, where) for d in diagnostics]
        by_number = {c.number: c for c in self.nb.cells}
        for d in placed:  # its evidence's lines too: each in its cell
            if d.evidence is not None and where:
                d.evidence = replace(
                    d.evidence,
                    traced=tuple(step_to_cell(s, where) for s in d.evidence.traced),
                    value=tuple(step_to_cell(s, where) for s in d.evidence.value),
                )
        for d in placed:  # a dedented cell's lines: the columns of its own text
            cell = by_number.get(d.cell)
            if cell is not None and cell.indent and code == self.text:
                if 0 < d.line <= len(cell.lines) and cell.dedented(d.line - 1):
                    d.column += len(cell.indent)
                if 0 < d.end_line <= len(cell.lines) and cell.dedented(d.end_line - 1):
                    d.end_column += len(cell.indent)
        return placed

    def diff(self, fixed: str, shown: str) -> str:
        """As ruff's: a diff of each changed cell's source, headed ``nb.ipynb:cell N``."""
        sources = self._cells(fixed) or {}
        out = []
        for cell in self.nb.cells:
            new = sources.get(cell.number, cell.lines)
            if new != cell.lines:
                name = f"{shown}:cell {cell.number}"
                out += difflib.unified_diff(_ended(cell.lines), _ended(new), name, name)
        return "".join(out)

    def frames(self, code: str) -> dict[str, Any]:
        sources = self._cells(code) or {}
        return {
            "cell_lines": {n: [s.rstrip("\r\n") for s in ls] for n, ls in sources.items()},
            "json_lines": {c.number: c.json_lines for c in self.nb.cells},
        }


def _ended(lines: list[str]) -> list[str]:
    """A cell's lines, each ending a line (its last need not), for a diff."""
    return [line if line.endswith(("\n", "\r")) else line + "\n" for line in lines]


def open_notebook(data: bytes) -> NotebookSource:
    return NotebookSource(read_notebook(data))


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


def step_to_cell(step: Step, where: list[tuple[int, int]]) -> Step:
    """An evidence step of this notebook (a line of its joined cells) placed in its cell."""
    if step.path is not None or step.cell is not None or not 0 < step.line <= len(where):
        return step
    cell, line = where[step.line - 1]
    return replace(step, line=line, cell=cell)


def notebook_from_cells(sources: list[str]) -> Notebook:
    """A notebook of just these code cells' texts, in order (an editor's open notebook), so that
    :meth:`Notebook.module` and :func:`split_back` work on it as on a file's."""
    cells = [Cell(i, i + 1, _lines(text), (-1, -1), True) for i, text in enumerate(sources)]
    for cell in cells:
        cell.magic = _magic_lines(cell.lines)
        cell.indent = _leading_indent(cell.lines)
    return Notebook("", False, cells)


def split_back(nb: Notebook, old: str, new: str) -> dict[int, str] | None:
    """The new text of each code cell (by number) once the module ``old`` became ``new``; None
    if the change touched an IPython line."""
    _, where = nb.module()
    sources = _split_back(nb, where, old, new)
    if sources is None:
        return None
    return {number: "".join(lines) for number, lines in sources.items()}

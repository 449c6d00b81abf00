"""Incremental parsing for the language server: an edit re-parses only the top-level statements
it touches, and the new ``libcst.Module`` reuses the others from the document's last good parse.

libcst's parse of a 2,000-line file takes well over 100 ms, the whole per-keystroke budget. An
edit in an editor touches a few lines; the statements around them are unchanged text, so their
nodes are what a full parse would build again. The module is split into

* the **prefix**: whole statements before the first changed line. The last one is kept only when
  its end cannot move: a simple statement ends at its own newline, but a compound one may gain
  lines (a body line, an ``else:``, an indented comment its block's footer owns) from what
  follows, so it is kept only when the next statement's first code line is unchanged too;
* the **chunk**: the changed lines and the statements they touch, parsed alone as a module. It
  starts where a statement starts (depth 0, no open string or bracket) and ends just before the
  first code line of an unchanged statement; if it does not parse alone (the edit opened a
  string or bracket closed further down), it grows by a statement, up to the end of the file;
* the **suffix**: the statements from that unchanged code line on. The chunk is parsed with a
  ``pass`` standing in for the suffix's first statement, so the blank and comment lines before
  it go to the chunk's last block or to it exactly as in a full parse; the ``pass``'s leading
  lines become the suffix statement's.

An edit inside the body of a top-level class or function (a Keras model of 1,800 lines) is
parsed the same way one level down: the body's statements it touches, in an ``if 1:`` of the
body's indentation, spliced into the class; an edit inside a method of that class, two levels
down (two ``if 1:``), spliced into the method.

The engine parses a text with Python's parser first (tf2lint.linting.engine.lint_module).
After an edit that keeps the number of lines, Python's tree is built the same way: each
chunk is parsed by Python before libcst is given it (Python refuses nesting that would crash
libcst's parser), padded with blank lines so that its nodes carry their lines in the whole
text, and its statements replace the old tree's (copied, not changed, on the way down). And
the positions of reported nodes (tf2lint.base.positions) in statements the edit left alone,
the same node objects on lines both texts share, are the last lint's, moved by the lines the
edit added (IncrementalParser.node_ranges).

libcst writes a block's indentation and a line's newline as "the module's default" when they
equal it, and detects both from the first indented block and the first line end of the text:
the chunk's and the new text's must agree with the old module's, or the text is parsed whole.
tests/test_incremental.py checks on random edits that the module built here is equal to (and
prints the same as) a full parse, and the tree equal to ``ast.parse``'s;
tests/test_incremental_lint.py that a lint after random edits equals a fresh lint.
"""

from __future__ import annotations

import ast
import copy
import re
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import libcst as cst

from tf2lint.base.lines import split_lines_keepends
from tf2lint.base.parsing import parse_module
from tf2lint.base.positions import Range, node_ranges
from tf2lint.linting.engine import MAX_BOOLEAN_OPERANDS

# A chunk that fails to parse alone grows by one statement this many times, then to the end.
MAX_ATTEMPTS = 3
# Documents whose last parse is kept (the language server's open buffers, most recent first).
MAX_DOCUMENTS = 16


@dataclass
class _Parsed:
    """A document's last good parse."""

    lines: list[str]
    module: cst.Module
    # How many lines each top-level statement spans, its leading lines included; computed when
    # the first edit needs them (a code generation of the whole module, about 40 ms on 2,000
    # lines, not worth paying on opening a file that may never be edited).
    spans: list[int] | None = None
    # The same for the statements in the body of the class or function last edited inside,
    # and of the method in it: (the class or function, its statements' spans) by depth.
    inner: list[tuple[cst.CSTNode, list[int]]] | None = None
    # A line holding only `\` (Python joins it to the next): libcst's tree of it differs from
    # its tree of the same statements around an edit, so such a text is never reused nor built
    # incrementally.
    lone_backslash: bool = False
    # Python's tree of the same lines (what the engine parses first), when known.
    tree: ast.Module | None = None
    # The positions the last lint of these lines found: id(node) -> (node, its range, whether
    # the whole range was asked for or only its start). The node is kept: its id stays its own.
    placed: dict[int, tuple[cst.CSTNode, Range, bool]] | None = None
    # The parse this one was built from, and the lines the two share: the first ``prefix``
    # and the last ``suffix``. A node of ``previous.module`` still in this module lies in them.
    previous: _Parsed | None = None
    prefix: int = 0
    suffix: int = 0


_LONE_BACKSLASH = re.compile(r"^[ \t\f]*\\(?:\r\n|\r|\n)", re.MULTILINE)


class _NotIncremental(Exception):
    """The text could not be parsed from the last parse (then it is parsed whole)."""


class IncrementalParser:
    """Parses documents by key (a path), re-using the last good parse of the same key."""

    def __init__(self, parse: Callable[[str], cst.Module] = parse_module) -> None:
        self._parse = parse
        self._documents: OrderedDict[str, _Parsed] = OrderedDict()
        self.last_was_incremental = False  # what the last call did (for tests and benchmarks)
        self.last_tree_was_incremental = False  # the same for parse_tree
        # While parse_tree builds Python's tree with the module: each chunk libcst parses is
        # first parsed by Python (which refuses what would crash libcst's parser), its tree
        # kept here for the module's.
        self._with_tree = False
        self._chunk_tree: list[ast.stmt] | None = None
        # A tree parse_tree built in full, for the module parse is about to build of its text.
        self._pending_tree: tuple[str, str, ast.Module] | None = None
        self._split: tuple[str, list[str]] | None = None  # the last text split into lines

    def parse(self, key: str, text: str) -> cst.Module:
        """The module of ``text``, equal to a full parse of it. Raises as libcst does."""
        lines = self._lines(text)
        lone_backslash = "\\" in text and _LONE_BACKSLASH.search(text) is not None
        old = self._documents.get(key)
        parsed = None
        if old is not None:
            if old.lines == lines:
                parsed = old
            elif not (lone_backslash or old.lone_backslash):
                shared = _shared(old.lines, lines)
                parsed = self._reparse(old, lines, *shared)
                if parsed is not None:
                    parsed.previous = old
                    old.previous = None  # one parse back is all that is kept
                    parsed.prefix, parsed.suffix = shared
        self.last_was_incremental = parsed is not None
        if parsed is None and self._with_tree:
            # Python has not read the whole text yet: it may hold nesting that crashes
            # libcst's parser (the engine asks Python first for that reason).
            raise _NotIncremental
        if parsed is None:
            # On a syntax error the last good parse stays: the next valid text is diffed with it.
            parsed = _Parsed(lines, self._parse(text))
        pending, self._pending_tree = self._pending_tree, None
        if parsed.tree is None and pending is not None and pending[:2] == (key, text):
            parsed.tree = pending[2]
        parsed.lone_backslash = lone_backslash
        self._documents[key] = parsed
        self._documents.move_to_end(key)
        while len(self._documents) > MAX_DOCUMENTS:
            self._documents.popitem(last=False)
        return parsed.module

    def for_document(self, key: str) -> Document:
        """A parse function for ``lint_module``: this parser, for the document ``key``, with
        Python's tree and the reported nodes' positions built from the last lint's too."""
        return Document(self, key)

    def parse_tree(self, key: str, text: str) -> ast.Module:
        """Python's tree of ``text`` (what ``ast.parse`` returns; raises as it does). After an
        edit that keeps the number of lines, only the statements libcst re-parses are parsed
        again, by Python first (as the engine parses a whole text by Python before libcst);
        the document's module is built at the same time, for :meth:`parse`."""
        self.last_tree_was_incremental = False
        old = self._documents.get(key)
        if old is not None and old.tree is not None and not _too_many_operands(text):
            lines = self._lines(text)
            if old.lines == lines:
                self.last_tree_was_incremental = True
                return old.tree
            if len(lines) == len(old.lines):  # else the later statements' lines move
                self._with_tree = True
                try:
                    self.parse(key, text)
                except Exception:  # _NotIncremental, or a chunk libcst refuses
                    pass  # Python's full parse below says what is wrong, if anything
                finally:
                    self._with_tree, self._chunk_tree = False, None
                new = self._documents.get(key)
                if new is not None and new.previous is old and new.tree is not None:
                    self.last_tree_was_incremental = True
                    return new.tree
        tree = ast.parse(text)
        self._pending_tree = (key, text, tree)
        return tree

    def node_ranges(
        self,
        key: str,
        module: cst.Module,
        nodes: Iterable[cst.CSTNode],
        source: str | None = None,
        tree: ast.Module | None = None,
        events: Sequence[tuple[cst.CSTNode, bool]] | None = None,
        starts: Iterable[cst.CSTNode] = (),
    ) -> dict[int, Range]:
        """:func:`tf2lint.base.positions.node_ranges`, for the document's current module: a
        node the last lint placed, in a statement the edit left alone (the same node object,
        on lines both texts share), keeps its range, moved by the lines the edit added."""
        parsed = self._documents.get(key)
        if parsed is None or parsed.module is not module:
            return node_ranges(module, nodes, source, tree, events, starts)
        full = {id(n): n for n in nodes}
        only_start = {id(n): n for n in starts if id(n) not in full}
        if parsed.placed is not None:  # the same text linted again
            known, prefix, suffix, shift = parsed.placed, len(parsed.lines), 0, 0
        elif parsed.previous is not None and parsed.previous.placed is not None:
            known, prefix, suffix = parsed.previous.placed, parsed.prefix, parsed.suffix
            shift = len(parsed.lines) - len(parsed.previous.lines)
        else:
            known, prefix, suffix, shift = {}, 0, 0, 0
        moved_from = len(parsed.lines) - shift - suffix  # 0-based old line where the suffix starts
        ranges: dict[int, Range] = {}
        placed: dict[int, tuple[cst.CSTNode, Range, bool]] = {}
        for wanted, whole in ((full, True), (only_start, False)):
            for key_, node in list(wanted.items()):
                entry = known.get(key_)
                if entry is None or entry[0] is not node or (whole and not entry[2]):
                    continue
                found = entry[1]
                first, last = found[0], found[2]  # 1-based lines
                if last <= prefix:
                    pass
                elif first > moved_from and last <= moved_from + suffix:
                    found = (first + shift, found[1], last + shift, found[3])
                else:
                    continue
                ranges[key_] = found
                placed[key_] = (node, found, entry[2])
                del wanted[key_]
        if full or only_start:
            fresh = node_ranges(
                module, full.values(), source, tree, events, starts=only_start.values()
            )
            for wanted, whole in ((full, True), (only_start, False)):
                for key_, node in wanted.items():
                    if key_ in fresh:
                        ranges[key_] = fresh[key_]
                        placed[key_] = (node, fresh[key_], whole)
        parsed.placed = placed
        parsed.previous = None  # its nodes are placed: let its tree go
        return ranges

    def _lines(self, text: str) -> list[str]:
        """The lines of ``text``; the engine asks for a text's tree, then its module."""
        if self._split is None or self._split[0] is not text:
            self._split = (text, split_lines_keepends(text))
        return self._split[1]

    def _reparse(self, old: _Parsed, lines: list[str], prefix: int, suffix: int) -> _Parsed | None:
        module = old.module
        body = module.body
        if not body:
            return None
        if old.spans is None:
            old.spans = _spans(module, body)
        spans = old.spans
        header, footer = len(module.header), len(module.footer)
        if header + sum(spans) + footer != len(old.lines):
            return None  # lines counted otherwise than split here (a form feed, say): parse
        old_lines = old.lines
        starts = []
        line = header
        for span in spans:
            starts.append(line)
            line += span
        starts.append(line)  # where the footer starts
        n = len(body)

        def first_code(i: int) -> int:
            return starts[i] + len(body[i].leading_lines)

        # The prefix: statements [0, k).
        k = 0
        while k < n and starts[k] + spans[k] <= prefix:
            k += 1
        while k > 0 and not (
            isinstance(body[k - 1], cst.SimpleStatementLine) or (k < n and first_code(k) < prefix)
        ):
            k -= 1
        if k < n and isinstance(body[k], (cst.ClassDef, cst.FunctionDef)):
            inside = self._reparse_inside(old, lines, k, starts[k], prefix, suffix)
            if inside is not None:
                return inside
        chunk_start = starts[k] if k > 0 else 0  # at 0, the header is the chunk's
        # The suffix: from statement j on, its first code line unchanged.
        unchanged_from = len(old_lines) - suffix
        shift = len(lines) - len(old_lines)
        candidates = [j for j in range(k, n) if first_code(j) >= unchanged_from][:MAX_ATTEMPTS]
        for j in [*candidates, n]:
            end = first_code(j) + shift if j < n else len(lines)
            if j < n and lines[end - 1].rstrip("\r\n").endswith("\\"):
                continue  # a line continued into the suffix's: not a statement boundary
            # Before the suffix, a `pass` stands in for its first statement: the lines between
            # are its leading lines as they are the suffix's (at the very end of a text libcst
            # can drop a blank line: `x=1\n\n \n` prints back as `x=1\n \n`).
            text = "".join(lines[chunk_start:end])
            sentinel = f"pass{module.default_newline}" if j < n else ""
            if self._with_tree and not self._parse_chunk_tree(chunk_start, text + sentinel):
                continue
            try:
                chunk = self._parse(text + sentinel)
            except Exception:
                continue
            if j < n:
                last = chunk.body[-1] if chunk.body else None
                if chunk.footer or not _is_pass(last):
                    continue
                statements, between = list(chunk.body[:-1]), list(last.leading_lines)
            else:
                statements, between = list(chunk.body), list(chunk.footer)
            parsed = _assemble(old, lines, chunk, statements, between, k, j, end - chunk_start)
            if parsed is not None and self._chunk_tree is not None:
                parsed.tree = _top_tree(old, len(lines), self._chunk_tree, statements, k, j)
            return parsed
        return None

    def _parse_chunk_tree(self, line: int, text: str) -> bool:
        """Python's parse of a chunk that starts at 0-based ``line``: whether it accepts it
        (else libcst is not given it); its statements, at their lines in the whole text, kept."""
        self._chunk_tree = None
        try:
            self._chunk_tree = ast.parse("\n" * line + text).body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return False
        return True

    def _reparse_inside(
        self, old: _Parsed, lines: list[str], k: int, start: int, prefix: int, suffix: int
    ) -> _Parsed | None:
        """The module of ``lines`` when the edit lies inside the body of the class or function
        ``old.module.body[k]`` (which starts at line ``start``): as at the top level, the body's
        statements the edit touches are parsed alone, indented in an ``if 1:`` of the same
        indentation, and the others are kept; an edit inside a method of a class, the same
        way one level further down. A class of 1,800 lines, as Keras and tensor2tensor have,
        then costs a statement's parse, not the class's nor the method's."""
        module = old.module
        found = self._inside(old, lines, module.body[k], start, old.spans[k], prefix, suffix, 0)
        if found is None:
            return None
        new_outer, levels, path = found
        top_spans = list(old.spans)
        top_spans[k] += len(lines) - len(old.lines)
        if len(module.header) + sum(top_spans) + len(module.footer) != len(lines):
            return None
        new_module = module.with_changes(body=[*module.body[:k], new_outer, *module.body[k + 1 :]])
        parsed = _Parsed(lines, new_module, top_spans)
        parsed.inner = levels
        if self._chunk_tree is not None:
            parsed.tree = _inner_tree(old, len(lines), self._chunk_tree, k, path)
        return parsed

    def _inside(
        self,
        old: _Parsed,
        lines: list[str],
        outer: cst.CSTNode,
        start: int,
        span: int,
        prefix: int,
        suffix: int,
        depth: int,
    ) -> tuple[cst.CSTNode, list, list] | None:
        """``outer`` (at ``depth`` below the module, starting at line ``start``, ``span`` lines
        long) rebuilt for ``lines``: the new node, each level's (node, statement spans) from
        it down, and each level's (first, end, new statements) replaced; None where the edit
        is not inside its body or the chunk does not parse alone."""
        module = old.module
        block = outer.body
        if not isinstance(block, cst.IndentedBlock) or not block.body:
            return None
        indent = block.indent if block.indent is not None else module.default_indent
        if indent != module.default_indent:
            return None  # the chunk's nested blocks would be written relative to another default
        statements = block.body
        known = old.inner[depth] if old.inner is not None and len(old.inner) > depth else None
        if known is None or known[0] is not outer:
            known = (outer, _spans(module, statements))
            old.inner = [*(old.inner or [])[:depth], known]
        spans = known[1]
        head = span - sum(spans) - len(block.footer)
        if head <= 0 or start + head > prefix:
            return None  # the edit touches the class's or function's own lines
        starts = []
        line = start + head
        for length in spans:
            starts.append(line)
            line += length
        m = len(statements)

        def first_code(i: int) -> int:
            return starts[i] + len(statements[i].leading_lines)

        a = 0
        while a < m and starts[a] + spans[a] <= prefix:
            a += 1
        while a > 0 and not (
            isinstance(statements[a - 1], cst.SimpleStatementLine)
            or (a < m and first_code(a) < prefix)
        ):
            a -= 1
        unchanged_from = len(old.lines) - suffix
        shift = len(lines) - len(old.lines)
        if a < m and isinstance(statements[a], (cst.ClassDef, cst.FunctionDef)):
            deeper = self._inside(
                old, lines, statements[a], starts[a], spans[a], prefix, suffix, depth + 1
            )
            if deeper is not None:  # the edit lies inside a method: only its statements change
                new_inner, levels, path = deeper
                inner_spans = list(spans)
                inner_spans[a] += shift
                if head + sum(inner_spans) + len(block.footer) != span + shift:
                    return None
                new_outer = outer.with_changes(
                    body=block.with_changes(body=[*statements[:a], new_inner, *statements[a + 1 :]])
                )
                return new_outer, [(new_outer, inner_spans), *levels], [(a, a + 1, []), *path]
        candidates = [b for b in range(a, m) if first_code(b) >= unchanged_from][:MAX_ATTEMPTS]
        newline = module.default_newline
        levels = depth + 1  # the `if 1:` blocks the chunk is nested in
        opening = "".join(f"{indent * i}if 1:{newline}" for i in range(levels))
        for b in candidates:
            end = first_code(b) + shift
            if lines[end - 1].rstrip("\r\n").endswith("\\"):
                continue
            text = "".join(lines[starts[a] : end])
            wrapped = f"{opening}{text}{indent * levels}pass{newline}"
            if self._with_tree and not self._parse_chunk_tree(starts[a] - levels, wrapped):
                continue
            try:
                chunk = self._parse(wrapped)
            except Exception:
                continue
            if (
                chunk.header
                or chunk.footer
                or chunk.default_indent != module.default_indent
                or chunk.default_newline != newline
            ):
                continue
            inner = _unwrap(chunk, levels, indent)
            if inner is None:
                continue
            last = inner.body[-1]
            if inner.footer or not _is_pass(last) or len(inner.body) < 2:
                continue
            new, footer = list(inner.body[:-1]), list(last.leading_lines)
            new_spans = _spans(chunk, new[:-1])
            new_spans.append(end - starts[a] - sum(new_spans) - len(footer))
            following = statements[b]
            if following.leading_lines or footer:
                following = following.with_changes(leading_lines=footer)
            inner_spans = [
                *spans[:a],
                *new_spans,
                spans[b] - len(statements[b].leading_lines) + len(footer),
                *spans[b + 1 :],
            ]
            if head + sum(inner_spans) + len(block.footer) != span + shift:
                return None
            new_outer = outer.with_changes(
                body=block.with_changes(
                    body=[*statements[:a], *new, following, *statements[b + 1 :]]
                )
            )
            return new_outer, [(new_outer, inner_spans)], [(a, b, new)]
        return None


def _unwrap(chunk: cst.Module, levels: int, indent: str) -> cst.IndentedBlock | None:
    """The block inside the ``levels`` nested ``if 1:`` a chunk was parsed in, each alone in
    its block and indented by ``indent``; None if the chunk is not that."""
    body: Sequence[cst.CSTNode] = chunk.body
    block = None
    for _ in range(levels):
        wrapper = body[0] if len(body) == 1 else None
        if (
            not isinstance(wrapper, cst.If)
            or not isinstance(wrapper.body, cst.IndentedBlock)
            or wrapper.orelse is not None
            or (block is not None and (block.footer or wrapper.leading_lines))
            or (wrapper.body.indent or chunk.default_indent) != indent
        ):
            return None
        block = wrapper.body
        body = block.body
    return block


def _assemble(
    old: _Parsed,
    lines: list[str],
    chunk: cst.Module,
    new_body: list[cst.CSTNode],
    between: list[cst.EmptyLine],
    k: int,
    j: int,
    chunk_lines: int,
) -> _Parsed | None:
    """The module of ``lines``: ``old``'s statements [0, k), the chunk's ``new_body`` (its
    ``chunk_lines`` lines, the last ``between`` the last statement and statement ``j``), and
    ``old``'s from ``j`` on; None where libcst's module-wide defaults would differ from a full
    parse's."""
    module = old.module
    body, spans = module.body, old.spans
    assert spans is not None
    n = len(body)
    if not new_body:
        return None  # only blank and comment lines: whose they are depends on both neighbours
    if chunk.encoding != module.encoding or chunk.default_newline != module.default_newline:
        return None
    if k == 0 and not lines[0].endswith(module.default_newline):
        return None  # the first line end, which libcst takes as the default, may have changed
    chunk_has_block = any(_has_block(s) for s in new_body)
    if chunk_has_block and chunk.default_indent != module.default_indent:
        return None
    if (
        not chunk_has_block
        and not any(_has_block(s) for s in body[:k])
        and any(_has_block(s) for s in body[k:j])
    ):
        return None  # the new text's first indented block is in the suffix, the old one's not
    # The chunk's statements but its last by code generation (a chunk is mostly one statement);
    # the last spans what is left of the chunk's lines.
    chunk_spans = _spans(chunk, new_body[:-1])
    chunk_spans.append(chunk_lines - len(chunk.header) - sum(chunk_spans) - len(between))
    if k > 0:  # the chunk's header is the leading lines of its first statement here
        new_body[0] = new_body[0].with_changes(
            leading_lines=[*chunk.header, *new_body[0].leading_lines]
        )
        chunk_spans[0] += len(chunk.header)
        header = module.header
    else:
        header = chunk.header
    if j < n:
        first = body[j]
        if first.leading_lines or between:
            first = first.with_changes(leading_lines=between)
        tail = [first, *body[j + 1 :]]
        tail_spans = [spans[j] - len(body[j].leading_lines) + len(between), *spans[j + 1 :]]
        footer, trailing = module.footer, module.has_trailing_newline
    else:
        tail, tail_spans = [], []
        footer, trailing = chunk.footer, chunk.has_trailing_newline
    new_spans = [*spans[:k], *chunk_spans, *tail_spans]
    if len(header) + sum(new_spans) + len(footer) != len(lines):
        return None
    new_module = module.with_changes(
        body=[*body[:k], *new_body, *tail],
        header=header,
        footer=footer,
        has_trailing_newline=trailing,
    )
    return _Parsed(lines, new_module, new_spans)


class Document:
    """The incremental parser for one document, as ``lint_module`` takes it: called, the
    module; ``parse_tree``, Python's tree; ``node_ranges``, positions (see IncrementalParser)."""

    __slots__ = ("key", "parser")

    def __init__(self, parser: IncrementalParser, key: str) -> None:
        self.parser, self.key = parser, key

    def __call__(self, text: str) -> cst.Module:
        return self.parser.parse(self.key, text)

    def parse_tree(self, text: str) -> ast.Module:
        return self.parser.parse_tree(self.key, text)

    def node_ranges(self, module: cst.Module, *args, **kwargs) -> dict[int, Range]:
        return self.parser.node_ranges(self.key, module, *args, **kwargs)


def _shared(old: list[str], new: list[str]) -> tuple[int, int]:
    """How many lines the two texts share at their start, and then at their end."""
    limit = min(len(old), len(new))
    prefix = 0
    while prefix < limit and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    return prefix, suffix


def _too_many_operands(text: str) -> bool:
    """Whether ``text`` may hold a chain of more `and`/`or` operands than libcst's parser can
    take, which the engine refuses after Python's parse and before libcst's: such a text gets
    Python's full parse first, as the engine gives it."""
    return text.count("and") + text.count("or") >= MAX_BOOLEAN_OPERANDS


def _ast_count(statement: cst.CSTNode) -> int:
    """How many statements of Python's tree a statement of libcst's is (``a; b`` is two)."""
    return len(statement.body) if type(statement) is cst.SimpleStatementLine else 1


def _top_tree(
    old: _Parsed, count: int, chunk: list[ast.stmt], new: list[cst.CSTNode], k: int, j: int
) -> ast.Module | None:
    """Python's tree of the new text (``count`` lines): ``old``'s tree with the statements of
    libcst's [k, j) replaced by the ``chunk``'s (ending with the stand-in ``pass`` when j is
    not the end); None where it cannot be told (the lines after the chunk moved, say)."""
    tree, body = old.tree, old.module.body
    if tree is None or count != len(old.lines):
        return None
    if j < len(body):
        if not chunk or type(chunk[-1]) is not ast.Pass:
            return None
        chunk = chunk[:-1]
    if sum(map(_ast_count, new)) != len(chunk) or sum(map(_ast_count, body)) != len(tree.body):
        return None
    before, replaced = sum(map(_ast_count, body[:k])), sum(map(_ast_count, body[k:j]))
    kept = tree.body
    return ast.Module(body=[*kept[:before], *chunk, *kept[before + replaced :]], type_ignores=[])


_DEFINITIONS = {
    cst.ClassDef: (ast.ClassDef,),
    cst.FunctionDef: (ast.FunctionDef, ast.AsyncFunctionDef),
}


def _inner_tree(
    old: _Parsed, count: int, chunk: list[ast.stmt], k: int, path: list
) -> ast.Module | None:
    """Python's tree of the new text (``count`` lines): ``old``'s tree with, in the body of the
    class or function ``k`` (and so on down ``path``, each level's (first, end, new)
    statements), the statements the chunk re-parsed replaced by the ``chunk``'s (as many
    ``if 1:`` as levels, holding them and the stand-in ``pass``); None where it cannot be
    told."""
    tree, body = old.tree, old.module.body
    if tree is None or count != len(old.lines) or sum(map(_ast_count, body)) != len(tree.body):
        return None
    inner = chunk
    for _ in path:
        if len(inner) != 1 or type(inner[0]) is not ast.If or inner[0].orelse:
            return None
        inner = inner[0].body
    if not inner or type(inner[-1]) is not ast.Pass:
        return None
    inner = inner[:-1]

    def rebuilt(outer: cst.CSTNode, node: ast.stmt, level: int) -> ast.stmt | None:
        statements = outer.body.body
        if type(node) not in _DEFINITIONS.get(type(outer), ()) or sum(
            map(_ast_count, statements)
        ) != len(node.body):
            return None
        a, b, new = path[level]
        before = sum(map(_ast_count, statements[:a]))
        replaced = sum(map(_ast_count, statements[a:b]))
        if level + 1 < len(path):
            child = rebuilt(statements[a], node.body[before], level + 1)
            if child is None:
                return None
            replacement = [child]
        elif sum(map(_ast_count, new)) == len(inner):
            replacement = inner
        else:
            return None
        changed = copy.copy(node)  # the old tree's node stays as it was
        changed.body = [*node.body[:before], *replacement, *node.body[before + replaced :]]
        return changed

    index = sum(map(_ast_count, body[:k]))
    top = rebuilt(body[k], tree.body[index], 0)
    if top is None:
        return None
    return ast.Module(body=[*tree.body[:index], top, *tree.body[index + 1 :]], type_ignores=[])


def _spans(module: cst.Module, body: Sequence[cst.CSTNode]) -> list[int]:
    return [len(split_lines_keepends(module.code_for_node(s))) for s in body]


def _is_pass(node: cst.CSTNode | None) -> bool:
    """The stand-in statement the chunk ends with: a ``pass`` alone on its line."""
    return (
        isinstance(node, cst.SimpleStatementLine)
        and len(node.body) == 1
        and isinstance(node.body[0], cst.Pass)
        and node.trailing_whitespace.comment is None
    )


def _has_block(node: cst.CSTNode) -> bool:
    """Whether a statement has an indented block (libcst's default indent is the first's)."""
    if isinstance(getattr(node, "body", None), cst.IndentedBlock):
        return True
    for part in ("orelse", "finalbody"):
        if (clause := getattr(node, part, None)) is not None and _has_block(clause):
            return True
    return any(_has_block(h) for h in (*getattr(node, "handlers", ()), *getattr(node, "cases", ())))


# The language server's worker process parses each document it lints with this (see
# tf2lint.run.runner.run_text_task): a lint after an edit re-parses only what the edit touched.
OPEN_DOCUMENTS = IncrementalParser()

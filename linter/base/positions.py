"""Line/column ranges for the few nodes a lint reports, without libcst's PositionProvider.

PositionProvider generates the code of the whole module to learn where each node is. That
costs as much as a third of the parse, for every file, however little it reports. Here only
the innermost statement around each reported node is generated: Python's own parser (which
the engine runs first anyway) says on which line each statement starts, and libcst's code
generation, started at that offset, says where in the statement the node is. Every token it
generates is checked against the source text, so a statement placed wrongly cannot give a
wrong position: the module then falls back to one generation pass over all of it.
"""

from __future__ import annotations

import ast
import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from contextlib import nullcontext, suppress
from itertools import accumulate, count
from operator import add

import libcst as cst
from libcst._nodes.internal import CodegenState

Range = tuple[int, int, int, int]  # start line, start column, end line, end column (0-based cols)

_NEWLINE = re.compile(r"\r\n?|\n")
_NO_RECORD = nullcontext()
_SPACE = cst.SimpleWhitespace
_HEADERS = frozenset({cst.If, cst.For, cst.While, cst.With})  # see _found_in_text
_FOUND_IN_TEXT = frozenset({cst.Call, cst.Attribute})  # see _found_in_text
_STATEMENTS = frozenset(
    {
        cst.SimpleStatementLine,
        cst.FunctionDef,
        cst.ClassDef,
        cst.If,
        cst.For,
        cst.While,
        cst.Try,
        cst.TryStar,
        cst.With,
        cst.Match,
    }
)


class _Done(Exception):
    pass


class _Mismatch(Exception):
    pass


class _PositionState(CodegenState):
    """Follows the code generation as offsets into the source; keeps no text."""

    def __init__(
        self,
        module: cst.Module,
        wanted: set[int],
        source: str | None = None,
        offset: int = 0,
        start_only: set[int] | frozenset[int] = frozenset(),
    ) -> None:
        super().__init__(
            default_indent=module.default_indent, default_newline=module.default_newline
        )
        self.source = source  # when given, every token must match it
        self.offset = offset
        self.wanted = wanted
        # of those, the ones whose start is enough: done where their syntactic span opens
        self.start_only = wanted & start_only if start_only else set()
        self.spans: dict[int, tuple[int, int]] = {}
        self._starts: dict[int, int] = {}

    def add_indent_tokens(self) -> None:
        for token in self.indent_tokens:
            self.add_token(token)

    def add_token(self, value: str) -> None:
        if self.source is not None and not self.source.startswith(value, self.offset):
            raise _Mismatch
        self.offset += len(value)

    def before_codegen(self, node: cst.CSTNode) -> None:
        key = id(node)
        if key in self.wanted and key not in self._starts:
            self._starts[key] = self.offset

    def after_codegen(self, node: cst.CSTNode) -> None:
        key = id(node)
        if key in self.wanted and key not in self.spans:
            self._record(key, self._starts[key], self.offset)

    def record_syntactic_position(self, node, *, start_node=None, end_node=None):
        key = id(node)
        if key not in self.wanted:
            return _NO_RECORD
        if key in self.start_only and start_node is None:  # its span opens here: done
            if key not in self.spans:
                self._record(key, self.offset, self.offset)
            return _NO_RECORD
        # Its span runs from start_node's to end_node's (libcst's rule): locate those too.
        for inner in (start_node, end_node):
            if inner is not None:
                self.wanted.add(id(inner))
                self.start_only.discard(id(inner))  # its end is this one's end
        return _Syntactic(self, key, start_node, end_node)

    def _record(self, key: int, start: int, end: int) -> None:
        self.spans[key] = (start, end)
        if len(self.spans) == len(self.wanted):
            raise _Done


class _Syntactic:
    """Records a node's syntactic span (without its surrounding whitespace), as libcst does."""

    __slots__ = ("end_node", "key", "start", "start_node", "state")

    def __init__(self, state: _PositionState, key: int, start_node, end_node) -> None:
        self.state, self.key, self.start_node, self.end_node = state, key, start_node, end_node

    def __enter__(self) -> None:
        self.start = self.state.offset

    def __exit__(self, kind, *_) -> None:
        if kind is not None:
            return
        state = self.state
        start, end = self.start, state.offset
        if self.start_node is not None and id(self.start_node) in state.spans:
            start = state.spans[id(self.start_node)][0]
        if self.end_node is not None and id(self.end_node) in state.spans:
            end = state.spans[id(self.end_node)][1]
        state._record(self.key, start, end)


def node_ranges(
    module: cst.Module,
    nodes: Iterable[cst.CSTNode],
    source: str | None = None,
    tree: ast.Module | None = None,
    events: Sequence[tuple[cst.CSTNode, bool]] | None = None,
    starts: Iterable[cst.CSTNode] = (),
) -> dict[int, Range]:
    """Map ``id(node)`` to its syntactic range for each of ``nodes``, and to where it starts
    (an empty range there) for each of ``starts`` that is not one of ``nodes``: generating the
    code of a statement stops once every node in it is placed, so a node placed only by its start
    costs less.

    With the module's ``source``, its ``ast`` tree and the model's walk ``events``, only the
    statements around the nodes are generated; otherwise the whole module is."""
    wanted = {id(n) for n in nodes}
    start_only = {id(n) for n in starts} - wanted
    wanted |= start_only
    if not wanted:
        return {}
    text = source if source is not None else module.code
    if not module.has_trailing_newline:
        text += module.default_newline  # the generated code ends every statement with one
    line_starts = _line_starts(text)
    spans = None
    if source is not None and tree is not None and events is not None:
        with suppress(_Mismatch, IndexError, AttributeError, TypeError, KeyError, ValueError):
            spans = _statement_spans(module, text, line_starts, tree, events, wanted, start_only)
    if spans is None:
        state = _PositionState(module, set(wanted), start_only=start_only)
        with suppress(_Done):
            module._codegen(state)
        spans = state.spans

    def position(offset: int) -> tuple[int, int]:
        line = bisect_right(line_starts, offset)
        return line, offset - line_starts[line - 1]

    return {key: (*position(start), *position(end)) for key, (start, end) in spans.items()}


def _line_starts(text: str) -> list[int]:
    """The offset at which each line starts (libcst's newlines: \\n, \\r\\n and \\r)."""
    if "\r" in text:
        return [0] + [m.end() for m in _NEWLINE.finditer(text)]
    # One newline only: summed line lengths, in C (a match object per line costs 5x more).
    lengths = accumulate(map(len, text.split("\n")[:-1]), initial=0)
    return list(map(add, lengths, count()))  # each line's newline counted


def _statement_spans(
    module: cst.Module,
    text: str,
    starts: list[int],
    tree: ast.Module,
    events: Sequence[tuple[cst.CSTNode, bool]],
    wanted: set[int],
    start_only: set[int] | frozenset[int] = frozenset(),
) -> dict[int, tuple[int, int]] | None:
    # 1. The innermost statement around each wanted node, from the model's walk.
    groups: dict[int, set[int]] = {}  # id(statement) -> wanted ids inside it
    on_path: set[int] = set()  # ids of the statements that contain one
    dotted: dict[int, list[cst.CSTNode]] = {}  # id(statement) -> its calls and attributes
    stack: list[cst.CSTNode] = []
    push, pop, statements, key = stack.append, stack.pop, _STATEMENTS, id  # a loop over every event
    left = len(wanted)
    for node, entering in events:
        if type(node) in statements:
            if not entering:
                pop()
                continue
            push(node)
        elif not entering:
            continue
        if key(node) in wanted:
            if not stack:
                return None  # the module itself, or something outside every statement
            groups.setdefault(id(stack[-1]), set()).add(id(node))
            on_path.update(map(id, stack))
            if type(node) in _FOUND_IN_TEXT:
                dotted.setdefault(id(stack[-1]), []).append(node)
            left -= 1
            if not left:
                break
    if left:
        return None  # a node the walk does not reach (whitespace): generate everything
    # 2. Where those statements start, pairing libcst's statements with Python's.
    located: dict[int, tuple[cst.CSTNode, ast.stmt, bool]] = {}
    _pair(module.body, tree.body, on_path, located, False)
    # 3. Generate each of them from its first line, but for what its text alone places.
    spans: dict[int, tuple[int, int]] = {}
    for key, inside in groups.items():
        statement, node, is_elif = located[key]
        if key in dotted:
            placed = _found_in_text(statement, node, dotted[key], text, starts, start_only)
            if placed:
                spans.update(placed)
                inside = inside - placed.keys()
                if not inside:
                    continue
        first = node.lineno
        before = len(statement.leading_lines)
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)) and statement.decorators:
            first = node.decorator_list[0].lineno
            before += len(statement.decorators[0].leading_lines)
        line_start = starts[first - 1]
        line_end = starts[first] if first < len(starts) else len(text)
        line = text[line_start:line_end]
        state = _PositionState(module, inside, text, starts[first - 1 - before], start_only)
        state.indent_tokens = [line[: len(line) - len(line.lstrip(" \t\f"))]]
        with suppress(_Done):
            if is_elif:  # an `elif` generates as `if` unless told
                statement._codegen(state, is_elif=True)
            else:
                statement._codegen(state)
        spans.update(state.spans)
    return spans


def _found_in_text(
    statement: cst.CSTNode,
    node: ast.stmt,
    wanted: list[cst.CSTNode],
    text: str,
    starts: list[int],
    start_only: set[int] | frozenset[int],
) -> dict[int, tuple[int, int]]:
    """The spans of the dotted names (``tf.contrib.layers``) and the starts of the calls of
    dotted names (``tf.foo(x)``) in ``wanted`` that the text of their one-statement line, or
    of the header of their if, for, while or with, ``statement`` (Python's ``node``) places
    without generating code: a name written without parentheses, spaces or line breaks in it
    is its own text, so where that text occurs once in those lines, it is there (libcst's
    syntactic span, which leaves out the node's own parentheses). A name also in a comment or
    a string, or twice, is left to code generation. Those in ``start_only`` are placed where
    they start, as code generation places them."""
    kind = type(statement)
    if kind is cst.SimpleStatementLine:
        if len(statement.body) != 1:
            return {}
        end = node.end_lineno or len(starts)
        high = starts[end] if end < len(starts) else len(text)
    elif kind in _HEADERS and _blocks_only(statement):
        # What a compound statement holds outside its statements is in its header: from its
        # first line to its body's.
        body = node.body  # type: ignore[attr-defined]
        if not body or body[0].lineno <= node.lineno:
            return {}
        high = starts[body[0].lineno - 1]
    else:
        return {}
    low = starts[node.lineno - 1]
    find = text.find
    placed: dict[int, tuple[int, int]] = {}
    for wanted_node in wanted:
        key = id(wanted_node)
        if type(wanted_node) is cst.Call:
            if key not in start_only:
                continue  # its end is past its arguments
            spelled = _compact(wanted_node.func)  # type: ignore[attr-defined]
        else:
            spelled = _compact(wanted_node)
        if spelled is None:
            continue
        at = find(spelled, low, high)
        if at < 0 or find(spelled, at + 1, high) >= 0:
            continue
        placed[key] = (at, at) if key in start_only else (at, at + len(spelled))
    return placed


def _blocks_only(statement: cst.CSTNode) -> bool:
    """Each suite of ``statement`` (an if, for, while or with) is an indented block: none is a
    one-line suite (``if x: f()``), whose small statements are no statements of the walk."""
    if type(statement.body) is not cst.IndentedBlock:  # type: ignore[attr-defined]
        return False
    orelse = getattr(statement, "orelse", None)
    return orelse is None or type(orelse) is cst.If or type(orelse.body) is cst.IndentedBlock


def _compact(expression: cst.BaseExpression) -> str | None:
    """``a.b.c`` as written, when it is names and dots alone, without parentheses or space."""
    names = []
    while type(expression) is cst.Attribute:
        dot = expression.dot
        if expression.lpar or type(dot) is not cst.Dot:
            return None
        before, after = dot.whitespace_before, dot.whitespace_after
        if type(before) is not _SPACE or before.value or type(after) is not _SPACE or after.value:
            return None  # a space, or a line break (ParenthesizedWhitespace)
        names.append(expression.attr.value)
        expression = expression.value
    if type(expression) is not cst.Name or expression.lpar:
        return None
    names.append(expression.value)
    names.reverse()
    return ".".join(names)


def _pair(
    statements: Sequence[cst.CSTNode],
    nodes: Sequence[ast.stmt],
    on_path: set[int],
    located: dict[int, tuple[cst.CSTNode, ast.stmt, bool]],
    is_elif: bool,
) -> None:
    """Pair each statement on ``on_path`` with its ast node; one line of ``a; b`` is several."""
    index = 0
    for statement in statements:
        node = nodes[index]
        simple = type(statement) is cst.SimpleStatementLine
        index += len(statement.body) if simple else 1
        if id(statement) not in on_path:
            continue
        located[id(statement)] = (statement, node, is_elif)
        if not simple:
            for inner, inner_nodes, elif_ in _bodies(statement, node):
                _pair(inner, inner_nodes, on_path, located, elif_)


def _block(body: cst.BaseSuite) -> Sequence[cst.CSTNode]:
    # A one-line suite (`if x: return`) holds small statements, not statements.
    return body.body if type(body) is cst.IndentedBlock else ()


def _bodies(statement: cst.CSTNode, node: ast.stmt):
    """The (libcst statements, ast statements, is-elif) lists nested in a compound statement."""
    t = type(statement)  # exact types: libcst's are ABCs, isinstance is slow
    if t is cst.Match:
        for case, ast_case in zip(statement.cases, node.cases, strict=True):
            yield _block(case.body), ast_case.body, False
        return
    yield _block(statement.body), node.body, False
    if t is cst.If:
        if type(statement.orelse) is cst.If:
            yield (statement.orelse,), node.orelse, True
        elif statement.orelse is not None:
            yield _block(statement.orelse.body), node.orelse, False
    elif t is cst.For or t is cst.While:
        if statement.orelse is not None:
            yield _block(statement.orelse.body), node.orelse, False
    elif t is cst.Try or t is cst.TryStar:
        for handler, ast_handler in zip(statement.handlers, node.handlers, strict=True):
            yield _block(handler.body), ast_handler.body, False
        if statement.orelse is not None:
            yield _block(statement.orelse.body), node.orelse, False
        if statement.finalbody is not None:
            yield _block(statement.finalbody.body), node.finalbody, False

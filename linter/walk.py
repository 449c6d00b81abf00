"""A fast, iterative walk over a libcst tree.

libcst's own ``node.visit(visitor)`` rebuilds every node it passes (``_visit_and_replace_children``)
and recurses in Python; both cost more than the lint itself. Linting only reads the tree, so this
walk reads the dataclass fields that hold child nodes directly, skips fields that only hold
whitespace and punctuation, and keeps an explicit stack so deeply nested code cannot overflow
Python's recursion limit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import libcst as cst

# Fields that never hold code a rule looks at: whitespace, comments, brackets, punctuation.
_SKIPPED_FIELDS = frozenset(
    {
        "lpar",
        "rpar",
        "leading_lines",
        "lines_after_decorators",
        "header",
        "footer",
        "comma",
        "semicolon",
        "equal",
        "dot",
        "lbracket",
        "rbracket",
        "lbrace",
        "rbrace",
        "colon",
        "indent",
        "trailing_whitespace",
        "asynchronous",
        "operator",
        "star",
        "posonly_ind",
        "encoding",
        "default_indent",
        "default_newline",
        "has_trailing_newline",
        "start",
        "end",
        "quote",
        "prefix",
    }
)

_child_fields_cache: dict[type, tuple[str, ...]] = {}


def child_fields(node_type: type) -> tuple[str, ...]:
    fields = _child_fields_cache.get(node_type)
    if fields is None:
        fields = tuple(
            f.name
            for f in dataclasses.fields(node_type)
            if f.name not in _SKIPPED_FIELDS and not f.name.startswith("whitespace")
        )
        _child_fields_cache[node_type] = fields
    return fields


def children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The code-bearing children of ``node``, in source order."""
    out: list[cst.CSTNode] = []
    for name in child_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, cst.CSTNode):
            out.append(value)
        elif isinstance(value, (tuple, list)):
            out.extend(v for v in value if isinstance(v, cst.CSTNode))
    return out


_LEAVE = object()


def walk(
    root: cst.CSTNode,
    enter: Callable[[cst.CSTNode], bool | None],
    leave: Callable[[cst.CSTNode], None] | None = None,
) -> None:
    """Depth-first, source-ordered walk. ``enter`` returning False skips the node's children."""
    stack: list = [root]
    push = stack.append
    pop = stack.pop
    while stack:
        node = pop()
        if node is _LEAVE:
            leave(pop())  # type: ignore[misc]
            continue
        if enter(node) is False:
            if leave is not None:
                leave(node)
            continue
        if leave is not None:
            push(node)
            push(_LEAVE)
        kids = children(node)
        kids.reverse()
        stack.extend(kids)

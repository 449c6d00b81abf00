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

from tf2lint.base.lazy import cst

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
# type -> whether it is a CSTNode. libcst's node classes are ABCs, and ``isinstance`` against an
# ABC costs a trip through ``ABCMeta.__instancecheck__``; a dict lookup on the exact type does not.
_is_node: dict[type, bool] = {}


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


def _node_type(t: type) -> bool:
    known = _is_node.get(t)
    if known is None:
        known = _is_node[t] = issubclass(t, cst.CSTNode)
    return known


def children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The code-bearing children of ``node``, in source order."""
    out: list[cst.CSTNode] = []
    is_node = _is_node
    fields = _child_fields_cache.get(type(node)) or child_fields(type(node))
    for name in fields:
        value = getattr(node, name)
        t = type(value)
        if t is tuple or t is list:
            for v in value:
                vt = type(v)
                if is_node.get(vt) or (vt not in is_node and _node_type(vt)):
                    out.append(v)
        elif is_node.get(t) or (t not in is_node and _node_type(t)):
            out.append(value)
    return out


LEAVE = object()


def walk(
    root: cst.CSTNode,
    enter: Callable[[cst.CSTNode], bool | None],
    leave: Callable[[cst.CSTNode], None] | None = None,
) -> None:
    """Depth-first, source-ordered walk. ``enter`` returning False skips the node's children."""
    stack: list = [root]
    push = stack.append
    pop = stack.pop
    extend = stack.extend
    leave_marker = LEAVE
    while stack:
        node = pop()
        if node is leave_marker:
            leave(pop())  # type: ignore[misc]
            continue
        if enter(node) is False:
            if leave is not None:
                leave(node)
            continue
        if leave is not None:
            push(node)
            push(leave_marker)
        kids = children(node)
        if kids:
            kids.reverse()
            extend(kids)


def mentions(node: cst.CSTNode, name: str) -> bool:
    """Whether the code of ``node`` holds the name ``name`` (alone, or as part of an attribute
    chain: ``name.x``, ``f(name)``)."""
    todo = [node]
    while todo:
        current = todo.pop()
        if isinstance(current, cst.Name) and current.value == name:
            return True
        todo.extend(children(current))
    return False

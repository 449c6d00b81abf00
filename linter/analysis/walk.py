"""A fast, iterative walk over a libcst tree.

libcst's own ``node.visit(visitor)`` rebuilds every node it passes (``_visit_and_replace_children``)
and recurses in Python; both cost more than the lint itself. Linting only reads the tree, so this
walk reads the dataclass fields that hold child nodes directly, skips fields that only hold
whitespace and punctuation, and keeps an explicit stack so deeply nested code cannot overflow
Python's recursion limit.
"""

from __future__ import annotations

import dataclasses
import typing
from collections import abc
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


def _generic_children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The code-bearing children of ``node``, in source order: the definition the generated
    functions of ``children`` follow (tests compare them on every node of the fixtures)."""
    out: list[cst.CSTNode] = []
    for name in child_fields(type(node)):
        value = getattr(node, name)
        t = type(value)
        if t is tuple or t is list:
            out.extend(v for v in value if _node_type(type(v)))
        elif _node_type(t):
            out.append(value)
    return out


# node type -> a function returning its code-bearing children, made on first use (see
# _make_children); the model's walk reads it directly
children_by_type: dict[type, Callable[[cst.CSTNode], list[cst.CSTNode]]] = {}


def _make_children(node_type: type) -> Callable[[cst.CSTNode], list[cst.CSTNode]]:
    """``_generic_children`` for one node type, as straight-line code: a field whose annotation
    is a node class is appended, a sequence of nodes extended, and only the others (optional,
    or a union with a sentinel or text) are checked value by value. The walk asks for the
    children of every node of every module, and the checks were most of that."""
    hints = _field_hints(node_type)
    lines = ["def children(node):", "    out = []", "    append = out.append"]
    for name in child_fields(node_type):
        kind = _field_kind(hints.get(name))
        if kind == "node":
            lines.append(f"    append(node.{name})")
        elif kind == "nodes":
            lines.append(f"    out.extend(node.{name})")
        else:
            lines += [
                f"    value = node.{name}",
                "    t = type(value)",
                "    if t is tuple or t is list:",
                "        for v in value:",
                "            vt = type(v)",
                "            if is_node.get(vt) or (vt not in is_node and node_type(vt)):",
                "                append(v)",
                "    elif is_node.get(t) or (t not in is_node and node_type(t)):",
                "        append(value)",
            ]
    lines.append("    return out")
    namespace: dict = {"is_node": _is_node, "node_type": _node_type}
    exec("\n".join(lines), namespace)
    made = children_by_type[node_type] = namespace["children"]
    return made


def _field_hints(node_type: type) -> dict[str, object]:
    try:
        return typing.get_type_hints(node_type, vars(cst))
    except Exception:  # a node class whose annotations do not resolve: check every value
        return {}


def _node_class(hint: object) -> bool:
    """Whether every value of an annotation ``hint`` is a libcst node."""
    if isinstance(hint, type):
        return issubclass(hint, cst.CSTNode)
    if typing.get_origin(hint) is typing.Union:
        return all(_node_class(arm) for arm in typing.get_args(hint))
    return False


def _field_kind(hint: object) -> str:
    """ "node" (always one node), "nodes" (a sequence of nodes) or "other" (check each value)."""
    if _node_class(hint):
        return "node"
    if typing.get_origin(hint) is abc.Sequence and _node_class(typing.get_args(hint)[0]):
        return "nodes"
    return "other"


def children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The code-bearing children of ``node``, in source order."""
    t = type(node)
    made = children_by_type.get(t)
    if made is None:
        made = _make_children(t)
    return made(node)


def children_function(node_type: type) -> Callable[[cst.CSTNode], list[cst.CSTNode]]:
    """``children`` for nodes of exactly ``node_type``: a walk over every node calls it
    without the lookup ``children`` makes at each."""
    return children_by_type.get(node_type) or _make_children(node_type)


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


def contains(root: cst.CSTNode | None, node: cst.CSTNode) -> bool:
    """Whether ``node`` is ``root`` or lies within it (None holds nothing)."""
    todo = [] if root is None else [root]
    while todo:
        current = todo.pop()
        if current is node:
            return True
        todo.extend(children(current))
    return False


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

"""Where each name is read: the model's index of reads, built once per module when first asked.

A read is a ``Name`` that is not assigned to and names nothing (a parameter, a keyword argument,
a def, an import), or an ``Attribute`` (``x.n`` is a read of ``n``),
with what the rules ask of it: the function whose code reads it (a lambda counts as one, a
comprehension does not), the loops around it within that function (a ``for``, ``while`` or
comprehension; a ``def`` or ``class`` inside a loop starts afresh), and the
part it plays in the expression around it (:class:`Read`'s ``role``). Built from the model's
walk events, so that no rule walks the tree again to find a name's uses.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from tf2lint.analysis.scopes import FunctionInfo, ScopeKind
from tf2lint.analysis.walk import walk
from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import ModuleModel


@cache
def _kinds() -> tuple[tuple[type, ...], ...]:
    """Loops, returns, sequences and imports: libcst's types, named once libcst is loaded."""
    return (
        (cst.For, cst.While),
        (cst.Return, cst.Yield),
        (cst.Tuple, cst.List),
        (cst.Import, cst.ImportFrom),
    )


class Read(NamedTuple):
    node: cst.Name | cst.Attribute
    function: FunctionInfo | None  # None: module level (or a class body outside any function)
    loops: tuple[cst.CSTNode, ...]  # within ``function``, outermost first
    # "called" (``n(...)``), "method" (``n.m(...)``: ``holder`` is the call, its func the
    # attribute), "argument" (a positional or keyword argument: ``holder`` is the call),
    # "returned" (by ``return``/``yield``, alone or as an element of a tuple or list),
    # "assigned" (the whole value of ``t = n``: ``holder`` is the assignment), else None.
    role: str | None = None
    holder: cst.CSTNode | None = None

    def within(self, function: FunctionInfo) -> bool:
        """Whether the read is in ``function``'s code or in a function nested in it."""
        current = self.function
        while current is not None:
            if current is function:
                return True
            current = current.outer
        return False


def index(model: ModuleModel) -> dict[str, list[Read]]:
    """Every read in the module, by name (``n`` for ``x.n``), in the walk's order."""
    _LOOPS, _, _, _IMPORTS = _kinds()
    found: dict[str, list[Read]] = {}
    stores: set[int] = set()
    stack: list[cst.CSTNode] = []  # the nodes around the current one
    importing = 0
    function: FunctionInfo | None = None
    loops: tuple[cst.CSTNode, ...] = ()
    outer: list[tuple[FunctionInfo | None, tuple[cst.CSTNode, ...]]] = []
    scope_at = model.scope_at
    for node, entering in model.events:
        t = type(node)
        scope = scope_at.get(id(node))
        if not entering:
            stack.pop()
            if t in _IMPORTS:
                importing -= 1
            if scope is not None:
                function, loops = outer.pop()
            elif t in _LOOPS:
                loops = loops[:-1]
            continue
        stack.append(node)
        if t in _IMPORTS:  # the names of an import name modules and aliases; none is read
            importing += 1
        if scope is not None:
            outer.append((function, loops))
            if isinstance(scope, FunctionInfo):
                function, loops = scope, ()
            elif scope.kind == ScopeKind.COMPREHENSION:
                loops = (*loops, node)
            else:  # a class body: a loop around the class is not a loop around its code
                loops = ()
            continue
        if t in _LOOPS:
            loops = (*loops, node)
            continue
        if t is cst.Assign:
            stores.update(id(target.target) for target in node.targets)
        elif t is cst.AugAssign or t is cst.AnnAssign:
            stores.add(id(node.target))
        elif t is cst.Attribute or t is cst.Name:
            if t is cst.Attribute:
                stores.add(id(node.attr))  # `x.attr`'s Name is not a read of `attr`
            if id(node) in stores or importing:
                continue
            if t is cst.Name and (model.is_target(node) or _names(stack)):
                continue
            name = node.attr.value if t is cst.Attribute else node.value
            role, holder = _role(node, stack) if t is cst.Name else (None, None)
            found.setdefault(name, []).append(Read(node, function, loops, role, holder))
    return found


def _names(stack: list[cst.CSTNode]) -> bool:
    """Whether the Name on top of ``stack`` names something rather than reads it: a parameter,
    a keyword argument, a def or class, a global or nonlocal (imports: see index)."""
    node, parent = stack[-1], stack[-2]
    t = type(parent)
    if t is cst.Param or t is cst.FunctionDef or t is cst.ClassDef:
        return parent.name is node
    if t is cst.Arg:
        return parent.keyword is node
    return t is cst.NameItem


def _role(node: cst.Name, stack: list[cst.CSTNode]) -> tuple[str | None, cst.CSTNode | None]:
    _, _RETURNS, _SEQUENCES, _ = _kinds()
    parent = stack[-2] if len(stack) > 1 else None
    above = stack[-3] if len(stack) > 2 else None
    if type(parent) is cst.Call and parent.func is node:
        return "called", parent
    if type(parent) is cst.Arg and type(above) is cst.Call and parent.value is node:
        return "argument", above
    if type(parent) is cst.Attribute and parent.value is node:
        if type(above) is cst.Call and above.func is parent:
            return "method", above
        return None, None
    if isinstance(parent, _RETURNS) and parent.value is node:
        return "returned", parent
    if (
        type(parent) is cst.Element
        and isinstance(above, _SEQUENCES)
        and len(stack) > 3
        and isinstance(stack[-4], _RETURNS)
        and stack[-4].value is above
    ):
        return "returned", stack[-4]
    if type(parent) is cst.Assign and parent.value is node:
        return "assigned", parent
    return None, None


def observations(model: ModuleModel) -> set[int]:
    """The ids of the names and attributes read where a value is shown or decided on: in the
    test of an ``if``, ``while`` or conditional expression, a ``return``, or the arguments of
    ``print``/``tf.print`` (not inside a lambda or def there). Once per module."""

    def compute() -> set[int]:
        found: set[int] = set()

        def collect(node: cst.CSTNode) -> bool:
            if isinstance(node, (cst.Name, cst.Attribute)):
                found.add(id(node))
            return not isinstance(node, (cst.Lambda, cst.FunctionDef))

        tests = (*model.nodes_of(cst.If), *model.nodes_of(cst.While), *model.nodes_of(cst.IfExp))
        roots: list[cst.CSTNode] = [node.test for node in tests]
        roots += (node.value for node in model.nodes_of(cst.Return) if node.value is not None)
        for call in model.nodes_of(cst.Call):
            if model.call_name(call) in ("builtins.print", "tensorflow.print"):
                roots += (arg.value for arg in call.args)
        for root in roots:
            walk(root, collect)
        return found

    return model.memo(observations, compute)


def used_per_call(model: ModuleModel) -> dict[str, cst.CSTNode]:
    """Names and attribute names that traced code reads in a test (``if``, ``while``, a
    conditional expression), a ``return`` or a ``print``/``tf.print`` (:func:`observations`):
    uses of a value that only make sense if it changes on every call. With the first such
    read."""

    def compute() -> dict[str, cst.CSTNode]:
        uses = observations(model)
        found: dict[str, cst.CSTNode] = {}
        for name, reads in model.reads.items():
            for read in reads:
                if read.function is not None and read.function.traced and id(read.node) in uses:
                    found[name] = read.node
                    break
        return found

    return model.memo(used_per_call, compute)


def observed_outside_traces(model: ModuleModel) -> dict[str, cst.CSTNode]:
    """Names and attribute names that code outside traced functions reads, with the first such
    read: state that code outside a trace observes."""

    def compute() -> dict[str, cst.CSTNode]:
        found: dict[str, cst.CSTNode] = {}
        for name, reads in model.reads.items():
            for read in reads:
                if read.function is None or not read.function.traced:
                    found[name] = read.node
                    break
        return found

    return model.memo(observed_outside_traces, compute)

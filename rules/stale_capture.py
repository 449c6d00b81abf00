"""Stale capture: Python values a `tf.function` reads are frozen into the graph at trace time."""

from __future__ import annotations

from tf2lint.lazy import cst
from tf2lint.model import FunctionInfo
from tf2lint.rule import Rule
from tf2lint.rules.retracing import is_python_literal

# Methods that set attributes up before any trace: mutations there are initialisation.
SETUP_METHODS = frozenset(
    {"__init__", "__new__", "build", "setUp", "setUpClass", "__post_init__", "__setstate__"}
)


class _OrderedEvents(Rule):
    """Numbers the nodes a rule cares about in source order, so that ``leave_Module`` can ask
    whether a binding comes after a definition."""

    def visit_Module(self, node: cst.Module) -> None:
        self._tick = 0

    def _next(self) -> int:
        self._tick += 1
        return self._tick


def _store_targets(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(target, (cst.Tuple, cst.List)):
        out: list[cst.BaseExpression] = []
        for element in target.elements:
            value = element.value
            out += _store_targets(value.value if isinstance(value, cst.StarredElement) else value)
        return out
    return [target]


class StaleGlobalCapture(_OrderedEvents):
    id = "TF601"
    name = "stale-global-capture"
    category = "stale-capture"
    message = "a `tf.function` reads a global or closure variable that is rebound later"
    rationale = """
        A `tf.function` reads Python globals and closure variables while tracing and bakes
        their values (or the objects they name) into the graph. Rebinding the name afterwards
        (`scale = 2.0` later in the script, `global SCALE; SCALE = s` in a setter, a loop that
        reassigns a closure variable between calls) does not retrace: the function keeps using
        the value it saw first, silently. Reported when the name is bound again after the
        traced function is defined, or from another function through `global`. Pass the value
        as an argument (a tensor, so it does not retrace either), or keep it in a `tf.Variable`
        and `.assign()` the new value.
    """

    def visit_Module(self, node: cst.Module) -> None:
        super().visit_Module(node)
        self._def_tick: dict[int, int] = {}  # id(FunctionInfo) -> tick of its def
        self._defs: dict[tuple[int, str], list[int]] = {}  # (id(scope), name) -> def ticks
        self._in_loop: set[int] = set()  # ids of FunctionInfos defined inside a loop
        self._bindings: dict[tuple[int, str], list[int]] = {}  # (id(scope), name) -> ticks
        self._reads: dict[tuple[int, str], tuple[cst.Name, FunctionInfo, FunctionInfo | None]] = {}
        self._skip: set[int] = set()  # ids of Names that are not reads
        self._traced_names = {f.name for f in self.model.functions if f.traced}
        self._refs: dict[str, list[int]] = {}  # traced function name -> ticks of references
        self._loops: list[list[cst.CSTNode]] = [[]]  # loops per scope
        self._span: dict[int, tuple[int, int]] = {}  # id(loop) -> (first, last) tick

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        fn = self.model.function_of[node]
        tick = self._next()
        self._def_tick[id(fn)] = tick
        self._defs.setdefault((id(fn.outer), fn.name), []).append(tick)
        if self._loops[-1]:
            self._in_loop.add(id(fn))
        self._loops.append([])
        self._skip.add(id(node.name))

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._loops.pop()

    def _skip_targets(self, target: cst.BaseExpression) -> None:
        for t in _store_targets(target):
            if isinstance(t, cst.Name):
                self._skip.add(id(t))

    def _bind(self, target: cst.BaseExpression) -> None:
        scope = self.context.function
        loop = id(self._loops[-1][0]) if self._loops[-1] else None
        for t in _store_targets(target):
            if isinstance(t, cst.Name):
                self._bindings.setdefault((id(scope), t.value), []).append((self._next(), loop))

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._skip_targets(target.target)

    def leave_Assign(self, node: cst.Assign) -> None:  # bound once the value is computed
        for target in node.targets:
            self._bind(target.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._skip_targets(node.target)

    def leave_AugAssign(self, node: cst.AugAssign) -> None:
        self._bind(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._skip_targets(node.target)

    def leave_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._bind(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._enter_loop(node)
        self._skip_targets(node.target)
        self._bind(node.target)

    def leave_For(self, node: cst.For) -> None:
        self._leave_loop(node)

    def visit_While(self, node: cst.While) -> None:
        self._enter_loop(node)

    def leave_While(self, node: cst.While) -> None:
        self._leave_loop(node)

    def _enter_loop(self, node: cst.CSTNode) -> None:
        self._loops[-1].append(node)
        self._span[id(node)] = (self._next(), 0)

    def _leave_loop(self, node: cst.CSTNode) -> None:
        self._loops[-1].pop()
        self._span[id(node)] = (self._span[id(node)][0], self._next())

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._skip.add(id(node.attr))

    def visit_Param(self, node: cst.Param) -> None:
        self._skip.add(id(node.name))

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self._skip.add(id(node.keyword))

    def visit_Name(self, node: cst.Name) -> None:
        context = self.context
        if id(node) in self._skip:
            return
        name = node.value
        if name in self._traced_names:
            self._refs.setdefault(name, []).append(self._next())
        if not context.in_traced_code:
            return
        fn = context.function
        if name in fn.global_names or name in fn.nonlocal_names:
            return  # rebinding from traced code itself is TF202's finding
        anchor = fn
        scope: FunctionInfo | None = fn
        while scope is not None and not scope.binds(name):
            anchor, scope = scope, scope.outer
        if scope is not None and scope.traced:
            return  # a local of this trace
        if scope is None and name not in self.model.module_assignments:
            return  # a builtin, an import, a def or class
        key = (id(fn), name)
        if key not in self._reads:
            self._reads[key] = (node, anchor, scope)

    def leave_Module(self, node: cst.Module) -> None:
        model = self.model
        rebound_elsewhere = model.globals_rebound_in_functions
        for (_, name), (read, anchor, scope) in self._reads.items():
            if id(anchor) in self._in_loop:
                continue  # a new function (and trace) each iteration: TF502's concern
            def_tick = self._def_tick.get(id(anchor), 0)
            redefined = [
                t for t in self._defs.get((id(anchor.outer), anchor.name), []) if t > def_tick
            ]
            until = min(redefined, default=self._tick + 1)
            refs = self._refs.get(anchor.name, [])
            later = []
            for t, loop in self._bindings.get((id(scope), name), []):
                if not def_tick < t < until:
                    continue
                # the function is used before the rebinding (or in the same loop, which
                # repeats) and again after it
                first, last = self._span.get(loop, (t, t)) if loop is not None else (t, t)
                used_before = any(def_tick < r < t or first < r < last for r in refs)
                used_after = any(t < r < until or first < r < last for r in refs)
                if used_before and used_after:
                    later.append(t)
            where = None
            if later:
                kind = "closure variable" if scope is not None else "global"
                where = f"{kind} `{name}` is rebound after `{anchor.name}` is defined"
            elif scope is None and name in rebound_elsewhere:
                writers = [
                    f
                    for f in model.functions
                    if name in f.global_names and not f.traced and name in f.assignments
                ]
                if writers:
                    where = f"global `{name}` is rebound in `{writers[0].qualname}`"
            if where is None:
                continue
            self.report(
                read,
                f"{where}, but traced `{anchor.qualname}` keeps the value it saw when it was "
                "traced; pass it as an argument or keep it in a `tf.Variable`",
            )


def _python_scalar(model, node: cst.BaseExpression, fn) -> bool:
    """A Python number, string or bool (or arithmetic on them), not a tensor."""
    if is_python_literal(node):
        return True
    if isinstance(node, cst.Name):
        return node.value in ("True", "False")
    if isinstance(node, cst.UnaryOperation):
        return _python_scalar(model, node.expression, fn)
    if isinstance(node, cst.BinaryOperation):
        return not model.is_tensor(node, fn) and (
            _python_scalar(model, node.left, fn) or _python_scalar(model, node.right, fn)
        )
    return False


class StaleAttributeCapture(_OrderedEvents):
    id = "TF602"
    name = "stale-attribute-capture"
    category = "stale-capture"
    message = "a `tf.function` reads a plain Python attribute that the module changes"
    rationale = """
        Attributes read while tracing are constants in the graph. If a traced method reads
        `self.temperature` (or a traced function reads `model.bias` of an object argument) and
        other code later changes that attribute to a new Python number (`model.bias += 5.0`,
        `self.temperature = t` in a setter), the function keeps computing with the old value:
        the object is the same, so nothing retraces. Changes made in `__init__` or `build`,
        before any trace, are not reported. Hold such state in a `tf.Variable` and change it
        with `.assign()` / `.assign_add()`, which the graph reads on every call.
    """

    def visit_Module(self, node: cst.Module) -> None:
        super().visit_Module(node)
        # attr -> reads: (node, traced function, is_self)
        self._reads: dict[str, list[tuple[cst.Attribute, FunctionInfo, bool]]] = {}
        # attr -> mutations: (class or None, root is self, description, value kind)
        self._writes: dict[str, list[tuple[object, bool, str]]] = {}
        self._variables: set[str] = set()  # attributes ever holding something not Python
        self._scalar_init: set[str] = set()  # attributes set to a Python scalar in __init__
        self._stores: set[int] = set()
        self._called: set[int] = set()

    def _store(self, target: cst.BaseExpression, value: cst.BaseExpression, aug: bool) -> None:
        for t in _store_targets(target):
            if not isinstance(t, cst.Attribute):
                continue
            self._stores.add(id(t))
            root = t.value
            if not isinstance(root, cst.Name):
                continue
            attr = t.attr.value
            context = self.context
            fn = context.function
            if _python_scalar(self.model, value, fn) or (
                aug and not self.model.is_tensor(value, fn)
            ):
                kind = "scalar"
            elif isinstance(value, (cst.Name, cst.Attribute, cst.Subscript)) and not (
                self.model.is_tensor(value, fn)
            ):
                kind = "unknown"  # a Python value if the attribute starts out as one
            else:
                self._variables.add(attr)  # objects, tensors, variables: not this rule's
                continue
            if fn is not None and fn.name in SETUP_METHODS:
                if kind == "scalar":
                    self._scalar_init.add(attr)
                continue
            if context.in_traced_code:
                continue
            cls = self.model.enclosing_class(fn)
            is_self = root.value == "self"
            shown = f"`{root.value}.{attr}`"
            where = f"in `{fn.qualname}`" if fn is not None else "at module level"
            self._writes.setdefault(attr, []).append(
                (cls, is_self, f"{shown} is changed {where}", kind)
            )

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._store(target.target, node.value, aug=False)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._store(node.target, node.value, aug=True)

    def visit_Call(self, node: cst.Call) -> None:
        if self.context.in_traced_code:
            self._called.add(id(node.func))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        context = self.context
        if not context.in_traced_code or id(node) in self._stores or id(node) in self._called:
            return
        root = node.value
        if not isinstance(root, cst.Name):
            return
        fn = context.function
        is_self = root.value == "self"
        if not is_self and not (root.value in fn.params and root.value != "cls"):
            return
        self._reads.setdefault(node.attr.value, []).append((node, fn, is_self))

    def leave_Module(self, node: cst.Module) -> None:
        model = self.model
        for attr, reads in self._reads.items():
            writes = [
                w
                for w in self._writes.get(attr, ())
                if w[3] == "scalar" or attr in self._scalar_init
            ]
            if not writes or attr in self._variables:
                continue
            reported: set[int] = set()
            for read, fn, is_self in reads:
                if id(fn) in reported:
                    continue
                cls = model.enclosing_class(fn)
                if is_self:
                    # the same class's methods through self, or the object from outside
                    match = [w for w in writes if (w[1] and w[0] is cls) or not w[1]]
                else:
                    match = [w for w in writes if not w[1]]
                if not match:
                    continue
                reported.add(id(fn))
                self.report(
                    read,
                    f"traced `{fn.qualname}` reads `{_code(read)}`, a plain Python attribute: "
                    f"{match[0][2]}, but the graph keeps the value from trace time; use a "
                    "`tf.Variable` and `.assign()`",
                )


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)

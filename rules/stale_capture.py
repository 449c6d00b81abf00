"""Stale capture: Python values a `tf.function` reads are frozen into the graph at trace time."""

from __future__ import annotations

from tf2lint.guards import initialises_once
from tf2lint.lazy import cst
from tf2lint.model import FunctionInfo, ModuleModel, Scope
from tf2lint.rule import Rule
from tf2lint.rules.common import code, is_python_literal
from tf2lint.tracing import root_reason, runs_after_first_trace

# Methods that set attributes up before any trace: mutations there are initialisation.
SETUP_METHODS = frozenset(
    {"__init__", "__new__", "build", "setUp", "setUpClass", "__post_init__", "__setstate__"}
)


def _store_targets(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(target, (cst.Tuple, cst.List)):
        out: list[cst.BaseExpression] = []
        for element in target.elements:
            value = element.value
            out += _store_targets(value.value if isinstance(value, cst.StarredElement) else value)
        return out
    return [target]


class StaleGlobalCapture(Rule):
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
        traced function is defined, or from another function through `global` that runs after
        the first trace: the module calls it after using the traced function, or it is a hook
        of a Keras callback (`on_epoch_end`...), which `fit` calls after tracing its train step
        (only with `--preview` when the function runs at an unknown time, or sets the name
        only while unset, `if NAME is None:`: lazy initialisation sets it once). Pass the value
        as an argument (a tensor, so it does not retrace either), or keep it in a `tf.Variable`
        and `.assign()` the new value.
    """

    def visit_Module(self, node: cst.Module) -> None:
        # (id(reading function), name) -> the first read, the function defined in the scope
        # that binds the name (the "anchor"), and that scope
        self._reads: dict[tuple[int, str], tuple[cst.Name, FunctionInfo, Scope, FunctionInfo]] = {}
        self._not_reads: set[int] = set()  # attribute names and keywords

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._not_reads.add(id(node.attr))

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self._not_reads.add(id(node.keyword))

    def visit_Name(self, node: cst.Name) -> None:
        context = self.context
        if not context.in_traced_code or id(node) in self._not_reads:
            return
        model = self.model
        scope = context.scope
        name = node.value
        if model.is_target(node) or name in scope.global_names or name in scope.nonlocal_names:
            return  # rebinding from traced code itself is TF202's finding
        owner = model.binding_of(node, scope).scope
        if owner is None or owner.kind in ("class", "comprehension") or owner is scope:
            return
        fn = context.function
        if owner.function is not None and owner.function.traced:
            return  # a local of this trace
        if owner is model.scope and all(
            s.kind in ("import", "def", "class") for s in owner.bindings[name]
        ):
            return  # an import, a def or class
        anchor = fn
        while anchor.outer is not None and anchor.outer is not owner.function:
            anchor = anchor.outer
        self._reads.setdefault((id(fn), name), (node, anchor, owner, fn))

    def leave_Module(self, node: cst.Module) -> None:
        model = self.model
        for (_, name), (read, anchor, owner, reader) in self._reads.items():
            if anchor.defined_in or anchor.kind == "lambda":
                continue  # a new function (and trace) each iteration: TF502's concern
            defined = [
                s.order for s in anchor.parent.bindings.get(anchor.name, ()) if s.kind == "def"
            ]
            def_order = next(
                (s.order for s in anchor.parent.bindings[anchor.name] if s.node is anchor.node),
                0,
            )
            until = min((o for o in defined if o > def_order), default=len(model.events))
            later = []
            for site in owner.bindings.get(name, ()):
                if not def_order < site.order < until or site.kind in ("def", "class"):
                    continue
                # the function is used before the rebinding (or in the same loop, which
                # repeats) and again after it
                uses = self._uses(anchor.name)
                first, last = (
                    model.loop_spans[id(site.loop)]
                    if site.loop is not None
                    else (site.order, site.order)
                )
                used_before = any(def_order < u < site.order or first < u < last for u in uses)
                used_after = any(site.order < u < until or first < u < last for u in uses)
                if used_before and used_after:
                    later.append(site)
            where = gap = None
            because = []
            if later:
                kind = "global" if owner is model.scope else "closure variable"
                where = f"{kind} `{name}` is rebound after `{anchor.name}` is defined"
                because = [(f"`{name}` is rebound here, after a call", s.node) for s in later]
            elif owner is model.scope:
                writers = [
                    s
                    for s in owner.bindings.get(name, ())
                    if s.where is not None and not s.where.traced
                ]
                if writers:
                    where = f"global `{name}` is rebound in `{writers[0].where.qualname}`"
                    because = [
                        (f"`{name}` is rebound in `{s.where.qualname}`", s.node) for s in writers
                    ]
                    # A setter may well run before the first trace (configuration): proven
                    # stale when the module calls it after a use of the traced function.
                    uses = self._uses(anchor.name)
                    hooks = [w for w in writers if runs_after_first_trace(w.where)]
                    if hooks:
                        because.append(
                            (runs_after_first_trace(hooks[0].where), hooks[0].where.node)
                        )
                    elif not any(
                        u > min(uses, default=len(model.events))
                        for w in writers
                        for u in self._uses(w.where.name)
                    ):
                        gap = "nothing shows the rebinding function runs after the first trace"
                    elif all(initialises_once(w.where.node, name, w.node) for w in writers):
                        gap = (
                            f"`{name}` is set only while unset (lazy initialisation, once): "
                            "nothing shows that happens after the first trace"
                        )
            if where is None:
                continue
            self.report(
                read,
                f"{where}, but traced `{anchor.qualname}` keeps the value it saw when it was "
                "traced; pass it as an argument or keep it in a `tf.Variable`",
                because=[b for b in because if isinstance(b[1], cst.CSTNode)],
                gap=gap,
                traced_in=reader,
            )

    def _uses(self, name: str) -> list[int]:
        """Where (event indices) the module reads ``name``: calls and other uses of a function."""
        return self.context.memo((StaleGlobalCapture, name), lambda: _reads_of(self.model, name))


def _reads_of(model: ModuleModel, name: str) -> list[int]:
    found = []
    attributes: set[int] = set()
    name_type, attribute_type = cst.Name, cst.Attribute
    for index, (node, entering) in enumerate(model.events):
        t = type(node)
        if not entering:
            continue
        if t is attribute_type:
            attributes.add(id(node.attr))
        elif (
            t is name_type
            and node.value == name
            and id(node) not in attributes
            and not model.is_target(node)
        ):
            found.append(index)
    return found


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


PER_CALL_GAP = (
    "the tf.function is created anew each time the function wrapping it runs, so it traces "
    "again and reads the current value"
)
SETUP_GAP = (
    "changed only in private methods or dunders, which may run before the first trace "
    "(setup), not after it"
)


def _event_order(model: ModuleModel) -> dict[int, int]:
    """Each node's position in the module's walk (for "comes after"); the same table as
    tf2lint.tape's ``event_order``, built once for both."""
    return model.memo(
        "event-order",
        lambda: {id(node): i for i, (node, entering) in enumerate(model.events) if entering},
    )


def _before_any_object(model: ModuleModel, target: cst.Attribute, fn: FunctionInfo | None) -> bool:
    """Whether the store to ``target`` runs before the code around it has built any object of
    the module or run any of its functions: at module level, before the first top-level
    statement that calls one (import time, ``args = parser.parse_args(); args.lr = 0.1``); in
    a module function, before its own first such call (``main()`` configuring ``args`` before
    ``model = Net(args)``). No traced function of the module can have read the attribute yet:
    what the object is copied into sees the new value."""
    if fn is not None and (fn.cls is not None or fn.outer is not None or fn.traced):
        return False  # a method or a closure: it may run any time
    root = target.value
    if fn is not None and isinstance(root, cst.Name) and model.binding_of(root, fn).is_param:
        return False  # an object handed in: it exists already
    order = model.memo(_event_order, lambda: _event_order(model))
    at = order.get(id(target))
    if at is None:
        return False
    first = model.memo((_before_any_object, id(fn)), lambda: _first_own_call(model, fn, order))
    return first is None or at < first


def _first_own_call(
    model: ModuleModel, fn: FunctionInfo | None, order: dict[int, int]
) -> int | None:
    """Where code at the level of ``fn`` (None: module level) first calls a function or
    class of the module (its walk position), if it does."""
    for call in model.calls_made_by(fn):
        func = call.func
        own = model.callee(call, fn) is not None or (
            isinstance(func, cst.Name)
            and any(s.kind in ("def", "class") for s in model.binding_of(func, fn).sites)
        )
        if own:
            return order.get(id(call))
    return None


def root_reason_is_keras(fn: FunctionInfo) -> bool:
    """Traced by Keras (a train_step, a compiled loss): what compile() rebuilds."""
    root = root_reason(fn)
    return root is not None and root.kind in ("keras", "compiled")


def _may_run_first(fn: FunctionInfo | None) -> bool:
    """A write made by a method that may be setup before any trace: a private or dunder method
    of the class (not module code, not a public method that users call between calls)."""
    return fn is not None and fn.cls is not None and fn.name.startswith("_")


def _attributes(node: cst.BaseExpression) -> list[cst.Attribute]:
    found = []
    todo: list[cst.CSTNode] = [node]
    while todo:
        current = todo.pop()
        if isinstance(current, cst.Attribute):
            found.append(current)
        todo.extend(current.children)
    return found


def _init_or_raise(model: ModuleModel, node: cst.If) -> bool:
    """``if <flag>:`` whose body only raises, or initialises under ``tf.init_scope()``."""
    body = node.body.body
    if all(
        isinstance(stmt, cst.SimpleStatementLine)
        and all(isinstance(s, cst.Raise) for s in stmt.body)
        for stmt in body
    ):
        return True
    return any(
        isinstance(stmt, cst.With)
        and any(
            isinstance(item.item, cst.Call) and model.call_name(item.item) == INIT_SCOPE
            for item in stmt.items
        )
        for stmt in body
    )


INIT_SCOPE = "tensorflow.init_scope"


class StaleAttributeCapture(Rule):
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
        # attr -> reads: (node, traced function, is_self)
        self._reads: dict[str, list[tuple[cst.Attribute, FunctionInfo, bool]]] = {}
        # attr -> mutations: (class or None, root is self, description, value kind)
        self._writes: dict[str, list[tuple[object, bool, str]]] = {}
        self._variables: set[str] = set()  # attributes ever holding something not Python
        self._scalar_init: set[str] = set()  # attributes set to a Python scalar in __init__
        self._stores: set[int] = set()
        self._called: set[int] = set()
        self._guards: set[int] = set()  # attributes read by an init-once or raise-only test

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
            if not is_self and _before_any_object(self.model, t, fn):
                continue  # start-up configuration (`args.lr = 0.1`): set before anything traces
            shown = f"`{root.value}.{attr}`"
            where = f"in `{fn.qualname}`" if fn is not None else "at module level"
            self._writes.setdefault(attr, []).append(
                (cls, is_self, f"{shown} is changed {where}", kind, t, _may_run_first(fn))
            )

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._store(target.target, node.value, aug=False)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._store(node.target, node.value, aug=True)

    def visit_Call(self, node: cst.Call) -> None:
        if self.context.in_traced_code:
            self._called.add(id(node.func))

    def visit_If(self, node: cst.If) -> None:
        """A flag tested to initialise once outside the graph (``if not self._ready:`` then
        ``with tf.init_scope():``) or only to raise a usage error is read correctly at trace
        time: its value at the first trace is the one that matters."""
        if self.context.in_traced_code and _init_or_raise(self.model, node):
            for child in _attributes(node.test):
                self._guards.add(id(child))

    def visit_Assert(self, node: cst.Assert) -> None:
        if self.context.in_traced_code:  # a usage check, like a raise-only test
            for child in _attributes(node.test):
                self._guards.add(id(child))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        context = self.context
        if not context.in_traced_code or id(node) in self._stores or id(node) in self._called:
            return
        if id(node) in self._guards:
            return
        root = node.value
        if not isinstance(root, cst.Name):
            return
        fn = context.function
        is_self = root.value == "self"
        if not is_self and not (root.value in fn.params and root.value != "cls"):
            return
        self._reads.setdefault(node.attr.value, []).append((node, fn, is_self))

    def _compiled_after(self, target: cst.Attribute) -> bool:
        """Whether the object whose attribute ``target`` stores is ``compile``d later in the
        same function (or module code)."""
        if not isinstance(target.value, cst.Name):
            return False
        owner = target.value.value
        order = self.model.memo(_event_order, lambda: _event_order(self.model))
        at = order.get(id(target))
        if at is None:
            return False
        for call in self.model.nodes_of(cst.Call):
            func = call.func
            if (
                isinstance(func, cst.Attribute)
                and func.attr.value == "compile"
                and isinstance(func.value, cst.Name)
                and func.value.value == owner
                and order.get(id(call), -1) > at
            ):
                return True
        return False

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
                if root_reason_is_keras(fn):
                    # `model.x = v; model.compile(...)`: compile drops the traced train
                    # function, so the next fit traces anew and reads the new value
                    match = [w for w in match if not self._compiled_after(w[4])]
                if not match:
                    continue
                reported.add(id(fn))
                # Changed from outside the class, or by a public method (a setter the user
                # calls between calls), the change comes after a trace; a private helper or a
                # dunder may be setup that runs before the first one.
                after = [w for w in match if not w[5]]
                root = root_reason(fn)
                per_call = (
                    root is not None
                    and root.kind == "wrapped"
                    and root.via
                    and root.via.rpartition(".")[2] not in SETUP_METHODS
                )
                self.report(
                    read,
                    f"traced `{fn.qualname}` reads `{code(read)}`, a plain Python attribute: "
                    f"{(after or match)[0][2]}, but the graph keeps the value from trace time; "
                    "use a `tf.Variable` and `.assign()`",
                    because=[(w[2], w[4]) for w in (after or match)],
                    gap=PER_CALL_GAP if per_call else None if after else SETUP_GAP,
                    traced_in=fn,
                )

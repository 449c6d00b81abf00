"""The TF-aware semantic model of one module, built in one pass of our own over the tree.

It answers what the rules keep asking: what does this name refer to (import aliases), which
functions are traced by ``tf.function`` (and why), where are they called, what does each function
assign, and is this expression a tensor. It does not use libcst's metadata providers, which cost
ten times the parse (see DEVELOPERS.md).
"""

from __future__ import annotations

import builtins
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from tf2lint.lazy import cst
from tf2lint.walk import LEAVE, children

BUILTIN_NAMES = frozenset(dir(builtins))

# Every spelling of tf.function once aliases are resolved, including well-known thin wrappers.
TF_FUNCTION_NAMES = frozenset(
    {
        "tensorflow.function",
        "tensorflow.python.eager.def_function.function",
        "tensorflow.python.eager.polymorphic_function.polymorphic_function.function",
        "tf_agents.utils.common.function",
    }
)
KERAS_ROOTS = (
    "tensorflow.keras.",
    "keras.",
    "tf_keras.",
    "tensorflow.python.keras.",
    "tensorflow.compat.v1.keras.",
)
KERAS_TRACED_METHODS = frozenset({"call", "train_step", "test_step", "predict_step"})
DATASET_FUNCTION_METHODS = frozenset(
    {
        "map",
        "filter",
        "flat_map",
        "interleave",
        "reduce",
        "scan",
        "take_while",
        "parallel_interleave",
    }
)

# tf namespaces whose functions return tensors (after `tensorflow.`).
_TENSOR_NAMESPACES = (
    "math.",
    "linalg.",
    "nn.",
    "random.",
    "signal.",
    "image.",
    "strings.",
    "sparse.",
    "ragged.",
    "bitwise.",
    "raw_ops.",
    "experimental.numpy.",
    "audio.",
)
# Top-level tf.* functions that do not return a tensor.
_NOT_TENSOR_TOPLEVEL = frozenset(
    {
        "function",
        "print",
        "Variable",
        "Module",
        "name_scope",
        "device",
        "GradientTape",
        "TensorSpec",
        "TensorShape",
        "DType",
        "as_dtype",
        "get_logger",
        "control_dependencies",
        "init_scope",
        "executing_eagerly",
        "is_tensor",
        "custom_gradient",
        "py_function",
        "numpy_function",
        "Graph",
        "RaggedTensorSpec",
        "SparseTensorSpec",
        "IndexedSlices",
        "CriticalSection",
        "load_op_library",
        "inside_function",
        "recompute_grad",
        "no_gradient",
        "register_tensor_conversion_function",
        "get_static_value",
        "constant_initializer",
        "ones_initializer",
        "zeros_initializer",
        "random_normal_initializer",
        "random_uniform_initializer",
        "Tensor",
        "is_symbolic_tensor",
    }
)


def normalize(qualified: str) -> str:
    """Fold aliases of the same TF2 API: tf.compat.v2.X is tf.X."""
    if qualified.startswith("tensorflow.compat.v2."):
        return "tensorflow." + qualified[len("tensorflow.compat.v2.") :]
    return qualified


def dotted_name(node: cst.BaseExpression) -> str | None:
    """``a.b.c`` for a Name/Attribute chain, else None."""
    parts: list[str] = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if not isinstance(node, cst.Name):
        return None
    parts.append(node.value)
    return ".".join(reversed(parts))


def is_keras(qualified: str | None, *suffixes: str) -> bool:
    """Whether ``qualified`` is a Keras API ending in one of ``suffixes`` (e.g. "layers.Dense")."""
    if not qualified:
        return False
    for root in KERAS_ROOTS:
        if qualified.startswith(root):
            rest = qualified[len(root) :]
            rest = rest.removeprefix("src.")
            return not suffixes or any(rest == s or rest.endswith("." + s) for s in suffixes)
    return False


def is_one_time_guard(test: cst.BaseExpression) -> bool:
    """``x is None``, ``not x``, ``not self.built``, ``not hasattr(...)``, or an ``and``/``or`` of them."""
    if isinstance(test, cst.BooleanOperation):
        return is_one_time_guard(test.left) or is_one_time_guard(test.right)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return True
    if isinstance(test, cst.Comparison):
        return any(
            isinstance(t.operator, cst.Is)
            and isinstance(t.comparator, cst.Name)
            and t.comparator.value == "None"
            for t in test.comparisons
        )
    return False


@dataclass(eq=False)
class ClassInfo:
    node: cst.ClassDef
    name: str
    methods: dict[str, FunctionInfo] = field(default_factory=dict)
    base_names: list[str | None] = field(default_factory=list)  # resolved after the pass
    keras_kind: str | None = None  # "layer" or "model" for Keras subclasses
    # self.<attr> = <value> in any method
    self_assignments: dict[str, list[cst.BaseExpression]] = field(default_factory=dict)


@dataclass(eq=False)
class FunctionInfo:
    node: cst.FunctionDef
    name: str
    qualname: str
    parent: FunctionInfo | None
    cls: ClassInfo | None  # set when this is a method
    params: list[str] = field(default_factory=list)
    param_defaults: dict[str, cst.BaseExpression] = field(default_factory=dict)
    # name -> values bound to it in this function's own body (not nested functions)
    assignments: dict[str, list[cst.BaseExpression | None]] = field(default_factory=dict)
    global_names: set[str] = field(default_factory=set)
    nonlocal_names: set[str] = field(default_factory=set)
    calls: list[cst.Call] = field(default_factory=list)
    guarded_calls: set[int] = field(default_factory=set)  # ids of calls under a one-time guard
    nested: dict[str, FunctionInfo] = field(default_factory=dict)
    is_generator: bool = False
    traced_reason: str | None = None  # why tf.function traces this function, if it does
    one_time: bool = False  # traced code calls it only from under a one-time guard

    @property
    def traced(self) -> bool:
        return self.traced_reason is not None

    def binds(self, name: str) -> bool:
        """Whether ``name`` is local to this function (a parameter or assigned here)."""
        if name in self.global_names or name in self.nonlocal_names:
            return False
        return name in self.assignments or name in self.params or name in self.nested


@dataclass(frozen=True)
class CallSite:
    """A call of a function the model knows, with the function it is made from (None: module)."""

    call: cst.Call
    callee: FunctionInfo
    caller: FunctionInfo | None
    loops: tuple[cst.CSTNode, ...]  # enclosing for/while loops within the caller, outermost first


class ModuleModel:
    """Everything the rules need to know about one module, computed once."""

    def __init__(self, module: cst.Module) -> None:
        self.module = module
        self.imports: dict[str, str] = {}  # local name -> qualified name
        self.functions: list[FunctionInfo] = []
        self.function_of: dict[cst.FunctionDef, FunctionInfo] = {}
        self.classes: dict[cst.ClassDef, ClassInfo] = {}
        self.module_functions: dict[str, FunctionInfo] = {}
        self.module_classes: dict[str, ClassInfo] = {}
        # module-level name -> values bound to it at module level
        self.module_assignments: dict[str, list[cst.BaseExpression | None]] = {}
        # names rebound from inside a function through `global`
        self.globals_rebound_in_functions: set[str] = set()
        self.call_sites: list[CallSite] = []
        # every call in the module with the function it is in and its enclosing loops
        self._calls: list[tuple[cst.Call, FunctionInfo | None, tuple[cst.CSTNode, ...]]] = []
        # The walk's events in order, (node, True) on entering and (node, False) on leaving, so
        # that the engine's rule traversal replays them instead of walking the tree again.
        self.events: list[tuple[cst.CSTNode, bool]] = []
        self._by_type: dict[type, list[cst.CSTNode]] = defaultdict(list)
        _ModelBuilder(self).build()

    def nodes_of(self, node_type: type) -> list[cst.CSTNode]:
        """Every node of exactly ``node_type``, in source order, for rules that look at all
        nodes of a kind at once rather than one visit at a time."""
        return self._by_type.get(node_type, [])

    # --- names -------------------------------------------------------------------------------
    def qualified_name(self, node: cst.BaseExpression) -> str | None:
        """Resolve a Name/Attribute chain through the imports: ``tf.nn.relu`` -> tensorflow.nn.relu.

        Unimported builtins resolve to ``builtins.<name>`` unless the module rebinds them.
        """
        dotted = dotted_name(node)
        if dotted is None:
            return None
        head, _, rest = dotted.partition(".")
        target = self.imports.get(head)
        if target is None:
            if head in BUILTIN_NAMES and head not in self.module_assignments:
                target = "builtins." + head
            else:
                return None
        return normalize(f"{target}.{rest}" if rest else target)

    def call_name(self, call: cst.Call) -> str | None:
        return self.qualified_name(call.func)

    def imports_tensorflow(self) -> bool:
        return any(
            q == "tensorflow" or q.startswith(("tensorflow.", "keras", "tf_keras"))
            for q in self.imports.values()
        )

    # --- functions ---------------------------------------------------------------------------
    def resolve_function(self, name: str, scope: FunctionInfo | None) -> FunctionInfo | None:
        """The function a bare name refers to from inside ``scope`` (lexical lookup)."""
        while scope is not None:
            if name in scope.nested:
                return scope.nested[name]
            if scope.binds(name):
                return None
            scope = scope.parent
        return self.module_functions.get(name)

    def resolve_method(self, cls: ClassInfo, name: str) -> FunctionInfo | None:
        seen: set[int] = set()
        todo = [cls]
        while todo:
            c = todo.pop()
            if id(c) in seen:
                continue
            seen.add(id(c))
            if name in c.methods:
                return c.methods[name]
            todo.extend(self.module_classes[b] for b in c.base_names if b in self.module_classes)
        return None

    def callee(self, call: cst.Call, caller: FunctionInfo | None) -> FunctionInfo | None:
        """The module function or same-class method that ``call`` calls, if the model knows it."""
        func = call.func
        if isinstance(func, cst.Name):
            return self.resolve_function(func.value, caller)
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == "self"
            and caller is not None
            and caller.cls is not None
        ):
            return self.resolve_method(caller.cls, func.attr.value)
        return None

    def function_referenced(
        self, expr: cst.BaseExpression, scope: FunctionInfo | None
    ) -> FunctionInfo | None:
        """The module function (``f``) or same-class method (``self.f``) that ``expr`` names."""
        if isinstance(expr, cst.Name):
            return self.resolve_function(expr.value, scope)
        if (
            isinstance(expr, cst.Attribute)
            and isinstance(expr.value, cst.Name)
            and expr.value.value == "self"
        ):
            cls = self.enclosing_class(scope)
            if cls is not None:
                return self.resolve_method(cls, expr.attr.value)
        return None

    def bound_values(
        self, expr: cst.BaseExpression, fn: FunctionInfo | None, outer_only: bool = False
    ) -> list[cst.BaseExpression]:
        """The values the module binds to ``expr``: a name (lexical lookup from ``fn`` out, or
        from its parent with ``outer_only``), or a ``self.<attr>`` of the enclosing class.
        Empty when unknown (a parameter, say)."""
        if isinstance(expr, cst.Name):
            scope = fn.parent if outer_only and fn is not None else fn
            while scope is not None:
                if expr.value in scope.assignments:
                    return [v for v in scope.assignments[expr.value] if v is not None]
                if expr.value in scope.params:
                    return []
                scope = scope.parent
            return [v for v in self.module_assignments.get(expr.value, []) if v is not None]
        if (
            isinstance(expr, cst.Attribute)
            and isinstance(expr.value, cst.Name)
            and expr.value.value == "self"
        ):
            cls = self.enclosing_class(fn)
            if cls is not None:
                return [v for v in cls.self_assignments.get(expr.attr.value, []) if v is not None]
        return []

    def is_dataset(self, expr: cst.BaseExpression) -> bool:
        """Whether ``expr`` looks like a tf.data pipeline (its iterator advances in the graph):
        built by tf.data or tf.distribute, or named like one (``ds``, ``train_dataset``)."""
        while isinstance(expr, cst.Call):  # ds.batch(8).map(f): look through the chain
            name = self.call_name(expr)
            if name is not None:
                return name.startswith(("tensorflow.data.", "tensorflow.distribute."))
            if not isinstance(expr.func, cst.Attribute):
                return False
            expr = expr.func.value
        if isinstance(expr, cst.Attribute):  # self.dataset
            expr = expr.attr
        if isinstance(expr, cst.Name):
            lowered = expr.value.lower()
            return "dataset" in lowered or lowered == "ds" or lowered.endswith("_ds")
        return False

    def enclosing_class(self, fn: FunctionInfo | None) -> ClassInfo | None:
        while fn is not None:
            if fn.cls is not None:
                return fn.cls
            fn = fn.parent
        return None

    # --- tensors -----------------------------------------------------------------------------
    def is_tensor(self, node: cst.BaseExpression, fn: FunctionInfo | None, _depth: int = 0) -> bool:
        """Whether ``node`` evaluates to a tf.Tensor when ``fn`` is traced.

        Conservative: True only for values known to be tensors (tf ops, traced-function results,
        Keras layer calls, tensor parameters of traced functions, arithmetic on those); shapes,
        dtypes, Python numbers and unknown calls are not tensors.
        """
        if _depth > 20:
            return False
        deeper = _depth + 1
        if isinstance(node, cst.Call):
            name = self.call_name(node)
            if name is not None:
                return self._tensor_api(name)
            callee = self.callee(node, fn)
            if callee is not None:
                return callee.traced
            func = node.func
            if isinstance(func, cst.Call):  # tf.keras.layers.Dense(4)(x)
                return is_keras(self.call_name(func))
            if isinstance(func, cst.Attribute):
                if func.attr.value in ("numpy", "item", "tolist", "get_shape", "as_list"):
                    return False
                # self.<layer>(x) where self.<layer> holds a Keras layer
                cls = self.enclosing_class(fn)
                if (
                    cls is not None
                    and isinstance(func.value, cst.Name)
                    and func.value.value == "self"
                ):
                    values = cls.self_assignments.get(func.attr.value, ())
                    return any(
                        isinstance(v, cst.Call) and is_keras(self.call_name(v)) for v in values
                    )
            return False
        if isinstance(node, cst.BinaryOperation):
            return self.is_tensor(node.left, fn, deeper) or self.is_tensor(node.right, fn, deeper)
        if isinstance(node, cst.UnaryOperation):
            return not isinstance(node.operator, cst.Not) and self.is_tensor(
                node.expression, fn, deeper
            )
        if isinstance(node, cst.Subscript):
            return self.is_tensor(node.value, fn, deeper)
        if isinstance(node, cst.Name) and fn is not None:
            return self._name_is_tensor(node.value, fn, deeper)
        return False

    def _tensor_api(self, name: str) -> bool:
        if not name.startswith("tensorflow."):
            return False
        rest = name[len("tensorflow.") :]
        if "." not in rest:
            return rest not in _NOT_TENSOR_TOPLEVEL and not rest[:1].isupper()
        return rest.startswith(_TENSOR_NAMESPACES)

    def _name_is_tensor(self, name: str, fn: FunctionInfo, depth: int) -> bool:
        scope: FunctionInfo | None = fn
        while scope is not None:
            if name in scope.assignments:
                return any(
                    v is not None and self.is_tensor(v, scope, depth)
                    for v in scope.assignments[name]
                )
            if name in scope.params:
                return scope.traced and self._param_is_tensor(scope, name)
            scope = scope.parent
        return False

    def _param_is_tensor(self, fn: FunctionInfo, name: str) -> bool:
        if name in ("self", "cls", "training", "mask"):
            return False
        default = fn.param_defaults.get(name)
        # A Python-valued default (flags, sizes, names, None) marks a Python parameter.
        return default is None or not isinstance(
            default,
            (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString, cst.Name),
        )


class _ModelBuilder:
    """Fills a ModuleModel in one walk of the tree, then resolves what needs the whole module."""

    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self.functions: list[FunctionInfo] = []  # stack
        self.classes: list[tuple[ClassInfo, int]] = []  # stack, with function depth at entry
        self.loops: list[list[cst.CSTNode]] = [[]]  # per function level
        self.guard_blocks: set[int] = set()
        self.guard_depth: list[int] = [0]  # per function level
        self.events = model.events

    def build(self) -> None:
        self.walk()
        self.resolve_classes()
        self.mark_traced()
        self.collect_call_sites()

    # --- the walk ----------------------------------------------------------------------------
    def current(self) -> FunctionInfo | None:
        return self.functions[-1] if self.functions else None

    def bind(self, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        fn = self.current()
        if isinstance(target, cst.Name):
            table = fn.assignments if fn is not None else self.model.module_assignments
            table.setdefault(target.value, []).append(value)
            if fn is not None and target.value in fn.global_names:
                self.model.globals_rebound_in_functions.add(target.value)
                self.model.module_assignments.setdefault(target.value, []).append(value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                inner = element.value
                if isinstance(inner, cst.StarredElement):
                    inner = inner.value
                # Unpacked values are element-wise unknown; a tensor unpacks to tensors.
                self.bind(inner, value if value is not None and _is_call(value) else None)
        elif isinstance(target, cst.Attribute):
            owner = self.model.enclosing_class(fn)
            if (
                owner is not None
                and isinstance(target.value, cst.Name)
                and target.value.value == "self"
            ):
                owner.self_assignments.setdefault(target.attr.value, []).append(value)

    def walk(self) -> None:
        """Depth-first and in source order, recording each node's entering and leaving event.

        One loop, not walk.walk with callbacks: it runs for every node of every module, and
        a Python call per node and event is a good part of its cost."""
        append = self.events.append
        by_type = self.model._by_type
        handlers, leave_types, leaf_types = _walk_tables()
        leave_marker = LEAVE
        stack: list = [self.model.module]
        push, pop, extend = stack.append, stack.pop, stack.extend
        while stack:
            node = pop()
            if node is leave_marker:
                node = pop()
                append((node, False))
                if type(node) in leave_types:
                    self.leave(node)
                continue
            append((node, True))
            t = type(node)
            by_type[t].append(node)
            # Exact-type dispatch: libcst's node classes are ABCs, and each isinstance check
            # against one goes through ABCMeta.__instancecheck__.
            handler = handlers.get(t)
            if handler is not None:
                handler(self, node)
            if t in leaf_types:  # a third of all nodes are names: skip looking for children
                append((node, False))
                continue
            kids = children(node)
            if kids:
                push(node)
                push(leave_marker)
                kids.reverse()
                extend(kids)
            else:  # a leaf (a name, a literal): leave it at once
                append((node, False))

    def _enter_block(self, node: cst.IndentedBlock | cst.SimpleStatementSuite) -> None:
        if id(node) in self.guard_blocks:
            self.guard_depth[-1] += 1

    def _enter_if(self, node: cst.If) -> None:
        if is_one_time_guard(node.test):
            self.guard_blocks.add(id(node.body))

    def _enter_class(self, node: cst.ClassDef) -> None:
        model = self.model
        info = ClassInfo(node, node.name.value)
        model.classes[node] = info
        if not self.functions and not self.classes:
            model.module_classes[info.name] = info
        self.classes.append((info, len(self.functions)))

    def _enter_import(self, node: cst.Import) -> None:
        model = self.model
        for alias in node.names:
            full = dotted_name(alias.name)
            if full is None:
                continue
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                model.imports[alias.asname.name.value] = full
            else:
                head = full.split(".")[0]
                model.imports.setdefault(head, head)

    def _enter_import_from(self, node: cst.ImportFrom) -> None:
        # Its children (aliases, names) are still walked, for the rules' traversal; none of them
        # means anything to the model.
        if node.relative or node.module is None or isinstance(node.names, cst.ImportStar):
            return
        model = self.model
        base = dotted_name(node.module)
        for alias in node.names:
            if not isinstance(alias.name, cst.Name):
                continue
            local = alias.name.value
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
            model.imports[local] = f"{base}.{alias.name.value}"

    def _enter_assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self.bind(target.target, node.value)

    def _enter_ann_or_aug_assign(self, node: cst.AnnAssign | cst.AugAssign) -> None:
        if node.value is not None:
            self.bind(node.target, node.value)

    def _enter_named_expr(self, node: cst.NamedExpr) -> None:
        self.bind(node.target, node.value)

    def _enter_for(self, node: cst.For) -> None:
        self.bind(node.target, None)
        self.loops[-1].append(node)

    def _enter_comp_for(self, node: cst.CompFor) -> None:
        self.bind(node.target, None)

    def _enter_while(self, node: cst.While) -> None:
        self.loops[-1].append(node)

    def _enter_with_item(self, node: cst.WithItem) -> None:
        if node.asname is not None:
            self.bind(node.asname.name, None)

    def _enter_global(self, node: cst.Global) -> None:
        fn = self.current()
        if fn is not None:
            fn.global_names.update(n.name.value for n in node.names)

    def _enter_nonlocal(self, node: cst.Nonlocal) -> None:
        fn = self.current()
        if fn is not None:
            fn.nonlocal_names.update(n.name.value for n in node.names)

    def _enter_call(self, node: cst.Call) -> None:
        fn = self.current()
        if fn is not None:
            fn.calls.append(node)
            if self.guard_depth[-1]:
                fn.guarded_calls.add(id(node))
        self.model._calls.append((node, fn, tuple(self.loops[-1])))

    def _enter_yield(self, node: cst.Yield) -> None:
        fn = self.current()
        if fn is not None:
            fn.is_generator = True

    def enter_function(self, node: cst.FunctionDef) -> None:
        model = self.model
        parent = self.current()
        cls = None
        if self.classes and self.classes[-1][1] == len(self.functions):
            cls = self.classes[-1][0]
        name = node.name.value
        if cls is not None:
            qualname = f"{cls.name}.{name}"
        elif parent is not None:
            qualname = f"{parent.qualname}.<locals>.{name}"
        else:
            qualname = name
        info = FunctionInfo(node, name, qualname, parent, cls)
        params = node.params
        for param in (*params.posonly_params, *params.params, *params.kwonly_params):
            info.params.append(param.name.value)
            if param.default is not None:
                info.param_defaults[param.name.value] = param.default
        for star in (params.star_arg, params.star_kwarg):
            if isinstance(star, cst.Param):
                info.params.append(star.name.value)
        if cls is not None:
            cls.methods.setdefault(name, info)
        elif parent is not None:
            parent.nested[name] = info
            parent.assignments.setdefault(name, []).append(None)
        elif not self.classes:
            model.module_functions[name] = info
        model.functions.append(info)
        model.function_of[node] = info
        self.functions.append(info)
        self.loops.append([])
        self.guard_depth.append(0)

    def leave(self, node: cst.CSTNode) -> None:
        if id(node) in self.guard_blocks:
            self.guard_depth[-1] -= 1
        t = type(node)
        if t is cst.FunctionDef:
            self.functions.pop()
            self.loops.pop()
            self.guard_depth.pop()
        elif t is cst.ClassDef:
            self.classes.pop()
        elif t is cst.For or t is cst.While:
            self.loops[-1].pop()

    # --- whole-module resolution -------------------------------------------------------------
    def resolve_classes(self) -> None:
        model = self.model
        for info in model.classes.values():
            for base in info.node.bases:
                dotted = dotted_name(base.value)
                if dotted in model.module_classes:
                    info.base_names.append(dotted)
                else:
                    qualified = model.qualified_name(base.value)
                    info.base_names.append(qualified)
                    if is_keras(qualified, "Model", "Sequential", "Functional"):
                        info.keras_kind = "model"
                    elif is_keras(qualified, "Layer", "layers.Layer") or (
                        qualified and is_keras(qualified) and ".layers." in qualified
                    ):
                        info.keras_kind = info.keras_kind or "layer"
        changed = True
        while changed:  # Keras-ness is inherited from classes in the same module
            changed = False
            for info in model.classes.values():
                if info.keras_kind:
                    continue
                for base in info.base_names:
                    parent = model.module_classes.get(base or "")
                    if parent is not None and parent.keras_kind:
                        info.keras_kind = parent.keras_kind
                        changed = True

    def mark_traced(self) -> None:
        model = self.model
        todo: list[FunctionInfo] = []

        def mark(fn: FunctionInfo | None, reason: str) -> None:
            if fn is not None and fn.traced_reason is None:
                fn.traced_reason = reason
                todo.append(fn)

        for fn in model.functions:
            for decorator in fn.node.decorators:
                expr = decorator.decorator
                if isinstance(expr, cst.Call):
                    expr = expr.func
                if model.qualified_name(expr) in TF_FUNCTION_NAMES:
                    mark(fn, "decorated with @tf.function")
            if fn.cls is not None and fn.cls.keras_kind and fn.name in KERAS_TRACED_METHODS:
                mark(fn, f"`{fn.name}` of a Keras {fn.cls.keras_kind}, traced by Keras")
        for call, caller, _ in model._calls:
            name = model.call_name(call)
            if name in TF_FUNCTION_NAMES and call.args:
                mark(
                    self.model.function_referenced(call.args[0].value, caller),
                    "wrapped by tf.function",
                )
            elif (
                isinstance(call.func, cst.Attribute)
                and call.func.attr.value in DATASET_FUNCTION_METHODS
                and model.is_dataset(call.func.value)
            ):
                for arg in call.args:
                    if arg.keyword is None or arg.keyword.value in ("map_func", "predicate"):
                        target = self.model.function_referenced(arg.value, caller)
                        mark(target, f"passed to Dataset.{call.func.attr.value}, traced by tf.data")
                        break
        # What traced code calls or defines is traced too. Calls made from under a one-time
        # guard (`if not self._built: self._build()`) run once, while tracing: their callees
        # are traced "one time", and only if no unguarded path reaches them.
        guarded: list[tuple[FunctionInfo, str]] = []
        while todo or guarded:
            if not todo:
                callee, reason = guarded.pop()
                if callee.traced_reason is None:
                    callee.one_time = True
                    mark(callee, reason)
                continue
            fn = todo.pop()
            for nested in fn.nested.values():
                mark(nested, f"defined inside traced `{fn.qualname}`")
                nested.one_time = nested.one_time or fn.one_time
            for call in fn.calls:
                reason = f"called from traced `{fn.qualname}`"
                callee = model.callee(call, fn)
                if callee is not None and (id(call) in fn.guarded_calls or fn.one_time):
                    guarded.append((callee, reason))
                else:
                    mark(callee, reason)
                for arg in call.args:  # callables handed to tf.cond, tf.map_fn, strategy.run ...
                    target = self.model.function_referenced(arg.value, fn)
                    mark(target, f"passed to a call in traced `{fn.qualname}`")

    def collect_call_sites(self) -> None:
        model = self.model
        for call, caller, loops in model._calls:
            callee = model.callee(call, caller)
            if callee is not None:
                model.call_sites.append(CallSite(call, callee, caller, loops))


# Node type -> what the walk does on entering it. By name, resolved on first use: importing the
# model (as every rule module does) must not load libcst, which a fully cached run never needs.
_ENTER = {
    "IndentedBlock": "_enter_block",
    "SimpleStatementSuite": "_enter_block",
    "If": "_enter_if",
    "FunctionDef": "enter_function",
    "ClassDef": "_enter_class",
    "Import": "_enter_import",
    "ImportFrom": "_enter_import_from",
    "Assign": "_enter_assign",
    "AnnAssign": "_enter_ann_or_aug_assign",
    "AugAssign": "_enter_ann_or_aug_assign",
    "NamedExpr": "_enter_named_expr",
    "For": "_enter_for",
    "CompFor": "_enter_comp_for",
    "While": "_enter_while",
    "WithItem": "_enter_with_item",
    "Global": "_enter_global",
    "Nonlocal": "_enter_nonlocal",
    "Call": "_enter_call",
    "Yield": "_enter_yield",
}
# Node types whose leaving the walk follows. Blocks (bodies of one-time guards) are never leaves:
# a block holds at least one statement.
_LEAVE = ("FunctionDef", "ClassDef", "For", "While", "IndentedBlock", "SimpleStatementSuite")


# Node types that never hold code (only a value, brackets and whitespace).
_LEAVES = ("Name", "Integer", "Float", "Imaginary", "SimpleString", "Pass", "Break", "Continue")


@cache
def _walk_tables() -> tuple[dict[type, Callable], frozenset[type], frozenset[type]]:
    handlers = {
        getattr(cst, name): getattr(_ModelBuilder, method) for name, method in _ENTER.items()
    }
    leave_types = frozenset(getattr(cst, name) for name in _LEAVE)
    return handlers, leave_types, frozenset(getattr(cst, name) for name in _LEAVES)


def _is_call(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call)

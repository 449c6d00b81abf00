"""Python operations that need a graph tensor's value: `bool`/`int`/`float`, `assert`, unpacking,
indexing a Python container, `in`, `is`, attributes, string methods, item assignment.
"""

from __future__ import annotations

from tf2lint.analysis import knowledge
from tf2lint.analysis.model import FunctionInfo, ModuleModel, Scope, SiteKind
from tf2lint.analysis.tensors import (
    computed_tensor,
    numpy_array,
    passed_graph_tensor,
    sequence_of_tensors,
    tensor_condition,
    used_as_mapping,
    values_read,
)
from tf2lint.analysis.tfnames import is_keras
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import code, short
from tf2lint.rules.graph_common import (
    _sequential_input,
    _TracedRule,
    _unconverted_because,
    fed_parameter,
    index_tensor,
    python_container,
)


class PythonConversionOfTensor(_TracedRule):
    id = "TF803"
    requires_traced_code = True
    call_names = frozenset({"bool", "float", "int", "len"})
    calls_in_traced_code = True
    name = "python-conversion-of-tensor"
    severity = "error"
    message = "`bool()` (or `len()`) of a tensor in traced code: a graph tensor has no Python value"
    rationale = """
        A graph tensor has no value while the `tf.function` is traced, so `bool(t)` raises
        `OperatorNotAllowedInGraphError` (AutoGraph rewrites `if t:` and `while t:`, but not an
        explicit `bool()` call). `float(t)` and `int(t)` are rewritten to casts by AutoGraph, so
        they are reported only in code AutoGraph does not convert, where they raise
        `TypeError`: functions traced with `autograph=False` (including TF-Agents'
        `common.function`, which turns AutoGraph off by default), the `call`/`train_step` of a
        Keras 3 layer or model (Keras 3 traces them unconverted), and what such code calls.
        `len(t)` likewise: AutoGraph turns it into the tensor's size, but unconverted a symbolic
        tensor raises `TypeError: len is not well defined for a symbolic Tensor` (a Keras 3
        metric's `update_state`, `len(tf.shape(y_true))` to tell the rank: use
        `y_true.shape.rank`). Converted or not, `len()` of a scalar tensor fails (`ValueError:
        len requires a non-scalar tensor`): the element a `Dataset.map` function gets from
        `from_tensor_slices` of a list of Python strings or numbers is one, and `len(name)` there
        is code written for a Python string (`tf.strings.length` gives its length). Use
        `tf.cast(t, tf.bool)` / `tf.cast(t, tf.float32)` and TF control flow,
        or do the conversion outside the traced function. Evidence required: the argument is
        computed by a TF op or a Keras layer call (a bare parameter is not enough).
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Name) and func.value in ("bool", "float", "int", "len")):
            return
        if len(node.args) != 1 or node.args[0].keyword is not None:
            return
        fn = self._traced_function()
        if fn is None or self.model.call_name(node) is None:
            return
        value = node.args[0].value
        if func.value == "len":
            element = scalar_dataset_element(self.model, value, self.context.scope)
            if element is not None:
                # converted or not: AutoGraph's len() of a tensor needs a dimension to count
                self.report(
                    node,
                    f"`len()` of `{code(value)}`, one scalar element of a dataset, in traced "
                    f"`{fn.qualname}` fails while tracing (a scalar has no length; a string "
                    "tensor's is not its text's): use `tf.strings.length`",
                    because=[element],
                )
                return
        if func.value != "bool" and fn.autograph:
            return  # AutoGraph turns int() and float() of a tensor into casts, len() into a size
        caller = None
        if not computed_tensor(self.model, value, self.context.scope):
            if func.value != "len":
                return
            # a layer's input where the module calls the layer on one Keras tensor
            caller = _sequential_input(self.model, value, fn)
            if caller is None:
                return
        if func.value == "len":
            because = [(_unconverted_because(fn), fn.node)]
            if caller is not None:
                because.append(
                    (f"Keras calls this layer with one graph tensor as `{code(value)}`", caller)
                )
            self.report(
                node,
                f"`len()` of a graph tensor in unconverted traced `{fn.qualname}` fails while "
                "tracing; use `x.shape` (static) or `tf.shape(x)[0]`",
                because=because,
            )
            return
        self.report(
            node,
            f"`{func.value}()` of a graph tensor in traced `{fn.qualname}` fails while "
            f"tracing; use `tf.cast`",
        )


def scalar_dataset_element(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> tuple[str, cst.CSTNode] | None:
    """Why ``expr``, a parameter never rebound, holds one scalar element of a dataset: it is the
    only parameter of a function given to ``Dataset.map`` (or ``filter``) on
    ``from_tensor_slices`` of a list display of Python numbers or strings (each element is one
    of them, a 0-d tensor), or of a helper every call of which passes such a parameter. With the
    dataset's source as the evidence node."""
    if depth > 3 or not isinstance(expr, cst.Name) or scope is None:
        return None
    binding = model.binding_of(expr, scope)  # from a comprehension too: the function's own
    fn = binding.scope
    if not isinstance(fn, FunctionInfo) or not binding.param_only:
        return None
    if expr.value in fn.param_defaults:
        return None
    reason = fn.traced_by
    if reason is not None and reason.kind == "dataset" and fn.params == [expr.value]:
        source = _mapped_scalar_source(model, fn)
        if source is not None:
            return (
                "each element of this dataset is one Python value of the list: a scalar tensor",
                source,
            )
        return None
    passed = model.arguments(fn, expr.value)
    found = None
    for value, caller in passed:
        found = scalar_dataset_element(model, value, caller, depth + 1)
        if found is None:
            return None
    return found


def _mapped_scalar_source(model: ModuleModel, fn: FunctionInfo) -> cst.Call | None:
    """The ``from_tensor_slices([...])`` whose dataset is mapped with ``fn`` directly (no
    ``batch`` or other step between), when the list holds Python numbers or strings only."""
    for call in model.nodes_of(cst.Call):
        func = call.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in ("map", "filter"):
            continue
        if not call.args or model.function_referenced(call.args[0].value, fn.outer) is not fn:
            continue
        receiver = func.value
        if isinstance(receiver, cst.Name):
            values = model.binding_of(receiver, model.scope_of(receiver)).known_values or []
            receiver = values[0] if len(values) == 1 else None
        if not isinstance(receiver, cst.Call) or not (model.call_name(receiver) or "").endswith(
            "data.Dataset.from_tensor_slices"
        ):
            return None
        items = receiver.args[0].value if receiver.args else None
        if isinstance(items, cst.Name):
            values = model.binding_of(items, model.scope_of(items)).known_values or []
            items = values[0] if len(values) == 1 else None
        if not isinstance(items, cst.List) or not items.elements:
            return None
        if all(
            isinstance(e, cst.Element)
            and isinstance(e.value, (cst.SimpleString, cst.Integer, cst.Float))
            for e in items.elements
        ):
            return receiver
        return None
    return None


class AssertOnTensorInTracedCode(_TracedRule):
    id = "TF899"
    requires_traced_code = True
    name = "assert-on-tensor-in-traced-code"
    severity = "error"
    message = "a Python `assert` on a tensor in traced code fails while tracing"
    # its evidence spells `assert`
    requires_text = ("assert",)
    rationale = """
        `assert cond` asks Python for the truth value of `cond`. Inside a `tf.function` (and a
        Keras `call` or `train_step`) a tensor condition is symbolic, so tracing fails with
        `OperatorNotAllowedInGraphError: Using a symbolic tf.Tensor as a Python bool is not
        allowed`: AutoGraph (TF 2.21) converts `if` and `while` on tensors but not `assert`, so
        this fails in converted and unconverted code alike. Check values in the graph, on every
        call, with `tf.debugging.assert_*` (`assert_all_finite`, `assert_greater`,
        `tf.debugging.Assert`), or check static facts (`x.shape`, Python values) with `assert`.
        Evidence required: the condition compares a value computed by a TF op or a Keras layer
        call.
    """

    def visit_Assert(self, node: cst.Assert) -> None:
        fn = self._traced_function()
        if fn is None:
            return
        tensor = tensor_condition(self.model, node.test, self.context.scope)
        if tensor is not None:
            self.report(
                node.test,
                f"`assert` on a graph tensor in traced `{fn.qualname}` fails while tracing; "
                "use `tf.debugging.assert_*`",
                because=[("this value is a graph tensor", tensor)],
            )


def op_tensor(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> cst.Call | None:
    """The TF op call that makes ``expr`` one tensor, not a Python sequence of them: an op the
    knowledge base saw give one tensor (by calling it), a slice or arithmetic of one, or a local
    name every binding of which is one. Calls of Keras layers and of the module's own
    functions do not count: they may return tuples."""
    if depth > 8 or scope is None:
        return None
    deeper = depth + 1
    if isinstance(expr, cst.Call):
        name = model.call_name(expr)
        one = knowledge.returns_one_tensor(name) or knowledge.refuses_unpacking(name)
        return expr if one else None
    if isinstance(expr, cst.Subscript):
        return op_tensor(model, expr.value, scope, deeper)
    if isinstance(expr, cst.BinaryOperation):
        return op_tensor(model, expr.left, scope, deeper) or op_tensor(
            model, expr.right, scope, deeper
        )
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr, scope)
        if not isinstance(binding.scope, FunctionInfo):
            return None
        values = binding.known_values
        if not values:
            return None
        found = [op_tensor(model, v, binding.scope, deeper) for v in values]
        return found[0] if all(found) else None
    return None


# What Keras passes as one tensor (never a tuple or dict of them): `y_true`/`y_pred` of a
# function given to compile (one output's, a multi-output model applies it per output), the
# weight a regularizer is given, the output a layer's activation is applied to.
_ONE_TENSOR_FEEDS = frozenset({"compiled", "regularizer", "activation"})


def one_tensor_parameter(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> tuple[str, cst.CSTNode] | None:
    """Why ``expr``, a parameter never rebound, holds one graph tensor that Keras passes (see
    ``_ONE_TENSOR_FEEDS``), with the function it is a parameter of; None otherwise (tf.data's
    element components may be tuples)."""
    if not isinstance(expr, cst.Name) or scope is None:
        return None
    binding = model.binding_of(expr, scope)
    fn = binding.scope
    if not isinstance(fn, FunctionInfo) or not binding.param_only:
        return None
    reason = fn.traced_by
    if reason is None or reason.kind not in _ONE_TENSOR_FEEDS:
        return None
    return fed_parameter(model, expr, scope)


def _passed_tensor_parameter(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> tuple[str, cst.CSTNode] | None:
    """``expr``, a parameter of the traced function it is read in and never rebound, that a
    traced call in the module passes a computed tensor (see ``passed_graph_tensor``)."""
    if not isinstance(expr, cst.Name) or not isinstance(scope, FunctionInfo):
        return None
    binding = model.binding_of(expr, scope)
    if binding.scope is not scope or not binding.param_only:
        return None
    return passed_graph_tensor(model, scope, expr.value)


def layer_single_output(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> tuple[cst.Call, FunctionInfo, cst.Call] | None:
    """``self.encoder(x)`` (or a local bound to it) where ``self.encoder`` is an instance of
    the module's own Keras layer or model class whose ``call`` returns one tensor from every
    ``return`` (a TF op the knowledge base saw give one: see ``op_tensor``): the layer call,
    that ``call`` method and the op it returns. Keras hands back what ``call`` returns."""
    if isinstance(expr, cst.Name) and scope is not None:
        binding = model.binding_of(expr, scope)
        values = binding.known_values
        if binding.scope is not scope or not values or len(values) != 1:
            return None
        expr = values[0]
    if not isinstance(expr, cst.Call):
        return None
    receiver = expr.func.value if isinstance(expr.func, cst.Attribute) else None
    if receiver is not None and not (isinstance(receiver, cst.Name) and receiver.value == "self"):
        return None
    sequential = _sequential_built(model, expr.func, scope) or _builtin_single_output(
        model, expr, scope
    )
    if sequential is not None:
        return (expr, None, sequential)
    cls = model.instance_of(expr.func, scope)
    if cls is None or cls.keras_kind not in ("layer", "model"):
        return None
    if model.resolve_method(cls, "__call__") is not None:
        return None  # the class's own __call__ decides what comes back
    method = model.resolve_method(cls, "call")
    if method is None or method.is_generator:
        return None
    returned = model.return_values(method)
    if not returned or len(returned) != len(model.return_statements(method)):
        return None  # a bare return gives None
    ops = [
        op_tensor(model, value, method) or _sequential_call(model, value, method)
        for value in returned
    ]
    return (expr, method, ops[0]) if all(ops) else None


def _sequential_built(
    model: ModuleModel, layer: cst.BaseExpression, scope: Scope | None
) -> cst.Call | None:
    """The ``keras.Sequential([...])`` that ``layer`` (``self.encoder``) is bound to, when each
    binding is one: a Sequential gives one tensor, since Keras requires each of its layers to."""
    values = model.bound_values(layer, scope)
    if not values:
        return None
    for value in values:
        if not isinstance(value, cst.Call):
            return None
        name = model.call_name(value)
        if not is_keras(name, "Sequential") and not _functional_one_output(model, value, scope):
            return None
    return values[0]


def _functional_one_output(model: ModuleModel, built: cst.Call, scope: Scope | None) -> bool:
    """``keras.Model(inputs, outputs)`` whose ``outputs`` is one built-in layer's output
    (``layers.Dense(2)(h)``, or a name bound to one), not a list: the model gives one tensor."""
    name = model.call_name(built)
    if not (is_keras(name, "Model") or is_keras(name, "models.Model")):
        return False
    outputs = None
    positional = [a for a in built.args if a.keyword is None]
    if len(positional) >= 2:
        outputs = positional[1].value
    for arg in built.args:
        if arg.keyword is not None and arg.keyword.value == "outputs":
            outputs = arg.value
    for _ in range(4):
        if not isinstance(outputs, cst.Name):
            break
        values = model.binding_of(outputs, scope).known_values
        outputs = values[0] if values and len(values) == 1 else None
    if not isinstance(outputs, cst.Call) or not isinstance(outputs.func, cst.Call):
        return False
    layer = outputs.func  # `layers.Dense(2)` of `layers.Dense(2)(h)`
    single = knowledge.single_output_layer(model.call_name(layer))
    return (
        single is not None
        and not _turned_on(layer, single.init)
        and not _turned_on(outputs, single.call)
    )


def _turned_on(call: cst.Call, flags: frozenset[str]) -> bool:
    """Whether ``call`` passes one of ``flags`` as anything but a literal ``False``, or passes
    ``**kwargs`` (which may hold one)."""
    for arg in call.args:
        if arg.star == "**":
            return True
        literal_false = isinstance(arg.value, cst.Name) and arg.value.value == "False"
        if arg.keyword is not None and arg.keyword.value in flags and not literal_false:
            return True
    return False


def _builtin_single_output(
    model: ModuleModel, layer_call: cst.Call, scope: Scope | None
) -> cst.Call | None:
    """The constructor call (``keras.layers.Dense(8)``) of the built-in layer that
    ``layer_call`` (``self.dense(x)``) calls, when the knowledge base saw that class give one
    tensor and neither call turns on an option that gives several."""
    values = model.bound_values(layer_call.func, scope)
    if len(values) != 1 or not isinstance(values[0], cst.Call):
        return None
    built = values[0]
    single = knowledge.single_output_layer(model.call_name(built))
    if single is None or _turned_on(built, single.init) or _turned_on(layer_call, single.call):
        return None
    return built


def _sequential_call(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> cst.Call | None:
    """``self.stack(x)`` where ``self.stack`` is a ``keras.Sequential``, or ``self.dense(x)``
    where ``self.dense`` is a built-in layer that gives one tensor (or a local bound to such a
    call): one tensor."""
    if isinstance(expr, cst.Name) and depth < 4:
        # `x = self.conv(x)` ... `return x`: what the last binding of a straight body holds
        # (every assignment gives one tensor, and the last binding is an assignment)
        sites = model.binding_of(expr, scope).sites
        last = max(sites, key=lambda site: site.order) if sites else None
        if last is None or last.kind != SiteKind.ASSIGN or last.value is None:
            return None
        for site in sites:
            if site.kind == SiteKind.PARAM:
                continue
            if site.kind != SiteKind.ASSIGN or site.value is None:
                return None
            if _sequential_call(model, site.value, scope, depth + 1) is None:
                return None
        return _sequential_call(model, last.value, scope, depth + 1)
    if not isinstance(expr, cst.Call):
        return None
    if _sequential_built(model, expr.func, scope) is not None:
        return expr
    return expr if _builtin_single_output(model, expr, scope) is not None else None


class TensorUnpackedInTracedCode(_TracedRule):
    id = "TF898"
    requires_traced_code = True
    name = "tensor-unpacked-in-traced-code"
    severity = "error"
    message = "unpacking a tensor into Python names (`a, b = t`) in traced code fails while tracing"
    rationale = """
        `a, b, c = t` iterates `t` in Python. A tensor inside a `tf.function` (and a Keras
        `call` or `train_step`) is symbolic, and TF 2.21 refuses to iterate it, with or without
        AutoGraph and even when its first dimension is known: tracing fails with
        `OperatorNotAllowedInGraphError: Iterating over a symbolic tf.Tensor is not allowed`.
        The common case is `height, width = tf.shape(images)[1:3]`. Use `tf.unstack(t)` (a
        Python list of tensors, which unpacks), index the elements (`t[0]`, `t[1]`), or the
        static shape (`x.shape`) where it is known. Evidence required: the value is computed by
        a TF op that the knowledge base saw return one tensor, by calling it, or whose result
        it saw refuse unpacking while traced on inputs of unknown size (`tf.strings.split` of
        a CSV line, `tf.boolean_mask`: sizes that come from the data) (ops that return a
        tuple, such as `tf.nn.moments`, `tf.split` or `tf.clip_by_global_norm`, unpack fine,
        and so may Keras layer calls), or a parameter Keras fills with one tensor: `y_true` and
        `y_pred` of a loss or metric given to `compile` (`pos, neg = y_pred`), a regularizer's
        weight, a layer activation's input.
    """

    def visit_Assign(self, node: cst.Assign) -> None:
        fn = self._traced_function()
        if fn is None:
            return
        for target in node.targets:
            if not isinstance(target.target, (cst.Tuple, cst.List)):
                continue
            if sequence_of_tensors(self.model, node.value, self.context.scope):
                return
            op = op_tensor(self.model, node.value, self.context.scope)
            if op is not None:
                self.report(
                    target.target,
                    f"traced `{fn.qualname}` unpacks a graph tensor into "
                    f"{len(target.target.elements)} Python names, which fails while tracing; "
                    "use `tf.unstack` or index it",
                    because=[(_one_tensor_why(self.model, op), op)],
                )
                return
            fed = one_tensor_parameter(self.model, node.value, self.context.scope) or (
                _passed_tensor_parameter(self.model, node.value, self.context.scope)
            )
            if fed is not None:
                self.report(
                    target.target,
                    f"traced `{fn.qualname}` unpacks the graph tensor `{code(node.value)}` into "
                    f"{len(target.target.elements)} Python names, which fails while tracing; "
                    "index or slice it (`t[:, 0]`), or use `tf.unstack`",
                    because=[fed],
                )
                return
            layer = layer_single_output(self.model, node.value, self.context.scope)
            if layer is not None:
                call, method, op = layer
                because = (
                    [(f"`{code(call.func)}` is built here, and gives one tensor", op)]
                    if method is None
                    else [
                        (f"`{code(call.func)}` is a `{method.cls.name}`, which Keras calls", call),
                        (f"`{method.qualname}` returns one tensor: `{code(op.func)}(...)`", op),
                    ]
                )
                self.report(
                    target.target,
                    f"traced `{fn.qualname}` unpacks the one tensor `{code(call.func)}` returns "
                    f"into {len(target.target.elements)} Python names, which fails while "
                    "tracing; return a tuple from the layer, or index the tensor",
                    because=because,
                )
                return


def _one_tensor_why(model: ModuleModel, op: cst.Call) -> str:
    if knowledge.returns_one_tensor(model.call_name(op)):
        return f"`{code(op.func)}(...)` returns one tensor"
    return (
        f"`{code(op.func)}(...)` gives one tensor (or a ragged one) whose size comes from the "
        "data, which Python cannot unpack while tracing"
    )


class ContainerIndexedByTensor(_TracedRule):
    id = "TF896"
    requires_traced_code = True
    call_names = frozenset({"get"})
    calls_in_traced_code = True
    name = "python-container-indexed-by-tensor"
    severity = "error"
    message = (
        "a Python list or dict, or a NumPy array, indexed by a graph tensor in traced code fails"
        " while tracing"
    )
    rationale = """
        A Python list, tuple or dict lives on the host: indexing it needs a Python value.
        Inside a `tf.function` (and a Keras `call`, a `Dataset.map` function) a tensor is
        symbolic, so `layers[i]` fails with `TypeError: list indices must be integers or
        slices, not SymbolicTensor`, and `table[key]` or `table.get(key)` with `TypeError:
        Tensor is unhashable`. Common forms: `for i in tf.range(n): x = self.blocks[i](x)`
        (AutoGraph makes the loop a graph loop, so `i` is a tensor), a task index taken from
        the dataset picking a head from a list of layers, a label string looked up in a dict
        inside `Dataset.map`. `key in table` fails the same way (a dict hashes the tensor; a
        list compares it with each element and needs a Python bool of the result: `Using a
        symbolic tf.Tensor as a Python bool is not allowed`), and so does building a set of
        tensors or a dict keyed by one (`{a, b}`, `{t: 1}`). Loop over `range(n)` (Python, unrolled), select with
        `tf.switch_case` or `tf.gather` on stacked values, or use `tf.lookup.StaticHashTable`
        for string keys. A NumPy array on the host fails alike, indexed or sliced by a tensor
        (`observed[pos - 1 : pos]` with `pos` from a TF op: `TypeError: slice indices must be
        integers`), and so do a list's slice bounds; keep the data in a tensor and use
        `tf.gather` or tensor slicing. Evidence required: the container is a list, tuple or dict
        display, or a NumPy call's array (a generator's draw with `size=` too:
        `np.random.default_rng(0).uniform(0, 1, size=200)`) (or a name or attribute bound only to one), and the
        index or slice bound is computed by a TF op, iterates `tf.range`, or is filled by
        tf.data, Keras or a loop over a dataset.
    """

    def visit_Subscript(self, node: cst.Subscript) -> None:
        fn = self._traced_function()
        if fn is None or len(node.slice) != 1:
            return
        part = node.slice[0].slice
        if isinstance(part, cst.Index):
            self._check(node.value, part.value, node, fn)
        elif isinstance(part, cst.Slice):
            # `values[pos - 1 : pos]`: a host container's slice bounds must be Python integers
            for bound in (part.lower, part.upper, part.step):
                if bound is not None and self._check(node.value, bound, node, fn):
                    return

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "get") or not node.args:
            return
        fn = self._traced_function()
        if fn is not None and not node.args[0].star and node.args[0].keyword is None:
            self._check(func.value, node.args[0].value, node, fn, dicts_only=True)

    def visit_Set(self, node: cst.Set) -> None:
        self._check_hashed(
            [e.value for e in node.elements if not isinstance(e, cst.StarredElement)], node, "set"
        )

    def visit_Dict(self, node: cst.Dict) -> None:
        self._check_hashed(
            [e.key for e in node.elements if isinstance(e, cst.DictElement)], node, "dict"
        )

    def _check_hashed(self, keys: list[cst.BaseExpression], node: cst.CSTNode, what: str) -> None:
        """``{a, b}`` or ``{t: 1}`` with a graph tensor as a member or key: building it hashes
        the tensor (``TypeError: Tensor is unhashable``)."""
        fn = self._traced_function()
        if fn is None:
            return
        for key in keys:
            tensor = index_tensor(self.model, key, self.context.scope)
            if tensor is not None:
                self.report(
                    node,
                    f"traced `{fn.qualname}` builds a Python {what} keyed by a graph tensor, "
                    "which is unhashable and fails while tracing; use a list, or "
                    "`tf.lookup` tables and `tf.unique` on tensors",
                    because=[tensor],
                )
                return

    def visit_Comparison(self, node: cst.Comparison) -> None:
        # `key in table`: a dict hashes the tensor (unhashable); a list compares it with each
        # element, and the comparison's tensor cannot be a Python bool while tracing
        if len(node.comparisons) != 1:
            return
        operator = type(node.comparisons[0].operator).__name__
        fn = self._traced_function()
        if fn is not None and operator in ("In", "NotIn"):
            self._check(node.comparisons[0].comparator, node.left, node, fn, membership=True)

    def _check(
        self,
        container: cst.BaseExpression,
        index: cst.BaseExpression,
        node: cst.CSTNode,
        fn: FunctionInfo,
        dicts_only: bool = False,
        membership: bool = False,
    ) -> bool:
        scope = self.context.scope
        display = python_container(self.model, container, scope)
        array = (
            None if display is not None or membership else numpy_array(self.model, container, scope)
        )
        if display is None and array is None:
            return False
        is_dict = isinstance(display, (cst.Dict, cst.DictComp)) or (
            isinstance(display, cst.Call) and self.model.call_name(display) == "builtins.dict"
        )
        if dicts_only and not is_dict:
            return False
        tensor = index_tensor(self.model, index, scope)
        if tensor is None:
            return False
        if array is not None:
            self.report(
                node,
                f"traced `{fn.qualname}` indexes a NumPy array with a graph tensor, which fails "
                "while tracing; make the array a tensor (`tf.constant`) and use `tf.gather`",
                because=[(f"`{code(container)}` is a NumPy array on the host", array), tensor],
            )
            return True
        what = "dict" if is_dict else "list"
        verb = "tests membership in" if membership else "indexes"
        self.report(
            node,
            f"traced `{fn.qualname}` {verb} a Python {what} with a graph tensor, which fails "
            "while tracing; "
            + (
                "use `tf.lookup.StaticHashTable`"
                if is_dict
                else "use `tf.reduce_any(tf.equal(...))`"
                if membership
                else "use `tf.switch_case` or `tf.gather`"
            ),
            because=[
                (f"`{code(container)}` is a Python {what}", display),
                tensor,
            ],
        )
        return True


class PythonAttributeOnGraphTensor(_TracedRule):
    id = "TF888"
    requires_traced_code = True
    name = "python-attribute-on-graph-tensor"
    severity = "error"
    message = "a Python attribute set on a tensor is read in traced code, where the tensor is a placeholder"
    rationale = """
        An eager tensor is a Python object, so `t.labels = ...` works on it. A `tf.function`
        does not trace with that object: it traces with a placeholder standing for its value
        (a new symbolic tensor of the same shape and dtype), which has no such attribute, so
        reading `x.labels` inside fails with `AttributeError: 'SymbolicTensor' object has no
        attribute 'labels'` (and a captured value would be frozen anyway). Pass the extra data
        as its own argument (or a dict, a `tf.experimental.ExtensionType`), not as an attribute
        of the tensor. Reported when the module sets the attribute on a value it computes with
        a TF op and a traced function reads that attribute of one of its parameters.
    """

    def __init__(self, context) -> None:
        super().__init__(context)
        self._set_on_tensors: dict[str, cst.CSTNode] | None = None

    def _attributes_set_on_tensors(self) -> dict[str, cst.CSTNode]:
        """Attribute name -> the assignment that sets it on a computed tensor (``t.meta = ...``
        with ``t = tf.constant(...)``)."""
        if self._set_on_tensors is None:
            found: dict[str, cst.CSTNode] = {}
            model = self.model
            for assign in model.nodes_of(cst.Assign):
                for target in assign.targets:
                    owner = target.target
                    if not isinstance(owner, cst.Attribute) or not isinstance(
                        owner.value, cst.Name
                    ):
                        continue
                    binding = model.binding_of(owner.value)
                    values = binding.known_values
                    if values and all(
                        isinstance(v, cst.Call) and knowledge.returns_one_tensor(model.call_name(v))
                        for v in values
                    ):
                        found.setdefault(owner.attr.value, assign)
            self._set_on_tensors = found
        return self._set_on_tensors

    def visit_Attribute(self, node: cst.Attribute) -> None:
        fn = self._traced_function()
        if fn is None or not isinstance(node.value, cst.Name) or self.model.is_target(node):
            return
        attributes = self._attributes_set_on_tensors()
        where = attributes.get(node.attr.value)
        if where is None:
            return
        binding = self.model.binding_of(node.value, self.context.scope)
        if binding.scope is not fn or not binding.param_only:
            return
        self.report(
            node,
            f"traced `{fn.qualname}` reads `.{node.attr.value}` of its argument "
            f"`{node.value.value}`, but tracing replaces a tensor argument with a placeholder "
            "that carries no Python attributes; pass the data as its own argument",
            because=[(f"`.{node.attr.value}` is set on a tensor here", where)],
        )


class TensorWherePythonValueNeeded(_TracedRule):
    id = "TF887"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "tensor-where-python-value-needed"
    severity = "error"
    message = "a tensor is passed where a TF op needs a Python value fixed while tracing"
    rationale = """
        Some parameters of TF ops are attributes of the graph op, fixed when the op is built
        while tracing: a convolution's or pooling window's `strides`, `padding`, `dilations`
        and `data_format` (`tf.nn.conv2d`, `tf.nn.max_pool2d`'s `ksize`), `space_to_depth`'s
        `block_size`, `tf.stack`'s `axis`, `tf.unstack`'s `num`, `tf.gather`'s `batch_dims`,
        `keepdims`, `transpose_a`, `exclusive`. They take Python values; a tensor there (a
        size drawn with `tf.random.uniform`, a value computed from the input, a per-example
        value `tf.map_fn` slices out of its elements) has no value while tracing, and tracing
        fails (TF 2.21: `OperatorNotAllowedInGraphError` or `TypeError`; eager code may
        accept the same tensor, converting it to a Python value). The knowledge base finds
        these parameters two ways: by tracing each image op with a Python number and then
        with a computed tensor, and by following each public function's parameters through
        TF's sources to the generated op wrapper, whose op's attributes the op registry lists.
        Draw the value in Python outside the traced function (one per trace), choose among a
        few fixed values with `tf.switch_case`, or use an op that takes it as a tensor.
        `tf.constant` (and `tf.make_tensor_proto`) take only concrete values: given a tensor
        computed in the graph (`tf.constant(tf.shape(x)[0])`) tracing fails with `TypeError:
        Expected any non-tensor type` (or `Expected int32, but got Tensor`) though eager code
        accepts it; the generator finds these by tracing each with a computed tensor. Use
        `tf.convert_to_tensor(t, dtype)` or `tf.cast`, or the tensor itself.
        Evidence required: the argument (or an element of a list argument) is computed by a
        TF op, or is (an element of) what `tf.map_fn`/`tf.scan` hand the traced function.
    """

    def visit_Call(self, node: cst.Call) -> None:
        fn = self._traced_function()
        if fn is None:
            return
        name = self.model.call_name(node)
        concrete = knowledge.concrete_value_parameters(name)
        needs = {
            **knowledge.op_attribute_parameters(name),
            **knowledge.python_value_parameters(name),
            **concrete,
        }
        if not needs:
            return
        positions = {position: parameter for parameter, position in needs.items()}
        scope = self.context.scope
        for index, arg in enumerate(node.args):
            parameter = arg.keyword.value if arg.keyword is not None else positions.get(index)
            if parameter not in needs:
                continue
            values = (
                [e.value for e in arg.value.elements]
                if isinstance(arg.value, (cst.List, cst.Tuple))
                else [arg.value]
            )
            for value in values:
                if computed_tensor(self.model, value, scope, api_only=True):
                    why = (
                        "takes only concrete values (Python, NumPy), never a graph tensor; use "
                        "`tf.convert_to_tensor` or the tensor itself"
                        if parameter in concrete
                        else "is an attribute of the op and needs a Python value fixed while "
                        "tracing"
                    )
                    self.report(
                        arg,
                        f"`{parameter}` of `{code(node.func)}` in traced `{fn.qualname}` is "
                        f"given a tensor, but it {why}",
                        because=[("this value is a tensor computed in the graph", value)],
                    )
                    return


class StringMethodOnTensor(_TracedRule):
    id = "TF860"
    calls_in_traced_code = True
    name = "string-method-on-tensor"
    severity = "error"
    message = "a Python string method called on a string tensor in traced code fails while tracing"
    rationale = """
        A file name, a line of a `TextLineDataset` or a feature read from a record is a string
        tensor inside a `Dataset.map` function or a `tf.function`, not a Python `str` or
        `bytes`: it has none of their methods, so `path.decode("utf-8")`, `line.split(",")`
        or `name.endswith(".png")` fail while tracing with `AttributeError: 'SymbolicTensor'
        object has no attribute 'decode'` (which methods a graph string tensor lacks comes from
        the knowledge base, by looking each up on one). Use the `tf.strings` ops
        (`tf.strings.split`, `tf.strings.regex_full_match`, `tf.strings.substr`), which run per
        element in the graph; for Python that needs the text (a file reader, a tokenizer), wrap
        it in `tf.numpy_function`, which hands it `bytes`. Reported where the receiver is
        computed by a TF op or is what tf.data, Keras or `tf.map_fn` passes the function.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or not knowledge.string_only_method(func.attr.value):
            return
        fn = self._traced_function()
        if fn is None:
            return
        scope = self.context.scope
        if not computed_tensor(self.model, func.value, scope):
            return
        why = fed_parameter(self.model, func.value, scope)
        method = func.attr.value
        self.report(
            node,
            f"`.{method}()` on a tensor in traced `{fn.qualname}` fails while tracing: a graph "
            "string tensor has no Python string methods; use `tf.strings` ops",
            because=[why]
            if why is not None
            else [(f"`{code(func.value)}` is a tensor here", func.value)],
        )


class MembershipTestOnTensor(_TracedRule):
    id = "TF874"
    requires_traced_code = True
    name = "membership-test-on-tensor"
    severity = "error"
    message = "an `in` test on a graph tensor in traced code fails while tracing"
    rationale = """
        `x in t` asks Python to look through `t`. A tensor has no `__contains__`, so Python
        iterates it, and a graph tensor inside a `tf.function`, a `Dataset.map` function or a
        Keras `call` cannot be iterated: tracing fails with `TypeError: argument of type
        'SymbolicTensor' is not iterable` (TF 2.21, with AutoGraph and without; an `if` or a
        `not in` too, since AutoGraph leaves membership tests to Python). The common case is a
        text check on a string element of a dataset (`"lm" in city`), code written for Python
        strings. Eagerly the same test works, so it passes in a notebook until the function is
        traced. Use the TensorFlow op: `tf.strings.regex_full_match(s, ".*lm.*")` or
        `tf.strings.regex_replace` for text, `tf.reduce_any(tf.equal(t, x))` for a value.
        Evidence required: the tested container is computed by a TF op or is what tf.data,
        Keras or `tf.map_fn` passes the function (a bare parameter is not enough), and the
        function does not use it as a dict (tf.data hands a dataset of features a dict of
        tensors: `"inputs" in features` with `features["inputs"]` is Python's key test).
    """

    def visit_Comparison(self, node: cst.Comparison) -> None:
        tested = [
            c.comparator for c in node.comparisons if isinstance(c.operator, (cst.In, cst.NotIn))
        ]
        if not tested:
            return
        fn = self._traced_function()
        if fn is None:
            return
        scope = self.context.scope
        for container in tested:
            if not computed_tensor(self.model, container, scope):
                continue
            if isinstance(container, cst.Name) and used_as_mapping(self.model, fn, container.value):
                continue  # `"inputs" in features`: tf.data's element is a dict of tensors
            why = fed_parameter(self.model, container, scope)
            self.report(
                node,
                f"`in` looks through `{code(container)}`, a graph tensor in traced "
                f"`{fn.qualname}`, which cannot be iterated: this fails while tracing; use "
                "`tf.strings.regex_full_match` or `tf.reduce_any(tf.equal(...))`",
                because=[why]
                if why is not None
                else [(f"`{code(container)}` is a tensor here", container)],
            )
            return


class IdentityComparisonOnTensor(Rule):
    id = "TF880"
    category = "graph-incompatible"
    name = "identity-comparison-on-tensor"
    severity = "error"
    message = "`is True`/`is False` on a tensor tests the Python object, never its value"
    rationale = """
        `t is True` asks whether `t` is Python's `True` object. A tensor never is, whatever
        it holds: a boolean tensor (from `tf.reduce_all`, a comparison, a `tf.function`'s
        result) makes `t is True` and `t is False` always false and `t is not True` always
        true, eagerly and while tracing alike (TF 2.21: `tf.constant(True) is True` is
        `False`; in a `tf.function` AutoGraph leaves `is` to Python, so the branch is
        decided once while tracing and the graph keeps only the other one). No error is
        raised: the branch simply never runs. Test the value: `if t:` (AutoGraph makes it a
        `tf.cond` in traced code; eagerly it reads the scalar), `if bool(t):` eagerly, or
        `tf.equal(t, True)` / `tf.logical_not(t)` as tensors. Evidence required: the compared
        value is computed by a TF op (a module function that returns one counts), or is a
        tensor tf.data or Keras passes the function.
    """
    requires_text = ("True", "False")

    def visit_Comparison(self, node: cst.Comparison) -> None:
        if len(node.comparisons) != 1:
            return
        compared = node.comparisons[0]
        if not isinstance(compared.operator, (cst.Is, cst.IsNot)):
            return
        sides = (node.left, compared.comparator)
        constants = [s for s in sides if isinstance(s, cst.Name) and s.value in ("True", "False")]
        if len(constants) != 1:
            return
        value = sides[1] if sides[0] is constants[0] else sides[0]
        scope = self.context.scope
        if not computed_tensor(self.model, value, scope) and not _module_tensor(
            self.model, value, scope
        ):
            return
        negated = isinstance(compared.operator, cst.IsNot)
        outcome = "always true" if negated else "always false"
        flag = constants[0].value
        fix = f"`if {'not ' if (flag == 'True') == negated else ''}{short(value)}:`"
        why = fed_parameter(self.model, value, scope)
        self.report(
            node,
            f"`{short(value)}` is a tensor, never the object `{flag}`: this test is "
            f"{outcome} whatever the tensor holds; test its value ({fix})",
            because=[why] if why is not None else [(f"`{short(value)}` is a tensor here", value)],
        )


def _module_tensor(model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None) -> bool:
    """A module-level name (a notebook's or script's top level) every binding of which is a
    value a TF op computes."""
    if not isinstance(expr, cst.Name) or scope is None:
        return False
    binding = model.binding_of(expr, scope)
    values = binding.known_values or []
    return (
        binding.scope is model.scope
        and bool(values)
        and all(
            isinstance(v, cst.Call) and computed_tensor(model, v, model.scope, api_only=True)
            for v in values
        )
    )


def _string_key(index: cst.BaseSlice) -> bool:
    return isinstance(index, cst.Index) and isinstance(
        index.value, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)
    )


class TensorItemAssignment(Rule):
    id = "TF866"
    name = "tensor-item-assignment"
    category = "graph-incompatible"
    severity = "error"
    message = "a tensor does not support item assignment (`t[i] = v`, `t[mask] = v`)"
    rationale = """
        TensorFlow tensors are immutable: NumPy-style item assignment into one, by index,
        slice or boolean mask (`boxes[:, 0] = 1 - boxes[:, 0]`, `labels[mask] = 0`), fails:
        `TypeError: 'SymbolicTensor' object does not support item assignment` inside a
        `tf.function` or a `Dataset.map` function, and `'EagerTensor' object does not
        support item assignment` eagerly (TF 2.21; a `tf.Variable` refuses it too,
        `'ResourceVariable' object does not support item assignment`). Compute a new tensor
        instead: `tf.where(mask, new, t)`, `tf.tensor_scatter_nd_update(t, indices,
        updates)`, or rebuild the columns with `tf.stack`/`tf.concat`; a variable takes
        `v[i].assign(value)` (the Introduction to Tensors guide: all tensors are immutable,
        their contents never updated, only new ones created). Evidence required: the subscripted name holds
        a value computed by a TensorFlow op (followed through straight-line rebinding, so
        `arr = t.numpy()` first is not reported), is a parameter tf.data or Keras fills with
        tensors (a `Dataset.map` function's, a traced function's every caller passes a
        tensor), or holds part of a dataset's element; a string key (`features["image"] =
        ...`) or a name the function uses as a dict is a dict of tensors, not reported.
    """
    requires_text = ("[",)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._check(target.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._check(node.target)

    def _check(self, target: cst.BaseExpression) -> None:
        if not isinstance(target, cst.Subscript) or not isinstance(target.value, cst.Name):
            return
        name = target.value
        scope = self.context.scope
        if any(_string_key(part.slice) for part in target.slice):
            return  # `example["image"] = ...`: a dict (parse_single_example's, tf.data's)
        values = values_read(self.model, name, scope)
        if values:
            where = self.model.binding_of(name, scope).scope or scope
            if not all(
                computed_tensor(self.model, v, where, api_only=True)
                and not numpy_array(self.model, v, where)
                for v in values
            ):
                return
            why = ("this value is computed by a TensorFlow op", values[0])
        else:
            found = index_tensor(self.model, name, scope)
            if found is None:
                return
            why = found
        fn = self.model.binding_of(name, scope).scope
        if isinstance(fn, FunctionInfo) and used_as_mapping(self.model, fn, name.value):
            return  # asked last: a walk of the function, for the few names that may be tensors
        self.report(
            target,
            f"`{name.value}` is a tensor, and tensors are immutable: this item assignment "
            "fails (`TypeError: ... does not support item assignment`); compute a new tensor, "
            "`tf.where(mask, new, t)` or `tf.tensor_scatter_nd_update(t, indices, updates)`",
            because=[why],
        )

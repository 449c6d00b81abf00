"""Helpers the graph-incompatible rule modules share: the gate to traced code, and what a
traced function is given (a Keras layer's input, a dataset's element, a Python container's tensor).
"""

from __future__ import annotations

from tf2lint.analysis import knowledge
from tf2lint.analysis.model import FunctionInfo, ModuleModel, Scope, SiteKind
from tf2lint.analysis.tensors import (
    computed_tensor,
    handed_graph_tensor,
    keras_tensor,
    reaching_site,
)
from tf2lint.analysis.tfnames import is_keras
from tf2lint.analysis.tracing import fed_tensor, root_reason
from tf2lint.analysis.walk import walk
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import code

# --- what tf.data or Keras passes a traced function -----------------------------------------------


def fed_parameter(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> tuple[str, cst.CSTNode] | None:
    """Why ``expr`` (or a name in its arithmetic) is a tensor that tf.data or Keras passes to
    the function it is a parameter of, with the parameter's function: the evidence of a
    finding on such a value."""
    if depth > 4 or scope is None:
        return None
    if isinstance(expr, cst.BinaryOperation):
        return fed_parameter(model, expr.left, scope, depth + 1) or fed_parameter(
            model, expr.right, scope, depth + 1
        )
    if isinstance(expr, (cst.Subscript, cst.Attribute)):
        return fed_parameter(model, expr.value, scope, depth + 1)
    if not isinstance(expr, cst.Name):
        return None
    binding = model.binding_of(expr, scope)
    if not isinstance(binding.scope, FunctionInfo) or not binding.param_only:
        return None
    why = fed_tensor(binding.scope, expr.value) or handed_graph_tensor(
        model, binding.scope, expr.value
    )
    return (f"`{expr.value}` is a graph tensor: {why}", binding.scope.node) if why else None


def _unpacked_from(model: ModuleModel, target: cst.CSTNode) -> cst.BaseExpression | None:
    """The right-hand side of the ``a, b = value`` statement that unpacks into ``target``."""
    for assign in model.nodes_of(cst.Assign):
        for t in assign.targets:
            if isinstance(t.target, (cst.Tuple, cst.List)) and any(
                e.value is target for e in t.target.elements
            ):
                return assign.value
    return None


# --- the gate: code that runs in a traced function's graph ----------------------------------------


class _TracedRule(Rule):
    """Shared gate: code that runs in the graph of a traced function."""

    category = "graph-incompatible"

    def _traced_function(self) -> FunctionInfo | None:
        context = self.context
        return context.function if context.in_traced_code else None


def _unconverted_because(fn: FunctionInfo) -> str:
    root = root_reason(fn)
    if root is not None and root.kind == "keras":
        return f"Keras 3 traces the methods of a Keras {root.via} without AutoGraph"
    if root is not None and root.kind == "compiled":
        return (
            f"passed to Keras 3's compile({root.via}=...): its train step calls it without "
            "AutoGraph"
        )
    if root is not None and root.kind == "lambda_layer":
        return "Keras calls a Lambda layer's function without AutoGraph (Keras 3 and tf-keras)"
    if root is not None and root.kind == "regularizer":
        return f"Keras 3 calls a layer's {root.via} without AutoGraph"
    if root is not None and root.kind == "activation":
        return (
            "Keras's own layer code applies an activation without AutoGraph (Keras 3 and tf-keras)"
        )
    if root is not None and root.kind in ("decorator", "wrapped"):
        return "this code is traced without AutoGraph (`autograph=False`)"
    return "AutoGraph does not convert this code: a Keras 3 method or an `autograph=False` function runs it"


# --- a Keras layer's input: the model a function is a layer of ------------------------------------


def _sequential_input(
    model: ModuleModel, iterable: cst.BaseExpression, fn: FunctionInfo
) -> cst.Call | None:
    """The ``keras.Sequential([...])`` that proves ``iterable``, the first input of ``fn`` (a
    layer's ``call``), is one tensor: a Sequential passes each layer one tensor. None when
    ``iterable`` is something else or no such Sequential is in the module."""
    if not isinstance(iterable, cst.Name):
        return None
    reason = fn.traced_by
    if reason is not None and reason.kind == "lambda_layer":
        if not fn.params or fn.params[0] != iterable.value:
            return None
        binding = model.binding_of(iterable, fn)
        if binding.scope is not fn or not binding.param_only:
            return None
        return _lambda_input(model, fn)
    if fn.cls is None or fn.name != "call":
        return None
    if len(fn.params) < 2 or fn.params[1] != iterable.value:
        return None
    binding = model.binding_of(iterable, fn)
    if binding.scope is not fn or not binding.param_only:
        return None  # rebound in the body: no longer what the Sequential passes
    functional = _functional_input(model, fn)
    if functional is not None:
        return functional
    for call, _, _, scope in model._calls:
        func = call.func
        if not call.args:
            continue
        if isinstance(func, cst.Attribute) and func.attr.value == "add":
            # `model.add(Layer())` on a Sequential
            found = model.kind_of(func.value, scope)
            if found is None or not (found.cls or "").endswith("Sequential"):
                continue
            layers = [call.args[0].value]
        elif is_keras(model.call_name(call), "Sequential"):
            listed = call.args[0].value
            if not isinstance(listed, cst.List):
                continue
            layers = [element.value for element in listed.elements]
        else:
            continue
        for layer in layers:
            if isinstance(layer, cst.Call) and isinstance(layer.func, cst.Name):
                sites = model.binding_of(layer.func, None).sites
                is_class = bool(sites) and all(s.kind == SiteKind.CLASS for s in sites)
                if is_class and model.classes.get(sites[-1].node) is fn.cls:
                    return call
            elif isinstance(layer, cst.Name) and model.instance_of(layer, scope) is fn.cls:
                return call  # `layer = Layer()`, then `Sequential([layer])`
    return None


def _lambda_input(model: ModuleModel, fn: FunctionInfo) -> cst.Call | None:
    """The call that applies a ``Lambda(fn)`` layer to one Keras tensor
    (``layers.Lambda(pad)(inputs)``, or a name bound to the layer and called so): Keras passes
    ``fn`` that tensor. None when a Lambda of ``fn`` is applied to anything else (a list), or
    not in a way the module shows."""
    lambdas = []
    for call, _, _, scope in model._calls:
        if (
            call.args
            and is_keras(model.call_name(call), "layers.Lambda")
            and model.function_referenced(call.args[0].value, scope) is fn
        ):
            lambdas.append(call)
    if not lambdas:
        return None
    found = None
    for call, _, _, scope in model._calls:
        func = call.func
        if is_keras(model.call_name(call), "Sequential") and call.args:
            layers = call.args[0].value  # a Sequential passes each layer one tensor
            if isinstance(layers, cst.List) and any(e.value in lambdas for e in layers.elements):
                found = found or call
            continue
        if func in lambdas:
            pass
        elif isinstance(func, cst.Name):
            values = model.binding_of(func, scope).known_values
            if not values or not all(v in lambdas for v in values):
                continue
        else:
            continue
        if not _given_one_keras_tensor(model, call, scope):
            return None
        found = found or call
    return found


def _given_one_keras_tensor(model: ModuleModel, call: cst.Call, scope: Scope | None) -> bool:
    """Whether ``call`` passes one positional argument, a Keras tensor: not a list of tensors
    (``L()([a, b])``), nor a value the module does not show."""
    positional = [a for a in call.args if a.keyword is None]
    if len(positional) != 1 or positional[0].star:
        return False
    value = positional[0].value
    return python_container(model, value, scope) is None and keras_tensor(model, scope, value)


def _functional_input(model: ModuleModel, fn: FunctionInfo) -> cst.Call | None:
    """A call of the layer class ``fn`` is the ``call`` of on one Keras tensor (``Skip(4)(x)``
    or ``skip(x)`` with ``x = keras.Input(...)``, or a layer's output): Keras passes ``call``
    that tensor. None when the module calls the class on anything else (a list of tensors)."""
    cls = fn.cls
    found = None
    for call, _, _, scope in model._calls:
        func = call.func
        if isinstance(func, cst.Call) and isinstance(func.func, cst.Name):
            sites = model.binding_of(func.func, None).sites
            if not sites or any(s.kind != SiteKind.CLASS for s in sites):
                continue
            if model.classes.get(sites[-1].node) is not cls:
                continue
        elif isinstance(func, (cst.Name, cst.Attribute)):
            if model.instance_of(func, scope) is not cls:
                continue
        else:
            continue
        if not _given_one_keras_tensor(model, call, scope):
            return None
        found = found or call
    return found


# --- a `keras.Input`'s shape and the layers it goes through ---------------------------------------


def _input_dimension_none(model: ModuleModel, given: cst.Call, index: int) -> bool:
    """Whether dimension ``index`` (>= 1, after the batch) of ``keras.Input(...)`` is None."""
    shape = _input_shape(model, given)
    return shape is not None and index <= len(shape) and _is_none(shape[index - 1])


def _input_shape(model: ModuleModel, given: cst.Call) -> list[cst.BaseExpression] | None:
    """The dimensions (after the batch) ``keras.Input(...)`` is given: its ``shape``, a tuple
    or list literal, or a name bound to one (a module constant; a parameter's default, or
    what every call passes it: ``def build(input_shape=(None, None, 3))``)."""
    shape = next(
        (a.value for a in given.args if a.keyword is None or a.keyword.value == "shape"), None
    )
    candidates: list[cst.BaseExpression] = [] if shape is None else [shape]
    if isinstance(shape, cst.Name):
        binding = model.binding_of(shape)
        fn = binding.scope
        if isinstance(fn, FunctionInfo) and binding.param_only:
            candidates = [value for value, _ in model.arguments(fn, shape.value)]
            default = fn.param_defaults.get(shape.value)
            if default is not None:
                candidates.append(default)
        else:
            candidates = list(binding.known_values or [])
    shapes = []
    for candidate in candidates:
        if not isinstance(candidate, (cst.Tuple, cst.List)):
            return None
        shapes.append([e.value for e in candidate.elements])
    if not shapes or any(len(shape) != len(shapes[0]) for shape in shapes):
        return None
    # a dimension is None only where every shape the input may be given says None
    return [
        shapes[0][i] if all(_is_none(shape[i]) for shape in shapes) else cst.Integer("0")
        for i in range(len(shapes[0]))
    ]


def _slices_last_axis_only(subscript: cst.Subscript) -> bool:
    """``x[..., :k]`` or ``x[:, :, :, :k]``: every other axis taken whole (``:``)."""
    pieces = [e.slice for e in subscript.slice]
    if not pieces:
        return False
    whole = [
        isinstance(p, cst.Slice) and p.lower is None and p.upper is None and p.step is None
        for p in pieces[:-1]
    ]
    first = pieces[0]
    ellipsis = isinstance(first, cst.Index) and isinstance(first.value, cst.Ellipsis)
    if ellipsis and len(pieces) == 2:
        return isinstance(pieces[1], cst.Slice)
    return len(pieces) >= 3 and all(whole) and isinstance(pieces[-1], cst.Slice)


def _keras_input_through_layers(
    model: ModuleModel, given: cst.BaseExpression, depth: int = 0, any_caller: bool = False
) -> cst.Call | None:
    """The ``keras.Input(...)`` call that ``given`` (module code) holds, directly or as what
    Keras layers that keep unknown sizes make of it (``Conv2D(16, 3)(inputs)``). Through a
    parameter of a block-building helper, what every call passes; with ``any_caller``, what
    one call passes (a layer made in the helper is built anew, and fails, in that call)."""
    if depth > 12:
        return None
    if isinstance(given, cst.Name):
        binding = model.binding_of(given)
        site = reaching_site(model, given, binding)
        fn = binding.scope
        if isinstance(fn, FunctionInfo) and (
            (site is not None and site.kind == SiteKind.PARAM) or binding.param_only
        ):
            # a parameter of a block-building helper: what every call of it passes
            found = None
            for value, _ in model.arguments(fn, given.value):
                found = _keras_input_through_layers(model, value, depth + 1, any_caller)
                if found is None and not any_caller:
                    return None
                if found is not None and any_caller:
                    return found
            return found
        values = [site.value] if site is not None and site.value is not None else None
        values = values or binding.known_values
        if not values or len(values) != 1:
            return None
        given = values[0]
    if isinstance(given, cst.Subscript) and _slices_last_axis_only(given):
        return _keras_input_through_layers(model, given.value, depth + 1, any_caller)  # x[..., :c]
    if not isinstance(given, cst.Call):
        return None
    name = model.call_name(given)
    if is_keras(name, "Input"):
        return given
    if knowledge.keeps_shape(name) and given.args and given.args[0].keyword is None:
        return _keras_input_through_layers(model, given.args[0].value, depth + 1, any_caller)
    func = given.func
    positional = [a for a in given.args if a.keyword is None]
    if len(positional) != 1 or positional[0].star:
        return None
    layer = func
    if isinstance(layer, cst.Name):
        values = model.binding_of(layer).known_values
        layer = values[0] if values and len(values) == 1 else layer
    if not (isinstance(layer, cst.Call) and knowledge.keeps_unknown_sizes(model.call_name(layer))):
        return None
    merged = positional[0].value
    if isinstance(merged, (cst.List, cst.Tuple)):  # `Concatenate()([a, b])`: one input to all
        found = [_keras_input_through_layers(model, e.value, depth + 1) for e in merged.elements]
        return found[0] if found and all(f is found[0] for f in found) else None
    return _keras_input_through_layers(model, merged, depth + 1, any_caller)


def _is_none(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "None"


def _literal_int(expr: cst.BaseExpression) -> int | None:
    if isinstance(expr, cst.Integer):
        return int(expr.evaluated_value)
    return None


# --- Python containers of tensors, a dataset's elements -------------------------------------------


# the displays of a Python list, tuple or dict (by name: libcst loads only when a file is linted)
_PYTHON_CONTAINERS = frozenset({"List", "Tuple", "Dict", "ListComp", "DictComp"})


_CONTAINER_CALLS = frozenset({"builtins.list", "builtins.tuple", "builtins.dict"})


def python_container(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> cst.BaseExpression | None:
    """The display (or ``list()``/``dict()`` call) that makes ``expr`` a Python list, tuple or
    dict: the display itself, or a name or ``self.<attr>`` every value of which is one."""
    if type(expr).__name__ in _PYTHON_CONTAINERS:
        return expr
    if isinstance(expr, cst.Call):
        return expr if model.call_name(expr) in _CONTAINER_CALLS else None
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr, scope).known_values
    elif isinstance(expr, cst.Attribute):
        values = model.bound_values(expr, scope) or None
    else:
        return None
    if not values:
        return None
    found = [python_container(model, v, scope) if v is not expr else None for v in values]
    return found[0] if all(f is not None for f in found) else None


def index_tensor(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> tuple[str, cst.CSTNode] | None:
    """Why ``expr``, used as an index or key in traced code, is a graph tensor, and where: a
    computed tensor, the variable of a loop over ``tf.range`` (AutoGraph makes it a graph
    loop, whose variable is a tensor), a parameter tf.data or Keras fills, or (part of) an
    element of a dataset."""
    if scope is None:
        return None
    if computed_tensor(model, expr, scope, api_only=True):
        return ("this value is computed by a TensorFlow op", expr)
    if dataset_element(model, expr, scope):
        return (f"`{code(expr)}` holds (part of) an element of a dataset: tensors", expr)
    if not isinstance(expr, cst.Name):
        return None
    binding = model.binding_of(expr, scope)
    fn = binding.scope
    if not isinstance(fn, FunctionInfo) or not binding.sites:
        return None
    if all(
        s.kind == SiteKind.LOOP
        and isinstance(s.value, cst.Call)
        and model.call_name(s.value) == "tensorflow.range"
        for s in binding.sites
    ):  # unconverted, the loop itself fails first (TF807), and the index would after it
        return (
            f"`{expr.value}` iterates `tf.range`, a tensor: AutoGraph makes the loop a graph "
            f"loop and `{expr.value}` a tensor",
            binding.sites[0].value,
        )
    return fed_parameter(model, expr, scope)


def _dataset_iterator(model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None) -> bool:
    """Whether ``expr`` is ``iter(dataset)``, or a name bound only to one."""
    values: list[cst.BaseExpression] = [expr]
    if isinstance(expr, cst.Name):
        values = list(model.binding_of(expr, scope).known_values or [])
    return bool(values) and all(
        isinstance(v, cst.Call)
        and model.call_name(v) == "builtins.iter"
        and len(v.args) == 1
        and model.is_dataset(v.args[0].value)
        for v in values
    )


def dataset_element(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> bool:
    """Whether ``expr`` holds (part of) an element of a tf.data dataset, which is made of
    tensors: a name bound by a ``for`` over a dataset, unpacked or indexed from one, or a
    parameter of a traced function every call of which passes one."""
    if depth > 6 or scope is None:
        return False
    if isinstance(expr, cst.Subscript):
        return dataset_element(model, expr.value, scope, depth + 1)
    if isinstance(expr, cst.Call):  # `next(it)`, `it = iter(dataset)`: the next element
        return (
            model.call_name(expr) == "builtins.next"
            and len(expr.args) == 1
            and _dataset_iterator(model, expr.args[0].value, scope)
        )
    if not isinstance(expr, cst.Name):
        return False
    binding = model.binding_of(expr, scope)
    if not binding.sites or not isinstance(binding.scope, (FunctionInfo, type(model.scope))):
        return False
    if binding.param_only:
        fn = binding.scope
        passed = model.arguments(fn, expr.value) if isinstance(fn, FunctionInfo) else []
        return (
            bool(passed)
            and fn.traced
            and all(dataset_element(model, value, caller, depth + 1) for value, caller in passed)
        )
    for site in binding.sites:
        value = site.value
        if value is None and site.kind == SiteKind.UNPACK:
            value = _unpacked_from(model, site.node)  # `x, y, task = batch`
        if value is None:
            return False
        if site.kind == SiteKind.LOOP:
            if not model.is_dataset(value):
                return False
        elif site.kind not in (SiteKind.ASSIGN, SiteKind.UNPACK) or not dataset_element(
            model, value, binding.scope, depth + 1
        ):
            return False
    return True


# --- a dataset that feeds a Keras model -----------------------------------------------------------


def _returned_parts(expr: cst.BaseExpression, depth: int = 0) -> list[cst.BaseExpression]:
    """The values a ``return`` hands back: a tuple's, list's or dict's elements (one level
    deep), else the value."""
    if depth < 2 and isinstance(expr, (cst.Tuple, cst.List)):
        return [p for e in expr.elements for p in _returned_parts(e.value, depth + 1)]
    if depth < 2 and isinstance(expr, cst.Dict):
        return [
            p
            for e in expr.elements
            if isinstance(e, cst.DictElement)
            for p in _returned_parts(e.value, depth + 1)
        ]
    return [expr]


# The Keras methods that trace a model on what a dataset gives (its element_spec): an element of
# unknown rank reaches the model's layers as one.
_KERAS_FEEDING_METHODS = frozenset({"fit", "evaluate", "predict"})


def _restores_shapes(node: cst.CSTNode) -> bool:
    """``ds.padded_batch(n, padded_shapes)``: each component gets the rank its padded shape names
    (required for a component of unknown rank), so what flows through it has a shape again."""
    if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
        return False
    if node.func.attr.value != "padded_batch":
        return False
    positional = [a for a in node.args if a.keyword is None and a.star == ""]
    return len(positional) >= 2 or any(
        a.keyword is not None and a.keyword.value == "padded_shapes" for a in node.args
    )


def _flows_into(
    model: ModuleModel, source: cst.CSTNode, expr: cst.BaseExpression, depth: int = 0
) -> bool:
    """Whether ``expr`` is built from ``source`` with the shapes ``source`` gives: holds it, or
    names a value built from it (``ds = ds.map(f)``, ``train = ds.batch(32)``, then ``train``),
    not through a ``padded_batch`` that names the padded shapes."""
    found = False
    names: list[cst.Name] = []

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        found = found or node is source
        if found or _restores_shapes(node):
            return False
        if type(node) is cst.Name:
            names.append(node)
        return True

    walk(expr, enter)
    if found:
        return True
    if depth > 4:
        return False
    return any(
        _flows_into(model, source, value, depth + 1)
        for name in names
        for value in model.binding_of(name).values
        if value is not expr
    )

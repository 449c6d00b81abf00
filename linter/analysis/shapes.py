"""Static shapes: which dimensions of a traced function's tensors may be ``None`` while it is traced.

``x.shape[i]`` in traced code is a Python value read while tracing: an ``int`` where the traced
shape knows the size, ``None`` where it does not. The model knows it may be ``None`` when:

- the function's ``input_signature`` gives that dimension as ``None`` (or the spec no rank at
  all): every trace sees ``None`` there (certain);
- it is dimension 0 of the input of a Keras layer's or model's ``call``: Keras traces ``call``
  with the batch dimension ``None`` when it builds the layer on a symbolic input
  (``keras.Input``), and when ``fit`` relaxes the shapes of a partial last batch (not certain:
  a model only ever called with whole batches of one size never sees it);
- it is dimension 0 of the input of a Keras ``Lambda`` layer's function: Keras calls it on the
  symbolic batch of the model (certain where the module builds on ``keras.Input`` or fits);
- the function is traced with ``reduce_retracing=True`` (``experimental_relax_shapes``): from
  the second shape on, TF traces with the dimensions that changed as ``None`` (not certain).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tf2lint.analysis import knowledge
from tf2lint.analysis.scopes import SiteKind
from tf2lint.analysis.tensors import reaching_values
from tf2lint.analysis.tfnames import TF_FUNCTION_NAMES, is_keras
from tf2lint.analysis.tracing import bound_method
from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import FunctionInfo, ModuleModel, Scope

_RELAXING = ("reduce_retracing", "experimental_relax_shapes")


@dataclass(frozen=True)
class UnknownDimension:
    """Why a dimension read while tracing may be ``None``: in words, the node that says so (the
    spec, or the def), and whether every trace sees ``None`` (``certain``) or only some may."""

    why: str
    where: cst.CSTNode
    certain: bool


def unknown_dimension(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, _depth: int = 0
) -> UnknownDimension | None:
    """Whether ``expr`` (``x.shape[i]``, ``x.get_shape()[i]``, or a local name bound to one) is a
    dimension that may be ``None`` where ``scope`` reads it, and why."""
    if _depth > 4 or scope is None:
        return None
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr, scope)
        if binding.scope is not scope.function:
            return None
        unpacked = _unpacked_dimension(model, binding)
        if unpacked is not None:  # `h, w, c = image.shape`
            return unknown_dimension(model, unpacked, scope, _depth + 1)
        values = binding.known_values
        if not values or len(values) != 1:
            return None
        return unknown_dimension(model, values[0], binding.scope, _depth + 1)
    if isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Name):
        shape = _named_shape(model, expr.value, scope)
        if shape is not None:  # `shape = x.get_shape()` ... `shape[0]`
            expr = expr.with_changes(value=shape)
    decoded = _decoded_dimension(model, expr, scope)
    if decoded is not None:
        return decoded
    found = _dimension_of_parameter(model, expr, scope)
    if found is None:
        return None
    fn, param, index = found
    if not fn.traced:
        return None
    specs = input_signature_specs(model, fn)
    if specs is not None:
        position = _position(fn, param)
        if position is None or position >= len(specs):
            return None
        dims = spec_dimensions(model, specs[position])
        if dims == UNKNOWN_RANK:
            return UnknownDimension(
                f"the input_signature gives `{param}` no rank: every dimension is None while "
                f"`{fn.name}` is traced",
                specs[position],
                True,
            )
        if not isinstance(dims, tuple) or not -len(dims) <= index < len(dims):
            return None
        if dims[index] is not None:
            return None
        return UnknownDimension(
            f"the input_signature gives `{param}` dimension {index} as None: it is None while "
            f"`{fn.name}` is traced",
            specs[position],
            True,
        )
    reason = fn.traced_by
    if (
        reason is not None
        and reason.kind == "keras"
        and index == 0
        and param in _batch_parameters(fn, reason.via)
    ):
        trains = keras_symbolic_use(model, fitting_only=reason.via in ("loss", "metric"))
        if trains is not None:
            return UnknownDimension(
                f"dimension 0 of `{param}` is the batch: this module builds or trains Keras "
                f"models (`{_code(trains)}`), which trace the {reason.via}'s `{fn.name}` with "
                "the batch dimension None",
                trains,
                True,
            )
        return UnknownDimension(
            f"dimension 0 of `{param}` is the batch, which is None when Keras builds the "
            f"{reason.via} on a symbolic input (`keras.Input`) or relaxes a partial last batch",
            fn.node,
            False,
        )
    if (
        reason is not None
        and reason.kind == "compiled"
        and index == 0
        and param in fn.params[int(bound_method(fn)) :][:2]
        and param not in fn.param_defaults
    ):
        fits = keras_symbolic_use(model, fitting_only=True)
        return UnknownDimension(
            f"dimension 0 of `{param}` is the batch: Keras traces a function given to "
            f"compile({reason.via}=...) with the batch dimension None"
            + (f" when it fits (`{_code(fits)}`)" if fits is not None else " when it fits"),
            fits if fits is not None else fn.node,
            fits is not None,
        )
    if (
        reason is not None
        and reason.kind == "lambda_layer"
        and index == 0
        and fn.params[:1] == [param]
        and param not in fn.param_defaults
    ):
        builds = keras_symbolic_use(model)
        return UnknownDimension(
            f"dimension 0 of `{param}` is the batch: Keras calls a Lambda layer's function with "
            "the batch dimension None"
            + (
                f" when it builds or trains the model (`{_code(builds)}`)"
                if builds is not None
                else " when it builds the model on `keras.Input` or fits it"
            ),
            builds if builds is not None else fn.node,
            builds is not None,
        )
    passed = _passed_dimension(model, fn, param, index, _depth)
    if passed is not None:
        return passed
    declared = _declared_element_spec(model, fn, param, index)
    if declared is not None:
        batched = isinstance(declared.func, cst.Attribute) and declared.func.attr.value in (
            "batch",
            "padded_batch",
        )
        return UnknownDimension(
            f"`{param}` is a batch of `{_code(declared)}`, whose element spec gives dimension 0 "
            "as None (the last batch may be smaller): it is None while the map function is traced"
            if batched
            else f"`{param}` is an element of `{_code(declared.func)}`, whose output_signature "
            f"gives dimension {index} as None: it is None while the map function is traced",
            declared,
            True,
        )
    mapped = _mapped_decoder(model, fn, param, index)
    if mapped is not None:
        return UnknownDimension(
            f"`{param}` is what `{_code(mapped.func)}` gives in the map before this one: its "
            f"dimension {index} is None while traced (its size comes from the data)",
            mapped,
            True,
        )
    relaxing = _relaxing_decorator(model, fn)
    if relaxing is not None and index == 0:
        batched = _smaller_last_batch(model, fn, param)
        if batched is not None:
            return UnknownDimension(
                f"`{fn.name}` is traced with relaxed shapes and called on each batch of "
                f"`{_code(batched)}`, whose last batch is smaller (no drop_remainder): "
                "that batch is traced again with dimension 0 None",
                batched,
                True,
            )
    if relaxing is not None:
        return UnknownDimension(
            f"`{fn.name}` is traced with relaxed shapes: from the second shape on, the "
            "dimensions that change are None while it is traced",
            relaxing,
            False,
        )
    return None


def _passed_dimension(
    model: ModuleModel, fn: FunctionInfo, param: str, index: int, depth: int
) -> UnknownDimension | None:
    """A helper's parameter that traced code hands a tensor whose dimension ``index`` may be
    None (``flatten(y_pred)`` in a loss): every call of the module passes such a tensor, a
    parameter of the caller itself, and the helper has no default for it."""
    reason = fn.traced_by
    if reason is None or reason.kind != "called" or param in fn.param_defaults:
        return None
    passed = model.arguments(fn, param)
    if not passed:
        return None
    found = None
    for value, caller in passed:
        if not isinstance(value, cst.Name):
            return None
        dimension = cst.Subscript(
            value=cst.Attribute(value=value, attr=cst.Name("shape")),
            slice=[cst.SubscriptElement(cst.Index(cst.Integer(str(index))))],
        )
        found = unknown_dimension(model, dimension, caller, depth + 1)
        if found is None:
            return None
    return found


UNKNOWN_RANK = "unknown rank"  # what spec_dimensions says of `TensorSpec(None)`


def _named_shape(model: ModuleModel, name: cst.Name, scope: Scope) -> cst.BaseExpression | None:
    """The static shape (``x.get_shape()``, ``K.int_shape(x)``) a local of ``scope``'s
    function is bound to, once and only to it; None otherwise."""
    binding = model.binding_of(name, scope)
    sites = binding.sites
    if binding.scope is not scope.function or len(sites) != 1 or sites[0].kind != SiteKind.ASSIGN:
        return None
    value = sites[0].value
    if value is None or shape_owner(value, model) is None:
        return None
    return None if _first_item_replaced(model, name.value, binding.scope) else value


# Keras calls that trace a model's layers with the batch dimension None: fit, evaluate and
# predict feed batches from a tf.data pipeline whose batch dimension is None; the `*_on_batch`
# steps are traced with reduce_retracing, so a batch of another size (the smaller last one) is
# traced with it None (checked under TF 2.21 / Keras 3.15); `keras.Input` builds a functional
# model on a symbolic batch of unknown size.
_KERAS_LOOPS = frozenset(
    {"fit", "evaluate", "predict", "train_on_batch", "test_on_batch", "predict_on_batch"}
)


# the steps a Keras 3 model's fit/evaluate/predict trace on each batch: they are handed it
# with dimension 0 None in every trace (checked under TF 2.21 / Keras 3.15, for a dataset
# batched with drop_remainder=True too)
_STEP_METHODS = frozenset({"train_step", "test_step", "predict_step"})


def _batch_parameters(fn: FunctionInfo, kind: str) -> list[str]:
    """The parameters of a method Keras traces that receive a batch: the input of a layer's or
    model's ``call``; ``y_true`` and ``y_pred`` of a loss's ``call`` and a metric's
    ``update_state``."""
    if fn.name == "call" and kind in ("layer", "model"):
        return fn.params[1:2]
    if fn.name in _STEP_METHODS and kind == "model":  # `data`: a batch from fit's dataset
        return fn.params[1:2]
    if (fn.name, kind) in (("call", "loss"), ("update_state", "metric")):
        return [p for p in fn.params[1:3] if p not in fn.param_defaults]
    return []


def keras_symbolic_use(model: ModuleModel, fitting_only: bool = False) -> cst.Call | None:
    """The first call by which this module has Keras trace layers with the batch dimension
    None: ``model.fit/evaluate/predict(...)``, or (unless ``fitting_only``) ``keras.Input``."""

    def find() -> cst.Call | None:
        calls = model.nodes_of(cst.Call)
        # what the module compiles is a Keras model, whatever the model can tell of its kind
        compiled = {
            _code(c.func.value)
            for c in calls
            if isinstance(c.func, cst.Attribute) and c.func.attr.value == "compile"
        }
        for call in calls:
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value in _KERAS_LOOPS:
                if _code(func.value) in compiled:
                    return call
                kind = model.kind_of(func.value)
                if kind is not None and kind.kind == "model":
                    return call
            elif (
                not fitting_only
                and is_keras(model.call_name(call), "Input")
                and not _fixes_batch(call)
            ):
                return call
        return None

    return model.memo((keras_symbolic_use, fitting_only), find)


def input_fixes_batch(call: cst.Call) -> bool:
    """Whether ``keras.Input(...)`` fixes the batch dimension (``batch_size=32``)."""
    return _fixes_batch(call)


def _fixes_batch(call: cst.Call) -> bool:
    """Whether ``keras.Input(...)`` fixes the batch dimension: ``batch_size=32``, or a
    ``batch_shape=(32, ...)`` that starts with a number (stateful RNNs, TPU code); the layers
    built on it then see that size, not None."""
    for arg in call.args:
        keyword = arg.keyword.value if arg.keyword is not None else None
        value = arg.value
        if keyword == "batch_size":
            return isinstance(value, cst.Integer)
        if keyword == "batch_shape" and isinstance(value, (cst.Tuple, cst.List)) and value.elements:
            return isinstance(value.elements[0].value, cst.Integer)
    return False


def _code(node: cst.CSTNode) -> str:
    text = cst.Module(body=[]).code_for_node(node)
    return text if len(text) <= 40 else text[:37] + "..."


def _decoded_dimension(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope
) -> UnknownDimension | None:
    """``image.shape[i]`` where ``image`` is what a decode op gives (``tf.io.decode_jpeg``),
    whose dimension ``i`` the knowledge base saw None while traced: its size is the data's."""
    if not isinstance(expr, cst.Subscript) or len(expr.slice) != 1:
        return None
    index = _integer(expr.slice[0].slice)
    owner = shape_owner(expr.value)
    if owner is None or index is None or index < 0:
        return None
    decoder = _decoded_source(model, owner, scope, index)
    if decoder is None:
        return None
    if knowledge.python_function_op(model.call_name(decoder)):
        why = "it runs Python that tracing cannot see, so its result has unknown rank"
    else:
        why = "its size comes from the data"
    return UnknownDimension(
        f"`{_code(decoder.func)}` gives a tensor whose dimension {index} is None while traced: "
        + why,
        decoder,
        True,
    )


def _decoded_source(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope, index: int, depth: int = 0
) -> cst.Call | None:
    """The decode op call whose dimension ``index`` (None while traced) ``expr`` has: the call
    itself, an op that keeps its first argument's shape applied to one (``tf.cast``), a call of
    a function of the module every return value of which is one, or a local bound only to
    such values."""
    if depth > 6:
        return None
    deeper = depth + 1
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr, scope)
        if binding.scope is not scope.function:
            return None
        values = reaching_values(model, expr, binding)
        if not values:
            return None
        found = [_decoded_source(model, v, scope, index, deeper) for v in values]
        return found[0] if all(found) else None
    if not isinstance(expr, cst.Call):
        return None
    name = model.call_name(expr)
    if name is not None:
        if knowledge.data_dependent_dimension(name, index):
            return expr
        if knowledge.python_function_op(name):
            return expr  # its result has unknown rank while traced: every dimension is None
        if knowledge.keeps_shape(name) and expr.args and expr.args[0].keyword is None:
            return _decoded_source(model, expr.args[0].value, scope, index, deeper)
        return None
    callee = model.callee(expr, scope)
    if callee is None:
        return None
    returned = model.return_values(callee)
    found = [_decoded_source(model, v, callee, index, deeper) for v in returned]
    return found[0] if found and all(found) else None


def _mapped_decoder(
    model: ModuleModel, fn: FunctionInfo, param: str, index: int
) -> cst.Call | None:
    """For a function given to ``ds.map(g).map(fn)`` (by one ``map`` of the module at least:
    tf.data traces it at each): the decode op call whose result ``g`` returns (whole, or at
    ``param``'s position of a returned tuple), which tf.data passes ``fn`` as ``param``; None
    when not proven."""
    reason = fn.traced_by
    if reason is None or reason.kind != "dataset" or reason.via != "map" or param not in fn.params:
        return None
    position = fn.params.index(param)
    for call, _, _, scope in model._calls:
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "map" and call.args):
            continue
        if model.function_referenced(call.args[0].value, scope) is not fn:
            continue
        receiver = func.value
        if isinstance(receiver, cst.Name):
            values = model.binding_of(receiver, scope).known_values
            receiver = values[0] if values and len(values) == 1 else None
        if not (
            isinstance(receiver, cst.Call)
            and isinstance(receiver.func, cst.Attribute)
            and receiver.func.attr.value == "map"
            and receiver.args
        ):
            continue
        previous = model.function_referenced(receiver.args[0].value, scope)
        returned = model.return_values(previous) if previous is not None else []
        sources = []
        for value in returned:
            if isinstance(value, cst.Tuple):
                value = value.elements[position].value if position < len(value.elements) else None
            elif position != 0:
                value = None
            sources.append(_decoded_source(model, value, previous, index) if value else None)
        # tf.data traces the function at each `map` on that pipeline's element: one pipeline
        # that hands it the dimension None is enough for it to fail there
        if sources and None not in sources:
            return sources[0]
    return None


def unpacked_dimension(model: ModuleModel, binding: object) -> cst.Subscript | None:
    """For a name bound once by unpacking a static shape (``h, w, c = image.shape``), the
    dimension it holds, as ``image.shape[i]`` (a node made for the question); None otherwise."""
    return _unpacked_dimension(model, binding)


def _unpacked_dimension(model: ModuleModel, binding: object) -> cst.Subscript | None:
    """For a name bound once by unpacking a static shape (``h, w, c = image.shape``,
    ``h, w = image.shape[:2]``), the dimension it holds, as ``image.shape[i]`` (a node made for
    the question)."""
    sites = binding.sites  # type: ignore[attr-defined]
    if len(sites) != 1 or sites[0].kind != SiteKind.UNPACK or sites[0].index is None:
        return None
    site = sites[0]
    found = _unpacked_shapes(model).get(id(site.node))
    if found is None:
        return None
    shape, offset = found
    index = cst.Index(cst.Integer(str(offset + site.index)))
    return cst.Subscript(value=shape, slice=[cst.SubscriptElement(index)])


def _static_shape(
    value: cst.BaseExpression, model: ModuleModel | None = None
) -> tuple[cst.BaseExpression, int] | None:
    """``x.shape``, ``x.get_shape()`` or a slice of one from a literal start (``x.shape[:2]``,
    ``x.shape[1:3]``): the shape, and the index of its first dimension there."""
    offset = 0
    if isinstance(value, cst.Subscript):
        if len(value.slice) != 1 or not isinstance(value.slice[0].slice, cst.Slice):
            return None
        piece = value.slice[0].slice
        if piece.step is not None:
            return None
        if piece.lower is not None:
            if not isinstance(piece.lower, cst.Integer):
                return None
            offset = int(piece.lower.evaluated_value)
        value = value.value
    return (value, offset) if shape_owner(value, model) is not None else None


def shape_owner(
    shape: cst.BaseExpression, model: ModuleModel | None = None
) -> cst.BaseExpression | None:
    """The tensor whose static shape ``shape`` is: ``x`` of ``x.shape``, ``x.get_shape()``,
    and of either's ``.as_list()``, and (given the ``model`` to resolve the name) of Keras's
    ``K.int_shape(x)``; None for anything else."""
    if (
        model is not None
        and isinstance(shape, cst.Call)
        and len(shape.args) == 1
        and shape.args[0].keyword is None
        and is_keras(model.call_name(shape), "backend.int_shape")
    ):
        return shape.args[0].value
    if (
        isinstance(shape, cst.Call)
        and not shape.args
        and isinstance(shape.func, cst.Attribute)
        and shape.func.attr.value == "as_list"
    ):
        shape = shape.func.value
    if isinstance(shape, cst.Call) and not shape.args:  # x.get_shape()
        shape = shape.func
        if isinstance(shape, cst.Attribute) and shape.attr.value == "get_shape":
            return shape.value
        return None
    if isinstance(shape, cst.Attribute) and shape.attr.value == "shape":
        return shape.value
    return None


def _unpacked_shapes(model: ModuleModel) -> dict[int, tuple[cst.BaseExpression, int]]:
    """id(each name of a tuple target) -> the static shape it unpacks and the index of its
    first dimension there, for the module's ``a, b = x.shape`` assignments."""

    def find() -> dict[int, tuple[cst.BaseExpression, int]]:
        found: dict[int, tuple[cst.BaseExpression, int]] = {}
        for assign in model.nodes_of(cst.Assign):
            shape = _static_shape(assign.value, model)  # `_, h, w, c = K.int_shape(x)` too
            if shape is None:
                continue
            for target in assign.targets:
                elements = (
                    target.target.elements
                    if isinstance(target.target, (cst.Tuple, cst.List))
                    else ()
                )
                if any(isinstance(e, cst.StarredElement) for e in elements):
                    continue  # `first, *rest = x.shape`: positions after the star shift
                for element in elements:
                    if isinstance(element.value, cst.Name):
                        found[id(element.value)] = shape
        return found

    return model.memo(_unpacked_shapes, find)


def _dimension_of_parameter(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope
) -> tuple[FunctionInfo, str, int] | None:
    """(function, parameter, index) for ``param.shape[index]`` of a parameter of the function
    that reads it, never rebound there."""
    if not isinstance(expr, cst.Subscript) or len(expr.slice) != 1:
        return None
    index = _integer(expr.slice[0].slice)
    if index is None:
        return None
    owner = shape_owner(expr.value, model)
    if not isinstance(owner, cst.Name):
        return None
    param = _shape_source(model, owner, scope, batch=index == 0)
    if param is None:
        return None
    return scope.function, param, index  # type: ignore[return-value]


def _shape_source(
    model: ModuleModel, name: cst.Name, scope: Scope, depth: int = 0, batch: bool = False
) -> str | None:
    """The parameter of ``scope``'s function whose shape the local ``name`` has: the parameter
    itself (never rebound), or a local bound once to an op that keeps its first argument's
    shape (``p = tf.sigmoid(y_pred)``: the knowledge base's, by tracing each op) of one. For
    the ``batch`` dimension (0) also: a local unpacked from the parameter (``x, y = data``: each
    part of a batch has the batch dimension), or bound once to what a Keras model or layer
    makes of one (``y_pred = self(x, training=True)``: Keras layers keep the batch)."""
    binding = model.binding_of(name, scope)
    fn = binding.scope
    if fn is None or fn is not scope.function:
        return None
    if binding.param_only:
        return name.value
    sites = binding.sites
    if depth > 4 or len(sites) != 1:
        return None
    site = sites[0]
    if batch and site.kind == SiteKind.UNPACK:
        whole = _unpacked_names(model).get(id(site.node))
        if whole is None:
            return None
        parts = model.binding_of(whole, scope)
        return whole.value if parts.scope is fn and parts.param_only else None
    if site.kind != SiteKind.ASSIGN:
        return None
    value = site.value
    if not isinstance(value, cst.Call) or not value.args or value.args[0].keyword is not None:
        return None
    source = value.args[0].value
    if not isinstance(source, cst.Name):
        return None
    if not knowledge.keeps_shape(model.call_name(value)) and not (
        batch and _keras_model_call(model, value, fn)
    ):
        return None
    return _shape_source(model, source, scope, depth + 1, batch)


def _unpacked_names(model: ModuleModel) -> dict[int, cst.Name]:
    """id(each name of a tuple target) -> the name it unpacks, for the module's ``a, b = name``
    assignments (``x, y = data``)."""

    def find() -> dict[int, cst.Name]:
        found: dict[int, cst.Name] = {}
        for assign in model.nodes_of(cst.Assign):
            if not isinstance(assign.value, cst.Name):
                continue
            for target in assign.targets:
                if not isinstance(target.target, (cst.Tuple, cst.List)):
                    continue
                for element in target.target.elements:
                    if isinstance(element.value, cst.Name):
                        found[id(element.value)] = assign.value
        return found

    return model.memo(_unpacked_names, find)


def _keras_model_call(model: ModuleModel, call: cst.Call, fn: FunctionInfo) -> bool:
    """Whether ``call`` applies a Keras model or layer: ``self(x)`` in a Keras class's method,
    or a callee the model knows is one (``model(x)``, ``self.encoder(x)``)."""
    func = call.func
    if isinstance(func, cst.Name) and func.value == "self":
        return fn.cls is not None and fn.cls.keras_kind in ("model", "layer")
    kind = model.kind_of(func, fn)
    return kind is not None and kind.kind in ("model", "layer")


def _integer(node: cst.BaseSlice) -> int | None:
    if not isinstance(node, cst.Index):
        return None
    value = node.value
    sign = 1
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        sign, value = -1, value.expression
    if isinstance(value, cst.Integer):
        return sign * int(value.evaluated_value)
    return None


def _position(fn: FunctionInfo, param: str) -> int | None:
    """The position of ``param`` in the input_signature (``self`` is not in it)."""
    params = list(fn.params)
    if fn.cls is not None and params[:1] in (["self"], ["cls"]):
        params = params[1:]
    return params.index(param) if param in params else None


def _tf_function_calls(model: ModuleModel, fn: FunctionInfo) -> list[cst.Call]:
    """The ``@tf.function(...)`` decorators of ``fn`` and the ``tf.function(fn, ...)`` calls of
    the module that wrap it."""
    found = []
    for decorator in fn.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Call) and model.qualified_name(expr.func) in TF_FUNCTION_NAMES:
            found.append(expr)
    for call, _, _, scope in model._calls:
        if (
            call.args
            and model.call_name(call) in TF_FUNCTION_NAMES
            and model.function_referenced(call.args[0].value, scope) is fn
        ):
            found.append(call)
    return found


def _keyword(call: cst.Call, name: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def input_signature_specs(model: ModuleModel, fn: FunctionInfo) -> list[cst.BaseExpression] | None:
    """The specs of ``fn``'s ``input_signature`` (a list or tuple display, or a module name
    bound once to one), in parameter order; None without one."""
    for call in _tf_function_calls(model, fn):
        signature = _keyword(call, "input_signature")
        if signature is None:
            continue
        if isinstance(signature, cst.Name):
            values = model.binding_of(signature).known_values
            signature = values[0] if values and len(values) == 1 else None
        if isinstance(signature, (cst.List, cst.Tuple)):
            return [e.value for e in signature.elements]
    return None


def spec_dimensions(
    model: ModuleModel, spec: cst.BaseExpression
) -> tuple[int | None, ...] | str | None:
    """The dimensions a ``tf.TensorSpec(shape, ...)`` display gives (``None`` for an unknown
    one), ``UNKNOWN_RANK`` for ``shape=None``; None when not a spec with a literal shape."""
    if not isinstance(spec, cst.Call) or knowledge.class_kind(model.call_name(spec)) != "spec":
        return None
    shape = _keyword(spec, "shape")
    if shape is None and spec.args and spec.args[0].keyword is None:
        shape = spec.args[0].value
    if isinstance(shape, cst.Name) and shape.value == "None":
        return UNKNOWN_RANK
    if not isinstance(shape, (cst.List, cst.Tuple)):
        return None
    dims: list[int | None] = []
    for element in shape.elements:
        value = element.value
        if isinstance(value, cst.Name) and value.value == "None":
            dims.append(None)
        elif isinstance(value, cst.Integer):
            dims.append(int(value.evaluated_value))
        else:
            return None
    return tuple(dims)


# Dataset methods that hand on each element as it is (its spec unchanged)
_SPEC_KEEPING = frozenset(
    {"shuffle", "prefetch", "cache", "repeat", "filter", "take", "skip", "with_options"}
)


def _declared_element_spec(
    model: ModuleModel, fn: FunctionInfo, param: str, index: int
) -> cst.Call | None:
    """For a function a ``ds.map(fn)`` of the module maps over
    ``Dataset.from_generator(..., output_signature=...)`` (through methods that keep the
    element; one such ``map`` is enough, tf.data tracing the function at each): the
    ``from_generator`` call, when the spec at ``param``'s position gives
    dimension ``index`` as None (images of any size: ``TensorSpec((None, None, 3))``)."""
    reason = fn.traced_by
    if reason is None or reason.kind != "dataset" or reason.via != "map" or param not in fn.params:
        return None
    position = fn.params.index(param)
    for call, _, _, scope in model._calls:
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "map" and call.args):
            continue
        if model.function_referenced(call.args[0].value, scope) is not fn:
            continue
        batched = _batched_source(model, func.value)
        if batched is not None:  # `ds.batch(32).map(fn)`: every component's batch is None
            if index == 0:
                return batched
            continue
        source = _generator_source(model, func.value)
        if source is None:
            continue
        signature = _keyword(source, "output_signature")
        specs = (
            [e.value for e in signature.elements]
            if isinstance(signature, (cst.Tuple, cst.List))
            else [signature]
        )
        if signature is None or position >= len(specs) or (len(specs) > 1) != (len(fn.params) > 1):
            continue
        dims = spec_dimensions(model, specs[position])
        if not isinstance(dims, tuple) or not 0 <= index < len(dims) or dims[index] is not None:
            continue
        # tf.data traces the function at each `map`, on that pipeline's element spec: one
        # pipeline that declares the dimension None is enough for it to fail there
        return source
    return None


def _batched_source(
    model: ModuleModel, dataset: cst.BaseExpression, depth: int = 0
) -> cst.Call | None:
    """The ``.batch(n)`` or ``.padded_batch(n)`` call (without ``drop_remainder``) a dataset
    is, through methods that keep each element: its element's dimension 0 is None."""
    if depth > 8:
        return None
    if isinstance(dataset, cst.Name):
        values = model.binding_of(dataset).known_values
        if not values or len(values) != 1:
            return None
        return _batched_source(model, values[0], depth + 1)
    if not (isinstance(dataset, cst.Call) and isinstance(dataset.func, cst.Attribute)):
        return None
    method = dataset.func.attr.value
    if method in ("batch", "padded_batch") and model.is_dataset(dataset.func.value):
        if any(a.keyword is not None and a.keyword.value == "drop_remainder" for a in dataset.args):
            return None
        return dataset if len(dataset.args) == 1 or method == "padded_batch" else None
    if method in _SPEC_KEEPING:
        return _batched_source(model, dataset.func.value, depth + 1)
    return None


def _generator_source(
    model: ModuleModel, dataset: cst.BaseExpression, depth: int = 0
) -> cst.Call | None:
    """The ``tf.data.Dataset.from_generator(...)`` call a dataset is, through methods that keep
    each element as it is (``shuffle``, ``prefetch``) and names bound once."""
    if depth > 8:
        return None
    if isinstance(dataset, cst.Name):
        values = model.binding_of(dataset).known_values
        if not values or len(values) != 1:
            return None
        return _generator_source(model, values[0], depth + 1)
    if not isinstance(dataset, cst.Call):
        return None
    if (model.call_name(dataset) or "").endswith("Dataset.from_generator"):
        return dataset
    func = dataset.func
    if isinstance(func, cst.Attribute) and func.attr.value in _SPEC_KEEPING:
        return _generator_source(model, func.value, depth + 1)
    return None


def _smaller_last_batch(model: ModuleModel, fn: FunctionInfo, param: str) -> cst.Call | None:
    """The ``.batch(n)`` call (no ``drop_remainder=True``, no ``repeat`` before it) of the
    dataset a ``for`` loop iterates where every call of the module passes ``param`` of ``fn``
    a part of the loop's element (``for x, y in ds: step(x, y)``): its last batch is smaller
    unless the data divides evenly, and a relaxed trace of it sees dimension 0 None."""
    passed = model.arguments(fn, param)
    if not passed:
        return None
    found = None
    for value, _ in passed:
        if not isinstance(value, cst.Name):
            return None
        binding = model.binding_of(value)
        sites = binding.sites
        if len(sites) != 1 or sites[0].kind != SiteKind.LOOP or sites[0].value is None:
            return None
        batch = _batch_call(model, sites[0].value)
        if batch is None:
            return None
        found = batch
    return found


def _batch_call(model: ModuleModel, dataset: cst.BaseExpression, depth: int = 0) -> cst.Call | None:
    """The last ``.batch(n)`` of a dataset's chain, when it may leave a smaller last batch."""
    if depth > 6:
        return None
    if isinstance(dataset, cst.Name):
        values = model.binding_of(dataset).known_values
        return _batch_call(model, values[0], depth + 1) if values and len(values) == 1 else None
    if not (isinstance(dataset, cst.Call) and isinstance(dataset.func, cst.Attribute)):
        return None
    method = dataset.func.attr.value
    if method in ("repeat", "take", "unbatch", "rebatch", "padded_batch"):
        return None
    if method == "batch":
        for arg in dataset.args:
            if arg.keyword is not None and arg.keyword.value == "drop_remainder":
                return None  # `drop_remainder=True`, or a value the code does not show
        if len(dataset.args) > 1:
            return None
        inner = dataset.func.value
        while isinstance(inner, cst.Call) and isinstance(inner.func, cst.Attribute):
            if inner.func.attr.value == "repeat":
                return None  # `repeat().batch(n)`: every batch full
            inner = inner.func.value
        return dataset
    if method in ("map", "prefetch", "shuffle", "cache", "filter", "with_options"):
        return _batch_call(model, dataset.func.value, depth + 1)
    return None


def _relaxing_decorator(model: ModuleModel, fn: FunctionInfo) -> cst.BaseExpression | None:
    """The ``reduce_retracing=True`` (or ``experimental_relax_shapes=True``) argument of a
    ``tf.function`` that traces ``fn``."""
    for call in _tf_function_calls(model, fn):
        for name in _RELAXING:
            value = _keyword(call, name)
            if isinstance(value, cst.Name) and value.value == "True":
                return value
    return None


@dataclass(frozen=True)
class ShapeList:
    """A Python list or shape that holds a tensor's static shape from its dimension 0 on
    (``x.get_shape().as_list()``, ``shape[:-1] + [c // k, k]``): where the shape is read, and
    why its dimension 0 may be None."""

    read: cst.BaseExpression
    dimension: UnknownDimension


def shape_list_with_unknown_first(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> ShapeList | None:
    """Whether ``expr`` holds a static shape from its dimension 0 on, with that dimension
    possibly None where ``scope`` reads it: the shape itself (``x.shape``,
    ``x.get_shape().as_list()``, ``list(x.shape)``), a slice of it from the start
    (``shape[:-1]``), one concatenated with more sizes after it (``shape[:-1] + [2]``), or a
    local every binding of which is one (``+=`` appends; an item assignment other than to a
    literal index above 0 may replace dimension 0, and then nothing is claimed)."""
    read = _shape_prefix(model, expr, scope, 0)
    if read is None:
        return None
    first = cst.Subscript(value=read, slice=[cst.SubscriptElement(cst.Index(cst.Integer("0")))])
    dimension = unknown_dimension(model, first, scope)
    return ShapeList(read, dimension) if dimension is not None else None


def _shape_prefix(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int
) -> cst.BaseExpression | None:
    if depth > 6 or scope is None:
        return None
    deeper = depth + 1
    if shape_owner(expr, model) is not None:
        return expr
    if isinstance(expr, cst.Call):
        if model.call_name(expr) in ("builtins.list", "builtins.tuple") and len(expr.args) == 1:
            return _shape_prefix(model, expr.args[0].value, scope, deeper)
        return None
    if isinstance(expr, cst.Subscript):
        if len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Slice):
            return None
        piece = expr.slice[0].slice
        lower = piece.lower
        if piece.step is not None or not (
            lower is None or (isinstance(lower, cst.Integer) and lower.evaluated_value == 0)
        ):
            return None
        return _shape_prefix(model, expr.value, scope, deeper)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        return _shape_prefix(model, expr.left, scope, deeper)
    if not isinstance(expr, cst.Name):
        return None
    binding = model.binding_of(expr, scope)
    fn = scope.function
    if binding.scope is not fn or fn is None or not binding.sites:
        return None
    found = None
    for site in binding.sites:
        if site.kind == SiteKind.AUGASSIGN:
            continue  # `shape += [k]` appends
        if site.kind != SiteKind.ASSIGN or site.value is None:
            return None
        found = _shape_prefix(model, site.value, scope, deeper)
        if found is None:
            return None
    if found is None or _first_item_replaced(model, expr.value, fn):
        return None
    return found


def _first_item_replaced(model: ModuleModel, name: str, fn: FunctionInfo) -> bool:
    """Whether ``fn`` assigns an item of its local ``name`` at an index that may be 0
    (``shape[i] = tf.shape(x)[i]``, ``shape[0] = -1``)."""
    for assign in model.nodes_of(cst.Assign):
        for target in assign.targets:
            item = target.target
            if not (
                isinstance(item, cst.Subscript)
                and isinstance(item.value, cst.Name)
                and item.value.value == name
            ):
                continue
            if model.binding_of(item.value).scope is not fn:
                continue
            index = _integer(item.slice[0].slice) if len(item.slice) == 1 else None
            if index is None or index == 0:
                return True
    return False


def traced_with_given_shapes(model: ModuleModel, fn: FunctionInfo) -> bool:
    """Whether every trace of ``fn`` sees the full static shapes of the tensors it is called
    with: ``tf.function`` traces it itself (decorated, or ``tf.function(fn)``) with no
    ``input_signature`` and no ``reduce_retracing`` (either may trace a dimension as None)."""
    calls = _tf_function_calls(model, fn)
    if fn.traced_by is None or fn.traced_by.kind not in ("decorator", "wrapped"):
        return False
    if any(_keyword(call, "input_signature") is not None for call in calls):
        return False
    return _relaxing_decorator(model, fn) is None

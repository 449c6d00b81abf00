"""Static shapes: which dimensions of a traced function's tensors may be ``None`` while it is traced.

``x.shape[i]`` in traced code is a Python value read while tracing: an ``int`` where the traced
shape knows the size, ``None`` where it does not. The model knows it may be ``None`` when:

- the function's ``input_signature`` gives that dimension as ``None`` (or the spec no rank at
  all): every trace sees ``None`` there (certain);
- it is dimension 0 of the input of a Keras layer's or model's ``call``: Keras traces ``call``
  with the batch dimension ``None`` when it builds the layer on a symbolic input
  (``keras.Input``), and when ``fit`` relaxes the shapes of a partial last batch (not certain:
  a model only ever called with whole batches of one size never sees it);
- the function is traced with ``reduce_retracing=True`` (``experimental_relax_shapes``): from
  the second shape on, TF traces with the dimensions that changed as ``None`` (not certain).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tf2lint import knowledge
from tf2lint.lazy import cst
from tf2lint.tfnames import TF_FUNCTION_NAMES

if TYPE_CHECKING:
    from tf2lint.model import FunctionInfo, ModuleModel, Scope

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
        values = binding.known_values
        if not values or len(values) != 1 or binding.scope is not scope.function:
            return None
        return unknown_dimension(model, values[0], binding.scope, _depth + 1)
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
        and fn.name == "call"
        and index == 0
        and fn.params[1:2] == [param]
    ):
        return UnknownDimension(
            f"dimension 0 of `{param}` is the batch, which is None when Keras builds the "
            f"{reason.via} on a symbolic input (`keras.Input`) or relaxes a partial last batch",
            fn.node,
            False,
        )
    relaxing = _relaxing_decorator(model, fn)
    if relaxing is not None:
        return UnknownDimension(
            f"`{fn.name}` is traced with relaxed shapes: from the second shape on, the "
            "dimensions that change are None while it is traced",
            relaxing,
            False,
        )
    return None


UNKNOWN_RANK = "unknown rank"  # what spec_dimensions says of `TensorSpec(None)`


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
    shape = expr.value
    if isinstance(shape, cst.Call) and not shape.args:  # x.get_shape()[i]
        shape = shape.func
        if not (isinstance(shape, cst.Attribute) and shape.attr.value == "get_shape"):
            return None
    elif not (isinstance(shape, cst.Attribute) and shape.attr.value == "shape"):
        return None
    owner = shape.value
    if not isinstance(owner, cst.Name):
        return None
    binding = model.binding_of(owner, scope)
    fn = binding.scope
    if fn is None or fn is not scope.function or binding.kinds != {"param"}:
        return None
    return fn, owner.value, index  # type: ignore[return-value]


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


def _relaxing_decorator(model: ModuleModel, fn: FunctionInfo) -> cst.BaseExpression | None:
    """The ``reduce_retracing=True`` (or ``experimental_relax_shapes=True``) argument of a
    ``tf.function`` that traces ``fn``."""
    for call in _tf_function_calls(model, fn):
        for name in _RELAXING:
            value = _keyword(call, name)
            if isinstance(value, cst.Name) and value.value == "True":
                return value
    return None

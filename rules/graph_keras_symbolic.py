"""Symbolic Keras tensors while a functional model is built: a Python `if`, a Python value or a
None dimension taken from one.
"""

from __future__ import annotations

from tf2lint.analysis import knowledge
from tf2lint.analysis.model import FunctionInfo, ModuleModel, Scope
from tf2lint.analysis.shapes import (
    input_fixes_batch,
    shape_owner,
    unpacked_dimension,
)
from tf2lint.analysis.tensors import (
    symbolic_keras_tensor,
)
from tf2lint.analysis.walk import contains
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import code
from tf2lint.rules.graph_common import (
    _input_dimension_none,
    _keras_input_through_layers,
    _literal_int,
)


class PythonConditionOnKerasInput(Rule):
    id = "TF891"
    name = "python-if-on-symbolic-tensor"
    category = "graph-incompatible"
    severity = "error"
    message = (
        "a Python `if`/`while` on a symbolic Keras tensor decides once, while the model is built"
    )
    # its evidence spells one of these
    requires_text = ("Input",)
    rationale = """
        Building a functional Keras model (`inputs = keras.Input(...)`, layers applied to it)
        runs Python once, on symbolic tensors that have no values. A Python `if` on their
        value (`if inputs[0, 0] > 0:`) cannot branch per sample: Keras 3 refuses it (`TypeError:
        A symbolic KerasTensor cannot be used as a boolean`), and `==` compares the symbolic
        objects, not their values, so the condition is decided once, while the model is built,
        and one branch is never part of the model. Branch inside the model, per sample: select
        with `keras.ops.where` (or `tf.where`), or put the condition in a layer's `call`.
        Evidence required: the condition compares a value computed from a `keras.Input`
        (`is`, `in` and `is None` tests are Python's and fine).
    """

    def _check(self, test: cst.BaseExpression) -> None:
        model, scope = self.model, self.context.scope
        sides: list[cst.BaseExpression] = []
        if isinstance(test, cst.Comparison):
            if any(
                isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn))
                for c in test.comparisons
            ):
                return
            sides = [test.left, *(c.comparator for c in test.comparisons)]
        else:
            sides = [test]
        for side in sides:
            found = symbolic_keras_tensor(model, side, scope)
            if found is not None:
                # `==` and `!=` are Python's identity on a KerasTensor (TF 2.21, Keras 3:
                # `keras.Input(shape=(1,)) == 1` is False): no error, one branch is dropped
                identity = isinstance(test, cst.Comparison) and all(
                    isinstance(c.operator, (cst.Equal, cst.NotEqual)) for c in test.comparisons
                )
                how = (
                    "`==` compares the symbolic objects, not their values, so it is always the "
                    "same and one branch is never part of the model"
                    if identity
                    else "Keras 3 refuses it"
                )
                self.report(
                    test,
                    "a Python condition on a symbolic Keras tensor is decided once, while the "
                    f"model is built ({how}); branch per sample with `keras.ops.where`",
                    because=[("the value comes from this symbolic input", found)],
                )
                return

    def visit_If(self, node: cst.If) -> None:
        self._check(node.test)

    def visit_While(self, node: cst.While) -> None:
        self._check(node.test)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._check(node.test)


# NumPy functions that read only a value's `.shape`/`.ndim` attributes or its type (NumPy's
# own implementation), so they work on a symbolic Keras tensor
_NUMPY_READS_ATTRIBUTES = frozenset({"numpy.shape", "numpy.ndim", "numpy.isscalar"})


_PYTHON_VALUE_BUILTINS = frozenset(
    {"builtins.int", "builtins.float", "builtins.bool", "builtins.len", "builtins.range"}
)


class PythonValueOfKerasSymbolicTensor(Rule):
    id = "TF870"
    name = "python-value-of-symbolic-keras-tensor"
    category = "graph-incompatible"
    severity = "error"
    message = "NumPy, `.numpy()` or `int`/`float`/`len`/`range` on a symbolic Keras tensor fails while the model is built"
    # its evidence spells one of these
    requires_text = ("Input",)
    rationale = """
        Building a functional Keras model (`inputs = keras.Input(...)`, layers applied to it)
        runs Python once, on symbolic tensors: placeholders for a shape and a dtype, with no
        values. NumPy cannot take them (`np.tanh(x)`, `np.concatenate([a, b])`: Keras 3 raises
        `ValueError: A KerasTensor is symbolic ... You cannot convert it to a NumPy array`,
        tf-keras `Cannot convert a symbolic Keras input/output to a numpy array`), and neither
        can Python's conversions: `int(t)`, `float(t)`, `len(t)` (`object of type
        'KerasTensor' has no len()`), `range(t)` (`'KerasTensor' object cannot be interpreted
        as an integer`), nor `t.numpy()`. The computation belongs inside the model: a Keras
        layer or `keras.ops` (applied per batch), a `Lambda` layer, or a custom layer's `call`;
        sizes come from the static shape (`t.shape[1]`). `np.shape` and `np.ndim` read only the
        shape and are fine. Evidence required: the value is computed from a `keras.Input`
        through Keras layers, `keras.ops`, arithmetic or indexing.
    """

    def visit_Call(self, node: cst.Call) -> None:
        model, scope = self.model, self.context.scope
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "numpy" and not node.args:
            found = symbolic_keras_tensor(model, func.value, scope)
            if found is not None:
                self._report(node, f"`{code(func.value)}.numpy()`", found)
            return
        name = model.call_name(node)
        if name is None:
            return
        if name in _PYTHON_VALUE_BUILTINS:
            what = f"`{name[len('builtins.') :]}()`"
        elif (
            name.startswith("numpy.")
            and not name.startswith("numpy.random.")
            and name not in _NUMPY_READS_ATTRIBUTES
        ):
            what = f"`{name.replace('numpy.', 'np.', 1)}`"
        else:
            return
        for arg in node.args:
            if arg.keyword is not None and name.startswith("builtins."):
                continue
            value = arg.value
            parts = (
                [e.value for e in value.elements if isinstance(e, cst.Element)]
                if isinstance(value, (cst.List, cst.Tuple))
                else [value]
            )
            for part in parts:
                found = symbolic_keras_tensor(model, part, scope)
                if found is not None:
                    self._report(node, what, found)
                    return

    def _report(self, node: cst.Call, what: str, found: cst.Call) -> None:
        self.report(
            node,
            f"{what} on a symbolic Keras tensor fails while the model is built: it has no "
            "value; compute it inside the model (a layer, `keras.ops`)",
            because=[("the value comes from this symbolic input", found)],
        )


class NoneDimensionOfKerasTensorUsedAsSize(Rule):
    id = "TF873"
    name = "none-dimension-of-keras-tensor-used-as-size"
    category = "graph-incompatible"
    severity = "error"
    message = "a None dimension of a symbolic Keras tensor is used as a size while building a model"
    requires_text = ("Input",)
    rationale = """
        A functional model built on `keras.Input((None, None, 3))` takes images of any size:
        the static shape of every tensor built from that input (through layers that keep
        unknown sizes, such as `Conv2D` or `BatchNormalization`: the knowledge base's, by
        building each layer on such an input) has None height and width, and None batch.
        Using those static dimensions as sizes, `_, h, w, c = x.shape` then
        `keras.ops.reshape(x, (-1, h, w, groups, c // groups))` (a channel shuffle), puts
        None into the target shape: Keras 3 records the op, and running the model (`fit`,
        `predict`) fails with `TypeError: Failed to convert elements of (-1, None, None, 2, 8)
        to Tensor`; with tf-keras, `tf.reshape` on the Keras tensor fails at once the same
        way (TF 2.21). Use the dynamic size (`keras.ops.shape(x)[1]`, `tf.shape(x)[1]`) or -1,
        or reshape inside a layer that reads the shape at call time. Which ops need every size
        of their shape argument comes from the knowledge base, by calling them. Reported in
        model-building code (TF897 reports sizes read in traced code; a `Lambda` function
        that closes over sizes read while building is reported here), where the tensor comes
        from `keras.Input` through such layers, directly or through a helper's parameter every
        call passes it to; a TensorFlow op given a Keras 3 tensor fails for another reason
        and is left to the rules about that.
    """

    def visit_Call(self, node: cst.Call) -> None:
        name = self.model.call_name(node)
        parameter = knowledge.shape_parameter(name)
        if parameter is None or parameter.accepts_none is not False or name is None:
            return
        if (
            name.startswith("tensorflow.")
            and not self.model.keras2_possible
            and not self.context.in_traced_code
        ):
            return  # Keras 3 refuses the Keras tensor in a TF op before the shape matters
        shape = None
        for index, arg in enumerate(node.args):
            if arg.star:
                return
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword == parameter.name or (keyword is None and index == parameter.position):
                shape = arg.value
        if not isinstance(shape, (cst.List, cst.Tuple)):
            return
        reported = self.__dict__.setdefault("_reported", set())
        for element in shape.elements:
            found = self._none_dimension(element.value)
            if found is None:
                continue
            read, given, index = found
            if id(read) in reported:
                continue
            reported.add(id(read))
            self.report(
                read,
                f"`{code(read)}` is dimension {index} of a Keras tensor built on "
                f"`{code(given)}`, which is None, and the shape given to `{code(node.func)}` "
                "then holds None; use the dynamic size (`keras.ops.shape(x)[i]`) or -1",
                because=[
                    (
                        f"`{code(given)}` gives dimension {index} as None, and the layers "
                        "between keep it unknown",
                        given,
                    ),
                    (f"it is used as a size here (the shape given to `{code(node.func)}`)", node),
                ],
                through=node if not contains(node, read) else None,
            )

    def _none_dimension(
        self, element: cst.BaseExpression
    ) -> tuple[cst.BaseExpression, cst.Call, int] | None:
        """(where the static dimension is read, the ``keras.Input`` call, its index) for a
        shape element that is a None dimension of a Keras tensor built on that input."""
        read: cst.BaseExpression = element
        dimension: cst.BaseExpression = element
        traced = self.context.function if self.context.in_traced_code else None
        if traced is not None and not isinstance(element, cst.Name):
            return None  # read while tracing: TF897's
        if isinstance(element, cst.Name):
            binding = self.model.binding_of(element, self.context.scope)
            if traced is not None and binding.scope is traced:
                return None  # read while tracing: TF897's
            unpacked = unpacked_dimension(self.model, binding)
            if unpacked is not None:  # `_, h, w, c = x.shape`
                dimension = unpacked
                read = binding.sites[0].node
            else:
                values = binding.known_values
                if not values or len(values) != 1:
                    return None
                dimension = read = values[0]
        if not (
            isinstance(dimension, cst.Subscript)
            and len(dimension.slice) == 1
            and isinstance(dimension.slice[0].slice, cst.Index)
        ):
            return None
        index = _literal_int(dimension.slice[0].slice.value)
        tensor = shape_owner(dimension.value, self.model)
        if index is None or index < 0 or not isinstance(tensor, cst.Name):
            return None
        given = _keras_input_through_layers(self.model, tensor)
        if given is None:
            return None
        if index == 0:
            return None if input_fixes_batch(given) else (read, given, index)
        if not _input_dimension_none(self.model, given, index):
            return None
        return read, given, index


def _restored_object(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> cst.Call | None:
    """The ``tf.saved_model.load(...)`` that ``expr`` holds (the call, or a name bound only to
    one)."""
    if isinstance(expr, cst.Call):
        return expr if model.call_name(expr) == "tensorflow.saved_model.load" else None
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr, scope).known_values
        if values and all(isinstance(v, cst.Call) for v in values):
            found = [_restored_object(model, v, scope) for v in values]
            return found[0] if all(found) else None
    return None


def _may_call_traced(model: ModuleModel) -> bool:
    """Whether the module decorates a function of its own with ``tf.function`` or restores a
    SavedModel: where it does neither, none of its calls is TF810's."""

    def compute() -> bool:
        return any(
            isinstance(r.target, FunctionInfo) and r.reason.kind == "decorator" for r in model.roots
        ) or any(
            model.call_name(c) == "tensorflow.saved_model.load" for c in model.nodes_of(cst.Call)
        )

    return model.memo(_may_call_traced, compute)


def _traced_callee(model: ModuleModel, call: cst.Call, scope: Scope | None) -> str | None:
    """Why ``call`` calls a ``tf.function``: a function of the module decorated with one, or
    what ``tf.saved_model.load`` restored (the object, its functions, its ``signatures``);
    None otherwise."""
    func = call.func
    target = func
    while isinstance(target, (cst.Attribute, cst.Subscript)):
        target = target.value  # `loaded.signatures["serving_default"]`, `loaded.serve`
    restored = _restored_object(model, target, scope)
    if restored is not None:
        return f"`{code(target)}` is restored by `{code(restored.func)}`: its functions are traced"
    kind = model.kind_of(func, scope)
    if kind is not None and kind.kind in ("layer", "model"):
        return None  # Keras calls the layer on symbolic tensors itself
    callee = model.callee(call, scope)
    if callee is None or callee.traced_by is None or callee.traced_by.kind != "decorator":
        return None
    if callee.cls is not None:
        return None  # a method: a Keras layer's own `call` among them
    return f"`{callee.qualname}` is {callee.traced_by.describe()}"


class TracedFunctionCalledOnKerasTensor(Rule):
    id = "TF810"
    name = "traced-function-called-on-keras-tensor"
    category = "graph-incompatible"
    severity = "error"
    message = (
        "a `tf.function` (or a restored SavedModel) is called on a symbolic Keras tensor while a "
        "functional model is built"
    )
    requires_text = ("Input",)
    rationale = """
        Building a functional model runs Python once on symbolic Keras tensors, which only
        Keras layers and Keras ops can take. A `tf.function` cannot: neither one the module
        decorates nor what `tf.saved_model.load` restores from a plain SavedModel (a
        `tf.Module`'s traced `__call__`, its other functions, `signatures[...]`), which is not
        a Keras model or layer. Keras 3 refuses it (`ValueError: A KerasTensor is symbolic`,
        or `TypeError: Binding inputs to tf.function failed ... A KerasTensor cannot be used as
        input to a TensorFlow function`), and tf-keras 2.21 too (`TypeError: You are passing
        KerasTensor(...), an intermediate TF-Keras symbolic input/output, to a TF API that does
        not allow registering custom dispatchers, such as tf.cond, tf.function`): this is no
        Keras 3 change. Wrap the restored model in a layer (`keras.layers.TFSMLayer(path)` in
        Keras 3, `hub.KerasLayer`), or call the function inside a layer's `call` or a `Lambda`,
        where it gets real tensors. Evidence required: the argument comes from `keras.Input`
        through Keras layers or ops, and the callee is a module function decorated with
        `tf.function` or is bound only to `tf.saved_model.load(...)`.
    """

    def visit_Call(self, node: cst.Call) -> None:
        model, scope = self.model, self.context.scope
        if not node.args or not _may_call_traced(model):
            return
        why = _traced_callee(model, node, scope)  # first: far cheaper than following arguments
        if why is None:
            return
        found = None
        for arg in node.args:
            value = arg.value
            parts = (
                [e.value for e in value.elements if isinstance(e, cst.Element)]
                if isinstance(value, (cst.List, cst.Tuple))
                else [value]
            )
            found = next(
                (f for p in parts if (f := symbolic_keras_tensor(model, p, scope)) is not None),
                None,
            )
            if found is not None:
                break
        if found is None:
            return
        self.report(
            node,
            f"`{code(node.func)}` runs a `tf.function`, called here on a symbolic Keras "
            "tensor, which it cannot take (Keras 3 and tf-keras); wrap it in a layer "
            "(`TFSMLayer`, a `Lambda`) or call it inside a layer's `call`",
            because=[(why, node.func), ("the value comes from this symbolic input", found)],
        )

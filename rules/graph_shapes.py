"""Shapes in traced code: a None dimension used as a size, an unknown shape from a Python function,
a generator or an image decoder, a runtime shape where a static one is needed.
"""

from __future__ import annotations

from typing import NamedTuple

from tf2lint.analysis import knowledge
from tf2lint.analysis.model import FunctionInfo, ModuleModel, Scope, SiteKind
from tf2lint.analysis.shapes import (
    UnknownDimension,
    shape_list_with_unknown_first,
    shape_owner,
    traced_with_given_shapes,
    unpacked_dimension,
)
from tf2lint.analysis.tensors import (
    computed_tensor,
    reaching_values,
)
from tf2lint.analysis.tfnames import is_keras
from tf2lint.analysis.walk import contains, walk
from tf2lint.base.lazy import cst
from tf2lint.rules.common import code, short
from tf2lint.rules.graph_common import (
    _KERAS_FEEDING_METHODS,
    _flows_into,
    _input_dimension_none,
    _is_none,
    _keras_input_through_layers,
    _literal_int,
    _restores_shapes,
    _returned_parts,
    _sequential_input,
    _TracedRule,
)

_NONE_REFUSING_BUILTINS = frozenset(
    {"builtins.range", "builtins.int", "builtins.float", "builtins.min", "builtins.max"}
)


_ORDERING = ("LessThan", "GreaterThan", "LessThanEqual", "GreaterThanEqual")


_MAX_RANK = 4  # the dimensions of a whole shape looked at (an image batch has four)


_ARITHMETIC = ("Add", "Subtract", "Multiply", "Divide", "FloorDivide", "Modulo", "Power")


def _assigned_parts(model: ModuleModel) -> set[int]:
    """The ids of what the module's assignments read (each value, and what it is made of:
    `x.shape` in `x.shape[:-1]`) and of their tuple targets' elements: a finding at such a
    read spans through to the use (`through`). Asked once a finding is made."""
    seen: set[int] = set()

    def enter(part: cst.CSTNode) -> bool:
        seen.add(id(part))
        return True

    for node in model.nodes_of(cst.Assign):
        walk(node.value, enter)
        for target in node.targets:
            if isinstance(target.target, (cst.Tuple, cst.List)):
                seen.update(id(e.value) for e in target.target.elements)
    return seen


class NoneDimensionUsedAsSize(_TracedRule):
    id = "TF897"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "none-dimension-used-as-size"
    severity = "error"
    message = "a static dimension that may be None is used as a size in traced code"
    # its evidence spells `.shape` (or `get_shape`), or names an op of the knowledge base's
    # static_count_ops (a test checks each is named here)
    requires_text = ("shape", "unstack")
    rationale = """
        `x.shape[i]` is read while tracing: a Python `int` where the traced shape knows that
        size, `None` where it does not. With an `input_signature` that gives the dimension as
        `None` (`tf.TensorSpec([None, 784])`), with `reduce_retracing=True` once a shape has
        changed, and for the batch dimension of a Keras `call` (None when Keras builds the layer
        on a `keras.Input`, or relaxes the shapes of a partial last batch), it is `None`, and
        using it as a size fails while tracing: `tf.reshape(x, [x.shape[0], -1])` raises
        `TypeError: Failed to convert elements of [None, -1] to Tensor`, `tf.zeros([x.shape[0],
        4])` `Expected int32, but got None`, `range(x.shape[0])`, `int(h)`, `h > w` and
        `x.shape[0] * 2` a Python `TypeError`, `tf.random.normal(x.shape)` or
        `np.broadcast_to(a, x.shape)` with the whole shape too, and any TF op handed the whole
        shape as a value (`tf.divide(x.shape, 2)`, `tf.convert_to_tensor(x.shape)`: `ValueError:
        Cannot convert a partially known TensorShape to a Tensor`). Other dimensions known to be
        None while traced: the height and width of a decoded image in a `Dataset.map`
        function (`h, w, c = tf.io.decode_jpeg(data).shape`; which decode ops leave which
        dimensions unknown, and which ops keep their input's shape, such as `tf.cast`, comes
        from the knowledge base, by tracing them), the dimensions a
        `Dataset.from_generator(output_signature=...)` declares None, in a function mapped
        over it, and the batch of a function mapped after `batch(n)` or `padded_batch(n)`
        (no `drop_remainder=True`: the last batch may be smaller, so the spec says None), the batch of `y_true`/`y_pred` in a loss
        or metric that `fit` traces (and of a tensor a shape-keeping op such as `tf.sigmoid`
        makes from it, or of the parameter of a helper the loss hands it to), the batch of
        the `data` that `fit` hands an overridden `train_step` or `test_step` (None in every
        trace under Keras 3) and of what the model makes of it (`y_pred = self(x)`: Keras
        layers keep the batch), and the batch of a layer's input where the module builds
        a model on `keras.Input` or trains with `fit`/`evaluate`/`predict`, and of a `Lambda`
        layer's input there, and any dimension of a layer's input that the `keras.Input` the
        module applies it to gives as None (`keras.Input((None, 8))`: sequences of any
        length), and of the input of a function a `Lambda` made without `output_shape` is
        applied to such an input in one call of a block helper at least (Keras 3 calls the
        function on that symbolic tensor to infer the output's shape: a channel shuffle's
        reshape to a None height fails while the model is built, TF 2.21). The static shape is read as `x.shape`, `x.get_shape()`,
        `.as_list()` of either or `K.int_shape(x)`; given whole from dimension 0 on
        (`shape = x.get_shape().as_list()` ... `tf.reshape(x, shape[:-1] + [c // k, k])`) its
        None goes in too. `tf.unstack(x)` along such a dimension cannot count its pieces
        (`ValueError: Cannot infer argument num`). The finding is where the static size is
        read (`batch = y_pred.shape[0]`), spanning to the use that fails; code that refuses
        the None it reads (`if batch is None: raise ValueError(...)`, `assert batch is not
        None`) fails there. Use the dynamic size,
        `tf.shape(x)[i]` (`keras.ops.shape(x)[i]` in Keras 3 code), or `-1` in a reshape. Which ops need every size of a shape argument, and which
        take a partial shape (`tf.ensure_shape`), comes from the knowledge base, by calling
        them. Forms the model cannot prove for every trace (a Keras batch dimension, relaxed
        shapes) are reported only with `--preview`; a relaxed step called on each batch of
        `ds.batch(n)` (no `drop_remainder`, no `repeat` before it) is proven: the smaller last
        batch is traced again with dimension 0 None.
    """

    def _report_flow(
        self, read: cst.BaseExpression, sink: cst.CSTNode, message: str, **kwargs: object
    ) -> None:
        """Report the static read; the finding spans on to the use that fails when the read
        is an assignment before it (``batch = y.shape[0]`` ... ``tf.reshape(y, [batch, -1])``)."""
        assigned = self.context.memo(_assigned_parts, lambda: _assigned_parts(self.model))
        before = id(read) in assigned and not contains(sink, read)
        self.report(read, message, through=sink if before else None, **kwargs)  # type: ignore[arg-type]

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if self.context.in_traced_code and type(node.operator).__name__ in _ARITHMETIC:
            for side in (node.left, node.right):
                self._check(side, node, "Python arithmetic on it")

    def visit_Comparison(self, node: cst.Comparison) -> None:
        # `h > w` with None raises TypeError (`==` and `is` compare None without error)
        if not self.context.in_traced_code:
            return
        if not all(type(c.operator).__name__ in _ORDERING for c in node.comparisons):
            return
        for side in (node.left, *(c.comparator for c in node.comparisons)):
            self._check(side, node, "a Python comparison of it")

    def visit_If(self, node: cst.If) -> None:
        # `if batch is None: raise ValueError(...)`: the code refuses the None it reads
        if not self.context.in_traced_code or not _raises(node.body):
            return
        test = node.test
        if (
            isinstance(test, cst.Comparison)
            and len(test.comparisons) == 1
            and type(test.comparisons[0].operator).__name__ == "Is"
            and _is_none(test.comparisons[0].comparator)
        ):
            self._check(test.left, node, "the check that raises when it is None")

    def visit_Assert(self, node: cst.Assert) -> None:
        # `assert batch is not None` (or `assert batch`): fails on the None it reads
        if not self.context.in_traced_code:
            return
        test = node.test
        if (
            isinstance(test, cst.Comparison)
            and len(test.comparisons) == 1
            and type(test.comparisons[0].operator).__name__ == "IsNot"
            and _is_none(test.comparisons[0].comparator)
        ):
            test = test.left
        self._check(test, node, "the assertion that it is not None")

    def visit_Call(self, node: cst.Call) -> None:
        fn = self._traced_function()
        if fn is None or not node.args:
            return
        name = self.model.call_name(node)
        if name in _NONE_REFUSING_BUILTINS:  # range(None), int(None), min(None, 3) raise
            for arg in node.args:
                self._check(arg.value, node, f"`{name[len('builtins.') :]}()`")
            return
        counted = knowledge.static_count_parameters(name)
        if counted is not None:
            self._check_count(node, counted)
            return
        parameter = knowledge.shape_parameter(name)
        if (
            name is not None
            and name.startswith("tensorflow.")
            and knowledge.returns(name) == "tensor"
        ):
            self._check_converted_shapes(node, parameter)
        if parameter is None or parameter.accepts_none is not False:
            return
        for index, arg in enumerate(node.args):
            if arg.star:
                return
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword != parameter.name and (keyword is not None or index != parameter.position):
                continue
            value = arg.value
            elements = (
                [e.value for e in value.elements]
                if isinstance(value, (cst.List, cst.Tuple))
                else [value]
            )
            for element in elements:
                self._check(element, node, f"the shape given to `{code(node.func)}`")
            whole = len(elements) == 1 and elements[0] is value  # `tf.random.normal(x.shape)`
            if whole and not self._check_whole_shape(value, node, f"`{code(node.func)}`"):
                self._check_shape_list(value, node)

    def _check_converted_shapes(self, node: cst.Call, parameter: object) -> None:
        """``tf.divide(image.shape, 2)``: a TF op converts what it is handed to a tensor, and a
        static shape with a None dimension cannot be (``ValueError: Cannot convert a partially
        known TensorShape to a Tensor``); its shape parameter is checked on its own."""
        for index, arg in enumerate(node.args):
            if arg.star:
                return
            keyword = arg.keyword.value if arg.keyword is not None else None
            if parameter is not None and (
                keyword == parameter.name or (keyword is None and index == parameter.position)
            ):
                continue
            self._check_whole_shape(
                arg.value, node, f"`{code(node.func)}` (which converts it to a tensor)"
            )

    def _check_count(self, node: cst.Call, positions: dict[str, int]) -> None:
        """``tf.unstack(x)`` (axis 0, no ``num``) where dimension 0 of ``x`` may be None: the
        op cannot tell how many tensors to give (``ValueError: Cannot infer argument `num```)."""
        given: dict[str, cst.BaseExpression] = {}
        for index, arg in enumerate(node.args):
            if arg.star:
                return
            keyword = arg.keyword.value if arg.keyword is not None else None
            for parameter, position in (("value", 0), *positions.items()):
                if keyword == parameter or (keyword is None and index == position):
                    given[parameter] = arg.value
        value, axis = given.get("value"), given.get("axis")
        if value is None or "num" in given:
            return
        index = 0 if axis is None else _literal_int(axis)
        if index is None or index < 0:
            return
        dimension = cst.Subscript(
            value=cst.Attribute(value=value, attr=cst.Name("shape")),
            slice=[cst.SubscriptElement(cst.Index(cst.Integer(str(index))))],
        )
        self._check(
            dimension,
            node,
            f"`{code(node.func)}` (which counts the tensors it gives by it)",
            shown=node,
            subject=f"{code(value)}.shape[{index}]",
            advice="split along a known axis, or map over the batch with `tf.map_fn`",
        )

    def _check_shape_list(self, value: cst.BaseExpression, sink: cst.Call) -> None:
        """``tf.reshape(x, target)`` with ``target = shape[:-1] + [c // k, k]`` and ``shape =
        x.get_shape().as_list()``: the static shape's dimension 0 goes in whole."""
        fn = self._traced_function()
        found = shape_list_with_unknown_first(self.model, value, self.context.scope)
        if fn is None or found is None:
            return
        reported = self.__dict__.setdefault("_reported_reads", set())
        if id(found.read) in reported:
            return
        reported.add(id(found.read))
        dimension = found.dimension
        how = f"the shape given to `{code(sink.func)}`"
        self._report_flow(
            found.read,
            sink,
            f"`{code(found.read)}` holds dimension 0, which may be None in traced "
            f"`{fn.qualname}`, and {how} then fails while tracing; use the dynamic size "
            "(`tf.shape(...)[0]`) or -1",
            because=[
                (dimension.why, dimension.where),
                (f"the static shape, from dimension 0, is used as a size here ({how})", sink),
            ],
            gap=None
            if dimension.certain
            else "the dimension is None only in some traces: " + dimension.why,
        )

    def _check_whole_shape(self, expr: cst.BaseExpression, sink: cst.CSTNode, how: str) -> bool:
        """``x.shape`` (or ``x.get_shape()``) given whole as a shape: each dimension is used.
        Whether ``expr`` is such a shape."""
        shape = expr
        if isinstance(shape, cst.Call) and not shape.args:
            shape = shape.func
            if not (isinstance(shape, cst.Attribute) and shape.attr.value == "get_shape"):
                return False
        elif not (isinstance(shape, cst.Attribute) and shape.attr.value == "shape"):
            return False
        for index in range(_MAX_RANK):
            dimension = cst.Subscript(
                value=expr, slice=[cst.SubscriptElement(cst.Index(cst.Integer(str(index))))]
            )
            fn = self._traced_function()
            if self.model.unknown_dimension(dimension, self.context.scope) is not None or (
                fn is not None and _input_dimension(self.model, dimension, fn) is not None
            ):
                self._check(dimension, sink, f"the shape given whole to {how}", shown=expr)
                break
        return True

    def _read_of(self, expr: cst.BaseExpression) -> cst.BaseExpression:
        """Where the static dimension that the local ``expr`` holds is read (``y.shape[0]`` of
        ``batch = y.shape[0]``, ``b`` of ``b, h = y.shape``): one place to fix for every use;
        ``expr`` itself when it is no such local."""
        for _ in range(4):
            if not isinstance(expr, cst.Name):
                return expr
            binding = self.model.binding_of(expr, self.context.scope)
            if len(binding.sites) != 1 or binding.scope is not self.context.function:
                return expr
            site = binding.sites[0]
            if site.kind == SiteKind.UNPACK and isinstance(site.node, cst.Name):
                return site.node
            if site.kind != SiteKind.ASSIGN or site.value is None:
                return expr
            if not isinstance(site.value, (cst.Name, cst.Subscript, cst.Call)):
                return expr
            expr = site.value
        return expr

    def _check(
        self,
        expr: cst.BaseExpression,
        sink: cst.CSTNode,
        how: str,
        shown: cst.BaseExpression | None = None,
        subject: str | None = None,
        advice: str = "use the dynamic size (`tf.shape(...)[i]`)",
    ) -> None:
        if not isinstance(expr, (cst.Subscript, cst.Name)):
            return
        fn = self._traced_function()
        if fn is None:
            return
        dimension = self.model.unknown_dimension(expr, self.context.scope) or _input_dimension(
            self.model, expr, fn
        )
        if dimension is None:
            return
        if shown is not None:  # a node made for the question: report the shape it reads
            expr = shown
        read = self._read_of(expr)
        if read is not expr:  # `batch = y.shape[0]` ... `[batch, -1]`: the read is what to fix
            reported = self.__dict__.setdefault("_reported_reads", set())
            if id(read) in reported:
                return
            reported.add(id(read))
        self._report_flow(
            read,
            sink,
            f"`{subject or code(read)}` may be None in traced `{fn.qualname}`, and {how} then "
            f"fails while tracing; {advice}",
            because=[
                (dimension.why, dimension.where),
                (f"it is used as a size here ({how})", sink),
            ],
            gap=None
            if dimension.certain
            else "the dimension is None only in some traces: " + dimension.why,
        )


def _input_dimension(
    model: ModuleModel, expr: cst.BaseExpression, fn: FunctionInfo, depth: int = 0
) -> UnknownDimension | None:
    """``x.shape[i]`` (i >= 1, or a local bound once to it) of a layer's input, where the
    module applies the layer to ``keras.Input(...)``, or to what layers that keep unknown
    sizes (``Conv2D``, the knowledge base's) make of it, and that input's shape gives
    dimension i as None (``keras.Input((None, 8))``, a sequence of any length;
    ``keras.Input((None, None, 3))``, an image of any size): Keras builds the layer on it, and
    traces its ``call``, with that dimension None. ``x`` may also be what such a layer of
    ``self`` makes of the input inside ``call``, or the parameter of a helper ``call`` hands
    it to."""
    if depth > 2:
        return None
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr, fn)
        if binding.scope is not fn:
            return None
        unpacked = unpacked_dimension(model, binding)
        if unpacked is not None:  # `_, h, w, c = x.shape`
            return _input_dimension(model, unpacked, fn, depth + 1)
        values = binding.known_values
        if not values or len(values) != 1:
            return None
        return _input_dimension(model, values[0], fn, depth + 1)
    if not (
        isinstance(expr, cst.Subscript)
        and len(expr.slice) == 1
        and isinstance(expr.slice[0].slice, cst.Index)
    ):
        return None
    tensor = shape_owner(expr.value, model)  # `x.shape`, `x.get_shape().as_list()`, int_shape
    index = _literal_int(expr.slice[0].slice.value)
    if not isinstance(tensor, cst.Name) or index is None or index < 1:
        return None  # dimension 0 is the batch: the model's own facts say when it is None
    return _layer_input_dimension(model, tensor, index, fn, 0)


def _layer_input_dimension(
    model: ModuleModel, tensor: cst.Name, index: int, fn: FunctionInfo, depth: int
) -> UnknownDimension | None:
    """Whether dimension ``index`` (>= 1) of ``tensor``, read in ``fn``, is None because of the
    ``keras.Input`` the module builds the layer on (see ``_input_dimension``)."""
    if depth > 4:
        return None
    reason = fn.traced_by
    if reason is not None and reason.kind == "called" and tensor.value in fn.params:
        passed = model.arguments(fn, tensor.value)  # `channel_shuffle(x, 2)` in `call`
        found = None
        for value, caller in passed:
            if not isinstance(caller, FunctionInfo):
                return None
            if not isinstance(value, cst.Name):
                value = _kept_by_own_layer(model, value, caller)  # `shuffle(self.conv(x))`
            if value is None:
                return None
            found = _layer_input_dimension(model, value, index, caller, depth + 1)
            if found is None:
                return None
        return found
    inner = _kept_by_own_layer(model, tensor, fn)
    if inner is not None:  # `x = self.conv(inputs)`: a layer that keeps unknown sizes
        return _layer_input_dimension(model, inner, index, fn, depth + 1)
    caller = _sequential_input(model, tensor, fn)
    applied = _lambda_applied(model, fn, tensor) if caller is None else None
    if caller is not None and not is_keras(model.call_name(caller), "Sequential") and caller.args:
        given = _keras_input_through_layers(model, caller.args[0].value)
    elif applied is not None:  # `Lambda(channel_shuffle)(x)`: Keras calls it on that tensor
        given = applied
    elif caller is None and fn.cls is not None and fn.params[1:2] == [tensor.value]:
        given = _class_applied_to_input(model, fn, tensor)  # `Shuffle(4)(x)` in a block helper
    else:
        return None
    if given is None:
        return None
    if not _input_dimension_none(model, given, index):
        return None
    return UnknownDimension(
        f"the module applies this layer to `{code(given)}` (or what layers that keep its "
        f"sizes make of it), whose dimension {index} is None: Keras builds the layer on it, "
        "tracing its `call` with that dimension None",
        given,
        True,
    )


def _lambda_applied(model: ModuleModel, fn: FunctionInfo, tensor: cst.Name) -> cst.Call | None:
    """The ``keras.Input(...)`` under an application of a ``Lambda(fn)`` layer made with no
    ``output_shape`` (``Lambda(channel_shuffle)(Conv2D(32, 1)(x))``, in a block helper called
    with the input), when ``tensor`` is ``fn``'s first parameter, not rebound before it: Keras 3
    calls ``fn`` on that symbolic tensor to infer the output's shape when the layer is applied,
    each application on its own (TF 2.21: a reshape to a None height fails there). With
    ``output_shape`` given it is called only on data, where a dimension is None only in some
    traces."""
    if not fn.params or tensor.value != fn.params[0]:
        return None
    binding = model.binding_of(tensor, fn)
    at = model.event_index().get(id(tensor))
    if binding.scope is not fn or (
        not binding.param_only
        and (
            at is None
            or any(
                site.kind != SiteKind.PARAM and (site.order < at or site.loop is not None)
                for site in binding.sites
            )
        )
    ):
        return None  # rebound before the read: no longer what Keras passes
    for call, _, _, scope in model._calls:
        layer = call.func
        if isinstance(layer, cst.Name):
            values = model.binding_of(layer, scope).known_values or []
            layer = values[0] if len(values) == 1 else None
        if not (
            isinstance(layer, cst.Call)
            and layer.args
            and is_keras(model.call_name(layer), "layers.Lambda")
            and model.function_referenced(layer.args[0].value, scope) is fn
        ):
            continue
        if any(a.keyword is not None and a.keyword.value == "output_shape" for a in layer.args):
            return None
        positional = [a for a in call.args if a.keyword is None]
        if len(positional) != 1 or positional[0].star:
            continue
        given = _keras_input_through_layers(model, positional[0].value, any_caller=True)
        if given is not None:
            return given
    return None


def _class_applied_to_input(
    model: ModuleModel, fn: FunctionInfo, read: cst.Name
) -> cst.Call | None:
    """For a layer's ``call`` whose input ``read`` reads: the ``keras.Input(...)`` that every
    call of the layer class in the module is applied to, directly or through layers that keep
    unknown sizes (one positional argument each); None when a call is given anything else, or
    when ``read`` may see the input rebound (a binding before it, or in a loop around it)."""
    binding = model.binding_of(cst.Name(fn.params[1]), fn)
    if binding.scope is not fn:
        return None
    at = model.event_index().get(id(read))
    if not binding.param_only and (
        at is None
        or any(
            site.kind != SiteKind.PARAM and (site.order < at or site.loop is not None)
            for site in binding.sites
        )
    ):
        return None  # rebound before the read (or in a loop): no longer what Keras passes
    found = None
    for call, _, _, scope in model._calls:
        func = call.func
        if isinstance(func, cst.Call) and isinstance(func.func, cst.Name):
            sites = model.binding_of(func.func, None).sites
            if not sites or any(site.kind != SiteKind.CLASS for site in sites):
                continue
            if model.classes.get(sites[-1].node) is not fn.cls:
                continue
        elif isinstance(func, (cst.Name, cst.Attribute)):
            if model.instance_of(func, scope) is not fn.cls:
                continue
        else:
            continue
        positional = [a for a in call.args if a.keyword is None]
        if len(positional) != 1 or positional[0].star:
            return None
        given = _keras_input_through_layers(model, positional[0].value)
        if given is None or (found is not None and given is not found):
            return None  # not an input, or inputs of several shapes
        found = given
    return found


def _kept_by_own_layer(
    model: ModuleModel, tensor: cst.BaseExpression, fn: FunctionInfo
) -> cst.Name | None:
    """For ``self.conv(inputs)``, or ``x`` bound once in ``fn`` to it, where ``self.conv`` is
    only ever a Keras layer that keeps unknown sizes (the knowledge base's): the Name
    ``inputs``."""
    value = tensor
    if isinstance(tensor, cst.Name):
        binding = model.binding_of(tensor, fn)
        values = binding.known_values
        if binding.scope is not fn or not values or len(values) != 1:
            return None
        value = values[0]
    if not (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and isinstance(value.func.value, cst.Name)
        and value.func.value.value == "self"
        and len(value.args) == 1
        and value.args[0].keyword is None
        and isinstance(value.args[0].value, cst.Name)
    ):
        return None
    layers = model.bound_values(value.func, fn)
    if not layers or not all(
        isinstance(v, cst.Call) and knowledge.keeps_unknown_sizes(model.call_name(v))
        for v in layers
    ):
        return None
    return value.args[0].value


def _raises(block: cst.BaseSuite) -> bool:
    """Whether a block's own statements include a ``raise``."""
    body = block.body if isinstance(block, cst.IndentedBlock) else [block]
    for statement in body:
        if isinstance(statement, (cst.SimpleStatementLine, cst.SimpleStatementSuite)) and any(
            isinstance(small, cst.Raise) for small in statement.body
        ):
            return True
    return False


def _python_function_call(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> cst.Call | None:
    """The ``tf.py_function`` / ``tf.numpy_function`` call (an op the knowledge base saw give a
    result of unknown rank while traced) whose result ``expr`` is: the call, or a local every
    binding of which is one (``image = tf.numpy_function(...)``, ``a, b = tf.py_function(...)``)."""
    if isinstance(expr, cst.Call):
        return expr if knowledge.python_function_op(model.call_name(expr)) else None
    if isinstance(expr, cst.Name) and scope is not None:
        binding = model.binding_of(expr, scope)
        if binding.scope is not scope:
            return None
        values = binding.known_values
        if not values:
            return None
        found = [_python_function_call(model, v, scope) for v in values if isinstance(v, cst.Call)]
        return found[0] if len(found) == len(values) and all(found) else None
    return None


def _shape_restored(model: ModuleModel, fn: FunctionInfo, name: str) -> bool:
    """Whether ``fn``'s body calls ``<name>.set_shape(...)`` (restoring a static shape in place)."""
    for call in model.calls_made_by(fn):
        func = call.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "set_shape"
            and isinstance(func.value, cst.Name)
            and func.value.value == name
        ):
            return True
    return False


def dataset_feeds_keras_model(model: ModuleModel, fn: FunctionInfo) -> cst.Call | None:
    """The ``model.fit(...)`` (``evaluate``, ``predict``) call that is given a dataset mapped
    with ``fn``: Keras traces the model on that dataset's element spec. None when the module
    shows none (a dataset iterated in Python gives eager tensors, whose shapes are known)."""
    mapped = _mapped_with(model, fn)
    if not mapped:
        return None
    for call in model.nodes_of(cst.Call):
        func = call.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in _KERAS_FEEDING_METHODS:
            continue
        for arg in call.args:
            if any(_flows_into(model, source, arg.value) for source in mapped):
                return call
    return None


def _mapped_with(model: ModuleModel, fn: FunctionInfo) -> list[cst.Call]:
    """The ``ds.map(fn)`` (``flat_map``) calls of the module that map a dataset with ``fn``."""
    mapped = []
    for call in model.nodes_of(cst.Call):
        func = call.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in ("map", "flat_map"):
            continue
        for arg in call.args:
            value = arg.value
            if (isinstance(value, cst.Lambda) and model.function_of.get(value) is fn) or (
                isinstance(value, cst.Name) and model.function_target(value, None) is fn
            ):
                mapped.append(call)
    return mapped


def padded_without_shapes(model: ModuleModel, fn: FunctionInfo) -> cst.Call | None:
    """The ``ds.padded_batch(n)`` call, with no ``padded_shapes``, of a dataset mapped with
    ``fn``: tf.data pads each component to the longest of the batch from its static shape,
    and refuses a component of unknown rank (``ValueError: You must provide `padded_shapes`
    argument because component 0 has unknown rank``, TF 2.21)."""
    mapped = _mapped_with(model, fn)
    if not mapped:
        return None
    for call in model.nodes_of(cst.Call):
        func = call.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "padded_batch":
            continue
        if _restores_shapes(call):
            continue
        if any(_flows_into(model, source, func.value) for source in mapped):
            return call
    return None


# The tracing whose output later code builds on: a Keras layer's `call` (the next layer is built
# from its output's shape) and a dataset function (the model fed by the dataset is).
_SHAPE_CONSUMING_TRACES = ("keras", "dataset", "lambda_layer")


class UnknownShapeFromPythonFunction(_TracedRule):
    id = "TF890"
    requires_traced_code = True
    name = "unknown-shape-from-python-function"
    severity = "error"
    message = "a Python-function op's result, of unknown rank while traced, is handed on as output"
    rationale = """
        `tf.py_function` and `tf.numpy_function` run Python that TensorFlow cannot look into,
        so while tracing their result has unknown rank (`TensorShape(None)`), whatever the
        Python returns (the knowledge base traces each such op to see it). Returned from a
        Keras layer's `call`, it leaves the next layer nothing to build from (`Dense` needs a
        known last dimension: `ValueError` while the model is built); returned from a dataset
        map function, every element has unknown rank, which batching keeps and the model fed by
        the dataset cannot build on. Restore the static shape: `out.set_shape([None, 64])` (or
        `tf.ensure_shape`, `tf.reshape`) before returning it. Reported when the function is a
        Keras layer's `call`, a Lambda layer's function, or a dataset function whose dataset the
        module gives to a Keras model's `fit`/`evaluate`/`predict` (a dataset iterated in Python
        gives eager tensors, whose shapes are known; a `padded_batch` that names its padded
        shapes gives each component its rank again) or batches with `padded_batch(n)` and no
        padded shapes (which pads each component by its static shape: `ValueError: You must
        provide padded_shapes argument because component 0 has unknown rank`), and it returns
        the op's result (directly or through a local) with no `set_shape` on it.
    """

    def visit_Return(self, node: cst.Return) -> None:
        fn = self._traced_function()
        if fn is None or node.value is None or fn.traced_by is None:
            return
        if fn.traced_by.kind not in _SHAPE_CONSUMING_TRACES:
            return
        if fn.traced_by.kind == "keras" and fn.name != "call":
            return
        self._check_returned(node.value, fn)

    def visit_Lambda(self, node: cst.Lambda) -> None:
        fn = self.model.function_of.get(node)
        if fn is None or fn.traced_by is None or fn.traced_by.kind not in _SHAPE_CONSUMING_TRACES:
            return
        self._check_returned(node.body, fn)

    def _check_returned(self, value: cst.BaseExpression, fn: FunctionInfo) -> None:
        fed = None
        consumer = "Keras traces `{}` on the dataset's element spec"
        if fn.traced_by is not None and fn.traced_by.kind == "dataset":
            fed = dataset_feeds_keras_model(self.model, fn)
            if fed is None:
                fed = padded_without_shapes(self.model, fn)
                consumer = "`{}` pads each component by its static shape, and needs its rank"
            if fed is None:
                return  # iterated in Python, its elements are eager tensors of known shapes
        for part in _returned_parts(value):
            call = _python_function_call(self.model, part, fn)
            if call is None:
                continue
            if isinstance(part, cst.Name) and _shape_restored(self.model, fn, part.value):
                continue
            op = code(call.func)
            self.report(
                call,
                f"`{op}` in traced `{fn.qualname}` gives a result of unknown rank, which is "
                "returned as is; restore its static shape with `set_shape` before returning it",
                because=[
                    (
                        f"`{op}` runs Python that tracing cannot see: its result has unknown rank",
                        call,
                    ),
                    ("returned here", part),
                    *([(consumer.format(code(fed.func)), fed)] if fed is not None else []),
                ],
                traced_in=fn,
            )


class RuntimeShapeUsedAsStaticShape(_TracedRule):
    id = "TF889"
    requires_traced_code = True
    call_names = frozenset({"set_shape"})
    calls_in_traced_code = True
    name = "runtime-shape-used-as-static-shape"
    severity = "error"
    message = (
        "`set_shape` given a shape tensor in traced code: it needs a shape known while tracing"
    )
    rationale = """
        `t.set_shape(shape)` sets the static shape, which exists only while tracing: it takes a
        Python shape (a list of ints and None, a `TensorShape`). A shape tensor such as
        `tf.shape(x)` has its values only when the graph runs, so tracing fails with
        `TypeError: Dimension value must be integer or None ... got value <tf.Tensor 'Shape:0'>`.
        Pass the static shape (`x.shape`, `[None, None, 3]`), or check a runtime shape with
        `tf.ensure_shape`/`tf.reshape`, which take tensors. Evidence required: the argument is
        computed by a TF op.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "set_shape"):
            return
        if len(node.args) != 1 or node.args[0].keyword is not None:
            return
        fn = self._traced_function()
        if fn is None:
            return
        scope = self.context.scope
        shape = node.args[0].value
        if computed_tensor(self.model, shape, scope, api_only=True) and self.model.is_tensor(
            func.value, scope
        ):
            self.report(
                node,
                f"`set_shape` in traced `{fn.qualname}` is given a shape tensor, which has no "
                "value while tracing; pass a static shape (`x.shape`, a list of ints)",
                because=[("this shape is a tensor computed when the graph runs", shape)],
            )


class DecodedImageOfUnknownRank(_TracedRule):
    id = "TF871"
    requires_traced_code = True
    name = "decoded-image-of-unknown-rank"
    severity = "error"
    message = "a decoded image of unknown rank is given to an op that needs a known rank"
    requires_text = ("decode",)
    rationale = """
        `tf.io.decode_image` decodes a PNG, JPEG or BMP into one image but an animated GIF
        into a stack of frames, so with its default `expand_animations=True` the rank of what
        it gives depends on the data: traced (a `Dataset.map` function, a `tf.function`), its
        result has no known rank (`TensorShape(None)`). Ops that need the rank refuse it while
        tracing: `tf.image.resize` raises `ValueError: 'images' contains no shape`,
        `tf.image.central_crop` and `tf.image.total_variation` refuse it too. Called eagerly
        on one file it works, since the eager tensor has a shape. Which decoders give no rank
        by default, and the option that gives one, and which ops refuse an input of unknown
        rank (traced on a `[None, None, 3]` image they work, on `TensorSpec(None)` they
        raise), come from the knowledge base, by tracing them. Pass
        `expand_animations=False` (one image, rank 3), use `tf.io.decode_jpeg` or
        `tf.io.decode_png`, or restore the shape (`image.set_shape([None, None, 3])`,
        `tf.ensure_shape`) before the op. Reported where the decoded tensor (through ops that
        keep its shape, such as `tf.cast` or `tf.image.convert_image_dtype`, and locals) reaches
        such an op in the same traced function, with no `set_shape` on it there.
    """

    def visit_Call(self, node: cst.Call) -> None:
        fn = self._traced_function()
        if fn is None or not node.args or node.args[0].keyword is not None:
            return
        name = self.model.call_name(node)
        if not knowledge.needs_rank(name):
            return
        decoder = _unranked_decoder(self.model, node.args[0].value, self.context.scope, fn)
        if decoder is None:
            return
        options = sorted(knowledge.unknown_rank_decoder(self.model.call_name(decoder)) or ())
        hint = f"pass `{options[0]}=False`" if options else "restore its shape"
        self.report(
            node,
            f"`{code(decoder.func)}` gives a tensor of unknown rank in traced `{fn.qualname}`, "
            f"and `{code(node.func)}` needs a known rank, so tracing fails (eagerly it works); "
            f"{hint} to `{code(decoder.func)}`, or decode with `tf.io.decode_jpeg`/`decode_png`",
            because=[
                (
                    f"`{code(decoder.func)}(...)` with its default options gives a tensor of "
                    "unknown rank while traced (an image or a stack of frames)",
                    decoder,
                ),
                (f"`{code(node.func)}` refuses an input of unknown rank while traced", node),
            ],
            traced_in=fn,
        )


def _unranked_decoder(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope, fn: FunctionInfo, depth: int = 0
) -> cst.Call | None:
    """The decode op call (``tf.io.decode_image(data)``, none of the options that give a rank
    passed) whose result ``expr`` is: the call, an op that keeps its first argument's shape
    applied to one, a function of the module every return value of which is one, or a local
    bound only to such values and never given a shape (``x.set_shape(...)``)."""
    if depth > 6:
        return None
    deeper = depth + 1
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr, scope)
        if binding.scope is not scope.function or _shape_set(fn, expr.value):
            return None
        values = reaching_values(model, expr, binding)
        if not values:
            return None
        found = [_unranked_decoder(model, v, scope, fn, deeper) for v in values]
        return found[0] if all(found) else None
    if not isinstance(expr, cst.Call):
        return None
    name = model.call_name(expr)
    if name is not None:
        options = knowledge.unknown_rank_decoder(name)
        if options is not None:
            keywords = {a.keyword.value for a in expr.args if a.keyword is not None}
            positional = [a for a in expr.args if a.keyword is None]
            if keywords & options or any(a.star for a in expr.args) or len(positional) > 3:
                return None  # the option given (or maybe given): it may give a rank
            return expr
        if knowledge.keeps_shape(name) and expr.args and expr.args[0].keyword is None:
            return _unranked_decoder(model, expr.args[0].value, scope, fn, deeper)
        return None
    callee = model.callee(expr, scope)
    if callee is None:
        return None
    returned = model.return_values(callee)
    found = [_unranked_decoder(model, v, callee, callee, deeper) for v in returned]
    return found[0] if found and all(found) else None


def _shape_set(fn: FunctionInfo, name: str) -> bool:
    """Whether ``fn`` calls ``name.set_shape(...)`` anywhere (the rank is then restored)."""
    found = False

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        if (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "set_shape"
            and isinstance(node.func.value, cst.Name)
            and node.func.value.value == name
        ):
            found = True
        return not found

    walk(fn.node, enter)
    return found


# the ops that measure a tensor's shape as a tensor: its rank, its number of elements, its shape
_RANK_OPS = frozenset({"tensorflow.rank", "tensorflow.compat.v1.rank"})


_SIZE_OPS = frozenset({"tensorflow.size", "tensorflow.compat.v1.size"})


_SHAPE_OPS = frozenset({"tensorflow.shape", "tensorflow.compat.v1.shape"})


class _Measure(NamedTuple):
    """What a tensor condition measures: ``kind`` "rank" (how many dimensions ``measured``
    has) or "size" (how many elements, or how long a dimension), and the measuring call."""

    kind: str
    measured: cst.BaseExpression
    call: cst.Call


class TensorConditionGuardsStaticIndexing(_TracedRule):
    id = "TF879"
    requires_traced_code = True
    name = "tensor-condition-guards-static-indexing"
    severity = "error"
    message = (
        "a tensor condition on a shape fact guards code valid only for some shapes: AutoGraph "
        "traces both branches and the guarded one fails while tracing"
    )
    rationale = """
        In AutoGraph-converted code (a `tf.function` and what it calls, a `Dataset.map`
        function) an `if` whose test is a tensor becomes `tf.cond`, which traces both
        branches whatever the value will be. `tf.rank(x)`, `tf.size(x)` and `tf.shape(x)[0]`
        are tensors, so `if tf.rank(g) == 2: tf.reduce_sum(g, axis=1)` builds the reduction for
        a rank-1 `g` too, and `if tf.size(x) > 1: x[1]` builds `x[1]` for a one-element `x`:
        shape inference refuses it and tracing fails (TF 2.21: `ValueError: Invalid reduction
        dimension 1 for input with 1 dimensions`, `slice index 1 of dimension 0 out of
        bounds`, and for `if tf.size(tf.shape(x)) > 0: tf.shape(x)[0]` on a scalar the same)
        although the branch would never run. Test the static shape, which Python decides
        while tracing and which traces only the branch taken: `x.shape.rank == 2`
        (`len(x.shape)`), `x.shape[0] > 1`, `x.shape.num_elements()`. Evidence required: the
        test compares `tf.rank(x)`, `tf.size(x)` or `tf.shape(x)[i]` (or a local bound to
        one), and a branch (with the statements after an `if` that ends in `return`, which
        AutoGraph makes its `else`) uses `x` in a way only some shapes allow: a constant index
        into `x` or its shape, a constant `axis` past 0, or a transpose's permutation of two
        or more axes (`Dimension must be 1 but is 2`); for a size, `x`'s shape must be static
        while tracing (a parameter of a `tf.function` without `input_signature` or
        `reduce_retracing`, or the shape of a tensor: its size is the rank), since a size only
        known at run time makes the tensor test the right one.
    """
    requires_text = ("rank", "size", "shape")

    def __init__(self, context) -> None:
        super().__init__(context)
        # an `if` that ends in `return` with no `else`: the statements after it, which
        # AutoGraph makes its `else` branch
        self._rest: dict[int, list[cst.CSTNode]] = {}

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        if self._traced_function() is None:
            return
        statements = list(node.body)
        for i, statement in enumerate(statements):
            if (
                isinstance(statement, cst.If)
                and statement.orelse is None
                and _ends_in_return(statement.body)
            ):
                self._rest[id(statement)] = statements[i + 1 :]

    def visit_If(self, node: cst.If) -> None:
        branches: list[cst.CSTNode] = [node.body]
        if node.orelse is not None:
            branches.append(node.orelse)
        branches += self._rest.pop(id(node), [])
        self._check(node.test, branches)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._check(node.test, [node.body, node.orelse])

    def _check(self, test: cst.BaseExpression, branches: list[cst.CSTNode]) -> None:
        fn = self._traced_function()
        if fn is None or not fn.autograph:
            return
        scope = self.context.scope
        for measure in _measures(self.model, test, scope):
            if measure.kind == "size" and not _static_size(self.model, measure.measured, scope):
                continue
            use = _shape_specific_use(measure, branches)
            if use is None:
                continue
            fact = "rank" if measure.kind == "rank" else "size"
            owner = _shape_owner(self.model, measure.measured) or _bound_shape_owner(
                self.model, measure.measured, scope
            )
            if measure.kind == "rank":
                static = f"`{code(measure.measured)}.shape.rank`"
            elif owner is not None:  # the size of a shape is the rank of its tensor
                static = f"`{code(owner)}.shape.rank`"
            else:
                static = f"`{code(measure.measured)}.shape`"
            self.report(
                test,
                f"AutoGraph makes this test of a tensor (`{code(measure.call)}`) in traced "
                f"`{fn.qualname}` a `tf.cond` and traces both branches, so `{short(use)}` is "
                f"built for every {fact} and fails while tracing where it does not fit; test "
                f"the static shape ({static}) instead",
                because=[
                    (f"`{code(measure.call)}` is a tensor, not a Python number", measure.call),
                    (f"`{short(use)}` is valid only for some shapes", use),
                ],
            )
            return


def _permutation(arg: cst.Arg, position: int, call: cst.Call) -> bool:
    """A permutation of two or more axes given to a transpose: valid for one rank only."""
    func = call.func
    name = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", "")
    by_keyword = arg.keyword is not None and arg.keyword.value == "perm"
    by_position = arg.keyword is None and position == 1 and name.endswith("transpose")
    return (
        (by_keyword or by_position)
        and isinstance(arg.value, (cst.List, cst.Tuple))
        and len(arg.value.elements) >= 2
        and all(isinstance(e.value, cst.Integer) for e in arg.value.elements)
    )


def _ends_in_return(body: cst.BaseSuite) -> bool:
    statements = body.body if isinstance(body, cst.IndentedBlock) else [body]
    last = statements[-1] if statements else None
    if isinstance(last, cst.SimpleStatementLine):
        return isinstance(last.body[-1], cst.Return)
    return isinstance(last, cst.SimpleStatementSuite) and isinstance(last.body[-1], cst.Return)


def _measures(
    model: ModuleModel, test: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> list[_Measure]:
    """The shape facts a condition tests as tensors: through ``and``/``or``/``not``, the sides
    of a comparison, arithmetic, and a local bound once to one."""
    if depth > 4 or scope is None:
        return []
    if isinstance(test, cst.BooleanOperation):
        return _measures(model, test.left, scope, depth + 1) + _measures(
            model, test.right, scope, depth + 1
        )
    if isinstance(test, cst.UnaryOperation):
        return _measures(model, test.expression, scope, depth + 1)
    if isinstance(test, cst.BinaryOperation):
        return _measures(model, test.left, scope, depth + 1) + _measures(
            model, test.right, scope, depth + 1
        )
    if isinstance(test, cst.Comparison):
        if any(
            isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in test.comparisons
        ):
            return []
        found = []
        for side in (test.left, *(c.comparator for c in test.comparisons)):
            found += _measures(model, side, scope, depth + 1)
        return found
    if isinstance(test, cst.Name):
        binding = model.binding_of(test, scope)
        values = binding.known_values or []
        if binding.scope is not scope.function or len(values) != 1:
            return []
        return _measures(model, values[0], scope, depth + 1)
    measure = _measure(model, test)
    if measure is None:
        return []
    shaped = _shape_owner(model, measure.measured) if measure.kind == "size" else None
    if shaped is not None:  # the size of a shape is a rank
        return [measure, _Measure("rank", shaped, measure.call)]
    return [measure]


def _measure(model: ModuleModel, expr: cst.BaseExpression) -> _Measure | None:
    """``tf.rank(x)``, ``tf.size(x)`` (the rank where ``x`` is a shape), ``tf.shape(x)[i]``."""
    if isinstance(expr, cst.Subscript) and isinstance(expr.value, cst.Call):
        call = expr.value
        if model.call_name(call) in _SHAPE_OPS and _first_argument(call) is not None:
            return _Measure("size", _first_argument(call), call)
        return None
    if not isinstance(expr, cst.Call):
        return None
    name = model.call_name(expr)
    measured = _first_argument(expr)
    if measured is None:
        return None
    if name in _RANK_OPS:
        return _Measure("rank", measured, expr)
    if name in _SIZE_OPS:
        return _Measure("size", measured, expr)
    return None


def _first_argument(call: cst.Call) -> cst.BaseExpression | None:
    if call.args and call.args[0].keyword is None and not call.args[0].star:
        return call.args[0].value
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "input":
            return arg.value
    return None


def _shape_of(model: ModuleModel, expr: cst.BaseExpression) -> bool:
    """``x.shape``, ``x.get_shape()`` or ``tf.shape(x)``: a shape, whose size is a rank."""
    return _shape_owner(model, expr) is not None


def _shape_owner(model: ModuleModel, expr: cst.BaseExpression) -> cst.BaseExpression | None:
    """``x`` of ``x.shape``, ``x.get_shape()`` or ``tf.shape(x)``."""
    if isinstance(expr, cst.Attribute):
        return expr.value if expr.attr.value == "shape" else None
    if isinstance(expr, cst.Call):
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "get_shape":
            return expr.func.value
        if model.call_name(expr) in _SHAPE_OPS:
            return _first_argument(expr)
    return None


def _bound_shape_owner(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> cst.BaseExpression | None:
    """``x`` where ``expr`` is a local bound once to ``tf.shape(x)`` (or ``x.shape``)."""
    if not isinstance(expr, cst.Name) or scope is None:
        return None
    values = model.binding_of(expr, scope).known_values or []
    return _shape_owner(model, values[0]) if len(values) == 1 else None


def _static_size(model: ModuleModel, measured: cst.BaseExpression, scope: Scope | None) -> bool:
    """Whether the size of ``measured`` is known while tracing: a shape (its size is the rank),
    or a parameter of a function tf.function traces with the shapes it is called with."""
    if _shape_of(model, measured):
        return True
    if not isinstance(measured, cst.Name) or scope is None:
        return False
    binding = model.binding_of(measured, scope)
    owner = binding.scope
    if isinstance(owner, FunctionInfo) and binding.param_only:
        return traced_with_given_shapes(model, owner)
    return (
        isinstance(owner, FunctionInfo) and _bound_shape_owner(model, measured, scope) is not None
    )


def _shape_specific_use(measure: _Measure, branches: list[cst.CSTNode]) -> cst.CSTNode | None:
    """The first use in ``branches`` of the measured tensor that only some shapes allow: a
    constant index into it (for a rank, also into its shape, or two or more indices), or, for a
    rank, a constant ``axis`` past 0 of a call given it."""
    target = code(measure.measured)
    rank = measure.kind == "rank"
    found: list[cst.CSTNode] = []

    def constant(expr: cst.BaseExpression) -> int | None:
        if isinstance(expr, cst.Integer):
            return int(expr.evaluated_value)
        if (
            isinstance(expr, cst.UnaryOperation)
            and isinstance(expr.operator, cst.Minus)
            and isinstance(expr.expression, cst.Integer)
        ):
            return -int(expr.expression.evaluated_value)
        return None

    def measured_shape(expr: cst.BaseExpression) -> bool:
        if isinstance(expr, cst.Attribute) and expr.attr.value == "shape":
            return code(expr.value) == target
        if isinstance(expr, cst.Call) and expr.args and expr.args[0].keyword is None:
            func = expr.func
            named = (isinstance(func, cst.Attribute) and func.attr.value == "shape") or (
                isinstance(func, cst.Name) and func.value == "shape"
            )
            return named and code(expr.args[0].value) == target
        return False

    class Uses(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> None:
            if found:
                return
            indices = [e.slice for e in node.slice]
            constants = [
                i for i in indices if isinstance(i, cst.Index) and constant(i.value) is not None
            ]
            if code(node.value) == target:
                if constants or (rank and len(indices) > 1):
                    found.append(node)
            elif rank and constants and measured_shape(node.value):
                found.append(node)

        def visit_Call(self, node: cst.Call) -> None:
            if found or not rank:
                return
            if not any(code(a.value) == target for a in node.args if a.keyword is None):
                return
            for position, arg in enumerate(node.args):
                if _permutation(arg, position, node):  # `tf.transpose(g, [1, 0])`
                    found.append(node)
                    return
                if arg.keyword is None or arg.keyword.value not in ("axis", "axes"):
                    continue
                values = (
                    [e.value for e in arg.value.elements]
                    if isinstance(arg.value, (cst.List, cst.Tuple))
                    else [arg.value]
                )
                axes = [constant(v) for v in values]
                if any(a is not None and (a >= 1 or a <= -2) for a in axes):
                    found.append(node)
                    return

    for branch in branches:
        branch.visit(Uses())
        if found:
            return found[0]
    return None

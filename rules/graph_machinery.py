"""TensorFlow's Python-side objects in traced code: a dataset iterator's `next` default,
TensorArrays, Python generators, checkpoint and model-saving I/O, variables rebound to tensors.
"""

from __future__ import annotations

from tf2lint.analysis import knowledge
from tf2lint.analysis.model import FunctionInfo, ModuleModel, Scope, SiteKind
from tf2lint.analysis.tape import argument
from tf2lint.analysis.tensors import (
    computed_tensor,
    graph_value,
    graph_variable,
    tensor_condition,
    value_operands,
)
from tf2lint.analysis.walk import walk
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import StoreRule, code, outer_target, variable_kind
from tf2lint.rules.graph_common import (
    _KERAS_FEEDING_METHODS,
    _flows_into,
    _returned_parts,
    _TracedRule,
    index_tensor,
)


def dataset_iterator(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> cst.BaseExpression | None:
    """The ``iter(dataset)`` (or other tf.data iterator) ``expr`` holds: the call itself, a
    name or ``self.<attr>`` bound only to one, or a parameter every call of which passes
    one; None when not proven."""
    if depth > 6 or scope is None:
        return None
    if isinstance(expr, cst.Call):
        if model.call_name(expr) == "builtins.iter" and len(expr.args) == 1:
            return expr if model.is_dataset(expr.args[0].value) else None
        kind = model.kind_of(expr, scope)
        return expr if kind is not None and kind.kind == "iterator" else None
    if isinstance(expr, cst.Attribute):
        values = model.bound_values(expr, scope)
        found = [dataset_iterator(model, v, scope, depth + 1) for v in values]
        return found[0] if found and all(found) else None
    if not isinstance(expr, cst.Name):
        return None
    binding = model.binding_of(expr, scope)
    if binding.param_only and isinstance(binding.scope, FunctionInfo):
        passed = model.arguments(binding.scope, expr.value)
        found = [dataset_iterator(model, v, caller, depth + 1) for v, caller in passed]
        return found[0] if found and all(found) else None
    values = binding.known_values
    if not values:
        return None
    found = [dataset_iterator(model, v, binding.scope, depth + 1) for v in values]
    return found[0] if all(found) else None


class NextDefaultInTracedCode(_TracedRule):
    id = "TF894"
    requires_traced_code = True
    call_names = frozenset({"next"})
    calls_in_traced_code = True
    name = "next-default-in-traced-code"
    severity = "error"
    message = (
        "`next(iterator, default)` on a dataset iterator in traced code never gives the default"
    )
    # its evidence spells one of these
    requires_text = ("next",)
    rationale = """
        `next(it, default)` returns `default` when a Python iterator is exhausted. Inside a
        `tf.function` the tf.data iterator is advanced by a graph op (`IteratorGetNext`), built
        once while tracing: at the end of the data it raises `OutOfRangeError` when the graph
        runs, and the default is never returned (checked under TF 2.21), so a loop waiting for
        it (`if batch is None: break`) fails instead of stopping. Iterate the dataset with
        `for batch in dataset:` (AutoGraph makes it a graph loop that stops at the end), or use
        `iterator.get_next_as_optional()` and test `.has_value()`. Evidence required: the
        iterator is `iter(...)` of a dataset, bound to one, or passed one at every call.
    """

    def visit_Call(self, node: cst.Call) -> None:
        if not isinstance(node.func, cst.Name) or node.func.value != "next":
            return
        if len(node.args) != 2 or any(a.star or a.keyword for a in node.args):
            return
        fn = self._traced_function()
        if fn is None or self.model.call_name(node) != "builtins.next":
            return
        iterator = dataset_iterator(self.model, node.args[0].value, self.context.scope)
        if iterator is None:
            return
        self.report(
            node,
            f"`next(..., default)` in traced `{fn.qualname}` never returns the default: the "
            "exhausted dataset iterator raises OutOfRangeError; iterate with `for` or "
            "`get_next_as_optional()`",
            because=[("this is a tf.data iterator", iterator)],
        )


def _instance_class(model: ModuleModel, name: cst.Name, scope: Scope | None) -> object | None:
    """The module class ``name`` holds an instance of: bound to one, or a parameter every
    call of which passes one."""
    cls = model.instance_of(name, scope)
    if cls is not None:
        return cls
    binding = model.binding_of(name, scope)
    if not binding.param_only or not isinstance(binding.scope, FunctionInfo):
        return None
    passed = model.arguments(binding.scope, name.value)
    found = {
        id(c): c
        for c in (
            model.constructed_class(v, caller)
            if isinstance(v, cst.Call)
            else model.instance_of(v, caller)
            for v, caller in passed
        )
    }
    return (
        next(iter(found.values()))
        if passed and len(found) == 1 and None not in found.values()
        else None
    )


class EagerTensorArrayInTracedCode(_TracedRule):
    id = "TF893"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "eager-tensorarray-in-traced-code"
    severity = "error"
    message = "a TensorArray created eagerly is used in traced code, which fails while tracing"
    # its evidence spells one of these
    requires_text = ("TensorArray",)
    rationale = """
        A `tf.TensorArray` created outside any `tf.function` (in `__init__`, at module level,
        in an eager method filling a replay buffer) is an eager TensorArray: a Python list of
        eager tensors, not a graph resource. Read, gathered or written inside a `tf.function`
        it fails while tracing (TF 2.21: `OperatorNotAllowedInGraphError` from its Python
        code). A TensorArray is a value of the function that creates it: create it inside the
        traced function, or keep data shared across calls in a `tf.Variable` (a fixed-size
        buffer updated with `scatter_nd_update`/`assign`). Evidence required: every
        `tf.TensorArray(...)` stored in the attribute (or module name) is created in code that
        is not traced, and a traced function calls a method of it.
    """

    def visit_Module(self, node: cst.Module) -> None:
        # (class or None, attribute or name) -> where TensorArrays stored there are created:
        # the creating calls, in eager code and in traced code
        self._eager: dict[tuple[int, str], list[cst.Call]] = {}
        self._traced: set[tuple[int, str]] = set()
        self._uses: list[tuple[tuple[int, str], cst.Call, FunctionInfo]] = []

    def _key(self, target: cst.BaseExpression) -> tuple[int, str] | None:
        """(class, attribute) for ``self.<attr>``, (0, name) for a module name."""
        model, scope = self.model, self.context.scope
        if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
            if target.value.value == "self":
                cls = model.enclosing_class(scope)
            else:  # `buffer.states` of an instance of a module class
                cls = _instance_class(model, target.value, scope)
            return (id(cls), target.attr.value) if cls is not None else None
        if isinstance(target, cst.Name):
            binding = model.binding_of(target, scope)
            if binding.scope is model.scope:
                return (0, target.value)
            values = binding.known_values  # `states = self.states`: a local alias
            if values and len(values) == 1 and isinstance(values[0], cst.Attribute):
                return self._key(values[0])
            return self._alias_key(target, values or [])
        return None

    def _alias_key(
        self, target: cst.Name, values: list[cst.BaseExpression]
    ) -> tuple[int, str] | None:
        """``result = buffer`` (then ``result = result.write(i, x)``): a local bound to a
        stored TensorArray, and rebound only to what its own methods return (a TensorArray's
        updates return the updated array), is that array."""
        starts = [v for v in values if _update_root(v) != target.value]
        if len(starts) != 1:
            return None
        start = starts[0]
        if isinstance(start, cst.Name) and start.value != target.value:
            return self._key(start)
        return None

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            pairs = [(target.target, node.value)]
            stored, values = target.target, node.value
            # `self.states, self.actions = tf.TensorArray(...), tf.TensorArray(...)`
            if (
                isinstance(stored, (cst.Tuple, cst.List))
                and isinstance(values, (cst.Tuple, cst.List))
                and len(stored.elements) == len(values.elements)
            ):
                pairs = [
                    (t.value, v.value)
                    for t, v in zip(stored.elements, values.elements, strict=True)
                ]
            for stored, value in pairs:
                self._store(stored, value)

    def _store(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if not isinstance(value, cst.Call):
            return
        if knowledge.class_kind(self.model.call_name(value)) != "tensor_array":
            return
        key = self._key(target)
        if key is None:
            return
        if self.context.in_traced_code:
            self._traced.add(key)
        else:
            self._eager.setdefault(key, []).append(value)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute):
            return
        fn = self._traced_function()
        if fn is None or fn.fresh_self:
            return
        key = self._key(func.value)
        if key is not None:
            self._uses.append((key, node, fn))

    def leave_Module(self, node: cst.Module) -> None:
        reported: set[tuple[int, str]] = set()
        for key, call, fn in self._uses:
            created = self._eager.get(key)
            if not created or key in self._traced or key in reported:
                continue
            reported.add(key)
            func = call.func
            self.report(
                call,
                f"traced `{fn.qualname}` uses `{code(func.value)}`, a TensorArray created "  # type: ignore[attr-defined]
                "eagerly, which fails while tracing; create it inside the traced function or "
                "keep the data in a tf.Variable",
                because=[
                    ("the TensorArray is created here, in code that is not traced", created[0])
                ],
                traced_in=fn,
            )


# `Dataset.from_generator`'s arguments that give its elements their shapes
_GENERATOR_SHAPE_ARGUMENTS = ("output_shapes", "output_signature")


class GeneratorDatasetOfUnknownShape(Rule):
    id = "TF861"
    name = "generator-dataset-of-unknown-shape"
    category = "graph-incompatible"
    severity = "error"
    message = "a dataset from a generator given only `output_types` feeds a Keras model"
    rationale = """
        `tf.data.Dataset.from_generator(gen, output_types=...)` knows its elements' dtypes but
        not their shapes: every element has unknown rank (`TensorShape(None)`), and batching
        keeps it. Keras traces the model's step on the dataset's element spec, so `fit`,
        `evaluate` or `predict` on it fails while building the model (`ValueError: Cannot take
        the length of shape with unknown rank`, or `as_list() is not defined on an unknown
        TensorShape`, TF 2.21 / Keras 3; tf-keras 2.21 builds on them). Give the shapes: `output_signature=(tf.TensorSpec(shape=(4,),
        dtype=tf.float32), ...)` (`None` for a size that varies), or `output_shapes` beside
        `output_types`. Reported when `from_generator` is given `output_types` and neither
        `output_shapes` nor `output_signature`, and the module hands the dataset (through
        `batch`, `map` and the names it is bound to, but not a `padded_batch` that names its
        shapes) to a Keras model's `fit`, `evaluate` or `predict`, and nothing in the module
        makes its Keras tf-keras (an import of `tf_keras`, `TF_USE_LEGACY_KERAS`). In preview:
        code written for Keras 2 may run only under tf-keras for a reason the module does not
        name (a library it imports that requires tf-keras), and there `fit` builds on them.
    """
    # Measured on application code (docs/precision.md): its 2 findings were in a notebook whose
    # model comes from a library that needs tf-keras, where `fit` builds on unknown shapes.
    preview = (
        "the module may run only under tf-keras (a library it imports requires it), where "
        "Keras builds on unknown shapes"
    )
    requires_text = ("from_generator",)
    call_names = frozenset({"from_generator"})

    def visit_Call(self, node: cst.Call) -> None:
        name = self.model.call_name(node) or ""
        if not name.endswith("data.Dataset.from_generator"):
            return
        keywords = {a.keyword.value for a in node.args if a.keyword is not None}
        positional = [a for a in node.args if a.keyword is None]
        # from_generator(generator, output_types, output_shapes, args, output_signature)
        if any(k in keywords for k in _GENERATOR_SHAPE_ARGUMENTS) or len(positional) >= 3:
            return
        if "output_types" not in keywords and len(positional) < 2:
            return
        if self.model.keras2_possible:  # tf-keras builds on elements of unknown rank
            return
        for call in self.model.nodes_of(cst.Call):
            func = call.func
            if not isinstance(func, cst.Attribute) or func.attr.value not in _KERAS_FEEDING_METHODS:
                continue
            kind = self.model.kind_of(func.value)
            if kind is not None and kind.kind != "model":
                continue
            if not call.args or not _flows_into(self.model, node, call.args[0].value):
                continue
            self.report(
                node,
                "this generator dataset is given dtypes but no shapes, so its elements have "
                f"unknown rank and `{code(func)}` cannot build on them; pass "
                "`output_signature` with `tf.TensorSpec` shapes",
                because=[
                    ("`from_generator` gets `output_types` and no shapes here", node),
                    (f"Keras traces `{code(func)}` on the dataset's element spec", call),
                ],
            )
            return


def _tensor_array_value(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> cst.Call | None:
    """The ``tf.TensorArray(...)`` that ``expr`` holds: the constructor, one of its updates
    (``ta.write(i, x)`` returns the updated array), or a name every value of which is one. None
    otherwise (``ta.stack()`` is a tensor: not an update)."""
    if depth > 8:
        return None
    if isinstance(expr, cst.Call):
        if knowledge.class_kind(model.call_name(expr)) == "tensor_array":
            return expr
        func = expr.func
        if isinstance(func, cst.Attribute) and func.attr.value in _TENSOR_ARRAY_UPDATES:
            return _tensor_array_value(model, func.value, scope, depth + 1)
        return None
    if not isinstance(expr, cst.Name):
        return None
    values = model.binding_of(expr, scope).known_values
    if not values:
        return None
    found = [
        _tensor_array_value(model, v, scope, depth + 1)
        for v in values
        if _update_root(v) != expr.value  # `ta = ta.write(i, x)`: the same array, updated
    ]
    return found[0] if found and all(found) else None


def _update_root(expr: cst.BaseExpression) -> str | None:
    """The name a chain of TensorArray updates starts from (``ta`` of
    ``ta.write(0, a).write(1, b)``), or None."""
    while (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value in _TENSOR_ARRAY_UPDATES
    ):
        expr = expr.func.value
    return expr.value if isinstance(expr, cst.Name) else None


# TensorArray methods that return the updated TensorArray (the others return tensors)
_TENSOR_ARRAY_UPDATES = frozenset({"write", "scatter", "unstack", "split", "identity"})


class TensorArrayReturnedFromFunction(_TracedRule):
    id = "TF862"
    requires_traced_code = True
    name = "tensorarray-returned-from-tf-function"
    severity = "error"
    message = "a `tf.function` returns a TensorArray: its caller gets a variant tensor"
    requires_text = ("TensorArray",)
    rationale = """
        A `tf.TensorArray` made inside a `tf.function` is a graph resource of that function.
        Returned from it, TensorFlow hands the caller only its underlying variant tensor
        (`tf.Tensor(<unprintable>, shape=(), dtype=variant)`), not a TensorArray: the caller's
        `result.stack()`, `.concat()` or `.read(0)` fails with `AttributeError: ... has no
        attribute 'stack'` (TF 2.21). Convert it before returning: `return ta.stack()` (or
        `concat()`), and return the tensor. Reported for a function decorated with (or wrapped
        by) `tf.function` whose `return` gives a `tf.TensorArray(...)`, one of its updates
        (`write`, `scatter`, `unstack`, `split`), or a local every value of which is one.
    """

    def visit_Return(self, node: cst.Return) -> None:
        fn = self._traced_function()
        if fn is None or node.value is None or fn.traced_by is None:
            return
        if fn.traced_by.kind not in ("decorator", "wrapped"):
            return
        for part in _returned_parts(node.value):
            created = _tensor_array_value(self.model, part, self.context.scope)
            if created is None:
                continue
            self.report(
                part,
                f"`{fn.qualname}` returns a TensorArray, but a tf.function hands its caller "
                "only the array's variant tensor; return `stack()` (or `concat()`) of it",
                because=[("the TensorArray is created here, in the traced function", created)],
                traced_in=fn,
            )
            return


# the calls by which a Keras layer makes a weight (a variable) it keeps on `self`
_WEIGHT_MAKERS = frozenset({"add_weight", "add_variable"})


class VariableReboundToTensor(_TracedRule, StoreRule):
    id = "TF872"
    requires_traced_code = True
    name = "variable-rebound-to-tensor"
    severity = "error"
    message = "a global or attribute holding a variable is rebound to a tensor in traced code"
    rationale = """
        A global, nonlocal or attribute that holds a `tf.Variable` (a layer's weight from
        `self.add_weight`) is state that outlives a trace. Rebinding it in traced code to a
        computed value, `total = total + x` under `global total`, or `self.kernel =
        tf.nn.dropout(self.kernel, rate)` in a layer's `call`, does not update the variable:
        it replaces it with a symbolic tensor of this trace's graph. The variable keeps its
        old value (`total` stops accumulating, and the weight the optimizer trains is no longer
        the one `call` reads), and the next trace, or an eager read, uses a tensor of a graph
        that is gone: `TypeError: <tf.Tensor ...> is out of scope and cannot be used here`
        (TF 2.21; with Keras the first traced training step stores the tensor and evaluation
        or the next step fails with `InaccessibleTensorError`). Update the variable in place,
        `total.assign_add(x)` (`assign`, `assign_sub`), or keep the computed tensor in a local
        name (`kernel = tf.nn.dropout(self.kernel, rate)`). Reported where the module binds the
        name or attribute to a variable (a `tf.Variable`, a Keras backend variable, or
        `self.add_weight(...)`) and traced code stores a computed tensor in it (a TF op's
        result, or arithmetic on a tensor or on the variable itself).
    """

    def check_store(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        fn = self._traced_function()
        if fn is None or not isinstance(target, (cst.Name, cst.Attribute)):
            return
        scope = self.context.scope
        where = outer_target(self.model, scope, target)
        if where is None:
            return
        made = self._variable_made(target, value, scope)
        if made is None or not self._computed(target, value, scope):
            return
        name = code(target)
        self.report(
            target,
            f"traced `{fn.qualname}` rebinds {where}, which holds a variable, to a graph "
            "tensor: the variable is not updated, and the tensor outlives its trace; update it "
            f"with `{name}.assign(...)`, or keep the tensor in a local name",
            because=[
                (f"`{name}` holds a variable made here", made),
                (f"traced code stores a computed tensor in `{name}` here", target),
            ],
            traced_in=fn,
        )

    def _variable_made(
        self, target: cst.BaseExpression, value: cst.BaseExpression, scope: Scope
    ) -> cst.Call | None:
        """The call that makes the variable ``target`` holds elsewhere in the module."""
        if isinstance(target, cst.Name):
            values = self.model.lookup(target.value, scope).values
        else:
            values = self.model.bound_values(target, scope)
        for bound in values:
            if bound is value or not isinstance(bound, cst.Call):
                continue
            func = bound.func
            if variable_kind(self.model, bound) in ("tf.Variable", "Keras backend variable"):
                return bound
            if (
                isinstance(target, cst.Attribute)
                and isinstance(func, cst.Attribute)
                and func.attr.value in _WEIGHT_MAKERS
                and isinstance(func.value, cst.Name)
                and func.value.value == "self"
            ):
                return bound
        return None

    def _computed(
        self, target: cst.BaseExpression, value: cst.BaseExpression, scope: Scope
    ) -> bool:
        """Whether ``value`` is a tensor computed in the trace: a TF op's result, or arithmetic
        on a tensor, a variable, or what ``target`` itself holds (the variable)."""
        if isinstance(value, cst.BinaryOperation):
            own = code(target)
            return any(
                code(side) == own or graph_value(self.model, side, scope)
                for side in (value.left, value.right)
            )
        if isinstance(value, cst.Call):
            return computed_tensor(self.model, value, scope, api_only=True)
        return False


class TensorArrayUpdateDropped(_TracedRule):
    id = "TF875"
    requires_traced_code = True
    name = "tensor-array-update-dropped"
    severity = "error"
    message = "a `tf.TensorArray` update's result is dropped in traced code: the values are lost"
    rationale = """
        Eagerly a `tf.TensorArray` is a mutable list, and `ta.write(i, x)` as a statement fills
        it. In a `tf.function` (a Keras `call` or `train_step`, a `Dataset.map` function) it is
        a value of the graph: `write`, `scatter` and `unstack` return the updated array and
        leave `ta` as it was, so the values written are lost and `ta.stack()` gives zeros
        (TF 2.21: `[0. 0. 0.]` where `ta = ta.write(i, x)` gives `[0. 2. 4.]`; a
        `dynamic_size` array gives an empty result) with no error. Assign the result:
        `ta = ta.write(i, x)`. Which methods return the updated array comes from the
        knowledge base (traced in a `tf.function` by `scripts/generate_tf_knowledge.py`).
        Evidence required: the call is a statement of its own in traced code, and the
        receiver is a `tf.TensorArray` the module shows.
    """
    requires_text = ("TensorArray",)

    def visit_Expr(self, node: cst.Expr) -> None:
        call = node.value
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return
        method = call.func.attr.value
        if not knowledge.tensor_array_update(method) or self._traced_function() is None:
            return
        receiver = call.func.value
        kind = self.model.kind_of(receiver, self.context.scope)
        if kind is None or kind.kind != "tensor_array":
            return
        shown = code(receiver)
        self.report(
            call,
            f"`{shown}.{method}(...)` returns the updated TensorArray and, traced, leaves "
            f"`{shown}` without it: the values are lost; write `{shown} = {shown}.{method}(...)`",
            because=[(f"`{shown}` is a TensorArray: {kind.why}", receiver)],
        )


class GeneratorTracedByTfFunction(Rule):
    id = "TF883"
    name = "generator-traced-by-tf-function"
    category = "graph-incompatible"
    severity = "error"
    message = (
        "a generator function (one with `yield`) is made a `tf.function`: calling it returns a "
        "Python generator, which a graph cannot return, so tracing fails"
    )
    rationale = """
        A function whose body holds `yield` is a generator function: calling it runs none of
        its body and returns a Python generator object. `tf.function` traces a function by
        calling it and turning what it returns into graph outputs, which must be tensors (or
        nested structures of them, or `None`); a generator is none of these, so the first call
        fails: `TypeError: To be compatible with tf.function, Python functions must return
        zero or more Tensors or ExtensionTypes or None values; ... found return value of type
        generator` (TF 2.21, decorated or wrapped with `tf.function(f)`, whatever the
        arguments). To stream values, return a stacked tensor (`tf.TensorArray` in a loop),
        make a `tf.data.Dataset` (`Dataset.from_generator` takes the generator function
        itself, undecorated), or keep the generator in Python and decorate the per-item
        computation. Evidence required: a function of the module with `yield` in its own body
        is decorated with `tf.function` or given to a `tf.function(...)` call.
    """
    requires_text = ("yield",)

    def visit_Module(self, node: cst.Module) -> None:
        for fn in self.model.functions:
            reason = fn.traced_by
            if not fn.is_generator or reason is None or reason.kind not in ("decorator", "wrapped"):
                continue
            how = "decorated with" if reason.kind == "decorator" else "wrapped by"
            self.report(
                fn.node.name,
                f"`{fn.qualname}` is a generator function {how} `tf.function`: calling it "
                "gives a Python generator, which a graph cannot return, so tracing fails; "
                "return tensors (a `tf.TensorArray` stacked) or build a `tf.data.Dataset`",
            )


class TensorCapturedByGenerator(_TracedRule):
    id = "TF867"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "tensor-captured-by-python-generator"
    severity = "error"
    message = (
        "`Dataset.from_generator` in traced code is given a generator closing over a graph "
        "tensor: the generator runs later, in Python, and gets the symbolic tensor"
    )
    rationale = """
        `tf.data.Dataset.from_generator(gen, ...)` calls `gen` in Python when the dataset is
        iterated, not while the enclosing function is traced. Made inside a function tf.data
        traces (an `interleave` or `flat_map` function, a `map`), a generator that closes
        over that function's argument (`from_generator(lambda: read_lines(filename), ...)`)
        captures the symbolic tensor of the trace, not a value: Python code there fails at
        the first element, `TypeError: expected str, bytes or os.PathLike object, not
        SymbolicTensor` for `open(filename)`, `'SymbolicTensor' object cannot be
        interpreted as an integer` for `range(n)` (TF 2.21, raised as an
        `InvalidArgumentError` from `IteratorGetNext`). Pass the tensor through `args`:
        `from_generator(read_lines, args=(filename,), output_signature=...)`, and tf.data
        evaluates it and calls the generator with its NumPy value (the `from_generator` API
        page: `args` are evaluated and passed to the generator as NumPy-array arguments).
        Evidence required: the call is in traced code, its generator is a lambda or a
        function defined there, and it reads a name of the enclosing function that is a
        graph tensor there (what tf.data passes, a TF op's result, part of a dataset's
        element).
    """
    requires_text = ("from_generator",)
    call_names = frozenset({"from_generator"})

    def visit_Call(self, node: cst.Call) -> None:
        fn = self._traced_function()
        name = self.model.call_name(node)
        if fn is None or name is None or not name.endswith("Dataset.from_generator"):
            return
        generator = argument(node, 0, "generator")
        if generator is None:
            return
        inner = self.model.function_referenced(generator, self.context.scope)
        if inner is None or inner.outer is not fn:
            return
        for read in self._outer_reads(inner, fn):
            why = index_tensor(self.model, read, inner)
            if why is None:
                continue
            self.report(
                generator,
                f"the generator reads `{read.value}`, a graph tensor of traced "
                f"`{fn.qualname}`: it runs later, in Python, and gets the symbolic tensor; "
                f"pass it as `args=({read.value},)` and take it as the generator's parameter",
                because=[why],
            )
            return

    def _outer_reads(self, inner: FunctionInfo, fn: FunctionInfo) -> list[cst.Name]:
        reads: list[cst.Name] = []

        def enter(child: cst.CSTNode) -> bool:
            if (
                isinstance(child, cst.Name)
                and not self.model.is_target(child)
                and self.model.binding_of(child, inner).scope is fn
            ):
                reads.append(child)
            return not isinstance(child, (cst.FunctionDef, cst.ClassDef))

        body = inner.node.body
        walk(body, enter)
        return reads


# Checkpoint I/O that fails in a tf.function (TF 2.21, each called in a tf.function and in a
# tf.function's loop over a dataset); `Checkpoint.write` works there and is the way out.
_CHECKPOINT_METHODS = {
    "tensorflow.train.Checkpoint": frozenset({"save", "read", "restore"}),
    "tensorflow.train.CheckpointManager": frozenset({"save", "restore_or_initialize"}),
}


_MODEL_SAVING_METHODS = frozenset({"save", "save_weights", "load_weights"})


class CheckpointIoInTracedCode(_TracedRule):
    id = "TF868"
    requires_traced_code = True
    call_names = frozenset({"save", "read", "restore", "restore_or_initialize"})
    call_names |= _MODEL_SAVING_METHODS
    calls_in_traced_code = True
    name = "checkpoint-io-in-traced-code"
    severity = "error"
    message = "checkpoint saving or restoring in traced code: it is eager Python machinery"
    rationale = """
        Saving and restoring checkpoints keeps Python bookkeeping: `CheckpointManager.save`
        numbers the checkpoint, rewrites the `checkpoint` metadata file and deletes old ones;
        `Checkpoint.save` counts saves; `Checkpoint.read`/`restore` match the saved object graph
        to Python objects, keyed by values; Keras's `save`, `save_weights` and `load_weights`
        read or write NumPy values. None of it runs in a `tf.function` (TF 2.21, also in a
        `for` loop over a dataset inside one): `CheckpointManager.save` fails while tracing with
        `AttributeError: 'NoneType' object has no attribute 'run'`, `Checkpoint.save` with
        `NotImplementedError: Calling tf.train.Checkpoint.save() from a function is not
        supported`, `Checkpoint.read`/`restore` and `CheckpointManager.restore_or_initialize`
        (once a checkpoint exists) with `TypeError: Tensor is unhashable`, Keras 3's
        `save`/`save_weights` with `NotImplementedError: numpy() is only available when eager
        execution is enabled` and `load_weights` with a `ValueError`, tf-keras's with a
        `RuntimeError`, and `tf.saved_model.save` with `AssertionError: tf.saved_model.save is
        not supported inside a traced @tf.function`. Save and restore outside the traced
        function: make the traced function one step (or a few) and loop in Python, calling
        `manager.save()` between calls; `Checkpoint.write(path)`, which updates no metadata,
        is the one checkpoint call that works inside. Evidence required: the receiver is a
        `tf.train.Checkpoint`/`CheckpointManager` the module constructs, or a Keras model.
    """

    def visit_Call(self, node: cst.Call) -> None:
        fn = self._traced_function()
        if fn is None:
            return
        model = self.model
        scope = self.context.scope
        if model.call_name(node) == "tensorflow.saved_model.save":
            self.report(
                node,
                f"`{code(node.func)}` in traced `{fn.qualname}` fails while tracing: exporting is "
                "eager-only; export outside the traced function",
            )
            return
        func = node.func
        if not isinstance(func, cst.Attribute):
            return
        method = func.attr.value
        why = _checkpoint_object(model, func.value, scope, method)
        if why is None and method in _MODEL_SAVING_METHODS:
            kind = model.kind_of(func.value, scope)
            # tf-keras's `load_weights` of an .h5 file runs (once, at trace): Keras 3's fails
            if (
                kind is not None
                and kind.kind == "model"
                and (method != "load_weights" or kind.keras == 3)
            ):
                why = f"`{code(func.value)}` is a Keras model: {kind.why}"
        if why is None:
            return
        self.report(
            node,
            f"`{code(func)}()` in traced `{fn.qualname}` fails while tracing: checkpoint "
            "bookkeeping is eager Python; call it outside the traced function (loop over steps "
            "in Python), or use `Checkpoint.write` inside",
            because=[(why, func.value)],
        )


def _checkpoint_object(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, method: str
) -> str | None:
    """Why ``expr`` is a ``tf.train.Checkpoint``/``CheckpointManager`` whose ``method`` fails
    in traced code: constructed right there, or bound to one by the module."""
    values = [expr] if isinstance(expr, cst.Call) else []
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr, scope)
        values = [s.value for s in binding.sites if s.kind == SiteKind.ASSIGN]
    elif isinstance(expr, cst.Attribute):
        values = model.bound_values(expr, scope)
    for value in values:
        if not isinstance(value, cst.Call):
            continue
        name = model.call_name(value)
        if name in _CHECKPOINT_METHODS and method in _CHECKPOINT_METHODS[name]:
            short_name = name.removeprefix("tensorflow.")
            return f"`{code(expr)}` is a `tf.{short_name}`"
    return None


# The optimizer methods that update the weights through the strategy's cross-replica merge
_SYNC_UPDATE_METHODS = frozenset({"apply_gradients", "minimize"})


def _strategy_constructed(model: ModuleModel) -> cst.Call | None:
    """The module's construction of a strategy whose replicas cannot apply gradients inside
    graph control flow (``tf.distribute.MirroredStrategy()``, per the knowledge base)."""

    def first() -> cst.Call | None:
        for call in model.nodes_of(cst.Call):
            if knowledge.merge_call_strategy(model.call_name(call)):
                return call
        return None

    return model.memo(_strategy_constructed, first)


def _gradient_update(
    model: ModuleModel, calls: list[cst.Call], scope: Scope | None, depth: int = 0
) -> cst.Call | None:
    """An optimizer update (``opt.apply_gradients(...)``, ``opt.minimize(...)``) among
    ``calls``, or made by a function of the module they call (two calls deep)."""
    for call in calls:
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in _SYNC_UPDATE_METHODS:
            if func.attr.value == "apply_gradients":
                return call
            kind = model.kind_of(func.value, scope)
            if kind is not None and kind.kind == "optimizer":
                return call
        if depth < 2:
            callee = model.callee(call, scope)
            if callee is not None:
                found = _gradient_update(model, callee.calls, callee, depth + 1)
                if found is not None:
                    return found
    return None


def _reads_variable(model: ModuleModel, test: cst.BaseExpression, scope: Scope | None) -> bool:
    """Whether a condition's operands, through arithmetic, read a variable (``if step % n ==
    0:`` with ``step = tf.Variable(0)``): a graph tensor in traced code, so AutoGraph makes the
    ``if`` a ``tf.cond``."""
    todo = list(value_operands(test))
    while todo:
        side = todo.pop()
        if isinstance(side, cst.BinaryOperation):
            todo += [side.left, side.right]
        elif (
            isinstance(side, (cst.Attribute, cst.Name, cst.Subscript))
            and graph_variable(model, side, scope) is not None
        ):
            return True
    return False


class GradientUpdateInsideTensorCondition(_TracedRule):
    id = "TF809"
    requires_traced_code = True
    requires_text = ("Strategy",)
    name = "gradient-update-inside-cond-under-strategy"
    severity = "error"
    message = (
        "an optimizer update inside a `tf.cond` branch under a multi-replica distribution "
        "strategy fails while tracing"
    )
    rationale = """
        Under `MirroredStrategy` (and `MultiWorkerMirroredStrategy`, `CentralStorageStrategy`)
        an optimizer's `apply_gradients` is a synchronisation point: each replica hands its
        gradients to a cross-replica `merge_call`, which aggregates them and updates the
        mirrored weights once. A `merge_call` cannot run inside a branch of graph control
        flow: `tf.cond` builds each branch as a separate graph, and tracing fails with
        `RuntimeError: merge_call called while defining a new graph or a tf.function`. The
        common form is gradient accumulation: a Keras `train_step` or a replica function given
        to `strategy.run` applies the accumulated gradients only every n-th step,
        `tf.cond(step % n == 0, apply, lambda: None)` (or an AutoGraph-converted `if` on that
        tensor condition). The same code runs without a strategy and under
        `OneDeviceStrategy`; tf-keras's and Keras 3's optimizers fail alike (TF 2.21). Which
        strategies fail comes from the knowledge base: the generator runs each one it can
        build on this apply-in-a-branch program. Apply every step instead, with the
        accumulated gradients masked to zero except on the n-th step
        (`apply_gradients(zip([g * flag for g in acc], variables))`), or leave the
        accumulation to the optimizer (`gradient_accumulation_steps=n` in Keras 3).
        Evidence required: the module builds such a strategy, and a branch of a `tf.cond` in
        traced code (a lambda, a function or a method of the module, two calls deep), or the
        block of an AutoGraph-converted `if` on a tensor, calls `apply_gradients` (or an
        optimizer's `minimize`).
    """

    call_names = frozenset({"cond"})
    calls_in_traced_code = True

    def visit_Call(self, node: cst.Call) -> None:
        fn = self._traced_function()
        if fn is None or self.model.call_name(node) not in ("tensorflow.cond",):
            return
        strategy = _strategy_constructed(self.model)
        if strategy is None:
            return
        scope = self.context.scope
        for position, keyword in ((1, "true_fn"), (2, "false_fn")):
            branch = argument(node, position, keyword)
            target = self.model.function_referenced(branch, scope) if branch is not None else None
            if target is None:
                continue
            update = _gradient_update(self.model, target.calls, target)
            if update is not None:
                self._report(node, fn, update, strategy)
                return

    def visit_If(self, node: cst.If) -> None:
        fn = self._traced_function()
        if fn is None or not fn.autograph or isinstance(fn.node, cst.Lambda):
            return
        scope = self.context.scope
        if tensor_condition(self.model, node.test, scope) is None and not _reads_variable(
            self.model, node.test, scope
        ):
            return
        strategy = _strategy_constructed(self.model)
        if strategy is None:
            return
        calls: list[cst.Call] = []

        def enter(child: cst.CSTNode) -> bool:
            if isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                return False
            if isinstance(child, cst.Call):
                calls.append(child)
            return True

        walk(node.body, enter)
        update = _gradient_update(self.model, calls, scope)
        if update is not None:
            self._report(node.test, fn, update, strategy)

    def _report(
        self, node: cst.CSTNode, fn: FunctionInfo, update: cst.Call, strategy: cst.Call
    ) -> None:
        self.report(
            node,
            f"traced `{fn.qualname}` applies gradients inside a branch of graph control flow, "
            f"but under `{code(strategy.func)}` the update is a cross-replica merge that "
            "cannot run inside `tf.cond`: tracing fails; apply every step with the gradients "
            "masked, or accumulate in the optimizer",
            because=[
                (f"`{code(update.func)}(...)` runs in the branch", update),
                (f"`{code(strategy.func)}` is built here", strategy),
            ],
        )

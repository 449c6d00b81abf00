"""Keras training set up in a way that silently does something else: a `trainable` flag the
compiled train function never sees, an RNN unrolled into the traced graph over a long
sequence, weights combined once in `build` into a tensor no gradient flows back through."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from tf2lint.analysis import knowledge
from tf2lint.analysis.compiles import chain_root, freeze_lifted_before_training, stale_change
from tf2lint.analysis.model import ClassInfo, FunctionInfo, ModuleModel, Scope, ScopeKind, SiteKind
from tf2lint.analysis.shapes import input_signature_specs, spec_dimensions
from tf2lint.analysis.tape import chain_text
from tf2lint.analysis.tape_flow import argument
from tf2lint.analysis.tensors import computed_tensor, values_read
from tf2lint.analysis.tfnames import is_keras
from tf2lint.analysis.walk import children, walk
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import added_before, code, last_layer


def _from_self_model(expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` starts from a callback's ``self.model`` (``self.model.layers[0]``,
    ``self.model.get_layer("base")``)."""
    while True:
        if (
            isinstance(expr, cst.Attribute)
            and expr.attr.value == "model"
            and isinstance(expr.value, cst.Name)
            and expr.value.value == "self"
        ):
            return True
        if isinstance(expr, (cst.Attribute, cst.Subscript)):
            expr = expr.value
        elif isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
            expr = expr.func.value
        else:
            return False


def code_of(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


class TrainableSetAfterCompile(Rule):
    id = "TF921"
    name = "trainable-set-after-compile"
    # A stale capture (the traced train step keeps the trainable list it read while tracing),
    # filed there under its stable id, as TF005 moved to tf1-api.
    category = "stale-capture"
    severity = "warning"
    message = (
        "`trainable` changed after the model was compiled and trained, without compiling again"
    )
    rationale = """
        Keras builds a model's train function from the `trainable` flags it finds when it
        first trains after `compile()`, and keeps it until the next `compile()`. Setting
        `layer.trainable = False` (or `True`) after that is ignored by the next `fit()`:
        the frozen weights keep training (or the unfrozen ones stay frozen). Under Keras 2
        (`tf_keras`) the flags are read at `compile()` itself. Call `model.compile(...)` again
        after changing `trainable`. Evidence required: in the same function (or module code),
        the model is compiled (and, under Keras 3, trained) before the assignment and trained
        after it with no `compile` between; the layer is the model itself, one of its
        `layers`, `get_layer(...)`, or a layer the model's construction names. A Keras
        callback's hook that runs during `fit` (`on_epoch_end`, `on_train_batch_begin`, even
        `on_train_begin`: `fit` makes its train function before calling the callbacks)
        changing the flags of `self.model`'s layers, of a layer or model the callback holds
        (`self.backbone`, given to it when made), of each layer a `for` takes from either, or
        of a module-level Keras layer or model (the pretrained base) is the same mistake,
        unless the callback compiles the model again. Under Keras 3 the reverse holds too:
        the Keras 2 idiom that freezes a layer (`discriminator.trainable = False`), compiles a
        model built from it (the combined model of a GAN) and sets the flag back to `True`
        before that model first trains loses the freeze, because the model's train function is
        made at its first training, with the flag `True` (tensorflow/tensorflow#41796, checked
        under TF 2.21: the combined step moves the discriminator; tf_keras keeps it frozen).
    """
    requires_text = ("trainable",)

    def visit_Assign(self, node: cst.Assign) -> None:
        value = node.value
        if not (isinstance(value, cst.Name) and value.value in ("True", "False")):
            return
        for target in node.targets:
            owner = target.target
            if (
                isinstance(owner, cst.Attribute)
                and owner.attr.value == "trainable"
                and not self._in_callback(owner, value.value)
            ):
                self._check(owner, value.value)

    def _in_callback(self, target: cst.Attribute, flag: str) -> bool:
        """Report ``self.model....trainable = flag`` in a Keras callback's hook that runs
        during ``fit`` (True: the assignment is in such a hook, reported or not)."""
        function = self.context.function
        cls = function.cls if function is not None else None
        if cls is None or cls.keras_kind != "callback":
            return False
        held = self._held_layer(target.value, function)
        if held is None:
            return False
        hook = function.name
        if not hook.startswith("on_") or hook == "on_train_end" or hook.startswith("on_predict"):
            return False
        for method in cls.methods.values():
            for call in method.calls:
                func = call.func
                if (
                    isinstance(func, cst.Attribute)
                    and func.attr.value == "compile"
                    and _from_self_model(func.value)
                ):
                    return True  # it compiles the model again: the change may be for that
        owner = chain_text(target.value) or "the layer"
        if owner == "the layer" and isinstance(target.value, cst.Subscript):
            owner = cst.Module(body=[]).code_for_node(target.value)
        self.report(
            target,
            f"`{owner}.trainable = {flag}` in the callback's `{hook}`, during `fit`: the "
            "train function `fit` made when it started keeps the old flags for the rest of "
            "the run; change `trainable` between `fit` calls and `compile` again",
            because=[
                (f"`{cls.name}` is a Keras callback: `fit` calls `{hook}`", function.node),
                *([(held, target.value)] if held else []),
            ],
        )
        return True

    def _held_layer(self, owner: cst.BaseExpression, function: FunctionInfo) -> str | None:
        """Why ``owner``, whose ``trainable`` a callback's hook sets, is a layer of the model
        ``fit`` trains ("" where it starts from the callback's ``self.model``), None if not
        shown: a layer or model the callback holds (``self.backbone``, given to it when it was
        made), a name ``for`` binds to each of ``self.model``'s layers, or a module-level Keras
        layer or model (the pretrained base the script builds its model from)."""
        if _from_self_model(owner):
            return ""
        model = self.model
        if isinstance(owner, cst.Name):
            binding = model.binding_of(owner, function)
            for site in binding.sites:
                if site.kind == SiteKind.LOOP and site.value is not None:
                    # `for layer in self.model.layers[:-4]:`, `for layer in self.base.layers:`
                    of = site.value
                    while isinstance(of, cst.Subscript):
                        of = of.value
                    held_layers = (
                        isinstance(of, cst.Attribute)
                        and of.attr.value == "layers"
                        and (chain_root(of) is not None and chain_root(of).value == "self")
                    )
                    if _from_self_model(site.value) or held_layers:
                        return f"`{owner.value}` is each of `{code_of(site.value)}`"
        root = chain_root(owner)
        if root is None:
            return None
        if root.value == "self" and isinstance(owner, cst.Attribute) and owner.value is root:
            return f"`{code_of(owner)}` is a layer the callback holds, set on it when it is made"
        kind = model.kind_of(owner, function)
        if kind is not None and kind.kind in ("layer", "model") and root.value != "self":
            return f"`{code_of(owner)}` is a Keras {kind.kind}: {kind.why}"
        return None

    def _check(self, target: cst.Attribute, flag: str) -> None:
        found = stale_change(
            self.model, target, self.context.scope, trained_first=not self.model.imports_keras2
        )
        if found is None:
            if flag == "True" and not self.model.keras2_possible:
                self._check_lifted_freeze(target)
            return
        receiver, compile_call, later = found
        owner = chain_text(target.value) or "the layer"
        what = "compiled and trained" if not self.model.imports_keras2 else "compiled"
        self.report(
            target,
            f"`{owner}.trainable = {flag}` after `{receiver}` was {what}: the next "
            f"`{receiver}.{later.func.attr.value}` ignores it; call "
            f"`{receiver}.compile(...)` again",
            because=[
                (f"`{receiver}` is compiled here", compile_call),
                (f"`{receiver}` trains here without compiling again", later),
            ],
        )

    def _check_lifted_freeze(self, target: cst.Attribute) -> None:
        found = freeze_lifted_before_training(self.model, target, self.context.scope)
        if found is None:
            return
        receiver, compile_call, later = found
        owner = chain_text(target.value) or "the layer"
        self.report(
            target,
            f"`{owner}.trainable = True` before `{receiver}` first trains: Keras 3 makes "
            f"`{receiver}`'s train function then, with the flag as it is, so "
            f"`{receiver}.{later.func.attr.value}` trains `{owner}` too; set the flag before "
            "each model's training call instead",
            because=[
                (f"`{owner}` was frozen before `{receiver}` was compiled here", compile_call),
                (f"`{receiver}` first trains here, after the flag is set back", later),
            ],
        )


# Measured under TF 2.21 on CPU (one LSTM(8) over a batch of 4): the rolled layer traces to
# 101 graph nodes in 1.5 s whatever the length; unrolled, 199 nodes at 10 steps and 1,819 nodes
# and 13.5 s at 100: each step adds a copy of the cell. From 32 steps on it costs seconds.
LONG_SEQUENCE = 32
_SHAPE_KEYWORDS = ("input_shape", "batch_input_shape", "shape", "batch_shape")


class RnnUnrolledOverLongSequence(Rule):
    id = "TF710"
    name = "rnn-unrolled-over-long-sequence"
    category = "graph-bloat"
    severity = "warning"
    message = "an RNN layer with `unroll=True` over a long sequence: one cell per step in the graph"
    rationale = """
        `LSTM(..., unroll=True)` (and `GRU`, `SimpleRNN`, `RNN`) replaces the recurrent loop
        by one copy of the cell per time step when Keras traces the model: over 100 steps that
        is 18 times the graph (1,819 nodes instead of 101 for an LSTM of 8 units) and 9 times
        the tracing time, on every trace, and the memory of every step at once. Keras
        documents unrolling as "only suitable for short sequences". Leave `unroll=False`
        (the default). Evidence required: `unroll=True` on a Keras layer whose input length
        the module fixes at 32 steps or more (its `input_shape`, the `Input` right before it
        in a `Sequential`, the `Input` it is called on, or a tensor of that shape it is fed:
        directly, or through the model that holds it, as a `Sequential`'s first layer, a
        `Bidirectional`'s wrapped layer, a layer a `Model` subclass calls on its input, or a
        layer of a functional model built on an `Input` of no fixed length; the tensor made by
        an op with a literal shape, NumPy data drawn or converted (`np.random.rand(64, 100,
        8).astype(...)`, `tf.constant(x)`), the batches of `Dataset.from_tensor_slices(x)
        .batch(n)` a loop hands a traced step, the arrays given to `fit` or `predict`, or a
        traced function's `input_signature` or `get_concrete_function` spec); where the
        length is not shown, the finding is only shown with `--preview`. Reported at the traced
        call when that call makes the long tensor itself (`rnn(tf.zeros((1, 100, 8)))`), else
        at `unroll=True`, with the traced call that is handed the sequence as evidence.
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "Unsafe: without `unroll` the layer runs the same cell in a loop: the same values up to "
        "floating-point rounding, but a different graph, and on very short sequences it may be "
        "slower."
    )
    requires_text = ("unroll",)

    def visit_Call(self, node: cst.Call) -> None:
        arg = next((a for a in node.args if a.keyword and a.keyword.value == "unroll"), None)
        if arg is None or not self._true(arg.value):
            return
        name = self.model.call_name(node)
        if knowledge.class_kind(name) != "layer":
            return
        self._traced_call: cst.Call | None = None
        self._feeding_call: cst.Call | None = None
        steps = self._steps(node)
        layer = name.rsplit(".", 1)[-1]
        if steps is not None and steps < LONG_SEQUENCE:
            return
        where = f"over {steps} steps" if steps is not None else "over a sequence"
        traced_call = self._traced_call if steps is not None else None
        if traced_call is not None:  # the traced call that shows the length builds the graph
            function = self.model.scope_of(traced_call.func).function
            self.report(
                traced_call,
                f"this call traces `{layer}(unroll=True)` {where}: one copy of its cell per "
                "step in the graph; leave `unroll=False` where the layer is made",
                edits=[(node, _without(node, arg))],
                fix_description="drop `unroll=True`",
                because=[(f"`{layer}` is made with `unroll=True` here", arg)],
                traced_in=function,
            )
            return
        feeding = self._feeding_call if steps is not None else None
        self.report(
            arg,
            f"`{layer}(unroll=True)` {where} puts one copy of its cell per step in the traced "
            "graph; leave `unroll=False`",
            edits=[(node, _without(node, arg))],
            fix_description="drop `unroll=True`",
            because=[("traced here, on what its callers pass", feeding)] if feeding else (),
            gap=None if steps is not None else "the sequence length is not known here",
        )

    def _note_traced_call(self, call: cst.Call, given: cst.BaseExpression) -> None:
        """A traced call of the layer (or of the model that holds it) on a long sequence: the
        finding's place when the call makes that sequence itself (`rnn(tf.zeros((1, 100,
        8)))`), the line that builds the unrolled graph; when it is handed the sequence (a
        parameter, a loop's batch), the construction's `unroll=True` is the line to show, the
        call its evidence."""
        if isinstance(given, cst.Call):
            self._traced_call = call
        else:
            self._feeding_call = call

    def _steps(self, layer: cst.Call) -> int | None:
        """The sequence length the module gives the layer, if it shows one."""
        own = self._shape_steps(layer, batch=False)
        if own is not None:
            return own
        model = self.model
        for call in model.nodes_of(cst.Call):
            func = call.func
            called = func is layer or (
                isinstance(func, cst.Name)
                and any(v is layer for v in model.bound_values(func, model.scope_of(func)))
            )
            if called and call.args:  # `LSTM(...)(inputs)`, `encoder = LSTM(...); encoder(x)`
                given = call.args[0].value
                found = self._input_steps(given, model.scope_of(call.func), 0)
                if found is not None:
                    function = model.scope_of(call.func).function
                    if not _is_input(model, given, model.scope_of(call.func)) and (
                        function is not None and function.traced
                    ):
                        self._note_traced_call(call, given)
                    return found
            for arg in call.args:  # `Sequential([Input((64, 3)), LSTM(..., unroll=True)])`
                elements = arg.value.elements if isinstance(arg.value, cst.List) else ()
                values = [e.value for e in elements]
                if layer in values and values.index(layer) == 1:
                    first = values[0]
                    if isinstance(first, cst.Call) and (model.call_name(first) or "").endswith(
                        ("Input", "InputLayer")
                    ):
                        return self._shape_steps(first, batch=False)
        return self._fed_steps(layer, 0)

    def _fed_steps(self, construction: cst.Call, depth: int) -> int | None:
        """The length the module feeds a layer only from further out: the first layer of a
        ``Sequential`` gets what the ``Sequential`` is called on; a layer a Keras class keeps
        in ``self.<attr>`` and calls on its ``call``'s input gets what the class's instances
        are called on; a layer called on an ``Input`` of no fixed length gets what the
        functional model built on it is called on."""
        if depth > 3:
            return None
        model = self.model
        for call, given, scope in self._calls_of(construction):
            found = self._input_steps(given, scope, 0)
            if found is not None:
                function = scope.function
                if not _is_input(model, given, scope) and function is not None and function.traced:
                    self._note_traced_call(call, given)
                return found
            for outer in self._outer_constructions(given, scope):
                found = self._fed_steps(outer, depth + 1)
                if found is not None:
                    return found
        for outer in self._sequentials_starting_with(construction) + self._wrappers_of(
            construction
        ):
            found = self._fed_steps(outer, depth + 1)
            if found is not None:
                return found
        return None

    def _calls_of(self, construction: cst.Call) -> list[tuple[cst.Call, cst.BaseExpression, Scope]]:
        """The calls of the object ``construction`` makes (directly, through a name, or through
        the ``self.<attr>`` of a class that keeps it), each with its first argument."""
        model = self.model
        found = []
        for call in model.nodes_of(cst.Call):
            func = call.func
            if not call.args or call.args[0].keyword is not None:
                continue
            root = func
            while isinstance(root, cst.Attribute):
                root = root.value
            scope = model.scope_of(root) if isinstance(root, cst.Name) else None
            if func is construction or (
                isinstance(func, (cst.Name, cst.Attribute))
                and scope is not None
                and any(v is construction for v in model.bound_values(func, scope))
            ):
                found.append((call, call.args[0].value, scope or model.scope))
            elif (
                isinstance(func, cst.Attribute)
                and func.attr.value in _DATA_METHODS
                and scope is not None
                and knowledge.class_kind(model.call_name(construction)) == "model"
                and any(v is construction for v in model.bound_values(func.value, scope))
            ):
                # `model.fit(x, y)`: Keras traces the model on batches of `x`, its
                # dimension 1 the time steps
                found.append((call, call.args[0].value, scope))
        return found

    def _outer_constructions(self, given: cst.BaseExpression, scope: Scope) -> list[cst.Call]:
        """What feeds ``given`` from outside: the constructions of the Keras class whose
        ``call`` takes it as its input, or the functional models built on the ``Input`` it
        holds."""
        model = self.model
        if not isinstance(given, cst.Name):
            return []
        function = scope.function
        cls = function.cls if function is not None else None
        if (
            function is not None
            and cls is not None
            and cls.keras_kind in ("layer", "model")
            and function.name == "call"
            and function.params[1:2] == [given.value]
        ):
            return [
                c
                for c in model.nodes_of(cst.Call)
                if isinstance(c.func, cst.Name)
                and model.binding_of(c.func).sites
                and model.binding_of(c.func).sites[-1].node is cls.node
            ]
        if not _is_input(model, given, scope):
            return []
        return [
            c
            for c in model.nodes_of(cst.Call)
            if knowledge.class_kind(model.call_name(c)) == "model"
            and isinstance(argument(c, 0, "inputs"), cst.Name)
            and argument(c, 0, "inputs").value == given.value  # type: ignore[union-attr]
        ]

    def _wrappers_of(self, construction: cst.Call) -> list[cst.Call]:
        """The ``Bidirectional`` wrappers made around ``construction``: Keras runs the
        wrapped layer over the very sequence the wrapper is called on (both directions)."""
        model = self.model
        return [
            call
            for call in model.nodes_of(cst.Call)
            if (model.call_name(call) or "").endswith("Bidirectional")
            and argument(call, 0, "layer") is construction
        ]

    def _sequentials_starting_with(self, construction: cst.Call) -> list[cst.Call]:
        """The ``Sequential`` constructions whose first layer (no ``Input`` before it) is
        ``construction``: what they are called on is what it is called on."""
        model = self.model
        found = []
        for call in model.nodes_of(cst.Call):
            if not (model.call_name(call) or "").endswith("Sequential"):
                continue
            layers = argument(call, 0, "layers")
            if (
                isinstance(layers, (cst.List, cst.Tuple))
                and layers.elements
                and layers.elements[0].value is construction
            ):
                found.append(call)
        return found

    def _input_steps(self, given: cst.BaseExpression, scope: Scope, depth: int) -> int | None:
        """The time dimension of what a layer is called on: an ``Input``, or a tensor made
        with a literal shape (``tf.zeros((1, 100, 8))``: an op the knowledge base knows makes
        the shape it is given), directly, through a name, or passed in by the callers of the
        function whose parameter it is."""
        model = self.model
        if depth > 6:
            return None
        if isinstance(given, cst.Call):
            name = model.call_name(given) or ""
            if _is_input(model, given, scope) or knowledge.class_kind(name) == "layer":
                # a Keras input's `shape=` leaves the batch out; an op's (`tf.zeros(shape=)`)
                # has it first
                return self._shape_steps(given, batch=False)
            kept = _shape_kept_from(model, given, name)
            if kept is not None:  # `np.random.rand(...).astype("float32")`, `tf.constant(x)`
                return self._input_steps(kept, scope, depth + 1)
            dimensions = _random_array_dimensions(given, name)
            if dimensions is not None:
                return self._integer(dimensions[1]) if len(dimensions) >= 3 else None
            parameter = knowledge.shape_parameter(name)
            if parameter is None:
                return None
            shape = next(
                (a.value for a in given.args if a.keyword and a.keyword.value == parameter.name),
                None,
            )
            positional = [a.value for a in given.args if a.keyword is None]
            if shape is None and len(positional) > parameter.position:
                shape = positional[parameter.position]
            if isinstance(shape, (cst.Tuple, cst.List)) and len(shape.elements) >= 3:
                return self._integer(shape.elements[1].value)  # (batch, time, features)
            return None
        if not isinstance(given, cst.Name):
            return None
        binding = model.binding_of(given, scope)
        if len(binding.sites) == 1 and binding.sites[0].kind == SiteKind.LOOP:
            # `for xb, yb in dataset`: a batch of the arrays the dataset slices
            site = binding.sites[0]
            sliced = _batched_slices(model, site.value, site.index) if site.value else None
            return self._input_steps(sliced, scope, depth + 1) if sliced is not None else None
        if (
            binding.is_param
            and binding.scope is not None
            and binding.scope.kind == ScopeKind.FUNCTION
        ):
            passed = {
                self._input_steps(argument, caller, depth + 1)
                for argument, caller in model.arguments(binding.scope, given.value)
            }
            # the specs a `tf.function` is traced for (`input_signature`,
            # `get_concrete_function(tf.TensorSpec(...))`): the shape each trace sees
            passed.update(
                _spec_steps(model, spec)
                for spec in _traced_specs(model, binding.scope, given.value)
            )
            if len(passed) > 1:  # a caller whose shape is not shown: the others' still trace
                passed.discard(None)
            return passed.pop() if len(passed) == 1 else None
        found = {self._input_steps(v, scope, depth + 1) for v in binding.values}
        return found.pop() if len(found) == 1 else None

    def _shape_steps(self, call: cst.Call, batch: bool) -> int | None:
        """The time dimension of the shape ``call`` gives (``Input((64, 3))``,
        ``input_shape=(64, 3)``, ``batch_input_shape=(8, 64, 3)``)."""
        name = self.model.call_name(call) or ""
        for arg in call.args:
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword is None and not name.endswith("Input"):
                continue
            if keyword is not None and keyword not in _SHAPE_KEYWORDS:
                continue
            shape = arg.value
            if not isinstance(shape, (cst.Tuple, cst.List)):
                return None
            index = 1 if keyword in ("batch_input_shape", "batch_shape") else 0
            if len(shape.elements) <= index:
                return None
            return self._integer(shape.elements[index].value)
        return None

    def _true(self, expr: cst.BaseExpression) -> bool:
        """``True``, or a name the module binds once, to ``True`` (``unroll=UNROLL``)."""
        if isinstance(expr, cst.Name) and expr.value not in ("True", "False", "None"):
            values = self.model.binding_of(expr, self.context.scope).known_values or []
            expr = values[0] if len(values) == 1 else expr
        return isinstance(expr, cst.Name) and expr.value == "True"

    def _integer(self, expr: cst.BaseExpression) -> int | None:
        if isinstance(expr, cst.Integer):
            return int(expr.value)
        if isinstance(expr, cst.Name):
            values = self.model.binding_of(expr, self.context.scope).known_values
            if values and len(values) == 1 and isinstance(values[0], cst.Integer):
                return int(values[0].value)
        return None


# The methods that run once, when a layer is made or built, not on every call.
_ONCE_METHODS = ("build", "__init__")
_WEIGHT_MAKERS = frozenset({"add_weight", "add_variable"})


class WeightCombinedInBuild(Rule):
    id = "TF923"
    name = "weight-combined-in-build"
    category = "api-misuse"
    severity = "error"
    message = "a layer combines its weights once, in `build`: the tensor it keeps gets no gradient"
    rationale = """
        A Keras layer's `build` (and `__init__`) runs once. A tensor computed there from the
        layer's weights (`self.kernel = tf.concat([self.w1, self.w2], -1)`,
        `self.masked = self.kernel * self.mask`) is a fixed value: no tape recorded the op
        that made it while training, so when `call` uses it the loss does not depend on the
        weights, their gradients are `None` (`fit`: `No gradients provided for any
        variable`), and they never train. Keep the weights themselves on the layer and
        combine them in `call`, on every call. Evidence required: in a Keras layer or model
        class of the module, `build` or `__init__` assigns `self.<attr>` a TF op (the
        knowledge base's) or arithmetic reading a weight the class makes (`self.add_weight`,
        `tf.Variable`, not `trainable=False`), and `call` reads `self.<attr>` without
        assigning it.
    """
    requires_text = ("add_weight", "add_variable", "Variable")

    def visit_Module(self, node: cst.Module) -> None:
        for cls in self.model.classes.values():
            if cls.keras_kind in ("layer", "model"):
                self._check(cls)

    def _check(self, cls: ClassInfo) -> None:
        model = self.model
        weights = _weight_attributes(model, cls)
        call = model.resolve_method(cls, "call")
        if not weights or call is None:
            return
        read_in_call, set_in_call = _self_attributes(call)
        for name in _ONCE_METHODS:
            method = cls.methods.get(name)
            if method is None:
                continue
            for attr, value in _assignments_to_self(method):
                if attr not in read_in_call or attr in set_in_call or attr in weights:
                    continue
                if isinstance(value, cst.Name):  # `kernel = tf.concat(...)`, `self.kernel = kernel`
                    values = model.binding_of(value, method).values
                    if len(values) != 1:
                        continue
                    value = values[0]
                combined = sorted(_weights_read(value, weights))
                if not combined or not self._computes(value, method):
                    continue
                listed = ", ".join(f"`self.{w}`" for w in combined)
                self.report(
                    value,
                    f"`self.{attr}` is computed from {listed} once, in `{name}`: a fixed "
                    "tensor, so no gradient reaches those weights through it; compute it in "
                    "`call`",
                    because=[
                        (
                            f"`self.{combined[0]}` is a weight `{cls.name}` makes",
                            weights[combined[0]],
                        ),
                        (f"`call` uses `self.{attr}`", read_in_call[attr]),
                    ],
                )

    def _computes(self, value: cst.BaseExpression, method: FunctionInfo) -> bool:
        """Whether ``value`` makes a new tensor: a TF op, or arithmetic."""
        if isinstance(value, (cst.BinaryOperation, cst.UnaryOperation)):
            return True
        if isinstance(value, cst.Call):
            name = self.model.call_name(value) or ""
            # `tf.shape(self.w)`: an op with no gradient was never going to pass one on
            return knowledge.returns(name) == "tensor" and knowledge.gradient_cut(name) is None
        return False


def _weight_attributes(model: ModuleModel, cls: ClassInfo) -> dict[str, cst.CSTNode]:
    """The ``self.<attr>`` weights a class makes (not ``trainable=False``), by attribute."""
    found: dict[str, cst.CSTNode] = {}
    for method in cls.methods.values():
        for attr, value in _assignments_to_self(method):
            made = value
            if isinstance(value, (cst.List, cst.Tuple)) and value.elements:
                made = value.elements[0].value  # `self.kernels = [self.add_weight(...), ...]`
            elif isinstance(value, cst.ListComp):
                made = value.elt
            if _makes_weight(model, made):
                found.setdefault(attr, made)
    return found


def _makes_weight(model: ModuleModel, value: cst.BaseExpression) -> bool:
    """``self.add_weight(...)`` or ``tf.Variable(...)``, not ``trainable=False``."""
    if not isinstance(value, cst.Call) or _false_flag(value, "trainable"):
        return False
    func = value.func
    own = (
        isinstance(func, cst.Attribute)
        and func.attr.value in _WEIGHT_MAKERS
        and isinstance(func.value, cst.Name)
        and func.value.value == "self"
    )
    return own or model.call_name(value) in ("tensorflow.Variable",)


def _assignments_to_self(method: FunctionInfo) -> list[tuple[str, cst.BaseExpression]]:
    """``self.<attr> = value`` in ``method`` (not in functions inside it)."""
    found = []

    def enter(node: cst.CSTNode) -> bool | None:
        if node is not method.node and isinstance(
            node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)
        ):
            return False
        if isinstance(node, cst.Assign):
            for target in node.targets:
                attr = _self_attribute(target.target)
                if attr is not None:
                    found.append((attr, node.value))
        return None

    walk(method.node, enter)
    return found


def _self_attributes(method: FunctionInfo) -> tuple[dict[str, cst.CSTNode], set[str]]:
    """The ``self.<attr>`` that ``method`` reads (first read of each) and those it assigns."""
    read: dict[str, cst.CSTNode] = {}
    assigned: set[str] = set()

    def enter(node: cst.CSTNode) -> bool | None:
        if node is not method.node and isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            return False
        if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            targets = node.targets if isinstance(node, cst.Assign) else [node]
            for target in targets:
                attr = _self_attribute(target.target)
                if attr is not None:
                    assigned.add(attr)
        attr = _self_attribute(node)
        if attr is not None:
            read.setdefault(attr, node)
        return None

    walk(method.node, enter)
    return read, assigned


def _self_attribute(node: cst.CSTNode) -> str | None:
    if (
        isinstance(node, cst.Attribute)
        and isinstance(node.value, cst.Name)
        and node.value.value == "self"
    ):
        return node.attr.value
    return None


def _weights_read(value: cst.BaseExpression, weights: dict[str, cst.CSTNode]) -> set[str]:
    found: set[str] = set()

    def enter(node: cst.CSTNode) -> bool | None:
        if isinstance(node, cst.Lambda):
            return False
        attr = _self_attribute(node)
        if attr in weights:
            found.add(attr)
        return None

    walk(value, enter)
    return found


def _false_flag(call: cst.Call, keyword: str) -> bool:
    return any(
        a.keyword is not None
        and a.keyword.value == keyword
        and isinstance(a.value, cst.Name)
        and a.value.value == "False"
        for a in call.args
    )


# The Model methods that run the model on batches of the arrays they are given.
_DATA_METHODS = knowledge.step_methods("train", "test", "predict")
# Dataset methods that keep each element's shape.
_ELEMENT_KEEPING = frozenset({"shuffle", "prefetch", "cache", "repeat", "take", "skip"})


def _batched_slices(
    model: ModuleModel, dataset: cst.BaseExpression, index: int | None, depth: int = 0
) -> cst.BaseExpression | None:
    """The array whose batches a loop over ``dataset`` gives (``index``: the position in the
    loop's target): ``Dataset.from_tensor_slices((x, y)).batch(n)`` gives batches of ``x``
    and ``y``, of their shapes with dimension 0 the batch; one ``batch`` and methods that keep
    each element (``shuffle``, ``prefetch``) are looked through, not ``map``."""
    if depth > 6:
        return None
    if isinstance(dataset, cst.Name):
        values = model.binding_of(dataset).known_values
        return _batched_slices(model, values[0], index, depth + 1) if len(values) == 1 else None
    if not (isinstance(dataset, cst.Call) and isinstance(dataset.func, cst.Attribute)):
        return None
    method = dataset.func.attr.value
    if method in _ELEMENT_KEEPING:
        return _batched_slices(model, dataset.func.value, index, depth + 1)
    if method != "batch":
        return None
    sliced = dataset.func.value
    while isinstance(sliced, cst.Call) and isinstance(sliced.func, cst.Attribute):
        if sliced.func.attr.value not in _ELEMENT_KEEPING:
            break
        sliced = sliced.func.value
    if not (
        isinstance(sliced, cst.Call)
        and (model.call_name(sliced) or "").endswith("Dataset.from_tensor_slices")
        and sliced.args
    ):
        return None
    tensors = sliced.args[0].value
    if index is None:
        return None if isinstance(tensors, (cst.Tuple, cst.List)) else tensors
    if isinstance(tensors, (cst.Tuple, cst.List)) and index < len(tensors.elements):
        return tensors.elements[index].value
    return None


def _traced_specs(model: ModuleModel, function: Scope, param: str) -> list[cst.BaseExpression]:
    """The ``tf.TensorSpec`` displays ``param`` of ``function`` is traced with: its
    ``input_signature``'s, and those of the module's ``get_concrete_function`` calls of it."""
    fn = model.function_of.get(function.node) if function.node is not None else None
    if fn is None or param not in fn.params:
        return []
    position = fn.params.index(param) - (
        1 if fn.cls is not None and fn.params[:1] == ["self"] else 0
    )
    found = []
    specs = input_signature_specs(model, fn)
    if specs is not None and 0 <= position < len(specs):
        found.append(specs[position])
    for call in model.nodes_of(cst.Call):
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "get_concrete_function"):
            continue
        if model.function_referenced(func.value, model.scope_of(func)) is not fn:
            continue
        positional = [a.value for a in call.args if a.keyword is None]
        if 0 <= position < len(positional):
            found.append(positional[position])
    return found


def _spec_steps(model: ModuleModel, spec: cst.BaseExpression) -> int | None:
    """The time dimension (dimension 1 of ``(batch, time, features)``) a spec gives."""
    dims = spec_dimensions(model, spec)
    return dims[1] if isinstance(dims, tuple) and len(dims) >= 3 else None


# Conversions that give an array or tensor of their first argument's shape.
_SHAPE_KEEPING_CONVERSIONS = frozenset(
    {
        "tensorflow.constant",
        "tensorflow.convert_to_tensor",
        "numpy.array",
        "numpy.asarray",
        "numpy.float32",
    }
)


def _shape_kept_from(model: ModuleModel, call: cst.Call, name: str) -> cst.BaseExpression | None:
    """What ``call`` takes its shape from, when it keeps it: the array of ``x.astype(...)``,
    the value ``tf.constant(x)``, ``np.asarray(x)`` or a shape-keeping op (``tf.cast``)
    converts."""
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value == "astype" and not name:
        return func.value
    if (name in _SHAPE_KEEPING_CONVERSIONS or knowledge.keeps_shape(name)) and call.args:
        first = call.args[0]
        return first.value if first.keyword is None else None
    return None


def _random_array_dimensions(call: cst.Call, name: str) -> list[cst.BaseExpression] | None:
    """The dimensions of the array a ``numpy.random`` function draws, as NumPy documents
    them: ``rand``/``randn`` take them one by one (``d0, d1, ..., dn``); every other
    generator (``random``, ``normal``, ``uniform``, ``randint``...) takes the output shape as
    ``size`` (``random``'s and ``random_sample``'s only parameter)."""
    if not name.startswith("numpy.random."):
        return None
    function = name.rsplit(".", 1)[-1]
    if function in ("rand", "randn"):
        if any(a.keyword is not None or a.star for a in call.args):
            return None
        return [a.value for a in call.args]
    size = next((a.value for a in call.args if a.keyword and a.keyword.value == "size"), None)
    if size is None and function in ("random", "random_sample") and call.args:
        size = call.args[0].value if call.args[0].keyword is None else None
    if isinstance(size, (cst.Tuple, cst.List)):
        return [e.value for e in size.elements]
    return None


def _is_input(model: ModuleModel, given: cst.BaseExpression, scope: Scope) -> bool:
    """Whether ``given`` is (a name bound to) a Keras ``Input``: a model's symbolic input."""
    values = model.bound_values(given, scope) if isinstance(given, cst.Name) else [given]
    return any(
        isinstance(v, cst.Call) and (model.call_name(v) or "").endswith(("Input", "InputLayer"))
        for v in values
    )


def _without(call: cst.Call, dropped: cst.Arg) -> cst.Call:
    """``call`` without the argument ``dropped``, its commas as they were around the rest."""
    args = [a for a in call.args if a is not dropped]
    if args and dropped is call.args[-1]:
        args[-1] = args[-1].with_changes(comma=dropped.comma)
    return call.with_changes(args=args)


# The hooks `fit` calls between building its train function and its last step (Keras's callback
# API): `on_train_begin`, each epoch's and each training batch's. `on_train_end` comes after.
_TRAINING_HOOK_PREFIXES = ("on_epoch_", "on_train_batch_", "on_batch_")


def _training_hook(fn: FunctionInfo) -> bool:
    return fn.name == "on_train_begin" or fn.name.startswith(_TRAINING_HOOK_PREFIXES)


class CompileDuringFit(Rule):
    id = "TF925"
    name = "compile-called-during-fit"
    category = "api-misuse"
    severity = "error"
    message = "a Keras callback compiles the model while `fit` is training it"
    requires_text = ("compile",)
    rationale = """
        `compile` drops the functions Keras traced for the model (its train, test and predict
        functions) so that the next `fit` builds new ones. `fit` builds its train function once,
        before `on_train_begin`, and calls the model's attribute on every step: compiling from
        a callback hook that runs while it trains (`on_train_begin`, `on_epoch_begin`/`end`,
        `on_train_batch_begin`/`end`) leaves that attribute empty, and the next step fails with
        `TypeError: 'NoneType' object is not callable` (TF 2.21, under Keras 3 and tf-keras
        alike; both confirmed by running it). The usual intent, unfreezing a backbone after a
        few epochs or changing the loss, needs two `fit` calls: train, set `trainable`,
        compile, then `fit` again with `initial_epoch=`; to change the learning rate, assign
        `self.model.optimizer.learning_rate` in the hook instead. Compiling in `on_train_end`
        (after the last step) is not reported.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if type(func) is not cst.Attribute or func.attr.value != "compile":
            return
        fn = self.context.function
        if fn is None or fn.cls is None or fn.cls.keras_kind != "callback":
            return
        if not _training_hook(fn) or not _from_self_model(func.value):
            return
        self.report(
            node,
            f"`{fn.qualname}` compiles the model `fit` is training: `compile` drops the train "
            "function `fit` calls on its next step, which then fails (`'NoneType' object is not "
            "callable`); stop, compile, then call `fit` again (`initial_epoch=`), or change the "
            "optimizer's learning rate in place",
            because=[
                (
                    f"`{fn.name}` is a Keras callback hook: `fit` calls it while it trains",
                    fn.node,
                )
            ],
        )


# The optimizer methods that apply a gradient a tape gave: Keras 2's and 3's `apply_gradients`,
# Keras 3's `apply`, and `minimize` (given the tape).
_APPLYING_METHODS = frozenset({"apply_gradients", "apply", "minimize"})


class ModelCalledWithoutTrainingFlag(Rule):
    id = "TF944"
    name = "model-called-without-training-flag"
    category = "api-misuse"
    severity = "warning"
    message = (
        "a training step calls a model with Dropout or BatchNormalization without "
        "`training=True`: the layers run in inference mode"
    )
    rationale = """
        A Keras model called with no `training` argument runs in inference mode: under Keras 3
        and tf_keras alike, `model(x)` in a custom `GradientTape` training step leaves Dropout
        off and makes BatchNormalization normalise with its moving statistics, which are then
        never updated (checked under TF 2.21: after 20 steps of `model(x)` the moving mean of a
        `BatchNormalization` is still 0; with `model(x, training=True)` it has learned the
        data's mean). A subclassed model's `call` passes the mode on to its layers even when it
        declares no `training` parameter, so the flag belongs on the call in the step. The
        layers that behave so are the knowledge base's (every Keras layer class whose call with
        no flag gives its inference output and differs with `training=True`: the dropouts,
        `GaussianNoise`, `BatchNormalization`, and recurrent layers given a `dropout`).
        Evidence required: inside a `GradientTape` block (directly, or in a function of the
        module the block calls: `loss = compute_loss(model, x, y)`), a call of a model whose
        variables the tape's `gradient` is asked for, in a function that applies gradients
        (`apply_gradients`, `apply`, `minimize`), with no `training` argument, where the
        function calls that model with a `training` argument nowhere else (a step that
        passes the mode to one call and leaves another without means it), and the
        module shows the model holds such a layer (a `Sequential` listing one, a functional
        model built where one is made, a subclass or builder function making one).
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "Unsafe: with `training=True` Dropout drops and BatchNormalization normalises with the "
        "batch's statistics and updates its moving ones: the training the step meant, but not "
        "what it computed before."
    )
    requires_text = ("GradientTape",)

    def visit_Module(self, node: cst.Module) -> None:
        model = self.model
        reported: set[int] = set()
        for block in model.tapes.blocks:
            trained = {
                source.origin
                for gradient in block.calls
                for source in gradient.sources or ()
                if source.kind == "object"
            }
            if not trained or not _applies_gradients(block.scope.node):
                continue
            flagged = {
                chain_text(c.func)
                for c in _calls_in(block.scope.node, nested=True)
                if not _no_training_flag(c)
            }
            for call, receiver, given, scope, helper in self._model_calls(block, trained):
                if id(call) in reported:
                    continue  # a helper two steps call
                reported.add(id(call))
                if receiver in flagged:
                    continue  # the step gives the mode elsewhere: a call left so is deliberate
                found = _mode_layer(model, given, scope, 0)
                if found is None:
                    continue
                leaf, layer = found
                steps = [(f"`{leaf}` runs in inference mode without a training flag", layer)]
                if helper is not None:
                    steps.append(
                        (f"the training step calls `{helper.func_text}` here", helper.call)
                    )
                steps.append(
                    (
                        f"the tape's gradient is asked for `{receiver}`'s variables and applied",
                        block.calls[0].call,
                    )
                )
                self.report(
                    call,
                    f"`{chain_text(call.func)}(...)` in a training step without `training=True`: "
                    f"its `{leaf}` runs in inference mode, {_inference_effect(leaf)}; pass "
                    "`training=True`",
                    edits=[(call, _with_training(call))],
                    fix_description="pass `training=True`",
                    because=steps,
                )

    def _model_calls(self, block, trained: set[str]) -> list[tuple]:
        """The unflagged calls of a trained model a tape block makes: in the block itself, or
        in a function of the module the block calls (``loss = compute_loss(model, x, y)``),
        on the model it is given or the same global. Each with the receiver as the step names
        it, the expression and scope that hold the model there, and the helper call."""
        model = self.model
        found = []
        for call in _calls_in(block.with_node.body):
            receiver = chain_text(call.func)
            if receiver in trained and _no_training_flag(call):
                found.append((call, receiver, call.func, block.scope, None))
                continue
            callee = model.callee(call, block.scope)
            if callee is None or callee.cls is not None:
                continue
            given = _passed_models(model, call, callee, trained)
            for inner in model.calls_made_by(callee):
                func = inner.func
                if not _no_training_flag(inner) or not isinstance(func, (cst.Name, cst.Attribute)):
                    continue
                text = chain_text(func)
                if isinstance(func, cst.Name) and func.value in given:
                    expr = given[func.value]
                    found.append((inner, chain_text(expr), expr, block.scope, _Helper(call)))
                elif (
                    text in trained
                    and isinstance(func, cst.Name)
                    and model.binding_of(func, callee).scope is model.scope
                ):
                    found.append((inner, text, func, callee, _Helper(call)))
        return found


class _Helper:
    """A call of a module function a training step makes, for the evidence."""

    def __init__(self, call: cst.Call) -> None:
        self.call = call
        self.func_text = code_of(call.func)


def _passed_models(
    model: ModuleModel, call: cst.Call, callee: FunctionInfo, trained: set[str]
) -> dict[str, cst.BaseExpression]:
    """The parameters of ``callee`` that ``call`` gives a trained model, by name."""
    found = {}
    for position, parameter in enumerate(callee.params):
        given = argument(call, position, parameter)
        if given is not None and chain_text(given) in trained:
            found[parameter] = given
    return found


def _inference_effect(leaf: str) -> str:
    """What a training-mode layer does wrong in inference mode: one with non-trainable
    weights (``BatchNormalization``'s moving mean and variance) never updates them."""
    stateful = any(
        path.rsplit(".", 1)[-1] == leaf and weights["non_trainable"]
        for path, weights in knowledge.knowledge().layer_weights.items()
    )
    if stateful:
        return "normalising with moving statistics that never learn the data"
    return "so it changes nothing and does not regularise"


def _applies_gradients(scope_node: cst.CSTNode) -> bool:
    found = False

    def enter(node: cst.CSTNode) -> bool | None:
        nonlocal found
        if (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value in _APPLYING_METHODS
        ):
            found = True
        return not found

    walk(scope_node, enter)
    return found


def _calls_in(body: cst.CSTNode, nested: bool = False) -> list[cst.Call]:
    """The calls in ``body``, not in functions or classes defined there (``nested``: the
    body of a function ``body`` is)."""
    found: list[cst.Call] = []

    def enter(node: cst.CSTNode) -> bool | None:
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and not (
            nested and node is body
        ):
            return False
        if isinstance(node, cst.Call):
            found.append(node)
        return None

    walk(body, enter)
    return found


def _no_training_flag(call: cst.Call) -> bool:
    """A model call with only its inputs: no `training` (nor `**kwargs`, nor a second
    positional argument, which a model's `call` may take as the flag)."""
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return (
        len(positional) <= 1
        and not any(a.star for a in call.args)
        and not any(a.keyword is not None and a.keyword.value == "training" for a in call.args)
    )


def _with_training(call: cst.Call) -> cst.Call:
    args = list(call.args)
    if args:
        args[-1] = args[-1].with_changes(
            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        )
    equal = cst.AssignEqual(
        whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
    )
    args.append(cst.Arg(keyword=cst.Name("training"), value=cst.Name("True"), equal=equal))
    return call.with_changes(args=args)


def _mode_layer(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope, depth: int
) -> tuple[str, cst.CSTNode] | None:
    """The layer class (its leaf name) that runs in inference mode without a training flag
    which the model ``expr`` holds, and where that layer is made; None where the module does
    not show one."""
    if depth > 3:
        return None
    if isinstance(expr, cst.Name) and expr.value == "self":
        cls = model.enclosing_class(scope)
        return _class_mode_layer(model, cls, depth) if cls is not None else None
    if isinstance(expr, cst.Name) and model.binding_of(expr, scope).param_only:
        function = model.binding_of(expr, scope).scope
        if not isinstance(function, FunctionInfo):
            return None
        for given, caller in model.arguments(function, expr.value):
            found = _mode_layer(model, given, caller, depth + 1)
            if found is not None:
                return found
        return None
    if isinstance(expr, cst.Call):
        return _made_mode_layer(model, expr, scope, depth)
    if not isinstance(expr, (cst.Name, cst.Attribute)):
        return None
    for value in model.bound_values(expr, scope):
        if isinstance(value, cst.Call):
            found = _made_mode_layer(model, value, _scope_at(model, value, scope), depth)
            if found is not None:
                return found
    return None


def _scope_at(model: ModuleModel, call: cst.Call, fallback: Scope) -> Scope:
    """The scope ``call`` is made in, by the name its callee starts from."""
    root = call.func
    while isinstance(root, (cst.Attribute, cst.Call, cst.Subscript)):
        root = root.func if isinstance(root, cst.Call) else root.value
    return model.scope_of(root) if isinstance(root, cst.Name) else fallback


def _mode_construction(model: ModuleModel, call: cst.Call) -> str | None:
    """The layer class ``call`` makes, when it is one that runs in inference mode without a
    training flag (``Dropout(0.5)``; ``LSTM(8, dropout=0.2)``, not ``LSTM(8)``)."""
    name = model.call_name(call)
    options = knowledge.training_mode_options(name)
    if options is None:
        return None
    if options and not any(
        a.keyword is not None
        and a.keyword.value in options
        and not (isinstance(a.value, (cst.Integer, cst.Float)) and float(a.value.value) == 0)
        and not (isinstance(a.value, cst.Name) and a.value.value == "None")
        for a in call.args
    ):
        return None
    return name.rsplit(".", 1)[-1]  # type: ignore[union-attr]


def _made_mode_layer(
    model: ModuleModel, call: cst.Call, scope: Scope, depth: int
) -> tuple[str, cst.CSTNode] | None:
    """The training-mode layer the model ``call`` makes holds: a ``Sequential`` listing one
    (or given one by ``add``), a functional model built where one is made, an instance of the
    module's class that makes one, or what a builder function of the module returns."""
    leaf = _mode_construction(model, call)
    if leaf is not None:
        return (leaf, call)
    name = model.call_name(call) or ""
    if knowledge.class_kind(name) == "model":
        if name.endswith(".Sequential"):
            for element in _sequential_layers(model, call):
                if isinstance(element, cst.Call):
                    found = _made_mode_layer(model, element, scope, depth + 1)
                    if found is not None:
                        return found
            return None
        # a functional model: a layer made in the code that builds it
        function = scope.function
        calls = model.calls_made_by(function)
        return _first_made(model, calls, scope, depth)
    cls = model.constructed_class(call, scope)
    if cls is not None:
        return _class_mode_layer(model, cls, depth + 1)
    callee = model.callee(call, scope)
    if callee is not None and depth < 3:
        return _first_made(model, callee.calls, callee, depth + 1)
    return None


def _sequential_layers(model: ModuleModel, call: cst.Call) -> list[cst.BaseExpression]:
    """The layers a ``Sequential`` is given: its list, and what ``add`` adds to the name that
    holds it."""
    layers = argument(call, 0, "layers")
    found = [e.value for e in layers.elements] if isinstance(layers, (cst.List, cst.Tuple)) else []
    for other in model.nodes_of(cst.Call):
        func = other.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "add"
            and isinstance(func.value, (cst.Name, cst.Attribute))
            and other.args
            and any(
                v is call
                for v in model.bound_values(func.value, _scope_at(model, other, model.scope))
            )
        ):
            found.append(other.args[0].value)
    return found


def _first_made(
    model: ModuleModel, calls: list[cst.Call], scope: Scope, depth: int
) -> tuple[str, cst.CSTNode] | None:
    """The first training-mode layer among the layers ``calls`` make (directly, or through a
    ``Sequential``, a class or a builder of the module)."""
    for call in calls:
        leaf = _mode_construction(model, call)
        if leaf is not None:
            return (leaf, call)
    if depth >= 3:
        return None
    for call in calls:
        if model.constructed_class(call, _scope_at(model, call, scope)) is not None:
            found = _made_mode_layer(model, call, _scope_at(model, call, scope), depth + 1)
            if found is not None:
                return found
    return None


def _class_mode_layer(
    model: ModuleModel, cls: ClassInfo, depth: int
) -> tuple[str, cst.CSTNode] | None:
    """A training-mode layer that the module's Keras class ``cls`` (or a base of it in the
    module) makes in one of its methods."""
    if depth > 3 or cls.keras_kind not in ("layer", "model"):
        return None
    for owner in model.mro(cls):
        for method in owner.methods.values():
            found = _first_made(model, method.calls, method, depth + 1)
            if found is not None:
                return found
    return None


class NumpyAugmentationOnGraphTensor(Rule):
    id = "TF876"
    name = "numpy-augmentation-on-graph-tensor"
    category = "graph-incompatible"
    severity = "error"
    requires_traced_code = True
    calls_in_traced_code = True
    message = "a Keras NumPy augmentation method called on a graph tensor in traced code"
    rationale = """
        `ImageDataGenerator` augments NumPy arrays: its `random_transform` and `standardize`
        run NumPy and SciPy on the image they are given. A function handed to `Dataset.map`
        (or any traced function) gets graph tensors, symbolic while tf.data traces it, so the
        call fails while the pipeline is built (`NotImplementedError: Cannot convert a
        symbolic tf.Tensor to a numpy array`, or a TypeError from NumPy). The methods are the
        knowledge base's: each public method of Keras's host-data classes that, on an instance
        with its augmentations turned on, works on an `[8, 8, 3]` NumPy image and fails on
        the same image inside a `tf.function` (checked under TF 2.21, Keras 3's `tf.keras` and
        tf_keras). Use Keras's preprocessing layers (`RandomRotation`, `RandomFlip`,
        `RandomZoom`) or `tf.image` ops in the map function, or wrap the NumPy call in
        `tf.numpy_function`. Evidence required: in traced code, a call of such a method on an
        object the module makes from that class, given a tensor computed by a TF op or an
        element tf.data hands the function.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or not node.args:
            return
        context = self.context
        function = context.function
        if function is None or not context.in_traced_code:
            return
        model, scope = self.model, context.scope
        made = _made_from_class(model, func.value, scope)
        if made is None or not knowledge.numpy_only_method(made[0], func.attr.value):
            return
        for arg in node.args:
            why = self._graph_tensor(arg.value, function, scope)
            if why is None:
                continue
            cls = made[0].rsplit(".", 1)[-1]
            self.report(
                node,
                f"`{code_of(func)}` runs NumPy on the image, but `{code_of(arg.value)}` is a "
                f"graph tensor in traced `{function.qualname}`: `{cls}.{func.attr.value}` "
                "fails while tracing; use Keras preprocessing layers or `tf.image` ops, or "
                "wrap it in `tf.numpy_function`",
                because=[
                    (f"`{code_of(func.value)}` is a `{cls}`, made here", made[1]),
                    why,
                ],
            )
            return

    def _graph_tensor(
        self, expr: cst.BaseExpression, function: FunctionInfo, scope: Scope
    ) -> tuple[str, cst.CSTNode] | None:
        model = self.model
        if computed_tensor(model, expr, scope):
            return (f"`{code_of(expr)}` is a tensor computed by a TF op", expr)
        if not isinstance(expr, cst.Name):
            return None
        binding = model.binding_of(expr, scope)
        traced_by = function.traced_by
        if (
            binding.param_only
            and binding.scope is function
            and traced_by is not None
            and traced_by.kind == "dataset"
        ):
            return (
                f"`{expr.value}` is an element tf.data hands the function "
                f"(`{traced_by.via}`): a graph tensor",
                function.node,
            )
        return None


def _made_from_class(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope
) -> tuple[str, cst.Call] | None:
    """The external class every value of ``expr`` is made from (``ImageDataGenerator(...)``),
    with the construction."""
    if not isinstance(expr, (cst.Name, cst.Attribute)):
        return None
    values = model.bound_values(expr, scope)
    if not values or not all(isinstance(v, cst.Call) for v in values):
        return None
    names = {model.call_name(v) for v in values}  # type: ignore[arg-type]
    if len(names) != 1 or None in names:
        return None
    return names.pop(), values[0]  # type: ignore[return-value]


# What `Layer.get_config()` of Keras's base class returns (Keras 3 and Keras 2 alike) when a
# subclass overrides `get_config`: `from_config` passes these to the constructor too.
_BASE_LAYER_CONFIG = ("name", "trainable", "dtype")


def _is_super_get_config(expr: cst.BaseExpression) -> bool:
    """``super().get_config()`` or ``super(Cls, self).get_config()``."""
    return (
        isinstance(expr, cst.Call)
        and not expr.args
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "get_config"
        and isinstance(expr.func.value, cst.Call)
        and isinstance(expr.func.value.func, cst.Name)
        and expr.func.value.func.value == "super"
    )


class _Config:
    """The keys a `get_config` body puts in the dict it returns, when every one is spelled
    out (None where the analysis met anything else)."""

    def __init__(self) -> None:
        self.env: dict[str, tuple[set[str], bool] | None] = {}
        self.returned: tuple[set[str], bool] | None = None
        self.returns = 0

    def value(self, expr: cst.BaseExpression) -> tuple[set[str], bool] | None:
        """(literal keys, whether the base class's config is in it) of a dict expression."""
        if _is_super_get_config(expr):
            return set(), True
        if isinstance(expr, cst.Name):
            return self.env.get(expr.value)
        if isinstance(expr, cst.Dict):
            keys: set[str] = set()
            base = False
            for element in expr.elements:
                if isinstance(element, cst.StarredDictElement):
                    inner = self.value(element.value)
                    if inner is None:
                        return None
                    keys |= inner[0]
                    base = base or inner[1]
                elif isinstance(element.key, cst.SimpleString):
                    keys.add(element.key.evaluated_value)
                else:
                    return None
            return keys, base
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
            if expr.func.attr.value == "copy" and not expr.args:
                return self.value(expr.func.value)
            return None
        if (
            isinstance(expr, cst.Call)
            and isinstance(expr.func, cst.Name)
            and expr.func.value == "dict"
        ):
            keys, base = set(), False
            for arg in expr.args:
                if arg.keyword is not None:
                    keys.add(arg.keyword.value)
                    continue
                inner = self._items_sum(arg.value) if arg.star != "**" else None
                if inner is None:
                    inner = self.value(arg.value)
                if inner is None:
                    return None
                keys |= inner[0]
                base = base or inner[1]
            return keys, base
        return None

    def _items_sum(self, expr: cst.BaseExpression) -> tuple[set[str], bool] | None:
        """``list(a.items()) + list(b.items())`` (the Keras 2 guides' idiom)."""
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
            left, right = self._items_sum(expr.left), self._items_sum(expr.right)
            if left is None or right is None:
                return None
            return left[0] | right[0], left[1] or right[1]
        if (
            isinstance(expr, cst.Call)
            and isinstance(expr.func, cst.Name)
            and expr.func.value == "list"
            and len(expr.args) == 1
        ):
            inner = expr.args[0].value
            if (
                isinstance(inner, cst.Call)
                and isinstance(inner.func, cst.Attribute)
                and inner.func.attr.value == "items"
                and not inner.args
            ):
                return self.value(inner.func.value)
        return None

    def run(self, body: Sequence[cst.BaseStatement], top: bool) -> bool:
        """Follow the statements; False where one is not understood."""
        for statement in body:
            if isinstance(statement, cst.If):
                if not self.run(statement.body.body, False):
                    return False
                orelse = statement.orelse
                if isinstance(orelse, cst.Else) and not self.run(orelse.body.body, False):
                    return False
                if isinstance(orelse, cst.If) and not self.run([orelse], False):
                    return False
                continue
            if not isinstance(statement, cst.SimpleStatementLine):
                return False
            for small in statement.body:
                if not self._small(small, top):
                    return False
        return True

    def _small(self, small: cst.BaseSmallStatement, top: bool) -> bool:
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
            return True  # docstring
        if isinstance(small, cst.Return):
            self.returns += 1
            if not top or small.value is None:
                return False
            self.returned = self.value(small.value)
            return self.returned is not None
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            target = small.targets[0].target
            if isinstance(target, cst.Name):
                self.env[target.value] = self.value(small.value)
                return True
            if (
                isinstance(target, cst.Subscript)
                and isinstance(target.value, cst.Name)
                and self.env.get(target.value.value) is not None
                and len(target.slice) == 1
                and isinstance(target.slice[0].slice, cst.Index)
                and isinstance(target.slice[0].slice.value, cst.SimpleString)
            ):
                self.env[target.value.value][0].add(  # type: ignore[index]
                    target.slice[0].slice.value.evaluated_value
                )
                return True
            return False
        if (
            isinstance(small, cst.Expr)
            and isinstance(small.value, cst.Call)
            and isinstance(small.value.func, cst.Attribute)
            and small.value.func.attr.value == "update"
            and isinstance(small.value.func.value, cst.Name)
        ):
            name = small.value.func.value.value
            known = self.env.get(name)
            if known is None:
                return False
            for arg in small.value.args:
                if arg.keyword is not None:
                    known[0].add(arg.keyword.value)
                    continue
                inner = self.value(arg.value)
                if inner is None:
                    return False
                self.env[name] = known = (known[0] | inner[0], known[1] or inner[1])
            return True
        return False


class LayerConfigMismatchesConstructor(Rule):
    id = "TF956"
    name = "layer-config-mismatches-constructor"
    category = "api-misuse"
    severity = "error"
    message = (
        "a layer's `get_config()` does not match its `__init__`: loading the saved model fails"
    )
    rationale = """
        Keras rebuilds a saved layer as `cls(**layer.get_config())` (`Layer.from_config`), when
        `load_model` reads a `.keras` or `.h5` file and in `clone_model`. So the dict
        `get_config` returns must name every argument `__init__` needs, and name nothing
        `__init__` refuses. Two forms fail under TF 2.21 / Keras 3 (the `TypeError` comes
        from `load_model`, "could not be deserialized properly"): a required `__init__`
        argument missing from the config, and a config built on `super().get_config()` (which
        holds `name`, `trainable` and `dtype`) for an `__init__` that takes no `**kwargs`. The
        Keras guide ("Making new layers and models via subclassing") passes `**kwargs` on to
        `super().__init__` and adds every constructor argument to the config. Evidence
        required: a layer class of the module, its only base Keras's `Layer` (whose own
        config is just those three keys), that defines `__init__` and `get_config` and no
        `from_config`, where `get_config` builds its dict from literal keys only
        (`super().get_config()`, `config.update({...})`, `{**base, ...}`,
        `dict(list(base.items()) + list(config.items()))`).
    """
    requires_text = ("get_config",)

    def visit_Module(self, node: cst.Module) -> None:
        for cls in self.model.classes.values():
            if cls.keras_kind == "layer" and len(cls.base_names) == 1:
                base = cls.base_names[0]
                if (
                    base
                    and base not in self.model.module_classes
                    and is_keras(base, "Layer", "layers.Layer")
                ):
                    self._check(cls)

    def _check(self, cls: ClassInfo) -> None:
        init, get_config = cls.methods.get("__init__"), cls.methods.get("get_config")
        if init is None or get_config is None or "from_config" in cls.methods:
            return
        body = get_config.node.body
        if not isinstance(body, cst.IndentedBlock):
            return
        config = _Config()
        if not config.run(body.body, True) or config.returns != 1 or config.returned is None:
            return
        keys, has_base = config.returned
        if has_base:
            keys = keys | set(_BASE_LAYER_CONFIG)
        params = init.node.params
        if isinstance(params.star_arg, cst.Param) or not params.params:
            return  # `*args`: what it takes by position is not known
        named = [*params.params[1:], *params.kwonly_params]
        takes = {p.name.value for p in [*params.params, *params.kwonly_params]}
        required = [p for p in named if p.default is None]
        missing = [p for p in required if p.name.value not in keys]
        if missing:
            listed = ", ".join(f"`{p.name.value}`" for p in missing)
            self.report(
                get_config.node.name,
                f"`{cls.name}.get_config()` leaves out {listed}, which `__init__` requires: "
                f"`{cls.name}.from_config` (`load_model`) calls `{cls.name}(**config)` and "
                "fails with a `TypeError`; add it to the config",
                because=[(f"`__init__` requires `{missing[0].name.value}`", missing[0])],
            )
            return
        if params.star_kwarg is not None:
            return
        refused = sorted(k for k in keys if k not in takes)
        if refused:
            listed = ", ".join(f"`{k}`" for k in refused)
            where = " (from `super().get_config()`)" if has_base else ""
            self.report(
                get_config.node.name,
                f"`{cls.name}.get_config()` returns {listed}{where}, which `__init__` does "
                f"not take: `load_model` calls `{cls.name}(**config)` and fails with a "
                "`TypeError`; give `__init__` a `**kwargs` and pass it to `super().__init__`",
                because=[(f"`{cls.name}.__init__` takes no `**kwargs`", init.node.name)],
            )


def _metric_classes(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> list[tuple[ClassInfo, cst.Call]]:
    """The metric classes of the module whose instances ``expr`` (a `compile` argument) holds:
    ``[MyMetric()]``, ``{"out": MyMetric()}``, a name bound to one of those."""
    if depth > 3:
        return []
    if isinstance(expr, (cst.List, cst.Tuple)):
        return [
            found
            for element in expr.elements
            if isinstance(element, cst.Element)
            for found in _metric_classes(model, element.value, scope, depth + 1)
        ]
    if isinstance(expr, cst.Dict):
        return [
            found
            for element in expr.elements
            if isinstance(element, cst.DictElement)
            for found in _metric_classes(model, element.value, scope, depth + 1)
        ]
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr, scope or model.scope_of(expr)).values
        if len(values) == 1:
            return _metric_classes(model, values[0], scope, depth + 1)
        return []
    if isinstance(expr, cst.Call) and type(expr.func) is cst.Name:
        binding = model.binding_of(expr.func, scope or model.scope_of(expr.func))
        classes = [s.node for s in binding.sites if s.kind == SiteKind.CLASS]
        if len(binding.sites) == 1 and classes:
            cls = model.classes.get(classes[0])
            if cls is not None and cls.keras_kind == "metric":
                return [(cls, expr)]
    return []


class MetricUpdateStateWithoutSampleWeight(Rule):
    id = "TF957"
    name = "metric-update-state-without-sample-weight"
    category = "api-misuse"
    severity = "error"
    message = (
        "a custom metric given to `compile` has an `update_state` that takes no `sample_weight`"
    )
    rationale = """
        A metric given to `compile(metrics=...)` (or `weighted_metrics=`) is updated by Keras
        as `metric.update_state(y_true, y_pred, sample_weight=sample_weight)`, with the
        keyword, on every step, even when `fit` has no sample weights. A `Metric` subclass
        whose `update_state(self, y_true, y_pred)` has no `sample_weight` parameter (nor
        `**kwargs`) fails on the first step: under TF 2.21 / Keras 3, `TypeError:
        MyMetric.update_state() got an unexpected keyword argument 'sample_weight'`. The
        `keras.metrics.Metric` reference and the "Training & evaluation with the built-in
        methods" guide declare `update_state(self, y_true, y_pred, sample_weight=None)`.
        Evidence required: a `Metric` subclass of the module, an instance of it in the
        `metrics`/`weighted_metrics` argument of a `compile` call (in the list, a dict of
        them, or a name bound to one), and the `update_state` it resolves to, defined in the
        module, takes neither `sample_weight` nor `**kwargs`.
    """
    requires_text = ("update_state",)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if type(func) is not cst.Attribute or func.attr.value != "compile":
            return
        scope = self.context.function or None
        for arg in node.args:
            if arg.keyword is None or arg.keyword.value not in ("metrics", "weighted_metrics"):
                continue
            for cls, made in _metric_classes(self.model, arg.value, scope):
                update = self.model.resolve_method(cls, "update_state")
                if update is None:
                    continue
                params = update.node.params
                names = {p.name.value for p in [*params.params, *params.kwonly_params]}
                if "sample_weight" in names or params.star_kwarg is not None:
                    continue
                self.report(
                    made,
                    f"`{cls.name}.update_state` takes no `sample_weight`: Keras calls it with "
                    "`sample_weight=` on every training step, so `fit` fails with a "
                    "`TypeError`; add `sample_weight=None` to its parameters",
                    because=[(f"`{cls.name}.update_state` is defined here", update.node.name)],
                )


_SAVED_EXTENSIONS = (".keras", ".h5", ".hdf5")


def _path_literal(model: ModuleModel, expr: cst.BaseExpression, depth: int = 0) -> str | None:
    """The file name ``expr`` spells: a string, a name bound once to one (``MODEL_PATH``)."""
    if isinstance(expr, cst.SimpleString):
        value = expr.evaluated_value
        return value if isinstance(value, str) else None
    if isinstance(expr, cst.Name) and depth < 3:
        values = model.binding_of(expr).values
        if len(values) == 1:
            return _path_literal(model, values[0], depth + 1)
    return None


def _path_argument(call: cst.Call, position: int = 0) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value in ("filepath", "filename"):
            return arg.value
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[position].value if len(positional) > position else None


class UnregisteredCustomObjectOnLoad(Rule):
    id = "TF958"
    name = "custom-object-not-given-to-load-model"
    category = "api-misuse"
    severity = "error"
    message = (
        "`load_model` reads a file holding a custom object of the module without `custom_objects`"
    )
    rationale = """
        A saved model names each layer, loss and metric by its class or function. When
        `load_model` rebuilds it, Keras finds its own classes, and a custom one only through
        `custom_objects=`, a `custom_object_scope`, or registration
        (`@keras.saving.register_keras_serializable()`): being defined in the running script is
        not enough. Under TF 2.21 / Keras 3, reloading a `.keras` file whose model holds a
        custom layer of the script fails (`TypeError: ... could not be deserialized
        properly`), a `.h5` file fails with `Unknown layer: 'Scale'`, and a custom loss
        function given to `compile` fails the same way unless `compile=False`. The keras.io
        "Serialization & saving" guide lists the three ways to make them known. Evidence
        required: the module saves a model (`.save`, `save_model`, `ModelCheckpoint` not
        `save_weights_only=True`) to a `.keras`/`.h5` file and `load_model` reads the same
        file (the same string, or a name bound once to it) with no `custom_objects`; the module
        defines an unregistered Keras layer or model class and builds one, or gives a function
        of its own to `compile` as a loss or metric (then only while `compile` is not
        `False`); and it makes no `custom_object_scope` and touches no `get_custom_objects()`.
    """
    requires_text = ("load_model",)

    def visit_Module(self, node: cst.Module) -> None:
        # path -> (the saving call, the model saved or a checkpoint's call, where)
        self._saves: dict[str, tuple[cst.Call, cst.BaseExpression]] = {}
        self._loads: list[tuple[str, cst.Call]] = []
        # receiver code -> the loss/metric arguments its `compile` calls give
        self._compiles: dict[str, list[cst.BaseExpression]] = {}
        self._fits: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []  # model, callbacks
        # the module makes its objects known some other way (rare: read only where it loads)
        text = self.context.source or node.code
        self._off = any(
            s in text for s in ("custom_object_scope", "CustomObjectScope", "get_custom_objects")
        ) or _called_register(text)

    def visit_Call(self, node: cst.Call) -> None:
        if self._off:
            return
        model = self.model
        name = model.call_name(node) or ""
        func = node.func
        if type(func) is cst.Attribute and func.attr.value == "compile":
            positional = [a for a in node.args if a.keyword is None and not a.star]
            given = [
                a.value
                for a in node.args
                if a.keyword is not None
                and a.keyword.value in ("loss", "metrics", "weighted_metrics")
            ] + [a.value for a in positional[1:2]]  # `compile("adam", my_loss)`
            self._compiles.setdefault(code_of(func.value), []).extend(given)
        if type(func) is cst.Attribute and func.attr.value == "fit":
            for arg in node.args:
                if arg.keyword is not None and arg.keyword.value == "callbacks":
                    self._fits.append((func.value, arg.value))
        path_expr: cst.BaseExpression | None = None
        saved: cst.BaseExpression | None = None
        if type(func) is cst.Attribute and func.attr.value == "save":
            path_expr, saved = _path_argument(node), func.value
        elif name.endswith("save_model") and is_keras(name):
            path_expr = _path_argument(node, 1)
            saved = _path_argument(node, 0) if node.args and node.args[0].keyword is None else None
        elif is_keras(name, "callbacks.ModelCheckpoint") and not _weights_only(node):
            path_expr, saved = _path_argument(node), node
        elif is_keras(name, "models.load_model", "saving.load_model"):
            if any(
                a.keyword is not None and a.keyword.value == "custom_objects" for a in node.args
            ):
                return
            path = _path_literal(model, _path_argument(node) or cst.Name("None"))
            if path and path.lower().endswith(_SAVED_EXTENSIONS):
                self._loads.append((path, node))
            return
        if path_expr is not None and saved is not None:
            path = _path_literal(model, path_expr)
            if path and path.lower().endswith(_SAVED_EXTENSIONS):
                self._saves.setdefault(path, (node, saved))

    def _saved_models(self, saved: cst.BaseExpression) -> list[cst.BaseExpression]:
        """The model ``saved`` stands for: itself, or for a checkpoint the models whose `fit`
        is given it."""
        if not isinstance(saved, cst.Call):
            return [saved]
        found = []
        for fitted, callbacks in self._fits:
            for inner in _nodes(callbacks):
                if inner is saved or (
                    isinstance(inner, cst.Name) and saved in self.model.binding_of(inner).values
                ):
                    found.append(fitted)
                    break
        return found

    def _custom(self, saved: cst.BaseExpression, compiles: bool) -> list[tuple[str, cst.CSTNode]]:
        """The module's unregistered classes the saved model is built from, and (when the load
        compiles) the functions of its own its `compile` gives."""
        model = self.model
        custom: dict[str, cst.CSTNode] = {}
        for fitted in self._saved_models(saved):
            seen: set[int] = set()
            todo: list[tuple[cst.CSTNode, int]] = [(fitted, 0)]
            while todo:
                expr, depth = todo.pop()
                if id(expr) in seen or depth > 6:
                    continue
                seen.add(id(expr))
                for inner in _nodes(expr):
                    if isinstance(inner, cst.Call) and type(inner.func) is cst.Name:
                        cls = _module_class(model, inner.func)
                        if (
                            cls is not None
                            and cls.keras_kind in ("layer", "model")
                            and not _registered(cls)
                        ):
                            custom.setdefault(f"class `{cls.name}`", inner)
                    if isinstance(inner, cst.Name):
                        todo += [(v, depth + 1) for v in model.binding_of(inner).values]
            if not compiles:
                continue
            for given in self._compiles.get(code_of(fitted), []):
                for inner in _nodes(given):
                    if isinstance(inner, cst.Name):
                        sites = model.binding_of(inner).sites
                        if (
                            len(sites) == 1
                            and sites[0].kind == SiteKind.DEF
                            and not any(
                                "register_keras_serializable" in code_of(d.decorator)
                                for d in getattr(sites[0].node, "decorators", ())
                            )
                        ):
                            custom.setdefault(f"function `{inner.value}`", inner)
        return list(custom.items())

    def leave_Module(self, original_node: cst.Module) -> None:
        if self._off:
            return
        for path, load in self._loads:
            if path not in self._saves:
                continue
            site, saved = self._saves[path]
            compiles = not any(
                a.keyword is not None
                and a.keyword.value == "compile"
                and isinstance(a.value, cst.Name)
                and a.value.value == "False"
                for a in load.args
            )
            custom = self._custom(saved, compiles)
            if not custom:
                continue
            listed = ", ".join(what for what, _ in custom[:3])
            self.report(
                load,
                f"`load_model` reads `{path}`, saved with the module's own {listed}, but is "
                "given no `custom_objects`: Keras cannot find them and loading fails; pass "
                "`custom_objects={...}` or register them with "
                "`@keras.saving.register_keras_serializable()`",
                because=[
                    (f"the model is saved to `{path}` here", site),
                    (f"{custom[0][0]} is used here", custom[0][1]),
                ],
            )


def _nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    """``node`` and every node under it that reads a value: not the attribute name of
    ``tf.keras.losses.mae`` nor the keyword of ``Dense(units=4)``."""
    found, todo = [], [node]
    while todo:
        current = todo.pop()
        found.append(current)
        if isinstance(current, (cst.Attribute, cst.Arg)):
            todo.append(current.value)
        else:
            todo.extend(children(current))
    return found


def _module_class(model: ModuleModel, name: cst.Name) -> ClassInfo | None:
    binding = model.binding_of(name)
    classes = [s.node for s in binding.sites if s.kind == SiteKind.CLASS]
    if len(binding.sites) == 1 and classes:
        return model.classes.get(classes[0])
    return None


def _called_register(text: str) -> bool:
    """Whether ``register_keras_serializable`` is called other than as a decorator
    (``register_keras_serializable()(Scale)``)."""
    return any(
        "register_keras_serializable" in line
        and not line.lstrip().startswith("@")
        and "import" not in line
        for line in text.splitlines()
    )


def _registered(cls: ClassInfo) -> bool:
    return any("register_keras_serializable" in code_of(d.decorator) for d in cls.node.decorators)


def _weights_only(call: cst.Call) -> bool:
    return any(
        a.keyword is not None
        and a.keyword.value == "save_weights_only"
        and not (isinstance(a.value, cst.Name) and a.value.value == "False")
        for a in call.args
    )


def _several(model: ModuleModel, expr: cst.BaseExpression | None, depth: int = 0) -> int:
    """How many outputs or targets ``expr`` lists (a list, tuple or dict display, or a name
    bound once to one); 0 when not known."""
    if isinstance(expr, (cst.List, cst.Tuple, cst.Dict)):
        if any(isinstance(e, (cst.StarredElement, cst.StarredDictElement)) for e in expr.elements):
            return 0
        return len(expr.elements)
    if isinstance(expr, cst.Name) and depth < 3:
        values = model.binding_of(expr).values
        if len(values) == 1:
            return _several(model, values[0], depth + 1)
    return 0


def _keyword_or_position(call: cst.Call, keyword: str, position: int) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    positional = [a for a in call.args if a.keyword is None]
    if any(a.star for a in positional[: position + 1]):
        return None
    return positional[position].value if len(positional) > position else None


class ClassWeightWithSeveralOutputs(Rule):
    id = "TF959"
    name = "class-weight-with-several-outputs"
    category = "api-misuse"
    severity = "error"
    message = "`fit(class_weight=...)` on a model with several outputs: Keras refuses it"
    rationale = """
        `class_weight` maps class indices to weights for one target. Keras applies it only to
        a model with a single output: with several outputs (or several targets given to
        `fit`) it raises `ValueError: class_weight is only supported for Models with a single
        output` (TF 2.21 / Keras 3, and tf-keras alike) before the first step. Weight each
        output's samples with `sample_weight` (a dict or list, one array per output) or weight
        the classes inside each output's loss. Evidence required: `<model>.fit(...)` given a
        `class_weight` that is not `None`, where `<model>` is bound once to
        `keras.Model(inputs, outputs)` whose `outputs` is a list, tuple or dict display of two
        or more, or `fit`'s targets are such a display.
    """
    requires_text = ("class_weight",)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        weights = _class_weight_given_to_fit(node)
        if weights is None:
            return
        model = self.model
        targets = _several(model, _keyword_or_position(node, "y", 1))
        if targets >= 2:
            self.report(
                weights,
                f"`fit` is given {targets} targets and a `class_weight`: Keras applies class "
                "weights only to a model with one output and raises a `ValueError`; pass "
                "per-output `sample_weight` instead",
            )
            return
        if not isinstance(func.value, cst.Name):
            return
        values = model.binding_of(func.value).values
        if len(values) != 1 or not isinstance(values[0], cst.Call):
            return
        built = values[0]
        if not is_keras(model.call_name(built), "Model", "models.Model"):
            return
        outputs = _several(model, _keyword_or_position(built, "outputs", 1))
        if outputs >= 2:
            self.report(
                weights,
                f"`{func.value.value}` has {outputs} outputs: Keras applies `class_weight` only "
                "to a model with one output and raises a `ValueError`; pass per-output "
                "`sample_weight` instead",
                because=[(f"`{func.value.value}` is built with {outputs} outputs here", built)],
            )


# layers whose output keeps spatial or time axes: a model ending in one predicts a label per
# pixel (per step), so its targets have 3 or more dimensions
_SPATIAL_OUTPUT_LAYERS = frozenset(
    {
        "Conv1D",
        "Conv2D",
        "Conv3D",
        "Conv1DTranspose",
        "Conv2DTranspose",
        "Conv3DTranspose",
        "Convolution1D",
        "Convolution2D",
        "Convolution3D",
        "SeparableConv1D",
        "SeparableConv2D",
        "DepthwiseConv2D",
        "UpSampling1D",
        "UpSampling2D",
        "UpSampling3D",
        "TimeDistributed",
    }
)
# layers that keep their input's shape: the model's output is shaped by the layer before
_SHAPE_KEEPING_LAYERS = frozenset({"Activation", "Softmax", "Dropout", "BatchNormalization"})


def _keras_layer_name(model: ModuleModel, call: cst.Call) -> str | None:
    """``Conv2D`` for ``keras.layers.Conv2D(...)`` (any Keras spelling), else None."""
    name = model.call_name(call) or ""
    canonical = knowledge.canonical(name) if name else ""
    if not canonical.startswith(("keras.layers.", "tf_keras.layers.")):
        return None
    return canonical.rsplit(".", 1)[-1]


def _spatial_output(
    model: ModuleModel, expr: cst.BaseExpression | None, depth: int = 0
) -> cst.Call | None:
    """The layer (a convolution, an upsampling, ``TimeDistributed``) whose output is the
    output of the model ``expr`` builds, when it keeps spatial or time axes: a name bound once
    to ``Sequential([...])``, ``Model(inputs, outputs)`` or a function of the module returning
    one; else None."""
    if expr is None or depth > 6:
        return None
    if isinstance(expr, cst.Name):
        values = values_read(model, expr, model.scope_of(expr))  # the value this read sees
        return _spatial_output(model, values[0], depth + 1) if len(values) == 1 else None
    if not isinstance(expr, cst.Call):
        return None
    if isinstance(expr.func, cst.Call):  # `Conv2D(3, 1)(x)`: the layer called on a tensor
        layer = _keras_layer_name(model, expr.func)
        if layer in _SPATIAL_OUTPUT_LAYERS:
            return expr.func
        if layer in _SHAPE_KEEPING_LAYERS and expr.args:
            return _spatial_output(model, expr.args[0].value, depth + 1)
        return None
    name = model.call_name(expr) or ""
    if is_keras(name, "Sequential", "models.Sequential"):
        layers = _keyword_or_position(expr, "layers", 0)
        if not isinstance(layers, cst.List) or not layers.elements:
            return None
        for element in reversed(layers.elements):
            layer = element.value
            if not isinstance(layer, cst.Call):
                return None
            kind = _keras_layer_name(model, layer)
            if kind in _SHAPE_KEEPING_LAYERS:
                continue
            return layer if kind in _SPATIAL_OUTPUT_LAYERS else None
        return None
    if is_keras(name, "Model", "models.Model"):
        return _spatial_output(model, _keyword_or_position(expr, "outputs", 1), depth + 1)
    callee = model.callee(expr, None)
    if callee is not None and not callee.is_generator:
        returned = model.return_values(callee)
        if len(returned) == 1:
            return _spatial_output(model, returned[0], depth + 1)
    return None


class ClassWeightForPerPixelLabels(Rule):
    id = "TF975"
    name = "class-weight-for-per-pixel-labels"
    category = "api-misuse"
    severity = "error"
    message = (
        "`fit(class_weight=...)` on a model that predicts a label per pixel or per step: "
        "class weights take one label per sample"
    )
    rationale = """
        `class_weight` maps each sample's class index to a weight: Keras looks up one label
        per sample. A model whose output keeps spatial or time axes (a segmentation network
        ending in a `Conv2D`, a `Conv2DTranspose` or an `UpSampling2D`, a tagger ending in
        `TimeDistributed`) is trained on a label per pixel or per step, targets of 3 or more
        dimensions, which `class_weight` cannot weight: Keras 3 (TF 2.21) fails in `fit`
        with `TypeError: only 0-dimensional arrays can be converted to Python scalars` for
        sparse and one-hot label maps alike, and Keras 2 raised `ValueError: class_weight
        not supported for 3+ dimensional targets`. Weight the pixels with a `sample_weight`
        map of the labels' shape (`tf.gather(weights, labels)`, returned by the dataset as a
        third element), or weight the classes inside the loss. Evidence required:
        `<model>.fit(...)` given a `class_weight` that is not `None`, where `<model>` is bound
        once to a `Sequential([...])` whose last layer (past `Activation`, `Softmax`,
        `Dropout`, `BatchNormalization`) is such a layer, to `Model(inputs, outputs)` whose
        output is made by one, or to what a function of the module returns when that is one
        of these.
    """
    requires_text = ("class_weight",)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        weights = _class_weight_given_to_fit(node)
        if weights is None:
            return
        layer = _spatial_output(self.model, func.value)
        if layer is None:
            return
        kind = _keras_layer_name(self.model, layer)
        self.report(
            weights,
            f"`{code(func.value)}` ends in a `{kind}`, so it predicts a label per pixel (or per "
            "step) and its targets have 3 or more dimensions: `class_weight` takes one label "
            "per sample and fails; weight the pixels with a `sample_weight` map instead",
            because=[(f"the model's output comes from this `{kind}`", layer)],
        )


_RNN_LAYERS = ("RNN", "LSTM", "GRU", "SimpleRNN", "ConvLSTM1D", "ConvLSTM2D", "ConvLSTM3D")
_RNN_WRAPPERS = ("Bidirectional", "TimeDistributed")


def _kwarg(call: cst.Call, name: str) -> cst.BaseExpression | None:
    return next(
        (a.value for a in call.args if a.keyword is not None and a.keyword.value == name), None
    )


def _is_true(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "True"


class StatefulRnnWithoutBatchSize(Rule):
    id = "TF021"
    name = "stateful-rnn-without-batch-size"
    category = "api-misuse"
    severity = "error"
    message = "a stateful RNN layer gets an input whose batch size is not fixed: Keras refuses it"
    rationale = """
        A stateful RNN keeps one state per sample of the batch, in variables sized when the
        layer is built, so it must know the batch size then (the `keras.layers.RNN`
        reference: "specify a fixed batch size for your model"). Built on `keras.Input(shape=...)` or from an
        `input_shape=` without a batch size, its batch dimension is `None` and building fails
        under TF 2.21 / Keras 3: `ValueError: When using stateful=True in a RNN, the batch
        size must be static. Found dynamic batch size: sequence.shape=(None, 5, 3)` (Keras 2
        raised "If a RNN is stateful, it needs to know its batch size"). Evidence required:
        an RNN layer (`LSTM`, `GRU`, `SimpleRNN`, `RNN`, `ConvLSTM*D`, or one of them in
        `Bidirectional`/`TimeDistributed`) made with `stateful=True` that is given
        `input_shape=` with no `batch_size=`, or is listed in a `Sequential([...])` whose first
        entry is a `keras.Input`/`InputLayer` with neither `batch_size` nor `batch_shape`, or is
        called on a tensor that leads back, through layer calls and names bound once, to such
        a `keras.Input`.
    """
    requires_text = ("stateful",)

    def _stateful(self, expr: cst.BaseExpression) -> cst.Call | None:
        """The stateful RNN layer ``expr`` makes (itself, or wrapped)."""
        if not isinstance(expr, cst.Call):
            return None
        name = self.model.call_name(expr) or ""
        if is_keras(name, *(f"layers.{n}" for n in _RNN_LAYERS)):
            return expr if _is_true(_kwarg(expr, "stateful")) else None
        if is_keras(name, *(f"layers.{n}" for n in _RNN_WRAPPERS)) and expr.args:
            return self._stateful(expr.args[0].value)
        return None

    def _unbatched_input(self, expr: cst.BaseExpression | None) -> cst.Call | None:
        """The `keras.Input(shape=...)` without a batch size that ``expr`` is made from."""
        for _ in range(30):
            if isinstance(expr, cst.Name):
                values = self.model.binding_of(expr).values
                if len(values) != 1:
                    return None
                expr = values[0]
                continue
            if not isinstance(expr, cst.Call):
                return None
            name = self.model.call_name(expr) or ""
            if is_keras(name, "Input", "layers.Input", "layers.InputLayer"):
                if any(
                    _kwarg(expr, k) is not None
                    for k in ("batch_size", "batch_shape", "batch_input_shape", "tensor")
                ):
                    return None
                return expr
            if isinstance(expr.func, cst.Call) and expr.args and expr.args[0].keyword is None:
                expr = expr.args[0].value  # `layers.Dense(4)(h)`: follow `h`
                continue
            return None
        return None

    def visit_Call(self, node: cst.Call) -> None:
        model = self.model
        layer = self._stateful(node)
        if layer is not None and node is layer:
            shape = _kwarg(layer, "input_shape")
            if shape is not None and _kwarg(layer, "batch_size") is None:
                self._report(layer, "is given `input_shape=` without a `batch_size`", shape)
                return
        # applied: `LSTM(..., stateful=True)(x)`
        if isinstance(node.func, cst.Call) and node.args:
            applied = self._stateful(node.func)
            if applied is not None and _kwarg(applied, "input_shape") is None:
                source = self._unbatched_input(node.args[0].value)
                if source is not None:
                    self._report(
                        applied, "is called on a `keras.Input` without a batch size", source
                    )
            return
        name = model.call_name(node) or ""
        if is_keras(name, "Sequential", "models.Sequential") and node.args:
            layers = node.args[0].value
            if not isinstance(layers, cst.List) or not layers.elements:
                return
            first = layers.elements[0].value
            source = self._unbatched_input(first) if isinstance(first, cst.Call) else None
            if source is None or source is not first:
                return
            for element in layers.elements[1:]:
                found = self._stateful(element.value)
                if found is not None and _kwarg(found, "input_shape") is None:
                    self._report(found, "follows a `keras.Input` without a batch size", source)
                    return

    def _report(self, layer: cst.Call, why: str, where: cst.CSTNode) -> None:
        self.report(
            layer,
            f"this stateful RNN layer {why}: its batch dimension is `None` and Keras refuses "
            "to build it (`the batch size must be static`); give the input a fixed "
            "`batch_size` (`keras.Input(shape, batch_size=...)`)",
            because=[("the input's shape is set here, with no batch size", where)],
        )


# --- Embedding sized by the largest id ------------------------------------------------------

_LOOKUP_LAYERS = ("layers.StringLookup", "layers.IntegerLookup", "layers.TextVectorization")
_ARRAY_MAX = frozenset({"numpy.max", "numpy.amax", "numpy.nanmax"})


def _through_names(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> cst.BaseExpression:
    """What ``expr`` holds, followed through names bound to one value only (up to 4 names)."""
    for _ in range(4):
        if not isinstance(expr, cst.Name):
            break
        values = values_read(model, expr, scope)
        if len(values) != 1 or not isinstance(values[0], cst.BaseExpression):
            break
        expr = values[0]
    return expr


def _mentions_length(expr: cst.CSTNode) -> bool:
    """Whether ``expr`` reads lengths or shapes (a longest sequence, not a largest id)."""
    found: list[bool] = []

    def enter(sub: cst.CSTNode) -> bool:
        text = (
            sub.value
            if isinstance(sub, cst.Name)
            else sub.attr.value
            if isinstance(sub, cst.Attribute)
            else ""
        )
        if "len" in text.lower() or text == "shape":
            found.append(True)
        return not found

    walk(expr, enter)
    return bool(found)


class EmbeddingSizedByLargestId(Rule):
    id = "TF964"
    name = "embedding-input-dim-is-largest-id"
    category = "api-misuse"
    severity = "error"
    message = "an `Embedding`'s `input_dim` is the largest id, not the largest id + 1: the largest id is out of range"
    rationale = """
        `Embedding(input_dim, ...)` holds rows for the ids `0 .. input_dim - 1`: its
        documentation defines `input_dim` as "Size of the vocabulary, i.e. maximum integer
        index + 1". Sized by the largest id itself, the table lacks that id's row, and looking
        it up fails on CPU (`InvalidArgumentError: indices[...] = 6 is not in [0, 6)` from
        `GatherV2`, Keras 3.15 and tf-keras alike; on GPU the lookup silently gives zeros).
        Three ways the module shows the largest id: `len(tokenizer.word_index)` of a Keras
        `Tokenizer` (its ids start at 1, index 0 is reserved, so the largest is
        `len(word_index)`) without `num_words`; `len(vocab)` of a vocabulary also given to a
        `StringLookup`, `IntegerLookup` or `TextVectorization` (they add out-of-vocabulary
        and mask ids before it; `layer.vocabulary_size()` counts them); and the largest value
        of the data (`np.max(ids)`, `ids.max()`, `max(word_to_id.values())`), not of lengths
        or shapes. Add 1 (or use `vocabulary_size()`). Evidence required: the `input_dim` of a
        Keras `Embedding` is one of these expressions, or a name bound only to one, with no
        `+ 1` on the way.
    """
    requires_text = ("Embedding",)

    def visit_Module(self, node: cst.Module) -> None:
        model = self.model
        # the names given as `vocabulary=` to a lookup layer that adds ids before them
        self._lookup_vocabularies: dict[str, cst.Call] = {}
        for call in model.nodes_of(cst.Call):
            if not is_keras(model.call_name(call), *_LOOKUP_LAYERS):
                continue
            oov = _kwarg(call, "num_oov_indices")
            if isinstance(oov, cst.Integer) and oov.value == "0":
                continue
            vocabulary = _kwarg(call, "vocabulary")
            if isinstance(vocabulary, cst.Name):
                self._lookup_vocabularies[vocabulary.value] = call

    def visit_Call(self, node: cst.Call) -> None:
        model = self.model
        if not is_keras(model.call_name(node), "layers.Embedding"):
            return
        given = _keyword_or_position(node, "input_dim", 0)
        if given is None:
            return
        scope = self.context.scope
        held = _through_names(model, given, scope)
        why = self._largest_id(held, scope)
        if why is None:
            return
        because = [] if held is given else [(f"`{code(given)}` is `{code(held)}` here", held)]
        self.report(
            given,
            f"`input_dim={code(given)}` is {why}: the Embedding's rows are `0 .. input_dim - 1`, "
            f"so that id has no row and its lookup fails; use `{code(given)} + 1`",
            because=because,
        )

    def _largest_id(self, held: cst.BaseExpression, scope: Scope | None) -> str | None:
        model = self.model
        if not isinstance(held, cst.Call):
            return None
        func = held.func
        if isinstance(func, cst.Name) and func.value == "int" and len(held.args) == 1:
            return self._largest_id(_through_names(model, held.args[0].value, scope), scope)
        if isinstance(func, cst.Name) and func.value == "len" and len(held.args) == 1:
            counted = held.args[0].value
            if isinstance(counted, cst.Name) and counted.value in self._lookup_vocabularies:
                lookup = self._lookup_vocabularies[counted.value]
                return (
                    f"the size of a vocabulary a `{code(lookup.func)}` also reads, which adds an "
                    "out-of-vocabulary id: its largest id is `len(vocabulary)` or more"
                )
            counted = _through_names(model, counted, scope)
            if not (isinstance(counted, cst.Attribute) and counted.attr.value == "word_index"):
                return None
            owner = _through_names(model, counted.value, scope)
            if isinstance(owner, cst.Call):
                if not (model.call_name(owner) or "").endswith("Tokenizer"):
                    return None
                words = _keyword_or_position(owner, "num_words", 0)
                if words is not None and not (
                    isinstance(words, cst.Name) and words.value == "None"
                ):
                    return None  # ids below num_words only
            elif "token" not in code(counted.value).lower():
                return None
            return "the number of a `Tokenizer`'s words, whose ids start at 1: it is the largest id"
        if _mentions_length(held):
            return None
        name = model.call_name(held) or ""
        if name in _ARRAY_MAX and held.args:
            return "the largest value of the data, the largest id"
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "max"
            and not held.args
            and name == ""
        ):
            return "the largest value of the data, the largest id"
        if isinstance(func, cst.Name) and func.value == "max" and len(held.args) == 1:
            inner = held.args[0].value
            if (
                isinstance(inner, cst.Call)
                and isinstance(inner.func, cst.Attribute)
                and inner.func.attr.value == "values"
                and not inner.args
            ):
                return "the largest id of a mapping to ids"
        return None


# --- crossentropy given the other label encoding --------------------------------------------

_SPARSE, _ONE_HOT = "integer class ids", "one-hot rows"
_LOSS_ENCODING = {
    "sparse_categorical_crossentropy": _SPARSE,
    "SparseCategoricalCrossentropy": _SPARSE,
    "categorical_crossentropy": _ONE_HOT,
    "CategoricalCrossentropy": _ONE_HOT,
}
_DIRECTORY_LOADERS = (
    "image_dataset_from_directory",
    "text_dataset_from_directory",
    "audio_dataset_from_directory",
)
_LABEL_MODE = {"int": _SPARSE, "categorical": _ONE_HOT}
_CLASS_MODE = {"sparse": _SPARSE, "categorical": _ONE_HOT}
# dataset methods that keep each element's labels as they are
_LABEL_KEEPING = frozenset({"batch", "prefetch", "cache", "shuffle", "repeat", "take", "skip"})


def _string(expr: cst.BaseExpression | None) -> str | None:
    if isinstance(expr, cst.SimpleString):
        return expr.evaluated_value if isinstance(expr.evaluated_value, str) else None
    return None


def _split_labels(
    model: ModuleModel, labels: cst.BaseExpression, scope: Scope | None
) -> cst.BaseExpression:
    """What ``labels`` holds, followed through names and through scikit-learn's
    ``train_test_split(X, y)`` (``X_train, X_test, y_train, y_test``: the part of ``y``)."""
    for _ in range(3):
        origin = _through_names(model, labels, scope)
        if not (
            isinstance(origin, cst.Call)
            and model.call_name(origin) == "sklearn.model_selection.train_test_split"
        ):
            return origin
        last = labels
        while isinstance(last, cst.Name):  # the name the split's result is unpacked into
            sites = model.binding_of(last, scope).sites
            if len(sites) != 1:
                return origin
            site = sites[0]
            if site.kind == SiteKind.UNPACK and site.value is origin:
                break
            if not isinstance(site.value, cst.Name):
                return origin
            last = site.value
        else:
            return origin
        arrays = [a.value for a in origin.args if a.keyword is None and not a.star]
        if site.index is None or site.index // 2 >= len(arrays):
            return origin
        labels = arrays[site.index // 2]
    return labels


def _one_hot_literal(model: ModuleModel, origin: cst.BaseExpression) -> bool:
    """Whether ``origin`` is a literal table of one-hot rows (``np.array([[1, 0], [0, 1]])``,
    or the bare list): at least two rows of two or more 0/1 entries, each with a single 1."""
    if isinstance(origin, cst.Call):
        name = model.call_name(origin) or ""
        if name not in ("numpy.array", "numpy.asarray") or not origin.args:
            return False
        origin = origin.args[0].value
    if not isinstance(origin, (cst.List, cst.Tuple)) or len(origin.elements) < 2:
        return False
    widths = set()
    for row in origin.elements:
        if not isinstance(row.value, (cst.List, cst.Tuple)) or len(row.value.elements) < 2:
            return False
        entries = [e.value for e in row.value.elements]
        if not all(isinstance(e, (cst.Integer, cst.Float)) for e in entries):
            return False
        values = [float(e.value) for e in entries]
        if any(v not in (0.0, 1.0) for v in values) or values.count(1.0) != 1:
            return False
        widths.add(len(values))
    return len(widths) == 1


def _random_class_ids(model: ModuleModel, origin: cst.BaseExpression, scope: Scope | None) -> bool:
    """Whether ``origin`` draws integer class ids, one per sample, from three or more classes:
    ``np.random.randint(0, k, n)`` or a NumPy ``Generator``'s ``integers(0, k, (n, 1))``
    with a literal (or once-bound) ``k`` > 2 and a size of ``n``, ``(n,)`` or ``(n, 1)``."""
    if not isinstance(origin, cst.Call) or any(a.star for a in origin.args):
        return False
    func = origin.func
    name = model.call_name(origin) or ""
    if name == "numpy.random.randint":
        pass
    elif isinstance(func, cst.Attribute) and func.attr.value == "integers":
        maker = _through_names(model, func.value, scope)
        if not (
            isinstance(maker, cst.Call) and model.call_name(maker) == "numpy.random.default_rng"
        ):
            return False
    else:
        return False
    positional = [a.value for a in origin.args if a.keyword is None]
    high = _kwarg(origin, "high")
    if high is None and len(positional) >= 2:
        high = positional[1]
    elif high is None and len(positional) == 1 and _kwarg(origin, "size") is not None:
        high = positional[0]  # randint(k, size=n): ids 0..k-1
    size = _kwarg(origin, "size")
    if size is None and len(positional) >= 3:
        size = positional[2]
    high = _bound_literal(model, high) if high is not None else None
    if not isinstance(high, cst.Integer) or high.evaluated_value <= 2 or size is None:
        return False
    if isinstance(size, cst.Tuple):
        dims = [_bound_literal(model, e.value) for e in size.elements]
        return len(dims) == 1 or (
            len(dims) == 2 and isinstance(dims[1], cst.Integer) and dims[1].evaluated_value == 1
        )
    return not isinstance(size, (cst.List, cst.Tuple))


def _one_hot_made(model: ModuleModel, origin: cst.BaseExpression) -> bool:
    """Whether ``origin`` makes one-hot rows: ``to_categorical``, ``tf.one_hot``, an identity
    matrix's rows picked by the labels (``np.eye(n)[y]``)."""
    if isinstance(origin, cst.Subscript) and isinstance(origin.value, cst.Call):
        return model.call_name(origin.value) in ("numpy.eye", "numpy.identity")
    if not isinstance(origin, cst.Call):
        return False
    name = model.call_name(origin) or ""
    return is_keras(name, "utils.to_categorical") or name in (
        "tensorflow.one_hot",
        "tensorflow.keras.backend.one_hot",
    )


class CrossentropyGivenOtherLabelEncoding(Rule):
    id = "TF966"
    name = "crossentropy-label-encoding-mismatch"
    category = "api-misuse"
    severity = "error"
    message = (
        "a model compiled with a sparse crossentropy is fit on one-hot labels, or with a "
        "categorical crossentropy on integer labels: the shapes do not match"
    )
    rationale = """
        Keras's two multi-class crossentropies take their labels in different encodings:
        `sparse_categorical_crossentropy` (`SparseCategoricalCrossentropy`) takes integer
        class ids, one per sample, and `categorical_crossentropy` (`CategoricalCrossentropy`)
        takes one-hot rows (the Keras losses documentation: "Use this crossentropy loss
        function when there are two or more label classes. We expect labels to be provided
        as integers" for the sparse one, "in a one_hot representation" for the other). Given
        the other encoding, `fit` fails on its first step: one-hot labels to the sparse loss
        raise `ValueError: Argument output must have rank (ndim) target.ndim - 1. Received:
        target.shape=(32, 3), output.shape=(32, 3)`, integer labels to the categorical one
        `ValueError: Arguments target and output must have the same rank (ndim)` (Keras
        3.15; tf-keras raises a `ValueError` too). Evidence required: `<model>.fit(...)`
        where the module compiles `<model>` once with one of these losses (by name, class or
        function), and the labels' encoding shows: `y` made by `to_categorical` or
        `tf.one_hot` (one-hot), or a dataset read straight from a Keras
        `*_dataset_from_directory` loader (its `label_mode`: `"int"` by default, or
        `"categorical"`) or from `ImageDataGenerator.flow_from_directory`/`flow_from_dataframe`
        (its `class_mode`: `"categorical"` by default, or `"sparse"`), with no `map` that
        could re-encode the labels on the way; the labels followed through names and
        scikit-learn's `train_test_split`, and an identity matrix's rows (`np.eye(n)[y]`)
        read as one-hot too, as is a literal table of one-hot rows (`np.array([[1, 0], [0,
        1]])`); integer ids drawn for three or more classes, one per sample
        (`np.random.randint(0, k, n)`, a NumPy Generator's `integers(0, k, (n, 1))`), read as
        class ids (Keras 3 and tf-keras raise `ValueError` for both shapes, TF 2.21). The
        finding is on the loss `compile` is given.
    """
    requires_text = ("crossentropy", "Crossentropy")

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if type(func) is not cst.Attribute or func.attr.value != "fit":
            return
        if not isinstance(func.value, cst.Name):
            return
        model, scope = self.model, self.context.scope
        compiled = self._loss_encoding(func.value)
        if compiled is None:
            return
        wanted, compile_call = compiled
        labels = _keyword_or_position(node, "y", 1)
        if labels is not None:
            origin = _split_labels(model, labels, scope)
            if _one_hot_made(model, origin) or _one_hot_literal(model, origin):
                given = _ONE_HOT
            elif _random_class_ids(model, origin, scope):
                given = _SPARSE
            else:
                return
            shown = labels
        else:
            data = _keyword_or_position(node, "x", 0)
            if data is None:
                return
            found = self._dataset_encoding(data, scope)
            if found is None:
                return
            given, origin = found
            shown = data
        if given == wanted:
            return
        fix = (
            "`categorical_crossentropy`"
            if given == _ONE_HOT
            else "`sparse_categorical_crossentropy`"
        )
        self.report(
            _keyword_or_position(compile_call, "loss", 1) or compile_call,
            f"`{code(func.value)}` is compiled with a loss that takes {wanted}, and `fit` gives it "
            f"{given}: the shapes do not match and `fit` raises a `ValueError`; use {fix} or "
            "re-encode the labels",
            because=[
                (f"the labels are {given} here", origin),
                ("`fit` gives them to the model here", shown),
            ],
        )

    def _loss_encoding(self, receiver: cst.Name) -> tuple[str, cst.Call] | None:
        """What labels the loss takes that the module compiles ``receiver`` with, once."""
        model = self.model
        found: list[tuple[str, cst.Call]] = []
        for call in model.nodes_of(cst.Call):
            func = call.func
            if not (
                isinstance(func, cst.Attribute)
                and func.attr.value == "compile"
                and isinstance(func.value, cst.Name)
                and func.value.value == receiver.value
            ):
                continue
            loss = _keyword_or_position(call, "loss", 1)
            if loss is None:
                return None
            text = _string(loss)
            if text is None:
                target = loss.func if isinstance(loss, cst.Call) else loss
                qualified = (
                    model.qualified_name(target)
                    if isinstance(target, (cst.Name, cst.Attribute))
                    else None
                )
                if not is_keras(qualified):
                    return None
                text = (qualified or "").rpartition(".")[2]
            encoding = _LOSS_ENCODING.get(text)
            if encoding is None:
                return None
            found.append((encoding, call))
        if not found or any(e != found[0][0] for e, _ in found):
            return None
        return found[0]

    def _dataset_encoding(
        self, data: cst.BaseExpression, scope: Scope | None
    ) -> tuple[str, cst.Call] | None:
        """The label encoding of a dataset read straight from a Keras directory loader."""
        model = self.model
        for _ in range(8):
            data = _through_names(model, data, scope)
            if not isinstance(data, cst.Call):
                return None
            func = data.func
            name = model.call_name(data) or ""
            if is_keras(name, *(f"utils.{loader}" for loader in _DIRECTORY_LOADERS)) or (
                is_keras(name) and name.rpartition(".")[2] in _DIRECTORY_LOADERS
            ):
                mode = _kwarg(data, "label_mode")
                text = "int" if mode is None else _string(mode)
                encoding = _LABEL_MODE.get(text or "")
                return (encoding, data) if encoding is not None else None
            if isinstance(func, cst.Attribute) and func.attr.value in (
                "flow_from_directory",
                "flow_from_dataframe",
            ):
                owner = _through_names(model, func.value, scope)
                if not (
                    isinstance(owner, cst.Call)
                    and is_keras(model.call_name(owner), "ImageDataGenerator")
                ):
                    return None
                mode = _kwarg(data, "class_mode")
                text = "categorical" if mode is None else _string(mode)
                encoding = _CLASS_MODE.get(text or "")
                return (encoding, data) if encoding is not None else None
            if isinstance(func, cst.Attribute) and func.attr.value in _LABEL_KEEPING:
                data = func.value
                continue
            return None
        return None


# --- a softmax over one unit; a categorical crossentropy on one unit ----------------------------


def _bound_literal(
    model: ModuleModel, expr: cst.BaseExpression | None
) -> cst.BaseExpression | None:
    """The literal a name is bound to, once (`n_out = 1` ... `Dense(n_out)`); else ``expr``."""
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr).known_values
        if values is not None and len(values) == 1 and isinstance(values[0], cst.Integer):
            return values[0]
    return expr


def _one_unit(model: ModuleModel, layer: cst.BaseExpression) -> bool:
    """Whether ``layer`` constructs a `Dense` (or a channels-last convolution: a layer class
    whose activation defaults to none) of literally one unit (or filter)."""
    if not isinstance(layer, cst.Call) or any(a.star for a in layer.args):
        return False
    units, filters = _keyword_or_position(layer, "units", 0), _kwarg(layer, "filters")
    units, filters = _bound_literal(model, units), _bound_literal(model, filters)
    if not (_literal_one(units) or _literal_one(filters)):
        return False  # asked first: most calls have no literal 1 there
    name = model.call_name(layer)
    if knowledge.linear_activation_position(name) is None:
        return False
    if not is_keras(name, "layers.Dense") and _kwarg(layer, "data_format") is not None:
        return False  # `channels_first`: the activation's last axis is not the channels
    if units is None and not is_keras(name, "layers.Dense"):
        units = filters
    return _literal_one(units)


def _has_literal_one(call: cst.Call) -> bool:
    """Whether an argument of ``call`` is the literal ``1``: one loop, asked of every call."""
    for arg in call.args:
        value = arg.value
        if type(value) is cst.Integer and value.value == "1":
            return True
    return False


def _class_weight_given_to_fit(node: cst.Call) -> cst.Arg | None:
    """The ``class_weight=`` argument of ``node``, a ``<x>.fit(...)``, unless it is ``None``."""
    func = node.func
    if type(func) is not cst.Attribute or func.attr.value != "fit":
        return None
    weights = next(
        (a for a in node.args if a.keyword is not None and a.keyword.value == "class_weight"),
        None,
    )
    if weights is None or (isinstance(weights.value, cst.Name) and weights.value.value == "None"):
        return None
    return weights


def _literal_one(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, cst.Integer) and expr.evaluated_value == 1


def _softmax_activation(model: ModuleModel, expr: cst.BaseExpression | None) -> bool:
    """Whether ``expr``, an `activation=` value, is the softmax (over the last axis)."""
    if expr is None:
        return False
    if isinstance(expr, cst.SimpleString):
        return expr.evaluated_value == "softmax"
    if isinstance(expr, (cst.Name, cst.Attribute)):
        op = knowledge.probability_op(model.qualified_name(expr))
        return op is not None and op["kind"] == "softmax"
    return False


def _softmax_layer(model: ModuleModel, layer: cst.BaseExpression) -> bool:
    """Whether ``layer`` constructs a `Softmax()` over the last axis or an
    `Activation("softmax")`."""
    if not isinstance(layer, cst.Call) or any(a.star for a in layer.args):
        return False
    name = model.call_name(layer)
    if is_keras(name, "layers.Softmax"):
        axis = _keyword_or_position(layer, "axis", 0)
        return axis is None or (
            isinstance(axis, cst.UnaryOperation)
            and isinstance(axis.expression, cst.Integer)
            and axis.expression.value == "1"
            and isinstance(axis.operator, cst.Minus)
        )
    if is_keras(name, "layers.Activation"):
        return _softmax_activation(model, _keyword_or_position(layer, "activation", 0))
    return False


def _activation_layer(model: ModuleModel, layer: cst.Call) -> bool:
    name = model.call_name(layer)
    return is_keras(name, "layers.Softmax") or is_keras(name, "layers.Activation")


def _linear(model: ModuleModel, layer: cst.Call) -> bool:
    position = knowledge.linear_activation_position(model.call_name(layer))
    if position is None:
        return False
    activation = _keyword_or_position(layer, "activation", position)
    return (
        activation is None
        or (isinstance(activation, cst.Name) and activation.value == "None")
        or (isinstance(activation, cst.SimpleString) and activation.evaluated_value == "linear")
    )


class SoftmaxOverOneUnit(Rule):
    id = "TF977"
    name = "softmax-over-one-unit"
    category = "api-misuse"
    severity = "error"
    message = (
        'a softmax over a single unit (`Dense(1, activation="softmax")`): its output is always '
        "1.0, so the model predicts one class whatever it is given; a binary output takes "
        '`activation="sigmoid"`'
    )
    rationale = """
        A softmax normalises its input over the last axis: `exp(z_i) / sum_j exp(z_j)`. Over a
        single unit that is `exp(z) / exp(z)`, 1.0 for every input, so a layer built
        `Dense(1, activation="softmax")` (or a one-unit `Dense` followed by a `Softmax()` or
        `Activation("softmax")` layer) outputs a constant: it runs without error, the loss
        may even move (Keras's binary crossentropy reads the softmax's logits), but every
        prediction is 1.0 and the accuracy stays at the share of the positive class (under
        TF 2.21 / Keras 3, a binary task: 50% against 82% for the same model with
        `activation="sigmoid"`). A binary (or multi-label) output takes a sigmoid; a softmax
        needs one unit per class (`Dense(2, activation="softmax")` with
        `sparse_categorical_crossentropy`). Reported for a `Dense` (or a convolution without
        `data_format`) of literally 1 unit with `activation="softmax"` (or
        `keras.activations.softmax`, `tf.nn.softmax`), and for such a layer without an
        activation followed, in a `Sequential`'s list or a functional model's next call, by a
        `Softmax()` over the last axis or an `Activation("softmax")`.
    """
    requires_text = ("softmax", "Softmax")

    def visit_Call(self, node: cst.Call) -> None:
        model = self.model
        if _has_literal_one(node) and _one_unit(model, node):
            position = knowledge.linear_activation_position(model.call_name(node))
            activation = _keyword_or_position(node, "activation", position or 1)
            if _softmax_activation(model, activation):
                self._report(node, node)
            return
        # `Sequential([..., Dense(1), Softmax()])`
        func = node.func
        leaf = func.attr.value if type(func) is cst.Attribute else getattr(func, "value", None)
        if leaf == "Sequential" and knowledge.canonical(model.call_name(node) or "").endswith(
            "Sequential"
        ):
            layers = _keyword_or_position(node, "layers", 0)
            if isinstance(layers, (cst.List, cst.Tuple)):
                elements = [e.value for e in layers.elements]
                for before, after in itertools.pairwise(elements):
                    if (
                        _one_unit(model, before)
                        and _linear(model, before)
                        and _softmax_layer(model, after)
                    ):
                        self._report(after, before)
            return
        # functional: `Softmax()(x)` where `x = Dense(1)(h)`
        if isinstance(node.func, cst.Call) and _softmax_layer(model, node.func) and node.args:
            given = _through_names(model, node.args[0].value, self.context.scope)
            if (
                isinstance(given, cst.Call)
                and _one_unit(model, given.func)
                and _linear(model, given.func)
            ):
                self._report(node, given.func)

    def _report(self, node: cst.CSTNode, layer: cst.Call) -> None:
        self.report(
            node,
            "this softmax is taken over a single unit, so it outputs 1.0 whatever the input: "
            "the model predicts one class and does not learn; for a binary output use "
            '`activation="sigmoid"` (or give the softmax one unit per class)',
            because=[("one unit", layer)],
        )


_CATEGORICAL_LOSSES = frozenset(
    {
        "sparse_categorical_crossentropy",
        "SparseCategoricalCrossentropy",
        "categorical_crossentropy",
        "CategoricalCrossentropy",
    }
)


class CategoricalLossOnOneUnit(Rule):
    id = "TF978"
    name = "categorical-loss-on-one-unit"
    category = "api-misuse"
    severity = "error"
    message = (
        "a model whose last layer has one unit is compiled with a categorical crossentropy: "
        "the loss is zero (or the labels out of range) and the model does not learn"
    )
    rationale = """
        `categorical_crossentropy` (`CategoricalCrossentropy`) normalises the prediction over
        its last axis and sums `-y * log(p)` over the classes; on a one-unit output the
        normalised prediction is 1.0, so the loss is 0 for every sample and no gradient
        reaches the model (under TF 2.21 / Keras 3, a binary task: the loss is 0.0 from the
        first epoch and the accuracy stays at 50%). `sparse_categorical_crossentropy`
        (`SparseCategoricalCrossentropy`) takes class ids below the number of units: with
        one unit only the id 0 is valid, and `fit` on labels 0 and 1 raises
        `InvalidArgumentError: Received a label value of 1 which is outside the valid range
        of [0, 1)` on CPU (on GPU the TF op gives NaN instead, per
        `tf.nn.sparse_softmax_cross_entropy_with_logits`). A single output with labels 0/1
        takes `binary_crossentropy` and a sigmoid; a categorical loss takes one unit per
        class. Reported for `<model>.compile(loss=...)` with one of these losses (string,
        class or function) where the module shows the model's last layer, a `Dense` (or a
        convolution) of one unit (the literal, or a name bound once to it), in a
        `Sequential`, a functional model or a `Model` subclass's `call`, or such a layer
        followed by an `Activation(...)` or `Softmax()` layer in a `Sequential` (its list or
        its `add` calls) or a functional model.
    """
    requires_text = ("categorical_crossentropy", "CategoricalCrossentropy")

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "compile":
            return
        loss = _keyword_or_position(node, "loss", 1)
        if loss is None or not self._categorical(loss):
            return
        scope = self.context.scope
        if scope is None:
            return
        model = self.model
        layers = [
            self._output_layer(construction, where, node)
            for construction, where in model.training.constructions(func.value, scope, 0)
        ]
        if not layers or not all(layer is not None and _one_unit(model, layer) for layer in layers):
            return
        layer = layers[0]
        assert layer is not None
        self.report(
            loss,
            f"`{code(func.value)}` ends in `{code(layer)}`, one unit, and this categorical "
            "crossentropy needs one unit per class: on one unit the loss is 0 (or a label 1 is "
            "out of range) and the model does not learn; use `binary_crossentropy` with a "
            "sigmoid, or one unit per class",
            because=[("the last layer: one unit", layer)],
        )

    def _output_layer(
        self, construction: cst.Call, scope: Scope, before: cst.CSTNode
    ) -> cst.Call | None:
        """The last layer with units of the model ``construction`` builds: its last layer, or
        the one before it when that is an `Activation(...)` or `Softmax()` layer."""
        model = self.model
        layer = last_layer(model, construction, scope, before)
        if layer is None or not _activation_layer(model, layer):
            return layer
        name = knowledge.canonical(model.call_name(construction) or "")
        if name.endswith("Sequential"):
            listed = _keyword_or_position(construction, "layers", 0)
            if isinstance(listed, (cst.List, cst.Tuple)):
                elements = [e.value for e in listed.elements]
            elif listed is None:  # `model.add(Dense(1))`, `model.add(Activation("sigmoid"))`
                elements = added_before(model, construction, scope, before)
            else:
                return None
            if len(elements) >= 2:
                return model.training.layer_construction(elements[-2], scope)
            return None
        outputs = _keyword_or_position(construction, "outputs", 1)
        applied = _through_names(model, outputs, scope) if outputs is not None else None
        if (
            isinstance(applied, cst.Call)
            and model.training.layer_construction(applied.func, scope) is layer
            and applied.args
        ):
            given = _through_names(model, applied.args[0].value, scope)
            if isinstance(given, cst.Call) and isinstance(given.func, cst.Call):
                return given.func
        return None

    def _categorical(self, loss: cst.BaseExpression) -> bool:
        model = self.model
        text = _string(loss)
        if text is None:
            target = loss.func if isinstance(loss, cst.Call) else loss
            if not isinstance(target, (cst.Name, cst.Attribute)):
                return False
            qualified = model.qualified_name(target)
            if not is_keras(qualified):
                return False
            text = (qualified or "").rpartition(".")[2]
        return text in _CATEGORICAL_LOSSES


# --- fit given an endless dataset without steps_per_epoch ----------------------------------------

# dataset methods that give an endless dataset when given one
_ENDLESS_KEEPING = frozenset(
    {"batch", "padded_batch", "prefetch", "map", "shuffle", "cache", "unbatch", "with_options"}
)


class FitOnEndlessDataset(Rule):
    id = "TF979"
    name = "fit-on-endless-dataset"
    call_names = frozenset({"fit", "evaluate"})
    category = "api-misuse"
    severity = "error"
    message = (
        "`fit` is given a dataset repeated without a count (`.repeat()`) and no "
        "`steps_per_epoch` (or `validation_steps`, `evaluate`'s `steps`): the epoch never ends"
    )
    rationale = """
        `tf.data.Dataset.repeat()` without a count repeats the dataset forever. `fit` ends an
        epoch when its data runs out or after `steps_per_epoch` steps; given an endless
        dataset and no `steps_per_epoch`, the first epoch never ends: the progress bar counts
        up without a total, `epochs` is never reached, and callbacks that run at an epoch's
        end (checkpoints, early stopping, the learning-rate schedule) never run (under TF
        2.21 / Keras 3, a dataset of 4 batches repeated: `fit(ds, epochs=2)` was still in its
        first epoch after 200 steps; with `steps_per_epoch=4` it ran both epochs). Pass
        `steps_per_epoch` (the number of batches in one pass), or drop the `repeat()` (`fit`
        iterates the dataset afresh each epoch). The same holds for `validation_data=` without
        `validation_steps` (validation after the first epoch was still running after 300
        batches of a repeated 4-batch dataset) and for `evaluate(ds)` without `steps`, which
        the validation runs. Evidence required: `.fit(ds, ...)` without `steps_per_epoch`
        (`validation_data=ds` without `validation_steps`, `.evaluate(ds)` without `steps`)
        where `ds` is (or is bound once to) a chain with `.repeat()` called with no count (or
        `None`, `-1`), followed only by `batch`, `padded_batch`, `prefetch`, `map`,
        `shuffle`, `cache`, `unbatch` or `with_options`.
    """
    requires_text = ("repeat",)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if type(func) is not cst.Attribute or func.attr.value not in ("fit", "evaluate"):
            return
        if any(a.star for a in node.args):
            return
        if func.attr.value == "evaluate":
            self._check(node, _keyword_or_position(node, "x", 0), "steps", "`evaluate`")
            return
        self._check(node, _keyword_or_position(node, "x", 0), "steps_per_epoch", "the first epoch")
        self._check(node, _kwarg(node, "validation_data"), "validation_steps", "the validation")

    def _check(
        self, node: cst.Call, data: cst.BaseExpression | None, steps: str, what: str
    ) -> None:
        if data is None or _kwarg(node, steps) is not None:
            return
        repeat = self._endless(data, self.context.scope)
        if repeat is None:
            return
        self.report(
            data,
            f"`{code(data)}` repeats forever (`.repeat()` without a count) and `{steps}` is not "
            f"given: {what} never ends, so the epochs and the callbacks at an epoch's end "
            f"are never reached; pass `{steps}` or drop the `repeat()`",
            because=[("repeated without a count", repeat)],
        )

    def _endless(self, data: cst.BaseExpression, scope: Scope | None) -> cst.Call | None:
        model = self.model
        for _ in range(12):
            data = _through_names(model, data, scope)
            if not isinstance(data, cst.Call) or not isinstance(data.func, cst.Attribute):
                return None
            method = data.func.attr.value
            if method == "repeat":
                if any(a.star for a in data.args):
                    return None
                count = _keyword_or_position(data, "count", 0)
                if count is None or (isinstance(count, cst.Name) and count.value == "None"):
                    return data
                if (
                    isinstance(count, cst.UnaryOperation)
                    and isinstance(count.operator, cst.Minus)
                    and isinstance(count.expression, cst.Integer)
                    and count.expression.value == "1"
                ):
                    return data
                return None
            if method not in _ENDLESS_KEEPING:
                return None
            data = data.func.value
        return None


# --- TF955: a model's own `metrics` trackers that only its `train_step` updates -------------------
def _is_property(method: FunctionInfo) -> bool:
    node = method.node
    return isinstance(node, cst.FunctionDef) and any(
        isinstance(d.decorator, cst.Name) and d.decorator.value == "property"
        for d in node.decorators
    )


def _evaluates(model: ModuleModel) -> cst.Call | None:
    """A call of the module that evaluates a model: ``evaluate(...)``, or ``fit`` with
    ``validation_data=``/``validation_split=`` (Keras runs ``test_step`` for both)."""
    for call in model.nodes_of(cst.Call):
        func = call.func
        if not isinstance(func, cst.Attribute):
            continue
        if func.attr.value == "evaluate":
            return call
        if func.attr.value == "fit" and any(
            a.keyword is not None and a.keyword.value in ("validation_data", "validation_split")
            for a in call.args
        ):
            return call
    return None


class TrainStepWithoutTestStep(Rule):
    id = "TF955"
    name = "train-step-without-test-step"
    category = "api-misuse"
    severity = "warning"
    message = (
        "a model overrides `train_step` and `metrics` with its own trackers but not "
        "`test_step`: `evaluate` reports them as 0"
    )
    rationale = """
        A `keras.Model` subclass that overrides `train_step` and lists its own trackers in
        the `metrics` property (`self.loss_tracker = keras.metrics.Mean(name="loss")`, as
        keras.io's "Customizing what happens in fit()" does) updates them only in its
        `train_step`. `evaluate` (and the validation pass of `fit`) resets every metric in
        `metrics` and runs `test_step`; the default one never updates those trackers, so it
        reports them as `0.0` (under TF 2.21, Keras 3 and tf_keras alike: `fit` logs a loss
        of 50, `evaluate` on the same data `{'loss': 0.0}`). Override `test_step` too,
        updating the same trackers. Evidence required: a model class of the module (its
        module bases included) defines `train_step` and a `metrics` property, no `test_step`,
        and the module evaluates a model (`evaluate`, or `fit` with `validation_data`/
        `validation_split`).
    """
    requires_text = ("train_step",)

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        model = self.model
        cls = model.classes.get(node)
        if cls is None or cls.keras_kind != "model" or "train_step" not in cls.methods:
            return
        metrics = model.resolve_method(cls, "metrics")
        if metrics is None or not _is_property(metrics):
            return
        if model.resolve_method(cls, "test_step") is not None:
            return
        evaluation = _evaluates(model)
        if evaluation is None:
            return
        self.report(
            node,
            f"`{cls.name}` overrides `train_step` and lists its own trackers in `metrics`, "
            "but not `test_step`: Keras's default `test_step` never updates them, so "
            "`evaluate` (and validation) reports them as 0; define `test_step` updating the "
            "same trackers",
            because=[
                ("its trackers are listed here", metrics.node),
                ("`train_step` alone updates them", cls.methods["train_step"].node),
                ("the model is evaluated here", evaluation),
            ],
        )


# --- TF980: a weight regularizer set on a layer that already has its weights ------------------
# Keras hands a weight's regularizer to `add_weight` when the layer builds; the activity
# regularizer is read at each call instead, so setting it later still works.
_REBUILDING_CALLS = frozenset(
    {"model_from_json", "model_from_yaml", "model_from_config", "clone_model", "from_config"}
)


class RegularizerSetOnBuiltLayer(Rule):
    id = "TF980"
    name = "regularizer-set-on-built-layer"
    category = "api-misuse"
    severity = "warning"
    message = (
        "a weight regularizer assigned to a layer of a built model: it never reaches `model.losses`"
    )
    rationale = """
        A layer's `kernel_regularizer` (`bias_regularizer`, `depthwise_regularizer`...) is
        read once, when the layer builds its weights: `add_weight(regularizer=...)` registers
        the penalty. Assigning `layer.kernel_regularizer = l2(...)` to the layers of a model
        that already has its weights (a pretrained application, a loaded model, a model with
        an `Input`) changes the attribute and nothing else: `model.losses` stays empty and
        training is unregularized (under TF 2.21, Keras 3 and tf_keras alike; an
        `activity_regularizer` set the same way does apply, being read at each call). Rebuild
        the model from its config after setting them (`model_from_json(model.to_json())`,
        then reload the weights), or give the regularizer when the layer is made. Evidence
        required: the assigned object is a layer taken from a Keras model (each of
        `model.layers`, `model.layers[i]`, `model.get_layer(...)`) that is not a
        `Sequential` without an input shape; and the module never rebuilds a model from its
        config (`model_from_json`, `clone_model`, `from_config`).
    """
    requires_text = ("_regularizer",)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            attribute = target.target
            if not (
                isinstance(attribute, cst.Attribute)
                and attribute.attr.value.endswith("_regularizer")
                and attribute.attr.value != "activity_regularizer"
            ):
                continue
            where = self._model_of_layer(attribute.value)
            if where is None or self._rebuilds():
                continue
            holder, why = where
            self.report(
                attribute,
                f"`{attribute.attr.value}` set on a layer of `{code_of(holder)}`, whose "
                "weights already exist: Keras reads it only when the layer builds them, so "
                f"`{code_of(holder)}.losses` stays without it and training is unregularized; "
                "rebuild the model from its config after setting it "
                "(`model_from_json(model.to_json())`, then load the weights)",
                because=[(why, holder)],
            )

    def _rebuilds(self) -> bool:
        def find() -> bool:
            for call in self.model.nodes_of(cst.Call):
                func = call.func
                name = func.attr.value if isinstance(func, cst.Attribute) else None
                if isinstance(func, cst.Name):
                    name = func.value
                if name in _REBUILDING_CALLS:
                    return True
            return False

        return self.model.memo("rebuilds-model-from-config", find)

    def _model_of_layer(self, owner: cst.BaseExpression) -> tuple[cst.BaseExpression, str] | None:
        """The built model ``owner`` is a layer of, and why: a name a ``for`` binds to each of
        ``X.layers`` (sliced or not), ``X.layers[i]``, ``X.get_layer(...)``."""
        model = self.model
        scope = self.context.scope
        source = owner
        if isinstance(owner, cst.Name):
            binding = model.binding_of(owner, scope)
            loops = [s for s in binding.sites if s.kind == SiteKind.LOOP and s.value is not None]
            if not loops:
                return None
            source = loops[-1].value
        while isinstance(source, cst.Subscript):
            source = source.value
        if isinstance(source, cst.Call) and isinstance(source.func, cst.Attribute):
            if source.func.attr.value != "get_layer":
                return None
            holder = source.func.value
        elif isinstance(source, cst.Attribute) and source.attr.value == "layers":
            holder = source.value
        else:
            return None
        kind = model.kind_of(holder, scope)
        if kind is None or kind.kind != "model":
            return None
        construction = model.training.layer_construction(holder, scope)
        if construction is not None and knowledge.canonical(
            model.call_name(construction) or ""
        ) in ("keras.Sequential", "keras.models.Sequential", "tf_keras.Sequential"):
            text = code_of(construction)
            if "Input" not in text and "input_shape" not in text:
                return None  # not built yet: its layers will read the regularizer
        return holder, f"`{code_of(holder)}` is a Keras model with its weights: {kind.why}"


# --- TF981: one optimizer object applied to two models' variables in custom loops ---------------
_VARIABLE_LISTS = frozenset({"trainable_variables", "trainable_weights", "variables", "weights"})


def _optimizer_made(model: ModuleModel, expr: cst.BaseExpression) -> cst.Call | None:
    """The construction of the Keras optimizer ``expr`` names: a name bound once to an instance
    of a Keras optimizer class (not ``optimizers.legacy``, whose slots are per variable)."""
    if not isinstance(expr, cst.Name):
        return None
    sites = model.binding_of(expr).sites
    if len(sites) != 1 or sites[0].kind != SiteKind.ASSIGN:
        return None
    made = sites[0].value
    if isinstance(made, cst.Call) and knowledge.class_kind(model.call_name(made)) == "optimizer":
        return made
    return None


def _variables_owner(model: ModuleModel, call: cst.Call) -> cst.BaseExpression | None:
    """The object whose variables ``opt.apply_gradients(zip(grads, X.trainable_variables))``
    (or ``opt.minimize(loss, var_list=X.trainable_variables)``) updates: ``X``."""
    method = call.func.attr.value  # type: ignore[union-attr]
    if method == "apply_gradients":
        pairs = argument(call, 0, "grads_and_vars")
        if not (isinstance(pairs, cst.Call) and model.call_name(pairs) == "builtins.zip"):
            return None
        if len(pairs.args) != 2:
            return None
        variables = pairs.args[1].value
    else:
        variables = argument(call, 1, "var_list")
    if isinstance(variables, cst.Name):
        values = model.binding_of(variables).values
        variables = values[0] if len(values) == 1 else None
    if isinstance(variables, cst.Attribute) and variables.attr.value in _VARIABLE_LISTS:
        return variables.value
    return None


class OptimizerAppliedToTwoModels(Rule):
    id = "TF981"
    name = "optimizer-applied-to-two-models"
    category = "api-misuse"
    severity = "error"
    message = (
        "one optimizer object updates two models' variables: it is built for the first "
        "model's and refuses the other's"
    )
    rationale = """
        A Keras optimizer (Keras 3, and tf-keras's since TF 2.11) builds its slots for the
        variables it first applies gradients to and then refuses any other: a custom loop
        that trains a second model with the optimizer object of the first
        (`opt.apply_gradients(zip(grads, student_b.trainable_variables))` after the same for
        `student_a`, or one `train_step(model, ...)` called for both) fails with `ValueError:
        Unknown variable` (Keras 3) or `KeyError: The optimizer cannot recognize variable`
        (tf-keras), both checked under TF 2.21. Make one optimizer per model. Two models
        compiled with one optimizer are TF029's. Evidence required: a name bound once to an
        instance of a Keras optimizer class (not `optimizers.legacy`) whose
        `apply_gradients(zip(grads, X.trainable_variables))` or `minimize(..., var_list=...)`
        reaches two different `X` (through the arguments of the calls of the function that
        makes it), or one `X` there and another model compiled with it. Reported where the
        second model is given.
    """
    requires_text = ("apply_gradients", "minimize")

    def visit_Module(self, node: cst.Module) -> None:
        seen: dict[int, tuple[str, cst.CSTNode, bool]] = {}  # id(optimizer made) -> first
        for made, owner, where, loop in self._updates():
            first = seen.setdefault(id(made), (owner, where, loop))
            if first[0] == owner or not (loop or first[2]):
                continue  # the same model, or two `compile` calls (TF029's)
            self.report(
                where,
                f"this optimizer already updates `{first[0]}`'s variables: a Keras optimizer "
                f"is built for the first model it trains and refuses `{owner}`'s (Keras 3: "
                "ValueError Unknown variable; tf-keras: KeyError); give each model its own "
                f"`{code_of(made.func)}(...)`",
                because=[
                    ("the optimizer is made here", made),
                    (f"it updates `{first[0]}` here", first[1]),
                ],
            )
            return  # one report per module

    def _updates(self) -> list[tuple[cst.Call, str, cst.CSTNode, bool]]:
        """(optimizer made, model text, where, from a custom loop) of each way an optimizer
        meets a model's variables, in source order."""
        model = self.model
        found: list[tuple[cst.Call, str, cst.CSTNode, bool]] = []
        for call in model.nodes_of(cst.Call):
            func = call.func
            if not isinstance(func, cst.Attribute):
                continue
            method = func.attr.value
            if method == "compile":
                given = argument(call, 0, "optimizer")
                made = _optimizer_made(model, given) if given is not None else None
                if made is not None:
                    found.append((made, code_of(func.value), call, False))
                continue
            if method not in ("apply_gradients", "minimize"):
                continue
            owner = _variables_owner(model, call)
            if owner is None:
                continue
            scope = model.scope_of(func.value) if isinstance(func.value, cst.Name) else None
            fn = scope.function if scope is not None else None
            parameters = fn.params if fn is not None and fn.cls is None else []
            root = owner.value if isinstance(owner, cst.Name) else None
            if root not in parameters and not (
                isinstance(func.value, cst.Name) and func.value.value in parameters
            ):
                made = _optimizer_made(model, func.value)
                if made is not None:
                    found.append((made, code_of(owner), call, True))
                continue
            for site in self._calls_of(fn):  # `train_step(student_a, ...)`: each model given
                given_owner = self._given(site, fn, root) if root in parameters else owner
                given_opt = (
                    self._given(site, fn, func.value.value)
                    if func.value.value in parameters
                    else func.value
                )
                made = _optimizer_made(model, given_opt) if given_opt is not None else None
                if made is not None and isinstance(given_owner, (cst.Name, cst.Attribute)):
                    found.append((made, code_of(given_owner), site, True))
        found.sort(key=lambda item: model.event_index().get(id(item[2]), 0))
        return found

    def _calls_of(self, fn: FunctionInfo) -> list[cst.Call]:
        model = self.model
        return [
            call
            for call in model.nodes_of(cst.Call)
            if isinstance(call.func, cst.Name) and model.function_referenced(call.func, None) is fn
        ]

    @staticmethod
    def _given(call: cst.Call, fn: FunctionInfo, parameter: str) -> cst.BaseExpression | None:
        """The argument ``call`` passes for ``fn``'s ``parameter``."""
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == parameter:
                return arg.value
        positional = [a for a in call.args if a.keyword is None and not a.star]
        index = fn.params.index(parameter)
        return positional[index].value if index < len(positional) else None

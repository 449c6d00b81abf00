"""Keras training set up in a way that silently does something else: a `trainable` flag the
compiled train function never sees, an RNN unrolled into the traced graph over a long
sequence."""

from __future__ import annotations

from tf2lint import knowledge
from tf2lint.lazy import cst
from tf2lint.model import ModuleModel, Scope
from tf2lint.rule import Rule
from tf2lint.tape import chain_text, event_order

# The calls that train a compiled model (and build, then keep, its train function).
TRAINING_METHODS = frozenset({"fit", "fit_generator", "train_on_batch"})


def _root(expr: cst.BaseExpression) -> cst.Name | None:
    """The name an expression starts from: ``model`` of ``model.layers[0]``,
    ``model.get_layer("x")``, ``model.base``."""
    while True:
        if isinstance(expr, cst.Name):
            return expr
        if isinstance(expr, (cst.Attribute, cst.Subscript)):
            expr = expr.value
        elif isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
            expr = expr.func.value
        else:
            return None


def _method_calls(model: ModuleModel, name: str, scope: Scope) -> dict[str, list[cst.Call]]:
    """``name.<method>(...)`` calls made in ``scope`` (not in functions inside it), by method."""
    found: dict[str, list[cst.Call]] = {}
    for call in model.nodes_of(cst.Call):
        func = call.func
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == name
            and model.scope_of(func.value).function is scope.function
        ):
            found.setdefault(func.attr.value, []).append(call)
    return found


class TrainableSetAfterCompile(Rule):
    id = "TF921"
    name = "trainable-set-after-compile"
    category = "api-misuse"
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
        `layers`, `get_layer(...)`, or a layer the model's construction names.
    """
    requires_text = ("trainable",)

    def visit_Assign(self, node: cst.Assign) -> None:
        value = node.value
        if not (isinstance(value, cst.Name) and value.value in ("True", "False")):
            return
        for target in node.targets:
            owner = target.target
            if isinstance(owner, cst.Attribute) and owner.attr.value == "trainable":
                self._check(owner, value.value)

    def _check(self, target: cst.Attribute, flag: str) -> None:
        model = self.model
        scope = self.context.scope
        where = event_order(model, target)
        receivers = self._models(target.value, scope)
        if any(
            event_order(model, c) > where
            for receiver in receivers
            for c in _method_calls(model, receiver, scope).get("compile", [])
        ):
            return  # a model built from it is compiled after the change: the change is for it
        for receiver in receivers:
            calls = _method_calls(model, receiver, scope)
            compiles = sorted((event_order(model, c), c) for c in calls.get("compile", []))
            trains = sorted(
                (event_order(model, c), c)
                for method in TRAINING_METHODS
                for c in calls.get(method, [])
            )
            compiled = [(k, c) for k, c in compiles if k < where]
            if not compiled:
                continue
            last_compile, compile_call = compiled[-1]
            keras2 = model.imports_keras2
            if not keras2 and not any(last_compile < t < where for t, _ in trains):
                continue  # Keras 3 reads the flags when it first trains after compiling
            later = [
                c for t, c in trains if t > where and not any(where < k < t for k, _ in compiles)
            ]
            if not later:
                continue
            owner = chain_text(target.value) or "the layer"
            what = "compiled" if keras2 else "compiled and trained"
            self.report(
                target,
                f"`{owner}.trainable = {flag}` after `{receiver}` was {what}: the next "
                f"`{receiver}.{later[0].func.attr.value}` ignores it; call "
                f"`{receiver}.compile(...)` again",
                because=[
                    (f"`{receiver}` is compiled here", compile_call),
                    (f"`{receiver}` trains here without compiling again", later[0]),
                ],
            )
            return

    def _models(self, owner: cst.BaseExpression, scope: Scope) -> list[str]:
        """The compiled models (names) ``owner`` belongs to."""
        model = self.model
        root = _root(owner)
        if root is None:
            return []
        names = [root.value]
        binding = model.binding_of(root, scope)
        for site in binding.sites:
            if site.kind == "loop" and site.value is not None:  # `for layer in model.layers:`
                inner = _root(site.value)
                if inner is not None:
                    names.append(inner.value)
        found = []
        for call in model.nodes_of(cst.Call):
            func = call.func
            if not (
                isinstance(func, cst.Attribute)
                and func.attr.value == "compile"
                and isinstance(func.value, cst.Name)
            ):
                continue
            receiver = func.value.value
            if receiver in found:
                continue
            if receiver in names or any(self._built_from(receiver, n, scope) for n in names):
                found.append(receiver)
        return found

    def _built_from(self, receiver: str, layer: str, scope: Scope) -> bool:
        """Whether the model ``receiver`` is built from the layer ``layer``: its construction
        names it (``Sequential([base, ...])``, ``Model(inputs, head(base(inputs)))``), or the
        functional graph it is built from calls it."""
        model = self.model
        for value in model.lookup(receiver, scope).values:
            if isinstance(value, cst.Call) and _names(value, layer):
                return True
        for call in model.nodes_of(cst.Call):
            func = call.func
            if (
                isinstance(func, cst.Name)
                and func.value == layer
                and model.scope_of(func).function is scope.function
            ):
                return True  # `x = base(inputs)`: a layer of the functional graph
        return False


def _names(node: cst.CSTNode, name: str) -> bool:
    todo = [node]
    while todo:
        current = todo.pop()
        if isinstance(current, cst.Name) and current.value == name:
            return True
        todo.extend(current.children)
    return False


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
        in a `Sequential`, or the `Input` it is called on); where the length is not shown,
        the finding is only shown with `--preview`.
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
        if arg is None or not (isinstance(arg.value, cst.Name) and arg.value.value == "True"):
            return
        name = self.model.call_name(node)
        if knowledge.class_kind(name) != "layer":
            return
        steps = self._steps(node)
        layer = name.rsplit(".", 1)[-1]
        if steps is not None and steps < LONG_SEQUENCE:
            return
        where = f"over {steps} steps" if steps is not None else "over a sequence"
        self.report(
            arg,
            f"`{layer}(unroll=True)` {where} puts one copy of its cell per step in the traced "
            "graph; leave `unroll=False`",
            edits=[(node, _without(node, arg))],
            fix_description="drop `unroll=True`",
            gap=None if steps is not None else "the sequence length is not known here",
        )

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
                values = (
                    model.bound_values(given, self.context.scope)
                    if isinstance(given, cst.Name)
                    else []
                )
                for value in values:
                    if isinstance(value, cst.Call):
                        found = self._shape_steps(value, batch=False)
                        if found is not None:
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
        return None

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

    def _integer(self, expr: cst.BaseExpression) -> int | None:
        if isinstance(expr, cst.Integer):
            return int(expr.value)
        if isinstance(expr, cst.Name):
            values = self.model.binding_of(expr, self.context.scope).known_values
            if values and len(values) == 1 and isinstance(values[0], cst.Integer):
                return int(values[0].value)
        return None


def _without(call: cst.Call, dropped: cst.Arg) -> cst.Call:
    """``call`` without the argument ``dropped``, its commas as they were around the rest."""
    args = [a for a in call.args if a is not dropped]
    if args and dropped is call.args[-1]:
        args[-1] = args[-1].with_changes(comma=dropped.comma)
    return call.with_changes(args=args)

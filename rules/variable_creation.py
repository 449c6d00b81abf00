"""State created inside traced code: tf.Variable, Keras backend variables, Keras layers, models,
optimizers, metrics."""

from __future__ import annotations

from tf2lint import knowledge
from tf2lint.lazy import cst
from tf2lint.model import ClassInfo, FunctionInfo, ModuleModel
from tf2lint.rule import Rule
from tf2lint.rules.common import variable_kind


class VariableCreatedInTracedCode(Rule):
    id = "TF401"
    name = "variable-created-in-traced-code"
    category = "variable-creation"
    severity = "error"
    message = "a tf.Variable or Keras object with weights is created inside traced code"
    rationale = """
        A `tf.function` may create variables only on its first trace. Creating a `tf.Variable`,
        a Keras backend variable (`K.variable`, `K.zeros`, `K.ones`, `K.eye`: the knowledge
        base knows which backend functions return one, by calling them), or a Keras layer,
        model, optimizer or metric (which create variables), on every call
        raises `ValueError: tf.function only supports singleton tf.Variables created on the
        first call` when the function retraces, and even where it does not fail it re-creates
        (and re-initialises) the state each trace. Create state once, outside (in `__init__`,
        `build`, or module scope), or guard the creation: `if self.v is None: self.v = ...`.
        A builder, a function of the module that makes and returns a model or layer
        (`def feature_extractor(): ... return tf.keras.Model(inputs, features)`), is reported
        where traced code calls it, the line to move out, not inside it: building is what
        it is for.
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return
        if _builder_called_in_module(self.model, context.function):
            return  # reported where the traced code calls the builder
        kind = variable_kind(self.model, node)
        callee = self.model.callee(node, context.scope) if kind is None else None
        built = built_object(self.model, callee) if callee is not None else None
        if built is not None:
            self.report(
                node,
                f"{built} created inside traced `{context.function.qualname}` on every trace "
                f"by `{callee.name}()`, which builds and returns it; build it once outside, or "
                "behind a one-time guard",
                because=[(f"`{callee.name}` builds and returns a new {built}", callee.node)],
            )
            return
        if kind is not None:
            weightless = kind == "Keras layer" and self._wraps_weightless_layer(node)
            self.report(
                node,
                f"{kind} created inside traced `{context.function.qualname}` on every trace; "
                "create it once outside, or behind a one-time guard",
                gap=WRAPPER_GAP if weightless else None,
            )

    def _wraps_weightless_layer(self, call: cst.Call) -> bool:
        """A wrapper (``RNN(cell)``, ``TimeDistributed(layer)``) of a layer of this module's
        own that creates no weights: its weights are the wrapped layer's, so it has none."""
        model = self.model
        scope = self.context.scope
        for arg in call.args:
            cls = model.instance_of(arg.value, scope)
            if cls is not None and cls.keras_kind and not _creates_weights(model, cls):
                return True
        return False


def built_object(model: ModuleModel, fn: FunctionInfo, depth: int = 0) -> str | None:
    """What stateful object (a "Keras model", a "Keras layer"...) the module's function ``fn``
    builds and returns, directly, through a name it binds, or from another such builder; None
    when it returns none (a function returning a layer's output is no builder)."""
    if depth > 3 or fn.is_generator:
        return None
    for returned in model.return_values(fn):
        values = model.bound_values(returned, fn) if isinstance(returned, cst.Name) else [returned]
        for value in values:
            if not isinstance(value, cst.Call):
                continue
            kind = variable_kind(model, value)
            if kind is None and knowledge.returns(model.call_name(value) or "") == "model":
                kind = "Keras model"  # `VGG16(...)`, `clone_model(...)`: a new model
            if kind is not None:
                return kind
            callee = model.callee(value, fn)
            if callee is not None and callee is not fn:
                kind = built_object(model, callee, depth + 1)
                if kind is not None:
                    return kind
    return None


def _builder_called_in_module(model: ModuleModel, fn: FunctionInfo | None) -> bool:
    """Whether ``fn`` is traced only as a builder that traced code of this module calls: its
    creations are reported at those calls."""
    if fn is None or fn.traced_by is None:
        return False
    if fn.traced_by.kind != "called" or fn.traced_by.caller is None:
        return False
    return built_object(model, fn) is not None


WRAPPER_GAP = (
    "it wraps a layer of this module that creates no weights, so it may have none of its own"
)


def _creates_weights(model: ModuleModel, cls: ClassInfo, depth: int = 0) -> bool:
    """Whether a class (or a base of it in this module) creates weights: ``add_weight``,
    ``tf.Variable`` or Keras objects with weights constructed in its methods."""
    for method in cls.methods.values():
        for inner in method.calls:
            func = inner.func
            if isinstance(func, cst.Attribute) and func.attr.value in WEIGHT_METHODS:
                return True
            if variable_kind(model, inner) is not None:
                return True
    if depth > 8:
        return True
    for base in cls.base_names:
        parent = model.module_classes.get(base or "")
        if parent is not None and _creates_weights(model, parent, depth + 1):
            return True
    return False


WEIGHT_METHODS = frozenset({"add_weight", "add_variable"})

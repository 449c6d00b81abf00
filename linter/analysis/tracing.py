"""Traced-ness: why tf.function traces a function (``TracedBy``), and the one propagation of
tracing through calls, definitions and hand-overs, used inside a module (the model) and across
modules (the project)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from tf2lint.analysis import knowledge
from tf2lint.analysis.tfnames import (
    COMPILE_LOSS_POSITION,
    COMPILE_TRACED_ARGUMENTS,
    TF_FUNCTION_NAMES,
)
from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import ModuleModel
    from tf2lint.analysis.scopes import FunctionInfo, Scope


@dataclass(frozen=True)
class TracedBy:
    """Why ``tf.function`` traces a function, as data: ``kind`` and what it came ``via``.

    kinds: "decorator" (via: the decorator's qualified name), "keras" (via: the Keras class
    kind), "wrapped" (``tf.function(f)``), "dataset" (via: the Dataset method), "compiled" (via:
    the Keras ``compile`` argument), "lambda_layer" (the function of a Keras ``Lambda`` layer),
    "regularizer" (via: the layer's ``*_regularizer`` argument), "activation" (a function a
    Keras layer applies as its ``activation`` or an ``Activation`` layer's), "called",
    "defined" and "passed" (via: the traced function that calls, defines or passes it on).
    """

    kind: str
    via: str = ""
    caller: FunctionInfo | None = None  # the traced function it came from, when in this module

    def describe(self) -> str:
        if self.kind == "decorator":
            if self.via and self.via not in TF_FUNCTION_NAMES:
                return f"decorated with @{self.via}, which hands it to tf.function"
            return "decorated with @tf.function"
        if self.kind == "keras":
            return f"a method of a Keras {self.via}, traced by Keras"
        if self.kind == "wrapped":
            return (
                f"wrapped by tf.function in `{self.via}`" if self.via else "wrapped by tf.function"
            )
        if self.kind == "dataset":
            return f"passed to Dataset.{self.via}, traced by tf.data"
        if self.kind == "lambda_layer":
            return "passed to a Keras Lambda layer, which calls it in the model's traced call"
        if self.kind == "compiled":
            return f"passed to Keras compile({self.via}=...), traced by its train step"
        if self.kind == "regularizer":
            return f"a layer's {self.via}, which Keras calls in the traced train step"
        if self.kind == "activation":
            return (
                "a Keras layer's activation, which the layer's call applies while it is traced "
                "(building a functional model, the train step)"
            )
        verb = {"called": "called from", "defined": "defined inside", "passed": "passed on by"}
        return f"{verb[self.kind]} traced `{self.via}`"


def root_reason(fn: FunctionInfo) -> TracedBy | None:
    """What starts the tracing that reaches ``fn``, following its callers in the module."""
    reason = fn.traced_by
    seen: set[int] = set()
    while reason is not None and reason.caller is not None and id(reason.caller) not in seen:
        seen.add(id(reason.caller))
        reason = reason.caller.traced_by
    return reason


def fed_tensor(fn: FunctionInfo, param: str) -> str | None:
    """Why ``param`` of ``fn`` holds a graph tensor whoever wrote the call, if it does: ``fn``
    is traced by the library that calls it, and that library passes tensors there. tf.data
    passes a dataset function the element's components (tensors, or dicts of them); Keras's
    train step passes a loss or metric given to ``compile`` ``y_true`` and ``y_pred`` as
    tensors. Parameters with a default are options, not what the library passes."""
    reason = fn.traced_by
    if (
        reason is not None
        and reason.kind == "keras"
        and (reason.via, fn.name) in (("loss", "call"), ("metric", "update_state"))
        and fn.params[1:3].count(param)
        and param not in fn.param_defaults
    ):  # `Loss.call(self, y_true, y_pred)`, `Metric.update_state(self, y_true, y_pred, ...)`
        return f"Keras passes a {reason.via}'s `{fn.name}` tensors as `y_true` and `y_pred`"
    if reason is None or reason.kind not in ("dataset", "compiled", "regularizer", "activation"):
        return None
    if param in fn.param_defaults or param not in fn.params:
        return None
    position = fn.params.index(param)
    params = fn.node.params  # a def's or a lambda's
    if position >= len(params.posonly_params) + len(params.params):
        return None  # *args (a tuple of the element's tensors), keyword-only
    if reason.kind == "activation":
        if position != 0:
            return None
        return "a Keras layer applies its activation to its output, a graph tensor when traced"
    if reason.kind == "regularizer":
        if fn.cls is not None and fn.name == "__call__":
            position -= 1  # a regularizer object's `__call__(self, weight)`
        if position != 0:
            return None
        what = "its output" if reason.via == "activity_regularizer" else "the weight"
        return (
            f"Keras calls a layer's {reason.via} in the traced train step with {what}, a "
            "graph tensor there"
        )
    if reason.kind == "compiled":
        if bound_method(fn):
            position -= 1  # `loss=self.masked_loss`: Keras passes what follows `self`
        if not 0 <= position < 2:
            return None
        return f"Keras passes a function given to compile({reason.via}=...) tensors as `y_true` and `y_pred`"
    return f"tf.data passes a function given to Dataset.{reason.via} the element's tensors"


def bound_method(fn: FunctionInfo) -> bool:
    """Whether ``fn`` is a method whose first parameter is the bound ``self`` (a library that is
    handed ``obj.method`` passes its arguments after it)."""
    node = fn.node
    if fn.cls is None or not fn.params or fn.params[0] != "self":
        return False
    decorators = getattr(node, "decorators", ())
    return not any(
        isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod"
        for d in decorators
    )


def replaced_gap(fn: FunctionInfo) -> str | None:
    """Why Keras may not trace a method it traces by name: its class's own code replaces the
    method on its instances (`obj.update_state = types.MethodType(wrapper, obj)` in `__new__`,
    `setattr(self, "call", ...)`), and Keras calls the replacement, which may not call it."""
    reason = fn.traced_by
    cls = fn.cls
    if reason is None or reason.kind != "keras" or cls is None or fn.name not in cls.instance_sets:
        return None
    return (
        f"`{cls.name}` sets `{fn.name}` on its instances: Keras calls that replacement, "
        f"which may not run `{fn.qualname}` traced"
    )


# Keras callback hooks that `fit` calls before its first train step, so before tracing it.
_HOOKS_BEFORE_FIRST_STEP = frozenset({"on_train_begin"})


def runs_after_first_trace(fn: FunctionInfo) -> str | None:
    """Why ``fn`` runs after Keras has traced the functions it trains with, if it does: it is a
    hook of the module's own Keras callback (``on_epoch_end``, ``on_train_batch_begin``...),
    which ``fit`` calls between steps (all but ``on_train_begin``, which comes before the
    first)."""
    cls = fn.cls
    if cls is None or cls.keras_kind != "callback":
        return None
    if not fn.name.startswith("on_") or fn.name in _HOOKS_BEFORE_FIRST_STEP:
        return None
    return (
        f"`{fn.qualname}` is a Keras callback hook: `fit` calls it after it has traced its "
        "train step"
    )


N = TypeVar("N")


def propagate(
    roots: Iterable[tuple[N, TracedBy] | tuple[N, TracedBy, bool]],
    edges: Callable[[N], Iterable[tuple[N, str, bool, str]]],
    label: Callable[[N], str],
    once: Callable[[N], bool],
    caller: bool = False,
) -> tuple[dict[N, TracedBy], dict[N, bool]]:
    """What tracing reaches from ``roots`` (each a node, why it is traced, and whether it runs
    once), following ``edges(node)``: (target, "called" | "defined" | "passed", guarded). The
    one propagation of the model (inside a module) and of the project (across modules).

    Calls made from under a one-time guard (`if not self._built: self._build()`), and all the
    calls of code that runs once, run once, while tracing: their targets are traced "one
    time", and only if no other path reaches them. Returns node -> reason and node -> runs once.
    """
    reasons: dict[N, TracedBy] = {}
    one_time: dict[N, bool] = {}
    todo: list[N] = []
    guarded: list[tuple[N, TracedBy]] = []

    def mark(node: N, reason: TracedBy, runs_once: bool) -> None:
        if node not in reasons:
            reasons[node] = reason
            one_time[node] = runs_once or once(node)
            todo.append(node)

    for root in roots:
        mark(root[0], root[1], root[2] if len(root) > 2 else False)  # type: ignore[misc]
    while todo or guarded:
        if not todo:
            node, reason = guarded.pop()
            mark(node, reason, True)
            continue
        node = todo.pop()
        source = label(node)
        for target, kind, is_guarded, _ in edges(node):
            reason = TracedBy(kind, source, node if caller else None)  # type: ignore[arg-type]
            if kind == "defined":
                mark(target, reason, one_time[node])
            elif kind == "called" and (is_guarded or one_time[node]):
                guarded.append((target, reason))
            else:
                mark(target, reason, False)
    return reasons, one_time


def reach(roots: Iterable[N], edges: Callable[[N], Iterable[N]]) -> set[N]:
    """Every node reachable from ``roots`` through ``edges``."""
    seen: set[N] = set()
    todo = list(roots)
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo.extend(edges(node))
    return seen


def shared_selves(
    traced: Iterable[N],
    roots: Iterable[N],
    edges: Callable[[N], Iterable[tuple[N, str, bool, str]]],
) -> set[N]:
    """The traced methods whose ``self`` may outlive a trace: the roots (a Keras ``call``, a
    decorated method: called on long-lived objects), what traced code calls on any object but
    one it built itself, and what those call through ``self``. The others run on an object
    built during the trace, whose attributes are that trace's own state."""
    traced = list(traced)
    seeds = list(roots)
    for node in traced:
        seeds.extend(
            t for t, kind, _, receiver in edges(node) if kind == "called" and receiver == "other"
        )
    return reach(
        seeds,
        lambda node: (
            t for t, kind, _, receiver in edges(node) if kind == "called" and receiver == "self"
        ),
    )


def positional_capacity(node: cst.CSTNode) -> int | None:
    """How many positional arguments a method takes after ``self`` (None: any, ``*args``)."""
    if not isinstance(node, cst.FunctionDef):
        return None
    params = node.params
    if isinstance(params.star_arg, cst.Param):
        return None
    return max(len(params.posonly_params) + len(params.params) - 1, 0)


# --- which call runs a tf.function, and which code runs once (the rules ask these) ---------


def is_tf_function_call(model: ModuleModel, node: cst.BaseExpression) -> bool:
    """``tf.function(f, ...)`` (a call that makes a new polymorphic function), not the decorator
    factory ``tf.function(jit_compile=True)``."""
    return (
        isinstance(node, cst.Call)
        and model.call_name(node) in TF_FUNCTION_NAMES
        and any(a.keyword is None or a.keyword.value == "func" for a in node.args)
    )


def runs_once(fn: FunctionInfo | None) -> bool:
    """Module code, ``main`` and test methods: code that runs once per program or test (by its
    place; ``FunctionInfo.runs_once`` is a function a once/cache decorator guards)."""
    return (
        fn is None
        or fn.name in ("main", "_main", "setUp", "setUpClass")
        or fn.name.startswith("test")
    )


def tf_function_decorator(model: ModuleModel, fn: FunctionInfo) -> cst.BaseExpression | None:
    """The ``@tf.function`` (or ``@tf.function(...)``) decorator expression of ``fn``, if any."""
    for decorator in fn.decorators:
        expr = decorator.decorator
        target = expr.func if isinstance(expr, cst.Call) else expr
        if model.qualified_name(target) in TF_FUNCTION_NAMES:
            return expr
    return None


def traced_target(
    model: ModuleModel, call: cst.Call, scope: Scope
) -> tuple[str, FunctionInfo | None, bool] | None:
    """If ``call`` calls a ``tf.function`` (a decorated def, or a name bound to
    ``tf.function(f)``): its display name, the wrapped function if known, and whether an
    ``input_signature`` is fixed."""
    callee = model.callee(call, scope)
    if callee is not None:
        decorator = tf_function_decorator(model, callee)
        if decorator is None:
            return None
        return callee.name, callee, input_signature(decorator)
    if isinstance(call.func, cst.Name):
        values = model.binding_of(call.func, scope).known_values
        if values and all(is_tf_function_call(model, v) for v in values):
            first = values[0]
            wrapped = None
            if first.args:
                wrapped = model.function_referenced(first.args[0].value, scope)
            return call.func.value, wrapped, input_signature(first)
    imported = model.external(model.call_name(call))  # a tf.function of another module
    if imported is not None and not imported.wraps:
        return cst.Module(body=[]).code_for_node(call.func), None, imported.signature
    return None


def takes_hook_arguments(capacity: int | None, kind: str | None, method: str) -> bool:
    """Whether a method named after a Keras hook can take what Keras passes it: Keras calls
    ``compute_loss(x, y, y_pred, sample_weight)``, so a ``compute_loss(self, x)`` of the user's
    own is not what ``fit`` calls (Keras would fail calling it), and Keras does not trace it."""
    return capacity is None or capacity >= knowledge.hook_arguments(kind, method)


def input_signature(expr: cst.BaseExpression | None) -> bool:
    """Whether a ``tf.function(...)`` call or decorator fixes an ``input_signature``: Python
    numbers passed to such a function are converted to tensors and do not retrace."""
    if not isinstance(expr, cst.Call):
        return False
    for arg in expr.args:
        if arg.keyword is not None and arg.keyword.value == "input_signature":
            return not (isinstance(arg.value, cst.Name) and arg.value.value == "None")
    return False


def compiled_arguments(call: cst.Call) -> Iterable[tuple[str, cst.BaseExpression]]:
    """The arguments of ``model.compile(...)`` whose functions Keras runs in its traced train
    and test steps, with the parameter each binds: ``loss``, by keyword or second positional
    (``compile("adam", my_loss)``), and ``metrics``/``weighted_metrics`` by keyword."""
    positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
    if len(positional) > COMPILE_LOSS_POSITION:
        yield "loss", positional[COMPILE_LOSS_POSITION].value
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value in COMPILE_TRACED_ARGUMENTS:
            yield arg.keyword.value, arg.value


def _autograph(name: str, expr: cst.BaseExpression) -> bool:
    """Whether a ``tf.function`` decorator or call (``name``) converts with AutoGraph:
    ``autograph=False`` turns it off, and TF-Agents' ``common.function`` defaults to off."""
    if isinstance(expr, cst.Call):
        for arg in expr.args:
            if arg.keyword is not None and arg.keyword.value == "autograph":
                return not (isinstance(arg.value, cst.Name) and arg.value.value == "False")
    return name != "tf_agents.utils.common.function"

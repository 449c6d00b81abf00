"""A compiled Keras model's train function, and the changes it does not see.

Keras makes a model's train function the first time the model trains after ``compile()``
(Keras 3; Keras 2 at ``compile()`` itself) and keeps it until the next ``compile()``: what the
traced step read of the layers then (their ``trainable`` flags, their Python attributes) it
keeps. :func:`stale_change` answers, for a change to a layer's attribute, which compiled model's
train function misses it: the rules about flags and attributes set after training (TF921,
TF603) ask it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tf2lint.analysis import knowledge
from tf2lint.analysis.scopes import SiteKind
from tf2lint.analysis.tape import event_order
from tf2lint.analysis.walk import mentions
from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import ModuleModel
    from tf2lint.analysis.scopes import Scope


class StaleChange(NamedTuple):
    """The model (its name) whose train function misses a change, its last ``compile`` before
    the change, and its next training call after it."""

    receiver: str
    compile_call: cst.Call
    later: cst.Call


def chain_root(expr: cst.BaseExpression) -> cst.Name | None:
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


def method_calls(model: ModuleModel, name: str, scope: Scope) -> dict[str, list[cst.Call]]:
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


def stale_change(
    model: ModuleModel, target: cst.Attribute, scope: Scope, trained_first: bool
) -> StaleChange | None:
    """The compiled model whose train function does not see the change ``target`` makes,
    with its last ``compile`` before the change and its next training call after it, with
    no ``compile`` between (``trained_first``: and it trained between that compile and the
    change, which is when Keras 3 makes the train function)."""
    where = event_order(model, target)
    receivers = compiled_models(model, target.value, scope)
    if any(
        event_order(model, c) > where
        for receiver in receivers
        for c in method_calls(model, receiver, scope).get("compile", [])
    ):
        return None  # a model built from it is compiled after the change: the change is for it
    for receiver in receivers:
        compiles, trains = _compiles_and_trains(model, receiver, scope)
        compiled = [(k, c) for k, c in compiles if k < where]
        if not compiled:
            continue
        last_compile, compile_call = compiled[-1]
        if trained_first and not any(last_compile < t < where for t, _ in trains):
            continue  # Keras 3 reads the flags when it first trains after compiling
        later = [c for t, c in trains if t > where and not any(where < k < t for k, _ in compiles)]
        if later:
            return StaleChange(receiver, compile_call, later[0])
    return None


def _compiles_and_trains(
    model: ModuleModel, receiver: str, scope: Scope
) -> tuple[list[tuple[int, cst.Call]], list[tuple[int, cst.Call]]]:
    """``receiver``'s ``compile`` calls and its training calls, each with its event order,
    in program order."""
    calls = method_calls(model, receiver, scope)
    compiles = sorted((event_order(model, c), c) for c in calls.get("compile", []))
    trains = sorted(
        (event_order(model, c), c)
        for method in knowledge.step_methods("train")
        for c in calls.get(method, [])
    )
    return compiles, trains


def compiled_models(model: ModuleModel, owner: cst.BaseExpression, scope: Scope) -> list[str]:
    """The compiled models (names) ``owner`` belongs to."""
    root = chain_root(owner)
    if root is None:
        return []
    names = [root.value]
    binding = model.binding_of(root, scope)
    for site in binding.sites:
        if site.kind == SiteKind.LOOP and site.value is not None:  # `for layer in model.layers:`
            inner = chain_root(site.value)
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
        if receiver in names or any(_built_from(model, receiver, n, scope) for n in names):
            found.append(receiver)
    return found


def _built_from(model: ModuleModel, receiver: str, layer: str, scope: Scope) -> bool:
    """Whether the model ``receiver`` is built from the layer ``layer``: its construction
    names it (``Sequential([base, ...])``, ``Model(inputs, head(base(inputs)))``), or the
    functional graph it is built from calls it."""
    for value in model.lookup(receiver, scope).values:
        if isinstance(value, cst.Call) and mentions(value, layer):
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


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def freeze_lifted_before_training(
    model: ModuleModel, target: cst.Attribute, scope: Scope
) -> StaleChange | None:
    """Keras 3 only: ``target`` sets ``trainable = True`` on a layer that was set ``trainable =
    False`` before a model built from it (another model: the combined model of a GAN) was
    compiled, and that model first trains after the change, with no ``compile`` between.
    Keras 3 makes the train function at that first training, with the flag as it is then, so
    the model trains the layer that was frozen for it (Keras 2 read the flag at ``compile``,
    which is what the freeze-compile-unfreeze idiom relies on)."""
    where = event_order(model, target)
    owner = _code(target.value)
    root = chain_root(target.value)
    freezes = [
        event_order(model, assign)
        for assign in model.nodes_of(cst.Assign)
        if isinstance(assign.value, cst.Name)
        and assign.value.value == "False"
        and model.scope_of(assign).function is scope.function
        and any(
            isinstance(t.target, cst.Attribute)
            and t.target.attr.value == "trainable"
            and _code(t.target.value) == owner
            for t in assign.targets
        )
    ]
    freezes = [k for k in freezes if 0 <= k < where]
    if not freezes or root is None:
        return None
    for receiver in compiled_models(model, target.value, scope):
        if receiver == root.value:
            continue  # the layer's own model: training it is what the flag is for
        compiles, trains = _compiles_and_trains(model, receiver, scope)
        compiled = [(k, c) for k, c in compiles if k < where and any(f < k for f in freezes)]
        if not compiled:
            continue
        last_compile, compile_call = compiled[-1]
        if any(last_compile < t < where for t, _ in trains):
            continue  # it trained (and made its train function) while the layer was frozen
        later = [c for t, c in trains if t > where and not any(where < k < t for k, _ in compiles)]
        if later:
            return StaleChange(receiver, compile_call, later[0])
    return None

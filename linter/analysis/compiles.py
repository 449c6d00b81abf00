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
    refrozen = [k for k in freezes if k > where]
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
        later = [
            (t, c) for t, c in trains if t > where and not any(where < k < t for k, _ in compiles)
        ]
        if later and not any(where < k < later[0][0] for k in refrozen):
            # (frozen again before that training: the toggle each model's training needs)
            return StaleChange(receiver, compile_call, later[0][1])
    return None


def frozen_before_first_training(
    model: ModuleModel, target: cst.Attribute, scope: Scope
) -> StaleChange | None:
    """Keras 3 only: ``target`` sets ``trainable = False`` on a model that was compiled before
    it and has not trained since, and that model next trains with no ``compile`` and no
    ``trainable = True`` between (the Keras 2 GAN idiom: compile the discriminator, freeze it
    to build and compile the combined model, then train both). Keras 3 makes the train
    function at that first training, with the flag as it is then, so it trains nothing;
    Keras 2 read the flag at ``compile``. Checked in the same function (or module code) by
    statement order, or for ``self.<attr>`` across a class: frozen after its ``compile`` in
    one method, trained in another, and set back to ``True`` nowhere after the freeze."""
    owner = _code(target.value)
    if isinstance(target.value, cst.Name):
        return _frozen_in_scope(model, target, owner, scope)
    if (
        isinstance(target.value, cst.Attribute)
        and isinstance(target.value.value, cst.Name)
        and target.value.value.value == "self"
        and scope.function is not None
        and scope.function.cls is not None
    ):
        return _frozen_in_class(model, target, owner, scope.function)
    return None


def _frozen_in_scope(
    model: ModuleModel, target: cst.Attribute, owner: str, scope: Scope
) -> StaleChange | None:
    where = event_order(model, target)
    compiles, trains = _compiles_and_trains(model, owner, scope)
    compiled = [(k, c) for k, c in compiles if k < where]
    if not compiled:
        return None
    last_compile, compile_call = compiled[-1]
    if any(last_compile < t < where for t, _ in trains):
        return None  # it trained, and made its train function, before the freeze
    later = [(t, c) for t, c in trains if t > where]
    if not later or any(where < k < later[0][0] for k, _ in compiles):
        return None
    first = later[0][0]
    for k in _unfreezes(model, owner, scope.function):
        if where < k < first:
            return None
    if _handed_on(model, owner, scope, where, first):
        return None  # a helper it is handed to may set the flag (`make_trainable(d, True)`)
    return StaleChange(owner, compile_call, later[0][1])


def _frozen_in_class(
    model: ModuleModel, target: cst.Attribute, owner: str, method
) -> StaleChange | None:
    """``self.<attr>.trainable = False`` after ``self.<attr>.compile(...)`` in the same method
    (the constructor), trained in another method of the class, never set back to True."""
    where = event_order(model, target)
    cls = method.cls
    compiles, trains = [], []
    for call in model.nodes_of(cst.Call):
        func = call.func
        if not isinstance(func, cst.Attribute) or _code(func.value) != owner:
            continue
        root = chain_root(func.value)
        function = model.scope_of(root).function if root is not None else None
        if function is None or function.cls is not cls:
            continue
        if func.attr.value == "compile":
            compiles.append((function, event_order(model, call), call))
        elif func.attr.value in knowledge.step_methods("train"):
            trains.append((function, call))
    compiled = [(k, c) for f, k, c in compiles if f is method and k < where]
    if not compiled or any(f is not method for f, _, _ in compiles):
        return None
    if any(f is method and k > where for f, k, _ in compiles):
        return None
    others = [c for f, c in trains if f is not method]
    if not others or any(f is method for f, _ in trains):
        return None
    for assign in model.nodes_of(cst.Assign):
        if not (isinstance(assign.value, cst.Name) and assign.value.value == "True"):
            continue
        for t in assign.targets:
            if (
                isinstance(t.target, cst.Attribute)
                and t.target.attr.value == "trainable"
                and _code(t.target.value) == owner
            ):
                return None
    if any(
        isinstance(arg.value, cst.Attribute) and _code(arg.value) == owner
        for call in model.nodes_of(cst.Call)
        if not isinstance(call.func, cst.Attribute) or _code(call.func.value) != owner
        for arg in call.args
    ):
        return None  # handed to a helper that may set the flag
    return StaleChange(owner, compiled[-1][1], others[0])


def _unfreezes(model: ModuleModel, owner: str, function) -> list[int]:
    """Where ``owner.trainable = True`` is set in ``function`` (None: module code)."""
    found = []
    for assign in model.nodes_of(cst.Assign):
        if not (isinstance(assign.value, cst.Name) and assign.value.value == "True"):
            continue
        for t in assign.targets:
            root = chain_root(t.target)
            if root is None or model.scope_of(root).function is not function:
                continue
            if (
                isinstance(t.target, cst.Attribute)
                and t.target.attr.value == "trainable"
                and _code(t.target.value) == owner
            ):
                found.append(event_order(model, assign))
    return found


def _handed_on(model: ModuleModel, owner: str, scope: Scope, start: int, end: int) -> bool:
    """Whether a call between ``start`` and ``end`` in ``scope`` is handed ``owner`` (not a
    call of its own methods, nor a Keras model call that builds on it)."""
    for call in model.nodes_of(cst.Call):
        root = chain_root(call.func)
        if root is None or model.scope_of(root).function is not scope.function:
            continue
        if not start < event_order(model, call) < end:
            continue
        for arg in call.args:
            if isinstance(arg.value, cst.Name) and arg.value.value == owner:
                name = model.call_name(call) or ""
                if not name.endswith(("Model", "Sequential")):
                    return True
    return False

"""Values and kinds: what kind of object an expression holds, from the knowledge base and the
module's own code.

``kind_of(model, expr, scope)`` is the one question rules ask ("is this a Keras model? a layer of
``model.layers``? the model a callback is attached to?"). It follows what the module shows:
TF/Keras calls (the knowledge base says what they return), the module's own classes and their
Keras bases, names through their assignments and ``for`` loops, attributes through the kind of
their owner (``model.optimizer``, ``self.model`` in a ``Callback``), ``self`` and ``super()``
in a subclass, subscripts of lists of one kind (``model.layers[0]``), and the module's own
functions through what they return. It answers None when the module does not show it.

``keras_object(model, scope, expr)`` is the same answer in the Keras 3 rules' terms: the public
Keras 3 class an expression holds (``KerasObject``), for the rules that look the class up in the
generated migration table.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tf2lint.analysis import knowledge
from tf2lint.analysis.scopes import SiteKind
from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import ClassInfo, ModuleModel, Scope

MAX_DEPTH = 12  # how far names, attributes and returns are followed


@dataclass(frozen=True)
class Kind:
    """What kind of object an expression holds (``kind``: a knowledge-base kind, such as
    "model", "layer", "callback", "tensor", "dataset", "list[layer]") and ``why``: how the
    model knows, in words (``model.layers``: "list[layer]" because "`Model.layers`").

    ``keras`` says which Keras the evidence names: 3 (``keras``, ``tf.keras`` since TF 2.16),
    2 (``tf_keras``, TF's legacy copy), None when it names neither (a TF value, a tensor) or
    both. Members and elements keep their owner's (``model.layers`` of a Keras 2 model are
    Keras 2 layers). ``cls`` is the public class the evidence names, canonical
    (``keras.layers.Dense`` for ``tf.keras.layers.Dense(3)``, the public base of the module's
    own subclass), and ``subclass`` that subclass, when the object is one; None where only the
    kind is known (``model.layers[0]``)."""

    kind: str
    why: str
    keras: int | None = None
    cls: str | None = None
    subclass: ClassInfo | None = field(default=None, compare=False, repr=False)

    @property
    def element(self) -> Kind | None:
        """The kind of an element, for a list of one kind."""
        if self.kind.startswith("list[") and self.kind.endswith("]"):
            return Kind(self.kind[5:-1], f"an element of {self.why}", self.keras)
        return None


def kind_of(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, _depth: int = 0
) -> Kind | None:
    """What kind of object ``expr`` holds where ``scope`` evaluates it, if the module shows it.
    Asked afresh (not from inside its own recursion), answered once per module."""
    if _depth == 0:
        return model.memo((kind_of, id(expr), id(scope)), lambda: _kind_of(model, expr, scope, 0))
    return _kind_of(model, expr, scope, _depth)


def _kind_of(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, _depth: int
) -> Kind | None:
    if _depth > MAX_DEPTH:
        return None
    deeper = _depth + 1
    t = type(expr)
    if t is cst.Call:
        return _call_kind(model, expr, scope, deeper)
    if t is cst.Name:
        if expr.value == "self":
            cls = model.enclosing_class(scope)
            if cls is not None and cls.keras_kind:
                return subclass_kind(model, cls, f"`self` in Keras {cls.keras_kind} `{cls.name}`")
            return None
        qualified = model.qualified_name(expr)
        if qualified is not None:
            return _class_kind(qualified)
        return _name_kind(model, expr, scope, deeper)
    if t is cst.Attribute:
        qualified = model.qualified_name(expr)
        if qualified is not None:  # tf.data.Dataset, keras.layers.Dense: a class, not a value
            return _class_kind(qualified)
        owner = kind_of(model, expr.value, scope, deeper)
        if owner is not None and not defines(model, owner.subclass, expr.attr.value):
            member = knowledge.member_kind(owner.kind, expr.attr.value)
            if member is not None:
                why = f"`{expr.attr.value}` of a {owner.kind} ({owner.why})"
                return Kind(member, why, owner.keras)
        values = model.bound_values(expr, scope)  # self.<attr> assigned in the class
        return _common(model, values, scope, deeper)
    if t is cst.Subscript:
        container = kind_of(model, expr.value, scope, deeper)
        if container is None:
            return None
        if len(expr.slice) == 1 and type(expr.slice[0].slice) is cst.Slice:
            return container if container.element is not None else None  # layers[1:]
        return container.element
    if model.is_tensor(expr, scope):
        return Kind("tensor", "a tensor computed by TF ops")
    return None


def _call_kind(model: ModuleModel, call: cst.Call, scope: Scope | None, depth: int) -> Kind | None:
    func = call.func
    if model.call_name(call) == "builtins.super":  # the base, of the class's own Keras kind
        cls = model.enclosing_class(scope)
        if cls is not None and cls.keras_kind:
            why = f"`super()` in Keras {cls.keras_kind} `{cls.name}`"
            return subclass_kind(model, cls, why)
        return None
    if (
        type(func) is cst.Attribute
        and type(func.value) is cst.Call
        and model.call_name(func.value) == "builtins.super"
    ):
        return None  # super().method(...): what the base's method returns is not known here
    name = model.call_name(call)
    if name is not None:
        returned = knowledge.returns(name)
        if returned is not None:
            keras = knowledge.keras_of(name)
            cls = knowledge.canonical(name) if knowledge.class_kind(name) else None
            return Kind(returned, f"`{name}(...)` returns a {returned}", keras, cls)
    cls = _local_class(model, call, scope)
    if cls is not None:
        if not cls.keras_kind:
            return None
        return subclass_kind(model, cls, f"`{cls.name}` is a Keras {cls.keras_kind}")
    if type(func) is cst.Attribute:
        owner = kind_of(model, func.value, scope, depth)
        if owner is not None and not defines(model, owner.subclass, func.attr.value):
            member = knowledge.member_kind(owner.kind, func.attr.value, called=True)
            if member is not None:
                why = f"`{func.attr.value}()` of a {owner.kind} ({owner.why})"
                return Kind(member, why, owner.keras)
            if owner.kind.startswith("class["):
                # a class's alternative constructors: `Dataset.range(3)`, `from_config(...)`
                of = owner.kind[6:-1]
                member = knowledge.member_kind(of, func.attr.value, called=True)
                if member is None and func.attr.value.startswith("from_"):
                    member = of
                if member is not None:
                    why = f"`{func.attr.value}()` of {owner.why}"
                    return Kind(member, why, owner.keras, owner.cls if member == of else None)
    callee = model.callee(call, scope)
    if callee is not None:
        return _common(model, model.return_values(callee), callee, depth)
    if model.is_tensor(call, scope):
        return Kind("tensor", "a tensor computed by TF ops")
    return None


def _class_kind(qualified: str) -> Kind | None:
    """A TF/Keras class itself: ``class[<kind>]``."""
    kind = knowledge.class_kind(qualified)
    if not kind:
        return None
    keras = knowledge.keras_of(qualified)
    return Kind(f"class[{kind}]", f"`{qualified}`", keras, knowledge.canonical(qualified))


def module_lineage(model: ModuleModel, cls: ClassInfo | None) -> Iterator[ClassInfo]:
    """``cls`` and the bases the module itself defines (theirs too), each once, depth first;
    a caller reads each one's ``base_names`` that are not the module's for what lies beyond."""
    seen: set[int] = set()
    todo = [cls] if cls is not None else []
    while todo:
        current = todo.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        todo.extend(
            model.module_classes[b] for b in current.base_names if b in model.module_classes
        )


def subclass_kind(model: ModuleModel, cls: ClassInfo, why: str) -> Kind:
    """An instance of the module's own Keras subclass: its kind, and the public Keras class
    and Keras version of the first base (through same-module bases) that names one. A base in
    another linted module gives the kind and version only."""
    for current in module_lineage(model, cls):
        for base in current.base_names:
            if base in model.module_classes:
                continue
            keras = knowledge.keras_of(base)
            if keras is not None and base.rsplit(".", 1)[-1][:1].isupper():
                return Kind(cls.keras_kind, why, keras, knowledge.canonical(base), cls)
    return Kind(cls.keras_kind, why, 2 if cls.keras2 else 3, None, cls)


def _local_class(model: ModuleModel, call: cst.Call, scope: Scope | None) -> ClassInfo | None:
    if type(call.func) is not cst.Name:
        return None
    binding = model.binding_of(call.func, scope)
    classes = [s.node for s in binding.sites if s.kind == SiteKind.CLASS]
    return model.classes.get(classes[-1]) if classes else None


def _name_kind(model: ModuleModel, name: cst.Name, scope: Scope | None, depth: int) -> Kind | None:
    binding = model.binding_of(name, scope)
    kinds = []
    for site in binding.sites:
        if site.value is None:
            return None
        if site.kind in (SiteKind.ASSIGN, SiteKind.AUGASSIGN):
            found = kind_of(model, site.value, binding.scope, depth)
        elif site.kind in (SiteKind.LOOP, SiteKind.COMPREHENSION) and site.index is None:
            container = kind_of(model, site.value, binding.scope, depth)
            found = container.element if container is not None else None
        elif site.kind == SiteKind.WITH:
            found = kind_of(model, site.value, binding.scope, depth)
        elif site.kind == SiteKind.UNPACK and site.index is not None:
            found = _unpacked_return_kind(model, site.value, site.index, binding.scope, depth)
        else:
            return None
        if found is None:
            return None
        kinds.append(found)
    return _same(kinds)


def _unpacked_return_kind(
    model: ModuleModel, call: cst.BaseExpression, index: int, scope: Scope | None, depth: int
) -> Kind | None:
    """``generator, discriminator = build_models()``: the kind of element ``index`` of what a
    function of the module returns, when every ``return`` gives a tuple or list display."""
    fn = model.callee(call, scope) if type(call) is cst.Call else None
    if fn is None:
        return None
    elements = []
    for value in model.return_values(fn):
        if type(value) not in (cst.Tuple, cst.List) or index >= len(value.elements):
            return None
        if any(isinstance(e, cst.StarredElement) for e in value.elements):
            return None
        elements.append(value.elements[index].value)
    return _common(model, elements, fn, depth)


def _common(
    model: ModuleModel, values: list[cst.BaseExpression], scope: Scope | None, depth: int
) -> Kind | None:
    if not values:
        return None
    kinds = []
    for value in values:
        found = kind_of(model, value, scope, depth)
        if found is None:
            return None
        kinds.append(found)
    return _same(kinds)


def _same(kinds: list[Kind]) -> Kind | None:
    """One kind when every value has it, else None (unknown); the Keras version and class
    only where every value names the same."""
    if not kinds or any(k.kind != kinds[0].kind for k in kinds):
        return None
    first = kinds[0]
    if any(k.keras != first.keras or k.cls != first.cls for k in kinds):
        keras = first.keras if all(k.keras == first.keras for k in kinds) else None
        return Kind(first.kind, first.why, keras)
    return first


def defines(model: ModuleModel, cls: ClassInfo | None, member: str) -> bool:
    """Whether the user's class (or a same-module base) defines ``member`` itself: a method, a
    class attribute or a ``self.<member> = ...``. Its own member shadows Keras's."""
    for current in module_lineage(model, cls):
        if member in current.methods or member in current.self_assignments:
            return True
        for statement in current.node.body.body:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    targets = ()
                    if isinstance(small, cst.Assign):
                        targets = [t.target for t in small.targets]
                    elif isinstance(small, cst.AnnAssign):
                        targets = [small.target]
                    if any(isinstance(t, cst.Name) and t.value == member for t in targets):
                        return True
    return False


# --- which Keras 3 class an expression holds (the Keras 3 rules' evidence) ---------------------

# The public class a Keras kind names where the evidence names no class (``model.layers[0]``).
KIND_CLASSES = {
    "model": "Model",
    "layer": "layers.Layer",
    "optimizer": "optimizers.Optimizer",
    "metric": "metrics.Metric",
    "loss": "losses.Loss",
    "callback": "callbacks.Callback",
}


@dataclass(frozen=True)
class KerasObject:
    """What the code shows about an object: its public Keras class (``Model``,
    ``layers.Dense``), and the user's subclass when it is one (its own members shadow Keras's)."""

    cls: str
    subclass: ClassInfo | None = None
    by_kind: bool = False  # only the kind is known (`model.optimizer`): ``cls`` is its base


def keras_object(
    model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression
) -> KerasObject | None:
    """Evidence that ``expr`` holds a Keras 3 object, and of which class: the model's
    :meth:`~tf2lint.analysis.model.ModuleModel.kind_of` (memoised per module) when it names Keras 3 and a
    Keras kind. None without evidence (a parameter, say) and for Keras 2 (``tf_keras``)
    objects. One guess beyond what the module shows: the loop variable over ``<x>.metrics``
    of an ``x`` of unknown kind is an element of ``Model.metrics`` (a Keras 2 module is told
    apart by the rules: ``ModuleModel.imports_keras2``)."""
    found = model.kind_of(expr, scope)
    if found is None and type(expr) is cst.Name:
        return model.memo(
            (keras_object, id(expr), id(scope)), lambda: _metrics_loop(model, scope, expr)
        )
    return _as_keras_object(found)


def _metrics_loop(model: ModuleModel, scope: Scope | None, name: cst.Name) -> KerasObject | None:
    """The loop variable over ``<x>.metrics`` (an element of ``Model.metrics``), over a Keras 3
    model's ``layers`` (a layer, known by its kind), or over a list or tuple written out of
    Keras objects (their class when they share it, else a layer when all are layers)."""
    for site in model.binding_of(name, scope).sites:
        listed = site.value
        if site.kind not in (SiteKind.LOOP, SiteKind.COMPREHENSION) or listed is None:
            continue
        if isinstance(listed, cst.Subscript):  # for m in model.metrics[1:]
            listed = listed.value
        if isinstance(listed, (cst.List, cst.Tuple)):
            found = _written_out(model, scope, listed)
            if found is not None:
                return found
            continue
        if not isinstance(listed, cst.Attribute):
            continue
        if listed.attr.value == "layers":
            owner = _as_keras_object(model.kind_of(listed.value, scope))
            if owner is not None and owner.cls in ("Model", "Sequential"):
                return KerasObject(KIND_CLASSES["layer"], by_kind=True)
            continue
        if listed.attr.value != "metrics":
            continue
        owner = model.kind_of(listed.value, scope)
        kind = knowledge.member_kind("model", "metrics")
        if owner is None and kind is not None and kind.startswith("list["):
            return KerasObject(KIND_CLASSES[kind[5:-1]])
    return None


def _written_out(
    model: ModuleModel, scope: Scope | None, listed: cst.List | cst.Tuple
) -> KerasObject | None:
    elements = [e.value for e in listed.elements if isinstance(e, cst.Element)]
    if not elements or len(elements) != len(listed.elements):
        return None
    found = [_as_keras_object(model.kind_of(e, scope)) for e in elements]
    if any(f is None or f.by_kind for f in found):
        return None
    classes = {f.cls for f in found}
    if len(classes) == 1:
        return found[0] if len(found) == 1 else KerasObject(classes.pop())
    if all(c.startswith("layers.") for c in classes):
        return KerasObject(KIND_CLASSES["layer"], by_kind=True)
    return None


def _as_keras_object(found: Kind | None) -> KerasObject | None:
    if found is None or found.keras != 3 or found.kind not in KIND_CLASSES:
        return None
    if found.cls is not None:  # canonical: keras.layers.Dense
        return KerasObject(found.cls.split(".", 1)[1], found.subclass)
    return KerasObject(KIND_CLASSES[found.kind], found.subclass, by_kind=True)


def own_method(
    model: ModuleModel, scope: Scope | None, receiver: cst.BaseExpression, method: str
) -> bool:
    """Whether ``receiver.method`` is the user's own: ``self`` in a class (or an instance of a
    module class) that defines ``method`` itself, Keras subclass or not. Such a method is not
    Keras's, whatever its name (a trainer's own ``fit_generator``, a cell's ``get_initial_state``)."""
    if isinstance(receiver, cst.Name) and receiver.value == "self":
        cls = model.enclosing_class(scope)
        return cls is not None and defines(model, cls, method)
    cls = model.instance_of(receiver, scope)
    if cls is not None:
        return defines(model, cls, method)
    found = model.kind_of(receiver, scope)
    return found is not None and defines(model, found.subclass, method)


def keras_subclass(model: ModuleModel, cls: ClassInfo) -> KerasObject | None:
    """The public Keras 3 class that ``cls`` (or a same-module base of it) subclasses."""
    if not cls.keras_kind:
        return None
    return _as_keras_object(subclass_kind(model, cls, f"`{cls.name}`"))

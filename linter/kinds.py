"""Values and kinds: what kind of object an expression holds, from the knowledge base and the
module's own code.

``kind_of(model, expr, scope)`` is the one question rules ask ("is this a Keras model? a layer of
``model.layers``? the model a callback is attached to?"). It follows what the module shows:
TF/Keras calls (the knowledge base says what they return), the module's own classes and their
Keras bases, names through their assignments and ``for`` loops, attributes through the kind of
their owner (``model.optimizer``, ``self.model`` in a ``Callback``), ``self`` and ``super()``
in a subclass, subscripts of lists of one kind (``model.layers[0]``), and the module's own
functions through what they return. It answers None when the module does not show it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tf2lint import knowledge
from tf2lint.lazy import cst

if TYPE_CHECKING:
    from tf2lint.model import ClassInfo, ModuleModel, Scope

MAX_DEPTH = 12  # how far names, attributes and returns are followed


@dataclass(frozen=True)
class Kind:
    """What kind of object an expression holds (``kind``: a knowledge-base kind, such as
    "model", "layer", "callback", "tensor", "dataset", "list[layer]") and ``why``: how the
    model knows, in words (``model.layers``: "list[layer]" because "`Model.layers`")."""

    kind: str
    why: str

    @property
    def element(self) -> Kind | None:
        """The kind of an element, for a list of one kind."""
        if self.kind.startswith("list[") and self.kind.endswith("]"):
            return Kind(self.kind[5:-1], f"an element of {self.why}")
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
                return Kind(cls.keras_kind, f"`self` in Keras {cls.keras_kind} `{cls.name}`")
            return None
        qualified = model.qualified_name(expr)
        if qualified is not None:
            kind = knowledge.class_kind(qualified)
            return Kind(f"class[{kind}]", f"`{qualified}`") if kind else None
        return _name_kind(model, expr, scope, deeper)
    if t is cst.Attribute:
        qualified = model.qualified_name(expr)
        if qualified is not None:  # tf.data.Dataset, keras.layers.Dense: a class, not a value
            kind = knowledge.class_kind(qualified)
            return Kind(f"class[{kind}]", f"`{qualified}`") if kind else None
        owner = kind_of(model, expr.value, scope, deeper)
        if owner is not None:
            member = knowledge.member_kind(owner.kind, expr.attr.value)
            if member is not None:
                return Kind(member, f"`{expr.attr.value}` of a {owner.kind} ({owner.why})")
        values = model.bound_values(expr, scope)  # self.<attr> assigned in the class
        return _common(model, values, scope, deeper)
    if t is cst.Subscript:
        container = kind_of(model, expr.value, scope, deeper)
        return container.element if container is not None else None
    if model.is_tensor(expr, scope):
        return Kind("tensor", "a tensor computed by TF ops")
    return None


def _call_kind(model: ModuleModel, call: cst.Call, scope: Scope | None, depth: int) -> Kind | None:
    func = call.func
    if model.call_name(call) == "builtins.super":  # the base, of the class's own Keras kind
        cls = model.enclosing_class(scope)
        if cls is not None and cls.keras_kind:
            return Kind(cls.keras_kind, f"`super()` in Keras {cls.keras_kind} `{cls.name}`")
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
            return Kind(returned, f"`{name}(...)` returns a {returned}")
    cls = _local_class(model, call, scope)
    if cls is not None:
        if not cls.keras_kind:
            return None
        return Kind(cls.keras_kind, f"`{cls.name}` is a Keras {cls.keras_kind}")
    if type(func) is cst.Attribute:
        owner = kind_of(model, func.value, scope, depth)
        if owner is not None:
            member = knowledge.member_kind(owner.kind, func.attr.value, called=True)
            if member is not None:
                return Kind(member, f"`{func.attr.value}()` of a {owner.kind} ({owner.why})")
            if owner.kind.startswith("class["):
                # a class's alternative constructors: `Dataset.range(3)`, `from_config(...)`
                of = owner.kind[6:-1]
                member = knowledge.member_kind(of, func.attr.value, called=True)
                if member is None and func.attr.value.startswith("from_"):
                    member = of
                if member is not None:
                    return Kind(member, f"`{func.attr.value}()` of {owner.why}")
    callee = model.callee(call, scope)
    if callee is not None:
        return _common(model, model.return_values(callee), callee, depth)
    if model.is_tensor(call, scope):
        return Kind("tensor", "a tensor computed by TF ops")
    return None


def _local_class(model: ModuleModel, call: cst.Call, scope: Scope | None) -> ClassInfo | None:
    if type(call.func) is not cst.Name:
        return None
    binding = model.binding_of(call.func, scope)
    classes = [s.node for s in binding.sites if s.kind == "class"]
    return model.classes.get(classes[-1]) if classes else None


def _name_kind(model: ModuleModel, name: cst.Name, scope: Scope | None, depth: int) -> Kind | None:
    binding = model.binding_of(name, scope)
    kinds = []
    for site in binding.sites:
        if site.value is None:
            return None
        if site.kind in ("assign", "augassign"):
            found = kind_of(model, site.value, binding.scope, depth)
        elif site.kind in ("loop", "comprehension") and site.index is None:
            container = kind_of(model, site.value, binding.scope, depth)
            found = container.element if container is not None else None
        elif site.kind == "with":
            found = kind_of(model, site.value, binding.scope, depth)
        else:
            return None
        if found is None:
            return None
        kinds.append(found)
    return _same(kinds)


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
    """One kind when every value has it, else None (unknown)."""
    if not kinds or any(k.kind != kinds[0].kind for k in kinds):
        return None
    return kinds[0]

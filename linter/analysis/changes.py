"""Python values that change between calls of the code that reads them.

A ``tf.function`` keys its traces on the value of each Python number it is given, and a traced
function keeps the value of each Python number it read while tracing. Both go wrong when the
number changes between calls: the first traces again for every value, the second keeps the
first. :func:`changed_number_attribute` answers, for ``self.<attr>`` of a module class, where
the class's own code changes it after construction (``self.epsilon *= 0.9``, ``self.step += 1``
in an ordinary method): the retracing rules ask it of an attribute passed to a ``tf.function``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import ModuleModel
    from tf2lint.analysis.scopes import ClassInfo


def _number(value: cst.BaseExpression | None) -> bool:
    if isinstance(value, cst.UnaryOperation):
        value = value.expression
    return isinstance(value, (cst.Integer, cst.Float))


def changed_number_attribute(model: ModuleModel, cls: ClassInfo, attr: str) -> cst.AugAssign | None:
    """The augmented assignment (``self.<attr> *= 0.9``) by which an ordinary (untraced)
    method of ``cls`` changes ``self.<attr>``, an attribute the class sets to a Python number
    literal; None when the module shows no such change. Each change makes a new Python value,
    so code that passes the attribute on each call passes a different number after it."""
    assigned = cls.self_assignments.get(attr, [])
    if not any(_number(v) for v in assigned):
        return None
    for node in model.nodes_of(cst.AugAssign):
        target = node.target
        if not (
            isinstance(target, cst.Attribute)
            and target.attr.value == attr
            and isinstance(target.value, cst.Name)
            and target.value.value == "self"
        ):
            continue
        function = model.scope_of(target.value).function
        if function is None or function.cls is not cls or function.traced:
            continue
        if function.name == "__init__":
            continue  # changed while the object is made, before any call
        return node
    return None

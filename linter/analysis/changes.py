"""Python values that change between calls of the code that reads them.

A ``tf.function`` keys its traces on the value of each Python number it is given, and a traced
function keeps the value of each Python number it read while tracing. Both go wrong when the
number changes between calls: the first traces again for every value, the second keeps the
first. :func:`changed_number_attribute` answers, for ``self.<attr>`` of a module class, where
the class's own code changes it after construction (``self.epsilon *= 0.9``, ``self.step += 1``
in an ordinary method): the retracing rules ask it of an attribute passed to a ``tf.function``.
:func:`returns_python_number` answers whether a call of a module function returns a Python
number (a schedule: ``cosine_lr(epoch)``), which then changes with its arguments.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import ModuleModel
    from tf2lint.analysis.scopes import ClassInfo, Scope


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


def returns_python_number(model: ModuleModel, call: cst.Call, scope: Scope | None) -> bool:
    """Whether ``call`` calls a plain function of this module that returns a Python number
    when given these arguments: every ``return`` is arithmetic over number literals, ``math``
    functions and constants, builtins that return numbers (``min``, ``max``, ``round``...),
    and its parameters, each given a Python number here (or left at a number default). A
    learning-rate or annealing schedule written in Python (``cosine_lr(epoch)``): called
    with a value that changes, it returns a new Python value each time."""
    fn = model.callee(call, scope)
    if fn is None or fn.cls is not None or fn.traced or fn.is_generator or fn.name == "<lambda>":
        return False
    given: dict[str, cst.BaseExpression] = {}
    for index, arg in enumerate(call.args):
        if arg.star:
            return False
        if arg.keyword is not None:
            given[arg.keyword.value] = arg.value
        elif index < len(fn.params):
            given[fn.params[index]] = arg.value
        else:
            return False
    numbers = set()
    for param in fn.params:
        value = given.get(param, fn.param_defaults.get(param))
        if value is not None and model.is_python_scalar(value, scope if param in given else None):
            numbers.add(param)
    returns = [node for node in _returns(fn.node)]
    return bool(returns) and all(
        r.value is not None and _number_expression(model, r.value, numbers) for r in returns
    )


def _returns(node: cst.CSTNode) -> list[cst.Return]:
    """The ``return`` statements of a function's own body (not of functions it defines)."""
    found: list[cst.Return] = []
    todo = list(node.body.children) if hasattr(node, "body") else []
    while todo:
        child = todo.pop()
        if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(child, cst.Return):
            found.append(child)
        todo.extend(child.children)
    return found


def _number_expression(model: ModuleModel, expr: cst.BaseExpression, numbers: set[str]) -> bool:
    if isinstance(expr, (cst.Integer, cst.Float)):
        return True
    if isinstance(expr, cst.Name):
        return expr.value in numbers
    if isinstance(expr, cst.UnaryOperation):
        return _number_expression(model, expr.expression, numbers)
    if isinstance(expr, cst.BinaryOperation):
        return _number_expression(model, expr.left, numbers) and _number_expression(
            model, expr.right, numbers
        )
    if isinstance(expr, cst.Attribute):
        return (model.qualified_name(expr) or "") in ("math.pi", "math.e", "math.tau")
    if isinstance(expr, cst.Call):
        return model.is_scalar_builtin(expr) and all(
            not a.star and _number_expression(model, a.value, numbers) for a in expr.args
        )
    return False

"""Guards that make code in a traced function run once or never in the graph: one-time guards
(``if self.v is None:``), once/cache decorators, flags cleared after first use, eager-only
branches (``if tf.executing_eagerly():``)."""

from __future__ import annotations

from tf2lint.analysis.tfnames import dotted_name
from tf2lint.analysis.walk import walk
from tf2lint.base.lazy import cst


def is_one_time_guard(test: cst.BaseExpression) -> bool:
    """``x is None``, ``not x``, ``not self.built``, ``not hasattr(...)``, or an ``and``/``or`` of them."""
    if isinstance(test, cst.BooleanOperation):
        return is_one_time_guard(test.left) or is_one_time_guard(test.right)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return True
    if isinstance(test, cst.Comparison):
        return any(
            isinstance(t.operator, cst.Is)
            and isinstance(t.comparator, cst.Name)
            and t.comparator.value == "None"
            for t in test.comparisons
        )
    return False


# Decorators that make a function's body run once (per instance or per argument values): code
# under them is one-time code, like code under a one-time guard (Sonnet's `@snt.once`,
# `functools.cache`).
ONCE_DECORATORS = frozenset({"once", "cache", "lru_cache", "cached_property", "run_once"})


def _clears_flag(test: cst.BaseExpression, body: cst.BaseSuite) -> bool:
    """``if first_call: ...; first_call = False``: a positive flag the branch itself clears."""
    flag = dotted_name(test)
    if flag is None:
        return False
    statements = body.body if isinstance(body, cst.IndentedBlock) else (body,)
    for statement in statements:
        lines = (
            statement.body
            if isinstance(statement, (cst.SimpleStatementLine, cst.SimpleStatementSuite))
            else ()
        )
        for small in lines:
            if (
                isinstance(small, cst.Assign)
                and isinstance(small.value, cst.Name)
                and small.value.value == "False"
                and any(dotted_name(t.target) == flag for t in small.targets)
            ):
                return True
    return False


def _tests_eager(test: cst.BaseExpression) -> bool:
    """``tf.executing_eagerly()`` (alone or in an ``and``): a branch traced code never runs."""
    if isinstance(test, cst.BooleanOperation):
        return isinstance(test.operator, cst.And) and (
            _tests_eager(test.left) or _tests_eager(test.right)
        )
    return isinstance(test, cst.Call) and (dotted_name(test.func) or "").endswith(
        "executing_eagerly"
    )


def _guarded_names(test: cst.BaseExpression) -> set[str]:
    """The names a one-time guard tests unset: ``x`` of ``x is None`` and ``not x``."""
    if isinstance(test, cst.BooleanOperation):
        return _guarded_names(test.left) | _guarded_names(test.right)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        name = dotted_name(test.expression)
        return {name} if name else set()
    if isinstance(test, cst.Comparison) and is_one_time_guard(test):
        name = dotted_name(test.left)
        return {name} if name else set()
    return set()


def is_guarded_singleton(target: cst.BaseExpression, value: cst.BaseExpression) -> bool:
    """``self.v = tf.Variable(0) if self.v is None else self.v``: ``target`` is set while unset,
    then kept as it is (TensorFlow's guide's idiom for state a ``tf.Function`` creates once)."""
    name = dotted_name(target)
    return (
        name is not None
        and isinstance(value, cst.IfExp)
        and name in _guarded_names(value.test)
        and dotted_name(value.orelse) == name
    )


def initialises_once(scope: cst.CSTNode, name: str, target: cst.CSTNode) -> bool:
    """Whether ``target`` (a binding of ``name`` in ``scope``'s code) lies under a guard that
    runs only while ``name`` is unset (``if NAME is None: NAME = ...``): lazy one-time
    initialisation, which sets the value once rather than changing it between uses."""
    found = False

    def enter(node: cst.CSTNode) -> bool | None:
        nonlocal found
        if found:
            return False
        if isinstance(node, cst.If) and name in _guarded_names(node.test):

            def inner(child: cst.CSTNode) -> bool | None:
                nonlocal found
                found = found or child is target
                return not found

            walk(node.body, inner)
        return None

    walk(scope, enter)
    return found

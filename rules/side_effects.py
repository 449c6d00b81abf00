"""Python side effects inside traced code: they run once, while tracing, not on every call."""

from __future__ import annotations

from tf2lint.lazy import cst
from tf2lint.model import FunctionInfo, ModuleModel, Scope
from tf2lint.rule import Rule
from tf2lint.rules.common import (
    StoreRule,
    is_local,
    outer_container,
    outer_target,
    tensorflow_alias,
    variable_kind,
)


class PrintInTracedCode(Rule):
    id = "TF201"
    name = "print-in-traced-code"
    category = "side-effect"
    message = "`print` in traced code runs only while tracing, not on every call; use `tf.print`"
    rationale = """
        A `tf.function` runs its Python body once, to trace a graph; later calls run the graph.
        A Python `print` inside it therefore prints on the first call (and on each retrace) and
        then never again, which makes it look as if the code stopped running, or prints symbolic
        tensors instead of values. `tf.print` is a graph op: it prints the values on every call.
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "Unsafe: the output moves from trace time to every call, and `tf.print` formats values "
        "differently from `print`. Calls with `file=` or `flush=` are not rewritten."
    )

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return  # a print under a one-time guard is meant to run once
        if self.model.call_name(node) != "builtins.print":
            return
        tf = tensorflow_alias(self.model)
        fn = self.context.function
        message = f"`print` in traced `{fn.qualname}` runs only while tracing; use `tf.print`"
        if tf is None or any(a.keyword and a.keyword.value in ("file", "flush") for a in node.args):
            self.report(node, message)
            return
        replacement = node.with_changes(
            func=cst.Attribute(value=cst.Name(tf), attr=cst.Name("print"))
        )
        self.report(
            node, message, replacement=replacement, fix_description=f"replace with `{tf}.print`"
        )


class PythonStateMutationInTracedCode(StoreRule):
    id = "TF202"
    name = "python-state-mutation-in-traced-code"
    category = "side-effect"
    message = "traced code changes Python state; the change happens once, while tracing"
    rationale = """
        Rebinding a global or nonlocal, setting an attribute of `self` to a Python value
        (`self.steps += 1`), or mutating a list, dict or set that outlives the call
        (`history.append(...)`) is a Python side effect. Inside a `tf.function` it runs while
        tracing only: after N calls the counter says 1, the list has one entry. Keep state that
        must change on every call in a `tf.Variable` (`self.steps.assign_add(1)`), or return
        values and collect them outside the traced function.
    """

    def check_store(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return
        fn = context.function
        where = outer_target(self.model, context.scope, target)
        if where is None or self.model.is_tensor(value, context.scope):
            return  # a tensor stored outside is TF301's finding
        if isinstance(value, cst.Call) and variable_kind(self.model, value):
            return  # creating state is TF401's finding
        self.report(
            target,
            f"traced `{fn.qualname}` sets {where} to a Python value; this runs only while tracing",
        )

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return
        fn = context.function
        container = outer_container(self.model, context.scope, node)
        if container is None:
            return
        if any(self.model.is_tensor(a.value, context.scope) for a in node.args):
            return  # a tensor stored outside is TF301's finding
        method = node.func.attr.value
        self.report(
            node,
            f"traced `{fn.qualname}` mutates the {container} with `.{method}()`; this runs "
            "only while tracing",
        )


class PythonIteratorInTracedCode(Rule):
    id = "TF203"
    name = "python-iterator-in-traced-code"
    category = "side-effect"
    message = "`next()` on a Python iterator in traced code advances it once, while tracing"
    rationale = """
        A Python iterator or generator is advanced by Python, so inside a `tf.function` the
        `next()` call runs at trace time and its value is frozen into the graph as a constant:
        every call sees the same element. Iterate a `tf.data.Dataset` instead (its iterator is
        a TF resource that advances in the graph), or pass the element in as an argument.
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or self.model.call_name(node) != "builtins.next":
            return
        if not node.args:
            return
        source = self._python_iterator_source(node.args[0].value)
        if source is not None:
            self.report(
                node,
                f"`next()` on {source} in traced `{context.function.qualname}` runs only while "
                "tracing; every call reuses the first value",
            )

    def _python_iterator_source(self, expr: cst.BaseExpression) -> str | None:
        """What kind of Python iterator ``expr`` holds, if the module shows it is one."""
        return python_iterator(self.model, self.context.scope, expr)


def python_iterator(model: ModuleModel, scope: Scope, expr: cst.BaseExpression) -> str | None:
    """What kind of Python iterator ``expr`` holds where ``scope`` reads it (a generator, ``iter()``
    of something that is not a dataset), following parameters to what their callers pass."""
    if isinstance(expr, cst.Name):
        binding = model.lookup(expr.value, scope)
        if binding.is_param and isinstance(binding.scope, FunctionInfo):
            for argument, caller in model.arguments(binding.scope, expr.value):
                source = python_iterator(model, caller, argument)
                if source is not None:
                    return f"{source.split(' passed in as ')[0]} passed in as `{expr.value}`"
            return None
        if is_local(model, scope, expr.value):
            return None
    for value in model.bound_values(expr, scope):
        if isinstance(value, cst.GeneratorExp):
            return "a generator expression"
        if not isinstance(value, cst.Call):
            continue
        if (
            model.call_name(value) == "builtins.iter"
            and value.args
            and not model.is_dataset(value.args[0].value)
        ):
            return "a Python iterator"
        callee = model.callee(value, scope)
        if callee is not None and callee.is_generator:
            return f"generator `{callee.name}()`"
    return None

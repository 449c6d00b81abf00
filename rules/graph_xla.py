"""Traced code that XLA compiles: a Python function it cannot compile, a shape argument that is
no compile-time constant.
"""

from __future__ import annotations

from tf2lint.analysis import knowledge
from tf2lint.analysis.model import ModuleModel, Scope
from tf2lint.analysis.tensors import (
    converted_loop,
)
from tf2lint.analysis.tfnames import PY_FUNCTION_NAMES
from tf2lint.analysis.xla import xla_compiled
from tf2lint.base.lazy import cst
from tf2lint.rules.common import code
from tf2lint.rules.graph_common import _TracedRule


class PythonFunctionUnderXla(_TracedRule):
    id = "TF881"
    requires_traced_code = True
    name = "py-function-under-xla"
    severity = "error"
    message = "`tf.py_function`/`tf.numpy_function` in code compiled with `jit_compile=True` cannot compile"
    rationale = """
        `tf.function(jit_compile=True)` compiles the whole traced graph with XLA, and Keras's
        `model.compile(jit_compile=True)` its train step. `tf.py_function` and
        `tf.numpy_function` build ops that call back into Python (`EagerPyFunc`, `PyFunc`),
        for which XLA has no kernel, so the first call fails (TF 2.21:
        `InvalidArgumentError: Detected unsupported operations when trying to compile graph
        ... on XLA_CPU_JIT: PyFunc (No registered 'PyFunc' OpKernel for XLA_CPU_JIT
        devices ...)`), also where the callback sits in a helper the compiled function calls.
        Write the computation with TensorFlow ops, or drop `jit_compile=True` (or compile
        only the part without the callback). Evidence required: the call is one of the ops
        that run a Python function (from the knowledge base), in a function the module's
        `jit_compile=True` reaches through calls or functions handed to `tf.cond`,
        `tf.map_fn` and the like.
    """
    requires_text = ("jit_compile", "experimental_compile")
    calls_in_traced_code = True

    def visit_Call(self, node: cst.Call) -> None:
        name = self.model.call_name(node)
        if name not in PY_FUNCTION_NAMES and not knowledge.python_function_op(name):
            return
        fn = self._traced_function()
        compiled = xla_compiled(self.model, fn)
        if fn is None or compiled is None:
            return
        shown = code(node.func)
        self.report(
            node,
            f"`{shown}` runs Python, which XLA cannot compile: traced `{fn.qualname}` is "
            "compiled with `jit_compile=True`, so compiling it fails; use TensorFlow ops or "
            "drop `jit_compile=True`",
            because=[(compiled.describe(fn), compiled.option)],
        )


class XlaSizeArgumentFromLoopCounter(_TracedRule):
    id = "TF882"
    requires_traced_code = True
    name = "xla-shape-argument-not-constant"
    severity = "error"
    message = (
        "an output size given by a `tf.range` loop's counter in code compiled with "
        "`jit_compile=True` is not a compile-time constant: XLA cannot compile it"
    )
    rationale = """
        XLA compiles an op's output size as a constant: `tf.math.bincount`'s `minlength`,
        `tf.one_hot`'s `depth`, the `shape` of `tf.zeros`/`tf.reshape`/`tf.random.uniform`,
        `tf.tile`'s `multiples`, `tf.sequence_mask`'s `maxlen`, the `num_segments` of the
        segment ops. In a function compiled with `jit_compile=True` (or Keras's
        `compile(jit_compile=True)`), AutoGraph makes `for i in tf.range(n):` a
        `tf.while_loop`, whose counter is a value of the running loop, never a constant, so
        an output size computed from it fails to compile (TF 2.21: `InvalidArgumentError:
        Input 1 to node 'while/bincount/DenseBincount' with op DenseBincount must be a
        compile-time constant`). A tensor argument of the function itself is fine: XLA
        compiles once per value. Give the size a fixed bound (`minlength=max_n` and mask the
        rest), loop in Python (`for i in range(n)` with a Python `n` unrolls), or drop
        `jit_compile=True`. Which parameters of which ops XLA needs as constants comes from
        the knowledge base: `scripts/generate_tf_knowledge.py` compiles each op with the
        parameter a loop's counter. Evidence required: the argument is the target of an
        enclosing `for` over `tf.range(...)` (or `range()` of a tensor) in converted code, or
        arithmetic on it, in a function the module's `jit_compile=True` reaches.
    """
    requires_text = ("jit_compile", "experimental_compile")

    def __init__(self, context) -> None:
        super().__init__(context)
        self._counters: list[tuple[cst.For, str]] = []

    def visit_For(self, node: cst.For) -> None:
        if isinstance(node.target, cst.Name) and self._range_loop(node):
            self._counters.append((node, node.target.value))

    def leave_For(self, node: cst.For) -> None:
        if self._counters and self._counters[-1][0] is node:
            self._counters.pop()

    def _range_loop(self, node: cst.For) -> bool:
        iterable = node.iter
        if not isinstance(iterable, cst.Call):
            return False
        name = self.model.call_name(iterable)
        if name in ("tensorflow.range", "tensorflow.compat.v1.range"):
            return True
        return (
            name == "builtins.range"
            and converted_loop(self.model, node, self.context.scope) is not None
        )

    def visit_Call(self, node: cst.Call) -> None:
        if not self._counters:
            return
        parameters = knowledge.xla_constant_parameters(self.model.call_name(node))
        if not parameters:
            return
        fn = self._traced_function()
        if fn is None or not fn.autograph:
            return
        compiled = xla_compiled(self.model, fn)
        if compiled is None:
            return
        counters = {name for _, name in self._counters}
        for parameter, position in parameters.items():
            given = _argument_at(node, parameter, position)
            if given is None:
                continue
            counter = _counter_in(self.model, given, counters, self.context.scope)
            if counter is None:
                continue
            loop = next(loop for loop, name in self._counters if name == counter)
            self.report(
                given,
                f"`{parameter}` sets the size of what `{code(node.func)}` gives, which XLA "
                f"compiles as a constant, but `{counter}` is the counter of a `tf.range` "
                f"loop in `{fn.qualname}`, compiled with `jit_compile=True`: compiling "
                "fails; give a fixed size, or drop `jit_compile=True`",
                because=[
                    (f"`{counter}` is a graph loop's counter", loop.target),
                    (compiled.describe(fn), compiled.option),
                ],
            )
            return


def _argument_at(call: cst.Call, name: str, position: int) -> cst.BaseExpression | None:
    positional = [a for a in call.args if a.keyword is None]
    if any(a.star for a in positional[: position + 1]):
        return None
    if position < len(positional):
        return positional[position].value
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def _counter_in(
    model: ModuleModel,
    expr: cst.BaseExpression,
    counters: set[str],
    scope: Scope | None,
    depth: int = 0,
) -> str | None:
    """The loop counter ``expr`` is computed from: the counter itself, arithmetic on it, a list
    or tuple holding it, or a local of the same function bound to one of these."""
    if depth > 3 or scope is None:
        return None
    if isinstance(expr, cst.Name):
        if expr.value in counters:
            return expr.value
        binding = model.binding_of(expr, scope)
        values = binding.known_values or []
        if binding.scope is not scope.function or len(values) != 1:
            return None
        return _counter_in(model, values[0], counters, scope, depth + 1)
    if isinstance(expr, cst.BinaryOperation):
        return _counter_in(model, expr.left, counters, scope, depth + 1) or _counter_in(
            model, expr.right, counters, scope, depth + 1
        )
    if isinstance(expr, cst.UnaryOperation):
        return _counter_in(model, expr.expression, counters, scope, depth + 1)
    if isinstance(expr, (cst.List, cst.Tuple)):
        for element in expr.elements:
            found = _counter_in(model, element.value, counters, scope, depth + 1)
            if found is not None:
                return found
    return None

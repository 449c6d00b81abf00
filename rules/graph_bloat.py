"""Graph bloat: Python loops and Python data that traced code copies into the graph."""

from __future__ import annotations

from tf2lint.lazy import cst
from tf2lint.model import FunctionInfo
from tf2lint.rule import Rule
from tf2lint.rules.common import np_call

# A Python loop in traced code is unrolled: one copy of its body per iteration. Up to this many
# iterations is a normal, deliberate unrolling (layers, heads, a few refinement steps).
UNROLL_LIMIT = 100


def _int(node: cst.BaseExpression) -> int | None:
    if isinstance(node, cst.Integer):
        return int(node.evaluated_value)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _int(node.expression)
        return -inner if inner is not None else None
    return None


def _range_length(model, call: cst.Call) -> int | None:
    """len(range(...)) when every argument is an integer literal."""
    values = [_int(a.value) for a in call.args]
    if not values or None in values or any(a.keyword for a in call.args) or len(values) > 3:
        return None
    try:
        return len(range(*values))
    except (TypeError, ValueError):
        return None


def _small_numpy(call: cst.Call) -> bool:
    """``np.arange(8)``, ``np.zeros(3)``: a NumPy call whose size arguments are small literals."""
    values = [_int(a.value) for a in call.args if a.keyword is None]
    return bool(values) and None not in values and max(values) <= UNROLL_LIMIT


def python_data(model, node: cst.BaseExpression, scope, depth: int = 0) -> str | None:
    """Describe ``node`` if it is host data of a large or data-dependent size: a NumPy array
    (built by NumPy, so sized by data), or a Python list/tuple/range of more than
    UNROLL_LIMIT literal elements. None for tensors, datasets and anything unknown."""
    if depth > 3 or model.is_tensor(node, scope):
        return None
    if isinstance(node, cst.Call):
        name = model.call_name(node)
        if np_call(model, node):
            return None if _small_numpy(node) else "a NumPy array"
        if name == "builtins.range":
            n = _range_length(model, node)
            if n is not None:
                return f"`range()` of {n} iterations" if n > UNROLL_LIMIT else None
            for arg in node.args:  # range(len(data)), range(data.shape[0])
                inner = arg.value
                if isinstance(inner, cst.Subscript):
                    inner = inner.value
                if isinstance(inner, cst.Attribute) and inner.attr.value == "shape":
                    data = inner.value
                elif isinstance(inner, cst.Call) and model.call_name(inner) == "builtins.len":
                    data = inner.args[0].value if inner.args else None
                else:
                    continue
                what = data is not None and python_data(model, data, scope, depth + 1)
                if what:
                    return f"a `range()` over the length of {what}"
            return None
        if name in ("builtins.list", "builtins.tuple") and len(node.args) == 1:
            return python_data(model, node.args[0].value, scope, depth + 1)
        return None
    if isinstance(node, cst.BinaryOperation):  # arithmetic on a NumPy array is one too
        for side in (node.left, node.right):
            if (python_data(model, side, scope, depth + 1) or "").endswith("a NumPy array"):
                return "a NumPy array"
        return None
    if isinstance(node, (cst.List, cst.Tuple, cst.Set)):
        n = len(node.elements)
        return f"a Python literal of {n} elements" if n > UNROLL_LIMIT else None
    if isinstance(node, (cst.ListComp, cst.GeneratorExp)):
        return python_data(model, node.for_in.iter, scope, depth + 1)
    if isinstance(node, cst.Name):
        binding = model.binding_of(node, scope)
        if binding.is_param and isinstance(binding.scope, FunctionInfo):
            # what the callers pass: a loop over a parameter unrolls what they hand in
            for argument, caller in model.arguments(binding.scope, node.value):
                what = python_data(model, argument, caller, depth + 1)
                if what:
                    return f"`{node.value}`, {what} passed in by a caller"
            return None
        values = binding.known_values
        if values:
            found = [python_data(model, v, scope, depth + 1) for v in values]
            if all(found):
                return f"`{node.value}`, {found[0]}"
    return None


class PythonLoopUnrolledInGraph(Rule):
    id = "TF701"
    name = "python-loop-unrolled-in-graph"
    category = "graph-bloat"
    message = "a Python loop in traced code unrolls into the graph, once per element"
    rationale = f"""
        AutoGraph converts a loop to a graph loop only when it iterates a tensor
        (`for i in tf.range(n)`, `for x in dataset`, `range(n)` with a tensor `n`, `while`
        on a tensor condition). A `for` over a Python `range` with a Python bound, a list, a
        tuple or a NumPy array runs at trace time instead, and copies its body into the graph
        once per element: the graph, the trace time and the memory grow with the data.
        Reported for `range()` with literal bounds over {UNROLL_LIMIT} iterations, literal
        sequences of more than {UNROLL_LIMIT} elements, and NumPy arrays (whose size comes from
        data); small constant loops (`range(3)`, `for layer in self.layers`) are a deliberate
        unrolling and not reported. Use `tf.range` (`for i in tf.range(n)`), `tf.while_loop`,
        or feed the data as a tensor / `tf.data.Dataset`.
    """

    def visit_For(self, node: cst.For) -> None:
        context = self.context
        if not context.in_traced_code:
            return
        fn = context.function
        what = python_data(self.model, node.iter, context.scope)
        if what is not None:
            self.report(
                node.iter,
                f"this loop in traced `{fn.qualname}` iterates {what} in Python: AutoGraph "
                "unrolls it into the graph; loop over `tf.range` or a tensor instead",
            )


class DatasetFromPythonDataInGraph(Rule):
    id = "TF702"
    name = "dataset-from-python-data-in-graph"
    category = "graph-bloat"
    message = "`tf.data.Dataset.from_tensor_slices` of host data inside traced code embeds it"
    rationale = f"""
        Inside a `tf.function`, `Dataset.from_tensors` / `from_tensor_slices` of a NumPy array
        or a Python list converts the data to a constant of the graph: the whole array is
        copied into the graph (serialised with it, limited to 2 GB, and duplicated on every
        retrace). Reported for NumPy arrays and literal lists over {UNROLL_LIMIT} elements.
        Build the dataset outside the traced function and pass it (or its iterator) in, or
        pass the data as a tensor argument.
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or not node.args:
            return
        name = self.model.call_name(node) or ""
        if not name.endswith(("Dataset.from_tensor_slices", "Dataset.from_tensors")):
            return
        if not name.startswith("tensorflow.data."):
            return
        fn = context.function
        what = python_data(self.model, node.args[0].value, context.scope)
        if what is not None:
            method = name.rsplit(".", 1)[-1]
            self.report(
                node,
                f"`Dataset.{method}` of {what} inside traced `{fn.qualname}` copies it into the "
                "graph as a constant; build the dataset outside and pass it in",
            )

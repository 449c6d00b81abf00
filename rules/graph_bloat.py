"""Graph bloat: Python loops and Python data that traced code copies into the graph."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from tf2lint.analysis.model import FunctionInfo, SiteKind
from tf2lint.analysis.walk import walk
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import code, np_call

# A Python loop in traced code is unrolled: one copy of its body per iteration. Up to this many
# iterations is a normal, deliberate unrolling (layers, heads, a few refinement steps).
UNROLL_LIMIT = 100

# A loop that carries a tensor from step to step (an ODE solver, a decoder, an RNN rollout) is a
# recurrence, not a deliberate unrolling of a few layers: past this many steps its unrolled chain
# dominates the graph and the trace time (tensorflow#38628: a 40-step beam search).
RECURRENCE_UNROLL_LIMIT = 32


def _int(node: cst.BaseExpression) -> int | None:
    if isinstance(node, cst.Integer):
        return int(node.evaluated_value)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _int(node.expression)
        return -inner if inner is not None else None
    return None


def _range_length(model, call: cst.Call, scope=None) -> int | None:
    """len(range(...)) when every argument is an integer the code shows (a literal, a module
    constant: see ``_python_int``)."""
    # a parameter counts when every call the module makes passes the same integer: a Python
    # int reaches the trace as one (a tensor passed would make the loop a graph loop)
    values = [_python_int(model, a.value, scope) for a in call.args]
    if not values or None in values or any(a.keyword for a in call.args) or len(values) > 3:
        return None
    try:
        return len(range(*values))
    except (TypeError, ValueError):
        return None


def _small_numpy(call: cst.Call, name: str | None = None) -> bool:
    """``np.arange(8)``, ``np.zeros(3)``, ``np.arange(0.5, 1.0, 0.05)``: a NumPy call whose size
    the code fixes with literals (not data), at most UNROLL_LIMIT."""
    length = _literal_range_length(call, name or "")
    if length is not None:
        return length <= UNROLL_LIMIT
    values = [_int(a.value) for a in call.args if a.keyword is None]
    return bool(values) and None not in values and max(values) <= UNROLL_LIMIT


def _number(node: cst.BaseExpression) -> float | None:
    """A literal number (``3``, ``0.05``, ``-1.5``)."""
    if isinstance(node, (cst.Integer, cst.Float)):
        return float(node.evaluated_value)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _number(node.expression)
        return -inner if inner is not None else None
    return None


def _literal_range_length(call: cst.Call, name: str) -> int | None:
    """The length of ``np.arange(start, stop, step)`` or ``np.linspace(start, stop, num)``
    written with literal numbers (float ones included); None otherwise."""
    leaf = name.rsplit(".", 1)[-1]
    if leaf not in ("arange", "linspace"):
        return None
    positional = [_number(a.value) for a in call.args if a.keyword is None]
    keywords = {a.keyword.value: _number(a.value) for a in call.args if a.keyword is not None}
    if leaf == "linspace":
        if len(positional) >= 3:
            num = positional[2]
        else:
            num = keywords.get("num", 50.0) if set(keywords) <= {"num", "endpoint"} else None
        return int(num) if num is not None and len(positional) >= 2 else None
    if keywords or not 1 <= len(positional) <= 3 or None in positional:
        return None
    start, stop, step = (
        (0.0, positional[0], 1.0) if len(positional) == 1 else (*positional, 1.0)[:3]
    )
    if step == 0:
        return None
    return max(0, math.ceil((stop - start) / step))


def python_data(model, node: cst.BaseExpression, scope, depth: int = 0) -> str | None:
    """Describe ``node`` if it is host data of a large or data-dependent size: a NumPy array
    (built by NumPy, so sized by data), or a Python list/tuple/range of more than
    UNROLL_LIMIT literal elements. None for tensors, datasets and anything unknown."""
    if depth > 3 or model.is_tensor(node, scope):
        return None
    if isinstance(node, cst.Call):
        name = model.call_name(node)
        if np_call(model, node):
            return None if _small_numpy(node, name) else "a NumPy array"
        if name == "builtins.range":
            n = _range_length(model, node, scope)
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
        n = _repeated_literal_length(node)
        if n is not None:  # `[(x, y)] * 100`: a list of that many elements
            return f"a Python list of {n} elements" if n > UNROLL_LIMIT else None
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


@dataclass(frozen=True)
class _LoopSize:
    """How many times a Python loop runs: a count the code shows, or (``count`` None) a static
    dimension of a tensor's shape (``range(x.shape[1])``), fixed at trace time by the data."""

    count: int | None
    describe: str


def _static_dimension(model, node: cst.BaseExpression, scope, depth: int = 0) -> str | None:
    """``x.shape[1]``, ``x.shape[1] * x.shape[2]``, ``x.shape.as_list()[1]``, or a local bound
    only to such: a tensor's static dimension (a Python int while tracing), as written."""
    if depth > 4:
        return None
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply):
        left = _static_dimension(model, node.left, scope, depth + 1)
        right = _static_dimension(model, node.right, scope, depth + 1)
        if left and right:
            return f"{left} * {right}"
        return None
    if isinstance(node, cst.Subscript):
        shape = node.value
        if (
            isinstance(shape, cst.Call)
            and isinstance(shape.func, cst.Attribute)
            and shape.func.attr.value == "as_list"
        ):
            shape = shape.func.value
        if (
            isinstance(shape, cst.Attribute)
            and shape.attr.value == "shape"
            and model.is_tensor(shape.value, scope)
        ):
            return cst.Module(body=[]).code_for_node(node)
        return None
    if isinstance(node, cst.Name):
        binding = model.binding_of(node, scope)
        values = binding.known_values
        if values and all(_static_dimension(model, v, scope, depth + 1) for v in values):
            return node.value
    return None


def _loop_size(model, iterable: cst.BaseExpression, scope) -> _LoopSize | None:
    """The size of ``for ... in range(...)`` when the code shows it (see ``_range_length``) or
    the bound is a tensor's static dimension; None for anything else."""
    if not isinstance(iterable, cst.Call) or model.call_name(iterable) != "builtins.range":
        return None
    count = _range_length(model, iterable, scope)
    if count is not None:
        return _LoopSize(count, str(count))
    args = [a for a in iterable.args if a.keyword is None]
    if not args or len(args) > 2:
        return None
    dimension = _static_dimension(model, args[-1].value, scope)
    return _LoopSize(None, f"`{dimension}`") if dimension else None


def _tensor_op(model, scope, body: cst.CSTNode) -> cst.BaseExpression | None:
    """The first TensorFlow computation in ``body`` (not in functions it defines)."""
    return _counter_steps(model, scope, body, "").tensor_op


class PythonLoopUnrolledInGraph(Rule):
    id = "TF701"
    requires_traced_code = True
    name = "python-loop-unrolled-in-graph"
    category = "graph-bloat"
    message = "a Python loop in traced code unrolls into the graph, once per element"
    rationale = f"""
        AutoGraph converts a loop to a graph loop only when it iterates a tensor
        (`for i in tf.range(n)`, `for x in dataset`, `range(n)` with a tensor `n`, `while`
        on a tensor condition). A `for` over a Python `range` with a Python bound, a list, a
        tuple or a NumPy array runs at trace time instead, and copies its body into the graph
        once per element: the graph, the trace time and the memory grow with the data.
        Reported for `range()` with literal bounds over {UNROLL_LIMIT} iterations (or a
        parameter every call of the module passes such an integer, or leaves to such a
        default, as a fixed-step ODE solver's `steps=1000`: a Python int reaches the trace as
        one), or counts computed from Python numbers the code shows (`int((t1 - t0) / dt)`
        with every call passing Python floats, a constructor's `self.n = int(t_end / dt)`),
        or `len(t)` / `t.shape[0]` of an array or tensor of a length the code shows
        (`tf.linspace(0.0, 10.0, 1000)` passed to the `tf.function`: its static length is a
        Python int while tracing; an Euler loop over 50 points is 836 ops, over 500 8,486,
        under TF 2.21), literal
        sequences of more than {UNROLL_LIMIT} elements (a display repeated, `[(x, y)] * 300`,
        counts its elements; a caller may pass it in), and NumPy arrays (whose size comes from
        data, unless literals fix it: `np.arange(0.5, 1.0, 0.05)` is 10 thresholds); small
        constant loops (`range(3)`, `for layer in self.layers`) are a deliberate
        unrolling and not reported. A recurrence is reported from more than
        {RECURRENCE_UNROLL_LIMIT} steps: a loop whose body computes a tensor from its own value
        of the step before (`state = tf.tanh(tf.matmul(state, w))`: a decoder, an ODE solver,
        an RNN rollout) chains that many copies of the step. Use `tf.range` (`for i in tf.range(n)`), `tf.while_loop`,
        or feed the data as a tensor / `tf.data.Dataset`.
    """

    def __init__(self, context) -> None:
        super().__init__(context)
        # the Python loops around the visited node in traced code: (loop, function, size)
        self._loops: list[tuple[cst.For, FunctionInfo, _LoopSize]] = []

    def visit_For(self, node: cst.For) -> None:
        context = self.context
        if not context.in_traced_code:
            return
        fn = context.function
        what = python_data(self.model, node.iter, context.scope)
        size = _loop_size(self.model, node.iter, context.scope)
        outer = [entry for entry in self._loops if entry[1] is fn]
        self._loops.append((node, fn, size))
        if what is not None:
            self.report(
                node.iter,
                f"this loop in traced `{fn.qualname}` iterates {what} in Python: AutoGraph "
                "unrolls it into the graph; loop over `tf.range` or a tensor instead",
            )
            return
        if not outer and self._recurrence(node, fn):
            return
        if size is None or not outer or any(e[2] is None for e in outer):
            return
        sizes = [e[2] for e in outer] + [size]
        known = [s.count for s in sizes if s.count is not None]
        product = math.prod(known)
        by_shape = [s for s in sizes if s.count is None]
        # nested loops multiply: past the limit together, or over data-sized dimensions (two of
        # them, or one times more than a few)
        if not (
            len(by_shape) >= 2
            or (not by_shape and product > UNROLL_LIMIT)
            or (by_shape and product > WHILE_UNROLL_LIMIT)
        ):
            return
        op = _tensor_op(self.model, context.scope, node.body)
        if op is None:
            return
        times = f"{product} times" if not by_shape else "once per combination"
        self.report(
            outer[0][0],  # the nest, from its outermost loop: that is what unrolls
            f"nested Python loops in traced `{fn.qualname}` unroll their body into the graph "
            f"{times} ({' x '.join(s.describe for s in sizes)}); vectorise (broadcast the "
            "pairs) or loop over `tf.range`",
            because=[
                *((f"a loop over {e[2].describe}", e[0].iter) for e in outer),
                (f"with this loop over {size.describe} inside", node.iter),
                ("the body computes with TensorFlow", op),
            ],
        )

    def leave_For(self, original_node: cst.For) -> None:
        if self._loops and self._loops[-1][0] is original_node:
            self._loops.pop()

    def _recurrence(self, node: cst.For, fn: FunctionInfo) -> bool:
        """Report a loop of more than RECURRENCE_UNROLL_LIMIT steps whose body carries a tensor
        from one step to the next (``state = tf.tanh(state @ w)``): a time-stepping recurrence,
        unrolled into a chain of that many copies of the step."""
        scope = self.context.scope
        count = _sequence_count(self.model, node.iter, scope)
        if count is None or count <= RECURRENCE_UNROLL_LIMIT:
            return False
        carried = _carried_tensor(self.model, scope, node.body)
        if carried is None:
            return False
        name, step = carried
        self.report(
            node.iter,
            f"this loop in traced `{fn.qualname}` runs {count} steps in Python, each computing "
            f"`{name}` from the step before: AutoGraph unrolls the chain into the graph "
            f"{count} times; loop over `tf.range` (a graph loop) instead",
            because=[(f"`{name}` is carried from step to step", step)],
        )
        return True


def _sequence_count(model, iterable: cst.BaseExpression, scope, depth: int = 0) -> int | None:
    """How many elements a loop's Python iterable has, when the code shows it: ``range()``
    with integers the code shows, ``list(range(...))``, a literal list or tuple, or a name
    bound only to one of these."""
    if depth > 3:
        return None
    if isinstance(iterable, cst.Call):
        name = model.call_name(iterable)
        if name == "builtins.range":
            return _range_length(model, iterable, scope)
        if name in ("builtins.list", "builtins.tuple") and len(iterable.args) == 1:
            return _sequence_count(model, iterable.args[0].value, scope, depth + 1)
        return None
    if isinstance(iterable, (cst.List, cst.Tuple)):
        if any(isinstance(e, cst.StarredElement) for e in iterable.elements):
            return None
        return len(iterable.elements)
    if isinstance(iterable, cst.BinaryOperation):
        return _repeated_literal_length(iterable)
    if isinstance(iterable, (cst.ListComp, cst.GeneratorExp)):
        # `[tf.random.normal([3, 3]) for _ in range(64)]`: one element per step of its loop
        comp = iterable.for_in
        if comp.ifs or comp.inner_for_in is not None:
            return None
        return _sequence_count(model, comp.iter, scope, depth + 1)
    if isinstance(iterable, cst.Name):
        binding = model.binding_of(iterable, scope)
        if binding.param_only and isinstance(binding.scope, FunctionInfo):
            # what the callers pass: each hands in a sequence of the same known length
            passed = [
                _sequence_count(model, argument, caller, depth + 1)
                for argument, caller in model.arguments(binding.scope, iterable.value)
            ]
            if passed and None not in passed and len(set(passed)) == 1:
                return passed[0]
            return None
        values = binding.known_values
        counts = [_sequence_count(model, v, scope, depth + 1) for v in values or []]
        if counts and None not in counts and len(set(counts)) == 1:
            return counts[0]
    return None


def _repeated_literal_length(node: cst.BinaryOperation) -> int | None:
    """``[(x, y)] * 100`` (or ``100 * [...]``): how many elements the repeated list or tuple
    display has, when the code shows both."""
    if not isinstance(node.operator, cst.Multiply):
        return None
    for seq, times in ((node.left, node.right), (node.right, node.left)):
        if isinstance(seq, (cst.List, cst.Tuple)) and isinstance(times, cst.Integer):
            if any(isinstance(e, cst.StarredElement) for e in seq.elements):
                return None
            return len(seq.elements) * int(times.evaluated_value)
    return None


def _carried_tensor(model, scope, body: cst.CSTNode) -> tuple[str, cst.CSTNode] | None:
    """A name the loop body rebinds to a TensorFlow computation that reads the name itself
    (``state = tf.matmul(state, w) + 0.1``), and where; None otherwise."""
    found: list[tuple[str, cst.CSTNode]] = []

    def enter(node: cst.CSTNode) -> bool:
        if found or isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False
        if isinstance(node, (cst.Assign, cst.AugAssign)):
            targets = (
                [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            )
            for target in targets:
                if not isinstance(target, cst.Name):
                    continue
                reads = isinstance(node, cst.AugAssign) or any(
                    isinstance(n, cst.Name) and n.value == target.value for n in _names(node.value)
                )
                if reads and _steps_with_tensorflow(model, scope, node.value):
                    found.append((target.value, node))
                    return False
        return True

    walk(body, enter)
    return found[0] if found else None


def _steps_with_tensorflow(model, scope, value: cst.BaseExpression) -> bool:
    """Whether ``value`` computes with TensorFlow: a TF op in it, or a call of the module's own
    function (a step helper, ``y = rk4_step(f, y, h)``) whose body computes with TensorFlow."""
    if _tensor_op(model, scope, value) is not None:
        return True
    if not isinstance(value, cst.Call):
        return False
    fn = model.callee(value, scope)
    return isinstance(fn, FunctionInfo) and _tensor_op(model, fn, fn.node) is not None


def _names(expr: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []

    def enter(node: cst.CSTNode) -> bool:
        if isinstance(node, cst.Name):
            found.append(node)
        return not isinstance(node, cst.Lambda)

    walk(expr, enter)
    return found


class DatasetFromPythonDataInGraph(Rule):
    id = "TF702"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "dataset-from-python-data-in-graph"
    category = "graph-bloat"
    message = "`tf.data.Dataset.from_tensor_slices` of host data inside traced code embeds it"
    rationale = f"""
        Inside a `tf.function`, `Dataset.from_tensors` / `from_tensor_slices` of a NumPy array
        or a Python list converts the data to a constant of the graph: the whole array is
        copied into the graph (serialised with it, limited to 2 GB, and duplicated on every
        retrace). Reported for NumPy arrays and literal lists over {UNROLL_LIMIT} elements, and
        for the module arrays TF704 follows (`np.random.rand(n, d).astype(...)`, `np.load`) of
        at least 1 MiB or sized by a file.
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
        data = node.args[0].value
        what = python_data(self.model, data, context.scope)
        if what is None:
            # `features = np.random.rand(100000, 16).astype("float32")` at module level, a
            # file's array: the arrays TF704 follows, of the size it reports
            found = host_array(self.model, data, context.scope)
            if (
                found is not None
                and found.sized_by is None
                and (found.nbytes is None or found.nbytes >= EMBEDDED_BYTES_LIMIT)
            ):
                what = f"`{code(data)}`, {found.describe()}"
        if what is not None:
            method = name.rsplit(".", 1)[-1]
            self.report(
                node,
                f"`Dataset.{method}` of {what} inside traced `{fn.qualname}` copies it into the "
                "graph as a constant; build the dataset outside and pass it in",
            )


# A `while` on a Python counter is written as a loop, not as a deliberate unrolling (which one
# writes as `for i in range(3)`): past this many iterations it copies its body into the graph
# more often than anyone would by hand.
WHILE_UNROLL_LIMIT = 10


def _python_int(
    model, node: cst.BaseExpression, scope, depth: int = 0, params: bool = True
) -> int | None:
    """An integer the code shows: a literal, arithmetic on such, a name every binding
    of which is one (a module constant), or (with ``params``) a parameter every caller passes
    the same one for (or, with no caller in the module, the integer default of a function
    that is not itself traced: a factory's size); ``int()`` of Python numbers the code shows
    (an ODE solver's ``int((t1 - t0) / dt)`` steps)."""
    value = _python_number(model, node, scope, depth, params)
    return value if type(value) is int else None


# by the operator node's class name: a module-level `cst.Add` would load libcst on import, which a
# fully cached run never needs (tf2lint.base.lazy)
_ARITHMETIC = {
    "Add": lambda a, b: a + b,
    "Subtract": lambda a, b: a - b,
    "Multiply": lambda a, b: a * b,
    "Divide": lambda a, b: a / b,
    "FloorDivide": lambda a, b: a // b,
}
_TO_INT = {
    "builtins.int": int,
    "builtins.round": round,
    "math.ceil": math.ceil,
    "math.floor": math.floor,
}


def _literal_number(node: cst.BaseExpression) -> int | float | None:
    """A literal integer as an int, a literal float as a float."""
    value = _int(node)
    return value if value is not None else _number(node)


def _python_number(
    model, node: cst.BaseExpression, scope, depth: int = 0, params: bool = True
) -> int | float | None:
    """A Python number the code shows (see ``_python_int``): a tf.function's Python number
    argument is a constant of its trace, so arithmetic on such numbers is done while tracing."""
    value = _literal_number(node)
    if value is not None or depth > 4:
        return value
    if isinstance(node, cst.BinaryOperation) and type(node.operator).__name__ in _ARITHMETIC:
        left = _python_number(model, node.left, scope, depth + 1, params)
        right = _python_number(model, node.right, scope, depth + 1, params)
        if left is None or right is None:
            return None
        try:
            return _ARITHMETIC[type(node.operator).__name__](left, right)
        except ZeroDivisionError:
            return None
    if isinstance(node, cst.Call) and model.call_name(node) == "builtins.len" and node.args:
        return _static_length(model, node.args[0].value, scope, depth + 1, params)
    if (
        isinstance(node, cst.Subscript)
        and isinstance(node.value, cst.Attribute)
        and node.value.attr.value == "shape"
        and len(node.slice) == 1
        and isinstance(node.slice[0].slice, cst.Index)
        and _int(node.slice[0].slice.value) == 0
    ):
        return _static_length(model, node.value.value, scope, depth + 1, params)
    if isinstance(node, cst.Call):
        convert = _TO_INT.get(model.call_name(node) or "")
        if convert is None or len(node.args) != 1 or node.args[0].keyword or node.args[0].star:
            return None
        inner = _python_number(model, node.args[0].value, scope, depth + 1, params)
        try:
            return convert(inner) if inner is not None else None
        except (OverflowError, ValueError):
            return None
    if isinstance(node, cst.Attribute):
        return _constructor_int(model, node, scope, depth, params) if params else None
    if not isinstance(node, cst.Name):
        return None
    binding = model.binding_of(node, scope)
    if binding.param_only and isinstance(binding.scope, FunctionInfo):
        if not params:
            return None
        passed = {
            _python_number(model, argument, caller, depth + 1)
            for argument, caller in model.arguments(binding.scope, node.value)
        }
        if not passed and binding.scope.name == "__init__":
            # a constructor's parameter: what each construction passes (or leaves to default)
            default = binding.scope.param_defaults.get(node.value)
            passed = {
                _python_number(model, argument, where, depth + 1)
                if argument is not None
                else (_literal_number(default) if default is not None else None)
                for argument, where, _ in model.constructor_arguments(binding.scope, node.value)
            }
        if passed:
            return passed.pop() if len(passed) == 1 else None
        default = binding.scope.param_defaults.get(node.value)
        # a traced function's own parameter may be handed a tensor; a factory's may not, nor
        # one that every call of the module leaves to its default (`rk4(y0, t0, t1)`)
        if default is None:
            return None
        if not binding.scope.traced or _default_left(model, binding.scope):
            return _literal_number(default)
        return None
    values = binding.known_values
    found = (
        {_python_number(model, v, scope, depth + 1, params) for v in values} if values else {None}
    )
    return found.pop() if len(found) == 1 else None


_LENGTH_CALLS = {"linspace": 2, "zeros": 0, "ones": 0, "empty": 0, "fill": 0, "full": 0}


def _static_length(model, node: cst.BaseExpression, scope, depth: int, params: bool) -> int | None:
    """The length (dimension 0) of an array or tensor the code shows, which ``len()`` and
    ``.shape[0]`` read as a Python int while tracing: ``tf.linspace(0.0, 10.0, 1000)``,
    ``np.zeros((n, 3))``, ``tf.range(500)``, a name bound only to one, or a parameter of a
    ``tf.function`` (with no ``input_signature``: it is traced with the shape it is given)
    that every call passes one of the same length."""
    if depth > 6 or not params:
        return None
    if isinstance(node, cst.Name):
        binding = model.binding_of(node, scope)
        fn = binding.scope
        if binding.param_only and isinstance(fn, FunctionInfo):
            if any("input_signature" in code(d) for d in getattr(fn.node, "decorators", ())):
                return None
            passed = {
                _static_length(model, argument, caller, depth + 1, params)
                for argument, caller in model.arguments(fn, node.value)
            }
            return passed.pop() if len(passed) == 1 else None
        values = binding.known_values
        found = {_static_length(model, v, scope, depth + 1, params) for v in values or [None]}
        return found.pop() if len(found) == 1 else None
    if not isinstance(node, cst.Call):
        return None
    name = model.call_name(node) or ""
    if not name.startswith(("numpy.", "tensorflow.")):
        return None
    leaf = name.rsplit(".", 1)[-1]
    positional = [a.value for a in node.args if a.keyword is None]
    if leaf in ("constant", "convert_to_tensor", "array", "asarray", "cast") and positional:
        return _static_length(model, positional[0], scope, depth + 1, params)  # same elements
    if leaf in ("range", "arange"):
        values = [_python_number(model, v, scope, min(depth, 2), params) for v in positional]
        if not values or None in values or len(values) > 3:
            return _literal_range_length(node, name)
        start, stop, step = (0, values[0], 1) if len(values) == 1 else (*values, 1)[:3]
        return max(0, math.ceil((stop - start) / step)) if step else None
    position = _LENGTH_CALLS.get(leaf)
    if position is None or len(positional) <= position:
        return None
    size = positional[position]
    if leaf != "linspace":  # a shape: its first dimension
        if isinstance(size, (cst.Tuple, cst.List)) and size.elements:
            size = size.elements[0].value
        elif not isinstance(size, (cst.Integer, cst.Name)):
            return None
    # its own depth: each pass through here counts one more toward its limit
    return _python_int(model, size, scope, min(depth, 2), params)


def _default_left(model, fn: FunctionInfo) -> bool:
    """Whether the module calls ``fn`` and no call can pass a parameter it leaves to its
    default (none spreads ``*args`` or ``**kwargs``): each call then runs with the defaults
    (the caller of ``_python_int`` has seen that none passes the parameter)."""
    sites = [site for site in model.call_sites if site.callee is fn]
    return bool(sites) and all(not any(a.star for a in site.call.args) for site in sites)


def _within(root: cst.CSTNode, node: cst.CSTNode) -> bool:
    """Whether ``node`` is part of ``root``."""
    found = [False]

    def enter(n: cst.CSTNode) -> bool:
        found[0] = found[0] or n is node
        return not found[0]

    walk(root, enter)
    return found[0]


def _constructor_int(model, node: cst.Attribute, scope, depth: int, params: bool) -> int | None:
    """``self.n`` set once, in ``__init__``, from its parameter ``n``: the integer every
    construction of the class the module makes passes for it (or the default it leaves)."""
    owner = node.value
    cls = (
        model.enclosing_class(scope) if type(owner) is cst.Name and owner.value == "self" else None
    )
    init = cls.methods.get("__init__") if cls is not None else None
    values = cls.self_assignments.get(node.attr.value, ()) if init is not None else ()
    if len(values) == 1 and type(values[0]) is not cst.Name and _within(init.node, values[0]):
        # `self.n = int(t_end / dt)`: computed in `__init__` from the numbers it is given
        return _python_number(model, values[0], init, depth + 1, params)
    if len(values) != 1 or type(values[0]) is not cst.Name:
        return None
    name = values[0]
    if model.scope_of(name) is not init or not model.binding_of(name, init).param_only:
        return None
    default = init.param_defaults.get(name.value)
    passed = {
        _python_number(model, argument, where, depth + 1, params)
        if argument is not None
        else (_literal_number(default) if default is not None else None)
        for argument, where, _ in model.constructor_arguments(init, name.value)
    }
    return passed.pop() if len(passed) == 1 else None


@dataclass
class _CounterSteps:
    """The ``name += k`` / ``name -= k`` statements of a loop body, and whether the body
    computes with TensorFlow (not in functions it defines)."""

    steps: list[tuple[cst.AugAssign, int]] = field(default_factory=list)
    other_bindings: bool = False
    tensor_op: cst.BaseExpression | None = None


def _counter_steps(model, scope, body: cst.CSTNode, name: str) -> _CounterSteps:
    found = _CounterSteps()

    def enter(node: cst.CSTNode) -> bool | None:
        if isinstance(node, (cst.FunctionDef, cst.Lambda)):
            return False
        if isinstance(node, cst.AugAssign):
            if isinstance(node.target, cst.Name) and node.target.value == name:
                step = _int(node.value)
                if isinstance(node.operator, cst.AddAssign) and step is not None:
                    found.steps.append((node, step))
                elif isinstance(node.operator, cst.SubtractAssign) and step is not None:
                    found.steps.append((node, -step))
                else:
                    found.other_bindings = True
        elif isinstance(node, cst.Call):
            if found.tensor_op is None and model.is_tensor(node, scope):
                found.tensor_op = node
        elif (
            isinstance(node, cst.Assign)
            and found.tensor_op is None
            and model.is_tensor(node.value, scope)
        ):
            found.tensor_op = node.value
        return None

    walk(body, enter)
    return found


def _iterations(start: int, op: cst.BaseCompOp, bound: int, step: int) -> int | None:
    """How many times ``while counter <op> bound`` runs from ``start`` by ``step``."""
    compare = {
        cst.LessThan: lambda a, b: a < b,
        cst.LessThanEqual: lambda a, b: a <= b,
        cst.GreaterThan: lambda a, b: a > b,
        cst.GreaterThanEqual: lambda a, b: a >= b,
        cst.NotEqual: lambda a, b: a != b,
    }.get(type(op))
    if compare is None or step == 0:
        return None
    count, value = 0, start
    while compare(value, bound):
        count, value = count + 1, value + step
        if count > 100_000:
            return None  # does not end by counting: not this rule's loop
    return count


class PythonWhileUnrolled(Rule):
    id = "TF703"
    requires_traced_code = True
    name = "python-while-unrolled"
    category = "graph-bloat"
    message = "a `while` on a Python counter in traced code unrolls into the graph"
    rationale = f"""
        AutoGraph converts a `while` loop to a `tf.while_loop` only when its condition is a
        tensor. `while k < 30:` with a Python counter (`k = 1` ... `k += 1`) is ordinary
        Python while the function is traced: the body runs, and is copied into the graph, once
        per iteration. The graph, the trace time and the memory grow with the bound. Reported
        when the counter starts and steps by integer literals, the bound is an integer (a
        literal or a module constant), the loop runs more than {WHILE_UNROLL_LIMIT} times and
        its body computes with TensorFlow. Make the counter a tensor (`k = tf.constant(1)`) so
        AutoGraph emits one `tf.while_loop`, or loop over `tf.range`.
    """

    def visit_While(self, node: cst.While) -> None:
        context = self.context
        if not context.in_traced_code:
            return
        fn = context.function
        test = node.test
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
            return
        counter, op, bound_node = (
            test.left,
            test.comparisons[0].operator,
            test.comparisons[0].comparator,
        )
        if not isinstance(counter, cst.Name):
            return
        bound = _python_int(self.model, bound_node, context.scope)
        binding = self.model.binding_of(counter, context.scope)
        if bound is None or binding.scope is not fn:
            return
        starts = [s for s in binding.sites if s.kind == SiteKind.ASSIGN]
        if len(starts) != 1 or self.model.inside(starts[0], node):
            return
        start = _int(starts[0].value) if starts[0].value is not None else None
        scan = _counter_steps(self.model, context.scope, node.body, counter.value)
        if start is None or scan.other_bindings or len(scan.steps) != 1 or scan.tensor_op is None:
            return
        if any(s.kind not in (SiteKind.ASSIGN, SiteKind.AUGASSIGN) for s in binding.sites):
            return
        if sum(s.kind == SiteKind.AUGASSIGN for s in binding.sites) != 1:
            return  # the counter changes elsewhere too
        step_node, step = scan.steps[0]
        count = _iterations(start, op, bound, step)
        if count is None or count <= WHILE_UNROLL_LIMIT:
            return
        self.report(
            test,
            f"this `while` in traced `{fn.qualname}` runs {count} times on the Python counter "
            f"`{counter.value}`: AutoGraph unrolls its body into the graph {count} times; make "
            "the counter a tensor",
            because=[
                (f"`{counter.value}` starts as the Python number {start} here", starts[0].node),
                (f"and steps by {step} here", step_node),
                ("the body computes with TensorFlow", scan.tensor_op),
            ],
        )


# A NumPy array that traced code reads becomes a constant of the graph: its bytes are copied into
# the GraphDef on every trace (a protocol buffer limited to 2 GB), and the graph holds them for as
# long as the function lives. TensorFlow's Grappler refuses to materialise constants over 10 MiB
# when it folds them; a tenth of that is already more than any hand-written constant (a lookup
# table, a kernel) and is where the copy costs more than passing the array in.
EMBEDDED_BYTES_LIMIT = 1 << 20
_SHAPE_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size", "nbytes", "itemsize", "T"})


@dataclass(frozen=True)
class _HostArray:
    """A NumPy array the code builds, and how large: ``nbytes`` (None: sized by the data, read
    from a file or, with ``sized_by``, built while tracing from a tensor's static dimension)."""

    call: cst.CSTNode
    nbytes: int | None
    sized_by: str | None = None  # the data dimension (``image.shape[1]``) that sizes it
    vocabulary: bool = False  # a row per word of a vocabulary that comes from data

    def describe(self) -> str:
        if self.vocabulary:
            return "a NumPy matrix with a row per word of a vocabulary from the data"
        if self.sized_by is not None:
            return f"a NumPy array built while tracing, sized by {self.sized_by}"
        if self.nbytes is None:
            return "a NumPy array loaded from a file"
        return f"a NumPy array of {self.nbytes / (1 << 20):.1f} MiB"


def _shape_elements(model, node: cst.BaseExpression, scope) -> int | None:
    """The number of elements of a shape written as an integer or a tuple/list of integers."""
    if isinstance(node, (cst.Tuple, cst.List)):
        sizes = [_python_int(model, e.value, scope) for e in node.elements]
        return math.prod(sizes) if sizes and None not in sizes else None
    return _python_int(model, node, scope)


def _itemsize(model, dtype: cst.BaseExpression | None) -> int | None:
    """The bytes per element of a dtype (``np.float32``, ``"int8"``: the bits its name spells,
    over eight); 8 without one (NumPy's float64 and int64 defaults); None when not known."""
    if dtype is None:
        return 8
    spelled = (
        dtype.evaluated_value
        if isinstance(dtype, cst.SimpleString)
        else model.qualified_name(dtype)
    )
    if not isinstance(spelled, str):
        return None
    digits = "".join(ch for ch in spelled.rsplit(".", 1)[-1] if ch.isdigit())
    if digits:
        return max(1, int(digits) // 8)
    return 1 if spelled.endswith("bool") else None


def _passed_arrays(model, name: cst.Name, scope, depth: int) -> _HostArray | None:
    """A parameter every visible call fills with such an array (``compressor.train(matrix)``
    with ``matrix = np.load(...)``, ``Encoder(np.load(path))`` into ``__init__``). Not a
    parameter of a function ``tf.function`` itself traces: what it is given arrives as a
    tensor argument of the graph, not a constant."""
    binding = model.binding_of(name, scope)
    fn = binding.scope
    if not binding.is_param or not isinstance(fn, FunctionInfo):
        return None
    # The same parameter is read again and again (and reached again through each call that
    # fills it): its answer, which depends on nothing but the function, the parameter's name
    # and the depth, once per module.
    return model.memo(
        ("TF704 passed arrays", id(fn), name.value, depth),
        lambda: _passed_to(model, name, fn, depth),
    )


def _passed_to(model, name: cst.Name, fn: FunctionInfo, depth: int) -> _HostArray | None:
    reason = fn.traced_by
    if reason is not None and reason.kind in ("decorator", "wrapped", "keras", "dataset"):
        return None
    passed = model.arguments(fn, name.value)
    if fn.name == "__init__" and fn.cls is not None:
        passed = passed + _constructor_arguments(model, fn, name.value)
    found = [host_array(model, value, where, depth + 1) for value, where in passed]
    return found[0] if found and all(found) else None


def _constructor_arguments(model, init: FunctionInfo, param: str) -> list:
    """What ``Cls(...)`` calls in the module pass to ``param`` of ``Cls.__init__`` (after
    ``self``), each with the scope it is evaluated in."""
    params = init.params[1:]
    found = []
    for call in model.nodes_of(cst.Call):
        if not isinstance(call.func, cst.Name):
            continue
        scope = model.scope_of(call.func)
        if model.constructed_class(call, scope) is not init.cls:
            continue
        for index, arg in enumerate(call.args):
            if arg.star:
                break
            if (arg.keyword is not None and arg.keyword.value == param) or (
                arg.keyword is None and index < len(params) and params[index] == param
            ):
                found.append((arg.value, scope))
    return found


# NumPy's functions that give their argument's elements as an array (a copy, perhaps of another
# dtype): as large as what they are given.
_ARRAY_CONVERTERS = frozenset({"numpy.array", "numpy.asarray", "numpy.ascontiguousarray"})


def data_dimension(model, node: cst.BaseExpression, scope, depth: int = 0) -> str | None:
    """``node`` as an integer that comes from the data while tracing: a tensor's static
    dimension (``image.shape[1]``), arithmetic on one, a name bound to one, or a parameter of a
    helper that every call in the module passes one; its spelling, else None."""
    if depth > 4:
        return None
    found = _static_dimension(model, node, scope)
    if found is not None:
        return f"the static dimension `{found}`"
    if isinstance(node, cst.BinaryOperation):
        return data_dimension(model, node.left, scope, depth + 1) or data_dimension(
            model, node.right, scope, depth + 1
        )
    if isinstance(node, cst.Call) and model.call_name(node) == "builtins.int" and node.args:
        return data_dimension(model, node.args[0].value, scope, depth + 1)
    if not isinstance(node, cst.Name):
        return None
    binding = model.binding_of(node, scope)
    for site in binding.sites:
        # `_, height, width, _ = image.shape`: a static dimension each
        shape = _unpacked_shape(model, site) if site.kind == SiteKind.UNPACK else None
        if shape is not None and model.is_tensor(shape.value, scope):
            return f"the static dimension `{node.value}` of `{code(shape)}`"
    fn = binding.scope
    if binding.is_param and isinstance(fn, FunctionInfo):
        if fn.traced_by is not None and fn.traced_by.kind in ("decorator", "wrapped"):
            return None  # what a tf.function is given: a tensor, or a size (_unfixed_size)
        passed = model.arguments(fn, node.value)
        found = [data_dimension(model, value, where, depth + 1) for value, where in passed]
        return found[0] if found and all(found) else None
    values = binding.known_values or []
    found = [data_dimension(model, v, scope, depth + 1) for v in values]
    return found[0] if found and all(found) else None


def _unpacked_shape(model, site) -> cst.Attribute | None:
    """The ``x.shape`` (or ``x.get_shape()``) an unpacking binds ``site``'s name from
    (``_, h, w, _ = image.shape``), else None."""

    def unpacked() -> dict[int, cst.BaseExpression]:
        found = {}
        for assign in model.nodes_of(cst.Assign):
            for target in assign.targets:
                if isinstance(target.target, (cst.Tuple, cst.List)):
                    for element in target.target.elements:
                        found[id(element.value)] = assign.value
        return found

    value = model.memo(_unpacked_shape, unpacked).get(id(site.node))
    if (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value in ("get_shape", "as_list")
    ):
        value = value.func.value
    if isinstance(value, cst.Attribute) and value.attr.value == "shape":
        return value
    return None


def _data_sized_arguments(model, call: cst.Call, scope, depth: int) -> str | None:
    """The data dimension a NumPy call is sized by: an argument (or an element of a shape
    tuple, or the bound of a comprehension it is given) that is one, or a NumPy array sized by
    one (``np.exp(-(xs ** 2))`` of ``xs = np.linspace(-1, 1, height)``)."""
    for arg in call.args:
        value = arg.value
        if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
            # `np.stack([np.exp(-xs * k) for k in range(n)])`: its elements, and how many
            bound = value.for_in.iter
            if isinstance(bound, cst.Call) and model.call_name(bound) == "builtins.range":
                bound = bound.args[-1].value if bound.args else bound
            parts = [value.elt, bound]
        elif isinstance(value, (cst.Tuple, cst.List)):
            parts = [e.value for e in value.elements]
        else:
            parts = [value]
        for part in parts:
            found = data_dimension(model, part, scope)
            if found is not None:
                return found
            inner = host_array(model, part, scope, depth + 1)
            if inner is not None and inner.sized_by is not None:
                return inner.sized_by
    return _unfixed_size(model, call, scope)


# NumPy's functions that build an array of a size their arguments give: the positions and
# names of those arguments.
_SIZE_PARAMETERS = {
    "numpy.linspace": ((2, "num"),),
    "numpy.logspace": ((2, "num"),),
    "numpy.arange": ((0, "stop"), (1, "stop")),
    "numpy.zeros": ((0, "shape"),),
    "numpy.ones": ((0, "shape"),),
    "numpy.empty": ((0, "shape"),),
    "numpy.full": ((0, "shape"),),
    "numpy.eye": ((0, "N"), (1, "M")),
    "numpy.identity": ((0, "n"),),
    "numpy.tri": ((0, "N"), (1, "M")),
    "numpy.indices": ((0, "dimensions"),),
    "numpy.fromfunction": ((1, "shape"),),
}


def _unfixed_size(model, call: cst.Call, scope) -> str | None:
    """While tracing (``scope`` is traced code), a NumPy array built with a size the code does
    not fix: a size argument that is a name or attribute holding no integer the module shows
    (``np.linspace(-1, 1, self.height)``, a factory's parameter no call fills with one). Each
    trace builds and embeds it anew, as large as that value."""
    if not isinstance(scope, FunctionInfo) or not scope.traced:
        return None
    sizes = _SIZE_PARAMETERS.get(model.call_name(call) or "", ())
    positional = [a.value for a in call.args if a.keyword is None]
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    for position, keyword in sizes:
        value = positional[position] if position < len(positional) else keywords.get(keyword)
        parts = (
            [e.value for e in value.elements]
            if isinstance(value, (cst.Tuple, cst.List))
            else [value]
        )
        for part in parts:
            if not isinstance(part, (cst.Name, cst.Attribute)):
                continue
            if _python_int(model, part, scope) is not None:
                continue  # a size the module fixes: the bytes decide (host_array)
            binding = model.binding_of(part, scope) if isinstance(part, cst.Name) else None
            fn = binding.scope if binding is not None and binding.is_param else None
            if fn is None and model.is_tensor(part, scope):
                continue  # `np.arange(tf.shape(x)[0])`: fails on a graph tensor (TF804's)
            reason = fn.traced_by if isinstance(fn, FunctionInfo) else None
            if reason is not None and reason.kind in ("decorator", "wrapped"):
                # a size NumPy takes is a Python int: a tf.function's argument is one per
                # trace (each new value traces again and embeds another array)
                return f"the argument `{part.value}` of traced `{fn.qualname}`"
            return f"`{code(part)}`, which the code does not fix"
    return None


# NumPy's functions that read an array from a file: sized by the file, not by the code.
_FILE_READERS = frozenset(
    {"numpy.load", "numpy.loadtxt", "numpy.genfromtxt", "numpy.fromfile", "numpy.memmap"}
)

# NumPy's random number generators: their methods draw as NumPy's module functions do.
_GENERATORS = frozenset(
    {"numpy.random.default_rng", "numpy.random.RandomState", "numpy.random.Generator"}
)


def _generator_method(model, call: cst.Call, scope) -> str | None:
    """``rng.normal(size=(n, d))`` with ``rng = np.random.default_rng(0)`` (or the chained
    ``np.random.default_rng().random((n, d))``): the name of the module function it draws as
    (``numpy.random.normal``)."""
    func = call.func
    if not isinstance(func, cst.Attribute):
        return None
    made = func.value
    if isinstance(made, cst.Name):
        values = model.binding_of(made, scope).known_values or []
        made = values[0] if len(values) == 1 else None
    if isinstance(made, cst.Call) and model.call_name(made) in _GENERATORS:
        return f"numpy.random.{func.attr.value}"
    return None


def _whole_view(node: cst.Subscript) -> bool:
    """``a[:, None]``, ``a[None, ...]``, ``a[..., np.newaxis]``: every element of ``a``, with
    axes added (each index a whole slice, ``None``, ``np.newaxis`` or ``...``)."""
    for element in node.slice:
        piece = element.slice
        if isinstance(piece, cst.Slice):
            if piece.lower is not None or piece.upper is not None or piece.step is not None:
                return False
            continue
        value = piece.value
        if isinstance(value, cst.Ellipsis):
            continue
        if isinstance(value, cst.Name) and value.value == "None":
            continue
        if isinstance(value, cst.Attribute) and value.attr.value == "newaxis":
            continue
        return False
    return any(
        not isinstance(e.slice, cst.Slice) and not isinstance(e.slice.value, cst.Ellipsis)
        for e in node.slice
    )


def host_array(model, node: cst.BaseExpression, scope, depth: int = 0) -> _HostArray | None:
    """``node`` as a NumPy array whose size the code fixes: ``np.zeros((50000, 300))``,
    ``np.random.normal(size=(n, d))``, ``np.random.rand(n, d)`` with integer sizes, or
    ``np.load(path)`` (sized by the file); a name or ``self.<attr>`` bound only to such; and
    arithmetic or ``.astype`` of one. None otherwise."""
    if depth > 12:
        return None
    if isinstance(node, cst.BinaryOperation):
        return host_array(model, node.left, scope, depth + 1) or host_array(
            model, node.right, scope, depth + 1
        )
    if isinstance(node, cst.UnaryOperation):
        return host_array(model, node.expression, scope, depth + 1)
    if isinstance(node, cst.Subscript):
        if _whole_view(node):  # `np.arange(h)[:, None]`: the same elements, a new axis
            return host_array(model, node.value, scope, depth + 1)
        # `np.load("vectors.npz")["arr_0"]`: an array of an archive, sized by the file
        loaded = node.value
        if isinstance(loaded, cst.Name):
            values = model.binding_of(loaded, scope).known_values or []
            loaded = values[0] if len(values) == 1 else None
        key = node.slice[0].slice if len(node.slice) == 1 else None
        if (
            isinstance(loaded, cst.Call)
            and model.call_name(loaded) == "numpy.load"
            and isinstance(key, cst.Index)
            and isinstance(key.value, cst.SimpleString)
        ):
            return _HostArray(loaded, None)
        return None
    if isinstance(node, (cst.Name, cst.Attribute)):
        if isinstance(node, cst.Attribute) and not (
            isinstance(node.value, cst.Name) and node.value.value == "self"
        ):
            return None
        values = model.bound_values(node, scope)
        if isinstance(node, cst.Name):
            passed = _passed_arrays(model, node, scope, depth)
            if passed is not None:
                return passed
            values = model.binding_of(node, scope).known_values or []
            found = [host_array(model, v, scope, depth + 1) for v in values]
        else:  # `self.x = x` in `__init__`: each value read where the method reads it
            found = [
                host_array(
                    model, v, model.scope_of(v) if isinstance(v, cst.Name) else scope, depth + 1
                )
                for v in values
            ]
        return found[0] if found and all(found) else None
    if not isinstance(node, cst.Call):
        return None
    func = node.func
    if isinstance(func, cst.Attribute) and func.attr.value == "astype" and not np_call(model, node):
        inner = host_array(model, func.value, scope, depth + 1)
        if inner is None or inner.nbytes is None or not node.args:
            return inner
        size = _itemsize(model, node.args[0].value)  # the elements stay, their width changes
        return _HostArray(node, None if size is None else inner.nbytes // 8 * size)
    name = model.call_name(node) or _generator_method(model, node, scope) or ""
    if not name.startswith("numpy."):
        # `matrix = load_embeddings(path)`: a function of the module that returns one (a helper
        # traced code calls builds it while tracing; a tf.function itself returns tensors)
        fn = model.callee(node, scope)
        if fn is None or (fn.traced_by is not None and fn.traced_by.kind == "decorator"):
            return None
        returned = [
            host_array(model, v, fn, depth + 1) for v in model.return_values(fn) if v is not None
        ]
        return returned[0] if returned and all(returned) else None
    leaf = name.rsplit(".", 1)[-1]
    if name in _FILE_READERS:
        return _HostArray(node, None)
    positional = [a for a in node.args if a.keyword is None]
    if (
        name in ("numpy.stack", "numpy.vstack")
        and positional
        and python_sequence(model, positional[0].value, scope) is not None
    ):
        return _HostArray(node, None)  # `np.stack([vectors[w] for w in words])`: a row per line
    if name in _ARRAY_CONVERTERS and positional:
        # `np.array(np.load(p), dtype=np.float32)`: the same elements, perhaps another width
        inner = host_array(model, positional[0].value, scope, depth + 1)
        if inner is None and python_sequence(model, positional[0].value, scope) is not None:
            return _HostArray(node, None)  # `np.array(vectors)` of a file's lines
        dtype = next((a.value for a in node.args if a.keyword and a.keyword.value == "dtype"), None)
        if inner is None or inner.nbytes is None or dtype is None:
            return inner
        size = _itemsize(model, dtype)
        return _HostArray(node, None if size is None else inner.nbytes // 8 * size)
    sized_by = _data_sized_arguments(model, node, scope, depth)
    if sized_by is not None:
        return _HostArray(node, None, sized_by)
    keywords = {a.keyword.value: a.value for a in node.args if a.keyword is not None}
    elements: int | None = None
    if name in ("numpy.zeros", "numpy.ones", "numpy.empty", "numpy.full"):
        shape = positional[0].value if positional else keywords.get("shape")
        elements = _shape_elements(model, shape, scope) if shape is not None else None
    elif name in ("numpy.eye", "numpy.identity") and positional:
        # `np.eye(n)`, `np.eye(n, m)`: n x m elements (n x n when m is not given)
        sizes = [_python_int(model, a.value, scope) for a in positional[:2]]
        elements = (
            math.prod(sizes) * (sizes[0] if len(sizes) == 1 else 1) if None not in sizes else None
        )
    elif name in ("numpy.arange", "numpy.linspace"):
        elements = _literal_range_length(node, name)
        if (
            elements is None
            and name == "numpy.arange"
            and len(positional) == 1
            and not keywords.keys() - {"dtype"}
        ):
            elements = _python_int(model, positional[0].value, scope)
    elif name in ("numpy.random.rand", "numpy.random.randn"):
        sizes = [_python_int(model, a.value, scope) for a in positional]
        elements = math.prod(sizes) if sizes and None not in sizes else None
    elif name.startswith("numpy.random.") and "size" in keywords:
        elements = _shape_elements(model, keywords["size"], scope)
    elif name.startswith("numpy.random.") and leaf not in ("choice", "permutation", "shuffle"):
        # `np.random.normal(0.0, 1.0, (n, d))`: NumPy's distributions take their parameters as
        # numbers and their `size` last, the one shape-like tuple
        shapes = [a.value for a in positional if isinstance(a.value, (cst.Tuple, cst.List))]
        if len(shapes) == 1:
            elements = _shape_elements(model, shapes[0], scope)
    elif (
        name.startswith("numpy.random.")
        and leaf in ("random", "random_sample", "standard_normal")
        and positional
    ):
        elements = _shape_elements(model, positional[0].value, scope)
    if elements is None:
        if name in ("numpy.zeros", "numpy.ones", "numpy.empty", "numpy.full"):
            shape = positional[0].value if positional else keywords.get("shape")
            if shape is not None and _vocabulary_rows(model, shape, scope):
                return _HostArray(node, None, vocabulary=True)  # an embedding matrix
        return None
    itemsize = _itemsize(model, keywords.get("dtype"))
    return _HostArray(node, None if itemsize is None else elements * itemsize)


# An embedding's width at least this: a row per word of a vocabulary makes a large matrix
EMBEDDING_WIDTH = 32


def _vocabulary_rows(model, shape: cst.BaseExpression, scope, depth: int = 0) -> bool:
    """``(len(vocabulary) + 1, 300)``: a matrix of a row per word of a vocabulary that comes
    from data (a file's lines or words, a tokenizer's ``word_index``, a layer's
    ``get_vocabulary()``), each row at least EMBEDDING_WIDTH wide (the embedding matrix
    filled from pretrained vectors)."""
    if not isinstance(shape, (cst.Tuple, cst.List)) or len(shape.elements) != 2:
        return False
    rows, width = (e.value for e in shape.elements)
    columns = _python_int(model, width, scope)
    return (
        columns is not None and columns >= EMBEDDING_WIDTH and _vocabulary_size(model, rows, scope)
    )


def _vocabulary_size(model, node: cst.BaseExpression, scope, depth: int = 0) -> bool:
    """``len(vocabulary)`` (plus or minus a few), or a name bound only to one."""
    if depth > 4:
        return False
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Subtract)):
        return _vocabulary_size(model, node.left, scope, depth + 1) and _int(node.right) is not None
    if isinstance(node, cst.Name):
        values = model.binding_of(node, scope).known_values
        return (
            bool(values)
            and len(values) == 1
            and _vocabulary_size(model, values[0], scope, depth + 1)
        )
    if not (
        isinstance(node, cst.Call)
        and model.call_name(node) == "builtins.len"
        and len(node.args) == 1
    ):
        return False
    counted = node.args[0].value
    if isinstance(counted, cst.Name):
        values = model.binding_of(counted, scope).known_values
        counted = values[0] if values and len(values) == 1 else counted
    if isinstance(counted, cst.Attribute) and counted.attr.value == "word_index":
        return True  # a Keras Tokenizer's vocabulary, fitted on the texts
    if (
        isinstance(counted, cst.Call)
        and isinstance(counted.func, cst.Attribute)
        and counted.func.attr.value == "get_vocabulary"
    ):
        return True  # a TextVectorization layer's vocabulary, adapted to the data
    return python_sequence(model, node.args[0].value, scope) is not None


# A Python list that long is data (a vocabulary, a table read from a file), never a constant
# written by hand: converting it in traced code copies every element into the graph.
SEQUENCE_LIMIT = 10_000
# Calls that give their argument's elements in another container: as long as it is.
_SEQUENCE_COPIES = frozenset(
    {"builtins.sorted", "builtins.list", "builtins.set", "builtins.tuple", "builtins.reversed"}
)
# Methods of a file's text (or the file) that split it into a list of its lines or words.
_SPLITTERS = frozenset({"split", "splitlines", "readlines"})


def _file_object(model, node: cst.BaseExpression, scope, depth: int = 0) -> bool:
    """``open(path)``, or a name bound to one (``with open(path) as f``)."""
    if isinstance(node, cst.Call):
        return model.call_name(node) in ("builtins.open", "io.open")
    if isinstance(node, cst.Name) and depth < 3:
        sites = model.binding_of(node, scope).sites
        return bool(sites) and all(
            s.kind in (SiteKind.ASSIGN, SiteKind.WITH)
            and s.value is not None
            and _file_object(model, s.value, scope, depth + 1)
            for s in sites
        )
    return False


def _filled_per_line(model, fn: FunctionInfo, name: str) -> bool:
    """Whether ``fn`` fills the empty list or dict ``name`` inside a loop over the lines of a
    file (``for line in f: vectors[word] = ...`` or ``rows.append(...)``): one entry per
    line, as many as the file has."""
    found = [False]

    def fills(node: cst.CSTNode) -> bool:
        if isinstance(node, cst.Assign):
            return any(
                isinstance(t.target, cst.Subscript)
                and isinstance(t.target.value, cst.Name)
                and t.target.value.value == name
                for t in node.targets
            )
        return (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "append"
            and isinstance(node.func.value, cst.Name)
            and node.func.value.value == name
        )

    def enter(node: cst.CSTNode) -> bool:
        if found[0] or (
            isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and (node is not fn.node)
        ):
            return False
        if isinstance(node, cst.For) and _file_object(model, node.iter, fn):
            inner = [False]

            def look(child: cst.CSTNode) -> bool:
                inner[0] = inner[0] or fills(child)
                return not inner[0]

            walk(node.body, look)
            found[0] = inner[0]
        return not found[0]

    walk(fn.node, enter)
    return found[0]


def python_sequence(model, node: cst.BaseExpression, scope, depth: int = 0) -> str | None:
    """``node`` as a Python list whose length comes from data: the lines or words of a file
    (``f.read().split()``, ``[line.strip() for line in f]``), a comprehension over
    ``range(n)`` with ``n`` over SEQUENCE_LIMIT, ``sorted(set(...))`` and concatenations of
    such, or a name bound only to one. Its description, else None."""
    if depth > 6:
        return None
    deeper = depth + 1
    if isinstance(node, (cst.ListComp, cst.GeneratorExp, cst.SetComp)):
        source = node.for_in.iter
        if _file_object(model, source, scope):
            return "the lines of a file"
        if isinstance(source, cst.Call) and model.call_name(source) == "builtins.range":
            count = _range_length(model, source, scope)
            return f"{count} elements" if count is not None and count > SEQUENCE_LIMIT else None
        return python_sequence(model, source, scope, deeper)
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
        return python_sequence(model, node.left, scope, deeper) or python_sequence(
            model, node.right, scope, deeper
        )
    if isinstance(node, cst.Call):
        name = model.call_name(node)
        if name in _SEQUENCE_COPIES and len(node.args) == 1:
            return python_sequence(model, node.args[0].value, scope, deeper)
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in _SPLITTERS:
            text = func.value
            if (
                isinstance(text, cst.Call)
                and isinstance(text.func, cst.Attribute)
                and text.func.attr.value == "read"
            ):
                text = text.func.value
            if _file_object(model, text, scope):
                return "the words of a file" if func.attr.value == "split" else "a file's lines"
        fn = model.callee(node, scope)  # `vocab = build_vocab(corpus)`: what it returns
        if fn is None or fn.traced_by is not None:
            return None
        returned = [python_sequence(model, v, fn, deeper) for v in model.return_values(fn)]
        return returned[0] if returned and all(returned) else None
    if isinstance(node, cst.Name):
        binding = model.binding_of(node, scope)
        fn = binding.scope
        if binding.is_param and isinstance(fn, FunctionInfo):
            # a parameter every call fills with one; not one tf.function itself is given
            reason = fn.traced_by
            if reason is not None and reason.kind in ("decorator", "wrapped", "keras", "dataset"):
                return None
            passed = model.arguments(fn, node.value)
            if fn.name == "__init__" and fn.cls is not None:
                passed = passed + _constructor_arguments(model, fn, node.value)
            found = [python_sequence(model, v, where, deeper) for v, where in passed]
            return found[0] if found and all(found) else None
        values = binding.known_values
        if (
            values
            and len(values) == 1
            and isinstance(values[0], (cst.List, cst.Dict))
            and not values[0].elements
            and isinstance(fn, FunctionInfo)
            and _filled_per_line(model, fn, node.value)
        ):
            return "the lines of a file"  # `vectors = {}` filled in `for line in f:`
        found = [python_sequence(model, v, scope, deeper) for v in values or ()]
        return found[0] if found and all(found) else None
    if (
        isinstance(node, cst.Attribute)
        and isinstance(node.value, cst.Name)
        and node.value.value == "self"
    ):
        values = model.bound_values(node, scope)
        found = [
            python_sequence(
                model, v, model.scope_of(v) if isinstance(v, cst.Name) else scope, deeper
            )
            for v in values
        ]
        return found[0] if found and all(found) else None
    return None


class NumpyArrayEmbeddedAsConstant(Rule):
    id = "TF704"
    requires_traced_code = True
    visits_in_traced_code = frozenset({"Name", "Attribute"})  # self.<attr> and names it reads
    name = "numpy-array-embedded-as-constant"
    category = "graph-bloat"
    message = "a large NumPy array read in traced code is copied into the graph as a constant"
    rationale = f"""
        A NumPy array that a `tf.function` (or a Keras `call`, a dataset map function) uses in
        an op is converted to a constant of the graph while tracing: its bytes are copied into
        the GraphDef on every trace, kept by the function for as long as it lives, and count
        against the 2 GB limit of a serialised graph (`tf.saved_model.save` fails past it).
        Grappler itself refuses to build constants over 10 MiB. Reported when the array is
        built with a size the code fixes (`np.zeros((50000, 300))`, `np.random.rand(n, d)`,
        `np.eye(4096)`, `np.arange(1_000_000)`,
        a NumPy Generator's `rng.normal(size=(n, d))`) of at least
        {EMBEDDED_BYTES_LIMIT >> 20} MiB, or read from a file (`np.load`, `np.loadtxt`: sized
        by the file), or stacked from a vocabulary's vectors read line by line from a file
        (`np.stack([vectors[w] for w in words])`, `vectors` a dict filled in `for line in f`:
        a row per line, 1,000 rows of 300 floats a 1,200,392-byte GraphDef under TF 2.21),
        or an embedding matrix with a row per word of a vocabulary fitted on the
        data (`np.zeros((len(tokenizer.word_index) + 1, 300))`, at least {EMBEDDING_WIDTH}
        wide), directly or by a module function that returns it, whether it is a module
        global, an attribute (a constructor argument stored on `self`), a local, or a parameter of an
        enclosing function that every call in the module fills with such an array (a
        `tf.function` defined inside `train(self, embed_matrix)` capturing it; a parameter of
        the traced function itself arrives as a tensor, not a constant), and read in traced code
        as a value (its `.shape`, `.dtype` and `len()` are Python facts and not reported).
        Also reported where a TensorFlow op in traced code is handed host data whose size
        comes from the data: a NumPy array built while tracing and sized by a tensor's static
        dimension (`_, h, w, _ = image.shape`) or by an argument of the `tf.function` (a filter
        bank for the image height: each new size traces again and embeds another copy), or a
        Python list of more than {SEQUENCE_LIMIT} elements or of a file's lines or words (a
        vocabulary given to `tf.constant` or a lookup table's initializer). Arrays given by
        `np.array`/`np.asarray`, an `.npz` archive's entry, NumPy's distributions with a
        positional size, and a matrix handed to a method of an object built in the same call
        (`Compressor(32).train(matrix)`) are followed.
        Convert it once outside the traced function (a `tf.Variable`, or
        `tf.convert_to_tensor` eagerly) and read that, or pass it in as an argument; build a
        trace-time array with TensorFlow ops on the tensor.
    """

    def __init__(self, context) -> None:
        super().__init__(context)
        self._facts: set[int] = set()  # ids of names read for a Python fact (`x.shape`, len(x))
        self._converted: set[int] = set()  # ids of the arguments of TensorFlow calls

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._facts.add(id(node.attr))  # the attribute's name is no variable
        if node.attr.value in _SHAPE_ATTRIBUTES:
            self._facts.add(id(node.value))
            return
        if isinstance(node.value, cst.Name) and node.value.value == "self":
            self._check(node)

    def visit_Call(self, node: cst.Call) -> None:
        self._facts.update(id(a.keyword) for a in node.args if a.keyword is not None)
        name = self.model.call_name(node) or ""
        if name == "builtins.len" and node.args:
            self._facts.add(id(node.args[0].value))
        elif name.endswith(("Dataset.from_tensor_slices", "Dataset.from_tensors")) and node.args:
            # TF702's finding: the dataset's data, read as a whole
            walk(node.args[0].value, lambda n: self._facts.add(id(n)))
        elif name.startswith("tensorflow.") and self.context.in_traced_code:
            # what a TensorFlow op is handed is converted to a tensor: a constant of the graph
            self._converted.update(id(a.value) for a in node.args)
            for arg in node.args:
                if isinstance(arg.value, cst.Call):
                    self._check(arg.value)
                self._check_sequence(arg.value, node)

    def _check_sequence(self, value: cst.BaseExpression, op: cst.Call) -> None:
        """A Python list of data handed to a TensorFlow op in traced code."""
        if not isinstance(
            value, (cst.Name, cst.Attribute, cst.Call, cst.ListComp, cst.BinaryOperation)
        ):
            return
        if isinstance(value, cst.Call) and np_call(self.model, value):
            return  # a NumPy array: host_array's
        found = python_sequence(self.model, value, self.context.scope)
        if found is None:
            return
        fn = self.context.function
        self.report(
            value,
            f"traced `{fn.qualname}` hands `{code(value)}`, a Python list of {found}, to "
            f"`{code(op.func)}`: tracing copies every element into the graph as a constant, on "
            "every trace; convert it once outside (a tensor, a lookup table) or pass it in",
            because=[(f"`{code(value)}` holds {found}", value)],
        )

    def visit_For(self, node: cst.For) -> None:
        self._facts.add(id(node.iter))  # a Python loop over it: TF701's finding

    def visit_Name(self, node: cst.Name) -> None:
        self._check(node)

    def _check(self, node: cst.Name | cst.Attribute | cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or id(node) in self._facts:
            return
        if self.model.is_target(node):
            return
        if isinstance(node, cst.Name) and node.value == "self":
            return
        found = host_array(self.model, node, context.scope)
        if found is None or (found.nbytes is not None and found.nbytes < EMBEDDED_BYTES_LIMIT):
            return
        if (found.sized_by is not None or isinstance(node, cst.Call)) and id(
            node
        ) not in self._converted:
            return  # built while tracing: a constant only where an op is handed it
        fn = context.function
        fix = (
            "compute it with TensorFlow ops on the tensor instead"
            if found.sized_by is not None
            else "convert it once outside (a tf.Variable or tensor) or pass it in"
        )
        self.report(
            node,
            f"traced `{fn.qualname}` reads `{code(node)}`, {found.describe()}: tracing copies "
            f"it into the graph as a constant, on every trace; {fix}",
            because=[(f"`{code(node)}` is {found.describe()}, built here", found.call)],
        )


class DatasetIteratedThroughGenerator(Rule):
    id = "TF705"
    requires_traced_code = True
    name = "dataset-iterated-through-python-generator"
    category = "graph-bloat"
    severity = "error"
    message = (
        "a loop in traced code iterates a Python generator that loops over a dataset: the "
        "loop unrolls without end"
    )
    rationale = """
        AutoGraph converts `for x in dataset` in a `tf.function` to a graph loop, but a loop
        over anything else, such as a Python generator of your own that wraps the dataset
        (`def batches(ds): for item in ds: yield item`), runs in Python while tracing. Inside
        the trace the generator's own `for item in ds` steps a graph iterator: each step only
        adds an `IteratorGetNext` op, and the end of the data is never seen while tracing, so
        the Python loop never ends. The graph grows by a copy of the body per step ("WARNING:
        Large unrolled loop detected" after 50,000 iterations, the AutoGraph reference's
        common errors) until AutoGraph's iteration limit, or memory, stops it. Checked under
        TF 2.21: the warning after 50,002 iterations, then no end within 100 s. Iterate the
        dataset itself (transform it with `map`/`filter`/`batch` instead of a generator), which
        AutoGraph converts. Reported where the generator is the module's own function, it
        loops over (or `yield from`s) the parameter the call fills, and the argument is a
        dataset.
    """

    def visit_For(self, node: cst.For) -> None:
        context = self.context
        if not context.in_traced_code or not context.function.autograph:
            return
        call = node.iter
        if not isinstance(call, cst.Call):
            return
        generator = self.model.callee(call, context.scope)
        if generator is None or not generator.is_generator:
            return
        for param, inner in _iterated_parameters(generator):
            argument = _argument_for(generator, call, param)
            if argument is None or not self._dataset(argument):
                continue
            fn = context.function
            self.report(
                node.iter,
                f"this loop in traced `{fn.qualname}` iterates the generator "
                f"`{code(call)}`, which loops over the dataset `{code(argument)}` in Python: "
                "while tracing, a dataset iterator never reaches its end, so AutoGraph unrolls "
                "the loop without end; loop over the dataset itself (transform it with "
                "`map`/`filter`), which AutoGraph converts to a graph loop",
                because=[
                    (f"`{code(argument)}` is a dataset", argument),
                    (f"`{generator.name}` loops over it in Python and yields", inner),
                ],
            )
            return

    def _dataset(self, expr: cst.BaseExpression) -> bool:
        kind = self.model.kind_of(expr, self.context.scope)
        if kind is not None:
            return kind.kind == "dataset"
        return self.model.is_dataset(expr)


def _iterated_parameters(generator: FunctionInfo) -> list[tuple[str, cst.CSTNode]]:
    """The generator's parameters it loops over in its own body (``for item in ds``, ``yield
    from ds``), with the loop."""
    params = set(generator.params)
    found: list[tuple[str, cst.CSTNode]] = []

    def enter(node: cst.CSTNode) -> bool:
        if node is not generator.node and isinstance(
            node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)
        ):
            return False
        if isinstance(node, cst.For) and isinstance(node.iter, cst.Name):
            if node.iter.value in params:
                found.append((node.iter.value, node))
        elif isinstance(node, cst.Yield) and isinstance(node.value, cst.From):
            item = node.value.item
            if isinstance(item, cst.Name) and item.value in params:
                found.append((item.value, node))
        return True

    walk(generator.node.body, enter)
    return found


def _argument_for(fn: FunctionInfo, call: cst.Call, param: str) -> cst.BaseExpression | None:
    """What ``call`` passes to ``fn``'s parameter ``param`` (by keyword or by position)."""
    params = list(fn.params)
    if fn.cls is not None and params[:1] == ["self"]:
        params = params[1:]
    for index, arg in enumerate(call.args):
        if arg.star:
            return None
        if arg.keyword is not None:
            if arg.keyword.value == param:
                return arg.value
        elif index < len(params) and params[index] == param:
            return arg.value
    return None

"""Eager-only Python inside traced code: it fails while tracing, or runs once and is frozen."""

from __future__ import annotations

from tf2lint.lazy import cst
from tf2lint.model import TF_FUNCTION_NAMES, FunctionInfo, ModuleModel
from tf2lint.rule import Rule

# Calls that hand a function to Python, not to the graph: their targets run eagerly.
_PY_FUNCTION_NAMES = frozenset(
    {
        "tensorflow.py_function",
        "tensorflow.numpy_function",
        "tensorflow.compat.v1.py_func",
        "tensorflow.compat.v1.py_function",
        "tensorflow.compat.v1.numpy_function",
    }
)
_DEBUGGERS = frozenset(
    {"builtins.breakpoint", "pdb.set_trace", "ipdb.set_trace", "pudb.set_trace", "pdb.post_mortem"}
)
_RANDOM_NOT_SAMPLING = frozenset({"seed", "getstate", "setstate", "get_state", "set_state"})
_CLOCKS = frozenset(
    {
        "time.time",
        "time.time_ns",
        "time.perf_counter",
        "time.perf_counter_ns",
        "time.monotonic",
        "time.monotonic_ns",
        "time.process_time",
        "datetime.datetime.now",
        "datetime.datetime.utcnow",
        "datetime.datetime.today",
        "datetime.date.today",
    }
)


def _eager_functions(model: ModuleModel) -> set[FunctionInfo]:
    """Functions handed to ``tf.py_function``/``tf.numpy_function``: they run eagerly, in Python,
    though the model marks them traced (they are passed to a call in traced code). Memoized on
    the model."""
    cached = getattr(model, "_tf2lint_eager_functions", None)
    if cached is not None:
        return cached
    found: set[FunctionInfo] = set()
    for fn in model.functions:
        for call in fn.calls:
            if model.call_name(call) not in _PY_FUNCTION_NAMES:
                continue
            for arg in call.args[:1] or ():
                target = model.function_referenced(arg.value, fn)
                if target is not None:
                    found.add(target)
            for arg in call.args:
                if arg.keyword is not None and arg.keyword.value == "func":
                    target = model.function_referenced(arg.value, fn)
                    if target is not None:
                        found.add(target)
    # What those functions define or call runs eagerly too (unless traced code reaches it).
    changed = True
    while changed:
        changed = False
        for fn in model.functions:
            if fn in found or not fn.traced:
                continue
            reason = fn.traced_reason or ""
            parents = [fn.outer] if reason.startswith("defined inside") else []
            if reason.startswith("called from traced `"):
                qualname = reason.split("`")[1]
                parents = [f for f in found if f.qualname == qualname]
            if any(p in found for p in parents if p is not None):
                found.add(fn)
                changed = True
    model._tf2lint_eager_functions = found
    return found


def computed_tensor(
    model: ModuleModel, expr: cst.BaseExpression, fn: FunctionInfo | None, depth: int = 0
) -> bool:
    """Stricter than ``model.is_tensor``: a value computed by a TF op (or a Keras layer call), or
    a local bound to one. Bare parameters of traced functions do not count: they are often
    Python flags and sizes."""
    if depth > 10 or fn is None:
        return False
    if isinstance(expr, cst.Call):
        return model.is_tensor(expr, fn)
    if isinstance(expr, cst.BinaryOperation):
        return computed_tensor(model, expr.left, fn, depth + 1) or computed_tensor(
            model, expr.right, fn, depth + 1
        )
    if isinstance(expr, cst.UnaryOperation) and not isinstance(expr.operator, cst.Not):
        return computed_tensor(model, expr.expression, fn, depth + 1)
    if isinstance(expr, cst.Subscript):
        return computed_tensor(model, expr.value, fn, depth + 1)
    if isinstance(expr, cst.Name):
        scope: FunctionInfo | None = fn
        while scope is not None:
            if expr.value in scope.params:
                return False
            if expr.value in scope.assignments:
                values = scope.assignments[expr.value]
                return bool(values) and all(
                    v is not None and computed_tensor(model, v, scope, depth + 1) for v in values
                )
            scope = scope.outer
    return False


class _TracedRule(Rule):
    """Shared gate: graph code of a traced function, not eager-only code inside it."""

    category = "graph-incompatible"

    def _traced_function(self) -> FunctionInfo | None:
        context = self.context
        if not context.in_traced_code or getattr(self, "_eager_depth", 0):
            return None
        fn = context.function
        if fn in _eager_functions(self.model):
            return None
        return fn

    # `if tf.executing_eagerly(): ...` holds code that only runs eagerly.
    def visit_If(self, node: cst.If) -> None:
        if self.context.in_traced_code and _tests_eager(self.model, node.test):
            self._eager_blocks = getattr(self, "_eager_blocks", set()) | {id(node.body)}

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        if id(node) in getattr(self, "_eager_blocks", ()):
            self._eager_depth = getattr(self, "_eager_depth", 0) + 1

    def leave_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        if id(node) in getattr(self, "_eager_blocks", ()):
            self._eager_depth -= 1


def _tests_eager(model: ModuleModel, test: cst.BaseExpression) -> bool:
    if isinstance(test, cst.BooleanOperation):
        return _tests_eager(model, test.left) or _tests_eager(model, test.right)
    return isinstance(test, cst.Call) and (model.call_name(test) or "").endswith(
        "executing_eagerly"
    )


class NumpyInTracedCode(_TracedRule):
    id = "TF801"
    name = "numpy-in-traced-code"
    severity = "error"
    message = "`.numpy()` in traced code: graph tensors have no value to convert while tracing"
    rationale = """
        Inside a `tf.function` (and in a Keras `call` or `train_step`) tensors are symbolic:
        they have no value yet, only a place in the graph being traced. `.numpy()` exists only
        on eager tensors, so tracing fails with `AttributeError: 'SymbolicTensor' object has no
        attribute 'numpy'`. Keep the computation in TensorFlow ops; to print values use
        `tf.print`; for code that truly needs NumPy wrap it in `tf.numpy_function` (or move it
        outside the traced function). Code under `if tf.executing_eagerly():` and functions
        handed to `tf.py_function`/`tf.numpy_function` are not reported.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "numpy") or node.args:
            return
        fn = self._traced_function()
        if fn is None:
            return
        self.report(
            node, f"`.numpy()` in traced `{fn.qualname}` fails while tracing: no eager value"
        )


class DebuggerInTracedCode(_TracedRule):
    id = "TF802"
    name = "debugger-in-traced-code"
    message = "a debugger breakpoint in traced code stops once, while tracing, not on every call"
    rationale = """
        `breakpoint()` or `pdb.set_trace()` inside a `tf.function` is Python: it runs while the
        function is traced, so it stops once (on the first call and each retrace) and shows
        symbolic tensors without values; later calls run the graph and never stop. To debug,
        run the function eagerly (`tf.config.run_functions_eagerly(True)` in a test or a debug
        session) or use `tf.print` / `tf.debugging.*` assertions, which run in the graph.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, (cst.Name, cst.Attribute)):
            return
        leaf = func.value if isinstance(func, cst.Name) else func.attr.value
        if leaf not in ("breakpoint", "set_trace", "post_mortem"):
            return
        if self.model.call_name(node) not in _DEBUGGERS:
            return
        fn = self._traced_function()
        if fn is not None:
            self.report(node, f"debugger call in traced `{fn.qualname}` stops only while tracing")


class PythonConversionOfTensor(_TracedRule):
    id = "TF803"
    name = "python-conversion-of-tensor"
    severity = "error"
    message = "`bool()` of a tensor in traced code: a graph tensor has no Python truth value"
    rationale = """
        A graph tensor has no value while the `tf.function` is traced, so `bool(t)` raises
        `OperatorNotAllowedInGraphError` (AutoGraph rewrites `if t:` and `while t:`, but not an
        explicit `bool()` call). `float(t)` and `int(t)` are rewritten to casts by AutoGraph, so
        they are reported only in functions decorated with `autograph=False` (including
        TF-Agents' `common.function`, which turns AutoGraph off by default), where they raise
        `TypeError`. Use `tf.cast(t, tf.bool)` / `tf.cast(t, tf.float32)` and TF control flow,
        or do the conversion outside the traced function. Evidence required: the argument is
        computed by a TF op or a Keras layer call (a bare parameter is not enough).
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Name) and func.value in ("bool", "float", "int")):
            return
        if len(node.args) != 1 or node.args[0].keyword is not None:
            return
        fn = self._traced_function()
        if fn is None or self.model.call_name(node) is None:
            return
        if func.value != "bool" and not _autograph_off(self.model, fn):
            return
        if computed_tensor(self.model, node.args[0].value, fn):
            self.report(
                node,
                f"`{func.value}()` of a graph tensor in traced `{fn.qualname}` fails while "
                f"tracing; use `tf.cast`",
            )


def _autograph_off(model: ModuleModel, fn: FunctionInfo) -> bool:
    for decorator in fn.decorators:
        expr = decorator.decorator
        call = expr if isinstance(expr, cst.Call) else None
        name = model.qualified_name(call.func if call else expr)
        if name not in TF_FUNCTION_NAMES:
            continue
        autograph = None
        for arg in call.args if call else ():
            if arg.keyword is not None and arg.keyword.value == "autograph":
                autograph = isinstance(arg.value, cst.Name) and arg.value.value == "True"
        if autograph is None:
            return name == "tf_agents.utils.common.function"
        return not autograph
    return False


class NumpyFunctionOnTensor(_TracedRule):
    id = "TF804"
    name = "numpy-function-on-tensor"
    severity = "error"
    message = "a NumPy function applied to a graph tensor in traced code fails while tracing"
    rationale = """
        NumPy works on concrete arrays. A tensor inside a `tf.function` is symbolic, so
        `np.mean(t)`, `np.array(t)` or `np.float32(t)` try to convert it and fail with
        `NotImplementedError: Cannot convert a symbolic tf.Tensor to a numpy array`. Use the
        TensorFlow op (`tf.reduce_mean`, `tf.convert_to_tensor`, `tf.cast`, or `tf.experimental.numpy`),
        or wrap the NumPy code in `tf.numpy_function`. Evidence required: an argument computed
        by a TF op or a Keras layer call; NumPy on shapes, sizes and Python values is fine.
    """

    def visit_Call(self, node: cst.Call) -> None:
        if not node.args or not isinstance(node.func, cst.Attribute):
            return
        fn = self._traced_function()
        if fn is None:
            return
        name = self.model.call_name(node)
        if not name or not name.startswith("numpy.") or name.startswith("numpy.random."):
            return
        if any(computed_tensor(self.model, a.value, fn) for a in node.args):
            short = name.replace("numpy.", "np.", 1)
            self.report(
                node,
                f"`{short}` on a graph tensor in traced `{fn.qualname}` fails while tracing; "
                "use the TensorFlow op",
            )


class PythonRandomInTracedCode(_TracedRule):
    id = "TF805"
    name = "python-random-in-traced-code"
    message = "Python/NumPy random numbers in traced code are drawn once, while tracing"
    rationale = """
        `random.random()` or `np.random.uniform()` inside a `tf.function` runs in Python while
        the function is traced; the number drawn becomes a constant of the graph, so every call
        gets the same "random" value (dropout masks, augmentation, exploration noise stop
        varying). Use TensorFlow's random ops, which run on every call: `tf.random.uniform`,
        `tf.random.stateless_uniform` with a seed you pass in, or a `tf.random.Generator`.
        Draws under a one-time guard (initialisation) are not reported.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value in _RANDOM_NOT_SAMPLING:
            return
        name = self.model.call_name(node)
        if not name or not name.startswith(("random.", "numpy.random.")):
            return
        if not name.rsplit(".", 1)[-1][:1].islower():
            return  # random.Random(...), np.random.RandomState(...): constructors
        fn = self._traced_function()
        if fn is None or self.context.in_one_time_guard:
            return
        short = name.replace("numpy.", "np.", 1)
        self.report(
            node,
            f"`{short}()` in traced `{fn.qualname}` is drawn once while tracing; every call "
            "reuses it; use `tf.random`",
        )


class PythonClockInTracedCode(_TracedRule):
    id = "TF806"
    name = "python-clock-in-traced-code"
    message = "reading the Python clock in traced code happens once, while tracing"
    rationale = """
        `time.time()`, `time.perf_counter()` or `datetime.now()` inside a `tf.function` runs
        while the function is traced; the time read becomes a constant of the graph, so every
        call sees the trace time (timings come out as zero, time-based seeds and schedules
        freeze). Use `tf.timestamp()`, which runs on every call, or measure around the call to
        the traced function.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute):
            return
        if func.attr.value not in ("time", "time_ns", "perf_counter", "perf_counter_ns") and (
            func.attr.value not in ("monotonic", "monotonic_ns", "process_time")
            and func.attr.value not in ("now", "utcnow", "today")
        ):
            return
        name = self.model.call_name(node)
        if name not in _CLOCKS:
            return
        fn = self._traced_function()
        if fn is not None and not self.context.in_one_time_guard:
            self.report(
                node,
                f"`{name}()` in traced `{fn.qualname}` reads the clock once while tracing; "
                "use `tf.timestamp()`",
            )

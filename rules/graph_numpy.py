"""NumPy and host-only Python in traced code (NumPy, debuggers, Python's random and clocks, the
file system, NumPy-based Keras APIs): it fails on a graph tensor, or runs once while tracing.
"""

from __future__ import annotations

from tf2lint.analysis import knowledge
from tf2lint.analysis.model import FunctionInfo, ModuleModel, Scope, SiteKind
from tf2lint.analysis.tensors import (
    call_site,
    computed_tensor,
    graph_variable,
    parameter_numpy_use,
    reads_parameter,
)
from tf2lint.analysis.tfnames import DATASET_FUNCTION_METHODS, is_keras
from tf2lint.analysis.tracing import compiled_arguments
from tf2lint.analysis.walk import walk
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import code
from tf2lint.rules.graph_common import (
    _sequential_input,
    _TracedRule,
    _unpacked_from,
    fed_parameter,
    index_tensor,
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


def _unpacked_fed(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None
) -> tuple[str, cst.CSTNode] | None:
    """Why the local ``expr`` is a graph tensor when it is unpacked or indexed out of a
    parameter tf.data or Keras fills (``volume, label = sample`` in a ``Dataset.map``
    function): every binding of it takes a part of such a parameter."""
    if not isinstance(expr, cst.Name) or scope is None:
        return None
    binding = model.binding_of(expr, scope)
    if not binding.sites or not isinstance(binding.scope, FunctionInfo):
        return None
    found = None
    for site in binding.sites:
        value = site.value
        if site.kind == SiteKind.UNPACK:
            value = _unpacked_from(model, site.node)
        elif site.kind != SiteKind.ASSIGN or not isinstance(value, cst.Subscript):
            return None
        found = fed_parameter(model, value, binding.scope) if value is not None else None
        if found is None:
            return None
    return found


class NumpyInTracedCode(_TracedRule):
    id = "TF801"
    requires_traced_code = True
    call_names = frozenset({"numpy"})
    calls_in_traced_code = True
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
    requires_traced_code = True
    call_names = frozenset({"breakpoint", "set_trace", "post_mortem"})
    calls_in_traced_code = True
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


class NumpyFunctionOnTensor(_TracedRule):
    id = "TF804"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "numpy-function-on-tensor"
    severity = "error"
    message = "a NumPy function applied to a graph tensor in traced code fails while tracing"
    rationale = """
        NumPy works on concrete arrays. A tensor inside a `tf.function` is symbolic, so
        `np.mean(t)`, `np.array(t)` or `np.float32(t)` try to convert it and fail with
        `NotImplementedError: Cannot convert a symbolic tf.Tensor to a numpy array`. So do
        the Keras helpers built on NumPy (`keras.utils.pad_sequences`, `normalize`: the
        knowledge base calls each on an array and on a graph tensor to know which), and the
        backend helpers that read a value (`K.eval`, `K.get_value`: the same probe, on an eager
        tensor). Keras calls more of the user's code inside its traced train step than the
        methods it traces by name: a layer's `kernel_regularizer` (a function, or a
        `Regularizer` object's `__call__`) gets the layer's weight as a graph tensor there, so
        `np.linalg.eigvals(kernel)` fails when `fit` traces (so does a regularizer given to
        `self.add_weight(regularizer=...)`), and a layer's `call` gets its input as a graph
        tensor when the module builds a functional model on `keras.Input` or puts the layer in
        a `Sequential`. A variable (`self.w = self.add_weight(...)`, a `tf.Variable`, an
        element of `trainable_weights`, or a helper's parameter every call passes one) fails
        the same way: NumPy reads it through `numpy()`, which raises `NotImplementedError:
        numpy() is only available when eager execution is enabled` in traced code. So do a
        NumPy array's methods (`y_pred.astype("int32")`, `t.ravel()`: a graph tensor has none,
        the knowledge base looked each up on one), Keras' NumPy image augmentation
        (`keras.preprocessing.image.random_rotation`, probed like the helpers above) and
        scikit-learn's metrics (`f1_score`: `scripts/probe_sklearn_metrics.py` saw all 55 that
        take `y_true` fail traced). Where traced code hands a tensor to a helper of the module
        whose body needs its NumPy value (`to_image(inputs)` in a layer's `call`, an F1
        helper called from a loss), the finding is that call. Use the TensorFlow op
        (`tf.reduce_mean`, `tf.convert_to_tensor`, `tf.cast`, or `tf.experimental.numpy`),
        or wrap the NumPy code in `tf.numpy_function`. SciPy's functions convert their array
        arguments with NumPy too (`scipy.ndimage.rotate`, `zoom`, `gaussian_filter`,
        `scipy.special.expit`, `scipy.signal.convolve`, `scipy.linalg.norm`, `scipy.fft.fft`
        all raise `NotImplementedError: Cannot convert a symbolic tf.Tensor` in a
        `tf.function`, TF 2.21): a NumPy/SciPy augmentation applied in `Dataset.map` fails,
        directly or in a helper the map function calls. So does a Python list the traced code
        fills with tensors (`values[i] = float(features[i])`: AutoGraph makes `float` a cast)
        and hands to NumPy (`np.array(values)`). Evidence required: an argument computed
        by a TF op or a Keras layer call; NumPy on shapes, sizes and Python values is fine, and
        so is a model compiled with `run_eagerly=True`.
    """

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Attribute) and knowledge.array_only_method(
            node.func.attr.value
        ):
            self._array_method(node, node.func)
        if not node.args or not isinstance(node.func, (cst.Attribute, cst.Name)):
            return
        fn = self._traced_function()
        if fn is None:
            return
        name = self.model.call_name(node)
        if not name:
            self._helper_call(node, fn)
            return
        if (
            not name.startswith("scipy.")  # SciPy converts its array arguments with NumPy
            and not knowledge.numpy_only_function(name)
            and (
                not isinstance(node.func, cst.Attribute)
                or not name.startswith("numpy.")
                or name.startswith("numpy.random.")
            )
        ):
            return
        scope = self.context.scope
        if _claimed_at_call_site(self.model, fn, [a.value for a in node.args]):
            return  # the helper's parameter: reported where traced code passes it a tensor
        for arg in node.args:
            why = None
            subject = "a graph tensor"
            if not computed_tensor(self.model, arg.value, scope):
                # a layer's input where the module calls the layer on a Keras tensor, or a
                # helper's parameter every call of which passes one
                why = _layer_input_passed(self.model, arg.value, fn)
                if why is None:
                    stored = _tensor_stored_in_list(self.model, arg.value, fn)
                    if stored is not None:  # `values[i] = float(t)` ... `np.array(values)`
                        why = stored
                        subject = "a list of graph tensors"
                if why is None:  # a variable: NumPy reads it with `numpy()`, eager only
                    why = graph_variable(self.model, arg.value, scope)
                    if why is None:
                        continue
                    subject = "a variable"
            short = (
                name.replace("numpy.", "np.", 1) if name.startswith("numpy.") else code(node.func)
            )
            why = why or fed_parameter(self.model, arg.value, scope)
            self.report(
                node,
                f"`{short}` on {subject} in traced `{fn.qualname}` fails while tracing; "
                "use the TensorFlow op",
                because=[why] if why is not None else (),
            )
            return

    def _array_method(self, node: cst.Call, func: cst.Attribute) -> None:
        """``y_pred.astype("int32")``, ``t.ravel()``: a NumPy array's method on a graph tensor,
        which has none (the knowledge base looked each up on one): code written for arrays."""
        fn = self._traced_function()
        if fn is None or self.model.call_name(node) is not None:
            return  # `np.round(...)`, `tf.reshape(...)`: a module's function, not a method
        if _numpy_behavior(self.model):
            return  # `experimental_enable_numpy_behavior()` gives tensors these methods
        scope, receiver = self.context.scope, func.value
        if _claimed_at_call_site(self.model, fn, [receiver]):
            return  # the helper's parameter: reported where traced code passes it a tensor
        if computed_tensor(self.model, receiver, scope):
            why = fed_parameter(self.model, receiver, scope)
        else:
            why = _layer_input_passed(self.model, receiver, fn) or _unpacked_fed(
                self.model, receiver, scope
            )
            if why is None:
                return
        self.report(
            node,
            f"`.{func.attr.value}()` is a NumPy array method: a graph tensor in traced "
            f"`{fn.qualname}` has none, so this fails while tracing; use the TensorFlow op",
            because=[why]
            if why is not None
            else [(f"`{code(receiver)}` is a tensor here", receiver)],
        )

    def _helper_call(self, node: cst.Call, fn: FunctionInfo) -> None:
        """``to_image(inputs)`` in a layer's ``call``: traced code hands a graph tensor to a
        helper of the module whose body needs its NumPy value (``np.asarray(t)``), so the
        helper fails while tracing; reported here, where the tensor goes in."""
        model, scope = self.model, self.context.scope
        callee = model.callee(node, scope)
        if callee is None or callee is fn:
            return
        site = call_site(model, node, callee)
        if site is None:
            return
        found = []
        for param in callee.params:
            value = site.argument(param)
            if value is None:
                continue
            why = _graph_tensor_evidence(model, value, fn)
            if why is None:
                continue
            # `.numpy()` in the helper is TF801's, where it stands
            inner = parameter_numpy_use(model, callee, param, numpy_method=False)
            if inner is not None:
                found.append((model.event_index().get(id(inner), 0), param, inner, why))
        if not found:
            return
        _, param, inner, why = min(found, key=lambda f: f[0])  # the first to run
        self.report(
            node,
            f"traced `{fn.qualname}` passes a graph tensor to `{callee.name}`, which needs "
            f"the NumPy value of `{param}` (`{code(inner.func)}`): it fails while tracing; "
            "use TensorFlow ops in the helper, or call it outside traced code",
            because=[why, (f"`{callee.name}` converts `{param}` with NumPy here", inner)],
        )


# Python conversions AutoGraph turns into casts of a tensor in converted code
_AUTOGRAPH_CASTS = frozenset({"builtins.float", "builtins.int"})


def _tensor_stored_in_list(
    model: ModuleModel, expr: cst.BaseExpression, fn: FunctionInfo
) -> tuple[str, cst.CSTNode] | None:
    """Why the local list ``expr`` holds graph tensors: ``fn`` stores one in it
    (``values[i] = t``, ``values.append(t)``), a computed tensor, or ``float(t)`` of one in
    code AutoGraph converts (it makes the conversion a cast, checked under TF 2.21); NumPy
    then converts the list element by element and fails on the symbolic tensor."""
    if not isinstance(expr, cst.Name):
        return None
    binding = model.binding_of(expr, fn)
    if binding.scope is not fn or not binding.sites:
        return None
    for site in binding.sites:
        value = site.value
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Multiply):
            value = value.left  # `[0.0] * n`
        if site.kind != SiteKind.ASSIGN or value is None or not isinstance(value, cst.List):
            return None
    found = None

    def stored(value: cst.BaseExpression) -> bool:
        if isinstance(value, cst.Call) and model.call_name(value) in _AUTOGRAPH_CASTS:
            if not fn.autograph or len(value.args) != 1:
                return False
            value = value.args[0].value
        return computed_tensor(model, value, fn) or model.is_tensor(value, fn)

    def enter(node: cst.CSTNode) -> bool | None:
        nonlocal found
        if found is not None or (
            node is not fn.node and isinstance(node, (cst.FunctionDef, cst.Lambda))
        ):
            return False
        if isinstance(node, cst.Assign) and any(
            isinstance(t.target, cst.Subscript)
            and isinstance(t.target.value, cst.Name)
            and t.target.value.value == expr.value
            for t in node.targets
        ):
            if stored(node.value):
                found = node.value
        elif (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "append"
            and isinstance(node.func.value, cst.Name)
            and node.func.value.value == expr.value
            and len(node.args) == 1
            and stored(node.args[0].value)
        ):
            found = node.args[0].value
        return None

    walk(fn.node, enter)
    if found is None:
        return None
    return (f"`{expr.value}` holds `{code(found)}`, a graph tensor in traced code", found)


def _graph_tensor_evidence(
    model: ModuleModel, value: cst.BaseExpression, fn: FunctionInfo
) -> tuple[str, cst.CSTNode] | None:
    """Why ``value`` (evaluated in traced ``fn``) is a graph tensor: computed by a TF op, fed
    by tf.data or Keras, or the input Keras passes a layer's ``call``; None when not proven."""
    if computed_tensor(model, value, fn):
        return fed_parameter(model, value, fn) or (f"`{code(value)}` is a tensor here", value)
    return _layer_input_passed(model, value, fn)


def _claimed_at_call_site(
    model: ModuleModel, fn: FunctionInfo, operands: list[cst.BaseExpression]
) -> bool:
    """Whether the NumPy use of ``operands`` in ``fn`` converts a parameter that only its
    callers make a tensor (not one tf.data or Keras feeds it), and a traced caller passes it a
    graph tensor: TF804 reports that call (``_helper_call``), not each use inside."""
    reason = fn.traced_by
    if reason is None or reason.kind != "called":
        return False
    for param in fn.params:
        if not any(reads_parameter(model, o, fn, param) for o in operands):
            continue
        for value, where in model.arguments(fn, param):
            if (
                isinstance(where, FunctionInfo)
                and where.traced
                and _graph_tensor_evidence(model, value, where) is not None
            ):
                return True
    return False


def _numpy_behavior(model: ModuleModel) -> bool:
    """Whether the module turns on TF's NumPy behaviour (tensors get ``astype``, ``ravel``...)."""
    return model.memo(
        "numpy-behavior",
        lambda: any(
            (model.call_name(call) or "").endswith("experimental_enable_numpy_behavior")
            for call in model.nodes_of(cst.Call)
        ),
    )


class PythonRandomInTracedCode(_TracedRule):
    id = "TF805"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "python-random-in-traced-code"
    # The README's category table files `random` and `time` in traced code as graph-incompatible:
    # Python code whose value does not survive conversion to a graph (the draw becomes a constant).
    category = "graph-incompatible"
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
        # `random.randint(...)`, or `randint(...)` imported from `random`
        leaf = func.attr if isinstance(func, cst.Attribute) else func
        if not isinstance(leaf, cst.Name) or leaf.value in _RANDOM_NOT_SAMPLING:
            return
        name = self.model.call_name(node)
        if name is None and isinstance(func, cst.Attribute):
            name = self._generator_draw(func)
        if not name or not name.startswith(("random.", "numpy.random.", "rng:")):
            return
        if not name.rsplit(".", 1)[-1][:1].islower():
            return  # random.Random(...), np.random.RandomState(...): constructors
        fn = self._traced_function()
        if fn is None or self.context.in_one_time_guard:
            return
        short = name.replace("numpy.", "np.", 1).removeprefix("rng:")
        self.report(
            node,
            f"`{short}()` in traced `{fn.qualname}` is drawn once while tracing; every call "
            "reuses it; use `tf.random`",
        )

    def _generator_draw(self, func: cst.Attribute) -> str | None:
        """``rng.integers(...)`` where every value ``rng`` is bound to is a Python or NumPy
        random generator (``random.Random(0)``, ``np.random.default_rng()``)."""
        if self.context.function is None:
            return None
        values = self.model.bound_values(func.value, self.context.scope)
        if values and all(
            isinstance(v, cst.Call) and self.model.call_name(v) in _RANDOM_GENERATORS
            for v in values
        ):
            return f"rng:{code(func.value)}.{func.attr.value}"
        return None


# Constructors of Python and NumPy random generators, whose methods draw in Python.
_RANDOM_GENERATORS = frozenset(
    {
        "random.Random",
        "numpy.random.RandomState",
        "numpy.random.default_rng",
        "numpy.random.Generator",
    }
)


class PythonClockInTracedCode(_TracedRule):
    id = "TF806"
    requires_traced_code = True
    call_names = frozenset(
        {
            "time",
            "time_ns",
            "perf_counter",
            "perf_counter_ns",
            "monotonic",
            "monotonic_ns",
            "process_time",
            "now",
            "utcnow",
            "today",
        }
    )
    calls_in_traced_code = True
    name = "python-clock-in-traced-code"
    # graph-incompatible, as the README's category table files `time` in traced code (see TF805).
    category = "graph-incompatible"
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


def _layer_input_passed(
    model: ModuleModel, expr: cst.BaseExpression, fn: FunctionInfo, depth: int = 0
) -> tuple[str, cst.CSTNode] | None:
    """Why ``expr`` holds the graph tensor a Keras layer's ``call`` gets (see
    :func:`_sequential_input`): that input itself, or a parameter of a helper every call of
    which, from traced code, passes such an input or a computed tensor (``def to_image(t)``
    called as ``to_image(inputs)`` in ``call``). None when not proven."""
    caller = _sequential_input(model, expr, fn)
    if caller is not None:
        return (f"Keras calls this layer with a graph tensor as `{code(expr)}`", caller)
    if depth > 3 or not isinstance(expr, cst.Name):
        return None
    binding = model.binding_of(expr, fn)
    if binding.scope is not fn or not binding.param_only or expr.value in fn.param_defaults:
        return None
    passed = model.arguments(fn, expr.value)
    found = None
    for value, where in passed:
        if not isinstance(where, FunctionInfo) or not where.traced:
            return None
        if computed_tensor(model, value, where):
            continue
        inner = _layer_input_passed(model, value, where, depth + 1)
        if inner is None:
            return None
        found = found or inner
    return found


# Python's file-system modules, and TF's Python-side one: they take Python strings (or bytes,
# or paths) and run on the host, once, while tracing.
_FILE_SYSTEM_MODULES = ("tensorflow.io.gfile.", "tensorflow.gfile.", "os.", "shutil.", "glob.")


# Python's own openers of a path (str, bytes or os.PathLike): `TypeError: expected str, bytes or
# os.PathLike object, not SymbolicTensor` on a tensor
_PATH_OPENERS = frozenset({"builtins.open", "io.open", "codecs.open", "pathlib.Path"})


class FileApiOnTensor(_TracedRule):
    id = "TF895"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "python-file-api-on-tensor"
    severity = "error"
    message = "a Python file-system call given a string tensor in traced code fails while tracing"
    # its evidence spells one of these
    requires_text = ("gfile", "os.", "shutil", "glob", "import os", "from os", "open", "Path")
    rationale = """
        `tf.io.gfile.exists`, `tf.io.gfile.makedirs`, `os.path.join`, `os.makedirs`,
        `shutil.copy` and the like are Python functions: they need a Python string (or bytes,
        or a path), and run on the host. Inside a `tf.function` or a `Dataset.map` function a
        file name is a symbolic string tensor, so they fail while tracing with `TypeError:
        Expected binary or unicode string, got <tf.Tensor ...>` (and even where one accepted
        it, it would run once, while tracing, not per element). Use the graph ops on string
        tensors (`tf.strings.join`, `tf.io.read_file`, `tf.io.matching_files`), or prepare the
        folders and file lists in Python before building the pipeline. Python's own openers,
        `open(path)` and `pathlib.Path(path)`, fail the same way (`TypeError: expected str,
        bytes or os.PathLike object`): read the file with `tf.io.read_file`, or wrap the Python
        that parses it in `tf.numpy_function`. Evidence required: the
        argument is computed by a TF op, is (part of) a dataset's element, or is what tf.data
        passes a map function.
    """

    def visit_Call(self, node: cst.Call) -> None:
        if not node.args or not isinstance(node.func, (cst.Attribute, cst.Name)):
            return
        fn = self._traced_function()
        if fn is None:
            return
        name = self.model.call_name(node)
        if name is None:
            return
        module_call = name.startswith(_FILE_SYSTEM_MODULES) and isinstance(node.func, cst.Attribute)
        if not module_call and name not in _PATH_OPENERS:
            return
        scope = self.context.scope
        for arg in node.args:
            if arg.star:
                continue
            tensor = index_tensor(self.model, arg.value, scope)
            if tensor is not None:
                self.report(
                    node,
                    f"`{code(node.func)}` in traced `{fn.qualname}` is given a string tensor "
                    "and fails while tracing; use `tf.strings`/`tf.io` ops or do it before "
                    "tracing",
                    because=[tensor],
                )
                return


def _keras_layer_or_model(model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None):
    """Why ``expr`` holds a Keras layer or model (the model's ``kind_of``, or every value the
    class assigns to ``self.<attr>``), or None."""
    found = model.kind_of(expr, scope)
    if found is not None:
        return found.why if found.kind in ("layer", "model") else None
    values = model.bound_values(expr, scope) if isinstance(expr, cst.Attribute) else []
    kinds = [model.kind_of(v, None) for v in values]
    if kinds and all(k is not None and k.kind in ("layer", "model") for k in kinds):
        return f"`{code(expr)}` is set to a Keras {kinds[0].kind}"
    return None


class NumpyWeightApiInTracedCode(_TracedRule):
    id = "TF864"
    requires_traced_code = True
    call_names = frozenset({"get_weights"})
    calls_in_traced_code = True
    name = "numpy-weight-api-in-traced-code"
    severity = "error"
    message = "`get_weights()` in traced code: it reads the weights as NumPy arrays, eager only"
    rationale = """
        A Keras layer's or model's `get_weights()` returns the values of its variables as NumPy
        arrays: it calls each variable's `numpy()`, which exists only in eager execution. In a
        `tf.function` (a target-network update, `target.set_weights(online.get_weights())`) or
        in a custom `train_step` that `fit` traces, it fails while tracing with
        `NotImplementedError: numpy() is only available when eager execution is enabled` (TF
        2.21, Keras 3 and tf-keras). Copy variable by variable in the graph: `for t, s in
        zip(target.weights, online.weights): t.assign(s)` (or a soft update, `t.assign(tau * s
        + (1 - tau) * t)`), or call the NumPy API outside the traced function. Evidence
        required: the receiver is a Keras layer or model by the module's code.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "get_weights" or node.args:
            return
        fn = self._traced_function()
        if fn is None:
            return
        why = _keras_layer_or_model(self.model, func.value, self.context.scope)
        if why is None:
            return
        self.report(
            node,
            f"`{code(node)}` in traced `{fn.qualname}` fails while tracing: it converts the "
            "weights to NumPy (eager only); assign the variables in the graph instead",
            because=[(f"`{code(func.value)}` is a Keras layer or model: {why}", func.value)],
        )


class NumpyOnlyFunctionHandedToTracer(Rule):
    id = "TF865"
    name = "numpy-only-function-handed-to-tracer"
    category = "graph-incompatible"
    severity = "error"
    message = "a function that needs NumPy values is handed to Keras or tf.data, which trace it"
    rationale = """
        `model.compile(metrics=[f1_score])` with scikit-learn's `f1_score`, or
        `dataset.map(random_rotation)` with Keras' NumPy image helper: Keras calls a loss or
        metric inside its traced train step, and tf.data calls a map function while tracing
        it, both on symbolic graph tensors. A function that converts its inputs with NumPy
        fails there (`NotImplementedError: Cannot convert a symbolic tf.Tensor to a numpy
        array`). Which functions need NumPy comes from probes: the Keras helpers the knowledge
        base calls on an array and on a graph tensor, and scikit-learn's metrics
        (`scripts/probe_sklearn_metrics.py`: all 55 that take `y_true` fail traced); so is a
        function of the module handed over that calls one of them on NumPy conversions of its
        arguments, itself or through a helper of the module it calls (the conversions
        themselves are TF804's), or handed over wrapped (`functools.partial`,
        `keras.metrics.MeanMetricWrapper(fn)`, whose `update_state` calls it in the traced
        step). A `compile(run_eagerly=True)`
        runs them eagerly and is not reported. Write the
        metric with TensorFlow ops (`keras.metrics.F1Score`, `keras.metrics.AUC`), compute it
        on predictions after `fit` (or in a callback), or wrap it in `tf.numpy_function`.
    """

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute):
            return
        model, scope = self.model, self.context.scope
        if func.attr.value == "compile":
            if any(
                arg.keyword is not None
                and arg.keyword.value == "run_eagerly"
                and isinstance(arg.value, cst.Name)
                and arg.value.value == "True"
                for arg in node.args
            ):
                return  # the step, with its losses and metrics, runs eagerly
            handed = [
                (via, value, scope)
                for via, given in compiled_arguments(node)
                for value in _displayed_elements(model, given, scope)
            ]
        elif func.attr.value in DATASET_FUNCTION_METHODS and model.is_dataset(func.value):
            handed = [
                (f"Dataset.{func.attr.value}", arg.value, scope)
                for arg in node.args[:1]
                if arg.keyword is None or arg.keyword.value in ("map_func", "predicate")
            ]
        else:
            return
        seen: set[int] = set()
        for via, value, scope in handed:
            if id(value) in seen:
                continue  # a parameter passed on to itself (a recursive helper)
            seen.add(id(value))
            if (
                isinstance(value, cst.Call)
                and value.args
                and value.args[0].keyword is None
                and model.call_name(value) == "functools.partial"
            ):  # `partial(f1_score, average="macro")` calls `f1_score`
                value = value.args[0].value
            elif isinstance(value, cst.Call) and is_keras(
                model.call_name(value), "metrics.MeanMetricWrapper"
            ):  # `MeanMetricWrapper(kappa)`: its update_state calls `kappa` on the batch
                value = next(
                    (
                        a.value
                        for a in value.args
                        if (a.keyword is None and not a.star)
                        or (a.keyword and a.keyword.value == "fn")
                    ),
                    value,
                )
            if not isinstance(value, (cst.Name, cst.Attribute)):
                continue
            if isinstance(value, cst.Name) and isinstance(scope, FunctionInfo):
                binding = model.binding_of(value, scope)
                if binding.scope is scope and binding.param_only:  # `compile(loss=loss_fn)`
                    # what each caller passes, read where that caller reads it
                    handed.extend(
                        (via, v, caller) for v, caller in model.arguments(scope, value.value)
                    )
                    continue
            name = model.qualified_name(value)
            because: list[tuple[str, cst.CSTNode]] = []
            if not knowledge.numpy_only_function(name):
                inner = _numpy_only_call_within(model, value, scope)
                if inner is None:
                    continue
                because = [
                    (f"`{code(value)}` calls `{code(inner.func)}`, which needs NumPy values", inner)
                ]
            by = (
                f"tf.data traces `{via}`'s function"
                if via.startswith("Dataset.")
                else f"Keras calls `compile({via}=...)` in its traced step"
            )
            self.report(
                value,
                f"`{code(value)}` needs NumPy values, but {by}, on symbolic graph tensors: it "
                "fails while tracing; use TensorFlow ops or `tf.numpy_function`",
                because=because,
            )


def _numpy_only_call_within(
    model: ModuleModel, value: cst.BaseExpression, scope: Scope | None
) -> cst.Call | None:
    """The call of a NumPy-only library function (``sklearn.metrics.f1_score``) that the
    module's function ``value`` names makes on what it is given, where the arguments are not
    tensors the model sees (``f1_score(np.asarray(y_true), ...)``: TF804 reports a call on
    tensors where it stands)."""
    fn = model.function_referenced(value, scope)
    return None if fn is None else _numpy_only_call_in(model, fn, 0)


def _numpy_only_call_in(model: ModuleModel, fn: FunctionInfo, depth: int) -> cst.Call | None:
    """The NumPy-only library call ``fn`` makes on what it is given, itself or through the
    module's helpers it calls (``kappa`` returns ``score(...)``, which calls
    ``cohen_kappa_score``): a helper's call fails on the same symbolic tensors."""
    for call in model.calls_made_by(fn):
        if not knowledge.numpy_only_function(model.call_name(call)):
            callee = model.callee(call, fn)
            if depth < 2 and callee is not None and callee is not fn and call.args:
                found = _numpy_only_call_in(model, callee, depth + 1)
                if found is not None:
                    return found
            continue
        if any(computed_tensor(model, arg.value, fn) for arg in call.args):
            return None
        return call
    return None


def _displayed_elements(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None, depth: int = 0
) -> list[cst.BaseExpression]:
    """The elements of a list, tuple or dict display (of the display a name is bound to, or a
    concatenation of them), else the value itself."""
    if depth > 3:
        return [expr]
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        return _displayed_elements(model, expr.left, scope, depth + 1) + _displayed_elements(
            model, expr.right, scope, depth + 1
        )
    if isinstance(expr, (cst.List, cst.Tuple)):
        return [e.value for e in expr.elements if isinstance(e, cst.Element)]
    if isinstance(expr, cst.Dict):
        return [e.value for e in expr.elements if isinstance(e, cst.DictElement)]
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr, scope).known_values
        if values and all(isinstance(v, (cst.List, cst.Tuple, cst.Dict)) for v in values):
            return [e for v in values for e in _displayed_elements(model, v, scope, depth + 1)]
    return [expr]

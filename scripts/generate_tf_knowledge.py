"""Generate tf2lint's TF/Keras knowledge base from the installed TensorFlow, Keras 3 and tf-keras,
and from typeshed's ``types-tensorflow`` stubs where they declare return and attribute types.

    python scripts/generate_tf_knowledge.py            # write linter/data/tf_knowledge.json
    python scripts/generate_tf_knowledge.py --check    # exit 1 if the committed data is stale

Needs ``tensorflow``, ``keras``, ``tf-keras`` and ``types-tensorflow``
(``pip install --no-deps types-tensorflow``: stubs only). Every entry comes from introspection or
from the stubs; the only facts written here are Keras's training protocol (which methods its
compiled ``train_step`` calls inside ``tf.function``), checked against the installed classes.

* ``classes``: every public class of ``keras``/``tf_keras``/``tensorflow`` (by its public path,
  roots ``keras.``, ``tf_keras.``, ``tensorflow.``) that is a Keras layer, model, loss, metric,
  optimizer or callback, or a TF value class (variable, dataset, iterator, tensor array, random
  generator, module, gradient tape, shape/spec/dtype), with that kind (most specific first:
  a model is a layer too, and says "model").
* ``traced_methods``: per Keras kind, the methods Keras calls inside the ``tf.function`` it
  builds for ``fit``/``evaluate``/``predict`` (user overrides of them are traced).
* ``returns``: what public TF/Keras functions return, as a kind: ``tensor`` for ops (functions
  with TF's dispatch support, generated op wrappers, ``keras.ops``) and stub-declared tensor
  returns; the stubs' declared kind wins where they give one (``tf.print`` returns None). Ops
  that give a Python sequence or value are told apart by calling them eagerly on small sample
  tensors (``probe_returns``): a list or tuple of tensors is ``list[tensor]`` (``tf.unstack``,
  ``keras.ops.split``, ``tf.math.top_k``'s named tuple), of Python numbers ``list[python]``
  (``keras.ops.shape``), a Python number or bool ``python`` (``keras.ops.is_tensor``).
  Keras functions that give a model (``load_model``, ``clone_model``, ``model_from_json``, the
  ``applications``) are ``model`` where their docstring's ``Returns:`` section starts by naming a
  model instance (``model_returns``): the stubs do not type them.
* ``members``: per kind, the kind of its attributes and properties (``Model.layers`` -> list of
  layers, ``Callback.model`` -> model) and, named with ``()``, what its methods return
  (``Dataset.map()`` -> dataset), from the stubs; ``Model.metrics``, untyped there, from a small
  compiled model of each Keras (``probe_model_members``).
* ``side_effects``: Python calls that act on the host when they run (so once, while tracing):
  logging calls (module-level functions taking ``msg``/``message``) and global seeding
  (public ``seed``/``set_seed``/``set_random_seed`` functions).
"""

from __future__ import annotations

import ast
import importlib
import importlib.metadata
import inspect
import json
import os
import re
import sys
import types
import warnings
from collections.abc import Iterator
from pathlib import Path

from generated_data import public_api, public_names, write_or_check

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")

DATA = Path(__file__).resolve().parent.parent / "linter" / "data" / "tf_knowledge.json"

# Keras's training protocol: what its compiled train/test/predict functions call. Checked below
# against the installed base classes (each method must exist there).
TRACED_METHODS = {
    "model": ["call", "train_step", "test_step", "predict_step", "compute_loss"],
    "layer": ["call"],
    "loss": ["call"],
    "metric": ["update_state", "result"],
}
# Kinds in the order a class is judged: the first base it derives from names its kind.
KERAS_BASES = (
    ("model", "Model"),
    ("metric", "metrics.Metric"),
    ("loss", "losses.Loss"),
    ("optimizer", "optimizers.Optimizer"),
    ("callback", "callbacks.Callback"),
    ("layer", "layers.Layer"),
)
TF_BASES = (
    ("variable", "Variable"),
    ("dataset", "data.Dataset"),
    ("iterator", "data.Iterator"),
    ("tensor_array", "TensorArray"),
    ("random_generator", "random.Generator"),
    ("tape", "GradientTape"),
    ("shape", "TensorShape"),
    ("spec", "TypeSpec"),
    ("dtype", "dtypes.DType"),
    ("tensor", "Tensor"),
    ("module", "Module"),
)
# Namespaces of TF whose functions are looked at (after ``tensorflow.``); "" is the top level.
TF_NAMESPACES = (
    "",
    "math",
    "linalg",
    "nn",
    "random",
    "signal",
    "image",
    "strings",
    "sparse",
    "ragged",
    "bitwise",
    "audio",
    "io",
    "data",
    "experimental.numpy",
    "raw_ops",
    "debugging",
    "dtypes",
    "summary",
    "compat.v1",
    "compat.v1.logging",
)
SEED_NAMES = frozenset({"seed", "set_seed", "set_random_seed"})
LOG_PARAMS = frozenset({"msg", "message"})
# Annotation names in the stubs -> kind
STUB_KINDS = {
    "Tensor": "tensor",
    "RaggedTensor": "tensor",
    "SparseTensor": "tensor",
    "IndexedSlices": "tensor",
    "Variable": "variable",
    "Dataset": "dataset",
    "Iterator": "iterator",
    "TensorArray": "tensor_array",
    "Generator": "random_generator",
    "TensorShape": "shape",
    "DType": "dtype",
    "Operation": "operation",
    "Model": "model",
    "Layer": "layer",
    "Optimizer": "optimizer",
    "Loss": "loss",
    "Metric": "metric",
    "Callback": "callback",
    "None": "none",
    "bool": "python",
    "int": "python",
    "float": "python",
    "str": "python",
    "bytes": "python",
}


def _resolve(module: types.ModuleType, dotted: str) -> object:
    obj: object = module
    for part in dotted.split("."):
        obj = getattr(obj, part)
    return obj


def class_kinds(api: dict[str, object], root: types.ModuleType, bases) -> dict[str, str]:
    resolved = [(kind, _resolve(root, path)) for kind, path in bases]
    kinds = {}
    for path, obj in api.items():
        if not isinstance(obj, type):
            continue
        for kind, base in resolved:
            if issubclass(obj, base):
                kinds[path] = kind
                break
    return kinds


def traced_methods(keras_module: types.ModuleType) -> dict[str, list[str]]:
    bases = dict((kind, _resolve(keras_module, path)) for kind, path in KERAS_BASES)
    for kind, methods in TRACED_METHODS.items():
        for method in methods:
            if not callable(getattr(bases[kind], method, None)):
                raise SystemExit(f"{bases[kind]} has no {method}: Keras's protocol changed")
    return TRACED_METHODS


def _public_functions(module: types.ModuleType) -> Iterator[tuple[str, object]]:
    """A module's public callables that are not classes, by name, in name order."""
    for name, obj in public_names(module):
        if callable(obj) and not isinstance(obj, type):
            yield name, obj


def _is_op(fn: object) -> bool:
    """A TF op wrapper: TF adds dispatch support to functions that take and return tensors,
    and every generated op wrapper (``gen_*_ops``) returns tensors."""
    if hasattr(fn, "_tf_fallback_dispatchers"):
        return True
    module = getattr(inspect.unwrap(fn), "__module__", "") or ""
    return module.rpartition(".")[2].startswith("gen_")


def op_returns(tf: types.ModuleType) -> dict[str, str]:
    returns = {}
    for namespace in TF_NAMESPACES:
        module = _resolve(tf, namespace) if namespace else tf
        prefix = "tensorflow." + (namespace + "." if namespace else "")
        for name, obj in _public_functions(module):
            if _is_op(obj):
                returns[prefix + name] = _documented_return(obj)
    return returns


def _documented_return(fn: object) -> str:
    """An op returns a tensor unless its docstring's ``Returns:`` section starts by saying it
    returns None or an operation (``tf.print``, ``tf.debugging.assert_*``: ops run for effect)."""
    doc = inspect.getdoc(fn) or ""
    _, found, after = doc.partition("Returns:")
    first = after.strip().split("\n", 1)[0].lower() if found else ""
    if first.startswith(("none", "op ", "an op", "the op", "a tf operator", "an operation")):
        return "operation"
    return "tensor"


def keras_op_returns(keras_module: types.ModuleType, prefix: str, namespaces) -> dict[str, str]:
    returns = {}
    for namespace in namespaces:
        try:
            module = _resolve(keras_module, namespace)
        except AttributeError:
            continue
        for name, obj in _public_functions(module):
            if namespace == "ops" or _is_op(obj):
                returns[f"{prefix}{namespace}.{name}"] = "tensor"
    return returns


# Sample arguments the probe calls each op with: a matrix (symmetric and positive definite,
# so that every decomposition works), with a count or an axis, three of them (`where(c, x, y)`),
# a list of tensors, a vector with partitions.
def _probe_arguments(tf: types.ModuleType) -> list[tuple]:
    matrix = tf.constant(
        [[2.0, 1.0, 0.0, 0.0], [1.0, 3.0, 0.0, 0.0], [0.0, 0.0, 4.0, 1.0], [0.0, 0.0, 1.0, 5.0]]
    )
    vector = tf.constant([1, 2, 2, 3])
    return [
        (matrix,),
        (matrix, 2),
        ([matrix, matrix],),
        (matrix, [0]),
        (matrix, matrix, matrix),
        (vector,),
        (vector, tf.constant([0, 1, 0, 1]), 2),
    ]


# Ops the probe never calls: they act on files, devices, global state or the log, or only work
# in a graph; raw_ops and compat.v1 are their public ops under other names (aliases follow).
PROBE_SKIPPED = (
    "write", "save", "load", "read", "file", "print", "summary", "assert", "py_function",
    "numpy_function", "set_", "random", "seed", "debugging", "profiler", "experimental", "tpu",
    "distribute", "config", "io.", "raw_ops", "compat.", "logging", "data.", "gradients",
)  # fmt: skip


def _probed_kind(value: object, tf: types.ModuleType) -> str | None:
    """The kind of what an op gave, when it is not a tensor: a Python sequence or value."""
    if isinstance(value, (bool, int, float)):
        return "python"
    if isinstance(value, (list, tuple)) and value:
        items = [v for v in value if v is not None]
        if items and all(isinstance(v, tf.Tensor) for v in items):
            return "list[tensor]"
        if items and all(isinstance(v, int) for v in items):
            return "list[python]"
    return None


def probe_returns(
    returns: dict[str, str], tf: types.ModuleType, keras_module: types.ModuleType
) -> dict[str, str]:
    """The ops said to return a tensor that, called eagerly on sample tensors, give a Python
    sequence or value instead (path -> its kind): every sample call that succeeds gives that
    kind. An op no sample suits, or whose kind depends on its arguments (``keras.ops.where``
    of one argument or three), stays a tensor."""
    roots = {"tensorflow": tf, "keras": keras_module}
    arguments = _probe_arguments(tf)
    found = {}
    for path, kind in sorted(returns.items()):
        root, _, rest = path.partition(".")
        if kind != "tensor" or root not in roots or any(s in path for s in PROBE_SKIPPED):
            continue
        try:
            op = _resolve(roots[root], rest)
        except AttributeError:
            continue
        kinds = set()
        for args in arguments:
            try:
                value = op(*args)
            except Exception:
                continue
            kinds.add(_probed_kind(value, tf))
        if len(kinds) == 1 and None not in kinds:
            found[path] = kinds.pop()
    return found


# Keras backend functions the probe never calls: they set or clear global state.
BACKEND_SKIPPED = ("set_", "clear_", "reset_", "batch_set", "manual_", "update", "moving_", "print")


def backend_variable_returns(backends: dict[str, types.ModuleType], tf) -> dict[str, str]:
    """The Keras backend functions that create a variable (``K.variable``, ``K.zeros``,
    ``K.random_uniform_variable``...): path -> "variable", when every sample call that
    succeeds (an array, a shape, a size, a shape and two numbers) gives a ``tf.Variable``.
    ``backends``: a path prefix -> its backend module (tf-keras's; Keras 3's
    ``tf.keras.backend``, whose names the knowledge base spells ``keras.backend.``, as it
    spells ``tf.keras`` ``keras``)."""
    import numpy as np

    samples = [(np.ones((2, 2), "float32"),), ((2, 2),), (2,), ((2, 2), 0.0, 1.0)]
    found = {}
    for prefix, module in backends.items():
        for name, obj in _public_functions(module):
            if name.startswith(BACKEND_SKIPPED):
                continue
            kinds = set()
            for args in samples:
                try:
                    kinds.add(isinstance(obj(*args), tf.Variable))
                except Exception:
                    continue
            if kinds == {True}:
                found[prefix + name] = "variable"
    return found


# "A Keras model instance", "An instance of `Model`", "A `keras.Model` instance", "A TF-Keras
# model instance": the first line of a ``Returns:`` section that names a model.
MODEL_RETURN = re.compile(
    r"an? (instance of )?(tf-)?(keras )?`?(keras\.)?model`?( instance)?\b", re.I
)


def model_returns(keras_module: types.ModuleType, prefix: str) -> dict[str, str]:
    """Public Keras functions whose docstring says they return a model: path -> "model"."""
    found = {}
    for path, obj in public_api(keras_module, prefix).items():
        if isinstance(obj, type) or not callable(obj):
            continue
        doc = inspect.getdoc(obj) or ""
        _, section, after = doc.partition("Returns:")
        first = after.strip().split("\n", 1)[0] if section else ""
        if MODEL_RETURN.match(first):
            found[path] = "model"
    return found


def probe_model_members(keras_modules: list[types.ModuleType]) -> dict[str, str]:
    """``Model`` members the stubs leave untyped, from a small model of each Keras compiled
    with a metric and trained one batch: ``metrics`` -> ``list[metric]`` when every element is
    a Keras metric in each. Only members whose kind every Keras agrees on are kept."""
    import numpy as np

    kinds: dict[str, set[str | None]] = {}
    for keras_module in keras_modules:
        model = keras_module.Sequential([keras_module.layers.Dense(1)])
        model.compile(optimizer="sgd", loss="mse", metrics=["mae"])
        model.train_on_batch(np.zeros((2, 3), "float32"), np.zeros((2, 1), "float32"))
        metric = keras_module.metrics.Metric
        items = list(model.metrics)
        kind = "list[metric]" if items and all(isinstance(m, metric) for m in items) else None
        kinds.setdefault("metrics", set()).add(kind)
    return {m: k.pop() for m, k in kinds.items() if len(k) == 1 and None not in k}


def side_effects(tf: types.ModuleType) -> dict[str, str]:
    import logging
    import random

    import keras
    import numpy
    import tf_keras

    found = {}
    modules = {
        "logging": logging,
        "warnings": warnings,
        "tensorflow.compat.v1.logging": tf.compat.v1.logging,
        "absl.logging": importlib.import_module("absl.logging"),  # a TensorFlow dependency
    }
    for prefix, module in modules.items():
        for name in sorted(dir(module)):
            obj = getattr(module, name, None)
            if name.startswith("_") or not inspect.isroutine(inspect.unwrap(obj)):
                continue
            try:
                params = inspect.signature(obj).parameters
            except (TypeError, ValueError):
                continue
            named = list(params.values())
            required = [p for p in named if p.default is p.empty and p.kind <= p.KEYWORD_ONLY]
            if (
                any(p.name in LOG_PARAMS and p in required for p in named[:2])
                and len(required) <= 3
            ):
                found[f"{prefix}.{name}"] = "log"
    seeders = {
        "random": random,
        "numpy.random": numpy.random,
        "tensorflow.random": tf.random,
        "tensorflow.keras.utils": tf.keras.utils,
        "keras.utils": keras.utils,
        "keras.random": keras.random,
        "tf_keras.utils": tf_keras.utils,
        "tensorflow.compat.v1": tf.compat.v1,
        "tensorflow.compat.v1.random": tf.compat.v1.random,
    }
    for prefix, module in seeders.items():
        for name in sorted(dir(module)):
            if name in SEED_NAMES and callable(getattr(module, name)):
                found[f"{prefix}.{name}"] = "seed"
    return dict(sorted(found.items()))


# --- gradients -------------------------------------------------------------------------------------
# Where the gradient stops: ops TensorFlow registers no gradient for (or a None one), ops that give
# integer or bool tensors (the tape never differentiates those), and methods that leave the graph
# for NumPy. Each found by running the API under a GradientTape.
GRADIENT_SKIPPED = (*PROBE_SKIPPED, "audio", "strings", "image.decode", "image.encode")


def _gradient_samples(tf: types.ModuleType) -> list:
    """What each op is called with, made from the matrix the tape watches: the matrix alone,
    with a count or an axis, twice or three times, in a list, as both branches of a condition
    (``where(c, x, y)``), and as a complex matrix (``imag``): an op whose gradient flows for some
    arguments is no cut."""
    condition = tf.constant([[True, False, True, False]] * 4)
    return [
        lambda m: (m,),
        lambda m: (m, 2),
        lambda m: (m, 0),
        lambda m: ([m, m],),
        lambda m: (m, [0]),
        lambda m: (m, m),
        lambda m: (m, m, m),
        lambda m: (condition, m, m),
        lambda m: (tf.complex(m, m),),
    ]


def _gradient_of(tf: types.ModuleType, op: object, sample, matrix) -> tuple[bool, set] | None:
    """Whether the gradient of what ``op`` gives on ``sample`` reaches ``matrix`` (None: the
    call fails or gives no tensor), and the dtypes of what it gives."""
    try:
        with tf.GradientTape() as tape:
            tape.watch(matrix)
            outputs = [t for t in tf.nest.flatten(op(*sample(matrix))) if isinstance(t, tf.Tensor)]
            if not outputs:
                return None
            total = tf.add_n(
                [tf.reduce_sum(tf.cast(tf.math.real(t) if t.dtype.is_complex else t, tf.float32))
                 for t in outputs]
            )  # fmt: skip
        return tape.gradient(total, matrix) is not None, {t.dtype.name for t in outputs}
    except Exception:
        return None


def _ops_without_gradient(tf: types.ModuleType, op: object, sample, matrix) -> list[str]:
    """The op types ``op`` creates in a graph, on ``sample``, that TensorFlow registers no
    gradient for, or registers as not differentiable."""
    from tensorflow.python.framework import ops as framework_ops

    try:
        graph = tf.function(lambda m: op(*sample(m))).get_concrete_function(matrix).graph
    except Exception:
        return []
    found = set()
    for operation in graph.get_operations():
        if operation.type in ("Const", "Placeholder", "NoOp", "Identity"):
            continue
        try:
            if framework_ops.get_gradient_function(operation) is None:
                found.add(operation.type)
        except LookupError:
            found.add(operation.type)
    return sorted(found)


def gradient_cuts(
    returns: dict[str, str], roots: dict[str, types.ModuleType], tf: types.ModuleType
) -> dict[str, dict]:
    """The ops (path -> why) through which no gradient flows: called under a GradientTape on the
    sample arguments, every call that gives tensors gives a None gradient. ``reason``:
    "integer-output" (they give only integer or bool tensors, which the tape does not
    differentiate) or "no-gradient" (``ops``: the op types they create that TensorFlow registers
    no gradient for; none where the registered gradient is None, as for ``tf.round``).
    An op no sample suits is left out (not known to cut)."""
    matrix = tf.constant(
        [[2.0, 1.0, 0.0, 0.0], [1.0, 3.0, 0.0, 0.0], [0.0, 0.0, 4.0, 1.0], [0.0, 0.0, 1.0, 5.0]]
    )
    samples = _gradient_samples(tf)
    found: dict[str, dict] = {}
    for path, kind in sorted(returns.items()):
        root, _, rest = path.partition(".")
        if kind != "tensor" or root not in roots or any(s in path for s in GRADIENT_SKIPPED):
            continue
        try:
            op = _resolve(roots[root], rest)
        except AttributeError:
            continue
        results = [(s, r) for s in samples if (r := _gradient_of(tf, op, s, matrix))]
        if not results or any(flows for _, (flows, _) in results):
            continue
        dtypes = set().union(*(given for _, (_, given) in results))
        if all(tf.as_dtype(d).is_integer or tf.as_dtype(d).is_bool for d in dtypes):
            found[path] = {"reason": "integer-output", "ops": []}
        else:
            ops = _ops_without_gradient(tf, op, results[0][0], matrix)
            found[path] = {"reason": "no-gradient", "ops": ops}
    return found


def integer_dtypes(tf: types.ModuleType) -> list[str]:
    """Every spelling of an integer or bool dtype (``tensorflow.int32``, ``tensorflow.dtypes.
    int32``, ``numpy.int32``, and the name ``int32`` a string may give): tensors of these carry
    no gradient."""
    import numpy

    found = set()
    for name, obj in public_names(tf.dtypes):
        if isinstance(obj, tf.dtypes.DType) and (obj.is_integer or obj.is_bool):
            found.update((name, f"tensorflow.dtypes.{name}"))
            if getattr(tf, name, None) is obj:
                found.add(f"tensorflow.{name}")
            if isinstance(getattr(numpy, name, None), type):
                found.add(f"numpy.{name}")
    return sorted(found)


def dtype_parameters(
    returns: dict[str, str], classes: dict[str, str], roots: dict[str, types.ModuleType]
) -> dict[str, dict[str, int | None]]:
    """Ops and variable classes whose signature names a ``dtype`` parameter (path -> its
    position, and the position of the ``value``/``initial_value`` they convert, if any): given
    an integer dtype (``tf.cast(x, tf.int32)``), or no dtype and an integer value
    (``tf.Variable(1)``), they give an integer tensor."""
    found: dict[str, dict[str, int | None]] = {}
    candidates = [p for p, k in returns.items() if k == "tensor"]
    candidates += [p for p, k in classes.items() if k == "variable"]
    for path in sorted(candidates):
        root, _, rest = path.partition(".")
        if root not in roots:
            continue
        try:
            api = _resolve(roots[root], rest)
            # a class's own signature (a metaclass may hide it behind `*args, **kwargs`)
            params = list(
                inspect.signature(api.__init__ if isinstance(api, type) else api).parameters
            )
        except (AttributeError, TypeError, ValueError):
            continue
        if params[:1] == ["self"]:
            params = params[1:]
        if "dtype" in params:
            value = next((params.index(v) for v in ("value", "initial_value") if v in params), None)
            found[path] = {"dtype": params.index("dtype"), "value": value}
    return found


def host_methods(tf: types.ModuleType, keras_modules: list[types.ModuleType]) -> dict[str, list]:
    """Methods that hand back host values, leaving the graph (kind -> method names): those of an
    eager tensor and a variable that, called with no argument, give a NumPy array or a Python
    number (``numpy``); those of a Keras model whose docstring says they return NumPy arrays
    (``predict``)."""
    import numpy

    found: dict[str, set[str]] = {"tensor": set(), "variable": set(), "model": set()}
    samples = {"tensor": tf.constant([[1.0, 2.0]]), "variable": tf.Variable([[1.0, 2.0]])}
    for kind, value in samples.items():
        for name, method in public_names(value):
            if not callable(method) or name.startswith(("experimental", "assign")):
                continue
            try:
                given = method()
            except Exception:
                continue
            if isinstance(given, (numpy.ndarray, numpy.generic, int, float, bool)):
                found[kind].add(name)
    for keras_module in keras_modules:
        for name, method in public_names(keras_module.Model):
            doc = (inspect.getdoc(method) or "") if callable(method) else ""
            _, section, after = doc.partition("Returns:")
            if section and after.strip().lower().startswith("numpy array"):
                found["model"].add(name)
    return {kind: sorted(names) for kind, names in found.items()}


# --- typeshed stubs --------------------------------------------------------------------------------
def stubs_root() -> tuple[Path, str]:
    dist = importlib.metadata.distribution("types-tensorflow")
    return Path(str(dist.locate_file("tensorflow-stubs"))), dist.version


def _annotation_kind(node: ast.expr | None) -> str | None:
    """The kind a return/attribute annotation names: ``Tensor`` -> tensor, ``list[Layer]`` ->
    ``list[layer]``, a union of one kind (``Tensor | RaggedTensor``) -> that kind."""
    if node is None:
        return None
    if isinstance(node, ast.Constant) and node.value is None:
        return "none"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = _annotation_kind(node.left), _annotation_kind(node.right)
        if right == "none":
            return left
        return left if left == right else None
    if isinstance(node, ast.Subscript):
        outer = _annotation_kind(node.value)
        if outer in ("list", "sequence"):
            inner = node.slice.elts[0] if isinstance(node.slice, ast.Tuple) else node.slice
            inner_kind = _annotation_kind(inner)
            return f"list[{inner_kind}]" if inner_kind else None
        return outer
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
    if name in ("list", "List", "Sequence"):
        return name.lower()
    if name in ("Self",):
        return "self"
    return STUB_KINDS.get(name)


def _stub_module(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["tensorflow", *parts])


def _member(node: ast.FunctionDef) -> str:
    """A property by its name (``layers``), a method with ``()`` (``get_layer()``)."""
    for decorator in node.decorator_list:
        if isinstance(decorator, ast.Name) and decorator.id == "property":
            return node.name
    return node.name + "()"


def stub_facts(root: Path) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """Module-level function returns (qualified name -> kind) and, per stub class, its methods'
    and attributes' kinds (class path -> member -> kind)."""
    returns: dict[str, set[str | None]] = {}
    members: dict[str, dict[str, set[str | None]]] = {}
    for path in sorted(root.rglob("*.pyi")):
        module = _stub_module(path, root)
        if ".python." in module + "." or module.startswith("tensorflow.core"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                returns.setdefault(f"{module}.{node.name}", set()).add(
                    _annotation_kind(node.returns)
                )
            elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                table = members.setdefault(f"{module}.{node.name}", {})
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and not item.name.startswith("_"):
                        kind = _annotation_kind(item.returns)
                        table.setdefault(_member(item), set()).add(kind)
                    elif (
                        isinstance(item, ast.AnnAssign)
                        and isinstance(item.target, ast.Name)
                        and not item.target.id.startswith("_")
                    ):
                        kind = _annotation_kind(item.annotation)
                        table.setdefault(item.target.id, set()).add(kind)

    def one(kinds: set[str | None]) -> str | None:
        return next(iter(kinds)) if len(kinds) == 1 else None

    flat = {name: k for name, kinds in returns.items() if (k := one(kinds))}
    classes = {}
    for cls, table in members.items():
        kept = {name: k for name, kinds in table.items() if (k := one(kinds))}
        if kept:
            classes[cls] = dict(sorted(kept.items()))
    return dict(sorted(flat.items())), classes


# Stub classes whose members describe a kind of value (stub path -> kind).
STUB_CLASSES = {
    "tensorflow.keras.models.Model": "model",
    "tensorflow.keras.layers.Layer": "layer",
    "tensorflow.keras.callbacks.Callback": "callback",
    "tensorflow.keras.optimizers.Optimizer": "optimizer",
    "tensorflow.keras.metrics.Metric": "metric",
    "tensorflow.keras.losses.Loss": "loss",
    "tensorflow.data.Dataset": "dataset",
    "tensorflow.Variable": "variable",
    "tensorflow.Tensor": "tensor",
    "tensorflow.TensorArray": "tensor_array",
}


def _public_paths(tf: types.ModuleType) -> dict[str, list[str]]:
    """Each public function path of the namespaces looked at -> every path of the same object."""
    by_object: dict[int, list[str]] = {}
    for namespace in TF_NAMESPACES:
        module = _resolve(tf, namespace) if namespace else tf
        prefix = "tensorflow." + (namespace + "." if namespace else "")
        for name in dir(module):
            obj = getattr(module, name, None)
            if not name.startswith("_") and callable(obj) and not isinstance(obj, type):
                by_object.setdefault(id(obj), []).append(prefix + name)
    return {path: sorted(paths) for paths in by_object.values() for path in paths}


def build() -> dict:
    """The knowledge base, from the installed packages and stubs."""
    import keras
    import tensorflow as tf
    import tf_keras

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        classes = {}
        classes.update(class_kinds(public_api(keras, "keras."), keras, KERAS_BASES))
        classes.update(class_kinds(public_api(tf_keras, "tf_keras."), tf_keras, KERAS_BASES))
        tf_api = {}
        for namespace in ("", "data", "random", "dtypes"):
            module = _resolve(tf, namespace) if namespace else tf
            prefix = "tensorflow." + (namespace + "." if namespace else "")
            for name in dir(module):
                if not name.startswith("_"):
                    tf_api[prefix + name] = getattr(module, name)
        tf_bases = [(k, p) for k, p in TF_BASES]
        for path, kind in class_kinds(tf_api, tf, tf_bases).items():
            classes[path] = kind
        traced = traced_methods(keras)
        returns = op_returns(tf)
        returns.update(keras_op_returns(keras, "keras.", ("ops", "activations", "random")))
        returns.update(keras_op_returns(tf_keras, "tf_keras.", ("backend", "activations")))
        root, stubs_version = stubs_root()
        stub_returns, stub_classes = stub_facts(root)
        aliases = _public_paths(tf)
        for name, kind in stub_returns.items():
            if kind == "self":
                continue
            for path in aliases.get(name, [name]):  # tf.as_dtype is tf.dtypes.as_dtype
                returns[path] = kind
        for name, kind in probe_returns(returns, tf, keras).items():
            for path in aliases.get(name, [name]):  # tf.unstack is tf.compat.v1.unstack
                returns[path] = kind
        returns.update(model_returns(keras, "keras."))
        returns.update(model_returns(tf_keras, "tf_keras."))
        backends = {"tf_keras.backend.": tf_keras.backend}
        backends["keras.backend."] = keras._tf_keras.keras.backend
        returns.update(backend_variable_returns(backends, tf))
        # the ops whose gradients are probed (raw_ops and compat.v1 take their public ops' answer)
        probed = {"tensorflow": tf, "keras": keras, "tf_keras": tf_keras}
        cuts = {}
        for name, why in gradient_cuts(returns, probed, tf).items():
            for path in aliases.get(name, [name]):  # tf.argmax is tf.compat.v1.argmax
                cuts[path] = why
        members: dict[str, dict[str, str]] = {}
        for stub_path, kind in STUB_CLASSES.items():
            table = stub_classes.get(stub_path, {})
            members[kind] = {
                m: k for m, k in table.items() if k not in (None, "self", "none", "python")
            }
            if kind == "dataset":
                members[kind].update({m: "dataset" for m, k in table.items() if k == "self"})
            if kind == "model":
                members[kind].update(probe_model_members([keras, tf_keras]))
            members[kind] = dict(sorted(members[kind].items()))
        return {
            "tensorflow_version": tf.__version__,
            "keras_version": keras.__version__,
            "tf_keras_version": tf_keras.__version__,
            "types_tensorflow_version": stubs_version,
            "classes": dict(sorted(classes.items())),
            "traced_methods": traced,
            "returns": dict(sorted(returns.items())),
            "members": members,
            "side_effects": side_effects(tf),
            "gradient_cuts": dict(sorted(cuts.items())),
            "integer_dtypes": integer_dtypes(tf),
            "dtype_parameters": dtype_parameters(returns, classes, probed),
            "host_methods": host_methods(tf, [keras, tf_keras]),
        }


def dump(data: dict) -> str:
    return json.dumps(data, indent=0, sort_keys=False, ensure_ascii=False) + "\n"


def main() -> int:
    return write_or_check(__doc__, build, dump, DATA)


if __name__ == "__main__":
    sys.exit(main())

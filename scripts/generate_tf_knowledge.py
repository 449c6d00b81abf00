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
* ``hook_arguments``: per Keras kind, how many positional arguments Keras passes to those
  methods (``compute_loss(x, y, y_pred, sample_weight)``): a method of the same name that
  cannot take them is not the hook Keras calls. Checked: each installed base method takes them.
* ``returns``: what public TF/Keras functions return, as a kind: ``tensor`` for ops (functions
  with TF's dispatch support, generated op wrappers, ``keras.ops``) and stub-declared tensor
  returns; the stubs' declared kind wins where they give one (``tf.print`` returns None). Ops
  that give a Python sequence or value are told apart by calling them eagerly on small sample
  tensors (``probe_returns``): a list or tuple of tensors is ``list[tensor]`` (``tf.unstack``,
  ``keras.ops.split``, ``tf.math.top_k``'s named tuple), of Python numbers ``list[python]``
  (``keras.ops.shape``), a Python number or bool ``python`` (``keras.ops.is_tensor``), a NumPy
  array ``numpy`` (``keras.ops.convert_to_numpy``).
  Keras functions that give a model (``load_model``, ``clone_model``, ``model_from_json``, the
  ``applications``) are ``model`` where their docstring's ``Returns:`` section starts by naming a
  model instance (``model_returns``): the stubs do not type them.
* ``members``: per kind, the kind of its attributes and properties (``Model.layers`` -> list of
  layers, ``Callback.model`` -> model) and, named with ``()``, what its methods return
  (``Dataset.map()`` -> dataset), from the stubs; ``Model.metrics``, untyped there, from a small
  compiled model of each Keras (``probe_model_members``).
* ``single_tensors``: the ops that, called eagerly on the same sample tensors, give one
  ``tf.Tensor`` for every sample call that succeeds (``probe_single_tensors``): what such an op
  returns is one tensor, not a tuple of them, which ``a, b = op(...)`` would unpack (an op no
  sample suits, such as ``tf.image.combined_non_max_suppression``, is said to return a tensor
  but is not in this list).
* ``shape_parameters``: the ops (TF and ``keras.ops``) with a parameter that gives the shape of
  what they build (named ``shape``, ``new_shape``, ``newshape`` or ``dims``, as TF and Keras
  name it), its position, and whether a ``None`` dimension there is accepted in a traced
  function: each is called in a ``tf.function`` with ``[2, 2]`` and then ``[None, 2]``
  (``probe_shape_parameters``): "fails" (``tf.reshape``, ``tf.zeros``: a shape of a tensor to
  build needs every size), "accepted" (``tf.ensure_shape``: a partial shape to check), or
  "unknown" where the sample call with a full shape fails too.
  NumPy's functions with such a parameter are probed too, called eagerly
  (``probe_numpy_shape_parameters``: ``np.broadcast_to(a, (None, 2))`` fails).
* ``data_dependent_shapes``: the decode ops (``tf.io.decode_jpeg``...) and the dimensions of
  what they give that are None while traced, whatever their options: traced on a scalar
  string (``probe_data_dependent_shapes``); the sizes come from the data.
* ``unknown_rank_decoders``: the decode ops whose result, with their default options, has no
  known rank while traced on a scalar string (``tf.io.decode_image``: an image or a stack of
  frames), and the boolean options that, flipped, give it one (``expand_animations``)
  (``probe_unknown_rank_decoders``).
* ``rank_needing_ops``: the TF ops that trace on an image of unknown height and width (a
  ``[None, None, 3]`` float spec) but refuse a tensor of unknown rank while tracing
  (``tf.image.resize``: ``'images' contains no shape``), given sample values for their other
  required parameters (``probe_rank_needing_ops``).
* ``linear_output_layers``: the Keras layer classes whose ``activation`` parameter defaults to
  none (``Dense``, ``Conv2D``): built without one, they give logits; each with the position of
  ``activation`` among the constructor's parameters (``linear_output_layers``).
* ``from_logits_losses``: the Keras losses (classes and functions) with a ``from_logits``
  parameter that defaults to False, each with its position (for a class, in the constructor),
  and the names ``compile(loss=...)`` resolves to such a function (``from_logits_losses``).
* ``probability_ops``: the functions that map logits to probabilities: called on a sample row of
  logits, they give its softmax or its sigmoid (``tf.nn.softmax``, ``keras.activations.sigmoid``),
  and the ``activation=`` names Keras resolves to one (``probability_ops``).
* ``logits_losses``: the TF ops that take labels and ``logits`` (the ``tf.nn`` and
  ``tf.compat.v1.losses`` cross entropies), each with the position of ``logits``
  (``logits_losses``).
* ``unknown_size_layers``: the Keras layer classes that keep the unknown sizes of their input
  between the batch and the last dimension (an image of any height and width stays one):
  built on a symbolic ``Input`` with those dimensions None (``unknown_size_layers``).
* ``unpack_refusing_ops``: the TF ops not in ``single_tensors`` whose result, traced on sample
  specs of unknown sizes (a scalar string, a float, int or bool vector of unknown length, a
  float vector and a bool mask), Python cannot unpack while tracing (``a, b = op(...)`` raises
  for every sample that traces: ``tf.strings.split``, ``tf.boolean_mask``; ``tf.unique``'s
  named tuple unpacks) (``probe_unpack_refusing_ops``).
* ``python_function_ops``: the ops that run a Python function as a graph op (a ``func`` to
  call on tensors ``inp``, giving ``Tout``: ``tf.py_function``, ``tf.numpy_function``) and
  what a ``tf.function`` sees of their result: traced with a function that gives a ``[2]``
  float array (``probe_python_function_ops``), the result's rank is unknown (TF cannot look
  into Python), so its static shape is lost until code restores it.
* ``numpy_only_functions``: the Keras helpers for host data (``keras.utils``,
  ``keras.preprocessing.sequence``, the NumPy/SciPy image augmentation of
  ``keras.preprocessing.image``) and the backend helpers that read a value
  (``tf.keras.backend.eval``) that take a NumPy array or an eager tensor but fail on a graph
  tensor: called on a small integer array (an ``[8, 8, 3]`` image for the image helpers; or an
  eager tensor) eagerly, required options given a sample value, and on the same values inside a
  ``tf.function`` (``numpy_only_functions``: ``pad_sequences``, ``random_rotation``).
* ``variable_only_members``: what a ``tf.Variable`` has and the tensor a ``tf.function``
  returning it gives lacks (``assign``, ``assign_add``): probed by returning a variable from a
  ``tf.function`` (``variable_only_members``).
* ``static_count_ops``: the ops that give a Python list of tensors along an axis
  (``tf.unstack``) and so need that axis's static size unless given ``num``: traced on a
  ``[None, 2]`` tensor along axis 0 (fails), with ``num=2`` and along axis 1 (works)
  (``probe_static_count_ops``), with the positions of ``num`` and ``axis``.
* ``python_value_parameters``: the size parameters of TF image ops (``tf.nn``, ``tf.image``)
  that take a Python number but refuse a tensor while traced (``max_pool2d``'s ``ksize``):
  traced with 2, then with a computed tensor (``python_value_parameters``).
* ``concrete_value_parameters``: the public TF functions (``tf``, ``tf.math``,
  ``tf.strings``) whose first parameter takes a Python or NumPy value but refuses a graph tensor
  while traced, alone or in a list (``tf.constant``'s ``value``): each traced with a nested
  list of numbers (works), then with a tensor computed from its input, and a list of one
  (both fail), and called eagerly with the tensor (works) (``concrete_value_parameters``).
* ``merge_call_strategies``: the ``tf.distribute`` strategy classes (those that build on this
  machine with no argument, a device, or a device list) under which an optimizer's
  ``apply_gradients`` inside a ``tf.cond`` branch of a replica function fails while traced
  (``merge_call`` called while defining a new graph): ``MirroredStrategy`` does,
  ``OneDeviceStrategy`` does not (``merge_call_strategies``).
* ``op_attribute_parameters``: the parameters of public TF functions (``tf``, ``tf.nn``,
  ``tf.image``, ``tf.math``, ``tf.linalg``, ``tf.signal``, ``tf.strings``) that reach an
  attribute of the op they build (``tf.nn.conv2d``'s ``strides``, ``tf.stack``'s ``axis``):
  read from each function's source, followed through TF's own functions to the generated
  wrapper, whose op's attributes come from the op registry (``op_attribute_parameters``).
* ``single_output_layers``: the Keras layer classes whose call gives one tensor, and the
  ``False``-default options (constructor or call) that make it give several
  (``single_output_layers``: ``LSTM``'s ``return_state``).
* ``shape_keeping_ops``: the ops that give a tensor of their first argument's shape, its
  unknown dimensions kept (``tf.cast``, ``tf.image.convert_image_dtype``): traced on a
  ``[None, None, 3]`` image (``probe_shape_keeping_ops``).
* ``side_effects``: Python calls that act on the host when they run (so once, while tracing):
  logging calls (module-level functions taking ``msg``/``message``) and global seeding
  (public ``seed``/``set_seed``/``set_random_seed`` functions).
* ``gradient_cuts``: ops no gradient flows through (run under a ``GradientTape``: see
  ``gradient_cuts``); ``host_methods``: methods that give NumPy values.
* ``layer_weights``: per Keras layer class, whether an instance, built on a sample batch, has
  trainable and non-trainable weights (``Dense``: trainable; ``BatchNormalization``: both).
* ``assigning_methods``: Keras layer and model methods that copy values into the variables
  with no gradient path (``set_weights``), and the ``tf.Variable`` methods that write a value
  into the variable, or a slice of it, with none (``assign``, ``scatter_nd_update``).
* ``tensor_array_updates``: the ``tf.TensorArray`` methods that, traced, give the updated array
  and leave the one they are called on as it was (``write``): called in a ``tf.function`` on a
  two-element array with sample values, the result stacks them and the receiver does not.
* ``fresh_model_functions``: Keras functions that give a model holding none of the variables of
  the model they are given (``clone_model``).
* ``per_call_tracing_ops``: the public TF functions taking ``(fn, elems)`` that, called eagerly,
  trace ``fn`` into a new graph function on every call (``tf.vectorized_map``): called twice on a
  small tensor, ``fn`` ran both times with eager execution off (``probe_per_call_tracing_ops``;
  ``tf.map_fn`` runs it eagerly instead).
* ``graph_argument_ops``: the public TF functions taking ``(fn, elems)`` whose ``fn`` gets a
  graph tensor (symbolic, no ``.numpy()``) when they are called inside a ``tf.function``
  (``tf.map_fn``, ``tf.scan``, ``tf.vectorized_map``), and whether it gets one when they are
  called eagerly too (``"eager"``: ``tf.vectorized_map`` traces ``fn``; ``tf.map_fn`` runs it
  on eager tensors): ``fn`` records what it is given, called by each on a ``[3, 2]`` tensor
  (``probe_graph_argument_ops``).
* ``array_only_methods``: the public methods of a NumPy array that a graph tensor does not
  have (``astype``, ``ravel``): a ``tf.function`` traced on a float spec looks each up on its
  symbolic argument (``probe_array_only_methods``).
* ``string_only_methods``: the public methods of Python's ``str`` and ``bytes`` that a graph
  string tensor does not have (``decode``, ``split``, ``startswith``): a ``tf.function`` traced
  on a string spec looks each up on its symbolic argument (``probe_string_only_methods``).
* ``step_methods``: per step of a Keras model (``train``, ``test``, ``predict``), the public
  ``Model`` methods of either Keras that run it (``fit`` -> ``train_step``): every public method
  of a compiled model whose steps record that they ran is called on a small batch
  (``probe_step_methods``).
* ``tensorflow_modules``: what ``import tensorflow.X.Y`` can import (``tensorflow_modules``):
  ``public``, every module of the public API reached by attribute from ``tensorflow`` (outside
  ``tf.keras`` and ``tf.compat``, which other tables cover) that ``importlib`` imports by that
  path; ``packages``, the real subpackages of the installed ``tensorflow`` folder
  (``python``, ``core``, ``lite``...), whose trees are imported from files and not judged;
  ``attributes``, the public names of ``tensorflow`` itself (``from tensorflow import X``).
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
import textwrap
import types
import warnings
from collections.abc import Callable, Iterator
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
    # `apply_gradients` (called in the train step) runs it for each variable
    "optimizer": ["update_step"],
}
# The positional arguments (after ``self``) Keras's own calls pass to them: `self(x)`,
# `self.train_step(data)`, `self.compute_loss(x, y, y_pred, sample_weight)`, `loss_fn(y, p)`.
# Metrics are left out: the user's own train_step calls `update_state` with what it likes.
HOOK_ARGUMENTS = {
    "model": {"call": 1, "train_step": 1, "test_step": 1, "predict_step": 1, "compute_loss": 4},
    "layer": {"call": 1},
    "loss": {"call": 2},
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


def initialized_tables(api: dict[str, object], tf: types.ModuleType) -> dict[str, str]:
    """The resource classes built from a table initializer (``tf.lookup.StaticHashTable``,
    ``StaticVocabularyTable``) -> "lookup_table": they create their resource in ``init_scope``,
    lifted out of a tf.function like a variable, so a trace that builds one makes a resource no
    tracked attribute owns (a mutable table made in a function lives in its graph instead)."""
    base = tf.saved_model.experimental.TrackableResource
    return {
        path: "lookup_table"
        for path, obj in api.items()
        if isinstance(obj, type)
        and issubclass(obj, base)
        and "initializer" in inspect.signature(obj.__init__).parameters
    }


def traced_methods(keras_module: types.ModuleType) -> dict[str, list[str]]:
    bases = dict((kind, _resolve(keras_module, path)) for kind, path in KERAS_BASES)
    for kind, methods in TRACED_METHODS.items():
        for method in methods:
            if not callable(getattr(bases[kind], method, None)):
                raise SystemExit(f"{bases[kind]} has no {method}: Keras's protocol changed")
    return TRACED_METHODS


def hook_arguments(keras_modules: list[types.ModuleType]) -> dict[str, dict[str, int]]:
    """HOOK_ARGUMENTS, checked: every installed Keras's base method accepts that many."""
    for keras_module in keras_modules:
        bases = dict((kind, _resolve(keras_module, path)) for kind, path in KERAS_BASES)
        for kind, methods in HOOK_ARGUMENTS.items():
            for method, count in methods.items():
                if method not in TRACED_METHODS[kind]:
                    raise SystemExit(f"{kind}.{method} is not a traced method")
                try:
                    inspect.signature(getattr(bases[kind], method)).bind(None, *[None] * count)
                except TypeError as error:
                    raise SystemExit(
                        f"{bases[kind]}.{method} takes no {count} arguments: {error}"
                    ) from None
    return HOOK_ARGUMENTS


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


def returned_ops(
    returns: dict[str, str],
    roots: dict[str, types.ModuleType],
    kind: str = "tensor",
    skipped: tuple[str, ...] = (),
    resolve: Callable[[str, str], object | None] | None = None,
) -> Iterator[tuple[str, str, object]]:
    """The one walk over the ops the probes call: each path ``returns`` says gives ``kind``,
    under one of ``roots`` (a root package's name -> its module), in path order, as (path, root,
    the function). Paths holding one of ``skipped`` are left out, and so is a path that does not
    resolve. ``resolve(root, rest)`` finds the function (None: not one to probe); by default the
    attribute path ``rest`` under its root."""
    for path, given in sorted(returns.items()):
        root, _, rest = path.partition(".")
        if given != kind or root not in roots or any(s in path for s in skipped):
            continue
        try:
            op = resolve(root, rest) if resolve is not None else _resolve(roots[root], rest)
        except AttributeError:
            continue
        if op is not None:
            yield path, root, op


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
    """The kind of what an op gave, when it is not a tensor: a Python sequence or value, or a
    NumPy array (``keras.ops.convert_to_numpy``)."""
    import numpy

    if isinstance(value, (bool, int, float)):
        return "python"
    if isinstance(value, numpy.ndarray):
        return "numpy"
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
    for path, _, op in returned_ops(returns, roots, skipped=PROBE_SKIPPED):
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


# Parameters that give the shape of what an op builds, as TF and Keras name them.
SHAPE_PARAMETERS = ("shape", "new_shape", "newshape", "dims")
# Ops the shape probe never calls (as PROBE_SKIPPED, but random ops are called: they draw).
SHAPE_PROBE_SKIPPED = tuple(s for s in PROBE_SKIPPED if s != "random")


def probe_shape_parameters(
    returns: dict[str, str], tf: types.ModuleType, keras_module: types.ModuleType
) -> dict[str, dict]:
    """The ops with a shape parameter (path -> its name, position and whether a ``None``
    dimension is accepted), each called in a ``tf.function`` with the parameter ``[2, 2]``,
    then ``[None, 2]``, and every other required parameter a 2x2 tensor."""
    roots = {"tensorflow": tf, "keras": keras_module}

    def resolve(root: str, rest: str) -> object | None:
        if root == "keras" and not rest.startswith(("ops.", "backend.")):
            return None
        # `keras.backend.reshape` is `tf.keras.backend.reshape` (see legacy_backend_returns)
        owner = keras_module._tf_keras.keras if rest.startswith("backend.") else roots[root]
        return _resolve(owner, rest)

    found = {}
    for path, _, op in returned_ops(returns, roots, skipped=SHAPE_PROBE_SKIPPED, resolve=resolve):
        try:
            params = list(inspect.signature(op).parameters.values())
        except (AttributeError, TypeError, ValueError):
            continue
        named = [(i, p) for i, p in enumerate(params) if p.name in SHAPE_PARAMETERS]
        if not named or named[0][1].kind not in (named[0][1].POSITIONAL_OR_KEYWORD,):
            continue
        position, shape = named[0]
        required = [
            p.name
            for p in params
            if p.default is p.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        ]

        def traces(dims: list, op=op, shape=shape, required=required) -> bool:
            def body():
                args = {name: tf.ones([2, 2]) for name in required if name != shape.name}
                return op(**args, **{shape.name: dims})

            try:
                tf.function(body, autograph=False).get_concrete_function()
            except Exception:
                return False
            return True

        none = "unknown"
        if traces([2, 2]):
            none = "accepted" if traces([None, 2]) else "fails"
        found[path] = {"parameter": shape.name, "position": position, "none": none}
    return found


def probe_numpy_shape_parameters(np_module: types.ModuleType) -> dict[str, dict]:
    """NumPy's public functions with a shape parameter (``np.zeros(shape)``,
    ``np.broadcast_to(array, shape)``, ``np.reshape(a, newshape)``), each called with it
    ``(2, 2)`` and then ``(None, 2)``, every other required parameter a 2x2 array: a static
    shape with a ``None`` dimension passed to one of them fails ("fails") or not."""
    found = {}
    for name in sorted(dir(np_module)):
        op = getattr(np_module, name)
        if name.startswith("_") or not callable(op) or isinstance(op, type):
            continue
        try:
            params = list(inspect.signature(op).parameters.values())
        except (TypeError, ValueError):
            continue
        named = [(i, p) for i, p in enumerate(params) if p.name in SHAPE_PARAMETERS]
        if not named or named[0][1].kind is not named[0][1].POSITIONAL_OR_KEYWORD:
            continue
        position, shape = named[0]
        positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        before = [p for p in params[:position] if p.default is p.empty and p.kind in positional]
        after = [p for p in params[position + 1 :] if p.default is p.empty and p.kind in positional]
        if len(before) != position:
            continue

        def runs(dims: tuple, op=op, before=before, after=after) -> bool:
            # arrays before the shape, numbers after it (`np.full(shape, fill_value)`)
            try:
                op(*[np_module.ones((2, 2)) for _ in before], dims, *[1.0 for _ in after])
            except Exception:
                return False
            return True

        if runs((2, 2)):
            none = "accepted" if runs((None, 2)) else "fails"
            found["numpy." + name] = {"parameter": shape.name, "position": position, "none": none}
    return found


# What the decode ops are given in the probe: the encoded bytes of one image or file, a scalar.
DECODE_PARAMETER = "contents"


def probe_data_dependent_shapes(
    returns: dict[str, str], tf: types.ModuleType
) -> dict[str, list[int] | str]:
    """The decode ops (a first parameter ``contents``: ``tf.io.decode_jpeg``,
    ``tf.image.decode_png``...) traced in a ``tf.function`` on a scalar string: the dimensions
    of what they give that are None while traced, whatever their options (called with the
    defaults, and with ``channels=3`` where they take it), since the sizes come from the data
    (path -> the indices, or "unknown rank")."""
    found: dict[str, list[int] | str] = {}
    for path, _, op in returned_ops(returns, {"tensorflow": tf}, skipped=("compat.", "raw_ops")):
        try:
            params = list(inspect.signature(op).parameters)
        except (AttributeError, TypeError, ValueError):
            continue
        if params[:1] != [DECODE_PARAMETER]:
            continue
        variants: list[dict] = [{}]
        if "channels" in params:
            variants.append({"channels": 3})
        if "expand_animations" in params:  # one image, not a stack of frames
            variants.append({"channels": 3, "expand_animations": False})
        unknown: set[int] | None = None
        for options in variants:
            try:
                traced = tf.function(lambda c, op=op, options=options: op(c, **options))
                shape = traced.get_concrete_function(tf.TensorSpec([], tf.string)).output_shapes
            except Exception:
                unknown = None
                break
            if not isinstance(shape, tf.TensorShape):
                unknown = None
                break
            dims = (
                set(range(8))
                if shape.rank is None
                else {i for i, d in enumerate(shape) if d is None}
            )
            unknown = dims if unknown is None else unknown & dims
        if unknown:
            found[path] = "unknown rank" if unknown == set(range(8)) else sorted(unknown)
    return found


def probe_unknown_rank_decoders(
    returns: dict[str, str], tf: types.ModuleType
) -> dict[str, list[str]]:
    """The decode ops (first parameter ``contents``) whose result, called with their defaults
    in a ``tf.function`` traced on a scalar string, has unknown rank: path -> the boolean
    options that, given the opposite of their default, give the result a rank."""
    found: dict[str, list[str]] = {}
    spec = tf.TensorSpec([], tf.string)
    for path, _, op in returned_ops(returns, {"tensorflow": tf}, skipped=("compat.", "raw_ops")):
        try:
            params = inspect.signature(op).parameters
        except (AttributeError, TypeError, ValueError):
            continue
        if list(params)[:1] != [DECODE_PARAMETER]:
            continue

        def rank(options: dict, op=op) -> int | str | None:
            try:
                traced = tf.function(lambda c: op(c, **options), autograph=False)
                shape = traced.get_concrete_function(spec).output_shapes
            except Exception:
                return "fails"
            return shape.rank if isinstance(shape, tf.TensorShape) else "fails"

        if rank({}) is not None:
            continue
        found[path] = [
            name
            for name, p in params.items()
            if isinstance(p.default, bool) and isinstance(rank({name: not p.default}), int)
        ]
    return found


# Values for the other required parameters of the ops ``probe_rank_needing_ops`` traces.
RANK_PROBE_SAMPLES = {
    "size": [8, 8],
    "delta": 0.1,
    "target_height": 8,
    "target_width": 8,
    "offset_height": 0,
    "offset_width": 0,
    "contrast_factor": 1.2,
    "saturation_factor": 1.1,
    "central_fraction": 0.5,
    "k": 1,
}


def probe_rank_needing_ops(returns: dict[str, str], tf: types.ModuleType) -> list[str]:
    """The TF ops that trace on a ``[None, None, 3]`` float image but raise while tracing on a
    float tensor of unknown rank (``TensorSpec(None)``), called with sample values for their
    other required parameters (``RANK_PROBE_SAMPLES``)."""
    found = []
    image = tf.TensorSpec([None, None, 3], tf.float32)
    unranked = tf.TensorSpec(None, tf.float32)
    for path, _, op in returned_ops(returns, {"tensorflow": tf}, skipped=SHAPE_PROBE_SKIPPED):
        try:
            params = list(inspect.signature(op).parameters.values())
        except (AttributeError, TypeError, ValueError):
            continue
        if not params or params[0].kind not in (
            params[0].POSITIONAL_ONLY,
            params[0].POSITIONAL_OR_KEYWORD,
        ):
            continue
        required = [
            p.name
            for p in params[1:]
            if p.default is p.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        ]
        if any(name not in RANK_PROBE_SAMPLES for name in required):
            continue
        options = {name: RANK_PROBE_SAMPLES[name] for name in required}

        def traces(spec, op=op, options=options) -> bool:
            try:
                tf.function(lambda x: op(x, **options), autograph=False).get_concrete_function(spec)
            except Exception:
                return False
            return True

        if traces(image) and not traces(unranked):
            found.append(path)
    return found


# The parameters that give an op its output's size (a count, a length, a shape): XLA compiles
# them as constants, and a run-time value there (a tf.range loop's counter) cannot compile.
XLA_SIZE_PARAMETERS = (
    "minlength", "maxlength", "depth", "k", "num", "num_rows", "num_columns", "num_segments",
    "shape", "dims", "multiples", "size", "limit", "maxlen", "num_lower", "num_upper",
)  # fmt: skip
# the samples for an op's other required parameters: an integer vector (counts, indices)
XLA_PROBE_INPUTS = {"int": [0, 1, 1, 2], "float": [[1.0, 2.0], [3.0, 4.0]]}


def probe_xla_constant_parameters(returns: dict[str, str], tf: types.ModuleType) -> dict:
    """The TF ops with a size parameter (``XLA_SIZE_PARAMETERS``) that XLA needs as a
    compile-time constant (path -> each such parameter's name -> its position): each is called in a
    ``tf.function(jit_compile=True)`` with the parameter a Python number (a list of two for a
    shape), which must compile, then with the counter of a ``tf.range`` loop there, which
    fails with XLA's "must be a compile-time constant"."""
    found = {}
    for path, _, op in returned_ops(returns, {"tensorflow": tf}, skipped=SHAPE_PROBE_SKIPPED):
        try:
            params = list(inspect.signature(op).parameters.values())
        except (AttributeError, TypeError, ValueError):
            continue
        named = [
            (i, p)
            for i, p in enumerate(params)
            if p.name in XLA_SIZE_PARAMETERS and p.kind is p.POSITIONAL_OR_KEYWORD
        ]
        if not named:
            continue
        for position, size in named:
            if _xla_needs_constant(tf, op, params, size):
                found.setdefault(path, {})[size.name] = position
    return found


def _xla_needs_constant(tf: types.ModuleType, op: Callable, params: list, size) -> bool:
    """Whether ``op`` compiles under XLA with ``size`` a Python number (or a list of two) and
    the other required parameters a sample, and fails to with it a loop's counter."""
    required = [
        p.name
        for p in params
        if p.default is p.empty
        and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        and p.name != size.name
    ]
    for sample in XLA_PROBE_INPUTS.values():
        for as_list in (False, True):

            def compiles(counter: bool, sample=sample, as_list=as_list) -> str:
                def step(i, total):
                    n = i if counter else 2
                    args = {name: tf.constant(sample) for name in required}
                    out = op(**args, **{size.name: [n, 2] if as_list else n})
                    return i + 1, total + tf.reduce_sum(tf.cast(out, tf.float32))

                def body(limit):
                    start = (tf.constant(1), tf.constant(0.0))
                    return tf.while_loop(lambda i, _: i < limit, step, start)[1]

                try:
                    tf.function(body, jit_compile=True)(tf.constant(3))
                except Exception as error:
                    return "constant" if "compile-time constant" in str(error) else "error"
                return "ok"

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                if compiles(counter=False) == "ok":
                    return compiles(counter=True) == "constant"
    return False


# Only traced, never run: file ops (``tf.io.decode_*``) may be, not Python-function ops.
UNPACK_PROBE_SKIPPED = (
    "compat.", "raw_ops", "py_function", "numpy_function", "tpu", "distribute", "experimental",
    "summary", "debugging", "profiler", "config",
)  # fmt: skip


def probe_unpack_refusing_ops(
    returns: dict[str, str], tf: types.ModuleType, single: list[str]
) -> list[str]:
    """The TF ops (not already in ``single``) that, traced on sample specs of unknown sizes,
    give what Python cannot unpack while tracing: ``a, b = op(*args)`` raises for every sample
    that traces, and at least one does."""
    samples = [
        (tf.TensorSpec([], tf.string),),
        (tf.TensorSpec([None], tf.float32),),
        (tf.TensorSpec([None], tf.int32),),
        (tf.TensorSpec([None], tf.bool),),
        (tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.bool)),
    ]
    known = set(single)
    found = []
    for path, _, op in returned_ops(returns, {"tensorflow": tf}, skipped=UNPACK_PROBE_SKIPPED):
        if path in known:
            continue
        refused = []
        for specs in samples:
            try:
                result = tf.function(lambda *a, op=op: op(*a), autograph=False)
                concrete = result.get_concrete_function(*specs)
            except Exception:
                continue
            del concrete

            def unpack(*a, op=op):
                first, _ = op(*a)
                return first

            try:
                tf.function(unpack, autograph=False).get_concrete_function(*specs)
            except Exception:
                refused.append(True)
            else:
                refused.append(False)
        if refused and all(refused):
            found.append(path)
    return found


# The parameters by which an op is one that calls a Python function on tensors.
PYTHON_FUNCTION_PARAMETERS = ("func", "inp", "Tout")


def probe_python_function_ops(returns: dict[str, str], tf: types.ModuleType) -> dict[str, dict]:
    """The TF ops taking ``func``, ``inp`` and ``Tout`` (a Python function called on tensors),
    traced in a ``tf.function`` with a function that gives a ``[2]`` float32 array: path ->
    {"func": the position of ``func``, "shape": "unknown rank" or the dimensions TF gives}.
    Only those whose result the trace sees with a shape other than ``[2]`` are kept."""
    import numpy as np

    found: dict[str, dict] = {}
    for path, _, op in returned_ops(returns, {"tensorflow": tf}, skipped=("raw_ops",)):
        try:
            params = list(inspect.signature(op).parameters)
        except (AttributeError, TypeError, ValueError):
            continue
        if params[:3] != list(PYTHON_FUNCTION_PARAMETERS):
            continue

        def sample(x):  # a fixed, known array: the probe must give the same answer every run
            return np.zeros([2], np.float32) + x

        try:
            traced = tf.function(lambda x, op=op: op(sample, [x], tf.float32))
            shape = traced.get_concrete_function(tf.TensorSpec([2], tf.float32)).output_shapes
        except Exception:
            continue
        if isinstance(shape, tf.TensorShape) and shape != tf.TensorShape([2]):
            found[path] = {
                "func": params.index("func"),
                "shape": "unknown rank" if shape.rank is None else [d for d in shape],
            }
    return found


def _fn_elems_ops(tf: types.ModuleType) -> Iterator[tuple[str, Callable]]:
    """The public ``tensorflow.<name>`` functions whose first parameters are ``fn, elems``
    (``tf.map_fn``, ``tf.scan``, ``tf.vectorized_map``...), with the function."""
    for name, obj in public_names(tf):
        if not callable(obj) or inspect.isclass(obj):
            continue
        try:
            params = list(inspect.signature(obj).parameters)
        except (TypeError, ValueError):
            continue
        if params[:2] == ["fn", "elems"]:
            yield name, obj


def probe_per_call_tracing_ops(tf: types.ModuleType) -> list[str]:
    """The public ``tensorflow.<name>`` functions whose first parameters are ``fn, elems`` and
    that, each time they are called eagerly, trace ``fn`` (it runs with eager execution off) into
    a function of their own: two eager calls on a ``[3, 2]`` tensor trace it twice."""
    found = []
    for name, obj in _fn_elems_ops(tf):
        eager: list[bool] = []

        def fn(x, eager=eager):
            eager.append(tf.executing_eagerly())
            return x * 2.0

        try:
            for _ in range(2):
                obj(fn, tf.zeros([3, 2]))
        except Exception:
            continue
        if len(eager) == 2 and not any(eager):
            found.append(f"tensorflow.{name}")
    return found


def probe_graph_argument_ops(tf: types.ModuleType) -> dict[str, dict[str, bool]]:
    """The public ``tensorflow.<name>`` functions whose first parameters are ``fn, elems`` and
    that hand ``fn`` graph tensors when called inside a ``tf.function``: ``fn`` records whether
    its arguments (each of them: ``tf.scan`` passes the accumulator too) have an eager value. ``eager``: whether it is handed a graph tensor when the op
    is called eagerly too."""
    found = {}
    for name, obj in _fn_elems_ops(tf):
        symbolic: list[bool] = []

        def fn(*xs, symbolic=symbolic):  # `tf.scan` and `tf.foldl` hand it (accumulator, x)
            symbolic.append(not any(hasattr(x, "numpy") for x in xs))
            return xs[-1] * 2.0

        try:
            tf.function(lambda x, op=obj: op(fn, x))(tf.zeros([3, 2]))
            in_graph = bool(symbolic) and all(symbolic)
            symbolic.clear()
            obj(fn, tf.zeros([3, 2]))
            eager = bool(symbolic) and all(symbolic)
        except Exception:
            continue
        if in_graph:
            found[f"tensorflow.{name}"] = {"eager": eager}
    return found


def probe_string_only_methods(tf: types.ModuleType) -> list[str]:
    """The public methods of ``str`` and ``bytes`` that a graph string tensor lacks: looked up
    on the symbolic argument of a ``tf.function`` traced on a scalar string spec."""
    names = sorted(name for name in set(dir(str)) | set(dir(bytes)) if not name.startswith("_"))
    missing: list[str] = []

    def look(text):
        missing.extend(name for name in names if not hasattr(text, name))
        return text

    tf.function(look).get_concrete_function(tf.TensorSpec([], tf.string))
    return missing


def probe_array_only_methods(tf: types.ModuleType) -> list[str]:
    """The public methods of a NumPy array that a graph float tensor lacks (``astype``,
    ``ravel``, ``tolist``): looked up on the symbolic argument of a ``tf.function`` traced on a
    ``[2, 2]`` float spec (TF's NumPy behaviour left off, as it is by default)."""
    import numpy as np

    names = sorted(
        name
        for name in dir(np.ndarray)
        if not name.startswith("_") and callable(getattr(np.ndarray, name))
    )
    missing: list[str] = []

    def look(array):
        missing.extend(name for name in names if not hasattr(array, name))
        return array

    tf.function(look).get_concrete_function(tf.TensorSpec([2, 2], tf.float32))
    return missing


def probe_shape_keeping_ops(returns: dict[str, str], tf: types.ModuleType) -> list[str]:
    """The TF ops that give a tensor of their first argument's shape, unknown dimensions kept:
    traced in a ``tf.function`` on an image of unknown height and width (a ``[None, None, 3]``
    float spec), with ``dtype=tf.float32`` where they require a dtype, they give
    ``[None, None, 3]`` (``tf.cast``, ``tf.image.convert_image_dtype``, ``tf.nn.relu``)."""
    found = []
    spec = tf.TensorSpec([None, None, 3], tf.float32)
    for path, _, op in returned_ops(returns, {"tensorflow": tf}, skipped=SHAPE_PROBE_SKIPPED):
        try:
            params = list(inspect.signature(op).parameters.values())
        except (AttributeError, TypeError, ValueError):
            continue
        if not params or params[0].kind not in (
            params[0].POSITIONAL_ONLY,
            params[0].POSITIONAL_OR_KEYWORD,
        ):
            continue
        required = [
            p.name
            for p in params[1:]
            if p.default is p.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        ]
        if any(name != "dtype" for name in required):
            continue
        options = {"dtype": tf.float32} if required else {}
        try:
            traced = tf.function(
                lambda x, op=op, options=options: op(x, **options), autograph=False
            )
            shape = traced.get_concrete_function(spec).output_shapes
        except Exception:
            continue
        if (
            isinstance(shape, tf.TensorShape)
            and shape.rank == 3
            and shape.as_list() == [None, None, 3]
        ):
            found.append(path)
    return found


def probe_single_tensors(
    returns: dict[str, str], tf: types.ModuleType, keras_module: types.ModuleType
) -> list[str]:
    """The ops said to return a tensor that, called eagerly on the sample tensors, give one
    ``tf.Tensor`` for each sample call that succeeds (at least one does)."""
    roots = {"tensorflow": tf, "keras": keras_module}
    arguments = _probe_arguments(tf)
    found = []
    for path, _, op in returned_ops(returns, roots, skipped=PROBE_SKIPPED):
        given = []
        for args in arguments:
            try:
                value = op(*args)
            except Exception:
                continue
            given.append(isinstance(value, tf.Tensor))
        if given and all(given):
            found.append(path)
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


def legacy_backend_returns(keras_module: types.ModuleType, tf: types.ModuleType) -> dict[str, str]:
    """Keras 3's ``tf.keras.backend`` keeps the legacy functions (``K.round``, ``K.argmax``,
    ``K.cast``), spelled ``keras.backend.`` here as ``tf.keras`` is ``keras``: path -> "tensor"
    for each that, called on a sample matrix (alone, with an axis or a dtype, or twice), gives
    a tensor. Their gradients are probed with the ops'."""
    backend = keras_module._tf_keras.keras.backend
    matrix = tf.constant([[2.0, 1.0], [1.0, 3.0]])
    samples = [(matrix,), (matrix, -1), (matrix, "float32"), (matrix, matrix)]
    found = {}
    for name, obj in _public_functions(backend):
        if name.startswith(BACKEND_SKIPPED) or name in ("variable", "eval", "get_value"):
            continue
        for args in samples:
            try:
                given = obj(*args)
            except Exception:
                continue
            if isinstance(given, tf.Tensor) and not isinstance(given, tf.Variable):
                found[f"keras.backend.{name}"] = "tensor"
                break
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


def probe_optimizer_members(keras_modules: list[types.ModuleType]) -> dict[str, str]:
    """``Optimizer`` members that hold a variable (``iterations``, ``learning_rate``), from an
    optimizer of each Keras applied once: "variable" where the member is a ``tf.Variable`` or a
    Keras variable in every Keras. Read in traced code, such a member is a graph tensor."""
    import tensorflow as tf

    kinds: dict[str, set[str | None]] = {}
    for keras_module in keras_modules:
        weight = tf.Variable([1.0, 2.0])
        optimizer = keras_module.optimizers.SGD(learning_rate=0.1)
        optimizer.apply_gradients([(tf.constant([0.5, 0.5]), weight)])
        variable_types = (tf.Variable, getattr(keras_module, "Variable", tf.Variable))
        for name in sorted(dir(optimizer)):
            if name.startswith("_"):
                continue
            try:
                value = getattr(optimizer, name)
            except Exception:  # a property that needs more state than one step gives
                continue
            if callable(value) and not isinstance(value, variable_types):
                continue
            kind = "variable" if isinstance(value, variable_types) else None
            kinds.setdefault(name, set()).add(kind)
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


def seeded_random_ops(tf: types.ModuleType) -> list[str]:
    """TF's stateful random ops: functions whose optional ``seed`` (None by default) their own
    documentation ties to the global seed (``tf.random.set_seed``). Their op-level seed is fixed
    when their graph is built, so each new run of that graph (a new iterator over a dataset
    whose map function calls one) starts the same sequence again once a global seed is set.
    Stateless ops take their seed as a tensor argument and are not listed."""
    found = []
    for namespace in TF_NAMESPACES:
        if namespace == "raw_ops":
            continue  # raw ops take `seed`/`seed2` integers, never the global seed
        module = _resolve(tf, namespace) if namespace else tf
        prefix = "tensorflow." + (namespace + "." if namespace else "")
        for name, obj in _public_functions(module):
            if "stateless" in name:
                continue
            try:
                seed = inspect.signature(obj).parameters.get("seed")
            except (TypeError, ValueError):
                continue
            documented = inspect.getdoc(obj) or ""
            if (
                seed is not None
                and seed.default is None
                and ("set_seed" in documented or "set_random_seed" in documented)
            ):
                found.append(prefix + name)
    return sorted(found)


def _dataset_methods(tf: types.ModuleType) -> Iterator[tuple[str, list[inspect.Parameter]]]:
    """The public methods of ``tf.data.Dataset`` that a dataset can be asked to run, by name
    with their parameters (``self`` first): those that write files (a ``path`` parameter:
    ``save``, ``snapshot``) are left out."""
    for name in sorted(dir(tf.data.Dataset)):
        method = getattr(tf.data.Dataset, name)
        if name.startswith("_") or not callable(method):
            continue
        try:
            parameters = list(inspect.signature(method).parameters.values())
        except (TypeError, ValueError):
            continue
        if (
            parameters
            and parameters[0].name == "self"
            and all(p.name != "path" for p in parameters)
        ):
            yield name, parameters


class _Recorded(Exception):
    """Raised by the probe's recording function once tf.data has called it."""


def dataset_function_arguments(tf: types.ModuleType) -> dict[str, dict[str, list[str]]]:
    """For each ``Dataset`` method that takes a function, what tf.data hands that function:
    ``{"map": {"map_func": ["element"]}, "apply": {"transformation_func": ["dataset"]}}``,
    one kind per positional argument ("dataset" or "element"), seen by calling the method on a
    small dataset with a function that records its arguments. Methods that write files
    (``save``, ``snapshot``, ``load``) are not called."""
    found: dict[str, dict[str, list[str]]] = {}
    fillers = (1, [2], [1, 1], [0.5, 0.5])  # for the methods' other required parameters
    for name, parameters in _dataset_methods(tf):
        for probed in parameters[1:]:
            if not (probed.name.endswith("_func") or probed.name == "predicate"):
                continue
            seen: list[str] = []

            def record(*args, seen=seen):
                seen.extend(
                    "dataset" if isinstance(a, tf.data.Dataset) else "element" for a in args
                )
                raise _Recorded

            required = [
                p
                for p in parameters[1:]
                if p is not probed
                and p.default is inspect.Parameter.empty
                and p.kind is not p.VAR_KEYWORD
            ]
            for filler in fillers:
                arguments = {
                    p.name: record if p.name.endswith("_func") else filler for p in required
                }
                try:
                    getattr(tf.data.Dataset.range(4), name)(**{probed.name: record}, **arguments)
                except _Recorded:
                    break
                except Exception:  # a filler the method refuses: try the next one
                    if seen:
                        break
                    continue
            if seen:
                found.setdefault(name, {})[probed.name] = seen
    return found


def dataset_structure_keeping_methods(tf: types.ModuleType) -> list[str]:
    """The ``Dataset`` methods whose result has the same element structure as their dataset:
    each is called on a dataset of ``{"image", "label"}`` dictionaries (a function argument
    returns ``tf.constant(True)``, other required parameters get small Python values) and kept
    when its elements are still those dictionaries (``shuffle``, ``batch``, ``filter``; not
    ``map``, ``enumerate``, ``window``)."""
    found: list[str] = []
    fillers = (1, [2], [1, 1], [0.5, 0.5])
    elements = {"image": tf.zeros([8, 2]), "label": tf.zeros([8, 2], tf.int64)}

    def predicate(*args):
        return tf.constant(True)

    for name, parameters in _dataset_methods(tf):
        required = [
            p
            for p in parameters[1:]
            if p.default is inspect.Parameter.empty
            and p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)
        ]
        for filler in fillers:
            arguments = {
                p.name: predicate if p.name.endswith("_func") or p.name == "predicate" else filler
                for p in required
            }
            try:
                made = getattr(tf.data.Dataset.from_tensor_slices(elements), name)(**arguments)
                spec = made.element_spec
            except Exception:  # a filler the method refuses: try the next one
                continue
            if isinstance(spec, dict) and sorted(spec) == ["image", "label"]:
                found.append(name)
            break
    return found


def shuffling_loaders(packages: list[types.ModuleType]) -> list[str]:
    """The Keras loaders whose ``shuffle`` parameter defaults to True: the methods of
    ``ImageDataGenerator`` (``flow_from_directory``) and the ``keras.utils`` functions
    (``image_dataset_from_directory``), by qualified name, package by package (Keras 3 has no
    ``ImageDataGenerator``)."""
    found: list[str] = []
    for package in packages:
        owners = [(f"{package.__name__}.utils", package.utils)]
        generator = getattr(package.preprocessing.image, "ImageDataGenerator", None)
        if generator is not None:
            owners.append((f"{package.__name__}.preprocessing.image.ImageDataGenerator", generator))
        for prefix, owner in owners:
            for name in sorted(dir(owner)):
                member = getattr(owner, name)
                if name.startswith("_") or not callable(member):
                    continue
                try:
                    shuffle = inspect.signature(member).parameters.get("shuffle")
                except (TypeError, ValueError):
                    continue
                if shuffle is not None and shuffle.default is True:
                    found.append(f"{prefix}.{name}")
    return found


def integer_only_parameters(tf: types.ModuleType, keras: types.ModuleType) -> dict[str, list[str]]:
    """The parameters of training calls, ``Dataset.batch`` and common layers that take an int and
    refuse the one-element tuple ``(2,)`` (what ``epochs = 2,`` binds): each is called with 2,
    then with ``(2,)``, other required parameters 2; kept when the int works and the tuple
    fails."""
    import numpy as np

    found = {}
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    x, y = np.zeros((8, 3)), np.zeros((8, 1))
    for method in ("fit", "evaluate", "predict"):
        function = getattr(model, method)
        kept = []
        for p in inspect.signature(function).parameters.values():
            if p.default is None or (type(p.default) is int):

                def call(value, p=p, method=method, function=function):
                    args = {"x": x, "verbose": 0}
                    if method != "predict":
                        args["y"] = y
                    args[p.name] = value
                    function(**args)

                try:
                    call(2)
                except Exception:
                    continue
                try:
                    call((2,))
                except Exception:
                    kept.append(p.name)
        found[f"keras.Model.{method}"] = kept
    kept = []
    try:
        tf.data.Dataset.range(4).batch((2,))
    except Exception:
        kept.append("batch_size")
    found["tensorflow.data.Dataset.batch"] = kept
    for name in ("Dense", "Conv1D", "Conv2D", "LSTM", "GRU", "SimpleRNN", "Embedding"):
        cls = getattr(keras.layers, name)
        kept = []
        params = [
            p
            for p in inspect.signature(cls).parameters.values()
            if p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD
        ]
        for p in params:
            args = {q.name: 2 for q in params}
            try:
                cls(**args)
            except Exception:
                continue
            args[p.name] = (2,)
            try:
                cls(**args)
            except Exception:
                kept.append(p.name)
        found[f"keras.layers.{name}"] = kept
    return found


def dataset_functions_returning_datasets(
    tf: types.ModuleType, arguments: dict[str, dict[str, list[str]]]
) -> dict[str, list[str]]:
    """For each ``Dataset`` method that hands its function elements, the function parameters
    that must return a dataset (``flat_map``'s and ``interleave``'s ``map_func``): the method
    is called on a small dataset with a function that returns the element it gets (a tensor),
    then with one that returns ``Dataset.from_tensors`` of it; a parameter is kept when the
    tensor fails and the dataset works. Other required parameters get small Python values."""
    found: dict[str, list[str]] = {}
    fillers = (1, [2], [1, 1], [0.5, 0.5])

    def element(*args):
        return args[0]

    def dataset(*args):
        return tf.data.Dataset.from_tensors(args[0])

    for name, takes in sorted(arguments.items()):
        method = getattr(tf.data.Dataset, name)
        parameters = list(inspect.signature(method).parameters.values())
        for probed, kinds in takes.items():
            if kinds[:1] != ["element"]:
                continue
            required = [
                p
                for p in parameters[1:]
                if p.name != probed
                and p.default is inspect.Parameter.empty
                and p.kind is not p.VAR_KEYWORD
            ]

            def works(function, required=required, name=name, probed=probed) -> bool | None:
                for filler in fillers:
                    others = {
                        p.name: element if p.name.endswith("_func") else filler for p in required
                    }
                    try:
                        made = getattr(tf.data.Dataset.range(4), name)(
                            **{probed: function}, **others
                        )
                        for _ in made.take(1):
                            pass
                        return True
                    except Exception:  # a filler the method refuses, or the function's result
                        continue
                return False

            if not works(element) and works(dataset):
                found.setdefault(name, []).append(probed)
    return found


def global_seed_functions(tf: types.ModuleType, seeders: dict[str, str]) -> list[str]:
    """The seeding calls (of ``side_effects``) that set TensorFlow's global seed: each is called
    with a seed, and TF's own ``get_seed`` must then give it back as the graph-level seed."""
    from tensorflow.python.framework import random_seed

    found = []
    for path, effect in seeders.items():
        if effect != "seed":
            continue
        owner, _, name = path.rpartition(".")
        root, _, rest = owner.partition(".")
        module = tf if root == "tensorflow" else importlib.import_module(root)
        for part in rest.split(".") if rest else ():
            module = getattr(module, part)
        tf.random.set_seed(None)
        getattr(module, name)(1234)
        if random_seed.get_seed(None)[0] == 1234:
            found.append(path)
    tf.random.set_seed(None)
    return sorted(found)


# --- gradients -------------------------------------------------------------------------------------
# Where the gradient stops: ops TensorFlow registers no gradient for (or a None one), ops that give
# integer or bool tensors (the tape never differentiates those), and methods that leave the graph
# for NumPy. Each found by running the API under a GradientTape.
# The Python-function ops are probed here (with an identity function): `numpy_function` has no
# gradient, `py_function` has one.
GRADIENT_SKIPPED = (  # random ops are called: they draw (`tf.random.categorical` gives integers)
    *(s for s in PROBE_SKIPPED if s not in ("py_function", "numpy_function", "random")),
    "audio", "strings", "image.decode", "image.encode",
)  # fmt: skip


def _gradient_samples(tf: types.ModuleType) -> list:
    """What each op is called with, made from the matrix the tape watches: the matrix alone,
    with a count or an axis, twice or three times, in a list, as both branches of a condition
    (``where(c, x, y)``), as a complex matrix (``imag``), handed to a Python function
    (``numpy_function(func, [m], Tout)``), and its first row twice (ops of vectors:
    ``confusion_matrix(labels, predictions)``): an op whose gradient flows for some arguments
    is no cut."""
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
        lambda m: (lambda a: a, [m], tf.float32),  # numpy_function(func, inp, Tout)
        lambda m: (m[0], m[0]),
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


def _op_at(roots: dict[str, types.ModuleType], root: str, rest: str) -> object | None:
    """The function at ``root.rest``; ``keras.backend.*`` is also looked up in ``tf.keras``'s
    backend (Keras 3 keeps the legacy ``K.round``, ``K.argmax``... there)."""
    try:
        return _resolve(roots[root], rest)
    except AttributeError:
        pass
    if root == "keras" and rest.startswith("backend."):
        try:
            return _resolve(roots[root]._tf_keras.keras, rest)
        except AttributeError:
            return None
    return None


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

    def resolve(root: str, rest: str) -> object | None:
        return _op_at(roots, root, rest)

    for path, _, op in returned_ops(returns, roots, skipped=GRADIENT_SKIPPED, resolve=resolve):
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
    (``predict``); the getters of a built Keras layer and model that give NumPy arrays
    (``get_weights``)."""
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
    found["layer"] = set()
    for keras_module in keras_modules:
        for name, method in public_names(keras_module.Model):
            doc = (inspect.getdoc(method) or "") if callable(method) else ""
            _, section, after = doc.partition("Returns:")
            if section and after.strip().lower().startswith("numpy array"):
                found["model"].add(name)
        # methods of a built layer and model that, called with no argument, give NumPy arrays
        dense = keras_module.layers.Dense(1)
        model = keras_module.Sequential([keras_module.Input((2,)), dense])
        for kind, instance in (("layer", dense), ("model", model)):
            for name in sorted(dir(instance)):
                if name.startswith("_") or not name.startswith(HOST_PROBED_PREFIXES):
                    continue
                try:
                    given = getattr(instance, name)()
                except Exception:
                    continue
                if _numpy_values(given, numpy):
                    found[kind].add(name)
    return {kind: sorted(names) for kind, names in found.items()}


def assigning_methods(tf: types.ModuleType, keras_modules: list[types.ModuleType]) -> dict:
    """Methods of a built Keras layer and model that copy values into its variables, with no
    gradient path from what they are given to what the layer computes next (kind -> names):
    each ``set_*`` method, called under a tape with the layer's weights scaled by a watched
    scalar, after which the layer's output has no gradient with respect to the scalar."""
    found: dict[str, set[str]] = {"layer": set(), "model": set()}
    scale = tf.constant(2.0)
    batch = tf.ones((2, 2))
    for keras_module in keras_modules:
        dense = keras_module.layers.Dense(1)
        model = keras_module.Sequential([keras_module.Input((2,)), dense])
        for kind, instance in (("layer", dense), ("model", model)):
            for name in sorted(dir(instance)):
                if name.startswith("_") or not name.startswith("set_"):
                    continue
                try:
                    with tf.GradientTape() as tape:
                        tape.watch(scale)
                        getattr(instance, name)([w * scale for w in instance.get_weights()])
                        output = tf.reduce_sum(instance(batch))
                except Exception:
                    continue
                if tape.gradient(output, scale) is None:
                    found[kind].add(name)
    found["variable"] = variable_assigning_methods(tf)
    return {kind: sorted(names) for kind, names in found.items()}


def variable_assigning_methods(tf: types.ModuleType) -> set[str]:
    """The public methods of ``tf.Variable`` that write what they are given into the variable
    (``assign``, ``scatter_nd_update``) with no gradient path from it: each called, on a
    variable of threes or on a slice of it, under a tape with a watched value of twos or of
    fives (whole, as sparse slices or at indices, whichever the method takes), after which the
    variable has changed and reading it gives no gradient with respect to the value. Deprecated
    methods are left out."""
    found = set()
    for name in sorted(dir(tf.Variable)):
        method = getattr(tf.Variable, name)
        if name.startswith("_") or not callable(method) or "(deprecated)" in (method.__doc__ or ""):
            continue  # `load`: TF1's, and a common method name of other objects
        for on_slice, fill in ((False, 2.0), (False, 5.0), (True, 2.0), (True, 5.0)):
            variable = tf.Variable(tf.fill([4], 3.0))
            value = tf.fill([2 if on_slice else 4], fill)
            for form in ("whole", "sparse", "indices"):
                try:
                    with tf.GradientTape() as tape:
                        tape.watch(value)
                        target = variable[1:3] if on_slice else variable
                        if form == "whole":
                            args = (value,)
                        elif form == "sparse":
                            args = (tf.IndexedSlices(value[:2], tf.constant([0, 1])),)
                        else:
                            args = (tf.constant([[0], [1]]), value[:2])
                        getattr(target, name)(*args)
                        read = tf.reduce_sum(variable * 1.0)
                except Exception:
                    continue
                if tape.gradient(read, value) is None and read.numpy() != 12.0:
                    found.add(name)
                break
    return found


# What the TensorArray probe passes each method of a two-element float32 array.
TENSOR_ARRAY_SAMPLES = {
    "write": (0, 1.0),
    "scatter": ([0, 1], [1.0, 2.0]),
    "unstack": ([1.0, 2.0],),
    "split": ([1.0, 2.0], [1, 1]),
}


def tensor_array_updates(tf: types.ModuleType) -> list[str]:
    """The ``tf.TensorArray`` methods (of those ``TENSOR_ARRAY_SAMPLES`` can call) that, traced,
    give a new TensorArray holding the values and leave the receiver without them: the result
    stacks to something other than zeros, the receiver (its unwritten elements zeros) does not."""
    found = []
    for name, args in TENSOR_ARRAY_SAMPLES.items():

        def probe(name=name, args=args):
            array = tf.TensorArray(tf.float32, size=2, element_shape=[])
            updated = getattr(array, name)(*args)
            if not isinstance(updated, tf.TensorArray):
                return tf.constant(False)
            return tf.logical_and(
                tf.reduce_any(updated.stack() != 0.0), tf.reduce_all(array.stack() == 0.0)
            )

        try:
            if bool(tf.function(probe)()):
                found.append(name)
        except Exception:
            continue
    return sorted(found)


# Keras layer and model methods the host-method probe calls with no argument (getters only: the
# others train, save or print).
HOST_PROBED_PREFIXES = ("get_",)


def _numpy_values(value: object, numpy: types.ModuleType) -> bool:
    """A NumPy array, or a non-empty list of them."""
    if isinstance(value, numpy.ndarray):
        return True
    return (
        isinstance(value, list) and bool(value) and all(isinstance(v, numpy.ndarray) for v in value)
    )


# --- Keras layers' weights -------------------------------------------------------------------------
# How each layer class is built by the probe: constructor arguments (none, a size, a size and a
# kernel size, an input and an output size), then a call on a float batch of rank 2 to 5.
LAYER_ARGUMENTS = ((), (4,), (4, 3), (6, 4))
LAYER_INPUT_SHAPES = ((2, 6), (2, 5, 6), (2, 5, 5, 6), (2, 4, 4, 4, 6))


def built_layers(
    classes: dict[str, str], roots: dict[str, types.ModuleType], tf: types.ModuleType
) -> dict[str, tuple[type, object, tuple, object]]:
    """Each Keras layer class a sample builds, built once for the probes that read built layers:
    path -> (the class, the instance, its constructor arguments, the batch it built on). Each
    class is built by calling an instance on a sample batch (the first constructor arguments
    and batch rank that work); a class no sample builds is left out (not known)."""
    found = {}
    batches = [tf.ones(shape) for shape in LAYER_INPUT_SHAPES]
    for path, kind in sorted(classes.items()):
        root, _, rest = path.partition(".")
        if kind != "layer" or root not in roots or ".layers." not in f".{rest}":
            continue
        try:
            cls = _resolve(roots[root], rest)
        except AttributeError:
            continue
        built = _built_layer(cls, batches, roots)
        if built is not None:
            found[path] = (cls, *built)
    return found


def layer_weights(
    built: dict[str, tuple[type, object, tuple, object]],
) -> dict[str, dict[str, bool]]:
    """Which weights each built Keras layer class makes: path -> {"trainable": it has
    trainable weights, "non_trainable": it has non-trainable ones (``BatchNormalization``'s
    moving mean and variance)}."""
    return {
        path: {
            "trainable": bool(layer.trainable_weights),
            "non_trainable": bool(layer.non_trainable_weights),
        }
        for path, (_, layer, _, _) in built.items()
    }


def input_cutting_layers(
    built: dict[str, tuple[type, object, tuple, object]], tf: types.ModuleType
) -> list[str]:
    """The Keras layer classes no gradient passes through to their inputs: the built layer,
    called again on its float batch under a ``GradientTape`` watching the batch, gives float
    or integer tensors whose gradient with respect to the batch is None (``Embedding`` casts
    its inputs to integer ids and looks them up: a saliency taken with respect to the ids is
    None)."""
    found = []
    for path, (_, layer, _, batch) in sorted(built.items()):
        try:
            with tf.GradientTape() as tape:
                tape.watch(batch)
                outputs = [t for t in tf.nest.flatten(layer(batch)) if isinstance(t, tf.Tensor)]
                if not outputs:
                    continue
                total = tf.add_n([tf.reduce_sum(tf.cast(t, tf.float32)) for t in outputs])
            if tape.gradient(total, batch) is None:
                found.append(path)
        except Exception:
            continue
    return found


# The namespaces of Keras helpers for host data, and the names of a first parameter that takes
# an array (not a path, a model or a file): only these are called by the probe.
HOST_HELPER_NAMESPACES = (
    "utils",
    "preprocessing",
    "preprocessing.sequence",
    "preprocessing.image",
    "backend",
)
# what a required option after the array is given, tried in turn (`random_rotation(x, rg)`:
# degrees; `random_zoom(x, zoom_range)`: a pair)
OPTION_SAMPLES: tuple[object, ...] = (0.1, (0.9, 1.1))
ARRAY_PARAMETERS = frozenset({"sequences", "x", "y", "arr", "array", "data"})


def numpy_only_functions(roots: dict[str, types.ModuleType], tf: types.ModuleType) -> list[str]:
    """The Keras helpers (``keras.utils.pad_sequences``...) that work on a NumPy array but fail
    on a graph tensor: called on ``[[1, 2, 3], [4, 5, 6]]`` eagerly they give a value, called
    on the same values as a tensor inside a ``tf.function`` they raise (they convert their
    input with NumPy)."""
    import numpy as np

    found = set()
    sample = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int32)
    # the image helpers (`random_rotation`) take one [rows, cols, channels] image
    image = np.linspace(0.0, 1.0, 8 * 8 * 3, dtype=np.float32).reshape(8, 8, 3)
    for root_name, namespace, module in _host_helper_modules(roots):
        for name, function in _public_functions(module):
            try:
                parameters = list(inspect.signature(function).parameters)
            except (TypeError, ValueError):
                continue
            if not parameters or parameters[0] not in ARRAY_PARAMETERS:
                continue
            value = image if namespace == "preprocessing.image" else sample
            options = _required_options(function)
            # works on an eager value: the array, or (the backend's `eval`) an eager tensor,
            # with its required options each given one sample value
            works = [
                given
                for given in ([o] * options for o in OPTION_SAMPLES[: 1 + bool(options)])
                if any(_returns(function, v, given) for v in (value, tf.constant(value)))
            ]
            if not works:
                continue
            try:
                tf.function(lambda t, f=function, a=works[0]: f(t, *a))(tf.constant(value))
            except Exception:
                found.add(f"{root_name}.{namespace}.{name}")
    return sorted(found)


def _host_helper_modules(
    roots: dict[str, types.ModuleType],
) -> Iterator[tuple[str, str, types.ModuleType]]:
    """(root name, namespace, module) of each of Keras's host-data namespaces
    (``HOST_HELPER_NAMESPACES``) in Keras 3, tf_keras, and the `tf.keras` of TF 2.16+: Keras 3
    with Keras 2's backend helpers (`tf.keras.backend.eval`) added, whose names are recorded as
    the `keras.` ones they are spelled as (see canonical)."""
    tf_keras_of_tf = getattr(getattr(roots["keras"], "_tf_keras", None), "keras", None)
    sources = [("keras", roots["keras"]), ("tf_keras", roots["tf_keras"])]
    if tf_keras_of_tf is not None:
        sources.append(("keras", tf_keras_of_tf))
    for root_name, root in sources:
        for namespace in HOST_HELPER_NAMESPACES:
            try:
                yield root_name, namespace, _resolve(root, namespace)
            except AttributeError:
                continue


def _required_options(function: Callable) -> int:
    """How many positional parameters without a default follow the first."""
    parameters = list(inspect.signature(function).parameters.values())[1:]
    return sum(
        p.default is inspect.Parameter.empty
        and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        for p in parameters
    )


def _returns(function: object, value: object, options: list | tuple = ()) -> bool:
    """Whether ``function(value, *options)`` returns rather than raises (a copy of an array
    is passed)."""
    try:
        function(value.copy() if hasattr(value, "copy") else value, *options)  # type: ignore[operator]
    except Exception:
        return False
    return True


def probe_static_count_ops(
    returns: dict[str, str], tf: types.ModuleType, keras_module: types.ModuleType
) -> dict[str, dict[str, int]]:
    """The ops that give a Python list of tensors, one per index along an axis, and so need
    that axis's static size (``tf.unstack``): op -> the positions of its ``num`` and ``axis``
    parameters. Each op with both is traced on a ``[None, 2]`` tensor: it fails along axis 0
    with ``num`` left out, and works with ``num=2`` or along axis 1 (known)."""
    roots = {"tensorflow": tf, "keras": keras_module}
    found = {}
    for path, _, op in returned_ops(returns, roots, kind="list[tensor]"):
        try:
            params = list(inspect.signature(op).parameters)
        except (AttributeError, TypeError, ValueError):
            continue
        if "num" not in params or "axis" not in params:
            continue

        def traces(op=op, **options: object) -> bool:
            spec = tf.TensorSpec([None, 2], tf.float32)
            try:
                tf.function(
                    lambda x: op(x, **options), input_signature=[spec]
                ).get_concrete_function()
            except Exception:
                return False
            return True

        if not traces(axis=0) and traces(axis=0, num=2) and traces(axis=1):
            found[path] = {"num": params.index("num"), "axis": params.index("axis")}
    return found


def variable_only_members(tf: types.ModuleType) -> list[str]:
    """The public members a ``tf.Variable`` has and a tensor lacks (``assign``, ``assign_add``,
    ``scatter_update``...): what a tensor holding a copy of a variable's value cannot do. A
    ``tf.function`` returning a variable gives such a tensor."""
    variable = tf.Variable(1.0)
    copy = tf.function(lambda: variable)()
    return sorted(
        name for name in dir(variable) if not name.startswith("_") and not hasattr(copy, name)
    )


# The image ops probed for parameters that need Python values: the namespaces, and the names a
# first parameter taking the image has there.
IMAGE_OP_NAMESPACES = ("nn", "image")
IMAGE_PARAMETERS = ("input", "value", "images", "image")
FORMAT_PARAMETERS = {"padding": "SAME"}  # required options that are strings, not sizes


def python_value_parameters(tf: types.ModuleType) -> dict[str, dict[str, int]]:
    """The required parameters of TF image ops that take a Python number but not a tensor while
    traced (``tf.nn.max_pool2d``'s ``ksize`` and ``strides``: attributes of the graph op, fixed
    when it is built): each op is traced on a ``[1, 8, 8, 1]`` image with 2 for every required
    size parameter, then with a tensor computed from the input (int32, then float32) in one of
    them; a parameter is kept (with its position) when every such tensor fails and the Python
    2 works."""
    found: dict[str, list[str]] = {}
    image = tf.ones([1, 8, 8, 1])
    for namespace in IMAGE_OP_NAMESPACES:
        module = _resolve(tf, namespace)
        for name, op in _public_functions(module):
            try:
                parameters = inspect.signature(op).parameters
            except (TypeError, ValueError):
                continue
            names = list(parameters)
            if not names or names[0] not in IMAGE_PARAMETERS:
                continue
            required = [
                n
                for n in names[1:]
                if parameters[n].default is inspect.Parameter.empty
                and parameters[n].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
            ]
            sizes = [n for n in required if n not in FORMAT_PARAMETERS]
            if not sizes or "dtype" in required:
                continue
            given = {n: FORMAT_PARAMETERS.get(n, 2) for n in required}

            def traced(x, op=op, given=given):
                return op(x, **given)

            try:
                tf.function(traced, autograph=False)(image)
            except Exception:
                continue
            needs: list[str] = []
            for size in sizes:
                refused = True
                for dtype in (tf.int32, tf.float32):

                    def with_tensor(x, op=op, given=given, size=size, dtype=dtype):
                        computed = tf.cast(tf.reduce_sum(x) * 0, dtype) + 2
                        return op(x, **{**given, size: computed})

                    try:
                        tf.function(with_tensor, autograph=False)(image)
                        refused = False
                        break
                    except Exception:
                        continue
                if refused:
                    needs.append(size)
            if needs:  # parameter -> its position
                found[f"tensorflow.{namespace}.{name}"] = {n: names.index(n) for n in needs}
    return found


CONCRETE_VALUE_NAMESPACES = ("", "math", "strings")


def concrete_value_parameters(tf: types.ModuleType) -> dict[str, dict[str, int]]:
    """The public TF functions whose first parameter needs a concrete value while traced
    (``tf.constant``: ``TypeError: Expected any non-tensor type``): traced on a ``[2, 2]``
    input, each works given a nested list of Python numbers and fails given a tensor computed
    from the input, alone and as the element of a list (an op taking a list of tensors, such
    as ``tf.add_n``, takes the list), while eagerly it takes the same tensor. Only functions
    whose other parameters all have defaults are probed (parameter -> its position)."""
    found: dict[str, dict[str, int]] = {}
    numbers = [[2.0, 2.0], [2.0, 2.0]]
    start = tf.ones([2, 2])
    for namespace in CONCRETE_VALUE_NAMESPACES:
        module = _resolve(tf, namespace) if namespace else tf
        for name, op in _public_functions(module):
            try:
                parameters = list(inspect.signature(op).parameters.values())
            except (TypeError, ValueError):
                continue
            if not parameters or parameters[0].kind is not inspect.Parameter.POSITIONAL_OR_KEYWORD:
                continue
            if any(
                p.default is inspect.Parameter.empty
                and p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
                for p in parameters[1:]
            ):
                continue

            def given_numbers(x, op=op):
                return op(numbers)

            def given_tensor(x, op=op):
                return op(x * 2.0)

            def given_list(x, op=op):
                return op([x * 2.0])

            try:
                tf.function(given_numbers, autograph=False)(start)
                given_tensor(start)
            except Exception:
                continue
            refused = 0
            for probe in (given_tensor, given_list):
                try:
                    tf.function(probe, autograph=False)(start)
                except Exception:
                    refused += 1
            if refused == 2:
                path = f"tensorflow.{namespace}.{name}" if namespace else f"tensorflow.{name}"
                found[path] = {parameters[0].name: 0}
    return found


STRATEGY_NAMESPACES = ("distribute", "distribute.experimental")


def merge_call_strategies() -> list[str]:
    """The strategy classes whose replica context cannot apply gradients inside graph control
    flow, probed in a fresh process (building a strategy sets up devices and collectives that
    the other probes must not see): see ``_probe_merge_call_strategies``."""
    import subprocess

    probe = (
        f"import json, sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
        "from generate_tf_knowledge import _probe_merge_call_strategies as probe; "
        "print(json.dumps(probe()))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=600, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def _probe_merge_call_strategies() -> list[str]:
    """Each built strategy runs, in a ``tf.function``, a replica function whose ``tf.cond``
    branch calls a Keras optimizer's ``apply_gradients``; a ``RuntimeError`` (the optimizer's
    cross-replica ``merge_call`` inside the branch's graph) keeps the class. A class that does
    not build here (``TPUStrategy``, ``ParameterServerStrategy``) is left out."""
    import keras
    import tensorflow as tf

    found = []
    for namespace in STRATEGY_NAMESPACES:
        for name, cls in public_names(_resolve(tf, namespace)):
            if not (isinstance(cls, type) and name.endswith("Strategy")):
                continue
            strategy = None
            for args in ((), ("/cpu:0",), (["/cpu:0"],)):
                try:
                    strategy = cls(*args)
                    break
                except Exception:
                    continue
            if strategy is None:
                continue
            with strategy.scope():
                weight = tf.Variable([1.0])
                optimizer = keras.optimizers.SGD(0.1)
                optimizer.build([weight])

            def replica(weight=weight, optimizer=optimizer):
                def apply():
                    optimizer.apply_gradients([(tf.ones([1]), weight)])
                    return tf.constant(0)

                return tf.cond(tf.reduce_sum(weight) > 0, apply, lambda: tf.constant(0))

            try:
                tf.function(lambda strategy=strategy, replica=replica: strategy.run(replica))()
            except RuntimeError:
                found.append(f"tensorflow.{namespace}.{name}")
            except Exception:
                continue
    return found


# --- api38's op attributes: parameters a public function hands to its op as an attribute ----
# The namespaces read, and the attribute types that hold Python values (a `type` attribute is
# a dtype; `func` a function).
OP_ATTRIBUTE_NAMESPACES = ("", "math", "linalg", "nn", "image", "signal", "strings")
PYTHON_ATTRIBUTE_TYPES = frozenset(
    {"int", "float", "bool", "string", "shape", "list(int)", "list(float)", "list(bool)"}
)
OP_ATTRIBUTE_DEPTH = 3  # how many TF functions deep a parameter is followed to its op


def _op_type_of(wrapper: object) -> str | None:
    """The op a generated wrapper (``gen_nn_ops.conv2d``) builds: the name its source gives
    ``_apply_op_helper``."""
    try:
        source = inspect.getsource(wrapper)
    except (OSError, TypeError):
        return None
    found = re.search(r'_apply_op_helper\(\s*"(\w+)"', source)
    return found.group(1) if found else None


def _python_attributes(op_type: str) -> set[str]:
    """The attributes of ``op_type`` (op_def registry) a caller gives as Python values: not a
    dtype, function or tensor, and not inferred from an input (``N``, ``T``)."""
    from tensorflow.python.framework import op_def_registry

    op_def = op_def_registry.get(op_type)
    if op_def is None:
        return set()
    inferred = {
        name
        for arg in op_def.input_arg
        for name in (arg.type_attr, arg.number_attr, arg.type_list_attr)
        if name
    }
    return {
        a.name for a in op_def.attr if a.type in PYTHON_ATTRIBUTE_TYPES and a.name not in inferred
    }


def _parameters_to_attributes(
    function: object, held: dict[str, str], depth: int = 0, seen: frozenset = frozenset()
) -> dict[str, str]:
    """Which parameters of a public function reach an op attribute unconditionally: ``held``
    maps a local of ``function`` to the public parameter it holds. Read from the source: a
    call of a generated wrapper that gives a held local (or one rebound from itself,
    ``strides = _get_sequence(strides, ...)``) as an attribute, or a call of another TF
    function that gives it a held local (followed). A call under an ``if`` that tests a held
    local is left out for that local (``tf.split`` takes a tensor of sizes another way)."""
    function = inspect.unwrap(function)
    if depth > OP_ATTRIBUTE_DEPTH or id(function) in seen:
        return {}
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return {}
    definition = tree.body[0] if tree.body else None
    if not isinstance(definition, ast.FunctionDef):
        return {}
    namespace = getattr(function, "__globals__", {})
    found: dict[str, str] = {}

    def held_by(expr: ast.expr) -> str | None:
        return held.get(expr.id) if isinstance(expr, ast.Name) else None

    def callee_of(call: ast.Call) -> object | None:
        func = call.func
        if isinstance(func, ast.Name):
            return namespace.get(func.id)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            module = namespace.get(func.value.id)
            if isinstance(module, types.ModuleType):
                return getattr(module, func.attr, None)
        return None

    def visit(node: ast.AST, guarded: frozenset) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            return  # a nested function runs later, if at all
        if isinstance(node, ast.If):
            tested = {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)}
            for child in [*node.body, *node.orelse]:
                visit(child, guarded | tested)
            return
        if isinstance(node, ast.Call):
            call(node, guarded)
        for child in ast.iter_child_nodes(node):
            visit(child, guarded)

    def call(node: ast.Call, guarded: frozenset) -> None:
        callee = callee_of(node)
        module = getattr(callee, "__module__", "") or ""
        if callee is None or not module.startswith("tensorflow."):
            return
        try:
            names = list(inspect.signature(callee).parameters)
        except (TypeError, ValueError):
            return
        given = {names[i]: a for i, a in enumerate(node.args) if i < len(names)}
        given.update({k.arg: k.value for k in node.keywords if k.arg})
        given = {
            name: held_by(value)
            for name, value in given.items()
            if held_by(value) and value.id not in guarded  # type: ignore[attr-defined]
        }
        if not given:
            return
        if module.rpartition(".")[2].startswith("gen_"):
            op_type = _op_type_of(callee)
            attributes = _python_attributes(op_type) if op_type else set()
            for name, parameter in given.items():
                if name in attributes:
                    found.setdefault(parameter, f"{op_type}.{name}")
            return
        for parameter, attribute in _parameters_to_attributes(
            callee, given, depth + 1, seen | {id(function)}
        ).items():
            found.setdefault(parameter, attribute)

    straight = list(definition.body)  # the statements run in order: `with` bodies too
    for node in list(straight):
        if isinstance(node, (ast.With, ast.Try)):
            straight.extend(node.body)
    for node in straight:  # rebound outright: no longer the parameter (but
        # `strides = _get_sequence(strides, ...)` still holds it)
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id in held
        ):
            target = node.targets[0].id
            if target not in {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}:
                held = {k: v for k, v in held.items() if k != target}
        elif (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
        ):  # `strides = [1] + _get_sequence(stride, ...)`: a private helper's normal form
            for inner in ast.walk(node.value):
                if not isinstance(inner, ast.Call):
                    continue
                func = inner.func
                helper = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                given = [held_by(a) for a in inner.args[:1]]
                if helper.startswith("_") and given and given[0]:
                    held = {**held, node.targets[0].id: given[0]}
                    break
    for statement in definition.body:
        visit(statement, frozenset())
    return found


def op_attribute_parameters(tf: types.ModuleType) -> dict[str, dict[str, int]]:
    """The parameters of public TF functions that become attributes of the op they build
    (``tf.nn.conv2d``'s ``strides``, ``padding``, ``dilations``, ``data_format``: attributes of
    ``Conv2D``): fixed in the graph when the op is built, so they take Python values, and a
    graph tensor there fails while tracing. Read from TF's own sources and op registry
    (``_parameters_to_attributes``): path -> parameter -> its position."""
    found: dict[str, dict[str, int]] = {}
    for namespace in OP_ATTRIBUTE_NAMESPACES:
        module = _resolve(tf, namespace) if namespace else tf
        prefix = f"tensorflow.{namespace}." if namespace else "tensorflow."
        for name, function in _public_functions(module):
            try:
                parameters = list(inspect.signature(function).parameters)
            except (TypeError, ValueError):
                continue
            held = {p: p for p in parameters if p != "name"}
            reached = _parameters_to_attributes(function, held)
            if reached:
                found[prefix + name] = {p: parameters.index(p) for p in sorted(reached)}
    return found


def _flag_parameters(function: object) -> list[str]:
    """The keyword parameters of ``function`` whose default is ``False`` (options a call turns
    on: ``return_state``, ``return_sequences``)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return []
    return [p.name for p in parameters if p.default is False]


def _one_tensor(value: object, tf: types.ModuleType) -> bool:
    return isinstance(value, tf.Tensor) or type(value).__name__ == "KerasTensor"


def single_output_layers(
    built: dict[str, tuple[type, object, tuple, object]],
    roots: dict[str, types.ModuleType],
    tf: types.ModuleType,
) -> dict[str, dict[str, list[str]]]:
    """The built Keras layer classes whose call gives one tensor, with the options that make
    it give several instead: path -> {"init": constructor flags, "call": call flags}, each a
    ``False``-default parameter that, set to ``True``, gives a list or tuple
    (``LSTM(return_state=True)``). Classes that give several tensors by default are left
    out."""
    found: dict[str, dict[str, list[str]]] = {}
    for path, (cls, layer, arguments, batch) in built.items():
        try:
            if not _one_tensor(layer(batch), tf):
                continue
        except Exception:
            continue
        several: dict[str, list[str]] = {"init": [], "call": []}
        for flag in _flag_parameters(cls.__init__):
            try:
                _seed(roots)
                flagged = cls(*arguments, **{flag: True})
                if not _one_tensor(flagged(batch), tf):
                    several["init"].append(flag)
            except Exception:
                continue
        for flag in _flag_parameters(layer.call):
            try:
                if not _one_tensor(layer(batch, **{flag: True}), tf):
                    several["call"].append(flag)
            except Exception:
                continue
        found[path] = several
    return found


# Constructor arguments tried for the layer classes the shared sample batches did not build
# (``Activation("relu")``, ``Dropout(0.5)``), in order.
UNKNOWN_SIZE_ARGUMENTS = ((), ("relu",), (0.5,))


def linear_output_layers(classes: dict[str, str], roots: dict[str, types.ModuleType]) -> dict:
    """The layer classes whose constructor takes an ``activation`` defaulting to None or
    ``"linear"``, each with that parameter's position after ``self``."""
    found = {}
    for path, kind in sorted(classes.items()):
        root, _, rest = path.partition(".")
        if kind != "layer" or root not in roots:
            continue
        try:
            cls = _resolve(roots[root], rest)
            parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]
        except (AttributeError, TypeError, ValueError):
            continue
        for position, parameter in enumerate(parameters):
            if parameter.name == "activation" and parameter.default in (None, "linear"):
                found[path] = position
    return found


def from_logits_losses(
    classes: dict[str, str], roots: dict[str, types.ModuleType]
) -> dict[str, dict]:
    """The losses with a ``from_logits`` parameter defaulting to False: ``classes`` (loss class
    path -> the parameter's position in the constructor, after ``self``), ``functions``
    (function path in ``losses`` -> its position), ``names`` (the strings ``losses.get``
    resolves to such a function, as ``compile(loss=...)`` does)."""
    found: dict[str, dict] = {"classes": {}, "functions": {}, "names": []}

    def position(function: object, skip: int) -> int | None:
        try:
            parameters = list(inspect.signature(function).parameters.values())[skip:]
        except (TypeError, ValueError):
            return None
        for index, parameter in enumerate(parameters):
            if parameter.name == "from_logits" and parameter.default is False:
                return index
        return None

    names = set()
    for root in ("keras", "tf_keras"):
        if root not in roots:
            continue
        losses = roots[root].losses
        for name, obj in public_names(losses):
            path = f"{root}.losses.{name}"
            if isinstance(obj, type):
                at = position(obj.__init__, 1)
                if at is not None and classes.get(path) == "loss":
                    found["classes"][path] = at
            elif callable(obj):
                at = position(obj, 0)
                if at is not None:
                    found["functions"][path] = at
                    try:
                        if losses.get(name) is obj:
                            names.add(name)
                    except Exception:
                        pass
    found["classes"] = dict(sorted(found["classes"].items()))
    found["functions"] = dict(sorted(found["functions"].items()))
    found["names"] = sorted(names)
    return found


def probability_ops(roots: dict[str, types.ModuleType]) -> dict[str, dict]:
    """The public functions of ``tf.nn``, ``tf.math`` (and their ``tf`` aliases) and the Keras
    ``activations`` and ``ops`` modules that, called on one row of logits, give its softmax or
    its sigmoid (``ops``: path -> {"kind": "softmax" | "sigmoid", "keras_undoes": whether that
    Keras's crossentropy with ``from_logits=True`` given the result recovers the logits, as
    Keras's own activations let it}), and the names Keras's ``activations.get`` resolves to one
    of them (``names``)."""
    tf = roots["tensorflow"]
    sample = tf.constant([[-2.0, 0.5, 3.0, -0.7]])
    expected = {"softmax": tf.nn.softmax(sample).numpy(), "sigmoid": tf.sigmoid(sample).numpy()}
    modules = {
        "tensorflow.nn": tf.nn,
        "tensorflow.math": tf.math,
        "keras.activations": roots["keras"].activations,
        "keras.ops": roots["keras"].ops,
        "tf_keras.activations": roots["tf_keras"].activations,
    }

    def undoes(root: str, kind: str, probabilities: object) -> bool:
        losses = roots["tf_keras" if root == "tf_keras" else "keras"].losses
        if kind == "softmax":
            loss = losses.CategoricalCrossentropy(from_logits=True)
            target = tf.constant([[0.0, 0.0, 1.0, 0.0]])
        else:
            loss = losses.BinaryCrossentropy(from_logits=True)
            target = tf.constant([[0.0, 1.0, 1.0, 0.0]])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return abs(float(loss(target, probabilities)) - float(loss(target, sample))) < 1e-5

    found: dict[str, dict] = {}
    by_object: dict[int, dict] = {}
    for prefix, module in modules.items():
        for name, obj in public_names(module):
            if not callable(obj) or isinstance(obj, type):
                continue
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    result = obj(sample)
                value = result.numpy()
            except Exception:
                continue
            for kind, want in expected.items():
                if value.shape == want.shape and float(abs(value - want).max()) < 1e-5:
                    entry = {"kind": kind, "keras_undoes": undoes(prefix, kind, result)}
                    found[f"{prefix}.{name}"] = by_object[id(obj)] = entry
    for name, obj in public_names(tf):
        if id(obj) in by_object:
            found[f"tensorflow.{name}"] = by_object[id(obj)]
    names = set()
    for root in ("keras", "tf_keras"):
        activations = roots[root].activations
        for name, _ in public_names(activations):
            try:
                if id(activations.get(name)) in by_object:
                    names.add(name)
            except Exception:
                continue
    return {"ops": dict(sorted(found.items())), "names": sorted(names)}


def logits_losses(tf: types.ModuleType) -> dict[str, int]:
    """The ``tf.nn``, ``tf.compat.v1.nn`` and ``tf.compat.v1.losses`` functions taking
    ``logits`` and labels (a parameter named ``labels`` or ``*_labels``), each with the position
    of ``logits`` among its parameters."""
    found = {}
    modules = {
        "tensorflow.nn": tf.nn,
        "tensorflow.compat.v1.nn": tf.compat.v1.nn,
        "tensorflow.compat.v1.losses": tf.compat.v1.losses,
    }
    for prefix, module in modules.items():
        for name, obj in public_names(module):
            try:
                parameters = list(inspect.signature(obj).parameters)
            except (TypeError, ValueError):
                continue
            if "logits" in parameters and any(p.endswith("labels") for p in parameters):
                found[f"{prefix}.{name}"] = parameters.index("logits")
    return dict(sorted(found.items()))


def unknown_size_layers(
    classes: dict[str, str],
    built: dict[str, tuple[type, object, tuple, object]],
    roots: dict[str, types.ModuleType],
) -> list[str]:
    """The Keras layer classes that keep unknown sizes: an instance called on a symbolic input
    (``Input``) whose dimensions between the batch and the last are None (an image batch of
    any size, or the built sample's rank when that is higher), or on a list of two such
    inputs (a merge layer: ``Add``, ``Concatenate``), gives an output of that rank with those
    dimensions None too (``Conv2D``, ``BatchNormalization``, ``Activation``; not ``Resizing``
    or ``Flatten``). Built with the constructor arguments the shared sample used, else the
    first of ``UNKNOWN_SIZE_ARGUMENTS`` that works."""
    found = []
    for path, kind in sorted(classes.items()):
        root, _, rest = path.partition(".")
        if kind != "layer" or root not in roots or ".layers." not in f".{rest}":
            continue
        try:
            cls = _resolve(roots[root], rest)
        except AttributeError:
            continue
        sample = built.get(path)
        rank = 4 if sample is None or len(sample[3].shape) < 3 else len(sample[3].shape)
        last = 6 if sample is None else int(sample[3].shape[-1])
        tries = [sample[2]] if sample is not None else list(UNKNOWN_SIZE_ARGUMENTS)
        for arguments in tries:
            shape = None
            for merged in (False, True):
                try:
                    _seed(roots)
                    symbolic = roots[root].Input(shape=(None,) * (rank - 2) + (last,))
                    shape = tuple(
                        cls(*arguments)([symbolic, symbolic] if merged else symbolic).shape
                    )
                    break
                except Exception:
                    continue
            if shape is not None:
                if len(shape) == rank and all(d is None for d in shape[1:-1]):
                    found.append(path)
                break
    return found


def _built_layer(
    cls: type, batches: list, roots: dict[str, types.ModuleType]
) -> tuple[object, tuple, object] | None:
    """(the first instance that builds, its constructor arguments, the batch it built on).
    Each try starts from the same seeds, since layers that draw (``AugMix`` picks its
    augmentations at random) may build on one draw and fail on another: the answer must not
    depend on the draws the classes before it made."""
    for arguments in LAYER_ARGUMENTS:
        for batch in batches:
            try:
                _seed(roots)
                layer = cls(*arguments)
                layer(batch)
            except Exception:
                continue
            return layer, arguments, batch
    return None


def _seed(roots: dict[str, types.ModuleType]) -> None:
    for module in roots.values():  # each Keras seeds Python, NumPy and TensorFlow
        getattr(module, "keras", module).utils.set_random_seed(0)


def fresh_model_functions(returns: dict[str, str], roots: dict[str, types.ModuleType]) -> list[str]:
    """Keras functions that, given a model, return a model sharing none of its variables
    (``clone_model``): called on a small built model, what they give holds none of its
    weights. A model they give holds no path back to the one they were given."""
    found = []
    kerases = {name: roots[name] for name in ("keras", "tf_keras") if name in roots}
    for path, root, function in returned_ops(returns, kerases, "model", ("applications",)):
        try:
            keras_module = roots[root]
            model = keras_module.Sequential(
                [keras_module.Input((2,)), keras_module.layers.Dense(1)]
            )
            given = function(model)
        except Exception:
            continue
        weights = getattr(given, "weights", None)
        if weights and not {id(w) for w in weights} & {id(w) for w in model.weights}:
            found.append(path)
    return found


def probe_step_methods(keras_modules: list[types.ModuleType]) -> dict[str, list[str]]:
    """Per step (``train``, ``test``, ``predict``), the public ``Model`` methods that run its
    ``<step>_step``: each is called, on a fresh compiled model whose steps record that they ran,
    with ``(x, y)`` and else ``(x,)`` (in a temporary folder, its output discarded). The step
    methods themselves are left out."""
    import contextlib
    import io
    import tempfile

    import numpy as np

    x, y = np.zeros((4, 3), "float32"), np.zeros((4, 1), "float32")
    found: dict[str, set[str]] = {"train": set(), "test": set(), "predict": set()}
    for keras_module in keras_modules:
        ran: list[str] = []
        recording = _recording_model(keras_module, ran)
        base = keras_module.Model
        for name in sorted(dir(base)):
            static = inspect.getattr_static(base, name, None)
            if (
                name.startswith("_")
                or isinstance(static, property | type)
                or not callable(getattr(base, name, None))
            ):
                continue
            model = recording()
            model.compile(optimizer="sgd", loss="mse")
            model(x)
            ran.clear()
            with (
                tempfile.TemporaryDirectory() as folder,
                contextlib.chdir(folder),
                contextlib.redirect_stdout(io.StringIO()),
            ):
                for arguments in ((x, y), (x,)):
                    try:
                        getattr(model, name)(*arguments)
                        break
                    except Exception:
                        continue
            for step in set(ran):
                if name != f"{step}_step":
                    found[step].add(name)
    return {step: sorted(names) for step, names in found.items()}


def _recording_model(keras_module: types.ModuleType, ran: list[str]) -> type:
    """A one-``Dense`` model class of ``keras_module`` whose steps append their name to ``ran``."""

    class Recording(keras_module.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras_module.layers.Dense(1)

        def call(self, inputs):
            return self.dense(inputs)

        def train_step(self, data):
            ran.append("train")
            return super().train_step(data)

        def test_step(self, data):
            ran.append("test")
            return super().test_step(data)

        def predict_step(self, data):
            ran.append("predict")
            return super().predict_step(data)

    return Recording


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


# Public namespaces whose modules other tables cover: Keras's (tf.keras), tf_upgrade_v2's
# (tf.compat.v1).
_OTHER_MODULE_TABLES = ("keras", "compat")


def tensorflow_modules(tf: types.ModuleType) -> dict[str, list[str]]:
    """The ``tensorflow.*`` modules an import statement can name: the public API's modules
    (walked by attribute, each proven by ``importlib.import_module``), the real subpackages
    of the installed package, and the public names of ``tensorflow``."""
    folder = Path(tf.__file__).parent
    packages = sorted(
        p.name for p in folder.iterdir() if (p / "__init__.py").is_file() or p.suffix == ".py"
    )
    packages = [p.removesuffix(".py") for p in packages if p != "__init__.py"]
    public: set[str] = set()

    def walk(module: types.ModuleType, path: str) -> None:
        for name in sorted(dir(module)):
            if name.startswith("_"):
                continue
            obj = getattr(module, name, None)
            full = f"{path}.{name}"
            if not isinstance(obj, types.ModuleType) or full in public:
                continue
            if path == "tensorflow" and (name in _OTHER_MODULE_TABLES or name in packages):
                continue
            try:
                importlib.import_module(full)
            except ImportError:
                continue  # an attribute only: `import tensorflow.<it>` fails
            public.add(full)
            walk(obj, full)

    walk(tf, "tensorflow")
    return {
        "public": sorted(public),
        "packages": packages,
        "attributes": sorted(n for n in dir(tf) if not n.startswith("_")),
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
        for namespace in ("", "data", "random", "dtypes", "lookup", "lookup.experimental"):
            module = _resolve(tf, namespace) if namespace else tf
            prefix = "tensorflow." + (namespace + "." if namespace else "")
            for name in dir(module):
                if not name.startswith("_"):
                    tf_api[prefix + name] = getattr(module, name)
        tf_bases = [(k, p) for k, p in TF_BASES]
        for path, kind in class_kinds(tf_api, tf, tf_bases).items():
            classes[path] = kind
        classes.update(initialized_tables(tf_api, tf))
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
        for path, kind in legacy_backend_returns(keras, tf).items():
            returns.setdefault(path, kind)
        # the ops whose gradients are probed (raw_ops and compat.v1 take their public ops' answer)
        probed = {"tensorflow": tf, "keras": keras, "tf_keras": tf_keras}
        cuts = {}
        for name, why in gradient_cuts(returns, probed, tf).items():
            for path in aliases.get(name, [name]):  # tf.argmax is tf.compat.v1.argmax
                cuts[path] = why
        shapes = probe_shape_parameters(returns, tf, keras)
        import numpy as np

        shapes.update(probe_numpy_shape_parameters(np))
        single = probe_single_tensors(returns, tf, keras)
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
            if kind == "optimizer":
                members[kind].update(probe_optimizer_members([keras, tf_keras]))
            members[kind] = dict(sorted(members[kind].items()))
        built = built_layers(classes, probed, tf)  # read by two probes: built once
        effects = side_effects(tf)
        dataset_arguments = dataset_function_arguments(tf)
        return {
            "tensorflow_version": tf.__version__,
            "keras_version": keras.__version__,
            "tf_keras_version": tf_keras.__version__,
            "numpy_version": np.__version__,
            "types_tensorflow_version": stubs_version,
            "classes": dict(sorted(classes.items())),
            "traced_methods": traced,
            "hook_arguments": hook_arguments([keras, tf_keras]),
            "returns": dict(sorted(returns.items())),
            "members": members,
            "side_effects": effects,
            "seeded_random_ops": seeded_random_ops(tf),
            "dataset_function_arguments": dataset_arguments,
            "dataset_functions_returning_datasets": dataset_functions_returning_datasets(
                tf, dataset_arguments
            ),
            "dataset_structure_keeping_methods": dataset_structure_keeping_methods(tf),
            "shuffling_loaders": shuffling_loaders([keras, tf_keras]),
            "integer_only_parameters": integer_only_parameters(tf, keras),
            "global_seed_functions": global_seed_functions(tf, effects),
            "gradient_cuts": dict(sorted(cuts.items())),
            "integer_dtypes": integer_dtypes(tf),
            "dtype_parameters": dtype_parameters(returns, classes, probed),
            "host_methods": host_methods(tf, [keras, tf_keras]),
            "shape_parameters": shapes,
            "single_tensors": single,
            "data_dependent_shapes": probe_data_dependent_shapes(returns, tf),
            "shape_keeping_ops": probe_shape_keeping_ops(returns, tf),
            "python_function_ops": probe_python_function_ops(returns, tf),
            "assigning_methods": assigning_methods(tf, [keras, tf_keras]),
            "tensor_array_updates": tensor_array_updates(tf),
            "layer_weights": layer_weights(built),
            "input_cutting_layers": input_cutting_layers(built, tf),
            "single_output_layers": single_output_layers(built, probed, tf),
            "numpy_only_functions": numpy_only_functions(probed, tf),
            "variable_only_members": variable_only_members(tf),
            "python_value_parameters": python_value_parameters(tf),
            "op_attribute_parameters": op_attribute_parameters(tf),
            "concrete_value_parameters": concrete_value_parameters(tf),
            "merge_call_strategies": merge_call_strategies(),
            "static_count_ops": probe_static_count_ops(returns, tf, keras),
            "fresh_model_functions": fresh_model_functions(returns, probed),
            "step_methods": probe_step_methods([keras, tf_keras]),
            "per_call_tracing_ops": probe_per_call_tracing_ops(tf),
            "graph_argument_ops": probe_graph_argument_ops(tf),
            "string_only_methods": probe_string_only_methods(tf),
            "unknown_rank_decoders": probe_unknown_rank_decoders(returns, tf),
            "rank_needing_ops": probe_rank_needing_ops(returns, tf),
            "xla_constant_parameters": {
                path: parameters
                for name, parameters in probe_xla_constant_parameters(returns, tf).items()
                for path in aliases.get(name, [name])  # tf.one_hot is tf.compat.v1.one_hot
            },
            "unpack_refusing_ops": probe_unpack_refusing_ops(returns, tf, single),
            "unknown_size_layers": unknown_size_layers(classes, built, probed),
            "linear_output_layers": linear_output_layers(classes, probed),
            "from_logits_losses": from_logits_losses(classes, probed),
            "probability_ops": probability_ops(probed),
            "logits_losses": logits_losses(tf),
            "array_only_methods": probe_array_only_methods(tf),
            "training_mode_layers": training_mode_layers(classes, probed, tf),
            "integer_label_parameters": integer_label_parameters(returns, tf),
            "keras2_unwrapped_ops": keras2_unwrapped_ops(returns, tf, tf_keras),
            "numpy_only_methods": numpy_only_methods(probed, tf),
            "tensorflow_modules": tensorflow_modules(tf),
        }


# --- keras37's probes: training-mode layers, integer-only parameters, unwrappable ops, NumPy
# methods ------------------------------------------------------------------------------------
# Constructor arguments tried for each layer class (none, a rate, then the shared sizes).
TRAINING_MODE_ARGUMENTS = ((), (0.5,), *LAYER_ARGUMENTS[1:])


def training_mode_layers(
    classes: dict[str, str], roots: dict[str, types.ModuleType], tf: types.ModuleType
) -> dict[str, list[str]]:
    """The Keras layer classes that run in inference mode when a call gives no ``training``
    flag and do something else in training (``Dropout``, ``BatchNormalization``): a layer whose
    ``call`` takes ``training`` (its default not ``True``: random augmentation layers augment
    unless told not to), whose output on a sample batch with no flag is its output with
    ``training=False``, and differs with ``training=True``. path -> [] when that holds as the
    class is made, or the ``*dropout*`` options (default 0) that make it so (``LSTM``'s
    ``dropout``, ``recurrent_dropout``), each set to 0.5."""
    import numpy as np

    batches = [
        tf.random.stateless_normal((8, *shape[1:]), seed=[1, 2]) * 3 + 2
        for shape in LAYER_INPUT_SHAPES
    ]

    def same(a: object, b: object) -> bool:
        a, b = np.asarray(a), np.asarray(b)
        return a.shape == b.shape and bool(np.allclose(a, b))

    def off_without_flag(cls: type, arguments: tuple, options: dict, batch: object) -> bool | None:
        _seed(roots)
        layer = cls(*arguments, **options)
        training = inspect.signature(layer.call).parameters.get("training")
        if training is None or training.default is True:
            return None
        plain = layer(batch)
        return same(plain, layer(batch, training=False)) and not same(
            layer(batch, training=True), plain
        )

    found: dict[str, list[str]] = {}
    for path, kind in sorted(classes.items()):
        root, _, rest = path.partition(".")
        if kind != "layer" or root not in ("keras", "tf_keras") or ".layers." not in f".{rest}":
            continue
        try:
            cls = _resolve(roots[root], rest)
        except AttributeError:
            continue
        for arguments in TRAINING_MODE_ARGUMENTS:
            answer, built_on = None, None
            for batch in batches:
                try:
                    answer = off_without_flag(cls, arguments, {}, batch)
                except Exception:
                    continue
                built_on = batch
                break
            if built_on is None:
                continue
            if answer:
                found[path] = []
            elif answer is False:
                options = [
                    name
                    for name, p in inspect.signature(cls.__init__).parameters.items()
                    if "dropout" in name and p.default in (0, 0.0) and p.default is not False
                ]
                made_so = []
                for option in options:
                    try:
                        if off_without_flag(cls, arguments, {option: 0.5}, built_on):
                            made_so.append(option)
                    except Exception:
                        continue
                if made_so:
                    found[path] = made_so
            break
    return found


# The parameters whose name says they take labels or indices, and sample values for the other
# parameters the ops with them require (by name).
INTEGER_PARAMETER_NAMES = ("indices", "labels", "ids", "segment_ids", "arr", "sp_ids")
INTEGER_SAMPLE_OPTIONS = {
    "depth": 3,
    "params": [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]],
    "logits": [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]],
    "data": [[1.0, 2.0], [3.0, 4.0]],
    "num_segments": 2,
    "predictions": [1, 0],
    "num_classes": 3,
    "minlength": None,
}


def integer_label_parameters(
    returns: dict[str, str], tf: types.ModuleType
) -> dict[str, dict[str, int]]:
    """The TF ops with a labels or indices parameter (``tf.one_hot``'s ``indices``,
    ``tf.gather``'s, ``sparse_softmax_cross_entropy_with_logits``' ``labels``) that take
    integers and refuse floats: called with ``[1, 0]`` as int32 it gives a value, with the same
    values as float32 it raises (the other required parameters given sample values).
    op -> {parameter: position}."""
    found: dict[str, dict[str, int]] = {}
    for path, _, op in returned_ops(
        returns, {"tensorflow": tf}, skipped=("raw_ops", "compat.v1", "experimental")
    ):
        try:
            parameters = inspect.signature(op).parameters
        except (TypeError, ValueError):
            continue
        names = list(parameters)
        for name in INTEGER_PARAMETER_NAMES:
            if name not in parameters:
                continue
            options = {}
            for other, p in parameters.items():
                if other == name or p.default is not inspect.Parameter.empty:
                    continue
                if other not in INTEGER_SAMPLE_OPTIONS or p.kind not in (
                    p.POSITIONAL_OR_KEYWORD,
                    p.KEYWORD_ONLY,
                ):
                    options = None
                    break
                options[other] = INTEGER_SAMPLE_OPTIONS[other]
            if options is None:
                continue

            def works(dtype: object, op: object = op, name: str = name, options=options) -> bool:
                try:
                    op(**{name: tf.constant([1, 0], dtype)}, **options)
                except Exception:
                    return False
                return True

            if works(tf.int32) and not works(tf.float32):
                found.setdefault(path, {})[name] = names.index(name)
    return found


def keras2_unwrapped_ops(returns: dict[str, str], tf: types.ModuleType, tf_keras) -> list[str]:
    """The TF ops that Keras 2 (``tf_keras``) cannot wrap as a layer when a functional model
    applies them to a Keras tensor: they give an operation, not a tensor (``Could not build a
    TypeSpec``: the assertions, ``tf.print``). Each public op of ``tf`` and ``tf.debugging`` is
    called on a ``tf_keras.Input((4,))``, then with that input as its second argument too, then
    with 2 (``assert_rank(x, 2)``) and 2.0 (``assert_equal(x, 2.0)``), then on a boolean input
    and a list holding the first (``Assert(condition, data)``), until one call raises that
    error."""
    found = []
    for path, kind in sorted(returns.items()):
        root, _, rest = path.partition(".")
        if root != "tensorflow" or "." in rest.replace("debugging.", "", 1):
            continue
        if kind not in ("tensor", "operation", "none"):
            continue
        try:
            op = _resolve(tf, rest)
        except AttributeError:
            continue
        if isinstance(op, type) or not callable(op):
            continue
        symbolic = tf_keras.Input((4,))
        condition = tf_keras.Input((4,), dtype="bool")
        samples = ((symbolic,), (symbolic, symbolic), (symbolic, 2), (symbolic, 2.0))
        for arguments in (*samples, (condition, [symbolic])):
            try:
                op(*arguments)
            except TypeError as error:
                if "Could not build a TypeSpec" in str(error):
                    found.append(path)
                    break
            except Exception:
                continue
    return found


def numpy_only_methods(
    roots: dict[str, types.ModuleType], tf: types.ModuleType
) -> dict[str, list[str]]:
    """The methods of Keras's host-data classes (``ImageDataGenerator``, in
    ``keras.preprocessing.image`` and ``tf_keras``'s) that work on one NumPy image but fail on a
    graph tensor: an instance made with every option that is off by default turned on (a flag
    ``True``, a range 0.1: with its defaults ``ImageDataGenerator`` changes nothing) is called
    on an ``[8, 8, 3]`` image eagerly (``random_transform(x)``, ``standardize(x)``), then on the
    same image inside a ``tf.function``. class path -> method names."""
    import numpy as np

    image = np.linspace(0.0, 1.0, 8 * 8 * 3, dtype=np.float32).reshape(8, 8, 3)
    found: dict[str, set[str]] = {}
    for root_name, namespace, module in _host_helper_modules(roots):
        for class_name, cls in public_names(module):
            if not isinstance(cls, type):
                continue
            try:
                instance = cls(**_options_on(cls))
            except Exception:
                continue
            for method_name, method in public_names(instance):
                if not callable(method) or isinstance(method, type):
                    continue
                try:
                    parameters = list(inspect.signature(method).parameters)
                except (TypeError, ValueError):
                    continue
                if not parameters or parameters[0] not in ARRAY_PARAMETERS:
                    continue
                if _required_options(method) or not _returns(method, image):
                    continue
                try:
                    tf.function(lambda t, m=method: m(t))(tf.constant(image))
                except Exception:
                    path = f"{root_name}.{namespace}.{class_name}"
                    found.setdefault(path, set()).add(method_name)
    return {path: sorted(methods) for path, methods in sorted(found.items())}


def _options_on(cls: type) -> dict[str, object]:
    """The constructor options of ``cls`` that are off by default, each turned on: a ``False``
    flag ``True``, a 0 amount 0.1."""
    try:
        parameters = inspect.signature(cls.__init__).parameters.values()
    except (TypeError, ValueError):
        return {}
    return {
        p.name: True if p.default is False else 0.1
        for p in parameters
        if p.default is False or (type(p.default) in (int, float) and p.default == 0)
    }


def dump(data: dict) -> str:
    return json.dumps(data, indent=0, sort_keys=False, ensure_ascii=False) + "\n"


def main() -> int:
    return write_or_check(__doc__, build, dump, DATA)


if __name__ == "__main__":
    sys.exit(main())

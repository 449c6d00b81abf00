"""What names mean to TensorFlow: the spellings of tf.function, py_function, Keras and tf.data,
and how dotted names are read and folded (``tf.compat.v2.X`` is ``tf.X``)."""

from __future__ import annotations

import builtins
from dataclasses import dataclass

from tf2lint.base.lazy import cst

BUILTIN_NAMES = frozenset(dir(builtins))

# Every spelling of tf.function once aliases are resolved, including well-known thin wrappers.
TF_FUNCTION_NAMES = frozenset(
    {
        "tensorflow.function",
        "tensorflow.python.eager.def_function.function",
        "tensorflow.python.eager.polymorphic_function.polymorphic_function.function",
        "tf_agents.utils.common.function",
    }
)
# Calls that hand a function to Python, not to the graph: it runs eagerly on every call.
PY_FUNCTION_NAMES = frozenset(
    {
        "tensorflow.py_function",
        "tensorflow.numpy_function",
        "tensorflow.compat.v1.py_func",
        "tensorflow.compat.v1.py_function",
        "tensorflow.compat.v1.numpy_function",
    }
)
KERAS_ROOTS = (
    "tensorflow.keras.",
    "keras.",
    "tf_keras.",
    "tensorflow.python.keras.",
    "tensorflow.compat.v1.keras.",
)
# Spellings of Keras 3 from TF 2.16 on (the Keras 3 rules' names; KERAS_ROOTS above is any Keras) (tf_keras and tensorflow.python.keras stay Keras 2).
KERAS3_ROOTS = ("tensorflow.keras.", "keras.", "tensorflow.compat.v1.keras.")
# Keras 2 spellings: `tf_keras` and TF's own pre-2.16 copy. Everything else named Keras is Keras 3
# under TF 2.16+, `tf.compat.v1.keras` included (TF 2.21: `keras._tf_keras.keras`, Keras 3's
# classes). Keras 2's `call` is converted by AutoGraph, Keras 3's is not.
KERAS2_ROOTS = ("tf_keras.", "tensorflow.python.keras.")
# Keras `compile` arguments whose functions Keras calls inside its traced train/test step.
COMPILE_TRACED_ARGUMENTS = frozenset({"loss", "metrics", "weighted_metrics"})
# `compile(optimizer, loss, ...)`: the loss is the second positional argument in Keras 2 and 3
# (`model.compile("adam", my_loss)`); `metrics` is third in Keras 2 and fourth in Keras 3, so
# only its keyword says which it is.
COMPILE_LOSS_POSITION = 1
# Keras layers name their regularizer arguments so (`kernel_regularizer`, `activity_regularizer`)
REGULARIZER_SUFFIX = "_regularizer"
DATASET_FUNCTION_METHODS = frozenset(
    {
        "map",
        "filter",
        "flat_map",
        "interleave",
        "reduce",
        "scan",
        "take_while",
        "parallel_interleave",
    }
)


def normalize(qualified: str) -> str:
    """Fold aliases of the same TF2 API: tf.compat.v2.X is tf.X."""
    if qualified.startswith("tensorflow.compat.v2."):
        return "tensorflow." + qualified[len("tensorflow.compat.v2.") :]
    return qualified


def dotted_name(node: cst.BaseExpression) -> str | None:
    """``a.b.c`` for a Name/Attribute chain, else None."""
    chain = _chain(node)
    return chain[1] if chain is not None else None


def _chain(node: cst.BaseExpression) -> tuple[cst.Name, str] | None:
    """The head Name and the dotted text of a Name/Attribute chain, else None.

    Exact type checks: libcst's node classes are ABCs, and isinstance against one is slow."""
    attribute, name = cst.Attribute, cst.Name
    parts: list[str] = []
    while type(node) is attribute:
        parts.append(node.attr.value)
        node = node.value
    if type(node) is not name:
        return None
    if not parts:
        return node, node.value
    parts.append(node.value)
    parts.reverse()
    return node, ".".join(parts)


def head_name(node: cst.BaseExpression) -> cst.Name | None:
    """The Name a Name/Attribute chain starts with (``tf`` of ``tf.nn.relu``), else None."""
    while type(node) is cst.Attribute:  # exact types: libcst's are ABCs, isinstance is slow
        node = node.value
    return node if type(node) is cst.Name else None


def is_keras(qualified: str | None, *suffixes: str) -> bool:
    """Whether ``qualified`` is a Keras API ending in one of ``suffixes`` (e.g. "layers.Dense")."""
    if not qualified:
        return False
    for root in KERAS_ROOTS:
        if qualified.startswith(root):
            rest = qualified[len(root) :]
            rest = rest.removeprefix("src.")
            return not suffixes or any(rest == s or rest.endswith("." + s) for s in suffixes)
    return False


@dataclass(frozen=True)
class KerasName:
    """A public Keras 3 name: its path under the Keras root (``layers.Dense``) and whether it
    is spelled through the ``keras`` package (whose API keeps a few names `tf.keras` lost)."""

    path: str
    package: bool
    compat_v1: bool = False  # spelled `tf.compat.v1.keras...`: Keras 2's v1 API had more


def keras3_name(qualified: str | None) -> KerasName | None:
    if not qualified or not qualified.startswith(KERAS3_ROOTS):  # asked of every name: in C
        return None
    for root in KERAS3_ROOTS:
        if qualified.startswith(root):
            path = qualified[len(root) :]
            if path.startswith("src."):
                return None
            return KerasName(path, root == "keras.", root == "tensorflow.compat.v1.keras.")
    return None

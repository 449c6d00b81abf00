"""What TensorFlow and Keras themselves are, for the model to consult: the generated knowledge base.

``data/tf_knowledge.json`` is written by ``scripts/generate_tf_knowledge.py`` from the installed
TensorFlow, Keras 3 and tf-keras (introspection) and typeshed's ``types-tensorflow`` stubs; a
test checks it against a fresh generation. It is read once per process, on the first question
(a fully cached run never asks one).

Kinds are plain strings: Keras objects ``layer``, ``model``, ``loss``, ``metric``,
``optimizer``, ``callback``; TF values ``tensor``, ``variable``, ``dataset``, ``iterator``,
``tensor_array``, ``random_generator``, ``tape``, ``module``; host values ``shape``, ``spec``,
``dtype``, ``python``; ``operation`` and ``none`` for calls run for their effect;
``list[<kind>]`` for a Python list or tuple of one kind (``tf.unstack``, ``keras.ops.shape``).
Which Keras a name belongs to (3 or 2, :func:`keras_of`) comes from its root, not the data.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from tf2lint.tfnames import KERAS2_ROOTS

KERAS_KINDS = frozenset({"layer", "model", "loss", "metric", "optimizer", "callback"})
# Values that live on the host, never in the graph
HOST_KINDS = frozenset({"dtype", "shape", "spec", "python", "none"})
# Keras objects that calling gives tensors: `layer(x)`, `loss(y, p)`, `metric(y, p)`
CALLABLE_KERAS_KINDS = frozenset({"layer", "model", "loss", "metric"})

# Qualified-name spellings of the same APIs: TF 2.16+'s tf.keras is Keras 3; the Keras 2
# spellings inside TensorFlow are tf-keras.
_ALIASES = (
    ("tensorflow.compat.v2.", "tensorflow."),
    ("tensorflow.keras.", "keras."),
    ("tensorflow.python.keras.", "tf_keras."),
    ("tensorflow.compat.v1.keras.", "keras."),
    ("tf_keras.api._v2.keras.", "tf_keras."),
    ("keras._tf_keras.keras.", "keras."),
)


@dataclass(frozen=True)
class Knowledge:
    versions: dict[str, str]
    classes: dict[str, str]  # public class path -> kind
    traced_methods: dict[str, frozenset[str]]  # Keras kind -> methods Keras traces
    returns: dict[str, str]  # public function path -> kind of what it returns
    members: dict[str, dict[str, str]]  # kind -> attribute (or "method()") -> kind
    side_effects: dict[str, str]  # call path -> "log" | "seed"
    # op path -> why no gradient flows through it: {"reason": "integer-output" | "no-gradient",
    # "ops": op types without a gradient}; see gradient_cut
    gradient_cuts: dict[str, dict]
    integer_dtypes: frozenset[str]  # every spelling of an integer or bool dtype
    # op or variable class path -> {"dtype": position of its `dtype` parameter, "value": that
    # of the value it converts (None: none)}
    dtype_parameters: dict[str, dict[str, int | None]]
    host_methods: dict[str, frozenset[str]]  # kind -> methods giving NumPy or Python values


@cache
def knowledge() -> Knowledge:
    """The knowledge base, loaded on first use and kept for the process."""
    text = resources.files("tf2lint").joinpath("data/tf_knowledge.json").read_text("utf-8")
    data = json.loads(text)
    return Knowledge(
        versions={k: v for k, v in data.items() if k.endswith("_version")},
        classes=data["classes"],
        traced_methods={k: frozenset(v) for k, v in data["traced_methods"].items()},
        returns=data["returns"],
        members=data["members"],
        side_effects=data["side_effects"],
        gradient_cuts=data["gradient_cuts"],
        integer_dtypes=frozenset(data["integer_dtypes"]),
        dtype_parameters=data["dtype_parameters"],
        host_methods={k: frozenset(v) for k, v in data["host_methods"].items()},
    )


def canonical(qualified: str) -> str:
    """One spelling per API: ``tensorflow.keras.layers.Dense`` is ``keras.layers.Dense``."""
    for alias, target in _ALIASES:
        if qualified.startswith(alias):  # `tensorflow.compat.v2.keras.` takes two steps
            return canonical(target + qualified[len(alias) :])
    return qualified


# Which Keras a qualified name belongs to under the TensorFlow the knowledge base describes
# (2.16+): ``tf.keras`` and ``tf.compat.v1.keras`` are Keras 3 there; ``tf_keras`` and TF's
# own legacy copy are Keras 2.
KERAS3_ROOTS = (
    "keras.",
    "tensorflow.keras.",
    "tensorflow.compat.v1.keras.",
    "tensorflow.compat.v2.keras.",
)


def keras_of(qualified: str | None) -> int | None:
    """3 for a Keras 3 name (``keras.layers.Dense``, ``tensorflow.keras.Model``), 2 for a
    Keras 2 one (``tf_keras.layers.Dense``), None for any other."""
    if not qualified:
        return None
    if qualified.startswith(KERAS2_ROOTS):
        return 2
    if qualified.startswith(KERAS3_ROOTS):
        return 3
    return None


def class_kind(qualified: str | None) -> str | None:
    """The kind of a TF/Keras class (``keras.layers.Dense`` -> "layer"), if it is a known one."""
    if not qualified:
        return None
    return knowledge().classes.get(canonical(qualified))


def returns(qualified: str | None) -> str | None:
    """The kind a TF/Keras call returns: a class gives an instance of its kind, a function what
    the knowledge base says (``tf.reduce_sum`` -> "tensor", ``tf.print`` -> "operation")."""
    if not qualified:
        return None
    name = canonical(qualified)
    kb = knowledge()
    return kb.returns.get(name) or kb.classes.get(name)


def member_kind(kind: str | None, member: str, called: bool = False) -> str | None:
    """The kind of ``<a kind>.member`` (``model.layers`` -> "list[layer]"), or, ``called``,
    of what ``<a kind>.member(...)`` returns (``dataset.map(f)`` -> "dataset")."""
    if kind is None:
        return None
    table = knowledge().members.get(kind, {})
    if called:
        return table.get(member + "()")
    return table.get(member)


def traced_methods(kind: str | None) -> frozenset[str]:
    """The methods Keras traces on a subclass of this kind (``metric`` -> update_state, result)."""
    if kind is None:
        return frozenset()
    return knowledge().traced_methods.get(kind, frozenset())


def side_effect(qualified: str | None) -> str | None:
    """``log`` or ``seed`` for calls that act on the host (logging, warnings, global seeding)."""
    if not qualified:
        return None
    return knowledge().side_effects.get(canonical(qualified))


@dataclass(frozen=True)
class GradientCut:
    """Why no gradient flows through a TF/Keras op: ``reason`` "integer-output" (it gives
    integer or bool tensors, which a GradientTape does not differentiate) or "no-gradient"
    (TensorFlow registers none, or a None one, for the ``ops`` it creates)."""

    reason: str
    ops: tuple[str, ...] = ()


def gradient_cut(qualified: str | None) -> GradientCut | None:
    """Why no gradient flows through the op ``qualified`` (``tf.argmax``, ``tf.round``,
    ``keras.ops.stop_gradient``), or None where it flows or is not known."""
    if not qualified:
        return None
    found = knowledge().gradient_cuts.get(canonical(qualified))
    return GradientCut(found["reason"], tuple(found["ops"])) if found else None


def is_integer_dtype(spelled: str | None) -> bool:
    """Whether a dtype, by its qualified name (``tensorflow.int32``, ``numpy.int64``) or as a
    string (``"int32"``), is an integer or bool dtype."""
    return bool(spelled) and canonical(spelled) in knowledge().integer_dtypes


@dataclass(frozen=True)
class DtypeParameter:
    """Where an op or variable class takes its ``dtype`` (``tf.cast``: 1) and, if it converts a
    value, that value (``tf.constant``: 0; None for ``tf.cast``, ``tf.zeros``)."""

    dtype: int
    value: int | None


def dtype_parameter(qualified: str | None) -> DtypeParameter | None:
    """Where the op or variable class ``qualified`` takes its ``dtype`` and value."""
    if not qualified:
        return None
    found = knowledge().dtype_parameters.get(canonical(qualified))
    return DtypeParameter(found["dtype"], found["value"]) if found else None


def host_method(kind: str | None, method: str) -> bool:
    """Whether ``<a kind>.method(...)`` hands back NumPy arrays or Python values, leaving the
    graph (``tensor.numpy()``, ``model.predict(x)``)."""
    return method in knowledge().host_methods.get(kind or "", frozenset())

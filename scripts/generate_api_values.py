"""Generate the string values Keras and TensorFlow refuse as arguments (TF983, TF984, TF985).

    python scripts/generate_api_values.py           # write linter/data/api_values.json
    python scripts/generate_api_values.py --check   # exit 1 when the committed file is stale

Everything here is found by calling the installed Keras 3 (and tf-keras, Keras 2), never
copied from documentation:

- ``identifiers``: per kind (activation, initializer, regularizer, constraint, loss, metric,
  optimizer), the strings the getter Keras uses accepts. Candidates are the names the kind's
  modules hold in Keras 3 and Keras 2 (and their snake_case and lower-case spellings); each is
  given to the getter (for ``compile``'s loss and metrics, to ``compile_utils.get_loss`` and
  ``get_metric``, which resolve "accuracy"/"acc" and "crossentropy"/"ce" themselves).
  ``exact`` are accepted as spelled; ``any_case`` in any case (an optimizer's name, "acc").
  ``keras2_only`` are those tf-keras's getter (or its ``compile``) accepted and Keras 3's
  refuses. A string that fails for another reason than an unknown identifier (a class that
  needs arguments) is a known name, and in ``known``.
- ``arguments``: per public ``keras.layers``/``keras.losses`` class, the constructor arguments
  that Keras validates at construction, found by constructing it with a junk string: one whose
  error says "Could not interpret <kind> identifier" takes that kind's identifiers; one whose
  error lists the quoted values it takes ("Expected one of {'dot', 'concat'}") is
  enumerated: each listed value (and its upper and title case) is constructed to find which
  the constructor accepts (``any_case``: all three spellings of each); a value outside them is
  refused. ``dtype`` takes an open set (dtype names, policies, quantized policies), so only
  the names probed (every ``tf.dtypes`` name and plain type names: "float", "double") that the
  constructor refuses are kept, as ``refused``. ``position`` is the argument's index when it
  may be passed by position.
- ``tf_arguments``: the same for the public functions of ``tf``, ``tf.nn``, ``tf.image``,
  ``tf.math``, ``tf.signal``, ``tf.linalg``, ``tf.random`` and ``tf.strings``, each called with
  sample tensors (a function no sample runs is left out): ``padding`` and the arguments with a
  string default whose junk-string error lists what they take (only those that accept two or
  more values, the default among them), and ``dtype``'s refused plain type names ("int").
"""

from __future__ import annotations

import inspect
import json
import os
import re
import sys
import warnings
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generated_data import public_api, public_names, write_or_check

DATA = Path(__file__).resolve().parent.parent / "linter" / "data" / "api_values.json"
JUNK = "zz_not_a_value"
# What a Keras getter says of a string it does not know (Keras 3; tf-keras says "Unknown ...").
_UNKNOWN = re.compile(r"Could not interpret (\w+)(?: function)? identifier|Unknown (\w+)")
_QUOTED = re.compile(r"""['"]([A-Za-z_][\w-]*)['"]""")
# An error that lists the values an argument takes ("Expected one of {'dot', 'concat'}").
_LISTS_VALUES = re.compile(r"one of|of one|[Aa]llowed values|[Ss]upported values|must be")
# Values an error lists bare ("should be one of ASCENDING, DESCENDING").
_BARE_LIST = re.compile(r"\b([A-Z][A-Z0-9_]{2,})\b")
# Plain spellings of types a user may write for a dtype (probe inputs; tf.dtypes adds its own).
_PLAIN_TYPE_NAMES = frozenset(
    {"float", "int", "double", "half", "long", "short", "str", "bool", "complex", "byte", "uint"}
)
_SNAKE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
# Sample values for the required constructor parameters of Keras layers (probe inputs only).
_REQUIRED = {
    "activation": "relu",
    "axes": 1,
    "dims": (1,),
    "equation": "ab,bc->ac",
    "factor": 0.1,
    "filters": 2,
    "head_dim": 2,
    "height": 4,
    "height_factor": 0.1,
    "input_dim": 4,
    "kernel_size": 3,
    "key_dim": 2,
    "max_number": 4,
    "n": 2,
    "num_bins": 4,
    "num_heads": 2,
    "num_key_value_heads": 2,
    "num_query_heads": 2,
    "output_dim": 2,
    "output_shape": (2,),
    "output_size": (2, 2),
    "pool_size": 2,
    "rate": 0.5,
    "scale": 1.0,
    "stddev": 0.1,
    "target_shape": (2,),
    "units": 2,
    "width": 4,
    "width_factor": 0.1,
}
# Required parameters that take a fresh Keras object or a callable.
_REQUIRED_OBJECTS = {
    "cell": lambda keras: keras.layers.LSTMCell(2),
    "cells": lambda keras: [keras.layers.LSTMCell(2)],
    "layer": lambda keras: keras.layers.LSTM(2),
    "layers": lambda keras: [keras.layers.Dense(2)],
    "function": lambda keras: lambda x: x,
    "call_fn": lambda keras: lambda x: x,
}


def _snake(name: str) -> str:
    return _SNAKE.sub("_", name).lower()


def _spellings(names: set[str]) -> set[str]:
    found = set()
    for name in names:
        if name.startswith("_") or not name.replace("_", "").isalnum():
            continue
        found |= {name, name.lower(), _snake(name)}
    return found


def _outcome(call, value: str) -> str | None:
    """None when ``call(value)`` runs; else "unknown" for an identifier the getter does not
    know, "error" for another failure."""
    try:
        call(value)
    except Exception as error:  # any failure is a probe's answer
        return "unknown" if _UNKNOWN.search(str(error)) else "error"
    return None


def _classify(call, candidates: set[str]) -> dict[str, list[str]]:
    exact, known = set(), set()
    for value in sorted(candidates):
        outcome = _outcome(call, value)
        if outcome is None:
            exact.add(value)
        elif outcome == "error":
            known.add(value)
    any_case = {
        value.lower()
        for value in exact
        if all(_outcome(call, v) is None for v in (value.lower(), value.upper(), value.title()))
    }
    exact = {value for value in exact if value.lower() not in any_case}
    return {"exact": sorted(exact), "any_case": sorted(any_case), "known": sorted(known)}


def _kind_modules(keras, tf_keras) -> dict[str, tuple]:
    """Per kind: Keras 3's getter, tf-keras's, and the modules whose names are candidates."""
    import keras.src.activations as k3_activations
    import keras.src.constraints as k3_constraints
    import keras.src.initializers as k3_initializers
    import keras.src.losses as k3_losses
    import keras.src.metrics as k3_metrics
    import keras.src.regularizers as k3_regularizers
    import tensorflow as tf
    from keras.src.trainers import compile_utils
    from tf_keras.src.engine import compile_utils as k2_compile_utils

    y_true, y_pred = tf.constant([[0.0, 1.0]]), tf.constant([[0.3, 0.7]])

    def k2_metric(value):
        container = k2_compile_utils.MetricsContainer([value])
        return container._get_metric_object(value, y_true, y_pred)

    def k2_loss(value):
        if value.lower() in ("crossentropy", "ce"):  # what tf-keras's compile did not resolve
            raise ValueError(f"Unknown loss function: {value}")
        return tf_keras.losses.get(value)

    return {
        "activation": (
            keras.activations.get,
            tf_keras.activations.get,
            (keras.activations, k3_activations.ALL_OBJECTS_DICT, tf_keras.activations),
        ),
        "initializer": (
            keras.initializers.get,
            tf_keras.initializers.get,
            (keras.initializers, k3_initializers.ALL_OBJECTS_DICT, tf_keras.initializers),
        ),
        "regularizer": (
            keras.regularizers.get,
            tf_keras.regularizers.get,
            (keras.regularizers, k3_regularizers.ALL_OBJECTS_DICT, tf_keras.regularizers),
        ),
        "constraint": (
            keras.constraints.get,
            tf_keras.constraints.get,
            (keras.constraints, k3_constraints.ALL_OBJECTS_DICT, tf_keras.constraints),
        ),
        "loss": (
            lambda v: compile_utils.get_loss(v, y_true, y_pred),
            k2_loss,
            (keras.losses, k3_losses.ALL_OBJECTS_DICT, tf_keras.losses, ["crossentropy", "ce"]),
        ),
        "metric": (
            lambda v: compile_utils.get_metric(v, y_true, y_pred),
            k2_metric,
            (
                keras.metrics,
                k3_metrics.ALL_OBJECTS_DICT,
                tf_keras.metrics,
                keras.losses,
                ["accuracy", "acc", "crossentropy", "ce"],
            ),
        ),
        "optimizer": (
            keras.optimizers.get,
            tf_keras.optimizers.get,
            (keras.optimizers, tf_keras.optimizers),
        ),
    }


def _names(source) -> set[str]:
    if isinstance(source, (dict, list)):
        return set(source)
    return {name for name, _ in public_names(source)}


def identifiers(keras, tf_keras) -> dict[str, dict]:
    found = {}
    for kind, (getter, keras2_getter, sources) in _kind_modules(keras, tf_keras).items():
        candidates = _spellings(set().union(*(_names(s) for s in sources)))
        entry = _classify(getter, candidates)
        accepted = set(entry["exact"]) | set(entry["known"])
        keras2_only = [
            value
            for value in sorted(candidates)
            if value not in accepted
            and value.lower() not in entry["any_case"]
            and _outcome(keras2_getter, value) is None
        ]
        found[kind] = {**entry, "keras2_only": keras2_only}
    return found


def _required_arguments(keras, cls: type, sig: inspect.Signature) -> dict | None:
    arguments = {}
    for param in list(sig.parameters.values())[1:]:
        if param.default is not param.empty or param.kind in (
            param.VAR_POSITIONAL,
            param.VAR_KEYWORD,
        ):
            continue
        if param.name in _REQUIRED:
            arguments[param.name] = _REQUIRED[param.name]
        elif param.name in _REQUIRED_OBJECTS:
            arguments[param.name] = _REQUIRED_OBJECTS[param.name](keras)
        else:
            return None
    return arguments


def _constructs(
    keras, cls: type, sig: inspect.Signature, keyword: str, value: object
) -> str | None:
    """None when ``cls`` constructs with ``keyword=value``, else the error's text."""
    arguments = _required_arguments(keras, cls, sig)
    if arguments is None:
        return "no sample"
    arguments[keyword] = value
    try:
        cls(**arguments)
    except Exception as error:  # any failure is a probe's answer
        return f"{type(error).__name__}: {error}"
    return None


def _dtype_names(tf) -> set[str]:
    names = {obj.name for _, obj in public_names(tf.dtypes) if isinstance(obj, tf.dtypes.DType)}
    return names | _PLAIN_TYPE_NAMES


def _argument(keras, tf, cls: type, sig: inspect.Signature, param, kinds: set[str]) -> dict | None:
    keyword = param.name
    refused = _constructs(keras, cls, sig, keyword, JUNK)
    if refused is None or refused == "no sample":
        return None
    unknown = _UNKNOWN.search(refused)
    entry: dict = {}
    if unknown and (unknown.group(1) or "") in kinds:
        entry["kind"] = unknown.group(1)
    elif keyword == "dtype":
        # an open set (dtype names, policies, quantized policies): only probed names judged
        entry["refused"] = sorted(
            value
            for value in _dtype_names(tf)
            if _constructs(keras, cls, sig, keyword, value) is not None
        )
        if not entry["refused"] or len(entry["refused"]) == len(_dtype_names(tf)):
            return None  # refuses every name: not a dtype it reads
    else:
        if not _LISTS_VALUES.search(refused):
            return None  # the error does not say which values it takes
        listed = set(_QUOTED.findall(refused)) - {JUNK}
        accepted = {
            value for value in listed if _constructs(keras, cls, sig, keyword, value) is None
        }
        if not accepted:
            return None
        if isinstance(param.default, str) and param.default not in accepted:
            return None  # the list is not the whole story
        any_case = all(
            _constructs(keras, cls, sig, keyword, spelled) is None
            for value in accepted
            for spelled in (value.upper(), value.title())
        )
        entry["accepted"] = sorted(accepted)
        entry["any_case"] = any_case
    if param.kind is param.POSITIONAL_OR_KEYWORD:
        entry["position"] = list(sig.parameters).index(keyword) - 1  # not `self`
    return entry


def arguments(keras, tf) -> dict[str, dict]:
    kinds = {"activation", "initializer", "regularizer", "constraint"}
    found: dict[str, dict] = {}
    by_class: dict[int, dict] = {}
    for module in ("layers", "losses"):
        for path, cls in public_api(getattr(keras, module), f"keras.{module}.").items():
            if not isinstance(cls, type) or any(p.startswith("_") for p in path.split(".")):
                continue
            if id(cls) not in by_class:
                by_class[id(cls)] = _class_arguments(keras, tf, cls, kinds)
            if by_class[id(cls)]:
                found[path] = by_class[id(cls)]
    return dict(sorted(found.items()))


def _class_arguments(keras, tf, cls: type, kinds: set[str]) -> dict:
    try:
        sig = inspect.signature(cls.__init__)
    except (TypeError, ValueError):
        return {}
    if _required_arguments(keras, cls, sig) is None:
        return {}
    if _constructs(keras, cls, sig, "name", "probe") is not None:
        return {}  # does not construct with the samples
    found = {}
    for param in list(sig.parameters.values())[1:]:
        if param.kind not in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY):
            continue
        if param.name == "name":
            continue
        if param.default is param.empty and not isinstance(_REQUIRED.get(param.name), str):
            continue  # a required argument is probed when its sample is a string
        entry = _argument(keras, tf, cls, sig, param, kinds)
        if entry is not None:
            found[param.name] = entry
    takes_kwargs = any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values())
    if "dtype" not in found and "dtype" not in sig.parameters and takes_kwargs:
        # a layer's dtype reaches Layer.__init__ through **kwargs
        param = inspect.Parameter("dtype", inspect.Parameter.KEYWORD_ONLY, default=None)
        entry = _argument(keras, tf, cls, sig, param, kinds)
        if entry is not None:
            found["dtype"] = entry
    return found


# The TensorFlow modules whose functions are probed (ops on tensors; not I/O, distribution).
_TF_MODULES = ("", "nn.", "image.", "math.", "signal.", "linalg.", "random.", "strings.")
# Sample values for the required parameters of TensorFlow ops, by name, for an input of rank
# ``r`` (probe inputs only): a function none of the ranks runs with is left out.
_TF_SAMPLES = {
    ("input", "value", "x", "images", "image", "input_tensor", "tensor", "inputs", "values"): (
        lambda tf, r: tf.zeros([1] + [8] * (r - 2) + [1])
    ),
    ("filters", "filter"): lambda tf, r: tf.zeros([3] * (r - 2) + [1, 1]),
    ("depthwise_filter",): lambda tf, r: tf.zeros([3] * (r - 2) + [1, 1]),
    ("pointwise_filter",): lambda tf, r: tf.zeros([1] * (r - 2) + [1, 1]),
    ("ksize", "window_shape", "pool_size"): lambda tf, r: [2] * (r - 2),
    ("strides", "stride", "rate", "dilations"): lambda tf, r: 1,
    ("size",): lambda tf, r: [4] * (r - 2),
    ("paddings",): lambda tf, r: [[0, 0]] * r,
    ("output_shape",): lambda tf, r: [1] + [8] * (r - 2) + [1],
    ("shape",): lambda tf, r: [2] * (r - 2),
    ("dtype",): lambda tf, r: "float32",
    ("pooling_type",): lambda tf, r: "MAX",
}


def _tf_sample(tf, name: str, rank: int) -> object:
    for names, make in _TF_SAMPLES.items():
        if name in names:
            return make(tf, rank)
    raise KeyError(name)


def _tf_calls(tf, fn, sig: inspect.Signature, keyword: str, baseline: str):
    """A call of ``fn`` with ``keyword`` set to a value, built from samples at the first rank
    where ``baseline`` runs; None when no rank does."""
    for rank in (4, 3, 5):
        arguments = {}
        try:
            for param in sig.parameters.values():
                if param.name == keyword:
                    continue
                if param.default is param.empty and param.kind in (
                    param.POSITIONAL_OR_KEYWORD,
                    param.KEYWORD_ONLY,
                ):
                    arguments[param.name] = _tf_sample(tf, param.name, rank)
        except KeyError:
            return None

        def call(value, arguments=arguments):
            try:
                fn(**arguments, **{keyword: value})
            except Exception as error:  # any failure is a probe's answer
                return f"{type(error).__name__}: {error}"
            return None

        if call(baseline) is None:
            return call
    return None


def tf_arguments(tf) -> dict[str, dict]:
    """The string arguments TensorFlow ops check, as ``arguments`` holds Keras's: a probed
    call with a junk string whose error lists the values it takes (``padding``, ``data_format``,
    ``method``, ``direction``), and ``dtype``'s refused type names."""
    found: dict[str, dict] = {}
    for path, fn in public_api(tf).items():
        if not path.startswith(_TF_MODULES) or path.count(".") > 1 or isinstance(fn, type):
            continue
        if not path.startswith(tuple(m for m in _TF_MODULES if m)) and "." in path:
            continue
        if not callable(fn) or any(part.startswith("_") for part in path.split(".")):
            continue
        try:
            sig = inspect.signature(fn)
        except (TypeError, ValueError):
            continue
        entries = {}
        for param in sig.parameters.values():
            if param.kind not in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY):
                continue
            if param.name == "dtype":
                entry = _tf_dtype(tf, fn, sig, param)
            elif param.name == "padding" or (
                isinstance(param.default, str) and param.default and param.name != "name"
            ):
                entry = _tf_enumerated(tf, fn, sig, param)
            else:
                continue
            if entry is not None:
                if param.kind is param.POSITIONAL_OR_KEYWORD:
                    entry["position"] = list(sig.parameters).index(param.name)
                entries[param.name] = entry
        if entries:
            found["tensorflow." + path] = entries
    return dict(sorted(found.items()))


def _tf_dtype(tf, fn, sig, param) -> dict | None:
    call = _tf_calls(tf, fn, sig, "dtype", "float32")
    if call is None or call(JUNK) is None:
        return None
    names = _dtype_names(tf)
    refused = sorted(n for n in _PLAIN_TYPE_NAMES if call(n) is not None)
    if not refused or any(call(n) is not None for n in ("float32", "int32")):
        return None  # a dtype it does not read as a name
    return {"refused": refused} if len(refused) < len(names) else None


def _tf_enumerated(tf, fn, sig, param) -> dict | None:
    baseline = param.default if isinstance(param.default, str) else "VALID"
    call = _tf_calls(tf, fn, sig, param.name, baseline)
    if call is None:
        return None
    refused = call(JUNK)
    if refused is None or not _LISTS_VALUES.search(refused):
        return None
    listed = set(_QUOTED.findall(refused)) | set(_BARE_LIST.findall(refused))
    listed = {v for v in listed - {JUNK, JUNK.upper()} if v.upper() == v or v.lower() == v}
    listed |= {baseline}
    accepted = {v for v in listed if call(v) is None}
    if baseline not in accepted or len(accepted) < 2:
        return None
    spelled = {s for v in accepted for s in (v.lower(), v.upper(), v.title())}
    any_case = all(call(s) is None for s in spelled)
    return {"accepted": sorted(accepted), "any_case": any_case}


def build() -> dict:
    warnings.simplefilter("ignore")
    import keras
    import tensorflow as tf
    import tf_keras

    return {
        "tensorflow_version": tf.__version__,
        "keras_version": keras.__version__,
        "tf_keras_version": tf_keras.__version__,
        "identifiers": identifiers(keras, tf_keras),
        "arguments": arguments(keras, tf),
        "tf_arguments": tf_arguments(tf),
    }


def dump(data: dict) -> str:
    """One line per kind and per class: the file stays small and its diffs readable."""
    compact = {"separators": (",", ":")}
    lines = ["{"]
    for key in ("tensorflow_version", "keras_version", "tf_keras_version"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(data[key])},")
    sections = (("identifiers", False), ("arguments", False), ("tf_arguments", True))
    for section, last in sections:
        lines.append(f"  {json.dumps(section)}: {{")
        items = list(data[section].items())
        for i, (name, entry) in enumerate(items):
            comma = "," if i < len(items) - 1 else ""
            lines.append(f"    {json.dumps(name)}: {json.dumps(entry, **compact)}{comma}")
        lines.append("  }" if last else "  },")
    lines += ["}", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(write_or_check(__doc__, build, dump, DATA))

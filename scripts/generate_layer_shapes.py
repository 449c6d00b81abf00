"""Generate the input ranks Keras layers refuse and the rank of what they return (TF986).

    python scripts/generate_layer_shapes.py           # write linter/data/layer_shapes.json
    python scripts/generate_layer_shapes.py --check   # exit 1 when the committed file is stale

For each public class of ``keras.layers`` (Keras 3) and ``tf_keras.layers`` (Keras 2) that
takes one tensor, the layer is constructed with typical arguments (``units=4``,
``kernel_size=3``...; a class whose required arguments none of these fills is left out) and
called on a symbolic input (``Input(shape=(8,) * (rank - 1))``) of each rank 1..6. A rank
whose call raises Keras's own rank check (the layer's ``input_spec``, checked at call, or a
rank check in ``build``: "expected ndim=3, found ndim=2") is *refused*; a rank whose call
returns a tensor is accepted, and the rank of what it returns is recorded as a function of the
input rank: ``"r"`` (the same), ``"r+1"``, or a fixed rank (``"2"``). A rank whose call fails
otherwise is neither: the rule stays quiet there. Arguments that change the output rank are
probed too: ``return_sequences`` and ``keepdims`` (both values), ``target_shape`` and ``dims``
(tuples of lengths 1..3: the output rank is their length plus one). A class whose ranks all
fail otherwise (a merge layer, a lookup without a vocabulary) is left out.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import sys
import warnings
from functools import partial
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generated_data import write_or_check

DATA = Path(__file__).resolve().parent.parent / "linter" / "data" / "layer_shapes.json"
RANKS = (1, 2, 3, 4, 5, 6)
# Typical values of the required constructor arguments, by name.
TYPICAL = {
    "units": 4,
    "filters": 4,
    "kernel_size": 3,
    "rate": 0.5,
    "n": 2,
    "input_dim": 10,
    "output_dim": 4,
    "activation": "relu",
    "stddev": 0.1,
    "scale": 1.0 / 255,
    "height": 4,
    "width": 4,
    "pool_size": 2,
    "target_shape": (-1,),
    "dims": (1,),
}
# Arguments whose value changes the rank a layer returns (or takes), with the values probed.
RANK_FLAGS = ("return_sequences", "keepdims")
RANK_TUPLES = ("target_shape", "dims")
# Keras's rank checks: the input_spec's message, and the checks in build and call.
_RANK_ERROR = re.compile(r"\bndim\b|expected rank|should have rank|must be rank|\brank \d", re.I)
# Wrappers, cells, merge and attention layers take other things than one tensor; lookups and
# text layers take strings or integers, whose ranks a float probe does not show.
SKIPPED = re.compile(
    r"Cell$|Cells$|Lookup$|Hashing$|Crossing$|^(Wrapper|Lambda|Input|InputLayer|RNN|TFSMLayer|"
    r"JaxLayer|FlaxLayer|TorchModuleWrapper|Pipeline|Bidirectional|TimeDistributed|Layer|"
    r"TextVectorization|CategoryEncoding|Discretization)$"
)


def _typical_kwargs(cls: type) -> dict | None:
    try:
        sig = inspect.signature(cls.__init__)
    except (TypeError, ValueError):
        return None
    kwargs = {}
    for p in list(sig.parameters.values())[1:]:
        if p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL) or p.default is not p.empty:
            continue
        if p.name not in TYPICAL:
            return None
        kwargs[p.name] = TYPICAL[p.name]
    return kwargs


def _probe(keras, cls: type, kwargs: dict, rank: int) -> str | int | None:
    """The rank ``cls(**kwargs)`` returns on a symbolic input of ``rank``, "refused" when
    Keras's rank check raises, None when the call fails otherwise."""
    try:
        layer = cls(**kwargs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = layer(keras.Input(shape=(8,) * (rank - 1)))
    except Exception as error:  # what Keras raises varies: ValueError, TypeError...
        return "refused" if _RANK_ERROR.search(str(error)) else None
    if not hasattr(out, "shape"):
        return None
    return len(out.shape)


def _summary(probes: dict[int, str | int | None]) -> dict | None:
    """``refuses`` (the ranks Keras's check refuses) and ``out`` (the rank returned, as a
    function of the input rank r) of one configuration's probes; None when nothing built."""
    accepted = {r: out for r, out in probes.items() if isinstance(out, int)}
    if not accepted:
        return None
    refused = sorted(r for r, out in probes.items() if out == "refused")
    deltas = {out - r for r, out in accepted.items()}
    fixed = set(accepted.values())
    if len(accepted) == 1 and len(refused) == len(RANKS) - 1:
        out = str(fixed.pop())  # one rank taken: what it returns is known whatever comes in
    elif deltas == {0}:
        out = "r"
    elif len(deltas) == 1:
        out = f"r{deltas.pop():+d}"
    elif len(fixed) == 1:
        out = str(fixed.pop())
    else:
        out = None  # no simple rule: the rank after this layer is unknown
    return {"refuses": refused, "out": out}


def _layer_entry(keras, cls: type) -> dict | None:
    kwargs = _typical_kwargs(cls)
    if kwargs is None:
        return None
    params = inspect.signature(cls.__init__).parameters
    flags = [name for name in RANK_FLAGS if name in params]
    tuples = [name for name in RANK_TUPLES if name in kwargs]
    if tuples:
        # the tuple's length decides: probe lengths 1..3, keep what holds for each
        name = tuples[0]
        per_length = {}
        for length in (1, 2, 3):
            value = (
                (-1,) + (8,) * (length - 1)
                if name == "target_shape"
                else tuple(range(1, length + 1))
            )
            per_length[length] = _summary(
                {r: _probe(keras, cls, {**kwargs, name: value}, r) for r in RANKS}
            )
        if any(s is None for s in per_length.values()):
            return None
        outs = {
            int(s["out"]) - length
            for length, s in per_length.items()
            if s["out"] and s["out"].isdigit()
        }
        refuse_offsets = [
            {r - length for r in RANKS if r not in s["refuses"]} for length, s in per_length.items()
        ]
        entry: dict = {"rank_of": name}
        if len(outs) == 1:
            entry["out_len_plus"] = outs.pop()
        elif all(s["out"] == "r" for s in per_length.values()):
            entry["out"] = "r"
        if all(o == refuse_offsets[0] and len(o) == 1 for o in refuse_offsets) and all(
            s["refuses"] for s in per_length.values()
        ):
            entry["takes_len_plus"] = next(iter(refuse_offsets[0]))
        return entry if len(entry) > 1 else None
    base = _summary({r: _probe(keras, cls, kwargs, r) for r in RANKS})
    if base is None:
        return None
    entry = dict(base)
    for flag in flags:
        variants = {}
        for value in (True, False):
            found = _summary({r: _probe(keras, cls, {**kwargs, flag: value}, r) for r in RANKS})
            variants[str(value).lower()] = found["out"] if found else None
        if len(set(variants.values())) > 1:
            entry["out_by"] = {flag: variants}
    if not entry["refuses"]:
        del entry["refuses"]
    if entry.get("out") is None and "out_by" not in entry:
        entry.pop("out", None)
        if "refuses" not in entry:
            return None
    return entry


def _layers(keras) -> dict[str, dict]:
    found = {}
    base = keras.layers.Layer
    for name in sorted(dir(keras.layers)):
        cls = getattr(keras.layers, name)
        if not (isinstance(cls, type) and issubclass(cls, base)) or SKIPPED.search(name):
            continue
        entry = _layer_entry(keras, cls)
        if entry is not None:
            found[name] = entry
    if _wraps_alike(keras, found):
        found["Bidirectional"] = {"wraps": "layer"}
    return found


def _bidirectional(keras, rnn: type, return_sequences: bool, units: int):
    return keras.layers.Bidirectional(rnn(units, return_sequences=return_sequences))


def _wraps_alike(keras, found: dict[str, dict]) -> bool:
    """Whether ``Bidirectional(rnn)`` refuses the ranks ``rnn`` refuses and returns its rank
    (its outputs concatenated on the last axis), for each recurrent layer and both values of
    ``return_sequences``."""
    for name in ("LSTM", "GRU", "SimpleRNN"):
        inner = found.get(name)
        if inner is None:
            return False
        rnn = getattr(keras.layers, name)
        for value in (True, False):
            wrapped = partial(_bidirectional, keras, rnn, value)
            got = _summary({r: _probe(keras, wrapped, {"units": 4}, r) for r in RANKS})
            want = inner["out_by"]["return_sequences"][str(value).lower()]
            if got is None or got["out"] != want or got["refuses"] != inner["refuses"]:
                return False
    return True


def build() -> dict:
    import keras
    import tensorflow as tf
    import tf_keras

    return {
        "tensorflow_version": tf.__version__,
        "keras_version": keras.__version__,
        "tf_keras_version": tf_keras.__version__,
        "keras": _layers(keras),
        "tf_keras": _layers(tf_keras),
    }


def dump(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    raise SystemExit(write_or_check(__doc__, build, dump, DATA))

"""Generate the ops whose gradient a ``tf.where`` cannot guard, by running each one.

    python scripts/generate_where_nan_ops.py            # write linter/data/where_nan_ops.json
    python scripts/generate_where_nan_ops.py --check    # exit 1 if the committed data is stale

TF989 (where-unselected-branch-nan-gradient) reports ``tf.where(x > 0, op(x), 0.)`` where the
unselected branch's gradient is NaN; this file is where its ops come from. Every public function
of ``tf.math``, ``tf.nn`` and ``keras.ops`` is called under a ``GradientTape`` on the float
tensor ``x = [0., -1., 0.5]`` (``op(x)``, and ``op(1., x)`` for one that divides by its second
argument), inside ``tf.where(x > 0, ..., 0.)``:

* ``unbounded``: the gradient with respect to ``x`` has a NaN (``log``, ``reciprocal``,
  ``rsqrt``: an infinite derivative at the edge, times the zero of the unselected branch);
* ``nan_value``: that gradient is finite, but the op's value is NaN or infinite at the edge, so
  the gradient of a factor beside it (``alpha * sqrt(x)``) is NaN;
* ``divisors``: two-argument ops whose gradient is NaN that way through their second argument
  (``divide``, ``truediv``).

Each entry maps the op's last name (what TF989 matches, as ``tf.math.log`` and ``tf.log`` are one
op) to the probed paths that have it. An op a probe cannot call is left out (not known to be
unsafe).
"""

from __future__ import annotations

import inspect
import json
import os
import sys
import warnings
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generated_data import public_names, write_or_check

DATA = Path(__file__).resolve().parent.parent / "linter" / "data" / "where_nan_ops.json"
# ops that would not say anything about a guard: they draw random numbers, or are the guards
# themselves (a `where` inside the branch), or take their input apart
SKIPPED = ("random", "where", "switch", "cond", "case", "while", "map_fn", "scan", "unsorted")


def _not_finite(value) -> bool:
    import numpy as np

    array = np.asarray(value, dtype="float64")
    return not bool(np.all(np.isfinite(array)))


def _probe(tf, op, binary: bool) -> str | None:
    """ "unbounded", "nan_value" or None (safe, or not callable so)."""
    x = tf.constant([0.0, -1.0, 0.5])
    alpha = tf.Variable(2.0)
    try:
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            value = op(tf.constant(1.0), x) if binary else op(x)
            value = tf.convert_to_tensor(value)
            if value.dtype != tf.float32 or value.shape != x.shape:
                return None
            plain = tf.reduce_sum(tf.where(x > 0, value, 0.0))
            scaled = tf.reduce_sum(tf.where(x > 0, alpha * value, 0.0))
        grad_x = tape.gradient(plain, x)
        grad_alpha = tape.gradient(scaled, alpha)
    except Exception:
        return None
    if grad_x is None:
        return None
    if _not_finite(grad_x):
        return "unbounded"
    if grad_alpha is not None and _not_finite(grad_alpha) and _not_finite(value):
        return "nan_value"
    return None


def _functions(tf, keras):
    for prefix, module in (
        ("tensorflow.math.", tf.math),
        ("tensorflow.nn.", tf.nn),
        ("keras.ops.", keras.ops),
    ):
        for name, obj in public_names(module):
            if callable(obj) and not inspect.isclass(obj) and not name.startswith(SKIPPED):
                yield prefix + name, name, obj


def _required(fn) -> int | None:
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    return sum(
        p.default is inspect.Parameter.empty
        and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        for p in params
    )


def build() -> dict:
    import keras
    import tensorflow as tf

    found: dict[str, dict[str, list[str]]] = {"unbounded": {}, "nan_value": {}, "divisors": {}}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for path, name, fn in _functions(tf, keras):
            required = _required(fn)
            if required == 1:
                kind = _probe(tf, fn, binary=False)
            elif required == 2:
                kind = "divisors" if _probe(tf, fn, binary=True) == "unbounded" else None
            else:
                kind = None
            if kind is not None:
                found[kind].setdefault(name, []).append(path)
    return {
        "tensorflow_version": tf.__version__,
        "keras_version": keras.__version__,
        **{kind: dict(sorted(ops.items())) for kind, ops in found.items()},
    }


def dump(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=False) + "\n"


if __name__ == "__main__":
    sys.exit(write_or_check(__doc__, build, dump, DATA))

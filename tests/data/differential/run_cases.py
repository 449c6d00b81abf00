"""Run each case of the given modules' ``cases(workdir)`` under TensorFlow and print what it
computed, as JSON: ``{module: {case: value or "error: Type"}}``, each module from the same
global seed and in the same folder. Used by
tests/test_fix_differential.py, in a subprocess (it imports TensorFlow)."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np
import tensorflow as tf


def describe(value, depth: int = 0):
    """A JSON-able picture of what a case computed."""
    if depth > 6:
        return "..."
    if isinstance(value, tf.SparseTensor):
        return {
            "sparse": [
                describe(v, depth + 1) for v in (value.indices, value.values, value.dense_shape)
            ]
        }
    if isinstance(value, tf.RaggedTensor):
        return {"ragged": repr(value.to_list())}
    if isinstance(value, (tf.Tensor, tf.Variable, np.ndarray, np.generic)):
        array = np.asarray(value)
        if array.dtype.kind in "fc":
            array = np.round(
                array.astype(np.complex128 if array.dtype.kind == "c" else np.float64), 5
            )
            return {"dtype": str(value.dtype), "value": repr(array.tolist())}
        return {"dtype": str(value.dtype), "value": repr(array.tolist())}
    if isinstance(value, dict):
        return {str(k): describe(v, depth + 1) for k, v in sorted(value.items(), key=str)}
    if isinstance(value, (list, tuple)):
        return [describe(v, depth + 1) for v in value]
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return repr(value)
    if hasattr(value, "get_config"):
        config = value.get_config()
        if callable(value):  # an initializer: what it produces says more than its config
            try:
                return {type(value).__name__: describe(value([2, 3]), depth + 1)}
            except Exception:
                pass
        return {type(value).__name__: repr(sorted(config.items(), key=str))}
    return type(value).__name__


def run(path: str, workdir: str) -> dict:
    spec = importlib.util.spec_from_file_location(f"cases_{abs(hash(path))}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = {}
    tf.random.set_seed(0)
    for name, case in module.cases(workdir).items():
        try:
            out[name] = describe(case())
        except Exception as error:  # recorded: the caller decides what is allowed
            out[name] = f"error: {type(error).__name__}"
    return out


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as workdir:  # one folder: paths in results compare
        print(json.dumps({path: run(path, workdir) for path in sys.argv[1:]}))

"""Prove the fact ``knowledge.numpy_only_function`` keeps for scikit-learn: its metrics need
NumPy values (they convert their inputs with ``np.asarray``), so a graph tensor fails them.

    python scripts/probe_sklearn_metrics.py    # needs scikit-learn and TensorFlow

Every public function of ``sklearn.metrics`` whose first parameter is ``y_true`` (or
``labels_true``) and that works on two small NumPy arrays is called on the same values as
tensors inside a ``tf.function``. scikit-learn 1.9.1 under TF 2.21: 55 work eagerly, all 55
fail traced. The script exits 1 if any works traced (the prefix fact would then be wrong).
"""

from __future__ import annotations

import inspect
import sys
import warnings


def main() -> int:
    import numpy as np
    import sklearn
    import sklearn.metrics as metrics
    import tensorflow as tf

    warnings.filterwarnings("ignore")
    y_true = np.array([0, 1, 1, 0, 1, 0], dtype=np.int64)
    y_score = np.array([0.1, 0.9, 0.7, 0.3, 0.6, 0.2])
    works, traced_ok = [], []
    for name in sorted(dir(metrics)):
        function = getattr(metrics, name)
        if name.startswith("_") or not inspect.isfunction(function):
            continue
        params = list(inspect.signature(function).parameters)
        if len(params) < 2 or params[0] not in ("y_true", "labels_true"):
            continue
        given = None
        for second in (y_score, (y_score > 0.5).astype(np.int64)):
            try:
                function(y_true, second)
            except Exception:
                continue
            given = second
            break
        if given is None:
            continue
        works.append(name)
        try:
            tf.function(lambda a, b, f=function: f(a, b))(tf.constant(y_true), tf.constant(given))
        except Exception:
            continue
        traced_ok.append(name)
    print(f"scikit-learn {sklearn.__version__}, TensorFlow {tf.__version__}:")
    print(f"{len(works)} metrics work on arrays, {len(works) - len(traced_ok)} fail traced")
    if traced_ok:
        print("work traced:", ", ".join(traced_ok))
    return 1 if traced_ok else 0


if __name__ == "__main__":
    sys.exit(main())

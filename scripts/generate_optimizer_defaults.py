"""Generate the default learning rates of the Keras and TF1 optimizers, by running each version.

    python scripts/generate_optimizer_defaults.py --python /tmp/tf115/bin/python ...  # write
    python scripts/generate_optimizer_defaults.py --probe   # this interpreter's versions, as JSON

TF905 (optimizer-default-learning-rate-changed) says what an optimizer's default learning rate
was and is; this file is where those numbers come from. Each ``--python`` interpreter (one per
TensorFlow/Keras installation: old TensorFlows install on the older Pythons) runs this script's
``--probe``, which constructs every optimizer of every optimizer API the installation has with
no arguments and reads the learning rate it got (``get_config()``, or the TF1 optimizer's own
attribute); an optimizer whose constructor requires a learning rate is "required". The
environments are written to ``rules/data/optimizer_defaults.json`` oldest first, each with its
versions. tests/test_api_misuse.py probes the installed packages again and checks their entry.

APIs probed (where installed): standalone ``keras.optimizers`` (Keras 2.x before it became
tf.keras, and Keras 3), ``tensorflow.keras.optimizers``, ``tf_keras.optimizers`` and TF1's
``tensorflow.compat.v1.train.<Name>Optimizer``.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")

DATA = Path(__file__).resolve().parent.parent / "rules" / "data" / "optimizer_defaults.json"
OPTIMIZERS = ("Adadelta", "Adagrad", "Adam", "Adamax", "Nadam", "RMSprop", "SGD")


def _version(package: str) -> str | None:
    try:
        from importlib import metadata
    except ImportError:  # Python 3.7
        import pkg_resources

        try:
            return pkg_resources.get_distribution(package).version
        except Exception:
            return None
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


def _rate(optimizer: object) -> float:
    """The learning rate an optimizer was built with, read from the object itself."""
    if hasattr(optimizer, "get_config"):
        config = optimizer.get_config()
        value = config.get("learning_rate", config.get("lr"))
    else:  # a TF1 tf.train optimizer
        value = getattr(optimizer, "_learning_rate", None)
        if value is None:
            value = optimizer._lr  # Adadelta's, Adagrad's
    if isinstance(value, dict):  # a serialised schedule: not a default
        raise ValueError(f"learning rate is a schedule: {value}")
    if hasattr(value, "numpy"):
        value = value.numpy()
    return float(format(float(value), ".6g"))  # float32 storage: 0.0020000001 was 0.002


def _probe_api(namespace: object, suffix: str = "") -> dict[str, object]:
    found: dict[str, object] = {}
    for name in OPTIMIZERS:
        cls = getattr(namespace, name + suffix, None)
        if cls is None:
            continue
        params = inspect.signature(cls.__init__).parameters
        param = params.get("learning_rate", params.get("lr"))
        if param is not None and param.default is inspect.Parameter.empty:
            found[name] = "required"
            continue
        found[name] = _rate(cls())
    return found


def probe() -> dict:
    """This interpreter's optimizer APIs and the learning rate each optimizer gets by default."""
    warnings.filterwarnings("ignore")
    versions = {"python": "{}.{}".format(*sys.version_info[:2])}
    apis: dict[str, dict[str, object]] = {}
    for package in ("tensorflow", "tensorflow-cpu", "keras", "tf-keras"):
        version = _version(package)
        if version is not None:
            versions[package.replace("-cpu", "")] = version
    if "tensorflow" in versions:
        import tensorflow as tf

        apis["tensorflow.keras.optimizers"] = _probe_api(tf.keras.optimizers)
        v1 = getattr(getattr(tf, "compat", None), "v1", None)
        train = v1.train if v1 is not None else tf.train
        apis["tensorflow.compat.v1.train"] = _probe_api(train, "Optimizer")
    if "keras" in versions:
        import keras

        apis["keras.optimizers"] = _probe_api(keras.optimizers)
    if "tf-keras" in versions:
        import tf_keras

        apis["tf_keras.optimizers"] = _probe_api(tf_keras.optimizers)
    return {"versions": versions, "apis": apis}


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split(".")[:3] if part.isdigit())


def build(pythons: list[str]) -> dict:
    environments = []
    for python in pythons:
        done = subprocess.run(
            [python, __file__, "--probe"], capture_output=True, text=True, check=True
        )
        environments.append(json.loads(done.stdout.strip().splitlines()[-1]))
    environments.sort(
        key=lambda e: (_key(e["versions"].get("tensorflow", "0")), _key(e["versions"]["python"]))
    )
    return {"optimizers": list(OPTIMIZERS), "environments": environments}


def dump(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--probe", action="store_true", help="print this interpreter's defaults")
    parser.add_argument(
        "--python", action="append", default=[], help="an interpreter to probe (repeatable)"
    )
    parser.add_argument("--output", type=Path, default=DATA)
    args = parser.parse_args()
    if args.probe:
        print(json.dumps(probe(), sort_keys=True))
        return 0
    args.output.write_text(dump(build(args.python or [sys.executable])), encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

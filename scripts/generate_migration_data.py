"""Generate tf2lint's TF1 -> TF2 migration data from the installed TensorFlow's upgrade tables.

    python scripts/generate_migration_data.py            # write linter/data/tf1_migration.json
    python scripts/generate_migration_data.py --check    # exit 1 if the committed data is stale

The tables come from ``tensorflow.tools.compatibility.tf_upgrade_v2.TFAPIChangeSpec`` (which
reads ``all_renames_v2``, ``renames_v2``, ``reorders_v2`` and ``module_deprecations_v2``).
Two facts are added by looking at the live API, because the linter needs them to decide how
safe a rename is:

* ``rename_safety[old]``: ``"same"`` when ``tf.compat.v1.<old>`` and ``tf.<new>`` are the same
  Python object, ``"positional"`` when they are different functions with the same number and
  kinds of parameters (the same call works if every argument is positional), else
  ``"different"``.
* ``renames_in_v1``: the new names that also exist in ``tf.compat.v1`` (so a module that
  imports ``tensorflow.compat.v1 as tf`` can use them through its own alias).
* ``in_v2``: the table entries whose TF1 name is also a valid TF2 name (``tf.assert_equal``,
  ``tf.nn.embedding_lookup``): the linter reports those only in modules that are TF1 code.
* ``dataset_v1_only_members``: the public members of TF1's ``tf.compat.v1.data.Dataset`` that
  TF2's ``tf.data.Dataset`` lacks (``make_one_shot_iterator``, ``output_shapes``...).
* ``layer_functions``: TF1's functional layers (``tf.compat.v1.layers.conv2d``, read from tf-keras) that neither
  ``keras.layers`` nor ``tf_keras.layers`` has, each with the layer class of the same name
  (``Conv2D``) both Keras packages have.
* ``reorder_v2_params``: the TF2 parameter names of the reordered functions, so that only
  positional arguments that bind differently in TF2 need a keyword.

The ``contrib_*`` keys that ``tf_upgrade_v2`` adds for ``from tensorflow.contrib import x as
contrib_x`` are left out: tf2lint resolves import aliases, so ``contrib_x.f`` is already
``tf.contrib.x.f``.
"""

from __future__ import annotations

import functools
import inspect
import json
import os
import sys
import types
from pathlib import Path

from generated_data import write_or_check

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

# The modules of TensorFlow's public API (Keras 3 serves tf.keras); others are leaves.
API_MODULES = ("tensorflow._api.", "keras._tf_keras.")
DATA = Path(__file__).resolve().parent.parent / "linter" / "data" / "tf1_migration.json"


def _keep(name: str) -> bool:
    return not name.startswith("contrib_")


def _resolve(root, dotted: str):
    obj = root
    for part in dotted.split(".")[1:]:  # drop the leading "tf"
        try:
            obj = getattr(obj, part)
        except Exception:
            return None
    return obj


def _signature(fn) -> dict | None:
    """The parameters of ``fn`` as data: ``args`` (those a positional argument can bind, in
    order), ``kwonly``, and ``varargs``/``varkw`` when it takes ``*args``/``**kwargs``."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    kinds = inspect.Parameter
    out: dict = {"args": []}
    for p in params:
        if p.kind in (kinds.POSITIONAL_ONLY, kinds.POSITIONAL_OR_KEYWORD):
            out["args"].append(p.name)
        elif p.kind is kinds.KEYWORD_ONLY:
            out.setdefault("kwonly", []).append(p.name)
        elif p.kind is kinds.VAR_POSITIONAL:
            out["varargs"] = True
        else:
            out["varkw"] = True
    return out


def _defaults(fn) -> list | None:
    try:
        return [p.default for p in inspect.signature(fn).parameters.values()]
    except (TypeError, ValueError):
        return None


def _same(before, after) -> bool:
    """Whether two API objects mean the same: one object, or two thin wrappers (TF's export and
    dispatch decorators) of one function with one signature."""
    if before is after:
        return True
    if not (callable(before) and callable(after)) or isinstance(before, type):
        return False
    try:
        unwrapped = inspect.unwrap(before) is inspect.unwrap(after)
        return unwrapped and inspect.signature(before) == inspect.signature(after)
    except (TypeError, ValueError):
        return False


def _safety(tf, old: str, new: str, keywords: dict) -> str:
    """``same``, ``positional`` (every positional argument binds the parameter TF2 calls by
    ``keywords``' new name, with the same default) or ``different``."""
    before = _resolve(tf.compat.v1, old)
    after = _resolve(tf, new)
    if before is None or after is None:
        return "different"
    if _same(before, after):
        return "same"
    a, b = _signature(before), _signature(after)
    if a is None or b is None or not callable(before) or isinstance(before, type):
        return "different"
    renamed = [keywords.get(name, name) for name in a["args"]]
    if renamed != b["args"] or {k: v for k, v in a.items() if k != "args"} != {
        k: v for k, v in b.items() if k != "args"
    }:
        return "different"
    try:
        same_defaults = _defaults(before) == _defaults(after)
    except Exception:  # a default whose == does not return a bool (an array)
        same_defaults = False
    return "positional" if same_defaults else "different"


def _transformer(fn) -> dict:
    """The transformer's name, and the argument it looks for, if it is a configured partial."""
    if isinstance(fn, functools.partial):
        out = {"transform": fn.func.__name__}
        if isinstance(fn.keywords.get("arg_name"), str):
            out["arg"] = fn.keywords["arg_name"]
        return out
    return {"transform": getattr(fn, "__name__", type(fn).__name__)}


def _walk_v1(tf) -> tuple[list[str], list[str]]:
    """Every public name of ``tf.compat.v1`` that means the same in ``tf`` (a module the same
    object stands for its whole subtree), and the ``tf.compat.v1`` modules TF2 lacks."""
    same: list[str] = []
    v1_only: list[str] = []
    seen: set[int] = set()

    def walk(module, path: str) -> None:
        if id(module) in seen:
            return
        seen.add(id(module))
        try:
            names = sorted(dir(module))
        except Exception:  # a lazy loader whose package is not installed (tf.layers)
            return
        for name in names:
            if name.startswith("_"):
                continue
            dotted = f"{path}.{name}"
            if dotted == "tf.compat":  # tf.compat.v1 and .v2 are spelled out: same either way
                same.append(dotted)
                continue
            try:
                before = getattr(module, name)
            except Exception:
                continue
            after = _resolve(tf, dotted)
            if isinstance(before, types.ModuleType):
                if after is before:
                    same.append(dotted)
                    continue
                if after is None:
                    v1_only.append(dotted)
                if getattr(before, "__name__", "").startswith(API_MODULES):
                    walk(before, dotted)  # not unittest.mock, absl's flags, ...
            elif after is not None and _same(before, after):
                same.append(dotted)

    walk(tf.compat.v1, "tf")
    return sorted(same), sorted(v1_only)


def _layer_functions(tf) -> dict[str, str]:
    """TF1's lowercase functional layers that Keras lacks -> the Keras layer class they build."""
    import importlib

    import keras
    import tf_keras

    # what `tf.compat.v1.layers` is under TF_USE_LEGACY_KERAS=1 (under Keras 3 it fails to load)
    v1 = importlib.import_module("tf_keras.api._v1.keras.__internal__.legacy.layers")
    classes = {n.lower(): n for n in dir(v1) if n[:1].isupper()}
    found = {}
    for name in sorted(dir(v1)):
        if not name[:1].islower() or not inspect.isfunction(getattr(v1, name)):
            continue
        if hasattr(keras.layers, name) or hasattr(tf_keras.layers, name):
            continue
        cls = classes.get(name.replace("_", ""))
        if cls is not None and hasattr(keras.layers, cls) and hasattr(tf_keras.layers, cls):
            found[name] = cls
    return found


def build() -> dict:
    """The migration data, from the installed TensorFlow."""
    import tensorflow as tf
    from tensorflow.tools.compatibility import tf_upgrade_v2

    spec = tf_upgrade_v2.TFAPIChangeSpec()
    renames = {k: v for k, v in sorted(spec.symbol_renames.items()) if _keep(k)}
    keyword_renames = {
        k: dict(sorted(v.items()))
        for k, v in sorted(spec.function_keyword_renames.items())
        if _keep(k)
    }
    safety = {}
    in_v1 = []
    same_in_v1 = []
    for old, new in renames.items():
        if new.startswith("tf.compat.v1."):
            continue
        safety[old] = _safety(tf, old, new, keyword_renames.get(old, {}))
        in_compat = _resolve(tf.compat.v1, new)
        if in_compat is not None:
            in_v1.append(new)
            if _same(_resolve(tf.compat.v1, old), in_compat):
                same_in_v1.append(old)
    reorders = {k: list(v) for k, v in sorted(spec.function_reorders.items()) if _keep(k)}
    warnings = {
        k: [level, message]
        for k, (level, message) in sorted(spec.function_warnings.items())
        if _keep(k)
    }
    arg_warnings = {
        k: [[kw, pos, level, message] for (kw, pos), (level, message) in sorted(v.items())]
        for k, v in sorted(spec.function_arg_warnings.items())
        if _keep(k)
    }
    transformers = {
        k: _transformer(v) for k, v in sorted(spec.function_transformers.items()) if _keep(k)
    }
    names = {*renames, *reorders, *warnings, *transformers}
    in_v2 = sorted(n for n in names if n.startswith("tf.") and _resolve(tf, n) is not None)
    signatures = {}
    in_v2_renames = {n for n in renames if n in in_v2}
    for name in sorted(
        {*reorders, *keyword_renames, *arg_warnings, *transformers, *warnings, *in_v2_renames}
    ):
        if not name.startswith("tf."):
            continue
        target = renames.get(name, name)
        v1 = _resolve(tf.compat.v1, name)
        v2 = None if target.startswith("tf.compat.v1.") else _resolve(tf, target)
        signatures[name] = {
            "v1": _signature(v1) if callable(v1) else None,
            "v2": _signature(v2) if callable(v2) else None,
        }
    same_in_v2, v1_only_modules = _walk_v1(tf)
    return {
        "tensorflow_version": tf.__version__,
        "source": "tensorflow.tools.compatibility.tf_upgrade_v2.TFAPIChangeSpec",
        "renames": renames,
        "rename_safety": safety,
        "renames_in_v1": sorted(set(in_v1)),
        "renames_same_in_v1": same_in_v1,
        "keyword_renames": keyword_renames,
        "reorders": reorders,
        "signatures": signatures,
        "in_v2": in_v2,
        "warnings": warnings,
        "arg_warnings": arg_warnings,
        "transformers": transformers,
        "module_deprecations": {
            k: [level, message] for k, (level, message) in sorted(spec.module_deprecations.items())
        },
        "v1_only_modules": v1_only_modules,
        # `import tensorflow.compat.v2 as tf` is TF2, plus these few names `tf` lacks
        "compat_v2_only": sorted(
            f"tf.{n}" for n in set(dir(tf.compat.v2)) - set(dir(tf)) if not n.startswith("_")
        ),
        "same_in_v2": same_in_v2,
        "dataset_v1_only_members": sorted(
            n
            for n in set(dir(tf.compat.v1.data.Dataset)) - set(dir(tf.data.Dataset))
            if not n.startswith("_")
        ),
        "layer_functions": _layer_functions(tf),
    }


def dump(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=False, ensure_ascii=False) + "\n"


def main() -> int:
    return write_or_check(__doc__, build, dump, DATA)


if __name__ == "__main__":
    sys.exit(main())

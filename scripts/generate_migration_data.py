"""Generate tf2lint's TF1 -> TF2 migration data from the installed TensorFlow's upgrade tables.

    python scripts/generate_migration_data.py            # write rules/data/tf1_migration.json
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
* ``reorder_v2_params``: the TF2 parameter names of the reordered functions, so that only
  positional arguments that bind differently in TF2 need a keyword.

The ``contrib_*`` keys that ``tf_upgrade_v2`` adds for ``from tensorflow.contrib import x as
contrib_x`` are left out: tf2lint resolves import aliases, so ``contrib_x.f`` is already
``tf.contrib.x.f``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import inspect
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

DATA = Path(__file__).resolve().parent.parent / "rules" / "data" / "tf1_migration.json"


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


def _shape(fn) -> tuple | None:
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    return tuple((p.kind, p.default is inspect.Parameter.empty) for p in params)


def _safety(tf, old: str, new: str) -> str:
    before = _resolve(tf.compat.v1, old)
    after = _resolve(tf, new)
    if before is None or after is None:
        return "different"
    if before is after:
        return "same"
    if callable(before) and callable(after):
        a, b = _shape(before), _shape(after)
        if a is not None and a == b:
            return "positional"
    return "different"


def _transformer(fn) -> dict:
    """The transformer's name, and the argument it looks for, if it is a configured partial."""
    if isinstance(fn, functools.partial):
        out = {"transform": fn.func.__name__}
        if isinstance(fn.keywords.get("arg_name"), str):
            out["arg"] = fn.keywords["arg_name"]
        return out
    return {"transform": getattr(fn, "__name__", type(fn).__name__)}


def build() -> dict:
    """The migration data, from the installed TensorFlow."""
    import tensorflow as tf
    from tensorflow.tools.compatibility import tf_upgrade_v2

    spec = tf_upgrade_v2.TFAPIChangeSpec()
    renames = {k: v for k, v in sorted(spec.symbol_renames.items()) if _keep(k)}
    safety = {}
    in_v1 = []
    for old, new in renames.items():
        if new.startswith("tf.compat.v1."):
            continue
        safety[old] = _safety(tf, old, new)
        if _resolve(tf.compat.v1, new) is not None:
            in_v1.append(new)
    reorders = {k: list(v) for k, v in sorted(spec.function_reorders.items()) if _keep(k)}
    warnings = {
        k: [level, message]
        for k, (level, message) in sorted(spec.function_warnings.items())
        if _keep(k)
    }
    transformers = {
        k: _transformer(v) for k, v in sorted(spec.function_transformers.items()) if _keep(k)
    }
    names = {*renames, *reorders, *warnings, *transformers}
    in_v2 = sorted(n for n in names if n.startswith("tf.") and _resolve(tf, n) is not None)
    v2_params = {}
    for name in reorders:
        fn = _resolve(tf, name) if name.startswith("tf.") else None
        if fn is not None and callable(fn):
            with contextlib.suppress(TypeError, ValueError):
                v2_params[name] = list(inspect.signature(fn).parameters)
    return {
        "tensorflow_version": tf.__version__,
        "source": "tensorflow.tools.compatibility.tf_upgrade_v2.TFAPIChangeSpec",
        "renames": renames,
        "rename_safety": safety,
        "renames_in_v1": sorted(set(in_v1)),
        "keyword_renames": {
            k: dict(sorted(v.items()))
            for k, v in sorted(spec.function_keyword_renames.items())
            if _keep(k)
        },
        "reorders": reorders,
        "reorder_v2_params": v2_params,
        "in_v2": in_v2,
        "warnings": warnings,
        "arg_warnings": {
            k: [[kw, pos, level, message] for (kw, pos), (level, message) in sorted(v.items())]
            for k, v in sorted(spec.function_arg_warnings.items())
            if _keep(k)
        },
        "transformers": transformers,
        "module_deprecations": {
            k: [level, message] for k, (level, message) in sorted(spec.module_deprecations.items())
        },
    }


def dump(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=False, ensure_ascii=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the committed data")
    parser.add_argument("--output", type=Path, default=DATA)
    args = parser.parse_args()
    text = dump(build())
    if args.check:
        same = args.output.exists() and args.output.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{args.output} is stale: regenerate it")
        return 0 if same else 1
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

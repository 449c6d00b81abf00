"""Generate tf2lint's history of Keras 2: what ``tf.keras`` had in TensorFlow 2.x releases before
tf-keras 2.21 that neither tf-keras 2.21 nor Keras 3 has.

    python scripts/generate_keras_history.py            # write linter/data/keras2_history.json
    python scripts/generate_keras_history.py --check    # exit 1 if the committed data is stale

``linter/data/keras3_migration.json`` (scripts/generate_keras3_data.py) compares tf-keras 2.21
with Keras 3, so what Keras 2 itself removed during TF 2.x (``Sequential.predict_classes`` after
2.5, the optimizers' ``get_updates`` after 2.10, ``tf.keras.wrappers.scikit_learn`` after 2.11,
``tf.keras.mixed_precision.experimental``) is not in it. This script introspects the public API
of ``tf.keras`` of every old ``tensorflow-cpu`` it is given (``scripts/keras_api_dump.py`` run by
that TensorFlow's own Python), and compares it with the installed tf-keras and Keras 3 (TF
2.16+'s ``tf.keras``) the way the main table is built:

* ``symbols``: public paths Keras 3 lacks (and tf-keras 2.21 too), with the first and last
  release seen that had them; ``replacement`` is the path of the very same object in that
  release when Keras 3 has it (a removed alias: ``initializers.normal`` was
  ``initializers.RandomNormal``, ``safe``), else a Keras 3 object of the same name (unsafe).
* ``members``: public members of classes Keras 3 still has that neither Keras 3 (class or
  instance) nor tf-keras 2.21 has, recorded on the most basic public class that had them; for
  the optimizer, whose subclasses Keras 2 built on private hooks, its single-underscore
  members too (``_set_hyper``, ``_resource_apply_dense``, ``_decayed_lr``).
* ``arguments``: constructor and function keywords an old release took (named, or read out of
  ``**kwargs`` by its source: ``TensorBoard(write_grads=)``) that Keras 3 refuses (no such
  parameter and no ``**kwargs``, or a probe that Keras 3 refuses by name, or warns it ignores:
  ``SGD(decay=)``), and that the main
  table does not already have; ``new`` is the parameter the old source made it another name
  of (``l2 = kwargs.pop("l", l2)``: ``regularizers.l2(l=)`` is ``l2=``) when Keras 3 has it.

* module layouts, in ``symbols`` with ``"layout": true``: the modules of the ``keras`` 2.x
  package (``keras.engine.topology``, ``keras.layers.merge``, ``keras.utils.np_utils``) that
  Keras 3's ``keras`` cannot import, from the package each old TensorFlow installed (2.5-2.12;
  from 2.13 its modules are under ``keras.src``) and from the standalone multi-backend keras
  scripts of the TF 2.0-2.2 era imported (``TF2LINT_KERAS_PACKAGES``: ``os.pathsep``-separated
  Pythons with that package importable; default ``/tmp/dev-keras3b-keras*/python``, a wrapper
  that puts keras 2.3.1 beside TF 2.1). ``first`` and ``last`` are keras package versions
  (``packages`` lists them), ``names`` where the module's public names went: the ``tf.keras``
  path of the very same object where Keras 3 has it (a pure move: ``safe``), else a Keras 3
  object of the same name and kind (another implementation: unsafe).

* ``distribute``: methods of ``tf.distribute`` classes that an old release had and the installed
  TensorFlow lacks (``Strategy.experimental_run_v2``, gone in TF 2.4), with ``renamed`` where
  the old method only forwarded its arguments to one TensorFlow still has (``run``).

Each entry keeps its versions (``first``, ``last``: the TensorFlow releases, among those
introspected, whose ``tf.keras`` had it) and its source (``introspection``). The releases are
the Pythons listed in ``TF2LINT_KERAS_HISTORY`` (``os.pathsep``-separated; default: the venvs
``/tmp/dev-keras3-tf*/bin/python`` the committed data was built from, one per tensorflow-cpu
release). TensorFlow's own ``RELEASE.md`` for 2.0-2.11 could not be read here (see
docs/keras3-migration.md); what it records as removed is what the introspection shows gone.
"""

from __future__ import annotations

import ast
import glob
import importlib
import importlib.util
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import generate_keras3_data as k3data
from generated_data import write_or_check

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "linter" / "data" / "keras2_history.json"
MAIN_TABLE = HERE.parent / "linter" / "data" / "keras3_migration.json"
DEFAULT_PYTHONS = "/tmp/dev-keras3-tf*/bin/python"
DEFAULT_PACKAGES = "/tmp/dev-keras3b-keras*/python"


def pythons() -> list[str]:
    listed = os.environ.get("TF2LINT_KERAS_HISTORY")
    found = listed.split(os.pathsep) if listed else glob.glob(DEFAULT_PYTHONS)
    return sorted(p for p in found if p and os.path.exists(p))


def package_pythons() -> list[str]:
    listed = os.environ.get("TF2LINT_KERAS_PACKAGES")
    found = listed.split(os.pathsep) if listed else glob.glob(DEFAULT_PACKAGES)
    return sorted(p for p in found if p and os.path.exists(p))


def dumps(only_package: bool = False) -> list[dict]:
    """The ``tf.keras`` API of each old TensorFlow, oldest first (``only_package``: the layout of
    each standalone keras package of ``TF2LINT_KERAS_PACKAGES``)."""
    out = []
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="")
    env.pop("TF_USE_LEGACY_KERAS", None)
    env.pop("PYTHONPATH", None)
    for python in package_pythons() if only_package else pythons():
        done = subprocess.run(
            [python, str(HERE / "keras_api_dump.py"), *(["--package"] if only_package else [])],
            env=env,
            capture_output=True,
            text=True,
            cwd="/",
        )
        if done.returncode != 0:
            raise RuntimeError(f"{python}: {done.stderr.strip().splitlines()[-1:]}")
        out.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return sorted(out, key=lambda d: _version(d["tensorflow"]))


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split(".")[:2])


def _release(dump: dict) -> str:
    return ".".join(dump["tensorflow"].split(".")[:2])


def _seen(entry: dict | None, release: str) -> dict:
    entry = dict(entry or {})
    entry.setdefault("first", release)
    entry["last"] = release
    return entry


def build() -> dict:
    import keras
    import tensorflow as tf
    import tf_keras

    keras2 = importlib.import_module(k3data.KERAS2_ROOT)
    keras3 = importlib.import_module(k3data.KERAS3_ROOT)
    api2, api3 = k3data.public_api(keras2), k3data.public_api(keras3)
    api_keras = k3data.public_api(keras)
    builder3 = k3data.Builder(keras3)
    main = json.loads(MAIN_TABLE.read_text(encoding="utf-8"))
    olds = dumps()

    def works3(path: str) -> bool:
        return path in api3 and k3data.stub_error(api3[path]) is None

    symbols: dict[str, dict] = {}
    members: dict[str, dict] = {}
    arguments: dict[str, dict] = {}
    members3: dict[str, set[str]] = {}
    for old in olds:
        release = _release(old)
        for path, entry in old["symbols"].items():
            if path in api2 or works3(path) or path in main["symbols"]:
                continue
            if any(path.startswith(p + ".") for p in (*main["symbols"], *symbols)):
                continue  # a removed module's names: the module is the finding
            found = _seen(symbols.get(path), release)
            found["kind"] = entry["kind"]
            same = entry.get("same_as")
            if same is not None and works3(same):
                found["replacement"], found["safe"] = same, True
            elif not found.get("safe"):
                found["replacement"], found["safe"] = _same_name(path, entry["kind"], api3), False
            found["in_keras"] = path in api_keras and k3data.stub_error(api_keras[path]) is None
            symbols[path] = found
        removed_here: dict[str, set[str]] = {}
        for cls, names in old["members"].items():
            if not works3(cls) or not isinstance(api3[cls], type):
                continue
            if cls not in members3:
                members3[cls] = _members3(cls, api3, builder3)
            have2 = (
                set(k3data.public_members(api2[cls])) if isinstance(api2.get(cls), type) else set()
            )
            if cls in ("Model", "Sequential") and isinstance(api2.get(cls), type):
                have2 |= k3data.public_members(k3data._keras2_model_instances(api2)[cls])
            gone = set(names) - members3[cls] - have2
            if gone:
                removed_here[cls] = gone
        for cls, gone in removed_here.items():
            inherited = set().union(
                *(removed_here.get(b, set()) for b in old["bases"].get(cls, []))
            )
            for name in sorted(gone - inherited):
                members.setdefault(cls, {})[name] = _seen(members.get(cls, {}).get(name), release)
        for path, params in old["params"].items():
            if not works3(path) or not callable(api3[path]):
                continue
            for keyword, entry in _refused_keywords(path, params, api3, builder3, main).items():
                prior = arguments.get(path, {}).get(keyword)
                arguments.setdefault(path, {})[keyword] = {**_seen(prior, release), **entry}
    layouts = [d["package"] for d in dumps(only_package=True) + olds if d.get("package")]
    layouts.sort(key=lambda layout: _version(layout["keras"]))
    for path, entry in module_layouts(layouts, works3, api3).items():
        if path not in symbols and path not in main["symbols"]:  # tf.keras's own entry first
            symbols[path] = entry
    symbols = dict(sorted(symbols.items()))
    kinds = kind_members(olds, api2, api3, builder3)
    distribute = distribute_history(olds)
    return {
        "tensorflow_version": tf.__version__,
        "keras_version": keras.__version__,
        "tf_keras_version": tf_keras.__version__,
        "releases": {
            _release(d): {"tensorflow": d["tensorflow"], "keras": d["keras"], "python": d["python"]}
            for d in olds
        },
        "packages": sorted({layout["keras"] for layout in layouts}, key=_version),
        "source": "introspection of tf.keras of each release (scripts/keras_api_dump.py), "
        f"against {k3data.KERAS2_ROOT} and {k3data.KERAS3_ROOT}",
        "symbols": dict(sorted(symbols.items())),
        "members": {c: dict(sorted(m.items())) for c, m in sorted(members.items())},
        "arguments": {p: dict(sorted(a.items())) for p, a in sorted(arguments.items())},
        "kind_members": kinds,
        "distribute": distribute,
    }


def module_layouts(layouts: list[dict], works3, api3: dict) -> dict[str, dict]:
    """The keras 2.x package's modules that Keras 3's ``keras`` cannot import, by dotted path
    under ``keras``, with the keras versions that had them and where their names went."""
    by_leaf: dict[tuple[str, str], list[str]] = {}
    for path3, obj in api3.items():
        if k3data.stub_error(obj) is None:
            by_leaf.setdefault((path3.rsplit(".", 1)[-1], k3data.kind_of(obj)), []).append(path3)
    found: dict[str, dict] = {}
    for layout in layouts:
        for path, names in layout["modules"].items():
            if _importable3(path):
                continue
            entry = found.setdefault(
                path,
                {
                    "first": layout["keras"],
                    "kind": "module",
                    "replacement": None,
                    "safe": False,
                    "in_keras": False,
                    "layout": True,
                    "names": {},
                },
            )
            entry["last"] = layout["keras"]
            for name, info in names.items():
                same = info["same_as"]
                if same is not None and works3(same):  # the very object, under a Keras 3 path
                    entry["names"][name] = {"path": same, "safe": True}
                    continue
                others = by_leaf.get((name, info["kind"]), [])
                if others and name not in entry["names"]:  # a Keras 3 object of that name
                    nearest = min(others, key=lambda p: k3data._nearness(p, f"{path}.{name}"))
                    entry["names"][name] = {"path": nearest, "safe": False}
    for entry in found.values():
        entry["names"] = dict(sorted(entry["names"].items()))
    return dict(sorted(found.items()))


def distribute_history(olds: list[dict]) -> dict[str, dict]:
    """The members of ``tf.distribute`` classes old releases had and this TensorFlow lacks."""
    import tensorflow as tf

    out: dict[str, dict] = {}
    for old in olds:
        release = _release(old)
        for cls, members in old.get("distribute", {}).items():
            current = getattr(tf.distribute, cls.split(".", 1)[1], None)
            if not isinstance(current, type):
                continue
            for member, forwards in members.items():
                if hasattr(current, member):
                    continue
                entry = _seen(out.get(cls, {}).get(member), release)
                if forwards is not None and hasattr(current, forwards):
                    entry["renamed"] = forwards
                out.setdefault(cls, {})[member] = entry
    return {c: dict(sorted(m.items())) for c, m in sorted(out.items())}


def _importable3(path: str) -> bool:
    """Whether Keras 3's ``keras`` imports ``keras.<path>`` (a module of its public API)."""
    try:
        return importlib.util.find_spec("keras." + path) is not None
    except ModuleNotFoundError:
        return False


# The public base class that an object known only by its kind stands for (`model.optimizer`:
# an optimizer of a class the code does not show). As `KIND_CLASSES` in linter/analysis/kinds.py.
KIND_BASES = (
    "Model",
    "layers.Layer",
    "optimizers.Optimizer",
    "metrics.Metric",
    "losses.Loss",
    "callbacks.Callback",
)
TF_KERAS = "tf-keras"


def kind_members(olds: list[dict], api2: dict, api3: dict, builder3) -> dict[str, dict]:
    """For each base in KIND_BASES, the members some Keras 2 class of that kind had (in a release
    introspected, or in tf-keras 2.21) that no Keras 3 class of that kind has, class or instance:
    on an object known only to be, say, an optimizer (`model.optimizer`, which `compile` made a
    `LossScaleOptimizer` under a mixed_float16 policy), `get_scaled_loss` fails whatever its
    class. ``{base: {member: {first, last}}}``, ``last`` "tf-keras" when tf-keras 2.21 has it."""
    canon2 = k3data.canonical_paths(api2)
    releases = [(_release(old), old["members"], old["bases"]) for old in olds]
    members2 = {
        p: sorted(k3data.public_members(o))
        for p, o in api2.items()
        if isinstance(o, type) and canon2.get(id(o)) == p
    }
    bases2 = {p: [canon2[id(b)] for b in api2[p].__mro__[1:] if id(b) in canon2] for p in members2}
    releases.append((TF_KERAS, members2, bases2))
    out: dict[str, dict] = {}
    for base in KIND_BASES:
        base3 = api3.get(base)
        if not isinstance(base3, type):
            continue
        have3: set[str] = set()
        seen: set[int] = set()
        for obj in api3.values():
            if not isinstance(obj, type) or id(obj) in seen or not issubclass(obj, base3):
                continue
            seen.add(id(obj))
            if k3data.stub_error(obj) is not None:
                continue
            have3 |= k3data.public_members(obj)
            have3 |= k3data._instance_members(builder3, obj)
        if issubclass(api3["Model"], base3):  # a model is a layer too: compiled, trained
            have3 |= _members3("Model", api3, builder3)
        found: dict[str, dict] = {}
        for release, members, bases in releases:
            for cls, names in members.items():
                if cls != base and base not in bases.get(cls, ()):
                    continue
                for name in set(names) - have3:
                    if name.startswith("_"):
                        continue  # a private hook: only its own class's history tells
                    found[name] = _seen(found.get(name), release)
        if found:
            out[base] = dict(sorted(found.items()))
    return out


def _same_name(path: str, kind: str, api3: dict) -> str | None:
    leaf = path.rsplit(".", 1)[-1]
    if kind == "module":
        return None
    candidates = [
        p
        for p, obj in api3.items()
        if p.rsplit(".", 1)[-1] == leaf
        and k3data.kind_of(obj) == kind
        and k3data.stub_error(obj) is None
    ]
    return min(candidates, key=lambda p: k3data._nearness(p, path)) if candidates else None


def _members3(cls: str, api3: dict, builder3) -> set[str]:
    """Keras 3's members of ``cls``: of the class, of an instance, and of a built model."""
    import numpy as np

    found = set(k3data.public_members(api3[cls])) | k3data._instance_members(builder3, api3[cls])
    # private hooks (keras_api_dump.PROTOCOL_CLASSES): Keras 3's own private names, of the class
    # and of an instance of it or of its nearest base that can be built
    found |= {n for n in dir(api3[cls]) if n.startswith("_")}
    for base in api3[cls].__mro__:
        instance, _ = k3data.try_construct(builder3, base)
        if instance is not None:
            found |= {n for n in dir(instance) if n.startswith("_")}
            break
    if cls in ("Model", "Sequential"):  # compiled and trained: Keras 3 sets `history` only then
        k = builder3.k
        with k3data.quiet():
            inputs = k.Input((2,))
            model = k.Model(inputs, k.layers.Dense(1)(inputs))
            model.compile(optimizer="sgd", loss="mse")
            model.fit(np.ones((2, 2)), np.ones((2, 1)), verbose=0)
            sequential = k.Sequential([k.Input((2,)), k.layers.Dense(1)])
            sequential.compile(optimizer="sgd", loss="mse")
            sequential.fit(np.ones((2, 2)), np.ones((2, 1)), verbose=0)
        found |= k3data.public_members(model) | k3data.public_members(sequential)
    return found


def _refused_keywords(path: str, params: dict, api3: dict, builder3, main: dict) -> dict:
    """The keywords of an old release's ``path`` that Keras 3 refuses, beyond the main table's."""
    new = api3[path]
    is_class = isinstance(new, type)
    sig = k3data._signature(new.__init__ if is_class else new)
    if sig is None:
        return {}
    named3 = {p.name for p in k3data._named(sig)}
    lineage = [path, *main["ancestors"].get(path, [])]
    listed = {k for owner in lineage for k in main["arguments"].get(owner, {})}
    old = [*params["named"], *params.get("read", [])]
    aliases = params.get("aliases", {})
    found = {}
    for keyword in old:
        alias = aliases.get(keyword) if aliases.get(keyword) in named3 else None
        if keyword in named3 or keyword.startswith("_") or (keyword in listed and alias is None):
            continue  # a keyword the main table lists is kept here only to name its new name
        entry: dict = {"new": alias}
        if k3data._varkw(sig):
            if not is_class:
                continue  # a function with **kwargs: nothing here can tell
            error = _probe(builder3, new, keyword)
            if error is None:
                continue
            entry["error"] = error
        found[keyword] = entry
    return found


_PROBED: dict[tuple[int, str], str | None] = {}


def _probe(builder3, cls: type, keyword: str) -> str | None:
    """:func:`_probe_once`, once per Keras 3 class and keyword (each release asks again)."""
    key = (id(cls), keyword)
    if key not in _PROBED:
        _PROBED[key] = _probe_once(builder3, cls, keyword)
    return _PROBED[key]


def _probe_once(builder3, cls: type, keyword: str) -> str | None:
    """Keras 3's refusal of ``keyword`` naming it, or its warning that it ignores it (an
    optimizer's ``decay=``: the program runs with other numbers), or None (taken, or the class
    cannot be built)."""
    taken = False  # some value was taken silently: a later refusal is of the value, not the name
    for value in (None, 1, True):
        caught: list = []
        _, error = k3data.try_construct(builder3, cls, caught, **{keyword: value})
        if error is None:
            ignored = [
                f"{w.category.__name__}: {w.message}"
                for w in caught
                if f"`{keyword}`" in str(w.message) and "ignored" in str(w.message)
            ]
            if ignored:
                return ignored[0]
            taken = True
        elif not taken and k3data._refusal(error, keyword):
            if f"{{'{keyword}': " in error and _named_in_source(cls, keyword):
                return None  # Keras 3 reads it by name, with other values (`Model(inputs=)`)
            return error
    return None


_STRINGS: dict[str, frozenset[str]] = {}


def _named_in_source(cls: type, keyword: str) -> bool:
    """Whether the source of a Keras module defining ``cls`` or a base spells ``keyword`` as a
    string (``"inputs" in kwargs``): a generic refusal of the probe's made-up value
    (``Model(inputs=None)``) is then not a refusal of the keyword."""
    for klass in cls.__mro__:
        module = getattr(klass, "__module__", "") or ""
        if not module.startswith("keras."):
            continue
        if module not in _STRINGS:
            try:
                tree = ast.parse(inspect.getsource(sys.modules[module]))
            except (OSError, TypeError, SyntaxError, KeyError):
                tree = None
            _STRINGS[module] = frozenset(
                n.value
                for n in (ast.walk(tree) if tree is not None else ())
                if isinstance(n, ast.Constant) and isinstance(n.value, str)
            )
        if keyword in _STRINGS[module]:
            return True
    return False


def dump(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=False, ensure_ascii=False) + "\n"


def main() -> int:
    return write_or_check(__doc__, build, dump, DATA)


if __name__ == "__main__":
    sys.exit(main())

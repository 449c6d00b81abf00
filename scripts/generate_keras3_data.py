"""Generate tf2lint's Keras 2 -> Keras 3 migration data from the two installed Keras packages.

    python scripts/generate_keras3_data.py            # write linter/data/keras3_migration.json
    python scripts/generate_keras3_data.py --check    # exit 1 if the committed data is stale

Needs TensorFlow >= 2.16 (whose ``tf.keras`` is Keras 3, the ``keras`` package) and ``tf-keras``
of the same version (Keras 2: ``tf_keras.api._v2.keras`` is what ``tf.keras`` was up to TF 2.15).
Nothing is copied by hand: every entry comes from comparing the two public APIs.

* ``symbols``: public modules, classes and functions under ``tf.keras`` that Keras 3 no longer
  has, or has only as a stub that raises (``tf.keras.optimizers.legacy.Adam``). ``replacement``
  is where the same thing lives in Keras 3: ``safe`` when Keras 2 already had it there as the
  very same object (a pure move), else a Keras 3 object of the same name (``safe`` false).
  ``in_keras``: the path still exists under the ``keras`` package itself (``import keras``).
* ``class_aliases``: other public paths of the classes named in these tables
  (``models.Sequential`` is ``Sequential``).
* ``members``: public methods and attributes of public classes that Keras 3 instances no longer
  have, recorded on the most basic public class that lost them; ``ancestors`` lists, for each
  public class, its public bases (Keras 2 MRO) that have entries, so a lookup is the union.
* ``arguments``: keyword arguments of public functions, constructors and user-called methods
  that Keras 2 declared (``inspect.signature``) and Keras 3 rejects: without ``**kwargs`` a
  missing parameter is a TypeError; with ``**kwargs`` the generator calls the Keras 3 API with
  the argument and keeps it only if that raises. ``new`` is a rename: the Keras 3 parameter
  at the same position with the same default; ``keras2_default`` (a literal) lets
  ``tf2lint verify`` pass the argument; ``position``, where a call could pass it by position
  and Keras 3 takes fewer positional arguments (``RNN.reset_states(states)``: none).
* ``call_arguments``: keywords of a public layer's ``call`` in Keras 2 (``lstm(inputs=x)``,
  ``rnn(x, constants=c)``) that calling the Keras 3 layer with fails to bind (built and called
  here); ``new`` is a rename as for ``arguments``.
* ``positional_moves``: constructors and functions whose Keras 3 signature binds a position
  to another parameter than Keras 2's (``Sequential(layers, name)``: the second is now
  ``trainable``; ``Metric.__init__(name, dtype)`` is ``(dtype, name)``); ``keras2`` is Keras
  2's positional parameters in order, ``moved`` the positions whose binding changed.
* ``defaults``: ``[Keras 2 default, Keras 3 default, position]`` of constructor and function
  parameters whose default changed (position among the named parameters), kept only where an
  object built with the Keras 2 default has a different ``get_config()`` than one built
  without it (so ``data_format=None`` that resolves to ``"channels_last"`` is not a change).
* ``layers``: which layer classes create no variable when built and called (Keras 3 and Keras
  2, by constructing and calling each one), and which Keras 3 layers own a random seed variable.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import inspect
import io
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import types
import warnings
from pathlib import Path

import generated_data
from generated_data import write_or_check

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")

DATA = Path(__file__).resolve().parent.parent / "linter" / "data" / "keras3_migration.json"
KERAS2_ROOT = "tf_keras.api._v2.keras"
KERAS3_ROOT = "keras._tf_keras.keras"  # what TF 2.16+'s `tf.keras` loads
# Keras 2's v1 API: what `tf.compat.v1.keras` was up to TF 2.15 (from TF 2.16 it is Keras 3's
# `tf.keras` again, KERAS3_ROOT).
KERAS2_V1_ROOT = "tf_keras.api._v1.keras"
EMPTY = inspect.Parameter.empty
# Methods that Keras calls and users override (their parameter names are not passed by
# keyword in user code) rather than call themselves.
HOOKS = frozenset(
    {
        "call",
        "build",
        "compute_output_shape",
        "compute_output_signature",
        "compute_mask",
        "get_initial_state",
        "update_step",
        "from_config",
        "get_config",
        "build_from_config",
    }
)


# --- the public APIs ----------------------------------------------------------------------------


# `keras.api` and `keras.src` (Keras 3's implementation and its API mirror) are not walked.
IMPLEMENTATION_MODULES = frozenset({"api", "src"})


def public_api(module: types.ModuleType) -> dict[str, object]:
    """Every public name reachable from ``module``, by dotted path relative to it."""
    return generated_data.public_api(module, unwalked=IMPLEMENTATION_MODULES)


def canonical_paths(api: dict[str, object]) -> dict[int, str]:
    """One path per object: the shortest, then the first alphabetically."""
    best: dict[int, str] = {}
    for path, obj in api.items():
        old = best.get(id(obj))
        if old is None or (path.count("."), path) < (old.count("."), old):
            best[id(obj)] = path
    return best


def kind_of(obj: object) -> str:
    if isinstance(obj, types.ModuleType):
        return "module"
    if isinstance(obj, type):
        return "class"
    return "function" if callable(obj) else "constant"


@contextlib.contextmanager
def quiet():
    with (
        warnings.catch_warnings(),
        contextlib.redirect_stdout(io.StringIO()),
        contextlib.redirect_stderr(io.StringIO()),
    ):
        warnings.simplefilter("ignore")
        yield


def stub_error(obj: object) -> str | None:
    """The error of a Keras 3 name kept only to raise (a class or function that takes anything
    and fails at once), else None."""
    if not callable(obj) or isinstance(obj, types.ModuleType):
        return None
    target = obj.__init__ if isinstance(obj, type) else obj
    try:
        params = list(inspect.signature(target).parameters.values())
    except (TypeError, ValueError):
        return None
    kinds = {p.kind for p in params if p.name != "self"}
    if kinds != {inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD}:
        return None
    try:
        with quiet():
            obj()
    except (ImportError, NotImplementedError) as error:
        return str(error).strip()
    except Exception:
        return None
    return None


# --- removed symbols ----------------------------------------------------------------------------


def removed_symbols(api2: dict, api3: dict, api_keras: dict) -> dict[str, dict]:
    by_name3: dict[str, list[str]] = {}
    for path in api3:
        by_name3.setdefault(path.rsplit(".", 1)[-1], []).append(path)
    out: dict[str, dict] = {}
    for path, obj in api2.items():
        error = None
        if path in api3:
            error = stub_error(api3[path])
            if error is None:
                continue
        entry: dict = {"kind": kind_of(obj), "replacement": None, "safe": False}
        if error is not None:
            entry["error"] = error
        replacement = _moved_to(path, obj, api2, api3)
        if replacement is not None:
            entry["replacement"], entry["safe"] = replacement, True
        else:
            entry["replacement"] = _same_name(path, obj, api3, by_name3)
        entry["in_keras"] = path in api_keras and stub_error(api_keras[path]) is None
        out[path] = entry
    return out


def compat_v1_symbols(api2_v1: dict, api3: dict, api_keras: dict, symbols: dict) -> dict:
    """Public paths of Keras 2's ``tf.compat.v1.keras`` that TF 2.16+'s (Keras 3's ``tf.keras``
    under that name) lacks, less those ``symbols`` already has for ``tf.keras``: the v1-only
    API (``backend.get_session``, ``layers.CuDNNLSTM``, the v1 optimizers' names)."""
    removed = removed_symbols(api2_v1, api3, api_keras)
    return {path: entry for path, entry in removed.items() if path not in symbols}


def package_symbols(api2: dict, api3: dict, api_keras: dict) -> dict[str, dict]:
    """Keras 2 paths that TF 2.16+'s ``tf.keras`` keeps (its compatibility layer) but the
    ``keras`` 3 package lacks: ``from keras.preprocessing.text import Tokenizer`` fails. The
    shortest missing path of each."""
    missing = {p for p in api2 if p in api3 and p not in api_keras}
    out: dict[str, dict] = {}
    for path in sorted(missing):
        parents = [path.rsplit(".", i)[0] for i in range(1, path.count(".") + 1)]
        if any(parent in missing for parent in parents):
            continue
        out[path] = {"kind": kind_of(api2[path]), "replacement": None, "safe": False}
    return out


def _moved_to(path: str, obj: object, api2: dict, api3: dict) -> str | None:
    """A path where Keras 2 had this very object and Keras 3 has a working object: same leaf
    name first, then the shortest path."""
    if isinstance(obj, (int, float, str, bool)) or obj is None:
        return None
    candidates = [
        p
        for p, o in api2.items()
        if o is obj and p != path and p in api3 and stub_error(api3[p]) is None
    ]
    if not candidates:
        return None
    return min(candidates, key=lambda p: _nearness(p, path))


def _same_name(path: str, obj: object, api3: dict, by_name3: dict) -> str | None:
    """A working Keras 3 object with the same leaf name and kind (``optimizers.legacy.Adam`` ->
    ``optimizers.Adam``), nearest to the old path."""
    leaf = path.rsplit(".", 1)[-1]
    kind = kind_of(obj)
    if kind == "module":
        return None
    candidates = [
        p
        for p in by_name3.get(leaf, [])
        if kind_of(api3[p]) == kind and stub_error(api3[p]) is None
    ]
    if not candidates:
        return None
    return min(candidates, key=lambda p: _nearness(p, path))


def _nearness(candidate: str, path: str) -> tuple:
    """Sort key of new homes for ``path``: the same leaf name, then the same capitalisation
    (``mse`` for the function ``mean_squared_error``, not the alias ``MSE``), the same parent
    module, the fewest dots."""
    leaf, new_leaf = path.rsplit(".", 1)[-1], candidate.rsplit(".", 1)[-1]
    parent = path.rsplit(".", 1)[0] if "." in path else ""
    shared = 0
    for x, y in zip(candidate.split("."), parent.split("."), strict=False):
        if x != y:
            break
        shared += 1
    return (
        new_leaf != leaf,
        new_leaf[:1].isupper() != leaf[:1].isupper(),
        -shared,
        candidate.count("."),
        candidate,
    )


# --- building objects, to look at what they are --------------------------------------------------


class Builder:
    """Construct public Keras classes with made-up values for their required arguments."""

    def __init__(self, keras_module: types.ModuleType) -> None:
        self.k = keras_module

    def fills(self) -> dict[str, object]:
        k = self.k
        return {
            "units": 2,
            "filters": 2,
            "kernel_size": 1,
            "rate": 0.5,
            "stddev": 0.1,
            "target_shape": (2, 2),
            "dims": (1,),
            "n": 2,
            "function": lambda x: x,
            "activation": "relu",
            "layer": k.layers.Dense(2),
            "cell": k.layers.SimpleRNNCell(2),
            "cells": [k.layers.SimpleRNNCell(2)],
            "input_dim": 4,
            "output_dim": 2,
            "num_heads": 2,
            "key_dim": 2,
            "height": 2,
            "width": 2,
            "factor": 0.1,
            "scale": 1.0,
            "offset": 0.0,
            "num_tokens": 4,
            "num_bins": 4,
            "bin_boundaries": [0.0],
            "equation": "ab,bc->ac",
            "output_shape": 2,
            "size": 2,
            "groups": 1,
            "mode": "constant",
            "cropping": 1,
            "padding": 1,
            "axis": -1,
            "axes": 1,
            "pool_size": 2,
            "value_range": (0, 1),
            "depth_multiplier": 1,
            "forward_layer": k.layers.SimpleRNN(2),
            "shape": (2,),
            "learning_rate": 0.01,
            "initial_learning_rate": 0.1,
            "decay_steps": 10,
            "decay_rate": 0.9,
            "boundaries": [1],
            "values": [0.1, 0.01],
            "first_decay_steps": 10,
            "thresholds": 0.5,
            "num_classes": 2,
            "inner_optimizer": k.optimizers.SGD(),
            "initial_scale": 2.0,
            "monitor": "loss",
            "filepath": "/tmp/unused.keras",
            "backup_dir": "/tmp/unused",
            "schedule": lambda epoch: 0.1,
            "fn": lambda y, p: y,
            "l1": 0.01,
            "l2": 0.01,
            "max_value": 1.0,
            "min_value": 0.0,
            "power_iterations": 1,
            "gamma": 0.5,
        }

    def construct(self, cls: type, caught: list | None = None, **extra):
        """``cls`` built with made-up required arguments and ``extra``; ``caught`` collects the
        warnings it gave (otherwise silenced)."""
        fills = self.fills()
        kwargs = {}
        try:
            params = list(inspect.signature(cls.__init__).parameters.values())
            if not _named(inspect.signature(cls.__init__)) and type(cls).__call__ is not (
                type.__call__
            ):  # a metaclass picks the class (Keras 2's LossScaleOptimizer): its signature
                params = list(inspect.signature(cls).parameters.values())
        except (TypeError, ValueError):
            return None
        for p in params:
            if p.name == "self" or p.default is not EMPTY or p.name in extra:
                continue
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                continue
            if p.name not in fills:
                return None
            kwargs[p.name] = fills[p.name]
        with quiet():
            if caught is None:
                return cls(**kwargs, **extra)
            with warnings.catch_warnings(record=True) as seen:
                warnings.simplefilter("always")
                built = cls(**kwargs, **extra)
            caught.extend(seen)
            return built


def try_construct(builder: Builder, cls: type, caught: list | None = None, **extra):
    """(object, None) on success, (None, error text) when the extra arguments were refused,
    (None, None) when the class cannot be built at all here."""
    try:
        base = builder.construct(cls)
    except Exception:
        return None, None
    if base is None:
        return None, None
    if not extra:
        return base, None
    try:
        return builder.construct(cls, caught, **extra), None
    except Exception as error:
        return None, f"{type(error).__name__}: {str(error).strip().splitlines()[0]}"


# --- removed members ---------------------------------------------------------------------------


def public_members(obj: object) -> set[str]:
    return {n for n in dir(obj) if not n.startswith("_")}


def removed_members(api2: dict, api3: dict, builder3: Builder) -> dict[str, dict]:
    import numpy as np

    canon2 = canonical_paths(api2)
    gone: dict[str, set[str]] = {}
    classes: dict[str, type] = {}
    # `Model(inputs, outputs)` builds a Functional model, which has members a bare Model lacks.
    k = builder3.k
    with quiet():
        inputs = k.Input((2,))
        functional = k.Model(inputs, k.layers.Dense(1)(inputs))
        # compiled and trained: Keras 3 sets `optimizer`, `history`... only then
        functional.compile(optimizer="sgd", loss="mse")
        functional.fit(np.ones((2, 2)), np.ones((2, 1)), verbose=0)
        sequential = k.Sequential([k.Input((2,)), k.layers.Dense(1)])
        sequential.compile(optimizer="sgd", loss="mse")
        sequential.fit(np.ones((2, 2)), np.ones((2, 1)), verbose=0)
    extra = {"Model": public_members(functional), "Sequential": public_members(sequential)}
    keras2_instances = _keras2_model_instances(api2)
    for path, obj in api2.items():
        if not isinstance(obj, type) or canon2[id(obj)] != path:
            continue
        new = api3.get(path)
        if not isinstance(new, type) or stub_error(new) is not None:
            continue
        missing = public_members(obj) - public_members(new)
        # Attributes a Keras 2 model set on itself (`output_names`): in no class's dir().
        instance2 = keras2_instances.get(path)
        if instance2 is not None:
            missing |= public_members(instance2) - public_members(obj) - public_members(new)
        if missing:
            # Instance attributes set in __init__ (`layer.name`) are not in dir() of the class.
            missing -= _instance_members(builder3, new) | extra.get(path, set())
        classes[path] = obj
        gone[path] = missing
    # Record each member on the most basic public class (Keras 2 MRO) that lost it.
    members: dict[str, dict[str, None]] = {}
    for path, cls in classes.items():
        bases = [canon2[id(b)] for b in cls.__mro__[1:] if id(b) in canon2]
        bases = [b for b in bases if b in gone]
        inherited = set().union(*(gone[b] for b in bases)) if bases else set()
        own = gone[path] - inherited
        if own:
            members[path] = dict.fromkeys(sorted(own))
        kept = inherited - gone[path]
        if kept:  # a subclass that has the member back: not inherited as removed
            members.setdefault(path, {}).update({m: "kept" for m in sorted(kept)})
    return dict(sorted(members.items()))


def _keras2_model_instances(api2: dict) -> dict[str, object]:
    """A built Keras 2 functional model and Sequential model (their instance attributes)."""
    with quiet():
        inputs = api2["Input"]((2,))
        functional = api2["Model"](inputs, api2["layers.Dense"](1)(inputs))
        sequential = api2["Sequential"]([api2["Input"]((2,)), api2["layers.Dense"](1)])
    return {"Model": functional, "Sequential": sequential}


def member_kinds(
    api2: dict, api3: dict, builder2: Builder, builder3: Builder
) -> dict[str, dict[str, str]]:
    """Methods of Keras 2 classes that Keras 3 keeps under the same name but as another kind:
    ``"property"`` (``optimizer.variables`` is a list, calling it raises TypeError) or ``"stub"``
    (a method whose body only raises: ``Layer.add_metric``). Recorded on every public class
    that has the change itself (a subclass may override the stub)."""
    canon2 = canonical_paths(api2)
    found: dict[str, dict[str, str]] = {}
    for path, old in api2.items():
        new = api3.get(path)
        if not (isinstance(old, type) and isinstance(new, type)) or canon2.get(id(old)) != path:
            continue
        changes = {}
        instance2, _ = try_construct(builder2, old)
        instance3, _ = try_construct(builder3, new)
        for name in sorted(public_members(old) & public_members(new)):
            try:
                was = inspect.getattr_static(old, name)
                now = inspect.getattr_static(new, name)
            except AttributeError:
                continue
            if (_callable_on(instance2, name) and _callable_on(instance3, name) is False) or (
                inspect.isfunction(was) and isinstance(now, property)
            ):
                changes[name] = "property"
            elif inspect.isfunction(now) and _only_raises(now) and not _only_raises(was):
                changes[name] = "stub"
        if changes:
            found[path] = changes
    return dict(sorted(found.items()))


def _callable_on(instance: object, name: str) -> bool | None:
    """Whether the member is callable on the instance; None when it cannot be read."""
    if instance is None:
        return None
    try:
        with quiet():
            return callable(getattr(instance, name))
    except Exception:
        return None


def _only_raises(fn) -> bool:
    """Whether ``fn``'s body (after its docstring) is a single ``raise``."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return False
    body = tree.body[0].body if tree.body and hasattr(tree.body[0], "body") else []
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return len(body) == 1 and isinstance(body[0], ast.Raise)


def public_ancestors(api2: dict, keep) -> dict[str, list[str]]:
    """For each public class, its public bases (Keras 2 MRO order) for which ``keep`` holds."""
    canon2 = canonical_paths(api2)
    out = {}
    for path, obj in api2.items():
        if isinstance(obj, type) and canon2[id(obj)] == path:
            bases = [canon2[id(b)] for b in obj.__mro__[1:] if id(b) in canon2]
            bases = [b for b in bases if keep(b)]
            if bases:
                out[path] = bases
    return dict(sorted(out.items()))


def _instance_members(builder: Builder, cls: type) -> set[str]:
    """Public members of an instance of ``cls``, or of its nearest base that can be built here
    (attributes set in ``__init__`` are not in the class's ``dir()``)."""
    for base in cls.__mro__:
        instance, _ = try_construct(builder, base)
        if instance is not None:
            return public_members(instance)
    return set()


# --- removed and renamed keyword arguments, changed defaults ---------------------------------


def _signature(fn) -> inspect.Signature | None:
    try:
        return inspect.signature(fn)
    except (TypeError, ValueError):
        return None


def _named(sig: inspect.Signature) -> list[inspect.Parameter]:
    return [
        p
        for p in sig.parameters.values()
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name not in ("self", "cls")
    ]


def _varkw(sig: inspect.Signature) -> bool:
    return any(p.kind == p.VAR_KEYWORD for p in sig.parameters.values())


def callables(api2: dict, api3: dict):
    """(path, Keras 2 callable, Keras 3 callable, class or None) for every public function,
    constructor (path = the class) and user-called method (path = class.method) in both."""
    canon2 = canonical_paths(api2)
    for path, obj in api2.items():
        if canon2.get(id(obj)) != path or path not in api3:
            continue
        new = api3[path]
        if stub_error(new) is not None:
            continue
        if isinstance(obj, type) and isinstance(new, type):
            yield path, obj.__init__, new.__init__, new
            for name in sorted(vars(obj)):
                if name.startswith("_") or name in HOOKS or not hasattr(new, name):
                    continue
                old_fn, new_fn = getattr(obj, name), getattr(new, name)
                if callable(old_fn) and callable(new_fn) and not isinstance(old_fn, type):
                    yield f"{path}.{name}", old_fn, new_fn, None
        elif kind_of(obj) == "function" and kind_of(new) == "function":
            yield path, obj, new, None
        elif kind_of(obj) == "function" and isinstance(new, type):  # l1_l2 became a class
            yield path, obj, new.__init__, new


def _literal(value: object) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


class ModelProbe:
    """Calls of `Model` methods on a tiny compiled model, to see which extra keywords the Keras
    3 methods that take ``**kwargs`` refuse."""

    def __init__(self, keras3: types.ModuleType) -> None:
        import numpy as np

        self.k = keras3
        self.x = np.ones((4, 2), "float32")
        self.y = np.zeros((4, 1), "float32")
        self.folder = tempfile.mkdtemp(prefix="tf2lint-keras3-")

    def model(self):
        k = self.k
        model = k.Sequential([k.Input((2,)), k.layers.Dense(1)])
        model.compile(optimizer="sgd", loss="mse")
        return model

    def calls(self) -> dict[str, object]:
        weights = os.path.join(self.folder, "w.weights.h5")
        return {
            "fit": lambda m, **kw: m.fit(self.x, self.y, epochs=1, verbose=0, **kw),
            "evaluate": lambda m, **kw: m.evaluate(self.x, self.y, verbose=0, **kw),
            "predict": lambda m, **kw: m.predict(self.x, verbose=0, **kw),
            "save": lambda m, **kw: m.save(os.path.join(self.folder, "m.keras"), **kw),
            "save_weights": lambda m, **kw: m.save_weights(weights, **kw),
            "load_weights": lambda m, **kw: (
                m.save_weights(weights),
                m.load_weights(weights, **kw),
            ),
            "train_on_batch": lambda m, **kw: m.train_on_batch(self.x, self.y, **kw),
            "test_on_batch": lambda m, **kw: m.test_on_batch(self.x, self.y, **kw),
        }

    def refuses(self, method: str, keyword: str, value: object) -> str | bool | None:
        """The error text when the call with ``keyword`` fails, False when it works, None when
        this probe cannot tell."""
        call = self.calls().get(method)
        if call is None:
            return None
        try:
            with quiet():
                call(self.model())
        except Exception:
            return None
        try:
            with quiet():
                call(self.model(), **{keyword: value})
        except Exception as error:
            return f"{type(error).__name__}: {str(error).strip().splitlines()[0]}"
        return False


# How Keras 3 says that it does not take a keyword (anything else is a failure for another
# reason, which tells nothing about the keyword).
REFUSALS = (
    "not recognized",
    "unrecognized",
    "unexpected keyword",
    "invalid keyword",
    "not supported",
)


def _refusal(error: str, keyword: str) -> bool:
    lowered = error.lower()
    return keyword in error and any(r in lowered for r in REFUSALS)


def argument_changes(
    api2: dict, api3: dict, builder3: Builder, probe: ModelProbe, builder2: Builder
):
    """(removed or renamed keywords, changed defaults, keywords this generator cannot judge)."""
    arguments: dict[str, dict[str, dict]] = {}
    defaults: dict[str, dict[str, list]] = {}
    unknown: list[str] = []
    for path, old_fn, new_fn, new_cls in callables(api2, api3):
        old_sig, new_sig = _signature(old_fn), _signature(new_fn)
        if old_sig is None or new_sig is None:
            continue
        old_params, new_params = _named(old_sig), _named(new_sig)
        if any(p.name == "instance" for p in old_params):  # a decorator hides the signature
            continue
        new_names = {p.name: p for p in new_params}
        old_names = {p.name for p in old_params}
        method = path.rsplit(".", 1)[-1] if new_cls is None and "." in path else None
        found: dict[str, dict] = {}
        for index, param in enumerate(old_params):
            if param.name in new_names:
                continue
            renamed = _renamed(index, param, old_params, new_params, old_names)
            if _varkw(new_sig):
                error = _refused(path, param, new_cls, method, builder3, probe)
                if error is None:
                    unknown.append(f"{path}({param.name}=)")
                    continue
                if error is False:
                    continue  # Keras 3 still takes it through **kwargs
                found[param.name] = {"new": renamed, "error": error}
            else:
                found[param.name] = {"new": renamed}
            if param.default is not EMPTY and _literal(param.default):
                found[param.name]["keras2_default"] = param.default
            if index >= _positional_capacity(new_sig) and all(
                p.kind == p.POSITIONAL_OR_KEYWORD for p in old_params[: index + 1]
            ):  # passed by position (`reset_states([h, c])`), it is one too many in Keras 3
                found[param.name]["position"] = index
        if new_cls is not None and isinstance(api2.get(path), type):
            found.update(
                _forwarded_changes(api2[path], new_sig, new_names, new_cls, builder2, builder3)
            )
        elif new_cls is None and _varkw(old_sig):
            owner = api2.get(path.rsplit(".", 1)[0]) if method is not None else None
            reached = _kwargs_keywords(old_fn, owner if isinstance(owner, type) else None)
            for name in sorted(set(reached) - old_names - set(new_names)):
                default = reached[name]
                value = default if default is not EMPTY and _literal(default) else None
                if not _varkw(new_sig):
                    found[name] = {"new": None, "via": "kwargs"}
                elif method is not None and path.split(".")[-2] in ("Model", "Sequential"):
                    error = probe.refuses(method, name, value)
                    if not (error and _refusal(error, name)):
                        continue
                    found[name] = {"new": None, "error": error, "via": "kwargs"}
                else:
                    continue
                if default is not EMPTY and _literal(default):
                    found[name]["keras2_default"] = default
        if found:
            arguments[path] = found
        if method is None:
            changed = _changed_defaults(path, old_params, new_names, new_cls, new_fn, builder3)
            if changed:
                defaults[path] = changed
    return dict(sorted(arguments.items())), dict(sorted(defaults.items())), sorted(unknown)


def _positional_capacity(sig: inspect.Signature) -> float:
    """How many arguments a call may pass by position (``self`` aside); unbounded with ``*args``."""
    params = [p for p in sig.parameters.values() if p.name not in ("self", "cls")]
    if any(p.kind == p.VAR_POSITIONAL for p in params):
        return float("inf")
    return sum(1 for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))


def _source_tree(fn) -> ast.Module | None:
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return None


def _popped_keywords(init) -> set[str]:
    """Keywords a Keras 2 ``__init__`` reads out of ``**kwargs`` in its source: ``kwargs.pop("x")``,
    ``kwargs.get("x")``, ``"x" in kwargs``, the base Layer's ``allowed_kwargs = {...}``, and the
    keywords a check lets through (``invalid = set(kwargs) - {"sample_weight_mode"}``)."""
    tree = _source_tree(init)
    if tree is None:
        return set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("pop", "get")
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "kwargs"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
        elif (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "allowed_kwargs" for t in node.targets)
            and isinstance(node.value, ast.Set)
        ):
            found |= {e.value for e in node.value.elts if isinstance(e, ast.Constant)}
        elif (
            isinstance(node, ast.Compare)
            and isinstance(node.left, ast.Constant)
            and isinstance(node.left.value, str)
            and len(node.ops) == 1
            and isinstance(node.ops[0], ast.In)
            and isinstance(node.comparators[0], ast.Name)
            and node.comparators[0].id == "kwargs"
        ):
            found.add(node.left.value)
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Sub)
            and _mentions_kwargs(node.left)
            and isinstance(node.right, ast.Set)
        ):
            found |= {
                e.value
                for e in node.right.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            }
    return found


def _mentions_kwargs(node: ast.AST) -> bool:
    """``kwargs`` or ``set(kwargs)``."""
    if isinstance(node, ast.Call) and len(node.args) == 1:
        node = node.args[0]
    return isinstance(node, ast.Name) and node.id == "kwargs"


# How deep `**kwargs` is followed from a public method into the helpers it passes them to
# (`Model.save` -> `saving_api.save_model` -> the legacy SavedModel writer).
FORWARDING_DEPTH = 3


def _kwargs_keywords(fn, owner: type | None = None, depth: int = 0) -> dict[str, object]:
    """Keywords a Keras 2 function or method with ``**kwargs`` takes without naming them, with
    their default (``EMPTY`` when it has none): those its source reads out of ``**kwargs``
    (:func:`_popped_keywords`), and the named parameters of the tf_keras functions and ``self``
    methods it passes ``**kwargs`` on to (``Model.compile`` -> ``_validate_compile``,
    ``load_model`` -> the legacy loader's ``options=``), less those the call passes itself."""
    fn = inspect.unwrap(fn)  # a decorator's wrapper has another module's globals
    found: dict[str, object] = dict.fromkeys(sorted(_popped_keywords(fn)), EMPTY)
    tree = _source_tree(fn)
    sig = _signature(fn)
    if tree is None or sig is None or depth >= FORWARDING_DEPTH:
        return found
    varkw = next((p.name for p in sig.parameters.values() if p.kind == p.VAR_KEYWORD), None)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not any(
            k.arg is None and isinstance(k.value, ast.Name) and k.value.id == varkw
            for k in node.keywords
        ):
            continue
        callee, callee_owner = _forwarded_to(node.func, fn, owner)
        callee_sig = _signature(callee) if callee is not None else None
        if callee_sig is None:
            continue
        positional = sum(1 for a in node.args if not isinstance(a, ast.Starred))
        passed = {k.arg for k in node.keywords if k.arg is not None}
        for param in _named(callee_sig)[positional:]:
            if param.name not in passed:
                found.setdefault(param.name, param.default)
        if _varkw(callee_sig):
            for name, default in _kwargs_keywords(callee, callee_owner, depth + 1).items():
                if name not in passed:
                    found.setdefault(name, default)
    return found


def _forwarded_to(func: ast.expr, fn, owner: type | None):
    """(the tf_keras function or method a call in ``fn``'s source names, the class of a
    ``self.<method>``), or (None, None): ``name(...)`` and ``module.name(...)`` are looked up
    in ``fn``'s globals, ``self.<method>(...)`` on ``owner``."""
    parts: list[str] = []
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if not isinstance(func, ast.Name):
        return None, None
    parts.reverse()
    if func.id == "self":
        if owner is None or len(parts) != 1:
            return None, None
        target, target_owner = inspect.getattr_static(owner, parts[0], None), owner
    else:
        target, target_owner = getattr(fn, "__globals__", {}).get(func.id), None
        for part in parts:
            target = getattr(target, part, None)
    target = inspect.unwrap(target) if callable(target) else None
    if not inspect.isfunction(target) or not target.__module__.startswith("tf_keras"):
        return None, None
    return target, target_owner


def forwarded_keywords(old_cls: type) -> dict[str, object]:
    """Keywords a Keras 2 constructor with ``**kwargs`` took without naming them: its bases'
    ``__init__`` parameters (with their default) and the keywords their source reads out of
    ``**kwargs`` (value None), less its own named parameters."""
    own = _signature(old_cls.__init__)
    if own is None or not _varkw(own):
        return {}
    explicit = {p.name for p in _named(own)}
    found: dict[str, object] = {}
    for base in old_cls.__mro__:
        init = vars(base).get("__init__")
        if init is None or base is object or not base.__module__.startswith("tf_keras"):
            continue
        sig = _signature(init)
        if base is not old_cls and sig is not None:
            for param in _named(sig):
                found.setdefault(param.name, None if param.default is EMPTY else param.default)
        for name in sorted(_popped_keywords(init)):
            found.setdefault(name, None)
    return {k: v for k, v in found.items() if k not in explicit and _literal(v)}


# Values tried, in order, for a forwarded keyword with no default of its own: the first one that
# Keras 2 accepts is the one Keras 3 is probed with (a shape keyword refuses None, say).
PROBE_VALUES = (None, (2,), 2, True)


def _forwarded_changes(old_cls, new_sig, new_names, new_cls, builder2, builder3) -> dict:
    """Forwarded keywords (see forwarded_keywords) that Keras 2's constructor accepts (some a
    subclass passes on itself: `DepthwiseConv2D(filters=)` is an error there too) and Keras 3's
    refuses; ``keras2_default`` is the value both were probed with."""
    changes: dict[str, dict] = {}
    for name, default in forwarded_keywords(old_cls).items():
        if name in new_names:
            continue
        candidates = (default,) if default is not None else PROBE_VALUES
        value = next(
            (v for v in candidates if try_construct(builder2, old_cls, **{name: v})[0] is not None),
            _REFUSED,
        )
        if value is _REFUSED:
            continue  # Keras 2 does not take it from a user either (or cannot be built here)
        if not _varkw(new_sig):
            changes[name] = {"new": None, "via": "kwargs"}
        else:
            _, error = try_construct(builder3, new_cls, **{name: value})
            if error is None or not _refusal(error, name):
                continue
            changes[name] = {"new": None, "error": error, "via": "kwargs"}
        changes[name]["keras2_default"] = value
    return changes


_REFUSED = object()


def _inherited_forwarded_dropped(arguments: dict, api2: dict) -> dict:
    """A forwarded keyword is recorded on the most basic public class that refuses it (its
    subclasses have it through ``ancestors``)."""
    canon2 = canonical_paths(api2)
    kept: dict[str, dict] = {}
    for path, found in arguments.items():
        cls = api2.get(path)
        bases = [canon2.get(id(b)) for b in cls.__mro__[1:]] if isinstance(cls, type) else []
        inherited = {name for base in bases if base in arguments for name in arguments[base]}
        found = {
            name: entry
            for name, entry in found.items()
            if not (entry.get("via") == "kwargs" and name in inherited)
        }
        if found:
            kept[path] = found
    return kept


def accepted_arguments(arguments: dict, api2: dict, api3: dict) -> dict[str, list[str]]:
    """Keywords a base class's entry removes that a subclass's own Keras 3 constructor still
    names (``Embedding(weights=)``: Keras 3's base ``Layer`` refuses ``weights``, ``Embedding``
    takes it): the subclass does not inherit those entries."""
    canon2 = canonical_paths(api2)
    accepted: dict[str, list[str]] = {}
    for path, cls in api2.items():
        new = api3.get(path)
        if not (isinstance(cls, type) and isinstance(new, type)) or canon2[id(cls)] != path:
            continue
        inherited = {
            name for base in cls.__mro__[1:] for name in arguments.get(canon2.get(id(base)), {})
        }
        sig = _signature(new.__init__) if inherited else None
        own = {p.name for p in _named(sig)} if sig is not None else set()
        kept = (inherited & own) - set(arguments.get(path, {}))
        if kept:
            accepted[path] = sorted(kept)
    return accepted


def kind_signatures(arguments: dict, api2: dict, api3: dict) -> dict[str, dict[str, dict]]:
    """For an object known only by its kind (a Keras layer: an element of ``model.layers``),
    what every Keras 3 public class of that kind takes in a method some class has table entries
    for: ``positional``, the most positional arguments any takes (None: ``*args``);
    ``keywords``, every keyword
    any names; ``varkw``, whether any takes ``**kwargs``. ``RNN.reset_states(states)`` lost its
    argument, and no Keras 3 layer's ``reset_states`` takes one."""
    kinds = {"layers.Layer": api3.get("layers.Layer")}
    found: dict[str, dict[str, dict]] = {}
    for kind, base in kinds.items():
        if not isinstance(base, type):
            continue
        methods = {
            path.rsplit(".", 1)[1]
            for path in arguments
            if path.count(".") >= 2
            and isinstance(api2.get(path.rsplit(".", 1)[0]), type)
            and path.startswith("layers.")
        }
        for method in sorted(methods):
            positional, keywords, varkw = 0, set(), False
            for cls in api3.values():
                if not (isinstance(cls, type) and issubclass(cls, base)):
                    continue
                fn = getattr(cls, method, None)
                sig = _signature(fn) if callable(fn) else None
                if sig is None:
                    continue
                params = _named(sig)
                if positional is not None:
                    count = sum(1 for p in params if p.kind == p.POSITIONAL_OR_KEYWORD)
                    unlimited = any(p.kind == p.VAR_POSITIONAL for p in sig.parameters.values())
                    positional = None if unlimited else max(positional, count)
                keywords |= {p.name for p in params}
                varkw |= _varkw(sig)
            found.setdefault(kind, {})[method] = {
                "positional": positional,
                "keywords": sorted(keywords),
                "varkw": varkw,
            }
    return found


def _forward_call(fn) -> tuple[ast.Call, list[ast.stmt]] | None:
    """``self.<method>(...)`` that ``fn`` returns as its last statement, and the statements
    before it (the docstring left out)."""
    tree = _source_tree(fn)
    if tree is None or not tree.body or not isinstance(tree.body[0], ast.FunctionDef):
        return None
    body = tree.body[0].body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if not body or not isinstance(body[-1], ast.Return):
        return None
    call = body[-1].value
    if not (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and isinstance(call.func.value, ast.Name)
        and call.func.value.id == "self"
    ):
        return None
    return call, body[:-1]


def _self_calls(fn) -> set[str]:
    tree = _source_tree(fn)
    return {
        node.func.attr
        for node in ast.walk(tree or ast.Module(body=[], type_ignores=[]))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "self"
    }


def _harmless(statement: ast.stmt, target_calls: set[str]) -> bool:
    """A statement of a forwarding method that changes nothing the target does not: a
    ``warnings.warn(...)``, or a ``self._check(...)`` the target calls itself."""
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
        return False
    func = statement.value.func
    if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Name):
        return False
    if func.value.id == "warnings" and func.attr == "warn":
        return True
    return func.value.id == "self" and func.attr in target_calls


def forwarding_members(members: dict, api2: dict, api3: dict) -> dict[str, dict]:
    """Removed methods whose Keras 2 body only forwarded their own parameters to a method
    Keras 3 still has (``fit_generator`` returned ``self.fit(generator, steps_per_epoch=...)``
    after a deprecation warning): rewriting the call to that method is the same program under
    Keras 2. For each parameter (in order, with its Keras 2 default): the target parameter it
    is passed to (its Keras 3 name and default, and the default of Keras 2's target), or
    ``keras3: null`` where Keras 3's method has no such parameter (``workers``)."""
    found: dict[str, dict] = {}
    for path, removed in members.items():
        old_cls, new_cls = api2.get(path), api3.get(path)
        if not (isinstance(old_cls, type) and isinstance(new_cls, type)):
            continue
        for member, state in removed.items():
            fn = getattr(old_cls, member, None)
            if state is not None or not inspect.isfunction(fn):
                continue
            forward = _forward_call(fn)
            sig = _signature(fn)
            if forward is None or sig is None:
                continue
            call, before = forward
            target = call.func.attr
            old_target, new_target = getattr(old_cls, target, None), getattr(new_cls, target, None)
            new_sig = _signature(new_target) if callable(new_target) else None
            if new_sig is None or not callable(old_target):
                continue
            if not all(_harmless(s, _self_calls(old_target)) for s in before):
                continue
            params = _named(sig)
            names = {p.name for p in params}
            passed: dict[str, str | int] = {}
            for index, arg in enumerate(call.args):
                if isinstance(arg, ast.Name) and arg.id in names:
                    passed[arg.id] = index
            for keyword in call.keywords:
                if isinstance(keyword.value, ast.Name) and keyword.value.id in names:
                    passed[keyword.value.id] = keyword.arg
            if len(passed) != len(call.args) + len(call.keywords) or set(passed) != names:
                continue  # something else than its own parameters, each passed once
            new_params, old_target_params = _named(new_sig), _named(_signature(old_target))
            new_by_name = {p.name: p for p in new_params}
            old_target_by_name = {p.name: p for p in old_target_params}
            entries = []
            for param in params:
                to = passed[param.name]
                new_param = new_params[to] if isinstance(to, int) else new_by_name.get(to)
                old_param = (
                    old_target_params[to] if isinstance(to, int) else old_target_by_name.get(to)
                )
                if old_param is None or (
                    param.default is not EMPTY and not _literal(param.default)
                ):
                    break
                entry = {
                    "name": param.name,
                    "keras2_default": None if param.default is EMPTY else param.default,
                    "required": param.default is EMPTY,
                    # what Keras 2's target takes when the call leaves the parameter out
                    "keras2_target_default": None
                    if old_param.default is EMPTY
                    else old_param.default,
                    "keras3": None,
                }
                if new_param is not None:
                    entry["keras3"] = {
                        "name": new_param.name,
                        "positional": isinstance(to, int),
                        "default": None if new_param.default is EMPTY else new_param.default,
                    }
                entries.append(entry)
            else:
                found[f"{path}.{member}"] = {"method": target, "parameters": entries}
    return dict(sorted(found.items()))


def _logged_keys(cls: type) -> set[str]:
    """The keys a callback class's own source writes into ``logs`` (``logs["lr"] = ...``)."""
    keys: set[str] = set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith(("keras", "tf_keras")):
            continue
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        except (OSError, TypeError, SyntaxError):
            continue
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else []
            for target in targets:
                if (
                    isinstance(target, ast.Subscript)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == "logs"
                    and isinstance(target.slice, ast.Constant)
                    and isinstance(target.slice.value, str)
                ):
                    keys.add(target.slice.value)
    return keys


def renamed_log_keys(api2: dict, api3: dict) -> dict[str, dict[str, str]]:
    """Callbacks that write a key into ``fit``'s logs (and so its ``History``) under another
    name in Keras 3: ``ReduceLROnPlateau`` wrote ``logs["lr"]``, Keras 3's writes
    ``logs["learning_rate"]`` (the same value). Read from both versions' sources; kept where
    the class writes exactly one key in each version and they differ."""
    canon2 = canonical_paths(api2)
    found: dict[str, dict[str, str]] = {}
    for path, cls in api2.items():
        new = api3.get(path)
        if not (path.startswith("callbacks.") and isinstance(cls, type) and isinstance(new, type)):
            continue
        if canon2.get(id(cls)) != path:
            continue
        old_keys, new_keys = _logged_keys(cls), _logged_keys(new)
        gone, added = old_keys - new_keys, new_keys - old_keys
        if len(gone) == 1 and len(added) == 1:
            found[path] = {gone.pop(): added.pop()}
    return dict(sorted(found.items()))


def _positional_names(sig: inspect.Signature) -> list[str]:
    """The parameters a call may pass by position, in order (``self`` aside)."""
    return [
        p.name
        for p in sig.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.name not in ("self", "cls")
    ]


def positional_moves(api2: dict, api3: dict, arguments: dict) -> dict[str, dict]:
    """Constructors and functions whose Keras 3 signature binds a position to another
    parameter than Keras 2's did, the Keras 2 parameter still existing under its name
    (``Sequential(layers, name)``: Keras 3's second is ``trainable``; ``Metric.__init__(name,
    dtype)`` is ``(dtype, name)``), or takes fewer positional arguments where Keras 2's was
    kept as a keyword. ``keras2``: Keras 2's positional parameters in order (a fix passes
    each by its name); ``moved``: the positions whose binding changed. Removed parameters are
    ``arguments``' (``position``), methods TF020's own (``compile``, ``add_weight``)."""
    moves: dict[str, dict] = {}
    for path, old_fn, new_fn, new_cls in callables(api2, api3):
        if new_cls is None and "." in path and path.rsplit(".", 2)[-2][:1].isupper():
            continue  # a method
        old_sig, new_sig = _signature(old_fn), _signature(new_fn)
        if old_sig is None or new_sig is None:
            continue
        old_pos, new_pos = _positional_names(old_sig), _positional_names(new_sig)
        new_params = set(new_sig.parameters)
        removed = arguments.get(path, {})
        moved = [
            i
            for i, name in enumerate(old_pos)
            if name in new_params
            and name not in removed
            and (i >= len(new_pos) or new_pos[i] != name)
            and not any(p.kind == p.VAR_POSITIONAL for p in new_sig.parameters.values())
        ]
        if moved:
            moves[path] = {"keras2": old_pos, "moved": moved, "keras3_positional": len(new_pos)}
    return dict(sorted(moves.items()))


def _call_refuses(layer: object, keyword: str, value: object) -> str | None:
    """Keras 3's error text when calling ``layer`` with ``keyword=value`` fails to bind the
    call's arguments (``TypeError`` from the signature, before any shape is looked at), else
    None. ``inputs=`` is passed alone; any other keyword beside a positional input."""
    args = () if keyword == "inputs" else (value,)
    try:
        with quiet():
            layer(*args, **{keyword: value})
    except TypeError as error:
        text = str(error).strip().splitlines()[0]
        unbound = "missing a required argument" if keyword == "inputs" else "unexpected keyword"
        if unbound in text and (keyword == "inputs" or f"'{keyword}'" in text):
            return f"TypeError: {text}"
    except Exception:
        return None
    return None


def _built_layer(builder: Builder, cls: type) -> object | None:
    """``cls`` built, a wrapper around a recurrent layer where a ``Dense`` will not do
    (``Bidirectional``)."""
    for extra in ({}, {"layer": builder.fills()["forward_layer"]}):
        try:
            built = builder.construct(cls, **extra)
        except Exception:
            continue
        if built is not None:
            return built
    return None


def call_arguments(api2: dict, api3: dict, builder3: Builder) -> dict[str, dict[str, dict]]:
    """Keywords of a public layer's ``call`` in Keras 2 that calling the Keras 3 layer with
    (``lstm(inputs=x)``, ``rnn(x, constants=c)``) refuses: the layer is built and called
    with the keyword on a small float tensor, and the entry kept only where Keras 3 fails to
    bind it. ``new``: the Keras 3 parameter at the same position (``sequences``), as for
    ``arguments``."""
    import tensorflow as tf

    value = tf.zeros((2, 3, 4))
    canon2 = canonical_paths(api2)
    found: dict[str, dict[str, dict]] = {}
    for path, old_cls in api2.items():
        new_cls = api3.get(path)
        if not (
            path.startswith("layers.")
            and canon2.get(id(old_cls)) == path
            and isinstance(old_cls, type)
            and isinstance(new_cls, type)
            and "call" in dir(old_cls)
            and "call" in dir(new_cls)
        ):
            continue
        old_sig, new_sig = _signature(old_cls.call), _signature(new_cls.call)
        if old_sig is None or new_sig is None:
            continue
        old_params, new_params = _named(old_sig), _named(new_sig)
        old_names, new_names = {p.name for p in old_params}, {p.name for p in new_params}
        removed: dict[str, dict] = {}
        for index, param in enumerate(old_params):
            if param.name in new_names:
                continue
            layer = _built_layer(builder3, new_cls)
            if layer is None:
                continue
            error = _call_refuses(layer, param.name, value)
            if error is not None:
                renamed = _renamed(index, param, old_params, new_params, old_names)
                removed[param.name] = {"new": renamed, "error": error}
        if removed:
            found[path] = removed
    return dict(sorted(found.items()))


def _renamed(index, param, old_params, new_params, old_names) -> str | None:
    """The Keras 3 parameter at the same position, new in Keras 3, with the same default, when
    that default says something (not None or a bool) or the two names share a word
    (``input_shape`` -> ``shape``, ``losses`` -> ``loss``)."""
    if index >= len(new_params):
        return None
    candidate = new_params[index]
    if candidate.name in old_names or candidate.kind != param.kind:
        return None
    old, new = param.default, candidate.default
    if not (old is new or (_literal(new) and type(old) is type(new) and old == new)):
        return None
    telling = old is EMPTY or not (old is None or isinstance(old, bool))
    words = {w.rstrip("s") for w in param.name.split("_")}
    shared = words & {w.rstrip("s") for w in candidate.name.split("_")}
    return candidate.name if telling or shared else None


def _refused(path, param, new_cls, method, builder3, probe) -> str | bool | None:
    """Whether Keras 3, which takes ``**kwargs`` here, refuses ``param`` (with its Keras 2
    default as the value): the error text, False when it takes it, None when untested."""
    if param.default is EMPTY:
        return None
    if new_cls is not None:
        instance, error = try_construct(builder3, new_cls, **{param.name: param.default})
    elif method is not None and path.split(".")[-2] in ("Model", "Sequential"):
        error = probe.refuses(method, param.name, param.default)
        instance = error is False
        error = error or None
    else:
        return None
    if error is not None:
        return error if _refusal(error, param.name) else None
    return False if instance is not None and instance is not False else None


def _changed_defaults(path, old_params, new_names, new_cls, new_fn, builder3):
    changed: dict[str, list] = {}
    for position, param in enumerate(old_params):
        new = new_names.get(param.name)
        if new is None or param.name == "name":  # names only label things
            continue
        old_default, new_default = param.default, new.default
        if old_default is EMPTY or new_default is EMPTY:
            continue
        if not (_literal(old_default) and _literal(new_default)) or old_default == new_default:
            continue
        if _conditional(new_cls or new_fn, param.name):
            continue
        if _config_differs(param.name, old_default, new_cls, new_fn, builder3):
            changed[param.name] = [old_default, new_default, position]
    return changed


def _conditional(obj: object, name: str) -> bool:
    """Whether Keras 3's docstring says the parameter matters only under another setting
    ("ema_overwrite_frequency: ... Only used if `use_ema=True`"): a changed default of it
    changes nothing for code that leaves both out."""
    doc = inspect.getdoc(obj) or ""
    start = doc.find(f"{name}:")
    if start < 0:
        return False
    entry = doc[start : start + 400].split("\n\n")[0].lower()
    return any(s in entry for s in ("only used if", "only used when", "only applicable"))


def _config_differs(name, old_default, new_cls, new_fn, builder3) -> bool:
    """Whether Keras 3 builds a different object with the Keras 2 default than without it.
    False where that cannot be told (the object cannot be built here, or has no config):
    a changed default is reported only when it changes something."""
    try:
        if new_cls is not None:
            plain = builder3.construct(new_cls)
            pinned = builder3.construct(new_cls, **{name: old_default})
        else:
            with quiet():
                plain, pinned = new_fn(), new_fn(**{name: old_default})
        first, second = plain.get_config(), pinned.get_config()
    except Exception:
        return False
    first.pop("name", None)  # auto-numbered: dense, dense_1
    second.pop("name", None)
    return first != second


def refused_values(api2: dict, api3: dict, builder2: Builder, builder3: Builder) -> dict:
    """Boolean keywords of public constructors that Keras 3 still takes but refuses flipped:
    the class Keras 2 built (``LossScaleOptimizer`` builds ``LossScaleOptimizerV3``) takes
    ``not default``, Keras 3 takes the default and raises, naming the keyword, for the other
    value (``LossScaleOptimizer(dynamic=False)``). ``{class: {keyword: {value, error}}}``."""
    canon2 = canonical_paths(api2)
    found: dict[str, dict] = {}
    for path, old in api2.items():
        new = api3.get(path)
        if not (isinstance(old, type) and isinstance(new, type)) or canon2.get(id(old)) != path:
            continue
        if stub_error(new) is not None:
            continue
        instance2, _ = try_construct(builder2, old)
        sig = _signature(type(instance2).__init__) if instance2 is not None else None
        if sig is None or try_construct(builder3, new)[0] is None:
            continue
        fills = builder2.fills()
        others3 = {p.name for p in _named(_signature(new.__init__) or inspect.Signature())}
        for param in _named(sig):
            if not isinstance(param.default, bool):
                continue
            value = not param.default
            # Keras 2 may need a companion argument for the other value (`dynamic=False`
            # needs an `initial_scale`): the optional parameters the fills know.
            companions = {
                p.name: fills[p.name]
                for p in _named(sig)
                if p.default is None and p.name in fills and p.name in others3
            }
            extra = next(
                (
                    e
                    for e in ({}, companions)
                    if try_construct(builder2, old, **{param.name: value}, **e)[0] is not None
                ),
                None,
            )
            if extra is None:
                continue  # Keras 2 refuses it too
            if try_construct(builder3, new, **{param.name: param.default}, **extra)[0] is None:
                continue  # the keyword itself is gone: `arguments` has it
            _, error = try_construct(builder3, new, **{param.name: value}, **extra)
            if error is None or param.name not in error or _refusal(error, param.name):
                continue
            # A refusal that quotes another argument's value depends on it (ModelCheckpoint's
            # `save_weights_only=True` with a `filepath=` not ending in `.weights.h5`).
            if any(f"{other}=" in error for other in others3 - {param.name}):
                continue
            found.setdefault(path, {})[param.name] = {"value": value, "error": error}
    return dict(sorted(found.items()))


# --- layers and the variables they create -----------------------------------------------------


def layer_state(api: dict, builder: Builder, layer_base: type) -> dict[str, str]:
    """For each public layer class: "none" (built and called, it created no variable), "seed"
    (its only variables are random seed state), "variables", or "unknown" (not built here)."""
    import numpy as np

    inputs = [
        np.ones((2, 4), "float32"),
        np.ones((2, 4, 4), "float32"),
        np.ones((2, 4, 4, 3), "float32"),
        np.ones((2, 4, 4, 4, 3), "float32"),
        [np.ones((2, 4), "float32"), np.ones((2, 4), "float32")],
        np.ones((2, 4), "int32"),
        np.array([["a"], ["b"]]),
    ]
    out: dict[str, str] = {}
    states: dict[int, str] = {}  # one look per class, under each of its names
    for path, obj in api.items():
        if not (path.startswith("layers.") and isinstance(obj, type)):
            continue
        if not issubclass(obj, layer_base):
            continue
        leaf = path.rsplit(".", 1)[-1]
        if id(obj) in states:
            out[leaf] = states[id(obj)]
            continue
        try:
            layer = builder.construct(obj)
        except Exception:
            layer = None
        if layer is None:
            out[leaf] = states[id(obj)] = "unknown"
            continue
        state = "unknown"
        for x in inputs:
            try:
                with quiet():
                    layer(x)
            except Exception:
                continue
            variables = {id(v): v for v in [*layer.weights, *getattr(layer, "variables", [])]}
            variables = list(variables.values())
            if not variables:
                state = "none"
            elif all("seed" in getattr(v, "path", getattr(v, "name", "")) for v in variables):
                state = "seed"
            else:
                state = "variables"
            break
        if state == "unknown" and getattr(layer, "variables", None):
            state = (
                "seed"
                if all("seed" in getattr(v, "path", "") for v in layer.variables)
                else "variables"
            )
        out[leaf] = states[id(obj)] = state
    return dict(sorted(out.items()))


# --- all together -----------------------------------------------------------------------------


# --- Keras tensors and backend functions, probed in a subprocess (they can touch global state) --


def keras_tensor_api(keras2: types.ModuleType, keras3: types.ModuleType) -> dict[str, list[str]]:
    """Members Keras 2 code used on a Keras tensor (what ``Input`` and layers return in a
    functional model) that Keras 3's lacks: of the tensor, of its ``shape`` (a ``TensorShape``,
    now a tuple: also what ``build()`` receives), of its ``dtype`` (a ``DType``, now a string),
    of its ``_keras_history``; and the private attributes of a built layer that libraries
    reached into (``_trainable_weights``)."""

    def members(obj: object, private: bool = False) -> set[str]:
        return {
            m for m in dir(obj) if not m.startswith("__") and (private or not m.startswith("_"))
        }

    x2, x3 = keras2.Input((3,)), keras3.Input((3,))
    dense2, dense3 = keras2.layers.Dense(2), keras3.layers.Dense(2)
    dense2(x2), dense3(x3)
    return {
        "tensor": sorted(members(x2) - members(x3)),
        "shape": sorted(members(x2.shape) - members(x3.shape)),
        "dtype": sorted(members(x2.dtype) - members(x3.dtype)),
        "history": sorted(members(x2._keras_history) - members(x3._keras_history)),
        "layer_private": sorted(
            m
            for m in members(dense2, private=True) - members(dense3, private=True)
            if m.startswith("_") and not m.startswith("__") and not callable(getattr(dense2, m))
        ),
    }


def size_layers(api3: dict) -> list[str]:
    """Layers whose first parameter is a size (``units``, ``filters``): Keras 2 cast a float
    there with ``int()``, Keras 3 refuses it; a positional first argument is that size."""
    found = []
    for path, obj in api3.items():
        if not (path.startswith("layers.") and path.count(".") == 1 and isinstance(obj, type)):
            continue
        sig = _signature(obj.__init__)
        params = _named(sig) if sig is not None else []
        if params and params[0].name in ("units", "filters"):
            found.append(path.split(".", 1)[1])
    return sorted(found)


def _runs(fn, args: tuple) -> bool:
    try:
        with quiet():
            fn(*args)
    except Exception:
        return False
    return True


def backend_probes(keras2: types.ModuleType, keras3: types.ModuleType) -> dict[str, list[str]]:
    """``tf.keras.backend`` functions (in both versions) that run on Keras 2's objects and raise
    on Keras 3's: called with a Keras tensor, and with a layer's variable (then with the variable
    and a value of its shape, then with ``[(variable, value)]``, whichever Keras 2 takes)."""
    import numpy as np

    def variable(keras):
        dense = keras.layers.Dense(2)
        dense.build((None, 3))
        return dense.kernel

    found: dict[str, list[str]] = {"keras_tensor": [], "variable": []}
    names = sorted(
        n
        for n in dir(keras2.backend)
        if not n.startswith("_")
        and inspect.isfunction(getattr(keras2.backend, n))
        and inspect.isfunction(getattr(keras3.backend, n, None))
    )
    for name in names:
        fn2, fn3 = getattr(keras2.backend, name), getattr(keras3.backend, name)
        # one Keras tensor, or a list of two (`concatenate`, `stack`), whichever Keras 2 takes
        for shape in ((lambda k: k.Input((3,))), (lambda k: [k.Input((3,)), k.Input((3,))])):
            if _runs(fn2, (shape(keras2),)):
                if not _runs(fn3, (shape(keras3),)):
                    found["keras_tensor"].append(name)
                break
        v2, v3 = variable(keras2), variable(keras3)
        value = np.zeros((3, 2), "float32")
        for shape in ((v2,), (v2, value), ([(v2, value)],)):
            if _runs(fn2, shape):
                args3 = tuple(
                    v3 if a is v2 else [(v3, value)] if isinstance(a, list) else a for a in shape
                )
                if not _runs(fn3, args3):
                    found["variable"].append(name)
                break
    return found


def _probe_in_subprocess() -> dict:
    here = str(Path(__file__).resolve().parent)
    code = (
        f"import importlib, json, sys; sys.path.insert(0, {here!r}); "
        "import generate_keras3_data as g; k2 = importlib.import_module(g.KERAS2_ROOT); "
        "k3 = importlib.import_module(g.KERAS3_ROOT); print(json.dumps({'keras_tensor': "
        "g.keras_tensor_api(k2, k3), 'backend': g.backend_probes(k2, k3)}))"
    )
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    env.pop("TF_USE_LEGACY_KERAS", None)
    output = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(output.stdout.strip().splitlines()[-1])


def build() -> dict:
    """The migration data, from the installed TensorFlow, Keras 3 and tf-keras."""
    import keras
    import tensorflow as tf
    import tf_keras

    keras2 = importlib.import_module(KERAS2_ROOT)
    keras3 = importlib.import_module(KERAS3_ROOT)
    api2, api3, api_keras = public_api(keras2), public_api(keras3), public_api(keras)
    builder3 = Builder(keras3)
    symbols = removed_symbols(api2, api3, api_keras)
    members = removed_members(api2, api3, builder3)
    arguments, defaults, unknown = argument_changes(
        api2, api3, builder3, ModelProbe(keras3), Builder(keras2)
    )
    arguments = _inherited_forwarded_dropped(arguments, api2)
    accepted = accepted_arguments(arguments, api2, api3)
    # Classes with entries of their own: constructors (the class path), methods (class.method).
    owners = {*members, *arguments, *(p.rsplit(".", 1)[0] for p in arguments)}
    ancestors = public_ancestors(api2, owners.__contains__)
    canon2 = canonical_paths(api2)
    aliases = {
        path: canon2[id(obj)]
        for path, obj in api2.items()
        if isinstance(obj, type)
        and canon2[id(obj)] != path
        and (canon2[id(obj)] in owners or canon2[id(obj)] in ancestors)
    }
    state3 = layer_state(api3, builder3, keras.layers.Layer)
    state2 = layer_state(api2, Builder(keras2), tf_keras.layers.Layer)
    return {
        "tensorflow_version": tf.__version__,
        "keras_version": keras.__version__,
        "tf_keras_version": tf_keras.__version__,
        "source": f"public APIs of {KERAS2_ROOT} (Keras 2) and {KERAS3_ROOT} (Keras 3)",
        "symbols": symbols,
        "members": members,
        "forwarding_members": forwarding_members(members, api2, api3),
        "renamed_log_keys": renamed_log_keys(api2, api3),
        "ancestors": ancestors,
        "class_aliases": dict(sorted(aliases.items())),
        "arguments": arguments,
        "call_arguments": call_arguments(api2, api3, builder3),
        "positional_moves": positional_moves(api2, api3, arguments),
        "accepted_arguments": accepted,
        "kind_signatures": kind_signatures(arguments, api2, api3),
        "defaults": defaults,
        "arguments_not_judged": unknown,
        "layer_state": {"keras3": state3, "keras2": state2},
        "size_layers": size_layers(api3),
        "member_kinds": member_kinds(api2, api3, Builder(keras2), builder3),
        "package_symbols": package_symbols(api2, api3, api_keras),
        "compat_v1_symbols": compat_v1_symbols(
            public_api(importlib.import_module(KERAS2_V1_ROOT)), api3, api_keras, symbols
        ),
        "refused_values": refused_values(api2, api3, Builder(keras2), builder3),
        **_probe_in_subprocess(),
    }


def dump(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=False, ensure_ascii=False) + "\n"


def main() -> int:
    return write_or_check(__doc__, build, dump, DATA)


if __name__ == "__main__":
    sys.exit(main())

"""Generate the call signatures of TensorFlow's and Keras's public callables (TF976).

    python scripts/generate_api_signatures.py           # write linter/data/api_signatures.json
    python scripts/generate_api_signatures.py --check   # exit 1 when the committed file is stale

Walks ``tensorflow`` (less ``tf.compat``, TF1's and TF102's, ``tf.keras``, which is Keras 3's
API, and ``tf.raw_ops``) and ``keras`` (less ``keras.src``) and reads ``inspect.signature`` of
each function, and of each class (its constructor). Per qualified name it keeps the keywords the
callable binds, how many positional arguments it takes (None: ``*args``) and whether it takes
``**kwargs``. A class whose constructor takes ``**kwargs`` and hands them up (a Keras layer, an
optimizer) is followed along its bases' ``__init__``: their keywords, and the keys the
``__init__`` source reads out of ``kwargs`` (``kwargs.pop("input_shape", None)``), are accepted
too, up to a base whose ``__init__`` refuses what is left (Keras 3's ``Layer.__init__`` raises
"Unrecognized keyword arguments"). A chain that never closes is open: its keywords are not
judged. A callable with nothing to judge (open keywords, ``*args``, nothing required) is left
out. ``required`` lists the leading positional parameters without a default (a call gives each
by position or by name), ``required_keywords`` the keyword-only ones without (by name);
``keras2_defaults`` the default tf-keras gave a parameter Keras 3 requires, at the same public
path (``keras.layers.AveragePooling2D``'s ``pool_size``: ``(2, 2)``).

``methods`` holds the public methods of the objects whose kind the semantic model recognises
(``linter/analysis/kinds.py``: a Keras model, layer, optimizer, loss, metric or callback under
Keras 3 and tf-keras, a tf.data dataset, a GradientTape, a tf.Variable...), keyed by
``<package>:<kind>``. The model knows the kind, not always the class (``model.optimizer``,
``keras.Model(inputs, outputs)`` builds a ``Functional``), so each method's entry is the
loosest over every class of that kind (the knowledge base's public classes of the kind and all
their loaded subclasses): a keyword any of them takes is taken, a count any of them allows is
allowed, and a parameter is required only where all of them require it. A method some of them
lack, or hold as something else than a method, is left out. ``classes`` holds, for a public
model class, the methods where the class and its non-public subclasses (what constructing it may
give: ``keras.Model(inputs, outputs)`` is a ``Functional``) accept less than the kind does.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import sys
import types
import warnings
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("KERAS_BACKEND", "tensorflow")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generated_data import public_api, write_or_check

DATA = Path(__file__).resolve().parent.parent / "linter" / "data" / "api_signatures.json"
# TF1 names (TF102's), Keras 3 under another root (walked as `keras`), raw ops (keyword-only).
SKIPPED_TF = ("compat", "keras", "raw_ops", "dtensor")
# What an `__init__` that refuses leftover keywords says (Keras 3's Layer, BaseOptimizer...).
_REFUSES_LEFTOVERS = re.compile(r"[Uu]nrecognized keyword arguments|not recognized|validate_kwargs")
# An `__init__` that hands its `**kwargs` to the next base's (not to another class's, as
# keras.Model's hands them to Functional or Layer past its Trainer base).
_HANDS_UP = re.compile(r"super\([^)]*\)\.__init__\([^)]*\*\*kwargs")
_KWARGS_KEY = re.compile(r"kwargs(?:\.pop|\.get)\(\s*[\"'](\w+)[\"']|[\"'](\w+)[\"']\s+in\s+kwargs")


def _signature(obj: object) -> inspect.Signature | None:
    try:
        return inspect.signature(obj)
    except (TypeError, ValueError):
        return None


def _shape(sig: inspect.Signature) -> tuple[int | None, list[str], bool]:
    positional, keywords, varargs, varkw = 0, [], False, False
    for p in sig.parameters.values():
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            positional += 1
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            keywords.append(p.name)
        varargs |= p.kind == p.VAR_POSITIONAL
        varkw |= p.kind == p.VAR_KEYWORD
    return (None if varargs else positional), keywords, varkw


def _required(sig: inspect.Signature, skip: int) -> tuple[list[str], list[str]]:
    """The parameters without a default, less the first ``skip`` (``self``): the leading
    positional ones in order (Python allows no default before them), and the keyword-only."""
    params = list(sig.parameters.values())[skip:]
    leading = [
        p.name
        for p in params
        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    named = [p.name for p in params if p.default is p.empty and p.kind == p.KEYWORD_ONLY]
    return leading, named


def _init_keys(cls: type) -> tuple[list[str], bool, bool] | None:
    """The keywords of ``cls.__init__`` itself, whether it hands ``**kwargs`` on to the next
    base, and whether it refuses what it does not read of them. None: no readable signature,
    or ``**kwargs`` that go elsewhere."""
    init = vars(cls).get("__init__")
    if init is None:
        return [], True, False  # inherits: hands everything on
    sig = _signature(init)
    if sig is None:
        return None
    _, keywords, varkw = _shape(sig)
    try:
        source = inspect.getsource(init)
    except (OSError, TypeError):
        return None
    refuses = bool(_REFUSES_LEFTOVERS.search(source))
    if varkw and not refuses and not _HANDS_UP.search(source):
        return None
    read = [a or b for a, b in _KWARGS_KEY.findall(source)]
    return [*keywords[1:], *read], varkw, refuses  # [1:]: not `self`


def _class_keywords(cls: type) -> list[str] | None:
    """The keywords a class's constructor accepts along its bases' ``__init__``, or None when
    its ``**kwargs`` reach no base that refuses leftovers."""
    accepted: list[str] = []
    for base in cls.__mro__:
        if base is object:
            return None
        keys = _init_keys(base)
        if keys is None:
            return None
        keywords, varkw, refuses = keys
        accepted.extend(keywords)
        if not varkw or refuses:
            return accepted
    return None


def _entry(obj: object) -> dict | None:
    if isinstance(obj, type):
        if type(obj) is not type and "__call__" in vars(type(obj)):
            return None  # a metaclass decides what construction takes
        init = obj.__init__
        sig = _signature(obj) if init is object.__init__ else _signature(init)
        if sig is None or not sig.parameters:
            return None
        positional, keywords, varkw = _shape(sig)
        skip = 0
        if init is not object.__init__:  # not `self`
            keywords = keywords[1:]
            positional = None if positional is None else positional - 1
            skip = 1
        required = _required(sig, skip)
        if varkw:
            extra = _class_keywords(obj)
            if extra is not None:
                keywords, varkw = [*keywords, *extra], False
    elif isinstance(obj, (types.FunctionType, types.BuiltinFunctionType)) or callable(obj):
        if not (inspect.isfunction(inspect.unwrap(obj)) or inspect.isbuiltin(obj)):
            return None  # instances, functools.partial...: not a plain signature
        sig = _signature(obj)
        if sig is None:
            return None
        positional, keywords, varkw = _shape(sig)
        required = _required(sig, 0)
    else:
        return None
    return _judged(positional, keywords, varkw, required)


def _judged(
    positional: int | None,
    keywords: list[str],
    varkw: bool,
    required: tuple[list[str], list[str]],
) -> dict | None:
    leading, named = required
    if positional is None and varkw and not (leading or named):
        return None  # nothing to judge
    entry = {"positional": positional, "keywords": None if varkw else sorted(set(keywords))}
    if leading:
        entry["required"] = leading
    if named:
        entry["required_keywords"] = named
    return entry


# The kinds whose methods are judged, per package (the semantic model's kinds: a Keras 3 or a
# tf-keras object, a TensorFlow value). A tensor is left out: eager, graph and Keras symbolic
# tensors differ in their methods.
METHOD_KINDS = {
    "keras": ("model", "layer", "optimizer", "loss", "metric", "callback"),
    "tf_keras": ("model", "layer", "optimizer", "loss", "metric", "callback"),
    "tensorflow": ("dataset", "tape", "variable", "tensor_array", "random_generator", "iterator"),
}
# The kinds whose public classes get their own entries too, where the model names the class
# (``keras.Sequential()``): what the class and its non-public subclasses accept, where stricter
# than the kind's (a public subclass, keras.distillation.Distiller, takes any keyword in compile).
CLASS_KINDS = ("model",)
# tf-keras's compile can hand back an optimizer of its legacy family, apart from the new one
EXTRA_CLASSES = {("tf_keras", "optimizer"): ("tf_keras.optimizers.legacy.Optimizer",)}
NOT_A_METHOD = "not a method"


def _subclasses(roots: list[type]) -> list[type]:
    found: dict[type, None] = {}
    todo = list(roots)
    while todo:
        cls = todo.pop()
        if cls in found:
            continue
        found[cls] = None
        todo.extend(cls.__subclasses__())
    return sorted(found, key=lambda c: (c.__module__, c.__qualname__))


def _method(cls: type, name: str) -> dict | str | None:
    """``cls.name`` as a method called on an instance: its entry, None when it has nothing to
    judge, NOT_A_METHOD when it is something else (a property, a tf.function, absent)."""
    try:
        raw = inspect.getattr_static(cls, name)
    except AttributeError:
        return NOT_A_METHOD
    if isinstance(raw, (staticmethod, classmethod)):
        sig, skip = _signature(getattr(cls, name)), 0
    elif inspect.isfunction(raw):
        sig, skip = _signature(raw), 1
    else:
        return NOT_A_METHOD
    if sig is None or len(sig.parameters) < skip:
        return NOT_A_METHOD
    params = list(sig.parameters.values())[skip:]
    positional, keywords, varkw = _shape(sig.replace(parameters=params))
    return _judged(positional, keywords, varkw, _required(sig, skip))


def _loosest(entries: list[dict | None]) -> dict | None:
    """What every class of a kind accepts: the most positional arguments, every keyword; and
    what all of them require (the leading positional parameters they share, in order)."""
    if any(e is None for e in entries):
        return None
    counts = [e["positional"] for e in entries]
    keywords = [e["keywords"] for e in entries]
    leadings = [e.get("required", []) for e in entries]
    shared = 0
    while all(shared < len(r) and r[shared] == leadings[0][shared] for r in leadings):
        shared += 1
    named = set.intersection(*(set(e.get("required_keywords", ())) for e in entries))
    return _judged(
        None if None in counts else max(counts),
        sorted({k for ks in keywords if ks is not None for k in ks}),
        None in keywords,
        (leadings[0][:shared], sorted(named)),
    )


def _kind_table(members: list[type], names: list[str]) -> dict[str, dict]:
    table = {}
    for name in names:
        found = [_method(cls, name) for cls in members]
        if NOT_A_METHOD in found:
            continue
        entry = _loosest(found)
        if entry is not None:
            table[name] = entry
    return table


def _public_names(members: list[type]) -> list[str]:
    return sorted({n for cls in members for n in dir(cls) if not n.startswith("_")})


def _methods(
    packages: dict[str, object], classes: dict[str, str], public: set[type]
) -> tuple[dict[str, dict], dict[str, dict]]:
    """``<package>:<kind>`` -> method -> its loosest entry over the kind's classes; and public
    class path -> method -> its entry where stricter than its kind's (CLASS_KINDS)."""
    tables: dict[str, dict] = {}
    own: dict[str, dict] = {}
    for package, kinds in METHOD_KINDS.items():
        for kind in kinds:
            paths = [p for p, k in classes.items() if k == kind and p.split(".")[0] == package]
            paths += EXTRA_CLASSES.get((package, kind), ())
            roots = {path: _resolve(packages, path) for path in sorted(paths)}
            roots = {path: r for path, r in roots.items() if isinstance(r, type)}
            members = _subclasses(list(roots.values()))
            if not members:
                continue
            table = tables[f"{package}:{kind}"] = _kind_table(members, _public_names(members))
            if kind not in CLASS_KINDS:
                continue
            for path, cls in roots.items():
                built = [c for c in _subclasses([cls]) if c is cls or c not in public]
                stricter = {
                    name: entry
                    for name, entry in _kind_table(built, _public_names([cls])).items()
                    if entry != table.get(name)
                }
                if stricter:
                    own[path] = stricter
    return tables, own


def _resolve(packages: dict[str, object], path: str) -> object:
    obj = packages[path.split(".")[0]]
    for part in path.split(".")[1:]:
        obj = getattr(obj, part, None)
    return obj


def _keras2_defaults(tf_keras: object, path: list[str], required: list[str]) -> dict[str, str]:
    """The defaults tf-keras's callable at the same public path gives parameters Keras 3's
    requires, as source text."""
    obj = tf_keras
    for part in path:
        obj = getattr(obj, part, None)
    if obj is None:
        return {}
    sig = _signature(obj.__init__ if isinstance(obj, type) else obj)
    if sig is None:
        return {}
    found = {}
    for name in required:
        p = sig.parameters.get(name)
        if p is not None and p.default is not p.empty:
            found[name] = repr(p.default)
    return found


def build() -> dict:
    warnings.simplefilter("ignore")
    import keras
    import tensorflow as tf
    import tf_keras

    callables: dict[str, dict] = {}
    walked = [
        ("tensorflow.", public_api(tf), SKIPPED_TF),
        ("keras.", public_api(keras), ("src",)),
    ]
    for root, api, skipped in walked:
        for path, obj in api.items():
            if path.split(".", 1)[0] in skipped or isinstance(obj, types.ModuleType):
                continue
            if any(part.startswith("_") for part in path.split(".")):
                continue
            entry = _entry(obj)
            if entry is not None:
                callables[root + path] = entry
    for path, entry in callables.items():
        if path.startswith("keras.") and entry.get("required"):
            defaults = _keras2_defaults(tf_keras, path.split(".")[1:], entry["required"])
            if defaults:
                entry["keras2_defaults"] = defaults
    knowledge = DATA.parent / "tf_knowledge.json"
    classes = json.loads(knowledge.read_text(encoding="utf-8"))["classes"]
    packages = {"keras": keras, "tf_keras": tf_keras, "tensorflow": tf}
    public = {obj for _, api, _ in walked for obj in api.values() if isinstance(obj, type)}
    public |= {obj for obj in public_api(tf_keras).values() if isinstance(obj, type)}
    kinds, classes_own = _methods(packages, classes, public)
    return {
        "tensorflow_version": tf.__version__,
        "keras_version": keras.__version__,
        "tf_keras_version": tf_keras.__version__,
        "callables": dict(sorted(callables.items())),
        "methods": kinds,
        "classes": classes_own,
    }


def dump(data: dict) -> str:
    """One line per callable and per method: the file stays small and its diffs readable."""
    lines = ["{"]
    for key in ("tensorflow_version", "keras_version", "tf_keras_version"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(data[key])},")
    lines.append('  "callables": {')
    items = list(data["callables"].items())
    for i, (name, entry) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        lines.append(f"    {json.dumps(name)}: {_compact(entry)}{comma}")
    lines += ["  },", '  "methods": {']
    kinds = list(data["methods"].items())
    for i, (kind, methods) in enumerate(kinds):
        lines.append(f"    {json.dumps(kind)}: {{")
        for j, (name, entry) in enumerate(methods.items()):
            comma = "," if j < len(methods) - 1 else ""
            lines.append(f"      {json.dumps(name)}: {_compact(entry)}{comma}")
        lines.append("    }" + ("," if i < len(kinds) - 1 else ""))
    lines += ["  },", '  "classes": {']
    owners = list(data["classes"].items())
    for i, (path, methods) in enumerate(owners):
        comma = "," if i < len(owners) - 1 else ""
        lines.append(f"    {json.dumps(path)}: {_compact(methods)}{comma}")
    lines += ["  }", "}", ""]
    return "\n".join(lines)


def _compact(entry: dict) -> str:
    return json.dumps(entry, separators=(",", ":"))


if __name__ == "__main__":
    sys.exit(write_or_check(__doc__, build, dump, DATA))

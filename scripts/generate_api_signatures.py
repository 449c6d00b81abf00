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
judged. A callable with nothing to judge (open keywords and ``*args``) is left out.
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
        if init is not object.__init__:  # not `self`
            keywords = keywords[1:]
            positional = None if positional is None else positional - 1
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
    else:
        return None
    if positional is None and varkw:
        return None  # nothing to judge
    return {
        "positional": positional,
        "keywords": None if varkw else sorted(set(keywords)),
    }


def build() -> dict:
    warnings.simplefilter("ignore")
    import keras
    import tensorflow as tf

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
    return {
        "tensorflow_version": tf.__version__,
        "keras_version": keras.__version__,
        "callables": dict(sorted(callables.items())),
    }


def dump(data: dict) -> str:
    """One line per callable: the file stays small and its diffs readable."""
    lines = [
        "{",
        f'  "tensorflow_version": {json.dumps(data["tensorflow_version"])},',
        f'  "keras_version": {json.dumps(data["keras_version"])},',
        '  "callables": {',
    ]
    items = list(data["callables"].items())
    for i, (name, entry) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        lines.append(f"    {json.dumps(name)}: {json.dumps(entry, separators=(',', ':'))}{comma}")
    lines += ["  }", "}", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(write_or_check(__doc__, build, dump, DATA))

"""Generate tf2lint's table of Keras 1 keyword arguments from Keras 2's own legacy interfaces.

    python scripts/generate_keras1_data.py            # write linter/data/keras1_arguments.json
    python scripts/generate_keras1_data.py --check    # exit 1 if the committed data is stale

Keras 2 (the multi-backend ``keras`` package, 2.0-2.2.5) still took Keras 1's keywords through
``keras/legacy/interfaces.py``: each ``legacy_*_support`` decorator renamed them (``output_dim``
to ``units``, ``border_mode`` to ``padding``, ``nb_filter`` to ``filters``, ``init`` to
``kernel_initializer``, ``Model(input=, output=)`` to ``inputs=, outputs=``) with a warning, and
``Model.fit`` popped ``nb_epoch`` out of its ``**kwargs`` as ``epochs``. ``tf.keras`` never had
these interfaces and Keras 3 refuses the old names. This script reads that source from a git
checkout of keras-team/keras (``TF2LINT_KERAS2_SOURCE``, default the mirror below; tag
``2.2.5``, the last multi-backend release), never from memory:

* ``conversions`` of each interface (a literal list of ``(old, new)`` pairs), and the classes
  whose ``__init__`` (own or inherited, along the Keras 2 source's class bases) it decorates;
* ``fit``-style renames: in a ``Model`` method, ``new = kwargs.pop("old")`` under
  ``if "old" in kwargs`` (``nb_epoch``);
* ``feature_input_dim``: classes whose interface's preprocessor turned ``input_dim`` (and
  ``input_length``) into ``input_shape=(input_length, input_dim)``: Keras 1's recurrent and
  1-D convolution layers read ``input_dim`` as the feature count of a sequence, while Keras 3's
  base ``Layer`` reads it as ``input_shape=(input_dim,)``, a rank-2 input.

Each Keras 2 class is mapped to the installed Keras 3 class of the same name (``keras.layers.X``
or ``keras.X``), and a keyword is kept only where Keras 3 refuses it: not a parameter of the
constructor or method, and refused by the base that checks ``**kwargs`` (``keras.layers.Layer``,
``keras.Model``), probed by calling it with the keyword.
"""

from __future__ import annotations

import ast
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

from generated_data import write_or_check

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "linter" / "data" / "keras1_arguments.json"
MAIN_TABLE = HERE.parent / "linter" / "data" / "keras3_migration.json"
DEFAULT_SOURCE = "/work/.mirror/keras-team+keras/repo"
TAG = "2.2.5"
INTERFACES = "keras/legacy/interfaces.py"


def _git(source: str, *args: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", source, *args], check=True, capture_output=True, text=True
    ).stdout


def _interfaces(text: str) -> tuple[dict[str, list[tuple[str, str]]], dict[str, str]]:
    """Each ``legacy_*`` interface's conversions, and the name of its preprocessor."""
    conversions: dict[str, list[tuple[str, str]]] = {}
    preprocessors: dict[str, str] = {}
    for node in ast.parse(text).body:
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        target = node.targets[0]
        if not isinstance(target, ast.Name) or not target.id.startswith("legacy_"):
            continue
        keywords = {k.arg: k.value for k in node.value.keywords}
        pairs = ast.literal_eval(keywords["conversions"]) if "conversions" in keywords else []
        conversions[target.id] = [tuple(p) for p in pairs]
        if isinstance(keywords.get("preprocessor"), ast.Name):
            preprocessors[target.id] = keywords["preprocessor"].id
    return conversions, preprocessors


def _popped(function: ast.FunctionDef) -> set[str]:
    """The string keys ``function`` pops out of ``kwargs``."""
    found = set()
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "pop"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "kwargs"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add(node.args[0].value)
    return found


def _feature_input_dim(text: str, preprocessors: dict[str, str]) -> set[str]:
    """Interfaces whose preprocessor builds ``input_shape`` from ``input_length, input_dim``."""
    functions = {n.name: n for n in ast.parse(text).body if isinstance(n, ast.FunctionDef)}
    return {
        interface
        for interface, name in preprocessors.items()
        if name in functions and {"input_dim", "input_length"} <= _popped(functions[name])
    }


def _preprocessed(text: str, preprocessors: dict[str, str]) -> dict[str, dict[str, str | None]]:
    """Keywords each interface's preprocessor (and the preprocessors it calls) pops out of
    ``kwargs``: ``{old: new}``, ``new`` the ``kwargs[new] = ...`` of the same branch, or None
    where the branch sets nothing (``BatchNormalization(mode=0)``: dropped)."""
    functions = {n.name: n for n in ast.parse(text).body if isinstance(n, ast.FunctionDef)}

    def own(function: ast.FunctionDef) -> dict[str, str | None]:
        found: dict[str, str | None] = {}
        for branch in ast.walk(function):
            if not isinstance(branch, ast.If):
                continue
            body = ast.Module(body=branch.body, type_ignores=[])
            popped = _popped(ast.FunctionDef(name="", body=branch.body, decorator_list=[]))
            set_keys = [
                t.slice.value
                for n in ast.walk(body)
                if isinstance(n, ast.Assign)
                for t in n.targets
                if isinstance(t, ast.Subscript)
                and isinstance(t.value, ast.Name)
                and t.value.id == "kwargs"
                and isinstance(t.slice, ast.Constant)
            ]
            for old in popped:
                new = next((k for k in set_keys if k != old), None)
                if found.get(old) is None:
                    found[old] = new
        for call in ast.walk(function):  # another preprocessor it calls
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name):
                inner = functions.get(call.func.id)
                if inner is not None and inner is not function:
                    for old, new in own(inner).items():
                        found.setdefault(old, new)
        return found

    return {i: own(functions[name]) for i, name in preprocessors.items() if name in functions}


def _decorator(function: ast.FunctionDef) -> str | None:
    for decorator in function.decorator_list:
        if (
            isinstance(decorator, ast.Attribute)
            and isinstance(decorator.value, ast.Name)
            and decorator.value.id == "interfaces"
        ):
            return decorator.attr
    return None


def _kwargs_renames(function: ast.FunctionDef) -> dict[str, str]:
    """``new = kwargs.pop("old")`` under ``if "old" in kwargs``: ``{old: new}``."""
    found = {}
    for node in ast.walk(function):
        if not (isinstance(node, ast.If) and isinstance(node.test, ast.Compare)):
            continue
        left = node.test.left
        if not isinstance(left, ast.Constant) or not isinstance(node.test.ops[0], ast.In):
            continue
        for statement in node.body:
            if (
                isinstance(statement, ast.Assign)
                and isinstance(statement.targets[0], ast.Name)
                and isinstance(statement.value, ast.Call)
                and _popped(ast.FunctionDef(name="", body=[statement], decorator_list=[]))
                == {left.value}
            ):
                found[left.value] = statement.targets[0].id
    return found


def _classes(source: str) -> dict[str, dict]:
    """Every class of the Keras 2 package: its bases, and its methods' decorating interface
    and ``kwargs`` renames."""
    classes: dict[str, dict] = {}
    for path in _git(source, "ls-tree", "-r", "--name-only", TAG, "keras").split():
        if not path.endswith(".py") or path == INTERFACES:
            continue
        tree = ast.parse(_git(source, "show", f"{TAG}:{path}"))
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            methods = {}
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    methods[item.name] = {
                        "interface": _decorator(item),
                        "renames": _kwargs_renames(item),
                    }
            bases = [b.id for b in node.bases if isinstance(b, ast.Name)]
            classes.setdefault(node.name, {"bases": bases, "methods": methods, "file": path})
    return classes


def _method(classes: dict[str, dict], cls: str, method: str) -> dict | None:
    """``cls.method`` as Keras 2 resolves it: its own, else its first base's (by name)."""
    seen = set()
    while cls in classes and cls not in seen:
        seen.add(cls)
        found = classes[cls]["methods"].get(method)
        if found is not None:
            return found
        bases = classes[cls]["bases"]
        cls = bases[0] if bases else ""
    return None


def _refused(keras3_callable, base, keyword: str) -> bool:
    """Keras 3 refuses ``keyword``: not a parameter, and (with ``**kwargs``) ``base`` raises."""
    parameters = inspect.signature(keras3_callable).parameters
    if keyword in parameters:
        return False
    if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return True
    try:
        base(**{keyword: None})
    except (TypeError, ValueError) as error:
        return keyword in str(error)
    return False


def build() -> dict:
    import keras

    source = os.environ.get("TF2LINT_KERAS2_SOURCE", DEFAULT_SOURCE)
    commit = _git(source, "rev-parse", f"{TAG}^{{commit}}").strip()
    text = _git(source, "show", f"{TAG}:{INTERFACES}")
    conversions, preprocessors = _interfaces(text)
    feature_interfaces = _feature_input_dim(text, preprocessors)
    preprocessed = _preprocessed(text, preprocessors)
    aliases = json.loads(MAIN_TABLE.read_text(encoding="utf-8"))["class_aliases"]
    classes = _classes(source)

    def keras3_path(name: str) -> tuple[str, object] | None:
        if hasattr(keras.layers, name):
            path, obj = f"layers.{name}", getattr(keras.layers, name)
        elif hasattr(keras, name) and isinstance(getattr(keras, name), type):
            path, obj = name, getattr(keras, name)
        else:
            return None
        return aliases.get(path, path), obj

    arguments: dict[str, dict[str, dict]] = {}
    feature_input_dim: dict[str, list[str]] = {}
    for name in sorted(classes):
        found = keras3_path(name)
        if found is None:
            continue
        path, obj = found
        base = keras.Model if issubclass(obj, keras.Model) else keras.layers.Layer
        init = _method(classes, name, "__init__")
        interface = init["interface"] if init else None
        feature = interface in feature_interfaces
        if feature:
            feature_input_dim[path] = ["input_dim", "input_length"]
        renames = [*conversions.get(interface, ()), *preprocessed.get(interface, {}).items()]
        for old, new in renames:
            if feature and old in ("input_dim", "input_length"):
                continue
            if old not in arguments.get(path, {}) and _refused(obj.__init__, base, old):
                arguments.setdefault(path, {})[old] = {"new": new, "interface": interface}
        for method in ("fit", "evaluate", "predict"):
            own = _method(classes, name, method)
            if own is None or not hasattr(obj, method):
                continue
            for old, new in own["renames"].items():
                if _refused(getattr(obj, method), None, old):
                    entry = {"new": new, "interface": f"{name}.{method}"}
                    arguments.setdefault(f"{path}.{method}", {})[old] = entry
    return {
        "source": {"repository": "keras-team/keras", "tag": TAG, "commit": commit},
        "keras_version": keras.__version__,
        "arguments": {k: dict(sorted(v.items())) for k, v in sorted(arguments.items())},
        "feature_input_dim": dict(sorted(feature_input_dim.items())),
    }


def dump(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=False) + "\n"


if __name__ == "__main__":
    sys.exit(write_or_check(__doc__, build, dump, DATA))

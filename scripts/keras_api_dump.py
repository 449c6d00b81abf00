"""Print the public API of the installed TensorFlow's ``tf.keras`` (Keras 2) as JSON.

    python scripts/keras_api_dump.py > api.json     # under an old tensorflow-cpu (2.1-2.15)

Run by ``scripts/generate_keras_history.py`` with the Python of each old TensorFlow it is given,
so it runs on the oldest Pythons those releases install on (3.7): no third-party import but
TensorFlow, no syntax newer than 3.7. What it prints, by dotted path under ``tf.keras``:

* ``symbols``: every public name, with its kind (module, class, function, constant) and the
  shortest path of the same object (``initializers.normal`` is ``initializers.RandomNormal``);
* ``members``: for each class (by that shortest path), its public members, and for ``Model``
  those of a built functional model too (instance attributes);
  and for the classes users subclass through a protocol of private hooks (``PROTOCOL_CLASSES``:
  an OptimizerV2 subclass overrides ``_resource_apply_dense`` and calls ``_set_hyper``) their
  single-underscore members too;
* ``bases``: each class's public bases, nearest first;
* ``params``: each class's constructor and each function: its named parameters, whether it
  takes ``**kwargs``, the keywords its source reads out of ``**kwargs`` (``kwargs.pop("l")``),
  and the aliases among them (``l2 = kwargs.pop("l", l2)``: ``l`` is ``l2``);
* ``package``: where a ``keras`` 2.x package is importable beside this TensorFlow (the one TF
  2.6-2.15 installed, or a standalone multi-backend keras put on ``PYTHONPATH``), its module
  layout: every public module by dotted path under ``keras`` (``engine.topology``,
  ``utils.np_utils``), each with its public classes and functions, their kind and the
  ``tf.keras`` path of the same object (null where ``tf.keras`` has none).

* ``distribute``: each public class of ``tf.distribute`` (``distribute.MirroredStrategy``), its
  public members, and for a method whose body only returns ``self.<other>(...)`` of its own
  parameters (a renamed method kept under its old name), that other name.

    python scripts/keras_api_dump.py --package     # the ``package`` section alone
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import inspect
import io
import json
import os
import sys
import textwrap
import types
import warnings

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")


def keras_root():
    """The module ``tf.keras`` is: Keras 2's public API of this TensorFlow."""
    import tensorflow as tf

    for name in ("keras.api._v2.keras", "tensorflow.python.keras.api._v2.keras"):
        try:
            return tf, importlib.import_module(name)
        except Exception:
            continue
    keras = tf.keras
    getattr(keras, "layers")  # noqa: B009 (a lazy loader loads on first use)
    return tf, sys.modules.get(getattr(keras, "__name__", ""), keras)


def public_api(module):
    """Every public name reachable from ``module`` through public submodules of its package."""
    root = module.__name__.split(".")[0] + "."
    found = {}
    seen = set()

    def walk(mod, prefix):
        for name in sorted(dir(mod)):
            if name.startswith("_"):
                continue
            try:
                obj = getattr(mod, name)
            except Exception:
                continue
            path = prefix + name
            found[path] = obj
            if not isinstance(obj, types.ModuleType) or name in ("src", "api"):
                continue
            inner = getattr(obj, "__name__", "")
            if id(obj) not in seen and (inner + ".").startswith(root):
                seen.add(id(obj))
                walk(obj, path + ".")

    walk(module, "")
    return found


def kind_of(obj):
    if isinstance(obj, types.ModuleType):
        return "module"
    if isinstance(obj, type):
        return "class"
    return "function" if callable(obj) else "constant"


def shortest(api):
    best = {}
    for path, obj in api.items():
        old = best.get(id(obj))
        if old is None or (path.count("."), path) < (old.count("."), old):
            best[id(obj)] = path
    return best


def _source_tree(fn):
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except Exception:
        return None


def _text(node):
    """The value of a string literal (Python 3.7 parses it as ``ast.Str``), else None."""
    value = getattr(node, "value", getattr(node, "s", None))
    return (
        value
        if isinstance(node, (ast.Constant, getattr(ast, "Str", ast.Constant)))
        and (isinstance(value, str))
        else None
    )


def read_keywords(fn, owner=None, depth=0):
    """(keywords the source of ``fn`` reads out of ``kwargs``, aliases ``{old: new}``), following
    ``self.<method>(kwargs)`` and ``self.<method>(**kwargs)`` one level (TensorBoard's
    ``_validate_kwargs``), and ``super().__init__(..., **kwargs)`` one level (the optimizers'
    base reads ``decay``)."""
    tree = _source_tree(fn)
    keywords, aliases = set(), {}
    if tree is None:
        return keywords, aliases
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("pop", "get")
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "kwargs"
            and node.args
            and _text(node.args[0]) is not None
        ):
            keywords.add(_text(node.args[0]))
        elif (
            isinstance(node, ast.Compare)
            and _text(node.left) is not None
            and len(node.ops) == 1
            and isinstance(node.ops[0], ast.In)
            and isinstance(node.comparators[0], ast.Name)
            and node.comparators[0].id == "kwargs"
        ):
            keywords.add(_text(node.left))
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Sub)
            and isinstance(node.right, ast.Set)
        ):
            left = node.left
            if isinstance(left, ast.Call) and len(left.args) == 1:
                left = left.args[0]
            if isinstance(left, ast.Call) and isinstance(left.func, ast.Attribute):
                left = left.func.value  # set(kwargs.keys())
            if isinstance(left, ast.Name) and left.id == "kwargs":
                keywords |= {_text(e) for e in node.right.elts if _text(e) is not None}
        if (  # `l2 = kwargs.pop("l", l2)`: `l` is another name of the parameter `l2`
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Attribute)
            and node.value.func.attr == "pop"
            and isinstance(node.value.func.value, ast.Name)
            and node.value.func.value.id == "kwargs"
            and len(node.value.args) == 2
            and _text(node.value.args[0]) is not None
            and isinstance(node.value.args[1], ast.Name)
            and node.value.args[1].id == node.targets[0].id
        ):
            aliases[_text(node.value.args[0])] = node.targets[0].id
        if (  # `super().__init__(..., **kwargs)`: the base class reads the rest (`decay`)
            depth == 0
            and owner is not None
            and isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "__init__"
            and isinstance(node.func.value, ast.Call)
            and isinstance(node.func.value.func, ast.Name)
            and node.func.value.func.id == "super"
            and any(k.arg is None for k in node.keywords)
        ):
            base_init = _next_init(owner, fn)
            if base_init is not None:
                more, more_aliases = read_keywords(base_init, owner, depth + 1)
                keywords |= more
                aliases.update(more_aliases)
        if (
            depth == 0
            and owner is not None
            and isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "self"
            and any(isinstance(a, ast.Name) and a.id == "kwargs" for a in node.args)
        ):
            helper = getattr(owner, node.func.attr, None)
            if callable(helper):
                more, more_aliases = read_keywords(helper, owner, depth + 1)
                keywords |= more
                aliases.update(more_aliases)
    return keywords, aliases


def _next_init(owner, fn):
    """The ``__init__`` that ``super().__init__`` in ``fn`` (an ``__init__`` of a class in
    ``owner``'s MRO) calls, or None."""
    mro = owner.__mro__
    for i, cls in enumerate(mro):
        if vars(cls).get("__init__") is fn:
            for base in mro[i + 1 :]:
                if "__init__" in vars(base) and base is not object:
                    return vars(base)["__init__"]
            return None
    return None


def params_of(fn, owner=None):
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    named = [
        p.name
        for p in sig.parameters.values()
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name not in ("self", "cls")
    ]
    varkw = any(p.kind == p.VAR_KEYWORD for p in sig.parameters.values())
    entry = {"named": named, "kwargs": varkw}
    if varkw:
        keywords, aliases = read_keywords(fn, owner)
        entry["read"] = sorted(keywords - set(named))
        entry["aliases"] = {k: v for k, v in sorted(aliases.items()) if v in named}
    return entry


@contextlib.contextmanager
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            yield


# Folders of the keras package that hold no module of its public layout.
_NOT_LAYOUT = ("src", "api", "tests", "testing_infra", "benchmarks", "integration_test")


def _layout_paths(root):
    """Dotted paths of the public modules under the package folder ``root``, from its files."""
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(
            d
            for d in subfolders
            if not d.startswith(("_", "."))
            and d not in _NOT_LAYOUT
            and os.path.exists(os.path.join(folder, d, "__init__.py"))
        )
        rel = os.path.relpath(folder, root)
        parts = [] if rel == "." else rel.split(os.sep)
        for file in sorted(files):
            if not file.endswith(".py") or file.endswith("_test.py"):
                continue
            stem = file[:-3]
            if stem != "__init__" and stem.startswith("_"):
                continue
            path = parts if stem == "__init__" else [*parts, stem]
            if path and not any("test" in part for part in path):  # test helpers: no layout
                yield ".".join(path)


def package_modules(best):
    """The module layout of the importable ``keras`` 2.x package (None when there is none)."""
    try:
        with quiet():
            package = importlib.import_module("keras")
    except Exception:
        return None
    version = getattr(package, "__version__", None) or ""
    if not version.startswith("2.") or not getattr(package, "__file__", None):
        return None
    modules = {}
    for path in _layout_paths(os.path.dirname(package.__file__)):
        try:
            with quiet():
                module = importlib.import_module("keras." + path)
        except Exception:
            continue
        names = {}
        for name, obj in sorted(vars(module).items()):
            if name.startswith("_") or isinstance(obj, types.ModuleType):
                continue
            if isinstance(obj, type) or callable(obj):
                names[name] = {"same_as": best.get(id(obj)), "kind": kind_of(obj)}
        modules[path] = names
    return {"keras": version, "modules": modules}


def _forwards_to(fn):
    """``other`` when ``fn``'s body (past its docstring) is ``return self.other(...)`` passing
    each of its own parameters on, else None."""
    tree = _source_tree(fn)
    defs = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)] if tree else []
    if not defs:
        return None
    body = defs[0].body
    if body and isinstance(body[0], ast.Expr) and _text(body[0].value) is not None:
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], ast.Return):
        return None
    call = body[0].value
    if not (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and isinstance(call.func.value, ast.Name)
        and call.func.value.id == "self"
    ):
        return None
    params = {a.arg for a in defs[0].args.args[1:]} | {a.arg for a in defs[0].args.kwonlyargs}
    passed = {n.id for a in call.args for n in ast.walk(a) if isinstance(n, ast.Name)}
    passed |= {n.id for k in call.keywords for n in ast.walk(k.value) if isinstance(n, ast.Name)}
    return call.func.attr if params <= passed else None


def distribute_members(tf):
    """The public classes of ``tf.distribute`` with their members (see the module's doc)."""
    out = {}
    for name, cls in sorted(vars(tf.distribute).items()):
        if name.startswith("_") or not isinstance(cls, type):
            continue
        members = {}
        for member in sorted(dir(cls)):
            if not member.startswith("_"):
                members[member] = _forwards_to(getattr(cls, member, None))
        out["distribute." + name] = members
    return out


def dump_package():
    with quiet():
        tf, keras = keras_root()
        best = shortest(public_api(keras))
    return {
        "tensorflow": tf.__version__,
        "python": "{}.{}".format(*sys.version_info[:2]),
        "package": package_modules(best),
        "distribute": distribute_members(tf),
    }


# Classes whose private hooks subclasses override and call (see ``members`` above).
PROTOCOL_CLASSES = ("optimizers.Optimizer",)


def dump():
    with quiet():
        tf, keras = keras_root()
        api = public_api(keras)
    best = shortest(api)
    symbols, members, bases, params = {}, {}, {}, {}
    for path, obj in sorted(api.items()):
        canonical = best[id(obj)]
        entry = {"kind": kind_of(obj)}
        if canonical != path and not isinstance(obj, (int, float, str, bool, type(None))):
            entry["same_as"] = canonical
        symbols[path] = entry
        if canonical != path:
            continue
        if isinstance(obj, type):
            hooks = path in PROTOCOL_CLASSES
            members[path] = sorted(
                n for n in dir(obj) if not n.startswith("_") or (hooks and not n.startswith("__"))
            )
            bases[path] = [best[id(b)] for b in obj.__mro__[1:] if id(b) in best]
            found = params_of(obj.__init__, obj)
            if found is not None:
                params[path] = found
        elif callable(obj) and not isinstance(obj, types.ModuleType):
            found = params_of(obj)
            if found is not None:
                params[path] = found
    try:
        with quiet():
            inputs = keras.Input((2,))
            model = keras.Model(inputs, keras.layers.Dense(1)(inputs))
        members["Model"] = sorted(
            set(members.get("Model", ())) | {n for n in dir(model) if not n.startswith("_")}
        )
    except Exception:
        pass
    return {
        "tensorflow": tf.__version__,
        "keras": getattr(keras, "__version__", None) or getattr(tf.keras, "__version__", None),
        "python": "{}.{}".format(*sys.version_info[:2]),
        "symbols": symbols,
        "members": members,
        "bases": bases,
        "params": params,
        "package": package_modules(best),
        "distribute": distribute_members(tf),
    }


if __name__ == "__main__":
    print(json.dumps(dump_package() if "--package" in sys.argv else dump(), sort_keys=True))

"""libcst's parse, made cheaper without changing what it builds.

libcst's native parser builds each node by calling its class, a frozen dataclass, with keyword
arguments. Three costs of that are not the parser's own, and tf2lint takes them away:

- ``CSTNode.__post_init__`` validates every node built; the native parser only builds valid
  trees, so :func:`parse_module` skips that re-validation (about 12% of the parse) where
  ``__post_init__`` is still exactly that call. The slot ``__init__``s below skip it (a flag
  they read); no class is changed per parse: assigning ``CSTNode.__post_init__`` around each
  parse, as before, invalidated the type version of every node class twice a file, and with
  it each attribute access that Python 3.11 had specialised for a node type (0.9% of a lint's
  instructions).
- For each node, the parser looks the ``libcst`` module up with ``PyImport_Import``, which
  calls the import hook (``__import__``) of the calling frame's builtins, for its side effect
  only, then takes the module from ``sys.modules`` (both are CPython's documented behaviour).
  libcst is imported already: :func:`parse_module` calls the parser from a frame whose hook
  does nothing (3% of the parse). Should the parser import a module not imported yet, that
  lookup fails (``KeyError``) and the parse runs again the ordinary way.
- A frozen dataclass's ``__init__`` stores each field with ``object.__setattr__`` (to get past
  the class's own ``__setattr__``, which refuses): a global, an attribute and a call per field,
  for two million nodes on a corpus of 140,000 lines. Each node class whose fields are slots
  gets an ``__init__`` with the same parameters, defaults and factories that stores its fields
  through the slots' own setters and calls ``__post_init__`` as before, except inside
  :func:`parse_module`, where it skips the call (validation) altogether. A class whose
  ``__init__`` is not the one dataclasses generated, or whose parameters come out different,
  keeps its own. tensor2tensor's TF modules parse in 3.1 s of CPU instead of 4.0.
"""

from __future__ import annotations

import builtins
import dataclasses
import inspect
import sys
from collections.abc import Callable, Iterator

import libcst as cst
from libcst import native
from libcst._nodes.base import CSTNode
from libcst._parser.detect_config import convert_to_utf8
from libcst._parser.types.config import PartialParserConfig

_VALIDATE = CSTNode.__dict__.get("__post_init__")
CAN_SKIP_VALIDATION = _VALIDATE is not None and _VALIDATE.__code__.co_names == ("_validate",)


def parse_module(source: str) -> cst.Module:
    """``libcst.parse_module``, without re-validating the nodes its parser builds, with the
    node classes' slot ``__init__``s, and without an import per node."""
    install_slot_inits()
    if not CAN_SKIP_VALIDATION:
        return _parse(source)
    _INIT_GLOBALS["_parsing"] = True  # the slot __init__s skip the validation
    try:
        return _parse(source)
    finally:
        _INIT_GLOBALS["_parsing"] = False


def _parse(source: str) -> cst.Module:
    """What ``libcst.parse_module`` does (libcst's ``_parse``), from a frame without imports."""
    encoding, text = convert_to_utf8(source, partial=_DEFAULT_CONFIG)
    try:
        return _parse_without_imports(text, encoding)
    except KeyError:  # the parser wanted a module not imported yet: the ordinary way
        return cst.parse_module(source)


def _called_without_imports(function: Callable) -> Callable:
    """``function``, called from a frame whose import hook does nothing: ``sys.audit`` takes any
    arguments after a string (the module's name) and, with no audit hook installed, returns
    None in C without building an argument tuple (1.7% fewer instructions in the parse than
    ``"".format``, which did the same; a Python hook would cost more than the import it saves).
    Where a hook is installed it sees an event named ``libcst``, and the parse is the same."""
    namespace = {"__builtins__": {**builtins.__dict__, "__import__": sys.audit}, "f": function}
    exec("def called(*args):\n    return f(*args)\n", namespace)
    return namespace["called"]  # type: ignore[return-value]


_DEFAULT_CONFIG = PartialParserConfig()
_parse_without_imports = _called_without_imports(native.parse_module)


_FACTORY = object()  # the default of a parameter whose field has a default_factory


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _slot_setter(cls: type, name: str) -> Callable | None:
    for klass in cls.__mro__:
        descriptor = klass.__dict__.get(name)
        if descriptor is not None:
            return descriptor.__set__ if inspect.ismemberdescriptor(descriptor) else None
    return None


def _shape(init: Callable) -> tuple:
    """An ``__init__``'s parameters: names, kinds and defaults (a factory's as one marker)."""
    code = init.__code__
    names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    defaults = tuple(
        "factory" if d is _FACTORY or repr(d) == "<factory>" else id(d)
        for d in init.__defaults__ or ()
    )
    return (
        names,
        code.co_argcount,
        code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS),
        defaults,
        init.__kwdefaults__,
    )


def _slot_init_source(cls: type, k: int, env: dict[str, object]) -> str | None:
    """The source of ``_init{k}``, ``cls.__init__`` storing through the slots' setters (its
    names go in ``env``), or None where that is not sure."""
    init = cls.__dict__.get("__init__")
    if init is None or init.__code__.co_filename != "<string>":  # not generated by dataclasses
        return None
    params, body = ["self"], []
    for i, field in enumerate(dataclasses.fields(cls)):
        setter = _slot_setter(cls, field.name)
        if setter is None or not field.init or field.kw_only:
            return None
        env[f"_set{k}_{i}"] = setter
        if field.default is not dataclasses.MISSING:
            env[f"_default{k}_{i}"] = field.default
            params.append(f"{field.name}=_default{k}_{i}")
        elif field.default_factory is not dataclasses.MISSING:
            env[f"_factory{k}_{i}"] = field.default_factory
            params.append(f"{field.name}=_FACTORY")
            body.append(
                f"    if {field.name} is _FACTORY:\n        {field.name} = _factory{k}_{i}()"
            )
        else:
            params.append(field.name)
        body.append(f"    _set{k}_{i}(self, {field.name})")
    if CAN_SKIP_VALIDATION and cls.__post_init__ is _VALIDATE:
        body.append("    if not _parsing:\n        self.__post_init__()")
    else:
        body.append("    self.__post_init__()")
    return f"def _init{k}({', '.join(params)}):\n" + "\n".join(body) + "\n"


DATACLASS_INITS: dict[type, Callable] = {}  # the __init__s replaced, by class
_INIT_GLOBALS: dict[str, object] = {"_FACTORY": _FACTORY, "_parsing": False}


def install_slot_inits() -> None:
    """Give each node class its slot ``__init__`` (once; :func:`parse_module` does it)."""
    if DATACLASS_INITS:
        return
    env = _INIT_GLOBALS
    classes, sources = [], []
    for cls in set(_subclasses(CSTNode)):
        if dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            source = _slot_init_source(cls, len(classes), env)
            if source is not None:
                classes.append(cls)
                sources.append(source)
    exec("".join(sources), env)  # one compile for all: 170 classes
    for k, cls in enumerate(classes):
        fast = env[f"_init{k}"]
        if _shape(fast) == _shape(cls.__init__):  # type: ignore[arg-type]
            fast.__qualname__ = f"{cls.__qualname__}.__init__"  # type: ignore[attr-defined]
            DATACLASS_INITS[cls] = cls.__init__
            cls.__init__ = fast  # type: ignore[misc]

"""``cst``: libcst, imported on first use.

Importing libcst takes a tenth of a second, more than the rest of tf2lint's start-up. The rule
modules, the model and the rule base class name libcst's node types only inside functions, so
they import this stand-in instead: a run whose every file is cached, ``tf2lint rules`` and
``tf2lint explain`` never load libcst at all. The first attribute read loads it and copies its
names in, then turns into a plain module, so later reads (``cst.Name`` in a hot loop) cost
what reading libcst's own attributes would.
"""

from __future__ import annotations

import importlib
import types


class _LazyLibcst(types.ModuleType):
    def __getattr__(self, name: str):
        real = importlib.import_module("libcst")
        self.__dict__.update(real.__dict__)
        # Back to a plain module: a class with __getattr__ makes every later read slower.
        self.__class__ = types.ModuleType
        return getattr(real, name)


cst = _LazyLibcst("libcst")

"""The built-in rules: a tf2lint plugin registered through the same hook a third party uses.

One module per rule family, found by listing this package (a new family is a new module here);
every rule class lists its fixtures under fixtures/<RULE-ID>/.
"""

from __future__ import annotations

from tf2lint.linting.hookspecs import hookimpl


@hookimpl
def tf2lint_rules() -> list[type]:
    from importlib import import_module
    from pkgutil import iter_modules

    from tf2lint.linting.rule import Rule

    found: list[type] = []
    for family in iter_modules(__path__):
        if family.ispkg:
            continue
        module = import_module(f"{__name__}.{family.name}")
        found.extend(
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and issubclass(value, Rule)
            and value.__module__ == module.__name__
            and "id" in vars(value)
        )
    return found

"""The built-in rules: a tf2lint plugin registered through the same hook a third party uses.

One module per rule family; every rule class lists its fixtures under fixtures/<RULE-ID>/.
"""

from __future__ import annotations

from tf2lint.hookspecs import hookimpl

FAMILIES = (
    "side_effects",
    "leaked_tensors",
    "variable_creation",
    "retracing",
    "stale_capture",
    "graph_bloat",
    "graph_incompatible",
    "api_misuse",
    "gradients",
    "keras_training",
    "keras3",
    "keras3_usage",
    "tf1_api",
    "suppressions",
)


@hookimpl
def tf2lint_rules() -> list[type]:
    from importlib import import_module

    from tf2lint.rule import Rule

    found: list[type] = []
    for family in FAMILIES:
        module = import_module(f"tf2lint.rules.{family}")
        found.extend(
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and issubclass(value, Rule)
            and value.__module__ == module.__name__
            and "id" in vars(value)
        )
    return found

"""tf2lint: a static linter for TensorFlow 2 code.

Plugin authors need ``Rule`` (subclass it) and ``hookimpl`` (mark ``tf2lint_rules``): here
for plugins written against earlier releases; the plugin API's home is ``tf2lint.api``.
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["Rule", "__version__", "hookimpl"]


def __getattr__(name: str):  # lazy, so that `tf2lint --version` does not import libcst
    if name == "Rule":
        from tf2lint.linting.rule import Rule

        return Rule
    if name == "hookimpl":
        from tf2lint.linting.hookspecs import hookimpl

        return hookimpl
    raise AttributeError(name)

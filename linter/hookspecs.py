"""``tf2lint.hookspecs``, kept for plugins written against it: the module is now
``tf2lint.linting.hookspecs``, and the plugin API's documented home is ``tf2lint.api``.
(written by /work/floors/split.py)
"""

from tf2lint.linting.hookspecs import (
    PROJECT,
    hookimpl,
    hookspec,
    tf2lint_rules,
)

__all__ = [
    "PROJECT",
    "hookimpl",
    "hookspec",
    "tf2lint_rules",
]

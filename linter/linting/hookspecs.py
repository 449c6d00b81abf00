"""Every hook a tf2lint plugin can implement. The built-in rules are a plugin like any other.

A third-party package exposes a module under the ``tf2lint`` entry-point group::

    [project.entry-points.tf2lint]
    my_rules = "my_package.tf2lint_plugin"

and implements the hooks below with ``@tf2lint.hookimpl``.
"""

from __future__ import annotations

import pluggy

PROJECT = "tf2lint"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def tf2lint_rules() -> list[type]:
    """Return the rule classes (subclasses of ``tf2lint.Rule``) this plugin provides.

    Each rule class declares its id, name, category, severity, message, rationale, fix
    applicability and fixture folder; ids must be unique across all installed plugins.
    """

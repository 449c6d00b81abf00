"""tf2lint's plugin API: what a third-party rule package imports, in one place.

    from tf2lint.api import Rule, hookimpl

A plugin module implements the ``tf2lint_rules`` hook (marked with ``hookimpl``) and returns
its ``Rule`` subclasses; the README's "Writing a plugin" shows a whole one. A rule reads
``self.model`` (a ``ModuleModel``: what each name holds, what is traced and why) and
``self.context`` (a ``LintContext``: where the traversal is), and reports with
``self.report(node, ...)``, optionally with a ``Fix`` and the ``Step``s of its ``Evidence``.

The same objects keep the names of earlier releases: ``tf2lint.Rule`` and ``tf2lint.hookimpl``,
and the modules ``tf2lint.rule`` and ``tf2lint.hookspecs``.
"""

from __future__ import annotations

from tf2lint.analysis.model import ModuleModel
from tf2lint.linting.engine import LintContext
from tf2lint.linting.hookspecs import hookimpl
from tf2lint.linting.rule import Diagnostic, Evidence, Fix, Rule, Step

__all__ = [
    "Diagnostic",
    "Evidence",
    "Fix",
    "LintContext",
    "ModuleModel",
    "Rule",
    "Step",
    "hookimpl",
]

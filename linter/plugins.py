"""Finding rules: the built-in plugin and third-party plugins, through the same pluggy hooks."""

from __future__ import annotations

from functools import lru_cache

import pluggy

from tf2lint import hookspecs
from tf2lint.rule import APPLICABILITIES, CATEGORIES, SEVERITIES, Rule


class PluginError(Exception):
    pass


@lru_cache(maxsize=1)
def plugin_manager() -> pluggy.PluginManager:
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    from tf2lint import rules as builtin_rules

    manager.register(builtin_rules, name="tf2lint.builtin")
    manager.load_setuptools_entrypoints(hookspecs.PROJECT)
    return manager


@lru_cache(maxsize=1)
def all_rules() -> tuple[type[Rule], ...]:
    """Every rule of every plugin, checked for complete metadata, sorted by id."""
    found: dict[str, type[Rule]] = {}
    for batch in plugin_manager().hook.tf2lint_rules():
        for rule in batch:
            _check(rule)
            if rule.id in found and found[rule.id] is not rule:
                raise PluginError(f"two plugins define rule {rule.id}")
            found[rule.id] = rule
    return tuple(sorted(found.values(), key=lambda r: r.id))


def rule_by_id(rule_id: str) -> type[Rule] | None:
    """The rule with this id or name, in any case (``tf201``, ``Print-In-Traced-Code``)."""
    wanted = rule_id.upper()
    for rule in all_rules():
        if rule.id.upper() == wanted or rule.name.upper() == wanted:
            return rule
    return None


def _check(rule: type) -> None:
    where = getattr(rule, "__qualname__", repr(rule))
    if not (isinstance(rule, type) and issubclass(rule, Rule)):
        raise PluginError(f"{where} is not a tf2lint.Rule subclass")
    for attr in ("id", "name", "category", "message", "rationale"):
        if not getattr(rule, attr, None):
            raise PluginError(f"rule {where} does not declare `{attr}`")
    if rule.category not in CATEGORIES:
        raise PluginError(f"rule {rule.id}: category {rule.category!r} is not one of {CATEGORIES}")
    if rule.severity not in SEVERITIES:
        raise PluginError(f"rule {rule.id}: severity {rule.severity!r} is not one of {SEVERITIES}")
    if rule.fix_applicability not in APPLICABILITIES:
        raise PluginError(
            f"rule {rule.id}: fix applicability {rule.fix_applicability!r} is invalid"
        )

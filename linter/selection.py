"""Which rules run: --select / --ignore by id, id prefix, name or category; per-file ignores."""

from __future__ import annotations

from tf2lint.config import ConfigError, version_tuple
from tf2lint.rule import CATEGORIES, Rule


def selector_matches(rule: type[Rule], selector: str) -> bool:
    return (
        selector == "ALL"
        or rule.id.startswith(selector.upper())
        or selector == rule.name
        or selector == rule.category
    )


def check_selectors(rules: tuple[type[Rule], ...], selectors: list[str], key: str) -> None:
    for selector in selectors:
        if selector in CATEGORIES or selector == "ALL":
            continue
        if not any(selector_matches(r, selector) for r in rules):
            raise ConfigError(
                f"`{key}`: {selector!r} matches no rule id, id prefix, name or category"
            )


def select_rules(
    rules: tuple[type[Rule], ...],
    select: list[str] | None,
    ignore: list[str],
    target_tensorflow: str,
) -> list[type[Rule]]:
    """The rules to run. ``select=None`` means the default set: every rule but those that are
    off by default (they run when a selector names them, or with ``ALL``)."""
    check_selectors(rules, select or [], "select")
    check_selectors(rules, ignore, "ignore")
    target = version_tuple(target_tensorflow)
    return [
        r
        for r in rules
        if (r.default_enabled if select is None else any(selector_matches(r, s) for s in select))
        and not any(selector_matches(r, s) for s in ignore)
        and (r.since_tensorflow is None or target >= version_tuple(r.since_tensorflow))
    ]

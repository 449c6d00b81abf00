"""Which rules run: select / extend-select / ignore by id, id prefix, name or category.

As in ruff: selectors are case-insensitive (``tf201``, ``TF2``, ``Side-Effect``); within one
layer (the config file, then the command line) the most specific selector wins, an ignore
winning a tie; a layer with its own ``select`` starts afresh, one without it refines the
layer below (so ``--ignore`` on the command line adds to the file's ``ignore``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tf2lint.base.config import ConfigError, version_tuple
from tf2lint.linting.rule import CATEGORIES, Rule


@dataclass(frozen=True)
class RuleSelection:
    """One layer of selectors: the config file's, or the command line's."""

    select: list[str] | None = None  # None: keep what the layer below selected
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)


def _is_all(selector: str) -> bool:
    return selector.upper() == "ALL"


def selector_matches(rule: type[Rule], selector: str) -> bool:
    lowered = selector.lower()
    return (
        _is_all(selector)
        or rule.id.upper().startswith(selector.upper())
        or lowered == rule.name.lower()
        or lowered == rule.category
    )


def specificity(rule: type[Rule], selector: str) -> int:
    """How narrowly ``selector`` names ``rule``: ALL < ``TF`` < a category, as narrow as the
    prefix naming it (``side-effect`` = ``TF2``) < longer prefixes < the rule's own id or name."""
    if _is_all(selector):
        return 0
    lowered = selector.lower()
    if lowered == rule.category:
        return 1 + len("TF2")
    if selector.upper() == rule.id.upper() or lowered == rule.name.lower():
        return 1000
    return 1 + len(selector)


def check_selectors(rules: Sequence[type[Rule]], selectors: Sequence[str], key: str) -> None:
    for selector in selectors:
        if not selector.strip():  # "" prefixes every id: `--select=$UNSET` would mean ALL
            raise ConfigError(
                f"`{key}`: an empty selector names no rule (an unset shell variable?); "
                "remove it, or write ALL"
            )
        if selector.lower() in CATEGORIES or _is_all(selector):
            continue
        if not any(selector_matches(r, selector) for r in rules):
            raise ConfigError(
                f"`{key}`: {selector!r} matches no rule id, id prefix, name or category"
            )


def unfixable_rules(
    rules: Sequence[type[Rule]],
    fixable: Sequence[str] | None,
    unfixable: Sequence[str],
    extend_fixable: Sequence[str] = (),
) -> frozenset[str]:
    """The ids of the rules whose fixes are not offered (ruff's ``fixable``, ``unfixable``,
    ``extend-fixable``): every rule is fixable unless ``fixable`` narrows it or ``unfixable``
    names it; ``extend-fixable`` adds to ``fixable``."""
    check_selectors(rules, list(fixable or []), "fixable")
    check_selectors(rules, list(unfixable), "unfixable")
    check_selectors(rules, list(extend_fixable), "extend-fixable")

    def named(rule: type[Rule], selectors: Sequence[str]) -> bool:
        return any(selector_matches(rule, s) for s in selectors)

    return frozenset(
        r.id
        for r in rules
        if not (fixable is None or named(r, fixable) or named(r, extend_fixable))
        or named(r, unfixable)
    )


def select_rules(
    rules: Sequence[type[Rule]],
    select: list[str] | None,
    ignore: list[str],
    target_tensorflow: str,
    *,
    extend_select: Sequence[str] = (),
    overrides: RuleSelection | None = None,
) -> list[type[Rule]]:
    """The rules to run: the config file's selection, then ``overrides`` (the command line's).

    With no ``select`` anywhere the default set runs: every rule but those off by default
    (they run when a selector names them, or with ``ALL``)."""
    layers = [RuleSelection(select, list(extend_select), list(ignore))]
    if overrides is not None:
        layers.append(overrides)
    for layer, key in zip(layers, ("", "--"), strict=False):
        check_selectors(rules, layer.select or [], f"{key}select")
        check_selectors(rules, layer.extend_select, f"{key}extend-select")
        check_selectors(rules, layer.ignore, f"{key}ignore")
    enabled = {r for r in rules if r.default_enabled}
    for layer in layers:
        if layer.select is not None:
            enabled = set()
        choices = [(s, True) for s in (layer.select or []) + layer.extend_select]
        choices += [(s, False) for s in layer.ignore]
        for rule in rules:
            # (specificity, is an ignore): the most specific selector decides; an ignore wins a tie
            verdicts = [
                (specificity(rule, s), not on) for s, on in choices if selector_matches(rule, s)
            ]
            if verdicts:
                if max(verdicts)[1]:
                    enabled.discard(rule)
                else:
                    enabled.add(rule)
    target = version_tuple(target_tensorflow)
    return [
        r
        for r in rules
        if r in enabled
        and (r.since_tensorflow is None or target >= version_tuple(r.since_tensorflow))
    ]


def check_per_file_ignores(rules: Sequence[type[Rule]], table: dict[str, list[str]]) -> None:
    """Every selector of ``per-file-ignores`` names a rule, as ``ignore``'s do."""
    for pattern, selectors in table.items():
        check_selectors(rules, selectors, f"per-file-ignores.{pattern!r}")

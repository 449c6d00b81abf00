"""Finding rules: the built-in plugin and third-party plugins, through the same pluggy hooks."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata

import pluggy

from tf2lint.linting import hookspecs
from tf2lint.linting.rule import APPLICABILITIES, CATEGORIES, SEVERITIES, Rule

BUILTIN = "tf2lint.builtin"


class PluginError(Exception):
    pass


@dataclass(frozen=True)
class PluginProblem:
    """A third-party plugin that failed (``error``: its rules do not run) or printed to stdout
    (a warning: stdout carries the report, or the language server's protocol)."""

    plugin: str
    message: str
    error: bool

    def __str__(self) -> str:
        return f"plugin {self.plugin}: {self.message}"


_problems: list[PluginProblem] = []
_origin: dict[type, str] = {}  # each third-party rule's plugin


@contextlib.contextmanager
def _contained(plugin: str, doing: str) -> Iterator[list[bool]]:
    """Run a plugin's code with its stdout captured and any exception, SystemExit included,
    recorded as a problem of ``plugin`` rather than raised. Yields [failed]."""
    failed = [False]
    captured = io.StringIO()
    try:
        with contextlib.redirect_stdout(captured):
            yield failed
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # SystemExit too: a plugin does not end the run
        failed[0] = True
        what = f"{type(error).__name__}: {error}".rstrip(": ")
        _problems.append(
            PluginProblem(plugin, f"{doing} failed ({what}); its rules do not run", True)
        )
    printed = captured.getvalue()
    if printed:
        excerpt = printed.strip().splitlines()[0][:200] if printed.strip() else repr(printed[:50])
        _problems.append(
            PluginProblem(
                plugin, f"printed to stdout while {doing} (not shown there): {excerpt}", False
            )
        )


@lru_cache(maxsize=1)
def plugin_manager() -> pluggy.PluginManager:
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    from tf2lint import rules as builtin_rules

    manager.register(builtin_rules, name=BUILTIN)
    # One entry point at a time (pluggy's load_setuptools_entrypoints stops at the first that
    # fails), each contained.
    for entry in _entry_points():
        if manager.get_plugin(entry.name) is not None or manager.is_blocked(entry.name):
            continue
        with _contained(entry.name, "loading") as failed:
            plugin = entry.load()
        if not failed[0]:
            with _contained(entry.name, "registering"):
                manager.register(plugin, name=entry.name)
    return manager


def _entry_points() -> list[metadata.EntryPoint]:
    try:
        return list(metadata.entry_points(group=hookspecs.PROJECT))
    except Exception:  # a broken distribution's metadata
        return []


@lru_cache(maxsize=1)
def all_rules() -> tuple[type[Rule], ...]:
    """Every rule of every plugin, checked for complete metadata, sorted by id. A plugin whose
    hook fails is left out and recorded (see plugin_problems)."""
    found: dict[str, type[Rule]] = {}
    for impl in reversed(plugin_manager().hook.tf2lint_rules.get_hookimpls()):
        with _contained(impl.plugin_name, "listing its rules") as failed:
            batch = list(impl.function())
        if failed[0]:
            continue
        for rule in batch:
            _check(rule)
            if rule.id in found and found[rule.id] is not rule:
                raise PluginError(f"two plugins define rule {rule.id}")
            found[rule.id] = rule
            if impl.plugin_name != BUILTIN:
                _origin[rule] = impl.plugin_name
    return tuple(sorted(found.values(), key=lambda r: r.id))


def plugin_problems() -> tuple[PluginProblem, ...]:
    """What went wrong loading the plugins and listing their rules."""
    all_rules()
    return tuple(_problems)


def plugin_of(rule: type) -> str | None:
    """The third-party plugin a rule comes from (None: a built-in rule, or none loaded)."""
    all_rules()  # a spawned worker may not have listed them yet
    return _origin.get(rule)


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
    names = rule.call_names
    if names is not None and not (
        isinstance(names, frozenset) and all(isinstance(n, str) for n in names)
    ):
        raise PluginError(f"rule {rule.id}: call_names must be None or a frozenset of names")
    if not (rule.calls_in_traced_code is None or type(rule.calls_in_traced_code) is bool):
        raise PluginError(f"rule {rule.id}: calls_in_traced_code must be None, True or False")
    visits = rule.visits_in_traced_code
    if not (isinstance(visits, frozenset) and all(isinstance(t, str) for t in visits)):
        raise PluginError(f"rule {rule.id}: visits_in_traced_code must be a frozenset of names")
    if visits & {"Call", "Module"}:
        raise PluginError(
            f"rule {rule.id}: visits_in_traced_code names Call (see calls_in_traced_code) "
            "or Module (visited once, outside any function)"
        )
    if type(rule.requires_traced_code) is not bool:
        raise PluginError(f"rule {rule.id}: requires_traced_code must be True or False")
    deferred = rule.defers_to
    if not (isinstance(deferred, frozenset) and all(isinstance(i, str) for i in deferred)):
        raise PluginError(f"rule {rule.id}: defers_to must be a frozenset of rule ids")
    if rule.id in deferred:
        raise PluginError(f"rule {rule.id}: defers_to names the rule itself")

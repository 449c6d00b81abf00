"""Module names read in statement order (see :class:`tf2lint.analysis.scopes.StatementOrder`): which of a
module name's bindings a read can see, at module level where it stands, in a function body when
the function can run. The model (tf2lint.analysis.model) asks it from ``lookup`` and ``binding_of`` once
its walk is done."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from tf2lint.analysis.scopes import (
    Binding,
    BindingSite,
    FunctionInfo,
    Scope,
    ScopeKind,
    SiteKind,
    StatementOrder,
)
from tf2lint.analysis.tfnames import TF_FUNCTION_NAMES
from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import ModuleModel


class ReadOrder:
    """A module's reads in statement order, each answer computed once."""

    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self._read_at: dict[int, Binding] = {}  # id(Name) -> what it holds where it stands
        self._runs_until: dict[int, int | None] = {}  # id(function) -> its last caller statement

    @cached_property
    def statements(self) -> StatementOrder:
        """Built on the first read that needs it: a module whose names are each bound once
        never does, and is spared a pass over its walk."""
        return StatementOrder(self.model.module, self.model.events)

    @cached_property
    def _called_names(self) -> set[int]:
        """The Names that calls call (``f`` of ``f(x)``)."""
        return {id(c.func) for c in self.model.nodes_of(cst.Call) if type(c.func) is cst.Name}

    @cached_property
    def _names(self) -> dict[str, list[cst.Name]]:
        """Every Name of the module by what it spells, in source order."""
        names: dict[str, list[cst.Name]] = {}
        for node in self.model.nodes_of(cst.Name):
            names.setdefault(node.value, []).append(node)
        return names

    def _narrowed(self, found: Binding, sites: list[BindingSite]) -> Binding:
        if not sites or len(sites) == len(found.sites):
            return found  # sees nothing (cells run out of order?): keep every binding
        # what the name holds folds its bindings in order (`tf = tf.compat.v2` rebinds `tf`)
        last = max(found.sites.index(site) for site in sites)
        qualified = self.model._qualified(found.name, list(found.sites[: last + 1]))
        return Binding(found.name, found.scope, tuple(sites), qualified)

    def at(self, found: Binding, name: cst.Name) -> Binding:
        """``found`` as module-level code sees it where ``name`` stands."""
        known = self._read_at.get(id(name))
        if known is None:
            known = self._read_at[id(name)] = self._at(found, name)
        return known

    def _at(self, found: Binding, name: cst.Name) -> Binding:
        order = self.statements
        event = order.name_events.get(id(name))
        if event is None:
            return found
        return self._narrowed(found, order.visible_at(found.sites, order.statement(event), event))

    def when_run(self, found: Binding, scope: Scope) -> Binding:
        """``found`` as the function around ``scope`` sees it whenever it runs."""
        fn = scope.function
        if fn is None:
            return found
        runs_when_called = fn.kind == ScopeKind.FUNCTION and fn.cls is None and fn.outer is None
        while fn.outer is not None:
            fn = fn.outer
        order = self.statements
        first = order.statement(self._definition_event(fn))
        # Only a module function whose decorators keep nothing else of it runs just where module
        # code calls it by name; a method, a nested function (it may be returned), a lambda, a
        # function a decorator registers: any time later.
        last = None
        if runs_when_called and all(
            self.model.qualified_name(_decorated_by(d)) in TF_FUNCTION_NAMES for d in fn.decorators
        ):
            last = self._last_caller(fn, order)
        return self._narrowed(found, order.visible_between(found.sites, first, last))

    def _definition_event(self, fn: FunctionInfo) -> int:
        """Where the walk enters ``fn``'s definition."""
        for site in fn.parent.bindings.get(fn.name, ()) if fn.parent else ():
            if site.node is fn.node:
                return site.order
        return next(i for i, (node, entering) in enumerate(self.model.events) if node is fn.node)

    def _last_caller(self, fn: FunctionInfo, order: StatementOrder) -> int | None:
        """The last top-level statement that calls module function ``fn`` by name; None when
        it can run later than any statement shows (passed on, stored, used by other code)."""
        key = id(fn)
        if key in self._runs_until:
            return self._runs_until[key]
        self._runs_until[key] = None  # while judging: may run anywhere
        called = self._called_names
        defined = last = order.statement(self._definition_event(fn))
        # the statement that rebinds its name for good: code defined from there on cannot see it
        replaced = min(
            (
                order.statement(s.order)
                for s in self.model.scope.bindings.get(fn.name, ())
                if s.where is None
                and order.statement(s.order) > defined
                and order.always_binds[order.statement(s.order)]
            ),
            default=None,
        )
        for node in self._names.get(fn.name, ()):
            if self.model.is_target(node):
                continue
            scope = self.model.scope_of(node)
            if scope.function is not None:
                if scope.function is fn:
                    continue  # it calls itself: it runs when it runs
                outer = scope.function
                while outer.outer is not None:
                    outer = outer.outer
                if self.model._lookup(fn.name, scope).scope is self.model.scope and (
                    replaced is None or order.statement(self._definition_event(outer)) < replaced
                ):
                    return None  # other code that can see it refers to it: it runs when that does
                continue
            defs = [s.node for s in self.model.binding_of(node).sites if s.kind == SiteKind.DEF]
            if fn.node not in defs:
                continue  # another function of that name
            if id(node) not in called:
                return None  # passed on or stored: it can run later
            last = max(last, order.statement(order.name_events.get(id(node), 0)))
        self._runs_until[key] = last
        return last


def _decorated_by(decorator: cst.Decorator) -> cst.BaseExpression:
    """What a decorator calls: ``tf.function`` of ``@tf.function`` and ``@tf.function(...)``."""
    expr = decorator.decorator
    return expr.func if isinstance(expr, cst.Call) else expr


def assigned_before(model: ModuleModel, name: cst.Name) -> list[cst.BaseExpression]:
    """The values the assignments of ``name``'s binding that come before this read in the
    module's walk give it (``ds = ds.cache()`` then ``ds = ds.shuffle(8)``: the read of ``ds``
    in ``ds.cache()`` sees what came before, not the shuffle below it). Straight-line order:
    an assignment in an earlier branch counts too."""
    read = model.event_index().get(id(name), -1)
    binding = model.binding_of(name, model.scope_of(name))
    return [
        site.value
        for site in binding.sites
        if site.kind == SiteKind.ASSIGN and site.value is not None and site.order < read
    ]

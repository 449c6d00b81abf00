"""Stale capture: Python values a `tf.function` reads are frozen into the graph at trace time."""

from __future__ import annotations

from typing import NamedTuple

from tf2lint.analysis import knowledge
from tf2lint.analysis.compiles import stale_change
from tf2lint.analysis.guards import initialises_once
from tf2lint.analysis.model import (
    ClassInfo,
    FunctionInfo,
    ModuleModel,
    Scope,
    ScopeKind,
    SiteKind,
    is_keras,
)
from tf2lint.analysis.order import assigned_before
from tf2lint.analysis.reads import observations, observed_outside_traces, used_per_call
from tf2lint.analysis.tape import chain_text
from tf2lint.analysis.tensors import keras_tensor, may_hold_keras_tensors
from tf2lint.analysis.tfnames import keras3_name
from tf2lint.analysis.tracing import root_reason, runs_after_first_trace
from tf2lint.analysis.walk import contains, walk
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import (
    MUTATING_METHODS,
    code,
    is_python_literal,
    keras_optimizer_class,
    short,
)

# Methods that set attributes up before any trace: mutations there are initialisation.
SETUP_METHODS = frozenset(
    {"__init__", "__new__", "build", "setUp", "setUpClass", "__post_init__", "__setstate__"}
)


def _store_targets(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(target, (cst.Tuple, cst.List)):
        out: list[cst.BaseExpression] = []
        for element in target.elements:
            value = element.value
            out += _store_targets(value.value if isinstance(value, cst.StarredElement) else value)
        return out
    return [target]


class StaleGlobalCapture(Rule):
    id = "TF601"
    name = "stale-global-capture"
    category = "stale-capture"
    message = "a `tf.function` reads a global or closure variable that is rebound later"
    rationale = """
        A `tf.function` reads Python globals and closure variables while tracing and bakes
        their values (or the objects they name) into the graph. Rebinding the name afterwards
        (`scale = 2.0` later in the script, `global SCALE; SCALE = s` in a setter, a loop that
        reassigns a closure variable between calls) does not retrace: the function keeps using
        the value it saw first, silently. Reported when the name is bound again after the
        traced function is defined, or from another function through `global` that runs after
        the first trace: the module calls it after using the traced function, or it is a hook
        of a Keras callback (`on_epoch_end`...), which `fit` calls after tracing its train step
        (only with `--preview` when the function runs at an unknown time, or sets the name
        only while unset, `if NAME is None:`: lazy initialisation sets it once). A Keras
        `Lambda` layer's function reading a global the script rebinds after building the layer
        is reported too: each later trace of the model (`fit`, `predict`) reads the new value,
        not the one the model was built with. So is an item of a global list or dict
        (`LOSS_WEIGHTS[0]`, `cfg["beta"]`) that code Keras traces reads and a callback hook
        changes in place (`LOSS_WEIGHTS[0] = 1 - epoch / 10`), also when the traced code reads
        it through a parameter of a loss factory that every call passes that global, or the
        hook changes it through an attribute its constructor set from that global
        (`self.weights_ref[0] = ...`, the callback given the list): the name
        is never rebound, but the graph holds the number read while tracing. Pass the value
        as an argument (a tensor, so it does not retrace either), or keep it in a `tf.Variable`
        and `.assign()` the new value.
    """
    # its reads are in traced code; the rest only marks names as no reads there
    visits_in_traced_code = frozenset({"Name", "Attribute", "Arg", "Param"})

    def visit_Module(self, node: cst.Module) -> None:
        # (id(reading function), name) -> the first read, the function defined in the scope
        # that binds the name (the "anchor"), and that scope
        self._reads: dict[tuple[int, str], tuple[cst.Name, FunctionInfo, Scope, FunctionInfo]] = {}
        self._not_reads: set[int] = set()  # attribute names and keywords

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._not_reads.add(id(node.attr))

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self._not_reads.add(id(node.keyword))

    def visit_Param(self, node: cst.Param) -> None:
        """``lambda t, i=INDEX: ...``: a default is read where the function is defined, once;
        outside traced code when the function is not defined inside it."""
        fn = self.context.function
        if node.default is None or fn is None or (fn.outer is not None and fn.outer.traced):
            return

        def enter(child: cst.CSTNode) -> bool | None:
            if isinstance(child, cst.Name):
                self._not_reads.add(id(child))
            return None

        walk(node.default, enter)

    def visit_Name(self, node: cst.Name) -> None:
        context = self.context
        if not context.in_traced_code or id(node) in self._not_reads:
            return
        model = self.model
        scope = context.scope
        name = node.value
        if model.is_target(node) or name in scope.global_names or name in scope.nonlocal_names:
            return  # rebinding from traced code itself is TF202's finding
        owner = model.binding_of(node, scope).scope
        if (
            owner is None
            or owner.kind in (ScopeKind.CLASS, ScopeKind.COMPREHENSION)
            or owner is scope
        ):
            return
        fn = context.function
        if owner.function is not None and owner.function.traced:
            return  # a local of this trace
        if owner is model.scope and all(
            s.kind in (SiteKind.IMPORT, SiteKind.DEF, SiteKind.CLASS) for s in owner.bindings[name]
        ):
            return  # an import, a def or class
        anchor = fn
        while anchor.outer is not None and anchor.outer is not owner.function:
            anchor = anchor.outer
        self._reads.setdefault((id(fn), name), (node, anchor, owner, fn))

    def leave_Module(self, node: cst.Module) -> None:
        model = self.model
        self._learning_rate_callables()
        self._changed_in_place_by_hooks()
        for (_, name), (read, anchor, owner, reader) in self._reads.items():
            if anchor.defined_in:
                continue  # a new function (and trace) each iteration: TF502's concern
            reason = root_reason(reader)
            if reason is not None and reason.kind == "lambda_layer":
                if anchor.traced_by is not None and anchor.traced_by.kind == "lambda_layer":
                    self._lambda_layer_read(name, read, anchor, owner, reader)
                continue  # else built anew, with the value of the day, by each call of `anchor`
            if anchor.kind == ScopeKind.LAMBDA:
                continue
            defined = [
                s.order
                for s in anchor.parent.bindings.get(anchor.name, ())
                if s.kind == SiteKind.DEF
            ]
            def_order = next(
                (s.order for s in anchor.parent.bindings[anchor.name] if s.node is anchor.node),
                0,
            )
            until = min((o for o in defined if o > def_order), default=len(model.events))
            later = []
            for site in owner.bindings.get(name, ()):
                if not def_order < site.order < until or site.kind in (
                    SiteKind.DEF,
                    SiteKind.CLASS,
                ):
                    continue
                # the function is used before the rebinding (or in the same loop, which
                # repeats) and again after it
                uses = self._uses(anchor.name)
                first, last = (
                    model.loop_spans[id(site.loop)]
                    if site.loop is not None
                    else (site.order, site.order)
                )
                used_before = any(def_order < u < site.order or first < u < last for u in uses)
                used_after = any(site.order < u < until or first < u < last for u in uses)
                if used_before and used_after:
                    later.append(site)
            where = gap = None
            because = []
            if later:
                kind = "global" if owner is model.scope else "closure variable"
                where = f"{kind} `{name}` is rebound after `{anchor.name}` is defined"
                because = [(f"`{name}` is rebound here, after a call", s.node) for s in later]
            elif owner is model.scope:
                writers = [
                    s
                    for s in owner.bindings.get(name, ())
                    if s.where is not None and not s.where.traced
                ]
                if writers:
                    where = f"global `{name}` is rebound in `{writers[0].where.qualname}`"
                    because = [
                        (f"`{name}` is rebound in `{s.where.qualname}`", s.node) for s in writers
                    ]
                    # A setter may well run before the first trace (configuration): proven
                    # stale when the module calls it after a use of the traced function.
                    uses = self._uses(anchor.name)
                    hooks = [w for w in writers if runs_after_first_trace(w.where)]
                    if hooks:
                        because.append(
                            (runs_after_first_trace(hooks[0].where), hooks[0].where.node)
                        )
                    elif not any(
                        u > min(uses, default=len(model.events))
                        for w in writers
                        for u in self._uses(w.where.name)
                    ):
                        gap = "nothing shows the rebinding function runs after the first trace"
                    elif all(initialises_once(w.where.node, name, w.node) for w in writers):
                        gap = (
                            f"`{name}` is set only while unset (lazy initialisation, once): "
                            "nothing shows that happens after the first trace"
                        )
            if where is None:
                if reason is not None and reason.kind == "keras" and owner is model.scope:
                    self._keras_traced_read(name, read, anchor, reader)
                continue
            self.report(
                read,
                f"{where}, but traced `{anchor.qualname}` keeps the value it saw when it was "
                "traced; pass it as an argument or keep it in a `tf.Variable`",
                because=[b for b in because if isinstance(b[1], cst.CSTNode)],
                gap=gap,
                traced_in=reader,
            )

    def _changed_in_place_by_hooks(self) -> None:
        """Code Keras traces (a loss or metric given to ``compile``, ``train_step``, a layer's
        ``call``) reads an item of a global list or dict (``WEIGHTS[0]``, ``cfg["beta"]``), and
        a hook of a Keras callback changes it in place (``WEIGHTS[0] = ...``): the name is never
        rebound, but the graph holds the number read while tracing, and ``fit`` keeps using it
        after the hook runs."""
        model = self.model
        self._aliases: dict[int, str] = {}  # a parameter read -> the global every call passes
        written: dict[tuple[str, str], list[tuple[cst.CSTNode, FunctionInfo]]] = {}
        for fn in model.functions:
            if fn.traced or not runs_after_first_trace(fn):
                continue
            scope = model.scope_at.get(id(fn.node), model.scope)
            for target, value in _assignments(fn.node):
                key = self._global_slot(target, scope)
                if key is not None and (
                    _python_scalar(model, value, fn) or _scalar_call(model, value, fn)
                ):
                    written.setdefault(key, []).append((target, fn))
        if not written:
            return
        seen: set[tuple[str, str]] = set()
        for fn in model.functions:
            reason = root_reason(fn) if fn.traced else None
            if reason is None or reason.kind not in _FIT_TRACED:
                continue
            scope = model.scope_at.get(id(fn.node), model.scope)
            for read in _slot_reads(fn.node):
                key = self._global_slot(read, scope)
                if key is None or key not in written or (id(fn), *key) in seen:
                    continue
                seen.add((id(fn), *key))  # type: ignore[arg-type]
                writes = written[key]
                self.report(
                    read,
                    f"traced `{fn.qualname}` reads `{code(read)}`, a Python number that "
                    f"`{writes[0][1].qualname}` changes in place, but the graph keeps the value "
                    "it saw when it was traced; keep it in a `tf.Variable` and `.assign()` it",
                    because=[(f"`{code(target)}` is changed here", target) for target, _ in writes]
                    + [(runs_after_first_trace(writes[0][1]) or "", writes[0][1].node)],
                    traced_in=fn,
                )

    def _global_slot(self, node: cst.BaseExpression, scope: Scope) -> tuple[str, str] | None:
        """``G[k]``, G a global bound once to a list or dict display and k a literal, as
        (G, "[k]"). (An attribute of a global object is TF602's.) ``self.ref[k]`` counts as
        ``G[k]`` where ``__init__`` sets ``self.ref`` once from a parameter to which every
        construction passes the same global (a callback given the loss weights' list)."""
        if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Attribute):
            held = self._held_global(node.value, scope)
            if held is None:
                return None
            node = node.with_changes(value=held)
        if not isinstance(node, cst.Subscript) or not isinstance(node.value, cst.Name):
            return None
        value = self._global_value(node.value, scope)
        if not isinstance(value, (cst.List, cst.Dict)) or len(node.slice) != 1:
            return None
        index = node.slice[0].slice
        if isinstance(index, cst.Index) and is_python_literal(index.value):
            held = self._aliases.get(id(node.value), node.value.value)
            return held, f"[{code(index.value)}]"
        return None

    def _held_global(self, attribute: cst.Attribute, scope: Scope) -> cst.Name | None:
        """The module-level name ``self.<attr>`` holds: ``__init__`` sets the attribute once,
        from its parameter, and every construction of the class passes that same global."""
        model = self.model
        if not (isinstance(attribute.value, cst.Name) and attribute.value.value == "self"):
            return None
        cls = model.enclosing_class(scope)
        init = cls.methods.get("__init__") if cls is not None else None
        values = cls.self_assignments.get(attribute.attr.value, ()) if init is not None else ()
        if len(values) != 1 or not isinstance(values[0], cst.Name):
            return None
        param = values[0].value
        if param not in init.params or not model.binding_of(values[0], init).param_only:
            return None
        passed = model.constructor_arguments(init, param)
        names = {v.value for v, _, _ in passed if isinstance(v, cst.Name)}
        if not passed or len(names) != 1 or not all(isinstance(v, cst.Name) for v, _, _ in passed):
            return None
        given, where, _ = passed[0]
        if model.binding_of(given, where).scope is not model.scope:
            return None
        return cst.Name(names.pop())

    def _global_value(
        self, name: cst.Name, scope: Scope, depth: int = 0
    ) -> cst.BaseExpression | None:
        """What a module-level name is bound to, when bound once with ``=``; also through a
        parameter of a plain function (a loss factory ``make_loss(weights)``) to which every
        call the module makes passes the same such global."""
        model = self.model
        binding = model.binding_of(name, scope)
        owner = binding.scope
        if owner is not None and owner is not model.scope and depth < 2:
            fn = owner.function
            if (
                fn is None
                or fn.traced
                or len(binding.sites) != 1
                or binding.sites[0].kind != SiteKind.PARAM
            ):
                return None
            passed = model.arguments(fn, name.value)
            if not passed or not all(isinstance(v, cst.Name) for v, _ in passed):
                return None
            values = [self._global_value(v, s, depth + 1) for v, s in passed]  # type: ignore[arg-type]
            names = {v.value for v, _ in passed}  # type: ignore[attr-defined]
            if len(names) != 1 or values[0] is None:
                return None
            self._aliases[id(name)] = names.pop()
            return values[0]
        if owner is not model.scope:
            return None
        sites = binding.sites
        if len(sites) != 1 or sites[0].kind != SiteKind.ASSIGN:
            return None
        return sites[0].value

    def _learning_rate_callables(self) -> None:
        """``Adam(learning_rate=lr)`` with ``def lr(): return LR``: Keras calls the callable
        where it applies gradients, so under a ``tf.function`` (or ``fit``) once, while tracing.
        A global it reads, rebound later (a module-level loop, a callback hook), is ignored."""
        model = self.model
        places = [(None, model.scope), *((f, f) for f in model.functions)]
        for where, scope in places:
            for call in model.calls_made_by(where):
                func = call.func
                leaf = func.attr.value if isinstance(func, cst.Attribute) else None
                if isinstance(func, cst.Name):
                    leaf = func.value
                # an optimizer class is capitalised: most calls are not, and end here
                if leaf and leaf[0].isupper() and keras_optimizer_class(model.call_name(call)):
                    self._learning_rate_callable(call, scope)

    def _learning_rate_callable(self, call: cst.Call, scope: Scope) -> None:
        """One optimizer construction: its callable learning rate's stale globals."""
        model = self.model
        rate = next(
            (
                a.value
                for i, a in enumerate(call.args)
                if (a.keyword is None and i == 0)
                or (a.keyword is not None and a.keyword.value == "learning_rate")
            ),
            None,
        )
        if rate is None:
            return
        fn = model.function_referenced(rate, scope)
        if fn is None or fn.traced or fn.outer is not None or fn.cls is not None:
            return
        applied = _applied_in_traced_code(model, call)
        if applied is None:
            return
        order = model.event_index()
        built = order.get(id(call), 0)
        for read in _global_reads(model, fn):
            later = [
                s
                for s in model.scope.bindings.get(read.value, ())
                if s.kind not in (SiteKind.DEF, SiteKind.CLASS, SiteKind.IMPORT)
                and (
                    (s.where is None and s.order > built)
                    or (s.where is not None and runs_after_first_trace(s.where))
                )
            ]
            if not later:
                continue
            self.report(
                read,
                f"global `{read.value}` is read by `{fn.name}`, the learning rate of a Keras "
                "optimizer applied in traced code: Keras calls it once, while tracing, so "
                f"rebinding `{read.value}` later changes nothing; use a `tf.Variable` (or a "
                "`LearningRateSchedule`)",
                because=[
                    (f"`{fn.name}` is the optimizer's learning rate", rate),
                    ("the optimizer is applied in traced code here", applied),
                    *((f"`{read.value}` is rebound here", s.node) for s in later),
                ],
            )

    def _lambda_layer_read(
        self, name: str, read: cst.Name, anchor: FunctionInfo, owner: Scope, reader: FunctionInfo
    ) -> None:
        """A Keras ``Lambda`` layer's function reads ``name``, which the code binding it rebinds
        after the layer is built: each later trace of the model (``fit``, ``predict``,
        ``evaluate``) reads the new value, so the model computes other than it was built to."""
        model = self.model
        order = model.event_index()
        built = order.get(id(anchor.node))
        if anchor.kind != ScopeKind.LAMBDA:
            built = min((u for u in self._uses(anchor.name) if u > (built or 0)), default=None)
        if built is None:
            return
        later = [
            s
            for s in owner.bindings.get(name, ())
            if s.order > built and s.kind not in (SiteKind.DEF, SiteKind.CLASS, SiteKind.IMPORT)
        ]
        if not later:
            return
        # a later trace of the model: the rebinding repeats in a loop, or code after it runs
        # the model through Keras (`fit`, `predict`...), which traces it anew
        first = min(s.order for s in later)
        runs = any(s.loop is not None for s in later) or any(
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value in _KERAS_RUNS
            and order.get(id(call), -1) > first
            for call in model.calls_made_by(owner.function)
        )
        kind = "global" if owner is model.scope else "closure variable"
        self.report(
            read,
            f"{kind} `{name}` is rebound after the Keras Lambda layer calling "
            f"`{anchor.qualname}` is built: each later trace of the model reads the new value; "
            "pass it as an argument to the layer's function (`arguments=`) or fix it when the "
            "layer is built",
            because=[
                (f"`{name}` is rebound here, after the layer is built", s.node) for s in later
            ],
            gap=None if runs else "nothing shows the model runs (and traces) after the rebinding",
            traced_in=reader,
        )

    def _keras_traced_read(
        self, name: str, read: cst.Name, anchor: FunctionInfo, reader: FunctionInfo
    ) -> None:
        """A method Keras traces (a layer's or model's ``call``, ``train_step``) reads a global
        that module code rebinds between two runs of the same Keras loop (``predict`` before and
        after ``FLAG = False``): the second run reuses the function the first traced, so it
        keeps the value that was read then. A ``compile`` between them drops the traced
        functions (the next run traces anew, with the new value)."""
        model = self.model
        order = model.event_index()
        defined = order.get(id(anchor.node), 0)
        runs: list[tuple[int, str, cst.Call]] = []
        compiles: list[int] = []
        for call in model.calls_made_by(None):
            func = call.func
            if not isinstance(func, cst.Attribute):
                continue
            at = order.get(id(call), -1)
            if func.attr.value == "compile":
                compiles.append(at)
            step = _KERAS_STEP_OF.get(func.attr.value)
            if step is not None and at > defined:
                runs.append((at, step, call))
        for site in model.scope.bindings.get(name, ()):
            if site.order <= defined or site.kind in (
                SiteKind.DEF,
                SiteKind.CLASS,
                SiteKind.IMPORT,
            ):
                continue
            first, last = (
                model.loop_spans[id(site.loop)]
                if site.loop is not None
                else (site.order, site.order)
            )
            for before, step, traced in runs:
                # traced before the rebinding (or earlier in the same loop, which repeats)
                if not (before < site.order or first < before < last):
                    continue
                again = next(
                    (
                        call
                        for after, other, call in runs
                        if other == step
                        and (after > site.order or first < after < last)
                        and not any(min(before, after) < c < max(before, after) for c in compiles)
                        and not any(first < c < last for c in compiles)
                    ),
                    None,
                )
                if again is None:
                    continue
                self.report(
                    read,
                    f"global `{name}` is rebound after `{short_call(traced)}` has traced "
                    f"`{anchor.qualname}`, and `{short_call(again)}` reuses that traced function:"
                    " it keeps the value it saw when it was traced; pass it as an argument (a "
                    "tensor, or a layer attribute set before the model is traced) or keep it in "
                    "a `tf.Variable` and `.assign()` it",
                    because=[
                        (f"`{anchor.qualname}` is traced here, reading `{name}`", traced),
                        (f"`{name}` is rebound here", site.node),
                        ("the same traced function runs again here", again),
                    ],
                    traced_in=reader,
                )
                return

    def _uses(self, name: str) -> list[int]:
        """Where (event indices) the module reads ``name``: calls and other uses of a function."""
        order = self.model.event_index()
        return [
            order[id(r.node)] for r in self.model.reads.get(name, ()) if type(r.node) is cst.Name
        ]


# How Keras traces code that `fit` runs between callback hooks.
_FIT_TRACED = frozenset({"keras", "compiled", "activation", "regularizer"})


def _assignments(node: cst.CSTNode) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """``target = value`` and ``target += value`` in ``node``'s own code (not in functions or
    classes inside it), a target of several elements taken one by one without a value."""
    out: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []

    def enter(child: cst.CSTNode) -> bool | None:
        if child is not node and isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return False
        if isinstance(child, cst.Assign):
            for target in child.targets:
                if not isinstance(target.target, (cst.Tuple, cst.List)):
                    out.append((target.target, child.value))
        elif isinstance(child, cst.AugAssign):
            out.append((child.target, child.value))
        return None

    walk(node, enter)
    return out


def _slot_reads(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """Subscripts of a name read in ``node``'s code, nested functions included (they run when
    it runs, under its trace)."""
    out: list[cst.BaseExpression] = []

    def enter(child: cst.CSTNode) -> bool | None:
        if isinstance(child, cst.Subscript) and isinstance(child.value, cst.Name):
            out.append(child)
        return None

    walk(node, enter)
    return out


def _python_scalar(model, node: cst.BaseExpression, fn) -> bool:
    """A Python number, string or bool (or arithmetic on them), not a tensor."""
    if is_python_literal(node):
        return True
    if isinstance(node, cst.Name):
        return node.value in ("True", "False")
    if isinstance(node, cst.UnaryOperation):
        return _python_scalar(model, node.expression, fn)
    if isinstance(node, cst.BinaryOperation):
        return not model.is_tensor(node, fn) and (
            _python_scalar(model, node.left, fn) or _python_scalar(model, node.right, fn)
        )
    return False


def _scalar_call(model, node: cst.BaseExpression, fn) -> bool:
    """``max(0.1, eps * 0.99)``, ``len(data)``: a builtin that gives a Python number for
    Python arguments (which they are unless shown to be tensors)."""
    return (
        isinstance(node, cst.Call)
        and model.is_scalar_builtin(node)
        and bool(node.args)
        and not any(model.is_tensor(a.value, fn) for a in node.args)
    )


PER_CALL_GAP = (
    "the tf.function is created anew each time the function wrapping it runs, so it traces "
    "again and reads the current value"
)
SETUP_GAP = (
    "changed only in private methods or dunders, which may run before the first trace "
    "(setup), not after it"
)


def short_call(call: cst.Call) -> str:
    """``model.predict(...)``: a call by its callee, for a message."""
    return f"{code(call.func)}(...)"


def _before_any_object(model: ModuleModel, target: cst.Attribute, fn: FunctionInfo | None) -> bool:
    """Whether the store to ``target`` runs before the code around it has built any object of
    the module or run any of its functions: at module level, before the first top-level
    statement that calls one (import time, ``args = parser.parse_args(); args.lr = 0.1``); in
    a module function, before its own first such call (``main()`` configuring ``args`` before
    ``model = Net(args)``). No traced function of the module can have read the attribute yet:
    what the object is copied into sees the new value."""
    if fn is not None and (fn.cls is not None or fn.outer is not None or fn.traced):
        return False  # a method or a closure: it may run any time
    root = target.value
    if fn is not None and isinstance(root, cst.Name) and model.binding_of(root, fn).is_param:
        return False  # an object handed in: it exists already
    order = model.event_index()
    at = order.get(id(target))
    if at is None:
        return False
    first = model.memo((_before_any_object, id(fn)), lambda: _first_own_call(model, fn, order))
    return first is None or at < first


def _first_own_call(
    model: ModuleModel, fn: FunctionInfo | None, order: dict[int, int]
) -> int | None:
    """Where code at the level of ``fn`` (None: module level) first calls a function or
    class of the module (its walk position), if it does."""
    for call in model.calls_made_by(fn):
        func = call.func
        own = model.callee(call, fn) is not None or (
            isinstance(func, cst.Name)
            and any(
                s.kind in (SiteKind.DEF, SiteKind.CLASS) for s in model.binding_of(func, fn).sites
            )
        )
        if own:
            return order.get(id(call))
    return None


def root_reason_is_keras(fn: FunctionInfo) -> bool:
    """Traced by Keras (a train_step, a compiled loss): what compile() rebuilds."""
    root = root_reason(fn)
    return root is not None and root.kind in ("keras", "compiled")


def _may_run_first(fn: FunctionInfo | None) -> bool:
    """A write made by a method that may be setup before any trace: a private or dunder method
    of the class (not module code, not a public method that users call between calls)."""
    return fn is not None and fn.cls is not None and fn.name.startswith("_")


def _attributes(node: cst.BaseExpression) -> list[cst.Attribute]:
    found = []
    todo: list[cst.CSTNode] = [node]
    while todo:
        current = todo.pop()
        if isinstance(current, cst.Attribute):
            found.append(current)
        todo.extend(current.children)
    return found


def _init_or_raise(model: ModuleModel, node: cst.If) -> bool:
    """``if <flag>:`` whose body only raises, or initialises under ``tf.init_scope()``."""
    body = node.body.body
    if all(
        isinstance(stmt, cst.SimpleStatementLine)
        and all(isinstance(s, cst.Raise) for s in stmt.body)
        for stmt in body
    ):
        return True
    return any(
        isinstance(stmt, cst.With)
        and any(
            isinstance(item.item, cst.Call) and model.call_name(item.item) == INIT_SCOPE
            for item in stmt.items
        )
        for stmt in body
    )


INIT_SCOPE = "tensorflow.init_scope"


def _callback_model(model: ModuleModel, root: cst.BaseExpression, fn: FunctionInfo | None) -> bool:
    """``self.model`` in a method of a Keras callback: the model ``fit`` trains (Keras sets it
    on every callback it is given)."""
    return (
        isinstance(root, cst.Attribute)
        and root.attr.value == "model"
        and isinstance(root.value, cst.Name)
        and root.value.value == "self"
        and fn is not None
        and fn.cls is not None
        and fn.cls.keras_kind == "callback"
    )


def _callback_model_layer(
    model: ModuleModel, root: cst.BaseExpression, fn: FunctionInfo | None
) -> bool:
    """``self.model.layers[i]`` or ``self.model.get_layer(...)`` in a method of a Keras
    callback (or a local name bound to one there): a layer of the model ``fit`` trains."""
    if isinstance(root, cst.Name) and fn is not None:
        values = model.binding_of(root, fn).known_values
        return (
            values is not None and len(values) == 1 and _callback_model_layer(model, values[0], fn)
        )
    if isinstance(root, cst.Subscript):
        held = root.value
        return (
            isinstance(held, cst.Attribute)
            and held.attr.value == "layers"
            and _callback_model(model, held.value, fn)
        )
    if isinstance(root, cst.Call) and isinstance(root.func, cst.Attribute):
        return root.func.attr.value == "get_layer" and _callback_model(model, root.func.value, fn)
    return False


class _Write(NamedTuple):
    """A change of an attribute outside traced code (after setup)."""

    cls: ClassInfo | None  # the class whose method makes it (None: module code, a function)
    is_self: bool  # stored through `self`: that class's own instances
    shown: str  # "`obj.attr` is changed in `f`"
    # "scalar", "unknown" (a name: Python if it starts out so), "list" (a list changes
    # length), "value" (anything else: only a loop that calls the traced reader shows it stale)
    kind: str
    target: cst.CSTNode  # the store (or the mutating call)
    may_run_first: bool  # made by a private method or a dunder: maybe setup
    function: FunctionInfo | None  # the function making it (None: module code)
    loops: tuple[cst.CSTNode, ...]  # the loops around it within that function
    models_only: bool = False  # `self.model.x` in a Keras callback: the model it trains
    layers_only: bool = False  # `self.model.layers[i].x` in a Keras callback: one of its layers
    outside: bool = False  # through a name other than `self`: maybe start-up configuration


class _Step(NamedTuple):
    """``self.x += 1`` inside traced code: it runs once, while tracing."""

    target: cst.Attribute
    function: FunctionInfo
    operator: cst.BaseAugOp  # `+=`, `*=` ...


class _Flip(NamedTuple):
    """``self.first = False`` inside traced code: it runs once, while tracing."""

    target: cst.Attribute
    function: FunctionInfo
    value: cst.BaseExpression


def _returns(block: cst.CSTNode) -> bool:
    """Whether ``block`` returns (not from a function nested in it)."""
    found = False

    def enter(child: cst.CSTNode) -> bool | None:
        nonlocal found
        found = found or isinstance(child, cst.Return)
        return not found and not isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef))

    walk(block, enter)
    return found


def _traced_chain(fn: FunctionInfo) -> list[FunctionInfo]:
    """``fn`` and the traced functions of the module whose calls trace it, up to the root."""
    chain = [fn]
    reason = fn.traced_by
    while reason is not None and reason.caller is not None and reason.caller not in chain:
        chain.append(reason.caller)
        reason = reason.caller.traced_by
    return chain


class StaleAttributeCapture(Rule):
    id = "TF602"
    requires_traced_code = True
    name = "stale-attribute-capture"
    category = "stale-capture"
    message = "a `tf.function` reads a plain Python attribute that the module changes"
    rationale = """
        Attributes read while tracing are constants in the graph. If a traced method reads
        `self.temperature` (or a traced function reads `model.bias` of an object argument) and
        other code later changes that attribute to a new Python number (`model.bias += 5.0`,
        `self.temperature = t` in a setter, `self.model.alpha = a` in a Keras callback's
        `on_epoch_end`, or an attribute of one of the model's layers there:
        `self.model.get_layer("noise").rate = r`, `self.model.layers[0].rate *= 0.5`), the
        function keeps computing with the old value: the object is the
        same, so nothing retraces. The same holds for any value (an array, a list, a tensor)
        stored in the attribute in a loop that calls the traced function, for `len()` of a
        Python list attribute that grows between calls, and for `self.step += 1` written in
        the traced function itself, which runs once, while tracing (unless TF202 reports that
        increment by default: one finding per pitfall). A flag traced code itself sets
        (`if self.first_update: self.first_update = False` / `else: ...` in a metric's
        `update_state`) is tested once, while tracing: every call takes the branch the first
        trace took (a test with no `else` or early `return` whose own body sets its flag is
        one-time setup and not reported). Entries of a Python list on the model that a
        callback's hook rewrites (`self.model.loss_weights_[0] = w`) are stale the same way.
        Changes made in `__init__` or `build`, before any trace, are not reported. Hold such state in a `tf.Variable` and
        change it with `.assign()` / `.assign_add()`, which the graph reads on every call, or
        pass it as a tensor argument.
    """

    def visit_Module(self, node: cst.Module) -> None:
        # attr -> reads: (node, traced function, is_self, read as `len(...)`)
        self._reads: dict[str, list[tuple[cst.Attribute, FunctionInfo, bool, bool]]] = {}
        self._writes: dict[str, list[_Write]] = {}
        self._variables: set[str] = set()  # attributes ever holding something not Python
        self._scalar_init: set[str] = set()  # attributes set to a Python scalar in __init__
        self._list_init: set[str] = set()  # attributes set to a list display in __init__
        self._steps: dict[str, list[_Step]] = {}  # `self.x += 1` in traced code
        self._stores: set[int] = set()
        self._called: set[int] = set()
        self._guards: set[int] = set()  # attributes read by an init-once or raise-only test
        self._lengths: set[int] = set()  # attributes read as `len(obj.attr)` in traced code
        self._flips: dict[str, list[_Flip]] = {}  # `self.first = False` in traced code
        # `self.x` read in the test of an `if` in traced code: (read, the if, its function)
        self._tests: dict[str, list[tuple[cst.Attribute, cst.If, FunctionInfo]]] = {}

    def _store(self, target: cst.BaseExpression, value: cst.BaseExpression, aug: bool) -> None:
        for t in _store_targets(target):
            if isinstance(t, cst.Subscript) and isinstance(t.value, cst.Attribute):
                # `self.model.weights_[0] = w` in a callback's hook: the model's list changes
                # in place after the train step read its entries while tracing
                if _callback_model(self.model, t.value.value, self.context.function):
                    self._callback_write(t.value, value, aug, item=t)
                continue
            if not isinstance(t, cst.Attribute):
                continue
            self._stores.add(id(t))
            root = t.value
            context = self.context
            fn = context.function
            if _callback_model(self.model, root, fn):
                self._callback_write(t, value, aug)
                continue
            if _callback_model_layer(self.model, root, fn):
                self._callback_write(t, value, aug, layer=True)
                continue
            base = _root_name(root)
            if base is None:
                continue
            attr = t.attr.value
            if _python_scalar(self.model, value, fn) or (
                aug and not self.model.is_tensor(value, fn)
            ):
                kind = "scalar"
            elif (
                isinstance(value, (cst.Name, cst.Attribute, cst.Subscript))
                and not self.model.is_tensor(value, fn)
            ) or _scalar_call(self.model, value, fn):
                kind = "unknown"  # a Python value if the attribute starts out as one
            else:
                if isinstance(value, cst.List) and fn is not None and fn.name in SETUP_METHODS:
                    self._list_init.add(attr)
                else:
                    self._variables.add(attr)  # objects, tensors, variables: not this rule's
                # any value stored between calls of a traced reader is ignored by the graph
                kind = "value"
            if fn is not None and fn.name in SETUP_METHODS:
                if kind == "scalar":
                    self._scalar_init.add(attr)
                continue
            if kind == "value" and _reads_shape(value):
                continue  # `[x.shape[0], 1]`: a new shape of the argument retraces anyway
            if context.in_traced_code:
                if kind == "scalar" and root is base and base.value == "self":
                    if aug:
                        self._steps.setdefault(attr, []).append(_Step(t, fn, self._operator))
                    else:
                        self._flips.setdefault(attr, []).append(_Flip(t, fn, value))
                continue
            cls = self.model.enclosing_class(fn)
            # `self.x = v` changes this class's objects; `agent.x`, `self.agent.x`, another's
            is_self = root is base and base.value == "self"
            shown = f"`{root.value if root is base else code(root)}.{attr}`"
            where = f"in `{fn.qualname}`" if fn is not None else "at module level"
            self._writes.setdefault(attr, []).append(
                _Write(
                    cls,
                    is_self,
                    f"{shown} is changed {where}",
                    kind,
                    t,
                    _may_run_first(fn),
                    fn,
                    tuple(context.loops),
                    outside=root is base and not is_self,
                )
            )

    def _callback_write(
        self,
        target: cst.Attribute,
        value: cst.BaseExpression,
        aug: bool,
        item: cst.Subscript | None = None,
        layer: bool = False,
    ) -> None:
        """``self.model.alpha = a`` (or ``self.model.weights_[0] = w``, ``item``) in a Keras
        callback's hook that ``fit`` calls after it has traced its train step: a change, after
        the first trace, of the model's attribute (or of an entry of the list it holds). With
        ``layer``, ``self.model.layers[0].noise = n``: an attribute of one of its layers, whose
        ``call`` the traced train step ran while tracing."""
        fn = self.context.function
        if runs_after_first_trace(fn) is None:
            return
        attr = target.attr.value
        self._writes.setdefault(attr, []).append(
            _Write(
                None,
                False,
                f"`{code(item or target)}` is changed in `{fn.qualname}`",
                "scalar",  # any value: the hook runs after the trace
                item or target,
                False,
                fn,
                tuple(self.context.loops),
                models_only=not layer,
                layers_only=layer,
            )
        )

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._store(target.target, node.value, aug=False)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._operator = node.operator  # `+=`, `*=`: for the message
        self._store(node.target, node.value, aug=True)

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if context.in_traced_code:
            self._called.add(id(node.func))
            if isinstance(node.func, cst.Attribute):
                # `self.items.append(x)`: the object's own method, not its value, is used
                self._called.add(id(node.func.value))
            if (
                len(node.args) == 1
                and isinstance(node.args[0].value, cst.Attribute)
                and self.model.call_name(node) == "builtins.len"
            ):
                self._lengths.add(id(node.args[0].value))
            return
        self._list_mutation(node)

    def _list_mutation(self, node: cst.Call) -> None:
        """``self.items.append(x)`` (``buf.items.extend(...)``) outside traced code: a change
        of a Python list attribute, recorded for traced code that reads its length."""
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in MUTATING_METHODS):
            return
        target = func.value
        if not (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)):
            return
        fn = self.context.function
        if fn is not None and fn.name in SETUP_METHODS:
            return
        root = target.value.value
        if root != "self" and _before_any_object(self.model, target, fn):
            return
        where = f"in `{fn.qualname}`" if fn is not None else "at module level"
        self._writes.setdefault(target.attr.value, []).append(
            _Write(
                self.model.enclosing_class(fn),
                root == "self",
                f"`{code(target)}` changes length with `.{func.attr.value}()` {where}",
                "list",
                node,
                _may_run_first(fn),
                fn,
                tuple(self.context.loops),
            )
        )

    def visit_If(self, node: cst.If) -> None:
        """A flag tested to initialise once outside the graph (``if not self._ready:`` then
        ``with tf.init_scope():``) or only to raise a usage error is read correctly at trace
        time: its value at the first trace is the one that matters."""
        if not self.context.in_traced_code:
            return
        if _init_or_raise(self.model, node):
            for child in _attributes(node.test):
                self._guards.add(id(child))
            return
        for child in _attributes(node.test):
            if isinstance(child.value, cst.Name) and child.value.value == "self":
                self._tests.setdefault(child.attr.value, []).append(
                    (child, node, self.context.function)
                )

    def visit_Assert(self, node: cst.Assert) -> None:
        if self.context.in_traced_code:  # a usage check, like a raise-only test
            for child in _attributes(node.test):
                self._guards.add(id(child))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        context = self.context
        if not context.in_traced_code or id(node) in self._stores or id(node) in self._called:
            return
        if id(node) in self._guards:
            return
        root = node.value
        fn = context.function
        if isinstance(root, cst.Attribute):
            # `self.schedule.alpha`: an object of a module class the traced object holds
            if self.model.instance_of(root, context.scope) is not None:
                self._reads.setdefault(node.attr.value, []).append((node, fn, False, False))
            return
        if not isinstance(root, cst.Name):
            return
        is_self = root.value == "self"
        if (
            not is_self
            and not (root.value in fn.params and root.value != "cls")
            and not self._outer_object(root)
        ):
            return
        self._reads.setdefault(node.attr.value, []).append(
            (node, fn, is_self, id(node) in self._lengths)
        )

    def _outer_object(self, root: cst.Name) -> bool:
        """A global or closure name that holds an object of a class of this module (`sched =
        WeightScheduler()`): the same object outside, whose attributes other code changes."""
        scope = self.context.scope
        owner = self.model.binding_of(root, scope).scope
        if owner is None or owner is scope or owner.kind == ScopeKind.CLASS:
            return False
        if owner.function is not None and owner.function.traced:
            return False
        return self.model.instance_of(root, scope) is not None

    def _compiled_after(self, target: cst.Attribute) -> bool:
        """Whether the object whose attribute ``target`` stores is ``compile``d later in the
        same function (or module code)."""
        if not isinstance(target, cst.Attribute) or not isinstance(target.value, cst.Name):
            return False
        owner = target.value.value
        order = self.model.event_index()
        at = order.get(id(target))
        if at is None:
            return False
        for call in self.model.nodes_of(cst.Call):
            func = call.func
            if (
                isinstance(func, cst.Attribute)
                and func.attr.value == "compile"
                and isinstance(func.value, cst.Name)
                and func.value.value == owner
                and order.get(id(call), -1) > at
            ):
                return True
        return False

    def _startup(self, write: _Write) -> bool:
        """A store through another name than ``self`` that runs before any object exists."""
        return (
            write.outside
            and isinstance(write.target, cst.Attribute)
            and _before_any_object(self.model, write.target, write.function)
        )

    def _repeats_with(self, write: _Write, fn: FunctionInfo) -> cst.CSTNode | None:
        """A call that shows ``write`` happens between calls of traced ``fn``: a call of ``fn``
        (or of a traced function whose call traces it) in a loop around the write, or around
        a call of the function making the write. None when nothing shows it."""
        chain = _traced_chain(fn)
        if any(f.defined_in for f in chain):
            return None  # a new function (and trace) each iteration
        root = root_reason(fn)
        if root is not None and root.kind == "dataset":
            return None  # tf.data traces it anew each time a transformation is built
        sites = self.context.memo((StaleAttributeCapture, "sites"), lambda: self.model.call_sites)
        loops = {id(loop) for loop in write.loops}
        if write.function is not None:
            loops |= {
                id(loop) for site in sites if site.callee is write.function for loop in site.loops
            }
        for site in sites:
            if site.callee in chain and any(id(loop) in loops for loop in site.loops):
                return site.call
        # the function making the write calls the reader itself, and runs more than once
        maker = write.function
        if maker is None or maker.traced:
            return None
        calls = [s for s in sites if s.caller is maker and s.callee in chain]
        runs = [s for s in sites if s.callee is maker]
        if calls and (len(runs) > 1 or any(s.loops for s in runs)):
            return calls[0].call
        return None

    def leave_Module(self, node: cst.Module) -> None:
        self._report_steps()
        self._report_flips()
        model = self.model
        for attr, reads in self._reads.items():
            writes = [
                w for w in self._writes.get(attr, ()) if w.kind != "list" or attr in self._list_init
            ]
            if not writes:
                continue
            # start-up configuration (`args.lr = 0.1`): set before anything traces, unless a
            # loop around it calls the traced reader too (then it repeats after a trace)
            startup = {id(w) for w in writes if self._startup(w)}
            writes = [w for w in writes if id(w) not in startup or w.loops]
            reported: set[int] = set()
            for read, fn, is_self, length in reads:
                if id(fn) in reported:
                    continue
                cls = model.enclosing_class(fn)
                if is_self:
                    # the same class's methods through self, or the object from outside
                    match = [w for w in writes if (w.is_self and w.cls is cls) or not w.is_self]
                else:
                    # an object passed in or held outside: changed from outside, or by its
                    # own class's methods
                    held = model.instance_of(read.value, fn)
                    match = [
                        w
                        for w in writes
                        if (not w.is_self and not w.models_only and not w.layers_only)
                        or (w.is_self and held is not None and w.cls is held)
                    ]
                match = [
                    w
                    for w in match
                    if not w.models_only or (cls is not None and cls.keras_kind == "model")
                ]
                match = [
                    w
                    for w in match
                    if not w.layers_only or (cls is not None and cls.keras_kind is not None)
                ]
                if root_reason_is_keras(fn):
                    # `model.x = v; model.compile(...)`: compile drops the traced train
                    # function, so the next fit traces anew and reads the new value
                    match = [w for w in match if not self._compiled_after(w.target)]
                # A Python value of any kind (an array, a list of numbers) stored in a loop
                # that calls the traced function: each iteration's value is ignored.
                proven = {}
                for w in match:
                    if w.kind != "scalar" or id(w) in startup or attr in self._variables:
                        call = self._repeats_with(w, fn)
                        if call is not None:
                            proven[id(w)] = call
                match = [w for w in match if id(w) not in startup or id(w) in proven]
                if length:
                    match = [w for w in match if w.kind == "list" and id(w) in proven]
                else:
                    match = [
                        w
                        for w in match
                        if w.kind != "list"
                        and (
                            id(w) in proven
                            or w.models_only
                            or w.layers_only
                            or (
                                attr not in self._variables
                                and (
                                    w.kind == "scalar"
                                    or (w.kind == "unknown" and attr in self._scalar_init)
                                )
                            )
                        )
                    ]
                if not match:
                    continue
                reported.add(id(fn))
                # Changed from outside the class, or by a public method (a setter the user
                # calls between calls), the change comes after a trace; a private helper or a
                # dunder may be setup that runs before the first one.
                after = [w for w in match if not w.may_run_first or id(w) in proven]
                root = root_reason(fn)
                per_call = (
                    root is not None
                    and root.kind == "wrapped"
                    and root.via
                    and root.via.rpartition(".")[2] not in SETUP_METHODS
                )
                shown = (after or match)[0]
                because = [(w.shown, w.target) for w in (after or match)]
                if id(shown) in proven:
                    because.append(
                        (
                            f"traced `{fn.qualname}` is called in the same loop",
                            proven[id(shown)],
                        )
                    )
                if shown.models_only or shown.layers_only:
                    because.append((runs_after_first_trace(shown.function), shown.function.node))
                read_shown = f"len({code(read)})" if length else code(read)
                what = "the length of a plain Python list" if length else "a plain Python attribute"
                self.report(
                    read,
                    f"traced `{fn.qualname}` reads `{read_shown}`, {what}: {shown.shown}, but "
                    "the graph keeps the value from trace time; use a `tf.Variable` and "
                    "`.assign()`",
                    because=because,
                    gap=PER_CALL_GAP if per_call else None if after else SETUP_GAP,
                    traced_in=fn,
                )

    def _report_flips(self) -> None:
        """``if self.first_update: ... self.first_update = False`` / ``else: ...`` in traced
        code: the test runs while tracing, with the value the flag has then, and the flag
        changes only while tracing, so every call runs the branch the first trace took. A test
        with no ``else`` whose own body sets the flag is one-time setup done while tracing (the
        guard tracing is meant to run once) and not reported."""
        model = self.model
        for attr, flips in self._flips.items():
            scalar = attr in self._scalar_init or any(
                w.kind == "scalar" for w in self._writes.get(attr, ())
            )  # set to a Python value outside traced code: `__init__`, `reset_state`
            if not scalar or attr in self._variables:
                continue
            classes = {id(model.enclosing_class(f.function)) for f in flips}
            for read, test, fn in self._tests.get(attr, ()):
                if id(model.enclosing_class(fn)) not in classes:
                    continue
                inside = [f for f in flips if contains(test.body, f.target)]
                # `else:`, or a body that returns: the code after the test is the other branch
                other = test.orelse is not None or _returns(test.body)
                if not other and inside:
                    continue  # `if not self.built: ...; self.built = True`: setup, once
                flip = (inside or flips)[0]
                gap = (
                    None
                    if other
                    else "the flag may be set before the trace that matters (Keras builds a "
                    "layer by calling it once): no `else` branch shows code the graph drops"
                )
                self.report(
                    read,
                    f"traced `{fn.qualname}` tests `{code(read)}`, a plain Python flag that "
                    f"traced code sets (`{code(flip.target)} = {code(flip.value)}`) only while "
                    "tracing: the test runs once, at trace time, so every call takes the branch "
                    "the first trace took; keep the flag in a `tf.Variable` and branch with "
                    "`tf.cond` (or an `if` on the variable's value, which AutoGraph converts)",
                    because=[
                        (
                            f"`{code(flip.target)}` is set here, in traced "
                            f"`{flip.function.qualname}`: only while tracing",
                            flip.target,
                        ),
                        (
                            "the other branch is never traced"
                            if other
                            else "the flag is set outside this test's branch",
                            test,
                        ),
                    ],
                    gap=gap,
                    traced_in=fn,
                )
                self._reads[attr] = [r for r in self._reads.get(attr, ()) if r[0] is not read]
                break

    def _report_steps(self) -> None:
        """``self.step += 1`` in traced code, with the same function reading ``self.step``: the
        increment runs once, while tracing, so every call reads the same number."""
        for attr, steps in self._steps.items():
            if attr not in self._scalar_init or attr in self._variables:
                continue
            # The increment itself is TF202's finding, shown by default when something reads
            # the count as one that changes on every call. One pitfall, one finding: this rule
            # then reports only a read that is itself where the count is shown (a log line, a
            # test, a return: "every log line shows the same step"), not one that computes with
            # it, whose pitfall is the increment.
            reported_by_tf202 = attr in observed_outside_traces(
                self.model
            ) or attr in used_per_call(self.model)
            shown = observations(self.model)
            for step in steps:
                reads = [r for r in self._reads.get(attr, ()) if r[1] is step.function and r[2]]
                if reported_by_tf202:
                    reads = [r for r in reads if id(r[0]) in shown]
                if not reads:
                    continue
                read = reads[0][0]
                self.report(
                    read,
                    f"traced `{step.function.qualname}` reads `{code(read)}`, a plain Python "
                    f"attribute it changes with `{code(step.target)} {code(step.operator).strip()}`, "
                    "which "
                    "runs only while "
                    "tracing: every call reads the value from trace time; use a `tf.Variable` "
                    "and `.assign_add()`",
                    because=[
                        (f"`{code(step.target)}` is changed here, only while tracing", step.target)
                    ],
                    traced_in=step.function,
                )
                self._reads[attr] = [r for r in self._reads[attr] if r[1] is not step.function]


def _root_name(node: cst.BaseExpression) -> cst.Name | None:
    """The name an attribute chain starts from (``self`` of ``self.agent``), if it does."""
    while isinstance(node, cst.Attribute):
        node = node.value
    return node if isinstance(node, cst.Name) else None


def _reads_shape(value: cst.BaseExpression) -> bool:
    """Whether ``value`` reads a static shape (``x.shape[0]``, ``x.get_shape()``): passed the
    same tensor, the traced function retraces for each new shape and sees the new value."""
    found = False

    def enter(node: cst.CSTNode) -> bool | None:
        nonlocal found
        if isinstance(node, cst.Attribute) and node.attr.value in ("shape", "get_shape"):
            found = True
        return not found

    walk(value, enter)
    return found


# Keras methods that run a model through a traced function of their own.
# Which of a compiled model's traced functions each Keras loop runs (and traces on first use).
_KERAS_STEP_OF = {
    method: step for step in ("train", "test", "predict") for method in knowledge.step_methods(step)
}

_KERAS_RUNS = frozenset(
    {"fit", "predict", "evaluate", "train_on_batch", "test_on_batch", "predict_on_batch"}
)


def _global_reads(model: ModuleModel, fn: FunctionInfo) -> list[cst.Name]:
    """The names ``fn``'s own code reads from module globals bound by assignment."""
    found: list[cst.Name] = []
    attributes: set[int] = set()

    def enter(node: cst.CSTNode) -> bool | None:
        if isinstance(node, cst.Attribute):
            attributes.add(id(node.attr))
        elif (
            isinstance(node, cst.Name)
            and id(node) not in attributes
            and not model.is_target(node)
            and model.binding_of(node, fn).scope is model.scope
            and any(s.kind == SiteKind.ASSIGN for s in model.scope.bindings.get(node.value, ()))
        ):
            found.append(node)
        return None

    walk(fn.node.body, enter)
    return found


def _applied_in_traced_code(model: ModuleModel, built: cst.Call) -> cst.CSTNode | None:
    """Where the optimizer ``built`` constructs is applied in traced code: its
    ``apply_gradients``/``minimize`` called by a traced function, through the name it is
    bound to, or a ``compile(optimizer=...)`` of it, which ``fit`` applies in its train step."""
    names = {
        name
        for name, sites in model.scope.bindings.items()
        if any(s.kind == SiteKind.ASSIGN and s.value is built for s in sites)
    }
    for fn in model.functions:
        if not fn.traced:
            continue
        for call in fn.calls:
            func = call.func
            if (
                isinstance(func, cst.Attribute)
                and func.attr.value in ("apply_gradients", "minimize")
                and isinstance(func.value, cst.Name)
                and func.value.value in names
            ):
                return call
    for call in model.nodes_of(cst.Call):
        func = call.func
        if not isinstance(func, cst.Attribute):
            continue
        if func.attr.value == "compile":
            for arg in call.args:
                if arg.keyword is not None and arg.keyword.value == "optimizer":
                    value = arg.value
                    if value is built or (isinstance(value, cst.Name) and value.value in names):
                        return call
    return None


class LayerAttributeChangedAfterTraining(Rule):
    id = "TF603"
    name = "layer-attribute-changed-after-training"
    category = "stale-capture"
    severity = "warning"
    message = "a layer's Python attribute changed after the model trained, without compiling again"
    rationale = """
        Keras traces a model's train step the first time the model trains after `compile()`,
        and keeps that traced function until the next `compile()`. While tracing, each layer's
        `call` reads its Python attributes (a `Dropout`'s `rate`, a custom layer's scale or
        temperature) and the values are frozen into the graph. Assigning the attribute later
        (`layer.rate = 0.1` before a second `fit`) changes the Python object, not the traced
        step: training goes on with the old value, silently. Call `model.compile(...)` again
        after the change (Keras then traces a new step), or keep a value that must change
        during training in a variable the layer reads (`self.rate = tf.Variable(...)`, changed
        with `assign`). Evidence required: in the same function (or module code) the model is
        compiled and trained before the assignment and trained after it with no `compile`
        between; the layer is one of the model's `layers`, `get_layer(...)`, or a layer the
        model's construction names. `trainable` is TF921's; attributes of the model itself
        (`stop_training`, its optimizer's `learning_rate`, which Keras keeps in a variable) are
        not layers' and not reported.
    """
    requires_text = ("fit", "train_on_batch")

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            owner = target.target
            if isinstance(owner, cst.Attribute) and owner.attr.value != "trainable":
                self._check_layer_attribute(owner)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if isinstance(node.target, cst.Attribute) and node.target.attr.value != "trainable":
            self._check_layer_attribute(node.target)

    def _check_layer_attribute(self, target: cst.Attribute) -> None:
        layer = target.value
        if not _names_a_layer(self.model, layer, self.context.scope):
            return
        found = stale_change(self.model, target, self.context.scope, trained_first=True)
        if found is None:
            return
        receiver, compile_call, later = found
        owner = chain_text(layer) or code(layer)
        self.report(
            target,
            f"`{owner}.{target.attr.value}` changed after `{receiver}` was compiled and "
            f"trained: the train step Keras traced keeps the value it read while tracing, so "
            f"the next `{receiver}.{later.func.attr.value}` ignores it; call "
            f"`{receiver}.compile(...)` again",
            because=[
                (f"`{receiver}` is compiled here", compile_call),
                (f"`{receiver}` trains here without compiling again", later),
            ],
        )


def _compiled_names(model: ModuleModel) -> frozenset[str]:
    """The plain names the module calls ``compile`` on (``model.compile(...)``)."""
    return frozenset(
        call.func.value.value
        for call in model.nodes_of(cst.Call)
        if isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "compile"
        and isinstance(call.func.value, cst.Name)
    )


def _names_a_layer(model: ModuleModel, expr: cst.BaseExpression, scope: Scope) -> bool:
    """``model.layers[i]``, ``model.get_layer(...)``, or a name a ``for`` binds to each of a
    model's ``layers``, or any other plain name (a layer the model's construction names: the
    caller checks the model is built from it). Not a model's own attribute (``model.optimizer``)
    nor the compiled model itself."""
    if isinstance(expr, cst.Subscript):
        inner = expr.value
        return isinstance(inner, cst.Attribute) and inner.attr.value == "layers"
    if isinstance(expr, cst.Call):
        func = expr.func
        return isinstance(func, cst.Attribute) and func.attr.value == "get_layer"
    if not isinstance(expr, cst.Name):
        return False
    if expr.value in model.memo(_names_a_layer, lambda: _compiled_names(model)):
        return False  # the compiled model itself: its own attributes
    kinds = model.binding_of(expr, scope).kinds
    if kinds and kinds <= {"loop"}:
        return True  # `for layer in model.layers:` (the caller ties it to a compiled model)
    return all(
        isinstance(v, cst.Call)
        and is_keras(model.call_name(v))
        and ".layers." in (model.call_name(v) or "")
        for v in model.binding_of(expr, scope).values
    ) and bool(model.binding_of(expr, scope).values)


class SeededRandomOpInDatasetMap(Rule):
    id = "TF604"
    requires_traced_code = True
    name = "seeded-random-op-in-dataset-map"
    category = "stale-capture"
    severity = "warning"
    message = "a seeded random op in a tf.data function draws the same values on every pass"
    rationale = """
        tf.data traces a function given to `Dataset.map` (`filter`, `flat_map`...) once, and a
        stateful random op in it (`tf.random.normal`, `tf.image.random_flip_left_right`) gets
        its op seed then: from the global seed (`tf.random.set_seed`,
        `keras.utils.set_random_seed`) or its own `seed=`. Each new iterator over the dataset
        (each epoch of `fit`, each `for batch in dataset:`) runs that function afresh with the
        same seeds, so it draws the very same "random" numbers on every pass: the augmentation
        is identical each epoch (without any seed TensorFlow draws fresh seeds, and the passes
        differ). Draw from a `tf.random.Generator` made outside the function (its state is a
        variable that carries on across passes), or pass a per-epoch seed to stateless ops.
        Reported when the module sets the global seed or the op is given `seed=`, and the
        module does not `.repeat()` the mapped dataset (one iterator then carries the sequence
        on); the knowledge base lists the seeded ops and the seeding calls, from TensorFlow
        itself.
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        fn = context.function
        if not context.in_traced_code or fn is None:
            return
        reason = root_reason(fn)
        if reason is None or reason.kind != "dataset":
            return
        name = self.model.call_name(node)
        if not knowledge.seeded_random_op(name):
            return
        seeded = _seed_argument(node)
        why = None
        if seeded is not None:
            why = (f"`{code(node.func)}` is given its own seed here", seeded)
        else:
            setter = self.context.memo(SeededRandomOpInDatasetMap, lambda: _global_seed(self.model))
            if setter is not None:
                why = ("the module sets TensorFlow's global seed here", setter)
        if why is None:
            return
        handed = self.context.memo(
            (SeededRandomOpInDatasetMap, id(fn)), lambda: _dataset_calls(self.model, fn)
        )
        if any(_repeated(self.model, call) for call in handed):
            return
        anchor = fn
        while anchor.traced_by is not None and anchor.traced_by.caller is not None:
            anchor = anchor.traced_by.caller
        self.report(
            node,
            f"`{code(node.func)}` in `{fn.qualname}`, which tf.data traces once: its seed is "
            "fixed when the function is traced, so every pass over the dataset (each epoch) "
            "draws the same values; draw from a `tf.random.Generator` made outside the function",
            because=[
                why,
                (
                    f"`{code(node.func)}` is a stateful random op: its op seed is set when "
                    "its graph is built",
                    node,
                ),
                *(
                    (f"`{anchor.name}` is handed to `Dataset.{c.func.attr.value}` here", c)
                    for c in handed[:1]
                ),
            ],
            traced_in=fn,
        )


def _seed_argument(call: cst.Call) -> cst.Arg | None:
    """The call's ``seed=`` argument, when it is given and not None."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "seed":
            value = arg.value
            return None if isinstance(value, cst.Name) and value.value == "None" else arg
    return None


def _global_seed(model: ModuleModel) -> cst.Call | None:
    """A call in the module that sets TensorFlow's global seed (``tf.random.set_seed(42)``)."""
    for call in model.nodes_of(cst.Call):
        if knowledge.sets_global_seed(model.call_name(call)):
            value = call.args[0].value if call.args else None
            if isinstance(value, cst.Name) and value.value == "None":
                continue  # `set_seed(None)` clears it
            return call
    return None


def _dataset_calls(model: ModuleModel, fn: FunctionInfo) -> list[cst.Call]:
    """The ``<dataset>.<method>(f)`` calls that hand ``fn`` (or the traced function it is
    reached from) to tf.data."""
    anchor = fn
    while anchor.traced_by is not None and anchor.traced_by.caller is not None:
        anchor = anchor.traced_by.caller
    # the function itself, the root it is traced from, and every function that calls it
    # (``ds.map(lambda x: preprocess(x, 'train'))`` in several pipelines)
    anchors = {id(fn), id(anchor)} | {
        id(site.caller) for site in model.call_sites if site.callee is fn and site.caller
    }
    anchor_nodes = {id(f.node) for f in model.functions if id(f) in anchors}
    found = []
    for call in model.nodes_of(cst.Call):
        func = call.func
        if not isinstance(func, cst.Attribute):
            continue
        if knowledge.member_kind("dataset", func.attr.value, called=True) != "dataset":
            continue
        for arg in call.args:
            value = arg.value
            if value is anchor.node or id(value) in anchor_nodes:
                found.append(call)
            elif isinstance(value, cst.Name):
                scope = model.scope_of(value)
                referenced = model.function_referenced(value, scope)
                if referenced is not None and id(referenced) in anchors:
                    found.append(call)
    return found


def _repeated(model: ModuleModel, call: cst.Call, depth: int = 0) -> bool:
    """Whether the dataset ``call`` makes is ``.repeat()``ed in the module: in the same chain
    (``ds.map(f).batch(8).repeat()``), or through the names it is bound to; or is built from a
    repeated dataset (``ds.repeat(5).map(f)``: one iterator runs the function for every
    repetition)."""
    if _built_from_repeat(model, call.func.value, 0):
        return True
    for other in model.nodes_of(cst.Call):
        func = other.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "repeat"):
            continue
        if _chain_holds(model, func.value, call, depth):
            return True
    return False


def _built_from_repeat(model: ModuleModel, expr: cst.BaseExpression, depth: int) -> bool:
    """Whether the dataset ``expr`` has a ``.repeat()`` down its chain of calls, or through the
    values of the names it reads (a few levels)."""
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        if expr.func.attr.value == "repeat":
            return True
        expr = expr.func.value
    if isinstance(expr, cst.Name) and depth < 4:
        values = model.binding_of(expr, model.scope_of(expr)).values
        return any(_built_from_repeat(model, v, depth + 1) for v in values if v is not expr)
    return False


def _chain_holds(
    model: ModuleModel, expr: cst.BaseExpression, target: cst.Call, depth: int
) -> bool:
    """Whether the dataset ``expr`` is built from ``target``: down its chain of calls, and
    through the values of the names it reads (a few levels)."""
    while True:
        if expr is target:
            return True
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
            expr = expr.func.value
            continue
        break
    if isinstance(expr, cst.Name) and depth < 4:
        values = model.binding_of(expr, model.scope_of(expr)).values
        return any(_chain_holds(model, v, target, depth + 1) for v in values)
    return False


class RandomMapBeforeCache(Rule):
    id = "TF605"
    name = "random-map-before-cache"
    category = "stale-capture"
    severity = "warning"
    message = "a random augmentation or shuffle before `Dataset.cache()` is drawn once and replayed"
    rationale = """
        `Dataset.cache()` stores the elements of the first full pass and, from the second pass
        on (each later epoch of `fit`, each new `for batch in dataset:`), reads them back
        instead of running what comes before it again. A random augmentation mapped before
        the cache (`tf.image.random_flip_left_right`, `tf.random.uniform`, a Keras `Random*`
        layer) is therefore drawn only in the first epoch: every later epoch trains on exactly
        the same flipped, cropped or brightened images, and the augmentation adds nothing.
        Reported when a function given to `map` (or another method whose function tf.data
        calls per element) makes a random draw (the knowledge base's stateful random ops,
        a `tf.random.Generator`'s methods, a Keras `Random*` layer), directly or in a function
        of the module it calls, and the dataset it makes is cached further down the same
        pipeline (in one chain, or through the names it is bound to). The same holds for a
        `.shuffle()` before the cache (unless `reshuffle_each_iteration=False` asks for one
        order): every epoch replays the first epoch's order. Cache the deterministic part
        (decoding, resizing), then shuffle and map the augmentation after `cache()`.
    """
    requires_text = ("cache",)
    call_names = frozenset({"cache"})

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "cache":
            return
        scope = self.context.scope
        receiver = func.value
        if not self.model.is_dataset(receiver):
            kind = self.model.kind_of(receiver, scope)
            if kind is None or kind.kind != "dataset":
                return
        found = _random_map_below(self.model, receiver, 0)
        if found is None:
            return
        mapped, fn, draw = found
        where = node if _in_chain(receiver, mapped) else mapped
        cached = ("and the dataset is cached here: later passes read the cache", node)
        if fn is None:  # `.shuffle(n)` before the cache: its first order is replayed
            self.report(
                where,
                "`.shuffle()` before `.cache()`: the cache keeps the first epoch's order and "
                "every later epoch reads the elements back in that same order; shuffle after "
                "`cache()`",
                because=[("the dataset is shuffled here, once per pass", mapped), cached],
            )
            return
        self.report(
            where,
            f"`{fn.qualname}` draws random values (`{code(draw.func)}`) in a "
            f"`{mapped.func.attr.value}` before `.cache()`: the cache keeps the first epoch's "
            "draws and every later epoch reads the same augmented elements back; map the "
            "augmentation after `cache()`",
            because=[
                (
                    f"`{code(draw.func)}` draws new random values each time it runs",
                    draw,
                ),
                (f"`{fn.qualname}` is mapped over the dataset here", mapped),
                cached,
            ],
        )


def _in_chain(expr: cst.BaseExpression, target: cst.Call) -> bool:
    """Whether ``target`` is a call down ``expr``'s own chain of methods."""
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        if expr is target:
            return True
        expr = expr.func.value
    return False


def _random_map_below(
    model: ModuleModel, expr: cst.BaseExpression, depth: int
) -> tuple[cst.Call, FunctionInfo | None, cst.Call] | None:
    """The first call down the dataset ``expr``'s chain (and through the names it is bound to)
    that hands tf.data a per-element function making a random draw: (that call, the function,
    the draw); or a ``.shuffle()`` that reshuffles each pass: (it, None, it)."""
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        method = expr.func.attr.value
        if method == "shuffle":
            fixed = next(
                (
                    a.value
                    for a in expr.args
                    if a.keyword is not None and a.keyword.value == "reshuffle_each_iteration"
                ),
                None,
            )
            if not (isinstance(fixed, cst.Name) and fixed.value == "False"):
                return expr, None, expr
        takes = knowledge.dataset_function_takes(method)
        if (
            any(kinds[:1] == ["element"] for kinds in takes.values())
            and knowledge.member_kind("dataset", method, called=True) == "dataset"
        ):
            scope = _scope_at(model, expr)
            for arg in expr.args[:1]:
                fn = model.function_referenced(arg.value, scope)
                draw = _random_draw(model, fn, 0) if fn is not None else None
                if draw is not None:
                    return expr, fn, draw
        expr = expr.func.value
    if isinstance(expr, cst.Name) and depth < 4:
        for value in assigned_before(model, expr):
            found = _random_map_below(model, value, depth + 1)
            if found is not None:
                return found
    return None


def _scope_at(model: ModuleModel, call: cst.Call) -> Scope | None:
    """The scope ``call`` is evaluated in, from the first name down its chain."""
    expr: cst.BaseExpression = call
    while isinstance(expr, (cst.Call, cst.Attribute, cst.Subscript)):
        expr = expr.func if isinstance(expr, cst.Call) else expr.value
    return model.scope_of(expr) if isinstance(expr, cst.Name) else None


def _random_draw(model: ModuleModel, fn: FunctionInfo, depth: int) -> cst.Call | None:
    """A call in ``fn`` (or in a module function it calls, a few levels down) that draws new
    random values each time it runs: a stateful random op of the knowledge base, a method of a
    ``tf.random.Generator``, or a Keras ``Random*`` preprocessing layer called on data."""
    for call in fn.calls:
        name = model.call_name(call)
        if knowledge.seeded_random_op(name):
            return call
        func = call.func
        if isinstance(func, cst.Attribute):
            kind = model.kind_of(func.value, fn)
            if kind is not None and kind.kind == "random_generator":
                return call
        if _random_layer(model, func, fn):
            return call
        callee = model.callee(call, fn)
        if callee is not None and callee is not fn and depth < 3:
            found = _random_draw(model, callee, depth + 1)
            if found is not None:
                return found
    return None


def _random_layer(model: ModuleModel, func: cst.BaseExpression, scope: Scope) -> bool:
    """A Keras ``Random*`` preprocessing layer (``RandomFlip``, ``RandomRotation``), or a
    ``Sequential`` of layers one of which is, that ``func`` names."""
    values = model.bound_values(func, scope) if isinstance(func, (cst.Name, cst.Attribute)) else []
    for value in values:
        if not isinstance(value, cst.Call):
            continue
        name = model.call_name(value) or ""
        if is_keras(name) and name.rpartition(".")[2].startswith("Random"):
            return True
        if is_keras(name) and name.endswith("Sequential") and value.args:
            layers = value.args[0].value
            if isinstance(layers, (cst.List, cst.Tuple)):
                for element in layers.elements:
                    inner = element.value
                    inner_name = model.call_name(inner) if isinstance(inner, cst.Call) else None
                    if is_keras(inner_name) and inner_name.rpartition(".")[2].startswith("Random"):
                        return True
    return False


# --- closures made in a loop and called after it -------------------------------------------------

# Methods that keep their argument in the container they are called on.
_STORING_METHODS = frozenset({"append", "appendleft", "extend", "insert", "add", "setdefault"})
# Keras objects that keep a function and call it later: a Lambda layer calls it each time the
# model runs, a LambdaCallback at each event.
_KERAS_KEEPERS = ("layers.Lambda", "callbacks.LambdaCallback")


def _target_names(target: cst.BaseExpression) -> set[str]:
    return {t.value for t in _store_targets(target) if isinstance(t, cst.Name)}


def _param_names(params: cst.Parameters) -> set[str]:
    names = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    return names


def _reads(node: cst.CSTNode, name: str) -> bool:
    """Whether the code of ``node`` reads the variable ``name`` (not an attribute or keyword
    spelled so, nor inside a nested lambda or def that binds it as a parameter)."""
    found = False

    def enter(current: cst.CSTNode) -> bool:
        nonlocal found
        if found:
            return False
        if isinstance(current, cst.Name):
            found = current.value == name
            return False
        if isinstance(current, cst.Attribute):
            walk(current.value, enter)
            return False
        if isinstance(current, cst.Arg):
            walk(current.value, enter)
            return False
        if isinstance(current, (cst.Lambda, cst.FunctionDef)):
            return name not in _param_names(current.params)
        return True

    walk(node, enter)
    return found


class _KeptClosure(NamedTuple):
    closure: cst.Lambda | cst.FunctionDef
    keeper: str  # what keeps it past the iteration, in words
    where: cst.CSTNode


def _holds_lambda(model: ModuleModel, loop: cst.CSTNode) -> bool:
    """Whether a lambda is defined inside ``loop`` (a for or a comprehension) in the loop's
    own function: a loop without one, or a def of its body, keeps no closure."""
    return id(loop) in model.memo(_holds_lambda, lambda: _loops_around_lambdas(model))


def _loops_around_lambdas(model: ModuleModel) -> frozenset[int]:
    found = set()
    for node in model.nodes_of(cst.Lambda):
        fn = model.function_of.get(node)
        if fn is not None:
            found.update(map(id, fn.defined_in))
    return frozenset(found)


class _ClosureFinder:
    """The lambdas (and defs of the loop's body) whose value a loop's iteration hands to
    something that keeps it past the iteration: a container (an element of a comprehension's
    result, a display stored or appended), or a Keras object that calls it later. A lambda
    given to any other call (`tf.cond(p, lambda: x[k], ...)`) runs, if at all, while the
    iteration still holds its value, and is not one."""

    def __init__(self, model: ModuleModel, scope: Scope | None, defs: dict[str, cst.FunctionDef]):
        self.model = model
        self.scope = scope
        self.defs = defs
        self.found: list[_KeptClosure] = []

    def expression(self, expr: cst.BaseExpression, keeper: str | None, where: cst.CSTNode) -> None:
        if isinstance(expr, cst.Lambda):
            if keeper is not None:
                self.found.append(_KeptClosure(expr, keeper, where))
            return
        if isinstance(expr, cst.Name):
            fn = self.defs.get(expr.value)
            if fn is not None and keeper is not None:
                self.found.append(_KeptClosure(fn, keeper, where))
            return
        if isinstance(expr, (cst.Tuple, cst.List, cst.Set)):
            for element in expr.elements:
                self.expression(element.value, keeper, where)
            return
        if isinstance(expr, cst.Dict):
            for element in expr.elements:
                if isinstance(element, cst.DictElement):
                    self.expression(element.value, keeper, where)
            return
        if isinstance(expr, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
            return  # a comprehension of its own: its visit reports what it keeps
        if isinstance(expr, cst.Call):
            self.call(expr)
            return
        for child in (getattr(expr, "value", None), getattr(expr, "body", None)):
            if isinstance(child, cst.BaseExpression) and not isinstance(expr, cst.Lambda):
                self.expression(child, None, where)

    def call(self, call: cst.Call) -> None:
        func = call.func
        name = self.model.call_name(call)
        if is_keras(name, *_KERAS_KEEPERS):
            keeper = f"`{code(func)}`, which keeps the function and calls it later"
            for arg in call.args:
                self.expression(arg.value, keeper, call)
            return
        if isinstance(func, cst.Attribute) and func.attr.value in _STORING_METHODS:
            keeper = f"`{code(func)}(...)`, which keeps it past the iteration"
            for arg in call.args:
                self.expression(arg.value, keeper, call)
            self.expression(func.value, None, call)
            return
        self.expression(func, None, call)
        for arg in call.args:
            self.expression(arg.value, None, call)

    def statement(self, statement: cst.CSTNode) -> None:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Expr):
                    self.expression(small.value, None, small)
                elif isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                    targets = (
                        [t.target for t in small.targets]
                        if isinstance(small, cst.Assign)
                        else [small.target]
                    )
                    kept = any(isinstance(t, (cst.Subscript, cst.Attribute)) for t in targets)
                    keeper = "an assignment into a container or attribute" if kept else None
                    self.expression(small.value, keeper, small)
            return
        if isinstance(statement, (cst.If, cst.For, cst.While, cst.With, cst.Try)):
            for block in _blocks(statement):
                for inner in block.body:
                    self.statement(inner)


def _blocks(statement: cst.CSTNode) -> list[cst.BaseSuite]:
    found = []
    todo = [statement]
    while todo:
        node = todo.pop()
        body = getattr(node, "body", None)
        if isinstance(body, cst.BaseSuite):
            found.append(body)
        for attr in ("orelse", "finalbody"):
            other = getattr(node, attr, None)
            if other is not None:
                todo.append(other)
        todo.extend(getattr(node, "handlers", ()))
    return found


class LoopVariableCapturedByClosure(Rule):
    id = "TF606"
    name = "loop-variable-captured-by-closure"
    category = "stale-capture"
    severity = "error"
    message = (
        "a lambda made in a loop reads the loop variable when it is called, after the loop "
        "moved on: every copy sees the last value"
    )
    rationale = """
        A Python closure reads a variable of the enclosing scope when it is called, not when
        it is made (pylint's `cell-var-from-loop`). A lambda made on each iteration of a loop
        or comprehension that reads the loop variable, and kept until after the loop (put in
        a list, in the `(predicate, function)` pairs a comprehension builds for `tf.case` or
        `tf.switch_case`, or given to a Keras `Lambda` layer, which calls its function each
        time the model runs), sees the loop variable's last value in every copy:
        `tf.case([(tf.equal(i, k), lambda: fns[k]()) for k in range(3)])` runs `fns[2]` for
        every `i`, and `Lambda(lambda x: x[:, t])` layers made for each time step all slice
        the last step (TF 2.21, Keras 3). Bind the value when the lambda is made, as a
        default argument: `lambda x, t=t: x[:, t]`. Evidence required: the lambda (or a def of
        the loop's body, named where it is kept) reads the loop's variable without binding it
        as a parameter, and is an element of the comprehension's result, or is stored,
        appended, or given to a Keras `Lambda` layer or `LambdaCallback` in the loop's body; a
        lambda handed to any other call (`tf.cond(p, lambda: x[k], ...)` runs it in the
        iteration) is not reported.
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "Unsafe: the fix adds the loop variable as a default argument (`k=k`), which binds "
        "each lambda to its own iteration's value, as intended; a caller that passes as many "
        "positional arguments as the lambda now takes would override it."
    )

    def visit_For(self, node: cst.For) -> None:
        names = _target_names(node.target)
        if not names or not isinstance(node.body, cst.IndentedBlock):
            return
        defs = {s.name.value: s for s in node.body.body if isinstance(s, cst.FunctionDef)}
        if not defs and not _holds_lambda(self.model, node):
            return
        finder = _ClosureFinder(self.model, self.context.scope, defs)
        for statement in node.body.body:
            finder.statement(statement)
        self._report(finder.found, names, node)

    def _comprehension(self, node, elements: list[cst.BaseExpression]) -> None:
        names: set[str] = set()
        current = node.for_in
        while current is not None:
            names |= _target_names(current.target)
            current = current.inner_for_in
        if not _holds_lambda(self.model, node):
            return
        finder = _ClosureFinder(self.model, self.context.scope, {})
        keeper = "the comprehension's result, which keeps it past the iteration"
        for element in elements:
            finder.expression(element, keeper, node)
        self._report(finder.found, names, node)

    def visit_ListComp(self, node: cst.ListComp) -> None:
        self._comprehension(node, [node.elt])

    def visit_SetComp(self, node: cst.SetComp) -> None:
        self._comprehension(node, [node.elt])

    def visit_GeneratorExp(self, node: cst.GeneratorExp) -> None:
        self._comprehension(node, [node.elt])

    def visit_DictComp(self, node: cst.DictComp) -> None:
        self._comprehension(node, [node.value])

    def _report(self, found: list[_KeptClosure], names: set[str], loop: cst.CSTNode) -> None:
        seen = self.context.memo(("loop-closures", type(self).id), set)
        for closure, keeper, where in found:
            if id(closure) in seen:
                continue
            bound = _param_names(closure.params)
            read = sorted(n for n in names - bound if _reads(closure.body, n))
            if not read:
                continue
            seen.add(id(closure))
            name = read[0]
            what = "lambda" if isinstance(closure, cst.Lambda) else f"`{closure.name.value}`"
            self.report(
                closure,
                f"this {what} reads the loop variable `{name}` when it is called, after the "
                f"loop moved on, so every copy sees its last value; bind it as a default "
                f"argument (`{name}={name}`)",
                edits=self._fix(closure, name),
                fix_description=f"bind `{name}` as a default argument",
                because=[
                    (f"`{name}` is the loop's variable, rebound on each iteration", loop),
                    (f"the function is kept by {keeper}", where),
                ],
            )

    def _fix(self, closure: cst.Lambda | cst.FunctionDef, name: str) -> list | None:
        params = closure.params
        if params.star_arg is not cst.MaybeSentinel.DEFAULT or params.kwonly_params:
            return None
        if params.star_kwarg is not None:
            return None
        equal = cst.AssignEqual(
            whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
        )
        added = cst.Param(cst.Name(name), default=cst.Name(name), equal=equal)
        existing = list(params.params)
        if existing:
            existing[-1] = existing[-1].with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
        changed = closure.with_changes(params=params.with_changes(params=[*existing, added]))
        return [(closure, changed)]


def _random_op_called(model: ModuleModel, call: cst.Call) -> str | None:
    """The name of the TF or Keras random op ``call`` calls (``tf.random.normal``,
    ``keras.random.normal``), if it is one."""
    name = model.call_name(call)
    if knowledge.seeded_random_op(name):
        return name
    # every function of the `keras.random` namespace draws (its one class is SeedGenerator)
    keras_name = keras3_name(name)
    if (
        keras_name is not None
        and keras_name.path.startswith("random.")
        and keras_name.path.rsplit(".", 1)[-1][:1].islower()
    ):
        return name
    return None


class RandomTensorDrawnAtModelBuild(Rule):
    id = "TF607"
    name = "random-tensor-drawn-at-model-build"
    category = "stale-capture"
    severity = "warning"
    message = (
        "a random op runs once while a functional Keras model is built: the model keeps that "
        "one draw as a constant"
    )
    rationale = """
        A functional Keras model is built by running Python once on symbolic Keras tensors.
        A TensorFlow or Keras random op called there with a fixed shape (`tf.random.normal((1,
        2))`, `keras.random.normal((latent_dim,))`) is not a layer: it runs eagerly, right
        then, and draws one concrete tensor, which the arithmetic with a Keras tensor
        (`z_mean + tf.exp(0.5 * z_log_var) * eps`) stores in the model as a constant. Every
        call, every batch and every sample then gets the same "noise" (under TF 2.21, Keras
        3.15 and tf-keras alike: two calls give identical outputs, and all rows of a batch
        get the same draw), so a VAE's sampling step or a noise-injection model does not
        sample. Draw the noise inside a layer's `call` (a `Sampling` layer, or a `Lambda`)
        from the shape of its input: `keras.random.normal(ops.shape(z_mean), seed=self.seed)`
        in Keras 3, `tf.random.normal(tf.shape(z_mean))` in `call`; or use
        `keras.layers.GaussianNoise`. Reported where the draw's result meets a Keras tensor
        (directly or through a name bound to the draw) in arithmetic, in a merge layer's or
        a `keras.ops` function's arguments (`Add()([z_mean, eps])`), or in a `Lambda` whose
        function reads it, outside any traced code; a draw whose shape comes from the Keras tensor is another finding (it
        fails under Keras 3).
    """

    def visit_Module(self, node: cst.Module) -> None:
        # Whether the module shows a Keras tensor and calls a random op: most modules do
        # neither, and the Keras-tensor questions below are asked of every operation and call
        # otherwise. The Keras tensors first: that answer is shared with other rules.
        model = self.model
        self._on = may_hold_keras_tensors(model) and any(
            _random_op_called(model, c) for c in model.nodes_of(cst.Call)
        )

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        context, model = self.context, self.model
        if not self._on or context.in_traced_code:
            return
        scope = context.scope
        for drawn, other in ((node.left, node.right), (node.right, node.left)):
            draw = self._draw(drawn, scope)
            if draw is None or not keras_tensor(model, scope, other):
                continue
            if self._shaped_by_keras_tensor(draw, scope):
                return  # a shape from the Keras tensor: not a fixed draw
            op = _random_op_called(model, draw)
            self.report(
                draw,
                f"`{_short_op(op)}` runs once, while the functional model is built: its one "
                f"draw is combined with the Keras tensor `{code(other)}` and kept as a constant, "
                "so every call adds the same values; draw inside a layer's `call` (a sampling "
                "layer) from the input's shape",
                because=[(f"the draw meets the Keras tensor `{code(other)}` here", node)],
            )
            return

    def visit_Call(self, node: cst.Call) -> None:
        """``keras.layers.Add()([z_mean, eps])``, ``keras.ops.add(z_mean, eps)``, a ``Lambda``
        applied to ``[z_mean, z_log_var, eps]``: the draw handed in beside a Keras tensor."""
        context, model = self.context, self.model
        if not self._on or context.in_traced_code:
            return
        scope = context.scope
        if self._lambda_reads_draw(node, scope):
            return
        values: list[cst.BaseExpression] = []
        for arg in node.args:
            value = arg.value
            if isinstance(value, (cst.List, cst.Tuple)):
                values += [e.value for e in value.elements]
            else:
                values.append(value)
        tensors = [v for v in values if keras_tensor(model, scope, v)]
        if not tensors:
            return
        for value in values:
            draw = self._draw(value, scope) if value not in tensors else None
            if draw is None or self._shaped_by_keras_tensor(draw, scope):
                continue
            self.report(
                draw,
                f"`{_short_op(_random_op_called(model, draw))}` runs once, while the functional model "
                f"is built: its one draw is handed to `{short(node.func)}` beside the Keras tensor "
                f"`{code(tensors[0])}` and kept as a constant, so every call adds the same "
                "values; draw inside a layer's `call` (a sampling layer) from the input's shape",
                because=[(f"the draw meets the Keras tensor `{code(tensors[0])}` here", node)],
            )
            return

    def _lambda_reads_draw(self, node: cst.Call, scope: Scope | None) -> bool:
        """``keras.layers.Lambda(lambda t: t + eps)``: the lambda reads a name bound to a draw
        made while the model is built; each call of the layer reuses that one draw."""
        model = self.model
        if not is_keras(model.call_name(node), "Lambda") or not node.args:
            return False
        function = node.args[0].value
        if not isinstance(function, cst.Lambda):
            return False
        params = {p.name.value for p in function.params.params}
        for name in _names_in(function.body):
            if name.value in params:
                continue
            draw = self._draw(name, scope)
            if draw is None or self._shaped_by_keras_tensor(draw, scope):
                continue
            self.report(
                draw,
                f"`{_short_op(_random_op_called(model, draw))}` runs once, while the functional "
                f"model is built: the `Lambda` layer reads its one draw through `{name.value}` on "
                "every call, so every call adds the same values; draw inside the lambda (or a "
                "layer's `call`) from the input's shape",
                because=[(f"the `Lambda` reads `{name.value}` here", name)],
            )
            return True
        return False

    def _shaped_by_keras_tensor(self, draw: cst.Call, scope: Scope | None) -> bool:
        model = self.model
        return any(
            keras_tensor(model, scope, arg.value)
            or any(keras_tensor(model, scope, n) for n in _names_in(arg.value))
            for arg in draw.args
        )

    def _draw(self, expr: cst.BaseExpression, scope: Scope | None) -> cst.Call | None:
        model = self.model
        if isinstance(expr, cst.BinaryOperation):  # `eps * 0.1`: the draw, scaled
            for side in (expr.left, expr.right):
                if not keras_tensor(model, scope, side):
                    found = self._draw(side, scope)
                    if found is not None:
                        return found
            return None
        if isinstance(expr, cst.Call):
            return expr if _random_op_called(model, expr) else None
        if isinstance(expr, cst.Name):
            values = model.bound_values(expr, scope)
            if len(values) == 1 and isinstance(values[0], cst.Call):
                return values[0] if _random_op_called(model, values[0]) else None
        return None


def _names_in(expr: cst.BaseExpression) -> list[cst.Name]:
    found: list[cst.Name] = []
    walk(expr, lambda n: found.append(n) if isinstance(n, cst.Name) else None)
    return found


def _short_op(name: str | None) -> str:
    """``tensorflow.random.normal`` -> ``tf.random.normal``."""
    if name and name.startswith("tensorflow."):
        return "tf." + name.removeprefix("tensorflow.")
    return name or "a random op"

"""Retracing: calls and constructions that make a `tf.function` trace again and again."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from tf2lint.analysis import knowledge
from tf2lint.analysis.changes import changed_number_attribute, returns_python_number
from tf2lint.analysis.kinds import Kind
from tf2lint.analysis.model import (
    BindingSite,
    CallSite,
    ClassInfo,
    FunctionInfo,
    ModuleModel,
    Scope,
    SiteKind,
    input_signature,
)
from tf2lint.analysis.scopes import passed_argument
from tf2lint.analysis.tensors import converted_loop, reaching_values
from tf2lint.analysis.tracing import (
    is_tf_function_call,
    root_reason,
    runs_once,
    tf_function_decorator,
    traced_target,
)
from tf2lint.analysis.walk import children, contains, walk
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule, def_head
from tf2lint.rules.common import CONSTRUCTORS, code, is_python_literal, short


class Varying(NamedTuple):
    """A Python value that changes between calls: in words, and the binding that changes it."""

    description: str
    changed_at: cst.CSTNode


def varying_python_value(
    model: ModuleModel, value: cst.BaseExpression, scope: Scope, loops: Sequence[cst.CSTNode]
) -> Varying | None:
    """Describe ``value`` if it is a Python number or string that takes a new value on each
    iteration of one of ``loops``: a loop variable over ``range()`` or a literal list, a counter
    (``step += 1``, also in a ``while``), a value decayed in the loop (``lr *= 0.9``), or
    arithmetic, ``min``/``max``/``round`` or an f-string of them."""
    if not loops:
        return None
    schedule = _schedule_call(model, value, scope, loops) or _file_name(model, value, scope, loops)
    if schedule is not None:
        return schedule
    if not model.is_python_scalar(value, scope):
        return None
    if isinstance(value, cst.Name):
        return _varying_name(model, value.value, scope, loops, set())
    for name in sorted(names_in(model, value)):
        found = _varying_name(model, name, scope, loops, set())
        if found:
            return Varying(f"`{short(value)}` (computed in Python from `{name}`)", found.changed_at)
    return None


def _schedule_call(
    model: ModuleModel, value: cst.BaseExpression, scope: Scope, loops: Sequence[cst.CSTNode]
) -> Varying | None:
    """``cosine_lr(epoch)`` (or a name bound to it once, in the loop): a module function that
    returns a Python number, called with a value that changes on each iteration."""
    if isinstance(value, cst.Name):
        sites = model.lookup(value.value, scope).sites
        if (
            len(sites) != 1
            or sites[0].kind != SiteKind.ASSIGN
            or not isinstance(sites[0].value, cst.Call)
            or not any(model.inside(sites[0], loop) for loop in loops)
        ):
            return None
        found = _schedule_call(model, sites[0].value, scope, loops)
        return (
            Varying(f"`{value.value}` ({found.description})", found.changed_at) if found else None
        )
    if not isinstance(value, cst.Call) or not returns_python_number(model, value, scope):
        return None
    for arg in value.args:
        found = varying_python_value(model, arg.value, scope, loops)
        if found is not None:
            return Varying(
                f"`{short(value)}` (a Python number returned for {found.description})",
                found.changed_at,
            )
    return None


# Python's standard library: calls that list a folder's entries as Python strings, and calls
# that make a new Python string from the ones they are given.
_FILE_NAME_LISTS = frozenset({"os.listdir", "glob.glob", "glob.iglob"})
_STRING_FROM_STRINGS = frozenset({"os.path.join", "os.path.basename", "os.path.abspath"})
_ORDERING = frozenset({"builtins.sorted", "builtins.list", "builtins.reversed"})


def _file_name(
    model: ModuleModel, value: cst.BaseExpression, scope: Scope, loops: Sequence[cst.CSTNode]
) -> Varying | None:
    """A Python string naming a different file on each iteration: the loop variable over
    ``os.listdir(...)`` or ``glob.glob(...)`` (sorted or not), or ``os.path.join`` of one. A
    ``tf.function`` keys its traces on Python strings by value: one trace per file."""
    if isinstance(value, cst.Call):
        if model.call_name(value) not in _STRING_FROM_STRINGS:
            return None
        for arg in value.args:
            found = None if arg.star else _file_name(model, arg.value, scope, loops)
            if found is not None:
                return Varying(
                    f"`{short(value)}` (built from {found.description})", found.changed_at
                )
        return None
    if not isinstance(value, cst.Name):
        return None
    sites = model.lookup(value.value, scope).sites
    if len(sites) != 1 or not any(model.inside(sites[0], loop) for loop in loops):
        return None
    site = sites[0]
    if site.kind == SiteKind.ASSIGN and site.value is not None:
        found = _file_name(model, site.value, scope, loops)
        return (
            Varying(f"`{value.value}` ({found.description})", found.changed_at) if found else None
        )
    if site.kind != SiteKind.LOOP or site.index is not None or site.value is None:
        return None
    listed = site.value
    while isinstance(listed, cst.Call) and model.call_name(listed) in _ORDERING and listed.args:
        listed = listed.args[0].value
    if isinstance(listed, cst.Call) and model.call_name(listed) in _FILE_NAME_LISTS:
        return Varying(
            f"`{value.value}`, a file name `{short(listed.func)}` lists (a new string on each "
            "iteration)",
            site.node,
        )
    return None


def _varying_name(
    model: ModuleModel, name: str, scope: Scope, loops: Sequence[cst.CSTNode], seen: set[str]
) -> Varying | None:
    if name in seen:
        return None
    seen.add(name)
    for site in model.lookup(name, scope).sites:
        if not any(model.inside(site, loop) for loop in loops):
            continue
        if site.kind in (SiteKind.LOOP, SiteKind.COMPREHENSION):
            return Varying(f"the Python loop variable `{name}`", site.node)
        if site.kind == SiteKind.AUGASSIGN:
            return Varying(f"`{name}` (a Python number the loop changes)", site.node)
        if site.kind == SiteKind.ASSIGN and site.value is not None:
            for inner in sorted(names_in(model, site.value)):
                if inner == name or _varying_name(model, inner, scope, loops, seen):
                    return Varying(
                        f"`{name}` (computed in Python from `{inner}` in the loop)", site.node
                    )
    return None


def names_in(model: ModuleModel, node: cst.CSTNode) -> set[str]:
    """Names read in a small Python expression: arithmetic, the arguments of builtins that
    return numbers (``min``, ``max``, ``round``...), the fields of an f-string."""
    out: set[str] = set()
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, cst.Name):
            out.add(n.value)
        elif isinstance(n, cst.BinaryOperation):
            todo += [n.left, n.right]
        elif isinstance(n, cst.UnaryOperation):
            todo.append(n.expression)
        elif isinstance(n, cst.Comparison):  # a Python bool: `epoch % 2 == 0`
            todo += [n.left, *(c.comparator for c in n.comparisons)]
        elif isinstance(n, cst.Call) and model.is_scalar_builtin(n):
            todo += [a.value for a in n.args if not a.star]
        elif isinstance(n, cst.FormattedString):
            todo += [
                part.expression
                for part in n.parts
                if isinstance(part, cst.FormattedStringExpression)
            ]
        elif isinstance(n, cst.ConcatenatedString):
            todo += [n.left, n.right]
    return out


def _varying_in_container(
    model: ModuleModel, value: cst.BaseExpression, scope: Scope, loops: Sequence[cst.CSTNode]
) -> Varying | None:
    """A dict, list or tuple display (or a name bound to one in the loop) holding a Python
    number or string that changes on each iteration: ``step(x, {"lr": lr})``. A tf.function
    keys its traces on the Python values inside nested arguments as on plain ones."""
    if not loops:
        return None
    if isinstance(value, cst.Name):
        sites = model.binding_of(value, scope).sites
        if (
            len(sites) != 1
            or sites[0].kind != SiteKind.ASSIGN
            or not any(model.inside(sites[0], loop) for loop in loops)
            or not isinstance(sites[0].value, (cst.Dict, cst.List, cst.Tuple))
        ):
            return None
        value = sites[0].value
    if isinstance(value, cst.Dict):
        items = [(e.key, e.value) for e in value.elements if isinstance(e, cst.DictElement)]
    elif isinstance(value, (cst.List, cst.Tuple)):
        items = [(None, e.value) for e in value.elements if isinstance(e, cst.Element)]
    else:
        return None
    for key, element in items:
        found = varying_python_value(model, element, scope, loops)
        if found is not None:
            where = f" (at {code(key)})" if key is not None else ""
            return Varying(f"{found.description}{where}, inside `{short(value)}`", found.changed_at)
    return None


def _bound_receiver(call: cst.Call, fn: FunctionInfo | None) -> bool:
    """Whether the call passes the receiver of ``fn`` itself (``obj.method(...)``, or an
    instance called: ``sampler(x)`` binds ``x`` to the parameter after ``self`` of
    ``__call__``), so that the first argument goes to the second parameter."""
    if fn is None or fn.cls is None:
        return False
    if not isinstance(call.func, cst.Name):
        return True
    return fn.name == "__call__" and call.func.value != fn.name


def _calls_in(model: ModuleModel, loop: cst.CSTNode, name: str) -> bool:
    """Whether code in ``loop`` (not in a function or class defined there) calls ``name``."""
    return any(
        read.role == "called" and any(around is loop for around in read.loops)
        for read in model.reads.get(name, ())
    )


# --- rules ----------------------------------------------------------------------------------


class PythonValueArgumentRetraces(Rule):
    id = "TF501"
    calls_in_traced_code = False
    name = "python-value-argument-retraces"
    category = "retracing"
    message = "a `tf.function` is called with Python numbers or strings that vary between calls"
    rationale = """
        A `tf.function` specialises its graph on the *value* of every Python argument: each new
        Python number or string is a new trace (slow: tracing costs far more than a call, and
        every trace keeps its graph alive). Passing the loop counter of `range()` or
        `enumerate()` (`train_step(batch, epoch)`), a hand-kept counter (`step += 1`, in a
        `for` or a `while`), a value decayed in Python (`lr *= 0.9`) or computed from any of
        them (`0.1 * 0.9 ** epoch`, `min(1.0, epoch / 10)`, `f"loss_{step}"`, or a Python
        schedule function of the module: `cosine_lr(epoch)`), a file name a folder listing
        gives (`for path in glob.glob("*.png"): load_image(path)`, `os.path.join(folder,
        name)` over `os.listdir`: one trace per file), or different
        literals at different call sites (`step(x, 10)` ... `step(x, 20)`) therefore traces once
        per value, also when the value reaches the function through `**kwargs` of a plain
        helper or by calling an object whose `__call__` is traced, or inside a dict, list or
        tuple built in the loop (`step(x, {"lr": lr})`): Python values nested in an argument
        are part of the trace key like plain ones. So does an attribute the object's own
        methods change between calls (`self._policy(obs, self.epsilon)` with `self.epsilon *=
        0.9` in the method that calls it, or in another method when the call is in a loop:
        instadeepai/Mava#346). The same number as a
        tensor traces once: pass `tf.constant(epoch)` (or keep it in a `tf.Variable`), or fix an
        `input_signature`. Calls of functions with an `input_signature` are not reported, nor
        different literals passed to a name bound more than once where it is called, nor
        different literals at calls made once each (two module-level calls trace once each, as
        any first call does): literals, bools among them (an on/off option, one graph per
        value), are reported where a call with one repeats (in a loop, or in a function a loop
        calls), also when a plain helper forwards its parameter to the `tf.function` and its
        callers pass the literals. Where the varying value is the seed of a
        `tf.random.set_seed(seed)` in the traced function, the finding is at that call: each
        new Python seed is a new trace, a tensor seed fails there (checked under TF 2.21), so
        seed once outside or pass the seed as a tensor to stateless random ops.
    """

    def visit_Module(self, node: cst.Module) -> None:
        # (function, parameter) -> literal code -> argument nodes
        self._literals: dict[tuple[int, str], dict[str, list[cst.CSTNode]]] = {}
        self._targets: dict[tuple[int, str], str] = {}
        self._repeated_keys: set[tuple[int, str]] = set()  # some call with a literal repeats
        self._forwarding: dict[int, cst.Call] = {}  # a helper's argument -> its tf.function call

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if context.in_traced_code or not node.args:
            return
        target = traced_target(self.model, node, context.scope)
        if target is None or target[2]:
            return
        label, fn, _ = target
        params = list(fn.params) if fn is not None else []
        if params and params[0] in ("self", "cls") and _bound_receiver(node, fn):
            params = params[1:]
        # a name bound more than once where the call stands (in a loop, a branch): calls of
        # it may reach other functions (a notebook's later cells are told apart by the model)
        redefined = (
            isinstance(node.func, cst.Name)
            and len(self.model.binding_of(node.func, context.scope).sites) > 1
        )
        for index, arg in enumerate(node.args):
            if arg.star == "**":
                self._forwarded_kwargs(node, arg.value, label, params)
            if arg.star:
                break
            slot = (
                arg.keyword.value
                if arg.keyword
                else (params[index] if index < len(params) else f"#{index}")
            )
            value = arg.value
            key = (id(fn) if fn is not None else hash(label), slot)
            if _python_literal(value):
                if redefined:
                    continue  # which definition each call reaches is not known here
                self._targets[key] = label
                self._literals.setdefault(key, {}).setdefault(code(value), []).append(value)
                if self._repeated(context.function, context.loops):
                    self._repeated_keys.add(key)
                continue
            self._forwarded_literals(node, value, key, label)
            found = varying_python_value(self.model, value, context.scope, context.loops)
            if found is None:
                found = _varying_in_container(self.model, value, context.scope, context.loops)
            if found is None:
                found = self._changed_attribute(value)
            if found is None:
                continue
            seeded = _seeds_with(self.model, fn, slot) if fn is not None else None
            if seeded is not None:
                # a tensor is no help there: the retrace is the cost of seeding per call
                self.report(
                    seeded,
                    f"`tf.random.set_seed({code(seeded.args[0].value)})` in traced `{label}` "
                    f"takes {found.description} for a seed on every call: each new Python seed "
                    "is a new trace, and a tensor seed fails there; seed once outside, or pass "
                    "the seed as a tensor to stateless ops (`tf.random.stateless_normal(shape, "
                    "seed=...)`)",
                    because=[
                        (f"`{label}` is called with a new seed here", value),
                        ("it takes a new Python value here on every iteration", found.changed_at),
                    ],
                    traced_in=fn,
                )
                continue
            self.report(
                value,
                f"`{label}` is traced again for every value of {found.description} passed "
                f"as `{slot}`; pass it as a tensor (`tf.constant(...)`)",
                because=[("it takes a new Python value here on every iteration", found.changed_at)],
            )

    def _repeated(self, fn: FunctionInfo | None, loops: Sequence[cst.CSTNode]) -> bool:
        """Whether code in ``fn`` with ``loops`` around it runs again and again: in a loop, or
        in a function the module calls in a loop (or another function's loop calls)."""
        if loops:
            return True
        if fn is None or runs_once(fn):
            return False
        return any(
            site.callee is fn and (site.loops or self._repeated(site.caller, ()))
            for site in self.model.call_sites
            if site.caller is not fn
        )

    def _forwarded_literals(
        self, call: cst.Call, value: cst.BaseExpression, key: tuple, label: str
    ) -> None:
        """``preprocess(batch, augment=training)`` in a plain helper ``batches(data,
        training)``: the literals the helper's callers pass for ``training`` reach the
        tf.function, one trace each."""
        outer = self.context.function
        if outer is None or outer.traced or not isinstance(value, cst.Name):
            return
        model = self.model
        if not model.binding_of(value, self.context.scope).param_only:
            return
        if value.value not in outer.params or value.value in ("self", "cls"):
            return
        for site in model.call_sites:
            if site.callee is not outer:
                continue
            passed = site.argument(value.value)
            if passed is None or not _python_literal(passed):
                continue
            self._targets[key] = label
            self._literals.setdefault(key, {}).setdefault(code(passed), []).append(passed)
            self._forwarding[id(passed)] = call
            if self.context.loops or self._repeated(site.caller, site.loops):
                self._repeated_keys.add(key)

    def _changed_attribute(self, value: cst.BaseExpression) -> Varying | None:
        """``self.<attr>``, a Python number the class's own code changes between calls
        (``self.epsilon *= 0.9`` in the method that makes the call, or in any method when the
        call is in a loop): each change is a new value, so a new trace."""
        if not (
            isinstance(value, cst.Attribute)
            and isinstance(value.value, cst.Name)
            and value.value.value == "self"
        ):
            return None
        function = self.context.function
        if function is None or function.cls is None:
            return None
        change = changed_number_attribute(self.model, function.cls, value.attr.value)
        if change is None:
            return None
        changer = self.model.scope_of(change.target.value).function
        if not self.context.loops and changer is not function:
            return None  # nothing here shows calls on both sides of a change
        return Varying(
            f"`self.{value.attr.value}` (a Python number `{changer.name}` changes)", change
        )

    def _forwarded_kwargs(
        self, call: cst.Call, forwarded: cst.BaseExpression, label: str, params: list[str]
    ) -> None:
        """``f(x, **kwargs)`` in a plain function ``outer(x, **kwargs)``: a keyword argument
        that a caller of ``outer`` passes from its loop reaches the tf.function unchanged."""
        outer = self.context.function
        if outer is None or outer.traced or not isinstance(forwarded, cst.Name):
            return
        star = getattr(outer.node, "params", None)
        star = star.star_kwarg if star is not None else None
        if not isinstance(star, cst.Param) or star.name.value != forwarded.value:
            return
        model = self.model
        if any(
            s.kind != SiteKind.PARAM
            for s in model.lookup(forwarded.value, self.context.scope).sites
        ):
            return  # rebound or changed before it is forwarded
        named = set(outer.params) - {star.name.value}
        for site in model.call_sites:
            if (
                site.callee is not outer
                or not site.loops
                or (site.caller is not None and site.caller.traced)
            ):
                continue
            for arg in site.call.args:
                if arg.keyword is None or arg.star or arg.keyword.value in named:
                    continue
                slot = arg.keyword.value
                if params and slot not in params:
                    continue
                found = varying_python_value(model, arg.value, site.scope, site.loops)
                if found is not None:
                    self.report(
                        arg.value,
                        f"`{label}` is traced again for every value of {found.description} "
                        f"passed as `{slot}` (through `**{forwarded.value}` of "
                        f"`{outer.qualname}`); pass it as a tensor (`tf.constant(...)`)",
                        because=[
                            (
                                "it takes a new Python value here on every iteration",
                                found.changed_at,
                            ),
                            (f"`{outer.name}` forwards it to `{label}` here", call),
                        ],
                    )

    def leave_Module(self, node: cst.Module) -> None:
        for key, by_value in self._literals.items():
            if len(by_value) < 2 or key not in self._repeated_keys:
                continue  # calls made once each trace once each, as any first call does
            label, slot = self._targets[key], key[1]
            shown = ", ".join(sorted(by_value)[:4])
            for literal, nodes in by_value.items():
                others = [
                    (f"`{slot}` is {other} here", other_nodes[0])
                    for other, other_nodes in by_value.items()
                    if other != literal
                ]
                for value in nodes:
                    forwarding = self._forwarding.get(id(value))
                    through = [(f"it reaches `{label}` here", forwarding)] if forwarding else []
                    self.report(
                        value,
                        f"`{label}` is called with {len(by_value)} different Python values for "
                        f"`{slot}` ({shown}): one trace each; pass a tensor",
                        because=others + through,
                    )


def _python_literal(node: cst.BaseExpression) -> bool:
    """A number, string or bool literal: a Python value a tf.function keys its traces on."""
    return is_python_literal(node) or (
        isinstance(node, cst.Name) and node.value in ("True", "False")
    )


def _seeds_with(model: ModuleModel, fn: FunctionInfo, param: str) -> cst.Call | None:
    """The ``tf.random.set_seed(param)`` call ``fn``'s own code makes, if any."""
    for call in fn.calls:
        if (
            model.call_name(call) == "tensorflow.random.set_seed"
            and call.args
            and isinstance(call.args[0].value, cst.Name)
            and call.args[0].value.value == param
        ):
            return call
    return None


class TfFunctionCreatedInLoop(Rule):
    id = "TF502"
    name = "tf-function-created-in-loop"
    category = "retracing"
    message = "a `tf.function` is created inside a loop and called there: it traces every time"
    rationale = """
        Each `tf.function(...)` call (or each execution of a `@tf.function` def) makes a new
        function object with an empty trace cache, so creating one inside a loop and calling it
        traces on every iteration: the graph is never reused, and the loop is slower than plain
        eager code. Create the `tf.function` once, before the loop, and call it inside.
        Functions made in a loop only to be stored (`fns[k] = tf.function(f)`) are not
        reported. The same holds for TF functions that, called eagerly, trace the function
        they are given into a graph function of their own on every call (`tf.vectorized_map`,
        from the knowledge base): called in a loop outside traced code, every iteration traces
        `fn` again, and TensorFlow warns of frequent retracing. Call them inside one
        `tf.function` defined before the loop, which traces once per input shape.
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if context.in_traced_code or not context.loops:
            return
        name = self.model.call_name(node)
        if not knowledge.traces_per_eager_call(name) or not _often(self.model, context.loops):
            return
        self.report(
            node,
            f"`{short(node.func)}` called eagerly traces its function into a new graph function "
            "on every call, and this loop calls it on every iteration: a new trace each time; "
            "call it inside a `tf.function` defined before the loop",
        )

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        fn = self.model.function_of[node]
        if not fn.defined_in or (fn.outer is not None and fn.outer.traced):
            return
        if tf_function_decorator(self.model, fn) is None:
            return
        if _calls_in(self.model, fn.defined_in[-1], fn.name):
            head, through = def_head(node)
            self.report(
                head,
                f"`@tf.function` `{fn.name}` is defined inside a loop and called there: a new "
                "function, and a new trace, on every iteration; define it before the loop",
                through=through,
            )

    def visit_Assign(self, node: cst.Assign) -> None:
        loops = self.context.loops
        if not loops or self.context.in_traced_code:
            return
        if not is_tf_function_call(self.model, node.value) or len(node.targets) != 1:
            return
        target = node.targets[0].target
        if isinstance(target, cst.Name) and _calls_in(self.model, loops[-1], target.value):
            self.report(
                node.value,
                f"`{target.value} = tf.function(...)` inside a loop makes a new function, and "
                "a new trace, on every iteration; create it before the loop",
            )


class TfFunctionAppliedAndCalled(Rule):
    id = "TF503"
    calls_in_traced_code = False
    name = "tf-function-applied-and-called"
    category = "retracing"
    message = "`tf.function(f)(...)` creates and traces a new function on every execution"
    rationale = """
        `tf.function(f)(x)` wraps `f` in a new `tf.function` and calls it at once. The new
        function has an empty trace cache, so every execution of that expression traces `f`
        again and throws the graph away: all the cost of graph building, none of the reuse.
        Create the function once (`fast_f = tf.function(f)` at module level, in `__init__`, or
        with `@tf.function` on the def) and call `fast_f(x)`. In code that runs once (module
        level, `main`, tests) it is reported only when it repeats: in a loop, or the same
        function wrapped and called more than once.
    """

    def visit_Module(self, node: cst.Module) -> None:
        # (id of the once-only function, wrapped code) -> the repeated calls
        self._once: dict[tuple[int, str], list[cst.Call]] = {}

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        context = self.context
        if type(func) is not cst.Call or context.in_traced_code:  # at every call: no isinstance
            return
        if not is_tf_function_call(self.model, func):
            return
        fn = context.function
        if not runs_once(fn):
            self.report(
                node,
                "`tf.function(...)(...)` builds and traces a new function on every call of "
                f"`{fn.qualname}`; create the tf.function once and reuse it",
                gap=_fresh_each_call(self.model, fn, func),
            )
        elif context.loops:
            self.report(
                node,
                "`tf.function(...)(...)` in a loop builds and traces a new function on every "
                "iteration; create the tf.function once, before the loop",
            )
        else:
            key = (id(fn), short(func.args[0].value))
            self._once.setdefault(key, []).append(node)

    def leave_Module(self, node: cst.Module) -> None:
        for (_, wrapped), calls in self._once.items():
            for call in calls[1:]:
                self.report(
                    call,
                    f"`tf.function({wrapped})` is built and traced again here: each "
                    "`tf.function(...)(...)` is a new function; create it once and reuse it",
                )


def _fresh_each_call(model: ModuleModel, fn: FunctionInfo, wrap: cst.Call) -> str | None:
    """Why nothing may be reused when ``fn`` wraps its parameter ``f`` (``tf.function(f)(x)``):
    each call may hand it another function, which needs its own trace anyway. None when a
    caller in the module hands it functions in a loop (the same one again, each iteration)."""
    wrapped = wrap.args[0].value
    if not isinstance(wrapped, cst.Name) or wrapped.value not in fn.params:
        return None
    if not model.binding_of(wrapped, fn).param_only:
        return None
    for site in model.call_sites:
        if site.callee is fn and site.loops:
            return None
    return (
        f"`{fn.qualname}` wraps the function it is handed, and no caller in the module hands it "
        "one again: each call may bring another function, traced once whatever the wrapping"
    )


class NestedTfFunctionPerCall(Rule):
    id = "TF504"
    name = "nested-tf-function-per-call"
    category = "retracing"
    message = "a `@tf.function` defined inside a function is traced again on every outer call"
    rationale = """
        A `@tf.function` def (or `g = tf.function(f)`) inside an ordinary function makes a new
        function object on every call of that function, and calling it there traces it every
        time: when the outer function is itself called repeatedly (from a loop or a
        comprehension), no graph is ever reused. Reported when the module calls the outer
        function repeatedly (in a loop, or from more than one place) and in an object's method
        (an agent's `act`, called on every step, wherever its caller is); with `--preview` also
        when nothing in the module calls a plain function again (a library's or a notebook's
        function: it may be called once) and in a Keras `call`, which Keras traces once but
        which makes the function anew on each eager call of the layer. A helper handed to
        Python's timers (`timeit.timeit(lambda: helper(x), number=100)`, a million calls by
        default; any count from two: each repetition then times a new trace) is called
        repeatedly too, and so is one handed to a runner of the module that calls it in a loop
        or is itself called in one (a benchmark's `timed(graph_mode)` per repetition). Inside a
        `tf.function` it is made once per trace of that function, and not reported. A driver that calls the inner function in its own loop reuses the
        trace within one call but traces again on the next: it is reported when it is itself
        called in a loop that runs at least as often as TensorFlow's retracing warning needs
        (five times, or an unknown number of times). A factory that builds the function once
        and returns or stores it is fine, and so is a step over a Keras model, layer or optimizer
        the outer function creates on each call (`model = MyModel(strength)`, then
        `@tf.function def train_step`): one hoisted tf.function would build a new model's
        variables on a later call, which TF 2.21 refuses (ValueError: variables created on a
        non-first call), or trace again for each new model handed in, so each call's trace is
        the cost of its new model (a plain `tf.Variable` made per call is still reported:
        handed to one hoisted tf.function as an argument, a new variable reuses its trace). Hoist
        the `tf.function` to module level or `__init__`, or cache it (`self._step = ...`).
    """

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        fn = self.model.function_of[node]
        if fn.defined_in:
            return  # in a loop: TF502's finding
        outer = fn.outer
        if outer is None:
            return
        if tf_function_decorator(self.model, fn) is None and not _new_tf_function_decorator(
            self.model, fn
        ):
            return
        if _closes_over_new_state(self.model, outer, fn):
            return
        self._check(*def_head(node), fn.name, outer)

    def visit_Assign(self, node: cst.Assign) -> None:
        outer = self.context.function
        if self.context.loops or outer is None or len(node.targets) != 1:
            return
        target = node.targets[0].target
        if is_tf_function_call(self.model, node.value) and isinstance(target, cst.Name):
            self._check(node.value, None, target.value, outer)

    def _check(
        self, where: cst.CSTNode, through: cst.CSTNode | None, name: str, outer: FunctionInfo
    ) -> None:
        model = self.model
        if outer.traced:
            root = root_reason(outer)
            if root is None or root.kind in ("decorator", "wrapped", "dataset"):
                return  # made once per trace of a tf.function, whose calls reuse the graph
        if _escapes(model, outer, name):
            return  # a factory: returns or stores the function
        calls = [
            read
            for read in model.reads.get(name, ())
            if _in_own_code(read.function, outer)
            and (
                read.role == "called"
                or (read.role == "argument" and _only_calls_it(model, read.holder, read.node))
            )
        ]
        if not calls:
            return
        sites = [site for site in model.call_sites if site.callee is outer]
        repeated = [site for site in sites if site.loops]
        if not repeated:
            runner = _run_in_a_loop_by(model, outer) or _timed_by(model, outer)
            if runner is not None:
                if not any(read.loops for read in calls):
                    self.report(
                        where,
                        f"`{name}` is a new tf.function on every call of `{outer.qualname}`, "
                        f"which `{runner.name}` calls in a loop: it is traced every time; "
                        "create it once outside and reuse it",
                        because=[
                            (f"`{outer.name}` is handed to `{runner.name}` here", runner.handed),
                            (f"`{runner.name}` calls it in a loop here", runner.loop_call),
                        ],
                        through=through,
                    )
                return
        if not any(read.loops for read in calls):
            message = (
                f"`{name}` is a new tf.function on every call of `{outer.qualname}`, which the "
                "module calls repeatedly: it is traced every time; create it once outside and "
                "reuse it"
            )
            if repeated:
                because = [(f"`{outer.name}` is called in a loop here", repeated[0].call)]
                self.report(where, message, because=because, through=through)
            elif len(sites) > 1 and not outer.traced:
                because = [(f"`{outer.name}` is called here", site.call) for site in sites]
                self.report(where, message, because=because, through=through)
            elif outer.name not in CONSTRUCTORS and not runs_once(outer):
                # each call makes and traces it anew; nothing here shows a second call: the
                # caller may be a library's user, a notebook's later cell, or eager Keras code
                self.report(
                    where,
                    through=through,
                    message=f"`{name}` is a new tf.function on every call of `{outer.qualname}`: each "
                    "call traces it again; create it once outside and reuse it",
                    gap=None
                    if outer.cls is not None and not outer.traced  # a method: called again
                    else _ONE_CALL_GAP.format(outer=outer.name)
                    if not outer.traced
                    else _TRACED_OUTER_GAP.format(outer=outer.name),
                )
            return
        # A driver: its own loop reuses the trace, but every call of it traces once more. Said
        # only when it is called often enough for TensorFlow to warn of frequent retracing.
        often = [site for site in repeated if _repeats(model, site.loops) is None]
        often += [s for s in repeated if (_repeats(model, s.loops) or 0) >= FREQUENT_TRACING]
        if often:
            self.report(
                where,
                through=through,
                message=f"`{name}` is a new tf.function on every call of `{outer.qualname}`, which the "
                "module calls in a loop: its loop reuses the trace, but each call of "
                f"`{outer.name}` traces it again; create it once outside and reuse it",
                because=[(f"`{outer.name}` is called in a loop here", often[0].call)],
            )


# What a tf.function creates variables in, or holds them: a new one of these per call of the outer
# function cannot share one hoisted tf.function (TF 2.21: the second model's variables, created
# on a non-first call, raise ValueError; handed in as an argument, each new object is a new
# trace), so each call's new trace is the fix's own cost. Not a plain `tf.Variable`: handed to
# one hoisted tf.function as an argument, a new variable of the same shape reuses its trace.
_STATEFUL_KINDS = frozenset({"model", "layer", "optimizer"})


def _closes_over_new_state(model: ModuleModel, outer: FunctionInfo, fn: FunctionInfo) -> bool:
    """Whether ``fn`` (a tf.function made in ``outer``) reads a local of ``outer`` that holds a
    Keras model, layer or optimizer, which ``outer`` creates on each call
    (``model = MyModel(strength)``, then ``@tf.function def train_step``): hoisting the
    tf.function would hand it the variables of a new model on a later call."""
    scope = model.scope_at.get(id(outer.node))
    if scope is None:
        return False
    for name, sites in scope.bindings.items():
        if not any(read.within(fn) for read in model.reads.get(name, ())):
            continue
        for site in sites:
            if site.kind != SiteKind.ASSIGN or not isinstance(site.value, cst.Call):
                continue
            found = model.kind_of(site.value, scope)
            if found is not None and found.kind in _STATEFUL_KINDS:
                return True
    return False


def _new_tf_function_decorator(model: ModuleModel, fn: FunctionInfo) -> FunctionInfo | None:
    """The ``@tf.function`` def inside a decorator of the module that ``fn`` is decorated
    with, when that decorator returns a new one wrapping what it decorates (``@graph_mode`` with
    ``def graph_mode(func): @tf.function def run(*a): return func(*a); return run``, or a
    factory ``@with_options(xla)`` returning such a decorator): decorating makes a new
    tf.function each time the def runs."""
    for decorator in fn.decorators:
        expr = decorator.decorator
        scope = model.scope_at.get(id(fn.node), model.scope)
        if isinstance(expr, cst.Call):  # a factory: what it returns is the decorator
            factory = model.callee(expr, fn.outer or model.scope)
            if factory is None:
                continue
            inner = [
                model.function_referenced(v, model.scope_at.get(id(factory.node)))
                for v in model.return_values(factory)
            ]
        else:
            inner = [model.function_referenced(expr, fn.outer or scope)]
        for wrapper in inner:
            made = _returned_tf_function(model, wrapper) if wrapper is not None else None
            if made is not None:
                return made
    return None


def _returned_tf_function(model: ModuleModel, wrapper: FunctionInfo) -> FunctionInfo | None:
    """A ``@tf.function`` def made inside ``wrapper`` that ``wrapper`` returns and that calls
    ``wrapper``'s first parameter (the decorated function)."""
    if not wrapper.params:
        return None
    func = wrapper.params[0]
    scope = model.scope_at.get(id(wrapper.node))
    for value in model.return_values(wrapper):
        made = model.function_referenced(value, scope)
        if made is None or made.outer is not wrapper:
            continue
        if tf_function_decorator(model, made) is None:
            continue
        if any(
            read.role == "called" and read.function is made for read in model.reads.get(func, ())
        ):
            return made
    return None


_ONE_CALL_GAP = (
    "nothing in the module calls `{outer}` more than once (its callers may be elsewhere: a "
    "library's users, a notebook's later cells)"
)
_TRACED_OUTER_GAP = (
    "`{outer}` is traced by Keras, which makes the tf.function once per trace; only its eager "
    "calls (the layer called outside any tf.function) make and trace it on every call"
)


def _escapes(model: ModuleModel, outer: FunctionInfo, name: str) -> bool:
    """Whether code in ``outer`` returns or yields ``name``, stores it in an attribute or a
    container, or passes it on."""
    for read in model.reads.get(name, ()):
        if not read.within(outer):
            continue
        holder = read.holder
        if read.role == "returned":
            return True
        if read.role == "assigned" and any(
            not isinstance(t.target, cst.Name) for t in holder.targets
        ):
            return True
        if read.role == "argument" and not (
            isinstance(holder.func, cst.Name) and holder.func.value == name
        ):
            if _only_calls_it(model, holder, read.node):
                continue  # a module function that calls what it is handed, and keeps nothing
            return True  # handed to something else (a runner, a cache, a loop helper)
    return False


class _Runner(NamedTuple):
    """What calls a function it is handed again and again: where the function (or a lambda
    calling it) is handed, the runner's name, and the call that repeats it."""

    handed: cst.CSTNode
    name: str
    loop_call: cst.CSTNode


def _handed(model: ModuleModel, outer: FunctionInfo) -> list[tuple[cst.CSTNode, cst.CSTNode]]:
    """Where ``outer`` is handed on as a value: the read of its name, or a call of it in a
    lambda; each with the node that is passed (the name, or the lambda)."""
    out: list[tuple[cst.CSTNode, cst.CSTNode]] = [
        (read.node, read.node)
        for read in model.reads.get(outer.name, ())
        if read.role == "argument"
    ]
    for site in model.call_sites:
        if (
            site.callee is outer
            and site.caller is not None
            and isinstance(site.caller.node, cst.Lambda)
        ):
            out.append((site.call, site.caller.node))
    return out


def _run_in_a_loop_by(model: ModuleModel, outer: FunctionInfo) -> _Runner | None:
    """A module function (a benchmark's runner) that is handed ``outer``, or a lambda calling
    it, and calls what it is handed in a loop (of two iterations or more: a runner that repeats
    the callable it is given means to measure or retry the same work): where it is handed,
    the runner, and the call in the loop."""
    for node, passed in _handed(model, outer):
        for read in _arguments_handing(model, passed):
            runner = model.callee(read, None)
            if runner is None:
                continue
            param = _parameter_for(runner, read, passed)
            handing = [site for site in model.call_sites if site.call is read and site.loops]
            for use in model.reads.get(param or "", ()):
                if use.function is not runner or use.role != "called":
                    continue
                if use.loops and (_repeats(model, use.loops) or 2) >= 2:
                    return _Runner(node, runner.name, use.holder)
                if not use.loops and handing and (_repeats(model, handing[0].loops) or 2) >= 2:
                    # `timed(graph_mode)` in a loop: the runner calls it once per repetition
                    return _Runner(node, runner.name, read)
    return None


def _timed_by(model: ModuleModel, outer: FunctionInfo) -> _Runner | None:
    """Python's timers handed ``outer`` (or a lambda calling it): ``timeit.timeit(stmt,
    number=N)`` calls it N times (a million by default), ``timeit.repeat`` ``repeat`` times
    that, ``timeit.Timer`` whenever it is timed. Any count from two: a timer repeats a call to
    measure its steady cost, and each repetition here measures a new trace instead."""
    for node, passed in _handed(model, outer):
        for call in _arguments_handing(model, passed):
            name = model.call_name(call)
            if name not in _TIMERS:
                continue
            counts = {"number": 1_000_000, "repeat": 5 if name == "timeit.repeat" else 1}
            for arg in call.args:
                if arg.keyword is not None and arg.keyword.value in counts:
                    if not isinstance(arg.value, cst.Integer):
                        counts[arg.keyword.value] = FREQUENT_TRACING  # not known: often
                    else:
                        counts[arg.keyword.value] = int(arg.value.evaluated_value)
            if counts["number"] * counts["repeat"] >= 2:
                return _Runner(node, short(call.func), call)
    return None


def _arguments_handing(model: ModuleModel, passed: cst.CSTNode) -> list[cst.Call]:
    """The calls that take ``passed`` (a name read, or a lambda) as an argument."""
    return [
        node for node in model.nodes_of(cst.Call) if any(arg.value is passed for arg in node.args)
    ]


def _parameter_for(fn: FunctionInfo, call: cst.Call, passed: cst.CSTNode) -> str | None:
    params = list(fn.params)
    if params and params[0] in ("self", "cls") and isinstance(call.func, cst.Attribute):
        params = params[1:]
    for index, arg in enumerate(call.args):
        if arg.value is passed and not arg.star:
            if arg.keyword is not None:
                return arg.keyword.value
            return params[index] if index < len(params) else None
    return None


def _in_own_code(function: FunctionInfo | None, outer: FunctionInfo) -> bool:
    """Whether code in ``function`` runs as part of a call of ``outer``: ``outer`` itself, or a
    lambda written in it (``timeit.timeit(lambda: step(x))``)."""
    while function is not None and function is not outer:
        if not isinstance(function.node, cst.Lambda):
            return False
        function = function.outer
    return function is outer


# Python's timers: they call the function they are handed (`number` times) and keep nothing.
_TIMERS = frozenset({"timeit.timeit", "timeit.repeat", "timeit.Timer"})


def _only_calls_it(model: ModuleModel, call: cst.Call, passed: cst.CSTNode) -> bool:
    """Whether ``call`` hands ``passed`` to a module function whose parameter for it is only
    called there (``measure(step, x)`` with ``def measure(f, x): ... f(x)``), or to Python's
    timers, so that the function is called but neither stored nor returned."""
    if model.call_name(call) in _TIMERS:
        return True
    callee = model.callee(call, None)
    if callee is None:
        return False
    param = _parameter_for(callee, call, passed)
    if param is None:
        return False
    reads = [r for r in model.reads.get(param, ()) if r.function is callee]
    return bool(reads) and all(r.role == "called" for r in reads)


# TensorFlow warns of frequent retracing from this many traces of one function
# (`FREQUENT_TRACING_WARNING_THRESHOLD` in tensorflow/python/eager/polymorphic_function).
FREQUENT_TRACING = 5


def _repeats(model: ModuleModel, loops: Sequence[cst.CSTNode]) -> int | None:
    """How many times code inside ``loops`` runs, when every loop is a ``for`` over
    ``range(N)`` with a literal N or over a literal sequence; None when unknown."""
    total = 1
    for loop in loops:
        if not isinstance(loop, cst.For):
            return None
        it = loop.iter
        if isinstance(it, cst.Call) and model.call_name(it) == "builtins.range":
            if len(it.args) != 1 or not isinstance(it.args[0].value, cst.Integer):
                return None
            total *= int(it.args[0].value.evaluated_value)
        elif isinstance(it, (cst.List, cst.Tuple)):
            total *= len(it.elements)
        else:
            return None
    return total


class RecursiveTracedFunction(Rule):
    id = "TF505"
    requires_traced_code = True
    name = "recursive-traced-function"
    category = "retracing"
    message = "a `tf.function` calls itself recursively"
    rationale = """
        Tracing runs the Python body, so a recursive `tf.function` re-enters tracing: with a
        Python base case it traces a new graph for every depth (`fact(5)` traces `fact(4)`,
        `fact(3)`, ...), and with a tensor condition AutoGraph stages both branches and the
        recursion never ends. Write the recursion as a loop over tensors (`tf.while_loop`, or a
        `for i in tf.range(n)` that AutoGraph converts), or recurse in a plain Python helper
        that the `tf.function` calls once.
    """

    def visit_Call(self, node: cst.Call) -> None:
        fn = self.context.function
        if fn is None or not fn.traced:
            return
        callee = self.model.callee(node, self.context.scope)
        if callee is fn and tf_function_decorator(self.model, fn) is not None:
            self.report(
                node,
                f"`@tf.function` `{fn.name}` calls itself: each level of recursion is a new "
                "trace; rewrite it as a loop (`tf.while_loop` / `for i in tf.range(...)`)",
            )


class FreshObjectArgumentRetraces(Rule):
    id = "TF506"
    calls_in_traced_code = False
    name = "fresh-object-argument-retraces"
    category = "retracing"
    message = "a `tf.function` is called with a new Python object on every call"
    rationale = """
        `tf.function` keys its trace cache on plain Python objects by identity (a weak
        reference), not by their contents. Building a new instance of an ordinary class in a
        loop and passing it to the function (`step(x, Config(lr=0.1))`) therefore traces on
        every iteration, even when every instance holds the same values. Create the object once
        outside the loop, pass its tensor fields instead, or make the class a `tf.experimental
        .ExtensionType` (or give it `__tf_tracing_type__`). Dataclasses, named tuples, enums
        and classes defining `__eq__`/`__hash__` are traced by value and not reported. A
        method read from an instance (`run_epoch(model.step, x)`, `run(self.loss, x)`) is the
        same mistake: each read makes a new bound-method object (`model.step is not
        model.step`), so a loop that passes it traces on every iteration
        (tensorflow/tensorflow#31175; 6 traces in 6 epochs under TF 2.21). Read it once
        before the loop. Static and class methods, properties and decorated methods are not
        reported.
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.loops or context.in_traced_code or not node.args:
            return
        target = traced_target(self.model, node, context.scope)
        if target is None:
            return
        for arg in node.args:
            cls = self._fresh_instance(arg.value)
            if cls is not None:
                self.report(
                    arg.value,
                    f"a new `{cls}` is passed to `{target[0]}` on every iteration: tf.function "
                    "traces plain objects by identity, so each one is a new trace",
                )
                continue
            method = self._bound_method(arg.value)
            if method is not None:
                code = cst.Module(body=[]).code_for_node(arg.value)
                self.report(
                    arg.value,
                    f"`{code}` makes a new bound-method object each time it is read, so "
                    f"`{target[0]}` gets a new object on every iteration and traces again; read "
                    "it once, before the loop",
                    because=[
                        (f"`{method.name}` is a plain method of `{method.cls.name}`", method.node)
                    ],
                )

    def _bound_method(self, value: cst.BaseExpression) -> FunctionInfo | None:
        """The method ``value`` (``obj.method``, ``self.method``) reads from an instance of a
        module class: Python makes a new bound-method object on every such read, and
        tf.function keys plain callables by identity. Not a static or class method, a property,
        or a decorated method (a ``tf.function`` method is cached per instance)."""
        if not isinstance(value, cst.Attribute) or not isinstance(value.value, cst.Name):
            return None
        model, scope = self.model, self.context.scope
        owner = value.value.value
        classes = []
        function = self.context.function
        if owner == "self" and function is not None and function.cls is not None:
            classes.append(function.cls)
        else:
            for bound in model.lookup(owner, scope).values:
                if isinstance(bound, cst.Call) and isinstance(bound.func, cst.Name):
                    info = model.module_classes.get(bound.func.value)
                    if info is not None:
                        classes.append(info)
        for info in classes:
            method = info.methods.get(value.attr.value)
            if (
                method is not None
                and not method.node.decorators
                and value.attr.value not in (info.instance_sets)
            ):
                return method
        return None

    def _fresh_instance(self, value: cst.BaseExpression) -> str | None:
        model = self.model
        if isinstance(value, cst.Name):
            sites = model.lookup(value.value, self.context.scope).sites
            loop = self.context.loops[-1]
            if (
                len(sites) != 1
                or sites[0].kind != SiteKind.ASSIGN
                or not model.inside(sites[0], loop)
            ):
                return None
            value = sites[0].value
        if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Name):
            return None
        info = model.module_classes.get(value.func.value)
        if info is None or info.keras_kind or not _identity_traced(model, info):
            return None
        return info.name


def _identity_traced(model: ModuleModel, info) -> bool:
    """Whether tf.function traces instances of this module class by identity: a plain class,
    not a dataclass, named tuple, enum, ExtensionType, or a class with value equality."""
    todo, seen = [info], set()
    while todo:
        c = todo.pop()
        if id(c) in seen:
            continue
        seen.add(id(c))
        if c.node.decorators:
            return False
        if {"__eq__", "__hash__", "__tf_tracing_type__", "__tf_flatten__"} & set(c.methods):
            return False
        for base in c.base_names:
            if base in model.module_classes:
                todo.append(model.module_classes[base])
            elif base not in (None, "builtins.object"):
                return False  # NamedTuple, Enum, ExtensionType, tf.Module, unknown: not sure
    return True


# Model methods that run through a `tf.function` Keras makes once per model object (its
# `make_predict_function` / `make_test_function`), with the step each one traces.
_PER_MODEL_FUNCTIONS = {
    "predict": "predict_step",
    "predict_on_batch": "predict_step",
    "evaluate": "test_step",
    "test_on_batch": "test_step",
}


class NewModelPredictPerCall(Rule):
    id = "TF507"
    calls_in_traced_code = False
    call_names = frozenset(_PER_MODEL_FUNCTIONS)
    name = "new-model-predict-per-call"
    category = "retracing"
    message = "a Keras model built anew on every call or iteration is `predict`ed or `evaluate`d"
    rationale = """
        Keras runs `predict` and `evaluate` through a `tf.function` it makes once per model
        object (`make_predict_function`, `make_test_function`). Building a new model (or loading
        one) on every iteration of a loop, or in a function called from a loop, and then
        predicting with it therefore traces a new graph every time: it is slow, every graph
        stays alive, and TensorFlow warns that `predict_function` "triggered tf.function
        retracing". Build the model once and reuse it; to use other weights, `set_weights` (or
        `load_weights`) on the one model. Reported only when the loop runs at least as often as
        TensorFlow's retracing warning needs (five times, or an unknown number of times), and
        not when the new model is also trained there (`fit`, or handed to another function that
        may train it): a fresh model per fold or trial is then the point. An object whose
        `__init__` builds the model (`self.model = build()`) and whose method predicts with it
        (a classifier per video) is reported where it is constructed again and again.
    """

    def visit_Module(self, node: cst.Module) -> None:
        self._reported: set[int] = set()  # ids of the constructions already reported

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        context = self.context
        if (
            context.in_traced_code
            or not isinstance(func, cst.Attribute)
            or func.attr.value not in _PER_MODEL_FUNCTIONS
        ):
            return
        model, receiver = self.model, func.value
        if _PER_MODEL_FUNCTIONS[func.attr.value] not in knowledge.traced_methods("model"):
            return
        if isinstance(receiver, cst.Attribute):
            self._built_per_object(node, receiver)
            return
        if not isinstance(receiver, (cst.Name, cst.Call)):
            return
        built = self._built(receiver, context.scope)
        if built is None:
            return
        if isinstance(receiver, cst.Name) and _trains(model, context.function, receiver.value):
            return
        method = f"`{short(receiver, 30)}.{func.attr.value}`"
        kind = built.kind
        loops = [loop for loop in context.loops if built.inside(loop)]
        if loops:
            if _often(model, loops):
                self.report(
                    node,
                    f"{method} on a new Keras model built on every iteration: each model traces "
                    "its own predict/test function; build the model once before the loop and "
                    "reuse it (`set_weights` to change its weights)",
                    because=[(f"a new model ({kind.why}) is built here in the loop", built.node)],
                )
            return
        fn = context.function
        if fn is None or runs_once(fn) or fn.runs_once:
            return
        often = [
            s for s in model.call_sites if s.callee is fn and s.loops and _often(model, s.loops)
        ]
        if often and (fn.outer is None or not fn.outer.traced):
            self.report(
                node,
                f"{method} on a new Keras model built on every call of `{fn.qualname}`, which the "
                "module calls in a loop: each model traces its own predict/test function; build "
                "the model once outside and reuse it",
                because=[
                    (f"a new model ({kind.why}) is built here on every call", built.node),
                    (f"`{fn.name}` is called in a loop here", often[0].call),
                ],
            )

    def _built_per_object(self, node: cst.Call, receiver: cst.Attribute) -> None:
        """``self.model.predict(...)`` in a method of a class whose ``__init__`` builds that
        model, when the class is constructed again and again (a classifier per video): each
        object's model traces its own predict function."""
        model, fn = self.model, self.context.function
        owner = receiver.value
        if fn is None or fn.cls is None or not isinstance(owner, cst.Name):
            return
        if owner.value != "self" or fn.name == "__init__":
            return
        cls = fn.cls
        init = cls.methods.get("__init__")
        values = cls.self_assignments.get(receiver.attr.value, [])
        if init is None or len(values) != 1 or not _made_in(init, values[0]):
            return
        kind = model.kind_of(values[0], model.scope_at.get(id(init.node), model.scope))
        if kind is None or kind.kind != "model":
            return
        if _trains(model, fn, receiver.attr.value):
            return
        repeated = constructed_repeatedly(model, cls)
        if repeated is None:
            return
        if id(repeated.call) in self._reported:
            return
        self._reported.add(id(repeated.call))
        # reported at the construction, like TF508/TF509: that is what runs again and again
        self.report(
            repeated.call,
            f"`{cls.name}` is constructed again and again, and its `__init__` builds a new "
            f"Keras model that `{fn.name}` runs `{node.func.attr.value}` on: each model traces "
            f"its own predict/test function; construct `{cls.name}` once and reuse it",
            because=[
                *repeated.because,
                (f"`__init__` builds a new model ({kind.why}) here", values[0]),
                (f"`{short(receiver, 30)}.{node.func.attr.value}` is called here", node),
            ],
        )

    def _built(self, receiver: cst.BaseExpression, scope: Scope) -> _BuiltModel | None:
        """The model ``receiver`` is, when built anew where it is used: a call that builds one
        (``build_model().predict(x)``), or a name whose binding here builds one."""
        model = self.model
        if isinstance(receiver, cst.Call):
            value, site = receiver, None
        else:
            site = self._built_here(receiver, scope)
            if site is None:
                return None
            value = site.value
        callee = model.callee(value, scope)
        if callee is not None and callee.runs_once:
            return None  # taken from a cache
        kind = model.kind_of(value, scope)
        if kind is None or kind.kind != "model":
            return None
        if site is None:
            return _BuiltModel(value, kind, lambda loop: True)
        return _BuiltModel(site.node, kind, lambda loop: model.inside(site, loop))

    def _built_here(self, name: cst.Name, scope: Scope) -> BindingSite | None:
        """The binding of ``name`` that the read sees, when it is a call in the current
        function: its only binding, or (a name bound again elsewhere: a notebook's cells) the
        one that the read's loop makes unconditionally before it, on every iteration."""
        model = self.model
        sites = model.binding_of(name, scope).sites
        here = [
            s
            for s in sites
            if s.kind == SiteKind.ASSIGN and s.where is self.context.function and _is_call(s.value)
        ]
        if len(sites) == 1 and len(here) == 1:
            return here[0]
        loops = self.context.loops
        if not loops:
            return None
        loop = loops[-1]
        read = self.model.event_index().get(id(name), -1)
        fresh = [
            s for s in here if model.inside(s, loop) and s.order < read and _assigned_in(loop, s)
        ]
        return fresh[-1] if fresh else None


class _BuiltModel(NamedTuple):
    node: cst.CSTNode  # where it is built
    kind: Kind
    inside: Callable[[cst.CSTNode], bool]  # whether it is built inside a given loop


def _is_call(value: cst.BaseExpression | None) -> bool:
    return isinstance(value, cst.Call)


def _assigned_in(loop: cst.CSTNode, site: BindingSite) -> bool:
    """Whether ``site`` is a plain assignment statement of ``loop``'s own body (not under an
    ``if`` or ``try`` in it): it runs on every iteration."""
    body = getattr(getattr(loop, "body", None), "body", ())
    for statement in body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Assign) and any(t.target is site.node for t in small.targets):
                return True
    return False


def _often(model: ModuleModel, loops: Sequence[cst.CSTNode]) -> bool:
    """Whether code in ``loops`` runs often enough for TensorFlow's retracing warning (or an
    unknown number of times)."""
    count = _repeats(model, loops)
    return count is None or count >= FREQUENT_TRACING


def _trains(model: ModuleModel, where: FunctionInfo | None, name: str) -> bool:
    """Whether code in ``where`` (the whole module for None) trains the model ``name``
    (``name.fit(...)``, ``train_on_batch``), or may: hands it to another call (``train(name,
    data)``, a tuner, a trainer)."""
    for read in model.reads.get(name, ()):
        if where is not None and not read.within(where):
            continue
        # trained here: a model per iteration is then the point (cross-validation)
        if read.role == "argument" or (
            read.role == "method" and read.holder.func.attr.value in knowledge.step_methods("train")
        ):
            return True
    return False


# --- issue 28's missed pitfalls ------------------------------------------------------------------


def _fresh_callable(
    model: ModuleModel, value: cst.BaseExpression, scope: Scope, loops: Sequence[cst.CSTNode]
) -> Varying | None:
    """A callable made anew on each iteration of one of ``loops``: a lambda or a
    ``functools.partial(...)`` written at the call, or a name bound to one (or to a def)
    inside the loop."""
    if isinstance(value, cst.Lambda) or (
        isinstance(value, cst.Call) and model.call_name(value) == "functools.partial"
    ):
        return Varying(f"a new `{short(value)}` made", value)
    if not isinstance(value, cst.Name):
        return None
    sites = model.binding_of(value, scope).sites
    if len(sites) != 1 or not any(model.inside(sites[0], loop) for loop in loops):
        return None
    site = sites[0]
    made = site.kind == SiteKind.DEF or (
        site.kind == SiteKind.ASSIGN
        and (
            isinstance(site.value, cst.Lambda)
            or (
                isinstance(site.value, cst.Call)
                and model.call_name(site.value) == "functools.partial"
            )
        )
    )
    return Varying(f"a new callable `{value.value}` made", site.node) if made else None


class PythonValueFromTracedCodeRetraces(Rule):
    id = "TF599"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "python-value-from-traced-code-retraces"
    category = "retracing"
    message = (
        "traced code calls a `tf.function` with a Python value or callable that changes in "
        "its Python loop"
    )
    rationale = """
        A `tf.function` called from another traced function is traced as a function of its own,
        and specialised, like any `tf.function`, on the value of each Python argument and the
        identity of each callable. A Python loop in traced code runs while tracing (it is
        unrolled), so passing its loop variable, a float computed from it (`0.5 * scale`) or a
        lambda or `functools.partial` made in the loop traces the inner function once per
        iteration, every time the outer function traces: N traces, N function bodies in the
        graph, where one would do. (Called from traced code, the inner `@tf.function` is
        redundant anyway: its body would be traced as part of the caller.) Pass the value as a
        tensor (`tf.constant(sigma)`), define the callable once outside the loop, or drop the
        inner decorator. Loops AutoGraph converts (over tensors) are not reported: their
        variables are tensors.
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or not node.args or not context.loops:
            return
        model = self.model
        fn = context.function
        loops = [
            loop
            for loop in context.loops
            if not (
                fn.autograph
                and isinstance(loop, (cst.For, cst.While))
                and converted_loop(model, loop, context.scope) is not None
            )
        ]
        if not loops:
            return
        target = traced_target(model, node, context.scope)
        if target is None or target[2]:
            return
        label, callee, _ = target
        if callee is fn:
            return  # recursion: TF505's
        params = list(callee.params) if callee is not None else []
        if params and params[0] in ("self", "cls") and _bound_receiver(node, callee):
            params = params[1:]
        for index, arg in enumerate(node.args):
            if arg.star:
                return
            slot = (
                arg.keyword.value
                if arg.keyword
                else (params[index] if index < len(params) else f"#{index}")
            )
            found = varying_python_value(model, arg.value, context.scope, loops) or _fresh_callable(
                model, arg.value, context.scope, loops
            )
            if found is None:
                continue
            self.report(
                arg.value,
                f"traced `{fn.qualname}` calls `{label}` with {found.description} on every "
                f"iteration of its Python loop, as `{slot}`: `{label}` is traced once per "
                "iteration; pass a tensor or one callable, or drop the inner `@tf.function`",
                because=[("it takes a new value here on every iteration", found.changed_at)],
            )


def _tf_function_expressions(model: ModuleModel, fn: FunctionInfo | None, call: cst.Call):
    """The ``@tf.function(...)`` decorator of ``fn``, or the ``tf.function(f, ...)`` call a
    name called by ``call`` is bound to."""
    if fn is not None:
        decorator = tf_function_decorator(model, fn)
        if decorator is not None:
            yield decorator
    if isinstance(call.func, cst.Name):
        yield from model.binding_of(call.func).values


def _relaxes_shapes(model: ModuleModel, fn: FunctionInfo | None, call: cst.Call) -> bool:
    """``reduce_retracing=True`` (``experimental_relax_shapes=True``): shapes that change are
    traced as None from the second call on, so a varying length retraces at most once more."""
    for expr in _tf_function_expressions(model, fn, call):
        if isinstance(expr, cst.Call):
            for arg in expr.args:
                keyword = arg.keyword.value if arg.keyword is not None else None
                if keyword in ("reduce_retracing", "experimental_relax_shapes") and not (
                    isinstance(arg.value, cst.Name) and arg.value.value == "False"
                ):
                    return True
    return False


def varying_shape(
    model: ModuleModel,
    value: cst.BaseExpression,
    scope: Scope,
    loops: Sequence[cst.CSTNode],
    depth: int = 0,
) -> Varying | None:
    """Describe ``value`` if it is a tensor whose shape is set by a Python value that changes on
    each iteration of one of ``loops``: ``tf.range(n)``, an op's shape argument (``tf.zeros([n,
    3])``: the knowledge base's shape parameters), a slice with one varying bound (``x[:n]``),
    arithmetic on one of those, or a name bound to one in the loop."""
    if depth > 6:
        return None
    deeper = depth + 1
    if isinstance(value, cst.Name):
        sites = model.binding_of(value, scope).sites
        if len(sites) != 1 or sites[0].kind != SiteKind.ASSIGN or sites[0].value is None:
            return None
        if not any(model.inside(sites[0], loop) for loop in loops):
            return None
        return varying_shape(model, sites[0].value, scope, loops, deeper)
    if isinstance(value, cst.BinaryOperation):
        if isinstance(value.operator, cst.Multiply) and isinstance(
            value.left, (cst.List, cst.Tuple)
        ):
            # `[100.0] * n`: a Python list of a varying length
            found = _varying_size(model, value.right, scope, loops)
            if found is not None:
                return _following(value, "length", found)
        return varying_shape(model, value.left, scope, loops, deeper) or varying_shape(
            model, value.right, scope, loops, deeper
        )
    if isinstance(value, cst.Subscript):
        return _varying_slice(model, value, scope, loops)
    if isinstance(value, cst.Attribute) and value.attr.value in _SHAPE_KEEPING_MEMBERS:
        return varying_shape(model, value.value, scope, loops, deeper)  # `table.values`
    if (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value in _SHAPE_KEEPING_MEMBERS
    ):
        return varying_shape(model, value.func.value, scope, loops, deeper)  # `.astype(...)`
    if isinstance(value, (cst.List, cst.Tuple)):
        # a list of tensors is traced element by element: each one's shape is in the trace key
        for element in value.elements:
            if isinstance(element, cst.StarredElement):
                return None
            found = varying_shape(model, element.value, scope, loops, deeper)
            if found is not None:
                return found
        return None
    if not isinstance(value, cst.Call):
        return None
    name = model.call_name(value)
    sizes: list[cst.BaseExpression] = []
    if name in ("tensorflow.range", "numpy.arange", "builtins.range"):
        sizes = [a.value for a in value.args if a.keyword is None or a.keyword.value != "dtype"]
    else:
        sizes = _size_arguments(model, value, name)
        if (
            not sizes
            and value.args
            and (knowledge.returns(name) == "tensor" or name in _SIZE_KEEPING)
        ):
            # an op on a tensor of varying shape keeps it varying (`tf.one_hot(tf.range(n), 8)`,
            # `tf.constant(np.linspace(0, 1, n))`)
            return varying_shape(model, value.args[0].value, scope, loops, deeper)
        if not sizes:
            return _sized_by_parameter(model, value, scope, loops)
    for size in sizes:
        found = _varying_size(model, size, scope, loops)
        if found is not None:
            return _following(value, "shape", found)
    return None


def _varying_slice(
    model: ModuleModel, value: cst.Subscript, scope: Scope, loops: Sequence[cst.CSTNode]
) -> Varying | None:
    """``x[:n]``, ``x[n:]`` or ``x[:, :n]`` with ``n`` varying (a Python value the loop changes,
    or one drawn at random there), or ``x[i:i + n]`` with ``n`` drawn at random on each pass (a
    generator's batches of random size); not ``x[i:i + k]`` with a fixed ``k``."""
    for element in value.slice:
        bounds = element.slice
        if not isinstance(bounds, cst.Slice):
            continue
        if bounds.lower is not None and bounds.upper is not None:
            upper = bounds.upper
            if not (
                isinstance(upper, cst.BinaryOperation)
                and isinstance(upper.operator, cst.Add)
                and code(upper.left) == code(bounds.lower)
                # drawn on each pass: a length computed from the position (`min(k, len(x) - i)`)
                # changes only for the last slice
                and _drawn_at_random(model, upper.right, scope, loops) is not None
            ):
                continue
            bound = upper.right  # the length of `x[i:i + n]`
        else:
            bound = bounds.lower if bounds.lower is not None else bounds.upper
        if bound is None:
            continue
        found = _varying_size(model, bound, scope, loops)
        if found is not None:
            return _following(value, "length", found)
    return None


def _following(value: cst.BaseExpression, what: str, size: Varying) -> Varying:
    """``value``, whose length or shape (``what``) is set by the varying ``size``."""
    return Varying(f"`{short(value)}`, whose {what} follows {size.description}", size.changed_at)


def _varying_size(
    model: ModuleModel, size: cst.BaseExpression, scope: Scope, loops: Sequence[cst.CSTNode]
) -> Varying | None:
    """A size that takes a new value on each iteration of ``loops``: a Python value the loop
    changes (``varying_python_value``), or one drawn at random there."""
    found = varying_python_value(model, size, scope, loops)
    if found is not None:
        return found
    drawn = _drawn_at_random(model, size, scope, loops)
    if drawn is not None:
        return Varying(f"`{short(size)}`, drawn at random on every iteration", drawn)
    return None


# Members of an array, tensor or table that keep its shape (NumPy's, pandas', TensorFlow's).
_SHAPE_KEEPING_MEMBERS = frozenset({"astype", "to_numpy", "copy", "numpy", "values"})

# Calls whose argument sets the length of what they build, which is not a shape (the knowledge
# base's shape parameters leave them out): the number of points of an evenly spaced range.
_LENGTH_ARGUMENTS = {
    "numpy.linspace": knowledge.ShapeParameter("num", 2, None),
    "numpy.logspace": knowledge.ShapeParameter("num", 2, None),
    "numpy.geomspace": knowledge.ShapeParameter("num", 2, None),
    "tensorflow.linspace": knowledge.ShapeParameter("num", 2, None),
}


def _size_arguments(
    model: ModuleModel, value: cst.Call, name: str | None
) -> list[cst.BaseExpression]:
    """The arguments of ``value`` that set its result's shape, one per dimension where a list
    or tuple gives them: an op's shape parameter (the knowledge base's), a range's count."""
    parameter = _LENGTH_ARGUMENTS.get(name or "") or knowledge.shape_parameter(name)
    if parameter is None:
        return []
    for index, arg in enumerate(value.args):
        keyword = arg.keyword.value if arg.keyword is not None else None
        if keyword == parameter.name or (keyword is None and index == parameter.position):
            shape = arg.value
            return (
                [e.value for e in shape.elements]
                if isinstance(shape, (cst.List, cst.Tuple))
                else [shape]
            )
    return []


def _sized_by_parameter(
    model: ModuleModel, call: cst.Call, scope: Scope, loops: Sequence[cst.CSTNode]
) -> Varying | None:
    """``make_batch(n)``: a function of the module returning an array or tensor whose shape its
    parameter sets, called with a size that changes on each iteration of ``loops``."""
    fn = model.callee(call, scope)
    if fn is None or fn.cls is not None:
        return None
    for returned in model.return_values(fn):
        built = returned
        if isinstance(built, cst.Call) and model.call_name(built) in _SIZE_KEEPING and built.args:
            built = built.args[0].value
        while isinstance(built, cst.Call) and isinstance(built.func, cst.Attribute):
            if built.func.attr.value != "astype":
                break
            built = built.func.value
        if isinstance(built, cst.Name):
            bound = model.bound_values(built, fn)
            built = bound[0] if len(bound) == 1 else built
        if not isinstance(built, cst.Call):
            continue
        name = model.call_name(built)
        shape_of = _NUMPY_RANDOM_SHAPES.get(name or "")
        if shape_of == "*":
            sizes = [a.value for a in built.args if a.keyword is None and not a.star]
        elif shape_of is not None:
            sizes = [a.value for a in built.args if a.keyword and a.keyword.value == shape_of]
            sizes = [e.value for size in sizes for e in getattr(size, "elements", ())] or sizes
        else:
            sizes = _size_arguments(model, built, name)
        for size in sizes:
            for param in sorted(names_in(model, size) & set(fn.params)):
                passed = passed_argument(call, fn.params, param)
                found = passed is not None and _varying_size(model, passed, scope, loops)
                if found:
                    return Varying(
                        f"`{short(call)}`, whose shape follows {found.description}",
                        found.changed_at,
                    )
    return None


# TensorFlow warns of "frequent retracing" from the fifth trace on: fewer shapes, each traced
# once, are a bounded cost that programs often choose (one graph per resolution or scale).
_FREQUENT_RETRACING = 5


def _few_iterations(changed_at: cst.CSTNode, loops: Sequence[cst.CSTNode]) -> bool:
    """Whether the value changes as the target of a `for` loop over fewer than
    _FREQUENT_RETRACING literal values (`for size in (128, 256):`, `range(3)`)."""
    for loop in loops:
        if not isinstance(loop, cst.For):
            continue
        targets: list[cst.CSTNode] = []
        walk(loop.target, targets.append)
        if not any(node is changed_at for node in targets) and changed_at is not loop:
            continue
        values = loop.iter
        if isinstance(values, (cst.List, cst.Tuple, cst.Set)):
            starred = any(isinstance(e, cst.StarredElement) for e in values.elements)
            return not starred and len(values.elements) < _FREQUENT_RETRACING
        if (
            isinstance(values, cst.Call)
            and isinstance(values.func, cst.Name)
            and values.func.value == "range"
            and values.args
            and all(isinstance(a.value, cst.Integer) and a.keyword is None for a in values.args)
        ):
            bounds = [int(a.value.value, 0) for a in values.args]
            return len(range(*bounds)) < _FREQUENT_RETRACING
    return False


class VaryingShapeArgumentRetraces(Rule):
    id = "TF598"
    calls_in_traced_code = False
    name = "varying-shape-argument-retraces"
    category = "retracing"
    message = "a `tf.function` is called with a tensor whose shape changes on every iteration"
    rationale = """
        A `tf.function` traces a graph per input shape: a tensor argument of a shape it has not
        seen is a new trace. Building the argument from a value that changes on every
        iteration (`encode(tf.range(length))`, `f(data[:n])`, `f(tf.zeros([n, 3]))`, an op
        applied to one of those) therefore traces once per iteration; TensorFlow warns of
        frequent retracing after five. Fix an `input_signature` with `None` for the dimension
        that varies (`tf.TensorSpec([None], tf.int32)`), or use `reduce_retracing=True`, which
        traces with that dimension `None` from the second shape on; or pad the inputs to a few
        fixed sizes. Which op arguments set the shape of what they build comes from the
        knowledge base; the number of points of `np.linspace`/`tf.linspace` sets a length too,
        and so does a size drawn at random in the loop (`k = np.random.randint(2, 20)`), a slice
        of any axis (`features[:, :n]`: a new number of columns), and a helper of the module
        that builds an array of the size it is given (`make_batch(width)`). Calls of functions with an input_signature or relaxed shapes are not
        reported, nor loops over fewer than five literal values (`for size in (64, 128):`):
        TensorFlow warns of frequent retracing from the fifth trace, and a graph per size of a
        few is often what the program means (one per resolution of a growing model).
        Inputs whose shape changes reach a function from farther too: images read from files
        in a loop (TensorFlow's decode ops, from the knowledge base, or another library's
        image reader: each image has its file's size), arrays whose size the loop changes or
        draws at random, handed through a method (`detector(image)` calling
        `self.detect_fn(image[None])`), iterated from a list built before the loop, or yielded
        by a generator of the module from its own loop (`yield np.ones((4, n, 3))` under
        `for n in lengths:`, the variable-length batches of a sequence model; or slices
        `data[i:i + n]` of a size `n` drawn at random on each pass), or batches of
        a tf.data pipeline's `padded_batch(...)` with no `padded_shapes`, which pads each
        batch to its own longest element (a text model's custom training loop:
        tensorflow/tensorflow#38002; the Transformer tutorial gives its step an
        `input_signature` for this reason), or elements of a
        `Dataset.from_generator(...)` whose `output_signature` declares a dimension None (each
        image's own number of boxes: under TF 2.21, 12 elements of random box counts traced a
        step 11 times, twice with `reduce_retracing=True`), or arrays a function of the module
        returns with a size it draws at random on each call (`image, boxes = make_sample()`,
        or a list built from such calls). Those are
        reported once, where the `tf.function` is made (its decorator, or the
        `tf.function(...)` call), which is where the `input_signature` goes.
    """

    def visit_Module(self, node: cst.Module) -> None:
        self._data_sized_reported: set[int] = set()  # ids of the wraps reported once each

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if context.in_traced_code or not node.args:
            return
        if not self._varying_at_call(node):
            self._data_sized(node)

    def _varying_at_call(self, node: cst.Call) -> bool:
        """The call's own loop changes an argument's shape: reported at the argument."""
        context = self.context
        if not context.loops:
            return False
        model = self.model
        target = traced_target(model, node, context.scope)
        if target is None or target[2]:
            return False
        label, fn, _ = target
        if _relaxes_shapes(model, fn, node):
            return False
        reported = False
        params = list(fn.params) if fn is not None else []
        if params and params[0] in ("self", "cls") and _bound_receiver(node, fn):
            params = params[1:]
        for index, arg in enumerate(node.args):
            if arg.star:
                return reported
            found = varying_shape(model, arg.value, context.scope, context.loops)
            if found is None or _few_iterations(found.changed_at, context.loops):
                continue
            slot = (
                arg.keyword.value
                if arg.keyword
                else (params[index] if index < len(params) else f"#{index}")
            )
            self.report(
                arg.value,
                f"`{label}` is traced again for every shape of {found.description}, passed as "
                f"`{slot}`; fix an `input_signature` with None for the dimension that varies",
                because=[("it takes a new value here on every iteration", found.changed_at)],
            )
            reported = True
        return reported

    def _data_sized(self, node: cst.Call) -> None:
        """A tf.function fed, in a loop, inputs whose shape changes: images read from files
        (each of its file's size), or arrays of a size the loop changes or draws at random;
        each new shape is a new trace. Reported once, where the function is made
        (the decorated def's head, or the ``tf.function(...)`` call), where the fix goes."""
        model, context = self.model, self.context
        wrap = _wrap_of(model, node, context.scope)
        if wrap is None or id(wrap.where) in self._data_sized_reported:
            return
        if wrap.expr is not None and (input_signature(wrap.expr) or _relaxes(wrap.expr)):
            return
        for arg in node.args:
            if arg.star or arg.keyword is not None:
                continue
            found = _read_per_iteration(model, arg.value, context.scope, context.function)
            if found is None:
                continue
            self._data_sized_reported.add(id(wrap.where))
            self.report(
                wrap.where,
                f"`{wrap.label}` is fed, in a loop, inputs whose shape changes from one call to "
                "the next (an image of its file's size, a size drawn anew, a batch padded to its "
                "own longest element, a generated element of a None dimension): every new "
                "shape is a new trace; fix an `input_signature` with None for the dimensions "
                "that vary (or resize to one size first)",
                because=[("called here with the image", node), *found],
                through=wrap.through,
                traced_in=None,
            )
            return


class _Repeated(NamedTuple):
    """A construction of a class that runs again and again: the call, and why it repeats."""

    call: cst.Call
    because: list[tuple[str, cst.CSTNode]]


def constructed_repeatedly(model: ModuleModel, cls: ClassInfo) -> _Repeated | None:
    """The first call that constructs ``cls`` again and again: in a loop that runs often enough
    for TensorFlow's retracing warning (or an unknown number of times), or in a function the
    module calls in such a loop. Code that is itself traced is left out (it runs once per
    trace)."""
    for read in model.reads.get(cls.name, ()):
        call = read.holder
        if read.role != "called" or not isinstance(call, cst.Call):
            continue
        fn = read.function
        if fn is not None and fn.traced:
            continue
        if model.constructed_class(call, fn or model.scope) is not cls:
            continue
        if read.loops and _often(model, read.loops):
            return _Repeated(call, [(f"`{cls.name}` is constructed in a loop here", call)])
        if fn is None or runs_once(fn) or fn.runs_once:
            continue
        for site in model.call_sites:
            if site.callee is fn and site.loops and _often(model, site.loops):
                return _Repeated(
                    call,
                    [
                        (f"`{cls.name}` is constructed here", call),
                        (f"`{fn.name}` is called in a loop here", site.call),
                    ],
                )
    return None


def _traced_method_called(model: ModuleModel, cls: ClassInfo) -> FunctionInfo | None:
    """The first ``@tf.function`` method of ``cls`` that the module calls."""
    for method in cls.methods.values():
        if tf_function_decorator(model, method) is not None and _called_attribute(
            model, method.name
        ):
            return method
    return None


def _made_in(fn: FunctionInfo, value: cst.BaseExpression) -> bool:
    """Whether the call ``value`` is one ``fn``'s own code makes."""
    return any(call is value for call in fn.calls)


def _called_attribute(model: ModuleModel, name: str) -> cst.Call | None:
    """A call of an attribute named ``name`` (``self.step(...)``, ``trainer.step(...)``)."""
    for call in model.nodes_of(cst.Call):
        func = call.func
        if type(func) is cst.Attribute and func.attr.value == name:
            return call
    return None


def _method_of_temporary(model: ModuleModel, construction: cst.Call) -> bool:
    """``Foo(...).m(x)``: the object is kept by nothing, so a traced ``m`` fails rather than
    retraces (TF932's claim)."""
    return any(
        type(call.func) is cst.Attribute and call.func.value is construction
        for call in model.nodes_of(cst.Call)
    )


class TracedMethodPerNewInstance(Rule):
    id = "TF508"
    name = "traced-method-per-new-instance"
    category = "retracing"
    message = "a `@tf.function` method of a class constructed again and again: one trace per object"
    rationale = """
        A `@tf.function` method is a new polymorphic function for every object of its class:
        each instance starts with an empty trace cache (and its graphs, which capture that
        instance's variables, stay alive with it). A class constructed on every iteration of
        a loop (one object per image, per experiment), or in a function called in such a loop,
        therefore traces the method once more for every object, and TensorFlow warns of
        frequent retracing from the fifth. Construct the object once and reuse it (reset its
        state with `set_weights`, or a method that re-initialises its variables), or trace a
        module-level function that takes what changes as tensors. Reported at the
        construction, with the decorated method as evidence, when the loop runs at least five
        times (or an unknown number of times) and the method is called.
    """

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        model = self.model
        fn = model.function_of[node]
        cls = fn.cls
        if cls is None or fn.outer is not None or tf_function_decorator(model, fn) is None:
            return
        called = _called_attribute(model, fn.name)
        if called is None or _traced_method_called(model, cls) is not fn:
            return  # one finding per class: its first called @tf.function method
        repeated = constructed_repeatedly(model, cls)
        if repeated is None or _method_of_temporary(model, repeated.call):
            return
        self.report(
            repeated.call,
            f"`{cls.name}` is constructed again and again, and its `@tf.function` method "
            f"`{fn.name}` is traced anew for each new object (which keeps its graphs); "
            "construct the object once and reuse it",
            because=[
                *repeated.because,
                (f"`{fn.qualname}` is a `@tf.function` method", fn.node.name),
                (f"`{fn.name}` is called here", called),
            ],
        )


class TracedFunctionCreatedPerIteration(Rule):
    id = "TF509"
    name = "traced-function-created-per-iteration"
    category = "retracing"
    message = "an object whose constructor makes a `tf.function` is constructed on every iteration"
    rationale = """
        A class whose `__init__` wraps its work in a new `tf.function` (`self.fn =
        tf.function(self.model)`) gives every object its own function with an empty trace
        cache. Constructing such an object on every iteration of a loop (a detector per image,
        a predictor per batch), or in a function called in such a loop, traces the function
        again for every object: the graph is never reused, and TensorFlow warns of frequent
        retracing from the fifth trace. Construct the object once, before the loop, and call it
        inside. Reported at the construction, with the `tf.function(...)` call as evidence,
        when the loop runs at least five times (or an unknown number of times) and the wrapped
        function is called.
    """

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        model = self.model
        cls = model.classes.get(node)
        init = cls.methods.get("__init__") if cls is not None else None
        if init is None or _traced_method_called(model, cls):
            return  # TF508 reports the same construction
        for attr, values in cls.self_assignments.items():
            wraps = [v for v in values if is_tf_function_call(model, v) and _made_in(init, v)]
            if not wraps:
                continue
            called = _called_attribute(model, attr)
            if called is None:
                continue
            repeated = constructed_repeatedly(model, cls)
            if repeated is None:
                return
            self.report(
                repeated.call,
                f"`{cls.name}` is constructed again and again, and its `__init__` makes a new "
                f"tf.function (`self.{attr}`) each time: every object traces it anew; construct "
                f"`{cls.name}` once and reuse it",
                because=[
                    *repeated.because,
                    (f"`__init__` wraps `self.{attr}` in a new tf.function here", wraps[0]),
                    (f"`{attr}` is called here", called),
                ],
            )
            return


class _Wrap(NamedTuple):
    """Where a called tf.function is made: the node to report (and where its span ends), its
    name, and the ``tf.function`` decorator or call expression (None: not seen)."""

    where: cst.CSTNode
    through: cst.CSTNode | None
    label: str
    expr: cst.BaseExpression | None


def _wrap_of(model: ModuleModel, call: cst.Call, scope: Scope) -> _Wrap | None:
    """The tf.function ``call`` calls, when this module makes it: a decorated def (or method),
    or a name or ``self.<attr>`` bound once to ``tf.function(...)``."""
    callee = model.callee(call, scope)
    if callee is not None:
        decorator = tf_function_decorator(model, callee)
        if decorator is None:
            return None
        head, through = def_head(callee.node)
        return _Wrap(head, through, callee.name, decorator)
    func = call.func
    # a name resolved through the imports is bound by no assignment of this module
    if isinstance(func, (cst.Name, cst.Attribute)) and model.call_name(call) is None:
        values = model.bound_values(func, scope)
        if len(values) == 1 and is_tf_function_call(model, values[0]):
            return _Wrap(values[0], None, short(func), values[0])
    return None


def _relaxes(expr: cst.BaseExpression) -> bool:
    """``reduce_retracing=True`` (or its old name) on a tf.function decorator or call."""
    if not isinstance(expr, cst.Call):
        return False
    return any(
        arg.keyword is not None
        and arg.keyword.value in ("reduce_retracing", "experimental_relax_shapes")
        and not (isinstance(arg.value, cst.Name) and arg.value.value == "False")
        for arg in expr.args
    )


# Image-file readers of libraries other than TensorFlow, whose array has the file's height and
# width (TensorFlow's own decoders come from the knowledge base: `data_dependent_dimension`).
_IMAGE_READERS = frozenset(
    {
        "cv2.imread",
        "PIL.Image.open",
        "imageio.imread",
        "imageio.v2.imread",
        "imageio.v3.imread",
        "skimage.io.imread",
        "matplotlib.pyplot.imread",
    }
)
# Calls that give their first argument's array with its height and width kept (a batch axis
# added, a conversion): numpy's, which the knowledge base (TensorFlow's) does not cover.
_SIZE_KEEPING = frozenset(
    {
        "numpy.array",
        "numpy.asarray",
        "numpy.expand_dims",
        "numpy.float32",
        "tensorflow.expand_dims",
        "tensorflow.convert_to_tensor",
        "tensorflow.constant",
        "cv2.cvtColor",
    }
)


def _read_per_iteration(
    model: ModuleModel,
    value: cst.BaseExpression,
    scope: Scope,
    fn: FunctionInfo | None,
    depth: int = 0,
) -> list[tuple[str, cst.CSTNode]] | None:
    """Why ``value`` is an image read from a file on each iteration of a loop, with the size of
    that file: the reading call (and the call that passes it on, for a parameter of ``fn``), or
    None. Followed through names, a batch axis (``x[None]``, ``x[tf.newaxis]``), arithmetic
    (``x / 255.0``), ``.astype(...)`` and size-keeping calls."""
    if depth > 8:
        return None
    deeper = depth + 1
    if isinstance(value, cst.BinaryOperation):
        return _read_per_iteration(model, value.left, scope, fn, deeper) or _read_per_iteration(
            model, value.right, scope, fn, deeper
        )
    if isinstance(value, cst.Subscript):
        if all(_adds_axis(element.slice) for element in value.slice):
            return _read_per_iteration(model, value.value, scope, fn, deeper)
        # `data[i:i + n]` with `n` drawn or changed in the loop around it (a generator's
        # batches of varying size): each slice has a length of its own
        sliced = value.value
        loops = next(
            (
                r.loops
                for r in model.reads.get(getattr(sliced, "value", ""), ())
                if r.node is sliced
            ),
            (),
        )
        varying = _varying_slice(model, value, scope, loops) if loops else None
        if varying is not None and _often(model, loops):
            return [(varying.description, varying.changed_at)]
        return None
    if isinstance(value, cst.Name):
        binding = model.binding_of(value, scope)
        if binding.param_only and fn is not None:
            return _passed_per_iteration(model, fn, value.value, deeper)
        sites = binding.sites
        if len(sites) != 1 or sites[0].value is None:
            return None
        if sites[0].kind == SiteKind.LOOP:  # `for image in images:`
            return _elements_per_iteration(model, sites[0].value, scope, fn, deeper, sites[0].index)
        if sites[0].kind == SiteKind.UNPACK and isinstance(sites[0].value, cst.Call):
            # `image, boxes = make_sample()`: what that function returns there
            return _returned_per_call(model, sites[0].value, scope, sites[0].index)
        if sites[0].kind != SiteKind.ASSIGN:
            return None
        return _read_per_iteration(model, sites[0].value, scope, fn, deeper)
    if not isinstance(value, cst.Call):
        return None
    func = value.func
    if isinstance(func, cst.Attribute) and func.attr.value == "astype":
        return _read_per_iteration(model, func.value, scope, fn, deeper)
    name = model.call_name(value) or ""
    if name in _IMAGE_READERS or knowledge.data_dependent_dimension(name, 0):
        loops = _loops_around(model, value)
        if not loops or not _often(model, loops):
            return None
        return [(f"`{short(value.func)}` reads an image of its file's size here, in a loop", value)]
    if (name in _SIZE_KEEPING or knowledge.keeps_shape(name)) and value.args:
        return _read_per_iteration(model, value.args[0].value, scope, fn, deeper)
    found = _sized_per_iteration(model, value, name, scope)
    if found is None and depth < 4:
        found = _returned_per_call(model, value, scope, None)
    return found


def _returned_per_call(
    model: ModuleModel, call: cst.Call, scope: Scope, index: int | None
) -> list[tuple[str, cst.CSTNode]] | None:
    """Why what a function of the module returns (its ``index``-th item, when the call is
    unpacked) has a shape of its own on each call, the call being made in a loop (or a
    comprehension) often: an array it builds with a size it draws at random on each call
    (``n = np.random.randint(1, 20); boxes = np.random.rand(n, 4)``: a new number of boxes)."""
    loops = _loops_around(model, call)
    if not loops or not _often(model, loops):
        return None
    callee = model.callee(call, scope)
    if callee is None or callee.cls is not None or callee.is_generator:
        return None
    for value in model.return_values(callee):
        if index is not None:
            if not isinstance(value, cst.Tuple) or index >= len(value.elements):
                continue
            value = value.elements[index].value
        drawn = _drawn_size_in(model, value, callee, 0)
        if drawn is not None:
            return [
                (f"`{callee.name}` is called here, in a loop", call),
                (f"`{short(drawn[0])}` takes its size from a random draw on each call", drawn[1]),
            ]
    return None


def _drawn_size_in(
    model: ModuleModel, value: cst.BaseExpression, fn: FunctionInfo, depth: int
) -> tuple[cst.Call, cst.CSTNode] | None:
    """The array constructor ``value`` is (through names bound once in ``fn``, ``.astype``,
    arithmetic, size-keeping calls) whose size is drawn at random in ``fn``, with the draw."""
    if depth > 6:
        return None
    if isinstance(value, cst.BinaryOperation):
        return _drawn_size_in(model, value.left, fn, depth + 1) or _drawn_size_in(
            model, value.right, fn, depth + 1
        )
    if isinstance(value, cst.Name):
        sites = [s for s in model.binding_of(value, fn).sites if s.where is fn]
        if len(sites) != 1 or sites[0].kind != SiteKind.ASSIGN or sites[0].value is None:
            return None
        return _drawn_size_in(model, sites[0].value, fn, depth + 1)
    if not isinstance(value, cst.Call):
        return None
    func = value.func
    if isinstance(func, cst.Attribute) and func.attr.value == "astype":
        return _drawn_size_in(model, func.value, fn, depth + 1)
    name = model.call_name(value) or ""
    if (name in _SIZE_KEEPING or knowledge.keeps_shape(name)) and value.args:
        return _drawn_size_in(model, value.args[0].value, fn, depth + 1)
    shape_of = _NUMPY_RANDOM_SHAPES.get(name)
    if shape_of == "*":
        sizes = [a.value for a in value.args if a.keyword is None and not a.star]
    elif shape_of is not None:
        sizes = [a.value for a in value.args if a.keyword and a.keyword.value == shape_of]
    else:
        sizes = _size_arguments(model, value, name)
    dims: list[cst.BaseExpression] = []
    for size in sizes:
        dims += (
            [e.value for e in size.elements] if isinstance(size, (cst.List, cst.Tuple)) else [size]
        )
    for dim in dims:
        if isinstance(dim, cst.Name):
            bound = [s for s in model.binding_of(dim, fn).sites if s.where is fn]
            if len(bound) != 1 or bound[0].kind != SiteKind.ASSIGN or bound[0].value is None:
                continue
            dim = bound[0].value
        drawn = _drawn_at_random(model, dim, fn, ())
        if drawn is not None:
            return value, drawn
    return None


# NumPy's random array constructors: the parameter that sets the shape ("*": every positional
# argument is a dimension). NumPy's other constructors are in the knowledge base.
_NUMPY_RANDOM_SHAPES = {
    "numpy.random.rand": "*",
    "numpy.random.randn": "*",
    "numpy.random.random": "size",
    "numpy.random.random_sample": "size",
    "numpy.random.uniform": "size",
    "numpy.random.normal": "size",
    "numpy.random.randint": "size",
}


def _sized_per_iteration(
    model: ModuleModel, value: cst.Call, name: str, scope: Scope
) -> list[tuple[str, cst.CSTNode]] | None:
    """An array or tensor built in a loop whose shape takes a new value on each iteration: a
    Python value the loop changes (``varying_shape``), or one drawn at random there
    (``h = random.randint(200, 600)``), in a TensorFlow or NumPy constructor's shape."""
    loops = _loops_around(model, value)
    if not loops or not _often(model, loops):
        return None
    found = varying_shape(model, value, scope, loops)
    if found is not None:
        if _few_iterations(found.changed_at, loops):
            return None
        return [(f"{found.description}: a new shape on every iteration", found.changed_at)]
    shape_of = _NUMPY_RANDOM_SHAPES.get(name)
    sizes: list[cst.BaseExpression] = []
    if shape_of == "*":
        sizes = [a.value for a in value.args if a.keyword is None and not a.star]
    elif shape_of is not None:
        sizes = [a.value for a in value.args if a.keyword and a.keyword.value == shape_of]
    else:
        sizes = _size_arguments(model, value, name)
        if not sizes:
            return None
    dims: list[cst.BaseExpression] = []
    for size in sizes:
        dims += (
            [e.value for e in size.elements] if isinstance(size, (cst.List, cst.Tuple)) else [size]
        )
    for dim in dims:
        varying = varying_python_value(model, dim, scope, loops)
        if varying is not None:
            return [(f"`{short(value)}` takes its shape from {varying.description}", value)]
        if isinstance(dim, cst.Name) and any(
            site.kind in (SiteKind.LOOP, SiteKind.COMPREHENSION)
            and any(model.inside(site, loop) for loop in loops)
            and not _few_iterations(site.node, loops)
            for site in model.lookup(dim.value, scope).sites
        ):
            return [
                (f"`{short(value)}` takes its shape from the loop variable `{dim.value}`", value)
            ]
        drawn = _drawn_at_random(model, dim, scope, loops)
        if drawn is not None:
            return [(f"`{short(value)}` takes its shape from a random draw in the loop", drawn)]
    return None


def _drawn_at_random(
    model: ModuleModel, dim: cst.BaseExpression, scope: Scope, loops: Sequence[cst.CSTNode]
) -> cst.CSTNode | None:
    """The call of Python's or NumPy's random module that ``dim`` (or a name bound to it in
    ``loops``) comes from, when drawn on each iteration."""
    if isinstance(dim, cst.Name):
        sites = model.binding_of(dim, scope).sites
        if len(sites) != 1 or sites[0].value is None:
            return None
        if not any(model.inside(sites[0], loop) for loop in loops):
            return None
        value = sites[0].value
        if isinstance(value, (cst.Tuple, cst.List)):
            return None
        return _drawn_at_random(model, value, scope, ())
    if isinstance(dim, cst.Call):
        name = model.call_name(dim) or ""
        if name.startswith(("random.", "numpy.random.")):
            return dim
        if name in ("builtins.int", "builtins.round") and dim.args:
            return _drawn_at_random(model, dim.args[0].value, scope, loops)
    return None


def _elements_per_iteration(
    model: ModuleModel,
    iterated: cst.BaseExpression,
    scope: Scope,
    fn: FunctionInfo | None,
    depth: int,
    index: int | None = None,
) -> list[tuple[str, cst.CSTNode]] | None:
    """Why the elements a loop iterates over (``images``, bound once to a comprehension
    ``[np.random.rand(h, w, 3) for h, w in sizes]``, or what a generator of the module yields
    from its own loop: ``yield np.ones((4, n, 3))`` under ``for n in range(5, 50)``) each have
    a shape of their own. ``index``: the position in an unpacked loop target."""
    if depth > 8:
        return None
    padded = _padded_per_batch(model, iterated, scope, depth)
    if padded is not None:
        return [(f"`{short(padded.func)}` pads each batch to its own longest element", padded)]
    unknown = _generated_with_unknown_dimension(model, iterated, scope, index)
    if unknown is not None:
        return [
            (
                f"`{short(unknown)}` declares a dimension None: each element has its own size "
                "there",
                unknown,
            )
        ]
    if isinstance(iterated, cst.Call):
        if model.call_name(iterated) == "builtins.enumerate" and iterated.args:
            # `for i, batch in enumerate(dataset)`: the element is the pair's second item
            return _elements_per_iteration(model, iterated.args[0].value, scope, fn, depth + 1)
        generator = model.callee(iterated, scope)
        if generator is None or not generator.is_generator:
            return None
        inner = model.scope_at.get(id(generator.node), scope)
        for value in _yielded(generator.node):
            if index is not None:
                if not isinstance(value, cst.Tuple) or index >= len(value.elements):
                    continue
                value = value.elements[index].value
            found = _read_per_iteration(model, value, inner, generator, depth + 1)
            if found is not None:
                return [(f"`{generator.name}` yields it here", value), *found]
        return None
    if isinstance(iterated, cst.Name):
        sites = model.binding_of(iterated, scope).sites
        if len(sites) != 1 or sites[0].kind != SiteKind.ASSIGN or sites[0].value is None:
            return None
        return _elements_per_iteration(model, sites[0].value, scope, fn, depth + 1, index)
    if isinstance(iterated, (cst.ListComp, cst.GeneratorExp)):
        inner = model.scope_at.get(id(iterated), scope)
        element = iterated.elt
        if index is not None and isinstance(element, cst.Tuple):
            if index >= len(element.elements):
                return None
            element = element.elements[index].value
        elif index is not None and isinstance(element, cst.Call):
            return _returned_per_call(model, element, inner, index)
        return _read_per_iteration(model, element, inner, fn, depth + 1)
    return None


def _pipeline_source(
    model: ModuleModel,
    iterated: cst.BaseExpression,
    scope: Scope,
    found: Callable[[cst.Call], bool],
) -> cst.Call | None:
    """The call of the tf.data pipeline ``iterated`` for which ``found`` holds, followed through
    names bound once and the transformations that hand on its batches as they are."""
    expr = iterated
    for _ in range(12):
        if isinstance(expr, cst.Name):
            sites = model.binding_of(expr, scope).sites
            if len(sites) != 1 or sites[0].kind != SiteKind.ASSIGN or sites[0].value is None:
                return None
            expr = sites[0].value
            continue
        if not isinstance(expr, cst.Call) or not isinstance(expr.func, cst.Attribute):
            return None
        if found(expr):
            return expr
        if expr.func.attr.value not in _DATASET_KEEPS_BATCHES:
            return None
        expr = expr.func.value
    return None


def _padded_per_batch(
    model: ModuleModel, iterated: cst.BaseExpression, scope: Scope, depth: int
) -> cst.Call | None:
    """The ``padded_batch(...)`` of the tf.data pipeline ``iterated`` (through names bound
    once, and the transformations after it) that leaves its padded shapes to each batch: no
    ``padded_shapes`` given, so every batch is padded to its own longest element and a
    dimension of the batches changes from one to the next (the sequence length of a text
    model's batches)."""
    padded = _pipeline_source(  # a method only tf.data's datasets have
        model, iterated, scope, lambda call: call.func.attr.value == "padded_batch"
    )
    if padded is None:
        return None
    fixed = any(a.keyword is not None and a.keyword.value == "padded_shapes" for a in padded.args)
    positional = [a for a in padded.args if a.keyword is None and not a.star]
    return None if fixed or len(positional) > 1 else padded


def _generated_with_unknown_dimension(
    model: ModuleModel, iterated: cst.BaseExpression, scope: Scope, index: int | None
) -> cst.CSTNode | None:
    """The shape in the ``output_signature`` (or ``output_shapes``) of the
    ``tf.data.Dataset.from_generator(...)`` that ``iterated`` is (through names bound once and
    the transformations that hand on its elements as they are) with a None dimension: each
    element the generator yields has its own size there (a new number of boxes per image), so
    a `tf.function` fed the elements one by one traces each new size. ``index``: the item of
    an unpacked loop target (the spec at that position of a tuple signature)."""
    expr = _pipeline_source(
        model,
        iterated,
        scope,
        lambda call: (model.call_name(call) or "").endswith("data.Dataset.from_generator"),
    )
    if expr is None:
        return None
    spec = next(
        (
            a.value
            for a in expr.args
            if a.keyword is not None and a.keyword.value in ("output_signature", "output_shapes")
        ),
        None,
    )
    if spec is None:
        return None
    if isinstance(spec, cst.Name):
        bound = model.bound_values(spec, scope)
        spec = bound[0] if len(bound) == 1 else spec
    if index is not None and isinstance(spec, cst.Tuple) and _is_spec_tuple(spec):
        if index >= len(spec.elements):
            return None
        spec = spec.elements[index].value
    return _none_dimension(spec)


def _is_spec_tuple(spec: cst.Tuple) -> bool:
    """A tuple of specs or shapes (one per item of the element), not one shape of numbers."""
    return all(isinstance(e.value, (cst.Call, cst.Tuple, cst.List)) for e in spec.elements)


def _none_dimension(spec: cst.BaseExpression) -> cst.CSTNode | None:
    """The spec or shape in ``spec`` (a ``TensorSpec``, a ``TensorShape``, a shape tuple, or a
    tuple or dict of these) that has a None dimension after its first."""
    if isinstance(spec, cst.Dict):
        for element in spec.elements:
            if isinstance(element, cst.DictElement):
                found = _none_dimension(element.value)
                if found is not None:
                    return found
        return None
    if isinstance(spec, cst.Call):
        shape = next(
            (a.value for a in spec.args if a.keyword is None or a.keyword.value == "shape"), None
        )
        if isinstance(shape, (cst.Tuple, cst.List)) and _has_none(shape):
            return spec
        return None
    if isinstance(spec, (cst.Tuple, cst.List)):
        if _has_none(spec):
            return spec
        for element in spec.elements:
            if isinstance(element.value, (cst.Call, cst.Tuple, cst.List, cst.Dict)):
                found = _none_dimension(element.value)
                if found is not None:
                    return found
    return None


def _has_none(shape: cst.Tuple | cst.List) -> bool:
    """A shape of literal dimensions (ints or None) with a None among them."""
    values = [e.value for e in shape.elements]
    return (
        bool(values)
        and all(isinstance(v, (cst.Integer, cst.Name)) for v in values)
        and any(isinstance(v, cst.Name) and v.value == "None" for v in values)
    )


# tf.data transformations after a `padded_batch` that hand on its batches as they are.
_DATASET_KEEPS_BATCHES = frozenset(
    {"prefetch", "shuffle", "repeat", "take", "skip", "cache", "with_options"}
)


def _yielded(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The values ``node``'s own ``yield`` expressions yield (not those of functions or classes
    inside it)."""
    out: list[cst.BaseExpression] = []
    todo = list(children(node))
    while todo:
        child = todo.pop()
        if isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            continue
        if isinstance(child, cst.Yield) and isinstance(child.value, cst.BaseExpression):
            out.append(child.value)
        todo += children(child)
    return out


def _one_row(index: cst.BaseSlice) -> bool:
    """``i:i + 1`` (or ``:1``, ``0:1``) in a subscript: one row, as a batch of one."""
    if not isinstance(index, cst.Slice) or index.step is not None:
        return False
    upper = index.upper
    if isinstance(upper, cst.Integer) and upper.value == "1":
        return index.lower is None or (
            isinstance(index.lower, cst.Integer) and index.lower.value == "0"
        )
    if index.lower is None:
        return False
    return (
        isinstance(upper, cst.BinaryOperation)
        and isinstance(upper.operator, cst.Add)
        and isinstance(upper.right, cst.Integer)
        and upper.right.value == "1"
        and code(upper.left) == code(index.lower)
    )


def _adds_axis(index: cst.BaseSlice) -> bool:
    """``None``, ``tf.newaxis``/``np.newaxis``, ``...`` or a whole ``:`` in a subscript."""
    if isinstance(index, cst.Slice):
        return index.lower is None and index.upper is None and index.step is None
    value = index.value
    if isinstance(value, cst.Name):
        return value.value == "None"
    if isinstance(value, cst.Ellipsis):
        return True
    return isinstance(value, cst.Attribute) and value.attr.value == "newaxis"


def _passed_per_iteration(
    model: ModuleModel, fn: FunctionInfo, param: str, depth: int
) -> list[tuple[str, cst.CSTNode]] | None:
    """The first call of ``fn`` that passes ``param`` an image read per iteration."""
    for site in model.call_sites:
        if site.callee is not fn:
            continue
        value = site.argument(param)
        if value is None:
            continue
        found = _read_per_iteration(model, value, site.scope, site.caller, depth)
        if found is not None:
            return [(f"`{fn.name}` is passed the image here", site.call), *found]
    return None


def _loops_around(model: ModuleModel, call: cst.Call) -> tuple[cst.CSTNode, ...]:
    """The loops around ``call`` within its function (from the index of reads)."""
    func = call.func
    name = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", None)
    for read in model.reads.get(name or "", ()):
        node = read.node
        if node is func:
            return read.loops
    return ()


# --- Keras's high-level loops called once per item -----------------------------------------------


def _names_read(node: cst.CSTNode) -> list[cst.Name]:
    """The names an expression reads (not attribute names, keywords, or a lambda's own)."""
    out: list[cst.Name] = []
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, cst.Name):
            out.append(n)
        elif isinstance(n, (cst.Attribute, cst.Arg)):
            todo.append(n.value)
        elif isinstance(n, cst.Lambda):
            continue
        else:
            todo.extend(n.children)
    return out


def _changes_per_iteration(
    model: ModuleModel,
    value: cst.BaseExpression,
    scope: Scope,
    loops: Sequence[cst.CSTNode],
    seen: set[str] | None = None,
) -> Varying | None:
    """Why ``value`` holds other data on each iteration of one of ``loops``: it reads the loop's
    variable, or a name the loop binds from it, or (in a ``while`` loop, which must change
    something to end) one it reads afresh from a call on every iteration (``frame =
    camera.read()``)."""
    seen = set() if seen is None else seen
    for name in _names_read(value):
        if name.value in seen:
            continue
        seen.add(name.value)
        later = _bound_later_in_loop(model, name, scope, loops)
        if later is not None:
            return Varying(
                f"`{name.value}`, which the loop sets after this read for the next iteration "
                "(a state carried through the loop)",
                later.node,
            )
        changed = _changed_in_place_in_loop(name, loops)
        if changed is not None:
            return Varying(
                f"`{name.value}`, which the loop changes in place on every iteration "
                f"(`{short(changed)}`)",
                changed,
            )
        for site in model.binding_of(name, scope).sites:
            around = [loop for loop in loops if model.inside(site, loop)]
            if not around:
                continue
            if site.kind in (SiteKind.LOOP, SiteKind.COMPREHENSION):
                return Varying(f"the loop variable `{name.value}`", site.node)
            if site.value is None:
                continue
            if site.kind in (SiteKind.ASSIGN, SiteKind.UNPACK, SiteKind.AUGASSIGN):
                if any(isinstance(loop, cst.While) for loop in around) and (
                    _has_call(site.value) or _reads_object_attribute(model, site.value, scope)
                ):
                    return Varying(f"`{name.value}`, read anew on every iteration", site.node)
                if _carried(model, name, site, scope, around):
                    return Varying(
                        f"`{name.value}`, which each iteration computes from the last one's "
                        "(a state carried through the loop)",
                        site.node,
                    )
                if _changes_per_iteration(model, site.value, scope, loops, seen):
                    return Varying(
                        f"`{name.value}`, computed from the loop's data on every iteration",
                        site.node,
                    )
    return None


# list and deque methods that change the container in place
_IN_PLACE_METHODS = frozenset(
    {"append", "extend", "insert", "pop", "popleft", "appendleft", "extendleft", "remove"}
)


def _changed_in_place_in_loop(name: cst.Name, loops: Sequence[cst.CSTNode]) -> cst.Call | None:
    """A call in the innermost of ``loops`` that changes the list ``name`` holds in place
    (``seq.append(next_value)``, ``window.pop(0)``): the loop's next read of it sees other
    data, a sequence extended by each prediction."""
    body = getattr(loops[-1], "body", None) if loops else None
    if not isinstance(body, cst.CSTNode):
        return None  # a comprehension: no statements to change the list in
    todo: list[cst.CSTNode] = [body]
    while todo:
        node = todo.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value in _IN_PLACE_METHODS
            and isinstance(node.func.value, cst.Name)
            and node.func.value.value == name.value
        ):
            return node
        todo.extend(node.children)
    return None


def _bound_later_in_loop(
    model: ModuleModel, name: cst.Name, scope: Scope, loops: Sequence[cst.CSTNode]
) -> BindingSite | None:
    """The binding of ``name`` that the innermost of ``loops`` makes only after this read
    (``action = agent.act(state)`` ... ``state = next_state``): the read sees the value the
    iteration before set, a new one on each. None when the loop binds it before the read too,
    or binds it to a literal."""
    if not loops:
        return None
    at = model.event_index().get(id(name))
    if at is None:
        return None
    inner = loops[-1]
    sites = [
        site
        for site in model.lookup(name.value, scope).sites
        if site.kind in (SiteKind.ASSIGN, SiteKind.UNPACK, SiteKind.AUGASSIGN)
        and model.inside(site, inner)
    ]
    if not sites or any(site.order < at for site in sites):
        return None
    later = sites[0]
    if later.value is None:
        return None
    if later.kind != SiteKind.AUGASSIGN and is_python_literal(later.value):
        return None  # set to a constant (`done = 0`); a counter (`i += 1`) changes each time
    return later


def _carried(
    model: ModuleModel,
    name: cst.Name,
    site: BindingSite,
    scope: Scope,
    loops: Sequence[cst.CSTNode],
) -> bool:
    """Whether ``site``, a binding of ``name`` in ``loops``, computes it from ``name``'s own value
    of the iteration before, directly (``state = state + step``) or through other names the
    loop binds (``action = agent.act(state)``; ``state, reward = env.step(action)``): a state
    carried from one iteration to the next, which holds other data on each. Each name read is
    followed to the binding that reaches it: the last one before it in the same iteration, or,
    only where there is none, those of the iteration before (``x = read(); x = x / 255.0``
    reads this iteration's ``x``)."""

    # the innermost loop around the binding: its iterations are the ones that carry the value
    innermost = [loop for loop in loops if model.inside(site, loop)][-1:]

    def in_loop(n: str) -> list[BindingSite]:
        return [
            other
            for other in model.lookup(n, scope).sites
            if other.kind in (SiteKind.ASSIGN, SiteKind.UNPACK, SiteKind.AUGASSIGN)
            and other.value is not None
            and any(model.inside(other, loop) for loop in innermost)
        ]

    todo: list[tuple[cst.BaseExpression, int]] = [(site.value, site.order)]
    seen: set[tuple[str, int]] = set()
    while todo and len(seen) < 32:
        value, at = todo.pop()
        for read in _names_read(value):
            sites = in_loop(read.value)
            before = [other for other in sites if other.order < at]
            if read.value == name.value and not before:
                return True  # the value of the iteration before
            reaching = [max(before, key=lambda other: other.order)] if before else sites
            for other in reaching:
                if (read.value, other.order) not in seen:
                    seen.add((read.value, other.order))
                    todo.append((other.value, other.order))
    return False


def _has_call(node: cst.CSTNode) -> bool:
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, cst.Call):
            return True
        if not isinstance(n, cst.Lambda):
            todo.extend(n.children)
    return False


def _reads_object_attribute(model: ModuleModel, value: cst.BaseExpression, scope: Scope) -> bool:
    """``sensor.value``, ``device.reading``: an attribute of an object (not of ``self``, nor of
    a module), which a ``while`` loop reads again on each iteration to see it change."""
    if not isinstance(value, cst.Attribute):
        return False
    root = value.value
    while isinstance(root, cst.Attribute):
        root = root.value
    return (
        isinstance(root, cst.Name)
        and root.value != "self"
        and model.qualified_name(root) is None
        and model.kind_of(root, scope) is None
    )


def _from_parameter(
    model: ModuleModel, value: cst.BaseExpression, fn: FunctionInfo, seen: set[str] | None = None
) -> str | None:
    """The parameter of ``fn`` that ``value`` is computed from (through assignments in ``fn``)."""
    seen = set() if seen is None else seen
    for name in _names_read(value):
        if name.value in seen:
            continue
        seen.add(name.value)
        for site in model.binding_of(name).sites:
            if site.where is not fn:
                continue
            if site.kind == SiteKind.PARAM and name.value not in ("self", "cls"):
                return name.value
            if site.kind in (SiteKind.ASSIGN, SiteKind.UNPACK) and site.value is not None:
                found = _from_parameter(model, site.value, fn, seen)
                if found is not None:
                    return found
    return None


# Calls that apply the function they are handed to each element of a collection: Python's
# `map`, pandas' `Series.apply`/`map`/`DataFrame.apply`/`applymap`, a pool's `map` family.
_MAPPING_METHODS = frozenset(
    {
        "map",
        "apply",
        "applymap",
        "imap",
        "imap_unordered",
        "starmap",
        "progress_apply",  # tqdm's pandas methods
        "progress_map",
    }
)


def _mapped_functions(context) -> dict[int, cst.Call]:
    """The functions (by id of their node) the module hands to a call that maps them over a
    collection: a lambda, a function, ``self.<method>`` or an instance's method
    (``predictor.predict_one``), with the mapping call."""

    def compute() -> dict[int, cst.Call]:
        model = context.model
        found: dict[int, cst.Call] = {}
        for node, entering in model.events:
            if not entering or type(node) is not cst.Call or not node.args:
                continue
            if not _maps_over_items(model, node):
                continue
            for arg in node.args:
                fn = _function_named(model, arg.value)
                if fn is not None:
                    found.setdefault(id(fn.node), node)
        return found

    return context.memo(_mapped_functions, compute)


def _function_named(model: ModuleModel, expr: cst.BaseExpression) -> FunctionInfo | None:
    """The module's function ``expr`` names: a lambda, a function, ``self.<method>``, or the
    method of an instance of a module class (``predictor.predict_one``)."""
    if isinstance(expr, cst.Lambda):
        return model.function_of.get(expr)
    if isinstance(expr, cst.Call) and model.call_name(expr) == "functools.partial" and expr.args:
        return _function_named(model, expr.args[0].value)
    if not isinstance(expr, (cst.Name, cst.Attribute)):
        return None
    scope = model.scope_of(expr.value if isinstance(expr, cst.Attribute) else expr)
    fn = model.function_referenced(expr, scope)
    if fn is not None or not isinstance(expr, cst.Attribute):
        return fn
    cls = model.instance_of(expr.value, scope)
    if cls is None:
        kind = model.kind_of(expr.value, scope)
        cls = kind.subclass if kind is not None else None
    return cls.methods.get(expr.attr.value) if cls is not None else None


def _keras_compile_arguments(call: cst.Call) -> bool:
    """``x.compile(optimizer=..., loss=...)``: Keras's ``Model.compile`` keywords, both given
    (a receiver whose kind the module does not show, such as a parameter, that is compiled
    with them and then trained, is a Keras model)."""
    keywords = {a.keyword.value for a in call.args if a.keyword is not None}
    return {"optimizer", "loss"} <= keywords


def _keras_model(
    model: ModuleModel,
    receiver: cst.BaseExpression,
    scope: Scope,
    fn: FunctionInfo | None,
    depth: int = 0,
) -> bool:
    """Whether ``receiver`` holds a Keras model: its kind says so, or it is a parameter of
    ``fn`` that every call the module shows passes a Keras model."""
    kind = model.kind_of(receiver, scope)
    if kind is not None:
        return kind.kind == "model"
    if isinstance(receiver, (cst.Name, cst.Attribute)) and depth <= 2:
        # `self.D = None` in `__init__`, a model assigned later: the model is what is called
        values = [
            v
            for v in model.bound_values(receiver, scope)
            if not (isinstance(v, cst.Name) and v.value == "None")
        ]
        if values and all(_kind_is_model(model, v, scope) for v in values):
            return True
        # `self.model = model` in `__init__`: the model each construction passes
        if values and all(_constructed_with_model(model, v, depth) for v in values):
            return True
    if isinstance(receiver, cst.Subscript) and depth <= 2:
        values = _dict_values(model, receiver.value, scope)
        return bool(values) and all(
            _keras_model(model, value, scope, fn, depth + 1) for value in values
        )
    if fn is None or depth > 2 or not isinstance(receiver, cst.Name):
        return False
    if not model.binding_of(receiver, scope).param_only:
        return False
    passed = [
        (site.argument(receiver.value), site.scope, site.caller)
        for site in model.call_sites
        if site.callee is fn
    ]
    passed += _bound_by_partial(model, fn, receiver.value)
    return bool(passed) and all(
        value is not None and _keras_model(model, value, scope, caller, depth + 1)
        for value, scope, caller in passed
    )


def _constructed_with_model(model: ModuleModel, value: cst.BaseExpression, depth: int) -> bool:
    """Whether ``value`` is a parameter of an ``__init__`` to which every construction of its
    class the module shows passes a Keras model."""
    if not isinstance(value, cst.Name) or depth > 2:
        return False
    scope = model.scope_of(value)
    binding = model.binding_of(value, scope)
    init = binding.scope if isinstance(binding.scope, FunctionInfo) else None
    if init is None or not binding.param_only:
        return False
    passed = model.constructor_arguments(init, value.value)
    return bool(passed) and all(
        given is not None and _keras_model(model, given, where, caller, depth + 1)
        for given, where, caller in passed
    )


def _kind_is_model(model: ModuleModel, value: cst.BaseExpression, scope: Scope) -> bool:
    kind = model.kind_of(value, scope)
    return kind is not None and kind.kind == "model"


def _bound_by_partial(
    model: ModuleModel, fn: FunctionInfo, param: str
) -> list[tuple[cst.BaseExpression | None, Scope, FunctionInfo | None]]:
    """What each ``functools.partial(fn, ...)`` of the module binds to ``param`` (None: not
    bound there), with where it is evaluated."""
    found: list[tuple[cst.BaseExpression | None, Scope, FunctionInfo | None]] = []
    for read in model.reads.get(fn.name, ()):
        call = read.holder
        if (
            read.role != "argument"
            or not isinstance(call, cst.Call)
            or not call.args
            or call.args[0].value is not read.node
            or model.call_name(call) != "functools.partial"
        ):
            continue
        scope = model.scope_of(read.node if isinstance(read.node, cst.Name) else read.node.value)
        if model.function_referenced(read.node, scope) is not fn:
            continue
        params = list(fn.params)
        value = None
        for index, arg in enumerate(call.args[1:]):
            if arg.star:
                break
            if (arg.keyword is not None and arg.keyword.value == param) or (
                arg.keyword is None and index < len(params) and params[index] == param
            ):
                value = arg.value
        found.append((value, scope, read.function))
    return found


def _maps_over_items(model: ModuleModel, call: cst.Call) -> bool:
    """Whether ``call`` applies a function to each item of a collection (not a `tf.data`
    `Dataset.map`, whose function is traced once)."""
    func = call.func
    if isinstance(func, cst.Name):
        return model.call_name(call) == "builtins.map"
    if not isinstance(func, cst.Attribute) or func.attr.value not in _MAPPING_METHODS:
        return False
    if any(arg.keyword is not None and arg.keyword.value == "axis" for arg in call.args):
        return True  # pandas' `DataFrame.apply(f, axis=1)`: a row at a time
    return not model.is_dataset(func.value) or _pandas_table(model, func.value)


def _pandas_table(model: ModuleModel, expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` (or the table it is a column of: ``table['s']``, ``table.s``) is
    bound to what a pandas call returns (a table named ``dataset`` is not a tf.data one)."""
    while isinstance(expr, (cst.Subscript, cst.Attribute)):
        expr = expr.value
    if not isinstance(expr, cst.Name):
        return False
    values = model.bound_values(expr, model.scope_of(expr))
    return bool(values) and all(
        isinstance(v, cst.Call) and (model.call_name(v) or "").startswith("pandas.") for v in values
    )


def _often_named(model: ModuleModel, loops: Sequence[cst.CSTNode]) -> bool:
    """``_often``, with a loop's count read from a name the module binds once, to an integer
    (``for step in range(STEPS)``, ``STEPS = 3``): a handful of predict calls costs a handful
    of pipeline set-ups, nothing that adds up."""
    total = 1
    for loop in loops:
        count = _repeats(model, [loop])
        if count is None and isinstance(loop, cst.For):
            count = _named_range(model, loop.iter)
        if count is None:
            return True
        total *= count
    return total >= FREQUENT_TRACING


def _named_range(model: ModuleModel, iterated: cst.BaseExpression) -> int | None:
    """N of ``range(N)`` where N is a name bound once, to an integer literal."""
    if not (
        isinstance(iterated, cst.Call)
        and model.call_name(iterated) == "builtins.range"
        and len(iterated.args) == 1
        and isinstance(iterated.args[0].value, cst.Name)
    ):
        return None
    values = model.binding_of(iterated.args[0].value, model.scope_of(iterated)).known_values
    if values and len(values) == 1 and isinstance(values[0], cst.Integer):
        return int(values[0].evaluated_value)
    return None


class KerasPredictPerItem(Rule):
    id = "TF510"
    name = "keras-predict-per-item-in-loop"
    category = "retracing"
    message = (
        "`model.predict` is called once per item of a loop: a new input pipeline built and "
        "traced on every call"
    )
    rationale = """
        `Model.predict` is Keras's loop for large inputs: every call wraps its data in a new
        input pipeline (a `tf.data` dataset, whose functions are traced, and its iterator),
        runs the predict function over it, and gathers the batches' outputs. Called once per
        item of a Python loop (each image, frame, file, user or row), that set-up is paid for
        every item and is many times the model's own work on one small input (under TF 2.21,
        three pipeline functions traced per call), and an input of a shape the predict function
        has not seen (another length, image size or batch size) can trace it again (Keras 3
        relaxes the shape after one retrace: eight image sizes gave two traces under TF 2.21). Keras's documentation says so too: for small
        numbers of inputs that fit in one batch, call the model directly. Call the model
        (`model(x, training=False)`, or a `tf.function` of it with `reduce_retracing=True`),
        or predict all the items in one call. Reported when the data passed changes on each
        iteration of the loop around the call (its variable, data computed or read from it
        there, or a state the loop carries from one iteration to the next: a control loop's
        observation, a sequence extended by each prediction, an item a counter picks; data
        drawn at random there, or by a function of the module it calls there (a simulated
        sensor's `read()`), or of a size drawn or changed there; an object's attribute a
        `while` loop reads again, a sensor's value), also through a function or a method called
        in such a loop (on an object the module passes in, by the method's name when no other
        class defines it) or mapped over a collection (`map`, pandas' `apply`); a function
        that reads its own new data on each call (`self.sensor.read()`, `queue.get()`,
        `input()`) and that a `while` loop calls on every pass; one item (`x[:1]`, `x[None]`)
        predicted on every pass of a `while` loop, the same item or not; data an object of the
        module gives anew on each iteration (a method that changes the object's own state
        returns it, a simulated sensor's `read()`; or an attribute a method the loop calls
        sets, an environment's `state` after `env.step(action)`); the model may
        be held on `self` from what each construction of the object passes. Not for a loop
        that runs fewer than five times (`range(3)`, or `range(STEPS)` with `STEPS` bound once
        to such a number), nor for a fixed
        data set predicted once per epoch, nor a random sample predicted once per epoch after
        its batches, nor for a model built anew on each iteration (a cross-validation fold's
        test set). Where a helper is called per item, the finding is
        at the `predict` call when the helper itself makes the item a batch of one there
        (`x[None]`, `np.expand_dims(x, 0)`, `x.reshape(1, -1)`, `[x]`, `x[i:i + 1]`, a helper
        or method of the module returning one such as a one-hot row: the line the advised
        fix changes), and at the call per item when the helper passes on what it is given
        (the items are made one by one there); the other place is its evidence.
    """

    def visit_Module(self, node: cst.Module) -> None:
        self._reported: set[int] = set()  # ids of the per-item calls already reported

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if type(func) is cst.Attribute and func.attr.value == "predict":
            self._check(node, func)

    def _check(self, node: cst.Call, func: cst.Attribute) -> None:
        context, model = self.context, self.model
        if context.in_traced_code:
            return
        data = _data_argument(node)
        if data is None:
            return
        if not _keras_model(model, func.value, context.scope, context.function):
            return
        receiver = short(func.value, 30)
        built = code(func.value)
        if any(model.assigns(built, loop) for loop in context.loops):
            return  # a new model on each iteration (a fold, a trial): TF507's, when not trained
        if context.loops:
            found = _changes_per_iteration(model, data, context.scope, context.loops)
            if found is None:
                found = _shaped_per_iteration(model, data, context.scope, context)
            if found is None:
                found = _stateful_per_iteration(model, data, context.scope, context.loops)
            if found is None and not _epoch_loop(model, context.loops[-1], node):
                found = _drawn_per_iteration(model, data, context.scope, context.loops)
                if (
                    found is None
                    and isinstance(context.loops[-1], cst.While)
                    and _batch_of_one(model, data, context.scope, 0)
                ):
                    found = Varying(
                        f"`{short(data)}`, one item on every pass of a `while` loop", data
                    )
            if found is not None and _often_named(model, context.loops):
                self.report(
                    node,
                    f"`{receiver}.predict` is called on every iteration, on {found.description}: "
                    "each call builds and traces a new input pipeline, and a new input shape "
                    "can trace the predict function again; call the model "
                    f"(`{receiver}(x, training=False)`) or predict all the items in one call",
                    because=[("the data it is given changes here", found.changed_at)],
                )
                return
        fn = context.function
        if fn is None or runs_once(fn):
            return
        param = _from_parameter(model, data, fn)
        if param is None and not context.loops and not model.assigns(built, fn.node):
            self._read_per_call(node, fn, data, receiver)
            return
        if param is None or model.assigns(built, fn.node):
            return
        per_item = self._called_per_item(fn, param)
        if per_item is None:
            return
        if not _batch_of_one(model, data, context.scope, 0):
            # the helper passes on what it is given: the items are made one by one where it is
            # called, and could be batched there
            if id(per_item[1]) in self._reported:
                return
            self._reported.add(id(per_item[1]))
            self.report(
                per_item[1],
                f"`{fn.name}` is called once per item here, and calls `{receiver}.predict` on "
                "each: every predict call builds and traces a new input pipeline, and a new input "
                f"shape can trace the predict function again; call the model there "
                f"(`{receiver}(x, training=False)`) or predict all the items in one call",
                because=[per_item, (f"`{receiver}.predict` is called here", node)],
            )
            return
        # the helper makes a batch of one item for predict: reported at that predict call, the
        # line the fix changes (call the model there); the call per item is its evidence
        self.report(
            node,
            f"`{receiver}.predict` is called once per item: `{fn.name}` is called for each item "
            "of a loop (or mapped over a collection), so every predict call builds and traces a "
            "new input pipeline, and a new input shape can trace the predict function again; "
            f"call the model here (`{receiver}(x, training=False)`) or predict all the items in "
            "one call",
            because=[per_item],
        )

    def _read_per_call(
        self, node: cst.Call, fn: FunctionInfo, data: cst.BaseExpression, receiver: str
    ) -> None:
        """``fn`` reads its own new data on each call (``reading = self.sensor.read()``) and
        predicts it, and a ``while`` loop calls it on every pass (a monitor's or a server's
        loop, not one that trains): one predict call per reading."""
        model = self.model
        read = _read_in_function(model, data, fn)
        if read is None:
            return
        loop_call = _called_in_while_loop(model, fn)
        if loop_call is None:
            return
        self.report(
            node,
            f"`{receiver}.predict` is called once per item: `{fn.name}` reads new data on each "
            "call and a loop calls it on every pass, so every predict call builds and traces a "
            "new input pipeline, and a new input shape can trace the predict function again; "
            f"call the model here (`{receiver}(x, training=False)`)",
            because=[
                (f"`{short(read)}` is read anew on each call of `{fn.name}`", read),
                (f"`{fn.name}` is called here on every pass of the loop", loop_call),
            ],
        )

    def _called_per_item(
        self, fn: FunctionInfo, param: str, depth: int = 0
    ) -> tuple[str, cst.CSTNode] | None:
        """Where ``fn`` is called once per item: in a loop, with other data for ``param`` on
        each iteration, or handed to a call that maps it over a collection; or passed its
        ``param`` from a parameter of a function called so (a helper of a helper)."""
        model = self.model
        mapping = _mapped_functions(self.context).get(id(fn.node))
        if mapping is not None:
            return (f"`{fn.name}` is mapped over a collection here", mapping)
        sites = [site for site in model.call_sites if site.callee is fn]
        sites += _unresolved_method_calls(model, fn)
        for site in sites:
            value = site.argument(param)
            if value is None:
                continue
            if (
                site.loops
                and _often_named(model, site.loops)
                and (
                    _changes_per_iteration(model, value, site.scope, site.loops)
                    or (
                        not _epoch_loop(model, site.loops[-1], site.call)
                        and _drawn_per_iteration(model, value, site.scope, site.loops)
                    )
                )
            ):
                return (f"`{fn.name}` is called here for each item", site.call)
            caller = site.caller
            if depth < 3 and caller is not None and caller is not fn and not runs_once(caller):
                outer = _from_parameter(model, value, caller)
                if outer is not None and self._called_per_item(caller, outer, depth + 1):
                    return (f"`{fn.name}` is called here for each item", site.call)
        return None


_RANDOM_MODULES = ("random.", "numpy.random.", "tensorflow.random.")


def _nodes_under(root: cst.CSTNode) -> list[cst.CSTNode]:
    found, todo = [], [root]
    while todo:
        node = todo.pop()
        found.append(node)
        todo.extend(children(node))
    return found


def _sets_own_state(fn: FunctionInfo) -> set[str]:
    """The attributes of ``self`` a method assigns (``self.state = ...``, ``self.t += 1``)."""
    found: set[str] = set()
    for node in _nodes_under(fn.node):
        targets: list[cst.BaseExpression] = []
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            targets = [node.target]
        for target in targets:
            elements = target.elements if isinstance(target, (cst.Tuple, cst.List)) else ()
            for t in [target, *(e.value for e in elements)]:
                if (
                    isinstance(t, cst.Attribute)
                    and isinstance(t.value, cst.Name)
                    and t.value.value == "self"
                ):
                    found.add(t.attr.value)
    return found


def _stateful_per_iteration(
    model: ModuleModel,
    value: cst.BaseExpression,
    scope: Scope,
    loops: Sequence[cst.CSTNode],
    depth: int = 0,
) -> Varying | None:
    """Data an object of the module gives anew on each iteration: a method of its class that
    changes the object's own state returns it (``reading = sensor.read()``, ``read`` advancing
    ``self.t``), or an attribute of the object that a method the loop calls sets (``env.state``,
    with ``env.step(action)`` in the loop setting ``self.state``): a simulated environment or
    sensor, whose every reading differs."""
    if depth > 4:
        return None
    todo: list[cst.CSTNode] = [value]
    while todo:
        node = todo.pop()
        if isinstance(node, (cst.Lambda, cst.FunctionDef)):
            continue
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            callee = model.callee(node, scope)
            if (
                callee is not None
                and callee.cls is not None
                and model.return_values(callee)
                and _sets_own_state(callee)
            ):
                return Varying(
                    f"`{short(node)}`, which changes its object's state and returns new data on "
                    "every call",
                    node,
                )
        if (
            isinstance(node, cst.Attribute)
            and isinstance(node.value, cst.Name)
            and node.value.value != "self"
        ):
            setter = _state_set_in_loop(model, node, scope, loops)
            if setter is not None:
                return Varying(
                    f"`{short(node)}`, which `{short(setter.func)}` in the loop sets on every "
                    "iteration",
                    setter,
                )
        todo.extend(node.children)
    for name in _names_read(value):
        for site in model.binding_of(name, scope).sites:
            if site.value is None or site.kind not in (SiteKind.ASSIGN, SiteKind.UNPACK):
                continue
            if not any(model.inside(site, loop) for loop in loops):
                continue
            found = _stateful_per_iteration(model, site.value, scope, loops, depth + 1)
            if found is not None:
                return Varying(
                    f"`{name.value}`, computed from {found.description}", found.changed_at
                )
    return None


def _state_set_in_loop(
    model: ModuleModel, attribute: cst.Attribute, scope: Scope, loops: Sequence[cst.CSTNode]
) -> cst.Call | None:
    """A call in the innermost of ``loops`` of a method of the object ``attribute`` is read from
    (``env.step(a)`` for ``env.state``) that sets that attribute on ``self``."""
    if not loops:
        return None
    owner = attribute.value
    for node in _nodes_under(loops[-1]):
        if (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and isinstance(node.func.value, cst.Name)
            and node.func.value.value == owner.value
        ):
            callee = model.callee(node, scope)
            if (
                callee is not None
                and callee.cls is not None
                and attribute.attr.value in _sets_own_state(callee)
            ):
                return node
    return None


def _read_in_function(
    model: ModuleModel, data: cst.BaseExpression, fn: FunctionInfo
) -> cst.CSTNode | None:
    """The call (``self.sensor.read()``, ``camera.read()``, ``queue.get()``) or object
    attribute (``sensor.value``) that ``data`` is computed from in ``fn`` itself, on each call,
    reading none of ``fn``'s parameters."""
    todo: list[cst.BaseExpression] = [data]
    seen: set[str] = set()
    while todo:
        value = todo.pop()
        if _reads_object_attribute(model, value, fn):
            return value
        for call in _calls_within(value):
            if _reads_object_call(model, call, fn):
                return call
        for name in _names_read(value):
            if name.value in seen:
                continue
            seen.add(name.value)
            for site in model.binding_of(name, fn).sites:
                if site.where is not fn or site.value is None:
                    continue
                if site.kind in (SiteKind.ASSIGN, SiteKind.UNPACK):
                    todo.append(site.value)
    return None


def _calls_within(node: cst.CSTNode) -> list[cst.Call]:
    found, todo = [], [node]
    while todo:
        n = todo.pop()
        if isinstance(n, (cst.Lambda, cst.FunctionDef)):
            continue
        if isinstance(n, cst.Call):
            found.append(n)
        todo.extend(n.children)
    return found


def _reads_object_call(model: ModuleModel, call: cst.Call, fn: FunctionInfo) -> bool:
    """``self.sensor.read()``, ``camera.read()``, ``q.get()``, ``input()``: a method of an object
    that is not a module (nor a method of the module's own classes), or Python's ``input``."""
    if model.call_name(call) == "builtins.input":
        return True
    func = call.func
    if not isinstance(func, cst.Attribute) or model.callee(call, fn) is not None:
        return False
    root = func.value
    if isinstance(root, cst.Name) and root.value == "self":
        return False  # `self.preprocess(x)`: the object's own method
    while isinstance(root, (cst.Attribute, cst.Call, cst.Subscript)):
        root = root.func if isinstance(root, cst.Call) else root.value
    if not isinstance(root, cst.Name):
        return False
    if root.value == "self":
        return isinstance(func.value, cst.Attribute)  # `self.sensor.read()`
    if any(site.where is fn for site in model.binding_of(root, fn).sites):
        return False  # a local value's method (`x.reshape(1, -1)`): followed through its binding
    values = model.bound_values(root, fn)
    if values and all(
        is_python_literal(v)
        or (isinstance(v, cst.Call) and (model.call_name(v) or "").startswith(_DATA_MODULES))
        for v in values
    ):
        return False  # an array the module loaded once (`x_val.reshape(...)`): the same data
    return model.qualified_name(root) is None and model.kind_of(root, fn) is None


# modules whose calls return data (an array, a table, a tensor), not an object that reads more
_DATA_MODULES = ("numpy.", "pandas.", "tensorflow.", "keras.", "builtins.")


def _called_in_while_loop(
    model: ModuleModel, fn: FunctionInfo, depth: int = 0
) -> cst.CSTNode | None:
    """A call of ``fn`` on every pass of a ``while`` loop that trains no model (directly, or
    through a function of the module called so), often."""
    sites = [site for site in model.call_sites if site.callee is fn]
    sites += _unresolved_method_calls(model, fn)
    for site in sites:
        whiles = [loop for loop in site.loops if isinstance(loop, cst.While)]
        if whiles and _often(model, site.loops) and not _epoch_loop(model, whiles[-1], site.call):
            return site.call
        caller = site.caller
        if (
            depth < 2
            and not site.loops
            and caller is not None
            and caller is not fn
            and not runs_once(caller)
            and _called_in_while_loop(model, caller, depth + 1)
        ):
            return site.call
    return None


def _drawn_per_iteration(
    model: ModuleModel,
    value: cst.BaseExpression,
    scope: Scope,
    loops: Sequence[cst.CSTNode],
    depth: int = 0,
) -> Varying | None:
    """Data drawn at random on each iteration of ``loops`` (``np.random.rand(1, 8)``, a state
    ``np.random.randint(16)`` encoded there): new data for each call, though it reads nothing
    of the loop's own variable."""
    if depth > 4:
        return None
    todo: list[cst.CSTNode] = [value]
    while todo:
        node = todo.pop()
        if isinstance(node, (cst.Lambda, cst.FunctionDef)):
            continue
        if isinstance(node, cst.Call) and (model.call_name(node) or "").startswith(_RANDOM_MODULES):
            return Varying(f"`{short(node)}`, drawn at random on every iteration", node)
        if isinstance(node, cst.Call) and depth < 3:
            # `sensor.read()`: a function or method of the module that returns a new draw
            callee = model.callee(node, scope)
            if callee is not None and any(
                _drawn_per_iteration(model, returned, callee, (), depth + 2)
                for returned in model.return_values(callee)
            ):
                return Varying(
                    f"`{short(node)}`, which returns data drawn at random on every call", node
                )
        todo.extend(node.children)
    for name in _names_read(value):
        for site in model.binding_of(name, scope).sites:
            # bound in the loop, or (for what a called function returns) in that function
            fresh = any(model.inside(site, loop) for loop in loops) or (
                not loops and isinstance(scope, FunctionInfo) and site.where is scope
            )
            if site.value is None or not fresh:
                continue
            if site.kind not in (SiteKind.ASSIGN, SiteKind.UNPACK):
                continue
            found = _drawn_per_iteration(model, site.value, scope, loops, depth + 1)
            if found is not None:
                return Varying(
                    f"`{name.value}`, computed from {found.description}", found.changed_at
                )
    return None


def _epoch_loop(model: ModuleModel, loop: cst.CSTNode, call: cst.CSTNode) -> bool:
    """Whether ``loop`` is a training loop's epoch loop, seen from ``call`` in it: it holds
    another loop that is not around ``call`` (the batches of the epoch), or trains a model
    (``fit``): what it predicts once per iteration is a sample per epoch, not per item."""
    todo = list(loop.body.children) if hasattr(loop, "body") else []
    while todo:
        node = todo.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(node, (cst.For, cst.While)) and not contains(node, call):
            return True
        if (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "fit"
        ):
            return True
        todo.extend(node.children)
    return False


def _shaped_per_iteration(
    model: ModuleModel, data: cst.BaseExpression, scope: Scope, context
) -> Varying | None:
    """Data of a new shape on each iteration of the loops around it (a size the loop changes or
    draws at random, an image of its file's size), though it reads nothing else of the loop."""
    found = varying_shape(model, data, scope, context.loops)
    if found is not None:
        return found
    read = _read_per_iteration(model, data, scope, context.function)
    if read is None:
        return None
    description, where = read[0]
    return Varying(f"data of a new shape on every iteration ({description})", where)


def _unresolved_method_calls(model: ModuleModel, fn: FunctionInfo) -> list[CallSite]:
    """Calls ``obj.<method>(...)`` of the method ``fn``, by its name, on an object the module
    does not show (a parameter no call passes: ``play(env, agent)`` calling ``agent.act``),
    when no other class of the module defines a method of that name."""
    if fn.cls is None or not isinstance(fn.node, cst.FunctionDef) or fn.name.startswith("__"):
        return []
    if any(c is not fn.cls and fn.name in c.methods for c in model.classes.values()):
        return []
    calls = model.memo(
        _unresolved_method_calls,
        lambda: {id(call.func): call for call in model.nodes_of(cst.Call)},
    )
    found = []
    for read in model.reads.get(fn.name, ()):
        call = calls.get(id(read.node))
        receiver = read.node.value if isinstance(read.node, cst.Attribute) else None
        if call is None or not isinstance(receiver, cst.Name) or receiver.value == "self":
            continue
        scope = model.scope_of(receiver)
        if model.callee(call, scope) is not None or model.kind_of(receiver, scope) is not None:
            continue
        if not model.binding_of(receiver, scope).param_only:
            continue
        found.append(CallSite(call, fn, read.function, read.loops, scope))
    return found


def _batch_of_one(model: ModuleModel, data: cst.BaseExpression, scope: Scope, depth: int) -> bool:
    """Whether ``data`` makes one item into a batch of one: ``x[None]``, ``x[np.newaxis]``,
    ``np.expand_dims(x, 0)``, ``x.reshape(1, ...)``, ``[x]`` or ``np.array([x])`` (a list of
    these for a model of several inputs), through the binding of a name that reaches the read,
    arithmetic (``x / 255.0``) and ``.astype(...)``."""
    if depth > 4:
        return False
    if isinstance(data, (cst.List, cst.Tuple)):
        elements = [e.value for e in data.elements if not isinstance(e, cst.StarredElement)]
        if len(elements) == 1:
            return True
        return any(_batch_of_one(model, e, scope, depth + 1) for e in elements)
    if isinstance(data, cst.Subscript):
        return bool(data.slice) and (
            _adds_axis(data.slice[0].slice) or _one_row(data.slice[0].slice)
        )
    if isinstance(data, cst.Name):
        # the binding that reaches this read (`pixels = np.expand_dims(pixels, 0)` after
        # `pixels = img_to_array(face)`), else the one value the name is ever bound to
        values = reaching_values(model, data, model.binding_of(data, scope))
        return len(values) == 1 and _batch_of_one(model, values[0], scope, depth + 1)
    if isinstance(data, cst.BinaryOperation):
        # `pixels / 255.0`: arithmetic keeps the batch of one (not `[x] * 3`, a list of three)
        if isinstance(data.left, (cst.List, cst.Tuple)) or isinstance(
            data.right, (cst.List, cst.Tuple)
        ):
            return False
        return _batch_of_one(model, data.left, scope, depth + 1) or _batch_of_one(
            model, data.right, scope, depth + 1
        )
    if not isinstance(data, cst.Call):
        return False
    if isinstance(data.func, cst.Attribute) and data.func.attr.value == "astype":
        return _batch_of_one(model, data.func.value, scope, depth + 1)
    if not data.args:
        return False
    callee = model.callee(data, scope)
    if callee is not None:
        # a helper or method of the module that makes the batch (`one_hot(state)`,
        # `self.encode(state)`): what it returns
        returned = model.return_values(callee)
        return bool(returned) and all(
            _batch_of_one(model, value, callee, depth + 1) for value in returned
        )
    func = data.func
    leaf = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", "")
    first = data.args[0].value
    if leaf == "expand_dims":
        return True
    if leaf in ("zeros", "ones", "empty", "full"):
        # `np.zeros((1, n))`, filled in for one item
        sizes = first.elements if isinstance(first, (cst.List, cst.Tuple)) else []
        return (
            len(sizes) > 1
            and isinstance(sizes[0].value, cst.Integer)
            and sizes[0].value.value == "1"
        )
    if leaf == "reshape":
        # `x.reshape(1, -1)`, `x.reshape((1, n))`, `np.reshape(x, (1, n))`
        sizes = [a.value for a in data.args]
        module = isinstance(func, cst.Attribute) and (
            model.qualified_name(func.value) or ""
        ).startswith(("numpy", "tensorflow"))
        if module or not isinstance(func, cst.Attribute):
            sizes = sizes[1:]  # a module function's first argument is the array
        if sizes and isinstance(sizes[0], (cst.List, cst.Tuple)):
            sizes = [e.value for e in sizes[0].elements]
        return bool(sizes) and isinstance(sizes[0], cst.Integer) and sizes[0].value == "1"
    if leaf in (
        "array",
        "asarray",
        "stack",
        "convert_to_tensor",
        "constant",
        "to_categorical",  # `to_categorical([state], n)`: a one-hot row for one item
        "one_hot",
    ):
        return isinstance(first, cst.List) and len(first.elements) == 1
    return False


def _dict_values(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope
) -> list[cst.BaseExpression]:
    """The values of the dict literal a name (or ``self.<attr>``) is bound to, once; empty when
    it is bound to anything else."""
    if not isinstance(expr, (cst.Name, cst.Attribute)):
        return []
    bound = model.bound_values(expr, scope)
    if len(bound) != 1 or not isinstance(bound[0], cst.Dict):
        return []
    elements = bound[0].elements
    if not elements or any(not isinstance(e, cst.DictElement) for e in elements):
        return []
    return [e.value for e in elements]


def _data_argument(call: cst.Call) -> cst.BaseExpression | None:
    """The data a ``predict`` call is given: its first positional argument, or ``x=``."""
    for arg in call.args:
        if arg.star:
            return None
        if arg.keyword is None or arg.keyword.value == "x":
            return arg.value
    return None


def _bound_in(loop: cst.CSTNode) -> set[str]:
    """The names a loop binds on each iteration: its target's and those its body assigns (not
    in a function defined there)."""
    found: set[str] = set()

    def bind(target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            found.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                bind(element.value)

    def visit(node: cst.CSTNode) -> None:
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return
        if isinstance(node, cst.Assign):
            for t in node.targets:
                bind(t.target)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor)):
            bind(node.target)
        for child in node.children:
            visit(child)

    visit(loop)
    return found


def _argument_names(args: Sequence[cst.Arg]) -> set[str]:
    """The plain names the arguments' expressions read."""
    found: set[str] = set()

    def visit(node: cst.CSTNode) -> None:
        if isinstance(node, cst.Name):
            found.add(node.value)
        for child in node.children:
            visit(child)

    for arg in args:
        visit(arg.value)
    return found


def _cloned_in(model: ModuleModel, target: str, loop: cst.CSTNode, scope: Scope) -> cst.Call | None:
    """The ``clone_model(...)`` call that ``loop`` assigns to the name ``target``, if any."""
    if "." in target:
        return None
    for site in model.lookup(target, scope).sites:
        value = site.value
        if (
            site.kind == SiteKind.ASSIGN
            and isinstance(value, cst.Call)
            and model.inside(site, loop)
            and (model.call_name(value) or "").endswith("models.clone_model")
        ):
            return value
    return None


def _trained_in(
    model: ModuleModel, target: str, region: cst.CSTNode, scope: Scope | None = None
) -> cst.Call | None:
    """The first call in ``region`` that trains ``target`` (``fit``, ``train_on_batch``...),
    there or (given the ``scope`` the region runs in) in a method of the same object it calls
    (``self.train_discriminator(batch)``) or a module function it calls, for a module-level
    ``target``."""
    todo = list(region.children)
    helpers: list[FunctionInfo] = []
    while todo:
        node = todo.pop(0)
        if isinstance(node, cst.Call):
            func = node.func
            if (
                isinstance(func, cst.Attribute)
                and func.attr.value in knowledge.step_methods("train")
                and code(func.value) == target
            ):
                return node
            callee = model.callee(node, scope) if scope is not None else None
            if callee is not None and callee.node is not region:
                helpers.append(callee)
        if not isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            todo.extend(node.children)
    same_object = target.startswith("self.")
    for helper in helpers:
        if same_object != (helper.cls is not None and isinstance(helper.node, cst.FunctionDef)):
            continue
        if not same_object and "." in target:
            continue
        if not same_object and any(target == p for p in helper.params):
            continue  # the helper's own parameter of that name
        trained = _trained_in(model, target, helper.node)
        if trained is not None:
            return trained
    return None


def _steps_in_repeated_loop(model: ModuleModel, trained: cst.Call, loop: cst.CSTNode) -> bool:
    """A loop that trains one batch per iteration (``train_on_batch``) and runs at least twice:
    compiling there every time makes a new train function for every step, however few (a
    stage loop that trains a whole ``fit`` per iteration and compiles each stage is not it)."""
    count = _repeats(model, [loop])
    return (
        count is not None
        and count >= 2
        and isinstance(trained.func, cst.Attribute)
        and trained.func.attr.value == "train_on_batch"
    )


class CompileInTrainingLoop(Rule):
    id = "TF511"
    name = "compile-in-training-loop"
    category = "retracing"
    message = "a Keras model is compiled again on every iteration of the loop that trains it"
    rationale = """
        `compile` resets the functions Keras traced for the model (its train, test and predict
        functions), so the next `fit` or `train_on_batch` traces a new train function. Compiling
        the same model on every iteration of the loop that trains it (every episode of a
        reinforcement-learning agent, every step of a GAN that toggles `trainable`) therefore
        traces the training step again on every iteration: training is slower, the old graphs
        pile up in memory, and TensorFlow warns of frequent retracing. Compile once, before the
        loop. To change the learning rate, assign it (`model.optimizer.learning_rate =` a new
        value); for a GAN, compile the discriminator, then freeze it and compile the combined
        model, once each: each model keeps the trainable weights it was compiled with. Not
        reported when the loop builds a new model (a hyper-parameter search, cross-validation),
        compiles with values the iteration computes (a progressive GAN's resolution: a new
        configuration each time), or runs fewer than five literal times (two, where each
        iteration trains one batch with `train_on_batch`: a new train function for every step;
        a stage loop that runs a whole `fit` per iteration is left alone). A loop that compiles
        several models (a GAN's discriminator and combined model) is reported once, at its
        first `compile`. A search that clones
        one base model (`clone_model`) and compiles and fits the clone on every iteration is
        reported: each clone traces new train functions, and under TF 2.21 host memory grows by
        about 4 MB per clone of a small model, `tf.keras.backend.clear_session()` first in each
        iteration or not; one model compiled before the loop and reset per configuration
        (`set_weights` of its first weights, `optimizer.learning_rate.assign(lr)`) stays flat
        and traces once. The model is known by what the module builds it from, or, for one it
        does not show (a training function's parameter), by Keras's `compile(optimizer=...,
        loss=...)` keywords and its training in the same loop.
    """

    def visit_Module(self, node: cst.Module) -> None:
        self._loops_reported: set[int] = set()  # a loop that compiles several models: once

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if type(func) is not cst.Attribute or func.attr.value != "compile":
            return
        context, model = self.context, self.model
        if context.in_traced_code or not isinstance(func.value, (cst.Name, cst.Attribute)):
            return
        if not _keras_model(model, func.value, context.scope, context.function) and not (
            _keras_compile_arguments(node)
        ):
            return
        target = code(func.value)
        for loop in context.loops:
            if model.assigns(target, loop):
                self._clone_per_iteration(node, target, loop)
                return  # a new model on each iteration
            if _bound_in(loop) & _argument_names(node.args):
                return  # compiled with what the iteration computes: a new configuration
        for loop in reversed(context.loops):
            trained = _trained_in(model, target, loop, context.scope)
            if trained is not None and (
                _often(model, [loop]) or _steps_in_repeated_loop(model, trained, loop)
            ):
                if id(loop) in self._loops_reported:
                    return  # the loop's first compile is reported: the fix is the same
                self._loops_reported.add(id(loop))
                self.report(
                    node,
                    f"`{target}` is compiled again on every iteration of the loop that trains "
                    "it: each compile drops the traced train function, so every iteration "
                    "traces a new one; compile once before the loop",
                    because=[(f"`{target}` is trained here, in the same loop", trained)],
                )
                return
        fn = context.function
        if context.loops or fn is None or runs_once(fn) or fn.outer is not None:
            return
        if model.assigns(target, fn.node):
            return  # builds its own model
        trained = _trained_in(model, target, fn.node, context.scope)
        if trained is None:
            self._compiled_by_helper(node, fn, func.value)
            return
        often = [
            s for s in model.call_sites if s.callee is fn and s.loops and _often(model, s.loops)
        ]
        if often:
            self.report(
                node,
                f"`{fn.name}` compiles `{target}` again and trains it, and the module calls it "
                "in a loop: each compile drops the traced train function, so every call traces "
                "a new one; compile once, outside",
                because=[
                    (f"`{target}` is trained here", trained),
                    (f"`{fn.name}` is called in a loop here", often[0].call),
                ],
            )

    def _clone_per_iteration(self, node: cst.Call, target: str, loop: cst.CSTNode) -> None:
        """``m = clone_model(base)``, compiled and trained on every iteration of a search loop:
        each clone traces its own train functions, and host memory grows with every iteration
        (under TF 2.21 about 4 MB per clone of a small model, `clear_session()` or not; one
        compiled model reset per configuration stays flat and traces once)."""
        model, context = self.model, self.context
        clone = _cloned_in(model, target, loop, context.scope)
        if clone is None or not _often(model, [loop]):
            return
        trained = _trained_in(model, target, loop, context.scope)
        if trained is None:
            return
        self.report(
            node,
            f"`{target}` is a fresh clone compiled and trained on every iteration: each clone "
            "traces new train functions and host memory grows with every iteration "
            "(`clear_session()` does not stop it); compile one model before the loop and reset "
            "it for each configuration (`set_weights` of its first weights, assign "
            "`optimizer.learning_rate`)",
            because=[
                (f"`{target}` is cloned here, on every iteration", clone),
                (f"`{target}` is trained here, in the same loop", trained),
            ],
        )

    def _compiled_by_helper(
        self, node: cst.Call, fn: FunctionInfo, receiver: cst.BaseExpression
    ) -> None:
        """``fn`` compiles the model it is handed (``set_trainable(d, True)`` compiling ``d``), and
        a loop that calls it trains that same model."""
        model = self.model
        handed = isinstance(receiver, cst.Name) and receiver.value in fn.params
        for site in model.call_sites:
            if site.callee is not fn or not site.loops:
                continue
            # the model handed to the helper, or the one it compiles by its own name (a global,
            # or `self.<attr>` of the object whose method calls it)
            value = site.argument(receiver.value) if handed else receiver
            if not isinstance(value, (cst.Name, cst.Attribute)):
                continue
            passed = code(value)
            if passed.startswith("self.") and (
                site.caller is None or site.caller.cls is not fn.cls
            ):
                continue
            for loop in reversed(site.loops):
                if model.assigns(passed, loop) or not _often(model, [loop]):
                    break
                trained = _trained_in(model, passed, loop, site.scope)
                if trained is not None:
                    self.report(
                        node,
                        f"`{fn.name}` compiles `{passed}`, and a loop that trains `{passed}` "
                        "calls it on every iteration: each compile drops the traced train "
                        "function, so every iteration traces a new one; compile once, outside "
                        "the loop",
                        because=[
                            (f"`{fn.name}` is called on `{passed}` in a loop here", site.call),
                            (f"`{passed}` is trained here, in the same loop", trained),
                        ],
                    )
                    return


# --- a Python number traced into a function that is exported ------------------------------------


def _python_float(model: ModuleModel, expr: cst.BaseExpression, scope: Scope | None) -> bool:
    """A float literal (``0.5``, ``-1.0``), or a name bound only to one."""
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        expr = expr.expression
    if isinstance(expr, cst.Float):
        return True
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr, scope).known_values
        return bool(values) and len(values) == 1 and _python_float(model, values[0], None)
    return False


class PythonNumberBakedIntoExport(Rule):
    id = "TF514"
    name = "python-scalar-argument-baked-into-trace"
    category = "retracing"
    severity = "error"
    message = (
        "a `tf.function` of an exported object is traced with a Python float: the SavedModel "
        "keeps only that number, and the loaded function rejects any other"
    )
    rationale = """
        A `tf.function` traces one concrete function per Python value of a non-tensor
        argument: `0.5` is part of the trace's key, not an input. `tf.saved_model.save`
        exports the concrete functions traced so far, so a method traced for export with a
        Python float (`m.scale.get_concrete_function(spec, 0.5)`, or a call `m.scale(x, 0.5)`
        before the save) is loaded with that one number baked in: calling it with `2.0`, or a
        tensor, raises `ValueError: Could not find matching concrete function to call loaded
        from the SavedModel` (TF 2.21). Trace the argument as a tensor
        (`tf.TensorSpec([], tf.float32)` in `get_concrete_function`, or in the function's
        `input_signature`), or, if it is a constant, make it one inside the function. Evidence
        required: the module calls `tf.saved_model.save` after the trace (in the module's
        order: a trace made after the export is not in it); the function is a `tf.function`
        without an `input_signature` (a def of the module, or a method of a class of the
        module read through an instance); and a float literal (or a name bound only to one)
        is passed to it in `get_concrete_function`, or in a direct call on an object the
        module saves by that same name (or of a def the module hands on to an object:
        `tf.train.Checkpoint(f=f)`, `module.f = f`). Integers and bools (sizes, `training=False`) are not
        reported: they are usually meant to be fixed.
    """
    requires_text = ("saved_model",)

    def visit_Call(self, node: cst.Call) -> None:
        if not self._saved_after(node):  # first: most modules save nothing
            return
        func = node.func
        scope = self.context.scope
        concrete = isinstance(func, cst.Attribute) and func.attr.value == "get_concrete_function"
        target = func.value if concrete else func
        fn = self._traced_function(target, scope, saved_only=not concrete)
        if fn is None:
            return
        params = fn.params[1:] if fn.cls is not None else fn.params
        for index, arg in enumerate(node.args):
            if arg.star or not _python_float(self.model, arg.value, scope):
                continue
            if arg.keyword is not None:
                param = arg.keyword.value
            elif index < len(params):
                param = params[index]
            else:
                continue
            self.report(
                node,
                f"`{code(arg.value)}` is a Python number: the trace of `{fn.name}` bakes it "
                "in, and the exported function accepts only that number for "
                f"`{param}`; trace it as a tensor (`tf.TensorSpec([], tf.float32)`, or an "
                "`input_signature`)",
                because=[
                    (f"`{fn.qualname}` is a `tf.function` without an input signature", fn.node)
                ],
            )
            return

    def _saves(self) -> list[cst.Call]:
        return self.context.memo(
            ("saved-model-save", type(self).id),
            lambda: [
                c
                for c in self.model.nodes_of(cst.Call)
                if self.model.call_name(c) == "tensorflow.saved_model.save"
            ],
        )

    def _saved_after(self, node: cst.Call) -> bool:
        """Whether a ``tf.saved_model.save`` comes after ``node`` in the module (a trace made
        after the export is not in it)."""
        saves = self._saves()
        if not saves:
            return False
        index = self.model.event_index()
        at = index.get(id(node), -1)
        return any(index.get(id(save), -1) > at for save in saves)

    def _traced_function(
        self, target: cst.BaseExpression, scope: Scope | None, saved_only: bool
    ) -> FunctionInfo | None:
        """The tf.function (no input signature) ``target`` names: a def of the module, or a
        method read through an instance of a class of the module (``saved_only``: a method of
        an object the module passes, by this name, to ``tf.saved_model.save``, or a def the
        module hands on to an object)."""
        model = self.model
        fn = None
        if isinstance(target, cst.Name):
            fn = model.function_referenced(target, scope)
            if fn is not None and saved_only and not self._handed_on(fn):
                return None
        elif isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
            owner = target.value
            values = model.binding_of(owner, scope).known_values
            if not values or len(values) != 1 or not isinstance(values[0], cst.Call):
                return None
            made = values[0].func
            if not isinstance(made, cst.Name):
                return None
            sites = model.binding_of(made, model.scope_of(made)).sites
            if not sites or any(s.kind != SiteKind.CLASS for s in sites):
                return None
            cls = model.classes.get(sites[-1].node)
            fn = model.resolve_method(cls, target.attr.value) if cls is not None else None
            if saved_only and not self._saved(owner, scope):
                return None
        if fn is None:
            return None
        decorator = tf_function_decorator(model, fn)
        if decorator is None or input_signature(decorator):
            return None
        return fn

    def _handed_on(self, fn: FunctionInfo) -> bool:
        """Whether the module hands the function ``fn`` itself to something (an argument,
        ``tf.train.Checkpoint(f=f)``, or an attribute, ``module.f = f``): how a function of
        the module reaches the object it saves."""
        model = self.model
        for call in model.nodes_of(cst.Call):
            for arg in call.args:
                given = arg.value
                if isinstance(given, cst.Name) and given.value == fn.name:
                    return model.function_referenced(given, None) is fn
        for assign in model.nodes_of(cst.Assign):
            value = assign.value
            if (
                isinstance(value, cst.Name)
                and value.value == fn.name
                and any(isinstance(t.target, cst.Attribute) for t in assign.targets)
            ):
                return model.function_referenced(value, None) is fn
        return False

    def _saved(self, owner: cst.Name, scope: Scope | None) -> bool:
        binding = self.model.binding_of(owner, scope)
        for call in self._saves():
            if not call.args:
                continue
            given = call.args[0].value
            if isinstance(given, cst.Name) and given.value == owner.value:
                other = self.model.binding_of(given, self.model.scope_of(given))
                if other.scope is binding.scope:
                    return True
        return False

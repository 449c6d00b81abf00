"""State created inside traced code: tf.Variable, Keras backend variables, Keras layers, models,
optimizers, metrics."""

from __future__ import annotations

from tf2lint.analysis import knowledge
from tf2lint.analysis.model import BindingSite, ClassInfo, FunctionInfo, ModuleModel, SiteKind
from tf2lint.analysis.tensors import (
    custom_gradient_decorator,
    gradient_function_of,
    takes_variables,
)
from tf2lint.analysis.tracing import root_reason, runs_once, traced_target
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule, def_head
from tf2lint.rules.common import code, keras_optimizer_class, variable_kind


class VariableCreatedInTracedCode(Rule):
    id = "TF401"
    requires_traced_code = True
    calls_in_traced_code = True
    defers_to = frozenset({"TF407"})  # a variable of a custom-gradient function: its own pitfall
    name = "variable-created-in-traced-code"
    category = "variable-creation"
    severity = "error"
    message = "a tf.Variable or Keras object with weights is created inside traced code"
    rationale = """
        A `tf.function` may create variables only on its first trace. Creating a `tf.Variable`,
        a Keras backend variable (`K.variable`, `K.zeros`, `K.ones`, `K.eye`: the knowledge
        base knows which backend functions return one, by calling them), or a Keras layer,
        model, optimizer or metric (which create variables), on every call
        raises `ValueError: tf.function only supports singleton tf.Variables created on the
        first call` when the function retraces, and even where it does not fail it re-creates
        (and re-initialises) the state each trace. Create state once, outside (in `__init__`,
        `build`, or module scope), or guard the creation: `if self.v is None: self.v = ...`.
        Keras traces more than `tf.function`s: a layer's `call` (where `self.add_weight`
        belongs in `build`, or behind a one-time guard), the function of a `Lambda` layer,
        a loss or metric given to `compile` (also one a factory returns: `loss=make_loss()`),
        and a lambda stored on the layer that `call` applies (`self.conv = lambda t:
        Conv2D(...)(t)` builds a new layer each time). A model from `keras.applications`
        or `load_model` is a new model too.
        A builder, a function of the module that makes and returns a model or layer
        (`def feature_extractor(): ... return tf.keras.Model(inputs, features)`), is reported
        where traced code calls it, the line to move out, not inside it: building is what
        it is for. A builder decorated with `@tf.function` itself (`build_model` making and
        compiling a model) is reported once, at its head: the decoration is the mistake (a
        tf.function cannot even return the model: TypeError). A layer or model class of the
        module whose methods create weights counts as a Keras layer with weights.
    """

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        fn = self.model.function_of[node]
        built = decorated_builder(self.model, fn)
        if built is None:
            return
        head, through = def_head(node)
        returned = (
            " (and a tf.function cannot return a Keras object: TypeError)"
            if built_object(self.model, fn) is not None
            else ""
        )
        self.report(
            head,
            f"`{fn.qualname}` builds a {built} and is traced (`@tf.function`): its layers and "
            f"weights are created while tracing{returned}; remove the decorator (Keras traces "
            "the model's own steps)",
            because=[
                (f"`{fn.name}` builds the {built} here", built_at)
                for built_at in _built_at(self.model, fn)[:1]
            ],
            through=through,
            traced_in=fn,
        )

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return
        if _builder_called_in_module(self.model, context.function):
            return  # reported where the traced code calls the builder
        if any(decorated_builder(self.model, fn) for fn in _enclosing(context.function)):
            return  # reported once, at the decorated builder's head
        kind = variable_kind(self.model, node)
        if kind is None:
            kind = _module_layer_with_weights(self.model, node, context.scope)
        callee = self.model.callee(node, context.scope) if kind is None else None
        built = built_object(self.model, callee) if callee is not None else None
        if built is not None:
            self.report(
                node,
                f"{built} created inside traced `{context.function.qualname}` on every trace "
                f"by `{callee.name}()`, which builds and returns it; build it once outside, or "
                "behind a one-time guard",
                because=[(f"`{callee.name}` builds and returns a new {built}", callee.node)],
            )
            return
        if kind is None and _adds_weight(node):
            self.report(
                node,
                f"a weight is added with `{code(node.func)}` inside traced "
                f"`{context.function.qualname}`, on every trace; add it in `build` (or "
                "`__init__`), or behind a one-time guard",
            )
            return
        if kind is not None:
            weightless = kind == "Keras layer" and self._wraps_weightless_layer(node)
            self.report(
                node,
                f"{kind} created inside traced `{context.function.qualname}` on every trace; "
                "create it once outside, or behind a one-time guard",
                gap=WRAPPER_GAP if weightless else None,
            )

    def _wraps_weightless_layer(self, call: cst.Call) -> bool:
        """A wrapper (``RNN(cell)``, ``TimeDistributed(layer)``) of a layer of this module's
        own that creates no weights: its weights are the wrapped layer's, so it has none."""
        model = self.model
        scope = self.context.scope
        for arg in call.args:
            cls = model.instance_of(arg.value, scope)
            if cls is not None and cls.keras_kind and not _creates_weights(model, cls):
                return True
        return False


def built_object(model: ModuleModel, fn: FunctionInfo, depth: int = 0) -> str | None:
    """What stateful object (a "Keras model", a "Keras layer"...) the module's function ``fn``
    builds and returns, directly, through a name it binds, or from another such builder; None
    when it returns none (a function returning a layer's output is no builder)."""
    if depth > 3 or fn.is_generator:
        return None
    for returned in model.return_values(fn):
        values = model.bound_values(returned, fn) if isinstance(returned, cst.Name) else [returned]
        for value in values:
            if not isinstance(value, cst.Call):
                continue
            kind = variable_kind(model, value)
            if kind is None and knowledge.returns(model.call_name(value) or "") == "model":
                kind = "Keras model"  # `VGG16(...)`, `clone_model(...)`: a new model
            if kind is not None:
                return kind
            callee = model.callee(value, fn)
            if callee is not None and callee is not fn:
                kind = built_object(model, callee, depth + 1)
                if kind is not None:
                    return kind
    return None


def decorated_builder(model: ModuleModel, fn: FunctionInfo) -> str | None:
    """What a function decorated with ``@tf.function`` builds, when it is a model builder: it
    returns a new Keras model or layer (``built_object``), or constructs a model and compiles it.
    The decoration is the mistake there, not each layer inside."""
    reason = fn.traced_by
    if reason is None or reason.kind != "decorator" or (fn.outer is not None and fn.outer.traced):
        return None
    built = built_object(model, fn)
    if built is not None and built.startswith(("Keras model", "Keras layer", "Keras 3 layer")):
        return built
    if any(variable_kind(model, call) == "Keras model" for call in _built_at(model, fn)):
        return "Keras model"
    return None


def _built_at(model: ModuleModel, fn: FunctionInfo) -> list[cst.Call]:
    """The model constructions in ``fn`` whose result ``fn`` compiles (``m = Sequential(...);
    m.compile(...)``), or those it returns."""
    found = []
    for call in fn.calls:
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "compile"):
            continue
        for value in model.bound_values(func.value, fn):
            if isinstance(value, cst.Call) and variable_kind(model, value) == "Keras model":
                found.append(value)
    if found:
        return found
    for returned in model.return_values(fn):
        values = model.bound_values(returned, fn) if isinstance(returned, cst.Name) else [returned]
        found += [v for v in values if isinstance(v, cst.Call) and variable_kind(model, v)]
    return found


def _enclosing(fn: FunctionInfo | None):
    """``fn`` and the functions it is defined in, innermost first."""
    while fn is not None:
        yield fn
        fn = fn.outer


def _builder_called_in_module(model: ModuleModel, fn: FunctionInfo | None) -> bool:
    """Whether ``fn`` is traced only as a builder that traced code of this module calls: its
    creations are reported at those calls."""
    if fn is None or fn.traced_by is None:
        return False
    if fn.traced_by.kind != "called" or fn.traced_by.caller is None:
        return False
    return built_object(model, fn) is not None


def _module_layer_with_weights(model: ModuleModel, call: cst.Call, scope) -> str | None:
    """``ConvBlock(8)``: a Keras layer or model class of this module whose methods create
    weights (its own ``add_weight``, or Keras layers with weights that it builds)."""
    cls = model.constructed_class(call, scope)
    if cls is None or not cls.keras_kind or not _creates_weights(model, cls):
        return None
    return f"Keras {cls.keras_kind} (`{cls.name}`, this module's {cls.keras_kind} with weights)"


def _adds_weight(call: cst.Call) -> bool:
    """``self.add_weight(...)`` (``add_variable``): a layer creating a weight of its own."""
    func = call.func
    return (
        isinstance(func, cst.Attribute)
        and func.attr.value in WEIGHT_METHODS
        and isinstance(func.value, cst.Name)
        and func.value.value == "self"
    )


WRAPPER_GAP = (
    "it wraps a layer of this module that creates no weights, so it may have none of its own"
)


def _creates_weights(model: ModuleModel, cls: ClassInfo, depth: int = 0) -> bool:
    """Whether a class (or a base of it in this module) creates weights: ``add_weight``,
    ``tf.Variable`` or Keras objects with weights constructed in its methods."""
    for method in cls.methods.values():
        for inner in method.calls:
            func = inner.func
            if isinstance(func, cst.Attribute) and func.attr.value in WEIGHT_METHODS:
                return True
            if variable_kind(model, inner) is not None:
                return True
    if depth > 8:
        return True
    for base in cls.base_names:
        parent = model.module_classes.get(base or "")
        if parent is not None and _creates_weights(model, parent, depth + 1):
            return True
    return False


WEIGHT_METHODS = frozenset({"add_weight", "add_variable"})


# --- issue 28's missed pitfalls ------------------------------------------------------------------


def _without_slots(model: ModuleModel, built: cst.Call) -> bool:
    """A Keras 3 ``SGD`` without momentum (checked under TF 2.21 / Keras 3.15, see
    tests/test_variable_creation.py): ``apply_gradients`` creates no variable for it, since it
    keeps no slots and its iteration count is made with the optimizer. Under Keras 2 (tf_keras)
    the iteration count is made on the first apply, so it fails like the others."""
    if model.imports_keras2 or keras_optimizer_class(model.call_name(built)) != "SGD":
        return False
    for index, arg in enumerate(built.args):
        momentum = arg.keyword is not None and arg.keyword.value == "momentum"
        if momentum or (arg.keyword is None and index == 1):
            value = arg.value
            return isinstance(value, (cst.Integer, cst.Float)) and float(value.value) == 0.0
        if arg.star:
            return False
    return True


# Optimizer methods that build the optimizer's variables (its slots, iteration count) on their
# first call.
_BUILDING_METHODS = frozenset({"apply_gradients", "minimize", "apply"})


class FreshOptimizerPerCall(Rule):
    id = "TF499"
    calls_in_traced_code = False
    name = "fresh-optimizer-per-call"
    category = "variable-creation"
    severity = "error"
    message = "a new Keras optimizer is passed to a `tf.function` that applies it, on every call"
    # a Keras optimizer's name spells `optimizers` where it is imported or used
    requires_text = ("optimizers",)
    rationale = """
        An optimizer creates its variables (slots such as Adam's moments, its iteration count)
        the first time `apply_gradients` (or `minimize`) runs. Passed into a `tf.function`, a
        new optimizer object on every call is a new trace each time (tf.function keys objects
        by identity), and in that trace `apply_gradients` creates the new optimizer's
        variables, which `tf.function` allows only on its first trace: the second call fails
        with `ValueError: tf.function only supports singleton tf.Variables created on the first
        call` (and where it did not fail, every step would start from fresh optimizer state).
        Create the optimizer once, before the loop, and pass (or capture) that one. Reported
        when the optimizer is built inline at the call, or in the same loop or function, and
        the call repeats: in a loop, or in a function the module calls in a loop; not where
        the code builds the optimizer itself first (`optimizer.build(model.trainable_variables)`
        creates its variables eagerly) or makes the `tf.function` anew beside it. Also
        reported: a function that builds the optimizer and calls the `tf.function` with it,
        called more than once (a second training round), and a second optimizer object passed
        to the same parameter after a first (warm-up with SGD, then Adam), also through one
        name that holds each in turn (`opt = warmup if epoch == 0 else adam`, `for opt in
        (sgd, adam):`); a `tf.function` made per optimizer (`tf.function(train_step)` twice,
        the guide's workaround) is two functions and fine. Keras 3's `SGD`
        without momentum is the exception (checked under TF 2.21): it keeps no slots and makes
        its iteration count with the optimizer, so nothing fails; each new one is still a new
        trace, and the finding says so (under Keras 2 it fails like the others).
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if context.in_traced_code or not node.args:
            return
        target = traced_target(self.model, node, context.scope)
        if target is None or target[1] is None:
            return
        label, fn, _ = target
        if self._fresh_function(node, fn):
            return
        for index, arg in enumerate(node.args):
            if arg.star:
                return
            self._note_other_optimizer(node, fn, label, index, arg)
            found = self._fresh_optimizer(arg.value)
            if found is None:
                continue
            built, site = found
            if self._built_eagerly(arg.value):
                continue
            param = arg.keyword.value if arg.keyword else _parameter(fn, node, index)
            applied = _applies(self.model, fn, param) if param else None
            repeats = self._repeats(site)
            if applied is None or repeats is None:
                continue
            self._reported.add(id(arg.value))
            if _without_slots(self.model, built):
                # Keras 3's plain SGD creates no variable when applied (its iteration count
                # exists from construction): no failure, but a trace per optimizer object
                self.report(
                    arg.value,
                    f"a new Keras optimizer is passed to `{label}` {repeats[0]}: each is a new "
                    "trace (a tf.function keys objects by identity), so the graph is never "
                    "reused; under Keras 2 (tf_keras) its "
                    f"`{code(applied.func)}` also creates its iteration count, which fails "
                    "after the first trace; create the optimizer once and reuse it",
                    because=[("a new Keras optimizer is built here", built), *repeats[1:]],
                )
                continue
            self.report(
                arg.value,
                f"a new Keras optimizer is passed to `{label}` {repeats[0]}: each is a new trace, "
                f"whose `{code(applied.func)}` creates its variables, which fails after the "
                "first trace; create the optimizer once and reuse it",
                because=[
                    ("a new Keras optimizer is built here", built),
                    (f"`{code(applied.func)}` creates the optimizer's variables", applied),
                    *repeats[1:],
                ],
            )

    def visit_Module(self, node: cst.Module) -> None:
        # (id(traced function), its name, parameter) -> the optimizers passed there: (binding,
        # argument, the function's label, the name holding the optimizer)
        self._passed: dict[tuple[int, str, str], list[tuple[cst.CSTNode, cst.Arg, str, str]]] = {}
        self._reported: set[int] = set()

    def _note_other_optimizer(
        self, call: cst.Call, fn: FunctionInfo, label: str, index: int, arg: cst.Arg
    ) -> None:
        """An optimizer built once, elsewhere (``adam = Adam()`` at module level), passed to a
        traced function: recorded, to find a second one passed to the same parameter."""
        value = arg.value
        if not isinstance(value, cst.Name):
            return
        one = self._optimizer_built_once(value)
        # `opt = warmup if epoch == 0 else adam`, `for opt in (warmup, adam):`: the argument
        # is one of several optimizers built once, each passed in its turn
        built = [(one, value.value)] if one is not None else self._optimizers_chosen(value)
        if built is None:
            return
        param = arg.keyword.value if arg.keyword else _parameter(fn, call, index)
        if param is None or _applies(self.model, fn, param) is None:
            return
        for each, name in built:
            self._passed.setdefault((id(fn), label, param), []).append((each, arg, label, name))

    def _optimizer_built_once(self, value: cst.Name) -> cst.Call | None:
        """The optimizer constructor the name's one assignment calls, unless this function
        builds that optimizer's variables itself first (``value.build(...)``)."""
        sites = self.model.binding_of(value, self.context.scope).sites
        if len(sites) != 1 or sites[0].kind != SiteKind.ASSIGN:
            return None
        built = sites[0].value
        if not (isinstance(built, cst.Call) and keras_optimizer_class(self.model.call_name(built))):
            return None
        return None if self._built_eagerly(value) else built

    def _optimizers_chosen(self, value: cst.Name) -> list[tuple[cst.Call, str]] | None:
        """The optimizers a name holds in turn: its one binding is a conditional expression
        of names each bound once to an optimizer, or a ``for`` loop over a list or tuple of
        such names. None unless two distinct ones are known."""
        sites = self.model.binding_of(value, self.context.scope).sites
        if len(sites) != 1 or sites[0].value is None:
            return None
        site = sites[0]
        if site.kind == SiteKind.ASSIGN and isinstance(site.value, cst.IfExp):
            choices = [site.value.body, site.value.orelse]
        elif site.kind == SiteKind.LOOP and isinstance(site.value, (cst.List, cst.Tuple)):
            if site.index is not None:
                return None  # `for i, opt in ...`: not the elements themselves
            choices = [element.value for element in site.value.elements]
        else:
            return None
        built = []
        for choice in choices:
            if not isinstance(choice, cst.Name):
                return None
            one = self._optimizer_built_once(choice)
            if one is None:
                return None
            built.append((one, choice.value))
        return built if len({id(b) for b, _ in built}) > 1 else None

    def leave_Module(self, node: cst.Module) -> None:
        """A second optimizer passed to the parameter of a traced function that applies the
        first: a new trace, whose ``apply_gradients`` creates the second one's variables."""
        for (_, _, param), passed in self._passed.items():
            first_built, first_arg, label, first_name = passed[0]
            for built, arg, _, name in passed[1:]:
                if built is first_built or id(arg.value) in self._reported:
                    continue
                if _without_slots(self.model, built):
                    continue  # Keras 3's plain SGD: a second trace, nothing fails
                if arg is first_arg:  # one name holding each optimizer in its turn
                    after = f": `{code(arg.value)}` holds `{name}` after `{first_name}`"
                else:
                    after = f", after `{code(first_arg.value)}`"
                self.report(
                    arg.value,
                    f"a second Keras optimizer is passed to `{label}` as `{param}`{after}: "
                    "a new trace, whose `apply_gradients` creates "
                    "its variables, which fails after the first trace; use one optimizer per "
                    "`tf.function` (a new `tf.function` for the second), or build it first",
                    because=[
                        (f"`{first_name}` is passed first", first_arg.value),
                        ("the second optimizer is built here", built),
                    ],
                )
                break

    def _fresh_optimizer(
        self, value: cst.BaseExpression
    ) -> tuple[cst.Call, BindingSite | None] | None:
        """The optimizer constructor ``value`` is (inline: no binding site), or the one binding
        of a local name that builds one in this function."""
        site = None
        if isinstance(value, cst.Name):
            sites = self.model.binding_of(value, self.context.scope).sites
            if len(sites) != 1 or sites[0].kind != SiteKind.ASSIGN:
                return None
            site = sites[0]
            if site.where is not self.context.function:
                return None  # built elsewhere (at module level, once)
            value = site.value
        if isinstance(value, cst.Call) and keras_optimizer_class(self.model.call_name(value)):
            return value, site
        return None

    def _built_eagerly(self, value: cst.BaseExpression) -> bool:
        """Whether this function calls ``<value>.build(...)`` itself: the optimizer's variables
        then exist before the traced call, which creates none."""
        if not isinstance(value, cst.Name):
            return False
        function = self.context.function
        calls = function.calls if function is not None else self.model.nodes_of(cst.Call)
        return any(
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "build"
            and isinstance(call.func.value, cst.Name)
            and call.func.value.value == value.value
            for call in calls
        )

    def _fresh_function(self, call: cst.Call, fn: FunctionInfo) -> bool:
        """Whether the `tf.function` called is made anew where the optimizer is: a decorated
        def nested in this function (or in this loop), or a local name bound to `tf.function(f)`
        here. Each new optimizer then meets a new `tf.function`, whose first trace may create
        variables."""
        return _function_made_here(self.model, self.context, call, fn)

    def _repeats(self, site: BindingSite | None) -> tuple | None:
        """Where the optimizer is built anew: ("on every iteration",) in a loop around the call
        and the construction, or ("on every call of `f`", why) in a function called in a loop."""
        context = self.context
        if any(site is None or self.model.inside(site, loop) for loop in context.loops):
            return ("on every iteration",)
        fn = context.function
        if fn is None or runs_once(fn) or fn.runs_once:
            return None
        calls = [c for c in self.model.call_sites if c.callee is fn]
        for call_site in calls:
            if call_site.loops:
                return (
                    f"on every call of `{fn.qualname}`",
                    (f"`{fn.name}` is called in a loop here", call_site.call),
                )
        if len(calls) > 1:  # `train(model)`, then `train(pruned)`: a new optimizer each time
            return (
                f"on every call of `{fn.qualname}`",
                (f"`{fn.name}` is called again here", calls[1].call),
            )
        return None


def _parameter(fn: FunctionInfo, call: cst.Call, index: int) -> str | None:
    params = list(fn.params)
    if fn.cls is not None and params[:1] == ["self"] and isinstance(call.func, cst.Attribute):
        params = params[1:]
    return params[index] if index < len(params) else None


def _applies(model: ModuleModel, fn: FunctionInfo, param: str) -> cst.Call | None:
    """The ``<param>.apply_gradients(...)`` (or ``minimize``) call in ``fn``'s own code."""
    for call in fn.calls:
        func = call.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in _BUILDING_METHODS
            and isinstance(func.value, cst.Name)
            and func.value.value == param
            and model.binding_of(func.value, fn).scope is fn
        ):
            return call
    return None


class VariableCapturedByLambda(Rule):
    id = "TF406"
    requires_traced_code = True
    visits_in_traced_code = frozenset({"Name"})
    name = "variable-captured-by-lambda"
    category = "variable-creation"
    severity = "warning"
    message = "a variable that a Keras `Lambda` layer's function reads is not tracked: fit never trains it"
    # the layer is built as `Lambda(...)`
    requires_text = ("Lambda",)
    rationale = """
        A `Lambda` layer tracks no state of its own: a `tf.Variable` (or `keras.Variable`) made
        outside and read by its function (`scale = tf.Variable(1.0)`, `Lambda(lambda x: x *
        scale)`) is not among the layer's or the model's weights. `fit` computes gradients for
        `model.trainable_weights` only, so the variable keeps its first value however long the
        model trains (checked under TF 2.21, Keras 3 and tf-keras: Keras 2 only warns that the
        variable is "not present in its tracked objects"), and `save`/`save_weights` leave it
        out. The guides say so too and give the fix: a subclassed layer that creates the
        weight with `self.add_weight` in `build` (or `__init__`) and applies it in `call`.
        A variable made with `trainable=False` is not reported (it is not meant to train),
        nor one that a layer or model creates (`layer.add_weight`): its owner tracks it.
    """

    def visit_Name(self, node: cst.Name) -> None:
        context = self.context
        if not context.in_traced_code:
            return
        fn = context.function
        reason = root_reason(fn)
        if reason is None or reason.kind != "lambda_layer":
            return
        model, scope = self.model, context.scope
        if model.is_target(node):
            return
        binding = model.binding_of(node, scope)
        owner = binding.scope
        if owner is None or owner is scope:
            return
        if owner.function is not None and owner.function.traced:
            return  # a local of the traced code: created there, TF401's concern
        reported = self.__dict__.setdefault("_reported", set())
        if (id(fn), node.value) in reported:
            return
        found = model.kind_of(node, scope)
        if found is None or found.kind != "variable":
            return
        made = [v for v in binding.known_values if isinstance(v, cst.Call)]
        if not made or not all(_untracked_trainable_variable(model, v) for v in made):
            return
        reported.add((id(fn), node.value))
        self.report(
            node,
            f"`{node.value}` is a variable the Keras `Lambda` layer's function reads: the layer "
            "does not track it, so `fit` never trains it (and saving leaves it out); create it "
            "with `add_weight` in a subclassed layer",
            because=[(f"`{node.value}` holds a variable: {found.why}", made[0])],
            traced_in=fn,
        )


def _untracked_trainable_variable(model: ModuleModel, call: cst.Call) -> bool:
    """``tf.Variable(...)``, ``keras.Variable(...)``, ``K.variable(...)``: a variable made by a
    TensorFlow or Keras API function, not by a layer's ``add_weight`` (its owner tracks it),
    and not with ``trainable=False``."""
    name = model.call_name(call)
    if name is None or name.rsplit(".", 1)[-1] in ("add_weight", "add_variable"):
        return False
    for arg in call.args:
        if (
            arg.keyword is not None
            and arg.keyword.value == "trainable"
            and isinstance(arg.value, cst.Name)
            and arg.value.value == "False"
        ):
            return False
    return True


# --- state made inside a custom-gradient function ------------------------------------------------


class VariableInCustomGradient(Rule):
    id = "TF407"
    name = "variable-in-custom-gradient"
    category = "variable-creation"
    severity = "error"
    call_names = frozenset({"Variable"})
    requires_text = ("custom_gradient",)
    message = (
        "a `tf.Variable` created in a `tf.custom_gradient` function whose gradient function "
        "takes no `variables` fails on the first call"
    )
    rationale = """
        `tf.custom_gradient` watches the variables its function reads in the forward pass and
        requires the gradient function to return their gradients too: `grad_fn(*dys,
        variables=None)` returning `(input_grads, variable_grads)`. A work buffer made with
        `tf.Variable(...)` inside the function on every call is such a variable, so the call
        raises `TypeError: @tf.custom_gradient grad_fn must accept keyword argument
        'variables', since function uses variables: [<tf.Variable 'Variable:0' ...>]` (TF
        2.21, eager or traced), and under `tf.function` the variable is also created on every
        trace. Compute the intermediate with tensor ops (`buffer = x * x` instead of
        assigning into a fresh variable), or create the variable once outside. Evidence
        required: the `tf.Variable(...)` call is in the body of a function decorated with
        `@tf.custom_gradient` (not in its nested gradient function), and every return of that
        function hands back a nested def as its gradient function, which takes neither
        `variables` nor `**kwargs`.
    """

    def visit_Call(self, node: cst.Call) -> None:
        fn = self.context.function
        if fn is None or self.model.call_name(node) not in (
            "tensorflow.Variable",
            "tensorflow.compat.v1.Variable",
        ):
            return
        decorator = custom_gradient_decorator(self.model, fn)
        if decorator is None:
            return
        grad = gradient_function_of(self.model, fn)
        if grad is None or takes_variables(grad):
            return
        self.report(
            node,
            f"`{fn.qualname}` is a `tf.custom_gradient` function: the variable made here on "
            f"each call is one it reads, so its gradient function `{grad.name}` must take "
            "`variables` (TypeError); compute it with tensor ops, or create it once outside",
            because=[
                ("`tf.custom_gradient` watches the variables the function reads", decorator),
                (f"`{grad.name}` takes no `variables`", grad.node),
            ],
        )


# --- the tf.function guide's "Using with multiple Keras models" -----------------------------------

# Calls on a model or layer that create its weights before any trace (or need them already).
_BUILDING_USES = frozenset(
    {
        "build",
        "fit",
        "predict",
        "evaluate",
        "train_on_batch",
        "test_on_batch",
        "predict_on_batch",
        "load_weights",
        "set_weights",
        "summary",
        "count_params",
    }
)
# Keyword arguments of a first layer that give a Keras Sequential model its input.
_INPUT_KEYWORDS = frozenset({"input_shape", "input_dim", "batch_input_shape", "batch_shape"})


class UnbuiltModelPerTrace(Rule):
    id = "TF402"
    calls_in_traced_code = False
    name = "unbuilt-model-passed-to-tf-function"
    category = "variable-creation"
    severity = "error"
    message = (
        "a second Keras layer or model whose weights do not exist yet is passed to the same "
        "`tf.function`: its trace creates them, which fails after the first trace"
    )
    requires_text = ("keras",)
    rationale = """
        A Keras layer creates its weights the first time it is called (`build`), and a Keras
        `Sequential` model without an `Input` the first time it sees data. Passed into a
        `tf.function` that calls it, each new layer or model object is a new trace (objects are
        traced by identity), and that trace creates the object's weights, which `tf.function`
        allows only on its first trace: the second model fails with `ValueError: tf.function
        only supports singleton tf.Variables created on the first call` (the tf.function guide,
        "Using with multiple Keras models"). Typical shapes: a model built anew for each fold of
        a cross-validation and trained by one module-level `@tf.function` step, an ensemble of
        unbuilt models run through one traced `predict`, two encoders passed in turn to one
        traced `encode`. Build each model before the traced call (`model.build(shape)`, an
        `Input` first in a `Sequential`, a functional model, a first eager call), or make a
        new `tf.function` per model. Checked under TF 2.21: Keras 3 layers with weights, Keras 3
        layers and models of your own that define `build`, and `Sequential` models without an
        `Input` fail; a Keras 3 subclassed model or layer with the default `build` (Keras
        builds it by tracing `call` symbolically, outside the function) and any model with an
        `Input` do not, and are not reported; under Keras 2 (`tf_keras`) every unbuilt layer
        or model fails.
    """

    def visit_Module(self, node: cst.Module) -> None:
        # (id(traced function), its name, parameter) -> the objects passed there, in order
        self._passed: dict[tuple[int, str, str], list[tuple[cst.Call, cst.Arg, str, str]]] = {}

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if context.in_traced_code or not node.args:
            return
        target = traced_target(self.model, node, context.scope)
        if target is None or target[1] is None:
            return
        label, fn, _ = target
        if _function_made_here(self.model, context, node, fn):
            return  # a new tf.function for each object: its first trace may create them
        for index, arg in enumerate(node.args):
            if arg.star:
                return
            param = arg.keyword.value if arg.keyword else _parameter(fn, node, index)
            if param is None or _called_parameter(self.model, fn, param) is None:
                continue
            self._argument(node, fn, label, param, arg)

    def _argument(
        self, call: cst.Call, fn: FunctionInfo, label: str, param: str, arg: cst.Arg
    ) -> None:
        value = arg.value
        scope = self.context.scope
        if isinstance(value, cst.Call):
            # `predict(keras.layers.Dense(2), x)` in a loop: a new object per iteration
            built = self._construction(value, scope)
            if built is not None and self.context.loops and self._unbuilt(built, scope):
                self._report(arg, label, "on every iteration of the loop", built)
            return
        if isinstance(value, cst.Name):
            if self._built_before(value.value):
                return
            sites = self.model.binding_of(value, scope).sites
            if len(sites) != 1:
                return
            site = sites[0]
            if (
                site.kind in (SiteKind.LOOP, SiteKind.COMPREHENSION)
                and site.index is None
                and site.value is not None
            ):
                # `for model in models:` over unbuilt objects: a new one per iteration
                for element in self._elements(site.value, scope):
                    if self._unbuilt(element, scope):
                        self._report(arg, label, "on every iteration of the loop", element)
                        return
                return
            if site.kind != SiteKind.ASSIGN or site.value is None:
                return
            built = self._construction(site.value, scope)
            if built is None or not self._unbuilt(built, scope):
                return
            if any(self.model.inside(site, loop) for loop in self.context.loops):
                self._report(arg, label, "on every iteration of the loop", built)
                return
            self._passed.setdefault((id(fn), label, param), []).append(
                (built, arg, label, value.value)
            )

    def leave_Module(self, node: cst.Module) -> None:
        """A second unbuilt object passed to the parameter after a first: a new trace that
        creates the second one's weights."""
        for (_, _, param), passed in self._passed.items():
            first_built, first_arg, label, first_name = passed[0]
            for built, arg, _, _ in passed[1:]:
                if built is first_built:
                    continue
                self._report(
                    arg, label, f"as `{param}` after `{first_name}`", built, first=first_arg
                )
                break

    def _report(
        self,
        arg: cst.Arg,
        label: str,
        when: str,
        built: cst.Call,
        first: cst.Arg | None = None,
    ) -> None:
        because = [("built here, without its weights", built)]
        if first is not None:
            because.insert(0, (f"`{code(first.value)}` is passed first", first.value))
        self.report(
            arg.value,
            f"a Keras object whose weights do not exist yet is passed to `{label}` {when}: each "
            "is a new trace, which creates the object's weights, and a tf.function creates "
            "variables only on its first trace (ValueError); build it first "
            "(`model.build(shape)`, an `Input`) or use a new `tf.function` per model",
            because=because,
        )

    def _built_before(self, name: str) -> bool:
        """Whether module code calls the object eagerly or builds it (``model.build(...)``,
        ``model.fit(...)``, ``model(x)`` outside traced code): its weights may exist first."""
        for call in self.model.nodes_of(cst.Call):
            func = call.func
            if isinstance(func, cst.Name) and func.value == name:
                function = self.model.scope_of(func).function
                if function is None or not function.traced:
                    return True
            if (
                isinstance(func, cst.Attribute)
                and func.attr.value in _BUILDING_USES
                and isinstance(func.value, cst.Name)
                and func.value.value == name
            ):
                return True
        return False

    def _elements(self, iterable: cst.BaseExpression, scope) -> list[cst.Call]:
        """The objects a loop iterates over: a list or tuple display of constructions (or of
        names each bound once to one), a comprehension building one per element, or a name
        bound once to either."""
        if isinstance(iterable, cst.Name):
            if self._built_before(iterable.value):
                return []
            values = self.model.binding_of(iterable, scope).known_values
            if values is None or len(values) != 1:
                return []
            iterable = values[0]
        if isinstance(iterable, (cst.ListComp, cst.GeneratorExp)):
            built = self._construction(iterable.elt, scope)
            return [built] if built is not None else []
        if isinstance(iterable, (cst.List, cst.Tuple)):
            found = []
            for element in iterable.elements:
                value = element.value
                if isinstance(value, cst.Name):
                    if self._built_before(value.value):
                        return []
                    values = self.model.binding_of(value, scope).known_values
                    if values is None or len(values) != 1:
                        return []
                    value = values[0]
                built = self._construction(value, scope)
                if built is None:
                    return []
                found.append(built)
            return found[1:] if len({id(b) for b in found}) > 1 else []
        return []

    def _construction(self, value: cst.BaseExpression, scope, depth: int = 0) -> cst.Call | None:
        """The Keras layer or model construction ``value`` is: the call itself, or what the
        module's factory function it calls returns (followed through names it binds)."""
        if depth > 3 or not isinstance(value, cst.Call):
            return None
        kind = variable_kind(self.model, value)
        if kind is not None:
            return value if kind in ("Keras model", "Keras layer") else None
        cls = self.model.constructed_class(value, scope)
        if cls is not None:
            return value if cls.keras_kind in ("layer", "model") else None
        callee = self.model.callee(value, scope)
        if callee is None or callee.is_generator or callee.traced:
            return None
        found = None
        for returned in self.model.return_values(callee):
            if isinstance(returned, cst.Name):
                if any(
                    isinstance(c.func, cst.Attribute)
                    and c.func.attr.value in _BUILDING_USES
                    and isinstance(c.func.value, cst.Name)
                    and c.func.value.value == returned.value
                    for c in callee.calls
                ):
                    return None  # the factory builds (or trains) it before returning it
                values = self.model.bound_values(returned, callee)
                if len(values) != 1:
                    return None
                returned = values[0]
            built = self._construction(returned, callee, depth + 1)
            if built is None or (found is not None and found is not built):
                return None
            found = built
        return found

    def _unbuilt(self, built: cst.Call, scope) -> bool:
        """Whether the object ``built`` constructs creates weights on its first call inside a
        trace (checked under TF 2.21, see the rationale)."""
        model = self.model
        keras2 = model.imports_keras2
        name = model.call_name(built) or ""
        kind = variable_kind(model, built)
        if kind == "Keras model":
            if name.rsplit(".", 1)[-1] == "Sequential":
                return not _sequential_has_input(model, built)
            # a functional `Model(inputs, outputs)`, `VGG16(...)`, `load_model(...)`: built
            return False
        if kind == "Keras layer":
            return True
        cls = model.constructed_class(built, scope)
        if cls is None or not _creates_weights(model, cls):
            return False
        # Keras 3 builds a subclass with the default `build` by tracing `call` symbolically,
        # outside the function: only one that defines `build` creates its weights in the trace
        return keras2 or cls.keras2 or _defines_build(model, cls)


def _called_parameter(model: ModuleModel, fn: FunctionInfo, param: str) -> cst.Call | None:
    """``<param>(...)`` in ``fn``'s own code: the traced function calls the object passed."""
    for call in fn.calls:
        func = call.func
        if (
            isinstance(func, cst.Name)
            and func.value == param
            and model.binding_of(func, fn).scope is fn
        ):
            return call
    return None


def _sequential_has_input(model: ModuleModel, built: cst.Call) -> bool:
    """Whether a ``Sequential([...])`` construction gives the model its input: an ``Input``
    first, or a first layer with ``input_shape=`` (unknown layers list: assumed so)."""
    if not built.args or not isinstance(built.args[0].value, (cst.List, cst.Tuple)):
        return True
    elements = built.args[0].value.elements
    if not elements or not isinstance(elements[0].value, cst.Call):
        return True
    first = elements[0].value
    leaf = (model.call_name(first) or "").rsplit(".", 1)[-1]
    if leaf in ("Input", "InputLayer"):
        return True
    return any(a.keyword is not None and a.keyword.value in _INPUT_KEYWORDS for a in first.args)


def _defines_build(model: ModuleModel, cls: ClassInfo, depth: int = 0) -> bool:
    """Whether the class, or a base of it in this module, defines ``build``."""
    if "build" in cls.methods:
        return True
    if depth > 8:
        return False
    for base in cls.base_names:
        parent = model.module_classes.get(base or "")
        if parent is not None and _defines_build(model, parent, depth + 1):
            return True
    return False


def _function_made_here(model: ModuleModel, context, call: cst.Call, fn: FunctionInfo) -> bool:
    """Whether the `tf.function` ``call`` calls is made anew where the call is: a decorated def
    nested in this function (or in this loop), or a local name bound to `tf.function(f)` here."""
    function = context.function
    if fn.outer is function and (function is not None or fn.defined_in):
        return True
    if isinstance(call.func, cst.Name):
        sites = model.binding_of(call.func, context.scope).sites
        return bool(sites) and all(
            (site.kind == SiteKind.ASSIGN and site.where is function and function is not None)
            or any(model.inside(site, loop) for loop in context.loops)
            for site in sites
        )
    return False


class LookupTableCreatedInTracedCode(Rule):
    id = "TF403"
    requires_traced_code = True
    calls_in_traced_code = True
    name = "lookup-table-created-in-traced-code"
    category = "variable-creation"
    severity = "error"
    message = "a tf.lookup table built from an initializer is created inside traced code"
    rationale = """
        A `tf.lookup.StaticHashTable` or `StaticVocabularyTable` (the tables built from an
        initializer: `KeyValueTensorInitializer`, `TextFileInitializer`; the knowledge base
        finds them in TF's `tf.lookup` API) creates its resource in `init_scope`, outside the
        graph being traced, exactly as a `tf.Variable` does. Built inside a `tf.function` (a
        `tf.Module`'s `__call__` remapping class ids, a Keras `call`), each trace makes a new
        table and initialises it again, and the resource belongs to no tracked attribute: the
        function runs, but `tf.saved_model.save` of the module fails with `AssertionError:
        Tried to export a function which references an 'untracked' resource` (TF 2.21; a
        Keras 3 model whose layer builds one in `call` predicts, and `model.export` fails
        the same way).
        Build the table once, in `__init__` (`self.table = tf.lookup.StaticHashTable(...)`)
        or at module level, and only call `lookup` in the traced code. Mutable tables
        (`MutableHashTable`, `DenseHashTable`) live in the traced graph and are not reported;
        nor are functions tf.data traces, which are not exported.
    """

    def visit_Call(self, node: cst.Call) -> None:
        context = self.context
        if not context.in_traced_code or context.in_one_time_guard:
            return
        fn = context.function
        name = self.model.call_name(node)
        if fn is None or knowledge.returns(name) != "lookup_table":
            return
        reason = root_reason(fn)
        if reason is not None and reason.kind == "dataset":
            return
        self.report(
            node,
            f"`{code(node.func)}` inside traced `{fn.qualname}` creates a new table resource "
            "on every trace, owned by no tracked attribute (exporting fails); build it once in "
            "`__init__` or outside, and only look up here",
        )

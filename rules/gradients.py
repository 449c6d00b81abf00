"""Gradients that silently vanish: a ``GradientTape`` asked for what it never recorded, or asked
twice, or in a way that costs more than it should. Each rule asks the model's tape view
(``model.tapes``, tf2lint.analysis.tape) and says nothing where the view cannot show the path."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import NamedTuple

from tf2lint.analysis import knowledge
from tf2lint.analysis.compiles import chain_root
from tf2lint.analysis.model import ClassInfo, FunctionInfo, ModuleModel, Scope, SiteKind
from tf2lint.analysis.tape import (
    GRADIENT_METHODS,
    VARIABLE_CONSTRUCTORS,
    VARIABLE_LISTS,
    Cut,
    GradientCall,
    Source,
    TapeBlock,
    Verdict,
    argument,
    body_statements,
    chain_text,
    event_order,
    integer_value,
    is_integer_dtype,
)
from tf2lint.analysis.tensors import (
    custom_gradient_decorator,
    gradient_function_of,
    numpy_array,
    takes_variables,
)
from tf2lint.analysis.walk import children, contains, mentions
from tf2lint.base.data import load_json
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import code, keras3_import

# Every rule here needs a tape, and every tape's code spells it.
TAPE_TEXT = ("GradientTape",)


def _source_text(source: Source) -> str:
    if source.kind == "object":
        return f"`{source.origin}`'s variables"
    return f"`{source.origin}`"


def _read_step(block: TapeBlock, source: Source) -> tuple[str, cst.CSTNode] | None:
    """Where the block reads the source (or, failing that, where the source is made)."""
    for name in (source.origin, *source.aliases):
        node = block.read.get(name)
        if node is not None:
            return (f"{_source_text(source)}: read here while the tape records", node)
    if source.defined is not None:
        return (f"{_source_text(source)}: made here", source.defined)
    return None


def _end_step(block: TapeBlock) -> tuple[str, cst.CSTNode]:
    return (f"the tape `{block.name}` stops recording after this statement", block.last_statement)


def _call_step(gradient: GradientCall) -> tuple[str, cst.CSTNode]:
    method = gradient.call.func.attr.value  # type: ignore[union-attr]
    return (f"`{gradient.tape.name}.{method}(...)` asks for the gradient here", gradient.call)


def _verdicts(rule: Rule, node: cst.Call, causes: tuple[str, ...]) -> list[tuple]:
    """The gradient call ``node`` is (if any), with its verdicts of the given causes."""
    gradient = rule.model.tapes.for_call(node)
    if gradient is None:
        return []
    return [(gradient, v) for v in gradient.verdicts() if v.cause in causes]


def _once(rule: Rule, node: cst.CSTNode) -> bool:
    """True the first time a rule reports ``node`` in this module (several gradient calls
    may share one cut)."""
    seen = rule.context.memo(("gradients-reported", type(rule).id), set)
    if id(node) in seen:
        return False
    seen.add(id(node))
    return True


class GradientTargetOutsideTape(Rule):
    id = "TF910"
    call_names = GRADIENT_METHODS | {"minimize"}  # `minimize(loss, var_list, tape=tape)`
    name = "gradient-target-outside-tape"
    category = "api-misuse"
    severity = "error"
    message = (
        "the gradient's target is computed while the tape is not recording: its gradient is `None`"
    )
    rationale = """
        A `tf.GradientTape` records only the operations run inside its `with` block. A loss
        finished after the block closed (`loss = tf.reduce_mean(z)` below it), or computed
        before the block opened, was never recorded: `tape.gradient(loss, variables)` gives
        `None` for every variable, and `optimizer.apply_gradients` then raises `No gradients
        provided for any variable` (or, with a `None` check, nothing trains). Finish the loss
        inside the block. Keras 2's `optimizer.minimize(loss, var_list, tape=tape)` takes
        `tape.gradient(loss, var_list)` itself and fails the same way (tf-keras 2.21: `No
        gradients provided for any variable`). Evidence required: the model's tape view
        follows the function's statements from the sources to the target and finds every path
        passing through an operation run while the tape was not recording (a call it cannot
        follow, or an object that may hold the variables, keeps it silent), or the target
        itself made by such an operation (`loss = loss + l2 * tf.nn.l2_loss(net.w)` below the
        block: then whatever the sources are, the tape holds no path to it; TF 2.21 gives
        `[None, None]`); or, between the block and the gradient call, a branch that finishes
        the recorded target (`if l2: loss += l2 * penalty`): the branch is there to run, and
        when it does every gradient is `None`. A helper of the module called below the block
        (`loss = add_weight_decay(loss, model)`) is reported at its call. And a tensor an
        object computes from the source once, when it is made (`self.scale = tf.exp(phi)` in
        `__init__`, or in `build()`: TF608's evidence), where the gradient asks for that
        very variable (`tape.gradient(m.fun(x), phi)`, TF 2.21: `None`): reported at the
        computation.
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "Unsafe: the fix moves the statement that finishes the target into the tape's block, "
        "right after the statement that comes before it. That is what the gradient needs, but "
        "it changes what the tape records (the statement's other results become "
        "differentiable and the tape holds more memory); review it."
    )
    requires_text = TAPE_TEXT

    def visit_Call(self, node: cst.Call) -> None:
        self._computed_at_construction(node)
        verdicts = _verdicts(self, node, ("cut",))
        if not verdicts:
            self._finished_in_branch(node)
        for gradient, verdict in verdicts:
            cut = verdict.cut
            if cut.reason != "outside-tape" or contains(gradient.target, cut.node):
                continue
            if _integer_target(self.model, gradient) is not None:
                continue  # the target itself is an integer: TF951 says so
            if not _once(self, cut.node):
                continue
            block = gradient.tape
            before = cut.before or (
                event_order(self.model, cut.node) < event_order(self.model, block.with_node)
            )
            when = "before the tape started" if before else "after the tape stopped"
            because = [s for s in (_read_step(block, verdict.source),) if s]
            if cut.via is not None:
                because += [(f"computed here, {when} recording, and passed in", cut.via)]
                because += [("the parameter that receives it", cut.node)]
            elif cut.made is not None and cut.made is not cut.node:
                because += [(f"computed here, {when} recording: not on the tape", cut.made)]
                because += [("read here, a finished tensor, while the tape records", cut.node)]
                because += [_end_step(block), _call_step(gradient)]
                self.report(  # the gradient call shows it, as for a value passed in
                    gradient.call,
                    f"the target comes from {cut.what}: `{block.name}.gradient` gives `None` "
                    f"for {_source_text(verdict.source)}; compute it from "
                    f"{_source_text(verdict.source)} in the code the tape runs",
                    because=because,
                )
                continue
            else:
                because += [(f"computed {when} recording: not on the tape", cut.node)]
            because += [_end_step(block), _call_step(gradient)]
            fix = None if before else self._fix(block, cut.node)
            if cut.via is not None:  # passed in by the callers: the gradient call shows it
                self.report(
                    gradient.call,
                    f"the target comes from {cut.what}: `{block.name}.gradient` gives `None` "
                    f"for {_source_text(verdict.source)}; compute it inside the tape's block",
                    because=because,
                )
                continue
            self.report(
                cut.node,
                f"computed {when} recording: `{block.name}.gradient` gives `None` for "
                f"{_source_text(verdict.source)}; compute the target inside the tape's block",
                edits=fix,
                fix_description="move the statement into the tape's block",
                because=because,
            )

    def _computed_at_construction(self, node: cst.Call) -> None:
        """``self.scale = tf.exp(phi)`` in ``__init__``, the method the tape runs reading
        ``self.scale``, and ``tape.gradient(y, phi)``: the op ran when the object was made,
        before the tape started recording (TF608's snapshot, asked about here)."""
        model = self.model
        gradient = model.tapes.for_call(node)
        if gradient is None or not gradient.sources:
            return
        for snap in _construction_snapshots(model):
            asked = _snapshot_asked(model, snap, gradient)
            if asked is None or not _once(self, snap.value):
                continue
            _, source = asked
            where = "`__init__`" if snap.method.name == "__init__" else "`build()`"
            self.report(
                snap.value,
                f"`self.{snap.attr}` is computed from {_source_text(source)} once, in "
                f"{where} of `{snap.cls.name}`, before the tape started recording: "
                f"`{gradient.tape.name}.gradient` gives `None` for it through "
                f"`self.{snap.attr}`; compute it in the method that uses it",
                because=[
                    (f"`self.{snap.attr}` is read here, under the tape", snap.read),
                    _call_step(gradient),
                ],
            )

    def _finished_in_branch(self, node: cst.Call) -> None:
        """``if l2: loss += l2 * penalty`` between the block and ``tape.gradient(loss, ...)``:
        the tape view joins the branch with the way around it, on which the target is the
        recorded one; but the branch exists to run, and when it does the target is a tensor
        computed while the tape was not recording, whose gradient is None for every source."""
        model = self.model
        gradient = model.tapes.for_call(node)
        if gradient is None or not gradient.after or not isinstance(gradient.target, cst.Name):
            return
        if not gradient.sources or gradient.zero_unconnected:
            return
        block = gradient.tape
        binding = model.binding_of(gradient.target, self.context.scope)
        if binding.scope is not block.scope:
            return
        sites = [s for s in binding.sites if s.kind in (SiteKind.ASSIGN, SiteKind.AUGASSIGN)]
        if not any(contains(block.with_node, s.node) for s in sites):
            return  # the target is not the one the block records
        start, call = event_order(model, block.with_node), event_order(model, node)
        for site in sites:
            if not start < site.order < call or contains(block.with_node, site.node):
                continue
            if any(contains(other.with_node, site.node) for other in model.tapes.blocks):
                continue  # recorded by another tape
            value = site.value
            if site.kind == SiteKind.ASSIGN and not (
                value is not None and mentions(value, gradient.target.value)
            ):
                continue  # replaced, not finished: another fact
            branch = next(
                (
                    b
                    for b in model.nodes_of(cst.If)
                    if contains(b, site.node) and not contains(b, node)
                ),
                None,
            )
            if branch is None or not _once(self, site.node):
                continue
            where = site.node if site.kind == SiteKind.AUGASSIGN else value
            self.report(
                where,
                f"`{gradient.target.value}` is finished after the tape stopped recording, in a "
                f"branch: when it runs, `{block.name}.gradient` gives `None` for "
                f"{_source_text(gradient.sources[0])}; finish the target inside the tape's block",
                because=[
                    ("the branch that finishes the target", branch.test),
                    _end_step(block),
                    _call_step(gradient),
                ],
            )
            return

    def _fix(self, block: TapeBlock, node: cst.CSTNode) -> list | None:
        """Move the statement right after the block, when it holds ``node`` and is one
        assignment, into the block."""
        following = _following_statement(block)
        if (
            not isinstance(following, cst.SimpleStatementLine)
            or len(following.body) != 1
            or not isinstance(following.body[0], (cst.Assign, cst.AugAssign, cst.AnnAssign))
            or not contains(following, node)
            or not isinstance(block.with_node.body, cst.IndentedBlock)
        ):
            return None
        body = block.with_node.body
        moved = block.with_node.with_changes(body=body.with_changes(body=[*body.body, following]))
        return [(block.with_node, moved), (following, cst.RemovalSentinel.REMOVE)]


class GradientTargetComputedInCall(Rule):
    id = "TF911"
    call_names = GRADIENT_METHODS
    name = "gradient-target-computed-in-call"
    category = "api-misuse"
    severity = "error"
    message = (
        "the target is computed inside the `gradient()` call, after the tape stopped recording"
    )
    rationale = """
        `tape.gradient(tf.reduce_sum(y), x)` (or `tape.gradient(f(x), x)`, `tape.gradient(y[0],
        x)`) computes the target where the call's arguments are evaluated: after the `with`
        block, so the tape never recorded it and the gradient is `None`. Compute the target
        inside the block and pass the result. Evidence required: the call is made after the
        block, and every path from the sources to the target passes through an operation in
        its first argument.
    """
    requires_text = TAPE_TEXT

    def visit_Call(self, node: cst.Call) -> None:
        for gradient, verdict in _verdicts(self, node, ("cut",)):
            cut = verdict.cut
            if cut.reason != "outside-tape" or not contains(gradient.target, cut.node):
                continue
            if _integer_target(self.model, gradient) is not None:
                continue  # the target itself is an integer: TF951 says so
            if not _once(self, gradient.target):
                continue
            block = gradient.tape
            because = [s for s in (_read_step(block, verdict.source),) if s]
            because += [_end_step(block), ("computed here, by the call's argument", cut.node)]
            self.report(
                gradient.target,
                f"the target is computed in the `{block.name}.gradient(...)` call, after the "
                f"tape stopped recording: the gradient for {_source_text(verdict.source)} is "
                "`None`; compute it inside the block",
                because=because,
            )


class GradientSourceNotWatched(Rule):
    id = "TF912"
    call_names = GRADIENT_METHODS
    name = "gradient-source-not-watched"
    category = "api-misuse"
    severity = "error"
    message = "a gradient is asked for a tensor the tape never watches: it is `None`"
    rationale = """
        A tape watches trainable `tf.Variable`s it sees read, and nothing else: a tensor
        (`x = tf.zeros(...)`, `tf.constant`, an input batch) is watched only by
        `tape.watch(x)` inside the block, and with `GradientTape(watch_accessed_variables=
        False)` variables are watched only that way too. `tape.gradient(y, x)` for an
        unwatched `x` is `None`. Call `tape.watch(x)` at the start of the block (or pass a
        `tf.Variable`). Evidence required: every value bound to `x` is a tensor made by a TF
        op before the block (for a parameter of the tape's function: what every call of the
        module passes it, the function used by those calls only: a saliency or deep-dream
        step given `tf.constant(image)`), and no `watch` in the block names it (a `watch` of
        something the model cannot resolve, or the tape handed to other code, keeps it
        silent).
    """
    requires_text = TAPE_TEXT

    def visit_Call(self, node: cst.Call) -> None:
        for gradient, verdict in _verdicts(self, node, ("unwatched",)):
            source = verdict.source
            block = gradient.tape
            if block.watch_accessed:
                why = f"`{source.origin}` is a tensor, and the tape never watches it"
            else:
                why = (
                    f"the tape was made with `watch_accessed_variables=False` and never "
                    f"watches {_source_text(source)}"
                )
            because = [s for s in (_read_step(block, source),) if s]
            because += [(why, block.with_node), _call_step(gradient)]
            self.report(
                source.expr,
                f"{why}: `{block.name}.gradient` gives `None` for it; call "
                f"`{block.name}.watch({source.origin})` in the block",
                because=because,
            )


class TapeWatchSymbolicInputs(Rule):
    id = "TF913"
    call_names = frozenset({"watch"})
    name = "tape-watch-symbolic-inputs"
    category = "api-misuse"
    severity = "error"
    message = "`tape.watch(model.inputs)` watches the model's symbolic Keras inputs, not the data"
    rationale = """
        `model.inputs` (`model.input`, `model.outputs`) of a functional or Sequential Keras
        model are the symbolic `KerasTensor`s the model was built from, not the tensors it is
        called with. `tape.watch(model.inputs)` raises `ValueError: Passed in object
        <KerasTensor ...> of type 'KerasTensor', not tf.Tensor or tf.Variable` (and under
        Keras 2 gives `None` gradients): convert the batch with `tf.convert_to_tensor`, watch
        that tensor, and call the model on it. Evidence required: the argument is `.inputs`,
        `.input`, `.outputs` or `.output` of a value the model knows to be a Keras model or
        layer.
    """
    requires_text = TAPE_TEXT

    def visit_Call(self, node: cst.Call) -> None:
        for block in self.model.tapes.blocks:
            for watch in block.watches:
                if watch.call is node and watch.symbolic is not None:
                    argument = node.args[0].value
                    code = cst.Module(body=[]).code_for_node(argument)
                    self.report(
                        argument,
                        f"`{code}` is a symbolic Keras tensor of `{watch.symbolic}`, not a "
                        "tensor a call computes; watch the tensor you call the model with",
                        because=[("the tape watched", block.with_node)],
                    )
                    return


class TapeWatchNumpyArray(Rule):
    id = "TF928"
    call_names = frozenset({"watch"})
    name = "tape-watch-numpy-array"
    category = "api-misuse"
    severity = "error"
    message = "`tape.watch` is given a NumPy array: it raises `ValueError`"
    rationale = """
        A tape watches tensors and variables only. `tape.watch(image)` of a NumPy array (an
        image loaded with NumPy or PIL for a saliency map, a batch from `np.random`) raises
        `ValueError: Passed in object ... of type 'ndarray', not tf.Tensor or tf.Variable`
        (TF 2.21), and a gradient with respect to the array could not be given anyway:
        convert it first (`image = tf.convert_to_tensor(image)`), then watch that tensor and
        call the model on it. Evidence required: every value the watched name (or an element
        of a watched list) holds is made by a NumPy call, or arithmetic or `.astype` of one.
    """
    requires_text = TAPE_TEXT

    def visit_Call(self, node: cst.Call) -> None:
        if not any(w.call is node for b in self.model.tapes.blocks for w in b.watches):
            return
        watched = node.args[0].value if node.args else None
        elements = (
            [e.value for e in watched.elements]
            if isinstance(watched, (cst.List, cst.Tuple))
            else [watched]
        )
        for element in elements:
            if element is None:
                continue
            made = numpy_array(self.model, element, self.context.scope)
            if made is None:
                continue
            text = code(element)
            self.report(
                element,
                f"`{text}` is a NumPy array: `GradientTape.watch` raises `ValueError` for it; "
                f"watch `tf.convert_to_tensor({text})` and call the model on that tensor",
                because=[(f"`{text}` is made by NumPy here", made)],
            )
            return


# The members of a Keras layer or model that hold its variables (Keras 3 `Variable`s).
_KERAS_VARIABLE_MEMBERS = frozenset(
    {
        "trainable_variables",
        "trainable_weights",
        "non_trainable_variables",
        "non_trainable_weights",
        "variables",
        "weights",
    }
)


def _keras_owner(model: ModuleModel, expr: cst.BaseExpression, scope: Scope) -> str | None:
    """Why ``expr`` holds a Keras 3 layer or model, if the module shows it: its own kind, or,
    for a parameter, the kind of what every call of its function in the module passes."""
    found = model.kind_of(expr, scope)
    if found is not None:
        if found.kind in ("model", "layer") and found.keras != 2:
            return found.why
        return None
    if not isinstance(expr, cst.Name):
        return None
    binding = model.binding_of(expr, scope)
    fn = binding.scope
    if not isinstance(fn, FunctionInfo) or not binding.param_only or expr.value not in fn.params:
        return None
    whys = []
    for site in model.call_sites:
        if site.callee is not fn:
            continue
        passed = site.argument(expr.value)
        kind = model.kind_of(passed, site.scope) if passed is not None else None
        if kind is None or kind.kind not in ("model", "layer") or kind.keras == 2:
            return None
        whys.append(kind.why)
    return f"every call of `{fn.qualname}` passes a Keras {whys[0]}" if whys else None


def keras_variables_watched(
    model: ModuleModel, expr: cst.BaseExpression, scope: Scope
) -> tuple[str, str, cst.CSTNode] | None:
    """The member read (``trainable_variables``), why its owner is a Keras layer or model, and
    where, when ``expr`` is (or names) a Keras object's list of variables."""
    value = expr
    if isinstance(value, cst.Name):
        binding = model.binding_of(value, scope)
        sites = binding.sites
        if len(sites) != 1 or sites[0].kind != SiteKind.ASSIGN or sites[0].value is None:
            return None
        value = sites[0].value
        scope = binding.scope or scope
    if isinstance(value, cst.Subscript):  # one of them: `model.trainable_variables[0]`
        value = value.value
    if not isinstance(value, cst.Attribute) or value.attr.value not in _KERAS_VARIABLE_MEMBERS:
        return None
    why = _keras_owner(model, value.value, scope)
    if why is None:
        return None
    return value.attr.value, why, value


class TapeWatchKerasVariables(Rule):
    id = "TF931"
    call_names = frozenset({"watch"})
    name = "tape-watch-keras-variables"
    category = "api-misuse"
    severity = "error"
    since_tensorflow = "2.16"
    message = (
        "`tape.watch(model.trainable_variables)` fails under Keras 3: its variables are not "
        "`tf.Variable`s, and a tape watches trainable variables already"
    )
    rationale = """
        Under Keras 3 (the `tf.keras` of TensorFlow 2.16 and later, and the `keras` package),
        a layer's or model's `trainable_variables` (`trainable_weights`, `weights`,
        `variables`) are Keras `Variable`s, not `tf.Variable`s. `GradientTape.watch` accepts
        only tensors and `tf.Variable`s: `tape.watch(model.trainable_variables)` raises
        `ValueError: Passed in object <Variable path=dense/kernel ...> of type 'Variable', not
        tf.Tensor or tf.Variable or ExtensionType` (TF 2.21, Keras 3). The call was never
        needed: a tape records every trainable variable the computation reads, and
        `tape.gradient(loss, model.trainable_variables)` takes the Keras variables as they
        are. Delete the `watch` call; a tape made with `watch_accessed_variables=False` watches
        the `tf.Variable` each Keras variable holds: `tape.watch([v.value for v in
        model.trainable_variables])`. Evidence required: the argument is such a member of a
        value the model knows to be a Keras layer or model (or a name bound to one, or a
        parameter every call in the module passes one), and nothing in the module may make
        its Keras the Keras 2 of `tf_keras` (an import of it, `TF_USE_LEGACY_KERAS`).
    """
    requires_text = TAPE_TEXT

    def visit_Call(self, node: cst.Call) -> None:
        if self.model.keras2_possible or len(node.args) != 1 or node.args[0].keyword is not None:
            return
        for block in self.model.tapes.blocks:
            for watch in block.watches:
                if watch.call is not node:
                    continue
                argument = node.args[0].value
                found = keras_variables_watched(self.model, argument, self.context.scope)
                if found is None:
                    return
                member, why, where = found
                because = [s for s in (keras3_import(self.model),) if s]
                because.append(
                    (f"`{code(where)}`: the Keras 3 variables of a Keras object ({why})", where)
                )
                if block.watch_accessed:
                    because.append(
                        (
                            "the tape records what it computes: trainable variables need no watch",
                            block.with_node,
                        )
                    )
                    instead = "the tape watches trainable variables already; remove the call"
                else:  # `watch_accessed_variables=False`: the tf.Variable inside each one
                    instead = "watch each one's `.value` (`[v.value for v in ...]`)"
                self.report(
                    argument,
                    f"`GradientTape.watch` rejects Keras 3 variables (`{member}`: not "
                    f"`tf.Variable`s); {instead}",
                    because=because,
                )
                return


_CUT_WORDS = {
    "no-gradient": "TensorFlow has no gradient for it",
    "integer-output": "the tape does not differentiate integer or bool tensors",
    "host": "the tape cannot follow a value out of TensorFlow",
}


class NonDifferentiableStepOnGradientPath(Rule):
    id = "TF914"
    call_names = GRADIENT_METHODS
    name = "non-differentiable-step-on-gradient-path"
    category = "api-misuse"
    severity = "error"
    message = "every path from the variables to the loss passes a step with no gradient"
    rationale = """
        The gradient flows only through differentiable TensorFlow ops. `tf.argmax`, `tf.round`,
        comparisons and casts to an integer dtype give values with no gradient; `.numpy()`,
        Python `float()` and NumPy functions leave TensorFlow altogether. When every path from
        the variables to the loss passes such a step, `tape.gradient` gives `None` and
        nothing trains (`No gradients provided for any variable`). Keep the loss path in
        differentiable TF ops (a softmax instead of an argmax, `tf.cast` to a float dtype).
        `tf.Variable(value)` and `v.assign(value)` cut too: the variable holds a copy; so
        does a Keras metric object (`1.0 - auc(y, pred)` as a loss, or `self.mae(y, pred)`
        in a `train_step`): it adds what it is given into its variables by assignment.
        Which TF ops cut the gradient comes from the knowledge base, generated by running
        each op under a `GradientTape` (`scripts/generate_tf_knowledge.py`), not from a list.
        Evidence required: the model's tape view follows every path from the sources to the
        target through the function's statements and finds each one cut (a call it cannot
        follow keeps it silent); the finding is on the cut. It follows the module's own
        code too: the layers of a model the module builds (a `tf.numpy_function` in a
        `Lambda` or a layer's `call` cuts what the model is called on), a copy of the model
        given `get_weights()` under an outer tape (meta-learning), and the methods of a new
        object of the module's own Keras class. A tensor never watched whose every path
        passes such a step is reported here too (watching it would not help).
    """
    requires_text = TAPE_TEXT

    def visit_Call(self, node: cst.Call) -> None:
        for gradient, verdict in _verdicts(self, node, ("cut",)):
            cut: Cut = verdict.cut
            if cut.reason not in _CUT_WORDS or cut.traced or not _once(self, cut.node):
                continue  # traced, a step to NumPy fails outright: TF801/TF804 say so
            if _integer_target(self.model, gradient) is not None:
                continue  # the target itself is an integer: TF951 says so
            block = gradient.tape
            because = [s for s in (_read_step(block, verdict.source),) if s]
            because += [(f"{cut.what}: {_CUT_WORDS[cut.reason]}", cut.node)]
            because += [_call_step(gradient)]
            self.report(
                cut.node,
                f"{cut.what}, and every path from {_source_text(verdict.source)} to the "
                f"target passes it: `{block.name}.gradient` gives `None`",
                because=because,
            )


class IntegerGradientSource(Rule):
    id = "TF915"
    name = "integer-gradient-source"
    category = "api-misuse"
    severity = "error"
    message = "a gradient is asked for an integer variable or tensor: it is `None`"
    rationale = """
        A `GradientTape` differentiates only floating-point (and complex) tensors. A variable
        or tensor made from integer literals (`tf.Variable(3)`, `tf.constant([1, 2])`) or with
        an integer or bool dtype is not watched (TensorFlow only logs a warning) and its
        gradient is `None`. Make it a float: `tf.Variable(3.0)`, `dtype=tf.float32`.
        Evidence required: every value bound to the source is a `tf.Variable`, `tf.constant` or
        other TF call whose dtype argument is an integer dtype (the knowledge base's), or that
        has no dtype and integer literals (or a name bound to one) as its value; the source
        may be `model.w` of an instance of the module's own (non-Keras) class, followed to its
        `self.w = ...`, or `params = [tf.Variable(1), tf.Variable(2)]` (each integer one
        reported where it is made), or `m.trainable_variables` of such a class (a
        `tf.Module`), reported on
        the integer `self.w = tf.Variable(3)` it lists (under TF 2.21 its gradient is `None`). The same holds for the weights Keras
        trains: a Keras layer's `self.add_weight(..., dtype=tf.int32)` (or `add_variable`), trainable (the
        default), never gets a gradient, even from a custom one (`fit` raises `No gradients
        provided` when it is the only weight, and warns otherwise); declare it
        `trainable=False` (a counter, a step) or make it a float. And a float tensor counts
        as integer ids where every path from it to the target passes a layer that takes its
        inputs as ids (`Embedding`, `Hashing`, `CategoryEncoding`: the knowledge base's, each
        layer class built and called under a tape, the gradient to its float batch `None`):
        a saliency of a text model taken with respect to its token ids is `None` (TF 2.21);
        take it with respect to the embedded vectors.
    """
    requires_text = (*TAPE_TEXT, "add_weight", "add_variable", "Variable")

    def visit_Call(self, node: cst.Call) -> None:
        self._integer_weight(node)
        self._integer_attributes(node)
        for gradient, verdict in _verdicts(self, node, ("cut",)):
            cut = verdict.cut
            if cut.reason != "lookup" or not _once(self, verdict.source.expr):
                continue
            source = verdict.source
            because = [s for s in (_read_step(gradient.tape, source),) if s]
            because += [(f"{cut.what}: the tape does not differentiate ids", cut.node)]
            self.report(
                source.expr,
                f"every path from `{source.origin}` to the target passes {cut.what}: "
                f"`{gradient.tape.name}.gradient` gives `None` for it; take the gradient with "
                "respect to the layer's output (the embedded vectors) instead",
                because=[*because, _call_step(gradient)],
            )
        for gradient, verdict in _verdicts(self, node, ("integer",)):
            source = verdict.source
            if source.listed:  # one of the variables a list display makes: shown where made
                if _once(self, source.integer):
                    self.report(
                        source.integer,
                        f"this variable of `{source.origin}` holds integers: the tape does not "
                        f"differentiate it and `{gradient.tape.name}.gradient` gives `None` "
                        "for it; make it a float",
                        because=[_call_step(gradient)],
                    )
                continue
            self.report(
                source.expr,
                f"`{source.origin}` holds integers: the tape does not differentiate them and "
                f"`{gradient.tape.name}.gradient` gives `None`; make it a float tensor",
                because=[
                    (f"`{source.origin}` is made an integer tensor here", source.integer),
                    _call_step(gradient),
                ],
            )

    def _integer_attributes(self, node: cst.Call) -> None:
        """``tape.gradient(loss, m.trainable_variables)`` where ``m``'s class (the module's own)
        makes a trainable ``self.w = tf.Variable(3)``: that one's gradient is ``None``."""
        gradient = self.model.tapes.for_call(node)
        if gradient is None or not gradient.sources:
            return
        for source in gradient.sources:
            if source.kind != "object" or not isinstance(source.expr, cst.Attribute):
                continue
            cls = self.model.instance_of(source.expr.value, gradient.tape.scope)
            if cls is None or cls.keras_kind in ("layer", "model"):
                continue  # a Keras layer's `tf.Variable(0)` is most often a step counter
            for attr, values in cls.self_assignments.items():
                made = [v for v in values if isinstance(v, cst.Call)]
                if len(made) != 1 or len(values) != 1:
                    continue
                value = made[0]
                if self.model.call_name(value) not in VARIABLE_CONSTRUCTORS:
                    continue
                trainable = argument(value, 1, "trainable")
                if trainable is not None or not integer_value(self.model, value):
                    continue
                if not _once(self, value):
                    continue
                self.report(
                    value,
                    f"`self.{attr}` of `{cls.name}` holds integers: it is among "
                    f"`{code(source.expr)}`, but the tape does not differentiate it and "
                    f"`{gradient.tape.name}.gradient` gives `None` for it; make it a float",
                    because=[_call_step(gradient)],
                )

    def _integer_weight(self, node: cst.Call) -> None:
        """``self.add_weight(..., dtype=<an integer dtype>)`` in a Keras layer or model, left
        trainable."""
        func = node.func
        function = self.context.function
        cls = function.cls if function is not None else None
        if cls is None or cls.keras_kind not in ("layer", "model"):
            return
        trainable = argument(node, 99, "trainable")
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in ("add_weight", "add_variable")
            and isinstance(func.value, cst.Name)
            and func.value.value == "self"
        ):
            positional = [a for a in node.args if a.keyword is None]
            if len(positional) > 3:
                return  # `trainable` may be among them (its position differs between Kerases)
            dtype = argument(node, 2, "dtype")
            if dtype is None or not is_integer_dtype(self.model, dtype):
                return
        elif self.model.call_name(node) in ("tensorflow.Variable", "tensorflow.compat.v1.Variable"):
            # a counter is a tf.Variable of integers too: only one declared trainable
            if trainable is None or not integer_value(self.model, node):
                return
        else:
            return
        if trainable is not None and not (
            isinstance(trainable, cst.Name) and trainable.value == "True"
        ):
            return
        self.report(
            node,
            f"`{cls.name}` declares a trainable weight of an integer dtype: no gradient ever "
            "reaches it (Keras finds none to apply); declare it `trainable=False`, or make it "
            "a float",
            because=[(f"`{cls.name}` is a Keras {cls.keras_kind}", cls.node)],
        )


class GradientOfNonTrainableVariable(Rule):
    id = "TF916"
    name = "gradient-of-non-trainable-variable"
    category = "api-misuse"
    severity = "warning"
    message = "a gradient is asked for a `trainable=False` variable the tape never watches"
    rationale = """
        A tape watches only trainable variables by itself. `v = tf.Variable(..., trainable=
        False)` read inside the block is not recorded, and `tape.gradient(loss, v)` is `None`.
        Watch it explicitly (`tape.watch(v)`) when its gradient is wanted, or make it
        trainable. Evidence required: every value bound to the source is `tf.Variable(...,
        trainable=False)`, and no `watch` in the block names it. The same for `model.weights`
        (or `variables`) asked of a model holding a layer with non-trainable weights
        (`BatchNormalization`'s moving mean and variance: the knowledge base's, from building
        each layer class): their gradients are `None`, and the optimizer warns `Gradients do
        not exist for variables` at every step; ask for `model.trainable_variables`.
        Evidence required there: the module shows the model's layers (a `Sequential`, a
        `Model` subclass's `self.<attr>` layers). And `tape.gradient(loss,
        disc.trainable_variables)` after `disc.trainable = False` (a GAN's discriminator
        frozen for the combined model) asks for an empty list: nothing of `disc` trains
        (Keras 3's `apply_gradients` raises on the empty pairs, Keras 2 trains nothing).
        Evidence required there: that assignment is the only one the module makes to
        `disc.trainable`, and it runs first (at module level, or in the `__init__` of the
        class whose method asks).
    """
    requires_text = TAPE_TEXT

    def visit_Call(self, node: cst.Call) -> None:
        self._all_weights(node)
        self._frozen_object(node)
        for gradient, verdict in _verdicts(self, node, ("frozen",)):
            source = verdict.source
            self.report(
                source.expr,
                f"`{source.origin}` is a `trainable=False` variable and the tape does not "
                f"watch it: `{gradient.tape.name}.gradient` gives `None`; call "
                f"`{gradient.tape.name}.watch({source.origin})` or make it trainable",
                because=[
                    (f"`{source.origin}` is made non-trainable here", source.defined),
                    _call_step(gradient),
                ],
            )

    def _all_weights(self, node: cst.Call) -> None:
        """``tape.gradient(loss, model.weights)`` of a model holding non-trainable weights."""
        for gradient, source, listed in _variable_lists(self.model, node, ("weights", "variables")):
            if gradient.zero_unconnected:
                return
            layer = self._layer_with_non_trainable_weights(listed.value, gradient.tape.scope)
            if layer is None:
                continue
            text = cst.Module(body=[]).code_for_node(layer.func)
            self.report(
                source.expr,
                f"`{source.origin}.{listed.attr.value}` holds the non-trainable weights of "
                f"`{text}(...)` too: `{gradient.tape.name}.gradient` gives `None` for them; ask "
                f"for `{source.origin}.trainable_variables`",
                because=[(f"`{text}` has non-trainable weights", layer), _call_step(gradient)],
            )

    def _frozen_object(self, node: cst.Call) -> None:
        """``tape.gradient(loss, disc.trainable_variables)`` after ``disc.trainable = False``,
        with no other value ever given to ``disc.trainable``: the list is empty."""
        members = ("trainable_variables", "trainable_weights")
        for gradient, source, listed in _variable_lists(self.model, node, members):
            owner = chain_text(listed.value)
            freeze = _frozen_before(self.model, owner, gradient) if owner else None
            if freeze is None:
                continue
            self.report(
                source.expr,
                f"`{owner}.trainable` is set to `False` and never back: "
                f"`{owner}.{listed.attr.value}` is empty, so `{gradient.tape.name}.gradient` "
                f"gives no gradient for `{owner}` and it never trains (`apply_gradients` of "
                "nothing raises under Keras 3); set it trainable for this step",
                because=[
                    (f"`{owner}` is frozen here, and nothing sets it trainable again", freeze),
                    _call_step(gradient),
                ],
            )

    def _layer_with_non_trainable_weights(
        self, owner: cst.BaseExpression, scope: Scope
    ) -> cst.Call | None:
        training = self.model.training
        for construction, where in training.constructions(owner, scope, 0):
            for layer in training.layers_of(construction, where) or ():
                weights = knowledge.layer_weights(self.model.call_name(layer))
                if weights is not None and weights.non_trainable:
                    return layer
        return None


class NonPersistentTapeReused(Rule):
    id = "TF917"
    call_names = GRADIENT_METHODS
    name = "non-persistent-tape-reused"
    category = "api-misuse"
    severity = "error"
    message = "a non-persistent `GradientTape` is asked for gradients a second time"
    rationale = """
        A `GradientTape` made without `persistent=True` releases what it recorded after its
        first `gradient()` (or `jacobian()`) call: a second call raises `RuntimeError: A
        non-persistent GradientTape can only be used to compute one set of gradients`. Make it
        `tf.GradientTape(persistent=True)` (and `del tape` when done), ask for all targets in
        one call, or use one tape per target. Evidence required: the model follows the
        function's statements and finds two calls on the same tape block on one path (a loop
        that runs a call twice counts; calls in exclusive branches do not). The same for one
        `jacobian` or `batch_jacobian` call given `parallel_iterations` (not `None`) or
        `experimental_use_pfor=False` outside traced code: it runs one gradient per row of
        the result, so a non-persistent tape raises (TF 2.21: `RuntimeError: GradientTape
        must be created with persistent=True to compute the batch_jacobian with eager
        execution enabled`; `jacobian` with `parallel_iterations` raises `ValueError`).
    """
    fix_applicability = "safe"
    fix_safety = (
        "Safe: `persistent=True` keeps what the tape recorded until the tape is released; "
        "every gradient it gives is the same, and the second call no longer raises."
    )
    requires_text = TAPE_TEXT

    def visit_Call(self, node: cst.Call) -> None:
        gradient = self.model.tapes.for_call(node)
        if gradient is None or gradient.tape.persistent is not False:
            return
        if gradient.second is None:
            self._jacobian_loop(node, gradient)
            return
        block = gradient.tape
        first = gradient.second
        again = "again, in a loop" if first is gradient else "a second time"
        self.report(
            node,
            f"`{block.name}` is not persistent: asking it for gradients {again} raises "
            "`RuntimeError`; make it `tf.GradientTape(persistent=True)`",
            edits=self._fix(block),
            fix_description="make the tape persistent",
            because=[
                (f"`{block.name}` is made without `persistent=True`", block.with_node),
                (f"`{block.name}` gives its one set of gradients here", first.call),
            ],
        )

    def _jacobian_loop(self, node: cst.Call, gradient: GradientCall) -> None:
        """``tape.jacobian(y, x, parallel_iterations=n)`` (or ``experimental_use_pfor=
        False``) on a non-persistent tape, run eagerly: it computes the rows one gradient at
        a time from the tape (TF 2.21: `RuntimeError: GradientTape must be created with
        persistent=True`, `ValueError` for `jacobian` with `parallel_iterations`)."""
        func = node.func
        method = func.attr.value if isinstance(func, cst.Attribute) else ""
        if method not in ("jacobian", "batch_jacobian"):
            return
        function = self.context.function
        if function is not None and function.traced:
            return  # traced, the loop is a graph loop: it works
        iterations = argument(node, 3, "parallel_iterations")
        pfor = argument(node, 4, "experimental_use_pfor")
        if iterations is not None and not (
            isinstance(iterations, cst.Name) and iterations.value == "None"
        ):
            why = f"`parallel_iterations={code(iterations)}`"
        elif isinstance(pfor, cst.Name) and pfor.value == "False":
            why = "`experimental_use_pfor=False`"
        else:
            return
        block = gradient.tape
        self.report(
            node,
            f"`{block.name}.{method}(..., {why[1:-1]})` computes the rows one at a time, each "
            f"a gradient of the tape: `{block.name}` is not persistent, so this raises "
            "eagerly (`GradientTape must be created with persistent=True`); make it "
            "`tf.GradientTape(persistent=True)`, or leave the option out",
            edits=self._fix(block),
            fix_description="make the tape persistent",
            because=[(f"`{block.name}` is made without `persistent=True`", block.with_node)],
        )

    def _fix(self, block: TapeBlock) -> list | None:
        constructor = block.constructor
        if constructor is None:
            return None
        for arg in constructor.args:
            if arg.keyword is not None and arg.keyword.value == "persistent":
                return [(arg.value, cst.Name("True"))]
            if arg.keyword is None or arg.star:
                return None  # positional: leave the call as written
        persistent = cst.Arg(
            keyword=cst.Name("persistent"),
            value=cst.Name("True"),
            equal=cst.AssignEqual(
                whitespace_before=cst.SimpleWhitespace(""),
                whitespace_after=cst.SimpleWhitespace(""),
            ),
        )
        args = list(constructor.args)
        if args:
            args[-1] = args[-1].with_changes(
                comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
        return [(constructor, constructor.with_changes(args=[*args, persistent]))]


class TrainableVariablesBeforeBuild(Rule):
    id = "TF918"
    call_names = GRADIENT_METHODS
    name = "trainable-variables-before-build"
    category = "api-misuse"
    severity = "error"
    message = "`trainable_variables` is read before the model is built: the list is empty"
    rationale = """
        A Keras model creates its weights when it is built: on its first call, `build()`, or
        at construction when it is given an input shape (`keras.Input`, `input_shape=`). A
        `Sequential` without an input shape, or a subclassed model, has no variables before
        that, so `params = model.trainable_variables` captured then is `[]`: the training
        loop's `tape.gradient(loss, params)` and `apply_gradients` do nothing, and the model
        never trains. Read `model.trainable_variables` after the first call (inside the
        training step), or give the model an input shape. Evidence required: the list is
        bound once, from a model the module builds without an input shape and nothing reads
        between its construction and the capture (only `compile`), and it is used as the
        sources of a `gradient` call. A subclassed model counts when its `__init__` (its
        class's own) only calls `super().__init__` without functional inputs and binds fresh
        layers (Keras's, or the module's own of that kind) and constants to `self`: its
        layers make their weights on its first call (Keras 3 and tf-keras, TF 2.21: `[]`).
    """
    requires_text = ("trainable_variables", "trainable_weights")

    def visit_Call(self, node: cst.Call) -> None:
        gradient = self.model.tapes.for_call(node)
        if gradient is None or not gradient.sources:
            return
        for source in gradient.sources:
            capture = source.defined
            if source.kind != "object" or not isinstance(capture, cst.Attribute):
                continue
            if capture.attr.value not in ("trainable_variables", "trainable_weights"):
                continue
            found = _unbuilt_capture(self.model, capture)
            if found is None or not _once(self, capture):
                continue
            construction, why = found
            self.report(
                capture,
                f"`{chain_text(capture)}` is read before `{chain_text(capture.value)}` is "
                f"built ({why}): it is `[]`, and `{gradient.tape.name}.gradient` and "
                "`apply_gradients` update nothing",
                because=[
                    (f"`{chain_text(capture.value)}` is made here, unbuilt: {why}", construction),
                    ("the list is captured here, before anything builds it", capture),
                    ("and used as the sources of the gradient", node),
                ],
            )


class PersistentTapeGradientInBlock(Rule):
    id = "TF919"
    call_names = GRADIENT_METHODS
    name = "persistent-tape-gradient-in-block"
    category = "api-misuse"
    severity = "warning"
    message = "a persistent tape is asked for gradients inside its own `with` block"
    rationale = """
        Inside the block, a tape is still recording: `gradient()` called there records the
        gradient computation itself. TensorFlow logs that this is "significantly less
        efficient" (more CPU and memory) and only useful for higher-order derivatives. Call
        `gradient()` after the block. Evidence required: the tape is made with
        `persistent=True`, the call is made inside its block, and its result feeds no later
        `gradient()` of the same tape (a second-order derivative) and no other tape records
        around it.
    """
    requires_text = TAPE_TEXT

    def visit_Call(self, node: cst.Call) -> None:
        gradient = self.model.tapes.for_call(node)
        if gradient is None or not gradient.inside or gradient.after:
            return
        block = gradient.tape
        if block.persistent is not True or gradient.higher_order or gradient.encloses:
            return
        self.report(
            node,
            f"`{block.name}.gradient(...)` inside the persistent tape's block records the "
            "gradient computation too (slower, more memory); call it after the block",
            because=[
                (f"`{block.name}` is persistent and records this block", block.with_node),
                ("no later gradient of the tape uses this result", node),
            ],
        )


class ApplyGradientsNoneGradient(Rule):
    id = "TF920"
    call_names = frozenset({"apply_gradients"})
    name = "apply-gradients-none-gradient"
    category = "api-misuse"
    severity = "error"
    message = "`apply_gradients` gets `None` gradients for variables the loss never reads"
    rationale = """
        `tape.gradient(loss, variables)` gives `None` for each variable the recorded loss does
        not depend on: asking one model's loss for another model's variables (a GAN's two
        tapes mixed up), or for variables only used before or after the tape's block.
        `optimizer.apply_gradients` then raises `No gradients provided for any variable`, or,
        when only some are `None`, warns and leaves those variables untrained. Ask each tape
        for the variables its loss uses. Evidence required: the gradients come from one
        `gradient` call whose sources the model can name, and the model's tape view shows one
        of them never read while the tape records (a call it cannot follow, or an object that
        may hold the variables, keeps it silent). A target that is the result of a function of
        the module returning nothing (a loss helper without `return`) is None, for which
        `gradient` raises TypeError before any gradient reaches the optimizer: not reported here.
    """
    requires_text = TAPE_TEXT

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "apply_gradients":
            return
        if not node.args:
            return
        pairs = node.args[0].value
        if not (
            isinstance(pairs, cst.Call)
            and self.model.call_name(pairs) == "builtins.zip"
            and pairs.args
        ):
            return
        gradient = self._gradient_of(pairs.args[0].value)
        if gradient is None:
            return
        if _none_returning_call(self.model, gradient.target, gradient.tape.scope):
            return  # the target is `None`, not a loss that skips the variables: TF900 says so
        unread = [v for v in gradient.verdicts() if v.cause == "unread"]
        if not unread or _returns_nothing(self.model, gradient.target, self.context.scope):
            return  # a target that is None: `gradient` raises TypeError before any update
        verdict: Verdict = unread[0]
        block = gradient.tape
        sources = ", ".join(_source_text(v.source) for v in unread)
        asked = (f"{_source_text(verdict.source)}: asked for here", verdict.source.expr)
        because = [asked, _end_step(block), _call_step(gradient)]
        self.report(
            node,
            f"`apply_gradients` gets `None` for {sources}: the target of "
            f"`{block.name}.gradient` never reads {'it' if len(unread) == 1 else 'them'} while "
            "the tape records",
            because=because,
        )

    def _gradient_of(self, expr: cst.BaseExpression) -> GradientCall | None:
        tapes = self.model.tapes
        if isinstance(expr, cst.Call):
            return tapes.for_call(expr)
        if not isinstance(expr, cst.Name):
            return None
        values = self.model.binding_of(expr, self.context.scope).known_values
        if not values or len(values) != 1 or not isinstance(values[0], cst.Call):
            return None
        return tapes.for_call(values[0])


def _returns_nothing(
    model: ModuleModel, target: cst.BaseExpression | None, scope: Scope | None
) -> bool:
    """Whether ``target`` (a gradient call's) is, or names, the result of a call of a function
    of the module that returns no value (no ``return`` with a value, no ``yield``): None, for
    which ``tape.gradient`` raises TypeError (TF 2.21: "Argument `target` should be a list or
    nested structure of Tensors ... but received None") before any gradient is given."""
    if target is None:
        return False
    values = [target]
    if isinstance(target, cst.Name):
        values = model.binding_of(target, scope).known_values or []
    for value in values:
        if not isinstance(value, cst.Call):
            continue
        callee = model.callee(value, scope)
        if (
            callee is not None
            and not isinstance(callee.node, cst.Lambda)
            and not callee.is_generator
            and not model.return_values(callee)
        ):
            return True
    return False


class NonDifferentiableStepInKerasTraining(Rule):
    id = "TF922"
    name = "non-differentiable-step-in-keras-training"
    category = "api-misuse"
    severity = "error"
    message = "a step with no gradient cuts the path from the weights Keras trains to the loss"
    rationale = """
        `model.fit` differentiates the loss with respect to every trainable weight, through
        the model and the loss. A step with no gradient on that path, `tf.argmax`,
        `tf.argsort`, `tf.round`, `tf.floor`, a comparison, `tf.numpy_function`, cuts it: in
        a loss passed to `compile(loss=...)` (every path from `y_pred` to the loss passes it:
        `No gradients provided for any variable`), or in the model, a `Lambda`, an
        `activation`, a layer's `call` or an op on the symbolic tensors of a functional model
        (the layers before it never train; Keras only warns `Gradients do not exist for
        variables`). Keep the step out of the training path (a softmax instead of an argmax,
        the probabilities instead of a threshold; the step only in metrics or at prediction).
        Which ops cut the gradient comes from the knowledge base, generated by running each op
        under a `GradientTape`, and which layers have trainable weights from building each
        layer class (`scripts/generate_tf_knowledge.py`). Evidence required: the loss is
        passed to `compile` (a function, a factory's inner function, a `Loss` subclass), or
        the model is built in this module (`Sequential`, functional `Model`, a `Model`
        subclass's `call`) and compiled or trained; every path from `y_pred`, or from a layer
        with trainable weights, to the result passes the step (a call the model cannot follow
        keeps it silent).
    """
    requires_text = ("compile", "fit", "train_on_batch")

    def visit_Module(self, node: cst.Module) -> None:
        for found in self.model.training.cuts:
            cut = found.cut
            if cut.reason not in ("no-gradient", "integer-output") or not _once(self, cut.node):
                continue  # traced, a step to NumPy fails outright: TF801/TF804 say so
            why = f"{cut.what}: {_CUT_WORDS[cut.reason]}"
            if found.loss is not None:
                loss = found.loss
                name = "the lambda" if loss.name == "<lambda>" else f"`{loss.name}`"
                self.report(
                    cut.node,
                    f"{cut.what}, and every path from the predictions to the loss {name} "
                    "passes it: Keras finds no gradient for any weight (`No gradients "
                    "provided for any variable`)",
                    because=[
                        (f"{name} is the loss `compile` trains with", found.trained),
                        (why, cut.node),
                    ],
                    traced_in=loss if loss.traced else None,
                )
                continue
            layer = cst.Module(body=[]).code_for_node(found.weights).split("(")[0]
            self.report(
                cut.node,
                f"{cut.what}: the trainable weights of `{layer}(...)` reach the model's "
                "outputs only through it, so training never updates them",
                because=[
                    (f"`{layer}(...)` has trainable weights", found.weights),
                    (why, cut.node),
                    ("the model is trained here", found.trained),
                ],
            )


# --- helpers ---------------------------------------------------------------------------------


def _following_statement(block: TapeBlock) -> cst.CSTNode | None:
    """The statement right after the tape's ``with`` in the same block of code."""
    todo: list[cst.CSTNode] = [block.scope.node]
    while todo:
        node = todo.pop()
        body = getattr(node, "body", None)
        statements = body if isinstance(node, (cst.Module, cst.IndentedBlock)) else None
        if statements is not None:
            for index, statement in enumerate(statements):
                if statement is block.with_node:
                    return statements[index + 1] if index + 1 < len(statements) else None
        todo.extend(node.children)
    return None


# Keyword arguments that give a Keras layer its input shape (and so build the model it starts).
_SHAPE_KEYWORDS = frozenset({"input_shape", "batch_input_shape", "input_dim", "batch_shape"})


def _unbuilt_capture(model: ModuleModel, capture: cst.Attribute) -> tuple[cst.CSTNode, str] | None:
    """(the construction, why it is unbuilt) when ``capture`` (``X.trainable_variables``)
    reads a model the module builds without an input shape and nothing reads between."""
    owner = capture.value
    if not isinstance(owner, cst.Name):
        return None
    binding = model.binding_of(owner)
    if len(binding.sites) != 1 or binding.sites[0].kind != SiteKind.ASSIGN:
        return None
    site = binding.sites[0]
    value = site.value
    if not isinstance(value, cst.Call):
        return None
    why = _unbuilt(model, value)
    if why is None:
        return None
    start, end = site.order, event_order(model, capture)
    if not 0 <= start < end:
        return None
    for name in model.nodes_of(cst.Name):
        if name.value != owner.value or name is owner or name is site.node:
            continue
        where = event_order(model, name)
        if start < where < end and not _builds_nothing(model, name):
            return None  # read in between: a call, `build`, `fit` may build it
    return value, why


def _unbuilt(model: ModuleModel, call: cst.Call) -> str | None:
    """Why the model ``call`` constructs has no variables yet, if the module shows it."""
    name = model.call_name(call)
    if name is not None and knowledge.canonical(name) in (
        "keras.Sequential",
        "keras.models.Sequential",
        "tf_keras.Sequential",
        "tf_keras.models.Sequential",
    ):
        if any(a.keyword is not None and a.keyword.value == "layers" for a in call.args):
            layers = next(a.value for a in call.args if a.keyword and a.keyword.value == "layers")
        elif call.args and call.args[0].keyword is None:
            layers = call.args[0].value
        else:
            return "an empty `Sequential`"
        if not isinstance(layers, (cst.List, cst.Tuple)) or not layers.elements:
            return None
        first = layers.elements[0].value
        if not isinstance(first, cst.Call):
            return None
        first_name = model.call_name(first) or ""
        if knowledge.class_kind(first_name) != "layer" or first_name.endswith(
            ("Input", "InputLayer")
        ):
            return None
        if any(a.keyword is not None and a.keyword.value in _SHAPE_KEYWORDS for a in first.args):
            return None
        return "a `Sequential` whose first layer has no input shape"
    cls = (
        model.constructed_class(call, model.scope_of(call.func))
        if isinstance(call.func, cst.Name)
        else None
    )
    if cls is not None and cls.keras_kind == "model" and _weightless_init(model, cls, 0):
        return f"a subclassed `{cls.name}` makes its weights on its first call"
    return None


def _weightless_init(model: ModuleModel, cls: ClassInfo, depth: int) -> bool:
    """Whether constructing the module's Keras class ``cls`` makes no weight: its ``__init__``
    (its own, the only one of the module's classes it runs) calls ``super().__init__`` with no
    functional inputs and outputs, and binds to ``self`` only constants and fresh layers
    (Keras's, or the module's own with such an ``__init__``); a subclass's layers make their
    weights on the first call (Keras 3 and tf-keras: `trainable_variables` is `[]` before it)."""
    if depth > 3 or any(b in model.module_classes for b in cls.base_names):
        return False  # a base of the module's own: its `__init__` runs too
    init = cls.methods.get("__init__")
    if init is None or isinstance(init.node, cst.Lambda):
        return False
    for statement in body_statements(init.node):
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            return False
        small = statement.body[0]
        if isinstance(small, cst.Expr):
            call = small.value
            if not (
                isinstance(call, cst.Call)
                and isinstance(call.func, cst.Attribute)
                and call.func.attr.value == "__init__"
                and isinstance(call.func.value, cst.Call)
                and code(call.func.value.func) == "super"
                and all(
                    a.keyword is None or a.keyword.value not in ("inputs", "outputs")
                    for a in call.args
                )
                and not any(a.keyword is None and not a.star for a in call.args)
            ):
                return False
            continue
        if not isinstance(small, cst.Assign) or len(small.targets) != 1:
            return False
        target = small.targets[0].target
        if not (
            isinstance(target, cst.Attribute)
            and isinstance(target.value, cst.Name)
            and target.value.value == "self"
        ):
            return False
        value = small.value
        if isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)):
            continue  # a value passed in (a name) may be a built layer: not this
        if not isinstance(value, cst.Call):
            return False
        inner = model.constructed_class(value, init)
        if inner is not None:
            if inner.keras_kind not in ("layer", "model") or not _weightless_init(
                model, inner, depth + 1
            ):
                return False
            continue
        if knowledge.class_kind(model.call_name(value) or "") != "layer":
            return False
    return True


def _builds_nothing(model: ModuleModel, name: cst.Name) -> bool:
    """Whether ``name`` is read only to compile the model or list its (empty) variables."""
    for attribute in model.nodes_of(cst.Attribute):
        if attribute.value is name:
            return attribute.attr.value in ("compile", *VARIABLE_LISTS)
    return False


def _variable_lists(
    model: ModuleModel, node: cst.Call, members: tuple[str, ...]
) -> Iterator[tuple[GradientCall, Source, cst.Attribute]]:
    """The sources of the gradient call ``node`` that ask for an object's variable list
    (``model.weights``: one of ``members``), with the call and the list as written."""
    gradient = model.tapes.for_call(node)
    for source in (gradient.sources or []) if gradient is not None else []:
        listed = source.defined if isinstance(source.defined, cst.Attribute) else source.expr
        if (
            source.kind == "object"
            and isinstance(listed, cst.Attribute)
            and listed.attr.value in members
        ):
            yield gradient, source, listed


def _frozen_before(model: ModuleModel, owner: str, gradient: GradientCall) -> cst.Assign | None:
    """The ``<owner>.trainable = False`` that runs before ``gradient``'s call, when it is the
    only value the module ever gives ``<owner>.trainable``: at module level (the call in a
    function, or after it), or in ``__init__`` of the class whose method makes the call
    (``self.discriminator.trainable = False``)."""
    settings = [
        assign
        for assign in model.nodes_of(cst.Assign)
        if any(
            isinstance(t.target, cst.Attribute)
            and t.target.attr.value == "trainable"
            and chain_text(t.target.value) == owner
            for t in assign.targets
        )
    ]
    if len(settings) != 1:
        return None
    freeze = settings[0]
    if not (isinstance(freeze.value, cst.Name) and freeze.value.value == "False"):
        return None
    root = chain_root(freeze.targets[0].target)
    if root is None:
        return None
    where = model.scope_of(root).function
    calling = gradient.tape.scope.function
    if where is None:  # module level: before a call there, or the call in a function
        if calling is None and event_order(model, freeze) > event_order(model, gradient.call):
            return None
        if not owner.startswith("self.") and len(model.binding_of(root).sites) != 1:
            return None
        return freeze
    if (
        owner.startswith("self.")
        and calling is not None
        and where.name == "__init__"
        and where.cls is not None
        and model.enclosing_class(calling) is where.cls
    ):
        return freeze
    return None


def _integer_output(model: ModuleModel, expr: cst.BaseExpression) -> str | None:
    """What makes ``expr`` an integer or bool tensor, in words, when it is the output of an op
    with one (the knowledge base's integer-output ops: ``tf.argmax``), of a cast to an integer
    dtype, or of a comparison; None otherwise."""
    if isinstance(expr, cst.Comparison):
        return "a comparison (a bool tensor)"
    if not isinstance(expr, cst.Call):
        return None
    name = model.call_name(expr)
    short = (name or "").replace("tensorflow.", "tf.", 1)
    cut = knowledge.gradient_cut(name)
    if cut is not None and cut.reason == "integer-output":
        return f"`{short}` (an integer or bool tensor)"
    where = knowledge.dtype_parameter(name)
    if where is not None and knowledge.returns(name) == "tensor":
        dtype = argument(expr, where.dtype, "dtype")
        if dtype is not None and is_integer_dtype(model, dtype):
            return f"`{short}` to an integer dtype"
    return None


def _integer_target(model: ModuleModel, gradient: GradientCall) -> tuple[str, cst.CSTNode] | None:
    """Where the gradient call's target is made an integer or bool tensor, and by what: the
    target is such an op's output itself (``tape.gradient(tf.argmax(p), x)``), or a name
    whose one value is (``idx = tf.argmax(p)``, then ``tape.gradient(idx, x)``)."""
    target = gradient.target
    if target is None:
        return None
    value = target
    if isinstance(target, cst.Name):
        values = model.binding_of(target).known_values
        if not values or len(values) != 1:
            return None
        value = values[0]
    what = _integer_output(model, value)
    return (what, value) if what is not None else None


class GradientOfIntegerTarget(Rule):
    id = "TF951"
    call_names = GRADIENT_METHODS
    name = "gradient-of-integer-target"
    category = "api-misuse"
    severity = "error"
    message = "the gradient's target is an integer or bool tensor (an index, not a score): `None`"
    rationale = """
        A `GradientTape` differentiates floating-point values only. A target that is itself
        the output of an op with an integer or bool result (`tf.argmax`, `tf.argmin`, a
        cast to an integer dtype, a comparison) has no gradient to anything:
        `tape.gradient(class_idx, conv_output)` with `class_idx = tf.argmax(preds[0])` gives
        `None` (TensorFlow warns only that the target is not a float), and the class
        activation map or saliency built from it fails further on. Ask for the gradient of
        the float value the index picks (`preds[:, class_idx]`, computed in the tape's
        block). Evidence required: the target, or the one value bound to the name passed as
        the target, is such an op's output (the knowledge base's integer-output ops,
        generated by running each op under a tape), and the tape view finds the gradient
        `None` for the sources asked for.
    """
    requires_text = TAPE_TEXT

    def visit_Call(self, node: cst.Call) -> None:
        found = _verdicts(self, node, ("cut",))
        if not found:
            return
        gradient, verdict = found[0]
        made = _integer_target(self.model, gradient)
        if made is None or not _once(self, gradient.call):
            return
        what, value = made
        block = gradient.tape
        because = [s for s in (_read_step(block, verdict.source),) if s]
        because += [(f"the target is made here, by {what}", value)]
        self.report(
            gradient.call,
            f"the target is the output of {what}: an integer index has no gradient, so "
            f"`{block.name}.gradient` gives `None` for {_source_text(verdict.source)}; ask "
            "for the gradient of the float score it picks (computed in the tape's block)",
            because=because,
        )


def _rebound_to_tensor(
    model: ModuleModel, name: cst.Name, gradient: GradientCall
) -> tuple[cst.CSTNode, cst.CSTNode, str, cst.CSTNode] | None:
    """Where ``name``, a gradient source bound to a ``tf.Variable``, is rebound to arithmetic
    on itself (``w = w - lr * dw``: a tensor) so that a later run of the tape sees a tensor:
    the rebinding in a loop around the tape's block, or, under ``global``, in the function of
    the tape that the module calls in a loop or more than once. (The rebound name, the
    variable's construction, how the tape runs again, the loop or function holding both), or
    None."""
    sites = model.binding_of(name).sites
    made = [
        s
        for s in sites
        if s.kind == SiteKind.ASSIGN
        and isinstance(s.value, cst.Call)
        and model.call_name(s.value) in VARIABLE_CONSTRUCTORS
    ]
    if not made:
        return None
    block = gradient.tape
    start = event_order(model, block.with_node)
    for site in sites:
        value = site.value
        if site.kind != SiteKind.ASSIGN or not isinstance(
            value, (cst.BinaryOperation, cst.UnaryOperation)
        ):
            continue
        if not mentions(value, name.value):
            continue
        if site.loop is not None:
            begin, end = model.loop_spans.get(id(site.loop), (0, -1))
            if begin <= start < end:
                again = "the loop runs the tape's block again"
                return (site.node, made[0].node, again, site.loop)
        function = block.scope.function
        if (
            site.loop is None
            and function is not None
            and site.where is function
            and name.value in function.global_names
        ):
            calls = [c for c in model.call_sites if c.callee is function]
            if len(calls) > 1 or any(c.loops for c in calls):
                return (site.node, made[0].node, f"`{function.name}` runs again", function.node)
    return None


def _attribute_rebound(
    model: ModuleModel, attribute: cst.Attribute, gradient: GradientCall
) -> tuple[cst.CSTNode, cst.CSTNode | None, str, cst.CSTNode] | None:
    """``model.w = model.w - lr * dw`` in the tape's function, for a source ``model.w``: the
    attribute now holds a tensor, which the tape sees the next time it runs (the function
    called in a loop or more than once, or the assignment in a loop around the block). As
    ``_rebound_to_tensor``, the variable's construction where the module shows it."""
    origin = chain_text(attribute)
    function = gradient.tape.scope.function
    if origin is None or function is None or "." not in origin:
        return None
    start = event_order(model, gradient.tape.with_node)
    calls = [c for c in model.call_sites if c.callee is function]
    called_again = len(calls) > 1 or any(c.loops for c in calls)
    for target, value, loop in _attribute_assignments(function.node, origin):
        if not isinstance(value, (cst.BinaryOperation, cst.UnaryOperation)):
            continue
        if not any(chain_text(n) == origin for n in _attributes(value)):
            continue
        if loop is not None:
            begin, end = model.loop_spans.get(id(loop), (0, -1))
            if begin <= start < end:
                return (target, None, "the loop runs the tape's block again", loop)
        if called_again:
            return (target, None, f"`{function.name}` runs again", function.node)
    return None


def _attribute_assignments(
    root: cst.CSTNode, origin: str
) -> Iterator[tuple[cst.CSTNode, cst.BaseExpression, cst.CSTNode | None]]:
    """``origin = value`` statements in a function's own code (not nested definitions): the
    target, the value, and the outermost loop around it."""
    todo: list[tuple[cst.CSTNode, cst.CSTNode | None]] = [(child, None) for child in children(root)]
    while todo:
        node, loop = todo.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(node, cst.Assign) and len(node.targets) == 1:
            target = node.targets[0].target
            if chain_text(target) == origin:
                yield target, node.value, loop
        inner = loop if loop is not None or not isinstance(node, (cst.For, cst.While)) else node
        todo.extend((child, inner) for child in children(node))


def _attributes(node: cst.CSTNode) -> Iterator[cst.Attribute]:
    todo = [node]
    while todo:
        current = todo.pop()
        if isinstance(current, cst.Attribute):
            yield current
        todo.extend(children(current))


def _assigning_method(statement: cst.SimpleStatementLine) -> str:
    """The variable's method that does in place what ``w = w - x`` (``w + x``) meant."""
    assign = statement.body[0]
    value = assign.value if isinstance(assign, cst.Assign) else None
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
        return "assign_add"
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Subtract):
        return "assign_sub"
    return "assign"


class VariableReplacedByTensor(Rule):
    id = "TF952"
    call_names = GRADIENT_METHODS
    name = "variable-replaced-by-tensor"
    category = "api-misuse"
    severity = "error"
    message = "a `tf.Variable` the tape is asked about is rebound to a tensor: `None` from then on"
    rationale = """
        A tape watches the trainable `tf.Variable`s it sees read, not tensors. `w = w - lr *
        dw` does not update the variable: arithmetic on a variable gives a new `tf.Tensor`,
        and the name now holds it. The next time the tape runs (the next step of the loop,
        the next call of the training step), `w` is a tensor no one watches, and
        `tape.gradient(loss, [w, b])` gives `None` for it (then `None * lr` fails, or
        `apply_gradients` warns and skips it). Update the variable in place:
        `w.assign_sub(lr * dw)` (TensorFlow's own guide to autodiff shows this case).
        The same holds for an attribute (`model.w = model.w - lr * dw` in a training step,
        the basic training loop guide's model): it now holds a tensor. Evidence required:
        the source of a `gradient` call is a name bound to a `tf.Variable(...)` and rebound
        to arithmetic on itself, in a loop around the tape's block, or under `global` in the
        tape's function that the module calls in a loop or more than once; or an attribute
        the tape's function sets to arithmetic on itself, in such a loop or such a function.
        A tape that watches the source each time (`tape.watch(model.w)`) keeps it silent.
        And a tensor put in a Keras layer's weight attribute (`copy.layers[j].kernel = w - lr
        * g`, a MAML inner step) before a gradient asked of `copy.trainable_variables`:
        tf-keras drops the variable from the layer's `trainable_variables` (TF 2.21: the list
        of a two-layer copy goes from 4 to 2), so the list no longer holds it, and Keras 3
        raises `AttributeError` (`kernel` has no setter). Evidence required there: the
        assignment's target is `<name>.layers[...]`'s `kernel`, `bias`, `embeddings` (or
        another weight attribute of Keras's layers), its value a TF op or arithmetic, made
        before the gradient call that asks for `<name>`'s variables.
    """
    fix_applicability = "unsafe"
    fix_safety = (
        "Unsafe: `w = w - x` becomes `w.assign_sub(x)` (`w = w + x`: `w.assign_add(x)`), "
        "which updates the variable in place: code that kept the old value through another "
        "name now sees the new one."
    )
    requires_text = (*TAPE_TEXT, "Variable")

    def _layer_weights_replaced(self, gradient: GradientCall) -> None:
        """``model_copy.layers[j].kernel = w - lr * g`` before a gradient asked of
        ``model_copy.trainable_variables``: a tensor put in a Keras layer's weight attribute
        (tf-keras: the layer drops the variable from `trainable_variables`, so the list no
        longer holds it and nothing trains it; Keras 3: `AttributeError`, the property has no
        setter)."""
        model = self.model
        call_order = event_order(model, gradient.call)
        for source in gradient.sources or ():
            if source.kind != "object" or "." in source.origin:
                continue
            for node in model.nodes_of(cst.Assign):
                if len(node.targets) != 1 or event_order(model, node) > call_order:
                    continue
                target = node.targets[0].target
                if not isinstance(target, cst.Attribute) or target.attr.value not in _LAYER_WEIGHTS:
                    continue
                owner = target.value
                if not (
                    isinstance(owner, cst.Subscript)
                    and isinstance(owner.value, cst.Attribute)
                    and owner.value.attr.value == "layers"
                    and chain_text(owner.value.value) == source.origin
                ):
                    continue
                value = node.value
                if isinstance(value, cst.Call):
                    name = model.call_name(value) or ""
                    if name in VARIABLE_CONSTRUCTORS or knowledge.returns(name) != "tensor":
                        continue
                elif not isinstance(value, cst.BinaryOperation):
                    continue
                reported = self.context.memo(("layer-weights-replaced",), set)
                if source.origin in reported:
                    return
                reported.add(source.origin)
                attr = target.attr.value
                self.report(
                    target,
                    f"this puts a tensor in a layer's `{attr}`, its weight: tf-keras drops the "
                    f"variable from `{source.origin}.trainable_variables`, so "
                    f"`{gradient.tape.name}.gradient` is not asked about it and nothing trains "
                    "it (Keras 3 raises `AttributeError`: the property has no setter); watch "
                    "the tensors and ask for their gradient, or write the values into the "
                    f"variable (`{code(target)}.assign(...)`)",
                    because=[
                        (f"the weights of `{source.origin}` are asked for here", source.expr),
                        _call_step(gradient),
                    ],
                )
                return

    def visit_Call(self, node: cst.Call) -> None:
        gradient = self.model.tapes.for_call(node)
        if gradient is None or gradient.sources is None:
            return
        block = gradient.tape
        self._layer_weights_replaced(gradient)
        for source in gradient.sources:
            if {source.origin, *source.aliases} & block.watched or block.watch_unknown:
                continue  # a tensor the tape watches each time has its gradient
            if isinstance(source.expr, cst.Name):
                found = _rebound_to_tensor(self.model, source.expr, gradient)
            elif isinstance(source.expr, cst.Attribute):
                found = _attribute_rebound(self.model, source.expr, gradient)
            else:
                continue
            if found is None:
                continue
            rebound, made, again, root = found
            statement = self._statement(rebound, root)
            if statement is None or not _once(self, statement):
                continue
            name = source.origin
            method = _assigning_method(statement)
            self.report(
                statement,
                f"this rebinds `{name}` to a tensor (arithmetic on a variable makes a new "
                f"tensor): when {again}, the tape does not watch `{name}` and "
                f"`{gradient.tape.name}.gradient` gives `None` for it; update the variable in "
                f"place (`{name}.{method}(...)`)",
                edits=self._fix(statement, name),
                fix_description=f"update `{name}` in place",
                because=[
                    *([(f"`{name}` is made a `tf.Variable` here", made)] if made else []),
                    _call_step(gradient),
                    (again, rebound),
                ],
            )

    def _statement(self, target: cst.CSTNode, root: cst.CSTNode) -> cst.SimpleStatementLine | None:
        """The one-line assignment under ``root`` whose target is ``target``."""
        todo = [root]
        while todo:
            current = todo.pop()
            if isinstance(current, cst.SimpleStatementLine):
                for small in current.body:
                    if isinstance(small, cst.Assign) and any(
                        t.target is target for t in small.targets
                    ):
                        return current
                continue
            todo.extend(children(current))
        return None

    def _fix(self, statement: cst.SimpleStatementLine, name: str) -> list | None:
        """``w = w - x`` -> ``w.assign_sub(x)``; ``w = w + x`` -> ``w.assign_add(x)``."""
        if len(statement.body) != 1 or not isinstance(statement.body[0], cst.Assign):
            return None
        assign = statement.body[0]
        value = assign.value
        if (
            len(assign.targets) != 1
            or not isinstance(value, cst.BinaryOperation)
            or chain_text(value.left) != name
            or not isinstance(value.operator, (cst.Add, cst.Subtract))
        ):
            return None
        method = "assign_add" if isinstance(value.operator, cst.Add) else "assign_sub"
        call = cst.Call(
            func=cst.Attribute(value=value.left, attr=cst.Name(method)),
            args=[cst.Arg(value=value.right)],
        )
        return [(assign, cst.Expr(value=call))]


# The weight attributes of Keras's layers (`Dense.kernel`, `Embedding.embeddings`).
_LAYER_WEIGHTS = frozenset(
    {"kernel", "bias", "embeddings", "recurrent_kernel", "depthwise_kernel", "pointwise_kernel"}
)


def _applied_gradients(rule: Rule) -> set[int]:
    """The ids of the gradient calls whose result the module hands to
    ``optimizer.apply_gradients(zip(grads, ...))`` (TF920 speaks for those)."""

    def find() -> set[int]:
        found = set()
        model = rule.model
        for call in model.nodes_of(cst.Call):
            func = call.func
            if not isinstance(func, cst.Attribute) or func.attr.value != "apply_gradients":
                continue
            pairs = call.args[0].value if call.args else None
            if not (
                isinstance(pairs, cst.Call)
                and model.call_name(pairs) == "builtins.zip"
                and pairs.args
            ):
                continue
            grads = pairs.args[0].value
            if isinstance(grads, cst.Name):
                values = model.binding_of(grads).known_values or []
                found.update(id(v) for v in values if isinstance(v, cst.Call))
            elif isinstance(grads, cst.Call):
                found.add(id(grads))
        return found

    return rule.context.memo("gradients-applied", find)


class GradientSourceNotConnected(Rule):
    id = "TF953"
    call_names = GRADIENT_METHODS
    name = "gradient-source-not-connected"
    category = "api-misuse"
    severity = "error"
    message = "the gradient's target never reads a source while the tape records: it is `None`"
    rationale = """
        `tape.gradient(target, source)` differentiates the operations the tape recorded from
        the source to the target. When the target is not computed from the source at all
        (`z = y * y`, then `tape.gradient(z, x)`), or the source is used only in a Python
        condition (`if x > 0.0: result = v0`: control flow is not differentiable), the
        gradient is `None`. Compute the target from the source inside the tape's block, or
        ask for the sources it does use. Evidence required: the model's tape view follows
        every statement from the block to the call (the module's own functions three deep)
        and finds no read of the source feeding the target while the tape records; a call it
        cannot follow, an object that may hold the variables, or a source it cannot name
        keeps it silent. Gradients handed to `apply_gradients` are TF920's.
    """
    requires_text = TAPE_TEXT

    def visit_Call(self, node: cst.Call) -> None:
        found = _verdicts(self, node, ("unread",))
        if not found or id(node) in _applied_gradients(self):
            return
        gradient = found[0][0]
        if isinstance(gradient.target, (cst.Integer, cst.Float, cst.UnaryOperation)):
            return  # a Python number as the target: the call raises instead
        block = gradient.tape
        for _, verdict in found:
            source = verdict.source
            because = [s for s in (_read_step(block, source),) if s]
            because += [_end_step(block), _call_step(gradient)]
            self.report(
                source.expr,
                f"the target of `{block.name}.gradient` is not computed from "
                f"{_source_text(source)} while the tape records (a value used only in a "
                "condition, or not at all, has no gradient): it gives `None`",
                because=because,
            )


# Calls that compute a Keras model's loss with its layers' own losses added (Keras 3's
# `compute_loss`; `compiled_loss` when given `regularization_losses`).
_LOSS_ADDING_METHODS = frozenset({"compute_loss", "compiled_loss"})


def _adds_losses(construction: cst.CSTNode, model: ModuleModel | None = None) -> cst.CSTNode | None:
    """Where a Keras model's construction (a ``Sequential([...])`` call, or the module's own
    class) gives a layer its own loss: a ``*_regularizer=`` argument that is not ``None``,
    an ``ActivityRegularization`` layer, or ``self.add_loss(...)``; None if nowhere."""
    todo = [construction]
    while todo:
        node = todo.pop()
        if (
            isinstance(node, cst.Arg)
            and node.keyword is not None
            and node.keyword.value.endswith("_regularizer")
            and not (isinstance(node.value, cst.Name) and node.value.value == "None")
        ):
            return node
        if (  # `{"kernel_regularizer": l2(...)}`: keyword arguments kept in a dict
            isinstance(node, cst.DictElement)
            and isinstance(node.key, cst.SimpleString)
            and node.key.evaluated_value.endswith("_regularizer")
            and not (isinstance(node.value, cst.Name) and node.value.value == "None")
        ):
            return node
        if (  # `Conv2D(..., **conv_kwargs)`: the dict the name holds
            model is not None
            and isinstance(node, cst.Arg)
            and node.star == "**"
            and isinstance(node.value, cst.Name)
        ):
            todo.extend(v for v in model.bound_values(node.value, None) if isinstance(v, cst.Dict))
        if isinstance(node, cst.Call):
            func = node.func
            name = func.attr.value if isinstance(func, cst.Attribute) else None
            if isinstance(func, cst.Name):
                name = func.value
            if name in ("add_loss", "ActivityRegularization"):
                return node
        todo.extend(children(node))
    return None


def _reads_losses(model: ModuleModel) -> bool:
    """Whether the module reads any object's ``.losses`` (``sum(model.losses)``), computes
    a loss that adds them (``self.compute_loss``), or reads a layer's regularizer to apply it
    by hand (``layer.kernel_regularizer(layer.kernel)``): then it may add them to the tape's
    loss."""

    def find() -> bool:
        for node in model.nodes_of(cst.Attribute):
            if node.attr.value in _LOSS_ADDING_METHODS and model.qualified_name(node) is None:
                return True  # a model's method, not a module's function of that name
            if node.attr.value == "losses" and model.qualified_name(node) is None:
                return True  # `model.losses`, not the `keras.losses` module
            if node.attr.value.endswith("_regularizer") and model.qualified_name(node) is None:
                return True  # `layer.kernel_regularizer(layer.kernel)`: added by hand
        return False

    return model.memo("reads-layer-losses", find)


def _building_code(
    model: ModuleModel, owner: cst.BaseExpression, scope: Scope
) -> list[cst.CSTNode]:
    """The code that builds the Keras model ``owner`` holds, where the module shows it: its
    ``Sequential([...])`` call or its own class; for a functional ``Model(inputs, outputs)``,
    the function (or module) that makes it and the module functions that code calls (the
    blocks that make its layers); for ``self`` in a model's method, its class; for the result
    of a module function, that function and what it calls."""
    training = model.training
    if isinstance(owner, cst.Name) and owner.value == "self":
        cls = model.enclosing_class(scope)
        if cls is None or cls.keras_kind != "model":
            return []
        return [node for method in cls.methods.values() for node in _with_callees(model, method)]
    if isinstance(owner, cst.Call):
        values: list[tuple[cst.BaseExpression, Scope]] = [(owner, scope)]
    elif isinstance(owner, (cst.Name, cst.Attribute)):
        # each model a name may hold (`if tiny:`)
        values = [(v, scope) for v in model.bound_values(owner, scope)]
        binding = model.binding_of(owner, scope) if isinstance(owner, cst.Name) else None
        if binding is not None and binding.is_param and isinstance(binding.scope, FunctionInfo):
            # a parameter of the tape's function: what the module's calls pass it
            # (`compute_loss(build(l2(0.5)))`)
            values += model.arguments(binding.scope, owner.value)
    else:
        return []
    found: list[cst.CSTNode] = []
    for value, scope in values:
        if not isinstance(value, cst.Call):
            continue
        construction = training.layer_construction(value, scope)
        if construction is None:
            builder = model.function_referenced(value.func, scope)
            found += _with_callees(model, builder) if builder is not None else []
            continue
        cls = training.local_class(construction, scope)
        if cls is not None:  # its methods, and what they call (`self.block = conv_block(...)`)
            for method in cls.methods.values():
                found += _with_callees(model, method)
        elif knowledge.canonical(model.call_name(construction) or "") in _FUNCTIONAL_MODELS:
            maker = _scope_of(model, construction)
            found += _with_callees(model, maker.function if maker is not None else None)
        else:
            found.append(construction)
    return found


_FUNCTIONAL_MODELS = frozenset(
    {"keras.Model", "keras.models.Model", "tf_keras.Model", "tf_keras.models.Model"}
)


def _scope_of(model: ModuleModel, call: cst.Call) -> Scope | None:
    """The scope whose code makes ``call`` (read off the leftmost name of its callee)."""
    func = call.func
    while isinstance(func, cst.Attribute):
        func = func.value
    return model.scope_of(func) if isinstance(func, cst.Name) else None


def _with_callees(model: ModuleModel, fn: FunctionInfo | None, depth: int = 3) -> list:
    """``fn``'s code (None: the module's) and that of the module functions it calls and of the
    module's Keras classes it constructs (their methods), ``depth`` calls deep."""
    found: list[cst.CSTNode] = []
    todo: list[tuple[FunctionInfo | None, int]] = [(fn, 0)]
    seen: set[int] = set()
    while todo:
        current, level = todo.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        found.append(current.node if current is not None else model.module)
        if level >= depth:
            continue
        for call in model.calls_made_by(current):
            callee = model.function_referenced(call.func, current)
            if callee is not None:
                todo.append((callee, level + 1))
                continue
            cls = model.training.local_class(call, current)
            if cls is not None and cls.keras_kind in ("layer", "model"):
                todo += [(method, level + 1) for method in cls.methods.values()]
    return found


def _loss_statement(gradient: GradientCall) -> cst.CSTNode | None:
    """The last statement of the tape's block that assigns the gradient's target (the loss as
    the loop computes it): where the missing ``model.losses`` belongs."""
    target = gradient.target
    if not isinstance(target, cst.Name):
        return None
    found = None

    def walk(node: cst.CSTNode) -> None:  # in source order: the last assignment wins
        nonlocal found
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return
        if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            targets = (
                [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            )
            if any(isinstance(t, cst.Name) and t.value == target.value for t in targets):
                found = node
        for child in children(node):
            walk(child)

    walk(gradient.tape.with_node.body)
    return found


class RegularizationLossesIgnored(Rule):
    id = "TF954"
    call_names = GRADIENT_METHODS
    name = "regularization-losses-ignored"
    category = "api-misuse"
    severity = "warning"
    message = (
        "a custom training loop trains a model with regularizers but never adds "
        "`model.losses` to the loss: the regularization does nothing"
    )
    rationale = """
        A layer's `kernel_regularizer` (`bias_regularizer`, `activity_regularizer`, an
        `ActivityRegularization` layer, `self.add_loss(...)`) does not change the loss by
        itself: Keras collects each penalty in `model.losses`, and `fit` adds them to the
        compiled loss. A training loop written with `tf.GradientTape` must add them itself
        (`loss += sum(model.losses)`, as keras.io's guide to writing a training loop from
        scratch does); without it the weights train exactly as if there were no
        regularizer, silently (same weights under TF 2.21). Evidence required: the tape is
        asked for the variables of a model whose building code the module shows (a
        `Sequential` call; its own `Model` subclass, `self` in an overridden `train_step`
        included; a functional `Model(inputs, outputs)` with the function that makes it and
        the module functions that one calls, or a module function that returns the model),
        with a layer given a regularizer (a keyword, or a key of a `**kwargs` dict) or a
        loss of its own (a model passed to the tape's function is followed to what the
        module's calls pass it: `compute_loss(build(l2(0.5)))`); and the module never reads
        any `.losses`, nor a layer's regularizer to apply it by hand
        (`layer.kernel_regularizer(layer.kernel)`), nor computes the loss with a model's
        `compute_loss`/`compiled_loss`. It marks the statement of the tape's block that
        computes the loss, where `model.losses` belongs.
    """
    # the tape's text is there too (call_names): the rarer text decides
    requires_text = ("regularizer", "add_loss", "ActivityRegularization")

    def visit_Call(self, node: cst.Call) -> None:
        gradient = self.model.tapes.for_call(node)
        if gradient is None or not gradient.sources or _reads_losses(self.model):
            return
        scope = gradient.tape.scope
        for source in gradient.sources:
            if source.kind != "object" or not isinstance(source.expr, cst.Attribute):
                continue
            where = None
            for building in _building_code(self.model, source.expr.value, scope):
                where = _adds_losses(building, self.model)
                if where is not None:
                    break
            if where is None or not _once(self, node):
                continue
            self.report(
                _loss_statement(gradient) or node,
                f"`{source.origin}` has layers with their own losses (a regularizer), but "
                f"the loss given to `{gradient.tape.name}.gradient` never adds "
                f"`{source.origin}.losses`: the regularization does not train; add "
                f"`sum({source.origin}.losses)` to the loss inside the tape's block",
                because=[
                    ("a layer's own loss, collected in `.losses`", where),
                    _call_step(gradient),
                ],
            )
            return


@cache
def _where_nan_ops() -> dict[str, frozenset[str]]:
    """The ops a `where` cannot guard, by last name, as scripts/generate_where_nan_ops.py found
    them by running each under a tape in `where(x > 0, op(x), 0.)` (TF 2.21): "unbounded" (the
    gradient is NaN: `log(0)`'s infinite derivative times the unselected branch's zero),
    "nan_value" (only the value is NaN or infinite, which reaches the gradient of a factor
    beside it: `alpha * sqrt(x)`) and "divisors" (NaN through the second argument: `divide`)."""
    data = load_json("where_nan_ops.json")
    return {kind: frozenset(data[kind]) for kind in ("unbounded", "nan_value", "divisors")}


_WHERE_FUNCTIONS = frozenset({"where", "where_v2", "switch"})
# what keeps an operand inside its domain (the "double where" fix, a floor, a clip)
_DOMAIN_GUARDS = frozenset(
    {"where", "where_v2", "switch", "maximum", "clip_by_value", "abs", "softplus", "exp", "square"}
)
_GRADIENT_PATH_METHODS = frozenset({"call", "__call__", "train_step", "compute_loss"})


def _tf_name(model: ModuleModel, call: cst.Call) -> str | None:
    """The last part of a TensorFlow or Keras call's name (``log`` for ``tf.math.log``)."""
    name = model.call_name(call)
    if name is None or not name.startswith(("tensorflow.", "keras.", "tf_keras.")):
        return None
    return name.rsplit(".", 1)[-1]


def _guards_zero(cond: cst.BaseExpression) -> bool:
    """Whether ``cond`` compares something with the literal zero (``x >= 0``, ``d != 0.0``)."""
    if not isinstance(cond, cst.Comparison):
        return False
    sides = [cond.left, *(target.comparator for target in cond.comparisons)]
    return any(
        isinstance(side, (cst.Integer, cst.Float)) and float(side.value) == 0.0 for side in sides
    )


def _names_in(node: cst.CSTNode) -> set[str]:
    found: set[str] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name):
            found.add(current.value)
        stack.extend(children(current))
    return found


class WhereUnselectedBranchNanGradient(Rule):
    id = "TF989"
    name = "where-unselected-branch-nan-gradient"
    category = "api-misuse"
    severity = "warning"
    message = (
        "`tf.where` guards a `log`/division/`sqrt` by its operand, but the gradient of the "
        "unselected branch is still computed: NaN"
    )
    rationale = """
        `tf.where(cond, a, b)` picks values, not computations: both branches run for every
        element, and the gradient of each is its local derivative times zero where it is not
        selected. Where the guarded op is outside its domain, that derivative is infinite
        (`log(0)`, `1/0`) or the value itself is NaN or infinite (`log(-1)`, `sqrt(-1)`,
        `rsqrt(0)`, which then multiplies the gradient of a factor beside it), and `0 * inf` and `0 * NaN` are
        NaN: under TF 2.21 `tf.where(x > 0, tf.math.log(x), 0.)` gives the gradient NaN at
        `x == 0`, and `tf.where(x >= 0, alpha * tf.math.log(x), 0.)` gives `alpha` a NaN
        gradient for any negative `x`. One NaN in a gradient makes every weight NaN after
        the update. Guard the operand too, so the unused branch computes a harmless value:
        `tf.math.log(tf.where(x > 0, x, 1.))` (the "double where"), or `tf.math.divide_no_nan`.
        Evidence required: the condition compares with zero (the edge of the op's domain:
        `x > 0`, `d != 0`) and reads a name that the operand of such an op in one branch reads
        (`log`, `log1p`, `acos`, a division...: the ops `scripts/generate_where_nan_ops.py`
        finds by running each one; of `sqrt`, `rsqrt` or `reciprocal`, whose gradient there is
        finite, only where the value is multiplied or divided by something else), the operand is not itself guarded
        (a `where`, `maximum`, `clip_by_value`...), and the `where` is on a gradient path: in
        a `GradientTape` block, a function called there, a Keras layer's or model's `call`
        or `train_step`, a `Loss`, or a function taking `y_true, y_pred`.
    """
    requires_text = ("where",)

    def visit_Call(self, node: cst.Call) -> None:
        if _tf_name(self.model, node) not in _WHERE_FUNCTIONS:
            return
        cond = argument(node, 0, "condition")
        if cond is None:
            return
        if not _guards_zero(cond):
            return  # a guard of the domain's edge compares with zero (`x > 0`, `d != 0`)
        guarded = _names_in(cond) - {"tf", "tensorflow", "K", "keras"}
        if not guarded:
            return
        for index, keyword in ((1, "x"), (2, "y")):
            branch = argument(node, index, keyword)
            if branch is None:
                continue
            risky = self._risky_op(branch, guarded)
            if risky is None:
                continue
            if not self._on_gradient_path(node):
                return
            op, operand = risky
            self.report(
                risky[1],
                f"`tf.where` selects by `{code(cond)}`, but {op} "
                f"`{code(operand)}` is computed for every element: where it is out of its "
                "domain its gradient is `0 * inf` or `0 * NaN`, NaN; guard the operand too "
                "(`tf.where(cond, x, safe_value)` inside the op) or use `divide_no_nan`",
                because=[("the `where` whose condition guards it", node)],
            )
            return

    def _risky_op(
        self, branch: cst.BaseExpression, guarded: set[str]
    ) -> tuple[str, cst.BaseExpression] | None:
        """The first op in ``branch`` out of its domain where the condition is false: its
        name and its operand, which reads a name the condition reads."""
        stack: list[tuple[cst.CSTNode, bool]] = [(branch, False)]
        while stack:
            current, scaled = stack.pop()
            operand: cst.BaseExpression | None = None
            op = ""
            if isinstance(current, cst.BinaryOperation):
                if isinstance(current.operator, cst.Divide) and not isinstance(
                    current.right, (cst.Integer, cst.Float)
                ):
                    op, operand = "the division by", current.right
                scaled_here = isinstance(current.operator, (cst.Multiply, cst.Divide))
                stack.append((current.left, scaled_here))
                stack.append((current.right, scaled_here))
            elif isinstance(current, cst.Call):
                name = _tf_name(self.model, current)
                if name in _DOMAIN_GUARDS or name == "divide_no_nan":
                    continue
                first = argument(current, 0, "x")
                ops = _where_nan_ops()
                divides = name in ops["divisors"]
                if divides or name in ops["unbounded"] or (name in ops["nan_value"] and scaled):
                    if divides:
                        first = argument(current, 1, "y")
                    op, operand = f"`{name}` of", first
                stack.extend((child, False) for child in children(current))
            else:
                stack.extend((child, scaled) for child in children(current))
            if operand is not None and _names_in(operand) & guarded and not self._guarded(operand):
                return op, operand
        return None

    def _guarded(self, operand: cst.BaseExpression) -> bool:
        stack: list[cst.CSTNode] = [operand]
        while stack:
            current = stack.pop()
            if isinstance(current, cst.Call) and _tf_name(self.model, current) in _DOMAIN_GUARDS:
                return True
            stack.extend(children(current))
        return False

    def _on_gradient_path(self, node: cst.Call) -> bool:
        if id(node) in _calls_in_tapes(self.model):
            return True
        function = self.context.function
        while function is not None:
            cls = function.cls
            if cls is not None and (
                (cls.keras_kind in ("layer", "model") and function.name in _GRADIENT_PATH_METHODS)
                or (cls.keras_kind == "loss" and function.name in ("call", "__call__"))
            ):
                return True
            if {"y_true", "y_pred"} <= set(function.params):
                return True
            if function in _functions_called_in_tapes(self.model):
                return True
            function = function.outer
        return False


def _calls_in_tapes(model: ModuleModel) -> set[int]:
    """The ids of the calls written inside a ``GradientTape`` block."""

    def compute() -> set[int]:
        found: set[int] = set()
        for block in model.tapes.blocks:
            stack: list[cst.CSTNode] = [block.with_node]
            while stack:
                current = stack.pop()
                if isinstance(current, cst.Call):
                    found.add(id(current))
                stack.extend(children(current))
        return found

    return model.memo("calls-in-tapes", compute)


def _functions_called_in_tapes(model: ModuleModel) -> set[FunctionInfo]:
    """The module's functions that a ``GradientTape`` block calls, and what they call."""

    def compute() -> set[FunctionInfo]:
        found: set[FunctionInfo] = set()
        pending: list[FunctionInfo] = []
        for block in model.tapes.blocks:
            stack: list[cst.CSTNode] = [block.with_node]
            while stack:
                current = stack.pop()
                if isinstance(current, cst.Call):
                    callee = model.callee(current, block.scope)
                    if callee is not None and callee not in found:
                        found.add(callee)
                        pending.append(callee)
                stack.extend(children(current))
        while pending:
            function = pending.pop()
            for call in function.calls:
                callee = model.callee(call, function)
                if callee is not None and callee not in found:
                    found.add(callee)
                    pending.append(callee)
        return found

    return model.memo("functions-called-in-tapes", compute)


def _discarded_value(model: ModuleModel, function: FunctionInfo) -> cst.CSTNode | None:
    """The last statement of ``function``'s body when it computes a value and drops it (a
    call or an arithmetic expression standing alone), in a function with no ``return`` of a
    value and no ``yield``: it returns ``None``."""
    node = function.node
    if isinstance(node, cst.Lambda) or function.is_generator:
        return None
    body = node.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return None
    if any(r.value is not None for r in _own_returns(node)):
        return None
    last = body.body[-1]
    if not isinstance(last, cst.SimpleStatementLine) or len(last.body) != 1:
        return None
    statement = last.body[0]
    if not isinstance(statement, cst.Expr):
        return None
    value = statement.value
    if isinstance(value, cst.BinaryOperation):
        return statement
    if isinstance(value, cst.Call):
        # a value-making op of TF, Keras or NumPy (`tf.reduce_mean(...)`, a loss object's
        # function), not a call made for its effect (`print`, `tf.debugging.assert_*`)
        name = model.call_name(value) or ""
        if knowledge.returns(name) == "tensor" or name.startswith("numpy."):
            return statement
    return None


def _own_returns(node: cst.CSTNode) -> Iterator[cst.Return]:
    stack = list(children(node))
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Return):
            yield current
        if isinstance(current, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            continue
        stack.extend(children(current))


def _none_returning_call(
    model: ModuleModel, expr: cst.BaseExpression | None, scope: Scope
) -> tuple[FunctionInfo, cst.CSTNode, cst.Call] | None:
    """(the function, its dropped value, the call) when ``expr`` is, or a name bound once to,
    a call of the module's function that computes a value and returns ``None``."""
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr, scope).known_values
        if not values or len(values) != 1:
            return None
        expr = values[0]
    if not isinstance(expr, cst.Call):
        return None
    function = model.callee(expr, scope)
    if function is None or function.cls is not None:
        return None
    dropped = _discarded_value(model, function)
    return None if dropped is None else (function, dropped, expr)


class LossFunctionWithoutReturn(Rule):
    id = "TF900"
    call_names = GRADIENT_METHODS | {"compile"}
    name = "loss-function-without-return"
    category = "api-misuse"
    severity = "error"
    message = "a loss function computes its value but returns nothing: the loss is `None`"
    rationale = """
        A Python function without a `return` statement returns `None`, whatever its last line
        computes. A loss helper whose last line is `tf.reduce_mean(tf.square(y - p))` with no
        `return` gives `None`: `tape.gradient(loss, variables)` of it raises `TypeError:
        Argument `target` should be a list or nested structure of Tensors ... but received
        None`, and compiled as a Keras loss (`model.compile(loss=fn)`) `fit` raises
        `ValueError: None values not supported` (TF 2.21, Keras 3). Return the value.
        Evidence required: a function of the module with no `return` of a value and no
        `yield`, whose last statement is a TF, Keras, NumPy or arithmetic expression standing
        alone, is called to make the target of a `gradient` call (directly, or through a name
        bound once in the tape's function) or passed to `compile` as the loss.
    """
    requires_text = ("gradient", "compile")

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute):
            return
        scope = self.context.scope
        if func.attr.value == "compile":
            loss = argument(node, 1, "loss")
            elements = (
                [e.value for e in loss.elements]
                if isinstance(loss, (cst.List, cst.Tuple))
                else [loss]
            )
            for element in elements:
                function = self.model.function_referenced(element, scope) if element else None
                if function is None or function.cls is not None or element is None:
                    continue
                dropped = _discarded_value(self.model, function)
                if dropped is None or not _once(self, dropped):
                    continue
                self.report(
                    dropped,
                    f"`{function.name}` computes this value but has no `return`: it gives "
                    "`None`, and Keras cannot train with a `None` loss (`None values not "
                    "supported`); return the value",
                    because=[(f"`{function.name}` is the loss `compile` trains with", element)],
                )
            return
        gradient = self.model.tapes.for_call(node)
        if gradient is None:
            return
        found = _none_returning_call(self.model, gradient.target, gradient.tape.scope)
        if found is None:
            return
        function, dropped, call = found
        if not _once(self, dropped):
            return
        self.report(
            dropped,
            f"`{function.name}` computes this value but has no `return`: it gives `None`, and "
            f"`{gradient.tape.name}.gradient` of `None` raises `TypeError`; return the value",
            because=[
                (f"the target is what `{function.name}(...)` returns", call),
                _call_step(gradient),
            ],
        )


# A Keras layer's attributes that are its weights (`layer.kernel`), and those that list them,
# read by index (`layer.weights[0]`).
_WEIGHT_ATTRIBUTES = frozenset({"kernel", "recurrent_kernel", "embeddings"})
_WEIGHT_LISTS = frozenset({"weights", "trainable_weights", "variables", "trainable_variables"})
# ops that copy a value on purpose (a snapshot kept as such: an anchor, the initial weights)
_COPYING_OPS = frozenset({"identity", "convert_to_tensor", "stop_gradient", "constant", "copy"})


def _trainable_variable_value(model: ModuleModel, value: cst.BaseExpression | None) -> bool:
    """``tf.Variable(...)`` (not ``trainable=False``, not integers) or ``self.add_weight(...)``
    (not ``trainable=False``)."""
    if not isinstance(value, cst.Call):
        return False
    func = value.func
    if isinstance(func, cst.Attribute) and func.attr.value in ("add_weight", "add_variable"):
        flag = argument(value, 99, "trainable")
    elif model.call_name(value) in VARIABLE_CONSTRUCTORS:
        if integer_value(model, value):
            return False
        flag = argument(value, 1, "trainable")
    else:
        return False
    return flag is None or (isinstance(flag, cst.Name) and flag.value == "True")


def _variables_read(
    model: ModuleModel, cls: ClassInfo, method: FunctionInfo, value: cst.Call
) -> cst.CSTNode | None:
    """The first variable ``value``'s arguments read: ``self.w`` of a trainable variable the
    class makes, a Keras layer's weight attribute (``other.kernel``, ``other.weights[0]``), or
    a parameter of ``__init__`` every construction of the class in the module is given a
    trainable ``tf.Variable`` for."""
    stack: list[cst.CSTNode] = [a.value for a in value.args]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Attribute):
            owner = current.value
            attr = current.attr.value
            if isinstance(owner, cst.Name) and owner.value == "self":
                made = cls.self_assignments.get(attr, [])
                if made and all(_trainable_variable_value(model, v) for v in made):
                    return current
                continue
            if attr in _WEIGHT_ATTRIBUTES and chain_text(owner) is not None:
                return current
        if (
            isinstance(current, cst.Subscript)
            and isinstance(current.value, cst.Attribute)
            and current.value.attr.value in _WEIGHT_LISTS
            and chain_text(current.value.value) is not None
        ):
            return current
        if (
            isinstance(current, cst.Name)
            and method.name == "__init__"
            and current.value in method.params[1:]
            and _given_variables(model, cls, method, current.value)
        ):
            return current
        if isinstance(current, (cst.Lambda, cst.FunctionDef)):
            continue
        stack.extend(children(current))
    return None


def _given_variables(model: ModuleModel, cls: ClassInfo, init: FunctionInfo, param: str) -> bool:
    """Whether every construction of ``cls`` in the module passes ``param`` a name bound only
    to trainable ``tf.Variable``s (or one made in place), and there is one."""
    from tf2lint.analysis.scopes import passed_argument

    constructions = [
        call
        for call in model.nodes_of(cst.Call)
        if isinstance(call.func, cst.Name)
        and call.func.value == cls.name
        and model.constructed_class(call, model.scope_of(call.func)) is cls
    ]
    if not constructions:
        return False
    for call in constructions:
        passed = passed_argument(call, init.params[1:], param)
        if isinstance(passed, cst.Name):
            values = model.binding_of(passed, model.scope_of(passed)).known_values
            if not values or not all(_trainable_variable_value(model, v) for v in values):
                return False
        elif not _trainable_variable_value(model, passed):
            return False
    return True


def _read_elsewhere(cls: ClassInfo, attr: str, skip: tuple[str, ...]) -> cst.CSTNode | None:
    """A read of ``self.<attr>`` in a method of ``cls`` other than those named ``skip``."""
    for name, method in cls.methods.items():
        if name in skip:
            continue
        stack: list[cst.CSTNode] = [method.node]
        while stack:
            current = stack.pop()
            if (
                isinstance(current, cst.Attribute)
                and current.attr.value == attr
                and isinstance(current.value, cst.Name)
                and current.value.value == "self"
            ):
                return current
            stack.extend(children(current))
    return None


class TensorDerivedFromVariableAtConstruction(Rule):
    id = "TF608"
    name = "tensor-derived-from-variable-at-construction"
    category = "stale-capture"
    severity = "error"
    message = (
        "a tensor computed once from a trainable variable is stored on the object: it is a "
        "snapshot, with no gradient to the variable and blind to its updates"
    )
    rationale = """
        In eager TensorFlow an op runs when it is called. `self.scale = tf.exp(self.log_scale)`
        in `__init__` (or `self.w_t = ops.transpose(self.embedding.embeddings)` in a layer's
        `build()`) computes one tensor from the variable's value at that moment and stores it:
        a tape that records a later call of the object never sees the op, so the gradient with
        respect to the variable is `None` (TF 2.21: `tape.gradient(y, m.log_scale)` is `None`;
        a Keras layer built by an earlier call, or by its functional model's construction,
        trains nothing through the stored tensor, and a layer built under the first step's
        tape gets a gradient that first step only); and after the optimizer updates the
        variable the stored tensor keeps the old value. Compute the tensor where it is used
        (in `call` or `__call__`). Evidence required: in `__init__` or `build` of a class, an
        attribute of `self` assigned once, the result of a TF or Keras op (not a copy:
        `tf.identity`, `tf.convert_to_tensor`, `tf.stop_gradient` keep a snapshot on purpose)
        whose arguments read a trainable variable (the class's own `tf.Variable` or
        `add_weight`, a layer's weight attribute such as `.kernel`, `.embeddings` or
        `.weights[i]`, or an `__init__` parameter every construction in the module gives a
        trainable `tf.Variable`), read again by another method of the class, in a module
        that differentiates or trains (a `GradientTape`, `fit`), and never constructed while
        a tape records. A Keras layer combining its own weights so is TF923's finding, and
        one whose variable a gradient call asks for directly (`tape.gradient(y, phi)`) is
        TF910's (the target computed before the tape started).
    """
    requires_text = ("GradientTape", "fit", "train_on_batch")

    def visit_Module(self, node: cst.Module) -> None:
        for snap in _construction_snapshots(self.model):
            if _snapshot_asked(self.model, snap):
                continue  # a gradient asks for the variable itself: TF910 says so
            attr, variable = snap.attr, snap.variable
            where = "`__init__`" if snap.method.name == "__init__" else "`build()`"
            self.report(
                snap.value,
                f"`self.{attr}` is computed once, in {where}, from the variable "
                f"`{code(variable)}`: it is a snapshot, so no gradient reaches the variable "
                f"through it and it never sees the variable's updates; compute it where it is "
                "used",
                because=[
                    (f"`{code(variable)}` is a trainable variable", variable),
                    (f"`self.{attr}` is read here, after construction", snap.read),
                ],
            )


class _Snapshot(NamedTuple):
    cls: ClassInfo
    method: FunctionInfo
    attr: str
    value: cst.Call
    variable: cst.CSTNode
    read: cst.CSTNode


def _construction_snapshots(model: ModuleModel) -> list[_Snapshot]:
    """Each ``self.<attr> = <op>(<trainable variable>)`` in ``__init__`` or ``build`` of the
    module's classes, read by another method, of a class the module never constructs while a
    tape records (TF608's evidence)."""

    def find() -> list[_Snapshot]:
        found = []
        for cls in model.classes.values():
            for method_name in ("__init__", "build"):
                method = cls.methods.get(method_name)
                if method is None or isinstance(method.node, cst.Lambda):
                    continue
                for statement in body_statements(method.node):
                    snap = _snapshot(model, cls, method, statement)
                    if snap is not None and not _made_under_tape(model, cls):
                        found.append(snap)
        return found

    return model.memo("construction-snapshots", find)


def _snapshot(
    model: ModuleModel, cls: ClassInfo, method: FunctionInfo, statement: cst.CSTNode
) -> _Snapshot | None:
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    small = statement.body[0]
    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
        return None
    target = small.targets[0].target
    value = small.value
    if not (
        isinstance(target, cst.Attribute)
        and isinstance(target.value, cst.Name)
        and target.value.value == "self"
        and isinstance(value, cst.Call)
    ):
        return None
    attr = target.attr.value
    if len(cls.self_assignments.get(attr, [])) != 1:
        return None  # rebound elsewhere: TF907's question
    name = model.call_name(value) or ""
    if not name.startswith(("tensorflow.", "keras.", "tf_keras.")):
        return None
    if knowledge.returns(name) != "tensor" or name in VARIABLE_CONSTRUCTORS:
        return None
    if name.rsplit(".", 1)[-1] in _COPYING_OPS:
        return None
    variable = _variables_read(model, cls, method, value)
    if variable is None:
        return None
    if (
        cls.keras_kind in ("layer", "model")
        and isinstance(variable, cst.Attribute)
        and isinstance(variable.value, cst.Name)
        and variable.value.value == "self"
    ):
        return None  # a Keras layer combining its own weights: TF923's
    read = _read_elsewhere(cls, attr, ("__init__", "build"))
    if read is None:
        return None
    return _Snapshot(cls, method, attr, value, variable, read)


def _made_under_tape(model: ModuleModel, cls: ClassInfo) -> bool:
    """Whether the module constructs ``cls`` while a tape records (in a tape's block, or in a
    function such a block calls): each step's object is new, its ops recorded."""
    in_tapes = _calls_in_tapes(model)
    called = _functions_called_in_tapes(model)
    for call in model.nodes_of(cst.Call):
        if not (isinstance(call.func, cst.Name) and call.func.value == cls.name):
            continue
        if id(call) in in_tapes:
            return True
        scope = model.scope_of(call.func)
        if isinstance(scope, FunctionInfo) and scope in called:
            return True
    return False


def _snapshot_asked(
    model: ModuleModel, snap: _Snapshot, gradient: GradientCall | None = None
) -> tuple[GradientCall, Source] | None:
    """The gradient call (``gradient``, or any of the module's) and its source that is the
    variable ``snap`` was computed from: the name every construction passes to the
    ``__init__`` parameter it read (``MyModule(phi)``, ``tape.gradient(y, phi)``), or
    ``m.<attr>`` of an instance for ``self.<attr>``."""
    from tf2lint.analysis.scopes import passed_argument

    calls = [gradient] if gradient is not None else _all_gradient_calls(model)
    variable = snap.variable
    for call in calls:
        for source in call.sources or ():
            expr = source.expr
            if isinstance(variable, cst.Name) and isinstance(expr, cst.Name):
                constructions = [
                    c
                    for c in model.nodes_of(cst.Call)
                    if isinstance(c.func, cst.Name)
                    and c.func.value == snap.cls.name
                    and model.constructed_class(c, model.scope_of(c.func)) is snap.cls
                ]
                passed = [
                    passed_argument(c, snap.method.params[1:], variable.value)
                    for c in constructions
                ]
                if passed and all(
                    isinstance(p, cst.Name) and p.value == expr.value for p in passed
                ):
                    return call, source
            if (
                isinstance(variable, cst.Attribute)
                and isinstance(variable.value, cst.Name)
                and variable.value.value == "self"
                and isinstance(expr, cst.Attribute)
                and expr.attr.value == variable.attr.value
                and model.instance_of(expr.value, call.tape.scope) is snap.cls
            ):
                return call, source
    return None


def _all_gradient_calls(model: ModuleModel) -> list[GradientCall]:
    return [c for block in model.tapes.blocks for c in block.calls]


def _last_part(model: ModuleModel, call: cst.BaseExpression) -> str | None:
    """The last part of a TF, Keras or NumPy call's qualified name (``sqrt``)."""
    if not isinstance(call, cst.Call):
        return None
    name = model.call_name(call) or ""
    if not name.startswith(("tensorflow.", "keras.", "tf_keras.")):
        return None
    return name.rsplit(".", 1)[-1]


def _difference_squared(model: ModuleModel, expr: cst.BaseExpression) -> bool:
    """``square(a - b)``, ``(a - b) ** 2`` or ``(a - b) * (a - b)``."""
    if isinstance(expr, cst.Call) and _last_part(model, expr) == "square" and expr.args:
        return _is_difference(expr.args[0].value)
    if isinstance(expr, cst.BinaryOperation):
        if isinstance(expr.operator, cst.Power):
            return (
                isinstance(expr.right, cst.Integer)
                and expr.right.value == "2"
                and _is_difference(expr.left)
            )
        if isinstance(expr.operator, cst.Multiply):
            return _is_difference(expr.left) and code(expr.left) == code(expr.right)
    return False


def _is_difference(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Subtract)


def _on_training_path(model: ModuleModel, function: FunctionInfo) -> bool:
    """Whether something differentiates what ``function`` computes: a layer's or model's
    ``call`` (``train_step``, ``compute_loss``), code a tape's block runs, or a function
    handed to a ``Lambda`` layer or to ``compile`` (or returned by a factory handed there)."""
    if function.cls is not None and function.name in _GRADIENT_PATH_METHODS:
        return True
    if function in _functions_called_in_tapes(model):
        return True
    handed = model.memo("handed-to-training", lambda: _handed_to_training(model))
    if isinstance(function.node, cst.Lambda):
        return id(function.node) in handed[1]
    if function.name in handed[0]:
        return True
    outer = function.outer
    return (
        outer is not None
        and outer.name in handed[0]
        and any(
            isinstance(r, cst.Name) and r.value == function.name for r in model.return_values(outer)
        )
    )


def _handed_to_training(model: ModuleModel) -> tuple[set[str], set[int]]:
    """The names, and the ids of the lambdas, in the arguments of ``Lambda(...)`` and
    ``compile(...)`` calls."""
    names: set[str] = set()
    lambdas: set[int] = set()
    for call in model.nodes_of(cst.Call):
        func = call.func
        last = func.attr.value if isinstance(func, cst.Attribute) else None
        if isinstance(func, cst.Name):
            last = func.value
        if last not in ("Lambda", "compile"):
            continue
        stack: list[cst.CSTNode] = [a.value for a in call.args]
        while stack:
            current = stack.pop()
            if isinstance(current, cst.Name):
                names.add(current.value)
            elif isinstance(current, cst.Lambda):
                lambdas.add(id(current))
                continue
            stack.extend(children(current))
    return names, lambdas


class SqrtOfPossiblyZeroDistance(Rule):
    id = "TF908"
    name = "sqrt-of-possibly-zero-distance"
    category = "api-misuse"
    severity = "warning"
    message = (
        "a Euclidean distance takes `sqrt` of a sum of squared differences with no floor: "
        "its gradient is NaN where the two sides are equal"
    )
    rationale = """
        The derivative of `sqrt(s)` is `1 / (2 * sqrt(s))`, infinite at `s == 0`; the chain
        rule multiplies it by the zero derivative of the sum of squares there, and `0 * inf`
        is NaN. So `sqrt(reduce_sum(square(x - y)))` (`ops.sqrt(ops.sum(...))`, `(x - y) **
        2`, and `tf.norm(x - y)`, which computes the same) has a NaN gradient for every pair
        whose two sides are equal (TF 2.21: `[[nan, nan]]`): a siamese network fed an
        identical pair, a contrastive or triplet loss with a repeated example, turns its
        weights into NaN in one step. Floor the sum: `sqrt(maximum(s, epsilon))` (the Keras
        siamese example's form) or `sqrt(s + epsilon)`. Evidence required: a TF or Keras
        `sqrt` whose argument is directly a `reduce_sum`/`sum` of a squared difference, or a
        `norm` of a difference, in code that is differentiated: a layer's or model's `call`
        (`train_step`, `compute_loss`), code a `GradientTape` block runs, or a function (or a
        factory's inner function) handed to a `Lambda` layer or to `compile` (a metric's
        `update_state` is not).
    """
    requires_text = ("GradientTape", "compile", "fit", "train_on_batch")

    def visit_Call(self, node: cst.Call) -> None:
        function = self.context.function
        if function is None or not _on_training_path(self.model, function):
            return  # a metric, a plot, an evaluation: nothing differentiates it
        part = _last_part(self.model, node)
        if part == "sqrt" and node.args:
            inner = node.args[0].value
            if _last_part(self.model, inner) not in ("reduce_sum", "sum"):
                return
            if not inner.args or not _difference_squared(self.model, inner.args[0].value):
                return
            what = "`sqrt` of a sum of squared differences"
        elif part == "norm" and node.args and _is_difference(node.args[0].value):
            ordered = argument(node, 1, "ord")
            if ordered is not None and code(ordered) not in ("'euclidean'", '"euclidean"', "2"):
                return
            what = "`norm` of a difference"
        else:
            return
        self.report(
            node,
            f"{what}: where the two sides are equal (an identical pair) the distance is 0 and "
            "its gradient is NaN, which the optimizer writes into the weights; floor it "
            "(`sqrt(maximum(sum_of_squares, epsilon))`)",
        )


def _variable_read(model: ModuleModel, fn: FunctionInfo) -> cst.CSTNode | None:
    """The first trainable variable the forward code of ``fn`` (not its nested functions)
    reads: ``self.w`` of its class (``add_weight``, ``tf.Variable``), or a name bound only
    to a trainable ``tf.Variable``."""
    owner = fn.cls or (fn.outer.cls if fn.outer is not None else None)
    stack: list[cst.CSTNode] = list(children(fn.node.body))
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            continue
        if (
            owner is not None
            and isinstance(current, cst.Attribute)
            and isinstance(current.value, cst.Name)
            and current.value.value == "self"
        ):
            made = owner.self_assignments.get(current.attr.value, [])
            if made and all(_trainable_variable_value(model, v) for v in made):
                return current
        if isinstance(current, cst.Name):
            binding = model.binding_of(current, fn)
            values = binding.known_values
            if binding.scope is fn:
                pass  # a variable the function makes itself: TF407's
            elif values and all(_trainable_variable_value(model, v) for v in values):
                return current
        stack.extend(children(current))
    return None


class CustomGradientReadsVariable(Rule):
    id = "TF909"
    name = "custom-gradient-reads-variable"
    category = "api-misuse"
    severity = "error"
    message = (
        "a `tf.custom_gradient` function reads a trainable variable, but its gradient function "
        "takes no `variables`: the call raises `TypeError`"
    )
    rationale = """
        `tf.custom_gradient` records the trainable variables its function reads in the
        forward pass (a layer's `self.kernel`, a global `tf.Variable`) and then requires the
        gradient function to take them: `grad_fn(*dys, variables=None)`, returning
        `(input_grads, variable_grads)`. A gradient function with only `dy` makes every call
        raise `TypeError: @tf.custom_gradient grad_fn must accept keyword argument
        'variables', since function uses variables: [...]` (TF 2.21, with or without a tape
        recording). Take `variables=None` and return their gradients (or pass the variable
        in as an argument, or cast it to a tensor outside the function). Evidence required:
        the function is decorated with `@tf.custom_gradient`, its forward code reads a
        trainable variable (its class's `add_weight` or `tf.Variable`, or a name bound only
        to one), and every return hands back a nested def, taking neither `variables` nor
        `**kwargs`, as the gradient function. (A variable the function creates is TF407's.)
    """
    requires_text = ("custom_gradient",)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        model = self.model
        fn = model.function_of.get(node)
        if fn is None:
            return
        decorator = custom_gradient_decorator(model, fn)
        if decorator is None:
            return
        grad = gradient_function_of(model, fn)
        if grad is None or takes_variables(grad):
            return
        read = _variable_read(model, fn)
        if read is None:
            return
        self.report(
            grad.node,
            f"`{fn.name}` is a `tf.custom_gradient` function that reads the trainable variable "
            f"`{code(read)}`: its gradient function `{grad.name}` must take `variables=None` "
            "and return their gradients too, or every call raises `TypeError`",
            because=[
                ("`tf.custom_gradient` records the variables the function reads", decorator),
                (f"`{code(read)}` is read here", read),
            ],
        )
